// RUN: tilec-opt %s -split-input-file -tilegpu-allocate-shared-memory -convert-tilegpu-to-llvm | FileCheck %s

// A reshape that keeps every element in its thread: 2-D rows of 32 lanes
// flattened into the 1-D layout with the same lanes and warps, a register
// permutation.
#r = #tilegpu.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [4, 1], order = [1, 0]}>
#f = #tilegpu.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
// CHECK-NOT: llvm.mlir.global internal @tilec_scratch_smem
module attributes {tilegpu.num_warps = 4 : i32, tilegpu.threads_per_warp = 32 : i32} {
  // CHECK-LABEL: llvm.func @in_registers
  func.func @in_registers(%x: tensor<8x32xf32, #r>) attributes {tile.kernel} {
    // CHECK-NOT: nvvm.barrier0
    %y = tile.reshape %x : tensor<8x32xf32, #r> -> tensor<256xf32, #f>
    // CHECK: llvm.return
    return
  }
}

// -----

// 1-D to 3-D in the default layouts: elements change threads, through
// shared memory at their row-major index (4 bytes x 256).
#f = #tilegpu.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
#t = #tilegpu.blocked<{sizePerThread = [1, 1, 1], threadsPerWarp = [1, 4, 8], warpsPerCTA = [4, 1, 1], order = [2, 1, 0]}>
// CHECK: llvm.mlir.global internal @tilec_scratch_smem() {addr_space = 3 : i32, alignment = 1024 : i64} : !llvm.array<1024 x i8>
module attributes {tilegpu.num_warps = 4 : i32, tilegpu.threads_per_warp = 32 : i32} {
  // CHECK-LABEL: llvm.func @through_shared
  func.func @through_shared(%x: tensor<256xf32, #f>) attributes {tile.kernel} {
    // CHECK: nvvm.barrier0
    // CHECK-COUNT-2: llvm.store %{{.*}}, %{{.*}} {alignment = 4 : i64} : f32, !llvm.ptr<3>
    // CHECK: nvvm.barrier0
    // CHECK-COUNT-4: llvm.load %{{.*}} {alignment = 4 : i64} : !llvm.ptr<3> -> f32
    %y = tile.reshape %x : tensor<256xf32, #f> -> tensor<2x16x8xf32, #t>
    return
  }
}
