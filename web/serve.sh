#!/usr/bin/env bash
# Serves the web editor built by web/build.sh at http://localhost:8080/ (or
# PORT). Board links made by `ladderkit share` open here by default.
set -euo pipefail
cd "$(dirname "$0")/.."
dir="${1:-web/dist}"
port="${PORT:-8080}"
if [ ! -f "$dir/ladderkit_bg.wasm" ]; then
    echo "error: $dir has no built page; run web/build.sh first" >&2
    exit 2
fi
echo "Ladderkit at http://localhost:$port/ (Ctrl+C stops it)"
exec python3 -m http.server "$port" --bind 127.0.0.1 --directory "$dir"
