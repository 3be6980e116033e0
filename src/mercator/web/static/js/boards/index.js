// Games with a board renderer of their own; every other game gets the generic board.
import generic from "./generic.js";

const BOARDS = {
  constantinopolis: () => import("./constantinopolis.js"),
  colonia: () => import("./colonia.js"),
  valencia: () => import("./valencia.js"),
};

export async function boardFor(game) {
  const load = BOARDS[game];
  return load ? (await load()).default : generic;
}
