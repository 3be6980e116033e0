// A game's board is the module its GameInfo declares (the catalog's "board", a path under js/);
// a game without one gets the generic board.
import { api } from "../common.js";
import generic from "./generic.js";

let catalog;

export async function boardFor(game) {
  catalog ??= api("GET", "/web/api/catalog");
  const path = (await catalog).find((g) => g.name === game)?.board;
  return path ? (await import(`../${path}`)).default : generic;
}
