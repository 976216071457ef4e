// Share a deal: "Copy link" puts /?game=SLUG&deal=123 (or &deck=… for a deal typed as a deck) on
// the clipboard; opening such a link deals it (main.js asks dealFromLink at boot).
//
//   shareUrl({ game: "some-game", deal: 7 }, "http://localhost:8000")  // "http://localhost:8000/?game=some-game&deal=7"

import { t } from "./i18n.js";

const MAX_DEAL = 4294967295;

/** The link that deals this game's deal again: by number, or by its deck string. */
export function shareUrl(game, origin = window.location.origin) {
  const params = new URLSearchParams({ game: game.game });
  if (game.deal !== null && game.deal !== undefined) params.set("deal", String(game.deal));
  else if (game.deck) params.set("deck", game.deck);
  return `${origin}/?${params}`;
}

/** The deal a link asks for: {game, deal, deck} (deal or deck may be null), or null without ?game=. */
export function dealFromLink(search) {
  const params = new URLSearchParams(search);
  const game = params.get("game");
  if (!game) return null;
  const text = params.get("deal");
  const number = text && /^\d+$/.test(text) ? Number(text) : null;
  const deal = number !== null && number >= 1 && number <= MAX_DEAL ? number : null;
  const deck = deal === null ? params.get("deck") || null : null;
  return { game, deal, deck };
}

/** Put text on the clipboard (the Clipboard API, or a selected text field on older or insecure pages). */
async function copyText(text) {
  if (navigator.clipboard && window.isSecureContext) {
    await navigator.clipboard.writeText(text);
    return;
  }
  const field = document.createElement("textarea");
  field.value = text;
  field.setAttribute("readonly", "");
  field.style.position = "fixed";
  field.style.opacity = "0";
  document.body.append(field);
  field.select();
  const done = document.execCommand("copy");
  field.remove();
  if (!done) throw new Error("copy refused");
}

/** Copy the link of `game` and say so in a short notice (or say that it could not be copied). */
export async function copyLink(game, notice) {
  if (!game) return false;
  const url = shareUrl(game);
  try {
    await copyText(url);
  } catch (err) {
    notice(`${t("The link could not be copied:")} ${url}`);
    return false;
  }
  notice(t("Link copied: open it to play this deal."));
  return true;
}

/** Wire the toolbar's "Copy link" and the win box's. `currentGame()` answers the game on the table. */
export function installShare(currentGame, notice) {
  for (const id of ["copy-link", "win-copy-link"]) {
    const button = document.getElementById(id);
    if (button) button.addEventListener("click", () => copyLink(currentGame(), notice));
  }
}
