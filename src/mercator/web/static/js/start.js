// The start page: pick a game, its options and seats, create it, share invitations; my games.
import { api, el, getLang, inviteUrl, langSelect, loadText, player, storedInvites, storedPlayer, t } from "./common.js";
import { notifyTurn, setTurnIcon, turnControls } from "./turn.js";

const LEVELS = ["human", "easy", "normal", "hard"];
const app = document.getElementById("app");
let catalog = [];
const form = { game: null, options: {}, players: 2, seats: [], name: "", hotseat: false, names: [], clock: "none",
  rated: true, spectators: true };
let created = null;
// The player's own controls: renaming, and the sign-in link for another device (shown once asked for).
const ident = { editing: false, link: null, error: null };

async function main(lang) {
  await loadText(lang);
  catalog = await api("GET", `/web/api/catalog?lang=${lang}`);
  await refreshMe();
  if (!form.game) choose(catalog[0].name);
  render();
  loadMyGames();
}

function info() {
  return catalog.find((g) => g.name === form.game);
}

function counts() {
  const g = info();
  let allowed = g.player_counts;
  for (const rule of g.counts_by_option) {
    if ((form.options[rule.option] ?? g.options[rule.option][0]) === rule.value) {
      allowed = allowed.filter((n) => rule.counts.includes(n));
    }
  }
  return allowed;
}

function choose(name) {
  form.game = name;
  const g = info();
  form.options = Object.fromEntries(Object.entries(g.options).map(([k, v]) => [k, v[0]]));
  setPlayers(Math.max(counts()[0], Math.min(form.players, counts().at(-1))));
}

function setPlayers(n) {
  form.players = n;
  form.seats = Array.from({ length: n }, (_, i) => form.seats[i] || (i === 0 ? "human" : "easy"));
  form.seats[0] = "human";
}

function render() {
  const lang = getLang();
  const me = storedPlayer();
  app.replaceChildren(
    el("header", { class: "topbar" },
      el("span", { class: "title" }, t("app_title")),
      el("span", { class: "muted" }, t("tagline")),
      el("span", { class: "spacer" }),
      me ? el("a", { href: "/history", "data-testid": "history-link" }, t("history")) : null,
      el("a", { href: "/leaderboard", "data-testid": "leaderboard-link" }, t("leaderboard")),
      me ? turnControls(() => { render(); loadMyGames(); }) : null,
      el("label", {}, t("language"), " ", langSelect(lang, (l) => main(l)))),
    el("main", { class: "wrap" },
      el("div", { class: "row" },
        el("section", { class: "panel", "data-testid": "new-game" }, el("h2", {}, t("new_game")), gameCards(),
          optionsForm(), seatsForm(),
          el("div", { class: "form-row" },
            el("label", { for: "name" }, t("your_name")),
            el("input", { id: "name", "data-testid": "name", value: form.name || me?.name || localStorage.getItem("mercator.name") || "",
              oninput: (e) => { form.name = e.target.value; localStorage.setItem("mercator.name", form.name); } }),
            el("button", { class: "primary", "data-testid": "create", onclick: create }, t("create"))),
          created ? invitations() : null),
        el("section", { class: "panel" },
          me ? identity(me) : null,
          el("h2", {}, t("my_games"), " ", el("button", { class: "small", onclick: loadMyGames }, t("refresh"))),
          el("div", { id: "mygames", "data-testid": "my-games" }, el("p", { class: "muted" }, t("no_games"))),
          el("h2", {}, t("open_games")),
          el("div", { id: "opengames", "data-testid": "open-games" }, el("p", { class: "muted" }, t("no_open_games")))))));
}

function gameCards() {
  return el("div", { class: "games" }, catalog.map((g) => el("label", {
    class: "game-card" + (g.name === form.game ? " selected" : ""), "data-testid": `game-${g.name}` },
    el("input", { type: "radio", name: "game", value: g.name, checked: g.name === form.game,
      onchange: () => { choose(g.name); render(); loadMyGames(); } }),
    el("strong", {}, g.title), " ",
    el("span", { class: "badge" }, t("players_range", { min: g.player_counts[0], max: g.player_counts.at(-1) })),
    el("p", { class: "small" }, g.summary),
    el("a", { href: `/howto/${g.name}/${getLang()}`, target: "_blank", class: "small" }, t("howto_link")), " · ",
    el("a", { href: `/rules/${g.name}/${getLang()}`, target: "_blank", class: "small" }, t("rules_link")))));
}

function optionsForm() {
  const g = info();
  const rows = Object.entries(g.options).map(([name, values]) => el("div", { class: "form-row" },
    el("label", {}, known(`opt_${name}`, name.replaceAll("_", " "))),
    el("select", { "data-testid": `option-${name}`, onchange: (e) => {
      form.options[name] = values[Number(e.target.value)];
      setPlayers(Math.max(counts()[0], Math.min(form.players, counts().at(-1))));
      render(); loadMyGames();
    } }, values.map((v, i) => el("option", { value: i, selected: v === form.options[name] },
      typeof v === "boolean" ? t(v ? "yes" : "no") : known(`optval_${v}`, String(v)))))));
  return el("div", {}, el("h3", {}, t("options")), rows.length ? rows : el("p", { class: "muted" }, "-"), clockForm());
}

// Clock presets: a time bank per seat and what each move adds back (seconds); none by default.
const CLOCKS = { none: null, rt5: [300, 5], rt10: [600, 20], tb: [2 * 86400, 86400] };

function clockForm() {
  return el("div", {}, el("div", { class: "form-row" }, el("label", { for: "clock" }, t("clock")),
    el("select", { id: "clock", "data-testid": "clock", onchange: (e) => { form.clock = e.target.value; } },
      Object.keys(CLOCKS).map((k) => el("option", { value: k, selected: k === (form.clock || "none") },
        t(`clock_${k}`))))),
  el("div", { class: "form-row" }, el("label", { title: t("private_hint") },
    el("input", { type: "checkbox", "data-testid": "private", checked: form.private,
      onchange: (e) => { form.private = e.target.checked; } }), " ", t("private_table"))),
  el("div", { class: "form-row" }, el("label", {},
    el("input", { type: "checkbox", "data-testid": "spectators", checked: form.spectators,
      onchange: (e) => { form.spectators = e.target.checked; } }), " ", t("spectators_table"))),
  el("div", { class: "form-row" }, el("label", { title: t("rated_hint") },
    el("input", { type: "checkbox", "data-testid": "rated", checked: form.rated,
      onchange: (e) => { form.rated = e.target.checked; } }), " ", t("rated_table"))));
}

/** The interface text for ``key`` where the catalog has one (options are the games' own words). */
function known(key, fallback) {
  const text = t(key);
  return text === key ? fallback : text;
}

function seatsForm() {
  return el("div", {},
    el("h3", {}, t("seats")),
    el("div", { class: "form-row" }, el("label", {}, t("player_count")),
      el("select", { "data-testid": "players", onchange: (e) => { setPlayers(Number(e.target.value)); render(); loadMyGames(); } },
        counts().map((n) => el("option", { value: n, selected: n === form.players }, n)))),
    form.seats.map((kind, i) => el("div", { class: "seat-row" },
      el("span", {}, t("seat_n", { n: i + 1 }) + (i === 0 ? ` (${t("you_seat")})` : "")),
      el("select", { "data-testid": `seat-${i}`, disabled: i === 0,
        onchange: (e) => { form.seats[i] = e.target.value; render(); loadMyGames(); } },
        LEVELS.map((l) => el("option", { value: l, selected: l === kind }, t(`kind_${l}`)))),
      form.hotseat && i > 0 && kind === "human"
        ? el("input", { "data-testid": `seat-name-${i}`, placeholder: t("seat_name", { n: i + 1 }),
          "aria-label": t("seat_name", { n: i + 1 }), value: form.names[i] || "",
          oninput: (e) => { form.names[i] = e.target.value; } })
        : null)),
    // Several humans on one device: every human seat is joined from here and the board hides
    // each player's secrets behind a pass-the-device screen (game.js).
    form.seats.filter((k) => k === "human").length > 1
      ? el("label", { class: "check-row" },
        el("input", { type: "checkbox", "data-testid": "hotseat", checked: form.hotseat,
          onchange: (e) => { form.hotseat = e.target.checked; render(); loadMyGames(); } }), t("hotseat"))
      : null);
}

async function create(event) {
  const button = event.target;
  button.disabled = true;
  try {
    const me = await player(form.name || t("player"));
    const body = { game: form.game, options: form.options, join: 0, name: form.name || me.name,
      player_token: me.token, seats: form.seats.map((k) => (k === "human" ? { kind: "human" } : { kind: "bot", level: k })) };
    const clock = CLOCKS[form.clock || "none"];
    if (clock) body.clock = { bank_seconds: clock[0], increment_seconds: clock[1] };
    if (form.private) body.private = true;
    if (!form.rated) body.rated = false;
    if (!form.spectators) body.spectators = false;
    const out = await api("POST", "/api/games", body);
    // The host token lets this browser hand an abandoned seat to a bot later (from the board page).
    localStorage.setItem(`mercator.host.${out.game.id}`, out.host_token);
    if (out.invites) localStorage.setItem(`mercator.invites.${out.game.id}`, JSON.stringify(out.invites));
    const others = form.seats.map((k, i) => [k, i]).filter(([k, i]) => k === "human" && i > 0).map(([, i]) => i);
    const board = `/play/${out.game.id}?seat=0`;
    if (form.hotseat && others.length) {
      const tokens = { 0: me.token };
      for (const seat of others) {
        const name = (form.names[seat] || "").trim() || t("seat_n", { n: seat + 1 });
        tokens[seat] = (await api("POST", `/api/games/${out.game.id}/join`,
          { seat, name, invite: out.invites?.[seat] })).token;
      }
      localStorage.setItem(`mercator.hotseat.${out.game.id}`, JSON.stringify(tokens));
    }
    if (!others.length || form.hotseat) {
      location.href = board;
      return;
    }
    created = { id: out.game.id, board, seats: others };
    render();
    loadMyGames();
  } catch (err) {
    button.disabled = false;
    button.after(el("p", { class: "error" }, t("error", { detail: err.message })));
  }
}

function invitations() {
  return el("div", { class: "panel", "data-testid": "invitations" },
    el("h3", {}, t("invite_links")),
    el("ul", { class: "links" }, created.seats.map((seat) => {
      const url = inviteUrl(created.id, seat, storedInvites(created.id)[seat]);
      return el("li", {}, `${t("seat_n", { n: seat + 1 })}: `, el("code", { "data-testid": `invite-${seat}` }, url), " ",
        el("button", { class: "small", onclick: (e) => copy(url, e.target) }, t("copy")));
    })),
    el("a", { href: created.board, "data-testid": "open-board" }, el("button", { class: "primary" }, t("open_board"))));
}

async function copy(text, button) {
  try {
    await navigator.clipboard.writeText(text);
  } catch {
    const area = el("textarea", {}, text);
    document.body.append(area);
    area.select();
    document.execCommand("copy");
    area.remove();
  }
  button.textContent = t("copied");
}

async function loadOpenGames() {
  const box = document.getElementById("opengames");
  let games;
  try {
    games = (await api("GET", "/api/games?limit=20")).games;
  } catch {
    return;
  }
  const me = storedPlayer();
  const titles = Object.fromEntries(catalog.map((g) => [g.name, g.title]));
  games = games.filter((g) => g.seats.some((s) => s.kind === "human" && !s.taken));
  if (!box || !games.length) return;
  box.replaceChildren(el("ul", { class: "mygames" }, games.map((g) => {
    const free = g.seats.filter((s) => s.kind === "human" && !s.taken);
    const host = g.seats.find((s) => s.taken && s.kind === "human");
    return el("li", { "data-testid": "open-game" },
      el("span", {}, `${titles[g.game] || g.game} · ${host ? host.name : g.id.slice(0, 8)}`),
      el("span", { class: "badge" }, t("free_seats", { n: free.length })),
      me && g.seats.some((s) => s.taken && s.name === me.name) ? null
        : el("a", { href: `/play/${g.id}?join=${free[0].seat}` }, el("button", { class: "small" }, t("join"))));
  })));
}

/** The stored player's name as the server has it now (a rename on another device shows here too). */
async function refreshMe() {
  const me = storedPlayer();
  if (!me) return;
  try {
    const out = await api("GET", "/api/players/me", undefined, me.token);
    localStorage.setItem("mercator.player", JSON.stringify({ ...me, name: out.name }));
  } catch { /* offline or an unknown token: keep what the browser has */ }
}

/** Who this browser plays as, with a rename form and the personal sign-in link for another device. */
function identity(me) {
  const rename = async (event) => {
    event.preventDefault();
    const name = event.target.querySelector("input").value.trim();
    try {
      const out = await api("PATCH", "/api/players/me", { name }, me.token);
      localStorage.setItem("mercator.player", JSON.stringify({ ...me, name: out.name }));
      localStorage.setItem("mercator.name", out.name);
      ident.editing = false;
      ident.error = null;
    } catch (err) {
      ident.error = err.message;
    }
    render();
    loadMyGames();
  };
  const showLink = async () => {
    // The token rides in the fragment, which browsers never send: no server log can hold it.
    ident.link = `${location.origin}/signin#t=${encodeURIComponent(me.token)}`;
    try {
      await navigator.clipboard.writeText(ident.link);
      ident.copied = true;
    } catch { ident.copied = false; }
    render();
    loadMyGames();
  };
  return el("div", { class: "identity", "data-testid": "identity" },
    ident.editing
      ? el("form", { class: "form-row", onsubmit: rename },
        el("input", { "data-testid": "rename-input", value: me.name, maxlength: 64, required: true,
          "aria-label": t("your_name") }),
        el("button", { type: "submit", "data-testid": "rename-save" }, t("rename_save")))
      : el("p", {}, t("playing_as", { name: me.name }), " ",
        el("button", { class: "small", "data-testid": "rename", onclick: () => { ident.editing = true; render(); loadMyGames(); } },
          t("rename")), " ",
        el("button", { class: "small", "data-testid": "signin-link", onclick: showLink }, t("signin_link"))),
    ident.error ? el("p", { class: "error" }, t("error", { detail: ident.error })) : null,
    ident.link ? el("div", { class: "small" },
      el("p", {}, ident.copied ? t("signin_copied") : t("signin_copy_this")),
      el("input", { readonly: true, class: "wide", "data-testid": "signin-url", value: ident.link,
        onclick: (e) => e.target.select() }),
      el("p", { class: "muted" }, t("signin_secret"))) : null);
}

// The games where it was the player's turn at the last look (null before the first look).
let turns = null;

async function loadMyGames() {
  loadOpenGames();
  const me = storedPlayer();
  const box = document.getElementById("mygames");
  if (!me || !box) return;
  let games;
  try {
    games = (await api("GET", "/api/players/me/games", undefined, me.token)).games;
  } catch {
    return;
  }
  signalTurns(games);
  if (!games.length) return;
  const order = (g) => (g.my_turn ? 0 : g.status === "open" ? 1 : g.status === "active" ? 2 : 3);
  games.sort((a, b) => order(a) - order(b));
  const titles = Object.fromEntries(catalog.map((g) => [g.name, g.title]));
  box.replaceChildren(el("ul", { class: "mygames" }, games.map((g) => el("li", { "data-testid": "my-game" },
    el("a", { href: `/play/${g.game_id}?seat=${g.seat}` }, `${titles[g.game] || g.game} · ${g.game_id.slice(0, 8)}`),
    el("span", { class: "muted small" }, t("seat_n", { n: g.seat + 1 })),
    g.my_turn ? el("span", { class: "badge turn" }, t("your_turn")) : el("span", { class: "badge" }, t(`status_${g.status}`)),
    g.status === "over" ? el("a", { href: `/replay/${g.game_id}`, class: "small" }, t("replay")) : null))));
}

/** The tab's icon and title say whether it is the player's turn in any game; a game where it has
 * just become their turn notifies (when allowed), never the first look at page load. */
function signalTurns(games) {
  const now = new Set(games.filter((g) => g.my_turn).map((g) => g.game_id));
  const titles = Object.fromEntries(catalog.map((g) => [g.name, g.title]));
  setTurnIcon(now.size > 0);
  document.title = `${now.size ? `● (${now.size}) ` : ""}${t("app_title")}`;
  if (turns !== null) {
    for (const g of games) {
      if (now.has(g.game_id) && !turns.has(g.game_id)) notifyTurn(`${titles[g.game] || g.game} · ${g.game_id.slice(0, 8)}`);
    }
  }
  turns = now;
}

// "My games" stays current: a look every few seconds while the page is in front, every half
// minute behind other tabs (where the turn notifications matter most).
const REFRESH_MS = 5000;
const HIDDEN_EVERY = 6;
let ticks = 0;
setInterval(() => {
  ticks += 1;
  if (document.visibilityState === "visible" || ticks % HIDDEN_EVERY === 0) loadMyGames();
}, REFRESH_MS);

main(getLang());
