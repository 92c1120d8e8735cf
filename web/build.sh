#!/usr/bin/env bash
# Builds the web editor into web/dist (or the folder given): index.html, the
# editor compiled to WebAssembly (ladderkit_bg.wasm) and its JS glue
# (ladderkit.js). The page fetches nothing else; serve the folder with
# web/serve.sh, or from any static host.
#
# It uses whichever compiler for wasm32-unknown-unknown the machine has:
#   - rustup's, after `rustup target add wasm32-unknown-unknown`;
#   - Debian's `rustc-web` (with `rust-web-src` and `lld`), which builds the
#     standard library for the web itself (where rustup cannot add targets).
# and wasm-bindgen-cli at Cargo.lock's version, installed on first use.
# The build has its own target folder (WEB_TARGET_DIR, default
# target/web), so it never invalidates the desktop build. WEB_PROFILE=web-small
# builds a smaller module to publish, slowly (docs/web.md).
set -euo pipefail
cd "$(dirname "$0")/.."
out="${1:-web/dist}"
target_dir="${WEB_TARGET_DIR:-target/web}"
# `web`, or `web-small` for a page to publish (Cargo.toml says the cost).
profile="${WEB_PROFILE:-web}"
case "$profile" in
    web | web-small) ;;
    *) echo "error: WEB_PROFILE is web or web-small, not '$profile'" >&2; exit 2 ;;
esac
wasm="$target_dir/wasm32-unknown-unknown/$profile/ladderkit-editor.wasm"
# WebAssembly's SIMD everywhere: the solvers' linear algebra (faer, pulp)
# already needs relaxed SIMD of the browser, so this asks nothing more of
# it, and egui's glyph painter takes its SIMD path instead of a far larger
# scalar stand-in (docs/web.md). index.html checks the browser first.
export RUSTFLAGS="${RUSTFLAGS:+$RUSTFLAGS }-C target-feature=+simd128"

if rustup target list --installed 2>/dev/null | grep -qx wasm32-unknown-unknown; then
    echo "== building the editor for the web (rustup's wasm32 target)"
    CARGO_TARGET_DIR="$target_dir" cargo build --locked --profile "$profile" \
        --target wasm32-unknown-unknown -p ladderkit-editor
elif [ -x /usr/bin/rustc ] && [ -x /usr/bin/cargo ] && [ -d /usr/lib/rustlib/src/rust/library ] \
    && command -v wasm-ld >/dev/null; then
    echo "== building the editor for the web (Debian's rustc-web, building std for wasm32)"
    RUSTC_BOOTSTRAP=1 RUSTC=/usr/bin/rustc CARGO_TARGET_WASM32_UNKNOWN_UNKNOWN_LINKER=wasm-ld \
        CARGO_TARGET_DIR="$target_dir" /usr/bin/cargo build --locked --profile "$profile" \
        --target wasm32-unknown-unknown -Zbuild-std=std,panic_abort -p ladderkit-editor
else
    echo "error: no Rust compiler for the web (wasm32-unknown-unknown) on this machine" >&2
    echo "hint: \`rustup target add wasm32-unknown-unknown\`, or on Debian" >&2
    echo "      \`apt-get install rustc-web rust-web-src lld\`" >&2
    exit 2
fi

# wasm-bindgen's glue must be made by the CLI of the very version the
# editor links, or the page fails as it starts.
version="$(grep -A1 '^name = "wasm-bindgen"$' Cargo.lock | sed -n 's/^version = "\(.*\)"$/\1/p')"
tools="${LADDERKIT_TOOLS:-${XDG_CACHE_HOME:-$HOME/.cache}/ladderkit}/wasm-bindgen-$version"
bindgen="$tools/bin/wasm-bindgen"
if ! "$bindgen" --version 2>/dev/null | grep -q " $version\$"; then
    echo "== installing wasm-bindgen-cli $version into $tools (once, about two minutes)"
    # Only the binder: without the test runner's TLS (ring, rustls), a
    # third less to compile.
    cargo install wasm-bindgen-cli --version "$version" --root "$tools" --no-default-features --bin wasm-bindgen
fi

echo "== binding the module into $out"
mkdir -p "$out"
# Function names would double the download (about 50 MB of Bevy's
# generic names); a panic's message still reaches the console.
"$bindgen" --target web --no-typescript --remove-name-section --remove-producers-section \
    --out-dir "$out" --out-name ladderkit "$wasm"
cp web/index.html "$out/index.html"
# The help overlay links to these, beside the page.
mkdir -p "$out/docs"
cp docs/format.md docs/editor.md "$out/docs/"
size="$(stat -c %s "$out/ladderkit_bg.wasm")"
gz="$(gzip -9 -c "$out/ladderkit_bg.wasm" | wc -c)"
echo "built $out: ladderkit_bg.wasm $((size / 1024)) KiB ($((gz / 1024)) KiB gzipped)"
