//! The harness: every fast path of the simulation is held to the engine,
//! game for game (as cozy-chess holds its move generator to the full one).
//!
//! Generated variants (jumps and chains, overshoot and entry, lost and
//! extra turns, a turn cap, geese, wells, first throws, bumping, points,
//! chips, arrows, Treehouse with 2 to 8 seats and teams, random, greedy and
//! lookahead seats) are simulated by whatever `simulate` picks, at every
//! vector width this processor has, and by the engine alone, with the
//! engine's turn limit and a low one that cuts games short: the tallies
//! must be equal. The harness then says which paths it ran and which widths
//! it skipped, by name, and fails if a path was never taken or if the
//! processor has a width that was skipped.

use std::cell::RefCell;
use std::collections::BTreeMap;

use ladderkit_core::Seats;
use ladderkit_core::spec::*;
use ladderkit_core::{Severity, compile};
use ladderkit_engine::{Engine, Lineup, MAX_TURNS, Policy};
use ladderkit_sim::{Histogram, Options, RaceKernel, RacePath, Runner, Tally, Width, simulate};
use proptest::prelude::*;
use proptest::test_runner::{Config, RngAlgorithm, TestCaseError, TestRng, TestRunner};

/// One policy per seat, at a table of as many.
fn lineup(policies: Vec<Policy>) -> Lineup {
    Lineup::new(Seats::from_len(policies.len()).unwrap(), policies).unwrap()
}

/// One generated run: a variant, its seats and a turn limit.
#[derive(Debug, Clone)]
struct Case {
    spec: VariantSpec,
    seats: Vec<Policy>,
    limit: u32,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Kind {
    /// Any classic rules.
    Classic,
    /// A classic race of moves and jumps only.
    PlainRace,
    Treehouse,
}

/// Rules for a board of `spaces` spaces with `sides`-sided dice.
#[derive(Debug, Clone)]
struct Extras {
    lose: Vec<(u32, u32)>,
    again: Vec<u32>,
    geese: Vec<u32>,
    points: Vec<(u32, u32)>,
    wells: Vec<u32>,
    chips: Option<u64>,
    arrows: Vec<(u32, usize, u8)>,
    first_throw: Option<(Vec<u32>, u32)>,
    bump: bool,
    win: u8,
}

/// `v` if `on`, else nothing.
fn some<T>(on: bool, v: Vec<T>) -> Vec<T> {
    if on { v } else { Vec::new() }
}

fn extras(spaces: u32, count: u32, sides: u32) -> impl Strategy<Value = Extras> {
    let space = 1..spaces;
    // Most runs leave out the features that send a board to the engine,
    // so the kernels' own rules are drawn often.
    let rare = |p: f64| prop::bool::weighted(p);
    (
        (rare(0.35), prop::collection::vec((space.clone(), 1u32..3), 1..3)),
        (rare(0.25), prop::collection::vec(space.clone(), 1..3)),
        (rare(0.3), prop::collection::vec(space.clone(), 1..4)),
        (rare(0.25), prop::collection::vec((space.clone(), 1u32..4), 1..4)),
        (rare(0.1), prop::collection::vec(space.clone(), 1..3)),
        prop::option::weighted(0.15, any::<u64>()),
        (rare(0.15), prop::collection::vec((space.clone(), 0usize..8, 0u8..3), 1..3)),
        prop::option::weighted(0.1, (prop::collection::vec(1..=sides, count as usize), space)),
        (rare(0.1), 0u8..3),
    )
        .prop_map(
            |(
                (lose_on, lose),
                (again_on, again),
                (geese_on, geese),
                (points_on, points),
                (wells_on, wells),
                chips,
                (arrows_on, arrows),
                first_throw,
                (bump, win),
            )| {
                Extras {
                    lose: some(lose_on, lose),
                    again: some(again_on, again),
                    geese: some(geese_on, geese),
                    points: some(points_on, points),
                    wells: some(wells_on, wells),
                    chips,
                    arrows: some(arrows_on, arrows),
                    first_throw,
                    bump,
                    win,
                }
            },
        )
}

fn case() -> impl Strategy<Value = Case> {
    let kind = prop_oneof![3 => Just(Kind::Classic), 2 => Just(Kind::PlainRace), 2 => Just(Kind::Treehouse)];
    (6u32..70, 1u32..=2, 2u32..=6, kind)
        .prop_flat_map(|(spaces, count, sides, kind)| {
            let treehouse = kind == Kind::Treehouse;
            // Treehouse plays two dice, one for each way.
            let count = if treehouse { 2 } else { count };
            let extra_roll = prop_oneof![
                3 => Just(None),
                1 => (1..=count * sides).prop_map(|t| Some(ExtraTurnOn::Total(t))),
                1 => Just(Some(ExtraTurnOn::Doubles)),
            ];
            let players = if treehouse { 2usize..=8 } else { 1usize..=7 };
            let seat = prop_oneof![4 => Just(Policy::Random), 2 => Just(Policy::Greedy), 1 => Just(Policy::Lookahead)];
            (
                (Just((spaces, count, sides, kind)), prop::collection::vec((2..spaces, 1..spaces), 0..10)),
                (
                    prop::sample::select(vec![Overshoot::Forfeit, Overshoot::Bounce, Overshoot::ReachOrPass]),
                    any::<bool>(),
                ),
                (extra_roll, prop::option::weighted(0.3, 1u32..4), any::<bool>()),
                extras(spaces, count, sides),
                (1u32..=2, prop::bool::weighted(0.2)),
                prop::collection::vec(seat, players),
                prop_oneof![Just(MAX_TURNS as u32), 9u32..60],
            )
        })
        .prop_map(
            |(
                ((spaces, count, sides, kind), jumps),
                (overshoot, chains),
                (extra_turn, cap, rotate),
                x,
                (first_turn_dice, team),
                seats,
                limit,
            )| {
                let mut spec = VariantSpec::with_board("harness", Board::Track { spaces, looped: false, first: 1 });
                spec.rules.dice = Dice { count, sides };
                spec.rules.players = PlayerRange { min: 1, max: 8 };
                spec.rules.overshoot = overshoot;
                spec.rules.follow_chains = chains;
                spec.rules.extra_turn = extra_turn;
                spec.rules.max_consecutive_turns = cap;
                spec.rules.first_player = if rotate { FirstPlayer::Rotate } else { FirstPlayer::Seat1 };
                // One jump a foot, none to itself, and chains only where they
                // are followed (else an error); one effect a space, none on a
                // foot.
                let mut feet = std::collections::BTreeSet::new();
                for &(from, to) in &jumps {
                    if from != to && to != spaces && feet.insert(from) {
                        spec.jumps.push(Jump::new(from, to));
                    }
                }
                if !chains {
                    spec.jumps.retain(|j| !feet.contains(&j.to));
                }
                let mut taken = feet.clone();
                let mut effect = |space: u32, effect| {
                    if taken.insert(space) {
                        spec.effects.push(SpaceEffect { space, effect });
                    }
                };
                x.lose.iter().for_each(|&(s, n)| effect(s, Effect::LoseTurns(n)));
                x.again.iter().for_each(|&s| effect(s, Effect::ExtraTurn));
                x.geese.iter().for_each(|&s| effect(s, Effect::MoveAgain));
                x.points.iter().for_each(|&(s, n)| effect(s, Effect::Points(n)));
                x.wells.iter().for_each(|&s| effect(s, Effect::Wait));
                spec.chips = x.chips.map(|seed| Chips {
                    values: vec![ChipCount { value: 1, count: 3 }, ChipCount { value: 2, count: 2 }],
                    layout: ChipLayout::Random { seed },
                    upgrade: None,
                });
                spec.arrows = x
                    .arrows
                    .iter()
                    .map(|&(space, way, kind)| Arrow {
                        space,
                        points: Direction::ALL[way % Direction::ALL.len()],
                        kind: match kind {
                            0 => ArrowKind::DoubleUp,
                            1 => ArrowKind::ExtraTurn,
                            _ => ArrowKind::Deploy { from: space, to: (space + 3).min(spaces - 1) },
                        },
                    })
                    .collect();
                if let Some((dice, to)) = x.first_throw {
                    spec.rules.first_throw = vec![FirstThrow { dice, to }];
                }
                if x.bump {
                    spec.rules.shared_squares = false;
                    spec.rules.bump = Some(Bump::default());
                }
                let scores = !x.points.is_empty() || x.chips.is_some() || !x.arrows.is_empty();
                spec.rules.win = match x.win {
                    1 if scores => Win::MostPoints,
                    2 if scores => Win::TargetScore(6),
                    _ => Win::FirstHome,
                };
                if kind == Kind::PlainRace {
                    // Moves and jumps only: the race kernel's pair path.
                    (spec.effects, spec.chips, spec.arrows, spec.rules.win) =
                        (Vec::new(), None, Vec::new(), Win::FirstHome);
                    (spec.rules.extra_turn, spec.rules.first_throw) = (None, Vec::new());
                    (spec.rules.shared_squares, spec.rules.bump) = (true, None);
                }
                if kind == Kind::Treehouse {
                    // Points, chips, arrows and wells are classic play's.
                    spec.effects.retain(|e| !matches!(e.effect, Effect::Points(_) | Effect::Wait));
                    (spec.chips, spec.arrows, spec.rules.win) = (None, Vec::new(), Win::FirstHome);
                    let pieces = if team { vec![2, 1] } else { vec![2] };
                    spec.rules.play = Play::Treehouse(Treehouse { first_turn_dice, pieces, ..Treehouse::default() });
                }
                Case { spec, seats, limit }
            },
        )
}

/// The paths a case was played by, and its tallies compared with the
/// engine's.
fn check(case: &Case, seen: &RefCell<BTreeMap<String, u32>>) -> Result<(), TestCaseError> {
    let compiled = compile(&case.spec);
    if compiled.diagnostics.iter().any(|d| d.severity == Severity::Error) {
        let first =
            compiled.diagnostics.iter().find(|d| d.severity == Severity::Error).map(|d| format!("{:?}", d.code));
        *seen.borrow_mut().entry(format!("(not playable: {})", first.unwrap_or_default())).or_default() += 1;
        return Ok(());
    }
    let players = case.seats.len() as u32;
    let Ok(engine) = Engine::new(&compiled, Seats::new(players).unwrap()) else {
        *seen.borrow_mut().entry("(not playable: players)".into()).or_default() += 1;
        return Ok(());
    };
    let engine = engine.with_first_player(case.spec.rules.first_player);
    // Thinking seats take a millisecond a game on the engine.
    let games = if case.seats.contains(&Policy::Lookahead) { 12 } else { 300 };
    let options = Options { threads: 1, turn_limit: case.limit, ..Options::new(games, lineup(case.seats.clone()), 11) };
    let by_engine = simulate(&engine, &Options { engine_only: true, ..options.clone() }, None).unwrap();
    let runner = Runner::of(&engine, &options);
    // Every loop the race kernel has, each capped in turn (a cap above what
    // the board allows takes the same loop again, which is skipped).
    let caps: Vec<RacePath> = match runner {
        Runner::RaceKernel => [RacePath::General]
            .into_iter()
            .chain(Width::ALL.into_iter().filter(|w| w.here()).map(RacePath::Pairs))
            .collect(),
        _ => vec![RacePath::FASTEST],
    };
    let mut ran = Vec::new();
    for fastest in caps {
        let fast = Options { fastest, ..options.clone() };
        let path = match runner {
            Runner::RaceKernel => RaceKernel::new(&engine)
                .expect("the runner chose it")
                .for_run(case.limit, fastest)
                .path(engine.seats())
                .name(),
            other => other.label().into(),
        };
        if ran.contains(&path) {
            continue;
        }
        let mut also = Vec::new();
        if case.limit < MAX_TURNS as u32 {
            also.push(format!("{path} (cut short)"));
        }
        if runner == Runner::TreehouseKernel && case.seats.len() >= 6 {
            also.push(format!("{path}, 6 to 8 seats"));
        }
        if runner == Runner::RaceKernel {
            // Lead changes are counted one way for two players and another
            // for one and for three or more.
            let table = match case.seats.len() {
                1 => "one player",
                2 => "two players",
                _ => "three or more players",
            };
            also.push(format!("{path}, {table}"));
        }
        if runner != Runner::RaceKernel && case.seats.contains(&Policy::Lookahead) {
            also.push(format!("{path}, lookahead seats"));
        }
        for key in also.into_iter().chain([path.clone()]) {
            *seen.borrow_mut().entry(key).or_default() += 1;
        }
        let tally = simulate(&engine, &fast, None).unwrap();
        prop_assert!(tally == by_engine, "{path} differs from the engine in {}", differences(&tally, &by_engine));
        ran.push(path);
    }
    Ok(())
}

/// The counts of two tallies that differ, each as (path, engine).
fn differences(a: &Tally, b: &Tally) -> String {
    let mut out = Vec::new();
    let mut differ = |name: &str, x: String, y: String| {
        if x != y {
            out.push(format!("{name}: {x} vs {y}"));
        }
    };
    differ("games", a.games.to_string(), b.games.to_string());
    differ("unfinished", a.unfinished.to_string(), b.unfinished.to_string());
    differ("seat wins", format!("{:?}", a.seat_wins), format!("{:?}", b.seat_wins));
    differ("shared wins", a.shared_wins.to_string(), b.shared_wins.to_string());
    differ("lead changes", a.lead_changes.to_string(), b.lead_changes.to_string());
    let trimmed = |h: &Histogram| {
        let c = &h.counts;
        format!("{:?}", &c[..c.iter().rposition(|n| *n > 0).map_or(0, |i| i + 1)])
    };
    differ("rolls", trimmed(&a.total_rolls), trimmed(&b.total_rolls));
    differ("turns", trimmed(&a.total_turns), trimmed(&b.total_turns));
    differ("rounds", trimmed(&a.rounds), trimmed(&b.rounds));
    differ("heat", format!("{:?}", a.heat), format!("{:?}", b.heat));
    differ("rides", format!("{:?}", a.jumps), format!("{:?}", b.jumps));
    differ("extras", format!("{:?}", a.extras), format!("{:?}", b.extras));
    differ("blocked", a.blocked.to_string(), b.blocked.to_string());
    differ("waits", format!("{:?}", a.waits), format!("{:?}", b.waits));
    out.join("\n")
}

/// Which widths the processor has, read from the kernel's own flags
/// (`/proc/cpuinfo` on Linux): what pulp's `V3` and `V4` need.
fn widths_the_processor_has() -> Option<Vec<Width>> {
    let info = std::fs::read_to_string("/proc/cpuinfo").ok()?;
    let flags: Vec<&str> = info.lines().find(|l| l.starts_with("flags"))?.split_whitespace().collect();
    let has = |needed: &[&str]| needed.iter().all(|f| flags.contains(f));
    let mut widths = vec![Width::Four];
    if has(&["avx2", "fma", "bmi1", "bmi2", "f16c"]) {
        widths.extend([Width::Eight, Width::SixtyFourAvx2]);
    }
    if has(&["avx512f", "avx512bw", "avx512cd", "avx512dq", "avx512vl"]) {
        widths.push(Width::SixtyFour);
    }
    Some(widths)
}

#[test]
fn every_path_plays_the_engines_games() {
    let seen = RefCell::new(BTreeMap::new());
    // The same cases every run (a failure is found again), shrunk to the
    // smallest when one fails.
    let config = Config { cases: 400, failure_persistence: None, ..Config::default() };
    let mut runner = TestRunner::new_with_rng(config, TestRng::deterministic_rng(RngAlgorithm::ChaCha));
    let result = runner.run(&case(), |case| check(&case, &seen));
    if let Err(e) = result {
        panic!("{e}");
    }
    let seen = seen.into_inner();
    for (path, n) in &seen {
        eprintln!("{n:5}  {path}");
    }
    let skipped: Vec<&str> = Width::ALL.iter().filter(|w| !w.here()).map(|w| w.name()).collect();
    eprintln!(
        "widths skipped on this processor: {}",
        if skipped.is_empty() { "none".into() } else { skipped.join("; ") }
    );
    // Every path was taken, cut short too.
    let mut expected = vec!["race kernel, general", "Treehouse kernel", "extras kernel", "full engine"];
    let pairs: Vec<String> = Width::ALL.iter().filter(|w| w.here()).map(|w| RacePath::Pairs(*w).name()).collect();
    expected.extend(pairs.iter().map(String::as_str));
    for path in &expected {
        assert!(seen.get(*path).is_some_and(|n| *n >= 3), "the harness took {path} fewer than 3 times: {seen:#?}");
        let cut = format!("{path} (cut short)");
        assert!(seen.contains_key(&cut), "the harness never cut a game short on {path}: {seen:#?}");
    }
    for path in expected.iter().filter(|p| p.starts_with("race kernel")) {
        for table in ["one player", "two players", "three or more players"] {
            let key = format!("{path}, {table}");
            assert!(seen.contains_key(&key), "the harness never ran {key}: {seen:#?}");
        }
    }
    for also in ["Treehouse kernel, 6 to 8 seats", "Treehouse kernel, lookahead seats", "full engine, lookahead seats"]
    {
        assert!(seen.contains_key(also), "the harness never ran {also}: {seen:#?}");
    }
    let unplayable: u32 = seen.iter().filter(|(k, _)| k.starts_with("(not playable")).map(|(_, n)| n).sum();
    assert!(unplayable < 100, "{unplayable} of 400 generated variants were not playable: {seen:#?}");
    // A width the processor has is never skipped.
    if let Some(has) = widths_the_processor_has() {
        let missing: Vec<&str> = has.iter().filter(|w| !w.here()).map(|w| w.name()).collect();
        assert!(missing.is_empty(), "the processor has {missing:?} but the harness skipped them");
    }
}
