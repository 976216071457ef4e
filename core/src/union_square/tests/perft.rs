//! The rules engine against `tests/data/perft/union-square-*.json` and Python's deals.

use super::read;
use crate::cards::parse_card;
use crate::moves::Move;
use crate::union_square::*;
use serde_json::Value;
use std::time::Instant;

const PERFT_DIR: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../tests/data/perft");

fn perft_files() -> Vec<(String, Value)> {
    let mut files: Vec<_> = std::fs::read_dir(PERFT_DIR)
        .expect("the perft directory")
        .map(|e| e.expect("a directory entry").path())
        .filter(|p| {
            let name = p.file_name().unwrap().to_string_lossy();
            name.starts_with("union-square-") && name.ends_with(".json")
        })
        .collect();
    files.sort();
    assert!(files.len() >= 10, "expected the Union Square perft files");
    files
        .into_iter()
        .map(|p| {
            let text = std::fs::read_to_string(&p).unwrap();
            (
                p.display().to_string(),
                serde_json::from_str(&text).unwrap(),
            )
        })
        .collect()
}

pub(super) fn move_texts(state: &State) -> Vec<String> {
    let mut moves = Vec::new();
    legal_moves(state, &mut moves);
    moves.iter().map(Move::text).collect()
}

/// Every file: the position round-trips, the legal moves are the file's (which lists them
/// sorted as text; Python's order is checked against `children.json`), every one is legal and
/// every perft count agrees (all depths: the largest is under a million leaves).
#[test]
fn perft_files_agree() {
    for (name, data) in perft_files() {
        let state = read(data["position"].as_str().unwrap());
        let expected: Vec<String> = data["moves"]
            .as_array()
            .unwrap()
            .iter()
            .map(|m| m.as_str().unwrap().into())
            .collect();
        let mut got = move_texts(&state);
        got.sort();
        assert_eq!(got, expected, "{name}");
        for text in &expected {
            assert!(
                is_legal(&state, Move::parse(text).unwrap()),
                "{name}: {text}"
            );
        }
        for (depth, count) in data["perft"].as_array().unwrap().iter().enumerate() {
            let got = perft(&state, depth as u32 + 1);
            assert_eq!(got, count.as_u64().unwrap(), "{name} depth {}", depth + 1);
        }
        if let Some(deal_) = data.get("deal") {
            let dealt = match deal_ {
                Value::Number(n) => numbered_deal(n.as_u64().unwrap()),
                Value::String(s) => {
                    let deck: Vec<u8> = s
                        .split_whitespace()
                        .map(|w| parse_card(w).unwrap())
                        .collect();
                    deal(&deck)
                }
                _ => panic!("{name}: deal"),
            };
            assert_eq!(dealt, state, "{name}: the deal");
        }
    }
}

/// Python's `game.position_text(game.new(n))`, printed once and pasted.
#[test]
fn numbered_deals_are_pythons() {
    let golden = [
        (1, "union-square stock=TS,4D,3C,4C,JC,9S,JS,KC,5S,3S,7S,AC,8S,9C,8D,9D,QD,3D,6C,7D,AS,AD,AS,6D,6H,KH,3H,KC,JS,TD,5S,5D,2D,3S,2C,8H,7C,4S,8H,2H,JH,2S,9H,2C,5C,9S,5H,7C,3C,6S,2S,AH,TH,4S,9H,QH,4C,4D,QS,QH,2H,9D,4H,QC,KS,TC,7H,6D,5D,5H,AD,TS,2D,KH,QD,3H,8S,QC,3D,8D,TD,KD,JD,TC,JD,AC,4H,7S waste=- f=-;-;-;- t=6H;7H;JC;8C;KS;7D;6S;8C;6C;9C;5C;TH;KD;JH;AH;QS"),
        (17171, "union-square stock=3D,AD,3S,KS,3C,KH,6C,8D,JC,JH,5H,9S,JD,JS,4C,JS,AS,QD,KC,5H,TS,4H,7S,5S,QS,9D,7H,5S,3S,4S,4H,3C,KC,TC,9S,6H,7C,7H,QD,JC,2D,AH,7D,TD,KD,QH,5C,9H,5D,7S,5C,AD,4S,6S,2C,AS,8S,9C,6D,AC,6S,QH,4D,2S,7C,8H,9C,4C,KD,TH,4D,9D,TS,QC,3H,KS,3H,7D,AH,TC,AC,QS,8D,2S,TH,8S,5D,8H waste=- f=-;-;-;- t=JD;3D;TD;QC;6C;2H;JH;2C;KH;8C;2D;2H;9H;6H;8C;6D"),
        (4294967295, "union-square stock=5D,6S,KD,9H,3H,7D,3C,AC,TS,8H,5S,2S,6C,7H,3S,5H,QD,6S,2S,KS,AH,2C,KC,JH,5C,6H,4D,7D,4S,TH,QS,4H,5D,TC,9C,QS,2D,9D,9S,JH,KC,6H,AS,7H,AD,4C,JC,9C,AH,6D,8S,TD,JS,JD,5S,2C,6D,2H,QC,5C,9H,8D,3S,KD,4S,JS,KS,8C,9S,2H,QC,KH,7S,3C,4C,JC,7S,6C,JD,8S,3D,8H,4D,TD,AC,3D,TC,3H waste=- f=-;-;-;- t=8D;AS;QD;QH;5H;7C;QH;4H;8C;KH;TS;2D;AD;TH;9D;7C"),
    ];
    for (n, text) in golden {
        assert_eq!(position_text(&numbered_deal(n)), text, "deal {n}");
        assert_eq!(parse_position(text).unwrap(), numbered_deal(n));
    }
}

#[test]
fn moves_change_the_position_as_python_does() {
    let state = numbered_deal(1);
    let after = apply(&state, Move::parse("s").unwrap());
    assert_eq!(
        (after.stock_len, after.waste_cards()),
        (87, &[parse_card("TS").unwrap()][..])
    );
    // 7H (pile 2) onto 6H (pile 1), then pile 2 is empty and takes anything.
    let after = apply(&after, Move::parse("t2-t1").unwrap());
    assert_eq!(
        after.pile(0),
        &[parse_card("6H").unwrap(), parse_card("7H").unwrap()]
    );
    assert!(is_legal(&after, Move::parse("w-t2").unwrap()));
    assert!(
        !is_legal(&after, Move::parse("t2-t3").unwrap()),
        "pile 2 is empty"
    );
    assert!(
        is_legal(&after, Move::parse("t15-f1").unwrap()),
        "AH to an empty foundation"
    );
    let up = apply(&after, Move::parse("t15-f3").unwrap());
    assert_eq!((score(&up), is_won(&up)), (1, false));
    assert!(
        !is_legal(&up, Move::parse("f3-t15").unwrap()),
        "foundations are out of play"
    );
    assert!(!is_legal(&up, Move::new(20, 21, 2)), "single cards only");
}

#[test]
fn bad_positions_say_why() {
    let good = position_text(&numbered_deal(2));
    let cases = [
        good.replace("union-square", "hamilton"),
        good.replace(" waste=-", ""),
        good.replace("waste=-", "waste=- waste=-"),
        good.replace("t=TD;", "t="),
        good.replace("t=TD", "t=TX"),
        good.replace("t=TD", "t=TD,TD"),
        good.replace("f=-;-;-;-", "f=2C;-;-;-"),
        good.replace("f=-;-;-;-", "f=x=y;-;-;-"),
    ];
    for text in cases {
        assert!(parse_position(&text).is_err(), "{text}");
    }
}

/// Move generation and apply speed over the published decks' perft (run with
/// `cargo test --release -- --ignored --nocapture perft_speed`).
#[test]
#[ignore]
fn perft_speed() {
    for (name, data) in perft_files() {
        if !name.contains("published") && !name.contains("endgame") {
            continue;
        }
        let state = read(data["position"].as_str().unwrap());
        let depth = data["perft"].as_array().unwrap().len() as u32;
        let start = Instant::now();
        let leaves = perft(&state, depth);
        let secs = start.elapsed().as_secs_f64();
        let start = Instant::now();
        let made = made_positions(&state, depth + 1);
        let secs_made = start.elapsed().as_secs_f64();
        println!(
            "{name}: perft({depth}) = {leaves} in {secs:.3} s ({:.1} M leaves/s); \
             perft({}) applying every move: {made} positions in {secs_made:.3} s ({:.1} M/s)",
            leaves as f64 / secs / 1e6,
            depth + 1,
            made as f64 / secs_made / 1e6
        );
    }
}

/// Perft that also plays the last level's moves (so every leaf is a position made by `apply`).
fn made_positions(state: &State, depth: u32) -> u64 {
    let mut moves = Vec::with_capacity(128);
    legal_moves(state, &mut moves);
    let mut total = 0;
    let mut next = state.clone();
    for &mv in &moves {
        next.clone_from(state);
        apply_in_place(&mut next, mv);
        total += if depth <= 1 {
            std::hint::black_box(&next).stock_len as u64 / 255 + 1
        } else {
            made_positions(&next, depth - 1)
        };
    }
    total
}

/// Along random games from many deals, `legal_moves` gives exactly the moves `is_legal`
/// accepts among every pile-to-pile move and the click, with no repeats; positions round-trip
/// through their text; the score never falls.
#[test]
fn legal_moves_agree_with_is_legal() {
    let mut rng = super::XorShift(0xdead_beef);
    let codes: Vec<u8> = (0..40).collect();
    for n in 1..=12u64 {
        let mut state = numbered_deal(n);
        for _ in 0..250 {
            let mut moves = Vec::new();
            legal_moves(&state, &mut moves);
            let mut all: Vec<Move> = vec![crate::moves::STOCK_MOVE];
            for &src in &codes {
                for &dst in &codes {
                    for count in 1..=2 {
                        all.push(Move::new(src, dst, count));
                    }
                }
            }
            let accepted: Vec<Move> = all.into_iter().filter(|&m| is_legal(&state, m)).collect();
            let mut sorted = moves.clone();
            sorted.sort();
            sorted.dedup();
            assert_eq!(sorted.len(), moves.len(), "no move twice");
            let mut accepted_sorted = accepted;
            accepted_sorted.sort();
            assert_eq!(sorted, accepted_sorted, "{}", position_text(&state));
            assert_eq!(parse_position(&position_text(&state)).unwrap(), state);
            if moves.is_empty() {
                break;
            }
            let next = apply(&state, moves[rng.below(moves.len())]);
            assert!(score(&next) >= score(&state));
            state = next;
        }
    }
}
