// RUN: tilec-opt %s -split-input-file -convert-tilegpu-to-llvm | FileCheck %s

#blocked = #tilegpu.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {tilegpu.num_warps = 4 : i32, tilegpu.threads_per_warp = 32 : i32} {
  // CHECK-LABEL: llvm.func @masked
  func.func @masked(%p: !tile.ptr<f32>, %n: i32) attributes {tile.kernel} {
    %r = tile.make_range 0 to 128 : tensor<128xi32, #blocked>
    %ns = tile.splat %n : i32 -> tensor<128xi32, #blocked>
    %m = arith.cmpi slt, %r, %ns : tensor<128xi32, #blocked>
    %ps = tile.splat %p : !tile.ptr<f32> -> tensor<128x!tile.ptr<f32>, #blocked>
    // CHECK: llvm.getelementptr %{{.*}}[%{{.*}}] : (!llvm.ptr<1>, i32) -> !llvm.ptr<1>, f32
    %q = tile.addptr %ps, %r : tensor<128x!tile.ptr<f32>, #blocked>, tensor<128xi32, #blocked>
    %o = arith.constant dense<1.0> : tensor<128xf32, #blocked>
    // f32 travels as f32 (`.f32`, constraint `f`), so PTX reads as what it is.
    // CHECK: llvm.inline_asm has_side_effects asm_dialect = att "@$1 ld.global.f32 $0, [ $2 + 0 ];", "=f,b,l"
    // CHECK: llvm.select
    %v = tile.load %q, %m, %o : tensor<128x!tile.ptr<f32>, #blocked>
    // CHECK: llvm.inline_asm has_side_effects asm_dialect = att "@$0 st.global.f32 [ $1 + 0 ], $2;", "b,l,f"
    tile.store %q, %v, %m : tensor<128x!tile.ptr<f32>, #blocked>
    return
  }
}

// -----

#blocked4 = #tilegpu.blocked<{sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {tilegpu.num_warps = 4 : i32, tilegpu.threads_per_warp = 32 : i32} {
  // CHECK-LABEL: llvm.func @vectorized
  func.func @vectorized(%p: !tile.ptr<f16>) attributes {tile.kernel} {
    %r = tile.make_range 0 to 512 : tensor<512xi32, #blocked4>
    %m = arith.constant dense<true> : tensor<512xi1, #blocked4>
    %ps = tile.splat %p : !tile.ptr<f16> -> tensor<512x!tile.ptr<f16>, #blocked4>
    %q = tile.addptr %ps, %r : tensor<512x!tile.ptr<f16>, #blocked4>, tensor<512xi32, #blocked4>
    // CHECK: llvm.load %{{.*}} {alignment = 8 : i64} : !llvm.ptr<1> -> vector<4xf16>
    %v = tile.load %q {tilegpu.vec = 4 : i32} : tensor<512x!tile.ptr<f16>, #blocked4>
    // CHECK: "@$0 st.global.v2.b32 [ $1 + 0 ], { $2, $3 };", "b,l,r,r"
    tile.store %q, %v, %m {tilegpu.vec = 4 : i32} : tensor<512x!tile.ptr<f16>, #blocked4>
    return
  }
}

// -----

// A masked 16-byte f32 access: four f32 registers under one predicate.
#blocked4 = #tilegpu.blocked<{sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {tilegpu.num_warps = 4 : i32, tilegpu.threads_per_warp = 32 : i32} {
  // CHECK-LABEL: llvm.func @masked_v4_f32
  func.func @masked_v4_f32(%p: !tile.ptr<f32>, %n: i32) attributes {tile.kernel} {
    %r = tile.make_range 0 to 512 : tensor<512xi32, #blocked4>
    %ns = tile.splat %n : i32 -> tensor<512xi32, #blocked4>
    %m = arith.cmpi slt, %r, %ns : tensor<512xi32, #blocked4>
    %ps = tile.splat %p : !tile.ptr<f32> -> tensor<512x!tile.ptr<f32>, #blocked4>
    %q = tile.addptr %ps, %r : tensor<512x!tile.ptr<f32>, #blocked4>, tensor<512xi32, #blocked4>
    // CHECK: "@$4 ld.global.v4.f32 { $0, $1, $2, $3 }, [ $5 + 0 ];", "=f,=f,=f,=f,b,l"
    %v = tile.load %q, %m {tilegpu.vec = 4 : i32} : tensor<512x!tile.ptr<f32>, #blocked4>
    // CHECK: "@$0 st.global.v4.f32 [ $1 + 0 ], { $2, $3, $4, $5 };", "b,l,f,f,f,f"
    tile.store %q, %v, %m {tilegpu.vec = 4 : i32} : tensor<512x!tile.ptr<f32>, #blocked4>
    return
  }
}

// -----

// One copy of each element is stored: a scalar by thread 0 only, a tile that
// the layout gives to two warps (64 elements over 4 warps of 32 lanes) only
// by threads whose duplicated warp bit is 0.
#dup = #tilegpu.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {tilegpu.num_warps = 4 : i32, tilegpu.threads_per_warp = 32 : i32} {
  // CHECK-LABEL: llvm.func @owners
  func.func @owners(%p: !tile.ptr<f32>, %v: f32) attributes {tile.kernel} {
    // CHECK: %[[TID:.*]] = nvvm.read.ptx.sreg.tid.x
    // CHECK: %[[ZERO:.*]] = llvm.icmp "eq" %[[TID]], %{{.*}} : i32
    // CHECK: "@$0 st.global.f32 [ $1 + 0 ], $2;", "b,l,f" %[[ZERO]]
    tile.store %p, %v : !tile.ptr<f32>
    %r = tile.make_range 0 to 64 : tensor<64xi32, #dup>
    %ps = tile.splat %p : !tile.ptr<f32> -> tensor<64x!tile.ptr<f32>, #dup>
    %q = tile.addptr %ps, %r : tensor<64x!tile.ptr<f32>, #dup>, tensor<64xi32, #dup>
    %vs = tile.splat %v : f32 -> tensor<64xf32, #dup>
    // Warp bit 1 (thread id bit 6) duplicates: (tid & 64) == 0.
    // CHECK: %[[C64:.*]] = llvm.mlir.constant(64 : i32) : i32
    // CHECK: %[[BITS:.*]] = llvm.and %{{.*}}, %[[C64]] : i32
    // CHECK: %[[OWN:.*]] = llvm.icmp "eq" %[[BITS]], %{{.*}} : i32
    // CHECK: "@$0 st.global.f32 [ $1 + 0 ], $2;", "b,l,f" %[[OWN]]
    tile.store %q, %vs : tensor<64x!tile.ptr<f32>, #dup>
    return
  }
}
