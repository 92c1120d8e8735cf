//! One player, one turn at a time. A turn may hold several rolls (extra
//! turns) or none (a lost turn), so its state is the piece's position plus
//! the turns it still has to skip.

use ladderkit_core::CompiledBoard;

use crate::{AnalysisError, Options};

/// Per round t (index t-1): what happened to one player in their t-th turn.
pub(crate) struct ByTurns {
    /// Chance the player is still playing after t turns; index 0 is 1.0.
    pub survival: Vec<f64>,
    /// Chance the player finishes during turn t; index 0 is 0.0.
    pub finished: Vec<f64>,
    /// Expected rolls made in turn t by a player still playing then.
    pub rolls: Vec<f64>,
    pub expected: f64,
}

impl ByTurns {
    pub fn finish_within(&self) -> Vec<f64> {
        self.survival.iter().map(|s| (1.0 - s).max(0.0)).collect()
    }
}

/// Below this share of the unfinished games, mass still rolling extra
/// turns inside one turn is dropped (far below the analysis' precision).
const NEGLIGIBLE: f64 = 1e-14;

/// Where one roll from each position leads, resolved once and merged by
/// destination, so the loop below is branch-free sparse arithmetic.
struct Rows {
    offsets: Vec<usize>,
    entries: Vec<(u32, f64)>,
}

impl Rows {
    fn new() -> Self {
        Self { offsets: vec![0], entries: Vec::new() }
    }

    fn add(&mut self, row_start: usize, to: usize, p: f64) {
        match self.entries[row_start..].iter_mut().find(|(d, _)| *d as usize == to) {
            Some((_, q)) => *q += p,
            None => self.entries.push((to as u32, p)),
        }
    }

    fn row(&self, pos: usize) -> &[(u32, f64)] {
        &self.entries[self.offsets[pos]..self.offsets[pos + 1]]
    }
}

pub(crate) fn iterate(
    board: &CompiledBoard,
    options: &Options,
    stop: &dyn Fn(f64) -> bool,
) -> Result<ByTurns, AnalysisError> {
    let n = board.points.len();
    let lose_levels = board.rest.iter().map(|r| r.lose_turns).max().unwrap_or(0) as usize + 1;
    let index = |pos: u32, lose: u32| pos as usize * lose_levels + lose as usize;
    // Per position: the chance a roll wins; rolls that roll again (when the
    // cap allows); rolls that end the turn, when another is allowed and
    // when it is not.
    let mut wins = vec![0.0; n];
    let (mut again_rows, mut end_rows, mut capped_rows) = (Rows::new(), Rows::new(), Rows::new());
    for pos in 0..n as u32 {
        let starts = (again_rows.entries.len(), end_rows.entries.len(), capped_rows.entries.len());
        for o in &board.outcomes {
            let (r, p) = (board.resolve(pos, o), board.probability(o));
            if r.won {
                wins[pos as usize] += p;
                continue;
            }
            let (rest, lose) = (r.step.rest, r.lose_turns);
            capped_rows.add(starts.2, index(rest, lose), p);
            match (r.extra_turn, lose) {
                (true, 0) => again_rows.add(starts.0, rest as usize, p),
                // The extra turn is the first one lost.
                (true, _) => end_rows.add(starts.1, index(rest, lose - 1), p),
                (false, _) => end_rows.add(starts.1, index(rest, lose), p),
            }
        }
        again_rows.offsets.push(again_rows.entries.len());
        end_rows.offsets.push(end_rows.entries.len());
        capped_rows.offsets.push(capped_rows.entries.len());
    }
    let mut mass = vec![0.0; n * lose_levels];
    mass[index(board.start, 0)] = 1.0;
    let mut next = vec![0.0; mass.len()];
    // Pieces in the middle of a turn, about to roll again.
    let mut rolling = vec![0.0; n];
    let mut rolling_next = vec![0.0; n];
    let mut out = ByTurns { survival: vec![1.0], finished: vec![0.0], rolls: vec![0.0], expected: 0.0 };
    let (mut survival, mut previous) = (1.0, 1.0);
    while survival > options.tail {
        if out.survival.len() > options.max_steps {
            return Err(AnalysisError::TooLong {
                steps: options.max_steps,
                unfinished: format!("{:.3}%", survival * 100.0),
            });
        }
        if out.survival.len().is_multiple_of(64) && stop(0.5 + 0.5 * crate::progress(survival, options.tail)) {
            return Err(AnalysisError::Cancelled);
        }
        out.expected += survival;
        next.iter_mut().for_each(|m| *m = 0.0);
        rolling.iter_mut().for_each(|m| *m = 0.0);
        for (state, &m) in mass.iter().enumerate() {
            if m == 0.0 {
                continue;
            }
            let (pos, lose) = (state / lose_levels, state % lose_levels);
            if lose > 0 {
                next[state - 1] += m;
            } else {
                rolling[pos] += m;
            }
        }
        let (mut rolls, mut finished) = (0.0, 0.0);
        let mut turns_in_row = 1;
        loop {
            let live: f64 = rolling.iter().sum();
            if live < NEGLIGIBLE * survival {
                break;
            }
            rolling_next.iter_mut().for_each(|m| *m = 0.0);
            let again = board.allows_another_turn(turns_in_row);
            for (pos, &m) in rolling.iter().enumerate() {
                if m == 0.0 {
                    continue;
                }
                rolls += m;
                finished += m * wins[pos];
                if again {
                    for &(d, p) in again_rows.row(pos) {
                        rolling_next[d as usize] += m * p;
                    }
                    for &(d, p) in end_rows.row(pos) {
                        next[d as usize] += m * p;
                    }
                } else {
                    for &(d, p) in capped_rows.row(pos) {
                        next[d as usize] += m * p;
                    }
                }
            }
            std::mem::swap(&mut rolling, &mut rolling_next);
            turns_in_row += 1;
        }
        std::mem::swap(&mut mass, &mut next);
        previous = survival;
        survival = mass.iter().sum();
        out.survival.push(survival);
        out.finished.push(finished);
        out.rolls.push(rolls);
    }
    let ratio = if previous > 0.0 { survival / previous } else { 0.0 };
    if ratio < 1.0 {
        out.expected += survival / (1.0 - ratio);
    }
    Ok(out)
}
