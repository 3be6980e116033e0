// The board for a game without its own renderer: the seat's view as structured sections, and
// the server's words for its actions.
import { el, label, nameOf, pretty, t } from "../common.js";

const SEAT_KEYS = new Set(["seat", "holder", "challenger", "buyer", "consul", "target", "offerer", "leader", "mayor",
  "figure", "bought_by"]);
const SEAT_LISTS = new Set(["to_act", "turn_order", "player_order", "order", "waiting", "committed", "week0_order"]);

function valueText(key, value, ctx) {
  if (value === null || value === undefined) return "-";
  if (SEAT_KEYS.has(key) && typeof value === "number") return ctx.names[value] ?? String(value);
  if (SEAT_LISTS.has(key) && Array.isArray(value)) return value.map((s) => ctx.names[s] ?? s).join(", ") || "-";
  if (typeof value === "boolean") return t(value ? "yes" : "no");
  if (typeof value === "string") return nameOf(`${key}s`, value) === pretty(value) ? nameOf(key, value) : nameOf(`${key}s`, value);
  if (Array.isArray(value)) {
    if (value.every((v) => typeof v !== "object" || v === null)) return value.map((v) => valueText(key, v, ctx)).join(", ") || "-";
    return null;
  }
  if (typeof value === "object") {
    const flat = Object.values(value).every((v) => typeof v !== "object" || v === null);
    if (flat) {
      return Object.entries(value).filter(([, v]) => v !== 0 && v !== null && v !== false)
        .map(([k, v]) => `${nameOf("goods", k)}: ${valueText(k, v, ctx)}`).join(", ") || "-";
    }
    return null;
  }
  return String(value);
}

function cell(key, value, ctx) {
  const text = valueText(key, value, ctx);
  if (text !== null) return text;
  if (Array.isArray(value)) return table(value, ctx);
  return el("table", { class: "kv" }, Object.entries(value).map(([k, v]) =>
    el("tr", {}, el("th", {}, label("field", k)), el("td", {}, cell(k, v, ctx)))));
}

function table(rows, ctx) {
  rows = rows.map((r) => (r !== null && typeof r === "object" && !Array.isArray(r) ? r : { value: r }));
  const cols = [];
  for (const r of rows) for (const k of Object.keys(r)) if (!cols.includes(k)) cols.push(k);
  return el("div", { style: "overflow-x:auto" }, el("table", { class: "kv" },
    el("tr", {}, cols.map((c) => el("th", {}, label("field", c)))),
    rows.map((r) => el("tr", {}, cols.map((c) => el("td", {}, cell(c, r[c], ctx)))))));
}

function section(key, value, ctx, depth = 0) {
  const text = valueText(key, value, ctx);
  if (text !== null) return el("tr", {}, el("th", {}, label("field", key)), el("td", { "data-key": key }, text));
  const title = el(depth ? "h3" : "h2", {}, label("field", key));
  if (Array.isArray(value)) return el("section", { class: "panel", "data-section": key }, title, table(value, ctx));
  const scalars = Object.entries(value).filter(([k, v]) => valueText(k, v, ctx) !== null);
  const nested = Object.entries(value).filter(([k, v]) => valueText(k, v, ctx) === null);
  return el("section", { class: "panel", "data-section": key }, title,
    scalars.length ? el("table", { class: "kv" }, scalars.map(([k, v]) => section(k, v, ctx, depth + 1))) : null,
    nested.map(([k, v]) => section(k, v, ctx, depth + 1)));
}

function players(view, ctx) {
  return el("section", { class: "panel", "data-section": "players" }, el("h2", {}, t("players")),
    el("div", { class: "sheets" }, view.players.map((p, s) => {
      const seat = p.seat ?? s;
      const scalars = Object.entries(p).filter(([k, v]) => k !== "seat" && valueText(k, v, ctx) !== null);
      const nested = Object.entries(p).filter(([k, v]) => valueText(k, v, ctx) === null);
      return el("div", { class: `sheet pb${seat % 6}` + (seat === ctx.seat ? " me" : "")
        + ((view.to_act || []).includes(seat) ? " acting" : ""), "data-testid": `sheet-${seat}` },
      el("h3", {}, el("span", { class: `pc${seat % 6}` }, ctx.names[seat]),
        seat === ctx.seat ? el("span", { class: "muted" }, t("you")) : null),
      el("table", { class: "kv" }, scalars.map(([k, v]) => section(k, v, ctx, 1))),
      nested.map(([k, v]) => section(k, v, ctx, 1)));
    })));
}

export default {
  header(ctx) {
    const v = ctx.view;
    const parts = [];
    for (const key of ["edition", "round", "week", "day_name", "phase", "phase_name"]) {
      if (v[key] !== undefined && v[key] !== null) parts.push(`${label("field", key)}: ${valueText(key, v[key], ctx)}`);
    }
    return parts.join(" · ");
  },
  decision(ctx) {
    const d = ctx.view.decision;
    return el("table", { class: "kv" }, Object.entries(d).map(([k, v]) => section(k, v, ctx, 1)));
  },
  tiebreak: () => [],
  render(ctx) {
    const view = ctx.view;
    const skip = new Set(["game", "seat", "to_act", "decision", "players", "over", "scores", "ranking"]);
    const scalars = Object.entries(view).filter(([k, v]) => !skip.has(k) && valueText(k, v, ctx) !== null);
    const nested = Object.entries(view).filter(([k, v]) => !skip.has(k) && valueText(k, v, ctx) === null);
    return el("div", { class: "generic" },
      el("p", { class: "muted small" }, t("generic_note")),
      el("section", { class: "panel" }, el("table", { class: "kv" }, scalars.map(([k, v]) => section(k, v, ctx)))),
      Array.isArray(view.players) ? players(view, ctx) : null,
      nested.map(([k, v]) => section(k, v, ctx)));
  },
};
