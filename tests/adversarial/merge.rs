//! Parts from others (issue 33, item 3): `merge` adds up what part files
//! claim, so a part must prove which run and shard it is (its digest),
//! and what a forger who recomputes the digest claims is still bounded
//! and checked before anything is allocated, looped over or added.

use std::path::Path;

use serde_json::Value;

use super::{folder, ladderkit, stderr};

const U64_MAX: &str = "18446744073709551615";

/// An edit to a part.
type Edit<'a> = &'a dyn Fn(&mut Value);

/// Part `k_of_m` of a 3,000-game Milton Bradley run on the engine (blocks
/// of 256 games, so each of three parts holds about 1,000), written into
/// `dir`.
fn part(dir: &Path, k_of_m: &str, seed: &str) -> String {
    super::support::simulate_part(dir, "3000", seed, k_of_m, &["--engine"])
}

fn read(path: &str) -> Value {
    serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap()
}

/// Writes `part` to `dir/name` as it is (its digest unchanged).
fn write(dir: &Path, name: &str, part: &Value) -> String {
    let path = dir.join(name);
    std::fs::write(&path, serde_json::to_string(part).unwrap()).unwrap();
    path.to_str().unwrap().to_owned()
}

/// `part` with its digest recomputed, as a forger who read the source
/// would: FNV-1a over the JSON array of what the part claims.
fn resealed(mut part: Value) -> Value {
    let claims: Vec<&Value> = [
        "ladderkit_simulation_part",
        "variant_name",
        "variant_hash",
        "variant",
        "seed",
        "games",
        "players",
        "bots",
        "engine_only",
        "shard",
    ]
    .iter()
    .map(|k| &part[*k])
    .collect();
    let mut text = serde_json::to_string(&claims).unwrap();
    text.pop();
    // The tally in its fields' order, as ladderkit writes it.
    let tally: ladderkit::sim::Tally = serde_json::from_value(part["tally"].clone()).unwrap();
    text.push(',');
    text.push_str(&serde_json::to_string(&tally).unwrap());
    text.push(']');
    part["digest"] = Value::from(ladderkit::core::Fnv::default().bytes(text.as_bytes()).hex());
    part
}

fn refused(args: &[&str], says: &str) {
    let o = ladderkit(args);
    let err = stderr(&o);
    assert_eq!(o.status.code(), Some(2), "{args:?}: {err}");
    assert!(err.contains(says) && !err.contains("panicked"), "{args:?}: expected {says:?} in\n{err}");
}

#[test]
fn a_part_copied_relabelled_or_edited_is_refused_by_its_digest() {
    let dir = folder();
    let d = dir.path();
    let [a, b, c] = ["1/3", "2/3", "3/3"].map(|k| part(d, k, "1"));
    // The three as written do merge, and resealing changes nothing.
    let o = ladderkit(&["merge", &a, &b, &c]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert_eq!(resealed(read(&b)), read(&b), "the test's digest is ladderkit's");

    let digest = "its digest does not match";
    // Part 3 copied in as part 2.
    let mut copy = read(&c);
    copy["shard"] = serde_json::json!([2, 3]);
    refused(&["merge", &a, &write(d, "copy.json", &copy), &c], digest);
    // A seed-2 part relabelled as seed 1.
    let mut other = read(&part(d, "2/3", "2"));
    other["seed"] = Value::from(1);
    refused(&["merge", &a, &write(d, "seed.json", &other), &c], digest);
    // Random bots' games passed off as perfect play.
    let mut perfect = read(&b);
    perfect["bots"] = serde_json::json!(["perfect"]);
    refused(&["merge", &a, &write(d, "perfect.json", &perfect), &c], digest);
    // Wins moved from one seat to the other: every sum still adds up.
    let mut moved = read(&b);
    let wins = moved["tally"]["seat_wins"].as_array().unwrap().clone();
    let (w0, w1) = (wins[0].as_u64().unwrap(), wins[1].as_u64().unwrap());
    moved["tally"]["seat_wins"] = serde_json::json!([w0 - 10, w1 + 10]);
    refused(&["merge", &a, &write(d, "moved.json", &moved), &c], digest);
    // The variant edited, and its hash recomputed to match.
    let mut edited = read(&b);
    let text = edited["variant"].as_str().unwrap().replace("(from: 1, to: 38,", "(from: 1, to: 99,");
    let spec = ladderkit::core::check_source(&text).spec.unwrap();
    edited["variant_hash"] = Value::from(format!("{:016x}", ladderkit::core::variant_hash(&spec)));
    edited["variant"] = Value::from(text);
    refused(&["merge", &a, &write(d, "variant.json", &edited), &c], digest);
}

#[test]
fn a_resealed_part_is_still_held_to_what_a_tally_can_be() {
    let dir = folder();
    let d = dir.path();
    let [a, b, c] = ["1/3", "2/3", "3/3"].map(|k| part(d, k, "1"));
    let forged = |name: &str, edit: Edit| {
        let mut p = read(&b);
        edit(&mut p);
        write(d, name, &resealed(p))
    };
    let max: u64 = U64_MAX.parse().unwrap();

    // A run of 2^64 parts: the missing ones are counted, not listed (it
    // built a 6 GB list and aborted).
    let mut huge = read(&a);
    huge["shard"] = serde_json::json!([1, max]);
    let huge = write(d, "huge-1.json", &resealed(huge));
    refused(&["merge", &huge], "parts 2/18446744073709551615, 3/18446744073709551615");
    refused(&["merge", &huge], "(18446744073709551614 in all)");
    // A run of 2^64 games: its shard's share is counted at once (it
    // looped for minutes), and this tally does not hold it.
    let games = [&a, &b, &c].map(|p| {
        let mut p = read(p);
        p["games"] = Value::from(max);
        let name = format!("games-{}.json", p["shard"][0]);
        write(d, &name, &resealed(p))
    });
    refused(&["merge", &games[0], &games[1], &games[2]], "does not fit part 1/3");

    // Counts no simulation gives.
    let cases: [(&str, Edit, &str); 5] = [
        (
            "wins.json",
            &|p| p["tally"]["seat_wins"][0] = Value::from(10_000),
            "seat 1 won more games than were finished",
        ),
        ("unfinished.json", &|p| p["tally"]["unfinished"] = Value::from(5_000), "more unfinished games than games"),
        ("histogram.json", &|p| p["tally"]["total_rolls"]["counts"] = serde_json::json!([0, 7]), "histogram of rolls"),
        ("shared.json", &|p| p["tally"]["shared_wins"] = Value::from(3), "do not fit"),
        ("blocked.json", &|p| p["tally"]["blocked"] = Value::from(1), "more blocked games than unfinished"),
    ];
    for (name, edit, says) in cases {
        refused(&["merge", &a, &forged(name, edit), &c], says);
    }
    // Counts near 2^64 that pass each part's checks overflow when added
    // (they panicked on addition overflow).
    for (field, name) in [("lead_changes", "lead"), ("heat", "heat"), ("jumps", "jumps")] {
        let set = |p: &mut Value| {
            if p["tally"][field].is_array() {
                p["tally"][field][5] = Value::from(max);
            } else {
                p["tally"][field] = Value::from(max);
            }
        };
        let mut one = read(&a);
        set(&mut one);
        let one = write(d, &format!("{name}-1.json"), &resealed(one));
        refused(&["merge", &one, &forged(&format!("{name}-2.json"), &set), &c], "pass 2^64");
    }
}

#[test]
fn a_huge_sharded_run_keeps_its_time_limit() {
    // It spent minutes counting its share of 2^64 games before playing.
    let dir = folder();
    let out = dir.path().join("part.json");
    refused(
        &[
            "simulate",
            "variants/milton-bradley.ron",
            "--games",
            U64_MAX,
            "--shard",
            "1/2",
            "--max-time",
            "1s",
            "--out",
            out.to_str().unwrap(),
        ],
        "not written: --max-time stopped the run",
    );
    assert!(!out.exists());
}
