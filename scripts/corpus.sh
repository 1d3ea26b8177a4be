#!/usr/bin/env bash
#===- scripts/corpus.sh - compile the corpus of real kernels --------------===#
#
# Builds tilec (scripts/build.sh), then compiles every kernel of
# bench/corpus/manifest.tsv unchanged, for sm_90a, and records the run under
# bench/results/DATE-corpus/ (results.json, results.md). The kernels' sources
# are read from local copies of their repositories, never from this repo:
# $TILEC_CORPUS_SRC (extracted trees <owner>+<name>/) or $TILEC_CORPUS_MIRROR
# (bare git mirrors <owner>+<name>/repo, extracted on first use).
# Extra arguments go to scripts/corpus.py (--only REGEX, --jobs N, --out DIR).
#
#===----------------------------------------------------------------------===#
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
BUILD="${TILEC_BUILD_DIR:-$ROOT/build}"
bash "$ROOT/scripts/build.sh" tilec
OUT="$ROOT/bench/results/$(date -u +%F)-corpus"
exec python3 "$ROOT/scripts/corpus.py" --tilec "$BUILD/bin/tilec" --out "$OUT" "$@"
