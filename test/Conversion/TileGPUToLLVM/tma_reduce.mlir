// RUN: tilec-opt %s -split-input-file -tilegpu-allocate-shared-memory -convert-tilegpu-to-llvm | FileCheck %s

// A TMA copy with `reduce` is one nvvm.cp.async.bulk.tensor.reduce per box
// of the plan, whose operation is the tile kind's without signedness or
// float-ness (the tensor map's element type has them). The NVVM op takes no
// predicate: thread 0 issues the reductions in one branch, and every thread
// commits the bulk group. 128 x 128 i32 rows are 512 bytes: four 128-byte
// atoms of 128 x 32, so four reductions at columns n, n + 32, n + 64,
// n + 96.
#sa = #tilegpu.shared<{swizzleBytes = 128, order = [1, 0]}>
module attributes {tilegpu.num_warps = 4 : i32, tilegpu.threads_per_warp = 32 : i32} {
  // CHECK-LABEL: llvm.func @reduce
  // CHECK-SAME: (%[[DESC:.*]]: !llvm.ptr {llvm.align = 64 : i64, llvm.byval = !llvm.array<128 x i8>, nvvm.grid_constant}, %{{.*}}: !llvm.ptr<3>, %[[M:.*]]: i32, %[[N:.*]]: i32)
  // CHECK: %[[TID:.*]] = nvvm.read.ptx.sreg.tid.x : i32
  // CHECK-NEXT: %[[FIRST:.*]] = llvm.icmp "eq" %[[TID]], %{{.*}} : i32
  // CHECK-NEXT: llvm.cond_br %[[FIRST]], ^[[ISSUE:.*]], ^[[DONE:.*]]
  // CHECK-NEXT: ^[[ISSUE]]:
  // CHECK: nvvm.cp.async.bulk.tensor.reduce %[[DESC]], %{{.*}}, box[%[[N]], %[[M]]] {redKind = #nvvm.tma_redux_kind<max>} : !llvm.ptr, <3>
  // CHECK-COUNT-3: nvvm.cp.async.bulk.tensor.reduce %[[DESC]], %{{.*}}, box[%{{.*}}, %[[M]]] {redKind = #nvvm.tma_redux_kind<max>} : !llvm.ptr, <3>
  // CHECK: llvm.br ^[[DONE]]
  // CHECK-NEXT: ^[[DONE]]:
  // CHECK-NEXT: nvvm.cp.async.bulk.commit.group
  func.func @reduce(%desc: !tile.tensordesc<tensor<128x128xi32>>, %buf: !tilegpu.memdesc<[128, 128], i32, #sa>, %m: i32, %n: i32) attributes {tile.kernel} {
    tilegpu.async_tma_copy_local_to_global %desc[%m, %n] %buf {reduce = #tile<rmw_op umax>} : !tile.tensordesc<tensor<128x128xi32>>, !tilegpu.memdesc<[128, 128], i32, #sa>
    return
  }
}
