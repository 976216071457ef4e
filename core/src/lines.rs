//! Tidying a winning line: the algorithm of `patience/solver/lines.py` (`shortened`), move for
//! move, so that both give the same line (`tests/core/test_tidy.py` compares them).
//!
//! A stretch of a line that comes back to a position it passed (up to the canonical key: the
//! same position with interchangeable piles in another order) is cut out, and the moves after
//! it are relabelled to the piles they now refer to; passes then try to drop a move, or a move
//! and a later one that takes the same cards back, wherever the line reaches, within `WINDOW`
//! moves, a position it passed anyway; last, moves from one pile to another in a row are joined
//! into one group move where the rules allow it. Nothing here needs to be right for a line to be
//! believed: Python replays the tidied line through its rules engine, as every winning line.

use std::collections::HashMap;
use std::time::Instant;

use crate::cards::Card;
use crate::moves::{Move, FOUNDATION, TABLEAU};
use crate::search::SearchGame;

/// How far ahead a shortcut is looked for (`WINDOW` in lines.py).
pub const WINDOW: usize = 12;
/// Passes of shortcuts at most (`MAX_PASSES`).
pub const MAX_PASSES: usize = 3;

/// What tidying needs of a game beside its search: its rules and its piles' cards.
pub trait LineGame: SearchGame {
    /// The position after a legal move.
    fn after_move(&self, state: &Self::State, mv: Move) -> Self::State;
    /// Play a legal move on `state` itself (no copy of the position: tidying plays thousands).
    fn play_move(&self, state: &mut Self::State, mv: Move) {
        *state = self.after_move(state, mv);
    }
    /// Whether the rules allow the move here.
    fn allows_move(&self, state: &Self::State, mv: Move) -> bool;
    /// The tableau piles' cards, bottom first, pile 1 first.
    fn tableau_piles(&self, state: &Self::State) -> Vec<Vec<Card>>;
    /// The foundations' cards, bottom first, foundation 1 first.
    fn foundation_piles(&self, state: &Self::State) -> Vec<Vec<Card>>;
    /// The same position (Python's `==` on states).
    fn same_position(&self, a: &Self::State, b: &Self::State) -> bool;
    /// A hash of the key (`SearchGame::key`) made without writing it: equal keys give equal
    /// prints, so positions whose prints differ have different keys. Tidying compares keys
    /// thousands of times a line, nearly always unequal; the print settles most of them.
    fn key_print(&self, state: &Self::State) -> u64;
}

/// A pile code in one position -> the code of the pile holding the same cards in another.
type Relabelling = HashMap<u8, u8>;

/// Whether `a` and `b` have the same key (`buf` is scratch): the same position has; else both
/// keys are written out (callers ask only when the two prints agree).
pub(crate) fn same_key<G: LineGame>(
    game: &G,
    a: &G::State,
    b: &G::State,
    buf: &mut Vec<u8>,
) -> bool {
    if game.same_position(a, b) {
        return true;
    }
    buf.clear();
    game.key(a, buf);
    let half = buf.len();
    game.key(b, buf);
    buf[..half] == buf[half..]
}

fn relabelled(mv: Move, codes: &Relabelling) -> Move {
    Move::new(
        *codes.get(&mv.src).unwrap_or(&mv.src),
        *codes.get(&mv.dst).unwrap_or(&mv.dst),
        mv.count,
    )
}

/// `codes`, then `step` (a pile missing from one is left as it is).
fn compose(codes: &Relabelling, step: &Relabelling) -> Relabelling {
    let mut out = Relabelling::new();
    for &pile in codes.keys().chain(step.keys()) {
        let first = *codes.get(&pile).unwrap_or(&pile);
        out.insert(pile, *step.get(&first).unwrap_or(&first));
    }
    out
}

/// The piles of `after` mapped to the piles of `before` with the same cards; a pile keeps its
/// own code when it can, and equal piles pair up in order (`_pair_up`).
fn pair_up(before: &[Vec<Card>], after: &[Vec<Card>], base: u8, pairs: &mut Relabelling) {
    let mut free: HashMap<&[Card], Vec<usize>> = HashMap::new();
    for (i, pile) in before.iter().enumerate() {
        free.entry(pile.as_slice()).or_default().push(i);
    }
    let mut paired = vec![false; after.len()];
    for (i, pile) in after.iter().enumerate() {
        if let Some(places) = free.get_mut(pile.as_slice()) {
            if let Some(at) = places.iter().position(|&p| p == i) {
                places.remove(at);
                pairs.insert(base + i as u8, base + i as u8);
                paired[i] = true;
            }
        }
    }
    for (i, pile) in after.iter().enumerate() {
        if paired[i] {
            continue;
        }
        let places = free
            .get_mut(pile.as_slice())
            .filter(|places| !places.is_empty())
            .expect("positions with the same key hold the same piles");
        pairs.insert(base + i as u8, base + places.remove(0) as u8);
    }
}

/// `relabelling(before, after)` of lines.py: the two positions have the same key.
fn relabelling<G: LineGame>(game: &G, before: &G::State, after: &G::State) -> Relabelling {
    let mut codes = Relabelling::new();
    pair_up(
        &game.tableau_piles(before),
        &game.tableau_piles(after),
        TABLEAU,
        &mut codes,
    );
    pair_up(
        &game.foundation_piles(before),
        &game.foundation_piles(after),
        FOUNDATION,
        &mut codes,
    );
    codes
}

/// `line` with every stretch that comes back to a position (up to its key) cut out.
pub fn without_loops<G: LineGame>(game: &G, start: &G::State, line: &[Move]) -> Vec<Move> {
    // print -> the n of the positions passed with that print (keys differ among them)
    let mut seen: HashMap<u64, Vec<usize>> = HashMap::new();
    seen.insert(game.key_print(start), vec![0]);
    let mut positions = vec![start.clone()]; // positions[n]: after the first n kept moves
    let mut kept: Vec<Move> = Vec::new();
    let mut codes = Relabelling::new();
    let mut state = start.clone();
    let mut buf = Vec::new();
    for &mv in line {
        let mv = relabelled(mv, &codes);
        state = game.after_move(&state, mv);
        let print = game.key_print(&state);
        let earlier = seen.get(&print).and_then(|passed| {
            passed
                .iter()
                .copied()
                .find(|&n| same_key(game, &positions[n], &state, &mut buf))
        });
        let Some(earlier) = earlier else {
            kept.push(mv);
            positions.push(state.clone());
            seen.entry(print).or_default().push(kept.len());
            continue;
        };
        let back = positions[earlier].clone();
        codes = compose(&codes, &relabelling(game, &back, &state));
        kept.truncate(earlier);
        positions.truncate(earlier + 1);
        seen.retain(|_, passed| {
            passed.retain(|&n| n <= earlier);
            !passed.is_empty()
        });
        state = back;
    }
    kept
}

/// `line` without its loops and without the moves it can do without (`shortened`); the
/// shortcut passes stop at `deadline`, leaving the rest as it is.
pub fn shortened<G: LineGame>(
    game: &G,
    start: &G::State,
    line: &[Move],
    deadline: Option<Instant>,
) -> Vec<Move> {
    let mut line = without_loops(game, start, line);
    for _ in 0..MAX_PASSES {
        if deadline.is_some_and(|d| Instant::now() >= d) {
            break;
        }
        let shorter = shortcut_pass(game, start, &line, deadline);
        if shorter.len() == line.len() {
            break;
        }
        line = without_loops(game, start, &shorter);
    }
    merged(game, start, &line)
}

/// Moves from the same pile to the same pile joined into one group move wherever the rules allow
/// it and it ends in the same position (`merged`).
pub fn merged<G: LineGame>(game: &G, start: &G::State, line: &[Move]) -> Vec<Move> {
    let mut kept: Vec<Move> = Vec::new();
    let mut before: Vec<G::State> = Vec::new(); // before[n]: the position before kept[n]
    let mut state = start.clone();
    for &mv in line {
        let after = game.after_move(&state, mv);
        if let (Some(last), Some(from)) = (kept.last_mut(), before.last()) {
            if last.src == mv.src && last.dst == mv.dst {
                let group = Move::new(mv.src, mv.dst, last.count + mv.count);
                if game.allows_move(from, group)
                    && game.same_position(&game.after_move(from, group), &after)
                {
                    *last = group;
                    state = after;
                    continue;
                }
            }
        }
        kept.push(mv);
        before.push(state);
        state = after;
    }
    kept
}

/// One linear pass of `shortened` (loops aside).
fn shortcut_pass<G: LineGame>(
    game: &G,
    start: &G::State,
    line: &[Move],
    deadline: Option<Instant>,
) -> Vec<Move> {
    // passed[n], prints[n]: the position after the line's first n moves, and its key's print
    let mut passed = Vec::with_capacity(line.len() + 1);
    let mut after = start.clone();
    for &mv in line {
        passed.push(after.clone());
        game.play_move(&mut after, mv);
    }
    passed.push(after);
    let prints: Vec<u64> = passed.iter().map(|p| game.key_print(p)).collect();
    let mut buf = Vec::new();
    let mut kept: Vec<Move> = Vec::new();
    let mut codes = Relabelling::new();
    let mut state = start.clone();
    let mut i = 0;
    while i < line.len() {
        if i % 64 == 0 && deadline.is_some_and(|d| Instant::now() >= d) {
            kept.extend(line[i..].iter().map(|&m| relabelled(m, &codes)));
            break;
        }
        let end = line.len().min(i + WINDOW + 1);
        let ahead: Vec<Move> = line[i..end]
            .iter()
            .map(|&m| relabelled(m, &codes))
            .collect();
        let Some((moves, reached, skipped)) = shortcut(
            game,
            &state,
            &ahead,
            (&passed[i + 1..], &prints[i + 1..]),
            &mut buf,
        ) else {
            kept.push(ahead[0]);
            game.play_move(&mut state, ahead[0]);
            i += 1;
            continue;
        };
        kept.extend_from_slice(&moves);
        // the line's own position there, in the piles' present places (not `passed`'s)
        let mut theirs = state.clone();
        for &mv in &ahead[..skipped] {
            game.play_move(&mut theirs, mv);
        }
        codes = compose(&codes, &relabelling(game, &reached, &theirs));
        state = reached;
        i += skipped;
    }
    kept
}

/// Moves that do without `ahead[0]` (and maybe a later move that takes its cards back) and
/// reach, after the line's first `n` moves of `ahead`, the same key: `(moves, position, n)`.
/// `passed` holds the line's positions after each move of `ahead` and their prints.
fn shortcut<G: LineGame>(
    game: &G,
    state: &G::State,
    ahead: &[Move],
    passed: (&[G::State], &[u64]),
    buf: &mut Vec<u8>,
) -> Option<(Vec<Move>, G::State, usize)> {
    let (positions, prints) = passed;
    let first = ahead[0];
    let back = Move::new(first.dst, first.src, first.count);
    // Each try drops `ahead[0]` and `ahead[j]` (j = 0: only the first).
    let mut drops = vec![0];
    drops.extend((1..ahead.len()).filter(|&j| ahead[j] == back));
    for last_dropped in drops {
        let mut moves = Vec::new();
        let mut position = state.clone();
        for t in 1..=ahead.len() {
            let index = t - 1;
            if index != 0 && index != last_dropped {
                let mv = ahead[index];
                if !game.allows_move(&position, mv) {
                    break;
                }
                game.play_move(&mut position, mv);
                moves.push(mv);
            }
            if index >= last_dropped
                && game.key_print(&position) == prints[index]
                && same_key(game, &position, &positions[index], buf)
            {
                return Some((moves, position, t));
            }
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::hamilton::{numbered_deal, Hamilton};

    fn moves(text: &str) -> Vec<Move> {
        text.split_whitespace()
            .map(|m| Move::parse(m).unwrap())
            .collect()
    }

    fn texts(line: &[Move]) -> String {
        line.iter().map(Move::text).collect::<Vec<_>>().join(" ")
    }

    /// lines.py's own examples: a move and its way back are cut out.
    #[test]
    fn a_stretch_that_comes_back_is_cut_out() {
        let line = moves("s c-f1 t1-t2 t2-t1 t1-t2");
        let tidied = without_loops(&Hamilton, &numbered_deal(5), &line);
        assert_eq!(texts(&tidied), "s c-f1 t1-t2");
    }

    #[test]
    fn composing_relabellings_follows_a_pile_through_both() {
        let codes = Relabelling::from([(20, 21), (22, 20)]);
        let step = Relabelling::from([(21, 23), (24, 25)]);
        let both = compose(&codes, &step);
        assert_eq!(
            both,
            Relabelling::from([(20, 23), (22, 20), (21, 23), (24, 25)])
        );
    }
}
