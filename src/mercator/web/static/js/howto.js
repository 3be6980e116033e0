// The how-to-play page's pictures: each <figure data-figure="NAME"> is drawn by the game's own board
// code (its ``figures``) from the server's sample position, so the pictures are the table's, in the
// page's language, and explain themselves on hover or tap like the table's.
import { api, draw, el, loadText } from "./common.js";
import { installExplanations } from "./explain.js";
import { boardFor } from "./boards/index.js";

async function main() {
  const page = document.querySelector("[data-testid=howto]");
  const { game, lang } = page.dataset;
  const figures = [...page.querySelectorAll("figure[data-figure]")];
  if (!figures.length) return;
  installExplanations();
  await loadText(lang, game);
  const [board, content, sample] = await Promise.all([boardFor(game),
    api("GET", `/web/api/content/${game}`), api("GET", `/web/api/sample/${game}?lang=${lang}`)]);
  const ctx = { view: sample.view, seat: sample.seat, legal: [], names: sample.names, content, focus: null,
    bind: (node) => node };
  for (const figure of figures) {
    const picture = board.figures?.[figure.dataset.figure];
    if (!picture) throw new Error(`${game} has no board figure "${figure.dataset.figure}"`);
    draw(figure, el("div", { class: "board" }, el("div", { class: game }, picture(ctx))));
    figure.dataset.drawn = "1";
  }
}

main();
