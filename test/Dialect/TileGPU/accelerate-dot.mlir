// RUN: tilec-opt %s -split-input-file -tilegpu-accelerate-dot | FileCheck %s

// An f16 dot with an f32 accumulator gets mma.sync layouts: 128x128 on 4
// warps is 8x16 instruction tiles, split 2x2 (each warp 64x64).
#blocked = #tilegpu.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [4, 1], order = [1, 0]}>
// CHECK-DAG: #[[MMA:.*]] = #tilegpu.mma<{version = 2, instrN = 8, warpsPerCTA = [2, 2]}>
// CHECK-DAG: #[[A:.*]] = #tilegpu.dot_op<{opIdx = 0, parent = #[[MMA]], elemBits = 16}>
// CHECK-DAG: #[[B:.*]] = #tilegpu.dot_op<{opIdx = 1, parent = #[[MMA]], elemBits = 16}>
module attributes {tilegpu.num_warps = 4 : i32, tilegpu.threads_per_warp = 32 : i32} {
  // CHECK-LABEL: func.func @f16
  func.func @f16(%a: tensor<128x32xf16, #blocked>, %b: tensor<32x128xf16, #blocked>, %c: tensor<128x128xf32, #blocked>) -> tensor<128x128xf32, #blocked> {
    // The 16-bit operands reach their layouts through shared memory
    // (accelerate-dot-shared-operands.mlir tests how).
    // CHECK: %[[MA:.*]] = tilegpu.local_alloc %{{.*}} : (tensor<128x32xf16, #{{.*}}>) -> !tilegpu.memdesc<[128, 32], f16, #{{.*}}>
    // CHECK: %[[A2:.*]] = tilegpu.local_load %[[MA]] : {{.*}} -> tensor<128x32xf16, #[[A]]>
    // CHECK: %[[MB:.*]] = tilegpu.local_alloc %{{.*}} : (tensor<32x128xf16, #{{.*}}>) -> !tilegpu.memdesc<[32, 128], f16, #{{.*}}>
    // CHECK: %[[B2:.*]] = tilegpu.local_load %[[MB]] : {{.*}} -> tensor<32x128xf16, #[[B]]>
    // CHECK: %[[C2:.*]] = tilegpu.convert_layout %{{.*}} : tensor<128x128xf32, #{{.*}}> -> tensor<128x128xf32, #[[MMA]]>
    // CHECK: %[[D:.*]] = tile.dot %[[A2]], %[[B2]], %[[C2]] : tensor<128x32xf16, #[[A]]> * tensor<32x128xf16, #[[B]]> -> tensor<128x128xf32, #[[MMA]]>
    // CHECK: tilegpu.convert_layout %[[D]] : tensor<128x128xf32, #[[MMA]]> -> tensor<128x128xf32, #{{.*}}>
    %d = tile.dot %a, %b, %c : tensor<128x32xf16, #blocked> * tensor<32x128xf16, #blocked> -> tensor<128x128xf32, #blocked>
    return %d : tensor<128x128xf32, #blocked>
  }
}

// -----

// A tall tile puts the warps along M; bf16 works the same way.
#blocked = #tilegpu.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [4, 1], order = [1, 0]}>
// CHECK: #tilegpu.mma<{version = 2, instrN = 8, warpsPerCTA = [4, 1]}>
module attributes {tilegpu.num_warps = 4 : i32, tilegpu.threads_per_warp = 32 : i32} {
  // CHECK-LABEL: func.func @bf16_tall
  func.func @bf16_tall(%a: tensor<128x16xbf16, #blocked>, %b: tensor<16x16xbf16, #blocked>, %c: tensor<128x16xf32, #blocked>) -> tensor<128x16xf32, #blocked> {
    // CHECK: tile.dot {{.*}} -> tensor<128x16xf32, #mma>
    %d = tile.dot %a, %b, %c : tensor<128x16xbf16, #blocked> * tensor<16x16xbf16, #blocked> -> tensor<128x16xf32, #blocked>
    return %d : tensor<128x16xf32, #blocked>
  }
}
