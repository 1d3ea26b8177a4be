// RUN: tilec-opt %s -split-input-file -convert-tilegpu-to-llvm | FileCheck %s

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
