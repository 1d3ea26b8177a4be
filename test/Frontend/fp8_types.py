# RUN: tilec %s -k mixed -s "*fp8e5, *fp8e4nv, *fp16, 64" --emit=tile-raw | FileCheck %s
#
# Triton's computation type for fp8 (rule 5 of computation_type_impl): two
# different fp8 types compute in fp16. (One fp8 type would stay itself, and
# tilec refuses that arithmetic by name: Errors/fp8.py.)

import triton
import triton.language as tl


# CHECK-LABEL: func.func @mixed
# CHECK: %[[A:.*]] = tile.load %{{.*}} : tensor<64x!tile.ptr<f8E5M2>>
# CHECK: %[[B:.*]] = tile.load %{{.*}} : tensor<64x!tile.ptr<f8E4M3FN>>
# CHECK: %[[AH:.*]] = tile.fp_to_fp %[[A]] : tensor<64xf8E5M2> -> tensor<64xf16>
# CHECK: %[[BH:.*]] = tile.fp_to_fp %[[B]] : tensor<64xf8E4M3FN> -> tensor<64xf16>
# CHECK: arith.addf %[[AH]], %[[BH]] : tensor<64xf16>
@triton.jit
def mixed(A, B, H, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    a = tl.load(A + offs)
    b = tl.load(B + offs)
    tl.store(H + offs, a + b)
