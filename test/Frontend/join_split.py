# RUN: tilec %s -k js -s "*i32, *i32" --emit=tile-raw | FileCheck %s
# RUN: tilec %s -k scalars -s "*fp32, fp32, fp32" --emit=tile-raw | FileCheck %s --check-prefix=SCALAR
# RUN: tilec %s -k cat -s "*i32" --emit=tile-raw | FileCheck %s --check-prefix=CAT
#
# tl.join / tl.split / tl.interleave / tl.cat: join adds a last dimension of
# 2, split removes it, interleave is join then a reshape that merges it into
# the last dimension (Triton's standard.py), joining scalars gives a 2-element
# tensor and splitting one gives scalars.

import triton
import triton.language as tl


# CHECK-LABEL: func.func @js
# CHECK: %[[X:.*]] = tile.load %{{.*}} : tensor<8x16x!tile.ptr<i32>>
# CHECK: %[[J:.*]] = tile.join %[[X]], %{{.*}} : tensor<8x16xi32> -> tensor<8x16x2xi32>
# CHECK: %[[A:.*]], %[[B:.*]] = tile.split %[[J]] : tensor<8x16x2xi32> -> tensor<8x16xi32>
# CHECK: %[[I:.*]] = tile.join %[[A]], %[[B]] : tensor<8x16xi32> -> tensor<8x16x2xi32>
# CHECK: tile.reshape %[[I]] : tensor<8x16x2xi32> -> tensor<8x32xi32>
@triton.jit
def js(X, Y):
    offs = tl.arange(0, 8)[:, None] * 16 + tl.arange(0, 16)[None, :]
    x = tl.load(X + offs)
    j = tl.join(x, x + 1)
    a, b = j.split()
    z = tl.interleave(a, b)
    offs2 = tl.arange(0, 8)[:, None] * 32 + tl.arange(0, 32)[None, :]
    tl.store(Y + offs2, z)


# SCALAR-LABEL: func.func @scalars
# SCALAR: %[[J:.*]] = tile.join %{{.*}}, %{{.*}} : tensor<1xf32> -> tensor<1x2xf32>
# SCALAR: %[[R:.*]] = tile.reshape %[[J]] : tensor<1x2xf32> -> tensor<2xf32>
# SCALAR: %[[E:.*]] = tile.expand_dims %[[R]] {axis = 0 : i32} : tensor<2xf32> -> tensor<1x2xf32>
# SCALAR: %{{.*}}, %{{.*}} = tile.split %[[E]] : tensor<1x2xf32> -> tensor<1xf32>
# SCALAR: tile.reduce(%{{.*}}) {axis = 0 : i32} : (tensor<1xf32>) -> f32
@triton.jit
def scalars(Y, a, b):
    j = tl.join(a, b)
    tl.store(Y + tl.arange(0, 2), j)
    p, q = tl.split(j)
    tl.store(Y, p - q)


# CAT-LABEL: func.func @cat
# CAT: tile.cat %{{.*}}, %{{.*}} : tensor<32xi32> -> tensor<64xi32>
@triton.jit
def cat(X):
    r = tl.arange(0, 32)
    c = tl.cat(tl.load(X + r), tl.load(X + 32 + r), can_reorder=True)
    tl.store(X, tl.sum(c, 0))
