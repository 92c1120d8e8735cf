//! One player alone, no lost or extra turns: then only the rolls matter,
//! and a table (position, k rolls) → (where, rolls used, won) plays k rolls
//! per read, from one 32-bit draw. Heat and jump use are not counted per
//! roll: each table read is counted, and the reads are expanded into their
//! rolls once per block.

use ladderkit_engine::GameRng;

use crate::kernel::{Entry, WON};
use crate::stats::Tally;

/// Rolls per read are chosen so the table stays this small (cache-sized).
const MAX_TABLE_BYTES: usize = 128 * 1024;

#[derive(Debug, Clone)]
pub(crate) struct SoloTable {
    /// Rolls per read and the number of equally likely roll sequences.
    k: usize,
    sequences: usize,
    /// Per (position, sequence): rest (low 16 bits), rolls used (8 bits),
    /// won (bit 24).
    table: Vec<u32>,
    /// The one-roll entries, for expanding counts into heat and jumps.
    single: Vec<Entry>,
    width: usize,
}

impl SoloTable {
    /// Needs single-roll entries `single` (position × `width` dice faces);
    /// `None` when lost or extra turns matter or no table fits.
    pub(crate) fn new(board: &ladderkit_core::CompiledBoard, single: &[Entry], width: usize) -> Option<Self> {
        let plain = board.extra_turn.is_none() && board.rest.iter().all(|r| r.lose_turns == 0 && !r.extra_turn);
        let positions = board.points.len();
        if !plain || width < 2 {
            return None;
        }
        let (mut k, mut sequences) = (1, width);
        while sequences * width * positions * 4 <= MAX_TABLE_BYTES && sequences * width <= 1 << 16 {
            k += 1;
            sequences *= width;
        }
        let mut table = Vec::with_capacity(sequences * positions);
        for pos in 0..positions {
            for seq in 0..sequences {
                let (mut at, mut used, mut won, mut digits) = (pos, 0u32, false, seq);
                for _ in 0..k {
                    let e = single[at * width + digits % width];
                    digits /= width;
                    used += 1;
                    if e.flags & WON != 0 {
                        won = true;
                        break;
                    }
                    at = usize::from(e.rest);
                }
                table.push(at as u32 | used << 16 | u32::from(won) << 24);
            }
        }
        Some(Self { k, sequences, table, single: single.to_vec(), width })
    }

    /// Plays a range of games four at a time: each game is a chain of
    /// dependent table reads, and interleaving independent games lets the
    /// processor overlap them. Every game still uses its own generator, so
    /// the results are those of playing them one by one.
    pub(crate) fn play_range(
        &self,
        start: u32,
        seed: u64,
        games: std::ops::Range<u64>,
        counts: &mut Vec<u32>,
        tally: &mut Tally,
    ) {
        const LANES: usize = 4;
        if counts.len() != self.table.len() {
            counts.clear();
            counts.resize(self.table.len(), 0);
        }
        let n = self.sequences as u64;
        let table = self.table.as_slice();
        let counts = &mut counts[..table.len()];
        let first_row = start as usize * self.sequences;
        let mut next_game = games.start;
        let mut lanes: [Option<(GameRng, usize, u32)>; LANES] = Default::default();
        for lane in &mut lanes {
            if next_game < games.end {
                *lane = Some((GameRng::for_game(seed, next_game), first_row, 0));
                next_game += 1;
            }
        }
        while lanes.iter().any(Option::is_some) {
            for lane in &mut lanes {
                let Some((rng, row, rolls)) = lane else { continue };
                let x = rng.next_u64();
                let mut finished = false;
                for half in [x >> 32, x & 0xFFFF_FFFF] {
                    let i = *row + ((half * n) >> 32) as usize;
                    let e = table[i];
                    counts[i] += 1;
                    *rolls += (e >> 16) & 0xFF;
                    if e & (1 << 24) != 0 {
                        finished = true;
                        break;
                    }
                    *row = (e & 0xFFFF) as usize * self.sequences;
                }
                if finished {
                    tally.add_solo(*rolls);
                    *lane = (next_game < games.end).then(|| (GameRng::for_game(seed, next_game), first_row, 0));
                    next_game += 1;
                }
            }
        }
    }

    /// Expands the counted reads into single rolls for `count`, then clears
    /// the counts.
    pub(crate) fn flush(&self, counts: &mut [u32], mut count: impl FnMut(Entry, u64)) {
        for (i, c) in counts.iter_mut().enumerate().filter(|(_, c)| **c > 0) {
            let (mut at, mut digits) = (i / self.sequences, i % self.sequences);
            for _ in 0..self.k {
                let e = self.single[at * self.width + digits % self.width];
                digits /= self.width;
                count(e, u64::from(*c));
                if e.flags & WON != 0 {
                    break;
                }
                at = usize::from(e.rest);
            }
            *c = 0;
        }
    }
}
