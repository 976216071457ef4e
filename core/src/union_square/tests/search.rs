//! The search's view against Python's children (`children.json`) and by property tests.

use super::{read, XorShift};
use crate::moves::{Move, STOCK};
use crate::search::{Child, Order, SearchGame};
use crate::union_square::search::{key, safe_move};
use crate::union_square::*;
use serde_json::Value;

const CHILDREN_JSON: &str = include_str!("children.json");

/// Moves as `children.json` writes them: `<k>s ` for k leading stock clicks, then the moves.
fn encode(moves: &[Move]) -> String {
    let k = moves.iter().take_while(|m| m.src == STOCK).count();
    let mut parts: Vec<String> = Vec::new();
    if k > 0 {
        parts.push(format!("{k}s"));
    }
    parts.extend(moves[k..].iter().map(Move::text));
    parts.join(" ")
}

fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

/// Each child's moves are legal one after the other from `state` and reach its state.
fn check_replay(state: &State, kids: &[Child<State>]) {
    for kid in kids {
        let mut s = state.clone();
        for &mv in &kid.moves {
            assert!(is_legal(&s, mv), "{} at {}", mv.text(), position_text(&s));
            s = apply(&s, mv);
        }
        assert_eq!(s, kid.state, "{}", encode(&kid.moves));
        assert_eq!(
            UnionSquare.play(state, Order::Plain, &kid.moves),
            kid.state,
            "play"
        );
        assert!(
            safe_move(&kid.state).is_none(),
            "children are closed under the safe moves"
        );
    }
}

/// Python's legal moves (in order), normalize, key and children (in value order) for 88 positions; `Order::Plain` gives
/// the same children with foundation moves first and the stock macros last.
#[test]
fn children_are_pythons() {
    let records: Vec<Value> = serde_json::from_str(CHILDREN_JSON).unwrap();
    assert!(records.len() > 50);
    let game = UnionSquare;
    let mut kids = Vec::new();
    let mut plain = Vec::new();
    for record in &records {
        let state = read(record["position"].as_str().unwrap());
        let legal: Vec<&str> = record["legal"]
            .as_array()
            .unwrap()
            .iter()
            .map(|m| m.as_str().unwrap())
            .collect();
        assert_eq!(
            super::perft::move_texts(&state),
            legal,
            "Python's order of legal moves"
        );
        let mut moves = Vec::new();
        let root = game.normalize(&state, &mut moves);
        assert_eq!(encode(&moves), record["normalize"].as_str().unwrap());
        let mut k = Vec::new();
        game.key(&root, &mut k);
        assert_eq!(hex(&k), record["key"].as_str().unwrap());

        game.children(&root, Order::Valued, &mut kids);
        let got: Vec<String> = kids.iter().map(|c| encode(&c.moves)).collect();
        let expected: Vec<&str> = record["children"]
            .as_array()
            .unwrap()
            .iter()
            .map(|c| c.as_str().unwrap())
            .collect();
        assert_eq!(got, expected, "{}", record["position"]);
        check_replay(&root, &kids);

        game.children(&root, Order::Plain, &mut plain);
        let mut a: Vec<String> = plain.iter().map(|c| encode(&c.moves)).collect();
        let ranks: Vec<u8> = plain
            .iter()
            .map(|c| match c.moves[0] {
                m if m.src == STOCK => 2,
                m if m.dst < 20 => 0,
                _ => 1,
            })
            .collect();
        assert!(ranks.windows(2).all(|w| w[0] <= w[1]), "plain order: {a:?}");
        let clicks: Vec<usize> = plain
            .iter()
            .map(|c| c.moves.iter().take_while(|m| m.src == STOCK).count())
            .collect();
        assert!(clicks
            .windows(2)
            .all(|w| w[0] <= w[1] || w[1] == 0 && w[0] == 0));
        a.sort();
        let mut b = got.clone();
        b.sort();
        assert_eq!(a, b);
    }
}

/// Positions equal up to the order of the piles (and of the foundations) have equal keys;
/// a different waste or stock count does not.
#[test]
fn keys_ignore_pile_order() {
    let mut rng = XorShift(0x5eed);
    for n in 1..40 {
        let mut state = numbered_deal(n);
        for _ in 0..rng.below(120) {
            let mut moves = Vec::new();
            legal_moves(&state, &mut moves);
            if moves.is_empty() {
                break;
            }
            state = apply(&state, moves[rng.below(moves.len())]);
        }
        let mut shuffled = state.clone();
        for i in (1..16).rev() {
            let j = rng.below(i + 1);
            shuffled.tableau.swap(i, j);
            shuffled.heights.swap(i, j);
        }
        shuffled.found_suit.swap(0, 3);
        shuffled.found_len.swap(0, 3);
        shuffled.found_suit.swap(1, 2);
        shuffled.found_len.swap(1, 2);
        let (mut a, mut b) = (Vec::new(), Vec::new());
        key(&state, &mut a);
        key(&shuffled, &mut b);
        assert_eq!(a, b);
        if state.stock_len > 0 {
            let mut c = Vec::new();
            key(&apply(&state, Move::parse("s").unwrap()), &mut c);
            assert_ne!(a, c);
        }
    }
}

/// Random lines through the search's children from many deals: every child's moves replay
/// legally to its state, the safe moves are legal, keys are distinct among siblings, and
/// nothing panics.
#[test]
fn random_search_lines_are_legal() {
    let game = UnionSquare;
    let mut rng = XorShift(0x9e37_79b9_7f4a_7c15);
    let mut kids = Vec::new();
    let mut seen = std::collections::HashSet::new();
    for n in 1..=30u64 {
        let mut moves = Vec::new();
        let mut state = game.normalize(&numbered_deal(n), &mut moves);
        let mut replay = numbered_deal(n);
        for mv in moves {
            assert!(is_legal(&replay, mv));
            replay = apply(&replay, mv);
        }
        assert_eq!(replay, state);
        for step in 0..150 {
            let order = if step % 2 == 0 {
                Order::Valued
            } else {
                Order::Plain
            };
            game.children(&state, order, &mut kids);
            check_replay(&state, &kids);
            seen.clear();
            for kid in &kids {
                let mut k = Vec::new();
                game.key(&kid.state, &mut k);
                assert!(seen.insert(k), "one child per key");
            }
            if kids.is_empty() || game.is_won(&state) {
                break;
            }
            // Mostly the best child, so that lines get deep and reach the safe moves.
            let pick = if rng.below(3) == 0 {
                rng.below(kids.len())
            } else {
                0
            };
            state = kids[pick].state.clone();
            assert_eq!(parse_position(&position_text(&state)).unwrap(), state);
        }
    }
}

/// How fast the children come (run with `cargo test --release -- --ignored --nocapture
/// children_speed`): greedy and random lines from 200 deals, every position expanded.
#[test]
#[ignore]
fn children_speed() {
    let game = UnionSquare;
    let mut rng = XorShift(12345);
    let mut kids = Vec::new();
    let (mut expanded, mut made) = (0u64, 0u64);
    let start = std::time::Instant::now();
    for n in 1..=200u64 {
        let mut moves = Vec::new();
        let mut state = game.normalize(&numbered_deal(n), &mut moves);
        for step in 0..200 {
            let order = if step % 2 == 0 {
                Order::Valued
            } else {
                Order::Plain
            };
            game.children(&state, order, &mut kids);
            expanded += 1;
            made += kids.len() as u64;
            if kids.is_empty() {
                break;
            }
            let pick = if rng.below(4) == 0 {
                rng.below(kids.len())
            } else {
                0
            };
            state = kids[pick].state.clone();
        }
    }
    let secs = start.elapsed().as_secs_f64();
    println!(
        "{expanded} positions expanded, {made} children in {secs:.3} s: {:.0} expansions/s, \
         {:.0} children/s, {:.1} children per position",
        expanded as f64 / secs,
        made as f64 / secs,
        made as f64 / expanded as f64
    );
}
