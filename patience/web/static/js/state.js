// Shared state of the page and small helpers every module uses.

import { t } from "./i18n.js";

export const $ = (id) => document.getElementById(id);

/** The page's state; `game` is the last game object the server sent. */
export const app = {
  game: null,
  catalog: [],
  selection: null, // {pile: "t3", count: 2}
  focus: null, // notation of the pile that has the keyboard's roving focus
  queue: Promise.resolve(),
  lastTap: null,
  receivedAt: 0,
  winnable: "unknown",
  winnableGame: null, // the game the dot's verdict is about
  pendingTimer: 0,
  pollTimer: 0,
  noticeTimer: 0,
  pileEls: [],
  stats: null,
};

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

/** The pile element on the table by its notation. */
export function pileEl(notation) {
  return $("table").querySelector(`[data-notation="${notation}"]`);
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
  app.pending = (app.pending || 0) + 1;
  const result = app.queue.then(action, action);
  app.queue = result.catch(() => {}).finally(() => {
    app.pending -= 1;
  });
  return result;
}
