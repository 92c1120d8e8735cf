//! `--report PATH` (the desktop) and `?report` (the web page): the editor
//! writes what it shows as JSON lines, one each time it changes, to the
//! file or the browser's console, so a test that drives the real window or
//! page with a real pointer and keyboard (xdotool, Playwright) can find the
//! spaces and buttons on screen and read back what its hands did: jumps
//! drawn, checks, undo, the figures the odds panel prints, the link made,
//! what could not be opened, the play-test.

use std::fs::File;
use std::io::Write;
use std::path::PathBuf;

use bevy::prelude::*;
use ladderkit::core::variant_hash;
use serde_json::{Value, json};

use crate::checks::Checks;
use crate::document::Document;
use crate::files::Files;
use crate::history::History;
use crate::jobs::FrameBudget;
use crate::odds::{Figures, Odds, exact_rows, key_for, seat_percent};
use crate::playtest::Playtest;
use crate::share::Sharing;
use crate::tools::Tool;
use crate::tune::Tuning;
use crate::ui::PanelState;
use crate::view::View;
use crate::{EditorMode, UiTiming, platform};

/// Where to write: a file (created or emptied at start), or the console.
#[derive(Resource, Debug, Clone)]
pub enum ReportTo {
    File(PathBuf),
    Console,
}

/// Frames between two lines when nothing else changes.
const TIMING_EVERY: u32 = 30;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(Last, write_report.run_if(resource_exists::<ReportTo>));
}

/// A report line goes where it was asked for; each line is whole, so a
/// reader polling the file never sees half.
enum Sink {
    File(File),
    Console,
}

#[allow(clippy::too_many_arguments)] // reason: a Bevy system's parameters are what it reports
fn write_report(
    to: Res<ReportTo>,
    (doc, checks, history, files): (Res<Document>, Res<Checks>, Res<History>, Res<Files>),
    (view, tool, panels, selection): (Res<View>, Res<Tool>, Option<Res<PanelState>>, Res<crate::selection::Selection>),
    (playtest, odds, sharing, tuning): (Res<Playtest>, Res<Odds>, Res<Sharing>, Res<Tuning>),
    together: Res<crate::playtest::together::Together>,
    mode: Res<State<EditorMode>>,
    (timing, budget): (Option<Res<UiTiming>>, Res<FrameBudget>),
    mut sink: Local<Option<Sink>>,
    (mut last, mut last_frame): (Local<String>, Local<u32>),
) {
    if sink.is_none() {
        *sink = match &*to {
            ReportTo::Console => Some(Sink::Console),
            ReportTo::File(path) => match File::create(path) {
                Ok(f) => Some(Sink::File(f)),
                Err(e) => {
                    error!("cannot write the report {}: {e}", path.display());
                    return;
                }
            },
        };
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
        "selected": format!("{:?}", selection.selected),
        "group": selection.all().iter().map(|s| format!("{s:?}")).collect::<Vec<_>>(),
        "path": doc.path.as_ref().map(|p| p.display().to_string()),
        "name": doc.spec().meta.name,
        "hash": format!("{:016x}", variant_hash(doc.spec())),
        "dirty": doc.is_dirty(),
        "jumps": doc.spec().jumps.iter().map(|j| [j.from, j.to]).collect::<Vec<_>>(),
        "effects": doc.spec().effects.iter().map(|e| json!([e.space, e.effect.describe()])).collect::<Vec<_>>(),
        "codes": checks.diagnostics.iter().map(|d| d.code.as_str()).collect::<Vec<_>>(),
        "undo": history.undo_label(),
        "redo": history.redo_label(),
        "status": files.current_status(doc.generation()),
        "problem": files.problem.as_ref().map(|p| {
            let span = p.diagnostic.location.span;
            json!({
                "title": p.title,
                "code": p.diagnostic.code.as_str(),
                "message": p.diagnostic.message,
                "line": span.map(|s| s.line),
                "column": span.map(|s| s.column),
                "text": p.line(),
            })
        }),
        "recovery": files.recovery.is_some(),
        "tune": json!({
            "running": tuning.running().is_some(),
            "proposal": tuning.proposal.as_ref().map(|p| json!({ "met": p.tuned.met, "evaluated": p.tuned.evaluated })),
            "error": tuning.error,
        }),
        "link": sharing.shown.as_ref().map(|s| json!({ "url": s.url, "characters": s.characters })),
        "odds": odds_shown(&odds, &checks, &doc),
        "tab": panels.as_ref().map(|p| format!("{:?}", p.tab)),
        "targets": panels.as_ref().map(|p| json!(p.targets)),
        "spaces": spaces,
        "playtest": session.map(|s| json!({
            "begun": playtest.begun,
            "moves_shown": s.moves_shown,
            "log": s.log.len(),
            "over": s.state().is_over(),
            "winners": s.state().winner_seats().map(|p| s.names[p as usize].clone()).collect::<Vec<_>>(),
        })),
        "room": room_shown(&together),
    });
    let line = snapshot.to_string();
    // Frame figures ride along, and make a line of their own every
    // `TIMING_EVERY` frames (a reader times a board that does not change).
    let frames = timing.as_ref().map_or(0, |t| t.frames);
    if line == *last && frames < *last_frame + TIMING_EVERY {
        return;
    }
    let ui_ms = timing.as_ref().filter(|t| t.frames > 0).map(|t| t.total.as_secs_f64() * 1000.0 / f64::from(t.frames));
    let jobs = budget.stats;
    let full = format!(
        "{{\"frame\":{frames},\"ui_ms\":{},\"jobs\":{},\"state\":{line}}}",
        ui_ms.map_or("null".into(), |ms| format!("{ms:.3}")),
        json!({
            "frames": jobs.frames,
            "mean_ms": if jobs.frames > 0 { jobs.total.as_secs_f64() * 1000.0 / jobs.frames as f64 } else { 0.0 },
            "longest_ms": jobs.longest.as_secs_f64() * 1000.0,
            "longest_step": { "ms": jobs.longest_step.as_secs_f64() * 1000.0, "job": jobs.longest_step_of },
        }),
    );
    match sink.as_mut() {
        Some(Sink::File(f)) => {
            let _ = writeln!(f, "{full}");
            let _ = f.flush();
        }
        Some(Sink::Console) => platform::report_line(&format!("ladderkit-report {full}")),
        None => {}
    }
    *last = line;
    *last_frame = frames;
}

/// The odds panel's figures for the design as it stands, as it prints
/// them, once they are current.
fn odds_shown(odds: &Odds, checks: &Checks, doc: &Document) -> Value {
    let key = key_for(odds, checks.generation, doc.spec().rules.players.min);
    let Some(result) = odds.current(key) else {
        return json!({ "current": false, "progress": odds.progress() });
    };
    // From starting the work to its figures, the frames in between included.
    let took_ms = (result.took.as_secs_f64() * 1000.0 * 100.0).round() / 100.0;
    match &result.outcome {
        Err(why) => json!({ "current": true, "error": why }),
        Ok(Figures::Exact(a)) => json!({
            "current": true,
            "took_ms": took_ms,
            "players": key.players.get(),
            // Seat by seat at once, else over the joint states once asked.
            "lead_changes": odds.excitement.table(key).and_then(|t| t.as_ref().ok()).and_then(|t| t.lead_changes)
                .or_else(|| odds.excitement.current(key).and_then(|e| e.as_ref().ok()).map(|e| e.measures().lead_changes.mean)),
            "leader_changes": odds.excitement.table(key).and_then(|t| t.as_ref().ok()).map(|t| t.leader_changes),
            "rows": exact_rows(a, key.players).into_iter().map(|r| [r.name, r.value]).collect::<Vec<_>>(),
            "seats": a.seats.win.iter().map(|p| seat_percent(*p)).collect::<Vec<_>>(),
        }),
        Ok(Figures::Solved(s)) => json!({ "current": true, "took_ms": took_ms, "solved": s.positions }),
        Ok(Figures::Simulated(s)) => json!({ "current": true, "took_ms": took_ms, "simulated": s.games }),
    }
}

/// The play-test room as its panel shows it: seats, whose turn, the games
/// (each by its log's fingerprint, which every page must agree on).
fn room_shown(together: &crate::playtest::together::Together) -> Value {
    let games =
        |r: &ladderkit::room::protocol::Record| r.games.iter().map(|g| g.fingerprint.clone()).collect::<Vec<_>>();
    let Some(room) = &together.room else {
        return json!({ "error": together.error, "joining": together.joining.is_some(),
                       "kept": together.last.as_ref().map(games) });
    };
    let table = room.table();
    json!({
        "host": room.is_host(),
        "link": room.link,
        "seats": room.seats(),
        "you": room.my_seat(),
        "my_turn": room.my_turn().is_some(),
        "turns": table.map(|t| t.turns()),
        "over": table.map(|t| t.waiting() == ladderkit::room::protocol::Waiting::Over),
        "games": games(room.record()),
        "closed": room.closed(),
        "notes": room.notes(),
        "reconnections": room.connection.reconnections,
        "messages": room.connection.messages,
        "peers": room.connection.peers(),
        "error": together.error,
    })
}
