//! Seat odds for players whose pieces do not interact: each player's
//! finishing turn is an independent draw from the same distribution, and
//! within a round earlier seats move first.

use crate::turns::ByTurns;

#[derive(Debug, Clone, PartialEq)]
pub struct Seats {
    pub players: u32,
    /// Per seat (seat 1 opens): chance to win.
    pub win: Vec<f64>,
    /// Rounds until someone wins (a round = every player's turn).
    pub expected_rounds: f64,
    /// Rolls by all players until someone wins.
    pub expected_total_rolls: f64,
}

impl Seats {
    pub(crate) fn new(turns: &ByTurns, players: u32) -> Self {
        let s = &turns.survival;
        let n = players as i32;
        let mut win = vec![0.0; players as usize];
        let (mut expected_rounds, mut expected_total_rolls) = (0.0, 0.0);
        for t in 0..s.len() {
            expected_rounds += s[t].powi(n);
            if t == 0 {
                continue;
            }
            let (now, before) = (s[t], s[t - 1]);
            for (i, w) in win.iter_mut().enumerate() {
                // Seats before i have not finished by the end of round t,
                // seats after i not by the end of round t-1.
                let others = now.powi(i as i32) * before.powi(n - 1 - i as i32);
                *w += turns.finished[t] * others;
                expected_total_rolls += turns.rolls[t] * others;
            }
        }
        Self { players, win, expected_rounds, expected_total_rolls }
    }
}
