//! What panels, shortcuts and tools ask for. They never change the
//! document themselves: they return intents, and the feature plugins act on
//! them in one place each.

use std::path::PathBuf;

use bevy::prelude::*;
use ladderkit::core::Seats;
use ladderkit::core::spec::VariantSpec;
use ladderkit::engine::Seat;

use ladderkit::render::{BOARD_MM, Paper, Theme};

use crate::history::EditCommand;

pub mod tune;

#[derive(Message, Debug, Clone, PartialEq)]
pub enum Intent {
    Edit(EditCommand),
    Undo,
    Redo,
    Select(Selected),
    /// Shift-click: add to the selection, or take out of it.
    SelectToggle(Selected),
    /// Select these (box select); the first is the one inspected.
    SelectMany(Vec<Selected>),
    /// Select what diagnostic `i` points at.
    SelectDiagnostic(usize),
    /// Select one of the highlighted culprits, keeping the others lit.
    SelectCulprit(Selected),
    /// Start over with this spec (New dialog).
    New(Box<VariantSpec>),
    Open(PathBuf),
    /// A file the web page was handed (picked or dropped), as bytes.
    OpenHanded(Box<crate::platform::Handed>),
    /// A board link (`ladderkit share`, Share › Copy link).
    OpenLink(String),
    /// Show the open dialog (the native one, or the browser's picker).
    OpenDialog,
    /// Close the window saying why something could not be opened.
    DismissProblem,
    /// Say this in the status bar (what a menu did).
    Status(String),
    /// Make a link of the design and show it (Share › Copy link).
    ShareLink,
    CloseShare,
    Save,
    SaveAs(PathBuf),
    SaveAsDialog,
    Revert,
    /// Take the recovery copy offered after a crash.
    Recover,
    DiscardRecovery,
    /// A screenshot of the window.
    ExportPng(PathBuf),
    ExportPngDialog,
    /// The printable board (SVG or PNG by the extension).
    ExportBoard(PathBuf),
    ExportBoardDialog,
    /// Choose the tracing picture under the board (File › Background
    /// picture…).
    BackgroundDialog,
    /// This file as the tracing picture (a JPEG dropped on the window).
    BackgroundPath(PathBuf),
    /// A picture the page was handed (picked, or a JPEG dropped).
    BackgroundHanded(Box<crate::platform::Handed>),
    /// The forum page (Markdown) and its board picture, as `ladderkit
    /// render -o page.md` writes them.
    ExportPage(PathBuf),
    ExportPageDialog,
    /// The print-and-play kit (a PDF), as `ladderkit print` writes it.
    PrintKit(PathBuf),
    PrintKitDialog,
    /// A Tabletop Simulator table written into this folder, as `ladderkit
    /// tabletop` writes it (File › Export for Tabletop Simulator…).
    ExportTable(PathBuf),
    ExportTableDialog,
    /// Paper, theme and kit size for the exports (File › Export options).
    ExportOptions(ExportOptions),
    Quit,
    /// The user confirmed an action that throws away unsaved changes.
    Confirmed(Box<Intent>),
    /// Save the unsaved changes to the document's file, then go on with the
    /// action that asked (only once the save succeeded).
    SaveThen(Box<Intent>),
    /// The user said no to the question asked.
    Cancel,
    /// Seat odds for this many players.
    OddsPlayers(Seats),
    /// The bots whose games the odds panel solves or simulates where
    /// pieces meet.
    OddsBots(ladderkit::engine::Policy),
    /// Show another typical game in the Excitement section.
    AnotherCourse,
    /// Work out the Excitement section's costly measures for the design
    /// shown: over both seats' joint states at two players, from played
    /// games at more (`ladderkit analyze --joint`, `--games`).
    MoreExcitement,
    Play(PlayIntent),
    /// Play › Play together.
    Room(RoomIntent),
    /// The room's games as `ladderkit replay` reads them (a JSON record).
    ExportRecord(PathBuf),
    ExportRecordDialog,
    Tune(tune::TuneIntent),
}

/// A play-test room: host one, join one, and its seats and games. Rolls
/// and picks are the play-test's own (`PlayIntent::Roll`, `Choose`).
#[derive(Debug, Clone, PartialEq)]
pub enum RoomIntent {
    /// The signalling server rooms are opened on.
    Server(String),
    /// The name the others see.
    Name(String),
    /// Host a room for the design at the table as set up.
    Open,
    /// Join the room of this link (its board opens first).
    Join(String),
    /// Take seat `0`, if free.
    Sit(u8),
    Stand,
    /// The host seats a bot, or empties the seat (`None`).
    Bot(u8, Option<ladderkit::engine::Policy>),
    /// The host starts the next game.
    Start,
    /// Leave the room (a host's leaving ends it for everyone).
    Leave,
}

/// Play-test controls.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum PlayIntent {
    /// Enter play-test mode with the seats set up.
    Start,
    /// Back to editing; the game is dropped.
    Stop,
    Restart {
        new_seed: bool,
    },
    Roll,
    /// A person picks legal plan `i`.
    Choose(usize),
    /// Hand seat `i` to a person or a bot (mid-game too).
    Seat(usize, Seat),
    /// Stop solving for the perfect bot; lookahead takes its seats.
    CancelPerfect,
    /// Seats at the table for the next game.
    Players(usize),
    Seed(u64),
    Speed(f32),
    Autoplay(bool),
    /// Score tracks: player `0` scores `1` points this turn.
    Score(usize, u32),
    /// Score tracks: the turn's scorings are in; snakes and ladders act.
    EndTurn,
    /// Score tracks: from now on points ignore snakes and ladders.
    FinalScoring,
}

/// What a click or a box picks: a space, a jump, or nothing.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Selected {
    #[default]
    Nothing,
    Space(u32),
    Jump(usize),
}

/// The paper, theme, kit board size and Tabletop Simulator form of File ›
/// Export options: the command line's `--paper`, `--theme`,
/// `--board-size` and `--saved-object`, with its defaults.
#[derive(Resource, Debug, Clone, Copy, PartialEq)]
pub struct ExportOptions {
    pub paper: Paper,
    pub theme: Theme,
    /// The kit's board on its longer side, in millimetres (`BOARD_MM`).
    pub kit_board_mm: f32,
    /// A whole Tabletop Simulator table, or a saved object to add to one.
    pub tabletop: ladderkit::tabletop::Form,
}

impl Default for ExportOptions {
    fn default() -> Self {
        Self { paper: Paper::A4, theme: Theme::Classic, kit_board_mm: 400.0, tabletop: Default::default() }
    }
}

impl ExportOptions {
    /// Within what the kit can print.
    pub fn clamped(self) -> Self {
        Self { kit_board_mm: self.kit_board_mm.clamp(*BOARD_MM.start(), *BOARD_MM.end()), ..self }
    }
}
