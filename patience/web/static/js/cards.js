// Card faces drawn with HTML/CSS and inline SVG suit symbols (no images, no fonts to download).

import { cardText, fmt, t } from "./i18n.js";

const SVG_NS = "http://www.w3.org/2000/svg";
const SUIT_PATHS = {
  H: "M50 90C22 66 4 50 4 30 4 14 16 5 29 5c10 0 17 6 21 14C54 11 61 5 71 5c13 0 25 9 25 25 0 20-18 36-46 60z",
  D: "M50 3 87 50 50 97 13 50z",
  S: "M50 4C32 28 6 42 6 63c0 13 10 22 23 22 8 0 14-4 18-9-1 9-5 16-13 21h32c-8-5-12-12-13-21 4 5 10 9 18 9 13 0 23-9 23-22C94 42 68 28 50 4z",
  C: "M50 6a21 21 0 0 0-18 32 21 21 0 1 0 15 32c-1 10-5 17-13 22h32c-8-5-12-12-13-22a21 21 0 1 0 15-32A21 21 0 0 0 50 6z",
};
const RANK_LABELS = { A: "A", T: "10", J: "J", Q: "Q", K: "K" };
const RANK_NAMES = {
  A: "Ace", 2: "Two", 3: "Three", 4: "Four", 5: "Five", 6: "Six", 7: "Seven",
  8: "Eight", 9: "Nine", T: "Ten", J: "Jack", Q: "Queen", K: "King",
};
const SUIT_NAMES = { C: "clubs", D: "diamonds", H: "hearts", S: "spades" };

/** Put the four suit symbols in the page once, for <use href="#suit-H">. */
export function installSuitSymbols() {
  if (document.getElementById("suit-symbols")) return;
  const svg = document.createElementNS(SVG_NS, "svg");
  svg.id = "suit-symbols";
  svg.setAttribute("aria-hidden", "true");
  svg.style.display = "none";
  for (const [suit, d] of Object.entries(SUIT_PATHS)) {
    const symbol = document.createElementNS(SVG_NS, "symbol");
    symbol.id = `suit-${suit}`;
    symbol.setAttribute("viewBox", "0 0 100 100");
    const path = document.createElementNS(SVG_NS, "path");
    path.setAttribute("d", d);
    symbol.append(path);
    svg.append(symbol);
  }
  document.body.prepend(svg);
}

function suitIcon(suit, cls) {
  const svg = document.createElementNS(SVG_NS, "svg");
  svg.setAttribute("class", cls);
  svg.setAttribute("aria-hidden", "true");
  svg.setAttribute("focusable", "false");
  const use = document.createElementNS(SVG_NS, "use");
  use.setAttribute("href", `#suit-${suit}`);
  svg.append(use);
  return svg;
}

export function isRed(card) {
  return card[1] === "H" || card[1] === "D";
}

export function rankLabel(card) {
  return RANK_LABELS[card[0]] || card[0];
}

/** "Seven of hearts", translated as a whole (languages decline differently). */
export function cardName(card) {
  return cardText(card) || t(`${RANK_NAMES[card[0]]} of ${SUIT_NAMES[card[1]]}`);
}

/** "Seven of hearts, tableau pile 3". */
export function cardLabel(card, pileName) {
  return fmt("{card}, {pile}", { card: card === "back" ? t("Face-down card") : cardName(card), pile: pileName });
}

function corner(card, where) {
  const span = document.createElement("span");
  span.className = `idx ${where}`;
  span.setAttribute("aria-hidden", "true");
  const rank = document.createElement("b");
  rank.textContent = rankLabel(card);
  span.append(rank, suitIcon(card[1], "idx-suit"));
  return span;
}

/** A card element: data-card="TH" (or "back"), role img with its name. */
export function makeCard(card, pileName) {
  const el = document.createElement("div");
  el.dataset.card = card;
  el.setAttribute("role", "img");
  el.setAttribute("aria-label", cardLabel(card, pileName));
  if (card === "back") {
    el.className = "card back";
    return el;
  }
  el.className = `card face ${isRed(card) ? "red" : "black"}`;
  el.append(corner(card, "tl"), corner(card, "br"));
  if ("JQK".includes(card[0])) {
    const court = document.createElement("span");
    court.className = "court";
    court.setAttribute("aria-hidden", "true");
    const letter = document.createElement("b");
    letter.textContent = card[0];
    court.append(letter, suitIcon(card[1], "court-suit"));
    el.append(court);
  } else {
    el.append(suitIcon(card[1], card[0] === "A" ? "pip ace" : "pip"));
  }
  return el;
}
