# RUN: tilec %s -k kern -s "*fp32" --emit=tile | FileCheck %s
# RUN: tilec %s -k shadow -s "*fp32, 32" --emit=tile | FileCheck %s --check-prefix=SHADOW
#
# Module-level constexprs: `NAME = tl.constexpr(v)` and annotated
# `NAME: tl.constexpr = v`, globals computed from other globals, globals read
# by a helper, and a parameter shadowing a global.

import triton
import triton.language as tl

BLOCK = tl.constexpr(128)
X: tl.constexpr = 4
SCALE = tl.constexpr(0.5)
DERIVED: tl.constexpr = BLOCK * 2


@triton.jit
def times_x(v):
    return v * X


# CHECK-LABEL: func.func @kern
# CHECK-DAG: %[[Z:.*]] = arith.constant dense<0.000000e+00> : tensor<256xf32>
# CHECK-DAG: %[[HALF:.*]] = arith.constant dense<5.000000e-01> : tensor<128xf32>
# CHECK-DAG: %[[FOUR:.*]] = arith.constant dense<4.000000e+00> : tensor<128xf32>
# CHECK: tile.make_range 0 to 128 : tensor<128xi32>
# CHECK: %[[V:.*]] = tile.load
# CHECK: %[[M:.*]] = arith.mulf %[[V]], %[[FOUR]]
# CHECK: arith.mulf %[[M]], %[[HALF]]
# CHECK: tile.make_range 0 to 256 : tensor<256xi32>
# CHECK: tile.store %{{.*}}, %[[Z]] : tensor<256x!tile.ptr<f32>>
@triton.jit
def kern(x_ptr):
    offs = tl.arange(0, BLOCK)
    x = tl.load(x_ptr + offs)
    tl.store(x_ptr + offs, times_x(x) * SCALE)
    tl.store(x_ptr + tl.arange(0, DERIVED), 0.0)


# SHADOW-LABEL: func.func @shadow
# SHADOW: tile.make_range 0 to 32 : tensor<32xi32>
# SHADOW-NOT: tile.make_range 0 to 128
@triton.jit
def shadow(x_ptr, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    tl.store(x_ptr + offs, 1.0)
