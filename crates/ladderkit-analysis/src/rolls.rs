//! One piece, one roll at a time. Lost and extra turns do not move pieces,
//! so this chain alone decides the roll statistics, the heat and the jump
//! use: expectations from one solve with the fundamental matrix, the
//! game-length distribution from the iterated chain and its geometric tail.

use faer::Mat;
use ladderkit_core::work::Meter;

use crate::AnalysisError;
use crate::chain::{NONE, RollChain};
use crate::linear::Factored;
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
    pub fn new(chain: &RollChain, lu: &Factored) -> Self {
        let board = chain.board;
        let per_state = lu.visits(chain.start as usize);
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

/// One roll of the game's chain.
struct Roll<'c, 'a>(&'c RollChain<'a>);

impl Stepper for Roll<'_, '_> {
    fn step(&mut self, from: &[f64], to: &mut [f64]) -> (f64, f64) {
        self.0.q.push(from, to);
        let won = from.iter().zip(&self.0.win).map(|(m, w)| m * w).sum();
        (won, from.iter().sum())
    }
}

/// The game-length distribution in rolls.
pub(crate) async fn story(chain: &RollChain<'_>, until: Until, meter: &Meter) -> Result<Story, AnalysisError> {
    let mut start = vec![0.0; chain.states()];
    start[chain.start as usize] = 1.0;
    crate::tail::story(start, &mut Roll(chain), until, meter, (0.1, 0.5)).await
}

/// Right-hand sides solved together: a block of this many columns keeps
/// the triangular solves in cache and uses faer's blocked kernels.
const BLOCK: usize = 32;

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
