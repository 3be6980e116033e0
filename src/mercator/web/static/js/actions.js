// The action bar: every legal action in the words the server sent (``text``); long runs of one
// numeric choice (bids, quantities) become one line with a value picker so the bar stays readable, and a choice of
// several things at once (a board's ``toggles``: tasks to keep) is one checkbox per thing with a
// confirm button, never one button per combination.
import { el, t } from "./common.js";

// A run of this many actions that differ only in one number is one stepper.
const GROUP_MIN = 2;
// A stepper over this many values also gets a slider.
const SLIDER_MIN = 8;
// The ticked boxes of each toggle choice and the value of each stepper, kept while the page redraws
// for other players' moves.
const ticked = new Map();
const picked = new Map();

/** One number chosen with - and + (and a slider for long runs), the action's full words under it, and
 * a button that confirms: a bid, a quantity, an amount of gold. */
function stepper({ field, items }, focus, onAct) {
  const key = items.map((it) => it.index).join(",");
  const hinted = focus ? items.findIndex((it) => focus.has(it.index)) : -1;
  let at = hinted >= 0 ? hinted : Math.min(picked.get(key) ?? 0, items.length - 1);
  picked.set(key, at);
  // The drawn tree is only a template: a step changes the live group, found from the event.
  const show = (group) => {
    group.querySelector("[data-testid=action-value]").textContent = items[at].action[field];
    group.querySelector("[data-testid=action-value-text]").textContent = items[at].text ?? "";
    group.querySelector("[data-testid=step-down]").disabled = at === 0;
    group.querySelector("[data-testid=step-up]").disabled = at === items.length - 1;
    const slider = group.querySelector("input[type=range]");
    if (slider) slider.value = String(at);
  };
  const step = (e, to) => {
    at = Math.max(0, Math.min(items.length - 1, to));
    picked.set(key, at);
    show(e.target.closest(".group"));
  };
  const kind = items[0].action.kind;
  const group = el("div", { class: "group" + (hinted >= 0 ? " hinted" : ""), "data-kind": kind, "data-testid": "stepper" },
    el("span", { class: "group-label" }, items[0].group ?? kind),
    el("span", { class: "step" },
      el("button", { class: "small", "data-testid": "step-down", "aria-label": "−", onclick: (e) => step(e, at - 1) }, "−"),
      el("output", { "data-testid": "action-value" }),
      el("button", { class: "small", "data-testid": "step-up", "aria-label": "+", onclick: (e) => step(e, at + 1) }, "+")),
    items.length >= SLIDER_MIN ? el("input", { type: "range", min: 0, max: items.length - 1, step: 1, value: at,
      "aria-label": items[0].group ?? kind, oninput: (e) => step(e, Number(e.target.value)) }) : null,
    el("button", { class: "action-group primary", "data-testid": "action-group", "data-kind": kind,
      onclick: () => onAct(items[at].index) }, t("choose")),
    el("span", { class: "small muted", "data-testid": "action-value-text" }));
  show(group);
  return group;
}

/** A toggle choice: ``field`` of each legal action is a string of "0"/"1", one per label. */
function toggleChoice(kind, spec, items, ctx, onAct, focus) {
  const labels = spec.labels(ctx);
  const legal = new Map(items.map((it) => [it.action[spec.field], it.index]));
  const key = `${kind}:${[...legal.values()].join(",")}`;
  const hinted = focus ? items.find((it) => focus.has(it.index)) : null;
  const bits = hinted ? hinted.action[spec.field].split("") : (ticked.get(key) || items[0].action[spec.field].split(""));
  ticked.set(key, bits);
  const chosen = () => legal.get(bits.join(""));
  const confirm = el("button", { class: "action primary", "data-testid": "toggle-confirm", "data-kind": kind,
    onclick: () => { if (chosen() !== undefined) onAct(chosen()); } }, t("confirm"));
  const note = el("p", { class: "small muted", "data-testid": "toggle-note" });
  // The confirm button and the note of the fieldset in the page (the drawn one is only a template).
  const update = (box) => {
    const allowed = chosen() !== undefined;
    const button = box.querySelector("[data-testid=toggle-confirm]");
    const text = box.querySelector("[data-testid=toggle-note]");
    button.disabled = !allowed;
    text.textContent = allowed ? "" : t("toggle_not_allowed");
    text.hidden = allowed;
  };
  const boxes = labels.map((label, i) => el("label", { class: "toggle" + (hinted && bits[i] === "1" ? " hinted" : "") },
    el("input", { type: "checkbox", "data-testid": "toggle", checked: bits[i] === "1",
      onchange: (e) => { bits[i] = e.target.checked ? "1" : "0"; update(e.target.closest("fieldset")); } }),
    " ", label));
  const box = el("fieldset", { class: "toggles" + (hinted ? " hinted" : ""), "data-testid": "toggles", "data-kind": kind },
    el("legend", {}, spec.legend(ctx)), boxes, confirm, note);
  update(box);
  return box;
}

function groupKey(action, field) {
  const rest = Object.entries(action).filter(([k]) => k !== field).sort();
  return JSON.stringify(rest);
}

/** Split legal actions into single buttons and numeric groups, keeping the engine's order. */
export function arrange(legal, numeric) {
  const groups = new Map();
  for (const item of legal) {
    const field = numeric[item.action.kind];
    if (!field || typeof item.action[field] !== "number") continue;
    const key = groupKey(item.action, field);
    if (!groups.has(key)) groups.set(key, { field, items: [] });
    groups.get(key).items.push(item);
  }
  const out = [];
  const seen = new Set();
  for (const item of legal) {
    const field = numeric[item.action.kind];
    const key = field && typeof item.action[field] === "number" ? groupKey(item.action, field) : null;
    const group = key && groups.get(key);
    if (group && group.items.length >= GROUP_MIN) {
      if (!seen.has(key)) {
        seen.add(key);
        out.push({ group });
      }
    } else {
      out.push({ item });
    }
  }
  return out;
}

/** The action bar's element; ``onAct(index)`` plays an action. The game's ``ctx.layout`` says which
 * argument of a kind counts (one picker, labelled with the server's ``group`` text) and which kinds
 * close a turn (listed first). */
export function actionBar(legal, board, ctx, onAct, focus) {
  const toggles = board.toggles || {};
  // A kind with a toggle choice and several legal actions becomes checkboxes; a single one stays a button.
  const grouped = Object.entries(toggles).map(([kind, spec]) => [kind, spec, legal.filter((it) => it.action.kind === kind)])
    .filter(([, , items]) => items.length > 1);
  const choices = grouped.map(([kind, spec, items]) => toggleChoice(kind, spec, items, ctx, onAct, focus));
  const asToggles = new Set(grouped.map(([kind]) => kind));
  legal = legal.filter((it) => !asToggles.has(it.action.kind));
  // "Done"-like entries (end the turn, pass, sail) first, where they are easy to find in a long list.
  const closing = ctx.layout.closing;
  const isDone = (e) => Boolean(e.item && closing.includes(e.item.action.kind));
  const arranged = arrange(legal, ctx.layout.numeric);
  const entries = [...arranged.filter(isDone), ...arranged.filter((e) => !isDone(e))];
  const buttons = entries.map((entry) => {
    if (entry.item) {
      const { index, action } = entry.item;
      const done = closing.includes(action.kind);
      return el("button", {
        class: "action" + (done ? " done" : "") + (focus && focus.has(index) ? " hinted" : ""),
        "data-testid": "action", "data-kind": action.kind, "data-index": index, "data-done": done ? "1" : null,
        onclick: () => onAct(index),
      }, entry.item.text ?? action.kind);
    }
    return stepper(entry.group, focus, onAct);
  });
  return el("div", { class: "actions" }, choices, buttons);
}
