//! `ladderkit render`: a printable board.

use std::path::{Path, PathBuf};

use ladderkit::files::{self, PictureFormat};
use ladderkit::render::{self, BoardOptions, Paper, Theme};

use super::{Outcome, diagnostics, fail, say, tell};

/// Draw a variant as a printable board (SVG or PNG), or describe it as a
/// Markdown page (`-o page.md`).
///
/// The spaces numbered along the path, ladders with rails and rungs, snakes
/// with head and tail, effect badges with a legend, start and goal, the
/// variant's name and its rules in brief, fitted to the page with margins.
/// The format follows the output's extension. A PNG carries the variant
/// (Ladderkit opens it as the file). A `.md` page holds the rules in words
/// (the printed board's sentences), the snakes and ladders, and the exact
/// odds for each player count, and links a board PNG written beside it. `--theme ink` prints black on
/// white for home printers. A variant with errors is drawn anyway (as far
/// as it can be), with its diagnostics listed, and the exit code is 1.
#[derive(Debug, clap::Args)]
pub struct Args {
    file: PathBuf,
    /// Where to write the board: a .svg or .png file, or a .md page.
    #[arg(short, long, value_name = "FILE")]
    output: PathBuf,
    #[arg(long, value_enum, default_value = "a4")]
    paper: PaperArg,
    /// PNG resolution in dots per inch (A4 at 150 dpi is 1240 × 1754).
    #[arg(long, default_value_t = 150.0, value_parser = parse_dpi)]
    dpi: f32,
    #[arg(long, value_enum, default_value = "classic")]
    theme: ThemeArg,
    /// For a variant that deals its snakes and ladders afresh each game
    /// (`random_jumps`): draw the board of this game (0 is the first). The
    /// picture still carries the variant, dealing and all.
    #[arg(long, default_value_t = 0)]
    game: u64,
    #[command(flatten)]
    overwrite: super::output::Overwrite,
}

#[derive(Debug, Clone, Copy, clap::ValueEnum)]
pub(crate) enum PaperArg {
    A4,
    Letter,
}

#[derive(Debug, Clone, Copy, clap::ValueEnum)]
pub(crate) enum ThemeArg {
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
    let markdown = args.output.extension().is_some_and(|e| e.eq_ignore_ascii_case("md"));
    if PictureFormat::of(&args.output).is_none() && !markdown {
        return fail(format!("{}: name the output .svg or .png (a picture) or .md (a page)", args.output.display()));
    }
    if let Err(e) = args.overwrite.check(&args.output) {
        return fail(e);
    }
    let loaded = match load_to_draw(&args.file, "drawn") {
        Ok(loaded) => loaded,
        Err(outcome) => return outcome,
    };
    let spec = loaded.checked.spec.as_ref().expect("load_to_draw refuses a file without a variant");
    let options = BoardOptions {
        paper: args.paper.into(),
        theme: args.theme.into(),
        heat: None,
        without_rules: false,
        game: args.game,
        smallest_text: 0.0,
    };
    let svg = render::board_svg(spec, &options);
    let picture = if markdown { args.output.with_extension("png") } else { args.output.clone() };
    if markdown && !files::page_picture_replaceable(&picture) {
        return fail(format!(
            "{} exists and is not a board Ladderkit drew; the page's picture would replace it. Move it, or name \
             the page otherwise",
            picture.display()
        ));
    }
    if let Err(e) = files::save_picture(&picture, &svg, args.dpi, Some(&ladderkit::core::to_string(spec))) {
        return fail(e);
    }
    if markdown {
        let linked = picture.file_name().map(|n| n.to_string_lossy().into_owned());
        let started = std::time::Instant::now();
        let out_of_time = || started.elapsed() > ladderkit::print::ODDS_BUDGET;
        let page = ladderkit::print::page(spec, loaded.checked.compiled.as_ref(), linked.as_deref(), &out_of_time);
        if let Err(e) = files::save_atomic(&args.output, &page) {
            return fail(e);
        }
        say!("described {} in {} (board picture {})", spec.meta.name, args.output.display(), picture.display());
    } else {
        say!("drew {} to {}", spec.meta.name, args.output.display());
    }
    drawn_despite_errors(&args.file, &loaded)
}

/// Reads a variant to draw or print (`render`, `print`): one with errors is
/// drawn as far as it can be, a file that is no variant at all is refused
/// (exit 1, "nothing `done`"). Says so when the variant came from a picture.
pub(crate) fn load_to_draw(file: &Path, done: &str) -> Result<files::Loaded, Outcome> {
    let loaded = files::load(file).map_err(fail)?;
    if loaded.picture {
        tell!("note: read the variant carried by the picture {}", file.display());
    }
    if loaded.checked.spec.is_none() {
        diagnostics::print(file, &loaded.text, &loaded.checked.diagnostics);
        tell!("error: {} could not be read as a variant; nothing {done}", file.display());
        return Err(Outcome::VariantErrors);
    }
    Ok(loaded)
}

/// The end of a command that drew `loaded`: its errors listed, exit 1, if
/// it had any.
pub(crate) fn drawn_despite_errors(file: &Path, loaded: &files::Loaded) -> Outcome {
    if loaded.checked.has_errors() {
        diagnostics::print(file, &loaded.text, &loaded.checked.diagnostics);
        return Outcome::VariantErrors;
    }
    Outcome::Ok
}

impl From<PaperArg> for Paper {
    fn from(paper: PaperArg) -> Self {
        match paper {
            PaperArg::A4 => Paper::A4,
            PaperArg::Letter => Paper::Letter,
        }
    }
}

impl From<ThemeArg> for Theme {
    fn from(theme: ThemeArg) -> Self {
        match theme {
            ThemeArg::Classic => Theme::Classic,
            ThemeArg::Ink => Theme::Ink,
        }
    }
}
