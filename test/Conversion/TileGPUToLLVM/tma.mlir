// RUN: tilec-opt %s -split-input-file -tilegpu-allocate-shared-memory -convert-tilegpu-to-llvm | FileCheck %s
// RUN: tilec-opt %s -split-input-file -tilegpu-allocate-shared-memory -convert-tilegpu-to-llvm -convert-nvvm-to-llvm | FileCheck %s --check-prefix=PTX

// The TMA ops lower to NVVM's mbarrier and bulk tensor copy ops, and those
// (convert-nvvm-to-llvm, the last conversion of tilec's LLVM pipeline) to
// predicated inline PTX. Thread 0 of the CTA alone initializes, arrives,
// issues the copies and invalidates; every thread waits. A tensor
// descriptor is the CUtensorMap itself: a 128-byte kernel parameter passed
// by value, 64-byte aligned, as a grid constant so that its address can be
// taken (cvta.param) and given to cp.async.bulk.tensor.
//
// A block moves as one copy per box of its TMA plan
// (include/tilec/TensorDescriptor.h): the box is the block with its rows cut
// to one swizzle atom (swizzleBytes wide) and its columns to 256. Box (r, c)
// reads the tensor at (m + r * boxRows, n + c * boxCols), coordinates given
// to PTX innermost first, and lands at byte c * rows * swizzleBytes +
// r * boxRows * swizzleBytes of the tile, where the shared layout puts atom
// c (each atom holds every row).

// The mbarrier protocol of a one-shot load. 64 x 256 f16 is 32768 bytes,
// the tile at offset 0, the mbarrier after it. Rows are 512 bytes: four
// 128-byte atoms of 64 x 64, so four copies, columns n, n + 64, n + 128,
// n + 192 (the first coordinate), tile bytes 0, 64 * 128 = 8192, 16384,
// 24576, all completing on the one mbarrier, all issued by thread 0 where
// the predicate holds.
#sa = #tilegpu.shared<{swizzleBytes = 128, order = [1, 0]}>
#bar = #tilegpu.shared<{swizzleBytes = 0, order = [0]}>
module attributes {tilegpu.num_warps = 4 : i32, tilegpu.threads_per_warp = 32 : i32} {
  // CHECK-LABEL: llvm.func @load
  // CHECK-SAME: (%[[DESC:.*]]: !llvm.ptr {llvm.align = 64 : i64, llvm.byval = !llvm.array<128 x i8>, nvvm.grid_constant}, %[[M:.*]]: i32, %[[N:.*]]: i32, %[[P:.*]]: i1, %[[PHASE:.*]]: i32)
  // CHECK-SAME: nvvm.kernel
  // PTX-LABEL: llvm.func @load
  func.func @load(%desc: !tile.tensordesc<tensor<64x256xf16>>, %m: i32, %n: i32, %p: i1, %phase: i32) attributes {tile.kernel} {
    // CHECK: %[[TILE:.*]] = llvm.mlir.addressof @tilec_scratch_smem : !llvm.ptr<3>
    // CHECK: %[[BAR:.*]] = llvm.getelementptr %{{.*}}[32768] : (!llvm.ptr<3>) -> !llvm.ptr<3>, i8
    %buf = tilegpu.local_alloc : () -> !tilegpu.memdesc<[64, 256], f16, #sa>
    %bar = tilegpu.local_alloc : () -> !tilegpu.memdesc<[1], i64, #bar>

    // CHECK: %[[ZERO:.*]] = llvm.mlir.constant(0 : i32) : i32
    // CHECK-NEXT: %[[TID:.*]] = nvvm.read.ptx.sreg.tid.x : i32
    // CHECK-NEXT: %[[FIRST:.*]] = llvm.icmp "eq" %[[TID]], %[[ZERO]] : i32
    // CHECK-NEXT: %[[ONE:.*]] = llvm.mlir.constant(1 : i32) : i32
    // CHECK-NEXT: nvvm.mbarrier.init %[[BAR]], %[[ONE]], predicate = %[[FIRST]] : !llvm.ptr<3>, i32, i1
    // PTX: llvm.inline_asm has_side_effects asm_dialect = att "@$2 mbarrier.init.shared.b64 [$0], $1;", "r,n,b"
    tilegpu.init_barrier %bar, 1 : !tilegpu.memdesc<[1], i64, #bar>
    // CHECK-NEXT: nvvm.barrier0
    tilegpu.barrier

    // The arrival is thread 0's where %p holds, like the copies it counts.
    // CHECK: %[[TID:.*]] = nvvm.read.ptx.sreg.tid.x : i32
    // CHECK-NEXT: %[[FIRST:.*]] = llvm.icmp "eq" %[[TID]], %{{.*}} : i32
    // CHECK-NEXT: %[[ISSUE:.*]] = llvm.and %[[FIRST]], %[[P]] : i1
    // CHECK-NEXT: %[[BYTES:.*]] = llvm.mlir.constant(32768 : i32) : i32
    // CHECK-NEXT: nvvm.mbarrier.arrive.expect_tx %[[BAR]], %[[BYTES]], predicate = %[[ISSUE]] : !llvm.ptr<3>, i32, i1
    // PTX: llvm.inline_asm has_side_effects asm_dialect = att "@$2 mbarrier.arrive.expect_tx.shared.b64 _, [$0], $1;", "r,n,b"
    tilegpu.barrier_expect %bar, 32768, %p : !tilegpu.memdesc<[1], i64, #bar>

    // CHECK: %[[TID:.*]] = nvvm.read.ptx.sreg.tid.x : i32
    // CHECK-NEXT: %[[FIRST:.*]] = llvm.icmp "eq" %[[TID]], %{{.*}} : i32
    // CHECK-NEXT: %[[ISSUE:.*]] = llvm.and %[[FIRST]], %[[P]] : i1
    // CHECK-NEXT: nvvm.cp.async.bulk.tensor.shared.cluster.global %[[TILE]], %[[DESC]], %[[BAR]], box[%[[N]], %[[M]]] predicate = %[[ISSUE]] : !llvm.ptr<3>, !llvm.ptr
    // CHECK-NEXT: %[[C64:.*]] = llvm.mlir.constant(64 : i32) : i32
    // CHECK-NEXT: %[[N64:.*]] = llvm.add %[[N]], %[[C64]] : i32
    // CHECK-NEXT: %[[T1:.*]] = llvm.getelementptr %[[TILE]][8192] : (!llvm.ptr<3>) -> !llvm.ptr<3>, i8
    // CHECK-NEXT: nvvm.cp.async.bulk.tensor.shared.cluster.global %[[T1]], %[[DESC]], %[[BAR]], box[%[[N64]], %[[M]]] predicate = %[[ISSUE]]
    // CHECK-NEXT: %[[C128:.*]] = llvm.mlir.constant(128 : i32) : i32
    // CHECK-NEXT: %[[N128:.*]] = llvm.add %[[N]], %[[C128]] : i32
    // CHECK-NEXT: %[[T2:.*]] = llvm.getelementptr %[[TILE]][16384] : (!llvm.ptr<3>) -> !llvm.ptr<3>, i8
    // CHECK-NEXT: nvvm.cp.async.bulk.tensor.shared.cluster.global %[[T2]], %[[DESC]], %[[BAR]], box[%[[N128]], %[[M]]] predicate = %[[ISSUE]]
    // CHECK-NEXT: %[[C192:.*]] = llvm.mlir.constant(192 : i32) : i32
    // CHECK-NEXT: %[[N192:.*]] = llvm.add %[[N]], %[[C192]] : i32
    // CHECK-NEXT: %[[T3:.*]] = llvm.getelementptr %[[TILE]][24576] : (!llvm.ptr<3>) -> !llvm.ptr<3>, i8
    // CHECK-NEXT: nvvm.cp.async.bulk.tensor.shared.cluster.global %[[T3]], %[[DESC]], %[[BAR]], box[%[[N192]], %[[M]]] predicate = %[[ISSUE]]
    // CHECK-NOT: nvvm.cp.async.bulk.tensor.shared.cluster.global
    // PTX-COUNT-4: llvm.inline_asm has_side_effects asm_dialect = att "@$5 cp.async.bulk.tensor.2d.shared::cluster.global.mbarrier::complete_tx::bytes [$0], [$1, {$2,$3} ], [$4];", "r,l,r,r,r,b"
    // PTX-NOT: cp.async.bulk.tensor
    tilegpu.async_tma_copy_global_to_local %desc[%m, %n] %buf, %bar, %p : !tile.tensordesc<tensor<64x256xf16>>, !tilegpu.memdesc<[64, 256], f16, #sa>, !tilegpu.memdesc<[1], i64, #bar>

    // Every thread waits, unpredicated, spinning on try_wait.
    // CHECK: %[[TICKS:.*]] = llvm.mlir.constant(10000000 : i32) : i32
    // CHECK-NEXT: nvvm.mbarrier.try_wait.parity %[[BAR]], %[[PHASE]], %[[TICKS]] : !llvm.ptr<3>, i32, i32
    // PTX: llvm.inline_asm has_side_effects asm_dialect = att "{\0A\09.reg .pred       P1; \0A\09LAB_WAIT: \0A\09mbarrier.try_wait.parity.shared.b64 P1, [$0], $1, $2; \0A\09@P1 bra.uni DONE; \0A\09bra.uni     LAB_WAIT; \0A\09DONE: \0A\09}", "r,r,n"
    tilegpu.wait_barrier %bar, %phase : !tilegpu.memdesc<[1], i64, #bar>

    // Invalidation is thread 0's, through inline PTX (nvvm.mbarrier.inval
    // has no predicate).
    // CHECK: %[[TID:.*]] = nvvm.read.ptx.sreg.tid.x : i32
    // CHECK-NEXT: %[[FIRST:.*]] = llvm.icmp "eq" %[[TID]], %{{.*}} : i32
    // CHECK-NEXT: llvm.inline_asm has_side_effects asm_dialect = att "{\0A.reg .pred p;\0Asetp.ne.b32 p, $1, 0;\0A@p mbarrier.inval.shared::cta.b64 [$0];\0A}", "r,r" %[[BAR]], %[[FIRST]] : (!llvm.ptr<3>, i1) -> ()
    tilegpu.inval_barrier %bar : !tilegpu.memdesc<[1], i64, #bar>
    return
  }
}

// -----

// Boxes along both dimensions. 512 x 16 f16: rows of 32 bytes, the 32-byte
// swizzle, one atom wide; the box is cut to 256 rows, so two copies, rows
// m and m + 256 (the second coordinate), tile bytes 0 and 256 * 32 = 8192.
// 32 x 8 f16: rows of 16 bytes, no swizzle, one copy of the whole block.
#s32 = #tilegpu.shared<{swizzleBytes = 32, order = [1, 0]}>
#s0 = #tilegpu.shared<{swizzleBytes = 0, order = [1, 0]}>
#bar = #tilegpu.shared<{swizzleBytes = 0, order = [0]}>
module attributes {tilegpu.num_warps = 4 : i32, tilegpu.threads_per_warp = 32 : i32} {
  // CHECK-LABEL: llvm.func @boxes
  // CHECK-SAME: (%[[D:.*]]: !llvm.ptr {llvm.align = 64 : i64, llvm.byval = !llvm.array<128 x i8>, nvvm.grid_constant}, %[[E:.*]]: !llvm.ptr {llvm.align = 64 : i64, llvm.byval = !llvm.array<128 x i8>, nvvm.grid_constant}, %[[M:.*]]: i32, %[[N:.*]]: i32, %[[P:.*]]: i1)
  func.func @boxes(%d: !tile.tensordesc<tensor<512x16xf16>>, %e: !tile.tensordesc<tensor<32x8xf16>>, %m: i32, %n: i32, %p: i1) attributes {tile.kernel} {
    // CHECK: %[[TILE:.*]] = llvm.mlir.addressof @tilec_scratch_smem : !llvm.ptr<3>
    // CHECK: %[[TILE2:.*]] = llvm.getelementptr %{{.*}}[16384] : (!llvm.ptr<3>) -> !llvm.ptr<3>, i8
    // CHECK: %[[BAR:.*]] = llvm.getelementptr %{{.*}}[16896] : (!llvm.ptr<3>) -> !llvm.ptr<3>, i8
    %buf = tilegpu.local_alloc : () -> !tilegpu.memdesc<[512, 16], f16, #s32>
    %buf2 = tilegpu.local_alloc : () -> !tilegpu.memdesc<[32, 8], f16, #s0>
    %bar = tilegpu.local_alloc : () -> !tilegpu.memdesc<[1], i64, #bar>
    // CHECK: nvvm.cp.async.bulk.tensor.shared.cluster.global %[[TILE]], %[[D]], %[[BAR]], box[%[[N]], %[[M]]]
    // CHECK-NEXT: %[[C256:.*]] = llvm.mlir.constant(256 : i32) : i32
    // CHECK-NEXT: %[[M256:.*]] = llvm.add %[[M]], %[[C256]] : i32
    // CHECK-NEXT: %[[T1:.*]] = llvm.getelementptr %[[TILE]][8192] : (!llvm.ptr<3>) -> !llvm.ptr<3>, i8
    // CHECK-NEXT: nvvm.cp.async.bulk.tensor.shared.cluster.global %[[T1]], %[[D]], %[[BAR]], box[%[[N]], %[[M256]]]
    // CHECK-NOT: nvvm.cp.async.bulk.tensor.shared.cluster.global {{.*}}, %[[D]]
    tilegpu.async_tma_copy_global_to_local %d[%m, %n] %buf, %bar, %p : !tile.tensordesc<tensor<512x16xf16>>, !tilegpu.memdesc<[512, 16], f16, #s32>, !tilegpu.memdesc<[1], i64, #bar>
    // CHECK: nvvm.cp.async.bulk.tensor.shared.cluster.global %[[TILE2]], %[[E]], %[[BAR]], box[%[[N]], %[[M]]]
    // CHECK-NOT: nvvm.cp.async.bulk.tensor
    // CHECK: llvm.return
    tilegpu.async_tma_copy_global_to_local %e[%m, %n] %buf2, %bar, %p : !tile.tensordesc<tensor<32x8xf16>>, !tilegpu.memdesc<[32, 8], f16, #s0>, !tilegpu.memdesc<[1], i64, #bar>
    return
  }
}

// -----

// A store: the value is written to the swizzled tile between barriers,
// with a proxy fence before the second (generic-proxy writes read by the
// async proxy); thread 0 issues one bulk store per box (128 x 128 f16:
// two 128 x 64 boxes, columns n and n + 64, tile bytes 0 and 128 * 128 =
// 16384) and every thread commits its group (empty but for thread 0's) and
// waits until at most `pendings` groups still read shared memory.
#mma = #tilegpu.mma<{version = 3, instrN = 128, warpsPerCTA = [4, 1]}>
#sa = #tilegpu.shared<{swizzleBytes = 128, order = [1, 0]}>
module attributes {tilegpu.num_warps = 4 : i32, tilegpu.threads_per_warp = 32 : i32} {
  // CHECK-LABEL: llvm.func @store
  // CHECK-SAME: (%[[DESC:.*]]: !llvm.ptr {llvm.align = 64 : i64, llvm.byval = !llvm.array<128 x i8>, nvvm.grid_constant}, %{{.*}}: !llvm.struct<{{.*}}>, %[[M:.*]]: i32, %[[N:.*]]: i32)
  // PTX-LABEL: llvm.func @store
  func.func @store(%desc: !tile.tensordesc<tensor<128x128xf16>>, %v: tensor<128x128xf16, #mma>, %m: i32, %n: i32) attributes {tile.kernel} {
    // CHECK: %[[TILE:.*]] = llvm.mlir.addressof @tilec_scratch_smem : !llvm.ptr<3>
    // CHECK: nvvm.barrier0
    // CHECK: llvm.store
    // CHECK: nvvm.fence.proxy {kind = #nvvm.proxy_kind<async.shared>, space = #nvvm.shared_space<cta>}
    // CHECK-NEXT: nvvm.barrier0
    %buf = tilegpu.local_alloc %v : (tensor<128x128xf16, #mma>) -> !tilegpu.memdesc<[128, 128], f16, #sa>
    // CHECK: %[[TID:.*]] = nvvm.read.ptx.sreg.tid.x : i32
    // CHECK-NEXT: %[[FIRST:.*]] = llvm.icmp "eq" %[[TID]], %{{.*}} : i32
    // CHECK-NEXT: nvvm.cp.async.bulk.tensor.global.shared.cta %[[DESC]], %[[TILE]], box[%[[N]], %[[M]]], predicate = %[[FIRST]] : !llvm.ptr, <3>
    // CHECK-NEXT: %[[C64:.*]] = llvm.mlir.constant(64 : i32) : i32
    // CHECK-NEXT: %[[N64:.*]] = llvm.add %[[N]], %[[C64]] : i32
    // CHECK-NEXT: %[[T1:.*]] = llvm.getelementptr %[[TILE]][16384] : (!llvm.ptr<3>) -> !llvm.ptr<3>, i8
    // CHECK-NEXT: nvvm.cp.async.bulk.tensor.global.shared.cta %[[DESC]], %[[T1]], box[%[[N64]], %[[M]]], predicate = %[[FIRST]] : !llvm.ptr, <3>
    // CHECK-NEXT: nvvm.cp.async.bulk.commit.group
    // PTX-COUNT-2: llvm.inline_asm has_side_effects asm_dialect = att "@$4 cp.async.bulk.tensor.2d.global.shared::cta.bulk_group [$0, {$2, $3} ], [$1];", "l,r,r,r,b"
    // PTX-NEXT: nvvm.cp.async.bulk.commit.group
    tilegpu.async_tma_copy_local_to_global %desc[%m, %n] %buf : !tile.tensordesc<tensor<128x128xf16>>, !tilegpu.memdesc<[128, 128], f16, #sa>
    // CHECK-NEXT: nvvm.cp.async.bulk.wait_group 0 {read}
    // PTX-NEXT: nvvm.cp.async.bulk.wait_group 0 {read}
    tilegpu.async_tma_store_wait {pendings = 0 : i32}
    // CHECK-NEXT: nvvm.cp.async.bulk.wait_group 1 {read}
    tilegpu.async_tma_store_wait {pendings = 1 : i32}
    return
  }
}
