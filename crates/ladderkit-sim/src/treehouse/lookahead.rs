//! The lookahead bot on the kernel's pieces: `Policy::Lookahead`'s rating
//! of a position (the expected margin, in moves still needed, once the
//! next player has rolled and answered as well as they can) restated on
//! `Pieces`, with the values remembered per position.
//!
//! The engine's rating (`bots::expected_after_reply`) copies a `State` and
//! replays `Engine::apply` for every reply to every roll; here a reply is a
//! copy of two small arrays and a table read. The replies are the plans
//! `best_plan` lists, in the engine's order; the margins are `bots::margin`
//! on one piece each, summed over the rolls in the engine's order: the
//! same values to the last bit, so the same choices and the very games the
//! engine plays (`the_treehouse_kernel_plays_exactly_the_engines_games`).

use ladderkit_engine::bots::{decided_for, first_bests};
use rustc_hash::FxHashMap;

use super::{MAX_PLAYERS, MAX_SIDES, Pieces, TreehouseKernel};

/// A position as the memo knows it: the seat rating it and whether the
/// next player's turn is their opening (one die) in the first slot, then
/// every square and every level.
type Key = [u16; 2 * MAX_PLAYERS + 1];

/// Positions remembered before the memo starts afresh (some 60 bytes
/// each: about 30 MB per thread at most).
const MEMO_LIMIT: usize = 1 << 19;

/// Ratings already worked out, for one run's kernel: a rating is a
/// function of the position alone, and games meet the same positions
/// again and again.
#[derive(Debug, Default)]
pub struct Memo {
    values: FxHashMap<Key, f64>,
}

impl Memo {
    /// `me`'s rating of `after` (a position after its plan, the game still
    /// on), where `q` plays next and `opening` says whether that turn rolls
    /// one die.
    #[inline]
    pub(super) fn value<const N: usize>(
        &mut self,
        kernel: &TreehouseKernel,
        after: &Pieces,
        me: usize,
        q: usize,
        opening: bool,
    ) -> f64 {
        let mut key = [0; 2 * MAX_PLAYERS + 1];
        key[0] = me as u16 | u16::from(opening) << 8;
        key[1..=N].copy_from_slice(&after.pos[..N]);
        key[N + 1..=2 * N].copy_from_slice(&after.level[..N]);
        if let Some(value) = self.values.get(&key) {
            return *value;
        }
        let value = kernel.after_reply::<N>(after, me, q, opening);
        if self.values.len() >= MEMO_LIMIT {
            self.values.clear();
        }
        self.values.insert(key, value);
        value
    }
}

impl TreehouseKernel {
    /// `bots::expected_after_reply` from `after`: the mean over `q`'s
    /// rolls of `me`'s margin after `q`'s best answer by `q`'s own margin
    /// (the first best, in the engine's order).
    fn after_reply<const N: usize>(&self, after: &Pieces, me: usize, q: usize, opening: bool) -> f64 {
        let sides = self.sides as u8;
        let (mut total, mut weight) = (0.0, 0.0);
        if opening {
            // The opening's one plan: `q`'s piece moves, or nothing does.
            for a in 1..=sides {
                total += if self.fits(after.pos[q], a) {
                    let mut once = *after;
                    let rest = self.step(once.pos[q], u32::from(a)).rest;
                    let moving = self.shift::<N>(&mut once, q, rest);
                    self.margin::<N>(&once, if rest == self.goal { moving } else { 0 }, me)
                } else {
                    self.margin::<N>(after, 0, me)
                };
                weight += 1.0;
            }
            return total / weight;
        }
        // The roll b, a lists the plans a, b lists, in another order, so
        // one pass over them answers both (`answers`); each roll's value is
        // still added in its own place: the engine's sum, to the last bit.
        let mut mirror = [[0.0; MAX_SIDES]; MAX_SIDES];
        for a in 1..=sides {
            for b in 1..=sides {
                let (i, j) = (usize::from(a) - 1, usize::from(b) - 1);
                total += if a > b {
                    mirror[j][i]
                } else {
                    let [value, swapped] = self.answers::<N>(after, me, q, a, b);
                    mirror[i][j] = swapped;
                    value
                };
                weight += 1.0;
            }
        }
        total / weight
    }

    /// `me`'s margin after `q`'s first best answer by `q`'s own margin, to
    /// the roll `a`, `b` and to the roll `b`, `a`.
    ///
    /// `for_each_plan` lists the plans in the engine's blocks (see
    /// `bots::answers`), so each block's first best answers both rolls
    /// (`bots::first_bests`).
    #[inline(always)]
    fn answers<const N: usize>(&self, after: &Pieces, me: usize, q: usize, a: u8, b: u8) -> [f64; 2] {
        // [pairing][order]: the block's best for `q`, and its value for me.
        let mut blocks = [[(f64::NEG_INFINITY, 0.0); 2]; 2];
        let any = self.for_each_plan::<N>(after, q, a, b, |s, winners, (i, d1), _| {
            let block = &mut blocks[usize::from(i != q)][usize::from(d1 != a)];
            let theirs = self.margin::<N>(s, winners, q);
            if theirs > block.0 {
                *block = (theirs, self.margin::<N>(s, winners, me));
            }
        });
        if !any {
            let value = self.margin::<N>(after, 0, me);
            return [value, value];
        }
        first_bests(&blocks)
    }

    /// `bots::margin` for `who`: the closest other player's moves still
    /// needed less `who`'s, or the decided game's worth once `winners` won.
    #[inline(always)]
    fn margin<const N: usize>(&self, at: &Pieces, winners: u32, who: usize) -> f64 {
        if winners != 0 {
            return decided_for(winners, who as u8);
        }
        let needed = |j: usize| self.needed[usize::from(at.pos[j])];
        // A compare, not `f64::min`, whose care for NaN was a seventh of
        // the time: `moves_needed` is never NaN, so the two agree.
        let closest_other =
            (0..N).filter(|&j| j != who).map(needed).fold(f64::INFINITY, |m, x| if x < m { x } else { m });
        (if closest_other.is_finite() { closest_other } else { 0.0 }) - needed(who)
    }
}
