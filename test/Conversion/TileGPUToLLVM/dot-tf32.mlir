// RUN: tilec-opt %s -split-input-file -convert-tilegpu-to-llvm | FileCheck %s

// A 16x16x8 tf32 product on one warp: one 16x8 accumulator tile, two K
// steps of mma.sync m16n8k8 chained through the accumulator. Each operand
// element is rounded with cvt.rna.tf32.f32 into an i32; A's registers 0-3
// are the first step's a0..a3 (the PTX ISA's (g, t), (g+8, t), (g, t+4),
// (g+8, t+4)), B's registers 0-1 its b0, b1.
#mma = #tilegpu.mma<{version = 2, instrN = 8, warpsPerCTA = [1, 1]}>
#a = #tilegpu.dot_op<{opIdx = 0, parent = #mma, elemBits = 32}>
#b = #tilegpu.dot_op<{opIdx = 1, parent = #mma, elemBits = 32}>
module attributes {tilegpu.num_warps = 1 : i32, tilegpu.threads_per_warp = 32 : i32} {
  // CHECK-LABEL: llvm.func @mma_tf32
  func.func @mma_tf32(%a: tensor<16x16xf32, #a>, %b: tensor<16x8xf32, #b>, %c: tensor<16x8xf32, #mma>) attributes {tile.kernel} {
    // CHECK-DAG: %[[A0:.*]] = llvm.extractvalue %arg0[0]
    // CHECK-DAG: %[[A1:.*]] = llvm.extractvalue %arg0[1]
    // CHECK-DAG: %[[A2:.*]] = llvm.extractvalue %arg0[2]
    // CHECK-DAG: %[[A3:.*]] = llvm.extractvalue %arg0[3]
    // CHECK-DAG: %[[B0:.*]] = llvm.extractvalue %arg1[0]
    // CHECK-DAG: %[[B1:.*]] = llvm.extractvalue %arg1[1]
    // CHECK: %[[T0:.*]] = nvvm.convert.float.to.tf32 %[[A0]] {rnd = #nvvm.fp_rnd_mode<rna>}
    // CHECK: %[[T1:.*]] = nvvm.convert.float.to.tf32 %[[A1]] {rnd = #nvvm.fp_rnd_mode<rna>}
    // CHECK: %[[T2:.*]] = nvvm.convert.float.to.tf32 %[[A2]] {rnd = #nvvm.fp_rnd_mode<rna>}
    // CHECK: %[[T3:.*]] = nvvm.convert.float.to.tf32 %[[A3]] {rnd = #nvvm.fp_rnd_mode<rna>}
    // CHECK: %[[U0:.*]] = nvvm.convert.float.to.tf32 %[[B0]] {rnd = #nvvm.fp_rnd_mode<rna>}
    // CHECK: %[[U1:.*]] = nvvm.convert.float.to.tf32 %[[B1]] {rnd = #nvvm.fp_rnd_mode<rna>}
    // CHECK: %[[D0:.*]] = nvvm.mma.sync A[%[[T0]], %[[T1]], %[[T2]], %[[T3]]]  B[%[[U0]], %[[U1]]]  C[{{.*}}] {{{.*}}multiplicandAPtxType = #nvvm.mma_type<tf32>, multiplicandBPtxType = #nvvm.mma_type<tf32>, shape = #nvvm.shape<m = 16, n = 8, k = 8>} : (i32, i32, f32) -> !llvm.struct<(f32, f32, f32, f32)>
    // CHECK: %[[C0:.*]] = llvm.extractvalue %[[D0]][0]
    // CHECK: nvvm.mma.sync {{.*}} C[%[[C0]], {{.*}}] {{.*}}shape = #nvvm.shape<m = 16, n = 8, k = 8>} : (i32, i32, f32)
    // CHECK-NOT: nvvm.mma.sync
    %d = tile.dot %a, %b, %c inputPrecision = tf32 : tensor<16x16xf32, #a> * tensor<16x8xf32, #b> -> tensor<16x8xf32, #mma>
    return
  }
}

// -----

// 32x16x8 on one warp: two M tiles, two N tiles, one K
// step: four instructions, eight conversions of A (two tiles) and four of B.
#mma = #tilegpu.mma<{version = 2, instrN = 8, warpsPerCTA = [1, 1]}>
#a = #tilegpu.dot_op<{opIdx = 0, parent = #mma, elemBits = 32}>
#b = #tilegpu.dot_op<{opIdx = 1, parent = #mma, elemBits = 32}>
module attributes {tilegpu.num_warps = 1 : i32, tilegpu.threads_per_warp = 32 : i32} {
  // CHECK-LABEL: llvm.func @mma_tf32_tiles
  func.func @mma_tf32_tiles(%a: tensor<32x8xf32, #a>, %b: tensor<8x16xf32, #b>, %c: tensor<32x16xf32, #mma>) attributes {tile.kernel} {
    // CHECK-COUNT-4: nvvm.mma.sync {{.*}}shape = #nvvm.shape<m = 16, n = 8, k = 8>} : (i32, i32, f32) -> !llvm.struct<(f32, f32, f32, f32)>
    // CHECK-NOT: nvvm.mma.sync
    %d = tile.dot %a, %b, %c inputPrecision = tf32 : tensor<32x8xf32, #a> * tensor<8x16xf32, #b> -> tensor<32x16xf32, #mma>
    return
  }
}
