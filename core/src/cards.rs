//! Cards as small integers, as in `patience/cards.py`: `suit * 13 + rank - 1`, suits in the
//! order clubs, diamonds, hearts, spades, ranks 1 (Ace) to 13 (King).

pub type Card = u8;

pub const RANK_LETTERS: &[u8; 13] = b"A23456789TJQK";
pub const SUIT_LETTERS: &[u8; 4] = b"CDHS";

/// Rank from 1 (Ace) to 13 (King).
#[inline]
pub fn rank(card: Card) -> u8 {
    card % 13 + 1
}

/// Suit index: 0 clubs, 1 diamonds, 2 hearts, 3 spades.
#[inline]
pub fn suit(card: Card) -> u8 {
    card / 13
}

/// True for diamonds and hearts.
#[inline]
pub fn is_red(card: Card) -> bool {
    matches!(suit(card), 1 | 2)
}

/// Two-letter text such as `TH`.
pub fn card_text(card: Card) -> String {
    let c = card % 52;
    let mut s = String::with_capacity(2);
    s.push(RANK_LETTERS[(c % 13) as usize] as char);
    s.push(SUIT_LETTERS[(c / 13) as usize] as char);
    s
}

/// The card named by `text` (`TH`, `10h`, `as`), or an error that says why.
pub fn parse_card(text: &str) -> Result<Card, String> {
    let t = text.trim().to_ascii_uppercase();
    let (rank_text, suit_text) = t.split_at(t.len().saturating_sub(1));
    let rank = if rank_text == "10" {
        9
    } else if rank_text.len() == 1 {
        match RANK_LETTERS
            .iter()
            .position(|&r| r == rank_text.as_bytes()[0])
        {
            Some(r) => r as u8,
            None => return Err(format!("{text:?} is not a card")),
        }
    } else {
        return Err(format!("{text:?} is not a card"));
    };
    match suit_text.as_bytes() {
        [s] => match SUIT_LETTERS.iter().position(|l| l == s) {
            Some(s) => Ok(s as u8 * 13 + rank),
            None => Err(format!("{text:?} is not a card")),
        },
        _ => Err(format!("{text:?} is not a card")),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn text_round_trips() {
        for c in 0..52u8 {
            assert_eq!(parse_card(&card_text(c)), Ok(c));
        }
        assert_eq!(parse_card("10h"), parse_card("TH"));
        assert!(parse_card("1X").is_err());
        assert!(is_red(parse_card("QD").unwrap()) && !is_red(parse_card("QS").unwrap()));
    }
}
