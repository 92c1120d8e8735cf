//! Counting games in integers (so totals do not depend on the order they
//! are added in) and summarising them.

pub(crate) mod counter;
pub(crate) mod excitement;
pub(crate) mod extras;
pub(crate) mod lead;
pub(crate) mod rides;

use ladderkit_core::Seats;
use ladderkit_engine::{Engine, State};

/// A histogram of small counts: index = value.
#[derive(Debug, Clone, Default, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Histogram {
    pub counts: Vec<u64>,
}

impl Histogram {
    #[inline]
    fn add(&mut self, value: u32) {
        let v = value as usize;
        match self.counts.get_mut(v) {
            Some(c) => *c += 1,
            None => self.grow(v),
        }
    }

    /// Adds `counts[v]` values v, and `extra` values `at`.
    fn add_many(&mut self, counts: &[u64], extra: u64, at: u32) {
        let len = counts.len().max(if extra > 0 { at as usize + 1 } else { 0 });
        if len > self.counts.len() {
            // As `grow`: however the values came, the same histogram.
            self.counts.resize(len.max(256), 0);
        }
        for (a, b) in self.counts.iter_mut().zip(counts) {
            *a += b;
        }
        if extra > 0 {
            self.counts[at as usize] += extra;
        }
    }

    #[cold]
    fn grow(&mut self, v: usize) {
        self.counts.resize((v + 1).max(256), 0);
        self.counts[v] += 1;
    }

    /// `None` when a count would pass `u64::MAX`.
    fn checked_merge(&mut self, other: &Histogram) -> Option<()> {
        if other.counts.len() > self.counts.len() {
            self.counts.resize(other.counts.len(), 0);
        }
        add_into(&mut self.counts, &other.counts)
    }

    /// How many values it holds; `None` past `u64::MAX`.
    fn checked_len(&self) -> Option<u64> {
        self.counts.iter().try_fold(0u64, |n, c| n.checked_add(*c))
    }

    /// The sum of its values, `None` past `u64::MAX`.
    fn checked_total(&self) -> Option<u64> {
        let total = self.counts.iter().enumerate().map(|(v, c)| v as u128 * u128::from(*c)).sum::<u128>();
        u64::try_from(total).ok()
    }

    pub fn summary(&self) -> Summary {
        let n: u64 = self.counts.iter().sum();
        if n == 0 {
            return Summary::default();
        }
        let (mut sum, mut sq) = (0u128, 0u128);
        for (v, c) in self.counts.iter().enumerate() {
            sum += v as u128 * u128::from(*c);
            sq += (v as u128).pow(2) * u128::from(*c);
        }
        let mean = sum as f64 / n as f64;
        let var = (sq as f64 / n as f64 - mean * mean).max(0.0);
        let quantile = |q: f64| {
            let need = (q * n as f64).ceil().max(1.0) as u64;
            let mut seen = 0;
            for (v, c) in self.counts.iter().enumerate() {
                seen += c;
                if seen >= need {
                    return v as u32;
                }
            }
            self.counts.len() as u32
        };
        Summary {
            mean,
            sd: var.sqrt(),
            min: self.counts.iter().position(|c| *c > 0).unwrap_or(0) as u32,
            // The largest value seen, not the buffer's size.
            max: self.counts.iter().rposition(|c| *c > 0).unwrap_or(0) as u32,
            percentiles: PERCENTILES.iter().map(|p| (*p, quantile(f64::from(*p) / 100.0))).collect(),
        }
    }
}

/// Adds `b` into `a`, element by element; `None` when a count would pass
/// `u64::MAX`.
pub(crate) fn add_into(a: &mut [u64], b: &[u64]) -> Option<()> {
    for (a, b) in a.iter_mut().zip(b) {
        *a = a.checked_add(*b)?;
    }
    Some(())
}

pub const PERCENTILES: [u32; 7] = [10, 25, 50, 75, 90, 95, 99];

#[derive(Debug, Clone, Default, PartialEq)]
pub struct Summary {
    pub mean: f64,
    pub sd: f64,
    pub min: u32,
    pub max: u32,
    pub percentiles: Vec<(u32, u32)>,
}

/// Everything counted over a run.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Tally {
    pub games: u64,
    /// The table (written as `players`, the count).
    #[serde(rename = "players")]
    pub seats: Seats,
    /// Rolls by all players, per game.
    pub total_rolls: Histogram,
    /// Turns by all players, per game.
    pub total_turns: Histogram,
    pub rounds: Histogram,
    /// Games each seat won (a shared win counts for every sharer).
    pub seat_wins: Vec<u64>,
    pub shared_wins: u64,
    pub unfinished: u64,
    pub lead_changes: u64,
    /// Per position: times a piece came to rest there.
    pub heat: Vec<u64>,
    /// Per board jump: times it was ridden.
    pub jumps: Vec<u64>,
    /// Points, chips and arrows, when the variant plays them.
    pub extras: Option<extras::ExtrasTally>,
    /// Games that ended with every piece waiting on a well or prison (among
    /// the `unfinished`).
    #[serde(default)]
    pub blocked: u64,
    /// Per position: times a piece was caught there to wait (`Effect::Wait`).
    /// Empty when no space waits.
    #[serde(default)]
    pub waits: Vec<u64>,
    /// The spread of lead changes, comebacks and photo finishes, when the
    /// run counts them (`Options::excitement`).
    #[serde(default)]
    pub excitement: Option<excitement::ExcitementTally>,
}

impl Tally {
    pub fn new(engine: &Engine) -> Self {
        let seats = engine.seats();
        Self {
            games: 0,
            seats,
            total_rolls: Histogram::default(),
            total_turns: Histogram::default(),
            rounds: Histogram::default(),
            seat_wins: vec![0; seats.count()],
            shared_wins: 0,
            unfinished: 0,
            lead_changes: 0,
            heat: vec![0; engine.board().points.len()],
            jumps: vec![0; engine.board().jumps.len()],
            extras: engine.board().has_extras().then(|| extras::ExtrasTally::new(seats)),
            blocked: 0,
            waits: if engine.board().wait.is_empty() { Vec::new() } else { vec![0; engine.board().points.len()] },
            excitement: None,
        }
    }

    /// Adds the counts of another part of the same run.
    pub fn merge(self, other: Tally) -> Tally {
        // One run's counts are far from u64::MAX; only a forged part
        // (`checked_merge`) comes near.
        self.checked_merge(&other).expect("a run's counts fit in u64")
    }

    /// `merge`, or `None` when a count would pass `u64::MAX`.
    pub fn checked_merge(mut self, other: &Tally) -> Option<Tally> {
        self.games = self.games.checked_add(other.games)?;
        self.total_rolls.checked_merge(&other.total_rolls)?;
        self.total_turns.checked_merge(&other.total_turns)?;
        self.rounds.checked_merge(&other.rounds)?;
        add_into(&mut self.seat_wins, &other.seat_wins)?;
        self.shared_wins = self.shared_wins.checked_add(other.shared_wins)?;
        self.unfinished = self.unfinished.checked_add(other.unfinished)?;
        self.lead_changes = self.lead_changes.checked_add(other.lead_changes)?;
        add_into(&mut self.heat, &other.heat)?;
        add_into(&mut self.jumps, &other.jumps)?;
        if let (Some(a), Some(b)) = (&mut self.extras, &other.extras) {
            a.checked_merge(b)?;
        }
        self.blocked = self.blocked.checked_add(other.blocked)?;
        add_into(&mut self.waits, &other.waits)?;
        match (&mut self.excitement, &other.excitement) {
            (Some(a), Some(b)) => a.checked_merge(b)?,
            (None, None) => {}
            // Parts of one run count the same things.
            _ => return None,
        }
        Some(self)
    }

    /// What the counts of any whole games satisfy, whatever the board and
    /// the bots: a tally read from a file must pass before it is added to
    /// others (`ladderkit merge`). The error says which count is wrong.
    pub fn check(&self) -> Result<(), String> {
        let finished = self.games.checked_sub(self.unfinished).ok_or("it counts more unfinished games than games")?;
        if self.blocked > self.unfinished {
            return Err("it counts more blocked games than unfinished ones".into());
        }
        self.seats.check_list("seats' wins", self.seat_wins.len()).map_err(|e| format!("it has {e}"))?;
        if let Some(seat) = self.seat_wins.iter().position(|w| *w > finished) {
            return Err(format!("seat {} won more games than were finished", seat + 1));
        }
        if self.shared_wins > finished {
            return Err("it counts more shared wins than finished games".into());
        }
        // A finished game has one winner, or two and more (a shared win).
        let wins: u128 = self.seat_wins.iter().map(|w| u128::from(*w)).sum();
        let least = u128::from(finished) + u128::from(self.shared_wins);
        let most = u128::from(finished) + u128::from(self.shared_wins) * (self.seats.count() - 1) as u128;
        if wins < least || wins > most {
            return Err(format!("its seats' wins ({wins}) do not fit {finished} finished games"));
        }
        for (what, h) in [("rolls", &self.total_rolls), ("turns", &self.total_turns), ("rounds", &self.rounds)] {
            if h.checked_len() != Some(self.games) {
                return Err(format!("its histogram of {what} does not count {} games", self.games));
            }
            if h.checked_total().is_none() {
                return Err(format!("its histogram of {what} adds up past u64::MAX"));
            }
        }
        if let Some(excitement) = &self.excitement {
            excitement.check(self.games, finished)?;
        }
        if let Some(extras) = &self.extras {
            self.seats.check_list("seats' points", extras.seat_points.len()).map_err(|e| format!("it has {e}"))?;
            if extras.racer_lost > finished {
                return Err("it counts more races lost on points than finished games".into());
            }
        }
        Ok(())
    }

    /// Counts a game played by the engine (where its pieces rested and
    /// what they rode is counted by the event sink, `Counter`).
    pub(crate) fn add_game(&mut self, s: &State, lead_changes: u32) {
        let rolls = s.players.iter().map(|p| p.rolls).sum();
        let turns = s.players.iter().map(|p| p.turns).sum();
        self.add_totals(rolls, turns, s.rounds, s.winners, lead_changes);
        self.blocked += u64::from(s.blocked);
    }

    /// Races of `seat_wins.len()` players, one roll per turn: `won[t]`
    /// games won on turn t, `cut` stopped unfinished at `limit` turns,
    /// `seat_wins` per seat, `lead_changes` in all.
    pub(crate) fn add_races(&mut self, won: &[u64], cut: u64, limit: u32, seat_wins: &[u64], lead_changes: u64) {
        let players = seat_wins.len() as u32;
        // (Without trailing zeros: a histogram is as long as its largest
        // value, however it was counted.)
        let won = &won[..won.iter().rposition(|n| *n > 0).map_or(0, |last| last + 1)];
        self.games += won.iter().sum::<u64>() + cut;
        self.unfinished += cut;
        self.lead_changes += lead_changes;
        for (total, wins) in self.seat_wins.iter_mut().zip(seat_wins) {
            *total += wins;
        }
        for h in [&mut self.total_rolls, &mut self.total_turns] {
            h.add_many(won, cut, limit);
        }
        // A round ends when play passes back to the opener: a game won on
        // turn t passed play on t - 1 times, an unfinished one `limit`.
        let mut rounds = vec![0; won.len().div_ceil(players as usize) + 1];
        for (turns, n) in won.iter().enumerate().filter(|(t, n)| *t > 0 && **n > 0) {
            rounds[1 + (turns - 1) / players as usize] += n;
        }
        rounds.truncate(rounds.iter().rposition(|n| *n > 0).map_or(0, |last| last + 1));
        self.rounds.add_many(&rounds, cut, 1 + limit / players);
    }

    pub(crate) fn add_counts(&mut self, rolls: &[u32], turns: &[u32], rounds: u32, winners: u32, lead_changes: u32) {
        self.add_totals(rolls.iter().sum(), turns.iter().sum(), rounds, winners, lead_changes);
    }

    /// One game: the rolls and turns of all its players, its rounds, a
    /// bit per winning seat and its lead changes.
    fn add_totals(&mut self, rolls: u32, turns: u32, rounds: u32, winners: u32, lead_changes: u32) {
        self.games += 1;
        self.total_rolls.add(rolls);
        self.total_turns.add(turns);
        self.rounds.add(rounds);
        self.lead_changes += u64::from(lead_changes);
        if winners == 0 {
            self.unfinished += 1;
        }
        if winners.count_ones() > 1 {
            self.shared_wins += 1;
        }
        for (seat, wins) in self.seat_wins.iter_mut().enumerate() {
            *wins += u64::from(winners >> seat & 1);
        }
    }

    pub fn report(&self) -> Report {
        let games = self.games.max(1) as f64;
        let per_player = games * self.seats.count() as f64;
        let rolls = self.total_rolls.summary();
        let turns = self.total_turns.summary();
        let rounds = self.rounds.summary();
        let seat_win_rate: Vec<f64> = self.seat_wins.iter().map(|w| *w as f64 / games).collect();
        let seat_interval = self.seat_wins.iter().map(|w| wilson(*w, self.games)).collect();
        Report {
            mean_rolls: rolls.mean * games / per_player,
            mean_turns: turns.mean * games / per_player,
            mean_total_rolls: rolls.mean,
            mean_rounds: rounds.mean,
            rolls,
            turns,
            rounds,
            seat_win_rate,
            seat_interval,
            lead_changes_per_game: self.lead_changes as f64 / games,
            heat_per_game: self.heat.iter().map(|h| *h as f64 / games).collect(),
            jump_uses_per_game: self.jumps.iter().map(|j| *j as f64 / games).collect(),
            waits_per_game: self.waits.iter().map(|w| *w as f64 / games).collect(),
            extras: self.extras.as_ref().map(|e| e.report(self.games)),
            excitement: self.excitement.as_ref().map(|e| e.report(self.games, &self.rounds)),
        }
    }
}

/// The 95% Wilson score interval for `k` successes in `n` trials.
pub fn wilson(k: u64, n: u64) -> (f64, f64) {
    if n == 0 {
        return (0.0, 1.0);
    }
    let (z, n, p) = (1.959_964, n as f64, k as f64 / n as f64);
    let denom = 1.0 + z * z / n;
    let centre = (p + z * z / (2.0 * n)) / denom;
    let half = z * ((p * (1.0 - p) + z * z / (4.0 * n)) / n).sqrt() / denom;
    ((centre - half).max(0.0), (centre + half).min(1.0))
}

/// A run's results, ready to print.
#[derive(Debug, Clone, PartialEq)]
pub struct Report {
    /// Rolls per player per game.
    pub mean_rolls: f64,
    /// Turns per player per game.
    pub mean_turns: f64,
    /// Rolls by everyone per game.
    pub mean_total_rolls: f64,
    pub mean_rounds: f64,
    /// Of the per-game totals (all players).
    pub rolls: Summary,
    pub turns: Summary,
    pub rounds: Summary,
    pub seat_win_rate: Vec<f64>,
    pub seat_interval: Vec<(f64, f64)>,
    pub lead_changes_per_game: f64,
    pub heat_per_game: Vec<f64>,
    pub jump_uses_per_game: Vec<f64>,
    /// Per position: pieces caught to wait there per game (empty when no
    /// space waits).
    pub waits_per_game: Vec<f64>,
    pub extras: Option<extras::ExtrasReport>,
    pub excitement: Option<excitement::ExcitementReport>,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_maximum_is_the_largest_value_seen() {
        // Five games of 38–67 rolls once reported a maximum of 255, the
        // buffer's last index.
        let mut h = Histogram::default();
        for v in [38, 41, 50, 67, 44] {
            h.add(v);
        }
        let s = h.summary();
        assert_eq!((s.min, s.max), (38, 67));
    }
}
