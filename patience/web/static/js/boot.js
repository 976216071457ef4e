// What the server embedded in the page for its first draw (patience/web/boot.py): the words
// (as GET /api/i18n), the games (GET /api/games/catalog) and this player's unfinished games
// (GET /api/games?status=unfinished), and the game it will most likely show first (`game`, as
// GET /api/games/{id}, or null; `dealt`: dealt for this page). A JSON data block, never run as a script.
//
//   const data = embedded();  // { i18n, catalog, unfinished, game, dealt }, or null (then ask the API)

export function embedded() {
  const block = document.getElementById("boot-data");
  if (!block) return null;
  try {
    const data = JSON.parse(block.textContent);
    return data && data.i18n && Array.isArray(data.catalog) && Array.isArray(data.unfinished) ? data : null;
  } catch (err) {
    return null;
  }
}
