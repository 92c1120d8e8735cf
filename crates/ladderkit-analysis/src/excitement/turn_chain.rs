//! One piece, one whole turn at a time, for the race's measures at any
//! table: lost turns and extra turns make a turn none, one or several
//! rolls, and the seats take turns, so the other seats' standing changes
//! from turn to turn while a turn's rolls each may change the lead.
//!
//! A turn state is (roll-chain state, pending lost turns), numbered as
//! `TurnRolls` numbers them (position order). Built once per board from
//! `TurnRolls`, the turn rules' one reading: `turn` takes a turn state to
//! where the turn ends, `rolls[k]` to where the piece rolls the turn's
//! `k + 1`-th roll from. Where turns are rolls, `turn` is the roll chain
//! and `rolls` is empty (each turn's one roll is from where it stands).

use ladderkit_core::work::pause;

use crate::AnalysisError;
use crate::chain::{RollChain, Transient};
use crate::turns::{TurnRolls, turns_are_rolls};

/// Mass left rolling extra turns within one turn, per unit of mass that
/// began it, below which it is dropped.
const NEGLIGIBLE: f64 = 1e-18;

/// Squares built between pauses of `TurnChain::stepped`: the 100 × 100
/// board's chain is a few milliseconds, more than a frame holds beside the
/// rest.
pub(super) const SQUARES_A_STEP: usize = 512;

/// Rolls within one turn beyond which a board is refused (an extra-turn
/// loop a piece hardly ever leaves).
const MAX_ROLLS_IN_TURN: usize = 100_000;

pub(super) struct TurnChain<'a> {
    pub rolls_of: TurnRolls<'a>,
    /// Pending lost turns run from 0 to `levels − 1`.
    pub levels: usize,
    /// One whole turn: turn state → turn state; what is left finishes.
    pub turn: Transient,
    /// Per turn state: the chance the turn finishes the game.
    pub win: Vec<f64>,
    /// Per turn state: free to roll and one roll from the goal (another
    /// seat in such a state makes a finish a photo finish).
    pub ready: Vec<bool>,
    /// Per roll of a turn: turn state → roll-chain states it is rolled
    /// from, with their mass.
    pub rolls: Vec<Transient>,
}

impl<'a> TurnChain<'a> {
    pub fn new(chain: &RollChain<'a>) -> Result<Self, AnalysisError> {
        ladderkit_core::work::run(Self::stepped(chain))
    }

    /// `new`, pausing every `SQUARES_A_STEP` squares.
    pub async fn stepped(chain: &RollChain<'a>) -> Result<Self, AnalysisError> {
        let rolls_of = TurnRolls::new(chain);
        let levels = rolls_of.lose_levels;
        let ready = (0..chain.states() * levels).map(|s| s % levels == 0 && chain.win[s / levels] > 0.0).collect();
        if turns_are_rolls(chain.board) {
            let (turn, win) = (chain.q.clone(), chain.win.clone());
            return Ok(Self { rolls_of, levels, turn, win, ready, rolls: Vec::new() });
        }
        let n = chain.states();
        let mut turn = Transient::with_capacity(n * levels, 6);
        let mut win = vec![0.0; n * levels];
        // Per roll of a turn: its rows so far (closed up to each state).
        let mut rolls: Vec<Transient> = Vec::new();
        let (mut rolling, mut next) = (Sparse::new(n), Sparse::new(n));
        for x in 0..n {
            if x % SQUARES_A_STEP == SQUARES_A_STEP - 1 {
                pause().await;
            }
            for lose in 0..levels {
                let state = x * levels + lose;
                if lose > 0 {
                    turn.add((state - 1) as u32, 1.0);
                    turn.close_row();
                    continue;
                }
                rolling.clear();
                rolling.add(x, 1.0);
                let mut k = 0;
                while rolling.total() > NEGLIGIBLE {
                    if k == MAX_ROLLS_IN_TURN {
                        return Err(AnalysisError::TooLong {
                            steps: MAX_ROLLS_IN_TURN,
                            unfinished: format!("{:.2e} (rolls in one turn)", rolling.total()),
                        });
                    }
                    if rolls.len() == k {
                        rolls.push(Transient::with_capacity(n * levels, 1));
                    }
                    let row = &mut rolls[k];
                    while row.states() < state {
                        row.close_row();
                    }
                    next.clear();
                    let (again, end) = rolls_of.rows(k as u32 + 1);
                    for &(y, m) in rolling.entries() {
                        row.add(y as u32, m);
                        win[state] += m * rolls_of.wins[y];
                        for &(d, p) in again.map_or(&[][..], |a| a.row(y)) {
                            next.add(d as usize, m * p);
                        }
                        for &(d, p) in end.row(y) {
                            turn.add(d, m * p);
                        }
                    }
                    row.close_row();
                    std::mem::swap(&mut rolling, &mut next);
                    k += 1;
                }
                turn.close_row();
            }
        }
        for row in &mut rolls {
            while row.states() < n * levels {
                row.close_row();
            }
        }
        Ok(Self { rolls_of, levels, turn, win, ready, rolls })
    }

    /// Turn states.
    pub fn states(&self) -> usize {
        self.win.len()
    }

    /// One piece's mass per roll-chain state (its position), from its mass
    /// per turn state.
    pub fn by_position<'v>(&self, d: &'v [f64], out: &'v mut [f64]) -> &'v [f64] {
        if self.levels == 1 {
            return d;
        }
        for (o, states) in out.iter_mut().zip(d.chunks_exact(self.levels)) {
            *o = states.iter().sum();
        }
        out
    }

    /// Where the turn's rolls are rolled from, roll by roll (`per_roll`,
    /// one vector a roll of the turn; none where turns are rolls: each
    /// turn's one roll is from `d`) and summed (returned), for a piece on
    /// `d` (turn states) when its turn begins.
    pub fn rolls_from<'v>(&self, d: &'v [f64], per_roll: &mut [Vec<f64>], all: &'v mut [f64]) -> &'v [f64] {
        if self.rolls.is_empty() {
            return d;
        }
        all.iter_mut().for_each(|m| *m = 0.0);
        for (k, out) in self.rolls.iter().zip(per_roll.iter_mut()) {
            out.iter_mut().for_each(|m| *m = 0.0);
            k.push_onto(d, out);
            all.iter_mut().zip(out.iter()).for_each(|(a, m)| *a += m);
        }
        all
    }
}

/// A mass over a few of many states: the dense values and which are set.
struct Sparse {
    set: Vec<(usize, f64)>,
    index: Vec<u32>,
}

impl Sparse {
    fn new(n: usize) -> Self {
        Self { set: Vec::new(), index: vec![u32::MAX; n] }
    }

    fn clear(&mut self) {
        for &(x, _) in &self.set {
            self.index[x] = u32::MAX;
        }
        self.set.clear();
    }

    fn add(&mut self, x: usize, m: f64) {
        match self.index[x] {
            u32::MAX => {
                self.index[x] = self.set.len() as u32;
                self.set.push((x, m));
            }
            i => self.set[i as usize].1 += m,
        }
    }

    fn entries(&self) -> &[(usize, f64)] {
        &self.set
    }

    fn total(&self) -> f64 {
        self.set.iter().map(|(_, m)| m).sum()
    }
}
