// RUN: tilec-opt %s -split-input-file -tilegpu-coalesce | FileCheck %s

// A contiguous tile of f32 pointers whose base is 16-byte aligned and whose
// mask is constant over runs of 16 (n divisible by 16): each thread owns 4
// elements (16 bytes), the access is relaid out and marked vec = 4.
#blocked = #tilegpu.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
// CHECK-DAG: #[[B1:.*]] = #tilegpu.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
// CHECK-DAG: #[[B4:.*]] = #tilegpu.blocked<{sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {tilegpu.num_warps = 4 : i32, tilegpu.threads_per_warp = 32 : i32} {
  // CHECK-LABEL: func.func @aligned_f32
  func.func @aligned_f32(%p: !tile.ptr<f32> {tile.divisibility = 16 : i32}, %n: i32 {tile.divisibility = 16 : i32}) attributes {tile.kernel} {
    %r = tile.make_range 0 to 1024 : tensor<1024xi32, #blocked>
    %ns = tile.splat %n : i32 -> tensor<1024xi32, #blocked>
    %m = arith.cmpi slt, %r, %ns : tensor<1024xi32, #blocked>
    %ps = tile.splat %p : !tile.ptr<f32> -> tensor<1024x!tile.ptr<f32>, #blocked>
    %q = tile.addptr %ps, %r : tensor<1024x!tile.ptr<f32>, #blocked>, tensor<1024xi32, #blocked>
    // CHECK: %[[P:.*]] = tilegpu.convert_layout %{{.*}} : tensor<1024x!tile.ptr<f32>, #[[B1]]> -> tensor<1024x!tile.ptr<f32>, #[[B4]]>
    // CHECK: %[[M:.*]] = tilegpu.convert_layout %{{.*}} : tensor<1024xi1, #[[B1]]> -> tensor<1024xi1, #[[B4]]>
    // CHECK: %[[V:.*]] = tile.load %[[P]], %[[M]] {tilegpu.vec = 4 : i32} : tensor<1024x!tile.ptr<f32>, #[[B4]]>
    // CHECK: %[[BACK:.*]] = tilegpu.convert_layout %[[V]] : tensor<1024xf32, #[[B4]]> -> tensor<1024xf32, #[[B1]]>
    %v = tile.load %q, %m : tensor<1024x!tile.ptr<f32>, #blocked>
    // CHECK: %[[V2:.*]] = tilegpu.convert_layout %[[BACK]] : tensor<1024xf32, #[[B1]]> -> tensor<1024xf32, #[[B4]]>
    // CHECK: tile.store %{{.*}}, %[[V2]], %{{.*}} {tilegpu.vec = 4 : i32} : tensor<1024x!tile.ptr<f32>, #[[B4]]>
    tile.store %q, %v, %m : tensor<1024x!tile.ptr<f32>, #blocked>
    return
  }
}

// -----

// Without `:16` on the base nothing is known about its alignment: one
// element per access, the layout stays.
#blocked = #tilegpu.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {tilegpu.num_warps = 4 : i32, tilegpu.threads_per_warp = 32 : i32} {
  // CHECK-LABEL: func.func @unaligned
  func.func @unaligned(%p: !tile.ptr<f32>) attributes {tile.kernel} {
    %r = tile.make_range 0 to 1024 : tensor<1024xi32, #blocked>
    %ps = tile.splat %p : !tile.ptr<f32> -> tensor<1024x!tile.ptr<f32>, #blocked>
    %q = tile.addptr %ps, %r : tensor<1024x!tile.ptr<f32>, #blocked>, tensor<1024xi32, #blocked>
    // CHECK-NOT: tilegpu.convert_layout
    // CHECK: tile.load %{{.*}} {tilegpu.vec = 1 : i32}
    %v = tile.load %q : tensor<1024x!tile.ptr<f32>, #blocked>
    return
  }
}

// -----

// An aligned base but a mask that may change at any element (n unknown):
// vectors would straddle the bound, so one element per access.
#blocked = #tilegpu.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {tilegpu.num_warps = 4 : i32, tilegpu.threads_per_warp = 32 : i32} {
  // CHECK-LABEL: func.func @ragged_mask
  func.func @ragged_mask(%p: !tile.ptr<f32> {tile.divisibility = 16 : i32}, %n: i32) attributes {tile.kernel} {
    %r = tile.make_range 0 to 1024 : tensor<1024xi32, #blocked>
    %ns = tile.splat %n : i32 -> tensor<1024xi32, #blocked>
    %m = arith.cmpi slt, %r, %ns : tensor<1024xi32, #blocked>
    %ps = tile.splat %p : !tile.ptr<f32> -> tensor<1024x!tile.ptr<f32>, #blocked>
    %q = tile.addptr %ps, %r : tensor<1024x!tile.ptr<f32>, #blocked>, tensor<1024xi32, #blocked>
    // CHECK: tile.load %{{.*}}, %{{.*}} {tilegpu.vec = 1 : i32}
    %v = tile.load %q, %m : tensor<1024x!tile.ptr<f32>, #blocked>
    return
  }
}

// -----

// f16: 16 bytes are 8 elements, as long as the tile gives each thread 8.
#blocked = #tilegpu.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
// CHECK-DAG: #[[B8:.*]] = #tilegpu.blocked<{sizePerThread = [8], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
// CHECK-DAG: #[[B2:.*]] = #tilegpu.blocked<{sizePerThread = [2], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {tilegpu.num_warps = 4 : i32, tilegpu.threads_per_warp = 32 : i32} {
  // CHECK-LABEL: func.func @f16_and_small_tiles
  func.func @f16_and_small_tiles(%p: !tile.ptr<f16> {tile.divisibility = 16 : i32}) attributes {tile.kernel} {
    %r = tile.make_range 0 to 2048 : tensor<2048xi32, #blocked>
    %ps = tile.splat %p : !tile.ptr<f16> -> tensor<2048x!tile.ptr<f16>, #blocked>
    %q = tile.addptr %ps, %r : tensor<2048x!tile.ptr<f16>, #blocked>, tensor<2048xi32, #blocked>
    // CHECK: tile.load %{{.*}} {tilegpu.vec = 8 : i32} : tensor<2048x!tile.ptr<f16>, #[[B8]]>
    %v = tile.load %q : tensor<2048x!tile.ptr<f16>, #blocked>
    // 256 elements over 128 threads: 2 each, not 8 (more would idle threads).
    %r2 = tile.make_range 0 to 256 : tensor<256xi32, #blocked>
    %ps2 = tile.splat %p : !tile.ptr<f16> -> tensor<256x!tile.ptr<f16>, #blocked>
    %q2 = tile.addptr %ps2, %r2 : tensor<256x!tile.ptr<f16>, #blocked>, tensor<256xi32, #blocked>
    // CHECK: tile.load %{{.*}} {tilegpu.vec = 2 : i32} : tensor<256x!tile.ptr<f16>, #[[B2]]>
    %v2 = tile.load %q2 : tensor<256x!tile.ptr<f16>, #blocked>
    return
  }
}

// -----

// A row-major 2-D tile (rows of 64 f32 at a stride divisible by 16): the
// last dimension is the contiguous one, 4 per thread along it, 16 lanes
// cover a row.
#blocked = #tilegpu.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [4, 1], order = [1, 0]}>
#row = #tilegpu.slice<{dim = 1, parent = #blocked}>
#col = #tilegpu.slice<{dim = 0, parent = #blocked}>
// CHECK: #[[B2D:.*]] = #tilegpu.blocked<{sizePerThread = [1, 4], threadsPerWarp = [2, 16], warpsPerCTA = [4, 1], order = [1, 0]}>
module attributes {tilegpu.num_warps = 4 : i32, tilegpu.threads_per_warp = 32 : i32} {
  // CHECK-LABEL: func.func @row_major
  func.func @row_major(%p: !tile.ptr<f32> {tile.divisibility = 16 : i32}, %stride: i32 {tile.divisibility = 16 : i32}) attributes {tile.kernel} {
    %rows = tile.make_range 0 to 64 : tensor<64xi32, #row>
    %cols = tile.make_range 0 to 64 : tensor<64xi32, #col>
    %r2 = tile.expand_dims %rows {axis = 1 : i32} : tensor<64xi32, #row> -> tensor<64x1xi32, #blocked>
    %s = tile.splat %stride : i32 -> tensor<64x1xi32, #blocked>
    %ro = arith.muli %r2, %s : tensor<64x1xi32, #blocked>
    %rb = tile.broadcast %ro : tensor<64x1xi32, #blocked> -> tensor<64x64xi32, #blocked>
    %c2 = tile.expand_dims %cols {axis = 0 : i32} : tensor<64xi32, #col> -> tensor<1x64xi32, #blocked>
    %cb = tile.broadcast %c2 : tensor<1x64xi32, #blocked> -> tensor<64x64xi32, #blocked>
    %off = arith.addi %rb, %cb : tensor<64x64xi32, #blocked>
    %ps = tile.splat %p : !tile.ptr<f32> -> tensor<64x64x!tile.ptr<f32>, #blocked>
    %q = tile.addptr %ps, %off : tensor<64x64x!tile.ptr<f32>, #blocked>, tensor<64x64xi32, #blocked>
    // CHECK: tile.load %{{.*}} {tilegpu.vec = 4 : i32} : tensor<64x64x!tile.ptr<f32>, #[[B2D]]>
    %v = tile.load %q : tensor<64x64x!tile.ptr<f32>, #blocked>
    return
  }
}
