# RUN: tilec %s -k k -s "*fp32, *i32, i32" --split-input-file --emit=tile-raw | FileCheck %s
#
# `x.cast(dtype, fp_downcast_rounding=, bitcast=)` is Triton 3.6's tensor
# method for tl.cast (x.to is its alias): the same conversions, rounding
# modes and bitcasts, on tensors and scalars.

import triton
import triton.language as tl


# CHECK-LABEL: func.func @k
# CHECK: %[[X:.*]] = tile.load {{.*}} : tensor<16x!tile.ptr<f32>>
# CHECK: arith.truncf %[[X]] : tensor<16xf32> to tensor<16xf16>
# CHECK: tile.fp_to_fp %[[X]] rounding = rtz : tensor<16xf32> -> tensor<16xbf16>
# CHECK: arith.bitcast %[[X]] : tensor<16xf32> to tensor<16xi32>
# CHECK: arith.fptosi %[[X]] : tensor<16xf32> to tensor<16xi32>
# CHECK: arith.sitofp %{{.*}} : i32 to f32
@triton.jit
def k(x_ptr, y_ptr, n):
    offs = tl.arange(0, 16)
    x = tl.load(x_ptr + offs)
    h = x.cast(tl.float16)
    b = x.cast(tl.bfloat16, fp_downcast_rounding="rtz")
    bits = x.cast(tl.int32, bitcast=True)
    i = x.cast(dtype=tl.int32)
    s = n.cast(tl.float32)
    tl.store(y_ptr + offs, bits + i)
    tl.store(x_ptr + offs, h.to(tl.float32) + b.to(tl.float32) + s)
