// RUN: tilec-opt %s -split-input-file -tilegpu-pipeline="num-stages=3" -cse | FileCheck %s
// RUN: tilec-opt %s -split-input-file -tilegpu-pipeline="num-stages=3 tma=false" | FileCheck %s --check-prefix=NOTMA

// A wgmma loop over K whose operands come through tensor descriptors: each
// becomes a TMA copy into a ring slot, completing on the slot's mbarrier.
// With the dot in flight one iteration, 4 slots and 4 mbarriers, all
// initialized by the prologue (count 1: thread 0's arrival) and published by
// a CTA barrier. Each iteration's copies share one arrival that expects both
// blocks' bytes (8 KiB + 8 KiB). The loop carries the slot it reads, the
// slot it fills and the phase parity of the read slot's mbarrier, which
// flips when the read slot wraps around. No proxy fence: TMA writes through
// the async proxy that wgmma reads through. After the loop the mbarriers are
// invalidated.
#blocked = #tilegpu.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#mma = #tilegpu.mma<{version = 3, instrN = 64, warpsPerCTA = [4, 1]}>
#s = #tilegpu.shared<{swizzleBytes = 128, order = [1, 0]}>
// CHECK-DAG: #[[BARSL:.*]] = #tilegpu.shared<{swizzleBytes = 0, order = [1, 0]}>
// CHECK-DAG: #[[BARL:.*]] = #tilegpu.shared<{swizzleBytes = 0, order = [0]}>
module attributes {tilegpu.num_warps = 4 : i32, tilegpu.threads_per_warp = 32 : i32} {
  // CHECK-LABEL: func.func @wgmma_tma
  // CHECK-SAME: (%[[DA:.*]]: !tile.tensordesc<tensor<64x64xf16>>, %[[DB:.*]]: !tile.tensordesc<tensor<64x64xf16>>, %[[M:.*]]: i32, %[[N:.*]]: i32)
  func.func @wgmma_tma(%da: !tile.tensordesc<tensor<64x64xf16>>, %db: !tile.tensordesc<tensor<64x64xf16>>, %m: i32, %n: i32) -> tensor<64x64xf32, #mma> {
    // CHECK-DAG: %[[C0:.*]] = arith.constant 0 : i32
    // CHECK-DAG: %[[C1:.*]] = arith.constant 1 : i32
    // CHECK-DAG: %[[C64:.*]] = arith.constant 64 : i32
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %c64 = arith.constant 64 : i32
    %zero = arith.constant dense<0.0> : tensor<64x64xf32, #mma>
    // CHECK: %[[RA:.*]] = tilegpu.local_alloc : () -> !tilegpu.memdesc<[4, 64, 64], f16
    // CHECK: %[[RB:.*]] = tilegpu.local_alloc : () -> !tilegpu.memdesc<[4, 64, 64], f16
    // CHECK: %[[BARS:.*]] = tilegpu.local_alloc : () -> !tilegpu.memdesc<[4, 1], i64, #[[BARSL]]>
    // CHECK: %[[B0:.*]] = tilegpu.memdesc_index %[[BARS]][%[[C0]]] {{.*}} -> !tilegpu.memdesc<[1], i64, #[[BARL]]>
    // CHECK: tilegpu.init_barrier %[[B0]], 1
    // CHECK-COUNT-3: tilegpu.init_barrier
    // CHECK-NEXT: tilegpu.barrier
    // Prologue, iteration 0: one arrival for both blocks, then the copies at
    // (m, 0) and (0, m), predicated on 0 < n.
    // CHECK: %[[V0:.*]] = arith.cmpi slt, %{{.*}}, %[[N]] : i32
    // CHECK: tilegpu.barrier_expect %[[B0]], 16384, %[[V0]]
    // CHECK: %[[SA0:.*]] = tilegpu.memdesc_index %[[RA]][%[[C0]]]
    // CHECK: tilegpu.async_tma_copy_global_to_local %[[DA]][%[[M]], %{{.*}}] %[[SA0]], %[[B0]], %[[V0]]
    // CHECK: %[[SB0:.*]] = tilegpu.memdesc_index %[[RB]][%[[C0]]]
    // CHECK: tilegpu.async_tma_copy_global_to_local %[[DB]][%{{.*}}, %[[M]]] %[[SB0]], %[[B0]], %[[V0]]
    // Iteration 1 into slot 1.
    // CHECK: tilegpu.barrier_expect %{{.*}}, 16384
    // CHECK-COUNT-2: tilegpu.async_tma_copy_global_to_local
    // CHECK: %[[R:.*]]:4 = scf.for %[[K:.*]] = %[[C0]] to %[[N]] step %[[C1]] iter_args(%[[ACC:.*]] = %{{.*}}, %[[READ:.*]] = %[[C0]], %[[FILL:.*]] = %c2_i32, %[[PHASE:.*]] = %[[C0]])
    // CHECK-NEXT: %[[WB:.*]] = tilegpu.memdesc_index %[[BARS]][%[[READ]]]
    // CHECK-NEXT: tilegpu.wait_barrier %[[WB]], %[[PHASE]]
    // CHECK-NEXT: tilegpu.barrier
    // CHECK-NOT: tilegpu.fence_async_shared
    // CHECK: %[[D:.*]] = tilegpu.warp_group_dot %{{.*}}, %{{.*}}, %[[ACC]] {isAsync}
    // The copies of iteration k + 2 into the fill slot, on its mbarrier.
    // CHECK: %[[FB:.*]] = tilegpu.memdesc_index %[[BARS]][%[[FILL]]]
    // CHECK: tilegpu.barrier_expect %[[FB]], 16384
    // CHECK: tilegpu.async_tma_copy_global_to_local %[[DA]]{{.*}}, %[[FB]]
    // CHECK: tilegpu.async_tma_copy_global_to_local %[[DB]]{{.*}}, %[[FB]]
    // CHECK: %[[W:.*]] = tilegpu.warp_group_dot_wait %[[D]] {pendings = 1 : i32}
    // The phase flips when the read slot wraps to 0.
    // CHECK: %[[R1:.*]] = arith.addi %[[READ]], %[[C1]] : i32
    // CHECK: %[[R2:.*]] = arith.select %{{.*}}, %[[C0]], %[[R1]] : i32
    // CHECK: %[[WRAP:.*]] = arith.cmpi eq, %[[R2]], %[[C0]] : i32
    // CHECK: %[[FLIP:.*]] = arith.xori %[[PHASE]], %[[C1]] : i32
    // CHECK: %[[P2:.*]] = arith.select %[[WRAP]], %[[FLIP]], %[[PHASE]] : i32
    // CHECK: scf.yield %[[W]], %[[R2]], %{{.*}}, %[[P2]]
    // CHECK-NOT: tilegpu.async_wait
    // CHECK-COUNT-4: tilegpu.inval_barrier
    // CHECK: tilegpu.warp_group_dot_wait %[[R]]#0 {pendings = 0 : i32}
    // Without TMA (below sm_90) the loop is left to tilegpu-lower-descriptors,
    // which refuses it.
    // NOTMA-LABEL: func.func @wgmma_tma
    // NOTMA-NOT: init_barrier
    // NOTMA: tile.descriptor_load
    %r = scf.for %k = %c0 to %n step %c1 iter_args(%acc = %zero) -> (tensor<64x64xf32, #mma>) : i32 {
      %off = arith.muli %k, %c64 : i32
      %a = tile.descriptor_load %da[%m, %off] : !tile.tensordesc<tensor<64x64xf16>> -> tensor<64x64xf16, #blocked>
      %b = tile.descriptor_load %db[%off, %m] : !tile.tensordesc<tensor<64x64xf16>> -> tensor<64x64xf16, #blocked>
      %sa = tilegpu.local_alloc %a : (tensor<64x64xf16, #blocked>) -> !tilegpu.memdesc<[64, 64], f16, #s>
      %sb = tilegpu.local_alloc %b : (tensor<64x64xf16, #blocked>) -> !tilegpu.memdesc<[64, 64], f16, #s>
      %d = tilegpu.warp_group_dot %sa, %sb, %acc : !tilegpu.memdesc<[64, 64], f16, #s>, !tilegpu.memdesc<[64, 64], f16, #s>, tensor<64x64xf32, #mma> -> tensor<64x64xf32, #mma>
      scf.yield %d : tensor<64x64xf32, #mma>
    }
    return %r : tensor<64x64xf32, #mma>
  }
}

// -----

// A descriptor load stored in another layout than the one TMA lands it in
// (here unswizzled) is not a TMA prefetch: left to tilegpu-lower-descriptors.
#blocked = #tilegpu.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#mma = #tilegpu.mma<{version = 3, instrN = 64, warpsPerCTA = [4, 1]}>
#plain = #tilegpu.shared<{swizzleBytes = 0, order = [1, 0]}>
module attributes {tilegpu.num_warps = 4 : i32, tilegpu.threads_per_warp = 32 : i32} {
  // CHECK-LABEL: func.func @other_layout
  // CHECK-NOT: tilegpu.init_barrier
  // CHECK: scf.for
  // CHECK: tile.descriptor_load
  func.func @other_layout(%da: !tile.tensordesc<tensor<64x64xf16>>, %n: i32, %out: !tilegpu.memdesc<[64, 64], f16, #plain>) {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    scf.for %k = %c0 to %n step %c1 : i32 {
      %a = tile.descriptor_load %da[%k, %c0] : !tile.tensordesc<tensor<64x64xf16>> -> tensor<64x64xf16, #blocked>
      %sa = tilegpu.local_alloc %a : (tensor<64x64xf16, #blocked>) -> !tilegpu.memdesc<[64, 64], f16, #plain>
      %v = tilegpu.local_load %sa : !tilegpu.memdesc<[64, 64], f16, #plain> -> tensor<64x64xf16, #blocked>
      tilegpu.local_store %v, %out : tensor<64x64xf16, #blocked> -> !tilegpu.memdesc<[64, 64], f16, #plain>
    }
    return
  }
}

// -----

// A block read transposed by the dot (`desc_k.load(...).T`, attention's
// Q·Kᵀ): the ring holds the blocks as TMA lands them (row-major, 128-byte
// swizzle) and the dot reads a `memdesc_trans` view of its slot, which is
// the column-major tile it asked for.
#blocked = #tilegpu.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#blockedT = #tilegpu.blocked<{sizePerThread = [8, 1], threadsPerWarp = [8, 4], warpsPerCTA = [1, 4], order = [0, 1]}>
#mma = #tilegpu.mma<{version = 3, instrN = 64, warpsPerCTA = [4, 1]}>
#s = #tilegpu.shared<{swizzleBytes = 128, order = [1, 0]}>
#st = #tilegpu.shared<{swizzleBytes = 128, order = [0, 1]}>
// CHECK-DAG: #[[ROWS:.*]] = #tilegpu.shared<{swizzleBytes = 128, order = [1, 0]}>
// CHECK-DAG: #[[COLS:.*]] = #tilegpu.shared<{swizzleBytes = 128, order = [0, 1]}>
module attributes {tilegpu.num_warps = 4 : i32, tilegpu.threads_per_warp = 32 : i32} {
  // CHECK-LABEL: func.func @transposed_tma
  // CHECK: %[[RK:.*]] = tilegpu.local_alloc : () -> !tilegpu.memdesc<[4, 64, 64], f16, #{{.*}}>
  // CHECK: scf.for
  // CHECK: %[[SLOT:.*]] = tilegpu.memdesc_index %[[RK]][%{{.*}}] : {{.*}} -> !tilegpu.memdesc<[64, 64], f16, #[[ROWS]]>
  // CHECK: %[[KT:.*]] = tilegpu.memdesc_trans %[[SLOT]] {order = array<i32: 1, 0>} : !tilegpu.memdesc<[64, 64], f16, #[[ROWS]]> -> !tilegpu.memdesc<[64, 64], f16, #[[COLS]]>
  // CHECK: tilegpu.warp_group_dot %{{.*}}, %[[KT]], %{{.*}} {isAsync}
  // CHECK: tilegpu.async_tma_copy_global_to_local %{{.*}} : !tile.tensordesc<tensor<64x64xf16>>, !tilegpu.memdesc<[64, 64], f16, #[[ROWS]]>
  func.func @transposed_tma(%q: !tilegpu.memdesc<[64, 64], f16, #s>, %dk: !tile.tensordesc<tensor<64x64xf16>>, %n: i32) -> tensor<64x64xf32, #mma> {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %c64 = arith.constant 64 : i32
    %zero = arith.constant dense<0.0> : tensor<64x64xf32, #mma>
    %r = scf.for %k = %c0 to %n step %c1 iter_args(%acc = %zero) -> (tensor<64x64xf32, #mma>) : i32 {
      %off = arith.muli %k, %c64 : i32
      %kb = tile.descriptor_load %dk[%off, %c0] : !tile.tensordesc<tensor<64x64xf16>> -> tensor<64x64xf16, #blocked>
      %kt = tile.trans %kb {order = array<i32: 1, 0>} : tensor<64x64xf16, #blocked> -> tensor<64x64xf16, #blockedT>
      %sk = tilegpu.local_alloc %kt : (tensor<64x64xf16, #blockedT>) -> !tilegpu.memdesc<[64, 64], f16, #st>
      %d = tilegpu.warp_group_dot %q, %sk, %acc : !tilegpu.memdesc<[64, 64], f16, #s>, !tilegpu.memdesc<[64, 64], f16, #st>, tensor<64x64xf32, #mma> -> tensor<64x64xf32, #mma>
      scf.yield %d : tensor<64x64xf32, #mma>
    }
    return %r : tensor<64x64xf32, #mma>
  }
}
