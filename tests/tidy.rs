//! Tidy tests: ARCHITECTURE.md's invariants, checked on the source text so
//! that a prose claim fails here the day it stops being true.

use std::path::{Path, PathBuf};

const PURE: [&str; 7] = ["core", "analysis", "engine", "sim", "solve", "tune", "render"];

fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

/// Every `.rs` file under `dir`, recursively, sorted.
fn rust_files(dir: &Path) -> Vec<PathBuf> {
    let mut out = Vec::new();
    let mut todo = vec![dir.to_path_buf()];
    while let Some(dir) = todo.pop() {
        for entry in std::fs::read_dir(&dir).unwrap_or_else(|e| panic!("{}: {e}", dir.display())) {
            let path = entry.expect("a directory entry").path();
            if path.is_dir() {
                todo.push(path);
            } else if path.extension().is_some_and(|e| e == "rs") {
                out.push(path);
            }
        }
    }
    out.sort();
    out
}

/// `(file, line number, line)` for each line of code (not a comment) under
/// `dir` that contains one of `needles`, leaving out files `allowed` names.
fn find(dir: &Path, needles: &[&str], allowed: impl Fn(&Path) -> bool) -> Vec<String> {
    let mut hits = Vec::new();
    for file in rust_files(dir) {
        if allowed(&file) {
            continue;
        }
        let text = std::fs::read_to_string(&file).expect("source is UTF-8");
        for (n, line) in text.lines().enumerate() {
            let code = line.trim_start();
            if code.starts_with("//") {
                continue;
            }
            if needles.iter().any(|needle| code.contains(needle)) {
                let shown = file.strip_prefix(root()).unwrap_or(&file).display();
                hits.push(format!("{shown}:{}: {}", n + 1, code));
            }
        }
    }
    hits
}

#[test]
fn the_core_crates_touch_no_files_clocks_environment_or_global_rng() {
    let needles = ["std::fs", "std::env", "std::time", "Instant", "SystemTime", "thread_rng", "rand::random"];
    let mut hits = Vec::new();
    for name in PURE {
        let src = root().join("crates").join(format!("ladderkit-{name}")).join("src");
        assert!(src.is_dir(), "{} is gone: update PURE", src.display());
        hits.extend(find(&src, &needles, |_| false));
    }
    assert!(hits.is_empty(), "I/O in a core crate (ARCHITECTURE.md, Invariants):\n{}", hits.join("\n"));
}

#[test]
fn the_editor_has_one_code_path_for_desktop_and_web() {
    let src = root().join("crates/ladderkit-editor/src");
    // Background work is stepped by `jobs`, on every target: no threads.
    // Clocks come from Bevy's platform layer (std's panics on the web).
    let threads = find(&src, &["std::thread", "thread::spawn", "std::time::Instant"], |_| false);
    // The facade's library is in the page too (the kit, saves): no std clock
    // outside the command line.
    let cli = root().join("src/cli");
    let facade = find(&root().join("src"), &["Instant"], |file| file.starts_with(&cli));
    assert!(facade.is_empty(), "a std clock in the library the page uses:\n{}", facade.join("\n"));
    assert!(threads.is_empty(), "threads or std's clock in the editor:\n{}", threads.join("\n"));
    // What differs between the desktop and the page lives behind `platform`.
    let seam = |file: &Path| file.starts_with(src.join("platform")) || file == src.join("main.rs");
    let apis = find(&src, &["rfd::", "web_sys", "js_sys", "wasm_bindgen"], seam);
    assert!(apis.is_empty(), "platform APIs outside platform/:\n{}", apis.join("\n"));
    let cfgs = find(&src, &["cfg(target_arch", "cfg(target_family", "cfg(target_os"], seam);
    assert!(cfgs.is_empty(), "a target switch outside platform/:\n{}", cfgs.join("\n"));
}

#[test]
fn architecture_names_every_editor_module() {
    let text = std::fs::read_to_string(root().join("ARCHITECTURE.md")).expect("ARCHITECTURE.md");
    let src = root().join("crates/ladderkit-editor/src");
    let mut missing = Vec::new();
    for entry in std::fs::read_dir(&src).expect("the editor's sources") {
        let path = entry.expect("an entry").path();
        let name = path.file_stem().and_then(|s| s.to_str()).expect("a file name").to_owned();
        if ["lib", "main"].contains(&name.as_str()) {
            continue;
        }
        if !text.contains(&format!("`{name}`")) {
            missing.push(name);
        }
    }
    missing.sort();
    assert!(missing.is_empty(), "ARCHITECTURE.md's editor section does not name: {missing:?}");
}

#[test]
fn the_command_line_prints_only_through_terminal() {
    // `terminal` escapes what would steer a terminal; a `println!` beside it
    // would print a variant's name raw (docs/security.md).
    let cli = root().join("src/cli");
    let hits = find(
        &cli,
        &["println!", "print!(", "eprintln!", "eprint!(", "io::stdout()", "io::stderr()", "dbg!("],
        |file| file == cli.join("terminal.rs"),
    );
    assert!(hits.is_empty(), "output that bypasses src/cli/terminal.rs:\n{}", hits.join("\n"));
    let main = std::fs::read_to_string(root().join("src/main.rs")).expect("src/main.rs");
    assert!(!main.contains("print"), "src/main.rs prints: it should only call cli::run");
}

#[test]
fn the_command_line_writes_files_only_through_the_one_writer_and_rule() {
    // Every file a command writes goes through `ladderkit::files` (atomic,
    // links and hard links handled: docs/security.md, "Saves"), never by a
    // path of its own.
    let cli = root().join("src/cli");
    let writes = ["fs::write", "File::create", "OpenOptions", "fs::copy", "fs::rename"];
    let direct = find(&cli, &writes, |_| false);
    assert!(direct.is_empty(), "a command writing a file by its own path:\n{}", direct.join("\n"));
    // The editor likewise, but for its `--report` log (written line by line
    // for the tests that drive the window, docs/security.md) and the keys
    // test that rewrites docs/editor.md when asked.
    let editor = root().join("crates/ladderkit-editor/src");
    let own = find(&editor, &writes, |f| f == editor.join("report.rs") || f == editor.join("keys.rs"));
    assert!(own.is_empty(), "the editor writing a file by its own path:\n{}", own.join("\n"));
    // Every file the editor reads goes through `ladderkit::files` too,
    // within its kind's size limit (docs/security.md), but for the keys
    // test reading docs/editor.md.
    let reads = ["fs::read_to_string", "fs::read(", "File::open", "read_dir"];
    let own = find(&editor, &reads, |f| f == editor.join("keys.rs"));
    assert!(own.is_empty(), "the editor reading a file by its own path, without a size limit:\n{}", own.join("\n"));
    // And every command that saves asks the one overwrite rule first
    // (`output::Overwrite`), but for `fmt`, which rewrites its input in
    // place, and the scoreboard, whose `save` and `save!` are that rule
    // typed at its prompt.
    let exempt = ["fmt.rs", "scoreboard.rs", "output.rs"];
    let mut unruled = Vec::new();
    for file in rust_files(&cli) {
        let name = file.file_name().and_then(|n| n.to_str()).unwrap_or_default();
        let text = std::fs::read_to_string(&file).expect("source is UTF-8");
        let saves = ["files::save_", "save_variant(", "save_picture(", "write_table("].iter().any(|s| text.contains(s));
        if saves && !exempt.contains(&name) && !text.contains("overwrite") {
            unruled.push(file.strip_prefix(root()).unwrap_or(&file).display().to_string());
        }
    }
    assert!(unruled.is_empty(), "commands that save without output::Overwrite: {unruled:?}");
}

/// Every `.rs` file of the project (the build's own folders left out).
fn project_sources() -> Vec<PathBuf> {
    let mut files = rust_files(&root().join("src"));
    files.extend(rust_files(&root().join("crates")));
    files.extend(rust_files(&root().join("tests")));
    files
}

/// The backticked names in the right-hand column of ARCHITECTURE.md's
/// "Where each rule lives" table.
fn rule_table_names() -> Vec<String> {
    let text = std::fs::read_to_string(root().join("ARCHITECTURE.md")).expect("ARCHITECTURE.md");
    let table = text.split("## Where each rule lives").nth(1).expect("the rule table's heading");
    let table = table.split("\n## ").next().unwrap_or(table);
    let mut names = Vec::new();
    for row in table.lines().filter(|l| l.starts_with('|') && !l.starts_with("|--") && !l.starts_with("| rule |")) {
        let cells: Vec<&str> = row.trim_matches('|').split(" | ").collect();
        let Some(where_) = cells.last() else { continue };
        names.extend(where_.split('`').skip(1).step_by(2).map(str::to_owned));
    }
    names
}

/// A stale claim is a bug: every file, test and function the rule table
/// names exists (files by the end of their path; functions, tests,
/// methods, fields and modules by their definition somewhere in the
/// project).
#[test]
fn the_rule_table_names_only_what_exists() {
    let sources: Vec<(String, String)> = project_sources()
        .into_iter()
        .map(|p| (p.to_string_lossy().replace('\\', "/"), std::fs::read_to_string(&p).expect("source is UTF-8")))
        .collect();
    // A function, a field or a module of that name.
    let defines = |name: &str| {
        let wanted = [format!("fn {name}("), format!("fn {name}<"), format!("pub {name}:"), format!("mod {name};")];
        sources.iter().any(|(_, text)| wanted.iter().any(|w| text.contains(w.as_str())))
    };
    let snake = |s: &str| !s.is_empty() && s.chars().all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '_');
    let names = rule_table_names();
    assert!(names.len() > 50, "the table's names were not found ({} of them)", names.len());
    let mut missing = Vec::new();
    let mut checked = 0;
    for name in &names {
        let name = name.trim_end_matches("()");
        let found = if name.ends_with(".rs") {
            sources.iter().any(|(path, _)| path.ends_with(&format!("/{name}")))
        } else if let Some((_, last)) = name.rsplit_once("::").filter(|(_, last)| snake(last)) {
            defines(last)
        } else if snake(name) && name.contains('_') {
            defines(name)
        } else {
            continue;
        };
        checked += 1;
        if !found {
            missing.push(name.to_owned());
        }
    }
    assert!(checked > 40, "only {checked} names could be checked");
    assert!(missing.is_empty(), "ARCHITECTURE.md's rule table names what does not exist: {missing:?}");
}

/// ARCHITECTURE.md, `crates/ladderkit-sim`: the crate's parts (the files
/// and folders under `src/`: the kernels, the tallies, the options) import
/// each other without a cycle, and none imports from `lib.rs` (a
/// `crate::Name` that is not a part is a re-export of the root).
#[test]
fn the_simulation_crate_imports_downward_without_cycles() {
    let src = root().join("crates/ladderkit-sim/src");
    let parts: Vec<String> = rust_files(&src)
        .iter()
        .filter(|f| f.parent() == Some(src.as_path()) && !f.ends_with("lib.rs"))
        .map(|f| f.file_stem().and_then(|s| s.to_str()).expect("a name").to_owned())
        .collect();
    assert!(parts.len() >= 5 && parts.iter().any(|p| p == "race"), "the crate's parts: {parts:?}");
    let mut edges = std::collections::BTreeSet::new();
    let mut upward = Vec::new();
    for file in rust_files(&src) {
        let relative = file.strip_prefix(&src).expect("under src");
        let from = relative.components().next().and_then(|c| c.as_os_str().to_str()).expect("a part");
        let from = from.trim_end_matches(".rs");
        if from == "lib" {
            continue;
        }
        let text = std::fs::read_to_string(&file).expect("source is UTF-8");
        for line in text.lines().filter(|l| !l.trim_start().starts_with("//")) {
            for (at, _) in line.match_indices("crate::") {
                let rest = &line[at + "crate::".len()..];
                let name: String = rest.chars().take_while(|c| c.is_alphanumeric() || *c == '_').collect();
                let name = if name.is_empty() {
                    // `use crate::{A, b::C}`: each name in the braces.
                    let inner = rest.trim_start_matches('{');
                    inner.split([',', '}']).next().unwrap_or("").trim().split("::").next().unwrap_or("").to_owned()
                } else {
                    name
                };
                if parts.contains(&name) {
                    if name != from {
                        edges.insert((from.to_owned(), name));
                    }
                } else if !name.is_empty() {
                    upward.push(format!("{}: crate::{name}", relative.display()));
                }
            }
        }
    }
    assert!(upward.is_empty(), "imports from lib.rs (name the part instead):\n{}", upward.join("\n"));
    // A cycle: some part reaches itself by following the edges.
    for start in &parts {
        let mut seen = vec![start.clone()];
        let mut todo = vec![start.clone()];
        while let Some(at) = todo.pop() {
            for (_, to) in edges.iter().filter(|(from, _)| *from == at) {
                assert!(to != start, "an import cycle through {start}: {edges:?}");
                if !seen.contains(to) {
                    seen.push(to.clone());
                    todo.push(to.clone());
                }
            }
        }
    }
    assert!(!edges.is_empty(), "no imports found: the parser is broken");
}
