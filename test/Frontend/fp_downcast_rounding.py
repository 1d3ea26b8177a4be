# RUN: tilec %s -k rtz -s "*fp32, *fp16, *bf16, 64" --emit=tile-raw | FileCheck %s
# RUN: tilec %s -k rtz -s "*fp32, *fp16, *bf16, 64" --emit=llvm | FileCheck %s --check-prefix=LLVM
# RUN: tilec %s -k rtz -s "*fp32, *fp16, *bf16, 64" --no-cache --arch=sm_80 --emit=ptx | FileCheck %s --check-prefix=PTX
# RUN: tilec %s -k rtne -s "*fp32, *fp16, *fp64, 64" --emit=tile-raw | FileCheck %s --check-prefix=RTNE
#
# `.to(dtype, fp_downcast_rounding=...)`: "rtz" rounds toward zero on the
# float narrowings Triton's lowering has (fp32 to fp16 and bf16:
# cvt.rz.f16.f32, cvt.rz.bf16.f32, sm_80 and up); "rtne" is the default
# rounding of a narrowing, and on a conversion that does not narrow the same
# type it is a no-op.

import triton
import triton.language as tl


# CHECK-LABEL: func.func @rtz
# CHECK: %[[X:.*]] = tile.load %{{.*}} : tensor<64x!tile.ptr<f32>>
# CHECK: tile.fp_to_fp %[[X]] rounding = rtz : tensor<64xf32> -> tensor<64xf16>
# CHECK: tile.fp_to_fp %[[X]] rounding = rtz : tensor<64xf32> -> tensor<64xbf16>
# CHECK: tile.fp_to_fp %[[X]] rounding = rtz : tensor<64xf32> -> tensor<64xf16>
# LLVM-LABEL: define {{.*}} @rtz
# LLVM: call half @llvm.nvvm.f2f16.rz(float
# LLVM: call bfloat @llvm.nvvm.f2bf16.rz(float
# PTX-LABEL: .entry rtz
# PTX: cvt.rz.f16.f32
# PTX: cvt.rz.bf16.f32
@triton.jit
def rtz(X, H, B, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    x = tl.load(X + offs)
    tl.store(H + offs, x.to(tl.float16, fp_downcast_rounding="rtz"))
    tl.store(B + offs, x.to(tl.bfloat16, fp_downcast_rounding="rtz"))
    tl.store(H + offs, tl.cast(x, tl.float16, "rtz"))


# RTNE-LABEL: func.func @rtne
# RTNE: arith.truncf %{{.*}} : tensor<64xf32> to tensor<64xf16>
# RTNE-NOT: tile.fp_to_fp
# RTNE: arith.truncf %{{.*}} : tensor<64xf64> to tensor<64xf16>
@triton.jit
def rtne(X, H, D, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    x = tl.load(X + offs)
    tl.store(H + offs, x.to(tl.float16, fp_downcast_rounding="rtne"))
    h = tl.load(H + offs)
    tl.store(H + offs, h.to(tl.float16, fp_downcast_rounding="rtz"))
    tl.store(H + offs, tl.load(D + offs).to(tl.float16, fp_downcast_rounding="rtne"))
