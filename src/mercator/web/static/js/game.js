// The game page: the seat's board, its legal actions, undo, hints, the log and the final scores,
// kept current over the server's WebSocket (no reloads).
import { actionBar } from "./actions.js";
import { api, ApiError, draw, el, getLang, inviteUrl, label, langSelect, levelSelect, loadText, on, pickedLevel, player,
  pretty, seatStyle, storedInvites, storedPlayer, t } from "./common.js";
import { installExplanations, refreshExplanation } from "./explain.js";
import { boardFor, layoutFor } from "./boards/index.js";
import { clockText, keepClocks } from "./clock.js";
import { followTalk, sendChat, talkAtEnd, talkPanel, timeoutPanel } from "./talk.js";
import { signalTurn, turnControls } from "./turn.js";
import generic from "./boards/generic.js";

const app = document.getElementById("app");
// The "since your turn" summary shows at most this many of the latest lines.
const SINCE_LINES = 12;
const gameId = decodeURIComponent(location.pathname.split("/")[2] || "");
const params = new URLSearchParams(location.search);

const S = {
  token: null, seat: null, doc: null, summary: null, board: generic, content: {}, lang: getLang(),
  log: { lines: [], actions: 0, digest: "" }, hint: null, focus: null, error: null, pending: false,
  socket: null, connected: true, logBusy: false, logDirty: false, logReset: false,
  // Hotseat: the seat tokens of every human seat played on this device, and the seat whose player
  // must confirm before the board shows anything (null: nobody is waiting).
  hotseat: JSON.parse(localStorage.getItem(`mercator.hotseat.${gameId}`) || "null"), cover: null,
  // What each seat's board showed after its latest action (see markChanges), and whether to take it anew.
  baselines: {}, rebase: false, logRev: 0,
  // Versions that came over the socket and are not yet on the board (measureUpdate); the frame asked for.
  arrived: new Set(), frame: null, ratings: null,
};

async function main() {
  installExplanations();
  S.summary = await api("GET", `/api/games/${gameId}`);
  await loadText(S.lang, S.summary.game);
  if (params.has("join")) await join(Number(params.get("join")));
  S.token = params.get("token") || seatLinkToken() || storedPlayer()?.token || null;
  if (params.has("seat")) S.seat = Number(params.get("seat"));
  if (S.hotseat) {
    S.seat = S.seat !== null && S.hotseat[S.seat] ? S.seat : Number(Object.keys(S.hotseat)[0]);
    S.token = S.hotseat[S.seat];
  }
  S.content = await api("GET", `/web/api/content/${S.summary.game}`);
  S.board = await boardFor(S.summary.game);
  S.layout = await layoutFor(S.summary.game);
  await loadDoc();
  // Whoever holds the device first confirms who they are, as at every later hand-over.
  if (S.hotseat && S.doc.status === "active") S.cover = nextLocalSeat(S.doc) ?? S.seat;
  render();
  connect();
  queueLog(true);
  loadRatings();
}

/** A seat link (/play/ID?seat=N#token=T) carries its token in the fragment, which browsers never send,
 * so no server or proxy log holds it; the page keeps it for this game (a reload still works) and
 * drops it from the address. */
function seatLinkToken() {
  const key = `mercator.seats.${gameId}`;
  const kept = JSON.parse(localStorage.getItem(key) || "{}");
  const fromLink = new URLSearchParams(location.hash.slice(1)).get("token");
  if (fromLink && params.has("seat")) {
    kept[params.get("seat")] = fromLink;
    localStorage.setItem(key, JSON.stringify(kept));
    history.replaceState(null, "", `${location.pathname}${location.search}`);
  }
  return params.has("seat") ? kept[params.get("seat")] || null : null;
}

/** The hotseat seat that should take the device now: one of ours to act while the shown one is not. */
function nextLocalSeat(doc) {
  if (!S.hotseat || doc.status !== "active" || doc.to_act.includes(S.seat)) return null;
  const local = doc.to_act.filter((s) => S.hotseat[s] && S.summary.seats[s]?.controller !== "bot");
  return local.length ? local[0] : null;
}

/** Show ``seat``'s board after its player confirmed: its token, its document, its log, its socket. */
async function takeOver(seat) {
  S.seat = seat;
  S.token = S.hotseat[seat];
  S.cover = null;
  S.hint = null;
  S.focus = null;
  params.set("seat", seat);
  history.replaceState(null, "", `${location.pathname}?${params}`);
  S.doc = null;
  await loadDoc();
  reconnect();
  render();
  queueLog(true);
}

/** The joining player's name, asked on the page (a form, not a browser prompt); "" keeps the default. */
function askName(seat) {
  return new Promise((resolve) => {
    const input = el("input", { "data-testid": "join-name", maxlength: 64, autocomplete: "nickname",
      "aria-label": t("your_name"), placeholder: t("your_name") });
    const form = el("form", { class: "panel wrap join", "data-testid": "join-form",
      onsubmit: (e) => { e.preventDefault(); resolve(input.value.trim()); } },
    el("h2", {}, t("join_seat", { n: seat + 1 })), el("label", {}, t("your_name"), " ", input), " ",
    el("button", { type: "submit", class: "primary", "data-testid": "join-confirm" }, t("join_seat", { n: seat + 1 })));
    app.replaceChildren(form);
    input.focus();
  });
}

async function join(seat) {
  try {
    if (!storedPlayer() && !localStorage.getItem("mercator.name")) {
      const name = await askName(seat);
      if (name) localStorage.setItem("mercator.name", name.slice(0, 64));
    }
    const me = await player();
    const link = await api("POST", `/api/games/${gameId}/join`,
      { seat, name: me.name, player_token: me.token, invite: params.get("invite") || undefined });
    S.seat = link.seat;
  } catch (err) {
    S.error = t("error", { detail: err.message });
  }
  params.delete("join");
  params.delete("invite");
  if (S.seat !== null) params.set("seat", S.seat);
  history.replaceState(null, "", `${location.pathname}?${params}`);
  S.summary = await api("GET", `/api/games/${gameId}`);
}

/** The query of the seat's requests: the seat, and the language the server words its actions in. */
function seatQuery() {
  const q = new URLSearchParams({ lang: S.lang });
  if (S.seat !== null) q.set("seat", S.seat);
  return q.toString();
}

async function loadDoc() {
  if (S.token) {
    try {
      const doc = await api("GET", `/api/games/${gameId}/seat?${seatQuery()}`, undefined, S.token);
      S.seat = doc.seat;
      S.doc = doc;
      S.docAt = performance.now();
      return;
    } catch (err) {
      if (!(err instanceof ApiError) || err.status !== 403) throw err;
    }
  }
  S.seat = null;
  S.doc = await api("GET", `/api/games/${gameId}/public?lang=${S.lang}`);
  S.docAt = performance.now();
}

/** A new live channel for the current seat and language; the old one closes without a "lost" notice. */
function reconnect() {
  const old = S.socket;
  S.socket = null;
  old?.close();
  connect();
}

function connect() {
  const proto = location.protocol === "https:" ? "wss" : "ws";
  const mine = S.seat !== null && S.token;
  const query = mine ? `?${seatQuery()}` : `?lang=${S.lang}`;
  const socket = new WebSocket(`${proto}://${location.host}/api/games/${gameId}/live${query}`);
  S.socket = socket;
  socket.onopen = () => {
    // The seat's token goes in the first message, never in the URL (URLs end up in logs).
    if (mine) socket.send(JSON.stringify({ token: S.token }));
    if (!S.connected) {
      S.connected = true;
      render();
    }
  };
  socket.onmessage = (message) => {
    const doc = JSON.parse(message.data);
    performance.mark(`mercator-doc-${doc.version}`);
    S.arrived.add(doc.version);
    accept(doc);
  };
  socket.onclose = () => {
    if (S.socket !== socket) return;
    S.connected = false;
    render();
    setTimeout(connect, 1500);
  };
}

/** The seats' ratings for this game and player count (shown beside the names in the Seats panel). */
async function loadRatings(again = true) {
  try {
    S.ratings = (await api("GET", `/api/games/${gameId}/ratings`)).seats;
  } catch { /* ratings are a nicety: keep what was shown */ }
  scheduleRender();
  // The server rates a finished game just after its last action: look once more a moment later.
  if (again && S.doc?.status === "over") setTimeout(() => loadRatings(false), 1500);
}

function lastTalk(doc) {
  return doc.talk?.length ? doc.talk[doc.talk.length - 1].id : 0;
}

/** Take a newer document (from the socket or an action's answer) and redraw. */
async function accept(doc) {
  if (doc.seat !== undefined && S.seat !== null && doc.seat !== S.seat) return;  // the seat before a hand-over
  if (S.doc && doc.version < S.doc.version) return;
  // At one version, a document that knows less of the table's talk is the older one.
  if (S.doc && doc.version === S.doc.version && lastTalk(doc) < lastTalk(S.doc)) return;
  const statusChanged = !S.doc || S.doc.status !== doc.status || S.doc.controller !== doc.controller;
  const moved = !S.doc || S.doc.version !== doc.version;
  S.doc = doc;
  S.docAt = performance.now();
  if (moved) {
    S.hint = null;
    S.focus = null;
  }
  if (statusChanged) {  // names and controllers only change around joins and hand-overs
    try {
      S.summary = await api("GET", `/api/games/${gameId}`);
    } catch { /* keep the last summary */ }
    loadRatings();  // a finished rated game has just moved them
  }
  const next = nextLocalSeat(doc);
  if (next !== null) S.cover = next;
  scheduleRender();
  queueLog(false);
}

/** Draw once for the next frame, however many documents arrive before it (bots' moves come in
 * bursts: the board shows the latest, not each one in turn). A hidden tab has no frames, and
 * still updates its title, so it draws at once. */
function scheduleRender() {
  if (document.hidden) {
    render();
    return;
  }
  if (S.frame) return;
  S.frame = requestAnimationFrame(() => {
    S.frame = null;
    render();
  });
}

// ---- log ---------------------------------------------------------------------------------------
// One log request at a time; updates that arrive meanwhile are folded into the next request.
async function queueLog(reset) {
  S.logReset = S.logReset || reset;
  S.logDirty = true;
  if (S.logBusy) return;
  S.logBusy = true;
  try {
    while (S.logDirty) {
      S.logDirty = false;
      const again = S.logReset;
      S.logReset = false;
      await loadLog(again).catch(() => {});
    }
  } finally {
    S.logBusy = false;
  }
}

async function loadLog(reset) {
  if (reset) S.log = { lines: [], actions: 0, digest: "" };
  const q = new URLSearchParams({ lang: S.lang, since: S.log.actions, after: S.log.digest });
  if (S.seat !== null) q.set("seat", S.seat);
  const out = await api("GET", `/web/api/games/${gameId}/log?${q}`, undefined, S.token || undefined);
  S.log.lines = out.reset ? out.lines : S.log.lines.concat(out.lines);
  S.logRev += 1;
  S.log.actions = out.actions;
  S.log.digest = out.digest;
  drawLog();
}

/** The log lines since the seat's own latest action (what the others did meanwhile). */
function sinceMyTurn() {
  if (S.seat === null) return [];
  const lines = S.log.lines;
  let start = lines.length;
  while (start > 0 && lines[start - 1].by !== S.seat) start--;
  return lines.slice(start).filter((line) => line.by !== null);
}

function drawLog() {
  const box = document.getElementById("log");
  if (!box) return;
  // The log is long; draw it only when its lines or whose turn it is changed.
  const drawn = `${S.seat}|${S.logRev}|${Boolean(S.doc?.my_turn)}`;
  if (box.dataset.drawn === drawn) return;
  box.dataset.drawn = drawn;
  const fresh = new Set(sinceMyTurn());
  const end = box.scrollHeight - box.scrollTop - box.clientHeight < 40;  // following the latest lines
  draw(box, el("ol", {}, S.log.lines.map((line) => el("li", {
    "data-testid": "log-line", value: line.n,
    class: [line.type === "round" || line.type === "phase" ? "phase" : "", fresh.has(line) ? "fresh" : ""]
      .join(" ").trim() || null }, line.text))));
  if (end) box.scrollTop = box.scrollHeight;
  drawSince([...fresh]);
}

/** "Since your turn": when it is the seat's turn again, what happened since its last action. */
function drawSince(fresh) {
  const box = document.getElementById("since");
  if (!box) return;
  const show = S.doc?.my_turn && fresh.length > 0;
  box.hidden = !show;
  if (!show) return;
  const shown = fresh.slice(-SINCE_LINES);
  const more = fresh.length - shown.length;
  draw(box, ...[el("h3", {}, t("since_your_turn")),
    more > 0 ? el("p", { class: "small muted" }, t("since_more", { n: more })) : null,
    el("ul", { class: "small" }, shown.map((line) => el("li", { "data-testid": "since-line" }, line.text)))]
    .filter(Boolean));
}

// ---- playing -------------------------------------------------------------------------------------
async function act(index) {
  if (S.pending) return;
  S.pending = true;
  S.error = null;
  try {
    const doc = await api("POST", `/api/games/${gameId}/actions?${seatQuery()}`, { version: S.doc.version, index },
      S.token);
    S.pending = false;  // before drawing: the board binds its elements only when no action is on its way
    S.rebase = true;
    await accept(doc);
  } catch (err) {
    S.pending = false;
    // 409: another seat moved first; the server's English detail is for programs, not players.
    S.error = err.status === 409 ? t("error_stale") : t("error", { detail: err.message });
    await loadDoc().catch(() => {});
    render();
  } finally {
    S.pending = false;
  }
}

async function undo() {
  try {
    await accept(await api("POST", `/api/games/${gameId}/undo?${seatQuery()}`, { version: S.doc.version }, S.token));
  } catch (err) {
    S.error = err.status === 409 ? t("error_stale") : t("error", { detail: err.message });  // as act's
    if (err.status === 409) await loadDoc().catch(() => {});
    render();
  }
}

async function hint(event) {
  event.target.disabled = true;
  event.target.textContent = t("hint_thinking");
  try {
    const out = await api("POST", `/web/api/games/${gameId}/hint?${seatQuery()}`, undefined, S.token);
    if (out.version === S.doc.version) {
      S.hint = out;
      S.focus = new Set([out.index]);
    }
  } catch (err) {
    S.error = t("error", { detail: err.message });
  }
  render();
}

/** The hint: the bot's choice, and its top moves with their estimated lead and share of the search. */
function hintText(doc) {
  const text = (index) => (doc.legal || []).find((it) => it.index === index)?.text ?? "";
  const lead = new Intl.NumberFormat(S.lang, { signDisplay: "exceptZero", maximumFractionDigits: 1 });
  const share = new Intl.NumberFormat(S.lang, { style: "percent" });
  const top = (S.hint.top || []).filter((m) => m.lead !== null);
  return el("div", { "data-testid": "hint-text" },
    el("p", { class: "hint-text" }, t("hint_is", { action: text(S.hint.index) })),
    top.length > 1 ? el("ol", { class: "small hint-top", "data-testid": "hint-top" }, top.map((m) => el("li", {},
      t("hint_line", { action: text(m.index), lead: lead.format(m.lead), share: share.format(m.share) })))) : null);
}

async function takeSeat(seat) {
  await join(seat);
  S.token = storedPlayer()?.token || S.token;
  await loadDoc();
  S.socket?.close();
  render();
}

// ---- drawing -------------------------------------------------------------------------------------
/** Players' names in the page's language, as the server words them. */
function names() {
  return S.doc.names || S.summary.seats.map((s) => s.name);
}

function context() {
  const legal = S.doc.legal || [];
  const ctx = {
    view: S.doc.view, seat: S.seat, legal, names: names(), content: S.content, focus: S.focus, layout: S.layout,
    choiceText: S.doc.my_choice_text,
    /** Make a board element choose the legal actions ``pred`` accepts (one: play it; several: list them). */
    bind(node, pred) {
      const matches = legal.filter((item) => pred(item.action));
      if (!matches.length || S.pending) return node;
      node.classList.add("legal");
      node.dataset.actions = matches.map((m) => m.index).join(",");
      node.setAttribute("data-testid", node.getAttribute("data-testid") || "board-action");
      if (S.focus && matches.some((m) => S.focus.has(m.index))) node.classList.add("hinted");
      const choose = (e) => {
        e.stopPropagation();
        if (matches.length === 1) act(matches[0].index);
        else {
          S.focus = new Set(matches.map((m) => m.index));
          render();
          document.getElementById("actionbar")?.scrollIntoView({ block: "nearest" });
        }
      };
      on(node, "click", choose);
      // Reachable from the keyboard too: Tab to the element, Enter or Space to choose it.
      node.setAttribute("tabindex", "0");
      node.setAttribute("role", "button");
      on(node, "keydown", (e) => {
        if (e.key === "Enter" || e.key === " ") {
          e.preventDefault();
          choose(e);
        }
      });
      return node;
    },
  };
  return ctx;
}

function statusLine(ctx) {
  const doc = S.doc;
  if (doc.status === "open") return el("span", { class: "status", "data-testid": "status" }, t("waiting_players"));
  if (doc.status === "over") return el("span", { class: "status", "data-testid": "status" }, t("game_over"));
  if (S.seat !== null && doc.my_turn) {
    return el("span", { class: "status mine", "data-testid": "status" }, t("your_turn"));
  }
  const who = (doc.to_act || []).map((s) => ctx.names[s]).join(", ");
  return el("span", { class: "status", "data-testid": "status" }, t("waiting_for", { names: who }));
}

function topbar(ctx) {
  const doc = S.doc;
  const mine = S.seat !== null && doc.my_turn && doc.status === "active" && doc.controller === "human";
  return el("header", { class: "topbar" },
    el("a", { href: "/", class: "title", title: t("back") }, t("app_title")),
    el("span", {}, S.board.header ? S.board.header(ctx) : ""),
    statusLine(ctx),
    el("span", { class: "spacer" }),
    S.connected ? null : el("span", { class: "error" }, t("connection_lost")),
    doc.can_undo ? el("button", { "data-testid": "undo", onclick: undo }, t("undo")) : null,
    mine ? el("button", { "data-testid": "hint", onclick: hint }, t("hint")) : null,
    el("span", { class: "tools" },
      el("a", { href: `/howto/${S.summary.game}/${S.lang}`, target: "_blank", "data-testid": "howto-link" },
        t("howto_link")),
      el("a", { href: `/rules/${S.summary.game}/${S.lang}`, target: "_blank" }, t("rules_link")),
      S.seat !== null ? turnControls(render) : null,
      langSelect(S.lang, changeLang)));
}

async function changeLang(lang) {
  S.lang = lang;
  await loadText(lang, S.summary.game);
  await loadDoc();  // the actions' words and the players' names come in the page's language
  S.baselines = {};  // every word changed, not the game
  reconnect();
  render();
  queueLog(true);
}

function openSeats(ctx) {
  const free = S.summary.seats.filter((s) => s.kind === "human" && !s.taken);
  if (!free.length || S.doc.status !== "open") return null;
  // A private table's links exist only in the browser that created it; others see that it waits.
  const codes = storedInvites(gameId);
  const shown = S.summary.private ? free.filter((s) => codes[s.seat]) : free;
  return el("section", { class: "panel", "data-testid": "invitations" }, el("h3", {}, t("invite_links")),
    S.summary.private ? el("p", { class: "small muted", "data-testid": "private-note" }, t("private_note")) : null,
    el("ul", { class: "links" }, shown.map((s) => {
      if (s.reserved) return el("li", { "data-testid": `kept-${s.seat}` }, t("seat_kept", { n: s.seat + 1, name: s.name }));
      const url = inviteUrl(gameId, s.seat, codes[s.seat]);
      return el("li", {}, `${t("seat_n", { n: s.seat + 1 })}: `, el("code", {}, url),
        S.seat === null && !S.summary.private ? el("button", { class: "small", onclick: () => takeSeat(s.seat) },
          t("join_seat", { n: s.seat + 1 })) : null);
    })));
}

function scores(ctx) {
  const doc = S.doc;
  if (doc.status !== "over" || !doc.scores) return null;
  const seats = doc.scores.map((_, s) => s).sort((a, b) => doc.ranking[a] - doc.ranking[b] || a - b);
  const tie = (s) => (S.board.tiebreak ? S.board.tiebreak(ctx, s) : []);
  const heads = tie(0).map(([label]) => el("th", {}, label));
  return el("section", { class: "panel scores", "data-testid": "final-scores" },
    el("h2", {}, t("final_scores")),
    el("table", {},
      el("tr", {}, el("th", {}, t("rank")), el("th", {}, t("player")), el("th", {}, t("score")),
        heads.length ? heads : null),
      seats.map((s) => el("tr", { class: doc.ranking[s] === 1 ? "winner" : null, "data-testid": "score-row",
        "data-seat": s, "data-score": doc.scores[s], "data-rank": doc.ranking[s] },
      el("td", {}, doc.ranking[s]), el("td", {}, ctx.names[s] + (s === S.seat ? ` (${t("you")})` : "")),
      el("td", { "data-testid": "score" }, doc.scores[s]), tie(s).map(([, value]) => el("td", {}, value))))),
    S.board.tiebreakNote ? el("p", { class: "small muted" }, t("tiebreak"), ": ", S.board.tiebreakNote(ctx)) : null,
    el("p", {}, el("a", { href: `/replay/${gameId}`, "data-testid": "replay-link" }, t("replay")), " ",
      rematchButton()));
}

/** After the game: ask for a rematch, or join (or watch) the one another player asked for. */
function rematchButton() {
  if (S.doc.rematch && S.seat === null) {
    return el("a", { href: `/play/${S.doc.rematch}`, "data-testid": "rematch-watch" }, t("rematch_watch"));
  }
  if (S.seat === null && !hostToken()) return null;
  return el("button", { class: "primary", "data-testid": "rematch", title: t("rematch_hint"), onclick: rematch },
    S.doc.rematch ? t("rematch_join") : t("rematch"));
}

async function rematch(event) {
  event.target.disabled = true;
  try {
    const me = storedPlayer();
    const out = await api("POST", `/api/games/${gameId}/rematch`, { player_token: me?.token, name: me?.name },
      S.seat !== null ? S.token : hostToken());
    const id = out.game.id;
    if (out.host_token) localStorage.setItem(`mercator.host.${id}`, out.host_token);
    const seat = out.seat?.seat ?? S.seat;
    if (S.hotseat && out.seat) {  // one device, every seat: take the others as at the first game
      const tokens = { [seat]: out.seat.token };
      for (const other of Object.keys(S.hotseat).map(Number).filter((n) => n !== seat)) {
        tokens[other] = (await api("POST", `/api/games/${id}/join`, { seat: other, name: S.summary.seats[other].name }))
          .token;
      }
      localStorage.setItem(`mercator.hotseat.${id}`, JSON.stringify(tokens));
    }
    location.href = seat === null ? `/play/${id}` : `/play/${id}?seat=${seat}${out.seat && !S.hotseat
      ? `#token=${out.seat.token}` : ""}`;
  } catch (err) {
    S.error = t("error", { detail: err.message });
    render();
  }
}

// ---- talk and clocks -------------------------------------------------------------------------------
function hostToken() {
  return localStorage.getItem(`mercator.host.${gameId}`);
}

async function say(text) {
  const out = await sendChat(gameId, seatQuery(), S.token, text);
  if (out.doc) {
    S.error = null;
    await accept(out.doc);
    return true;
  }
  S.error = out.error;
  render();
  return false;
}

async function switchChat(open) {
  try {
    await api("PUT", `/api/games/${gameId}/chat`, { open }, hostToken());
    await loadDoc();
  } catch (err) {
    S.error = t("error", { detail: err.message });
  }
  render();
}

/** The choice for a seat whose clock ran out: a bot of ``level`` plays it, or (null) the table waits. */
async function chooseForLate(seat, level) {
  const mine = S.seat !== null && S.doc.seats?.[S.seat]?.controller === "human";
  try {
    await api("POST", `/api/games/${gameId}/seats/${seat}/timeout`, { level }, mine ? S.token : hostToken());
    await loadDoc();
  } catch (err) {
    S.error = t("error", { detail: err.message });
  }
  render();
}

async function setController(seat, toBot, level = "easy") {
  const host = hostToken();
  try {
    // A player's own seat is handed over and taken back with its own token; another with the host's.
    S.summary = await api(toBot ? "PUT" : "DELETE", `/api/games/${gameId}/seats/${seat}/bot`,
      toBot ? { level } : undefined, seat === S.seat ? S.token : host || S.token);
    await loadDoc();
  } catch (err) {
    S.error = t("error", { detail: err.message });
  }
  render();
}

/** Who sits where; the host may let a bot play an abandoned seat, and anyone take their own seat back. */
/** Every seat's remaining time in a clocked game (the seat's and the public document both carry it). */
function seatClocks() {
  return S.doc ? S.doc.clocks || S.doc.seats?.map((s) => s.clock_ms) : null;
}

function seatsPanel(ctx) {
  const host = hostToken();
  const active = S.doc.status === "active";
  return el("section", { class: "panel small", "data-testid": "seats" }, el("h3", {}, t("seats_panel")),
    el("ul", { class: "mygames" }, (S.doc.seats || S.summary.seats).map((s) => {
      const mine = s.seat === S.seat;
      const byBot = s.controller === "bot";
      let button = null;
      if (active && s.kind === "human" && byBot && (host || mine)) {
        button = el("button", { class: "small", "data-testid": `take-back-${s.seat}`,
          onclick: () => setController(s.seat, false) }, t("take_back"));
      } else if (active && s.kind === "human" && !byBot && host && !mine) {
        button = el("button", { class: "small", "data-testid": `hand-to-bot-${s.seat}`,
          onclick: () => setController(s.seat, true) }, t("hand_to_bot"));
      } else if (active && mine && !byBot) {  // a player steps away: a bot of their choice plays until they return
        button = el("span", {}, levelSelect("own-bot-level"), " ", el("button", { class: "small", "data-testid": "own-to-bot",
          onclick: () => setController(s.seat, true, pickedLevel("own-bot-level")) }, t("hand_to_bot")));
      }
      const clock = seatClocks()?.[s.seat];
      const rating = S.ratings?.[s.seat];
      return el("li", {}, el("span", { class: `pc${s.seat % 6}` }, ctx.names[s.seat] + (mine ? ` (${t("you")})` : "")),
        rating ? el("span", { class: "muted rating", "data-testid": `rating-${s.seat}`,
          title: rating.fixed ? t("rating_fixed") : t("rating_games", { n: rating.games }) },
        new Intl.NumberFormat(S.lang, { minimumFractionDigits: 1, maximumFractionDigits: 1 }).format(rating.rating))
          : null,
        clock !== null && clock !== undefined ? el("span", { class: "clock", "data-clock": s.seat,
          "data-testid": `clock-${s.seat}`, title: t("clock_title") }, clockText(clock)) : null,
        byBot && s.kind === "human" ? el("span", { class: "muted" }, t("controller_bot", { level: label("level", s.bot_level) })) : null,
        s.bot_waiting ? el("span", { class: "muted", "data-testid": "bot-waiting" }, t("bot_waiting")) : null,
        button);
    })));
}

function side(ctx) {
  const doc = S.doc;
  const mine = S.seat !== null && doc.my_turn && doc.status === "active" && doc.controller === "human";
  const decision = doc.view.decision && S.board.decision ? S.board.decision(ctx) : null;
  return el("aside", { class: "side" },
    S.error ? el("p", { class: "error", "data-testid": "error", title: t("error_dismiss"),
      onclick: () => { S.error = null; render(); } }, S.error) : null,
    timeoutPanel({ doc, names: ctx.names, seat: S.seat, host: Boolean(hostToken()), choose: chooseForLate }),
    S.seat === null ? el("p", { class: "muted" }, t("spectator")) : null,
    openSeats(ctx),
    scores(ctx),
    decision ? el("section", { class: "panel decision", "data-testid": "decision" },
      el("h3", {}, t("open_decision")), decision) : null,
    el("section", { class: "panel since", id: "since", "data-testid": "since", hidden: true, "data-own": true }),
    mine ? el("section", { class: "panel actionbar" + (S.focus && !S.hint ? " focused" : ""), id: "actionbar",
      "data-testid": "actionbar" },
    el("h2", {}, t("actions")),
    S.hint ? hintText(doc) : null,
    actionBar(doc.legal, S.board, ctx, act, S.focus)) : null,
    // A drawer: open beside a wide board, closed under a phone's board until the player opens it
    // (the page keeps what the player chose: the morph leaves the drawer alone).
    el("details", { class: "panel logbox", "data-own": true, "data-testid": "log-drawer",
      open: matchMedia("(min-width: 901px)").matches },
    el("summary", {}, el("h2", {}, t("log"))),
    el("div", { class: "log", id: "log", "data-testid": "log" })),
    talkPanel({ doc, names: ctx.names, seat: S.seat, host: Boolean(hostToken()), say, switchChat }),
    seatsPanel(ctx));
}

/** Between two hotseat players: nothing of the board, the log or the actions, only who is next. */
function coverScreen() {
  const name = names()[S.cover];
  return el("main", { class: "wrap cover", "data-testid": "pass-device" },
    el("section", { class: "panel" },
      el("h1", {}, t("pass_device", { name })),
      el("p", { class: "muted" }, t("pass_device_hint", { name })),
      el("button", { class: "primary", "data-testid": "take-device", onclick: () => takeOver(S.cover) },
        t("i_am", { name }))));
}

// ---- what changed ---------------------------------------------------------------------------------
// The board's named elements (data-testid, data-explain) and what each shows, as right after the
// seat's own latest action; what differs now is marked "changed" until the seat acts again. A
// spectator sees what the latest update changed.
function boardTexts(root) {
  const out = new Map();
  const seen = new Map();
  for (const node of root.querySelectorAll("[data-explain], [data-testid]:not([data-testid=board-action])")) {
    const name = node.getAttribute("data-testid") || node.getAttribute("data-explain");
    const n = (seen.get(name) || 0) + 1;
    seen.set(name, n);
    out.set(`${name}#${n}`, [node, node.textContent]);
  }
  return out;
}

function markChanges() {
  const root = app.querySelector("[data-testid=board]");
  if (!root) return;
  const now = boardTexts(root);
  const key = S.seat ?? "spectator";
  const before = S.baselines[key];
  if (!before || S.rebase || S.seat === null) S.baselines[key] = new Map([...now].map(([k, [, text]]) => [k, text]));
  S.rebase = false;
  if (!before) return;
  const changed = [...now].filter(([k, [, text]]) => before.has(k) && before.get(k) !== text).map(([, [node]]) => node);
  // Only the innermost changed elements: a sheet whose gold changed marks its gold, not the sheet.
  for (const node of changed) {
    if (!changed.some((other) => other !== node && node.contains(other))) node.classList.add("changed");
  }
}

/** How long an opponent's action took from its arrival to the updated board (Performance API). */
function measureUpdate(version) {
  const shown = [...S.arrived].filter((v) => v <= version);
  if (!shown.length) return;
  for (const v of shown) S.arrived.delete(v);
  // After the frame that paints this drawing: rAF runs before paint, the task after it follows it.
  requestAnimationFrame(() => setTimeout(() => {
    for (const v of shown) {
      const mark = `mercator-doc-${v}`;
      if (!performance.getEntriesByName(mark, "mark").length) continue;  // a resent version, measured already
      performance.measure("mercator-update", mark);
      performance.clearMarks(mark);
    }
  }, 0));
}

function render() {
  if (!S.doc) return;
  if (S.cover !== null) {
    document.title = `${t("app_title")} · ${t("pass_device", { name: names()[S.cover] })}`;
    draw(app, el("header", { class: "topbar" }, el("span", { class: "title" }, t("app_title"))), coverScreen());
    return;
  }
  const started = performance.now();
  const ctx = context();
  // The tab says whose turn it is, so a player in another tab sees it is theirs.
  const mine = S.seat !== null && S.doc.my_turn && S.doc.status === "active";
  document.title = `${mine ? `● ${t("your_turn")} · ` : ""}${t("app_title")} · ${pretty(S.summary.game)}`;
  signalTurn(mine, `${pretty(S.summary.game)} · ${ctx.names[S.seat] ?? ""}`);
  const tree = [topbar(ctx),
    el("main", { class: "wrap", style: seatStyle(S.board, ctx) }, el("div", { class: "layout" },
      el("div", { class: "board", "data-testid": "board", "data-version": S.doc.version }, S.board.render(ctx)),
      side(ctx)))];
  const built = performance.now();
  const talkFollowed = talkAtEnd();
  draw(app, tree);
  followTalk(talkFollowed);
  const morphed = performance.now();
  markChanges();
  performance.measure("mercator-build", { start: started, end: built });
  performance.measure("mercator-morph", { start: built, end: morphed });
  performance.measure("mercator-marks", { start: morphed });
  refreshExplanation();
  measureUpdate(S.doc.version);
  drawLog();
  performance.measure("mercator-render", { start: started });
  // The ticker runs on between documents (a hotseat hand-over clears the document for a moment).
  keepClocks(() => ({ clocks: seatClocks(), toAct: S.doc?.status === "active" ? S.doc.to_act : [], at: S.docAt }));
}

main().catch((err) => {
  // A table that allows no spectators, opened without a seat: say so in the page's language.
  const closed = err instanceof ApiError && err.status === 403 && S.summary && S.summary.spectators === false;
  app.replaceChildren(el("header", { class: "topbar" }, el("a", { href: "/", class: "title" }, t("app_title"))),
    el("main", { class: "wrap" }, el("p", { class: closed ? null : "error", "data-testid": closed ? "no-spectators" : null },
      closed ? t("no_spectators") : t("error", { detail: err.message }))));
});
