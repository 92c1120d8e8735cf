//! `ladderkit new`: start a variant from a blank board.

use std::path::PathBuf;

use ladderkit::core::spec::{Board, PathStyle, VariantSpec};
use ladderkit::core::to_string;
use ladderkit::files;

use super::{Outcome, fail, say};

/// Write a fresh, valid variant to start from.
///
/// The board has no jumps yet and the classic rules (two to four players,
/// one d6, roll N from the start tray to land on space N, overshoot
/// forfeited). Open it in the editor or a text editor and draw.
#[derive(Debug, clap::Args)]
#[command(group = clap::ArgGroup::new("shape").required(true))]
pub struct Args {
    /// A grid, as COLSxROWS (for example 10x10).
    #[arg(long, group = "shape", value_parser = parse_grid, value_name = "COLSxROWS")]
    grid: Option<(u32, u32)>,
    /// How the path winds through a grid.
    #[arg(long, value_enum, default_value_t = Path::Boustrophedon, requires = "grid")]
    path: Path,
    /// A plain track of N spaces instead of a grid.
    #[arg(long, group = "shape", value_name = "N")]
    track: Option<u32>,
    /// Make the track a loop (a score track).
    #[arg(long, requires = "track")]
    looped: bool,
    /// The variant's name (defaults to the file name).
    #[arg(long)]
    name: Option<String>,
    /// Where to write the variant.
    #[arg(short, long, value_name = "FILE")]
    output: PathBuf,
    /// Overwrite FILE if it exists.
    #[arg(long)]
    force: bool,
}

#[derive(Debug, Clone, Copy, clap::ValueEnum)]
enum Path {
    /// Square 1 bottom-left, rows alternate direction (the classic).
    Boustrophedon,
    /// Every row left to right.
    RowMajor,
    /// From the outer ring inwards.
    Spiral,
}

fn parse_grid(text: &str) -> Result<(u32, u32), String> {
    let (c, r) = text.split_once(['x', 'X', '×']).ok_or("expected COLSxROWS, for example 10x10")?;
    let parse = |s: &str| s.trim().parse::<u32>().ok().filter(|n| (1..=500).contains(n));
    match (parse(c), parse(r)) {
        (Some(c), Some(r)) => Ok((c, r)),
        _ => Err("columns and rows are whole numbers from 1 to 500".into()),
    }
}

pub fn run(args: &Args) -> Outcome {
    if args.output.exists() && !args.force {
        return fail(format!("{} exists; pass --force to overwrite it", args.output.display()));
    }
    let name = args.name.clone().unwrap_or_else(|| {
        args.output.file_stem().map_or_else(|| "New variant".into(), |s| s.to_string_lossy().into_owned())
    });
    let board = match (args.grid, args.track) {
        (Some((cols, rows)), _) => {
            let path = match args.path {
                Path::Boustrophedon => PathStyle::Boustrophedon,
                Path::RowMajor => PathStyle::RowMajor,
                Path::Spiral => PathStyle::Spiral,
            };
            Board::Grid { cols, rows, path }
        }
        (None, Some(spaces)) => Board::Track { spaces, looped: args.looped, first: 1 },
        (None, None) => unreachable!("clap requires --grid or --track"),
    };
    let spec = VariantSpec::with_board(&name, board);
    let compiled = ladderkit::core::compile(&spec);
    if compiled.has_errors() {
        for d in &compiled.diagnostics {
            eprintln!("{d}");
        }
        return fail("that board cannot hold a race; see above");
    }
    match files::save_atomic(&args.output, &to_string(&spec)) {
        Ok(()) => {
            say!("wrote {} ({})", args.output.display(), name);
            Outcome::Ok
        }
        Err(e) => fail(e),
    }
}
