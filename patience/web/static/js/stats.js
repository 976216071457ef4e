// Statistics dialog: the numbers per game, a chart of results over time drawn as SVG, the statistics
// files (export as JSON or CSV, import a JSON export) and a reset behind the confirmation dialog.

import { api } from "./api.js";
import { ask } from "./dialogs.js";
import { fmt, t, tc } from "./i18n.js";

const SVG_NS = "http://www.w3.org/2000/svg";
const FIELDS = [
  ["played", "Played"],
  ["won", "Won"],
  ["win_rate", "Win rate"],
  ["current_streak", "Current streak"],
  ["best_streak", "Best streak"],
  ["best_time_seconds", "Best time"],
  ["fewest_moves", "Fewest moves"],
  ["average_score", "Average score"],
  ["wins_with_hints", "Wins with hints"],
  ["wins_with_undo", "Wins with undo"],
];
const CHART_GAMES = 40;

function plain(key, value) {
  if (value === null || value === undefined) return "—";
  if (key === "win_rate") return `${Math.round(Number(value) * 100)}%`;
  if (key === "best_time_seconds") {
    const s = Math.round(Number(value));
    return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, "0")}`;
  }
  if (key === "average_score") return String(Math.round(Number(value) * 10) / 10);
  return String(value);
}

function svg(tag, attrs = {}, text = null) {
  const el = document.createElementNS(SVG_NS, tag);
  for (const [k, v] of Object.entries(attrs)) el.setAttribute(k, String(v));
  if (text !== null) el.textContent = text;
  return el;
}

/**
 * Bars of the last games' scores (green: won, grey: still being played), oldest on the left, and the
 * running win rate as a line: the same games the figures count (`history` is most recent first), so
 * the line ends at the win rate shown above the chart.
 */
export function drawChart(history, maxScore, totals = null) {
  const all = [...history].reverse();
  const games = all.slice(-CHART_GAMES);
  const played = totals ? totals.played : all.length;
  const won = totals ? totals.won : all.filter((g) => g.won).length;
  // the games before those drawn: counted in the running rate, as in the figures
  const before = played - games.length;
  const winsBefore = won - games.filter((g) => g.won).length;
  const W = 480;
  const H = 180;
  const pad = { l: 34, r: 34, t: 12, b: 24 };
  const chart = svg("svg", {
    viewBox: `0 0 ${W} ${H}`, role: "img", class: "chart",
    "aria-label": fmt("Results of the last {count} games", { count: games.length }),
  });
  const innerW = W - pad.l - pad.r;
  const innerH = H - pad.t - pad.b;
  chart.append(svg("rect", { x: pad.l, y: pad.t, width: innerW, height: innerH, class: "chart-bg" }));
  for (const frac of [0, 0.5, 1]) {
    const y = pad.t + innerH * (1 - frac);
    chart.append(svg("line", { x1: pad.l, x2: pad.l + innerW, y1: y, y2: y, class: "chart-grid" }));
    chart.append(svg("text", { x: pad.l - 4, y: y + 4, "text-anchor": "end", class: "chart-axis" },
      String(Math.round(maxScore * frac))));
    chart.append(svg("text", { x: pad.l + innerW + 4, y: y + 4, class: "chart-axis" }, `${Math.round(frac * 100)}%`));
  }
  if (!games.length) {
    chart.append(svg("text", { x: W / 2, y: H / 2, "text-anchor": "middle", class: "chart-empty" },
      t("No games played yet")));
    return chart;
  }
  const slot = innerW / Math.max(games.length, 10);
  let wins = winsBefore;
  const points = [];
  games.forEach((g, i) => {
    const h = Math.max(2, (innerH * Math.min(g.score, maxScore)) / maxScore);
    const x = pad.l + i * slot + slot * 0.15;
    const bar = svg("rect", {
      x, y: pad.t + innerH - h, width: slot * 0.7, height: h, rx: 2,
      class: g.won ? "bar won" : g.finished === false ? "bar playing" : "bar lost",
    });
    const result = g.won ? tc("a game's result", "Won") : g.finished === false ? t("In progress")
      : tc("a game's result", "Lost");
    bar.append(svg("title", {}, `${result}: ${g.score}/${maxScore}`));
    chart.append(bar);
    wins += g.won ? 1 : 0;
    points.push(`${x + slot * 0.35},${pad.t + innerH * (1 - wins / (before + i + 1))}`);
  });
  chart.append(svg("polyline", { points: points.join(" "), class: "rate-line" }));
  chart.append(svg("text", { x: pad.l, y: H - 6, class: "chart-axis" }, t("Older")));
  chart.append(svg("text", { x: pad.l + innerW, y: H - 6, "text-anchor": "end", class: "chart-axis" }, t("Newer")));
  return chart;
}

/** Download a file the server sends as an attachment (every game of every kind, as the import takes). */
function download(path) {
  const link = document.createElement("a");
  link.href = path;
  link.download = "";
  document.body.append(link);
  link.click();
  link.remove();
}

export class StatsDialog {
  constructor(catalog, announce) {
    this.dialog = document.getElementById("stats-dialog");
    this.select = document.getElementById("stats-game");
    this.table = document.getElementById("stats-table");
    this.chart = document.getElementById("stats-chart");
    this.caption = document.getElementById("stats-caption");
    this.resetButton = document.getElementById("stats-reset");
    this.fileResult = document.getElementById("stats-file-result");
    this.fileInput = document.getElementById("stats-import-file");
    this.catalog = catalog;
    this.announce = announce;
    this.difficulty = document.getElementById("stats-difficulty");
    this.select.addEventListener("change", () => this.load());
    this.difficulty.addEventListener("change", () => this.load());
    this.resetButton.addEventListener("click", () => this.askReset());
    document.getElementById("stats-import").addEventListener("click", () => this.fileInput.click());
    this.fileInput.addEventListener("change", () => this.importFile());
    for (const id of ["stats-export-json", "stats-export-csv"]) {
      const button = document.getElementById(id);
      button.addEventListener("click", () => download(`/api/stats/export?format=${button.dataset.format}`));
    }
  }

  setCatalog(catalog) {
    this.catalog = catalog;
  }

  async open(slug) {
    this.select.replaceChildren(
      ...this.catalog.map((g) => new Option(t(g.name), g.slug, false, g.slug === slug)),
    );
    const level = this.difficulty.value || "";
    this.difficulty.replaceChildren(
      new Option(t("All deals"), ""),
      ...["Easy", "Medium", "Hard"].map((label) => new Option(t(label), label.toLowerCase())),
    );
    this.difficulty.value = level;
    this.fileResult.textContent = "";
    await this.load();
    if (!this.dialog.open) this.dialog.showModal();
  }

  async load() {
    const slug = this.select.value;
    const info = this.catalog.find((g) => g.slug === slug) || { max_score: 52 };
    let stats;
    try {
      const level = this.difficulty.value;
      const only = level ? `&difficulty=${encodeURIComponent(level)}` : "";
      stats = await api.get(`/api/stats?game=${encodeURIComponent(slug)}${only}`);
    } catch (err) {
      this.table.replaceChildren();
      this.caption.textContent = err.detail || t("The statistics could not be loaded.");
      return;
    }
    const formatted = stats.formatted || {};
    const rows = [];
    for (const [key, label] of FIELDS) {
      const dt = document.createElement("dt");
      dt.textContent = t(label);
      const dd = document.createElement("dd");
      dd.dataset.stat = key;
      dd.textContent = typeof formatted[key] === "string" ? formatted[key] : plain(key, stats[key]);
      rows.push(dt, dd);
    }
    this.table.replaceChildren(...rows);
    this.chart.replaceChildren(drawChart(stats.history || [], info.max_score || 52, stats));
    document.getElementById("stats-definition").textContent =
      [formatted.definition, formatted.moves_definition].filter(Boolean).join(" ");
    this.caption.textContent = t("Score of each game (green: won) and the running win rate.");
  }

  /** Import the chosen export file: say how many games were added and how many were kept already. */
  async importFile() {
    const file = this.fileInput.files && this.fileInput.files[0];
    if (!file) return;
    this.fileInput.value = ""; // choosing the same file again imports it again
    let text;
    let answer;
    try {
      text = await file.text();
      answer = await api.postText("/api/stats/import", text);
    } catch (err) {
      this.fileResult.dataset.result = "refused";
      this.fileResult.textContent = err.detail || t("The file could not be imported.");
      return;
    }
    this.fileResult.dataset.result = "imported";
    this.fileResult.textContent = fmt("Games added: {added}. Already kept: {kept}.",
      { added: answer.added, kept: answer.already_kept });
    await this.load();
  }

  /** "Reset statistics": ask in the confirmation dialog, then forget the chosen game's statistics. */
  async askReset() {
    const name = this.select.selectedOptions[0] ? this.select.selectedOptions[0].textContent : "";
    const question = fmt("Reset the statistics of {game}?", { game: name });
    if (await ask(question, t("Reset"), t("This cannot be undone."))) await this.reset();
  }

  async reset() {
    const slug = this.select.value;
    try {
      await api.del(`/api/stats?game=${encodeURIComponent(slug)}`);
      this.announce(t("Statistics reset."));
    } catch (err) {
      this.announce(err.detail || t("The statistics could not be reset."));
    }
    await this.load();
  }
}
