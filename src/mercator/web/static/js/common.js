// What every page shares: interface text, the player's identity, API calls and a tiny DOM helper.

import { setExplanations } from "./explain.js";
import { Idiomorph } from "./vendor/idiomorph.esm.js";

export const LANGS = ["en", "de", "ru"];
const LANG_NAMES = { en: "English", de: "Deutsch", ru: "Русский" };

let TEXT = { lang: "en", ui: {}, names: {} };

export function getLang() {
  const stored = localStorage.getItem("mercator.lang");
  if (LANGS.includes(stored)) return stored;
  const nav = (navigator.language || "en").slice(0, 2);
  return LANGS.includes(nav) ? nav : "en";
}

export async function loadText(lang, game) {
  localStorage.setItem("mercator.lang", lang);
  document.documentElement.lang = lang;
  TEXT = await api("GET", `/web/api/i18n/${lang}` + (game ? `?game=${encodeURIComponent(game)}` : ""));
  setExplanations(TEXT.explain);
  return TEXT;
}

/** Interface text for ``key`` with ``{field}`` placeholders filled. */
export function t(key, fields = {}) {
  const template = TEXT.ui[key] ?? key;
  return template.replace(/\{(\w+)\}/g, (m, name) => (name in fields ? String(fields[name]) : m));
}

/** The interface's word for ``value`` of a kind of thing (``field``: a view field's name, ``level``:
 * a bot level), from the keys ``<kind>_<value>``; the value made readable where there is none. */
export function label(kind, value) {
  const key = `${kind}_${value}`;
  return key in TEXT.ui ? t(key) : pretty(value);
}

/** 'porta_aurea' -> 'Porta Aurea'. */
export function pretty(id) {
  return String(id).split("_").map((w) => w.charAt(0).toUpperCase() + w.slice(1)).join(" ");
}

/** "3 gold", "1 очко репутации", "5 очков репутации": ``n`` with the game's word for ``word`` in the
 * plural form the page's language needs for it (Intl.PluralRules: CLDR, as Babel on the server), from
 * the catalog's [<lang>.plurals]; ``fallback`` (or the interface word) where the catalog has none. */
export function count(n, word, fallback) {
  const forms = TEXT.plurals?.[word];
  if (!forms) return `${n} ${fallback ?? t(word)}`;
  const form = new Intl.PluralRules(TEXT.lang).select(n);
  return `${n} ${forms[form] ?? forms.other}`;
}

/** The game's own name for a value (goods, offices, buildings, ...) in the current language. */
export function nameOf(table, id) {
  const names = TEXT.names[table];
  return (names && names[id]) || pretty(id);
}

// ---- drawing ---------------------------------------------------------------------------------------
// Pages are drawn as fresh trees (el, svg) and morphed into the page (draw), which keeps every
// element that did not change, so nothing vanishes mid-click and CSS transitions can run. A morph
// keeps, updates or clones elements, and listeners do not travel with them; so an element names
// its handlers in an attribute (data-on="click:12") and one listener per event type on the
// document calls them.
const HANDLERS = new Map();
let nextHandler = 0;
const EVENTS = ["click", "change", "input", "submit", "keydown"];

function dispatch(event) {
  for (let node = event.target; node instanceof Element; node = node.parentElement) {
    const named = node.getAttribute("data-on");
    if (named) {
      for (const pair of named.split(" ")) {
        const [type, id] = pair.split(":");
        if (type === event.type) HANDLERS.get(id)?.call(node, event);
      }
    }
    if (event.cancelBubble) return;
  }
}
for (const type of EVENTS) document.addEventListener(type, dispatch);

/** Let ``node`` answer ``type`` events with ``handler`` (this: the node, as with addEventListener). */
export function on(node, type, handler) {
  if (!EVENTS.includes(type)) throw new Error(`no delegated event ${type}`);
  const id = String(++nextHandler);
  HANDLERS.set(id, handler);
  // Pages that replace rather than draw still forget handlers of elements they dropped, once the
  // current drawing (synchronous) is in the page.
  if (HANDLERS.size > 1000 && !sweeping) {
    sweeping = true;
    queueMicrotask(sweep);
  }
  const named = node.getAttribute("data-on");
  node.setAttribute("data-on", named ? `${named} ${type}:${id}` : `${type}:${id}`);
  return node;
}

/** Make ``root``'s children ``children`` by morphing (keyed by id, else by position), then forget
 * the handlers no element names any more. An element marked ``data-own`` in the page and in the new
 * tree is left as it is: something else draws its insides (the game page's log). */
export function draw(root, ...children) {
  Idiomorph.morph(root, children.flat().filter((c) => c !== null && c !== undefined && c !== false), {
    morphStyle: "innerHTML", ignoreActiveValue: true,
    callbacks: { beforeNodeMorphed: (old, now) => !(old instanceof Element && old.hasAttribute("data-own")
      && now instanceof Element && now.hasAttribute("data-own")) },
  });
  sweep();
}

let sweeping = false;

function sweep() {
  sweeping = false;
  const live = new Set();
  for (const node of document.querySelectorAll("[data-on]")) {
    for (const pair of node.getAttribute("data-on").split(" ")) live.add(pair.split(":")[1]);
  }
  for (const id of HANDLERS.keys()) if (!live.has(id)) HANDLERS.delete(id);
}

export function el(tag, attrs = {}, ...children) {
  const node = tag === "svg" || attrs.svg ? document.createElementNS("http://www.w3.org/2000/svg", tag)
    : document.createElement(tag);
  for (const [key, value] of Object.entries(attrs)) {
    if (value === undefined || value === null || value === false || key === "svg") continue;
    if (key === "text") node.textContent = value;
    else if (key.startsWith("on")) on(node, key.slice(2), value);
    else if (key === "dataset") Object.assign(node.dataset, value);
    else node.setAttribute(key, value === true ? "" : value);
  }
  for (const child of children.flat()) {
    if (child === null || child === undefined || child === false) continue;
    node.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return node;
}

export function svg(tag, attrs = {}, ...children) {
  return el(tag, { ...attrs, svg: true }, ...children);
}

export class ApiError extends Error {
  constructor(status, detail, body) {
    super(detail);
    this.status = status;
    this.body = body;
  }
}

/** ``path`` with the page's language as ``lang`` (unless it names one): the server words its
 * refusals (403, 409, 429, ...) in it, which the pages show as they come. */
function withLang(path) {
  const url = new URL(path, location.origin);
  if (!url.searchParams.has("lang")) url.searchParams.set("lang", getLang());
  return url.pathname + url.search;
}

export async function api(method, path, body, token) {
  const headers = {};
  if (body !== undefined) headers["Content-Type"] = "application/json";
  if (token) headers.Authorization = `Bearer ${token}`;
  const response = await fetch(withLang(path), { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  const data = await response.json().catch(() => ({}));
  if (!response.ok) {
    const detail = typeof data.detail === "string" ? data.detail : JSON.stringify(data.detail ?? response.status);
    throw new ApiError(response.status, detail, data);
  }
  return data;
}

/** The player identity of this browser (created on first use); its token groups the player's seats. */
export async function player(name) {
  let me = JSON.parse(localStorage.getItem("mercator.player") || "null");
  if (!me) {
    const out = await api("POST", "/api/players", { name: name || localStorage.getItem("mercator.name") || t("player") });
    me = { id: out.player_id, name: out.name, token: out.token };
    localStorage.setItem("mercator.player", JSON.stringify(me));
  }
  return me;
}

export function storedPlayer() {
  return JSON.parse(localStorage.getItem("mercator.player") || "null");
}

export function langSelect(current, onChange) {
  const select = el("select", { "aria-label": "Language", "data-testid": "lang", onchange: (e) => onChange(e.target.value) },
    LANGS.map((l) => el("option", { value: l, selected: l === current }, LANG_NAMES[l])));
  return select;
}

const PICKED_LEVELS = new Map();

/** A select of bot levels (``testid`` names it) whose choice outlives redraws: each new document
 * draws the page anew, and a select drawn afresh falls back to its first option between the
 * player's choice and their click. ``pickedLevel(testid)`` reads the choice. */
export function levelSelect(testid) {
  return el("select", { class: "small", "data-testid": testid, "aria-label": t("bot_level"),
    onchange: (e) => { PICKED_LEVELS.set(testid, e.target.value); } },
  ["easy", "normal", "hard"].map((l) => el("option", { value: l, selected: l === pickedLevel(testid) }, t(`level_${l}`))));
}

export function pickedLevel(testid) {
  return PICKED_LEVELS.get(testid) || "easy";
}

/** The style that gives seats the colours a board declares (``seatColours``) on every element of the
 * page that uses the seat classes pc0-pc5, board or not; the stylesheet's colours otherwise. */
export function seatStyle(board, ctx) {
  const colours = board.seatColours ? board.seatColours(ctx) : [];
  return colours.map((c, s) => `--p${s}: ${c};`).join(" ") || null;
}

/** A seat's invitation link; a private table's seat also needs its code (kept by the host's browser
 * in ``mercator.invites.<game id>``). */
export function inviteUrl(gameId, seat, code) {
  return `${location.origin}/play/${gameId}?join=${seat}` + (code ? `&invite=${encodeURIComponent(code)}` : "");
}

/** The invitation codes of a private table this browser created ({} otherwise). */
export function storedInvites(gameId) {
  return JSON.parse(localStorage.getItem(`mercator.invites.${gameId}`) || "{}");
}

export function goodsCubes(goods, names = "goods") {
  return Object.entries(goods).map(([good, n]) =>
    el("span", { class: `cube ${good}${n ? "" : " zero"}`, title: nameOf(names, good) }, n));
}
