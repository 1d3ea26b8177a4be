// RUN: tilec-opt %s -split-input-file -convert-tilegpu-to-llvm | FileCheck %s

// wgmma with A in registers (PTX: `wgmma.mma_async.sync.aligned.m64nNk16
// .f32.f16.f16 d, {a0, a1, a2, a3}, b-desc, scale-d, imm-scale-a,
// imm-scale-b, imm-trans-b;`, no trans-a). Each 32-bit register aj packs
// two 16-bit elements, the lower column in the low half: register j of a K
// step holds row groupID + 8 (j % 2), columns 8 (j / 2) + 2 tig + {0, 1}.
// In the operand-0 dot_op layout, tensor registers 8 s .. 8 s + 7 are K
// step s of the first 64-row tile (column + 1, row + 8, column + 8), so
// step s packs elements (8s, 8s+1), (8s+2, 8s+3), (8s+4, 8s+5),
// (8s+6, 8s+7).

// [64, 32] x [32, 64] on one warpgroup: two K steps of m64n64k16, B
// row-major (N-major: trans-b 1). 32 accumulator registers, so A's
// registers are operands $64-$67, B's descriptor $68, scale-d $69.
#mma = #tilegpu.mma<{version = 3, instrN = 64, warpsPerCTA = [4, 1]}>
#a = #tilegpu.dot_op<{opIdx = 0, parent = #mma, elemBits = 16}>
#s = #tilegpu.shared<{swizzleBytes = 128, order = [1, 0]}>
module attributes {tilegpu.num_warps = 4 : i32, tilegpu.threads_per_warp = 32 : i32} {
  // CHECK-LABEL: llvm.func @register_a
  func.func @register_a(%a: tensor<64x32xf16, #a>, %c: tensor<64x64xf32, #mma>) attributes {tile.kernel} {
    %b = tilegpu.local_alloc {offset = 0 : i64} : () -> !tilegpu.memdesc<[32, 64], f16, #s>
    // CHECK: %[[E0:.*]] = llvm.extractvalue %[[A:.*]][0] : !llvm.struct<(f16, f16, f16, f16, f16, f16, f16, f16, f16, f16, f16, f16, f16, f16, f16, f16)>
    // CHECK: %[[E1:.*]] = llvm.extractvalue %[[A]][1]
    // CHECK: %[[E2:.*]] = llvm.extractvalue %[[A]][2]
    // CHECK: %[[E3:.*]] = llvm.extractvalue %[[A]][3]
    // CHECK: %[[E4:.*]] = llvm.extractvalue %[[A]][4]
    // CHECK: %[[E5:.*]] = llvm.extractvalue %[[A]][5]
    // CHECK: %[[E6:.*]] = llvm.extractvalue %[[A]][6]
    // CHECK: %[[E7:.*]] = llvm.extractvalue %[[A]][7]
    // CHECK: %[[E8:.*]] = llvm.extractvalue %[[A]][8]
    // CHECK: %[[E9:.*]] = llvm.extractvalue %[[A]][9]
    // The packing writes A's registers, so it comes before the fence that
    // orders register writes before wgmma.
    // CHECK-NOT: llvm.store
    // CHECK: %[[V0:.*]] = llvm.insertelement %[[E0]], %{{.*}}[%{{.*}} : i32] : vector<2xf16>
    // CHECK: %[[V01:.*]] = llvm.insertelement %[[E1]], %[[V0]][%{{.*}} : i32] : vector<2xf16>
    // CHECK: %[[W0:.*]] = llvm.bitcast %[[V01]] : vector<2xf16> to i32
    // CHECK: %[[V2:.*]] = llvm.insertelement %[[E2]], %{{.*}}[%{{.*}} : i32] : vector<2xf16>
    // CHECK: %[[V23:.*]] = llvm.insertelement %[[E3]], %[[V2]][%{{.*}} : i32] : vector<2xf16>
    // CHECK: %[[W1:.*]] = llvm.bitcast %[[V23]] : vector<2xf16> to i32
    // CHECK: %[[V4:.*]] = llvm.insertelement %[[E4]], %{{.*}}[%{{.*}} : i32] : vector<2xf16>
    // CHECK: %[[V45:.*]] = llvm.insertelement %[[E5]], %[[V4]][%{{.*}} : i32] : vector<2xf16>
    // CHECK: %[[W2:.*]] = llvm.bitcast %[[V45]] : vector<2xf16> to i32
    // CHECK: %[[V6:.*]] = llvm.insertelement %[[E6]], %{{.*}}[%{{.*}} : i32] : vector<2xf16>
    // CHECK: %[[V67:.*]] = llvm.insertelement %[[E7]], %[[V6]][%{{.*}} : i32] : vector<2xf16>
    // CHECK: %[[W3:.*]] = llvm.bitcast %[[V67]] : vector<2xf16> to i32
    // CHECK: %[[V8:.*]] = llvm.insertelement %[[E8]], %{{.*}}[%{{.*}} : i32] : vector<2xf16>
    // CHECK: %[[V89:.*]] = llvm.insertelement %[[E9]], %[[V8]][%{{.*}} : i32] : vector<2xf16>
    // CHECK: %[[W4:.*]] = llvm.bitcast %[[V89]] : vector<2xf16> to i32
    // CHECK: %[[W5:.*]] = llvm.bitcast %{{.*}} : vector<2xf16> to i32
    // CHECK: %[[W6:.*]] = llvm.bitcast %{{.*}} : vector<2xf16> to i32
    // CHECK: %[[W7:.*]] = llvm.bitcast %{{.*}} : vector<2xf16> to i32
    // CHECK: nvvm.wgmma.fence.aligned
    // CHECK: llvm.inline_asm has_side_effects asm_dialect = att "{\0A.reg .pred p;\0Asetp.ne.b32 p, $69, 0;\0Awgmma.mma_async.sync.aligned.m64n64k16.f32.f16.f16 {$0, $1, {{.*}}, $31}, {$64, $65, $66, $67}, $68, p, 1, 1, 1;\0A}", "=f,{{.*}},=f,0,1,{{.*}},31,r,r,r,r,l,r" {{.*}}, %[[W0]], %[[W1]], %[[W2]], %[[W3]], %{{.*}}, %{{.*}} : ({{.*}}, i32, i32, i32, i32, i64, i32)
    // CHECK: wgmma.mma_async.sync.aligned.m64n64k16.f32.f16.f16 {{.*}}, {$64, $65, $66, $67}, $68, p, 1, 1, 1;{{.*}}, %[[W4]], %[[W5]], %[[W6]], %[[W7]], %{{.*}}, %{{.*}} :
    // CHECK-NOT: wgmma.mma_async
    // CHECK: nvvm.wgmma.commit.group.sync.aligned
    // CHECK-NEXT: llvm.inline_asm has_side_effects asm_dialect = att "wgmma.wait_group.sync.aligned 0;"
    %d = tilegpu.warp_group_dot %a, %b, %c : tensor<64x32xf16, #a>, !tilegpu.memdesc<[32, 64], f16, #s>, tensor<64x64xf32, #mma> -> tensor<64x64xf32, #mma>
    return
  }
}

// -----

// bf16, [128, 16] on one warpgroup: two 64-row tiles, one K step each. The
// operand-0 layout repeats along M after K, so the second tile's fragment
// is tensor registers 8-15. B is K-major (order [0, 1]): trans-b 0.
#mma = #tilegpu.mma<{version = 3, instrN = 32, warpsPerCTA = [4, 1]}>
#a = #tilegpu.dot_op<{opIdx = 0, parent = #mma, elemBits = 16}>
#s = #tilegpu.shared<{swizzleBytes = 32, order = [0, 1]}>
module attributes {tilegpu.num_warps = 4 : i32, tilegpu.threads_per_warp = 32 : i32} {
  // CHECK-LABEL: llvm.func @register_a_two_m_tiles
  func.func @register_a_two_m_tiles(%a: tensor<128x16xbf16, #a>, %c: tensor<128x32xf32, #mma>) attributes {tile.kernel} {
    %b = tilegpu.local_alloc {offset = 0 : i64} : () -> !tilegpu.memdesc<[16, 32], bf16, #s>
    // CHECK: %[[E0:.*]] = llvm.extractvalue %[[A:.*]][0] : !llvm.struct<(bf16, bf16, bf16, bf16, bf16, bf16, bf16, bf16, bf16, bf16, bf16, bf16, bf16, bf16, bf16, bf16)>
    // CHECK: %[[E8:.*]] = llvm.extractvalue %[[A]][8]
    // CHECK: %[[V0:.*]] = llvm.insertelement %[[E0]], %{{.*}}[%{{.*}} : i32] : vector<2xbf16>
    // CHECK: %[[W0:.*]] = llvm.bitcast %{{.*}} : vector<2xbf16> to i32
    // CHECK: %[[V8:.*]] = llvm.insertelement %[[E8]], %{{.*}}[%{{.*}} : i32] : vector<2xbf16>
    // CHECK: %[[W4:.*]] = llvm.bitcast %{{.*}} : vector<2xbf16> to i32
    // CHECK: wgmma.mma_async.sync.aligned.m64n32k16.f32.bf16.bf16 {$0, {{.*}}, $15}, {$32, $33, $34, $35}, $36, p, 1, 1, 0;{{.*}}, %[[W0]], %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}} :
    // CHECK: wgmma.mma_async.sync.aligned.m64n32k16.f32.bf16.bf16 {$0, {{.*}}, $15}, {$32, $33, $34, $35}, $36, p, 1, 1, 0;{{.*}}, %[[W4]], %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}} :
    // CHECK-NOT: wgmma.mma_async
    %d = tilegpu.warp_group_dot %a, %b, %c : tensor<128x16xbf16, #a>, !tilegpu.memdesc<[16, 32], bf16, #s>, tensor<128x32xf32, #mma> -> tensor<128x32xf32, #mma>
    return
  }
}

// -----

// Attention's P: the accumulator of one wgmma (8 warps, two warpgroups
// along M), cast to f16 and converted to the next dot's operand-0 layout.
// The two layouts agree, so the conversion is a renaming of registers: no
// shared memory (no store, load or barrier) between the cast and the wgmma.
#mma = #tilegpu.mma<{version = 3, instrN = 64, warpsPerCTA = [8, 1]}>
#a = #tilegpu.dot_op<{opIdx = 0, parent = #mma, elemBits = 16}>
#s = #tilegpu.shared<{swizzleBytes = 128, order = [1, 0]}>
module attributes {tilegpu.num_warps = 8 : i32, tilegpu.threads_per_warp = 32 : i32} {
  // CHECK-LABEL: llvm.func @accumulator_to_register_a
  func.func @accumulator_to_register_a(%s: tensor<128x64xf32, #mma>, %c: tensor<128x64xf32, #mma>) attributes {tile.kernel} {
    %b = tilegpu.local_alloc {offset = 0 : i64} : () -> !tilegpu.memdesc<[64, 64], f16, #s>
    // CHECK: llvm.fptrunc %{{.*}} : f32 to f16
    // CHECK-NOT: llvm.store
    // CHECK-NOT: llvm.load
    // CHECK-NOT: nvvm.barrier
    // CHECK: nvvm.wgmma.fence.aligned
    // CHECK-NOT: llvm.store
    // CHECK-NOT: llvm.load
    // CHECK-NOT: nvvm.barrier
    // CHECK-COUNT-4: wgmma.mma_async.sync.aligned.m64n64k16.f32.f16.f16 {{.*}}, {$64, $65, $66, $67}, $68, p, 1, 1, 1;
    // CHECK-NOT: wgmma.mma_async
    %p = arith.truncf %s : tensor<128x64xf32, #mma> to tensor<128x64xf16, #mma>
    %pa = tilegpu.convert_layout %p : tensor<128x64xf16, #mma> -> tensor<128x64xf16, #a>
    %d = tilegpu.warp_group_dot %pa, %b, %c : tensor<128x64xf16, #a>, !tilegpu.memdesc<[64, 64], f16, #s>, tensor<128x64xf32, #mma> -> tensor<128x64xf32, #mma>
    return
  }
}
