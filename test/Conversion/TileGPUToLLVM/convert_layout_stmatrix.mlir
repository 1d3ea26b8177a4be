// RUN: tilec-opt %s -split-input-file -tilegpu-allocate-shared-memory -convert-tilegpu-to-llvm | FileCheck %s

// Out of a wgmma accumulator of 16-bit elements, the scratch is a 128-byte
// swizzled tile written with stmatrix.x4: each instruction stores 8 of a
// thread's registers (four 8x8 blocks, one 16-byte row address per lane),
// 32 registers are 4 instructions; the blocked result then reads 16-byte
// chunks of the same swizzled rows. No element-wise stores.
#mma = #tilegpu.mma<{version = 3, instrN = 64, warpsPerCTA = [4, 1]}>
#blocked = #tilegpu.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
// CHECK: llvm.mlir.global internal @tilec_scratch_smem() {addr_space = 3 : i32, alignment = 1024 : i64} : !llvm.array<8192 x i8>
module attributes {tilegpu.num_warps = 4 : i32, tilegpu.threads_per_warp = 32 : i32} {
  // CHECK-LABEL: llvm.func @wgmma_to_blocked
  func.func @wgmma_to_blocked(%x: tensor<64x64xf16, #mma>) attributes {tile.kernel} {
    // CHECK: nvvm.barrier0
    // CHECK-NOT: llvm.store
    // CHECK-COUNT-4: nvvm.stmatrix %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}} {eltType = #nvvm.ld_st_matrix_elt_type<b16>, layout = #nvvm.mma_layout<row>, shape = #nvvm.ld_st_matrix_shape<m = 8, n = 8>} : !llvm.ptr<3>, i32, i32, i32, i32
    // CHECK-NEXT: nvvm.barrier0
    // CHECK-COUNT-4: llvm.load %{{.*}} {alignment = 16 : i64} : !llvm.ptr<3> -> vector<8xf16>
    // CHECK-NOT: nvvm.stmatrix
    // CHECK-NOT: llvm.load
    %y = tilegpu.convert_layout %x : tensor<64x64xf16, #mma> -> tensor<64x64xf16, #blocked>
    return
  }
}

// -----

// An mma.sync accumulator (version 2) may be on sm_80, which has no
// stmatrix: the row-major scratch and element-wise stores (pairs of f16).
#mma = #tilegpu.mma<{version = 2, instrN = 8, warpsPerCTA = [4, 1]}>
#blocked = #tilegpu.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
module attributes {tilegpu.num_warps = 4 : i32, tilegpu.threads_per_warp = 32 : i32} {
  // CHECK-LABEL: llvm.func @mma_sync_to_blocked
  func.func @mma_sync_to_blocked(%x: tensor<64x64xf16, #mma>) attributes {tile.kernel} {
    // CHECK-NOT: nvvm.stmatrix
    // CHECK: llvm.store %{{.*}}, %{{.*}} {alignment = 4 : i64} : vector<2xf16>, !llvm.ptr<3>
    // CHECK-NOT: nvvm.stmatrix
    // CHECK: llvm.return
    %y = tilegpu.convert_layout %x : tensor<64x64xf16, #mma> -> tensor<64x64xf16, #blocked>
    return
  }
}

// -----

// 32-bit elements are not stmatrix's b16: element-wise stores.
#mma = #tilegpu.mma<{version = 3, instrN = 64, warpsPerCTA = [4, 1]}>
#blocked = #tilegpu.blocked<{sizePerThread = [1, 4], threadsPerWarp = [2, 16], warpsPerCTA = [4, 1], order = [1, 0]}>
module attributes {tilegpu.num_warps = 4 : i32, tilegpu.threads_per_warp = 32 : i32} {
  // CHECK-LABEL: llvm.func @wgmma_f32_to_blocked
  func.func @wgmma_f32_to_blocked(%x: tensor<64x64xf32, #mma>) attributes {tile.kernel} {
    // CHECK-NOT: nvvm.stmatrix
    // CHECK: llvm.store %{{.*}}, %{{.*}} {alignment = 8 : i64} : vector<2xf32>, !llvm.ptr<3>
    // CHECK-NOT: nvvm.stmatrix
    // CHECK: llvm.return
    %y = tilegpu.convert_layout %x : tensor<64x64xf32, #mma> -> tensor<64x64xf32, #blocked>
    return
  }
}
