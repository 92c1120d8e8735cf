//! The fast analysis against the straightforward one: push one piece's
//! distribution forward roll by roll (and turn by turn) over every
//! position until almost nothing is left, on small random boards and every
//! bundled race. The reference shares nothing with the crate but
//! `CompiledBoard::resolve`, the rules themselves.

use ladderkit_analysis::{Analysis, Metrics, Options, Wanted, analyze};
use ladderkit_core::spec::*;
use ladderkit_core::{CompiledBoard, Seats, check_source, compile};
use proptest::prelude::*;

/// The tail the reference iterates to: far below the 1e-9 compared.
const TAIL: f64 = 1e-14;

struct Reference {
    expected_rolls: f64,
    expected_turns: f64,
    heat: Vec<f64>,
    jump_uses: Vec<f64>,
    jump_at_least_once: Vec<f64>,
    /// Index n: finished within n rolls.
    finish_within: Vec<f64>,
    /// Index t: survival after t turns.
    turn_survival: Vec<f64>,
    turn_finished: Vec<f64>,
    turn_rolls: Vec<f64>,
}

fn by_rolls(board: &CompiledBoard, absorb_jump: Option<usize>) -> (f64, Vec<f64>, Vec<f64>, Vec<f64>, f64) {
    let n = board.points.len();
    let goal = board.goal as usize;
    let mut mass = vec![0.0; n];
    mass[board.start as usize] = 1.0;
    let (mut heat, mut uses) = (vec![0.0; n], vec![0.0; board.jumps.len()]);
    let (mut expected, mut done, mut hit) = (0.0, 0.0, 0.0);
    let mut within = vec![0.0];
    let mut left: f64 = 1.0;
    while left > TAIL && within.len() < 2_000_000 {
        expected += left;
        let mut next = vec![0.0; n];
        for (pos, &m) in mass.iter().enumerate() {
            if m == 0.0 {
                continue;
            }
            for o in &board.outcomes {
                let p = m * board.probability(o);
                let step = board.travel(pos as u32, o);
                let ridden: Vec<u32> = board.chain(step.end).collect();
                if absorb_jump.is_some_and(|j| ridden.contains(&(j as u32))) {
                    hit += p;
                    continue;
                }
                for j in ridden {
                    uses[j as usize] += p;
                }
                if !step.forfeited {
                    heat[step.rest as usize] += p;
                }
                next[step.rest as usize] += p;
            }
        }
        done += next[goal];
        next[goal] = 0.0;
        mass = next;
        left = mass.iter().sum();
        within.push(done);
    }
    heat[goal] = 0.0;
    (expected, heat, uses, within, hit)
}

/// Turn by turn: state (position, pending lost turns, rolling again?).
fn by_turns(board: &CompiledBoard) -> (f64, Vec<f64>, Vec<f64>, Vec<f64>) {
    let n = board.points.len();
    let levels = board.rest.iter().map(|r| r.lose_turns).max().unwrap_or(0) as usize + 1;
    let mut mass = vec![0.0; n * levels];
    mass[board.start as usize * levels] = 1.0;
    let (mut survival, mut finished, mut rolls) = (vec![1.0], vec![0.0], vec![0.0]);
    let mut expected = 0.0;
    let mut left: f64 = 1.0;
    while left > TAIL && survival.len() < 2_000_000 {
        expected += left;
        let mut next = vec![0.0; n * levels];
        let mut rolling = vec![0.0; n];
        for (state, &m) in mass.iter().enumerate() {
            let (pos, lose) = (state / levels, state % levels);
            if lose > 0 { next[state - 1] += m } else { rolling[pos] += m }
        }
        let (mut won, mut rolled) = (0.0, 0.0);
        let mut in_row = 1;
        while rolling.iter().sum::<f64>() > 1e-18 {
            let mut again = vec![0.0; n];
            for (pos, &m) in rolling.iter().enumerate() {
                if m == 0.0 {
                    continue;
                }
                rolled += m;
                for o in &board.outcomes {
                    let p = m * board.probability(o);
                    let r = board.resolve(pos as u32, o);
                    let rest = r.step.rest as usize;
                    if r.won {
                        won += p;
                    } else if r.extra_turn && board.allows_another_turn(in_row) {
                        if r.lose_turns == 0 {
                            again[rest] += p;
                        } else {
                            next[rest * levels + r.lose_turns as usize - 1] += p;
                        }
                    } else {
                        next[rest * levels + r.lose_turns as usize] += p;
                    }
                }
            }
            rolling = again;
            in_row += 1;
        }
        mass = next;
        left = mass.iter().sum();
        survival.push(left);
        finished.push(won);
        rolls.push(rolled);
    }
    (expected, survival, finished, rolls)
}

fn reference(board: &CompiledBoard) -> Reference {
    let (expected_rolls, heat, jump_uses, finish_within, _) = by_rolls(board, None);
    let jump_at_least_once = (0..board.jumps.len()).map(|j| by_rolls(board, Some(j)).4).collect();
    let (expected_turns, turn_survival, turn_finished, turn_rolls) = by_turns(board);
    Reference {
        expected_rolls,
        expected_turns,
        heat,
        jump_uses,
        jump_at_least_once,
        finish_within,
        turn_survival,
        turn_finished,
        turn_rolls,
    }
}

/// Seat odds by order statistics over the explicit sequences.
fn seats(r: &Reference, players: i32) -> (Vec<f64>, f64, f64) {
    let s = &r.turn_survival;
    let mut win = vec![0.0; players as usize];
    let (mut rounds, mut total) = (0.0, 0.0);
    for t in 0..s.len() {
        rounds += s[t].powi(players);
        if t == 0 {
            continue;
        }
        for (i, w) in win.iter_mut().enumerate() {
            let others = s[t].powi(i as i32) * s[t - 1].powi(players - 1 - i as i32);
            *w += r.turn_finished[t] * others;
            total += r.turn_rolls[t] * others;
        }
    }
    (win, rounds, total)
}

fn close(what: &str, fast: f64, slow: f64, relative: f64) -> Result<(), TestCaseError> {
    let scale = fast.abs().max(slow.abs()).max(1.0);
    prop_assert!((fast - slow).abs() <= relative * scale, "{what}: fast {fast} vs reference {slow}");
    Ok(())
}

fn compare(board: &CompiledBoard, a: &Analysis, players: i32) -> Result<(), TestCaseError> {
    let r = reference(board);
    close("expected rolls", a.expected_rolls, r.expected_rolls, 1e-9)?;
    close("expected turns", a.expected_turns, r.expected_turns, 1e-9)?;
    for (pos, (x, y)) in a.heat.iter().zip(&r.heat).enumerate() {
        close(&format!("heat {pos}"), *x, *y, 1e-9)?;
    }
    for (j, u) in a.jumps.iter().enumerate() {
        close(&format!("jump {j} rides"), u.expected_uses, r.jump_uses[j], 1e-9)?;
        close(&format!("jump {j} at least once"), u.probability.unwrap(), r.jump_at_least_once[j], 1e-9)?;
    }
    // The distributions agree value by value wherever either still moves.
    for n in 0..a.finish_within.len().max(r.finish_within.len()) {
        let at = |v: &[f64]| v.get(n).copied().unwrap_or(1.0);
        close(&format!("finished within {n} rolls"), at(&a.finish_within), at(&r.finish_within), 1e-11)?;
    }
    for t in 0..a.finish_within_turns.len().min(r.turn_survival.len()) {
        close(&format!("finished within {t} turns"), a.finish_within_turns[t], 1.0 - r.turn_survival[t], 1e-11)?;
    }
    let (win, rounds, total) = seats(&r, players);
    for (i, (x, y)) in a.seats.win.iter().zip(&win).enumerate() {
        close(&format!("seat {} wins", i + 1), *x, *y, 1e-9)?;
    }
    close("expected rounds", a.seats.expected_rounds, rounds, 1e-9)?;
    close("expected total rolls", a.seats.expected_total_rolls, total, 1e-9)?;
    Ok(())
}

#[derive(Debug, Clone)]
struct Small {
    spaces: u32,
    dice: (u32, u32),
    overshoot: Overshoot,
    entry: Option<u32>,
    extra: Option<ExtraTurnOn>,
    cap: Option<u32>,
    jumps: Vec<(u32, u32)>,
    lose: Vec<(u32, u32)>,
    again: Vec<u32>,
    start_on: Option<u32>,
    geese: Vec<u32>,
    /// A first throw: its faces and where it goes.
    first: Option<(Vec<u32>, u32)>,
}

fn small() -> impl Strategy<Value = Small> {
    (4u32..40, 1u32..=2, 2u32..=6).prop_flat_map(|(spaces, count, sides)| {
        let extra = prop_oneof![
            Just(None),
            (1..=count * sides).prop_map(|t| Some(ExtraTurnOn::Total(t))),
            Just(Some(ExtraTurnOn::Doubles)),
        ];
        (
            Just(spaces),
            Just((count, sides)),
            prop_oneof![Just(Overshoot::Forfeit), Just(Overshoot::Bounce), Just(Overshoot::ReachOrPass)],
            prop::option::weighted(0.2, 1..=count * sides),
            extra,
            prop::option::weighted(0.3, 1u32..4),
            prop::collection::vec((2..spaces, 1..spaces), 0..6),
            prop::collection::vec((1..spaces, 1u32..3), 0..3),
            prop::collection::vec(1..spaces, 0..2),
            prop::option::weighted(0.15, 1..spaces),
            (
                prop::collection::vec(1..spaces, 0..4),
                prop::option::weighted(0.3, (prop::collection::vec(1..=sides, count as usize), 1..=spaces)),
            ),
        )
            .prop_map(
                |(spaces, dice, overshoot, entry, extra, cap, jumps, lose, again, start_on, (geese, first))| Small {
                    spaces,
                    dice,
                    overshoot,
                    entry,
                    extra,
                    cap,
                    jumps,
                    lose,
                    again,
                    start_on,
                    geese,
                    first,
                },
            )
    })
}

fn spec_of(s: &Small) -> VariantSpec {
    let mut spec = VariantSpec::with_board("t", Board::Track { spaces: s.spaces, looped: false, first: 1 });
    spec.rules.dice = Dice { count: s.dice.0, sides: s.dice.1 };
    spec.rules.overshoot = s.overshoot;
    spec.rules.entry = s.entry.map_or(Entry::Direct, Entry::OnRoll);
    spec.rules.extra_turn = s.extra;
    spec.rules.max_consecutive_turns = s.cap;
    if let Some(n) = s.start_on {
        spec.start = Start::Space(n);
    }
    spec.jumps = s.jumps.iter().map(|(a, b)| Jump::new(*a, *b)).collect();
    for &(space, turns) in &s.lose {
        spec.effects.push(SpaceEffect { space, effect: Effect::LoseTurns(turns) });
    }
    for &space in &s.again {
        spec.effects.push(SpaceEffect { space, effect: Effect::ExtraTurn });
    }
    for &space in &s.geese {
        spec.effects.push(SpaceEffect { space, effect: Effect::MoveAgain });
    }
    if let Some((dice, to)) = &s.first {
        spec.rules.first_throw = vec![FirstThrow { dice: dice.clone(), to: *to }];
    }
    spec
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 400, ..ProptestConfig::default() })]

    #[test]
    fn fast_analysis_equals_the_straightforward_iteration(s in small(), players in 1i32..5) {
        let compiled = compile(&spec_of(&s));
        prop_assume!(!compiled.has_errors());
        let a = analyze(&compiled, &Options { seats: Seats::new(players as u32).unwrap(), ..Options::default() }).unwrap();
        compare(&compiled.board, &a, players)?;
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 300, ..ProptestConfig::default() })]

    /// The analysis finds stuck pieces on its own chain; the checks find
    /// them on petgraph's. Same positions, whatever the board.
    #[test]
    fn stuck_positions_are_the_checks_traps(s in small()) {
        let compiled = compile(&spec_of(&s));
        prop_assume!(compiled.board.len > 0 && !compiled.board.outcomes.is_empty());
        let traps = ladderkit_core::Reachability::new(&compiled.board).trapped();
        prop_assert_eq!(ladderkit_analysis::stuck_positions(&compiled.board), traps.clone());
        // A board with traps is never playable, so never analysed.
        if !traps.is_empty() {
            prop_assert!(compiled.playable().is_none());
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 300, ..ProptestConfig::default() })]

    /// What a search computes equals what the full analysis reports.
    #[test]
    fn quick_metrics_equal_the_full_analysis(s in small(), players in 1u32..5, percentile in 1u32..100) {
        let compiled = compile(&spec_of(&s));
        prop_assume!(!compiled.has_errors());
        let wanted = Wanted { turns: true, rides: true, fewest: true, percentile: Some(percentile), seat_edge: Some(Seats::new(players).unwrap()), lead_changes: false, comeback: None, photo_finish: None };
        let quick = Metrics::compute(&compiled.playable().unwrap(), &wanted).unwrap();
        let full = Metrics::of(&analyze(&compiled, &Options { seats: Seats::new(players).unwrap(), ..Options::default() }).unwrap(), &wanted);
        close("turns", quick.expected_turns.unwrap(), full.expected_turns.unwrap(), 1e-12)?;
        close("rides", quick.expected_rides.unwrap(), full.expected_rides.unwrap(), 1e-12)?;
        prop_assert_eq!(quick.fewest_rolls, full.fewest_rolls);
        prop_assert_eq!(quick.percentile, full.percentile);
        close("seat edge", quick.seat_edge.unwrap(), full.seat_edge.unwrap(), 1e-9)?;
        prop_assert!(Metrics::compute(&compiled.playable().unwrap(), &Wanted::default()).unwrap() == Metrics::default());
    }
}

#[test]
fn every_bundled_race_equals_the_straightforward_iteration() {
    let mut checked = 0;
    for entry in std::fs::read_dir(concat!(env!("CARGO_MANIFEST_DIR"), "/../../variants")).unwrap() {
        let text = std::fs::read_to_string(entry.unwrap().path()).unwrap();
        let compiled = compile(&check_source(&text).spec.unwrap());
        let Ok(a) = analyze(&compiled, &Options { seats: Seats::new(4).unwrap(), ..Options::default() }) else {
            continue;
        };
        compare(&compiled.board, &a, 4).unwrap();
        checked += 1;
    }
    assert!(checked >= 4, "only {checked} races");
}

/// A float sum of nothing is -0: a board without jumps was reported with
/// "-0.00" expected rides.
#[test]
fn a_board_without_jumps_rides_plus_zero() {
    let spec = VariantSpec::new_grid("bare", 6, 6, PathStyle::Boustrophedon);
    let board = compile(&spec).into_playable().unwrap();
    let wanted = Wanted { rides: true, ..Wanted::default() };
    let computed = Metrics::compute(&board, &wanted).unwrap().expected_rides.unwrap();
    let analysis = analyze(&compile(&spec), &Options::default()).unwrap();
    let read = Metrics::of(&analysis, &wanted).expected_rides.unwrap();
    for rides in [computed, read] {
        assert!(rides == 0.0 && rides.is_sign_positive(), "{rides:?}");
        assert_eq!(format!("{rides:.2}"), "0.00");
    }
}
