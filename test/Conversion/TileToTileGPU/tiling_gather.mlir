// RUN: tilec-opt %s -split-input-file -convert-tile-to-tilegpu | FileCheck %s

// A gather's result takes its indices' layout; the source keeps its own,
// with no conversion (the lowering reads it through shared memory).
// CHECK-DAG: #[[S:.*]] = #tilegpu.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [2, 2], order = [1, 0]}>
// CHECK-DAG: #[[I:.*]] = #tilegpu.blocked<{sizePerThread = [1, 1], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
// CHECK-LABEL: func.func @gather
// CHECK: %[[X:.*]] = tile.load
// CHECK-NOT: tilegpu.convert_layout %[[X]]
// CHECK: tile.gather %[[X]][%{{.*}}] {axis = 1 : i32} : (tensor<16x64xf32, #[[S]]>, tensor<16x8xi32, #[[I]]>) -> tensor<16x8xf32, #[[I]]>
func.func @gather(%p: !tile.ptr<f32>, %q: !tile.ptr<i32>) attributes {tile.kernel} {
  %r = tile.make_range 0 to 64 : tensor<64xi32>
  %e = tile.expand_dims %r {axis = 0 : i32} : tensor<64xi32> -> tensor<1x64xi32>
  %o = tile.broadcast %e : tensor<1x64xi32> -> tensor<16x64xi32>
  %ps = tile.splat %p : !tile.ptr<f32> -> tensor<16x64x!tile.ptr<f32>>
  %pa = tile.addptr %ps, %o : tensor<16x64x!tile.ptr<f32>>, tensor<16x64xi32>
  %x = tile.load %pa : tensor<16x64x!tile.ptr<f32>>
  %r8 = tile.make_range 0 to 8 : tensor<8xi32>
  %e8 = tile.expand_dims %r8 {axis = 0 : i32} : tensor<8xi32> -> tensor<1x8xi32>
  %i = tile.broadcast %e8 : tensor<1x8xi32> -> tensor<16x8xi32>
  %g = tile.gather %x[%i] {axis = 1 : i32} : (tensor<16x64xf32>, tensor<16x8xi32>) -> tensor<16x8xf32>
  return
}
