//! What panels, shortcuts and tools ask for. They never change the
//! document themselves: they return intents, and the feature plugins act on
//! them in one place each.

use std::path::PathBuf;

use bevy::prelude::*;
use ladderkit::core::spec::VariantSpec;

use crate::history::EditCommand;
use crate::selection::Selected;

#[derive(Message, Debug, Clone, PartialEq)]
pub enum Intent {
    Edit(EditCommand),
    Undo,
    Redo,
    Select(Selected),
    /// Select what diagnostic `i` points at.
    SelectDiagnostic(usize),
    /// Start over with this spec (New dialog).
    New(VariantSpec),
    Open(PathBuf),
    /// Show the native open dialog.
    OpenDialog,
    Save,
    SaveAs(PathBuf),
    SaveAsDialog,
    Revert,
    /// Take the recovery copy offered after a crash.
    Recover,
    DiscardRecovery,
    ExportPng(PathBuf),
    ExportPngDialog,
    Quit,
    /// The user confirmed an action that throws away unsaved changes.
    Confirmed(Box<Intent>),
    /// The user said no to the question asked.
    Cancel,
}
