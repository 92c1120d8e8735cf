//! The RON variant format: text in, `VariantSpec` plus diagnostics out, and
//! back to canonical text. No file access here; callers bring the text.

use crate::diagnostic::{Code, Diagnostic, Span};
use crate::source_map::SourceMap;
use crate::spec::{FORMAT_VERSION, VariantSpec};

/// Bounds for files from strangers. Checked before the board is laid out,
/// so a hostile file costs at most this much memory and time.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Limits {
    pub max_bytes: usize,
    pub max_spaces: u64,
    pub max_jumps: usize,
    pub max_effects: usize,
    pub max_nesting: usize,
    /// The number a track's first space may carry (`first`).
    pub max_first_number: u32,
    /// How far from the origin a free-form space may be drawn.
    pub max_coordinate: u32,
    /// Characters in the name or the author; in the description.
    pub max_name_chars: usize,
    pub max_description_chars: usize,
}

impl Limits {
    pub const DEFAULT: Limits = Limits {
        max_bytes: 8 * 1024 * 1024,
        max_spaces: 250_000,
        max_jumps: 100_000,
        max_effects: 100_000,
        max_nesting: 64,
        max_first_number: 1_000_000,
        max_coordinate: 1_000_000,
        max_name_chars: 200,
        max_description_chars: 20_000,
    };
}

impl Default for Limits {
    fn default() -> Self {
        Self::DEFAULT
    }
}

/// The result of reading variant text: the spec when it could be read, and
/// what was wrong. A spec may come with errors (too many jumps, say).
#[derive(Debug, Clone)]
pub struct Parsed {
    pub spec: Option<VariantSpec>,
    pub diagnostics: Vec<Diagnostic>,
    pub source_map: SourceMap,
}

/// Reads variant text with the default limits.
pub fn parse(text: &str) -> Parsed {
    parse_with_limits(text, &Limits::DEFAULT)
}

pub fn parse_with_limits(text: &str, limits: &Limits) -> Parsed {
    // Editors on some systems save a UTF-8 byte order mark; it is not RON.
    // Read past it, and shift what points into the text by its length.
    if let Some(body) = text.strip_prefix('\u{feff}') {
        let mut parsed = parse_with_limits(body, limits);
        let shift = text.len() - body.len();
        for d in &mut parsed.diagnostics {
            if let Some(span) = &mut d.location.span {
                span.start += shift;
                span.end += shift;
            }
        }
        parsed.source_map.shift(shift);
        return parsed;
    }
    let source_map = SourceMap::new(text);
    let mut diagnostics = Vec::new();
    if text.len() > limits.max_bytes {
        diagnostics.push(
            Diagnostic::error(
                Code::LimitExceeded,
                format!("the file is {} bytes; the limit is {} bytes", text.len(), limits.max_bytes),
            )
            .help("variant files are small; is this really a Ladderkit variant?"),
        );
        return Parsed { spec: None, diagnostics, source_map };
    }
    // `implicit_some` lets files write `extra_turn: Total(6)` for
    // `Some(Total(6))`; the canonical text declares it in its header.
    let options = ron::Options::default().with_recursion_limit(limits.max_nesting).with_default_extension(
        ron::extensions::Extensions::IMPLICIT_SOME | ron::extensions::Extensions::UNWRAP_VARIANT_NEWTYPES,
    );
    let spec: VariantSpec = match options.from_str(text) {
        Ok(spec) => spec,
        Err(error) => {
            diagnostics.push(syntax_diagnostic(text, &error));
            return Parsed { spec: None, diagnostics, source_map };
        }
    };
    check_limits(&spec, limits, &source_map, &mut diagnostics);
    if spec.format != FORMAT_VERSION {
        let help = if spec.format > FORMAT_VERSION {
            "this file was written by a newer Ladderkit; upgrade to read it"
        } else {
            "set `format: 1`"
        };
        diagnostics.push(
            Diagnostic::error(
                Code::FormatVersion,
                format!("format version {} is not supported (this build reads {FORMAT_VERSION})", spec.format),
            )
            .help(help),
        );
    }
    Parsed { spec: Some(spec), diagnostics, source_map }
}

fn check_limits(spec: &VariantSpec, limits: &Limits, map: &SourceMap, out: &mut Vec<Diagnostic>) {
    let spaces = crate::layout::space_count(&spec.board);
    let mut exceeded = |what: &str, count: u64, max: u64, field: &str| {
        let mut d =
            Diagnostic::error(Code::LimitExceeded, format!("the variant has {count} {what}; the limit is {max}"))
                .help("split the board, or raise the limit when loading files you trust");
        if let Some(span) = map.field(field) {
            d = d.span(span);
        }
        out.push(d);
    };
    if spaces > limits.max_spaces {
        exceeded("spaces", spaces, limits.max_spaces, "board");
    }
    if spec.jumps.len() > limits.max_jumps {
        exceeded("jumps", spec.jumps.len() as u64, limits.max_jumps as u64, "jumps");
    }
    if spec.effects.len() > limits.max_effects {
        exceeded("effects", spec.effects.len() as u64, limits.max_effects as u64, "effects");
    }
    let meta = &spec.meta;
    for (what, text, max) in [
        ("name", &meta.name, limits.max_name_chars),
        ("author", &meta.author, limits.max_name_chars),
        ("description", &meta.description, limits.max_description_chars),
    ] {
        let chars = text.chars().count();
        if chars > max {
            let mut d = Diagnostic::error(
                Code::LimitExceeded,
                format!("the {what} is {chars} characters long; the limit is {max}"),
            )
            .help("a shorter text; pictures and reports print it in full");
            if let Some(span) = map.field("meta") {
                d = d.span(span);
            }
            out.push(d);
        }
    }
    if let crate::spec::Board::Track { first, .. } = spec.board
        && first > limits.max_first_number
    {
        let mut d = Diagnostic::error(
            Code::LimitExceeded,
            format!("the first space is numbered {first}; the limit is {}", limits.max_first_number),
        )
        .help("number the track from 1 (or 0 for a score track)");
        if let Some(span) = map.field("board") {
            d = d.span(span);
        }
        out.push(d);
    }
}

fn syntax_diagnostic(text: &str, error: &ron::error::SpannedError) -> Diagnostic {
    let position = error.span.start;
    let line = position.line.max(1);
    let column = position.col.max(1);
    let start = offset_of(text, line, column);
    // One character, however many bytes it takes.
    let end = start + text[start..].chars().next().map_or(0, char::len_utf8);
    let message = error.code.to_string();
    let help = syntax_help(&error.code).unwrap_or_else(|| {
        "compare with a bundled variant (variants/*.ron) or docs/format.md; `ladderkit new` writes a valid start".into()
    });
    Diagnostic::error(Code::Syntax, message).span(Span { line, column, start, end }).help(help)
}

fn syntax_help(code: &ron::Error) -> Option<String> {
    use ron::Error as E;
    Some(match code {
        E::Eof => "the file ends early: is a closing bracket missing?".into(),
        E::ExceededRecursionLimit => "the file nests deeper than any variant needs".into(),
        E::MissingStructField { field, .. } => format!("add `{field}: …` to this struct"),
        E::NoSuchStructField { expected, .. } => {
            format!("the fields allowed here are: {}", expected.join(", "))
        }
        E::NoSuchEnumVariant { expected, .. } => format!("use one of: {}", expected.join(", ")),
        E::DuplicateStructField { field, .. } => format!("remove the second `{field}`"),
        E::IntegerOutOfBounds => "numbers in a variant are small whole numbers".into(),
        E::ExpectedDifferentStructName { expected, .. } => {
            format!("write `{expected}(` here, or leave the name out and write just `(`")
        }
        _ => return None,
    })
}

/// Byte offset of a 1-based line and character column.
fn offset_of(text: &str, line: usize, column: usize) -> usize {
    let line_start: usize = text.split_inclusive('\n').take(line.saturating_sub(1)).map(str::len).sum();
    let rest = &text[line_start.min(text.len())..];
    let within = rest.char_indices().nth(column.saturating_sub(1)).map_or(rest.len(), |(i, _)| i);
    (line_start + within).min(text.len())
}

/// Writes the canonical text of a variant: pretty RON, one jump or effect per
/// line, a trailing newline. Reading it back gives the same spec.
pub fn to_string(spec: &VariantSpec) -> String {
    let config =
        ron::ser::PrettyConfig::new().depth_limit(2).struct_names(true).indentor("    ").new_line("\n").extensions(
            ron::extensions::Extensions::IMPLICIT_SOME | ron::extensions::Extensions::UNWRAP_VARIANT_NEWTYPES,
        );
    // Serialising plain data to a string cannot fail: no maps with non-string
    // keys, no I/O.
    let mut text = ron::ser::to_string_pretty(spec, config).expect("variant specs always serialise");
    text.push('\n');
    text
}

/// A fingerprint of a variant's game: FNV-1a over its canonical text,
/// the tracing picture left out. Replays carry it so they refuse a variant
/// that changed since.
pub fn variant_hash(spec: &VariantSpec) -> u64 {
    crate::digest::Fnv::default().bytes(to_string(&spec.game_only()).as_bytes()).value()
}
