# RUN: tilec %s -k k -s "*i64, i32, *fp32:16, *bf16:16, 64" --split-input-file --emit=tile-raw | FileCheck %s
#
# Places where Triton's semantics are easy to get wrong: tl.clamp honours
# propagate_nan, and tl.cumsum scans bf16 in fp32.

import triton
import triton.language as tl


# tl.clamp(..., propagate_nan=tl.PropagateNan.ALL) propagates NaN like
# tl.maximum/minimum do (arith.maximumf/minimumf).
# CHECK-LABEL: func.func @k
# CHECK: arith.maximumf
# CHECK: arith.minimumf
@triton.jit
def k(out_ptr, x, f_ptr, b_ptr, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    v = tl.load(f_ptr + offs)
    tl.store(f_ptr + offs, tl.clamp(v, 0.0, 1.0, propagate_nan=tl.PropagateNan.ALL))

# -----

import triton
import triton.language as tl


# tl.cumsum promotes bf16 to fp32 before scanning (Triton's
# _promote_bfloat16_to_float32).
# CHECK-LABEL: func.func @k
# CHECK: %[[X:.*]] = tile.load %{{.*}} : tensor<64x!tile.ptr<bf16>>
# CHECK: %[[W:.*]] = arith.extf %[[X]] : tensor<64xbf16> to tensor<64xf32>
# CHECK: tile.scan(%[[W]])
@triton.jit
def k(out_ptr, x, f_ptr, b_ptr, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    v = tl.load(b_ptr + offs)
    tl.store(f_ptr + offs, tl.cumsum(v, axis=0))
