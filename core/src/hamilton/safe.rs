//! The provably safe moves (`patience/games/hamilton/safe_moves.py`; the arguments are there
//! and in `docs/solver.md`): a start-rank card on a pile's top goes to an empty foundation;
//! else a pile's top card goes onto its suit's foundation when no card could need it.

use super::rules::apply;
use super::state::*;
use crate::cards::suit;
use crate::moves::{Move, FOUNDATION, TABLEAU};

/// More safe moves in a row than cards would be a bug (`MAX_CLOSURE` in `expand.py`).
const MAX_CLOSURE: usize = 200;

/// The first safe move (`hamilton_safe_move`), or `None`.
pub fn safe_move(state: &State) -> Option<Move> {
    if state.start == NO_START {
        return None;
    }
    let idx = &IDX[state.start as usize];
    let mut up = [0u8; 4];
    let mut where_ = [0u8; 4];
    let mut empty = None;
    for j in 0..FOUNDATIONS {
        match state.foundation_suit(j) {
            Some(s) => {
                up[s as usize] = state.found_len[j];
                where_[s as usize] = j as u8;
            }
            None => {
                if empty.is_none() {
                    empty = Some(j as u8);
                }
            }
        }
    }
    let mut second = None;
    for i in 0..TABLEAU_PILES {
        let Some(card) = state.top(i) else { continue };
        let step = idx[card as usize];
        if step == 0 {
            if let Some(e) = empty {
                return Some(Move::new(TABLEAU + i as u8, FOUNDATION + e, 1));
            }
        } else if second.is_none() {
            let s = suit(card) as usize;
            if up[s] == step && (step == 1 || up[PARTNER[s] as usize] >= step) {
                second = Some(Move::new(TABLEAU + i as u8, FOUNDATION + where_[s], 1));
            }
        }
    }
    second
}

/// Play safe moves until none is left (`safe_closure`): the moves are pushed onto `moves`,
/// the position reached is returned.
pub fn safe_closure(state: &State, moves: &mut Vec<Move>) -> State {
    let mut s = *state;
    let mut played = 0;
    while let Some(m) = safe_move(&s) {
        s = apply(&s, m);
        moves.push(m);
        played += 1;
        assert!(played <= MAX_CLOSURE, "safe moves do not terminate");
    }
    s
}
