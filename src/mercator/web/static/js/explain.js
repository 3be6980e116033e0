// Every thing on a board explains itself: an element marked with explained(node, kind, id) shows,
// on hover, keyboard focus or a tap, its name, what it does, and where its content comes from
// (invented content marked as invented), in the page's language. The words come from the server
// (engine/explain.py), loaded with the rest of the page's text.
import { el, t } from "./common.js";

let TABLE = {};
let tip = null;
let shownFor = null;

/** Use ``table`` (kind -> id -> {name, text, tag, invented}) for every explanation from now on. */
export function setExplanations(table) {
  TABLE = table || {};
}

/** The explanation of ``kind``/``id``, or undefined. */
export function explanation(kind, id) {
  return TABLE[kind]?.[id];
}

/** Mark ``node`` as standing for the entity ``kind``/``id`` (reachable by keyboard); returns it. */
export function explained(node, kind, id) {
  if (!explanation(kind, id)) return node;
  node.setAttribute("data-explain", `${kind}:${id}`);
  if (!node.hasAttribute("tabindex")) node.setAttribute("tabindex", "0");
  return node;
}

/** What a content tag says of a row's origin, in words: each kind of source it names ("[SRC:rb] price;
 * [INV] name" -> "From a published source · Invented ..."); the tag's own note (English, as the
 * content files keep it) only on an English page. */
function origin(tag) {
  const kinds = [...new Set([...tag.matchAll(/\[(SEED|SRC|DEC|INV)/g)].map((m) => m[1]))];
  const words = kinds.map((k) => t(`origin_${k}`)).join(" · ");
  return document.documentElement.lang === "en" ? `${words} — ${tag}` : words;
}

function content(kind, id) {
  const e = explanation(kind, id);
  if (!e) return null;
  return [
    el("div", { class: "tip-name" }, e.name,
      e.invented ? el("span", { class: "badge invented", "data-testid": "tip-invented" }, t("invented")) : null),
    el("div", { class: "tip-text", "data-testid": "tip-text" }, e.text),
    el("div", { class: "tip-origin small muted", "data-testid": "tip-origin" }, origin(e.tag)),
  ];
}

function place(node) {
  const r = node.getBoundingClientRect();
  const w = tip.offsetWidth;
  const h = tip.offsetHeight;
  let x = Math.min(Math.max(8, r.left + r.width / 2 - w / 2), window.innerWidth - w - 8);
  let y = r.bottom + 8;
  if (y + h > window.innerHeight - 8) y = Math.max(8, r.top - h - 8);
  tip.style.left = `${x + window.scrollX}px`;
  tip.style.top = `${y + window.scrollY}px`;
}

function show(node) {
  const [kind, id] = node.getAttribute("data-explain").split(":");
  const parts = content(kind, id);
  if (!parts) return;
  tip ??= document.body.appendChild(el("div", { class: "tip", role: "tooltip", id: "tip", "data-testid": "tip" }));
  tip.replaceChildren(...parts);
  tip.dataset.for = `${kind}:${id}`;
  tip.hidden = false;
  node.setAttribute("aria-describedby", "tip");
  shownFor = node;
  place(node);
}

function hide() {
  if (tip) tip.hidden = true;
  shownFor?.removeAttribute("aria-describedby");
  shownFor = null;
}

const target = (e) => e.target instanceof Element ? e.target.closest("[data-explain]") : null;

/** Listen once, on the document, so boards that are redrawn keep explaining without new listeners. */
export function installExplanations() {
  document.addEventListener("pointerover", (e) => {
    if (e.pointerType !== "mouse") return;
    const node = target(e);
    if (node && node !== shownFor) show(node);
    else if (!node && !e.target.closest?.("#tip")) hide();
  });
  document.addEventListener("focusin", (e) => {
    const node = target(e);
    if (node) show(node);
  });
  document.addEventListener("focusout", () => hide());
  // A tap explains what it lands on; on an element that is also an action, a long press does, so
  // a plain tap still plays it.
  let press = null;
  document.addEventListener("pointerdown", (e) => {
    if (e.pointerType === "mouse") return;
    const node = target(e);
    clearTimeout(press);
    if (!node) { hide(); return; }
    if (!node.classList.contains("legal")) show(node);
    else press = setTimeout(() => show(node), 450);
  });
  document.addEventListener("pointerup", () => clearTimeout(press));
  document.addEventListener("keydown", (e) => { if (e.key === "Escape") hide(); });
  window.addEventListener("scroll", () => { if (shownFor) place(shownFor); }, { passive: true });
}

/** Forget a node that a redraw removed (its tip would point at nothing). */
export function refreshExplanation() {
  if (shownFor && !shownFor.isConnected) hide();
}
