//! Rule faithfulness (issue 33, item 11): the Goose's repeat after a
//! bounce. `docs/format.md`: a repeat back must end on a space; one that
//! would go back past the first space, or into the start tray, cannot be
//! made and leaves the piece on the goose. Ladderkit put the piece on
//! space 1 instead.

use std::fs;

use super::{folder, ladderkit, stderr};

/// A track of `spaces` with one d6, bounce at the goal and one goose.
fn track_with_goose(dir: &std::path::Path, spaces: u32, goose: u32) -> std::path::PathBuf {
    let text = format!(
        "Variant(format: 1, meta: Meta(name: \"goose probe\", description: \"\", author: \"\"), \
         board: Track(spaces: {spaces}, looped: false, first: 1), start: Tray, goal: Last, jumps: [], \
         effects: [SpaceEffect(space: {goose}, effect: MoveAgain)], \
         rules: Rules(players: Players(min: 1, max: 4), dice: Dice(count: 1, sides: 6), entry: Direct, \
         overshoot: Bounce, follow_chains: true, shared_squares: true, first_player: Seat1))"
    );
    let path = dir.join(format!("goose-{spaces}-{goose}.ron"));
    fs::write(&path, text).unwrap();
    path
}

fn expected_rolls(path: &std::path::Path) -> f64 {
    let o = ladderkit(&["analyze", path.to_str().unwrap(), "--json"]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let v: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
    v["expected_rolls"].as_f64().unwrap()
}

/// The expected rolls were computed by hand-written first-step equations
/// over the 8 (10) positions with exact fractions, the rule as the docs
/// state it; with the piece put on space 1 instead they are 792/119 and
/// 10315/1282.
#[test]
fn a_goose_repeat_that_cannot_be_made_leaves_the_piece_on_the_goose() {
    let dir = folder();
    // From 6 a 6 bounces back to the goose on 4; the repeat would reach -2.
    let past_the_start = expected_rolls(&track_with_goose(dir.path(), 8, 4));
    assert!((past_the_start - 37.0 / 6.0).abs() < 1e-9, "{past_the_start}, the docs' rule gives 37/6");
    // From 8 a 6 bounces back to the goose on 6; the repeat would end
    // exactly in the tray.
    let onto_the_tray = expected_rolls(&track_with_goose(dir.path(), 10, 6));
    assert!((onto_the_tray - 68838.0 / 8893.0).abs() < 1e-9, "{onto_the_tray}, the docs' rule gives 68838/8893");
}
