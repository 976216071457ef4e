// Pointer input on the table: the selection and the piles it may go to, taps (deal, select, move the
// selection, twice quickly: a double-click) and drags. What a move does is main.js's (installPointerInput).

import { hideHint } from "./advice.js";
import { installPointer } from "./drag.js";
import { t } from "./i18n.js";
import { setFocusPile } from "./keyboard.js";
import { playSound } from "./sound.js";
import { $, app, moveText, notice, parseMove, pileEl, run, setSelection, viewPile } from "./state.js";

const DOUBLE_TAP_MS = 450;
let playMoves = () => false;
let doubleClick = () => false;
let render = () => {};

// ---------------------------------------------------------------- selection and targets

function targetsFor(src, count) {
  const targets = new Set();
  for (const text of app.game.legal || []) {
    const m = parseMove(text);
    if (m && m.src === src && m.count === count) targets.add(m.dst);
  }
  return targets;
}

export function clearMarks() {
  for (const el of $("table").querySelectorAll(".target, .source")) el.classList.remove("target", "source");
  for (const el of $("table").querySelectorAll(".card.selected")) el.classList.remove("selected");
}

function highlightTargets(src, count) {
  for (const dst of targetsFor(src, count)) {
    const el = pileEl(dst);
    if (el) el.classList.add("target");
  }
}

export function markSelection() {
  clearMarks();
  const sel = app.selection;
  if (!sel) return;
  const el = pileEl(sel.pile);
  if (!el) return;
  el.classList.add("source");
  const cards = [...el.querySelectorAll(":scope > [data-card]")];
  for (const card of cards.slice(cards.length - sel.count)) card.classList.add("selected");
  highlightTargets(sel.pile, sel.count);
}

export function select(pile, count) {
  if (count > 0) playSound("pick");
  setSelection(count > 0 ? { pile, count } : null);
  markSelection();
}

export function clearSelection() {
  setSelection(null);
  clearMarks();
}

// ---------------------------------------------------------------- pointer input

/** The last tap (its pile and time), to tell a double tap. */
let lastTap = null;

function groupCount(el, index) {
  const n = el.querySelectorAll(":scope > [data-card]").length;
  if (index < 0) return n ? 1 : 0;
  return n - index;
}

/** A tap or click on a pile: deal, select, move the selection there, or (twice quickly) double-click. */
function onTap(el, index, queued = false) {
  if (!app.game) return;
  if (!queued && app.pending > 0 && el.dataset.kind !== "stock") {
    // a move (a deal) is on its way: the tap waits for its answer, then takes the pile as it is then
    const count = el.querySelectorAll(":scope > [data-card]").length;
    const pile = el.dataset.pile;
    run(() => {
      const now = document.querySelector(`#table [data-pile="${pile}"]`);
      if (!now) return;
      const cards = now.querySelectorAll(":scope > [data-card]").length;
      onTap(now, cards === count ? index : cards - 1, true);
    });
    return;
  }
  const notation = el.dataset.notation;
  const now = performance.now();
  const last = lastTap;
  lastTap = { notation, time: now };
  setFocusPile(notation, false);
  hideHint();
  if (el.dataset.kind === "stock") {
    clearSelection();
    lastTap = null;
    run(() => playMoves(["s"]));
    return;
  }
  if (last && last.notation === notation && now - last.time < DOUBLE_TAP_MS) {
    lastTap = null;
    clearSelection();
    run(() => doubleClick(notation));
    return;
  }
  if (app.selection) {
    const sel = app.selection;
    clearSelection();
    if (sel.pile === notation) return;
    lastTap = null;
    run(() => playMoves([moveText(sel.pile, notation, sel.count)]));
    return;
  }
  const count = groupCount(el, index);
  if (count > 0) select(notation, count);
}

/** Does the pile `notation` of the game on the table end with these cards? */
function topCardsAre(notation, cards) {
  const pile = viewPile(app.game.view, notation);
  const top = pile ? pile.cards.slice(-cards.length) : [];
  return top.length === cards.length && top.every((card, i) => card === cards[i]);
}

/** Cards taken while a deal or a move was on its way are no longer where they were: say so. */
function tableChanged() {
  playSound("refuse");
  notice(t("The table changed while you were moving cards: pick them up again."));
  return false;
}

/** Taps, double taps and drags on the table: `actions` plays moves, double-clicks and redraws. */
export function installPointerInput(actions) {
  ({ playMoves, doubleClick, render } = actions);
  installPointer($("table"), $("drag-layer"), {
    tap: onTap,
    dragStart(el, count) {
      if (!app.game || el.dataset.kind === "stock") return false;
      clearSelection();
      hideHint();
      lastTap = null;
      highlightTargets(el.dataset.notation, count);
      playSound("pick");
      return true;
    },
    async drop(srcEl, dstEl, count, cards) {
      const src = srcEl.dataset.notation;
      const dst = dstEl.dataset.notation;
      if (dst === "s") {
        playSound("refuse");
        notice(t("Cards cannot be put on the stock."));
        return false;
      }
      const dragged = cards.map(({ el }) => el.dataset.card);
      // after the answers on their way (a deal, say), when the source pile still ends with these cards
      return run(() => (topCardsAre(src, dragged) ? playMoves([moveText(src, dst, count)]) : tableChanged()));
    },
    changed: tableChanged,
    restore() {
      render("none");
    },
    dragEnd() {
      clearMarks();
    },
  });
}
