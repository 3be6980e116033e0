// Valencia / Strasbourg: the city grid (members, landmarks, palms or chapels), the council, the
// round's auction track, the supply, each player's visible stacks and the player's own cards.
import { el, nameOf, svg, t } from "../common.js";
import generic from "./generic.js";

const GUILD_COLOURS = { bakers: "#e8c170", butchers: "#d98880", shoemakers: "#b08866", vintners: "#b39ddb",
  smiths: "#aab7b8", site: "#eeeeee" };
const CELL = 56;

const guild = (g) => nameOf("guilds", g);

function me(ctx) {
  return ctx.seat === null ? null : ctx.view.players[ctx.seat];
}

function priv(ctx) {
  return me(ctx)?.private || {};
}

function piece(ctx) {
  return nameOf("pieces", ctx.view.edition === "strasbourg" ? "chapel" : "palm");
}

// 'fountain_5' -> 'F5': the full name is the element's tooltip.
function landmarkShort(id) {
  const [kind, size] = id.split("_");
  return `${kind.charAt(0).toUpperCase()}${size ?? ""}`;
}

function bidText(ctx, b) {
  if (typeof b !== "object" || b === null) return String(b);
  const values = Array.isArray(b.values) ? `${b.values.join("+")} = ` : "";
  return `${ctx.names[b.seat] ?? "?"}: ${values}${b.bid ?? ""}`;
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
      const g = svg("g", { class: "space", "data-testid": `space-${id}`, transform: `translate(${(col - 1) * CELL},${(r - 1) * CELL})` },
        svg("rect", { class: "frame", x: 1, y: 1, width: CELL - 2, height: CELL - 2, rx: 4,
          fill: GUILD_COLOURS[kind] || "#ddd", stroke: "#8a7a66" }),
        svg("title", {}, `${id}: ${kind === "site" ? t("v_site") : guild(kind)}`),
        svg("text", { x: 4, y: 12, "font-size": 9, fill: "#333" }, id),
        owner !== undefined ? svg("circle", { cx: CELL / 2, cy: CELL / 2 + 4, r: 13, fill: `var(--p${owner % 6})`,
          stroke: "#222" }) : null,
        owner !== undefined ? svg("text", { x: CELL / 2, y: CELL / 2 + 9, "text-anchor": "middle", "font-size": 13,
          fill: "#fff", "font-weight": 700 }, String(owner + 1)) : null,
        landmark ? svg("rect", { x: 12, y: 18, width: CELL - 24, height: 26, rx: 6, fill: "#fff", stroke: "#555" }) : null,
        landmark ? svg("text", { x: CELL / 2, y: 36, "text-anchor": "middle", "font-size": 14, "font-weight": 700 },
          landmarkShort(landmark)) : null,
        landmark ? svg("title", {}, nameOf("landmarks", landmark)) : null,
        c.blocked.includes(id) ? svg("line", { x1: 4, y1: 4, x2: CELL - 4, y2: CELL - 4, stroke: "#555", "stroke-width": 2 })
          : null);
      ctx.bind(g, (a) => (a.kind === "place" && a.space === id) || (a.kind === "move" && a.to === id)
        || (a.kind === "place_landmark" && a.site === id));
      cells.push(g);
    }
  }
  const dots = c.dots.map((dot) => {
    const [r, col] = dot.replace("dot_r", "").split("c").map(Number);
    const placed = c.bonus_pieces.includes(dot);
    const g = svg("g", { class: "dot", "data-testid": dot },
      svg("circle", { class: "frame", cx: col * CELL, cy: r * CELL, r: placed ? 8 : 5, fill: placed ? "#2e8b57" : "#fff",
        stroke: "#333" }), svg("title", {}, placed ? piece(ctx) : dot));
    return ctx.bind(g, (a) => a.kind === "place_bonus_piece" && a.dot === dot);
  });
  return el("section", { class: "panel city", "data-testid": "city" }, el("h2", {}, t("v_city")),
    svg("svg", { viewBox: `-2 -2 ${width + 4} ${height + 4}`, role: "img", "aria-label": t("v_city") }, cells, dots),
    el("div", { class: "small" }, Object.keys(GUILD_COLOURS).map((g) => el("span", { class: "chip",
      style: `background:${GUILD_COLOURS[g]}` }, g === "site" ? t("v_site") : guild(g)))));
}

function auction(ctx) {
  const v = ctx.view;
  const card = (v.round_cards || []).find((c) => c.round === v.round);
  const a = v.auction;
  return el("section", { class: "panel", "data-testid": "auction" },
    el("h2", {}, t("v_auction"), " · ", t("v_round_card", { round: v.round })),
    card ? el("div", { class: "cards" }, card.steps.map((s) => el("div", {
      class: "card" + (a && a.step === s.step ? " current" : "") },
    el("b", {}, s.step), " ", nameOf("auctions", s.type), s.guild ? ` · ${guild(s.guild)}` : ""))) : null,
    el("p", { class: "small" }, t("v_figure", { name: ctx.names[v.figure] ?? "-" }),
      a ? ` · ${t("v_queue")}: ${a.queue.map((s) => ctx.names[s]).join(", ") || "-"}` : "",
      a && a.bids.length ? ` · ${t("v_bids")}: ${a.bids.map((b) => bidText(ctx, b)).join(", ")}` : ""));
}

function council(ctx) {
  const v = ctx.view;
  return el("section", { class: "panel", "data-testid": "council" }, el("h2", {}, t("v_council")),
    el("table", { class: "kv small" }, Object.entries(v.council).map(([seat, holder]) => el("tr", {},
      el("th", {}, nameOf("council_seats", seat)),
      el("td", { class: holder === null ? "muted" : `pc${holder % 6}` }, holder === null ? "-" : ctx.names[holder])))),
    el("p", { class: "small" }, `${t("v_supply")}: `,
      Object.entries(v.supply.goods).map(([g, n]) => `${guild(g)} ${n}`).join(", "),
      ` · ${t("v_privileges")}: ${v.supply.privileges} · ${t("v_bonus")}: ${v.supply.bonus_pieces}`));
}

function sheet(ctx, p) {
  const s = p.seat;
  const mine = s === ctx.seat;
  const goods = Object.entries(p.goods).filter(([, n]) => n).map(([g, n]) => {
    const chip = el("span", { class: "chip", style: `background:${GUILD_COLOURS[g]}` }, `${n} ${guild(g)}`);
    return mine ? ctx.bind(chip, (a) => a.kind === "sell" && a.guild === g) : chip;
  });
  const ownStacks = mine ? Object.fromEntries((p.private?.stacks || []).map((st) => [st.stack, st.values])) : {};
  const stacks = p.stacks.map((st) => {
    const values = ownStacks[st.stack];
    const chip = el("span", { class: "chip", "data-testid": mine ? `stack-${st.stack}` : null },
      `${st.stack}: ${values ? values.join("+") : "▮".repeat(st.size)} (${t(`vstate_${st.state}`)})`);
    return mine ? ctx.bind(chip, (a) => (a.kind === "reveal" || a.kind === "assign") && a.stack === st.stack) : chip;
  });
  return el("div", { class: `sheet pb${s % 6}` + (mine ? " me" : "") + (ctx.view.to_act.includes(s) ? " acting" : ""),
    "data-testid": `sheet-${s}` },
  el("h3", {}, el("span", { class: `pc${s % 6}` }, ctx.names[s] + (mine ? ` (${t("you")})` : ""))),
  el("div", { class: "stats" },
    el("span", {}, `${t("v_vp")}: `, el("b", {}, p.vp)), el("span", {}, `${t("v_coins")}: ${p.coins}`),
    el("span", {}, `${t("v_privileges")}: ${p.privileges}`), el("span", {}, `${t("v_members")}: ${p.members_in_supply}`),
    el("span", {}, `${t("v_pile")}: ${p.pile}`)),
  el("div", {}, `${t("goods")}: `, goods.length ? goods : t("none")),
  el("div", {}, `${t("v_stacks")}: `, stacks.length ? stacks : t("none")),
  el("div", { class: "small" }, `${t("v_discard")}: ${p.discard.join(", ") || "-"} · ${t("v_tasks")}: `,
    t("v_kept", { n: p.tasks_kept, dealt: p.tasks_dealt })));
}

function myCards(ctx) {
  const p = priv(ctx);
  if (!me(ctx) || !me(ctx).private) return null;
  const hand = (p.hand || []).map((value) => ctx.bind(el("span", { class: "chip famcard" }, String(value)),
    (a) => a.kind === "return_card" && a.value === value));
  const tasks = (p.kept_tasks?.length ? p.kept_tasks : p.dealt_tasks || []).map((x) => el("span", { class: "chip" }, nameOf("tasks", x)));
  return el("section", { class: "panel", "data-testid": "my-cards" }, el("h2", {}, t("v_my_cards")),
    el("div", {}, `${t("v_hand")}: `, hand.length ? hand : t("none")),
    el("div", {}, `${t("v_tasks")}: `, tasks.length ? tasks : t("none")),
    el("div", { class: "small muted" }, `${t("v_pile")}: ${(p.pile_values || []).join(" ")}`));
}

export default {
  toggles: {
    keep_tasks: { field: "keep", legend: () => t("keep_tasks_legend"),
      labels: (ctx) => (priv(ctx).dealt_tasks || []).map((x) => nameOf("tasks", x)) },
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
