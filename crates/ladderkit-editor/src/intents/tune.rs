//! The Tune panel's requests (`crate::tune` acts on them).

use ladderkit::core::Seats;
use ladderkit::core::spec::VariantSpec;
use ladderkit::tune::{EffectKind, EffectLimits, Goal, Limits};

/// What the panel asks for: targets, limits and how long to look.
#[derive(Debug, Clone, PartialEq)]
pub struct Request {
    pub goal: Goal,
    /// Limits; `None` counts keep the board's.
    pub ladders: Option<(u32, u32)>,
    pub snakes: Option<(u32, u32)>,
    pub min_length: u32,
    pub no_chains: bool,
    pub free: Option<(u32, u32)>,
    pub keep: Vec<(u32, u32)>,
    pub seed: u64,
    pub seconds: f64,
    /// The table the before/after seat odds are for.
    pub players: Seats,
    /// Keep my layout, 0 to 100.
    pub keep_layout: u32,
    /// How many spaces of each kind of effect (`EffectKind::ALL`'s order;
    /// `None` keeps the board's count), and the most turns one space may
    /// cost. With every count `None` the effects stay as they are.
    pub effects: [Option<(u32, u32)>; 5],
    pub max_lose: u32,
    /// No effect on these spaces; spaces whose effects stay.
    pub no_effect_on: Option<(u32, u32)>,
    pub keep_effects: Vec<u32>,
}

impl Request {
    pub fn limits(&self, spec: &VariantSpec) -> Limits {
        let mut limits = Limits::keeping_counts(&spec.jumps);
        if self.effects.iter().any(Option::is_some) {
            let mut effects = EffectLimits::keeping_counts(&spec.effects);
            for (kind, range) in EffectKind::ALL.into_iter().zip(self.effects) {
                if let Some((a, b)) = range {
                    effects.set_range(kind, a..=b);
                }
            }
            effects.max_lose = self.max_lose.max(1);
            effects.none_on = self.no_effect_on.map(|(a, b)| vec![a..=b]).unwrap_or_default();
            effects.keep.clone_from(&self.keep_effects);
            limits.effects = Some(effects);
        }
        if let Some((a, b)) = self.ladders {
            limits.ladders = a..=b;
        }
        if let Some((a, b)) = self.snakes {
            limits.snakes = a..=b;
        }
        limits.min_length = self.min_length;
        limits.no_chains = self.no_chains;
        limits.free = self.free.map(|(a, b)| vec![a..=b]).unwrap_or_default();
        limits.keep = self.keep.clone();
        limits
    }
}

#[derive(Debug, Clone, PartialEq)]
pub enum TuneIntent {
    Run(Box<Request>),
    /// Stop the search and propose the best board so far.
    Stop,
    Discard,
}
