// Card faces: corner indices and pips drawn here with inline SVG suit symbols; the court figures are
// vendored CC0 SVG drawings served by the app (static/cards). No fonts or images from elsewhere.

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

const SUIT_SYMBOLS = { C: "♣", D: "♦", H: "♥", S: "♠" };

/** "QC" -> "Q♣", "TH" -> "10♥": the card as the table shows it, the same in every language. */
export function cardSymbol(card) {
  return card.length === 2 ? `${rankLabel(card)}${SUIT_SYMBOLS[card[1]] || card[1]}` : card;
}

/** "Seven of hearts", translated as a whole (languages decline differently). */
export function cardName(card) {
  return cardText(card) || t(`${RANK_NAMES[card[0]]} of ${SUIT_NAMES[card[1]]}`);
}

/** "Seven of hearts, tableau pile 3". */
export function cardLabel(card, pileName) {
  return fmt("{card}, {pile}", { card: card === "back" ? t("Face-down card") : cardName(card), pile: pileName });
}

/** Pip centres (x, y) on a card 100 wide and 140 high; pips below the middle are drawn upside down. */
const L = 30;
const C = 50;
const R = 70;
const PIPS = {
  2: [[C, 40], [C, 100]],
  3: [[C, 40], [C, 70], [C, 100]],
  4: [[L, 40], [R, 40], [L, 100], [R, 100]],
  5: [[L, 40], [R, 40], [C, 70], [L, 100], [R, 100]],
  6: [[L, 40], [R, 40], [L, 70], [R, 70], [L, 100], [R, 100]],
  7: [[L, 40], [R, 40], [C, 55], [L, 70], [R, 70], [L, 100], [R, 100]],
  8: [[L, 40], [R, 40], [C, 55], [L, 70], [R, 70], [C, 85], [L, 100], [R, 100]],
  9: [[L, 40], [R, 40], [L, 60], [R, 60], [C, 70], [L, 80], [R, 80], [L, 100], [R, 100]],
  T: [[L, 40], [R, 40], [C, 50], [L, 60], [R, 60], [L, 80], [R, 80], [C, 90], [L, 100], [R, 100]],
  A: [[C, 70]],
};
const PIP_SIZE = 18;
const ACE_SIZE = 42;

/** The middle of a number card or an Ace: its pips in the classic layout, one SVG. */
function pips(card) {
  const svg = document.createElementNS(SVG_NS, "svg");
  svg.setAttribute("class", "pips");
  svg.setAttribute("viewBox", "0 0 100 140");
  svg.setAttribute("aria-hidden", "true");
  svg.setAttribute("focusable", "false");
  const size = card[0] === "A" ? ACE_SIZE : PIP_SIZE;
  for (const [x, y] of PIPS[card[0]]) {
    const use = document.createElementNS(SVG_NS, "use");
    use.setAttribute("href", `#suit-${card[1]}`);
    use.setAttribute("x", String(x - size / 2));
    use.setAttribute("y", String(y - size / 2));
    use.setAttribute("width", String(size));
    use.setAttribute("height", String(size));
    if (y > 70) use.setAttribute("transform", `rotate(180 ${x} ${y})`);
    svg.append(use);
  }
  return svg;
}

/**
 * Where a court figure is drawn: with the four-colour deck, diamonds' and clubs' figures are inked in
 * their index's colour (static/cards/four, made by scripts/cards/four_colour.py).
 */
export function courtSource(card) {
  const four = document.documentElement.classList.contains("four-colour") && "DC".includes(card[1]);
  return `/static/cards/${four ? "four/" : ""}${card}.svg`;
}

/** The figure of a Jack, Queen or King: a vendored CC0 drawing (see static/cards/LICENSE.txt). */
function courtArt(card) {
  const img = document.createElement("img");
  img.className = "court-art";
  img.src = courtSource(card);
  img.alt = "";
  img.draggable = false;
  img.decoding = "async";
  return img;
}

/** A corner index: the rank and the suit side by side, so a fanned card shows both in a thin strip. */
function corner(card, where) {
  const span = document.createElement("span");
  span.className = `idx ${where}`;
  span.setAttribute("aria-hidden", "true");
  const rank = document.createElement("b");
  rank.className = "rank";
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
  el.className = `card face ${isRed(card) ? "red" : "black"} suit-${card[1]}`;
  el.append(corner(card, "tl"), corner(card, "br"));
  el.append("JQK".includes(card[0]) ? courtArt(card) : pips(card));
  return el;
}
