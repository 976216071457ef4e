//! Hamilton's rules against the Python reference: the perft files of `tests/data/perft`
//! (legal moves and perft counts at every depth they list) and Python's position text of
//! numbered deals.

use patience_core::hamilton::{
    apply, legal_moves, numbered_deal, parse_position, position_text, State,
};
use patience_core::moves::Move;
use serde_json::Value;

const PERFT_DIR: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../tests/data/perft");

fn perft(state: &State, depth: usize) -> u64 {
    let mut moves = Vec::with_capacity(64);
    legal_moves(state, &mut moves);
    if depth == 1 {
        return moves.len() as u64;
    }
    moves
        .iter()
        .map(|&m| perft(&apply(state, m), depth - 1))
        .sum()
}

#[test]
fn perft_files_agree() {
    let mut files: Vec<_> = std::fs::read_dir(PERFT_DIR)
        .expect("tests/data/perft")
        .map(|e| e.unwrap().path())
        .filter(|p| {
            p.file_name()
                .unwrap()
                .to_str()
                .unwrap()
                .starts_with("hamilton-")
        })
        .collect();
    files.sort();
    assert!(files.len() >= 11, "the Hamilton perft files: {files:?}");
    for path in files {
        let data: Value = serde_json::from_str(&std::fs::read_to_string(&path).unwrap()).unwrap();
        let name = path.display();
        let text = data["position"].as_str().unwrap();
        let state = parse_position(text).unwrap_or_else(|e| panic!("{name}: {e}"));
        assert_eq!(position_text(&state), text, "{name}: the text round-trips");
        let mut moves = Vec::new();
        legal_moves(&state, &mut moves);
        let mut texts: Vec<String> = moves.iter().map(Move::text).collect();
        texts.sort();
        let mut expected: Vec<String> = data["moves"]
            .as_array()
            .unwrap()
            .iter()
            .map(|m| m.as_str().unwrap().to_string())
            .collect();
        expected.sort();
        assert_eq!(texts, expected, "{name}: the legal moves");
        for (d, count) in data["perft"].as_array().unwrap().iter().enumerate() {
            let count = count.as_u64().unwrap();
            assert_eq!(perft(&state, d + 1), count, "{name}: perft({})", d + 1);
        }
    }
}

/// Python's `game.position_text(game.new(n))`, printed once.
const DEALS: [(u64, &str); 5] = [
    (1, "hamilton start=0 choices=3 chooser=- stock=QC,4S,6C,7C,AS,5C,AH,KS,6H,QS,QH,QD,9D,3D,3S,AC,4C,2H,8C,TC,3H,2S,9H,7S f=-;-;-;- t=7D;9C,6D;4D,9S,2D;8H,JC,JH,2C;8D,5D,5H,AD,KH;5S,KD,7H,6S,TH,JS;JD,3C,4H,KC,TS,TD,8S"),
    (2, "hamilton start=0 choices=3 chooser=- stock=3H,9D,6D,JS,AS,5C,JC,AH,KC,2H,7C,4S,9C,TH,5D,TS,QS,KS,8S,KD,3D,2C,8D,9H f=-;-;-;- t=QH;3S,TD;4C,AC,7D;5H,6C,6H,JD;7H,7S,JH,8C,2S;2D,3C,TC,4D,4H,QD;KH,QC,9S,5S,AD,6S,8H"),
    (3, "hamilton start=0 choices=3 chooser=- stock=9C,3S,9D,6D,7D,7H,5D,9H,JS,TD,4D,KC,AS,5H,TH,3C,2S,TS,QD,7C,2D,4H,JH,TC f=-;-;-;- t=AD;3D,AH;7S,3H,6S;QS,JC,5C,JD;9S,KS,QC,4S,4C;2C,QH,KH,AC,2H,6H;5S,6C,KD,8H,8C,8D,8S"),
    (1000, "hamilton start=0 choices=3 chooser=- stock=9C,KS,5C,7S,KH,QD,6D,4D,AS,TH,2S,JH,9S,5D,2D,9H,3S,AH,6S,6H,6C,9D,8C,3H f=-;-;-;- t=JD;4H,AD;4C,5S,TS;3D,8H,TC,8D;2H,TD,QH,7H,5H;AC,JS,8S,QS,JC,7D;KD,3C,2C,QC,KC,4S,7C"),
    (4294967295, "hamilton start=0 choices=3 chooser=- stock=9D,2H,2S,JH,QS,6C,6D,9S,KH,AS,4C,6S,7H,8S,5C,QD,TS,TH,7D,AH,TD,QH,KC,3H f=-;-;-;- t=6H;2D,QC;8H,3C,KD;3S,JC,7S,3D;TC,8C,9H,AD,AC;5S,5H,4D,JD,4S,8D;4H,JS,5D,KS,7C,9C,2C"),
];

#[test]
fn numbered_deals_are_pythons() {
    for (n, text) in DEALS {
        let state = numbered_deal(n);
        assert_eq!(position_text(&state), text, "deal {n}");
        assert_eq!(parse_position(text), Ok(state), "deal {n}");
    }
}

#[test]
fn choosing_then_playing() {
    // the doctest of rules.py: the first click shows 9S, choosing it makes 9 the start rank
    let deck =
        "4H 5S 2C TD 3D 3C 7D 6D 2D AC QH 3S 5H 7H 6H JD AD KH 2H AS 4S 2S 3H 8H JC 9C TH 8D \
                9S 6C 9H JS TS QS 6S QC JH 7S KS KD 5D 4C 9D QD TC 4D 8S 8C 7C 5C KC AH";
    let cards: Vec<u8> = deck
        .split_whitespace()
        .map(|w| patience_core::cards::parse_card(w).unwrap())
        .collect();
    let state = patience_core::hamilton::deal(&cards);
    let lens: Vec<usize> = (0..7).map(|i| state.pile(i).len()).collect();
    assert_eq!(lens, [1, 2, 3, 4, 5, 6, 7]);
    let state = apply(&state, Move::parse("s").unwrap());
    assert_eq!(
        (
            patience_core::cards::card_text(state.chooser),
            state.choices_left
        ),
        ("9S".into(), 2)
    );
    let mut moves = Vec::new();
    legal_moves(&state, &mut moves);
    let texts: Vec<String> = moves.iter().map(Move::text).collect();
    assert_eq!(texts, ["s", "c-f1", "c-f2", "c-f3", "c-f4"]);
    let state = apply(&state, Move::parse("c-f1").unwrap());
    assert_eq!(
        (
            state.start,
            patience_core::hamilton::score(&state),
            state.stock().len()
        ),
        (9, 1, 23)
    );
    assert!(patience_core::hamilton::is_legal(
        &state,
        Move::parse("s").unwrap()
    ));
    assert!(!patience_core::hamilton::is_legal(
        &state,
        Move::parse("c-f2").unwrap()
    ));
}

#[test]
fn bad_positions_are_refused() {
    let good = DEALS[0].1;
    assert!(parse_position(good).is_ok());
    for bad in [
        good.replace("hamilton", "union-square"),
        good.replace("start=0", "start=14"),
        good.replace("choices=3", "choices=4"),
        good.replace("t=7D;", "t=7D,7D;"),
        good.replace("t=7D;", "t=;"),
        good.replace(" f=-;-;-;-", " f=-;-;-"),
        good.replace("start=0", "start=x"),
        good.replace("chooser=-", "chooser=- chooser=-"),
        good.replace("stock=QC,", "stock=QC,ZZ,"),
    ] {
        assert!(parse_position(&bad).is_err(), "{bad}");
    }
    // foundations before the choice, a Chooser card after it
    let chose = "hamilton start=7 choices=0 chooser=7D stock=QC,4S,6C,7C,AS,5C,AH,KS,6H,QS,QH,QD,9D,3D,3S,AC,4C,2H,8C,TC,3H,2S,9H,7S f=-;-;-;- t=-;9C,6D;4D,9S,2D;8H,JC,JH,2C;8D,5D,5H,AD,KH;5S,KD,7H,6S,TH,JS;JD,3C,4H,KC,TS,TD,8S";
    assert!(parse_position(chose).is_err());
    let up = chose
        .replace("chooser=7D", "chooser=-")
        .replace("f=-;", "f=7D;");
    assert!(parse_position(&up).is_ok());
    let early = up.replace("start=7", "start=0");
    assert!(parse_position(&early).is_err());
    // a foundation that is not a build from the start rank (Python takes it; see text.rs)
    let wrong = up.replace("start=7", "start=8");
    assert!(parse_position(&wrong).is_err());
}
