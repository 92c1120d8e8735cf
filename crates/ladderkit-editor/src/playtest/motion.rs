//! How long each event takes to show, and where a moving piece is along
//! the way: square by square along the path, straight up a ladder, wiggling
//! down a snake, back off the goal after a bounce.

use ladderkit::core::CompiledBoard;
use ladderkit::core::spec::Point;
use ladderkit::engine::Event;

/// Seconds per square walked, at speed 1.
const SQUARE: f32 = 0.16;

#[derive(Debug, Clone, PartialEq)]
pub enum Motion {
    /// Positions visited, first to last (one square per step).
    Walk(Vec<u32>),
    Jump {
        from: u32,
        to: u32,
        snake: bool,
    },
    /// Nothing moves; the event is read (dice, banners, the log).
    Still,
}

#[derive(Debug, Clone, PartialEq)]
pub struct Anim {
    pub event: Event,
    pub motion: Motion,
    pub elapsed: f32,
    pub duration: f32,
}

impl Anim {
    pub fn new(event: Event, board: &CompiledBoard) -> Self {
        let (motion, duration) = match event {
            Event::Moved { from, end, bounced, .. } => {
                let path = walk(from, end, bounced.then_some(board.goal));
                let d = SQUARE * (path.len().saturating_sub(1)) as f32;
                (Motion::Walk(path), d.max(0.2))
            }
            Event::MovedAgain { from, end, bounced, .. } => {
                let path = walk(from, end, bounced.then_some(board.goal));
                let d = SQUARE * (path.len().saturating_sub(1)) as f32;
                (Motion::Walk(path), d.max(0.2))
            }
            Event::Climbed { from, to, .. } => (Motion::Jump { from, to, snake: false }, 0.6),
            Event::Slid { from, to, .. } => (Motion::Jump { from, to, snake: true }, 0.7),
            Event::Bumped { from, to, .. } => (Motion::Jump { from, to, snake: false }, 0.45),
            Event::Rolled { .. } => (Motion::Still, 0.55),
            Event::TurnStarted { .. } => (Motion::Still, 0.15),
            Event::Won { .. } => (Motion::Still, 0.8),
            Event::ExtraTurn { .. } | Event::TurnLost { .. } | Event::LoseTurns { .. } | Event::StoodUp { .. } => {
                (Motion::Still, 0.5)
            }
            Event::FirstThrow { .. }
            | Event::Waiting { .. }
            | Event::Freed { .. }
            | Event::StillWaiting { .. }
            | Event::Blocked => (Motion::Still, 0.5),
            Event::Placed { from, to, .. } => (Motion::Jump { from, to, snake: false }, 0.6),
            Event::ArrowActivated { .. } | Event::Upgraded { .. } | Event::PowerUsed { .. } => (Motion::Still, 0.5),
            Event::ChipTaken { .. } | Event::Scored { .. } => (Motion::Still, 0.3),
            Event::Stacked { .. } | Event::Home { .. } | Event::RollUnused { .. } => (Motion::Still, 0.25),
        };
        Self { event, motion, elapsed: 0.0, duration }
    }

    /// Where the moving pieces are now, in board units.
    pub fn point(&self, board: &CompiledBoard) -> Point {
        self.motion.point(progress(self.elapsed, self.duration), board)
    }
}

/// How far along an animation is, 0 to 1.
pub fn progress(elapsed: f32, duration: f32) -> f32 {
    if duration > 0.0 { (elapsed / duration).clamp(0.0, 1.0) } else { 1.0 }
}

impl Motion {
    /// Where a piece following this motion is at `t` (0 to 1).
    pub fn point(&self, t: f32, board: &CompiledBoard) -> Point {
        let at = |pos: u32| board.points[(pos as usize).min(board.points.len() - 1)];
        match self {
            Motion::Walk(path) if path.len() >= 2 => {
                let f = t * (path.len() - 1) as f32;
                let i = (f.floor() as usize).min(path.len() - 2);
                let frac = f - i as f32;
                let p = lerp(at(path[i]), at(path[i + 1]), frac);
                // A little hop on every square.
                Point { x: p.x, y: p.y + 0.22 * (frac * std::f32::consts::PI).sin() }
            }
            Motion::Walk(path) => at(path.first().copied().unwrap_or(0)),
            Motion::Jump { from, to, snake } => {
                let eased = t * t * (3.0 - 2.0 * t);
                let (a, b) = (at(*from), at(*to));
                let p = lerp(a, b, eased);
                if *snake {
                    // Wiggle across the line, as the snake's body does.
                    let (dx, dy) = (b.x - a.x, b.y - a.y);
                    let len = (dx * dx + dy * dy).sqrt().max(1e-3);
                    let w = 0.3 * (t * std::f32::consts::TAU * 2.0).sin();
                    Point { x: p.x - dy / len * w, y: p.y + dx / len * w }
                } else {
                    p
                }
            }
            Motion::Still => Point { x: 0.0, y: 0.0 },
        }
    }
}

/// Positions walked from `from` to `end`, through `bounce_off` first if
/// the piece bounced.
pub fn walk(from: u32, end: u32, bounce_off: Option<u32>) -> Vec<u32> {
    let mut path = vec![from];
    let mut go = |to: u32| {
        let mut at = *path.last().expect("starts non-empty");
        while at != to {
            at = if to > at { at + 1 } else { at - 1 };
            path.push(at);
        }
    };
    if let Some(goal) = bounce_off {
        go(goal);
    }
    go(end);
    path
}

fn lerp(a: Point, b: Point, t: f32) -> Point {
    Point { x: a.x + (b.x - a.x) * t, y: a.y + (b.y - a.y) * t }
}

#[cfg(test)]
mod tests {
    use super::walk;

    #[test]
    fn walks_square_by_square_and_bounces_off_the_goal() {
        assert_eq!(walk(3, 6, None), vec![3, 4, 5, 6]);
        assert_eq!(walk(98, 97, Some(100)), vec![98, 99, 100, 99, 98, 97]);
        assert_eq!(walk(5, 5, None), vec![5]);
    }
}
