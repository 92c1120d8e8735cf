//! The `ladderkit` command line as scripts and people use it: exit codes,
//! JSON contracts, files written.

use std::path::{Path, PathBuf};

use serde_json::Value;

mod support;
use support::{ladderkit, ladderkit_with_input, stderr, stdout};

fn temp_dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("ladderkit-cli-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

#[test]
fn validate_exit_codes() {
    let ok = ladderkit(&["validate", "variants/milton-bradley.ron", "variants/gameweave-small.ron"]);
    assert_eq!(ok.status.code(), Some(0), "{}", stderr(&ok));
    assert!(stdout(&ok).contains("milton-bradley.ron (Chutes and Ladders (Milton Bradley)): ok"));

    let warn = ladderkit(&["validate", "tests/fixtures/diagnostics/jump-chain-followed.ron"]);
    assert_eq!(warn.status.code(), Some(0));

    let bad = ladderkit(&["validate", "variants/milton-bradley.ron", "tests/fixtures/diagnostics/jump-loop.ron"]);
    assert_eq!(bad.status.code(), Some(1));
    let err = stderr(&bad);
    assert!(err.contains("jump-loop") && err.contains("10 → 30 → 10"), "{err}");
    assert!(err.contains("jump-loop.ron:7:9"), "points at the jump's line: {err}");

    let missing = ladderkit(&["validate", "no/such/file.ron"]);
    assert_eq!(missing.status.code(), Some(2));
    assert!(stderr(&missing).contains("cannot read no/such/file.ron"));

    assert_eq!(ladderkit(&["validate"]).status.code(), Some(2), "usage error");
}

#[test]
fn validate_syntax_errors_show_the_line() {
    let o = ladderkit(&["validate", "tests/fixtures/diagnostics/syntax.ron"]);
    assert_eq!(o.status.code(), Some(1));
    let err = stderr(&o);
    assert!(
        err.contains("syntax.ron:5:31") && err.contains("Expected integer") && err.contains("rows: \"six\""),
        "{err}"
    );
}

#[test]
fn validate_json_contract() {
    let o =
        ladderkit(&["validate", "--json", "tests/fixtures/diagnostics/jump-loop.ron", "variants/gameweave-large.ron"]);
    assert_eq!(o.status.code(), Some(1));
    let lines: Vec<Value> = stdout(&o).lines().map(|l| serde_json::from_str(l).unwrap()).collect();
    assert_eq!(lines.len(), 2);
    assert_eq!(lines[0]["file"], "tests/fixtures/diagnostics/jump-loop.ron");
    let d = &lines[0]["diagnostics"][0];
    for key in ["severity", "code", "message", "spaces", "jumps", "line", "column", "help"] {
        assert!(d.get(key).is_some(), "missing {key} in {d}");
    }
    assert_eq!(d["code"], "jump-loop");
    assert_eq!(d["spaces"], serde_json::json!([10, 30]));
    assert_eq!(d["jumps"], serde_json::json!([0, 1]));
    assert_eq!((d["line"].as_u64(), d["column"].as_u64()), (Some(7), Some(9)));
    assert_eq!(lines[1]["diagnostics"], serde_json::json!([]));
}

#[test]
fn analyze_json_contract() {
    let o = ladderkit(&["analyze", "variants/milton-bradley.ron", "--players", "3", "--json"]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let v: Value = serde_json::from_str(&stdout(&o)).unwrap();
    assert!((v["expected_rolls"].as_f64().unwrap() - 39.2251).abs() < 5e-5);
    assert_eq!(v["min_rolls"], 7);
    for key in ["expected_turns", "median_rolls", "expected_rounds", "expected_total_rolls"] {
        assert!(v[key].is_number(), "{key}");
    }
    for p in ["p10", "p25", "p50", "p75", "p90", "p95", "p99"] {
        assert!(v["percentiles"][p].is_u64(), "{p}");
    }
    assert_eq!(v["percentiles"]["p50"], v["median_rolls"]);
    let seats = v["seat_win_probability"].as_array().unwrap();
    assert_eq!(seats.len(), 3);
    let within = v["finish_within"].as_array().unwrap();
    assert_eq!(within[6], 0.0);
    assert!(within[7].as_f64().unwrap() > 0.0);
    // By default only what costs what the analysis costs: the race's
    // measures seat by seat, at any table; nothing over joint states and
    // no played games, and the section says how to ask for them.
    assert!(v["excitement"].is_null());
    assert_eq!(v["excitement_status"], "not_asked", "{v}");
    assert!(v["excitement_not_exact"].as_str().unwrap().contains("--games"), "{v}");
    assert!(v.get("excitement_played").is_none() && v.get("excitement_by_chance_played").is_none(), "{v}");
    let t = &v["excitement_table"];
    assert_eq!((&t["players"], &t["exact_by"]), (&serde_json::json!(3), &serde_json::json!("seat by seat")), "{v}");
    for key in ["comeback", "photo_finish"] {
        assert!((0.0..1.0).contains(&t[key].as_f64().unwrap()), "{key}: {t}");
    }
    assert!(t["leader_changes"].as_f64().unwrap() > 1.0 && t["lead_changes"].is_null(), "{t}");
    // The joint-state measures are for two players, even when asked.
    let asked: Value = serde_json::from_str(&stdout(&ladderkit(&[
        "analyze",
        "variants/milton-bradley.ron",
        "--players",
        "3",
        "--joint",
        "--games",
        "20000",
        "--json",
    ])))
    .unwrap();
    assert_eq!(asked["excitement_status"], "not_two_players", "{asked}");
    assert!(asked["excitement_not_exact"].as_str().unwrap().contains("two players"), "{asked}");
    // Games, when asked for, are played for what is not exact; the played
    // comeback agrees with the exact one.
    let played = &asked["excitement_played"];
    assert_eq!((played["games"].as_u64(), played["seed"].as_u64()), (Some(20_000), Some(1)), "{played}");
    assert!(played["lead_changes"]["mean"].as_f64().unwrap() > 1.0, "{played}");
    let [lo, hi] = [0, 1].map(|i| played["comeback_interval"][i].as_f64().unwrap());
    let exact = t["comeback"].as_f64().unwrap();
    assert!(lo - 0.01 <= exact && exact <= hi + 0.01, "{exact} against [{lo}, {hi}]");
    // And the win-chance measures, each turn's chances exact.
    let by_chance = &asked["excitement_by_chance_played"];
    assert_eq!(by_chance["games"], 10_000, "{by_chance}");
    for key in ["uncertainty", "drama", "decided_at"] {
        let e = &by_chance[key];
        assert!((0.0..=1.0).contains(&e["value"].as_f64().unwrap()) && e["standard_error"].as_f64().unwrap() > 0.0);
    }
    // Two players: the lead changes seat by seat by default, today's
    // figure; the joint-state measures with --joint, the same mean.
    let two: Value =
        serde_json::from_str(&stdout(&ladderkit(&["analyze", "variants/milton-bradley.ron", "--json"]))).unwrap();
    let lead = two["excitement_table"]["lead_changes"].as_f64().unwrap();
    assert!((lead - 4.9608).abs() < 5e-4, "{two}");
    assert_eq!(two["excitement_status"], "not_asked", "{two}");
    let two: Value =
        serde_json::from_str(&stdout(&ladderkit(&["analyze", "variants/milton-bradley.ron", "--joint=1m", "--json"])))
            .unwrap();
    let e = &two["excitement"];
    assert_eq!(two["excitement_status"], "done", "{two}");
    assert!((e["lead_changes"]["mean"].as_f64().unwrap() - lead).abs() < 1e-9, "{e}");
    let counts: Vec<f64> =
        e["lead_changes"]["distribution"].as_array().unwrap().iter().map(|p| p.as_f64().unwrap()).collect();
    let mean: f64 = counts.iter().enumerate().map(|(k, p)| k as f64 * p).sum();
    assert!((counts.iter().sum::<f64>() + e["lead_changes"]["more"].as_f64().unwrap() - 1.0).abs() < 1e-9);
    assert!((mean - lead).abs() < 1e-6, "the distribution's mean {mean}");
    for key in ["comeback", "uncertainty", "drama", "decided_at", "photo_finish"] {
        assert!((0.0..=1.0).contains(&e[key].as_f64().unwrap()), "{key}: {e}");
    }
    assert_eq!(e["comeback"], two["excitement_table"]["comeback"], "one comeback, whichever way");
    let rows = e["trailing"]["rows"].as_array().unwrap();
    assert_eq!(rows[0]["round"], 1);
    assert_eq!(rows[0]["chance"].as_array().unwrap().len(), 11);
    assert_eq!(e["exact_by"], "race chain");
    // Lost and extra turns: the race measures seat by seat by default,
    // and from the solved game when asked, the same figures.
    let gw: Value =
        serde_json::from_str(&stdout(&ladderkit(&["analyze", "variants/gameweave-small.ron", "--json"]))).unwrap();
    let table = &gw["excitement_table"];
    assert_eq!(table["exact_by"], "seat by seat", "{gw}");
    assert!(gw["excitement"].is_null(), "{gw}");
    let gw: Value =
        serde_json::from_str(&stdout(&ladderkit(&["analyze", "variants/gameweave-small.ron", "--joint=1m", "--json"])))
            .unwrap();
    let e = &gw["excitement"];
    assert_eq!(e["exact_by"], "solved game", "{gw}");
    assert!((e["lead_changes"]["mean"].as_f64().unwrap() - 5.991).abs() < 1e-3, "{e}");
    for (solved, seat_by_seat) in
        [(&e["lead_changes"]["mean"], &table["lead_changes"]), (&e["comeback"], &table["comeback"])]
    {
        let (solved, seat_by_seat) = (solved.as_f64().unwrap(), seat_by_seat.as_f64().unwrap());
        assert!((solved - seat_by_seat).abs() < 1e-9, "solved {solved}, seat by seat {seat_by_seat}");
    }
    assert!((0.0..=1.0).contains(&e["decided_at"].as_f64().unwrap()), "{e}");
    assert_eq!(e["trailing"]["rows"][0]["round"], 1, "{e}");
}

/// A joint-state budget too small for the board is cut, and says so;
/// the seat-by-seat measures still come.
#[test]
fn analyze_says_when_the_joint_measures_were_cut() {
    let o = ladderkit(&["analyze", "variants/gameweave-large.ron", "--joint=1ms", "--json"]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let v: Value = serde_json::from_str(&stdout(&o)).unwrap();
    assert_eq!(v["excitement_status"], "cut", "{v}");
    assert!(v["excitement_not_exact"].as_str().unwrap().contains("cut at their budget"), "{v}");
    let text = stdout(&ladderkit(&["analyze", "variants/gameweave-large.ron", "--joint=1ms"]));
    assert!(text.contains("cut at their budget of 1ms"), "{text}");
}

#[test]
fn tune_aims_at_lead_changes_and_says_where_it_cannot() {
    let dir = temp_dir("tune-lead");
    // `variant` tuned towards `target`, which it meets.
    let tuned_from = |variant: &str, target: &[&str], out: &str| -> Value {
        let out = dir.join(out);
        let mut args = vec!["tune", variant, "--candidates", "20000"];
        args.extend(["--time", "2m", "--json", "-o", out.to_str().unwrap()]);
        args.extend_from_slice(target);
        let o = ladderkit(&args);
        assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
        let v: Value = serde_json::from_str(&stdout(&o)).unwrap();
        assert_eq!(v["met"], true, "{v}");
        v
    };
    // Milton Bradley at its own length (39.2 turns), aiming at `target`.
    let tuned = |target: &[&str], out: &str| -> Value {
        tuned_from("variants/milton-bradley.ron", &[&["--turns", "39.2"], target].concat(), out)
    };
    let v = tuned(&["--lead-changes", "6"], "more-lead.ron");
    assert!((v["before"]["lead_changes"].as_f64().unwrap() - 4.9608).abs() < 1e-3, "{v}");
    assert!((v["after"]["lead_changes"].as_f64().unwrap() - 6.0).abs() <= 0.06, "{v}");
    // A comeback target: 36% of games won from behind at half-way.
    let v = tuned(&["--comeback", "36%"], "comeback.ron");
    assert!((v["after"]["comeback"].as_f64().unwrap() - 0.36).abs() <= 0.0036, "{v}");
    // Decided late: a quarter of games won with the loser one roll away
    // (Milton Bradley: 18.97%).
    let v = tuned(&["--decided-late", "25%"], "late.ron");
    assert!((v["before"]["decided_late"].as_f64().unwrap() - 0.1897).abs() < 1e-3, "{v}");
    assert!((v["after"]["decided_late"].as_f64().unwrap() - 0.25).abs() <= 0.0025, "{v}");
    // At a table of four: the winner alone last at half-way 15% of the
    // time (Milton Bradley: 11.85%), as `analyze -p 4` measures it.
    let v = tuned(&["--players", "4", "--comeback", "15%"], "four.ron");
    let four = dir.join("four.ron");
    assert!((v["before"]["comeback"].as_f64().unwrap() - 0.1185).abs() < 1e-3, "{v}");
    let after = v["after"]["comeback"].as_f64().unwrap();
    let analysed: Value =
        serde_json::from_str(&stdout(&ladderkit(&["analyze", four.to_str().unwrap(), "-p", "4", "--json"]))).unwrap();
    assert_eq!(analysed["excitement_table"]["comeback"].as_f64().unwrap(), after);
    assert!((after - 0.15).abs() <= 0.0015, "{v}");
    // Lost and extra turns (Gameweave: 5.99 lead changes): exact, aimed at.
    let v = tuned_from("variants/gameweave-small.ron", &["--lead-changes", "5"], "gameweave.ron");
    assert!((v["before"]["lead_changes"].as_f64().unwrap() - 5.991).abs() < 1e-3, "{v}");
    assert!((v["after"]["lead_changes"].as_f64().unwrap() - 5.0).abs() <= 0.05, "{v}");
    // Pieces that meet: no exact lead changes, and the reason.
    let no = ladderkit(&[
        "tune",
        "variants/milton-bradley-stomp.ron",
        "--lead-changes",
        "6",
        "-o",
        dir.join("no.ron").to_str().unwrap(),
    ]);
    assert_ne!(no.status.code(), Some(0));
    assert!(stderr(&no).contains("cannot share squares"), "{}", stderr(&no));
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn analyze_report_reads_well_and_refuses_broken_files() {
    let o = ladderkit(&["analyze", "variants/gameweave-small.ron", "--joint"]);
    assert_eq!(o.status.code(), Some(0));
    let out = stdout(&o);
    for needle in [
        "expected rolls",
        "seat 1",
        "Hottest squares",
        "Most-used jumps",
        "█",
        "Excitement over the joint states (two players, exact from the solved game",
    ] {
        assert!(out.contains(needle), "{needle} in {out}");
    }
    let out = stdout(&ladderkit(&["analyze", "variants/milton-bradley.ron", "-p", "4"]));
    for needle in ["Excitement (4 players, exact, seat by seat", "leader changes", "ask with --games"] {
        assert!(out.contains(needle), "{needle} in {out}");
    }
    let broken = ladderkit(&["analyze", "tests/fixtures/diagnostics/goal-unreachable.ron"]);
    assert_eq!(broken.status.code(), Some(1));
    assert!(stderr(&broken).contains("goal-unreachable"));
}

/// `analyze --joint` at three seats: the distribution of leader changes
/// over the joint states, whole within its budget and its mean the one seat
/// by seat; cut at a budget too small, the counts it finished and the
/// rest said.
#[test]
fn analyze_gives_the_spread_of_leader_changes_at_three_seats() {
    let dir = temp_dir("leaders");
    let file = dir.join("twenty.ron");
    let f = file.to_str().unwrap();
    assert_eq!(ladderkit(&["new", "--grid", "5x4", "-o", f]).status.code(), Some(0));
    let o = ladderkit(&["analyze", f, "-p", "3", "--joint", "--json"]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let v: Value = serde_json::from_str(&stdout(&o)).unwrap();
    let l = &v["excitement_leader_changes"];
    assert_eq!(
        (l["exact_by"].as_str(), l["players"].as_u64(), l["cut"].as_bool()),
        (Some("joint states"), Some(3), Some(false))
    );
    let p: Vec<f64> = l["distribution"].as_array().unwrap().iter().map(|p| p.as_f64().unwrap()).collect();
    let more = l["more"].as_f64().unwrap();
    assert!(more < 1e-12 && (p.iter().sum::<f64>() + more - 1.0).abs() < 1e-12, "{p:?} and {more}");
    let mean: f64 = p.iter().enumerate().map(|(k, p)| k as f64 * p).sum();
    let seat_by_seat = v["excitement_table"]["leader_changes"].as_f64().unwrap();
    assert!((mean - seat_by_seat).abs() < 1e-9 * seat_by_seat, "{mean} against {seat_by_seat}");
    let text = stdout(&ladderkit(&["analyze", f, "-p", "3", "--joint"]));
    assert!(text.contains("leader changes' spread, over the 8000 joint states"), "{text}");

    let cut = ladderkit(&["analyze", f, "-p", "3", "--joint=1ms", "--json"]);
    let v: Value = serde_json::from_str(&stdout(&cut)).unwrap();
    let l = &v["excitement_leader_changes"];
    assert_eq!(l["cut"].as_bool(), Some(true), "{l}");
    assert!(l["more"].as_f64().unwrap() > 1e-6, "{l}");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn new_writes_a_valid_variant_and_fmt_keeps_it_canonical() {
    let dir = temp_dir("new");
    let file = dir.join("eight.ron");
    let f = file.to_str().unwrap();
    let o = ladderkit(&["new", "--grid", "8x8", "--path", "spiral", "-o", f]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert_eq!(ladderkit(&["validate", f]).status.code(), Some(0));
    let text = std::fs::read_to_string(&file).unwrap();
    assert!(text.contains("cols: 8") && text.contains("Spiral") && text.contains("name: \"eight\""));
    assert_eq!(ladderkit(&["new", "--grid", "8x8", "-o", f]).status.code(), Some(2), "no overwrite without --force");
    assert_eq!(ladderkit(&["fmt", "--check", f]).status.code(), Some(0));

    std::fs::write(&file, text.replace("    ", "  ")).unwrap();
    assert_eq!(ladderkit(&["fmt", "--check", f]).status.code(), Some(1));
    assert_eq!(ladderkit(&["fmt", f]).status.code(), Some(0));
    assert_eq!(std::fs::read_to_string(&file).unwrap(), text);

    let bad = ladderkit(&["new", "--grid", "0x8", "-o", f, "--force"]);
    assert_eq!(bad.status.code(), Some(2));
    let track = dir.join("track.ron");
    assert_eq!(ladderkit(&["new", "--track", "50", "--looped", "-o", track.to_str().unwrap()]).status.code(), Some(0));
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn fmt_leaves_unparsable_files_alone() {
    let dir = temp_dir("fmt");
    let file = dir.join("broken.ron");
    let text = std::fs::read_to_string(Path::new("tests/fixtures/diagnostics/syntax.ron")).unwrap();
    std::fs::write(&file, &text).unwrap();
    assert_eq!(ladderkit(&["fmt", file.to_str().unwrap()]).status.code(), Some(2));
    assert_eq!(std::fs::read_to_string(&file).unwrap(), text);
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn help_teaches() {
    let o = ladderkit(&["--help"]);
    let out = stdout(&o);
    for needle in ["validate", "analyze", "new", "fmt", "Examples:"] {
        assert!(out.contains(needle), "{needle}");
    }
}

#[test]
fn simulate_json_contract_and_thread_independence() {
    let (one, two) = (simulate_small("11", "1"), simulate_small("11", "2"));
    for key in [
        "games",
        "players",
        "mean_rolls",
        "mean_turns",
        "mean_rounds",
        "mean_total_rolls",
        "seat_wins",
        "seat_win_rate",
        "games_per_second",
    ] {
        assert!(one.get(key).is_some(), "missing {key}");
    }
    assert_eq!(one["games"], 30000);
    assert_eq!(one["seat_wins"].as_array().unwrap().len(), 3);
    for key in ["mean_rolls", "mean_rounds", "seat_wins", "lead_changes_per_game", "heat", "jumps"] {
        assert_eq!(one[key], two[key], "{key} differs between 1 and 2 threads");
    }
    assert_ne!(one["seat_wins"], simulate_small("12", "0")["seat_wins"], "another seed, other games");
}

/// `simulate --excitement`: the measures from played games, with their
/// intervals, where the exact ones are refused (three players, lost and
/// extra turns), and a clear refusal with parts.
#[test]
fn simulate_measures_the_excitement_of_played_games() {
    let o =
        ladderkit(&["simulate", "variants/gameweave-small.ron", "-g", "20000", "-p", "3", "--excitement", "--json"]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let v: Value = serde_json::from_str(&stdout(&o)).unwrap();
    let e = &v["excitement"];
    assert_eq!(v["engine"], "engine", "every game on the full engine");
    let mean = e["lead_changes"]["mean"].as_f64().unwrap();
    assert!((mean - v["lead_changes_per_game"].as_f64().unwrap()).abs() < 1e-12, "{v}");
    for key in ["comeback", "photo_finish"] {
        let (x, [lo, hi]) =
            (e[key].as_f64().unwrap(), [0, 1].map(|i| e[format!("{key}_interval")][i].as_f64().unwrap()));
        assert!(0.0 < lo && lo < x && x < hi && hi < 1.0, "{key}: {e}");
    }
    assert!(e["half_way_round"].as_u64().unwrap() >= 1, "{e}");
    let text = stdout(&ladderkit(&["simulate", "variants/milton-bradley.ron", "-g", "20000", "--excitement"]));
    assert!(text.contains("comeback") && text.contains("photo finish") && text.contains("round 12"), "{text}");
    let parts =
        ladderkit(&["simulate", "variants/milton-bradley.ron", "--excitement", "--shard", "1/2", "--out", "x.json"]);
    assert_ne!(parts.status.code(), Some(0));
    assert!(stderr(&parts).contains("--excitement"), "{}", stderr(&parts));
}

/// 30,000 three-player games on the small Gameweave board, as JSON.
fn simulate_small(seed: &str, threads: &str) -> Value {
    let o = ladderkit(&[
        "simulate",
        "variants/gameweave-small.ron",
        "--games",
        "30000",
        "--players",
        "3",
        "--seed",
        seed,
        "--threads",
        threads,
        "--json",
    ]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    serde_json::from_str(&stdout(&o)).unwrap()
}

#[test]
fn simulate_treehouse_with_mixed_bots_reads_well() {
    let o = ladderkit(&[
        "simulate",
        "variants/treehouse.ron",
        "--games",
        "300",
        "--bots",
        "lookahead,random",
        "--seed",
        "3",
    ]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let out = stdout(&o);
    for needle in
        ["lookahead, random", "Treehouse kernel", "seat 1", "95% interval", "lead changes per game", "Most-used jumps"]
    {
        assert!(out.contains(needle), "{needle} in {out}");
    }
    let bad = ladderkit(&["simulate", "variants/treehouse.ron", "--bots", "human"]);
    assert_eq!(bad.status.code(), Some(2));
    let wrong = ladderkit(&["simulate", "variants/treehouse.ron", "--bots", "greedy,random,random", "--players", "2"]);
    assert_eq!(wrong.status.code(), Some(2));
}

/// A table is checked where it is set, and the error names the argument:
/// a count past the limits as clap reads it, a seat list of another length,
/// a table the variant does not seat where the rules must hold.
#[test]
fn a_table_that_does_not_fit_is_refused_naming_its_argument() {
    let cases: [(&[&str], &str); 5] = [
        (&["analyze", "variants/milton-bradley.ron", "--players", "17"], "a table seats 1 to 16 players, not 17"),
        (&["analyze", "variants/milton-bradley.ron", "--players", "0"], "'--players <PLAYERS>'"),
        (
            &["simulate", "variants/treehouse.ron", "--bots", "greedy,random,random", "--players", "2"],
            "--bots: 3 bots for a table of 2 players; give one per seat",
        ),
        (
            &["solve", "variants/milton-bradley-stomp.ron", "--policies", "optimal,random,random"],
            "--policies: 3 policies for a table of 2 players",
        ),
        (&["solve", "variants/treehouse.ron", "--players", "6"], "--players 6: this variant is for 2 to 5 players"),
    ];
    for (args, says) in cases {
        let o = ladderkit(args);
        assert_eq!(o.status.code(), Some(2), "{args:?}: {}", stderr(&o));
        assert!(stderr(&o).contains(says), "{args:?} should say `{says}`: {}", stderr(&o));
    }
}

#[test]
fn play_a_treehouse_game_by_typing_and_replay_it() {
    let dir = temp_dir("play");
    let log = dir.join("game.json");
    // A person who always takes option 1, and presses Enter to roll.
    let input = "\n1\n".repeat(400);
    let o = ladderkit_with_input(
        &[
            "play",
            "variants/treehouse.ron",
            "--players",
            "human,bot:greedy",
            "--seed",
            "4",
            "--log",
            log.to_str().unwrap(),
        ],
        &input,
    );
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let out = stdout(&o);
    assert!(out.contains("choose 1-") && out.contains("rolls"), "{out}");
    assert!(out.contains("win"), "the game ends: {out}");
    let replay = ladderkit(&["replay", log.to_str().unwrap(), "--variant", "variants/treehouse.ron"]);
    assert_eq!(replay.status.code(), Some(0), "{}", stderr(&replay));
    assert!(stdout(&replay).contains("every event matches the log"), "{}", stdout(&replay));
    // A log whose seed was changed by one is refused, even where the
    // winners would agree.
    let text = std::fs::read_to_string(&log).unwrap();
    let tampered = dir.join("tampered.json");
    std::fs::write(&tampered, text.replace("\"seed\": 4", "\"seed\": 5")).unwrap();
    let o = ladderkit(&["replay", tampered.to_str().unwrap(), "--variant", "variants/treehouse.ron"]);
    assert_eq!(o.status.code(), Some(1), "{}", stdout(&o));
    assert!(stderr(&o).contains("not the logged one") || stderr(&o).contains("does not match"), "{}", stderr(&o));
    // The same log against another variant is refused.
    let changed = ladderkit(&["replay", log.to_str().unwrap(), "--variant", "variants/treehouse-lose-upright.ron"]);
    assert_eq!(changed.status.code(), Some(1));
    assert!(stderr(&changed).contains("the variant changed"), "{}", stderr(&changed));
    // A room's record (Play together's export) holds many games: `--game`
    // picks one, the one left unfinished last; the tampered one is refused
    // there too.
    let record = dir.join("room.json");
    let tampered = std::fs::read_to_string(&tampered).unwrap();
    std::fs::write(&record, format!("{{\"games\": [{text}], \"unfinished\": {tampered}}}")).unwrap();
    let replay_game = |game: Option<&str>| {
        let mut args = vec!["replay", record.to_str().unwrap(), "--variant", "variants/treehouse.ron"];
        args.extend(game.map(|g| ["--game", g]).into_iter().flatten());
        ladderkit(&args)
    };
    let o = replay_game(None);
    assert_eq!(o.status.code(), Some(2), "{}", stdout(&o));
    assert!(stderr(&o).contains("record of 2 games: say which with `--game N`"), "{}", stderr(&o));
    let o = replay_game(Some("1"));
    assert!(stdout(&o).contains("every event matches the log"), "{}", stderr(&o));
    assert_eq!(replay_game(Some("2")).status.code(), Some(1), "the tampered game, second in the record");
    assert!(stderr(&replay_game(Some("3"))).contains("no game 3: the record holds 2"));
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn play_quits_cleanly_when_input_ends_and_the_unfinished_game_replays() {
    let dir = temp_dir("quit");
    let log = dir.join("quit.json");
    let o = support::play_treehouse_logged(&log, "\n1\n\n1\n\n");
    assert_eq!(o.status.code(), Some(0));
    assert!(stdout(&o).contains("game left unfinished"));
    let replay = ladderkit(&["replay", log.to_str().unwrap(), "--variant", "variants/treehouse.ron"]);
    assert_eq!(replay.status.code(), Some(0), "{}", stderr(&replay));
    assert!(stdout(&replay).contains("up to where the log stops"), "{}", stdout(&replay));
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn render_draws_boards_and_analyze_draws_plots() {
    let dir = temp_dir("render");
    let png = dir.join("board.png");
    let out = ladderkit(&["render", "variants/gameweave-small.ron", "-o", png.to_str().unwrap(), "--dpi", "50"]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let bytes = std::fs::read(&png).unwrap();
    assert_eq!(&bytes[1..4], b"PNG");
    // A4 at 50 dpi: 414 × 585, big-endian in the IHDR chunk.
    assert_eq!(u32::from_be_bytes(bytes[16..20].try_into().unwrap()), 414);
    assert_eq!(u32::from_be_bytes(bytes[20..24].try_into().unwrap()), 585);

    let svg = dir.join("board.svg");
    let out = ladderkit(&["render", "variants/treehouse.ron", "-o", svg.to_str().unwrap(), "--theme", "ink"]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert!(std::fs::read_to_string(&svg).unwrap().contains("Treehouse"));

    let bad = ladderkit(&["render", "variants/treehouse.ron", "-o", dir.join("board.pdf").to_str().unwrap()]);
    assert_eq!(bad.status.code(), Some(2));
    assert!(stderr(&bad).contains(".svg or .png"), "{}", stderr(&bad));
    let broken =
        ladderkit(&["render", "tests/fixtures/diagnostics/jump-loop.ron", "-o", svg.to_str().unwrap(), "--force"]);
    assert_eq!(broken.status.code(), Some(1), "drawn, but the errors are reported");
    assert!(stderr(&broken).contains("jump-loop"));

    let (plot, heat) = (dir.join("odds.svg"), dir.join("heat.png"));
    let out = ladderkit(&[
        "analyze",
        "variants/milton-bradley.ron",
        "--players",
        "3",
        "--plot",
        plot.to_str().unwrap(),
        "--heat",
        heat.to_str().unwrap(),
        "--dpi",
        "30",
    ]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let plot = std::fs::read_to_string(&plot).unwrap();
    assert!(plot.contains("Chance to win, 3 players") && plot.contains("Seat 3"));
    assert!(!plot.contains("A typical game"), "the excitement charts are for two players");
    assert!(std::fs::read(&heat).unwrap().starts_with(b"\x89PNG"));
    let two = dir.join("two.svg");
    let out = ladderkit(&["analyze", "variants/milton-bradley.ron", "--joint", "--plot", two.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let two = std::fs::read_to_string(&two).unwrap();
    assert!(two.contains(r#"<g id="trailing">"#) && two.contains("A typical game (seed"), "the excitement charts");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn scoreboard_companion_plays_the_rule_documents_example_and_undoes() {
    let dir = temp_dir("scoreboard");
    let log = dir.join("log.json");
    let script = format!(
        "Red 10, Blue 30, Green 20\nRed 6, Blue 9, Green 7\nGreen 1\nundo\nPurple 3\nend\nRed 14\nsave {}\ndone\n",
        log.display()
    );
    let out = ladderkit_with_input(
        &["scoreboard", "variants/carcassonne-scoreboard.ron", "--players", "Red,Blue,Green"],
        &script,
    );
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let text = stdout(&out);
    assert!(text.contains("Red climbs the ladder 16 (space 16) → 34 (space 34)"), "{text}");
    assert!(text.contains("Blue is eaten by the snake 39 (space 39) → 11 (space 11)"), "{text}");
    assert!(text.contains("took back the last turn") && text.contains("no player called `purple`"), "{text}");
    // Final scoring: Red 34 + 14 = 48 is a snake's head, and stays.
    let saved: Value = serde_json::from_str(&std::fs::read_to_string(&log).unwrap()).unwrap();
    assert_eq!(saved["scores"], serde_json::json!([48, 11, 27]));

    let sim = ladderkit(&["scoreboard", "variants/carcassonne-scoreboard.ron", "--simulate", "500", "--json"]);
    assert_eq!(sim.status.code(), Some(0), "{}", stderr(&sim));
    let v: Value = serde_json::from_str(&stdout(&sim)).unwrap();
    assert_eq!(v["games"], 500);
    assert_eq!(v["seat_wins"].as_array().unwrap().len(), 3);
    assert!(v["climbs_per_game"].as_f64().unwrap() > 0.0);
    // `simulate` hands a score track to the same simulation.
    let sim =
        ladderkit(&["simulate", "variants/carcassonne-scoreboard.ron", "--games", "300", "--players", "4", "--json"]);
    assert_eq!(sim.status.code(), Some(0), "{}", stderr(&sim));
    let v: Value = serde_json::from_str(&stdout(&sim)).unwrap();
    assert_eq!((v["games"].as_u64(), v["players"].as_u64()), (Some(300), Some(4)));
    let race = ladderkit(&["scoreboard", "variants/milton-bradley.ron"]);
    assert_eq!(race.status.code(), Some(2));
    assert!(stderr(&race).contains("not a score track"), "{}", stderr(&race));
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn tune_reaches_a_target_and_writes_a_clean_board() {
    let dir = temp_dir("tune");
    let out = dir.join("shorter.ron");
    let o = ladderkit(&[
        "tune",
        "variants/milton-bradley.ron",
        "-o",
        out.to_str().unwrap(),
        "--turns",
        "30",
        "--candidates",
        "20000",
        "--seed",
        "7",
        "--json",
    ]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let v: Value = serde_json::from_str(&stdout(&o)).unwrap();
    assert_eq!(v["met"], true);
    assert_eq!(v["targets"][0]["name"], "expected turns");
    let after = v["after"]["expected_turns"].as_f64().unwrap();
    assert!((after - 30.0).abs() <= 0.3, "{after}");
    assert!((v["before"]["expected_turns"].as_f64().unwrap() - 39.2251).abs() < 1e-3);
    assert!(!v["edits"].as_array().unwrap().is_empty());
    assert!(v["note"].is_null(), "pieces do not meet on Milton Bradley: {v}");
    // Every figure that got worse is named.
    let fig = |side: &str, name: &str| v[side][name].as_f64().unwrap();
    let worse: Vec<&str> = v["worse"].as_array().unwrap().iter().map(|w| w.as_str().unwrap()).collect();
    assert_eq!(worse.contains(&"fewest_rolls"), fig("after", "fewest_rolls") < fig("before", "fewest_rolls"), "{v}");
    assert_eq!(worse.contains(&"seat_edge"), fig("after", "seat_edge") > fig("before", "seat_edge") + 1e-3, "{v}");
    // The written board validates clean and analyses to what was reported.
    let check = ladderkit(&["validate", out.to_str().unwrap()]);
    assert_eq!(check.status.code(), Some(0), "{}", stderr(&check));
    let a: Value = serde_json::from_str(&stdout(&ladderkit(&["analyze", out.to_str().unwrap(), "--json"]))).unwrap();
    assert!((a["expected_turns"].as_f64().unwrap() - after).abs() < 1e-9);
    // Same seed, same budget: the same board.
    let again = dir.join("again.ron");
    let o2 = ladderkit(&[
        "tune",
        "variants/milton-bradley.ron",
        "-o",
        again.to_str().unwrap(),
        "--turns",
        "30",
        "--candidates",
        "20000",
        "--seed",
        "7",
    ]);
    assert_eq!(o2.status.code(), Some(0));
    assert_eq!(std::fs::read_to_string(&out).unwrap(), std::fs::read_to_string(&again).unwrap());
    let text = stdout(&o2);
    assert!(text.contains("expected turns") && text.contains("30 ✓") && text.contains("Edits ("), "{text}");
    let fewest_row = text.lines().find(|l| l.trim_start().starts_with("fewest rolls")).unwrap();
    assert_eq!(fewest_row.ends_with("worse"), worse.contains(&"fewest_rolls"), "{text}");
    // OUT exists now: not overwritten without --force.
    let o3 = ladderkit(&["tune", "variants/milton-bradley.ron", "-o", out.to_str().unwrap(), "--turns", "30"]);
    assert_eq!(o3.status.code(), Some(2));
    assert!(stderr(&o3).contains("--force"));
}

#[test]
fn tune_says_which_target_it_cannot_reach() {
    let dir = temp_dir("tune-miss");
    let out = dir.join("closest.ron");
    let o = ladderkit(&[
        "tune",
        "variants/milton-bradley.ron",
        "-o",
        out.to_str().unwrap(),
        "--turns",
        "3",
        "--ladders",
        "0..3",
        "--snakes",
        "0",
        "--candidates",
        "2000",
    ]);
    assert_eq!(o.status.code(), Some(3), "{}", stderr(&o));
    let text = stdout(&o);
    assert!(text.contains("expected turns 3 cannot be reached with 0–3 ladders and 0 snakes on 10 × 10"), "{text}");
    assert!(text.contains("more ladders"), "the ladders are at their limit: {text}");
    assert_eq!(ladderkit(&["validate", out.to_str().unwrap()]).status.code(), Some(0), "the closest board is written");
}

#[test]
fn tune_says_its_figures_are_one_pieces_race_where_pieces_meet() {
    let dir = temp_dir("tune-well");
    let out = dir.join("goose.ron");
    let args = ["tune", "variants/game-of-the-goose.ron", "-o", out.to_str().unwrap(), "--turns", "28"];
    let o = ladderkit(&[&args[..], &["--candidates", "200", "--json"]].concat());
    // Met or not (the Goose has no jumps to move), the note is there.
    assert!(matches!(o.status.code(), Some(0 | 3)), "{}", stderr(&o));
    let v: Value = serde_json::from_str(&stdout(&o)).unwrap();
    let note = v["note"].as_str().unwrap_or_default();
    assert!(note.contains("waits until another arrives") && note.contains("ladderkit solve"), "{v}");
    let o = ladderkit(&[&args[..], &["--candidates", "200", "--force"]].concat());
    assert!(stdout(&o).contains("Note: these figures are one piece's race"), "{}", stdout(&o));
}

#[test]
fn tune_refuses_bad_ranges_with_a_hint() {
    let o = ladderkit(&["tune", "variants/milton-bradley.ron", "-o", "x.ron", "--turns", "20", "--ladders", "9..3"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("9..3 is empty; write the smaller number first, for example 3..9"), "{}", stderr(&o));
    let o = ladderkit(&["tune", "variants/milton-bradley.ron", "-o", "x.ron", "--turns", "20", "--keep-layout", "101"]);
    assert_eq!(o.status.code(), Some(2), "keep my layout runs 0 to 100");
    let o = ladderkit(&["tune", "variants/milton-bradley.ron", "-o", "x.ron", "--turns", "-1"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("expected a positive number"), "{}", stderr(&o));
    let o = ladderkit(&["tune", "variants/milton-bradley.ron", "-o", "x.ron", "--turns", "20", "--keep", "2-3"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("--keep 2-3: the board has no such jump"), "{}", stderr(&o));
    let o = ladderkit(&["tune", "variants/treehouse.ron", "-o", "x.ron", "--turns", "20"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("tuning needs exact odds"), "{}", stderr(&o));
    assert!(!Path::new("x.ron").exists());
}

#[test]
fn new_deals_a_board_to_targets() {
    let dir = temp_dir("new-tuned");
    let out = dir.join("board.ron");
    let o = ladderkit(&[
        "new",
        "--grid",
        "10x10",
        "--ladders",
        "9",
        "--snakes",
        "10",
        "--turns",
        "30",
        "--seed",
        "7",
        "--candidates",
        "20000",
        "-o",
        out.to_str().unwrap(),
    ]);
    assert_eq!(o.status.code(), Some(0), "{}{}", stdout(&o), stderr(&o));
    let a: Value = serde_json::from_str(&stdout(&ladderkit(&["analyze", out.to_str().unwrap(), "--json"]))).unwrap();
    assert!((a["expected_turns"].as_f64().unwrap() - 30.0).abs() <= 0.3, "{}", a["expected_turns"]);
    let jumps = a["jumps"].as_array().unwrap();
    assert_eq!(jumps.iter().filter(|j| j["kind"] == "ladder").count(), 9);
    assert_eq!(jumps.iter().filter(|j| j["kind"] == "snake").count(), 10);
}

#[test]
fn play_stops_a_game_that_does_not_end_and_reads_lines_bounded() {
    let o = ladderkit(&[
        "play",
        "variants/milton-bradley.ron",
        "--players",
        "bot:greedy,bot:greedy",
        "--seed",
        "1",
        "--max-turns",
        "5",
    ]);
    assert_eq!(o.status.code(), Some(0));
    let text = stdout(&o);
    assert!(text.contains("stopped after 5 turns (--max-turns)") && text.contains("game left unfinished"), "{text}");
    // A pasted megabyte is one (ignored) line, then `q` quits.
    let input = format!("{}\nq\n", "x".repeat(1 << 20));
    let o = ladderkit_with_input(
        &["play", "variants/milton-bradley.ron", "--players", "human,bot:greedy", "--seed", "2"],
        &input,
    );
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert!(stdout(&o).contains("game left unfinished"));
}

#[test]
fn analyze_shortens_a_long_fastest_game() {
    let dir = temp_dir("long");
    let file = dir.join("long.ron");
    assert_eq!(ladderkit(&["new", "--track", "600", "-o", file.to_str().unwrap()]).status.code(), Some(0));
    let text = stdout(&ladderkit(&["analyze", file.to_str().unwrap()]));
    let line = text.lines().find(|l| l.contains("fewest rolls")).unwrap();
    assert!(line.contains("fewest rolls     100 (for example 6, 6") && line.contains("… 88 more …"), "{line}");
    assert!(line.len() < 120, "{line}");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn long_runs_can_be_bounded_in_time() {
    let dir = temp_dir("bounded");
    // 250,000 spaces: a game with 120,000 chips to deal takes most of a
    // second, and the exact analysis of the plain track over a minute.
    let chips = dir.join("chips.ron");
    std::fs::write(
        &chips,
        "Variant(format:1,meta:(name:\"x\"),board:Grid(cols:500,rows:500,path:Boustrophedon),\
         chips:Chips(values:[ChipCount(value:1,count:120000)],layout:Random(seed:1)))",
    )
    .unwrap();
    let o = ladderkit(&["simulate", chips.to_str().unwrap(), "--games", "2000", "--max-time", "300ms", "--json"]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let v: Value = serde_json::from_str(&stdout(&o)).unwrap();
    assert_eq!(v["stopped_early"], true);
    assert_eq!(v["games_asked"], 2000);
    let games = v["games"].as_u64().unwrap();
    assert!((1..2000).contains(&games), "{games}");
    let text = stdout(&ladderkit(&["simulate", chips.to_str().unwrap(), "--games", "2000", "--max-time", "300ms"]));
    assert!(text.contains("(--max-time):") && text.contains("of 2000 games played"), "{text}");

    let track = dir.join("track.ron");
    std::fs::write(&track, "Variant(format:1,meta:(name:\"x\"),board:Track(spaces:250000),goal:Space(250000))")
        .unwrap();
    let o = ladderkit(&["analyze", track.to_str().unwrap(), "--max-time", "200ms"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("took longer than --max-time 200ms and was stopped"), "{}", stderr(&o));
    let bad = ladderkit(&["simulate", chips.to_str().unwrap(), "--max-time", "soon"]);
    assert_eq!(bad.status.code(), Some(2));
    assert!(stderr(&bad).contains("for example 30s, 2m or 500ms"), "{}", stderr(&bad));
    std::fs::remove_dir_all(&dir).unwrap();
}

/// The report without what depends on the machine (speed, threads) or on
/// how it was made (merged parts).
fn report_of(json: &str) -> Value {
    let mut v: Value = serde_json::from_str(json).unwrap();
    for key in ["games_per_second", "threads", "merged_parts"] {
        v.as_object_mut().unwrap().remove(key);
    }
    v
}

#[test]
fn shards_merge_to_the_whole_run_exactly() {
    let dir = temp_dir("shards");
    for (file, bots, games) in [
        ("variants/gameweave-small.ron", "random", "30000"),
        ("variants/treehouse.ron", "greedy,random", "3000"),
        // A board dealt per game, and the Goose's waits and blocked games.
        ("variants/random-board.ron", "random", "1500"),
        ("variants/game-of-the-goose.ron", "random", "3000"),
    ] {
        let whole = ladderkit(&["simulate", file, "--games", games, "--bots", bots, "--seed", "5", "--json"]);
        assert_eq!(whole.status.code(), Some(0), "{}", stderr(&whole));
        for m in [1, 2, 7] {
            let mut parts = Vec::new();
            // Parts given in any order.
            for k in (1..=m).rev() {
                let out = dir.join(format!("part-{k}-of-{m}.json"));
                let shard = format!("{k}/{m}");
                let o = ladderkit(&[
                    "simulate",
                    file,
                    "--games",
                    games,
                    "--bots",
                    bots,
                    "--seed",
                    "5",
                    "--shard",
                    &shard,
                    "--out",
                    out.to_str().unwrap(),
                    // The parts of the last board are written over.
                    "--force",
                ]);
                assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
                parts.push(out.to_str().unwrap().to_owned());
            }
            let mut args = vec!["merge", "--json"];
            args.extend(parts.iter().map(String::as_str));
            let merged = ladderkit(&args);
            assert_eq!(merged.status.code(), Some(0), "{}", stderr(&merged));
            assert_eq!(report_of(&stdout(&merged)), report_of(&stdout(&whole)), "{file}: {m} parts");
        }
    }
    std::fs::remove_dir_all(dir).unwrap();
}

#[test]
fn merge_refuses_parts_that_do_not_make_one_run() {
    let dir = temp_dir("merge-refuses");
    let part = |k: &str, seed: &str| support::simulate_part(&dir, "4000", seed, k, &[]);
    let (a, b, other_seed) = (part("1/3", "1"), part("2/3", "1"), part("3/3", "2"));
    let refused = |args: &[&str], says: &str| {
        let o = ladderkit(args);
        assert_eq!(o.status.code(), Some(2), "{args:?}");
        assert!(stderr(&o).contains(says), "{args:?}: {}", stderr(&o));
    };
    refused(&["merge", &a, &b, &other_seed], "parts of different runs: seed 2 vs 1");
    refused(&["merge", &a, &b, &a], "part 1/3 is given twice");
    refused(&["merge", &a, &b], "part 3/3 of the run is missing");
    // A part whose counts were edited no longer matches its digest.
    let text = std::fs::read_to_string(&b).unwrap();
    let games = text.split("\"tally\":{\"games\":").nth(1).unwrap().split(',').next().unwrap().to_owned();
    let edited = dir.join("edited.json");
    let bumped = (games.parse::<u64>().unwrap() + 1).to_string();
    std::fs::write(
        &edited,
        text.replace(&format!("\"tally\":{{\"games\":{games},"), &format!("\"tally\":{{\"games\":{bumped},")),
    )
    .unwrap();
    let third = part("3/3", "1");
    refused(&["merge", &a, edited.to_str().unwrap(), &third], "its digest does not match");
    refused(&["merge", "variants/milton-bradley.ron"], "is not a simulation part");
    refused(&["simulate", "variants/milton-bradley.ron", "--shard", "2/3"], "write it with --out");
    let o = ladderkit(&["simulate", "variants/milton-bradley.ron", "--shard", "4/3", "--out", "x.json"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("there is no part 4 of 3"), "{}", stderr(&o));
    assert!(!Path::new("x.json").exists());
    // The three parts of seed 1 do make the run.
    let o = ladderkit(&["merge", &a, &b, &third]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert!(stdout(&o).contains("4000 games") && stdout(&o).contains("merged from 3 parts"), "{}", stdout(&o));
    std::fs::remove_dir_all(dir).unwrap();
}

#[test]
fn a_rendered_png_carries_its_variant_and_opens_as_the_file() {
    let dir = temp_dir("carry");
    let variants = Path::new(env!("CARGO_MANIFEST_DIR")).join("variants");
    let mut seen = 0;
    for entry in std::fs::read_dir(variants).unwrap() {
        let ron = entry.unwrap().path();
        let png = dir.join(ron.file_stem().unwrap()).with_extension("png");
        let o = ladderkit(&["render", ron.to_str().unwrap(), "-o", png.to_str().unwrap(), "--dpi", "20"]);
        assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
        // The picture gives the variant's canonical text back exactly.
        let from_png = ladderkit::files::load(&png).unwrap();
        let from_ron = ladderkit::files::load(&ron).unwrap();
        assert!(from_png.picture && !from_ron.picture);
        assert_eq!(from_png.text, ladderkit::core::to_string(from_ron.checked.spec.as_ref().unwrap()), "{ron:?}");
        // And the commands take it as they take the file, saying so.
        let v = ladderkit(&["validate", png.to_str().unwrap()]);
        assert_eq!(v.status.code(), Some(0), "{}", stderr(&v));
        // "ok", or the warnings a bundled variant may show (tests/variants.rs).
        let said = stdout(&v);
        assert!(
            said.contains("read from the picture: ok") || said.contains("read from the picture: 0 errors"),
            "{said}"
        );
        seen += 1;
    }
    assert!(seen >= 11);
    // Exact odds from the picture equal the file's.
    let png = dir.join("milton-bradley.png");
    let a = ladderkit(&["analyze", png.to_str().unwrap(), "--json"]);
    let b = ladderkit(&["analyze", "variants/milton-bradley.ron", "--json"]);
    assert!(stderr(&a).contains("read the variant carried by the picture"), "{}", stderr(&a));
    assert_eq!(stdout(&a), stdout(&b));
    std::fs::remove_dir_all(dir).unwrap();
}

#[test]
fn pictures_without_a_readable_variant_are_refused_clearly() {
    let dir = temp_dir("carry-hostile");
    // A plot is a PNG that carries no variant.
    let plot = dir.join("plot.png");
    let o = ladderkit(&["analyze", "variants/milton-bradley.ron", "--plot", plot.to_str().unwrap(), "--dpi", "20"]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let o = ladderkit(&["validate", plot.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("this PNG carries no variant"), "{}", stderr(&o));
    // A board picture altered in its variant fails the checksum.
    let board = dir.join("board.png");
    let o = ladderkit(&["render", "variants/milton-bradley.ron", "-o", board.to_str().unwrap(), "--dpi", "20"]);
    assert_eq!(o.status.code(), Some(0));
    let mut bytes = std::fs::read(&board).unwrap();
    let at = bytes.windows(9).position(|w| w == b"Variant(\n").expect("the variant text");
    bytes[at] = b'v';
    std::fs::write(&board, &bytes).unwrap();
    let o = ladderkit(&["analyze", board.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("fails its checksum"), "{}", stderr(&o));
    // Cut short.
    std::fs::write(&board, &bytes[..at]).unwrap();
    let o = ladderkit(&["validate", board.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("the PNG is damaged"), "{}", stderr(&o));
    std::fs::remove_dir_all(dir).unwrap();
}

#[test]
fn render_describes_a_variant_as_a_markdown_page_with_its_picture() {
    let dir = temp_dir("page");
    let page = dir.join("mb.md");
    let o = ladderkit(&["render", "variants/milton-bradley.ron", "-o", page.to_str().unwrap(), "--dpi", "20"]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let text = std::fs::read_to_string(&page).unwrap();
    assert!(text.contains("![The board](mb.png)") && text.contains("| 4 | 26.0% |"), "{text}");
    assert!(ladderkit::files::load(&dir.join("mb.png")).unwrap().picture, "the linked picture carries the variant");
    let o = ladderkit(&["render", "variants/treehouse.ron", "-o", page.to_str().unwrap(), "--dpi", "20", "--force"]);
    assert_eq!(o.status.code(), Some(0));
    assert!(std::fs::read_to_string(&page).unwrap().contains("No exact odds"));
    // Lost and extra turns: the excitement sentence from the solved game
    // (`analyze`'s 5.99 lead changes).
    let o =
        ladderkit(&["render", "variants/gameweave-small.ron", "-o", page.to_str().unwrap(), "--dpi", "20", "--force"]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let text = std::fs::read_to_string(&page).unwrap();
    assert!(text.contains("Two players: 6.0 lead changes a game"), "{text}");
    std::fs::remove_dir_all(dir).unwrap();
}

#[test]
fn solve_gives_exact_odds_for_bots_and_perfect_play() {
    let o = ladderkit(&["solve", "variants/treehouse.ron", "--policies", "random,greedy", "--json"]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let v: Value = serde_json::from_str(&stdout(&o)).unwrap();
    assert_eq!(v["players"], 2);
    assert_eq!(v["policies"], serde_json::json!(["random", "greedy"]));
    let seats: Vec<f64> = v["odds"]["seat_win"].as_array().unwrap().iter().map(|x| x.as_f64().unwrap()).collect();
    assert!((seats[0] + seats[1] - 1.0).abs() < 1e-12 && seats[1] > 0.8, "greedy beats random: {seats:?}");
    let optimal = &v["optimal"];
    assert!(optimal["residual"].as_f64().unwrap() <= 1e-12);
    assert!(optimal["first_mover_edge"].as_f64().unwrap() > 0.0, "moving first helps in Treehouse");
    for bot in ["random", "greedy", "lookahead"] {
        let per_seat = v["skill"][bot].as_array().unwrap();
        assert!(per_seat.iter().all(|p| p.as_f64().unwrap() > 0.5), "perfect play beats {bot}: {per_seat:?}");
    }
    assert!(v["positions"].as_u64().unwrap() > 10_000);

    let text = ladderkit(&["solve", "variants/treehouse.ron", "--no-skill"]);
    let out = stdout(&text);
    assert!(out.contains("Optimal play:") && out.contains("moving first is worth +"), "{out}");
    assert!(!out.contains("Does skill matter"), "--no-skill skips it: {out}");
}

#[test]
fn solve_refuses_what_it_cannot_solve_and_bad_policies() {
    let big = ladderkit(&["solve", "variants/treehouse.ron", "--max-positions", "5000"]);
    assert_eq!(big.status.code(), Some(1), "{}", stderr(&big));
    let err = stderr(&big);
    assert!(err.contains("over the limit of 5000") && err.contains("ladderkit simulate"), "{err}");
    let team = ladderkit(&["solve", "variants/treehouse-team.ron"]);
    assert_eq!(team.status.code(), Some(1), "{}", stderr(&team));
    assert!(stderr(&team).contains("about 2.2e8 positions by a rough count"), "{}", stderr(&team));

    let chips = ladderkit(&["solve", "variants/taiwan-chips.ron"]);
    assert_eq!(chips.status.code(), Some(1));
    assert!(stderr(&chips).contains("dealt face down"), "{}", stderr(&chips));

    let slow = ladderkit(&["solve", "variants/treehouse.ron", "--players", "3", "--max-time", "300ms"]);
    assert_eq!(slow.status.code(), Some(2), "{}", stderr(&slow));
    assert!(stderr(&slow).contains("longer than --max-time"), "{}", stderr(&slow));

    let bad = ladderkit(&["solve", "variants/treehouse.ron", "--policies", "clever"]);
    assert_eq!(bad.status.code(), Some(2));
    assert!(stderr(&bad).contains("unknown policy `clever`"), "{}", stderr(&bad));
    let count = ladderkit(&["solve", "variants/treehouse.ron", "--policies", "random,greedy,optimal"]);
    assert_eq!(count.status.code(), Some(2));
    assert!(stderr(&count).contains("3 policies for a table of 2 players"), "{}", stderr(&count));
}

#[test]
fn the_perfect_bot_plays_after_solving_and_is_refused_where_the_game_cannot_be_solved() {
    let o = ladderkit(&["simulate", "variants/treehouse.ron", "--bots", "perfect,random", "--games", "300", "--json"]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert!(stderr(&o).contains("solving the game for bot:perfect"), "{}", stderr(&o));
    let v: Value = serde_json::from_str(&stdout(&o)).unwrap();
    assert!(v["seat_win_rate"][0].as_f64().unwrap() > 0.75, "{v}");

    let refused = ladderkit(&["simulate", "variants/taiwan-chips.ron", "--bots", "perfect", "--players", "2"]);
    assert_eq!(refused.status.code(), Some(2));
    assert!(stderr(&refused).contains("bot:perfect cannot play this game"), "{}", stderr(&refused));
}

#[test]
fn print_writes_a_kit_and_refuses_what_it_cannot_print() {
    let dir = temp_dir("print");
    let pdf = dir.join("kit.pdf");
    let o = ladderkit(&["print", "variants/milton-bradley.ron", "-o", pdf.to_str().unwrap(), "--json"]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let report: Value = serde_json::from_str(&stdout(&o)).unwrap();
    assert_eq!((report["pages"].as_u64(), report["board_pages"].as_u64()), (Some(7), Some(4)), "{report}");
    let bytes = std::fs::read(&pdf).unwrap();
    assert!(bytes.starts_with(b"%PDF-"));
    assert_eq!(report["bytes"].as_u64(), Some(bytes.len() as u64));
    let rules: Vec<&str> = report["rules"].as_array().unwrap().iter().filter_map(Value::as_str).collect();
    assert!(rules.contains(&"Exact finish: a roll past the goal is lost."), "{rules:?}");
    let o = ladderkit(&[
        "print",
        "variants/gameweave-small.ron",
        "-o",
        pdf.to_str().unwrap(),
        "--board-size",
        "16in",
        "--paper",
        "letter",
        "--force",
    ]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert!(stdout(&o).contains("the board is"), "{}", stdout(&o));

    let wrong = ladderkit(&["print", "variants/treehouse.ron", "-o", dir.join("kit.svg").to_str().unwrap()]);
    assert_eq!(wrong.status.code(), Some(2));
    assert!(stderr(&wrong).contains("name the kit .pdf"), "{}", stderr(&wrong));
    let tiny = ladderkit(&["print", "variants/treehouse.ron", "-o", pdf.to_str().unwrap(), "--board-size", "5cm"]);
    assert_eq!(tiny.status.code(), Some(2));
    assert!(stderr(&tiny).contains("from 10 cm to 3 m"), "{}", stderr(&tiny));
    let unit = ladderkit(&["print", "variants/treehouse.ron", "-o", pdf.to_str().unwrap(), "--board-size", "40ft"]);
    assert!(stderr(&unit).contains("cm, mm, m or in"), "{}", stderr(&unit));
    let broken =
        ladderkit(&["print", "tests/fixtures/diagnostics/jump-loop.ron", "-o", pdf.to_str().unwrap(), "--force"]);
    assert_eq!(broken.status.code(), Some(1), "printed, but the errors are reported");
    assert!(stderr(&broken).contains("jump-loop"));
    std::fs::remove_dir_all(dir).unwrap();
}

/// A variant that deals its jumps per game: `deal` shows and writes a
/// game's board, `analyze --game N` analyses that board and says so, and
/// the board written out analyses the same.
#[test]
fn deal_writes_a_games_board_and_analyze_takes_the_game() {
    let dir = temp_dir("deal");
    let out = dir.join("game-3.ron");
    let o = ladderkit(&["deal", "variants/random-board.ron", "--game", "3", "-o", out.to_str().unwrap(), "--json"]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let v: serde_json::Value = serde_json::from_str(&stdout(&o)).unwrap();
    assert_eq!((v["game"].as_u64(), v["jumps"].as_array().unwrap().len()), (Some(3), 16));
    let board = ladderkit::files::load(&out).unwrap();
    let spec = board.checked.spec.unwrap();
    assert!(
        spec.random_jumps.is_none()
            && spec.jumps.len() == 16
            && !board.checked.diagnostics.iter().any(|d| d.is_error())
    );
    let dealt = ladderkit(&["analyze", "variants/random-board.ron", "--game", "3", "--json"]);
    assert!(stderr(&dealt).contains("the board of game 3"), "{}", stderr(&dealt));
    let dealt: serde_json::Value = serde_json::from_str(&stdout(&dealt)).unwrap();
    let fixed: serde_json::Value =
        serde_json::from_str(&stdout(&ladderkit(&["analyze", out.to_str().unwrap(), "--json"]))).unwrap();
    assert_eq!(dealt["dealt_for_game"].as_u64(), Some(3));
    assert_eq!(dealt["expected_rolls"], fixed["expected_rolls"]);
    let game_0: serde_json::Value =
        serde_json::from_str(&stdout(&ladderkit(&["analyze", "variants/random-board.ron", "--json"]))).unwrap();
    assert_ne!(game_0["expected_rolls"], fixed["expected_rolls"], "game 0 has a board of its own");
    // Refusals: a variant with one board, and writing over the variant.
    let o = ladderkit(&["deal", "variants/milton-bradley.ron"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("no `random_jumps`"), "{}", stderr(&o));
    let o = ladderkit(&["deal", "variants/random-board.ron", "-o", "variants/random-board.ron"]);
    assert_eq!(o.status.code(), Some(2));
    let o =
        ladderkit(&["tune", "variants/random-board.ron", "-o", dir.join("t.ron").to_str().unwrap(), "--turns", "30"]);
    assert!(stderr(&o).contains("ladderkit deal FILE --game N"), "{}", stderr(&o));
    let _ = std::fs::remove_dir_all(&dir);
}

/// The Goose: `simulate` counts the well's and the prison's catches and the
/// blocked games; `solve` says how often nobody wins, and the two agree.
#[test]
fn the_goose_reports_catches_blocked_games_and_no_winner() {
    let o = ladderkit(&["simulate", "variants/game-of-the-goose.ron", "--games", "20000", "--json"]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let v: serde_json::Value = serde_json::from_str(&stdout(&o)).unwrap();
    let waits: Vec<u64> = v["waits"].as_array().unwrap().iter().map(|w| w["space"].as_u64().unwrap()).collect();
    assert_eq!(waits, [31, 52]);
    let blocked = v["blocked"].as_f64().unwrap() / 20000.0;
    let o = ladderkit(&["solve", "variants/game-of-the-goose.ron", "--json", "--no-skill"]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let s: serde_json::Value = serde_json::from_str(&stdout(&o)).unwrap();
    let nobody = s["odds"]["no_winner"].as_f64().unwrap();
    assert!(nobody > 0.1 && (blocked - nobody).abs() < 0.02, "simulated {blocked}, solved {nobody}");
}

/// A Goose game that ends blocked (both pieces waiting) is logged and
/// replays event for event, as a won game does.
#[test]
fn a_blocked_goose_game_replays_from_its_log() {
    let dir = temp_dir("blocked");
    let log = dir.join("game.json");
    let players = "bot:random,bot:random";
    let o = ladderkit(&[
        "play",
        "variants/game-of-the-goose.ron",
        "--players",
        players,
        "--seed",
        "7",
        "--log",
        log.to_str().unwrap(),
    ]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert!(stdout(&o).contains("nobody wins"), "seed 7 is a blocked game: {}", stdout(&o));
    let r = ladderkit(&["replay", log.to_str().unwrap(), "--variant", "variants/game-of-the-goose.ron"]);
    assert_eq!(r.status.code(), Some(0), "{}", stderr(&r));
    assert!(stdout(&r).contains("every event matches the log"), "{}", stdout(&r));
    let _ = std::fs::remove_dir_all(&dir);
}

/// The tuner places space effects when asked (issue 52): Milton Bradley,
/// every jump kept, made 48 turns long with one to eight spaces that lose
/// turns, as a new user would ask for it; the result says what it
/// guards against, and the same seed gives the same board.
#[test]
fn tune_places_lost_turns_with_every_jump_kept() {
    let dir = temp_dir("tune-effects");
    let spec =
        ladderkit::core::check_source(&std::fs::read_to_string("variants/milton-bradley.ron").unwrap()).spec.unwrap();
    let keep: Vec<String> = spec.jumps.iter().map(|j| format!("{}-{}", j.from, j.to)).collect();
    let keep = keep.join(",");
    let tuned = |name: &str, json: bool| {
        let out = dir.join(name);
        let mut args = vec!["tune", "variants/milton-bradley.ron", "-o", out.to_str().unwrap()];
        args.extend(["--turns", "48", "--keep", &keep, "--lose-turns", "1..8", "--candidates", "50000"]);
        if json {
            args.push("--json");
        }
        let o = ladderkit(&args);
        assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
        (o, std::fs::read_to_string(out).unwrap())
    };
    let (o, board) = tuned("a.ron", false);
    let text = stdout(&o);
    assert!(text.contains("lose/extra/back/on/geese") && text.contains("add lose"), "{text}");
    assert!(text.contains("Guards: ") && text.contains("first-turn win"), "{text}");
    let (o, again) = tuned("b.ron", true);
    assert_eq!(board, again, "seeded");
    let v: Value = serde_json::from_str(&stdout(&o)).unwrap();
    assert!((v["after"]["expected_turns"].as_f64().unwrap() - 48.0).abs() <= 0.48, "{v}");
    let effects = v["effects"].as_array().unwrap();
    assert!((1..=8).contains(&effects.len()), "{v}");
    assert!(effects.iter().all(|e| e["effect"].get("LoseTurns").is_some()), "{v}");
    assert!(v["guards"].as_array().unwrap().len() >= 5, "{v}");
    let tuned_spec = ladderkit::core::check_source(&board).spec.unwrap();
    assert_eq!(tuned_spec.jumps, spec.jumps, "every jump kept");
    std::fs::remove_dir_all(&dir).unwrap();
}
