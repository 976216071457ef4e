//! Moves as in `patience/rules.py`: a source pile, a target pile and a card count, or a
//! stock click. Pile codes are Python's: stock 0, chooser 1, waste 2, foundation `10 + i`,
//! tableau pile `20 + i` (0-based `i`). Text is the project's notation (`s`, `c-f1`,
//! `t3-t5x2`, `w-t12`, `f1-t4`).

pub const STOCK: u8 = 0;
pub const CHOOSER: u8 = 1;
pub const WASTE: u8 = 2;
pub const FOUNDATION: u8 = 10;
pub const TABLEAU: u8 = 20;
pub const MAX_FOUNDATIONS: u8 = 4;
pub const MAX_TABLEAU: u8 = 16;

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Move {
    pub src: u8,
    pub dst: u8,
    pub count: u8,
}

/// The stock click (`s`), as Python's `STOCK_MOVE`.
pub const STOCK_MOVE: Move = Move {
    src: STOCK,
    dst: STOCK,
    count: 0,
};

impl Move {
    pub const fn new(src: u8, dst: u8, count: u8) -> Move {
        Move { src, dst, count }
    }

    /// The move's notation, as Python's `str(move)`.
    pub fn text(&self) -> String {
        if self.src == STOCK {
            return "s".to_string();
        }
        let base = format!("{}-{}", pile_text(self.src), pile_text(self.dst));
        if self.count == 1 {
            base
        } else {
            format!("{base}x{}", self.count)
        }
    }

    /// Read move text (`s`, `t3-f1`, `t3-t5x2`); an error says why it does not parse.
    pub fn parse(text: &str) -> Result<Move, String> {
        let t = text.trim().to_ascii_lowercase();
        if t == "s" {
            return Ok(STOCK_MOVE);
        }
        let bad = || format!("cannot read move {text:?}");
        let (piles, count) = match t.split_once('x') {
            Some((p, n)) => (p, n.parse::<u8>().map_err(|_| bad())?),
            None => (t.as_str(), 1),
        };
        if !(1..=99).contains(&count) {
            return Err(bad());
        }
        let (a, b) = piles.split_once('-').ok_or_else(bad)?;
        let (src, dst) = (
            parse_pile(a).ok_or_else(bad)?,
            parse_pile(b).ok_or_else(bad)?,
        );
        if src == dst || src == STOCK || dst == STOCK {
            return Err(bad());
        }
        Ok(Move { src, dst, count })
    }
}

/// A pile's short name: `s`, `c`, `w`, `f1`-`f4`, `t1`-`t16`.
pub fn pile_text(code: u8) -> String {
    match code {
        STOCK => "s".to_string(),
        CHOOSER => "c".to_string(),
        WASTE => "w".to_string(),
        c if c >= TABLEAU => format!("t{}", c - TABLEAU + 1),
        c => format!("f{}", c - FOUNDATION + 1),
    }
}

/// The code of a pile's short name, or `None`.
pub fn parse_pile(text: &str) -> Option<u8> {
    match text {
        "s" => Some(STOCK),
        "c" => Some(CHOOSER),
        "w" => Some(WASTE),
        _ if text.len() < 2 || !text.is_ascii() => None,
        _ => {
            let (kind, number) = text.split_at(1);
            if number.starts_with('0') {
                return None;
            }
            let n: u8 = number.parse().ok()?;
            match kind {
                "f" if (1..=MAX_FOUNDATIONS).contains(&n) => Some(FOUNDATION + n - 1),
                "t" if (1..=MAX_TABLEAU).contains(&n) => Some(TABLEAU + n - 1),
                _ => None,
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn notation_round_trips() {
        for text in ["s", "c-f1", "t3-f1", "t3-t5x2", "f1-t4", "w-t12", "t16-t10"] {
            assert_eq!(Move::parse(text).unwrap().text(), text);
        }
        for text in ["t3-", "t0-t1", "t17-t1", "t1-t1", "f5-t1", "t1-t2x0", ""] {
            assert!(Move::parse(text).is_err(), "{text}");
        }
    }
}
