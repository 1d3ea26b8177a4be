// RUN: tilec-opt %s -split-input-file -convert-tilegpu-to-llvm | FileCheck %s

// An fp32 "ieee" dot in the FMA layouts: a 16x16 accumulator on one warp
// (8 elements per thread), K = 4 whole in each thread's operand registers.
// Each accumulator element is four fma (fma.rn.f32 in PTX), in increasing
// K, chained from the accumulator's value: 8 x 4 = 32 in all.
#c = #tilegpu.blocked<{sizePerThread = [1, 1], threadsPerWarp = [2, 16], warpsPerCTA = [1, 1], order = [1, 0]}>
#a = #tilegpu.blocked<{sizePerThread = [1, 4], threadsPerWarp = [2, 16], warpsPerCTA = [1, 1], order = [1, 0]}>
#b = #tilegpu.blocked<{sizePerThread = [4, 1], threadsPerWarp = [2, 16], warpsPerCTA = [1, 1], order = [1, 0]}>
module attributes {tilegpu.num_warps = 1 : i32, tilegpu.threads_per_warp = 32 : i32} {
  // CHECK-LABEL: llvm.func @fma
  func.func @fma(%a: tensor<16x4xf32, #a>, %b: tensor<4x16xf32, #b>, %c: tensor<16x16xf32, #c>) attributes {tile.kernel} {
    // Register 0 of A is (m, 0), 1 is (m, 1), ...; register 0 of B is (0, n).
    // CHECK-DAG: %[[A0:.*]] = llvm.extractvalue %arg0[0]
    // CHECK-DAG: %[[A1:.*]] = llvm.extractvalue %arg0[1]
    // CHECK-DAG: %[[B0:.*]] = llvm.extractvalue %arg1[0]
    // CHECK-DAG: %[[B1:.*]] = llvm.extractvalue %arg1[1]
    // CHECK-DAG: %[[C0:.*]] = llvm.extractvalue %arg2[0]
    // CHECK: %[[F0:.*]] = llvm.intr.fma(%[[A0]], %[[B0]], %[[C0]]) : (f32, f32, f32) -> f32
    // CHECK-NEXT: %[[F1:.*]] = llvm.intr.fma(%[[A1]], %[[B1]], %[[F0]]) : (f32, f32, f32) -> f32
    // CHECK-COUNT-30: llvm.intr.fma
    // CHECK-NOT: llvm.intr.fma
    // CHECK-NOT: nvvm.mma.sync
    %d = tile.dot %a, %b, %c : tensor<16x4xf32, #a> * tensor<4x16xf32, #b> -> tensor<16x16xf32, #c>
    return
  }
}
