// RUN: tilec-opt %s -split-input-file -tilegpu-accelerate-dot="wgmma=true compute-capability=90" -verify-diagnostics

// An explicit max_num_imprecise_acc between 32 and K: Triton's wgmma adds
// partial sums in fp32 every that many products; tilec does not split the
// accumulation yet and refuses it at the dot (unset, it is Triton's 2^30:
// no split).
#row = #tilegpu.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
module attributes {tilegpu.num_warps = 4 : i32, tilegpu.threads_per_warp = 32 : i32} {
  func.func @split(%a: tensor<64x64xf8E5M2, #row>, %b: tensor<64x64xf8E5M2, #row>, %c: tensor<64x64xf32, #row>) -> tensor<64x64xf32, #row> {
    // expected-error @+1 {{'tl.dot' with fp8 operands and max_num_imprecise_acc=32 is not supported on sm_90a yet (Triton adds partial wgmma sums in fp32 every max_num_imprecise_acc products; leave it unset)}}
    %d = tile.dot %a, %b, %c maxNumImpreciseAcc = 32 : tensor<64x64xf8E5M2, #row> * tensor<64x64xf8E5M2, #row> -> tensor<64x64xf32, #row>
    return %d : tensor<64x64xf32, #row>
  }
}
