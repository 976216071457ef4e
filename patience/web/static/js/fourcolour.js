// The four-colour deck (♦ blue, ♣ green): a switch in the menu, remembered in this browser, that says
// its state in words. It is offered only where colour does not matter: a game whose rules build by
// colour (red on red, black on black: the catalog's `builds_by_colour`) keeps the two-colour
// deck, and the switch says why.
//
//   installFourColour();   // wire the switch and draw the remembered choice
//   applyFourColour();     // after the game on the table changes: the class on the root, the words

import { courtSource } from "./cards.js";
import { fmt, t } from "./i18n.js";
import { $, app, showSwitchState } from "./state.js";

const FOUR_COLOUR_KEY = "patience.fourColour";

/** Did the player turn the four-colour deck on? */
export function fourColourChosen() {
  return localStorage.getItem(FOUR_COLOUR_KEY) === "1";
}

/** The catalog's entry of the game on the table, when its rules build by colour. */
function colourGame() {
  const g = app.game;
  const entry = g && (app.catalog || []).find((c) => c.slug === g.game);
  return entry && entry.builds_by_colour ? entry : null;
}

/** Put the deck's colours on the root (and the court figures), and say the switch's state in words. */
export function applyFourColour() {
  const blocked = colourGame();
  const on = fourColourChosen() && !blocked;
  const root = document.documentElement;
  if (root.classList.contains("four-colour") !== on) {
    root.classList.toggle("four-colour", on);
    for (const img of document.querySelectorAll("[data-card] > img.court-art")) {
      img.src = courtSource(img.parentElement.dataset.card);
    }
  }
  const button = $("four-colour");
  button.disabled = Boolean(blocked);
  showSwitchState(button, on, blocked
    ? fmt("Not in {game}: it builds by colour, red on red and black on black", { game: t(blocked.name) })
    : "");
}

/** Wire the switch; draw the remembered choice. */
export function installFourColour() {
  $("four-colour").addEventListener("click", () => {
    localStorage.setItem(FOUR_COLOUR_KEY, fourColourChosen() ? "" : "1");
    applyFourColour();
  });
  applyFourColour();
}
