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
}

struct Scanner<'a> {
    text: &'a str,
    bytes: &'a [u8],
    at: usize,
    line: usize,
    line_start: usize,
}

impl<'a> Scanner<'a> {
    fn new(text: &'a str) -> Self {
        Self { text, bytes: text.as_bytes(), at: 0, line: 1, line_start: 0 }
    }

    fn run(mut self) -> SourceMap {
        let mut map = SourceMap::default();
        // Enter the outermost `Variant(` or `(`.
        loop {
            self.skip_trivia();
            match self.peek() {
                None => return map,
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
                b'"' => {
                    self.string();
                    continue;
                }
                _ => {}
            }
            self.bump();
        }
    }

    fn string(&mut self) {
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

    fn ident(&mut self) -> Option<&'a str> {
        let start = self.at;
        while matches!(self.peek(), Some(b) if b.is_ascii_alphanumeric() || b == b'_') {
            self.bump();
        }
        (self.at > start).then(|| &self.text[start..self.at])
    }

    fn skip_trivia(&mut self) {
        loop {
            match (self.peek(), self.bytes.get(self.at + 1)) {
                (Some(b), _) if b.is_ascii_whitespace() => self.bump(),
                (Some(b'/'), Some(b'/')) => {
                    while !matches!(self.peek(), None | Some(b'\n')) {
                        self.bump();
                    }
                }
                (Some(b'/'), Some(b'*')) => {
                    self.bump();
                    self.bump();
                    while self.peek().is_some() && !self.bytes[self.at..].starts_with(b"*/") {
                        self.bump();
                    }
                    self.bump();
                    self.bump();
                }
                _ => return,
            }
        }
    }

    fn span_here(&self) -> Span {
        let column = self.text[self.line_start..self.at].chars().count() + 1;
        Span { line: self.line, column, start: self.at, end: self.at }
    }

    fn peek(&self) -> Option<u8> {
        self.bytes.get(self.at).copied()
    }

    fn bump(&mut self) {
        if let Some(b) = self.peek() {
            if b == b'\n' {
                self.line += 1;
                self.line_start = self.at + 1;
            }
            self.at += 1;
        }
    }
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
    fn never_panics_on_garbage() {
        for text in ["", "(", "((((", "Variant(jumps: [", "Variant(a: \"\\", "/*", "Variant(é: 1)"] {
            let _ = SourceMap::new(text);
        }
    }
}
