//! A headless editor for the interface's tests: the editor's logic in a
//! Bevy app, the panels' state beside it, and an egui context; keys go in
//! as egui events, and what the panels return is sent to the app.
#![cfg(test)]

use bevy::prelude::*;
use bevy::state::app::StatesPlugin;
use bevy_egui::egui::{self, Event, Key, Modifiers, RawInput};
use ladderkit::core::spec::VariantSpec;

use super::{Frame, PanelState};
use crate::intents::Intent;
use crate::selection::Selected;
use crate::tools::Tool;
use crate::view::View;

/// The editor's logic, headless, with the panels' state beside it; keys
/// go in as egui events and come out as the intents the app acts on.
pub(super) struct Editor {
    pub app: App,
    pub ctx: egui::Context,
    pub panels: PanelState,
    pub tool: Tool,
    pub view: View,
    /// A text field shows, with the keyboard.
    pub field: Option<String>,
}

impl Editor {
    pub fn new(spec: VariantSpec) -> Self {
        let mut app = App::new();
        app.add_plugins((MinimalPlugins, StatesPlugin));
        app.insert_resource(crate::files::Files::new(None));
        app.add_plugins(crate::logic_plugin);
        app.update();
        app.world_mut().write_message(Intent::New(Box::new(spec)));
        app.update();
        Self {
            app,
            ctx: egui::Context::default(),
            panels: PanelState::default(),
            tool: Tool::default(),
            view: View::default(),
            field: None,
        }
    }

    /// What the panels read, from the app as it is now.
    pub fn frame(world: &World) -> Frame<'_> {
        let playtest = world.resource::<crate::playtest::Playtest>();
        let in_play = *world.resource::<State<crate::EditorMode>>().get() == crate::EditorMode::Playtest;
        Frame {
            doc: world.resource(),
            checks: world.resource(),
            selection: world.resource(),
            history: world.resource(),
            files: world.resource(),
            sharing: world.resource(),
            backdrop: world.resource(),
            export: world.resource(),
            odds: world.resource(),
            tuning: world.resource(),
            preview: None,
            playtest,
            together: world.resource(),
            playing: playtest.session.as_ref().filter(|_| in_play),
            scores: playtest.scores.as_ref().filter(|_| in_play),
            in_play,
        }
    }

    /// Sends what a panel returned, as the interface does, and updates.
    pub fn send_all(&mut self, intents: Vec<Intent>) {
        for intent in intents {
            self.app.world_mut().write_message(intent);
        }
        self.app.update();
    }

    pub fn press(&mut self, key: Key, modifiers: Modifiers) {
        let down = |pressed| Event::Key { key, physical_key: None, pressed, repeat: false, modifiers };
        let input = RawInput { events: vec![down(true), down(false)], ..RawInput::default() };
        let frame = Self::frame(self.app.world());
        let mut intents = Vec::new();
        for input in [RawInput::default(), input] {
            self.ctx
                .run_ui(input, |ui| {
                    intents =
                        super::shortcuts::shortcuts(ui.ctx(), &frame, &mut self.tool, &mut self.view, &mut self.panels);
                    if let Some(text) = &mut self.field {
                        let field = ui.add(egui::TextEdit::singleline(text));
                        field.request_focus();
                    }
                })
                .drop_without_applying_deltas();
        }
        self.send_all(intents);
    }

    pub fn key(&mut self, key: Key) {
        self.press(key, Modifiers::NONE);
    }

    pub fn ctrl(&mut self, key: Key) {
        self.press(key, Modifiers::COMMAND);
    }

    pub fn send(&mut self, intent: Intent) {
        self.app.world_mut().write_message(intent);
        self.app.update();
    }

    pub fn spec(&self) -> &VariantSpec {
        self.app.world().resource::<crate::document::Document>().spec()
    }

    pub fn selected(&self) -> Selected {
        self.app.world().resource::<crate::selection::Selection>().selected
    }
}

impl Editor {
    /// One frame of the menu bar with these pointer events; what it asked.
    fn menu_frame(&mut self, events: Vec<Event>) -> Vec<Intent> {
        let frame = Self::frame(self.app.world());
        let mut intents = Vec::new();
        let input = RawInput {
            events,
            screen_rect: Some(egui::Rect::from_min_size(egui::Pos2::ZERO, egui::vec2(1600.0, 1000.0))),
            ..RawInput::default()
        };
        self.ctx
            .run_ui(input, |ui| {
                self.panels.targets.clear();
                intents = super::menu::menu_bar(ui, &frame, &mut self.panels, &mut self.view);
            })
            .drop_without_applying_deltas();
        intents
    }

    /// Clicks the menu bar's widget `target` (a name `mark` gave it) with a
    /// pointer, as a person would: moved there, pressed, released.
    pub fn click_menu(&mut self, target: &str) {
        let mut asked = self.menu_frame(Vec::new());
        let rect = self.panels.targets.get(target).unwrap_or_else(|| panic!("no {target} on screen"));
        let at = egui::pos2((rect[0] + rect[2]) / 2.0, (rect[1] + rect[3]) / 2.0);
        let button = |pressed| Event::PointerButton {
            pos: at,
            button: egui::PointerButton::Primary,
            pressed,
            modifiers: Modifiers::NONE,
        };
        for events in [vec![Event::PointerMoved(at)], vec![button(true)], vec![button(false)], Vec::new()] {
            asked.extend(self.menu_frame(events));
        }
        self.send_all(asked);
    }
}

impl Editor {
    /// Waits (up to a minute) until the Odds tab has figures for the
    /// design as it is.
    pub fn wait_for_odds(&mut self) {
        let began = bevy::platform::time::Instant::now();
        loop {
            let world = self.app.world();
            let odds = world.resource::<crate::odds::Odds>();
            let doc = world.resource::<crate::document::Document>();
            let checks = world.resource::<crate::checks::Checks>();
            let key = crate::odds::key_for(odds, checks.generation, doc.spec().rules.players.min);
            if odds.current(key).is_some() {
                return;
            }
            assert!(began.elapsed().as_secs() < 60, "the odds never came");
            self.app.update();
        }
    }

    /// Every text the Odds tab's charts paint, 360 pixels wide, after a
    /// few frames (a chart settles its bounds on the first); none if the
    /// design has no exact race to chart.
    pub fn chart_texts(&mut self) -> Vec<String> {
        let world = self.app.world();
        let Some(Ok(crate::odds::Figures::Exact(analysis))) =
            world.resource::<crate::odds::Odds>().latest.as_ref().map(|r| r.outcome.clone())
        else {
            return Vec::new();
        };
        let mut texts = Vec::new();
        for _ in 0..3 {
            let input = RawInput {
                screen_rect: Some(egui::Rect::from_min_size(egui::Pos2::ZERO, egui::vec2(360.0, 1000.0))),
                ..RawInput::default()
            };
            let mut output = self.ctx.run_ui(input, |ui| super::odds::histogram(ui, &analysis));
            output.textures_delta.clear();
            texts = output
                .shapes
                .iter()
                .filter_map(|s| match &s.shape {
                    egui::Shape::Text(t) => Some(t.galley.text().to_owned()),
                    _ => None,
                })
                .collect();
        }
        texts
    }
}

impl Editor {
    /// One frame of the board view, 1200 × 800, with these pointer events
    /// and modifiers held; what it asked.
    fn board_frame(&mut self, events: Vec<Event>, modifiers: Modifiers) -> Vec<Intent> {
        let frame = Self::frame(self.app.world());
        let mut intents = Vec::new();
        let mut events = events;
        events.insert(0, Event::ModifiersChanged(modifiers));
        let input = RawInput {
            events,
            screen_rect: Some(egui::Rect::from_min_size(egui::Pos2::ZERO, egui::vec2(1200.0, 800.0))),
            ..RawInput::default()
        };
        let brush = *self.app.world().resource::<crate::tools::Brush>();
        self.ctx
            .run_ui(input, |ui| {
                egui::CentralPanel::default().show(ui, |ui| {
                    intents = super::board::view(ui, &frame, self.tool, brush, &mut self.view, &mut self.panels.board);
                });
            })
            .drop_without_applying_deltas();
        intents
    }

    /// Where space `n`'s centre is drawn on the screen (after a frame).
    pub fn space_on_screen(&mut self, n: u32) -> egui::Pos2 {
        self.board_frame(Vec::new(), Modifiers::NONE);
        let world = self.app.world();
        let board = &world.resource::<crate::checks::Checks>().compiled.board;
        let pos = board.position(n).unwrap_or_else(|| panic!("no space {n}"));
        let placement = self.view.drawn.expect("the board was drawn");
        let [x, y] = placement.to_screen(board.points[pos as usize]);
        egui::pos2(x, y)
    }

    /// Presses the primary button at `from`, moves to `to` in steps and
    /// lets go there, with `modifiers` held (a click when they are the
    /// same point); sends what the board asked.
    pub fn drag_board(&mut self, from: egui::Pos2, to: egui::Pos2, modifiers: Modifiers) {
        let button =
            |pos, pressed| Event::PointerButton { pos, button: egui::PointerButton::Primary, pressed, modifiers };
        let mut frames = vec![vec![Event::PointerMoved(from)], vec![button(from, true)]];
        if from != to {
            frames.extend((1..=4).map(|i| vec![Event::PointerMoved(from + (to - from) * (i as f32 / 4.0))]));
        }
        frames.extend([vec![button(to, false)], Vec::new()]);
        let mut asked = Vec::new();
        for events in frames {
            asked.extend(self.board_frame(events, modifiers));
        }
        self.send_all(asked);
    }

    pub fn click_board(&mut self, at: egui::Pos2, modifiers: Modifiers) {
        self.drag_board(at, at, modifiers);
    }

    /// The fill colours of the board's tiles, as drawn in one frame.
    pub fn board_fills(&mut self) -> Vec<egui::Color32> {
        self.board_shapes()
            .iter()
            .filter_map(|s| match s {
                egui::Shape::Rect(r) => Some(r.fill),
                _ => None,
            })
            .collect()
    }

    /// The texts the board paints in one frame.
    pub fn board_texts(&mut self) -> Vec<String> {
        self.board_shapes()
            .iter()
            .filter_map(|s| match s {
                egui::Shape::Text(t) => Some(t.galley.text().to_owned()),
                _ => None,
            })
            .collect()
    }

    fn board_shapes(&mut self) -> Vec<egui::Shape> {
        self.board_frame(Vec::new(), Modifiers::NONE);
        let frame = Self::frame(self.app.world());
        let brush = *self.app.world().resource::<crate::tools::Brush>();
        let input = RawInput {
            screen_rect: Some(egui::Rect::from_min_size(egui::Pos2::ZERO, egui::vec2(1200.0, 800.0))),
            ..RawInput::default()
        };
        let output = self.ctx.run_ui(input, |ui| {
            egui::CentralPanel::default().show(ui, |ui| {
                super::board::view(ui, &frame, self.tool, brush, &mut self.view, &mut self.panels.board);
            });
        });
        output.shapes.into_iter().map(|s| s.shape).collect()
    }

    pub fn group(&self) -> Vec<Selected> {
        self.app.world().resource::<crate::selection::Selection>().all()
    }
}
