//! Costs in proportion to the input (issue 33, item 7): a small file must
//! not buy minutes of work or gigabytes of output. Times and memory are
//! measured in the closing note and `docs/security.md`; these tests hold
//! what makes them small (output that is counted, not repeated).

use std::fs;

use super::{folder, ladderkit, stderr, stdout};

/// Taiwan with `count` chips placed, all but the first on space 20 again.
/// A 700 KB file of them gave 350,000 reports, each quoting the chips
/// field: `validate --json` took 1.07 GB, text mode wrote 400 MB.
fn duplicate_chips(count: usize) -> String {
    let text =
        fs::read_to_string(std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("variants/taiwan-chips.ron")).unwrap();
    let placed = vec!["20"; count].join(",");
    text.replacen("layout: Random(seed: 2026)", &format!("layout: Placed([{placed}])"), 1).replacen(
        "ChipCount(value: 1, count: 18), ChipCount(value: 2, count: 12)",
        &format!("ChipCount(value: 1, count: {count})"),
        1,
    )
}

#[test]
fn repeated_reports_are_counted_not_repeated() {
    let dir = folder();
    let v = dir.path().join("chips.ron");
    fs::write(&v, duplicate_chips(20_000)).unwrap();
    let v = v.to_str().unwrap();

    let o = ladderkit(&["validate", v, "--json"]);
    let json: serde_json::Value = serde_json::from_str(&stdout(&o)).unwrap();
    let reports = json["diagnostics"].as_array().unwrap();
    let placement = |d: &&serde_json::Value| d["code"] == "chip-placement" && d["severity"] == "error";
    let shown: Vec<_> =
        reports.iter().filter(placement).filter(|d| !d["message"].as_str().unwrap().starts_with('…')).collect();
    assert_eq!(shown.len(), 20, "the first twenty are shown in full");
    assert!(shown.iter().any(|d| d["message"] == "two chips are placed on space 20"), "{shown:?}");
    let summary = reports
        .iter()
        .find(|d| d["message"].as_str().unwrap().starts_with("… and "))
        .unwrap_or_else(|| panic!("no summary among {} reports", reports.len()));
    let message = summary["message"].as_str().unwrap();
    let more: usize = message["… and ".len()..].split(' ').next().unwrap().parse().unwrap();
    assert!(more >= 19_979 && message.ends_with("more errors like these (chip-placement)"), "{summary}");
    assert_eq!(summary["code"], "chip-placement");
    assert!(reports.len() < 60, "{} reports", reports.len());

    let o = ladderkit(&["validate", v]);
    assert_eq!(o.status.code(), Some(1));
    let err = stderr(&o);
    assert!(err.len() < 200_000, "{} bytes of text for one file", err.len());
    assert!(err.contains(&format!("{more} more errors like these")), "{err}");
}

/// A free-form board with every space on one point drew each space as
/// large as the board: 10,000 of them took 14 s to rasterise, 250,000 over
/// 240 s and 2.6 GB. Spaces drawn over each other are drawn no larger than
/// if they tiled the picture.
#[test]
fn spaces_on_one_point_are_drawn_small() {
    let dir = folder();
    let spaces = vec!["(x: 0, y: 0)"; 2_000].join(", ");
    let text = format!(
        "Variant(format: 1, meta: Meta(name: \"heap\", description: \"\", author: \"\"), \
         board: Free(spaces: [{spaces}]), start: Tray, goal: Last, jumps: [], effects: [], \
         rules: Rules(players: Players(min: 2, max: 4), dice: Dice(count: 1, sides: 6), entry: Direct, \
         overshoot: Bounce, follow_chains: true, shared_squares: true, first_player: Seat1))"
    );
    let v = dir.path().join("heap.ron");
    fs::write(&v, text).unwrap();
    let svg = dir.path().join("heap.svg");
    let o = ladderkit(&["render", v.to_str().unwrap(), "-o", svg.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let svg = fs::read_to_string(svg).unwrap();
    let view = svg.split("viewBox=\"").nth(1).unwrap().split('"').next().unwrap();
    let view: Vec<f32> = view.split(' ').map(|v| v.parse().unwrap()).collect();
    let (width, height) = (view[2], view[3]);
    let radii: Vec<f32> = svg
        .match_indices("<circle ")
        .filter_map(|(at, _)| svg[at..].find(" r=\"").map(|r| at + r + 4))
        .map(|at| svg[at..].split('"').next().unwrap().parse().unwrap())
        .collect();
    assert!(radii.len() >= 2_000, "{} circles", radii.len());
    let largest = radii.iter().copied().fold(0.0, f32::max);
    // 2,000 tiles of side s fill at most the picture: s ≤ √(w·h / 2000).
    assert!(
        largest <= (width * height / 2_000.0).sqrt(),
        "a space of radius {largest} on a {width} × {height} picture"
    );
}

/// `print` of 100,000 effects on a 100,001-space track took 45 s and
/// 3.3 GB to print spaces a millimetre wide. A kit whose spaces could not
/// hold a piece is refused before the odds or any drawing, with the size
/// that would do, and nothing is written.
#[test]
fn a_kit_of_spaces_too_small_for_a_piece_is_refused_before_any_work() {
    let dir = folder();
    let text = "Variant(format: 1, meta: Meta(name: \"long\", description: \"\", author: \"\"), \
                board: Track(spaces: 40000, looped: false, first: 1), start: Tray, goal: Last, jumps: [], \
                effects: [])";
    let v = dir.path().join("long.ron");
    fs::write(&v, text).unwrap();
    let pdf = dir.path().join("long.pdf");
    let o = ladderkit(&["print", v.to_str().unwrap(), "-o", pdf.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(2), "{}", stderr(&o));
    let err = stderr(&o);
    assert!(err.contains("too small to hold a piece") && err.contains("--board-size"), "{err}");
    assert!(!pdf.exists(), "nothing written");
}
