// RUN: tilec-opt %s -split-input-file -convert-tilegpu-to-llvm | FileCheck %s

// Element-wise (tilegpu.vec = 1) masked loads, which unaligned fp16 matmul
// operands issue by the dozen per thread: what keeps their predicates from
// all being live at once.

// Element-wise loads (tilegpu.vec = 1) under a mask `a & b`: each element's
// predicate is anded right before its load, so that the code generator does
// not keep every element's predicate live from the mask to the loads (a
// matmul's unaligned operand tiles have dozens per thread).
#blocked = #tilegpu.blocked<{sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {tilegpu.num_warps = 4 : i32, tilegpu.threads_per_warp = 32 : i32} {
  // CHECK-LABEL: llvm.func @and_mask
  func.func @and_mask(%p: !tile.ptr<f16>, %n: i32, %k: i32) attributes {tile.kernel} {
    %r = tile.make_range 0 to 512 : tensor<512xi32, #blocked>
    %ns = tile.splat %n : i32 -> tensor<512xi32, #blocked>
    %ks = tile.splat %k : i32 -> tensor<512xi32, #blocked>
    %m1 = arith.cmpi slt, %r, %ns : tensor<512xi32, #blocked>
    %m2 = arith.cmpi sgt, %r, %ks : tensor<512xi32, #blocked>
    %m = arith.andi %m1, %m2 : tensor<512xi1, #blocked>
    %ps = tile.splat %p : !tile.ptr<f16> -> tensor<512x!tile.ptr<f16>, #blocked>
    %q = tile.addptr %ps, %r : tensor<512x!tile.ptr<f16>, #blocked>, tensor<512xi32, #blocked>
    // CHECK-COUNT-4: llvm.icmp "slt"
    // The tensor-level and is still lowered where it stands (LLVM drops it
    // when the load was its only user).
    // CHECK-COUNT-4: llvm.and {{.*}} : i1
    // CHECK: %[[M0:.*]] = llvm.and
    // CHECK-NEXT: llvm.inline_asm {{.*}}"@$1 ld.global.b16 $0, [ $2 + 0 ];", "=h,b,l" %[[M0]]
    // CHECK: %[[M1:.*]] = llvm.and
    // CHECK-NEXT: llvm.inline_asm {{.*}}"@$1 ld.global.b16 $0, [ $2 + 0 ];", "=h,b,l" %[[M1]]
    // CHECK: %[[M2:.*]] = llvm.and
    // CHECK-NEXT: llvm.inline_asm {{.*}}"@$1 ld.global.b16 $0, [ $2 + 0 ];", "=h,b,l" %[[M2]]
    // CHECK: %[[M3:.*]] = llvm.and
    // CHECK-NEXT: llvm.inline_asm {{.*}}"@$1 ld.global.b16 $0, [ $2 + 0 ];", "=h,b,l" %[[M3]]
    %v = tile.load %q, %m {tilegpu.vec = 1 : i32} : tensor<512x!tile.ptr<f16>, #blocked>
    tile.store %q, %v {tilegpu.vec = 1 : i32} : tensor<512x!tile.ptr<f16>, #blocked>
    return
  }
}

// -----

// An element-wise masked load whose `other` is zero: the asm zeroes the
// result and the predicated load overwrites it; no select after the load
// keeps the predicate live until the value arrives.
#blocked = #tilegpu.blocked<{sizePerThread = [2], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {tilegpu.num_warps = 4 : i32, tilegpu.threads_per_warp = 32 : i32} {
  // CHECK-LABEL: llvm.func @zero_other
  func.func @zero_other(%p: !tile.ptr<f16>, %n: i32) attributes {tile.kernel} {
    %r = tile.make_range 0 to 256 : tensor<256xi32, #blocked>
    %ns = tile.splat %n : i32 -> tensor<256xi32, #blocked>
    %m = arith.cmpi slt, %r, %ns : tensor<256xi32, #blocked>
    %z = arith.constant dense<0.0> : tensor<256xf16, #blocked>
    %ps = tile.splat %p : !tile.ptr<f16> -> tensor<256x!tile.ptr<f16>, #blocked>
    %q = tile.addptr %ps, %r : tensor<256x!tile.ptr<f16>, #blocked>, tensor<256xi32, #blocked>
    // CHECK-COUNT-2: llvm.inline_asm {{.*}}"mov.b16 $0, 0;\0A\09@$1 ld.global.b16 $0, [ $2 + 0 ];", "=&h,b,l"
    // CHECK-NOT: llvm.select
    %v = tile.load %q, %m, %z {tilegpu.vec = 1 : i32} : tensor<256x!tile.ptr<f16>, #blocked>
    tile.store %q, %v {tilegpu.vec = 1 : i32} : tensor<256x!tile.ptr<f16>, #blocked>
    return
  }
}

// -----

// A nonzero `other` keeps the select.
#blocked = #tilegpu.blocked<{sizePerThread = [2], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {tilegpu.num_warps = 4 : i32, tilegpu.threads_per_warp = 32 : i32} {
  // CHECK-LABEL: llvm.func @nonzero_other
  func.func @nonzero_other(%p: !tile.ptr<f16>, %n: i32) attributes {tile.kernel} {
    %r = tile.make_range 0 to 256 : tensor<256xi32, #blocked>
    %ns = tile.splat %n : i32 -> tensor<256xi32, #blocked>
    %m = arith.cmpi slt, %r, %ns : tensor<256xi32, #blocked>
    %o = arith.constant dense<1.0> : tensor<256xf16, #blocked>
    %ps = tile.splat %p : !tile.ptr<f16> -> tensor<256x!tile.ptr<f16>, #blocked>
    %q = tile.addptr %ps, %r : tensor<256x!tile.ptr<f16>, #blocked>, tensor<256xi32, #blocked>
    // CHECK: llvm.inline_asm {{.*}}"@$1 ld.global.b16 $0, [ $2 + 0 ];", "=h,b,l"
    // CHECK: llvm.select
    %v = tile.load %q, %m, %o {tilegpu.vec = 1 : i32} : tensor<256x!tile.ptr<f16>, #blocked>
    tile.store %q, %v {tilegpu.vec = 1 : i32} : tensor<256x!tile.ptr<f16>, #blocked>
    return
  }
}
