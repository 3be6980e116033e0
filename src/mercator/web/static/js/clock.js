// Seat clocks on the table: each seat's remaining time, counting down once a second for the seats
// to act (the server's figures are as at the moment of its answer; the page counts on from there).
import { t } from "./common.js";

const LOW_MS = 30_000;  // shown in red below this

/** '9:05', '1:02:03', or '2 d 04 h' for turn-based clocks. */
export function clockText(ms) {
  const total = Math.max(0, Math.floor(ms / 1000));
  const d = Math.floor(total / 86400);
  const h = Math.floor((total % 86400) / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  const two = (n) => String(n).padStart(2, "0");
  if (d) return `${d} ${t("clock_days")} ${two(h)} ${t("clock_hours")}`;
  return h ? `${h}:${two(m)}:${two(s)}` : `${m}:${two(s)}`;
}

let ticker = null;

/** Keep every ``[data-clock]`` element of the page current; ``source()`` gives the remaining ms
 * per seat, the seats to act and when those figures arrived (performance.now()). */
export function keepClocks(source) {
  const draw = () => {
    const { clocks, toAct, at } = source();
    for (const node of document.querySelectorAll("[data-clock]")) {
      const seat = Number(node.dataset.clock);
      const ms = clocks?.[seat];
      if (ms === null || ms === undefined) continue;
      const running = toAct.includes(seat);
      const left = running ? ms - (performance.now() - at) : ms;
      node.textContent = clockText(left);
      node.classList.toggle("running", running);
      node.classList.toggle("low", left < LOW_MS);
    }
  };
  if (ticker === null) ticker = setInterval(draw, 1000);
  draw();
}
