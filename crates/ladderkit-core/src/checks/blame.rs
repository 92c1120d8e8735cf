//! What keeps pieces from the goal, for `goal-unreachable`'s help: the jumps
//! that send pieces where the goal cannot be reached from, and which change
//! would open it. Every suggestion is tried on a copy of the board before
//! it is made, so the help never advises what would not work.

use crate::board::{CompiledBoard, dice_outcomes};
use crate::checks::{Reachability, resolve_landings};
use crate::moves::Moves;
use crate::spec::{Overshoot, VariantSpec};

/// Culprits tried one by one (each try is a reachability pass).
const TRIED: usize = 8;

/// Why the goal cannot be reached.
pub(crate) struct Blame {
    /// Board jumps to blame: a piece resting on the foot could still finish,
    /// the jump takes it where it cannot.
    pub jumps: Vec<usize>,
    /// Those of `jumps` whose removal alone opens the goal.
    pub opened_by_one: Vec<usize>,
    /// Removing every culprit opens the goal.
    pub opened_by_all: bool,
    /// `overshoot: Bounce` would open it.
    pub bounce_opens: bool,
    /// One die of the same sides would open it.
    pub one_die_opens: bool,
}

impl Blame {
    pub(crate) fn new(spec: &VariantSpec, board: &CompiledBoard, reach: &Reachability) -> Self {
        let jumps = culprits(board, reach);
        let opens = |b: &CompiledBoard| Reachability::new(b).trapped().is_empty();
        let without = |gone: &[usize]| {
            let mut b = board.clone();
            for &j in gone {
                b.jump_at[board.jumps[j].from as usize] = None;
            }
            resolve_landings(&mut b, spec.rules.follow_chains);
            b
        };
        let opened_by_one: Vec<usize> = jumps.iter().take(TRIED).copied().filter(|&j| opens(&without(&[j]))).collect();
        let opened_by_all = !jumps.is_empty() && opened_by_one.is_empty() && opens(&without(&jumps));
        let bounce_opens = board.overshoot == Overshoot::Forfeit && {
            let mut b = board.clone();
            b.overshoot = Overshoot::Bounce;
            opens(&b)
        };
        let one_die_opens = board.dice.count > 1 && {
            let mut b = board.clone();
            b.outcomes = dice_outcomes(1, board.dice.sides, None).0;
            opens(&b)
        };
        Self { jumps, opened_by_one, opened_by_all, bounce_opens, one_die_opens }
    }
}

/// Jumps from a space pieces land on, from which a piece could still
/// finish (the goal a roll away, or a space that finishes), to a space from
/// which it cannot.
fn culprits(board: &CompiledBoard, reach: &Reachability) -> Vec<usize> {
    let mut totals: Vec<u32> = board.outcomes.iter().map(|o| o.total).collect();
    totals.dedup();
    let mut landed = vec![false; board.points.len()];
    let mut could_finish = vec![false; board.jumps.len()];
    for &t in &totals {
        let mut moves = Moves::new(board, t);
        for pos in (0..board.points.len() as u32).filter(|p| reach.reachable[*p as usize] && *p != board.goal) {
            let step = moves.step(pos);
            if !step.forfeited {
                landed[step.end as usize] = true;
            }
        }
        for (j, could) in could_finish.iter_mut().enumerate() {
            let step = moves.step(board.jumps[j].from);
            *could |= !step.forfeited && (step.end == board.goal || reach.finishes[step.rest as usize]);
        }
    }
    (0..board.jumps.len())
        .filter(|&j| {
            let foot = board.jumps[j].from;
            let sends_away = !reach.finishes[board.landing[foot as usize] as usize];
            // The jump at a foot is the one taken (chains start there).
            board.jump_at[foot as usize] == Some(j as u32) && landed[foot as usize] && sends_away && could_finish[j]
        })
        .collect()
}
