//! The `ladderkit` command line: a thin shell over the core crates.

mod cli;

use std::process::ExitCode;

fn main() -> ExitCode {
    cli::run()
}
