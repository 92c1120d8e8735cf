//! Plain races sixty-four at a time on AVX-512 (pulp's `V4`), on boards in
//! landing form (`landings.rs`). A position is a 16-bit lane, so a seat of
//! 64 games is two vectors; a roll is an add and two `vpermt2w` lookups
//! into the landing table, held in four registers, so it needs no read of
//! memory. Each game still draws its dice from its own generator, exactly as
//! the engine does: steps of two rounds, 32 bits a die, seats in turn
//! (`pairs.rs`). The lead is found after every turn from compare masks,
//! one bit a game (`lead_of_two`, `lead_of_many`), and summed. Only the
//! total is reported.
//!
//! What stays per game is done between steps in plain code. A won game is
//! counted and its lane takes the next game. Its generator is put in place
//! at the next step by an `expand`. A game near the engine's turn limit is
//! handed to the scalar pair path, which finishes it (`hand_over`).
//!
//! Reads are counted as pairs of sums: seat `s`'s two rolls of a step are
//! bin `first sum × SUMS + second sum`, one counter a seat and step, or a
//! first sum alone when the game ended between them (`landings::BINS`).

use std::arch::x86_64::__m512i;

use ladderkit_engine::GameRng;
use pulp::cast;
use pulp::x86::V4;

use super::super::landings::{BINS, FIRST, Landings, UNPLAYED};
use super::super::{Game, Lanes, Race};
use super::avx512::next;
use super::{Dealer, lanes_in};
use crate::tally::lead::{Lead, NOBODY};

const LANES: usize = 64;
/// Games seeded at a time (`Seed::seed` for `V4`).
const SEEDED: usize = 16;

/// Plays `games` sixty-four at a time, counting the rolls read in `bins`;
/// whether it counted in the lanes' cells too (games handed over near the
/// turn limit: then it cleared them first).
pub(in crate::race::pairs) fn play_range64<const P: usize>(
    simd: V4,
    form: &Landings,
    lanes: &mut Lanes<'_, P>,
    bins: &mut [u32; BINS],
    games: std::ops::Range<u64>,
) -> bool {
    simd.vectorize(
        #[inline(always)]
        || run::<P>(simd, form, lanes, bins, games),
    )
}

/// The board and the constants of a step, in registers.
#[derive(Clone, Copy)]
struct Board {
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

/// The 64 lanes between steps.
struct Sixty<const P: usize> {
    /// Word `w` of lane `l`'s generator: `rng[w][l]`.
    rng: [[u64; LANES]; 4],
    pos: [[u16; LANES]; P],
    /// The step each lane's game began on, and its opener.
    start: [u32; LANES],
    opener: [u8; LANES],
    /// Steps played.
    step: u32,
    /// At most the earliest `start` of a lane with a game.
    oldest: u32,
    /// Bit `l`: lane `l` has a game; it took a new one since the last step
    /// (its generator's words are in `fresh_words`, in lane order).
    live: u64,
    fresh: u64,
    fresh_words: [[u64; LANES + 8]; 4],
    fresh_count: usize,
    /// Two players: the last nonzero difference of the positions was
    /// positive, negative (one bit a lane).
    ahead: u64,
    behind: u64,
    /// Three or more: the last sole leader, bit by bit of the seat; all
    /// three bits set (`NOBODY`) before the first.
    prev: [u64; 3],
    /// Lead changes of every game, the first sole leaders included (taken
    /// off as games end).
    changes: u64,
    /// The last step: each seat's pair bin (`UNPLAYED` before the first;
    /// counted by the next step, or at the end), and the lanes won on each
    /// turn.
    bins: [[u16; LANES]; P],
    wins: [u64; 12],
    /// A game was handed to the scalar path, which counts in `Lanes::both`
    /// and `first` (cleared before the first).
    handed_over: bool,
}

#[inline(always)]
fn run<const P: usize>(
    simd: V4,
    form: &Landings,
    lanes: &mut Lanes<'_, P>,
    bins: &mut [u32; BINS],
    games: std::ops::Range<u64>,
) -> bool {
    let board = Board::new(simd, form, lanes.table.sides);
    let mut st = Sixty::<P> {
        rng: [[0; LANES]; 4],
        pos: [[form.start; LANES]; P],
        start: [0; LANES],
        opener: [0; LANES],
        step: 0,
        oldest: 0,
        live: 0,
        fresh: 0,
        fresh_words: [[0; LANES + 8]; 4],
        fresh_count: 0,
        ahead: 0,
        behind: 0,
        prev: [0; 3],
        changes: 0,
        bins: [[UNPLAYED as u16; LANES]; P],
        wins: [0; 12],
        handed_over: false,
    };
    let mut dealer = Dealer::<SEEDED>::new(games);
    // A step's outputs of the generators, `[output][vector]` (made once: a
    // step's own array was cleared every step).
    let mut outputs = [[simd.avx512f._mm512_setzero_si512(); 8]; P];
    for lane in 0..LANES {
        st.refill(simd, lane, &mut dealer, lanes);
    }
    loop {
        if st.hand_over(simd, &board, lanes, &mut dealer) {
            continue;
        }
        if st.live == 0 {
            break;
        }
        step(simd, &board, &mut st, &mut outputs, bins);
        st.step += 1;
        st.finish(simd, lanes, &mut dealer);
    }
    lanes.games.lead_changes += st.changes;
    count(&st.bins, bins);
    st.handed_over
}

impl Board {
    #[inline(always)]
    fn new(simd: V4, form: &Landings, sides: u32) -> Self {
        let f = simd.avx512f;
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
}

/// Two rounds of every lane: the generators, each turn's move, win and
/// lead, and each seat's pair bin (counted by the next step).
#[inline(always)]
fn step<const P: usize>(
    simd: V4,
    b: &Board,
    st: &mut Sixty<P>,
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
        (words, taken) = st.generators(simd, v, taken);
        for output in outputs.iter_mut() {
            output[v] = next(simd, &mut words);
        }
        for (w, word) in words.into_iter().enumerate() {
            st.rng[w][8 * v..8 * v + 8].copy_from_slice(&cast::<__m512i, [u64; 8]>(word));
        }
    }
    let mut pos = [[zero; 2]; P];
    for (s, pos) in pos.iter_mut().enumerate() {
        *pos = [st.pieces(simd, b, s, 0), st.pieces(simd, b, s, 1)];
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
        // The lead after every turn, the winning one included (one player
        // alone never changes it).
        st.changes += match P {
            1 => 0,
            2 => lead_of_two(simd, &pos, active, &mut st.ahead, &mut st.behind),
            _ => lead_of_many(simd, &pos, active, &mut st.prev),
        };
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
            st.pos[s][32 * h..32 * h + 32].copy_from_slice(&cast::<__m512i, [u16; 32]>(pos[s][h]));
        }
    }
}

/// Counts a step's bins (`Sixty::bins`).
#[inline(always)]
fn count<const P: usize>(bins: &[[u16; LANES]; P], counts: &mut [u32; BINS]) {
    for bins in bins {
        for bin in bins {
            let n = &mut counts[usize::from(*bin) & (BINS - 1)];
            *n = n.wrapping_add(1);
        }
    }
}

/// Lanes `8v..8v + 8` of one word of the generators.
#[inline(always)]
fn eight(words: &[u64; LANES], v: usize) -> [u64; 8] {
    std::array::from_fn(|k| words[8 * v + k])
}

/// Lanes `32h..32h + 32` of a seat's positions.
#[inline(always)]
fn half(pos: &[u16; LANES], h: usize) -> [u16; 32] {
    std::array::from_fn(|k| pos[32 * h + k])
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

/// A mask of 64 lanes from the compare masks of their two vectors.
#[inline(always)]
fn lanes64(low: u32, high: u32) -> u64 {
    u64::from(low) | u64::from(high) << 32
}

/// Two players, as `Lead::turn`: a change where the difference of the
/// positions has the opposite sign of the last one that was not a tie.
/// Counts the `active` lanes' changes.
#[inline(always)]
fn lead_of_two<const P: usize>(
    simd: V4,
    pos: &[[__m512i; 2]; P],
    active: u64,
    ahead: &mut u64,
    behind: &mut u64,
) -> u64 {
    let bw = simd.avx512bw;
    let [a, b] = [pos[0], pos[1]];
    let now_ahead = lanes64(bw._mm512_cmpgt_epu16_mask(a[0], b[0]), bw._mm512_cmpgt_epu16_mask(a[1], b[1]));
    let now_behind = lanes64(bw._mm512_cmplt_epu16_mask(a[0], b[0]), bw._mm512_cmplt_epu16_mask(a[1], b[1]));
    let flipped = (now_ahead & *behind | now_behind & *ahead) & active;
    *ahead = now_ahead | *ahead & !now_behind;
    *behind = now_behind | *behind & !now_ahead;
    u64::from(flipped.count_ones())
}

/// Three or more, as `Leader::observe`: where exactly one seat is on the
/// top, it is the sole leader, and a change if it is not the last one.
/// Counts the `active` lanes' changes and keeps their last sole leader.
#[inline(always)]
fn lead_of_many<const P: usize>(simd: V4, pos: &[[__m512i; 2]; P], active: u64, prev: &mut [u64; 3]) -> u64 {
    let bw = simd.avx512bw;
    let mut top = pos[0];
    for p in &pos[1..] {
        top = [bw._mm512_max_epu16(top[0], p[0]), bw._mm512_max_epu16(top[1], p[1])];
    }
    let (mut once, mut more, mut leader) = (0u64, 0u64, [0u64; 3]);
    for (s, p) in pos.iter().enumerate() {
        let here = lanes64(bw._mm512_cmpeq_epi16_mask(p[0], top[0]), bw._mm512_cmpeq_epi16_mask(p[1], top[1]));
        more |= once & here;
        once ^= here;
        for (bit, plane) in leader.iter_mut().enumerate() {
            if s >> bit & 1 != 0 {
                *plane |= here;
            }
        }
    }
    let sole = once & !more & active;
    let differs = leader.iter().zip(prev.iter()).fold(0, |d, (l, p)| d | (l ^ p));
    for (p, l) in prev.iter_mut().zip(leader) {
        *p ^= (*p ^ l) & sole;
    }
    u64::from((sole & differs).count_ones())
}

impl<const P: usize> Sixty<P> {
    /// Lane `lane` takes the next game, if any.
    #[inline(always)]
    fn refill(&mut self, simd: V4, lane: usize, dealer: &mut Dealer<SEEDED>, lanes: &Lanes<'_, P>) {
        let bit = 1u64 << lane;
        self.live &= !bit;
        let Some((game, words)) = dealer.deal(simd, lanes.seed) else {
            return;
        };
        for (fresh, word) in self.fresh_words.iter_mut().zip(words) {
            fresh[self.fresh_count] = word;
        }
        self.fresh_count += 1;
        (self.fresh, self.live) = (self.fresh | bit, self.live | bit);
        self.start[lane] = self.step;
        self.opener[lane] = lanes.opener(game) as u8;
        (self.ahead, self.behind) = (self.ahead & !bit, self.behind & !bit);
        for p in &mut self.prev {
            *p |= bit;
        }
    }

    /// The lanes that took a new game: their generators and pieces put in
    /// place before the next step (which otherwise does it as it loads
    /// them).
    fn put_in_place(&mut self, simd: V4, b: &Board) {
        let mut taken = 0;
        for v in 0..8 {
            let words;
            (words, taken) = self.generators(simd, v, taken);
            for (w, word) in words.into_iter().enumerate() {
                self.rng[w][8 * v..8 * v + 8].copy_from_slice(&cast::<__m512i, [u64; 8]>(word));
            }
        }
        for s in 0..P {
            for h in 0..2 {
                let now = self.pieces(simd, b, s, h);
                self.pos[s][32 * h..32 * h + 32].copy_from_slice(&cast::<__m512i, [u16; 32]>(now));
            }
        }
        (self.fresh, self.fresh_count) = (0, 0);
    }

    /// Vector `v` of the generators (lanes `8v..8v + 8`), where lanes that
    /// took a new game since the last step have its words: those of
    /// `fresh_words` from `taken` on. The next `taken`.
    #[inline(always)]
    fn generators(&self, simd: V4, v: usize, taken: usize) -> ([__m512i; 4], usize) {
        let mask = (self.fresh >> (8 * v)) as u8;
        let mut words = [simd.avx512f._mm512_setzero_si512(); 4];
        for (w, word) in words.iter_mut().enumerate() {
            let new: [u64; 8] = std::array::from_fn(|k| self.fresh_words[w][taken + k]);
            *word = simd.avx512f._mm512_mask_expand_epi64(cast(eight(&self.rng[w], v)), mask, cast(new));
        }
        (words, taken + mask.count_ones() as usize)
    }

    /// Half `h` of seat `s`'s pieces (lanes `32h..32h + 32`), those of new
    /// games on the start.
    #[inline(always)]
    fn pieces(&self, simd: V4, b: &Board, s: usize, h: usize) -> __m512i {
        let fresh = (self.fresh >> (32 * h)) as u32;
        simd.avx512bw._mm512_mask_mov_epi16(cast(half(&self.pos[s], h)), fresh, b.start)
    }

    /// Games whose next step could pass the turn limit are played to their
    /// end by the scalar pair path, which stops them there; whether any
    /// was (their lanes took new games).
    #[inline(always)]
    fn hand_over(&mut self, simd: V4, b: &Board, lanes: &mut Lanes<'_, P>, dealer: &mut Dealer<SEEDED>) -> bool {
        let span = 2 * P as u32;
        let limit = lanes.table.limit;
        let step = self.step;
        let near = |start: u32| (step - start) * span + span > limit;
        if !near(self.oldest) {
            return false;
        }
        // New games in place first: their lanes are read here, and the
        // lanes handed over take new games in lane order after them.
        self.put_in_place(simd, b);
        self.oldest = lanes_in(self.live).map(|l| self.start[l]).min().unwrap_or(step);
        let near_lanes = lanes_in(self.live).filter(|l| near(self.start[*l])).fold(0, |m, l| m | 1u64 << l);
        if near_lanes != 0 && !self.handed_over {
            lanes.both.fill(0);
            lanes.first.fill(0);
            self.handed_over = true;
        }
        for lane in lanes_in(near_lanes) {
            let mut game = self.game_in(lane, lanes.table.width);
            while !lanes.step::<1>(&mut game) {}
            lanes.finish(game.opener, &game.race);
            self.refill(simd, lane, dealer, lanes);
        }
        near_lanes != 0
    }

    /// Lane `lane`'s game as the scalar pair path keeps it: rows of its
    /// table, the turns played, the lead and the generator. Lead changes
    /// are counted in `changes`; a first sole leader is taken off there and
    /// left for `Lead::changes` to take off.
    fn game_in(&mut self, lane: usize, width: u32) -> Game<P> {
        let bit = 1u64 << lane;
        let rows: [u32; P] = std::array::from_fn(|s| u32::from(self.pos[s][lane]) * width * width);
        let lead = if P == 2 {
            let last = i32::from(self.ahead & bit != 0) - i32::from(self.behind & bit != 0);
            Lead { changes: 0, last, prev: NOBODY, top: 0 }
        } else {
            let prev = self.last_leader(lane);
            let led = u32::from(prev != NOBODY);
            self.changes -= u64::from(led);
            Lead { changes: led, last: 0, prev, top: rows.iter().copied().max().unwrap_or(0) }
        };
        let turns = (self.step - self.start[lane]) * 2 * P as u32;
        Game {
            rng: GameRng::from_words(self.rng.map(|w| w[lane])),
            opener: usize::from(self.opener[lane]),
            race: Race { rows, turns, winner: None, lead },
        }
    }

    /// Lane `lane`'s last sole leader (three or more players), or `NOBODY`:
    /// its bits in `prev`, all set before the first.
    #[inline(always)]
    fn last_leader(&self, lane: usize) -> u8 {
        let seat = self.prev.iter().enumerate().fold(0, |seat, (b, p)| seat | u8::from(p >> lane & 1 != 0) << b);
        if seat == 7 { NOBODY } else { seat }
    }

    /// After a step: each game won in it counted, and its lane given the
    /// next game.
    #[inline(always)]
    fn finish(&mut self, simd: V4, lanes: &mut Lanes<'_, P>, dealer: &mut Dealer<SEEDED>) {
        let wins = self.wins;
        let wins = &wins[..2 * P];
        let won = wins.iter().fold(0, |all, w| all | w);
        for lane in lanes_in(won) {
            let bit = 1u64 << lane;
            // Which turn won is a coin toss, so no branch on it: the turn
            // is the count of turns before the first with the lane's bit.
            let (mut turn, mut seen) = (0, 0);
            for w in wins {
                seen |= w;
                turn += usize::from(seen & bit == 0);
            }
            let turns = (self.step - 1 - self.start[lane]) * 2 * P as u32 + turn as u32 + 1;
            lanes.games.won_on(turns, (usize::from(self.opener[lane]) + turn % P) % P);
            if P > 2 {
                // The first sole leader is not a change.
                self.changes -= u64::from(self.last_leader(lane) != NOBODY);
            }
            self.refill(simd, lane, dealer, lanes);
        }
    }
}
