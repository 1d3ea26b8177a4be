// RUN: tilec-opt %s -split-input-file -convert-tilegpu-to-llvm | FileCheck %s

#blocked = #tilegpu.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {tilegpu.num_warps = 4 : i32, tilegpu.threads_per_warp = 32 : i32} {
  // CHECK-LABEL: llvm.func @math
  func.func @math(%p: !tile.ptr<f32>, %x: f32) attributes {tile.kernel} {
    // CHECK: llvm.mlir.constant(0.000000e+00 : f32)
    %c = arith.constant dense<0.0> : tensor<256xf32, #blocked>
    %s = tile.splat %x : f32 -> tensor<256xf32, #blocked>
    // CHECK-COUNT-2: llvm.fadd {{.*}} : f32
    %a = arith.addf %s, %c : tensor<256xf32, #blocked>
    // CHECK: llvm.fmul
    // CHECK: llvm.intr.exp2
    %e = math.exp %a : tensor<256xf32, #blocked>
    // CHECK: llvm.call @__nv_rsqrtf
    %r = math.rsqrt %e : tensor<256xf32, #blocked>
    // CHECK: llvm.fcmp "olt"
    // CHECK: llvm.select
    %m = arith.cmpf olt, %r, %c : tensor<256xf32, #blocked>
    %v = arith.select %m, %r, %c : tensor<256xi1, #blocked>, tensor<256xf32, #blocked>
    %range = tile.make_range 0 to 256 : tensor<256xi32, #blocked>
    %ps = tile.splat %p : !tile.ptr<f32> -> tensor<256x!tile.ptr<f32>, #blocked>
    %q = tile.addptr %ps, %range : tensor<256x!tile.ptr<f32>, #blocked>, tensor<256xi32, #blocked>
    tile.store %q, %v : tensor<256x!tile.ptr<f32>, #blocked>
    return
  }
}

// -----

// f32 division is div.full.f32 (Triton's `/` on fp32), not the IEEE-rounded
// sequence; f64 keeps LLVM's fdiv.
#blocked = #tilegpu.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {tilegpu.num_warps = 4 : i32, tilegpu.threads_per_warp = 32 : i32} {
  // CHECK-LABEL: llvm.func @divide
  func.func @divide(%a: f32, %b: f32, %c: f64, %d: f64) attributes {tile.kernel} {
    %x = tile.splat %a : f32 -> tensor<128xf32, #blocked>
    %y = tile.splat %b : f32 -> tensor<128xf32, #blocked>
    // CHECK: llvm.call_intrinsic "llvm.nvvm.div.full"(%{{.*}}, %{{.*}}) : (f32, f32) -> f32
    %q = arith.divf %x, %y : tensor<128xf32, #blocked>
    // CHECK: llvm.fdiv %{{.*}}, %{{.*}} : f64
    %r = arith.divf %c, %d : f64
    return
  }
}
