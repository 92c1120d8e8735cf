//! One player alone, no lost or extra turns: then only the rolls matter,
//! and a table (position, k rolls) → (next row, rolls used, won) plays k
//! rolls per read. Heat and jump use are not counted per roll: each table
//! read is counted, and the reads are expanded into their rolls once per
//! block.
//!
//! These games draw their dice differently from the engine (several reads
//! from one 64-bit output, one generator per lane of a block rather than one
//! per game), so they are the same *distribution* of games as the engine's,
//! not the same games; `simulation_agrees_with_the_exact_analysis` holds them
//! to the exact odds.

use ladderkit_engine::GameRng;

use crate::kernel::{Entry, WON};
use crate::stats::Tally;

/// Rolls per read are chosen so the table and its counts stay this small.
/// Fewer reads a game beat faster reads: on Milton Bradley 3 rolls a read
/// in 174 KB (second-level cache) beat 2 in 29 KB (first level), and 4 in
/// 1.4 MB lost.
const MAX_TABLE_BYTES: usize = 256 * 1024;
/// Games played side by side: each is a chain of dependent table reads, and
/// independent chains let the processor overlap them. Six beat 4, 5, 7 and
/// 8 in alternating runs (more lanes spill out of registers).
const LANES: usize = 6;
/// Table entry: the next row's offset (low 24 bits), rolls used, won.
const ROW: u32 = 0xFF_FFFF;
const USED_SHIFT: u32 = 24;
const USED: u32 = 0x7F;
const WON_BIT: u32 = 1 << 31;
/// Steps between turning the lanes' logged wins into game lengths.
const LOG: usize = 64;
/// Table sizes (entries, powers of two); larger boards use the engine.
const SMALL: usize = 1 << 12;
const MEDIUM: usize = 1 << 15;
const LARGE: usize = 1 << 18;
const HUGE: usize = 1 << 20;
const SIZES: [usize; 4] = [SMALL, MEDIUM, LARGE, HUGE];

/// Lemire's multiply: the high word is a uniform index below `n`, the low
/// word the randomness not yet used.
#[inline(always)]
fn draw(x: &mut u64, n: usize) -> usize {
    let m = u128::from(*x) * n as u128;
    *x = m as u64;
    (m >> 64) as usize
}

#[derive(Debug, Clone)]
pub(crate) struct SoloTable {
    /// Rolls per read and the number of equally likely roll sequences.
    k: usize,
    sequences: usize,
    /// Reads drawn from one 64-bit output (sequences^draws ≤ 2^32, so at
    /// least 32 bits of precision are left for the last one).
    draws: u32,
    /// Per (position, sequence): see `ROW`, `USED_SHIFT`, `WON_BIT`. A won
    /// entry's next row is the start's, so a finished lane goes on at once.
    table: Vec<u32>,
    start_row: u32,
    /// The one-roll entries, for expanding counts into heat and jumps.
    single: Vec<Entry>,
    /// Per sequence: its k dice faces (0-based), first roll first.
    faces: Vec<u16>,
    width: usize,
}

/// A table entry and how often this thread read it: side by side, so a
/// read touches one cache line.
#[derive(Debug, Clone, Copy, Default)]
pub(crate) struct Cell {
    entry: u32,
    reads: u32,
}

impl SoloTable {
    /// For a board without lost or extra turns, from its single-roll
    /// entries `single` (position × `width` dice faces); `None` when no
    /// table fits.
    pub(crate) fn new(board: &ladderkit_core::CompiledBoard, single: &[Entry], width: usize) -> Option<Self> {
        let positions = board.points.len();
        if width < 2 {
            return None;
        }
        // Table and counts: 8 bytes per entry.
        let (mut k, mut sequences) = (1, width);
        while sequences * width * positions * 8 <= MAX_TABLE_BYTES && sequences * width <= usize::from(u16::MAX) {
            k += 1;
            sequences *= width;
        }
        let size = SIZES.into_iter().find(|size| positions * sequences <= *size)?;
        if k > USED as usize {
            return None;
        }
        let start_row = board.start * sequences as u32;
        let faces: Vec<u16> =
            (0..sequences).flat_map(|seq| (0..k).map(move |j| (seq / width.pow(j as u32) % width) as u16)).collect();
        let mut table = Vec::with_capacity(size);
        for pos in 0..positions {
            for seq_faces in faces.chunks_exact(k) {
                let (mut used, mut last) = (0u32, None);
                for e in walk(single, width, pos, seq_faces) {
                    (used, last) = (used + 1, Some(e));
                }
                let last = last.expect("k ≥ 1 rolls");
                let won = last.flags & WON != 0;
                let next = if won { start_row } else { u32::from(last.rest) * sequences as u32 };
                table.push(next | used << USED_SHIFT | if won { WON_BIT } else { 0 });
            }
        }
        // Padding to a power of two lets the reads be masked instead of
        // bounds-checked; no read lands in it.
        table.resize(size, 0);
        let mut draws = 1;
        while (sequences as u64).pow(draws + 1) <= 1 << 32 {
            draws += 1;
        }
        Some(Self { k, sequences, draws, table, start_row, single: single.to_vec(), faces, width })
    }

    /// Plays `games` (a block: the draws depend on its start and length,
    /// never on the thread that plays it) and returns their lengths,
    /// counting table reads in `cells`; `spill` is handed the cells to
    /// `flush` before a count could overflow (games of thousands of rolls).
    pub(crate) fn play_range(
        &self,
        seed: u64,
        games: std::ops::Range<u64>,
        cells: &mut Vec<Cell>,
        spill: &mut dyn FnMut(&mut [Cell]),
    ) -> Lengths {
        if cells.len() != self.table.len() {
            cells.clear();
            cells.extend(self.table.iter().map(|&entry| Cell { entry, reads: 0 }));
        }
        let count = games.end.saturating_sub(games.start);
        let block = GameRng::for_game(seed, games.start);
        let mut rngs: [GameRng; LANES] = std::array::from_fn(|i| block.fork(i as u64 + 1));
        let mut lengths = Lengths::default();
        let in_flight = match self.table.len() {
            SMALL => self.play_lanes::<SMALL>(count, &mut rngs, cells, spill, &mut lengths),
            MEDIUM => self.play_lanes::<MEDIUM>(count, &mut rngs, cells, spill, &mut lengths),
            LARGE => self.play_lanes::<LARGE>(count, &mut rngs, cells, spill, &mut lengths),
            _ => self.play_lanes::<HUGE>(count, &mut rngs, cells, spill, &mut lengths),
        };
        // The games in flight, each to its end, then the last few alone.
        for (rng, game) in rngs.iter_mut().zip(in_flight) {
            if let Some((row, rolls)) = game {
                self.finish_game(rng, row, rolls, cells, &mut lengths);
            }
        }
        while lengths.games() < count {
            self.finish_game(&mut rngs[0], self.start_row, 0, cells, &mut lengths);
        }
        lengths
    }

    /// Plays one game on from `row` to its end.
    fn finish_game(&self, rng: &mut GameRng, mut row: u32, mut rolls: u32, cells: &mut [Cell], lengths: &mut Lengths) {
        loop {
            let mut x = rng.next_u64();
            for _ in 0..self.draws {
                let cell = &mut cells[row as usize + draw(&mut x, self.sequences)];
                cell.reads += 1;
                rolls += (cell.entry >> USED_SHIFT) & USED;
                row = cell.entry & ROW;
                if cell.entry & WON_BIT != 0 {
                    return lengths.add(rolls);
                }
            }
            if rolls >= MAX_ROLLS {
                return lengths.cut();
            }
        }
    }

    /// Plays games in `LANES` lanes in lockstep while at least `LOG` steps'
    /// worth of games are left to begin. Each lane's reads depend on each
    /// other, the lanes' do not, so the processor overlaps them; and no read
    /// branches: a won entry's next row is the start, and the wins are
    /// logged and turned into game lengths every `LOG` steps (a branch on
    /// each win was mispredicted once a game). Returns the games in flight:
    /// (row, rolls so far).
    fn play_lanes<const N: usize>(
        &self,
        count: u64,
        rngs: &mut [GameRng; LANES],
        cells: &mut [Cell],
        spill: &mut dyn FnMut(&mut [Cell]),
        lengths: &mut Lengths,
    ) -> [Option<(u32, u32)>; LANES] {
        let cells: &mut [Cell; N] = cells.try_into().expect("the cells are padded to N");
        let k = self.k as u64;
        let groups = (LOG / self.draws as usize).max(1);
        // Games that may finish in one interval, plus those in flight.
        let per_interval = (LANES * (groups * self.draws as usize + 1)) as u64;
        if count < per_interval + LANES as u64 {
            return [None; LANES];
        }
        let mut rows = [self.start_row; LANES];
        // Per lane: the step its game began, and the wins since the last
        // drain as (step << 32 | the winning entry).
        let mut began = [0u64; LANES];
        let mut logs = [[0u64; LOG]; LANES];
        let mut wins = [0usize; LANES];
        let (mut step, mut spilled) = (0u64, 0u64);
        while lengths.games() + per_interval + LANES as u64 <= count {
            for _ in 0..groups {
                let mut xs: [u64; LANES] = std::array::from_fn(|l| rngs[l].next_u64());
                for _ in 0..self.draws {
                    step += 1;
                    let at = step << 32;
                    for l in 0..LANES {
                        let cell = &mut cells[(rows[l] as usize + draw(&mut xs[l], self.sequences)) & (N - 1)];
                        cell.reads += 1;
                        let e = cell.entry;
                        rows[l] = e & ROW;
                        // (A lane wins at most once a step, so `wins` < LOG here.)
                        logs[l][wins[l] & (LOG - 1)] = at | u64::from(e);
                        wins[l] += (e >> 31) as usize;
                    }
                }
            }
            for l in 0..LANES {
                for &win in &logs[l][..wins[l]] {
                    let (at, used) = (win >> 32, u64::from((win as u32 >> USED_SHIFT) & USED));
                    lengths.add(((at - began[l] - 1) * k + used) as u32);
                    began[l] = at;
                }
                wins[l] = 0;
                if (step - began[l]) * k >= u64::from(MAX_ROLLS) {
                    lengths.cut();
                    (rows[l], began[l]) = (self.start_row, step);
                }
            }
            // Reads here stay below 2^31 between spills, and the few
            // games played alone after this below 2^28 (under
            // LANES × (LOG + 2) games of at most a million rolls), so no
            // u32 count can wrap.
            if (step - spilled) * LANES as u64 >= 1 << 31 {
                spill(cells);
                spilled = step;
            }
        }
        std::array::from_fn(|l| Some((rows[l], ((step - began[l]) * k) as u32)))
    }

    /// Expands the counted reads into single rolls for `count`, then clears
    /// the counts.
    pub(crate) fn flush(&self, cells: &mut [Cell], mut count: impl FnMut(Entry, u64)) {
        for (pos, row) in cells.chunks_exact_mut(self.sequences).enumerate() {
            for (faces, cell) in self.faces.chunks_exact(self.k).zip(row).filter(|(_, c)| c.reads > 0) {
                for e in walk(&self.single, self.width, pos, faces) {
                    count(e, u64::from(cell.reads));
                }
                cell.reads = 0;
            }
        }
    }
}

/// The single rolls one table entry stands for: from `pos`, a roll per face
/// (0-based) until the goal is reached.
fn walk<'a>(single: &'a [Entry], width: usize, pos: usize, faces: &'a [u16]) -> impl Iterator<Item = Entry> + 'a {
    let mut at = Some(pos);
    faces.iter().map_while(move |face| {
        let e = single[at? * width + usize::from(*face)];
        at = (e.flags & WON == 0).then_some(usize::from(e.rest));
        Some(e)
    })
}

/// The engine's turn limit: one roll per turn when playing alone.
const MAX_ROLLS: u32 = ladderkit_engine::MAX_TURNS as u32;

/// Game lengths of one block, added to the tally once at its end.
#[derive(Debug, Default)]
pub(crate) struct Lengths {
    /// Games won in each number of rolls.
    won: Vec<u64>,
    /// Games stopped at the turn limit.
    cut: u64,
    games: u64,
}

impl Lengths {
    #[inline]
    fn add(&mut self, rolls: u32) {
        // A win in the read that crossed the limit came too late.
        if rolls > MAX_ROLLS {
            return self.cut();
        }
        self.games += 1;
        let r = rolls as usize;
        if r >= self.won.len() {
            self.won.resize((r + 1).max(512), 0);
        }
        self.won[r] += 1;
    }

    #[cold]
    fn cut(&mut self) {
        self.games += 1;
        self.cut += 1;
    }

    fn games(&self) -> u64 {
        self.games
    }

    pub(crate) fn into_tally(self, tally: &mut Tally) {
        tally.add_solo_games(&self.won, self.cut, MAX_ROLLS);
    }
}
