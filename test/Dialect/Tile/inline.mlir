// RUN: tilec-opt %s -inline | FileCheck %s

// Every tile op is legal to inline, so @jit helpers disappear into kernels.

func.func private @helper(%p: tensor<64x!tile.ptr<f32>>, %m: tensor<64xi1>)
    -> f32 {
  %0 = tile.load %p, %m : tensor<64x!tile.ptr<f32>>
  %1 = tile.reduce(%0) {axis = 0 : i32} : (tensor<64xf32>) -> f32 {
  ^bb0(%a: f32, %b: f32):
    %s = arith.addf %a, %b : f32
    tile.reduce.return %s : f32
  }
  return %1 : f32
}

// CHECK-LABEL: func @kernel
// CHECK-NOT: call
// CHECK: tile.load
// CHECK: tile.reduce
// CHECK: tile.reduce.return
func.func @kernel(%p: tensor<64x!tile.ptr<f32>>, %m: tensor<64xi1>) -> f32 {
  %0 = func.call @helper(%p, %m)
      : (tensor<64x!tile.ptr<f32>>, tensor<64xi1>) -> f32
  return %0 : f32
}
