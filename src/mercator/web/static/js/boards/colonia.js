// Colonia: the week's days with the decrees, the market stalls, the craftsmen, the harbour with
// its ships and holds, the relic display, and every family's belongings (the player's own screen).
// Every content entity on it is marked with explained(): hover, focus or a tap says what it does.
import { count, el, label, nameOf, svg, t } from "../common.js";
import { explained } from "../explain.js";
import { fit, wrap } from "./svgtext.js";

const DAYS = ["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"];
const CITIES = ["london", "novgorod", "bergen", "bruges"];
const CURRENCIES = ["pfund", "grivna", "mark", "gulden"];
const COLOURS = { yellow: "#d4a017", blue: "#2e6fba", green: "#2e8b57", red: "#c0392b", black: "#333", white: "#999",
  purple: "#7d3c98", orange: "#e67e22" };

// A bundle of goods ("wares") or raw materials ("materials") as "2 wood, 1 fur", each part explained.
const bundle = (goods, kind = "wares", table = "goods") => {
  const parts = Object.entries(goods).filter(([, n]) => n);
  if (!parts.length) return [t("none")];
  return parts.flatMap(([g, n], i) => [i ? ", " : null,
    explained(el("span", {}, count(n, `good_${g}`, nameOf(table, g))), kind, g)]);
};
const card = (id) => nameOf("cards", id);
const decree = (id) => nameOf("decrees", id);

function currencyOf(city) {
  return nameOf("currency", CURRENCIES[CITIES.indexOf(city)] || city);
}

/** The name of ``city``'s currency, explained as that currency. */
function currencySpan(city) {
  const id = CURRENCIES[CITIES.indexOf(city)] || city;
  return explained(el("span", {}, currencyOf(city)), "currencies", id);
}

function relicCity(id) {
  return CITIES.find((c) => id.includes(`_${c.slice(0, 3)}`)) || "london";
}

const DECREE_FILL = { pending: "#fff7df", adopted: "#e3f5e6", rejected: "#f3e3e3" };

/** The week strip as on the table: the week card, then Monday to Sunday with what each day does and
 * every decree placed on it (two may share a day), today marked; dice, departing ships and the mayor. */
function week(ctx) {
  const v = ctx.view;
  const decrees = {};
  for (const x of v.decrees) (decrees[x.day] ||= []).push(x);
  const COL = 104;
  const left = 118;
  const H = 150;
  const W = left + DAYS.length * COL + 4;
  const days = DAYS.map((day, i) => {
    const x = left + i * COL;
    const today = v.day === i + 1;
    const tokens = (decrees[i + 1] || []).map((d, k) => {
      const y = 44 + k * 50;
      const [a, b] = wrap(decree(d.decree), 15);
      return explained(svg("g", { "data-testid": "decree" },
        svg("rect", { x: x + 6, y, width: COL - 12, height: 44, rx: 6, fill: DECREE_FILL[d.state] || "#fff",
          stroke: d.state === "adopted" ? "#1f7a3a" : d.state === "rejected" ? "#a33" : "#b9a98f" }),
        svg("text", { x: x + COL / 2, y: y + 14, "text-anchor": "middle", "font-size": 10.5, "font-weight": 700,
          ...fit(a, COL - 18, 10.5) }, a),
        b ? svg("text", { x: x + COL / 2, y: y + 26, "text-anchor": "middle", "font-size": 10.5, "font-weight": 700,
          ...fit(b, COL - 18, 10.5) }, b) : null,
        svg("text", { x: x + COL / 2, y: y + 39, "text-anchor": "middle", "font-size": 9, fill: "#6b5b48",
          "font-style": "italic" }, t(`state_${d.state}`))), "decrees", d.decree);
    });
    const what = t(`c_day_does_${day}`);
    return svg("g", { "data-testid": `day-${day}` },
      svg("rect", { x: x + 2, y: 2, width: COL - 4, height: H - 4, rx: 8, fill: today ? "#fff3c4" : "#fbf6ec",
        stroke: today ? "#8a5a19" : "#d9ccb8", "stroke-width": today ? 2.5 : 1 }),
      svg("text", { x: x + COL / 2, y: 19, "text-anchor": "middle", "font-size": 12, "font-weight": 700,
        ...fit(t(`day_${day}`), COL - 12, 12) }, t(`day_${day}`)),
      svg("text", { x: x + COL / 2, y: 34, "text-anchor": "middle", "font-size": 9.5, fill: "#6b5b48",
        ...fit(what, COL - 12, 9.5) }, what),
      tokens);
  });
  const card = v.week_card ? explained(svg("g", { "data-testid": "week-card" },
    svg("rect", { x: 4, y: 2, width: left - 12, height: H - 4, rx: 8, fill: "#8a5a19" }),
    svg("text", { x: left / 2 - 4, y: 22, "text-anchor": "middle", "font-size": 11, fill: "#f8e6c8" }, t("c_week_card")),
    ...wrap(nameOf("week_cards", v.week_card), 14).map((line, k) => svg("text", { x: left / 2 - 4, y: 44 + k * 15,
      "text-anchor": "middle", "font-size": 12, "font-weight": 700, fill: "#fff", ...fit(line, left - 22, 12) }, line)),
    svg("rect", { x: 16, y: 84, width: 24, height: 24, rx: 4, fill: "#fff", stroke: "#333" }),
    svg("text", { x: 28, y: 101, "text-anchor": "middle", "font-size": 14, "font-weight": 700 }, String(v.dice)),
    svg("text", { x: 46, y: 100, "font-size": 10, fill: "#f8e6c8" }, t("c_dice")),
    svg("path", { d: "M16 128 h24 l-5 8 h-14 z", fill: "#f8e6c8" }),
    svg("text", { x: 28, y: 125, "text-anchor": "middle", "font-size": 12, "font-weight": 700, fill: "#fff" },
      String(v.departing)),
    svg("text", { x: 46, y: 134, "font-size": 10, fill: "#f8e6c8", ...fit(t("c_departing"), left - 62, 10) },
      t("c_departing"))), "week_cards", v.week_card) : null;
  return el("section", { class: "panel", "data-testid": "week" },
    el("h2", {}, t("c_week", { week: v.week, weeks: v.weeks })),
    svg("svg", { class: "week-strip", viewBox: `0 0 ${W} ${H}`, role: "img",
      "aria-label": t("c_week", { week: v.week, weeks: v.weeks }) }, card, days),
    el("p", { class: "small" }, `${t("c_dice")}: ${v.dice} · ${t("c_departing")}: ${v.departing} · ${t("c_mayor")}: `,
      v.mayor === null ? "-" : ctx.names[v.mayor],
      ` · ${t("c_turn_order")}: ${v.turn_order.map((s) => ctx.names[s]).join(" → ")}`));
}

const RAW_COLOURS = { leather: "#c0783a", iron: "#6e7478", wood: "#6b4423", linen: "#e8eef5", fur: "#d9c7a1" };

/** The market stalls as on the table: each stall's raw materials as cubes, its price in members, and
 * the buying family's members on it once bought (an empty stall has nothing to sell, so no price). */
function stalls(ctx) {
  const W = 124;
  const H = 76;
  return el("section", { class: "panel", "data-testid": "stalls" }, el("h2", {}, t("c_stalls")),
    el("div", { class: "stall-row" }, ctx.view.stalls.map((s) => {
      const raws = Object.entries(s.raws).flatMap(([r, n]) => Array.from({ length: n }, () => r));
      const empty = raws.length === 0;
      const cubes = raws.map((r, i) => explained(svg("g", {},
        svg("rect", { x: 8 + (i % 6) * 18, y: 24 + Math.floor(i / 6) * 18, width: 14, height: 14, rx: 2,
          fill: RAW_COLOURS[r] || "#999", stroke: "#333" }),
        svg("title", {}, nameOf("raws", r))), "materials", r));
      const buyer = s.bought_by;
      const price = empty ? t("c_stall_empty") : t("c_cost", { n: s.cost });
      const stall = svg("svg", { viewBox: `0 0 ${W} ${H}`, width: W, height: H, role: "img",
        "aria-label": `${s.stall}: ${price}` },
      svg("rect", { class: "frame", x: 1, y: 1, width: W - 2, height: H - 2, rx: 8,
        fill: buyer !== null ? "#efe6d6" : "#fbf6ec", stroke: "#c7b08a" }),
      svg("text", { x: 8, y: 16, "font-size": 12, "font-weight": 700 }, String(s.stall)),
      svg("text", { x: W - 8, y: 16, "text-anchor": "end", "font-size": 10, fill: empty ? "#9a8f80" : "#5b4630",
        ...fit(price, W - 30, 10) }, price),
      cubes,
      buyer !== null ? svg("g", {}, Array.from({ length: s.members || 1 }, (_, i) => svg("circle", {
        cx: 12 + i * 12, cy: H - 12, r: 5, fill: `var(--p${buyer % 6})`, stroke: "#222" })),
      svg("text", { x: 16 + (s.members || 1) * 12, y: H - 8, "font-size": 9.5, ...fit(ctx.names[buyer], W - 30, 9.5) },
        ctx.names[buyer])) : null);
      return explained(ctx.bind(el("div", { class: "stall" + (buyer !== null ? " taken" : ""),
        "data-testid": `stall-${s.stall}` }, stall), (a) => a.kind === "buy_stall" && a.stall === s.stall),
      "stalls", `stall_${s.stall}`);
    })));
}

/** The craftsmen as on the table: each column with what it makes, its order stick (the orders it takes
 * this week), the cost of the next commission in members, and the families' members waiting there. */
function craftsmen(ctx) {
  const W = 132;
  const H = 118;
  return el("section", { class: "panel", "data-testid": "craftsmen" }, el("h2", {}, t("c_craftsmen")),
    el("div", { class: "stall-row" }, ctx.view.craftsmen.map((c) => {
      const top = Math.max(6, c.stick);
      const slots = Array.from({ length: top }, (_, i) => svg("rect", { x: W - 20, y: 26 + (top - 1 - i) * (76 / top),
        width: 12, height: 76 / top - 2, rx: 2, fill: i < c.stick ? "#8a5a19" : "#efe6d6", stroke: "#b9a98f" }));
      const name = nameOf("craftsman", c.craftsman);
      const good = nameOf("goods", c.good);
      const stacks = c.stacks.map((st, i) => svg("g", {},
        svg("circle", { cx: 14 + i * 26, cy: H - 14, r: 9, fill: `var(--p${st.seat % 6})`, stroke: "#222" }),
        svg("text", { x: 14 + i * 26, y: H - 10, "text-anchor": "middle", "font-size": 10, "font-weight": 700, fill: "#fff" },
          String(st.members)),
        svg("title", {}, `${ctx.names[st.seat]}: ${t("c_members_on", { n: st.members })}`)));
      const drawing = svg("svg", { viewBox: `0 0 ${W} ${H}`, width: W, height: H, role: "img", "aria-label": name },
        svg("rect", { class: "frame", x: 1, y: 1, width: W - 2, height: H - 2, rx: 8, fill: "#fbf6ec", stroke: "#c7b08a" }),
        svg("text", { x: 8, y: 17, "font-size": 12, "font-weight": 700, ...fit(name, W - 16, 12) }, name),
        explained(svg("text", { x: 8, y: 36, "font-size": 11, ...fit(`→ ${good}`, W - 36, 11) }, `→ ${good}`), "wares", c.good),
        svg("text", { x: 8, y: 56, "font-size": 9.5, fill: "#6b5b48", ...fit(`${t("c_stick")}: ${c.stick}`, W - 36, 9.5) },
          `${t("c_stick")}: ${c.stick}`),
        svg("text", { x: 8, y: 72, "font-size": 9.5, fill: "#6b5b48", ...fit(`${t("c_next_cost")}: ${c.next_cost}`, W - 36, 9.5) },
          `${t("c_next_cost")}: ${c.next_cost}`),
        slots, stacks);
      return explained(ctx.bind(el("div", { class: "stall", "data-testid": `craftsman-${c.craftsman}` }, drawing),
        (a) => a.kind === "commission" && a.craftsman === c.craftsman), "craftsman", c.craftsman);
    })));
}

const CITY_FLAGS = { london: "#c0392b", novgorod: "#2e6fba", bergen: "#2e8b57", bruges: "#d4a017" };
const ROMAN = ["I", "II", "III", "IV", "V", "VI"];

/** The harbour as on the table: berths I-VI along the quay, each ship with its city's flag, its three
 * holds (what each takes and pays, who loaded it) and a pennant when it sails this Saturday. */
function harbour(ctx) {
  const v = ctx.view;
  const COL = 168;
  const H = 176;
  const W = COL * v.berths.length;
  const words = (goods) => Object.entries(goods).filter(([, n]) => n).map(([g, n]) => count(n, `good_${g}`, nameOf("goods", g)))
    .join(", ");
  const berths = v.berths.map((b, i) => {
    const x = i * COL;
    const berth = explained(svg("g", {},
      svg("text", { x: x + COL / 2, y: H - 6, "text-anchor": "middle", "font-size": 13, "font-weight": 700,
        fill: "#5b4630" }, ROMAN[i])), "berths", `berth_${i + 1}`);
    if (!b) return svg("g", { "data-testid": `berth-${i + 1}` }, berth);
    const sails = i < v.departing;
    const holds = b.holds.map((h, k) => {
      const y = 46 + k * 30;
      const text = `${words(h.goods)} → ${h.payout}`;
      return ctx.bind(svg("g", { "data-testid": `hold-${b.ship}-${h.hold}` },
        svg("rect", { class: "frame", x: x + 12, y, width: COL - 24, height: 26, rx: 4,
          fill: h.seat !== null ? `var(--p${h.seat % 6})` : "#fffaf0", "fill-opacity": h.seat !== null ? 0.35 : 1,
          stroke: "#8a7a66" }),
        svg("text", { x: x + 18, y: y + 17, "font-size": 10.5, ...fit(text, COL - 36, 10.5) }, text),
        svg("title", {}, `${t("c_hold", { n: h.hold })}: ${text} ${currencyOf(b.city)}`
          + (h.seat !== null ? ` · ${ctx.names[h.seat]}` : ""))),
      (a) => a.kind === "load" && a.ship === b.ship && a.hold === h.hold);
    });
    const name = nameOf("ships", b.ship);
    return svg("g", { "data-testid": `berth-${i + 1}` }, berth,
      explained(svg("g", {},
        svg("line", { x1: x + COL - 34, y1: 2, x2: x + COL - 34, y2: 40, stroke: "#5b4630", "stroke-width": 2 }),
        explained(svg("path", { d: `M${x + COL - 34} 3 h24 l-6 6 l6 6 h-24 z`, fill: CITY_FLAGS[b.city] || "#888" }),
          "cities", b.city),
        sails ? svg("path", { d: `M${x + COL - 34} 19 h22 l-8 5 l8 5 h-22 z`, fill: "#1f7a3a" }) : null,
        svg("text", { x: x + 8, y: 15, "font-size": 12, "font-weight": 700, ...fit(name, COL - 50, 12) }, name),
        svg("text", { x: x + 8, y: 31, "font-size": 10.5, fill: sails ? "#1f7a3a" : "#7a6a58",
          "font-weight": sails ? 700 : 400, ...fit(nameOf("sails", sails ? "this_week" : "later"), COL - 50, 10.5) },
        nameOf("sails", sails ? "this_week" : "later")),
        svg("path", { d: `M${x + 6} 40 h${COL - 12} l-14 110 h${-(COL - 40)} z`, fill: "#8d6e4c", stroke: "#4a3a28" }),
        holds), "ships", b.ship));
  });
  return el("section", { class: "panel", "data-testid": "harbour" }, el("h2", {}, t("c_harbour")),
    svg("svg", { class: "harbour-strip", viewBox: `0 0 ${W} ${H}`, role: "img", "aria-label": t("c_harbour") },
      svg("rect", { x: 0, y: H - 24, width: W, height: 24, fill: "#d8c7a6" }), berths),
    el("p", { class: "small muted" }, `${t("c_departing")}: ${v.departing} · `, currencySpan("london"), ", ",
      currencySpan("novgorod"), ", ", currencySpan("bergen"), ", ", currencySpan("bruges")));
}

/** The relic display as cards: the city's colour band, the relic's name, its price in the city's
 * currency, and who reserved it. */
function relics(ctx) {
  const W = 118;
  const H = 84;
  return el("section", { class: "panel", "data-testid": "relics" }, el("h2", {}, t("c_relics")),
    el("div", { class: "stall-row" }, ctx.view.display.map((r) => {
      const city = relicCity(r.card);
      const [l1, l2] = wrap(card(r.card), 17);
      const by = r.reserved_by;
      const drawing = svg("svg", { viewBox: `0 0 ${W} ${H}`, width: W, height: H, role: "img", "aria-label": card(r.card) },
        svg("rect", { class: "frame", x: 1, y: 1, width: W - 2, height: H - 2, rx: 8, fill: "#fffaf0", stroke: "#c7b08a" }),
        svg("rect", { x: 2, y: 2, width: W - 4, height: 12, fill: CITY_FLAGS[city] || "#888" }),
        svg("text", { x: W / 2, y: 31, "text-anchor": "middle", "font-size": 11, "font-weight": 700, ...fit(l1, W - 12, 11) }, l1),
        l2 ? svg("text", { x: W / 2, y: 44, "text-anchor": "middle", "font-size": 11, "font-weight": 700,
          ...fit(l2, W - 12, 11) }, l2) : null,
        svg("circle", { cx: 18, cy: H - 18, r: 11, fill: "#e8c45a", stroke: "#a9851f" }),
        svg("text", { x: 18, y: H - 14, "text-anchor": "middle", "font-size": 12, "font-weight": 700, fill: "#4a3508" },
          String(r.price)),
        svg("text", { x: 34, y: H - 14, "font-size": 10, ...fit(currencyOf(city), W - 40, 10) }, currencyOf(city)),
        by !== null ? svg("rect", { x: 2, y: H - 6, width: W - 4, height: 4, fill: `var(--p${by % 6})` }) : null,
        by !== null ? svg("title", {}, `${t("c_reserved_by")} ${ctx.names[by]}`) : null);
      return explained(ctx.bind(el("div", { class: "stall", "data-testid": `relic-${r.card}` }, drawing,
        by !== null ? el("div", { class: `small pc${by % 6}` }, `${t("c_reserved_by")} ${ctx.names[by]}`) : null),
      (a) => (a.kind === "buy" || a.kind === "reserve") && a.card === r.card), "relics", r.card);
    })));
}

function sheet(ctx, p) {
  const s = p.seat;
  const mine = s === ctx.seat;
  const colour = COLOURS[p.colour] || "#888";
  // The family's cards 3-8 as cards: those in hand up, the one played this week marked, the rest spent.
  const held = new Set(p.hand || []);
  const cards = [3, 4, 5, 6, 7, 8].map((value, i) => {
    const x = 2 + i * 30;
    const spent = !held.has(value) && p.played !== value;
    const g = explained(svg("g", { "data-testid": mine && held.has(value) ? `card-${value}` : null,
      opacity: spent ? 0.3 : 1 },
    svg("rect", { class: "frame", x, y: 2, width: 26, height: 36, rx: 3, fill: p.played === value ? "#fff3c4" : "#fffaf0",
      stroke: p.played === value ? "#8a5a19" : "#555", "stroke-width": p.played === value ? 2 : 1 }),
    svg("text", { x: x + 13, y: 26, "text-anchor": "middle", "font-size": 15, "font-weight": 700, fill: colour },
      String(value))), "family_cards", `fam_${value}`);
    return held.has(value) ? ctx.bind(g, (a) => mine && a.kind === "play_card" && a.value === value) : g;
  });
  const coins = Object.entries(p.money).map(([c, n], i) => explained(svg("g", {},
    svg("circle", { cx: 208 + i * 34, cy: 16, r: 13, fill: "#e8c45a", stroke: CITY_FLAGS[CITIES[CURRENCIES.indexOf(c)]]
      || "#a9851f", "stroke-width": 3 }),
    svg("text", { x: 208 + i * 34, y: 21, "text-anchor": "middle", "font-size": 12, "font-weight": 700, fill: "#4a3508" },
      String(n)),
    svg("text", { x: 208 + i * 34, y: 40, "text-anchor": "middle", "font-size": 8.5, fill: "#6b5b48" },
      nameOf("currency", c))), "currencies", c));
  const screen = svg("svg", { class: "family-screen", viewBox: "0 0 344 44", role: "img",
    "aria-label": `${t("c_hand")}, ${t("c_money")}` }, cards, coins);
  const ownRelics = (p.relics || []).map((id) => explained(ctx.bind(el("span", { class: "chip" }, card(id)),
    (a) => mine && a.kind === "fill_shrine" && a.relic === id), "relics", id));
  // A shrine lies in front of the screen, with the relic put into it (if any).
  const shrines = Object.entries(p.shrines || {}).filter(([, x]) => x).map(([city, x]) => {
    const id = `shrine_${city.slice(0, 3)}`;
    return el("span", { class: "chip" }, explained(el("span", {}, card(id)), "relics", id),
      x !== "empty" ? [" (", explained(el("span", {}, card(x)), "relics", x), ")"] : null);
  });
  const raws = Object.entries(p.raws_known || {}).filter(([, n]) => n)
    .map(([r, n]) => explained(el("span", {}, count(n, `good_${r}`, nameOf("raws", r))), "materials", r));
  if (p.raws_unknown) raws.push(t("c_raws_unknown", { n: p.raws_unknown }));
  const list = (nodes) => nodes.flatMap((node, i) => [i ? ", " : null, node]);
  return el("div", { class: "sheet" + (mine ? " me" : "") + (ctx.view.to_act.includes(s) ? " acting" : ""),
    style: `border-top: 5px solid ${colour}`, "data-testid": `sheet-${s}` },
  el("h3", {}, el("span", { style: `color:${colour}` }, ctx.names[s] + (mine ? ` (${t("you")})` : "")),
    explained(el("span", { class: "small muted" }, nameOf("families", p.colour)), "families", p.colour)),
  el("div", { class: "stats" },
    el("span", {}, `${t("c_members")}: ${p.supply}`), el("span", {}, `${t("c_votes")}: ${p.votes}`),
    el("span", {}, `${t("c_relic_vp")}: ${p.relic_vp}`)),
  screen,
  el("div", {}, `${t("goods")}: `, bundle(p.goods)),
  el("div", {}, `${t("c_raws")}: `, raws.length ? list(raws) : t("none")),
  el("div", {}, `${t("c_own_relics")}: `, ownRelics.length ? ownRelics : t("none")),
  shrines.length ? el("div", {}, `${t("c_shrines")}: `, shrines) : null,
  el("div", { class: "small" }, `${t("c_streets")}: ${Object.entries(p.streets).map(([k, n]) => `${nameOf("streets", k)} ${n}`)
    .join(", ")}`),
  mine && p.screen ? el("div", { class: "small" }, `${t("c_screen")}: `, bundle(p.screen.raws || {}, "materials"))
    : null);
}

/** The areas the how-to-play page pictures (js/howto.js), each drawn as on the table. */
const figures = {
  week, stalls, craftsmen, harbour, relics,
  family: (ctx) => el("div", { class: "sheets" }, sheet(ctx, ctx.view.players[ctx.seat])),
};

export default {
  figures,
  seatColours: (ctx) => ctx.view.players.map((p) => COLOURS[p.colour] || "#888"),
  header(ctx) {
    const v = ctx.view;
    return `${t("c_week", { week: v.week, weeks: v.weeks })} · ${t(`day_${v.day_name}`)}`;
  },
  decision(ctx) {
    const d = ctx.view.decision;
    const rows = Object.entries(d).filter(([k]) => k !== "kind").map(([k, value]) => {
      let text;
      if (k === "seat" || k === "mayor") text = ctx.names[value];
      else if (Array.isArray(value) && ["waiting", "committed", "passed"].includes(k)) text = value.map((s) => ctx.names[s]).join(", ") || "-";
      else if (k === "decree") text = explained(el("span", {}, decree(value)), "decrees", value);
      else if (k === "phase") text = nameOf("phases", value);
      else if (k === "choice") text = nameOf("choices", value);
      else if (k === "my_choice") text = ctx.choiceText ?? "-";  // the server words the seat's own secret choice
      else text = typeof value === "object" ? JSON.stringify(value) : String(value);
      return el("tr", {}, el("th", {}, label("field", k)), el("td", {}, text));
    });
    return el("div", {}, el("b", {}, t(`dec_${d.kind}`)), el("table", { class: "kv small" }, rows));
  },
  tiebreak(ctx, s) {
    const p = ctx.view.players[s];
    const sum = (o) => Object.values(o).reduce((a, b) => a + b, 0);
    return [[t("c_money"), sum(p.money)], [t("goods"), sum(p.goods)]];
  },
  tiebreakNote: () => `${t("score")} → ${t("c_money")} → ${t("goods")}`,
  render(ctx) {
    return el("div", { class: "colonia" },
      week(ctx),
      el("div", { class: "row" }, stalls(ctx), craftsmen(ctx)),
      harbour(ctx),
      relics(ctx),
      el("section", { class: "panel" }, el("h2", {}, t("players")),
        el("div", { class: "sheets" }, ctx.view.players.map((p) => sheet(ctx, p)))));
  },
};
