// RUN: tilec-opt %s -split-input-file -tilegpu-allocate-shared-memory -convert-tilegpu-to-llvm | FileCheck %s

// 128 values, one per thread, into 64 bins (256 bytes of scratch): the
// threads zero the bins (thread t bin t & 63), each adds 1 to bin
// `value & 63` with a shared-memory atomic, then reads its result bin.
#b = #tilegpu.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
// CHECK: llvm.mlir.global internal @tilec_scratch_smem() {{.*}} : !llvm.array<256 x i8>
module attributes {tilegpu.num_warps = 4 : i32, tilegpu.threads_per_warp = 32 : i32} {
  // CHECK-LABEL: llvm.func @hist
  func.func @hist(%x: tensor<128xi32, #b>, %p: !tile.ptr<i32>) attributes {tile.kernel} {
    // CHECK: nvvm.barrier0
    // CHECK: %[[Z:.*]] = llvm.and %{{.*}}, %{{.*}} : i32
    // CHECK: llvm.store %{{.*}}, %{{.*}} {alignment = 4 : i64} : i32, !llvm.ptr<3>
    // CHECK: nvvm.barrier0
    // CHECK: llvm.and %{{.*}}, %{{.*}} : i32
    // CHECK-NOT: llvm.select
    // CHECK: llvm.atomicrmw add %{{.*}}, %{{.*}} monotonic : !llvm.ptr<3>, i32
    // CHECK: nvvm.barrier0
    // CHECK: llvm.load %{{.*}} {alignment = 4 : i64} : !llvm.ptr<3> -> i32
    %h = tile.histogram %x : tensor<128xi32, #b> -> tensor<64xi32, #b>
    %ps = tile.splat %p : !tile.ptr<i32> -> tensor<64x!tile.ptr<i32>, #b>
    tile.store %ps, %h : tensor<64x!tile.ptr<i32>, #b>
    return
  }
}

// -----

// 64 masked values over 128 threads (warps 2 and 3 hold copies: only threads
// with tid bit 6 clear count) into 8 bins: a value counts when its low 5 bits
// (bins padded to 32, as Triton's) are below 8 and its mask is set;
// otherwise it adds 0 to bin 0.
#b = #tilegpu.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {tilegpu.num_warps = 4 : i32, tilegpu.threads_per_warp = 32 : i32} {
  // CHECK-LABEL: llvm.func @hist_masked
  func.func @hist_masked(%x: tensor<64xi32, #b>, %m: tensor<64xi1, #b>, %p: !tile.ptr<i32>) attributes {tile.kernel} {
    // CHECK: %[[C64:.*]] = llvm.mlir.constant(64 : i32) : i32
    // CHECK: %[[REP:.*]] = llvm.and %{{.*}}, %[[C64]] : i32
    // CHECK: %[[OWN:.*]] = llvm.icmp "eq" %[[REP]], %{{.*}} : i32
    // CHECK: %[[C31:.*]] = llvm.mlir.constant(31 : i32) : i32
    // CHECK: %[[BIN:.*]] = llvm.and %{{.*}}, %[[C31]] : i32
    // CHECK: %[[IN:.*]] = llvm.icmp "ult" %[[BIN]], %{{.*}} : i32
    // CHECK: %[[T1:.*]] = llvm.and %[[OWN]], %[[IN]] : i1
    // CHECK: %[[T2:.*]] = llvm.and %[[T1]], %{{.*}} : i1
    // CHECK: %[[ADD:.*]] = llvm.zext %[[T2]] : i1 to i32
    // CHECK: %[[AT:.*]] = llvm.select %[[T2]], %[[BIN]], %{{.*}} : i1, i32
    // CHECK: llvm.atomicrmw add %{{.*}}, %[[ADD]] monotonic : !llvm.ptr<3>, i32
    %h = tile.histogram %x, %m : tensor<64xi32, #b>, tensor<64xi1, #b> -> tensor<8xi32, #b>
    %ps = tile.splat %p : !tile.ptr<i32> -> tensor<8x!tile.ptr<i32>, #b>
    tile.store %ps, %h : tensor<8x!tile.ptr<i32>, #b>
    return
  }
}
