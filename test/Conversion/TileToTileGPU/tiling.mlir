// RUN: tilec-opt %s -split-input-file -convert-tile-to-tilegpu | FileCheck %s
// RUN: tilec-opt %s -split-input-file -convert-tile-to-tilegpu=num-warps=8 | FileCheck %s --check-prefix=W8

// Values created from nothing get the default blocked layout: one element
// per thread, lanes then warps along the fastest dimension; elementwise ops,
// pointer arithmetic, loads and stores keep their operands' layout.
// CHECK: #[[B:.*]] = #tilegpu.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
// CHECK: module attributes {{{.*}}tilegpu.num_warps = 4 : i32, tilegpu.threads_per_warp = 32 : i32}
// CHECK-LABEL: func.func @elementwise
// CHECK: tile.make_range 0 to 1024 : tensor<1024xi32, #[[B]]>
// CHECK: tile.addptr %{{.*}}, %{{.*}} : tensor<1024x!tile.ptr<f32>, #[[B]]>, tensor<1024xi32, #[[B]]>
// CHECK: tile.load %{{.*}}, %{{.*}} : tensor<1024x!tile.ptr<f32>, #[[B]]>
// CHECK: arith.addf %{{.*}} : tensor<1024xf32, #[[B]]>
// CHECK-NOT: tilegpu.convert_layout
// W8: #tilegpu.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [8], order = [0]}>
// W8: tilegpu.num_warps = 8 : i32
func.func @elementwise(%p: !tile.ptr<f32>, %n: i32) attributes {tile.kernel} {
  %r = tile.make_range 0 to 1024 : tensor<1024xi32>
  %ns = tile.splat %n : i32 -> tensor<1024xi32>
  %m = arith.cmpi slt, %r, %ns : tensor<1024xi32>
  %ps = tile.splat %p : !tile.ptr<f32> -> tensor<1024x!tile.ptr<f32>>
  %a = tile.addptr %ps, %r : tensor<1024x!tile.ptr<f32>>, tensor<1024xi32>
  %x = tile.load %a, %m : tensor<1024x!tile.ptr<f32>>
  %y = arith.addf %x, %x : tensor<1024xf32>
  tile.store %a, %y, %m : tensor<1024x!tile.ptr<f32>>
  return
}

// -----

// 2-D: lanes fill the fastest dimension first. A reduction's result is the
// slice of its operand's layout; expand_dims of that slice is the parent
// again, so `x - max(x)[:, None]` needs no conversion.
// CHECK: #[[B2:.*]] = #tilegpu.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [1, 4], order = [1, 0]}>
// CHECK: #[[S:.*]] = #tilegpu.slice<{dim = 1, parent = #[[B2]]}>
// CHECK-LABEL: func.func @reduce_expand
// CHECK: tile.reduce(%{{.*}}) {axis = 1 : i32} : (tensor<16x128xf32, #[[B2]]>) -> tensor<16xf32, #[[S]]>
// CHECK: tile.expand_dims %{{.*}} {axis = 1 : i32} : tensor<16xf32, #[[S]]> -> tensor<16x1xf32, #[[B2]]>
// CHECK: tile.broadcast %{{.*}} : tensor<16x1xf32, #[[B2]]> -> tensor<16x128xf32, #[[B2]]>
// CHECK-NOT: tilegpu.convert_layout
func.func @reduce_expand(%p: !tile.ptr<f32>) attributes {tile.kernel} {
  %x0 = arith.constant dense<1.0> : tensor<16x128xf32>
  %m = tile.reduce(%x0) {axis = 1 : i32} : (tensor<16x128xf32>) -> tensor<16xf32> {
  ^bb0(%a: f32, %b: f32):
    %r = arith.maxnumf %a, %b : f32
    tile.reduce.return %r : f32
  }
  %e = tile.expand_dims %m {axis = 1 : i32} : tensor<16xf32> -> tensor<16x1xf32>
  %bc = tile.broadcast %e : tensor<16x1xf32> -> tensor<16x128xf32>
  %d = arith.subf %x0, %bc : tensor<16x128xf32>
  %ps = tile.splat %p : !tile.ptr<f32> -> tensor<16x128x!tile.ptr<f32>>
  tile.store %ps, %d : tensor<16x128x!tile.ptr<f32>>
  return
}

// -----

// expand_dims of a value in another layout goes through a conversion to the
// slice of the result's layout (offs[:, None] from a 1-D range).
// CHECK: #[[R:.*]] = #tilegpu.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
// CHECK: #[[P:.*]] = #tilegpu.blocked<{sizePerThread = [1, 1], threadsPerWarp = [32, 1], warpsPerCTA = [4, 1], order = [1, 0]}>
// CHECK: #[[SL:.*]] = #tilegpu.slice<{dim = 1, parent = #[[P]]}>
// CHECK-LABEL: func.func @expand
// CHECK: %[[C:.*]] = tilegpu.convert_layout %{{.*}} : tensor<128xi32, #[[R]]> -> tensor<128xi32, #[[SL]]>
// CHECK: tile.expand_dims %[[C]] {axis = 1 : i32} : tensor<128xi32, #[[SL]]> -> tensor<128x1xi32, #[[P]]>
func.func @expand(%p: !tile.ptr<i32>) attributes {tile.kernel} {
  %r = tile.make_range 0 to 128 : tensor<128xi32>
  %e = tile.expand_dims %r {axis = 1 : i32} : tensor<128xi32> -> tensor<128x1xi32>
  %ps = tile.splat %p : !tile.ptr<i32> -> tensor<128x1x!tile.ptr<i32>>
  tile.store %ps, %e : tensor<128x1x!tile.ptr<i32>>
  return
}

// -----

// Loop-carried tiles keep the layout they enter with; the yield and the
// results agree with it.
// CHECK: #[[L:.*]] = #tilegpu.blocked
// CHECK-LABEL: func.func @loop
// CHECK: scf.for {{.*}} iter_args(%{{.*}} = %{{.*}}) -> (tensor<256xf32, #[[L]]>)
// CHECK: scf.yield %{{.*}} : tensor<256xf32, #[[L]]>
func.func @loop(%p: !tile.ptr<f32>, %n: i32) attributes {tile.kernel} {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %z = arith.constant dense<0.0> : tensor<256xf32>
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %z) -> (tensor<256xf32>) : i32 {
    %s = arith.addf %acc, %acc : tensor<256xf32>
    scf.yield %s : tensor<256xf32>
  }
  %ps = tile.splat %p : !tile.ptr<f32> -> tensor<256x!tile.ptr<f32>>
  tile.store %ps, %r : tensor<256x!tile.ptr<f32>>
  return
}
