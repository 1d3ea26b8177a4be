# Tiles of rank 9 and more go all the way to PTX (issue 17: a rank-9 tile
# used to index past the 8 dimension names of the linear layouts and crash
# at --emit=ptx in the Release build). Rank 32, the limit, lowers too; rank
# 33 is a located error in the frontend (test/Frontend/Errors/limits.py).
#
# RUN: tilec %s -k rank9 -s "*fp32" --emit=ptx --no-cache | FileCheck %s --check-prefix=R9
# R9-LABEL: .entry rank9(
# R9: st.global
# RUN: tilec %s -k rank32 -s "*fp32" --emit=ptx --no-cache | FileCheck %s --check-prefix=R32
# R32-LABEL: .entry rank32(
# R32: st.global
import triton
import triton.language as tl


@triton.jit
def rank9(X):
    x = tl.arange(0, 2)[:, None, None, None, None, None, None, None, None]
    y = tl.arange(0, 4)[None, None, None, None, None, None, None, None, :]
    tl.store(X + x * 4 + y, 1.0)


@triton.jit
def rank32(X):
    x = tl.arange(0, 2)[:, None, None, None, None, None, None, None, None, None, None, None, None, None, None, None, None, None, None, None, None, None, None, None, None, None, None, None, None, None, None, None]
    tl.store(X + x, 1.0)
