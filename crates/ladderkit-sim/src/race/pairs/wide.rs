//! The pair path many games at a time in vectors: eight on AVX2 (pulp's
//! `V3`, `avx2.rs`), found at run time. The generators, the dice
//! and the lead are vector operations; the table reads stay plain indexing
//! (a gather would need `unsafe`). A lane whose step wins, reaches the turn
//! limit or has no game is left to the scalar path's `last_step`, which
//! finishes its game, and the lane takes the next one. Same games, same
//! counts as the scalar path (the harness, `every_path_plays_the_engines_games`).
//!
//! This file holds the lanes between steps, handing out games, and
//! finishing them; `avx2.rs`'s `step` plays two rounds of all its lanes.
//! The 64-game path on boards in landing form (`landing_form.rs`) shares
//! the handing out (`Dealer`), seeding sixteen games at once with
//! `avx512.rs`'s or `avx2.rs`'s generators.
//!
//! u32 lane `l` (rows, turns, lead) is the game whose generator is u64 lane
//! `l / 2` of half `l % 2`: the dice of the two halves interleave with one
//! shift and one select.

use ladderkit_engine::GameRng;

mod avx2;
mod avx512;
mod landing_form;

pub(super) use avx2::{avx2, play_range8};
pub(super) use avx512::avx512;
pub(super) use landing_form::play_range64;

use super::{Lanes, Race};
use crate::tally::lead::{Lead, NOBODY};

/// A vector width's two rounds of all its `W` lanes; `left` says which
/// lanes it left.
trait Step<const W: usize>: Seed<W> {
    fn step<const P: usize>(self, st: &mut State<P, W>, lanes: &mut Lanes<'_, P>, left: &mut Left<P, W>);
}

/// Seeding `W` games' generators at once (the scalar seeding unless an
/// instruction set does better).
pub(in crate::race::pairs) trait Seed<const W: usize>: Copy {
    /// The generators of games `first..first + W` of the run seeded
    /// `seed`, as `GameRng::for_game` seeds them: word `w` of game
    /// `first + k` is `[w][k]`.
    #[inline(always)]
    fn seed(self, seed: u64, first: u64) -> [[u64; W]; 4] {
        let games: [[u64; 4]; W] = std::array::from_fn(|k| {
            GameRng::for_game(seed, first.wrapping_add(k as u64)).words().expect("a fresh generator")
        });
        std::array::from_fn(|w| std::array::from_fn(|k| games[k][w]))
    }
}

/// Games handed out in turn, and the generators of the next `W` of them
/// (seeded together: `Seed::seed`).
struct Dealer<const W: usize> {
    next: u64,
    end: u64,
    /// The first game of `words` (`u64::MAX` before the first batch).
    first: u64,
    words: [[u64; W]; 4],
}

/// The `W` lanes between steps, as plain arrays: `begin` writes one lane
/// of them, `step` loads them into vectors.
struct State<const P: usize, const W: usize> {
    /// `rng[word][half * W / 2 + k]`: word `word` of u32 lane `2k + half`'s
    /// generator.
    rng: [[u64; W]; 4],
    rows: [[u32; W]; P],
    turns: [u32; W],
    changes: [i32; W],
    last: [i32; W],
    prev: [u32; W],
    game: [u64; W],
    /// Bit `l`: lane `l` has a game.
    live: u32,
}

/// What a step leaves for the lanes it could not play through: their
/// state before it, and its reads.
struct Left<const P: usize, const W: usize> {
    /// Lanes for `last_step`: without a game, or near the turn limit.
    mask: u32,
    /// Lanes whose game was won in the step (not in `mask`), and how many
    /// of its 2P turns each played.
    won: u32,
    taken: [u32; W],
    rows: [[u32; W]; P],
    turns: [u32; W],
    changes: [i32; W],
    last: [i32; W],
    prev: [u32; W],
    at: [[u32; W]; P],
    first: [[u32; W]; P],
    second: [[u32; W]; P],
}

/// Plays `games` `W` at a time (see the module's comment).
#[inline(always)]
fn run<const P: usize, const W: usize>(simd: impl Step<W>, lanes: &mut Lanes<'_, P>, games: std::ops::Range<u64>) {
    let start_row = lanes.table.start_row;
    let state = || State::<P, W> {
        rng: [[0; W]; 4],
        rows: [[start_row; W]; P],
        turns: [0; W],
        changes: [0; W],
        last: [0; W],
        prev: [u32::from(NOBODY); W],
        game: [0; W],
        live: 0,
    };
    let nothing_left = || Left::<P, W> {
        mask: 0,
        won: 0,
        taken: [0; W],
        rows: [[0; W]; P],
        turns: [0; W],
        changes: [0; W],
        last: [0; W],
        prev: [0; W],
        at: [[0; W]; P],
        first: [[0; W]; P],
        second: [[0; W]; P],
    };
    let (mut st, mut left) = (state(), nothing_left());
    let mut dealer = Dealer::new(games);
    for lane in 0..W {
        refill(simd, &mut st, lanes, lane, &mut dealer);
    }
    while st.live != 0 {
        simd.step(&mut st, lanes, &mut left);
        for lane in lanes_in(left.won.into()) {
            lanes.uncount_unplayed(&left, lane);
            lanes.won_in_step(&st, &left, lane);
            refill(simd, &mut st, lanes, lane, &mut dealer);
        }
        for lane in lanes_in((left.mask & st.live).into()) {
            let race = &mut left.race(lane);
            let at = std::array::from_fn(|s| left.at[s][lane] as usize);
            let cells = std::array::from_fn(|s| [left.first[s][lane], left.second[s][lane]]);
            let over = lanes.last_step(race, &at, &cells);
            debug_assert!(over, "a lane left by a step ends its game");
            lanes.finish(lanes.opener(st.game[lane]), race);
            refill(simd, &mut st, lanes, lane, &mut dealer);
        }
    }
}

/// Lane `lane`'s game is over: it takes the next one, if any. (A function,
/// not a closure: a closure is compiled without the vector instructions,
/// and `Seed::seed` uses them.)
#[inline(always)]
fn refill<const P: usize, const W: usize>(
    simd: impl Step<W>,
    st: &mut State<P, W>,
    lanes: &Lanes<'_, P>,
    lane: usize,
    dealer: &mut Dealer<W>,
) {
    st.live &= !(1 << lane);
    let Some((game, words)) = dealer.deal(simd, lanes.seed) else {
        return;
    };
    for (w, word) in words.into_iter().enumerate() {
        st.rng[w][lane % 2 * (W / 2) + lane / 2] = word;
    }
    for rows in &mut st.rows {
        rows[lane] = lanes.table.start_row;
    }
    (st.turns[lane], st.changes[lane], st.last[lane], st.prev[lane]) = (0, 0, 0, u32::from(NOBODY));
    st.game[lane] = game;
    st.live |= 1 << lane;
}

impl<const W: usize> Dealer<W> {
    fn new(games: std::ops::Range<u64>) -> Self {
        Dealer { next: games.start, end: games.end, first: u64::MAX, words: [[0; W]; 4] }
    }

    /// The next game, if any, and its generator's words (seeded `W` at a
    /// time: `Seed::seed`).
    #[inline(always)]
    fn deal(&mut self, simd: impl Seed<W>, seed: u64) -> Option<(u64, [u64; 4])> {
        if self.next == self.end {
            return None;
        }
        let game = self.next;
        self.next += 1;
        if !(self.first..self.first.saturating_add(W as u64)).contains(&game) {
            (self.first, self.words) = (game, simd.seed(seed, game));
        }
        let k = (game - self.first) as usize;
        Some((game, self.words.map(|words| words[k])))
    }
}

/// The lanes whose bits are set in `mask`, lowest first.
fn lanes_in(mut mask: u64) -> impl Iterator<Item = usize> {
    std::iter::from_fn(move || {
        let lane = (mask != 0).then(|| mask.trailing_zeros() as usize)?;
        mask &= mask - 1;
        Some(lane)
    })
}

impl<const P: usize> Lanes<'_, P> {
    /// Lane `lane`'s game was won in the step: its last turn was the
    /// winner's, and the step already counted its lead changes.
    fn won_in_step<const W: usize>(&mut self, st: &State<P, W>, left: &Left<P, W>, lane: usize) {
        let taken = left.taken[lane];
        let winner = (taken as usize - 1) % P;
        let prev = st.prev[lane] as u8;
        let lead = Lead { changes: st.changes[lane] as u32, last: st.last[lane], prev, top: 0 };
        let race = Race { rows: [0; P], turns: left.turns[lane] + taken, winner: Some(winner), lead };
        self.finish(self.opener(st.game[lane]), &race);
    }

    /// The reads of a step, counted: every lane's cells, then back off for
    /// the lanes `mask` left (`last_step` counts theirs). Games won in the
    /// step take theirs back in `uncount_unplayed`.
    #[inline(always)]
    fn count_reads<const W: usize>(&mut self, left: &Left<P, W>, mask: u32) {
        for at in &left.at {
            for a in at {
                let n = &mut self.both[*a as usize & (super::CELLS - 1)];
                *n = n.wrapping_add(1);
            }
        }
        for lane in lanes_in(mask.into()) {
            for at in &left.at {
                let n = &mut self.both[at[lane] as usize & (super::CELLS - 1)];
                *n = n.wrapping_sub(1);
            }
        }
    }

    /// Lane `lane`'s game was won in the step: seat `s`'s second roll was
    /// not played when the game ended within the step's first P + s turns,
    /// and its first roll was when past the first s. Counted without
    /// branches (which turn ends a game is a coin toss): a seat whose rolls
    /// were both played adds 0. (Called in the loop that finishes the won
    /// lanes.)
    #[inline(always)]
    fn uncount_unplayed<const W: usize>(&mut self, left: &Left<P, W>, lane: usize) {
        let taken = left.taken[lane] as usize;
        for (s, at) in left.at.iter().enumerate() {
            let a = at[lane] as usize & (super::CELLS - 1);
            let unplayed = u32::from(taken <= P + s);
            self.both[a] = self.both[a].wrapping_sub(unplayed);
            self.first[a] = self.first[a].wrapping_add(unplayed & u32::from(taken > s));
        }
    }
}

impl<const P: usize, const W: usize> Left<P, W> {
    fn race(&self, lane: usize) -> Race<P> {
        let rows: [u32; P] = std::array::from_fn(|s| self.rows[s][lane]);
        let top = rows.iter().copied().max().unwrap_or(0);
        let changes = self.changes[lane] as u32;
        let lead = Lead { changes, last: self.last[lane], prev: self.prev[lane] as u8, top };
        Race { rows, turns: self.turns[lane], winner: None, lead }
    }
}
