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
        Some(cap) if extras && cap > 1 => capped_by_visits(chain, cap, visits).unwrap_or_else(|| capped(chain, cap)),
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

/// Sweeps `capped_by_visits` takes at most before it leaves the work to
/// `capped` (extra turns that a piece keeps earning for long runs).
const CAP_SWEEPS: usize = 200;

/// `capped` from the roll chain's visits, without a solve: where a piece
/// rolls does not depend on the turns in a row, so the visits `v` of the
/// roll chain are the visits of (position, turns in a row) summed over the
/// turns in a row, and only the rolls taken as the `cap`-th turn in a row
/// cost otherwise. With `A` the rolls that earn another turn (none to
/// lose), the visits as the `k`-th turn in a row are `v_k = (Aᵀ)^(k−1) v_1`,
/// and `Σ_k v_k = v` gives `v_1 = (I − Aᵀ) v + (Aᵀ)^cap v_1`, swept to a
/// fixed point; `None` if it does not settle within `CAP_SWEEPS`.
fn capped_by_visits(chain: &RollChain, cap: u32, visits: &[f64]) -> Option<f64> {
    let board = chain.board;
    let rolls = TurnRolls::new(chain);
    let n = chain.states();
    let push = |from: &[f64], to: &mut [f64]| {
        to.iter_mut().for_each(|m| *m = 0.0);
        for (x, &m) in from.iter().enumerate().filter(|(_, m)| **m != 0.0) {
            for &(y, p) in rolls.again.row(x) {
                to[y as usize] += m * p;
            }
        }
    };
    let (mut pushed, mut scratch) = (vec![0.0; n], vec![0.0; n]);
    push(visits, &mut pushed);
    let fixed: Vec<f64> = visits.iter().zip(&pushed).map(|(v, a)| v - a).collect();
    let scale: f64 = visits.iter().sum();
    let mut first = fixed.clone();
    let mut settled = false;
    for _ in 0..CAP_SWEEPS {
        pushed.copy_from_slice(&first);
        for _ in 0..cap {
            push(&pushed, &mut scratch);
            std::mem::swap(&mut pushed, &mut scratch);
        }
        let mut change: f64 = 0.0;
        for ((v1, f), a) in first.iter_mut().zip(&fixed).zip(&pushed) {
            let next = f + a;
            change = change.max((next - *v1).abs());
            *v1 = next;
        }
        if change <= 1e-16 * scale.max(1.0) {
            settled = true;
            break;
        }
    }
    if !settled {
        return None;
    }
    // The visits as the `cap`-th turn in a row.
    let mut last = first;
    for _ in 1..cap {
        push(&last, &mut scratch);
        std::mem::swap(&mut last, &mut scratch);
    }
    let costs = |x: usize, allowed: bool| -> f64 {
        let pos = chain.positions[x];
        board.outcomes.iter().map(|o| board.probability(o) * cost(&board.resolve(pos, o), allowed)).sum()
    };
    Some(
        (0..n)
            .map(|x| {
                let (free, capped) = (costs(x, true), costs(x, false));
                visits[x] * free + last[x] * (capped - free)
            })
            .sum(),
    )
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
pub(crate) struct Rows {
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

    pub fn row(&self, x: usize) -> &[(u32, f64)] {
        &self.entries[self.offsets[x]..self.offsets[x + 1]]
    }

    pub fn is_empty(&self) -> bool {
        self.entries.is_empty()
    }
}

/// Below this share of the unfinished games, mass still rolling extra
/// turns inside one turn is dropped (far below the analysis' precision).
const NEGLIGIBLE: f64 = 1e-14;

/// One roll of one piece under the turn rules, the one place they are
/// read: from each roll-chain state, the chance to win and where the rest
/// leads, split by what becomes of the turn. A turn state is (roll-chain
/// state `x`, pending lost turns `l`), numbered `x * lose_levels + l`, so
/// turn states too are in position order.
pub(crate) struct TurnRolls<'a> {
    pub board: &'a CompiledBoard,
    /// Pending lost turns run from 0 to `lose_levels − 1`.
    pub lose_levels: usize,
    pub wins: Vec<f64>,
    /// When another turn is allowed: rolls that roll again at once (to a
    /// roll-chain state), and rolls that end the turn (to a turn state; an
    /// extra turn with turns to lose is the first one lost).
    pub again: Rows,
    pub end: Rows,
    /// When the cap allows no other turn: every roll ends the turn.
    pub capped: Rows,
}

impl<'a> TurnRolls<'a> {
    pub fn new(chain: &RollChain<'a>) -> Self {
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
        Self { board, lose_levels, wins, again, end, capped }
    }

    /// The rows a roll taken as the `turns_in_row`-th turn in a row
    /// follows: (rolls again, ends the turn).
    pub fn rows(&self, turns_in_row: u32) -> (Option<&Rows>, &Rows) {
        if self.board.allows_another_turn(turns_in_row) { (Some(&self.again), &self.end) } else { (None, &self.capped) }
    }
}

/// One turn of the turn chain. State: (roll-chain state, pending lost turns).
struct Turn<'a> {
    rolls: TurnRolls<'a>,
    rolling: Vec<f64>,
    rolling_next: Vec<f64>,
}

impl<'a> Turn<'a> {
    fn new(chain: &RollChain<'a>) -> Self {
        let n = chain.states();
        Self { rolls: TurnRolls::new(chain), rolling: vec![0.0; n], rolling_next: vec![0.0; n] }
    }
}

impl Stepper for Turn<'_> {
    fn step(&mut self, mass: &[f64], next: &mut [f64]) -> (f64, f64) {
        let levels = self.rolls.lose_levels;
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
            let (again, end) = self.rolls.rows(turns_in_row);
            for (x, &m) in self.rolling.iter().enumerate() {
                if m == 0.0 {
                    continue;
                }
                rolls += m;
                finished += m * self.rolls.wins[x];
                for &(d, p) in again.map_or(&[][..], |a| a.row(x)) {
                    self.rolling_next[d as usize] += m * p;
                }
                for &(d, p) in end.row(x) {
                    next[d as usize] += m * p;
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
    let levels = turn.rolls.lose_levels;
    let mut start = vec![0.0; chain.states() * levels];
    start[chain.start as usize * levels] = 1.0;
    crate::tail::story(start, &mut turn, until, meter, (0.5, 0.7)).await
}

#[cfg(test)]
mod tests {
    use ladderkit_core::compile;
    use ladderkit_core::sample::{random_board, with_turn_effects};

    use super::*;
    use crate::chain::Scope;

    /// The expected turns under a cap from the roll chain's visits equal
    /// the solve over (position, turns in a row), cap by cap.
    #[test]
    fn capped_turns_from_the_visits_are_the_solves() {
        for cap in 2..=5 {
            for spec in [random_board(10, 10, 12), random_board(20, 20, 60)] {
                let mut spec = with_turn_effects(spec);
                spec.rules.max_consecutive_turns = Some(cap);
                let board = compile(&spec).board;
                let chain = RollChain::new(&board, Scope::FromStart);
                let lu = Factored::new(&chain.q).unwrap();
                let visits = crate::rolls::Visits::new(&chain, &lu);
                let fast = capped_by_visits(&chain, cap, &visits.per_state).expect("settles");
                let solved = capped(&chain, cap);
                assert!((fast - solved).abs() <= 1e-12 * solved, "cap {cap}: {fast} against {solved}");
            }
        }
    }
}
