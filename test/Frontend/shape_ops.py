# RUN: tilec %s -k shapes -s "*fp32, *fp32, 16, 32" --emit=tile-raw | FileCheck %s
# RUN: tilec %s -k shapes3 -s "*fp32, *fp32" --emit=tile-raw | FileCheck %s --check-prefix=RANK3
#
# tl.trans / .T / tl.permute, tl.reshape / .reshape, tl.view (reshape that may
# reorder), tl.ravel, tl.expand_dims, tl.broadcast_to (tuple and varargs).

import triton
import triton.language as tl


# CHECK-LABEL: func.func @shapes
# CHECK: %[[X:.*]] = tile.load %{{.*}} : tensor<16x32x!tile.ptr<f32>>
# CHECK: tile.trans %[[X]] {order = array<i32: 1, 0>} : tensor<16x32xf32> -> tensor<32x16xf32>
# CHECK: tile.trans %[[X]] {order = array<i32: 1, 0>} : tensor<16x32xf32> -> tensor<32x16xf32>
# CHECK: tile.reshape %[[X]] : tensor<16x32xf32> -> tensor<32x16xf32>
# CHECK: tile.reshape %[[X]] : tensor<16x32xf32> -> tensor<512xf32>
# CHECK: tile.trans %[[X]] {order = array<i32: 1, 0>} : tensor<16x32xf32> -> tensor<32x16xf32>
# CHECK: %[[E:.*]] = tile.expand_dims %{{.*}} {axis = 1 : i32} : tensor<16xi32> -> tensor<16x1xi32>
# CHECK: %[[E2:.*]] = tile.expand_dims %{{.*}} {axis = 0 : i32} : tensor<32xi32> -> tensor<1x32xi32>
# CHECK: tile.broadcast %[[E]] : tensor<16x1xi32> -> tensor<16x32xi32>
# CHECK: tile.broadcast %[[E2]] : tensor<1x32xi32> -> tensor<16x32xi32>
# CHECK: tile.reshape %[[X]] : tensor<16x32xf32> -> tensor<512xf32>
# CHECK: tile.reshape %[[X]] allow_reorder : tensor<16x32xf32> -> tensor<32x16xf32>
@triton.jit
def shapes(x_ptr, o_ptr, M: tl.constexpr, N: tl.constexpr):
    rm = tl.arange(0, M)
    rn = tl.arange(0, N)
    x = tl.load(x_ptr + rm[:, None] * N + rn[None, :])
    t = tl.trans(x)
    t2 = x.T
    r = tl.reshape(x, (N, M))
    r2 = x.reshape(N * M)
    p = tl.permute(x, (1, 0))
    e = tl.expand_dims(rm, 1)
    e2 = tl.expand_dims(rn, axis=0)
    bt = tl.broadcast_to(e, (M, N))
    bt2 = tl.broadcast_to(e2, M, N)
    rv = tl.ravel(x)
    v = tl.view(x, (N, M))
    tl.store(o_ptr + rn[:, None] * M + rm[None, :], t + t2 + r + p + v)
    tl.store(o_ptr + tl.arange(0, M * N), r2 + rv)
    tl.store(o_ptr + bt * N + bt2, x)


# RANK3-LABEL: func.func @shapes3
# RANK3: %[[Y:.*]] = tile.reshape %{{.*}} : tensor<64xf32> -> tensor<2x4x8xf32>
# RANK3: %[[Z:.*]] = tile.trans %[[Y]] {order = array<i32: 2, 0, 1>} : tensor<2x4x8xf32> -> tensor<8x2x4xf32>
# RANK3: %[[W:.*]] = tile.trans %[[Y]] {order = array<i32: 1, 2, 0>} : tensor<2x4x8xf32> -> tensor<4x8x2xf32>
# RANK3: tile.reshape %[[Z]] : tensor<8x2x4xf32> -> tensor<64xf32>
# RANK3: tile.reshape %[[W]] : tensor<4x8x2xf32> -> tensor<64xf32>
@triton.jit
def shapes3(x_ptr, o_ptr):
    r = tl.arange(0, 64)
    x = tl.load(x_ptr + r)
    y = tl.reshape(x, (2, 4, 8))
    z = tl.permute(y, 2, 0, 1)
    w = tl.trans(y, (1, 2, 0))
    tl.store(o_ptr + r, tl.reshape(z, (64,)) + tl.reshape(w, [64]))
