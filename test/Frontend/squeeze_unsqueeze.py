# RUN: tilec %s -k k -s "*fp32" --split-input-file --emit=tile-raw | FileCheck %s
#
# tl.squeeze and tl.unsqueeze (tilec's prelude, shape.py) are reshapes that
# drop or insert a size-1 dimension, as in Triton's standard.py; a negative
# dim slices the shape as Python does.

import triton
import triton.language as tl


# CHECK-LABEL: func.func @k
# CHECK: %[[X:.*]] = tile.load %{{.*}} : tensor<4x1x8x!tile.ptr<f32>>
# CHECK: %[[Y:.*]] = tile.reshape %[[X]] : tensor<4x1x8xf32> -> tensor<4x8xf32>
# CHECK: %[[Z:.*]] = tile.reshape %[[Y]] : tensor<4x8xf32> -> tensor<1x4x8xf32>
# CHECK: tile.store %{{.*}}, %[[Z]] : tensor<1x4x8x!tile.ptr<f32>>
@triton.jit
def k(X):
    x = tl.load(X + tl.arange(0, 4)[:, None, None] * 8 + tl.arange(0, 8)[None, None, :])
    y = tl.squeeze(x, 1)
    z = tl.unsqueeze(y, 0)
    tl.store(X + tl.arange(0, 4)[None, :, None] * 8 + tl.arange(0, 8)[None, None, :], z)


# -----
import triton
import triton.language as tl


# unsqueeze(x, -1) inserts before the last dimension (x.shape[:-1] + (1,) +
# x.shape[-1:]), unlike expand_dims(x, -1).
# CHECK-LABEL: func.func @k
# CHECK: %[[X:.*]] = tile.load %{{.*}} : tensor<4x8x!tile.ptr<f32>>
# CHECK: tile.reshape %[[X]] : tensor<4x8xf32> -> tensor<4x1x8xf32>
@triton.jit
def k(X):
    x = tl.load(X + tl.arange(0, 4)[:, None] * 8 + tl.arange(0, 8)[None, :])
    y = tl.unsqueeze(x, -1)
    tl.static_assert(y.shape[1] == 1)
    tl.store(X + tl.arange(0, 4)[:, None, None] * 8 + tl.arange(0, 8)[None, None, :], y)
