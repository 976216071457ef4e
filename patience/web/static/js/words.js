// Moves in words, for screen readers and hints ("Moved Six of diamonds to Tableau pile 1").

import { cardName, cardSymbol } from "./cards.js";
import { fmt, plural, t } from "./i18n.js";
import { layoutOf, pileWords } from "./layouts.js";
import { automaticCards, parseMove, viewPile } from "./state.js";
import { pileName } from "./table.js";

/** A move just played, said in words from the positions before and after it. */
export function describeMove(before, after, text) {
  const move = parseMove(text);
  if (!move) return text;
  if (move.src === "s") {
    // the layout says where a stock click turns a card up (and while when), else the stock deals
    const turn = layoutOf(after.game).stock_turn;
    const status = before.view.status || {};
    if (turn && (!turn.while_field || status[turn.while_field])) {
      const pile = viewPile(after.view, turn.pile);
      // the turned card may have gone up by itself since: then it is the first to leave that pile
      const gone = automaticCards(after).find((a) => a.move.startsWith(`${turn.pile}-`));
      const top = gone ? gone.card : pile && pile.cards[pile.cards.length - 1];
      if (top) return fmt(turn.words, { card: cardName(top) });
    }
    return t("Dealt from the stock");
  }
  const src = viewPile(before.view, move.src);
  const dst = viewPile(before.view, move.dst);
  if (!src || !dst) return text;
  const first = src.cards[src.cards.length - move.count];
  const target = pileName(dst);
  if (!first) return text;
  if (move.count > 1) {
    return fmt("Moved {cards} from {card} to {pile}", {
      cards: plural("{count} card", move.count), card: cardName(first), pile: target,
    });
  }
  return fmt("Moved {card} to {pile}", { card: cardName(first), pile: target });
}

/** A pile as the hints' sentences name it (patience/wording.py, pile_text): "pile 3", "foundation 1". */
export function pileShort(pile) {
  const [kind, number] = pile.pile.split("-");
  if (kind === "tableau") return fmt("pile {number}", { number });
  if (kind === "foundation") return fmt("foundation {number}", { number });
  const words = pileWords(kind);
  return words ? t(words.short) : pileName(pile);
}

/** A suggested move as the hint's sentence names its card and piles: "A♣ → foundation 1",
 * "7♥ (3 cards) → pile 2". */
export function hintWords(game, text) {
  const move = parseMove(text);
  if (!move) return text;
  if (move.src === "s") return t("Click the stock");
  const src = viewPile(game.view, move.src);
  const dst = viewPile(game.view, move.dst);
  if (!src || !dst) return text;
  const first = src.cards[src.cards.length - move.count];
  if (!first) return text;
  const group = move.count > 1 ? ` (${plural("{count} card", move.count)})` : "";
  return `${cardSymbol(first)}${group} → ${pileShort(dst).replace(/ /g, "\u00a0")}`; // "pile 3" on one line
}

/** Every card of a pile, bottom first, in a sentence: "pile 3, bottom to top: 5♥ 6♥ 7♥ 8♥". */
export function pileCardsWords(game, notation) {
  const pile = viewPile(game.view, notation);
  if (!pile) return "";
  return fmt("{pile}, bottom to top: {cards}", { pile: pileShort(pile), cards: pile.cards.map(cardSymbol).join(" ") });
}
