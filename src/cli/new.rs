//! `ladderkit new`: start a variant from a blank board.

use std::path::PathBuf;

use ladderkit::core::spec::{Board, PathStyle, VariantSpec};
use ladderkit::files;

use super::{Outcome, fail, say, tell};

/// Write a fresh, valid variant to start from.
///
/// The board has the classic rules (two to four players, one d6, roll N
/// from the start tray to land on space N, overshoot forfeited) and no
/// jumps, unless you ask for them: with --ladders/--snakes it gets that
/// many at random, and with targets (--turns, --p90, …) the tuner places
/// them to meet the targets (see `ladderkit tune --help`). Open it in the
/// editor or a text editor and draw.
#[derive(Debug, clap::Args)]
#[command(group = clap::ArgGroup::new("shape").required(true))]
#[command(
    after_help = "Examples:\n  ladderkit new --grid 8x8 -o blank.ron\n  ladderkit new --grid 10x10 --ladders 9 --snakes 10 --turns 30 --seed 7 -o board.ron"
)]
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
    #[command(flatten)]
    overwrite: super::output::Overwrite,
    #[command(flatten)]
    targets: super::tune::TargetArgs,
    #[command(flatten)]
    limits: super::tune::LimitArgs,
    #[command(flatten)]
    search: super::tune::SearchArgs,
    /// With targets: print the tuner's report as JSON.
    #[arg(long)]
    json: bool,
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
    if let Err(e) = args.overwrite.check(&args.output) {
        return fail(e);
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
            tell!("{d}");
        }
        return fail("that board cannot hold a race; see above");
    }
    let jumps_wanted = args.targets.any() || args.limits.ladders.is_some() || args.limits.snakes.is_some();
    if jumps_wanted {
        let out = super::tune::Output { path: &args.output, json: args.json, seed: args.search.seed };
        return super::tune::fresh(&spec, &args.targets, &args.limits, &args.search, &out);
    }
    match files::save_variant(&args.output, &spec) {
        Ok(()) => {
            say!("wrote {} ({})", args.output.display(), name);
            Outcome::Ok
        }
        Err(e) => fail(e),
    }
}
