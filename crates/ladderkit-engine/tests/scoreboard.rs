//! The Carcassonne Snakes & Ladders scoreboard, with the rule document's
//! own example (seed 000).

use ladderkit_core::Seats;
use ladderkit_core::{check_source, compile};
use ladderkit_engine::scoreboard::{ScoreEvent, Scoreboard};

fn board(players: usize) -> Scoreboard {
    let text = include_str!("../../../variants/carcassonne-scoreboard.ron");
    let spec = check_source(text).spec.unwrap();
    Scoreboard::new(&compile(&spec), Seats::from_len(players).unwrap()).unwrap()
}

fn each_scoring(players: usize) -> Scoreboard {
    let text = include_str!("../../../variants/carcassonne-scoreboard.ron").replace("EndOfTurn", "EachScoring");
    let spec = check_source(&text).spec.unwrap();
    Scoreboard::new(&compile(&spec), Seats::from_len(players).unwrap()).unwrap()
}

#[test]
fn the_rule_documents_example_red_climbs_blue_is_eaten_green_stays() {
    let (red, blue, green) = (0, 1, 2);
    let mut sb = board(3);
    sb.scores = vec![10, 30, 20];
    let mut ev = Vec::new();
    sb.score(red, 6, &mut ev); // 16: a ladder's foot
    sb.score(blue, 9, &mut ev); // 39: a snake's head
    sb.score(green, 7, &mut ev); // 27: the top of a ladder, nothing happens
    assert_eq!(sb.scores, vec![16, 39, 27], "nobody moves before the turn's scorings are done");
    sb.end_turn(&mut ev);
    assert_eq!(sb.scores, vec![34, 11, 27]);
    assert!(ev.contains(&ScoreEvent::Climbed { player: 0, from: 16, to: 34 }));
    assert!(ev.contains(&ScoreEvent::Slid { player: 1, from: 39, to: 11 }));
    assert!(
        !ev.iter().any(|e| matches!(e, ScoreEvent::Climbed { player: 2, .. } | ScoreEvent::Slid { player: 2, .. }))
    );
}

#[test]
fn scoring_twice_in_a_turn_is_resolved_once_at_the_end() {
    let mut sb = board(2);
    let mut ev = Vec::new();
    // 0 → 13 (a snake's head, passed) → 16 (a ladder's foot).
    sb.score(0, 13, &mut ev);
    sb.score(0, 3, &mut ev);
    sb.end_turn(&mut ev);
    assert_eq!(sb.scores[0], 34, "the snake at 13 was only passed; the ladder at 16 is taken once");
    let jumps = ev.iter().filter(|e| matches!(e, ScoreEvent::Climbed { .. } | ScoreEvent::Slid { .. })).count();
    assert_eq!(jumps, 1);
    // Under the other reading the snake bites mid-turn: 13 → 6, then 9.
    let mut other = each_scoring(1);
    let mut ev = Vec::new();
    other.score(0, 13, &mut ev);
    other.score(0, 3, &mut ev);
    other.end_turn(&mut ev);
    assert_eq!(other.scores[0], 9);
}

#[test]
fn final_scoring_moves_nobody_by_jumps() {
    let mut sb = board(2);
    let mut ev = Vec::new();
    sb.final_score(0, 39, &mut ev);
    sb.final_score(1, 16, &mut ev);
    sb.end_turn(&mut ev);
    assert_eq!(sb.scores, vec![39, 16]);
    assert_eq!(ev.len(), 2);
}

#[test]
fn laps_count_through_49_to_0_and_jumps_work_on_every_lap() {
    let mut sb = board(1);
    let mut ev = Vec::new();
    sb.scores[0] = 47;
    sb.score(0, 5, &mut ev); // 52: lap 1, space 2
    sb.end_turn(&mut ev);
    assert_eq!((sb.scores[0], sb.lap(52), sb.space(52)), (52, 1, 2));
    sb.score(0, 14, &mut ev); // 66: lap 1, space 16, a ladder's foot
    sb.end_turn(&mut ev);
    assert_eq!(sb.scores[0], 84, "lap 1, space 34");
    assert_eq!((sb.lap(84), sb.space(84)), (1, 34));
    sb.score(0, 5, &mut ev); // 89: lap 1, space 39, a snake's head
    sb.end_turn(&mut ev);
    assert_eq!(sb.scores[0], 61, "lap 1, space 11");
    sb.score(0, 0, &mut ev);
    sb.end_turn(&mut ev);
    assert_eq!(sb.scores[0], 61, "scoring nothing moves nothing");
}

#[test]
fn a_race_is_not_a_scoreboard() {
    let spec = check_source(include_str!("../../../variants/milton-bradley.ron")).spec.unwrap();
    assert!(Scoreboard::new(&compile(&spec), Seats::TWO).is_err());
    let score = check_source(include_str!("../../../variants/carcassonne-scoreboard.ron")).spec.unwrap();
    let err = ladderkit_engine::Engine::new(&compile(&score), Seats::new(2).unwrap()).unwrap_err();
    assert!(err.to_string().contains("ladderkit scoreboard"), "{err}");
}
