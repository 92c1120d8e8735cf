//! The game's random numbers: xoshiro256** (Blackman & Vigna, 2018) seeded
//! through SplitMix64. Both are fixed, published algorithms on plain
//! integers, so a seed gives the same dice on every machine, compiler and
//! thread count.

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GameRng {
    s: [u64; 4],
    /// The unused low half of the last 64-bit output (dice need 32 bits).
    spare: Option<u32>,
}

/// One SplitMix64 step: turns any seed into well-mixed bits.
pub fn splitmix64(state: &mut u64) -> u64 {
    *state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
    let mut z = *state;
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

impl GameRng {
    pub fn seed(seed: u64) -> Self {
        let mut state = seed;
        let s = [splitmix64(&mut state), splitmix64(&mut state), splitmix64(&mut state), splitmix64(&mut state)];
        Self { s, spare: None }
    }

    /// The generator for game `index` of a run seeded with `seed`: games are
    /// independent of how they are split between threads.
    pub fn for_game(seed: u64, index: u64) -> Self {
        let mut state = seed ^ index.wrapping_mul(0xD1B5_4A32_D192_ED03);
        Self::seed(splitmix64(&mut state))
    }

    /// A second, independent stream from the same seed (bots draw from it,
    /// so their choices never shift the dice).
    pub fn fork(&self, stream: u64) -> Self {
        let mut state = self.s[0] ^ stream.wrapping_mul(0x9E37_79B9_7F4A_7C15);
        Self::seed(splitmix64(&mut state))
    }

    /// The four state words, for a kernel that steps several generators
    /// side by side (the same outputs as `next_u64`, computed elsewhere).
    /// `None` while half an output is left over (`next_u32`).
    pub fn words(&self) -> Option<[u64; 4]> {
        self.spare.is_none().then_some(self.s)
    }

    /// The generator whose state `words` gave: a kernel that stepped it
    /// elsewhere hands it back to plain code.
    pub fn from_words(s: [u64; 4]) -> Self {
        Self { s, spare: None }
    }

    #[inline]
    pub fn next_u64(&mut self) -> u64 {
        let result = self.s[1].wrapping_mul(5).rotate_left(7).wrapping_mul(9);
        let t = self.s[1] << 17;
        self.s[2] ^= self.s[0];
        self.s[3] ^= self.s[1];
        self.s[1] ^= self.s[2];
        self.s[0] ^= self.s[3];
        self.s[2] ^= t;
        self.s[3] = self.s[3].rotate_left(45);
        result
    }

    /// A number in [0, 1): the top 53 bits of one output, so every double
    /// a step of 2^-53 apart is as likely.
    #[inline]
    pub fn unit(&mut self) -> f64 {
        (self.next_u64() >> 11) as f64 / (1u64 << 53) as f64
    }

    /// 32 random bits: the high half of an output, then its low half.
    #[inline]
    pub fn next_u32(&mut self) -> u32 {
        match self.spare.take() {
            Some(low) => low,
            None => {
                let x = self.next_u64();
                self.spare = Some(x as u32);
                (x >> 32) as u32
            }
        }
    }

    /// A number in `0..n` by multiply-shift on 32 random bits (Lemire); the
    /// bias is below n / 2^32, far under anything a simulation can see.
    #[inline]
    pub fn below(&mut self, n: u32) -> u32 {
        ((u64::from(self.next_u32()) * u64::from(n)) >> 32) as u32
    }

    /// Fisher–Yates over `items`: the swaps of `placement::shuffle` with
    /// `below` drawn from this generator, both halves of an output used by
    /// two swaps in a row rather than one through `spare` (chips are dealt
    /// before every game: two shuffles a game).
    pub fn shuffle<T>(&mut self, items: &mut [T]) {
        // `below(n)` on given bits.
        let pick = |bits: u32, n: usize| ((u64::from(bits) * n as u64) >> 32) as usize;
        // The next swap is of `items[n - 1]`, with a draw from `0..n`.
        let mut n = items.len();
        if n < 2 {
            return;
        }
        if let Some(low) = self.spare.take() {
            items.swap(n - 1, pick(low, n));
            n -= 1;
        }
        while n >= 3 {
            let x = self.next_u64();
            items.swap(n - 1, pick((x >> 32) as u32, n));
            items.swap(n - 2, pick(x as u32, n - 1));
            n -= 2;
        }
        if n == 2 {
            items.swap(1, self.below(2) as usize);
        }
    }

    /// One die of `sides` faces: 1..=sides.
    #[inline]
    pub fn die(&mut self, sides: u32) -> u32 {
        self.below(sides) + 1
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Both generators against their published reference outputs (the
    /// authors' C code, as `rand_xoshiro`'s `reference` tests quote it), not
    /// against themselves.
    #[test]
    fn known_answers() {
        // SplitMix64 from 0.
        let mut s = 0;
        let splitmix: Vec<u64> = (0..4).map(|_| splitmix64(&mut s)).collect();
        assert_eq!(
            splitmix,
            [0xE220_A839_7B1D_CDAF, 0x6E78_9E6A_A1B9_65F4, 0x06C4_5D18_8009_454F, 0xF88B_B8A8_724C_81EC]
        );
        // xoshiro256** from the state {1, 2, 3, 4}.
        let mut x = GameRng::from_words([1, 2, 3, 4]);
        let xoshiro: Vec<u64> = (0..10).map(|_| x.next_u64()).collect();
        assert_eq!(
            xoshiro,
            [
                11520,
                0,
                1509978240,
                1215971899390074240,
                1216172134540287360,
                607988272756665600,
                16172922978634559625,
                8476171486693032832,
                10595114339597558777,
                2904607092377533576,
            ]
        );
        assert_ne!(GameRng::for_game(1, 0), GameRng::for_game(1, 1));
    }

    /// The paired shuffle makes the swaps one draw at a time makes, for
    /// every length around the pairing's edges, with and without half an
    /// output left over, and leaves the generator where they leave it.
    #[test]
    fn shuffle_makes_the_swaps_of_one_draw_at_a_time() {
        for len in 0..40usize {
            for spare in [false, true] {
                let mut paired = GameRng::seed(len as u64 * 31 + 7);
                if spare {
                    paired.next_u32();
                }
                let mut single = paired.clone();
                let mut a: Vec<usize> = (0..len).collect();
                let mut b = a.clone();
                paired.shuffle(&mut a);
                crate::placement::shuffle(&mut b, &mut |n| single.below(n));
                assert_eq!(a, b, "{len} items, spare {spare}");
                assert_eq!(paired, single, "{len} items, spare {spare}: the generators part");
            }
        }
    }

    #[test]
    fn dice_are_fair() {
        let mut rng = GameRng::seed(7);
        let mut counts = [0u32; 6];
        for _ in 0..600_000 {
            counts[rng.die(6) as usize - 1] += 1;
        }
        for c in counts {
            assert!((99_000..101_000).contains(&c), "{counts:?}");
        }
    }
}
