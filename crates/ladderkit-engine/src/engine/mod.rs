//! Turns: roll, choose, move. The engine holds the compiled board and the
//! rules; a `State` holds one game. It is the plain, full statement of the
//! rules, with `CompiledBoard::resolve` (a move) and `extras.rs` (points,
//! chips, arrows); the simulation's kernels restate parts of it for speed,
//! each held to it game for game (ARCHITECTURE.md, "Where each rule
//! lives").

pub mod extras;

use ladderkit_core::board::{Outcome, Resolved, Step};
use ladderkit_core::spec::{BumpTo, BumpWhen, BumpWho, FirstPlayer, LoseTurnRule, Play, Treehouse};
use ladderkit_core::{Compiled, CompiledBoard, Playable, Seats, TRAY};
use serde::{Deserialize, Serialize};

use crate::event::Event;
use crate::rng::GameRng;
use crate::sink::EventSink;
use crate::state::{Pending, Piece, PlayerState, State, TurnKind};

/// One die used on one piece.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Move {
    pub die: u8,
    pub piece: u8,
}

/// What a player does with a roll: up to two moves, in order. `None` is a
/// die that cannot be used and is ignored.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
pub struct Plan {
    pub moves: [Option<Move>; 2],
    /// Classic arrow turns: the activation chosen (`None` declines).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub arrow: Option<extras::ArrowUse>,
}

impl Plan {
    /// A Treehouse plan: dice moves, no arrow.
    pub fn of(moves: [Option<Move>; 2]) -> Self {
        Self { moves, arrow: None }
    }
}

/// What `begin_turn` left to do.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Turn {
    /// The turn is over (classic turns, lost turns).
    Done,
    /// The dice are rolled; pick one of `legal_plans` and `apply` it.
    Choose,
    /// The game had already ended.
    Over,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum EngineError {
    HasErrors,
    /// Score tracks move by points: `Scoreboard` plays them.
    ScoreTrack,
    /// `Scoreboard` was given a race.
    NotAScoreTrack,
}

impl std::fmt::Display for EngineError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Self::HasErrors => f.write_str("the variant has errors; fix them before playing"),
            Self::NotAScoreTrack => f.write_str("this variant is a race, not a score track (`play: ScoreTrack(…)`)"),
            Self::ScoreTrack => f.write_str(
                "this is a score track: pieces move by points scored, not by dice (use `ladderkit scoreboard`)",
            ),
        }
    }
}

impl std::error::Error for EngineError {}

/// Reusable buffers, so choosing and looking ahead do not allocate.
#[derive(Debug, Clone, Default)]
pub struct Workspace {
    pub plans: Vec<Plan>,
    scratch: Option<State>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Class {
    Own,
    Other,
}

#[derive(Debug, Clone)]
pub struct Engine {
    board: CompiledBoard,
    seats: Seats,
    first_player: FirstPlayer,
    /// Expected moves for one piece to finish from each position, for bots:
    /// worked out when a bot first asks (an engine built per game for a
    /// dealt board, played by random bots, never needs it).
    remaining: std::sync::OnceLock<Vec<f64>>,
    /// Points, chips or arrows are played (`extras.rs`).
    extras: bool,
    /// Per position: whether resting there can score or offer an arrow
    /// whatever the chips (`Engine::rest_counts`); empty without extras.
    pub(crate) counting_rests: Vec<bool>,
    /// Names this engine among those the process built (clones share it),
    /// so what bots remember under one engine is never used under another.
    id: u64,
}

/// The next `Engine::id`.
static NEXT_ENGINE: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(1);

impl Engine {
    /// An engine for a table of `seats`; refuses variants with errors.
    pub fn new(compiled: &Compiled, seats: Seats) -> Result<Self, EngineError> {
        let board = compiled.playable().ok_or(EngineError::HasErrors)?;
        if matches!(board.play, Play::ScoreTrack(_)) {
            return Err(EngineError::ScoreTrack);
        }
        Ok(Self::from_board(board, seats, FirstPlayer::Seat1))
    }

    /// An engine straight from a board the checks passed.
    pub fn from_board(board: Playable, seats: Seats, first_player: FirstPlayer) -> Self {
        let board = board.into_board();
        let remaining = std::sync::OnceLock::new();
        let extras = board.has_extras();
        let counting_rests = if extras { extras::rests_that_count(&board) } else { Vec::new() };
        let id = NEXT_ENGINE.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
        Self { board, seats, first_player, remaining, extras, counting_rests, id }
    }

    pub fn with_first_player(mut self, first_player: FirstPlayer) -> Self {
        self.first_player = first_player;
        self.id = NEXT_ENGINE.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
        self
    }

    /// Which engine this is: equal for an engine and its clones, different
    /// for any two built apart (even of the same variant).
    pub fn id(&self) -> u64 {
        self.id
    }

    pub fn board(&self) -> &CompiledBoard {
        &self.board
    }

    pub fn seats(&self) -> Seats {
        self.seats
    }

    /// Expected moves one piece needs from `pos` to the goal, alone.
    pub fn remaining(&self, pos: u32) -> f64 {
        self.remaining_table()[pos as usize]
    }

    /// `remaining` for every position (0 is the tray).
    pub fn remaining_table(&self) -> &[f64] {
        self.remaining.get_or_init(|| ladderkit_analysis::expected_rolls_from_each(&self.board))
    }

    pub fn first_player(&self) -> FirstPlayer {
        self.first_player
    }

    fn treehouse(&self) -> Option<&Treehouse> {
        match &self.board.play {
            Play::Treehouse(t) => Some(t),
            Play::Classic | Play::ScoreTrack(_) => None,
        }
    }

    /// Whether turns can hold choices (so a chooser is needed).
    pub fn has_choices(&self) -> bool {
        self.treehouse().is_some() || !self.board.extras.arrows.is_empty()
    }

    /// A fresh game; `game` numbers the games of a match (the opener
    /// rotates when the rules say so).
    pub fn new_game(&self, game: u64) -> State {
        let mut s = State::default();
        self.restart(&mut s, game);
        s
    }

    /// Makes `s` game `game`'s opening position, as `new_game` does, in the
    /// buffers `s` already has (simulations play millions of games).
    pub fn restart(&self, s: &mut State, game: u64) {
        let one = [1];
        let sizes: &[u32] = self.treehouse().map_or(&one, |t| &t.pieces);
        s.pieces.clear();
        for owner in self.seats.ids() {
            for size in sizes {
                s.pieces.push(Piece {
                    owner,
                    size: *size as u8,
                    pos: self.board.start,
                    level: 0,
                    home: false,
                    sideways: 0,
                    penalty: 0,
                    upgraded: false,
                });
            }
        }
        let opener = self.seats.opener(self.first_player, game) as u8;
        s.players.clear();
        s.players.resize(self.seats.count(), PlayerState::default());
        s.pieces_per_player = sizes.len() as u8;
        s.current = opener;
        s.opener = opener;
        s.turns_in_row = 1;
        s.rounds = 1;
        s.rolls = 0;
        s.pending = None;
        s.winners = 0;
        self.deal_chips(game, &mut s.chips);
        s.blocked = false;
    }

    /// Starts the current player's turn: rolls the dice and plays what needs
    /// no choice.
    pub fn begin_turn(&self, s: &mut State, rng: &mut GameRng, ev: &mut impl EventSink) -> Turn {
        self.begin_turn_with(s, &mut |sides| rng.die(sides), ev)
    }

    /// `begin_turn` with the dice given by `roll(sides)`, one call per die
    /// (exact solvers enumerate every roll through it). How many dice a turn
    /// rolls is settled before the first is read.
    pub fn begin_turn_with(&self, s: &mut State, roll: &mut impl FnMut(u32) -> u32, ev: &mut impl EventSink) -> Turn {
        if s.is_over() {
            return Turn::Over;
        }
        let p = s.current;
        ev.push(Event::TurnStarted { player: p });
        if s.turns_in_row == 1 {
            s.players[p as usize].turns += 1;
        }
        match self.treehouse() {
            None => self.classic_turn(s, roll, ev),
            Some(_) => self.treehouse_turn(s, roll, ev),
        }
    }

    fn classic_turn(&self, s: &mut State, roll: &mut impl FnMut(u32) -> u32, ev: &mut impl EventSink) -> Turn {
        let p = s.current;
        if !self.board.wait.is_empty() && self.still_waiting(s, ev) {
            self.end_turn(s, false);
            return Turn::Done;
        }
        let player = &mut s.players[p as usize];
        if player.lose_turns > 0 {
            player.lose_turns -= 1;
            ev.push(Event::TurnLost { player: p });
            self.end_turn(s, false);
            return Turn::Done;
        }
        let dice = self.board.dice;
        let mut faces = [0u32; 8];
        for f in faces.iter_mut().take(dice.count as usize) {
            *f = roll(dice.sides);
        }
        self.classic_roll(s, &faces[..dice.count as usize], ev)
    }

    /// Plays a classic turn's move with dice already rolled (real dice at a
    /// table, tests, replays of physical games). `Turn::Choose` when an
    /// arrow activates: pick from `legal_plans` and `apply`.
    pub fn classic_roll(&self, s: &mut State, faces: &[u32], ev: &mut impl EventSink) -> Turn {
        let p = s.current;
        let total: u32 = faces.iter().sum();
        let mut shown = [0u8; 2];
        for (slot, face) in shown.iter_mut().zip(faces) {
            *slot = *face as u8;
        }
        s.players[p as usize].rolls += 1;
        s.rolls += 1;
        ev.push(Event::Rolled { player: p, dice: shown, count: faces.len().min(2) as u8, total });
        let extra = self.board.extra_turn.is_some_and(|rule| rule.earned_by(faces));
        let piece = s.pieces_of(p).start;
        let from = s.pieces[piece].pos;
        if s.turns_in_row == 1 && self.board.bump.is_some_and(|b| b.to == BumpTo::TurnStart) {
            s.players[p as usize].turn_from = from;
        }
        let mut outcome = Outcome::of(total, extra);
        if from == self.board.start && !self.board.first_throw.is_empty() {
            outcome.first_throw = self.board.first_throw_to(faces);
        }
        let boost = self.boost(s, piece);
        if boost > 0 && !self.board.step(from, total.saturating_add(boost)).forfeited {
            outcome.total = total.saturating_add(boost);
            self.use_power(s, piece, ev);
        }
        let mut r = self.board.resolve(from, &outcome);
        let dodged = !r.step.forfeited && self.dodges_snake(s, piece, r.step.end);
        if dodged {
            r = self.board.settle(Step { rest: r.step.end, ..r.step }, &outcome);
        }
        if r.step.forfeited {
            ev.push(Event::RollUnused { player: p, die: total });
        } else {
            let piece_id = piece as u8;
            self.move_events(piece_id, 0, from, &outcome, r.step, ev);
            if dodged {
                self.use_power(s, piece, ev);
            } else {
                self.jump_events(piece_id, r.step.end, ev);
            }
            if r.won {
                s.pieces[piece].pos = r.step.rest;
            } else {
                self.come_to_rest(s, piece, from, r.step.rest, ev);
                if !self.board.wait.is_empty() {
                    self.wait_if_held(s, piece, ev);
                }
            }
        }
        self.after_move(s, piece, &r, ev)
    }

    /// The rest of a classic turn once its roll has moved `piece` (it stands
    /// on `r.step.rest`): the win, turns to lose, what the space scores and
    /// an arrow to choose, then the turn passes. `classic_roll` ends here,
    /// and so does the extras kernel's move read from its table.
    #[inline]
    pub fn after_move(&self, s: &mut State, piece: usize, r: &Resolved, ev: &mut impl EventSink) -> Turn {
        let p = s.current;
        if r.won {
            s.pieces[piece].home = true;
            s.winners = self.goal_winners(s, p);
            ev.push(Event::Won { players: s.winners });
            return Turn::Done;
        }
        if r.lose_turns > 0 {
            s.players[p as usize].lose_turns += r.lose_turns;
            ev.push(Event::LoseTurns { player: p, piece: piece as u8, turns: r.lose_turns });
        }
        if self.extras && !r.step.forfeited && self.rest_counts(s, r.step.rest) {
            self.score_rest(s, piece, r.step.rest, ev);
            if s.is_over() {
                return Turn::Done;
            }
            // (Boards without arrows, where chips make most rests count,
            // skip even the look at the piece's space.)
            if !self.board.extras.arrows.is_empty() && self.offers_arrow(s, piece) {
                s.players[p as usize].extra_earned = r.extra_turn;
                s.pending = Some(Pending { dice: [0, 0], count: 0, kind: TurnKind::Arrow });
                return Turn::Choose;
            }
        }
        self.finish_classic(s, r.extra_turn, ev);
        Turn::Done
    }

    /// Ends a classic turn, announcing an extra turn if one is taken; a
    /// turn that passes bumps now if the rule waits for the end of turns.
    #[inline]
    fn finish_classic(&self, s: &mut State, extra: bool, ev: &mut impl EventSink) {
        let p = s.current;
        if let Some(rule) = self.board.bump
            && !(extra && self.board.allows_another_turn(s.turns_in_row))
        {
            let player = &mut s.players[p as usize];
            let (turn_from, moved_from) =
                (std::mem::take(&mut player.turn_from), std::mem::take(&mut player.moved_from));
            if rule.when == BumpWhen::EndOfTurn {
                let piece = s.pieces_of(p).start;
                let to = self.bumped_to(rule.to, turn_from, moved_from);
                self.bump(s, piece, s.pieces[piece].pos, to, ev);
            }
        }
        self.end_turn(s, extra);
        if s.current == p && extra {
            ev.push(Event::ExtraTurn { player: p });
        }
    }

    /// A classic piece comes to rest on `at` (not the goal), having moved
    /// from `from`: under a bumping rule it bumps whoever is there now (or
    /// at the end of the turn) and lands on top of those who stay.
    fn come_to_rest(&self, s: &mut State, piece: usize, from: u32, at: u32, ev: &mut impl EventSink) {
        let Some(rule) = self.board.bump else {
            s.pieces[piece].pos = at;
            return;
        };
        let p = s.pieces[piece].owner as usize;
        match rule.when {
            BumpWhen::EachLanding => {
                let to = self.bumped_to(rule.to, s.players[p].turn_from, from);
                self.bump(s, piece, at, to, ev);
            }
            BumpWhen::EndOfTurn if rule.to == BumpTo::Swap => s.players[p].moved_from = from,
            BumpWhen::EndOfTurn => {}
        }
        self.place_on_top(s, piece, at);
    }

    /// Where bumped pieces go: the start, where the bumper's turn began, or
    /// where the move that brought it began.
    fn bumped_to(&self, to: BumpTo, turn_from: u32, move_from: u32) -> u32 {
        match to {
            BumpTo::Start => self.board.start,
            BumpTo::TurnStart => turn_from,
            BumpTo::Swap => move_from,
        }
    }

    /// Puts `piece` on `at`, above the pieces there when the order matters
    /// (only the top one is bumped).
    fn place_on_top(&self, s: &mut State, piece: usize, at: u32) {
        if self.board.bump.is_some_and(|b| b.who == BumpWho::Top) {
            s.pieces[piece].level = highest_other(s, at, piece).map_or(0, |t| t + 1);
        }
        s.pieces[piece].pos = at;
    }

    /// Classic play without shared squares: the occupants of `at` the rule
    /// names go to `to`. The start, the goal and safe spaces never bump.
    fn bump(&self, s: &mut State, mover: usize, at: u32, to: u32, ev: &mut impl EventSink) {
        let Some(rule) = self.board.bump else { return };
        if at == TRAY || at == self.board.start || at == self.board.goal || self.board.is_safe(at) || to == at {
            return;
        }
        let there = |j: usize, q: &Piece| j != mover && !q.home && q.pos == at;
        let top = highest_other(s, at, mover);
        for i in 0..s.pieces.len() {
            let q = s.pieces[i];
            if there(i, &q) && (rule.who == BumpWho::All || Some(q.level) == top) {
                ev.push(Event::Bumped { piece: i as u8, from: at, to });
                self.place_on_top(s, i, to);
                s.players[q.owner as usize].waiting = false;
            }
        }
    }

    /// The walk of a move: `Moved` (to where the move comes to rest,
    /// `whole.rest`), then a `MovedAgain` for each goose it meets. A first
    /// throw says so first.
    #[inline]
    fn move_events(&self, piece: u8, carried: u8, from: u32, outcome: &Outcome, whole: Step, ev: &mut impl EventSink) {
        let die = outcome.total;
        let first_throw = self.board.first_throw_from(from, outcome);
        if self.board.again.is_empty() && first_throw.is_none() {
            let Step { end, rest, bounced, .. } = whole;
            return ev.push(Event::Moved { piece, carried, from, end, rest, die, bounced });
        }
        self.special_move_events(piece, carried, from, outcome, whole, first_throw, ev);
    }

    /// `move_events` for a first throw or a board with geese (kept out of
    /// the common path, which every simulated roll takes).
    #[inline(never)]
    #[expect(clippy::too_many_arguments, reason = "the parts of one move, passed on from `move_events`")]
    fn special_move_events(
        &self,
        piece: u8,
        carried: u8,
        from: u32,
        outcome: &Outcome,
        whole: Step,
        first_throw: Option<u32>,
        ev: &mut impl EventSink,
    ) {
        let die = outcome.total;
        if let Some(to) = first_throw {
            ev.push(Event::FirstThrow { piece, to });
        }
        // A first throw is one part; a goose chain one more per goose.
        let mut at = None;
        for part in self.board.segments(from, outcome) {
            let Step { end, bounced, .. } = part;
            ev.push(match at {
                None => Event::Moved { piece, carried, from, end, rest: whole.rest, die, bounced },
                Some(from) => Event::MovedAgain { piece, carried, from, end, bounced },
            });
            at = Some(end);
        }
    }

    /// A piece that came to rest on a well or prison waits there and frees
    /// the one waiting before it; when every player waits, nobody can move
    /// again and the game is blocked.
    fn wait_if_held(&self, s: &mut State, piece: usize, ev: &mut impl EventSink) {
        let at = s.pieces[piece].pos;
        if !self.board.is_wait(at) || s.pieces[piece].home {
            return;
        }
        for (j, q) in s.pieces.iter().enumerate() {
            let waits = &mut s.players[q.owner as usize].waiting;
            if j != piece && *waits && q.pos == at {
                *waits = false;
                ev.push(Event::Freed { piece: j as u8, at });
            }
        }
        s.players[s.pieces[piece].owner as usize].waiting = true;
        ev.push(Event::Waiting { piece: piece as u8, at });
        if s.pieces.iter().all(|q| q.home || s.players[q.owner as usize].waiting) {
            s.blocked = true;
            ev.push(Event::Blocked);
        }
    }

    /// Whether the current player's piece waits on a well or prison (then
    /// the turn passes). A piece moved off one some other way is free.
    fn still_waiting(&self, s: &mut State, ev: &mut impl EventSink) -> bool {
        let p = s.current;
        let at = s.pieces[s.pieces_of(p).start].pos;
        let waits = &mut s.players[p as usize].waiting;
        if !*waits {
            return false;
        }
        if !self.board.is_wait(at) {
            *waits = false;
            return false;
        }
        ev.push(Event::StillWaiting { player: p, at });
        true
    }

    fn jump_events(&self, piece: u8, end: u32, ev: &mut impl EventSink) {
        for j in self.board.chain(end) {
            let jump = self.board.jumps[j as usize];
            ev.push(if jump.to > jump.from {
                Event::Climbed { piece, from: jump.from, to: jump.to }
            } else {
                Event::Slid { piece, from: jump.from, to: jump.to }
            });
        }
    }

    /// Passes the turn on, or keeps it for an extra turn if allowed (what
    /// ends every turn; a classic one through `finish_classic`, which also
    /// bumps and says so).
    #[inline]
    pub fn end_turn(&self, s: &mut State, extra: bool) {
        s.pending = None;
        if extra && self.board.allows_another_turn(s.turns_in_row) {
            s.turns_in_row += 1;
            return;
        }
        s.turns_in_row = 1;
        s.current = self.seats.next(usize::from(s.current)) as u8;
        if s.current == s.opener {
            s.rounds += 1;
        }
    }

    fn treehouse_turn(&self, s: &mut State, roll: &mut impl FnMut(u32) -> u32, ev: &mut impl EventSink) -> Turn {
        let Some(kind) = self.prepare_turn(s, ev) else { return Turn::Done };
        let mut dice = [0u8; 2];
        let count = if kind == TurnKind::Split { 2 } else { 1 };
        for d in dice.iter_mut().take(count) {
            *d = roll(self.board.dice.sides) as u8;
        }
        self.set_dice(s, kind, dice, ev);
        Turn::Choose
    }

    /// Treehouse: what the current player's turn is, before any dice. Turns
    /// spent standing pieces up end here (`None`).
    pub fn prepare_turn(&self, s: &mut State, ev: &mut impl EventSink) -> Option<TurnKind> {
        let t = self.treehouse()?;
        let p = s.current;
        let own = s.pieces_of(p);
        if t.lose_turn == LoseTurnRule::Sideways && own.clone().any(|i| !s.pieces[i].home && s.pieces[i].sideways > 0) {
            for i in own {
                let piece = &mut s.pieces[i];
                if piece.home || piece.sideways == 0 {
                    continue;
                }
                piece.sideways -= 1;
                if piece.sideways == 0 {
                    let at = piece.pos;
                    // "If any piece is placed upright, the whole stack is."
                    for q in s.pieces.iter_mut().filter(|q| !q.home && q.pos == at) {
                        q.sideways = 0;
                    }
                    ev.push(Event::StoodUp { player: p, at });
                }
            }
            ev.push(Event::TurnLost { player: p });
            self.end_turn(s, false);
            return None;
        }
        let penalised = t.lose_turn == LoseTurnRule::Upright && own.clone().any(|i| s.pieces[i].penalty > 0);
        let started = std::mem::replace(&mut s.players[p as usize].started, true);
        Some(if penalised {
            for i in own {
                s.pieces[i].penalty = s.pieces[i].penalty.saturating_sub(1);
            }
            ev.push(Event::TurnLost { player: p });
            TurnKind::Penalty
        } else if !started && t.first_turn_dice == 1 {
            TurnKind::Opening
        } else {
            TurnKind::Split
        })
    }

    /// Puts rolled dice on the table for the current player (also used by
    /// bots that look ahead over every roll).
    pub fn set_dice(&self, s: &mut State, kind: TurnKind, dice: [u8; 2], ev: &mut impl EventSink) {
        let count = if kind == TurnKind::Split { 2 } else { 1 };
        s.players[s.current as usize].rolls += 1;
        s.rolls += 1;
        let total = dice.iter().take(count).map(|d| u32::from(*d)).sum();
        ev.push(Event::Rolled { player: s.current, dice, count: count as u8, total });
        s.pending = Some(Pending { dice, count: count as u8, kind });
    }

    /// Every legal way to use the pending dice, into `ws.plans`.
    ///
    /// The Treehouse reading: dice are used one at a time; each must be used
    /// if it can be, and one that cannot (even because of the first move)
    /// is ignored. One die goes to your piece and the other to another
    /// player's, unless no die fits your piece (both go to others) or none
    /// fits theirs (both go to yours).
    pub fn legal_plans(&self, s: &State, ws: &mut Workspace) {
        ws.plans.clear();
        let Some(pending) = s.pending else { return };
        let p = s.current;
        let [a, b] = pending.dice;
        if pending.kind == TurnKind::Arrow {
            // Distinct already (each arrow once, each of its spaces once):
            // no dedup, which costs the square of up to fifty deployments.
            self.arrow_options(s, s.pieces_of(p).start, |plan| ws.plans.push(plan));
            ws.plans.push(Plan::default());
            debug_assert!(ws.plans.iter().enumerate().all(|(i, plan)| !ws.plans[..i].contains(plan)));
            return;
        }
        let mut scratch = ws.scratch.take().unwrap_or_else(|| s.clone());
        match pending.kind {
            // (listed above)
            TurnKind::Arrow => {}
            TurnKind::Opening | TurnKind::Penalty => {
                let class = if pending.kind == TurnKind::Opening { Class::Own } else { Class::Other };
                for i in self.targets(s, p, class, a) {
                    ws.plans.push(Plan::of([Some(Move { die: a, piece: i as u8 }), None]));
                }
            }
            TurnKind::Split => {
                let usable = |c, d| self.targets(s, p, c, d).next().is_some();
                let own_any = usable(Class::Own, a) || usable(Class::Own, b);
                let other_any = usable(Class::Other, a) || usable(Class::Other, b);
                let firsts: &[(Class, Class)] = match (own_any, other_any) {
                    (false, false) => &[],
                    (false, true) => &[(Class::Other, Class::Other)],
                    (true, false) => &[(Class::Own, Class::Own)],
                    (true, true) => &[(Class::Own, Class::Other), (Class::Other, Class::Own)],
                };
                let orders: &[(u8, u8)] = if a == b { &[(a, b)] } else { &[(a, b), (b, a)] };
                for &(c1, c2) in firsts {
                    for &(d1, d2) in orders {
                        for i in self.targets(s, p, c1, d1) {
                            let first = Move { die: d1, piece: i as u8 };
                            let one = |second| Plan::of([Some(first), second]);
                            scratch.clone_from(s);
                            self.move_piece(&mut scratch, i, u32::from(d1), &mut ());
                            let before = ws.plans.len();
                            if !scratch.is_over() {
                                for k in self.targets(&scratch, p, c2, d2) {
                                    ws.plans.push(one(Some(Move { die: d2, piece: k as u8 })));
                                }
                            }
                            if ws.plans.len() == before {
                                ws.plans.push(one(None));
                            }
                        }
                    }
                }
            }
        }
        if ws.plans.is_empty() {
            ws.plans.push(Plan::default());
        }
        dedup(&mut ws.plans);
        ws.scratch = Some(scratch);
    }

    /// Pieces of a class that die `d` can move directly.
    fn targets<'a>(&'a self, s: &'a State, p: u8, class: Class, d: u8) -> impl Iterator<Item = usize> + 'a {
        (0..s.pieces.len()).filter(move |&i| {
            let own = s.pieces[i].owner == p;
            (own == (class == Class::Own)) && self.can_move(s, i, u32::from(d))
        })
    }

    /// Whether a piece can be moved directly by `d`: it is on the board or
    /// in the tray, the whole roll fits before the goal, nothing above it
    /// lies sideways, and no strictly larger pyramid covers it.
    pub fn can_move(&self, s: &State, i: usize, d: u32) -> bool {
        let q = &s.pieces[i];
        if q.home || u64::from(q.pos) + u64::from(d) > u64::from(self.board.goal) {
            return false;
        }
        if q.pos == TRAY {
            return true;
        }
        !s.pieces.iter().enumerate().any(|(j, r)| {
            j != i && !r.home && r.pos == q.pos && r.level > q.level && (r.size > q.size || r.sideways > 0)
        }) && q.sideways == 0
    }

    /// What `plan` would do, on a copy: the state after it and its events
    /// (a person's choice previewed, or described in words).
    pub fn preview(&self, s: &State, plan: &Plan) -> (State, Vec<Event>) {
        let mut after = s.clone();
        let mut events = Vec::new();
        self.apply(&mut after, plan, &mut events);
        (after, events)
    }

    /// Plays a chosen plan for the pending dice and ends the turn.
    pub fn apply(&self, s: &mut State, plan: &Plan, ev: &mut impl EventSink) {
        let Some(pending) = s.pending else { return };
        let p = s.current;
        if pending.kind == TurnKind::Arrow {
            let arrow_extra = self.use_arrow(s, plan, ev);
            let extra = std::mem::take(&mut s.players[p as usize].extra_earned) || arrow_extra;
            return self.finish_classic(s, extra, ev);
        }
        let mut used = [false; 2];
        for m in plan.moves.iter().flatten() {
            if s.is_over() {
                break;
            }
            let slot = (0..pending.count as usize).find(|k| !used[*k] && pending.dice[*k] == m.die);
            if let Some(k) = slot {
                used[k] = true;
            }
            self.move_piece(s, m.piece as usize, u32::from(m.die), ev);
        }
        if s.is_over() {
            s.pending = None;
            return;
        }
        for k in (0..pending.count as usize).filter(|k| !used[*k]) {
            ev.push(Event::RollUnused { player: p, die: u32::from(pending.dice[k]) });
        }
        let extra = std::mem::take(&mut s.players[p as usize].extra_earned);
        self.end_turn(s, extra);
        if s.current == p && extra {
            ev.push(Event::ExtraTurn { player: p });
        }
    }

    /// Moves piece `i` and everything above it by `d`, with jumps, stacking
    /// and the rest effects of where they land.
    fn move_piece(&self, s: &mut State, i: usize, d: u32, ev: &mut impl EventSink) {
        let (from, base) = (s.pieces[i].pos, s.pieces[i].level);
        // A die, not a first throw (those are classic play's).
        let outcome = Outcome::of(d, false);
        let step = self.board.step(from, d);
        let rest = step.rest;
        // One pass (bots play this for every plan they weigh): who rides
        // along, one bit each (16 players × 3 pyramids need more than 32),
        // and who already stands where they land, and how high.
        let (mut moving, mut below, mut top) = (0u64, 0u8, None::<u16>);
        for (j, q) in s.pieces.iter().enumerate() {
            if s.rides_with(j, i) {
                moving |= 1u64 << j;
            } else if !q.home && q.pos == rest {
                below += 1;
                top = top.max(Some(q.level));
            }
        }
        let carried = moving.count_ones() as u8 - 1;
        self.move_events(i as u8, carried, from, &outcome, step, ev);
        self.jump_events(i as u8, step.end, ev);
        let effect = if rest == self.board.goal { Default::default() } else { self.board.rest[rest as usize] };
        let lose_rule = self.treehouse().map(|t| t.lose_turn);
        for j in (0..s.pieces.len()).filter(|j| moving & (1u64 << j) != 0) {
            let q = &mut s.pieces[j];
            q.pos = rest;
            q.level = top.map_or(0, |t| t + 1) + (q.level - base);
            q.penalty = 0;
            if rest == self.board.goal {
                q.home = true;
                ev.push(Event::Home { piece: j as u8 });
            } else if effect.lose_turns > 0 {
                let turns = effect.lose_turns.min(255) as u8;
                match lose_rule {
                    Some(LoseTurnRule::Upright) => q.penalty = turns,
                    _ => q.sideways = turns,
                }
                ev.push(Event::LoseTurns { player: q.owner, piece: j as u8, turns: effect.lose_turns });
            }
        }
        if below > 0 && rest != self.board.goal && rest != TRAY {
            ev.push(Event::Stacked { piece: i as u8, at: rest, below });
        }
        if effect.extra_turn && (0..s.pieces.len()).any(|j| moving & (1u64 << j) != 0 && s.pieces[j].owner == s.current)
        {
            s.players[s.current as usize].extra_earned = true;
        }
        if rest == self.board.goal {
            self.settle_winners(s, moving);
            if s.is_over() {
                ev.push(Event::Won { players: s.winners });
            }
        }
    }

    /// Single-piece games end when a stack reaches the goal (everyone in it
    /// shares the win); team games when all of a player's pieces are home.
    fn settle_winners(&self, s: &mut State, arrived: u64) {
        for owner in self.seats.ids() {
            let range = s.pieces_of(owner);
            let arrived_now = range.clone().any(|j| arrived & (1u64 << j) != 0);
            if arrived_now && range.clone().all(|j| s.pieces[j].home) {
                s.winners |= 1 << owner;
            }
        }
    }
}

/// The highest level of a piece on `at` other than `except`, if any is there.
fn highest_other(s: &State, at: u32, except: usize) -> Option<u16> {
    s.pieces.iter().enumerate().filter(|(j, q)| *j != except && !q.home && q.pos == at).map(|(_, q)| q.level).max()
}

fn dedup(plans: &mut Vec<Plan>) {
    let mut k = 0;
    for i in 0..plans.len() {
        if !plans[..k].contains(&plans[i]) {
            plans[k] = plans[i];
            k += 1;
        }
    }
    plans.truncate(k);
}
