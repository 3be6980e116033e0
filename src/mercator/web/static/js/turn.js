// Telling a player it is their turn when the page is not in front: the tab's icon, a browser
// notification (only after the player asked for them with the button, never at page load) and an
// optional short sound. The choices are kept per browser.
import { el, t } from "./common.js";

const ICON = "/static/favicon.svg";
// The usual icon with a red dot: it is your turn.
const TURN_ICON = "data:image/svg+xml," + encodeURIComponent(
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><circle cx="16" cy="16" r="15" fill="#8a5a19"/>'
  + '<text x="16" y="22" font-size="18" text-anchor="middle" fill="#fff" font-family="serif">M</text>'
  + '<circle cx="25" cy="7" r="7" fill="#d62828" stroke="#fff" stroke-width="2"/></svg>');
const SOUND_KEY = "mercator.turnSound";

let wasMine = null;

/** Show in the tab's icon whether it is the player's turn; on the change to "yours", notify and
 * sound as the player chose. ``title`` names the game for the notification. */
export function signalTurn(mine, title) {
  setTurnIcon(mine);
  if (mine && wasMine === false) notifyTurn(title);
  wasMine = mine;
}

/** The tab's icon: with a dot while it is the player's turn (in this game, or in the lobby in any). */
export function setTurnIcon(mine) {
  const link = document.querySelector("link[rel=icon]");
  if (link) link.href = mine ? TURN_ICON : ICON;
}

/** It has just become the player's turn in the game ``title``: notify and sound as chosen. */
export function notifyTurn(title) {
  if (notificationsOn()) new Notification(t("your_turn"), { body: title, tag: `mercator-turn-${title}`, icon: ICON });
  if (localStorage.getItem(SOUND_KEY) === "1") beep();
}

function notificationsOn() {
  return "Notification" in window && Notification.permission === "granted";
}

function beep() {
  try {
    const audio = new AudioContext();
    const tone = audio.createOscillator();
    const gain = audio.createGain();
    tone.frequency.value = 660;
    gain.gain.setValueAtTime(0.15, audio.currentTime);
    gain.gain.exponentialRampToValueAtTime(0.001, audio.currentTime + 0.35);
    tone.connect(gain).connect(audio.destination);
    tone.start();
    tone.stop(audio.currentTime + 0.35);
  } catch { /* no audio here: the icon and the title still say it */ }
}

/** The topbar's controls: ask for notifications (once granted, a note says so) and a sound switch. */
export function turnControls(onChange) {
  const out = [];
  if ("Notification" in window && Notification.permission === "default") {
    out.push(el("button", { class: "small", "data-testid": "notify", title: t("notify_hint"), onclick: async () => {
      await Notification.requestPermission();
      onChange();
    } }, t("notify_me")));
  } else if (notificationsOn()) {
    out.push(el("span", { class: "small muted", "data-testid": "notify-on", title: t("notify_hint") }, t("notify_on")));
  }
  const sound = localStorage.getItem(SOUND_KEY) === "1";
  out.push(el("label", { class: "small", title: t("turn_sound_hint") }, el("input", { type: "checkbox", "data-testid": "turn-sound", checked: sound,
    onchange: (e) => localStorage.setItem(SOUND_KEY, e.target.checked ? "1" : "0") }), " ", t("turn_sound")));
  return out;
}
