//! Shared by the benchmarks: the largest board the editor must handle.

use ladderkit::core::spec::{Jump, Overshoot, PathStyle, VariantSpec};

/// A 100 × 100 board with 2,000 jumps on distinct feet, from a fixed LCG
/// (no RNG crate needed, the same board every run).
pub fn big_board() -> VariantSpec {
    let mut spec = VariantSpec::new_grid("bench", 100, 100, PathStyle::Boustrophedon);
    spec.rules.overshoot = Overshoot::Bounce;
    let mut state: u64 = 0x5eed;
    let mut next = move |n: u32| {
        state = state.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
        ((state >> 33) % u64::from(n)) as u32
    };
    let mut used = vec![false; 10_001];
    while spec.jumps.len() < 2000 {
        let (from, to) = (2 + next(9997), 1 + next(9999));
        if from != to && !used[from as usize] {
            used[from as usize] = true;
            spec.jumps.push(Jump::new(from, to));
        }
    }
    spec
}
