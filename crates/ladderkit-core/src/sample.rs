//! Generated boards that are the same on every run and every machine: the
//! benchmarks' boards, and the editor's `--bench` (native and in the web
//! page), so that their figures are of the same work.

use crate::spec::{Jump, Overshoot, PathStyle, VariantSpec};

/// A `cols × rows` board with `jumps` jumps on distinct feet and bounce at
/// the goal, from a fixed LCG (no RNG crate needed, the same board every
/// run). Chains are allowed (warnings); these parameters give no loops.
pub fn random_board(cols: u32, rows: u32, jumps: usize) -> VariantSpec {
    let mut spec = VariantSpec::new_grid("bench", cols, rows, PathStyle::Boustrophedon);
    spec.rules.overshoot = Overshoot::Bounce;
    let spaces = cols * rows;
    let mut state: u64 = 0x5eed;
    let mut next = move |n: u32| {
        state = state.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
        ((state >> 33) % u64::from(n)) as u32
    };
    let mut used = vec![false; spaces as usize + 1];
    while spec.jumps.len() < jumps {
        let (from, to) = (2 + next(spaces - 3), 1 + next(spaces - 1));
        if from != to && !used[from as usize] {
            used[from as usize] = true;
            spec.jumps.push(Jump::new(from, to));
        }
    }
    spec
}

/// The largest board the editor must handle: 100 × 100 with 2,000 jumps.
pub fn big_board() -> VariantSpec {
    random_board(100, 100, 2000)
}
