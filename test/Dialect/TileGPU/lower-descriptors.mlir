// RUN: tilec-opt %s -split-input-file -tilegpu-lower-descriptors | FileCheck %s
// RUN: tilec-opt %s -split-input-file -tilegpu-lower-descriptors=compute-capability=90 | FileCheck %s

// tilegpu-lower-descriptors turns the descriptor loads and stores left after
// tilegpu-pipeline into one-shot TMA copies. A load copies its block into a
// fresh shared tile of the descriptor's TMA layout, completing on a fresh
// mbarrier that every thread waits on, in this order:
//   barrier         (earlier readers of the tile / waiters on the mbarrier
//                    are done: the load may sit in a loop)
//   init_barrier 1  (thread 0 alone arrives, with the byte count)
//   barrier         (the initialization is visible before anyone waits)
//   barrier_expect  (the block's bytes: what the copies count down)
//   async_tma_copy_global_to_local
//   wait_barrier 0  (the mbarrier's first phase)
//   barrier         (everyone has seen it complete ...)
//   inval_barrier   (... before thread 0 invalidates it)
// A `local_alloc` of the loaded block in that very layout (a wgmma operand)
// is the copy's tile itself; other uses read it back with `local_load`.
// A store goes the other way, from the layout its value was computed in.

// 128 x 64 f16 is 16384 bytes; its rows are 128 bytes, so the tile is
// 128-byte swizzled, row-major.
#blocked = #tilegpu.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
// CHECK-DAG: #[[BLOCKED:.*]] = #tilegpu.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
// CHECK-DAG: #[[SA:.*]] = #tilegpu.shared<{swizzleBytes = 128, order = [1, 0]}>
// CHECK-DAG: #[[BAR:.*]] = #tilegpu.shared<{swizzleBytes = 0, order = [0]}>
module attributes {tilegpu.num_warps = 4 : i32, tilegpu.threads_per_warp = 32 : i32} {
  // CHECK-LABEL: func.func @load_to_registers
  // CHECK-SAME: (%[[A:.*]]: !tile.tensordesc<tensor<128x64xf16>>, %[[M:.*]]: i32, %[[N:.*]]: i32)
  func.func @load_to_registers(%a: !tile.tensordesc<tensor<128x64xf16>>, %m: i32, %n: i32) -> tensor<128x64xf16, #blocked> {
    // CHECK: %[[BUF:.*]] = tilegpu.local_alloc : () -> !tilegpu.memdesc<[128, 64], f16, #[[SA]]>
    // CHECK-NEXT: %[[B:.*]] = tilegpu.local_alloc : () -> !tilegpu.memdesc<[1], i64, #[[BAR]]>
    // CHECK-NEXT: %[[TRUE:.*]] = arith.constant true
    // CHECK-NEXT: tilegpu.barrier
    // CHECK-NEXT: tilegpu.init_barrier %[[B]], 1 : !tilegpu.memdesc<[1], i64, #[[BAR]]>
    // CHECK-NEXT: tilegpu.barrier
    // CHECK-NEXT: tilegpu.barrier_expect %[[B]], 16384, %[[TRUE]] : !tilegpu.memdesc<[1], i64, #[[BAR]]>
    // CHECK-NEXT: tilegpu.async_tma_copy_global_to_local %[[A]][%[[M]], %[[N]]] %[[BUF]], %[[B]], %[[TRUE]] : !tile.tensordesc<tensor<128x64xf16>>, !tilegpu.memdesc<[128, 64], f16, #[[SA]]>, !tilegpu.memdesc<[1], i64, #[[BAR]]>
    // CHECK-NEXT: %[[ZERO:.*]] = arith.constant 0 : i32
    // CHECK-NEXT: tilegpu.wait_barrier %[[B]], %[[ZERO]] : !tilegpu.memdesc<[1], i64, #[[BAR]]>
    // CHECK-NEXT: tilegpu.barrier
    // CHECK-NEXT: tilegpu.inval_barrier %[[B]] : !tilegpu.memdesc<[1], i64, #[[BAR]]>
    // CHECK-NEXT: %[[X:.*]] = tilegpu.local_load %[[BUF]] : !tilegpu.memdesc<[128, 64], f16, #[[SA]]> -> tensor<128x64xf16, #[[BLOCKED]]>
    // CHECK-NEXT: return %[[X]]
    // CHECK-NOT: tile.descriptor_load
    %x = tile.descriptor_load %a[%m, %n] : !tile.tensordesc<tensor<128x64xf16>> -> tensor<128x64xf16, #blocked>
    return %x : tensor<128x64xf16, #blocked>
  }
}

// -----

// The byte count follows the element size: 64 x 32 f32 are 8192 bytes
// (rows of 128 bytes again), 64 x 32 i8 are 2048 (rows of 32 bytes: the
// 32-byte swizzle).
#blocked = #tilegpu.blocked<{sizePerThread = [1, 4], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
// CHECK-DAG: #[[S128:.*]] = #tilegpu.shared<{swizzleBytes = 128, order = [1, 0]}>
// CHECK-DAG: #[[S32:.*]] = #tilegpu.shared<{swizzleBytes = 32, order = [1, 0]}>
module attributes {tilegpu.num_warps = 4 : i32, tilegpu.threads_per_warp = 32 : i32} {
  // CHECK-LABEL: func.func @byte_counts
  func.func @byte_counts(%f: !tile.tensordesc<tensor<64x32xf32>>, %q: !tile.tensordesc<tensor<64x32xi8>>, %m: i32) -> (tensor<64x32xf32, #blocked>, tensor<64x32xi8, #blocked>) {
    // CHECK: %[[FBUF:.*]] = tilegpu.local_alloc : () -> !tilegpu.memdesc<[64, 32], f32, #[[S128]]>
    // CHECK: tilegpu.barrier_expect %{{.*}}, 8192, %{{.*}}
    // CHECK: tilegpu.async_tma_copy_global_to_local {{.*}} %[[FBUF]]
    %x = tile.descriptor_load %f[%m, %m] : !tile.tensordesc<tensor<64x32xf32>> -> tensor<64x32xf32, #blocked>
    // CHECK: %[[QBUF:.*]] = tilegpu.local_alloc : () -> !tilegpu.memdesc<[64, 32], i8, #[[S32]]>
    // CHECK: tilegpu.barrier_expect %{{.*}}, 2048, %{{.*}}
    // CHECK: tilegpu.async_tma_copy_global_to_local {{.*}} %[[QBUF]]
    %y = tile.descriptor_load %q[%m, %m] : !tile.tensordesc<tensor<64x32xi8>> -> tensor<64x32xi8, #blocked>
    return %x, %y : tensor<64x32xf32, #blocked>, tensor<64x32xi8, #blocked>
  }
}

// -----

// wgmma operands: each operand's local_alloc in the TMA layout is replaced
// by the copy's tile, so the block goes global -> shared once, never
// through registers.
#blocked = #tilegpu.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#mma = #tilegpu.mma<{version = 3, instrN = 64, warpsPerCTA = [4, 1]}>
#sa = #tilegpu.shared<{swizzleBytes = 128, order = [1, 0]}>
// CHECK-DAG: #[[SA:.*]] = #tilegpu.shared<{swizzleBytes = 128, order = [1, 0]}>
module attributes {tilegpu.num_warps = 4 : i32, tilegpu.threads_per_warp = 32 : i32} {
  // CHECK-LABEL: func.func @wgmma_operands
  // CHECK-SAME: (%[[A:.*]]: !tile.tensordesc<tensor<64x64xf16>>, %[[B:.*]]: !tile.tensordesc<tensor<64x64xf16>>, %[[C:.*]]: tensor<64x64xf32, #{{.*}}>, %[[M:.*]]: i32)
  func.func @wgmma_operands(%a: !tile.tensordesc<tensor<64x64xf16>>, %b: !tile.tensordesc<tensor<64x64xf16>>, %c: tensor<64x64xf32, #mma>, %m: i32) -> tensor<64x64xf32, #mma> {
    // CHECK: %[[ABUF:.*]] = tilegpu.local_alloc : () -> !tilegpu.memdesc<[64, 64], f16, #[[SA]]>
    // CHECK: tilegpu.barrier_expect %{{.*}}, 8192, %{{.*}}
    // CHECK: tilegpu.async_tma_copy_global_to_local %[[A]][%[[M]], %[[M]]] %[[ABUF]]
    // CHECK: tilegpu.inval_barrier
    // CHECK: %[[BBUF:.*]] = tilegpu.local_alloc : () -> !tilegpu.memdesc<[64, 64], f16, #[[SA]]>
    // CHECK: tilegpu.async_tma_copy_global_to_local %[[B]][%[[M]], %[[M]]] %[[BBUF]]
    // CHECK: tilegpu.inval_barrier
    // CHECK-NOT: tilegpu.local_load
    // CHECK-NOT: tilegpu.local_alloc
    // CHECK: %[[D:.*]] = tilegpu.warp_group_dot %[[ABUF]], %[[BBUF]], %[[C]]
    // CHECK-NEXT: return %[[D]]
    %x = tile.descriptor_load %a[%m, %m] : !tile.tensordesc<tensor<64x64xf16>> -> tensor<64x64xf16, #blocked>
    %y = tile.descriptor_load %b[%m, %m] : !tile.tensordesc<tensor<64x64xf16>> -> tensor<64x64xf16, #blocked>
    %sx = tilegpu.local_alloc %x : (tensor<64x64xf16, #blocked>) -> !tilegpu.memdesc<[64, 64], f16, #sa>
    %sy = tilegpu.local_alloc %y : (tensor<64x64xf16, #blocked>) -> !tilegpu.memdesc<[64, 64], f16, #sa>
    %d = tilegpu.warp_group_dot %sx, %sy, %c : !tilegpu.memdesc<[64, 64], f16, #sa>, !tilegpu.memdesc<[64, 64], f16, #sa>, tensor<64x64xf32, #mma> -> tensor<64x64xf32, #mma>
    return %d : tensor<64x64xf32, #mma>
  }
}

// -----

// A block used both ways is copied once: the TMA-layout local_alloc becomes
// the tile, the register use reads it back. A local_alloc in another layout
// (column-major, as an MN-major wgmma operand would be) is not the tile and
// stores the read-back value.
#blocked = #tilegpu.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#sa = #tilegpu.shared<{swizzleBytes = 128, order = [1, 0]}>
#sb = #tilegpu.shared<{swizzleBytes = 128, order = [0, 1]}>
// CHECK-DAG: #[[SA:.*]] = #tilegpu.shared<{swizzleBytes = 128, order = [1, 0]}>
// CHECK-DAG: #[[SB:.*]] = #tilegpu.shared<{swizzleBytes = 128, order = [0, 1]}>
module attributes {tilegpu.num_warps = 4 : i32, tilegpu.threads_per_warp = 32 : i32} {
  // CHECK-LABEL: func.func @mixed_uses
  func.func @mixed_uses(%a: !tile.tensordesc<tensor<64x64xf16>>, %m: i32) -> (!tilegpu.memdesc<[64, 64], f16, #sa>, !tilegpu.memdesc<[64, 64], f16, #sb>, tensor<64x64xf16, #blocked>) {
    // CHECK: %[[BUF:.*]] = tilegpu.local_alloc : () -> !tilegpu.memdesc<[64, 64], f16, #[[SA]]>
    // CHECK: tilegpu.async_tma_copy_global_to_local
    // CHECK-NOT: tilegpu.async_tma_copy_global_to_local
    // CHECK: %[[X:.*]] = tilegpu.local_load %[[BUF]] : !tilegpu.memdesc<[64, 64], f16, #[[SA]]> -> tensor<64x64xf16, #{{.*}}>
    // CHECK-NEXT: %[[T:.*]] = tilegpu.local_alloc %[[X]] : (tensor<64x64xf16, #{{.*}}>) -> !tilegpu.memdesc<[64, 64], f16, #[[SB]]>
    // CHECK-NEXT: return %[[BUF]], %[[T]], %[[X]]
    %x = tile.descriptor_load %a[%m, %m] : !tile.tensordesc<tensor<64x64xf16>> -> tensor<64x64xf16, #blocked>
    %s = tilegpu.local_alloc %x : (tensor<64x64xf16, #blocked>) -> !tilegpu.memdesc<[64, 64], f16, #sa>
    %t = tilegpu.local_alloc %x : (tensor<64x64xf16, #blocked>) -> !tilegpu.memdesc<[64, 64], f16, #sb>
    return %s, %t, %x : !tilegpu.memdesc<[64, 64], f16, #sa>, !tilegpu.memdesc<[64, 64], f16, #sb>, tensor<64x64xf16, #blocked>
  }
}

// -----

// In a loop tilegpu-pipeline left alone (the block is used in registers),
// each iteration has its own one-shot copy: the tile and the mbarrier are
// allocated, and waited on, inside the body.
#blocked = #tilegpu.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
module attributes {tilegpu.num_warps = 4 : i32, tilegpu.threads_per_warp = 32 : i32} {
  // CHECK-LABEL: func.func @in_loop
  func.func @in_loop(%a: !tile.tensordesc<tensor<64x64xf16>>, %n: i32, %acc: tensor<64x64xf16, #blocked>) -> tensor<64x64xf16, #blocked> {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    // CHECK: scf.for %[[K:.*]] = {{.*}} iter_args
    // CHECK: %[[BUF:.*]] = tilegpu.local_alloc : () -> !tilegpu.memdesc<[64, 64], f16
    // CHECK: tilegpu.barrier
    // CHECK-NEXT: tilegpu.init_barrier
    // CHECK: tilegpu.async_tma_copy_global_to_local %{{.*}}[%[[K]], %[[K]]] %[[BUF]]
    // CHECK: tilegpu.wait_barrier
    // CHECK: tilegpu.inval_barrier
    // CHECK: tilegpu.local_load %[[BUF]]
    // CHECK: arith.addf
    // CHECK-NEXT: scf.yield
    %r = scf.for %k = %c0 to %n step %c1 iter_args(%s = %acc) -> (tensor<64x64xf16, #blocked>) : i32 {
      %x = tile.descriptor_load %a[%k, %k] : !tile.tensordesc<tensor<64x64xf16>> -> tensor<64x64xf16, #blocked>
      %y = arith.addf %s, %x : tensor<64x64xf16, #blocked>
      scf.yield %y : tensor<64x64xf16, #blocked>
    }
    return %r : tensor<64x64xf16, #blocked>
  }
}

// -----

// A store writes the value from the layout it was computed in (here an
// accumulator's mma layout), skipping the conversion it was given, into a
// tile of the TMA layout; thread 0 stores it and waits until the bulk store
// has read it, and a barrier then frees the tile.
#blocked = #tilegpu.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#mma = #tilegpu.mma<{version = 3, instrN = 64, warpsPerCTA = [4, 1]}>
// CHECK-DAG: #[[MMA:.*]] = #tilegpu.mma<{version = 3, instrN = 64, warpsPerCTA = [4, 1]}>
// CHECK-DAG: #[[SA:.*]] = #tilegpu.shared<{swizzleBytes = 128, order = [1, 0]}>
module attributes {tilegpu.num_warps = 4 : i32, tilegpu.threads_per_warp = 32 : i32} {
  // CHECK-LABEL: func.func @store
  // CHECK-SAME: (%[[C:.*]]: !tile.tensordesc<tensor<64x64xf16>>, %[[V:.*]]: tensor<64x64xf16, #[[MMA]]>, %[[M:.*]]: i32, %[[N:.*]]: i32)
  func.func @store(%c: !tile.tensordesc<tensor<64x64xf16>>, %v: tensor<64x64xf16, #mma>, %m: i32, %n: i32) {
    // CHECK: %[[BUF:.*]] = tilegpu.local_alloc %[[V]] : (tensor<64x64xf16, #[[MMA]]>) -> !tilegpu.memdesc<[64, 64], f16, #[[SA]]>
    // CHECK-NEXT: tilegpu.async_tma_copy_local_to_global %[[C]][%[[M]], %[[N]]] %[[BUF]] : !tile.tensordesc<tensor<64x64xf16>>, !tilegpu.memdesc<[64, 64], f16, #[[SA]]>
    // CHECK-NEXT: tilegpu.async_tma_store_wait {pendings = 0 : i32}
    // CHECK-NEXT: tilegpu.barrier
    // CHECK-NEXT: return
    // CHECK-NOT: tile.descriptor_store
    %b = tilegpu.convert_layout %v : tensor<64x64xf16, #mma> -> tensor<64x64xf16, #blocked>
    tile.descriptor_store %c[%m, %n], %b : !tile.tensordesc<tensor<64x64xf16>>, tensor<64x64xf16, #blocked>
    return
  }
}

// -----

// Conversions are skipped however many there are; a value with no
// conversion is stored as it is.
#b1 = #tilegpu.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#b2 = #tilegpu.blocked<{sizePerThread = [1, 4], threadsPerWarp = [2, 16], warpsPerCTA = [4, 1], order = [1, 0]}>
#mma = #tilegpu.mma<{version = 3, instrN = 64, warpsPerCTA = [4, 1]}>
module attributes {tilegpu.num_warps = 4 : i32, tilegpu.threads_per_warp = 32 : i32} {
  // CHECK-LABEL: func.func @store_conversions
  // CHECK-SAME: (%[[C:.*]]: !tile.tensordesc<tensor<64x64xf16>>, %[[V:.*]]: tensor<64x64xf16, #[[MMA:.*]]>, %[[W:.*]]: tensor<64x64xf16, #[[B2:.*]]>, %[[M:.*]]: i32)
  func.func @store_conversions(%c: !tile.tensordesc<tensor<64x64xf16>>, %v: tensor<64x64xf16, #mma>, %w: tensor<64x64xf16, #b2>, %m: i32) {
    // CHECK: tilegpu.local_alloc %[[V]] : (tensor<64x64xf16, #[[MMA]]>)
    // CHECK: tilegpu.async_tma_copy_local_to_global
    // CHECK: tilegpu.local_alloc %[[W]] : (tensor<64x64xf16, #[[B2]]>)
    // CHECK: tilegpu.async_tma_copy_local_to_global
    %x = tilegpu.convert_layout %v : tensor<64x64xf16, #mma> -> tensor<64x64xf16, #b2>
    %y = tilegpu.convert_layout %x : tensor<64x64xf16, #b2> -> tensor<64x64xf16, #b1>
    tile.descriptor_store %c[%m, %m], %y : !tile.tensordesc<tensor<64x64xf16>>, tensor<64x64xf16, #b1>
    tile.descriptor_store %c[%m, %m], %w : !tile.tensordesc<tensor<64x64xf16>>, tensor<64x64xf16, #b2>
    return
  }
}
