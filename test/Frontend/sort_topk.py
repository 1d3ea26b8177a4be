# RUN: tilec %s -k srt -s "*fp32" --emit=tile-raw | FileCheck %s
# RUN: tilec %s -k top -s "*fp16, *fp32" --emit=tile-raw | FileCheck %s --check-prefix=TOPK
# RUN: tilec %s -k srt2d -s "*i32" --emit=tile-raw | FileCheck %s --check-prefix=SORT2D
#
# tl.sort and tl.topk come from tilec's prelude (lib/Frontend/Prelude/sort.py):
# Triton's bitonic network on the tensor viewed as a hypercube of 2s. Each
# compare-and-exchange finds the partner by an XOR-reduction of the bit
# patterns over one cube dimension and keeps the element or the partner.

import triton
import triton.language as tl


# 8 elements: a cube of 3 dimensions, merges of 1, 2 and 3 exchange steps.
# CHECK-LABEL: func.func @srt
# CHECK: %[[X:.*]] = tile.load %{{.*}} : tensor<8x!tile.ptr<f32>>
# CHECK: %[[H:.*]] = tile.reshape %[[X]] : tensor<8xf32> -> tensor<2x2x2xf32>
# CHECK: %[[B:.*]] = arith.bitcast %[[H]] : tensor<2x2x2xf32> to tensor<2x2x2xi32>
# CHECK: tile.reduce(%[[B]]) {axis = 2 : i32}
# CHECK: arith.xori
# CHECK: arith.cmpf ogt
# CHECK: arith.select
# CHECK-COUNT-5: tile.reduce(%
# CHECK-NOT: tile.reduce(%
# CHECK: tile.reshape %{{.*}} : tensor<2x2x2xf32> -> tensor<8xf32>
@triton.jit
def srt(X):
    offs = tl.arange(0, 8)
    tl.store(X + offs, tl.sort(tl.load(X + offs)))


# topk(x, 2) of 8: two merges sort runs of 2, then for each remaining bit a
# tl.max over one cube dimension (fp16 widened to fp32, as tl.max does) and
# a merge of runs of 2 again.
# TOPK-LABEL: func.func @top
# TOPK: tile.reshape %{{.*}} : tensor<8xf16> -> tensor<2x2x2xf16>
# TOPK: arith.extf %{{.*}} : tensor<2x2x2xf16> to tensor<2x2x2xf32>
# TOPK: tile.reduce(%{{.*}}) {axis = 1 : i32} : (tensor<2x2x2xf32>) -> tensor<2x2xf32>
# TOPK: arith.maxnumf
# TOPK: tile.reduce(%{{.*}}) {axis = 0 : i32} : (tensor<2x2xf32>) -> tensor<2xf32>
# TOPK: arith.maxnumf
# TOPK: arith.select {{.*}} : tensor<2xi1>, tensor<2xf32>
# TOPK: tile.store %{{.*}}, %{{.*}} : tensor<2x!tile.ptr<f32>>
@triton.jit
def top(X, O):
    x = tl.load(X + tl.arange(0, 8))
    tl.store(O + tl.arange(0, 2), tl.topk(x, 2))


# A 4 x 8 tile sorts each row: the cube has 5 dimensions, the rows' 2 of
# which no exchange touches; descending flips the direction of the last merge.
# SORT2D-LABEL: func.func @srt2d
# SORT2D: tile.reshape %{{.*}} : tensor<4x8xi32> -> tensor<2x2x2x2x2xi32>
# SORT2D: tile.reduce(%{{.*}}) {axis = 4 : i32}
# SORT2D: arith.cmpi sgt
# SORT2D: tile.reshape %{{.*}} : tensor<2x2x2x2x2xi32> -> tensor<4x8xi32>
@triton.jit
def srt2d(X):
    offs = tl.arange(0, 4)[:, None] * 8 + tl.arange(0, 8)[None, :]
    tl.store(X + offs, tl.sort(tl.load(X + offs), dim=1, descending=True))
