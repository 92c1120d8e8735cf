//! One two-player race played out on the one-piece chain from a seed, with
//! seat A's win chance after every turn: the game a chart of "how the odds
//! swung" shows. Seeded (`GameRng`), so a seed always gives the same game.

use ladderkit_core::CompiledBoard;
use ladderkit_core::rng::GameRng;

use crate::chain::{RollChain, Scope};
use crate::excitement::{A, Excitement, Measures, sole};

/// Games tried for a typical one before the last is taken.
pub const TRIES: u64 = 2_000;

/// A game this long is given up (one that never ends has no course).
const MAX_TURNS: usize = 1_000_000;

/// A game, turn by turn.
#[derive(Debug, Clone, PartialEq)]
pub struct Course {
    /// Before the first turn and after each: both pieces' positions and
    /// seat A's chance to win (1 or 0 once the game is won).
    pub steps: Vec<CourseStep>,
    /// 0 for seat A (the first to move), 1 for seat B.
    pub winner: usize,
    /// Lead changes by position, as `Excitement::lead_changes` counts them.
    pub lead_changes: u32,
    /// The game's length in rounds (a round is a turn of each seat).
    pub rounds: u32,
    /// The seed it was played from.
    pub seed: u64,
}

#[derive(Debug, Clone, Copy, PartialEq)]
pub struct CourseStep {
    pub positions: [u32; 2],
    pub a_wins: f64,
}

impl Measures {
    /// Whether a game `rounds` long with `lead_changes` is typical of
    /// these measures: its length within a fifth of a median game's, its
    /// lead changes the mean's, give or take one.
    pub fn is_typical(&self, rounds: u32, lead_changes: u32) -> bool {
        let median = f64::from(2 * self.half_way_round);
        let changes = self.lead_changes.mean.round();
        (f64::from(rounds) - median).abs() <= 0.2 * median && (f64::from(lead_changes) - changes).abs() <= 1.0
    }
}

impl Excitement {
    /// A typical game on `board` (the board these measures are of): from
    /// `seed` on, the first game whose length is within a fifth of a
    /// median game's and whose lead changes are the mean's, give or take
    /// one. `None` if a piece cannot race from the start.
    pub fn typical_course(&self, board: &CompiledBoard, seed: u64) -> Option<Course> {
        let chain = RollChain::new(board, Scope::FromStart);
        let mut last = None;
        for s in seed..seed.saturating_add(TRIES) {
            let course = self.play(&chain, s)?;
            if self.is_typical(course.rounds, course.lead_changes) {
                return Some(course);
            }
            last = Some(course);
        }
        last
    }

    /// Game `seed`, whatever it is like.
    fn play(&self, chain: &RollChain<'_>, seed: u64) -> Option<Course> {
        let mut rng = GameRng::for_game(seed, 0);
        let mut uniform = move || rng.unit();
        let board = chain.board;
        let mut state = [chain.start as usize; 2];
        let position = |x: usize| chain.positions[x];
        let chance = |state: [usize; 2], mover: usize| {
            let at = |seat: usize| position(state[seat]);
            let m = self.win_chance.of_mover(at(mover), at(1 - mover))?;
            Some(if mover == 0 { m } else { 1.0 - m })
        };
        let mut steps = vec![CourseStep { positions: [board.start; 2], a_wins: chance(state, 0)? }];
        let (mut led, mut lead_changes) = (None, 0);
        for turn in 0..MAX_TURNS {
            let mover = turn % 2;
            // One roll of the mover's piece: it finishes, or moves on by
            // its row (what is left of the row, by rounding, stays put).
            let mut u = uniform();
            let x = state[mover];
            if u < chain.win[x] {
                let mut positions = [position(state[0]), position(state[1])];
                positions[mover] = board.goal;
                lead_changes += u32::from(led.is_some_and(|l| l != mover));
                steps.push(CourseStep { positions, a_wins: if mover == 0 { 1.0 } else { 0.0 } });
                let rounds = turn as u32 / 2 + 1;
                return Some(Course { steps, winner: mover, lead_changes, rounds, seed });
            }
            u -= chain.win[x];
            for &(to, p) in chain.q.row(x) {
                if u < p {
                    state[mover] = to as usize;
                    break;
                }
                u -= p;
            }
            let positions = [position(state[0]), position(state[1])];
            if let Some(now) = sole(positions[0], positions[1]).map(|s| usize::from(s != A)) {
                lead_changes += u32::from(led.is_some_and(|l| l != now));
                led = Some(now);
            }
            steps.push(CourseStep { positions, a_wins: chance(state, 1 - mover)? });
        }
        None
    }
}
