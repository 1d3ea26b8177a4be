# RUN: tilec %s -k k -s "*fp32, i32, i32" --emit=tile-raw | FileCheck %s
#
# A 0-d tensor takes ':' and None as in Triton, whose ':' does not check the
# rank: `pid[:, None]` and `pid[None, :]` are [1] blocks (torchao's blockwise
# fp8 weight quantization stores its scale that way), and `pid[:, :]` stays a
# scalar.

import triton
import triton.language as tl


# CHECK-LABEL: func.func @k(
# CHECK: %[[M:.*]] = tile.program_id 0
# CHECK: %[[N:.*]] = tile.program_id 1
# CHECK: tile.splat %[[N]] : i32 -> tensor<1xi32>
# CHECK: tile.splat %[[M]] : i32 -> tensor<1xi32>
# CHECK: tile.store %{{.*}}, %{{.*}}, %{{.*}} : tensor<1x!tile.ptr<f32>>
# CHECK: tile.store %{{.*}}, %{{.*}} : !tile.ptr<f32>
@triton.jit
def k(S, stride0, stride1):
    pid_m = tl.program_id(0)
    pid_n = tl.program_id(1)
    offs = pid_n[:, None] * stride0 + pid_m[None, :] * stride1
    mask = (pid_n[:, None] < 4) & (pid_m[None, :] < 4)
    tl.store(S + offs, 1.0, mask=mask)
    tl.store(S + pid_m[:, :], 2.0)
