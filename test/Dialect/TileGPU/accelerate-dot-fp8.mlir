// RUN: tilec-opt %s -split-input-file -tilegpu-accelerate-dot="wgmma=true compute-capability=90" | FileCheck %s --check-prefix=SM90
// RUN: tilec-opt %s -split-input-file -tilegpu-accelerate-dot="compute-capability=89" | FileCheck %s --check-prefix=PROMOTE

// fp8 dots. On sm_90a: wgmma, both operands stored K-major (fp8 wgmma cannot
// transpose), so B, loaded N-contiguous, gets a shared layout of order
// [0, 1] and its local_alloc transposes it; 64x64x32 with 32-byte rows along
// K (swizzle 32). Elsewhere, as in Triton: the operands become fp16 (exact)
// and the dot takes mma.sync (sm_89 here; sm_80 likewise, but refuses
// fp8e4nv: accelerate-dot-fp8-invalid.mlir).
#row = #tilegpu.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
// SM90-DAG: #[[MMA:.*]] = #tilegpu.mma<{version = 3, instrN = 64, warpsPerCTA = [4, 1]}>
// SM90-DAG: #[[SA:.*]] = #tilegpu.shared<{swizzleBytes = 32, order = [1, 0]}>
// SM90-DAG: #[[SB:.*]] = #tilegpu.shared<{swizzleBytes = 32, order = [0, 1]}>
// PROMOTE-DAG: #[[MMA2:.*]] = #tilegpu.mma<{version = 2
module attributes {tilegpu.num_warps = 4 : i32, tilegpu.threads_per_warp = 32 : i32} {
  // SM90-LABEL: func.func @e5m2
  // SM90: tilegpu.warp_group_dot %{{.*}}, %{{.*}}, %{{.*}} : !tilegpu.memdesc<[64, 32], f8E5M2, #[[SA]]>, !tilegpu.memdesc<[32, 64], f8E5M2, #[[SB]]>, tensor<64x64xf32, #[[MMA]]> -> tensor<64x64xf32, #[[MMA]]>
  // SM90-NOT: tile.fp_to_fp
  // PROMOTE-LABEL: func.func @e5m2
  // PROMOTE: %[[A:.*]] = tile.fp_to_fp %{{.*}} : tensor<64x32xf8E5M2, #{{.*}}> -> tensor<64x32xf16, #{{.*}}>
  // PROMOTE: %[[B:.*]] = tile.fp_to_fp %{{.*}} : tensor<32x64xf8E5M2, #{{.*}}> -> tensor<32x64xf16, #{{.*}}>
  // PROMOTE: tilegpu.local_alloc %[[A]]
  // PROMOTE: tilegpu.local_alloc %[[B]]
  // PROMOTE: tile.dot {{.*}} -> tensor<64x64xf32, #[[MMA2]]>
  func.func @e5m2(%a: tensor<64x32xf8E5M2, #row>, %b: tensor<32x64xf8E5M2, #row>, %c: tensor<64x64xf32, #row>) -> tensor<64x64xf32, #row> {
    %d = tile.dot %a, %b, %c maxNumImpreciseAcc = 1073741824 : tensor<64x32xf8E5M2, #row> * tensor<32x64xf8E5M2, #row> -> tensor<64x64xf32, #row>
    return %d : tensor<64x64xf32, #row>
  }
}

// -----

// Mixed formats multiply directly on wgmma (e4m3 x e5m2).
#row = #tilegpu.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
module attributes {tilegpu.num_warps = 4 : i32, tilegpu.threads_per_warp = 32 : i32} {
  // SM90-LABEL: func.func @mixed
  // SM90: tilegpu.warp_group_dot {{.*}} : !tilegpu.memdesc<[64, 64], f8E4M3FN, #{{.*}}>, !tilegpu.memdesc<[64, 64], f8E5M2, #{{.*}}>
  // PROMOTE-LABEL: func.func @mixed
  // PROMOTE: tile.fp_to_fp %{{.*}} : tensor<64x64xf8E4M3FN, #{{.*}}> -> tensor<64x64xf16, #{{.*}}>
  // PROMOTE: tile.fp_to_fp %{{.*}} : tensor<64x64xf8E5M2, #{{.*}}> -> tensor<64x64xf16, #{{.*}}>
  func.func @mixed(%a: tensor<64x64xf8E4M3FN, #row>, %b: tensor<64x64xf8E5M2, #row>, %c: tensor<64x64xf32, #row>) -> tensor<64x64xf32, #row> {
    %d = tile.dot %a, %b, %c maxNumImpreciseAcc = 1073741824 : tensor<64x64xf8E4M3FN, #row> * tensor<64x64xf8E5M2, #row> -> tensor<64x64xf32, #row>
    return %d : tensor<64x64xf32, #row>
  }
}

// -----

// max_num_imprecise_acc below 32 keeps an fp8 dot off wgmma, as in Triton:
// fp16 operands on mma.sync instead. So does an fp16 accumulator (tilec's
// wgmma accumulates in f32 only).
#row = #tilegpu.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
module attributes {tilegpu.num_warps = 4 : i32, tilegpu.threads_per_warp = 32 : i32} {
  // SM90-LABEL: func.func @imprecise_zero
  // SM90-NOT: warp_group_dot
  // SM90: tile.fp_to_fp %{{.*}} : tensor<64x32xf8E5M2, #{{.*}}> -> tensor<64x32xf16, #{{.*}}>
  // SM90: tile.dot %{{.*}} : tensor<64x32xf16, #{{.*}}> * tensor<32x64xf16, #{{.*}}> -> tensor<64x64xf32, #{{.*}}>
  func.func @imprecise_zero(%a: tensor<64x32xf8E5M2, #row>, %b: tensor<32x64xf8E5M2, #row>, %c: tensor<64x64xf32, #row>) -> tensor<64x64xf32, #row> {
    %d = tile.dot %a, %b, %c : tensor<64x32xf8E5M2, #row> * tensor<32x64xf8E5M2, #row> -> tensor<64x64xf32, #row>
    return %d : tensor<64x64xf32, #row>
  }

  // SM90-LABEL: func.func @f16_acc
  // SM90-NOT: warp_group_dot
  // SM90: tile.fp_to_fp %{{.*}} : tensor<64x32xf8E5M2, #{{.*}}> -> tensor<64x32xf16, #{{.*}}>
  // SM90: tile.dot %{{.*}} : tensor<64x32xf16, #{{.*}}> * tensor<32x64xf16, #{{.*}}> -> tensor<64x64xf16, #{{.*}}>
  func.func @f16_acc(%a: tensor<64x32xf8E5M2, #row>, %b: tensor<32x64xf8E5M2, #row>, %c: tensor<64x64xf16, #row>) -> tensor<64x64xf16, #row> {
    %d = tile.dot %a, %b, %c maxNumImpreciseAcc = 1073741824 : tensor<64x32xf8E5M2, #row> * tensor<32x64xf8E5M2, #row> -> tensor<64x64xf16, #row>
    return %d : tensor<64x64xf16, #row>
  }
}
