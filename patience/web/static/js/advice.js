// Advice from the server's solver: the quiet "can this still be won?" indicator, polled in the
// background after each change (never blocking play), and the Hint button.

import { api } from "./api.js";
import { fmt, langTag, t, tc } from "./i18n.js";
import { fairMode, hintQuery, scheduleOdds, watchFairHint } from "./fair.js";
import { $, announce, app, errorText, notice, parseMove, pileEl } from "./state.js";
import { poller } from "./poll.js";
import { hintWords } from "./words.js";

// ---------------------------------------------------------------- winnable indicator

const WINNABLE_TEXT = {
  winnable: "Winnable",
  lost: "Lost: this deal can no longer be won",
  unknown: "Not known yet",
  pending: "Thinking…",
  won: "Won", // a game's result: looked up with its context, below
};

/** The dot's words: `searched` is the longest search that ended undecided (seconds). */
function winnableText(status, searched) {
  if (status === "pending" && searched > 0) return t("Still thinking…");
  if (status === "unknown" && searched > 0) {
    return fmt("Not decided in {seconds} s", { seconds: Number(searched.toFixed(1)).toLocaleString(langTag()) });
  }
  if (status === "won") return tc("a game's result", "Won");
  return t(WINNABLE_TEXT[status] || WINNABLE_TEXT.unknown);
}

/** The dot's verdict (`status`), the game it is about and the timer that will say "Thinking…". */
const verdict = { status: "unknown", game: null, pendingTimer: 0 };

export function setWinnable(status, searched = 0) {
  window.clearTimeout(verdict.pendingTimer);
  const el = $("winnable");
  const previous = verdict.status;
  verdict.status = status;
  el.dataset.status = status;
  el.textContent = winnableText(status, searched);
  el.title = t("Can this still be won?");
  if (status === "lost" && previous !== "lost" && app.game && !app.game.finished) {
    announce(t("Lost: this deal can no longer be won"));
  }
}

// After a move the dot keeps its verdict while the new one is on its way: on a known line the server
// answers at once, and "Thinking…" shows only when it has not answered within this time.
const PENDING_AFTER_MS = 800;
const verdicts = poller();

export function scheduleWinnable() {
  verdicts.stop();
  const g = app.game;
  if (!g) return;
  if (fairMode()) {
    scheduleOdds(g); // the fair dot: odds over the ways to deal the unseen cards
    return;
  }
  if (g.won) {
    setWinnable("won");
    return;
  }
  if (g.can_finish) {
    setWinnable("winnable"); // Finish shows: the rest is a sure win
    return;
  }
  const sameGame = verdict.game === g.id;
  verdict.game = g.id;
  if (!sameGame || !["winnable", "lost"].includes(verdict.status)) setWinnable("pending");
  else if (verdict.status !== "lost") {
    verdict.pendingTimer = window.setTimeout(() => { if (app.game === g) setWinnable("pending"); }, PENDING_AFTER_MS);
  }
  verdicts.start({
    get: () => api.get(`/api/games/${g.id}/winnable`),
    wanted: (answer) => app.game === g && (!answer || answer.version === undefined || answer.version === g.version),
    show: (answer) => setWinnable(answer.status, answer.searched_seconds || 0),
    more: (answer) => answer.status === "pending",
    failed: () => { if (app.game === g) setWinnable("unknown"); },
  });
}

// ---------------------------------------------------------------- hints

export function hideHint() {
  $("hint-box").hidden = true;
  delete $("hint-box").dataset.end;
  for (const el of $("table").querySelectorAll(".hint-src, .hint-dst")) el.classList.remove("hint-src", "hint-dst");
}

let endGame = () => {};

/** What the hint's "End the game" button does, when no useful move is left (main.js: abandon it). */
export function onEndGame(end) {
  endGame = end;
}

/** Lost, and every move left only goes round in circles: say so, and offer to end the game. */
function showNoUsefulMoves(hint) {
  const box = $("hint-box");
  const head = document.createElement("strong");
  head.textContent = t("No useful moves left");
  const small = document.createElement("small");
  const why = hint.explanation || "";
  // the sentence starts with the bold words ("No useful moves left: …"): say them once
  small.textContent = why.startsWith(`${head.textContent}:`) ? why.slice(head.textContent.length + 1).trim() : why;
  const end = document.createElement("button");
  end.type = "button";
  end.id = "hint-end";
  end.textContent = t("End the game (it counts as lost)");
  end.addEventListener("click", () => endGame());
  box.replaceChildren(head, small, end);
  box.dataset.basis = hint.basis || "";
  box.dataset.move = "";
  box.dataset.end = "true";
  box.hidden = false;
  announce(`${t("No useful moves left")} (${hint.explanation || ""})`);
  setWinnable("lost");
}

/** Ask for a hint; POST, because a hint counts in the statistics (a win "with hints"). */
export function fetchHint(g) {
  return api.post(`/api/games/${g.id}/hint${hintQuery()}`, {});
}

export async function showHint() {
  const g = app.game;
  if (!g) return;
  let hint;
  const stopWatching = fairMode() ? watchFairHint(g) : null; // the fair hint shows how far it has got
  try {
    hint = await fetchHint(g);
  } catch (err) {
    if (stopWatching) hideHint();
    notice(err.status === 404 && !err.detail ? t("Hints are not available yet.") : errorText(err));
    return;
  } finally {
    if (stopWatching) stopWatching();
  }
  if (app.game !== g) return;
  hideHint();
  if (hint.no_useful_moves) {
    showNoUsefulMoves(hint);
    return;
  }
  const box = $("hint-box");
  const parts = [];
  if (hint.move) {
    const move = parseMove(hint.move);
    parts.push(fmt("Hint: {move}", { move: hintWords(g, hint.move) }));
    if (move) {
      const src = pileEl(move.src);
      if (src) {
        if (move.src === "s") src.classList.add("hint-src");
        const cards = [...src.querySelectorAll(":scope > [data-card]")];
        for (const c of cards.slice(cards.length - Math.max(1, move.count))) c.classList.add("hint-src");
      }
      const dst = move.src === "s" ? null : pileEl(move.dst);
      if (dst) dst.classList.add("hint-dst");
    }
  } else {
    parts.push(t("No hint: no move is left."));
  }
  const basis = hint.basis === "winning line" ? t("Winning line") : hint.basis === "fair" ? t("Fair hint")
    : hint.basis ? t("Best guess") : "";
  const detail = [basis, hint.explanation || ""].filter(Boolean).join(": ");
  const head = document.createElement("strong");
  head.textContent = parts.join(" ");
  const small = document.createElement("small");
  small.textContent = detail;
  box.replaceChildren(head, small);
  if (detail) parts.push(`(${detail})`);
  box.dataset.basis = hint.basis || "";
  box.dataset.move = hint.move || "";
  box.hidden = false;
  announce(parts.join(" "));
  if (hint.status === "winnable" || hint.status === "lost") setWinnable(hint.status);
}
