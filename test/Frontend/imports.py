# RUN: tilec %s -k kern -s "*fp32:16, 64" --split-input-file --emit=tile | FileCheck %s
#
# The three ways a kernel file may name triton.language: `import ... as tl`,
# `from triton import language as tl`, and the full `triton.language.x` path.

import triton
import triton.language as tl


# CHECK-LABEL: func.func @kern
# CHECK: %[[X:.*]] = tile.load
# CHECK: arith.addf %[[X]], %{{.*}} : tensor<64xf32>
@triton.jit
def kern(x_ptr, N: tl.constexpr):
    offs = tl.arange(0, N)
    tl.store(x_ptr + offs, tl.load(x_ptr + offs) + 1.0)

# -----

import triton
from triton import language as tl


# CHECK-LABEL: func.func @kern
# CHECK: %[[X:.*]] = tile.load
# CHECK: arith.mulf %[[X]], %{{.*}} : tensor<64xf32>
@triton.jit
def kern(x_ptr, N: tl.constexpr):
    offs = tl.arange(0, N)
    tl.store(x_ptr + offs, tl.load(x_ptr + offs) * 2.0)

# -----

import triton


# CHECK-LABEL: func.func @kern
# CHECK: tile.make_range 0 to 64 : tensor<64xi32>
# CHECK: %[[X:.*]] = tile.load
# CHECK: %[[E:.*]] = math.exp %[[X]] : tensor<64xf32>
# CHECK: tile.store %{{.*}}, %[[E]]
@triton.jit
def kern(x_ptr, N: triton.language.constexpr):
    offs = triton.language.arange(0, N)
    x = triton.language.load(x_ptr + offs)
    triton.language.store(x_ptr + offs, triton.language.exp(x))
