//! `ladderkit-editor [FILE] [--link URL] [--screenshot PNG --frames N] [--playtest K] [--tune TARGETS] [--bench]`
//!
//! Built for the web (`web/build.sh`), the same editor runs in a page: it
//! opens the board link in the page's address, or greets the person with
//! the bundled variants.

use bevy::prelude::*;
use bevy_egui::EguiPlugin;

/// The app both platforms run: the window, egui, a camera, the editor.
fn editor(window: Window) -> App {
    let mut app = App::new();
    app.add_plugins(DefaultPlugins.set(WindowPlugin {
        primary_window: Some(window),
        // The editor asks about unsaved changes before closing.
        close_when_requested: false,
        ..default()
    }))
    .add_plugins(EguiPlugin::default())
    .add_systems(Startup, |mut commands: Commands| {
        // egui smooths its own edges and nothing else is drawn: without
        // multisampling a software renderer (llvmpipe, the browser's
        // SwiftShader) fills each pixel once, not four times.
        commands.spawn((Camera2d, bevy::render::view::Msaa::Off));
    });
    app
}

#[cfg(target_arch = "wasm32")]
fn main() {
    use ladderkit_editor::files::{Files, StartupLink};
    use ladderkit_editor::platform;
    console_error_panic_hook::set_once();
    let _ = ladderkit_editor::screenshot::PROCESS_START.set(bevy::platform::time::Instant::now());
    if let Err(e) = platform::install() {
        web_sys::console::error_1(&e.into());
    }
    let mut app = editor(Window {
        title: "Ladderkit".into(),
        canvas: Some("#ladderkit".into()),
        fit_canvas_to_parent: true,
        // Ctrl+S, Ctrl+O and Ctrl+Z are the editor's, not the browser's.
        prevent_default_event_handling: true,
        ..default()
    });
    // Bevy waits for input while the canvas is not focused, which would
    // stall the background work (odds, the tuner) and a dropped file; the
    // browser itself stops the frames of a tab nobody sees.
    app.insert_resource(bevy::winit::WinitSettings::continuous());
    app.insert_resource(Files::new(None));
    match platform::page_link() {
        Some(link) => app.insert_resource(StartupLink(link)),
        None => app.insert_resource(ladderkit_editor::welcome::Welcome),
    };
    if platform::query_has("bench") {
        // Before the app: nothing else runs while it is timed.
        platform::report_line(&format!("ladderkit-bench {}", ladderkit_editor::bench::run()));
    }
    if platform::query_has("report") {
        app.insert_resource(ladderkit_editor::report::ReportTo::Console);
    }
    app.add_plugins(ladderkit_editor::plugin);
    app.run();
}

#[cfg(not(target_arch = "wasm32"))]
fn main() -> std::process::ExitCode {
    desktop::main()
}

#[cfg(not(target_arch = "wasm32"))]
mod desktop {
    use std::path::PathBuf;
    use std::process::ExitCode;

    use bevy::prelude::*;
    use bevy::window::WindowResolution;
    use clap::Parser;
    use ladderkit_editor::files::{Files, StartupFile, StartupLink};
    use ladderkit_editor::playtest::StartPlaytest;
    use ladderkit_editor::screenshot::ScreenshotAndExit;
    use ladderkit_editor::{OpenTab, Tab};

    /// The Ladderkit board editor.
    ///
    /// Opens FILE; without one, a welcome window offers the bundled variants
    /// (built into the binary), a new board or a file. Draw jumps by
    /// dragging between spaces, paint effects, tune the rules in the
    /// inspector; every edit is checked at once and can be undone.
    #[derive(Debug, Parser)]
    #[command(name = "ladderkit-editor", version)]
    struct Args {
        /// The variant to open (without one: the welcome window).
        file: Option<PathBuf>,
        /// Open a board link (`ladderkit share`, Share › Copy link), untitled.
        #[arg(long, value_name = "URL", conflicts_with = "file")]
        link: Option<String>,
        /// Render, save the window to this PNG and exit (smoke tests, README).
        #[arg(long, value_name = "PNG")]
        screenshot: Option<PathBuf>,
        /// Frames to render before the screenshot.
        #[arg(long, default_value_t = 30)]
        frames: u32,
        /// Start a play-test with bots at once; with --screenshot, take it
        /// after K moves have been shown (mid-animation).
        #[arg(long, value_name = "K")]
        playtest: Option<u32>,
        /// The side panel to show first.
        #[arg(long, value_enum, default_value = "inspector")]
        panel: Tab,
        /// Show the help (every key and mouse gesture, as F1 does) at once.
        #[arg(long)]
        keys: bool,
        /// Open the Tune panel and run the tuner at once, for example
        /// `turns=30,seconds=5` (also p90, min-rolls, seat-edge, rides,
        /// lead-changes, comeback, decided-late, players, seed); with --screenshot, take it once the
        /// proposal shows.
        #[arg(long, value_name = "TARGETS", value_parser = ladderkit_editor::tune::TuneForm::parse)]
        tune: Option<ladderkit_editor::tune::TuneForm>,
        /// Write what the editor shows (the document's jumps and effects, the
        /// checks, undo and redo, the mode, where each space is on screen) to
        /// this file as JSON lines, a line each time it changes: for tests that
        /// drive the window with a real mouse and keyboard.
        #[arg(long, value_name = "JSONL")]
        report: Option<PathBuf>,
        /// Time the exact analysis of Milton Bradley and of the 30 × 30
        /// bench board, and games of Milton Bradley simulated at four seats,
        /// print it as JSON and exit (no window; the web page does the same
        /// with `?bench`).
        #[arg(long, conflicts_with_all = ["file", "link", "screenshot"])]
        bench: bool,
    }

    pub fn main() -> ExitCode {
        let _ = ladderkit_editor::screenshot::PROCESS_START.set(bevy::platform::time::Instant::now());
        let args = Args::parse();
        if args.bench {
            println!("{}", ladderkit_editor::bench::run());
            return ExitCode::SUCCESS;
        }
        if std::env::var_os("DISPLAY").is_none() {
            eprintln!(
                "error: no display (DISPLAY is not set), so the editor cannot open a window.\n\
                 hint: on a machine without a screen, run it under `xvfb-run -a ladderkit-editor …`,\n\
                 or use the `ladderkit` command line (validate, analyze, simulate, play)."
            );
            return ExitCode::from(2);
        }
        let mut app = super::editor(Window {
            title: "Ladderkit".into(),
            resolution: WindowResolution::new(1400, 900),
            ..default()
        });
        match (args.file, args.link) {
            (Some(path), _) => app.insert_resource(StartupFile(path)),
            (None, Some(link)) => app.insert_resource(StartupLink(link)),
            (None, None) => app.insert_resource(ladderkit_editor::welcome::Welcome),
        };
        if args.screenshot.is_none() {
            // A person's window draws when something changes; a screenshot
            // run counts frames, so it draws them all.
            app.insert_resource(ladderkit_editor::redraw::reactive());
        }
        if let Some(path) = args.screenshot {
            // A screenshot run leaves the user's recent files alone.
            app.insert_resource(Files::new(None));
            let mut request = ScreenshotAndExit::new(path, args.frames);
            request.after_moves = args.playtest;
            request.after_tune = args.tune.is_some();
            app.insert_resource(request);
        }
        app.insert_resource(OpenTab(if args.tune.is_some() { Tab::Tune } else { args.panel }));
        if args.keys {
            app.insert_resource(ladderkit_editor::OpenHelp);
        }
        if let Some(form) = args.tune {
            app.insert_resource(ladderkit_editor::tune::StartTune(form));
        }
        if let Some(path) = args.report {
            app.insert_resource(ladderkit_editor::report::ReportTo::File(path));
        }
        if args.playtest.is_some() {
            app.insert_resource(StartPlaytest);
        }
        app.add_plugins(ladderkit_editor::plugin);
        match app.run() {
            AppExit::Success => ExitCode::SUCCESS,
            AppExit::Error(code) => ExitCode::from(code.get()),
        }
    }
}
