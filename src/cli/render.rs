//! `ladderkit render`: a printable board.

use std::path::PathBuf;

use ladderkit::files::{self, PictureFormat};
use ladderkit::render::{self, BoardOptions, Paper, Theme};

use super::{Outcome, diagnostics, fail, say};

/// Draw a variant as a printable board, SVG or PNG.
///
/// The spaces numbered along the path, ladders with rails and rungs, snakes
/// with head and tail, effect badges with a legend, start and goal, the
/// variant's name and its rules in brief, fitted to the page with margins.
/// The format follows the output's extension. `--theme ink` prints black on
/// white for home printers. A variant with errors is drawn anyway (as far
/// as it can be), with its diagnostics listed, and the exit code is 1.
#[derive(Debug, clap::Args)]
pub struct Args {
    file: PathBuf,
    /// Where to write the board: a .svg or .png file.
    #[arg(short, long, value_name = "FILE")]
    output: PathBuf,
    #[arg(long, value_enum, default_value = "a4")]
    paper: PaperArg,
    /// PNG resolution in dots per inch (A4 at 150 dpi is 1240 × 1754).
    #[arg(long, default_value_t = 150.0, value_parser = parse_dpi)]
    dpi: f32,
    #[arg(long, value_enum, default_value = "classic")]
    theme: ThemeArg,
}

#[derive(Debug, Clone, Copy, clap::ValueEnum)]
enum PaperArg {
    A4,
    Letter,
}

#[derive(Debug, Clone, Copy, clap::ValueEnum)]
enum ThemeArg {
    /// Colour, for screens and colour printers.
    Classic,
    /// Black on white, for home printers.
    Ink,
}

pub(crate) fn parse_dpi(text: &str) -> Result<f32, String> {
    match text.parse::<f32>() {
        Ok(d) if (10.0..=1200.0).contains(&d) => Ok(d),
        _ => Err("a resolution from 10 to 1200 dots per inch, e.g. 150".into()),
    }
}

pub fn run(args: &Args) -> Outcome {
    if PictureFormat::of(&args.output).is_none() {
        return fail(format!("{}: name the output .svg or .png", args.output.display()));
    }
    let loaded = match files::load(&args.file) {
        Ok(loaded) => loaded,
        Err(e) => return fail(e),
    };
    if loaded.picture {
        eprintln!("note: read the variant carried by the picture {}", args.file.display());
    }
    let Some(spec) = &loaded.checked.spec else {
        diagnostics::print(&args.file, &loaded.text, &loaded.checked.diagnostics);
        eprintln!("error: {} could not be read as a variant; nothing drawn", args.file.display());
        return Outcome::VariantErrors;
    };
    let options = BoardOptions {
        paper: match args.paper {
            PaperArg::A4 => Paper::A4,
            PaperArg::Letter => Paper::Letter,
        },
        theme: match args.theme {
            ThemeArg::Classic => Theme::Classic,
            ThemeArg::Ink => Theme::Ink,
        },
        heat: None,
    };
    let svg = render::board_svg(spec, &options);
    if let Err(e) = files::save_picture(&args.output, &svg, args.dpi, Some(&ladderkit::core::to_string(spec))) {
        return fail(e);
    }
    say!("drew {} to {}", spec.meta.name, args.output.display());
    if loaded.checked.has_errors() {
        diagnostics::print(&args.file, &loaded.text, &loaded.checked.diagnostics);
        return Outcome::VariantErrors;
    }
    Outcome::Ok
}
