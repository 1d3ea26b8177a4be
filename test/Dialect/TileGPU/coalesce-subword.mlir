// RUN: tilec-opt %s -split-input-file -tilegpu-coalesce | FileCheck %s

// Loads of dot operands narrower than a 32-bit word (2-byte fp16 with no
// alignment proven: a runtime row stride) stay one element wide, but each
// thread gets a 16-byte run along the contiguous dimension (8 fp16), so
// one address serves the run: sizePerThread [1, 8], tilegpu.vec = 1. A
// store of the same tile (no dot) keeps one element per lane.
#blocked = #tilegpu.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [4, 2], order = [1, 0]}>
// CHECK-DAG: #[[R8:.*]] = #tilegpu.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [8, 1], order = [1, 0]}>
module attributes {tilegpu.num_warps = 8 : i32, tilegpu.threads_per_warp = 32 : i32} {
  // CHECK-LABEL: func.func @fp16_rows
  func.func @fp16_rows(%p: !tile.ptr<f16> {tile.divisibility = 16 : i32}, %stride: i32, %b: tensor<64x64xf16, #blocked>, %c: tensor<128x64xf32, #blocked>) attributes {tile.kernel} {
    %m = tile.make_range 0 to 128 : tensor<128xi32, #tilegpu.slice<{dim = 1, parent = #blocked}>>
    %k = tile.make_range 0 to 64 : tensor<64xi32, #tilegpu.slice<{dim = 0, parent = #blocked}>>
    %me = tile.expand_dims %m {axis = 1 : i32} : tensor<128xi32, #tilegpu.slice<{dim = 1, parent = #blocked}>> -> tensor<128x1xi32, #blocked>
    %ss = tile.splat %stride : i32 -> tensor<128x1xi32, #blocked>
    %rows = arith.muli %me, %ss : tensor<128x1xi32, #blocked>
    %ps = tile.splat %p : !tile.ptr<f16> -> tensor<128x1x!tile.ptr<f16>, #blocked>
    %pr = tile.addptr %ps, %rows : tensor<128x1x!tile.ptr<f16>, #blocked>, tensor<128x1xi32, #blocked>
    %ke = tile.expand_dims %k {axis = 0 : i32} : tensor<64xi32, #tilegpu.slice<{dim = 0, parent = #blocked}>> -> tensor<1x64xi32, #blocked>
    %pb = tile.broadcast %pr : tensor<128x1x!tile.ptr<f16>, #blocked> -> tensor<128x64x!tile.ptr<f16>, #blocked>
    %kb = tile.broadcast %ke : tensor<1x64xi32, #blocked> -> tensor<128x64xi32, #blocked>
    %q = tile.addptr %pb, %kb : tensor<128x64x!tile.ptr<f16>, #blocked>, tensor<128x64xi32, #blocked>
    // CHECK: tile.load %{{.*}} {tilegpu.vec = 1 : i32} : tensor<128x64x!tile.ptr<f16>, #[[R8]]>
    %v = tile.load %q : tensor<128x64x!tile.ptr<f16>, #blocked>
    %d = tile.dot %v, %b, %c : tensor<128x64xf16, #blocked> * tensor<64x64xf16, #blocked> -> tensor<128x64xf32, #blocked>
    // CHECK: tile.store %{{.*}}, %{{.*}} {tilegpu.vec = 1 : i32} : tensor<128x64x!tile.ptr<f16>, #blocked>
    tile.store %q, %v : tensor<128x64x!tile.ptr<f16>, #blocked>
    return
  }
}

// -----

// An element-wise int8 load (no dot) keeps one element per lane: each warp
// instruction reads one contiguous 32-byte segment.
#blocked = #tilegpu.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {tilegpu.num_warps = 4 : i32, tilegpu.threads_per_warp = 32 : i32} {
  // CHECK-LABEL: func.func @int8_unaligned
  func.func @int8_unaligned(%p: !tile.ptr<i8>) attributes {tile.kernel} {
    %r = tile.make_range 0 to 2048 : tensor<2048xi32, #blocked>
    %ps = tile.splat %p : !tile.ptr<i8> -> tensor<2048x!tile.ptr<i8>, #blocked>
    %q = tile.addptr %ps, %r : tensor<2048x!tile.ptr<i8>, #blocked>, tensor<2048xi32, #blocked>
    // CHECK-NOT: tilegpu.convert_layout
    // CHECK: tile.load %{{.*}} {tilegpu.vec = 1 : i32} : tensor<2048x!tile.ptr<i8>, #blocked>
    %v = tile.load %q : tensor<2048x!tile.ptr<i8>, #blocked>
    return
  }
}

// -----

// A run is never longer than the contiguity: along a dimension whose
// elements are a runtime stride apart, each thread keeps one element.
#blocked = #tilegpu.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {tilegpu.num_warps = 4 : i32, tilegpu.threads_per_warp = 32 : i32} {
  // CHECK-LABEL: func.func @strided
  func.func @strided(%p: !tile.ptr<f16>, %s: i32) attributes {tile.kernel} {
    %r = tile.make_range 0 to 1024 : tensor<1024xi32, #blocked>
    %ss = tile.splat %s : i32 -> tensor<1024xi32, #blocked>
    %o = arith.muli %r, %ss : tensor<1024xi32, #blocked>
    %ps = tile.splat %p : !tile.ptr<f16> -> tensor<1024x!tile.ptr<f16>, #blocked>
    %q = tile.addptr %ps, %o : tensor<1024x!tile.ptr<f16>, #blocked>, tensor<1024xi32, #blocked>
    // CHECK-NOT: tilegpu.convert_layout
    // CHECK: tile.load %{{.*}} {tilegpu.vec = 1 : i32} : tensor<1024x!tile.ptr<f16>, #blocked>
    %v = tile.load %q : tensor<1024x!tile.ptr<f16>, #blocked>
    return
  }
}

// -----

// Word-wide unaligned accesses (f32, 4 bytes) keep one element per thread,
// as before: only sub-word accesses get runs.
#blocked = #tilegpu.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {tilegpu.num_warps = 4 : i32, tilegpu.threads_per_warp = 32 : i32} {
  // CHECK-LABEL: func.func @f32_unaligned
  func.func @f32_unaligned(%p: !tile.ptr<f32>) attributes {tile.kernel} {
    %r = tile.make_range 0 to 1024 : tensor<1024xi32, #blocked>
    %ps = tile.splat %p : !tile.ptr<f32> -> tensor<1024x!tile.ptr<f32>, #blocked>
    %q = tile.addptr %ps, %r : tensor<1024x!tile.ptr<f32>, #blocked>, tensor<1024xi32, #blocked>
    // CHECK-NOT: tilegpu.convert_layout
    // CHECK: tile.load %{{.*}} {tilegpu.vec = 1 : i32} : tensor<1024x!tile.ptr<f32>, #blocked>
    %v = tile.load %q : tensor<1024x!tile.ptr<f32>, #blocked>
    return
  }
}

// -----

// The store of a dot's result (a matmul's epilogue, cast to fp16) gets the
// run too: its tile of addresses sits beside the accumulator.
#blocked = #tilegpu.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [4, 2], order = [1, 0]}>
// CHECK-DAG: #[[R8:.*]] = #tilegpu.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [8, 1], order = [1, 0]}>
module attributes {tilegpu.num_warps = 8 : i32, tilegpu.threads_per_warp = 32 : i32} {
  // CHECK-LABEL: func.func @dot_epilogue
  func.func @dot_epilogue(%p: !tile.ptr<f16> {tile.divisibility = 16 : i32}, %stride: i32, %a: tensor<128x64xf16, #blocked>, %b: tensor<64x64xf16, #blocked>, %c: tensor<128x64xf32, #blocked>) attributes {tile.kernel} {
    %m = tile.make_range 0 to 128 : tensor<128xi32, #tilegpu.slice<{dim = 1, parent = #blocked}>>
    %k = tile.make_range 0 to 64 : tensor<64xi32, #tilegpu.slice<{dim = 0, parent = #blocked}>>
    %me = tile.expand_dims %m {axis = 1 : i32} : tensor<128xi32, #tilegpu.slice<{dim = 1, parent = #blocked}>> -> tensor<128x1xi32, #blocked>
    %ss = tile.splat %stride : i32 -> tensor<128x1xi32, #blocked>
    %rows = arith.muli %me, %ss : tensor<128x1xi32, #blocked>
    %ps = tile.splat %p : !tile.ptr<f16> -> tensor<128x1x!tile.ptr<f16>, #blocked>
    %pr = tile.addptr %ps, %rows : tensor<128x1x!tile.ptr<f16>, #blocked>, tensor<128x1xi32, #blocked>
    %ke = tile.expand_dims %k {axis = 0 : i32} : tensor<64xi32, #tilegpu.slice<{dim = 0, parent = #blocked}>> -> tensor<1x64xi32, #blocked>
    %pb = tile.broadcast %pr : tensor<128x1x!tile.ptr<f16>, #blocked> -> tensor<128x64x!tile.ptr<f16>, #blocked>
    %kb = tile.broadcast %ke : tensor<1x64xi32, #blocked> -> tensor<128x64xi32, #blocked>
    %q = tile.addptr %pb, %kb : tensor<128x64x!tile.ptr<f16>, #blocked>, tensor<128x64xi32, #blocked>
    %d = tile.dot %a, %b, %c : tensor<128x64xf16, #blocked> * tensor<64x64xf16, #blocked> -> tensor<128x64xf32, #blocked>
    %h = arith.truncf %d : tensor<128x64xf32, #blocked> to tensor<128x64xf16, #blocked>
    // CHECK: tile.store %{{.*}}, %{{.*}} {tilegpu.vec = 1 : i32} : tensor<128x64x!tile.ptr<f16>, #[[R8]]>
    tile.store %q, %h : tensor<128x64x!tile.ptr<f16>, #blocked>
    return
  }
}
