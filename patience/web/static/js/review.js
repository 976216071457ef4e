// The review panel: where the game was lost (GET /api/games/{id}/review), the turning point's board,
// the move that would have kept the game winnable, and the winning line from there, step by step.

import { api } from "./api.js";
import { fmt, plural, t } from "./i18n.js";
import { parseMove } from "./state.js";
import { renderTable } from "./table.js";

const PLAY_MS = 700;

export class ReviewDialog {
  /** `announce(text)` speaks; `playOn(game)` puts a game from "Play on from here" on the table. */
  constructor(announce, playOn = () => {}) {
    this.dialog = document.getElementById("review-dialog");
    this.summary = document.getElementById("review-summary");
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
      this.board.replaceChildren(); // no second copy of the cards' data-card / data-pile once closed
    });
  }

  /** Open the panel for a game and ask the server for its review. */
  async open(game) {
    this.pause();
    this.review = null;
    this.game = game;
    this.dialog.dataset.status = "pending";
    delete this.dialog.dataset.lostAt;
    this.summary.textContent = t("Reviewing… (the solver searches the game's history)");
    this.stepText.textContent = "";
    this.board.replaceChildren();
    this.controls.hidden = true;
    this.playOnButton.hidden = true;
    if (!this.dialog.open) this.dialog.showModal();
    let review;
    try {
      review = await api.get(`/api/games/${encodeURIComponent(game.id)}/review`);
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
    this.controls.hidden = !review.turning_point;
    this.playOnButton.hidden = !review.lost_at; // a turning point after a move: a position to play on from
    if (review.turning_point) this.go(0);
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
    let text;
    if (this.index === 0) {
      // the summary above already says what was played and what was better: not a second time
      text = r.lost_at
        ? fmt("The turning point: the position after move {number}.", { number: r.lost_at - 1 })
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

  /** Outline the card(s) the step's move put down in the small board (nothing for a deal from the stock). */
  markMoved(text) {
    const move = parseMove(text);
    if (!move || move.src === "s") return;
    const pile = [...this.board.querySelectorAll("[data-pile]")].find((el) => el.dataset.notation === move.dst);
    if (!pile) return;
    const cards = [...pile.querySelectorAll(":scope > [data-card]")];
    for (const card of cards.slice(cards.length - move.count)) card.classList.add("review-moved");
  }

  /** "Play on from here": a new game at the turning point (the game reviewed stays as it is). */
  async startFromTurningPoint() {
    const game = this.game;
    if (!this.review || !this.review.lost_at || !game) return;
    this.pause();
    this.playOnButton.disabled = true;
    try {
      const started = await api.post(`/api/games/${encodeURIComponent(game.id)}/review/play-on`,
        { version: game.version });
      this.dialog.close();
      this.playOn(started);
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
