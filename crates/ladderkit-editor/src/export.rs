//! File › Export board, Export forum page, Print-and-play kit and Export
//! for Tabletop Simulator: the printable board and the Markdown page from
//! `ladderkit render`, the PDF kit from `ladderkit print` and the table
//! from `ladderkit tabletop`, so what the editor exports is what the
//! command line writes. The desktop writes a file it asks for; the web
//! page downloads it (`platform`), all but the table, which is a folder.

use std::path::{Path, PathBuf};

use bevy::prelude::*;
use ladderkit::files::{page_picture_replaceable, picture_bytes, save_bytes_atomic};
use ladderkit::render::{BoardOptions, board_svg};

use crate::EditorSet;
use crate::document::Document;
use crate::files::Files;
use crate::intents::Intent;
use crate::platform::{self, Destination};

/// PNG exports are rasterised at this resolution (A4: 1240 × 1754).
const DPI: f32 = 150.0;

pub use crate::intents::ExportOptions;

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<ExportOptions>().add_systems(
        Update,
        (set_options, export_board, export_page, print_kit, export_table, export_record)
            .chain()
            .in_set(EditorSet::Files),
    );
}

fn set_options(mut intents: MessageReader<Intent>, mut options: ResMut<ExportOptions>) {
    for intent in intents.read() {
        if let Intent::ExportOptions(chosen) = intent {
            *options = chosen.clamped();
        }
    }
}

/// Where an export goes: the path given, or the one the person chooses
/// when `ask`ed (desktop), or a download (web); `None` when nothing was
/// chosen.
fn destination(given: Option<&PathBuf>, ask: impl FnOnce() -> Destination, files: &mut Files) -> Option<Target> {
    match given {
        Some(path) => Some(Target::Path(path.clone())),
        None => match ask() {
            Destination::Path(path) => Some(Target::Path(path)),
            Destination::Download(name) => Some(Target::Download(name)),
            Destination::Nothing(why) => {
                files.say(why);
                None
            }
        },
    }
}

/// A file on this computer, or a download.
enum Target {
    Path(PathBuf),
    Download(String),
}

impl Target {
    fn name(&self) -> &Path {
        match self {
            Self::Path(path) => path,
            Self::Download(name) => Path::new(name),
        }
    }

    /// Writes the bytes there; what happened, in words.
    fn deliver(&self, what: &str, bytes: &[u8]) -> Result<String, String> {
        match self {
            Self::Path(path) => save_bytes_atomic(path, bytes)
                .map(|()| format!("{what} written to {}", path.display()))
                .map_err(|e| e.to_string()),
            Self::Download(name) => platform::download(name, bytes).map(|()| format!("{what} downloaded as {name}")),
        }
    }
}

fn export_board(
    mut intents: MessageReader<Intent>,
    doc: Res<Document>,
    options: Res<ExportOptions>,
    mut files: ResMut<Files>,
) {
    for intent in intents.read() {
        let given = match intent {
            Intent::ExportBoard(path) => Some(path),
            Intent::ExportBoardDialog => None,
            _ => continue,
        };
        let dialog = SaveDialog {
            filter: ("Printable board", &["svg", "png"]),
            name: "board.svg",
            refused: "not exported: no file chosen (or no file dialog on this system: use File › Export printable \
                      board to path…)",
        };
        let Some(target) = destination(given, || dialog.ask(), &mut files) else { continue };
        let look = BoardOptions { paper: options.paper, theme: options.theme, ..BoardOptions::default() };
        let svg = board_svg(doc.spec(), &look);
        let bytes = picture_bytes(target.name(), &svg, DPI, Some(&ladderkit::core::to_string(doc.spec())));
        files.say(match bytes.and_then(|b| target.deliver("the board", &b)) {
            Ok(done) => done,
            Err(e) => format!("could not export the board: {e}"),
        });
    }
}

/// The forum page, as `ladderkit render -o page.md` writes it: the page
/// and, beside it, the board picture it shows (`page.png`), which replaces
/// only a board picture Ladderkit wrote. The web page downloads both.
fn export_page(
    mut intents: MessageReader<Intent>,
    doc: Res<Document>,
    options: Res<ExportOptions>,
    mut files: ResMut<Files>,
) {
    for intent in intents.read() {
        let given = match intent {
            Intent::ExportPage(path) => Some(path),
            Intent::ExportPageDialog => None,
            _ => continue,
        };
        let dialog = SaveDialog {
            filter: ("Forum page (Markdown)", &["md"]),
            name: "page.md",
            refused: "no page written: no file chosen (or no file dialog on this system: use File › Export forum \
                      page to path…)",
        };
        let Some(target) = destination(given, || dialog.ask(), &mut files) else { continue };
        if !target.name().extension().is_some_and(|e| e.eq_ignore_ascii_case("md")) {
            files.say(format!("no page written: name it .md, not {}", target.name().display()));
            continue;
        }
        let picture = match &target {
            Target::Path(path) => Target::Path(path.with_extension("png")),
            Target::Download(name) => Target::Download(Path::new(name).with_extension("png").display().to_string()),
        };
        if let Target::Path(path) = &picture
            && !page_picture_replaceable(path)
        {
            files.say(format!(
                "no page written: {} exists and is not a board Ladderkit drew; move it, or name the page otherwise",
                path.display()
            ));
            continue;
        }
        let look = BoardOptions { paper: options.paper, theme: options.theme, ..BoardOptions::default() };
        let svg = board_svg(doc.spec(), &look);
        let text = ladderkit::core::to_string(doc.spec());
        let linked = picture.name().file_name().map(|n| n.to_string_lossy().into_owned());
        let compiled = ladderkit::core::compile(doc.spec());
        let started = bevy::platform::time::Instant::now();
        let out_of_time = || started.elapsed() > ladderkit::print::ODDS_BUDGET;
        let page = ladderkit::print::page(doc.spec(), Some(&compiled), linked.as_deref(), &out_of_time);
        let written = picture_bytes(picture.name(), &svg, DPI, Some(&text))
            .and_then(|bytes| picture.deliver("the board picture", &bytes))
            .and_then(|_| target.deliver("the forum page", page.as_bytes()));
        files.say(match written {
            Ok(done) => format!("{done}, with its picture {}", picture.name().display()),
            Err(e) => format!("could not write the forum page: {e}"),
        });
    }
}

/// The kit with the export options (the command line's defaults: A4, the
/// board 40 cm on its longer side, colour).
fn print_kit(
    mut intents: MessageReader<Intent>,
    doc: Res<Document>,
    options: Res<ExportOptions>,
    mut files: ResMut<Files>,
) {
    for intent in intents.read() {
        let given = match intent {
            Intent::PrintKit(path) => Some(path),
            Intent::PrintKitDialog => None,
            _ => continue,
        };
        let dialog = SaveDialog {
            filter: ("Print-and-play kit", &["pdf"]),
            name: "kit.pdf",
            refused: "no kit written: no file chosen (or no file dialog on this system: use File › Print-and-play \
                      kit to path…)",
        };
        let Some(target) = destination(given, || dialog.ask(), &mut files) else { continue };
        if !target.name().extension().is_some_and(|e| e.eq_ignore_ascii_case("pdf")) {
            files.say(format!("no kit written: name it .pdf, not {}", target.name().display()));
            continue;
        }
        let compiled = ladderkit::core::compile(doc.spec());
        // Bevy's clock: std's panics in the web page.
        let started = bevy::platform::time::Instant::now();
        let out_of_time = || started.elapsed() > ladderkit::print::ODDS_BUDGET;
        let ExportOptions { paper, theme, kit_board_mm, .. } = *options;
        let kit = ladderkit::print::kit(doc.spec(), Some(&compiled), paper, kit_board_mm, theme, &out_of_time);
        files.say(
            match kit.map_err(|e| e.to_string()).and_then(|kit| {
                let done = target.deliver("the print-and-play kit", &kit.pdf)?;
                Ok(format!("{done}: {} pages, the board on {} × {}", kit.pages, kit.columns, kit.rows))
            }) {
                Ok(done) => done,
                Err(e) => format!("could not write the kit: {e}"),
            },
        );
    }
}

/// The Tabletop Simulator table, into a folder: the desktop's only (its
/// images load from that folder).
fn export_table(
    mut intents: MessageReader<Intent>,
    doc: Res<Document>,
    options: Res<ExportOptions>,
    mut files: ResMut<Files>,
) {
    for intent in intents.read() {
        let given = match intent {
            Intent::ExportTable(path) => Some(path),
            Intent::ExportTableDialog => None,
            _ => continue,
        };
        let ask = || {
            platform::choose_folder(
                "no table written: no folder chosen (or no folder dialog on this system: use File › Export for \
                 Tabletop Simulator to folder…)",
            )
        };
        // The page has no folder to write into: `choose_folder` says so.
        let Some(Target::Path(dir)) = destination(given, ask, &mut files) else { continue };
        let compiled = ladderkit::core::compile(doc.spec());
        if compiled.has_errors() {
            files.say("no table written: the variant has errors (see Checks)".into());
            continue;
        }
        let started = bevy::platform::time::Instant::now();
        let out_of_time = || started.elapsed() > ladderkit::print::ODDS_BUDGET;
        let written = ladderkit::files::write_table(
            doc.spec(),
            Some(&compiled),
            &dir,
            &ladderkit::files::TableRequest {
                base_url: None,
                theme: options.theme,
                rulebook: true,
                form: options.tabletop,
                force: false,
            },
            &out_of_time,
        );
        files.say(match written {
            Ok(w) => format!(
                "the Tabletop Simulator {} written to {}: {} snap points, {} seats{}; copy {} into Tabletop \
                 Simulator's {} folder",
                options.tabletop.what(),
                dir.display(),
                w.table.snap_points,
                w.table.seats.get(),
                w.notes.iter().map(|n| format!("; {n}")).collect::<String>(),
                w.table.save_name,
                options.tabletop.folder(),
            ),
            Err(e) => format!("could not write the table: {e}"),
        });
    }
}

/// The save dialog an export opens (the board, the kit, the screenshot).
pub(crate) struct SaveDialog {
    pub filter: (&'static str, &'static [&'static str]),
    pub name: &'static str,
    /// Said when nothing is chosen.
    pub refused: &'static str,
}

impl SaveDialog {
    /// Where the person wants it (the web page downloads it).
    pub fn ask(&self) -> Destination {
        platform::choose_where_to_save(self.filter, self.name, self.refused)
    }
}

/// The games of the room this page is in (or last left), as a record:
/// `ladderkit replay --game N` replays any of them.
fn export_record(
    mut intents: MessageReader<Intent>,
    together: Res<crate::playtest::together::Together>,
    mut files: ResMut<Files>,
) {
    for intent in intents.read() {
        let given = match intent {
            Intent::ExportRecord(path) => Some(path),
            Intent::ExportRecordDialog => None,
            _ => continue,
        };
        let Some(record) = together.room.as_ref().map(|r| r.record()).or(together.last.as_ref()) else {
            files.say("no games to export: play some in a room first".into());
            continue;
        };
        let dialog = SaveDialog {
            filter: ("Room record (JSON)", &["json"]),
            name: "room-games.json",
            refused: "no record written: no file chosen",
        };
        let Some(target) = destination(given, || dialog.ask(), &mut files) else { continue };
        let text = serde_json::to_string_pretty(record).expect("a record is plain data");
        let games = record.games.len();
        files.say(match target.deliver(&format!("the room's {games} games"), text.as_bytes()) {
            Ok(done) => done,
            Err(e) => format!("could not export the games: {e}"),
        });
    }
}
