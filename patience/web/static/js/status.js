// The status bar: score, moves, time, stock left and what the game's layout adds (choices left, the
// start rank...); below the table, the layout's tip while it applies.

import { fmt, t } from "./i18n.js";
import { playSeconds } from "./clock.js";
import { layoutOf, present } from "./layouts.js";
import { $, app } from "./state.js";

/** 83 -> "1:23"; 3700 -> "1:01:40". */
export function clock(seconds) {
  const s = Math.max(0, Math.floor(seconds));
  const h = Math.floor(s / 3600);
  const mm = String(Math.floor((s % 3600) / 60)).padStart(h ? 2 : 1, "0");
  const ss = String(s % 60).padStart(2, "0");
  return h ? `${h}:${mm}:${ss}` : `${mm}:${ss}`;
}

/** One status item from a translated template such as "Score {score}/{max_score}": values in bold. */
function statusItem(key, template, values) {
  const span = document.createElement("span");
  span.className = "stat";
  span.dataset.stat = key;
  const parts = t(template).split(/(\{\w+\})/);
  for (const part of parts) {
    const m = /^\{(\w+)\}$/.exec(part);
    if (m && m[1] in values) {
      const b = document.createElement("b");
      b.textContent = String(values[m[1]]);
      span.append(b);
    } else if (part) {
      span.append(part);
    }
  }
  // the score's two numbers read as one value
  const bold = span.querySelectorAll("b");
  if (bold.length === 2 && bold[0].nextSibling && bold[0].nextSibling.nodeType === Node.TEXT_NODE
      && bold[0].nextSibling.textContent === "/" && bold[0].nextSibling.nextSibling === bold[1]) {
    bold[0].textContent = `${bold[0].textContent}/${bold[1].textContent}`;
    bold[0].nextSibling.remove();
    bold[1].remove();
  }
  return span;
}

export function renderStatus() {
  const g = app.game;
  const status = g.view.status || {};
  const items = [
    statusItem("score", "Score {score}/{max_score}", { score: g.view.score, max_score: g.view.max_score }),
    statusItem("moves", "Moves {count}", { count: g.move_count ?? g.moves.length }),
    statusItem("time", "Time {time}", { time: clock(playSeconds()) }),
  ];
  if (status.stock_left !== undefined && status.stock_left !== null) {
    items.push(statusItem("stock", "Stock {count}", { count: status.stock_left }));
  }
  const layout = layoutOf(g.game);
  const extra = layout.status.find((item) => present(status[item.field])); // the first that applies
  if (extra) {
    items.push(statusItem(extra.stat, extra.words, { [extra.value]: status[extra.field] }));
  }
  $("status").replaceChildren(...items);
  // while it applies, the dock says what the player does now (as the terminal does)
  const tip = layout.tip && present(status[layout.tip.field]) ? t(layout.tip.words) : "";
  $("tip").hidden = !tip;
  $("tip").textContent = tip;
  const deal = g.deal !== null && g.deal !== undefined ? fmt("Deal {number}", { number: g.deal }) : t("Custom deal");
  $("deal-label").textContent = `${t(g.name)} · ${deal}`;
}

/** Called every second: only the clock changes. */
export function tick() {
  const el = document.querySelector('#status [data-stat="time"] b');
  if (el && app.game) el.textContent = clock(playSeconds());
}
