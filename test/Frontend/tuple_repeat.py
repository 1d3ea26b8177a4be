# RUN: tilec %s -k k -s "*fp32" --emit=tile-raw | FileCheck %s
# RUN: not tilec %s -k bad -s "*fp32" --emit=tile-raw 2>&1 | FileCheck %s --check-prefix=BAD
#
# Python's repetition of a constexpr tuple or list, `[2] * n` and `n * [2]`
# (Triton's sort builds its shapes so); a count of 0 or less gives ().

import triton
import triton.language as tl


# CHECK-LABEL: func.func @k
# CHECK: tile.reshape %{{.*}} : tensor<16xf32> -> tensor<2x2x2x2xf32>
# CHECK: tile.reshape %{{.*}} : tensor<2x2x2x2xf32> -> tensor<1x16x1xf32>
@triton.jit
def k(X):
    x = tl.load(X + tl.arange(0, 16))
    n: tl.constexpr = 4
    h = tl.reshape(x, [2] * n)
    y = tl.reshape(h, 1 * [1] + [16] + [1] * 1 + [5] * -2)
    tl.store(X + tl.arange(0, 16), tl.reshape(y, [16]))


# A tuple times a tensor stays an error.
# BAD: tuple_repeat.py:[[@LINE+4]]:{{[0-9]+}}: error: unsupported operand types for '*'
@triton.jit
def bad(X):
    x = tl.load(X + tl.arange(0, 16))
    s = [2] * x
