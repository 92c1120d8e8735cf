//! What the search may do to a board: how many ladders and snakes, how
//! long, which jumps it must leave alone, where no jump may start.
//! Everything here is in printed space numbers, as in the file.

use std::ops::RangeInclusive;

use ladderkit_core::spec::Jump;

use crate::effects::EffectLimits;

#[derive(Debug, Clone, PartialEq)]
pub struct Limits {
    pub ladders: RangeInclusive<u32>,
    pub snakes: RangeInclusive<u32>,
    /// Every jump spans at least this many spaces.
    pub min_length: u32,
    /// And at most this many.
    pub max_length: Option<u32>,
    /// Jumps (from, to) the search may not move or remove.
    pub keep: Vec<(u32, u32)>,
    /// No jump ends on another jump's foot.
    pub no_chains: bool,
    /// No jump starts in these ranges of spaces.
    pub free: Vec<RangeInclusive<u32>>,
    /// What the search may do to the space effects; `None`: leave them.
    pub effects: Option<EffectLimits>,
}

impl Limits {
    /// Limits that keep a board's counts of ladders and snakes and let
    /// everything else move.
    pub fn keeping_counts(jumps: &[Jump]) -> Self {
        let ladders = jumps.iter().filter(|j| j.to > j.from).count() as u32;
        let snakes = jumps.len() as u32 - ladders;
        Self {
            ladders: ladders..=ladders,
            snakes: snakes..=snakes,
            min_length: 1,
            max_length: None,
            keep: Vec::new(),
            no_chains: false,
            free: Vec::new(),
            effects: None,
        }
    }

    pub fn is_kept(&self, j: &Jump) -> bool {
        self.keep.contains(&(j.from, j.to))
    }

    /// Whether one jump may be on the board, on its own.
    pub fn allows_jump(&self, j: &Jump) -> bool {
        ladderkit_core::deal::jump_fits(j, self.min_length, self.max_length, &self.free)
    }

    /// Whether a whole set of jumps keeps to the limits (the counts, every
    /// jump, distinct feet, the kept jumps, chains).
    pub fn allows(&self, jumps: &[Jump]) -> bool {
        let ladders = jumps.iter().filter(|j| j.to > j.from).count() as u32;
        let snakes = jumps.len() as u32 - ladders;
        self.ladders.contains(&ladders)
            && self.snakes.contains(&snakes)
            && self.keep.iter().all(|k| jumps.iter().any(|j| (j.from, j.to) == *k))
            && jumps.iter().all(|j| self.is_kept(j) || self.allows_jump(j))
            && self.allows_layout(jumps)
    }

    /// Whether jumps fit together: one per foot, and no chains if asked.
    pub fn allows_layout(&self, jumps: &[Jump]) -> bool {
        ladderkit_core::deal::layout_fits(jumps, self.no_chains)
    }

    /// What is wrong with the limits themselves, for a usage message.
    pub fn problems(&self, jumps: &[Jump]) -> Vec<String> {
        let mut out = Vec::new();
        for (name, r) in [("--ladders", &self.ladders), ("--snakes", &self.snakes)] {
            if r.is_empty() {
                out.push(format!("{name} {}..{} is empty: write the smaller number first", r.start(), r.end()));
            }
        }
        if self.max_length.is_some_and(|max| max < self.min_length) {
            out.push("--max-length is below --min-length".into());
        }
        for k in &self.keep {
            if !jumps.iter().any(|j| (j.from, j.to) == *k) {
                out.push(format!("--keep {}-{}: the board has no such jump", k.0, k.1));
            }
        }
        let kept_ladders = self.keep.iter().filter(|(a, b)| b > a).count() as u32;
        let kept_snakes = self.keep.len() as u32 - kept_ladders;
        if kept_ladders > *self.ladders.end() || kept_snakes > *self.snakes.end() {
            out.push("--keep holds more jumps of a kind than --ladders/--snakes allow".into());
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn counts_lengths_feet_and_chains() {
        let board = [Jump::new(3, 20), Jump::new(30, 8)];
        let mut limits = Limits::keeping_counts(&board);
        assert!(limits.allows(&board));
        assert!(!limits.allows(&[Jump::new(3, 20), Jump::new(8, 30)]), "two ladders, one allowed");
        assert!(!limits.allows(&[Jump::new(3, 20), Jump::new(3, 1)]), "one foot, two jumps");
        limits.no_chains = true;
        assert!(!limits.allows(&[Jump::new(3, 20), Jump::new(20, 8)]), "20 is a foot and a head");
        limits.min_length = 20;
        assert!(!limits.allows(&board), "30 → 8 is 22 long, 3 → 20 only 17");
        limits.keep = vec![(3, 20)];
        assert!(limits.allows(&board), "a kept jump is exempt");
        limits.free = vec![25..=35];
        assert!(!limits.allows(&board), "30 is in the free zone");
    }
}
