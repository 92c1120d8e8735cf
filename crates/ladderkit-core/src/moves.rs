//! Moves by one dice total from every position, each goose chain walked
//! once. A move that lands on a goose repeats the roll, so on a board of
//! geese a chain runs the length of the board; walked afresh from every
//! position, as `CompiledBoard::step` does, the checks cost the square of
//! the board (100,000 geese: 30 s to open the file). Here each chain's end
//! is remembered where it was found.

use crate::board::{CompiledBoard, Outcome, Step};

pub struct Moves<'a> {
    board: &'a CompiledBoard,
    total: u32,
    /// Per goose reached moving forward (even index) or back (odd): where
    /// the rest of the chain ends, and whether any later part bounced.
    /// Empty when the board has no geese.
    ends: Vec<Option<(Step, bool)>>,
    /// Per goose reached forward or back: its chain was walked by `parts`.
    walked: Vec<bool>,
    stack: Vec<(usize, bool)>,
}

impl<'a> Moves<'a> {
    pub fn new(board: &'a CompiledBoard, total: u32) -> Self {
        let geese = if board.again.is_empty() { 0 } else { 2 * board.points.len() };
        Self { board, total, ends: vec![None; geese], walked: vec![false; geese], stack: Vec::new() }
    }

    pub fn total(&self) -> u32 {
        self.total
    }

    /// `CompiledBoard::travel` of `outcome` (of this total) from `pos`.
    pub fn travel(&mut self, pos: u32, outcome: &Outcome) -> Step {
        debug_assert_eq!(outcome.total, self.total);
        match self.board.first_throw_from(pos, outcome) {
            Some(to) => self.board.land(to, false),
            None => self.step(pos),
        }
    }

    /// `CompiledBoard::step` by this total from `pos`.
    pub fn step(&mut self, pos: u32) -> Step {
        let first = self.board.step_once(pos, self.total);
        if !self.repeats(&first) {
            return first;
        }
        let (mut at, mut back) = (first.end, first.bounced);
        let mut tail = loop {
            let key = 2 * at as usize + usize::from(back);
            if let Some(known) = self.ends[key] {
                break known;
            }
            let more = self.again(at, back);
            let end = if more.forfeited {
                // The repeat cannot be made: the piece stays on the goose.
                (self.board.land(at, false), false)
            } else if !self.repeats(&more) {
                (more, more.bounced)
            } else {
                self.stack.push((key, more.bounced));
                (at, back) = (more.end, back || more.bounced);
                continue;
            };
            self.ends[key] = Some(end);
            break end;
        };
        while let Some((key, bounced)) = self.stack.pop() {
            tail.1 |= bounced;
            self.ends[key] = Some(tail);
        }
        Step { bounced: first.bounced || tail.1, ..tail.0 }
    }

    /// Calls `landed` with where each part of `CompiledBoard::segments`
    /// from `pos` ends, but a chain already walked from another position
    /// is not walked again (its parts were reported then).
    pub fn parts(&mut self, pos: u32, outcome: &Outcome, mut landed: impl FnMut(u32)) {
        debug_assert_eq!(outcome.total, self.total);
        let mut part = match self.board.first_throw_from(pos, outcome) {
            Some(to) => return landed(to),
            None => self.board.step_once(pos, self.total),
        };
        if part.forfeited {
            return;
        }
        landed(part.end);
        let mut back = part.bounced;
        while self.repeats(&part) {
            let key = 2 * part.end as usize + usize::from(back);
            if std::mem::replace(&mut self.walked[key], true) {
                return;
            }
            part = self.again(part.end, back);
            if part.forfeited {
                return;
            }
            landed(part.end);
            back |= part.bounced;
        }
    }

    /// Whether the move goes on after `part`: it ended on a goose.
    fn repeats(&self, part: &Step) -> bool {
        let b = self.board;
        !part.forfeited && part.rest == part.end && part.end != b.goal && b.is_goose(part.end)
    }

    /// The repeat from the goose at `at`: on forward, or back after a
    /// bounce.
    fn again(&self, at: u32, back: bool) -> Step {
        if back { self.board.step_back(at, self.total) } else { self.board.step_once(at, self.total) }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::spec::{Effect, Overshoot, SpaceEffect, VariantSpec};

    /// Every move and every landing, on boards of geese of every density
    /// and each overshoot rule, as `step` and `segments` give them.
    #[test]
    fn moves_equal_the_plain_steps_and_segments() {
        for overshoot in [Overshoot::Forfeit, Overshoot::Bounce, Overshoot::ReachOrPass] {
            for every in 1..5u32 {
                let mut spec = VariantSpec::new_grid("t", 10, 6, crate::spec::PathStyle::Boustrophedon);
                spec.rules.overshoot = overshoot;
                spec.rules.dice.count = 2;
                for space in (2..60).filter(|s| s % every == 0 || s % 7 == 3) {
                    spec.effects.push(SpaceEffect { space, effect: Effect::MoveAgain });
                }
                spec.jumps.push(crate::spec::Jump { from: 9, to: 31, kind: None });
                let b = crate::compile(&spec).board;
                assert!(!b.again.is_empty());
                for o in &b.outcomes {
                    let mut moves = Moves::new(&b, o.total);
                    let mut landed = vec![false; b.points.len()];
                    let mut expected = vec![false; b.points.len()];
                    // Backwards, so later chains meet ones already walked.
                    for pos in (0..b.points.len() as u32).rev() {
                        assert_eq!(
                            moves.travel(pos, o),
                            b.travel(pos, o),
                            "{overshoot:?}, every {every}, {pos} + {}",
                            o.total
                        );
                        moves.parts(pos, o, |e| landed[e as usize] = true);
                        for part in b.segments(pos, o).filter(|s| !s.forfeited) {
                            expected[part.end as usize] = true;
                        }
                    }
                    assert_eq!(landed, expected, "{overshoot:?}, every {every}, total {}", o.total);
                }
            }
        }
    }
}
