//! Write the benchmarks' generated boards as variant files, so that the
//! command line can be timed on exactly the boards the criterion benches
//! use (`docs/analysis.md`, "Cost of each measure").
//!
//! cargo run --release --example bench_boards -- DIR

use ladderkit::core::sample::{big_board, random_board, with_turn_effects};

fn main() {
    let dir = std::env::args().nth(1).unwrap_or_else(|| ".".into());
    let boards = [
        ("30x30-150-jumps", random_board(30, 30, 150)),
        ("100x100-2000-jumps", big_board()),
        ("100x100-2000-jumps-turns", with_turn_effects(big_board())),
    ];
    for (name, spec) in boards {
        let path = std::path::Path::new(&dir).join(format!("{name}.ron"));
        // Through the one safe-write path, as `ladderkit new -o` saves.
        ladderkit::files::save_variant(&path, &spec).expect("the folder is writable");
        println!("{}", path.display());
    }
}
