// The leaderboard: rated players of a game at a player count, best first by the conservative rating
// (mu - 3 sigma, openskill's ordinal), beside the bot levels' fixed ratings.
import { api, draw, el, getLang, langSelect, loadText, t } from "./common.js";

const app = document.getElementById("app");
const params = new URLSearchParams(location.search);
const L = { lang: getLang(), catalog: [], game: params.get("game"), players: Number(params.get("players")) || 0,
  board: null, error: null };

async function main(lang) {
  L.lang = lang;
  await loadText(lang);
  L.catalog = await api("GET", `/web/api/catalog?lang=${lang}`);
  if (!L.catalog.some((g) => g.name === L.game)) L.game = L.catalog[0].name;
  await show();
}

function counts() {
  return L.catalog.find((g) => g.name === L.game).player_counts;
}

async function show() {
  if (!counts().includes(L.players)) L.players = counts()[0];
  history.replaceState(null, "", `/leaderboard?game=${L.game}&players=${L.players}`);
  try {
    L.board = await api("GET", `/api/ratings/${L.game}?players=${L.players}`);
    L.error = null;
  } catch (err) {
    L.error = err.message;
  }
  render();
}

function render() {
  const g = L.catalog.find((x) => x.name === L.game);
  const number = new Intl.NumberFormat(L.lang, { maximumFractionDigits: 1, minimumFractionDigits: 1 });
  const rows = L.board?.rows || [];
  draw(app,
    el("header", { class: "topbar" },
      el("a", { href: "/", class: "title" }, t("app_title")),
      el("span", {}, t("leaderboard")),
      el("span", { class: "spacer" }),
      langSelect(L.lang, (lang) => main(lang))),
    el("main", { class: "wrap" },
      el("section", { class: "panel", "data-testid": "leaderboard" },
        el("h2", {}, `${t("leaderboard")} · ${g.title}`),
        el("div", { class: "form-row" },
          el("label", { for: "lb-game" }, t("game")),
          el("select", { id: "lb-game", "data-testid": "lb-game", onchange: (e) => { L.game = e.target.value; show(); } },
            L.catalog.map((x) => el("option", { value: x.name, selected: x.name === L.game }, x.title))),
          el("label", { for: "lb-players" }, t("player_count")),
          el("select", { id: "lb-players", "data-testid": "lb-players",
            onchange: (e) => { L.players = Number(e.target.value); show(); } },
          counts().map((n) => el("option", { value: n, selected: n === L.players }, n)))),
        el("p", { class: "small muted" }, t("leaderboard_about")),
        L.error ? el("p", { class: "error" }, t("error", { detail: L.error })) : null,
        rows.length ? el("table", { class: "kv" },
          el("tr", {}, el("th", {}, t("rank")), el("th", {}, t("player")), el("th", {}, t("rating")),
            el("th", {}, t("rated_games"))),
          rows.map((r) => el("tr", { "data-testid": "lb-row" }, el("td", {}, r.rank), el("td", {}, r.name),
            el("td", { title: `μ ${number.format(r.mu)}, σ ${number.format(r.sigma)}` }, number.format(r.rating)),
            el("td", {}, r.games))))
          : el("p", { "data-testid": "lb-empty" }, t("leaderboard_empty")),
        L.board ? el("p", { class: "small muted", "data-testid": "lb-bots" }, `${t("bot_ratings")}: `,
          Object.entries(L.board.bots).map(([level, r]) => `${t(`level_${level}`)} ${number.format(r)}`).join(" · "))
          : null)));
}

main(L.lang).catch((err) => app.replaceChildren(el("p", { class: "error wrap" }, t("error", { detail: err.message }))));
