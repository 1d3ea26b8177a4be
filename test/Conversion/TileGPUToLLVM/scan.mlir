// RUN: tilec-opt %s -split-input-file -tilegpu-allocate-shared-memory -convert-tilegpu-to-llvm | FileCheck %s

// 256 elements on 4 warps, 2 per thread (a chunk): the thread's pair, a
// Hillis-Steele scan of its last element over the 32 lanes (shfl.sync.up by
// 1, 2, 4, 8, 16), the warp totals through shared memory (16 bytes, the last
// lane of each warp storing), then the fix-up of the chunk's first element
// with the previous lane's total.
#b = #tilegpu.blocked<{sizePerThread = [2], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
// CHECK: llvm.mlir.global internal @tilec_scratch_smem() {addr_space = 3 : i32, alignment = 1024 : i64} : !llvm.array<16 x i8>
module attributes {tilegpu.num_warps = 4 : i32, tilegpu.threads_per_warp = 32 : i32} {
  // CHECK-LABEL: llvm.func @cumsum_warps
  func.func @cumsum_warps(%x: tensor<256xi32, #b>) attributes {tile.kernel} {
    // CHECK: llvm.add
    // CHECK: nvvm.shfl.sync up {{.*}} : i32 -> i32
    // CHECK: llvm.add
    // CHECK: llvm.select
    // CHECK-COUNT-4: nvvm.shfl.sync up
    // CHECK: nvvm.barrier0
    // CHECK: llvm.inline_asm has_side_effects {{.*}}"@$0 st.shared.b32 [ $1 + 0 ], $2;", "b,l,r"
    // CHECK: nvvm.barrier0
    // CHECK-COUNT-4: llvm.load {{.*}} : !llvm.ptr<3> -> i32
    // CHECK: nvvm.shfl.sync up
    // CHECK-NOT: nvvm.shfl.sync
    // CHECK: llvm.return
    %y = tile.scan(%x) {axis = 0 : i32, reverse = false} : (tensor<256xi32, #b>) -> tensor<256xi32, #b> {
    ^bb0(%a: i32, %c: i32):
      %s = arith.addi %a, %c : i32
      tile.reduce.return %s : i32
    }
    return
  }
}

// -----

// The reverse scan mirrors the forward one: shfl.sync.down instead of up.
#b = #tilegpu.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [1], order = [0]}>
// CHECK-NOT: llvm.mlir.global internal @tilec_scratch_smem
module attributes {tilegpu.num_warps = 1 : i32, tilegpu.threads_per_warp = 32 : i32} {
  // CHECK-LABEL: llvm.func @reverse
  func.func @reverse(%x: tensor<32xf32, #b>) attributes {tile.kernel} {
    // CHECK-COUNT-5: nvvm.shfl.sync down
    // CHECK-NOT: nvvm.shfl.sync
    // CHECK-NOT: nvvm.barrier0
    // CHECK: llvm.return
    %y = tile.scan(%x) {axis = 0 : i32, reverse = true} : (tensor<32xf32, #b>) -> tensor<32xf32, #b> {
    ^bb0(%a: f32, %c: f32):
      %s = arith.addf %a, %c : f32
      tile.reduce.return %s : f32
    }
    return
  }
}

// -----

// Along the rows of a 2-D tile, lanes 8 wide, the row twice as long as the
// lanes (two blocks): one warp along the axis, so the first block's total
// reaches the second block from the last lane of the row (shfl.sync.idx),
// and no shared memory. Two operands scan together.
#r = #tilegpu.blocked<{sizePerThread = [1, 1], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
// CHECK-NOT: llvm.mlir.global internal @tilec_scratch_smem
module attributes {tilegpu.num_warps = 4 : i32, tilegpu.threads_per_warp = 32 : i32} {
  // CHECK-LABEL: llvm.func @rows_two_operands
  func.func @rows_two_operands(%x: tensor<16x16xi32, #r>, %i: tensor<16x16xi32, #r>) attributes {tile.kernel} {
    // CHECK-COUNT-6: nvvm.shfl.sync up
    // CHECK: nvvm.shfl.sync idx
    // CHECK: nvvm.shfl.sync idx
    // CHECK-NOT: nvvm.barrier0
    // CHECK: llvm.return
    %y:2 = tile.scan(%x, %i) {axis = 1 : i32, reverse = false} : (tensor<16x16xi32, #r>, tensor<16x16xi32, #r>) -> (tensor<16x16xi32, #r>, tensor<16x16xi32, #r>) {
    ^bb0(%a: i32, %ai: i32, %c: i32, %ci: i32):
      %gt = arith.cmpi sgt, %c, %a : i32
      %v = arith.select %gt, %c, %a : i32
      %w = arith.select %gt, %ci, %ai : i32
      tile.reduce.return %v, %w : i32, i32
    }
    return
  }
}
