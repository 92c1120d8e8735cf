//! Rendering diagnostics: source snippets for people, JSON for scripts.

use std::io::Write as _;
use std::path::Path;

use ariadne::{Config, IndexType, Label, Report, ReportKind, Source};
use ladderkit::core::{Diagnostic, Severity, Span};
use serde_json::{Value, json};

use super::terminal;

/// Reports shown in full in text mode; the rest are counted (`--json` lists
/// every one). A file of 100,000 broken jumps is not read report by report.
const SHOWN: usize = 100;
/// Source lines longer than this (a minified file) are shown as an excerpt
/// around the place instead of whole under every report.
const LONG_LINE: usize = 240;

/// Writes diagnostics to stderr, with the offending lines when known. The
/// file's text, its name and the messages are shown as `terminal` makes
/// them safe (a control character in a comment is shown as its escape, and
/// the places move with it).
pub fn print(path: &Path, text: &str, diagnostics: &[Diagnostic]) {
    let name = terminal::clean(&path.display().to_string()).into_owned();
    let color = terminal::stderr_is_terminal();
    let shown = terminal::Shown::of(text);
    // Indexed once: building it is a pass over the whole text.
    let source = Source::from(&*shown.text);
    let mut err = Vec::new();
    for d in diagnostics.iter().take(SHOWN) {
        let kind = match d.severity {
            Severity::Error => ReportKind::Error,
            Severity::Warning => ReportKind::Warning,
        };
        let range = d
            .location
            .span
            .map_or(0..0, |s| shown.at(on_chars(text, s.start))..shown.at(on_chars(text, s.end.max(s.start))));
        let mut report = Report::build(kind, (name.clone(), range.clone()))
            .with_config(Config::default().with_color(color).with_index_type(IndexType::Byte))
            .with_code(d.code)
            .with_message(terminal::clean(&d.message));
        // ariadne prints notes and help only under a source line, so a
        // report without one gets them drawn here, in the same frame.
        let mut boxed = Vec::new();
        match d.location.span {
            Some(span) if line_around(&shown.text, range.start).len() > LONG_LINE => {
                boxed = excerpt(&shown.text, &name, span, range.clone(), &label(d));
            }
            Some(_) => report = report.with_label(Label::new((name.clone(), range)).with_message(label(d))),
            None => {}
        }
        if let Some(help) = &d.help {
            let help = terminal::clean(help);
            if d.location.span.is_some() && boxed.is_empty() {
                report = report.with_help(help);
            } else {
                boxed.push(format!("Help: {help}"));
            }
        }
        let mut one = Vec::new();
        if report.finish().write((name.clone(), &source), &mut one).is_ok() {
            err.extend(at_the_file_place(one, &name, d.location.span));
        } else {
            let _ = writeln!(err, "{name}: {}", terminal::clean(&d.to_string()));
        }
        if !boxed.is_empty() {
            for line in &boxed {
                let _ = writeln!(err, "   │ {line}");
            }
            let _ = writeln!(err, "───╯");
        }
    }
    if let Some(rest) = diagnostics.get(SHOWN..).filter(|rest| !rest.is_empty()) {
        let _ = writeln!(err, "… and {} more not shown ({}); `--json` lists every one", rest.len(), summary(rest));
    }
    terminal::err_report(&err);
}

/// A report whose heading names the place as the file has it. ariadne
/// counts columns in the text as shown, where a control character is six
/// (`\u000C`); `--json` and the editor count them in the file.
fn at_the_file_place(report: Vec<u8>, name: &str, span: Option<Span>) -> Vec<u8> {
    let Some(span) = span else { return report };
    let text = match String::from_utf8(report) {
        Ok(text) => text,
        Err(e) => return e.into_bytes(),
    };
    let lead = format!(" {name}:");
    let Some(at) = text.find(&lead).map(|i| i + lead.len()) else { return text.into_bytes() };
    let len = text[at..].find(|c: char| !(c.is_ascii_digit() || c == ':')).unwrap_or(text.len() - at);
    format!("{}{}:{}{}", &text[..at], span.line, span.column, &text[at + len..]).into_bytes()
}

/// The line holding byte `at`, without its newline.
fn line_around(text: &str, at: usize) -> &str {
    let start = text[..at].rfind('\n').map_or(0, |i| i + 1);
    let end = text[at..].find('\n').map_or(text.len(), |i| at + i);
    &text[start..end]
}

/// A few dozen characters either side of `range` on its (long) line, with
/// the place underlined: the lines of a framed excerpt.
fn excerpt(text: &str, name: &str, span: Span, range: std::ops::Range<usize>, what: &str) -> Vec<String> {
    let line = line_around(text, range.start);
    let line_start = line.as_ptr() as usize - text.as_ptr() as usize;
    let from = on_chars(text, range.start.saturating_sub(60).max(line_start));
    let to = on_chars(text, (range.end.max(range.start) + 60).min(line_start + line.len()));
    let lead = if from > line_start { "…" } else { "" };
    let tail = if to < line_start + line.len() { "…" } else { "" };
    let before = lead.chars().count() + text[from..range.start].chars().count();
    let width = text[range.start..range.end.min(to)].chars().count().max(1);
    vec![
        format!(
            "at {name}:{}:{} (a line of {} characters, shown in part)",
            span.line,
            span.column,
            line.chars().count()
        ),
        format!("{lead}{}{tail}", &text[from..to]),
        format!("{}{} {what}", " ".repeat(before), "^".repeat(width)),
    ]
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
