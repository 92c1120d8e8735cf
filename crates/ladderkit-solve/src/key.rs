//! A position as a fixed-length key: everything in a `State` the rules read
//! between turns, and nothing they do not (the counters of rolls, turns and
//! rounds). Heights in a stack are kept as ranks, since the rules only
//! compare heights on one space; without that, stacks that part and meet
//! again would climb forever and no two positions would repeat.

use ladderkit_engine::State;

/// Bytes per piece: position (4), rank in its stack, home/upgraded flags,
/// sideways turns, penalty turns.
const PIECE: usize = 8;
/// Bytes per player: lost turns owed (4), started/extra-earned flags, and
/// for bumping rules that send pieces back to where the bumper stood, where
/// that was (4 + 4; zero between turns under every other rule).
const PLAYER: usize = 13;
/// Whose turn, the opener, the turns taken in a row (4).
const TABLE: usize = 6;

/// Encodes and decodes the positions of one engine's games.
#[derive(Debug, Clone)]
pub(crate) struct Codec {
    /// A fresh game with its counters at zero: owners, sizes and the chip
    /// layout come from it when decoding.
    template: State,
    len: usize,
    /// Turns in a row at or above this play alike: the rules ask only
    /// whether it is 1 (a new turn) and whether it is below the cap on
    /// extra turns, so without a cap every run of two or more is one.
    turns_in_row: u32,
}

impl Codec {
    pub fn new(start: &State, max_consecutive_turns: Option<u32>) -> Self {
        let mut template = start.clone();
        zero_counters(&mut template);
        let len = template.pieces.len() * PIECE + template.players.len() * PLAYER + TABLE;
        Self { template, len, turns_in_row: max_consecutive_turns.map_or(2, |cap| cap.max(1)) }
    }

    pub fn len(&self) -> usize {
        self.len
    }

    pub fn template(&self) -> &State {
        &self.template
    }

    /// Writes the key of `s` (between turns, not over) into `out`.
    pub fn encode(&self, s: &State, out: &mut Vec<u8>) {
        debug_assert!(s.pending.is_none() && !s.is_over(), "positions are keyed between turns");
        out.clear();
        for (i, q) in s.pieces.iter().enumerate() {
            out.extend_from_slice(&q.pos.to_le_bytes());
            out.push(rank(s, i));
            out.push(u8::from(q.home) | u8::from(q.upgraded) << 1);
            out.push(q.sideways);
            out.push(q.penalty);
        }
        for p in &s.players {
            out.extend_from_slice(&p.lose_turns.to_le_bytes());
            out.push(u8::from(p.started) | u8::from(p.extra_earned) << 1 | u8::from(p.waiting) << 2);
            out.extend_from_slice(&p.turn_from.to_le_bytes());
            out.extend_from_slice(&p.moved_from.to_le_bytes());
        }
        out.push(s.current);
        out.push(s.opener);
        out.extend_from_slice(&s.turns_in_row.min(self.turns_in_row).to_le_bytes());
        debug_assert_eq!(out.len(), self.len);
    }

    /// The position a key stands for, counters at zero, into `s`.
    pub fn decode(&self, key: &[u8], s: &mut State) {
        s.clone_from(&self.template);
        let mut at = 0;
        let mut take = |n: usize| {
            let bytes = &key[at..at + n];
            at += n;
            bytes
        };
        let word = |b: &[u8]| u32::from_le_bytes([b[0], b[1], b[2], b[3]]);
        for q in &mut s.pieces {
            q.pos = word(take(4));
            q.level = u16::from(take(1)[0]);
            let flags = take(1)[0];
            q.home = flags & 1 != 0;
            q.upgraded = flags & 2 != 0;
            q.sideways = take(1)[0];
            q.penalty = take(1)[0];
        }
        for p in &mut s.players {
            p.lose_turns = word(take(4));
            let flags = take(1)[0];
            p.started = flags & 1 != 0;
            p.extra_earned = flags & 2 != 0;
            p.waiting = flags & 4 != 0;
            p.turn_from = word(take(4));
            p.moved_from = word(take(4));
        }
        s.current = take(1)[0];
        s.opener = take(1)[0];
        s.turns_in_row = word(take(4));
    }
}

/// Piece `i`'s height as a rank among the heights on its space (0 for the
/// lowest); pieces at home all rank 0.
fn rank(s: &State, i: usize) -> u8 {
    let q = &s.pieces[i];
    if q.home {
        return 0;
    }
    // Distinct lower heights, so equal heights (the tray) stay equal.
    let mut lower: u32 = 0;
    let mut seen = [u16::MAX; 64];
    for r in s.pieces.iter().filter(|r| !r.home && r.pos == q.pos && r.level < q.level) {
        if !seen[..lower as usize].contains(&r.level) {
            seen[lower as usize] = r.level;
            lower += 1;
        }
    }
    lower as u8
}

/// Clears what the rules never read back (counts of rolls, turns, rounds),
/// so decoded positions carry none.
fn zero_counters(s: &mut State) {
    s.rolls = 0;
    s.rounds = 0;
    for p in &mut s.players {
        p.rolls = 0;
        p.turns = 0;
    }
}
