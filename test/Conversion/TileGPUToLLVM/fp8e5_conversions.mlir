// RUN: tilec-opt %s -split-input-file -convert-tilegpu-to-llvm="compute-capability=90" | FileCheck %s --check-prefixes=CHECK,SM90
// RUN: tilec-opt %s -split-input-file -convert-tilegpu-to-llvm="compute-capability=89" | FileCheck %s --check-prefixes=CHECK,SM89
// RUN: tilec-opt %s -split-input-file -convert-tilegpu-to-llvm="compute-capability=80" | FileCheck %s --check-prefixes=CHECK,SM80

// fp8e5 (e5m2) conversions as Triton 3.6 lowers them on each target: the
// packed cvt from sm_89 on, bit manipulation below (e5m2 is the high byte
// of an fp16). Two elements per thread: one packed instruction each.

#b = #tilegpu.blocked<{sizePerThread = [2], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {tilegpu.num_warps = 4 : i32, tilegpu.threads_per_warp = 32 : i32} {
  // CHECK-LABEL: llvm.func @e5m2_to_f16
  // SM90: llvm.call_intrinsic "llvm.nvvm.e5m2x2.to.f16x2.rn"(%{{.*}}) : (i16) -> vector<2xf16>
  // SM90-NOT: llvm.call_intrinsic
  // SM89: llvm.call_intrinsic "llvm.nvvm.e5m2x2.to.f16x2.rn"
  // SM80-NOT: llvm.call_intrinsic
  // SM80: %[[E:.*]] = llvm.zext %{{.*}} : i8 to i16
  // SM80: %[[H:.*]] = llvm.shl %[[E]], %{{.*}} : i16
  // SM80: llvm.bitcast %[[H]] : i16 to f16
  func.func @e5m2_to_f16(%x: tensor<256xf8E5M2, #b>, %p: tensor<256x!tile.ptr<f16>, #b>) attributes {tile.kernel} {
    %y = tile.fp_to_fp %x : tensor<256xf8E5M2, #b> -> tensor<256xf16, #b>
    tile.store %p, %y : tensor<256x!tile.ptr<f16>, #b>
    return
  }

  // CHECK-LABEL: llvm.func @e5m2_to_f32
  // SM90: llvm.call_intrinsic "llvm.nvvm.e5m2x2.to.f16x2.rn"
  // SM80: llvm.bitcast %{{.*}} : i16 to f16
  // CHECK: llvm.fpext %{{.*}} : f16 to f32
  // CHECK: llvm.fpext %{{.*}} : f16 to f32
  func.func @e5m2_to_f32(%x: tensor<256xf8E5M2, #b>, %p: tensor<256x!tile.ptr<f32>, #b>) attributes {tile.kernel} {
    %y = tile.fp_to_fp %x : tensor<256xf8E5M2, #b> -> tensor<256xf32, #b>
    tile.store %p, %y : tensor<256x!tile.ptr<f32>, #b>
    return
  }

  // Moved into bf16 position and scaled by 2^112: in bf16x2 on sm_90, in
  // fp32 before.
  // CHECK-LABEL: llvm.func @e5m2_to_bf16
  // SM90: llvm.inline_asm {{.*}}"mul.rn.bf16x2 $0, $1, $2;", "=r,r,r"
  // SM90-NOT: llvm.fmul
  // SM89-NOT: mul.rn.bf16x2
  // SM89: llvm.fmul %{{.*}}, %{{.*}} : f32
  // SM80: llvm.fmul %{{.*}}, %{{.*}} : f32
  func.func @e5m2_to_bf16(%x: tensor<256xf8E5M2, #b>, %p: tensor<256x!tile.ptr<bf16>, #b>) attributes {tile.kernel} {
    %y = tile.fp_to_fp %x : tensor<256xf8E5M2, #b> -> tensor<256xbf16, #b>
    tile.store %p, %y : tensor<256x!tile.ptr<bf16>, #b>
    return
  }

  // CHECK-LABEL: llvm.func @f16_to_e5m2
  // SM90: llvm.call_intrinsic "llvm.nvvm.f16x2.to.e5m2x2.rn"(%{{.*}}) : (vector<2xf16>) -> i16
  // SM89: llvm.call_intrinsic "llvm.nvvm.f16x2.to.e5m2x2.rn"
  // SM80-NOT: llvm.call_intrinsic
  // SM80: llvm.and %{{.*}}, %{{.*}} : i16
  // SM80: llvm.add %{{.*}}, %{{.*}} : i16
  // SM80: llvm.lshr %{{.*}}, %{{.*}} : i16
  // SM80: llvm.trunc %{{.*}} : i16 to i8
  func.func @f16_to_e5m2(%x: tensor<256xf16, #b>, %p: tensor<256x!tile.ptr<f8E5M2>, #b>) attributes {tile.kernel} {
    %y = tile.fp_to_fp %x rounding = rtne : tensor<256xf16, #b> -> tensor<256xf8E5M2, #b>
    tile.store %p, %y : tensor<256x!tile.ptr<f8E5M2>, #b>
    return
  }

  // fp32: directly on sm_90; before, through an fp16 rounded toward zero.
  // CHECK-LABEL: llvm.func @f32_to_e5m2
  // SM90-NOT: f2f16.rz
  // SM90: llvm.call_intrinsic "llvm.nvvm.ff.to.e5m2x2.rn"(%{{.*}}, %{{.*}}) : (f32, f32) -> i16
  // SM89: llvm.call_intrinsic "llvm.nvvm.f2f16.rz"
  // SM89: llvm.call_intrinsic "llvm.nvvm.f16x2.to.e5m2x2.rn"
  // SM80: llvm.call_intrinsic "llvm.nvvm.f2f16.rz"
  // SM80: llvm.add %{{.*}}, %{{.*}} : i16
  func.func @f32_to_e5m2(%x: tensor<256xf32, #b>, %p: tensor<256x!tile.ptr<f8E5M2>, #b>) attributes {tile.kernel} {
    %y = tile.fp_to_fp %x rounding = rtne : tensor<256xf32, #b> -> tensor<256xf8E5M2, #b>
    tile.store %p, %y : tensor<256x!tile.ptr<f8E5M2>, #b>
    return
  }

  // Toward zero: the high byte of an fp16 rounded toward zero, everywhere.
  // CHECK-LABEL: llvm.func @f32_to_e5m2_rtz
  // CHECK: llvm.call_intrinsic "llvm.nvvm.f2f16.rz"
  // CHECK-NOT: e5m2x2
  // CHECK: llvm.lshr %{{.*}}, %{{.*}} : i16
  // CHECK: llvm.trunc %{{.*}} : i16 to i8
  func.func @f32_to_e5m2_rtz(%x: tensor<256xf32, #b>, %p: tensor<256x!tile.ptr<f8E5M2>, #b>) attributes {tile.kernel} {
    %y = tile.fp_to_fp %x rounding = rtz : tensor<256xf32, #b> -> tensor<256xf8E5M2, #b>
    tile.store %p, %y : tensor<256x!tile.ptr<f8E5M2>, #b>
    return
  }

  // bf16: through fp32 from sm_89 on; before, the magnitude is clamped to
  // [2^-15, 57344] and rounded in the integer domain.
  // CHECK-LABEL: llvm.func @bf16_to_e5m2
  // SM90: llvm.fpext %{{.*}} : bf16 to f32
  // SM90: llvm.call_intrinsic "llvm.nvvm.ff.to.e5m2x2.rn"
  // SM89: llvm.call_intrinsic "llvm.nvvm.ff.to.e5m2x2.rn"
  // SM80: llvm.intr.umax(%{{.*}}, %{{.*}}) : (i16, i16) -> i16
  // SM80: llvm.intr.umin(%{{.*}}, %{{.*}}) : (i16, i16) -> i16
  func.func @bf16_to_e5m2(%x: tensor<256xbf16, #b>, %p: tensor<256x!tile.ptr<f8E5M2>, #b>) attributes {tile.kernel} {
    %y = tile.fp_to_fp %x rounding = rtne : tensor<256xbf16, #b> -> tensor<256xf8E5M2, #b>
    tile.store %p, %y : tensor<256x!tile.ptr<f8E5M2>, #b>
    return
  }
}
