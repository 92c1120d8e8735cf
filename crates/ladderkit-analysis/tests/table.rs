//! The race's measures at any table, seat by seat (`table_measures`),
//! against the whole game pushed forward turn by turn over every joint
//! position of the pieces (with who led last, and who was alone last at
//! half-way, carried in the state) on small boards, to 1e-12. The
//! reference shares nothing with the crate but `CompiledBoard::travel`,
//! the rules themselves.

use std::collections::HashMap;

use ladderkit_analysis::{Options, excitement, leader_counts_stepped, leader_states, table_measures};
use ladderkit_core::spec::*;
use ladderkit_core::work::Meter;
use ladderkit_core::{CompiledBoard, Seats, check_source, compile};
use proptest::prelude::*;

/// The reference pushes the game until this little of it is left.
const TAIL: f64 = 1e-16;

/// Nobody (no last sole leader yet; nobody alone last at half-way).
const NOBODY: u8 = u8::MAX;

#[derive(Debug, Default)]
struct Joint {
    /// The round whose end is half-way through a median game.
    half_way_round: u32,
    comeback: f64,
    photo_finish: f64,
    leader_changes: f64,
    lead_changes: f64,
}

/// The seat alone furthest along, if one is.
fn sole(at: &[u32]) -> Option<u8> {
    let top = *at.iter().max()?;
    let mut leaders = at.iter().enumerate().filter(|(_, p)| **p == top);
    let (first, _) = leaders.next()?;
    leaders.next().is_none().then_some(first as u8)
}

/// The seats furthest along (none while every piece is on the start), as
/// bits.
fn leaders(at: &[u32], start: u32) -> u32 {
    if at.iter().all(|p| *p == start) {
        return 0;
    }
    let top = *at.iter().max().unwrap();
    at.iter().enumerate().filter(|(_, p)| **p == top).fold(0, |bits, (i, _)| bits | 1 << i)
}

/// The seat alone last, if one is.
fn alone_last(at: &[u32]) -> Option<u8> {
    let bottom = *at.iter().min()?;
    let mut last = at.iter().enumerate().filter(|(_, p)| **p == bottom);
    let (first, _) = last.next()?;
    last.next().is_none().then_some(first as u8)
}

/// Who stands where, each seat's pending lost turns, the last sole leader,
/// the seat alone last at the end of the half-way round.
type State = (Vec<u32>, Vec<u32>, u8, u8);

/// Mass still rolling extra turns within one turn below which the
/// reference drops it.
const ROLLING: f64 = 1e-20;

/// The whole game at a table of `players`, turn by turn, each turn roll
/// by roll as the engine plays it (a lost turn is a turn where nothing
/// moves; an extra turn is another roll of the same turn; an extra turn
/// with turns to lose is the first one lost); `half` the half-way round
/// to tag (0: find it from the median game).
fn joint(board: &CompiledBoard, players: usize, half: u32) -> Joint {
    let goal = board.goal;
    let one_roll: Vec<bool> = (0..board.points.len() as u32)
        .map(|p| p != goal && board.outcomes.iter().any(|o| board.travel(p, o).rest == goal))
        .collect();
    let start: State = (vec![board.start; players], vec![0; players], NOBODY, NOBODY);
    let mut now: HashMap<State, f64> = HashMap::from([(start, 1.0)]);
    let mut out = Joint::default();
    let mut median = None;
    for turn in 0.. {
        let mover = turn % players;
        let mut next: HashMap<State, f64> = HashMap::new();
        let mut rolling: HashMap<State, f64> = HashMap::new();
        for ((at, mut lose, last, behind), m) in now {
            if lose[mover] > 0 {
                lose[mover] -= 1;
                *next.entry((at, lose, last, behind)).or_default() += m;
            } else {
                *rolling.entry((at, lose, last, behind)).or_default() += m;
            }
        }
        // This turn's terms, summed apart before they join the totals.
        let mut turn_sums = Joint::default();
        let mut in_row = 1;
        while rolling.values().sum::<f64>() > ROLLING {
            let mut again: HashMap<State, f64> = HashMap::new();
            let another = board.allows_another_turn(in_row);
            for ((at, lose, last, behind), m) in &rolling {
                for o in &board.outcomes {
                    let p = m * board.probability(o);
                    let r = board.resolve(at[mover], o);
                    let to = r.step.rest;
                    let mut after = at.clone();
                    after[mover] = to;
                    if leaders(at, board.start) != 0 && leaders(at, board.start) != leaders(&after, board.start) {
                        turn_sums.leader_changes += p;
                    }
                    let led = sole(&after).unwrap_or(*last);
                    if *last != NOBODY && led != *last {
                        turn_sums.lead_changes += p;
                    }
                    if r.won {
                        if *behind == mover as u8 {
                            turn_sums.comeback += p;
                        }
                        if (0..players).any(|s| s != mover && lose[s] == 0 && one_roll[at[s] as usize]) {
                            turn_sums.photo_finish += p;
                        }
                        continue;
                    }
                    let mut lose = lose.clone();
                    if another && r.extra_turn && r.lose_turns == 0 {
                        *again.entry((after, lose, led, *behind)).or_default() += p;
                        continue;
                    }
                    lose[mover] = if another && r.extra_turn { r.lose_turns - 1 } else { r.lose_turns };
                    *next.entry((after, lose, led, *behind)).or_default() += p;
                }
            }
            rolling = again;
            in_row += 1;
        }
        out.leader_changes += turn_sums.leader_changes;
        out.lead_changes += turn_sums.lead_changes;
        out.comeback += turn_sums.comeback;
        out.photo_finish += turn_sums.photo_finish;
        now = next;
        if (turn + 1) % players == 0 {
            let round = ((turn + 1) / players) as u32;
            let running: f64 = now.values().sum();
            if median.is_none() && running <= 0.5 {
                median = Some(round);
            }
            if round == half {
                now = now
                    .into_iter()
                    .map(|((at, lose, last, _), m)| {
                        let behind = alone_last(&at).unwrap_or(NOBODY);
                        ((at, lose, last, behind), m)
                    })
                    .fold(HashMap::new(), |mut all, (k, m)| {
                        *all.entry(k).or_default() += m;
                        all
                    });
            }
            if running < TAIL && median.is_some() && round >= half {
                break;
            }
        }
    }
    out.half_way_round = median.unwrap().div_ceil(2).max(1);
    out
}

fn close(what: &str, fast: f64, slow: f64) -> Result<(), TestCaseError> {
    prop_assert!((fast - slow).abs() <= 1e-12 * slow.abs().max(1.0), "{what}: seat by seat {fast}, joint {slow}");
    Ok(())
}

fn compare(board: &CompiledBoard, players: usize) -> Result<(), TestCaseError> {
    let fast = table_measures(board, Seats::from_len(players).unwrap(), &Options::default()).unwrap();
    let half = joint(board, players, 0).half_way_round;
    let slow = joint(board, players, half);
    prop_assert_eq!(fast.half_way_round, half);
    close("comeback", fast.comeback, slow.comeback)?;
    close("photo finish", fast.photo_finish, slow.photo_finish)?;
    close("leader changes", fast.leader_changes, slow.leader_changes)?;
    if players == 2 {
        close("lead changes", fast.lead_changes.unwrap(), slow.lead_changes)?;
    } else {
        prop_assert!(fast.lead_changes.is_none());
    }
    Ok(())
}

/// `compare` on `spec`'s board, if it compiles without errors.
fn compare_spec(spec: &VariantSpec, players: usize) -> Result<(), TestCaseError> {
    let compiled = compile(spec);
    prop_assume!(!compiled.has_errors());
    compare(&compiled.board, players)
}

/// A track of `spaces` with these jumps.
fn track(spaces: u32, sides: u32, overshoot: Overshoot, jumps: &[(u32, u32)]) -> VariantSpec {
    let mut spec = VariantSpec::with_board("t", Board::Track { spaces, looped: false, first: 1 });
    spec.rules.dice = Dice { count: 1, sides };
    spec.rules.overshoot = overshoot;
    spec.jumps = jumps.iter().map(|(a, b)| Jump::new(*a, *b)).collect();
    spec
}

fn small(max_spaces: u32) -> impl Strategy<Value = VariantSpec> {
    (4u32..max_spaces, 2u32..=6).prop_flat_map(|(spaces, sides)| {
        (
            Just(spaces),
            Just(sides),
            prop_oneof![Just(Overshoot::Forfeit), Just(Overshoot::Bounce), Just(Overshoot::ReachOrPass)],
            prop::collection::vec((2..spaces, 1..spaces), 0..5),
        )
            .prop_map(|(spaces, sides, overshoot, jumps)| track(spaces, sides, overshoot, &jumps))
    })
}

/// `small` with lost turns, extra turns, a roll that earns another turn
/// and a cap on turns in a row, some of them.
fn with_turns(max_spaces: u32) -> impl Strategy<Value = VariantSpec> {
    small(max_spaces).prop_flat_map(|spec| {
        let spaces = match spec.board {
            Board::Track { spaces, .. } => spaces,
            _ => unreachable!("`small` makes tracks"),
        };
        let sides = spec.rules.dice.sides;
        (
            Just(spec),
            prop::collection::vec((2..spaces, 1u32..=2), 0..3),
            prop::collection::vec(2..spaces, 0..3),
            prop::option::of(1..=sides),
            prop::option::of(1u32..=3),
        )
            .prop_map(|(mut spec, lose, again, earned, cap)| {
                for (space, turns) in lose {
                    spec.effects.push(SpaceEffect { space, effect: Effect::LoseTurns(turns) });
                }
                for space in again {
                    spec.effects.push(SpaceEffect { space, effect: Effect::ExtraTurn });
                }
                spec.rules.extra_turn = earned.map(ExtraTurnOn::Total);
                spec.rules.max_consecutive_turns = cap;
                spec
            })
    })
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 60, ..ProptestConfig::default() })]

    #[test]
    fn two_and_three_seats_equal_the_joint_game(spec in small(16), players in 2usize..4) {
        compare_spec(&spec, players)?;
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 12, ..ProptestConfig::default() })]

    #[test]
    fn four_seats_equal_the_joint_game(spec in small(9)) {
        compare_spec(&spec, 4)?;
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 80, ..ProptestConfig::default() })]

    #[test]
    fn lost_and_extra_turns_at_two_and_three_seats_equal_the_joint_game(spec in with_turns(14), players in 2usize..4) {
        compare_spec(&spec, players)?;
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 12, ..ProptestConfig::default() })]

    #[test]
    fn lost_and_extra_turns_at_four_seats_equal_the_joint_game(spec in with_turns(8)) {
        compare_spec(&spec, 4)?;
    }
}

/// A coin on ten squares with a ladder from 2 to 9: from where the pieces
/// stand half-way nobody can finish for a few rounds, so the comeback's
/// first terms are nothing; the pass once took them for settled and gave
/// a comeback of 0 (the joint game's is 0.0115).
#[test]
fn a_comeback_whose_terms_begin_late_is_counted() {
    let board = compile(&track(10, 2, Overshoot::Forfeit, &[(2, 9)])).board;
    compare(&board, 2).unwrap();
}

/// Three-sided die on twelve squares, a snake from 5 to 2: the game's
/// decay still moved when the comeback's terms had settled onto it, and
/// the rest taken then was 2.9e-12 off (`Decay`).
#[test]
fn a_rest_is_taken_only_once_the_decay_has_stopped_moving() {
    let board = compile(&track(12, 3, Overshoot::Forfeit, &[(5, 2)])).board;
    compare(&board, 2).unwrap();
}

/// A snake's head level with the other piece and a bounce at the goal:
/// pieces meet on the same square, fall back onto each other and part.
#[test]
fn pieces_that_meet_and_part_count_as_the_joint_game_does() {
    let spec = track(10, 3, Overshoot::Bounce, &[(8, 2), (6, 9), (4, 1)]);
    let board = compile(&spec).board;
    for players in 2..=4 {
        compare(&board, players).unwrap();
    }
}

/// Two seats: the lead changes seat by seat are today's figure, the joint
/// chain's solve (`excitement`), on every bundled race.
#[test]
fn two_seat_lead_changes_are_the_joint_chains() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../variants");
    let mut checked = 0;
    for entry in std::fs::read_dir(dir).unwrap() {
        let text = std::fs::read_to_string(entry.unwrap().path()).unwrap();
        let board = compile(&check_source(&text).spec.unwrap()).board;
        let Ok(joint) = excitement(&board, &Options::default(), &|_| false) else { continue };
        let fast = table_measures(&board, Seats::TWO, &Options::default()).unwrap();
        let lead = fast.lead_changes.unwrap();
        // (The joint chain's solve stops once its sweeps agree to 1e-10.)
        assert!((lead - joint.lead_changes.mean).abs() <= 1e-9 * lead, "{lead} against {}", joint.lead_changes.mean);
        assert_eq!((fast.comeback, fast.photo_finish), (joint.comeback, joint.photo_finish));
        checked += 1;
    }
    assert!(checked >= 2, "only {checked} races");
}

/// The editor steps the measures within its frames: the work pauses on a
/// board of many rounds and gives, step by step, the figures of the run
/// in one go.
#[test]
fn stepped_measures_pause_and_equal_the_run_in_one_go() {
    use ladderkit_analysis::table_measures_stepped;
    use ladderkit_core::work::{Meter, Resumable};
    let board = compile(&ladderkit_core::sample::random_board(30, 30, 150)).board;
    let whole = table_measures(&board, Seats::new(3).unwrap(), &Options::default()).unwrap();
    let meter = std::sync::Arc::new(Meter::default());
    let (b, m) = (board.clone(), meter.clone());
    let mut work = Resumable::new(async move {
        table_measures_stepped(&b, Seats::new(3).unwrap(), &Options::default(), &m).await.unwrap()
    });
    let (mut steps, mut seen) = (0, Vec::new());
    let stepped = loop {
        steps += 1;
        if let Some(done) = work.step() {
            break done;
        }
        seen.push(meter.get());
    };
    assert_eq!(stepped, whole);
    assert!(steps > 3, "{steps} steps");
    assert!(seen.windows(2).all(|w| w[0] <= w[1]) && seen.iter().all(|p| (0.0..=1.0).contains(p)), "{seen:?}");
}

/// The distribution of leader changes, the whole game pushed over every
/// joint position with its count so far (a board whose turns are rolls).
fn leader_distribution(board: &CompiledBoard, players: usize) -> Vec<f64> {
    let mut now: HashMap<(Vec<u32>, usize), f64> = HashMap::from([((vec![board.start; players], 0), 1.0)]);
    let mut done: Vec<f64> = Vec::new();
    for turn in 0.. {
        let mover = turn % players;
        let mut next: HashMap<(Vec<u32>, usize), f64> = HashMap::new();
        for ((at, k), m) in now {
            for o in &board.outcomes {
                let p = m * board.probability(o);
                let r = board.resolve(at[mover], o);
                let mut after = at.clone();
                after[mover] = r.step.rest;
                let before = leaders(&at, board.start);
                let k = k + usize::from(before != 0 && before != leaders(&after, board.start));
                if r.won {
                    if done.len() <= k {
                        done.resize(k + 1, 0.0);
                    }
                    done[k] += p;
                } else {
                    *next.entry((after, k)).or_default() += p;
                }
            }
        }
        now = next;
        if now.values().sum::<f64>() < TAIL {
            break;
        }
    }
    done
}

/// `leader_counts_stepped` against the reference, count by count, and its
/// mean against the measures seat by seat.
fn compare_leaders(board: &CompiledBoard, players: usize) -> Result<(), TestCaseError> {
    let seats = Seats::from_len(players).unwrap();
    let fast =
        ladderkit_core::work::run(leader_counts_stepped(board, seats, &Options::default(), &Meter::default(), &|| {
            false
        }))
        .unwrap();
    let slow = leader_distribution(board, players);
    prop_assert!(fast.counts.more < 1e-12 && !fast.cut, "{} of the games left uncounted", fast.counts.more);
    for k in 0..fast.counts.p.len().max(slow.len()) {
        let (f, s) = (fast.counts.p.get(k).copied().unwrap_or(0.0), slow.get(k).copied().unwrap_or(0.0));
        prop_assert!((f - s).abs() <= 1e-12, "{k} changes: joint states {f}, the whole game {s}");
    }
    // The games left uncounted (below 1e-12) would each add many changes:
    // the distribution's mean is short of the whole by up to their share
    // times their counts.
    let mean = table_measures(board, seats, &Options::default()).unwrap().leader_changes;
    prop_assert!(
        (fast.mean() - mean).abs() <= 1e-9 * mean.max(1.0),
        "mean {} against {mean} seat by seat",
        fast.mean()
    );
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 16, ..ProptestConfig::default() })]

    #[test]
    fn leader_change_counts_at_two_and_three_seats_are_the_whole_games(spec in small(12), players in 2usize..4) {
        let compiled = compile(&spec);
        prop_assume!(!compiled.has_errors());
        compare_leaders(&compiled.board, players)?;
    }
}

/// Four seats on a short track with a snake, a ladder and a bounce; and
/// the joint states past the budget, or lost turns, refused with why.
#[test]
fn leader_change_counts_at_four_seats_and_where_they_are_refused() {
    let board = compile(&track(9, 3, Overshoot::Bounce, &[(7, 2), (3, 6)])).board;
    compare_leaders(&board, 4).unwrap();
    let big = compile(&track(200, 6, Overshoot::Forfeit, &[])).board;
    let refused = leader_states(&big, Seats::new(3).unwrap()).unwrap_err().to_string();
    assert!(refused.contains("joint states") && refused.contains("exact seat by seat"), "{refused}");
    let mut lost = track(12, 3, Overshoot::Forfeit, &[]);
    lost.effects.push(SpaceEffect { space: 5, effect: Effect::LoseTurns(1) });
    let board = compile(&lost).board;
    let refused = ladderkit_core::work::run(leader_counts_stepped(
        &board,
        Seats::new(3).unwrap(),
        &Options::default(),
        &Meter::default(),
        &|| false,
    ))
    .unwrap_err();
    assert!(refused.to_string().contains("lost and extra turns"), "{refused}");
}
