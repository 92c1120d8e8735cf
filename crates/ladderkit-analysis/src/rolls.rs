//! One piece, one roll at a time: where it rests after each roll. Lost and
//! extra turns do not move pieces, so this chain alone decides the roll
//! statistics, the heat and the jump use.

use ladderkit_core::{CompiledBoard, Reachability};

use crate::{AnalysisError, Options, linear};

/// Dense solves are exact and cheap below this many positions.
const DENSE_LIMIT: usize = 1200;

/// From one position: (where the dice movement ends, probability, whether
/// the piece moved at all), merged.
type Moves = Vec<(u32, f64, bool)>;

pub(crate) struct RollChain<'a> {
    board: &'a CompiledBoard,
    moves: Vec<Moves>,
}

pub(crate) struct ByRolls {
    pub finish_within: Vec<f64>,
    pub expected: f64,
    pub heat: Vec<f64>,
    pub jump_uses: Vec<f64>,
}

impl<'a> RollChain<'a> {
    pub fn new(board: &'a CompiledBoard) -> Self {
        let moves = (0..board.points.len() as u32)
            .map(|pos| {
                let mut moves: Moves = Vec::new();
                if pos == board.goal {
                    return moves;
                }
                for o in &board.outcomes {
                    let step = board.step(pos, o.total);
                    let (end, moved) = (step.end, !step.forfeited);
                    let p = board.probability(o);
                    match moves.iter_mut().find(|(e, _, m)| *e == end && *m == moved) {
                        Some((_, q, _)) => *q += p,
                        None => moves.push((end, p, moved)),
                    }
                }
                moves
            })
            .collect();
        Self { board, moves }
    }

    /// Refuses boards where a reachable position can never finish.
    pub fn check_finishes(&self) -> Result<(), AnalysisError> {
        let stuck = Reachability::new(self.board).trapped();
        if stuck.is_empty() { Ok(()) } else { Err(AnalysisError::NeverFinishes(stuck)) }
    }

    /// Pushes the distribution forward one roll at a time until the chance
    /// of an unfinished game is below the tail. `stop` is asked between
    /// rolls, so a caller can give up on a long analysis.
    pub fn iterate(&self, options: &Options, stop: &dyn Fn(f64) -> bool) -> Result<ByRolls, AnalysisError> {
        let board = self.board;
        let n = board.points.len();
        let goal = board.goal as usize;
        // The chain as flat rows (where a piece rests, probability), merged:
        // the loop below is a sparse matrix-vector product.
        let mut offsets = Vec::with_capacity(n + 1);
        let mut rows: Vec<(u32, f64)> = Vec::new();
        for (pos, moves) in self.moves.iter().enumerate() {
            offsets.push(rows.len());
            let row_start = rows.len();
            if pos == goal {
                continue;
            }
            for &(end, p, _) in moves {
                let rest = board.landing[end as usize];
                match rows[row_start..].iter_mut().find(|(r, _)| *r == rest) {
                    Some((_, q)) => *q += p,
                    None => rows.push((rest, p)),
                }
            }
        }
        offsets.push(rows.len());
        let mut mass = vec![0.0; n];
        mass[board.start as usize] = 1.0;
        let mut next = vec![0.0; n];
        // Expected rolls made from each position: heat and jump use follow
        // from it once, after the loop, instead of on every roll.
        let mut visits = vec![0.0; n];
        let mut finish_within = vec![0.0];
        let mut done = 0.0;
        let (mut expected, mut survival, mut previous) = (0.0, 1.0, 1.0);
        while survival > options.tail {
            if finish_within.len() > options.max_steps {
                return Err(too_long(options.max_steps, survival));
            }
            if finish_within.len().is_multiple_of(64) && stop(0.0 + 0.5 * crate::progress(survival, options.tail)) {
                return Err(AnalysisError::Cancelled);
            }
            expected += survival;
            next.iter_mut().for_each(|m| *m = 0.0);
            for (pos, &m) in mass.iter().enumerate() {
                if m == 0.0 {
                    continue;
                }
                visits[pos] += m;
                for &(rest, p) in &rows[offsets[pos]..offsets[pos + 1]] {
                    next[rest as usize] += m * p;
                }
            }
            done += next[goal];
            next[goal] = 0.0;
            std::mem::swap(&mut mass, &mut next);
            previous = survival;
            survival = mass.iter().sum();
            finish_within.push(done.min(1.0));
        }
        // The tail decays geometrically; add what the cut-off left out.
        let ratio = if previous > 0.0 { survival / previous } else { 0.0 };
        if ratio < 1.0 {
            expected += survival / (1.0 - ratio);
        }
        let mut heat = vec![0.0; n];
        let mut jump_uses = vec![0.0; board.jumps.len()];
        for (pos, &v) in visits.iter().enumerate() {
            if v == 0.0 || pos == goal {
                continue;
            }
            for &(end, p, moved) in &self.moves[pos] {
                if moved {
                    heat[board.landing[end as usize] as usize] += v * p;
                }
                for j in board.chain(end) {
                    jump_uses[j as usize] += v * p;
                }
            }
        }
        heat[goal] = 0.0;
        Ok(ByRolls { finish_within, expected, heat, jump_uses })
    }

    /// Expected rolls from the start by solving (I − Q) x = 1, for small
    /// boards; `None` on large ones (the iterated sum is used instead).
    pub fn expected_rolls(&self) -> Option<f64> {
        let board = self.board;
        let n = board.points.len();
        if n > DENSE_LIMIT {
            return None;
        }
        let mut a = vec![0.0; n * n];
        let mut b = vec![1.0; n];
        for pos in 0..n {
            a[pos * n + pos] += 1.0;
            if pos == board.goal as usize {
                b[pos] = 0.0;
                continue;
            }
            for &(end, p, _) in &self.moves[pos] {
                let rest = board.landing[end as usize] as usize;
                if rest != board.goal as usize {
                    a[pos * n + rest] -= p;
                }
            }
        }
        // Positions no piece reaches may be stuck; they do not touch the
        // start's row, but they can make the matrix singular.
        linear::solve(a, b).map(|x| x[board.start as usize]).filter(|x| x.is_finite())
    }

    /// Expected rolls to finish from every position (0 at the goal), by
    /// Gauss–Seidel sweeps; positions that never finish get `f64::INFINITY`.
    pub fn expected_from_each(&self) -> Vec<f64> {
        let board = self.board;
        let n = board.points.len();
        let stuck = ladderkit_core::Reachability::new(board);
        let mut x = vec![0.0; n];
        for _ in 0..100_000 {
            let mut change: f64 = 0.0;
            for pos in (0..n).rev() {
                if pos == board.goal as usize || !stuck.finishes[pos] {
                    continue;
                }
                let (mut stay, mut sum) = (0.0, 1.0);
                for &(end, p, _) in &self.moves[pos] {
                    let rest = board.landing[end as usize] as usize;
                    if rest == pos { stay += p } else { sum += p * x[rest] }
                }
                let value = sum / (1.0 - stay);
                change = change.max((value - x[pos]).abs() / value.max(1.0));
                x[pos] = value;
            }
            if change < 1e-10 {
                break;
            }
        }
        for (pos, v) in x.iter_mut().enumerate() {
            if !stuck.finishes[pos] {
                *v = f64::INFINITY;
            }
        }
        x
    }

    pub fn within_budget(&self, options: &Options) -> bool {
        let b = self.board;
        b.points.len().saturating_mul(b.outcomes.len()).saturating_mul(b.jumps.len()) <= options.jump_odds_budget
    }

    /// Chance a piece rides jump `j` at least once before finishing.
    pub fn jump_probability(&self, j: usize, options: &Options) -> f64 {
        let board = self.board;
        let goal = board.goal as usize;
        let mut mass = vec![0.0; board.points.len()];
        mass[board.start as usize] = 1.0;
        let mut next = mass.clone();
        let mut hit = 0.0;
        let mut left = 1.0;
        let mut steps = 0;
        while left > options.tail && steps < options.max_steps {
            steps += 1;
            next.iter_mut().for_each(|m| *m = 0.0);
            for (pos, &m) in mass.iter().enumerate() {
                if m == 0.0 || pos == goal {
                    continue;
                }
                for &(end, p, _) in &self.moves[pos] {
                    if board.chain(end).any(|k| k as usize == j) {
                        hit += m * p;
                    } else {
                        next[board.landing[end as usize] as usize] += m * p;
                    }
                }
            }
            next[goal] = 0.0;
            std::mem::swap(&mut mass, &mut next);
            left = mass.iter().sum();
        }
        hit
    }
}

fn too_long(steps: usize, survival: f64) -> AnalysisError {
    AnalysisError::TooLong { steps, unfinished: format!("{:.3}%", survival * 100.0) }
}

#[cfg(test)]
mod tests {
    use ladderkit_core::{check_source, compile};

    use super::*;

    #[test]
    fn dense_solve_and_iterated_sum_agree() {
        let spec = check_source(include_str!("../../../variants/milton-bradley.ron")).spec.unwrap();
        let board = compile(&spec).board;
        let chain = RollChain::new(&board);
        let dense = chain.expected_rolls().unwrap();
        let iterated = chain.iterate(&Options::default(), &|_| false).unwrap().expected;
        assert!((dense - iterated).abs() < 1e-9, "{dense} vs {iterated}");
    }
}
