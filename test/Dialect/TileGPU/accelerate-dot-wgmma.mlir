// RUN: tilec-opt %s -split-input-file -tilegpu-accelerate-dot="wgmma=true compute-capability=90" | FileCheck %s

// The wgmma plan. 128x128x64 f16 on 8 warps: two warpgroups along M (each
// 64 rows), so warpsPerCTA [8, 1] and one 128-wide instruction per row of
// warpgroups. A is read row-major (K contiguous: 64 x 2 = 128 bytes, swizzle
// 128, order [1, 0]); B column-major (K contiguous too: order [0, 1],
// swizzle 128). The operands are stored as their loads produced them, before
// any conversion.
#row = #tilegpu.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [8, 1], order = [1, 0]}>
#col = #tilegpu.blocked<{sizePerThread = [8, 1], threadsPerWarp = [8, 4], warpsPerCTA = [1, 8], order = [0, 1]}>
#acc = #tilegpu.blocked<{sizePerThread = [1, 4], threadsPerWarp = [2, 16], warpsPerCTA = [8, 1], order = [1, 0]}>
// CHECK-DAG: #[[MMA:.*]] = #tilegpu.mma<{version = 3, instrN = 128, warpsPerCTA = [8, 1]}>
// CHECK-DAG: #[[SA:.*]] = #tilegpu.shared<{swizzleBytes = 128, order = [1, 0]}>
// CHECK-DAG: #[[SB:.*]] = #tilegpu.shared<{swizzleBytes = 128, order = [0, 1]}>
module attributes {tilegpu.num_warps = 8 : i32, tilegpu.threads_per_warp = 32 : i32} {
  // CHECK-LABEL: func.func @k_major_8_warps
  // CHECK-SAME: (%[[A:.*]]: tensor<128x64xf16, #{{.*}}>, %[[B:.*]]: tensor<64x128xf16, #{{.*}}>, %[[C:.*]]: tensor<128x128xf32, #[[ACC:[a-z0-9]*]]>)
  func.func @k_major_8_warps(%a: tensor<128x64xf16, #row>, %b: tensor<64x128xf16, #col>, %c: tensor<128x128xf32, #acc>) -> tensor<128x128xf32, #acc> {
    // CHECK: %[[MA:.*]] = tilegpu.local_alloc %[[A]] : (tensor<128x64xf16, #{{.*}}>) -> !tilegpu.memdesc<[128, 64], f16, #[[SA]]>
    // CHECK: %[[MB:.*]] = tilegpu.local_alloc %[[B]] : (tensor<64x128xf16, #{{.*}}>) -> !tilegpu.memdesc<[64, 128], f16, #[[SB]]>
    // CHECK: %[[C2:.*]] = tilegpu.convert_layout %[[C]] : tensor<128x128xf32, #[[ACC]]> -> tensor<128x128xf32, #[[MMA]]>
    // CHECK: %[[D:.*]] = tilegpu.warp_group_dot %[[MA]], %[[MB]], %[[C2]] : !tilegpu.memdesc<[128, 64], f16, #[[SA]]>, !tilegpu.memdesc<[64, 128], f16, #[[SB]]>, tensor<128x128xf32, #[[MMA]]> -> tensor<128x128xf32, #[[MMA]]>
    // CHECK: %[[R:.*]] = tilegpu.convert_layout %[[D]] : tensor<128x128xf32, #[[MMA]]> -> tensor<128x128xf32, #[[ACC]]>
    // CHECK: return %[[R]]
    // CHECK-NOT: tile.dot
    %a1 = tilegpu.convert_layout %a : tensor<128x64xf16, #row> -> tensor<128x64xf16, #acc>
    %d = tile.dot %a1, %b, %c : tensor<128x64xf16, #acc> * tensor<64x128xf16, #col> -> tensor<128x128xf32, #acc>
    return %d : tensor<128x128xf32, #acc>
  }
}

// -----

// 64x64x32 on 4 warps: one warpgroup, instrN 64. A's rows are 32 x 2 = 64
// bytes (swizzle 64); B is read row-major (N contiguous), 64 x 2 = 128 bytes.
#row = #tilegpu.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
// CHECK-DAG: #[[MMA:.*]] = #tilegpu.mma<{version = 3, instrN = 64, warpsPerCTA = [4, 1]}>
// CHECK-DAG: #[[SA:.*]] = #tilegpu.shared<{swizzleBytes = 64, order = [1, 0]}>
// CHECK-DAG: #[[SB:.*]] = #tilegpu.shared<{swizzleBytes = 128, order = [1, 0]}>
module attributes {tilegpu.num_warps = 4 : i32, tilegpu.threads_per_warp = 32 : i32} {
  // CHECK-LABEL: func.func @four_warps
  func.func @four_warps(%a: tensor<64x32xf16, #row>, %b: tensor<32x64xf16, #row>, %c: tensor<64x64xf32, #row>) -> tensor<64x64xf32, #row> {
    // CHECK: tilegpu.warp_group_dot %{{.*}}, %{{.*}}, %{{.*}} : !tilegpu.memdesc<[64, 32], f16, #[[SA]]>, !tilegpu.memdesc<[32, 64], f16, #[[SB]]>, tensor<64x64xf32, #[[MMA]]> -> tensor<64x64xf32, #[[MMA]]>
    %d = tile.dot %a, %b, %c : tensor<64x32xf16, #row> * tensor<32x64xf16, #row> -> tensor<64x64xf32, #row>
    return %d : tensor<64x64xf32, #row>
  }
}

// -----

// 64 rows on 8 warps: one warpgroup along M, so the second goes along N
// (warpsPerCTA [4, 2]) and each covers 64 of the 128 columns. A's rows are
// 16 x 2 = 32 bytes: swizzle 32.
#row = #tilegpu.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [8, 1], order = [1, 0]}>
// CHECK-DAG: #[[MMA:.*]] = #tilegpu.mma<{version = 3, instrN = 64, warpsPerCTA = [4, 2]}>
// CHECK-DAG: #[[SA:.*]] = #tilegpu.shared<{swizzleBytes = 32, order = [1, 0]}>
// CHECK-DAG: #[[SB:.*]] = #tilegpu.shared<{swizzleBytes = 128, order = [1, 0]}>
module attributes {tilegpu.num_warps = 8 : i32, tilegpu.threads_per_warp = 32 : i32} {
  // CHECK-LABEL: func.func @m64_8_warps
  func.func @m64_8_warps(%a: tensor<64x16xf16, #row>, %b: tensor<16x128xf16, #row>, %c: tensor<64x128xf32, #row>) -> tensor<64x128xf32, #row> {
    // CHECK: tilegpu.warp_group_dot %{{.*}}, %{{.*}}, %{{.*}} : !tilegpu.memdesc<[64, 16], f16, #[[SA]]>, !tilegpu.memdesc<[16, 128], f16, #[[SB]]>, tensor<64x128xf32, #[[MMA]]> -> tensor<64x128xf32, #[[MMA]]>
    %d = tile.dot %a, %b, %c : tensor<64x16xf16, #row> * tensor<16x128xf16, #row> -> tensor<64x128xf32, #row>
    return %d : tensor<64x128xf32, #row>
  }
}

// -----

// bf16 with both operands column-major: A is M-contiguous (64 x 2 = 128
// bytes), B K-contiguous (32 x 2 = 64 bytes); the shared orders are [0, 1].
#col = #tilegpu.blocked<{sizePerThread = [8, 1], threadsPerWarp = [8, 4], warpsPerCTA = [1, 4], order = [0, 1]}>
#acc = #tilegpu.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
// CHECK-DAG: #[[MMA:.*]] = #tilegpu.mma<{version = 3, instrN = 64, warpsPerCTA = [4, 1]}>
// CHECK-DAG: #[[SA:.*]] = #tilegpu.shared<{swizzleBytes = 128, order = [0, 1]}>
// CHECK-DAG: #[[SB:.*]] = #tilegpu.shared<{swizzleBytes = 64, order = [0, 1]}>
module attributes {tilegpu.num_warps = 4 : i32, tilegpu.threads_per_warp = 32 : i32} {
  // CHECK-LABEL: func.func @col_major_bf16
  func.func @col_major_bf16(%a: tensor<64x32xbf16, #col>, %b: tensor<32x64xbf16, #col>, %c: tensor<64x64xf32, #acc>) -> tensor<64x64xf32, #acc> {
    // CHECK: tilegpu.warp_group_dot %{{.*}}, %{{.*}}, %{{.*}} : !tilegpu.memdesc<[64, 32], bf16, #[[SA]]>, !tilegpu.memdesc<[32, 64], bf16, #[[SB]]>, tensor<64x64xf32, #[[MMA]]> -> tensor<64x64xf32, #[[MMA]]>
    %d = tile.dot %a, %b, %c : tensor<64x32xbf16, #col> * tensor<32x64xbf16, #col> -> tensor<64x64xf32, #acc>
    return %d : tensor<64x64xf32, #acc>
  }
}

// -----

// N = 512 on one warpgroup: the instruction is at most 256 wide.
#row = #tilegpu.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
// CHECK: #tilegpu.mma<{version = 3, instrN = 256, warpsPerCTA = [4, 1]}>
module attributes {tilegpu.num_warps = 4 : i32, tilegpu.threads_per_warp = 32 : i32} {
  // CHECK-LABEL: func.func @wide_n
  func.func @wide_n(%a: tensor<64x16xf16, #row>, %b: tensor<16x512xf16, #row>, %c: tensor<64x512xf32, #row>) -> tensor<64x512xf32, #row> {
    // CHECK: tilegpu.warp_group_dot
    %d = tile.dot %a, %b, %c : tensor<64x16xf16, #row> * tensor<16x512xf16, #row> -> tensor<64x512xf32, #row>
    return %d : tensor<64x512xf32, #row>
  }
}

// -----

// M = 32 is not a whole warpgroup tile: mma.sync.
#row = #tilegpu.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
// CHECK: #tilegpu.mma<{version = 2, instrN = 8, warpsPerCTA = [1, 4]}>
module attributes {tilegpu.num_warps = 4 : i32, tilegpu.threads_per_warp = 32 : i32} {
  // CHECK-LABEL: func.func @m32
  func.func @m32(%a: tensor<32x32xf16, #row>, %b: tensor<32x64xf16, #row>, %c: tensor<32x64xf32, #row>) -> tensor<32x64xf32, #row> {
    // mma.sync's operands: through shared memory into #dot_op registers.
    // CHECK: tilegpu.local_load {{.*}} -> tensor<32x32xf16, #dot_op>
    // CHECK: tilegpu.local_load {{.*}} -> tensor<32x64xf16, #dot_op1>
    // CHECK: tile.dot {{.*}} -> tensor<32x64xf32, #mma>
    // CHECK-NOT: tilegpu.warp_group_dot
    %d = tile.dot %a, %b, %c : tensor<32x32xf16, #row> * tensor<32x64xf16, #row> -> tensor<32x64xf32, #row>
    return %d : tensor<32x64xf32, #row>
  }
}

// -----

// B's rows are 8 x 2 = 16 bytes, narrower than wgmma's smallest swizzle
// (32): mma.sync.
#row = #tilegpu.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
// CHECK: #tilegpu.mma<{version = 2, instrN = 8, warpsPerCTA = [4, 1]}>
module attributes {tilegpu.num_warps = 4 : i32, tilegpu.threads_per_warp = 32 : i32} {
  // CHECK-LABEL: func.func @narrow_rows
  func.func @narrow_rows(%a: tensor<64x32xf16, #row>, %b: tensor<32x8xf16, #row>, %c: tensor<64x8xf32, #row>) -> tensor<64x8xf32, #row> {
    // mma.sync's operands: through shared memory into #dot_op registers.
    // CHECK: tilegpu.local_load {{.*}} -> tensor<64x32xf16, #dot_op>
    // CHECK: tilegpu.local_load {{.*}} -> tensor<32x8xf16, #dot_op1>
    // CHECK: tile.dot {{.*}} -> tensor<64x8xf32, #mma>
    // CHECK-NOT: tilegpu.warp_group_dot
    %d = tile.dot %a, %b, %c : tensor<64x32xf16, #row> * tensor<32x8xf16, #row> -> tensor<64x8xf32, #row>
    return %d : tensor<64x8xf32, #row>
  }
}

// -----

// f32 operands (tf32) are not wgmma's f16/bf16: mma.sync m16n8k8.
#row = #tilegpu.blocked<{sizePerThread = [1, 4], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
// CHECK-DAG: #[[MMA:.*]] = #tilegpu.mma<{version = 2, instrN = 8, warpsPerCTA = [2, 2]}>
// CHECK-DAG: #tilegpu.dot_op<{opIdx = 0, parent = #[[MMA]], elemBits = 32}>
module attributes {tilegpu.num_warps = 4 : i32, tilegpu.threads_per_warp = 32 : i32} {
  // CHECK-LABEL: func.func @f32_operands
  func.func @f32_operands(%a: tensor<64x32xf32, #row>, %b: tensor<32x64xf32, #row>, %c: tensor<64x64xf32, #row>) -> tensor<64x64xf32, #row> {
    // CHECK-NOT: tilegpu.local_alloc
    // CHECK: tile.dot {{.*}} inputPrecision = tf32 {{.*}} -> tensor<64x64xf32, #[[MMA]]>
    // CHECK-NOT: tilegpu.warp_group_dot
    %d = tile.dot %a, %b, %c inputPrecision = tf32 : tensor<64x32xf32, #row> * tensor<32x64xf32, #row> -> tensor<64x64xf32, #row>
    return %d : tensor<64x64xf32, #row>
  }
}

// -----

// 2 warps are no warpgroup: mma.sync.
#row = #tilegpu.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [2, 1], order = [1, 0]}>
// CHECK: #tilegpu.mma<{version = 2, instrN = 8, warpsPerCTA = [1, 2]}>
module attributes {tilegpu.num_warps = 2 : i32, tilegpu.threads_per_warp = 32 : i32} {
  // CHECK-LABEL: func.func @two_warps
  func.func @two_warps(%a: tensor<64x32xf16, #row>, %b: tensor<32x64xf16, #row>, %c: tensor<64x64xf32, #row>) -> tensor<64x64xf32, #row> {
    // CHECK-NOT: tilegpu.warp_group_dot
    // CHECK: tile.dot {{.*}} -> tensor<64x64xf32, #mma>
    %d = tile.dot %a, %b, %c : tensor<64x32xf16, #row> * tensor<32x64xf16, #row> -> tensor<64x64xf32, #row>
    return %d : tensor<64x64xf32, #row>
  }
}
