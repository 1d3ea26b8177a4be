// RUN: tilec-opt %s -split-input-file -convert-tilegpu-to-llvm | FileCheck %s

// out_dtype=tl.float16 with fp16 operands: mma.sync m16n8k16 with f16
// accumulators, two to a register (vector<2xf16>): c0 c1 of the fragment
// (row g) in the first, c2 c3 (row g + 8) in the second.
#mma = #tilegpu.mma<{version = 2, instrN = 8, warpsPerCTA = [1, 1]}>
#a = #tilegpu.dot_op<{opIdx = 0, parent = #mma, elemBits = 16}>
#b = #tilegpu.dot_op<{opIdx = 1, parent = #mma, elemBits = 16}>
module attributes {tilegpu.num_warps = 1 : i32, tilegpu.threads_per_warp = 32 : i32} {
  // CHECK-LABEL: llvm.func @mma_f16_acc
  func.func @mma_f16_acc(%a: tensor<16x16xf16, #a>, %b: tensor<16x8xf16, #b>, %c: tensor<16x8xf16, #mma>) attributes {tile.kernel} {
    // CHECK-DAG: %[[C0:.*]] = llvm.extractvalue %arg2[0]
    // CHECK-DAG: %[[C1:.*]] = llvm.extractvalue %arg2[1]
    // CHECK: %[[V0:.*]] = llvm.insertelement %[[C0]], %{{.*}}[%{{.*}} : i32] : vector<2xf16>
    // CHECK: %[[V1:.*]] = llvm.insertelement %[[C1]], %[[V0]][%{{.*}} : i32] : vector<2xf16>
    // CHECK: %[[D:.*]] = nvvm.mma.sync {{.*}} C[%[[V1]], %{{.*}}] {{.*}}shape = #nvvm.shape<m = 16, n = 8, k = 16>} : (vector<2xf16>, vector<2xf16>, vector<2xf16>) -> !llvm.struct<(vector<2xf16>, vector<2xf16>)>
    // CHECK: %[[R0:.*]] = llvm.extractvalue %[[D]][0]
    // CHECK: %[[R1:.*]] = llvm.extractvalue %[[D]][1]
    // CHECK: llvm.extractelement %[[R0]]
    // CHECK: llvm.extractelement %[[R0]]
    // CHECK: llvm.extractelement %[[R1]]
    // CHECK: llvm.extractelement %[[R1]]
    // CHECK-NOT: nvvm.mma.sync
    %d = tile.dot %a, %b, %c : tensor<16x16xf16, #a> * tensor<16x8xf16, #b> -> tensor<16x8xf16, #mma>
    return
  }
}
