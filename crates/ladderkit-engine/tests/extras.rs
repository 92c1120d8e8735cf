//! Chips, points and arrows, in the situations the Carcassonne rule
//! documents give (Maps Taiwan, 20th Anniversary).

use ladderkit_core::Seats;
use ladderkit_core::compile;
use ladderkit_core::extras::BoardLayout;
use ladderkit_core::placement::neighbours;
use ladderkit_core::spec::*;
use ladderkit_engine::*;

const TAIWAN: &str = include_str!("../../../variants/taiwan-chips.ron");

/// A plain 10 × 10 board for `players`, with what the test adds.
fn spec(edit: impl FnOnce(&mut VariantSpec)) -> VariantSpec {
    let mut spec = VariantSpec::new_grid("t", 10, 10, PathStyle::Boustrophedon);
    spec.rules.players = PlayerRange { min: 2, max: 4 };
    edit(&mut spec);
    spec
}

fn engine(spec: &VariantSpec, players: u32) -> Engine {
    let compiled = compile(spec);
    assert!(!compiled.has_errors(), "{:#?}", compiled.diagnostics);
    Engine::new(&compiled, Seats::new(players).unwrap()).unwrap()
}

fn chips(upgrade: Option<Power>) -> Chips {
    Chips {
        values: vec![ChipCount { value: 1, count: 3 }, ChipCount { value: 2, count: 3 }],
        layout: ChipLayout::Placed(vec![20, 40, 60, 80, 85, 95]),
        upgrade: upgrade.map(|power| Upgrade { cost: 4, power }),
    }
}

/// Puts a chip of `value` (1 or 2 with the bag above) on `pos`.
fn chip(s: &mut State, pos: u32, value: u32) {
    s.chips[pos as usize] = value as u8;
}

fn scored(ev: &[Event]) -> Vec<(u8, u32, Why)> {
    ev.iter()
        .filter_map(|e| match *e {
            Event::Scored { player, points, why, .. } => Some((player, points, why)),
            _ => None,
        })
        .collect()
}

// ---- Maps Taiwan: chips ----

#[test]
fn every_dealt_layout_obeys_the_placement_rules() {
    let spec = ladderkit_core::check_source(TAIWAN).spec.unwrap();
    let e = engine(&spec, 3);
    let board = e.board();
    let nb = neighbours(&board.points);
    let pos = |n: &u32| board.position(*n).unwrap();
    let no_chip: Vec<u32> =
        spec.tags.iter().filter(|t| t.tag == Tag::NoChip).flat_map(|t| t.spaces.iter().map(pos)).collect();
    let clear: Vec<u32> =
        spec.tags.iter().filter(|t| t.tag == Tag::KeepClear).flat_map(|t| t.spaces.iter().map(pos)).collect();
    let mut layouts = std::collections::HashSet::new();
    for game in 0..300 {
        let s = e.new_game(game);
        let on: Vec<u32> = (0..s.chips.len() as u32).filter(|p| s.chips[*p as usize] > 0).collect();
        assert_eq!(on.len(), 30, "game {game}: the seed's 30 chips");
        let ones = on.iter().filter(|p| s.chips[**p as usize] == 1).count();
        assert_eq!(ones, 18, "game {game}: 18 one-point chips");
        for p in &on {
            assert!(nb[*p as usize].iter().all(|q| s.chips[*q as usize] == 0), "game {game}: chips touch at {p}");
            assert!(!no_chip.contains(p) && !clear.contains(p), "game {game}: chip on tagged {p}");
            assert!(
                nb[*p as usize].iter().all(|q| !clear.contains(q)),
                "game {game}: chip beside a start square at {p}"
            );
            assert!(board.can_rest(*p), "game {game}: chip on {p} can never be taken");
        }
        layouts.insert(on);
    }
    assert!(layouts.len() > 250, "layouts vary from game to game: {}", layouts.len());
    assert!(matches!(board.extras.chips.as_ref().unwrap().layout, BoardLayout::Random { .. }));
}

#[test]
fn resting_on_a_chip_takes_it_and_scores_it() {
    // "You place a tile on a square with a chip and you take it. Now you get 2 points for it."
    let e = engine(&spec(|s| s.chips = Some(chips(None))), 2);
    let mut s = e.new_game(0);
    s.chips.iter_mut().for_each(|c| *c = 0);
    chip(&mut s, 5, 2);
    let mut ev = Vec::new();
    e.classic_roll(&mut s, &[5], &mut ev);
    assert!(ev.contains(&Event::ChipTaken { piece: 0, at: 5, value: 2 }), "{ev:?}");
    assert_eq!(scored(&ev), [(0, 2, Why::Chip)]);
    assert_eq!((s.players[0].points, s.chips[5], s.players[0].held[1]), (2, 0, 1));
    // The chip is gone: the next piece on 5 scores nothing.
    let mut ev = Vec::new();
    e.classic_roll(&mut s, &[5], &mut ev);
    assert_eq!(scored(&ev), []);
}

#[test]
fn coats_of_arms_score_two_each_time() {
    // "If you place a tile on a square with a coat of arms, you'll score 2 points."
    let e = engine(&spec(|s| s.effects.push(SpaceEffect { space: 4, effect: Effect::Points(2) })), 2);
    let mut s = e.new_game(0);
    let mut ev = Vec::new();
    e.classic_roll(&mut s, &[4], &mut ev);
    e.classic_roll(&mut s, &[4], &mut ev);
    assert_eq!(scored(&ev), [(0, 2, Why::Space), (1, 2, Why::Space)]);
}

#[test]
fn chips_worth_exactly_four_upgrade_the_piece_once_and_it_counts_double_once() {
    let e = engine(&spec(|s| s.chips = Some(chips(Some(Power::DoublePoints)))), 2);
    let mut s = e.new_game(0);
    s.chips.iter_mut().for_each(|c| *c = 0);
    // 2x 1-value + 1x 2-value: holding a 1 and a 2, take another 1.
    s.players[0].held = [1, 1, 0, 0, 0, 0, 0, 0];
    chip(&mut s, 3, 1);
    let mut ev = Vec::new();
    e.classic_roll(&mut s, &[3], &mut ev);
    assert!(ev.contains(&Event::Upgraded { piece: 0, spent: 3, power: Power::DoublePoints }), "{ev:?}");
    assert!(s.pieces[0].upgraded);
    assert_eq!(s.players[0].held[..2], [0, 0], "the chips are spent");
    // "After scoring ... this meeple isn't upgraded anymore ... you may
    // upgrade it the same way": the upgrade doubles the next chip, then two
    // 2-value chips buy a fresh one.
    s.players[0].held = [0, 1, 0, 0, 0, 0, 0, 0];
    chip(&mut s, 7, 2);
    s.current = 0;
    let mut ev = Vec::new();
    e.classic_roll(&mut s, &[4], &mut ev);
    assert_eq!(scored(&ev), [(0, 4, Why::Chip)]);
    let order: Vec<bool> = ev
        .iter()
        .filter_map(|e| match e {
            Event::PowerUsed { .. } => Some(false),
            Event::Upgraded { .. } => Some(true),
            _ => None,
        })
        .collect();
    assert_eq!(order, [false, true], "used, then bought again: {ev:?}");
    assert!(s.pieces[0].upgraded);
    assert_eq!(s.players[0].held[..2], [0, 0]);
}

#[test]
fn a_piece_holds_one_upgrade_at_a_time() {
    // "You may upgrade a meeple on a tile only once." With a boost held,
    // the boost is kept when the longer move would not fit (exact finish),
    // and two 2-value chips buy nothing while it is held.
    let mut exact = spec(|s| s.chips = Some(chips(Some(Power::Boost(2)))));
    exact.rules.overshoot = Overshoot::Forfeit;
    let e = engine(&exact, 2);
    let mut s = e.new_game(0);
    s.chips.iter_mut().for_each(|c| *c = 0);
    s.pieces[0].upgraded = true;
    s.pieces[0].pos = 96;
    s.players[0].held = [0, 1, 0, 0, 0, 0, 0, 0];
    chip(&mut s, 99, 2);
    let mut ev = Vec::new();
    e.classic_roll(&mut s, &[3], &mut ev);
    assert_eq!(s.pieces[0].pos, 99, "96 + 3 + 2 would pass 100: the plain roll is used");
    assert!(s.pieces[0].upgraded, "and the boost kept");
    assert_eq!(s.players[0].held[1], 2);
    assert!(!ev.iter().any(|e| matches!(e, Event::Upgraded { .. } | Event::PowerUsed { .. })), "{ev:?}");
    // Once the boost is used, the same chips buy a fresh upgrade.
    s.current = 0;
    s.pieces[0].pos = 10;
    chip(&mut s, 15, 1);
    let mut ev = Vec::new();
    e.classic_roll(&mut s, &[3], &mut ev);
    assert_eq!(s.pieces[0].pos, 15, "10 + 3 + 2");
    let order: Vec<&str> = ev
        .iter()
        .filter_map(|e| match e {
            Event::PowerUsed { .. } => Some("used"),
            Event::Upgraded { .. } => Some("bought"),
            _ => None,
        })
        .collect();
    assert_eq!(order, ["used", "bought"]);
}

#[test]
fn three_points_of_chips_never_upgrade() {
    let e = engine(&spec(|s| s.chips = Some(chips(Some(Power::DoublePoints)))), 2);
    let mut s = e.new_game(0);
    s.chips.iter_mut().for_each(|c| *c = 0);
    s.players[0].held = [1, 0, 0, 0, 0, 0, 0, 0];
    chip(&mut s, 2, 2);
    e.classic_roll(&mut s, &[2], &mut ());
    assert!(!s.pieces[0].upgraded);
    assert_eq!(s.players[0].held[..2], [1, 1]);
}

#[test]
fn boost_and_snake_immunity_are_used_once() {
    let mut with_snake = spec(|s| {
        s.chips = Some(chips(Some(Power::Boost(3))));
        s.jumps.push(Jump::new(12, 2));
    });
    let e = engine(&with_snake, 2);
    let mut s = e.new_game(0);
    s.pieces[0].upgraded = true;
    let mut ev = Vec::new();
    e.classic_roll(&mut s, &[4], &mut ev);
    assert_eq!(s.pieces[0].pos, 7, "4 + 3 boost");
    assert!(!s.pieces[0].upgraded);
    with_snake.chips = Some(chips(Some(Power::SnakeImmunity)));
    let e = engine(&with_snake, 2);
    let mut s = e.new_game(0);
    s.pieces[0].upgraded = true;
    s.pieces[0].pos = 10;
    let mut ev = Vec::new();
    e.classic_roll(&mut s, &[2], &mut ev);
    assert_eq!(s.pieces[0].pos, 12, "stays on the snake's head");
    assert!(ev.contains(&Event::PowerUsed { piece: 0, power: Power::SnakeImmunity }));
    s.current = 0;
    s.pieces[0].pos = 10;
    e.classic_roll(&mut s, &[2], &mut ());
    assert_eq!(s.pieces[0].pos, 2, "the second snake bites");
}

#[test]
fn win_rules_count_points() {
    let most = spec(|s| {
        s.rules.win = Win::MostPoints;
        s.effects.push(SpaceEffect { space: 3, effect: Effect::Points(5) });
    });
    let e = engine(&most, 2);
    let mut s = e.new_game(0);
    s.pieces[1].pos = 3;
    s.players[1].points = 5;
    s.pieces[0].pos = 96;
    let mut ev = Vec::new();
    e.classic_roll(&mut s, &[4], &mut ev);
    assert_eq!(s.winners, 0b10, "the piece home has 0 points, the other 5");
    let target = spec(|s| {
        s.rules.win = Win::TargetScore(7);
        s.effects.push(SpaceEffect { space: 3, effect: Effect::Points(5) });
    });
    let e = engine(&target, 2);
    let mut s = e.new_game(0);
    s.players[0].points = 2;
    e.classic_roll(&mut s, &[3], &mut ());
    assert_eq!((s.winners, s.players[0].points), (0b01, 7));
}

// ---- 20th Anniversary: arrows ----

/// Arrows on a 10 × 10 boustrophedon board: space 5 sits under 16, space
/// 6 under 15; 5 is right of 4.
fn arrows(list: &[(u32, Direction, ArrowKind)]) -> VariantSpec {
    spec(|s| {
        s.arrows =
            list.iter().map(|(space, points, kind)| Arrow { space: *space, points: *points, kind: *kind }).collect();
    })
}

#[test]
fn an_arrow_that_does_not_activate_scores_two() {
    // "If you place a tile with an arrow symbol so that the arrow doesn't
    // point to another tile, you receive 2 points and your turn continues."
    let e = engine(&arrows(&[(5, Direction::Up, ArrowKind::ExtraTurn)]), 2);
    let mut s = e.new_game(0);
    let mut ev = Vec::new();
    assert_eq!(e.classic_roll(&mut s, &[5], &mut ev), Turn::Done);
    assert_eq!(scored(&ev), [(0, 2, Why::Arrow)]);
    assert_eq!(s.current, 1);
}

#[test]
fn an_arrow_pointing_at_a_piece_activates_and_gives_an_extra_turn() {
    // "If you place a tile with an arrow symbol so that the arrow points to
    // another tile, you activate the arrow symbol."
    let e = engine(&arrows(&[(5, Direction::Up, ArrowKind::ExtraTurn)]), 2);
    let mut s = e.new_game(0);
    s.pieces[1].pos = 16;
    let mut ev = Vec::new();
    assert_eq!(e.classic_roll(&mut s, &[5], &mut ev), Turn::Choose);
    assert_eq!(scored(&ev), [], "an activated arrow scores nothing");
    let mut ws = Workspace::default();
    e.legal_plans(&s, &mut ws);
    assert_eq!(ws.plans.len(), 2, "activate or not: {:?}", ws.plans);
    e.apply(&mut s, &ws.plans[0], &mut ev);
    assert!(ev.contains(&Event::ArrowActivated { player: 0, at: 5, kind: ArrowKind::ExtraTurn }));
    assert!(ev.contains(&Event::ExtraTurn { player: 0 }));
    assert_eq!(s.current, 0);
}

#[test]
fn landing_where_an_occupied_arrow_points_activates_it() {
    // "If you place an ordinary tile next to a tile with an arrow symbol so
    // that the arrow points to it, you activate the arrow symbol."
    let e = engine(&arrows(&[(16, Direction::Down, ArrowKind::ExtraTurn)]), 2);
    let mut s = e.new_game(0);
    s.pieces[1].pos = 16;
    assert_eq!(e.classic_roll(&mut s, &[5], &mut ()), Turn::Choose);
}

#[test]
fn activating_another_arrow_still_scores_this_ones_two_points() {
    // "If you place a symbol tile activating a symbol on another tile, you
    // score the usual 2 points."
    let e = engine(
        &arrows(&[
            (5, Direction::Right, ArrowKind::ExtraTurn),
            (16, Direction::Down, ArrowKind::Deploy { from: 1, to: 9 }),
        ]),
        2,
    );
    let mut s = e.new_game(0);
    s.pieces[1].pos = 16;
    let mut ev = Vec::new();
    assert_eq!(e.classic_roll(&mut s, &[5], &mut ev), Turn::Choose);
    assert_eq!(scored(&ev), [(0, 2, Why::Arrow)]);
    let mut ws = Workspace::default();
    e.legal_plans(&s, &mut ws);
    let kinds: Vec<u32> = ws.plans.iter().filter_map(|p| p.arrow.map(|a| a.arrow)).collect();
    assert!(kinds.iter().all(|k| *k == 1), "only the arrow on 16 activates: {kinds:?}");
    // Deploy: any unoccupied space 1–9 except where the piece is.
    let mut to: Vec<u32> = ws.plans.iter().filter_map(|p| p.arrow.map(|a| a.to)).collect();
    to.sort();
    assert_eq!(to, [1, 2, 3, 4, 6, 7, 8, 9]);
    let pick = ws.plans.iter().position(|p| p.arrow.is_some_and(|a| a.to == 9)).unwrap();
    e.apply(&mut s, &ws.plans[pick], &mut ev);
    assert_eq!(s.pieces[0].pos, 9);
    assert!(ev.contains(&Event::Placed { piece: 0, from: 5, to: 9 }));
    assert_eq!(s.current, 1);
}

#[test]
fn an_active_arrow_with_nowhere_to_go_leaves_no_choice() {
    // The arrow on 16 points at 5, where the piece lands, and a piece stands
    // on 16: it is active, but it deploys only onto 5, the piece's own
    // space. So there is nothing to choose and the turn passes.
    let e = engine(&arrows(&[(16, Direction::Down, ArrowKind::Deploy { from: 5, to: 5 })]), 2);
    let mut s = e.new_game(0);
    s.pieces[1].pos = 16;
    let mut ev = Vec::new();
    assert_eq!(e.classic_roll(&mut s, &[5], &mut ev), Turn::Done);
    assert_eq!(s.pending, None);
    assert_eq!(s.current, 1);
    assert!(!ev.iter().any(|e| matches!(e, Event::ArrowActivated { .. })), "{ev:?}");
}

#[test]
fn at_most_one_activation_a_turn_chosen_by_the_player() {
    // "A maximum of 1 symbol can be activated per turn. If you could
    // activate more than one, you may only choose one of them."
    let e = engine(&arrows(&[(5, Direction::Up, ArrowKind::ExtraTurn), (4, Direction::Right, ArrowKind::DoubleUp)]), 3);
    let mut s = e.new_game(0);
    s.pieces[1].pos = 16;
    s.pieces[2].pos = 4;
    assert_eq!(e.classic_roll(&mut s, &[5], &mut ()), Turn::Choose);
    let mut ws = Workspace::default();
    e.legal_plans(&s, &mut ws);
    // Extra turn, double up onto 16 or 4, or neither.
    assert_eq!(ws.plans.len(), 4, "{:?}", ws.plans);
    let join = ws.plans.iter().position(|p| p.arrow.is_some_and(|a| a.arrow == 1 && a.to == 16)).unwrap();
    let mut ev = Vec::new();
    e.apply(&mut s, &ws.plans[join], &mut ev);
    assert_eq!(s.pieces[0].pos, 16);
    assert_eq!(ev.iter().filter(|e| matches!(e, Event::ArrowActivated { .. })).count(), 1);
    assert_eq!(s.current, 1, "the extra turn was not taken as well");
}

/// An arrow's extra turn is an extra turn like any other: the variant's
/// `max_consecutive_turns` stops it (the Anniversary rules: two in a row),
/// and without a cap it goes on.
#[test]
fn arrow_extra_turns_stop_at_the_turn_cap() {
    for cap in [Some(2), None] {
        let mut spec = arrows(&[(5, Direction::Up, ArrowKind::ExtraTurn), (10, Direction::Up, ArrowKind::ExtraTurn)]);
        spec.rules.max_consecutive_turns = cap;
        let third = arrow_turn_after_two_in_a_row(&engine(&spec, 2));
        assert_eq!(third, cap.is_none(), "a third turn in a row with {cap:?}");
    }
}

/// Whether seat 1, on its second turn in a row by an arrow, gets a third
/// from another arrow.
fn arrow_turn_after_two_in_a_row(e: &Engine) -> bool {
    let mut s = e.new_game(0);
    s.pieces[1].pos = 16;
    let mut ws = Workspace::default();
    e.classic_roll(&mut s, &[5], &mut ());
    e.legal_plans(&s, &mut ws);
    e.apply(&mut s, &ws.plans[0], &mut ());
    assert_eq!((s.current, s.turns_in_row), (0, 2));
    // The extra turn lands on 10, whose arrow points at 11: occupied.
    s.pieces[1].pos = 11;
    assert_eq!(e.classic_roll(&mut s, &[5], &mut ()), Turn::Choose);
    e.legal_plans(&s, &mut ws);
    let mut ev = Vec::new();
    e.apply(&mut s, &ws.plans[0], &mut ev);
    assert!(ev.contains(&Event::ArrowActivated { player: 0, at: 10, kind: ArrowKind::ExtraTurn }));
    assert_eq!(ev.contains(&Event::ExtraTurn { player: 0 }), s.current == 0);
    s.current == 0
}

#[test]
fn bots_play_whole_arrow_and_chip_games_to_the_end() {
    for text in [TAIWAN, include_str!("../../../variants/anniversary-arrows.ron")] {
        let spec = ladderkit_core::check_source(text).spec.unwrap();
        let e = engine(&spec, 3);
        let mut ws = Workspace::default();
        let mut bot = bots::BotScratch::default();
        for game in 0..50 {
            let mut log = Vec::new();
            let s = play_bot_game(
                &e,
                &[Policy::Greedy, Policy::Random, Policy::Lookahead],
                9,
                game,
                &mut ws,
                &mut bot,
                &mut (),
                Some(&mut log),
            );
            assert!(s.is_over(), "{} game {game} ends", spec.meta.name);
            let again = play_bot_game(
                &e,
                &[Policy::Greedy, Policy::Random, Policy::Lookahead],
                9,
                game,
                &mut ws,
                &mut bot,
                &mut (),
                None,
            );
            assert_eq!(s, again, "deterministic");
        }
    }
}
