// RUN: tilec-opt %s | tilec-opt | FileCheck %s

// tile.gather and tile.histogram round-trip.
// CHECK-LABEL: func.func @roundtrip
func.func @roundtrip(%x: tensor<16x32xf32>, %i: tensor<16x8xi64>,
                     %v: tensor<128xi32>, %m: tensor<128xi1>) {
  // CHECK: tile.gather %{{.*}}[%{{.*}}] {axis = 1 : i32} : (tensor<16x32xf32>, tensor<16x8xi64>) -> tensor<16x8xf32>
  %g = tile.gather %x[%i] {axis = 1 : i32} : (tensor<16x32xf32>, tensor<16x8xi64>) -> tensor<16x8xf32>
  // CHECK: tile.histogram %{{.*}} : tensor<128xi32> -> tensor<64xi32>
  %h = tile.histogram %v : tensor<128xi32> -> tensor<64xi32>
  // CHECK: tile.histogram %{{.*}}, %{{.*}} : tensor<128xi32>, tensor<128xi1> -> tensor<8xi32>
  %hm = tile.histogram %v, %m : tensor<128xi32>, tensor<128xi1> -> tensor<8xi32>
  return
}
