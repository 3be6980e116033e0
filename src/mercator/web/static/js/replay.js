// The replay viewer: step through a finished game's record, with the public board and the log.
import { api, el, getLang, langSelect, loadText, seatStyle, t } from "./common.js";
import { boardFor } from "./boards/index.js";
import generic from "./boards/generic.js";

const app = document.getElementById("app");
const gameId = decodeURIComponent(location.pathname.split("/")[2] || "");
const R = { lang: getLang(), info: null, step: 0, view: null, actionText: null, board: generic, content: {}, timer: null,
  review: null, reviewing: false, reviewError: null };

async function main() {
  const summary = await api("GET", `/api/games/${gameId}`);
  await loadText(R.lang, summary.game);
  R.content = await api("GET", `/web/api/content/${summary.game}`);
  R.board = await boardFor(summary.game);
  R.info = await api("GET", `/web/api/games/${gameId}/replay?lang=${R.lang}`);
  const start = Number(new URLSearchParams(location.search).get("step") ?? R.info.steps);
  await go(start);
}

async function go(step) {
  R.step = Math.max(0, Math.min(step, R.info.steps));
  const out = await api("GET", `/web/api/games/${gameId}/replay?step=${R.step}&lang=${R.lang}`);
  R.view = out.view;
  R.actionText = out.action_text;
  render();
}

/** Step forward on a timer until the end (or until paused). */
function togglePlay() {
  if (R.timer) {
    clearInterval(R.timer);
    R.timer = null;
  } else {
    if (R.step >= R.info.steps) R.step = 0;
    R.timer = setInterval(() => {
      if (R.step >= R.info.steps) togglePlay();
      else go(R.step + 1);
    }, 700);
  }
  render();
}

/** Ask the server to review the game (once; it may take a while) and show the costliest decisions. */
async function startReview() {
  R.reviewing = true;
  R.reviewError = null;
  render();
  try {
    R.review = await api("GET", `/web/api/games/${gameId}/review?lang=${R.lang}`);
  } catch (err) {
    R.reviewError = err.message;
  }
  R.reviewing = false;
  render();
}

/** The review panel: a button, then the costliest decisions, each opening the board before it. */
function reviewPanel(names) {
  const head = el("h2", {}, t("review_title"));
  if (!R.review) {
    return el("section", { class: "panel", "data-testid": "review" }, head,
      el("p", { class: "small muted" }, t("review_about")),
      R.reviewError ? el("p", { class: "error" }, t("error", { detail: R.reviewError })) : null,
      el("button", { "data-testid": "review-start", disabled: R.reviewing, onclick: startReview },
        R.reviewing ? t("review_running") : t("review_start")));
  }
  const byN = new Map(R.review.decisions.map((d) => [d.n, d]));
  const points = new Intl.NumberFormat(R.lang, { maximumFractionDigits: 1 });
  const items = R.review.costliest.map((n) => byN.get(n)).map((d) => el("li", {},
    el("button", { class: "link" + (R.step === d.n ? " current" : ""), "data-testid": "review-item",
      onclick: () => go(d.n) }, t("review_step", { n: d.n + 1, name: names[d.seat] })),
    el("div", { class: "small" }, t("review_chose", { action: d.chosen_text })),
    el("div", { class: "small" }, t("review_better", { action: d.best_text, gain: points.format(d.gain) }),
      d.rough ? ` (${t("review_rough")})` : "")));
  return el("section", { class: "panel", "data-testid": "review" }, head,
    el("p", { class: "small muted" }, t("review_summary", { n: R.review.decisions.length })),
    items.length ? el("ol", { class: "review-list" }, items) : el("p", {}, t("review_none")));
}

async function changeLang(lang) {
  R.lang = lang;
  await loadText(lang, R.info.game);
  R.info = await api("GET", `/web/api/games/${gameId}/replay?lang=${lang}`);
  if (R.review) R.review = await api("GET", `/web/api/games/${gameId}/review?lang=${lang}`);  // kept: quick
  await go(R.step);
}

function render() {
  const names = R.info.names;
  const ctx = { view: R.view, seat: null, legal: [], names, content: R.content, focus: null, bind: (node) => node };
  const lines = R.info.lines.filter((l) => l.n <= R.step);
  const controls = el("div", { class: "form-row", "data-testid": "replay-controls" },
    el("button", { onclick: () => go(0) }, "◀◀ ", t("first")),
    el("button", { "data-testid": "replay-prev", onclick: () => go(R.step - 1) }, "◀ ", t("prev")),
    el("input", { type: "range", min: 0, max: R.info.steps, value: R.step, "aria-label": t("step", { n: R.step, total: R.info.steps }),
      onchange: (e) => go(Number(e.target.value)) }),
    el("button", { "data-testid": "replay-next", onclick: () => go(R.step + 1) }, t("next"), " ▶"),
    el("button", { onclick: () => go(R.info.steps) }, t("last"), " ▶▶"),
    el("button", { "data-testid": "replay-play", onclick: togglePlay }, R.timer ? t("pause") : t("play")),
    el("span", { "data-testid": "replay-step" }, t("step", { n: R.step, total: R.info.steps })));
  const last = R.step ? R.info.actions[R.step - 1] : null;
  app.replaceChildren(
    el("header", { class: "topbar" },
      el("a", { href: "/", class: "title" }, t("app_title")),
      el("span", {}, `${t("replay_title")} · `, R.board.header ? R.board.header(ctx) : ""),
      el("span", { class: "spacer" }),
      el("a", { href: `/play/${gameId}` }, t("to_board")),
      langSelect(R.lang, changeLang)),
    el("main", { class: "wrap", style: seatStyle(R.board, ctx) }, controls,
      last ? el("p", { "data-testid": "replay-action" }, `${names[last.seat]}: ${R.actionText ?? ""}`) : null,
      el("div", { class: "layout" },
        el("div", { class: "board", "data-testid": "board" }, R.board.render(ctx)),
        el("aside", { class: "side" },
          R.step === R.info.steps ? el("section", { class: "panel scores", "data-testid": "final-scores" },
            el("h2", {}, t("final_scores")), el("table", {}, R.info.scores.map((_, s) => s)
              .sort((a, b) => R.info.ranking[a] - R.info.ranking[b])
              .map((s) => el("tr", {}, el("td", {}, R.info.ranking[s]), el("td", {}, names[s]),
                el("td", {}, R.info.scores[s]))))) : null,
          reviewPanel(names),
          el("section", { class: "panel" }, el("h2", {}, t("log")),
            el("div", { class: "log", "data-testid": "log" }, el("ol", {},
              lines.map((l) => el("li", { value: l.n, class: l.type === "round" || l.type === "phase" ? "phase" : null },
                l.text)))))))));
  const log = app.querySelector(".log");
  log.scrollTop = log.scrollHeight;
}

document.addEventListener("keydown", (e) => {
  if (!R.info) return;
  if (e.key === "ArrowRight") go(R.step + 1);
  if (e.key === "ArrowLeft") go(R.step - 1);
});

main().catch((err) => app.replaceChildren(el("p", { class: "error wrap" }, t("error", { detail: err.message }))));
