//! Board links (`ladderkit share`, the web page's address): every bundled
//! variant survives the trip, and a damaged or hostile link is refused with
//! a located diagnostic, never a panic.

use std::path::Path;

use ladderkit::core::link::{self, Length};
use ladderkit::core::{Code, check_source, to_string, variant_hash};
use proptest::prelude::*;

fn bundled() -> Vec<(String, String)> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("variants");
    let mut out: Vec<_> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "ron"))
        .map(|p| (p.file_name().unwrap().to_string_lossy().into_owned(), std::fs::read_to_string(&p).unwrap()))
        .collect();
    out.sort();
    out
}

const BASE: &str = "https://example.org/ladderkit/";

#[test]
fn every_bundled_variant_round_trips_through_its_link() {
    let mut lengths = Vec::new();
    for (name, text) in bundled() {
        let spec = check_source(&text).spec.unwrap();
        let canonical = to_string(&spec);
        let url = link::url(BASE, &canonical);
        assert_eq!(Length::of(&url), Length::Safe, "{name}: {} characters", url.len());
        let back = link::decode(&url).unwrap_or_else(|d| panic!("{name}: {d}"));
        assert_eq!(back, canonical, "{name}");
        let reopened = check_source(&back).spec.unwrap();
        assert_eq!(variant_hash(&reopened), variant_hash(&spec), "{name}");
        let local = link::url(link::DEFAULT_BASE, &canonical).len();
        lengths.push(format!("| `{name}` | {} | {} |", group(text.len()), group(local)));
    }
    // docs/web.md states each link's length: it must stay true.
    let docs = std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("docs/web.md")).unwrap();
    let stale: Vec<_> = lengths.iter().filter(|row| !docs.contains(row.as_str())).collect();
    assert!(stale.is_empty(), "docs/web.md's link lengths are stale; now:\n{}", lengths.join("\n"));
}

/// 1234 → "1,234", as the docs print numbers.
fn group(n: usize) -> String {
    let digits = n.to_string();
    let mut out = String::new();
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(c);
    }
    out
}

/// A damaged link's diagnostic: the link's own code, on line 1, at a
/// column inside the link (or just past its end).
fn located(link: &str, d: &ladderkit::core::Diagnostic) {
    assert_eq!(d.code, Code::LinkDamaged, "{link:?}: {d:?}");
    let span = d.location.span.expect("located");
    assert_eq!(span.line, 1);
    assert!(span.column >= 1 && span.column <= link.chars().count() + 1, "{link:?}: {span:?}");
    assert!(d.help.is_some(), "{d:?}");
}

fn milton() -> String {
    let text = bundled().into_iter().find(|(n, _)| n == "milton-bradley.ron").unwrap().1;
    link::url(BASE, &to_string(&check_source(&text).spec.unwrap()))
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(512))]

    /// A link cut anywhere after its prefix is refused, located at its end.
    #[test]
    fn a_cut_link_is_refused(keep in 0.0f64..1.0) {
        let url = milton();
        let start = url.find("lk2.").unwrap() + 5;
        let cut = start + ((url.len() - start) as f64 * keep) as usize;
        let d = link::decode(&url[..cut]).unwrap_err();
        located(&url[..cut], &d);
    }

    /// A character changed or inserted anywhere gives the board back
    /// unchanged or a located refusal: the checksum lets nothing else
    /// through.
    #[test]
    fn a_changed_link_gives_the_board_or_a_refusal(at in 0.0f64..1.0, c in any::<char>(), insert in any::<bool>()) {
        let url = milton();
        let canonical = link::decode(&url).unwrap();
        let mut chars: Vec<char> = url.chars().collect();
        let i = ((chars.len() - 1) as f64 * at) as usize;
        if insert { chars.insert(i, c) } else { chars[i] = c }
        let changed: String = chars.into_iter().collect();
        match link::decode(&changed) {
            Ok(text) => prop_assert_eq!(text, canonical),
            Err(d) => located(&changed, &d),
        }
    }

    /// Anything at all: no panic, and a refusal is located.
    #[test]
    fn any_text_is_read_or_refused(text in ".{0,300}", prefixed in any::<bool>()) {
        let text = if prefixed { format!("{BASE}#lk2.{text}") } else { text };
        if let Err(d) = link::decode(&text) {
            located(&text, &d);
        }
    }

    /// Whatever a link carries is checked like a file: any bytes packed
    /// into a well-formed link are text or refused, and text goes through
    /// the same checks a file does.
    #[test]
    fn any_payload_is_checked_like_a_file(bytes in proptest::collection::vec(any::<u8>(), 0..400)) {
        let packed = miniz_oxide_free_pack(&bytes);
        match link::decode(&packed) {
            Ok(text) => {
                prop_assert_eq!(text.as_bytes(), &bytes[..]);
                let _ = check_source(&text);
            }
            Err(d) => {
                located(&packed, &d);
                prop_assert!(std::str::from_utf8(&bytes).is_err() || bytes.is_empty());
            }
        }
    }
}

/// A well-formed link around any bytes: the page's own encoder when they
/// are text, else the same packing by hand (stored deflate blocks).
fn miniz_oxide_free_pack(bytes: &[u8]) -> String {
    match std::str::from_utf8(bytes) {
        Ok(text) => link::fragment(text),
        Err(_) => {
            // zlib header, one stored block, Adler-32: what `fragment`
            // would write for bytes that are not text.
            let mut z = vec![0x78, 0x01, 0x01];
            z.extend((bytes.len() as u16).to_le_bytes());
            z.extend((!(bytes.len() as u16)).to_le_bytes());
            z.extend(bytes);
            let (mut a, mut b) = (1u32, 0u32);
            for &x in bytes {
                a = (a + u32::from(x)) % 65521;
                b = (b + a) % 65521;
            }
            z.extend(((b << 16) | a).to_be_bytes());
            format!("lk1.{}", base64url(&z))
        }
    }
}

fn base64url(bytes: &[u8]) -> String {
    const A: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
    let mut out = String::new();
    for chunk in bytes.chunks(3) {
        let n = chunk.iter().enumerate().fold(0u32, |n, (i, b)| n | u32::from(*b) << (16 - 8 * i));
        for k in 0..=chunk.len() {
            out.push(A[(n >> (18 - 6 * k) & 63) as usize] as char);
        }
    }
    out
}

#[test]
fn a_bomb_is_refused_without_unpacking_it_all() {
    // 8 MiB and a byte of spaces packs into a short link.
    let huge = " ".repeat(ladderkit::core::Limits::DEFAULT.max_bytes + 1);
    let url = link::url(BASE, &huge);
    assert!(url.len() < 20_000, "{}", url.len());
    let d = link::decode(&url).unwrap_err();
    located(&url, &d);
    assert!(d.message.contains("larger than"), "{}", d.message);
}

#[test]
fn a_long_variant_is_named_too_long() {
    let mut spec =
        ladderkit::core::spec::VariantSpec::new_grid("big", 10, 10, ladderkit::core::spec::PathStyle::Boustrophedon);
    // A description that does not compress: distinct words.
    spec.meta.description =
        (0..9000u64).map(|i| format!("{:x}", i.wrapping_mul(0x9e37_79b9_7f4a_7c15))).collect::<Vec<_>>().join(" ");
    let url = link::url(BASE, &to_string(&spec));
    assert_eq!(Length::of(&url), Length::TooLong, "{}", url.len());
    assert_eq!(link::decode(&url).unwrap(), to_string(&spec), "a long link still opens");
}
