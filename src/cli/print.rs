//! `ladderkit print`: the print-and-play kit as one PDF.

use std::path::PathBuf;
use std::time::Instant;

use ladderkit::files;
use ladderkit::render::BOARD_MM;
use serde_json::json;

use super::render::{PaperArg, ThemeArg, drawn_despite_errors, load_to_draw};
use super::{Outcome, fail, say};

/// Write a print-and-play kit: one PDF to print at home and play at a table.
///
/// Page 1 is the page map: what the kit holds and how the board's pages go
/// together. Then the board at the size asked for (`--board-size`, its
/// longer side), cut into as many pages as it needs, portrait or landscape,
/// whichever takes fewer; neighbouring pages repeat 10 mm of the board to
/// glue over, with cut lines and corner marks. Then the rules sheet,
/// written from the variant (dice, entry, overshoot, extra and lost turns,
/// every effect, snake, ladder and arrow, Treehouse and chip rules) with an
/// odds card (expected length, seat odds and, for two players, lead changes,
/// comebacks and photo finishes, where they are exact), and the
/// pieces to cut out in the seat colours (one per seat, per pyramid size in
/// a team game), with the chips and arrow markers the variant has.
/// Everything is vector with the font embedded: text stays text. Print at
/// 100% ("actual size"). A variant with errors is printed as far as it can
/// be, with its diagnostics listed, and the exit code is 1. A board whose
/// spaces would print narrower than 5 mm (too small for a piece) is not
/// printed: the error gives the --board-size that would do.
#[derive(Debug, clap::Args)]
#[command(
    after_help = "Examples:\n  ladderkit print variants/milton-bradley.ron -o kit.pdf\n  ladderkit print variants/treehouse.ron -o kit.pdf --board-size 60cm --paper letter --theme ink"
)]
pub struct Args {
    file: PathBuf,
    /// Where to write the kit (a .pdf file).
    #[arg(short, long, value_name = "FILE")]
    output: PathBuf,
    #[arg(long, value_enum, default_value = "a4")]
    paper: PaperArg,
    /// The board's longer side: 40cm, 400mm, 1m or 16in (10 cm to 3 m).
    #[arg(long, default_value = "40cm", value_parser = parse_size, value_name = "SIZE")]
    board_size: f32,
    #[arg(long, value_enum, default_value = "classic")]
    theme: ThemeArg,
    /// Print what was written as JSON (pages, tiles, sizes, bytes, seconds).
    #[arg(long)]
    json: bool,
    #[command(flatten)]
    overwrite: super::output::Overwrite,
}

/// "40cm", "400mm", "16in" (or a bare number of centimetres) in millimetres.
fn parse_size(text: &str) -> Result<f32, String> {
    let text = text.trim();
    let (number, unit) = match text.find(|c: char| c.is_ascii_alphabetic()) {
        Some(i) => text.split_at(i),
        None => (text, "cm"),
    };
    let per = match unit.trim() {
        "mm" => 1.0,
        "cm" => 10.0,
        "in" => 25.4,
        "m" => 1000.0,
        other => return Err(format!("`{other}`: give the size in cm, mm, m or in, e.g. 40cm")),
    };
    let mm = number.trim().parse::<f32>().map_err(|_| format!("`{text}`: a size like 40cm, 400mm or 16in"))? * per;
    if BOARD_MM.contains(&mm) { Ok(mm) } else { Err(format!("{} mm: boards print from 10 cm to 3 m", mm)) }
}

pub fn run(args: &Args) -> Outcome {
    if !args.output.extension().is_some_and(|e| e.eq_ignore_ascii_case("pdf")) {
        return fail(format!("{}: name the kit .pdf", args.output.display()));
    }
    if let Err(e) = args.overwrite.check(&args.output) {
        return fail(e);
    }
    let loaded = match load_to_draw(&args.file, "printed") {
        Ok(loaded) => loaded,
        Err(outcome) => return outcome,
    };
    let spec = loaded.checked.spec.as_ref().expect("load_to_draw refuses a file without a variant");
    let (paper, theme) = (args.paper.into(), args.theme.into());
    let started = Instant::now();
    let out_of_time = || started.elapsed() > ladderkit::print::ODDS_BUDGET;
    let kit = match ladderkit::print::kit(
        spec,
        loaded.checked.compiled.as_ref(),
        paper,
        args.board_size,
        theme,
        &out_of_time,
    ) {
        Ok(kit) => kit,
        Err(e) => return fail(format!("could not make the kit: {e}")),
    };
    let seconds = started.elapsed().as_secs_f64();
    if let Err(e) = files::save_bytes_atomic(&args.output, &kit.pdf) {
        return fail(e);
    }
    let tiles = kit.columns * kit.rows;
    if args.json {
        let report = json!({
            "variant": spec.meta.name,
            "output": args.output.display().to_string(),
            "pages": kit.pages,
            "board_pages": tiles,
            "columns": kit.columns,
            "rows": kit.rows,
            "landscape": kit.landscape,
            "board_mm": [kit.board_mm.0, kit.board_mm.1],
            "bytes": kit.pdf.len(),
            "seconds": seconds,
            "rules": kit.rules,
        });
        say!("{}", serde_json::to_string_pretty(&report).unwrap_or_default());
    } else {
        say!(
            "printed {} to {}: {} pages (page map, the board on {tiles} page{} of {} × {}, {}, rules and odds, pieces); the board is {:.1} × {:.1} cm",
            spec.meta.name,
            args.output.display(),
            kit.pages,
            if tiles == 1 { "" } else { "s" },
            kit.columns,
            kit.rows,
            if kit.landscape { "landscape" } else { "portrait" },
            kit.board_mm.0 / 10.0,
            kit.board_mm.1 / 10.0
        );
    }
    drawn_despite_errors(&args.file, &loaded)
}
