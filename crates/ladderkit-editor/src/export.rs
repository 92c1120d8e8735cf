//! File › Export board: the printable board from `ladderkit render`, so
//! what the editor exports is what the command line prints.

use bevy::prelude::*;
use ladderkit::files::save_picture;
use ladderkit::render::{BoardOptions, board_svg};

use crate::EditorSet;
use crate::document::Document;
use crate::files::Files;
use crate::intents::Intent;

/// PNG exports are rasterised at this resolution (A4: 1240 × 1754).
const DPI: f32 = 150.0;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(Update, export_board.in_set(EditorSet::Files));
}

fn export_board(mut intents: MessageReader<Intent>, doc: Res<Document>, mut files: ResMut<Files>) {
    for intent in intents.read() {
        let path = match intent {
            Intent::ExportBoard(path) => path.clone(),
            Intent::ExportBoardDialog => {
                let chosen = rfd::FileDialog::new()
                    .add_filter("Printable board", &["svg", "png"])
                    .set_file_name("board.svg")
                    .save_file();
                match chosen {
                    Some(path) => path,
                    None => {
                        files.say(
                            "not exported: no file chosen (or no file dialog on this system: use \
                             File › Export printable board to path…)"
                                .into(),
                        );
                        continue;
                    }
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
