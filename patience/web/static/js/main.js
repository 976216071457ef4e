// The page's controller: loads the game from the server, renders it, and turns pointer and keyboard
// input into moves in our notation. It holds no rules: legality, conveniences and messages come from
// the server (`legal`, the double-click route, `message`).

import { hideHint, onEndGame, scheduleWinnable, showHint } from "./advice.js";
import { api } from "./api.js";
import { installSuitSymbols } from "./cards.js";
import { installClock, report, takeTime } from "./clock.js";
import { installFair } from "./fair.js";
import { confirmLoss, installConfirm, openRules, openSaved } from "./dialogs.js";
import { finishGame, installFinish, offerFinish } from "./finish.js";
import { clearSelection, installPointerInput, markSelection, select } from "./pointer.js";
import { fmt, languages, lang, loadMessages, plural, t, translateDocument, useMessages } from "./i18n.js";
import { installKeyboard, setFocusPile } from "./keyboard.js";
import {
  $, announce, app, errorText, keepFocus, notice, receiveGame, run, setFocus, setPileEls, useCatalog, useDialogs,
} from "./state.js";
import { StatsDialog } from "./stats.js";
import { installShow } from "./show.js";
import { renderStatus, tick } from "./status.js";
import { fitCards, minFan, renderTable } from "./table.js";
import { installToolbar } from "./toolbar.js";
import { dealTitle, showWin, stopCelebration } from "./win.js";
import { describeMove, pileCardsWords } from "./words.js";
import { dailyDeal, dealOptions, fillDealKinds, renderDifficulty } from "./deals.js";
import { ReviewDialog } from "./review.js";
import { dealFromLink, installShare } from "./share.js";
import { applyLooks, installLooks, translateLooks } from "./looks.js";
import { autodropMode, automaticWords, installAutodrop, translateAutodrop } from "./autodrop.js";
import { installSound, playSound, renderSound, soundFor } from "./sound.js";
import { applyFourColour, installFourColour } from "./fourcolour.js";
import { embedded } from "./boot.js";

const GAME_KEY = "patience.game";
const SLUG_KEY = "patience.slug";
const MAX_DEAL = 4294967295;

// ---------------------------------------------------------------- rendering

/** The game and version whose message the player closed ("id:version"): it comes back with the next change. */
let messageClosed = null;

/** Does the dock show the game's message (a lost or won game) now? */
function messageShown(g) {
  return Boolean(g.message) && messageClosed !== `${g.id}:${g.version}`;
}

function renderMessage() {
  const g = app.game;
  const box = $("message");
  const key = `${g.id}:${g.version}`;
  if (messageShown(g)) {
    const fresh = box.hidden || box.dataset.shown !== key;
    $("message-text").textContent = g.message;
    box.hidden = false; // its kind (won or over) is set by render(), before the table measures its room
    box.dataset.gameId = g.id;
    box.dataset.shown = key;
    box.querySelector('[data-action="undo"]').hidden = g.moves.length === 0 || g.won || g.undo_available === false;
    box.querySelector('[data-action="restart"]').hidden = g.won;
    box.querySelector('[data-action="review"]').hidden = g.won;
    box.querySelector('[data-action="next"]').hidden = g.deal === null || g.deal === undefined || g.deal >= MAX_DEAL;
    if (g.won && fresh) {
      showWin(g);
      box.querySelector('[data-action="next"]:not([hidden]), [data-action="new"]').focus({ preventScroll: true });
    }
  } else {
    box.hidden = true;
    box.dataset.shown = "";
  }
}

function renderButtons() {
  const g = app.game;
  // the server says whether an undo would be taken (not after a win, not in a finished game)
  $("undo").disabled = g.moves.length === 0 || g.undo_available === false;
  $("redo").disabled = !g.redo || g.redo.length === 0;
  $("restart").disabled = false;
  $("game-select").value = g.game;
}

function applyRovingFocus(hadFocus) {
  const els = app.pileEls;
  if (!els.length) return;
  let current = els.find((el) => el.dataset.notation === app.focus);
  if (!current) {
    current = els.find((el) => el.dataset.kind === "tableau") || els[0];
    setFocus(current.dataset.notation);
  }
  for (const el of els) el.tabIndex = el === current ? 0 : -1;
  if (hadFocus) current.focus({ preventScroll: true });
}

/** Draw everything from app.game; `mode`: "move" (slide moved cards), "deal" or "none". */
function render(mode = "move") {
  const table = $("table");
  const hadFocus = table.contains(document.activeElement) && document.activeElement !== table;
  renderStatus(); // first: the table's size depends on the room the status bar leaves
  // and on the footer's height: a phone's grows for a lost game's bar, not for the win box (which floats)
  $("message").hidden = !messageShown(app.game);
  $("message").dataset.kind = app.game.won ? "won" : "over";
  setPileEls(renderTable(table, app.game, mode));
  applyRovingFocus(hadFocus || app.keepFocus);
  keepFocus(false);
  renderButtons();
  renderMessage();
  markSelection();
  renderDifficulty(app.game);
}

/** Take a game object from the server: remember it, draw it, say what happened. */
function setGame(game, mode = "move", spoken = null) {
  const before = app.game;
  const newGame = !before || before.id !== game.id;
  if (newGame) stopCelebration();
  receiveGame(game);
  takeTime(game);
  localStorage.setItem(GAME_KEY, game.id);
  localStorage.setItem(SLUG_KEY, game.game);
  hideHint();
  if (newGame) applyFourColour(); // before the cards are drawn: their colours depend on the game
  render(newGame && mode === "move" ? "deal" : mode);
  if (!before || before.version !== game.version || newGame) scheduleWinnable();
  if (newGame && document.visibilityState === "visible") report(true); // this page shows it: the clock runs
  offerFinish(game);
  const parts = [];
  if (spoken) parts.push(spoken);
  if (game.message && (!before || before.message !== game.message || newGame)) parts.push(game.message);
  if (parts.length) announce(parts.join(". "));
}

// ---------------------------------------------------------------- talking to the server

/** POST a change; on success show the new game (and say it), on refusal say why. True when accepted. */
async function change(path, body, describe) {
  const before = app.game;
  try {
    const game = await api.post(path, body);
    let spoken = null;
    if (describe) spoken = describe(before, game);
    playSound(soundFor(before, game, body.moves || []));
    setGame(game, "move", spoken);
    return true;
  } catch (err) {
    playSound("refuse");
    if (err.status === 409) {
      notice(errorText(err));
      await reloadGame();
    } else {
      notice(errorText(err));
    }
    return false;
  }
}

/** Said after a change: what the player did, then what went up by itself. */
const spokenWith = (after, words) => [words, automaticWords(after)].filter(Boolean).join(". ");

/** Play moves; the cards they free go up by themselves as the setting says (Show me how: "off"). */
function playMoves(moves, autodrop = autodropMode()) {
  const g = app.game;
  return change(`/api/games/${g.id}/moves`, { moves, version: g.version, autodrop }, (before, after) =>
    spokenWith(after, moves.map((m) => describeMove(before, after, m)).join(". ")),
  );
}

function doubleClick(notation) {
  const g = app.game;
  const body = { pile: notation, version: g.version, autodrop: autodropMode() };
  return change(`/api/games/${g.id}/double-click`, body, (before, after) => {
    const applied = after.applied || [];
    if (applied.length === 1) return spokenWith(after, describeMove(before, after, applied[0]));
    return spokenWith(after, fmt("Moved {cards} to the foundations", { cards: plural("{count} card", applied.length) }));
  });
}

function undo() {
  return run(() => {
    const g = app.game;
    if (!g || !g.moves.length) return false;
    return change(`/api/games/${g.id}/undo`, { version: g.version }, () => t("Move undone"));
  });
}

function redo() {
  return run(() => {
    const g = app.game;
    if (!g || !g.redo || !g.redo.length) return false;
    return change(`/api/games/${g.id}/redo`, { version: g.version }, () => t("Move redone"));
  });
}

async function startGame(slug, deal, spoken = null, abandon = false, deck = null) {
  try {
    const options = (deal === null || deal === undefined) && !deck ? dealOptions() : {};
    // After "This counts as a loss.": the game left on the table ends as lost.
    const left = abandon && app.game && !app.game.finished ? { abandon: app.game.id } : {};
    const game = await api.post("/api/games", { game: slug, deal: deal ?? null, deck, ...options, ...left });
    playSound("deal");
    setGame(game, "deal", spoken || (game.deal === null ? dealTitle(game)
      : fmt("{game}, deal {number}", { game: t(game.name), number: game.deal })));
    return true;
  } catch (err) {
    notice(errorText(err));
    return false;
  }
}

/** Deal today's daily deal of the chosen game. */
async function playDaily() {
  const slug = $("game-select").value || (app.game && app.game.game) || app.catalog[0].slug;
  try {
    const daily = await dailyDeal(slug);
    const g = app.game;
    const same = g && g.game === slug && g.deal === daily.deal; // the server returns it as it is
    if (!same && !(await confirmLoss(t("Start a new game?"), t("New game")))) return false;
    const spoken = fmt("Daily deal of {date}: deal {number}", { date: daily.date, number: daily.deal });
    return startGame(slug, daily.deal, spoken, !same);
  } catch (err) {
    notice(errorText(err));
    return false;
  }
}

/** Restart and New game end the game on the table as lost: ask once (not when no move was played). */
async function askRestart() {
  if (await confirmLoss(t("Restart this deal?"), t("Restart"))) run(restart);
}

async function askNewGame(slug, deal = null) {
  const g = app.game;
  const same = g && deal !== null && g.game === slug && g.deal === deal; // the server returns it as it is
  if (same || (await confirmLoss(t("Start a new game?"), t("New game")))) run(() => startGame(slug, deal, null, !same));
}

async function restart() {
  const g = app.game;
  try {
    const game = await api.post(`/api/games/${g.id}/restart`, {});
    playSound("deal");
    setGame(game, "deal", t("The deal starts again"));
  } catch (err) {
    notice(errorText(err));
  }
}

/** End the game on the table as lost (the hint offers it when no useful move is left). */
async function endGame() {
  const g = app.game;
  if (!g || g.finished) return;
  try {
    setGame(await api.post(`/api/games/${g.id}/abandon`, {}), "move", t("The game is over: it counts as lost."));
  } catch (err) {
    notice(errorText(err));
  }
}

async function loadGame(id, mode = "deal") {
  const game = await api.get(`/api/games/${encodeURIComponent(id)}`);
  setGame(game, mode);
  return game;
}

async function reloadGame() {
  if (!app.game) return;
  try {
    const game = await api.get(`/api/games/${app.game.id}`);
    receiveGame(null);
    setGame(game, "none");
  } catch (err) {
    notice(errorText(err));
  }
}


// ---------------------------------------------------------------- choosing games and languages

/** The game selector: resume the latest unfinished game of that kind, or deal a new one. */
async function chooseGame(slug) {
  try {
    const games = await api.get("/api/games?status=unfinished");
    const mine = games.filter((g) => g.game === slug);
    mine.sort((a, b) => String(b.updated_at).localeCompare(String(a.updated_at)));
    if (mine.length) {
      await loadGame(mine[0].id);
      return;
    }
  } catch (err) {
    /* fall through to a new game */
  }
  await startGame(slug, null);
}

/** The deal number field as wide as its placeholder ("Deal #", "Раздача №"), never clipped. */
function fitDealField() {
  const input = $("deal-number");
  const style = getComputedStyle(input);
  const context = document.createElement("canvas").getContext("2d");
  context.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
  const text = Math.max(context.measureText(input.placeholder).width, context.measureText("4294967295").width);
  // in em, so it follows the phone's smaller font; then padding (at most 22px) and the spin buttons
  input.style.width = `calc(${(text / parseFloat(style.fontSize)).toFixed(3)}em + 46px)`;
}

function fillSelects() {
  $("game-select").replaceChildren(...app.catalog.map((g) => new Option(t(g.name), g.slug)));
  if (app.game) $("game-select").value = app.game.game;
  const names = languages();
  $("lang-select").replaceChildren(
    ...Object.entries(names).map(([code, name]) => new Option(name, code, false, code === lang())),
  );
}

async function changeLanguage(code) {
  try {
    await api.post("/api/language", { lang: code });
  } catch (err) {
    notice(errorText(err));
    return;
  }
  await loadMessages(api);
  translateDocument();
  fitDealField();
  fillSelects();
  fillDealKinds();
  translateLooks();
  translateAutodrop();
  renderSound();
  applyFourColour();
  await reloadGame();
}

// ---------------------------------------------------------------- boot

function wireControls() {
  $("table").addEventListener("click", (event) => { // a squared pile's badge: every card of it
    const badge = event.target.closest(".peek-all");
    if (!badge || !app.game) return;
    event.stopPropagation();
    notice(pileCardsWords(app.game, badge.closest("[data-pile]").dataset.notation));
  }, true);
  $("new-game").addEventListener("click", () => askNewGame($("game-select").value));
  $("game-select").addEventListener("change", (e) => run(() => chooseGame(e.target.value)));
  $("deal-form").addEventListener("submit", (event) => {
    event.preventDefault();
    const text = $("deal-number").value.trim();
    const number = Number(text);
    if (!/^\d+$/.test(text) || number < 1 || number > MAX_DEAL) {
      notice(fmt("Enter a deal number from 1 to {max}.", { max: MAX_DEAL }));
      return;
    }
    askNewGame($("game-select").value, number);
  });
  $("restart").addEventListener("click", askRestart);
  $("undo").addEventListener("click", undo);
  $("redo").addEventListener("click", redo);
  $("hint").addEventListener("click", () => run(showHint));
  $("review-button").addEventListener("click", () => app.game && app.review.open(app.game));
  $("daily-deal").addEventListener("click", () => run(playDaily));
  $("saved-button").addEventListener("click", () =>
    openSaved((id) => run(() => loadGame(id).catch((err) => notice(errorText(err)))),
      () => run(() => startGame(app.game.game, null))));
  $("stats-button").addEventListener("click", () => app.stats.open(app.game ? app.game.game : app.catalog[0].slug));
  $("rules-button").addEventListener("click", openRules);
  $("lang-select").addEventListener("change", (e) => run(() => changeLanguage(e.target.value)));
  const actions = {
    undo,
    restart: askRestart,
    new: () => askNewGame(app.game.game),
    review: () => app.review.open(app.game),
    next: () => askNewGame(app.game.game, Math.min(MAX_DEAL, (app.game.deal || 0) + 1)),
    close: () => {
      // look at the table; the message comes back with the next change
      messageClosed = `${app.game.id}:${app.game.version}`;
      renderMessage();
    },
  };
  $("message").addEventListener("click", (event) => {
    const button = event.target.closest("[data-action]");
    if (button) actions[button.dataset.action]();
  });
  document.querySelector(".skip-link").addEventListener("click", (event) => {
    event.preventDefault();
    if (app.focus) setFocusPile(app.focus);
  });
  installKeyboard({ playMoves, doubleClick, undo, redo, showHint, hideHint, select, clearSelection });
  installShow({ playMoves: (moves) => playMoves(moves, "off") }); // the solver's line, exactly
  let resizeTimer = 0;
  window.addEventListener("resize", () => {
    window.clearTimeout(resizeTimer);
    resizeTimer = window.setTimeout(() => app.game && render("none"), 120);
  });
  window.setInterval(tick, 1000);
  installConfirm();
  installClock();
  installFinish(render, setGame);
}

/**
 * The game to show first: the one this browser played last (`saved`), else this player's latest
 * unfinished game (`unfinished`: the list, if asked already; a list, so a fresh browser asks nothing
 * that answers 404), else a new deal of the game this browser played last, or of the catalog's first
 * (`catalog`: the games, or their promise).
 */
async function firstGame(saved, catalog, unfinished = null) {
  if (saved) {
    try {
      return await api.get(`/api/games/${encodeURIComponent(saved)}`);
    } catch (err) {
      /* another player's or a deleted game: fall back */
    }
  }
  try {
    const list = unfinished ?? (await api.get("/api/games?status=unfinished"));
    if (list.length) return await api.get(`/api/games/${encodeURIComponent(list[0].id)}`);
  } catch (err) {
    /* none to resume */
  }
  const slug = localStorage.getItem(SLUG_KEY) || (await catalog)[0].slug;
  return api.post("/api/games", { game: slug, deal: null, deck: null });
}

/**
 * The game the server embedded in the page (`data.game`), when it is the one firstGame would fetch:
 * the game this browser played last, else the first of the unfinished games; or, `dealt` for this
 * page (the player had no game at all, so an id this browser remembers is not theirs), a new deal of
 * the game this browser played last. Else null, and the page asks.
 */
function embeddedGame(data, saved) {
  const game = data && data.game;
  if (!game) return null;
  if (saved === game.id) return game;
  if (data.dealt) return game.game === (localStorage.getItem(SLUG_KEY) || data.catalog[0].slug) ? game : null;
  return !saved && data.unfinished.length && data.unfinished[0].id === game.id ? game : null;
}

async function boot() {
  applyLooks(); // the felt, card back and theme first, before anything is drawn
  installSuitSymbols();
  // The words, the games, this player's unfinished games and, most often, the game to show come in
  // the page (boot.js): then nothing is asked before the first draw. Else the one request is the game
  // (or, when a link names a deal, the new deal). The page's answer brought the player's cookie, so
  // every request is this player's. Without the embedded data, the same requests go out together.
  const params = new URLSearchParams(window.location.search);
  const wanted = params.get("game");
  const saved = localStorage.getItem(GAME_KEY);
  const data = embedded();
  const opening = wanted ? null : embeddedGame(data, saved);
  const unfinished = wanted || saved || opening ? null
    : (data ? data.unfinished : await api.get("/api/games?status=unfinished").catch(() => []));
  const words = data ? Promise.resolve(useMessages(data.i18n)) : loadMessages(api);
  const catalog = data ? Promise.resolve(data.catalog) : api.get("/api/games/catalog").catch(() => []); // then the page says it failed
  const first = wanted ? null : opening ?? firstGame(saved, catalog, unfinished).catch((err) => err);
  await words;
  translateDocument();
  useCatalog(await catalog);
  const stats = new StatsDialog(app.catalog, announce);
  fitDealField();
  fillSelects();
  fillDealKinds();
  useDialogs(stats, new ReviewDialog(announce, (game, words) => setGame(game, "deal", words)));
  installFourColour();
  installLooks($("four-colour").parentElement);
  installSound($("four-colour").parentElement);
  installAutodrop($("four-colour").parentElement);
  installFair(() => {
    hideHint();
    scheduleWinnable();
  });
  // the toolbar decides what goes into the menu, with every item in it (one layout before the first
  // draw, none after it); when its height changes, the cards are sized again
  installToolbar(document.querySelector(".toolbar"), () => app.game && render("none"));
  wireControls();
  installPointerInput({ playMoves, doubleClick, render });
  onEndGame(() => run(endGame));
  installShare(() => app.game, notice);
  // /?game=SLUG&deal=123 (or &deck=…) opens that deal (a link to share); reload then resumes it
  const linked = dealFromLink(window.location.search);
  let started = false;
  if (linked) {
    window.history.replaceState(null, "", window.location.pathname);
    started = await startGame(linked.game, linked.deal, null, false, linked.deck);
  }
  if (!started) {
    try {
      const game = (await first) ?? (await firstGame(localStorage.getItem(GAME_KEY), app.catalog));
      if (game instanceof Error) throw game;
      setGame(game, "deal");
    } catch (err) {
      notice(errorText(err));
    }
  }
  document.body.dataset.ready = "true";
}

// exposed for the browser tests and for curious players at the console
window.patience = { app, fitCards, minFan, finishGame };

boot();
