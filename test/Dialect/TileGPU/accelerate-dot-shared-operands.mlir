// RUN: tilec-opt %s -split-input-file -tilegpu-accelerate-dot | FileCheck %s
// RUN: tilec-opt %s -split-input-file -tilegpu-accelerate-dot=shared-operands=false | FileCheck %s --check-prefix=OFF

// 16-bit mma.sync operands are stored to shared memory as their loads
// produce them (before the conversion coalescing left), in the widest
// swizzle their contiguous dimension fills and in its order, then read into
// the operand layouts with local_load (ldmatrix). A's rows are 32 f16 = 64
// bytes, B's 128 f16 = 256 bytes (128-byte swizzle).
#load = #tilegpu.blocked<{sizePerThread = [1, 8], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>
#blocked = #tilegpu.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [4, 1], order = [1, 0]}>
// CHECK-DAG: #[[SA:.*]] = #tilegpu.shared<{swizzleBytes = 64, order = [1, 0]}>
// CHECK-DAG: #[[SB:.*]] = #tilegpu.shared<{swizzleBytes = 128, order = [1, 0]}>
// CHECK-DAG: #[[A:.*]] = #tilegpu.dot_op<{opIdx = 0, parent = #{{.*}}, elemBits = 16}>
// CHECK-DAG: #[[B:.*]] = #tilegpu.dot_op<{opIdx = 1, parent = #{{.*}}, elemBits = 16}>
module attributes {tilegpu.num_warps = 4 : i32, tilegpu.threads_per_warp = 32 : i32} {
  // CHECK-LABEL: func.func @row_major
  // CHECK-SAME: (%[[LA:.*]]: tensor<128x32xf16, #{{.*}}>, %[[ARGB:.*]]: tensor<32x128xf16
  func.func @row_major(%la: tensor<128x32xf16, #load>, %b: tensor<32x128xf16, #blocked>, %c: tensor<128x128xf32, #blocked>) -> tensor<128x128xf32, #blocked> {
    %a = tilegpu.convert_layout %la : tensor<128x32xf16, #load> -> tensor<128x32xf16, #blocked>
    // CHECK: %[[MA:.*]] = tilegpu.local_alloc %[[LA]] : (tensor<128x32xf16, #{{.*}}>) -> !tilegpu.memdesc<[128, 32], f16, #[[SA]]>
    // CHECK: %[[A2:.*]] = tilegpu.local_load %[[MA]] : !tilegpu.memdesc<[128, 32], f16, #[[SA]]> -> tensor<128x32xf16, #[[A]]>
    // CHECK: %[[MB:.*]] = tilegpu.local_alloc %[[ARGB]] : (tensor<32x128xf16, #{{.*}}>) -> !tilegpu.memdesc<[32, 128], f16, #[[SB]]>
    // CHECK: %[[B2:.*]] = tilegpu.local_load %[[MB]] : !tilegpu.memdesc<[32, 128], f16, #[[SB]]> -> tensor<32x128xf16, #[[B]]>
    // CHECK: tile.dot %[[A2]], %[[B2]], %{{.*}}
    // OFF-LABEL: func.func @row_major
    // OFF-NOT: tilegpu.local_alloc
    // OFF: tilegpu.convert_layout %{{.*}} -> tensor<128x32xf16, #dot_op>
    // OFF-NOT: tilegpu.local_alloc
    %d = tile.dot %a, %b, %c : tensor<128x32xf16, #blocked> * tensor<32x128xf16, #blocked> -> tensor<128x128xf32, #blocked>
    return %d : tensor<128x128xf32, #blocked>
  }
}

// -----

// A column-major B (loads contiguous along K) keeps that order in shared
// memory: its 32-element columns are 64 bytes.
#colmajor = #tilegpu.blocked<{sizePerThread = [8, 1], threadsPerWarp = [4, 8], warpsPerCTA = [1, 4], order = [0, 1]}>
#blocked = #tilegpu.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [4, 1], order = [1, 0]}>
// CHECK: #[[SB:.*]] = #tilegpu.shared<{swizzleBytes = 64, order = [0, 1]}>
module attributes {tilegpu.num_warps = 4 : i32, tilegpu.threads_per_warp = 32 : i32} {
  // CHECK-LABEL: func.func @column_major_b
  func.func @column_major_b(%a: tensor<64x32xbf16, #blocked>, %b: tensor<32x64xbf16, #colmajor>, %c: tensor<64x64xf32, #blocked>) -> tensor<64x64xf32, #blocked> {
    // CHECK: tilegpu.local_alloc %{{.*}} : (tensor<32x64xbf16, #{{.*}}>) -> !tilegpu.memdesc<[32, 64], bf16, #[[SB]]>
    %d = tile.dot %a, %b, %c : tensor<64x32xbf16, #blocked> * tensor<32x64xbf16, #colmajor> -> tensor<64x64xf32, #blocked>
    return %d : tensor<64x64xf32, #blocked>
  }
}

// -----

// 16-byte rows (8 f16 along N) need no swizzle: the 8 rows of a block are
// 128 consecutive bytes.
#blocked = #tilegpu.blocked<{sizePerThread = [1, 1], threadsPerWarp = [4, 8], warpsPerCTA = [1, 1], order = [1, 0]}>
// CHECK: #[[SB:.*]] = #tilegpu.shared<{swizzleBytes = 0, order = [1, 0]}>
module attributes {tilegpu.num_warps = 1 : i32, tilegpu.threads_per_warp = 32 : i32} {
  // CHECK-LABEL: func.func @narrow_b
  func.func @narrow_b(%a: tensor<16x32xf16, #blocked>, %b: tensor<32x8xf16, #blocked>, %c: tensor<16x8xf32, #blocked>) -> tensor<16x8xf32, #blocked> {
    // CHECK: tilegpu.local_alloc %{{.*}} : (tensor<32x8xf16, #{{.*}}>) -> !tilegpu.memdesc<[32, 8], f16, #[[SB]]>
    %d = tile.dot %a, %b, %c : tensor<16x32xf16, #blocked> * tensor<32x8xf16, #blocked> -> tensor<16x8xf32, #blocked>
    return %d : tensor<16x8xf32, #blocked>
  }
}

// -----

// tf32 operands (32-bit) have no ldmatrix form here: they are converted in
// place, through the conversion's scratch.
#blocked = #tilegpu.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [4, 1], order = [1, 0]}>
module attributes {tilegpu.num_warps = 4 : i32, tilegpu.threads_per_warp = 32 : i32} {
  // CHECK-LABEL: func.func @tf32
  func.func @tf32(%a: tensor<64x32xf32, #blocked>, %b: tensor<32x64xf32, #blocked>, %c: tensor<64x64xf32, #blocked>) -> tensor<64x64xf32, #blocked> {
    // CHECK-NOT: tilegpu.local_alloc
    // CHECK: tilegpu.convert_layout %{{.*}} : tensor<64x32xf32, #{{.*}}> -> tensor<64x32xf32, #dot_op{{.*}}>
    // CHECK-NOT: tilegpu.local_alloc
    // CHECK: return
    %d = tile.dot %a, %b, %c inputPrecision = tf32 : tensor<64x32xf32, #blocked> * tensor<32x64xf32, #blocked> -> tensor<64x64xf32, #blocked>
    return %d : tensor<64x64xf32, #blocked>
  }
}
