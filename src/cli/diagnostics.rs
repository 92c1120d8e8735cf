//! Rendering diagnostics: source snippets for people, JSON for scripts.

use std::io::IsTerminal;
use std::path::Path;

use ariadne::{Config, IndexType, Label, Report, ReportKind, Source};
use ladderkit::core::{Diagnostic, Severity};
use serde_json::{Value, json};

/// Writes diagnostics to stderr, with the offending lines when known.
pub fn print(path: &Path, text: &str, diagnostics: &[Diagnostic]) {
    let name = path.display().to_string();
    let color = std::io::stderr().is_terminal();
    for d in diagnostics {
        let kind = match d.severity {
            Severity::Error => ReportKind::Error,
            Severity::Warning => ReportKind::Warning,
        };
        let range = d.location.span.map_or(0..0, |s| on_chars(text, s.start)..on_chars(text, s.end.max(s.start)));
        let mut report = Report::build(kind, (name.clone(), range.clone()))
            .with_config(Config::default().with_color(color).with_index_type(IndexType::Byte))
            .with_code(d.code)
            .with_message(&d.message);
        if d.location.span.is_some() {
            report = report.with_label(Label::new((name.clone(), range)).with_message(label(d)));
        }
        if let Some(help) = &d.help {
            report = report.with_help(help);
        }
        if report.finish().eprint((name.clone(), Source::from(text))).is_err() {
            eprintln!("{}: {d}", path.display());
        }
    }
}

/// A byte offset moved back onto a character boundary: ariadne slices the
/// text there and panics inside a character.
fn on_chars(text: &str, at: usize) -> usize {
    let mut at = at.min(text.len());
    while !text.is_char_boundary(at) {
        at -= 1;
    }
    at
}

fn label(d: &Diagnostic) -> String {
    let loc = &d.location;
    let mut parts = Vec::new();
    if !loc.spaces.is_empty() {
        let shown: Vec<String> = loc.spaces.iter().take(12).map(u32::to_string).collect();
        let more = if loc.spaces.len() > 12 { format!(" (+{})", loc.spaces.len() - 12) } else { String::new() };
        parts.push(format!("space {}{more}", shown.join(", ")));
    }
    if !loc.jumps.is_empty() {
        let shown: Vec<String> = loc.jumps.iter().map(|j| format!("#{}", j + 1)).collect();
        parts.push(format!("jump {}", shown.join(", ")));
    }
    if !loc.effects.is_empty() {
        let shown: Vec<String> = loc.effects.iter().map(|e| format!("#{}", e + 1)).collect();
        parts.push(format!("effect {}", shown.join(", ")));
    }
    if parts.is_empty() { "here".into() } else { parts.join("; ") }
}

/// One diagnostic as the JSON contract describes it.
pub fn to_json(d: &Diagnostic) -> Value {
    let span = d.location.span;
    json!({
        "severity": d.severity.name(),
        "code": d.code.as_str(),
        "message": d.message,
        "spaces": d.location.spaces,
        "jumps": d.location.jumps,
        "effects": d.location.effects,
        "line": span.map(|s| s.line),
        "column": span.map(|s| s.column),
        "help": d.help,
    })
}

/// "2 errors, 1 warning"
pub fn summary(diagnostics: &[Diagnostic]) -> String {
    let errors = diagnostics.iter().filter(|d| d.is_error()).count();
    let warnings = diagnostics.len() - errors;
    let plural = |n: usize, word: &str| format!("{n} {word}{}", if n == 1 { "" } else { "s" });
    format!("{}, {}", plural(errors, "error"), plural(warnings, "warning"))
}
