// RUN: tilec-opt %s -split-input-file -convert-tilegpu-to-llvm | FileCheck %s

// A row-major A operand (K contiguous) of one m16n8k16 step on one warp:
// its 8 registers are exactly one ldmatrix.x4 fragment, matrices (rows,
// K) = (0-7, 0-7), (8-15, 0-7), (0-7, 8-15), (8-15, 8-15), and each lane
// supplies the address of one 16-byte row.
#mma = #tilegpu.mma<{version = 2, instrN = 8, warpsPerCTA = [1, 1]}>
#a = #tilegpu.dot_op<{opIdx = 0, parent = #mma, elemBits = 16}>
#shared = #tilegpu.shared<{swizzleBytes = 32, order = [1, 0]}>
module attributes {tilegpu.num_warps = 1 : i32, tilegpu.threads_per_warp = 32 : i32} {
  // CHECK-LABEL: llvm.func @ldmatrix_a
  func.func @ldmatrix_a() attributes {tile.kernel} {
    %m = tilegpu.local_alloc : () -> !tilegpu.memdesc<[16, 16], f16, #shared>
    // CHECK: %[[ROW:.*]] = llvm.getelementptr %{{.*}}[%{{.*}}] : (!llvm.ptr<3>, i32) -> !llvm.ptr<3>, f16
    // CHECK: %[[FRAG:.*]] = nvvm.ldmatrix %[[ROW]] {eltType = #nvvm.ld_st_matrix_elt_type<b16>, layout = #nvvm.mma_layout<row>, num = 4 : i32, shape = #nvvm.ld_st_matrix_shape<m = 8, n = 8>} : (!llvm.ptr<3>) -> !llvm.struct<(i32, i32, i32, i32)>
    // CHECK: llvm.extractvalue %[[FRAG]][0]
    // CHECK: llvm.bitcast %{{.*}} : i32 to vector<2xf16>
    // CHECK-NOT: nvvm.ldmatrix
    // CHECK-NOT: llvm.load
    %r = tilegpu.local_load %m : !tilegpu.memdesc<[16, 16], f16, #shared> -> tensor<16x16xf16, #a>
    return
  }
}

// -----

// The same with the 32-byte swizzle checked in the row addresses: lane bits
// 0-2 pick rows 1, 2, 4 (16 elements apart; row 4 also flips the 16-byte
// chunk: 64 ^ 8), lane bit 3 the lower matrices (row 8), lane bit 4 the
// right ones (K 8). Adding the lane parts is exact, so they are XORed.
#mma = #tilegpu.mma<{version = 2, instrN = 8, warpsPerCTA = [1, 1]}>
#a = #tilegpu.dot_op<{opIdx = 0, parent = #mma, elemBits = 16}>
#shared = #tilegpu.shared<{swizzleBytes = 32, order = [1, 0]}>
module attributes {tilegpu.num_warps = 1 : i32, tilegpu.threads_per_warp = 32 : i32} {
  // CHECK-LABEL: llvm.func @ldmatrix_swizzled_rows
  func.func @ldmatrix_swizzled_rows() attributes {tile.kernel} {
    %m = tilegpu.local_alloc : () -> !tilegpu.memdesc<[16, 16], f16, #shared>
    // CHECK: llvm.mlir.constant(4 : i32)
    // CHECK: llvm.shl
    // CHECK: llvm.mlir.constant(5 : i32)
    // CHECK: llvm.shl
    // CHECK: llvm.mlir.constant(72 : i32)
    // CHECK: llvm.mul
    // CHECK: llvm.mlir.constant(7 : i32)
    // CHECK: llvm.shl
    // CHECK: llvm.mlir.constant(3 : i32)
    // CHECK: llvm.shl
    // CHECK: nvvm.ldmatrix
    %r = tilegpu.local_load %m : !tilegpu.memdesc<[16, 16], f16, #shared> -> tensor<16x16xf16, #a>
    return
  }
}

// -----

// A row-major B operand ([K, N], N contiguous) runs across K in registers:
// ldmatrix.trans, whose lanes get the 8 rows of a column. 16x16 on one warp
// is registers (K 1, K 8, N 8): one instruction.
#mma = #tilegpu.mma<{version = 2, instrN = 8, warpsPerCTA = [1, 1]}>
#b = #tilegpu.dot_op<{opIdx = 1, parent = #mma, elemBits = 16}>
#shared = #tilegpu.shared<{swizzleBytes = 32, order = [1, 0]}>
module attributes {tilegpu.num_warps = 1 : i32, tilegpu.threads_per_warp = 32 : i32} {
  // CHECK-LABEL: llvm.func @ldmatrix_trans_b
  func.func @ldmatrix_trans_b() attributes {tile.kernel} {
    %m = tilegpu.local_alloc : () -> !tilegpu.memdesc<[16, 16], bf16, #shared>
    // CHECK: nvvm.ldmatrix %{{.*}} {eltType = #nvvm.ld_st_matrix_elt_type<b16>, layout = #nvvm.mma_layout<col>, num = 4 : i32, shape = #nvvm.ld_st_matrix_shape<m = 8, n = 8>}
    // CHECK: llvm.bitcast %{{.*}} : i32 to vector<2xbf16>
    // CHECK-NOT: nvvm.ldmatrix
    %r = tilegpu.local_load %m : !tilegpu.memdesc<[16, 16], bf16, #shared> -> tensor<16x16xbf16, #b>
    return
  }
}

// -----

// A column-major B (K contiguous) is read along K: no .trans.
#mma = #tilegpu.mma<{version = 2, instrN = 8, warpsPerCTA = [1, 1]}>
#b = #tilegpu.dot_op<{opIdx = 1, parent = #mma, elemBits = 16}>
#shared = #tilegpu.shared<{swizzleBytes = 32, order = [0, 1]}>
module attributes {tilegpu.num_warps = 1 : i32, tilegpu.threads_per_warp = 32 : i32} {
  // CHECK-LABEL: llvm.func @ldmatrix_b_k_contiguous
  func.func @ldmatrix_b_k_contiguous() attributes {tile.kernel} {
    %m = tilegpu.local_alloc : () -> !tilegpu.memdesc<[16, 16], f16, #shared>
    // CHECK: nvvm.ldmatrix %{{.*}}layout = #nvvm.mma_layout<row>
    // CHECK-NOT: nvvm.ldmatrix
    %r = tilegpu.local_load %m : !tilegpu.memdesc<[16, 16], f16, #shared> -> tensor<16x16xf16, #b>
    return
  }
}

// -----

// matmul's A tile on 4 warps (2 x 2): each warp reads 64 rows x 32 K, 4 x 2
// fragments; the warps along N read the same rows.
#mma = #tilegpu.mma<{version = 2, instrN = 8, warpsPerCTA = [2, 2]}>
#a = #tilegpu.dot_op<{opIdx = 0, parent = #mma, elemBits = 16}>
#shared = #tilegpu.shared<{swizzleBytes = 64, order = [1, 0]}>
module attributes {tilegpu.num_warps = 4 : i32, tilegpu.threads_per_warp = 32 : i32} {
  // CHECK-LABEL: llvm.func @ldmatrix_four_warps
  func.func @ldmatrix_four_warps() attributes {tile.kernel} {
    %m = tilegpu.local_alloc : () -> !tilegpu.memdesc<[128, 32], f16, #shared>
    // CHECK-COUNT-8: nvvm.ldmatrix %{{.*}}layout = #nvvm.mma_layout<row>
    // CHECK-NOT: nvvm.ldmatrix
    %r = tilegpu.local_load %m : !tilegpu.memdesc<[128, 32], f16, #shared> -> tensor<128x32xf16, #a>
    return
  }
}

// -----

// A 16x8 B operand has 4 registers per thread, not an x4 fragment: each is
// loaded alone (consecutive registers run along K, 8 elements apart).
#mma = #tilegpu.mma<{version = 2, instrN = 8, warpsPerCTA = [1, 1]}>
#b = #tilegpu.dot_op<{opIdx = 1, parent = #mma, elemBits = 16}>
#shared = #tilegpu.shared<{swizzleBytes = 0, order = [1, 0]}>
module attributes {tilegpu.num_warps = 1 : i32, tilegpu.threads_per_warp = 32 : i32} {
  // CHECK-LABEL: llvm.func @fallback_small_b
  func.func @fallback_small_b() attributes {tile.kernel} {
    %m = tilegpu.local_alloc : () -> !tilegpu.memdesc<[16, 8], f16, #shared>
    // CHECK-NOT: nvvm.ldmatrix
    // CHECK-COUNT-4: llvm.load %{{.*}} {alignment = 2 : i64} : !llvm.ptr<3> -> vector<1xf16>
    // CHECK-NOT: llvm.load
    %r = tilegpu.local_load %m : !tilegpu.memdesc<[16, 8], f16, #shared> -> tensor<16x8xf16, #b>
    return
  }
}

// -----

// A tf32 operand (32-bit elements) has no ldmatrix form here: element loads,
// one per register (A's registers step 8 rows and 4 K: never adjacent).
#mma = #tilegpu.mma<{version = 2, instrN = 8, warpsPerCTA = [1, 1]}>
#a = #tilegpu.dot_op<{opIdx = 0, parent = #mma, elemBits = 32}>
#shared = #tilegpu.shared<{swizzleBytes = 32, order = [1, 0]}>
module attributes {tilegpu.num_warps = 1 : i32, tilegpu.threads_per_warp = 32 : i32} {
  // CHECK-LABEL: llvm.func @fallback_tf32
  func.func @fallback_tf32() attributes {tile.kernel} {
    %m = tilegpu.local_alloc : () -> !tilegpu.memdesc<[16, 8], f32, #shared>
    // CHECK-NOT: nvvm.ldmatrix
    // CHECK-COUNT-4: llvm.load %{{.*}} : !llvm.ptr<3> -> vector<1xf32>
    %r = tilegpu.local_load %m : !tilegpu.memdesc<[16, 8], f32, #shared> -> tensor<16x8xf32, #a>
    return
  }
}

// -----

// Into a blocked layout: each thread's 8 consecutive f16 are 16 contiguous
// bytes of the swizzled tile (the swizzle moves whole 16-byte chunks), one
// vector load.
#blocked = #tilegpu.blocked<{sizePerThread = [1, 8], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>
#shared = #tilegpu.shared<{swizzleBytes = 64, order = [1, 0]}>
module attributes {tilegpu.num_warps = 4 : i32, tilegpu.threads_per_warp = 32 : i32} {
  // CHECK-LABEL: llvm.func @fallback_blocked
  func.func @fallback_blocked() attributes {tile.kernel} {
    %m = tilegpu.local_alloc : () -> !tilegpu.memdesc<[128, 32], f16, #shared>
    // CHECK-NOT: nvvm.ldmatrix
    // CHECK-COUNT-4: llvm.load %{{.*}} {alignment = 16 : i64} : !llvm.ptr<3> -> vector<8xf16>
    // CHECK-NOT: llvm.load
    %r = tilegpu.local_load %m : !tilegpu.memdesc<[128, 32], f16, #shared> -> tensor<128x32xf16, #blocked>
    return
  }
}
