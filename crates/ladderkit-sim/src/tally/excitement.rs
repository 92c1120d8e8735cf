//! The excitement of played games (`Options::excitement`): how the lead
//! changes spread over games, whether the eventual winner was alone last at
//! the end of each round, and whether another seat could have won on its
//! next turn when the winner finished. `docs/analysis.md` ("Excitement")
//! defines them; the exact measures (`ladderkit_analysis::excitement`) are
//! held to these.

use ladderkit_engine::{Engine, NextTurn, State};

use super::{Histogram, Summary, add_into, wilson};

/// `Watch::last` for a round's end with no seat alone last.
const NOBODY: u8 = u8::MAX;

/// The excitement counts of a run, in integers (added up in any order).
#[derive(Debug, Clone, Default, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct ExcitementTally {
    /// Lead changes per game (`Leader`'s count).
    pub lead_changes: Histogram,
    /// `[r]`: games still on at the end of round `r` (from 1; index 0 is
    /// unused) that the seat alone last then went on to win.
    pub winner_last: Vec<u64>,
    /// Games whose winner finished while another seat could have won on its
    /// next turn.
    pub photo_finishes: u64,
}

impl ExcitementTally {
    pub(crate) fn checked_merge(&mut self, other: &ExcitementTally) -> Option<()> {
        self.lead_changes.checked_merge(&other.lead_changes)?;
        if other.winner_last.len() > self.winner_last.len() {
            self.winner_last.resize(other.winner_last.len(), 0);
        }
        add_into(&mut self.winner_last, &other.winner_last)?;
        self.photo_finishes = self.photo_finishes.checked_add(other.photo_finishes)?;
        Some(())
    }

    /// What the counts of `games` whole games satisfy (`Tally::check`).
    pub(crate) fn check(&self, games: u64, finished: u64) -> Result<(), String> {
        if self.lead_changes.checked_len() != Some(games) {
            return Err(format!("its histogram of lead changes does not count {games} games"));
        }
        if self.photo_finishes > finished {
            return Err("it counts more photo finishes than finished games".into());
        }
        if self.winner_last.iter().any(|n| *n > finished) {
            return Err("it counts more comebacks in a round than finished games".into());
        }
        Ok(())
    }

    /// The report of `games` games whose rounds are `rounds`.
    pub fn report(&self, games: u64, rounds: &Histogram) -> ExcitementReport {
        let lead_changes = self.lead_changes.summary();
        let half_way_round = half_way(rounds, games);
        let comebacks = self.winner_last.get(half_way_round as usize).copied().unwrap_or(0);
        let share = |k: u64| k as f64 / games.max(1) as f64;
        ExcitementReport {
            lead_changes_se: lead_changes.sd / (games.max(1) as f64).sqrt(),
            lead_changes,
            half_way_round,
            comeback: share(comebacks),
            comeback_interval: wilson(comebacks, games),
            photo_finish: share(self.photo_finishes),
            photo_finish_interval: wilson(self.photo_finishes, games),
        }
    }
}

/// Half-way through a median game: the first round by whose end at least
/// half the games were over, halved and rounded up (as the exact measures
/// take it).
fn half_way(rounds: &Histogram, games: u64) -> u32 {
    let mut over = 0u64;
    let median = rounds
        .counts
        .iter()
        .position(|n| {
            over += n;
            2 * over >= games
        })
        .unwrap_or(rounds.counts.len());
    ladderkit_analysis::half_way_round(median as u32)
}

/// A run's excitement, ready to print.
#[derive(Debug, Clone, PartialEq)]
pub struct ExcitementReport {
    pub lead_changes: Summary,
    /// The standard error of the mean lead changes.
    pub lead_changes_se: f64,
    /// The round `comeback` is taken at.
    pub half_way_round: u32,
    /// The share of games still on at the end of `half_way_round` whose
    /// eventual winner was then alone last (of all games).
    pub comeback: f64,
    pub comeback_interval: (f64, f64),
    /// The share of games won while another seat could have won on its next
    /// turn.
    pub photo_finish: f64,
    pub photo_finish_interval: (f64, f64),
}

/// One game followed turn by turn (a worker's, reused game to game).
#[derive(Debug, Default)]
pub(crate) struct Watch {
    /// `[r - 1]`: the seat alone last at the end of round `r`.
    last: Vec<u8>,
    round: u32,
    next_turn: NextTurn,
}

impl Watch {
    pub(crate) fn start(&mut self) {
        self.last.clear();
        self.round = 1;
    }

    /// After every turn: a round that has just ended with the game still on
    /// records who was alone last.
    pub(crate) fn turn_played(&mut self, engine: &Engine, s: &State) {
        if s.rounds > self.round && !s.is_over() {
            self.last.resize(s.rounds as usize - 1, NOBODY);
            self.last[self.round as usize - 1] = alone_last(engine, s);
        }
        self.round = s.rounds;
    }

    /// The game is over: its counts go into `tally`.
    pub(crate) fn game_over(&mut self, engine: &Engine, s: &State, lead_changes: u32, tally: &mut ExcitementTally) {
        tally.lead_changes.add(lead_changes);
        if s.winners == 0 {
            return;
        }
        for (r, last) in self.last.iter().enumerate() {
            if *last != NOBODY && s.winners >> last & 1 == 1 {
                if tally.winner_last.len() <= r + 1 {
                    tally.winner_last.resize(r + 2, 0);
                }
                tally.winner_last[r + 1] += 1;
            }
        }
        let others = engine.seats().ids().filter(|p| s.winners >> p & 1 == 0);
        if others.into_iter().any(|p| self.next_turn.could_win(engine, s, p)) {
            tally.photo_finishes += 1;
        }
    }
}

/// The seat alone furthest behind (by the progress lead changes are
/// counted by), or `NOBODY` when two share the last place.
fn alone_last(engine: &Engine, s: &State) -> u8 {
    let (mut least, mut last, mut tied) = (u64::MAX, NOBODY, false);
    for p in engine.seats().ids() {
        let v = s.progress(p, engine.board().goal);
        if v < least {
            (least, last, tied) = (v, p, false);
        } else if v == least {
            tied = true;
        }
    }
    if tied { NOBODY } else { last }
}
