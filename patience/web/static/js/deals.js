// Which deals "New game" deals (any, or proven winnable of a difficulty), the daily deal, and the
// deal's difficulty in the footer.

import { api } from "./api.js";
import { fmt, t } from "./i18n.js";

const KIND_KEY = "patience.dealKind";
export const LEVELS = { easy: "Easy", medium: "Medium", hard: "Hard" };

/** Fill the deal-kind selector (any / winnable / easy / medium / hard), keeping the player's choice. */
export function fillDealKinds() {
  const select = document.getElementById("deal-kind");
  const saved = select.value || localStorage.getItem(KIND_KEY) || "any";
  select.replaceChildren(
    new Option(t("Any deal"), "any"),
    new Option(t("Winnable deal"), "winnable"),
    ...Object.entries(LEVELS).map(([value, label]) => new Option(fmt("Winnable: {level}", { level: t(label) }), value)),
  );
  select.value = saved;
  select.onchange = () => localStorage.setItem(KIND_KEY, select.value);
}

/** The fields POST /api/games gets for a new random deal of the chosen kind. */
export function dealOptions() {
  const kind = document.getElementById("deal-kind").value || "any";
  if (kind === "any") return {};
  if (kind === "winnable") return { winnable: true };
  return { winnable: true, difficulty: kind };
}

/** The daily deal of a game: {game, date, deal, difficulty}. */
export function dailyDeal(slug) {
  return api.get(`/api/daily?game=${encodeURIComponent(slug)}`);
}

/** The footer's "Difficulty: easy" (empty when the deal's difficulty is not known). */
export function renderDifficulty(game) {
  const el = document.getElementById("difficulty-label");
  if (!el) return;
  const level = game && game.difficulty;
  el.dataset.difficulty = level || "";
  el.textContent = level ? fmt("Difficulty: {level}", { level: t(LEVELS[level] || level) }) : "";
}
