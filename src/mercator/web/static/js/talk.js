// Table talk on the game page: the chat and the table's seat events (a clock that ran out, the
// others' choice, seats handed to bots and taken back), and the choice itself when a clock runs out.
// Chat text is the players' own: it is only ever put in the page as text, never as HTML.
import { api, ApiError, el, label, levelSelect, pickedLevel, t } from "./common.js";

/** A talk line in words; ``names``: every seat's shown name. */
export function talkText(line, names) {
  const name = names[line.seat] ?? "";
  const by = line.by === null ? null : names[line.by] ?? "";
  const level = line.text ? label("level", line.text) : "";
  switch (line.kind) {
    case "timeout": return t("talk_timeout", { name });
    case "wait": return by === null ? t("talk_wait_host", { name }) : t("talk_wait", { by, name });
    case "bot":
      if (by === null) return t("talk_bot_host", { name, level });
      return line.by === line.seat ? t("talk_bot_own", { name, level }) : t("talk_bot", { by, name, level });
    case "back": return line.by === line.seat ? t("talk_back_own", { name }) : t("talk_back_host", { name });
    case "chat_off": return t("talk_chat_off");
    case "chat_on": return t("talk_chat_on");
    default: return "";
  }
}

/** The talk panel: every line, the chat form for a seated player, and the host's switch.
 * ``say(text)`` sends and resolves true once it was said; ``switchChat(open)`` is the host's. */
export function talkPanel({ doc, names, seat, host, say, switchChat }) {
  const lines = doc.talk || [];
  const list = el("ol", { class: "talk-lines", "data-testid": "talk-lines" }, lines.map((line) => line.kind === "chat"
    ? el("li", { class: "chat", "data-testid": "chat-line", "data-id": line.id },
      el("b", { class: `pc${line.seat % 6}` }, names[line.seat] ?? ""), ": ", line.text)
    : el("li", { class: "event muted", "data-testid": "talk-event", "data-id": line.id }, talkText(line, names))));
  const canSay = seat !== null && doc.chat && doc.status !== "over";
  return el("section", { class: "panel talk small", "data-testid": "talk" },
    el("h3", {}, t("talk")),
    lines.length ? el("div", { class: "talk-scroll", id: "talk-scroll" }, list) : null,
    doc.chat ? null : el("p", { class: "muted", "data-testid": "chat-closed" }, t("chat_closed")),
    canSay ? chatForm(say) : null,
    host && doc.status !== "over" ? el("button", { class: "small", "data-testid": "chat-switch",
      onclick: () => switchChat(!doc.chat) }, doc.chat ? t("chat_close") : t("chat_open")) : null);
}

// What is being typed, kept across redraws (a redraw draws the input with this value).
let draft = "";

function chatForm(say) {
  const input = el("input", { "data-testid": "chat-input", maxlength: 500, autocomplete: "off", value: draft,
    "aria-label": t("chat_placeholder"), placeholder: t("chat_placeholder"),
    oninput: (event) => { draft = event.target.value; } });
  return el("form", { class: "chat-form", "data-testid": "chat-form", onsubmit: async (event) => {
    event.preventDefault();
    const text = draft.trim();
    if (text && await say(text)) {
      draft = "";
      event.target.querySelector("input").value = "";
    }
  } }, input, " ", el("button", { type: "submit", "data-testid": "chat-send" }, t("chat_say")));
}

/** Send a chat line; returns an error message in words, or null when it was said. */
export async function sendChat(gameId, query, token, text) {
  try {
    return { doc: await api("POST", `/api/games/${gameId}/chat?${query}`, { text }, token), error: null };
  } catch (err) {
    if (err instanceof ApiError && err.status === 429) {
      return { doc: null, error: t("chat_too_fast", { n: err.body?.retry_after ?? 10 }) };
    }
    return { doc: null, error: t("error", { detail: err.message }) };
  }
}

/** Keep the talk list showing its newest line, unless the reader scrolled up. */
export function followTalk(before) {
  const box = document.getElementById("talk-scroll");
  if (box && (before === null || before)) box.scrollTop = box.scrollHeight;
}

/** Whether the talk list is scrolled to its end (read before a redraw). */
export function talkAtEnd() {
  const box = document.getElementById("talk-scroll");
  return box ? box.scrollHeight - box.scrollTop - box.clientHeight < 30 : null;
}

/** When a seat's clock has run out: the choice for the other players (and the host), or a word to
 * the late player. ``choose(seat, level)``: level null waits. */
export function timeoutPanel({ doc, names, seat, host, choose }) {
  const seats = (doc.seats || []).filter((s) => s.timeout === "ran_out");
  if (!seats.length || doc.status !== "active") return null;
  return el("section", { class: "panel timeout", "data-testid": "timeout" }, seats.map((late) => {
    if (late.seat === seat) return el("p", { "data-testid": "timeout-yours" }, t("timeout_yours"));
    const mine = seat !== null && (doc.seats[seat]?.controller === "human");
    if (!mine && !host) return el("p", { class: "muted" }, t("talk_timeout", { name: names[late.seat] }));
    const picker = `timeout-level-${late.seat}`;
    return el("div", { "data-testid": `timeout-${late.seat}` },
      el("p", {}, t("timeout_ask", { name: names[late.seat] })),
      levelSelect(picker), " ",
      el("button", { class: "small primary", "data-testid": `timeout-bot-${late.seat}`,
        onclick: () => choose(late.seat, pickedLevel(picker)) }, t("timeout_to_bot")),
      " ",
      el("button", { class: "small", "data-testid": `timeout-wait-${late.seat}`, onclick: () => choose(late.seat, null) },
        t("timeout_wait")));
  }));
}
