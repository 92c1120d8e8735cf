//! A board the checks passed: the only kind the engine plays and the
//! analysis solves. As shakmaty turns a `Setup` into a `Position`, a
//! `Compiled` variant becomes `Playable` only when its diagnostics hold no
//! error, so a board with errors cannot reach them by mistake.

use std::ops::Deref;

use crate::board::CompiledBoard;
use crate::compile::Compiled;

/// A compiled board free of check errors (see `Compiled::playable`).
#[derive(Debug, Clone, PartialEq)]
pub struct Playable(CompiledBoard);

impl Compiled {
    /// The board, if the checks found no error.
    pub fn playable(&self) -> Option<Playable> {
        (!self.has_errors()).then(|| Playable(self.board.clone()))
    }

    /// `playable` without copying the board.
    pub fn into_playable(self) -> Option<Playable> {
        (!self.has_errors()).then_some(Playable(self.board))
    }
}

impl Deref for Playable {
    type Target = CompiledBoard;

    fn deref(&self) -> &CompiledBoard {
        &self.0
    }
}

impl Playable {
    pub fn board(&self) -> &CompiledBoard {
        &self.0
    }

    pub fn into_board(self) -> CompiledBoard {
        self.0
    }
}
