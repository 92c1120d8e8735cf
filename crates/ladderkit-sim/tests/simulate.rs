//! Simulation: the kernel plays the engine's games, threads do not change
//! results, and the numbers agree with the exact analysis.

use ladderkit_analysis::{Options as Exact, analyze};
use ladderkit_core::Seats;
use ladderkit_core::spec::*;
use ladderkit_core::{check_source, compile};
use ladderkit_engine::{Engine, Lineup, Policy};
use ladderkit_sim::{Options, RaceKernel, Runner, Shard, Tally, games_in, simulate, simulate_until};

/// One policy per seat, at a table of as many.
fn lineup(policies: Vec<Policy>) -> Lineup {
    Lineup::new(Seats::from_len(policies.len()).unwrap(), policies).unwrap()
}

const BUNDLED: [&str; 4] = [
    include_str!("../../../variants/gameweave-small.ron"),
    include_str!("../../../variants/gameweave-medium.ron"),
    include_str!("../../../variants/gameweave-large.ron"),
    include_str!("../../../variants/milton-bradley.ron"),
];

fn engine(spec: &VariantSpec, players: u32) -> Engine {
    Engine::new(&compile(spec), Seats::new(players).unwrap()).unwrap().with_first_player(spec.rules.first_player)
}

fn options(games: u64, players: usize, threads: usize) -> Options {
    Options { threads, ..Options::new(games, lineup(vec![Policy::Random; players]), 2026) }
}

/// A lineup seated for another table than the engine's is refused before
/// a game is played (the race kernel once read the table from the list),
/// and a list of another length cannot be made at all.
#[test]
fn a_lineup_for_another_table_is_refused() {
    let spec = check_source(BUNDLED[3]).spec.unwrap();
    let (two, three) = (engine(&spec, 2), engine(&spec, 3));
    for runner in [false, true] {
        let o = Options { engine_only: runner, ..options(100, 3, 1) };
        let err = simulate(&two, &o, None).unwrap_err();
        assert_eq!(err.to_string(), "3 bots for a table of 2 players; give one per seat");
        assert_eq!(simulate(&three, &o, None).unwrap().seat_wins.len(), 3);
    }
    assert!(Lineup::new(Seats::TWO, vec![Policy::Random; 3]).is_err());
    assert_eq!(Lineup::all(Seats::new(3).unwrap(), Policy::Greedy).len(), 3);
}

#[test]
fn the_kernel_plays_exactly_the_engines_games() {
    let mut with_effects = check_source(BUNDLED[0]).spec.unwrap();
    with_effects.effects = vec![
        SpaceEffect { space: 8, effect: Effect::LoseTurns(2) },
        SpaceEffect { space: 10, effect: Effect::ExtraTurn },
    ];
    with_effects.rules.max_consecutive_turns = Some(2);
    let mut two_dice = check_source(BUNDLED[3]).spec.unwrap();
    two_dice.rules.dice = Dice { count: 2, sides: 6 };
    two_dice.rules.overshoot = Overshoot::Bounce;
    two_dice.rules.extra_turn = Some(ExtraTurnOn::Doubles);
    // Geese: a move repeated from each goose, on back after a bounce (the
    // Goose without the pieces that meet).
    let mut geese = check_source(include_str!("../../../variants/game-of-the-goose.ron")).spec.unwrap();
    geese.effects.retain(|e| e.effect != Effect::Wait);
    geese.rules.shared_squares = true;
    geese.rules.bump = None;
    geese.tags.clear();
    geese.rules.first_throw.clear();
    // Two dice without doubles: plain, but the pair table would be too
    // large (one game at a time, `play`).
    let mut plain_two_dice = two_dice.clone();
    plain_two_dice.rules.extra_turn = None;
    let specs =
        [check_source(BUNDLED[2]).spec.unwrap(), check_source(BUNDLED[3]).spec.unwrap(), with_effects, two_dice, geese];
    // Plain boards (no lost or extra turns) read two rolls at a time.
    let plain = check_source(BUNDLED[3]).spec.unwrap();
    let mut rotating_chained = plain.clone();
    rotating_chained.rules.first_player = FirstPlayer::Rotate;
    rotating_chained.rules.follow_chains = true;
    rotating_chained.jumps.push(Jump::new(38, 20));
    // Two dice of three sides on a small board: the pair table (two rolls
    // a read) with more than one draw a roll.
    let mut small_two_dice = check_source(BUNDLED[0]).spec.unwrap();
    small_two_dice.rules.dice = Dice { count: 2, sides: 3 };
    small_two_dice.rules.first_player = FirstPlayer::Rotate;
    small_two_dice.rules.extra_turn = None;
    let cases = specs
        .iter()
        .flat_map(|spec| [1, 2, 3, 4].into_iter().map(move |p| (spec, p)))
        .chain([(&plain, 2), (&plain, 3), (&plain, 4), (&plain, 5), (&plain, 6), (&plain, 7)])
        .chain([(&rotating_chained, 2), (&rotating_chained, 3), (&small_two_dice, 2), (&small_two_dice, 5)])
        .chain([(&plain_two_dice, 2), (&plain_two_dice, 4)]);
    let mut two_rolls = 0;
    for (spec, players) in cases {
        let e = engine(spec, players);
        let kernel = RaceKernel::new(&e).expect("a race kernel");
        two_rolls += usize::from(kernel.reads_two_rolls(Seats::new(players).unwrap()));
        let fast = simulate(&e, &options(3000, players as usize, 1), None).unwrap();
        let slow = simulate(&e, &Options { engine_only: true, ..options(3000, players as usize, 1) }, None).unwrap();
        assert_eq!(fast, slow, "{} with {players} players", spec.meta.name);
    }
    // Milton Bradley with 2 to 6 (and 1 to 4 in `specs`, 2 and 3 rotating)
    // and the small board's two dice: the pair path was held to the engine.
    assert_eq!(two_rolls, 13);
}

/// The extras kernel reads the move from its table and leaves the rest to
/// the engine's own functions: points, chips and arrows, with random,
/// greedy and mixed seats, play the engine's very games.
#[test]
fn the_extras_kernel_plays_exactly_the_engines_games() {
    let chips = check_source(include_str!("../../../variants/taiwan-chips.ron")).spec.unwrap();
    let arrows = check_source(include_str!("../../../variants/anniversary-arrows.ron")).spec.unwrap();
    let with = |base: &VariantSpec, change: &dyn Fn(&mut VariantSpec)| {
        let mut spec = base.clone();
        change(&mut spec);
        spec
    };
    let upgrade = |power| {
        with(&chips, &move |s: &mut VariantSpec| {
            if let Some(c) = &mut s.chips {
                c.upgrade = Some(Upgrade { cost: 3, power });
            }
        })
    };
    // Upgrades that change the move (the engine plays that turn whole).
    let boost = upgrade(Power::Boost(3));
    let immune = upgrade(Power::SnakeImmunity);
    // A target score, lost and extra turns on spaces, a six plays again
    // (at most twice in a row), the opener rotating.
    let target = with(&chips, &|s| {
        s.rules.win = Win::TargetScore(12);
        s.effects.push(SpaceEffect { space: 33, effect: Effect::LoseTurns(2) });
        s.effects.push(SpaceEffect { space: 47, effect: Effect::ExtraTurn });
        s.rules.extra_turn = Some(ExtraTurnOn::Total(6));
        s.rules.max_consecutive_turns = Some(2);
        s.rules.first_player = FirstPlayer::Rotate;
    });
    // Arrows with two dice (doubles play again), chips placed by hand, and
    // a ladder onto a snake's head followed as a chain.
    let busy = with(&arrows, &|s| {
        s.rules.dice = Dice { count: 2, sides: 6 };
        s.rules.extra_turn = Some(ExtraTurnOn::Doubles);
        s.jumps.push(Jump::new(20, 27));
        s.chips = Some(Chips {
            values: vec![ChipCount { value: 1, count: 4 }, ChipCount { value: 3, count: 2 }],
            layout: ChipLayout::Placed(vec![11, 23, 44, 61, 70, 83]),
            upgrade: Some(Upgrade { cost: 4, power: Power::Boost(2) }),
        });
        s.effects.push(SpaceEffect { space: 60, effect: Effect::Points(3) });
    });
    // Geese (a move repeated from each goose) scoring points, without the
    // Goose's wells, prison, bumping and first throws.
    let geese = {
        let mut spec = check_source(include_str!("../../../variants/game-of-the-goose.ron")).spec.unwrap();
        spec.effects.retain(|e| e.effect != Effect::Wait);
        spec.effects.push(SpaceEffect { space: 20, effect: Effect::Points(3) });
        spec.effects.push(SpaceEffect { space: 40, effect: Effect::Points(1) });
        spec.rules.shared_squares = true;
        spec.rules.bump = None;
        spec.tags.clear();
        spec.rules.first_throw.clear();
        spec.rules.win = Win::MostPoints;
        spec
    };
    let cases = [
        ("geese", &geese, 2),
        ("geese", &geese, 3),
        ("chips", &chips, 1),
        ("chips", &chips, 2),
        ("chips", &chips, 3),
        ("chips", &chips, 5),
        ("arrows", &arrows, 2),
        ("arrows", &arrows, 3),
        ("arrows", &arrows, 4),
        ("boost", &boost, 3),
        ("snake immunity", &immune, 2),
        ("target score", &target, 3),
        ("arrows, two dice", &busy, 2),
        ("arrows, two dice", &busy, 4),
    ];
    let seatings = |players: usize| {
        let mixed = (0..players).map(|seat| if seat % 2 == 0 { Policy::Greedy } else { Policy::Random }).collect();
        [vec![Policy::Random; players], vec![Policy::Greedy; players], mixed]
    };
    for (case, spec, players) in cases {
        let e = engine(spec, players);
        for seats in seatings(players as usize) {
            let fast = Options { seats: lineup(seats), ..options(1500, players as usize, 1) };
            assert_eq!(Runner::of(&e, &fast), Runner::ExtrasKernel, "{case}");
            let slow = Options { engine_only: true, ..fast.clone() };
            let (kernel, engine) = (simulate(&e, &fast, None).unwrap(), simulate(&e, &slow, None).unwrap());
            assert_eq!(kernel, engine, "{case} with {players} players, {:?}", fast.seats);
        }
    }
}

/// Lookahead and perfect seats, bumping, wells and first throws go to the
/// engine.
#[test]
fn what_the_extras_kernel_leaves_out_runs_on_the_engine() {
    let chips = check_source(include_str!("../../../variants/taiwan-chips.ron")).spec.unwrap();
    let mut bumping = chips.clone();
    bumping.rules.shared_squares = false;
    bumping.rules.bump = Some(Bump::default());
    let e = engine(&chips, 2);
    let lookahead = Options { seats: lineup(vec![Policy::Greedy, Policy::Lookahead]), ..options(10, 2, 1) };
    assert_eq!(Runner::of(&e, &lookahead), Runner::Engine);
    assert_eq!(Runner::of(&engine(&bumping, 2), &options(10, 2, 1)), Runner::Engine);
    assert_eq!(Runner::of(&e, &options(10, 2, 1)), Runner::ExtrasKernel);
}

/// A board of 50,000 squares with a ladder from 1 to 49,000: whoever takes
/// it is tens of thousands of squares ahead, and the lead, followed from
/// the difference of the two positions, still counts as the engine counts
/// it (the product of two such differences does not fit 32 bits).
#[test]
fn the_kernel_follows_the_lead_on_a_huge_board() {
    let mut spec = check_source(BUNDLED[0]).spec.unwrap();
    spec.board = Board::Grid { cols: 250, rows: 200, path: PathStyle::Boustrophedon };
    spec.jumps = vec![Jump::new(1, 49_000)];
    let mut plain = spec.clone();
    plain.rules.extra_turn = None;
    // (`play`, with extra turns and without.)
    for spec in [&spec, &plain] {
        let e = engine(spec, 2);
        assert!(RaceKernel::new(&e).is_some_and(|k| !k.reads_two_rolls(Seats::TWO)));
        let fast = simulate(&e, &options(40, 2, 1), None).unwrap();
        let slow = simulate(&e, &Options { engine_only: true, ..options(40, 2, 1) }, None).unwrap();
        assert!(fast.jumps[0] > 0, "some games took the ladder");
        assert_eq!(fast, slow);
    }
}

#[test]
fn results_do_not_depend_on_the_thread_count() {
    let spec = check_source(BUNDLED[2]).spec.unwrap();
    let e = engine(&spec, 4);
    let one = simulate(&e, &options(20_000, 4, 1), None).unwrap();
    let two = simulate(&e, &options(20_000, 4, 2), None).unwrap();
    let three = simulate(&e, &options(20_000, 4, 3), None).unwrap();
    assert_eq!(one, two);
    assert_eq!(one, three);
    assert_eq!(one.games, 20_000);
    // The extras kernel, whose counts are added a block at a time.
    let arrows = check_source(include_str!("../../../variants/anniversary-arrows.ron")).spec.unwrap();
    let e = engine(&arrows, 3);
    let greedy = |threads| Options { seats: lineup(vec![Policy::Greedy; 3]), ..options(3_000, 3, threads) };
    assert_eq!(Runner::of(&e, &greedy(1)), Runner::ExtrasKernel);
    let one = simulate(&e, &greedy(1), None).unwrap();
    assert_eq!(one, simulate(&e, &greedy(2), None).unwrap());
    assert_eq!(one, simulate(&e, &greedy(3), None).unwrap());
    assert_eq!(one.games, 3_000);
}

#[test]
fn a_stopped_run_holds_only_whole_games_and_an_unstopped_one_is_unchanged() {
    use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
    let spec = check_source(include_str!("../../../variants/taiwan-chips.ron")).spec.unwrap();
    let e = engine(&spec, 3);
    let mut o = Options { seats: lineup(vec![Policy::Greedy; 3]), ..options(5_000, 3, 2) };
    assert_eq!(simulate_until(&e, &o, None, &AtomicBool::new(false)).unwrap(), simulate(&e, &o, None).unwrap());
    assert_eq!(simulate_until(&e, &o, None, &AtomicBool::new(true)).unwrap().games, 0, "stopped before it began");
    // Stopped by the progress it reports: fewer games, each one whole.
    o.threads = 1;
    let (done, stop) = (AtomicU64::new(0), AtomicBool::new(false));
    let tally = std::thread::scope(|scope| {
        let run = scope.spawn(|| simulate_until(&e, &o, Some(&done), &stop).unwrap());
        while done.load(Ordering::Relaxed) < 256 && !run.is_finished() {
            std::thread::yield_now();
        }
        stop.store(true, Ordering::Relaxed);
        run.join().unwrap()
    });
    assert!((256..5_000).contains(&tally.games), "{} games", tally.games);
    assert_eq!(tally.games, done.load(Ordering::Relaxed));
    let wins: u64 = tally.seat_wins.iter().sum();
    assert!(wins + tally.unfinished >= tally.games, "{wins} wins, {} games", tally.games);
    assert_eq!(tally.total_rolls.counts.iter().sum::<u64>(), tally.games, "a game counted in part");
}

/// One player on a plain board plays two rolls per read and many games side
/// by side; a run of several blocks still plays exactly the games asked
/// for, every roll it counts belongs to one of them, and threads change
/// nothing.
#[test]
fn one_player_runs_play_exactly_the_games_asked_for() {
    let mut spec = check_source(BUNDLED[3]).spec.unwrap();
    // Every roll moves when overshoots bounce, so the landings add up to the rolls.
    spec.rules.overshoot = Overshoot::Bounce;
    let e = engine(&spec, 1);
    for games in [1, 7, 600, 3000, 65_536 + 700, 140_001] {
        let one = simulate(&e, &options(games, 1, 1), None).unwrap();
        assert_eq!(one.games, games);
        assert_eq!(one.seat_wins[0] + one.unfinished, games);
        let rolls: u64 = one.total_rolls.counts.iter().enumerate().map(|(r, c)| r as u64 * c).sum();
        assert_eq!(one.heat.iter().sum::<u64>(), rolls, "{games} games");
        assert_eq!(one.total_rolls, one.rounds);
        if games > 100_000 {
            assert_eq!(one, simulate(&e, &options(games, 1, 2), None).unwrap());
        }
    }
}

/// |sim − exact| within 4 standard errors (a fixed seed: this either always
/// passes or always fails).
fn close(name: &str, what: &str, sim: f64, exact: f64, se: f64) {
    assert!((sim - exact).abs() <= 4.0 * se + 1e-12, "{name}: {what} simulated {sim}, exact {exact}, se {se}");
}

#[test]
fn simulation_agrees_with_the_exact_analysis() {
    let games = 200_000;
    for text in BUNDLED {
        let spec = check_source(text).spec.unwrap();
        let compiled = compile(&spec);
        for players in [1u32, 4] {
            let exact = analyze(&compiled, &Exact { seats: Seats::new(players).unwrap(), ..Exact::default() }).unwrap();
            // The analysis seats the same opener every game.
            let e = engine(&spec, players).with_first_player(FirstPlayer::Seat1);
            let tally = simulate(&e, &options(games, players as usize, 0), None).unwrap();
            let r = tally.report();
            let n = games as f64;
            let name = &spec.meta.name;
            if players == 1 {
                close(name, "rolls", r.mean_rolls, exact.expected_rolls, r.rolls.sd / n.sqrt());
                close(name, "turns", r.mean_turns, exact.expected_turns, r.turns.sd / n.sqrt());
                for (pos, heat) in exact.heat.iter().enumerate().filter(|(p, _)| *p as u32 != compiled.board.goal) {
                    let sim = r.heat_per_game[pos];
                    close(name, &format!("heat at {pos}"), sim, *heat, (heat.max(0.01) * 3.0 / n).sqrt());
                }
            } else {
                close(name, "rounds", r.mean_rounds, exact.seats.expected_rounds, r.rounds.sd / n.sqrt());
                close(name, "total rolls", r.mean_total_rolls, exact.seats.expected_total_rolls, r.rolls.sd / n.sqrt());
                for (seat, p) in exact.seats.win.iter().enumerate() {
                    let se = (p * (1.0 - p) / n).sqrt();
                    close(name, &format!("seat {seat}"), r.seat_win_rate[seat], *p, se);
                }
            }
        }
    }
}

fn treehouse() -> VariantSpec {
    let mut spec = check_source(BUNDLED[3]).spec.unwrap();
    spec.rules.dice = Dice { count: 2, sides: 6 };
    spec.rules.players = PlayerRange { min: 2, max: 5 };
    spec.rules.play = Play::Treehouse(Treehouse::default());
    spec
}

/// The Treehouse kernel lists the plans, picks one and moves exactly as the
/// engine does with random, greedy and lookahead bots: the same games, so
/// the same totals.
#[test]
fn the_treehouse_kernel_plays_exactly_the_engines_games() {
    let with = |change: &dyn Fn(&mut VariantSpec)| {
        let mut spec = treehouse();
        change(&mut spec);
        spec
    };
    let rules = |change: &dyn Fn(&mut Treehouse)| {
        with(&|spec| {
            if let Play::Treehouse(t) = &mut spec.rules.play {
                change(t);
            }
        })
    };
    let plain = treehouse();
    let d8 = with(&|s| s.rules.dice = Dice { count: 2, sides: 8 });
    let rotating = with(&|s| s.rules.first_player = FirstPlayer::Rotate);
    let two_dice_first = rules(&|t| t.first_turn_dice = 2);
    // Another board: shorter, other jumps.
    let gameweave = with(&|s| {
        let board = check_source(BUNDLED[0]).spec.unwrap();
        (s.board, s.jumps, s.start, s.goal) = (board.board, board.jumps, board.start, board.goal);
    });
    // A ladder onto a snake's head, followed as a chain.
    let chained = with(&|s| {
        s.jumps.push(Jump::new(38, 20));
        s.rules.follow_chains = true;
    });
    let cases = [
        (&plain, 2),
        (&plain, 3),
        (&plain, 5),
        (&d8, 2),
        (&d8, 4),
        (&rotating, 3),
        (&two_dice_first, 3),
        (&gameweave, 2),
        (&gameweave, 4),
        (&chained, 3),
    ];
    // Random seats, greedy seats, lookahead seats, and all three at one
    // table (the random seats' draws must not shift when a seat that draws
    // nothing plays). Lookahead games are few: the engine's take
    // milliseconds.
    let seatings = |players: usize| {
        let mixed = (0..players).map(|seat| if seat % 2 == 0 { Policy::Greedy } else { Policy::Random }).collect();
        let all = [Policy::Lookahead, Policy::Random, Policy::Greedy];
        let thinking = (0..players).map(|seat| all[seat % 3]).collect();
        [
            (vec![Policy::Random; players], 2000),
            (vec![Policy::Greedy; players], 2000),
            (mixed, 2000),
            (vec![Policy::Lookahead; players], 60),
            (thinking, 60),
        ]
    };
    for (spec, players) in cases {
        let e = engine(spec, players);
        for (seats, games) in seatings(players as usize) {
            let fast = Options { seats: lineup(seats), ..options(games, players as usize, 1) };
            assert_eq!(Runner::of(&e, &fast), Runner::TreehouseKernel, "{players} players");
            let slow = Options { engine_only: true, ..fast.clone() };
            assert_eq!(
                simulate(&e, &fast, None).unwrap(),
                simulate(&e, &slow, None).unwrap(),
                "{players} players, {:?}",
                fast.seats
            );
        }
    }
}

/// What the kernel does not play goes to the engine.
#[test]
fn team_games_lost_turns_and_thinking_bots_run_on_the_engine() {
    let team = check_source(include_str!("../../../variants/treehouse-team.ron")).spec.unwrap();
    let sideways = check_source(include_str!("../../../variants/treehouse-lose-sideways.ron")).spec.unwrap();
    for spec in [&team, &sideways] {
        assert_eq!(Runner::of(&engine(spec, 2), &options(10, 2, 1)), Runner::Engine, "{}", spec.meta.name);
    }
    let perfect = Options { seats: lineup(vec![Policy::Random, Policy::Perfect]), ..options(10, 2, 1) };
    assert_eq!(Runner::of(&engine(&treehouse(), 2), &perfect), Runner::Engine);
    assert_eq!(Runner::of(&engine(&treehouse(), 2), &options(10, 2, 1)), Runner::TreehouseKernel);
}

#[test]
fn lookahead_beats_greedy_and_greedy_beats_random_on_treehouse() {
    let spec = treehouse();
    let e = engine(&spec, 2);
    let duel = |a: Policy, b: Policy| {
        // Both seatings, so the opener's edge cancels out.
        let games = 1500;
        let first =
            simulate(&e, &Options { seats: lineup(vec![a, b]), seed: 9, ..options(games, 2, 0) }, None).unwrap();
        let second =
            simulate(&e, &Options { seats: lineup(vec![b, a]), seed: 10, ..options(games, 2, 0) }, None).unwrap();
        let wins = first.seat_wins[0] + second.seat_wins[1];
        let losses = first.seat_wins[1] + second.seat_wins[0];
        wins as f64 / (wins + losses) as f64
    };
    let greedy = duel(Policy::Greedy, Policy::Random);
    assert!(greedy > 0.75, "greedy wins {greedy:.3} against random");
    // 3,000 games: one standard error is about 0.009.
    let lookahead = duel(Policy::Lookahead, Policy::Greedy);
    assert!(lookahead > 0.52, "lookahead wins {lookahead:.3} against greedy");
}

#[test]
#[ignore = "exploration: prints win rates"]
fn print_duels() {
    let spec = treehouse();
    let e = engine(&spec, 2);
    for (a, b) in
        [(Policy::Greedy, Policy::Random), (Policy::Lookahead, Policy::Random), (Policy::Lookahead, Policy::Greedy)]
    {
        let games = 2000;
        let first =
            simulate(&e, &Options { seats: lineup(vec![a, b]), seed: 9, ..options(games, 2, 0) }, None).unwrap();
        let second =
            simulate(&e, &Options { seats: lineup(vec![b, a]), seed: 10, ..options(games, 2, 0) }, None).unwrap();
        let wins = first.seat_wins[0] + second.seat_wins[1];
        let losses = first.seat_wins[1] + second.seat_wins[0];
        println!(
            "{a:?} vs {b:?}: {:.3} ({} shared)",
            wins as f64 / (wins + losses) as f64,
            first.shared_wins + second.shared_wins
        );
    }
}

/// Shards play disjoint blocks of the seeded run: their tallies add up to
/// the whole run's, for every way of playing (kernel, Treehouse kernel,
/// engine with bots, chips), whatever the cut.
#[test]
fn shards_add_up_to_the_whole_run() {
    let milton = check_source(BUNDLED[3]).spec.unwrap();
    let gameweave = check_source(BUNDLED[0]).spec.unwrap();
    let treehouse = check_source(include_str!("../../../variants/treehouse.ron")).spec.unwrap();
    let chips = check_source(include_str!("../../../variants/taiwan-chips.ron")).spec.unwrap();
    let cases = [
        (&milton, 1, Policy::Random, 300_001),
        (&gameweave, 3, Policy::Random, 20_000),
        (&treehouse, 2, Policy::Random, 9_000),
        (&treehouse, 2, Policy::Greedy, 1_500),
        (&chips, 3, Policy::Greedy, 1_000),
    ];
    for (spec, players, bot, games) in cases {
        let e = engine(spec, players);
        let whole = Options { seats: lineup(vec![bot; players as usize]), ..options(games, players as usize, 0) };
        let all = simulate(&e, &whole, None).unwrap();
        assert_eq!(all.games, games);
        for count in [1, 2, 7] {
            let parts: Vec<_> = (0..count)
                .map(|index| Options { shard: Shard { index, count }, ..whole.clone() })
                .map(|o| (games_in(&e, &o), simulate(&e, &o, None).unwrap()))
                .collect();
            for (expected, part) in &parts {
                assert_eq!(part.games, *expected, "games_in says how many a shard plays");
            }
            let merged = parts.into_iter().map(|(_, t)| t).reduce(ladderkit_sim::Tally::merge).unwrap();
            assert_eq!(merged, all, "{} with {players} players, {count} shards", spec.meta.name);
        }
    }
}

/// A variant that deals its jumps afresh each game: every game is played
/// on its own board (so the run differs from one on game 0's board alone),
/// the same on any thread count and in shards, and a game's heat is where
/// pieces rested on that game's board.
#[test]
fn dealt_boards_are_played_game_by_game() {
    let spec = check_source(include_str!("../../../variants/random-board.ron")).spec.unwrap();
    let e = engine(&spec, 2);
    let dealt = Options { deal: Some(std::sync::Arc::new(spec.clone())), ..options(600, 2, 0) };
    assert_eq!(Runner::of(&e, &dealt), Runner::Engine, "each game's board is its own: no kernel tables");
    let all = simulate(&e, &dealt, None).unwrap();
    assert_eq!(all, simulate(&e, &Options { threads: 1, ..dealt.clone() }, None).unwrap(), "threads change nothing");
    let parts: Vec<_> = (0..3)
        .map(|index| simulate(&e, &Options { shard: Shard { index, count: 3 }, ..dealt.clone() }, None).unwrap())
        .collect();
    assert_eq!(parts.into_iter().reduce(ladderkit_sim::Tally::merge).unwrap(), all, "shards add up");
    assert!(all.jumps.is_empty(), "no rides per jump: the jumps differ from game to game");
    let game_0_only = simulate(&e, &options(600, 2, 0), None).unwrap();
    assert_ne!(all.total_rolls, game_0_only.total_rolls, "600 games on 600 boards are not game 0's board");
    // Three games: each is the engine's game on that game's own board.
    let tally = simulate(&e, &Options { games: 3, ..dealt.clone() }, None).unwrap();
    let mut rolls = 0;
    for g in 0..3 {
        let own = Engine::new(&ladderkit_core::compile_game(&spec, g), Seats::new(2).unwrap()).unwrap();
        let mut ws = ladderkit_engine::Workspace::default();
        let mut bot = ladderkit_engine::bots::BotScratch::default();
        let state =
            ladderkit_engine::play_bot_game(&own, &[Policy::Random; 2], 2026, g, &mut ws, &mut bot, &mut (), None);
        rolls += state.rolls;
    }
    assert_eq!((tally.total_rolls.summary().mean * 3.0).round(), f64::from(rolls));
}

/// What `ladderkit merge` demands of a part's tally (`Tally::check`) holds
/// for the games of every bundled race, on its fast kernel and on the
/// engine, for each seat count: the checks refuse forgeries, never a run.
#[test]
fn every_simulated_tally_passes_the_checks_merge_makes() {
    let variants = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../variants");
    let mut checked = 0;
    for entry in std::fs::read_dir(variants).unwrap() {
        let path = entry.unwrap().path();
        let spec = check_source(&std::fs::read_to_string(&path).unwrap()).spec.unwrap();
        if matches!(spec.rules.play, Play::ScoreTrack(_)) {
            continue;
        }
        let players = spec.rules.players.min..=spec.rules.players.max.min(4);
        for (players, engine_only) in players.flat_map(|p| [(p, false), (p, true)]) {
            let e = engine(&spec, players);
            let deal = spec.random_jumps.is_some().then(|| std::sync::Arc::new(spec.clone()));
            let o = Options { engine_only, deal, ..options(500, players as usize, 0) };
            let tally = simulate(&e, &o, None).unwrap();
            assert_eq!(tally.check(), Ok(()), "{} with {players} players", path.display());
            checked += 1;
        }
    }
    assert!(checked >= 30, "only {checked} runs checked");
}

/// Each kernel is chosen only for a board whose every feature it declares
/// it plays (`Features`): over the bundled variants and boards given one
/// rule at a time, the runner is the first kernel whose `PLAYS` hold the
/// board's features, else the engine.
#[test]
fn a_kernel_is_chosen_only_for_the_features_it_declares() {
    use ladderkit_core::Features;
    use ladderkit_sim::{ExtrasKernel, TreehouseKernel};
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/../../variants");
    let mut specs: Vec<VariantSpec> = std::fs::read_dir(dir)
        .unwrap()
        .map(|entry| check_source(&std::fs::read_to_string(entry.unwrap().path()).unwrap()).spec.unwrap())
        .collect();
    let base = ladderkit_core::sample::random_board(8, 8, 10);
    fn on_20(s: &mut VariantSpec, effect: Effect) {
        s.effects = vec![SpaceEffect { space: 20, effect }];
    }
    let variants: [fn(&mut VariantSpec); 10] = [
        |_| {},
        |s| on_20(s, Effect::LoseTurns(1)),
        |s| on_20(s, Effect::ExtraTurn),
        |s| on_20(s, Effect::MoveAgain),
        |s| on_20(s, Effect::Wait),
        |s| on_20(s, Effect::Points(2)),
        |s| s.rules.extra_turn = Some(ExtraTurnOn::Doubles),
        |s| {
            s.rules.extra_turn = Some(ExtraTurnOn::Doubles);
            s.rules.max_consecutive_turns = Some(2);
        },
        |s| s.rules.shared_squares = false,
        |s| s.rules.first_throw = vec![FirstThrow { dice: vec![6, 3], to: 26 }],
    ];
    for change in &variants {
        let mut spec = base.clone();
        spec.rules.dice = Dice { count: 2, sides: 6 };
        change(&mut spec);
        specs.push(spec);
    }
    let mut seen = std::collections::HashSet::new();
    for spec in &specs {
        let compiled = compile(spec);
        if compiled.diagnostics.iter().any(|d| d.severity == ladderkit_core::Severity::Error) {
            continue;
        }
        let features = compiled.board.features();
        // Score tracks are not simulated (no engine plays them).
        let Ok(e) = Engine::new(&compiled, Seats::new(2).unwrap()) else { continue };
        let runner = Runner::of(&e, &options(10, 2, 1));
        let expected = if features.within(RaceKernel::PLAYS) {
            Runner::RaceKernel
        } else if features.within(TreehouseKernel::PLAYS) {
            Runner::TreehouseKernel
        } else if features.within(ExtrasKernel::PLAYS) {
            Runner::ExtrasKernel
        } else {
            Runner::Engine
        };
        assert_eq!(runner, expected, "{}: {:?}", spec.meta.name, features.names());
        seen.insert(runner.key());
        if runner == Runner::Engine {
            let beyond = [RaceKernel::PLAYS, TreehouseKernel::PLAYS, ExtrasKernel::PLAYS]
                .map(|plays| features.beyond(plays).names().join(", "));
            assert!(beyond.iter().all(|b| !b.is_empty()), "{}: a kernel plays it all: {beyond:?}", spec.meta.name);
        }
    }
    assert_eq!(seen.len(), 4, "every runner was chosen at least once: {seen:?}");
    // What the kernels declare: the race kernel no meeting pieces, the
    // Treehouse kernel nothing but the basic game.
    for f in [Features::BUMP, Features::WAIT, Features::FIRST_THROWS, Features::POINTS, Features::TREEHOUSE] {
        assert!(!f.within(RaceKernel::PLAYS), "{:?}", f.names());
    }
    assert!(!Features::GEESE.within(TreehouseKernel::PLAYS) && !Features::TEAMS.within(TreehouseKernel::PLAYS));
    assert!(RaceKernel::PLAYS.within(ExtrasKernel::PLAYS));
}

/// `Options::excitement` counts on top of the same games: the rest of the
/// tally is unchanged, threads change nothing, and a forged count is
/// refused by `Tally::check`.
#[test]
fn excitement_counts_the_same_games_whatever_the_threads() {
    for (text, players) in
        [(BUNDLED[0], 4), (BUNDLED[3], 2), (include_str!("../../../variants/game-of-the-goose.ron"), 3)]
    {
        let spec = check_source(text).spec.unwrap();
        let e = engine(&spec, players);
        let plain = simulate(&e, &options(3_000, players as usize, 1), None).unwrap();
        let watched = |threads| Options { excitement: true, ..options(3_000, players as usize, threads) };
        let one = simulate(&e, &watched(1), None).unwrap();
        assert_eq!(one, simulate(&e, &watched(2), None).unwrap());
        let counted = one.excitement.clone().unwrap();
        assert_eq!(Tally { excitement: None, ..one.clone() }, plain, "the same games");
        one.check().unwrap();
        let changes = counted.lead_changes.counts.iter().enumerate().map(|(v, n)| v as u64 * n).sum::<u64>();
        assert_eq!(changes, one.lead_changes);
        assert!(counted.photo_finishes > 0 && counted.winner_last.iter().any(|n| *n > 0), "{counted:?}");
        let mut forged = one.clone();
        forged.excitement.as_mut().unwrap().photo_finishes = one.games + 1;
        assert!(forged.check().is_err());
        assert!(one.clone().checked_merge(&plain).is_none(), "a part without the counts does not add in");
    }
}
