//! Everything the command line prints goes through here (`say!` to
//! stdout, `tell!` to stderr, `fail`, and the diagnostics' reports), so
//! that text from others (a variant's name and comments, a log's seat
//! names, file paths) cannot steer the terminal it is shown on or the
//! forum post it is pasted into.
//!
//! The characters that steer a terminal or reorder text (C0 controls but
//! tab and newline, a carriage return not before a newline, DEL, C1
//! controls, the bidirectional marks, embeddings, overrides and isolates,
//! and the line and paragraph separators) are written as `\uXXXX`. That is
//! also JSON's escape for the same character, so `--json` output stays
//! exact: a JSON reader gets the very strings Ladderkit had.

use std::borrow::Cow;
use std::io::{IsTerminal, Write};

/// Whether `c` is shown as its escape (a carriage return only when no
/// newline follows it, which `clean` decides).
fn steers(c: char) -> bool {
    matches!(
        c,
        '\0'..='\x08'
            | '\x0b'..='\x1f'
            | '\x7f'..='\u{9f}'
            | '\u{061c}'
            | '\u{200e}'
            | '\u{200f}'
            | '\u{2028}'..='\u{202e}'
            | '\u{2066}'..='\u{2069}'
    )
}

/// The characters of `text` that `clean` escapes, with their byte offsets.
fn escaped(text: &str) -> impl Iterator<Item = (usize, char)> + '_ {
    let bytes = text.as_bytes();
    text.char_indices().filter(move |&(at, c)| steers(c) && !(c == '\r' && bytes.get(at + 1) == Some(&b'\n')))
}

/// `text` with every character that would steer a terminal written as
/// `\uXXXX`; borrowed when there is none.
pub fn clean(text: &str) -> Cow<'_, str> {
    Shown::of(text).text
}

/// Text made safe to show, and where each byte of the original went: the
/// diagnostics show a file's lines and point into them.
pub struct Shown<'a> {
    pub text: Cow<'a, str>,
    /// (offset in the original just after an escaped character, bytes the
    /// shown text has gained up to there), in order.
    moved: Vec<(usize, usize)>,
}

impl<'a> Shown<'a> {
    pub fn of(text: &'a str) -> Self {
        let mut found = escaped(text).peekable();
        if found.peek().is_none() {
            return Self { text: Cow::Borrowed(text), moved: Vec::new() };
        }
        let mut shown = String::with_capacity(text.len() + 16);
        let mut moved = Vec::new();
        let (mut from, mut gained) = (0, 0);
        for (at, c) in found {
            shown.push_str(&text[from..at]);
            let escape = format!("\\u{:04X}", u32::from(c));
            gained += escape.len() - c.len_utf8();
            shown.push_str(&escape);
            from = at + c.len_utf8();
            moved.push((from, gained));
        }
        shown.push_str(&text[from..]);
        Self { text: Cow::Owned(shown), moved }
    }

    /// Where byte `at` of the original is in the shown text (a place
    /// inside an escaped character maps to its escape's start).
    pub fn at(&self, at: usize) -> usize {
        match self.moved.partition_point(|&(after, _)| after <= at) {
            0 => at,
            i => at + self.moved[i - 1].1,
        }
    }
}

/// A line to stdout. A reader that goes away (`| head`) ends the program
/// quietly instead of with a panic.
pub fn out(line: &str) {
    let mut out = std::io::stdout().lock();
    if writeln!(out, "{}", clean(line)).and_then(|()| out.flush()).is_err() {
        std::process::exit(0);
    }
}

/// A prompt to stdout, without a newline.
pub fn prompt(text: &str) {
    let mut out = std::io::stdout().lock();
    if write!(out, "{}", clean(text)).and_then(|()| out.flush()).is_err() {
        std::process::exit(0);
    }
}

/// A line to stderr (errors, notes, warnings).
pub fn err(line: &str) {
    let _ = writeln!(std::io::stderr().lock(), "{}", clean(line));
}

/// Whether stderr is a terminal (colours, progress bars).
pub fn stderr_is_terminal() -> bool {
    std::io::stderr().is_terminal()
}

/// A diagnostics report, drawn from text that went through `Shown` and
/// `clean` already: its own escapes are the colours it asked for.
pub fn err_report(bytes: &[u8]) {
    let mut err = std::io::stderr().lock();
    let _ = err.write_all(bytes).and_then(|()| err.flush());
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn steering_characters_are_escaped_and_the_rest_kept() {
        let name = "A\u{1b}]0;pwned\u{7}B\u{1b}[2JC\u{202e}D\u{9b}E\rF\r\nG\tH é ✓ 🐍";
        assert_eq!(clean(name), "A\\u001B]0;pwned\\u0007B\\u001B[2JC\\u202ED\\u009BE\\u000DF\r\nG\tH é ✓ 🐍");
        assert!(matches!(clean("plain, with a newline\nand a tab\t"), Cow::Borrowed(_)));
    }

    #[test]
    fn an_escaped_json_string_reads_back_as_the_same_string() {
        let name = "x\u{202e}y\u{85}z\u{7f}\u{2066}";
        let json = serde_json::json!({ "name": name }).to_string();
        let shown = clean(&json);
        assert!(!shown.chars().any(steers), "{shown}");
        let back: serde_json::Value = serde_json::from_str(&shown).unwrap();
        assert_eq!(back["name"], name);
    }

    #[test]
    fn offsets_move_with_the_escapes() {
        let text = "ab\u{1b}cd\u{202e}ef";
        let shown = Shown::of(text);
        for (at, c) in text.char_indices().filter(|&(_, c)| !steers(c)) {
            assert_eq!(shown.text[shown.at(at)..].chars().next(), Some(c), "{at}");
        }
        assert_eq!(shown.at(text.len()), shown.text.len());
        assert_eq!(shown.at(2), 2, "an escape starts where its character was");
    }
}
