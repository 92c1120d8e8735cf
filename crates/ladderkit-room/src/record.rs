//! The group's play-tests: every game a room played, as logs `ladderkit
//! replay` reads, and what they add up to.

use ladderkit_core::Seats;
use ladderkit_engine::replay::GameLog;
use serde::{Deserialize, Serialize};

#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct Record {
    /// Finished games, in the order played.
    pub games: Vec<GameLog>,
    /// The game under way when the room ended, if one was.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub unfinished: Option<GameLog>,
}

/// What the finished games add up to.
#[derive(Debug, Clone, PartialEq)]
pub struct Summary {
    pub games: usize,
    /// Turns begun in a game, every seat's counted, on average.
    pub mean_turns: f64,
    /// Rounds a game lasted (its turns over the seats, a round begun
    /// counted whole), on average: `ladderkit analyze`'s "rounds".
    pub mean_rounds: f64,
    /// Games each seat won (a shared win counts for each winner).
    pub wins: Vec<u32>,
}

impl Record {
    pub fn summary(&self, seats: Seats) -> Summary {
        let mut wins = vec![0; seats.count()];
        for log in &self.games {
            for &w in &log.winners {
                if let Some(n) = wins.get_mut(w as usize) {
                    *n += 1;
                }
            }
        }
        let turns: u64 = self.games.iter().map(|g| g.turns).sum();
        let rounds: u64 = self.games.iter().map(|g| g.turns.div_ceil(seats.count() as u64)).sum();
        let games = self.games.len();
        let mean = |n: u64| if games == 0 { 0.0 } else { n as f64 / games as f64 };
        Summary { games, mean_turns: mean(turns), mean_rounds: mean(rounds), wins }
    }
}

impl std::fmt::Display for Summary {
    /// "6 games: mean 16.8 rounds; seat 1 won 4, seat 2 won 2".
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let plural = if self.games == 1 { "" } else { "s" };
        write!(f, "{} game{plural}", self.games)?;
        if self.games == 0 {
            return Ok(());
        }
        write!(f, ": mean {:.1} rounds;", self.mean_rounds)?;
        for (seat, won) in self.wins.iter().enumerate() {
            let sep = if seat == 0 { " " } else { ", " };
            write!(f, "{sep}seat {} won {won}", seat + 1)?;
        }
        Ok(())
    }
}
