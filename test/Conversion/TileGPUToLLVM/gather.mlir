// RUN: tilec-opt %s -split-input-file -tilegpu-allocate-shared-memory -convert-tilegpu-to-llvm | FileCheck %s

// A gather along axis 1 of a 16 x 32 f32 source: the source goes to the
// op's scratch (2048 bytes, its row-major image), a barrier, then each of the
// thread's 2 result elements loads the source element in its row at the
// column its index names (the i64 indices narrowed to i32).
#s = #tilegpu.blocked<{sizePerThread = [1, 4], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#i = #tilegpu.blocked<{sizePerThread = [1, 1], threadsPerWarp = [2, 16], warpsPerCTA = [4, 1], order = [1, 0]}>
// CHECK: llvm.mlir.global internal @tilec_scratch_smem() {{.*}} : !llvm.array<2048 x i8>
module attributes {tilegpu.num_warps = 4 : i32, tilegpu.threads_per_warp = 32 : i32} {
  // CHECK-LABEL: llvm.func @gather
  func.func @gather(%x: tensor<16x32xf32, #s>, %i: tensor<16x16xi64, #i>, %p: !tile.ptr<f32>) attributes {tile.kernel} {
    // CHECK: nvvm.barrier0
    // CHECK-COUNT-4: llvm.store %{{.*}}, %{{.*}} {alignment = 4 : i64} : f32, !llvm.ptr<3>
    // CHECK: nvvm.barrier0
    // CHECK: llvm.trunc %{{.*}} : i64 to i32
    // CHECK: llvm.load %{{.*}} {alignment = 4 : i64} : !llvm.ptr<3> -> f32
    // CHECK: llvm.trunc %{{.*}} : i64 to i32
    // CHECK: llvm.load %{{.*}} {alignment = 4 : i64} : !llvm.ptr<3> -> f32
    // CHECK-NOT: llvm.load {{.*}}!llvm.ptr<3>
    // CHECK: llvm.return
    %g = tile.gather %x[%i] {axis = 1 : i32} : (tensor<16x32xf32, #s>, tensor<16x16xi64, #i>) -> tensor<16x16xf32, #i>
    %ps = tile.splat %p : !tile.ptr<f32> -> tensor<16x16x!tile.ptr<f32>, #i>
    tile.store %ps, %g : tensor<16x16x!tile.ptr<f32>, #i>
    return
  }
}

