# RUN: tilec %s -k k -s "*fp32, i32, 16" --split-input-file --emit=tile-raw | FileCheck %s
#
# `name: tl.constexpr = value` in a kernel body, as Triton 3.6 accepts it:
# a compile-time value stays constexpr (usable as a shape), and a runtime
# value is accepted too (Triton wraps it in a constexpr; the name holds the
# runtime value).

import triton
import triton.language as tl


# CHECK-LABEL: func.func @k
# CHECK: tile.make_range 0 to 32 : tensor<32xi32>
# CHECK: %[[M:.*]] = arith.muli %arg1, %{{.*}} : i32
# CHECK: tile.splat %[[M]]
@triton.jit
def k(x_ptr, n, B: tl.constexpr):
    TWICE: tl.constexpr = B * 2
    offs = tl.arange(0, TWICE)
    stride: tl.constexpr = n * 3
    tl.store(x_ptr + offs, (offs + stride).to(tl.float32))
