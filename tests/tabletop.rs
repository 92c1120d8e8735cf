//! `ladderkit tabletop`: the Tabletop Simulator save, checked by Python's
//! `jsonschema` against the published schema of the save format
//! (`tests/fixtures/tabletop/tts-save-format`, relaxed as `relaxed.json`
//! says and why; `validate.py`), its GUIDs, its snap points against the
//! renderer's layout, its pieces, dice, chips and
//! markers against the variant, a golden file, hostile names and sizes,
//! and the command line.

use std::collections::HashSet;
use std::path::{Path, PathBuf};

use ladderkit::core::spec::{PathStyle, VariantSpec};
use ladderkit::render::{BoardPicture, SEAT_COLOURS, Theme, board_picture};
use ladderkit::tabletop::{Form, TILE_DEPTH_AT_SCALE_1, Table, TableOptions, safe_file_stem, table};
use serde_json::Value;

#[allow(dead_code, reason = "the command-line suites use the rest of it")]
mod support;
use support::{ladderkit, stderr, stdout};

const BASE: &str = "https://example.org/table/";

fn variant(path: &str) -> VariantSpec {
    let text = std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join(path)).unwrap();
    ladderkit::core::check_source(&text).spec.unwrap()
}

fn bundled() -> Vec<String> {
    let mut out: Vec<String> = std::fs::read_dir(Path::new(env!("CARGO_MANIFEST_DIR")).join("variants"))
        .unwrap()
        .map(|e| format!("variants/{}", e.unwrap().file_name().into_string().unwrap()))
        .collect();
    out.sort();
    out
}

fn export(spec: &VariantSpec) -> (Table, Value) {
    let table = table(
        spec,
        &TableOptions { base_url: BASE, form: Form::Save, theme: Theme::Classic, rulebook: Some(b"%PDF-1.7") },
    )
    .unwrap();
    let save = serde_json::from_str(&table.save).expect("the save is JSON");
    (table, save)
}

/// What the published schema finds wrong with each of `saves`
/// (`tests/fixtures/tabletop/validate.py`), one error a line, and every
/// object's GUID that is not six hex digits or not unique.
fn format_errors_of(saves: &[&Value]) -> Vec<String> {
    let dir = temp_dir(&format!("schema-{}", NEXT_CHECK.fetch_add(1, std::sync::atomic::Ordering::Relaxed)));
    std::fs::create_dir_all(&dir).unwrap();
    let files: Vec<PathBuf> = saves
        .iter()
        .enumerate()
        .map(|(k, save)| {
            let path = dir.join(format!("save-{k}.json"));
            std::fs::write(&path, serde_json::to_string(save).unwrap()).unwrap();
            path
        })
        .collect();
    let script = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/tabletop/validate.py");
    let out = std::process::Command::new("python3")
        .arg(script)
        .args(&files)
        .output()
        .expect("python3 runs (.ci/run installs it with its jsonschema package)");
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(matches!(out.status.code(), Some(0 | 1)), "the validator did not run: {stderr}");
    let mut errors: Vec<String> = String::from_utf8(out.stdout).unwrap().lines().map(str::to_owned).collect();
    assert_eq!(out.status.success(), errors.is_empty(), "the validator's verdict and its report disagree: {stderr}");
    let _ = std::fs::remove_dir_all(&dir);
    for save in saves {
        let mut guids = HashSet::new();
        for object in objects(save) {
            let guid = object["GUID"].as_str().unwrap_or_default();
            if guid.len() != 6 || !guid.chars().all(|c| c.is_ascii_hexdigit()) || !guids.insert(guid.to_owned()) {
                errors.push(format!("{}: GUID {guid:?} is not six hex digits, or not unique", object["Nickname"]));
            }
        }
    }
    errors
}

/// Tests check at once: each its own folder of saves.
static NEXT_CHECK: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(0);

fn format_errors(save: &Value) -> Vec<String> {
    format_errors_of(&[save])
}

/// Every object, those in bags included.
fn objects(save: &Value) -> Vec<&Value> {
    fn walk<'a>(list: &'a Value, out: &mut Vec<&'a Value>) {
        for o in list.as_array().into_iter().flatten() {
            out.push(o);
            walk(&o["ContainedObjects"], out);
        }
    }
    let mut out = Vec::new();
    walk(&save["ObjectStates"], &mut out);
    out
}

fn named<'a>(save: &'a Value, name: &str) -> Vec<&'a Value> {
    objects(save).into_iter().filter(|o| o["Name"] == name).collect()
}

fn board(save: &Value) -> &Value {
    named(save, "Custom_Tile").into_iter().find(|o| o["AttachedSnapPoints"].is_array()).expect("a board")
}

fn urls(save: &Value) -> Vec<String> {
    objects(save)
        .iter()
        .flat_map(|o| {
            [&o["CustomImage"]["ImageURL"], &o["CustomImage"]["ImageSecondaryURL"], &o["CustomPDF"]["PDFUrl"]]
        })
        .filter_map(|v| v.as_str().map(str::to_owned))
        .collect()
}

#[test]
fn every_bundled_variant_exports_a_save_the_format_takes() {
    let mut saves = Vec::new();
    for path in bundled() {
        let spec = variant(&path);
        let (table, save) = export(&spec);
        assert_eq!(save["SaveName"], spec.meta.name.as_str(), "{path}");
        let names: HashSet<&str> = table.files.iter().map(|f| f.name.as_str()).collect();
        let used: HashSet<String> = urls(&save).into_iter().map(|u| u.strip_prefix(BASE).unwrap().to_owned()).collect();
        for name in &names {
            assert!(used.contains(*name), "{path}: {name} is written but no object loads it");
            assert!(name.bytes().all(|b| b.is_ascii_alphanumeric() || b"-.".contains(&b)), "{path}: {name}");
        }
        for name in &used {
            assert!(names.contains(name.as_str()), "{path}: the save loads {name}, which is not written");
        }
        assert!(save["Rules"].as_str().unwrap().contains("The board has"), "{path}: the kit's rule sentences");
        saves.push(save);
    }
    let errors = format_errors_of(&saves.iter().collect::<Vec<_>>());
    assert!(errors.is_empty(), "{errors:#?}");
}

/// The validator is live: each kind of fault is found, by the schema (a
/// missing field, a wrong type, a wrong shape, a member it does not know)
/// or by the GUID check.
#[test]
fn the_format_check_finds_what_a_save_lacks() {
    let (_, save) = export(&variant("variants/milton-bradley.ron"));
    assert!(format_errors(&save).is_empty());
    let mut broken = save.clone();
    broken["ObjectStates"][0]["Transform"].as_object_mut().unwrap().remove("posX");
    broken["ObjectStates"][1]["Locked"] = "yes".into();
    broken["ObjectStates"][2]["GUID"] = broken["ObjectStates"][3]["GUID"].clone();
    broken["TabStates"]["0"]["visibleColor"] = Value::Null;
    broken["ObjectStates"][4]["Sparkles"] = true.into();
    let errors = format_errors(&broken);
    let expected = [
        "ObjectStates/0/Transform: 'posX' is a required property",
        "ObjectStates/1/Locked: 'yes' is not of type 'boolean'",
        "not unique",
        "TabStates/0/visibleColor: None is not of type 'object'",
        "'Sparkles' was unexpected",
    ];
    for expected in expected {
        assert!(errors.iter().any(|e| e.contains(expected)), "{expected} not found in {errors:#?}");
    }
}

/// The board's snap points, as fractions of the picture from its top
/// left: the inverse of how the export lays them on the tile.
fn snap_fractions(save: &Value, picture: &BoardPicture) -> Vec<(f32, f32)> {
    let [w, h] = picture.size.map(|v| v as f32);
    let width_at_1 = TILE_DEPTH_AT_SCALE_1 * w / h;
    board(save)["AttachedSnapPoints"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| {
            let (x, z) = (p["Position"]["x"].as_f64().unwrap() as f32, p["Position"]["z"].as_f64().unwrap() as f32);
            (0.5 - x / width_at_1, 0.5 + z / TILE_DEPTH_AT_SCALE_1)
        })
        .collect()
}

#[test]
fn one_snap_point_per_space_at_its_drawn_centre() {
    for path in bundled() {
        let spec = variant(&path);
        let (table, save) = export(&spec);
        let picture = board_picture(&spec, Theme::Classic).unwrap();
        let board_spaces = ladderkit::core::compile(&spec).board.goal as usize;
        let tray = usize::from(spec.start == ladderkit::core::spec::Start::Tray);
        let snaps = snap_fractions(&save, &picture);
        assert_eq!(snaps.len(), board_spaces + tray, "{path}: a snap point per space and the tray");
        assert_eq!(table.snap_points, snaps.len());
        for (&(pos, (u, v)), &(su, sv)) in picture.spaces.iter().zip(&snaps) {
            assert!((0.0..=1.0).contains(&su) && (0.0..=1.0).contains(&sv), "{path}: position {pos} off the board");
            // Within a twentieth of a space of the renderer's centre.
            let tolerance = 0.05 * picture.space_px / picture.size[0].max(picture.size[1]) as f32;
            assert!(
                (u - su).abs() < tolerance && (v - sv).abs() < tolerance,
                "{path}: position {pos}: {u},{v} vs {su},{sv}"
            );
        }
        // The tile is as wide on the table as the export says.
        let scale = board(&save)["Transform"]["scaleX"].as_f64().unwrap() as f32;
        assert!((scale * TILE_DEPTH_AT_SCALE_1 - table.board_units.1).abs() < 1e-2, "{path}");
        assert!(board(&save)["Locked"] == true, "{path}: the board is locked");
    }
}

/// Where a snap point of the board is on the table: the tile is turned
/// half round about y and scaled.
fn world(save: &Value, k: usize) -> (f32, f32) {
    let board = board(save);
    let scale = board["Transform"]["scaleX"].as_f64().unwrap() as f32;
    let p = &board["AttachedSnapPoints"][k]["Position"];
    (-scale * p["x"].as_f64().unwrap() as f32, -scale * p["z"].as_f64().unwrap() as f32)
}

#[test]
fn a_pawn_per_seat_in_its_colour_stands_on_the_start() {
    for (path, pawns_per_seat) in [("variants/milton-bradley.ron", 1), ("variants/treehouse-team.ron", 2)] {
        let spec = variant(path);
        let (table, save) = export(&spec);
        let pawns = named(&save, "PlayerPawn");
        assert_eq!(pawns.len(), spec.rules.players.max as usize * pawns_per_seat, "{path}");
        let picture = board_picture(&spec, Theme::Classic).unwrap();
        let start = picture.spaces.iter().position(|(pos, _)| *pos == picture.start).unwrap();
        let (sx, sz) = world(&save, start);
        let space = table.board_units.0 * picture.space_px / picture.size[0] as f32;
        for (k, pawn) in pawns.iter().enumerate() {
            let [r, g, b] = SEAT_COLOURS[k / pawns_per_seat];
            let c = &pawn["ColorDiffuse"];
            assert!((c["r"].as_f64().unwrap() - f64::from(r) / 255.0).abs() < 1e-3, "{path}: seat colour");
            assert!((c["g"].as_f64().unwrap() - f64::from(g) / 255.0).abs() < 1e-3);
            assert!((c["b"].as_f64().unwrap() - f64::from(b) / 255.0).abs() < 1e-3);
            let t = &pawn["Transform"];
            let (x, z) = (t["posX"].as_f64().unwrap() as f32, t["posZ"].as_f64().unwrap() as f32);
            assert!(((x - sx).powi(2) + (z - sz).powi(2)).sqrt() < space / 2.0, "{path}: pawn {k} is off the start");
        }
    }
}

#[test]
fn dice_chips_and_arrow_markers_are_the_variants() {
    let (_, goose) = export(&variant("variants/game-of-the-goose.ron"));
    assert_eq!(named(&goose, "Die_6").len(), 2, "the Goose rolls two dice");
    assert!(named(&goose, "Bag").is_empty());

    let spec = variant("variants/taiwan-chips.ron");
    let (_, taiwan) = export(&spec);
    let bag = named(&taiwan, "Bag");
    let chips = bag[0]["ContainedObjects"].as_array().unwrap();
    let expected: u32 = spec.chips.as_ref().unwrap().values.iter().map(|c| c.count).sum();
    assert_eq!(chips.len(), expected as usize);
    for chip in chips {
        assert_eq!(chip["Transform"]["rotZ"], 180.0, "face down");
        assert!(chip["CustomImage"]["ImageSecondaryURL"].as_str().unwrap().ends_with("chip-back.png"));
        assert_eq!(chip["Nickname"], "Chip", "the name tells nothing of the value");
    }
    for value in spec.chips.as_ref().unwrap().values.iter().map(|c| c.value) {
        let face = format!("chip-{value}.png");
        let faces = chips.iter().filter(|c| c["CustomImage"]["ImageURL"].as_str().unwrap().ends_with(&face)).count();
        let count =
            spec.chips.as_ref().unwrap().values.iter().filter(|c| c.value == value).map(|c| c.count).sum::<u32>();
        assert_eq!(faces, count as usize, "chips of {value}");
    }

    let spec = variant("variants/anniversary-arrows.ron");
    let (_, arrows) = export(&spec);
    let markers: Vec<_> = named(&arrows, "Custom_Tile")
        .into_iter()
        .filter(|o| o["Nickname"].as_str().unwrap().starts_with("Arrow on space"))
        .collect();
    assert_eq!(markers.len(), spec.arrows.len());

    let mut d5 = variant("variants/milton-bradley.ron");
    d5.rules.dice.sides = 5;
    let (table, save) = export(&d5);
    let dice = named(&save, "Die_6");
    assert_eq!(dice.len(), 1);
    assert!(dice[0]["Description"].as_str().unwrap().contains("roll again on anything above 5"));
    assert!(table.notes.iter().any(|n| n.contains("no d5")), "{:?}", table.notes);
}

#[test]
fn milton_bradley_table_is_stable() {
    let (table, _) = export(&variant("variants/milton-bradley.ron"));
    insta::assert_snapshot!(table.save);
}

#[test]
fn hostile_names_give_valid_json_and_safe_file_names() {
    let mut spec = variant("variants/gameweave-small.ron");
    let name = "\"}],\u{0}\u{1b}[31m</script>\\ 🎲 עברית \u{202e}../../etc/passwd";
    spec.meta.name = name.into();
    spec.meta.description = "line\nbreak\ttab \u{7f}".into();
    let (table, save) = export(&spec);
    assert!(format_errors(&save).is_empty());
    assert_eq!(save["SaveName"], name, "the name survives exactly");
    assert_eq!(save["ObjectStates"][0]["Description"], spec.meta.description.as_str());
    assert_eq!(table.save_name, "31m-script-etc-passwd.json");
    assert!(!table.save.bytes().any(|b| b < 0x20 && b != b'\n'), "no raw control characters in the save");
    assert_eq!(safe_file_stem("🎲🎲"), "variant");
}

#[test]
fn a_board_past_one_texture_is_refused_and_a_large_one_drawn_smaller() {
    let huge = VariantSpec::new_grid("Huge", 400, 400, PathStyle::Boustrophedon);
    let refused =
        table(&huge, &TableOptions { base_url: BASE, form: Form::Save, theme: Theme::Classic, rulebook: None })
            .unwrap_err();
    assert!(refused.to_string().contains("too small to read"), "{refused}");
    let large = VariantSpec::new_grid("Large", 60, 60, PathStyle::Boustrophedon);
    let (table, save) = export(&large);
    assert!(table.notes.iter().any(|n| n.contains("drawn smaller")), "{:?}", table.notes);
    assert!(table.board_px.iter().all(|&p| p <= 4096));
    assert_eq!(board(&save)["AttachedSnapPoints"].as_array().unwrap().len(), 3600 + 1);
}

fn temp_dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("ladderkit-tabletop-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    dir
}

#[test]
fn the_command_writes_the_table_and_refuses_what_it_cannot() {
    let dir = temp_dir("cli").join("with space");
    let o = ladderkit(&["tabletop", "variants/milton-bradley.ron", "-o", dir.to_str().unwrap(), "--json"]);
    assert!(o.status.success(), "{}", stderr(&o));
    let report: Value = serde_json::from_str(&stdout(&o)).unwrap();
    assert_eq!(report["snap_points"], 101);
    let save_path = PathBuf::from(report["save"].as_str().unwrap());
    let save: Value = serde_json::from_str(&std::fs::read_to_string(&save_path).unwrap()).unwrap();
    assert!(format_errors(&save).is_empty());
    // Plain absolute paths, as Tabletop Simulator's import writes them:
    // no `file:///`, no percent-encoding.
    for path in urls(&save) {
        assert!(path.starts_with('/') && path.contains("/with space/"), "{path}");
        assert!(Path::new(&path).is_file(), "{path} names no file");
    }
    assert!(std::fs::read(dir.join("rules.pdf")).unwrap().starts_with(b"%PDF"));

    // The same objects as a saved object, to spawn on a table already
    // loaded: the published schema's, the objects alone, the rules on the
    // board.
    let objects = temp_dir("saved-object");
    let o = ladderkit(&[
        "tabletop",
        "variants/milton-bradley.ron",
        "-o",
        objects.to_str().unwrap(),
        "--saved-object",
        "--no-rulebook",
        "--json",
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
    let report: Value = serde_json::from_str(&stdout(&o)).unwrap();
    let saved: Value =
        serde_json::from_str(&std::fs::read_to_string(report["save"].as_str().unwrap()).unwrap()).unwrap();
    assert_eq!(format_errors(&saved), Vec::<String>::new());
    assert_eq!((saved["Table"].as_str(), saved["Sky"].as_str()), (Some(""), Some("")), "no table of its own");
    assert_eq!(saved["TabStates"], serde_json::json!({}), "a saved object has no notebook");
    let (whole_objects, objects_alone) =
        (save["ObjectStates"].as_array().unwrap(), saved["ObjectStates"].as_array().unwrap());
    let names = |list: &[Value]| list.iter().map(|o| o["Name"].as_str().unwrap().to_owned()).collect::<Vec<_>>();
    let without_pdf: Vec<Value> = whole_objects.iter().filter(|o| o["Name"] != "Custom_PDF").cloned().collect();
    assert_eq!(names(objects_alone), names(&without_pdf), "the table's objects, the rulebook left out as asked");
    let board = &named(&saved, "Custom_Tile")[0];
    let rules = ladderkit::tabletop::rules_text(&variant("variants/milton-bradley.ron"));
    assert!(board["Description"].as_str().unwrap().ends_with(&rules), "{}", board["Description"]);
    assert!(report["notes"].to_string().contains("Saved Objects"), "{}", report["notes"]);

    let hosted = temp_dir("hosted");
    let o = ladderkit(&[
        "tabletop",
        "variants/taiwan-chips.ron",
        "-o",
        hosted.to_str().unwrap(),
        "--base-url",
        "https://example.org/taiwan",
        "--no-rulebook",
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(stdout(&o).contains("30 chips face down"), "{}", stdout(&o));
    let save: Value =
        serde_json::from_str(&std::fs::read_to_string(hosted.join("map-chips-carcassonne-maps-taiwan.json")).unwrap())
            .unwrap();
    assert!(urls(&save).iter().all(|u| u.starts_with("https://example.org/taiwan/")));
    assert!(named(&save, "Custom_PDF").is_empty() && !hosted.join("rules.pdf").exists());

    let broken = temp_dir("broken");
    let o = ladderkit(&["tabletop", "tests/fixtures/diagnostics/jump-loop.ron", "-o", broken.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(1), "{}", stderr(&o));
    assert!(stderr(&o).contains("no table written"), "{}", stderr(&o));
    assert!(!broken.exists(), "nothing written for a variant with errors");

    let o = ladderkit(&[
        "tabletop",
        "variants/milton-bradley.ron",
        "-o",
        broken.to_str().unwrap(),
        "--base-url",
        "ftp://x",
    ]);
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("web address"), "{}", stderr(&o));
    let o = ladderkit(&["tabletop", "variants/milton-bradley.ron", "-o", "Cargo.toml"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("not a folder"), "{}", stderr(&o));
}
