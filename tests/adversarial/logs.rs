//! Game logs from others (issue 33, item 4): `replay` took a log without a
//! fingerprint, so a log could be edited freely (the seed moved by one, a
//! game of endless turns, seats relabelled) and still be "replayed".

use std::fs;

use super::{folder, ladderkit, stderr};

/// An edit to a log.
type Change = Box<dyn Fn(&mut serde_json::Value)>;

/// A two-bot Treehouse game's log, as `play --log` writes it.
fn a_log(dir: &std::path::Path) -> (std::path::PathBuf, serde_json::Value) {
    let log = dir.join("game.json");
    let o = ladderkit(&[
        "play",
        "variants/treehouse.ron",
        "--players",
        "bot:greedy,bot:random",
        "--seed",
        "4",
        "--log",
        log.to_str().unwrap(),
    ]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let value = serde_json::from_str(&fs::read_to_string(&log).unwrap()).unwrap();
    (log, value)
}

fn replay_of(log: &std::path::Path, value: &serde_json::Value) -> std::process::Output {
    fs::write(log, serde_json::to_string_pretty(value).unwrap()).unwrap();
    ladderkit(&["replay", log.to_str().unwrap(), "--variant", "variants/treehouse.ron"])
}

#[test]
fn replay_refuses_a_log_without_its_fingerprint_or_with_changes() {
    let dir = folder();
    let (log, played) = a_log(dir.path());
    assert_eq!(replay_of(&log, &played).status.code(), Some(0), "the log as written replays");
    let tampered: Vec<(&str, Change)> = vec![
        ("no fingerprint", Box::new(|v| drop(v.as_object_mut().unwrap().remove("fingerprint")))),
        ("an empty fingerprint", Box::new(|v| v["fingerprint"] = "".into())),
        ("a fingerprint that is not one", Box::new(|v| v["fingerprint"] = "zzzzzzzzzzzzzzzz".into())),
        (
            "the seed moved by one, unfinished, turns without end, no fingerprint",
            Box::new(|v| {
                v["seed"] = (v["seed"].as_u64().unwrap() + 1).into();
                v["winners"] = serde_json::json!([]);
                v["turns"] = u64::MAX.into();
                v.as_object_mut().unwrap().remove("fingerprint");
            }),
        ),
        ("the seed moved by one", Box::new(|v| v["seed"] = (v["seed"].as_u64().unwrap() + 1).into())),
        ("a bot relabelled as perfect play", Box::new(|v| v["seats"][1] = "bot:perfect".into())),
        ("the seats swapped", Box::new(|v| v["seats"] = serde_json::json!(["bot:random", "bot:greedy"]))),
    ];
    for (what, change) in tampered {
        let mut value = played.clone();
        change(&mut value);
        let o = replay_of(&log, &value);
        assert_eq!(o.status.code(), Some(1), "{what}: accepted\n{}", String::from_utf8_lossy(&o.stdout));
        let err = stderr(&o);
        let why = ["fingerprint", "does not match", "not the logged one", "winners", "needs a decision"];
        assert!(err.starts_with("error: ") && why.iter().any(|w| err.contains(w)), "{what}: {err}");
        if what.contains("fingerprint") {
            assert!(err.contains("has no fingerprint"), "{what}: {err}");
        }
    }
}

/// Item 10: a log over the size limit was "variant files are at most …",
/// and one that is not text "is it a variant file?"; a part alike.
#[test]
fn a_file_that_cannot_be_read_is_named_for_what_it_should_be() {
    let dir = folder();
    let big = dir.path().join("big.json");
    std::fs::write(&big, vec![b' '; (16 << 20) + 1]).unwrap();
    let binary = dir.path().join("binary.json");
    std::fs::write(&binary, b"{\"seed\": \xff}").unwrap();
    let cases = [
        (
            vec!["replay", "--variant", "variants/treehouse.ron", big.to_str().unwrap()],
            "a game log is at most 16777216 bytes",
        ),
        (vec!["replay", "--variant", "variants/treehouse.ron", binary.to_str().unwrap()], "is it a game log?"),
        (vec!["merge", binary.to_str().unwrap()], "is not UTF-8 text; is it a simulation part?"),
        (vec!["validate", binary.to_str().unwrap()], "is not UTF-8 text; is it a variant file?"),
    ];
    for (args, says) in cases {
        let o = ladderkit(&args);
        assert_eq!(o.status.code(), Some(2), "{args:?}: {}", stderr(&o));
        assert!(stderr(&o).contains(says), "{args:?}: expected {says:?} in {}", stderr(&o));
    }
}
