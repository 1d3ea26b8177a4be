// RUN: tilec-opt %s -split-input-file -tilegpu-allocate-shared-memory -convert-tilegpu-to-llvm | FileCheck %s

// A warp-specialized kernel declares its consumers' warps plus the producer
// warpgroup (4 + 4 warps: 256 threads) and starts each thread at the
// launch's register budget (.maxnreg 248 here). The split is a branch on
// the thread index: threads from 128 on are the producer, which gives
// registers back (setmaxnreg.dec to 40, the whole warpgroup) and then runs
// on its first thread, 128, alone, which issues its TMA ops. The consumers keep the launch budget (no
// setmaxnreg: 248 is already the most), hand slots back with one arrival
// per warp (lane 0, after the warp's lanes meet), and their CTA barriers become named barrier 1 over
// their 128 threads.
#sa = #tilegpu.shared<{swizzleBytes = 128, order = [1, 0]}>
#bar = #tilegpu.shared<{swizzleBytes = 0, order = [0]}>
module attributes {tilegpu.num_warps = 4 : i32, tilegpu.threads_per_warp = 32 : i32} {
  // CHECK-LABEL: llvm.func @split
  // CHECK-SAME: nvvm.kernel
  // CHECK-SAME: nvvm.maxnreg = 248 : i32
  // CHECK-SAME: nvvm.reqntid = array<i32: 256, 1, 1>
  func.func @split(%desc: !tile.tensordesc<tensor<64x64xf16>>, %m: i32, %p: i1) attributes {tile.kernel} {
    %buf = tilegpu.local_alloc : () -> !tilegpu.memdesc<[64, 64], f16, #sa>
    %full = tilegpu.local_alloc : () -> !tilegpu.memdesc<[1], i64, #bar>
    %empty = tilegpu.local_alloc : () -> !tilegpu.memdesc<[1], i64, #bar>
    tilegpu.init_barrier %full, 1 : !tilegpu.memdesc<[1], i64, #bar>
    tilegpu.init_barrier %empty, 4 : !tilegpu.memdesc<[1], i64, #bar>
    // The CTA-wide barrier before the split stays barrier 0.
    // CHECK: nvvm.barrier0
    tilegpu.barrier
    // CHECK: %[[TID:.*]] = nvvm.read.ptx.sreg.tid.x : i32
    // CHECK-NEXT: %[[C128:.*]] = llvm.mlir.constant(128 : i32) : i32
    // CHECK-NEXT: %[[PRODUCER:.*]] = llvm.icmp "uge" %[[TID]], %[[C128]] : i32
    // CHECK-NEXT: llvm.cond_br %[[PRODUCER]], ^[[PROD:.*]], ^[[CONS:.*]]
    // CHECK: ^[[PROD]]:
    // CHECK-NEXT: nvvm.setmaxregister decrease 40
    // Then the producer's first thread alone.
    // CHECK-NEXT: %[[TID1:.*]] = nvvm.read.ptx.sreg.tid.x : i32
    // CHECK-NEXT: %[[C128B:.*]] = llvm.mlir.constant(128 : i32) : i32
    // CHECK-NEXT: %[[ALONE:.*]] = llvm.icmp "eq" %[[TID1]], %[[C128B]] : i32
    // CHECK-NEXT: llvm.cond_br %[[ALONE]]
    // CHECK: %[[FIRSTP:.*]] = llvm.mlir.constant(128 : i32) : i32
    // CHECK-NEXT: %[[TIDP:.*]] = nvvm.read.ptx.sreg.tid.x : i32
    // CHECK-NEXT: %[[ISSUER:.*]] = llvm.icmp "eq" %[[TIDP]], %[[FIRSTP]] : i32
    // CHECK: nvvm.mbarrier.arrive.expect_tx %{{.*}}, predicate = %{{.*}}
    // CHECK: nvvm.cp.async.bulk.tensor.shared.cluster.global
    // CHECK-NOT: nvvm.barrier
    // CHECK: ^[[CONS]]:
    // CHECK-NOT: nvvm.setmaxregister
    // CHECK: nvvm.mbarrier.try_wait.parity
    // CHECK: nvvm.bar.warp.sync %{{.*}} : i32
    // CHECK: %[[LANE:.*]] = llvm.and %{{.*}}, %{{.*}} : i32
    // CHECK: %[[LANE0:.*]] = llvm.icmp "eq" %[[LANE]], %{{.*}} : i32
    // CHECK: %[[ARRIVE:.*]] = llvm.and %[[LANE0]], %{{.*}} : i1
    // CHECK: llvm.cond_br %[[ARRIVE]]
    // CHECK: nvvm.mbarrier.arrive %{{.*}} : !llvm.ptr<3>
    // CHECK: %[[ID:.*]] = llvm.mlir.constant(1 : i32) : i32
    // CHECK: %[[COUNT:.*]] = llvm.mlir.constant(128 : i32) : i32
    // CHECK: nvvm.barrier id = %[[ID]] number_of_threads = %[[COUNT]]
    // CHECK-NOT: nvvm.barrier0
    tilegpu.warp_specialize {consumerRegs = 248 : i32, producerRegs = 40 : i32, producerWarps = 4 : i32} producer {
      tilegpu.barrier_expect %full, 8192, %p : !tilegpu.memdesc<[1], i64, #bar>
      tilegpu.async_tma_copy_global_to_local %desc[%m, %m] %buf, %full, %p : !tile.tensordesc<tensor<64x64xf16>>, !tilegpu.memdesc<[64, 64], f16, #sa>, !tilegpu.memdesc<[1], i64, #bar>
    } consumer {
      %c0 = arith.constant 0 : i32
      tilegpu.wait_barrier %full, %c0 : !tilegpu.memdesc<[1], i64, #bar>
      tilegpu.arrive_barrier %empty, %p : !tilegpu.memdesc<[1], i64, #bar>
      tilegpu.barrier
    }
    return
  }
}

// -----

// Eight consumer warps: 384 threads, 168 registers at launch; the consumers
// take 232.
#bar = #tilegpu.shared<{swizzleBytes = 0, order = [0]}>
module attributes {tilegpu.num_warps = 8 : i32, tilegpu.threads_per_warp = 32 : i32} {
  // CHECK-LABEL: llvm.func @eight
  // CHECK-SAME: nvvm.maxnreg = 168 : i32
  // CHECK-SAME: nvvm.reqntid = array<i32: 384, 1, 1>
  // CHECK: nvvm.setmaxregister decrease 40
  // CHECK: nvvm.setmaxregister increase 232
  // CHECK: nvvm.barrier id = %{{.*}} number_of_threads = %{{.*}}
  func.func @eight(%p: i1) attributes {tile.kernel} {
    tilegpu.warp_specialize {consumerRegs = 232 : i32, producerRegs = 40 : i32, producerWarps = 4 : i32} producer {
    } consumer {
      tilegpu.barrier
    }
    return
  }
}
