//! The generators of the 64-game path (`landing_form.rs`) on AVX-512
//! (pulp's `V4`): seeding sixteen games at once and xoshiro256** eight
//! generators a vector.

use std::arch::x86_64::__m512i;

use pulp::cast;
use pulp::x86::V4;

use super::Seed;

/// Games seeded at once.
const WIDE: usize = 16;

/// The instructions, if this processor has them.
pub(in crate::race::pairs) fn avx512() -> Option<V4> {
    V4::try_new()
}

impl Seed<WIDE> for V4 {
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
