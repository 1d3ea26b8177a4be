// RUN: tilec-opt %s -split-input-file -tilegpu-lower-descriptors | FileCheck %s

// A descriptor store with `reduce` (desc.atomic_* on a host-side
// descriptor) lowers as a store does, its TMA copy carrying the reduction:
// the value goes into a tile of the TMA layout, thread 0 reduces it into
// the block, waits until the bulk group has read it, and a barrier frees
// the tile.
#blocked = #tilegpu.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
// CHECK-DAG: #[[BLOCKED:.*]] = #tilegpu.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
// CHECK-DAG: #[[SA:.*]] = #tilegpu.shared<{swizzleBytes = 128, order = [1, 0]}>
module attributes {tilegpu.num_warps = 4 : i32, tilegpu.threads_per_warp = 32 : i32} {
  // CHECK-LABEL: func.func @reduce
  // CHECK-SAME: (%[[C:.*]]: !tile.tensordesc<tensor<64x64xbf16>>, %[[V:.*]]: tensor<64x64xbf16, #[[BLOCKED]]>, %[[M:.*]]: i32, %[[N:.*]]: i32)
  func.func @reduce(%c: !tile.tensordesc<tensor<64x64xbf16>>, %v: tensor<64x64xbf16, #blocked>, %m: i32, %n: i32) {
    // CHECK: %[[BUF:.*]] = tilegpu.local_alloc %[[V]] : (tensor<64x64xbf16, #[[BLOCKED]]>) -> !tilegpu.memdesc<[64, 64], bf16, #[[SA]]>
    // CHECK-NEXT: tilegpu.async_tma_copy_local_to_global %[[C]][%[[M]], %[[N]]] %[[BUF]] {reduce = #tile<rmw_op fmax>} : !tile.tensordesc<tensor<64x64xbf16>>, !tilegpu.memdesc<[64, 64], bf16, #[[SA]]>
    // CHECK-NEXT: tilegpu.async_tma_store_wait {pendings = 0 : i32}
    // CHECK-NEXT: tilegpu.barrier
    // CHECK-NOT: tile.descriptor_store
    tile.descriptor_store %c[%m, %n], %v {reduce = #tile<rmw_op fmax>} : !tile.tensordesc<tensor<64x64xbf16>>, tensor<64x64xbf16, #blocked>
    return
  }
}
