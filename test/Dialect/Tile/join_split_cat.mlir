// RUN: tilec-opt %s | tilec-opt | FileCheck %s

// tile.join, tile.split and tile.cat round-trip.
// CHECK-LABEL: func.func @roundtrip
func.func @roundtrip(%a: tensor<4x8xf32>, %b: tensor<4x8xf32>, %c: tensor<16xi32>) {
  // CHECK: %[[J:.*]] = tile.join %{{.*}}, %{{.*}} : tensor<4x8xf32> -> tensor<4x8x2xf32>
  %j = tile.join %a, %b : tensor<4x8xf32> -> tensor<4x8x2xf32>
  // CHECK: %{{.*}}, %{{.*}} = tile.split %[[J]] : tensor<4x8x2xf32> -> tensor<4x8xf32>
  %l, %r = tile.split %j : tensor<4x8x2xf32> -> tensor<4x8xf32>
  // CHECK: tile.cat %{{.*}}, %{{.*}} : tensor<16xi32> -> tensor<32xi32>
  %k = tile.cat %c, %c : tensor<16xi32> -> tensor<32xi32>
  return
}
