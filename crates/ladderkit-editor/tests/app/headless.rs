//! The editor's logic without a window or GPU: `MinimalPlugins` plus the
//! editor's logic plugins, driven by intents as the panels send them.

use bevy::prelude::*;
use ladderkit::core::spec::{
    Arrow, ArrowKind, Background, Board, ChipCount, ChipLayout, Chips, Direction, Effect, Jump, PathStyle, Point,
    Rules, SpaceEffect, SpaceTags, Tag, VariantSpec,
};
use ladderkit::core::{Code, parse};
use ladderkit_editor::checks::Checks;
use ladderkit_editor::files::Files;
use ladderkit_editor::history::{EditCommand, History};
use ladderkit_editor::intents::Intent;
use ladderkit_editor::selection::{Selected, Selection};
use ladderkit_editor::view::View;

use std::path::Path;

use crate::common::{app_with, bundled, codes, doc, edit, send, temp_dir};

#[test]
fn every_command_applies_and_undoes() {
    let mut app = app_with(None);
    send(&mut app, Intent::New(Box::new(VariantSpec::new_grid("t", 6, 6, PathStyle::Boustrophedon))));
    let free = Board::Free { spaces: vec![ladderkit::core::spec::Point { x: 0.5, y: 0.5 }; 3] };
    let commands = vec![
        EditCommand::AddJump(Jump::new(4, 14)),
        EditCommand::SetJump(0, Jump::new(4, 20)),
        EditCommand::AddEffect(SpaceEffect { space: 12, effect: Effect::LoseTurns(1) }),
        EditCommand::SetEffect(0, SpaceEffect { space: 12, effect: Effect::LoseTurns(2) }),
        EditCommand::SetSpaceEffects(5, vec![Effect::ExtraTurn, Effect::MoveBy(2)]),
        EditCommand::SetBackground(Some(Background::new("scan.jpg".into()))),
        EditCommand::AdjustBackground(Background { opacity: 0.8, ..Background::new("scan.jpg".into()) }),
        EditCommand::SetBackground(None),
        EditCommand::SetName(7, "the inn".into()),
        EditCommand::SetBadge(
            7,
            Some(ladderkit::core::spec::SpaceBadge { space: 7, label: "Inn".into(), colour: Some("#aa2020".into()) }),
        ),
        EditCommand::SetRules(Rules { follow_chains: false, ..Rules::default() }),
        // Typing a name merges into one step, so each name edit here comes
        // after another kind of edit.
        EditCommand::SetName(7, String::new()),
        EditCommand::SetMeta(ladderkit::core::spec::Meta { name: "renamed".into(), ..Default::default() }),
        EditCommand::SetStart(ladderkit::core::spec::Start::Space(2)),
        EditCommand::SetGoal(ladderkit::core::spec::Goal::Space(30)),
        EditCommand::RemoveEffect(0),
        EditCommand::SetSpaceEffects(5, Vec::new()),
        EditCommand::RemoveJump(0),
        EditCommand::SetBoard(free),
        EditCommand::AddSpace(ladderkit::core::spec::Point { x: 3.0, y: 1.0 }),
        EditCommand::MoveSpace(1, ladderkit::core::spec::Point { x: 2.0, y: 2.0 }),
        EditCommand::InsertSpace(2, ladderkit::core::spec::Point { x: 1.0, y: 1.0 }),
        EditCommand::Many(
            vec![
                EditCommand::MoveSpace(1, ladderkit::core::spec::Point { x: 0.0, y: 0.0 }),
                EditCommand::MoveSpace(2, ladderkit::core::spec::Point { x: 1.0, y: 0.0 }),
            ],
            "Move 2 spaces".into(),
        ),
        EditCommand::RemoveSpace(2),
    ];
    let mut states = vec![doc(&app).spec().clone()];
    for c in &commands {
        edit(&mut app, c.clone());
        assert_eq!(doc(&app).error, None, "{c:?}");
        assert_ne!(*doc(&app).spec(), *states.last().unwrap(), "{c:?} changed nothing");
        states.push(doc(&app).spec().clone());
    }
    for expected in states.iter().rev().skip(1) {
        send(&mut app, Intent::Undo);
        assert_eq!(*doc(&app).spec(), *expected);
    }
    for expected in states.iter().skip(1) {
        send(&mut app, Intent::Redo);
        assert_eq!(*doc(&app).spec(), *expected);
    }
}

#[test]
fn undo_is_described_and_a_failed_edit_changes_nothing() {
    let mut app = app_with(None);
    edit(&mut app, EditCommand::AddJump(Jump::new(4, 14)));
    assert_eq!(app.world().resource::<History>().undo_label(), Some("Add ladder 4→14"));
    let before = doc(&app).spec().clone();
    edit(&mut app, EditCommand::RemoveJump(7));
    assert_eq!(*doc(&app).spec(), before);
    assert!(doc(&app).error.as_deref().unwrap().contains("no jump #8"));
    edit(&mut app, EditCommand::AddSpace(ladderkit::core::spec::Point { x: 0.0, y: 0.0 }));
    assert!(doc(&app).error.as_deref().unwrap().contains("free-form"));
}

#[test]
fn dragging_a_value_is_one_undo_step() {
    let mut app = app_with(None);
    edit(&mut app, EditCommand::AddJump(Jump::new(4, 14)));
    for to in 15..25 {
        edit(&mut app, EditCommand::SetJump(0, Jump::new(4, to)));
    }
    send(&mut app, Intent::Undo);
    assert_eq!(doc(&app).spec().jumps, [Jump::new(4, 14)]);
}

#[test]
fn checks_rerun_after_each_edit_and_a_loop_is_reported_at_once() {
    let mut app = app_with(None);
    send(&mut app, Intent::New(Box::new(VariantSpec::new_grid("t", 6, 6, PathStyle::Boustrophedon))));
    assert_eq!(codes(&app), []);
    edit(&mut app, EditCommand::AddJump(Jump::new(10, 30)));
    assert_eq!(codes(&app), []);
    edit(&mut app, EditCommand::AddJump(Jump::new(30, 10)));
    assert!(codes(&app).contains(&Code::JumpLoop), "{:?}", codes(&app));
    send(&mut app, Intent::Undo);
    assert!(!codes(&app).contains(&Code::JumpLoop));
}

#[test]
fn clicking_a_diagnostic_selects_its_culprits() {
    let mut app = app_with(None);
    send(&mut app, Intent::New(Box::new(VariantSpec::new_grid("t", 6, 6, PathStyle::Boustrophedon))));
    edit(&mut app, EditCommand::AddJump(Jump::new(10, 30)));
    edit(&mut app, EditCommand::AddJump(Jump::new(30, 10)));
    let i = app.world().resource::<Checks>().diagnostics.iter().position(|d| d.code == Code::JumpLoop).unwrap();
    send(&mut app, Intent::SelectDiagnostic(i));
    let selection = app.world().resource::<Selection>();
    assert_eq!(selection.selected, Selected::Jump(0));
    assert_eq!(selection.spaces, [10, 30]);
    assert_eq!(selection.jumps, [0, 1]);
    assert_eq!(selection.diagnostic, Some(i));
}

#[test]
fn dirty_tracking_save_and_reopen_round_trip() {
    let dir = temp_dir("save");
    let file = dir.join("mine.ron");
    let mut app = app_with(Some(&bundled("gameweave-small.ron")));
    assert!(!doc(&app).is_dirty());
    assert_eq!(doc(&app).spec().jumps.len(), 9);
    edit(&mut app, EditCommand::AddEffect(SpaceEffect { space: 12, effect: Effect::LoseTurns(1) }));
    assert!(doc(&app).is_dirty());
    assert!(doc(&app).title().starts_with("● "));
    send(&mut app, Intent::SaveAs(file.clone()));
    assert!(!doc(&app).is_dirty());
    assert_eq!(doc(&app).path.as_deref(), Some(file.as_path()));
    let saved = std::fs::read_to_string(&file).unwrap();
    assert_eq!(parse(&saved).spec.unwrap(), *doc(&app).spec());
    let spec = doc(&app).spec().clone();
    let reopened = app_with(Some(&file));
    assert_eq!(*doc(&reopened).spec(), spec);
    // Undo back to the saved state is clean again.
    edit(&mut app, EditCommand::AddJump(Jump::new(2, 3)));
    assert!(doc(&app).is_dirty());
    send(&mut app, Intent::Undo);
    assert!(!doc(&app).is_dirty());
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn discarding_unsaved_changes_asks_first() {
    let mut app = app_with(Some(&bundled("gameweave-small.ron")));
    edit(&mut app, EditCommand::AddJump(Jump::new(2, 3)));
    send(&mut app, Intent::Open(bundled("milton-bradley.ron")));
    let files = app.world().resource::<Files>();
    assert!(files.confirm.is_some(), "asked before discarding");
    assert_eq!(doc(&app).spec().meta.name, "Gameweave Snakes and Ladders (Small 6×6)");
    send(&mut app, Intent::Cancel);
    assert!(app.world().resource::<Files>().confirm.is_none());
    assert!(doc(&app).is_dirty(), "cancel keeps the changes");
    send(&mut app, Intent::Confirmed(Box::new(Intent::Open(bundled("milton-bradley.ron")))));
    assert_eq!(doc(&app).spec().meta.name, "Chutes and Ladders (Milton Bradley)");
    assert!(!doc(&app).is_dirty());
}

/// A copy of a bundled board, opened and edited until its autosave copy is
/// on disk: the directory, the file, the editor and the edited spec.
fn edited_with_an_autosave(name: &str) -> (std::path::PathBuf, std::path::PathBuf, App, VariantSpec) {
    let dir = temp_dir(name);
    let file = dir.join("v.ron");
    std::fs::copy(bundled("gameweave-small.ron"), &file).unwrap();
    let mut app = app_with(Some(&file));
    app.world_mut().resource_mut::<Files>().autosave_every = std::time::Duration::ZERO;
    edit(&mut app, EditCommand::AddJump(Jump::new(2, 3)));
    app.update();
    assert!(dir.join(".v.ron.autosave").exists(), "an autosave copy was written");
    let edited = doc(&app).spec().clone();
    (dir, file, app, edited)
}

#[test]
fn discarded_changes_are_not_offered_back_and_revert_is_undoable() {
    let (dir, file, mut app, edited) = edited_with_an_autosave("discard");
    let auto = dir.join(".v.ron.autosave");
    // Revert, confirmed: the file's version, one undo step away from the edit.
    send(&mut app, Intent::Confirmed(Box::new(Intent::Revert)));
    assert!(!doc(&app).is_dirty());
    assert_ne!(*doc(&app).spec(), edited);
    assert!(app.world().resource::<Files>().recovery.is_none(), "the reverted changes are not a recovery");
    assert_eq!(app.world().resource::<History>().undo_label(), Some("Revert to the saved file"));
    let status = app.world().resource::<Files>().current_status(doc(&app).generation()).to_owned();
    assert!(status.starts_with("reverted to ") && status.contains("v.ron"), "{status}");
    send(&mut app, Intent::Undo);
    assert_eq!(*doc(&app).spec(), edited, "undo brings the reverted changes back");
    // Discard them by opening another file: nothing is offered back later.
    app.update();
    assert!(auto.exists());
    send(&mut app, Intent::Confirmed(Box::new(Intent::Open(bundled("milton-bradley.ron")))));
    assert!(!auto.exists(), "the discarded changes' autosave is gone");
    send(&mut app, Intent::Open(file.clone()));
    assert!(app.world().resource::<Files>().recovery.is_none());
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_new_file_opens_whole_with_nothing_selected() {
    let mut app = app_with(Some(&bundled("gameweave-small.ron")));
    app.world_mut().resource_mut::<View>().fit = false;
    app.world_mut().resource_mut::<View>().zoom = 400.0;
    app.world_mut().resource_mut::<View>().heat = true;
    send(&mut app, Intent::Select(Selected::Jump(3)));
    assert_eq!(app.world().resource::<Selection>().selected, Selected::Jump(3));
    send(&mut app, Intent::Open(bundled("milton-bradley.ron")));
    assert_eq!(doc(&app).spec().meta.name, "Chutes and Ladders (Milton Bradley)");
    assert_eq!(*app.world().resource::<Selection>(), Selection::default(), "nothing selected in the new file");
    assert!(app.world().resource::<View>().fit, "the new board is fitted to the view");
    assert!(!app.world().resource::<View>().heat, "the last board's heat overlay does not carry over");
    // An edit is not a new document: the view stays where the person put it.
    app.world_mut().resource_mut::<View>().fit = false;
    edit(&mut app, EditCommand::AddJump(Jump::new(2, 3)));
    assert!(!app.world().resource::<View>().fit);
}

#[test]
fn the_unsaved_changes_prompt_can_save_and_comes_only_for_files_that_open() {
    let dir = temp_dir("save-then");
    let file = dir.join("v.ron");
    std::fs::copy(bundled("gameweave-small.ron"), &file).unwrap();
    let broken = dir.join("broken.ron");
    std::fs::write(&broken, "Variant(format: 1, meta: (name: \"x\"), board: Grid(cols: \"six\"").unwrap();
    let mut app = app_with(Some(&file));
    edit(&mut app, EditCommand::AddJump(Jump::new(2, 3)));
    // A file that cannot be opened: said at once, no question, changes kept.
    send(&mut app, Intent::Open(broken.clone()));
    assert!(app.world().resource::<Files>().confirm.is_none(), "asked to discard changes for a file that cannot open");
    assert!(app.world().resource::<Files>().status.contains("broken.ron:1:"));
    assert!(doc(&app).is_dirty());
    // One that can: asked, and Save keeps the changes in the file first.
    send(&mut app, Intent::Open(bundled("milton-bradley.ron")));
    let action = app.world().resource::<Files>().confirm.as_ref().expect("asked").action.clone();
    send(&mut app, Intent::SaveThen(Box::new(action)));
    app.update();
    assert_eq!(doc(&app).spec().meta.name, "Chutes and Ladders (Milton Bradley)");
    let saved = parse(&std::fs::read_to_string(&file).unwrap()).spec.unwrap();
    assert!(saved.jumps.contains(&Jump::new(2, 3)), "the changes were saved before moving on");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn an_unreachable_goal_points_at_the_snakes_that_block_it() {
    let file = bundled("../tests/fixtures/diagnostics/goal-unreachable-snakes.ron");
    let mut app = app_with(Some(&file));
    let checks = app.world().resource::<Checks>();
    let i = checks.diagnostics.iter().position(|d| d.code == Code::GoalUnreachable).expect("reported");
    assert!(!codes(&app).contains(&Code::UnlandableSpace), "the goal is not also reported unlandable");
    send(&mut app, Intent::SelectDiagnostic(i));
    let selection = app.world().resource::<Selection>();
    assert_eq!(selection.selected, Selected::Jump(1), "the first culprit, not a space");
    assert_eq!(selection.jumps, [1, 2, 3, 4, 5, 6], "every snake on 58–63, and not the ladder");
    assert_eq!(selection.spaces, [58, 59, 60, 61, 62, 63]);
    // The inspector lists them; picking one keeps the others lit.
    send(&mut app, Intent::SelectCulprit(Selected::Jump(4)));
    let selection = app.world().resource::<Selection>();
    assert_eq!(selection.selected, Selected::Jump(4));
    assert_eq!(selection.jumps, [1, 2, 3, 4, 5, 6]);
    assert_eq!(selection.diagnostic, Some(i));
}

#[test]
fn a_broken_file_does_not_replace_the_document() {
    let dir = temp_dir("broken");
    let file = dir.join("broken.ron");
    std::fs::write(&file, "Variant(format: 1, meta: (name: \"x\"), board: Grid(cols: \"six\"").unwrap();
    let mut app = app_with(Some(&bundled("gameweave-small.ron")));
    send(&mut app, Intent::Open(file.clone()));
    assert_eq!(doc(&app).spec().jumps.len(), 9, "the open document stays");
    let status = &app.world().resource::<Files>().status;
    assert!(status.contains("broken.ron:1:") && status.contains("cannot open"), "{status}");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn autosave_is_offered_back_after_a_crash() {
    let (dir, file, app, edited) = edited_with_an_autosave("autosave");
    // The welcome window names the file whose changes were kept.
    let unsaved = app.world().resource::<Files>().unsaved_from_last_time();
    assert_eq!(unsaved, [file.canonicalize().unwrap()], "the recent file with a newer recovery copy");
    drop(app); // the crash
    std::thread::sleep(std::time::Duration::from_millis(20));
    let mut app = app_with(Some(&file));
    assert!(app.world().resource::<Files>().recovery.is_some(), "recovery offered");
    send(&mut app, Intent::Recover);
    assert_eq!(*doc(&app).spec(), edited);
    assert!(doc(&app).is_dirty());
    assert!(!dir.join(".v.ron.autosave").exists(), "a recovered autosave is used up");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_file_changed_elsewhere_reloads_when_clean() {
    let dir = temp_dir("watch");
    let file = dir.join("v.ron");
    std::fs::copy(bundled("gameweave-small.ron"), &file).unwrap();
    let mut app = app_with(Some(&file));
    std::thread::sleep(std::time::Duration::from_millis(20));
    let text = std::fs::read_to_string(&file).unwrap().replace("Small 6×6", "Renamed elsewhere");
    std::fs::write(&file, text).unwrap();
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(5);
    while doc(&app).spec().meta.name.contains("Small") && std::time::Instant::now() < deadline {
        app.update();
        std::thread::sleep(std::time::Duration::from_millis(50));
    }
    assert!(doc(&app).spec().meta.name.contains("Renamed elsewhere"));
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn the_issue_walkthrough_draw_check_fix_save_reopen() {
    // A 6 × 6 board, three ladders, three snakes, a loop reported and fixed,
    // a lose-a-turn space, save, reopen: everything as left.
    let dir = temp_dir("walkthrough");
    let file = dir.join("garden.ron");
    let mut app = app_with(None);
    send(&mut app, Intent::New(Box::new(VariantSpec::new_grid("Garden", 6, 6, PathStyle::Boustrophedon))));
    for (a, b) in [(3, 16), (8, 22), (20, 33), (35, 12), (27, 9), (17, 4)] {
        edit(&mut app, EditCommand::AddJump(Jump::new(a, b)));
    }
    assert_eq!(codes(&app), []);
    edit(&mut app, EditCommand::AddJump(Jump::new(33, 20)));
    assert!(codes(&app).contains(&Code::JumpLoop) || codes(&app).contains(&Code::DuplicateJump));
    send(&mut app, Intent::Undo);
    assert_eq!(codes(&app), []);
    edit(&mut app, EditCommand::AddEffect(SpaceEffect { space: 24, effect: Effect::LoseTurns(1) }));
    send(&mut app, Intent::SaveAs(file.clone()));
    let reopened = app_with(Some(&file));
    assert_eq!(doc(&reopened).spec(), doc(&app).spec());
    assert_eq!(doc(&reopened).spec().jumps.len(), 6);
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn export_board_writes_what_ladderkit_render_draws() {
    let mut app = app_with(Some(&bundled("gameweave-small.ron")));
    let dir = temp_dir("export");
    let (svg, png) = (dir.join("board.svg"), dir.join("board.png"));
    send(&mut app, Intent::ExportBoard(svg.clone()));
    send(&mut app, Intent::ExportBoard(png.clone()));
    let expected = ladderkit::render::board_svg(doc(&app).spec(), &ladderkit::render::BoardOptions::default());
    assert_eq!(std::fs::read_to_string(&svg).unwrap(), expected);
    assert!(std::fs::read(&png).unwrap().starts_with(b"\x89PNG"));
    send(&mut app, Intent::ExportBoard(dir.join("board.pdf")));
    assert!(app.world().resource::<Files>().status.contains(".svg or .png"));
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn print_kit_writes_what_ladderkit_print_writes() {
    let mut app = app_with(Some(&bundled("milton-bradley.ron")));
    let dir = temp_dir("kit");
    let pdf = dir.join("kit.pdf");
    send(&mut app, Intent::PrintKit(pdf.clone()));
    let spec = doc(&app).spec().clone();
    let compiled = ladderkit::core::compile(&spec);
    let (paper, theme) = (ladderkit::render::Paper::A4, ladderkit::render::Theme::Classic);
    let expected = ladderkit::print::kit(&spec, Some(&compiled), paper, 400.0, theme, &|| false).unwrap();
    // svg2pdf writes some dictionaries from a hash map, so two kits of one
    // variant may order their entries differently: compare what they hold.
    let written = std::fs::read(&pdf).unwrap();
    let pages = |pdf: &[u8]| String::from_utf8_lossy(pdf).matches("/Type /Page\n").count();
    assert_eq!(pages(&written), expected.pages, "the same pages");
    assert_eq!(expected.pages, 7);
    let ratio = written.len() as f64 / expected.pdf.len() as f64;
    assert!((0.99..1.01).contains(&ratio), "{} bytes against {}", written.len(), expected.pdf.len());
    assert!(app.world().resource::<Files>().status.contains("7 pages"), "{}", app.world().resource::<Files>().status);
    send(&mut app, Intent::PrintKit(dir.join("kit.png")));
    assert!(app.world().resource::<Files>().status.contains("name it .pdf"));
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn export_table_writes_what_ladderkit_tabletop_writes() {
    let mut app = app_with(Some(&bundled("milton-bradley.ron")));
    let dir = temp_dir("tabletop").join("table");
    send(&mut app, Intent::ExportTable(dir.clone()));
    let status = app.world().resource::<Files>().status.clone();
    assert!(status.contains("101 snap points") && status.contains("4 seats"), "{status}");
    let spec = doc(&app).spec().clone();
    let picture = ladderkit::render::board_picture(&spec, ladderkit::render::Theme::Classic).unwrap();
    assert_eq!(std::fs::read(dir.join("board.png")).unwrap(), picture.png, "the board the command draws");
    assert!(std::fs::read(dir.join("rules.pdf")).unwrap().starts_with(b"%PDF"));
    // What the command writes into `dir` in `form`.
    let expected = |dir: &std::path::Path, form| {
        let base = ladderkit::tabletop::local_folder(&std::fs::canonicalize(dir).unwrap().to_string_lossy());
        let theme = ladderkit::render::Theme::Classic;
        let options = ladderkit::tabletop::TableOptions { base_url: &base, form, theme, rulebook: Some(b"") };
        ladderkit::tabletop::table(&spec, &options).unwrap().save
    };
    let save = std::fs::read_to_string(dir.join("chutes-and-ladders-milton-bradley.json")).unwrap();
    assert_eq!(save, expected(&dir, ladderkit::tabletop::Form::Save), "the save the command writes");

    // Export options › a saved object: the command's `--saved-object`.
    use ladderkit_editor::export::ExportOptions;
    let chosen = ExportOptions { tabletop: ladderkit::tabletop::Form::SavedObject, ..ExportOptions::default() };
    send(&mut app, Intent::ExportOptions(chosen));
    let objects = temp_dir("tabletop").join("objects");
    send(&mut app, Intent::ExportTable(objects.clone()));
    let status = app.world().resource::<Files>().status.clone();
    assert!(status.contains("saved object") && status.contains("Saves/Saved Objects"), "{status}");
    let saved = std::fs::read_to_string(objects.join("chutes-and-ladders-milton-bradley.json")).unwrap();
    assert_eq!(saved, expected(&objects, ladderkit::tabletop::Form::SavedObject), "the command's saved object");

    let mut broken = app_with(Some(&bundled("../tests/fixtures/diagnostics/jump-loop.ron")));
    let nowhere = temp_dir("tabletop-broken").join("table");
    send(&mut broken, Intent::ExportTable(nowhere.clone()));
    let status = broken.world().resource::<Files>().status.clone();
    assert!(status.contains("has errors"), "{status}");
    assert!(!nowhere.exists(), "nothing written for a variant with errors");
    let _ = std::fs::remove_dir_all(dir.parent().unwrap());
}

#[test]
fn exports_take_the_paper_theme_and_kit_size_chosen() {
    use ladderkit::render::{BoardOptions, Paper, Theme};
    use ladderkit_editor::export::ExportOptions;
    let mut app = app_with(Some(&bundled("milton-bradley.ron")));
    let dir = temp_dir("export-options");
    let chosen =
        ExportOptions { paper: Paper::Letter, theme: Theme::Ink, kit_board_mm: 200.0, ..ExportOptions::default() };
    send(&mut app, Intent::ExportOptions(chosen));
    let svg = dir.join("board.svg");
    send(&mut app, Intent::ExportBoard(svg.clone()));
    let look = BoardOptions { paper: Paper::Letter, theme: Theme::Ink, ..BoardOptions::default() };
    let expected = ladderkit::render::board_svg(doc(&app).spec(), &look);
    assert_eq!(std::fs::read_to_string(&svg).unwrap(), expected, "ink, on Letter");
    assert_ne!(expected, ladderkit::render::board_svg(doc(&app).spec(), &BoardOptions::default()));
    // A 20 cm board fits on one sheet; the 40 cm default takes four.
    send(&mut app, Intent::PrintKit(dir.join("kit.pdf")));
    let status = app.world().resource::<Files>().status.clone();
    assert!(status.contains("the board on 1 × 1"), "{status}");
    // Out of what a kit can print: held to 10 cm – 3 m.
    send(&mut app, Intent::ExportOptions(ExportOptions { kit_board_mm: 5.0, ..chosen }));
    assert_eq!(app.world().resource::<ExportOptions>().kit_board_mm, 100.0);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn export_page_writes_the_forum_page_and_its_picture_as_render_does() {
    let mut app = app_with(Some(&bundled("milton-bradley.ron")));
    let dir = temp_dir("page");
    let page = dir.join("mb.md");
    send(&mut app, Intent::ExportPage(page.clone()));
    let status = app.world().resource::<Files>().status.clone();
    let text = std::fs::read_to_string(&page).unwrap_or_else(|e| panic!("{e}: {status}"));
    let spec = doc(&app).spec().clone();
    let compiled = ladderkit::core::compile(&spec);
    assert_eq!(text, ladderkit::print::page(&spec, Some(&compiled), Some("mb.png"), &|| false), "as render writes it");
    assert!(text.contains("](mb.png)"), "the page shows its picture");
    let png = std::fs::read(dir.join("mb.png")).unwrap();
    let carried = ladderkit::render::carry::embedded(&png, 1 << 20).unwrap().expect("the picture carries the variant");
    assert_eq!(ladderkit::core::parse(&carried).spec, Some(spec));
    // Again: the picture is Ladderkit's, so it is replaced.
    send(&mut app, Intent::ExportPage(page.clone()));
    assert!(app.world().resource::<Files>().status.contains("written"), "{}", app.world().resource::<Files>().status);
    // Someone's own picture there is kept, and nothing is written.
    std::fs::write(dir.join("other.png"), b"my holiday photo").unwrap();
    send(&mut app, Intent::ExportPage(dir.join("other.md")));
    assert!(app.world().resource::<Files>().status.contains("is not a board Ladderkit drew"));
    assert_eq!(std::fs::read(dir.join("other.png")).unwrap(), b"my holiday photo");
    assert!(!dir.join("other.md").exists());
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn arrows_tags_and_chips_are_edits_on_the_history() {
    let mut app = app_with(None);
    send(&mut app, Intent::New(Box::new(VariantSpec::new_grid("t", 6, 6, PathStyle::Boustrophedon))));
    let arrow = Arrow { space: 1, points: Direction::Down, kind: ArrowKind::ExtraTurn };
    edit(&mut app, EditCommand::AddArrow(arrow));
    assert!(codes(&app).contains(&Code::ArrowInvalid), "an arrow off the board: {:?}", codes(&app));
    edit(&mut app, EditCommand::SetArrow(0, Arrow { points: Direction::Up, ..arrow }));
    assert!(!codes(&app).contains(&Code::ArrowInvalid), "{:?}", codes(&app));
    let tags = vec![SpaceTags { tag: Tag::KeepClear, spaces: vec![1] }];
    edit(&mut app, EditCommand::SetTags(tags.clone()));
    let chips = Chips {
        values: vec![ChipCount { value: 1, count: 30 }],
        layout: ChipLayout::Random { seed: 1 },
        upgrade: None,
    };
    edit(&mut app, EditCommand::SetChips(Some(chips.clone())));
    assert!(codes(&app).contains(&Code::ChipPlacement), "30 chips do not fit on 6 × 6: {:?}", codes(&app));
    let spec = &doc(&app).spec();
    assert_eq!((spec.arrows.len(), &spec.tags, &spec.chips), (1, &tags, &Some(chips)));
    send(&mut app, Intent::Undo);
    send(&mut app, Intent::Undo);
    assert!(doc(&app).spec().tags.is_empty() && doc(&app).spec().chips.is_none());
    edit(&mut app, EditCommand::RemoveArrow(0));
    assert!(doc(&app).spec().arrows.is_empty());
    send(&mut app, Intent::Undo);
    assert_eq!(doc(&app).spec().arrows[0].points, Direction::Up);
}

/// Dealing jumps per game is an edit like any other; the board checked and
/// shown is game 0's deal, and Deal again (the next seed) is one undo step.
#[test]
fn dealt_jumps_show_game_0s_board_and_deal_again_is_undoable() {
    let mut app = app_with(None);
    send(&mut app, Intent::New(Box::new(VariantSpec::new_grid("t", 10, 10, PathStyle::Boustrophedon))));
    let random = ladderkit::core::spec::RandomJumps {
        seed: 1,
        ladders: 4,
        snakes: 4,
        min_length: 5,
        max_length: Some(40),
        no_chains: true,
        free: Vec::new(),
    };
    edit(&mut app, EditCommand::SetRandomJumps(Some(random.clone())));
    let checked = |app: &App| app.world().resource::<ladderkit_editor::checks::Checks>().compiled.board.jumps.clone();
    let first = checked(&app);
    assert_eq!(first.len(), 8, "game 0's eight dealt jumps are on the checked board");
    assert!(doc(&app).spec().jumps.is_empty(), "dealt jumps are not the design's");
    let expected = ladderkit::core::deal::deal(doc(&app).spec(), 0).unwrap().compiled.board.jumps;
    assert_eq!(first, expected);
    edit(&mut app, EditCommand::SetRandomJumps(Some(ladderkit::core::spec::RandomJumps { seed: 2, ..random })));
    assert_ne!(checked(&app), first, "a new seed deals a new board");
    send(&mut app, Intent::Undo);
    assert_eq!(checked(&app), first);
}

#[test]
fn removing_a_free_space_moves_arrows_tags_and_placed_chips_down() {
    let mut app = app_with(None);
    let spaces = (0..4).map(|i| Point { x: i as f32 + 0.5, y: 0.5 }).collect();
    let mut spec = VariantSpec::with_board("free", Board::Free { spaces });
    spec.arrows = vec![
        Arrow { space: 2, points: Direction::Right, kind: ArrowKind::ExtraTurn },
        Arrow { space: 3, points: Direction::Left, kind: ArrowKind::DoubleUp },
    ];
    spec.tags = vec![SpaceTags { tag: Tag::NoChip, spaces: vec![2, 4] }];
    spec.chips = Some(Chips {
        values: vec![ChipCount { value: 1, count: 2 }],
        layout: ChipLayout::Placed(vec![2, 4]),
        upgrade: None,
    });
    send(&mut app, Intent::New(Box::new(spec)));
    edit(&mut app, EditCommand::RemoveSpace(2));
    let spec = &doc(&app).spec();
    assert_eq!(spec.arrows.iter().map(|a| a.space).collect::<Vec<_>>(), [2]);
    assert_eq!(spec.tags[0].spaces, [3]);
    assert_eq!(spec.chips.as_ref().unwrap().layout, ChipLayout::Placed(vec![3]));
}

#[test]
fn without_a_file_a_bundled_variant_shows_untitled_and_each_bundled_one_opens_clean() {
    use bevy::state::app::StatesPlugin;
    use ladderkit_editor::bundled;
    let mut app = App::new();
    app.add_plugins((MinimalPlugins, StatesPlugin));
    app.insert_resource(Files::new(None));
    app.insert_resource(ladderkit_editor::welcome::Welcome);
    app.add_plugins(ladderkit_editor::logic_plugin);
    app.update();
    // The built-in copy, not a path that only exists in the checkout.
    let first = parse(bundled::VARIANTS[bundled::DEFAULT].1).spec.unwrap();
    assert_eq!(*doc(&app).spec(), first);
    assert_eq!(doc(&app).path, None);
    assert!(!doc(&app).is_dirty());
    // Every bundled variant is the file in variants/ and opens without errors.
    let on_disk: Vec<_> = std::fs::read_dir(bundled("")).unwrap().map(|e| e.unwrap().file_name()).collect();
    assert_eq!(on_disk.len(), bundled::VARIANTS.len(), "a variant is missing from the welcome list");
    for (i, (file, text)) in bundled::VARIANTS.iter().enumerate() {
        assert_eq!(*text, std::fs::read_to_string(bundled(file)).unwrap());
        send(&mut app, Intent::New(Box::new(bundled::spec(i).unwrap())));
        let errors: Vec<_> =
            app.world().resource::<Checks>().diagnostics.iter().filter(|d| d.is_error()).map(|d| d.code).collect();
        assert!(errors.is_empty(), "{file}: {errors:?}");
        assert_eq!(doc(&app).spec().meta.name, bundled::spec(i).unwrap().meta.name);
        assert!(app.world().resource::<Files>().status.contains("untitled"), "{file}");
    }
}

#[test]
fn saved_leaves_the_status_bar_once_the_design_changes() {
    let dir = temp_dir("status");
    let path = dir.join("mine.ron");
    let mut app = app_with(Some(&bundled("milton-bradley.ron")));
    send(&mut app, Intent::SaveAs(path.clone()));
    let files = app.world().resource::<Files>();
    let now = doc(&app).generation();
    assert!(files.current_status(now).starts_with("saved "), "{}", files.current_status(now));
    edit(&mut app, EditCommand::AddJump(Jump::new(2, 40)));
    let files = app.world().resource::<Files>();
    assert_eq!(files.current_status(doc(&app).generation()), "", "a stale 'saved' after an edit");
    // Saving again says so again, even with the same words.
    send(&mut app, Intent::Save);
    let files = app.world().resource::<Files>();
    assert!(files.current_status(doc(&app).generation()).starts_with("saved "));
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn a_board_picture_opens_as_its_variant_untitled_so_saving_never_overwrites_it() {
    let dir = temp_dir("picture");
    let picture = dir.join("board.png");
    let spec = parse(&std::fs::read_to_string(bundled("milton-bradley.ron")).unwrap()).spec.unwrap();
    let svg = ladderkit::render::board_svg(&spec, &ladderkit::render::BoardOptions::default());
    ladderkit::files::save_picture(&picture, &svg, 20.0, Some(&ladderkit::core::to_string(&spec))).unwrap();
    let before = std::fs::read(&picture).unwrap();
    let mut app = app_with(Some(&bundled("gameweave-small.ron")));
    send(&mut app, Intent::Open(picture.clone()));
    assert_eq!(*doc(&app).spec(), spec);
    assert_eq!(doc(&app).path, None, "untitled: Save asks where");
    assert!(app.world().resource::<Files>().status.contains("carried by the picture"));
    edit(&mut app, EditCommand::AddJump(Jump::new(2, 40)));
    send(&mut app, Intent::Save);
    assert_eq!(std::fs::read(&picture).unwrap(), before, "the picture is untouched");
    let _ = std::fs::remove_dir_all(dir);
}

/// A loop's culprits stayed listed and lit after the loop was fixed, and
/// after more drawing read "#9 59→50", an unrelated snake. They follow the
/// problem (a jump's new number included) and go with it.
#[test]
fn culprits_follow_their_problem_and_go_with_it() {
    let mut app = app_with(None);
    send(&mut app, Intent::New(Box::new(VariantSpec::new_grid("t", 8, 8, PathStyle::Boustrophedon))));
    edit(&mut app, EditCommand::AddJump(Jump::new(3, 20)));
    edit(&mut app, EditCommand::AddJump(Jump::new(26, 47)));
    edit(&mut app, EditCommand::AddJump(Jump::new(47, 26)));
    let loop_at =
        |app: &App| app.world().resource::<Checks>().diagnostics.iter().position(|d| d.code == Code::JumpLoop).unwrap();
    let i = loop_at(&app);
    send(&mut app, Intent::SelectDiagnostic(i));
    send(&mut app, Intent::SelectCulprit(Selected::Jump(2)));
    assert_eq!(app.world().resource::<Selection>().jumps, [1, 2]);
    // The ladder before them goes: the loop's jumps are now #0 and #1.
    edit(&mut app, EditCommand::RemoveJump(0));
    let selection = app.world().resource::<Selection>();
    assert_eq!(selection.jumps, [0, 1], "the culprits' new numbers");
    assert_eq!(selection.selected, Selected::Jump(1), "the picked culprit, by its new number");
    assert_eq!(selection.diagnostic, Some(loop_at(&app)));
    // Drawing elsewhere keeps them; fixing the loop drops them.
    edit(&mut app, EditCommand::AddJump(Jump::new(59, 50)));
    assert_eq!(app.world().resource::<Selection>().jumps, [0, 1]);
    edit(&mut app, EditCommand::RemoveJump(1));
    assert!(!codes(&app).contains(&Code::JumpLoop));
    let selection = app.world().resource::<Selection>();
    assert!(selection.jumps.is_empty() && selection.spaces.is_empty(), "{selection:?}");
    assert_eq!((selection.diagnostic, selection.selected), (None, Selected::Nothing));
}

/// A PNG of `w` × `h` pixels, red growing left to right.
fn png_bytes(w: u32, h: u32) -> Vec<u8> {
    let mut out = Vec::new();
    let mut encoder = png::Encoder::new(&mut out, w, h);
    encoder.set_color(png::ColorType::Rgb);
    let mut writer = encoder.write_header().unwrap();
    let pixels: Vec<u8> = (0..h).flat_map(|_| (0..w).flat_map(|x| [(x * 255 / w) as u8, 0, 0])).collect();
    writer.write_image_data(&pixels).unwrap();
    writer.finish().unwrap();
    out
}

#[test]
fn a_background_picture_is_traced_saved_beside_the_variant_and_never_needed() {
    use ladderkit_editor::background::{Backdrop, MAX_SIDE};
    let dir = temp_dir("background");
    let file = dir.join("v.ron");
    std::fs::copy(bundled("gameweave-small.ron"), &file).unwrap();
    std::fs::create_dir_all(dir.join("scans")).unwrap();
    std::fs::write(dir.join("scans/board.png"), png_bytes(40, 30)).unwrap();
    let mut app = app_with(Some(&file));
    // Dropped or chosen: one edit, saved relative to the variant.
    send(&mut app, Intent::BackgroundPath(dir.join("scans/board.png")));
    app.update();
    let background = doc(&app).spec().background.clone().expect("a background");
    assert_eq!(background.path, "scans/board.png");
    assert_eq!(app.world().resource::<History>().undo_label(), Some("Set background picture"));
    let picture = |app: &App| app.world().resource::<Backdrop>().picture.clone().expect("loaded");
    let p = picture(&app).unwrap();
    assert_eq!((p.width, p.height, p.rgba.len()), (40, 30, 40 * 30 * 4));
    assert_eq!(&p.rgba[..4], &[0, 0, 0, 255], "an RGB PNG gains an opaque alpha");
    // Sliders merge into one step; Undo removes the picture whole.
    for opacity in [0.4, 0.3, 0.2] {
        edit(&mut app, EditCommand::AdjustBackground(Background { opacity, ..background.clone() }));
    }
    assert_eq!(app.world().resource::<History>().undo_label(), Some("Adjust background picture"));
    send(&mut app, Intent::Undo);
    assert_eq!(doc(&app).spec().background.as_ref().unwrap().opacity, background.opacity);
    send(&mut app, Intent::Save);
    let saved = std::fs::read_to_string(&file).unwrap();
    assert!(saved.contains("path: \"scans/board.png\""), "{saved}");
    // The picture gone: the variant opens and checks all the same, and the
    // board says why there is no picture.
    std::fs::remove_file(dir.join("scans/board.png")).unwrap();
    let mut again = app_with(Some(&file));
    assert_eq!(doc(&again).spec().background, doc(&app).spec().background);
    assert!(!doc(&again).is_dirty());
    again.update();
    let why = picture(&again).unwrap_err();
    assert!(why.contains("cannot read") && why.contains("board.png"), "{why}");
    assert!(!codes(&again).contains(&ladderkit::core::Code::BackgroundInvalid));
    // A JPEG photo decodes too, and a huge picture is scaled down.
    let jpeg =
        std::fs::read(Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/app/fixtures/python-16x16.jpg")).unwrap();
    let j = ladderkit_editor::background::decode(&jpeg).unwrap();
    assert_eq!((j.width, j.height, j.rgba.len()), (16, 16, 16 * 16 * 4));
    let big = ladderkit_editor::background::decode(&png_bytes(5000, 10)).unwrap();
    assert!(big.width <= MAX_SIDE && big.rgba.len() == big.width * big.height * 4, "{} × {}", big.width, big.height);
    assert!(ladderkit_editor::background::decode(b"GIF89a").unwrap_err().contains("not a PNG or JPEG"));
    // A page handed something else: the design keeps its picture, and the
    // status bar says why.
    let handed = ladderkit_editor::platform::Handed { name: "x.gif".into(), bytes: b"GIF89a".to_vec(), picture: true };
    let before = doc(&again).spec().clone();
    send(&mut again, Intent::BackgroundHanded(Box::new(handed)));
    assert_eq!(*doc(&again).spec(), before);
    let status = again.world().resource::<Files>().status.clone();
    assert!(status.contains("no background picture: x.gif: not a PNG or JPEG"), "{status}");
    // A board link leaves the picture out.
    let url =
        ladderkit::core::link::url("https://x.example/", &ladderkit::core::to_string(&doc(&app).spec().game_only()));
    let shared = ladderkit::core::link::decode(&url).unwrap();
    assert!(!shared.contains("background"), "{shared}");
    std::fs::remove_dir_all(&dir).unwrap();
}
