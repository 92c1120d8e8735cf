//! Ladderkit: a data-driven toolkit for Snakes-and-Ladders-style race games.
//!
//! This facade re-exports the pure core crates and adds the one thing they
//! must not do: touch files. The `ladderkit` binary and the editor are thin
//! shells over it.

pub use ladderkit_analysis as analysis;
pub use ladderkit_core as core;
pub use ladderkit_engine as engine;
pub use ladderkit_render as render;
pub use ladderkit_sim as sim;
pub use ladderkit_solve as solve;
pub use ladderkit_tune as tune;

pub mod excitement;
pub mod files;
pub mod print;
pub mod room;
pub mod tabletop;
