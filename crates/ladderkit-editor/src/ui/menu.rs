//! Menu bar, toolbar, status bar and keyboard shortcuts.

use bevy_egui::egui;
use ladderkit::core::spec::Effect;
use ladderkit::render::{BOARD_MM, Paper, Theme};
use ladderkit::tabletop::Form;

use super::dialogs::{NewDialog, PathPrompt, PromptKind};
use super::{Frame, PanelState};
use crate::intents::{Intent, PlayIntent};
use crate::keys::{Action, hint};
use crate::tools::{Brush, Tool};
use crate::view::View;

pub(super) fn menu_bar(ui: &mut egui::Ui, f: &Frame, panels: &mut PanelState, view: &mut View) -> Vec<Intent> {
    let mut out = Vec::new();
    // The page has no paths, no recent files and no quitting; saving is a
    // download (`platform`).
    let desktop = !crate::platform::WEB;
    egui::MenuBar::new().ui(ui, |ui| {
        let file = ui.menu_button("File", |ui| {
            if ui.button("New…").clicked() {
                panels.new_dialog = Some(NewDialog::default());
            }
            let open = ui.button(format!("Open…  ({})", hint(Action::Open)));
            super::mark(&mut panels.targets, "menu:File:open", &open);
            if open.clicked() {
                out.push(Intent::OpenDialog);
            }
            if desktop {
                if ui.button("Open path…").clicked() {
                    panels.path_prompt = Some(PathPrompt::new(PromptKind::Open, f));
                }
                ui.menu_button("Open recent", |ui| {
                    if f.files.recent.is_empty() {
                        ui.label("(none yet)");
                    }
                    for path in &f.files.recent {
                        if ui.button(path.display().to_string()).clicked() {
                            out.push(Intent::Open(path.clone()));
                        }
                    }
                });
            }
            ui.separator();
            let save = if desktop { "Save" } else { "Save: download the .ron" };
            let save = format!("{save}  ({})", hint(Action::Save));
            let save = ui.button(save);
            super::mark(&mut panels.targets, "menu:File:save", &save);
            if save.clicked() {
                out.push(Intent::Save);
            }
            if desktop {
                if ui.button("Save as…").clicked() {
                    out.push(Intent::SaveAsDialog);
                }
                if ui.button("Save as path…").clicked() {
                    panels.path_prompt = Some(PathPrompt::new(PromptKind::SaveAs, f));
                }
            }
            let revert = ui.add_enabled(f.doc.path.is_some() || f.doc.is_dirty(), egui::Button::new("Revert"));
            if revert.on_hover_text("Back to the file as saved (or the board as opened)").clicked() {
                out.push(Intent::Revert);
            }
            ui.separator();
            let picture = ui.button("Background picture…");
            super::mark(&mut panels.targets, "menu:File:background", &picture);
            if picture.on_hover_text("A photo or scan of a board under the grid, to trace it").clicked() {
                out.push(Intent::BackgroundDialog);
            }
            ui.separator();
            let board = ui.button("Export printable board (SVG/PNG)…");
            super::mark(&mut panels.targets, "menu:File:board", &board);
            if board.clicked() {
                out.push(Intent::ExportBoardDialog);
            }
            if desktop && ui.button("Export printable board to path…").clicked() {
                panels.path_prompt = Some(PathPrompt::new(PromptKind::ExportBoard, f));
            }
            let page = ui.button("Export forum page (Markdown)…");
            super::mark(&mut panels.targets, "menu:File:page", &page);
            if page
                .on_hover_text("The rules in words, the jumps and the exact odds, with the board's picture")
                .clicked()
            {
                out.push(Intent::ExportPageDialog);
            }
            if desktop && ui.button("Export forum page to path…").clicked() {
                panels.path_prompt = Some(PathPrompt::new(PromptKind::ExportPage, f));
            }
            let kit = ui.button("Print-and-play kit (PDF)…");
            super::mark(&mut panels.targets, "menu:File:kit", &kit);
            if kit.clicked() {
                out.push(Intent::PrintKitDialog);
            }
            if desktop && ui.button("Print-and-play kit to path…").clicked() {
                panels.path_prompt = Some(PathPrompt::new(PromptKind::PrintKit, f));
            }
            let table = ui.add_enabled(desktop, egui::Button::new("Export for Tabletop Simulator…"));
            super::mark(&mut panels.targets, "menu:File:tabletop", &table);
            let table = table
                .on_hover_text(
                    "The board with a snap point per space, pawns, dice and rulebook, for a remote play-test",
                )
                .on_disabled_hover_text(
                    "A table loads its images from a folder on your computer: use the desktop editor, or `ladderkit \
                     tabletop FILE -o DIR`",
                );
            if table.clicked() {
                out.push(Intent::ExportTableDialog);
            }
            if desktop && ui.button("Export for Tabletop Simulator to folder…").clicked() {
                panels.path_prompt = Some(PathPrompt::new(PromptKind::ExportTable, f));
            }
            let options = ui.menu_button("Export options", |ui| out.extend(export_options(ui, f, panels)));
            super::mark(&mut panels.targets, "menu:File:options", &options.response);
            if ui.button("Export screenshot PNG…").clicked() {
                out.push(Intent::ExportPngDialog);
            }
            if desktop && ui.button("Export screenshot to path…").clicked() {
                panels.path_prompt = Some(PathPrompt::new(PromptKind::ExportPng, f));
            }
            if desktop {
                ui.separator();
                if ui.button("Quit").clicked() {
                    out.push(Intent::Quit);
                }
            }
        });
        super::mark(&mut panels.targets, "menu:File", &file.response);
        ui.menu_button("Edit", |ui| {
            let undo = f.history.undo_label().map_or("Undo".to_owned(), |l| format!("Undo {l}"));
            if ui
                .add_enabled(
                    f.history.undo_label().is_some(),
                    egui::Button::new(format!("{undo}  ({})", hint(Action::Undo))),
                )
                .clicked()
            {
                out.push(Intent::Undo);
            }
            let redo = f.history.redo_label().map_or("Redo".to_owned(), |l| format!("Redo {l}"));
            if ui
                .add_enabled(
                    f.history.redo_label().is_some(),
                    egui::Button::new(format!("{redo}  ({})", hint(Action::Redo))),
                )
                .clicked()
            {
                out.push(Intent::Redo);
            }
        });
        let view_menu = ui.menu_button("View", |ui| {
            if ui.button(format!("Fit board  ({})", hint(Action::Fit))).clicked() {
                view.fit = true;
            }
            if ui.button(format!("Zoom in  ({})", hint(Action::ZoomIn))).clicked() {
                view.zoom_by *= super::board::ZOOM_STEP;
            }
            if ui.button(format!("Zoom out  ({})", hint(Action::ZoomOut))).clicked() {
                view.zoom_by /= super::board::ZOOM_STEP;
            }
            ui.separator();
            ui.label("Board colours");
            for theme in Theme::ALL {
                let chosen = ui.radio_value(&mut view.theme, theme, theme_label(theme));
                super::mark(&mut panels.targets, format!("menu:View:{}", theme.name()), &chosen);
            }
        });
        super::mark(&mut panels.targets, "menu:View", &view_menu.response);
        let share = ui.menu_button("Share", |ui| {
            let copy = ui.button("Copy link to this board");
            super::mark(&mut panels.targets, "menu:Share:copy", &copy);
            if copy
                .on_hover_text("A link that opens this board in the web editor, carried in the link itself")
                .clicked()
            {
                panels.share_copied = false;
                out.push(Intent::ShareLink);
            }
            ui.separator();
            let text = ui.button("Copy variant text");
            super::mark(&mut panels.targets, "menu:Share:text", &text);
            if text.on_hover_text("The .ron file's text, to paste into a message or a file").clicked() {
                let text = ladderkit::core::to_string(&f.doc.spec().game_only());
                ui.ctx().copy_text(text.clone());
                panels.copied_text = Some(text);
                out.push(Intent::Status("copied the variant's text to the clipboard".into()));
            }
            let page = ui.button("Copy forum page (Markdown)");
            super::mark(&mut panels.targets, "menu:Share:page", &page);
            if page
                .on_hover_text("The rules in words, the jumps and the exact odds, as `ladderkit render -o page.md`")
                .clicked()
            {
                let page = forum_page(f);
                ui.ctx().copy_text(page.clone());
                panels.copied_text = Some(page);
                out.push(Intent::Status(
                    "copied the forum page (Markdown) to the clipboard; File › Export printable board gives its picture"
                        .into(),
                ));
            }
            let picture = ui.button("Copy board picture");
            super::mark(&mut panels.targets, "menu:Share:picture", &picture);
            if picture.on_hover_text("The printable board as a picture, in the colours on screen").clicked() {
                out.push(copy_picture(ui.ctx(), f, view.theme, panels));
            }
        });
        super::mark(&mut panels.targets, "menu:Share", &share.response);
        let play = ui.menu_button("Play", |ui| {
            let errors = f.checks.compiled.has_errors();
            let test = ui.add_enabled(!errors && !f.in_play, egui::Button::new("Play-test here"));
            if test.clicked() {
                out.push(Intent::Play(PlayIntent::Start));
            }
            let together = ui.add_enabled(f.together.room.is_none(), egui::Button::new("Play together…"));
            super::mark(&mut panels.targets, "menu:Play:together", &together);
            if together.on_hover_text("A room: everyone at their own screen, joining by a link").clicked() {
                panels.together = Some(Default::default());
            }
        });
        super::mark(&mut panels.targets, "menu:Play", &play.response);
        let help = ui.menu_button("Help", |ui| {
            let keys = ui.button(format!("Keys and mouse  ({})", hint(Action::Help)));
            super::mark(&mut panels.targets, "menu:Help:keys", &keys);
            if keys.clicked() {
                panels.help = true;
            }
        });
        super::mark(&mut panels.targets, "menu:Help", &help.response);
    });
    out
}

/// Clipboard pictures are drawn at this resolution (A4: 827 × 1169).
const PICTURE_DPI: f32 = 100.0;

/// The printable board (`ladderkit render`'s picture, in the theme on
/// screen and the export options' paper) onto the clipboard; what it did.
fn copy_picture(ctx: &egui::Context, f: &Frame, theme: Theme, panels: &mut PanelState) -> Intent {
    let look = ladderkit::render::BoardOptions { paper: f.export.paper, theme, ..Default::default() };
    let svg = ladderkit::render::board_svg(f.doc.spec(), &look);
    match ladderkit::render::rgba(&svg, PICTURE_DPI) {
        Ok(([w, h], pixels)) => {
            let size = [w as usize, h as usize];
            ctx.copy_image(egui::ColorImage::from_rgba_unmultiplied(size, &pixels));
            panels.copied_picture = Some(size);
            Intent::Status(format!("copied the board to the clipboard as a {w} × {h} picture"))
        }
        Err(e) => Intent::Status(format!("could not copy the board's picture: {e}")),
    }
}

/// What the themes are called in menus.
fn theme_label(theme: Theme) -> &'static str {
    match theme {
        Theme::Classic => "Classic (colour)",
        Theme::Ink => "Ink (black on white, for home printers)",
    }
}

/// Paper, theme and the kit's board size for File › Export printable
/// board and Print-and-play kit, as `ladderkit render` and `print` take
/// them.
fn export_options(ui: &mut egui::Ui, f: &Frame, panels: &mut PanelState) -> Option<Intent> {
    let mut chosen = *f.export;
    ui.label("Paper");
    for (paper, name) in [(Paper::A4, "A4"), (Paper::Letter, "US Letter")] {
        let button = ui.radio_value(&mut chosen.paper, paper, name);
        super::mark(&mut panels.targets, format!("menu:File:options:{name}"), &button);
    }
    ui.separator();
    ui.label("Theme");
    for theme in Theme::ALL {
        let button = ui.radio_value(&mut chosen.theme, theme, theme_label(theme));
        super::mark(&mut panels.targets, format!("menu:File:options:{}", theme.name()), &button);
    }
    ui.separator();
    ui.horizontal(|ui| {
        ui.label("Kit board, longer side");
        let mut cm = chosen.kit_board_mm / 10.0;
        let range = BOARD_MM.start() / 10.0..=BOARD_MM.end() / 10.0;
        if ui.add(egui::DragValue::new(&mut cm).range(range).suffix(" cm").speed(1.0)).changed() {
            chosen.kit_board_mm = cm * 10.0;
        }
    });
    ui.separator();
    let mut saved_object = chosen.tabletop == Form::SavedObject;
    let object = ui.checkbox(&mut saved_object, "Tabletop Simulator: a saved object").on_hover_text(
        "The board, pieces, dice and rulebook alone, to spawn on a table already loaded (Objects › Saved Objects), \
         instead of a whole table",
    );
    super::mark(&mut panels.targets, "menu:File:options:saved-object", &object);
    chosen.tabletop = if saved_object { Form::SavedObject } else { Form::Save };
    (chosen != *f.export).then_some(Intent::ExportOptions(chosen))
}

/// The forum page of the design, its odds worked out within a second (the
/// menu waits for them; the command line allows ten).
fn forum_page(f: &Frame) -> String {
    let started = bevy::platform::time::Instant::now();
    let out_of_time = || started.elapsed() > std::time::Duration::from_secs(1);
    ladderkit::print::page(f.doc.spec(), Some(&f.checks.compiled), None, &out_of_time)
}

pub(super) fn toolbar(ui: &mut egui::Ui, f: &Frame, tool: &mut Tool, brush: &mut Brush) -> Vec<Intent> {
    let mut out = Vec::new();
    ui.horizontal(|ui| {
        if f.in_play {
            if ui.button("■ Back to editing (Esc)").clicked() {
                out.push(Intent::Play(PlayIntent::Stop));
            }
            ui.label("Play-testing: the design is untouched; leaving returns to it as it was.");
            return;
        }
        let errors = f.checks.compiled.has_errors();
        let play = ui.add_enabled(!errors, egui::Button::new(format!("▶ Play-test ({})", hint(Action::PlayTest))));
        let play = if errors { play.on_disabled_hover_text("Fix the errors first") } else { play };
        if play.on_hover_text("Play the design with people and bots, every move animated").clicked() {
            out.push(Intent::Play(PlayIntent::Start));
        }
        ui.separator();
        let free = matches!(f.doc.spec().board, ladderkit::core::spec::Board::Free { .. });
        for t in Tool::ALL {
            if t == Tool::AddSpace && !free {
                continue;
            }
            ui.selectable_value(tool, t, format!("{} ({})", t.name(), hint(Action::Tool(t)))).on_hover_text(t.help());
        }
        ui.separator();
        ui.label("Brush:");
        let current = brush.0.describe();
        egui::ComboBox::from_id_salt("brush").selected_text(current).show_ui(ui, |ui| {
            // Every kind but points (a scoring rule, set in the inspector),
            // and moves back beside moves forward.
            let kinds = Effect::KINDS.into_iter().filter(|e| !matches!(e, Effect::Points(_)));
            for effect in kinds.flat_map(|e| match e {
                Effect::MoveBy(_) => vec![Effect::MoveBy(3), Effect::MoveBy(-3)],
                e => vec![e],
            }) {
                // The kind is chosen here; its number beside the list.
                let same = std::mem::discriminant(&brush.0) == std::mem::discriminant(&effect);
                if ui.selectable_label(same, effect.describe()).clicked() && !same {
                    brush.0 = effect;
                }
            }
        });
        // The brush's number: turns lost, spaces moved, the space to go to.
        let (whole, signed) = (super::effect_numbers::<u32>(&brush.0), super::effect_numbers::<i32>(&brush.0));
        match &mut brush.0 {
            Effect::LoseTurns(n) => {
                let turns = |n: f64, _| if n == 1.0 { "1 turn".to_owned() } else { format!("{n} turns") };
                let number = |text: &str| text.trim().trim_end_matches(['t', 'u', 'r', 'n', 's', ' ']).parse().ok();
                ui.add(egui::DragValue::new(n).range(whole).custom_formatter(turns).custom_parser(number));
            }
            Effect::MoveBy(n) => {
                ui.add(egui::DragValue::new(n).range(signed).prefix("by "));
            }
            Effect::GoTo(n) => {
                ui.add(egui::DragValue::new(n).range(whole).prefix("to "));
            }
            _ => {}
        }
    });
    out
}

pub(super) fn status_bar(ui: &mut egui::Ui, f: &Frame) {
    ui.horizontal(|ui| {
        let errors = f.checks.diagnostics.iter().filter(|d| d.is_error()).count();
        let warnings = f.checks.diagnostics.len() - errors;
        ui.label(format!(
            "{errors} errors, {warnings} warnings · checked in {:.2} ms",
            f.checks.took.as_secs_f64() * 1000.0
        ));
        ui.separator();
        // Messages live here, never in the toolbar, so no button moves.
        // A room that could not be opened or joined (a page opened by a
        // broken room link has no window open to say it).
        let room =
            f.together.error.as_ref().filter(|_| f.together.room.is_none()).map(|e| format!("Play together: {e}"));
        if let Some(e) = f.doc.error.as_ref().or(f.playtest.error.as_ref()).or(room.as_ref()) {
            ui.colored_label(egui::Color32::from_rgb(200, 60, 60), e);
        } else if f.together.joining.is_some() {
            ui.label("Joining the room once its board is open…");
        } else {
            // What a file action did, else the last edit (a tuner proposal
            // accepted says what it changed), so the bar says what just
            // happened.
            let status = f.files.current_status(f.doc.generation());
            match f.history.undo_label() {
                Some(edit) if status.is_empty() => ui.label(format!("Last edit: {edit}")),
                _ => ui.label(status),
            };
        }
    });
}

#[cfg(test)]
mod tests {
    use ladderkit::core::{check_source, parse};

    use super::super::testing::Editor;

    #[test]
    fn share_copies_the_variant_text_the_forum_page_and_the_picture() {
        let spec = check_source(crate::bundled::VARIANTS[0].1).spec.unwrap();
        let mut e = Editor::new(spec.clone());
        e.click_menu("menu:Share");
        e.click_menu("menu:Share:text");
        let text = e.panels.copied_text.take().expect("copied");
        assert_eq!(parse(&text).spec, Some(spec.clone()), "the text reads back as the design");
        let status = e.app.world().resource::<crate::files::Files>().status.clone();
        assert!(status.contains("copied the variant's text"), "{status}");
        e.click_menu("menu:Share");
        e.click_menu("menu:Share:page");
        let page = e.panels.copied_text.take().expect("copied");
        assert!(page.starts_with(&format!("# {}", spec.meta.name)) && page.contains("## Rules"), "{page}");
        assert!(page.contains("expected"), "the page quotes the odds: {page}");
        e.click_menu("menu:Share");
        e.click_menu("menu:Share:picture");
        assert_eq!(e.panels.copied_picture, Some([827, 1170]), "A4 at 100 dpi");
        let status = e.app.world().resource::<crate::files::Files>().status.clone();
        assert!(status.contains("as a 827 × 1170 picture"), "{status}");
    }

    #[test]
    fn the_board_and_the_exports_take_a_theme_from_the_menus() {
        use ladderkit::render::{Paper, Theme};
        let spec = check_source(crate::bundled::VARIANTS[0].1).spec.unwrap();
        let mut e = Editor::new(spec);
        let classic = super::super::paint::Colours::of(Theme::Classic).tile_a;
        let ink = super::super::paint::Colours::of(Theme::Ink).tile_a;
        assert!(e.board_fills().contains(&classic));
        e.click_menu("menu:View");
        e.click_menu("menu:View:ink");
        assert_eq!(e.view.theme, Theme::Ink);
        let fills = e.board_fills();
        assert!(fills.contains(&ink) && !fills.contains(&classic), "the board is drawn in ink");
        e.click_menu("menu:File");
        e.click_menu("menu:File:options");
        e.click_menu("menu:File:options:US Letter");
        e.click_menu("menu:File");
        e.click_menu("menu:File:options");
        e.click_menu("menu:File:options:ink");
        let chosen = *e.app.world().resource::<crate::export::ExportOptions>();
        assert_eq!((chosen.paper, chosen.theme), (Paper::Letter, Theme::Ink));
    }
}
