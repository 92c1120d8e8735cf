//! Pictures that carry their variant: the canonical variant text in a PNG
//! `iTXt` chunk (keyword `ladderkit-variant`, uncompressed UTF-8), so a board
//! posted as a picture is also the file to open. Reading checks every chunk's
//! length and CRC before trusting it: the picture may come from anyone.

/// The chunk's keyword.
pub const KEYWORD: &str = "ladderkit-variant";

const SIGNATURE: &[u8; 8] = b"\x89PNG\r\n\x1a\n";

/// Why a picture's variant could not be read.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum CarryError {
    /// The chunks run past the end of the file, or a length is impossible.
    Damaged,
    /// A chunk's checksum does not match: the file was altered or cut.
    Checksum { chunk: String },
    /// The variant chunk is larger than the limit for variant files.
    TooLarge { bytes: usize, limit: usize },
    /// The text is compressed (Ladderkit writes it plain) or not UTF-8.
    Unreadable(&'static str),
}

impl std::fmt::Display for CarryError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Self::Damaged => write!(f, "the PNG is damaged (its chunks run past the end of the file)"),
            Self::Checksum { chunk } => {
                write!(f, "the PNG's {chunk} chunk fails its checksum (the file was altered or cut)")
            }
            Self::TooLarge { bytes, limit } => {
                write!(f, "the variant in the PNG is {bytes} bytes; variant files are at most {limit} bytes")
            }
            Self::Unreadable(why) => write!(f, "the variant in the PNG cannot be read: {why}"),
        }
    }
}

impl std::error::Error for CarryError {}

/// Whether `bytes` is a PNG (by its signature).
pub fn is_png(bytes: &[u8]) -> bool {
    bytes.starts_with(SIGNATURE)
}

/// `png` with `variant` added as an `iTXt` chunk just before `IEND`.
/// Anything that is not a whole PNG is returned as it is.
pub fn embed(png: &[u8], variant: &str) -> Vec<u8> {
    let Some(end) = chunks(png).ok().and_then(|c| c.into_iter().find(|c| c.kind == *b"IEND")).map(|c| c.start) else {
        return png.to_vec();
    };
    // keyword, NUL, compression flag 0, method 0, empty language, NUL,
    // empty translated keyword, NUL, then the text.
    let mut data = Vec::with_capacity(KEYWORD.len() + 5 + variant.len());
    data.extend_from_slice(KEYWORD.as_bytes());
    data.extend_from_slice(&[0, 0, 0, 0, 0]);
    data.extend_from_slice(variant.as_bytes());
    let mut out = Vec::with_capacity(png.len() + data.len() + 12);
    out.extend_from_slice(&png[..end]);
    out.extend_from_slice(&(data.len() as u32).to_be_bytes());
    let typed: Vec<u8> = b"iTXt".iter().chain(&data).copied().collect();
    out.extend_from_slice(&typed);
    out.extend_from_slice(&crc32fast::hash(&typed).to_be_bytes());
    out.extend_from_slice(&png[end..]);
    out
}

/// The variant text a PNG carries, `None` if it carries none. Texts over
/// `limit` bytes are refused before they are copied.
pub fn embedded(png: &[u8], limit: usize) -> Result<Option<String>, CarryError> {
    for chunk in chunks(png)? {
        if chunk.kind != *b"iTXt" {
            continue;
        }
        let data = &png[chunk.start + 8..chunk.start + 8 + chunk.len];
        let Some(rest) = data.strip_prefix(KEYWORD.as_bytes()).and_then(|r| r.strip_prefix(&[0])) else { continue };
        let typed = &png[chunk.start + 4..chunk.start + 8 + chunk.len];
        let stored = &png[chunk.start + 8 + chunk.len..chunk.start + 12 + chunk.len];
        if crc32fast::hash(typed).to_be_bytes() != stored {
            return Err(CarryError::Checksum { chunk: format!("{KEYWORD} text") });
        }
        let [compressed, _method, rest @ ..] = rest else {
            return Err(CarryError::Unreadable("the chunk is cut short"));
        };
        if *compressed != 0 {
            return Err(CarryError::Unreadable("it is compressed (Ladderkit writes it plain)"));
        }
        // Language tag and translated keyword, each up to a NUL.
        let mut text = rest;
        for _ in 0..2 {
            let nul = text.iter().position(|b| *b == 0).ok_or(CarryError::Unreadable("the chunk is cut short"))?;
            text = &text[nul + 1..];
        }
        if text.len() > limit {
            return Err(CarryError::TooLarge { bytes: text.len(), limit });
        }
        let text = std::str::from_utf8(text).map_err(|_| CarryError::Unreadable("it is not UTF-8"))?;
        return Ok(Some(text.to_owned()));
    }
    Ok(None)
}

struct Chunk {
    /// Offset of the chunk's length field.
    start: usize,
    len: usize,
    kind: [u8; 4],
}

/// Every chunk's place, each checked to lie inside the file.
fn chunks(png: &[u8]) -> Result<Vec<Chunk>, CarryError> {
    if !is_png(png) {
        return Err(CarryError::Damaged);
    }
    let mut out = Vec::new();
    let mut at = SIGNATURE.len();
    while at < png.len() {
        let header = png.get(at..at + 8).ok_or(CarryError::Damaged)?;
        let len = u32::from_be_bytes([header[0], header[1], header[2], header[3]]) as usize;
        let kind = [header[4], header[5], header[6], header[7]];
        let end = at.checked_add(12).and_then(|e| e.checked_add(len)).filter(|e| *e <= png.len());
        let end = end.ok_or(CarryError::Damaged)?;
        out.push(Chunk { start: at, len, kind });
        at = end;
        if kind == *b"IEND" {
            break;
        }
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn picture() -> Vec<u8> {
        crate::raster::png(r#"<svg xmlns="http://www.w3.org/2000/svg" width="4mm" height="4mm"></svg>"#, 25.4).unwrap()
    }

    #[test]
    fn a_carried_variant_reads_back_and_the_picture_still_decodes() {
        let text = "Variant(format: 1, meta: (name: \"é → ★\"))";
        let png = embed(&picture(), text);
        assert_eq!(embedded(&png, 1 << 20).unwrap().as_deref(), Some(text));
        assert!(resvg::tiny_skia::Pixmap::decode_png(&png).is_ok(), "still a PNG");
        assert_eq!(embedded(&picture(), 1 << 20).unwrap(), None, "a plain picture carries nothing");
    }

    #[test]
    fn hostile_chunks_are_refused() {
        let png = embed(&picture(), "Variant()");
        let at = png.windows(4).position(|w| w == b"iTXt").unwrap();
        // A flipped byte of the text fails the checksum.
        let mut flipped = png.clone();
        flipped[at + 4 + KEYWORD.len() + 6] ^= 1;
        assert!(matches!(embedded(&flipped, 1 << 20), Err(CarryError::Checksum { .. })));
        // A length running past the end of the file.
        let mut long = png.clone();
        long[at - 4..at].copy_from_slice(&u32::MAX.to_be_bytes());
        assert_eq!(embedded(&long, 1 << 20), Err(CarryError::Damaged));
        // Cut short.
        assert_eq!(embedded(&png[..at + 6], 1 << 20), Err(CarryError::Damaged));
        // Over the limit, before any copy.
        assert_eq!(embedded(&png, 4), Err(CarryError::TooLarge { bytes: 9, limit: 4 }));
        // Not UTF-8 (with a valid checksum).
        let bad = embed(&picture(), "\u{0}");
        let mut bytes = bad.clone();
        let at = bytes.windows(4).position(|w| w == b"iTXt").unwrap();
        let text_at = at + 4 + KEYWORD.len() + 5;
        bytes[text_at] = 0xff;
        let len = u32::from_be_bytes(bytes[at - 4..at].try_into().unwrap()) as usize;
        let crc = crc32fast::hash(&bytes[at..at + 4 + len]).to_be_bytes();
        bytes[at + 4 + len..at + 8 + len].copy_from_slice(&crc);
        assert_eq!(embedded(&bytes, 1 << 20), Err(CarryError::Unreadable("it is not UTF-8")));
        assert_eq!(embedded(b"not a png at all", 1 << 20), Err(CarryError::Damaged));
    }
}
