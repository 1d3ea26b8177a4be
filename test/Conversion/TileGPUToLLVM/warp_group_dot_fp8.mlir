// RUN: tilec-opt %s -split-input-file -convert-tilegpu-to-llvm | FileCheck %s

// fp8 wgmma: m64nNk32 per 32 K elements (32 bytes, as a k16 step of 16-bit
// operands), the operand formats in the name (e4m3 x e5m2 here), and no
// transpose immediates: both operands are K-major. 64x64x64 with 64-byte
// rows along K (swizzle 64): two K steps, A and B both moving 32 bytes (two
// 16-byte units) along their rows.
#mma = #tilegpu.mma<{version = 3, instrN = 64, warpsPerCTA = [4, 1]}>
#sa = #tilegpu.shared<{swizzleBytes = 64, order = [1, 0]}>
#sb = #tilegpu.shared<{swizzleBytes = 64, order = [0, 1]}>
module attributes {tilegpu.num_warps = 4 : i32, tilegpu.threads_per_warp = 32 : i32} {
  // CHECK-LABEL: llvm.func @fp8
  func.func @fp8(%c: tensor<64x64xf32, #mma>) attributes {tile.kernel} {
    %a = tilegpu.local_alloc {offset = 0 : i64} : () -> !tilegpu.memdesc<[64, 64], f8E4M3FN, #sa>
    %b = tilegpu.local_alloc {offset = 4096 : i64} : () -> !tilegpu.memdesc<[64, 64], f8E5M2, #sb>
    // CHECK: nvvm.wgmma.fence.aligned
    // CHECK-COUNT-2: wgmma.mma_async.sync.aligned.m64n64k32.f32.e4m3.e5m2 {{.*}}, p, 1, 1;\0A}"
    // CHECK-NOT: wgmma.mma_async
    // CHECK: nvvm.wgmma.commit.group.sync.aligned
    %d = tilegpu.warp_group_dot %a, %b, %c : !tilegpu.memdesc<[64, 64], f8E4M3FN, #sa>, !tilegpu.memdesc<[64, 64], f8E5M2, #sb>, tensor<64x64xf32, #mma> -> tensor<64x64xf32, #mma>
    return
  }
}
