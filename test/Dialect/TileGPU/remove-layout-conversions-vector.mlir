// RUN: tilec-opt %s -split-input-file -tilegpu-remove-layout-conversions -canonicalize | FileCheck %s

// A row statistic defined before the loop (attention backward's LSE in the
// dQ kernel) broadcast against a dot's result: the tile is recomputed in the
// accumulator's layout down to the vector, and the vector is converted once,
// before the loop, instead of the whole tile through shared memory at every
// iteration.
#blocked = #tilegpu.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
#blocked2 = #tilegpu.blocked<{sizePerThread = [1, 1], threadsPerWarp = [32, 1], warpsPerCTA = [4, 1], order = [1, 0]}>
#mma = #tilegpu.mma<{version = 3, instrN = 64, warpsPerCTA = [4, 1]}>
// CHECK-DAG: #[[MMA:.*]] = #tilegpu.mma<{version = 3, instrN = 64, warpsPerCTA = [4, 1]}>
// CHECK-DAG: #[[ROW:.*]] = #tilegpu.slice<{dim = 1, parent = #[[MMA]]}>
module attributes {tilegpu.num_warps = 4 : i32, tilegpu.threads_per_warp = 32 : i32} {
  // CHECK-LABEL: func.func @invariant_row
  // CHECK: %[[V:.*]] = tilegpu.convert_layout %{{.*}} : tensor<128xf32, #{{.*}}> -> tensor<128xf32, #[[ROW]]>
  // CHECK: scf.for
  // CHECK-NOT: tilegpu.convert_layout
  // CHECK: tile.expand_dims %[[V]] {axis = 1 : i32} : tensor<128xf32, #[[ROW]]> -> tensor<128x1xf32, #[[MMA]]>
  // CHECK: tile.broadcast {{.*}} -> tensor<128x64xf32, #[[MMA]]>
  // CHECK: arith.subf {{.*}} : tensor<128x64xf32, #[[MMA]]>
  // CHECK: scf.yield
  func.func @invariant_row(%p: !tile.ptr<f32> {tile.divisibility = 16 : i32}, %acc: tensor<128x64xf32, #mma>, %n: i32) -> tensor<128x64xf32, #mma> attributes {tile.kernel} {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %r = tile.make_range 0 to 128 : tensor<128xi32, #blocked>
    %ps = tile.splat %p : !tile.ptr<f32> -> tensor<128x!tile.ptr<f32>, #blocked>
    %pp = tile.addptr %ps, %r : tensor<128x!tile.ptr<f32>, #blocked>, tensor<128xi32, #blocked>
    %lse = tile.load %pp : tensor<128x!tile.ptr<f32>, #blocked>
    %out = scf.for %i = %c0 to %n step %c1 iter_args(%a = %acc) -> (tensor<128x64xf32, #mma>) : i32 {
      %row = tilegpu.convert_layout %lse : tensor<128xf32, #blocked> -> tensor<128xf32, #tilegpu.slice<{dim = 1, parent = #blocked2}>>
      %col = tile.expand_dims %row {axis = 1 : i32} : tensor<128xf32, #tilegpu.slice<{dim = 1, parent = #blocked2}>> -> tensor<128x1xf32, #blocked2>
      %bc = tile.broadcast %col : tensor<128x1xf32, #blocked2> -> tensor<128x64xf32, #blocked2>
      %cv = tilegpu.convert_layout %bc : tensor<128x64xf32, #blocked2> -> tensor<128x64xf32, #mma>
      %d = arith.subf %a, %cv : tensor<128x64xf32, #mma>
      scf.yield %d : tensor<128x64xf32, #mma>
    }
    return %out : tensor<128x64xf32, #mma>
  }
}

// -----

// A small vector loaded in the loop (fewer elements than the CTA has
// threads: attention backward's LSE in the dK/dV kernel), broadcast along
// the columns of a dot's result: it is loaded again in the accumulator's
// column layout, its pointers and mask recomputed there; no conversion is
// left.
#blocked = #tilegpu.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
#mma = #tilegpu.mma<{version = 3, instrN = 32, warpsPerCTA = [4, 1]}>
// CHECK-DAG: #[[MMA:.*]] = #tilegpu.mma<{version = 3, instrN = 32, warpsPerCTA = [4, 1]}>
// CHECK-DAG: #[[COL:.*]] = #tilegpu.slice<{dim = 0, parent = #[[MMA]]}>
module attributes {tilegpu.num_warps = 4 : i32, tilegpu.threads_per_warp = 32 : i32} {
  // CHECK-LABEL: func.func @small_load
  // CHECK-NOT: tilegpu.convert_layout
  // CHECK: scf.for
  // CHECK: tile.make_range 0 to 32 : tensor<32xi32, #[[COL]]>
  // CHECK: %[[L:.*]] = tile.load {{.*}} : tensor<32x!tile.ptr<f32>, #[[COL]]>
  // CHECK-NOT: tilegpu.vec
  // CHECK: tile.expand_dims %[[L]] {axis = 0 : i32} : tensor<32xf32, #[[COL]]> -> tensor<1x32xf32, #[[MMA]]>
  // CHECK-NOT: tilegpu.convert_layout
  // CHECK: scf.yield
  func.func @small_load(%p: !tile.ptr<f32> {tile.divisibility = 16 : i32}, %acc: tensor<64x32xf32, #mma>, %n: i32) -> tensor<64x32xf32, #mma> attributes {tile.kernel} {
    %c0 = arith.constant 0 : i32
    %c32 = arith.constant 32 : i32
    %out = scf.for %i = %c0 to %n step %c32 iter_args(%a = %acc) -> (tensor<64x32xf32, #mma>) : i32 {
      %r = tile.make_range 0 to 32 : tensor<32xi32, #blocked>
      %is = tile.splat %i : i32 -> tensor<32xi32, #blocked>
      %offs = arith.addi %is, %r : tensor<32xi32, #blocked>
      %ns = tile.splat %n : i32 -> tensor<32xi32, #blocked>
      %m = arith.cmpi slt, %offs, %ns : tensor<32xi32, #blocked>
      %ps = tile.splat %p : !tile.ptr<f32> -> tensor<32x!tile.ptr<f32>, #blocked>
      %pp = tile.addptr %ps, %offs : tensor<32x!tile.ptr<f32>, #blocked>, tensor<32xi32, #blocked>
      %lse = tile.load %pp, %m {tilegpu.vec = 1 : i32} : tensor<32x!tile.ptr<f32>, #blocked>
      %row = tilegpu.convert_layout %lse : tensor<32xf32, #blocked> -> tensor<32xf32, #tilegpu.slice<{dim = 0, parent = #mma}>>
      %col = tile.expand_dims %row {axis = 0 : i32} : tensor<32xf32, #tilegpu.slice<{dim = 0, parent = #mma}>> -> tensor<1x32xf32, #mma>
      %bc = tile.broadcast %col : tensor<1x32xf32, #mma> -> tensor<64x32xf32, #mma>
      %d = arith.subf %a, %bc : tensor<64x32xf32, #mma>
      scf.yield %d : tensor<64x32xf32, #mma>
    }
    return %out : tensor<64x32xf32, #mma>
  }
}
