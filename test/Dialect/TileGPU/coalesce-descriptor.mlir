// RUN: tilec-opt %s -tilegpu-coalesce | FileCheck %s
// RUN: tilec-opt %s -tilegpu-coalesce -tilegpu-remove-layout-conversions | FileCheck %s --check-prefix=PROP

// A descriptor load's block is read back from shared memory, where TMA
// lands it with whole rows contiguous: tilegpu-coalesce gives its result 16
// bytes per thread along the last dimension (8 bf16; the 64x32 block gives
// 128 threads 16 elements each), converting back for its users, and layout
// propagation then treats the load as an anchor: the users follow its
// layout and the conversion goes. (The one left before the descriptor store
// is stripped by tilegpu-lower-descriptors, which stores from the layout the
// value was computed in.)
// CHECK-DAG: #[[DEF:.*]] = #tilegpu.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [4, 1], order = [1, 0]}>
// CHECK-DAG: #[[VEC:.*]] = #tilegpu.blocked<{sizePerThread = [1, 8], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>
// PROP-DAG: #[[VEC:.*]] = #tilegpu.blocked<{sizePerThread = [1, 8], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>
#blocked = #tilegpu.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [4, 1], order = [1, 0]}>
module attributes {tilegpu.num_warps = 4 : i32, tilegpu.threads_per_warp = 32 : i32} {
  // CHECK-LABEL: func.func @scale
  // CHECK: %[[X:.*]] = tile.descriptor_load {{.*}} {tilegpu.vec = 8 : i32} : {{.*}} -> tensor<64x32xbf16, #[[VEC]]>
  // CHECK-NEXT: %[[B:.*]] = tilegpu.convert_layout %[[X]] : tensor<64x32xbf16, #[[VEC]]> -> tensor<64x32xbf16, #[[DEF]]>
  // CHECK-NEXT: arith.extf %[[B]]
  // PROP-LABEL: func.func @scale
  // PROP: %[[X:.*]] = tile.descriptor_load {{.*}} -> tensor<64x32xbf16, #[[VEC]]>
  // PROP-NEXT: %[[Y:.*]] = arith.extf %[[X]] : tensor<64x32xbf16, #[[VEC]]> to tensor<64x32xf32, #[[VEC]]>
  // PROP-NEXT: arith.addf %[[Y]], {{.*}} : tensor<64x32xf32, #[[VEC]]>
  func.func @scale(%src: !tile.tensordesc<tensor<64x32xbf16>>, %dst: !tile.tensordesc<tensor<64x32xf32>>, %row: i32) {
    %c0 = arith.constant 0 : i32
    %one = arith.constant dense<1.0> : tensor<64x32xf32, #blocked>
    %x = tile.descriptor_load %src[%row, %c0] : !tile.tensordesc<tensor<64x32xbf16>> -> tensor<64x32xbf16, #blocked>
    %y = arith.extf %x : tensor<64x32xbf16, #blocked> to tensor<64x32xf32, #blocked>
    %z = arith.addf %y, %one : tensor<64x32xf32, #blocked>
    tile.descriptor_store %dst[%row, %c0], %z : !tile.tensordesc<tensor<64x32xf32>>, tensor<64x32xf32, #blocked>
    return
  }
}
