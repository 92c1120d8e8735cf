//! Every rule the engine plays, in the situations the rule documents give.

use ladderkit_core::Seats;
use ladderkit_core::spec::*;
use ladderkit_core::{check_source, compile};
use ladderkit_engine::*;

fn engine_for(text: &str, players: u32) -> Engine {
    let spec = check_source(text).spec.unwrap();
    let compiled = compile(&spec);
    Engine::new(&compiled, Seats::new(players).unwrap()).unwrap().with_first_player(spec.rules.first_player)
}

fn engine_with(spec: &VariantSpec, players: u32) -> Engine {
    let compiled = compile(spec);
    assert!(!compiled.has_errors(), "{:#?}", compiled.diagnostics);
    Engine::new(&compiled, Seats::new(players).unwrap()).unwrap().with_first_player(spec.rules.first_player)
}

const GAMEWEAVE: &str = include_str!("../../../variants/gameweave-large.ron");
const MILTON: &str = include_str!("../../../variants/milton-bradley.ron");

fn treehouse(players: u32, pieces: Vec<u32>, lose_turn: LoseTurnRule) -> VariantSpec {
    let mut spec = check_source(MILTON).spec.unwrap();
    spec.rules.dice = Dice { count: 2, sides: 6 };
    spec.rules.players = PlayerRange { min: 2, max: 5 };
    spec.rules.play = Play::Treehouse(Treehouse { first_turn_dice: 1, lose_turn, pieces });
    let _ = players;
    spec
}

fn place(s: &mut State, piece: usize, pos: u32, level: u16) {
    s.pieces[piece].pos = pos;
    s.pieces[piece].level = level;
    s.players[s.pieces[piece].owner as usize].started = true;
}

// ---- Gameweave and Milton Bradley ----

#[test]
fn gameweave_on_98_a_5_bounces_to_97() {
    let e = engine_for(GAMEWEAVE, 2);
    let mut s = e.new_game(0);
    s.pieces[0].pos = 98;
    let mut ev = Vec::new();
    e.classic_roll(&mut s, &[5], &mut ev);
    assert_eq!(s.pieces[0].pos, 97);
    assert!(
        ev.contains(&Event::Moved { piece: 0, carried: 0, from: 98, end: 97, rest: 97, die: 5, bounced: true }),
        "{ev:?}"
    );
}

#[test]
fn gameweave_bounce_takes_the_snake_where_it_lands() {
    // 98 + 4 = 102 → bounce to 98? No: 100 - 2 = 98, the snake 98→78.
    let e = engine_for(GAMEWEAVE, 2);
    let mut s = e.new_game(0);
    s.pieces[0].pos = 96;
    let mut ev = Vec::new();
    e.classic_roll(&mut s, &[6], &mut ev);
    assert_eq!(s.pieces[0].pos, 78);
    assert!(ev.contains(&Event::Slid { piece: 0, from: 98, to: 78 }), "{ev:?}");
}

#[test]
fn gameweave_a_6_gives_another_turn_unless_it_wins() {
    let e = engine_for(GAMEWEAVE, 2);
    let mut s = e.new_game(0);
    let mut ev = Vec::new();
    e.classic_roll(&mut s, &[6], &mut ev);
    assert_eq!(s.current, 0, "a 6 keeps the turn");
    assert!(ev.contains(&Event::ExtraTurn { player: 0 }));
    e.classic_roll(&mut s, &[2], &mut ev);
    assert_eq!(s.current, 1);
    let mut s = e.new_game(0);
    s.pieces[0].pos = 94;
    e.classic_roll(&mut s, &[6], &mut ev);
    assert!(s.is_over() && s.winners == 1, "exact 6 wins and the game ends");
}

#[test]
fn gameweave_from_the_tray_a_4_lands_on_4_and_climbs_to_14() {
    let e = engine_for(GAMEWEAVE, 2);
    let mut s = e.new_game(0);
    e.classic_roll(&mut s, &[4], &mut ());
    assert_eq!(s.pieces[0].pos, 14);
}

#[test]
fn gameweave_first_player_rotates_between_games() {
    let e = engine_for(GAMEWEAVE, 3);
    let openers: Vec<u8> = (0..4).map(|g| e.new_game(g).current).collect();
    assert_eq!(openers, [0, 1, 2, 0]);
    let mb = engine_for(MILTON, 3);
    assert_eq!((0..3).map(|g| mb.new_game(g).current).collect::<Vec<_>>(), [0, 0, 0]);
}

#[test]
fn gameweave_shared_squares_never_bump() {
    let e = engine_for(GAMEWEAVE, 2);
    let mut s = e.new_game(0);
    s.pieces[1].pos = 3;
    e.classic_roll(&mut s, &[3], &mut ());
    assert_eq!((s.pieces[0].pos, s.pieces[1].pos), (3, 3));
}

// ---- Bumping (`shared_squares: false`, `bump`) ----

/// A plain 30-space track, one d6, a 6 earns another turn, squares that
/// cannot be shared.
fn bumping(bump: Option<Bump>, players: u32) -> Engine {
    let mut spec = VariantSpec::with_board("bumping", Board::Track { spaces: 30, looped: false, first: 1 });
    spec.rules.players = PlayerRange { min: 1, max: 4 };
    spec.rules.extra_turn = Some(ExtraTurnOn::Total(6));
    spec.rules.shared_squares = false;
    spec.rules.bump = bump;
    engine_with(&spec, players)
}

fn positions(s: &State) -> Vec<u32> {
    s.pieces.iter().map(|q| q.pos).collect()
}

#[test]
fn by_default_a_landing_sends_every_occupant_to_the_start() {
    let e = bumping(None, 3);
    let mut s = e.new_game(0);
    s.pieces[1].pos = 10;
    s.pieces[2].pos = 20;
    s.pieces[0].pos = 7;
    let mut ev = Vec::new();
    e.classic_roll(&mut s, &[3], &mut ev);
    assert_eq!(positions(&s), [10, 0, 20]);
    assert!(ev.contains(&Event::Bumped { piece: 1, from: 10, to: 0 }), "{ev:?}");
}

#[test]
fn stomp_sends_the_occupant_back_to_where_the_stomper_began_its_turn_once_the_turn_is_over() {
    // t_games' stomp: the top occupant only, to where the bumper began its
    // turn, checked once the whole turn (extra rolls too) is over.
    let stomp = Bump { who: BumpWho::Top, to: BumpTo::TurnStart, when: BumpWhen::EndOfTurn };
    let e = bumping(Some(stomp), 2);
    let mut s = e.new_game(0);
    s.pieces[0].pos = 4;
    s.pieces[1].pos = 10;
    // Seat 1: a 6 to 10 (seat 2 is there) keeps the turn, then a 2 to 12.
    e.classic_roll(&mut s, &[6], &mut ());
    assert_eq!(positions(&s), [10, 10], "mid-turn, pieces share");
    e.classic_roll(&mut s, &[2], &mut ());
    assert_eq!(positions(&s), [12, 10], "only where the turn ends counts");
    assert_eq!(s.current, 1);
    // Seat 2 from 10: a 2 lands on seat 1 and ends the turn there, so seat
    // 1 goes to 10, where seat 2 began.
    let mut ev = Vec::new();
    e.classic_roll(&mut s, &[2], &mut ev);
    assert_eq!(positions(&s), [10, 12]);
    assert!(ev.contains(&Event::Bumped { piece: 0, from: 12, to: 10 }), "{ev:?}");
    // Seat 1 from 10: a 6 to 16, a 6 to 22, a 2 to 24 where seat 2 is: the
    // turn began at 10, so that is where seat 2 goes.
    s.pieces[1].pos = 24;
    e.classic_roll(&mut s, &[6], &mut ());
    e.classic_roll(&mut s, &[6], &mut ());
    e.classic_roll(&mut s, &[2], &mut ());
    assert_eq!(positions(&s), [24, 10], "sent to where seat 1's turn began, not where its last roll did");
    assert_eq!(s.players[0].turn_from, 0, "nothing about a finished turn is kept");
}

#[test]
fn stomp_bumps_the_top_piece_of_several_and_only_it() {
    let stomp = Bump { who: BumpWho::Top, to: BumpTo::TurnStart, when: BumpWhen::EndOfTurn };
    let e = bumping(Some(stomp), 3);
    let mut s = e.new_game(0);
    // Seat 2 then seat 3 arrive on 10 from 5 (seat 3's stomp at the end of
    // its turn sends seat 2, the one there, back to 5).
    s.current = 1;
    s.pieces[1].pos = 5;
    e.classic_roll(&mut s, &[5], &mut ());
    s.pieces[2].pos = 5;
    e.classic_roll(&mut s, &[5], &mut ());
    assert_eq!(positions(&s)[1..], [5, 10], "seat 3 stomped seat 2 back to 5");
    // Two pieces on 10 (seat 2 arriving again would stomp seat 3): put
    // them there by hand, seat 3 on top, and let seat 1 land on them.
    s.pieces[1].pos = 10;
    s.pieces[1].level = 0;
    s.pieces[2].level = 1;
    s.pieces[0].pos = 8;
    assert_eq!(s.current, 0);
    e.classic_roll(&mut s, &[2], &mut ());
    assert_eq!(positions(&s), [10, 10, 8], "only the top piece (seat 3) goes, to 8");
}

#[test]
fn swap_trades_places_and_safe_spaces_protect() {
    let swap = Bump { who: BumpWho::All, to: BumpTo::Swap, when: BumpWhen::EachLanding };
    let mut spec = VariantSpec::with_board("bumping", Board::Track { spaces: 30, looped: false, first: 1 });
    spec.rules.players = PlayerRange { min: 1, max: 4 };
    spec.rules.shared_squares = false;
    spec.rules.bump = Some(swap);
    spec.tags = vec![SpaceTags { tag: Tag::Safe, spaces: vec![20] }];
    let e = engine_with(&spec, 2);
    let mut s = e.new_game(0);
    s.pieces[0].pos = 7;
    s.pieces[1].pos = 10;
    e.classic_roll(&mut s, &[3], &mut ());
    assert_eq!(positions(&s), [10, 7], "the two trade places");
    s.pieces[0].pos = 17;
    s.pieces[1].pos = 20;
    s.current = 0;
    e.classic_roll(&mut s, &[3], &mut ());
    assert_eq!(positions(&s), [20, 20], "nobody is bumped on a safe space");
}

#[test]
fn milton_bradley_forfeits_overshoot_and_has_no_extra_turn() {
    let e = engine_for(MILTON, 2);
    let mut s = e.new_game(0);
    s.pieces[0].pos = 98;
    let mut ev = Vec::new();
    e.classic_roll(&mut s, &[5], &mut ev);
    assert_eq!(s.pieces[0].pos, 98);
    assert!(ev.contains(&Event::RollUnused { player: 0, die: 5 }));
    assert_eq!(s.current, 1);
    e.classic_roll(&mut s, &[6], &mut ev);
    assert_eq!(s.current, 0, "a 6 does not keep the turn");
}

#[test]
fn lose_turn_spaces_skip_the_next_turn() {
    let mut spec = check_source(MILTON).spec.unwrap();
    spec.effects.push(SpaceEffect { space: 3, effect: Effect::LoseTurns(1) });
    let e = engine_with(&spec, 2);
    let mut s = e.new_game(0);
    let mut rng = GameRng::seed(1);
    e.classic_roll(&mut s, &[3], &mut ());
    assert_eq!(s.players[0].lose_turns, 1);
    e.classic_roll(&mut s, &[1], &mut ()); // player 2
    let mut ev = Vec::new();
    assert_eq!(e.begin_turn(&mut s, &mut rng, &mut ev), Turn::Done);
    assert!(ev.contains(&Event::TurnLost { player: 0 }));
    assert_eq!((s.current, s.pieces[0].pos), (1, 3));
}

#[test]
fn extra_turns_respect_the_consecutive_cap() {
    let mut spec = check_source(GAMEWEAVE).spec.unwrap();
    spec.rules.max_consecutive_turns = Some(2);
    let e = engine_with(&spec, 2);
    let mut s = e.new_game(0);
    e.classic_roll(&mut s, &[6], &mut ());
    assert_eq!(s.current, 0);
    e.classic_roll(&mut s, &[6], &mut ());
    assert_eq!(s.current, 1, "a third turn in a row is over the cap");
}

#[test]
fn extra_turn_spaces_give_another_turn() {
    let mut spec = check_source(MILTON).spec.unwrap();
    spec.effects.push(SpaceEffect { space: 2, effect: Effect::ExtraTurn });
    let e = engine_with(&spec, 2);
    let mut s = e.new_game(0);
    e.classic_roll(&mut s, &[2], &mut ());
    assert_eq!(s.current, 0);
}

// ---- Treehouse ----

fn plans(e: &Engine, s: &State) -> Vec<Plan> {
    let mut ws = Workspace::default();
    e.legal_plans(s, &mut ws);
    ws.plans
}

fn mv(die: u8, piece: u8) -> Option<Move> {
    Some(Move { die, piece })
}

#[test]
fn treehouse_first_turn_rolls_one_die_for_your_own_piece() {
    let e = engine_with(&treehouse(2, vec![2], LoseTurnRule::Sideways), 2);
    let mut s = e.new_game(0);
    let mut ev = Vec::new();
    assert_eq!(e.begin_turn(&mut s, &mut GameRng::seed(3), &mut ev), Turn::Choose);
    let pending = s.pending.unwrap();
    assert_eq!((pending.count, pending.kind), (1, TurnKind::Opening));
    let p = plans(&e, &s);
    assert_eq!(p.len(), 1);
    assert_eq!(p[0].moves, [mv(pending.dice[0], 0), None]);
}

#[test]
fn treehouse_seed_example_moving_yourself_3_may_waste_the_5() {
    // Opponent on 97, you on 94, roll 3-5 (board of 100).
    let e = engine_with(&treehouse(2, vec![2], LoseTurnRule::Sideways), 2);
    let mut s = e.new_game(0);
    place(&mut s, 0, 94, 0);
    place(&mut s, 1, 97, 0);
    e.set_dice(&mut s, TurnKind::Split, [3, 5], &mut ());
    let p = plans(&e, &s);
    let yourself_3 = Plan::of([mv(3, 0), None]);
    assert!(p.contains(&yourself_3), "{p:?}");
    assert!(p.contains(&Plan::of([mv(5, 0), mv(3, 1)])), "the other order is legal too");
    assert!(!p.iter().any(|plan| plan.moves.contains(&mv(5, 1))), "a 5 never fits the opponent on 97");
    let mut ev = Vec::new();
    e.apply(&mut s, &yourself_3, &mut ev);
    assert_eq!((s.pieces[0].pos, s.pieces[0].level, s.pieces[1].level), (97, 1, 0), "you stack on top");
    assert!(ev.contains(&Event::RollUnused { player: 0, die: 5 }));
    assert!(!s.is_over());
}

#[test]
fn treehouse_if_neither_die_fits_you_both_go_to_others() {
    let e = engine_with(&treehouse(2, vec![2], LoseTurnRule::Sideways), 2);
    let mut s = e.new_game(0);
    place(&mut s, 0, 99, 0);
    place(&mut s, 1, 40, 0);
    e.set_dice(&mut s, TurnKind::Split, [2, 3], &mut ());
    let p = plans(&e, &s);
    assert!(p.iter().all(|plan| plan.moves.iter().flatten().all(|m| m.piece == 1)), "{p:?}");
    assert!(p.contains(&Plan::of([mv(2, 1), mv(3, 1)])));
}

#[test]
fn treehouse_if_neither_die_fits_others_both_go_to_you() {
    let e = engine_with(&treehouse(2, vec![2], LoseTurnRule::Sideways), 2);
    let mut s = e.new_game(0);
    place(&mut s, 0, 40, 0);
    place(&mut s, 1, 99, 0);
    e.set_dice(&mut s, TurnKind::Split, [2, 3], &mut ());
    let p = plans(&e, &s);
    assert!(p.iter().all(|plan| plan.moves.iter().flatten().all(|m| m.piece == 0)), "{p:?}");
    let mut ev = Vec::new();
    e.apply(&mut s, &Plan::of([mv(2, 0), mv(3, 0)]), &mut ev);
    assert_eq!(s.pieces[0].pos, 45);
}

#[test]
fn treehouse_a_roll_nobody_can_use_is_ignored() {
    let e = engine_with(&treehouse(2, vec![2], LoseTurnRule::Sideways), 2);
    let mut s = e.new_game(0);
    place(&mut s, 0, 99, 0);
    place(&mut s, 1, 99, 1);
    e.set_dice(&mut s, TurnKind::Split, [4, 5], &mut ());
    assert_eq!(plans(&e, &s), [Plan::default()]);
}

#[test]
fn treehouse_moving_a_piece_carries_those_above_and_leaves_those_below() {
    let e = engine_with(&treehouse(3, vec![2], LoseTurnRule::Sideways), 3);
    let mut s = e.new_game(0);
    place(&mut s, 0, 30, 0);
    place(&mut s, 1, 30, 1);
    place(&mut s, 2, 30, 2);
    let mut ev = Vec::new();
    // Player 0 moves player 1's piece (middle) by 2: it carries player 2's.
    e.set_dice(&mut s, TurnKind::Split, [2, 5], &mut ());
    e.apply(&mut s, &Plan::of([mv(2, 1), mv(5, 0)]), &mut ev);
    assert_eq!((s.pieces[1].pos, s.pieces[2].pos), (32, 32));
    assert!(s.pieces[2].level > s.pieces[1].level);
    assert_eq!(s.pieces[0].pos, 35);
    assert!(ev.contains(&Event::Moved { piece: 1, carried: 1, from: 30, end: 32, rest: 32, die: 2, bounced: false }));
}

#[test]
fn treehouse_a_moved_stack_rides_a_jump_and_lands_on_top() {
    let e = engine_with(&treehouse(3, vec![2], LoseTurnRule::Sideways), 3);
    let mut s = e.new_game(0);
    place(&mut s, 0, 26, 0); // 28 → 84 ladder
    place(&mut s, 1, 26, 1);
    place(&mut s, 2, 84, 0);
    let mut ev = Vec::new();
    e.set_dice(&mut s, TurnKind::Split, [2, 1], &mut ());
    e.apply(&mut s, &Plan::of([mv(2, 0), mv(1, 1)]), &mut ev);
    assert!(ev.contains(&Event::Moved { piece: 0, carried: 1, from: 26, end: 28, rest: 84, die: 2, bounced: false }));
    assert!(ev.contains(&Event::Climbed { piece: 0, from: 28, to: 84 }));
    assert!(ev.contains(&Event::Stacked { piece: 0, at: 84, below: 1 }));
    assert_eq!((s.pieces[0].pos, s.pieces[0].level, s.pieces[2].level), (84, 1, 0), "on top of the piece there");
    assert_eq!(s.pieces[1].pos, 85, "the top piece then moved on alone");
}

#[test]
fn a_plan_in_words_says_where_each_move_ends_as_the_engine_plays_it() {
    let e = engine_with(&treehouse(3, vec![2], LoseTurnRule::Sideways), 3);
    let mut s = e.new_game(0);
    place(&mut s, 0, 26, 0); // 28 → 84 ladder
    place(&mut s, 1, 26, 1);
    place(&mut s, 2, 84, 0);
    e.set_dice(&mut s, TurnKind::Split, [2, 1], &mut ());
    let names: Vec<String> = ["Red", "Blue", "Green"].map(String::from).into();
    let plan = Plan::of([mv(2, 0), mv(1, 1)]);
    let words = narrate::describe_plan(&e, &names, &s, &plan);
    assert_eq!(
        words, "move Red 2 (from 26 to 28, up a ladder to 84, carrying 1), then move Blue 1 (from 84 to 85)",
        "the second move starts where the first left it"
    );
    // Described on a copy: the game itself has not moved.
    assert_eq!((s.pieces[0].pos, s.pieces[1].pos), (26, 26));
    let (after, events) = e.preview(&s, &plan);
    let mut played = s.clone();
    let mut ev = Vec::new();
    e.apply(&mut played, &plan, &mut ev);
    assert_eq!((after.pieces, events), (played.pieces, ev), "a preview is the move itself");
}

#[test]
fn treehouse_a_stack_reaching_the_goal_shares_the_win() {
    let e = engine_with(&treehouse(3, vec![2], LoseTurnRule::Sideways), 3);
    let mut s = e.new_game(0);
    place(&mut s, 0, 40, 0);
    place(&mut s, 1, 97, 0);
    place(&mut s, 2, 97, 1);
    let mut ev = Vec::new();
    e.set_dice(&mut s, TurnKind::Split, [3, 2], &mut ());
    e.apply(&mut s, &Plan::of([mv(3, 1), mv(2, 0)]), &mut ev);
    assert_eq!(s.winner_seats().collect::<Vec<_>>(), [1, 2]);
    assert!(ev.contains(&Event::Won { players: 0b110 }));
}

fn with_lose_space(rule: LoseTurnRule) -> Engine {
    let mut spec = treehouse(2, vec![2], rule);
    spec.effects.push(SpaceEffect { space: 33, effect: Effect::LoseTurns(1) });
    engine_with(&spec, 2)
}

/// Player 0 moves 3 from 30 onto the lose-a-turn space 33 (and player 1
/// from 50 to 51); it is player 1's turn.
fn landed_on_lose_space(rule: LoseTurnRule) -> (Engine, State) {
    let e = with_lose_space(rule);
    let mut s = e.new_game(0);
    place(&mut s, 0, 30, 0);
    place(&mut s, 1, 50, 0);
    e.set_dice(&mut s, TurnKind::Split, [3, 1], &mut ());
    e.apply(&mut s, &Plan::of([mv(3, 0), mv(1, 1)]), &mut ());
    (e, s)
}

#[test]
fn treehouse_sideways_nobody_moves_it_and_the_owner_stands_it_up() {
    let (e, mut s) = landed_on_lose_space(LoseTurnRule::Sideways);
    let mut ev = Vec::new();
    assert_eq!(s.pieces[0].sideways, 1);
    // Player 1 may not move it.
    e.set_dice(&mut s, TurnKind::Split, [2, 4], &mut ());
    assert!(plans(&e, &s).iter().all(|p| p.moves.iter().flatten().all(|m| m.piece == 1)));
    e.apply(&mut s, &Plan::of([mv(2, 1), None]), &mut ev);
    // Player 0's next turn: standing up, no dice.
    let mut ev = Vec::new();
    assert_eq!(e.begin_turn(&mut s, &mut GameRng::seed(1), &mut ev), Turn::Done);
    assert!(ev.contains(&Event::StoodUp { player: 0, at: 33 }));
    assert!(!ev.iter().any(|e| matches!(e, Event::Rolled { .. })));
    assert_eq!((s.pieces[0].sideways, s.current), (0, 1));
}

#[test]
fn treehouse_upright_others_may_move_it_else_the_owner_rolls_one_die_for_others() {
    let (e, mut s) = landed_on_lose_space(LoseTurnRule::Upright);
    let mut ev = Vec::new();
    assert_eq!(s.pieces[0].penalty, 1);
    // Player 1 can move it away…
    e.set_dice(&mut s, TurnKind::Split, [2, 4], &mut ());
    assert!(plans(&e, &s).iter().any(|p| p.moves.contains(&mv(2, 0))));
    e.apply(&mut s, &Plan::of([mv(4, 1), mv(2, 0)]), &mut ev);
    assert_eq!((s.pieces[0].pos, s.pieces[0].penalty), (35, 0), "moved off: no penalty");
    // …and when it stays, the owner's turn is one die for another piece.
    let mut s = e.new_game(0);
    place(&mut s, 0, 33, 0);
    place(&mut s, 1, 50, 0);
    s.pieces[0].penalty = 1;
    assert_eq!(e.begin_turn(&mut s, &mut GameRng::seed(2), &mut ev), Turn::Choose);
    assert_eq!(s.pending.unwrap().kind, TurnKind::Penalty);
    assert!(plans(&e, &s).iter().all(|p| p.moves.iter().flatten().all(|m| m.piece == 1)));
}

// ---- Treehouse team game ----

#[test]
fn team_pieces_enter_when_you_like_and_move_one_directly() {
    let e = engine_with(&treehouse(2, vec![1, 2], LoseTurnRule::Sideways), 2);
    let mut s = e.new_game(0);
    s.players[0].started = true;
    place(&mut s, 2, 20, 0);
    e.set_dice(&mut s, TurnKind::Split, [2, 5], &mut ());
    let p = plans(&e, &s);
    assert!(p.contains(&Plan::of([mv(2, 0), mv(5, 2)])), "enter the small pyramid");
    assert!(p.contains(&Plan::of([mv(2, 1), mv(5, 2)])), "or the medium one");
    for plan in &p {
        let own = plan.moves.iter().flatten().filter(|m| m.piece < 2).count();
        assert!(own <= 1, "one own piece directly while others can move: {plan:?}");
    }
}

#[test]
fn team_two_own_pieces_when_no_opposing_piece_can_move() {
    let e = engine_with(&treehouse(2, vec![1, 2], LoseTurnRule::Sideways), 2);
    let mut s = e.new_game(0);
    place(&mut s, 0, 20, 0);
    place(&mut s, 1, 30, 0);
    place(&mut s, 2, 99, 0);
    place(&mut s, 3, 99, 1);
    e.set_dice(&mut s, TurnKind::Split, [2, 5], &mut ());
    assert!(plans(&e, &s).contains(&Plan::of([mv(2, 0), mv(5, 1)])));
}

#[test]
fn team_a_covered_piece_cannot_be_moved_directly() {
    let e = engine_with(&treehouse(2, vec![1, 2], LoseTurnRule::Sideways), 2);
    let mut s = e.new_game(0);
    place(&mut s, 0, 20, 0); // small (own)
    place(&mut s, 3, 20, 1); // opponent's medium on top: covers it
    place(&mut s, 1, 40, 0);
    place(&mut s, 2, 60, 0);
    assert!(!e.can_move(&s, 0, 2));
    assert!(e.can_move(&s, 3, 2));
    // A smaller piece on top does not cover.
    s.pieces[3].pos = 60;
    s.pieces[2].pos = 20;
    s.pieces[2].level = 1;
    s.pieces[0].size = 2;
    s.pieces[2].size = 1;
    assert!(e.can_move(&s, 0, 2));
}

#[test]
fn team_you_win_when_all_your_pieces_are_home() {
    let e = engine_with(&treehouse(2, vec![1, 2], LoseTurnRule::Sideways), 2);
    let mut s = e.new_game(0);
    place(&mut s, 0, 98, 0);
    place(&mut s, 1, 50, 0);
    place(&mut s, 2, 10, 0);
    place(&mut s, 3, 10, 1);
    e.set_dice(&mut s, TurnKind::Split, [2, 1], &mut ());
    e.apply(&mut s, &Plan::of([mv(2, 0), mv(1, 2)]), &mut ());
    assert!(s.pieces[0].home && !s.is_over(), "one piece home is not a win");
    s.current = 0;
    place(&mut s, 1, 97, 0);
    e.set_dice(&mut s, TurnKind::Split, [3, 1], &mut ());
    e.apply(&mut s, &Plan::of([mv(3, 1), mv(1, 2)]), &mut ());
    assert_eq!(s.winner_seats().collect::<Vec<_>>(), [0]);
}

#[test]
fn sixteen_players_with_three_pyramids_each_play_to_the_end() {
    // 48 pieces: more than a 32-bit mask holds (this overflowed before).
    let mut spec = treehouse(16, vec![1, 2, 3], LoseTurnRule::Sideways);
    spec.rules.players = PlayerRange { min: 2, max: 16 };
    let e = engine_with(&spec, 16);
    let seats = [Policy::Greedy; 16];
    let (mut ws, mut bot) = (Workspace::default(), ladderkit_engine::bots::BotScratch::default());
    for game in 0..3 {
        let s = play_bot_game(&e, &seats, 11, game, &mut ws, &mut bot, &mut (), None);
        assert!(s.is_over(), "game {game} ends");
        assert!(s.winners != 0 && s.winners < (1 << 16), "{:b}", s.winners);
        let winner = s.winners.trailing_zeros() as u8;
        assert!(s.pieces_of(winner).all(|j| s.pieces[j].home), "a team wins with all its pyramids home");
    }
}
