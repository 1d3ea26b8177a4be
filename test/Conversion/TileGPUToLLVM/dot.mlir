// RUN: tilec-opt %s -split-input-file -convert-tilegpu-to-llvm | FileCheck %s

// A 32x16x16 f16 product on one warp: two 16x8 accumulator tiles in M, two
// in N, one K step: four mma.sync m16n8k16, A as four vector<2xf16>, B as
// two, the accumulator as four f32 each.
#mma = #tilegpu.mma<{version = 2, instrN = 8, warpsPerCTA = [1, 1]}>
#a = #tilegpu.dot_op<{opIdx = 0, parent = #mma, elemBits = 16}>
#b = #tilegpu.dot_op<{opIdx = 1, parent = #mma, elemBits = 16}>
module attributes {tilegpu.num_warps = 1 : i32, tilegpu.threads_per_warp = 32 : i32} {
  // CHECK-LABEL: llvm.func @mma_f16
  func.func @mma_f16(%a: tensor<32x16xf16, #a>, %b: tensor<16x16xf16, #b>, %c: tensor<32x16xf32, #mma>) attributes {tile.kernel} {
    // (The f16 operand types are implied, so the printer leaves them out.)
    // CHECK-COUNT-4: nvvm.mma.sync A[%{{[0-9]+}}, %{{[0-9]+}}, %{{[0-9]+}}, %{{[0-9]+}}] B[%{{[0-9]+}}, %{{[0-9]+}}] C[%{{[0-9]+}}, %{{[0-9]+}}, %{{[0-9]+}}, %{{[0-9]+}}] {layoutA = #nvvm.mma_layout<row>, layoutB = #nvvm.mma_layout<col>, shape = #nvvm.shape<m = 16, n = 8, k = 16>} : (vector<2xf16>, vector<2xf16>, f32) -> !llvm.struct<(f32, f32, f32, f32)>
    // CHECK-NOT: nvvm.mma.sync
    %d = tile.dot %a, %b, %c : tensor<32x16xf16, #a> * tensor<16x16xf16, #b> -> tensor<32x16xf32, #mma>
    return
  }
}

// -----

// bf16 operands travel packed in i32, two K steps chain through the
// accumulator.
#mma = #tilegpu.mma<{version = 2, instrN = 8, warpsPerCTA = [1, 1]}>
#a = #tilegpu.dot_op<{opIdx = 0, parent = #mma, elemBits = 16}>
#b = #tilegpu.dot_op<{opIdx = 1, parent = #mma, elemBits = 16}>
module attributes {tilegpu.num_warps = 1 : i32, tilegpu.threads_per_warp = 32 : i32} {
  // CHECK-LABEL: llvm.func @mma_bf16
  func.func @mma_bf16(%a: tensor<16x32xbf16, #a>, %b: tensor<32x8xbf16, #b>, %c: tensor<16x8xf32, #mma>) attributes {tile.kernel} {
    // CHECK: %[[D0:.*]] = nvvm.mma.sync {{.*}}multiplicandAPtxType = #nvvm.mma_type<bf16>{{.*}} : (i32, i32, f32) -> !llvm.struct<(f32, f32, f32, f32)>
    // CHECK: %[[C0:.*]] = llvm.extractvalue %[[D0]][0]
    // CHECK: nvvm.mma.sync {{.*}} C[%[[C0]], {{.*}}] {{.*}} : (i32, i32, f32)
    // CHECK-NOT: nvvm.mma.sync
    %d = tile.dot %a, %b, %c : tensor<16x32xbf16, #a> * tensor<32x8xbf16, #b> -> tensor<16x8xf32, #mma>
    return
  }
}
