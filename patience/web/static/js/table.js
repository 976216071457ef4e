// The table: lays out the piles of the server's `view` and draws their cards, in the grid the game's
// layout describes (layouts.js): one of its arrangements, the one that gives the biggest cards.

import { cardName, makeCard } from "./cards.js";
import { fmt, pileText, plural, t } from "./i18n.js";
import { layoutOf, pileWords } from "./layouts.js";
import { automaticCards } from "./state.js";

const FAN = 0.28; // fan step of a tableau pile, as a fraction of the card height
// A fanned card shows a strip at its top holding the corner index (rank and suit side by side, see
// style.css: .idx top 0.04 + rank 0.25 of the card width). A long pile never shows less than this.
const INDEX_STRIP = 0.31; // of the card width
const SMALL_INDEX_STRIP = 0.33; // small cards have bigger indices: top 0.03 + rank 0.29
const RATIO = 1.4; // card height / width
const MAX_WIDTH = 190;
const MIN_WIDTH = 34;
const SMALL_CARDS = 64; // narrower cards get bigger indices and a simpler middle (class small-cards)

export function reducedMotion() {
  return window.matchMedia("(prefers-reduced-motion: reduce)").matches;
}

/** The translated name of a pile: "Tableau pile 3", "Foundation 1", "Stock"... */
export function pileName(pile) {
  const known = pileText(pile.pile);
  if (known) return known;
  const [kind, number] = pile.pile.split("-");
  switch (kind) {
    case "tableau":
      return fmt("Tableau pile {number}", { number });
    case "foundation":
      return fmt("Foundation {number}", { number });
    case "stock":
      return t("Stock");
    default:
      return pile.pile;
  }
}

function pileLabel(pile) {
  const name = pileName(pile);
  if (pile.kind === "stock") {
    return fmt("{pile}: {cards}", { pile: name, cards: plural("{count} card", pile.face_down) });
  }
  if (pile.cards.length === 0) {
    return fmt("{pile}: empty", { pile: name });
  }
  let shown = pile.cards;
  if (pile.kind === "foundation" || pile.kind === "waste") shown = pile.cards.slice(-1);
  let text = fmt("{pile}: {cards}", { pile: name, cards: shown.map(cardName).join(", ") });
  if (pile.kind !== "tableau" && pile.cards.length > 1) {
    text += ` (${plural("{count} card", pile.cards.length)})`;
  }
  if (pile.direction === "up") text += ", " + t("rising");
  if (pile.direction === "down") text += ", " + t("falling");
  return text;
}

/** The smallest fan step that still shows a card's rank and suit, in pixels. */
export function minFan(cw) {
  return Math.ceil(cw * (cw < SMALL_CARDS ? SMALL_INDEX_STRIP : INDEX_STRIP)) + 1;
}

/** The room the table may use: its width, and the height from its top to the footer (less its padding).
 * A footer that grows with what its dock shows (a phone's) is given its greatest height (max-height). */
function room(container) {
  const width = Math.max(260, container.clientWidth);
  const top = container.getBoundingClientRect().top + window.scrollY;
  const footer = document.querySelector(".footer");
  const padding = parseFloat(getComputedStyle(container).paddingBottom) || 0;
  const most = footer ? parseFloat(getComputedStyle(footer).maxHeight) : NaN;
  const footerHeight = footer ? Math.max(footer.offsetHeight, Number.isFinite(most) ? most : 0) : 40;
  const reserve = footerHeight + padding + 2;
  const height = Math.max(240, window.innerHeight - top - reserve);
  return { width, height, top };
}

/** Squared tableau piles ("peek"): how far the top card sits below the card it covers, in pixels. */
function peekOf(cw) {
  return minFan(cw) + 1;
}

/** The card width an arrangement allows: the narrowest of what its columns and each of its heights allow. */
function widthIn(arrangement, width, height, gap, pile) {
  const cards = arrangement.columns.filter((c) => c === "card").length;
  const spacers = arrangement.columns.reduce((sum, c) => (c === "card" ? sum : sum + c), 0);
  let cw = (width - (arrangement.columns.length - 1) * gap - spacers * gap) / cards;
  for (const r of arrangement.height) {
    // a row of squared piles: a card (RATIO cw, rounded up) and a peek (INDEX_STRIP cw + 2 px, rounded up)
    const across = r.cards * RATIO + r.peeks * (RATIO + INDEX_STRIP) + r.piles * pile;
    cw = Math.min(cw, (height - r.gaps * gap - r.px) / across);
  }
  return cw;
}

/**
 * Card size from the room available and the game's layout, set as CSS custom properties (--cw, --ch,
 * --gap, --peek): on the root for the main table (the dragged cards use them too), on the container
 * itself for another board (the review's), so that one never resizes the table behind it.
 *
 * The layout's first arrangement, or a later one when it gives bigger cards (wide screens). Fanned
 * piles are sized so that a pile of the layout's `sizing_cards` (or the longest, if longer) fits with
 * the thinnest fan that still shows every rank and suit; squared piles show a card and the peek of the
 * one beneath, just enough to show its rank and suit.
 */
export function fitCards(container, game) {
  const { width, height, top } = room(container);
  const gap = Math.max(4, Math.min(14, Math.round(width * 0.011)));
  const layout = layoutOf(game.game);
  let pile = 0; // a fanned pile's height, in card widths
  if (layout.tableau === "fan") {
    const longest = Math.max(layout.sizing_cards, ...game.view.piles.filter((p) => p.kind === "tableau").map((p) => p.cards.length));
    pile = RATIO + (longest - 1) * (INDEX_STRIP + 0.02);
  }
  let cw = 0;
  let arrangement = null;
  for (const each of layout.arrangements) {
    const w = widthIn(each, width, height, gap, pile);
    if (!arrangement || w > cw) [cw, arrangement] = [w, each];
  }
  cw = Math.max(MIN_WIDTH, Math.min(MAX_WIDTH, Math.floor(cw)));
  const ch = Math.round(cw * RATIO);
  const root = container.id === "table" ? document.documentElement : container;
  root.style.setProperty("--cw", `${cw}px`);
  root.style.setProperty("--ch", `${ch}px`);
  root.style.setProperty("--gap", `${gap}px`);
  root.style.setProperty("--peek", `${peekOf(cw)}px`);
  root.classList.toggle("small-cards", cw < SMALL_CARDS);
  return { cw, ch, gap, height, top, arrangement: arrangement.name, grid: arrangement };
}

const ROW_SIZES = { card: "var(--ch)", peek: "calc(var(--ch) + var(--peek))", auto: "auto" };

/** The grid of an arrangement, on the layout element. */
function placeGrid(el, arrangement) {
  el.style.gridTemplateColumns = arrangement.columns.map((c) => (c === "card" ? "var(--cw)" : `calc(var(--gap) * ${c})`)).join(" ");
  if (arrangement.rows.length) el.style.gridTemplateRows = arrangement.rows.map((r) => ROW_SIZES[r]).join(" ");
  el.style.gridTemplateAreas = arrangement.areas.map((row) => `"${row.join(" ")}"`).join(" ");
  el.style.rowGap = arrangement.row_gap === 1 ? "var(--gap)" : `calc(var(--gap) * ${arrangement.row_gap})`;
}

function slotClass(pile) {
  return `pile ${pile.kind}`;
}

function makePile(pile) {
  const el = document.createElement("div");
  el.className = slotClass(pile);
  el.dataset.pile = pile.pile;
  el.dataset.notation = pile.notation;
  el.dataset.kind = pile.kind;
  el.dataset.count = String(pile.kind === "stock" ? pile.face_down : pile.cards.length);
  el.tabIndex = -1;
  el.setAttribute("role", "group");
  el.setAttribute("aria-label", pileLabel(pile));
  const words = pileWords(pile.kind);
  if (words && words.label) el.dataset.label = t(words.label); // shown in the empty box
  el.style.gridArea = pile.notation;
  return el;
}

/** The small number on a pile that says how many cards it holds (stock, waste, squared piles). */
function countBadge(count) {
  const badge = document.createElement("span");
  badge.className = "badge";
  badge.setAttribute("aria-hidden", "true");
  badge.textContent = String(count);
  return badge;
}

function placeCards(el, pile, sizes, fanStep) {
  const name = pileName(pile);
  if (pile.kind === "stock") {
    for (let i = 0; i < pile.face_down; i++) {
      const card = makeCard("back", name);
      // a thin edge below and right of the top card shows the stock's thickness (inside its own slot's gap)
      const edge = Math.min(4, Math.floor((pile.face_down - 1 - i) / 8));
      card.style.transform = `translate(${edge}px, ${edge}px)`;
      card.dataset.index = String(i);
      el.append(card);
    }
    el.append(countBadge(pile.face_down));
    return;
  }
  const n = pile.cards.length;
  pile.cards.forEach((text, i) => {
    const card = makeCard(text, name);
    card.dataset.index = String(i);
    let top = 0;
    if (pile.kind === "tableau") {
      if (fanStep === "peek") top = n >= 2 && i === n - 1 ? peekOf(sizes.cw) : 0;
      else top = Math.round(i * fanStep);
    }
    card.style.top = `${top}px`;
    if (i < n - 2 && (pile.kind !== "tableau" || fanStep === "peek")) card.classList.add("buried");
    el.append(card);
  });
  if (pile.direction) {
    const arrow = document.createElement("span");
    arrow.className = `direction ${pile.direction}`;
    arrow.setAttribute("aria-hidden", "true");
    arrow.title = pile.direction === "up" ? t("rising") : t("falling");
    arrow.textContent = pile.direction === "up" ? "↑" : "↓";
    el.append(arrow);
  }
  if (pile.kind === "waste" && n > 0) {
    // like the stock: how many cards the pile holds
    el.append(countBadge(n));
  }
  if (pile.kind === "tableau" && fanStep === "peek" && n > 2) {
    // a pile that shows its top two cards: its badge shows the others on a click (main.js)
    const badge = countBadge(n);
    badge.classList.add("peek-all");
    badge.title = t("Every card of this pile");
    el.append(badge);
  }
  if (pile.kind === "foundation" && pile.direction) {
    // a foundation that goes up, then down: its size, like the tableau's badges
    el.append(countBadge(n));
  }
}

function snapshot() {
  // cards being dragged sit in the drag layer: they slide on from where they were dropped
  const rects = new Map();
  for (const el of document.querySelectorAll("#table [data-card], #drag-layer [data-card]")) {
    const pileEl = el.closest("[data-pile]");
    const key = el.dataset.card;
    if (!rects.has(key)) rects.set(key, []);
    rects.get(key).push({ pile: pileEl ? pileEl.dataset.pile : "", rect: el.getBoundingClientRect() });
  }
  return rects;
}

/**
 * Slide each card from where it was: `slides` holds [card, the rect it comes from, delay, duration].
 * Every card's place is read before any card changes, so the page lays out once, not once a card.
 */
function slide(slides) {
  const now = slides.map(([el]) => el.getBoundingClientRect());
  slides.forEach(([el, rect, delay, duration], i) => {
    const dx = rect.left - now[i].left;
    const dy = rect.top - now[i].top;
    if (Math.abs(dx) < 1 && Math.abs(dy) < 1) return;
    const base = el.style.transform || "";
    el.classList.add("moving");
    const anim = el.animate(
      [{ transform: `translate(${dx}px, ${dy}px) ${base}` }, { transform: base || "none" }],
      { duration, delay, easing: "cubic-bezier(.2,.7,.3,1)", fill: "backwards" },
    );
    anim.finished.then(() => el.classList.remove("moving")).catch(() => {});
  });
}

/** Cards that went up by themselves land one after another, after the player's own move. */
const AUTOMATIC_DELAY = 230;
const AUTOMATIC_STEP = 170;

/** The card elements of the game's automatic moves, mapped to their place in the order played. */
function automaticOrder(container, game) {
  const order = new Map();
  automaticCards(game).forEach(({ card, pile }, i) => {
    if (!card) return;
    const els = [...container.querySelectorAll(`[data-notation="${pile.notation}"] > [data-card="${card}"]`)];
    const el = els.reverse().find((e) => !order.has(e));
    if (el) order.set(el, i);
  });
  return order;
}

/**
 * Slide the cards that changed pile from where they were (FLIP); deal animation from the stock. The
 * cards that went up by themselves (`game.automatic`) follow the player's move one by one.
 */
function animate(container, before, mode, game) {
  if (reducedMotion() || mode === "none") return;
  const stock = container.querySelector('[data-pile="stock"]');
  const stockRect = stock ? stock.getBoundingClientRect() : null;
  if (mode === "deal") {
    if (!stockRect) return;
    const dealt = container.querySelectorAll('[data-pile]:not([data-pile="stock"]) [data-card]');
    slide([...dealt].map((el, i) => [el, stockRect, 14 * i, 260]));
    return;
  }
  if (!before) return;
  const moved = [];
  const pending = new Map([...before].map(([k, v]) => [k, [...v]]));
  for (const el of container.querySelectorAll("[data-card]")) {
    const pile = el.closest("[data-pile]").dataset.pile;
    const list = pending.get(el.dataset.card);
    const same = list ? list.findIndex((entry) => entry.pile === pile) : -1;
    if (same >= 0) list.splice(same, 1);
    else moved.push(el);
  }
  const slides = [];
  const automatic = automaticOrder(container, game);
  let i = 0;
  for (const el of moved) {
    const list = pending.get(el.dataset.card);
    if (list && list.length && automatic.has(el)) {
      el.classList.add("automatic");
      slides.push([el, list.shift().rect, AUTOMATIC_DELAY + AUTOMATIC_STEP * automatic.get(el), 260]);
    } else if (list && list.length) {
      slides.push([el, list.shift().rect, 0, 190]);
    } else if (stockRect && el.dataset.card !== "back") {
      slides.push([el, stockRect, 20 * i++, 220]);
    }
  }
  slide(slides);
  uncoverBeneathMoving(container);
}

/**
 * While cards fly onto a squared pile (a foundation, the waste), the card they will cover shows
 * (it is hidden as buried otherwise), so the pile never looks empty on the way.
 */
function uncoverBeneathMoving(container) {
  for (const pile of container.querySelectorAll("[data-pile]")) {
    const first = pile.querySelector(":scope > .card.moving");
    if (!first) continue;
    const beneath = first.previousElementSibling;
    if (!beneath || !beneath.classList.contains("buried")) continue;
    beneath.classList.remove("buried");
    const animations = [...pile.querySelectorAll(":scope > .card.moving")].flatMap((el) => el.getAnimations());
    Promise.allSettled(animations.map((a) => a.finished)).then(() => {
      if (beneath.isConnected && beneath.nextElementSibling && beneath.nextElementSibling.nextElementSibling?.classList.contains("card")) {
        beneath.classList.add("buried");
      }
    });
  }
}

/**
 * Draw the game's view into `container`. `mode` is "move" (slide moved cards), "deal" or "none".
 * Returns the pile elements in keyboard order.
 */
export function renderTable(container, game, mode = "move") {
  const before = mode === "move" && container.firstChild ? snapshot() : null;
  const sizes = fitCards(container, game);
  const layout = layoutOf(game.game);
  const arrangement = sizes.grid;
  const grid = document.createElement("div");
  grid.className = `layout ${layout.tableau} ${arrangement.name}`;
  placeGrid(grid, arrangement);
  const piles = [];
  for (const pile of game.view.piles) {
    const el = makePile(pile);
    if (pile.kind === "foundation") el.dataset.base = foundationBase(game, layout);
    let fan = 0;
    if (pile.kind === "tableau") {
      if (layout.tableau === "peek") {
        fan = "peek";
      } else {
        const n = pile.cards.length;
        // under what sits above the piles, less the last card
        const above = arrangement.above;
        const below = sizes.height - sizes.ch - (above.cards * sizes.ch + above.gaps * sizes.gap + above.px);
        fan = n > 1 ? Math.max(minFan(sizes.cw), Math.min(sizes.ch * FAN, below / (n - 1))) : 0;
        el.style.height = `${Math.round(sizes.ch + Math.max(0, n - 1) * fan)}px`;
      }
    }
    placeCards(el, pile, sizes, fan);
    grid.append(el);
    piles.push(el);
  }
  arrangementNow = { slug: game.game, arrangement };
  // an area of the grid that names no pile keeps its room
  const notations = new Set(game.view.piles.map((p) => p.notation));
  for (const name of new Set(arrangement.areas.flat())) {
    if (name === "." || notations.has(name)) continue;
    const spacer = document.createElement("div");
    spacer.className = "spacer";
    spacer.style.gridArea = name;
    grid.append(spacer);
  }
  container.replaceChildren(grid);
  animate(container, before, mode, game);
  return keyboardOrder(layout, piles);
}

/** What an empty foundation takes, shown faintly on it: a fixed text, or a field of the view's status. */
function foundationBase(game, layout) {
  if (layout.foundation_text) return layout.foundation_text;
  const status = game.view.status || {};
  const value = layout.foundation_field ? status[layout.foundation_field] : null;
  return value ? String(value) : "";
}

function keyboardOrder(layout, piles) {
  const by = new Map(piles.map((el) => [el.dataset.notation, el]));
  return layout.keys.map((n) => by.get(n)).filter(Boolean);
}

let arrangementNow = null;

/**
 * Grid neighbours for the arrow keys: returns the notation to move to, or null. The grid is the
 * arrangement's own (`keys`), in which a pile may span several cells.
 */
export function neighbour(slug, notation, key) {
  const arrangement = arrangementNow && arrangementNow.slug === slug ? arrangementNow.arrangement
    : layoutOf(slug).arrangements[0];
  return step(arrangement.keys, notation, key);
}

function step(grid, notation, key) {
  let row = -1;
  let col = -1;
  for (let r = 0; r < grid.length && row < 0; r++) {
    const c = grid[r].indexOf(notation);
    if (c >= 0) [row, col] = [r, c];
  }
  if (row < 0) return null;
  const delta = { ArrowLeft: [0, -1], ArrowRight: [0, 1], ArrowUp: [-1, 0], ArrowDown: [1, 0] }[key];
  if (!delta) return null;
  let [r, c] = [row, col];
  for (let guard = 0; guard < 20; guard++) {
    r += delta[0];
    c += delta[1];
    if (r < 0 || r >= grid.length || c < 0 || c >= grid[0].length) return null;
    if (grid[r][c] !== notation) return grid[r][c];
  }
  return null;
}
