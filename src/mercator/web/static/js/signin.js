// A personal sign-in link (/signin#t=TOKEN) opened on another device: the token travels in the URL's
// fragment, which the browser never sends, so no server or proxy log ever holds it. The page checks
// it with the server, keeps the player in this browser and drops the fragment from the address.
import { api, el, getLang, loadText, t } from "./common.js";

const app = document.getElementById("app");

async function main() {
  await loadText(getLang());
  const token = new URLSearchParams(location.hash.slice(1)).get("t");
  history.replaceState(null, "", "/signin");
  let text;
  if (!token) {
    text = el("p", { class: "error", "data-testid": "signin-error" }, t("signin_missing"));
  } else {
    try {
      const me = await api("GET", "/api/players/me", undefined, token);
      localStorage.setItem("mercator.player", JSON.stringify({ id: me.player_id, name: me.name, token }));
      localStorage.setItem("mercator.name", me.name);
      text = el("p", { "data-testid": "signed-in" }, t("signed_in", { name: me.name }));
    } catch (err) {
      text = el("p", { class: "error", "data-testid": "signin-error" }, t("signin_failed", { detail: err.message }));
    }
  }
  app.replaceChildren(el("header", { class: "topbar" }, el("a", { href: "/", class: "title" }, t("app_title"))),
    el("main", { class: "wrap" }, el("section", { class: "panel" }, el("h2", {}, t("signin_title")), text,
      el("a", { href: "/", "data-testid": "signin-home" }, t("to_lobby")))));
}

main();
