//! `ladderkit share`: a variant as a link that opens it in the web editor.

use std::path::PathBuf;

use ladderkit::core::link::{self, Length};
use ladderkit::core::{to_string, variant_hash};
use ladderkit::files;
use serde_json::json;

use super::{Outcome, diagnostics, fail, say, tell};

/// Print a link that opens a variant in the web editor.
///
/// The link carries the whole variant (its canonical text, compressed) in
/// the part after `#`, which a browser never sends to a server: whoever
/// opens it sees the board, untitled, in their own browser, and nothing
/// is uploaded anywhere. A variant with errors is shared with them (the
/// page shows them, as it would for the file); one that cannot be read is
/// not.
///
/// Links of the bundled variants are 800 to 1,400 characters. Over 2,000
/// some mail and chat programs cut links (a note says so); over 32,000 no
/// link is made: send the file, which the page opens with File › Open or
/// by dropping it on the board.
#[derive(Debug, clap::Args)]
#[command(after_help = "Examples:\n  ladderkit share variants/milton-bradley.ron\n  ladderkit share my-board.ron \
                        --base https://example.org/ladderkit/\n  ladderkit share my-board.ron --json")]
pub struct Args {
    /// The variant (a .ron file, or a PNG that carries one).
    file: PathBuf,
    /// Where the web editor is served (`web/serve.sh` serves it on this
    /// machine at the default).
    #[arg(long, value_name = "URL", default_value = link::DEFAULT_BASE)]
    base: String,
    /// Print one JSON object: {"file", "url", "characters", "hash"} (the
    /// hash of the canonical text, as the page reports it).
    #[arg(long)]
    json: bool,
}

pub fn run(args: &Args) -> Outcome {
    let loaded = match files::load(&args.file) {
        Ok(loaded) => loaded,
        Err(e) => return fail(e),
    };
    let Some(spec) = &loaded.checked.spec else {
        diagnostics::print(&args.file, &loaded.text, &loaded.checked.diagnostics);
        tell!("error: {} cannot be read, so it cannot be shared", args.file.display());
        return Outcome::VariantErrors;
    };
    if loaded.checked.has_errors() {
        tell!(
            "note: {} has errors ({}); the link opens it with them",
            args.file.display(),
            diagnostics::summary(&loaded.checked.diagnostics)
        );
    }
    let url = link::url(&args.base, &to_string(&spec.game_only()));
    let characters = url.chars().count();
    match Length::of(&url) {
        Length::TooLong => {
            return fail(format!(
                "the link would be {characters} characters long, over the {} a link may be; send {} itself: the \
                 web page opens it with File › Open or by dropping it on the board",
                link::LONGEST,
                args.file.display()
            ));
        }
        Length::Long => tell!(
            "note: the link is {characters} characters long; some mail and chat programs cut links longer than {}, \
             so check that it arrives whole (or send the file)",
            link::SAFE_LENGTH
        ),
        Length::Safe => {}
    }
    if args.json {
        let hash = format!("{:016x}", variant_hash(spec));
        say!("{}", json!({ "file": args.file, "url": url, "characters": characters, "hash": hash }));
    } else {
        say!("{url}");
    }
    Outcome::Ok
}
