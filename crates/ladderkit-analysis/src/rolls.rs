//! One piece, one roll at a time. Lost and extra turns do not move pieces,
//! so this chain alone decides the roll statistics, the heat and the jump
//! use: expectations from one solve with the fundamental matrix, the
//! game-length distribution from the iterated chain and its geometric tail.

use faer::Mat;
use ladderkit_core::work::Meter;

use crate::AnalysisError;
use crate::chain::{NONE, RollChain};
use crate::linear::{DENSE_UP_TO, Factored};
use crate::tail::{Stepper, Story, Until};

/// What one solve for the expected visits gives.
pub(crate) struct Visits {
    /// Per state: expected rolls made from it.
    pub per_state: Vec<f64>,
    pub expected_rolls: f64,
    /// Per position: expected times a piece comes to rest there after moving.
    pub heat: Vec<f64>,
    /// Per jump: expected rides.
    pub jump_uses: Vec<f64>,
}

impl Visits {
    /// From one solve with the fundamental matrix.
    pub fn new(chain: &RollChain, lu: &Factored) -> Self {
        Self::of(chain, lu.visits(chain.start as usize))
    }

    /// From the expected visits to each state.
    pub fn of(chain: &RollChain, per_state: Vec<f64>) -> Self {
        let board = chain.board;
        let mut heat = vec![0.0; board.points.len()];
        let mut jump_uses = vec![0.0; board.jumps.len()];
        for (x, &v) in per_state.iter().enumerate() {
            for m in chain.moves_of(x) {
                if m.moved {
                    heat[board.landing[m.end as usize] as usize] += v * m.p;
                }
                for j in board.chain(m.end) {
                    jump_uses[j as usize] += v * m.p;
                }
            }
        }
        heat[board.goal as usize] = 0.0;
        let expected_rolls = per_state.iter().sum();
        Self { per_state, expected_rolls, heat, jump_uses }
    }
}

/// One roll of the game's chain, and the visits counted so far (none
/// when empty).
struct Roll<'c, 'a>(&'c RollChain<'a>, Vec<f64>);

impl Stepper for Roll<'_, '_> {
    fn step(&mut self, from: &[f64], to: &mut [f64]) -> (f64, f64) {
        self.0.q.push(from, to);
        let won = from.iter().zip(&self.0.win).map(|(m, w)| m * w).sum();
        (won, from.iter().sum())
    }

    fn count(&mut self, mass: &[f64], times: f64) {
        for (v, m) in self.1.iter_mut().zip(mass) {
            *v += m * times;
        }
    }
}

/// The game-length distribution in rolls.
pub(crate) async fn story(chain: &RollChain<'_>, until: Until, meter: &Meter) -> Result<Story, AnalysisError> {
    Ok(told(chain, until, meter, Vec::new()).await?.0)
}

/// The story that counts visits certifies its tail at least this close
/// (the analysis' default), so that the geometric rest adds no more error
/// than the steps' own rounding.
pub(crate) const VISITS_BOUND: f64 = 1e-12;

/// `story`, and the expected visits to each state, `Σ_t m_t` for the
/// unfinished mass `m_t` of each step: the steps' own, then the certified
/// geometric rest (`tail.rs`). Where `Visits::new` solves once with the
/// fundamental matrix (a step of 60 ms on the largest boards), this adds a
/// pass over the states to every step, pausing as the story does. Each
/// step's rounding is carried through the rest of the game, so the visits
/// are good to about the game's length times the rounding: 4e-14 on Milton
/// Bradley, 9e-13 on the 100 × 100 board (the solve's, 4e-16 and 2e-14).
pub(crate) async fn story_and_visits(
    chain: &RollChain<'_>,
    until: Until,
    meter: &Meter,
) -> Result<(Story, Visits), AnalysisError> {
    let until = Until { tail: until.tail.min(VISITS_BOUND), bound: until.bound.min(VISITS_BOUND), ..until };
    let (story, per_state) = told(chain, until, meter, vec![0.0; chain.states()]).await?;
    Ok((story, Visits::of(chain, per_state)))
}

/// The expected visits alone: one dense solve on a small chain, where it
/// is the faster; counted by the story on a larger one, which pauses.
pub(crate) async fn visits(chain: &RollChain<'_>, meter: &Meter) -> Result<Visits, AnalysisError> {
    if chain.states() <= DENSE_UP_TO {
        let lu = Factored::new(&chain.q).ok_or(AnalysisError::NeverFinishes(Vec::new()))?;
        return Ok(Visits::new(chain, &lu));
    }
    let max_steps = crate::Options::default().max_steps;
    let until = Until { tail: VISITS_BOUND, bound: VISITS_BOUND, max_steps };
    Ok(story_and_visits(chain, until, meter).await?.1)
}

async fn told(
    chain: &RollChain<'_>,
    until: Until,
    meter: &Meter,
    visits: Vec<f64>,
) -> Result<(Story, Vec<f64>), AnalysisError> {
    let mut start = vec![0.0; chain.states()];
    start[chain.start as usize] = 1.0;
    let mut roll = Roll(chain, visits);
    let story = crate::tail::story(start, &mut roll, until, meter, (0.1, 0.5)).await?;
    Ok((story, roll.1))
}

/// Right-hand sides solved together: a block of this many columns keeps
/// the triangular solves in cache and uses faer's blocked kernels.
const BLOCK: usize = 64;

/// Chance a piece rides each jump at least once, as a first-passage
/// probability: by the strong Markov property at the first ride,
/// `E_start[N] = P(N ≥ 1)·(1 + E_after[N])`, where `N` counts rides and
/// "after" is where a ride leaves the piece. `E_after[N]` is one row of the
/// fundamental matrix, so jumps that leave a piece on the same square
/// share a solve, and blocks of solves share one pass.
pub(crate) async fn jump_probabilities(chain: &RollChain<'_>, lu: &Factored, uses: &[f64], meter: &Meter) -> Vec<f64> {
    let board = chain.board;
    let jumps = board.jumps.len();
    // Per jump: the rolls that ride it, as (state, probability), by counting.
    let mut count = vec![0u32; jumps + 1];
    for x in 0..chain.states() {
        for m in chain.moves_of(x) {
            for j in board.chain(m.end) {
                count[j as usize + 1] += 1;
            }
        }
    }
    for j in 0..jumps {
        count[j + 1] += count[j];
    }
    let mut fill = count.clone();
    let mut rides = vec![(0u32, 0.0f64); count[jumps] as usize];
    for x in 0..chain.states() {
        for m in chain.moves_of(x) {
            for j in board.chain(m.end) {
                rides[fill[j as usize] as usize] = (x as u32, m.p);
                fill[j as usize] += 1;
            }
        }
    }
    let mut probability = vec![0.0; jumps];
    // Jumps still to solve for, grouped by the state a ride leaves them in.
    let mut by_target: Vec<(u32, usize)> = Vec::new();
    for j in 0..jumps {
        if uses[j] <= 0.0 {
            continue;
        }
        let after = board.landing[board.jumps[j].from as usize];
        match chain.state_of[after as usize] {
            // A ride that finishes the game cannot come again.
            NONE => probability[j] = uses[j].min(1.0),
            target => by_target.push((target, j)),
        }
    }
    by_target.sort_unstable();
    let mut targets: Vec<u32> = by_target.iter().map(|(t, _)| *t).collect();
    targets.dedup();
    let n = chain.states();
    let mut block = Mat::<f64>::zeros(n, BLOCK.min(targets.len()).max(1));
    let mut next_jump = 0;
    for (b, group) in targets.chunks(BLOCK).enumerate() {
        meter.at(0.7 + 0.3 * (b * BLOCK) as f64 / targets.len() as f64).await;
        let mut cols = block.as_mut().subcols_mut(0, group.len());
        cols.fill(0.0);
        for (c, &t) in group.iter().enumerate() {
            cols[(t as usize, c)] = 1.0;
        }
        lu.visits_in_place(cols.as_mut());
        for (c, &t) in group.iter().enumerate() {
            while next_jump < by_target.len() && by_target[next_jump].0 == t {
                let j = by_target[next_jump].1;
                let again: f64 = rides[count[j] as usize..count[j + 1] as usize]
                    .iter()
                    .map(|&(x, p)| cols[(x as usize, c)] * p)
                    .sum();
                probability[j] = (uses[j] / (1.0 + again)).clamp(0.0, 1.0);
                next_jump += 1;
            }
        }
    }
    probability
}

#[cfg(test)]
mod tests {
    use ladderkit_core::sample::{big_board, random_board, with_turn_effects};
    use ladderkit_core::spec::Overshoot;
    use ladderkit_core::work::run;
    use ladderkit_core::{VariantSpec, check_source, compile};

    use super::*;
    use crate::chain::Scope;

    /// The visits the story counts are the fundamental matrix's to 1e-12,
    /// state by state, on boards short and long, with snakes that send
    /// pieces far back, with lost and extra turns (the roll chain is the
    /// same), every overshoot rule, and geese.
    #[test]
    fn the_storys_visits_are_the_fundamental_matrixs() {
        let bundled = |text: &str| check_source(text).spec.expect("a bundled variant");
        let mut specs: Vec<(String, VariantSpec)> = vec![
            ("milton-bradley".into(), bundled(include_str!("../../../variants/milton-bradley.ron"))),
            ("gameweave-large".into(), bundled(include_str!("../../../variants/gameweave-large.ron"))),
            ("game-of-the-goose".into(), bundled(include_str!("../../../variants/game-of-the-goose.ron"))),
        ];
        // The largest board: the counted visits are off by 9e-13 there
        // (each step's rounding, carried through the game's length), the
        // solve's by 2e-14.
        specs.push(("100x100, 2000 jumps".into(), big_board()));
        for (cols, rows, jumps) in [(5, 5, 4), (10, 10, 12), (20, 20, 60), (30, 30, 150), (40, 40, 600)] {
            for overshoot in [Overshoot::Bounce, Overshoot::Forfeit, Overshoot::ReachOrPass] {
                let mut spec = random_board(cols, rows, jumps);
                spec.rules.overshoot = overshoot;
                specs.push((format!("{cols}x{rows}, {jumps} jumps, {overshoot:?}"), with_turn_effects(spec.clone())));
                specs.push((format!("{cols}x{rows}, {jumps} jumps, {overshoot:?}, plain"), spec));
            }
        }
        for (name, spec) in specs {
            let board = compile(&spec).board;
            let chain = RollChain::new(&board, Scope::FromStart);
            if chain.check_finishes().is_err() {
                continue;
            }
            let solved = Visits::new(&chain, &Factored::new(&chain.q).expect("it finishes"));
            let until = Until { tail: 1e-12, bound: 1e-12, max_steps: 1_000_000 };
            let (_, counted) = run(story_and_visits(&chain, until, &Meter::default())).expect("it finishes");
            let largest = solved.per_state.iter().copied().fold(0.0, f64::max);
            for (x, (a, b)) in counted.per_state.iter().zip(&solved.per_state).enumerate() {
                assert!((a - b).abs() <= 1e-12 * largest, "{name}: state {x}: {a} counted, {b} solved");
            }
            let (a, b) = (counted.expected_rolls, solved.expected_rolls);
            assert!((a - b).abs() <= 1e-12 * b, "{name}: {a} rolls counted, {b} solved");
            for (a, b) in counted.jump_uses.iter().zip(&solved.jump_uses) {
                assert!((a - b).abs() <= 1e-12 * b.max(1.0), "{name}: {a} rides counted, {b} solved");
            }
        }
    }
}
