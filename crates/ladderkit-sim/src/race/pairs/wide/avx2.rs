//! The pair path eight games at a time on AVX2 (pulp's `V3`): see
//! `wide.rs`.

use std::arch::x86_64::{__m256, __m256i};

use pulp::x86::V3;
use pulp::{cast, i32x8, m32x8, u32x8, u64x4};

use super::super::{CELLS, Lanes, WON_BIT};
use super::{Left, Seed, State, Step};

const WIDE: usize = 8;

/// The instructions, if this processor has them.
pub(in crate::race::pairs) fn avx2() -> Option<V3> {
    V3::try_new()
}

/// Plays `games` eight at a time.
pub(in crate::race::pairs) fn play_range8<const P: usize>(
    simd: V3,
    lanes: &mut Lanes<'_, P>,
    games: std::ops::Range<u64>,
) {
    simd.vectorize(
        #[inline(always)]
        || super::run::<P, WIDE>(simd, lanes, games),
    )
}

/// Half `h` of one word of the generators (`State::rng`).
#[inline(always)]
fn half(words: &[u64; WIDE], h: usize) -> [u64; 4] {
    [words[4 * h], words[4 * h + 1], words[4 * h + 2], words[4 * h + 3]]
}

/// xoshiro256** on four generators at once, as `GameRng::next_u64`.
#[inline(always)]
pub(super) fn next(simd: V3, s: &mut [u64x4; 4]) -> u64x4 {
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
pub(super) fn dice(simd: V3, [a, b]: [u64x4; 2], sides: __m256i) -> [u32x8; 2] {
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

impl<const W: usize> Seed<W> for V3 {
    /// `GameRng::for_game`'s SplitMix64 seeding, four games a vector (the
    /// 64-bit multiplies made of 32-bit ones: `times`).
    #[inline(always)]
    fn seed(self, seed: u64, first: u64) -> [[u64; W]; 4] {
        const { assert!(W.is_multiple_of(4)) };
        let (x, a) = (self.avx2, self.avx);
        let golden = a._mm256_set1_epi64x(0x9E37_79B9_7F4A_7C15_u64 as i64);
        let mut words = [[0; W]; 4];
        for q in 0..W / 4 {
            let games: [u64; 4] = std::array::from_fn(|k| first.wrapping_add((4 * q + k) as u64));
            let index = times(self, cast(games), 0xD1B5_4A32_D192_ED03);
            let state = x._mm256_xor_si256(a._mm256_set1_epi64x(seed as i64), index);
            let mut state = mix(self, x._mm256_add_epi64(state, golden));
            for word in &mut words {
                state = x._mm256_add_epi64(state, golden);
                let out: [u64; 4] = cast(mix(self, state));
                word[4 * q..4 * q + 4].copy_from_slice(&out);
            }
        }
        words
    }
}

/// SplitMix64's output for a state already advanced (`splitmix64`).
#[inline(always)]
fn mix(simd: V3, z: __m256i) -> __m256i {
    let x = simd.avx2;
    let z = times(simd, x._mm256_xor_si256(z, x._mm256_srli_epi64::<30>(z)), 0xBF58_476D_1CE4_E5B9);
    let z = times(simd, x._mm256_xor_si256(z, x._mm256_srli_epi64::<27>(z)), 0x94D0_49BB_1331_11EB);
    x._mm256_xor_si256(z, x._mm256_srli_epi64::<31>(z))
}

/// `z × c` wrapping, in each 64-bit lane: the low halves' product plus
/// the cross products moved up (the high halves' falls off).
#[inline(always)]
fn times(simd: V3, z: __m256i, c: u64) -> __m256i {
    let (x, a) = (simd.avx2, simd.avx);
    let (low, high) = (a._mm256_set1_epi64x((c & 0xFFFF_FFFF) as i64), a._mm256_set1_epi64x((c >> 32) as i64));
    let cross = x._mm256_add_epi64(x._mm256_mul_epu32(x._mm256_srli_epi64::<32>(z), low), x._mm256_mul_epu32(z, high));
    x._mm256_add_epi64(x._mm256_mul_epu32(z, low), x._mm256_slli_epi64::<32>(cross))
}

impl Step<WIDE> for V3 {
    #[inline(always)]
    fn step<const P: usize>(self, st: &mut State<P, WIDE>, lanes: &mut Lanes<'_, P>, left: &mut Left<P, WIDE>) {
        step(self, st, lanes, left)
    }
}

/// Two rounds of all eight games; `left` says which lanes it left.
#[inline(always)]
fn step<const P: usize>(simd: V3, st: &mut State<P, WIDE>, lanes: &mut Lanes<'_, P>, left: &mut Left<P, WIDE>) {
    let t = lanes.table;
    let zero = simd.splat_u32x8(0);
    let mut outputs = [[cast([0u64; 4]); 2]; P];
    for h in 0..2 {
        let mut words = [cast([0u64; 4]); 4];
        for (word, rng) in words.iter_mut().zip(&st.rng) {
            *word = cast(half(rng, h));
        }
        for output in outputs.iter_mut() {
            output[h] = next(simd, &mut words);
        }
        for (w, word) in words.into_iter().enumerate() {
            let word: [u64; 4] = cast(word);
            st.rng[w][4 * h..4 * h + 4].copy_from_slice(&word);
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

    lanes.count_reads(left, mask);
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
