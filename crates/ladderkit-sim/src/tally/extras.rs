//! What points, chips and arrows did over a run.

use ladderkit_core::Seats;
use ladderkit_core::spec::ArrowKind;
use ladderkit_engine::{Event, State, Why};

/// Counted per game by the event sink, then added up.
#[derive(Debug, Clone, Default, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct ExtrasTally {
    /// Final points per seat, summed over games.
    pub seat_points: Vec<u64>,
    pub chips_taken: u64,
    pub upgrades: u64,
    pub powers_used: u64,
    /// Activations: double up, deploy, extra turn.
    pub activations: [u64; 3],
    /// Arrow spaces rested on without activating (2 points each).
    pub arrow_points: u64,
    /// Games where the player who reached the goal did not win on points.
    pub racer_lost: u64,
}

impl ExtrasTally {
    pub fn new(seats: Seats) -> Self {
        Self { seat_points: vec![0; seats.count()], ..Self::default() }
    }

    pub(crate) fn count(&mut self, event: &Event) {
        match *event {
            Event::ChipTaken { .. } => self.chips_taken += 1,
            Event::Upgraded { .. } => self.upgrades += 1,
            Event::PowerUsed { .. } => self.powers_used += 1,
            Event::Scored { why: Why::Arrow, .. } => self.arrow_points += 1,
            Event::ArrowActivated { kind, .. } => {
                self.activations[match kind {
                    ArrowKind::DoubleUp => 0,
                    ArrowKind::Deploy { .. } => 1,
                    ArrowKind::ExtraTurn => 2,
                }] += 1;
            }
            _ => {}
        }
    }

    pub(crate) fn end_game(&mut self, s: &State) {
        for (sum, p) in self.seat_points.iter_mut().zip(&s.players) {
            *sum += u64::from(p.points);
        }
        let racer = s.pieces.iter().find(|q| q.home).map(|q| q.owner);
        if racer.is_some_and(|r| s.winners & (1 << r) == 0) {
            self.racer_lost += 1;
        }
    }

    pub(crate) fn merge(&mut self, other: &ExtrasTally) {
        self.checked_merge(other).expect("a run's counts fit in u64");
    }

    /// `merge`, or `None` when a count would pass `u64::MAX`.
    pub(crate) fn checked_merge(&mut self, other: &ExtrasTally) -> Option<()> {
        super::add_into(&mut self.seat_points, &other.seat_points)?;
        super::add_into(&mut self.activations, &other.activations)?;
        for (a, b) in [
            (&mut self.chips_taken, other.chips_taken),
            (&mut self.upgrades, other.upgrades),
            (&mut self.powers_used, other.powers_used),
            (&mut self.arrow_points, other.arrow_points),
            (&mut self.racer_lost, other.racer_lost),
        ] {
            *a = a.checked_add(b)?;
        }
        Some(())
    }

    /// Per-game means, for reports.
    pub fn report(&self, games: u64) -> ExtrasReport {
        let g = games.max(1) as f64;
        ExtrasReport {
            seat_points: self.seat_points.iter().map(|p| *p as f64 / g).collect(),
            chips_taken: self.chips_taken as f64 / g,
            upgrades: self.upgrades as f64 / g,
            powers_used: self.powers_used as f64 / g,
            activations: self.activations.map(|a| a as f64 / g),
            arrow_points: self.arrow_points as f64 / g,
            racer_lost: self.racer_lost as f64 / g,
        }
    }
}

/// Per-game means over a run.
#[derive(Debug, Clone, PartialEq)]
pub struct ExtrasReport {
    pub seat_points: Vec<f64>,
    pub chips_taken: f64,
    pub upgrades: f64,
    pub powers_used: f64,
    /// Double up, deploy, extra turn.
    pub activations: [f64; 3],
    pub arrow_points: f64,
    /// Share of games the first piece home lost on points.
    pub racer_lost: f64,
}
