//! The pair path sixteen games at a time on AVX-512 (pulp's `V4`): see
//! `wide.rs`. The steps of `avx2.rs`, twice as wide, with the lanes'
//! conditions in mask registers (so a turn still played, a won bit or a
//! lane to keep is one mask, not a vector to build and test).

use std::arch::x86_64::__m512i;

use pulp::cast;
use pulp::x86::V4;

use super::super::{CELLS, Lanes, WON_BIT};
use super::{Left, State, Step};

const WIDE: usize = 16;

/// The instructions, if this processor has them.
pub(in crate::race::pairs) fn avx512() -> Option<V4> {
    V4::try_new()
}

/// Plays `games` sixteen at a time.
pub(in crate::race::pairs) fn play_range16<const P: usize>(
    simd: V4,
    lanes: &mut Lanes<'_, P>,
    games: std::ops::Range<u64>,
) {
    simd.vectorize(
        #[inline(always)]
        || super::run::<P, WIDE>(simd, lanes, games),
    )
}

impl Step<WIDE> for V4 {
    #[inline(always)]
    fn step<const P: usize>(self, st: &mut State<P, WIDE>, lanes: &mut Lanes<'_, P>, left: &mut Left<P, WIDE>) {
        step(self, st, lanes, left)
    }

    /// `GameRng::for_game`'s SplitMix64 seeding, eight games a vector (it
    /// was a tenth of the time one game at a time).
    #[inline(always)]
    fn seed(self, seed: u64, first: u64) -> [[u64; WIDE]; 4] {
        let (x, dq) = (self.avx512f, self.avx512dq);
        let golden = x._mm512_set1_epi64(0x9E37_79B9_7F4A_7C15_u64 as i64);
        let mut words = [[0; WIDE]; 4];
        for h in 0..2 {
            let games: [u64; 8] = std::array::from_fn(|k| first.wrapping_add((8 * h + k) as u64));
            let index = dq._mm512_mullo_epi64(cast(games), x._mm512_set1_epi64(0xD1B5_4A32_D192_ED03_u64 as i64));
            let state = x._mm512_xor_si512(x._mm512_set1_epi64(seed as i64), index);
            let mut state = mix(self, x._mm512_add_epi64(state, golden));
            for word in &mut words {
                state = x._mm512_add_epi64(state, golden);
                let out: [u64; 8] = cast(mix(self, state));
                word[8 * h..8 * h + 8].copy_from_slice(&out);
            }
        }
        words
    }
}

/// SplitMix64's output for a state already advanced (`splitmix64`).
#[inline(always)]
fn mix(simd: V4, z: __m512i) -> __m512i {
    let (x, dq) = (simd.avx512f, simd.avx512dq);
    let z = dq._mm512_mullo_epi64(
        x._mm512_xor_si512(z, x._mm512_srli_epi64::<30>(z)),
        x._mm512_set1_epi64(0xBF58_476D_1CE4_E5B9_u64 as i64),
    );
    let z = dq._mm512_mullo_epi64(
        x._mm512_xor_si512(z, x._mm512_srli_epi64::<27>(z)),
        x._mm512_set1_epi64(0x94D0_49BB_1331_11EB_u64 as i64),
    );
    x._mm512_xor_si512(z, x._mm512_srli_epi64::<31>(z))
}

/// Half `h` of one word of the generators (`State::rng`).
#[inline(always)]
fn half(words: &[u64; WIDE], h: usize) -> [u64; 8] {
    let mut half = [0; 8];
    half.copy_from_slice(&words[8 * h..8 * h + 8]);
    half
}

/// xoshiro256** on eight generators at once, as `GameRng::next_u64`.
#[inline(always)]
pub(super) fn next(simd: V4, s: &mut [__m512i; 4]) -> __m512i {
    let x = simd.avx512f;
    let times5 = x._mm512_add_epi64(x._mm512_slli_epi64::<2>(s[1]), s[1]);
    let rot = x._mm512_rol_epi64::<7>(times5);
    let result = x._mm512_add_epi64(x._mm512_slli_epi64::<3>(rot), rot);
    let t = x._mm512_slli_epi64::<17>(s[1]);
    s[2] = x._mm512_xor_si512(s[2], s[0]);
    s[3] = x._mm512_xor_si512(s[3], s[1]);
    s[1] = x._mm512_xor_si512(s[1], s[2]);
    s[0] = x._mm512_xor_si512(s[0], s[3]);
    s[2] = x._mm512_xor_si512(s[2], t);
    s[3] = x._mm512_rol_epi64::<45>(s[3]);
    result
}

/// The dice of the two turns an output pair draws, as `avx2.rs` `dice`.
#[inline(always)]
fn dice(simd: V4, [a, b]: [__m512i; 2], sides: __m512i) -> [__m512i; 2] {
    let x = simd.avx512f;
    let high_a = x._mm512_mul_epu32(x._mm512_srli_epi64::<32>(a), sides);
    let high_b = x._mm512_mul_epu32(x._mm512_srli_epi64::<32>(b), sides);
    let low_a = x._mm512_mul_epu32(a, sides);
    let low_b = x._mm512_mul_epu32(b, sides);
    let even = x._mm512_mask_blend_epi32(0xAAAA, x._mm512_srli_epi64::<32>(high_a), high_b);
    let odd = x._mm512_mask_blend_epi32(0xAAAA, x._mm512_srli_epi64::<32>(low_a), low_b);
    [even, odd]
}

/// Two rounds of all sixteen games; `left` says which lanes it left.
#[inline(always)]
fn step<const P: usize>(simd: V4, st: &mut State<P, WIDE>, lanes: &mut Lanes<'_, P>, left: &mut Left<P, WIDE>) {
    let (x, dq) = (simd.avx512f, simd.avx512dq);
    let t = lanes.table;
    let zero = x._mm512_setzero_si512();
    let mut outputs = [[zero; 2]; P];
    for h in 0..2 {
        let mut words = [zero; 4];
        for (word, rng) in words.iter_mut().zip(&st.rng) {
            *word = cast(half(rng, h));
        }
        for output in outputs.iter_mut() {
            output[h] = next(simd, &mut words);
        }
        for (w, word) in words.into_iter().enumerate() {
            let word: [u64; 8] = cast(word);
            st.rng[w][8 * h..8 * h + 8].copy_from_slice(&word);
        }
    }
    let sides = x._mm512_set1_epi64(i64::from(t.sides));
    let mut die = [zero; 12];
    for (k, output) in outputs.iter().enumerate() {
        [die[2 * k], die[2 * k + 1]] = dice(simd, *output, sides);
    }
    let width = x._mm512_set1_epi32(t.width as i32);
    let mut old_rows = [zero; P];
    for (old, rows) in old_rows.iter_mut().zip(&st.rows) {
        *old = cast(*rows);
    }
    // Cell dwords 2j (first rolls) and 2j + 1 (second rolls) of two vectors
    // of eight cells each.
    let firsts = cast(std::array::from_fn::<u32, WIDE, _>(|j| 2 * j as u32));
    let seconds = cast(std::array::from_fn::<u32, WIDE, _>(|j| 2 * j as u32 + 1));
    let (mut first, mut second) = ([zero; P], [zero; P]);
    let mut won = zero;
    for s in 0..P {
        let offset = x._mm512_add_epi32(x._mm512_mullo_epi32(die[s], width), die[P + s]);
        let at: [u32; WIDE] = cast(x._mm512_add_epi32(old_rows[s], offset));
        left.at[s] = at;
        // The reads: plain indexing (see `avx2.rs`), each cell one 8-byte
        // load, then the first and the second words picked out.
        let cell = |lane: usize| {
            let [a, b] = lanes.cells[at[lane] as usize & (CELLS - 1)];
            (u64::from(a) | u64::from(b) << 32) as i64
        };
        let low = x._mm512_set_epi64(cell(7), cell(6), cell(5), cell(4), cell(3), cell(2), cell(1), cell(0));
        let high = x._mm512_set_epi64(cell(15), cell(14), cell(13), cell(12), cell(11), cell(10), cell(9), cell(8));
        first[s] = x._mm512_permutex2var_epi32(low, firsts, high);
        second[s] = x._mm512_permutex2var_epi32(low, seconds, high);
        won = x._mm512_or_si512(won, x._mm512_or_si512(first[s], second[s]));
    }
    let old_turns: __m512i = cast(st.turns);
    let near_limit = x._mm512_cmpgt_epi32_mask(old_turns, x._mm512_set1_epi32((t.limit - 2 * P as u32) as i32));
    let mask = u32::from(near_limit) | !st.live & 0xFFFF;
    // The won bit is the sign bit.
    let won = u32::from(dq._mm512_movepi32_mask(won)) & !mask;

    // The lead, after each of the 2P turns, as in `avx2.rs`.
    let (old_changes, old_last, old_prev): (__m512i, __m512i, __m512i) =
        (cast(st.changes), cast(st.last), cast(st.prev));
    let (mut changes, mut last, mut prev) = (old_changes, old_last, old_prev);
    let mut rows = old_rows;
    let one = x._mm512_set1_epi32(1);
    // The lanes whose every earlier turn of the step was played and did
    // not win; `taken` counts their turns.
    let (mut played, mut taken) = (0xFFFFu16, zero);
    for round in 0..2 {
        for s in 0..P {
            let cell = if round == 0 { first[s] } else { second[s] };
            rows[s] = x._mm512_and_si512(cell, x._mm512_set1_epi32(!WON_BIT as i32));
            taken = x._mm512_mask_add_epi32(taken, played, taken, one);
            if P == 2 {
                let d = x._mm512_sub_epi32(rows[0], rows[1]);
                let flipped = x._mm512_srai_epi32::<31>(x._mm512_mullo_epi32(d, last));
                changes = x._mm512_mask_sub_epi32(changes, played, changes, flipped);
                let moved = x._mm512_mask_cmpneq_epi32_mask(played, d, zero);
                last = x._mm512_mask_mov_epi32(last, moved, d);
            } else {
                let mut top = rows[0];
                for r in &rows[1..] {
                    top = x._mm512_max_epu32(top, *r);
                }
                let (mut at_top, mut leader) = (zero, zero);
                for (seat, r) in rows.iter().enumerate() {
                    let here = x._mm512_cmpeq_epi32_mask(*r, top);
                    at_top = x._mm512_mask_add_epi32(at_top, here, at_top, one);
                    leader = x._mm512_mask_mov_epi32(leader, here, x._mm512_set1_epi32(seat as i32));
                }
                let sole = x._mm512_mask_cmpeq_epi32_mask(played, at_top, one);
                let new = x._mm512_mask_cmpneq_epi32_mask(sole, leader, prev);
                changes = x._mm512_mask_add_epi32(changes, new, changes, one);
                prev = x._mm512_mask_mov_epi32(prev, sole, leader);
            }
            played &= !dq._mm512_movepi32_mask(cell);
        }
    }
    left.taken = cast(taken);
    left.won = won;
    // Lanes left keep their state (and a real row for the next reads).
    for s in 0..P {
        st.rows[s] = cast(x._mm512_mask_mov_epi32(rows[s], mask as u16, old_rows[s]));
    }
    st.turns = cast(x._mm512_add_epi32(old_turns, x._mm512_set1_epi32(2 * P as i32)));
    (st.changes, st.last, st.prev) = (cast(changes), cast(last), cast(prev));
    lanes.count_reads(left, mask);
    left.mask = mask;
    left.turns = cast(old_turns);
    // What `last_step` needs, only when a game reaches it.
    if mask & st.live != 0 {
        for s in 0..P {
            left.rows[s] = cast(old_rows[s]);
            left.first[s] = cast(first[s]);
            left.second[s] = cast(second[s]);
        }
        (left.changes, left.last, left.prev) = (cast(old_changes), cast(old_last), cast(old_prev));
    }
}
