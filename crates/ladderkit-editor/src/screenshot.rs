//! `--screenshot PATH --frames N`: render N frames, save the window as a
//! PNG, exit. Also File › Export PNG.

use std::path::PathBuf;

use bevy::prelude::*;
use bevy::render::view::screenshot::{Screenshot, ScreenshotCaptured, save_to_disk};

use crate::intents::Intent;

#[derive(Resource, Debug, Clone)]
pub struct ScreenshotAndExit {
    pub path: PathBuf,
    pub frames: u32,
    taken: bool,
    /// When the first frame ended, and how many frames since: printed, so
    /// the smoke test also measures start-up and frame time.
    first_frame: Option<bevy::platform::time::Instant>,
    rendered: u32,
    /// `--playtest K`: count frames only once K moves have been shown.
    pub after_moves: Option<u32>,
    /// `--tune`: count frames only once the tuner's proposal is shown.
    pub after_tune: bool,
}

impl ScreenshotAndExit {
    pub fn new(path: PathBuf, frames: u32) -> Self {
        Self { path, frames, taken: false, first_frame: None, rendered: 0, after_moves: None, after_tune: false }
    }
}

/// Set by `main` before the app starts, for the start-up figure.
pub static PROCESS_START: std::sync::OnceLock<bevy::platform::time::Instant> = std::sync::OnceLock::new();

pub(super) fn plugin(app: &mut App) {
    app.add_systems(Last, (screenshot_and_exit, export_png));
}

fn screenshot_and_exit(
    mut commands: Commands,
    request: Option<ResMut<ScreenshotAndExit>>,
    playtest: Res<crate::playtest::Playtest>,
    tuning: Res<crate::tune::Tuning>,
    ui_timing: Option<Res<crate::UiTiming>>,
    (document, history): (Res<crate::document::Document>, Res<crate::history::History>),
) {
    let Some(mut request) = request else { return };
    if request.taken {
        return;
    }
    if request.after_tune {
        match (&tuning.proposal, &tuning.error) {
            (None, None) => return,
            // Once, for the smoke test and the README's picture.
            (Some(p), _) if request.first_frame.is_none() => println!(
                "tune: {} after {} candidates, {} edits, expected turns {:.2} -> {:.2}",
                if p.tuned.met { "every target met" } else { "not every target met" },
                p.tuned.evaluated,
                p.tuned.edits.len(),
                p.before.expected_turns.unwrap_or(f64::NAN),
                p.after.expected_turns.unwrap_or(f64::NAN),
            ),
            (None, Some(e)) if request.first_frame.is_none() => println!("tune: could not run: {e}"),
            _ => {}
        }
    }
    if let Some(moves) = request.after_moves {
        let shown = playtest.session.as_ref().map_or(0, |s| s.moves_shown);
        let over = playtest.session.as_ref().is_some_and(|s| s.state().is_over());
        if shown < moves && !over {
            return;
        }
        if request.first_frame.is_none() {
            println!("play-test: {shown} moves shown");
        }
    }
    let now = bevy::platform::time::Instant::now();
    if request.first_frame.is_none() {
        request.first_frame = Some(now);
        if let Some(start) = PROCESS_START.get() {
            println!("first frame after {:.2} s", (now - *start).as_secs_f64());
        }
    }
    request.rendered += 1;
    if request.frames > 0 {
        request.frames -= 1;
        return;
    }
    request.taken = true;
    // Nothing but the person may edit the file: a smoke test that only
    // looked at it must leave it as opened (tune and play-test runs too).
    match history.undo_label() {
        _ if !document.is_dirty() => println!("document: unchanged"),
        Some(label) => println!("document: modified (last edit: {label})"),
        None => println!("document: modified"),
    }
    if let Some(first) = request.first_frame
        && request.rendered > 1
    {
        let per_frame = (now - first).as_secs_f64() / f64::from(request.rendered - 1);
        println!("{} frames, {:.1} ms a frame ({:.0} fps)", request.rendered, per_frame * 1000.0, 1.0 / per_frame);
        if let Some(ui) = ui_timing.filter(|t| t.frames > 0) {
            // The part the editor controls; the rest is rendering (software
            // rendering under Xvfb, a GPU on a desktop).
            let ms = ui.total.as_secs_f64() * 1000.0 / f64::from(ui.frames);
            println!("interface and board built in {ms:.2} ms a frame on average");
        }
    }
    // save_to_disk writes the file while the capture is handled; the exit
    // takes effect at the end of the frame, after it.
    commands.spawn(Screenshot::primary_window()).observe(save_to_disk(request.path.clone())).observe(
        |_: On<ScreenshotCaptured>, mut exit: MessageWriter<AppExit>| {
            exit.write(AppExit::Success);
        },
    );
}

fn export_png(mut commands: Commands, mut intents: MessageReader<Intent>, mut files: ResMut<crate::files::Files>) {
    for intent in intents.read() {
        let path = match intent {
            Intent::ExportPng(path) => path.clone(),
            Intent::ExportPngDialog => {
                let dialog = crate::export::SaveDialog {
                    filter: ("PNG image", &["png"]),
                    name: "board.png",
                    refused: "not exported: no file chosen (or no file dialog on this system: use File › Export \
                              screenshot to path…)",
                };
                match dialog.ask() {
                    // Bevy's `save_to_disk` downloads it in the web page.
                    crate::platform::Destination::Path(path) => path,
                    crate::platform::Destination::Download(name) => PathBuf::from(name),
                    crate::platform::Destination::Nothing(why) => {
                        files.say(why);
                        continue;
                    }
                }
            }
            _ => continue,
        };
        let verb = if crate::platform::WEB { "downloaded as" } else { "saved to" };
        files.say(format!("screenshot {verb} {}", path.display()));
        commands.spawn(Screenshot::primary_window()).observe(save_to_disk(path));
    }
}
