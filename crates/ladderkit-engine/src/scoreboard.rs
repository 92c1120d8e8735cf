//! Score tracks (the Carcassonne Snakes & Ladders scoreboard): figures move
//! by points scored, lap after lap of a looped track; snakes and ladders
//! move them when the variant's `JumpTiming` says, and final scoring
//! ignores them. The points come from people (the terminal companion) or
//! from the variant's tables (simulation).

use ladderkit_core::spec::{JumpTiming, Play};
use ladderkit_core::{Compiled, CompiledBoard, Seats};
use serde::{Deserialize, Serialize};

use crate::engine::EngineError;

/// What happened on the scoreboard. Scores are totals (`lap × spaces +
/// space`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum ScoreEvent {
    Scored { player: u8, points: u32, from: u64, to: u64 },
    Climbed { player: u8, from: u64, to: u64 },
    Slid { player: u8, from: u64, to: u64 },
    FinalScored { player: u8, points: u32, from: u64, to: u64 },
}

#[derive(Debug, Clone, PartialEq)]
pub struct Scoreboard {
    board: CompiledBoard,
    timing: JumpTiming,
    pub scores: Vec<u64>,
    /// Players who scored during the turn being played.
    moved: Vec<bool>,
}

impl Scoreboard {
    /// A scoreboard for a table of `seats`; refuses variants that are not
    /// score tracks or have errors.
    pub fn new(compiled: &Compiled, seats: Seats) -> Result<Self, EngineError> {
        if compiled.has_errors() {
            return Err(EngineError::HasErrors);
        }
        let Play::ScoreTrack(track) = &compiled.board.play else {
            return Err(EngineError::NotAScoreTrack);
        };
        Ok(Self {
            timing: track.jumps,
            board: compiled.board.clone(),
            scores: vec![0; seats.count()],
            moved: vec![false; seats.count()],
        })
    }

    /// Spaces in one lap.
    pub fn lap_length(&self) -> u64 {
        u64::from(self.board.len.max(1))
    }

    /// The board position (1..=len) a score sits on: round and round the
    /// track, after the last space the first.
    pub fn position(&self, score: u64) -> u32 {
        (score % self.lap_length()) as u32 + 1
    }

    /// The number printed on the space a score sits on.
    pub fn space(&self, score: u64) -> u32 {
        self.board.number(self.position(score)).unwrap_or(0)
    }

    pub fn lap(&self, score: u64) -> u64 {
        score / self.lap_length()
    }

    /// `player` scores `points` during the turn.
    pub fn score(&mut self, player: usize, points: u32, ev: &mut Vec<ScoreEvent>) {
        let from = self.scores[player];
        self.scores[player] += u64::from(points);
        ev.push(ScoreEvent::Scored { player: player as u8, points, from, to: self.scores[player] });
        self.moved[player] |= points > 0;
        if self.timing == JumpTiming::EachScoring {
            self.jump(player, ev);
        }
    }

    /// The turn's scorings are done: figures that moved and now stand on a
    /// ladder's foot or a snake's head take it (once, whatever they scored).
    pub fn end_turn(&mut self, ev: &mut Vec<ScoreEvent>) {
        for player in 0..self.scores.len() {
            if self.moved[player] {
                self.jump(player, ev);
            }
            self.moved[player] = false;
        }
    }

    /// Final scoring: points move figures, snakes and ladders do not.
    pub fn final_score(&mut self, player: usize, points: u32, ev: &mut Vec<ScoreEvent>) {
        let from = self.scores[player];
        self.scores[player] += u64::from(points);
        ev.push(ScoreEvent::FinalScored { player: player as u8, points, from, to: self.scores[player] });
    }

    fn jump(&mut self, player: usize, ev: &mut Vec<ScoreEvent>) {
        let score = self.scores[player];
        let pos = self.position(score);
        let rest = self.board.landing[pos as usize];
        if rest == pos || rest == 0 {
            return;
        }
        let to = score + u64::from(rest) - u64::from(pos);
        self.scores[player] = to;
        let player = player as u8;
        ev.push(if rest > pos {
            ScoreEvent::Climbed { player, from: score, to }
        } else {
            ScoreEvent::Slid { player, from: score, to }
        });
    }
}
