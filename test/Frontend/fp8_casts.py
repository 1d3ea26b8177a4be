# RUN: tilec %s -k casts -s "*fp8e5, *fp8e4nv, *fp16, *bf16, *fp32, *i8, 256" --emit=tile-raw | FileCheck %s
# RUN: tilec %s -k casts -s "*fp8e5, *fp8e4nv, *fp16, *bf16, *fp32, *i8, 256" --no-cache --arch=sm_90a --emit=ptx | FileCheck %s --check-prefix=SM90
# RUN: tilec %s -k e5 -s "*fp8e5, *fp16, *bf16, *fp32, 256" --no-cache --arch=sm_80 --emit=ptx | FileCheck %s --check-prefix=SM80
#
# fp8 conversions as Triton 3.6 has them: fp8 <-> fp16, bf16, fp32 both ways
# (tile.fp_to_fp; a narrowing rounds to nearest even unless
# fp_downcast_rounding="rtz", which fp32 -> fp8e5 takes), and bitcasts to and
# from 8-bit integers. On sm_90a they are Triton's packed cvt instructions;
# on sm_80 only fp8e5 converts, by Triton's bit manipulation (fp8e4nv is
# refused there: Errors/fp8_cast_sm80.py).

import triton
import triton.language as tl


# CHECK-LABEL: func.func @casts
# CHECK: tile.fp_to_fp %{{.*}} : tensor<256xf8E5M2> -> tensor<256xf16>
# CHECK: tile.fp_to_fp %{{.*}} : tensor<256xf8E4M3FN> -> tensor<256xbf16>
# CHECK: tile.fp_to_fp %{{.*}} : tensor<256xf8E5M2> -> tensor<256xf32>
# CHECK: tile.fp_to_fp %{{.*}} rounding = rtne : tensor<256xf32> -> tensor<256xf8E4M3FN>
# CHECK: tile.fp_to_fp %{{.*}} rounding = rtz : tensor<256xf32> -> tensor<256xf8E5M2>
# CHECK: tile.fp_to_fp %{{.*}} rounding = rtne : tensor<256xf16> -> tensor<256xf8E5M2>
# CHECK: tile.fp_to_fp %{{.*}} rounding = rtne : tensor<256xbf16> -> tensor<256xf8E4M3FN>
# CHECK: arith.bitcast %{{.*}} : tensor<256xf8E4M3FN> to tensor<256xi8>
# CHECK: arith.bitcast %{{.*}} : tensor<256xi8> to tensor<256xf8E5M2>
# SM90-LABEL: .entry casts
# SM90-DAG: cvt.rn.f16x2.e5m2x2
# SM90-DAG: cvt.rn.f16x2.e4m3x2
# SM90-DAG: mul.rn.bf16x2
# SM90-DAG: cvt.rn.satfinite.e4m3x2.f32
# SM90-DAG: cvt.rz.f16.f32
# SM90-DAG: cvt.rn.satfinite.e5m2x2.f16x2
@triton.jit
def casts(A, B, H, BF, F, I, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    a = tl.load(A + offs)
    b = tl.load(B + offs)
    f = tl.load(F + offs)
    tl.store(H + offs, a.to(tl.float16))
    tl.store(BF + offs, b.to(tl.bfloat16))
    tl.store(F + offs, a.to(tl.float32))
    tl.store(B + offs, f.to(tl.float8e4nv))
    tl.store(A + offs, f.to(tl.float8e5, fp_downcast_rounding="rtz"))
    tl.store(A + offs, tl.load(H + offs).to(tl.float8e5))
    tl.store(B + offs, tl.load(BF + offs).to(tl.float8e4nv))
    tl.store(I + offs, b.to(tl.int8, bitcast=True))
    tl.store(A + offs, tl.load(I + offs).to(tl.float8e5, bitcast=True))
    tl.store(BF + offs, a.to(tl.bfloat16))


# On sm_80 fp8e5 goes by bits: up is a shift into fp16's high byte, down
# from fp16 adds 0x80 to the bits with the lowest cleared, from bf16 clamps
# the magnitude (max/min) first, from fp32 goes through cvt.rz.f16.f32.
# SM80-LABEL: .entry e5
# SM80-NOT: e5m2x2
# SM80-DAG: cvt.rz.f16.f32
# SM80-DAG: max.u16
# SM80-DAG: min.u16
# SM80-DAG: mul.f32
# SM80-NOT: e5m2x2
@triton.jit
def e5(A, H, BF, F, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    a = tl.load(A + offs)
    tl.store(H + offs, a.to(tl.float16))
    tl.store(BF + offs, a.to(tl.bfloat16))
    tl.store(F + offs, a.to(tl.float32))
    tl.store(A + offs, tl.load(F + offs).to(tl.float8e5))
    tl.store(A + offs, tl.load(H + offs).to(tl.float8e5))
    tl.store(A + offs, tl.load(BF + offs).to(tl.float8e5))
