# RUN: tilec %s -k r -s "*fp32" --emit=tile-raw | FileCheck %s
#
# tl.reduce with a combine_fn and axis=None reduces every dimension: the
# inputs flattened (in any order), then reduced along that one axis;
# keep_dims gives a tensor of ones.

import triton
import triton.language as tl


@triton.jit
def _max(a, b):
    return tl.maximum(a, b)


# CHECK-LABEL: func.func @r
# CHECK: %[[F:.*]] = tile.reshape %{{.*}} allow_reorder : tensor<8x16xf32> -> tensor<128xf32>
# CHECK: tile.reduce(%[[F]]) {axis = 0 : i32} : (tensor<128xf32>) -> f32
# CHECK: %[[G:.*]] = tile.reshape %{{.*}} allow_reorder : tensor<8x16xf32> -> tensor<128xf32>
# CHECK: %[[K:.*]] = tile.reduce(%[[G]]) {axis = 0 : i32} : (tensor<128xf32>) -> f32
# CHECK: tile.splat %[[K]] : f32 -> tensor<1x1xf32>
@triton.jit
def r(X):
    offs = tl.arange(0, 8)[:, None] * 16 + tl.arange(0, 16)[None, :]
    x = tl.load(X + offs)
    m = tl.reduce(x, None, _max)
    k = tl.reduce(x, None, _max, keep_dims=True)
    tl.store(X + offs, x - m - k)
