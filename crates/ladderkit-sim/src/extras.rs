//! The extras kernel: classic races with points, chips and arrows, where
//! pieces meet (an arrow asks who stands where, a chip is taken once). A
//! roll's move is read from the race kernel's move table (built with
//! `CompiledBoard::resolve`) and counted straight into the block's counts;
//! everything after it — the win, lost turns, what the space scores, the
//! arrow to choose — is the engine's own `after_move` on the engine's
//! `State`, and turns the table cannot play (a lost turn, an upgraded piece
//! that moves further or dodges snakes) are the engine's whole turn. So
//! only the move is restated, and the dice are drawn as the engine draws
//! them: a seed gives the engine's very games (the harness,
//! `tests/harness.rs`, holds the two to each other).

use std::sync::atomic::{AtomicBool, Ordering};

use ladderkit_core::Features;
use ladderkit_core::board::{Resolved, Step};
use ladderkit_engine::extras::chip_lies;
use ladderkit_engine::{Engine, GameRng, Policy, State, Turn, play_choice, play_turn};

use crate::options::Options;
use crate::race::RaceKernel;
use crate::race::moves::{AFTER, BOUNCED, CHAIN, EXTRA, Entry, MOVED, WON, move_table, roll, table_fits};
use crate::tally::Tally;
use crate::tally::counter::Counter;
use crate::tally::lead::Lead;
use crate::tally::rides::Rides;
use crate::worker::Worker;

#[derive(Debug, Clone)]
pub struct ExtrasKernel {
    /// Entries per position: every ordered combination of the dice.
    width: usize,
    table: Vec<Entry>,
    count: u32,
    sides: u32,
}

impl ExtrasKernel {
    /// What the extras kernel plays: the race kernel's features, and
    /// points, chips and arrows (not bumping, wells or first throws, which
    /// a move from the table leaves out).
    pub const PLAYS: Features = RaceKernel::PLAYS
        .with(Features::POINTS)
        .with(Features::CHIPS)
        .with(Features::ARROWS)
        .with(Features::POINTS_WIN);

    /// Whether `new` gives a kernel: it plays every feature of the board,
    /// the table is not too large, and the seats choose as the engine's
    /// random and greedy bots. (A board without extras gets the race
    /// kernel first: `Runner::of`.)
    pub fn applies(engine: &Engine, seats: &[Policy]) -> bool {
        let board = engine.board();
        board.features().within(Self::PLAYS)
            && table_fits(board)
            && seats.iter().all(|p| matches!(p, Policy::Random | Policy::Greedy))
    }

    /// A kernel for the engine's variant, if it `applies`.
    pub fn new(engine: &Engine, seats: &[Policy]) -> Option<Self> {
        if !Self::applies(engine, seats) {
            return None;
        }
        let board = engine.board();
        let (width, mut table) = move_table(board);
        for e in &mut table {
            let counts = e.flags & MOVED != 0 && engine.rest_always_counts(u32::from(e.rest));
            if e.flags & WON != 0 || e.lose > 0 || counts {
                e.flags |= AFTER;
            }
        }
        Some(Self { width, table, count: board.dice.count, sides: board.dice.sides })
    }

    /// Plays a block of games into `tally`, as `simulate_range` plays them
    /// on the engine (and stops as it does, after the game being played).
    pub(crate) fn play_range(
        &self,
        engine: &Engine,
        options: &Options,
        games: std::ops::Range<u64>,
        worker: &mut Worker,
        stop: &AtomicBool,
        tally: &mut Tally,
    ) {
        let Worker { workspace: ws, bot, counter, .. } = worker;
        counter.start_block(engine, false);
        let players = engine.seats().count();
        let board = engine.board();
        let start = board.start;
        // Rides of the moves read from the table (the engine's turns count
        // theirs through `counter`).
        let mut rides = Rides::default();
        rides.reset(board);
        let mut rows = vec![start; players];
        let mut s = State::default();
        for g in games {
            if stop.load(Ordering::Relaxed) {
                break;
            }
            engine.restart(&mut s, g);
            let mut dice = GameRng::for_game(options.seed, g);
            let mut choices = dice.fork(1);
            let mut choose = |s: &State, plans: &[ladderkit_engine::Plan]| {
                options.seats[s.current as usize].choose(engine, s, plans, &mut choices, bot)
            };
            let mut lead = Lead::new(start);
            rows.fill(start);
            let mut turns = 0;
            while !s.is_over() && turns < options.turn_limit {
                turns += 1;
                let p = usize::from(s.current);
                let piece = s.pieces_of(s.current).start;
                let from = s.pieces[piece].pos;
                if s.players[p].lose_turns > 0 || !engine.moves_plainly(&s, piece) {
                    play_turn(engine, &mut s, &mut dice, ws, counter, &mut choose);
                } else {
                    // (Counted wrapping, which they cannot: a game has at
                    // most `Options::turn_limit` turns, below 2^32.)
                    let player = &mut s.players[p];
                    player.turns = player.turns.wrapping_add(u32::from(s.turns_in_row == 1));
                    player.rolls = player.rolls.wrapping_add(1);
                    s.rolls = s.rolls.wrapping_add(1);
                    let e = self.table[from as usize * self.width + roll(&mut dice, self.count, self.sides)];
                    let moved = e.flags & MOVED != 0;
                    // What the engine's `Moved`, `Climbed` and `Slid` events
                    // count (a forfeited roll rides nothing: its entry's
                    // jump is 0, counted in the "no jump" slot).
                    rides.count(board, e.jump, e.flags & CHAIN != 0, e.end);
                    if moved {
                        counter.rested(u32::from(e.rest));
                        s.pieces[piece].pos = u32::from(e.rest);
                    }
                    // Most turns: no win, no turns to lose, nothing to score
                    // or choose, so all `after_move` would do is pass the
                    // turn (bumping is not played here). The entry says
                    // most of it (`AFTER`: one test, early), the game's
                    // chips the rest.
                    if e.flags & AFTER == 0 && !(moved && chip_lies(&s, u32::from(e.rest))) {
                        engine.end_turn(&mut s, e.flags & EXTRA != 0);
                    } else {
                        self.after_move(engine, &mut s, piece, e, ws, counter, &mut choose);
                    }
                }
                // Only the mover's piece moves in a classic turn (an arrow
                // moves the mover too), so the lead follows from it.
                rows[p] = s.pieces[piece].pos;
                if players > 1 {
                    lead.turn(p, from, rows[p], &rows);
                }
            }
            tally.add_game(&s, if players > 1 { lead.changes(players == 2) } else { 0 });
            counter.end_game(&s);
        }
        counter.add_to(tally);
        rides.add_to(&mut tally.jumps);
    }

    /// The rest of a turn whose move was read from the table: the engine's
    /// `after_move`, and the choice it leaves if any.
    #[expect(clippy::too_many_arguments, reason = "a turn's state and the run's buffers, passed on from `play_range`")]
    fn after_move(
        &self,
        engine: &Engine,
        s: &mut State,
        piece: usize,
        e: Entry,
        ws: &mut ladderkit_engine::Workspace,
        counter: &mut Counter,
        choose: &mut impl FnMut(&State, &[ladderkit_engine::Plan]) -> usize,
    ) {
        let moved = e.flags & MOVED != 0;
        let r = Resolved {
            step: Step {
                end: u32::from(e.end),
                rest: u32::from(e.rest),
                forfeited: !moved,
                bounced: e.flags & BOUNCED != 0,
            },
            won: e.flags & WON != 0,
            lose_turns: u32::from(e.lose),
            extra_turn: e.flags & EXTRA != 0,
        };
        if engine.after_move(s, piece, &r, counter) == Turn::Choose {
            play_choice(engine, s, ws, counter, choose);
        }
    }
}
