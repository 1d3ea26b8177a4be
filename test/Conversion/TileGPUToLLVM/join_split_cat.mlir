// RUN: tilec-opt %s -split-input-file -tilegpu-allocate-shared-memory -convert-tilegpu-to-llvm | FileCheck %s

// join and split pick registers: the pair of a joined element is two
// registers of one thread (no shuffles, no shared memory).
#b = #tilegpu.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [4, 1], order = [1, 0]}>
#j = #tilegpu.blocked<{sizePerThread = [1, 1, 2], threadsPerWarp = [1, 32, 1], warpsPerCTA = [4, 1, 1], order = [2, 1, 0]}>
// CHECK-NOT: llvm.mlir.global internal @tilec_scratch_smem
module attributes {tilegpu.num_warps = 4 : i32, tilegpu.threads_per_warp = 32 : i32} {
  // CHECK-LABEL: llvm.func @join_split
  // CHECK-SAME: (%[[A:[a-z0-9]+]]: !llvm.struct<(i32, i32)>, %[[B:[a-z0-9]+]]: !llvm.struct<(i32, i32)>)
  func.func @join_split(%a: tensor<8x32xi32, #b>, %c: tensor<8x32xi32, #b>) attributes {tile.kernel} {
    // CHECK: %[[A0:.*]] = llvm.extractvalue %[[A]][0]
    // CHECK: %[[A1:.*]] = llvm.extractvalue %[[A]][1]
    // CHECK: %[[B0:.*]] = llvm.extractvalue %[[B]][0]
    // CHECK: %[[B1:.*]] = llvm.extractvalue %[[B]][1]
    // CHECK: llvm.insertvalue %[[A0]], %{{.*}}[0]
    // CHECK: llvm.insertvalue %[[B0]], %{{.*}}[1]
    // CHECK: llvm.insertvalue %[[A1]], %{{.*}}[2]
    // CHECK: llvm.insertvalue %[[B1]], %{{.*}}[3]
    %j = tile.join %a, %c : tensor<8x32xi32, #b> -> tensor<8x32x2xi32, #j>
    // CHECK-NOT: nvvm.shfl.sync
    // CHECK-NOT: nvvm.barrier0
    %l, %r = tile.split %j : tensor<8x32x2xi32, #j> -> tensor<8x32xi32, #b>
    // CHECK: llvm.return
    return
  }
}

// -----

// cat: the lhs's registers, then the rhs's.
#s = #tilegpu.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
#d = #tilegpu.blocked<{sizePerThread = [2], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {tilegpu.num_warps = 4 : i32, tilegpu.threads_per_warp = 32 : i32} {
  // CHECK-LABEL: llvm.func @cat
  func.func @cat(%a: tensor<32xi32, #s>, %c: tensor<32xi32, #s>) attributes {tile.kernel} {
    // CHECK: %[[A0:.*]] = llvm.extractvalue %{{.*}}[0] : !llvm.struct<(i32)>
    // CHECK: %[[B0:.*]] = llvm.extractvalue %{{.*}}[0] : !llvm.struct<(i32)>
    // CHECK: %[[V:.*]] = llvm.insertvalue %[[A0]], %{{.*}}[0] : !llvm.struct<(i32, i32)>
    // CHECK: llvm.insertvalue %[[B0]], %[[V]][1] : !llvm.struct<(i32, i32)>
    %r = tile.cat %a, %c : tensor<32xi32, #s> -> tensor<64xi32, #d>
    return
  }
}
