// RUN: tilec-opt %s -split-input-file -tilegpu-accelerate-dot | FileCheck %s

// i8 operands with an i32 accumulator get mma.sync m16n8k32 layouts: four
// 8-bit elements per operand register (elemBits = 8).
#blocked = #tilegpu.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [4, 1], order = [1, 0]}>
// CHECK-DAG: #[[MMA:.*]] = #tilegpu.mma<{version = 2, instrN = 8, warpsPerCTA = [2, 2]}>
// CHECK-DAG: #[[A:.*]] = #tilegpu.dot_op<{opIdx = 0, parent = #[[MMA]], elemBits = 8}>
// CHECK-DAG: #[[B:.*]] = #tilegpu.dot_op<{opIdx = 1, parent = #[[MMA]], elemBits = 8}>
module attributes {tilegpu.num_warps = 4 : i32, tilegpu.threads_per_warp = 32 : i32} {
  // CHECK-LABEL: func.func @int8
  func.func @int8(%a: tensor<64x64xi8, #blocked>, %b: tensor<64x64xi8, #blocked>, %c: tensor<64x64xi32, #blocked>) -> tensor<64x64xi32, #blocked> {
    // CHECK: %[[A2:.*]] = tilegpu.convert_layout %{{.*}} -> tensor<64x64xi8, #[[A]]>
    // CHECK: %[[B2:.*]] = tilegpu.convert_layout %{{.*}} -> tensor<64x64xi8, #[[B]]>
    // CHECK: %[[C2:.*]] = tilegpu.convert_layout %{{.*}} -> tensor<64x64xi32, #[[MMA]]>
    // CHECK: %[[D:.*]] = tile.dot %[[A2]], %[[B2]], %[[C2]] : tensor<64x64xi8, #[[A]]> * tensor<64x64xi8, #[[B]]> -> tensor<64x64xi32, #[[MMA]]>
    // CHECK: tilegpu.convert_layout %[[D]] : tensor<64x64xi32, #[[MMA]]> -> tensor<64x64xi32, #blocked>
    %d = tile.dot %a, %b, %c : tensor<64x64xi8, #blocked> * tensor<64x64xi8, #blocked> -> tensor<64x64xi32, #blocked>
    return %d : tensor<64x64xi32, #blocked>
  }
}

// -----

// K = 16 is half an m16n8k32 step: the dot is left as it is (the lowering
// refuses it by name).
#blocked = #tilegpu.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [4, 1], order = [1, 0]}>
module attributes {tilegpu.num_warps = 4 : i32, tilegpu.threads_per_warp = 32 : i32} {
  // CHECK-LABEL: func.func @int8_short_k_left_alone
  // CHECK-NOT: tilegpu.convert_layout
  // CHECK: tile.dot {{.*}} -> tensor<64x64xi32, #blocked>
  func.func @int8_short_k_left_alone(%a: tensor<64x16xi8, #blocked>, %b: tensor<16x64xi8, #blocked>, %c: tensor<64x64xi32, #blocked>) -> tensor<64x64xi32, #blocked> {
    %d = tile.dot %a, %b, %c : tensor<64x16xi8, #blocked> * tensor<16x64xi8, #blocked> -> tensor<64x64xi32, #blocked>
    return %d : tensor<64x64xi32, #blocked>
  }
}
