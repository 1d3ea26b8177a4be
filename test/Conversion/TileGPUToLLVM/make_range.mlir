// RUN: tilec-opt %s -split-input-file -convert-tilegpu-to-llvm | FileCheck %s

#blocked = #tilegpu.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {tilegpu.num_warps = 4 : i32, tilegpu.threads_per_warp = 32 : i32} {
  // CHECK-LABEL: llvm.func @range
  func.func @range(%p: !tile.ptr<i32>) attributes {tile.kernel} {
    // CHECK: %[[START:.*]] = llvm.mlir.constant(16 : i32)
    // CHECK: %[[TID:.*]] = nvvm.read.ptx.sreg.tid.x : i32
    // CHECK: llvm.and %[[TID]]
    // CHECK: llvm.lshr %[[TID]]
    // CHECK: llvm.mlir.constant(128 : i32)
    // CHECK: llvm.add %{{.*}}, %[[START]]
    // CHECK: llvm.insertvalue {{.*}}[1] : !llvm.struct<(i32, i32)>
    %r = tile.make_range 16 to 272 : tensor<256xi32, #blocked>
    %ps = tile.splat %p : !tile.ptr<i32> -> tensor<256x!tile.ptr<i32>, #blocked>
    %a = tile.addptr %ps, %r : tensor<256x!tile.ptr<i32>, #blocked>, tensor<256xi32, #blocked>
    tile.store %a, %r : tensor<256x!tile.ptr<i32>, #blocked>
    return
  }
}
