// RUN: tilec-opt %s -split-input-file -convert-tilegpu-to-llvm | FileCheck %s

// A 16x8x32 int8 product on one warp: one mma.sync m16n8k32 .s8 with an
// i32 accumulator and wrapping sums. Four consecutive K elements travel in
// one i32 (vector<4xi8>, element 0 in the low byte): A's registers 0-3 are
// a0..a3, the PTX ISA's (g, 4t..4t+3); B's 0-3 are b0..b3.
#mma = #tilegpu.mma<{version = 2, instrN = 8, warpsPerCTA = [1, 1]}>
#a = #tilegpu.dot_op<{opIdx = 0, parent = #mma, elemBits = 8}>
#b = #tilegpu.dot_op<{opIdx = 1, parent = #mma, elemBits = 8}>
module attributes {tilegpu.num_warps = 1 : i32, tilegpu.threads_per_warp = 32 : i32} {
  // CHECK-LABEL: llvm.func @mma_s8
  func.func @mma_s8(%a: tensor<16x32xi8, #a>, %b: tensor<32x8xi8, #b>, %c: tensor<16x8xi32, #mma>) attributes {tile.kernel} {
    // CHECK-DAG: %[[A0:.*]] = llvm.extractvalue %arg0[0]
    // CHECK-DAG: %[[A3:.*]] = llvm.extractvalue %arg0[3]
    // CHECK: %[[V:.*]] = llvm.insertelement %[[A0]], %{{.*}} : vector<4xi8>
    // CHECK: llvm.insertelement
    // CHECK: llvm.insertelement
    // CHECK: %[[V3:.*]] = llvm.insertelement %[[A3]], %{{.*}} : vector<4xi8>
    // CHECK: %[[R0:.*]] = llvm.bitcast %[[V3]] : vector<4xi8> to i32
    // CHECK: nvvm.mma.sync A[%[[R0]], %{{.*}}, %{{.*}}, %{{.*}}]  B[%{{.*}}, %{{.*}}]  C[%{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}]  {intOverflowBehavior = #nvvm.mma_int_overflow<wrapped>, {{.*}}multiplicandAPtxType = #nvvm.mma_type<s8>, multiplicandBPtxType = #nvvm.mma_type<s8>, shape = #nvvm.shape<m = 16, n = 8, k = 32>} : (i32, i32, i32) -> !llvm.struct<(i32, i32, i32, i32)>
    // CHECK-NOT: nvvm.mma.sync
    %d = tile.dot %a, %b, %c : tensor<16x32xi8, #a> * tensor<32x8xi8, #b> -> tensor<16x8xi32, #mma>
    return
  }
}

// -----

// 32x16x64 on 2x2 warps: each warp one 16x8 tile, two K steps chained.
#mma = #tilegpu.mma<{version = 2, instrN = 8, warpsPerCTA = [2, 2]}>
#a = #tilegpu.dot_op<{opIdx = 0, parent = #mma, elemBits = 8}>
#b = #tilegpu.dot_op<{opIdx = 1, parent = #mma, elemBits = 8}>
module attributes {tilegpu.num_warps = 4 : i32, tilegpu.threads_per_warp = 32 : i32} {
  // CHECK-LABEL: llvm.func @mma_s8_k_steps
  func.func @mma_s8_k_steps(%a: tensor<32x64xi8, #a>, %b: tensor<64x16xi8, #b>, %c: tensor<32x16xi32, #mma>) attributes {tile.kernel} {
    // CHECK: %[[D0:.*]] = nvvm.mma.sync {{.*}}k = 32>} : (i32, i32, i32)
    // CHECK: %[[C0:.*]] = llvm.extractvalue %[[D0]][0]
    // CHECK: nvvm.mma.sync {{.*}} C[%[[C0]], {{.*}}k = 32>} : (i32, i32, i32)
    // CHECK-NOT: nvvm.mma.sync
    %d = tile.dot %a, %b, %c : tensor<32x64xi8, #a> * tensor<64x16xi8, #b> -> tensor<32x16xi32, #mma>
    return
  }
}
