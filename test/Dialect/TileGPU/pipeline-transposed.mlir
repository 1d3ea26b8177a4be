// RUN: tilec-opt %s -split-input-file -tilegpu-pipeline="num-stages=3" | FileCheck %s

// An fp8 wgmma loop: A is stored as its loads read it (K contiguous) and
// becomes cp.async copies; B, loaded N-contiguous, is stored K-major (order
// [0, 1]), a transpose cp.async cannot do (it copies runs of the load's
// contiguous dimension), so its local_alloc stays in the loop. The dot is
// then not left in flight into the next iteration: that iteration's
// local_alloc would overwrite B while the wgmma still reads it.
#blocked = #tilegpu.blocked<{sizePerThread = [1, 16], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>
#mma = #tilegpu.mma<{version = 3, instrN = 64, warpsPerCTA = [4, 1]}>
#sa = #tilegpu.shared<{swizzleBytes = 64, order = [1, 0]}>
#sb = #tilegpu.shared<{swizzleBytes = 64, order = [0, 1]}>
module attributes {tilegpu.num_warps = 4 : i32, tilegpu.threads_per_warp = 32 : i32} {
  // CHECK-LABEL: func.func @fp8_transposed_b
  // CHECK-SAME: (%[[PA:[a-z0-9]+]]: {{.*}}, %[[PB:[a-z0-9]+]]: tensor<64x64x!tile.ptr<f8E5M2>
  // CHECK-NOT: tile.load
  // CHECK: tilegpu.async_copy_global_to_local %[[PA]]
  // CHECK-NOT: tile.load
  // CHECK: scf.for {{.*}} iter_args({{.*}}, %[[BPTR:[a-z0-9]+]] = %[[PB]],
  // CHECK: %[[B:.*]] = tile.load %[[BPTR]]
  // CHECK-NEXT: %[[SB:.*]] = tilegpu.local_alloc %[[B]] : (tensor<64x64xf8E5M2, #{{.*}}>) -> !tilegpu.memdesc<[64, 64], f8E5M2, #{{.*}}>
  // CHECK-NEXT: tilegpu.warp_group_dot %{{.*}}, %[[SB]], %{{.*}} : !tilegpu.memdesc
  // CHECK-NOT: isAsync
  // CHECK-NOT: warp_group_dot_wait
  func.func @fp8_transposed_b(%pa: tensor<64x64x!tile.ptr<f8E5M2>, #blocked>, %pb: tensor<64x64x!tile.ptr<f8E5M2>, #blocked>, %n: i32) -> tensor<64x64xf32, #mma> {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %step = arith.constant dense<64> : tensor<64x64xi32, #blocked>
    %zero = arith.constant dense<0.0> : tensor<64x64xf32, #mma>
    %r:3 = scf.for %k = %c0 to %n step %c1 iter_args(%acc = %zero, %a_ptrs = %pa, %b_ptrs = %pb) -> (tensor<64x64xf32, #mma>, tensor<64x64x!tile.ptr<f8E5M2>, #blocked>, tensor<64x64x!tile.ptr<f8E5M2>, #blocked>) : i32 {
      %a = tile.load %a_ptrs {tilegpu.vec = 16 : i32} : tensor<64x64x!tile.ptr<f8E5M2>, #blocked>
      %b = tile.load %b_ptrs {tilegpu.vec = 16 : i32} : tensor<64x64x!tile.ptr<f8E5M2>, #blocked>
      %sa = tilegpu.local_alloc %a : (tensor<64x64xf8E5M2, #blocked>) -> !tilegpu.memdesc<[64, 64], f8E5M2, #sa>
      %sb = tilegpu.local_alloc %b : (tensor<64x64xf8E5M2, #blocked>) -> !tilegpu.memdesc<[64, 64], f8E5M2, #sb>
      %d = tilegpu.warp_group_dot %sa, %sb, %acc : !tilegpu.memdesc<[64, 64], f8E5M2, #sa>, !tilegpu.memdesc<[64, 64], f8E5M2, #sb>, tensor<64x64xf32, #mma> -> tensor<64x64xf32, #mma>
      %na = tile.addptr %a_ptrs, %step : tensor<64x64x!tile.ptr<f8E5M2>, #blocked>, tensor<64x64xi32, #blocked>
      %nb = tile.addptr %b_ptrs, %step : tensor<64x64x!tile.ptr<f8E5M2>, #blocked>, tensor<64x64xi32, #blocked>
      scf.yield %d, %na, %nb : tensor<64x64xf32, #mma>, tensor<64x64x!tile.ptr<f8E5M2>, #blocked>, tensor<64x64x!tile.ptr<f8E5M2>, #blocked>
    }
    return %r#0 : tensor<64x64xf32, #mma>
  }
}
