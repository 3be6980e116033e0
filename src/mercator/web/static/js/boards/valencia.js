// Valencia / Strasbourg: the city grid (members, landmarks, palms or chapels), the council, the
// round's auction track, the supply, each player's visible stacks and the player's own cards.
// Every content entity on it is marked with explained(): hover, focus or a tap says what it does
// (the kinds and ids of games/valencia/explain.py).
import { el, nameOf, pretty, svg, t } from "../common.js";
import { explained } from "../explain.js";
import { fit, wrap } from "./svgtext.js";
import generic from "./generic.js";

const GUILD_COLOURS = { bakers: "#e8c170", butchers: "#d98880", shoemakers: "#b08866", vintners: "#b39ddb",
  smiths: "#aab7b8", site: "#eeeeee" };
// A sign per guild beside its colour, so a district reads without telling colours apart.
const GUILD_SIGNS = { bakers: "●", butchers: "▲", shoemakers: "■", vintners: "◆", smiths: "✚" };
const CELL = 56;

const guild = (g) => nameOf("guilds", g);

function me(ctx) {
  return ctx.seat === null ? null : ctx.view.players[ctx.seat];
}

function priv(ctx) {
  return me(ctx)?.private || {};
}

function strasbourg(ctx) {
  return ctx.view.edition === "strasbourg";
}

// The edition's bonus piece (palm / chapel) and landmark kind (fountain / edifice): explain ids.
/** A task card's name in the table's edition (Strasbourg names its landmark, chapel and seat cards apart). */
function taskName(ctx, id) {
  const apart = `strasbourg_${id}`;
  return strasbourg(ctx) && nameOf("tasks", apart) !== pretty(apart) ? nameOf("tasks", apart) : nameOf("tasks", id);
}

function pieceKind(ctx) {
  return strasbourg(ctx) ? "chapel" : "palm";
}

function piece(ctx) {
  return nameOf("pieces", pieceKind(ctx));
}

function siteKind(ctx) {
  return strasbourg(ctx) ? "edifice" : "fountain";
}

// The city pieces the map is made of: Valencia's layout "default" is every piece on side A (spec
// §2), otherwise the view names the faces ("p1a p2b ..."); Strasbourg has one fixed map.
function cityPieces(ctx) {
  if (strasbourg(ctx)) return ["strasbourg"];
  const layout = ctx.view.city.layout;
  return layout === "default" ? ["p1a", "p2a", "p3a", "p4a"] : layout.split(" ");
}

/** ``values`` (influence cards) as explained spans joined by ``sep``, or "-" when there are none. */
function cardList(values, sep) {
  if (!values.length) return "-";
  return values.flatMap((v, i) => [i ? sep : null, explained(el("span", {}, String(v)), "influence_card", String(v))]);
}

// 'fountain_5' -> 'F5': the full name is the element's tooltip.
function landmarkShort(id) {
  const [kind, size] = id.split("_");
  return `${kind.charAt(0).toUpperCase()}${size ?? ""}`;
}

// A bid as "Anna: 3+4 = 7", each revealed card explained (a flat list of children: el() flattens
// one level only).
function bidText(ctx, b) {
  if (typeof b !== "object" || b === null) return [String(b)];
  const values = Array.isArray(b.values) && b.values.length ? [...cardList(b.values, "+"), " = "] : [];
  return [`${ctx.names[b.seat] ?? "?"}: `, ...values, String(b.bid ?? "")];
}

function city(ctx) {
  const c = ctx.view.city;
  const width = c.cols * CELL;
  const height = c.rows * CELL;
  const cells = [];
  for (let r = 1; r <= c.rows; r++) {
    for (let col = 1; col <= c.cols; col++) {
      const id = `r${r}c${col}`;
      const kind = c.cells[id];
      const owner = c.members[id];
      const landmark = c.landmarks[id];
      const g = explained(svg("g", { class: "space", "data-testid": `space-${id}`, transform: `translate(${(col - 1) * CELL},${(r - 1) * CELL})` },
        svg("rect", { class: "frame", x: 1, y: 1, width: CELL - 2, height: CELL - 2, rx: 4,
          fill: GUILD_COLOURS[kind] || "#ddd", stroke: "#8a7a66" }),
        svg("title", {}, `${id}: ${kind === "site" ? t("v_site") : guild(kind)}`),
        kind === "site" ? svg("circle", { cx: CELL / 2, cy: CELL / 2, r: 16, fill: "none", stroke: "#9a8f80",
          "stroke-dasharray": "3 3" })
          : svg("text", { x: 5, y: 14, "font-size": 11, fill: "rgba(0,0,0,.42)" }, GUILD_SIGNS[kind] ?? ""),
        owner !== undefined ? explained(svg("g", {},
          svg("circle", { cx: CELL / 2, cy: CELL / 2 + 4, r: 13, fill: `var(--p${owner % 6})`, stroke: "#222" }),
          svg("text", { x: CELL / 2, y: CELL / 2 + 9, "text-anchor": "middle", "font-size": 13, fill: "#fff",
            "font-weight": 700 }, String(owner + 1))), "token", "member") : null,
        landmark ? explained(svg("g", {},
          svg("rect", { x: 12, y: 18, width: CELL - 24, height: 26, rx: 6, fill: "#fff", stroke: "#555" }),
          svg("text", { x: CELL / 2, y: 36, "text-anchor": "middle", "font-size": 14, "font-weight": 700 },
            landmarkShort(landmark)),
          svg("title", {}, nameOf("landmarks", landmark))), "landmark", landmark) : null,
        c.blocked.includes(id) ? explained(svg("g", {}, svg("line", { x1: 4, y1: 4, x2: CELL - 4, y2: CELL - 4,
          stroke: "#555", "stroke-width": 2 })), "token", "blocker") : null),
      kind === "site" ? "site" : "guild", kind === "site" ? siteKind(ctx) : kind);
      ctx.bind(g, (a) => (a.kind === "place" && a.space === id) || (a.kind === "move" && a.to === id)
        || (a.kind === "place_landmark" && a.site === id));
      cells.push(g);
    }
  }
  const dots = c.dots.map((dot) => {
    const [r, col] = dot.replace("dot_r", "").split("c").map(Number);
    const placed = c.bonus_pieces.includes(dot);
    const g = explained(svg("g", { class: "dot", "data-testid": dot },
      svg("circle", { class: "frame", cx: col * CELL, cy: r * CELL, r: placed ? 8 : 5, fill: placed ? "#2e8b57" : "#fff",
        stroke: "#333" }), svg("title", {}, placed ? piece(ctx) : dot)), "bonus_piece", pieceKind(ctx));
    return ctx.bind(g, (a) => a.kind === "place_bonus_piece" && a.dot === dot);
  });
  // Valencia's city is four pieces of 3 rows by 4 columns: their seams drawn as on the table.
  const seams = cityPieces(ctx).length === 4 ? [
    svg("line", { x1: width / 2, y1: 0, x2: width / 2, y2: height, stroke: "#5b4630", "stroke-width": 3 }),
    svg("line", { x1: 0, y1: height / 2, x2: width, y2: height / 2, stroke: "#5b4630", "stroke-width": 3 })] : [];
  return el("section", { class: "panel city", "data-testid": "city" }, el("h2", {}, t("v_city")),
    svg("svg", { viewBox: `-2 -2 ${width + 4} ${height + 4}`, role: "img", "aria-label": t("v_city") }, cells,
      seams, dots),
    el("div", { class: "small" }, Object.keys(GUILD_COLOURS).map((g) => explained(el("span", { class: "chip",
      style: `background:${GUILD_COLOURS[g]}` }, g === "site" ? t("v_site") : `${GUILD_SIGNS[g]} ${guild(g)}`),
    g === "site" ? "site" : "guild", g === "site" ? siteKind(ctx) : g)),
    cityPieces(ctx).map((x) => explained(el("span", { class: "chip" }, nameOf("city_piece", x)), "city_piece", x))));
}

/** The round card's row of auctions as on the table (nine, seven in Strasbourg), then the landmark the
 * round builds: each step a card with its letter, what it is for and its guild's colour; the one being
 * auctioned framed, the ones done faded. */
function auctionRow(ctx, card, a) {
  const W = 84;
  const H = 92;
  const at = a ? card.steps.findIndex((s) => s.step === a.step) : -1;
  // One small drawing per card, so the row wraps in a narrow column and on a phone.
  const drawing = (label, node) => svg("svg", { viewBox: `0 0 ${W} ${H}`, width: W, height: H, role: "img",
    "aria-label": label }, node);
  const steps = card.steps.map((s, i) => {
    const [l1, l2] = wrap(nameOf("auctions", s.type), 12);
    const current = i === at;
    const title = `${s.step}: ${nameOf("auctions", s.type)}${s.guild ? ` · ${guild(s.guild)}` : ""}`;
    return drawing(title, explained(svg("g", { class: "step" + (current ? " current" : ""),
      "data-testid": `step-${s.step}`, opacity: at >= 0 && i < at ? 0.5 : 1 },
    svg("title", {}, title),
    svg("rect", { x: 1, y: 1, width: W - 2, height: H - 2, rx: 8, fill: "#fbf3e1",
      stroke: current ? "#8a5a19" : "#c7b08a", "stroke-width": current ? 3.5 : 1.5 }),
    s.guild ? explained(svg("rect", { x: 2, y: H - 22, width: W - 4, height: 20, fill: GUILD_COLOURS[s.guild] }),
      "guild", s.guild) : null,
    svg("text", { x: W / 2, y: 26, "text-anchor": "middle", "font-size": 22, "font-weight": 700, fill: "#5b4630" },
      s.step),
    svg("text", { x: W / 2, y: 44, "text-anchor": "middle", "font-size": 11, ...fit(l1, W - 10, 11) }, l1),
    l2 ? svg("text", { x: W / 2, y: 58, "text-anchor": "middle", "font-size": 11, ...fit(l2, W - 10, 11) }, l2) : null,
    s.guild ? svg("text", { x: W / 2, y: H - 7, "text-anchor": "middle", "font-size": 10.5,
      ...fit(`${GUILD_SIGNS[s.guild]} ${guild(s.guild)}`, W - 10, 10.5) }, `${GUILD_SIGNS[s.guild]} ${guild(s.guild)}`)
      : null), "step", s.type));
  });
  const [m1, m2] = wrap(nameOf("landmark", card.landmark), 12);
  const landmark = drawing(nameOf("landmark", card.landmark), explained(svg("g", {},
    svg("title", {}, nameOf("landmark", card.landmark)),
    svg("rect", { x: 1, y: 1, width: W - 2, height: H - 2, rx: 8, fill: "#eef3e6", stroke: "#6b8e4e",
      "stroke-dasharray": "4 3" }),
    svg("text", { x: W / 2, y: 26, "text-anchor": "middle", "font-size": 18, fill: "#4d6b38" }, "→"),
    svg("text", { x: W / 2, y: 46, "text-anchor": "middle", "font-size": 11, ...fit(m1, W - 10, 11) }, m1),
    m2 ? svg("text", { x: W / 2, y: 60, "text-anchor": "middle", "font-size": 11, ...fit(m2, W - 10, 11) }, m2)
      : null), "landmark", card.landmark));
  return el("div", { class: "auction-row" }, steps, landmark);
}

function auction(ctx) {
  const v = ctx.view;
  const card = (v.round_cards || []).find((c) => c.round === v.round);
  const a = v.auction;
  return el("section", { class: "panel", "data-testid": "auction" },
    el("h2", {}, t("v_auction"), " · ", card ? explained(el("span", {}, t("v_round_card", { round: v.round })),
      "round_card", card.card) : t("v_round_card", { round: v.round })),
    card ? auctionRow(ctx, card, a) : null,
    el("p", { class: "small" }, explained(el("span", {}, t("v_figure", { name: ctx.names[v.figure] ?? "-" })),
      "token", "figure"),
      a ? ` · ${t("v_queue")}: ${a.queue.map((s) => ctx.names[s]).join(", ") || "-"}` : "",
      a && a.bids.length ? [` · ${t("v_bids")}: `, ...a.bids.flatMap((b, i) => [i ? ", " : null, ...bidText(ctx, b)])] : ""));
}

function council(ctx) {
  const v = ctx.view;
  return el("section", { class: "panel", "data-testid": "council" }, el("h2", {}, t("v_council")),
    el("div", { class: "council-seats" }, Object.entries(v.council).map(([seat, holder]) => {
      // A seat drawn as its tile: the guild's colour band and sign, the holder's disc and name.
      const g = seat.startsWith("guild_") ? seat.slice(6) : null;
      const name = nameOf("council_seats", seat);
      return explained(svg("svg", { viewBox: "0 0 96 64", width: 96, height: 64, role: "img", "data-testid": `seat-${seat}`,
        "aria-label": `${name}: ${holder === null ? "-" : ctx.names[holder]}` },
      svg("rect", { x: 1, y: 1, width: 94, height: 62, rx: 8, fill: "#fbf3e1", stroke: "#c7b08a" }),
      g ? svg("rect", { x: 2, y: 2, width: 92, height: 16, fill: GUILD_COLOURS[g] }) : null,
      svg("text", { x: 48, y: 14, "text-anchor": "middle", "font-size": 10.5, "font-weight": 700,
        ...fit(g ? `${GUILD_SIGNS[g]} ${name}` : name, 86, 10.5) }, g ? `${GUILD_SIGNS[g]} ${name}` : name),
      holder === null ? svg("circle", { cx: 48, cy: 38, r: 11, fill: "none", stroke: "#b9a98f", "stroke-dasharray": "3 3" })
        : svg("circle", { cx: 48, cy: 38, r: 11, fill: `var(--p${holder % 6})`, stroke: "#222" }),
      holder === null ? null : svg("text", { x: 48, y: 42.5, "text-anchor": "middle", "font-size": 12, "font-weight": 700,
        fill: "#fff" }, String(holder + 1)),
      svg("text", { x: 48, y: 59, "text-anchor": "middle", "font-size": 9.5, fill: "#6b5b48",
        ...fit(holder === null ? "-" : ctx.names[holder], 86, 9.5) }, holder === null ? "-" : ctx.names[holder])),
      "council_seat", seat);
    })),
    el("p", { class: "small" }, `${t("v_supply")}: `,
      Object.entries(v.supply.goods).flatMap(([g, n], i) => [i ? ", " : null,
        explained(el("span", {}, `${guild(g)} ${n}`), "good", g)]),
      " · ", explained(el("span", {}, `${t("v_privileges")}: ${v.supply.privileges}`), "token", "privilege"),
      " · ", explained(el("span", {}, `${t("v_bonus")}: ${v.supply.bonus_pieces}`), "bonus_piece", pieceKind(ctx))));
}

/** A card drawn face down (its back) or face up (its value), at ``x``, ``y``. */
function cardShape(x, y, value) {
  return svg("g", {},
    svg("rect", { x, y, width: 26, height: 36, rx: 3, fill: value === null ? "#5b4630" : "#fffaf0", stroke: "#333" }),
    value === null ? svg("rect", { x: x + 4, y: y + 4, width: 18, height: 28, rx: 2, fill: "none", stroke: "#c7b08a" })
      // The value in the corner, as on a card: a fanned card still shows it.
      : svg("text", { x: x + 3.5, y: y + 15, "font-size": 13, "font-weight": 700 }, String(value)));
}

/** A player's influence cards on the table: the draw pile (its count), the stacks formed this round (face
 * down, or their values once revealed; the owner sees their own), and the discard. */
function cardsArea(ctx, p, mine) {
  const ownStacks = mine ? Object.fromEntries((p.private?.stacks || []).map((st) => [st.stack, st.values])) : {};
  const parts = [];
  let x = 4;
  const label = (text, at) => svg("text", { x: at, y: 11, "font-size": 9, fill: "#6b5b48" }, text);
  parts.push(label(t("v_pile"), x), explained(svg("g", {}, cardShape(x, 16, null), cardShape(x + 3, 13, null),
    svg("text", { x: x + 16, y: 64, "text-anchor": "middle", "font-size": 10, "font-weight": 700 }, String(p.pile))),
  "token", "pile"));
  x += 44;
  if (p.stacks.length) parts.push(label(t("v_stacks"), x));
  for (const st of p.stacks) {
    const values = ownStacks[st.stack] ?? (st.state !== "face_down" ? st.values : null);
    const n = Math.max(1, values ? values.length : st.size);
    const g = explained(svg("g", { "data-testid": mine ? `stack-${st.stack}` : null, class: "stack",
      opacity: st.state === "used" ? 0.4 : 1 },
      svg("title", {}, `${st.stack}: ${values ? values.join("+") : "▮".repeat(st.size)} (${t(`vstate_${st.state}`)})`),
      Array.from({ length: n }, (_, i) => cardShape(x + i * 9, 16 - i * 2, values ? values[i] : null)),
      // The stack's number under it; a used stack is faded (its state is in the title).
      svg("text", { x: x + 13 + (n - 1) * 4.5, y: 64, "text-anchor": "middle", "font-size": 10, "font-weight": 700 },
        String(st.stack))), "token", "stack");
    parts.push(mine ? ctx.bind(g, (a) => (a.kind === "reveal" || a.kind === "assign") && a.stack === st.stack) : g);
    x += 34 + (n - 1) * 9;
  }
  if (p.discard.length) {
    parts.push(label(t("v_discard"), x));
    // Sorted by value, one card per value with how many lie there: which influence is spent for good.
    for (let v = 1; v <= 6; v++) {
      const n = p.discard.filter((d) => d === v).length;
      parts.push(explained(svg("g", { opacity: n ? 1 : 0.3 }, cardShape(x, 16, v),
        svg("text", { x: x + 13, y: 64, "text-anchor": "middle", "font-size": 10, "font-weight": 700 }, `×${n}`)),
      "influence_card", String(v)));
      x += 30;
    }
  }
  return svg("svg", { class: "cards-area", viewBox: `0 0 ${Math.max(x, 200)} 70`, role: "img",
    "aria-label": `${t("v_pile")}, ${t("v_stacks")}, ${t("v_discard")}`, style: `max-width:${Math.max(x, 200) * 1.4}px` },
  parts);
}

function sheet(ctx, p) {
  const s = p.seat;
  const mine = s === ctx.seat;
  const goods = Object.entries(p.goods).filter(([, n]) => n).map(([g, n]) => {
    const chip = explained(el("span", { class: "chip", style: `background:${GUILD_COLOURS[g]}` }, `${n} ${guild(g)}`),
      "good", g);
    return mine ? ctx.bind(chip, (a) => a.kind === "sell" && a.guild === g) : chip;
  });
  return el("div", { class: `sheet pb${s % 6}` + (mine ? " me" : "") + (ctx.view.to_act.includes(s) ? " acting" : ""),
    "data-testid": `sheet-${s}` },
  el("h3", {}, el("span", { class: `pc${s % 6}` }, ctx.names[s] + (mine ? ` (${t("you")})` : ""))),
  el("div", { class: "stats" },
    el("span", {}, `${t("v_vp")}: `, el("b", {}, p.vp)),
    explained(el("span", {}, `${t("v_coins")}: ${p.coins}`), "token", "coin"),
    explained(el("span", {}, `${t("v_privileges")}: ${p.privileges}`), "token", "privilege"),
    explained(el("span", {}, `${t("v_members")}: ${p.members_in_supply}`), "token", "member"),
    explained(el("span", {}, `${t("v_pile")}: ${p.pile}`), "token", "pile")),
  el("div", {}, `${t("goods")}: `, goods.length ? goods : t("none")),
  cardsArea(ctx, p, mine),
  el("div", { class: "small" }, `${t("v_tasks")}: `, t("v_kept", { n: p.tasks_kept, dealt: p.tasks_dealt })));
}

function myCards(ctx) {
  const p = priv(ctx);
  if (!me(ctx) || !me(ctx).private) return null;
  const hand = (p.hand || []).map((value) => explained(ctx.bind(el("span", { class: "chip famcard" }, String(value)),
    (a) => a.kind === "return_card" && a.value === value), "influence_card", String(value)));
  const tasks = (p.kept_tasks?.length ? p.kept_tasks : p.dealt_tasks || []).map((x) => explained(el("span",
    { class: "chip" }, taskName(ctx, x)), "tasks", x));
  return el("section", { class: "panel", "data-testid": "my-cards" }, el("h2", {}, t("v_my_cards")),
    el("div", {}, `${t("v_hand")}: `, hand.length ? hand : t("none")),
    el("div", {}, `${t("v_tasks")}: `, tasks.length ? tasks : t("none")),
    el("div", { class: "small muted" }, `${t("v_pile")}: `, (p.pile_values || []).length ? cardList(p.pile_values, " ") : ""));
}

/** The areas the how-to-play page pictures (js/howto.js), each drawn as on the table. */
const figures = {
  city, auction, council,
  cards: myCards,
  player: (ctx) => el("div", { class: "sheets" }, sheet(ctx, ctx.view.players[ctx.seat])),
};

export default {
  figures,
  toggles: {
    keep_tasks: { field: "keep", legend: () => t("keep_tasks_legend"),
      labels: (ctx) => (priv(ctx).dealt_tasks || []).map((x) => taskName(ctx, x)) },
  },
  header(ctx) {
    const v = ctx.view;
    return `${t(`optval_${v.edition}`)} · ${t("v_round_card", { round: v.round })} · ${t(`vphase_${v.phase}`)}`;
  },
  decision(ctx) {
    const { kind, ...rest } = ctx.view.decision;
    return el("div", {}, el("b", {}, t(`dec_${kind.replace(/[^a-z0-9]+/g, "_")}`)),
      generic.decision({ ...ctx, view: { ...ctx.view, decision: rest } }));
  },
  tiebreak(ctx, s) {
    const p = ctx.view.players[s];
    const inCity = Object.values(ctx.view.city.members).filter((x) => x === s).length;
    return [[t("v_city"), inCity], [t("v_coins"), p.coins]];
  },
  tiebreakNote: () => `${t("v_vp")} → ${t("v_city")} → ${t("v_coins")}`,
  render(ctx) {
    return el("div", { class: "valencia" },
      el("div", { class: "row" }, city(ctx), el("div", { style: "flex:1 1 280px" }, auction(ctx), council(ctx))),
      myCards(ctx),
      el("section", { class: "panel" }, el("h2", {}, t("players")),
        el("div", { class: "sheets" }, ctx.view.players.map((p) => sheet(ctx, p)))));
  },
};
