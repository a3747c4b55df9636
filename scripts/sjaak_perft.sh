#!/usr/bin/env bash
# Perft of an exported Sjaak II definition, counted by Sjaak II itself (a local check: Sjaak II is not in CI).
# Usage: sjaak_perft.sh DEFINITION VARIANT DEPTH [FEN]   (prints one line: the node count)
set -euo pipefail
sjaak="${SJAAK:-/usr/games/sjaakii}"
{
  echo "load $1"
  echo "variant $2"
  echo "new"
  if [ $# -ge 4 ]; then echo "setboard $4"; fi
  echo "perft $3"
} | timeout 600 "$sjaak" 2>&1 | sed 's/\x1b\[[0-9;]*m//g' | sed -E "s/^.*> //" | grep -E "^ *$3 +[0-9]+ " | awk '{print $2}'
