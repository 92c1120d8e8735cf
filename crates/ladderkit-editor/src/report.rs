//! `--report PATH`: the editor writes what it shows as JSON lines, one each
//! time it changes, so a test that drives the real window with a mouse and
//! keyboard (xdotool) can find the spaces on screen and read back what its
//! hands did: jumps drawn, checks, undo, the mode, the play-test.

use std::fs::File;
use std::io::Write;
use std::path::PathBuf;

use bevy::prelude::*;
use serde_json::json;

use crate::checks::Checks;
use crate::document::Document;
use crate::history::History;
use crate::playtest::Playtest;
use crate::tools::Tool;
use crate::view::View;
use crate::{EditorMode, UiTiming};

/// Where to write; the file is created (or emptied) at start.
#[derive(Resource, Debug, Clone)]
pub struct ReportTo(pub PathBuf);

pub(super) fn plugin(app: &mut App) {
    app.add_systems(Last, write_report.run_if(resource_exists::<ReportTo>));
}

#[allow(clippy::too_many_arguments)] // reason: a Bevy system's parameters are what it reports
fn write_report(
    to: Res<ReportTo>,
    (doc, checks, history): (Res<Document>, Res<Checks>, Res<History>),
    (view, tool): (Res<View>, Res<Tool>),
    playtest: Res<Playtest>,
    mode: Res<State<EditorMode>>,
    timing: Option<Res<UiTiming>>,
    mut file: Local<Option<File>>,
    mut last: Local<String>,
) {
    if file.is_none() {
        match File::create(&to.0) {
            Ok(f) => *file = Some(f),
            Err(e) => {
                error!("cannot write the report {}: {e}", to.0.display());
                return;
            }
        }
    }
    let board = &checks.compiled.board;
    let spaces: Vec<_> = match view.drawn {
        Some(placement) => (0..board.points.len() as u32)
            .filter_map(|pos| {
                let n = board.number(pos)?;
                let [x, y] = placement.to_screen(board.points[pos as usize]);
                Some(json!([n, x.round(), y.round()]))
            })
            .collect(),
        None => Vec::new(),
    };
    let session = playtest.session.as_ref();
    let snapshot = json!({
        "mode": format!("{:?}", mode.get()),
        "tool": tool.name(),
        "path": doc.path.as_ref().map(|p| p.display().to_string()),
        "dirty": doc.is_dirty(),
        "jumps": doc.spec.jumps.iter().map(|j| [j.from, j.to]).collect::<Vec<_>>(),
        "effects": doc.spec.effects.iter().map(|e| json!([e.space, e.effect.describe()])).collect::<Vec<_>>(),
        "codes": checks.diagnostics.iter().map(|d| d.code.as_str()).collect::<Vec<_>>(),
        "undo": history.undo_label(),
        "redo": history.redo_label(),
        "spaces": spaces,
        "playtest": session.map(|s| json!({
            "begun": playtest.begun,
            "moves_shown": s.moves_shown,
            "log": s.log.len(),
            "over": s.state().is_over(),
        })),
    });
    let line = snapshot.to_string();
    if line == *last {
        return;
    }
    let frames = timing.map_or(0, |t| t.frames);
    if let Some(f) = file.as_mut() {
        // Each line whole, so a reader polling the file never sees half.
        let _ = writeln!(f, "{{\"frame\":{frames},\"state\":{line}}}");
        let _ = f.flush();
    }
    *last = line;
}
