// RUN: tilec-opt %s -split-input-file | tilec-opt -split-input-file | FileCheck %s
// RUN: tilec-opt %s -split-input-file -cse -canonicalize | FileCheck %s --check-prefix=DCE

// tile.map_elementwise: round trip (one and several results, pack, control
// flow in the region), and a map whose results are unused and whose region
// has no side effects is removed.

// CHECK-LABEL: func @forms
// CHECK: tile.map_elementwise(%{{.*}}, %{{.*}}) {pack = 1 : i32} : (tensor<64xi32>, tensor<64xi32>) -> tensor<64xi32> {
// CHECK: ^bb0(%{{.*}}: i32, %{{.*}}: i32):
// CHECK: scf.if
// CHECK: tile.map_elementwise.return %{{.*}} : i32
// CHECK: tile.map_elementwise(%{{.*}}) {pack = 2 : i32} : (tensor<64xf32>) -> (tensor<64xf32>, tensor<64xi1>) {
// CHECK: tile.map_elementwise.return %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}} : f32, f32, i1, i1
func.func @forms(%a: tensor<64xi32>, %b: tensor<64xi32>, %x: tensor<64xf32>) -> (tensor<64xi32>, tensor<64xf32>, tensor<64xi1>) {
  %0 = tile.map_elementwise(%a, %b) {pack = 1 : i32} : (tensor<64xi32>, tensor<64xi32>) -> tensor<64xi32> {
  ^bb0(%p: i32, %q: i32):
    %lt = arith.cmpi slt, %p, %q : i32
    %r = scf.if %lt -> (i32) {
      scf.yield %p : i32
    } else {
      scf.yield %q : i32
    }
    tile.map_elementwise.return %r : i32
  }
  %1:2 = tile.map_elementwise(%x) {pack = 2 : i32} : (tensor<64xf32>) -> (tensor<64xf32>, tensor<64xi1>) {
  ^bb0(%x0: f32, %x1: f32):
    %n0 = arith.negf %x0 : f32
    %n1 = arith.negf %x1 : f32
    %c0 = arith.cmpf olt, %x0, %n0 : f32
    %c1 = arith.cmpf olt, %x1, %n1 : f32
    tile.map_elementwise.return %n0, %n1, %c0, %c1 : f32, f32, i1, i1
  }
  return %0, %1#0, %1#1 : tensor<64xi32>, tensor<64xf32>, tensor<64xi1>
}

// -----

// DCE-LABEL: func @unused
// DCE-NOT: tile.map_elementwise
func.func @unused(%a: tensor<64xi32>) {
  %0 = tile.map_elementwise(%a) {pack = 1 : i32} : (tensor<64xi32>) -> tensor<64xi32> {
  ^bb0(%p: i32):
    %r = arith.addi %p, %p : i32
    tile.map_elementwise.return %r : i32
  }
  return
}
