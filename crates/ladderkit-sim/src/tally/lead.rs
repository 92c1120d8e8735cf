//! Who leads a game, and how often that changes: a lead change is a new
//! sole leader after a turn (`Leader::observe`, what the engine's games
//! count), kept up turn by turn from the mover alone by the race kernels
//! (`Lead`).

use ladderkit_engine::{Engine, State};

/// `Lead::prev` before anyone has led.
pub(crate) const NOBODY: u8 = u8::MAX;

/// Tracks who leads the race; a lead change is a new sole leader.
#[derive(Debug, Clone, Default)]
pub(crate) struct Leader {
    pub(crate) current: Option<u8>,
    pub changes: u32,
}

impl Leader {
    pub(crate) fn update(&mut self, engine: &Engine, s: &State) {
        let goal = engine.board().goal;
        self.observe((0..s.players.len() as u8).map(|p| s.progress(p, goal)));
    }

    pub(crate) fn observe(&mut self, progress: impl Iterator<Item = u64>) {
        // Written as selects, not branches: who leads changes at random,
        // and this runs after every turn.
        let (mut best, mut leader, mut tied) = (0, 0u8, false);
        for (p, v) in progress.enumerate() {
            let ahead = p == 0 || v > best;
            tied = !ahead && (tied || v == best);
            leader = if ahead { p as u8 } else { leader };
            best = if ahead { v } else { best };
        }
        if tied || best == 0 {
            return;
        }
        if self.current.is_some_and(|c| c != leader) {
            self.changes += 1;
        }
        self.current = Some(leader);
    }
}

/// Who leads, counted as `Leader::observe` counts it (a lead change is a
/// new sole leader), but kept up turn by turn from the mover alone.
#[derive(Debug, Clone)]
pub(crate) struct Lead {
    /// Two players: the changes. Three or more: also the first sole
    /// leader, taken off by `changes()`.
    pub(crate) changes: u32,
    /// Two players: the last difference of their rows that was not 0.
    pub(crate) last: i32,
    /// Three or more: the last sole leader (`NOBODY` before the first),
    /// and the highest row.
    pub(crate) prev: u8,
    pub(crate) top: u32,
}

impl Lead {
    /// For pieces on `start` (a row of the pair table, or a position: any
    /// numbers in the order of the positions).
    pub(crate) fn new(start: u32) -> Self {
        // Everyone on the start: all tied at the top, nobody has led.
        Lead { changes: 0, last: 0, prev: NOBODY, top: start }
    }

    /// After seat `s`'s turn, from row `x` to row `y` (`rows` as they are
    /// now; rows, or positions, below 2^31). Every turn, so no branch on anything the dice decide: `&` and
    /// `|`, not `&&` and `||`, and selects (a branch on whether the mover
    /// led cost three times the rest).
    #[inline(always)]
    pub(crate) fn turn(&mut self, s: usize, x: u32, y: u32, rows: &[u32]) {
        if let [a, b] = rows {
            // Two players: the sole leader is the sign of the difference,
            // and the lead changed when it has the opposite sign of the
            // last difference that was not a tie. (The product is taken in
            // 64 bits: on a board of more than 46,340 squares two
            // differences' product leaves 32; a game has at most
            // `MAX_TURNS` changes.)
            let d = (*a as i32).wrapping_sub(*b as i32);
            let flipped = i64::from(d).wrapping_mul(i64::from(self.last)) < 0;
            self.changes = self.changes.wrapping_add(u32::from(flipped));
            self.last = if d != 0 { d } else { self.last };
            return;
        }
        // Only the mover's piece moved. It takes the lead if it passes the
        // top; a piece that stays below the top, or a top piece that stays
        // on it, changes nothing. The rest (joining the top, or a piece on
        // the top falling back) needs every piece: rare.
        let top = self.top;
        let (above, level, was_top) = (y > top, y == top, x == top);
        if !above & (level != was_top) {
            self.observe(rows);
            return;
        }
        // A change whenever a new sole leader is not the last one; the
        // first sole leader is taken off at the end (`changes`).
        let s8 = s as u8;
        self.changes += u32::from(above & (self.prev != s8));
        self.prev = if above { s8 } else { self.prev };
        self.top = top.max(y);
    }

    /// The lead changes of the game so far, at a table of two seats or
    /// another.
    pub(crate) fn changes(&self, two_seats: bool) -> u32 {
        if two_seats { self.changes } else { self.changes - u32::from(self.prev != NOBODY) }
    }

    /// `Leader::observe`'s look at every piece: the top, and a new sole
    /// leader if one seat alone holds it.
    #[cold]
    fn observe(&mut self, rows: &[u32]) {
        let top = *rows.iter().max().expect("players");
        self.top = top;
        let mut at_top = rows.iter().enumerate().filter(|(_, r)| **r == top).map(|(s, _)| s as u8);
        if let (Some(leader), None) = (at_top.next(), at_top.next()) {
            self.changes += u32::from(self.prev != leader);
            self.prev = leader;
        }
    }
}
