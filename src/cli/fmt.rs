//! `ladderkit fmt`: rewrite variant files canonically.

use std::path::PathBuf;

use ladderkit::core::parse;
use ladderkit::files;

use super::{Outcome, diagnostics, fail, say};

/// Rewrite variant files in canonical form.
///
/// Canonical form is pretty RON with one jump or effect per line; loading
/// it gives exactly the same variant. Comments are not kept. Files that do
/// not parse are left untouched (the error is shown); files with other
/// problems are still formatted.
#[derive(Debug, clap::Args)]
pub struct Args {
    #[arg(required = true)]
    files: Vec<PathBuf>,
    /// Do not write; exit 1 if any file is not canonical.
    #[arg(long)]
    check: bool,
}

pub fn run(args: &Args) -> Outcome {
    let mut outcome = Outcome::Ok;
    for path in &args.files {
        let text = match files::read_text(path, files::FileKind::Variant) {
            Ok(text) => text,
            Err(e) => {
                outcome = fail(e);
                continue;
            }
        };
        let parsed = parse(&text);
        let Some(spec) = parsed.spec else {
            diagnostics::print(path, &text, &parsed.diagnostics);
            outcome = fail(format!("{} was not formatted", path.display()));
            continue;
        };
        let canonical = match files::variant_text(path, &spec) {
            Ok(canonical) => canonical,
            Err(e) => {
                outcome = fail(e);
                continue;
            }
        };
        if canonical == text {
            continue;
        }
        if args.check {
            say!("{}: not canonical", path.display());
            if outcome == Outcome::Ok {
                outcome = Outcome::VariantErrors;
            }
        } else if let Err(e) = files::save_atomic(path, &canonical) {
            outcome = fail(e);
        } else {
            say!("formatted {}", path.display());
        }
    }
    outcome
}
