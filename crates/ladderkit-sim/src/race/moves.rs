//! The move table every classic kernel reads: for each position, one entry
//! per ordered combination of the dice, made with
//! `CompiledBoard::resolve` (where the roll rests, what it rode, whether it
//! won or earned a turn), and the draw that picks an entry exactly as the
//! engine rolls. The race kernel, its pair table and landing form, and the
//! extras kernel are made from it.

use ladderkit_core::board::Outcome;
use ladderkit_engine::GameRng;

use crate::tally::rides::first_jump;

/// Tables above this many entries are not worth it; the engine plays those.
const MAX_ENTRIES: usize = 1 << 24;

/// Eight bytes, so a one-player board's pair table stays in cache.
#[derive(Debug, Clone, Copy, Default)]
pub(crate) struct Entry {
    pub(crate) end: u16,
    pub(crate) rest: u16,
    /// The jump ridden, plus one; 0 for none.
    pub(crate) jump: u16,
    pub(crate) lose: u8,
    pub(crate) flags: u8,
}

pub(crate) const WON: u8 = 1;
pub(crate) const EXTRA: u8 = 2;
pub(crate) const JUMPED: u8 = 4;
pub(crate) const MOVED: u8 = 8;
/// More than one jump: walk the chain.
pub(crate) const CHAIN: u8 = 16;
/// The move went past the goal and back.
pub(crate) const BOUNCED: u8 = 32;
/// (The extras kernel's, not `move_table`'s.) The turn goes on in the
/// engine's `after_move` in every game: a win, turns to lose, or a rest
/// that always counts (`Engine::rest_always_counts`).
pub(crate) const AFTER: u8 = 64;

/// Draws the dice like the engine: one die at a time. Which entry of a
/// position's row in `move_table` they read.
#[inline]
pub(crate) fn roll(rng: &mut GameRng, count: u32, sides: u32) -> usize {
    if count == 1 {
        return rng.below(sides) as usize;
    }
    let (mut combo, mut scale) = (0, 1);
    for _ in 0..count {
        combo += rng.below(sides) as usize * scale;
        scale *= sides as usize;
    }
    combo
}

/// Every position's moves, one entry per ordered combination of the dice
/// (`roll` says which): the row width and the table.
pub(crate) fn move_table(board: &ladderkit_core::CompiledBoard) -> (usize, Vec<Entry>) {
    let (count, sides) = (board.dice.count, board.dice.sides);
    let width = (sides as usize).pow(count);
    let mut table = Vec::with_capacity(width * board.points.len());
    let mut faces = vec![0u32; count as usize];
    for pos in 0..board.points.len() as u32 {
        for combo in 0..width {
            let mut rest = combo;
            for f in faces.iter_mut() {
                *f = (rest % sides as usize) as u32 + 1;
                rest /= sides as usize;
            }
            table.push(entry(board, pos, &faces));
        }
    }
    (width, table)
}

/// Whether a board's move table is small enough to build (`MAX_ENTRIES`)
/// and its positions fit an entry's 16 bits.
pub(crate) fn table_fits(board: &ladderkit_core::CompiledBoard) -> bool {
    let entries =
        (board.dice.sides as usize).checked_pow(board.dice.count).and_then(|w| w.checked_mul(board.points.len()));
    entries.is_some_and(|n| n <= MAX_ENTRIES) && board.points.len() <= usize::from(u16::MAX)
}

fn entry(board: &ladderkit_core::CompiledBoard, pos: u32, faces: &[u32]) -> Entry {
    if pos == board.goal {
        return Entry { end: pos as u16, rest: pos as u16, jump: 0, lose: 0, flags: WON };
    }
    let total = faces.iter().sum();
    let extra_turn = board.extra_turn.is_some_and(|rule| rule.earned_by(faces));
    let r = board.resolve(pos, &Outcome::of(total, extra_turn));
    let mut flags = 0;
    if r.won {
        flags |= WON;
    }
    if r.extra_turn {
        flags |= EXTRA;
    }
    if r.step.bounced {
        flags |= BOUNCED;
    }
    let (jump, chained) = first_jump(board, r.step.end);
    if jump != 0 {
        flags |= JUMPED;
    }
    if chained {
        flags |= CHAIN;
    }
    if !r.step.forfeited {
        flags |= MOVED;
    }
    Entry { end: r.step.end as u16, rest: r.step.rest as u16, jump, lose: r.lose_turns.min(255) as u8, flags }
}
