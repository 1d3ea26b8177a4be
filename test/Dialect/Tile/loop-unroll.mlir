// RUN: tilec-opt %s -split-input-file -tile-loop-unroll | FileCheck %s

// -tile-loop-unroll unrolls loops by their tile.loop_unroll_factor (from
// tl.range(loop_unroll_factor=)), keeps a remainder loop that is not
// pipelined, and drops the attribute; other loops are left alone.

// A constant trip count of 10 by 4: two unrolled iterations of step 4, then
// a remainder loop of 2 marked tile.num_stages = 1. Other attributes stay.
// CHECK-LABEL: func @unroll_const
func.func @unroll_const(%x: f32) -> f32 {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c10 = arith.constant 10 : i32
  %z = arith.constant 0.0 : f32
  // CHECK: %[[C4:.*]] = arith.constant 4 : i32
  // CHECK: %[[M:.*]] = scf.for %{{.*}} = %{{.*}} to %{{.*}} step %[[C4]]
  // CHECK-COUNT-4: arith.addf
  // CHECK: } {tile.flatten}
  // CHECK: scf.for %{{.*}} = %{{.*}} to %{{.*}} step %{{.*}} iter_args(%{{.*}} = %[[M]])
  // CHECK-NEXT: arith.addf
  // CHECK-NEXT: scf.yield
  // CHECK-NEXT: } {tile.flatten, tile.num_stages = 1 : i32}
  // CHECK-NOT: loop_unroll_factor
  %r = scf.for %i = %c0 to %c10 step %c1 iter_args(%a = %z) -> (f32) : i32 {
    %s = arith.addf %a, %x : f32
    scf.yield %s : f32
  } {tile.loop_unroll_factor = 4 : i32, tile.flatten}
  return %r : f32
}

// -----

// A factor of 1 only drops the attribute.
// CHECK-LABEL: func @factor_one
// CHECK: scf.for
// CHECK-COUNT-1: arith.addf
// CHECK-NEXT: scf.yield
// CHECK-NEXT: }
// CHECK-NOT: scf.for
func.func @factor_one(%x: f32, %n: i32) -> f32 {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %z = arith.constant 0.0 : f32
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%a = %z) -> (f32) : i32 {
    %s = arith.addf %a, %x : f32
    scf.yield %s : f32
  } {tile.loop_unroll_factor = 1 : i32}
  return %r : f32
}

// -----

// A loop without the attribute is not unrolled.
// CHECK-LABEL: func @no_attr
// CHECK: scf.for
// CHECK-COUNT-1: arith.addf
// CHECK-NEXT: scf.yield
// CHECK-NEXT: } {tile.num_stages = 3 : i32}
// CHECK-NOT: scf.for
func.func @no_attr(%x: f32, %n: i32) -> f32 {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %z = arith.constant 0.0 : f32
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%a = %z) -> (f32) : i32 {
    %s = arith.addf %a, %x : f32
    scf.yield %s : f32
  } {tile.num_stages = 3 : i32}
  return %r : f32
}
