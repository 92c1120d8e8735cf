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

/// `spec` with turns that are not one roll each: a lost turn (or two) on
/// every 25th space from 12, an extra turn on every 25th from 19 (jump
/// feet, the start and the goal left alone), another turn on a 6 and at
/// most three turns in a row. The benchmarks' and tests' race with
/// effects.
pub fn with_turn_effects(mut spec: VariantSpec) -> VariantSpec {
    use crate::spec::{Effect, ExtraTurnOn, SpaceEffect};
    let feet: std::collections::HashSet<u32> = spec.jumps.iter().map(|j| j.from).collect();
    let spaces = u32::try_from(crate::layout::space_count(&spec.board)).unwrap_or(u32::MAX);
    for space in 2..spaces {
        let effect = match space % 25 {
            12 => Effect::LoseTurns(1 + space % 2),
            19 => Effect::ExtraTurn,
            _ => continue,
        };
        if !feet.contains(&space) {
            spec.effects.push(SpaceEffect { space, effect });
        }
    }
    spec.rules.extra_turn = Some(ExtraTurnOn::Total(6));
    spec.rules.max_consecutive_turns = Some(3);
    spec
}
