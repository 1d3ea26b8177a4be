# RUN: tilec %s -k k -s "*fp32, i32" --split-input-file --emit=tile-raw | FileCheck %s
# RUN: tilec %s -k k -s "*fp32, i32" --split-input-file --emit=tile | FileCheck %s --check-prefix=UNROLL
#
# tl.range's scheduling arguments become attributes of its scf.for, as
# Triton's tt.* attributes: num_stages and loop_unroll_factor as i32,
# flatten, warp_specialize, disallow_acc_multi_buffer and disable_licm as
# unit attributes when true. tile-loop-unroll (in the tile pipeline) unrolls
# by loop_unroll_factor, with a remainder loop that is not pipelined; the
# other attributes are hints no pass reads yet. arg1/arg2/step may be given
# by keyword.

import triton
import triton.language as tl


# CHECK-LABEL: func.func @k
# CHECK: scf.for
# CHECK: } {tile.disallow_acc_multi_buffer, tile.flatten, tile.loop_unroll_factor = 2 : i32, tile.num_stages = 3 : i32, tile.warp_specialize}
# CHECK: scf.for
# CHECK: } {tile.disable_licm}
# UNROLL-LABEL: func.func @k
# UNROLL: scf.for %{{.*}} = %{{.*}} to %{{.*}} step %[[TWO:.*]] iter_args
# UNROLL-COUNT-2: tile.load
# UNROLL: } {tile.disallow_acc_multi_buffer, tile.flatten, tile.num_stages = 3 : i32, tile.warp_specialize}
# UNROLL: scf.for
# UNROLL-COUNT-1: tile.load
# UNROLL: } {tile.disallow_acc_multi_buffer, tile.flatten, tile.num_stages = 1 : i32, tile.warp_specialize}
@triton.jit
def k(x_ptr, n):
    offs = tl.arange(0, 16)
    acc = tl.zeros((16,), tl.float32)
    for i in tl.range(0, n, 1, num_stages=3, loop_unroll_factor=2,
                      flatten=True, warp_specialize=True,
                      disallow_acc_multi_buffer=True):
        acc += tl.load(x_ptr + i * 16 + offs)
    for j in tl.range(n, step=2, disable_licm=True, flatten=False,
                      num_stages=None):
        acc += 1.0
    tl.store(x_ptr + offs, acc)

# -----

import triton
import triton.language as tl


# A factor below 2 does not unroll; the attribute is dropped by the pass.
# CHECK-LABEL: func.func @k
# CHECK: } {tile.loop_unroll_factor = 1 : i32}
# UNROLL-LABEL: func.func @k
# UNROLL: scf.for
# UNROLL-NOT: scf.for
# UNROLL-NOT: loop_unroll_factor
@triton.jit
def k(x_ptr, n):
    offs = tl.arange(0, 16)
    acc = tl.zeros((16,), tl.float32)
    for i in tl.range(n, loop_unroll_factor=1):
        acc += tl.load(x_ptr + i * 16 + offs)
    tl.store(x_ptr + offs, acc)
