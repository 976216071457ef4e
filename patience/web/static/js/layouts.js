// Each game's table as the server's catalog describes it (GET /api/games/catalog, `layout`; see
// patience/page_layout.py): its grid of piles, how its tableau shows, its own words. The page knows no
// game by name: what differs from one game to another comes from here.

import { app } from "./state.js";

/** The layout of the game `slug`, from the catalog. */
export function layoutOf(slug) {
  const entry = app.catalog.find((g) => g.slug === slug);
  return entry ? entry.layout : null;
}

/** The words of a kind of pile the page does not know by itself ({kind, short, label}), or null. */
export function pileWords(kind) {
  for (const entry of app.catalog) {
    const words = entry.layout && entry.layout.piles.find((p) => p.kind === kind);
    if (words) return words;
  }
  return null;
}

/** A field of the view's status that holds something (not null, not empty). */
export function present(value) {
  return value !== null && value !== undefined && value !== "";
}
