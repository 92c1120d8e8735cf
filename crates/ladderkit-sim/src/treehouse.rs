//! The Treehouse kernel: the basic game (one pyramid each) with random,
//! greedy and lookahead bots on a board without lose-turn or extra-turn
//! spaces, played on a few arrays instead of a `State`. A turn lists the
//! legal plans in exactly the order `Engine::legal_plans` does, picks one
//! with the same draw as `Policy::Random` (or the first best by
//! `race_margin`, as `Policy::Greedy` does, or by the expected margin after
//! the next player's reply, as `Policy::Lookahead` does: `lookahead`) and
//! moves the same way as `Engine::apply`, so a seed gives the very games
//! the engine plays (a test compares them), several times faster.
//!
//! What makes it small: with one piece each and no lose-turn spaces no
//! piece is ever covered or lying down, so a piece can move by `d` exactly
//! when `pos + d` does not pass the goal; and the first piece home ends the
//! game, so no piece on the board is ever home.

use ladderkit_core::spec::{FirstPlayer, Play, next_seat};
use ladderkit_core::{Features, Seats, TRAY};
use ladderkit_engine::bots::moves_needed;
use ladderkit_engine::{Engine, GameRng, Policy};

use crate::tally::Tally;
use crate::tally::lead::Leader;
use crate::tally::rides::{Rides, first_jump};

mod lookahead;

pub use lookahead::Memo;

/// Seats the kernel plays (the rules allow five; the engine plays more).
const MAX_PLAYERS: usize = 8;
/// Dice faces the kernel plays (the rules use d6 or d8).
const MAX_SIDES: usize = 8;

/// One die's move from a position: where it rests, the first jump ridden
/// (plus one; 0 for none) and whether more jumps follow.
#[derive(Debug, Clone, Copy, Default)]
struct Step {
    rest: u16,
    end: u16,
    jump: u16,
    chained: bool,
}

#[derive(Debug, Clone)]
pub struct TreehouseKernel {
    seats: Seats,
    sides: u32,
    goal: u16,
    start: u16,
    /// The first turn rolls one die for your own piece.
    opening: bool,
    first_player: FirstPlayer,
    /// How each seat chooses.
    bots: [Bot; MAX_PLAYERS],
    /// Per position: the expected moves still needed from it, as
    /// `bots::margin` counts them (`moves_needed`), for lookahead seats.
    needed: Vec<f64>,
    /// Per position, per die − 1 (dice have at most `MAX_SIDES` faces).
    steps: Vec<[Step; MAX_SIDES]>,
    board: ladderkit_core::CompiledBoard,
    /// Turns after which a game stops unfinished (`Options::turn_limit`).
    limit: usize,
}

/// How a seat chooses among its plans: as `Policy::Random`,
/// `Policy::Greedy` or `Policy::Lookahead` does.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Bot {
    Random,
    Greedy,
    Lookahead,
}

/// A scoring seat's pick (`best_plan`): its score and its moves (piece,
/// die).
#[derive(Debug, Clone, Copy)]
struct Best {
    score: f64,
    first: (usize, u8),
    second: Option<(usize, u8)>,
}

/// Where the pieces are, numbered by seat: a copy is cheap, so greedy
/// seats try their plans on copies.
#[derive(Debug, Clone, Copy)]
struct Pieces {
    pos: [u16; MAX_PLAYERS],
    level: [u16; MAX_PLAYERS],
}

/// One game in progress.
#[derive(Debug)]
struct Game {
    at: Pieces,
    started: [bool; MAX_PLAYERS],
    rolls: [u32; MAX_PLAYERS],
    turns: [u32; MAX_PLAYERS],
    winners: u32,
    dice: GameRng,
    choices: GameRng,
    opener: usize,
    current: usize,
    rounds: u32,
    turns_played: usize,
    leader: Leader,
}

/// A split turn's first moves, packed as piece | die << 8 | second class
/// << 16 | second die << 24 (one store and one load each: a load spanning
/// several small stores stalls), and how many plans each starts. Kept from
/// turn to turn: filling them anew each turn was a tenth of the time.
#[derive(Debug)]
struct Lists {
    starts: [u32; 4 * MAX_PLAYERS],
    seconds: [u8; 4 * MAX_PLAYERS],
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[repr(u8)]
enum Class {
    Own,
    Other,
}

impl TreehouseKernel {
    /// What the Treehouse kernel plays: the basic game (one pyramid each)
    /// on a board of jumps.
    pub const PLAYS: Features = Features::TREEHOUSE;

    /// Whether `new` gives a kernel: it plays every feature of the board,
    /// every seat is a bot it plays as the engine does, and the sizes fit
    /// its arrays. Builds nothing.
    pub fn applies(engine: &Engine, seats: &[Policy]) -> bool {
        let board = engine.board();
        board.features().within(Self::PLAYS)
            && engine.seats().count() <= MAX_PLAYERS
            && seats.iter().all(|s| matches!(s, Policy::Random | Policy::Greedy | Policy::Lookahead))
            && board.points.len() <= usize::from(u16::MAX)
            && board.dice.sides as usize <= MAX_SIDES
    }

    /// A kernel for the engine's variant, if it `applies`.
    pub fn new(engine: &Engine, seats: &[Policy]) -> Option<Self> {
        let board = engine.board();
        let Play::Treehouse(rules) = &board.play else { return None };
        if !Self::applies(engine, seats) {
            return None;
        }
        let table = engine.seats();
        let sides = board.dice.sides;
        let mut steps = vec![[Step::default(); MAX_SIDES]; board.points.len()];
        for (pos, row) in steps.iter_mut().enumerate() {
            for (d, step) in (1..=sides).zip(row.iter_mut()) {
                let s = board.step(pos as u32, d);
                let (jump, chained) = first_jump(board, s.end);
                *step = Step { rest: s.rest as u16, end: s.end as u16, jump, chained };
            }
        }
        Some(Self {
            seats: table,
            sides,
            goal: board.goal as u16,
            start: board.start as u16,
            opening: rules.first_turn_dice == 1,
            first_player: engine.first_player(),
            bots: std::array::from_fn(|seat| match seats.get(seat) {
                Some(Policy::Greedy) => Bot::Greedy,
                Some(Policy::Lookahead) => Bot::Lookahead,
                _ => Bot::Random,
            }),
            needed: if seats.contains(&Policy::Lookahead) {
                engine.remaining_table().iter().map(|r| moves_needed(*r)).collect()
            } else {
                Vec::new()
            },
            steps,
            board: board.clone(),
            limit: ladderkit_engine::MAX_TURNS,
        })
    }

    /// This kernel for a run that stops games at `turn_limit` turns.
    pub fn for_run(self, turn_limit: u32) -> Self {
        Self { limit: turn_limit as usize, ..self }
    }

    /// Whether a seat looks ahead (its games take far longer).
    pub fn thinks(&self) -> bool {
        self.bots[..self.seats.count()].contains(&Bot::Lookahead)
    }

    /// Plays games `games` of the run seeded `seed` into `tally`; lookahead
    /// seats remember their ratings in `memo` (kept for the run's blocks).
    pub fn play_range(&self, seed: u64, games: std::ops::Range<u64>, memo: &mut Memo, tally: &mut Tally) {
        // One copy per table size, so the loops over seats unroll.
        let play = match self.seats.count() {
            2 => Self::play_games::<2>,
            3 => Self::play_games::<3>,
            4 => Self::play_games::<4>,
            5 => Self::play_games::<5>,
            6 => Self::play_games::<6>,
            7 => Self::play_games::<7>,
            _ => Self::play_games::<8>,
        };
        let mut rides = Rides::default();
        rides.reset(&self.board);
        play(self, seed, games, memo, tally, &mut rides);
        rides.add_to(&mut tally.jumps);
    }

    /// Plays the games one by one. (Playing two or four side by side, a
    /// turn of each in turn, was slower: the time goes to instructions and
    /// branches, not to waiting for memory.)
    fn play_games<const N: usize>(
        &self,
        seed: u64,
        games: std::ops::Range<u64>,
        memo: &mut Memo,
        tally: &mut Tally,
        rides: &mut Rides,
    ) {
        let mut lists = Lists { starts: [0; 4 * MAX_PLAYERS], seconds: [1; 4 * MAX_PLAYERS] };
        for game in games {
            let mut g = self.new_game::<N>(seed, game);
            while g.winners == 0 && g.turns_played < self.limit {
                self.turn::<N>(&mut g, &mut lists, memo, tally, rides);
            }
            tally.add_counts(&g.rolls[..N], &g.turns[..N], g.rounds, g.winners, g.leader.changes);
        }
    }

    /// Game `game` of the run seeded `seed`, drawing exactly as
    /// `ladderkit_sim::simulate` does with the engine: dice from the game's
    /// generator, choices from its fork.
    fn new_game<const N: usize>(&self, seed: u64, game: u64) -> Game {
        let dice = GameRng::for_game(seed, game);
        let choices = dice.fork(1);
        let opener = self.first_player.opener(game, N);
        Game {
            at: Pieces { pos: [self.start; MAX_PLAYERS], level: [0; MAX_PLAYERS] },
            started: [false; MAX_PLAYERS],
            rolls: [0; MAX_PLAYERS],
            turns: [0; MAX_PLAYERS],
            winners: 0,
            dice,
            choices,
            opener,
            current: opener,
            rounds: 1,
            turns_played: 0,
            leader: Leader::default(),
        }
    }

    /// One turn of the current player.
    #[inline(always)]
    fn turn<const N: usize>(
        &self,
        g: &mut Game,
        lists: &mut Lists,
        memo: &mut Memo,
        tally: &mut Tally,
        rides: &mut Rides,
    ) {
        g.turns_played += 1;
        let p = g.current;
        g.turns[p] += 1;
        let split = g.started[p] || !self.opening;
        g.started[p] = true;
        let a = g.dice.die(self.sides) as u8;
        g.rolls[p] += 1;
        if split {
            let b = g.dice.die(self.sides) as u8;
            if self.bots[p] == Bot::Random {
                self.split_turn::<N>(g, p, a, b, lists, tally, rides);
            } else {
                self.scored_turn::<N>(g, p, a, b, memo, tally, rides);
            }
        } else if self.fits(g.at.pos[p], a) {
            // The opening's one plan: your piece moves, or nothing does.
            self.move_piece::<N>(g, p, u32::from(a), tally, rides);
        }
        if g.winners == 0 {
            g.current = next_seat(g.current, N);
            if g.current == g.opener {
                g.rounds += 1;
            }
        }
        g.leader.observe(g.at.pos[..N].iter().map(|p| u64::from(*p)));
    }

    #[inline]
    fn step(&self, pos: u16, d: u32) -> Step {
        self.steps[usize::from(pos)][(d as usize - 1) % MAX_SIDES]
    }

    /// Whether a die of `small` (the smaller of the two) fits your piece,
    /// and another's: which classes `Engine::legal_plans` pairs.
    #[inline]
    fn usable<const N: usize>(&self, at: &Pieces, p: usize, small: u8) -> (bool, bool) {
        let own = self.fits(at.pos[p], small);
        (own, (0..N).any(|j| j != p && self.fits(at.pos[j], small)))
    }

    /// Whether a piece at `pos` may move by `d` (see the module comment).
    #[inline]
    fn fits(&self, pos: u16, d: u8) -> bool {
        u32::from(pos) + u32::from(d) <= u32::from(self.goal)
    }

    /// The pieces that move when `i` does: `i` and everything above it
    /// (one piece from the tray).
    #[inline]
    fn riders<const N: usize>(&self, at: &Pieces, i: usize) -> u32 {
        if at.pos[i] == TRAY as u16 {
            return 1 << i;
        }
        let mut m = 0;
        for j in 0..N {
            m |= u32::from(at.pos[j] == at.pos[i] && at.level[j] >= at.level[i]) << j;
        }
        m
    }

    /// A split turn, exactly as the engine lists, picks and plays it.
    ///
    /// `Engine::legal_plans` lists, for each class pairing and dice order,
    /// each first move, then each second move after it (or none). Listed
    /// here are only the first moves with how many plans each starts: one,
    /// unless the second die goes to other players and there are several
    /// (then as many as fit after the first move). The pick then names a
    /// first move and which of its seconds, and the seconds are found again
    /// on the board after the first move, which is the state the engine
    /// looked at.
    #[allow(clippy::too_many_arguments)] // reason: the game, its lists and its counters, by reference, in the hot loop
    fn split_turn<const N: usize>(
        &self,
        g: &mut Game,
        p: usize,
        a: u8,
        b: u8,
        lists: &mut Lists,
        tally: &mut Tally,
        rides: &mut Rides,
    ) {
        if g.at.pos[..N].iter().all(|pos| u32::from(*pos) + self.sides <= u32::from(self.goal)) {
            return self.split_turn_far::<N>(g, p, a, b, tally, rides);
        }
        let (own_any, other_any) = self.usable::<N>(&g.at, p, a.min(b));
        if !own_any && !other_any {
            return;
        }
        // The engine's class pairings, in its order: your piece first (the
        // second die to others if any can use one), then another's first
        // (the second die to you if you can use one). Fixed trip counts and
        // counted-in candidates keep the listing free of unpredictable
        // branches.
        let pairings = [
            (own_any, Class::Own, if other_any { Class::Other } else { Class::Own }),
            (other_any, Class::Other, if own_any { Class::Own } else { Class::Other }),
        ];
        let orders = [(a, b, true), (b, a, a != b)];
        let in_class = |j: usize, c: Class| (j == p) == (c == Class::Own);
        let Lists { starts, seconds } = lists;
        let (mut m, mut count) = (0, 0u32);
        for (wanted, c1, c2) in pairings {
            for (d1, d2, distinct) in orders {
                // The pieces of class c1, in seat order: yours, or the others.
                let members = if c1 == Class::Own { 1 } else { N - 1 };
                for j in 0..members {
                    let i = if c1 == Class::Own { p } else { j + usize::from(j >= p) };
                    let listed = wanted && distinct && self.fits(g.at.pos[i], d1);
                    starts[m] = i as u32 | u32::from(d1) << 8 | (c2 as u32) << 16 | u32::from(d2) << 24;
                    seconds[m] = if N > 2 && listed && c2 == Class::Other {
                        self.seconds_after::<N>(g, p, i, d1, d2)
                    } else {
                        1
                    };
                    count += u32::from(listed) * u32::from(seconds[m]);
                    m += usize::from(listed);
                }
            }
        }
        let mut pick = if count > 1 { g.choices.below(count) } else { 0 };
        let mut chosen = 0;
        if N == 2 {
            // Every first move starts one plan.
            (chosen, pick) = (pick as usize, 0);
        } else {
            while pick >= u32::from(seconds[chosen]) {
                pick -= u32::from(seconds[chosen]);
                chosen += 1;
            }
        }
        let start = starts[chosen];
        let (i, d1, d2) = (start as u8, (start >> 8) as u8, (start >> 24) as u8);
        let c2 = if (start >> 16) as u8 == Class::Own as u8 { Class::Own } else { Class::Other };
        self.move_piece::<N>(g, usize::from(i), u32::from(d1), tally, rides);
        if g.winners != 0 {
            return;
        }
        let second = if N == 2 {
            // One piece per class.
            let k = if c2 == Class::Own { p } else { 1 - p };
            self.fits(g.at.pos[k], d2).then_some(k)
        } else {
            (0..N).filter(|&k| in_class(k, c2) && self.fits(g.at.pos[k], d2)).nth(pick as usize)
        };
        if let Some(k) = second {
            self.move_piece::<N>(g, k, u32::from(d2), tally, rides);
        }
    }

    /// A split turn while every piece is far from the goal (most turns):
    /// every die fits every piece, so the list is known without building
    /// it. Your piece first, with the dice in rolled order, then swapped,
    /// each followed by every other piece that can take the second die
    /// afterwards; then each other piece first in seat order, for each dice
    /// order, your piece second.
    fn split_turn_far<const N: usize>(
        &self,
        g: &mut Game,
        p: usize,
        a: u8,
        b: u8,
        tally: &mut Tally,
        rides: &mut Rides,
    ) {
        let orders = 1 + u32::from(a != b);
        let order = |o: u32| if o == 1 { (b, a) } else { (a, b) };
        // Plans that start with your piece: one with two players; else the
        // others that can take the second die after it moves, which is all
        // of them unless it carries some up to near the goal.
        let moved = if N == 2 { 1 << p } else { self.riders::<N>(&g.at, p) };
        let own_first = |o: u32| {
            let (d1, d2) = order(o);
            if N == 2 {
                1
            } else if moved == 1 << p && self.step(g.at.pos[p], u32::from(d1)).rest != self.goal {
                N as u32 - 1
            } else {
                u32::from(self.seconds_after::<N>(g, p, p, d1, d2))
            }
        };
        let (s0, s1) = (own_first(0), if orders == 2 { own_first(1) } else { 0 });
        let pick = g.choices.below(s0 + s1 + orders * (N as u32 - 1));
        if pick < s0 + s1 {
            let (o, nth) = if pick < s0 { (0, pick) } else { (1, pick - s0) };
            let (d1, d2) = order(o);
            self.move_piece::<N>(g, p, u32::from(d1), tally, rides);
            if g.winners != 0 {
                return;
            }
            if let Some(k) = (0..N).filter(|&k| k != p && self.fits(g.at.pos[k], d2)).nth(nth as usize) {
                self.move_piece::<N>(g, k, u32::from(d2), tally, rides);
            }
        } else {
            let rest = pick - s0 - s1;
            let (o, j) = (rest / (N as u32 - 1), rest as usize % (N - 1));
            let (d1, d2) = order(o);
            let i = j + usize::from(j >= p);
            self.move_piece::<N>(g, i, u32::from(d1), tally, rides);
            if g.winners == 0 && self.fits(g.at.pos[p], d2) {
                self.move_piece::<N>(g, p, u32::from(d2), tally, rides);
            }
        }
    }

    /// How many plans begin with piece `i` moving `d1` when the second die
    /// `d2` goes to another player: those that fit afterwards, or one (the
    /// die unused).
    fn seconds_after<const N: usize>(&self, g: &Game, p: usize, i: usize, d1: u8, d2: u8) -> u8 {
        let rest = self.step(g.at.pos[i], u32::from(d1)).rest;
        if rest == self.goal {
            return 1;
        }
        let moved = self.riders::<N>(&g.at, i);
        let fitting = (0..N)
            .filter(|&k| k != p)
            .filter(|&k| self.fits(if moved & (1 << k) != 0 { rest } else { g.at.pos[k] }, d2))
            .count();
        fitting.max(1) as u8
    }

    /// `Engine::move_piece` for this game: the stack from `i` up moves by
    /// `d` and lands on top of whatever is there.
    #[inline(always)]
    fn move_piece<const N: usize>(&self, g: &mut Game, i: usize, d: u32, tally: &mut Tally, rides: &mut Rides) {
        let step = self.step(g.at.pos[i], d);
        tally.heat[usize::from(step.rest)] += 1;
        rides.count(&self.board, step.jump, step.chained, step.end);
        let moving = self.shift::<N>(&mut g.at, i, step.rest);
        if step.rest == self.goal {
            g.winners = moving;
        }
    }

    /// Moves the stack from `i` up to `rest`, on top of whatever is there;
    /// returns who moved.
    #[inline(always)]
    fn shift<const N: usize>(&self, at: &mut Pieces, i: usize, rest: u16) -> u32 {
        let (from, base) = (at.pos[i], at.level[i]);
        let moving = self.riders::<N>(at, i);
        // The level above the highest piece already there (the moving
        // stack aside), as selects: nobody there is the common case.
        let mut floor = 0;
        for j in 0..N {
            let under = at.pos[j] == rest && (at.pos[j] != from || at.level[j] < base);
            floor = if under { floor.max(at.level[j] + 1) } else { floor };
        }
        for j in 0..N {
            if moving & (1 << j) != 0 {
                at.pos[j] = rest;
                at.level[j] = floor + (at.level[j] - base);
            }
        }
        moving
    }

    /// A scoring seat's split turn: the plan `best_plan` finds, played for
    /// real. Greedy seats rate by `race_margin`, lookahead seats by the
    /// expected margin after the next player's reply (`lookahead`).
    #[allow(clippy::too_many_arguments)] // reason: the game, its memo and its counters, by reference, in the hot loop
    fn scored_turn<const N: usize>(
        &self,
        g: &mut Game,
        p: usize,
        a: u8,
        b: u8,
        memo: &mut Memo,
        tally: &mut Tally,
        rides: &mut Rides,
    ) {
        let best = if self.bots[p] == Bot::Lookahead {
            let q = next_seat(p, N);
            let opening = self.opening && !g.started[q];
            self.best_plan::<N>(&g.at, p, a, b, |after, winners| {
                if winners != 0 { self.decided(winners, p) } else { memo.value::<N>(self, after, p, q, opening) }
            })
        } else {
            self.best_plan::<N>(&g.at, p, a, b, |after, winners| {
                if winners != 0 { self.decided(winners, p) } else { race_margin::<N>(after, p) }
            })
        };
        let Some(Best { first: (i, d1), second, .. }) = best else { return };
        self.move_piece::<N>(g, i, u32::from(d1), tally, rides);
        if let (0, Some((k, d2))) = (g.winners, second) {
            self.move_piece::<N>(g, k, u32::from(d2), tally, rides);
        }
    }

    /// The first plan with the highest `score` (of the pieces after it and
    /// who won with it, if anyone) among `p`'s plans (`for_each_plan`): the
    /// plan `Policy::choose` picks. `None` when no die fits any piece (the
    /// one plan moves nothing).
    #[inline(always)]
    fn best_plan<const N: usize>(
        &self,
        at: &Pieces,
        p: usize,
        a: u8,
        b: u8,
        mut score: impl FnMut(&Pieces, u32) -> f64,
    ) -> Option<Best> {
        let mut best = Best { score: f64::NEG_INFINITY, first: (0, 0), second: None };
        let any = self.for_each_plan::<N>(at, p, a, b, |after, winners, first, second| {
            let score = score(after, winners);
            if score > best.score {
                best = Best { score, first, second };
            }
        });
        any.then_some(best)
    }

    /// Every plan of `p`'s split turn with dice `a`, `b` from `at`, in
    /// `Engine::legal_plans`' order (see `split_turn`), played out on a copy
    /// of the pieces: `visit` gets the pieces after it, who won with it (a
    /// bit per seat, if anyone) and its moves (piece, die). `false` when no
    /// die fits any piece (the one plan moves nothing).
    #[inline(always)]
    fn for_each_plan<const N: usize>(
        &self,
        at: &Pieces,
        p: usize,
        a: u8,
        b: u8,
        mut visit: impl FnMut(&Pieces, u32, (usize, u8), Option<(usize, u8)>),
    ) -> bool {
        let pairings: &[(Class, Class)] = match self.usable::<N>(at, p, a.min(b)) {
            (false, false) => return false,
            (false, true) => &[(Class::Other, Class::Other)],
            (true, false) => &[(Class::Own, Class::Own)],
            (true, true) => &[(Class::Own, Class::Other), (Class::Other, Class::Own)],
        };
        let orders: &[(u8, u8)] = if a == b { &[(a, b)] } else { &[(a, b), (b, a)] };
        let in_class = |j: usize, c: Class| (j == p) == (c == Class::Own);
        for &(c1, c2) in pairings {
            for &(d1, d2) in orders {
                for i in (0..N).filter(|&i| in_class(i, c1) && self.fits(at.pos[i], d1)) {
                    let mut once = *at;
                    let rest = self.step(once.pos[i], u32::from(d1)).rest;
                    let moving = self.shift::<N>(&mut once, i, rest);
                    if rest == self.goal {
                        visit(&once, moving, (i, d1), None);
                        continue;
                    }
                    let mut seconds = 0;
                    for k in (0..N).filter(|&k| in_class(k, c2) && self.fits(once.pos[k], d2)) {
                        seconds += 1;
                        let mut twice = once;
                        let rest = self.step(twice.pos[k], u32::from(d2)).rest;
                        let moving = self.shift::<N>(&mut twice, k, rest);
                        visit(&twice, if rest == self.goal { moving } else { 0 }, (i, d1), Some((k, d2)));
                    }
                    if seconds == 0 {
                        visit(&once, 0, (i, d1), None);
                    }
                }
            }
        }
        true
    }

    /// `race_margin` of a finished game for `me`: `winners` moved onto the
    /// goal together.
    #[inline]
    fn decided(&self, winners: u32, me: usize) -> f64 {
        ladderkit_engine::bots::decided_for(winners, me as u8)
    }
}

/// `ladderkit_engine::bots::race_margin` on the kernel's pieces while the
/// game is on: your piece's square less the furthest other's (no piece is
/// home before the game ends).
#[inline]
fn race_margin<const N: usize>(at: &Pieces, me: usize) -> f64 {
    let best_other = (0..N).filter(|&j| j != me).map(|j| f64::from(at.pos[j])).fold(f64::NEG_INFINITY, f64::max);
    f64::from(at.pos[me]) - if best_other.is_finite() { best_other } else { 0.0 }
}

#[cfg(test)]
mod tests {
    use std::collections::{HashSet, VecDeque};

    use ladderkit_core::compile;
    use ladderkit_core::spec::{Board, Dice, Jump, Play, PlayerRange, Treehouse, VariantSpec};
    use ladderkit_engine::{Engine, Move, Plan, Policy, State, Turn, TurnKind, Workspace};

    use super::{Pieces, TreehouseKernel};

    /// Pieces as the kernel keeps them (one a seat).
    fn pieces(s: &State) -> Pieces {
        let mut at = Pieces { pos: [0; super::MAX_PLAYERS], level: [0; super::MAX_PLAYERS] };
        for (i, p) in s.pieces.iter().enumerate() {
            (at.pos[i], at.level[i]) = (p.pos as u16, p.level);
        }
        at
    }

    /// Where each piece stands and which is above which where they share a
    /// space: what a plan's outcome is, however levels are numbered.
    fn standing(pos: &[u16], level: &[u16]) -> Vec<(u16, usize)> {
        (0..pos.len())
            .map(|i| (pos[i], (0..pos.len()).filter(|&j| pos[j] == pos[i] && level[j] < level[i]).count()))
            .collect()
    }

    /// The engine's plans for every roll at every position a two- or
    /// three-player game reaches (a breadth-first walk of its whole graph,
    /// with and without the one-die opening), compared
    /// with the plans the kernel lists (`for_each_plan`): the same moves in
    /// the same order, leading to the same pieces, as cozy-chess holds its
    /// move generator to the full one.
    #[test]
    fn the_kernel_lists_the_engines_plans_at_every_position() {
        let mut spec = VariantSpec::with_board("tree", Board::Track { spaces: 24, looped: false, first: 1 });
        spec.rules.dice = Dice { count: 2, sides: SIDES };
        spec.rules.players = PlayerRange { min: 2, max: 3 };
        spec.jumps = vec![Jump::new(3, 9), Jump::new(12, 5), Jump::new(17, 22), Jump::new(21, 2)];
        for first_turn_dice in [1, 2] {
            spec.rules.play = Play::Treehouse(Treehouse { first_turn_dice, ..Treehouse::default() });
            let (nodes, compared) = walk::<2>(&spec);
            assert!(nodes > 600 && compared > 20_000, "{nodes} positions, {compared} rolls compared");
        }
        // Three players, on a shorter board (the graph grows as its cube).
        spec.board = Board::Track { spaces: 12, looped: false, first: 1 };
        spec.jumps = vec![Jump::new(3, 9), Jump::new(11, 5)];
        let (nodes, compared) = walk::<3>(&spec);
        assert!(nodes > 3_000 && compared > 100_000, "{nodes} positions, {compared} rolls compared");
    }

    const SIDES: u32 = 6;

    /// The walk for `N` players: the positions visited and the rolls whose
    /// plans were compared.
    fn walk<const N: usize>(spec: &VariantSpec) -> (usize, usize) {
        let engine = Engine::new(&compile(spec), ladderkit_core::Seats::new(N as u32).unwrap()).unwrap();
        let kernel = TreehouseKernel::new(&engine, &[Policy::Random; N]).expect("the basic game");
        let (mut ws, mut seen, mut queue) = (Workspace::default(), HashSet::new(), VecDeque::new());
        let (mut nodes, mut compared) = (0usize, 0usize);
        queue.push_back(engine.new_game(0));
        while let Some(s) = queue.pop_front() {
            let mut key = Vec::new();
            s.write_key(&mut key);
            if s.is_over() || !seen.insert(key) {
                continue;
            }
            nodes += 1;
            for (a, b) in (1..=SIDES).flat_map(|a| (1..=SIDES).map(move |b| (a, b))) {
                let mut next = s.clone();
                let mut dice = [a, b].into_iter();
                if engine.begin_turn_with(&mut next, &mut |_| dice.next().expect("two dice"), &mut ()) != Turn::Choose {
                    queue.push_back(next);
                    continue;
                }
                let pending = next.pending.expect("a choice");
                engine.legal_plans(&next, &mut ws);
                if pending.kind == TurnKind::Split {
                    let mut listed: Vec<(Plan, Vec<(u16, usize)>)> = Vec::new();
                    let (p, [d1, d2]) = (usize::from(next.current), pending.dice);
                    let any = kernel.for_each_plan::<N>(&pieces(&next), p, d1, d2, |after, _, first, second| {
                        let step = |(piece, die): (usize, u8)| Move { die, piece: piece as u8 };
                        let plan = Plan::of([Some(step(first)), second.map(step)]);
                        if !listed.iter().any(|(q, _)| *q == plan) {
                            listed.push((plan, standing(&after.pos[..N], &after.level[..N])));
                        }
                    });
                    let engine_plans: Vec<(Plan, Vec<(u16, usize)>)> = ws
                        .plans
                        .iter()
                        .map(|plan| {
                            let (after, _) = engine.preview(&next, plan);
                            let at = pieces(&after);
                            (*plan, standing(&at.pos[..N], &at.level[..N]))
                        })
                        .collect();
                    if any {
                        assert_eq!(listed, engine_plans, "dice {d1}, {d2} at {:?}", next.pieces);
                    } else {
                        assert_eq!(ws.plans, [Plan::default()], "no die fits at {:?}", next.pieces);
                    }
                    compared += 1;
                }
                for plan in ws.plans.clone() {
                    let mut after = next.clone();
                    engine.apply(&mut after, &plan, &mut ());
                    queue.push_back(after);
                }
            }
        }
        (nodes, compared)
    }
}
