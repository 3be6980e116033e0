// A game's board is the module its GameInfo declares (the catalog's "board", a path under js/);
// a game without one gets the generic board.
import { api } from "../common.js";
import generic from "./generic.js";

let catalog;

async function entry(game) {
  catalog ??= api("GET", "/web/api/catalog");
  return (await catalog).find((g) => g.name === game) || {};
}

export async function boardFor(game) {
  const path = (await entry(game)).board;
  return path ? (await import(`../${path}`)).default : generic;
}

/** How the game's actions are laid out: numeric arguments (one picker) and closing kinds (shown first). */
export async function layoutFor(game) {
  return (await entry(game)).layout || { numeric: {}, closing: [] };
}
