// My finished games: results, each with its replay (where the game review opens), filterable by game.
import { api, draw, el, getLang, langSelect, loadText, storedPlayer, t } from "./common.js";

const app = document.getElementById("app");
const params = new URLSearchParams(location.search);
const H = { lang: getLang(), catalog: [], game: params.get("game") || "", games: null, error: null };

async function main(lang) {
  H.lang = lang;
  await loadText(lang);
  H.catalog = await api("GET", `/web/api/catalog?lang=${lang}`);
  await show();
}

async function show() {
  history.replaceState(null, "", H.game ? `/history?game=${H.game}` : "/history");
  const me = storedPlayer();
  H.games = null;
  H.error = null;
  if (me) {
    try {
      const query = new URLSearchParams({ lang: H.lang, ...(H.game ? { game: H.game } : {}) });
      H.games = (await api("GET", `/api/players/me/history?${query}`, undefined, me.token)).games;
    } catch (err) {
      H.error = err.message;
    }
  }
  render();
}

function row(g) {
  const title = H.catalog.find((x) => x.name === g.game)?.title ?? g.game;
  const when = new Intl.DateTimeFormat(H.lang, { dateStyle: "medium", timeStyle: "short" }).format(g.ended_at * 1000);
  const order = g.scores.map((_, s) => s).sort((a, b) => g.ranking[a] - g.ranking[b] || a - b);
  const won = g.mine.some((s) => g.ranking[s] === 1);
  return el("tr", { "data-testid": "history-row", "data-game": g.game },
    el("td", {}, when), el("td", {}, title),
    el("td", {}, order.flatMap((s, i) => [i ? ", " : null,
      el(g.mine.includes(s) ? "b" : "span", {}, `${g.ranking[s]}. ${g.names[s]} ${g.scores[s]}`)])),
    el("td", { class: won ? "won" : null }, won ? t("history_won") : t("history_place", { n: Math.min(...g.mine.map((s) => g.ranking[s])) })),
    el("td", {}, el("a", { href: `/replay/${g.game_id}`, "data-testid": "history-replay" }, t("replay_link"))));
}

function render() {
  const me = storedPlayer();
  draw(app,
    el("header", { class: "topbar" },
      el("a", { href: "/", class: "title" }, t("app_title")),
      el("span", {}, t("history")),
      el("span", { class: "spacer" }),
      el("a", { href: "/leaderboard" }, t("leaderboard")),
      langSelect(H.lang, (lang) => main(lang))),
    el("main", { class: "wrap" },
      el("section", { class: "panel", "data-testid": "history" },
        el("h2", {}, t("history")),
        el("div", { class: "form-row" }, el("label", { for: "h-game" }, t("game")),
          el("select", { id: "h-game", "data-testid": "history-game", onchange: (e) => { H.game = e.target.value; show(); } },
            el("option", { value: "", selected: !H.game }, t("history_all")),
            H.catalog.map((x) => el("option", { value: x.name, selected: x.name === H.game }, x.title)))),
        !me ? el("p", {}, t("history_no_player")) : null,
        H.error ? el("p", { class: "error" }, t("error", { detail: H.error })) : null,
        H.games && H.games.length ? el("div", { class: "scroll-x" }, el("table", { class: "kv" },
          el("tr", {}, el("th", {}, t("history_when")), el("th", {}, t("game")), el("th", {}, t("history_results")),
            el("th", {}, t("history_mine")), el("th", {}, "")),
          H.games.map(row)))
          : me && H.games ? el("p", { "data-testid": "history-empty" }, t("history_empty")) : null)));
}

main(H.lang).catch((err) => app.replaceChildren(el("p", { class: "error wrap" }, t("error", { detail: err.message }))));
