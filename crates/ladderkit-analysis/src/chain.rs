//! One piece, one roll at a time, over the positions it can come to rest
//! on. Built once from `CompiledBoard::step`, so no movement rule is
//! restated; everything else in the crate reads these flat rows.

use ladderkit_core::CompiledBoard;

use crate::AnalysisError;

/// "No state": a position no piece rests on (or the goal, which ends it).
pub(crate) const NONE: u32 = u32::MAX;

/// A transient Markov chain as flat rows: from state `x`, the piece moves
/// to `entries[offsets[x]..offsets[x + 1]]` (state, probability); what is
/// left of the row's mass finishes the game.
#[derive(Debug, Clone, Default)]
pub struct Transient {
    pub(crate) offsets: Vec<u32>,
    pub(crate) entries: Vec<(u32, f64)>,
}

impl Transient {
    /// An empty chain with room for `states` rows of about `per_row` entries.
    pub fn with_capacity(states: usize, per_row: usize) -> Self {
        let mut offsets = Vec::with_capacity(states + 1);
        offsets.push(0);
        Self { offsets, entries: Vec::with_capacity(states * per_row) }
    }

    /// Adds a move to state `y` with probability `p` to the row being built.
    pub fn add(&mut self, y: u32, p: f64) {
        self.entries.push((y, p));
    }

    pub fn states(&self) -> usize {
        self.offsets.len().saturating_sub(1)
    }

    pub fn row(&self, x: usize) -> &[(u32, f64)] {
        &self.entries[self.offsets[x] as usize..self.offsets[x + 1] as usize]
    }

    /// Ends the row being built: merges entries to the same state and sorts
    /// them (the solver wants sorted columns).
    pub fn close_row(&mut self) {
        let start = *self.offsets.last().unwrap_or(&0) as usize;
        let row = &mut self.entries[start..];
        row.sort_unstable_by_key(|(y, _)| *y);
        let mut kept = start;
        for i in start..self.entries.len() {
            let (y, p) = self.entries[i];
            if kept > start && self.entries[kept - 1].0 == y {
                self.entries[kept - 1].1 += p;
            } else {
                self.entries[kept] = (y, p);
                kept += 1;
            }
        }
        self.entries.truncate(kept);
        self.offsets.push(kept as u32);
    }

    /// `(Q v)[x]`: the expected value of `v` one step after state `x` (the
    /// mass that finishes counts 0).
    #[inline]
    pub fn expect(&self, x: usize, v: &[f64]) -> f64 {
        self.row(x).iter().map(|(y, p)| p * v[*y as usize]).sum()
    }

    /// `out = Q v`: each state's expected value of `v` one step later.
    pub fn times(&self, v: &[f64], out: &mut [f64]) {
        for (x, o) in out.iter_mut().enumerate() {
            *o = self.expect(x, v);
        }
    }

    /// `to = Qᵀ from`: where the mass of `from` is one step later.
    pub fn push(&self, from: &[f64], to: &mut [f64]) {
        to.iter_mut().for_each(|m| *m = 0.0);
        self.push_onto(from, to);
    }

    /// `to += Qᵀ from`: `push` onto mass already there.
    pub fn push_onto(&self, from: &[f64], to: &mut [f64]) {
        for (x, &m) in from.iter().enumerate() {
            if m == 0.0 {
                continue;
            }
            for &(y, p) in self.row(x) {
                to[y as usize] += m * p;
            }
        }
    }
}

/// One distinct way a roll from a state ends its dice movement.
#[derive(Debug, Clone, Copy, PartialEq)]
pub(crate) struct Move {
    /// Where the dice movement ended (a jump's foot, maybe).
    pub end: u32,
    pub p: f64,
    /// False when the roll was forfeited (no landing).
    pub moved: bool,
}

/// Which positions become states.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Scope {
    /// Where a piece can rest coming from the start: the game's chain.
    FromStart,
    /// Every position but the goal: bots judge positions a piece may be
    /// pushed to.
    Everywhere,
}

pub(crate) struct RollChain<'a> {
    pub board: &'a CompiledBoard,
    /// State → position.
    pub positions: Vec<u32>,
    /// Position → state, `NONE` for the goal and positions left out.
    pub state_of: Vec<u32>,
    /// The state the piece starts in.
    pub start: u32,
    pub q: Transient,
    /// Per state: the chance one roll finishes.
    pub win: Vec<f64>,
    /// Per state: its distinct dice moves (CSR like `q`).
    pub move_offsets: Vec<u32>,
    pub moves: Vec<Move>,
}

impl<'a> RollChain<'a> {
    pub fn new(board: &'a CompiledBoard, scope: Scope) -> Self {
        let n = board.points.len();
        let goal = board.goal as usize;
        let mut keep = vec![false; n];
        match scope {
            Scope::Everywhere => keep.iter_mut().for_each(|k| *k = true),
            Scope::FromStart => {
                keep[board.start as usize] = true;
                let mut stack = vec![board.start];
                while let Some(pos) = stack.pop() {
                    if pos == board.goal {
                        continue;
                    }
                    for o in &board.outcomes {
                        let rest = board.travel(pos, o).rest;
                        if !keep[rest as usize] {
                            keep[rest as usize] = true;
                            stack.push(rest);
                        }
                    }
                }
            }
        }
        keep[goal] = false;
        // States in position order, so a sweep over them walks the board.
        let positions: Vec<u32> = (0..n as u32).filter(|p| keep[*p as usize]).collect();
        let mut state_of = vec![NONE; n];
        for (x, &pos) in positions.iter().enumerate() {
            state_of[pos as usize] = x as u32;
        }
        let mut q = Transient { offsets: vec![0], entries: Vec::with_capacity(positions.len() * 6) };
        let mut win = vec![0.0; positions.len()];
        let mut move_offsets = vec![0];
        let mut moves: Vec<Move> = Vec::with_capacity(positions.len() * 6);
        for (x, &pos) in positions.iter().enumerate() {
            let first_move = moves.len();
            for o in &board.outcomes {
                let step = board.travel(pos, o);
                let p = board.probability(o);
                let moved = !step.forfeited;
                match moves[first_move..].iter_mut().find(|m| m.end == step.end && m.moved == moved) {
                    Some(m) => m.p += p,
                    None => moves.push(Move { end: step.end, p, moved }),
                }
                if step.rest == board.goal {
                    win[x] += p;
                } else {
                    // Everywhere: every non-goal position is a state. From the
                    // start: `rest` was marked by the search above.
                    q.entries.push((state_of[step.rest as usize], p));
                }
            }
            q.close_row();
            move_offsets.push(moves.len() as u32);
        }
        let start = state_of.get(board.start as usize).copied().unwrap_or(NONE);
        Self { board, positions, state_of, start, q, win, move_offsets, moves }
    }

    pub fn states(&self) -> usize {
        self.positions.len()
    }

    pub fn moves_of(&self, x: usize) -> &[Move] {
        &self.moves[self.move_offsets[x] as usize..self.move_offsets[x + 1] as usize]
    }

    /// States from which some state in `seeds` can be reached (the seeds
    /// included): a backward search over the rows.
    pub fn reaching(&self, seeds: &[bool]) -> Vec<bool> {
        let n = self.states();
        // The rows reversed, by counting.
        let mut count = vec![0u32; n + 1];
        for &(y, _) in &self.q.entries {
            count[y as usize + 1] += 1;
        }
        for i in 0..n {
            count[i + 1] += count[i];
        }
        let mut fill = count.clone();
        let mut sources = vec![0u32; self.q.entries.len()];
        for x in 0..n {
            for &(y, _) in self.q.row(x) {
                sources[fill[y as usize] as usize] = x as u32;
                fill[y as usize] += 1;
            }
        }
        let mut found = seeds.to_vec();
        let mut stack: Vec<u32> = (0..n as u32).filter(|x| found[*x as usize]).collect();
        while let Some(y) = stack.pop() {
            for &x in &sources[count[y as usize] as usize..count[y as usize + 1] as usize] {
                if !found[x as usize] {
                    found[x as usize] = true;
                    stack.push(x);
                }
            }
        }
        found
    }

    /// States from which the goal cannot be reached. (On the game's chain,
    /// the same set as `Reachability::trapped`; a test holds them equal.)
    pub fn cannot_finish(&self) -> Vec<bool> {
        let finishing: Vec<bool> = self.win.iter().map(|w| *w > 0.0).collect();
        self.reaching(&finishing).iter().map(|f| !f).collect()
    }

    /// Refuses a chain in which a piece can get stuck forever.
    pub fn check_finishes(&self) -> Result<(), AnalysisError> {
        let stuck: Vec<u32> =
            self.cannot_finish().iter().enumerate().filter(|(_, s)| **s).map(|(x, _)| self.positions[x]).collect();
        if stuck.is_empty() { Ok(()) } else { Err(AnalysisError::NeverFinishes(stuck)) }
    }
}
