// RUN: tilec-opt %s -split-input-file -convert-tilegpu-to-llvm | FileCheck %s

// tile.extern_elementwise: one call per element of the thread (two here) or
// one on scalars; a libdevice symbol is declared once, an `llvm.*` symbol is
// an intrinsic call.
#blocked = #tilegpu.blocked<{sizePerThread = [2], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {tilegpu.num_warps = 4 : i32, tilegpu.threads_per_warp = 32 : i32} {
  // CHECK-DAG: llvm.func @__nv_powif(f32, i32) -> f32
  // CHECK-DAG: llvm.func @__nv_isnand(f64) -> i32
  // CHECK-LABEL: llvm.func @extern
  func.func @extern(%a: f32, %n: i32, %d: f64) attributes {tile.kernel} {
    %x = tile.splat %a : f32 -> tensor<256xf32, #blocked>
    %k = tile.splat %n : i32 -> tensor<256xi32, #blocked>
    // CHECK-COUNT-2: llvm.call @__nv_powif(%{{.*}}, %{{.*}}) : (f32, i32) -> f32
    %p = tile.extern_elementwise "__nv_powif" pure(%x, %k) : (tensor<256xf32, #blocked>, tensor<256xi32, #blocked>) -> tensor<256xf32, #blocked>
    // CHECK-COUNT-2: llvm.call_intrinsic "llvm.nvvm.sqrt.rn.f"(%{{.*}}) : (f32) -> f32
    %s = tile.extern_elementwise "llvm.nvvm.sqrt.rn.f" pure(%p) : (tensor<256xf32, #blocked>) -> tensor<256xf32, #blocked>
    // CHECK: llvm.call @__nv_isnand(%{{.*}}) : (f64) -> i32
    %i = tile.extern_elementwise "__nv_isnand" pure(%d) : (f64) -> i32
    return
  }
}

// -----

// The math functions Triton lowers to libdevice: `__nv_<name>f` on f32,
// `__nv_<name>` on f64; exp on f32 stays ex2.approx of x * log2(e).
#blocked = #tilegpu.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {tilegpu.num_warps = 4 : i32, tilegpu.threads_per_warp = 32 : i32} {
  // CHECK-LABEL: llvm.func @math
  func.func @math(%a: f32, %b: f64) attributes {tile.kernel} {
    %x = tile.splat %a : f32 -> tensor<128xf32, #blocked>
    %y = tile.splat %b : f64 -> tensor<128xf64, #blocked>
    // CHECK: llvm.call @__nv_logf(%{{.*}}) : (f32) -> f32
    %0 = math.log %x : tensor<128xf32, #blocked>
    // CHECK: llvm.call @__nv_log(%{{.*}}) : (f64) -> f64
    %1 = math.log %y : tensor<128xf64, #blocked>
    // CHECK: llvm.call @__nv_sinf
    %2 = math.sin %x : tensor<128xf32, #blocked>
    // CHECK: llvm.call @__nv_cos(
    %3 = math.cos %y : tensor<128xf64, #blocked>
    // CHECK: llvm.call @__nv_erff
    %4 = math.erf %x : tensor<128xf32, #blocked>
    // CHECK: llvm.call @__nv_exp2f
    %5 = math.exp2 %x : tensor<128xf32, #blocked>
    // CHECK: llvm.call @__nv_log2(
    %6 = math.log2 %y : tensor<128xf64, #blocked>
    // CHECK: llvm.call @__nv_sqrtf
    %7 = math.sqrt %x : tensor<128xf32, #blocked>
    // CHECK: llvm.call @__nv_rsqrt(
    %8 = math.rsqrt %y : tensor<128xf64, #blocked>
    // CHECK: llvm.call @__nv_floorf
    %9 = math.floor %x : tensor<128xf32, #blocked>
    // CHECK: llvm.call @__nv_ceil(
    %10 = math.ceil %y : tensor<128xf64, #blocked>
    // CHECK: llvm.call @__nv_exp(
    %11 = math.exp %y : tensor<128xf64, #blocked>
    // CHECK-NOT: llvm.call @__nv_expf
    // CHECK: llvm.fmul
    // CHECK: llvm.intr.exp2
    %12 = math.exp %x : tensor<128xf32, #blocked>
    return
  }
}
