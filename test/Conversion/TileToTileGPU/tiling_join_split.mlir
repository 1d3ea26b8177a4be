// RUN: tilec-opt %s -split-input-file -convert-tile-to-tilegpu | FileCheck %s

// join puts the new dimension of 2 in each thread's registers, fastest
// first; split takes its operand in that layout of its results' layout; a
// scan keeps a blocked operand.
// CHECK-DAG: #[[B:.*]] = #tilegpu.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [2, 2], order = [1, 0]}>
// CHECK-DAG: #[[J:.*]] = #tilegpu.blocked<{sizePerThread = [1, 1, 2], threadsPerWarp = [1, 32, 1], warpsPerCTA = [2, 2, 1], order = [2, 1, 0]}>
// CHECK-LABEL: func.func @join_split
// CHECK: %[[JN:.*]] = tile.join %{{.*}}, %{{.*}} : tensor<16x64xi32, #[[B]]> -> tensor<16x64x2xi32, #[[J]]>
// CHECK-NOT: tilegpu.convert_layout
// CHECK: tile.split %[[JN]] : tensor<16x64x2xi32, #[[J]]> -> tensor<16x64xi32, #[[B]]>
func.func @join_split(%p: !tile.ptr<i32>) attributes {tile.kernel} {
  %r = tile.make_range 0 to 64 : tensor<64xi32>
  %e = tile.expand_dims %r {axis = 0 : i32} : tensor<64xi32> -> tensor<1x64xi32>
  %x = tile.broadcast %e : tensor<1x64xi32> -> tensor<16x64xi32>
  %j = tile.join %x, %x : tensor<16x64xi32> -> tensor<16x64x2xi32>
  %a, %b = tile.split %j : tensor<16x64x2xi32> -> tensor<16x64xi32>
  return
}

// -----

// cat of 1-D tiles that fill the threads: the operands' layout holds twice
// the registers over twice the elements.
// CHECK: #[[C:.*]] = #tilegpu.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
// CHECK-LABEL: func.func @cat_full
// CHECK: tile.cat %{{.*}}, %{{.*}} : tensor<256xi32, #[[C]]> -> tensor<512xi32, #[[C]]>
func.func @cat_full() attributes {tile.kernel} {
  %r = tile.make_range 0 to 256 : tensor<256xi32>
  %c = tile.cat %r, %r : tensor<256xi32> -> tensor<512xi32>
  return
}

// -----

// cat of tiles smaller than the threads (32 elements, 128 threads): twice the
// elements per thread, as Triton picks.
// CHECK-DAG: #[[S:.*]] = #tilegpu.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
// CHECK-DAG: #[[D:.*]] = #tilegpu.blocked<{sizePerThread = [2], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
// CHECK-LABEL: func.func @cat_small
// CHECK: tile.cat %{{.*}}, %{{.*}} : tensor<32xi32, #[[S]]> -> tensor<64xi32, #[[D]]>
func.func @cat_small() attributes {tile.kernel} {
  %r = tile.make_range 0 to 32 : tensor<32xi32>
  %c = tile.cat %r, %r : tensor<32xi32> -> tensor<64xi32>
  return
}
