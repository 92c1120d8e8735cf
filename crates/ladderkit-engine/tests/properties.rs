//! Engine invariants over random games of every bundled kind of rules.

use ladderkit_core::Seats;
use ladderkit_core::spec::*;
use ladderkit_core::{check_source, compile, variant_hash};
use ladderkit_engine::bots::BotScratch;
use ladderkit_engine::replay::{GameLog, replay_events};
use ladderkit_engine::*;
use proptest::prelude::*;

fn variants() -> Vec<VariantSpec> {
    let gameweave = check_source(include_str!("../../../variants/gameweave-small.ron")).spec.unwrap();
    let milton = check_source(include_str!("../../../variants/milton-bradley.ron")).spec.unwrap();
    let mut out = vec![gameweave.clone(), milton.clone()];
    for (pieces, lose_turn) in
        [(vec![2], LoseTurnRule::Sideways), (vec![2], LoseTurnRule::Upright), (vec![1, 2], LoseTurnRule::Sideways)]
    {
        let mut t = milton.clone();
        t.rules.dice = Dice { count: 2, sides: 6 };
        t.rules.players = PlayerRange { min: 2, max: 5 };
        t.rules.play = Play::Treehouse(Treehouse { first_turn_dice: 1, lose_turn, pieces });
        t.effects = vec![
            SpaceEffect { space: 33, effect: Effect::LoseTurns(1) },
            SpaceEffect { space: 70, effect: Effect::ExtraTurn },
        ];
        out.push(t);
    }
    let mut lose = gameweave;
    lose.effects = vec![
        SpaceEffect { space: 8, effect: Effect::LoseTurns(2) },
        SpaceEffect { space: 10, effect: Effect::ExtraTurn },
    ];
    lose.rules.max_consecutive_turns = Some(2);
    out.push(lose);
    out
}

fn check_invariants(engine: &Engine, s: &State) -> Result<(), TestCaseError> {
    let board = engine.board();
    for q in &s.pieces {
        prop_assert!(q.pos <= board.len, "piece off the board: {q:?}");
        prop_assert!(q.home || q.pos != board.goal, "a piece on the goal is home");
    }
    // Every stack holds each of its pieces exactly once, one per level.
    for pos in 1..=board.len {
        let mut levels: Vec<u16> = s.pieces.iter().filter(|q| !q.home && q.pos == pos).map(|q| q.level).collect();
        let n = levels.len();
        levels.sort_unstable();
        levels.dedup();
        if engine.has_choices() {
            prop_assert_eq!(levels.len(), n, "two pieces share a level on {}", pos);
        }
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    #[test]
    fn games_end_pieces_stay_on_the_board_and_stacks_stay_whole(which in 0usize..6, players in 2u32..5, seed in any::<u64>(), bot in 0usize..3) {
        let spec = &variants()[which];
        let engine = Engine::new(&compile(spec), Seats::new(players).unwrap()).unwrap();
        let seats = vec![Policy::ALL[bot]; players as usize];
        let mut state = engine.new_game(0);
        let mut dice = GameRng::for_game(seed, 0);
        let mut choices = dice.fork(1);
        let (mut ws, mut scratch) = (Workspace::default(), BotScratch::default());
        let mut turns = 0;
        while !state.is_over() {
            turns += 1;
            prop_assert!(turns < 20_000, "the game did not end");
            play_turn(&engine, &mut state, &mut dice, &mut ws, &mut (), |s, plans| {
                seats[s.current as usize].choose(&engine, s, plans, &mut choices, &mut scratch)
            });
            check_invariants(&engine, &state)?;
        }
        prop_assert!(state.winner_seats().count() >= 1);
    }

    #[test]
    fn replay_reproduces_play(which in 0usize..6, seed in any::<u64>(), game in 0u64..4) {
        let spec = &variants()[which];
        let engine = Engine::new(&compile(spec), Seats::new(3).unwrap()).unwrap().with_first_player(FirstPlayer::Rotate);
        let seats = [Policy::Random, Policy::Greedy, Policy::Random];
        let (mut ws, mut scratch) = (Workspace::default(), BotScratch::default());
        let (mut events, mut decisions) = (Vec::new(), Vec::new());
        let end = play_bot_game(&engine, &seats, seed, game, &mut ws, &mut scratch, &mut events, Some(&mut decisions));
        let hash = variant_hash(spec);
        let mut log = GameLog::new("v", hash, seed, game, vec!["bot".into(); 3]);
        log.decisions = decisions;
        log.winners = end.winner_seats().collect();
        log.seal(&events);
        prop_assert_eq!(replay_events(&engine, hash, &log).unwrap(), events);
        prop_assert!(replay_events(&engine, hash ^ 1, &log).is_err(), "a changed variant is refused");
    }
}

/// The lookahead bot's rating written the plain way: every reply roll in
/// order, every plan applied (`bots.rs` answers the rolls `a, b` and
/// `b, a` in one pass over the plans; this holds it to the plain loop, bit
/// for bit, and so does the Treehouse kernel's equivalence test).
fn plain_lookahead(engine: &Engine, after: &State, me: u8) -> f64 {
    if after.is_over() || after.current == me {
        return bots::margin(engine, after, me);
    }
    let mut probe = after.clone();
    let Some(kind) = engine.prepare_turn(&mut probe, &mut ()) else { return bots::margin(engine, &probe, me) };
    let sides = engine.board().dice.sides as u8;
    let second = if kind == TurnKind::Split { 1..=sides } else { 0..=0 };
    let (mut total, mut weight, mut ws) = (0.0, 0.0, Workspace::default());
    for a in 1..=sides {
        for b in second.clone() {
            let mut reply = probe.clone();
            engine.set_dice(&mut reply, kind, [a, b], &mut ());
            engine.legal_plans(&reply, &mut ws);
            let (mut best, mut mine) = (f64::NEG_INFINITY, 0.0);
            for plan in &ws.plans {
                let mut answer = reply.clone();
                engine.apply(&mut answer, plan, &mut ());
                let theirs = bots::margin(engine, &answer, reply.current);
                if theirs > best {
                    best = theirs;
                    mine = bots::margin(engine, &answer, me);
                }
            }
            total += mine;
            weight += 1.0;
        }
    }
    total / weight
}

#[test]
fn the_lookahead_bot_rates_every_position_as_the_plain_loop_does() {
    let mut checked = 0;
    for spec in variants().into_iter().filter(|s| !s.rules.play.is_classic()) {
        for players in [2u32, 3] {
            let engine = Engine::new(&compile(&spec), Seats::new(players).unwrap()).unwrap();
            let (mut ws, mut bot) = (Workspace::default(), BotScratch::default());
            for game in 0..6 {
                let mut s = engine.new_game(game);
                let mut dice = GameRng::for_game(3, game);
                let mut choices = dice.fork(1);
                for _ in 0..60 {
                    if s.is_over() || engine.begin_turn(&mut s, &mut dice, &mut ()) != Turn::Choose {
                        continue;
                    }
                    engine.legal_plans(&s, &mut ws);
                    let me = s.current;
                    for plan in ws.plans.clone() {
                        let mut after = s.clone();
                        engine.apply(&mut after, &plan, &mut ());
                        let fast = Policy::Lookahead.score(&engine, &after, me, &mut bot).unwrap();
                        assert_eq!(fast.to_bits(), plain_lookahead(&engine, &after, me).to_bits(), "{after:?}");
                        checked += 1;
                    }
                    let pick = Policy::Random.choose(&engine, &s, &ws.plans, &mut choices, &mut bot);
                    let plan = ws.plans[pick];
                    engine.apply(&mut s, &plan, &mut ());
                }
            }
        }
    }
    assert!(checked > 1000, "{checked} positions rated");
}

/// The lookahead bot remembers positions it rated, but only for the engine
/// it rated them under: one scratch shared by two boards that differ in a
/// ladder gives each board its own values, and a position rated again gives
/// the same bits.
#[test]
fn what_the_lookahead_bot_remembers_stays_with_its_engine() {
    let spec = variants().into_iter().find(|s| !s.rules.play.is_classic()).unwrap();
    let mut other = spec.clone();
    other.jumps.retain(|j| j.from != 2 && j.to != 2);
    other.jumps.push(Jump::new(2, 60));
    let (a, b) = (
        Engine::new(&compile(&spec), Seats::new(2).unwrap()).unwrap(),
        Engine::new(&compile(&other), Seats::new(2).unwrap()).unwrap(),
    );
    // Seat 0 is to move, so rating it for seat 1 weighs every reply.
    let start = a.new_game(0);
    let mut shared = BotScratch::default();
    let mut rate = |engine: &Engine| Policy::Lookahead.score(engine, &start, 1, &mut shared).unwrap().to_bits();
    let (first_a, first_b, again_a, again_b) = (rate(&a), rate(&b), rate(&a), rate(&b));
    assert_eq!(first_a, plain_lookahead(&a, &start, 1).to_bits());
    assert_eq!(first_b, plain_lookahead(&b, &start, 1).to_bits());
    assert_ne!(first_a, first_b, "the ladder changes the value");
    assert_eq!((again_a, again_b), (first_a, first_b));
    let clone = b.clone();
    assert_eq!(rate(&clone), first_b);
}
