//! The Game of the Goose, worked example by example from the rules the
//! bundled variant cites (M. Knauer's class notes): geese, the bridge, the
//! inn, the well and the prison, the maze, the skull, the first throws,
//! bumping back to where the newcomer came from, the exact finish.

use ladderkit_core::Seats;
use ladderkit_core::{check_source, compile};
use ladderkit_engine::*;

const GOOSE: &str = include_str!("../../../variants/game-of-the-goose.ron");

fn goose(players: u32) -> Engine {
    let compiled = compile(&check_source(GOOSE).spec.unwrap());
    assert!(!compiled.has_errors(), "{:#?}", compiled.diagnostics);
    Engine::new(&compiled, Seats::new(players).unwrap()).unwrap()
}

/// Seat `p` throws `faces` from wherever its piece stands; the events.
fn throw(e: &Engine, s: &mut State, p: u8, faces: [u32; 2]) -> Vec<Event> {
    s.current = p;
    s.turns_in_row = 1;
    let mut ev = Vec::new();
    e.classic_roll(s, &faces, &mut ev);
    ev
}

fn moved(from: u32, end: u32, rest: u32, die: u32, bounced: bool) -> Event {
    Event::Moved { piece: 0, carried: 0, from, end, rest, die, bounced }
}

fn again(from: u32, end: u32, bounced: bool) -> Event {
    Event::MovedAgain { piece: 0, carried: 0, from, end, bounced }
}

#[test]
fn a_goose_moves_the_same_roll_again() {
    let e = goose(2);
    let mut s = e.new_game(0);
    let ev = throw(&e, &mut s, 0, [2, 3]);
    assert_eq!(s.pieces[0].pos, 10);
    assert_eq!(ev.iter().filter(|e| matches!(e, Event::Moved { .. } | Event::MovedAgain { .. })).count(), 2);
    assert!(ev.contains(&moved(0, 5, 10, 5, false)) && ev.contains(&again(5, 10, false)), "{ev:?}");
}

#[test]
fn geese_chain_until_a_plain_space() {
    // 10 + 4 = 14 (goose) → 18 (goose) → 22.
    let e = goose(2);
    let mut s = e.new_game(0);
    s.pieces[0].pos = 10;
    let ev = throw(&e, &mut s, 0, [1, 3]);
    assert_eq!(s.pieces[0].pos, 22);
    let walks: Vec<&Event> =
        ev.iter().filter(|e| matches!(e, Event::Moved { .. } | Event::MovedAgain { .. })).collect();
    assert_eq!(walks, [&moved(10, 14, 22, 4, false), &again(14, 18, false), &again(18, 22, false)]);
}

#[test]
fn a_goose_met_after_bouncing_sends_the_piece_on_back() {
    // 61 + 6: two to 63, four back to the goose at 59, then six further
    // back to 53.
    let e = goose(2);
    let mut s = e.new_game(0);
    s.pieces[0].pos = 61;
    let ev = throw(&e, &mut s, 0, [2, 4]);
    assert!(ev.contains(&moved(61, 59, 53, 6, true)) && ev.contains(&again(59, 53, false)), "{ev:?}");
    assert_eq!(s.pieces[0].pos, 53);
}

#[test]
fn the_first_throw_of_six_and_three_goes_to_26_and_five_and_four_to_53() {
    let e = goose(2);
    for (faces, to) in [([6, 3], 26), ([3, 6], 26), ([5, 4], 53), ([4, 5], 53)] {
        let mut s = e.new_game(0);
        let ev = throw(&e, &mut s, 0, faces);
        assert_eq!(s.pieces[0].pos, to, "{faces:?}");
        assert!(ev.contains(&Event::FirstThrow { piece: 0, to }), "{ev:?}");
    }
    // Later, a 9 is a 9: 10 + 9 = 19, the inn.
    let mut s = e.new_game(0);
    s.pieces[0].pos = 10;
    throw(&e, &mut s, 0, [6, 3]);
    assert_eq!(s.pieces[0].pos, 19);
}

#[test]
fn the_bridge_the_maze_and_the_skull_are_jumps() {
    let e = goose(2);
    let mut s = e.new_game(0);
    let ev = throw(&e, &mut s, 0, [1, 5]);
    assert_eq!(s.pieces[0].pos, 12, "the bridge: 6 to 12");
    assert!(ev.contains(&Event::Climbed { piece: 0, from: 6, to: 12 }));
    s.pieces[0].pos = 40;
    throw(&e, &mut s, 0, [1, 1]);
    assert_eq!(s.pieces[0].pos, 30, "the maze: 42 to 30");
    s.pieces[0].pos = 55;
    let ev = throw(&e, &mut s, 0, [1, 2]);
    assert_eq!(s.pieces[0].pos, ladderkit_core::TRAY, "the skull: 58 back to the start");
    assert!(ev.contains(&Event::Slid { piece: 0, from: 58, to: ladderkit_core::TRAY }));
}

#[test]
fn the_inn_costs_two_turns() {
    let e = goose(2);
    let mut s = e.new_game(0);
    s.pieces[0].pos = 15;
    let ev = throw(&e, &mut s, 0, [1, 3]);
    assert!(ev.contains(&Event::LoseTurns { player: 0, piece: 0, turns: 2 }), "{ev:?}");
    assert_eq!(s.players[0].lose_turns, 2);
}

#[test]
fn the_well_holds_a_piece_until_another_arrives_and_then_holds_that_one() {
    let e = goose(3);
    let mut s = e.new_game(0);
    s.pieces[0].pos = 28;
    let ev = throw(&e, &mut s, 0, [1, 2]);
    assert!(ev.contains(&Event::Waiting { piece: 0, at: 31 }) && s.players[0].waiting, "{ev:?}");
    // Seat 1's turns pass without a roll while it waits.
    s.current = 0;
    let mut ev = Vec::new();
    let mut rng = GameRng::for_game(1, 0);
    e.begin_turn(&mut s, &mut rng, &mut ev);
    assert!(ev.contains(&Event::StillWaiting { player: 0, at: 31 }), "{ev:?}");
    assert!(!ev.iter().any(|e| matches!(e, Event::Rolled { .. })));
    assert_eq!((s.pieces[0].pos, s.current), (31, 1));
    // Seat 2 lands there: seat 1 is free, seat 2 waits (no bumping there).
    s.pieces[1].pos = 25;
    let ev = throw(&e, &mut s, 1, [2, 4]);
    assert!(ev.contains(&Event::Freed { piece: 0, at: 31 }), "{ev:?}");
    assert!(ev.contains(&Event::Waiting { piece: 1, at: 31 }));
    assert!(!s.players[0].waiting && s.players[1].waiting && s.pieces[0].pos == 31);
    // Free again, seat 1 rolls on.
    throw(&e, &mut s, 0, [1, 1]);
    assert_eq!(s.pieces[0].pos, 33);
}

#[test]
fn two_players_both_waiting_block_the_game_and_nobody_wins() {
    let e = goose(2);
    let mut s = e.new_game(0);
    s.pieces[0].pos = 28;
    throw(&e, &mut s, 0, [1, 2]);
    assert!(!s.is_over());
    s.pieces[1].pos = 49;
    let ev = throw(&e, &mut s, 1, [1, 2]);
    assert!(ev.contains(&Event::Waiting { piece: 1, at: 52 }) && ev.contains(&Event::Blocked), "{ev:?}");
    assert!(s.is_over() && s.blocked && s.winners == 0);
    // Three players can never all wait: two spaces hold one each.
    let e = goose(3);
    let mut s = e.new_game(0);
    s.pieces[0].pos = 28;
    throw(&e, &mut s, 0, [1, 2]);
    s.pieces[1].pos = 49;
    throw(&e, &mut s, 1, [1, 2]);
    s.pieces[2].pos = 49;
    let ev = throw(&e, &mut s, 2, [1, 2]);
    assert!(ev.contains(&Event::Freed { piece: 1, at: 52 }) && !s.is_over(), "{ev:?}");
}

#[test]
fn landing_on_a_piece_sends_it_back_to_where_the_newcomer_came_from() {
    let e = goose(2);
    let mut s = e.new_game(0);
    s.pieces[0].pos = 20;
    s.pieces[1].pos = 16;
    let ev = throw(&e, &mut s, 1, [1, 3]);
    assert!(ev.contains(&Event::Bumped { piece: 0, from: 20, to: 16 }), "{ev:?}");
    assert_eq!((s.pieces[0].pos, s.pieces[1].pos), (16, 20));
}

#[test]
fn only_an_exact_63_wins() {
    let e = goose(2);
    let mut s = e.new_game(0);
    s.pieces[0].pos = 60;
    throw(&e, &mut s, 0, [1, 2]);
    assert!(s.is_over() && s.winners == 1);
    let mut s = e.new_game(0);
    s.pieces[0].pos = 60;
    // 60 + 9: three to 63, six back to 57 (the rules' own example).
    throw(&e, &mut s, 0, [4, 5]);
    assert_eq!(s.pieces[0].pos, 57);
    assert!(!s.is_over());
}

/// Seeded games through `begin_turn`: every game ends (won or blocked),
/// and a blocked one only with every piece waiting.
#[test]
fn seeded_games_end_won_or_blocked() {
    let e = goose(2);
    let (mut won, mut blocked) = (0, 0);
    for g in 0..2000 {
        let mut s = e.new_game(g);
        let mut rng = GameRng::for_game(7, g);
        let mut turns = 0;
        while !s.is_over() && turns < 100_000 {
            e.begin_turn(&mut s, &mut rng, &mut ());
            turns += 1;
        }
        assert!(s.is_over(), "game {g} did not end");
        if s.blocked {
            assert!(
                s.pieces.iter().all(|q| s.players[q.owner as usize].waiting && e.board().is_wait(q.pos)),
                "game {g}"
            );
            blocked += 1;
        } else {
            won += 1;
        }
    }
    assert!(won > 0 && blocked > 0, "{won} won, {blocked} blocked");
}
