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
mod effects;
mod goal;
mod limits;
mod search;
mod spaces;

pub use diff::{Edit, edits};
pub use edit::describe;
pub use effects::{EffectLimits, Kind as EffectKind, first_turn_win};
pub use goal::{Goal, Target, Worse};
pub use limits::Limits;
pub use search::{CHECK_EVERY, Progress, Settings, TuneError, Tuned, tune, tune_stepped};

/// What every board the search returns is held to, in words, for the
/// result: the checks' verdict and the degenerate designs it refuses (the
/// effects' only where it moved effects).
pub fn guards(limits: &Limits) -> Vec<&'static str> {
    let mut out = vec![
        "no check error and no warning the board did not have",
        "every piece can finish",
        "no first-roll win the board did not have",
    ];
    if limits.effects.is_some() {
        out.extend([
            "no first-turn win by extra turns the board did not have",
            "no effect on the start, the goal or a jump's foot",
        ]);
    }
    out
}

/// The tuner aims at one piece's race. Where pieces meet (a well,
/// bumping), the real game differs; this says how, for the CLI and the
/// editor alike; `see` is where the real figures are.
pub fn race_only_note(board: &ladderkit_core::CompiledBoard, see: &str) -> Option<String> {
    let meeting = ladderkit_analysis::interaction_reasons(board);
    (!meeting.is_empty()).then(|| {
        let how = meeting.iter().map(ToString::to_string).collect::<Vec<_>>().join("; ");
        format!(
            "these figures are one piece's race, but on this board pieces meet ({how}), so the real game differs: \
             {see} gives its figures"
        )
    })
}
