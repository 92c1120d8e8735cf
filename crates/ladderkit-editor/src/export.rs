//! File › Export board and File › Print-and-play kit: the printable board
//! from `ladderkit render` and the PDF kit from `ladderkit print`, so what
//! the editor exports is what the command line prints.

use bevy::prelude::*;
use ladderkit::files::{save_bytes_atomic, save_picture};
use ladderkit::render::{BoardOptions, Paper, Theme, board_svg};

use crate::EditorSet;
use crate::document::Document;
use crate::files::Files;
use crate::intents::Intent;

/// PNG exports are rasterised at this resolution (A4: 1240 × 1754).
const DPI: f32 = 150.0;
/// The kit's board, on its longer side (`ladderkit print`'s default).
const KIT_BOARD_MM: f32 = 400.0;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(Update, (export_board, print_kit).in_set(EditorSet::Files));
}

fn export_board(mut intents: MessageReader<Intent>, doc: Res<Document>, mut files: ResMut<Files>) {
    for intent in intents.read() {
        let path = match intent {
            Intent::ExportBoard(path) => path.clone(),
            Intent::ExportBoardDialog => {
                let dialog = SaveDialog { filter: ("Printable board", &["svg", "png"]), name: "board.svg" };
                let refused = "not exported: no file chosen (or no file dialog on this system: use \
                               File › Export printable board to path…)";
                match dialog.ask(&mut files, refused) {
                    Some(path) => path,
                    None => continue,
                }
            }
            _ => continue,
        };
        let svg = board_svg(&doc.spec, &BoardOptions::default());
        files.say(match save_picture(&path, &svg, DPI, Some(&ladderkit::core::to_string(&doc.spec))) {
            Ok(()) => format!("exported the board to {}", path.display()),
            Err(e) => format!("could not export the board: {e}"),
        });
    }
}

/// The kit at the command line's defaults: A4, the board 40 cm on its
/// longer side, colour.
fn print_kit(mut intents: MessageReader<Intent>, doc: Res<Document>, mut files: ResMut<Files>) {
    for intent in intents.read() {
        let path = match intent {
            Intent::PrintKit(path) => path.clone(),
            Intent::PrintKitDialog => {
                let dialog = SaveDialog { filter: ("Print-and-play kit", &["pdf"]), name: "kit.pdf" };
                let refused = "no kit written: no file chosen (or no file dialog on this system: use \
                               File › Print-and-play kit to path…)";
                match dialog.ask(&mut files, refused) {
                    Some(path) => path,
                    None => continue,
                }
            }
            _ => continue,
        };
        if !path.extension().is_some_and(|e| e.eq_ignore_ascii_case("pdf")) {
            files.say(format!("no kit written: name it .pdf, not {}", path.display()));
            continue;
        }
        let compiled = ladderkit::core::compile(&doc.spec);
        let kit = ladderkit::print::kit(&doc.spec, Some(&compiled), Paper::A4, KIT_BOARD_MM, Theme::Classic);
        files.say(
            match kit
                .map_err(|e| e.to_string())
                .and_then(|kit| save_bytes_atomic(&path, &kit.pdf).map(|()| kit).map_err(|e| e.to_string()))
            {
                Ok(kit) => format!(
                    "wrote the print-and-play kit to {}: {} pages, the board on {} × {}",
                    path.display(),
                    kit.pages,
                    kit.columns,
                    kit.rows
                ),
                Err(e) => format!("could not write the kit: {e}"),
            },
        );
    }
}

/// The save dialog an export opens (the board, the kit, the screenshot).
pub(crate) struct SaveDialog {
    pub filter: (&'static str, &'static [&'static str]),
    pub name: &'static str,
}

impl SaveDialog {
    /// The file the person chose; `None`, saying `refused`, when they chose
    /// none (or the system has no file dialog).
    pub fn ask(&self, files: &mut Files, refused: &str) -> Option<std::path::PathBuf> {
        let chosen =
            rfd::FileDialog::new().add_filter(self.filter.0, self.filter.1).set_file_name(self.name).save_file();
        if chosen.is_none() {
            files.say(refused.into());
        }
        chosen
    }
}
