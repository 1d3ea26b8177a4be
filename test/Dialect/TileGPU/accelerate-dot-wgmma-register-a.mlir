// RUN: tilec-opt %s -split-input-file -tilegpu-accelerate-dot="wgmma=true compute-capability=90" | FileCheck %s

// wgmma with A in registers. Attention's P = exp2(S - rowmax(S)), cast to
// f16, is computed from the accumulator of S = Q K^T; with warps only along
// M, that accumulator layout holds every element of P where the operand-0
// dot_op layout of P.V wants it, so P.V reads P from registers: a
// convert_layout to #dot_op (a renaming of registers) and no local_alloc.
// Q, K and V, loaded from memory, are still stored to shared memory.
#blk = #tilegpu.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [8, 1], order = [1, 0]}>
#col = #tilegpu.blocked<{sizePerThread = [8, 1], threadsPerWarp = [8, 4], warpsPerCTA = [1, 8], order = [0, 1]}>
#row = #tilegpu.slice<{dim = 1, parent = #blk}>
// CHECK-DAG: #[[MMA:.*]] = #tilegpu.mma<{version = 3, instrN = 64, warpsPerCTA = [8, 1]}>
// CHECK-DAG: #[[DOT:.*]] = #tilegpu.dot_op<{opIdx = 0, parent = #[[MMA]], elemBits = 16}>
module attributes {tilegpu.num_warps = 8 : i32, tilegpu.threads_per_warp = 32 : i32} {
  // CHECK-LABEL: func.func @attention_p
  func.func @attention_p(%q: tensor<128x64xf16, #blk>, %k: tensor<64x64xf16, #col>, %v: tensor<64x64xf16, #blk>, %acc: tensor<128x64xf32, #blk>, %m: tensor<128xf32, #row>) -> tensor<128x64xf32, #blk> {
    // CHECK: tilegpu.local_alloc %{{.*}} : (tensor<128x64xf16, #{{.*}}>) -> !tilegpu.memdesc<[128, 64], f16
    // CHECK: tilegpu.local_alloc %{{.*}} : (tensor<64x64xf16, #{{.*}}>) -> !tilegpu.memdesc<[64, 64], f16
    // CHECK: %[[S:.*]] = tilegpu.warp_group_dot
    // CHECK: tile.reduce
    // CHECK: %[[P:.*]] = arith.truncf
    // CHECK-NEXT: %[[PA:.*]] = tilegpu.convert_layout %[[P]] : tensor<128x64xf16, #{{.*}}> -> tensor<128x64xf16, #[[DOT]]>
    // CHECK-NEXT: %[[VM:.*]] = tilegpu.local_alloc %{{.*}} : (tensor<64x64xf16, #{{.*}}>) -> !tilegpu.memdesc<[64, 64], f16
    // CHECK-NOT: tilegpu.local_alloc
    // CHECK: tilegpu.warp_group_dot %[[PA]], %[[VM]], %{{.*}} : tensor<128x64xf16, #[[DOT]]>, !tilegpu.memdesc<[64, 64], f16, #{{.*}}>, tensor<128x64xf32, #[[MMA]]> -> tensor<128x64xf32, #[[MMA]]>
    %zero = arith.constant dense<0.0> : tensor<128x64xf32, #blk>
    %s = tile.dot %q, %k, %zero : tensor<128x64xf16, #blk> * tensor<64x64xf16, #col> -> tensor<128x64xf32, #blk>
    %max = tile.reduce(%s) {axis = 1 : i32} : (tensor<128x64xf32, #blk>) -> tensor<128xf32, #row> {
    ^bb0(%x: f32, %y: f32):
      %r = arith.maxnumf %x, %y : f32
      tile.reduce.return %r : f32
    }
    %mnew = arith.maxnumf %m, %max : tensor<128xf32, #row>
    %e = tile.expand_dims %mnew {axis = 1 : i32} : tensor<128xf32, #row> -> tensor<128x1xf32, #blk>
    %b = tile.broadcast %e : tensor<128x1xf32, #blk> -> tensor<128x64xf32, #blk>
    %d = arith.subf %s, %b : tensor<128x64xf32, #blk>
    %p32 = math.exp2 %d : tensor<128x64xf32, #blk>
    %p = arith.truncf %p32 : tensor<128x64xf32, #blk> to tensor<128x64xf16, #blk>
    %o = tile.dot %p, %v, %acc : tensor<128x64xf16, #blk> * tensor<64x64xf16, #blk> -> tensor<128x64xf32, #blk>
    return %o : tensor<128x64xf32, #blk>
  }
}

// -----

// bf16, head dim 128: P.V is [128, 64] x [64, 128] (instrN 128), S is
// [128, 64] (instrN 64); both have 8 warps along M, so P's layouts agree.
#blk = #tilegpu.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [8, 1], order = [1, 0]}>
#col = #tilegpu.blocked<{sizePerThread = [8, 1], threadsPerWarp = [8, 4], warpsPerCTA = [1, 8], order = [0, 1]}>
// CHECK-DAG: #[[MMA128:.*]] = #tilegpu.mma<{version = 3, instrN = 128, warpsPerCTA = [8, 1]}>
// CHECK-DAG: #[[DOT:.*]] = #tilegpu.dot_op<{opIdx = 0, parent = #[[MMA128]], elemBits = 16}>
module attributes {tilegpu.num_warps = 8 : i32, tilegpu.threads_per_warp = 32 : i32} {
  // CHECK-LABEL: func.func @bf16_head_dim_128
  func.func @bf16_head_dim_128(%q: tensor<128x128xbf16, #blk>, %k: tensor<128x64xbf16, #col>, %v: tensor<64x128xbf16, #blk>, %acc: tensor<128x128xf32, #blk>) -> tensor<128x128xf32, #blk> {
    // CHECK: %[[P:.*]] = arith.truncf
    // CHECK-NOT: tilegpu.local_alloc %[[P]]
    // CHECK: %[[PA:.*]] = tilegpu.convert_layout %[[P]] : tensor<128x64xbf16, #{{.*}}> -> tensor<128x64xbf16, #[[DOT]]>
    // CHECK: tilegpu.warp_group_dot %[[PA]], %{{.*}}, %{{.*}} : tensor<128x64xbf16, #[[DOT]]>
    %zero = arith.constant dense<0.0> : tensor<128x64xf32, #blk>
    %s = tile.dot %q, %k, %zero : tensor<128x128xbf16, #blk> * tensor<128x64xbf16, #col> -> tensor<128x64xf32, #blk>
    %p = arith.truncf %s : tensor<128x64xf32, #blk> to tensor<128x64xbf16, #blk>
    %o = tile.dot %p, %v, %acc : tensor<128x64xbf16, #blk> * tensor<64x128xbf16, #blk> -> tensor<128x128xf32, #blk>
    return %o : tensor<128x128xf32, #blk>
  }
}

// -----

// A loaded from memory (here a function argument, and a sum with a loaded
// tile) keeps the shared path: the pipeliner prefetches its shared copy.
#blk = #tilegpu.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [8, 1], order = [1, 0]}>
#col = #tilegpu.blocked<{sizePerThread = [8, 1], threadsPerWarp = [8, 4], warpsPerCTA = [1, 8], order = [0, 1]}>
module attributes {tilegpu.num_warps = 8 : i32, tilegpu.threads_per_warp = 32 : i32} {
  // CHECK-LABEL: func.func @loaded_a
  func.func @loaded_a(%a: tensor<128x64xf16, #blk>, %ptrs: tensor<128x64x!tile.ptr<f16>, #blk>, %q: tensor<128x64xf16, #blk>, %k: tensor<64x64xf16, #col>, %v: tensor<64x64xf16, #blk>, %acc: tensor<128x64xf32, #blk>) -> (tensor<128x64xf32, #blk>, tensor<128x64xf32, #blk>) {
    // CHECK-NOT: dot_op
    // CHECK: tilegpu.local_alloc %{{.*}} : (tensor<128x64xf16, #{{.*}}>) -> !tilegpu.memdesc<[128, 64], f16
    // CHECK: tilegpu.warp_group_dot %{{.*}}, %{{.*}}, %{{.*}} : !tilegpu.memdesc<[128, 64], f16
    %o1 = tile.dot %a, %v, %acc : tensor<128x64xf16, #blk> * tensor<64x64xf16, #blk> -> tensor<128x64xf32, #blk>
    // CHECK: %[[SUM:.*]] = arith.addf
    // CHECK: tilegpu.local_alloc %[[SUM]]
    // CHECK-NOT: dot_op
    %zero = arith.constant dense<0.0> : tensor<128x64xf32, #blk>
    %s = tile.dot %q, %k, %zero : tensor<128x64xf16, #blk> * tensor<64x64xf16, #col> -> tensor<128x64xf32, #blk>
    %l = tile.load %ptrs : tensor<128x64x!tile.ptr<f16>, #blk>
    %s16 = arith.truncf %s : tensor<128x64xf32, #blk> to tensor<128x64xf16, #blk>
    %sum = arith.addf %s16, %l : tensor<128x64xf16, #blk>
    %o2 = tile.dot %sum, %v, %acc : tensor<128x64xf16, #blk> * tensor<64x64xf16, #blk> -> tensor<128x64xf32, #blk>
    return %o1, %o2 : tensor<128x64xf32, #blk>, tensor<128x64xf32, #blk>
  }
}

// -----

// 8 warps on a 64-row tile: one warpgroup along M, two along N. Each warp
// holds half of S's columns, but P.V's A needs every column of its rows in
// each warp: P goes through shared memory.
#blk = #tilegpu.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [8, 1], order = [1, 0]}>
#col = #tilegpu.blocked<{sizePerThread = [8, 1], threadsPerWarp = [8, 4], warpsPerCTA = [1, 8], order = [0, 1]}>
// CHECK-DAG: #[[MMA:.*]] = #tilegpu.mma<{version = 3, instrN = 64, warpsPerCTA = [4, 2]}>
module attributes {tilegpu.num_warps = 8 : i32, tilegpu.threads_per_warp = 32 : i32} {
  // CHECK-LABEL: func.func @warps_along_n
  func.func @warps_along_n(%q: tensor<64x64xf16, #blk>, %k: tensor<64x128xf16, #col>, %v: tensor<128x64xf16, #blk>, %acc: tensor<64x64xf32, #blk>) -> tensor<64x64xf32, #blk> {
    // CHECK-NOT: dot_op
    // CHECK: %[[P:.*]] = arith.truncf
    // CHECK: %[[PM:.*]] = tilegpu.local_alloc %[[P]]
    // CHECK: tilegpu.warp_group_dot %[[PM]]
    // CHECK-NOT: dot_op
    %zero = arith.constant dense<0.0> : tensor<64x128xf32, #blk>
    %s = tile.dot %q, %k, %zero : tensor<64x64xf16, #blk> * tensor<64x128xf16, #col> -> tensor<64x128xf32, #blk>
    %p = arith.truncf %s : tensor<64x128xf32, #blk> to tensor<64x128xf16, #blk>
    %o = tile.dot %p, %v, %acc : tensor<64x128xf16, #blk> * tensor<128x64xf16, #blk> -> tensor<64x64xf32, #blk>
    return %o : tensor<64x64xf32, #blk>
  }
}

// -----

// The backward pass's P = exp2(S - lse[:, None]) with lse loaded: a row
// vector joined through expand_dims does not keep P out of registers (it
// takes the slice of P's layout; no load layout crosses expand_dims).
#blk = #tilegpu.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#col = #tilegpu.blocked<{sizePerThread = [8, 1], threadsPerWarp = [8, 4], warpsPerCTA = [1, 4], order = [0, 1]}>
#vec = #tilegpu.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
#row = #tilegpu.slice<{dim = 1, parent = #blk}>
// CHECK-DAG: #[[MMA:.*]] = #tilegpu.mma<{version = 3, instrN = 64, warpsPerCTA = [4, 1]}>
// CHECK-DAG: #[[DOT:.*]] = #tilegpu.dot_op<{opIdx = 0, parent = #[[MMA]], elemBits = 16}>
module attributes {tilegpu.num_warps = 4 : i32, tilegpu.threads_per_warp = 32 : i32} {
  // CHECK-LABEL: func.func @loaded_row_vector
  func.func @loaded_row_vector(%q: tensor<64x64xf16, #blk>, %k: tensor<64x32xf16, #col>, %v: tensor<32x64xf16, #blk>, %acc: tensor<64x64xf32, #blk>, %lp: tensor<64x!tile.ptr<f32>, #vec>) -> tensor<64x64xf32, #blk> {
    // CHECK: %[[P:.*]] = arith.truncf
    // CHECK-NEXT: %[[PA:.*]] = tilegpu.convert_layout %[[P]] : tensor<64x32xf16, #{{.*}}> -> tensor<64x32xf16, #[[DOT]]>
    // CHECK-NOT: tilegpu.local_alloc %[[P]]
    // CHECK: tilegpu.warp_group_dot %[[PA]]
    %zero = arith.constant dense<0.0> : tensor<64x32xf32, #blk>
    %s = tile.dot %q, %k, %zero : tensor<64x64xf16, #blk> * tensor<64x32xf16, #col> -> tensor<64x32xf32, #blk>
    %lse = tile.load %lp : tensor<64x!tile.ptr<f32>, #vec>
    %lser = tilegpu.convert_layout %lse : tensor<64xf32, #vec> -> tensor<64xf32, #row>
    %e = tile.expand_dims %lser {axis = 1 : i32} : tensor<64xf32, #row> -> tensor<64x1xf32, #blk>
    %b = tile.broadcast %e : tensor<64x1xf32, #blk> -> tensor<64x32xf32, #blk>
    %d = arith.subf %s, %b : tensor<64x32xf32, #blk>
    %p32 = math.exp2 %d : tensor<64x32xf32, #blk>
    %p = arith.truncf %p32 : tensor<64x32xf32, #blk> to tensor<64x32xf16, #blk>
    %o = tile.dot %p, %v, %acc : tensor<64x32xf16, #blk> * tensor<32x64xf16, #blk> -> tensor<64x64xf32, #blk>
    return %o : tensor<64x64xf32, #blk>
  }
}
