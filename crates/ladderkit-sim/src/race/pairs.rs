//! Plain races for one to six players (no lost or extra turns, pieces that
//! never meet): each seat's next two rolls are one read of a pair table,
//! and several games are played side by side: eight in vectors where the
//! processor has AVX2 (the dice one die a roll: `wide`), four here
//! otherwise. On a board in landing form (`landings`) an AVX-512 or AVX2
//! processor plays 64 at a time without the pair table's reads
//! (`wide/landing_form.rs`).
//!
//! The dice are drawn exactly as the engine draws them: one generator per
//! game, 32 bits per die, seats in turn. Two rounds take `2 × players ×
//! dice` 32-bit draws, an even number, so every step starts on a fresh
//! 64-bit output and a seed gives the engine's very games
//! (`the_kernel_plays_exactly_the_engines_games`).
//!
//! Lead changes are counted as the engine's simulation counts them
//! (`Leader::observe`: a new sole leader after a turn), from the mover
//! alone: with two players the sign of the difference of their rows, with
//! more the top row and the last sole leader; only a piece joining the top
//! or one on the top falling back needs the look at every piece
//! (`Lead::observe`). Rows stand for positions (position × width², the
//! offset of the position's cells), in the same order.

use ladderkit_core::CompiledBoard;
use ladderkit_core::spec::{Dice, FirstPlayer};
use ladderkit_engine::{GameRng, MAX_TURNS};

mod landings;
#[cfg(target_arch = "x86_64")]
mod wide;

use self::landings::{BINS, FIRST, Landings, SUMS, UNPLAYED};
use super::moves::{Entry, WON};
use crate::tally::Tally;
use crate::tally::lead::Lead;

/// Games side by side. Two to eight made no difference beyond the noise on
/// Milton Bradley with two and four players; four keeps a block's lanes
/// busy to its end.
const LANES: usize = 4;
/// The pair table and its counters of two-roll reads (12 bytes a cell)
/// stay this small: the first-level cache.
const MAX_TABLE_BYTES: usize = 64 * 1024;
/// Cells a pair table has room for (the table is padded to this many, so
/// an index masked to it needs no bounds check): more than the largest
/// table `MAX_TABLE_BYTES` allows.
const CELLS: usize = 1 << 13;
const _: () = assert!(CELLS * 12 > MAX_TABLE_BYTES);
/// Dice per roll the pair path plays (a table of two rolls of more would
/// not stay small anyway).
const MAX_DICE: usize = 4;
/// In a cell: the seat won on that roll (rows are far below 2^31).
const WON_BIT: u32 = 1 << 31;

/// How many games the race kernel's pair path plays side by side: four in
/// plain code, eight in AVX2 vectors (`wide`), sixty-four in AVX2 or
/// AVX-512 ones on a board in landing form (`landings`). A
/// run takes the widest the processor has up to `Options::fastest`; the
/// harness runs each to hold it to the engine.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Width {
    Four,
    Eight,
    SixtyFourAvx2,
    SixtyFour,
}

impl Width {
    pub const ALL: [Width; 4] = [Width::Four, Width::Eight, Width::SixtyFourAvx2, Width::SixtyFour];

    /// For people: what plays at this width.
    pub fn name(self) -> &'static str {
        match self {
            Width::Four => "four games at a time (plain code)",
            Width::Eight => "eight games at a time (AVX2)",
            Width::SixtyFourAvx2 => "sixty-four games at a time (AVX2, boards in landing form)",
            Width::SixtyFour => "sixty-four games at a time (AVX-512, boards in landing form)",
        }
    }

    /// Whether this processor plays at this width.
    pub fn here(self) -> bool {
        match self {
            Width::Four => true,
            #[cfg(target_arch = "x86_64")]
            Width::Eight | Width::SixtyFourAvx2 => wide::avx2().is_some(),
            #[cfg(target_arch = "x86_64")]
            Width::SixtyFour => wide::avx512().is_some(),
            #[cfg(not(target_arch = "x86_64"))]
            _ => false,
        }
    }
}

#[derive(Debug, Clone)]
pub(crate) struct PairTable {
    /// Per (position, first roll, second roll): the rows the seat rests on
    /// after the first roll and after the second, `WON_BIT` set on the roll
    /// that won. A row is position × `width²`, the offset of its cells.
    cells: Vec<[u32; 2]>,
    /// Equally likely outcomes of one roll (sides ^ dice).
    width: u32,
    sides: u32,
    dice: u32,
    start_row: u32,
    /// The most games at a time to play in vectors where the processor
    /// can (`wide`; `Options::fastest`).
    #[cfg_attr(not(target_arch = "x86_64"), expect(dead_code, reason = "other processors play four at a time"))]
    side_by_side: Width,
    /// Turns after which a game stops unfinished (`Options::turn_limit`).
    limit: u32,
    /// The board in landing form, if it has one (one die); boxed, as it
    /// is larger than the rest of the kernel.
    landings: Option<Box<Landings>>,
}

impl PairTable {
    /// From `board`'s one-roll entries (position × `width` outcomes); `None`
    /// when the table would not stay small.
    pub(crate) fn new(single: &[Entry], width: usize, board: &CompiledBoard) -> Option<Self> {
        let (start, Dice { count: dice, sides }) = (board.start, board.dice);
        let positions = single.len() / width;
        let cells = positions.checked_mul(width * width)?;
        if cells * 12 > MAX_TABLE_BYTES || dice as usize > MAX_DICE {
            // (so also cells < CELLS)
            return None;
        }
        let row = |pos: u16| u32::from(pos) * (width * width) as u32;
        let mut table = Vec::with_capacity(cells);
        for pos in 0..positions {
            for first in 0..width {
                let a = single[pos * width + first];
                for second in 0..width {
                    let won_first = a.flags & WON != 0;
                    let b = if won_first { a } else { single[usize::from(a.rest) * width + second] };
                    let mark = |e: Entry| if e.flags & WON != 0 { WON_BIT } else { 0 };
                    table.push([row(a.rest) | mark(a), row(b.rest) | if won_first { 0 } else { mark(b) }]);
                }
            }
        }
        // The padding holds row 0 and is never read.
        table.resize(CELLS, [0, 0]);
        Some(Self {
            cells: table,
            width: width as u32,
            sides,
            dice,
            start_row: start * (width * width) as u32,
            side_by_side: Width::SixtyFour,
            limit: MAX_TURNS as u32,
            landings: if dice == 1 { Landings::new(single, width, board).map(Box::new) } else { None },
        })
    }

    /// The width games play at: the widest the processor has up to
    /// `side_by_side`; vectors only for one die a roll, sixty-four only on
    /// a board in landing form.
    pub(crate) fn width_here(&self) -> Width {
        let fits = |w: Width| match w {
            Width::Four => true,
            Width::Eight => self.dice == 1,
            Width::SixtyFourAvx2 | Width::SixtyFour => self.dice == 1 && self.landings.is_some(),
        };
        Width::ALL.into_iter().rev().find(|w| *w <= self.side_by_side && w.here() && fits(*w)).unwrap_or(Width::Four)
    }

    /// This table for a run stopping games at `limit` turns, `widest` games
    /// at a time at most.
    pub(crate) fn for_run(self, limit: u32, widest: Width) -> Self {
        Self { limit, side_by_side: widest, ..self }
    }

    /// The one-roll entries a pair cell's reads stand for: (first, second)
    /// as indices into the one-roll table (position × width + outcome).
    pub(crate) fn singles(&self, cell: usize) -> (usize, usize) {
        let (w, w2) = (self.width as usize, (self.width * self.width) as usize);
        let (pos, first, second) = (cell / w2, cell % w2 / w, cell % w);
        let mid = (self.cells[cell][0] & !WON_BIT) as usize / w2;
        (pos * w + first, mid * w + second)
    }

    /// The outcome of one roll from `draws`, 32 bits per die, first die
    /// lowest (as `RaceKernel::roll` and the engine).
    #[inline(always)]
    fn outcome(&self, draws: &[u32]) -> u32 {
        let (mut combo, mut scale) = (0, 1);
        for d in draws {
            combo += ((u64::from(*d) * u64::from(self.sides)) >> 32) as u32 * scale;
            scale *= self.sides;
        }
        combo
    }

    /// Plays `games` with `P` players into `tally`, counting the cells read
    /// in `reads`.
    pub(crate) fn play_range<const P: usize>(
        &self,
        seed: u64,
        games: std::ops::Range<u64>,
        first_player: FirstPlayer,
        tally: &mut Tally,
        reads: &mut PairReads,
    ) {
        let width = self.width_here();
        reads.reset(CELLS, matches!(width, Width::SixtyFour | Width::SixtyFourAvx2));
        let cells = self.cells.as_slice().try_into().expect("padded to CELLS");
        let both = reads.both.as_mut_slice().try_into().expect("CELLS counters");
        let games_counted =
            GameCounts { won: vec![0; 1024], cut: 0, limit: self.limit, seat_wins: [0; P], lead_changes: 0 };
        let mut lanes =
            Lanes::<P> { table: self, cells, both, first: &mut reads.first, games: games_counted, seed, first_player };
        #[cfg(target_arch = "x86_64")]
        match (width, &self.landings, wide::avx512(), wide::avx2()) {
            (Width::SixtyFour, Some(form), Some(simd), _) => {
                let bins = reads.landed.as_mut_slice().try_into().expect("BINS counters");
                reads.cells_counted = wide::play_range64(simd, form, &mut lanes, bins, games);
                return lanes.games.into_tally(tally);
            }
            (Width::SixtyFourAvx2, Some(form), _, Some(simd)) => {
                let bins = reads.landed.as_mut_slice().try_into().expect("BINS counters");
                reads.cells_counted = wide::play_range64(simd, form, &mut lanes, bins, games);
                return lanes.games.into_tally(tally);
            }
            (Width::Eight, _, _, Some(simd)) => {
                wide::play_range8(simd, &mut lanes, games);
                return lanes.games.into_tally(tally);
            }
            _ => {}
        }
        let mut next = games.start;
        let mut lane: [Game<P>; LANES] = std::array::from_fn(|_| lanes.start(0));
        let mut live = [false; LANES];
        for (game, live) in lane.iter_mut().zip(&mut live) {
            if next < games.end {
                (*game, *live) = (lanes.start(next), true);
                next += 1;
            }
        }
        while live.iter().any(|l| *l) {
            for (game, live) in lane.iter_mut().zip(&mut live) {
                if !*live {
                    continue;
                }
                let over = if self.dice == 1 { lanes.step::<1>(game) } else { lanes.step::<0>(game) };
                if over {
                    lanes.finish(game.opener, &game.race);
                    *live = next < games.end;
                    if *live {
                        *game = lanes.start(next);
                        next += 1;
                    }
                }
            }
        }
        lanes.games.into_tally(tally);
    }
}

/// How often each pair cell was read: both its rolls, or only the first
/// (the game ended between them); on a board in landing form played 64 at
/// a time, pairs of sums and first sums instead (`landed`, bins as
/// `landings::BINS` says), and the cells only for games handed over near
/// the turn limit.
#[derive(Debug, Default)]
pub(crate) struct PairReads {
    both: Vec<u32>,
    first: Vec<u32>,
    landed: Vec<u32>,
    /// What the block counted in: the cells, the sums, or both (a 64-game
    /// block that handed games over).
    cells_counted: bool,
    landed_counted: bool,
}

impl PairReads {
    /// Ready for a block: every counter it may count in at 0, but the cells
    /// of a 64-game block, which are cleared if a game is handed over
    /// (`landing_form::hand_over`; clearing them every block took 2% of the
    /// time).
    fn reset(&mut self, cells: usize, sixty_four: bool) {
        (self.cells_counted, self.landed_counted) = (!sixty_four, sixty_four);
        for v in [&mut self.both, &mut self.first] {
            if !sixty_four {
                v.clear();
            }
            v.resize(cells, 0);
        }
        if sixty_four {
            // (Bins past `UNPLAYED` are never counted in.)
            self.landed.resize(BINS, 0);
            self.landed[..=UNPLAYED].fill(0);
        }
    }

    /// The one-roll entries read (indices into the one-roll table), with
    /// how often.
    pub(crate) fn singles<'a>(&'a self, table: &'a PairTable) -> impl Iterator<Item = (usize, u64)> + 'a {
        let cells = if self.cells_counted { self.both.len() } else { 0 };
        let both = self.both[..cells].iter().enumerate().filter(|(_, n)| **n > 0).flat_map(|(cell, n)| {
            let (first, second) = table.singles(cell);
            [(first, u64::from(*n)), (second, u64::from(*n))]
        });
        let first = self.first[..cells].iter().enumerate().filter(|(_, n)| **n > 0);
        let both = both.chain(first.map(|(cell, n)| (table.singles(cell).0, u64::from(*n))));
        // A sum stands for every roll that makes it (`Landings::single`);
        // the bins from `UNPLAYED` on are rolls not played.
        let sums = table.landings.as_ref().filter(|_| self.landed_counted).map(|form| {
            let single = |sum: usize| form.single[sum] as usize;
            let pairs = self.landed.iter().take(FIRST).enumerate().filter(|(_, n)| **n > 0);
            let pairs = pairs.flat_map(move |(bin, n)| [(single(bin / SUMS), n), (single(bin % SUMS), n)]);
            let firsts = self.landed.iter().skip(FIRST).take(SUMS).enumerate().filter(|(_, n)| **n > 0);
            pairs.chain(firsts.map(move |(sum, n)| (single(sum), n))).map(|(single, n)| (single, u64::from(*n)))
        });
        both.chain(sums.into_iter().flatten())
    }
}

/// The finished games of a block, added to the tally once at its end.
#[derive(Debug)]
struct GameCounts<const P: usize> {
    /// `won[t]`: games won on turn t.
    won: Vec<u64>,
    /// Games stopped at the turn limit (`limit`).
    cut: u64,
    limit: u32,
    seat_wins: [u64; P],
    lead_changes: u64,
}

impl<const P: usize> GameCounts<P> {
    /// A game won by `seat` on turn `turns`.
    #[inline(always)]
    fn won_on(&mut self, turns: u32, seat: usize) {
        let turns = turns as usize;
        if turns >= self.won.len() {
            self.longer(turns);
        }
        self.won[turns] += 1;
        self.seat_wins[seat] += 1;
    }

    #[cold]
    fn longer(&mut self, turns: usize) {
        self.won.resize(turns + 1, 0);
    }

    fn into_tally(self, tally: &mut Tally) {
        tally.add_races(&self.won, self.cut, self.limit, &self.seat_wins, self.lead_changes);
    }
}

/// One game in a lane.
#[derive(Debug, Clone)]
struct Game<const P: usize> {
    rng: GameRng,
    opener: usize,
    race: Race<P>,
}

/// Where a game stands; seats are numbered in turn order (the opener is 0).
#[derive(Debug, Clone)]
struct Race<const P: usize> {
    rows: [u32; P],
    turns: u32,
    /// The winner in turn order, once there is one.
    winner: Option<usize>,
    lead: Lead,
}

impl<const P: usize> Race<P> {
    fn new(start_row: u32) -> Self {
        Race { rows: [start_row; P], turns: 0, winner: None, lead: Lead::new(start_row) }
    }
}

struct Lanes<'a, const P: usize> {
    table: &'a PairTable,
    /// The table's cells and the counts of their two-roll reads, at their
    /// padded size: indices masked to `CELLS` need no bounds check.
    cells: &'a [[u32; 2]; CELLS],
    both: &'a mut [u32; CELLS],
    /// Counts of reads of a cell's first roll only.
    first: &'a mut [u32],
    games: GameCounts<P>,
    seed: u64,
    first_player: FirstPlayer,
}

impl<const P: usize> Lanes<'_, P> {
    fn start(&self, game: u64) -> Game<P> {
        Game {
            rng: GameRng::for_game(self.seed, game),
            opener: self.opener(game),
            race: Race::new(self.table.start_row),
        }
    }

    fn opener(&self, game: u64) -> usize {
        self.first_player.opener(game, P)
    }

    /// Two rounds of `game` (`D` dice a roll, 0 if not known at compile
    /// time); whether it is over. Cells and rows are in range by the
    /// table's construction, so the sums here wrap instead of checking.
    #[inline(always)]
    fn step<const D: usize>(&mut self, game: &mut Game<P>) -> bool {
        let offsets = if D == 1 { self.one_die_offsets(game) } else { self.offsets(game) };
        let race = &mut game.race;
        let at: [usize; P] = std::array::from_fn(|s| race.rows[s].wrapping_add(offsets[s]) as usize);
        let cells: [[u32; 2]; P] = std::array::from_fn(|s| self.cells[at[s] & (CELLS - 1)]);
        let won = cells.iter().fold(0, |won, c| won | c[0] | c[1]);
        if won & WON_BIT != 0 || race.turns + 2 * P as u32 > self.table.limit {
            return self.last_step(race, &at, &cells);
        }
        for a in at {
            let n = &mut self.both[a & (CELLS - 1)];
            *n = n.wrapping_add(1);
        }
        // Locals, so the lead stays in registers between turns (through
        // `game` it went to memory and back every turn).
        let (mut rows, mut lead) = (race.rows, race.lead.clone());
        for round in 0..2 {
            for (s, cell) in cells.iter().enumerate() {
                let x = rows[s];
                rows[s] = cell[round];
                lead.turn(s, x, cell[round], &rows);
            }
        }
        (race.rows, race.lead) = (rows, lead);
        race.turns = race.turns.wrapping_add(2 * P as u32);
        false
    }

    /// Where each seat's two rolls read in its row, one die a roll: the
    /// 2P draws are the halves of P outputs, so no buffer is needed.
    #[inline(always)]
    fn one_die_offsets(&self, game: &mut Game<P>) -> [u32; P] {
        let (w, sides) = (self.table.width, u64::from(self.table.sides));
        let outputs: [u64; P] = std::array::from_fn(|_| game.rng.next_u64());
        let die = |turn: usize| {
            let x = outputs[turn / 2];
            let half = if turn.is_multiple_of(2) { x >> 32 } else { x & 0xFFFF_FFFF };
            (half.wrapping_mul(sides) >> 32) as u32
        };
        std::array::from_fn(|s| die(s).wrapping_mul(w).wrapping_add(die(P + s)))
    }

    /// `one_die_offsets` for any number of dice.
    #[inline(always)]
    fn offsets(&self, game: &mut Game<P>) -> [u32; P] {
        let t = self.table;
        let dice = t.dice as usize;
        let mut halves = [0u32; 2 * 6 * MAX_DICE];
        for pair in halves[..2 * P * dice].chunks_exact_mut(2) {
            let x = game.rng.next_u64();
            pair[0] = (x >> 32) as u32;
            pair[1] = x as u32;
        }
        std::array::from_fn(|s| {
            let first = &halves[s * dice..(s + 1) * dice];
            let second = &halves[(P + s) * dice..(P + s + 1) * dice];
            t.outcome(first) * t.width + t.outcome(second)
        })
    }

    /// The step a win, or the engine's turn limit, falls in: its turns one
    /// by one up to there.
    #[cold]
    fn last_step(&mut self, race: &mut Race<P>, at: &[usize; P], cells: &[[u32; 2]; P]) -> bool {
        let mut taken = 0;
        for turn in 0..2 * P {
            if race.turns == self.table.limit {
                break;
            }
            let (s, round) = (turn % P, turn / P);
            let y = cells[s][round];
            let x = race.rows[s];
            race.rows[s] = y & !WON_BIT;
            race.turns += 1;
            taken += 1;
            race.lead.turn(s, x, y & !WON_BIT, &race.rows);
            if y & WON_BIT != 0 {
                race.winner = Some(s);
                break;
            }
        }
        for (s, a) in at.iter().enumerate() {
            if taken > P + s {
                self.both[*a] += 1;
            } else if taken > s {
                self.first[*a] += 1;
            }
        }
        race.winner.is_some() || race.turns == self.table.limit
    }

    fn finish(&mut self, opener: usize, race: &Race<P>) {
        let counts = &mut self.games;
        counts.lead_changes += u64::from(race.lead.changes(P == 2));
        match race.winner {
            Some(winner) => counts.won_on(race.turns, (opener + winner) % P),
            None => counts.cut += 1,
        }
    }
}
