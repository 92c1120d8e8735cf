//! What a design should reach: targets on the exact figures, how far a
//! board misses them, and when it is close enough.

use ladderkit_analysis::{Metrics, Wanted};
use ladderkit_core::Seats;

/// A figure to aim at.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Target {
    /// Expected turns of one player.
    Turns(f64),
    /// `percent`% of games are over within this many rolls of one piece.
    Percentile { percent: u32, rolls: u32 },
    /// The fastest possible game takes at least this many rolls.
    MinRolls(u32),
    /// At a table of `players`, no seat wins more than `edge` above a fair
    /// share (`max win − 1/players`).
    SeatEdge { players: Seats, edge: f64 },
    /// Expected snakes and ladders one piece rides in a game.
    Rides(f64),
    /// Expected lead changes in a two-player game (by position).
    LeadChanges(f64),
    /// The chance (0 to 1) that, at a table of `players`, the winner was
    /// alone last half-way through a median game (two players: behind).
    Comeback { players: Seats, share: f64 },
    /// The chance (0 to 1) that, at a table of `players`, a game is decided
    /// late: won while another seat was one roll from winning (a photo
    /// finish).
    DecidedLate { players: Seats, share: f64 },
}

impl Target {
    /// The figure's name in reports.
    pub fn name(&self) -> String {
        match self {
            Self::Turns(_) => "expected turns".into(),
            Self::Percentile { percent, .. } => format!("p{percent} rolls"),
            Self::MinRolls(_) => "fewest rolls".into(),
            Self::SeatEdge { players, .. } => format!("seat edge ({players})"),
            Self::Rides(_) => "expected rides".into(),
            Self::LeadChanges(_) => "lead changes (2 players)".into(),
            Self::Comeback { players, .. } => format!("comeback ({players})"),
            Self::DecidedLate { players, .. } => format!("decided late ({players})"),
        }
    }

    /// What the target asks, in words: "25", "≥ 5", "≤ 0.0100".
    pub fn wanted(&self) -> String {
        match self {
            Self::Turns(t)
            | Self::Rides(t)
            | Self::LeadChanges(t)
            | Self::Comeback { share: t, .. }
            | Self::DecidedLate { share: t, .. } => format!("{t}"),
            Self::Percentile { rolls, .. } => rolls.to_string(),
            Self::MinRolls(n) => format!("≥ {n}"),
            Self::SeatEdge { edge, .. } => format!("≤ {edge}"),
        }
    }

    /// The board's value of the figure (from metrics that include it).
    pub fn value(&self, m: &Metrics) -> f64 {
        let value = match self {
            Self::Turns(_) => m.expected_turns,
            Self::Percentile { .. } => m.percentile.map(f64::from),
            Self::MinRolls(_) => m.fewest_rolls.map(f64::from),
            Self::SeatEdge { .. } => m.seat_edge,
            Self::Rides(_) => m.expected_rides,
            Self::LeadChanges(_) => m.lead_changes,
            Self::Comeback { .. } => m.comeback,
            Self::DecidedLate { .. } => m.photo_finish,
        };
        value.unwrap_or(f64::NAN)
    }

    /// How far the board is from the target, relative to it (0 on it).
    pub fn miss(&self, m: &Metrics) -> f64 {
        let x = self.value(m);
        let miss = match *self {
            Self::Turns(t)
            | Self::Rides(t)
            | Self::LeadChanges(t)
            | Self::Comeback { share: t, .. }
            | Self::DecidedLate { share: t, .. } => (x - t).abs() / t.abs().max(1e-9),
            Self::Percentile { rolls, .. } => (x - f64::from(rolls)).abs() / f64::from(rolls.max(1)),
            Self::MinRolls(n) => (f64::from(n) - x).max(0.0) / f64::from(n.max(1)),
            // Edges are small numbers: measure the excess in hundredths.
            Self::SeatEdge { edge, .. } => (x - edge).max(0.0) / edge.max(0.01),
        };
        if miss.is_nan() { f64::INFINITY } else { miss }
    }

    /// Whether the board is close enough: value targets within `tolerance`
    /// (relative; a percentile within that many rolls, rounded down),
    /// bounds exactly.
    pub fn met(&self, m: &Metrics, tolerance: f64) -> bool {
        let x = self.value(m);
        match *self {
            Self::Turns(_)
            | Self::Rides(_)
            | Self::LeadChanges(_)
            | Self::Comeback { .. }
            | Self::DecidedLate { .. } => self.miss(m) <= tolerance,
            Self::Percentile { rolls, .. } => (x - f64::from(rolls)).abs() <= (tolerance * f64::from(rolls)).floor(),
            Self::MinRolls(n) => x >= f64::from(n),
            Self::SeatEdge { edge, .. } => x <= edge,
        }
    }
}

/// The targets of one search and how close counts as reached.
#[derive(Debug, Clone, PartialEq)]
pub struct Goal {
    pub targets: Vec<Target>,
    /// Relative tolerance of value targets (0.01: within 1%).
    pub tolerance: f64,
}

impl Goal {
    /// The figures the targets need, and nothing more.
    pub fn wanted(&self) -> Wanted {
        let mut w = Wanted::default();
        for t in &self.targets {
            match *t {
                Target::Turns(_) => w.turns = true,
                Target::Percentile { percent, .. } => w.percentile = Some(percent),
                Target::MinRolls(_) => w.fewest = true,
                Target::SeatEdge { players, .. } => w.seat_edge = Some(players),
                Target::Rides(_) => w.rides = true,
                Target::LeadChanges(_) => w.lead_changes = true,
                Target::Comeback { players, .. } => w.comeback = Some(players),
                Target::DecidedLate { players, .. } => w.photo_finish = Some(players),
            }
        }
        w
    }

    /// Every figure a report shows: the targets' and the usual ones, the
    /// seat edge at the targets' table or else at `players`.
    pub fn reported(&self, players: Seats) -> Wanted {
        let w = self.wanted();
        Wanted {
            turns: true,
            rides: true,
            fewest: true,
            percentile: Some(w.percentile.unwrap_or(90)),
            seat_edge: Some(w.seat_edge.unwrap_or(players)),
            // One solve over pairs of positions: only when a target asks.
            lead_changes: w.lead_changes,
            comeback: w.comeback,
            photo_finish: w.photo_finish,
        }
    }

    /// What the search makes small: the sum of the targets' misses beyond
    /// the tolerance (0 once every target is met).
    pub fn score(&self, m: &Metrics) -> f64 {
        self.targets
            .iter()
            .map(|t| match t {
                Target::Turns(_)
                | Target::Rides(_)
                | Target::LeadChanges(_)
                | Target::Comeback { .. }
                | Target::DecidedLate { .. }
                | Target::Percentile { .. } => (t.miss(m) - self.tolerance).max(0.0),
                Target::MinRolls(_) | Target::SeatEdge { .. } => t.miss(m),
            })
            .sum()
    }

    pub fn met(&self, m: &Metrics) -> bool {
        self.targets.iter().all(|t| t.met(m, self.tolerance))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn metrics(turns: f64, fewest: u32) -> Metrics {
        Metrics { expected_turns: Some(turns), fewest_rolls: Some(fewest), ..Metrics::default() }
    }

    #[test]
    fn value_targets_have_a_tolerance_and_bounds_none() {
        let goal = Goal { targets: vec![Target::Turns(25.0), Target::MinRolls(5)], tolerance: 0.01 };
        assert!(goal.met(&metrics(25.2, 5)));
        assert!(!goal.met(&metrics(25.3, 5)), "1.2% off");
        assert!(!goal.met(&metrics(25.0, 4)), "one roll too fast");
        assert!((goal.score(&metrics(30.0, 4)) - (0.19 + 0.2)).abs() < 1e-12, "misses beyond 1%");
        assert_eq!(goal.score(&metrics(25.0, 9)), 0.0, "more rolls than the floor is no miss");
    }

    #[test]
    fn a_missing_figure_is_an_infinite_miss() {
        let t = Target::Rides(3.0);
        assert_eq!(t.miss(&Metrics::default()), f64::INFINITY);
    }
}

/// Figures a designer would call worse after tuning, target or not: a less
/// fair table (the seat edge up by more than a tenth of a point) or a
/// fastest game shorter than before. Shown in red in the editor and marked
/// in the CLI's table, so a proposal never hides what it cost.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Worse {
    pub fewest_rolls: bool,
    pub seat_edge: bool,
}

impl Worse {
    pub fn of(before: &Metrics, after: &Metrics) -> Self {
        let fewest_rolls = matches!((before.fewest_rolls, after.fewest_rolls), (Some(b), Some(a)) if a < b);
        let seat_edge = matches!((before.seat_edge, after.seat_edge), (Some(b), Some(a)) if a > b + 1e-3);
        Self { fewest_rolls, seat_edge }
    }

    pub fn any(self) -> bool {
        self.fewest_rolls || self.seat_edge
    }
}
