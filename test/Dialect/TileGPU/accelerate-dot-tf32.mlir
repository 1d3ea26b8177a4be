// RUN: tilec-opt %s -split-input-file -tilegpu-accelerate-dot | FileCheck %s

// fp32 operands with tf32 precision (tl.dot's default for fp32) get mma.sync
// m16n8k8 layouts: the operands' dot_op layouts hold one 32-bit element per
// register (elemBits = 32); the warp tiling is that of m16n8k16.
#blocked = #tilegpu.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [4, 1], order = [1, 0]}>
// CHECK-DAG: #[[MMA:.*]] = #tilegpu.mma<{version = 2, instrN = 8, warpsPerCTA = [2, 2]}>
// CHECK-DAG: #[[A:.*]] = #tilegpu.dot_op<{opIdx = 0, parent = #[[MMA]], elemBits = 32}>
// CHECK-DAG: #[[B:.*]] = #tilegpu.dot_op<{opIdx = 1, parent = #[[MMA]], elemBits = 32}>
module attributes {tilegpu.num_warps = 4 : i32, tilegpu.threads_per_warp = 32 : i32} {
  // CHECK-LABEL: func.func @tf32
  func.func @tf32(%a: tensor<64x32xf32, #blocked>, %b: tensor<32x64xf32, #blocked>, %c: tensor<64x64xf32, #blocked>) -> tensor<64x64xf32, #blocked> {
    // CHECK: %[[A2:.*]] = tilegpu.convert_layout %{{.*}} -> tensor<64x32xf32, #[[A]]>
    // CHECK: %[[B2:.*]] = tilegpu.convert_layout %{{.*}} -> tensor<32x64xf32, #[[B]]>
    // CHECK: %[[C2:.*]] = tilegpu.convert_layout %{{.*}} -> tensor<64x64xf32, #[[MMA]]>
    // CHECK: %[[D:.*]] = tile.dot %[[A2]], %[[B2]], %[[C2]] inputPrecision = tf32 : tensor<64x32xf32, #[[A]]> * tensor<32x64xf32, #[[B]]> -> tensor<64x64xf32, #[[MMA]]>
    // CHECK: tilegpu.convert_layout %[[D]] : tensor<64x64xf32, #[[MMA]]> -> tensor<64x64xf32, #blocked>
    %d = tile.dot %a, %b, %c inputPrecision = tf32 : tensor<64x32xf32, #blocked> * tensor<32x64xf32, #blocked> -> tensor<64x64xf32, #blocked>
    return %d : tensor<64x64xf32, #blocked>
  }
}

// "ieee" (the op's default) and "tf32x3" dots: accelerate-dot-fma.mlir.
