//! The race kernel: classic games where pieces never meet, played from a
//! precomputed table (position, dice) → outcome built with
//! `CompiledBoard::resolve`. It draws the dice exactly as the engine does,
//! so a seed gives the very same games as the engine, only faster.

pub(crate) mod moves;
pub(crate) mod pairs;

use ladderkit_core::spec::{FirstPlayer, next_seat};
use ladderkit_core::{Features, Seats};
use ladderkit_engine::{Engine, GameRng};

use self::moves::{CHAIN, EXTRA, Entry, JUMPED, MOVED, WON, move_table, roll, table_fits};
use self::pairs::{PairReads, PairTable, Width};
use crate::tally::Tally;
use crate::tally::lead::Lead;

#[derive(Debug, Clone)]
pub struct RaceKernel {
    /// Entries per position: every ordered combination of the dice.
    width: usize,
    table: Vec<Entry>,
    count: u32,
    sides: u32,
    start: u32,
    cap: Option<u32>,
    first_player: FirstPlayer,
    /// Games of 1 to 6 without lost or extra turns: two rolls per read.
    pairs: Option<PairTable>,
    board: ladderkit_core::CompiledBoard,
    /// Turns after which a game stops unfinished (`Options::turn_limit`).
    limit: u32,
    /// The fastest loop this run may take (`Options::fastest`).
    fastest: RacePath,
}

/// Per-thread buffers.
#[derive(Debug, Default)]
pub struct Scratch {
    pos: Vec<u32>,
    lose: Vec<u32>,
    turns: Vec<u32>,
    rolls: Vec<u32>,
    /// How often each table entry was read, expanded into heat and rides
    /// once a block (a counter bump per roll instead of a heat and a ride
    /// update).
    reads: Vec<u64>,
    /// The same for the pair table's cells (two rolls each).
    pair_reads: PairReads,
}

/// Which of the race kernel's loops plays a run (`RaceKernel::path`),
/// slowest first: each plays what the one before it plays on fewer boards,
/// faster.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum RacePath {
    /// One game at a time, one roll a read: lost and extra turns, and
    /// plain games whose pair table would be too large or whose turn limit
    /// is too close.
    General,
    /// Plain games two rolls a read, this many side by side.
    Pairs(Width),
}

impl RacePath {
    /// The fastest path there is: a run takes the fastest its board and
    /// processor allow.
    pub const FASTEST: RacePath = RacePath::Pairs(Width::SixtyFour);

    /// For people: what this loop is.
    pub fn name(self) -> String {
        match self {
            RacePath::General => "race kernel, general".into(),
            RacePath::Pairs(w) => format!("race kernel, pairs, {}", w.name()),
        }
    }
}

impl RaceKernel {
    /// What the race kernel plays: classic races whose pieces never meet,
    /// with lost and extra turns, a turn cap and geese.
    pub const PLAYS: Features = Features::LOST_TURNS
        .with(Features::EXTRA_TURN_SPACES)
        .with(Features::EXTRA_TURN_ROLLS)
        .with(Features::TURN_CAP)
        .with(Features::GEESE);

    /// Whether `new` gives a kernel: it plays every feature of the board
    /// and the table is not too large. Builds nothing.
    pub fn applies(engine: &Engine) -> bool {
        let board = engine.board();
        board.features().within(Self::PLAYS) && table_fits(board)
    }

    /// A kernel for the engine's variant, if it `applies`.
    pub fn new(engine: &Engine) -> Option<Self> {
        if !Self::applies(engine) {
            return None;
        }
        let board = engine.board();
        let (count, sides) = (board.dice.count, board.dice.sides);
        let (width, table) = move_table(board);
        let plain = board.extra_turn.is_none() && !board.has_turn_effects();
        let pairs = if plain { PairTable::new(&table, width, board) } else { None };
        Some(Self {
            width,
            table,
            count,
            sides,
            start: board.start,
            cap: board.max_consecutive_turns,
            first_player: engine.first_player(),
            pairs,
            board: board.clone(),
            limit: ladderkit_engine::MAX_TURNS as u32,
            fastest: RacePath::FASTEST,
        })
    }

    /// This kernel for a run that stops games at `turn_limit` turns and
    /// takes no loop faster than `fastest` (`Options`).
    pub fn for_run(self, turn_limit: u32, fastest: RacePath) -> Self {
        let widest = match fastest {
            RacePath::Pairs(w) => w,
            _ => Width::Four,
        };
        let pairs = self.pairs.map(|p| p.for_run(turn_limit, widest));
        Self { limit: turn_limit, pairs, fastest, ..self }
    }

    /// Which of its loops plays games at a table of `seats`.
    pub fn path(&self, seats: Seats) -> RacePath {
        let can = if self.reads_two_rolls(seats) {
            RacePath::Pairs(self.pairs.as_ref().map_or(Width::Four, |p| p.width_here()))
        } else {
            RacePath::General
        };
        can.min(self.fastest)
    }

    /// Whether games at a table of `seats` read two rolls at a time (the
    /// pair table; plain boards with 1 to 6 players whose table stays
    /// small, in runs that stop games no sooner than two rounds).
    pub fn reads_two_rolls(&self, seats: Seats) -> bool {
        self.pairs.is_some() && (1..=6).contains(&seats.get()) && self.limit >= 2 * seats.get()
    }

    #[inline]
    fn roll(&self, rng: &mut GameRng) -> usize {
        roll(rng, self.count, self.sides)
    }

    /// Plays game `game` of the run seeded `seed` into `tally`, one roll
    /// per table read.
    fn play(&self, seed: u64, game: u64, seats: Seats, scratch: &mut Scratch, tally: &mut Tally) {
        let mut rng = GameRng::for_game(seed, game);
        let s = scratch;
        s.reset(seats, self);
        let players = seats.count();
        let opener = seats.opener(self.first_player, game);
        let (mut current, mut in_row, mut rounds, mut winner) = (opener, 1u32, 1u32, None);
        let mut lead = Lead::new(self.start);
        let mut turns_left = self.limit;
        while winner.is_none() && turns_left > 0 {
            turns_left -= 1;
            if in_row == 1 {
                s.turns[current] += 1;
            }
            let mut extra = false;
            if s.lose[current] > 0 {
                // (a lost turn moves nobody: the lead stays as it was)
                s.lose[current] -= 1;
            } else {
                let at = s.pos[current] as usize * self.width + self.roll(&mut rng);
                let e = self.table[at];
                s.rolls[current] += 1;
                // Counted per entry, expanded into heat and rides once a
                // block (`play_range`).
                s.reads[at] += 1;
                let from = s.pos[current];
                s.pos[current] = u32::from(e.rest);
                if players > 1 {
                    // The engine's sim looks at the lead after every turn,
                    // the winning one included (players that won sit on
                    // the goal, the furthest square).
                    lead.turn(current, from, s.pos[current], &s.pos);
                }
                if e.flags & WON != 0 {
                    winner = Some(current);
                }
                s.lose[current] += u32::from(e.lose);
                extra = e.flags & EXTRA != 0;
            }
            if winner.is_some() {
                // (the game is over: nobody plays on)
            } else if extra && self.cap.is_none_or(|cap| in_row < cap) {
                in_row += 1;
            } else {
                in_row = 1;
                current = next_seat(current, players);
                if current == opener {
                    rounds += 1;
                }
            }
        }
        let winners = winner.map_or(0, |w| 1u32 << w);
        tally.add_counts(&s.rolls, &s.turns, rounds, winners, lead.changes(seats == Seats::TWO));
    }

    /// Plays a range of games.
    pub fn play_range(
        &self,
        seed: u64,
        games: std::ops::Range<u64>,
        seats: Seats,
        scratch: &mut Scratch,
        tally: &mut Tally,
    ) {
        scratch.reads.clear();
        scratch.reads.resize(self.table.len(), 0);
        match &self.pairs {
            Some(pairs) if matches!(self.path(seats), RacePath::Pairs(_)) => {
                self.play_pairs(pairs, seed, games, seats, scratch, tally)
            }
            // One game at a time, one roll a read.
            _ => games.for_each(|g| self.play(seed, g, seats, scratch, tally)),
        }
        for (at, n) in scratch.reads.iter().enumerate().filter(|(_, n)| **n > 0) {
            self.count_moves(self.table[at], *n, tally);
        }
    }

    /// Plain games of 1 to 6: two rolls per read, several games at once.
    fn play_pairs(
        &self,
        pairs: &PairTable,
        seed: u64,
        games: std::ops::Range<u64>,
        seats: Seats,
        scratch: &mut Scratch,
        tally: &mut Tally,
    ) {
        let (r, reads) = (self.first_player, &mut scratch.pair_reads);
        match seats.count() {
            1 => pairs.play_range::<1>(seed, games, r, tally, reads),
            2 => pairs.play_range::<2>(seed, games, r, tally, reads),
            3 => pairs.play_range::<3>(seed, games, r, tally, reads),
            4 => pairs.play_range::<4>(seed, games, r, tally, reads),
            5 => pairs.play_range::<5>(seed, games, r, tally, reads),
            6 => pairs.play_range::<6>(seed, games, r, tally, reads),
            _ => unreachable!("pairs are played by 1 to 6"),
        }
        for (single, n) in scratch.pair_reads.singles(pairs) {
            scratch.reads[single] += n;
        }
    }

    #[inline]
    fn count_moves(&self, e: Entry, n: u64, tally: &mut Tally) {
        if e.flags & MOVED != 0 {
            tally.heat[e.rest as usize] += n;
        }
        if e.flags & JUMPED != 0 {
            if e.flags & CHAIN == 0 {
                tally.jumps[e.jump as usize - 1] += n;
            } else {
                for j in self.board.chain(u32::from(e.end)) {
                    tally.jumps[j as usize] += n;
                }
            }
        }
    }
}

impl Scratch {
    fn reset(&mut self, seats: Seats, k: &RaceKernel) {
        for (v, fill) in [(&mut self.pos, k.start), (&mut self.lose, 0), (&mut self.turns, 0), (&mut self.rolls, 0)] {
            v.clear();
            v.resize(seats.count(), fill);
        }
    }
}
