//! The joint-state solver against the engine it explores, the analysis,
//! a brute-force expectimax and the simulator.

use std::collections::HashMap;

use ladderkit_analysis::{Options as Exact, analyze};
use ladderkit_core::Seats;
use ladderkit_core::spec::{Board, Jump, VariantSpec};
use ladderkit_core::{check_source, compile};
use ladderkit_engine::bots::BotScratch;
use ladderkit_engine::{Engine, GameRng, Lineup, Policy, State, Turn, Workspace};
use ladderkit_solve::{FINISHED, Graph, Limits, Player, SolveError, Solver, share};

/// One policy per seat, at a table of as many.
fn lineup(policies: Vec<Policy>) -> Lineup {
    Lineup::new(Seats::from_len(policies.len()).unwrap(), policies).unwrap()
}

const TREEHOUSE: &str = include_str!("../../../variants/treehouse.ron");

fn spec(source: &str) -> VariantSpec {
    check_source(source).spec.expect("a bundled variant parses")
}

fn engine(spec: &VariantSpec, players: u32) -> Engine {
    Engine::new(&compile(spec), Seats::new(players).unwrap())
        .expect("playable")
        .with_first_player(spec.rules.first_player)
}

/// Treehouse on eight spaces with two three-sided dice: small enough for
/// a brute-force expectimax.
fn tiny_treehouse() -> VariantSpec {
    let mut s = spec(TREEHOUSE);
    s.board = Board::Track { spaces: 8, looped: false, first: 1 };
    s.jumps = vec![Jump::new(2, 5), Jump::new(7, 3)];
    s.rules.dice.sides = 3;
    s
}

#[test]
fn races_whose_pieces_never_meet_equal_the_analysis() {
    for source in [
        include_str!("../../../variants/milton-bradley.ron"),
        include_str!("../../../variants/gameweave-small.ron"),
        include_str!("../../../variants/gameweave-medium.ron"),
    ] {
        let spec = spec(source);
        let exact = analyze(&compile(&spec), &Exact { seats: Seats::TWO, ..Exact::default() }).expect("analysable");
        let engine = engine(&spec, 2);
        let mut solver = Solver::new(&engine, Limits::default(), None).expect("solvable");
        let odds = solver.odds(&[Player::Bot(Policy::Random); 2]).expect("ends");
        for seat in 0..2 {
            let gap = (odds.value[seat] - exact.seats.win[seat]).abs();
            assert!(gap < 1e-10, "{}: seat {seat}: {} vs {}", spec.meta.name, odds.value[seat], exact.seats.win[seat]);
        }
        assert_eq!(odds.shared, 0.0, "one piece home ends a classic race");
        // With nothing to choose, every way of playing is the same game.
        let best = solver.optimal().expect("solves").odds.value[0];
        assert!((best - odds.value[0]).abs() < 1e-10, "{}: {best} vs {}", spec.meta.name, odds.value[0]);
    }
}

/// The state a memo may key on: what the rules read, not the counters.
fn memo_key(s: &State) -> String {
    let mut s = s.clone();
    s.rolls = 0;
    s.rounds = 0;
    for p in &mut s.players {
        p.rolls = 0;
        p.turns = 0;
    }
    format!("{s:?}")
}

/// How the brute force plays: every plan alike, or seat `k` maximising
/// its chance while everyone else minimises it (its security strategy; with
/// two players, optimal play on both sides).
#[derive(Clone, Copy)]
enum Brute {
    Random,
    Security(usize),
}

type Memo = HashMap<(String, u32), Vec<f64>>;

/// Expectimax over `depth` more turns, written straight on the engine:
/// every face sequence, every legal plan, chosen as `play` says (the first
/// best). Games still running at the horizon count as won by nobody.
fn expectimax(engine: &Engine, s: &State, depth: u32, play: Brute, memo: &mut Memo) -> Vec<f64> {
    let seats = s.players.len();
    if depth == 0 {
        return vec![0.0; seats];
    }
    let key = (memo_key(s), depth);
    if let Some(v) = memo.get(&key) {
        return v.clone();
    }
    let sides = engine.board().dice.sides;
    let mut dice = 0;
    engine.begin_turn_with(
        &mut s.clone(),
        &mut |_| {
            dice += 1;
            1
        },
        &mut (),
    );
    let sequences = sides.pow(dice);
    let mut total = vec![0.0; seats];
    let mut ws = Workspace::default();
    for seq in 0..sequences {
        let mut rolled = s.clone();
        let mut left = seq;
        let turn = engine.begin_turn_with(
            &mut rolled,
            &mut |n| {
                let f = left % n + 1;
                left /= n;
                f
            },
            &mut (),
        );
        let worth = |after: &State, memo: &mut Memo| {
            if after.is_over() {
                (0..seats).map(|k| share(after.winners, k as u8)).collect()
            } else {
                expectimax(engine, after, depth - 1, play, memo)
            }
        };
        let v: Vec<f64> = if turn == Turn::Choose {
            engine.legal_plans(&rolled, &mut ws);
            let plans = ws.plans.clone();
            let mut values = Vec::new();
            for plan in &plans {
                let mut after = rolled.clone();
                engine.apply(&mut after, plan, &mut ());
                values.push(worth(&after, memo));
            }
            match play {
                Brute::Random => {
                    let n = values.len() as f64;
                    (0..seats).map(|k| values.iter().map(|v| v[k]).sum::<f64>() / n).collect()
                }
                Brute::Security(k) => {
                    let sign = if rolled.current as usize == k { 1.0 } else { -1.0 };
                    let mut best = &values[0];
                    for v in &values[1..] {
                        if sign * v[k] > sign * best[k] {
                            best = v;
                        }
                    }
                    best.clone()
                }
            }
        } else {
            worth(&rolled, memo)
        };
        for (t, x) in total.iter_mut().zip(&v) {
            *t += x / f64::from(sequences);
        }
    }
    memo.insert(key, total.clone());
    total
}

#[test]
fn optimal_and_random_play_equal_a_brute_force_expectimax() {
    let spec = tiny_treehouse();
    let engine = engine(&spec, 2);
    let mut solver = Solver::new(&engine, Limits::default(), None).expect("solvable");
    let random = solver.odds(&[Player::Bot(Policy::Random); 2]).expect("ends");
    let optimal = solver.optimal().expect("solves").odds.clone();
    let start = engine.new_game(0);
    for (play, solved) in [(Brute::Random, &random), (Brute::Security(0), &optimal)] {
        let brute = expectimax(&engine, &start, 150, play, &mut HashMap::new());
        for (seat, (b, v)) in brute.iter().zip(&solved.value).enumerate() {
            assert!((b - v).abs() < 1e-9, "seat {seat}: expectimax {b} vs solver {v}");
        }
    }
    assert!(optimal.value[0] != random.value[0], "choices matter on the tiny board");
}

#[test]
fn with_three_players_each_seat_gets_at_least_what_a_brute_force_says_it_can_be_sure_of() {
    let spec = tiny_treehouse();
    let engine = engine(&spec, 3);
    let mut solver = Solver::new(&engine, Limits::default(), None).expect("solvable");
    let optimal = solver.optimal().expect("solves").clone();
    assert!(optimal.residual <= ladderkit_solve::TOLERANCE);
    let start = engine.new_game(0);
    for seat in 0..3 {
        let sure = expectimax(&engine, &start, 150, Brute::Security(seat), &mut HashMap::new())[seat];
        let solved = optimal.value(0, seat as u8, Seats::new(3).unwrap());
        assert!((sure - solved).abs() < 1e-9, "seat {seat}: expectimax {sure} vs solver {solved}");
        assert!(optimal.odds.value[seat] >= sure - 1e-12, "seat {seat} got less than it was sure of");
    }
    let sum: f64 = optimal.odds.value.iter().sum();
    assert!((sum - 1.0).abs() < 1e-12, "every game ends: {sum}");
}

/// A seeded simulation on every core, for comparing with exact odds.
fn simulated(
    engine: &Engine,
    seats: Vec<Policy>,
    seed: u64,
    games: u64,
    judge: Option<std::sync::Arc<dyn ladderkit_engine::bots::Judge>>,
) -> ladderkit_sim::Report {
    let options = ladderkit_sim::Options { judge, ..ladderkit_sim::Options::new(games, lineup(seats), seed) };
    ladderkit_sim::simulate(engine, &options, None).unwrap().report()
}

/// The position (or finished game) a state between turns is.
fn next_of(graph: &Graph, s: &State) -> u32 {
    if s.is_over() {
        FINISHED | s.winners
    } else {
        graph.position_of(s).expect("the graph holds every reachable position") as u32
    }
}

#[test]
fn the_graph_and_the_bots_picks_follow_the_engine_game_by_game() {
    let spec = spec(TREEHOUSE);
    let engine = engine(&spec, 2);
    let graph = Graph::explore(&engine, Limits::default(), None).expect("solvable");
    let sides = engine.board().dice.sides;
    for (seats, games) in [([Policy::Greedy, Policy::Lookahead], 40), ([Policy::Random, Policy::Greedy], 40)] {
        let picks: Vec<Option<Vec<u16>>> =
            seats.iter().map(|p| (*p != Policy::Random).then(|| graph.picks(&engine, *p))).collect();
        let (mut ws, mut bot) = (Workspace::default(), BotScratch::default());
        let mut checked = 0;
        for game in 0..games {
            let mut s = engine.new_game(game);
            let mut dice = GameRng::for_game(7, game);
            let mut choices = dice.fork(1);
            while !s.is_over() {
                let x = graph.position_of(&s).expect("reachable");
                let mut faces = Vec::new();
                let turn = engine.begin_turn_with(
                    &mut s,
                    &mut |n| {
                        let f = dice.die(n);
                        faces.push(f);
                        f
                    },
                    &mut (),
                );
                let r = graph.roll_of(x, &faces, sides);
                let mut pick = None;
                if turn == Turn::Choose {
                    engine.legal_plans(&s, &mut ws);
                    let seat = s.current as usize;
                    let i = if ws.plans.len() == 1 {
                        0
                    } else {
                        seats[seat].choose(&engine, &s, &ws.plans, &mut choices, &mut bot)
                    };
                    pick = picks[seat].as_ref().map(|p| p[r]);
                    let plan = ws.plans[i];
                    engine.apply(&mut s, &plan, &mut ());
                }
                let next = next_of(&graph, &s);
                let options = graph.options_of(r);
                let at = options
                    .iter()
                    .position(|o| o.next == next)
                    .expect("the engine's move is one of the roll's options");
                if let Some(p) = pick {
                    assert_eq!(usize::from(p), at, "game {game}: the solver's {:?} pick differs from the bot's", seats);
                    checked += 1;
                }
            }
        }
        assert!(checked > 300, "enough scored choices were compared ({checked})");
    }
}

#[test]
fn optimal_play_is_never_worse_against_any_bot_and_solving_is_deterministic() {
    let spec = spec(TREEHOUSE);
    let engine = engine(&spec, 2);
    let mut solver = Solver::new(&engine, Limits::default(), None).expect("solvable");
    let optimal = solver.optimal().expect("solves").clone();
    assert!(optimal.residual <= ladderkit_solve::TOLERANCE);
    let game = optimal.odds.value.clone();
    assert!((game[0] + game[1] - 1.0).abs() < 1e-12, "every game ends: {game:?}");
    let skill = solver.skill(|_, _| {}).expect("solves");
    for (bot, per_seat) in &skill.against {
        for (seat, v) in per_seat.iter().enumerate() {
            assert!(*v >= game[seat] - 1e-10, "{bot:?} in the other seat holds seat {seat} to {v} < {}", game[seat]);
        }
    }
    let random = &skill.against[0].1;
    assert!(random[0] > 0.8, "perfect play crushes random play: {random:?}");
    let again = Solver::new(&engine, Limits::default(), None).expect("solvable").optimal().expect("solves").clone();
    assert_eq!(again.picks, optimal.picks);
    assert_eq!(
        again.values.iter().map(|v| v.to_bits()).collect::<Vec<_>>(),
        optimal.values.iter().map(|v| v.to_bits()).collect::<Vec<_>>()
    );
}

#[test]
fn exact_odds_agree_with_simulation() {
    let spec = spec(TREEHOUSE);
    let engine = engine(&spec, 2);
    let mut solver = Solver::new(&engine, Limits::default(), None).expect("solvable");
    for (policy, games) in [(Policy::Random, 400_000), (Policy::Greedy, 60_000)] {
        let exact = solver.odds(&[Player::Bot(policy); 2]).expect("ends");
        let report = simulated(&engine, vec![policy; 2], 11, games, None);
        for seat in 0..2 {
            // A simulated seat counts shared wins as wins.
            let p = exact.alone[seat] + exact.shared;
            let se = (p * (1.0 - p) / games as f64).sqrt();
            let got = report.seat_win_rate[seat];
            assert!((got - p).abs() < 4.0 * se, "{policy:?} seat {seat}: simulated {got} vs exact {p} (se {se})");
        }
        let se = report.rolls.sd / (games as f64).sqrt();
        let got = report.mean_total_rolls;
        assert!(
            (got - exact.rolls).abs() < 4.0 * se,
            "{policy:?}: simulated {got} rolls vs exact {} (se {se})",
            exact.rolls
        );
    }
}

#[test]
fn what_cannot_be_solved_is_refused_with_the_reason() {
    let engine_of = |source: &str| engine(&spec(source), 2);
    let treehouse = engine_of(TREEHOUSE);
    let small = Limits { max_positions: 5_000 };
    let too_big = Graph::explore(&treehouse, small, None).expect_err("over the limit");
    assert!(matches!(too_big, SolveError::TooBig { positions, .. } if positions > 5_000), "{too_big:?}");
    assert!(too_big.to_string().contains("ladderkit simulate"), "{too_big}");
    // Far over the limit by the rough count: refused before exploring.
    let team = engine_of(include_str!("../../../variants/treehouse-team.ron"));
    let at_once = Graph::explore(&team, Limits::default(), None).expect_err("two pyramids each is too big");
    assert!(matches!(at_once, SolveError::TooBig { positions: 0, estimate, .. } if estimate > 1e8), "{at_once:?}");
    assert!(at_once.to_string().contains("about 2.2e8 positions"), "{at_once}");
    let mut many = spec(include_str!("../../../variants/milton-bradley.ron"));
    many.rules.dice = ladderkit_core::spec::Dice { count: 7, sides: 6 };
    many.rules.overshoot = ladderkit_core::spec::Overshoot::ReachOrPass;
    let rolls = Graph::explore(&engine(&many, 2), Limits::default(), None).expect_err("6^7 face sequences a turn");
    assert_eq!(rolls, SolveError::TooManyRolls { dice: 7, sides: 6 });
    assert!(rolls.to_string().contains("more than 46656 face sequences"), "{rolls}");
    let chips = Graph::explore(&engine_of(include_str!("../../../variants/taiwan-chips.ron")), Limits::default(), None);
    assert!(matches!(chips.as_ref().err(), Some(SolveError::Chips | SolveError::Points)), "{:?}", chips.err());
}

#[test]
fn the_perfect_bot_plays_the_solved_odds_and_beats_lookahead() {
    let spec = spec(TREEHOUSE);
    let engine = engine(&spec, 2);
    let mut solver = Solver::new(&engine, Limits::default(), None).expect("solvable");
    let exact = |solver: &mut Solver, first| solver.odds(&[first, Player::Bot(Policy::Lookahead)]).expect("ends");
    let exact_perfect = exact(&mut solver, Player::Optimal);
    let exact_lookahead = exact(&mut solver, Player::Bot(Policy::Lookahead));
    let judge: std::sync::Arc<dyn ladderkit_engine::bots::Judge> =
        std::sync::Arc::new(solver.perfect().expect("solves"));
    // Both against lookahead: the smallest gap of the bots', 0.025.
    let games = 24_000;
    let play = |first: Policy| {
        simulated(&engine, vec![first, Policy::Lookahead], 5, games, Some(judge.clone())).seat_win_rate[0]
    };
    let (perfect, lookahead) = (play(Policy::Perfect), play(Policy::Lookahead));
    for (got, exact) in [(perfect, &exact_perfect), (lookahead, &exact_lookahead)] {
        // A simulated seat counts shared wins as wins.
        let p = exact.alone[0] + exact.shared;
        let se = (p * (1.0 - p) / games as f64).sqrt();
        assert!((got - p).abs() < 4.0 * se, "simulated {got} vs exact {p} (se {se})");
    }
    let se = ((perfect * (1.0 - perfect) + lookahead * (1.0 - lookahead)) / games as f64).sqrt();
    assert!(perfect - lookahead > 4.0 * se, "perfect {perfect} vs lookahead {lookahead} against lookahead (se {se})");
}

#[test]
fn classic_races_where_landing_bumps_agree_with_simulation() {
    let mut bumping = spec(include_str!("../../../variants/milton-bradley.ron"));
    bumping.rules.shared_squares = false;
    let stomp = spec(include_str!("../../../variants/milton-bradley-stomp.ron"));
    let shared = spec(include_str!("../../../variants/milton-bradley.ron"));
    let apart = analyze(&compile(&shared), &Exact { seats: Seats::TWO, ..Exact::default() }).expect("analysable");
    for (name, variant) in [("to the start", bumping), ("stomp", stomp)] {
        let engine = engine(&variant, 2);
        let mut solver = Solver::new(&engine, Limits::default(), None).expect("solvable");
        let exact = solver.odds(&[Player::Bot(Policy::Random); 2]).expect("ends");
        assert!((exact.value[0] - apart.seats.win[0]).abs() > 1e-4, "{name}: bumping changes the odds: {exact:?}");
        let games = 300_000;
        let report = simulated(&engine, vec![Policy::Random; 2], 3, games, None);
        for seat in 0..2 {
            let p = exact.value[seat];
            let se = (p * (1.0 - p) / games as f64).sqrt();
            let got = report.seat_win_rate[seat];
            assert!((got - p).abs() < 4.0 * se, "{name}, seat {seat}: simulated {got} vs exact {p} (se {se})");
        }
        let se = report.rolls.sd / (games as f64).sqrt();
        let got = report.mean_total_rolls;
        assert!((got - exact.rolls).abs() < 4.0 * se, "{name}: {got} rolls vs exact {}", exact.rolls);
    }
}
