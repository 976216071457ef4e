//! The search's view of Hamilton: against the Python reference on positions of random
//! playouts (`data/hamilton-search.json`, written by `data/hamilton_search_golden.py`), and
//! properties of keys, children and the split root.

use patience_core::hamilton::dead_ends::pinned;
use patience_core::hamilton::safe::{safe_closure, safe_move};
use patience_core::hamilton::search::{key, value};
use patience_core::hamilton::{
    apply, is_legal, legal_moves, numbered_deal, parse_position, position_text, Hamilton, State,
};
use patience_core::moves::Move;
use patience_core::search::{Child, Order, SearchGame};
use serde_json::Value;

const GOLDEN: &str = concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/tests/data/hamilton-search.json"
);

fn texts(moves: &[Move]) -> Vec<String> {
    moves.iter().map(Move::text).collect()
}

fn strings(v: &Value) -> Vec<String> {
    v.as_array()
        .unwrap()
        .iter()
        .map(|m| m.as_str().unwrap().to_string())
        .collect()
}

fn key_of(state: &State) -> Vec<u8> {
    let mut out = Vec::new();
    key(state, &mut out);
    out
}

#[test]
fn agrees_with_python_on_playout_positions() {
    let records: Vec<Value> =
        serde_json::from_str(&std::fs::read_to_string(GOLDEN).unwrap()).unwrap();
    assert!(records.len() > 400);
    let mut kids = Vec::new();
    let mut pinned_seen = 0;
    for r in &records {
        let text = r["position"].as_str().unwrap();
        let state = parse_position(text).unwrap();
        assert_eq!(position_text(&state), text);
        let mut moves = Vec::new();
        legal_moves(&state, &mut moves);
        assert_eq!(
            texts(&moves),
            strings(&r["moves"]),
            "legal moves in order at {text}"
        );
        if let Some(hex) = r["key"].as_str() {
            let k: String = key_of(&state).iter().map(|b| format!("{b:02x}")).collect();
            assert_eq!(k, hex, "key of {text}");
        }
        let mut safe = Vec::new();
        safe_closure(&state, &mut safe);
        assert_eq!(texts(&safe), strings(&r["safe"]), "safe closure of {text}");
        assert_eq!(
            value(&state) as i64,
            r["value2"].as_i64().unwrap(),
            "value of {text}"
        );
        let dead = r["pinned"].as_bool().unwrap();
        assert_eq!(pinned(&state), dead, "dead-end test at {text}");
        pinned_seen += dead as usize;
        Hamilton.children_with(&state, Order::Valued, false, &mut kids);
        let got: Vec<Vec<String>> = kids.iter().map(|c| texts(&c.moves)).collect();
        let want: Vec<Vec<String>> = r["children"]
            .as_array()
            .unwrap()
            .iter()
            .map(strings)
            .collect();
        assert_eq!(got, want, "children of {text}");
        Hamilton.children(&state, Order::Valued, &mut kids);
        assert_eq!(kids.is_empty(), dead || want.is_empty());
    }
    assert!(pinned_seen > 50);
}

/// A tiny xorshift generator for the random playouts.
struct XorShift(u64);

impl XorShift {
    fn below(&mut self, n: usize) -> usize {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        (self.0 % n as u64) as usize
    }
}

/// Replays a child's moves from `parent`, each legal in turn, to the child's position.
fn check_child(parent: &State, child: &Child<State>) {
    let mut s = *parent;
    assert!(!child.moves.is_empty());
    for &m in &child.moves {
        assert!(is_legal(&s, m), "{} at {}", m.text(), position_text(&s));
        s = apply(&s, m);
    }
    assert_eq!(s, child.state);
    assert_eq!(
        Hamilton.play(parent, Order::Plain, &child.moves),
        child.state,
        "play"
    );
    assert!(
        safe_move(&s).is_none(),
        "a child is closed under the safe moves"
    );
}

#[test]
fn random_playouts_keep_every_promise() {
    let mut rng = XorShift(0x9E37_79B9_7F4A_7C15);
    let mut moves = Vec::new();
    let mut kids = Vec::new();
    let mut positions = 0;
    for deal in 1..=150u64 {
        let mut state = numbered_deal(deal);
        for _ in 0..200 {
            legal_moves(&state, &mut moves);
            if moves.is_empty() {
                break;
            }
            positions += 1;
            // every legal move applies, and the text round-trips
            for &m in &moves {
                let after = apply(&state, m);
                assert_eq!(parse_position(&position_text(&after)).as_ref(), Ok(&after));
            }
            if let Some(m) = safe_move(&state) {
                assert!(moves.contains(&m), "the safe move {} is legal", m.text());
            }
            if positions % 5 == 0 {
                let parent_key = key_of(&state);
                for order in [Order::Valued, Order::Plain] {
                    Hamilton.children_with(&state, order, false, &mut kids);
                    let mut keys: Vec<Vec<u8>> = Vec::new();
                    for kid in &kids {
                        check_child(&state, kid);
                        let k = key_of(&kid.state);
                        assert_ne!(k, parent_key);
                        assert!(!keys.contains(&k), "one child per key");
                        keys.push(k);
                    }
                    if order == Order::Valued {
                        assert!(kids
                            .windows(2)
                            .all(|w| value(&w[0].state) >= value(&w[1].state)));
                    }
                }
            }
            state = apply(&state, moves[rng.below(moves.len())]);
        }
    }
    assert!(positions > 10_000, "{positions}");
}

#[test]
fn plain_order_groups_the_moves() {
    let state = parse_position(
        "hamilton start=8 choices=0 chooser=- stock=7H,2D,4C,3S,5S,JH,2C,7D,AH f=8H,9H,TH;8S,9S;8C;- t=5C,QH,JS,AD,KH,JD;-;6C,7C,6H,4S,KD,QS,6D,5D,4D,3D;AC,TS,KS,3C,KC,4H,5H;-;3H,QC,QD,9D,JC,TC,9C;AS,6S,2H,TD,7S,2S,8D",
    )
    .unwrap();
    let mut kids = Vec::new();
    Hamilton.children(&state, Order::Plain, &mut kids);
    let group = |m: Move| match (m.src, m.dst) {
        (0, _) => 2,
        (_, 10..=13) => 0,
        (20.., _) => 1,
        _ => 3,
    };
    let groups: Vec<u8> = kids.iter().map(|k| group(k.moves[0])).collect();
    assert!(groups.windows(2).all(|w| w[0] <= w[1]), "{groups:?}");
    assert!(
        groups.contains(&0) && groups.contains(&1) && groups.contains(&2) && groups.contains(&3)
    );
    // within a group, legal-move order
    let mut legal = Vec::new();
    legal_moves(&state, &mut legal);
    let at = |m: Move| legal.iter().position(|&l| l == m).unwrap();
    assert!(kids
        .windows(2)
        .all(|w| group(w[0].moves[0]) != group(w[1].moves[0])
            || at(w[0].moves[0]) < at(w[1].moves[0])));
}

const POSITION: &str =
    "hamilton start=3 choices=0 chooser=- stock=STOCK f=3C;-;-;- t=P1;P2;P3;P4;P5;P6;P7";

fn position(stock: &str, piles: [&str; 7]) -> State {
    let mut text = POSITION.replace("STOCK", stock);
    for (i, p) in piles.iter().enumerate() {
        text = text.replace(&format!("P{}", i + 1), p);
    }
    parse_position(&text).unwrap()
}

#[test]
fn keys_forget_only_what_does_not_matter() {
    // 51 cards: 3C is up; the rest in seven piles and the stock
    let piles = [
        "4C,5C,6C",
        "7C,8C",
        "9C,TC,JC,QC",
        "KC,AC,2C",
        "3D,4D,5D,6D,7D,8D,9D,TD,JD,QD,KD,AD,2D",
        "3H,4H,5H,6H,7H,8H,9H,TH,JH,QH,KH,AH,2H",
        "3S,4S,5S,6S,7S,8S,9S,TS,JS,QS,KS",
    ];
    let swap = |a: usize, b: usize| {
        let mut p = piles;
        p.swap(a, b);
        p
    };
    // no stock: all piles sorted
    let with = |stock: &str, p: [&str; 7]| key_of(&position(stock, p));
    let none = |p: [&str; 7]| {
        let mut p = p;
        p[6] = "3S,4S,5S,6S,7S,8S,9S,TS,JS,QS,KS,AS,2S";
        key_of(&position("-", p))
    };
    assert_eq!(none(piles), none(swap(0, 3)));
    assert_eq!(none(piles), none(swap(1, 2)));
    // two cards in the stock: piles 3-7 sorted, piles 1-2 kept
    assert_eq!(with("AS,2S", piles), with("AS,2S", swap(2, 6)));
    assert_eq!(with("AS,2S", piles), with("AS,2S", swap(3, 4)));
    assert_ne!(with("AS,2S", piles), with("AS,2S", swap(0, 1)));
    assert_ne!(with("AS,2S", piles), with("AS,2S", swap(1, 2)));
    assert_ne!(with("AS,2S", piles), with("2S,AS", piles));
    // more in the stock: nothing sorted
    let mut p7 = piles;
    p7[6] = "3S,4S,5S,6S,7S,8S,9S,TS,JS";
    assert_ne!(
        with("QS,KS,AS,2S", p7),
        with("QS,KS,AS,2S", {
            let mut q = p7;
            q.swap(5, 6);
            q
        })
    );
    // which foundation holds a suit does not matter
    let a = position("AS,2S", piles);
    let b = parse_position(&position_text(&a).replace("f=3C;-;-;-", "f=-;-;3C;-")).unwrap();
    assert_ne!(a, b);
    assert_eq!(key_of(&a), key_of(&b));
    // a card moved changes the key
    let c = parse_position(
        &position_text(&a)
            .replace("f=3C;-;-;-", "f=-;-;-;-")
            .replace("t=4C", "t=3C,4C"),
    )
    .unwrap();
    assert_ne!(key_of(&a), key_of(&c));
    // before the choice the whole position counts
    let d = numbered_deal(1);
    let e = apply(&d, Move::parse("s").unwrap());
    assert_ne!(key_of(&d), key_of(&e));
    assert_eq!(key_of(&d), key_of(&numbered_deal(1)));
}

#[test]
fn split_gives_one_part_per_start_card() {
    let game = Hamilton;
    let firsts = |state: &State| -> Vec<String> {
        game.split(state)
            .iter()
            .map(|part| {
                let n = part.moves.iter().position(|m| m.src == 1).unwrap() + 1;
                texts(&part.moves[..n]).join(" ")
            })
            .collect()
    };
    let deal = numbered_deal(1);
    assert_eq!(firsts(&deal), ["s c-f1", "s s c-f1", "s s s c-f1"]);
    for part in game.split(&deal) {
        check_child(&deal, &part);
        assert_ne!(part.state.start, 0);
    }
    let shown = apply(&deal, Move::parse("s").unwrap());
    assert_eq!(firsts(&shown), ["c-f1", "s c-f1", "s s c-f1"]);
    let last = apply(
        &apply(&shown, Move::parse("s").unwrap()),
        Move::parse("s").unwrap(),
    );
    assert_eq!(firsts(&last), ["c-f1"]);
    let chosen = apply(&last, Move::parse("c-f2").unwrap());
    let parts = game.split(&chosen);
    assert_eq!(parts.len(), 1);
    assert!(parts[0].moves.is_empty() && parts[0].state == chosen);
    // the three start cards of deal 1: QC, 4S, 6C
    let starts: Vec<u8> = game.split(&deal).iter().map(|p| p.state.start).collect();
    assert_eq!(starts, [12, 4, 6]);
}

#[test]
fn normalize_plays_the_safe_moves() {
    // the doctest of safe_closure: thirteen hearts go up and the game is won
    let full = |s: char| {
        "A23456789TJQK"
            .chars()
            .map(|r| format!("{r}{s}"))
            .collect::<Vec<_>>()
            .join(",")
    };
    let text = format!(
        "hamilton start=1 choices=0 chooser=- stock=- f=-;{};{};{} t=KH,QH,JH,TH,9H,8H,7H,6H,5H,4H,3H,2H,AH;-;-;-;-;-;-",
        full('C'),
        full('D'),
        full('S')
    );
    let state = parse_position(&text).unwrap();
    let mut moves = Vec::new();
    let after = Hamilton.normalize(&state, &mut moves);
    assert_eq!(moves.len(), 13);
    assert!(Hamilton.is_won(&after));
}

#[test]
fn dead_end_doctest() {
    let lost = parse_position(
        "hamilton start=1 choices=0 chooser=- stock=- f=AD,2D;-;-;- t=QH,JH,TD,KS,8S;AH,JS,7C,6S,4C,3S,QC,JC;2C,KH;5S,TH,7S,4H,3D,2H;9D,3C,3H,5D,8H,7D,6H,KD,QS;TC,TS,7H,QD,AS,9S,8D,8C;9C,JD,9H,AC,2S,6D,KC,5H,4D,6C,5C,4S",
    )
    .unwrap();
    assert!(pinned(&lost));
    let mut kids = Vec::new();
    Hamilton.children(&lost, Order::Valued, &mut kids);
    assert!(kids.is_empty());
    assert!(!pinned(&numbered_deal(1)));
}
