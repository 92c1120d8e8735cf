//! The published reference: Althoen, King & Schilling (1993), "How long is a
//! game of Snakes and Ladders?", The Mathematical Gazette 77(478).

use ladderkit_analysis::{Options, analyze};
use ladderkit_core::spec::*;
use ladderkit_core::{Seats, check_source, compile};

fn analysis_of(text: &str, players: u32) -> ladderkit_analysis::Analysis {
    let checked = check_source(text);
    assert!(!checked.has_errors(), "{:#?}", checked.diagnostics);
    let compiled = compile(checked.spec.as_ref().unwrap());
    analyze(&compiled, &Options { seats: Seats::new(players).unwrap(), ..Options::default() }).unwrap()
}

#[test]
fn milton_bradley_matches_the_literature() {
    let a = analysis_of(include_str!("../../../variants/milton-bradley.ron"), 2);
    assert!((a.expected_rolls - 39.2251).abs() < 5e-5, "{}", a.expected_rolls);
    assert_eq!(a.min_rolls, 7);
    assert_eq!(a.shortest_rolls.len(), 7);
    // Without lost or extra turns a turn is a roll.
    assert!((a.expected_turns - a.expected_rolls).abs() < 1e-8, "{} vs {}", a.expected_turns, a.expected_rolls);
    let seats: f64 = a.seats.win.iter().sum();
    assert!((seats - 1.0).abs() < 1e-9, "{seats}");
    assert!(a.seats.win[0] > a.seats.win[1], "the opener has the edge");
}

fn track(spaces: u32, sides: u32, overshoot: Overshoot) -> VariantSpec {
    let mut spec = VariantSpec::with_board("t", Board::Track { spaces, looped: false, first: 1 });
    spec.rules.dice = Dice { count: 1, sides };
    spec.rules.overshoot = overshoot;
    spec
}

fn solve(spec: &VariantSpec, players: u32) -> ladderkit_analysis::Analysis {
    let compiled = compile(spec);
    assert!(!compiled.has_errors(), "{:#?}", compiled.diagnostics);
    analyze(&compiled, &Options { seats: Seats::new(players).unwrap(), ..Options::default() }).unwrap()
}

#[test]
fn a_three_space_track_with_a_coin_matches_the_hand_computation() {
    // E(2) = 1, E(1) = 1 + E(2)/2 = 1.5, E(0) = 1 + E(1)/2 + E(2)/2 = 2.25
    let a = solve(&track(3, 2, Overshoot::ReachOrPass), 1);
    assert!((a.expected_rolls - 2.25).abs() < 1e-12);
    assert_eq!(a.min_rolls, 2);
    assert_eq!(a.finish_within[..3], [0.0, 0.0, 0.75]);
    // Heat: a piece rests on 1 with chance 1/2, on 2 with chance 3/4.
    assert!((a.heat[1] - 0.5).abs() < 1e-12 && (a.heat[2] - 0.75).abs() < 1e-12);
}

#[test]
fn a_lost_turn_costs_a_turn_not_a_roll() {
    let mut spec = track(3, 2, Overshoot::ReachOrPass);
    spec.effects.push(SpaceEffect { space: 1, effect: Effect::LoseTurns(1) });
    let a = solve(&spec, 1);
    assert!((a.expected_rolls - 2.25).abs() < 1e-12);
    assert!((a.expected_turns - 2.75).abs() < 1e-12, "{}", a.expected_turns);
}

#[test]
fn extra_turns_fold_rolls_into_turns() {
    // One space, a coin, exact finish: a 1 wins, a 2 is forfeited but
    // earns another roll in the same turn, so every turn wins.
    let mut spec = track(1, 2, Overshoot::Forfeit);
    spec.rules.extra_turn = Some(ExtraTurnOn::Total(2));
    let a = solve(&spec, 1);
    assert!((a.expected_rolls - 2.0).abs() < 1e-12);
    assert!((a.expected_turns - 1.0).abs() < 1e-12, "{}", a.expected_turns);
    // Capped at two turns in a row, a turn wins with chance 3/4.
    spec.rules.max_consecutive_turns = Some(2);
    let a = solve(&spec, 1);
    assert!((a.expected_turns - 4.0 / 3.0).abs() < 1e-9, "{}", a.expected_turns);
}

#[test]
fn seat_odds_follow_from_order_statistics() {
    // A one-roll game: seat 1 always wins, after one roll.
    let a = solve(&track(1, 6, Overshoot::ReachOrPass), 3);
    assert!((a.seats.win[0] - 1.0).abs() < 1e-12 && a.seats.win[1..] == [0.0, 0.0], "{:?}", a.seats.win);
    assert!((a.seats.expected_rounds - 1.0).abs() < 1e-12);
    assert!((a.seats.expected_total_rolls - 1.0).abs() < 1e-12);
    // A coin race to 2 with exact finish: half the pieces finish on turn 1,
    // the rest wait on 1 and finish with chance 1/2 each turn after, so
    // P(still playing after t turns) = (1/2)^t.
    let a = solve(&track(2, 2, Overshoot::Forfeit), 2);
    let total: f64 = a.seats.win.iter().sum();
    assert!((total - 1.0).abs() < 1e-10 && a.seats.win[0] > a.seats.win[1]);
    // Seat 1 wins in turn t if it finishes then and seat 2 had not before.
    let s = |t: i32| if t == 0 { 1.0 } else { 0.5 * 0.5f64.powi(t - 1) };
    let f = |t: i32| s(t - 1) - s(t);
    let p1: f64 = (1..200).map(|t| f(t) * s(t - 1)).sum();
    assert!((a.seats.win[0] - p1).abs() < 1e-10, "{} vs {p1}", a.seats.win[0]);
}

#[test]
fn every_bundled_variant_analyses() {
    for text in [
        include_str!("../../../variants/gameweave-small.ron"),
        include_str!("../../../variants/gameweave-medium.ron"),
        include_str!("../../../variants/gameweave-large.ron"),
    ] {
        let a = analysis_of(text, 4);
        assert!(a.expected_rolls > a.min_rolls as f64);
        assert!(a.expected_turns < a.expected_rolls, "a 6 folds rolls into turns");
        assert!((a.seats.win.iter().sum::<f64>() - 1.0).abs() < 1e-9);
        assert!((a.finish_within.last().unwrap() - 1.0).abs() < 1e-9);
    }
}

#[test]
fn stuck_pieces_are_refused() {
    let mut spec = track(10, 6, Overshoot::Forfeit);
    spec.rules.dice.count = 2;
    let compiled = compile(&spec);
    assert_eq!(ladderkit_analysis::stuck_positions(&compiled.board), [9]);
    let err = ladderkit_analysis::analyze(&compiled, &Options::default()).unwrap_err();
    assert!(matches!(err, ladderkit_analysis::AnalysisError::HasErrors), "{err:?}");
}
