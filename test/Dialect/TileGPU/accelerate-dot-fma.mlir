// RUN: tilec-opt %s -split-input-file -tilegpu-accelerate-dot | FileCheck %s

// An fp32 dot with input_precision="ieee" gets no tensor core: the
// accumulator keeps its blocked layout and each operand gets the same
// layout with K whole in each thread's registers (A: [1, K], B: [K, 1]),
// the lanes and warps along the other dimension holding copies.
#blocked = #tilegpu.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [4, 1], order = [1, 0]}>
// CHECK-DAG: #[[C:.*]] = #tilegpu.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [4, 1], order = [1, 0]}>
// CHECK-DAG: #[[A:.*]] = #tilegpu.blocked<{sizePerThread = [1, 16], threadsPerWarp = [1, 32], warpsPerCTA = [4, 1], order = [1, 0]}>
// CHECK-DAG: #[[B:.*]] = #tilegpu.blocked<{sizePerThread = [16, 1], threadsPerWarp = [1, 32], warpsPerCTA = [4, 1], order = [1, 0]}>
module attributes {tilegpu.num_warps = 4 : i32, tilegpu.threads_per_warp = 32 : i32} {
  // CHECK-LABEL: func.func @ieee
  func.func @ieee(%a: tensor<32x16xf32, #blocked>, %b: tensor<16x32xf32, #blocked>, %c: tensor<32x32xf32, #blocked>) -> tensor<32x32xf32, #blocked> {
    // CHECK: %[[A2:.*]] = tilegpu.convert_layout %{{.*}} -> tensor<32x16xf32, #[[A]]>
    // CHECK: %[[B2:.*]] = tilegpu.convert_layout %{{.*}} -> tensor<16x32xf32, #[[B]]>
    // CHECK: tile.dot %[[A2]], %[[B2]], %{{.*}} : tensor<32x16xf32, #[[A]]> * tensor<16x32xf32, #[[B]]> -> tensor<32x32xf32, #[[C]]>
    // No conversion back: the accumulator keeps its layout.
    // CHECK-NEXT: return
    %d = tile.dot %a, %b, %c : tensor<32x16xf32, #blocked> * tensor<16x32xf32, #blocked> -> tensor<32x32xf32, #blocked>
    return %d : tensor<32x32xf32, #blocked>
  }
}

// -----

// tf32x3 is split as Triton splits it: big = round-to-tf32(x) (bits + 0x1000,
// low 13 bits cleared, NaN kept), small = x - big; small*big, then
// big*small, NaNs reset to 0, then big*big, then + c: three tf32 dots, each
// on mma.sync.
#blocked = #tilegpu.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [4, 1], order = [1, 0]}>
module attributes {tilegpu.num_warps = 4 : i32, tilegpu.threads_per_warp = 32 : i32} {
  // CHECK-LABEL: func.func @tf32x3
  // CHECK-SAME: (%[[A:.*]]: tensor<64x16xf32, #{{.*}}>, %[[B:.*]]: tensor<16x64xf32, #{{.*}}>, %[[C:.*]]: tensor<64x64xf32
  func.func @tf32x3(%a: tensor<64x16xf32, #blocked>, %b: tensor<16x64xf32, #blocked>, %c: tensor<64x64xf32, #blocked>) -> tensor<64x64xf32, #blocked> {
    // CHECK: %[[AI:.*]] = tile.bitcast %[[A]]
    // CHECK: %[[AR:.*]] = arith.addi %[[AI]], %{{.*}}
    // CHECK: %[[AM:.*]] = arith.andi %[[AR]], %{{.*}}
    // CHECK: %[[AF:.*]] = tile.bitcast %[[AM]]
    // CHECK: %[[ANAN:.*]] = arith.cmpf uno, %[[A]], %[[A]]
    // CHECK: %[[ABIG:.*]] = arith.select %[[ANAN]], %[[A]], %[[AF]]
    // CHECK: %[[ASMALL:.*]] = arith.subf %[[A]], %[[ABIG]]
    // CHECK: %[[BBIG:.*]] = arith.select
    // CHECK: %[[BSMALL:.*]] = arith.subf %[[B]], %[[BBIG]]
    // CHECK: %[[ZERO:.*]] = arith.constant dense<0.000000e+00>
    // The three dots then get mma.sync layouts; each result converts back.
    // CHECK: tile.dot {{.*}} inputPrecision = tf32
    // CHECK: tile.dot {{.*}} inputPrecision = tf32
    // CHECK-NEXT: %[[D2:.*]] = tilegpu.convert_layout
    // CHECK-NEXT: %[[NAN:.*]] = arith.cmpf uno, %[[D2]], %[[D2]]
    // CHECK-NEXT: %[[D2Z:.*]] = arith.select %[[NAN]], %[[ZERO]], %[[D2]]
    // CHECK: tile.dot {{.*}} inputPrecision = tf32
    // CHECK-NEXT: %[[D3:.*]] = tilegpu.convert_layout
    // CHECK-NEXT: %[[SUM:.*]] = arith.addf %[[D3]], %[[C]]
    // CHECK: return %[[SUM]]
    // CHECK-NOT: tf32x3
    %d = tile.dot %a, %b, %c inputPrecision = tf32x3 : tensor<64x16xf32, #blocked> * tensor<16x64xf32, #blocked> -> tensor<64x64xf32, #blocked>
    return %d : tensor<64x64xf32, #blocked>
  }
}
