// Moves in words, for screen readers and hints ("Moved Six of diamonds to Tableau pile 1").

import { cardName, cardSymbol } from "./cards.js";
import { fmt, plural, t } from "./i18n.js";
import { automaticCards, parseMove, viewPile } from "./state.js";
import { pileName } from "./table.js";

/** A move just played, said in words from the positions before and after it. */
export function describeMove(before, after, text) {
  const move = parseMove(text);
  if (!move) return text;
  if (move.src === "s") {
    if (after.game === "union-square") {
      const waste = viewPile(after.view, "w");
      // the turned card may have gone up by itself since: then it is the first to leave the waste
      const gone = automaticCards(after).find((a) => a.move.startsWith("w-"));
      const top = gone ? gone.card : waste && waste.cards[waste.cards.length - 1];
      return top ? fmt("{card} turned up on the waste", { card: cardName(top) }) : t("Dealt from the stock");
    }
    const chooser = viewPile(after.view, "c");
    if (before.view.status && before.view.status.choices_left && chooser && chooser.cards.length) {
      return fmt("{card} turned up on the chooser", { card: cardName(chooser.cards[0]) });
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
  if (kind === "chooser") return t("the Chooser");
  if (kind === "waste") return t("the waste");
  return pileName(pile);
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
