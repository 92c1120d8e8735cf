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

/// One roll from a position, resolved once: where it rests and what the
/// space does to the turn.
#[derive(Clone, Copy)]
struct Roll {
    p: f64,
    rest: u32,
    lose_turns: u32,
    won: bool,
    extra_turn: bool,
}

pub(crate) fn iterate(
    board: &CompiledBoard,
    options: &Options,
    stop: &dyn Fn(f64) -> bool,
) -> Result<ByTurns, AnalysisError> {
    let n = board.points.len();
    let mut offsets = Vec::with_capacity(n + 1);
    let mut table = Vec::with_capacity(n * board.outcomes.len());
    for pos in 0..n as u32 {
        offsets.push(table.len());
        for o in &board.outcomes {
            let r = board.resolve(pos, o);
            table.push(Roll {
                p: board.probability(o),
                rest: r.step.rest,
                lose_turns: r.lose_turns,
                won: r.won,
                extra_turn: r.extra_turn,
            });
        }
    }
    offsets.push(table.len());
    let lose_levels = board.rest.iter().map(|r| r.lose_turns).max().unwrap_or(0) as usize + 1;
    let index = |pos: u32, lose: u32| pos as usize * lose_levels + lose as usize;
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
            for (pos, &m) in rolling.iter().enumerate() {
                if m == 0.0 {
                    continue;
                }
                rolls += m;
                let again = board.allows_another_turn(turns_in_row);
                for r in &table[offsets[pos]..offsets[pos + 1]] {
                    let mp = m * r.p;
                    if r.won {
                        finished += mp;
                    } else if r.extra_turn && again && r.lose_turns == 0 {
                        rolling_next[r.rest as usize] += mp;
                    } else if r.extra_turn && again {
                        // The extra turn is the first one lost.
                        next[index(r.rest, r.lose_turns - 1)] += mp;
                    } else {
                        next[index(r.rest, r.lose_turns)] += mp;
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
