//! The 64 lanes' step on AVX2 (pulp's `V3`): a seat's positions are two
//! vectors of bytes (a board in landing form has fewer than 128 sums), and
//! a roll eight `vpshufb` lookups into the landing table, held in eight
//! registers of 16 sums. Lane `l`'s dice come out of the generators'
//! vectors by two packs, in the order `SLOT` follows.

use std::arch::x86_64::__m256i;

use pulp::NullaryFnOnce;
use pulp::x86::V3;
use pulp::{cast, u32x8, u64x4};

use super::super::super::landings::{BINS, Landings};
use super::super::avx2::{dice, next};
use super::super::lanes_in;
use super::{LANES, Sixty, SixtyFour, count};

#[derive(Clone, Copy)]
pub(in crate::race::pairs) struct Board {
    /// `Landings::landing` in rows of 16 sums, each row xor the one before
    /// (`land`), in both halves of a register.
    landing: [__m256i; 8],
    /// The smallest forfeited sum (255 when none is: sums are below 128).
    stay_from: __m256i,
    goal: __m256i,
    start: u8,
    sixteen: __m256i,
    /// The die's sides, in 64-bit lanes (the multiply's operand).
    sides: __m256i,
    /// Bit `k % 8` in byte `k`, and the byte of a mask each byte's bit is
    /// in (`byte_mask`).
    bits: __m256i,
    spread: __m256i,
}

/// A step's dice: `pairs[turn][k]` a turn's dice as u32 words of
/// generator vectors `2k` and `2k + 1` (of a half's eight), and
/// `bytes[turn][half]` the half's 32 dice packed in lane order.
pub(in crate::race::pairs) struct Buffers {
    pairs: [[u32x8; 4]; 12],
    bytes: [[__m256i; 2]; 12],
}

impl SixtyFour for V3 {
    type Board = Board;
    type Buffers<const P: usize> = Buffers;
    const SLOT: [u8; LANES] = slots();
    type Piece = u8;

    #[inline(always)]
    fn vectorize<F: NullaryFnOnce>(self, f: F) -> F::Output {
        V3::vectorize(self, f)
    }

    #[inline(always)]
    fn board(self, form: &Landings, sides: u32) -> Board {
        let x = self.avx;
        let row = |r: usize| -> [u8; 16] {
            std::array::from_fn(|k| {
                let before = if r == 0 { 0 } else { form.landing[16 * (r - 1) + k] };
                (form.landing[16 * r + k] ^ before) as u8
            })
        };
        let landing = std::array::from_fn(|r| {
            let row = row(r);
            cast::<[u8; 32], __m256i>(std::array::from_fn(|k| row[k % 16]))
        });
        Board {
            landing,
            stay_from: x._mm256_set1_epi8(form.stay_from.min(255) as u8 as i8),
            goal: x._mm256_set1_epi8(form.goal as i8),
            start: form.start as u8,
            sixteen: x._mm256_set1_epi8(16),
            sides: cast([u64::from(sides); 4]),
            bits: cast::<[u8; 32], __m256i>(std::array::from_fn(|k| 1 << (k % 8))),
            spread: cast::<[u8; 32], __m256i>(std::array::from_fn(|k| (k / 8) as u8)),
        }
    }

    #[inline(always)]
    fn buffers<const P: usize>(self) -> Buffers {
        let zero: __m256i = cast([0u64; 4]);
        Buffers { pairs: [[cast(zero); 4]; 12], bytes: [[zero; 2]; 12] }
    }

    #[inline(always)]
    fn step<const P: usize>(self, b: &Board, st: &mut Sixty<P, u8>, buffers: &mut Buffers, counts: &mut [u32; BINS]) {
        step(self, b, st, buffers, counts)
    }

    #[inline(always)]
    fn put_in_place<const P: usize>(self, b: &Board, st: &mut Sixty<P, u8>) {
        for (taken, lane) in lanes_in(st.fresh).enumerate() {
            let slot = usize::from(Self::SLOT[lane]);
            for (rng, fresh) in st.rng.iter_mut().zip(&st.fresh_words) {
                rng[slot] = fresh[taken];
            }
            for pos in &mut st.pos {
                pos[lane] = b.start;
            }
        }
        (st.fresh, st.fresh_count) = (0, 0);
    }
}

/// Where lane `l`'s generator is: its die is byte `l % 32` of half `l / 32`
/// after `bytes` packs the u32 words of `pairs`, where word `2q + j` of
/// `pairs[k]` is u64 lane `q` of generator vector `2k + j` of the half's
/// eight (`avx2::dice`).
const fn slots() -> [u8; LANES] {
    let mut slot = [0; LANES];
    let mut lane = 0;
    while lane < LANES {
        let (h, byte) = (lane / 32, lane % 32);
        // `packus_epi16` and `packus_epi32` work in 128-bit halves.
        let (half, pack, i) = (byte / 16, byte % 16 / 8, byte % 8);
        let (k, word) = if i < 4 { (2 * pack, 4 * half + i) } else { (2 * pack + 1, 4 * half + i - 4) };
        let vector = 8 * h + 2 * k + word % 2;
        slot[lane] = (4 * vector + word / 2) as u8;
        lane += 1;
    }
    slot
}

#[inline(always)]
fn step<const P: usize>(simd: V3, b: &Board, st: &mut Sixty<P, u8>, buf: &mut Buffers, counts: &mut [u32; BINS]) {
    let x = simd.avx2;
    let zero: __m256i = cast([0u64; 4]);
    // The last step's rolls counted now (as on AVX-512), and new games put
    // in place.
    count(&st.bins, counts);
    if st.fresh != 0 {
        simd.put_in_place(b, st);
    }
    // P outputs of each generator, two turns' dice each, packed a half at
    // a time.
    for h in 0..2 {
        for k in 0..4 {
            let vector = 8 * h + 2 * k;
            let mut pair = [[cast([0u64; 4]); 4]; 2];
            for (j, words) in pair.iter_mut().enumerate() {
                for (word, rng) in words.iter_mut().zip(&st.rng) {
                    *word = cast(quarter(rng, vector + j));
                }
            }
            for t in 0..P {
                let outputs = [next(simd, &mut pair[0]), next(simd, &mut pair[1])];
                [buf.pairs[2 * t][k], buf.pairs[2 * t + 1][k]] = dice(simd, outputs, b.sides);
            }
            for (j, words) in pair.iter().enumerate() {
                for (rng, word) in st.rng.iter_mut().zip(words) {
                    let v = vector + j;
                    rng[4 * v..4 * v + 4].copy_from_slice(&cast::<u64x4, [u64; 4]>(*word));
                }
            }
        }
        for turn in 0..2 * P {
            let p = &buf.pairs[turn];
            let low = x._mm256_packus_epi32(cast(p[0]), cast(p[1]));
            let high = x._mm256_packus_epi32(cast(p[2]), cast(p[3]));
            buf.bytes[turn][h] = x._mm256_packus_epi16(low, high);
        }
    }
    let mut pos = [[zero; 2]; P];
    for (s, pos) in pos.iter_mut().enumerate() {
        for (h, half) in pos.iter_mut().enumerate() {
            *half = cast(half_of(&st.pos[s], h));
        }
    }
    // Each seat's sums of the first round and of the second, and the lanes
    // that play each turn as byte masks (a game may end within the step).
    let (mut first, mut second) = ([[zero; 2]; P], [[zero; 2]; P]);
    let mut alive = [byte_mask(simd, b, st.live as u32), byte_mask(simd, b, (st.live >> 32) as u32)];
    let mut played = [[zero; 2]; 12];
    let mut active = st.live;
    for (turn, played) in played.iter_mut().enumerate().take(2 * P) {
        *played = alive;
        let (s, round) = (turn % P, turn / P);
        let mut won = 0;
        for h in 0..2 {
            let sum = x._mm256_add_epi8(pos[s][h], buf.bytes[turn][h]);
            if round == 0 {
                first[s][h] = sum;
            } else {
                second[s][h] = sum;
            }
            pos[s][h] = land(simd, b, sum, pos[s][h]);
            let won_here = x._mm256_and_si256(x._mm256_cmpeq_epi8(pos[s][h], b.goal), alive[h]);
            alive[h] = x._mm256_andnot_si256(won_here, alive[h]);
            won |= u64::from(x._mm256_movemask_epi8(won_here) as u32) << (32 * h);
        }
        st.wins[turn] = won;
        // The lead after every turn, the winning one included.
        if P > 1 {
            let mut top = pos[0];
            for p in &pos[1..] {
                top = [x._mm256_max_epu8(top[0], p[0]), x._mm256_max_epu8(top[1], p[1])];
            }
            let mut on_top = [0u64; P];
            for (here, p) in on_top.iter_mut().zip(&pos) {
                let low = x._mm256_movemask_epi8(x._mm256_cmpeq_epi8(p[0], top[0])) as u32;
                let high = x._mm256_movemask_epi8(x._mm256_cmpeq_epi8(p[1], top[1])) as u32;
                *here = u64::from(low) | u64::from(high) << 32;
            }
            st.lead(&on_top, active);
        }
        active &= !won;
    }
    // Seat s rolled on turns s and P + s: both rolls are bin `first × 128
    // + second`, the first alone `FIRST + first`, none `UNPLAYED` (lanes
    // without a game too); made a byte at a time, then interleaved.
    let a = simd.avx;
    let (low7, byte80, byte40) = (a._mm256_set1_epi8(0x7F), a._mm256_set1_epi8(-128), a._mm256_set1_epi8(0x40));
    for s in 0..P {
        for h in 0..2 {
            let (f, sc) = (first[s][h], second[s][h]);
            let (both, once) = (played[P + s][h], played[s][h]);
            let pair_low = x._mm256_or_si256(x._mm256_and_si256(x._mm256_slli_epi16::<7>(f), byte80), sc);
            let pair_high = x._mm256_and_si256(x._mm256_srli_epi16::<1>(f), low7);
            let low = x._mm256_blendv_epi8(x._mm256_blendv_epi8(byte80, f, once), pair_low, both);
            let high = x._mm256_blendv_epi8(byte40, pair_high, both);
            let bins = &mut st.bins[s][32 * h..32 * h + 32];
            bins[..16].copy_from_slice(&cast::<__m256i, [u16; 16]>(x._mm256_unpacklo_epi8(low, high)));
            bins[16..].copy_from_slice(&cast::<__m256i, [u16; 16]>(x._mm256_unpackhi_epi8(low, high)));
            st.pos[s][32 * h..32 * h + 32].copy_from_slice(&cast::<__m256i, [u8; 32]>(pos[s][h]));
        }
    }
}

/// Generator vector `v` of one word: slots `4v..4v + 4`.
#[inline(always)]
fn quarter(words: &[u64; LANES], v: usize) -> [u64; 4] {
    [words[4 * v], words[4 * v + 1], words[4 * v + 2], words[4 * v + 3]]
}

/// Lanes `32h..32h + 32` of a seat's positions.
#[inline(always)]
fn half_of(pos: &[u8; LANES], h: usize) -> [u8; 32] {
    std::array::from_fn(|k| pos[32 * h + k])
}

/// 32 lanes' bits as bytes: 0xFF where the bit is set.
#[inline(always)]
fn byte_mask(simd: V3, b: &Board, mask: u32) -> __m256i {
    let x = simd.avx2;
    let spread = x._mm256_shuffle_epi8(simd.avx._mm256_set1_epi32(mask as i32), b.spread);
    x._mm256_cmpeq_epi8(x._mm256_and_si256(spread, b.bits), b.bits)
}

/// Where rolls making `sum` from `pos` rest (`Landings`), or `pos` when
/// forfeited. Row `r` answers for the sums `16r..16r + 16`: the index less
/// `16r` has its top bit set below them (`vpshufb` gives 0 there) and its
/// low four bits right above, so the rows up to the sum's, xored, give the
/// sum's entry (each row is stored xor the one before).
#[inline(always)]
fn land(simd: V3, b: &Board, sum: __m256i, pos: __m256i) -> __m256i {
    let x = simd.avx2;
    let mut index = sum;
    let mut rest = x._mm256_shuffle_epi8(b.landing[0], index);
    for row in &b.landing[1..] {
        index = x._mm256_sub_epi8(index, b.sixteen);
        rest = x._mm256_xor_si256(rest, x._mm256_shuffle_epi8(*row, index));
    }
    let forfeited = x._mm256_cmpeq_epi8(x._mm256_max_epu8(sum, b.stay_from), sum);
    x._mm256_blendv_epi8(rest, pos, forfeited)
}
