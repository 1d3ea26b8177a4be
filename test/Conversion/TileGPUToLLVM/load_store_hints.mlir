// RUN: tilec-opt %s -split-input-file -convert-tilegpu-to-llvm | FileCheck %s

// Cache modifiers, eviction policies and volatile reach the PTX with the
// qualifiers Triton 3.6 emits on NVIDIA, masked or not, at every vector
// width: a hinted access is inline PTX even without a mask.

#blocked = #tilegpu.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {tilegpu.num_warps = 4 : i32, tilegpu.threads_per_warp = 32 : i32} {
  // CHECK-LABEL: llvm.func @masked_scalar_width
  func.func @masked_scalar_width(%p: !tile.ptr<f32>, %n: i32) attributes {tile.kernel} {
    %r = tile.make_range 0 to 128 : tensor<128xi32, #blocked>
    %ns = tile.splat %n : i32 -> tensor<128xi32, #blocked>
    %m = arith.cmpi slt, %r, %ns : tensor<128xi32, #blocked>
    %ps = tile.splat %p : !tile.ptr<f32> -> tensor<128x!tile.ptr<f32>, #blocked>
    %q = tile.addptr %ps, %r : tensor<128x!tile.ptr<f32>, #blocked>, tensor<128xi32, #blocked>
    // CHECK: "@$1 ld.global.ca.f32 $0, [ $2 + 0 ];", "=f,b,l"
    %a = tile.load %q, %m cache = ca : tensor<128x!tile.ptr<f32>, #blocked>
    // CHECK: "@$1 ld.global.cg.f32 $0, [ $2 + 0 ];", "=f,b,l"
    %b = tile.load %q, %m cache = cg : tensor<128x!tile.ptr<f32>, #blocked>
    // .cv emits no qualifier, as in Triton.
    // CHECK: "@$1 ld.global.f32 $0, [ $2 + 0 ];", "=f,b,l"
    %c = tile.load %q, %m cache = cv : tensor<128x!tile.ptr<f32>, #blocked>
    // CHECK: "@$1 ld.volatile.global.f32 $0, [ $2 + 0 ];", "=f,b,l"
    %d = tile.load %q, %m volatile : tensor<128x!tile.ptr<f32>, #blocked>
    // CHECK: "@$0 st.global.wb.f32 [ $1 + 0 ], $2;", "b,l,f"
    tile.store %q, %a, %m cache = wb : tensor<128x!tile.ptr<f32>, #blocked>
    // CHECK: "@$0 st.global.cg.f32 [ $1 + 0 ], $2;", "b,l,f"
    tile.store %q, %b, %m cache = cg : tensor<128x!tile.ptr<f32>, #blocked>
    // CHECK: "@$0 st.global.cs.f32 [ $1 + 0 ], $2;", "b,l,f"
    tile.store %q, %c, %m cache = cs : tensor<128x!tile.ptr<f32>, #blocked>
    // CHECK: "@$0 st.global.wt.f32 [ $1 + 0 ], $2;", "b,l,f"
    tile.store %q, %d, %m cache = wt : tensor<128x!tile.ptr<f32>, #blocked>
    return
  }
}

// -----

#blocked4 = #tilegpu.blocked<{sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {tilegpu.num_warps = 4 : i32, tilegpu.threads_per_warp = 32 : i32} {
  // CHECK-LABEL: llvm.func @unmasked_vector
  func.func @unmasked_vector(%p: !tile.ptr<f32>) attributes {tile.kernel} {
    %r = tile.make_range 0 to 512 : tensor<512xi32, #blocked4>
    %ps = tile.splat %p : !tile.ptr<f32> -> tensor<512x!tile.ptr<f32>, #blocked4>
    %q = tile.addptr %ps, %r : tensor<512x!tile.ptr<f32>, #blocked4>, tensor<512xi32, #blocked4>
    // Without a mask, a hinted load is still inline PTX, unpredicated.
    // CHECK: "ld.global.cg.v4.f32 { $0, $1, $2, $3 }, [ $4 + 0 ];", "=f,=f,=f,=f,l"
    %a = tile.load %q cache = cg {tilegpu.vec = 4 : i32} : tensor<512x!tile.ptr<f32>, #blocked4>
    // An unmasked volatile load needs no assembly: llvm.load volatile.
    // CHECK: llvm.load volatile %{{.*}} {alignment = 16 : i64} : !llvm.ptr<1> -> vector<4xf32>
    %v = tile.load %q volatile {tilegpu.vec = 4 : i32} : tensor<512x!tile.ptr<f32>, #blocked4>
    // CHECK: "st.global.cs.v4.f32 [ $0 + 0 ], { $1, $2, $3, $4 };", "l,f,f,f,f"
    tile.store %q, %a cache = cs {tilegpu.vec = 4 : i32} : tensor<512x!tile.ptr<f32>, #blocked4>
    // CHECK: "st.global.wt.v4.f32 [ $0 + 0 ], { $1, $2, $3, $4 };", "l,f,f,f,f"
    tile.store %q, %v cache = wt {tilegpu.vec = 4 : i32} : tensor<512x!tile.ptr<f32>, #blocked4>
    return
  }
}

// -----

#blocked4 = #tilegpu.blocked<{sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {tilegpu.num_warps = 4 : i32, tilegpu.threads_per_warp = 32 : i32} {
  // CHECK-LABEL: llvm.func @eviction
  func.func @eviction(%p: !tile.ptr<f16>, %n: i32) attributes {tile.kernel} {
    %r = tile.make_range 0 to 512 : tensor<512xi32, #blocked4>
    %ns = tile.splat %n : i32 -> tensor<512xi32, #blocked4>
    %m = arith.cmpi slt, %r, %ns : tensor<512xi32, #blocked4>
    %ps = tile.splat %p : !tile.ptr<f16> -> tensor<512x!tile.ptr<f16>, #blocked4>
    %q = tile.addptr %ps, %r : tensor<512x!tile.ptr<f16>, #blocked4>, tensor<512xi32, #blocked4>
    // An eviction policy is an L1 priority plus an L2 hint whose policy
    // register createpolicy makes (pure, so LLVM merges the copies).
    // CHECK: %[[POL:.*]] = llvm.inline_asm asm_dialect = att "createpolicy.fractional.L2::evict_last.b64 $0, 1.0;", "=l"
    // CHECK: llvm.inline_asm has_side_effects asm_dialect = att "@$2 ld.global.L1::evict_last.L2::cache_hint.v2.b32 { $0, $1 }, [ $3 + 0 ], $4;", "=r,=r,b,l,l" %{{.*}}, %{{.*}}, %[[POL]]
    %a = tile.load %q, %m evict = evict_last {tilegpu.vec = 4 : i32} : tensor<512x!tile.ptr<f16>, #blocked4>
    // CHECK: %[[POL2:.*]] = llvm.inline_asm asm_dialect = att "createpolicy.fractional.L2::evict_first.b64 $0, 1.0;", "=l"
    // CHECK: llvm.inline_asm has_side_effects asm_dialect = att "st.global.L1::evict_first.L2::cache_hint.v2.b32 [ $0 + 0 ], { $1, $2 }, $3;", "l,r,r,l" %{{.*}}, %{{.*}}, %{{.*}}, %[[POL2]]
    tile.store %q, %a evict = evict_first {tilegpu.vec = 4 : i32} : tensor<512x!tile.ptr<f16>, #blocked4>
    return
  }
}
