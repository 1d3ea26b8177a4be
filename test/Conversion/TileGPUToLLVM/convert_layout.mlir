// RUN: tilec-opt %s -split-input-file -tilegpu-allocate-shared-memory -convert-tilegpu-to-llvm | FileCheck %s

// Each thread already holds what it needs: a register permutation, no
// shared memory, no barrier.
#a = #tilegpu.blocked<{sizePerThread = [1, 2], threadsPerWarp = [32, 1], warpsPerCTA = [4, 1], order = [1, 0]}>
#b = #tilegpu.blocked<{sizePerThread = [1, 2], threadsPerWarp = [32, 1], warpsPerCTA = [4, 1], order = [0, 1]}>
// CHECK-NOT: llvm.mlir.global internal @tilec_scratch_smem
module attributes {tilegpu.num_warps = 4 : i32, tilegpu.threads_per_warp = 32 : i32} {
  // CHECK-LABEL: llvm.func @in_registers
  func.func @in_registers(%x: tensor<128x2xi32, #a>) attributes {tile.kernel} {
    // CHECK-NOT: nvvm.barrier0
    // CHECK-NOT: !llvm.ptr<3>
    %y = tilegpu.convert_layout %x : tensor<128x2xi32, #a> -> tensor<128x2xi32, #b>
    // CHECK: llvm.return
    return
  }
}

// -----

// Elements move to other threads: every thread stores what it holds at the
// element's row-major offset, a barrier, then loads what it gets; a barrier
// first protects an earlier user of the same bytes.
#blocked = #tilegpu.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
#blocked4 = #tilegpu.blocked<{sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
// CHECK: llvm.mlir.global internal @tilec_scratch_smem() {addr_space = 3 : i32, alignment = 1024 : i64} : !llvm.array<2048 x i8>
module attributes {tilegpu.num_warps = 4 : i32, tilegpu.threads_per_warp = 32 : i32} {
  // CHECK-LABEL: llvm.func @through_shared
  func.func @through_shared(%x: tensor<512xf32, #blocked>) attributes {tile.kernel} {
    // One element a register on the way in (4 scalar stores), a run of 4
    // on the way out (one 16-byte load).
    // CHECK: nvvm.barrier0
    // CHECK-COUNT-4: llvm.store %{{.*}}, %{{.*}} {alignment = 4 : i64} : f32, !llvm.ptr<3>
    // CHECK: nvvm.barrier0
    // CHECK: llvm.load %{{.*}} {alignment = 16 : i64} : !llvm.ptr<3> -> vector<4xf32>
    // CHECK-NOT: llvm.load
    %y = tilegpu.convert_layout %x : tensor<512xf32, #blocked> -> tensor<512xf32, #blocked4>
    return
  }
}
