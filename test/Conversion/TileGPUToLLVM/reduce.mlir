// RUN: tilec-opt %s -split-input-file -convert-tilegpu-to-llvm | FileCheck %s

#blocked = #tilegpu.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
// CHECK: llvm.mlir.global internal @tilec_scratch_smem() {addr_space = 3 : i32, alignment = 1024 : i64} : !llvm.array<512 x i8>
module attributes {tilegpu.num_warps = 4 : i32, tilegpu.threads_per_warp = 32 : i32} {
  // CHECK-LABEL: llvm.func @sum
  func.func @sum(%p: !tile.ptr<f32>) attributes {tile.kernel} {
    %r = tile.make_range 0 to 256 : tensor<256xi32, #blocked>
    %ps = tile.splat %p : !tile.ptr<f32> -> tensor<256x!tile.ptr<f32>, #blocked>
    %q = tile.addptr %ps, %r : tensor<256x!tile.ptr<f32>, #blocked>, tensor<256xi32, #blocked>
    %v = tile.load %q : tensor<256x!tile.ptr<f32>, #blocked>
    // CHECK: llvm.fadd
    // CHECK-COUNT-5: nvvm.shfl.sync bfly
    // CHECK: nvvm.barrier0
    // CHECK: llvm.store {{.*}} : f32, !llvm.ptr<3>
    // CHECK: nvvm.barrier0
    // Lane l fetches the partial of warp l mod 4; two butterflies over the
    // low lane bits combine the 4 partials in every lane.
    // CHECK: llvm.load {{.*}} : !llvm.ptr<3> -> f32
    // CHECK-NOT: llvm.load {{.*}} : !llvm.ptr<3>
    // CHECK: nvvm.shfl.sync bfly {{.*}} : f32 -> f32
    // CHECK: llvm.fadd
    // CHECK: nvvm.shfl.sync bfly {{.*}} : f32 -> f32
    // CHECK: llvm.fadd
    // CHECK-NOT: nvvm.shfl.sync
    %s = tile.reduce(%v) {axis = 0 : i32} : (tensor<256xf32, #blocked>) -> f32 {
    ^bb0(%a: f32, %b: f32):
      %t = arith.addf %a, %b : f32
      tile.reduce.return %t : f32
    }
    tile.store %p, %s : !tile.ptr<f32>
    return
  }
}

// -----

// Lanes split between the kept and the reduced axis (4 rows of lanes, 8
// lanes along the row), warps along the row: a lane's partial belongs to its
// own row, so each thread reads the partial of its row from every warp
// along the axis (4 loads), the general path.
#rows = #tilegpu.blocked<{sizePerThread = [1, 1], threadsPerWarp = [4, 8], warpsPerCTA = [1, 4], order = [1, 0]}>
module attributes {tilegpu.num_warps = 4 : i32, tilegpu.threads_per_warp = 32 : i32} {
  // CHECK-LABEL: llvm.func @row_sums
  func.func @row_sums(%x: tensor<4x64xf32, #rows>) attributes {tile.kernel} {
    // CHECK-COUNT-3: nvvm.shfl.sync bfly
    // CHECK: nvvm.barrier0
    // CHECK: llvm.store {{.*}} : f32, !llvm.ptr<3>
    // CHECK: nvvm.barrier0
    // CHECK-COUNT-4: llvm.load {{.*}} : !llvm.ptr<3> -> f32
    // CHECK-NOT: nvvm.shfl.sync
    %s = tile.reduce(%x) {axis = 1 : i32} : (tensor<4x64xf32, #rows>) -> tensor<4xf32, #tilegpu.slice<{dim = 1, parent = #rows}>> {
    ^bb0(%a: f32, %b: f32):
      %t = arith.addf %a, %b : f32
      tile.reduce.return %t : f32
    }
    return
  }
}
