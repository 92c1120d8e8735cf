//! The board's spaces as the search's edits see them: the printed numbers a
//! jump end or an effect may take, and how one is drawn or nudged.

use ladderkit_core::CompiledBoard;
use ladderkit_engine::GameRng;

/// The spaces a jump may use, in printed numbers.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Spaces {
    pub first: u32,
    pub last: u32,
    pub goal: u32,
    /// The start space, when pieces start on the board.
    pub start: Option<u32>,
}

impl Spaces {
    pub fn of(board: &CompiledBoard) -> Self {
        let number = |pos: u32| board.number(pos).unwrap_or(board.first_number);
        Self {
            first: board.first_number,
            last: board.first_number + board.len.saturating_sub(1),
            goal: number(board.goal),
            start: board.number(board.start),
        }
    }

    pub fn random(&self, rng: &mut GameRng) -> u32 {
        self.first + rng.below(self.last - self.first + 1)
    }

    /// Where a moved jump end or effect goes: mostly one to six spaces on
    /// or back (the landscape is smooth there), one time in four anywhere.
    pub fn nudge(&self, space: u32, rng: &mut GameRng) -> u32 {
        if rng.below(4) == 0 {
            return self.random(rng);
        }
        let step = 1 + rng.below(6) as i64;
        let moved = i64::from(space) + if rng.below(2) == 0 { step } else { -step };
        moved.clamp(i64::from(self.first), i64::from(self.last)) as u32
    }

    /// Whether a jump may start here: not on the goal, nor on the start.
    pub fn foot_ok(&self, space: u32) -> bool {
        space != self.goal && Some(space) != self.start
    }
}
