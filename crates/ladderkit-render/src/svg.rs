//! A small SVG writer: elements with attributes, numbers rounded to two
//! decimals so the output is stable and readable (snapshot tests diff it).

use std::fmt::Write;

pub struct Svg {
    out: String,
    /// Text smaller than this is not written.
    smallest_text: f32,
}

/// A number as SVG wants it: two decimals, no trailing zeros.
pub fn n(v: f32) -> String {
    let s = format!("{v:.2}");
    let s = s.trim_end_matches('0').trim_end_matches('.');
    if s == "-0" { "0".into() } else { s.into() }
}

pub fn escape(text: &str) -> String {
    // XML 1.0 has no way to write most control characters, nor the two
    // noncharacters U+FFFE and U+FFFF: drop them.
    let text: String = text
        .chars()
        .filter(|c| (!c.is_control() || matches!(c, '\t' | '\n' | '\r')) && !matches!(c, '\u{FFFE}' | '\u{FFFF}'))
        .collect();
    text.replace('&', "&amp;").replace('<', "&lt;").replace('>', "&gt;").replace('"', "&quot;")
}

impl Svg {
    /// A document `width` × `height` millimetres, drawn in millimetres.
    pub fn new(width: f32, height: f32) -> Self {
        let mut out = String::new();
        let _ = writeln!(
            out,
            r#"<svg xmlns="http://www.w3.org/2000/svg" width="{w}mm" height="{h}mm" viewBox="0 0 {w} {h}" font-family="Ubuntu, sans-serif">"#,
            w = n(width),
            h = n(height)
        );
        Self { out, smallest_text: 0.0 }
    }

    /// Leaves out text smaller than `size` from now on.
    pub fn leave_out_text_below(&mut self, size: f32) {
        self.smallest_text = size;
    }

    /// An element with no children: `attrs` is written as given.
    pub fn el(&mut self, name: &str, attrs: &str) {
        let _ = writeln!(self.out, "<{name} {attrs}/>");
    }

    pub fn open(&mut self, name: &str, attrs: &str) {
        let _ = writeln!(self.out, "<{name} {attrs}>");
    }

    pub fn close(&mut self, name: &str) {
        let _ = writeln!(self.out, "</{name}>");
    }

    pub fn comment(&mut self, text: &str) {
        // XML comments may not hold "--": "---" needs more than one pass.
        let mut text = escape(text);
        while text.contains("--") {
            text = text.replace("--", "- -");
        }
        let _ = writeln!(self.out, "<!-- {text} -->");
    }

    pub fn rect(&mut self, x: f32, y: f32, w: f32, h: f32, rx: f32, style: &str) {
        self.el(
            "rect",
            &format!(r#"x="{}" y="{}" width="{}" height="{}" rx="{}" {style}"#, n(x), n(y), n(w), n(h), n(rx)),
        );
    }

    pub fn circle(&mut self, x: f32, y: f32, r: f32, style: &str) {
        self.el("circle", &format!(r#"cx="{}" cy="{}" r="{}" {style}"#, n(x), n(y), n(r)));
    }

    pub fn line(&mut self, a: (f32, f32), b: (f32, f32), style: &str) {
        self.el("line", &format!(r#"x1="{}" y1="{}" x2="{}" y2="{}" {style}"#, n(a.0), n(a.1), n(b.0), n(b.1)));
    }

    pub fn path(&mut self, d: &str, style: &str) {
        self.el("path", &format!(r#"d="{d}" {style}"#));
    }

    /// Text anchored at (x, y): `anchor` is start, middle or end.
    pub fn text(&mut self, x: f32, y: f32, size: f32, anchor: &str, style: &str, text: &str) {
        if size < self.smallest_text {
            return;
        }
        let style = if style.is_empty() { String::new() } else { format!(" {style}") };
        let _ = writeln!(
            self.out,
            r#"<text x="{}" y="{}" font-size="{}" text-anchor="{anchor}"{style}>{}</text>"#,
            n(x),
            n(y),
            n(size),
            escape(text)
        );
    }

    pub fn finish(mut self) -> String {
        self.out.push_str("</svg>\n");
        self.out
    }
}

/// A polyline as path data.
pub fn polyline(points: &[(f32, f32)]) -> String {
    let mut d = String::new();
    for (i, (x, y)) in points.iter().enumerate() {
        let _ = write!(d, "{}{} {}", if i == 0 { "M" } else { " L" }, n(*x), n(*y));
    }
    d
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers_are_short_and_stable() {
        assert_eq!(n(1.0), "1");
        assert_eq!(n(1.5), "1.5");
        assert_eq!(n(1.256), "1.26");
        assert_eq!(n(-0.001), "0");
        assert_eq!(escape("a<b & \"c\""), "a&lt;b &amp; &quot;c&quot;");
        assert_eq!(escape("nul\u{0} and backspace\u{8}"), "nul and backspace", "not expressible in XML");
        assert_eq!(escape("a\u{FFFE}b\u{FFFF}c\u{FFFD}"), "abc\u{FFFD}", "noncharacters are not XML either");
    }
}
