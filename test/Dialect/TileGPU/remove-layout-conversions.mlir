// RUN: tilec-opt %s -split-input-file -tilegpu-coalesce -tilegpu-remove-layout-conversions -canonicalize | FileCheck %s

// Vector add after coalescing: the loads' layout (4 per thread) propagates
// to the add; offsets, masks and pointers are recomputed in it; nothing is
// converted any more.
#blocked = #tilegpu.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
// CHECK: #[[B4:.*]] = #tilegpu.blocked<{sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {tilegpu.num_warps = 4 : i32, tilegpu.threads_per_warp = 32 : i32} {
  // CHECK-LABEL: func.func @vector_add
  // CHECK-NOT: tilegpu.convert_layout
  // CHECK: tile.make_range 0 to 1024 : tensor<1024xi32, #[[B4]]>
  // CHECK: tile.load {{.*}} : tensor<1024x!tile.ptr<f32>, #[[B4]]>
  // CHECK: tile.load {{.*}} : tensor<1024x!tile.ptr<f32>, #[[B4]]>
  // CHECK: arith.addf {{.*}} : tensor<1024xf32, #[[B4]]>
  // CHECK: tile.store {{.*}} : tensor<1024x!tile.ptr<f32>, #[[B4]]>
  // CHECK-NOT: tilegpu.convert_layout
  func.func @vector_add(%x: !tile.ptr<f32> {tile.divisibility = 16 : i32}, %y: !tile.ptr<f32> {tile.divisibility = 16 : i32}, %o: !tile.ptr<f32> {tile.divisibility = 16 : i32}, %n: i32 {tile.divisibility = 16 : i32}) attributes {tile.kernel} {
    %r = tile.make_range 0 to 1024 : tensor<1024xi32, #blocked>
    %ns = tile.splat %n : i32 -> tensor<1024xi32, #blocked>
    %m = arith.cmpi slt, %r, %ns : tensor<1024xi32, #blocked>
    %xs = tile.splat %x : !tile.ptr<f32> -> tensor<1024x!tile.ptr<f32>, #blocked>
    %xp = tile.addptr %xs, %r : tensor<1024x!tile.ptr<f32>, #blocked>, tensor<1024xi32, #blocked>
    %ys = tile.splat %y : !tile.ptr<f32> -> tensor<1024x!tile.ptr<f32>, #blocked>
    %yp = tile.addptr %ys, %r : tensor<1024x!tile.ptr<f32>, #blocked>, tensor<1024xi32, #blocked>
    %os = tile.splat %o : !tile.ptr<f32> -> tensor<1024x!tile.ptr<f32>, #blocked>
    %op = tile.addptr %os, %r : tensor<1024x!tile.ptr<f32>, #blocked>, tensor<1024xi32, #blocked>
    %a = tile.load %xp, %m : tensor<1024x!tile.ptr<f32>, #blocked>
    %b = tile.load %yp, %m : tensor<1024x!tile.ptr<f32>, #blocked>
    %s = arith.addf %a, %b : tensor<1024xf32, #blocked>
    tile.store %op, %s, %m : tensor<1024x!tile.ptr<f32>, #blocked>
    return
  }
}

// -----

// A loop-carried accumulator that starts as a constant takes the layout of
// the loads added into it; the reduction after the loop works on that
// layout, with no conversion anywhere.
#blocked = #tilegpu.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
// CHECK: #[[B4:.*]] = #tilegpu.blocked<{sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {tilegpu.num_warps = 4 : i32, tilegpu.threads_per_warp = 32 : i32} {
  // CHECK-LABEL: func.func @loop_sum
  // CHECK-NOT: tilegpu.convert_layout
  // CHECK: arith.constant dense<0.000000e+00> : tensor<512xf32, #[[B4]]>
  // CHECK: scf.for {{.*}} -> (tensor<512xf32, #[[B4]]>)
  // CHECK: tile.reduce({{.*}}) {axis = 0 : i32} : (tensor<512xf32, #[[B4]]>) -> f32
  // CHECK-NOT: tilegpu.convert_layout
  func.func @loop_sum(%x: !tile.ptr<f32> {tile.divisibility = 16 : i32}, %o: !tile.ptr<f32>, %n: i32 {tile.divisibility = 16 : i32}) attributes {tile.kernel} {
    %c0 = arith.constant 0 : i32
    %c512 = arith.constant 512 : i32
    %zero = arith.constant dense<0.0> : tensor<512xf32, #blocked>
    %r = tile.make_range 0 to 512 : tensor<512xi32, #blocked>
    %xs = tile.splat %x : !tile.ptr<f32> -> tensor<512x!tile.ptr<f32>, #blocked>
    %ns = tile.splat %n : i32 -> tensor<512xi32, #blocked>
    %acc = scf.for %i = %c0 to %n step %c512 iter_args(%a = %zero) -> (tensor<512xf32, #blocked>) : i32 {
      %is = tile.splat %i : i32 -> tensor<512xi32, #blocked>
      %off = arith.addi %is, %r : tensor<512xi32, #blocked>
      %m = arith.cmpi slt, %off, %ns : tensor<512xi32, #blocked>
      %p = tile.addptr %xs, %off : tensor<512x!tile.ptr<f32>, #blocked>, tensor<512xi32, #blocked>
      %v = tile.load %p, %m, %zero : tensor<512x!tile.ptr<f32>, #blocked>
      %a2 = arith.addf %a, %v : tensor<512xf32, #blocked>
      scf.yield %a2 : tensor<512xf32, #blocked>
    }
    %s = tile.reduce(%acc) {axis = 0 : i32} : (tensor<512xf32, #blocked>) -> f32 {
    ^bb0(%l: f32, %rr: f32):
      %t = arith.addf %l, %rr : f32
      tile.reduce.return %t : f32
    }
    tile.store %o, %s : !tile.ptr<f32>
    return
  }
}

// -----

// Two loads with different vector widths meet in one add: the wider layout
// (8 f16 per thread) wins, and the f32 load, whose own layout holds 4, is
// converted once; the store then follows the add.
#blocked = #tilegpu.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
// CHECK-DAG: #[[B4:.*]] = #tilegpu.blocked<{sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
// CHECK-DAG: #[[B8:.*]] = #tilegpu.blocked<{sizePerThread = [8], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {tilegpu.num_warps = 4 : i32, tilegpu.threads_per_warp = 32 : i32} {
  // CHECK-LABEL: func.func @mixed_widths
  // CHECK: %[[A:.*]] = tile.load {{.*}} : tensor<1024x!tile.ptr<f16>, #[[B8]]>
  // CHECK: %[[B:.*]] = tile.load {{.*}} : tensor<1024x!tile.ptr<f32>, #[[B4]]>
  // CHECK: %[[BC:.*]] = tilegpu.convert_layout %[[B]] : tensor<1024xf32, #[[B4]]> -> tensor<1024xf32, #[[B8]]>
  // CHECK: arith.addf %{{.*}}, %[[BC]] : tensor<1024xf32, #[[B8]]>
  func.func @mixed_widths(%x: !tile.ptr<f16> {tile.divisibility = 16 : i32}, %y: !tile.ptr<f32> {tile.divisibility = 16 : i32}) attributes {tile.kernel} {
    %r = tile.make_range 0 to 1024 : tensor<1024xi32, #blocked>
    %xs = tile.splat %x : !tile.ptr<f16> -> tensor<1024x!tile.ptr<f16>, #blocked>
    %xp = tile.addptr %xs, %r : tensor<1024x!tile.ptr<f16>, #blocked>, tensor<1024xi32, #blocked>
    %ys = tile.splat %y : !tile.ptr<f32> -> tensor<1024x!tile.ptr<f32>, #blocked>
    %yp = tile.addptr %ys, %r : tensor<1024x!tile.ptr<f32>, #blocked>, tensor<1024xi32, #blocked>
    %a = tile.load %xp : tensor<1024x!tile.ptr<f16>, #blocked>
    %b = tile.load %yp : tensor<1024x!tile.ptr<f32>, #blocked>
    %a32 = arith.extf %a : tensor<1024xf16, #blocked> to tensor<1024xf32, #blocked>
    %s = arith.addf %a32, %b : tensor<1024xf32, #blocked>
    tile.store %yp, %s : tensor<1024x!tile.ptr<f32>, #blocked>
    return
  }
}

// -----

// A loop-carried running max that no load reaches (a splat of a reduction,
// maxed into itself) takes the layout of the load it is subtracted from,
// backward through the loop: no conversion in the loop.
#blocked = #tilegpu.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
// CHECK: #[[B4:.*]] = #tilegpu.blocked<{sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {tilegpu.num_warps = 4 : i32, tilegpu.threads_per_warp = 32 : i32} {
  // CHECK-LABEL: func.func @running_max
  // CHECK-NOT: tilegpu.convert_layout
  // CHECK: scf.for {{.*}} -> (tensor<512xf32, #[[B4]]>)
  // CHECK: tile.splat {{.*}} : f32 -> tensor<512xf32, #[[B4]]>
  // CHECK-NOT: tilegpu.convert_layout
  func.func @running_max(%x: !tile.ptr<f32> {tile.divisibility = 16 : i32}, %o: !tile.ptr<f32> {tile.divisibility = 16 : i32}, %n: i32 {tile.divisibility = 16 : i32}) attributes {tile.kernel} {
    %c0 = arith.constant 0 : i32
    %c512 = arith.constant 512 : i32
    %ninf = arith.constant dense<0xFF800000> : tensor<512xf32, #blocked>
    %r = tile.make_range 0 to 512 : tensor<512xi32, #blocked>
    %xs = tile.splat %x : !tile.ptr<f32> -> tensor<512x!tile.ptr<f32>, #blocked>
    %os = tile.splat %o : !tile.ptr<f32> -> tensor<512x!tile.ptr<f32>, #blocked>
    %run = scf.for %i = %c0 to %n step %c512 iter_args(%m = %ninf) -> (tensor<512xf32, #blocked>) : i32 {
      %is = tile.splat %i : i32 -> tensor<512xi32, #blocked>
      %off = arith.addi %is, %r : tensor<512xi32, #blocked>
      %p = tile.addptr %xs, %off : tensor<512x!tile.ptr<f32>, #blocked>, tensor<512xi32, #blocked>
      %v = tile.load %p : tensor<512x!tile.ptr<f32>, #blocked>
      %mx = tile.reduce(%v) {axis = 0 : i32} : (tensor<512xf32, #blocked>) -> f32 {
      ^bb0(%l: f32, %rr: f32):
        %t = arith.maxnumf %l, %rr : f32
        tile.reduce.return %t : f32
      }
      %mxs = tile.splat %mx : f32 -> tensor<512xf32, #blocked>
      %m2 = arith.maxnumf %m, %mxs : tensor<512xf32, #blocked>
      %d = arith.subf %v, %m2 : tensor<512xf32, #blocked>
      %q = tile.addptr %os, %off : tensor<512x!tile.ptr<f32>, #blocked>, tensor<512xi32, #blocked>
      tile.store %q, %d : tensor<512x!tile.ptr<f32>, #blocked>
      scf.yield %m2 : tensor<512xf32, #blocked>
    }
    return
  }
}
