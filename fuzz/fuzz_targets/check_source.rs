//! Any text: parsed, checked and compiled, the diagnostics located.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    if let Ok(text) = std::str::from_utf8(data) {
        let checked = ladderkit_core::check_source(text);
        for d in &checked.diagnostics {
            if let Some(span) = d.location.span {
                assert!(span.start <= span.end && span.end <= text.len(), "{d:?}");
            }
        }
        if let Some(spec) = &checked.spec {
            // Canonical text reads back the same.
            let canonical = ladderkit_core::to_string(spec);
            let again = ladderkit_core::check_source(&canonical);
            assert_eq!(again.spec.as_ref().map(ladderkit_core::to_string), Some(canonical));
        }
    }
});
