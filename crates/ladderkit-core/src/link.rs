//! A variant as a link: its canonical text, compressed (zlib) behind an
//! FNV-1a 64 digest of the text, and written in base64url after `lk2.` in
//! the fragment of the web page's address, e.g.
//! `https://example.org/ladderkit/#lk2.…`. A fragment never reaches the
//! server, so the board travels in the link alone. The digest is what
//! catches a damaged link: zlib's own Adler-32 lets through a change of
//! three bytes by −d, +2d, −d (one changed character of a link did that:
//! `"(co"` came out as `"\"oi"`). Links of format 1 (`lk1.`, zlib's
//! checksum only) are still read.
//!
//! Reading a link is reading a file someone sent: it is bounded like one
//! (`Limits::DEFAULT.max_bytes` of text), and what is wrong with it is a
//! located diagnostic (line 1, the column in the link as given), never a
//! panic. The text inside then goes through `check_source` like a file's.

use base64::Engine as _;
use base64::engine::{DecodePaddingMode, GeneralPurpose, GeneralPurposeConfig};
use miniz_oxide::inflate::TINFLStatus;

use crate::diagnostic::{Code, Diagnostic, Span};
use crate::format::Limits;

/// What a fragment begins with: the link format's version.
pub const PREFIX: &str = "lk2.";
/// Format 1: the same without the digest (read, no longer written).
const PREFIX_1: &str = "lk1.";
/// The digest's bytes, before the compressed text.
const TAG: usize = 8;

/// Links longer than this may be cut by mail and chat programs (the old
/// 2,083-character limit of Internet Explorer is still what many honour).
pub const SAFE_LENGTH: usize = 2_000;

/// The longest link `share` and the editor make. Browsers open far longer
/// ones (Chromium two million characters), but a link this long is easier
/// sent as the file.
pub const LONGEST: usize = 32_000;

/// Where a shared board opens when no page is named: the page that
/// `web/serve.sh` serves on this machine.
pub const DEFAULT_BASE: &str = "http://localhost:8080/";

/// Base64url without padding; padding is accepted when reading.
const BASE64: GeneralPurpose = GeneralPurpose::new(
    &base64::alphabet::URL_SAFE,
    GeneralPurposeConfig::new().with_encode_padding(false).with_decode_padding_mode(DecodePaddingMode::Indifferent),
);

/// What to do with a link that was cut or changed on its way.
const DAMAGED: &str = "copy the whole link again: mail and chat programs sometimes cut long links or change them";

/// What to do with a link that carries more than a variant may be.
const TOO_LARGE: &str = "Ladderkit makes no link this large: ask for the variant file instead";

/// How hard to compress: the best, as links are short and made rarely.
const LEVEL: u8 = 10;

/// The fragment (without `#`) that carries `text`.
pub fn fragment(text: &str) -> String {
    let mut packed = digest(text.as_bytes()).to_le_bytes().to_vec();
    packed.extend(miniz_oxide::deflate::compress_to_vec_zlib(text.as_bytes(), LEVEL));
    format!("{PREFIX}{}", BASE64.encode(packed))
}

fn digest(text: &[u8]) -> u64 {
    crate::digest::Fnv::default().bytes(text).value()
}

/// The address of the page at `base` opening `text` (any fragment of
/// `base` is replaced).
pub fn url(base: &str, text: &str) -> String {
    let base = base.split('#').next().unwrap_or_default();
    format!("{base}#{}", fragment(text))
}

/// Whether a link is short enough to send as it is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Length {
    /// Up to `SAFE_LENGTH`: works everywhere.
    Safe,
    /// Up to `LONGEST`: opens in every browser, but some programs cut it.
    Long,
    /// Over `LONGEST`: send the file instead.
    TooLong,
}

impl Length {
    pub fn of(url: &str) -> Self {
        match url.chars().count() {
            n if n <= SAFE_LENGTH => Self::Safe,
            n if n <= LONGEST => Self::Long,
            _ => Self::TooLong,
        }
    }
}

/// The variant text a link carries, or what is wrong with the link.
/// `link` is a whole address, a fragment with or without its `#`.
pub fn decode(link: &str) -> Result<String, Box<Diagnostic>> {
    // Columns count characters of `link` as given, from 1; a place inside a
    // character (a byte a decoder named) is that character's.
    let boundary = |byte: usize| (0..=byte.min(link.len())).rev().find(|&b| link.is_char_boundary(b)).unwrap_or(0);
    let column = |byte: usize| link[..boundary(byte)].chars().count() + 1;
    let at = |start: usize, end: usize| {
        let (start, end) = (boundary(start), boundary(end.max(start)));
        Span { line: 1, column: column(start), start, end }
    };
    let refuse = |message: String, span: Span, help: &str| {
        Box::new(Diagnostic::error(Code::LinkDamaged, message).span(span).help(help))
    };
    let trimmed_start = link.len() - link.trim_start().len();
    let end = link.trim_end().len();
    // Blank text trims to nothing from both ends (`trimmed_start > end`).
    let fragment_start = link[..end].find('#').map_or(trimmed_start.min(end), |i| i + 1);
    let fragment = &link[fragment_start..end];
    let tagged = fragment.starts_with(PREFIX);
    if !tagged && !fragment.starts_with(PREFIX_1) {
        let newer = fragment.strip_prefix("lk").and_then(|rest| rest.split_once('.')).map(|(v, _)| v);
        let message = match newer {
            Some(version) if !version.is_empty() && version.chars().all(|c| c.is_ascii_digit()) => {
                format!(
                    "this link was made in link format {version}, which this Ladderkit cannot read (it reads 1 and 2)"
                )
            }
            _ => format!("this is not a Ladderkit board link: its part after `#` should start with `{PREFIX}`"),
        };
        let span = at(fragment_start, fragment_start + fragment.len().min(PREFIX.len()));
        return Err(refuse(
            message,
            span,
            "a board link looks like https://…/#lk1.eJz…; `ladderkit share FILE` makes one",
        ));
    }
    let data_start = fragment_start + PREFIX.len();
    let data = &fragment[PREFIX.len()..];
    let whole = at(data_start, end);
    let cut = || refuse(format!("the link is cut short after {} characters", column(end) - 1), at(end, end), DAMAGED);
    if data.is_empty() {
        let prefix = &fragment[..PREFIX.len()];
        return Err(refuse(format!("the link carries no board: nothing follows `{prefix}`"), whole, DAMAGED));
    }
    // Base64 of the most compressed text a file may hold is far shorter.
    let max_text = Limits::DEFAULT.max_bytes;
    if data.len() > max_text * 2 {
        let message = format!("the link is {} characters long, too long to be a board link", link.len());
        return Err(refuse(message, whole, TOO_LARGE));
    }
    let packed = BASE64.decode(data).map_err(|e| match e {
        base64::DecodeError::InvalidByte(offset, byte) => {
            let shown = if byte.is_ascii_graphic() { format!("`{}`", byte as char) } else { format!("byte {byte}") };
            let span = at(data_start + offset, data_start + offset + 1);
            refuse(format!("the link is damaged: {shown} cannot appear in a board link"), span, DAMAGED)
        }
        _ => cut(),
    })?;
    let (tag, packed) = if tagged {
        let (tag, rest) = packed.split_at_checked(TAG).ok_or_else(cut)?;
        (Some(u64::from_le_bytes(tag.try_into().expect("TAG bytes"))), rest)
    } else {
        (None, packed.as_slice())
    };
    let text = miniz_oxide::inflate::decompress_to_vec_zlib_with_limit(packed, max_text).map_err(|e| {
        let (message, help) = match e.status {
            TINFLStatus::HasMoreOutput => (
                format!("the board in this link is larger than {} MiB, the most a variant may be", max_text >> 20),
                TOO_LARGE,
            ),
            TINFLStatus::NeedsMoreInput | TINFLStatus::FailedCannotMakeProgress => return cut(),
            TINFLStatus::Adler32Mismatch => {
                ("the link is damaged: what it carries does not match its checksum".into(), DAMAGED)
            }
            _ => ("the link is damaged: what it carries cannot be unpacked".into(), DAMAGED),
        };
        refuse(message, whole, help)
    })?;
    if tag.is_some_and(|tag| tag != digest(&text)) {
        return Err(refuse("the link is damaged: what it carries does not match its checksum".into(), whole, DAMAGED));
    }
    String::from_utf8(text)
        .map_err(|_| refuse("the link is damaged: what it carries is not text".into(), whole, DAMAGED))
}

#[cfg(test)]
mod tests {
    use super::*;

    const TEXT: &str = "(format: 1, meta: (name: \"Tiny\"), board: Track(spaces: 10))\n";

    /// zlib's Adler-32 is blind to three bytes changed by −d, +2d, −d: a
    /// link whose packed text was changed so still unpacks, and only the
    /// digest of format 2 refuses it.
    #[test]
    fn the_digest_refuses_what_zlibs_checksum_lets_through() {
        let adler = |t: &str| {
            t.bytes()
                .fold((1u32, 0u32), |(a, b), x| ((a + u32::from(x)) % 65521, (b + (a + u32::from(x)) % 65521) % 65521))
        };
        let (sent, received) = ("dice: Dice(count: 1, sides: 6)", "dice: Dice\"oiunt: 1, sides: 6)");
        assert_eq!(adler(sent), adler(received), "the change zlib cannot see");
        let packed = miniz_oxide::deflate::compress_to_vec_zlib(received.as_bytes(), LEVEL);
        let format_1 = format!("{PREFIX_1}{}", BASE64.encode(&packed));
        assert_eq!(decode(&format_1).unwrap(), received, "format 1 lets it through");
        let mut tagged = digest(sent.as_bytes()).to_le_bytes().to_vec();
        tagged.extend(packed);
        let d = decode(&format!("{PREFIX}{}", BASE64.encode(tagged))).unwrap_err();
        assert!(d.message.contains("does not match its checksum"), "{}", d.message);
    }

    #[test]
    fn a_link_gives_back_its_text() {
        let url = url("https://example.org/lk/#old", TEXT);
        assert!(url.starts_with("https://example.org/lk/#lk2."), "{url}");
        assert_eq!(decode(&url).unwrap(), TEXT);
        assert_eq!(decode(&fragment(TEXT)).unwrap(), TEXT);
        assert_eq!(decode(&format!("  #{}\n", fragment(TEXT))).unwrap(), TEXT, "pasted with spaces");
        assert_eq!(Length::of(&url), Length::Safe);
    }

    /// Blank text trims to nothing from both ends; slicing between the two
    /// panicked (found by `tests/link.rs`' `any_text_is_read_or_refused`).
    #[test]
    fn blank_text_is_refused_not_a_panic() {
        for blank in ["", "\t", "   ", " \n\t "] {
            let d = decode(blank).unwrap_err();
            assert_eq!(d.code, Code::LinkDamaged, "{blank:?}");
            assert!(d.message.contains("not a Ladderkit board link"), "{blank:?}: {}", d.message);
        }
    }

    #[test]
    fn a_cut_link_is_located_at_its_end() {
        let url = url("http://h/", TEXT);
        for cut in [url.len() - 1, url.len() - 5, "http://h/#lk2.".len() + 3] {
            let d = decode(&url[..cut]).unwrap_err();
            let span = d.location.span.unwrap();
            assert_eq!((d.code, span.line), (Code::LinkDamaged, 1));
            assert!(d.message.contains("cut short") || d.message.contains("damaged"), "{cut}: {}", d.message);
            assert!(span.column > "http://h/#lk2.".len(), "{cut}: {span:?}");
        }
    }

    #[test]
    fn a_foreign_character_is_located_where_it_is() {
        let mut url = url("http://h/", TEXT);
        let at = "http://h/#lk2.".len() + 4;
        url.replace_range(at..at + 1, "*");
        let d = decode(&url).unwrap_err();
        assert_eq!(d.location.span.unwrap().column, at + 1);
        assert!(d.message.contains("`*`"), "{}", d.message);
    }

    #[test]
    fn other_links_and_versions_are_named() {
        assert!(decode("https://example.org/").unwrap_err().message.contains("not a Ladderkit board link"));
        assert!(decode("#lk7.AAAA").unwrap_err().message.contains("link format 7"));
        assert!(decode("#lk1.").unwrap_err().message.contains("no board"));
    }

    #[test]
    fn a_bomb_is_refused_by_size() {
        let huge = "a".repeat(Limits::DEFAULT.max_bytes + 1);
        let d = decode(&fragment(&huge)).unwrap_err();
        assert!(d.message.contains("larger than 8 MiB"), "{}", d.message);
    }
}
