//! Every key and mouse gesture of the editor, in one table. The shortcut
//! handling reads `KEYS`; the help overlay and `docs/editor.md` are made
//! from `KEYS` and `GESTURES`, so what they say cannot drift from what the
//! keys do.

use bevy_egui::egui::{Event, InputState, Key, Modifiers};

use crate::tools::Tool;

/// What a key does.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Action {
    Undo,
    Redo,
    Save,
    Open,
    Help,
    PlayTest,
    Tool(Tool),
    Fit,
    ZoomIn,
    ZoomOut,
    Deselect,
    Delete,
    Copy,
    Paste,
    Duplicate,
    /// Move the selected free-form space; `far` is five times as far.
    Nudge {
        dx: i8,
        dy: i8,
        far: bool,
    },
    StopPlay,
    Roll,
    Restart {
        new_seed: bool,
    },
    /// Take the numbered choice (1 to 9).
    Choose,
}

/// Where a key works.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Mode {
    /// Drawing the board (even while a text field has the keyboard).
    Anywhere,
    /// Drawing the board, when no text field has the keyboard.
    Editing,
    /// Play-testing, when no text field has the keyboard.
    Playing,
    /// Both, when no text field has the keyboard.
    Both,
}

/// One key with its modifiers.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Chord {
    /// Ctrl (⌘ on a Mac).
    pub command: bool,
    pub shift: bool,
    pub key: Key,
}

const fn key(key: Key) -> Chord {
    Chord { command: false, shift: false, key }
}

const fn ctrl(key: Key) -> Chord {
    Chord { command: true, shift: false, key }
}

const fn shift(key: Key) -> Chord {
    Chord { command: false, shift: true, key }
}

const fn ctrl_shift(key: Key) -> Chord {
    Chord { command: true, shift: true, key }
}

pub struct Binding {
    pub chords: &'static [Chord],
    pub action: Action,
    pub mode: Mode,
    pub what: &'static str,
}

const fn bind(chords: &'static [Chord], action: Action, mode: Mode, what: &'static str) -> Binding {
    Binding { chords, action, mode, what }
}

/// Every key, in the order the help lists them. More specific chords come
/// before the ones they contain (Ctrl+Shift+Z before Ctrl+Z) only for
/// readability: matching is exact.
pub const KEYS: &[Binding] = &[
    bind(&[ctrl(Key::Z)], Action::Undo, Mode::Anywhere, "Undo the last edit"),
    bind(&[ctrl_shift(Key::Z), ctrl(Key::Y)], Action::Redo, Mode::Anywhere, "Redo"),
    bind(&[ctrl(Key::S)], Action::Save, Mode::Anywhere, "Save (in the browser: download the .ron)"),
    bind(&[ctrl(Key::O)], Action::Open, Mode::Anywhere, "Open a variant"),
    bind(&[key(Key::F1), key(Key::Questionmark)], Action::Help, Mode::Both, "Show or hide this help"),
    bind(&[key(Key::F5)], Action::PlayTest, Mode::Editing, "Play-test the design"),
    bind(&[key(Key::V)], Action::Tool(Tool::Select), Mode::Editing, "Select tool"),
    bind(&[key(Key::J)], Action::Tool(Tool::DrawJump), Mode::Editing, "Draw-jump tool"),
    bind(&[key(Key::X)], Action::Tool(Tool::Erase), Mode::Editing, "Erase tool"),
    bind(&[key(Key::P)], Action::Tool(Tool::Paint), Mode::Editing, "Paint-effect tool"),
    bind(&[key(Key::A)], Action::Tool(Tool::AddSpace), Mode::Editing, "Add-space tool (free-form boards)"),
    bind(&[key(Key::F)], Action::Fit, Mode::Both, "Fit the whole board in view"),
    bind(&[key(Key::Plus), key(Key::Equals)], Action::ZoomIn, Mode::Both, "Zoom in (around the pointer)"),
    bind(&[key(Key::Minus)], Action::ZoomOut, Mode::Both, "Zoom out (around the pointer)"),
    bind(&[key(Key::Escape)], Action::Deselect, Mode::Editing, "Let go of the selection and the lit culprits"),
    bind(
        &[key(Key::Delete), key(Key::Backspace)],
        Action::Delete,
        Mode::Editing,
        "Delete the selected jump, or the last effect on the selected space (free-form: then the space); with \
         several selected, all of them",
    ),
    bind(&[ctrl(Key::C)], Action::Copy, Mode::Editing, "Copy the selected jump, or the selected space's effects"),
    bind(
        &[ctrl(Key::V)],
        Action::Paste,
        Mode::Editing,
        "Paste onto the selected space: a copied jump starts there; copied effects replace its effects",
    ),
    bind(&[ctrl(Key::D)], Action::Duplicate, Mode::Editing, "Duplicate the selected jump one space along"),
    bind(&[key(Key::ArrowLeft)], Action::Nudge { dx: -1, dy: 0, far: false }, Mode::Editing, NUDGE),
    bind(&[key(Key::ArrowRight)], Action::Nudge { dx: 1, dy: 0, far: false }, Mode::Editing, NUDGE),
    bind(&[key(Key::ArrowUp)], Action::Nudge { dx: 0, dy: 1, far: false }, Mode::Editing, NUDGE),
    bind(&[key(Key::ArrowDown)], Action::Nudge { dx: 0, dy: -1, far: false }, Mode::Editing, NUDGE),
    bind(&[shift(Key::ArrowLeft)], Action::Nudge { dx: -1, dy: 0, far: true }, Mode::Editing, NUDGE_FAR),
    bind(&[shift(Key::ArrowRight)], Action::Nudge { dx: 1, dy: 0, far: true }, Mode::Editing, NUDGE_FAR),
    bind(&[shift(Key::ArrowUp)], Action::Nudge { dx: 0, dy: 1, far: true }, Mode::Editing, NUDGE_FAR),
    bind(&[shift(Key::ArrowDown)], Action::Nudge { dx: 0, dy: -1, far: true }, Mode::Editing, NUDGE_FAR),
    bind(&[key(Key::Escape)], Action::StopPlay, Mode::Playing, "Back to editing"),
    bind(&[key(Key::Space), key(Key::Enter)], Action::Roll, Mode::Playing, "Roll for the person whose turn it is"),
    bind(&[key(Key::R)], Action::Restart { new_seed: false }, Mode::Playing, "Restart with the same dice"),
    bind(&[shift(Key::R)], Action::Restart { new_seed: true }, Mode::Playing, "Restart with new dice"),
    bind(
        &[
            key(Key::Num1),
            key(Key::Num2),
            key(Key::Num3),
            key(Key::Num4),
            key(Key::Num5),
            key(Key::Num6),
            key(Key::Num7),
            key(Key::Num8),
            key(Key::Num9),
        ],
        Action::Choose,
        Mode::Playing,
        "Take choice 1, 2, 3… when a person chooses a move (1 to 9)",
    ),
];

const NUDGE: &str = "Move the selected free-form spaces a tenth of a square";
const NUDGE_FAR: &str = "Move the selected free-form spaces half a square";

/// A mouse gesture, by tool.
pub struct Gesture {
    /// The tool it needs, or none: any tool.
    pub tool: Option<Tool>,
    pub gesture: &'static str,
    pub what: &'static str,
}

const fn gesture(tool: Option<Tool>, gesture: &'static str, what: &'static str) -> Gesture {
    Gesture { tool, gesture, what }
}

pub const GESTURES: &[Gesture] = &[
    gesture(None, "Wheel", "Zoom, keeping the square under the pointer where it is"),
    gesture(None, "Middle-drag", "Pan"),
    gesture(Some(Tool::Select), "Click", "Select a space or a jump (again: the next jump stacked there)"),
    gesture(Some(Tool::Select), "Drag a selected jump's end", "Move that end to another space"),
    gesture(Some(Tool::Select), "Shift+click", "Add a space or a jump to the selection, or take it out"),
    gesture(Some(Tool::Select), "Shift+drag", "Select the spaces, and the jumps, inside the box"),
    gesture(Some(Tool::Select), "Drag a free-form space", "Move the space (a selected one: all the selected spaces)"),
    gesture(Some(Tool::Select), "Drag empty board", "Pan"),
    gesture(Some(Tool::DrawJump), "Drag space to space", "Draw a jump: upwards a ladder, downwards a snake"),
    gesture(
        Some(Tool::Erase),
        "Click",
        "Delete the jump clicked, or the space's last effect, or the jump starting there (free-form: then the space)",
    ),
    gesture(Some(Tool::Paint), "Click", "Put the brush's effect on the space"),
    gesture(
        Some(Tool::AddSpace),
        "Click",
        "Add a space at the end of the free-form path; on the path between two spaces, insert one there",
    ),
];

/// Modifiers a key is typed with on some layouts (`?` is Shift+/ on many):
/// for these the Shift key is not part of the chord.
fn shift_is_typing(key: Key) -> bool {
    matches!(key, Key::Questionmark | Key::Plus)
}

impl Chord {
    fn matches(self, key: Key, modifiers: Modifiers) -> bool {
        key == self.key
            && modifiers.command == self.command
            && !modifiers.alt
            && (shift_is_typing(key) || modifiers.shift == self.shift)
    }

    /// As the help and the menus write it: "Ctrl+Shift+Z".
    pub fn label(self) -> String {
        let mut s = String::new();
        if self.command {
            s.push_str(if cfg!(target_os = "macos") { "⌘+" } else { "Ctrl+" });
        }
        if self.shift {
            s.push_str("Shift+");
        }
        s.push_str(match self.key {
            Key::Questionmark => "?",
            Key::ArrowLeft => "←",
            Key::ArrowRight => "→",
            Key::ArrowUp => "↑",
            Key::ArrowDown => "↓",
            Key::Escape => "Esc",
            Key::Plus => "+",
            Key::Equals => "=",
            Key::Minus => "-",
            k => k.name(),
        });
        s
    }
}

impl Mode {
    fn applies(self, playing: bool, typing: bool) -> bool {
        match self {
            Self::Anywhere => !playing,
            Self::Editing => !playing && !typing,
            Self::Playing => playing && !typing,
            Self::Both => !typing,
        }
    }

    pub fn name(self) -> &'static str {
        match self {
            Self::Anywhere => "Editing, in text fields too",
            Self::Editing => "Editing",
            Self::Playing => "Play-testing",
            Self::Both => "Editing and play-testing",
        }
    }
}

/// The actions this frame's key presses ask for, in the order pressed,
/// each with which of its chords was pressed (for `Choose`, the digit's
/// index). The presses are taken out of the input, so no widget also acts
/// on them.
pub fn take_pressed(input: &mut InputState, playing: bool, typing: bool) -> Vec<(Action, usize)> {
    let mut out = Vec::new();
    input.events.retain(|event| {
        let Event::Key { key, pressed: true, modifiers, .. } = event else { return true };
        let before = out.len();
        for binding in KEYS.iter().filter(|b| b.mode.applies(playing, typing)) {
            if let Some(i) = binding.chords.iter().position(|c| c.matches(*key, *modifiers)) {
                out.push((binding.action, i));
            }
        }
        out.len() == before
    });
    out
}

/// The first chord for an action, for menus and buttons: "Ctrl+Z".
pub fn hint(action: Action) -> String {
    KEYS.iter().find(|b| b.action == action).and_then(|b| b.chords.first()).map(|c| c.label()).unwrap_or_default()
}

/// The keys column of a binding: "Ctrl+Shift+Z, Ctrl+Y".
fn keys_of(binding: &Binding) -> String {
    if binding.action == Action::Choose {
        return "1 … 9".into();
    }
    binding.chords.iter().map(|c| c.label()).collect::<Vec<_>>().join(", ")
}

/// The help's lines: one per binding, bindings that say the same (the four
/// arrows) in one line.
pub fn rows() -> Vec<(String, Mode, &'static str)> {
    let mut rows: Vec<(String, Mode, &'static str)> = Vec::new();
    for b in KEYS {
        match rows.last_mut() {
            Some((keys, mode, what)) if *mode == b.mode && *what == b.what => {
                keys.push_str(", ");
                keys.push_str(&keys_of(b));
            }
            _ => rows.push((keys_of(b), b.mode, b.what)),
        }
    }
    rows
}

/// The tool column of a gesture.
pub fn tool_of(gesture: &Gesture) -> &'static str {
    gesture.tool.map_or("any", Tool::name)
}

/// The tables of `docs/editor.md`, made from `KEYS` and `GESTURES`.
pub fn markdown() -> String {
    let mut s = String::from("### Keys\n\n| keys | where | what it does |\n| --- | --- | --- |\n");
    for (keys, mode, what) in rows() {
        s.push_str(&format!("| {keys} | {} | {what} |\n", mode.name().to_lowercase()));
    }
    s.push_str("\n### Mouse\n\n| tool | gesture | what it does |\n| --- | --- | --- |\n");
    for g in GESTURES {
        s.push_str(&format!("| {} | {} | {} |\n", tool_of(g), g.gesture, g.what));
    }
    s
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `docs/editor.md` carries `markdown()` between these markers. Set
    /// `LADDERKIT_WRITE_DOCS=1` to write it there after changing the table.
    const BEGIN: &str = "<!-- keys: made from crates/ladderkit-editor/src/keys.rs -->\n";
    const END: &str = "<!-- keys: end -->";

    #[test]
    fn the_editor_docs_list_every_key_and_gesture_as_the_table_has_them() {
        let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../docs/editor.md");
        let text = std::fs::read_to_string(&path).unwrap();
        let (Some(a), Some(b)) = (text.find(BEGIN), text.find(END)) else {
            panic!("docs/editor.md has lost its keys markers: {BEGIN:?} … {END:?}");
        };
        let fresh = markdown();
        let written = &text[a + BEGIN.len()..b];
        if written != fresh {
            if std::env::var_os("LADDERKIT_WRITE_DOCS").is_some() {
                let updated = format!("{}{fresh}{}", &text[..a + BEGIN.len()], &text[b..]);
                std::fs::write(&path, updated).unwrap();
            } else {
                panic!("docs/editor.md's keys differ from keys.rs; rerun with LADDERKIT_WRITE_DOCS=1 to rewrite them");
            }
        }
    }

    #[test]
    fn no_two_bindings_of_one_mode_share_a_chord() {
        for (i, a) in KEYS.iter().enumerate() {
            for b in &KEYS[i + 1..] {
                let overlap = [(false, false), (false, true), (true, false), (true, true)]
                    .into_iter()
                    .any(|(playing, typing)| a.mode.applies(playing, typing) && b.mode.applies(playing, typing));
                for c in a.chords {
                    assert!(
                        !(overlap && b.chords.contains(c)),
                        "{} is bound to both {:?} and {:?}",
                        c.label(),
                        a.action,
                        b.action
                    );
                }
            }
        }
    }

    #[test]
    fn every_tool_has_a_key() {
        for t in Tool::ALL {
            assert!(KEYS.iter().any(|b| b.action == Action::Tool(t)), "{} has no key", t.name());
        }
    }
}
