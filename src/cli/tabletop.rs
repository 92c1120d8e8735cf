//! `ladderkit tabletop`: a variant as a Tabletop Simulator table.

use std::path::PathBuf;
use std::time::Instant;

use ladderkit::core::Seats;
use ladderkit::files;
use ladderkit::tabletop::Form;
use serde_json::json;

use super::render::ThemeArg;
use super::{Outcome, diagnostics, fail, say, tell};

/// Write a Tabletop Simulator table for remote play-tests.
///
/// Writes into DIR a save, <name>.json, and the files it loads beside it:
/// board.png (the board as one texture, cropped to what it draws, jumps,
/// effects and legend drawn on it), rules.pdf (the print-and-play kit, as
/// the table's rulebook) and, where the variant has them, chip faces and
/// arrow markers. On the table: the board, locked, with one snap point per
/// space (a piece dropped near a space lands on it); one pawn per seat in
/// the seat colours (per pyramid size in a team game) on the start; the
/// dice it rolls; chips face down in a bag; arrow markers; the rules in the
/// notebook.
///
/// The save names its files by their absolute paths in DIR (as Tabletop
/// Simulator's own import does), which it loads on this machine: copy
/// <name>.json into its Saves folder and load it (Games › Save & Load).
/// With --saved-object it is the objects alone, to copy into Saves/Saved
/// Objects and spawn on a table already loaded (Objects › Saved Objects). To play with others, host the game
/// and use Modding › Cloud Manager › "Upload All Loaded Files", or put the
/// files on the web and give --base-url. A variant with errors is not
/// exported (exit 1, with its diagnostics); a board whose spaces would be
/// narrower than 12 px on a 4096 px texture is refused, with the reason.
#[derive(Debug, clap::Args)]
#[command(
    after_help = "Examples:\n  ladderkit tabletop variants/milton-bradley.ron -o tts/milton-bradley\n  ladderkit tabletop my-board.ron -o tts --base-url https://example.org/my-board/"
)]
pub struct Args {
    /// The variant (.ron, or a board picture that carries one).
    file: PathBuf,
    /// The folder to write the table into (made if missing).
    #[arg(short, long, value_name = "DIR")]
    output: PathBuf,
    /// Where the files will be on the web (http:// or https://; a / is
    /// added at the end if missing), in place of the paths to DIR.
    #[arg(long, value_name = "URL")]
    base_url: Option<String>,
    /// Write the objects alone as a saved object (board, pieces, dice,
    /// chips, markers, rulebook), to add to a table already loaded.
    #[arg(long)]
    saved_object: bool,
    #[arg(long, value_enum, default_value = "classic")]
    theme: ThemeArg,
    /// Leave out the rulebook PDF (the notebook keeps the rules); it is
    /// the slow part on a large board.
    #[arg(long)]
    no_rulebook: bool,
    /// Print what was written as JSON (files, sizes, snap points, notes).
    #[arg(long)]
    json: bool,
    #[command(flatten)]
    overwrite: super::output::Overwrite,
}

pub fn run(args: &Args) -> Outcome {
    let base_url = match &args.base_url {
        Some(url) => match checked_base_url(url) {
            Ok(url) => Some(url),
            Err(e) => return fail(e),
        },
        None => None,
    };
    let loaded = match files::load(&args.file) {
        Ok(loaded) => loaded,
        Err(e) => return fail(e),
    };
    let (Some(spec), false) = (loaded.checked.spec.as_ref(), loaded.checked.has_errors()) else {
        diagnostics::print(&args.file, &loaded.text, &loaded.checked.diagnostics);
        tell!("error: {} has errors; no table written", args.file.display());
        return Outcome::VariantErrors;
    };
    let started = Instant::now();
    let out_of_time = || started.elapsed() > ladderkit::print::ODDS_BUDGET;
    let compiled = loaded.checked.compiled.as_ref();
    let theme = args.theme.into();
    let request = files::TableRequest {
        base_url: base_url.as_deref(),
        theme,
        rulebook: !args.no_rulebook,
        form: if args.saved_object { Form::SavedObject } else { Form::Save },
        force: args.overwrite.force,
    };
    let written = match files::write_table(spec, compiled, &args.output, &request, &out_of_time) {
        Ok(written) => written,
        Err(e) => return fail(e),
    };
    let files::TableWritten { table, paths, base_url, notes } = written;
    let seconds = started.elapsed().as_secs_f64();
    let save = paths.last().cloned().unwrap_or_default();
    if args.json {
        let files: Vec<_> = table
            .files
            .iter()
            .map(|f| json!({ "name": f.name, "bytes": f.bytes.len() }))
            .chain(std::iter::once(json!({ "name": table.save_name, "bytes": table.save.len() })))
            .collect();
        let report = json!({
            "variant": spec.meta.name,
            "save": save.display().to_string(),
            "base_url": base_url,
            "files": files,
            "board_px": table.board_px,
            "space_px": table.space_px,
            "board_units": [table.board_units.0, table.board_units.1],
            "snap_points": table.snap_points,
            "seats": table.seats.get(),
            "notes": notes,
            "seconds": seconds,
        });
        say!("{}", serde_json::to_string_pretty(&report).unwrap_or_default());
    } else {
        let bytes: usize = table.files.iter().map(|f| f.bytes.len()).sum::<usize>() + table.save.len();
        say!(
            "wrote {} for Tabletop Simulator: {} files, {:.1} MB; the board has {} snap points, pieces for {} seat{}",
            save.display(),
            paths.len(),
            bytes as f64 / 1e6,
            table.snap_points,
            table.seats.get(),
            if table.seats == Seats::ONE { "" } else { "s" }
        );
        for note in &notes {
            say!("  {note}");
        }
        say!("  images load from {base_url}");
        if args.saved_object {
            say!(
                "  spawn it: copy {} into Tabletop Simulator's {} folder",
                table.save_name,
                Form::SavedObject.folder()
            );
        } else {
            say!(
                "  load it: copy {} into Tabletop Simulator's {} folder (see README, \"Play-test remotely\")",
                table.save_name,
                Form::Save.folder()
            );
        }
    }
    Outcome::Ok
}

/// An http(s) address, ending in `/` (added if missing).
fn checked_base_url(url: &str) -> Result<String, String> {
    let url = url.trim();
    if !(url.starts_with("https://") || url.starts_with("http://")) || url.len() <= "https://".len() {
        return Err(format!(
            "--base-url {url:?}: give the web address the files will be at, e.g. https://example.org/my-board/"
        ));
    }
    if url.chars().any(|c| c.is_whitespace() || c.is_control() || c == '"') {
        return Err(format!(
            "--base-url {url:?}: a web address has no spaces, quotes or control characters; write them %-encoded"
        ));
    }
    Ok(if url.ends_with('/') { url.to_owned() } else { format!("{url}/") })
}
