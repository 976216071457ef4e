// Shared state of the page and small helpers every module uses.

import { t } from "./i18n.js";

export const $ = (id) => document.getElementById(id);

/**
 * The page's state; `game` is the last game object the server sent. Only this module writes it: the
 * others read it and change it through the functions below (tests/web/test_page_state.py checks).
 */
export const app = {
  game: null,
  catalog: [],
  selection: null, // {pile: "t3", count: 2}
  focus: null, // notation of the pile that has the keyboard's roving focus
  keepFocus: false, // the next draw gives the focus back to the focused pile
  queue: Promise.resolve(),
  pending: 0,
  receivedAt: 0,
  noticeTimer: 0,
  pileEls: [],
  stats: null,
  review: null,
};

/** The game the server sent (or null before it sends one again): no cards are picked up. */
export function receiveGame(game) {
  app.game = game;
  app.receivedAt = performance.now();
  app.selection = null;
}

/** The clock the server counted for game `id` (`elapsed_seconds`, `clock_running`), when that game is
 * still the one on the table: true then. */
export function setClock(id, clock) {
  if (!app.game || app.game.id !== id) return false;
  app.game.elapsed_seconds = clock.elapsed_seconds;
  app.game.clock_running = clock.clock_running;
  return true;
}

/** Show `game` for a moment (a step of Finish), or the game again; nothing else changes. */
export function showGame(game) {
  app.game = game;
}

/** The games that can be played (GET /api/games/catalog), each with its layout. */
export function useCatalog(catalog) {
  app.catalog = catalog;
}

/** The statistics and review dialogs, made once. */
export function useDialogs(stats, review) {
  app.stats = stats;
  app.review = review;
}

/** The cards picked up: {pile: "t3", count: 2}, or null. */
export function setSelection(selection) {
  app.selection = selection;
}

/** The pile with the table's roving focus (its notation), and whether the next draw focuses it. */
export function setFocus(notation) {
  app.focus = notation;
}

export function keepFocus(keep = true) {
  app.keepFocus = keep;
}

/** The pile elements as last drawn, in keyboard order. */
export function setPileEls(els) {
  app.pileEls = els;
}

/** "t3-t5x2" -> {src: "t3", dst: "t5", count: 2}; "s" -> {src: "s", dst: "s", count: 0}. */
export function parseMove(text) {
  if (text === "s") return { src: "s", dst: "s", count: 0 };
  const m = /^([a-z]+\d*)-([a-z]+\d*)(?:x(\d+))?$/.exec(text);
  return m ? { src: m[1], dst: m[2], count: m[3] ? Number(m[3]) : 1 } : null;
}

/** The notation of a move: moveText("t3", "t5", 2) -> "t3-t5x2". */
export function moveText(src, dst, count) {
  return count > 1 ? `${src}-${dst}x${count}` : `${src}-${dst}`;
}

/** The pile of a view by its notation ("t3"). */
export function viewPile(view, notation) {
  return view.piles.find((p) => p.notation === notation);
}

/**
 * The automatic moves of a game answer (`automatic`), each with its card: [{move, card, pile}], in the
 * order played. Each went to a foundation, so its card is that foundation's top card once the later
 * ones are left out.
 */
export function automaticCards(game) {
  const moves = (game && game.automatic) || [];
  return moves.map((text, i) => {
    const move = parseMove(text);
    const pile = move ? viewPile(game.view, move.dst) : null;
    if (!pile) return { move: text, card: null, pile: null };
    const later = moves.slice(i + 1).filter((m) => m.endsWith(`-${move.dst}`)).length;
    return { move: text, card: pile.cards[pile.cards.length - 1 - later] || null, pile };
  });
}

/** The pile element on the table by its notation. */
export function pileEl(notation) {
  return $("table").querySelector(`[data-notation="${notation}"]`);
}

/**
 * A switch of the menu (a button with aria-pressed) with its state in words beside its name: "On" or
 * "Off" (for the eye: screen readers hear aria-pressed), or a `note` saying why it does nothing here.
 */
export function showSwitchState(button, on, note = "") {
  button.setAttribute("aria-pressed", on ? "true" : "false");
  let state = button.querySelector(".switch-state");
  if (!state) {
    state = document.createElement("span");
    state.className = "switch-state";
    button.append(state);
  }
  state.textContent = note || t(on ? "On" : "Off");
  state.classList.toggle("switch-note", Boolean(note));
  if (note) state.removeAttribute("aria-hidden");
  else state.setAttribute("aria-hidden", "true");
}

/** Say something to screen readers (the aria-live region #live). */
export function announce(text) {
  const live = $("live");
  live.textContent = "";
  // a fresh text node makes screen readers speak even a repeated sentence
  window.setTimeout(() => {
    live.textContent = text;
  }, 30);
}

/** A short message on the table (an illegal move's reason...), also announced. */
export function notice(text) {
  const box = $("notice");
  box.textContent = text;
  box.hidden = false;
  box.classList.remove("show");
  void box.offsetWidth;
  box.classList.add("show");
  announce(text);
  window.clearTimeout(app.noticeTimer);
  app.noticeTimer = window.setTimeout(() => {
    box.hidden = true;
  }, 4000);
}

/** The sentence to show for a failed request: the server's own, or ours. */
export function errorText(err) {
  if (err.status === 0) return t("The server cannot be reached. Your last move may not be saved.");
  return err.detail || t("That did not work.");
}

/** Run actions one after another, so each change carries the version the server last sent. */
export function run(action) {
  app.pending += 1;
  const result = app.queue.then(action, action);
  app.queue = result.catch(() => {}).finally(() => {
    app.pending -= 1;
  });
  return result;
}
