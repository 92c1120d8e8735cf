//! Play-testing a score track: people enter who scored what, the engine's
//! `Scoreboard` moves the figures and resolves snakes and ladders, and the
//! board shows each move (round the loop, up a ladder, down a snake).

use std::collections::VecDeque;

use ladderkit::core::{Compiled, CompiledBoard, Seats};
use ladderkit::engine::scoreboard::{ScoreEvent, Scoreboard};

use super::motion::{Motion, progress};
use super::session::{Banner, PieceView};

/// Seconds per space walked, at speed 1 (points can be many spaces).
const SPACE: f32 = 0.08;

struct Move {
    player: u8,
    motion: Motion,
    elapsed: f32,
    duration: f32,
    to: u64,
}

pub struct ScoreSession {
    pub board: Scoreboard,
    compiled: CompiledBoard,
    pub names: Vec<String>,
    /// Scores as the board shows them now (behind `board.scores` while
    /// moves are animated).
    shown: Vec<u64>,
    queue: VecDeque<ScoreEvent>,
    moving: Option<Move>,
    /// Final scoring: points move figures, snakes and ladders do not.
    pub final_scoring: bool,
    /// Scorings entered this turn, before `end_turn`.
    pub this_turn: u32,
    pub log: Vec<String>,
    pub banner: Option<Banner>,
}

const NAMES: [&str; 8] = ["Red", "Blue", "Green", "Yellow", "Black", "Pink", "Grey", "Orange"];

impl ScoreSession {
    pub fn new(compiled: &Compiled, players: Seats) -> Result<Self, String> {
        let board = Scoreboard::new(compiled, players).map_err(|e| e.to_string())?;
        Ok(Self {
            shown: board.scores.clone(),
            board,
            compiled: compiled.board.clone(),
            names: players.indices().map(|i| NAMES[i % NAMES.len()].to_owned()).collect(),
            queue: VecDeque::new(),
            moving: None,
            final_scoring: false,
            this_turn: 0,
            log: Vec::new(),
            banner: None,
        })
    }

    /// A player scores during the turn (or in the final scoring).
    pub fn score(&mut self, player: usize, points: u32) {
        if player >= self.names.len() {
            return;
        }
        let mut ev = Vec::new();
        if self.final_scoring {
            self.board.final_score(player, points, &mut ev);
        } else {
            self.board.score(player, points, &mut ev);
            self.this_turn += 1;
        }
        self.queue.extend(ev);
    }

    /// The turn's scorings are in: snakes and ladders act.
    pub fn end_turn(&mut self) {
        let mut ev = Vec::new();
        self.board.end_turn(&mut ev);
        self.this_turn = 0;
        if ev.is_empty() {
            self.log.push("end of turn: nobody on a snake or a ladder".into());
        }
        self.queue.extend(ev);
    }

    pub fn start_final_scoring(&mut self) {
        if self.this_turn > 0 {
            self.end_turn();
        }
        self.final_scoring = true;
        self.log.push("final scoring: snakes and ladders are ignored now".into());
    }

    pub fn is_animating(&self) -> bool {
        self.moving.is_some() || !self.queue.is_empty()
    }

    /// Scores as the board shows them now.
    pub fn shown(&self) -> &[u64] {
        &self.shown
    }

    /// Board position of a score: positions 1..=len are one lap.
    fn position(&self, score: u64) -> u32 {
        self.board.position(score)
    }

    pub fn tick(&mut self, mut seconds: f32) {
        Banner::tick(&mut self.banner, seconds);
        for _ in 0..10_000 {
            if let Some(m) = &mut self.moving {
                let left = m.duration - m.elapsed;
                if seconds < left {
                    m.elapsed += seconds;
                    return;
                }
                seconds -= left;
                let done = self.moving.take().expect("checked above");
                self.shown[done.player as usize] = done.to;
                continue;
            }
            let Some(event) = self.queue.pop_front() else {
                self.shown.clone_from(&self.board.scores);
                return;
            };
            self.start(event);
        }
    }

    fn start(&mut self, event: ScoreEvent) {
        let name = |p: u8| self.names[p as usize].clone();
        let (player, from, to, jump) = match event {
            ScoreEvent::Scored { player, points, from, to } => {
                self.log.push(format!("{} scores {points}: {} → {}", name(player), from, to));
                (player, from, to, None)
            }
            ScoreEvent::FinalScored { player, points, from, to } => {
                self.log.push(format!("{} scores {points} in the final scoring: {} → {}", name(player), from, to));
                (player, from, to, None)
            }
            ScoreEvent::Climbed { player, from, to } => {
                let text = format!("{} climbs the ladder {} → {}", name(player), from, to);
                self.log.push(text.clone());
                self.banner = Some(Banner { text, seconds_left: 1.4 });
                (player, from, to, Some(false))
            }
            ScoreEvent::Slid { player, from, to } => {
                let text = format!("{} is eaten by the snake {} → {}", name(player), from, to);
                self.log.push(text.clone());
                self.banner = Some(Banner { text, seconds_left: 1.4 });
                (player, from, to, Some(true))
            }
        };
        let (a, b) = (self.position(from), self.position(to));
        let (motion, duration) = match jump {
            Some(snake) => (Motion::Jump { from: a, to: b, snake }, 0.7),
            None => {
                // Round the loop: after the last space comes the first.
                let path: Vec<u32> = (from..=to).map(|s| self.board.position(s)).collect();
                let d = SPACE * (path.len().saturating_sub(1)) as f32;
                (Motion::Walk(path), d.clamp(0.15, 3.0))
            }
        };
        self.moving = Some(Move { player, motion, elapsed: 0.0, duration, to });
    }

    /// The figures, where to draw them now (those sharing a space fan out).
    pub fn pieces(&self) -> Vec<PieceView> {
        let board = &self.compiled;
        let mut out: Vec<PieceView> = Vec::with_capacity(self.shown.len());
        for (i, &score) in self.shown.iter().enumerate() {
            let moving = self.moving.as_ref().filter(|m| m.player as usize == i);
            let at = match moving {
                Some(m) => m.motion.point(progress(m.elapsed, m.duration), board),
                None => board.points[(self.position(score) as usize).min(board.points.len() - 1)],
            };
            let level = if moving.is_some() {
                0
            } else {
                let pos = self.position(score);
                let below = out.iter().filter(|v| !v.moving && self.position(self.shown[v.piece as usize]) == pos);
                below.count() as u16
            };
            out.push(PieceView { piece: i as u8, owner: i as u8, at, level, lying: false, moving: moving.is_some() });
        }
        out
    }
}
