//! Piles in the one-line position text both games share (`patience/positions.py`): cards
//! separated by `,`, `-` for an empty pile, piles separated by `;`.

use crate::cards::{card_text, parse_card, Card};

/// Appends `cards` as a pile's text (`-` when there are none).
pub fn push_cards(out: &mut String, cards: impl Iterator<Item = Card>) {
    let start = out.len();
    for card in cards {
        if out.len() > start {
            out.push(',');
        }
        out.push_str(&card_text(card));
    }
    if out.len() == start {
        out.push('-');
    }
}

/// The cards of one pile's text.
pub fn parse_cards(text: &str) -> Result<Vec<Card>, String> {
    if text == "-" {
        return Ok(Vec::new());
    }
    text.split(',')
        .map(|w| parse_card(w).map_err(|e| format!("position: {e}")))
        .collect()
}

/// `count` piles separated by `;`.
pub fn parse_piles(text: &str, count: usize) -> Result<Vec<Vec<Card>>, String> {
    let parts: Vec<&str> = text.split(';').collect();
    if parts.len() != count {
        return Err(format!(
            "position: expected {count} piles, found {} in {text:?}",
            parts.len()
        ));
    }
    parts.into_iter().map(parse_cards).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn piles_read_back_as_written() {
        let mut out = String::new();
        push_cards(&mut out, [0u8, 13, 51].into_iter());
        out.push(';');
        push_cards(&mut out, std::iter::empty());
        assert_eq!(out, "AC,AD,KS;-");
        assert_eq!(
            parse_piles(&out, 2).unwrap(),
            vec![vec![0u8, 13, 51], vec![]]
        );
        assert!(parse_piles(&out, 3)
            .unwrap_err()
            .contains("expected 3 piles"));
        assert!(parse_cards("AC,XX").is_err());
    }
}
