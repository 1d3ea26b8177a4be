// RUN: tilec-opt %s | tilec-opt | FileCheck %s
// RUN: tilec-opt %s -mlir-print-op-generic | tilec-opt | FileCheck %s

// The TMA ops round-trip: mbarrier initialization, invalidation, arrival
// with an expected byte count and the parity wait; the bulk tensor copies in
// both directions, with their descriptor, indices (row first), shared tile,
// mbarrier and predicate; and the wait for bulk stores. The shared tiles are
// the ones the descriptors' blocks land in (128-byte rows: 128-byte
// swizzle, row-major).

#sa = #tilegpu.shared<{swizzleBytes = 128, order = [1, 0]}>
#s32 = #tilegpu.shared<{swizzleBytes = 32, order = [1, 0]}>
#s0 = #tilegpu.shared<{swizzleBytes = 0, order = [1, 0]}>
#bar = #tilegpu.shared<{swizzleBytes = 0, order = [0]}>

// CHECK-DAG: #[[SA:.*]] = #tilegpu.shared<{swizzleBytes = 128, order = [1, 0]}>
// CHECK-DAG: #[[S32:.*]] = #tilegpu.shared<{swizzleBytes = 32, order = [1, 0]}>
// CHECK-DAG: #[[S0:.*]] = #tilegpu.shared<{swizzleBytes = 0, order = [1, 0]}>
// CHECK-DAG: #[[BAR:.*]] = #tilegpu.shared<{swizzleBytes = 0, order = [0]}>

// CHECK-LABEL: func.func @barriers
// CHECK-SAME: (%[[B:.*]]: !tilegpu.memdesc<[1], i64, #[[BAR]]>, %[[PRED:.*]]: i1, %[[PHASE:.*]]: i32)
func.func @barriers(%b: !tilegpu.memdesc<[1], i64, #bar>, %pred: i1, %phase: i32) {
  // CHECK: tilegpu.init_barrier %[[B]], 1 : !tilegpu.memdesc<[1], i64, #[[BAR]]>
  tilegpu.init_barrier %b, 1 : !tilegpu.memdesc<[1], i64, #bar>
  // CHECK: tilegpu.barrier_expect %[[B]], 49152, %[[PRED]] : !tilegpu.memdesc<[1], i64, #[[BAR]]>
  tilegpu.barrier_expect %b, 49152, %pred : !tilegpu.memdesc<[1], i64, #bar>
  // CHECK: tilegpu.wait_barrier %[[B]], %[[PHASE]] : !tilegpu.memdesc<[1], i64, #[[BAR]]>
  tilegpu.wait_barrier %b, %phase : !tilegpu.memdesc<[1], i64, #bar>
  // CHECK: tilegpu.inval_barrier %[[B]] : !tilegpu.memdesc<[1], i64, #[[BAR]]>
  tilegpu.inval_barrier %b : !tilegpu.memdesc<[1], i64, #bar>
  return
}

// CHECK-LABEL: func.func @copies
// CHECK-SAME: (%[[A:.*]]: !tile.tensordesc<tensor<128x64xf16>>, %[[C:.*]]: !tile.tensordesc<tensor<64x256xf16>>, %[[M:.*]]: i32, %[[N:.*]]: i32, %[[PRED:.*]]: i1)
func.func @copies(%a: !tile.tensordesc<tensor<128x64xf16>>, %c: !tile.tensordesc<tensor<64x256xf16>>, %m: i32, %n: i32, %pred: i1) {
  // CHECK: %[[DST:.*]] = tilegpu.local_alloc : () -> !tilegpu.memdesc<[128, 64], f16, #[[SA]]>
  %dst = tilegpu.local_alloc : () -> !tilegpu.memdesc<[128, 64], f16, #sa>
  // CHECK: %[[B:.*]] = tilegpu.local_alloc : () -> !tilegpu.memdesc<[1], i64, #[[BAR]]>
  %b = tilegpu.local_alloc : () -> !tilegpu.memdesc<[1], i64, #bar>
  // CHECK: tilegpu.async_tma_copy_global_to_local %[[A]][%[[M]], %[[N]]] %[[DST]], %[[B]], %[[PRED]] : !tile.tensordesc<tensor<128x64xf16>>, !tilegpu.memdesc<[128, 64], f16, #[[SA]]>, !tilegpu.memdesc<[1], i64, #[[BAR]]>
  tilegpu.async_tma_copy_global_to_local %a[%m, %n] %dst, %b, %pred : !tile.tensordesc<tensor<128x64xf16>>, !tilegpu.memdesc<[128, 64], f16, #sa>, !tilegpu.memdesc<[1], i64, #bar>
  // CHECK: %[[SRC:.*]] = tilegpu.local_alloc : () -> !tilegpu.memdesc<[64, 256], f16, #[[SA]]>
  %src = tilegpu.local_alloc : () -> !tilegpu.memdesc<[64, 256], f16, #sa>
  // CHECK: tilegpu.async_tma_copy_local_to_global %[[C]][%[[N]], %[[M]]] %[[SRC]] : !tile.tensordesc<tensor<64x256xf16>>, !tilegpu.memdesc<[64, 256], f16, #[[SA]]>
  tilegpu.async_tma_copy_local_to_global %c[%n, %m] %src : !tile.tensordesc<tensor<64x256xf16>>, !tilegpu.memdesc<[64, 256], f16, #sa>
  // CHECK: tilegpu.async_tma_store_wait {pendings = 0 : i32}
  tilegpu.async_tma_store_wait {pendings = 0 : i32}
  // CHECK: tilegpu.async_tma_store_wait {pendings = 2 : i32}
  tilegpu.async_tma_store_wait {pendings = 2 : i32}
  return
}

// A row of 16 f16 is 32 bytes: the 32-byte swizzle. A row of 8 i8 would be
// too narrow; 16 i8 are 16 bytes, no swizzle at all.
// CHECK-LABEL: func.func @narrow_rows
func.func @narrow_rows(%a: !tile.tensordesc<tensor<64x16xf16>>, %c: !tile.tensordesc<tensor<32x16xi8>>, %m: i32, %b: !tilegpu.memdesc<[1], i64, #bar>, %pred: i1) {
  %d32 = tilegpu.local_alloc : () -> !tilegpu.memdesc<[64, 16], f16, #s32>
  // CHECK: tilegpu.async_tma_copy_global_to_local {{.*}} : !tile.tensordesc<tensor<64x16xf16>>, !tilegpu.memdesc<[64, 16], f16, #[[S32]]>, !tilegpu.memdesc<[1], i64, #[[BAR]]>
  tilegpu.async_tma_copy_global_to_local %a[%m, %m] %d32, %b, %pred : !tile.tensordesc<tensor<64x16xf16>>, !tilegpu.memdesc<[64, 16], f16, #s32>, !tilegpu.memdesc<[1], i64, #bar>
  %d0 = tilegpu.local_alloc : () -> !tilegpu.memdesc<[32, 16], i8, #s0>
  // CHECK: tilegpu.async_tma_copy_local_to_global {{.*}} : !tile.tensordesc<tensor<32x16xi8>>, !tilegpu.memdesc<[32, 16], i8, #[[S0]]>
  tilegpu.async_tma_copy_local_to_global %c[%m, %m] %d0 : !tile.tensordesc<tensor<32x16xi8>>, !tilegpu.memdesc<[32, 16], i8, #s0>
  return
}
