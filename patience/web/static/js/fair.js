// Fair analysis: a setting "Analysis: exact (knows the stock) / fair (only what you see)", remembered,
// exact by default. In fair mode the dot shows the odds the server counts over more and more of the
// ways to deal the unseen cards (GET /api/games/{id}/odds), the hint is the fair hint (?fair=1), and
// "Show me how" (which follows a line found by knowing the stock) waits until nothing is hidden.

import { api } from "./api.js";
import { langTag, plural, t, tc } from "./i18n.js";
import { $, app } from "./state.js";
import { poller } from "./poll.js";
import { hintWords } from "./words.js";

const MODE_KEY = "patience.analysis";
const EXACT = "exact";
const FAIR = "fair";

const fair = { hidden: null, version: null };
const odds = poller();
let onChange = () => {};

/** True when the player chose fair analysis. */
export function fairMode() {
  return localStorage.getItem(MODE_KEY) === FAIR;
}

/** "?fair=1" in fair mode, for the hint's URL. */
export function hintQuery() {
  return fairMode() ? "?fair=1" : "";
}

function percent(share) {
  return Math.round(share * 100).toLocaleString(langTag());
}

const COUNTING = "Counting the ways to deal the unseen cards…";
// one sentence for why fair and exact analysis may differ on the same position (the fair dot's title)
const WHY_BOTH = "Fair analysis sees only what you see: it deals the unseen cards in many ways and counts those "
  + "that can still be won. Exact analysis knows how they really lie, so it may say Lost while some "
  + "other ways still win.";

/** The dot's words for an odds answer, in the fair hint's words: a count, then its 95% interval. */
function oddsText(answer) {
  if (!answer.samples) return t(COUNTING);
  if (!answer.hidden) {
    // nothing hidden: the one "sample" is the position itself
    if (answer.won) return t("Winnable");
    if (answer.lost) return t("Lost: this deal can no longer be won");
    return t("Not known yet");
  }
  const values = { won: answer.won, low: percent(answer.low), high: percent(answer.high) };
  if (answer.more) { // more samples are coming: the count so far, which may still move
    return plural("So far {won} of {count} way to deal the unseen cards can still be won…", answer.samples, values);
  }
  return plural("{won} of {count} way to deal the unseen cards can still be won ({low}–{high}%)",
                answer.samples, values);
}

function oddsTitle(answer) {
  return answer.samples && !answer.hidden ? t("Can this still be won?") : t(WHY_BOTH);
}

function showOdds(answer) {
  const el = $("winnable");
  el.dataset.status = answer.more ? "pending" : answer.hidden ? "odds" : answer.won ? "winnable"
    : answer.lost ? "lost" : "unknown";
  el.dataset.analysis = FAIR;
  el.dataset.samples = String(answer.samples);
  el.textContent = oddsText(answer);
  el.title = oddsTitle(answer);
  if (answer.samples) el.style.setProperty("--odds-hue", String(Math.round(130 * answer.won / answer.samples)));
}

/** "Show me how" plays a line found by knowing the stock: in fair mode only once nothing is hidden. */
export function offerShowHow(g = app.game) {
  const button = $("show-how");
  if (!button) return;
  let hidden = false;
  if (fairMode() && g && !g.finished) {
    const known = fair.version === g.version ? fair.hidden : null;
    const stock = g.view && g.view.status ? g.view.status.stock_left : 0;
    hidden = known !== null ? known > 0 : Boolean(stock);
  }
  button.hidden = hidden;
}

/** In fair mode, poll the odds of the game's position (growing samples) until no more are coming. */
export function scheduleOdds(g) {
  odds.stop();
  if (fair.version !== g.version) fair.hidden = null;
  fair.version = g.version;
  offerShowHow(g);
  const el = $("winnable");
  el.dataset.analysis = FAIR;
  if (g.won) {
    el.dataset.status = "won";
    el.textContent = tc("a game's result", "Won");
    return;
  }
  el.dataset.status = "pending";
  el.dataset.samples = "0";
  el.textContent = t(COUNTING);
  el.title = t(WHY_BOTH);
  odds.start({
    get: () => api.get(`/api/games/${g.id}/odds`),
    wanted: (answer) => app.game === g && fairMode() && (!answer || answer.version === g.version),
    show: (answer) => {
      fair.hidden = answer.hidden;
      offerShowHow(g);
      showOdds(answer);
    },
    more: (answer) => answer.more,
    failed: () => {
      if (app.game === g) {
        el.dataset.status = "unknown";
        el.textContent = t("Not known yet");
      }
    },
  });
}

// ---------------------------------------------------------------- the fair hint while it thinks

const PROGRESS_MS = 300;

/** The hint box's words for a fair hint's progress: the ways decided so far, the best move so far. */
function progressText(g, progress) {
  if (!progress.samples || !progress.decided) return t(COUNTING);
  const values = { decided: progress.decided, won: progress.won };
  if (!progress.move) {
    return plural("{decided} of {count} way to deal the unseen cards decided…", progress.samples, values);
  }
  return plural("{decided} of {count} way to deal the unseen cards decided: best so far {move}, wins in {won}",
                progress.samples, { ...values, move: hintWords(g, progress.move) });
}

function showProgress(g, progress) {
  const box = $("hint-box");
  const head = document.createElement("strong");
  head.textContent = t("Thinking…");
  const small = document.createElement("small");
  small.textContent = progressText(g, progress);
  box.replaceChildren(head, small);
  box.dataset.basis = "fair";
  box.dataset.thinking = String(progress.decided || 0);
  box.dataset.move = "";
  box.hidden = false;
}

/**
 * While a fair hint thinks, show in the hint box how far it has got (GET /api/games/{id}/hint/progress):
 * the ways to deal the unseen cards decided so far and the best move so far. Returns the stopper.
 */
export function watchFairHint(g) {
  let timer = 0;
  let stopped = false;
  showProgress(g, { samples: 0, decided: 0 });
  const poll = async () => {
    let progress = null;
    try {
      progress = await api.get(`/api/games/${g.id}/hint/progress`);
    } catch (err) {
      progress = null; // progress is a courtesy: the hint itself still answers
    }
    if (stopped || app.game !== g) return;
    if (progress && progress.version === g.version && progress.running) showProgress(g, progress);
    timer = window.setTimeout(poll, PROGRESS_MS);
  };
  timer = window.setTimeout(poll, PROGRESS_MS);
  return () => {
    stopped = true;
    window.clearTimeout(timer);
    delete $("hint-box").dataset.thinking;
  };
}

/** Stop polling the odds (the exact dot takes over). */
export function stopOdds() {
  odds.stop();
  delete $("winnable").dataset.analysis;
}

/** Add the setting to the toolbar's last group (the toolbar moves it into the menu when needed). */
export function installFair(changed) {
  onChange = changed;
  const groups = document.querySelectorAll(".toolbar .group");
  const group = groups[groups.length - 1];
  if (!group || $("analysis-mode")) return;
  const label = document.createElement("label");
  label.className = "visually-hidden";
  label.htmlFor = "analysis-mode";
  label.dataset.i18n = "Analysis";
  label.textContent = t("Analysis");
  const select = document.createElement("select");
  select.id = "analysis-mode";
  for (const [value, text] of [[EXACT, "Analysis: exact (knows the stock)"],
    [FAIR, "Analysis: fair (only what you see)"]]) {
    const option = document.createElement("option");
    option.value = value;
    option.dataset.i18n = text;
    option.textContent = t(text);
    select.append(option);
  }
  select.value = fairMode() ? FAIR : EXACT;
  select.addEventListener("change", () => {
    localStorage.setItem(MODE_KEY, select.value);
    if (!fairMode()) stopOdds();
    offerShowHow();
    onChange();
  });
  group.append(label, select);
}
