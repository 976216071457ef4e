// Auto-play to the foundations: a setting in the menu, remembered in this browser (safe by default).
// The page sends it with each move and double-click (`autodrop`); the server plays the cards that then
// go up by themselves in the same action (one undo takes them back) and lists them in `automatic`.
//
//   installAutodrop(group);          // adds the labelled choice (it always goes into ☰)
//   autodropMode();                  // "off", "safe" or "all"
//   automaticWords(before, after);   // "Then by themselves: Ace of hearts to Foundation 1, …", or ""

import { cardName } from "./cards.js";
import { fmt, t } from "./i18n.js";
import { automaticCards } from "./state.js";
import { pileName } from "./table.js";

const AUTODROP_KEY = "patience.autodrop";
/** The choices, in the menu's order: value → English text. */
const CHOICES = {
  off: "Off",
  safe: "Safe cards only",
  all: "Every card that fits (can spoil a game)",
};
const DEFAULT = "safe";

/** The remembered choice, or safe. */
export function autodropMode() {
  const value = localStorage.getItem(AUTODROP_KEY);
  return value && value in CHOICES ? value : DEFAULT;
}

/** The automatic moves of an answer in words, for screen readers ("" when there are none). */
export function automaticWords(after) {
  const parts = automaticCards(after).filter((a) => a.card)
    .map((a) => fmt("{card} to {pile}", { card: cardName(a.card), pile: pileName(a.pile) }));
  return parts.length ? fmt("Then by themselves: {moves}", { moves: parts.join(", ") }) : "";
}

/** Fill the choices in the page's language (again after the language changes). */
export function translateAutodrop() {
  const select = document.getElementById("autodrop");
  if (!select) return;
  select.replaceChildren(...Object.entries(CHOICES).map(([value, english]) => new Option(t(english), value)));
  select.value = autodropMode();
}

/** Add the setting to `group` (a toolbar group; the labelled choice always goes into the menu). */
export function installAutodrop(group) {
  const label = document.createElement("label");
  label.className = "look-setting wide-setting";
  label.dataset.menu = "";
  const text = document.createElement("span");
  text.dataset.i18n = "Cards to the foundations by themselves";
  text.textContent = t("Cards to the foundations by themselves");
  const select = document.createElement("select");
  select.id = "autodrop";
  select.addEventListener("change", () => localStorage.setItem(AUTODROP_KEY, select.value));
  label.append(text, select);
  group.append(label);
  translateAutodrop();
}
