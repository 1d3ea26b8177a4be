// RUN: tilec-opt %s -split-input-file -tilegpu-warp-specialize="num-stages=3 remarks=true" -verify-diagnostics | FileCheck %s

// A wgmma loop over K fed by two descriptor loads, marked warp_specialize:
// the rings (3 stages, and one slot more for the wgmma in flight, as
// tilegpu-pipeline does) and two mbarrier arrays, "full" (count 1: the
// producer's arrival with the bytes) and "empty" (count 4: one arrival per
// consumer warp), are made before the split and published by a CTA
// barrier. The producer clones the scalar ops its copies need (the program
// id and the offset from it), waits for each slot to be handed back (parity
// phase ^ 1, which the first round finds complete) and issues the copies
// unconditionally. The consumers wait for the full slot, keep the wgmma in
// flight and hand the previous iteration's slot back; after the loop, once
// every consumer warp is past it, the mbarriers are invalidated, and the
// store after the loop runs in the consumer region.
#blocked = #tilegpu.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#mma = #tilegpu.mma<{version = 3, instrN = 64, warpsPerCTA = [4, 1]}>
#s = #tilegpu.shared<{swizzleBytes = 128, order = [1, 0]}>
module attributes {tilegpu.num_warps = 4 : i32, tilegpu.threads_per_warp = 32 : i32} {
  // CHECK-LABEL: func.func @matmul
  // CHECK-SAME: (%[[DA:.*]]: !tile.tensordesc<tensor<64x64xf16>>, %[[DB:.*]]: !tile.tensordesc<tensor<64x64xf16>>, %[[N:.*]]: i32, %[[OUT:.*]]: !tilegpu.memdesc
  // CHECK: %[[RA:.*]] = tilegpu.local_alloc : () -> !tilegpu.memdesc<[4, 64, 64], f16
  // CHECK: %[[RB:.*]] = tilegpu.local_alloc : () -> !tilegpu.memdesc<[4, 64, 64], f16
  // CHECK: %[[FULL:.*]] = tilegpu.local_alloc : () -> !tilegpu.memdesc<[4, 1], i64
  // CHECK-COUNT-4: tilegpu.init_barrier %{{.*}}, 1 :
  // CHECK: %[[EMPTY:.*]] = tilegpu.local_alloc : () -> !tilegpu.memdesc<[4, 1], i64
  // CHECK-COUNT-4: tilegpu.init_barrier %{{.*}}, 4 :
  // CHECK-NEXT: tilegpu.barrier
  // CHECK-NEXT: tilegpu.warp_specialize {consumerRegs = 248 : i32, producerRegs = 40 : i32, producerWarps = 4 : i32} producer {
  // CHECK: %[[PID:.*]] = tile.program_id 0 : i32
  // CHECK-NEXT: %[[M:.*]] = arith.muli %[[PID]], %{{.*}} : i32
  // CHECK: %{{.*}}:2 = scf.for %[[J:.*]] = %{{.*}} to %[[N]] step %{{.*}} iter_args(%[[PS:.*]] = %{{.*}}, %[[PP:.*]] = %{{.*}}) -> (i32, i32)
  // CHECK: %[[OFF:.*]] = arith.muli %[[J]]
  // CHECK: %[[E:.*]] = tilegpu.memdesc_index %[[EMPTY]][%[[PS]]]
  // CHECK: %[[PARITY:.*]] = arith.xori %[[PP]], %{{.*}} : i32
  // CHECK: tilegpu.wait_barrier %[[E]], %[[PARITY]]
  // CHECK: %[[F:.*]] = tilegpu.memdesc_index %[[FULL]][%[[PS]]]
  // CHECK: tilegpu.barrier_expect %[[F]], 16384, %[[TRUE:.*]] :
  // CHECK: tilegpu.async_tma_copy_global_to_local %[[DA]][%[[M]], %[[OFF]]] %{{.*}}, %[[F]], %[[TRUE]]
  // CHECK: tilegpu.async_tma_copy_global_to_local %[[DB]][%[[OFF]], %[[M]]] %{{.*}}, %[[F]], %[[TRUE]]
  // CHECK: scf.yield
  // CHECK-NOT: tilegpu.barrier
  // CHECK-NOT: inval_barrier
  // CHECK: } consumer {
  // CHECK: %[[R:.*]]:3 = scf.for %[[I:.*]] = %{{.*}} to %[[N]] step %{{.*}} iter_args(%[[ACC:.*]] = %{{.*}}, %[[CS:.*]] = %{{.*}}, %[[CP:.*]] = %{{.*}}) -> (tensor<64x64xf32, #{{.*}}>, i32, i32)
  // CHECK-NEXT: %[[WF:.*]] = tilegpu.memdesc_index %[[FULL]][%[[CS]]]
  // CHECK-NEXT: tilegpu.wait_barrier %[[WF]], %[[CP]]
  // CHECK-NOT: tilegpu.barrier
  // CHECK: %[[D:.*]] = tilegpu.warp_group_dot %{{.*}}, %{{.*}}, %[[ACC]] {isAsync}
  // CHECK-NEXT: %[[W:.*]] = tilegpu.warp_group_dot_wait %[[D]] {pendings = 1 : i32}
  // CHECK-NEXT: %[[NOTFIRST:.*]] = arith.cmpi ne, %[[I]], %{{.*}} : i32
  // CHECK: %[[PREV:.*]] = arith.select
  // CHECK-NEXT: %[[EP:.*]] = tilegpu.memdesc_index %[[EMPTY]][%[[PREV]]]
  // CHECK-NEXT: tilegpu.arrive_barrier %[[EP]], %[[NOTFIRST]]
  // CHECK: scf.yield %[[W]]
  // CHECK: %[[DONE:.*]] = tilegpu.warp_group_dot_wait %[[R]]#0 {pendings = 0 : i32}
  // The last slot is handed back too, where the loop ran: a later split loop
  // continues in the same rings.
  // CHECK-NEXT: %[[RAN:.*]] = arith.cmpi slt, %{{.*}}, %[[N]] : i32
  // CHECK: tilegpu.arrive_barrier %{{.*}}, %[[RAN]]
  // CHECK-NEXT: tilegpu.barrier
  // CHECK-COUNT-8: tilegpu.inval_barrier
  // CHECK: tilegpu.barrier
  // CHECK-NEXT: tilegpu.local_store %[[DONE]], %[[OUT]]
  // CHECK-NEXT: }
  // CHECK-NEXT: return
  func.func @matmul(%da: !tile.tensordesc<tensor<64x64xf16>>, %db: !tile.tensordesc<tensor<64x64xf16>>, %n: i32, %out: !tilegpu.memdesc<[64, 64], f32, #s>) attributes {tile.kernel} {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %c64 = arith.constant 64 : i32
    %zero = arith.constant dense<0.0> : tensor<64x64xf32, #mma>
    %pid = tile.program_id 0 : i32
    %m = arith.muli %pid, %c64 : i32
    // expected-remark @below {{loop warp-specialized: a producer warpgroup issues 2 TMA load(s) in 3 stages for 4 consumer warps}}
    %r = scf.for %k = %c0 to %n step %c1 iter_args(%acc = %zero) -> (tensor<64x64xf32, #mma>) : i32 {
      %off = arith.muli %k, %c64 : i32
      %a = tile.descriptor_load %da[%m, %off] : !tile.tensordesc<tensor<64x64xf16>> -> tensor<64x64xf16, #blocked>
      %b = tile.descriptor_load %db[%off, %m] : !tile.tensordesc<tensor<64x64xf16>> -> tensor<64x64xf16, #blocked>
      %sa = tilegpu.local_alloc %a : (tensor<64x64xf16, #blocked>) -> !tilegpu.memdesc<[64, 64], f16, #s>
      %sb = tilegpu.local_alloc %b : (tensor<64x64xf16, #blocked>) -> !tilegpu.memdesc<[64, 64], f16, #s>
      %d = tilegpu.warp_group_dot %sa, %sb, %acc : !tilegpu.memdesc<[64, 64], f16, #s>, !tilegpu.memdesc<[64, 64], f16, #s>, tensor<64x64xf32, #mma> -> tensor<64x64xf32, #mma>
      scf.yield %d : tensor<64x64xf32, #mma>
    } {tile.warp_specialize}
    tilegpu.local_store %r, %out : tensor<64x64xf32, #mma> -> !tilegpu.memdesc<[64, 64], f32, #s>
    return
  }
}

// -----

// Eight consumer warps leave 168 registers a thread at launch (384
// threads); the producer keeps 40 and the consumers take 232.
#blocked = #tilegpu.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [8, 1], order = [1, 0]}>
#mma = #tilegpu.mma<{version = 3, instrN = 64, warpsPerCTA = [8, 1]}>
#s = #tilegpu.shared<{swizzleBytes = 128, order = [1, 0]}>
module attributes {tilegpu.num_warps = 8 : i32, tilegpu.threads_per_warp = 32 : i32} {
  // CHECK-LABEL: func.func @eight_warps
  // CHECK: tilegpu.warp_specialize {consumerRegs = 232 : i32, producerRegs = 40 : i32, producerWarps = 4 : i32}
  func.func @eight_warps(%da: !tile.tensordesc<tensor<128x64xf16>>, %db: !tile.tensordesc<tensor<64x64xf16>>, %n: i32, %out: !tilegpu.memdesc<[128, 64], f32, #s>) attributes {tile.kernel} {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %c64 = arith.constant 64 : i32
    %zero = arith.constant dense<0.0> : tensor<128x64xf32, #mma>
    // expected-remark @below {{loop warp-specialized}}
    %r = scf.for %k = %c0 to %n step %c1 iter_args(%acc = %zero) -> (tensor<128x64xf32, #mma>) : i32 {
      %off = arith.muli %k, %c64 : i32
      %a = tile.descriptor_load %da[%c0, %off] : !tile.tensordesc<tensor<128x64xf16>> -> tensor<128x64xf16, #blocked>
      %b = tile.descriptor_load %db[%off, %c0] : !tile.tensordesc<tensor<64x64xf16>> -> tensor<64x64xf16, #blocked>
      %sa = tilegpu.local_alloc %a : (tensor<128x64xf16, #blocked>) -> !tilegpu.memdesc<[128, 64], f16, #s>
      %sb = tilegpu.local_alloc %b : (tensor<64x64xf16, #blocked>) -> !tilegpu.memdesc<[64, 64], f16, #s>
      %d = tilegpu.warp_group_dot %sa, %sb, %acc : !tilegpu.memdesc<[128, 64], f16, #s>, !tilegpu.memdesc<[64, 64], f16, #s>, tensor<128x64xf32, #mma> -> tensor<128x64xf32, #mma>
      scf.yield %d : tensor<128x64xf32, #mma>
    } {tile.warp_specialize}
    tilegpu.local_store %r, %out : tensor<128x64xf32, #mma> -> !tilegpu.memdesc<[128, 64], f32, #s>
    return
  }
}

// -----

// Marked loops that do not qualify keep their shape (tilegpu-pipeline
// takes them), with a remark naming why. Unmarked loops are not touched.
#blocked = #tilegpu.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#mma = #tilegpu.mma<{version = 3, instrN = 64, warpsPerCTA = [4, 1]}>
#s = #tilegpu.shared<{swizzleBytes = 128, order = [1, 0]}>
module attributes {tilegpu.num_warps = 4 : i32, tilegpu.threads_per_warp = 32 : i32} {
  // CHECK-LABEL: func.func @unmarked
  // CHECK-NOT: tilegpu.warp_specialize
  // CHECK: tile.descriptor_load
  func.func @unmarked(%da: !tile.tensordesc<tensor<64x64xf16>>, %n: i32, %out: !tilegpu.memdesc<[64, 64], f32, #s>) attributes {tile.kernel} {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %zero = arith.constant dense<0.0> : tensor<64x64xf32, #mma>
    %r = scf.for %k = %c0 to %n step %c1 iter_args(%acc = %zero) -> (tensor<64x64xf32, #mma>) : i32 {
      %a = tile.descriptor_load %da[%k, %c0] : !tile.tensordesc<tensor<64x64xf16>> -> tensor<64x64xf16, #blocked>
      %sa = tilegpu.local_alloc %a : (tensor<64x64xf16, #blocked>) -> !tilegpu.memdesc<[64, 64], f16, #s>
      %d = tilegpu.warp_group_dot %sa, %sa, %acc : !tilegpu.memdesc<[64, 64], f16, #s>, !tilegpu.memdesc<[64, 64], f16, #s>, tensor<64x64xf32, #mma> -> tensor<64x64xf32, #mma>
      scf.yield %d : tensor<64x64xf32, #mma>
    }
    tilegpu.local_store %r, %out : tensor<64x64xf32, #mma> -> !tilegpu.memdesc<[64, 64], f32, #s>
    return
  }

  // CHECK-LABEL: func.func @pointer_loads
  // CHECK-NOT: tilegpu.warp_specialize
  func.func @pointer_loads(%p: tensor<64x64x!tile.ptr<f16>, #blocked>, %step: tensor<64x64xi32, #blocked>, %n: i32, %out: !tilegpu.memdesc<[64, 64], f32, #s>) attributes {tile.kernel} {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %zero = arith.constant dense<0.0> : tensor<64x64xf32, #mma>
    // expected-remark @below {{loop not warp-specialized: its prefetched loads are not all tensor descriptor loads (TMA)}}
    %r:2 = scf.for %k = %c0 to %n step %c1 iter_args(%acc = %zero, %ptrs = %p) -> (tensor<64x64xf32, #mma>, tensor<64x64x!tile.ptr<f16>, #blocked>) : i32 {
      %a = tile.load %ptrs {tilegpu.vec = 8 : i32} : tensor<64x64x!tile.ptr<f16>, #blocked>
      %sa = tilegpu.local_alloc %a : (tensor<64x64xf16, #blocked>) -> !tilegpu.memdesc<[64, 64], f16, #s>
      %d = tilegpu.warp_group_dot %sa, %sa, %acc : !tilegpu.memdesc<[64, 64], f16, #s>, !tilegpu.memdesc<[64, 64], f16, #s>, tensor<64x64xf32, #mma> -> tensor<64x64xf32, #mma>
      %next = tile.addptr %ptrs, %step : tensor<64x64x!tile.ptr<f16>, #blocked>, tensor<64x64xi32, #blocked>
      scf.yield %d, %next : tensor<64x64xf32, #mma>, tensor<64x64x!tile.ptr<f16>, #blocked>
    } {tile.warp_specialize}
    tilegpu.local_store %r#0, %out : tensor<64x64xf32, #mma> -> !tilegpu.memdesc<[64, 64], f32, #s>
    return
  }

  // CHECK-LABEL: func.func @nested
  // CHECK-NOT: tilegpu.warp_specialize
  func.func @nested(%da: !tile.tensordesc<tensor<64x64xf16>>, %n: i32, %c: i1, %out: !tilegpu.memdesc<[64, 64], f32, #s>) attributes {tile.kernel} {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %zero = arith.constant dense<0.0> : tensor<64x64xf32, #mma>
    scf.if %c {
      // expected-remark @below {{loop not warp-specialized: it is nested in another loop or branch}}
      %r = scf.for %k = %c0 to %n step %c1 iter_args(%acc = %zero) -> (tensor<64x64xf32, #mma>) : i32 {
        %a = tile.descriptor_load %da[%k, %c0] : !tile.tensordesc<tensor<64x64xf16>> -> tensor<64x64xf16, #blocked>
        %sa = tilegpu.local_alloc %a : (tensor<64x64xf16, #blocked>) -> !tilegpu.memdesc<[64, 64], f16, #s>
        %d = tilegpu.warp_group_dot %sa, %sa, %acc : !tilegpu.memdesc<[64, 64], f16, #s>, !tilegpu.memdesc<[64, 64], f16, #s>, tensor<64x64xf32, #mma> -> tensor<64x64xf32, #mma>
        scf.yield %d : tensor<64x64xf32, #mma>
      } {tile.warp_specialize}
      tilegpu.local_store %r, %out : tensor<64x64xf32, #mma> -> !tilegpu.memdesc<[64, 64], f32, #s>
    }
    return
  }

  // The copy coordinates come from a load: the producer cannot compute them.
  // CHECK-LABEL: func.func @loaded_offset
  // CHECK-NOT: tilegpu.warp_specialize
  func.func @loaded_offset(%da: !tile.tensordesc<tensor<64x64xf16>>, %po: !tile.ptr<i32>, %n: i32, %out: !tilegpu.memdesc<[64, 64], f32, #s>) attributes {tile.kernel} {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %zero = arith.constant dense<0.0> : tensor<64x64xf32, #mma>
    %m = tile.load %po : !tile.ptr<i32>
    // expected-remark @below {{loop not warp-specialized: the producer would need 'tile.load', which is not a scalar op free of memory effects}}
    %r = scf.for %k = %c0 to %n step %c1 iter_args(%acc = %zero) -> (tensor<64x64xf32, #mma>) : i32 {
      %a = tile.descriptor_load %da[%m, %k] : !tile.tensordesc<tensor<64x64xf16>> -> tensor<64x64xf16, #blocked>
      %sa = tilegpu.local_alloc %a : (tensor<64x64xf16, #blocked>) -> !tilegpu.memdesc<[64, 64], f16, #s>
      %d = tilegpu.warp_group_dot %sa, %sa, %acc : !tilegpu.memdesc<[64, 64], f16, #s>, !tilegpu.memdesc<[64, 64], f16, #s>, tensor<64x64xf32, #mma> -> tensor<64x64xf32, #mma>
      scf.yield %d : tensor<64x64xf32, #mma>
    } {tile.warp_specialize}
    tilegpu.local_store %r, %out : tensor<64x64xf32, #mma> -> !tilegpu.memdesc<[64, 64], f32, #s>
    return
  }

  // CHECK-LABEL: func.func @one_stage
  // CHECK-NOT: tilegpu.warp_specialize
  func.func @one_stage(%da: !tile.tensordesc<tensor<64x64xf16>>, %n: i32, %out: !tilegpu.memdesc<[64, 64], f32, #s>) attributes {tile.kernel} {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %zero = arith.constant dense<0.0> : tensor<64x64xf32, #mma>
    // expected-remark @below {{loop not warp-specialized: num_stages is 1}}
    %r = scf.for %k = %c0 to %n step %c1 iter_args(%acc = %zero) -> (tensor<64x64xf32, #mma>) : i32 {
      %a = tile.descriptor_load %da[%k, %c0] : !tile.tensordesc<tensor<64x64xf16>> -> tensor<64x64xf16, #blocked>
      %sa = tilegpu.local_alloc %a : (tensor<64x64xf16, #blocked>) -> !tilegpu.memdesc<[64, 64], f16, #s>
      %d = tilegpu.warp_group_dot %sa, %sa, %acc : !tilegpu.memdesc<[64, 64], f16, #s>, !tilegpu.memdesc<[64, 64], f16, #s>, tensor<64x64xf32, #mma> -> tensor<64x64xf32, #mma>
      scf.yield %d : tensor<64x64xf32, #mma>
    } {tile.warp_specialize, tile.num_stages = 1 : i32}
    tilegpu.local_store %r, %out : tensor<64x64xf32, #mma> -> !tilegpu.memdesc<[64, 64], f32, #s>
    return
  }
}

// -----

// A split loop that is the kernel's last op (its dot's result stored in
// every iteration, nothing after it): the invalidations end the consumers'
// region. A stage-0 iter arg stepped to a value from above (`o = m` in the
// loop): the producer computes that value too.
#blocked = #tilegpu.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#mma = #tilegpu.mma<{version = 3, instrN = 64, warpsPerCTA = [4, 1]}>
#s = #tilegpu.shared<{swizzleBytes = 128, order = [1, 0]}>
module attributes {tilegpu.num_warps = 4 : i32, tilegpu.threads_per_warp = 32 : i32} {
  // CHECK-LABEL: func.func @last_op
  // CHECK: tilegpu.warp_specialize
  // CHECK: producer {
  // CHECK: %[[M:.*]] = arith.muli %{{.*}}, %{{.*}} : i32
  // CHECK: scf.for {{.*}} iter_args(%[[O:.*]] = %{{.*}}, %{{.*}} = %{{.*}}, %{{.*}} = %{{.*}})
  // CHECK: tilegpu.async_tma_copy_global_to_local %{{.*}}[%[[O]], %{{.*}}]
  // CHECK: scf.yield %[[M]], %{{.*}}, %{{.*}} : i32, i32, i32
  // CHECK: } consumer {
  // CHECK: scf.for
  // CHECK: tilegpu.local_store
  // No wgmma in flight (the dot's result is used in its iteration): 3 slots.
  // CHECK-COUNT-6: tilegpu.inval_barrier
  // CHECK-NEXT: tilegpu.barrier
  // CHECK-NEXT: }
  // CHECK-NEXT: return
  func.func @last_op(%da: !tile.tensordesc<tensor<64x64xf16>>, %n: i32, %out: !tilegpu.memdesc<[64, 64], f32, #s>) attributes {tile.kernel} {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %c64 = arith.constant 64 : i32
    %zero = arith.constant dense<0.0> : tensor<64x64xf32, #mma>
    %pid = tile.program_id 0 : i32
    %m = arith.muli %pid, %c64 : i32
    // expected-remark @below {{loop warp-specialized}}
    %r = scf.for %k = %c0 to %n step %c1 iter_args(%o = %c0) -> (i32) : i32 {
      %a = tile.descriptor_load %da[%o, %k] : !tile.tensordesc<tensor<64x64xf16>> -> tensor<64x64xf16, #blocked>
      %sa = tilegpu.local_alloc %a : (tensor<64x64xf16, #blocked>) -> !tilegpu.memdesc<[64, 64], f16, #s>
      %d = tilegpu.warp_group_dot %sa, %sa, %zero : !tilegpu.memdesc<[64, 64], f16, #s>, !tilegpu.memdesc<[64, 64], f16, #s>, tensor<64x64xf32, #mma> -> tensor<64x64xf32, #mma>
      tilegpu.local_store %d, %out : tensor<64x64xf32, #mma> -> !tilegpu.memdesc<[64, 64], f32, #s>
      scf.yield %m : i32
    } {tile.warp_specialize}
    return
  }
}

// -----

// A store to global memory before the loop: the producer's copies would not
// be ordered after it (the loop may read what it wrote), so no split. Nor
// outside a kernel, whose launch would not get the producer warpgroup.
#blocked = #tilegpu.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#mma = #tilegpu.mma<{version = 3, instrN = 64, warpsPerCTA = [4, 1]}>
#s = #tilegpu.shared<{swizzleBytes = 128, order = [1, 0]}>
module attributes {tilegpu.num_warps = 4 : i32, tilegpu.threads_per_warp = 32 : i32} {
  // CHECK-LABEL: func.func @store_before
  // CHECK-NOT: tilegpu.warp_specialize
  func.func @store_before(%da: !tile.tensordesc<tensor<64x64xf16>>, %p: !tile.ptr<i32>, %n: i32, %out: !tilegpu.memdesc<[64, 64], f32, #s>) attributes {tile.kernel} {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %zero = arith.constant dense<0.0> : tensor<64x64xf32, #mma>
    tile.store %p, %c1 : !tile.ptr<i32>
    // expected-remark @below {{loop not warp-specialized: the kernel may write memory before it ('tile.store'), which the producer's copies would not wait for}}
    %r = scf.for %k = %c0 to %n step %c1 iter_args(%acc = %zero) -> (tensor<64x64xf32, #mma>) : i32 {
      %a = tile.descriptor_load %da[%k, %c0] : !tile.tensordesc<tensor<64x64xf16>> -> tensor<64x64xf16, #blocked>
      %sa = tilegpu.local_alloc %a : (tensor<64x64xf16, #blocked>) -> !tilegpu.memdesc<[64, 64], f16, #s>
      %d = tilegpu.warp_group_dot %sa, %sa, %acc : !tilegpu.memdesc<[64, 64], f16, #s>, !tilegpu.memdesc<[64, 64], f16, #s>, tensor<64x64xf32, #mma> -> tensor<64x64xf32, #mma>
      scf.yield %d : tensor<64x64xf32, #mma>
    } {tile.warp_specialize}
    tilegpu.local_store %r, %out : tensor<64x64xf32, #mma> -> !tilegpu.memdesc<[64, 64], f32, #s>
    return
  }

  // CHECK-LABEL: func.func @not_kernel
  // CHECK-NOT: tilegpu.warp_specialize
  func.func @not_kernel(%da: !tile.tensordesc<tensor<64x64xf16>>, %n: i32, %out: !tilegpu.memdesc<[64, 64], f32, #s>) {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %zero = arith.constant dense<0.0> : tensor<64x64xf32, #mma>
    // expected-remark @below {{loop not warp-specialized: it is not in a kernel}}
    %r = scf.for %k = %c0 to %n step %c1 iter_args(%acc = %zero) -> (tensor<64x64xf32, #mma>) : i32 {
      %a = tile.descriptor_load %da[%k, %c0] : !tile.tensordesc<tensor<64x64xf16>> -> tensor<64x64xf16, #blocked>
      %sa = tilegpu.local_alloc %a : (tensor<64x64xf16, #blocked>) -> !tilegpu.memdesc<[64, 64], f16, #s>
      %d = tilegpu.warp_group_dot %sa, %sa, %acc : !tilegpu.memdesc<[64, 64], f16, #s>, !tilegpu.memdesc<[64, 64], f16, #s>, tensor<64x64xf32, #mma> -> tensor<64x64xf32, #mma>
      scf.yield %d : tensor<64x64xf32, #mma>
    } {tile.warp_specialize}
    tilegpu.local_store %r, %out : tensor<64x64xf32, #mma> -> !tilegpu.memdesc<[64, 64], f32, #s>
    return
  }
}
