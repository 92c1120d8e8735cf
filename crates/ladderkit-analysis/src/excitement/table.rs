//! The measures that need no joint chain, for any number of players: the
//! pieces move independently, so the chance that every seat is racing on
//! given states is a product of one piece's chances, and the sums over the
//! other seats' positions factor seat by seat (order statistics, as the
//! seat odds).
//!
//! Seats `0..N` move in order, seat 0 first, one roll a turn. At the end of
//! round `h` a piece is on `x` with `d_h(x)` (games it has not finished). A
//! seat `i` on `x` then wins if it finishes on its `t`-th roll from there,
//! `f_x(t)`, while the seats before it are still racing after `t` rolls and
//! those after it after `t − 1`:
//!
//! - **comeback** (the eventual winner alone last at the end of round `h`):
//!   `Σ_x d_h(x) Σ_t f_x(t) Σ_i U(x, t)^i U(x, t − 1)^(N−1−i)`, with
//!   `U(x, s) = Σ_{y ahead of x} d_h(y) S_y(s)`;
//! - **photo finish** (another seat one roll from the goal when the winner
//!   finishes): with `F_k`, `R_k` and `G_k` one piece's chance to finish
//!   on roll `k + 1`, to be racing after `k` rolls, and to be racing one
//!   roll from the goal, `Σ_k F_k Σ_i (R_{k+1}^i R_k^(N−1−i) − (R_{k+1} −
//!   G_{k+1})^i (R_k − G_k)^(N−1−i))`.
//!
//! For two players these are the joint chain's figures (a test holds them
//! equal).

use ladderkit_core::CompiledBoard;

use super::{Racing, excitement_unsupported};
use crate::chain::{RollChain, Scope};
use crate::{AnalysisError, Options};

/// The excitement measures of a table of any size that need no joint chain.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct TableMeasures {
    pub players: u32,
    /// The round half-way through a median game at this table.
    pub half_way_round: u32,
    /// The chance that the game runs on past `half_way_round` with its
    /// eventual winner alone last then.
    pub comeback: f64,
    /// The chance that the winner finishes while another seat is one roll
    /// from the goal.
    pub photo_finish: f64,
}

/// The measures at a table of `players` on `board` (seat 1 opens).
pub fn table_measures(board: &CompiledBoard, players: u32, options: &Options) -> Result<TableMeasures, AnalysisError> {
    if let Some(why) = excitement_unsupported(board) {
        return Err(AnalysisError::NotExact(why));
    }
    let chain = RollChain::new(board, Scope::FromStart);
    chain.check_finishes()?;
    let players = players.max(1);
    let racing = Racing::new(&chain, options)?;
    let half_way_round = racing.half_way_round(players);
    Ok(TableMeasures {
        players,
        half_way_round,
        comeback: comeback_after(&chain, &racing, players, half_way_round as usize),
        photo_finish: photo_finish(&chain, players, options)?,
    })
}

/// `TableMeasures::comeback` alone (the tuner's).
pub(crate) fn comeback(chain: &RollChain<'_>, players: u32, options: &Options) -> Result<f64, AnalysisError> {
    let racing = Racing::new(chain, options)?;
    let half_way_round = racing.half_way_round(players);
    Ok(comeback_after(chain, &racing, players, half_way_round as usize))
}

/// `Σ_i a^i b^(m−i)` for `i` in `0..=m`.
fn mixed(a: f64, b: f64, m: u32) -> f64 {
    (0..=m).map(|i| a.powi(i as i32) * b.powi((m - i) as i32)).sum()
}

/// The comeback at the end of round `half_way_round`.
pub(super) fn comeback_after(chain: &RollChain<'_>, racing: &Racing, players: u32, half_way_round: usize) -> f64 {
    let n = chain.states();
    let mut d = vec![0.0; n];
    let mut next = d.clone();
    d[chain.start as usize] = 1.0;
    for _ in 0..half_way_round {
        chain.q.push(&d, &mut next);
        std::mem::swap(&mut d, &mut next);
    }
    // States from the furthest along; ties share their suffix sum.
    let mut order: Vec<usize> = (0..n).collect();
    order.sort_by_key(|x| std::cmp::Reverse(chain.positions[*x]));
    // `u[x]` = U(x, t), the racing mass strictly ahead of x after t more
    // rolls (the tuner calls this per candidate: two buffers, refilled).
    let ahead = |t: usize, u: &mut [f64]| {
        let s = &racing.survival[t];
        let (mut sum, mut k) = (0.0, 0);
        while k < n {
            let pos = chain.positions[order[k]];
            let mut level = 0.0;
            let mut end = k;
            while end < n && chain.positions[order[end]] == pos {
                level += d[order[end]] * s[order[end]];
                end += 1;
            }
            for &x in &order[k..end] {
                u[x] = sum;
            }
            sum += level;
            k = end;
        }
    };
    let (mut before, mut now) = (vec![0.0; n], vec![0.0; n]);
    ahead(0, &mut before);
    let mut total = 0.0;
    for t in 1..racing.finish.len() {
        ahead(t, &mut now);
        for x in 0..n {
            let f = racing.finish[t][x];
            if f != 0.0 && d[x] != 0.0 {
                total += d[x] * f * mixed(now[x], before[x], players - 1);
            }
        }
        std::mem::swap(&mut before, &mut now);
    }
    total
}

/// `TableMeasures::photo_finish` alone (the tuner's).
pub(crate) fn photo_finish(chain: &RollChain<'_>, players: u32, options: &Options) -> Result<f64, AnalysisError> {
    let n = chain.states();
    let mut d = vec![0.0; n];
    let mut next = d.clone();
    d[chain.start as usize] = 1.0;
    // (F, R, G) of one piece's distribution.
    let sums = |d: &[f64]| {
        let finish: f64 = d.iter().zip(&chain.win).map(|(m, w)| m * w).sum();
        let racing: f64 = d.iter().sum();
        let close: f64 = d.iter().zip(&chain.win).filter(|(_, w)| **w > 0.0).map(|(m, _)| m).sum();
        (finish, racing, close)
    };
    let m = players - 1;
    let mut total = 0.0;
    let (mut f, mut r, mut g) = sums(&d);
    for _ in 0..=options.max_steps {
        if r < options.tail {
            return Ok(total);
        }
        chain.q.push(&d, &mut next);
        std::mem::swap(&mut d, &mut next);
        let (f1, r1, g1) = sums(&d);
        total += f * (mixed(r1, r, m) - mixed(r1 - g1, r - g, m));
        (f, r, g) = (f1, r1, g1);
    }
    Err(AnalysisError::TooLong { steps: options.max_steps, unfinished: format!("{r:.2e}") })
}
