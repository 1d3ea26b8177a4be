# RUN: tilec %s -k gat -s "*fp16, *i64" --emit=tile-raw | FileCheck %s
# RUN: tilec %s -k hist -s "*i32, *i32" --emit=tile-raw | FileCheck %s --check-prefix=HIST
# RUN: tilec %s -k hist_method -s "*u32, *i32" --emit=tile-raw | FileCheck %s --check-prefix=METHOD
#
# tl.gather becomes tile.gather (the result has the indices' shape and the
# source's element type; a negative axis counts from the end); tl.histogram
# becomes tile.histogram of num_bins i32 bins, with the mask broadcast to
# the input's shape.

import triton
import triton.language as tl


# CHECK-LABEL: func.func @gat
# CHECK: %[[X:.*]] = tile.load %{{.*}} : tensor<16x32x!tile.ptr<f16>>
# CHECK: %[[I:.*]] = tile.load %{{.*}} : tensor<16x8x!tile.ptr<i64>>
# CHECK: tile.gather %[[X]][%[[I]]] {axis = 1 : i32} : (tensor<16x32xf16>, tensor<16x8xi64>) -> tensor<16x8xf16>
# CHECK: tile.gather %[[X]][%{{.*}}] {axis = 0 : i32} : (tensor<16x32xf16>, tensor<4x32xi32>) -> tensor<4x32xf16>
@triton.jit
def gat(X, I):
    r = tl.arange(0, 16)
    c = tl.arange(0, 32)
    x = tl.load(X + r[:, None] * 32 + c[None, :])
    i = tl.load(I + r[:, None] * 8 + tl.arange(0, 8)[None, :])
    g = tl.gather(x, i, -1)
    tl.store(X + r[:, None] * 32 + tl.arange(0, 8)[None, :], g)
    rows = tl.arange(0, 4)[:, None] + c[None, :] * 0
    h = x.gather(rows, axis=0)
    tl.store(X + tl.arange(0, 4)[:, None] * 32 + c[None, :], h)


# HIST-LABEL: func.func @hist
# HIST: %[[X:.*]] = tile.load %{{.*}} : tensor<128x!tile.ptr<i32>>
# HIST: tile.histogram %[[X]] : tensor<128xi32> -> tensor<64xi32>
# HIST: %[[M:.*]] = arith.cmpi sgt, %[[X]], %{{.*}} : tensor<128xi32>
# HIST: tile.histogram %[[X]], %[[M]] : tensor<128xi32>, tensor<128xi1> -> tensor<16xi32>
# HIST: %[[T:.*]] = tile.splat %true : i1 -> tensor<128xi1>
# HIST: tile.histogram %[[X]], %[[T]] : tensor<128xi32>, tensor<128xi1> -> tensor<16xi32>
@triton.jit
def hist(X, O):
    x = tl.load(X + tl.arange(0, 128))
    tl.store(O + tl.arange(0, 64), tl.histogram(x, 64))
    tl.store(O + tl.arange(0, 16), tl.histogram(x, 16, mask=x > 3))
    tl.store(O + tl.arange(0, 16), tl.histogram(x, 16, True))


# METHOD-LABEL: func.func @hist_method
# METHOD: tile.histogram %{{.*}} : tensor<256xi32> -> tensor<32xi32>
@triton.jit
def hist_method(X, O):
    x = tl.load(X + tl.arange(0, 256))
    tl.store(O + tl.arange(0, 32), x.histogram(32))
