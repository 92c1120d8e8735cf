//! `ladderkit validate`: check variant files.

use std::path::PathBuf;

use ladderkit::files;
use serde_json::json;

use super::{Outcome, diagnostics, say, tell};

/// Check variant files and report every problem.
///
/// Checks the syntax, the board, the jumps (off the board, loops, chains),
/// the effects, the rules, and, under the actual rules, whether every piece
/// can still reach the goal. Exits 0 when no file has errors (warnings are
/// fine), 1 when any has, 2 when a file cannot be read.
#[derive(Debug, clap::Args)]
pub struct Args {
    /// Variant files (.ron).
    #[arg(required = true)]
    files: Vec<PathBuf>,
    /// Print one JSON object per file instead of text:
    /// {"file", "diagnostics": [{"severity", "code", "message", "spaces",
    /// "jumps", "effects", "line", "column", "help"}]}.
    #[arg(long)]
    json: bool,
}

pub fn run(args: &Args) -> Outcome {
    let mut outcome = Outcome::Ok;
    for path in &args.files {
        let loaded = match files::load(path) {
            Ok(loaded) => loaded,
            Err(e) => {
                if args.json {
                    say!("{}", json!({ "file": path, "error": e.to_string() }));
                } else {
                    tell!("error: {e}");
                }
                outcome = Outcome::Failed;
                continue;
            }
        };
        let diags = &loaded.checked.diagnostics;
        if loaded.checked.has_errors() && outcome == Outcome::Ok {
            outcome = Outcome::VariantErrors;
        }
        if args.json {
            let list: Vec<_> = diags.iter().map(diagnostics::to_json).collect();
            say!("{}", json!({ "file": path, "diagnostics": list, "from_picture": loaded.picture }));
        } else {
            diagnostics::print(path, &loaded.text, diags);
            let name = loaded.checked.spec.as_ref().map(|s| format!(" ({})", s.meta.name)).unwrap_or_default();
            let verdict = if diags.is_empty() { "ok".to_owned() } else { diagnostics::summary(diags) };
            let from = if loaded.picture { ", read from the picture" } else { "" };
            say!("{}{name}{from}: {verdict}", path.display());
        }
    }
    outcome
}
