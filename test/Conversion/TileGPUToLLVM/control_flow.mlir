// RUN: tilec-opt %s -split-input-file -convert-tilegpu-to-llvm | FileCheck %s

#blocked = #tilegpu.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {tilegpu.num_warps = 4 : i32, tilegpu.threads_per_warp = 32 : i32} {
  // CHECK-LABEL: llvm.func @loop
  func.func @loop(%p: !tile.ptr<f32>, %n: i32) attributes {tile.kernel} {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %init = arith.constant dense<0.0> : tensor<256xf32, #blocked>
    %one = arith.constant dense<1.0> : tensor<256xf32, #blocked>
    // CHECK: llvm.br ^[[HEAD:.*]](%{{.*}}, %{{.*}} : i32, !llvm.struct<(f32, f32)>)
    // CHECK: ^[[HEAD]](%{{.*}}: i32, %{{.*}}: !llvm.struct<(f32, f32)>)
    // CHECK: llvm.cond_br
    %acc = scf.for %i = %c0 to %n step %c1 iter_args(%a = %init) -> (tensor<256xf32, #blocked>) : i32 {
      %b = arith.addf %a, %one : tensor<256xf32, #blocked>
      scf.yield %b : tensor<256xf32, #blocked>
    }
    %r = tile.make_range 0 to 256 : tensor<256xi32, #blocked>
    %ps = tile.splat %p : !tile.ptr<f32> -> tensor<256x!tile.ptr<f32>, #blocked>
    %q = tile.addptr %ps, %r : tensor<256x!tile.ptr<f32>, #blocked>, tensor<256xi32, #blocked>
    tile.store %q, %acc : tensor<256x!tile.ptr<f32>, #blocked>
    return
  }
}
