//! The interface: panels draw from the resources and return intents; one
//! system lays them out each frame and sends what they returned.

mod board;
mod deal_inspector;
mod diagnostics;
mod dialogs;
mod extras;
mod extras_inspector;
mod help;
mod inspector;
mod menu;
mod odds;
mod paint;
mod play;
mod shortcuts;
mod testing;
mod together;
mod tune;
mod welcome;

use bevy::prelude::*;
use bevy::window::PrimaryWindow;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};

use crate::EditorMode;
use crate::checks::Checks;
use crate::document::Document;
use crate::files::Files;
use crate::history::History;
use crate::intents::Intent;
use crate::odds::Odds;
use crate::playtest::{Playtest, ScoreSession, Session};
use crate::selection::Selection;
use crate::tools::{Brush, Tool};
use crate::tune::Tuning;
use crate::view::View;

/// State that belongs to the panels only.
#[derive(Resource, Debug, Default)]
pub struct PanelState {
    pub new_dialog: Option<dialogs::NewDialog>,
    pub path_prompt: Option<dialogs::PathPrompt>,
    pub board: board::BoardState,
    pub tab: Tab,
    pub tune: crate::tune::TuneForm,
    /// The welcome window shows (started without a file).
    pub welcome: bool,
    /// The document the welcome window greeted: another one (opened from
    /// the menu, a link or a drop) closes it.
    pub welcome_doc: u64,
    /// Recent files with unsaved changes kept, looked up once as the
    /// welcome window opens (not on every frame it shows).
    pub welcome_unsaved: Vec<std::path::PathBuf>,
    /// Where this frame drew the buttons a test presses (`--report`):
    /// name → [left, top, right, bottom] in logical pixels.
    pub targets: Targets,
    /// The share window's link went to the clipboard already.
    pub share_copied: bool,
    /// The help overlay shows (F1).
    pub help: bool,
    /// Play › Play together's window, while it shows.
    pub together: Option<together::TogetherDraft>,
    /// What Ctrl+C took, for Ctrl+V.
    pub copied: Option<crate::clipboard::Copied>,
    /// The text Share last put on the clipboard (for tests, and the report).
    pub copied_text: Option<String>,
    /// The size of the last picture Share › Copy board picture put on the
    /// clipboard (for the tests, as `copied_text`).
    pub copied_picture: Option<[usize; 2]>,
}

pub type Targets = std::collections::BTreeMap<String, [f32; 4]>;

/// Notes where a widget was drawn, for the report.
pub(crate) fn mark(targets: &mut Targets, name: impl Into<String>, response: &egui::Response) {
    let r = response.rect;
    targets.insert(name.into(), [r.min.x.round(), r.min.y.round(), r.max.x.round(), r.max.y.round()]);
}

/// What the right-hand panel shows.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, clap::ValueEnum)]
pub enum Tab {
    #[default]
    Inspector,
    Odds,
    Play,
    Tune,
}

/// Time spent laying out and painting the interface (board included), for
/// the frame-time figures `--screenshot` prints.
#[derive(Resource, Debug, Default)]
pub struct UiTiming {
    pub frames: u32,
    pub total: std::time::Duration,
}

/// Show this tab first (`--panel` on the command line).
#[derive(Resource, Debug, Clone, Copy)]
pub struct OpenTab(pub Tab);

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<PanelState>()
        .init_resource::<UiTiming>()
        .add_systems(EguiPrimaryContextPass, (fonts, draw).chain())
        .add_systems(Update, (window_title, open_tab, open_welcome, tune_form_from_launch));
}

/// Arrows on screen as in the CLI: egui's proportional font has no `→`, its
/// bundled monospace font (Hack) does, so it becomes the last fallback.
fn fonts(mut contexts: EguiContexts, mut done: Local<bool>) -> Result {
    if !*done {
        let mut fonts = egui::FontDefinitions::default();
        if let Some(family) = fonts.families.get_mut(&egui::FontFamily::Proportional) {
            family.push("Hack".to_owned());
        }
        contexts.ctx_mut()?.set_fonts(fonts);
        *done = true;
    }
    Ok(())
}

/// Show the help overlay first (`--keys`).
#[derive(Resource, Debug, Clone, Copy)]
pub struct OpenHelp;

fn open_tab(
    mut commands: Commands,
    open: Option<Res<OpenTab>>,
    help: Option<Res<OpenHelp>>,
    mut panels: ResMut<PanelState>,
) {
    if let Some(open) = open {
        panels.tab = open.0;
        commands.remove_resource::<OpenTab>();
    }
    if help.is_some() {
        panels.help = true;
        commands.remove_resource::<OpenHelp>();
    }
}

/// Started without a file: greet the person once.
fn open_welcome(
    mut commands: Commands,
    welcome: Option<Res<crate::welcome::Welcome>>,
    doc: Res<Document>,
    files: Res<Files>,
    mut panels: ResMut<PanelState>,
) {
    if welcome.is_some() {
        panels.welcome = true;
        panels.welcome_doc = doc.opened();
        panels.welcome_unsaved = files.unsaved_from_last_time();
        commands.remove_resource::<crate::welcome::Welcome>();
    }
}

/// `--tune`: the form shows what the search was started with.
fn tune_form_from_launch(
    start: Option<Res<crate::tune::StartTune>>,
    mut panels: ResMut<PanelState>,
    mut done: Local<bool>,
) {
    if let Some(start) = start
        && !*done
    {
        panels.tune = start.0.clone();
        *done = true;
    }
}

/// A number field of the document: bounded for what the person drags or
/// types, but a value outside the range (a file's `cols: 0`) is shown as it
/// is, with its diagnostic. egui would clamp it just by drawing it, an edit
/// nobody made.
pub(crate) fn doc_number<N: egui::emath::Numeric>(
    value: &mut N,
    range: std::ops::RangeInclusive<N>,
) -> egui::DragValue<'_> {
    egui::DragValue::new(value).range(range).clamp_existing_to_range(false)
}

/// The numbers an effect's field offers (`Effect::numbers`), as the
/// field's own type; `0..=0` for a kind without one.
pub(crate) fn effect_numbers<N: TryFrom<i64> + Default>(
    effect: &ladderkit::core::spec::Effect,
) -> std::ops::RangeInclusive<N> {
    let numbers = effect.numbers().unwrap_or(0..=0);
    let number = |n: i64| N::try_from(n).unwrap_or_default();
    number(*numbers.start())..=number(*numbers.end())
}

/// Everything the panels read, in one place.
pub(crate) struct Frame<'a> {
    pub doc: &'a Document,
    pub checks: &'a Checks,
    pub selection: &'a Selection,
    pub history: &'a History,
    pub files: &'a Files,
    pub sharing: &'a crate::share::Sharing,
    /// The tracing picture, decoded.
    pub backdrop: &'a crate::background::Backdrop,
    /// Paper, theme and kit size for the exports.
    pub export: &'a crate::export::ExportOptions,
    pub odds: &'a Odds,
    pub tuning: &'a Tuning,
    /// The tuner's proposal, drawn on the board while the Tune tab shows.
    pub preview: Option<&'a crate::tune::Proposal>,
    pub playtest: &'a Playtest,
    /// The play-test room this page is in, if any.
    pub together: &'a crate::playtest::together::Together,
    /// The game being play-tested, in play-test mode.
    pub playing: Option<&'a Session>,
    /// The score track being played, in play-test mode.
    pub scores: Option<&'a ScoreSession>,
    /// In play-test mode (a race or a score track).
    pub in_play: bool,
}

#[allow(clippy::too_many_arguments)] // reason: a Bevy system's parameters are its inputs; grouping them hides what it reads
fn draw(
    mut contexts: EguiContexts,
    doc: Res<Document>,
    checks: Res<Checks>,
    selection: Res<Selection>,
    history: Res<History>,
    (files, sharing, backdrop, export): (
        Res<Files>,
        Res<crate::share::Sharing>,
        Res<crate::background::Backdrop>,
        Res<crate::export::ExportOptions>,
    ),
    odds: Res<Odds>,
    tuning: Res<Tuning>,
    (playtest, together): (Res<Playtest>, Res<crate::playtest::together::Together>),
    mode: Res<State<EditorMode>>,
    mut tool: ResMut<Tool>,
    mut brush: ResMut<Brush>,
    mut view: ResMut<View>,
    mut panels: ResMut<PanelState>,
    mut intents: MessageWriter<Intent>,
    mut timing: ResMut<UiTiming>,
) -> Result {
    let started = bevy::platform::time::Instant::now();
    let ctx = contexts.ctx_mut()?;
    let in_play = *mode.get() == EditorMode::Playtest;
    let playing = if in_play { playtest.session.as_ref() } else { None };
    let scores = if in_play { playtest.scores.as_ref() } else { None };
    let frame = Frame {
        doc: &doc,
        checks: &checks,
        selection: &selection,
        history: &history,
        files: &files,
        sharing: &sharing,
        backdrop: &backdrop,
        export: &export,
        odds: &odds,
        tuning: &tuning,
        preview: tuning.proposal.as_ref().filter(|_| panels.tab == Tab::Tune && !in_play),
        playtest: &playtest,
        together: &together,
        playing,
        scores,
        in_play,
    };
    let mut out: Vec<Intent> = Vec::new();
    let panels = &mut *panels;
    panels.targets.clear();
    // The play panel comes forward in play-test mode, and goes back after.
    match (in_play, panels.tab) {
        (true, Tab::Inspector | Tab::Tune) => panels.tab = Tab::Play,
        (false, Tab::Play) => panels.tab = Tab::Inspector,
        _ => {}
    }
    out.extend(shortcuts::shortcuts(ctx, &frame, &mut tool, &mut view, panels));
    let mut root = egui::Ui::new(
        ctx.clone(),
        "root".into(),
        egui::UiBuilder::new().layer_id(egui::LayerId::background()).max_rect(ctx.viewport_rect()),
    );
    egui::Panel::top("menu").show(&mut root, |ui| {
        out.extend(menu::menu_bar(ui, &frame, panels, &mut view));
        out.extend(menu::toolbar(ui, &frame, &mut tool, &mut brush));
    });
    egui::Panel::bottom("status").show(&mut root, |ui| menu::status_bar(ui, &frame));
    // A height of its own (five lines; drag the edge for more), whatever
    // the number of problems, so the board above does not move as they come
    // and go.
    egui::Panel::bottom("diagnostics").resizable(true).default_size(118.0).size_range(44.0..=480.0).show(
        &mut root,
        |ui| {
            out.extend(diagnostics::panel(ui, &frame));
        },
    );
    egui::Panel::right("inspector").resizable(true).default_size(340.0).size_range(260.0..=520.0).show(
        &mut root,
        |ui| {
            ui.horizontal(|ui| {
                let first = if in_play { (Tab::Play, "Play-test") } else { (Tab::Inspector, "Inspector") };
                let tabs: &[(Tab, &str)] = if in_play {
                    &[first, (Tab::Odds, "Odds")]
                } else {
                    &[first, (Tab::Odds, "Odds"), (Tab::Tune, "Tune")]
                };
                for (tab, name) in tabs {
                    let response = ui.selectable_value(&mut panels.tab, *tab, *name);
                    mark(&mut panels.targets, format!("tab:{name}"), &response);
                }
            });
            ui.separator();
            match panels.tab {
                Tab::Inspector => out.extend(inspector::panel(ui, &frame)),
                Tab::Odds => out.extend(odds::panel(ui, &frame, &mut view)),
                Tab::Play => out.extend(play::panel(ui, &frame, &mut panels.board.plan_hover, &mut panels.targets)),
                Tab::Tune => out.extend(tune::panel(ui, &frame, &mut panels.tune, &mut panels.targets)),
            }
        },
    );
    egui::CentralPanel::default().frame(egui::Frame::new().fill(paint::BACKGROUND)).show(&mut root, |ui| {
        out.extend(board::view(ui, &frame, *tool, *brush, &mut view, &mut panels.board));
    });
    out.extend(welcome::show(ctx, &frame, panels));
    out.extend(dialogs::show(ctx, &frame, panels));
    out.extend(together::window(ctx, &frame, &mut panels.together, &mut panels.targets));
    help::show(ctx, panels);
    for intent in out {
        intents.write(intent);
    }
    timing.frames += 1;
    timing.total += started.elapsed();
    Ok(())
}

fn window_title(doc: Res<Document>, mut windows: Query<&mut Window, With<PrimaryWindow>>) {
    if !doc.is_changed() {
        return;
    }
    for mut window in &mut windows {
        let title = doc.title();
        if window.title != title {
            window.title = title;
        }
    }
}
