// RUN: tilec-opt %s -split-input-file -tilegpu-pipeline="num-stages=2" -cse | FileCheck %s

// Two loops with runtime bounds, the second continuing from the first's
// results (attention's causal split: the blocks left of the diagonal, then
// the diagonal block): each gets its own rings and prologue, whose copies
// are masked by `lb + k * step < ub` with its own bounds, and each drains
// its copies before the next begins.
#blocked = #tilegpu.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#mma = #tilegpu.mma<{version = 3, instrN = 64, warpsPerCTA = [4, 1]}>
#s = #tilegpu.shared<{swizzleBytes = 128, order = [1, 0]}>
module attributes {tilegpu.num_warps = 4 : i32, tilegpu.threads_per_warp = 32 : i32} {
  // CHECK-LABEL: func.func @split
  // CHECK-SAME: %[[LO:[a-z0-9]+]]: i32, %[[MID:[a-z0-9]+]]: i32, %[[HI:[a-z0-9]+]]: i32)
  // CHECK: %[[I0:.*]] = arith.addi %[[LO]], %{{.*}} : i32
  // CHECK: arith.cmpi slt, %[[I0]], %[[MID]] : i32
  // CHECK: tilegpu.async_copy_global_to_local
  // CHECK: %[[R1:.*]]:5 = scf.for %{{.*}} = %[[LO]] to %[[MID]]
  // CHECK: arith.cmpi slt, %{{.*}}, %[[MID]] : i32
  // CHECK: tilegpu.async_copy_global_to_local
  // CHECK: tilegpu.async_wait {num = 0 : i32}
  // CHECK: %[[R1W:.*]] = tilegpu.warp_group_dot_wait %[[R1]]#0 {pendings = 0 : i32}
  // CHECK: %[[I1:.*]] = arith.addi %[[MID]], %{{.*}} : i32
  // CHECK: arith.cmpi slt, %[[I1]], %[[HI]] : i32
  // CHECK: tilegpu.async_copy_global_to_local
  // CHECK: scf.for %{{.*}} = %[[MID]] to %[[HI]] step %{{.*}} iter_args(%{{.*}} = %[[R1W]],
  // CHECK: arith.cmpi slt, %{{.*}}, %[[HI]] : i32
  // CHECK: tilegpu.async_copy_global_to_local
  // CHECK: tilegpu.async_wait {num = 0 : i32}
  func.func @split(%pa: tensor<64x64x!tile.ptr<f16>, #blocked>, %pb: tensor<64x64x!tile.ptr<f16>, #blocked>, %lo: i32, %mid: i32, %hi: i32) -> tensor<64x64xf32, #mma> {
    %c1 = arith.constant 1 : i32
    %step = arith.constant dense<64> : tensor<64x64xi32, #blocked>
    %zero = arith.constant dense<0.0> : tensor<64x64xf32, #mma>
    %r:3 = scf.for %k = %lo to %mid step %c1 iter_args(%acc = %zero, %a_ptrs = %pa, %b_ptrs = %pb) -> (tensor<64x64xf32, #mma>, tensor<64x64x!tile.ptr<f16>, #blocked>, tensor<64x64x!tile.ptr<f16>, #blocked>) : i32 {
      %a = tile.load %a_ptrs {tilegpu.vec = 8 : i32} : tensor<64x64x!tile.ptr<f16>, #blocked>
      %b = tile.load %b_ptrs {tilegpu.vec = 8 : i32} : tensor<64x64x!tile.ptr<f16>, #blocked>
      %sa = tilegpu.local_alloc %a : (tensor<64x64xf16, #blocked>) -> !tilegpu.memdesc<[64, 64], f16, #s>
      %sb = tilegpu.local_alloc %b : (tensor<64x64xf16, #blocked>) -> !tilegpu.memdesc<[64, 64], f16, #s>
      %d = tilegpu.warp_group_dot %sa, %sb, %acc : !tilegpu.memdesc<[64, 64], f16, #s>, !tilegpu.memdesc<[64, 64], f16, #s>, tensor<64x64xf32, #mma> -> tensor<64x64xf32, #mma>
      %na = tile.addptr %a_ptrs, %step : tensor<64x64x!tile.ptr<f16>, #blocked>, tensor<64x64xi32, #blocked>
      %nb = tile.addptr %b_ptrs, %step : tensor<64x64x!tile.ptr<f16>, #blocked>, tensor<64x64xi32, #blocked>
      scf.yield %d, %na, %nb : tensor<64x64xf32, #mma>, tensor<64x64x!tile.ptr<f16>, #blocked>, tensor<64x64x!tile.ptr<f16>, #blocked>
    }
    %r2:3 = scf.for %k = %mid to %hi step %c1 iter_args(%acc = %r#0, %a_ptrs = %pa, %b_ptrs = %pb) -> (tensor<64x64xf32, #mma>, tensor<64x64x!tile.ptr<f16>, #blocked>, tensor<64x64x!tile.ptr<f16>, #blocked>) : i32 {
      %a = tile.load %a_ptrs {tilegpu.vec = 8 : i32} : tensor<64x64x!tile.ptr<f16>, #blocked>
      %b = tile.load %b_ptrs {tilegpu.vec = 8 : i32} : tensor<64x64x!tile.ptr<f16>, #blocked>
      %sa = tilegpu.local_alloc %a : (tensor<64x64xf16, #blocked>) -> !tilegpu.memdesc<[64, 64], f16, #s>
      %sb = tilegpu.local_alloc %b : (tensor<64x64xf16, #blocked>) -> !tilegpu.memdesc<[64, 64], f16, #s>
      %d = tilegpu.warp_group_dot %sa, %sb, %acc : !tilegpu.memdesc<[64, 64], f16, #s>, !tilegpu.memdesc<[64, 64], f16, #s>, tensor<64x64xf32, #mma> -> tensor<64x64xf32, #mma>
      %na = tile.addptr %a_ptrs, %step : tensor<64x64x!tile.ptr<f16>, #blocked>, tensor<64x64xi32, #blocked>
      %nb = tile.addptr %b_ptrs, %step : tensor<64x64x!tile.ptr<f16>, #blocked>, tensor<64x64xi32, #blocked>
      scf.yield %d, %na, %nb : tensor<64x64xf32, #mma>, tensor<64x64x!tile.ptr<f16>, #blocked>, tensor<64x64x!tile.ptr<f16>, #blocked>
    }
    return %r2#0 : tensor<64x64xf32, #mma>
  }
}
