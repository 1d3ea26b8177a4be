# RUN: tilec %s -k fl -s "*fp16" --emit=tile-raw | FileCheck %s
# RUN: tilec %s -k sw -s "*i32" --emit=tile-raw | FileCheck %s --check-prefix=SW
#
# tl.flip as Triton's standard.py builds it: the elements as integers of their
# width, the flipped dimension split into dimensions of 2, each swapped by
# XOR with its XOR-sum, then back; tl.swizzle2d as its integer arithmetic.

import triton
import triton.language as tl


# CHECK-LABEL: func.func @fl
# CHECK: %[[X:.*]] = tile.load %{{.*}} : tensor<4x8x!tile.ptr<f16>>
# CHECK: %[[I:.*]] = arith.bitcast %[[X]] : tensor<4x8xf16> to tensor<4x8xi16>
# CHECK: %[[S:.*]] = tile.reshape %[[I]] : tensor<4x8xi16> -> tensor<4x2x2x2xi16>
# CHECK: tile.reduce(%[[S]]) {axis = 1 : i32}
# CHECK: arith.xori
# CHECK: tile.reduce(%{{.*}}) {axis = 2 : i32}
# CHECK: arith.xori
# CHECK: tile.reduce(%{{.*}}) {axis = 3 : i32}
# CHECK: arith.xori
# CHECK: tile.reshape %{{.*}} : tensor<4x2x2x2xi16> -> tensor<4x8xi16>
# CHECK: arith.bitcast %{{.*}} : tensor<4x8xi16> to tensor<4x8xf16>
@triton.jit
def fl(X):
    offs = tl.arange(0, 4)[:, None] * 8 + tl.arange(0, 8)[None, :]
    x = tl.load(X + offs)
    tl.store(X + offs, tl.flip(x, 1))


# SW-LABEL: func.func @sw
# SW: arith.divsi
# SW: arith.minsi
# SW: arith.remsi
# SW: arith.remsi
# SW: arith.divsi
@triton.jit
def sw(Y):
    i = tl.arange(0, 16)[:, None]
    j = tl.arange(0, 8)[None, :]
    ni, nj = tl.swizzle2d(i, j, 16, 8, 4)
    tl.store(Y + i * 8 + j, ni * 8 + nj)
