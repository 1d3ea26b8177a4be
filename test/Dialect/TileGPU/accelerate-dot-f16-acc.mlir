// RUN: tilec-opt %s -split-input-file -tilegpu-accelerate-dot=shared-operands=false | FileCheck %s
// RUN: tilec-opt %s -split-input-file -tilegpu-accelerate-dot=wgmma=true | FileCheck %s --check-prefix=WG

// fp16 operands with an fp16 accumulator (out_dtype=tl.float16) get the
// mma.sync m16n8k16 layouts, as with an fp32 accumulator; wgmma takes only
// fp32 accumulators here, so sm_90a uses mma.sync for them too.
#blocked = #tilegpu.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [4, 1], order = [1, 0]}>
// CHECK-DAG: #[[MMA:.*]] = #tilegpu.mma<{version = 2, instrN = 8, warpsPerCTA = [2, 2]}>
// CHECK-DAG: #[[A:.*]] = #tilegpu.dot_op<{opIdx = 0, parent = #[[MMA]], elemBits = 16}>
// CHECK-DAG: #[[B:.*]] = #tilegpu.dot_op<{opIdx = 1, parent = #[[MMA]], elemBits = 16}>
// WG-DAG: #[[WMMA:.*]] = #tilegpu.mma<{version = 2, instrN = 8, warpsPerCTA = [2, 2]}>
module attributes {tilegpu.num_warps = 4 : i32, tilegpu.threads_per_warp = 32 : i32} {
  // CHECK-LABEL: func.func @f16_acc
  // WG-LABEL: func.func @f16_acc
  // WG-NOT: tilegpu.warp_group_dot
  // WG: tile.dot {{.*}} -> tensor<64x64xf16, #[[WMMA]]>
  func.func @f16_acc(%a: tensor<64x32xf16, #blocked>, %b: tensor<32x64xf16, #blocked>, %c: tensor<64x64xf16, #blocked>) -> tensor<64x64xf16, #blocked> {
    // CHECK: %[[A2:.*]] = tilegpu.convert_layout %{{.*}} -> tensor<64x32xf16, #[[A]]>
    // CHECK: %[[B2:.*]] = tilegpu.convert_layout %{{.*}} -> tensor<32x64xf16, #[[B]]>
    // CHECK: %[[C2:.*]] = tilegpu.convert_layout %{{.*}} -> tensor<64x64xf16, #[[MMA]]>
    // CHECK: tile.dot %[[A2]], %[[B2]], %[[C2]] : tensor<64x32xf16, #[[A]]> * tensor<32x64xf16, #[[B]]> -> tensor<64x64xf16, #[[MMA]]>
    %d = tile.dot %a, %b, %c : tensor<64x32xf16, #blocked> * tensor<32x64xf16, #blocked> -> tensor<64x64xf16, #blocked>
    return %d : tensor<64x64xf16, #blocked>
  }
}
