// RUN: tilec-opt %s -split-input-file -tilegpu-pipeline="num-stages=3" | FileCheck %s
// RUN: tilec-opt %s -split-input-file -tilegpu-pipeline="num-stages=3 remarks=true" -o /dev/null 2>&1 | FileCheck %s --check-prefix=REMARK

// One tile stored to shared memory twice, as attention's backward stores Q
// and dO: once as it was loaded (B of dK += dSᵀ·Q) and once transposed (B
// of K·Qᵀ), the two with different swizzles, so that one cannot be a view
// of the other (pipeline-share-transposed.mlir). The load is split into one
// per shared tile, and each becomes a cp.async prefetch into a ring of its
// own; no tile.load is left.
#blocked1 = #tilegpu.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#blocked2 = #tilegpu.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [2, 2], order = [1, 0]}>
#blocked3 = #tilegpu.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [4, 1], order = [1, 0]}>
#mma = #tilegpu.mma<{version = 3, instrN = 32, warpsPerCTA = [4, 1]}>
#mma1 = #tilegpu.mma<{version = 3, instrN = 64, warpsPerCTA = [4, 1]}>
#shared = #tilegpu.shared<{swizzleBytes = 128, order = [1, 0]}>
#shared1 = #tilegpu.shared<{swizzleBytes = 64, order = [0, 1]}>
#shared2 = #tilegpu.shared<{swizzleBytes = 64, order = [1, 0]}>
module attributes {tilegpu.num_warps = 4 : i32, tilegpu.threads_per_warp = 32 : i32} {
  // CHECK-LABEL: func.func @twice
  // CHECK-NOT: tile.load
  // CHECK: tilegpu.async_copy_global_to_local %{{.*}} : tensor<32x64x!tile.ptr<f16>
  // CHECK: tilegpu.async_copy_global_to_local %{{.*}} : tensor<32x64x!tile.ptr<f16>
  // CHECK: scf.for
  // CHECK-NOT: tile.load
  // CHECK: tile.trans
  // CHECK: tilegpu.warp_group_dot
  // CHECK: tilegpu.warp_group_dot
  // CHECK: scf.yield
  // REMARK: remark: loop pipelined in 3 stages: 2 load(s) by cp.async (1 transposed){{.*}} (1 load(s) split to feed several shared tiles)
  func.func @twice(%k: !tilegpu.memdesc<[64, 64], f16, #shared>, %p: !tilegpu.memdesc<[64, 32], f16, #shared2>, %pq: tensor<32x64x!tile.ptr<f16>, #blocked1>, %n: i32) -> (tensor<64x32xf32, #mma>, tensor<64x64xf32, #mma1>) {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %step = arith.constant dense<64> : tensor<32x64xi32, #blocked1>
    %z32 = arith.constant dense<0.0> : tensor<64x32xf32, #mma>
    %z64 = arith.constant dense<0.0> : tensor<64x64xf32, #mma1>
    %r:3 = scf.for %i = %c0 to %n step %c1 iter_args(%s = %z32, %acc = %z64, %ptrs = %pq) -> (tensor<64x32xf32, #mma>, tensor<64x64xf32, #mma1>, tensor<32x64x!tile.ptr<f16>, #blocked1>) : i32 {
      %q = tile.load %ptrs {tilegpu.vec = 8 : i32} : tensor<32x64x!tile.ptr<f16>, #blocked1>
      %c = tilegpu.convert_layout %q : tensor<32x64xf16, #blocked1> -> tensor<32x64xf16, #blocked2>
      %t = tile.trans %c {order = array<i32: 1, 0>} : tensor<32x64xf16, #blocked2> -> tensor<64x32xf16, #blocked3>
      %qt = tilegpu.local_alloc %t : (tensor<64x32xf16, #blocked3>) -> !tilegpu.memdesc<[64, 32], f16, #shared1>
      %d1 = tilegpu.warp_group_dot %k, %qt, %z32 : !tilegpu.memdesc<[64, 64], f16, #shared>, !tilegpu.memdesc<[64, 32], f16, #shared1>, tensor<64x32xf32, #mma> -> tensor<64x32xf32, #mma>
      %s2 = arith.addf %s, %d1 : tensor<64x32xf32, #mma>
      %qs = tilegpu.local_alloc %q : (tensor<32x64xf16, #blocked1>) -> !tilegpu.memdesc<[32, 64], f16, #shared>
      %d2 = tilegpu.warp_group_dot %p, %qs, %acc : !tilegpu.memdesc<[64, 32], f16, #shared2>, !tilegpu.memdesc<[32, 64], f16, #shared>, tensor<64x64xf32, #mma1> -> tensor<64x64xf32, #mma1>
      %np = tile.addptr %ptrs, %step : tensor<32x64x!tile.ptr<f16>, #blocked1>, tensor<32x64xi32, #blocked1>
      scf.yield %s2, %d2, %np : tensor<64x32xf32, #mma>, tensor<64x64xf32, #mma1>, tensor<32x64x!tile.ptr<f16>, #blocked1>
    }
    return %r#0, %r#1 : tensor<64x32xf32, #mma>, tensor<64x64xf32, #mma1>
  }
}

// -----

// A tile also used in registers keeps its one load, which is not
// prefetched: splitting would not make it a copy.
#blocked1 = #tilegpu.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#mma1 = #tilegpu.mma<{version = 3, instrN = 64, warpsPerCTA = [4, 1]}>
#shared = #tilegpu.shared<{swizzleBytes = 128, order = [1, 0]}>
#shared2 = #tilegpu.shared<{swizzleBytes = 64, order = [1, 0]}>
module attributes {tilegpu.num_warps = 4 : i32, tilegpu.threads_per_warp = 32 : i32} {
  // CHECK-LABEL: func.func @also_in_registers
  // CHECK: scf.for
  // CHECK: tile.load
  // CHECK-NOT: tile.load
  // CHECK: scf.yield
  // REMARK: remark: load not prefetched: its value is used in registers
  func.func @also_in_registers(%p: !tilegpu.memdesc<[64, 32], f16, #shared2>, %pq: tensor<32x64x!tile.ptr<f16>, #blocked1>, %n: i32) -> (tensor<64x64xf32, #mma1>, tensor<32x64xf16, #blocked1>) {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %step = arith.constant dense<64> : tensor<32x64xi32, #blocked1>
    %z64 = arith.constant dense<0.0> : tensor<64x64xf32, #mma1>
    %zq = arith.constant dense<0.0> : tensor<32x64xf16, #blocked1>
    %r:3 = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %z64, %sum = %zq, %ptrs = %pq) -> (tensor<64x64xf32, #mma1>, tensor<32x64xf16, #blocked1>, tensor<32x64x!tile.ptr<f16>, #blocked1>) : i32 {
      %q = tile.load %ptrs {tilegpu.vec = 8 : i32} : tensor<32x64x!tile.ptr<f16>, #blocked1>
      %qs = tilegpu.local_alloc %q : (tensor<32x64xf16, #blocked1>) -> !tilegpu.memdesc<[32, 64], f16, #shared>
      %d2 = tilegpu.warp_group_dot %p, %qs, %acc : !tilegpu.memdesc<[64, 32], f16, #shared2>, !tilegpu.memdesc<[32, 64], f16, #shared>, tensor<64x64xf32, #mma1> -> tensor<64x64xf32, #mma1>
      %s2 = arith.addf %sum, %q : tensor<32x64xf16, #blocked1>
      %np = tile.addptr %ptrs, %step : tensor<32x64x!tile.ptr<f16>, #blocked1>, tensor<32x64xi32, #blocked1>
      scf.yield %d2, %s2, %np : tensor<64x64xf32, #mma1>, tensor<32x64xf16, #blocked1>, tensor<32x64x!tile.ptr<f16>, #blocked1>
    }
    return %r#0, %r#1 : tensor<64x64xf32, #mma1>, tensor<32x64xf16, #blocked1>
  }
}
