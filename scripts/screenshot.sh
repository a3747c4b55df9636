#!/usr/bin/env bash
# Render `tatsu describe GAME --format html` and a `tatsu piece … --svg` image to PNG with headless Chromium,
# to look at what the HTML and SVG output really look like. Not used by CI.
#
# Usage: scripts/screenshot.sh [GAME] [PIECE] [OUT_DIR] [MORE tatsu piece ARGUMENTS…]
#   defaults: ryu-shogi S target/screenshots
#   e.g. scripts/screenshot.sh ryugi K /tmp/shots --at f1
# Needs chromium (Debian: apt-get install -y chromium). Uses target/release/tatsu if present, else builds debug.
set -euo pipefail
game=${1:-ryu-shogi}
piece=${2:-S}
out=${3:-target/screenshots}
shift $(( $# < 3 ? $# : 3 ))
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"
mkdir -p "$out"
out=$(cd "$out" && pwd)
tatsu=target/release/tatsu
if [[ ! -x $tatsu ]]; then
    cargo build --quiet
    tatsu=target/debug/tatsu
fi
browser=$(command -v chromium || command -v chromium-browser || command -v google-chrome || true)
if [[ -z $browser ]]; then
    echo "error: no chromium found (apt-get install -y chromium)" >&2
    exit 1
fi

"$tatsu" describe "$game" --format html > "$out/$game.html"
"$tatsu" piece "$game" "$piece" "$@" --svg "$out/$game-$piece.svg" > /dev/null
# Wrap the SVG in a page so that the screenshot has a white background and the image's own size.
printf '<!DOCTYPE html><html><body style="margin:8px;background:#fff"><img src="%s"></body></html>\n' \
    "$game-$piece.svg" > "$out/$game-$piece.html"

shoot() { # page.html out.png width height
    local profile
    profile=$(mktemp -d)
    "$browser" --headless --no-sandbox --disable-gpu --no-first-run --disable-background-networking \
        --disable-component-update --disable-sync --user-data-dir="$profile" --hide-scrollbars \
        --screenshot="$2" --window-size="$3,$4" "file://$1" 2> /dev/null || true
    rm -rf "$profile"
    [[ -s $2 ]] || { echo "error: chromium wrote no $2" >&2; exit 1; }
    echo "$2"
}
shoot "$out/$game.html" "$out/$game-describe.png" 1200 2000
# The window is the image's own size (plus the page margin).
svg_w=$(head -c 300 "$out/$game-$piece.svg" | grep -o 'width="[0-9]*"' | head -1 | tr -dc 0-9)
svg_h=$(head -c 300 "$out/$game-$piece.svg" | grep -o 'height="[0-9]*"' | head -1 | tr -dc 0-9)
shoot "$out/$game-$piece.html" "$out/$game-$piece.png" $((svg_w + 16)) $((svg_h + 16))
