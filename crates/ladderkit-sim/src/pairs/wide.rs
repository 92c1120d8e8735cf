//! The pair path eight games at a time on AVX2 (pulp's `V3`, found at run
//! time): the eight generators, the dice and the lead are vector
//! operations; the table reads stay plain indexing. A lane whose step wins,
//! reaches the turn limit or has no game is left to the scalar path's
//! `last_step`, which finishes its game, and the lane takes the next one.
//! Same games, same counts as the scalar path
//! (`wide_and_scalar_paths_count_the_same`).
//!
//! u32 lane `l` (rows, turns, lead) is the game whose generator is u64 lane
//! `l / 2` of half `l % 2`: the dice of the two halves interleave with one
//! shift and one select.

use ladderkit_engine::GameRng;
use std::arch::x86_64::{__m256, __m256i};

use pulp::x86::V3;
use pulp::{cast, i32x8, m32x8, u32x8, u64x4};

use super::{CELLS, Lanes, Lead, NOBODY, Race, WON_BIT};

const WIDE: usize = 8;

/// The instructions, if this processor has them.
pub(super) fn simd() -> Option<V3> {
    V3::try_new()
}

/// The eight lanes between steps, as plain arrays: `begin` writes one lane
/// of them, `step` loads them into vectors.
struct State<const P: usize> {
    /// `rng[word][half][k]`: word `word` of u32 lane `2k + half`'s
    /// generator.
    rng: [[[u64; 4]; 2]; 4],
    rows: [[u32; WIDE]; P],
    turns: [u32; WIDE],
    changes: [i32; WIDE],
    last: [i32; WIDE],
    prev: [u32; WIDE],
    game: [u64; WIDE],
    /// Bit `l`: lane `l` has a game.
    live: u32,
}

/// What a step leaves for the lanes it could not play through: their
/// state before it, and its reads.
struct Left<const P: usize> {
    /// Lanes for `last_step`: without a game, or near the turn limit.
    mask: u32,
    /// Lanes whose game was won in the step (not in `mask`), and how many
    /// of its 2P turns each played.
    won: u32,
    taken: [u32; WIDE],
    rows: [[u32; WIDE]; P],
    turns: [u32; WIDE],
    changes: [i32; WIDE],
    last: [i32; WIDE],
    prev: [u32; WIDE],
    at: [[u32; WIDE]; P],
    first: [[u32; WIDE]; P],
    second: [[u32; WIDE]; P],
}

/// Plays `games` eight at a time (see the module's comment).
pub(super) fn play_range<const P: usize>(simd: V3, lanes: &mut Lanes<'_, P>, games: std::ops::Range<u64>) {
    simd.vectorize(
        #[inline(always)]
        || run(simd, lanes, games),
    )
}

#[inline(always)]
fn run<const P: usize>(simd: V3, lanes: &mut Lanes<'_, P>, games: std::ops::Range<u64>) {
    let start_row = lanes.table.start_row;
    let state = || State::<P> {
        rng: [[[0; 4]; 2]; 4],
        rows: [[start_row; WIDE]; P],
        turns: [0; WIDE],
        changes: [0; WIDE],
        last: [0; WIDE],
        prev: [u32::from(NOBODY); WIDE],
        game: [0; WIDE],
        live: 0,
    };
    let nothing_left = || Left::<P> {
        mask: 0,
        won: 0,
        taken: [0; WIDE],
        rows: [[0; WIDE]; P],
        turns: [0; WIDE],
        changes: [0; WIDE],
        last: [0; WIDE],
        prev: [0; WIDE],
        at: [[0; WIDE]; P],
        first: [[0; WIDE]; P],
        second: [[0; WIDE]; P],
    };
    let (mut st, mut left) = (state(), nothing_left());
    let mut next = games.start;
    // Lane `lane`'s game is over: it takes the next one, if any.
    let mut refill = |st: &mut State<P>, lanes: &Lanes<'_, P>, lane: usize| {
        st.live &= !(1 << lane);
        if next < games.end {
            begin(st, lanes, lane, next);
            next += 1;
        }
    };
    for lane in 0..WIDE {
        refill(&mut st, lanes, lane);
    }
    while st.live != 0 {
        step(simd, &mut st, lanes, &mut left);
        for lane in lanes_in(left.won) {
            lanes.won_in_step(&st, &left, lane);
            refill(&mut st, lanes, lane);
        }
        for lane in lanes_in(left.mask & st.live) {
            let race = &mut left.race(lane);
            let at = std::array::from_fn(|s| left.at[s][lane] as usize);
            let cells = std::array::from_fn(|s| [left.first[s][lane], left.second[s][lane]]);
            let over = lanes.last_step(race, &at, &cells);
            debug_assert!(over, "a lane left by a step ends its game");
            lanes.finish(lanes.opener(st.game[lane]), race);
            refill(&mut st, lanes, lane);
        }
    }
}

/// The lanes whose bits are set in `mask`, lowest first.
fn lanes_in(mut mask: u32) -> impl Iterator<Item = usize> {
    std::iter::from_fn(move || {
        let lane = (mask != 0).then(|| mask.trailing_zeros() as usize)?;
        mask &= mask - 1;
        Some(lane)
    })
}

impl<const P: usize> Lanes<'_, P> {
    /// Lane `lane`'s game was won in the step: its last turn was the
    /// winner's, and the step already counted its lead changes.
    fn won_in_step(&mut self, st: &State<P>, left: &Left<P>, lane: usize) {
        let taken = left.taken[lane];
        let winner = (taken as usize - 1) % P;
        let prev = st.prev[lane] as u8;
        let lead = Lead { changes: st.changes[lane] as u32, last: st.last[lane], prev, top: 0 };
        let race = Race { rows: [0; P], turns: left.turns[lane] + taken, winner: Some(winner), lead };
        self.finish(self.opener(st.game[lane]), &race);
    }
}

/// Lane `lane` starts game `game`.
fn begin<const P: usize>(st: &mut State<P>, lanes: &Lanes<'_, P>, lane: usize, game: u64) {
    let words = GameRng::for_game(lanes.seed, game).words().expect("a fresh generator");
    for (w, word) in words.into_iter().enumerate() {
        st.rng[w][lane % 2][lane / 2] = word;
    }
    for rows in &mut st.rows {
        rows[lane] = lanes.table.start_row;
    }
    (st.turns[lane], st.changes[lane], st.last[lane], st.prev[lane]) = (0, 0, 0, u32::from(NOBODY));
    st.game[lane] = game;
    st.live |= 1 << lane;
}

impl<const P: usize> Left<P> {
    fn race(&self, lane: usize) -> Race<P> {
        let rows: [u32; P] = std::array::from_fn(|s| self.rows[s][lane]);
        let top = rows.iter().copied().max().unwrap_or(0);
        let changes = self.changes[lane] as u32;
        let lead = Lead { changes, last: self.last[lane], prev: self.prev[lane] as u8, top };
        Race { rows, turns: self.turns[lane], winner: None, lead }
    }
}

/// xoshiro256** on four generators at once, as `GameRng::next_u64`.
#[inline(always)]
fn next(simd: V3, s: &mut [u64x4; 4]) -> u64x4 {
    let times5 = simd.wrapping_add_u64x4(simd.shl_const_u64x4::<2>(s[1]), s[1]);
    let rot = simd.or_u64x4(simd.shl_const_u64x4::<7>(times5), simd.shr_const_u64x4::<57>(times5));
    let result = simd.wrapping_add_u64x4(simd.shl_const_u64x4::<3>(rot), rot);
    let t = simd.shl_const_u64x4::<17>(s[1]);
    s[2] = simd.xor_u64x4(s[2], s[0]);
    s[3] = simd.xor_u64x4(s[3], s[1]);
    s[1] = simd.xor_u64x4(s[1], s[2]);
    s[0] = simd.xor_u64x4(s[0], s[3]);
    s[2] = simd.xor_u64x4(s[2], t);
    s[3] = simd.or_u64x4(simd.shl_const_u64x4::<45>(s[3]), simd.shr_const_u64x4::<19>(s[3]));
    result
}

/// The dice of the two turns an output pair draws (`[a, b]`, the two
/// halves' outputs): its high halves' (the even turn) and its low halves'
/// (the odd turn), as `GameRng::below`: the high word of 32 bits × sides.
/// A product's high word lands in the odd u32 lane, so half `b`'s dice are
/// in place and half `a`'s move down by one shift.
#[inline(always)]
fn dice(simd: V3, [a, b]: [u64x4; 2], sides: __m256i) -> [u32x8; 2] {
    let x = simd.avx2;
    let (a, b): (__m256i, __m256i) = (cast(a), cast(b));
    let high_a = x._mm256_mul_epu32(x._mm256_srli_epi64::<32>(a), sides);
    let high_b = x._mm256_mul_epu32(x._mm256_srli_epi64::<32>(b), sides);
    let low_a = x._mm256_mul_epu32(a, sides);
    let low_b = x._mm256_mul_epu32(b, sides);
    let even = x._mm256_blend_epi32::<0b1010_1010>(x._mm256_srli_epi64::<32>(high_a), high_b);
    let odd = x._mm256_blend_epi32::<0b1010_1010>(x._mm256_srli_epi64::<32>(low_a), low_b);
    [cast(even), cast(odd)]
}

/// Eight cells (two words each) in two vectors, as their first words and
/// their second words: a shuffle picks the words of each 128-bit half,
/// and a permute puts the halves back in order.
#[inline(always)]
fn split_words(simd: V3, low: __m256, high: __m256) -> [u32x8; 2] {
    let (x, y) = (simd.avx, simd.avx2);
    let first = x._mm256_shuffle_ps::<0b10_00_10_00>(low, high);
    let second = x._mm256_shuffle_ps::<0b11_01_11_01>(low, high);
    [
        cast(y._mm256_permute4x64_epi64::<0b11_01_10_00>(cast(first))),
        cast(y._mm256_permute4x64_epi64::<0b11_01_10_00>(cast(second))),
    ]
}

// Vector operations go in loops and `#[inline(always)]` functions, not in
// closures or `array::from_fn`: a closure is compiled without the target's
// instructions, and every vector operation in it became a call (ten times
// slower than the scalar path).

/// Two rounds of all eight games; `left` says which lanes it left.
#[inline(always)]
fn step<const P: usize>(simd: V3, st: &mut State<P>, lanes: &mut Lanes<'_, P>, left: &mut Left<P>) {
    let t = lanes.table;
    let zero = simd.splat_u32x8(0);
    let mut outputs = [[cast([0u64; 4]); 2]; P];
    for h in 0..2 {
        let mut words: [u64x4; 4] = [cast(st.rng[0][h]), cast(st.rng[1][h]), cast(st.rng[2][h]), cast(st.rng[3][h])];
        for output in outputs.iter_mut() {
            output[h] = next(simd, &mut words);
        }
        for (w, word) in words.into_iter().enumerate() {
            st.rng[w][h] = cast(word);
        }
    }
    let sides: __m256i = cast(simd.splat_u64x4(u64::from(t.sides)));
    let mut die = [zero; 12];
    for (k, output) in outputs.iter().enumerate() {
        [die[2 * k], die[2 * k + 1]] = dice(simd, *output, sides);
    }
    let width = simd.splat_u32x8(t.width);
    let mut old_rows = [zero; P];
    for (old, rows) in old_rows.iter_mut().zip(&st.rows) {
        *old = cast(*rows);
    }
    let (mut first, mut second) = ([zero; P], [zero; P]);
    let mut won = zero;
    for s in 0..P {
        let offset = simd.wrapping_add_u32x8(simd.wrapping_mul_u32x8(die[s], width), die[P + s]);
        let at: [u32; WIDE] = cast(simd.wrapping_add_u32x8(old_rows[s], offset));
        left.at[s] = at;
        // The reads: plain indexing (a lane without a game keeps a real
        // row, so its index is a cell too), each cell one 8-byte load into
        // registers (eight small stores read back as one vector stall the
        // processor), then split into the cells' first and second words.
        let cell = |lane: usize| {
            let [a, b] = lanes.cells[at[lane] as usize & (CELLS - 1)];
            u64::from(a) | u64::from(b) << 32
        };
        let low: __m256 = cast(u64x4(cell(0), cell(1), cell(2), cell(3)));
        let high: __m256 = cast(u64x4(cell(4), cell(5), cell(6), cell(7)));
        [first[s], second[s]] = split_words(simd, low, high);
        won = simd.or_u32x8(won, simd.or_u32x8(first[s], second[s]));
    }
    let old_turns: u32x8 = cast(st.turns);
    let near_limit = simd.cmp_gt_i32x8(cast(old_turns), simd.splat_i32x8((t.limit - 2 * P as u32) as i32));
    let mask = simd.avx._mm256_movemask_ps(cast(near_limit)) as u32 | !st.live & 0xFF;
    // The won bit is the top bit: one movemask finds the lanes.
    let won = simd.avx._mm256_movemask_ps(cast(won)) as u32 & !mask;

    // The lead, after each of the 2P turns.
    let (old_changes, old_last, old_prev): (i32x8, i32x8, u32x8) = (cast(st.changes), cast(st.last), cast(st.prev));
    let (mut changes, mut last, mut prev) = (old_changes, old_last, old_prev);
    let mut rows = old_rows;
    // A turn is played while no earlier turn of the step won; `taken`
    // counts them (as -1s).
    let (mut played, mut taken) = (simd.splat_u32x8(u32::MAX), zero);
    for round in 0..2 {
        for s in 0..P {
            let cell = if round == 0 { first[s] } else { second[s] };
            rows[s] = simd.and_u32x8(cell, simd.splat_u32x8(!WON_BIT));
            taken = simd.wrapping_sub_u32x8(taken, played);
            let on: m32x8 = cast(played);
            if P == 2 {
                // As `Lead::turn`: a change when the difference has the
                // other sign than the last one that was not 0 (in 32 bits:
                // a pair table's rows are below 2^13).
                let d = simd.wrapping_sub_i32x8(cast(rows[0]), cast(rows[1]));
                let flipped = simd.shr_const_i32x8::<31>(simd.wrapping_mul_i32x8(d, last));
                changes = simd.wrapping_sub_i32x8(changes, simd.and_i32x8(flipped, cast(played)));
                let moved = simd.andnot_m32x8(simd.cmp_eq_i32x8(d, cast(zero)), on);
                last = simd.select_i32x8(moved, d, last);
            } else {
                // As `Lead::observe`: a new sole leader that is not the
                // last one is a change (the first is taken off at the end,
                // `Lead::changes`).
                let mut top = rows[0];
                for r in &rows[1..] {
                    top = simd.max_u32x8(top, *r);
                }
                let (mut at_top, mut leader) = (zero, zero);
                for (seat, r) in rows.iter().enumerate() {
                    let here: u32x8 = cast(simd.cmp_eq_u32x8(*r, top));
                    at_top = simd.wrapping_sub_u32x8(at_top, here);
                    leader = simd.or_u32x8(leader, simd.and_u32x8(here, simd.splat_u32x8(seat as u32)));
                }
                let sole = simd.and_m32x8(simd.cmp_eq_u32x8(at_top, simd.splat_u32x8(1)), on);
                let new: m32x8 = simd.andnot_m32x8(simd.cmp_eq_u32x8(leader, prev), sole);
                changes = simd.wrapping_sub_i32x8(changes, cast(new));
                prev = simd.select_u32x8(sole, leader, prev);
            }
            // The won bit's sign, spread: this turn won.
            let won_now: u32x8 = cast(simd.shr_const_i32x8::<31>(cast(cell)));
            played = simd.andnot_u32x8(won_now, played);
        }
    }
    left.taken = cast(taken);
    left.won = won;
    // Lanes left keep their state (and a real row for the next reads).
    let bits = cast([1u32, 2, 4, 8, 16, 32, 64, 128]);
    let keep = simd.cmp_eq_u32x8(simd.and_u32x8(simd.splat_u32x8(mask), bits), bits);
    for s in 0..P {
        st.rows[s] = cast(simd.select_u32x8(keep, old_rows[s], rows[s]));
    }
    st.turns = cast(simd.wrapping_add_u32x8(old_turns, simd.splat_u32x8(2 * P as u32)));
    (st.changes, st.last, st.prev) = (cast(changes), cast(last), cast(prev));

    // Every lane's cells, then back off for the lanes left and the ones
    // whose game ended before a seat's second roll (few).
    for at in &left.at {
        for a in at {
            let n = &mut lanes.both[*a as usize & (CELLS - 1)];
            *n = n.wrapping_add(1);
        }
    }
    for lane in lanes_in(mask) {
        for at in &left.at {
            let n = &mut lanes.both[at[lane] as usize & (CELLS - 1)];
            *n = n.wrapping_sub(1);
        }
    }
    for lane in lanes_in(won) {
        let taken = left.taken[lane] as usize;
        for (s, at) in left.at.iter().enumerate().filter(|(s, _)| taken <= P + s) {
            let a = at[lane] as usize & (CELLS - 1);
            lanes.both[a] = lanes.both[a].wrapping_sub(1);
            if taken > s {
                lanes.first[a] += 1;
            }
        }
    }
    left.mask = mask;
    left.turns = cast(old_turns);
    // What `last_step` needs, only when a game reaches it (a lane without
    // a game needs nothing).
    if mask & st.live != 0 {
        for s in 0..P {
            left.rows[s] = cast(old_rows[s]);
            left.first[s] = cast(first[s]);
            left.second[s] = cast(second[s]);
        }
        (left.changes, left.last, left.prev) = (cast(old_changes), cast(old_last), cast(old_prev));
    }
}
