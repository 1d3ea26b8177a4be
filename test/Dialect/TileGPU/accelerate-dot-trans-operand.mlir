// RUN: tilec-opt %s -split-input-file -tilegpu-accelerate-dot="wgmma=true compute-capability=90" | FileCheck %s --check-prefix=WGMMA
// RUN: tilec-opt %s -split-input-file -tilegpu-accelerate-dot="wgmma=false compute-capability=80" | FileCheck %s --check-prefix=MMA

// Attention's Q·Kᵀ in its key loop. Kᵀ is `tile.trans` of K, which is read
// with the head dimension contiguous: its shared copy keeps that order
// (order [0, 1] for Kᵀ, K-major for wgmma, .trans for ldmatrix), so that
// tilegpu-pipeline can copy K as it is read. Q does not change in the loop:
// its shared copy (and, with mma.sync, its ldmatrix read) is made once,
// before the loop.
#k = #tilegpu.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#kt = #tilegpu.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [2, 2], order = [1, 0]}>
#acc = #tilegpu.blocked<{sizePerThread = [1, 4], threadsPerWarp = [2, 16], warpsPerCTA = [4, 1], order = [1, 0]}>
// WGMMA-DAG: #[[SQ:.*]] = #tilegpu.shared<{swizzleBytes = 128, order = [1, 0]}>
// WGMMA-DAG: #[[SKT:.*]] = #tilegpu.shared<{swizzleBytes = 128, order = [0, 1]}>
// MMA-DAG: #[[SKT:.*]] = #tilegpu.shared<{swizzleBytes = 128, order = [0, 1]}>
module attributes {tilegpu.num_warps = 4 : i32, tilegpu.threads_per_warp = 32 : i32} {
  // WGMMA-LABEL: func.func @qk
  // WGMMA-SAME: (%[[Q:[a-z0-9]+]]: tensor<64x64xf16
  // WGMMA: %[[MQ:.*]] = tilegpu.local_alloc %[[Q]] : (tensor<64x64xf16, #{{.*}}>) -> !tilegpu.memdesc<[64, 64], f16, #[[SQ]]>
  // WGMMA-NEXT: scf.for
  // WGMMA: %[[K:.*]] = tile.load
  // WGMMA: %[[KT:.*]] = tile.trans
  // WGMMA: %[[MKT:.*]] = tilegpu.local_alloc %[[KT]] : (tensor<64x64xf16, #{{.*}}>) -> !tilegpu.memdesc<[64, 64], f16, #[[SKT]]>
  // WGMMA: tilegpu.warp_group_dot %[[MQ]], %[[MKT]]
  // MMA-LABEL: func.func @qk
  // MMA-SAME: (%[[Q:[a-z0-9]+]]: tensor<64x64xf16
  // MMA: %[[MQ:.*]] = tilegpu.local_alloc %[[Q]]
  // MMA-NEXT: %[[RQ:.*]] = tilegpu.local_load %[[MQ]]
  // MMA-NEXT: scf.for
  // MMA: %[[KT:.*]] = tile.trans
  // MMA: %[[MKT:.*]] = tilegpu.local_alloc %[[KT]] : (tensor<64x64xf16, #{{.*}}>) -> !tilegpu.memdesc<[64, 64], f16, #[[SKT]]>
  // MMA: tile.dot %[[RQ]],
  func.func @qk(%q: tensor<64x64xf16, #k>, %pk: tensor<64x64x!tile.ptr<f16>, #k>, %n: i32) -> tensor<64x64xf32, #acc> {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %zero = arith.constant dense<0.0> : tensor<64x64xf32, #acc>
    %r = scf.for %i = %c0 to %n step %c1 iter_args(%s = %zero) -> (tensor<64x64xf32, #acc>) : i32 {
      %k = tile.load %pk {tilegpu.vec = 8 : i32} : tensor<64x64x!tile.ptr<f16>, #k>
      %kt = tile.trans %k {order = array<i32: 1, 0>} : tensor<64x64xf16, #k> -> tensor<64x64xf16, #kt>
      %qa = tilegpu.convert_layout %q : tensor<64x64xf16, #k> -> tensor<64x64xf16, #acc>
      %kb = tilegpu.convert_layout %kt : tensor<64x64xf16, #kt> -> tensor<64x64xf16, #acc>
      %d = tile.dot %qa, %kb, %s : tensor<64x64xf16, #acc> * tensor<64x64xf16, #acc> -> tensor<64x64xf32, #acc>
      scf.yield %d : tensor<64x64xf32, #acc>
    }
    return %r : tensor<64x64xf32, #acc>
  }
}
