# RUN: tilec %s -k casts -s "*i32, *fp32, *fp16, *i8, 64" --emit=tile-raw | FileCheck %s
#
# `.to()` and `tl.cast`: int <-> float, float narrowing and widening, to and
# from bool, integer width changes, unsigned sources, and bitcast=True.

import triton
import triton.language as tl


# CHECK-LABEL: func.func @casts
# CHECK: %[[I:.*]] = tile.load %{{.*}} : tensor<64x!tile.ptr<i32>>
# CHECK: %[[F:.*]] = tile.load %{{.*}} : tensor<64x!tile.ptr<f32>>
# CHECK: arith.sitofp %[[I]] : tensor<64xi32> to tensor<64xf32>
# CHECK: arith.fptosi %[[F]] : tensor<64xf32> to tensor<64xi32>
# CHECK: arith.truncf %[[F]] : tensor<64xf32> to tensor<64xf16>
# CHECK: %[[H:.*]] = tile.load %{{.*}} : tensor<64x!tile.ptr<f16>>
# CHECK: arith.extf %[[H]] : tensor<64xf16> to tensor<64xf32>
# bool -> int8 is a zero extension of the i1.
# CHECK: %[[NZ:.*]] = arith.cmpi ne, %[[I]]
# CHECK: %[[B8:.*]] = arith.extui %[[NZ]] : tensor<64xi1> to tensor<64xi8>
# CHECK: tile.store %{{.*}}, %[[B8]] : tensor<64x!tile.ptr<i8>>
# CHECK: arith.bitcast %[[F]] : tensor<64xf32> to tensor<64xi32>
# CHECK: arith.bitcast %[[I]] : tensor<64xi32> to tensor<64xf32>
# float -> bool compares with 0.0.
# CHECK: %[[FB:.*]] = arith.cmpf une, %[[F]]
# CHECK: arith.extui %[[FB]] : tensor<64xi1> to tensor<64xi32>
# CHECK: %[[W:.*]] = arith.extsi %[[I]] : tensor<64xi32> to tensor<64xi64>
# CHECK: arith.trunci %[[W]] : tensor<64xi64> to tensor<64xi32>
# CHECK: arith.uitofp %[[I]] : tensor<64xi32> to tensor<64xf32>
# CHECK: arith.fptosi %[[F]] : tensor<64xf32> to tensor<64xi32>
# CHECK: arith.truncf %[[F]] : tensor<64xf32> to tensor<64xbf16>
# int -> bool compares with 0.
# CHECK: %[[IB:.*]] = arith.cmpi ne, %[[I]]
# CHECK: arith.extui %[[IB]] : tensor<64xi1> to tensor<64xi32>
@triton.jit
def casts(i_ptr, f_ptr, h_ptr, b_ptr, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    i = tl.load(i_ptr + offs)
    f = tl.load(f_ptr + offs)
    tl.store(f_ptr + offs, i.to(tl.float32))
    tl.store(i_ptr + offs, f.to(tl.int32))
    tl.store(h_ptr + offs, f.to(tl.float16))
    tl.store(f_ptr + offs, tl.load(h_ptr + offs).to(tl.float32))
    tl.store(b_ptr + offs, (i != 0).to(tl.int8))
    tl.store(i_ptr + offs, f.to(tl.int32, bitcast=True))
    tl.store(f_ptr + offs, i.to(tl.float32, bitcast=True))
    tl.store(i_ptr + offs, f.to(tl.int1).to(tl.int32))
    tl.store(i_ptr + offs, i.to(tl.int64).to(tl.int32))
    tl.store(f_ptr + offs, i.to(tl.uint32).to(tl.float32))
    tl.store(i_ptr + offs, tl.cast(f, tl.int32))
    tl.store(h_ptr + offs, f.to(tl.bfloat16).to(tl.float16))
    tl.store(i_ptr + offs, i.to(tl.int1).to(tl.int32))
