// RUN: tilec-opt %s -split-input-file -convert-tilegpu-to-llvm="compute-capability=90" | FileCheck %s --check-prefixes=CHECK,SM90
// RUN: tilec-opt %s -split-input-file -convert-tilegpu-to-llvm="compute-capability=89" | FileCheck %s --check-prefixes=CHECK,SM89

// fp8e4nv (e4m3fn) conversions: the packed cvt instructions of sm_89 and up
// (fp8e4nv_invalid.mlir: refused below). An odd element count pairs the last
// element with a zero.

#b = #tilegpu.blocked<{sizePerThread = [2], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
#s = #tilegpu.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {tilegpu.num_warps = 4 : i32, tilegpu.threads_per_warp = 32 : i32} {
  // CHECK-LABEL: llvm.func @e4m3_to_f16
  // CHECK: llvm.call_intrinsic "llvm.nvvm.e4m3x2.to.f16x2.rn"(%{{.*}}) : (i16) -> vector<2xf16>
  // CHECK-NOT: llvm.call_intrinsic
  func.func @e4m3_to_f16(%x: tensor<256xf8E4M3FN, #b>, %p: tensor<256x!tile.ptr<f16>, #b>) attributes {tile.kernel} {
    %y = tile.fp_to_fp %x : tensor<256xf8E4M3FN, #b> -> tensor<256xf16, #b>
    tile.store %p, %y : tensor<256x!tile.ptr<f16>, #b>
    return
  }

  // CHECK-LABEL: llvm.func @e4m3_to_bf16
  // CHECK: llvm.call_intrinsic "llvm.nvvm.e4m3x2.to.f16x2.rn"
  // CHECK: llvm.fpext %{{.*}} : f16 to f32
  // CHECK: llvm.fptrunc %{{.*}} : f32 to bf16
  func.func @e4m3_to_bf16(%x: tensor<256xf8E4M3FN, #b>, %p: tensor<256x!tile.ptr<bf16>, #b>) attributes {tile.kernel} {
    %y = tile.fp_to_fp %x : tensor<256xf8E4M3FN, #b> -> tensor<256xbf16, #b>
    tile.store %p, %y : tensor<256x!tile.ptr<bf16>, #b>
    return
  }

  // CHECK-LABEL: llvm.func @f16_to_e4m3
  // CHECK: llvm.call_intrinsic "llvm.nvvm.f16x2.to.e4m3x2.rn"(%{{.*}}) : (vector<2xf16>) -> i16
  func.func @f16_to_e4m3(%x: tensor<256xf16, #b>, %p: tensor<256x!tile.ptr<f8E4M3FN>, #b>) attributes {tile.kernel} {
    %y = tile.fp_to_fp %x rounding = rtne : tensor<256xf16, #b> -> tensor<256xf8E4M3FN, #b>
    tile.store %p, %y : tensor<256x!tile.ptr<f8E4M3FN>, #b>
    return
  }

  // CHECK-LABEL: llvm.func @f32_to_e4m3
  // SM90-NOT: f2f16.rz
  // SM90: llvm.call_intrinsic "llvm.nvvm.ff.to.e4m3x2.rn"(%{{.*}}, %{{.*}}) : (f32, f32) -> i16
  // SM89: llvm.call_intrinsic "llvm.nvvm.f2f16.rz"
  // SM89: llvm.call_intrinsic "llvm.nvvm.f16x2.to.e4m3x2.rn"
  func.func @f32_to_e4m3(%x: tensor<256xf32, #b>, %p: tensor<256x!tile.ptr<f8E4M3FN>, #b>) attributes {tile.kernel} {
    %y = tile.fp_to_fp %x rounding = rtne : tensor<256xf32, #b> -> tensor<256xf8E4M3FN, #b>
    tile.store %p, %y : tensor<256x!tile.ptr<f8E4M3FN>, #b>
    return
  }

  // CHECK-LABEL: llvm.func @bf16_to_e4m3
  // CHECK: llvm.fpext %{{.*}} : bf16 to f32
  // CHECK: llvm.call_intrinsic "llvm.nvvm.ff.to.e4m3x2.rn"
  func.func @bf16_to_e4m3(%x: tensor<256xbf16, #b>, %p: tensor<256x!tile.ptr<f8E4M3FN>, #b>) attributes {tile.kernel} {
    %y = tile.fp_to_fp %x rounding = rtne : tensor<256xbf16, #b> -> tensor<256xf8E4M3FN, #b>
    tile.store %p, %y : tensor<256x!tile.ptr<f8E4M3FN>, #b>
    return
  }

  // One element per thread: paired with a zero, the second byte dropped.
  // CHECK-LABEL: llvm.func @odd
  // SM90: %[[Z:.*]] = llvm.mlir.zero : f32
  // SM90: llvm.call_intrinsic "llvm.nvvm.ff.to.e4m3x2.rn"(%[[Z]], %{{.*}})
  // SM89: llvm.call_intrinsic "llvm.nvvm.f2f16.rz"
  // SM89: %[[Z:.*]] = llvm.mlir.zero : f16
  // SM89: llvm.insertelement %[[Z]]
  // SM89: llvm.call_intrinsic "llvm.nvvm.f16x2.to.e4m3x2.rn"
  // CHECK-NOT: llvm.call_intrinsic
  func.func @odd(%x: tensor<128xf32, #s>, %p: tensor<128x!tile.ptr<f8E4M3FN>, #s>) attributes {tile.kernel} {
    %y = tile.fp_to_fp %x rounding = rtne : tensor<128xf32, #s> -> tensor<128xf8E4M3FN, #s>
    tile.store %p, %y : tensor<128x!tile.ptr<f8E4M3FN>, #s>
    return
  }
}
