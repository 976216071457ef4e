// The review panel: where the game was lost (GET /api/games/{id}/review), the turning point's board,
// the move that would have kept the game winnable, and the winning line from there, step by step.
// With fair analysis (js/fair.js) it also asks for the fair review (?fair=1), which the server works
// out piece by piece while the panel asks again, and names the move that cost the most odds.

import { api } from "./api.js";
import { fairMode } from "./fair.js";
import { fmt, plural, t } from "./i18n.js";
import { parseMove } from "./state.js";
import { renderTable } from "./table.js";

const PLAY_MS = 700;
const FAIR_POLL_MS = 1500;

export class ReviewDialog {
  /**
   * `announce(text)` speaks; `playOn(game, words)` puts a game from "Play on from here" on the table
   * and says `words` (where the new game starts).
   */
  constructor(announce, playOn = () => {}) {
    this.dialog = document.getElementById("review-dialog");
    this.summary = document.getElementById("review-summary");
    this.fairText = document.getElementById("review-fair");
    this.luckText = document.getElementById("review-luck");
    this.costliestButton = document.getElementById("review-costliest");
    this.stepText = document.getElementById("review-step-text");
    this.board = document.getElementById("review-table");
    this.controls = document.getElementById("review-controls");
    this.playButton = document.getElementById("review-play");
    this.playOnButton = document.getElementById("review-play-on");
    this.announce = announce;
    this.playOn = playOn;
    this.review = null;
    this.index = 0;
    this.timer = 0;
    this.fairTimer = 0;
    this.costliestButton.addEventListener("click", () => {
      this.pause();
      this.showCostliest();
    });
    document.getElementById("review-first").addEventListener("click", () => {
      this.pause(); // back to the turning point stops a running replay
      this.go(0);
    });
    document.getElementById("review-back").addEventListener("click", () => this.go(this.index - 1));
    document.getElementById("review-next").addEventListener("click", () => this.go(this.index + 1));
    this.playButton.addEventListener("click", () => (this.timer ? this.pause() : this.play()));
    this.playOnButton.addEventListener("click", () => this.startFromTurningPoint());
    this.dialog.addEventListener("close", () => {
      this.pause();
      window.clearTimeout(this.fairTimer);
      this.board.replaceChildren(); // no second copy of the cards' data-card / data-pile once closed
    });
  }

  /** Open the panel for a game and ask the server for its review. */
  async open(game) {
    this.pause();
    window.clearTimeout(this.fairTimer);
    this.review = null;
    this.game = game;
    this.fair = fairMode();
    this.dialog.dataset.status = "pending";
    delete this.dialog.dataset.lostAt;
    delete this.dialog.dataset.fair;
    delete this.dialog.dataset.costliest;
    this.fairText.hidden = !this.fair;
    this.fairText.textContent = this.fair ? t("Weighing your moves from what you saw…") : "";
    this.luckText.hidden = true;
    this.luckText.textContent = "";
    this.costliestButton.hidden = true;
    this.summary.textContent = t("Reviewing… (the solver searches the game's history)");
    this.stepText.textContent = "";
    this.board.replaceChildren();
    this.controls.hidden = true;
    this.playOnButton.hidden = true;
    if (!this.dialog.open) this.dialog.showModal();
    let review;
    try {
      review = await api.get(this.url(game));
    } catch (err) {
      this.dialog.dataset.status = "error";
      this.summary.textContent = err.detail || t("The review could not be done.");
      return;
    }
    if (!this.dialog.open || this.game !== game) return;
    this.review = review;
    this.dialog.dataset.status = review.status;
    if (review.lost_at !== null) this.dialog.dataset.lostAt = String(review.lost_at);
    this.summary.textContent = review.summary;
    this.announce(review.summary);
    this.showControls();
    const first = document.getElementById("review-first");
    first.dataset.i18n = this.firstLabel(); // translateDocument keeps it on a change of language
    first.textContent = t(first.dataset.i18n);
    this.playOnButton.hidden = !this.canPlayOn(); // a position to play on from
    if (review.turning_point) this.go(0);
    if (review.fair) this.showFair(game);
  }

  /**
   * Whether "Play on from here" has a position: the turning point after a move, or, in a review left
   * undecided between two known ends, the last position known winnable (shown with its line).
   */
  canPlayOn() {
    const r = this.review;
    return Boolean(r && (r.lost_at || (r.status === "unknown" && r.turning_point)));
  }

  /**
   * The English name of the line's first board, on the button that goes back to it: the turning point of a
   * lost game, the last position known winnable of an undecided review, else the position now.
   */
  firstLabel() {
    const r = this.review;
    return r.lost_at ? "Turning point" : r.status === "unknown" ? "Last winnable position" : "Position now";
  }

  url(game) {
    return `/api/games/${encodeURIComponent(game.id)}/review${this.fair ? "?fair=1" : ""}`;
  }

  /** The line's buttons when there is a turning point; "Costliest move" once the fair review names one. */
  showControls() {
    const r = this.review;
    const costliest = Boolean(r.fair && r.fair.costliest);
    const line = Boolean(r.turning_point) && r.steps.length > 0;
    this.controls.hidden = !line && !costliest;
    for (const id of ["review-first", "review-back", "review-next", "review-play"]) {
      document.getElementById(id).hidden = !line;
    }
    this.costliestButton.hidden = !costliest;
  }

  /**
   * The fair review's sentence, then luck or play once the server has weighed it (a game not won);
   * while it is pending, ask again (the server goes on only while asked).
   */
  showFair(game) {
    const fair = this.review.fair;
    this.dialog.dataset.fair = fair.status;
    this.fairText.textContent = fair.summary;
    this.luckText.textContent = fair.luck_words || "";
    this.luckText.hidden = !fair.luck_words;
    if (fair.costliest) this.dialog.dataset.costliest = String(fair.costliest.number);
    this.showControls();
    if (fair.status === "done") {
      this.announce(fair.luck_words ? `${fair.summary} ${fair.luck_words}` : fair.summary);
      if (fair.costliest && !this.review.turning_point) this.showCostliest();
    }
    if (fair.status !== "pending") return;
    this.fairTimer = window.setTimeout(async () => {
      let again;
      try {
        again = await api.get(this.url(game));
      } catch (err) {
        this.fairText.textContent = err.detail || t("The review could not be done.");
        return;
      }
      if (!this.dialog.open || this.game !== game || !again.fair) return;
      this.review.fair = again.fair;
      this.showFair(game);
    }, FAIR_POLL_MS);
  }

  /** The board before the costliest move, its moving cards outlined. */
  showCostliest() {
    const r = this.review;
    const found = r && r.fair && r.fair.costliest;
    if (!found) return;
    this.index = -1; // "Next move" goes on to the turning point
    renderTable(this.board, { game: r.game, view: found.view }, "none");
    this.board.dataset.step = "costliest";
    this.markSource(found.move);
    this.stepText.textContent = fmt("Before your costliest move (move {number}): {move}.",
      { number: found.number, move: found.words });
    document.getElementById("review-first").disabled = false;
    document.getElementById("review-back").disabled = true;
    document.getElementById("review-next").disabled = !r.turning_point;
  }

  /** Outline the card(s) a move takes from its pile (the stock's top card for a click on the stock). */
  markSource(text) {
    const move = parseMove(text);
    if (!move) return;
    const pile = [...this.board.querySelectorAll("[data-pile]")].find((el) => el.dataset.notation === move.src);
    if (!pile) return;
    const cards = [...pile.querySelectorAll(":scope > [data-card]")];
    for (const el of cards.slice(cards.length - Math.max(move.count, 1))) el.classList.add("review-moved");
  }

  /** Show the board after `index` moves of the winning line (0: the turning point). */
  go(index) {
    const r = this.review;
    if (!r || !r.turning_point) return;
    const last = r.steps.length;
    this.index = Math.max(0, Math.min(index, last));
    const view = this.index === 0 ? r.turning_point : r.steps[this.index - 1].view;
    renderTable(this.board, { game: r.game, view }, "none");
    this.board.dataset.step = String(this.index);
    if (this.index > 0) this.markMoved(r.steps[this.index - 1].move);
    else if (r.better) this.markBetter(r.better);
    let text;
    if (this.index === 0) {
      // the summary above already says what was played and what was better: not a second time
      text = r.lost_at
        ? fmt("The turning point: the position after move {number}.", { number: r.lost_at - 1 })
        : r.lost_at === 0 ? t("The deal as dealt: no order of moves could win it.")
          : r.status === "unknown" ? this.lastWinnableText()
            : t("The position now. A winning line from here:");
    } else {
      text = fmt("Move {number} of {count}: {move}",
        { number: this.index, count: r.line.length, move: r.steps[this.index - 1].words });
    }
    if (this.index === last && last < r.line.length) {
      text += " " + fmt("(the rest of the line is not shown: {moves})", { moves: plural("{count} move", r.line.length - last) });
    }
    this.stepText.textContent = text;
    document.getElementById("review-first").disabled = this.index === 0;
    document.getElementById("review-back").disabled = this.index === 0;
    document.getElementById("review-next").disabled = this.index === last;
    if (this.index === last) this.pause();
  }

  /** In a review left undecided: the board shown is the last position known winnable. */
  lastWinnableText() {
    const after = this.review.winnable_after;
    return after
      ? fmt("The last position known to be winnable, after move {number}. A winning line from there:",
        { number: after })
      : t("The deal as dealt, known to be winnable. A winning line from there:");
  }

  /** On the turning point's board, the better move: its card(s) and the pile they would go to. */
  markBetter(text) {
    const move = parseMove(text);
    if (!move) return;
    const pileOf = (notation) => [...this.board.querySelectorAll("[data-pile]")]
      .find((el) => el.dataset.notation === notation);
    const from = pileOf(move.src);
    if (from) {
      const cards = [...from.querySelectorAll(":scope > [data-card]")];
      for (const card of cards.slice(cards.length - Math.max(1, move.count))) card.classList.add("review-better");
    }
    const to = move.src === "s" ? null : pileOf(move.dst);
    if (to) to.classList.add("review-better-dst");
  }

  /** Outline the card(s) the step's move put down in the small board (nothing for a deal from the stock). */
  markMoved(text) {
    const move = parseMove(text);
    if (!move || move.src === "s") return;
    const pile = [...this.board.querySelectorAll("[data-pile]")].find((el) => el.dataset.notation === move.dst);
    if (!pile) return;
    const cards = [...pile.querySelectorAll(":scope > [data-card]")];
    for (const card of cards.slice(cards.length - move.count)) card.classList.add("review-moved");
  }

  /**
   * "Play on from here": a new game at the turning point, or at the last position known winnable of
   * an undecided review (the game reviewed stays as it is).
   */
  async startFromTurningPoint() {
    const game = this.game;
    if (!this.canPlayOn() || !game) return;
    this.pause();
    this.playOnButton.disabled = true;
    try {
      const r = this.review; // `at`: the board shown, so that a review found anew cannot move it
      const started = await api.post(`/api/games/${encodeURIComponent(game.id)}/review/play-on`,
        { version: game.version, at: r.lost_at ? r.lost_at - 1 : r.winnable_after });
      const where = r.lost_at
        ? t("A new game at the turning point, counted as a game with hints.")
        : t("A new game at the last position known to be winnable, counted as a game with hints.");
      this.dialog.close();
      this.playOn(started, where);
    } catch (err) {
      this.stepText.textContent = err.detail || t("That did not work.");
    } finally {
      this.playOnButton.disabled = false;
    }
  }

  play() {
    if (!this.review || this.index >= this.review.steps.length) this.go(0);
    this.playButton.textContent = t("Pause");
    this.timer = window.setInterval(() => this.go(this.index + 1), PLAY_MS);
  }

  pause() {
    if (this.timer) window.clearInterval(this.timer);
    this.timer = 0;
    this.playButton.textContent = t("Play");
  }
}
