//! Plain races sixty-four at a time on boards in landing form
//! (`landings.rs`): a roll is an add and a lookup into the landing table,
//! which is held in registers, so it reads no memory. On AVX-512
//! (`landing_form/avx512.rs`, pulp's `V4`) positions are 16-bit lanes and
//! the table four registers (`vpermt2w`); on AVX2 (`landing_form/avx2.rs`,
//! `V3`) they are bytes and the table eight 16-byte rows (`vpshufb`). Each
//! game still draws its dice from its own generator, exactly as the engine
//! does: steps of two rounds, 32 bits a die, seats in turn (`pairs.rs`).
//! The lead is found after every turn from compare masks, one bit a game
//! (`Sixty::lead`), and summed. Only the total is reported.
//!
//! What stays per game is done here, between steps, in plain code, for
//! both. A won game is counted and its lane takes the next game. Its
//! generator and pieces are put in place at the next step. A game near the
//! engine's turn limit is handed to the scalar pair path, which finishes it
//! (`hand_over`).
//!
//! Reads are counted as pairs of sums: seat `s`'s two rolls of a step are
//! bin `first sum × SUMS + second sum`, one counter a seat and step, or a
//! first sum alone when the game ended between them (`landings::BINS`).

mod avx2;
mod avx512;

use ladderkit_engine::GameRng;
use pulp::NullaryFnOnce;

use super::super::landings::{BINS, Landings, UNPLAYED};
use super::super::{Game, Lanes, Race};
use super::{Dealer, Seed, lanes_in};
use crate::tally::lead::{Lead, NOBODY};

const LANES: usize = 64;
/// Games seeded at a time (`Seed::seed`).
const SEEDED: usize = 16;

/// Plays `games` sixty-four at a time, counting the rolls read in `bins`;
/// whether it counted in the lanes' cells too (games handed over near the
/// turn limit: then it cleared them first).
pub(in crate::race::pairs) fn play_range64<const P: usize, S: SixtyFour>(
    simd: S,
    form: &Landings,
    lanes: &mut Lanes<'_, P>,
    bins: &mut [u32; BINS],
    games: std::ops::Range<u64>,
) -> bool {
    simd.vectorize(
        #[inline(always)]
        || run::<P, S>(simd, form, lanes, bins, games),
    )
}

/// An instruction set that plays the 64 lanes: the vector half of the
/// path. (Its methods are inlined into `run`, which is compiled with its
/// instructions.)
pub(in crate::race::pairs) trait SixtyFour: Seed<SEEDED> {
    /// The board and the constants of a step, in registers.
    type Board: Copy;
    /// A step's buffers, made once (a step's own were cleared every step).
    type Buffers<const P: usize>;
    /// Where lane `l`'s generator is kept, `Sixty::rng[w][SLOT[l]]`: the
    /// order its dice come out of the vectors.
    const SLOT: [u8; LANES];
    /// A position as a step loads and stores it (a lane's width).
    type Piece: Copy + From<u8> + Into<u32>;

    /// Runs `f` compiled with these instructions.
    fn vectorize<F: NullaryFnOnce>(self, f: F) -> F::Output;

    fn board(self, form: &Landings, sides: u32) -> Self::Board;

    fn buffers<const P: usize>(self) -> Self::Buffers<P>;

    /// Two rounds of every lane: the generators, each turn's move, win and
    /// lead (`Sixty::lead`), and each seat's pair bin, counted by the next
    /// step (it counts the last step's: `count`).
    fn step<const P: usize>(
        self,
        b: &Self::Board,
        st: &mut Sixty<P, Self::Piece>,
        buffers: &mut Self::Buffers<P>,
        counts: &mut [u32; BINS],
    );

    /// The lanes that took a new game since the last step: their generators
    /// and pieces put in place (the step does it as it loads them).
    fn put_in_place<const P: usize>(self, b: &Self::Board, st: &mut Sixty<P, Self::Piece>);
}

/// The 64 lanes between steps.
pub(in crate::race::pairs) struct Sixty<const P: usize, T> {
    /// Word `w` of lane `l`'s generator: `rng[w][SLOT[l]]`
    /// (`SixtyFour::SLOT`).
    rng: [[u64; LANES]; 4],
    pos: [[T; LANES]; P],
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
    /// The last step: each seat's pair bins (`UNPLAYED` before the first;
    /// counted by the next step, or at the end; in any order), and the
    /// lanes won on each turn.
    bins: [[u16; LANES]; P],
    wins: [u64; 12],
    /// A game was handed to the scalar path, which counts in `Lanes::both`
    /// and `first` (cleared before the first).
    handed_over: bool,
}

#[inline(always)]
fn run<const P: usize, S: SixtyFour>(
    simd: S,
    form: &Landings,
    lanes: &mut Lanes<'_, P>,
    bins: &mut [u32; BINS],
    games: std::ops::Range<u64>,
) -> bool {
    let board = simd.board(form, lanes.table.sides);
    let mut st = Sixty::<P, S::Piece> {
        rng: [[0; LANES]; 4],
        pos: [[S::Piece::from(form.start as u8); LANES]; P],
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
    let mut buffers = simd.buffers::<P>();
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
        simd.step(&board, &mut st, &mut buffers, bins);
        st.step += 1;
        st.finish(simd, lanes, &mut dealer);
    }
    lanes.games.lead_changes += st.changes;
    count(&st.bins, bins);
    st.handed_over
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

/// Two players, as `Lead::turn`: a change where the difference of the
/// positions has the opposite sign of the last one that was not a tie.
/// From the lanes where the first seat is ahead and behind now; counts
/// the `active` lanes' changes.
#[inline(always)]
fn lead_of_two(now_ahead: u64, now_behind: u64, active: u64, ahead: &mut u64, behind: &mut u64) -> u64 {
    let flipped = (now_ahead & *behind | now_behind & *ahead) & active;
    *ahead = now_ahead | *ahead & !now_behind;
    *behind = now_behind | *behind & !now_ahead;
    u64::from(flipped.count_ones())
}

/// Three or more, as `Leader::observe`: where exactly one seat is on the
/// top, it is the sole leader, and a change if it is not the last one.
/// Counts the `active` lanes' changes and keeps their last sole leader.
#[inline(always)]
fn lead_of_many<const P: usize>(on_top: &[u64; P], active: u64, prev: &mut [u64; 3]) -> u64 {
    let (mut once, mut more, mut leader) = (0u64, 0u64, [0u64; 3]);
    for (s, here) in on_top.iter().enumerate() {
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

impl<const P: usize, T: Copy + Into<u32>> Sixty<P, T> {
    /// After a turn: the lead's changes in the `active` lanes, from the
    /// lanes where each seat is on the top (one player alone never changes
    /// it).
    #[inline(always)]
    fn lead(&mut self, on_top: &[u64; P], active: u64) {
        self.changes += match P {
            1 => 0,
            2 => lead_of_two(on_top[0] & !on_top[1], on_top[1] & !on_top[0], active, &mut self.ahead, &mut self.behind),
            _ => lead_of_many(on_top, active, &mut self.prev),
        };
    }

    /// Lane `lane` takes the next game, if any.
    #[inline(always)]
    fn refill(&mut self, simd: impl Seed<SEEDED>, lane: usize, dealer: &mut Dealer<SEEDED>, lanes: &Lanes<'_, P>) {
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

    /// Games whose next step could pass the turn limit are played to their
    /// end by the scalar pair path, which stops them there; whether any
    /// was (their lanes took new games).
    #[inline(always)]
    fn hand_over<S: SixtyFour<Piece = T>>(
        &mut self,
        simd: S,
        b: &S::Board,
        lanes: &mut Lanes<'_, P>,
        dealer: &mut Dealer<SEEDED>,
    ) -> bool {
        let span = 2 * P as u32;
        let limit = lanes.table.limit;
        let step = self.step;
        let near = |start: u32| (step - start) * span + span > limit;
        if !near(self.oldest) {
            return false;
        }
        // New games in place first: their lanes are read here, and the
        // lanes handed over take new games in lane order after them.
        simd.put_in_place(b, self);
        self.oldest = lanes_in(self.live).map(|l| self.start[l]).min().unwrap_or(step);
        let near_lanes = lanes_in(self.live).filter(|l| near(self.start[*l])).fold(0, |m, l| m | 1u64 << l);
        if near_lanes != 0 && !self.handed_over {
            lanes.both.fill(0);
            lanes.first.fill(0);
            self.handed_over = true;
        }
        for lane in lanes_in(near_lanes) {
            let mut game = self.game_in::<S>(lane, lanes.table.width);
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
    fn game_in<S: SixtyFour>(&mut self, lane: usize, width: u32) -> Game<P> {
        let bit = 1u64 << lane;
        let rows: [u32; P] = std::array::from_fn(|s| self.pos[s][lane].into() * width * width);
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
            rng: GameRng::from_words(self.rng.map(|w| w[usize::from(S::SLOT[lane])])),
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
    fn finish(&mut self, simd: impl Seed<SEEDED>, lanes: &mut Lanes<'_, P>, dealer: &mut Dealer<SEEDED>) {
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
