//! Linear solves with `I − Q`, the fundamental matrix of a transient chain,
//! by faer: its sparse LU (COLAMD ordering, supernodal where it pays) above
//! `DENSE_UP_TO` states, its dense LU up to there, where the sparse
//! symbolic analysis alone costs more than the whole dense factorisation.
//!
//! `I − Q` is a nonsingular M-matrix when every state finishes, so the LU
//! is well conditioned relative to the game's length; one factorisation
//! serves every right-hand side (visits from any start, expected times,
//! first-passage sums). Everything runs on the calling thread (`Par::Seq`;
//! faer is built without rayon), so results do not depend on the machine.

use faer::dyn_stack::{MemBuffer, MemStack};
use faer::linalg::lu::partial_pivoting::factor::PartialPivLuParams;
use faer::linalg::solvers::{PartialPivLu, SolveCore};
use faer::sparse::linalg::lu::{LuRef, NumericLu, SymbolicLu, factorize_symbolic_lu};
use faer::sparse::{SparseColMat, SymbolicSparseColMat};
use faer::{Conj, Mat, MatMut, Par, Spec};

use crate::chain::Transient;

/// Up to this many states the dense LU is the faster one (the crossover
/// measured on generated boards, `cargo bench --bench analysis`).
pub(crate) const DENSE_UP_TO: usize = 128;

/// `I − Q` factored.
pub struct Factored {
    lu: Lu,
    n: usize,
}

enum Lu {
    Dense(PartialPivLu<f64>),
    // Boxed: the sparse factors' headers are three times the dense ones'.
    Sparse(Box<(SymbolicLu<u32>, NumericLu<u32, f64>)>),
}

impl Factored {
    /// Factors `I − Q`; `None` if faer cannot. The caller makes sure every
    /// state finishes (`RollChain::check_finishes`), which makes `I − Q` a
    /// nonsingular M-matrix.
    pub fn new(q: &Transient) -> Option<Self> {
        let n = q.states();
        let lu = if n <= DENSE_UP_TO { Lu::Dense(dense(q).partial_piv_lu()) } else { sparse(q)? };
        Some(Self { lu, n })
    }

    /// Solves `(I − Q)ᵀ v = b` for each column of `b`, in place: `v[y]` is
    /// the expected number of visits to `y` starting from the distribution
    /// `b` (first-step analysis, forwards).
    pub fn visits_in_place(&self, b: MatMut<'_, f64>) {
        match &self.lu {
            Lu::Dense(lu) => lu.solve_transpose_in_place_with_conj(Conj::No, b),
            Lu::Sparse(factors) => {
                let (symbolic, numeric) = &**factors;
                let need = symbolic.solve_transpose_in_place_scratch::<f64>(b.ncols(), Par::Seq);
                LuRef::new_unchecked(symbolic, numeric).solve_transpose_in_place_with_conj(
                    Conj::No,
                    b,
                    Par::Seq,
                    MemStack::new(&mut MemBuffer::new(need)),
                );
            }
        }
    }

    /// Solves `(I − Q) x = b` in place: `x[s]` is the expected total of `b`
    /// collected from `s` until the game ends (first-step analysis).
    pub fn collect_in_place(&self, b: MatMut<'_, f64>) {
        match &self.lu {
            Lu::Dense(lu) => lu.solve_in_place_with_conj(Conj::No, b),
            Lu::Sparse(factors) => {
                let (symbolic, numeric) = &**factors;
                let need = symbolic.solve_in_place_scratch::<f64>(b.ncols(), Par::Seq);
                LuRef::new_unchecked(symbolic, numeric).solve_in_place_with_conj(
                    Conj::No,
                    b,
                    Par::Seq,
                    MemStack::new(&mut MemBuffer::new(need)),
                );
            }
        }
    }

    /// `collect` for `cols` figures at once, laid out by state
    /// (`per_step[x * cols + c]`, and so is the answer).
    pub fn collect_rows(&self, per_step: &[f64], cols: usize) -> Vec<f64> {
        let mut b = Mat::<f64>::from_fn(self.n, cols, |x, c| per_step[x * cols + c]);
        self.collect_in_place(b.as_mut());
        (0..self.n * cols).map(|i| b[(i / cols, i % cols)]).collect()
    }

    /// Expected visits to every state from `from`.
    pub fn visits(&self, from: usize) -> Vec<f64> {
        let mut b = Mat::<f64>::zeros(self.n, 1);
        b[(from, 0)] = 1.0;
        self.visits_in_place(b.as_mut());
        column(&b, 0)
    }

    /// Expected total of `per_step` collected from every state until the
    /// game ends: `(I − Q) x = per_step`.
    pub fn collect(&self, per_step: &[f64]) -> Vec<f64> {
        let mut b = Mat::<f64>::from_fn(self.n, 1, |i, _| per_step[i]);
        self.collect_in_place(b.as_mut());
        column(&b, 0)
    }
}

fn dense(q: &Transient) -> Mat<f64> {
    let n = q.states();
    let mut a = Mat::<f64>::identity(n, n);
    for x in 0..n {
        for &(y, p) in q.row(x) {
            a[(x, y as usize)] -= p;
        }
    }
    a
}

/// `I − Q` by columns (the column of `y` lists the states that move to
/// `y`), factored by faer's sparse LU.
fn sparse(q: &Transient) -> Option<Lu> {
    let n = q.states();
    // Column sizes: Q's entries into each column, self-loops merged into
    // the diagonal, which every column has.
    let mut col_ptr = vec![0u32; n + 1];
    for x in 0..n {
        for &(y, _) in q.row(x) {
            if y as usize != x {
                col_ptr[y as usize + 1] += 1;
            }
        }
    }
    for y in 0..n {
        col_ptr[y + 1] += col_ptr[y] + 1;
    }
    let nnz = col_ptr[n] as usize;
    let (mut row_idx, mut values) = (vec![0u32; nnz], vec![0.0; nnz]);
    let mut fill: Vec<u32> = col_ptr[..n].to_vec();
    // Rows in order, so every column comes out sorted by row; row x puts
    // the diagonal of column x first, and its self-loop, if any, onto it.
    for x in 0..n {
        let diagonal = fill[x] as usize;
        row_idx[diagonal] = x as u32;
        values[diagonal] = 1.0;
        fill[x] += 1;
        for &(y, p) in q.row(x) {
            let y = y as usize;
            if y == x {
                values[diagonal] -= p;
            } else {
                row_idx[fill[y] as usize] = x as u32;
                values[fill[y] as usize] = -p;
                fill[y] += 1;
            }
        }
    }
    let structure = SymbolicSparseColMat::new_checked(n, n, col_ptr, None, row_idx);
    let matrix = SparseColMat::new(structure, values);
    let symbolic = factorize_symbolic_lu(matrix.symbolic(), Default::default()).ok()?;
    let mut numeric = NumericLu::new();
    let params: Spec<PartialPivLuParams, f64> = Default::default();
    let mut scratch = MemBuffer::try_new(symbolic.factorize_numeric_lu_scratch::<f64>(Par::Seq, params)).ok()?;
    symbolic.factorize_numeric_lu(&mut numeric, matrix.as_ref(), Par::Seq, MemStack::new(&mut scratch), params).ok()?;
    Some(Lu::Sparse(Box::new((symbolic, numeric))))
}

pub(crate) fn column(m: &Mat<f64>, j: usize) -> Vec<f64> {
    (0..m.nrows()).map(|i| m[(i, j)]).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn chain(rows: &[&[(u32, f64)]]) -> Transient {
        let mut q = Transient { offsets: vec![0], entries: Vec::new() };
        for row in rows {
            q.entries.extend_from_slice(row);
            q.offsets.push(q.entries.len() as u32);
        }
        q
    }

    /// Both factorisations, whatever the size.
    fn both(q: &Transient) -> [Factored; 2] {
        let n = q.states();
        [Factored { lu: Lu::Dense(dense(q).partial_piv_lu()), n }, Factored { lu: sparse(q).unwrap(), n }]
    }

    #[test]
    fn a_coin_race_to_two() {
        // 0 → 1 or 2 (the goal) with a coin, 1 → goal always:
        // E(1) = 1, E(0) = 1 + E(1)/2 = 1.5; visits from 0: 1 and 1/2.
        for f in both(&chain(&[&[(1, 0.5)], &[]])) {
            let e = f.collect(&[1.0, 1.0]);
            assert!((e[0] - 1.5).abs() < 1e-15 && (e[1] - 1.0).abs() < 1e-15, "{e:?}");
            let v = f.visits(0);
            assert!((v[0] - 1.0).abs() < 1e-15 && (v[1] - 0.5).abs() < 1e-15, "{v:?}");
        }
    }

    #[test]
    fn self_loops_and_backward_moves() {
        // 0 stays with 1/2 or moves to 1; 1 goes back to 0 with 1/4 or
        // finishes. E0 = 1 + E0/2 + E1/2, E1 = 1 + E0/4: E1 = 2, E0 = 4.
        for f in both(&chain(&[&[(0, 0.5), (1, 0.5)], &[(0, 0.25)]])) {
            let e = f.collect(&[1.0, 1.0]);
            assert!((e[0] - 4.0).abs() < 1e-12 && (e[1] - 2.0).abs() < 1e-12, "{e:?}");
            // Visits from 0: v0 = 1 + v0/2 + v1/4, v1 = v0/2 → v0 = 8/3, v1 = 4/3.
            let v = f.visits(0);
            assert!((v[0] - 8.0 / 3.0).abs() < 1e-12 && (v[1] - 4.0 / 3.0).abs() < 1e-12, "{v:?}");
        }
    }
}
