// RUN: tilec-opt %s -split-input-file -canonicalize | FileCheck %s

// Folders and canonicalization patterns of the tile dialect.

// CHECK-LABEL: func @splat_constant
func.func @splat_constant() -> (tensor<128xf32>, tensor<4x4xi32>) {
  // CHECK-DAG: %[[F:.*]] = arith.constant dense<1.500000e+00> : tensor<128xf32>
  // CHECK-DAG: %[[I:.*]] = arith.constant dense<7> : tensor<4x4xi32>
  // CHECK-NOT: tile.splat
  // CHECK: return %[[F]], %[[I]]
  %c = arith.constant 1.5 : f32
  %0 = tile.splat %c : f32 -> tensor<128xf32>
  %i = arith.constant 7 : i32
  %1 = tile.splat %i : i32 -> tensor<4x4xi32>
  return %0, %1 : tensor<128xf32>, tensor<4x4xi32>
}

// -----

// CHECK-LABEL: func @shape_of_splat_constant
func.func @shape_of_splat_constant()
    -> (tensor<64x128xf32>, tensor<1x128xf32>, tensor<8x16xf32>, tensor<128x64xf32>) {
  // CHECK-DAG: %[[B:.*]] = arith.constant dense<2.000000e+00> : tensor<64x128xf32>
  // CHECK-DAG: %[[E:.*]] = arith.constant dense<2.000000e+00> : tensor<1x128xf32>
  // CHECK-DAG: %[[R:.*]] = arith.constant dense<2.000000e+00> : tensor<8x16xf32>
  // CHECK-DAG: %[[T:.*]] = arith.constant dense<2.000000e+00> : tensor<128x64xf32>
  // CHECK-NOT: tile.
  // CHECK: return %[[B]], %[[E]], %[[R]], %[[T]]
  %c = arith.constant dense<2.0> : tensor<1x128xf32>
  %0 = tile.broadcast %c : tensor<1x128xf32> -> tensor<64x128xf32>
  %v = arith.constant dense<2.0> : tensor<128xf32>
  %1 = tile.expand_dims %v {axis = 0 : i32} : tensor<128xf32> -> tensor<1x128xf32>
  %2 = tile.reshape %v : tensor<128xf32> -> tensor<8x16xf32>
  %3 = tile.trans %0 {order = array<i32: 1, 0>} : tensor<64x128xf32> -> tensor<128x64xf32>
  return %0, %1, %2, %3 : tensor<64x128xf32>, tensor<1x128xf32>, tensor<8x16xf32>, tensor<128x64xf32>
}

// -----

// CHECK-LABEL: func @same_type
// CHECK-SAME: (%[[X:.*]]: tensor<16x16xf32>)
func.func @same_type(%x: tensor<16x16xf32>)
    -> (tensor<16x16xf32>, tensor<16x16xf32>, tensor<16x16xf32>) {
  // CHECK-NOT: tile.broadcast
  // CHECK-NOT: tile.reshape
  %0 = tile.broadcast %x : tensor<16x16xf32> -> tensor<16x16xf32>
  %1 = tile.reshape %x : tensor<16x16xf32> -> tensor<16x16xf32>
  // CHECK: %[[T:.*]] = tile.trans %[[X]] {order = array<i32: 1, 0>}
  // A square transpose keeps its type but is not a no-op.
  %2 = tile.trans %x {order = array<i32: 1, 0>} : tensor<16x16xf32> -> tensor<16x16xf32>
  // CHECK: return %[[X]], %[[X]], %[[T]]
  return %0, %1, %2 : tensor<16x16xf32>, tensor<16x16xf32>, tensor<16x16xf32>
}

// -----

// CHECK-LABEL: func @trans_of_trans
// CHECK-SAME: (%[[X:.*]]: tensor<2x4x8xf32>)
func.func @trans_of_trans(%x: tensor<2x4x8xf32>)
    -> (tensor<2x4x8xf32>, tensor<8x2x4xf32>) {
  %0 = tile.trans %x {order = array<i32: 1, 0, 2>} : tensor<2x4x8xf32> -> tensor<4x2x8xf32>
  %1 = tile.trans %0 {order = array<i32: 1, 0, 2>} : tensor<4x2x8xf32> -> tensor<2x4x8xf32>
  // CHECK: %[[T:.*]] = tile.trans %[[X]] {order = array<i32: 2, 0, 1>} : tensor<2x4x8xf32> -> tensor<8x2x4xf32>
  %2 = tile.trans %0 {order = array<i32: 2, 1, 0>} : tensor<4x2x8xf32> -> tensor<8x2x4xf32>
  // CHECK: return %[[X]], %[[T]]
  return %1, %2 : tensor<2x4x8xf32>, tensor<8x2x4xf32>
}

// -----

// CHECK-LABEL: func @shape_of_splat
// CHECK-SAME: (%[[X:.*]]: f32)
func.func @shape_of_splat(%x: f32) -> (tensor<1x128xf32>, tensor<8x16xf32>) {
  // CHECK-DAG: %[[E:.*]] = tile.splat %[[X]] : f32 -> tensor<1x128xf32>
  // CHECK-DAG: %[[R:.*]] = tile.splat %[[X]] : f32 -> tensor<8x16xf32>
  // CHECK-NOT: tile.expand_dims
  // CHECK-NOT: tile.reshape
  %s = tile.splat %x : f32 -> tensor<128xf32>
  %0 = tile.expand_dims %s {axis = 0 : i32} : tensor<128xf32> -> tensor<1x128xf32>
  %1 = tile.reshape %s : tensor<128xf32> -> tensor<8x16xf32>
  // CHECK: return %[[E]], %[[R]]
  return %0, %1 : tensor<1x128xf32>, tensor<8x16xf32>
}

// -----

// CHECK-LABEL: func @reshape_of_reshape
// CHECK-SAME: (%[[X:.*]]: tensor<4x32xf32>)
func.func @reshape_of_reshape(%x: tensor<4x32xf32>) -> tensor<8x16xf32> {
  // CHECK: %[[R:.*]] = tile.reshape %[[X]] allow_reorder : tensor<4x32xf32> -> tensor<8x16xf32>
  // CHECK-NEXT: return %[[R]]
  %0 = tile.reshape %x allow_reorder : tensor<4x32xf32> -> tensor<128xf32>
  %1 = tile.reshape %0 : tensor<128xf32> -> tensor<8x16xf32>
  return %1 : tensor<8x16xf32>
}

// -----

// CHECK-LABEL: func @addptr_zero
// CHECK-SAME: (%[[P:.*]]: tensor<64x!tile.ptr<f32>>, %[[S:.*]]: !tile.ptr<f16>)
func.func @addptr_zero(%p: tensor<64x!tile.ptr<f32>>, %s: !tile.ptr<f16>)
    -> (tensor<64x!tile.ptr<f32>>, !tile.ptr<f16>, !tile.ptr<f16>) {
  %z = arith.constant dense<0> : tensor<64xi32>
  %0 = tile.addptr %p, %z : tensor<64x!tile.ptr<f32>>, tensor<64xi32>
  %c0 = arith.constant 0 : i64
  %1 = tile.addptr %s, %c0 : !tile.ptr<f16>, i64
  // CHECK: %[[C:.*]] = arith.constant 4 : i32
  // CHECK: %[[Q:.*]] = tile.addptr %[[S]], %[[C]] : !tile.ptr<f16>, i32
  %c4 = arith.constant 4 : i32
  %2 = tile.addptr %s, %c4 : !tile.ptr<f16>, i32
  // CHECK: return %[[P]], %[[S]], %[[Q]]
  return %0, %1, %2 : tensor<64x!tile.ptr<f32>>, !tile.ptr<f16>, !tile.ptr<f16>
}

// -----

// CHECK-LABEL: func @pointer_round_trips
// CHECK-SAME: (%[[P:.*]]: tensor<64x!tile.ptr<f32>>, %[[X:.*]]: tensor<64xf32>)
func.func @pointer_round_trips(%p: tensor<64x!tile.ptr<f32>>, %x: tensor<64xf32>)
    -> (tensor<64x!tile.ptr<f32>>, tensor<64xf32>, tensor<64xf32>, tensor<64xi32>) {
  %i = tile.ptr_to_int %p : tensor<64x!tile.ptr<f32>> -> tensor<64xi64>
  %0 = tile.int_to_ptr %i : tensor<64xi64> -> tensor<64x!tile.ptr<f32>>
  %b = tile.bitcast %x : tensor<64xf32> -> tensor<64xi32>
  %1 = tile.bitcast %b : tensor<64xi32> -> tensor<64xf32>
  %2 = tile.bitcast %x : tensor<64xf32> -> tensor<64xf32>
  // CHECK: %[[B:.*]] = tile.bitcast %[[X]] : tensor<64xf32> -> tensor<64xi32>
  %3 = tile.bitcast %b : tensor<64xi32> -> tensor<64xi32>
  // CHECK: return %[[P]], %[[X]], %[[X]], %[[B]]
  return %0, %1, %2, %3 : tensor<64x!tile.ptr<f32>>, tensor<64xf32>, tensor<64xf32>, tensor<64xi32>
}

// -----

// CHECK-LABEL: func @hint_survives
// CHECK-SAME: (%[[X:.*]]: tensor<128xi32>)
func.func @hint_survives(%x: tensor<128xi32>) -> tensor<128xi32> {
  // CHECK: %[[H:.*]] = tile.hint %[[X]] divisibility = [16] : tensor<128xi32>
  // CHECK: return %[[H]]
  %0 = tile.hint %x divisibility = [16] : tensor<128xi32>
  return %0 : tensor<128xi32>
}

// -----

// CHECK-LABEL: func @dead_code
func.func @dead_code(%p: tensor<64x!tile.ptr<f32>>, %v: tensor<64xf32>) {
  // Unused pure ops go away; stores and volatile loads stay.
  // CHECK-NOT: tile.make_range
  // CHECK-NOT: tile.load %{{[^ ]*}} :
  // CHECK: tile.load %{{.*}} volatile
  // CHECK: tile.store
  %0 = tile.make_range 0 to 64 : tensor<64xi32>
  %1 = tile.load %p : tensor<64x!tile.ptr<f32>>
  %2 = tile.load %p volatile : tensor<64x!tile.ptr<f32>>
  tile.store %p, %v : tensor<64x!tile.ptr<f32>>
  return
}
