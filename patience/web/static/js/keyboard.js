// The keyboard: arrow keys move between piles (one tab stop for the table), Enter/Space picks cards
// up and puts them down, F acts as a double-click, D deals, H asks for a hint, Ctrl+Z / Ctrl+Shift+Z /
// Ctrl+Y undo and redo. Every move is announced in the live region.

import { cardName } from "./cards.js";
import { fmt, plural, t } from "./i18n.js";
import { $, announce, app, keepFocus, moveText, pileEl, run, setFocus, viewPile } from "./state.js";
import { neighbour, pileName } from "./table.js";

let actions = null; // the controller's verbs, given to installKeyboard

/** Give the table's one tab stop to this pile (and the focus, unless `focus` is false). */
export function setFocusPile(notation, focus = true) {
  setFocus(notation);
  for (const el of app.pileEls) el.tabIndex = el.dataset.notation === notation ? 0 : -1;
  const el = pileEl(notation);
  if (el && focus) el.focus();
}

/** Enter / Space on a pile: deal, pick up (again: one more card), or put down. */
function keyboardActivate(el) {
  const notation = el.dataset.notation;
  actions.hideHint();
  if (el.dataset.kind === "stock") {
    actions.clearSelection();
    keepFocus();
    run(() => actions.playMoves(["s"]));
    return;
  }
  const n = el.querySelectorAll(":scope > [data-card]").length;
  const sel = app.selection;
  if (sel && sel.pile === notation) {
    const count = sel.count + 1 <= n ? sel.count + 1 : 1;
    actions.select(notation, count);
    const pile = pileName(viewPile(app.game.view, notation));
    announce(fmt("Picked up {cards} from {pile}", { cards: plural("{count} card", count), pile }));
    return;
  }
  if (sel) {
    actions.clearSelection();
    keepFocus();
    run(() => actions.playMoves([moveText(sel.pile, notation, sel.count)]));
    return;
  }
  if (!n) {
    announce(fmt("{pile}: empty", { pile: pileName(viewPile(app.game.view, notation)) }));
    return;
  }
  actions.select(notation, 1);
  const pile = viewPile(app.game.view, notation);
  const top = pile.cards[pile.cards.length - 1];
  const words = { card: cardName(top), pile: pileName(pile) };
  announce(fmt("Picked up {card} from {pile}. Move to a pile and press Enter.", words));
}

function typing(target) {
  return target && (target.tagName === "INPUT" || target.tagName === "SELECT" || target.tagName === "TEXTAREA");
}

function onKeyDown(event) {
  const key = event.key;
  const ctrl = event.ctrlKey || event.metaKey;
  if (document.querySelector("dialog[open]")) return;
  if (ctrl && !event.altKey && (key === "z" || key === "Z")) {
    if (typing(event.target)) return;
    event.preventDefault();
    if (event.shiftKey) actions.redo();
    else actions.undo();
    return;
  }
  if (ctrl && !event.altKey && (key === "y" || key === "Y")) {
    if (typing(event.target)) return;
    event.preventDefault();
    actions.redo();
    return;
  }
  if (ctrl || event.altKey || typing(event.target)) return;
  const onPile = event.target.closest && event.target.closest("#table [data-pile]");
  if (key === "Escape") {
    if (app.selection) {
      actions.clearSelection();
      announce(t("Cards put back"));
    }
    actions.hideHint();
    return;
  }
  if (key === "h" || key === "H") {
    event.preventDefault();
    run(actions.showHint);
    return;
  }
  if (key === "d" || key === "D") {
    event.preventDefault();
    keepFocus($("table").contains(document.activeElement));
    run(() => actions.playMoves(["s"]));
    return;
  }
  if (!onPile) return;
  if (key.startsWith("Arrow")) {
    const next = neighbour(app.game.game, onPile.dataset.notation, key);
    event.preventDefault();
    if (next) {
      setFocusPile(next);
    }
    return;
  }
  if (key === "Enter" || key === " ") {
    event.preventDefault();
    keyboardActivate(onPile);
    return;
  }
  if (key === "f" || key === "F") {
    event.preventDefault();
    actions.clearSelection();
    keepFocus();
    run(() => actions.doubleClick(onPile.dataset.notation));
  }
}

/** Listen for keys; `actions` holds the controller's verbs (playMoves, doubleClick, undo, redo, ...). */
export function installKeyboard(verbs) {
  actions = verbs;
  document.addEventListener("keydown", onKeyDown);
}
