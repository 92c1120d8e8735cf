//! Where things are in the variant text, so a diagnostic about jump 4 can
//! point at the line that wrote it. serde forgets positions; this small
//! scanner finds the top-level fields and the items of their lists.

use crate::diagnostic::Span;

#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct SourceMap {
    fields: Vec<(String, Span)>,
    jumps: Vec<Span>,
    effects: Vec<Span>,
    arrows: Vec<Span>,
}

impl SourceMap {
    pub fn new(text: &str) -> Self {
        Scanner::new(text).run()
    }

    /// The span of a top-level field's value (`board`, `rules`, …).
    pub fn field(&self, name: &str) -> Option<Span> {
        self.fields.iter().find(|(n, _)| n == name).map(|(_, s)| *s)
    }

    pub fn jump(&self, index: usize) -> Option<Span> {
        self.jumps.get(index).copied()
    }

    pub fn effect(&self, index: usize) -> Option<Span> {
        self.effects.get(index).copied()
    }

    pub fn arrow(&self, index: usize) -> Option<Span> {
        self.arrows.get(index).copied()
    }

    /// Moves every span `bytes` later (the text had a prefix cut off).
    pub(crate) fn shift(&mut self, bytes: usize) {
        let spans = self.fields.iter_mut().map(|(_, s)| s).chain(&mut self.jumps).chain(&mut self.effects);
        for s in spans.chain(&mut self.arrows) {
            s.start += bytes;
            s.end += bytes;
        }
    }
}

struct Scanner<'a> {
    text: &'a str,
    bytes: &'a [u8],
    at: usize,
    line: usize,
    /// Characters before `at` on its line: counted as the scanner moves,
    /// so a span costs nothing even on a one-line file.
    column: usize,
}

impl<'a> Scanner<'a> {
    fn new(text: &'a str) -> Self {
        Self { text, bytes: text.as_bytes(), at: 0, line: 1, column: 0 }
    }

    fn run(mut self) -> SourceMap {
        let mut map = SourceMap::default();
        // Enter the outermost `Variant(` or `(`, past `#![enable(…)]`
        // headers (every file `fmt` writes starts with them).
        loop {
            self.skip_trivia();
            match self.peek() {
                None => return map,
                Some(b'#') => self.skip_attribute(),
                Some(b'(') => {
                    self.bump();
                    break;
                }
                Some(_) => self.bump(),
            }
        }
        // Read `name: value,` pairs at depth 1.
        loop {
            self.skip_trivia();
            let Some(name) = self.ident() else { return map };
            self.skip_trivia();
            if self.peek() != Some(b':') {
                return map;
            }
            self.bump();
            self.skip_trivia();
            let start = self.span_here();
            let items = if self.peek() == Some(b'[') { self.list_items() } else { self.skip_value() };
            let Some(items) = items else { return map };
            let end = self.at;
            map.fields.push((name.to_owned(), Span { end, ..start }));
            match name {
                "jumps" => map.jumps = items,
                "effects" => map.effects = items,
                "arrows" => map.arrows = items,
                _ => {}
            }
            self.skip_trivia();
            if self.peek() == Some(b',') {
                self.bump();
            }
        }
    }

    /// Reads a `[ … ]` list, returning the span of each item.
    fn list_items(&mut self) -> Option<Vec<Span>> {
        self.bump();
        let mut items = Vec::new();
        loop {
            self.skip_trivia();
            match self.peek()? {
                b']' => {
                    self.bump();
                    return Some(items);
                }
                b',' => self.bump(),
                _ => {
                    let start = self.span_here();
                    self.skip_value()?;
                    if self.at == start.start {
                        // A closing bracket of the wrong kind (`[)`): the
                        // text is broken; stop rather than loop on it.
                        return None;
                    }
                    items.push(Span { end: self.at, ..start });
                }
            }
        }
    }

    /// Skips one value, brackets and strings included, stopping before the
    /// `,` or closing bracket that ends it.
    fn skip_value(&mut self) -> Option<Vec<Span>> {
        let mut depth = 0usize;
        loop {
            self.skip_trivia();
            let b = self.peek()?;
            match b {
                b'(' | b'[' | b'{' => depth += 1,
                b')' | b']' | b'}' => {
                    if depth == 0 {
                        return Some(Vec::new());
                    }
                    depth -= 1;
                }
                b',' if depth == 0 => return Some(Vec::new()),
                b'"' | b'r' | b'b' if self.at_string() => {
                    self.string();
                    continue;
                }
                b'\'' => {
                    self.character();
                    continue;
                }
                _ if b.is_ascii_alphanumeric() || b == b'_' => {
                    // A whole word at once: the `r` ending `for` is no
                    // raw string's start.
                    let _ = self.ident();
                    continue;
                }
                _ => {}
            }
            self.bump();
        }
    }

    /// Skips `#![…]` or `#[…]`.
    fn skip_attribute(&mut self) {
        self.bump();
        while matches!(self.peek(), Some(b'!') | Some(b' ')) {
            self.bump();
        }
        if self.peek() == Some(b'[') {
            let _ = self.skip_value_then_close();
        }
    }

    /// Skips a bracketed value and its closing bracket.
    fn skip_value_then_close(&mut self) -> Option<()> {
        self.bump();
        self.skip_value()?;
        self.bump();
        Some(())
    }

    /// Skips a string: `"…"` with escapes, or raw `r#"…"#` (any number of
    /// `#`, none too), byte strings alike.
    fn string(&mut self) {
        if self.peek() == Some(b'b') {
            self.bump();
        }
        if self.peek() == Some(b'r') {
            self.bump();
            let mut hashes = 0;
            while self.peek() == Some(b'#') {
                self.bump();
                hashes += 1;
            }
            self.bump();
            while let Some(b) = self.peek() {
                self.bump();
                if b == b'"' && self.bytes[self.at..].iter().take(hashes).filter(|&&h| h == b'#').count() == hashes {
                    for _ in 0..hashes {
                        self.bump();
                    }
                    return;
                }
            }
            return;
        }
        self.bump();
        while let Some(b) = self.peek() {
            self.bump();
            match b {
                b'\\' => self.bump(),
                b'"' => return,
                _ => {}
            }
        }
    }

    /// Skips a character literal, `'x'` or `'\\''`: it may be a quote.
    fn character(&mut self) {
        self.bump();
        if self.peek() == Some(b'\\') {
            self.bump();
        }
        self.bump();
        while matches!(self.peek(), Some(b) if b != b'\'') {
            self.bump();
        }
        self.bump();
    }

    /// Whether a (raw, byte) string starts here: RON reads `r"`, `r#"`,
    /// `br"`, `b"` as strings, and `r#name` as a raw identifier.
    fn at_string(&self) -> bool {
        let rest = &self.bytes[self.at..];
        let rest = rest.strip_prefix(b"b").unwrap_or(rest);
        match rest.strip_prefix(b"r") {
            Some(raw) => {
                let hashes = raw.iter().take_while(|&&b| b == b'#').count();
                raw.get(hashes) == Some(&b'"')
            }
            None => rest.first() == Some(&b'"'),
        }
    }

    /// An identifier, or a raw one (`r#jumps` names the field `jumps`).
    fn ident(&mut self) -> Option<&'a str> {
        if self.bytes[self.at..].starts_with(b"r#") {
            self.bump();
            self.bump();
            let start = self.at;
            while matches!(self.peek(), Some(b) if b.is_ascii_alphanumeric() || matches!(b, b'_' | b'.' | b'+' | b'-'))
            {
                self.bump();
            }
            return (self.at > start).then(|| &self.text[start..self.at]);
        }
        let start = self.at;
        while matches!(self.peek(), Some(b) if b.is_ascii_alphanumeric() || b == b'_') {
            self.bump();
        }
        (self.at > start).then(|| &self.text[start..self.at])
    }

    /// Skips what RON skips between tokens: its whitespace (vertical tab
    /// and the Unicode line separators too) and comments, block comments
    /// nested as in Rust.
    fn skip_trivia(&mut self) {
        loop {
            match (self.peek(), self.bytes.get(self.at + 1)) {
                (Some(b'/'), Some(b'/')) => {
                    while !matches!(self.peek(), None | Some(b'\n')) {
                        self.bump();
                    }
                }
                (Some(b'/'), Some(b'*')) => {
                    self.bump();
                    self.bump();
                    let mut depth = 1usize;
                    while depth > 0 && self.peek().is_some() {
                        let rest = &self.bytes[self.at..];
                        if rest.starts_with(b"/*") {
                            depth += 1;
                            self.bump();
                        } else if rest.starts_with(b"*/") {
                            depth -= 1;
                            self.bump();
                        }
                        self.bump();
                    }
                }
                _ => match self.text.get(self.at..).and_then(|rest| rest.chars().next()) {
                    Some(c) if is_whitespace(c) => {
                        for _ in 0..c.len_utf8() {
                            self.bump();
                        }
                    }
                    _ => return,
                },
            }
        }
    }

    fn span_here(&self) -> Span {
        Span { line: self.line, column: self.column + 1, start: self.at, end: self.at }
    }

    fn peek(&self) -> Option<u8> {
        self.bytes.get(self.at).copied()
    }

    fn bump(&mut self) {
        if let Some(b) = self.peek() {
            if b == b'\n' {
                self.line += 1;
                self.column = 0;
            } else if b & 0xC0 != 0x80 {
                // Not a UTF-8 continuation byte: a new character.
                self.column += 1;
            }
            self.at += 1;
        }
    }
}

/// RON's whitespace (`ron::parse::is_whitespace_char`, which it does not
/// export).
fn is_whitespace(c: char) -> bool {
    matches!(
        c,
        ' ' | '\t' | '\n' | '\r' | '\x0B' | '\x0C' | '\u{85}' | '\u{200E}' | '\u{200F}' | '\u{2028}' | '\u{2029}'
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn finds_list_items_and_fields() {
        let text = "Variant(\n  format: 1, // one\n  jumps: [\n    (from: 1, to: 38),\n    /* c */ (from: 16, to: 6),\n  ],\n  meta: (name: \"a, [b\"),\n)";
        let map = SourceMap::new(text);
        let j1 = map.jump(1).unwrap();
        assert_eq!((j1.line, j1.column), (5, 13));
        assert_eq!(&text[j1.start..j1.end], "(from: 16, to: 6)");
        assert_eq!(map.jump(2), None);
        let meta = map.field("meta").unwrap();
        assert_eq!(&text[meta.start..meta.end], "(name: \"a, [b\")");
    }

    #[test]
    fn never_panics_or_hangs_on_garbage() {
        for text in
            ["", "(", "((((", "Variant(jumps: [", "Variant(a: \"\\", "/*", "Variant(é: 1)", "(a:[)", "#![", "#!["]
        {
            let _ = SourceMap::new(text);
        }
    }

    #[test]
    fn the_enable_header_does_not_hide_the_fields() {
        let text = "#![enable(implicit_some)]\n#![enable(unwrap_variant_newtypes)]\nVariant(\n  format: 1,\n  jumps: [(from: 1, to: 38), (from: 16, to: 6)],\n)";
        let map = SourceMap::new(text);
        let j1 = map.jump(1).unwrap();
        assert_eq!((j1.line, j1.column), (5, 30));
        assert_eq!(&text[j1.start..j1.end], "(from: 16, to: 6)");
        assert!(map.field("format").is_some());
    }

    #[test]
    fn columns_count_characters() {
        // é is two bytes, one column.
        let map = SourceMap::new("(meta: (name: \"é\"), jumps: [(from: 1, to: 2)])");
        assert_eq!(map.jump(0).unwrap().column, 29);
    }
}
