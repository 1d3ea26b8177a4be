// RUN: tilec-opt %s -split-input-file -convert-tilegpu-to-llvm | FileCheck %s

// wgmma descriptors (PTX ISA, "Matrix Descriptor Format"): bits 0-13 the
// start address >> 4, 16-29 the leading byte offset (LBO) >> 4, 32-45 the
// stride byte offset (SBO) >> 4, 62-63 the swizzle mode (1: 128 B, 2: 64 B,
// 3: 32 B). The lowering builds the descriptor as two 32-bit words: the low
// word ORs the address field with (LBO >> 4) << 16, the high word is the
// constant (SBO >> 4) | (mode << 30) (the fixed bits ((LBO >> 4) << 16) |
// ((SBO >> 4) << 32) | (mode << 62) split in halves), so that a K step is a
// 32-bit add on the low word and never a 64-bit add with carry. Here
// for a swizzle of W bytes SBO = 8 * W (8-row groups, every row W bytes in
// the atom), and LBO is 16 for a K-major operand (unused: one instruction's
// 16 K elements lie in one atom) and W * (rows of K) for an MN-major one
// (atoms along M or N hold every K row).

// 64x64x64 f16 on one warpgroup, A row-major (K-major), B row-major
// (N-major, transposed for wgmma), both 128-byte swizzled:
//   A: LBO 16, SBO 8 * 128 = 1024, mode 1: low 1 << 16 = 65536,
//      high 64 | (1 << 30) = 1073741888
//   B: LBO 128 * 64 = 8192, SBO 1024, mode 1: low 512 << 16 = 33554432,
//      high 1073741888
// Four K steps of m64n64k16 with immediates scale-d p, scale-a 1, scale-b
// 1, transpose-a 0, transpose-b 1. A K step moves A 16 elements along its
// row (inside the swizzle atom) and B 16 rows of 64 elements: element
// offsets 0/16/32/48 and 0/1024/2048/3072.
#mma = #tilegpu.mma<{version = 3, instrN = 64, warpsPerCTA = [4, 1]}>
#s = #tilegpu.shared<{swizzleBytes = 128, order = [1, 0]}>
module attributes {tilegpu.num_warps = 4 : i32, tilegpu.threads_per_warp = 32 : i32} {
  // CHECK-LABEL: llvm.func @k_major_a_n_major_b
  func.func @k_major_a_n_major_b(%c: tensor<64x64xf32, #mma>) attributes {tile.kernel} {
    %a = tilegpu.local_alloc {offset = 0 : i64} : () -> !tilegpu.memdesc<[64, 64], f16, #s>
    %b = tilegpu.local_alloc {offset = 8192 : i64} : () -> !tilegpu.memdesc<[64, 64], f16, #s>
    // CHECK: %[[BPTR:.*]] = llvm.getelementptr %{{.*}}[8192] : (!llvm.ptr<3>) -> !llvm.ptr<3>, i8
    // CHECK: nvvm.wgmma.fence.aligned
    // One descriptor per operand; the K steps add their offset in 16-byte
    // units to the start-address field: A moves 16 elements (32 bytes, 2
    // units) along its 128-byte rows, B 16 rows of 128 bytes (128 units).
    // CHECK: %[[ALOW:.*]] = llvm.mlir.constant(65536 : i32) : i32
    // CHECK: %[[LA:.*]] = llvm.or %{{.*}}, %[[ALOW]] : i32
    // CHECK: llvm.insertelement %[[LA]]
    // CHECK: %[[AHIGH:.*]] = llvm.mlir.constant(1073741888 : i32) : i32
    // CHECK: llvm.insertelement %[[AHIGH]]
    // CHECK: %[[DA:.*]] = llvm.bitcast %{{.*}} : vector<2xi32> to i64
    // CHECK: %[[A1:.*]] = llvm.mlir.constant(2 : i32) : i32
    // CHECK: llvm.add %[[LA]], %[[A1]] : i32
    // CHECK: %[[DA1:.*]] = llvm.bitcast %{{.*}} : vector<2xi32> to i64
    // CHECK: %[[A2:.*]] = llvm.mlir.constant(4 : i32) : i32
    // CHECK: llvm.add %[[LA]], %[[A2]] : i32
    // CHECK: %[[DA2:.*]] = llvm.bitcast %{{.*}} : vector<2xi32> to i64
    // CHECK: %[[A3:.*]] = llvm.mlir.constant(6 : i32) : i32
    // CHECK: llvm.add %[[LA]], %[[A3]] : i32
    // CHECK: %[[DA3:.*]] = llvm.bitcast %{{.*}} : vector<2xi32> to i64
    // CHECK: %[[BLOW:.*]] = llvm.mlir.constant(33554432 : i32) : i32
    // CHECK: %[[LB:.*]] = llvm.or %{{.*}}, %[[BLOW]] : i32
    // CHECK: %[[DB:.*]] = llvm.bitcast %{{.*}} : vector<2xi32> to i64
    // CHECK: %[[B1:.*]] = llvm.mlir.constant(128 : i32) : i32
    // CHECK: llvm.add %[[LB]], %[[B1]] : i32
    // CHECK: %[[DB1:.*]] = llvm.bitcast %{{.*}} : vector<2xi32> to i64
    // CHECK: %[[B2:.*]] = llvm.mlir.constant(256 : i32) : i32
    // CHECK: llvm.add %[[LB]], %[[B2]] : i32
    // CHECK: %[[DB2:.*]] = llvm.bitcast %{{.*}} : vector<2xi32> to i64
    // CHECK: %[[B3:.*]] = llvm.mlir.constant(384 : i32) : i32
    // CHECK: llvm.add %[[LB]], %[[B3]] : i32
    // CHECK: %[[DB3:.*]] = llvm.bitcast %{{.*}} : vector<2xi32> to i64
    // CHECK: llvm.inline_asm has_side_effects asm_dialect = att "{\0A.reg .pred p;\0Asetp.ne.b32 p, $66, 0;\0Awgmma.mma_async.sync.aligned.m64n64k16.f32.f16.f16 {$0, $1, {{.*}}, $31}, $64, $65, p, 1, 1, 0, 1;\0A}", "=f,{{.*}},=f,0,1,{{.*}},31,l,l,r" {{.*}}, %[[DA]], %[[DB]], %{{.*}} : ({{.*}}, i64, i64, i32)
    // CHECK: wgmma.mma_async.sync.aligned.m64n64k16.f32.f16.f16 {{.*}}, p, 1, 1, 0, 1;{{.*}}, %[[DA1]], %[[DB1]], %{{.*}} :
    // CHECK: wgmma.mma_async.sync.aligned.m64n64k16.f32.f16.f16 {{.*}}, p, 1, 1, 0, 1;{{.*}}, %[[DA2]], %[[DB2]], %{{.*}} :
    // CHECK: wgmma.mma_async.sync.aligned.m64n64k16.f32.f16.f16 {{.*}}, p, 1, 1, 0, 1;{{.*}}, %[[DA3]], %[[DB3]], %{{.*}} :
    // CHECK-NOT: wgmma.mma_async
    // CHECK: nvvm.wgmma.commit.group.sync.aligned
    // CHECK-NEXT: llvm.inline_asm has_side_effects asm_dialect = att "wgmma.wait_group.sync.aligned 0;"
    %d = tilegpu.warp_group_dot %a, %b, %c : !tilegpu.memdesc<[64, 64], f16, #s>, !tilegpu.memdesc<[64, 64], f16, #s>, tensor<64x64xf32, #mma> -> tensor<64x64xf32, #mma>
    return
  }
}

// -----

// bf16, both operands K-major with a 64-byte swizzle (A row-major 64x32, B
// column-major 32x64): LBO 16, SBO 8 * 64 = 512, mode 2:
//   (1 << 16) | (32 << 32) | (2 << 62) = 0x8000002000010000: low word
//   65536, high word 0x80000020, as a signed i32 -2147483616.
// Two K steps, neither operand transposed.
#mma = #tilegpu.mma<{version = 3, instrN = 64, warpsPerCTA = [4, 1]}>
#sa = #tilegpu.shared<{swizzleBytes = 64, order = [1, 0]}>
#sb = #tilegpu.shared<{swizzleBytes = 64, order = [0, 1]}>
module attributes {tilegpu.num_warps = 4 : i32, tilegpu.threads_per_warp = 32 : i32} {
  // CHECK-LABEL: llvm.func @k_major_64b
  func.func @k_major_64b(%c: tensor<64x64xf32, #mma>) attributes {tile.kernel} {
    %a = tilegpu.local_alloc {offset = 0 : i64} : () -> !tilegpu.memdesc<[64, 32], bf16, #sa>
    %b = tilegpu.local_alloc {offset = 4096 : i64} : () -> !tilegpu.memdesc<[32, 64], bf16, #sb>
    // CHECK-COUNT-2: llvm.mlir.constant(-2147483616 : i32) : i32
    // CHECK-COUNT-2: wgmma.mma_async.sync.aligned.m64n64k16.f32.bf16.bf16 {{.*}}, p, 1, 1, 0, 0;
    // CHECK-NOT: wgmma.mma_async
    %d = tilegpu.warp_group_dot %a, %b, %c : !tilegpu.memdesc<[64, 32], bf16, #sa>, !tilegpu.memdesc<[32, 64], bf16, #sb>, tensor<64x64xf32, #mma> -> tensor<64x64xf32, #mma>
    return
  }
}

// -----

// Both operands MN-major: A column-major 64x16 (M contiguous, 64 x 2 = 128
// bytes, swizzle 128), B row-major 16x16 (N contiguous, 16 x 2 = 32 bytes,
// swizzle 32), one K step of m64n16k16 with both transposes. The 8
// accumulator registers are outputs $0-$7 and tied inputs $8-$15, the
// descriptors $16 and $17, the scale-d flag $18.
//   A: LBO 128 * 16 = 2048, SBO 1024, mode 1:
//      (128 << 16) | (64 << 32) | (1 << 62) = 0x4000004000800000:
//      low 8388608, high 1073741888
//   B: LBO 32 * 16 = 512, SBO 8 * 32 = 256, mode 3:
//      (32 << 16) | (16 << 32) | (3 << 62) = 0xC000001000200000:
//      low 2097152, high 0xC0000010, as a signed i32 -1073741808.
#mma = #tilegpu.mma<{version = 3, instrN = 16, warpsPerCTA = [4, 1]}>
#sa = #tilegpu.shared<{swizzleBytes = 128, order = [0, 1]}>
#sb = #tilegpu.shared<{swizzleBytes = 32, order = [1, 0]}>
module attributes {tilegpu.num_warps = 4 : i32, tilegpu.threads_per_warp = 32 : i32} {
  // CHECK-LABEL: llvm.func @mn_major
  func.func @mn_major(%c: tensor<64x16xf32, #mma>) attributes {tile.kernel} {
    %a = tilegpu.local_alloc {offset = 0 : i64} : () -> !tilegpu.memdesc<[64, 16], f16, #sa>
    %b = tilegpu.local_alloc {offset = 2048 : i64} : () -> !tilegpu.memdesc<[16, 16], f16, #sb>
    // CHECK: llvm.mlir.constant(8388608 : i32) : i32
    // CHECK: llvm.mlir.constant(1073741888 : i32) : i32
    // CHECK: llvm.mlir.constant(2097152 : i32) : i32
    // CHECK: llvm.mlir.constant(-1073741808 : i32) : i32
    // CHECK: "{\0A.reg .pred p;\0Asetp.ne.b32 p, $18, 0;\0Awgmma.mma_async.sync.aligned.m64n16k16.f32.f16.f16 {$0, $1, $2, $3, $4, $5, $6, $7}, $16, $17, p, 1, 1, 1, 1;\0A}"
    // CHECK-NOT: wgmma.mma_async
    %d = tilegpu.warp_group_dot %a, %b, %c : !tilegpu.memdesc<[64, 16], f16, #sa>, !tilegpu.memdesc<[16, 16], f16, #sb>, tensor<64x16xf32, #mma> -> tensor<64x16xf32, #mma>
    return
  }
}

// -----

// Two warpgroups along M (8 warps, 128 rows): warpgroup g = tid >> 7, read
// back from lane 0 by a shuffle at the function's entry (so that ptxas
// keeps the descriptor arithmetic in uniform registers), starts A at row
// 64 * g, element offset 64 * 64 = 4096 for g = 1 (the layout is
// linear over GF(2): bit 0 of g contributes 4096, combined by XOR); B is
// shared, its offset is 0.
#mma = #tilegpu.mma<{version = 3, instrN = 64, warpsPerCTA = [8, 1]}>
#s = #tilegpu.shared<{swizzleBytes = 128, order = [1, 0]}>
module attributes {tilegpu.num_warps = 8 : i32, tilegpu.threads_per_warp = 32 : i32} {
  // CHECK-LABEL: llvm.func @two_warpgroups
  func.func @two_warpgroups(%c: tensor<128x64xf32, #mma>) attributes {tile.kernel} {
    %a = tilegpu.local_alloc {offset = 0 : i64} : () -> !tilegpu.memdesc<[128, 64], f16, #s>
    %b = tilegpu.local_alloc {offset = 16384 : i64} : () -> !tilegpu.memdesc<[64, 64], f16, #s>
    // CHECK: %[[SEVEN:.*]] = llvm.mlir.constant(7 : i32) : i32
    // CHECK: %[[TID:.*]] = nvvm.read.ptx.sreg.tid.x : i32
    // CHECK: %[[WG:.*]] = llvm.lshr %[[TID]], %[[SEVEN]] : i32
    // CHECK: %[[G:.*]] = nvvm.shfl.sync  idx %{{.*}}, %[[WG]], %{{.*}}, %{{.*}} : i32 -> i32
    // CHECK: %[[TWO:.*]] = llvm.mlir.constant(2 : i32) : i32
    // CHECK: %[[GM:.*]] = llvm.urem %[[G]], %[[TWO]] : i32
    // CHECK: %[[SHIFT:.*]] = llvm.lshr %[[GM]], %{{.*}} : i32
    // CHECK: %[[BIT:.*]] = llvm.and %[[SHIFT]], %{{.*}} : i32
    // CHECK: %[[ROWS:.*]] = llvm.mlir.constant(4096 : i32) : i32
    // CHECK: llvm.mul %[[BIT]], %[[ROWS]] : i32
    // CHECK-COUNT-4: wgmma.mma_async.sync.aligned.m64n64k16.f32.f16.f16
    // CHECK-NOT: wgmma.mma_async
    %d = tilegpu.warp_group_dot %a, %b, %c : !tilegpu.memdesc<[128, 64], f16, #s>, !tilegpu.memdesc<[64, 64], f16, #s>, tensor<128x64xf32, #mma> -> tensor<128x64xf32, #mma>
    return
  }
}

// -----

// An asynchronous dot commits its group without waiting; warp_group_dot_wait
// waits until `pendings` groups are left, passing every accumulator
// register through its inline asm.
#mma = #tilegpu.mma<{version = 3, instrN = 64, warpsPerCTA = [4, 1]}>
#s = #tilegpu.shared<{swizzleBytes = 128, order = [1, 0]}>
module attributes {tilegpu.num_warps = 4 : i32, tilegpu.threads_per_warp = 32 : i32} {
  // CHECK-LABEL: llvm.func @async
  func.func @async(%c: tensor<64x64xf32, #mma>) attributes {tile.kernel} {
    %a = tilegpu.local_alloc {offset = 0 : i64} : () -> !tilegpu.memdesc<[64, 16], f16, #s>
    %b = tilegpu.local_alloc {offset = 2048 : i64} : () -> !tilegpu.memdesc<[16, 64], f16, #s>
    // CHECK: wgmma.mma_async.sync.aligned.m64n64k16
    // CHECK: nvvm.wgmma.commit.group.sync.aligned
    // CHECK-NOT: wgmma.wait_group.sync.aligned 0;
    // CHECK: llvm.inline_asm has_side_effects asm_dialect = att "wgmma.wait_group.sync.aligned 1;", "=f,{{.*}},=f,0,1,{{.*}},31"
    // CHECK-NOT: wgmma.wait_group
    %d = tilegpu.warp_group_dot %a, %b, %c {isAsync} : !tilegpu.memdesc<[64, 16], f16, #s>, !tilegpu.memdesc<[16, 64], f16, #s>, tensor<64x64xf32, #mma> -> tensor<64x64xf32, #mma>
    %w = tilegpu.warp_group_dot_wait %d {pendings = 1 : i32} : tensor<64x64xf32, #mma> -> tensor<64x64xf32, #mma>
    return
  }
}
