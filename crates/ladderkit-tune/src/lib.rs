//! Design boards to targets. The exact odds are fast enough to search
//! with: a seeded local search (simulated annealing) moves, adds, removes
//! and turns round snakes and ladders, judges each candidate by only the
//! figures its targets need, never keeps a board with check errors, and
//! stops when every target is met or its caller says so.
//!
//! Pure like the rest of the core: no clocks, files or global RNG. The
//! caller decides how long to search (`tune`'s `control`), which is also
//! where a progress bar or a Stop button lives.

mod diff;
mod edit;
mod goal;
mod limits;
mod search;

pub use diff::{Edit, edits};
pub use edit::describe;
pub use goal::{Goal, Target, Worse};
pub use limits::Limits;
pub use search::{CHECK_EVERY, Progress, Settings, TuneError, Tuned, tune, tune_stepped};
