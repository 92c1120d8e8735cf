//! The joint game as a graph, explored through the engine itself: from
//! each position between turns, every roll of the dice (`begin_turn_with`
//! with each face sequence), then every legal plan (`legal_plans`,
//! `apply`). No rule is restated here.

use std::sync::atomic::Ordering;

use ladderkit_core::Seats;
use ladderkit_core::work::run;
use ladderkit_engine::{Engine, Policy, State, Turn, Workspace, bots::BotScratch};
use rustc_hash::FxHashMap;

use crate::key::Codec;
use crate::{Pace, Progress, SolveError};

/// An option's `next` at or above this is a finished game; the low bits
/// are the winners, one per seat.
pub const FINISHED: u32 = 1 << 31;

/// A position between turns.
#[derive(Debug, Clone, Copy)]
pub struct Node {
    /// Whose turn it is (and so who chooses).
    pub current: u8,
    /// Dice rolled and turns begun in this turn (the game's length clocks).
    pub rolls: u8,
    pub turns: u8,
    first_roll: u32,
    /// Where this position's entries of `Graph::sequence_roll` begin.
    first_sequence: u32,
}

/// One sequence of faces (or several giving the same options).
#[derive(Debug, Clone, Copy)]
pub struct Roll {
    pub p: f64,
    first_option: u32,
}

/// Where a roll can lead: a position, or a finished game.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Opt {
    pub next: u32,
    /// How many of the legal plans lead here (a random bot picks plans).
    pub plans: u16,
}

/// Every position a game can reach, with its rolls and their options.
#[derive(Debug, Clone)]
pub struct Graph {
    pub seats: Seats,
    nodes: Vec<Node>,
    rolls: Vec<Roll>,
    options: Vec<Opt>,
    /// Per position and face sequence (the first die lowest): which of its
    /// rolls it is, counted from the position's first.
    sequence_roll: Vec<u16>,
    keys: Vec<u8>,
    codec: Codec,
    index: FxHashMap<Box<[u8]>, u32>,
}

/// How far exploration may go.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Limits {
    /// Positions at most; `Graph::BYTES_PER_POSITION` each, about.
    pub max_positions: usize,
}

impl Default for Limits {
    fn default() -> Self {
        Self { max_positions: 2_000_000 }
    }
}

impl Graph {
    /// Rough memory per position while solving (graph, keys, index, the
    /// chain and its figures): three-player Treehouse, 1.5 million
    /// positions, peaks at 4.1 GB.
    pub const BYTES_PER_POSITION: usize = 2_800;
    /// A game whose rough count (`estimate`) passes the limit this many
    /// times over is refused before exploring (the count overshoots the
    /// real one by about two on the Treehouse games).
    const CLEARLY_TOO_BIG: f64 = 20.0;
    /// Face sequences a turn may roll (6 d6): every one is played through
    /// the engine at every position.
    pub const MAX_SEQUENCES: u64 = 46_656;

    /// Explores every position reachable from game 0's start, counting
    /// them in `progress`.
    pub fn explore(engine: &Engine, limits: Limits, progress: Option<&Progress>) -> Result<Self, SolveError> {
        run(Self::explore_stepped(engine, limits, progress))
    }

    /// `explore` as work that pauses every so many plans played (`Pace`).
    pub async fn explore_stepped(
        engine: &Engine,
        limits: Limits,
        progress: Option<&Progress>,
    ) -> Result<Self, SolveError> {
        crate::supported(engine)?;
        let dice = engine.board().dice;
        if u64::from(dice.sides).checked_pow(dice.count).is_none_or(|n| n > Self::MAX_SEQUENCES) {
            return Err(SolveError::TooManyRolls { dice: dice.count, sides: dice.sides });
        }
        let estimate = Self::estimate(engine);
        if estimate > limits.max_positions as f64 * Self::CLEARLY_TOO_BIG {
            return Err(SolveError::TooBig { positions: 0, estimate, limits });
        }
        let start = engine.new_game(0);
        let codec = Codec::new(&start, engine.board().max_consecutive_turns);
        let mut graph = Self {
            seats: engine.seats(),
            nodes: Vec::new(),
            rolls: Vec::new(),
            options: Vec::new(),
            sequence_roll: Vec::new(),
            keys: Vec::new(),
            codec,
            index: FxHashMap::default(),
        };
        let mut key = Vec::with_capacity(graph.codec.len());
        graph.codec.encode(&start, &mut key);
        graph.intern(&key);
        let (mut here, mut rolled, mut after) = (State::default(), State::default(), State::default());
        let mut ws = Workspace::default();
        let mut found: Vec<Opt> = Vec::new();
        let mut pace = Pace::plans(progress);
        let mut x = 0;
        while x < graph.found() {
            if graph.found() > limits.max_positions {
                return Err(SolveError::TooBig { positions: graph.found(), estimate, limits });
            }
            graph.state(x, &mut here);
            // How many dice this turn reads, settled before the first.
            let mut reads = 0u32;
            rolled.clone_from(&here);
            engine.begin_turn_with(
                &mut rolled,
                &mut |_| {
                    reads += 1;
                    1
                },
                &mut (),
            );
            let sequences = dice.sides.pow(reads);
            let node_rolls = (rolled.rolls - here.rolls) as u8;
            let node_turns = (turns(&rolled) - turns(&here)) as u8;
            let first_roll = graph.rolls.len() as u32;
            let first_sequence = graph.sequence_roll.len() as u32;
            let mut played = 0;
            for seq in 0..sequences {
                rolled.clone_from(&here);
                let mut left = seq;
                let turn = engine.begin_turn_with(
                    &mut rolled,
                    &mut |sides| {
                        let face = left % sides + 1;
                        left /= sides;
                        face
                    },
                    &mut (),
                );
                found.clear();
                match turn {
                    Turn::Choose => {
                        engine.legal_plans(&rolled, &mut ws);
                        played += ws.plans.len();
                        for plan in &ws.plans {
                            after.clone_from(&rolled);
                            engine.apply(&mut after, plan, &mut ());
                            let next = graph.next_of(&after, &mut key);
                            match found.iter_mut().find(|o| o.next == next) {
                                Some(o) => o.plans += 1,
                                None => found.push(Opt { next, plans: 1 }),
                            }
                        }
                    }
                    Turn::Done | Turn::Over => {
                        played += 1;
                        let next = graph.next_of(&rolled, &mut key);
                        found.push(Opt { next, plans: 1 });
                    }
                }
                let r = graph.add_roll(first_roll, &found, 1.0 / f64::from(sequences));
                graph.sequence_roll.push(r);
            }
            let current = here.current;
            graph.nodes.push(Node { current, rolls: node_rolls, turns: node_turns, first_roll, first_sequence });
            x += 1;
            if let Some(p) = progress {
                p.positions.store(x as u64, Ordering::Relaxed);
            }
            pace.did(played).await?;
        }
        graph.rolls.push(Roll { p: 0.0, first_option: graph.options.len() as u32 });
        let (first_roll, first_sequence) = (graph.rolls.len() as u32 - 1, graph.sequence_roll.len() as u32);
        graph.nodes.push(Node { current: 0, rolls: 0, turns: 0, first_roll, first_sequence });
        Ok(graph)
    }

    /// A rough count of the positions: every piece anywhere, any seat to
    /// move (stacking orders, lost turns and who has started multiply it;
    /// pieces that cannot be where others are divide it).
    pub fn estimate(engine: &Engine) -> f64 {
        let start = engine.new_game(0);
        let spaces = engine.board().points.len() as f64 + 1.0;
        spaces.powi(start.pieces.len() as i32) * f64::from(engine.seats().get())
    }

    /// The node (or finished game) `s` is (the key leaves its counters out).
    fn next_of(&mut self, s: &State, key: &mut Vec<u8>) -> u32 {
        if s.is_over() {
            return FINISHED | s.winners;
        }
        self.codec.encode(s, key);
        self.intern(key)
    }

    /// Positions found so far (explored or waiting to be).
    fn found(&self) -> usize {
        self.keys.len() / self.codec.len()
    }

    fn intern(&mut self, key: &[u8]) -> u32 {
        if let Some(&id) = self.index.get(key) {
            return id;
        }
        let id = self.found() as u32;
        self.keys.extend_from_slice(key);
        self.index.insert(key.into(), id);
        id
    }

    /// Adds a roll's options, or adds its chance to an earlier roll of the
    /// same node with exactly the same options in the same order (so bots
    /// that break ties by order still see one roll).
    /// Returns the roll's number among the position's rolls.
    fn add_roll(&mut self, first_roll: u32, found: &[Opt], p: f64) -> u16 {
        let first = first_roll as usize;
        for r in first..self.rolls.len() {
            let start = self.rolls[r].first_option as usize;
            let end = self.rolls.get(r + 1).map_or(self.options.len(), |n| n.first_option as usize);
            if self.options[start..end] == *found {
                self.rolls[r].p += p;
                return (r - first) as u16;
            }
        }
        self.rolls.push(Roll { p, first_option: self.options.len() as u32 });
        self.options.extend_from_slice(found);
        (self.rolls.len() - 1 - first) as u16
    }

    /// The roll of position `x` that these faces are (in the order the
    /// engine read them).
    pub fn roll_of(&self, x: usize, faces: &[u32], sides: u32) -> usize {
        let seq = faces.iter().rev().fold(0, |n, f| n * sides + (f - 1));
        let at = self.nodes[x].first_sequence as usize + seq as usize;
        debug_assert!(at < self.nodes[x + 1].first_sequence as usize, "faces beyond the position's rolls");
        self.nodes[x].first_roll as usize + usize::from(self.sequence_roll[at])
    }

    /// Positions (not counting finished games).
    pub fn positions(&self) -> usize {
        self.nodes.len() - 1
    }

    /// Distinct rolls over all positions, and options over all rolls.
    pub fn size(&self) -> (usize, usize) {
        (self.rolls.len() - 1, self.options.len())
    }

    pub fn node(&self, x: usize) -> &Node {
        &self.nodes[x]
    }

    /// The rolls of position `x`, as indices.
    pub fn rolls_of(&self, x: usize) -> std::ops::Range<usize> {
        self.nodes[x].first_roll as usize..self.nodes[x + 1].first_roll as usize
    }

    pub fn roll(&self, r: usize) -> &Roll {
        &self.rolls[r]
    }

    /// How many options the rolls of position `x` offer in all: the work
    /// a pass over the positions does there (`Pace`).
    pub fn options_at(&self, x: usize) -> usize {
        let rolls = self.rolls_of(x);
        (self.rolls[rolls.end].first_option - self.rolls[rolls.start].first_option) as usize
    }

    /// The options of roll `r`, in the order of the first plan to each.
    pub fn options_of(&self, r: usize) -> &[Opt] {
        let end = self.rolls.get(r + 1).map_or(self.options.len(), |n| n.first_option as usize);
        &self.options[self.rolls[r].first_option as usize..end]
    }

    /// Which option of roll `r` each option index starts at (for tables
    /// with one entry per option).
    pub fn first_option(&self, r: usize) -> usize {
        self.rolls[r].first_option as usize
    }

    pub fn total_options(&self) -> usize {
        self.options.len()
    }

    /// Position `x` as an engine state (counters at zero).
    pub fn state(&self, x: usize, into: &mut State) {
        let len = self.codec.len();
        self.codec.decode(&self.keys[x * len..(x + 1) * len], into);
    }

    /// A finished game with these winners, for scoring it.
    pub fn finished_state(&self, winners: u32, into: &mut State) {
        into.clone_from(self.codec.template());
        into.winners = winners;
    }

    /// The position a state between turns is, if the game can reach it.
    pub fn position_of(&self, s: &State) -> Option<usize> {
        let mut key = Vec::with_capacity(self.codec.len());
        self.codec.encode(s, &mut key);
        self.index.get(key.as_slice()).map(|&x| x as usize)
    }

    /// What each scoring bot picks on every roll: per roll, the index of the
    /// option its plan leads to. `Policy::score` rates each position once
    /// (it reads no counters), and the first best plan wins, as in
    /// `Policy::choose`.
    pub fn picks(&self, engine: &Engine, policy: Policy) -> Vec<u16> {
        run(self.picks_stepped(engine, policy))
    }

    /// `picks` as work that pauses every so many options rated (`Pace`).
    pub async fn picks_stepped(&self, engine: &Engine, policy: Policy) -> Vec<u16> {
        let players = self.seats.count();
        let mut scores = vec![f64::NAN; self.positions() * players];
        let mut finished: FxHashMap<(u32, u8), f64> = FxHashMap::default();
        let (mut s, mut bot) = (State::default(), BotScratch::default());
        let mut picks = vec![0u16; self.rolls.len() - 1];
        let mut pace = Pace::plans(None);
        for x in 0..self.positions() {
            // Never cancelled: it has no progress to cancel it by.
            let _ = pace.did(self.options_at(x)).await;
            let me = self.nodes[x].current;
            for r in self.rolls_of(x) {
                let options = self.options_of(r);
                if options.len() < 2 {
                    continue;
                }
                let mut best = (0u16, f64::NEG_INFINITY);
                for (i, o) in options.iter().enumerate() {
                    let score = if o.next >= FINISHED {
                        *finished.entry((o.next, me)).or_insert_with(|| {
                            self.finished_state(o.next & !FINISHED, &mut s);
                            policy.score(engine, &s, me, &mut bot).unwrap_or(0.0)
                        })
                    } else {
                        let slot = &mut scores[o.next as usize * players + me as usize];
                        if slot.is_nan() {
                            self.state(o.next as usize, &mut s);
                            *slot = policy.score(engine, &s, me, &mut bot).unwrap_or(0.0);
                        }
                        *slot
                    };
                    if score > best.1 {
                        best = (i as u16, score);
                    }
                }
                picks[r] = best.0;
            }
        }
        picks
    }
}

fn turns(s: &State) -> u32 {
    s.players.iter().map(|p| p.turns).sum()
}
