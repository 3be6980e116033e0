// Constantinopolis: the office track, the market, the building supply, every player's sheet and
// the player's own contracts; each board element that stands for a legal action can be clicked, and
// each one that stands for a thing of the game (office, building, market card, good, ship, trading
// post, contract) explains itself (explained(), the words of engine/explain.py).
import { count, el, goodsCubes, nameOf, svg, t } from "../common.js";
import { explained } from "../explain.js";
import { fit } from "./svgtext.js";

const GOODS = ["alimentary", "consumer", "industrial", "military", "luxury"];
const SIZES = ["small", "medium", "large"];

const good = (g) => nameOf("goods", g);
const office = (o) => nameOf("offices", o);
const building = (b) => nameOf("buildings", b);
const size = (z) => nameOf("sizes", z);

function cargo(vector) {
  const parts = vector.map((n, i) => (n ? count(n, `good_${GOODS[i]}`, good(GOODS[i])) : null)).filter(Boolean);
  return parts.join(", ") || t("none");
}

function goodsText(goods) {
  const parts = Object.entries(goods).filter(([, n]) => n).map(([g, n]) => count(n, `good_${g}`, good(g)));
  return parts.join(", ") || t("none");
}

/** Goods cubes, each explaining its good (a cube's second class names it). */
function cubes(goods) {
  return goodsCubes(goods).map((node) => explained(node, "wares", node.classList[1]));
}

function me(ctx) {
  return ctx.seat === null ? null : ctx.view.players[ctx.seat];
}

// ---- board parts -----------------------------------------------------------------------------------
function officeTrack(ctx) {
  const v = ctx.view;
  const d = v.decision || {};
  const w = 160;
  // One small drawing per office, so the track wraps onto two rows on a phone.
  const offices = v.offices.map((o, i) => {
    const bidding = d.office === o.office && d.bid !== undefined;
    const name = `${i + 1}. ${office(o.office)}`;
    const g = svg("g", { class: "office", "data-testid": `office-${o.office}` },
      svg("rect", { class: "frame", x: 2, y: 2, width: w - 4, height: 136, rx: 10, fill: "#fbf3e1",
        stroke: bidding ? "#b0379a" : "#c7b08a", "stroke-width": bidding ? 4 : 2 }),
      svg("text", { x: w / 2, y: 24, "text-anchor": "middle", "font-size": 13, "font-weight": 700,
        textLength: name.length > 17 ? w - 16 : null, lengthAdjust: "spacingAndGlyphs" }, name),
      svg("circle", { cx: w / 2, cy: 64, r: 22, fill: o.holder === null ? "#eee" : `var(--p${o.holder % 6})`,
        stroke: "#555" }),
      svg("text", { x: w / 2, y: 69, "text-anchor": "middle", "font-size": 14, fill: "#fff", "font-weight": 700 },
        o.holder === null ? "" : String(o.holder + 1)),
      svg("text", { x: w / 2, y: 106, "text-anchor": "middle", "font-size": 13 },
        o.holder === null ? t("vacant") : ctx.names[o.holder]),
      svg("text", { x: w / 2, y: 127, "text-anchor": "middle", "font-size": 12, fill: "#7a6a58" },
        `${t("stake")}: ${o.stake}` + (bidding ? ` · ${d.bid}` : "")));
    ctx.bind(g, (a) => ((a.kind === "office_move" || a.kind === "office_challenge") && a.office === o.office)
      || (a.kind === "office_stay" && me(ctx)?.office === o.office));
    explained(g, "offices", o.office);
    return svg("svg", { viewBox: `0 0 ${w} 140`, role: "img", "aria-label": name }, g);
  });
  const order = v.player_order.map((s) => ctx.names[s]).join(" → ");
  return el("section", { class: "panel offices", "data-testid": "offices" }, el("h2", {}, t("offices")),
    el("div", { class: "track" }, offices),
    el("p", { class: "small" }, `${t("player_order")}: ${order}`));
}

const CUBE = { alimentary: "var(--ali)", consumer: "var(--con)", industrial: "var(--ind)", military: "var(--mil)",
  luxury: "var(--lux)" };

/** The current market card, drawn as the card: its name, and per good the buying and selling price
 * (coins) and the donation (goods -> fame); each price and donation is a place to click. */
function market(ctx) {
  const m = ctx.view.market;
  const donations = Object.fromEntries(m.donations.map((d) => [d.good, d]));
  const W = 420;
  const ROW = 34;
  const top = 62;
  const cell = (kind, g, x, w, y, label) => ctx.bind(svg("g", { "data-testid": `${kind}-${g}`, class: "cell" },
    svg("rect", { class: "frame", x, y: y + 3, width: w, height: ROW - 6, rx: 6, fill: "#fffaf0", stroke: "#d8c7a6" }),
    label), (a) => a.kind === kind && a.good === g);
  const coin = (x, y, n) => [svg("circle", { cx: x, cy: y, r: 11, fill: "#e8c45a", stroke: "#a9851f" }),
    svg("text", { x, y: y + 4.5, "text-anchor": "middle", "font-size": 13, "font-weight": 700, fill: "#4a3508" }, n)];
  const rows = GOODS.map((g, i) => {
    const y = top + i * ROW;
    const mid = y + ROW / 2;
    const d = donations[g];
    return svg("g", {},
      explained(svg("g", {}, svg("rect", { x: 12, y: mid - 9, width: 18, height: 18, rx: 3, fill: CUBE[g], stroke: "#333" }),
        svg("text", { x: 38, y: mid + 5, "font-size": 13, ...fit(nameOf("wares", g), 166, 13) }, nameOf("wares", g))),
      "wares", g),
      cell("market_buy", g, 210, 56, y, coin(238, mid, m.buy[g])),
      cell("market_sell", g, 272, 56, y, coin(300, mid, m.sell[g])),
      d ? cell("donate", g, 334, 76, y, svg("text", { x: 372, y: mid + 5, "text-anchor": "middle", "font-size": 13 },
        `${d.qty} → ${d.fp} ★`)) : null);
  });
  const H = top + GOODS.length * ROW + 12;
  const head = (x, w, text) => svg("text", { x, y: top - 8, "text-anchor": "middle", "font-size": 11, fill: "#7a6a58",
    ...fit(text, w, 11) }, text);
  const card = svg("svg", { viewBox: `0 0 ${W} ${H}`, role: "img", class: "market-card",
    "aria-label": `${t("market")}: ${nameOf("markets", m.current)}` },
  svg("rect", { x: 1, y: 1, width: W - 2, height: H - 2, rx: 12, fill: "#fbf3e1", stroke: "#8a5a19", "stroke-width": 2 }),
  explained(svg("g", {}, svg("rect", { x: 1, y: 1, width: W - 2, height: 34, rx: 12, fill: "#8a5a19" }),
    svg("text", { x: W / 2, y: 24, "text-anchor": "middle", "font-size": 16, "font-weight": 700, fill: "#fff" },
      nameOf("markets", m.current))), "markets", m.current),
  head(238, 56, t("buy")), head(300, 56, t("sell")), head(372, 76, t("donation")), rows);
  return el("section", { class: "panel market", "data-testid": "market" }, el("h2", {}, t("market")), card,
    el("p", { class: "small" }, `★ ${t("fp")} · `, t("trade_limit", { n: m.trade_limit }), " · ",
      t("next_market", { n: m.future_cards, ex: m.exhaustions })));
}

function supply(ctx) {
  const v = ctx.view;
  const cats = new Map();
  for (const [id, left] of Object.entries(v.building_supply)) {
    const b = ctx.content.buildings[id];
    if (!cats.has(b.category)) cats.set(b.category, []);
    cats.get(b.category).push([id, left, b]);
  }
  // Tiles in the colours of the box: production red, commercial yellow, utility green, public purple,
  // walls grey; a production tile shows the licence (A-D) it needs.
  const card = ([id, left, b]) => explained(ctx.bind(el("div", {
    class: `building cat${b.category}` + (left ? "" : " empty"), "data-testid": `building-${id}` },
  el("span", { class: "cost" }, `${b.cost}`),
  b.category === 0 && b.licence >= 0 ? el("span", { class: "licence" }, "ABCD"[b.licence]) : null,
  el("b", {}, building(id)), el("br"),
  b.output.some(Boolean) ? el("span", {}, "⇒ ", cubes(Object.fromEntries(GOODS.map((g, i) => [g, b.output[i]])
    .filter(([, n]) => n)))) : null,
  b.gold || b.fp ? el("span", { class: "small" }, ` ${[b.gold && count(b.gold, "gold"), b.fp && count(b.fp, "fp")]
    .filter(Boolean).join(", ")}`) : null,
  el("span", { class: "muted small" }, ` ×${left}`)),
  (a) => a.kind === "buy_building" && a.building === id), "buildings", id);
  const ships = SIZES.map((z, i) => explained(ctx.bind(el("span", { class: "ship", "data-testid": `ship-supply-${z}` },
    `${size(z)} ${count(ctx.content.ship_cost[i], "gold")} ×${v.ship_supply[z]}`), (a) => a.kind === "buy_ship" && a.size === z),
  "ships", z));
  return el("section", { class: "panel supply", "data-testid": "supply" }, el("h2", {}, t("building_supply")),
    [...cats.entries()].sort((a, b) => a[0] - b[0]).map(([cat, items]) => el("div", { class: "cat" },
      el("h3", { class: `cat-title cat${cat}` }, t(`cat_${cat}`)), items.map(card))),
    el("h3", {}, t("ship_supply")), ships,
    el("p", { class: "small" }, t("deck", { n: v.deck_size }), " · ", t("discard", { n: v.discard.length })));
}

/** A scoring track drawn as a line with ticks and one marker per player (stacked when they share a space). */
function track(ctx, label, values, testid) {
  const top = Math.max(10, ...values) + 2;
  const w = 600;
  const x = (v) => 20 + (v / top) * (w - 40);
  const ticks = [];
  const step = top > 40 ? 10 : 5;
  for (let v = 0; v <= top; v += step) {
    ticks.push(svg("line", { x1: x(v), y1: 20, x2: x(v), y2: 28, stroke: "#8a7a66" }),
      svg("text", { x: x(v), y: 40, "text-anchor": "middle", "font-size": 10, fill: "#7a6a58" }, String(v)));
  }
  const seen = {};
  const markers = values.map((v, s) => {
    const level = (seen[v] = (seen[v] || 0) + 1) - 1;
    return svg("g", {}, svg("circle", { cx: x(v), cy: 14 - level * 7, r: 6, fill: `var(--p${s % 6})`, stroke: "#222" }),
      svg("title", {}, `${ctx.names[s]}: ${v}`));
  });
  return el("div", { class: "track-row", "data-testid": testid }, el("span", { class: "small" }, label),
    svg("svg", { viewBox: `0 -12 ${w} 56`, role: "img", "aria-label": label },
      svg("line", { x1: 20, y1: 24, x2: w - 20, y2: 24, stroke: "#8a7a66", "stroke-width": 2 }), ticks, markers));
}

const HULL = { small: 36, medium: 46, large: 56 };

/** A player's port and voyage boxes "2" (long) and "1" (short), as on the player sheet: each ship a hull
 * by its size, carrying its contract cards. */
function harbour(ctx, p) {
  const boxes = [["port", t("port_box")], ["long", t("voyage_box_long")], ["short", t("voyage_box_short")]];
  const H = 74;
  let x = 0;
  const drawn = boxes.map(([at, label]) => {
    const ships = p.ships.filter((sh) => sh.at === at);
    const width = Math.max(132, 10 + ships.reduce((w, sh) => w + HULL[sh.size] + 10, 0));
    let sx = x + 8;
    const hulls = ships.map((sh) => {
      const len = HULL[sh.size];
      const left = sx;
      sx += len + 10;
      const cards = sh.contracts.map((c, i) => explained(svg("g", {},
        svg("rect", { x: left + 2 + i * 9, y: 24 - i * 3, width: 30, height: 20, rx: 2, fill: "#fffdf3", stroke: "#8a7a66" }),
        svg("text", { x: left + 17 + i * 9, y: 37 - i * 3, "text-anchor": "middle", "font-size": 8 }, c)),
      "contract_cards", c));
      return svg("g", {}, cards, explained(svg("g", {},
        svg("path", { d: `M${left} 48 h${len} l-6 14 h${-(len - 12)} z`, fill: at === "port" ? "#8d6e4c" : "#3d6f9e",
          stroke: "#333" }),
        svg("text", { x: left + len / 2, y: 59, "text-anchor": "middle", "font-size": 8, fill: "#fff" },
          size(sh.size).charAt(0).toUpperCase())), "ships", sh.size));
    });
    const g = svg("g", { "data-testid": `harbour-${p.seat}-${at}` },
      svg("rect", { x: x + 1, y: 1, width: width - 2, height: H - 2, rx: 6, fill: at === "port" ? "#f3ead9" : "#e4eef7",
        stroke: "#b9a98f" }),
      svg("text", { x: x + 6, y: 13, "font-size": 9, fill: "#6b5b48" }, label), hulls);
    x += width + 4;
    return g;
  });
  return svg("svg", { class: "harbour", viewBox: `0 0 ${x} ${H}`, role: "img", "aria-label": t("ship_supply"),
    style: `max-width:${x * 1.25}px` }, drawn);
}

function sheet(ctx, p) {
  const s = p.seat;
  const v = ctx.view;
  const mine = s === ctx.seat;
  const buildings = p.buildings.map((id) => {
    // In its category's colour, as in the supply (the printed Ager has no tile there: production).
    const cat = ctx.content.buildings[id]?.category ?? 0;
    const chip = explained(el("span", { class: `chip own-building cat${cat}`, "data-testid": `own-${id}` }, building(id)),
      "buildings", id);
    return mine ? ctx.bind(chip, (a) => (a.kind === "use_commercial" || a.kind === "use_porta_pegae") && a.building === id)
      : chip;
  });
  const posts = explained(el("span", { "data-testid": mine ? "trading-posts" : null },
    `${p.trading_posts - p.unused_trading_posts}/${p.trading_posts}`), "trading_posts", "trading_post");
  if (mine) ctx.bind(posts, (a) => a.kind === "buy_trading_post");
  const reserved = p.reserved.map((r) => {
    const chip = explained(el("span", { class: "chip" }, `${r.contract} (${r.round})`), "contract_cards", r.contract);
    return mine ? ctx.bind(chip, (a) => a.kind === "release_reserved" && a.contract === r.contract) : chip;
  });
  const box = el("div", { class: `sheet pb${s % 6}` + (mine ? " me" : "") + (v.to_act.includes(s) ? " acting" : ""),
    "data-testid": `sheet-${s}` },
  el("h3", {}, el("span", { class: `pc${s % 6}` }, ctx.names[s] + (mine ? ` (${t("you")})` : "")),
    p.office ? explained(el("span", { class: "small muted" }, office(p.office)), "offices", p.office)
      : el("span", { class: "small muted" }, "")),
  el("div", { class: "stats" },
    el("span", {}, `${t("gold")}: `, el("b", { "data-testid": `gold-${s}` }, p.gold)),
    el("span", {}, `${t("fp")}: `, el("b", { "data-testid": `fp-${s}` }, p.fp)),
    el("span", {}, `${t("trading_posts")}: `, posts),
    el("span", {}, `${t("hand_size")}: ${p.hand_size}`),
    el("span", {}, `${t("production_level")}: ${p.production_level}`)),
  el("div", {}, `${t("goods")}: `, cubes(p.goods)),
  el("div", {}, `${t("buildings")}: `, buildings.length ? buildings : t("none")),
  harbour(ctx, p),
  reserved.length ? el("div", {}, `${t("reserved")}: `, reserved) : null);
  if (!mine) ctx.bind(box, (a) => a.kind === "trade_offer" && a.target === s);
  return box;
}

function contractCard(ctx, id, note) {
  const c = ctx.content.contracts[id];
  const card = explained(el("div", { class: "contract", "data-testid": `contract-${id}` },
    el("b", {}, `${id} · ${c.destination}`, note ? ` (${note})` : ""),
    el("div", {}, `${t("cargo")}: `, cargo(c.cargo)),
    c.passengers ? el("div", {}, `${t("passengers")}: ${c.passengers}`) : null,
    el("div", {}, `${t("voyage")}: ${SIZES.map((z, i) => `${size(z)} ${t(`voyage_${c.voyage[i]}`)}`).join(", ")}`),
    el("div", {}, `${t("reward")}: ${count(c.gold, "gold")}, ${count(c.fp, "fp")}`)), "contract_cards", id);
  return ctx.bind(card, (a) => ["swap_pick", "reserve_contract", "dispatch_ship", "load_contract"].includes(a.kind)
    && a.contract === id);
}

function myContracts(ctx) {
  const p = me(ctx);
  if (!p) return null;
  const hand = p.hand || [];
  const picked = ctx.view.decision && ctx.view.decision.picked;
  const cards = [...hand.map((id) => contractCard(ctx, id)),
    ...p.reserved.map((r) => contractCard(ctx, r.contract, t("reserved"))),
    picked ? contractCard(ctx, picked, "✓") : null];
  return el("section", { class: "panel", "data-testid": "my-contracts" }, el("h2", {}, t("my_contracts")),
    el("div", { class: "contracts" }, cards.filter(Boolean).length ? cards : el("span", { class: "muted" }, t("none"))));
}

const key = (text) => text.toLowerCase().replace(/[^a-z0-9]+/g, "_");

function decision(ctx) {
  const d = ctx.view.decision;
  const rows = Object.entries(d).filter(([k]) => k !== "kind").map(([k, value]) => {
    let text;
    if (["seat", "holder", "challenger", "buyer", "consul", "target", "leader"].includes(k)) text = ctx.names[value];
    else if (k === "waiting" || k === "committed") text = value.map((s) => ctx.names[s]).join(", ") || "-";
    else if (k === "office") text = office(value);
    else if (k === "building") text = building(value);
    else if (k === "size") text = size(value);
    else if (k === "source") text = nameOf("sources", value);
    else if (k === "choice") text = nameOf("choices", value);
    else if (k === "my_choice") text = ctx.choiceText ?? "-";  // the server words the seat's own secret choice
    else if (k === "give" || k === "get" || k === "goods") text = goodsText(value);
    else if (typeof value === "boolean") text = t(value ? "yes" : "no");
    else if (Array.isArray(value)) text = value.join(", ") || "-";
    else text = String(value);
    const kind = { office: "offices", building: "buildings", size: "ships" }[k];
    const cell = el("td", {}, text);
    return el("tr", {}, el("th", {}, t(`f_${k}`)), kind ? explained(cell, kind, value) : cell);
  });
  return el("div", {}, el("b", {}, t(`dec_${key(d.kind)}`)), el("table", { class: "kv small" }, rows), turnSoFar(ctx));
}

/** In a compound turn: what the player has already done, so what is still open is plain. */
function turnSoFar(ctx) {
  const d = ctx.view.decision;
  const p = me(ctx);
  if (!p || d.seat !== ctx.seat || !["own turn", "loading a ship"].includes(d.kind)) return null;
  const f = p.round_flags;
  const rows = [
    ["categories_bought", f.categories_bought.map((c) => t(`cat_${["production", "commercial", "utility", "public",
      "wall"].indexOf(c)}`)).join(", ")],
    ["trades", `${f.trades}/${f.trade_limit}`],
    ["bought", f.bought.map(good).join(", ")],
    ["sold", f.sold.map(good).join(", ")],
    ["commercial_used", f.commercial_used.map(building).join(", ")],
  ];
  return el("div", { "data-testid": "turn-so-far" }, el("b", { class: "small" }, t("this_turn")),
    el("table", { class: "kv small" }, rows.map(([k, text]) => el("tr", {}, el("th", {}, t(`f_${k}`)),
      el("td", {}, text || "-")))));
}

/** The areas the how-to-play page pictures (js/howto.js), each drawn as on the table. */
const figures = {
  offices: officeTrack,
  market,
  supply,
  contracts: myContracts,
  tracks: (ctx) => el("section", { class: "panel" },
    track(ctx, t("fp"), ctx.view.players.map((p) => p.fp), "fame-track"),
    track(ctx, t("production_level"), ctx.view.players.map((p) => p.production_level), "production-track")),
  sheet: (ctx) => el("div", { class: "sheets" }, sheet(ctx, ctx.view.players[ctx.seat])),
};

export default {
  figures,
  decision,
  header(ctx) {
    const v = ctx.view;
    const phase = `${v.phase} (${t(`phase_${v.phase}`)})`;
    if (!v.final_round) return t("round_phase", { round: v.round, phase });
    return `${t("round_of", { round: v.round, final: v.final_round })} · ${phase}`;
  },
  tiebreak(ctx, s) {
    const p = ctx.view.players[s];
    return [[t("gold"), p.gold], [t("goods"), Object.values(p.goods).reduce((a, b) => a + b, 0)]];
  },
  tiebreakNote: () => `${t("fp")} → ${t("gold")} → ${t("goods")}`,
  render(ctx) {
    return el("div", { class: "constantinopolis" },
      el("div", { class: "row" }, officeTrack(ctx)),
      el("div", { class: "row" }, market(ctx), myContracts(ctx)),
      el("section", { class: "panel" }, el("h2", {}, t("players")),
        track(ctx, t("fp"), ctx.view.players.map((p) => p.fp), "fame-track"),
        track(ctx, t("production_level"), ctx.view.players.map((p) => p.production_level), "production-track"),
        el("div", { class: "sheets" }, ctx.view.players.map((p) => sheet(ctx, p)))),
      supply(ctx));
  },
};
