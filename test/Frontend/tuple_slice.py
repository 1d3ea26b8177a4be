# RUN: tilec %s -k k -s "*i32" --split-input-file --emit=tile-raw | FileCheck %s
#
# A constexpr tuple sliced with Python's rules (`x.shape[:-1]`, as Triton's
# standard.py slices shapes): bounds and step are constexpr ints or None,
# negative bounds count from the end, and out-of-range bounds clamp.

import triton
import triton.language as tl


# CHECK-LABEL: func.func @k
# CHECK: tile.reshape %{{.*}} : tensor<2x4x8xi32> -> tensor<8x4x2xi32>
@triton.jit
def k(X):
    t: tl.constexpr = (2, 4, 8)
    tl.static_assert(t[:-1] == (2, 4))
    tl.static_assert(t[1:] == (4, 8))
    tl.static_assert(t[-5:10] == (2, 4, 8))
    tl.static_assert(t[::2] == (2, 8))
    tl.static_assert(t[5:] == ())
    x = tl.load(X + tl.arange(0, 64))
    y = tl.reshape(tl.reshape(x, t), t[::-1])
    tl.store(X + tl.arange(0, 64), tl.reshape(y, (64,)))
