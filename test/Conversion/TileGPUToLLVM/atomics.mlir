// RUN: tilec-opt %s -split-input-file -tilegpu-allocate-shared-memory -convert-tilegpu-to-llvm | FileCheck %s

// One element per thread: each thread issues its own atomic, predicated on
// the mask; the result register starts at 0 (what a masked-off lane reads).
#blocked = #tilegpu.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {tilegpu.num_warps = 4 : i32, tilegpu.threads_per_warp = 32 : i32} {
  // CHECK-LABEL: llvm.func @rmw_masked
  // CHECK-NOT: nvvm.barrier
  // CHECK: llvm.inline_asm has_side_effects asm_dialect = att "mov.u32 $0, 0x0;\0A@$3 atom.global.gpu.acq_rel.add.f32 $0, [ $1 + 0 ], $2;", "=r,l,r,b"
  // CHECK-NOT: nvvm.barrier
  // CHECK: llvm.store
  func.func @rmw_masked(%p: !tile.ptr<f32>, %q: !tile.ptr<f32>, %n: i32) attributes {tile.kernel} {
    %r = tile.make_range 0 to 128 : tensor<128xi32, #blocked>
    %ns = tile.splat %n : i32 -> tensor<128xi32, #blocked>
    %m = arith.cmpi slt, %r, %ns : tensor<128xi32, #blocked>
    %ps = tile.splat %p : !tile.ptr<f32> -> tensor<128x!tile.ptr<f32>, #blocked>
    %a = tile.addptr %ps, %r : tensor<128x!tile.ptr<f32>, #blocked>, tensor<128xi32, #blocked>
    %v = arith.constant dense<1.0> : tensor<128xf32, #blocked>
    %old = tile.atomic_rmw fadd, acq_rel, gpu, %a, %v, %m : tensor<128x!tile.ptr<f32>, #blocked>
    %qs = tile.splat %q : !tile.ptr<f32> -> tensor<128x!tile.ptr<f32>, #blocked>
    %b = tile.addptr %qs, %r : tensor<128x!tile.ptr<f32>, #blocked>, tensor<128xi32, #blocked>
    tile.store %b, %old : tensor<128x!tile.ptr<f32>, #blocked>
    return
  }
}

// -----

// 64 elements over 128 threads: warps 2 and 3 hold copies of what warps 0
// and 1 hold. Only threads with warp bit 1 clear issue the atomics
// (tid & 64 == 0), or each element would be added twice; the old values go
// through shared memory to the copies, the other threads' stores going to
// the spare slot 64.
#blocked = #tilegpu.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {tilegpu.num_warps = 4 : i32, tilegpu.threads_per_warp = 32 : i32} {
  // CHECK-LABEL: llvm.func @rmw_replicated
  // CHECK: %[[C64:.*]] = llvm.mlir.constant(64 : i32) : i32
  // CHECK: %[[TID:.*]] = nvvm.read.ptx.sreg.tid.x
  // CHECK: %[[BIT:.*]] = llvm.and %[[TID]], %[[C64]]
  // CHECK: %[[OWNER:.*]] = llvm.icmp "eq" %[[BIT]]
  // CHECK: llvm.inline_asm has_side_effects {{.*}}"mov.u32 $0, 0x0;\0A@$3 atom.global.gpu.relaxed.max.s32 $0, [ $1 + 0 ], $2;", "=r,l,r,b" %{{.*}}, %{{.*}}, %[[OWNER]]
  // CHECK: nvvm.barrier0
  // CHECK: %[[SLOT:.*]] = llvm.select %[[OWNER]], %{{.*}}, %{{.*}} : i1, i32
  // CHECK: %[[ADDR:.*]] = llvm.getelementptr %{{.*}}[%[[SLOT]]] : (!llvm.ptr<3>, i32) -> !llvm.ptr<3>, i32
  // CHECK: llvm.store %{{.*}}, %[[ADDR]]
  // CHECK: nvvm.barrier0
  // CHECK: llvm.load %{{.*}} : !llvm.ptr<3> -> i32
  func.func @rmw_replicated(%p: !tile.ptr<i32>) attributes {tile.kernel} {
    %r = tile.make_range 0 to 64 : tensor<64xi32, #blocked>
    %ps = tile.splat %p : !tile.ptr<i32> -> tensor<64x!tile.ptr<i32>, #blocked>
    %a = tile.addptr %ps, %r : tensor<64x!tile.ptr<i32>, #blocked>, tensor<64xi32, #blocked>
    %old = tile.atomic_rmw max, relaxed, gpu, %a, %r : tensor<64x!tile.ptr<i32>, #blocked>
    tile.store %a, %old : tensor<64x!tile.ptr<i32>, #blocked>
    return
  }
}

// -----

// Unused results need no shared memory: the owner predicate alone.
#blocked = #tilegpu.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {tilegpu.num_warps = 4 : i32, tilegpu.threads_per_warp = 32 : i32} {
  // CHECK-LABEL: llvm.func @rmw_unused
  // CHECK: atom.global.cta.release.exch.b64
  // CHECK: atom.global.sys.acquire.min.u64
  // CHECK: atom.global.gpu.acq_rel.and.b32
  // CHECK-NOT: nvvm.barrier0
  // CHECK: llvm.return
  func.func @rmw_unused(%p: !tile.ptr<i64>, %q: !tile.ptr<i32>) attributes {tile.kernel} {
    %r = tile.make_range 0 to 64 : tensor<64xi32, #blocked>
    %r64 = arith.extsi %r : tensor<64xi32, #blocked> to tensor<64xi64, #blocked>
    %ps = tile.splat %p : !tile.ptr<i64> -> tensor<64x!tile.ptr<i64>, #blocked>
    %a = tile.addptr %ps, %r : tensor<64x!tile.ptr<i64>, #blocked>, tensor<64xi32, #blocked>
    %0 = tile.atomic_rmw xchg, release, cta, %a, %r64 : tensor<64x!tile.ptr<i64>, #blocked>
    %1 = tile.atomic_rmw umin, acquire, sys, %a, %r64 : tensor<64x!tile.ptr<i64>, #blocked>
    %c = arith.constant 1 : i32
    %2 = tile.atomic_rmw and, acq_rel, gpu, %q, %c : !tile.ptr<i32>
    return
  }
}

// -----

// A scalar atomic: thread 0 issues it, and when the old value is used it
// reaches every thread through shared memory.
module attributes {tilegpu.num_warps = 4 : i32, tilegpu.threads_per_warp = 32 : i32} {
  // CHECK-LABEL: llvm.func @cas_scalar
  // CHECK: %[[TID:.*]] = nvvm.read.ptx.sreg.tid.x
  // CHECK: %[[OWNER:.*]] = llvm.icmp "eq" %[[TID]]
  // CHECK: "mov.u32 $0, 0x0;\0A@$4 atom.global.acq_rel.gpu.cas.b32 $0, [ $1 + 0 ], $2, $3;", "=r,l,r,r,b" %{{.*}}, %{{.*}}, %{{.*}}, %[[OWNER]]
  // CHECK: nvvm.barrier0
  // CHECK: llvm.store
  // CHECK: nvvm.barrier0
  // CHECK: %[[OLD:.*]] = llvm.load %{{.*}} : !llvm.ptr<3> -> i32
  // CHECK: llvm.icmp "eq" %[[OLD]]
  func.func @cas_scalar(%lock: !tile.ptr<i32>) -> () attributes {tile.kernel} {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %old = tile.atomic_cas acq_rel, gpu, %lock, %c0, %c1 : !tile.ptr<i32>
    %busy = arith.cmpi eq, %old, %c1 : i32
    scf.if %busy {
      tile.store %lock, %c0 : !tile.ptr<i32>
    }
    return
  }
}

// -----

// f16 and bf16 adds keep denormals (`.noftz`); f64 adds and 16-bit
// compare-and-swap have their own forms (sm_80's bf16 adds:
// atomics_bf16_add.mlir).
#blocked = #tilegpu.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {tilegpu.num_warps = 4 : i32, tilegpu.threads_per_warp = 32 : i32} {
  // CHECK-LABEL: llvm.func @float_forms
  // CHECK: "mov.u16 $0, 0x0;\0Aatom.global.gpu.acq_rel.add.noftz.f16 $0, [ $1 + 0 ], $2;", "=h,l,h"
  // CHECK: "mov.u64 $0, 0x0;\0Aatom.global.gpu.acq_rel.add.f64 $0, [ $1 + 0 ], $2;", "=l,l,l"
  // CHECK: "mov.u16 $0, 0x0;\0Aatom.global.relaxed.cta.cas.b16 $0, [ $1 + 0 ], $2, $3;", "=h,l,h,h"
  // CHECK: "mov.u16 $0, 0x0;\0A@$3 atom.global.gpu.acq_rel.add.noftz.bf16 $0, [ $1 + 0 ], $2;", "=h,l,h,b"
  func.func @float_forms(%h: !tile.ptr<f16>, %d: !tile.ptr<f64>, %s: !tile.ptr<i16>, %b: !tile.ptr<bf16>, %m: i1) attributes {tile.kernel} {
    %r = tile.make_range 0 to 128 : tensor<128xi32, #blocked>
    %hs = tile.splat %h : !tile.ptr<f16> -> tensor<128x!tile.ptr<f16>, #blocked>
    %ha = tile.addptr %hs, %r : tensor<128x!tile.ptr<f16>, #blocked>, tensor<128xi32, #blocked>
    %hv = arith.constant dense<1.0> : tensor<128xf16, #blocked>
    %0 = tile.atomic_rmw fadd, acq_rel, gpu, %ha, %hv : tensor<128x!tile.ptr<f16>, #blocked>
    %ds = tile.splat %d : !tile.ptr<f64> -> tensor<128x!tile.ptr<f64>, #blocked>
    %da = tile.addptr %ds, %r : tensor<128x!tile.ptr<f64>, #blocked>, tensor<128xi32, #blocked>
    %dv = arith.constant dense<1.0> : tensor<128xf64, #blocked>
    %1 = tile.atomic_rmw fadd, acq_rel, gpu, %da, %dv : tensor<128x!tile.ptr<f64>, #blocked>
    %ss = tile.splat %s : !tile.ptr<i16> -> tensor<128x!tile.ptr<i16>, #blocked>
    %sa = tile.addptr %ss, %r : tensor<128x!tile.ptr<i16>, #blocked>, tensor<128xi32, #blocked>
    %sc = arith.constant dense<0> : tensor<128xi16, #blocked>
    %sv = arith.constant dense<1> : tensor<128xi16, #blocked>
    %2 = tile.atomic_cas relaxed, cta, %sa, %sc, %sv : tensor<128x!tile.ptr<i16>, #blocked>
    %bs = tile.splat %b : !tile.ptr<bf16> -> tensor<128x!tile.ptr<bf16>, #blocked>
    %ba = tile.addptr %bs, %r : tensor<128x!tile.ptr<bf16>, #blocked>, tensor<128xi32, #blocked>
    %bv = arith.constant dense<1.0> : tensor<128xbf16, #blocked>
    %ms = tile.splat %m : i1 -> tensor<128xi1, #blocked>
    %3 = tile.atomic_rmw fadd, acq_rel, gpu, %ba, %bv, %ms : tensor<128x!tile.ptr<bf16>, #blocked>
    return
  }
}

// -----

// Two registers of a thread hold the same element (sizePerThread 2 over a
// dimension of size 1 after broadcasting): the second reuses the first's
// atomic instead of issuing another.
#blocked2 = #tilegpu.blocked<{sizePerThread = [1, 2], threadsPerWarp = [32, 1], warpsPerCTA = [4, 1], order = [1, 0]}>
module attributes {tilegpu.num_warps = 4 : i32, tilegpu.threads_per_warp = 32 : i32} {
  // CHECK-LABEL: llvm.func @rmw_register_copies
  // CHECK-COUNT-1: atom.global.gpu.acq_rel.add.u32
  // CHECK-NOT: atom.global
  // CHECK: llvm.return
  func.func @rmw_register_copies(%p: !tile.ptr<i32>) attributes {tile.kernel} {
    %r = tile.make_range 0 to 128 : tensor<128xi32, #tilegpu.slice<{dim = 1, parent = #blocked2}>>
    %e = tile.expand_dims %r {axis = 1 : i32} : tensor<128xi32, #tilegpu.slice<{dim = 1, parent = #blocked2}>> -> tensor<128x1xi32, #blocked2>
    %ps = tile.splat %p : !tile.ptr<i32> -> tensor<128x1x!tile.ptr<i32>, #blocked2>
    %a = tile.addptr %ps, %e : tensor<128x1x!tile.ptr<i32>, #blocked2>, tensor<128x1xi32, #blocked2>
    %v = arith.constant dense<1> : tensor<128x1xi32, #blocked2>
    %0 = tile.atomic_rmw add, acq_rel, gpu, %a, %v : tensor<128x1x!tile.ptr<i32>, #blocked2>
    return
  }
}
