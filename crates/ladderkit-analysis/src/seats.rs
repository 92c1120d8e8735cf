//! Seat odds for players whose pieces do not interact: each player's
//! finishing turn is an independent draw from the same distribution, and
//! within a round earlier seats move first.
//!
//! Every sum runs over all turns: explicitly while the distribution is, and
//! in closed form over its geometric tail, where each term is the one
//! before times λⁿ (n players, each factor shrinking by λ a turn).

use ladderkit_core::Seats;

use crate::tail::Story;

#[derive(Debug, Clone, PartialEq)]
pub struct SeatOdds {
    pub seats: Seats,
    /// Per seat (seat 1 opens): chance to win.
    pub win: Vec<f64>,
    /// Rounds until someone wins (a round = every player's turn).
    pub expected_rounds: f64,
    /// Rolls by all players until someone wins.
    pub expected_total_rolls: f64,
}

impl SeatOdds {
    pub(crate) fn new(turns: &Story, seats: Seats) -> Self {
        let (s, f, r) = (&turns.survival, &turns.finished, &turns.rolls);
        let n = seats.get() as i32;
        // From here on every factor is geometric with the same ratio.
        let settled = turns.settled() + 1;
        let shrink = s.ratio.powi(n);
        let tail = if shrink < 1.0 { shrink / (1.0 - shrink) } else { 0.0 };
        let mut win = vec![0.0; n as usize];
        let mut expected_total_rolls = 0.0;
        let mut expected_rounds: f64 = (0..settled).map(|t| s.at(t).powi(n)).sum();
        expected_rounds += s.at(settled - 1).powi(n) * tail;
        for t in 1..=settled {
            let (now, before) = (s.at(t), s.at(t - 1));
            // The last term stands for itself and the whole tail after it.
            let weight = if t == settled { 1.0 + tail } else { 1.0 };
            for (i, w) in win.iter_mut().enumerate() {
                // Seats before i have not finished by the end of round t,
                // seats after i not by the end of round t-1.
                let others = now.powi(i as i32) * before.powi(n - 1 - i as i32);
                *w += f.at(t) * others * weight;
                expected_total_rolls += r.at(t) * others * weight;
            }
        }
        Self { seats, win, expected_rounds, expected_total_rolls }
    }
}
