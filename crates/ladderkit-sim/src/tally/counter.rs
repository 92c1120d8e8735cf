//! Counting what the engine's events say happened, over a block of games:
//! where pieces came to rest, which jumps they rode, where they were caught
//! to wait, and the points, chips and arrows. Added to the block's tally
//! once, at its end.

use ladderkit_engine::{Engine, Event, EventSink, State};

use super::Tally;
use super::extras::ExtrasTally;

#[derive(Debug, Default)]
pub(crate) struct Counter {
    heat: Vec<u64>,
    /// Per jump; empty when each game deals its own jumps (rides are not
    /// counted per jump then).
    jumps: Vec<u64>,
    /// Per position: pieces caught to wait there (empty when none can be).
    waits: Vec<u64>,
    /// The jump at each square, of the board being played.
    jump_at: Vec<Option<u32>>,
    extras: ExtrasTally,
    /// The variant plays points, chips or arrows (asked once a block: the
    /// board's answer looks at every space).
    has_extras: bool,
}

impl Counter {
    /// Empty counts for a block of `engine`'s games; `dealt` when every
    /// game deals its own jumps.
    pub(crate) fn start_block(&mut self, engine: &Engine, dealt: bool) {
        let board = engine.board();
        let positions = board.points.len();
        let sizes = [
            (&mut self.heat, positions),
            (&mut self.jumps, if dealt { 0 } else { board.jumps.len() }),
            (&mut self.waits, if board.wait.is_empty() { 0 } else { positions }),
        ];
        for (counts, size) in sizes {
            counts.clear();
            counts.resize(size, 0);
        }
        self.jump_at.clone_from(&board.jump_at);
        self.extras = ExtrasTally::new(engine.seats());
        self.has_extras = board.has_extras();
    }

    /// The next game is played on a board of its own (dealt jumps).
    pub(crate) fn new_board(&mut self, engine: &Engine) {
        self.jump_at.clone_from(&engine.board().jump_at);
    }

    /// A piece came to rest on `at` (what a `Moved` event counts).
    #[inline]
    pub(crate) fn rested(&mut self, at: u32) {
        self.heat[at as usize] += 1;
    }

    /// A piece rode jump `j` (what a `Climbed` or `Slid` event counts).
    #[inline]
    fn rode(&mut self, j: u32) {
        if let Some(n) = self.jumps.get_mut(j as usize) {
            *n += 1;
        }
    }

    /// A game ended as `s`: its final points and who won on them.
    pub(crate) fn end_game(&mut self, s: &State) {
        if self.has_extras {
            self.extras.end_game(s);
        }
    }

    /// Adds the block's counts to its tally.
    pub(crate) fn add_to(&self, tally: &mut Tally) {
        for (total, counts) in
            [(&mut tally.heat, &self.heat), (&mut tally.jumps, &self.jumps), (&mut tally.waits, &self.waits)]
        {
            for (a, b) in total.iter_mut().zip(counts) {
                *a += b;
            }
        }
        if let Some(extras) = &mut tally.extras {
            extras.merge(&self.extras);
        }
    }
}

impl EventSink for Counter {
    fn push(&mut self, event: Event) {
        match event {
            Event::Moved { rest, .. } => self.rested(rest),
            Event::Waiting { at, .. } => self.waits[at as usize] += 1,
            Event::Climbed { from, .. } | Event::Slid { from, .. } => {
                if let Some(j) = self.jump_at[from as usize] {
                    self.rode(j);
                }
            }
            _ => self.extras.count(&event),
        }
    }
}
