// RUN: tilec-opt %s -split-input-file -tilegpu-allocate-shared-memory -convert-tilegpu-to-llvm | FileCheck %s

// The result layout is the transpose of the source's: lane l, warp w hold
// source (w, l) and result (l, w), the same element, so no data moves.
#a = #tilegpu.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [4, 1], order = [1, 0]}>
#t = #tilegpu.blocked<{sizePerThread = [1, 1], threadsPerWarp = [32, 1], warpsPerCTA = [1, 4], order = [0, 1]}>
// CHECK-NOT: llvm.mlir.global internal @tilec_scratch_smem
module attributes {tilegpu.num_warps = 4 : i32, tilegpu.threads_per_warp = 32 : i32} {
  // CHECK-LABEL: llvm.func @in_registers
  func.func @in_registers(%x: tensor<32x32xf32, #a>) attributes {tile.kernel} {
    // CHECK-NOT: nvvm.barrier0
    %y = tile.trans %x {order = array<i32: 1, 0>} : tensor<32x32xf32, #a> -> tensor<32x32xf32, #t>
    // CHECK: llvm.return
    return
  }
}

// -----

// Same layout on both sides: each element goes to another thread, through
// shared memory at the row-major offset of its transposed coordinates.
#a = #tilegpu.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [4, 1], order = [1, 0]}>
// CHECK: llvm.mlir.global internal @tilec_scratch_smem() {addr_space = 3 : i32, alignment = 1024 : i64} : !llvm.array<4096 x i8>
module attributes {tilegpu.num_warps = 4 : i32, tilegpu.threads_per_warp = 32 : i32} {
  // CHECK-LABEL: llvm.func @through_shared
  func.func @through_shared(%x: tensor<32x32xf32, #a>) attributes {tile.kernel} {
    // CHECK: nvvm.barrier0
    // CHECK-COUNT-8: llvm.store %{{.*}}, %{{.*}} {alignment = 4 : i64} : f32, !llvm.ptr<3>
    // CHECK: nvvm.barrier0
    // CHECK-COUNT-8: llvm.load %{{.*}} {alignment = 4 : i64} : !llvm.ptr<3> -> f32
    %y = tile.trans %x {order = array<i32: 1, 0>} : tensor<32x32xf32, #a> -> tensor<32x32xf32, #a>
    return
  }
}
