//! README's two commands, `cargo run --bin ladderkit-editor` and
//! `cargo test --workspace`, must build every dependency with the same
//! features, or the second one compiles Bevy again (35 minutes on these
//! machines). The tests' dev-dependencies turn features on; the editor's
//! dependency on `ladderkit-hack` (cargo-hakari) turns them on for its own
//! build too. After changing dependencies: `cargo hakari generate`.

use std::collections::{BTreeMap, BTreeSet};
use std::process::Command;

/// Package → enabled features, as `cargo tree` resolves them for `args`.
fn features(args: &[&str]) -> BTreeMap<String, BTreeSet<String>> {
    let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".into());
    let output = Command::new(cargo)
        .args(["tree", "--locked", "--offline", "--prefix", "none", "--format", "{p}|{f}"])
        .args(args)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
        .expect("cargo runs");
    assert!(output.status.success(), "{}", String::from_utf8_lossy(&output.stderr));
    let mut out: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
    for line in String::from_utf8_lossy(&output.stdout).lines() {
        let Some((package, features)) = line.split_once('|') else { continue };
        // A package shown before is marked " (*)" after its features.
        let features = features.trim_end_matches(" (*)");
        // "name v1.2.3 (path) (*)" → "name v1.2.3"
        let package: String = package.split_whitespace().take(2).collect::<Vec<_>>().join(" ");
        let set = out.entry(package).or_default();
        set.extend(features.split(',').filter(|f| !f.is_empty()).map(str::to_owned));
    }
    out
}

#[test]
fn the_editor_and_the_tests_share_one_build() {
    let editor = features(&["-p", "ladderkit-editor", "-e", "normal,build"]);
    let tests = features(&["--workspace", "-e", "normal,build,dev"]);
    assert!(editor.len() > 300, "the editor's build has Bevy in it: {} packages", editor.len());
    let differ: Vec<String> = editor
        .iter()
        .filter_map(|(package, f)| {
            let t = tests.get(package)?;
            (t != f).then(|| format!("{package}: {:?}", t.symmetric_difference(f).collect::<Vec<_>>()))
        })
        .collect();
    assert!(
        differ.is_empty(),
        "built twice, with other features under `cargo test` (run `cargo hakari generate`):\n{}",
        differ.join("\n")
    );
}
