# RUN: tilec %s -k arz -s "*i32, *fp32, 64" --emit=tile-raw | FileCheck %s
#
# tl.arange with a nonzero start, tl.zeros with list/tuple shapes and
# positional/keyword dtype, tl.full (including a 0-d full, which is a scalar),
# tl.zeros_like.

import triton
import triton.language as tl


# CHECK-LABEL: func.func @arz
# CHECK: %[[A:.*]] = tile.make_range 0 to 64 : tensor<64xi32>
# CHECK: %[[B:.*]] = tile.make_range 16 to 80 : tensor<64xi32>
# CHECK: %[[Z:.*]] = arith.constant dense<0.000000e+00> : tensor<64xf32>
# CHECK: %[[Z2:.*]] = arith.constant dense<0> : tensor<4x64xi32>
# CHECK: %[[F:.*]] = arith.constant dense<3.500000e+00> : tensor<64xf16>
# CHECK: %[[G:.*]] = arith.constant dense<-1> : tensor<64xi32>
# CHECK: %[[S:.*]] = arith.constant 7 : i32
# CHECK: arith.addi %[[A]], %[[B]]
# CHECK: arith.addi %{{.*}}, %[[G]]
# CHECK: tile.reduce(%[[Z2]]) {axis = 0 : i32}
# CHECK: tile.splat %[[S]] : i32 -> tensor<64xi32>
# CHECK: %[[FE:.*]] = arith.extf %[[F]] : tensor<64xf16> to tensor<64xf32>
# CHECK: arith.addf %[[Z]], %[[FE]]
# CHECK: arith.constant dense<0.000000e+00> : tensor<64xf32>
# CHECK: arith.constant dense<2> : tensor<64xi32>
@triton.jit
def arz(out_ptr, f_ptr, BLOCK: tl.constexpr):
    a = tl.arange(0, BLOCK)
    b = tl.arange(16, 16 + BLOCK)
    z = tl.zeros([BLOCK], dtype=tl.float32)
    z2 = tl.zeros((4, BLOCK), tl.int32)
    f = tl.full([BLOCK], 3.5, tl.float16)
    g = tl.full((BLOCK,), -1, dtype=tl.int32)
    s = tl.full([], 7, tl.int32)
    tl.store(out_ptr + a, a + b + g + tl.sum(z2, axis=0) + s)
    tl.store(f_ptr + a, z + f)
    zl = tl.zeros_like(z)
    fl = tl.full([BLOCK], 2, tl.int32)
    tl.store(f_ptr + a, zl + fl)
