// The saved-games list (resume any unfinished game) and the rules page.

import { api } from "./api.js";
import { fmt, langTag, t } from "./i18n.js";
import { $, app, errorText, notice } from "./state.js";

/** The list of unfinished games; `resume(id)` is called with the one the player picks. */
export async function openSaved(resume) {
  const list = $("saved-list");
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
  for (const g of games) {
    const li = document.createElement("li");
    const button = document.createElement("button");
    button.type = "button";
    button.dataset.gameId = g.id;
    const when = g.updated_at ? new Date(g.updated_at).toLocaleString(langTag()) : "";
    const title = document.createElement("b");
    title.textContent = `${t(g.name)} · ${fmt("Deal {number}", { number: g.deal })}`;
    const detail = document.createElement("span");
    detail.textContent = `${t("Score")} ${g.score}/${g.max_score} · ${t("Moves")} ${g.move_count} · ${when}`;
    button.append(title, detail);
    if (app.game && g.id === app.game.id) {
      button.classList.add("current");
      button.setAttribute("aria-current", "true");
    }
    button.addEventListener("click", () => {
      $("saved-dialog").close();
      resume(g.id);
    });
    li.append(button);
    list.append(li);
  }
  $("saved-dialog").showModal();
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
  $("rules-dialog").showModal();
}
