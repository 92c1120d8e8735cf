//! One player, one turn at a time. A turn may hold several rolls (extra
//! turns) or none (a lost turn).
//!
//! Expected turns need no turn chain: every roll costs the turns it ends
//! (0 when it earns another roll, 1 plus the turns it makes the player
//! skip otherwise), so the expectation is the visits of the roll chain
//! times each roll's cost. Only a cap on turns in a row makes the cost
//! depend on the rolls before; then the roll chain is taken with the count
//! of turns so far in its state and solved the same way. The distribution
//! by turns needs the turn chain (state: position and pending lost turns).

use ladderkit_core::CompiledBoard;
use ladderkit_core::board::Resolved;
use ladderkit_core::work::Meter;

use crate::chain::{RollChain, Transient};
use crate::linear::Factored;
use crate::tail::{Stepper, Story, Until};
use crate::{AnalysisError, Options};

pub(crate) struct ByTurns {
    pub story: Story,
    pub expected: f64,
}

impl ByTurns {
    /// Index t: chance one player has finished within t turns.
    pub fn finish_within(&self, options: &Options) -> Vec<f64> {
        let mut out = Vec::new();
        let mut t = 0;
        loop {
            let s = self.story.survival.at(t);
            out.push((1.0 - s).max(0.0));
            if s <= options.tail || t >= options.max_steps {
                return out;
            }
            t += 1;
        }
    }
}

/// Whether turns differ from rolls at all on this board.
pub(crate) fn turns_are_rolls(board: &CompiledBoard) -> bool {
    !board.has_turn_effects() && !board.outcomes.iter().any(|o| o.extra_turn)
}

/// The turns a roll ends, given whether the player may take another.
fn cost(r: &Resolved, another_allowed: bool) -> f64 {
    match (r.won, r.extra_turn && another_allowed, r.lose_turns) {
        (true, _, _) => 1.0,
        (false, true, 0) => 0.0,
        // The extra turn is the first one lost.
        (false, true, lose) => f64::from(lose),
        (false, false, lose) => 1.0 + f64::from(lose),
    }
}

/// Expected turns of one player, from the roll chain's visits.
pub(crate) fn expected(chain: &RollChain, visits: &[f64]) -> f64 {
    let board = chain.board;
    let extras = board.outcomes.iter().any(|o| o.extra_turn) || board.rest.iter().any(|r| r.extra_turn);
    match board.max_consecutive_turns {
        Some(cap) if extras && cap > 1 => capped(chain, cap),
        _ => {
            let allowed = board.allows_another_turn(1);
            (0..chain.states())
                .map(|x| {
                    let pos = chain.positions[x];
                    let c: f64 = board
                        .outcomes
                        .iter()
                        .map(|o| board.probability(o) * cost(&board.resolve(pos, o), allowed))
                        .sum();
                    visits[x] * c
                })
                .sum()
        }
    }
}

/// With at most `cap` turns in a row, the state is (position, turns taken
/// in a row so far): 1..=cap.
fn capped(chain: &RollChain, cap: u32) -> f64 {
    let board = chain.board;
    let k_max = cap as usize;
    let index = |x: usize, k: usize| (x * k_max + k - 1) as u32;
    let mut q = Transient { offsets: vec![0], entries: Vec::new() };
    let mut costs = Vec::with_capacity(chain.states() * k_max);
    for x in 0..chain.states() {
        let pos = chain.positions[x];
        for k in 1..=k_max {
            let allowed = board.allows_another_turn(k as u32);
            let mut c = 0.0;
            for o in &board.outcomes {
                let (r, p) = (board.resolve(pos, o), board.probability(o));
                c += p * cost(&r, allowed);
                if r.won {
                    continue;
                }
                let rest = chain.state_of[r.step.rest as usize] as usize;
                let continues = allowed && r.extra_turn && r.lose_turns == 0;
                q.entries.push((index(rest, if continues { k + 1 } else { 1 }), p));
            }
            q.close_row();
            costs.push(c);
        }
    }
    let Some(lu) = Factored::new(&q) else { return f64::INFINITY };
    let visits = lu.visits(index(chain.start as usize, 1) as usize);
    visits.iter().zip(&costs).map(|(v, c)| v * c).sum()
}

/// Where one roll from each state leads, merged by destination.
struct Rows {
    offsets: Vec<usize>,
    entries: Vec<(u32, f64)>,
}

impl Rows {
    fn new() -> Self {
        Self { offsets: vec![0], entries: Vec::new() }
    }

    fn add(&mut self, to: usize, p: f64) {
        let start = *self.offsets.last().unwrap_or(&0);
        match self.entries[start..].iter_mut().find(|(d, _)| *d as usize == to) {
            Some((_, q)) => *q += p,
            None => self.entries.push((to as u32, p)),
        }
    }

    fn close(&mut self) {
        self.offsets.push(self.entries.len());
    }

    fn row(&self, x: usize) -> &[(u32, f64)] {
        &self.entries[self.offsets[x]..self.offsets[x + 1]]
    }
}

/// Below this share of the unfinished games, mass still rolling extra
/// turns inside one turn is dropped (far below the analysis' precision).
const NEGLIGIBLE: f64 = 1e-14;

/// One turn of the turn chain. State: (roll-chain state, pending lost turns).
struct Turn<'a> {
    board: &'a CompiledBoard,
    lose_levels: usize,
    wins: Vec<f64>,
    /// Rolls that roll again (when the cap allows); rolls that end the
    /// turn, when another is allowed and when it is not.
    again: Rows,
    end: Rows,
    capped: Rows,
    rolling: Vec<f64>,
    rolling_next: Vec<f64>,
}

impl<'a> Turn<'a> {
    fn new(chain: &RollChain<'a>) -> Self {
        let board = chain.board;
        let lose_levels = board.rest.iter().map(|r| r.lose_turns).max().unwrap_or(0) as usize + 1;
        let index = |x: u32, lose: u32| x as usize * lose_levels + lose as usize;
        let n = chain.states();
        let mut wins = vec![0.0; n];
        let (mut again, mut end, mut capped) = (Rows::new(), Rows::new(), Rows::new());
        for (x, &pos) in chain.positions.iter().enumerate() {
            for o in &board.outcomes {
                let (r, p) = (board.resolve(pos, o), board.probability(o));
                if r.won {
                    wins[x] += p;
                    continue;
                }
                let (rest, lose) = (chain.state_of[r.step.rest as usize], r.lose_turns);
                capped.add(index(rest, lose), p);
                match (r.extra_turn, lose) {
                    (true, 0) => again.add(rest as usize, p),
                    (true, _) => end.add(index(rest, lose - 1), p),
                    (false, _) => end.add(index(rest, lose), p),
                }
            }
            again.close();
            end.close();
            capped.close();
        }
        Self { board, lose_levels, wins, again, end, capped, rolling: vec![0.0; n], rolling_next: vec![0.0; n] }
    }
}

impl Stepper for Turn<'_> {
    fn step(&mut self, mass: &[f64], next: &mut [f64]) -> (f64, f64) {
        let levels = self.lose_levels;
        next.iter_mut().for_each(|m| *m = 0.0);
        self.rolling.iter_mut().for_each(|m| *m = 0.0);
        let mut survival = 0.0;
        for (state, &m) in mass.iter().enumerate() {
            if m == 0.0 {
                continue;
            }
            survival += m;
            let (x, lose) = (state / levels, state % levels);
            if lose > 0 {
                next[state - 1] += m;
            } else {
                self.rolling[x] += m;
            }
        }
        let (mut rolls, mut finished) = (0.0, 0.0);
        let mut turns_in_row = 1;
        loop {
            let live: f64 = self.rolling.iter().sum();
            if live <= NEGLIGIBLE * survival {
                break;
            }
            self.rolling_next.iter_mut().for_each(|m| *m = 0.0);
            let again = self.board.allows_another_turn(turns_in_row);
            for (x, &m) in self.rolling.iter().enumerate() {
                if m == 0.0 {
                    continue;
                }
                rolls += m;
                finished += m * self.wins[x];
                if again {
                    for &(d, p) in self.again.row(x) {
                        self.rolling_next[d as usize] += m * p;
                    }
                    for &(d, p) in self.end.row(x) {
                        next[d as usize] += m * p;
                    }
                } else {
                    for &(d, p) in self.capped.row(x) {
                        next[d as usize] += m * p;
                    }
                }
            }
            std::mem::swap(&mut self.rolling, &mut self.rolling_next);
            turns_in_row += 1;
        }
        (finished, rolls)
    }
}

/// The distribution by turns; the roll story when turns are rolls.
pub(crate) async fn story(
    chain: &RollChain<'_>,
    rolls: Option<&Story>,
    until: Until,
    meter: &Meter,
) -> Result<Story, AnalysisError> {
    if turns_are_rolls(chain.board) {
        if let Some(rolls) = rolls {
            return Ok(rolls.clone());
        }
        return crate::rolls::story(chain, until, meter).await;
    }
    let mut turn = Turn::new(chain);
    let mut start = vec![0.0; chain.states() * turn.lose_levels];
    start[chain.start as usize * turn.lose_levels] = 1.0;
    crate::tail::story(start, &mut turn, until, meter, (0.5, 0.7)).await
}
