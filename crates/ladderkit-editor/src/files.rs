//! Files: open, save (atomic), save as, revert, recent files, an autosave
//! copy offered back after a crash, and reloading when another program
//! changes the file. Anything that would throw away unsaved changes asks
//! first. In the web page the same intents go through the platform seam
//! (`platform`): files come from the browser's picker or a drop, saving is
//! a download, and untitled work is kept in the browser's storage. A board
//! link opens untitled, here and there.

use std::path::{Path, PathBuf};
use std::time::{Duration, SystemTime};

use bevy::prelude::*;
use bevy::window::{FileDragAndDrop, WindowCloseRequested};
use ladderkit::core::spec::VariantSpec;
use ladderkit::core::{Diagnostic, check_source, link, parse, to_string};
use ladderkit::files::{FileKind, load, load_bytes, read_text, save_atomic, save_variant};

use crate::EditorSet;
use crate::document::Document;
use crate::history::History;
use crate::intents::Intent;
use crate::platform::{self, Chosen, Destination, Handed};

/// A question waiting for the user: do `action` and lose unsaved changes?
#[derive(Debug, Clone, PartialEq)]
pub struct Confirm {
    pub message: String,
    pub action: Intent,
    /// The file changed on disk while there were changes here: the
    /// choice is theirs (reload) or mine (keep editing), not save/discard.
    pub changed_on_disk: bool,
}

/// An autosave copy newer than the file, found when opening it (or, for
/// untitled work, at start).
#[derive(Debug, Clone, PartialEq)]
pub struct Recovery {
    pub from: Slot,
    pub spec: VariantSpec,
}

/// Where a document's recovery copy is kept.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Slot {
    /// A file beside the document, or in the config folder for untitled
    /// work (the desktop).
    File(PathBuf),
    /// The browser's storage, under this key (the web page).
    Browser(&'static str),
}

impl Slot {
    fn read(&self) -> Option<String> {
        match self {
            // A recovery copy is a variant file: its size limit holds.
            Self::File(path) => read_text(path, FileKind::Variant).ok(),
            Self::Browser(key) => platform::stored(key),
        }
    }

    fn write(&self, text: &str) -> Result<(), String> {
        match self {
            Self::File(path) => {
                if let Some(dir) = path.parent() {
                    let _ = std::fs::create_dir_all(dir);
                }
                save_atomic(path, text).map_err(|e| e.to_string())
            }
            Self::Browser(key) => platform::store(key, text),
        }
    }

    fn remove(&self) {
        match self {
            Self::File(path) => {
                let _ = std::fs::remove_file(path);
            }
            Self::Browser(key) => platform::unstore(key),
        }
    }

    /// Where the copy is, in words.
    pub fn describe(&self) -> String {
        match self {
            Self::File(path) => path.display().to_string(),
            Self::Browser(_) => "this browser's storage for the page".into(),
        }
    }
}

/// The browser's storage key for untitled work.
const UNTITLED_KEY: &str = "ladderkit.untitled";

/// Something that could not be opened, shown in a window until dismissed:
/// what it was and its located diagnostic (a damaged link, a file with a
/// syntax error).
#[derive(Debug, Clone, PartialEq)]
pub struct Problem {
    pub title: String,
    pub diagnostic: Diagnostic,
    /// What the diagnostic's line and column count in: "the link", a file.
    pub source: String,
}

impl Problem {
    /// One line: `source:line:column: message`.
    pub fn line(&self) -> String {
        let d = &self.diagnostic;
        let at = d.location.span.map_or(String::new(), |s| format!(":{}:{}", s.line, s.column));
        format!("{}{at}: {} [{}]", self.source, d.message, d.code)
    }
}

#[derive(Resource, Debug)]
pub struct Files {
    /// Where recent files and untitled autosaves live; `None` keeps
    /// nothing (tests).
    pub config_dir: Option<PathBuf>,
    pub recent: Vec<PathBuf>,
    pub confirm: Option<Confirm>,
    pub recovery: Option<Recovery>,
    pub problem: Option<Problem>,
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
            problem: None,
            status: String::new(),
            status_at: None,
            // A tab can be closed at any moment; a desktop quits through
            // the editor, which asks first.
            autosave_every: Duration::from_secs(if platform::WEB { 2 } else { 60 }),
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

    /// `$XDG_CONFIG_HOME/ladderkit`, else `~/.config/ladderkit` (none in
    /// the web page).
    pub fn default_config_dir() -> Option<PathBuf> {
        platform::config_dir()
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
    pub fn autosave_slot(&self, doc_path: Option<&Path>) -> Option<Slot> {
        match doc_path {
            Some(p) => {
                let name = p.file_name()?.to_string_lossy();
                Some(Slot::File(p.with_file_name(format!(".{name}.autosave"))))
            }
            None if platform::WEB => Some(Slot::Browser(UNTITLED_KEY)),
            None => self.config_dir.as_ref().map(|d| Slot::File(d.join("untitled.autosave.ron"))),
        }
    }

    /// Recent files with unsaved changes kept from last time (a recovery
    /// copy beside them, newer than the file): after a crash, the welcome
    /// window names them.
    pub fn unsaved_from_last_time(&self) -> Vec<PathBuf> {
        self.recent
            .iter()
            .filter(|path| {
                matches!(self.autosave_slot(Some(path)), Some(Slot::File(auto))
                    if mtime(&auto).is_some_and(|a| mtime(path).is_none_or(|f| a >= f)))
            })
            .cloned()
            .collect()
    }

    fn forget_autosave(&self, doc_path: Option<&Path>) {
        if let Some(slot) = self.autosave_slot(doc_path) {
            slot.remove();
        }
    }
}

/// The recent files' list, read within a variant file's size limit (it is
/// a few lines; one that is not is not read).
fn read_recent(path: &Path) -> Vec<PathBuf> {
    read_text(path, FileKind::Variant)
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
        files.status_at = Some(doc.generation());
    }
}

/// A file to open at start-up (from the command line).
#[derive(Resource, Debug, Clone)]
pub struct StartupFile(pub PathBuf);

/// A board link to open at start-up (the page's address, or `--link`).
#[derive(Resource, Debug, Clone)]
pub struct StartupLink(pub String);

pub(super) fn plugin(app: &mut App) {
    if !app.world().contains_resource::<Files>() {
        app.insert_resource(Files::new(Files::default_config_dir()));
    }
    app.add_message::<WindowCloseRequested>()
        .add_message::<FileDragAndDrop>()
        .add_systems(PreStartup, open_startup_file)
        .add_systems(Startup, offer_untitled_recovery)
        .add_systems(Update, (close_requests, files_handed, handle_files).chain().in_set(EditorSet::Files))
        .add_systems(Update, (autosave, watch_disk).in_set(EditorSet::Check))
        .add_systems(PostUpdate, (stamp_status, tell_the_platform));
}

fn open_startup_file(
    file: Option<Res<StartupFile>>,
    link: Option<Res<StartupLink>>,
    mut doc: ResMut<Document>,
    mut files: ResMut<Files>,
) {
    if let Some(file) = file {
        open(&file.0, &mut doc, &mut files);
    }
    if let Some(link) = link {
        open_link(&link.0, &mut doc, &mut files);
    }
}

/// Untitled work left by a crash (or a closed tab) is offered back at
/// start, beside whatever opened.
fn offer_untitled_recovery(doc: Res<Document>, mut files: ResMut<Files>) {
    if doc.path.is_some() || files.recovery.is_some() {
        return;
    }
    let Some(slot) = files.autosave_slot(None) else { return };
    if let Some(text) = slot.read()
        && let Some(spec) = parse(&text).spec
        && spec != *doc.spec()
    {
        files.recovery = Some(Recovery { from: slot, spec });
    }
}

fn close_requests(mut closes: MessageReader<WindowCloseRequested>, mut intents: MessageWriter<Intent>) {
    if closes.read().count() > 0 {
        intents.write(Intent::Quit);
    }
}

/// Files dropped on the window (the desktop gives paths) or picked and
/// dropped in the page (the browser gives bytes) become intents to open.
fn files_handed(mut drops: MessageReader<FileDragAndDrop>, mut intents: MessageWriter<Intent>) {
    for drop in drops.read() {
        if let FileDragAndDrop::DroppedFile { path_buf, .. } = drop {
            // A photo or scan is a picture to trace; a variant or a board
            // picture (PNG) opens.
            let ext = path_buf.extension().map(|e| e.to_string_lossy().to_ascii_lowercase());
            intents.write(match ext.as_deref() {
                Some("jpg" | "jpeg") => Intent::BackgroundPath(path_buf.clone()),
                _ => Intent::Open(path_buf.clone()),
            });
        }
    }
    for handed in platform::take_handed() {
        intents.write(if handed.picture {
            Intent::BackgroundHanded(Box::new(handed))
        } else {
            Intent::OpenHanded(Box::new(handed))
        });
    }
}

/// The page asks before it is left with unsaved changes.
fn tell_the_platform(doc: Res<Document>) {
    if doc.is_changed() {
        platform::set_unsaved(doc.is_dirty());
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
            Intent::Status(said) => {
                files.say(said);
                continue;
            }
            Intent::SaveThen(then) => {
                files.confirm = None;
                match doc.path.clone() {
                    Some(path) => save(&path, &mut doc, &mut files),
                    None => save_as_dialog(&mut doc, &mut files),
                }
                // A failed save keeps the changes and says why (status).
                if !doc.is_dirty() {
                    follow_ups.push(Intent::Confirmed(then));
                }
                continue;
            }
            other => (other, false),
        };
        let discards = matches!(
            intent,
            Intent::New(_)
                | Intent::Open(_)
                | Intent::OpenHanded(_)
                | Intent::OpenLink(_)
                | Intent::Revert
                | Intent::Quit
                | Intent::OpenDialog
        );
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
                changed_on_disk: false,
            });
            continue;
        }
        // The person chose to discard the changes: their autosave goes too,
        // or the next open would offer them back as a recovery (after
        // Revert they stay on the undo history).
        if discards && confirmed && doc.is_dirty() {
            files.forget_autosave(doc.path.as_deref());
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
            Intent::OpenHanded(handed) if open_handed(&handed, &mut doc, &mut files) => history.clear(),
            Intent::OpenLink(text) if open_link(&text, &mut doc, &mut files) => history.clear(),
            Intent::OpenDialog => match platform::choose_file_to_open() {
                Chosen::Path(path) => follow_ups.push(Intent::Confirmed(Box::new(Intent::Open(path)))),
                Chosen::Later => files.say("choose a variant (.ron) or a board picture (.png) to open".into()),
                Chosen::Nothing(why) => files.say(why),
            },
            Intent::Save => match doc.path.clone() {
                Some(path) => save(&path, &mut doc, &mut files),
                None => follow_ups.push(Intent::SaveAsDialog),
            },
            Intent::SaveAs(path) => save(&path, &mut doc, &mut files),
            Intent::SaveAsDialog => save_as_dialog(&mut doc, &mut files),
            Intent::Revert => {
                // One undoable step: Undo brings the reverted changes back.
                let before = doc.spec().clone();
                let reverted = match doc.path.clone() {
                    Some(path) => open(&path, &mut doc, &mut files),
                    // Untitled: back to the board as opened (or last
                    // downloaded).
                    None => {
                        let saved = doc.saved().clone();
                        doc.edit(saved);
                        files.forget_autosave(None);
                        true
                    }
                };
                if reverted && *doc.spec() != before {
                    history.record("Revert to the saved file".into(), before, doc.spec().clone(), None);
                }
                if reverted {
                    let to = doc.path.as_ref().map_or("the board as opened".into(), |p| p.display().to_string());
                    files.say(format!("reverted to {to} (Undo brings the changes back)"));
                }
            }
            Intent::Recover => {
                if let Some(recovery) = files.recovery.take() {
                    let before = doc.spec().clone();
                    doc.edit(recovery.spec.clone());
                    history.record("Recover unsaved changes".into(), before, recovery.spec, None);
                    recovery.from.remove();
                    files.say("recovered the unsaved changes".into());
                }
            }
            Intent::DiscardRecovery => {
                if let Some(recovery) = files.recovery.take() {
                    recovery.from.remove();
                }
            }
            Intent::DismissProblem => files.problem = None,
            // A page is closed by its browser, not by the editor.
            Intent::Quit if platform::WEB => {}
            Intent::Quit => {
                files.forget_autosave(doc.path.as_deref());
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
    files.problem = None;
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
    if let Some(Slot::File(auto)) = files.autosave_slot(Some(path))
        // Written within the same tick of the file clock counts as newer:
        // a save removes the copy, so one still there came after.
        && mtime(&auto) >= files.seen_mtime
        && let Ok(text) = read_text(&auto, FileKind::Variant)
        && let Some(spec) = parse(&text).spec
        && spec != *doc.spec()
    {
        files.recovery = Some(Recovery { from: Slot::File(auto), spec });
    }
    true
}

/// Opens a file handed over as bytes (picked or dropped in the page):
/// untitled, named after the file, so saving downloads it under that name.
fn open_handed(handed: &Handed, doc: &mut Document, files: &mut Files) -> bool {
    let name = Path::new(&handed.name);
    let loaded = match load_bytes(name, handed.bytes.clone()) {
        Ok(loaded) => loaded,
        Err(e) => {
            files.say(format!("cannot open {e}"));
            return false;
        }
    };
    let Some(spec) = loaded.checked.spec else {
        let diagnostic = loaded.checked.diagnostics.into_iter().next();
        return refuse(files, format!("{} cannot be opened", handed.name), &handed.name, diagnostic);
    };
    doc.replace(spec, None);
    // A picture's variant is saved as a variant file, not over the picture.
    doc.name =
        Some(if loaded.picture { format!("{}.ron", name.with_extension("").display()) } else { handed.name.clone() });
    files.seen_mtime = None;
    files.problem = None;
    let from = if loaded.picture { "the variant carried by the picture " } else { "" };
    files.say(format!("opened {from}{} (saving downloads it)", handed.name));
    true
}

/// Opens a board link: untitled, never over anything. A damaged link, or
/// one whose variant cannot be read, is refused with its located
/// diagnostic, and the document stays as it was.
fn open_link(text: &str, doc: &mut Document, files: &mut Files) -> bool {
    let variant = match link::decode(text) {
        Ok(variant) => variant,
        Err(d) => return refuse(files, "This board link cannot be opened".into(), "the link", Some(*d)),
    };
    let checked = check_source(&variant);
    let Some(spec) = checked.spec else {
        let diagnostic = checked.diagnostics.into_iter().next();
        return refuse(files, "The board in this link cannot be read".into(), "the link's variant", diagnostic);
    };
    let said = format!(
        "opened {} from a board link ({} characters): untitled until you save it",
        spec.meta.name,
        text.trim().chars().count()
    );
    doc.replace(spec, None);
    files.seen_mtime = None;
    files.problem = None;
    files.say(said);
    true
}

/// Says why something cannot be opened, in the status bar and a window.
fn refuse(files: &mut Files, title: String, source: &str, diagnostic: Option<Diagnostic>) -> bool {
    let diagnostic = diagnostic.unwrap_or_else(|| {
        Diagnostic::error(ladderkit::core::Code::Syntax, "it holds no variant").help("open a .ron variant file")
    });
    let problem = Problem { title, diagnostic, source: source.into() };
    files.say(problem.line());
    files.problem = Some(problem);
    false
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
    match save_variant(path, doc.spec()) {
        Ok(()) => {
            files.forget_autosave(doc.path.as_deref());
            doc.path = Some(path.to_owned());
            doc.mark_saved();
            files.seen_mtime = mtime(path);
            files.remember(path);
            files.say(format!("saved {}", path.display()));
        }
        Err(e) => files.say(format!("not saved: {e}")),
    }
}

/// The web page's save: the canonical text as a download, named after the
/// file it came from (or the variant). It counts as saved.
fn download(doc: &mut Document, files: &mut Files) {
    let name = doc.file_name();
    let text = match ladderkit::files::variant_text(Path::new(&name), doc.spec()) {
        Ok(text) => text,
        Err(e) => return files.say(e.to_string()),
    };
    match platform::download(&name, text.as_bytes()) {
        Ok(()) => {
            files.forget_autosave(None);
            doc.name = Some(name.clone());
            doc.mark_saved();
            files.say(format!("downloaded {name}"));
        }
        Err(e) => files.say(format!("not saved: {e}")),
    }
}

fn autosave(time: Res<Time>, doc: Res<Document>, mut files: ResMut<Files>, mut kept: Local<Option<u64>>) {
    files.since_autosave += time.delta();
    if files.since_autosave < files.autosave_every {
        return;
    }
    files.since_autosave = Duration::ZERO;
    // Only a change since the last copy is written again.
    if doc.is_dirty()
        && *kept != Some(doc.generation())
        && let Some(slot) = files.autosave_slot(doc.path.as_deref())
        && slot.write(&to_string(doc.spec())).is_ok()
    {
        *kept = Some(doc.generation());
        // The desktop says so; the page keeps its copy every few seconds
        // and would say nothing else.
        if !platform::WEB {
            files.say("autosaved a recovery copy".into());
        }
    }
}

/// Asks where to save (the page downloads), and saves there.
fn save_as_dialog(doc: &mut Document, files: &mut Files) {
    let refused = "not saved: no file chosen (or no file dialog: use File › Save as path…)";
    match platform::choose_where_to_save(("Ladderkit variant", &["ron"]), &doc.file_name(), refused) {
        Destination::Path(path) => save(&path, doc, files),
        Destination::Download(_) => download(doc, files),
        Destination::Nothing(why) => files.say(why),
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
            message: format!(
                "{} changed on disk while you have unsaved changes here. Reload it (your changes stay one Undo \
                 away), or keep yours (saving then writes over the other change)?",
                path.display()
            ),
            action: Intent::Revert,
            changed_on_disk: true,
        });
    } else if open(&path, &mut doc, &mut files) {
        files.say(format!("reloaded {} (changed on disk)", path.display()));
    }
}
