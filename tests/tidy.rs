//! Tidy tests: ARCHITECTURE.md's invariants, checked on the source text so
//! that a prose claim fails here the day it stops being true.

use std::path::{Path, PathBuf};

const PURE: [&str; 8] = ["core", "analysis", "engine", "sim", "solve", "tune", "render", "room"];

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
    let needles =
        ["std::fs", "std::env", "std::time", "std::net", "Instant", "SystemTime", "thread_rng", "rand::random"];
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

/// Every `.rs` file of the project with its path (`/`-separated) and text.
fn project_texts() -> Vec<(String, String)> {
    project_sources()
        .into_iter()
        .map(|p| (p.to_string_lossy().replace('\\', "/"), std::fs::read_to_string(&p).expect("source is UTF-8")))
        .collect()
}

/// Whether `sources` define a function, a field or a module named `name`.
fn defines(sources: &[(String, String)], name: &str) -> bool {
    let wanted = [format!("fn {name}("), format!("fn {name}<"), format!("pub {name}:"), format!("mod {name};")];
    sources.iter().any(|(_, text)| wanted.iter().any(|w| text.contains(w.as_str())))
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
    let sources = project_texts();
    let defines = |name: &str| defines(&sources, name);
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

/// A crate's parts (the files and folders under its `src/`, but its root)
/// and which import which (`crate::part`, or a name the root re-exports
/// from a part), leaving out the tests at the end of a file; and the
/// `crate::Name`s that are neither (the root's own items or re-exports of
/// other crates).
struct Imports {
    parts: Vec<String>,
    edges: std::collections::BTreeSet<(String, String)>,
    from_root: Vec<String>,
}

fn imports(src: &Path) -> Imports {
    let roots = ["lib", "main"];
    let mut parts: Vec<String> = std::fs::read_dir(src)
        .expect("a source folder")
        .map(|e| e.expect("an entry").path())
        .filter(|p| p.is_dir() || p.extension().is_some_and(|e| e == "rs"))
        .map(|p| p.file_stem().and_then(|s| s.to_str()).expect("a name").to_owned())
        .filter(|p| !roots.contains(&p.as_str()))
        .collect();
    parts.sort();
    parts.dedup();
    // `pub use part::{A, b::C};` in the root: each name to its part.
    let mut re_exported = std::collections::BTreeMap::new();
    for root in roots {
        let Ok(text) = std::fs::read_to_string(src.join(format!("{root}.rs"))) else { continue };
        for line in text.lines().filter_map(|l| l.trim().strip_prefix("pub use ")) {
            let Some((part, rest)) = line.split_once("::") else { continue };
            if parts.iter().any(|p| p == part) {
                for name in rest.trim_matches(|c| "{};".contains(c)).split(',') {
                    let name = name.trim().rsplit("::").next().unwrap_or("").trim_matches(|c| "{};".contains(c));
                    re_exported.insert(name.trim().to_owned(), part.to_owned());
                }
            }
        }
    }
    let mut edges = std::collections::BTreeSet::new();
    let mut from_root = Vec::new();
    for file in rust_files(src) {
        let relative = file.strip_prefix(src).expect("under src");
        let from = relative.components().next().and_then(|c| c.as_os_str().to_str()).expect("a part");
        let from = from.trim_end_matches(".rs");
        if roots.contains(&from) {
            continue;
        }
        let text = std::fs::read_to_string(&file).expect("source is UTF-8");
        let code = text.lines().take_while(|l| l.trim() != "#[cfg(test)]");
        for line in code.filter(|l| !l.trim_start().starts_with("//")) {
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
                let part = if parts.contains(&name) { Some(&name) } else { re_exported.get(&name) };
                match part {
                    Some(part) if part != from => {
                        edges.insert((from.to_owned(), part.clone()));
                    }
                    Some(_) => {}
                    None if !name.is_empty() => from_root.push(format!("{}: crate::{name}", relative.display())),
                    None => {}
                }
            }
        }
    }
    Imports { parts, edges, from_root }
}

/// A cycle among `imports`' parts, as the parts in order, if one exists.
fn cycle(imports: &Imports) -> Option<Vec<String>> {
    for start in &imports.parts {
        // Depth first from `start`, the path kept: a path back to `start`
        // is a cycle.
        let mut todo = vec![vec![start.clone()]];
        let mut seen = std::collections::BTreeSet::new();
        while let Some(path) = todo.pop() {
            let at = path.last().expect("a path").clone();
            for (_, to) in imports.edges.iter().filter(|(from, _)| *from == at) {
                if to == start {
                    return Some([path.clone(), vec![to.clone()]].concat());
                }
                if seen.insert(to.clone()) {
                    todo.push([path.clone(), vec![to.clone()]].concat());
                }
            }
        }
    }
    None
}

/// ARCHITECTURE.md, "Invariant: parts import downward": in every crate
/// the parts (the files and folders under `src/`) import each other
/// without a cycle, so each can be read knowing only those below it.
#[test]
fn every_crate_imports_its_parts_without_cycles() {
    let mut sources = vec![root().join("src")];
    for entry in std::fs::read_dir(root().join("crates")).expect("crates/") {
        sources.push(entry.expect("a crate").path().join("src"));
    }
    let mut checked = 0;
    for src in sources.iter().filter(|s| s.is_dir()) {
        let found = imports(src);
        if let Some(cycle) = cycle(&found) {
            panic!("{}: an import cycle: {}", src.display(), cycle.join(" -> "));
        }
        checked += found.edges.len();
    }
    assert!(
        sources.len() >= 10 && checked > 100,
        "{checked} imports in {} crates: the parser is broken",
        sources.len()
    );
}

/// ARCHITECTURE.md, `crates/ladderkit-sim`: beside having no cycle, none
/// of the crate's parts (the kernels, the tallies, the options) imports
/// from `lib.rs` (a `crate::Name` that is not a part is a re-export of the
/// root).
#[test]
fn the_simulation_crate_imports_downward_without_cycles() {
    let found = imports(&root().join("crates/ladderkit-sim/src"));
    assert!(found.parts.len() >= 5 && found.parts.iter().any(|p| p == "race"), "the crate's parts: {:?}", found.parts);
    assert!(found.from_root.is_empty(), "imports from lib.rs (name the part instead):\n{}", found.from_root.join("\n"));
    assert_eq!(cycle(&found), None);
    assert!(!found.edges.is_empty(), "no imports found: the parser is broken");
}

/// ARCHITECTURE.md, "Invariant: Bevy in the editor only": no package but
/// the editor's depends on Bevy or its crates.
#[test]
fn no_package_but_the_editor_depends_on_bevy() {
    let mut manifests = vec![root().join("Cargo.toml"), root().join("fuzz/Cargo.toml")];
    for entry in std::fs::read_dir(root().join("crates")).expect("crates/") {
        let crate_dir = entry.expect("a crate").path();
        if !crate_dir.ends_with("ladderkit-editor") {
            manifests.push(crate_dir.join("Cargo.toml"));
        }
    }
    let mut found = Vec::new();
    for manifest in &manifests {
        let text = std::fs::read_to_string(manifest).expect("a manifest");
        let mut section = "";
        for line in text.lines().map(str::trim) {
            if line.starts_with('[') {
                section = line;
            } else if section.contains("dependencies") && !section.starts_with("[workspace") && line.starts_with("bevy")
            {
                found.push(format!("{}: {section} {line}", manifest.display()));
            }
        }
    }
    assert!(manifests.len() >= 10, "{} manifests: crates/ moved?", manifests.len());
    assert!(found.is_empty(), "Bevy outside the editor:\n{}", found.join("\n"));
}

/// ARCHITECTURE.md's invariants each name what holds them: every
/// "Invariant:" bullet names a test that exists (or says the compiler
/// holds it), and every test-like name there (three words or more in
/// snake case) is a function somewhere in the project.
#[test]
fn every_invariant_names_a_test_that_exists() {
    let text = std::fs::read_to_string(root().join("ARCHITECTURE.md")).expect("ARCHITECTURE.md");
    let section = text.split("\n## Invariants\n").nth(1).expect("the Invariants heading");
    let section = section.split("\n## ").next().unwrap_or(section);
    let sources = project_texts();
    let test_like =
        |name: &str| name.matches('_').count() >= 2 && name.chars().all(|c| c.is_ascii_lowercase() || c == '_');
    let (mut bullets, mut missing, mut unheld) = (0, Vec::new(), Vec::new());
    for bullet in section.split("\n- ").skip(1) {
        let names: Vec<&str> = bullet.split('`').skip(1).step_by(2).filter(|n| test_like(n)).collect();
        missing.extend(names.iter().filter(|n| !defines(&sources, n)).map(|n| n.to_string()));
        if bullet.starts_with("Invariant:") {
            bullets += 1;
            if names.is_empty() && !bullet.contains("the compiler") {
                unheld.push(bullet.lines().next().unwrap_or(bullet).to_owned());
            }
        }
    }
    assert!(bullets >= 10, "only {bullets} invariants found");
    assert!(missing.is_empty(), "ARCHITECTURE.md's invariants name tests that do not exist: {missing:?}");
    assert!(unheld.is_empty(), "invariants that name no test: {unheld:?}");
}

/// `Seats` is the only holder of a table's player count: no field or
/// parameter named `players` or `seats` is a bare integer outside the
/// rules `Seats` asks and the two places that are not a count (a bitmask of winners in the engine's
/// events, whose logs and fingerprints keep the name; the Tune form's
/// number widget, made a `Seats` by `TuneForm::request`).
#[test]
fn the_player_count_is_held_only_by_seats() {
    let allowed = [
        // The rules of who opens and who is next, over a count the kernels
        // of a fixed table size know at compile time (`Seats` asks them).
        ("crates/ladderkit-core/src/spec.rs", "players: usize"),
        ("crates/ladderkit-engine/src/event.rs", "players: u32"),
        ("crates/ladderkit-editor/src/tune/form.rs", "players: u32"),
    ];
    let mut sources = rust_files(&root().join("src"));
    for entry in std::fs::read_dir(root().join("crates")).expect("crates/") {
        sources.extend(rust_files(&entry.expect("a crate").path().join("src")));
    }
    let mut bare = Vec::new();
    for file in sources {
        let name = file.strip_prefix(root()).unwrap_or(&file).to_string_lossy().replace('\\', "/");
        let text = std::fs::read_to_string(&file).expect("source is UTF-8");
        // Tests at a file's end may count in anything.
        let code = text.split("#[cfg(test)]").next().unwrap_or(&text);
        for (n, line) in code.lines().enumerate() {
            for held in ["players", "seats"] {
                for int in ["u8", "u16", "u32", "u64", "usize"] {
                    let declared = format!("{held}: {int}");
                    let found = line.match_indices(&declared).any(|(at, _)| {
                        let before = line[..at].chars().next_back();
                        let after = line[at + declared.len()..].chars().next();
                        !before.is_some_and(|c| c.is_alphanumeric() || c == '_' || c == '.')
                            && !after.is_some_and(|c| c.is_alphanumeric() || c == '_')
                    });
                    if found && !allowed.contains(&(name.as_str(), declared.as_str())) {
                        bare.push(format!("{name}:{}: {}", n + 1, line.trim()));
                    }
                }
            }
        }
    }
    assert!(bare.is_empty(), "a player count held outside `Seats`:\n{}", bare.join("\n"));
}
