# RUN: tilec %s -k k -s "*fp32" --split-input-file --emit=tile-raw | FileCheck %s
#
# tl.bitonic_merge (tilec's prelude, sort.py): one merge of Triton's bitonic
# network over the last dimension, log2(n) compare-and-exchange steps on the
# hypercube view, ascending or descending.

import triton
import triton.language as tl


# 8 elements: a cube of 3 dimensions, 3 exchange steps, outermost first.
# CHECK-LABEL: func.func @k
# CHECK: %[[H:.*]] = tile.reshape %{{.*}} : tensor<8xf32> -> tensor<2x2x2xf32>
# CHECK: tile.reduce(%{{.*}}) {axis = 0 : i32} : (tensor<2x2x2xi32>)
# CHECK: arith.cmpf ogt, %[[H]]
# CHECK: tile.reduce(%{{.*}}) {axis = 1 : i32} : (tensor<2x2x2xi32>)
# CHECK: tile.reduce(%{{.*}}) {axis = 2 : i32} : (tensor<2x2x2xi32>)
# CHECK-NOT: tile.reduce(
# CHECK: tile.reshape %{{.*}} : tensor<2x2x2xf32> -> tensor<8xf32>
@triton.jit
def k(X):
    offs = tl.arange(0, 8)
    tl.store(X + offs, tl.bitonic_merge(tl.load(X + offs)))


# -----
import triton
import triton.language as tl


# 4 x 8, along the rows: the cube's 2 row dimensions are not exchanged.
# CHECK-LABEL: func.func @k
# CHECK: tile.reshape %{{.*}} : tensor<4x8xf32> -> tensor<2x2x2x2x2xf32>
# CHECK: tile.reduce(%{{.*}}) {axis = 2 : i32}
# CHECK: tile.reduce(%{{.*}}) {axis = 3 : i32}
# CHECK: tile.reduce(%{{.*}}) {axis = 4 : i32}
# CHECK-NOT: tile.reduce(
# CHECK: tile.reshape %{{.*}} : tensor<2x2x2x2x2xf32> -> tensor<4x8xf32>
@triton.jit
def k(X):
    offs = tl.arange(0, 4)[:, None] * 8 + tl.arange(0, 8)[None, :]
    tl.store(X + offs, tl.bitonic_merge(tl.load(X + offs), dim=1, descending=True))
