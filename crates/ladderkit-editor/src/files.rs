//! Files: open, save (atomic), save as, revert, recent files, an autosave
//! copy every minute offered back after a crash, and reloading when another
//! program changes the file. Anything that would throw away unsaved
//! changes asks first.

use std::path::{Path, PathBuf};
use std::time::{Duration, SystemTime};

use bevy::prelude::*;
use bevy::window::WindowCloseRequested;
use ladderkit::core::spec::VariantSpec;
use ladderkit::core::{parse, to_string};
use ladderkit::files::{load, save_atomic};

use crate::EditorSet;
use crate::document::Document;
use crate::history::History;
use crate::intents::Intent;

/// A question waiting for the user: do `action` and lose unsaved changes?
#[derive(Debug, Clone, PartialEq)]
pub struct Confirm {
    pub message: String,
    pub action: Intent,
}

/// An autosave copy newer than the file, found when opening it.
#[derive(Debug, Clone, PartialEq)]
pub struct Recovery {
    pub from: PathBuf,
    pub spec: VariantSpec,
}

#[derive(Resource, Debug)]
pub struct Files {
    /// Where recent files and untitled autosaves live; `None` keeps
    /// nothing (tests).
    pub config_dir: Option<PathBuf>,
    pub recent: Vec<PathBuf>,
    pub confirm: Option<Confirm>,
    pub recovery: Option<Recovery>,
    /// One line for the status bar: what just happened or went wrong.
    /// Written with [`Files::say`]; it shows until the document changes.
    pub status: String,
    /// The document generation `status` was said about, stamped at the end
    /// of the frame it was said in (`None`: not stamped yet).
    status_at: Option<u64>,
    pub autosave_every: Duration,
    since_autosave: Duration,
    since_watch: Duration,
    /// The file's modification time when we last read or wrote it.
    seen_mtime: Option<SystemTime>,
}

impl Files {
    pub fn new(config_dir: Option<PathBuf>) -> Self {
        let recent = config_dir.as_ref().map(|d| read_recent(&d.join("recent.txt"))).unwrap_or_default();
        Self {
            config_dir,
            recent,
            confirm: None,
            recovery: None,
            status: String::new(),
            status_at: None,
            autosave_every: Duration::from_secs(60),
            since_autosave: Duration::ZERO,
            since_watch: Duration::ZERO,
            seen_mtime: None,
        }
    }

    /// Puts a line in the status bar.
    pub fn say(&mut self, text: String) {
        self.status = text;
        self.status_at = None;
    }

    /// The status line while it is still about this document: "saved …"
    /// goes once the design changes again.
    pub fn current_status(&self, generation: u64) -> &str {
        match self.status_at {
            Some(at) if at != generation => "",
            _ => &self.status,
        }
    }

    /// `$XDG_CONFIG_HOME/ladderkit`, else `~/.config/ladderkit`.
    pub fn default_config_dir() -> Option<PathBuf> {
        let base = std::env::var_os("XDG_CONFIG_HOME")
            .map(PathBuf::from)
            .or_else(|| std::env::var_os("HOME").map(|h| PathBuf::from(h).join(".config")))?;
        Some(base.join("ladderkit"))
    }

    fn remember(&mut self, path: &Path) {
        let path = path.canonicalize().unwrap_or_else(|_| path.to_owned());
        self.recent.retain(|p| *p != path);
        self.recent.insert(0, path);
        self.recent.truncate(10);
        if let Some(dir) = &self.config_dir {
            let text: Vec<String> = self.recent.iter().map(|p| p.display().to_string()).collect();
            let _ = std::fs::create_dir_all(dir);
            let _ = save_atomic(&dir.join("recent.txt"), &(text.join("\n") + "\n"));
        }
    }

    /// Where the autosave copy of a document goes.
    pub fn autosave_path(&self, doc_path: Option<&Path>) -> Option<PathBuf> {
        match doc_path {
            Some(p) => {
                let name = p.file_name()?.to_string_lossy();
                Some(p.with_file_name(format!(".{name}.autosave")))
            }
            None => self.config_dir.as_ref().map(|d| d.join("untitled.autosave.ron")),
        }
    }
}

fn read_recent(path: &Path) -> Vec<PathBuf> {
    std::fs::read_to_string(path)
        .map(|t| t.lines().filter(|l| !l.is_empty()).map(PathBuf::from).collect())
        .unwrap_or_default()
}

fn mtime(path: &Path) -> Option<SystemTime> {
    std::fs::metadata(path).and_then(|m| m.modified()).ok()
}

/// Ties a new status line to the document as it is once the frame's work is
/// done, so the next edit retires it.
fn stamp_status(doc: Res<Document>, mut files: ResMut<Files>) {
    if files.status_at.is_none() {
        files.status_at = Some(doc.generation);
    }
}

/// A file to open at start-up (from the command line).
#[derive(Resource, Debug, Clone)]
pub struct StartupFile(pub PathBuf);

pub(super) fn plugin(app: &mut App) {
    if !app.world().contains_resource::<Files>() {
        app.insert_resource(Files::new(Files::default_config_dir()));
    }
    app.add_message::<WindowCloseRequested>()
        .add_systems(PreStartup, open_startup_file)
        .add_systems(Update, (close_requests, handle_files).chain().in_set(EditorSet::Files))
        .add_systems(Update, (autosave, watch_disk).in_set(EditorSet::Check))
        .add_systems(PostUpdate, stamp_status);
}

fn open_startup_file(file: Option<Res<StartupFile>>, mut doc: ResMut<Document>, mut files: ResMut<Files>) {
    if let Some(file) = file {
        open(&file.0, &mut doc, &mut files);
    }
}

fn close_requests(mut closes: MessageReader<WindowCloseRequested>, mut intents: MessageWriter<Intent>) {
    if closes.read().count() > 0 {
        intents.write(Intent::Quit);
    }
}

fn handle_files(
    mut intents: ParamSet<(MessageReader<Intent>, MessageWriter<Intent>)>,
    mut doc: ResMut<Document>,
    mut history: ResMut<History>,
    mut files: ResMut<Files>,
    mut exit: MessageWriter<AppExit>,
) {
    let pending: Vec<Intent> = intents.p0().read().cloned().collect();
    let mut follow_ups = Vec::new();
    for intent in pending {
        let (intent, confirmed) = match intent {
            Intent::Confirmed(inner) => {
                files.confirm = None;
                (*inner, true)
            }
            Intent::Cancel => {
                files.confirm = None;
                continue;
            }
            Intent::SaveThen(then) => {
                files.confirm = None;
                if let Some(path) = doc.path.clone() {
                    save(&path, &mut doc, &mut files);
                }
                // A failed save keeps the changes and says why (status).
                if !doc.is_dirty() {
                    follow_ups.push(Intent::Confirmed(then));
                }
                continue;
            }
            other => (other, false),
        };
        let discards =
            matches!(intent, Intent::New(_) | Intent::Open(_) | Intent::Revert | Intent::Quit | Intent::OpenDialog);
        // A file that cannot be opened is said so at once: asking first
        // whether to discard the changes for it would be a trap.
        if let Intent::Open(path) = &intent
            && doc.is_dirty()
            && !confirmed
            && let Err(why) = read_variant(path)
        {
            files.say(why);
            continue;
        }
        if discards && doc.is_dirty() && !confirmed {
            files.confirm = Some(Confirm {
                message: format!(
                    "{} has unsaved changes. Discard them?",
                    doc.path.as_ref().map_or("This variant".into(), |p| p.display().to_string())
                ),
                action: intent,
            });
            continue;
        }
        // The person chose to discard the changes: their autosave goes too,
        // or the next open would offer them back as a recovery (after
        // Revert they stay on the undo history).
        if discards
            && confirmed
            && doc.is_dirty()
            && let Some(auto) = files.autosave_path(doc.path.as_deref())
        {
            let _ = std::fs::remove_file(auto);
        }
        match intent {
            Intent::New(spec) => {
                let said = format!("new variant: {} (untitled until you save it)", spec.meta.name);
                doc.replace(*spec, None);
                history.clear();
                files.seen_mtime = None;
                files.say(said);
            }
            Intent::Open(path) if open(&path, &mut doc, &mut files) => history.clear(),
            Intent::OpenDialog => {
                if let Some(path) = rfd::FileDialog::new()
                    .add_filter("Ladderkit variant (or a board picture that carries one)", &["ron", "png"])
                    .pick_file()
                {
                    follow_ups.push(Intent::Confirmed(Box::new(Intent::Open(path))));
                } else {
                    files.say("no file chosen (or no file dialog on this system: use File › Open path…)".into());
                }
            }
            Intent::Save => match doc.path.clone() {
                Some(path) => save(&path, &mut doc, &mut files),
                None => follow_ups.push(Intent::SaveAsDialog),
            },
            Intent::SaveAs(path) => save(&path, &mut doc, &mut files),
            Intent::SaveAsDialog => {
                let dialog =
                    rfd::FileDialog::new().add_filter("Ladderkit variant", &["ron"]).set_file_name("variant.ron");
                match dialog.save_file() {
                    Some(path) => save(&path, &mut doc, &mut files),
                    None => files.say("not saved: no file chosen (or no file dialog: use File › Save as path…)".into()),
                }
            }
            Intent::Revert => {
                // One undoable step: Undo brings the reverted changes back.
                let before = doc.spec.clone();
                if let Some(path) = doc.path.clone()
                    && open(&path, &mut doc, &mut files)
                    && doc.spec != before
                {
                    history.record("Revert to the saved file".into(), before, doc.spec.clone(), None);
                }
            }
            Intent::Recover => {
                if let Some(recovery) = files.recovery.take() {
                    let before = doc.spec.clone();
                    doc.spec = recovery.spec.clone();
                    doc.generation += 1;
                    history.record("Recover unsaved changes".into(), before, recovery.spec, None);
                    let _ = std::fs::remove_file(&recovery.from);
                    files.say("recovered the unsaved changes".into());
                }
            }
            Intent::DiscardRecovery => {
                if let Some(recovery) = files.recovery.take() {
                    let _ = std::fs::remove_file(&recovery.from);
                }
            }
            Intent::Quit => {
                if let Some(p) = files.autosave_path(doc.path.as_deref()) {
                    let _ = std::fs::remove_file(p);
                }
                exit.write(AppExit::Success);
            }
            _ => {}
        }
    }
    for intent in follow_ups {
        intents.p1().write(intent);
    }
}

/// Opens a file; on failure the current document stays and the status says
/// why. A file with problems other than syntax still opens (with its
/// diagnostics), so it can be fixed here.
fn open(path: &Path, doc: &mut Document, files: &mut Files) -> bool {
    let (spec, picture) = match read_variant(path) {
        Ok(read) => read,
        Err(why) => {
            files.say(why);
            return false;
        }
    };
    // A picture that carries its variant opens untitled: saving must not
    // write the variant's text over the picture.
    if picture {
        doc.replace(spec, None);
        files.seen_mtime = None;
        files.recovery = None;
        files.say(format!("opened the variant carried by the picture {} (untitled until you save it)", path.display()));
        return true;
    }
    doc.replace(spec, Some(path.to_owned()));
    files.seen_mtime = mtime(path);
    files.remember(path);
    files.say(format!("opened {}", path.display()));
    files.recovery = None;
    if let Some(auto) = files.autosave_path(Some(path))
        && mtime(&auto) > files.seen_mtime
        && let Ok(text) = std::fs::read_to_string(&auto)
        && let Some(spec) = parse(&text).spec
        && spec != doc.spec
    {
        files.recovery = Some(Recovery { from: auto, spec });
    }
    true
}

/// The variant in a file and whether it came from a picture, or why it
/// cannot be opened (unreadable, or a syntax error, with its line and
/// column).
fn read_variant(path: &Path) -> Result<(VariantSpec, bool), String> {
    let loaded = load(path).map_err(|e| e.to_string())?;
    let picture = loaded.picture;
    loaded.checked.spec.map(|spec| (spec, picture)).ok_or_else(|| {
        let d = &loaded.checked.diagnostics[0];
        let at = d.location.span.map_or(String::new(), |s| format!(":{}:{}", s.line, s.column));
        format!("cannot open {}{at}: {}", path.display(), d.message)
    })
}

fn save(path: &Path, doc: &mut Document, files: &mut Files) {
    match save_atomic(path, &to_string(&doc.spec)) {
        Ok(()) => {
            if let Some(auto) = files.autosave_path(doc.path.as_deref()) {
                let _ = std::fs::remove_file(auto);
            }
            doc.saved = doc.spec.clone();
            doc.path = Some(path.to_owned());
            doc.generation += 1;
            files.seen_mtime = mtime(path);
            files.remember(path);
            files.say(format!("saved {}", path.display()));
        }
        Err(e) => files.say(format!("not saved: {e}")),
    }
}

fn autosave(time: Res<Time>, doc: Res<Document>, mut files: ResMut<Files>) {
    files.since_autosave += time.delta();
    if files.since_autosave < files.autosave_every {
        return;
    }
    files.since_autosave = Duration::ZERO;
    if doc.is_dirty()
        && let Some(path) = files.autosave_path(doc.path.as_deref())
    {
        if let Some(dir) = path.parent() {
            let _ = std::fs::create_dir_all(dir);
        }
        if save_atomic(&path, &to_string(&doc.spec)).is_ok() {
            files.say("autosaved a recovery copy".into());
        }
    }
}

/// Another program changed the file: reload it, or ask if we have changes.
fn watch_disk(time: Res<Time>, mut doc: ResMut<Document>, mut files: ResMut<Files>) {
    files.since_watch += time.delta();
    if files.since_watch < Duration::from_secs(1) {
        return;
    }
    files.since_watch = Duration::ZERO;
    let Some(path) = doc.path.clone() else { return };
    let now = mtime(&path);
    if now.is_none() || now == files.seen_mtime {
        return;
    }
    files.seen_mtime = now;
    if doc.is_dirty() {
        files.confirm = Some(Confirm {
            message: format!("{} changed on disk. Reload it and discard your changes?", path.display()),
            action: Intent::Revert,
        });
    } else if open(&path, &mut doc, &mut files) {
        files.say(format!("reloaded {} (changed on disk)", path.display()));
    }
}
