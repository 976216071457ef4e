//! Union Square's tableau seen as runs (`union_square::runs`): its wins replay through the rules,
//! the lost deck is proven lost in the looser game, the phases count their shares as Python does,
//! the only-moves lose no answer, and regrouping leaves a suit in its fewest runs. The agreement
//! with the Python run view, position by position, is `tests/core/test_looser.py`'s.

use patience_core::moves::Move;
use patience_core::search::KeyTable;
use patience_core::union_square::runs::{
    looser, looser_proving, piles_are_runs, rank_counts, regroup, relaxed_search,
    relaxed_search_proving, suit_runs, LooserAnswer, LooserLimits, Phase, Spend, Task,
    REGROUP_LIMIT,
};
use patience_core::union_square::{apply, is_legal, is_won, numbered_deal, parse_position, State};

/// The first Union Square deal known to be lost (`tests/solver/test_runs.py::LOST_DECK`).
const LOST_DECK: &str = "union-square stock=2C,2D,2H,2S,2C,2D,2H,2S,4C,4D,4H,4S,4C,4D,4H,4S,5C,5D,5H,5S,\
5C,5D,5H,5S,AC,AD,AH,AS,AC,AD,AH,AS,3C,3D,3H,3S,3C,3D,3H,3S,QC,QD,QH,QS,TC,TD,TH,TS,8C,8D,8H,8S,6C,6D,\
6H,6S,QC,QD,QH,QS,TC,TD,TH,TS,8C,8D,8H,8S,6C,6D,6H,6S,KC,KD,KH,KS,JC,JD,JH,JS,9C,9D,9H,9S,7C,7D,7H,7S \
waste=- f=-;-;-;- t=KC;KD;KH;KS;JC;JD;JH;JS;9C;9D;9H;9S;7C;7D;7H;7S";

/// `line` played from `state`, every move checked legal on the way.
fn replay(state: &State, line: &[Move]) -> State {
    let mut here = state.clone();
    for mv in line {
        assert!(is_legal(&here, *mv), "{} is not legal", mv.text());
        here = apply(&here, *mv);
    }
    here
}

#[test]
fn numbered_deals_are_won_by_lines_that_replay() {
    // (deal, positions) as the Python run view counts them
    for (deal, nodes) in [(1, 516), (2, 516), (3, 520), (100013, 511)] {
        let state = numbered_deal(deal);
        let found = looser(&state, &LooserLimits::default());
        let LooserAnswer::Won(line) = &found.answer else {
            panic!("deal {deal}: {:?}", found.answer)
        };
        assert!(is_won(&replay(&state, line)), "deal {deal}");
        assert_eq!(found.nodes, nodes, "deal {deal}");
        assert_eq!(found.phases.iter().sum::<u64>(), nodes);
    }
    for deal in 4..=30 {
        let state = numbered_deal(deal);
        let LooserAnswer::Won(line) = looser(&state, &LooserLimits::default()).answer else {
            panic!("{deal}")
        };
        assert!(is_won(&replay(&state, &line)), "deal {deal}");
    }
}

#[test]
fn the_lost_deck_is_lost_in_the_looser_game() {
    let state = parse_position(LOST_DECK).unwrap();
    let found = looser(&state, &LooserLimits::default());
    assert_eq!(
        (found.answer, found.nodes, found.phases.as_slice()),
        (LooserAnswer::Lost, 204, &[204][..])
    );
    // without its only-moves and the dead-waste bound the looser game is too big to finish
    let mut spend = Spend::new(Some(20_000), None, None);
    assert_eq!(relaxed_search(&state, &mut spend, false), Phase::Unknown);
}

#[test]
fn each_phase_takes_at_most_its_limit() {
    let state = parse_position(LOST_DECK).unwrap();
    for (limit, taken) in [(1, 1), (64, 64), (65, 65), (150, 150), (700, 204)] {
        let limits = LooserLimits {
            limit,
            share: 1.0,
            ..LooserLimits::default()
        };
        let found = looser(&state, &limits);
        assert_eq!(found.phases[0], taken, "limit {limit}");
        assert_eq!(
            found.answer == LooserAnswer::Lost,
            taken == 204,
            "limit {limit}"
        );
    }
    // a node budget gives each phase a tenth of it at most (10 of 100), the budget unspent
    let capped = looser(
        &state,
        &LooserLimits {
            max_nodes: Some(100),
            ..LooserLimits::default()
        },
    );
    assert_eq!(
        (capped.answer, capped.phases[0], capped.spent),
        (LooserAnswer::Unknown, 10, false)
    );
    assert!(
        capped.phases.iter().all(|&taken| taken <= 10),
        "{:?}",
        capped.phases
    );
}

/// Positions along deal `deal`'s winning line, every `every` moves.
fn along_a_win(deal: u64, every: usize) -> Vec<State> {
    let state = numbered_deal(deal);
    let LooserAnswer::Won(line) = looser(&state, &LooserLimits::default()).answer else {
        panic!("{deal}")
    };
    (0..line.len())
        .step_by(every)
        .map(|n| replay(&state, &line[..n]))
        .collect()
}

#[test]
fn the_only_moves_change_no_answer() {
    let mut both = 0;
    for deal in 1..=6 {
        for state in along_a_win(deal, 37) {
            let pruned = relaxed_search(&state, &mut Spend::new(Some(200_000), None, None), true);
            let plain = relaxed_search(&state, &mut Spend::new(Some(200_000), None, None), false);
            if pruned != Phase::Unknown && plain != Phase::Unknown {
                assert_eq!(pruned, plain);
                both += 1;
            }
        }
    }
    assert!(both >= 20, "{both}");
}

#[test]
fn regrouping_leaves_each_suit_in_its_fewest_runs() {
    let mut regrouped = 0;
    for deal in 1..=4 {
        for state in along_a_win(deal, 23) {
            for suit in 0..4u8 {
                let Some(moves) = regroup(&state, suit, Task::Regroup, REGROUP_LIMIT) else {
                    continue;
                };
                let after = replay(&state, &moves);
                let piles = (0..16)
                    .filter(|&i| after.pile(i).first().is_some_and(|&c| c / 13 == suit))
                    .count();
                assert_eq!(piles as i32, suit_runs(&rank_counts(&after)[suit as usize]));
                regrouped += 1;
            }
        }
    }
    assert!(regrouped >= 100, "{regrouped}");
}

#[test]
fn piles_that_are_not_runs_get_no_phase() {
    // a typed-in position: deal 1 with a card of another suit put on its first pile
    let mut state = numbered_deal(1);
    let j = (1..16)
        .find(|&j| state.tableau[j][0] / 13 != state.tableau[0][0] / 13)
        .unwrap();
    (
        state.tableau[0][1],
        state.tableau[j][0],
        state.heights[0],
        state.heights[j],
    ) = (state.tableau[j][0], 0, 2, 0);
    assert!(!piles_are_runs(&state));
    let found = looser(&state, &LooserLimits::default());
    assert_eq!(
        (found.answer, found.nodes, found.phases.len()),
        (LooserAnswer::Unknown, 0, 0)
    );
}

#[test]
fn a_stopped_looser_search_keeps_what_it_finished_and_no_more() {
    // The next search, given what stopped ones kept, answers as a search without them: a position
    // on a stopped search's path kept as lost would make a won position's next search lose.
    let mut decided = 0;
    for deal in 1..=6 {
        for state in along_a_win(deal, 41) {
            let alone = relaxed_search(&state, &mut Spend::new(Some(200_000), None, None), true);
            let mut kept = KeyTable::new(usize::MAX);
            for stop in [20, 60, 120] {
                let stopped = relaxed_search_proving(
                    &state,
                    &mut Spend::new(Some(stop), None, None),
                    true,
                    Some(&mut kept),
                );
                assert!(
                    stopped == Phase::Unknown || stopped == alone,
                    "deal {deal}: {stopped:?} {alone:?}"
                );
            }
            let again = relaxed_search_proving(
                &state,
                &mut Spend::new(Some(200_000), None, None),
                true,
                Some(&mut kept),
            );
            if alone != Phase::Unknown {
                assert_eq!(again, alone, "deal {deal}");
                decided += 1;
            }
        }
    }
    assert!(decided >= 20, "{decided}");
}

#[test]
fn a_lost_position_goes_on_where_the_last_search_stopped() {
    let state = parse_position(LOST_DECK).unwrap();
    let mut kept = KeyTable::new(usize::MAX);
    let first = looser_proving(
        &state,
        &LooserLimits {
            limit: 100,
            share: 1.0,
            ..LooserLimits::default()
        },
        Some(&mut kept),
    );
    assert_eq!(
        (first.answer, first.phases[0]),
        (LooserAnswer::Unknown, 100)
    );
    assert!(!kept.is_empty());
    let second = looser_proving(&state, &LooserLimits::default(), Some(&mut kept));
    assert_eq!(second.answer, LooserAnswer::Lost);
    assert!(
        second.phases[0] < 204 && second.phases[0] >= 104,
        "{:?}",
        second.phases
    );
    // the root itself is now kept: a third search costs nothing
    let third = looser_proving(&state, &LooserLimits::default(), Some(&mut kept));
    assert_eq!((third.answer, third.nodes), (LooserAnswer::Lost, 0));
}
