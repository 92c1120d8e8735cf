//! Two level pieces part: which one is then alone in front. At two seats
//! a lead change is a new piece alone in front where the last piece alone
//! in front was the other; while the pieces are level that piece is not
//! where they stand, so the pass counts, when they meet, the chance that
//! their parting will change the lead. That chance depends only on the
//! square and the turn's state: who rolls next, each piece's pending lost
//! turns, and the turns taken in a row (under a cap). A roll from the
//! square goes ahead (a finish too), back, or stays; staying may earn
//! another roll or cost turns, so the chance is the fixed point of a
//! small chain per square, found by sweeping it.

use ladderkit_core::work::pause;

use super::turn_chain::{SQUARES_A_STEP, TurnChain};

/// Sweeps of one square's chain at most (its rolls stay level with a
/// chance near one only next to the goal under an exact finish).
const MAX_SWEEPS: usize = 100_000;

/// A sweep that changes no chance by more than this ends the square's: a
/// few units in the last place of a chance near 1 (a sweep can swing by
/// one for ever), off its fixed point by that over one minus the chance of
/// staying level for two rolls.
const SETTLED: f64 = 1e-15;

/// Per square, the chance that the mover is alone in front when level
/// pieces part there, by how the roll that brought it left it (its
/// `situation`: its turn over with so many turns to lose, or rolling on as
/// its so-many-th turn in a row) and the other piece's pending lost turns.
pub(super) struct Parting {
    levels: usize,
    /// Turns in a row that matter: the cap, or 1 without one.
    depth: usize,
    /// Situations a square: `levels`, and `depth` more where a roll can
    /// earn another.
    situations: usize,
    /// Per square, situation and the other's lost turns.
    ahead: Vec<f64>,
}

impl Parting {
    /// Pauses every `SQUARES_A_STEP` squares.
    pub async fn new(turns: &TurnChain<'_>) -> Self {
        let levels = turns.levels;
        let rolls = &turns.rolls_of;
        let depth = rolls.board.max_consecutive_turns.map_or(1, |cap| cap.max(1) as usize);
        let n = turns.states() / levels;
        let per_square = depth * levels * levels;
        // Per square, the chance that the piece about to roll there is
        // alone in front when they part, by (turns in a row, its pending
        // lost turns, the other's).
        let mut values = vec![0.5; n * per_square];
        let at = |k: usize, mine: usize, other: usize| ((k - 1) * levels + mine) * levels + other;
        for (y, square) in values.chunks_exact_mut(per_square).enumerate() {
            if y % SQUARES_A_STEP == SQUARES_A_STEP - 1 {
                pause().await;
            }
            for _ in 0..MAX_SWEEPS {
                let mut change: f64 = 0.0;
                for k in 1..=depth {
                    let (again, end) = rolls.rows(k as u32);
                    let next_k = (k + 1).min(depth);
                    for mine in 0..levels {
                        for other in 0..levels {
                            let v = if mine > 0 {
                                // The turn is lost: the other is about to roll.
                                1.0 - square[at(1, other, mine - 1)]
                            } else {
                                let mut v = rolls.wins[y];
                                for &(to, p) in again.map_or(&[][..], |a| a.row(y)) {
                                    match (to as usize).cmp(&y) {
                                        std::cmp::Ordering::Greater => v += p,
                                        std::cmp::Ordering::Equal => v += p * square[at(next_k, 0, other)],
                                        std::cmp::Ordering::Less => {}
                                    }
                                }
                                for &(to, p) in end.row(y) {
                                    let (place, lose) = (to as usize / levels, to as usize % levels);
                                    match place.cmp(&y) {
                                        std::cmp::Ordering::Greater => v += p,
                                        std::cmp::Ordering::Equal => v += p * (1.0 - square[at(1, other, lose)]),
                                        std::cmp::Ordering::Less => {}
                                    }
                                }
                                v
                            };
                            let slot = &mut square[at(k, mine, other)];
                            change = change.max((v - *slot).abs());
                            *slot = v;
                        }
                    }
                }
                if change <= SETTLED {
                    break;
                }
            }
        }
        let rolls_on = !rolls.again.is_empty();
        let situations = levels + if rolls_on { depth } else { 0 };
        let mut ahead = vec![0.0; n * situations * levels];
        for (y, out) in ahead.chunks_exact_mut(situations * levels).enumerate() {
            let value = |k: usize, mine: usize, other: usize| values[y * per_square + at(k, mine, other)];
            for (i, a) in out.iter_mut().enumerate() {
                let (situation, other) = (i / levels, i % levels);
                *a = if situation < levels {
                    // The other is about to roll.
                    1.0 - value(1, other, situation)
                } else {
                    value(situation - levels + 1, 0, other)
                };
            }
        }
        Self { levels, depth, situations, ahead }
    }

    /// How a roll onto the other piece can leave the mover: its turn over
    /// with `0..levels` turns to lose, or, where a roll can earn another,
    /// rolling on as its `1..=depth`-th turn in a row.
    pub fn situations(&self) -> usize {
        self.situations
    }

    /// The situation of a mover rolling on as its `turns_in_row`-th turn in
    /// a row.
    pub fn rolling_on(&self, turns_in_row: usize) -> usize {
        self.levels + turns_in_row.min(self.depth) - 1
    }

    /// Per square and situation, for the other piece standing there on
    /// `other` (turn states): the chance it is there times the chance the
    /// mover is alone in front when they part (`meet`, `situations()` a
    /// square; a mover whose turn ended with `mine` turns to lose is in
    /// situation `mine`).
    pub fn meeting(&self, other: &[f64], meet: &mut [f64]) {
        let (levels, per) = (self.levels, self.situations * self.levels);
        if levels == 1 {
            for ((out, ahead), m) in meet.chunks_exact_mut(self.situations).zip(self.ahead.chunks_exact(per)).zip(other)
            {
                out.iter_mut().zip(ahead).for_each(|(o, a)| *o = m * a);
            }
            return;
        }
        for ((out, ahead), there) in
            meet.chunks_exact_mut(self.situations).zip(self.ahead.chunks_exact(per)).zip(other.chunks_exact(levels))
        {
            for (o, ahead) in out.iter_mut().zip(ahead.chunks_exact(levels)) {
                *o = there.iter().zip(ahead).map(|(m, a)| m * a).sum();
            }
        }
    }
}
