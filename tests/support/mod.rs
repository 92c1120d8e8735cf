//! Running the `ladderkit` binary from the command-line test suites
//! (`tests/cli.rs`, `tests/adversarial/`), in the checkout's folder.

use std::io::Write;
use std::process::{Command, Output, Stdio};

pub fn ladderkit(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_ladderkit")).args(args).current_dir(env!("CARGO_MANIFEST_DIR")).output().unwrap()
}

/// The command line with `input` on stdin (bytes, so not UTF-8 too).
pub fn ladderkit_with_input(args: &[&str], input: impl AsRef<[u8]>) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_ladderkit"))
        .args(args)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    child.stdin.take().unwrap().write_all(input.as_ref()).unwrap();
    child.wait_with_output().unwrap()
}

/// `play` of Treehouse, a person against a random bot, seed 1, logged to
/// `log`, with `input` typed by the person.
pub fn play_treehouse_logged(log: &std::path::Path, input: impl AsRef<[u8]>) -> Output {
    let args = ["play", "variants/treehouse.ron", "--players", "human,bot:random", "--seed", "1", "--log"];
    let mut args = args.to_vec();
    args.push(log.to_str().unwrap());
    ladderkit_with_input(&args, input)
}

/// `simulate --shard K/M --out` of Milton Bradley: part `k_of_m` of a
/// `games`-game run with `seed` (and `extra` arguments), written into
/// `dir`. Returns the part's path.
pub fn simulate_part(dir: &std::path::Path, games: &str, seed: &str, k_of_m: &str, extra: &[&str]) -> String {
    let out = dir.join(format!("seed{seed}-{}.json", k_of_m.replace('/', "of")));
    let out = out.to_str().unwrap();
    let mut args = vec!["simulate", "variants/milton-bradley.ron", "--games", games, "--seed", seed, "--shard", k_of_m];
    args.extend_from_slice(extra);
    args.extend_from_slice(&["--out", out]);
    let o = ladderkit(&args);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    out.to_owned()
}

pub fn stdout(o: &Output) -> String {
    String::from_utf8_lossy(&o.stdout).into_owned()
}

pub fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}
