// Auto-finish: when the server says the rest is a sure win by foundation moves alone (`can_finish`),
// the Finish button appears (or, with "Finish automatically" ticked, it happens at once); the server
// plays the moves through the rules, and the page sends the cards up one by one with the usual slide.

import { api } from "./api.js";
import { $, app, errorText, notice, parseMove, run, showGame, viewPile } from "./state.js";

const AUTO_KEY = "patience.autoFinish";
const STEP_MS = 110;

let hooks = { render: () => {}, setGame: () => {} };

export function autoFinishOn() {
  return localStorage.getItem(AUTO_KEY) === "1";
}

function reducedMotion() {
  return window.matchMedia && window.matchMedia("(prefers-reduced-motion: reduce)").matches;
}

/** The view after one foundation move: the top card of the source pile on top of the target. */
function stepView(view, text) {
  const move = parseMove(text);
  const src = move && viewPile(view, move.src);
  const dst = move && viewPile(view, move.dst);
  if (!src || !dst || !src.cards.length) return view;
  const card = src.cards[src.cards.length - 1];
  const piles = view.piles.map((p) => {
    if (p === src) return { ...p, cards: p.cards.slice(0, -1) };
    if (p === dst) return { ...p, cards: [...p.cards, card] };
    return p;
  });
  return { ...view, piles, score: view.score + 1 };
}

const sleep = (ms) => new Promise((resolve) => window.setTimeout(resolve, ms));

/** Ask the server to finish; show the cards going up one at a time, then the won game. */
export async function finishGame() {
  const g = app.game;
  if (!g || !g.can_finish || g.finished) return false;
  let won;
  try {
    won = await api.post(`/api/games/${g.id}/finish`, { version: g.version });
  } catch (err) {
    notice(errorText(err));
    return false;
  }
  $("finish").hidden = true;
  if (!reducedMotion()) {
    let view = g.view;
    for (const text of won.applied || []) {
      view = stepView(view, text);
      showGame({ ...g, view, can_finish: false, legal: [] });
      hooks.render("move");
      await sleep(STEP_MS);
    }
  }
  showGame(g); // so the page sees one change, from the game before to the won game
  hooks.setGame(won, "none");
  return true;
}

/** After each render: offer Finish when the rest is a sure thing, or do it at once when asked to. */
export function offerFinish(g) {
  const ready = Boolean(g && g.can_finish && !g.finished);
  $("finish").hidden = !ready;
  if (ready && autoFinishOn()) run(finishGame);
}

export function installFinish(render, setGame) {
  hooks = { render, setGame };
  const box = $("auto-finish");
  box.checked = autoFinishOn();
  box.addEventListener("change", () => {
    localStorage.setItem(AUTO_KEY, box.checked ? "1" : "0");
    if (box.checked) offerFinish(app.game);
  });
  $("finish").addEventListener("click", () => run(finishGame));
}
