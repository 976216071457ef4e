//! The one-line position text (`HamiltonGame.position_text` / `parse_position`):
//! `hamilton start=9 choices=0 chooser=- stock=AS,2S f=9S;-;-;- t=7D;9C,6D;...`.

use super::state::*;
use crate::cards::card_text;
use crate::pile_text::{parse_cards, parse_piles, push_cards};

/// The position as Python's `position_text` writes it.
pub fn position_text(state: &State) -> String {
    let mut out = String::with_capacity(200);
    out.push_str(&format!(
        "hamilton start={} choices={} chooser=",
        state.start, state.choices_left
    ));
    if state.chooser == NONE {
        out.push('-');
    } else {
        out.push_str(&card_text(state.chooser));
    }
    out.push_str(" stock=");
    push_cards(&mut out, state.stock().iter().copied());
    out.push_str(" f=");
    for j in 0..FOUNDATIONS {
        if j > 0 {
            out.push(';');
        }
        push_cards(&mut out, state.foundation(j).into_iter());
    }
    out.push_str(" t=");
    for i in 0..TABLEAU_PILES {
        if i > 0 {
            out.push(';');
        }
        push_cards(&mut out, state.pile(i).iter().copied());
    }
    out
}

/// An integer in ASCII digits with an optional leading `-` (Python's `parse_int`).
fn parse_int(text: &str) -> Option<i64> {
    let digits = text.strip_prefix('-').unwrap_or(text);
    if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    text.parse().ok()
}

/// Read `position_text` back, with Python's checks; also refuses a foundation that is not a
/// build in suit from the start rank (Python takes it, but no play reaches it).
pub fn parse_position(text: &str) -> Result<State, String> {
    let words: Vec<&str> = text.split_whitespace().collect();
    match words.first() {
        Some(&"hamilton") => {}
        other => {
            return Err(format!(
                "position: expected it to start with 'hamilton', found {:?}",
                other.unwrap_or(&"nothing")
            ))
        }
    }
    const NAMES: [&str; 6] = ["start", "choices", "chooser", "stock", "f", "t"];
    let mut fields: [Option<&str>; 6] = [None; 6];
    for word in &words[1..] {
        let (key, value) = word.split_once('=').unwrap_or(("", ""));
        if key.is_empty() || value.is_empty() {
            return Err(format!("position: expected key=value, found {word:?}"));
        }
        let Some(at) = NAMES.iter().position(|&n| n == key) else {
            return Err(format!("position: unknown field {key}"));
        };
        if fields[at].replace(value).is_some() {
            return Err(format!("position: {key:?} given twice"));
        }
    }
    let mut values = [""; 6];
    for (n, f) in fields.iter().enumerate() {
        values[n] = f.ok_or_else(|| format!("position: missing {}", NAMES[n]))?;
    }
    let (start, choices) = match (parse_int(values[0]), parse_int(values[1])) {
        (Some(s), Some(c)) => (s, c),
        _ => return Err("position: start and choices must be numbers".into()),
    };
    if !(0..=13).contains(&start) || !(0..=INITIAL_CHOICES as i64).contains(&choices) {
        return Err("position: start must be 0-13 and choices 0-3".into());
    }
    let start = start as u8;
    let chooser = if values[2] == "-" {
        NONE
    } else {
        parse_cards(values[2])?[0]
    };
    let tableau = parse_piles(values[5], TABLEAU_PILES)?;
    let foundations = parse_piles(values[4], FOUNDATIONS)?;
    let stock = parse_cards(values[3])?;
    // conservation: every card exactly once
    let mut counts = [0u32; DECK];
    let every = tableau
        .iter()
        .chain(foundations.iter())
        .flatten()
        .chain(stock.iter());
    let mut total = 0;
    for &c in every.chain((chooser != NONE).then_some(&chooser)) {
        counts[c as usize] += 1;
        total += 1;
    }
    if total != DECK {
        return Err(format!("position holds {total} cards, expected {DECK}"));
    }
    let wrong: Vec<String> = (0..DECK as u8)
        .filter(|&c| counts[c as usize] != 1)
        .map(card_text)
        .collect();
    if !wrong.is_empty() {
        return Err(format!(
            "position holds {} a wrong number of times",
            wrong.join(", ")
        ));
    }
    if start != NO_START && chooser != NONE {
        return Err("position: the Chooser is empty once a start card is chosen".into());
    }
    if start == NO_START && foundations.iter().any(|f| !f.is_empty()) {
        return Err("position: foundations are empty until a start card is chosen".into());
    }
    let choices_left = if start == NO_START { choices as u8 } else { 0 };
    State::from_parts(&tableau, &foundations, &stock, chooser, choices_left, start)
}
