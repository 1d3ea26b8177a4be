#!/bin/bash
# Copies Triton upstream's language tests and tutorials (commit 212600a2b,
# the Triton 3.6 line, from triton-lang/Triton-to-tile-IR's history) into
# .carry/ttests for run.sh and tutorials.sh. Nothing here is committed.
#   prepare.sh [GIT_DIR]   (default: the fetch tool's mirror)
set -eu
cd "$(dirname "$0")/../.."
G=${1:-/work/.mirror/triton-lang+Triton-to-tile-IR/repo}
rev=212600a2b
rm -rf .carry/ttests
mkdir -p .carry/ttests/unit/language .carry/ttests/tutorials
for f in test_core test_standard test_random test_libdevice test_conversions \
         test_tuple test_annotations test_block_pointer test_tensor_descriptor; do
  git -C "$G" show $rev:python/test/unit/language/$f.py > .carry/ttests/unit/language/$f.py
done
git -C "$G" show $rev:python/test/conftest.py > .carry/ttests/conftest.py
for t in 01-vector-add 02-fused-softmax 03-matrix-multiplication 04-low-memory-dropout \
         05-layer-norm 06-fused-attention 07-extern-functions 08-grouped-gemm; do
  git -C "$G" show $rev:python/tutorials/$t.py > .carry/ttests/tutorials/$t.py
done
echo "prepared .carry/ttests from $rev"
