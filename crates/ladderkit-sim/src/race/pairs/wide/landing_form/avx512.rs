//! The 64 lanes' step on AVX-512 (pulp's `V4`): a seat's positions are two
//! vectors of 16-bit lanes, and a roll two `vpermt2w` lookups into the
//! landing table, held in four registers.

use std::arch::x86_64::__m512i;

use pulp::NullaryFnOnce;
use pulp::cast;
use pulp::x86::V4;

use super::super::super::landings::{BINS, FIRST, Landings, UNPLAYED};
use super::super::avx512::next;
use super::{LANES, Sixty, SixtyFour, count};

#[derive(Clone, Copy)]
pub(in crate::race::pairs) struct Board {
    /// `Landings::landing`, 32 sums a register.
    landing: [__m512i; 4],
    stay_from: __m512i,
    goal: __m512i,
    start: __m512i,
    /// The die's sides, in 64-bit lanes (the multiply's operand).
    sides: __m512i,
    /// Word 2 of each 64-bit lane of two vectors: where a die is after its
    /// multiply.
    pick: __m512i,
    /// The bins `FIRST` (plus a first sum) and `UNPLAYED` start at.
    first: __m512i,
    unplayed: __m512i,
}

impl SixtyFour for V4 {
    type Board = Board;
    /// A step's outputs of the generators, `[output][vector]`.
    type Buffers<const P: usize> = [[__m512i; 8]; P];
    type Piece = u16;
    /// Lane order: vector `v` of a word holds lanes `8v..8v + 8`.
    const SLOT: [u8; LANES] = {
        let mut slot = [0; LANES];
        let mut lane = 0;
        while lane < LANES {
            slot[lane] = lane as u8;
            lane += 1;
        }
        slot
    };

    #[inline(always)]
    fn vectorize<F: NullaryFnOnce>(self, f: F) -> F::Output {
        V4::vectorize(self, f)
    }

    #[inline(always)]
    fn board(self, form: &Landings, sides: u32) -> Board {
        let f = self.avx512f;
        let landing = std::array::from_fn(|r| {
            let words: [u16; 32] = std::array::from_fn(|k| form.landing[32 * r + k]);
            cast(words)
        });
        let pick: [u16; 32] = std::array::from_fn(|j| {
            let k = (j % 16) as u16;
            if k < 8 { 4 * k + 2 } else { 32 + 4 * (k - 8) + 2 }
        });
        Board {
            landing,
            stay_from: f._mm512_set1_epi16(form.stay_from as i16),
            goal: f._mm512_set1_epi16(form.goal as i16),
            start: f._mm512_set1_epi16(form.start as i16),
            sides: f._mm512_set1_epi64(i64::from(sides)),
            pick: cast(pick),
            first: f._mm512_set1_epi16(FIRST as i16),
            unplayed: f._mm512_set1_epi16(UNPLAYED as i16),
        }
    }

    #[inline(always)]
    fn buffers<const P: usize>(self) -> [[__m512i; 8]; P] {
        [[self.avx512f._mm512_setzero_si512(); 8]; P]
    }

    #[inline(always)]
    fn step<const P: usize>(
        self,
        b: &Board,
        st: &mut Sixty<P, u16>,
        outputs: &mut [[__m512i; 8]; P],
        counts: &mut [u32; BINS],
    ) {
        step(self, b, st, outputs, counts)
    }

    #[inline(always)]
    fn put_in_place<const P: usize>(self, b: &Board, st: &mut Sixty<P, u16>) {
        let mut taken = 0;
        for v in 0..8 {
            let words;
            (words, taken) = generators(self, st, v, taken);
            for (w, word) in words.into_iter().enumerate() {
                st.rng[w][8 * v..8 * v + 8].copy_from_slice(&cast::<__m512i, [u64; 8]>(word));
            }
        }
        for s in 0..P {
            for h in 0..2 {
                let now = pieces(self, st, b, s, h);
                store(&mut st.pos[s], h, now);
            }
        }
        (st.fresh, st.fresh_count) = (0, 0);
    }
}

#[inline(always)]
fn step<const P: usize>(
    simd: V4,
    b: &Board,
    st: &mut Sixty<P, u16>,
    outputs: &mut [[__m512i; 8]; P],
    counts: &mut [u32; BINS],
) {
    let (f, bw) = (simd.avx512f, simd.avx512bw);
    let zero = f._mm512_setzero_si512();
    // The last step's rolls counted now: right after they were stored as
    // vectors, reading them back one at a time waited for the stores.
    count(&st.bins, counts);
    // P outputs of each generator: two rounds of one die a seat.
    // (New games put in place here, without a branch per vector.)
    let mut taken = 0;
    for v in 0..8 {
        let mut words;
        (words, taken) = generators(simd, st, v, taken);
        for output in outputs.iter_mut() {
            output[v] = next(simd, &mut words);
        }
        for (w, word) in words.into_iter().enumerate() {
            st.rng[w][8 * v..8 * v + 8].copy_from_slice(&cast::<__m512i, [u64; 8]>(word));
        }
    }
    let mut pos = [[zero; 2]; P];
    for (s, pos) in pos.iter_mut().enumerate() {
        *pos = [pieces(simd, st, b, s, 0), pieces(simd, st, b, s, 1)];
    }
    (st.fresh, st.fresh_count) = (0, 0);
    // After the first round a seat's sum, after the second its pair bin.
    let mut sums = [[zero; 2]; P];
    // The lanes that play each turn (a game may end within the step).
    let (mut active, mut played) = (st.live, [0u64; 12]);
    for turn in 0..2 * P {
        played[turn] = active;
        let (s, round) = (turn % P, turn / P);
        let die = dice(simd, b, &outputs[turn / 2], turn % 2 == 0);
        let mut won = 0;
        for h in 0..2 {
            let sum = bw._mm512_add_epi16(pos[s][h], die[h]);
            sums[s][h] = if round == 0 { sum } else { f._mm512_or_si512(bw._mm512_slli_epi16::<7>(sums[s][h]), sum) };
            pos[s][h] = land(simd, b, sum, pos[s][h]);
            won |= u64::from(bw._mm512_cmpeq_epi16_mask(pos[s][h], b.goal)) << (32 * h);
        }
        won &= active;
        st.wins[turn] = won;
        // The lead after every turn, the winning one included.
        if P > 1 {
            let mut top = pos[0];
            for p in &pos[1..] {
                top = [bw._mm512_max_epu16(top[0], p[0]), bw._mm512_max_epu16(top[1], p[1])];
            }
            let mut on_top = [0u64; P];
            for (here, p) in on_top.iter_mut().zip(&pos) {
                let [low, high] = [bw._mm512_cmpeq_epi16_mask(p[0], top[0]), bw._mm512_cmpeq_epi16_mask(p[1], top[1])];
                *here = u64::from(low) | u64::from(high) << 32;
            }
            st.lead(&on_top, active);
        }
        active &= !won;
    }
    // Seat s rolled on turns s and P + s: both rolls are a pair bin, the
    // first alone its own, none `UNPLAYED` (lanes without a game too).
    for s in 0..P {
        for h in 0..2 {
            let (both, first) = ((played[P + s] >> (32 * h)) as u32, (played[s] >> (32 * h)) as u32);
            let first_sum = bw._mm512_add_epi16(bw._mm512_srli_epi16::<7>(sums[s][h]), b.first);
            let bins = bw._mm512_mask_mov_epi16(b.unplayed, first, first_sum);
            let bins = bw._mm512_mask_mov_epi16(bins, both, sums[s][h]);
            st.bins[s][32 * h..32 * h + 32].copy_from_slice(&cast::<__m512i, [u16; 32]>(bins));
            store(&mut st.pos[s], h, pos[s][h]);
        }
    }
}

/// Lanes `8v..8v + 8` of one word of the generators.
#[inline(always)]
fn eight(words: &[u64; LANES], v: usize) -> [u64; 8] {
    std::array::from_fn(|k| words[8 * v + k])
}

/// Vector `v` of the generators (lanes `8v..8v + 8`), where lanes that
/// took a new game since the last step have its words: those of
/// `fresh_words` from `taken` on. The next `taken`.
#[inline(always)]
fn generators<const P: usize>(simd: V4, st: &Sixty<P, u16>, v: usize, taken: usize) -> ([__m512i; 4], usize) {
    let mask = (st.fresh >> (8 * v)) as u8;
    let mut words = [simd.avx512f._mm512_setzero_si512(); 4];
    for (w, word) in words.iter_mut().enumerate() {
        let new: [u64; 8] = std::array::from_fn(|k| st.fresh_words[w][taken + k]);
        *word = simd.avx512f._mm512_mask_expand_epi64(cast(eight(&st.rng[w], v)), mask, cast(new));
    }
    (words, taken + mask.count_ones() as usize)
}

/// Half `h` of seat `s`'s pieces (lanes `32h..32h + 32`), those of new
/// games on the start.
#[inline(always)]
fn pieces<const P: usize>(simd: V4, st: &Sixty<P, u16>, b: &Board, s: usize, h: usize) -> __m512i {
    let fresh = (st.fresh >> (32 * h)) as u32;
    let words: [u16; 32] = std::array::from_fn(|k| st.pos[s][32 * h + k]);
    simd.avx512bw._mm512_mask_mov_epi16(cast(words), fresh, b.start)
}

/// Stores half `h` of a seat's pieces.
#[inline(always)]
fn store(pos: &mut [u16; LANES], h: usize, half: __m512i) {
    pos[32 * h..32 * h + 32].copy_from_slice(&cast::<_, [u16; 32]>(half));
}

/// One die per lane from eight vectors of outputs (lanes 0..64): the high
/// halves' (`high`, an even turn) or the low halves', as `GameRng::below`:
/// the high word of 32 bits × sides, which is word 2 of the product; the
/// 64 words picked into two vectors in lane order.
#[inline(always)]
fn dice(simd: V4, b: &Board, outputs: &[__m512i; 8], high: bool) -> [__m512i; 2] {
    // (Loops, not closures: a closure is compiled without the vector
    // instructions.)
    let (f, bw) = (simd.avx512f, simd.avx512bw);
    let mut products = *outputs;
    for p in &mut products {
        let bits = if high { f._mm512_srli_epi64::<32>(*p) } else { *p };
        *p = f._mm512_mul_epu32(bits, b.sides);
    }
    let mut dice = [products[0]; 2];
    for (h, die) in dice.iter_mut().enumerate() {
        let low = bw._mm512_permutex2var_epi16(products[4 * h], b.pick, products[4 * h + 1]);
        let high = bw._mm512_permutex2var_epi16(products[4 * h + 2], b.pick, products[4 * h + 3]);
        *die = bw._mm512_mask_blend_epi16(0xFFFF_0000, low, high);
    }
    dice
}

/// Where rolls making `sum` from `pos` rest (`Landings`): a lookup in the
/// table's lower or upper 64 sums, or `pos` when forfeited.
#[inline(always)]
fn land(simd: V4, b: &Board, sum: __m512i, pos: __m512i) -> __m512i {
    let (f, bw) = (simd.avx512f, simd.avx512bw);
    let low = bw._mm512_permutex2var_epi16(b.landing[0], sum, b.landing[1]);
    let high = bw._mm512_permutex2var_epi16(b.landing[2], sum, b.landing[3]);
    let upper = bw._mm512_test_epi16_mask(sum, f._mm512_set1_epi16(64));
    let rest = bw._mm512_mask_mov_epi16(low, upper, high);
    bw._mm512_mask_mov_epi16(rest, bw._mm512_cmpge_epu16_mask(sum, b.stay_from), pos)
}
