//! Points, chips, upgrades and arrows in classic races. The rules live
//! here; `engine.rs` calls in at the few places a classic turn touches them.

use ladderkit_core::TRAY;
use ladderkit_core::extras::{ARROW_POINTS, BoardLayout};
use ladderkit_core::spec::{ArrowKind, Power, Win};
use serde::{Deserialize, Serialize};

use crate::engine::{Engine, Plan};
use crate::event::{Event, Why};
use crate::rng::GameRng;
use crate::sink::EventSink;
use crate::state::State;

/// An arrow activation: which board arrow (index into `extras.arrows`) and
/// where the piece goes (its own space for an extra turn).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct ArrowUse {
    pub arrow: u32,
    pub to: u32,
}

/// Chip layouts get their own stream so they never shift the dice.
const CHIP_STREAM: u64 = 0xC41F_5EED;

impl Engine {
    /// Lays the chips face down for game number `game` into `on` (per
    /// position: the chip's value index plus one, 0 for none; empty
    /// without chips).
    pub(crate) fn deal_chips(&self, game: u64, on: &mut Vec<u8>) {
        on.clear();
        let board = self.board();
        let Some(chips) = &board.extras.chips else { return };
        on.resize(board.points.len(), 0);
        // The bag in its dealt order, as value indices plus one (on the
        // stack for bags up to 128: every game deals).
        let (mut small, mut large) = ([0u8; 128], Vec::new());
        let bag: &mut [u8] = if chips.bag.len() <= small.len() {
            &mut small[..chips.bag.len()]
        } else {
            large.resize(chips.bag.len(), 0);
            &mut large
        };
        for (kind, value) in bag.iter_mut().zip(&chips.bag) {
            *kind = chips.values.iter().position(|v| v == value).unwrap_or(0) as u8 + 1;
        }
        // The bag's order and the layout have streams of their own (and
        // neither shifts the dice).
        let mut rng = GameRng::for_game(CHIP_STREAM, game);
        rng.shuffle(bag);
        let mut next = bag.iter();
        let mut put = |pos: u32| {
            if let Some(kind) = next.next() {
                on[pos as usize] = *kind;
            }
        };
        match &chips.layout {
            BoardLayout::Placed(spaces) => spaces.iter().for_each(|pos| put(*pos)),
            BoardLayout::Random { seed, ground } => {
                let mut rng = GameRng::for_game(*seed ^ CHIP_STREAM, game);
                ground.draw_each(chips.bag.len(), &mut rng, put);
            }
        }
    }

    /// The extra spaces an upgraded piece's next move goes, if any.
    pub(crate) fn boost(&self, s: &State, piece: usize) -> u32 {
        match self.power_of(s, piece) {
            Some(Power::Boost(n)) => n,
            _ => 0,
        }
    }

    pub(crate) fn power_of(&self, s: &State, piece: usize) -> Option<Power> {
        let up = self.board().extras.chips.as_ref()?.upgrade?;
        s.pieces[piece].upgraded.then_some(up.power)
    }

    pub(crate) fn use_power(&self, s: &mut State, piece: usize, ev: &mut impl EventSink) {
        if let Some(power) = self.power_of(s, piece) {
            s.pieces[piece].upgraded = false;
            ev.push(Event::PowerUsed { piece: piece as u8, power });
        }
    }

    /// Whether an upgraded piece ignores the snake at `end`.
    pub(crate) fn dodges_snake(&self, s: &State, piece: usize, end: u32) -> bool {
        let board = self.board();
        self.power_of(s, piece) == Some(Power::SnakeImmunity)
            && board.jump_at[end as usize].is_some_and(|j| board.jumps[j as usize].to < end)
    }

    /// Whether a roll moves `piece` by the dice alone: no boost to add and
    /// no snake to dodge (what `classic_roll` adds to `resolve`).
    #[inline]
    pub fn moves_plainly(&self, s: &State, piece: usize) -> bool {
        // (Most pieces hold no upgrade: asked first, it is the only read.)
        !s.pieces[piece].upgraded
            || match self.power_of(s, piece) {
                None | Some(Power::DoublePoints) => true,
                Some(Power::Boost(n)) => n == 0,
                Some(Power::SnakeImmunity) => false,
            }
    }

    /// Whether resting on `at` can score or offer an arrow: a chip lies
    /// there, the space scores, or an arrow starts or ends there. Anywhere
    /// else `score_rest` and `arrow_options` do nothing, so they are not
    /// asked (most rests; `rests_that_count` must keep in step with them).
    #[inline]
    pub fn rest_counts(&self, s: &State, at: u32) -> bool {
        self.rest_always_counts(at) || chip_lies(s, at)
    }

    /// `rest_counts` in every game of the variant: the space scores, or an
    /// arrow starts or ends there (a chip is the game's own: `chip_lies`).
    #[inline]
    pub fn rest_always_counts(&self, at: u32) -> bool {
        self.counting_rests.get(at as usize).copied().unwrap_or(false)
    }

    /// What resting on `at` scores: the chip there, the space's points, and
    /// an arrow that does not activate; then buys an upgrade if it can.
    pub(crate) fn score_rest(&self, s: &mut State, piece: usize, at: u32, ev: &mut impl EventSink) {
        let board = self.board();
        let took_chip = match (&board.extras.chips, s.chips.get(at as usize).copied()) {
            (Some(chips), Some(k)) if k > 0 => {
                s.chips[at as usize] = 0;
                let value = chips.values[k as usize - 1];
                s.players[s.pieces[piece].owner as usize].held[k as usize - 1] += 1;
                ev.push(Event::ChipTaken { piece: piece as u8, at, value });
                self.score(s, piece, value, Why::Chip, ev);
                true
            }
            _ => false,
        };
        let points = board.rest[at as usize].points;
        if points > 0 {
            self.score(s, piece, points, Why::Space, ev);
        }
        if let Some(a) = board.extras.arrow_at[at as usize]
            && !occupied(s, piece, board.extras.arrows[a as usize].target)
        {
            self.score(s, piece, ARROW_POINTS, Why::Arrow, ev);
        }
        if took_chip {
            self.buy_upgrade(s, piece, ev);
        }
    }

    fn score(&self, s: &mut State, piece: usize, mut points: u32, why: Why, ev: &mut impl EventSink) {
        if s.is_over() {
            return;
        }
        let doubled = self.power_of(s, piece) == Some(Power::DoublePoints);
        if doubled {
            points = points.saturating_mul(2);
            self.use_power(s, piece, ev);
        }
        let player = s.pieces[piece].owner;
        let total = &mut s.players[player as usize].points;
        // Totals stop at u32::MAX rather than wrap (release) or panic (debug).
        *total = total.saturating_add(points);
        ev.push(Event::Scored { player, points, total: *total, why, doubled });
        if let Win::TargetScore(target) = self.board().extras.win
            && *total >= target
        {
            s.winners = 1 << player;
            ev.push(Event::Won { players: s.winners });
        }
    }

    /// Spends chips worth exactly the cost (largest values first, see
    /// `exact_payment`, kept per holding in `BoardChips::payments`), if the
    /// piece holds no upgrade.
    fn buy_upgrade(&self, s: &mut State, piece: usize, ev: &mut impl EventSink) {
        let Some(chips) = &self.board().extras.chips else { return };
        let Some(up) = chips.upgrade else { return };
        if s.pieces[piece].upgraded {
            return;
        }
        let owner = s.pieces[piece].owner as usize;
        let Some(spend) = chips.payments.as_ref().and_then(|p| p.of(&s.players[owner].held)) else { return };
        for (held, spent) in s.players[owner].held.iter_mut().zip(spend) {
            *held -= spent;
        }
        s.pieces[piece].upgraded = true;
        let spent = spend.iter().sum::<u64>() as u32;
        ev.push(Event::Upgraded { piece: piece as u8, spent, power: up.power });
    }

    /// Every arrow choice for the piece that just came to rest, activations
    /// only: callers add declining (`Plan::default()`) when there are any.
    pub(crate) fn arrow_options(&self, s: &State, piece: usize, mut found: impl FnMut(Plan)) {
        let board = self.board();
        let at = s.pieces[piece].pos;
        // The arrow printed here and those pointing here, in index order
        // (the order of the plans offered).
        for &k in board.extras.arrows_touching(at) {
            if !self.arrow_active(s, piece, at, k) {
                continue;
            }
            let a = &board.extras.arrows[k as usize];
            let mut push = |to| found(Plan { arrow: Some(ArrowUse { arrow: k, to }), ..Plan::default() });
            match a.kind {
                ArrowKind::ExtraTurn => push(at),
                ArrowKind::DoubleUp => {
                    let joinable =
                        |j: usize, q: &crate::state::Piece| j != piece && !q.home && q.pos != TRAY && q.pos != at;
                    for (j, q) in s.pieces.iter().enumerate() {
                        let first_there =
                            !s.pieces[..j].iter().enumerate().any(|(i, r)| joinable(i, r) && r.pos == q.pos);
                        if joinable(j, q) && first_there {
                            push(q.pos);
                        }
                    }
                }
                ArrowKind::Deploy { .. } => {
                    for x in a.range.0..=a.range.1 {
                        if x != at && board.can_rest(x) && !occupied(s, piece, x) {
                            push(x);
                        }
                    }
                }
            }
        }
    }

    /// Whether `arrow_options` offers anything. Most rests by an arrow find
    /// no piece at its other end: that is asked first, inline.
    #[inline]
    pub(crate) fn offers_arrow(&self, s: &State, piece: usize) -> bool {
        let at = s.pieces[piece].pos;
        for &k in self.board().extras.arrows_touching(at) {
            if self.arrow_active(s, piece, at, k) {
                let mut offered = false;
                self.arrow_options(s, piece, |_| offered = true);
                return offered;
            }
        }
        false
    }

    /// Whether arrow `k`, printed on or pointing at `at` where `piece`
    /// rests, has another piece at its other end.
    #[inline]
    fn arrow_active(&self, s: &State, piece: usize, at: u32, k: u32) -> bool {
        let a = &self.board().extras.arrows[k as usize];
        (a.at == at && occupied(s, piece, a.target)) || (a.target == at && occupied(s, piece, a.at))
    }

    /// Plays an arrow choice; returns whether it earned an extra turn.
    pub(crate) fn use_arrow(&self, s: &mut State, plan: &Plan, ev: &mut impl EventSink) -> bool {
        let Some(u) = plan.arrow else { return false };
        let Some(a) = self.board().extras.arrows.get(u.arrow as usize) else { return false };
        let p = s.current;
        ev.push(Event::ArrowActivated { player: p, at: a.at, kind: a.kind });
        match a.kind {
            // Within the variant's `max_consecutive_turns`, as every extra
            // turn (`end_turn`); the Anniversary rules' "maximum of two
            // consecutive turns" is its `Some(2)`.
            ArrowKind::ExtraTurn => true,
            ArrowKind::DoubleUp | ArrowKind::Deploy { .. } => {
                let piece = s.pieces_of(p).start;
                let from = s.pieces[piece].pos;
                s.pieces[piece].pos = u.to;
                ev.push(Event::Placed { piece: piece as u8, from, to: u.to });
                false
            }
        }
    }

    /// Who wins when a piece reaches the goal.
    pub(crate) fn goal_winners(&self, s: &State, arriving: u8) -> u32 {
        match self.board().extras.win {
            Win::FirstHome => 1 << arriving,
            Win::MostPoints | Win::TargetScore(_) => most_points(s),
        }
    }
}

/// Per position: whether resting there scores points or an arrow starts or
/// ends there (`Engine::rest_counts` adds the chips of the game).
pub(crate) fn rests_that_count(board: &ladderkit_core::CompiledBoard) -> Vec<bool> {
    let x = &board.extras;
    (0..board.points.len())
        .map(|at| board.rest.get(at).is_some_and(|r| r.points > 0) || !x.arrows_touching(at as u32).is_empty())
        .collect()
}

/// A bit per player holding the highest score.
pub fn most_points(s: &State) -> u32 {
    let best = s.players.iter().map(|p| p.points).max().unwrap_or(0);
    s.players.iter().enumerate().filter(|(_, p)| p.points == best).fold(0, |m, (i, _)| m | 1 << i)
}

/// Whether a face-down chip lies on `at` in the game `s`.
#[inline]
pub fn chip_lies(s: &State, at: u32) -> bool {
    s.chips.get(at as usize).is_some_and(|k| *k > 0)
}

/// Whether a piece other than `piece` rests on `pos`.
#[inline]
fn occupied(s: &State, piece: usize, pos: u32) -> bool {
    pos != TRAY && s.pieces.iter().enumerate().any(|(j, q)| j != piece && !q.home && q.pos == pos)
}
