//! What happened, step by step. The editor animates these, the terminal
//! game prints them and replays compare them.

use ladderkit_core::spec::{ArrowKind, Power};
use serde::{Deserialize, Serialize};

/// Positions are board positions (0 is the start tray); players are seats
/// from 0; pieces are indices into `State::pieces`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum Event {
    TurnStarted {
        player: u8,
    },
    /// The dice, in the order rolled; `count` of the two slots are used.
    Rolled {
        player: u8,
        dice: [u8; 2],
        count: u8,
        total: u32,
    },
    /// A piece (and whatever rides on it) walked from `from` to `end`;
    /// with `bounced`, it reached the goal first and walked back. `rest` is
    /// where it ends up after the geese (`MovedAgain`) and jumps (`Climbed`,
    /// `Slid`) that follow.
    Moved {
        piece: u8,
        carried: u8,
        from: u32,
        end: u32,
        rest: u32,
        die: u32,
        bounced: bool,
    },
    /// The piece landed on a goose at `from` and walked the same roll again
    /// to `end` (back, after a bounce).
    MovedAgain {
        piece: u8,
        carried: u8,
        from: u32,
        end: u32,
        bounced: bool,
    },
    /// A throw from the start that goes straight to `to` (`first_throw`);
    /// the `Moved` that follows takes it there.
    FirstThrow {
        piece: u8,
        to: u32,
    },
    Climbed {
        piece: u8,
        from: u32,
        to: u32,
    },
    Slid {
        piece: u8,
        from: u32,
        to: u32,
    },
    /// The moved pieces came to rest on top of `below` others.
    Stacked {
        piece: u8,
        at: u32,
        below: u8,
    },
    /// A piece that may not share its square sent an occupant back.
    Bumped {
        piece: u8,
        from: u32,
        to: u32,
    },
    /// The roll could not be used and is ignored.
    RollUnused {
        player: u8,
        die: u32,
    },
    /// The player's piece must skip turns (classic) or lie down (Treehouse).
    LoseTurns {
        player: u8,
        piece: u8,
        turns: u32,
    },
    /// A turn skipped because of a lost turn.
    TurnLost {
        player: u8,
    },
    /// The piece came to rest on a well or prison and waits there until
    /// another piece arrives.
    Waiting {
        piece: u8,
        at: u32,
    },
    /// Another piece arrived, so this one is free to move on its next turn.
    Freed {
        piece: u8,
        at: u32,
    },
    /// A turn skipped because the player's piece is waiting.
    StillWaiting {
        player: u8,
        at: u32,
    },
    /// Every player's piece is waiting, so nobody can ever move again: the
    /// game is over without a winner.
    Blocked,
    /// Treehouse, sideways rule: the turn is spent standing a stack up.
    StoodUp {
        player: u8,
        at: u32,
    },
    ExtraTurn {
        player: u8,
    },
    /// A piece reached the goal (team game: it leaves the board).
    Home {
        piece: u8,
    },
    /// The game is over; a bit per winning seat (a stack can share a win).
    Won {
        players: u32,
    },
    /// A piece took the face-down chip on its space.
    ChipTaken {
        piece: u8,
        at: u32,
        value: u32,
    },
    /// A player scored; `total` is their score now.
    Scored {
        player: u8,
        points: u32,
        total: u32,
        why: Why,
        /// An upgrade doubled these points.
        doubled: bool,
    },
    /// Chips were spent (`spent` of them) to upgrade a piece.
    Upgraded {
        piece: u8,
        spent: u32,
        power: Power,
    },
    /// An upgraded piece used its power and is normal again.
    PowerUsed {
        piece: u8,
        power: Power,
    },
    /// The player activated the arrow printed on `at`.
    ArrowActivated {
        player: u8,
        at: u32,
        kind: ArrowKind,
    },
    /// An arrow put a piece straight onto another space (no jumps there).
    Placed {
        piece: u8,
        from: u32,
        to: u32,
    },
}

/// Where points came from.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum Why {
    Chip,
    /// A `Points` space (a coat of arms).
    Space,
    /// An arrow space that did not activate.
    Arrow,
}
