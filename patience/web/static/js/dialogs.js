// The saved-games list (resume any unfinished game) and the rules page.

import { api } from "./api.js";
import { fmt, langTag, t } from "./i18n.js";
import { $, app, errorText, notice } from "./state.js";

/** Ask a yes/no question in the confirmation dialog; `cost` says what a yes costs (by default "This
 * counts as a loss."); true on yes. */
export function ask(question, yesLabel, cost = t("This counts as a loss.")) {
  const dialog = $("confirm-dialog");
  if (dialog.open) return Promise.resolve(false); // already asking: a second click is not a yes
  $("confirm-question").textContent = question;
  $("confirm-cost").textContent = cost;
  $("confirm-yes").textContent = yesLabel;
  dialog.returnValue = "";
  return new Promise((resolve) => {
    dialog.addEventListener("close", () => resolve(dialog.returnValue === "yes"), { once: true });
    dialog.showModal();
    $("confirm-no").focus();
  });
}

/** Before something that ends the game on the table as lost: ask once, unless no move was played. */
export function confirmLoss(question, yesLabel) {
  const g = app.game;
  if (!g || g.finished || !(g.move_count ?? g.moves.length)) return Promise.resolve(true);
  return ask(question, yesLabel);
}

export function installConfirm() {
  $("confirm-yes").addEventListener("click", () => $("confirm-dialog").close("yes"));
  $("confirm-no").addEventListener("click", () => $("confirm-dialog").close("no"));
}

function savedItem(g, resume, refresh, deletedCurrent) {
  const li = document.createElement("li");
  const button = document.createElement("button");
  button.type = "button";
  button.className = "saved-resume";
  button.dataset.gameId = g.id;
  const when = g.updated_at ? new Date(g.updated_at).toLocaleString(langTag()) : "";
  const title = document.createElement("b");
  const deal = g.deal !== null && g.deal !== undefined ? fmt("Deal {number}", { number: g.deal }) : t("Custom deal");
  title.textContent = `${t(g.name)} · ${deal}`;
  const detail = document.createElement("span");
  detail.textContent = [
    fmt("Score {score}/{max_score}", { score: g.score, max_score: g.max_score }),
    fmt("Moves {count}", { count: g.move_count }),
    fmt("Last played {date}", { date: when }),
  ].join(" · ");
  button.append(title, detail);
  const current = app.game && g.id === app.game.id;
  if (current) {
    button.classList.add("current");
    button.setAttribute("aria-current", "true");
  }
  button.addEventListener("click", () => {
    $("saved-dialog").close();
    resume(g.id);
  });
  const remove = document.createElement("button");
  remove.type = "button";
  remove.className = "saved-delete";
  remove.dataset.deleteId = g.id;
  remove.textContent = "✕";
  remove.title = t("Delete");
  remove.setAttribute("aria-label", fmt("Delete {game}", { game: title.textContent }));
  remove.addEventListener("click", async () => {
    if (!(await ask(t("Delete this saved game?"), t("Delete")))) return;
    try {
      await api.del(`/api/games/${encodeURIComponent(g.id)}`);
    } catch (err) {
      notice(errorText(err));
    }
    if (current) deletedCurrent();
    await refresh();
  });
  li.append(button, remove);
  return li;
}

/**
 * The list of unfinished games, each with its score, moves, when it was last played and a delete
 * button; `resume(id)` is called with the one the player picks, `deletedCurrent()` when the game on
 * the table was deleted.
 */
export async function openSaved(resume, deletedCurrent = () => {}) {
  const list = $("saved-list");
  const refresh = async () => {
    let games = [];
    try {
      games = await api.get("/api/games?status=unfinished");
    } catch (err) {
      notice(errorText(err));
    }
    list.replaceChildren();
    if (!games.length) {
      const li = document.createElement("li");
      li.className = "empty";
      li.textContent = t("No saved games.");
      list.append(li);
    }
    for (const g of games) list.append(savedItem(g, resume, refresh, deletedCurrent));
  };
  await refresh();
  if (!$("saved-dialog").open) $("saved-dialog").showModal();
}

/** The help page of the game on the table, in the player's language. */
export async function openRules() {
  const slug = app.game ? app.game.game : $("game-select").value;
  const body = $("rules-body");
  try {
    const rules = await api.get(`/api/rules/${slug}`);
    $("rules-title").textContent = rules.title || t("Rules");
    body.innerHTML = rules.html || "";
  } catch (err) {
    $("rules-title").textContent = t("Rules");
    body.textContent = t("The rules page is not available yet.");
  }
  const dialog = $("rules-dialog");
  dialog.showModal();
  // showModal focuses the first button, Close, at the bottom: start at the top, on the title
  const title = $("rules-title");
  title.tabIndex = -1;
  title.focus({ preventScroll: true });
  dialog.scrollTop = 0;
}
