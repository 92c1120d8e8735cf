//! Counting jump rides in the kernels' hot loops: a move stores its first
//! jump plus one (0 for none), and slot 0 of the count stands for "no
//! jump", so counting a move needs no branch; chains (rare) are walked.

use ladderkit_core::CompiledBoard;

/// A move ending at `end`: its first jump plus one (0 for none), and
/// whether more jumps follow it.
pub(crate) fn first_jump(board: &CompiledBoard, end: u32) -> (u16, bool) {
    let mut chain = board.chain(end);
    let first = chain.next().map_or(0, |j| j as u16 + 1);
    (first, chain.next().is_some())
}

/// Rides per jump, plus the "no jump" slot at 0.
#[derive(Debug, Default)]
pub(crate) struct Rides(Vec<u64>);

impl Rides {
    pub(crate) fn reset(&mut self, board: &CompiledBoard) {
        self.0.clear();
        self.0.resize(board.jumps.len() + 1, 0);
    }

    /// One move, as `first_jump` described it.
    #[inline(always)]
    pub(crate) fn count(&mut self, board: &CompiledBoard, first: u16, chained: bool, end: u16) {
        if chained {
            for j in board.chain(u32::from(end)) {
                self.0[j as usize + 1] += 1;
            }
        } else {
            self.0[usize::from(first)] += 1;
        }
    }

    /// Adds the rides to a tally's per-jump counts.
    pub(crate) fn add_to(&self, jumps: &mut [u64]) {
        for (total, n) in jumps.iter_mut().zip(&self.0[1..]) {
            *total += n;
        }
    }
}
