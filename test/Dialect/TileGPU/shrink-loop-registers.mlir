// RUN: tilec-opt %s -split-input-file -tilegpu-shrink-loop-registers | FileCheck %s

// A loop left loading its operands into registers (2-byte loads, which
// cp.async cannot copy): each tile is stored to shared memory right after
// its load, before the next tile's loads, so one tile's values are live at
// a time instead of both.
#blocked = #tilegpu.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#mma = #tilegpu.mma<{version = 3, instrN = 64, warpsPerCTA = [4, 1]}>
#s = #tilegpu.shared<{swizzleBytes = 128, order = [1, 0]}>
module attributes {tilegpu.num_warps = 4 : i32, tilegpu.threads_per_warp = 32 : i32} {
  // CHECK-LABEL: func.func @subword
  func.func @subword(%pa: tensor<64x64x!tile.ptr<f16>, #blocked>, %pb: tensor<64x64x!tile.ptr<f16>, #blocked>, %n: i32) -> tensor<64x64xf32, #mma> {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %step = arith.constant dense<64> : tensor<64x64xi32, #blocked>
    %zero = arith.constant dense<0.0> : tensor<64x64xf32, #mma>
    // CHECK: scf.for
    // CHECK-NEXT: %[[A:.*]] = tile.load
    // CHECK-NEXT: %[[SA:.*]] = tilegpu.local_alloc %[[A]]
    // CHECK-NEXT: %[[B:.*]] = tile.load
    // CHECK-NEXT: %[[SB:.*]] = tilegpu.local_alloc %[[B]]
    // CHECK-NEXT: tilegpu.warp_group_dot %[[SA]], %[[SB]]
    %r:3 = scf.for %k = %c0 to %n step %c1 iter_args(%acc = %zero, %a_ptrs = %pa, %b_ptrs = %pb) -> (tensor<64x64xf32, #mma>, tensor<64x64x!tile.ptr<f16>, #blocked>, tensor<64x64x!tile.ptr<f16>, #blocked>) : i32 {
      %a = tile.load %a_ptrs {tilegpu.vec = 1 : i32} : tensor<64x64x!tile.ptr<f16>, #blocked>
      %b = tile.load %b_ptrs {tilegpu.vec = 1 : i32} : tensor<64x64x!tile.ptr<f16>, #blocked>
      %sa = tilegpu.local_alloc %a : (tensor<64x64xf16, #blocked>) -> !tilegpu.memdesc<[64, 64], f16, #s>
      %sb = tilegpu.local_alloc %b : (tensor<64x64xf16, #blocked>) -> !tilegpu.memdesc<[64, 64], f16, #s>
      %d = tilegpu.warp_group_dot %sa, %sb, %acc : !tilegpu.memdesc<[64, 64], f16, #s>, !tilegpu.memdesc<[64, 64], f16, #s>, tensor<64x64xf32, #mma> -> tensor<64x64xf32, #mma>
      %na = tile.addptr %a_ptrs, %step : tensor<64x64x!tile.ptr<f16>, #blocked>, tensor<64x64xi32, #blocked>
      %nb = tile.addptr %b_ptrs, %step : tensor<64x64x!tile.ptr<f16>, #blocked>, tensor<64x64xi32, #blocked>
      scf.yield %d, %na, %nb : tensor<64x64xf32, #mma>, tensor<64x64x!tile.ptr<f16>, #blocked>, tensor<64x64x!tile.ptr<f16>, #blocked>
    }
    return %r#0 : tensor<64x64xf32, #mma>
  }
}

// -----

// 16-byte loads (what tilegpu-pipeline copies; here a loop it was not run
// on) keep their order: B's loads stay in flight while A is stored.
#blocked = #tilegpu.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#mma = #tilegpu.mma<{version = 3, instrN = 64, warpsPerCTA = [4, 1]}>
#s = #tilegpu.shared<{swizzleBytes = 128, order = [1, 0]}>
module attributes {tilegpu.num_warps = 4 : i32, tilegpu.threads_per_warp = 32 : i32} {
  // CHECK-LABEL: func.func @vectorized
  func.func @vectorized(%pa: tensor<64x64x!tile.ptr<f16>, #blocked>, %pb: tensor<64x64x!tile.ptr<f16>, #blocked>, %n: i32) -> tensor<64x64xf32, #mma> {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %zero = arith.constant dense<0.0> : tensor<64x64xf32, #mma>
    // CHECK: scf.for
    // CHECK-NEXT: %[[A:.*]] = tile.load
    // CHECK-NEXT: %[[B:.*]] = tile.load
    // CHECK-NEXT: tilegpu.local_alloc %[[A]]
    // CHECK-NEXT: tilegpu.local_alloc %[[B]]
    %r = scf.for %k = %c0 to %n step %c1 iter_args(%acc = %zero) -> (tensor<64x64xf32, #mma>) : i32 {
      %a = tile.load %pa {tilegpu.vec = 8 : i32} : tensor<64x64x!tile.ptr<f16>, #blocked>
      %b = tile.load %pb {tilegpu.vec = 8 : i32} : tensor<64x64x!tile.ptr<f16>, #blocked>
      %sa = tilegpu.local_alloc %a : (tensor<64x64xf16, #blocked>) -> !tilegpu.memdesc<[64, 64], f16, #s>
      %sb = tilegpu.local_alloc %b : (tensor<64x64xf16, #blocked>) -> !tilegpu.memdesc<[64, 64], f16, #s>
      %d = tilegpu.warp_group_dot %sa, %sb, %acc : !tilegpu.memdesc<[64, 64], f16, #s>, !tilegpu.memdesc<[64, 64], f16, #s>, tensor<64x64xf32, #mma> -> tensor<64x64xf32, #mma>
      scf.yield %d : tensor<64x64xf32, #mma>
    }
    return %r : tensor<64x64xf32, #mma>
  }
}
