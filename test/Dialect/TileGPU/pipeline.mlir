// RUN: tilec-opt %s -split-input-file -tilegpu-pipeline="num-stages=3" -cse | FileCheck %s --check-prefixes=CHECK,S3
// RUN: tilec-opt %s -split-input-file -tilegpu-pipeline="num-stages=2" -cse | FileCheck %s --check-prefixes=CHECK,S2

// A wgmma loop over K: both operands become cp.async copies into rings, the
// dot stays in flight one iteration (isAsync, then a wait for all but one
// group), so each ring has one slot more than the stages. At 3 stages: 4
// slots, iterations 0 and 1 copied by the prologue into slots 0 and 1, the
// loop reading slot 0 first and filling slot 2 first, waiting for all but 1
// copy group. At 2 stages: 3 slots, one prologue group, filling slot 1
// first, waiting for every group.
#blocked = #tilegpu.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#mma = #tilegpu.mma<{version = 3, instrN = 64, warpsPerCTA = [4, 1]}>
#s = #tilegpu.shared<{swizzleBytes = 128, order = [1, 0]}>
// CHECK-DAG: #[[RING:.*]] = #tilegpu.shared<{swizzleBytes = 128, order = [2, 1, 0]}>
// CHECK-DAG: #[[SLOT:.*]] = #tilegpu.shared<{swizzleBytes = 128, order = [1, 0]}>
module attributes {tilegpu.num_warps = 4 : i32, tilegpu.threads_per_warp = 32 : i32} {
  // CHECK-LABEL: func.func @wgmma
  // CHECK-SAME: (%[[PA:.*]]: tensor<64x64x!tile.ptr<f16>, #{{.*}}>, %[[PB:.*]]: tensor<64x64x!tile.ptr<f16>, #{{.*}}>, %[[N:.*]]: i32)
  func.func @wgmma(%pa: tensor<64x64x!tile.ptr<f16>, #blocked>, %pb: tensor<64x64x!tile.ptr<f16>, #blocked>, %n: i32) -> tensor<64x64xf32, #mma> {
    // CHECK-DAG: %[[C0:.*]] = arith.constant 0 : i32
    // CHECK-DAG: %[[C1:.*]] = arith.constant 1 : i32
    // CHECK-DAG: %[[STEP:.*]] = arith.constant dense<64>
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %step = arith.constant dense<64> : tensor<64x64xi32, #blocked>
    %zero = arith.constant dense<0.0> : tensor<64x64xf32, #mma>
    // S3: %[[RA:.*]] = tilegpu.local_alloc : () -> !tilegpu.memdesc<[4, 64, 64], f16, #[[RING]]>
    // S3: %[[RB:.*]] = tilegpu.local_alloc : () -> !tilegpu.memdesc<[4, 64, 64], f16, #[[RING]]>
    // S2: %[[RA:.*]] = tilegpu.local_alloc : () -> !tilegpu.memdesc<[3, 64, 64], f16, #[[RING]]>
    // S2: %[[RB:.*]] = tilegpu.local_alloc : () -> !tilegpu.memdesc<[3, 64, 64], f16, #[[RING]]>
    // Prologue, iteration 0 (0 * step + lb < ub) into slot 0.
    // CHECK: %[[I0:.*]] = arith.addi %[[C0]], %{{.*}} : i32
    // CHECK: %[[V0:.*]] = arith.cmpi slt, %[[I0]], %[[N]] : i32
    // CHECK: %[[PA1:.*]] = tile.addptr %[[PA]], %[[STEP]]
    // CHECK: %[[PB1:.*]] = tile.addptr %[[PB]], %[[STEP]]
    // CHECK: %[[M0:.*]] = tile.splat %[[V0]] : i1 -> tensor<64x64xi1
    // CHECK: %[[DA0:.*]] = tilegpu.memdesc_index %[[RA]][%[[C0]]] : {{.*}} -> !tilegpu.memdesc<[64, 64], f16, #[[SLOT]]>
    // CHECK: tilegpu.async_copy_global_to_local %[[PA]], %[[DA0]] mask %[[M0]] {vec = 8 : i32}
    // CHECK: %[[DB0:.*]] = tilegpu.memdesc_index %[[RB]][%[[C0]]]
    // CHECK: tilegpu.async_copy_global_to_local %[[PB]], %[[DB0]] mask %[[M0]] {vec = 8 : i32}
    // CHECK: tilegpu.async_commit_group
    // At 3 stages, iteration 1 into slot 1, from the stepped pointers.
    // S3: %[[I1:.*]] = arith.addi %[[C0]], %{{.*}} : i32
    // S3: %[[V1:.*]] = arith.cmpi slt, %[[I1]], %[[N]] : i32
    // S3: %[[PA2:.*]] = tile.addptr %[[PA1]], %[[STEP]]
    // S3: %[[PB2:.*]] = tile.addptr %[[PB1]], %[[STEP]]
    // S3: %[[M1:.*]] = tile.splat %[[V1]]
    // S3: %[[DA1:.*]] = tilegpu.memdesc_index %[[RA]][%[[C1]]]
    // S3: tilegpu.async_copy_global_to_local %[[PA1]], %[[DA1]] mask %[[M1]] {vec = 8 : i32}
    // S3: %[[DB1:.*]] = tilegpu.memdesc_index %[[RB]][%[[C1]]]
    // S3: tilegpu.async_copy_global_to_local %[[PB1]], %[[DB1]] mask %[[M1]] {vec = 8 : i32}
    // S3: tilegpu.async_commit_group
    // S3: %[[C2:.*]] = arith.constant 2 : i32
    // S3: %[[R:.*]]:5 = scf.for %[[K:.*]] = %[[C0]] to %[[N]] step %[[C1]] iter_args(%[[ACC:.*]] = %{{.*}}, %[[A:.*]] = %[[PA2]], %[[B:.*]] = %[[PB2]], %[[READ:.*]] = %[[C0]], %[[FILL:.*]] = %[[C2]])
    // S2-NOT: tilegpu.async_commit_group
    // S2: %[[R:.*]]:5 = scf.for %[[K:.*]] = %[[C0]] to %[[N]] step %[[C1]] iter_args(%[[ACC:.*]] = %{{.*}}, %[[A:.*]] = %[[PA1]], %[[B:.*]] = %[[PB1]], %[[READ:.*]] = %[[C0]], %[[FILL:.*]] = %[[C1]])
    // S3-NEXT: tilegpu.async_wait {num = 1 : i32}
    // S2-NEXT: tilegpu.async_wait {num = 0 : i32}
    // CHECK-NEXT: tilegpu.fence_async_shared
    // CHECK-NEXT: tilegpu.barrier
    // Stage 1 of iteration k first: the asynchronous dot on the read slot,
    // queued behind the previous one while the copies are issued.
    // CHECK: %[[SA:.*]] = tilegpu.memdesc_index %[[RA]][%[[READ]]]
    // CHECK: %[[SB:.*]] = tilegpu.memdesc_index %[[RB]][%[[READ]]]
    // CHECK: %[[D:.*]] = tilegpu.warp_group_dot %[[SA]], %[[SB]], %[[ACC]] {isAsync}
    // Stage 0 of iteration k + (stages - 1) * step, into the fill slot.
    // S3: %[[AHEAD:.*]] = arith.muli %[[C2]], %[[C1]] : i32
    // S2: %[[AHEAD:.*]] = arith.muli %[[C1]], %[[C1]] : i32
    // CHECK: %[[KA:.*]] = arith.addi %[[K]], %[[AHEAD]] : i32
    // CHECK: %[[VA:.*]] = arith.cmpi slt, %[[KA]], %[[N]] : i32
    // CHECK: %[[NA:.*]] = tile.addptr %[[A]], %[[STEP]]
    // CHECK: %[[NB:.*]] = tile.addptr %[[B]], %[[STEP]]
    // CHECK: %[[MA:.*]] = tile.splat %[[VA]]
    // CHECK: %[[FA:.*]] = tilegpu.memdesc_index %[[RA]][%[[FILL]]]
    // CHECK: tilegpu.async_copy_global_to_local %[[A]], %[[FA]] mask %[[MA]] {vec = 8 : i32}
    // CHECK: %[[FB:.*]] = tilegpu.memdesc_index %[[RB]][%[[FILL]]]
    // CHECK: tilegpu.async_copy_global_to_local %[[B]], %[[FB]] mask %[[MA]] {vec = 8 : i32}
    // CHECK: tilegpu.async_commit_group
    // Then wait until only this iteration's dot is in flight.
    // CHECK: %[[W:.*]] = tilegpu.warp_group_dot_wait %[[D]] {pendings = 1 : i32}
    // Both slots advance modulo the ring size.
    // CHECK: %[[R1:.*]] = arith.addi %[[READ]], %[[C1]] : i32
    // S3: %[[SLOTS:.*]] = arith.constant 4 : i32
    // S2: %[[SLOTS:.*]] = arith.constant 3 : i32
    // CHECK: %[[RW:.*]] = arith.cmpi eq, %[[R1]], %[[SLOTS]] : i32
    // CHECK: %[[R2:.*]] = arith.select %[[RW]], %[[C0]], %[[R1]] : i32
    // CHECK: %[[F1:.*]] = arith.addi %[[FILL]], %[[C1]] : i32
    // CHECK: %[[FW:.*]] = arith.cmpi eq, %[[F1]], %[[SLOTS]] : i32
    // CHECK: %[[F2:.*]] = arith.select %[[FW]], %[[C0]], %[[F1]] : i32
    // CHECK: scf.yield %[[W]], %[[NA]], %[[NB]], %[[R2]], %[[F2]]
    // After the loop: no copy pending, the last dot complete.
    // CHECK: tilegpu.async_wait {num = 0 : i32}
    // CHECK-NEXT: %[[DONE:.*]] = tilegpu.warp_group_dot_wait %[[R]]#0 {pendings = 0 : i32}
    // CHECK-NEXT: return %[[DONE]]
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
    return %r#0 : tensor<64x64xf32, #mma>
  }
}

// -----

// Without wgmma: no proxy fence, no asynchronous dot, rings of exactly
// `stages` slots. The load's mask depends on the induction variable and its
// zero `other` becomes cp.async's zero fill: stage 0 recomputes the mask at
// k + 2 * step (step 2) and ANDs it with "that iteration exists".
#blocked = #tilegpu.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#s = #tilegpu.shared<{swizzleBytes = 0, order = [1, 0]}>
module attributes {tilegpu.num_warps = 4 : i32, tilegpu.threads_per_warp = 32 : i32} {
  // CHECK-LABEL: func.func @masked_sum
  // CHECK-SAME: (%[[P:.*]]: tensor<64x64x!tile.ptr<f16>, #{{.*}}>, %[[LIM:.*]]: tensor<64x64xi32, #{{.*}}>, %[[N:.*]]: i32)
  func.func @masked_sum(%p0: tensor<64x64x!tile.ptr<f16>, #blocked>, %lim: tensor<64x64xi32, #blocked>, %n: i32) -> tensor<64x64xf16, #blocked> {
    %c0 = arith.constant 0 : i32
    %c2 = arith.constant 2 : i32
    %step = arith.constant dense<64> : tensor<64x64xi32, #blocked>
    %zero = arith.constant dense<0.0> : tensor<64x64xf16, #blocked>
    // S3: %[[RING:.*]] = tilegpu.local_alloc : () -> !tilegpu.memdesc<[3, 64, 64], f16, #{{.*}}>
    // S2: %[[RING:.*]] = tilegpu.local_alloc : () -> !tilegpu.memdesc<[2, 64, 64], f16, #{{.*}}>
    // S3-COUNT-2: tilegpu.async_commit_group
    // S2-COUNT-1: tilegpu.async_commit_group
    // S2-NOT: tilegpu.async_commit_group
    // S2: %[[ONE:.*]] = arith.constant 1 : i32
    // The slot filled first is stages - 1: 2 (the step's constant, after
    // CSE) or 1.
    // S3: scf.for %[[K:.*]] = %{{.*}} to %[[N]] step %[[STEP:.*]] iter_args(%{{.*}} = %{{.*}}, %[[PK:.*]] = %{{.*}}, %[[READ:.*]] = %{{.*}}, %[[FILL:.*]] = %[[STEP]])
    // S2: scf.for %[[K:.*]] = %{{.*}} to %[[N]] step %[[STEP:.*]] iter_args(%{{.*}} = %{{.*}}, %[[PK:.*]] = %{{.*}}, %[[READ:.*]] = %{{.*}}, %[[FILL:.*]] = %[[ONE]])
    // S3-NEXT: tilegpu.async_wait {num = 1 : i32}
    // S2-NEXT: tilegpu.async_wait {num = 0 : i32}
    // CHECK-NEXT: tilegpu.barrier
    // S3-NEXT: %[[AHEAD:.*]] = arith.muli %[[STEP]], %[[STEP]] : i32
    // S2-NEXT: %[[AHEAD:.*]] = arith.muli %[[ONE]], %[[STEP]] : i32
    // CHECK-NEXT: %[[KA:.*]] = arith.addi %[[K]], %[[AHEAD]] : i32
    // CHECK-NEXT: %[[VALID:.*]] = arith.cmpi slt, %[[KA]], %[[N]] : i32
    // CHECK-NEXT: %[[KS:.*]] = tile.splat %[[KA]] : i32 -> tensor<64x64xi32
    // CHECK-NEXT: %[[M:.*]] = arith.cmpi slt, %[[KS]], %[[LIM]]
    // CHECK-NEXT: %[[NP:.*]] = tile.addptr %[[PK]]
    // CHECK-NEXT: %[[VS:.*]] = tile.splat %[[VALID]] : i1 -> tensor<64x64xi1
    // CHECK-NEXT: %[[MASK:.*]] = arith.andi %[[M]], %[[VS]]
    // CHECK-NEXT: %[[DST:.*]] = tilegpu.memdesc_index %[[RING]][%[[FILL]]]
    // CHECK-NEXT: tilegpu.async_copy_global_to_local %[[PK]], %[[DST]] mask %[[MASK]] {vec = 8 : i32}
    // CHECK-NEXT: tilegpu.async_commit_group
    // CHECK-NEXT: %[[SRC:.*]] = tilegpu.memdesc_index %[[RING]][%[[READ]]]
    // CHECK-NEXT: tilegpu.local_load %[[SRC]]
    // CHECK-NOT: tilegpu.fence_async_shared
    // CHECK-NOT: tilegpu.warp_group_dot_wait
    // CHECK: tilegpu.async_wait {num = 0 : i32}
    // CHECK-NEXT: return
    %r:2 = scf.for %k = %c0 to %n step %c2 iter_args(%acc = %zero, %p = %p0) -> (tensor<64x64xf16, #blocked>, tensor<64x64x!tile.ptr<f16>, #blocked>) : i32 {
      %kk = tile.splat %k : i32 -> tensor<64x64xi32, #blocked>
      %m = arith.cmpi slt, %kk, %lim : tensor<64x64xi32, #blocked>
      %t = tile.load %p, %m, %zero {tilegpu.vec = 8 : i32} : tensor<64x64x!tile.ptr<f16>, #blocked>
      %s = tilegpu.local_alloc %t : (tensor<64x64xf16, #blocked>) -> !tilegpu.memdesc<[64, 64], f16, #s>
      %v = tilegpu.local_load %s : !tilegpu.memdesc<[64, 64], f16, #s> -> tensor<64x64xf16, #blocked>
      %acc2 = arith.addf %acc, %v : tensor<64x64xf16, #blocked>
      %np = tile.addptr %p, %step : tensor<64x64x!tile.ptr<f16>, #blocked>, tensor<64x64xi32, #blocked>
      scf.yield %acc2, %np : tensor<64x64xf16, #blocked>, tensor<64x64x!tile.ptr<f16>, #blocked>
    }
    return %r#0 : tensor<64x64xf16, #blocked>
  }
}

// -----

// A loop's `tile.num_stages` overrides the option: 2 gives one prologue
// group and a wait for every group, whatever num-stages says.
#blocked = #tilegpu.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#s = #tilegpu.shared<{swizzleBytes = 0, order = [1, 0]}>
module attributes {tilegpu.num_warps = 4 : i32, tilegpu.threads_per_warp = 32 : i32} {
  // CHECK-LABEL: func.func @loop_stages_2
  // CHECK: %[[C0:.*]] = arith.constant 0 : i32
  // CHECK: %[[C1:.*]] = arith.constant 1 : i32
  // CHECK: tilegpu.local_alloc : () -> !tilegpu.memdesc<[2, 64, 64], f16
  // CHECK: tilegpu.async_commit_group
  // CHECK-NOT: tilegpu.async_commit_group
  // CHECK: scf.for {{.*}} iter_args({{.*}}, %{{.*}} = %[[C0]], %{{.*}} = %[[C1]])
  // CHECK-NEXT: tilegpu.async_wait {num = 0 : i32}
  // CHECK: } {tile.num_stages = 2 : i32}
  func.func @loop_stages_2(%p0: tensor<64x64x!tile.ptr<f16>, #blocked>, %n: i32) -> tensor<64x64xf16, #blocked> {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %step = arith.constant dense<64> : tensor<64x64xi32, #blocked>
    %zero = arith.constant dense<0.0> : tensor<64x64xf16, #blocked>
    %r:2 = scf.for %k = %c0 to %n step %c1 iter_args(%acc = %zero, %p = %p0) -> (tensor<64x64xf16, #blocked>, tensor<64x64x!tile.ptr<f16>, #blocked>) : i32 {
      %t = tile.load %p {tilegpu.vec = 8 : i32} : tensor<64x64x!tile.ptr<f16>, #blocked>
      %s = tilegpu.local_alloc %t : (tensor<64x64xf16, #blocked>) -> !tilegpu.memdesc<[64, 64], f16, #s>
      %v = tilegpu.local_load %s : !tilegpu.memdesc<[64, 64], f16, #s> -> tensor<64x64xf16, #blocked>
      %acc2 = arith.addf %acc, %v : tensor<64x64xf16, #blocked>
      %np = tile.addptr %p, %step : tensor<64x64x!tile.ptr<f16>, #blocked>, tensor<64x64xi32, #blocked>
      scf.yield %acc2, %np : tensor<64x64xf16, #blocked>, tensor<64x64x!tile.ptr<f16>, #blocked>
    } {tile.num_stages = 2 : i32}
    return %r#0 : tensor<64x64xf16, #blocked>
  }
}

// -----

// `tile.num_stages = 1`: left alone.
#blocked = #tilegpu.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#s = #tilegpu.shared<{swizzleBytes = 0, order = [1, 0]}>
module attributes {tilegpu.num_warps = 4 : i32, tilegpu.threads_per_warp = 32 : i32} {
  // CHECK-LABEL: func.func @one_stage
  // CHECK-NOT: tilegpu.async_copy_global_to_local
  // CHECK: scf.for
  // CHECK-NEXT: %[[T:.*]] = tile.load
  // CHECK-NEXT: tilegpu.local_alloc %[[T]] : (tensor<64x64xf16, #{{.*}}>) -> !tilegpu.memdesc<[64, 64], f16
  // CHECK-NOT: tilegpu.async_copy_global_to_local
  // CHECK: } {tile.num_stages = 1 : i32}
  func.func @one_stage(%p0: tensor<64x64x!tile.ptr<f16>, #blocked>, %n: i32) -> tensor<64x64xf16, #blocked> {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %step = arith.constant dense<64> : tensor<64x64xi32, #blocked>
    %zero = arith.constant dense<0.0> : tensor<64x64xf16, #blocked>
    %r:2 = scf.for %k = %c0 to %n step %c1 iter_args(%acc = %zero, %p = %p0) -> (tensor<64x64xf16, #blocked>, tensor<64x64x!tile.ptr<f16>, #blocked>) : i32 {
      %t = tile.load %p {tilegpu.vec = 8 : i32} : tensor<64x64x!tile.ptr<f16>, #blocked>
      %s = tilegpu.local_alloc %t : (tensor<64x64xf16, #blocked>) -> !tilegpu.memdesc<[64, 64], f16, #s>
      %v = tilegpu.local_load %s : !tilegpu.memdesc<[64, 64], f16, #s> -> tensor<64x64xf16, #blocked>
      %acc2 = arith.addf %acc, %v : tensor<64x64xf16, #blocked>
      %np = tile.addptr %p, %step : tensor<64x64x!tile.ptr<f16>, #blocked>, tensor<64x64xi32, #blocked>
      scf.yield %acc2, %np : tensor<64x64xf16, #blocked>, tensor<64x64x!tile.ptr<f16>, #blocked>
    } {tile.num_stages = 1 : i32}
    return %r#0 : tensor<64x64xf16, #blocked>
  }
}

// -----

// One f16 per access is 2 bytes, narrower than cp.async: left alone. The
// load has no `tilegpu.vec` (1 element), so nothing copies it.
#blocked = #tilegpu.blocked<{sizePerThread = [1, 1], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#s = #tilegpu.shared<{swizzleBytes = 0, order = [1, 0]}>
module attributes {tilegpu.num_warps = 4 : i32, tilegpu.threads_per_warp = 32 : i32} {
  // CHECK-LABEL: func.func @two_byte_vectors
  // CHECK-NOT: tilegpu.async_copy_global_to_local
  // CHECK: scf.for
  // CHECK-NEXT: %[[T:.*]] = tile.load
  // CHECK-NEXT: tilegpu.local_alloc %[[T]]
  // CHECK-NOT: tilegpu.async_copy_global_to_local
  // CHECK: return
  func.func @two_byte_vectors(%p0: tensor<64x64x!tile.ptr<f16>, #blocked>, %n: i32) -> tensor<64x64xf16, #blocked> {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %step = arith.constant dense<64> : tensor<64x64xi32, #blocked>
    %zero = arith.constant dense<0.0> : tensor<64x64xf16, #blocked>
    %r:2 = scf.for %k = %c0 to %n step %c1 iter_args(%acc = %zero, %p = %p0) -> (tensor<64x64xf16, #blocked>, tensor<64x64x!tile.ptr<f16>, #blocked>) : i32 {
      %t = tile.load %p : tensor<64x64x!tile.ptr<f16>, #blocked>
      %s = tilegpu.local_alloc %t : (tensor<64x64xf16, #blocked>) -> !tilegpu.memdesc<[64, 64], f16, #s>
      %v = tilegpu.local_load %s : !tilegpu.memdesc<[64, 64], f16, #s> -> tensor<64x64xf16, #blocked>
      %acc2 = arith.addf %acc, %v : tensor<64x64xf16, #blocked>
      %np = tile.addptr %p, %step : tensor<64x64x!tile.ptr<f16>, #blocked>, tensor<64x64xi32, #blocked>
      scf.yield %acc2, %np : tensor<64x64xf16, #blocked>, tensor<64x64x!tile.ptr<f16>, #blocked>
    }
    return %r#0 : tensor<64x64xf16, #blocked>
  }
}

// -----

// Two f16 per access (4 bytes) are enough: the copy has vec 2.
#blocked = #tilegpu.blocked<{sizePerThread = [1, 2], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#s = #tilegpu.shared<{swizzleBytes = 0, order = [1, 0]}>
module attributes {tilegpu.num_warps = 4 : i32, tilegpu.threads_per_warp = 32 : i32} {
  // CHECK-LABEL: func.func @four_byte_vectors
  // CHECK: tilegpu.async_copy_global_to_local {{.*}} {vec = 2 : i32}
  func.func @four_byte_vectors(%p0: tensor<64x64x!tile.ptr<f16>, #blocked>, %n: i32) -> tensor<64x64xf16, #blocked> {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %step = arith.constant dense<64> : tensor<64x64xi32, #blocked>
    %zero = arith.constant dense<0.0> : tensor<64x64xf16, #blocked>
    %r:2 = scf.for %k = %c0 to %n step %c1 iter_args(%acc = %zero, %p = %p0) -> (tensor<64x64xf16, #blocked>, tensor<64x64x!tile.ptr<f16>, #blocked>) : i32 {
      %t = tile.load %p {tilegpu.vec = 2 : i32} : tensor<64x64x!tile.ptr<f16>, #blocked>
      %s = tilegpu.local_alloc %t : (tensor<64x64xf16, #blocked>) -> !tilegpu.memdesc<[64, 64], f16, #s>
      %v = tilegpu.local_load %s : !tilegpu.memdesc<[64, 64], f16, #s> -> tensor<64x64xf16, #blocked>
      %acc2 = arith.addf %acc, %v : tensor<64x64xf16, #blocked>
      %np = tile.addptr %p, %step : tensor<64x64x!tile.ptr<f16>, #blocked>, tensor<64x64xi32, #blocked>
      scf.yield %acc2, %np : tensor<64x64xf16, #blocked>, tensor<64x64x!tile.ptr<f16>, #blocked>
    }
    return %r#0 : tensor<64x64xf16, #blocked>
  }
}

// -----

// A stage-0 value (the pointer tile, stepped ahead of the body) is also
// stored through by the body: the loop carries the pointer twice, ahead for
// the copies and current for the store, each stepped in its own stage.
#blocked = #tilegpu.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#s = #tilegpu.shared<{swizzleBytes = 0, order = [1, 0]}>
module attributes {tilegpu.num_warps = 4 : i32, tilegpu.threads_per_warp = 32 : i32} {
  // CHECK-LABEL: func.func @stage0_used_later
  // CHECK-SAME: (%[[P0:.*]]: tensor<64x64x!tile.ptr<f16>, #{{.*}}>, %{{.*}}: i32)
  // CHECK: tilegpu.async_copy_global_to_local %[[P0]]
  // CHECK: scf.for {{.*}} iter_args(%{{.*}} = %{{.*}}, %[[CUR:.*]] = %[[P0]], %[[AHEAD:.*]] = %{{.*}}, %{{.*}} = %{{.*}}, %{{.*}} = %{{.*}})
  // CHECK: %[[NEXT_AHEAD:.*]] = tile.addptr %[[AHEAD]]
  // CHECK: tilegpu.async_copy_global_to_local %[[AHEAD]]
  // CHECK: tile.store %[[CUR]]
  // CHECK: %[[NEXT_CUR:.*]] = tile.addptr %[[CUR]]
  // CHECK: scf.yield %{{.*}}, %[[NEXT_CUR]], %[[NEXT_AHEAD]],
  func.func @stage0_used_later(%p0: tensor<64x64x!tile.ptr<f16>, #blocked>, %n: i32) -> tensor<64x64xf16, #blocked> {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %step = arith.constant dense<64> : tensor<64x64xi32, #blocked>
    %zero = arith.constant dense<0.0> : tensor<64x64xf16, #blocked>
    %r:2 = scf.for %k = %c0 to %n step %c1 iter_args(%acc = %zero, %p = %p0) -> (tensor<64x64xf16, #blocked>, tensor<64x64x!tile.ptr<f16>, #blocked>) : i32 {
      %t = tile.load %p {tilegpu.vec = 8 : i32} : tensor<64x64x!tile.ptr<f16>, #blocked>
      %s = tilegpu.local_alloc %t : (tensor<64x64xf16, #blocked>) -> !tilegpu.memdesc<[64, 64], f16, #s>
      %v = tilegpu.local_load %s : !tilegpu.memdesc<[64, 64], f16, #s> -> tensor<64x64xf16, #blocked>
      %acc2 = arith.addf %acc, %v : tensor<64x64xf16, #blocked>
      tile.store %p, %acc2 {tilegpu.vec = 8 : i32} : tensor<64x64x!tile.ptr<f16>, #blocked>
      %np = tile.addptr %p, %step : tensor<64x64x!tile.ptr<f16>, #blocked>, tensor<64x64xi32, #blocked>
      scf.yield %acc2, %np : tensor<64x64xf16, #blocked>, tensor<64x64x!tile.ptr<f16>, #blocked>
    }
    return %r#0 : tensor<64x64xf16, #blocked>
  }
}

// -----

// The stepped pointer tile is a result of the loop, read after it: the loop
// carries it current as well as ahead, and returns the current one.
#blocked = #tilegpu.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#s = #tilegpu.shared<{swizzleBytes = 0, order = [1, 0]}>
module attributes {tilegpu.num_warps = 4 : i32, tilegpu.threads_per_warp = 32 : i32} {
  // CHECK-LABEL: func.func @stage0_result_used
  // CHECK-SAME: (%[[P0:.*]]: tensor<64x64x!tile.ptr<f16>, #{{.*}}>, %{{.*}}: i32)
  // CHECK: %[[R:.*]]:5 = scf.for {{.*}} iter_args(%{{.*}} = %{{.*}}, %[[CUR:.*]] = %[[P0]], %[[AHEAD:.*]] = %{{.*}}, %{{.*}} = %{{.*}}, %{{.*}} = %{{.*}})
  // CHECK: tilegpu.async_copy_global_to_local %[[AHEAD]]
  // CHECK: %[[NEXT_CUR:.*]] = tile.addptr %[[CUR]]
  // CHECK: scf.yield %{{.*}}, %[[NEXT_CUR]],
  // CHECK: return %[[R]]#0, %[[R]]#1
  func.func @stage0_result_used(%p0: tensor<64x64x!tile.ptr<f16>, #blocked>, %n: i32) -> (tensor<64x64xf16, #blocked>, tensor<64x64x!tile.ptr<f16>, #blocked>) {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %step = arith.constant dense<64> : tensor<64x64xi32, #blocked>
    %zero = arith.constant dense<0.0> : tensor<64x64xf16, #blocked>
    %r:2 = scf.for %k = %c0 to %n step %c1 iter_args(%acc = %zero, %p = %p0) -> (tensor<64x64xf16, #blocked>, tensor<64x64x!tile.ptr<f16>, #blocked>) : i32 {
      %t = tile.load %p {tilegpu.vec = 8 : i32} : tensor<64x64x!tile.ptr<f16>, #blocked>
      %s = tilegpu.local_alloc %t : (tensor<64x64xf16, #blocked>) -> !tilegpu.memdesc<[64, 64], f16, #s>
      %v = tilegpu.local_load %s : !tilegpu.memdesc<[64, 64], f16, #s> -> tensor<64x64xf16, #blocked>
      %acc2 = arith.addf %acc, %v : tensor<64x64xf16, #blocked>
      %np = tile.addptr %p, %step : tensor<64x64x!tile.ptr<f16>, #blocked>, tensor<64x64xi32, #blocked>
      scf.yield %acc2, %np : tensor<64x64xf16, #blocked>, tensor<64x64x!tile.ptr<f16>, #blocked>
    }
    return %r#0, %r#1 : tensor<64x64xf16, #blocked>, tensor<64x64x!tile.ptr<f16>, #blocked>
  }
}

// -----

// A dot whose result is also read in the loop cannot stay in flight: it
// stays synchronous (no isAsync, no warp_group_dot_wait), the ring has
// exactly `stages` slots, and the proxy fence is still there.
#blocked = #tilegpu.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#mma = #tilegpu.mma<{version = 3, instrN = 64, warpsPerCTA = [4, 1]}>
#s = #tilegpu.shared<{swizzleBytes = 128, order = [1, 0]}>
module attributes {tilegpu.num_warps = 4 : i32, tilegpu.threads_per_warp = 32 : i32} {
  // CHECK-LABEL: func.func @sync_dot
  // S3: tilegpu.local_alloc : () -> !tilegpu.memdesc<[3, 64, 64], f16
  // S2: tilegpu.local_alloc : () -> !tilegpu.memdesc<[2, 64, 64], f16
  // CHECK: scf.for
  // CHECK: tilegpu.fence_async_shared
  // CHECK-NEXT: tilegpu.barrier
  // CHECK: tilegpu.warp_group_dot %{{.*}}, %{{.*}}, %{{.*}} : !tilegpu.memdesc
  // CHECK-NOT: tilegpu.warp_group_dot_wait
  // CHECK: return
  func.func @sync_dot(%pa: tensor<64x64x!tile.ptr<f16>, #blocked>, %sb: !tilegpu.memdesc<[64, 64], f16, #s>, %n: i32) -> tensor<64x64xf32, #mma> {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %step = arith.constant dense<64> : tensor<64x64xi32, #blocked>
    %zero = arith.constant dense<0.0> : tensor<64x64xf32, #mma>
    %r:2 = scf.for %k = %c0 to %n step %c1 iter_args(%acc = %zero, %a_ptrs = %pa) -> (tensor<64x64xf32, #mma>, tensor<64x64x!tile.ptr<f16>, #blocked>) : i32 {
      %a = tile.load %a_ptrs {tilegpu.vec = 8 : i32} : tensor<64x64x!tile.ptr<f16>, #blocked>
      %sa = tilegpu.local_alloc %a : (tensor<64x64xf16, #blocked>) -> !tilegpu.memdesc<[64, 64], f16, #s>
      %d = tilegpu.warp_group_dot %sa, %sb, %acc : !tilegpu.memdesc<[64, 64], f16, #s>, !tilegpu.memdesc<[64, 64], f16, #s>, tensor<64x64xf32, #mma> -> tensor<64x64xf32, #mma>
      %d2 = arith.addf %d, %d : tensor<64x64xf32, #mma>
      %na = tile.addptr %a_ptrs, %step : tensor<64x64x!tile.ptr<f16>, #blocked>, tensor<64x64xi32, #blocked>
      scf.yield %d2, %na : tensor<64x64xf32, #mma>, tensor<64x64x!tile.ptr<f16>, #blocked>
    }
    return %r#0 : tensor<64x64xf32, #mma>
  }
}

// -----

// Regression: a tile of pointers (8 bytes each) crashed the pass, which
// asked the pointer type for its bit width. Two per access are 16 bytes: the
// copy has vec 2.
#blocked = #tilegpu.blocked<{sizePerThread = [1, 2], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#s = #tilegpu.shared<{swizzleBytes = 0, order = [1, 0]}>
module attributes {tilegpu.num_warps = 4 : i32, tilegpu.threads_per_warp = 32 : i32} {
  // CHECK-LABEL: func.func @pointer_tiles
  // CHECK: tilegpu.async_copy_global_to_local {{.*}} {vec = 2 : i32} : tensor<64x64x!tile.ptr<!tile.ptr<f16>>, #{{.*}}>, tensor<64x64xi1, #{{.*}}> -> !tilegpu.memdesc<[64, 64], !tile.ptr<f16>
  func.func @pointer_tiles(%p0: tensor<64x64x!tile.ptr<!tile.ptr<f16>>, #blocked>, %n: i32) {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %step = arith.constant dense<64> : tensor<64x64xi32, #blocked>
    %r = scf.for %k = %c0 to %n step %c1 iter_args(%p = %p0) -> (tensor<64x64x!tile.ptr<!tile.ptr<f16>>, #blocked>) : i32 {
      %t = tile.load %p {tilegpu.vec = 2 : i32} : tensor<64x64x!tile.ptr<!tile.ptr<f16>>, #blocked>
      %s = tilegpu.local_alloc %t : (tensor<64x64x!tile.ptr<f16>, #blocked>) -> !tilegpu.memdesc<[64, 64], !tile.ptr<f16>, #s>
      tilegpu.local_dealloc %s : !tilegpu.memdesc<[64, 64], !tile.ptr<f16>, #s>
      %np = tile.addptr %p, %step : tensor<64x64x!tile.ptr<!tile.ptr<f16>>, #blocked>, tensor<64x64xi32, #blocked>
      scf.yield %np : tensor<64x64x!tile.ptr<!tile.ptr<f16>>, #blocked>
    }
    return
  }
}
