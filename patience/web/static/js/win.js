// The win screen: the deal, time, moves, hints and undo used, the streak and records (from
// GET /api/stats), and a short celebration: the foundations' cards cascade down the screen
// (not when the player prefers reduced motion).

import { api } from "./api.js";
import { fmt, t } from "./i18n.js";
import { $ } from "./state.js";
import { clock } from "./status.js";
import { reducedMotion } from "./table.js";

/** How long the cascade runs alone before the win box comes in. */
export const WIN_BOX_DELAY_MS = 1400;

/** A row of the win screen's table: <dt>label</dt><dd>value</dd>, with data-win="key" for tests. */
function detail(key, label, value) {
  const dt = document.createElement("dt");
  dt.textContent = label;
  const dd = document.createElement("dd");
  dd.dataset.win = key;
  dd.textContent = value;
  return [dt, dd];
}

/** "GAME · Deal 7" (or a custom deal). */
export function dealTitle(game) {
  const deal = game.deal !== null && game.deal !== undefined
    ? fmt("Deal {number}", { number: game.deal }) : t("Custom deal");
  return `${t(game.name)} · ${deal}`;
}

/**
 * Is this game's value a new record? True when it equals the best and no earlier won game in the
 * history (latest first, this game first) did as well.
 */
export function isNewRecord(history, best, key) {
  const own = (r) => r.won && !r.used_hints; // a record is the player's own: no hint, no Show me how
  if (best === null || best === undefined || !history.length || !own(history[0])) return false;
  if (history[0][key] !== best) return false;
  return !history.slice(1).some((r) => own(r) && r[key] <= best);
}

/** Fill the win screen for a won `game`; the streak and records arrive a moment later. */
export function showWin(game) {
  const list = $("win-details");
  list.replaceChildren(
    ...detail("deal", t("Deal"), dealTitle(game)),
    ...detail("time", t("Time"), clock(game.elapsed_seconds || 0)),
    ...detail("moves", t("Moves"), String(game.move_count ?? game.moves.length)),
    ...detail("hints", t("Hints used"), game.used_hints ? t("Yes") : t("No")),
    ...detail("undo", t("Undo used"), game.used_undo ? t("Yes") : t("No")),
  );
  $("win-records").textContent = "";
  loadRecords(game);
  // the cascade is seen first: the box follows (style.css --win-delay)
  $("message").style.setProperty("--win-delay", reducedMotion() ? "0s" : `${WIN_BOX_DELAY_MS}ms`);
  celebrate();
}

async function loadRecords(game) {
  let stats;
  try {
    stats = await api.get(`/api/stats?game=${encodeURIComponent(game.game)}`);
  } catch (err) {
    return; // the win screen stands without them
  }
  const box = $("message");
  if (box.hidden || box.dataset.gameId !== game.id) return;
  const f = stats.formatted || {};
  $("win-details").append(
    ...detail("streak", t("Current streak"), f.current_streak ?? String(stats.current_streak)),
    ...detail("best-time", t("Best time"), f.best_time ?? clock(stats.best_time_seconds || 0)),
    ...detail("fewest-moves", t("Fewest moves"), f.fewest_moves ?? String(stats.fewest_moves)),
  );
  const history = stats.history || [];
  const records = [];
  if (isNewRecord(history, stats.best_time_seconds, "seconds")) records.push(t("New record: best time!"));
  if (isNewRecord(history, stats.fewest_moves, "moves")) records.push(t("New record: fewest moves!"));
  if (stats.current_streak > 1 && stats.current_streak === stats.best_streak) records.push(t("Your best streak yet!"));
  $("win-records").textContent = records.join(" ");
}

/** Cards leave the foundations one after another and fall, bouncing, off the bottom of the screen. */
export function celebrate() {
  const layer = $("celebration");
  layer.replaceChildren();
  if (reducedMotion()) return;
  const piles = [...document.querySelectorAll("#table .pile.foundation")];
  const height = window.innerHeight;
  let delay = 0;
  const stacks = piles.map((p) => [...p.querySelectorAll(":scope > [data-card]")].reverse());
  const longest = Math.max(0, ...stacks.map((s) => s.length));
  const step = Math.max(25, Math.min(90, 1800 / Math.max(1, longest * piles.length)));
  for (let i = 0; i < longest; i++) {
    for (const stack of stacks) {
      const card = stack[i];
      if (!card) continue;
      const rect = card.getBoundingClientRect();
      const flying = card.cloneNode(true);
      flying.removeAttribute("role");
      flying.removeAttribute("aria-label");
      flying.classList.remove("buried", "selected", "hint-src"); // every card of the foundation flies
      flying.style.left = `${rect.left}px`;
      flying.style.top = `${rect.top}px`;
      flying.style.width = `${rect.width}px`;
      flying.style.height = `${rect.height}px`;
      layer.append(flying);
      const dx = (Math.random() - 0.5) * window.innerWidth * 0.9;
      const frames = [{ transform: "translate(0, 0) rotate(0)", offset: 0 }];
      // two bounces on the way down
      const floor = height - rect.top - rect.height;
      frames.push({ transform: `translate(${dx * 0.4}px, ${floor}px) rotate(${dx / 20}deg)`, offset: 0.45 });
      frames.push({ transform: `translate(${dx * 0.6}px, ${floor * 0.55}px) rotate(${dx / 12}deg)`, offset: 0.62 });
      frames.push({ transform: `translate(${dx * 0.8}px, ${floor}px) rotate(${dx / 8}deg)`, offset: 0.8 });
      frames.push({ transform: `translate(${dx}px, ${floor + rect.height + 40}px) rotate(${dx / 6}deg)`, offset: 1 });
      const anim = flying.animate(frames, { duration: 1500, delay, easing: "ease-in", fill: "both" });
      anim.finished.then(() => flying.remove()).catch(() => {});
      delay += step;
    }
  }
}

/** Stop the celebration (a new game started). */
export function stopCelebration() {
  $("celebration").replaceChildren();
}
