// RUN: tilec-opt %s -split-input-file -convert-tilegpu-to-llvm | FileCheck %s

// A ring slot is the ring's base plus index * the slot's bytes (64 x 64 x 2
// = 8192). A 16-byte async copy (8 f16 per cp.async, 4 per thread) is
// cp.async.cg (L2 only) with the negated mask as its ignore-src predicate
// (zero fill where the mask is off); the copy of registers 8 to 15 takes
// pointer and mask 8. The thread's four copies land 16 rows apart, a whole
// swizzle atom (the swizzle XORs only bits the lane and warp set), so each
// is the first one's offset plus a constant (1024 elements), not an offset
// computed on its own. Commit, wait, proxy fence and barrier are their NVVM
// ops.
#blocked = #tilegpu.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#ring = #tilegpu.shared<{swizzleBytes = 128, order = [2, 1, 0]}>
#s = #tilegpu.shared<{swizzleBytes = 128, order = [1, 0]}>
module attributes {tilegpu.num_warps = 4 : i32, tilegpu.threads_per_warp = 32 : i32} {
  // CHECK-LABEL: llvm.func @ring_copy
  // CHECK-SAME: (%[[P:.*]]: !llvm.struct<(ptr<1>, {{.*}})>, %[[M:.*]]: !llvm.struct<(i1, {{.*}})>, %[[I:.*]]: i32)
  func.func @ring_copy(%p: tensor<64x64x!tile.ptr<f16>, #blocked>, %m: tensor<64x64xi1, #blocked>, %i: i32) attributes {tile.kernel} {
    // CHECK: %[[BASE:.*]] = llvm.mlir.addressof @tilec_scratch_smem : !llvm.ptr<3>
    // CHECK: %[[SLOTBYTES:.*]] = llvm.mlir.constant(8192 : i32) : i32
    // CHECK: %[[BYTES:.*]] = llvm.mul %[[I]], %[[SLOTBYTES]] : i32
    // CHECK: %[[SLOT:.*]] = llvm.getelementptr %[[BASE]][%[[BYTES]]] : (!llvm.ptr<3>, i32) -> !llvm.ptr<3>, i8
    %ring = tilegpu.local_alloc {offset = 0 : i64} : () -> !tilegpu.memdesc<[2, 64, 64], f16, #ring>
    %slot = tilegpu.memdesc_index %ring[%i] : !tilegpu.memdesc<[2, 64, 64], f16, #ring> -> !tilegpu.memdesc<[64, 64], f16, #s>
    // CHECK: %[[C1024:.*]] = llvm.mlir.constant(1024 : i32) : i32
    // CHECK-NEXT: %[[OFF8:.*]] = llvm.add %[[OFF0:.*]], %[[C1024]] : i32
    // CHECK: %[[P0:.*]] = llvm.extractvalue %[[P]][0]
    // CHECK: %[[P8:.*]] = llvm.extractvalue %[[P]][8]
    // CHECK: %[[M0:.*]] = llvm.extractvalue %[[M]][0]
    // CHECK: %[[M8:.*]] = llvm.extractvalue %[[M]][8]
    // CHECK: %[[TRUE:.*]] = llvm.mlir.constant(true) : i1
    // CHECK-NEXT: %[[D0:.*]] = llvm.getelementptr %[[SLOT]][%[[OFF0]]] : (!llvm.ptr<3>, i32) -> !llvm.ptr<3>, f16
    // CHECK-NEXT: %[[IGN0:.*]] = llvm.xor %[[M0]], %[[TRUE]] : i1
    // CHECK-NEXT: llvm.inline_asm has_side_effects asm_dialect = att "cp.async.cg.shared.global [$0], [$1], 16, $2;", "l,l,b" %[[D0]], %[[P0]], %[[IGN0]] : (!llvm.ptr<3>, !llvm.ptr<1>, i1) -> ()
    // CHECK-NEXT: %[[D8:.*]] = llvm.getelementptr %[[SLOT]][%[[OFF8]]]
    // CHECK-NEXT: %[[IGN8:.*]] = llvm.xor %[[M8]], %[[TRUE]] : i1
    // CHECK-NEXT: llvm.inline_asm {{.*}} %[[D8]], %[[P8]], %[[IGN8]]
    // CHECK-COUNT-2: llvm.inline_asm {{.*}} "cp.async.cg.shared.global [$0], [$1], 16, $2;"
    // CHECK-NOT: cp.async
    tilegpu.async_copy_global_to_local %p, %slot mask %m {vec = 8 : i32} : tensor<64x64x!tile.ptr<f16>, #blocked>, tensor<64x64xi1, #blocked> -> !tilegpu.memdesc<[64, 64], f16, #s>
    // CHECK: nvvm.cp.async.commit.group
    tilegpu.async_commit_group
    // CHECK-NEXT: nvvm.cp.async.wait.group 1
    tilegpu.async_wait {num = 1 : i32}
    // CHECK-NEXT: nvvm.fence.proxy {kind = #nvvm.proxy_kind<async.shared>, space = #nvvm.shared_space<cta>}
    tilegpu.fence_async_shared
    // CHECK-NEXT: nvvm.barrier0
    tilegpu.barrier
    return
  }
}

// -----

// 4 f16 per copy are 8 bytes: cp.async.ca (cp.async.cg takes 16 bytes
// only); with no mask, the NVVM op without a source size or predicate. 32
// elements per thread are 8 copies.
#blocked = #tilegpu.blocked<{sizePerThread = [1, 4], threadsPerWarp = [2, 16], warpsPerCTA = [4, 1], order = [1, 0]}>
#s = #tilegpu.shared<{swizzleBytes = 128, order = [1, 0]}>
module attributes {tilegpu.num_warps = 4 : i32, tilegpu.threads_per_warp = 32 : i32} {
  // CHECK-LABEL: llvm.func @copy_8_bytes
  func.func @copy_8_bytes(%p: tensor<64x64x!tile.ptr<f16>, #blocked>) attributes {tile.kernel} {
    %d = tilegpu.local_alloc {offset = 0 : i64} : () -> !tilegpu.memdesc<[64, 64], f16, #s>
    // CHECK-NOT: llvm.inline_asm
    // CHECK: nvvm.cp.async.shared.global %{{.*}}, %{{.*}}, 8, cache =  ca : !llvm.ptr<3>, !llvm.ptr<1>
    // CHECK-COUNT-7: nvvm.cp.async.shared.global {{.*}}, 8, cache =  ca
    // CHECK-NOT: nvvm.cp.async.shared.global
    tilegpu.async_copy_global_to_local %p, %d {vec = 4 : i32} : tensor<64x64x!tile.ptr<f16>, #blocked> -> !tilegpu.memdesc<[64, 64], f16, #s>
    return
  }
}

// -----

// A tile stored for wgmma: a barrier (earlier readers are done), 16-byte
// vector stores, the generic-to-async proxy fence, a barrier (the stores are
// visible), then the dot.
#blocked = #tilegpu.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#mma = #tilegpu.mma<{version = 3, instrN = 64, warpsPerCTA = [4, 1]}>
#s = #tilegpu.shared<{swizzleBytes = 128, order = [1, 0]}>
module attributes {tilegpu.num_warps = 4 : i32, tilegpu.threads_per_warp = 32 : i32} {
  // CHECK-LABEL: llvm.func @store_for_wgmma
  func.func @store_for_wgmma(%t: tensor<64x64xf16, #blocked>, %c: tensor<64x64xf32, #mma>) attributes {tile.kernel} {
    // CHECK: nvvm.barrier0
    // CHECK-COUNT-4: llvm.store %{{.*}}, %{{.*}} {alignment = 16 : i64} : vector<8xf16>, !llvm.ptr<3>
    // CHECK-NEXT: nvvm.fence.proxy {kind = #nvvm.proxy_kind<async.shared>, space = #nvvm.shared_space<cta>}
    // CHECK-NEXT: nvvm.barrier0
    // CHECK: nvvm.wgmma.fence.aligned
    %a = tilegpu.local_alloc %t {offset = 0 : i64} : (tensor<64x64xf16, #blocked>) -> !tilegpu.memdesc<[64, 64], f16, #s>
    %d = tilegpu.warp_group_dot %a, %a, %c : !tilegpu.memdesc<[64, 64], f16, #s>, !tilegpu.memdesc<[64, 64], f16, #s>, tensor<64x64xf32, #mma> -> tensor<64x64xf32, #mma>
    return
  }
}

// -----

// A tile that no wgmma reads needs no proxy fence.
#blocked = #tilegpu.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#s = #tilegpu.shared<{swizzleBytes = 128, order = [1, 0]}>
module attributes {tilegpu.num_warps = 4 : i32, tilegpu.threads_per_warp = 32 : i32} {
  // CHECK-LABEL: llvm.func @store_plain
  func.func @store_plain(%t: tensor<64x64xf16, #blocked>) attributes {tile.kernel} {
    // CHECK: nvvm.barrier0
    // CHECK-COUNT-4: llvm.store {{.*}} : vector<8xf16>, !llvm.ptr<3>
    // CHECK-NEXT: nvvm.barrier0
    // CHECK-NOT: nvvm.fence.proxy
    %a = tilegpu.local_alloc %t {offset = 0 : i64} : (tensor<64x64xf16, #blocked>) -> !tilegpu.memdesc<[64, 64], f16, #s>
    tilegpu.local_dealloc %a : !tilegpu.memdesc<[64, 64], f16, #s>
    return
  }
}

// -----

// Exactly 48 KiB is still a static shared array.
#ring = #tilegpu.shared<{swizzleBytes = 128, order = [2, 1, 0]}>
// CHECK: module attributes {tilegpu.num_warps = 4 : i32, tilegpu.shared_memory = 49152 : i64
// CHECK-NEXT: llvm.mlir.global internal @tilec_scratch_smem() {addr_space = 3 : i32, alignment = 1024 : i64} : !llvm.array<49152 x i8>
module attributes {tilegpu.num_warps = 4 : i32, tilegpu.threads_per_warp = 32 : i32, tilegpu.shared_memory = 49152 : i64} {
  // CHECK-LABEL: llvm.func @static_48k
  func.func @static_48k() attributes {tile.kernel} {
    %ring = tilegpu.local_alloc {offset = 0 : i64} : () -> !tilegpu.memdesc<[3, 128, 64], f16, #ring>
    return
  }
}

// -----

// Past 48 KiB the buffer is the kernel's dynamic shared memory: an
// `.extern` (external, zero-length) array, 1024-byte aligned for swizzled
// tiles, and the size a launch must pass on the module.
#ring = #tilegpu.shared<{swizzleBytes = 128, order = [2, 1, 0]}>
// CHECK: module attributes {tilegpu.dynamic_shared_memory = 65536 : i64, tilegpu.num_warps = 4 : i32, tilegpu.shared_memory = 65536 : i64
// CHECK-NEXT: llvm.mlir.global external @tilec_scratch_smem() {addr_space = 3 : i32, alignment = 1024 : i64} : !llvm.array<0 x i8>
module attributes {tilegpu.num_warps = 4 : i32, tilegpu.threads_per_warp = 32 : i32, tilegpu.shared_memory = 65536 : i64} {
  // CHECK-LABEL: llvm.func @dynamic_64k
  func.func @dynamic_64k() attributes {tile.kernel} {
    %ring = tilegpu.local_alloc {offset = 0 : i64} : () -> !tilegpu.memdesc<[4, 128, 64], f16, #ring>
    return
  }
}
