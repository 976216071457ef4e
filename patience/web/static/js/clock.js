// The play clock. The server keeps the time; this page reports while it shows the game: a heartbeat
// every 10 s while the tab is visible, on every move (the server counts those itself), and a last
// report when the tab is hidden or closed, which stops the clock. The server adds at most 30 s per
// report, so a closed tab, a sleeping computer or a stopped server adds at most that much; between
// reports the page adds the time since the last one (at most 30 s) and never shows less than before.

import { api } from "./api.js";
import { app, setClock } from "./state.js";

const BEAT_MS = 10000;
const GAP_SECONDS = 30;

const clock = { id: null, base: 0, at: 0, running: false, shown: 0 };

function started(g) {
  return g && !g.finished && (g.move_count ?? g.moves.length) > 0;
}

/** Take the time from a game or clock answer from the server. */
export function takeTime(g) {
  if (!g) return;
  if (clock.id !== g.id) {
    clock.id = g.id;
    clock.shown = 0;
  }
  clock.base = g.elapsed_seconds || 0;
  clock.at = performance.now();
  clock.running = Boolean(g.clock_running) && document.visibilityState === "visible";
}

/** The seconds to show: the server's count, plus the time since its answer while the clock runs. */
export function playSeconds() {
  const g = app.game;
  if (!g) return 0;
  let seconds = clock.id === g.id ? clock.base : g.elapsed_seconds || 0;
  if (g.finished) {
    // the server's final count, as the win screen shows it (even if the page's guess ran ahead)
    clock.shown = g.elapsed_seconds || 0;
    return clock.shown;
  }
  if (clock.id === g.id && clock.running && started(g)) {
    seconds += Math.min(GAP_SECONDS, (performance.now() - clock.at) / 1000);
  }
  clock.shown = Math.max(clock.shown, seconds);
  return clock.shown;
}

/** Tell the server whether this page shows the game; `leaving`: the page is going away. */
export async function report(visible, leaving = false) {
  const g = app.game;
  if (!started(g)) return;
  if (!visible) {
    clock.base = playSeconds();
    clock.running = false;
  }
  const path = `/api/games/${g.id}/clock`;
  if (leaving) {
    // the page is being closed or reloaded: a request that outlives it
    fetch(path, {
      method: "POST", keepalive: true, credentials: "same-origin",
      headers: { "Content-Type": "application/json" }, body: JSON.stringify({ visible: false }),
    }).catch(() => {});
    return;
  }
  try {
    const answer = await api.post(path, { visible });
    if (setClock(g.id, answer)) takeTime(app.game);
  } catch (err) {
    /* the server is away: the clock stops counting after 30 s */
  }
}

export function installClock() {
  window.setInterval(() => {
    if (document.visibilityState === "visible") report(true);
  }, BEAT_MS);
  document.addEventListener("visibilitychange", () => report(document.visibilityState === "visible"));
  window.addEventListener("pagehide", () => report(false, true));
}
