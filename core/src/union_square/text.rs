//! Union Square's one-line position text, as Python's `position_text` / `parse_position`:
//! `union-square stock=<top first> waste=<bottom first> f=<4 piles> t=<16 piles>`, piles
//! separated by `;`, cards by `,`, `-` for an empty pile.

use super::state::{room_needed, State, DECK, FOUNDATIONS, FULL_FOUNDATION, PILES, PILE_CAP};
use crate::cards::{card_text, rank, suit};
use crate::pile_text::{parse_cards, parse_piles, push_cards};

const SLUG: &str = "union-square";

/// The position's text, equal to Python's `UnionSquareGame.position_text` for it.
pub fn position_text(state: &State) -> String {
    let mut out = String::with_capacity(400);
    out.push_str(SLUG);
    out.push_str(" stock=");
    push_cards(&mut out, state.stock_top_first().iter().copied());
    out.push_str(" waste=");
    push_cards(&mut out, state.waste_cards().iter().copied());
    out.push_str(" f=");
    for j in 0..FOUNDATIONS {
        if j > 0 {
            out.push(';');
        }
        push_cards(&mut out, state.foundation_cards(j));
    }
    out.push_str(" t=");
    for i in 0..PILES {
        if i > 0 {
            out.push(';');
        }
        push_cards(&mut out, state.pile(i).iter().copied());
    }
    out
}

/// Read a position in Python's text format. Beyond Python's checks (the fields, the pile
/// counts, every card twice) it refuses what no game reaches and this state cannot hold: a
/// foundation that is not A…K then K…A of one suit, two foundations of one suit, and a tableau
/// pile that could grow past 13 cards.
pub fn parse_position(text: &str) -> Result<State, String> {
    let mut words = text.split_whitespace();
    match words.next() {
        Some(SLUG) => {}
        found => {
            return Err(format!(
                "position: expected it to start with {SLUG:?}, found {:?}",
                found.unwrap_or("nothing")
            ))
        }
    }
    let (mut stock, mut waste, mut f, mut t) = (None, None, None, None);
    for word in words {
        let (key, value) = match word.split_once('=') {
            Some((k, v)) if !k.is_empty() && !v.is_empty() => (k, v),
            _ => return Err(format!("position: expected key=value, found {word:?}")),
        };
        let slot = match key {
            "stock" => &mut stock,
            "waste" => &mut waste,
            "f" => &mut f,
            "t" => &mut t,
            _ => return Err(format!("position: unknown field {key}")),
        };
        if slot.replace(value).is_some() {
            return Err(format!("position: {key:?} given twice"));
        }
    }
    let missing: Vec<&str> = [("stock", stock), ("waste", waste), ("f", f), ("t", t)]
        .iter()
        .filter(|(_, v)| v.is_none())
        .map(|(k, _)| *k)
        .collect();
    if !missing.is_empty() {
        return Err(format!("position: missing {}", missing.join(", ")));
    }
    let tableau = parse_piles(t.unwrap_or_default(), PILES)?;
    let foundations = parse_piles(f.unwrap_or_default(), FOUNDATIONS)?;
    let stock = parse_cards(stock.unwrap_or_default())?;
    let waste = parse_cards(waste.unwrap_or_default())?;

    let mut counts = [0usize; 52];
    let all = tableau
        .iter()
        .chain(&foundations)
        .flatten()
        .chain(&stock)
        .chain(&waste);
    for &card in all {
        counts[card as usize] += 1;
    }
    let total: usize = counts.iter().sum();
    if total != DECK {
        return Err(format!("position holds {total} cards, expected {DECK}"));
    }
    let wrong: Vec<String> = (0..52u8)
        .filter(|&c| counts[c as usize] != 2)
        .map(card_text)
        .collect();
    if !wrong.is_empty() {
        return Err(format!(
            "position holds {} a wrong number of times",
            wrong.join(", ")
        ));
    }

    let mut state = State::empty();
    for (i, pile) in tableau.iter().enumerate() {
        // Every prefix: a pile whose cards were not built by the rules may take more once its top
        // cards have left it (4♥ 5♥ 9♥ takes nothing; 4♥ 5♥ takes up to the King).
        if (1..=pile.len()).any(|k| k + room_needed(&pile[..k]) > PILE_CAP) {
            return Err(format!(
                "position: pile {} could grow past {PILE_CAP} cards",
                i + 1
            ));
        }
        for &card in pile {
            state.push_pile(i, card);
        }
    }
    for (j, pile) in foundations.iter().enumerate() {
        if let Some(&first) = pile.first() {
            let s = suit(first);
            if rank(first) != 1 || pile.len() > FULL_FOUNDATION as usize {
                return Err(format!(
                    "position: foundation {} is not A…K then K…A",
                    j + 1
                ));
            }
            if state.started_suits() >> s & 1 == 1 {
                return Err(format!(
                    "position: two foundations of one suit (f{})",
                    j + 1
                ));
            }
            state.found_suit[j] = s;
            state.found_len[j] = pile.len() as u8;
            if !state.foundation_cards(j).eq(pile.iter().copied()) {
                return Err(format!(
                    "position: foundation {} is not A…K then K…A",
                    j + 1
                ));
            }
        }
    }
    state.set_stock(&stock);
    for &card in &waste {
        state.push_waste(card);
    }
    Ok(state)
}
