// RUN: tilec-opt %s -split-input-file -tilegpu-accelerate-dot="wgmma=true compute-capability=90" | FileCheck %s

// An explicit max_num_imprecise_acc between 32 and K: Triton's wgmma adds
// partial sums in fp32 every that many products. The wgmma dot carries the
// value to its lowering (tilegpu.max_num_imprecise_acc).
#row = #tilegpu.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
module attributes {tilegpu.num_warps = 4 : i32, tilegpu.threads_per_warp = 32 : i32} {
  // CHECK-LABEL: func.func @split
  // CHECK: tilegpu.warp_group_dot {{.*}} {tilegpu.max_num_imprecise_acc = 32 : i32}
  func.func @split(%a: tensor<64x64xf8E5M2, #row>, %b: tensor<64x64xf8E5M2, #row>, %c: tensor<64x64xf32, #row>) -> tensor<64x64xf32, #row> {
    %d = tile.dot %a, %b, %c maxNumImpreciseAcc = 32 : tensor<64x64xf8E5M2, #row> * tensor<64x64xf8E5M2, #row> -> tensor<64x64xf32, #row>
    return %d : tensor<64x64xf32, #row>
  }
}

// -----

// Above K (Triton's default is 2^30): one wgmma sum, no attribute.
#row = #tilegpu.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
module attributes {tilegpu.num_warps = 4 : i32, tilegpu.threads_per_warp = 32 : i32} {
  // CHECK-LABEL: func.func @whole
  // CHECK: tilegpu.warp_group_dot
  // CHECK-NOT: max_num_imprecise_acc
  // CHECK: return
  func.func @whole(%a: tensor<64x64xf8E5M2, #row>, %b: tensor<64x64xf8E5M2, #row>, %c: tensor<64x64xf32, #row>) -> tensor<64x64xf32, #row> {
    %d = tile.dot %a, %b, %c maxNumImpreciseAcc = 1073741824 : tensor<64x64xf8E5M2, #row> * tensor<64x64xf8E5M2, #row> -> tensor<64x64xf32, #row>
    return %d : tensor<64x64xf32, #row>
  }
}
