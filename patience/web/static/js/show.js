// "Show me how": from the current position, when the solver knows a winning line, play it move by
// move (play / pause / step / take over at any point). Every step is an ordinary move posted like the
// player's own, so undo works; asking for the line counts as a hint in the statistics.

import { api } from "./api.js";
import { fetchHint } from "./advice.js";
import { t } from "./i18n.js";
import { $, announce, app, errorText, notice, run } from "./state.js";

// The pause between two moves at each speed (remembered in this browser): a winning line of a few
// hundred moves takes about a minute at "fast".
const SPEED_MS = { slow: 1600, normal: 800, fast: 200 };
const SPEED_KEY = "patience.showSpeed";

function stepMs() {
  return app.showStepMs || SPEED_MS[localStorage.getItem(SPEED_KEY)] || SPEED_MS.normal;
}

const show = { active: false, playing: false, version: null, timer: 0 };
let playMoves = null; // the controller's verb, given to installShow

function render() {
  const panel = $("show-panel");
  panel.hidden = !show.active;
  $("show-pause").textContent = t(show.playing ? "Pause" : "Play");
  $("show-pause").setAttribute("aria-pressed", show.playing ? "false" : "true");
  $("show-step").disabled = show.playing;
  $("show-how").setAttribute("aria-pressed", show.active ? "true" : "false");
}

/** Stop showing: the player takes over from here. */
export function stopShowing() {
  window.clearTimeout(show.timer);
  if (!show.active) return;
  show.active = false;
  show.playing = false;
  render();
}

function schedule() {
  window.clearTimeout(show.timer);
  if (show.active && show.playing) show.timer = window.setTimeout(() => run(step), stepMs());
}

/** Play the next move of the winning line (inside the page's action queue). */
async function step() {
  const g = app.game;
  if (!show.active || !g || g.finished || g.won || g.version !== show.version) {
    stopShowing(); // the game changed under us: the player has taken over
    return;
  }
  let hint;
  try {
    hint = await api.get(`/api/games/${g.id}/hint`); // on a known winning line: at once
  } catch (err) {
    notice(errorText(err));
    stopShowing();
    return;
  }
  if (!show.active || app.game !== g) return;
  if (!hint.move || hint.basis !== "winning line") {
    notice(t("No winning line is known yet: try again in a moment."));
    stopShowing();
    return;
  }
  const played = await playMoves([hint.move]);
  if (!played || !app.game) {
    stopShowing();
    return;
  }
  show.version = app.game.version;
  if (app.game.won || app.game.finished) {
    stopShowing();
    return;
  }
  schedule();
}

async function start() {
  const g = app.game;
  if (!g || g.finished) return;
  if (show.active) {
    stopShowing();
    return;
  }
  let hint;
  try {
    hint = await fetchHint(g); // POST: the game counts as won with help
  } catch (err) {
    notice(errorText(err));
    return;
  }
  if (app.game !== g) return;
  if (!hint.move || hint.basis !== "winning line") {
    notice(t("No winning line is known yet: try again in a moment."));
    return;
  }
  show.active = true;
  show.playing = true;
  show.version = g.version;
  render();
  announce(t("Showing a winning line"));
  await step();
}

export function installShow(verbs) {
  playMoves = verbs.playMoves;
  $("show-how").addEventListener("click", () => run(start));
  $("show-pause").addEventListener("click", () => {
    show.playing = !show.playing;
    render();
    if (show.playing) run(step);
    else window.clearTimeout(show.timer);
  });
  $("show-step").addEventListener("click", () => {
    if (!show.playing) run(step);
  });
  $("show-stop").addEventListener("click", stopShowing);
  const speed = $("show-speed");
  speed.value = SPEED_MS[localStorage.getItem(SPEED_KEY)] ? localStorage.getItem(SPEED_KEY) : "normal";
  speed.addEventListener("change", () => {
    localStorage.setItem(SPEED_KEY, speed.value);
    if (show.playing) schedule(); // the next move comes at the new pace
  });
  render();
}

/** True while a winning line is being shown (exposed for tests). */
export function showing() {
  return show.active;
}
