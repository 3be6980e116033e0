// What every page shares: interface text, the player's identity, API calls and a tiny DOM helper.

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

/** The game's own name for a value (goods, offices, buildings, ...) in the current language. */
export function nameOf(table, id) {
  const names = TEXT.names[table];
  return (names && names[id]) || pretty(id);
}

export function el(tag, attrs = {}, ...children) {
  const node = tag === "svg" || attrs.svg ? document.createElementNS("http://www.w3.org/2000/svg", tag)
    : document.createElement(tag);
  for (const [key, value] of Object.entries(attrs)) {
    if (value === undefined || value === null || value === false || key === "svg") continue;
    if (key === "text") node.textContent = value;
    else if (key.startsWith("on")) node.addEventListener(key.slice(2), value);
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

export async function api(method, path, body, token) {
  const headers = {};
  if (body !== undefined) headers["Content-Type"] = "application/json";
  if (token) headers.Authorization = `Bearer ${token}`;
  const response = await fetch(path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
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
    const out = await api("POST", "/api/players", { name: name || localStorage.getItem("mercator.name") || "Player" });
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
