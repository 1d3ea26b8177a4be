// RUN: tilec-opt %s -split-input-file -tilegpu-pipeline="num-stages=3" -cse | FileCheck %s

// A K loop nested in a loop over output tiles (a persistent matmul): the
// inner loop is pipelined inside the outer body, its prologue issued and
// its copies drained once per outer iteration; the outer loop, which holds
// no dot itself, is left as it is.
#blocked = #tilegpu.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#mma = #tilegpu.mma<{version = 3, instrN = 64, warpsPerCTA = [4, 1]}>
#s = #tilegpu.shared<{swizzleBytes = 128, order = [1, 0]}>
module attributes {tilegpu.num_warps = 4 : i32, tilegpu.threads_per_warp = 32 : i32} {
  // CHECK-LABEL: func.func @nested
  // CHECK: scf.for %[[T:.*]] = %{{.*}} to %{{.*}} step %{{.*}} iter_args(%[[SUM:.*]] = %{{.*}})
  // CHECK-NOT: scf.for
  // CHECK: tilegpu.local_alloc : () -> !tilegpu.memdesc<[4, 64, 64], f16
  // CHECK: tilegpu.local_alloc : () -> !tilegpu.memdesc<[4, 64, 64], f16
  // CHECK: tilegpu.async_copy_global_to_local
  // CHECK: tilegpu.async_commit_group
  // CHECK: scf.for
  // CHECK-NEXT: tilegpu.async_wait {num = 1 : i32}
  // CHECK: tilegpu.warp_group_dot {{.*}} {isAsync}
  // CHECK: tilegpu.async_copy_global_to_local
  // CHECK: tilegpu.warp_group_dot_wait %{{.*}} {pendings = 1 : i32}
  // CHECK: scf.yield
  // CHECK-NEXT: }
  // CHECK-NEXT: tilegpu.async_wait {num = 0 : i32}
  // CHECK-NEXT: tilegpu.warp_group_dot_wait %{{.*}} {pendings = 0 : i32}
  // CHECK: arith.addf %[[SUM]]
  // CHECK: scf.yield
  func.func @nested(%pa: tensor<64x64x!tile.ptr<f16>, #blocked>, %pb: tensor<64x64x!tile.ptr<f16>, #blocked>, %tiles: i32, %n: i32) -> tensor<64x64xf32, #mma> {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %step = arith.constant dense<64> : tensor<64x64xi32, #blocked>
    %zero = arith.constant dense<0.0> : tensor<64x64xf32, #mma>
    %out = scf.for %t = %c0 to %tiles step %c1 iter_args(%sum = %zero) -> (tensor<64x64xf32, #mma>) : i32 {
      %r:3 = scf.for %k = %c0 to %n step %c1 iter_args(%acc = %zero, %a_ptrs = %pa, %b_ptrs = %pb) -> (tensor<64x64xf32, #mma>, tensor<64x64x!tile.ptr<f16>, #blocked>, tensor<64x64x!tile.ptr<f16>, #blocked>) : i32 {
        %a = tile.load %a_ptrs {tilegpu.vec = 8 : i32} : tensor<64x64x!tile.ptr<f16>, #blocked>
        %b = tile.load %b_ptrs {tilegpu.vec = 8 : i32} : tensor<64x64x!tile.ptr<f16>, #blocked>
        %sa = tilegpu.local_alloc %a : (tensor<64x64xf16, #blocked>) -> !tilegpu.memdesc<[64, 64], f16, #s>
        %sb = tilegpu.local_alloc %b : (tensor<64x64xf16, #blocked>) -> !tilegpu.memdesc<[64, 64], f16, #s>
        %d = tilegpu.warp_group_dot %sa, %sb, %acc : !tilegpu.memdesc<[64, 64], f16, #s>, !tilegpu.memdesc<[64, 64], f16, #s>, tensor<64x64xf32, #mma> -> tensor<64x64xf32, #mma>
        %na = tile.addptr %a_ptrs, %step : tensor<64x64x!tile.ptr<f16>, #blocked>, tensor<64x64xi32, #blocked>
        %nb = tile.addptr %b_ptrs, %step : tensor<64x64x!tile.ptr<f16>, #blocked>, tensor<64x64xi32, #blocked>
        scf.yield %d, %na, %nb : tensor<64x64xf32, #mma>, tensor<64x64x!tile.ptr<f16>, #blocked>, tensor<64x64x!tile.ptr<f16>, #blocked>
      }
      %s2 = arith.addf %sum, %r#0 : tensor<64x64xf32, #mma>
      scf.yield %s2 : tensor<64x64xf32, #mma>
    }
    return %out : tensor<64x64xf32, #mma>
  }
}
