// RUN: tilec-opt %s -split-input-file -tilegpu-accelerate-dot="compute-capability=80" -verify-diagnostics

// fp8e4nv operands below sm_89: Triton converts fp8 operands to fp16 for
// mma.sync there and cannot convert fp8e4nv: refused at the dot.
#row = #tilegpu.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
module attributes {tilegpu.num_warps = 4 : i32, tilegpu.threads_per_warp = 32 : i32} {
  func.func @e4m3(%a: tensor<64x32xf8E4M3FN, #row>, %b: tensor<32x64xf8E4M3FN, #row>, %c: tensor<64x64xf32, #row>) -> tensor<64x64xf32, #row> {
    // expected-error @+1 {{'tl.dot' with fp8e4nv operands needs compute capability 8.9 or higher: below it, Triton 3.6 converts fp8 operands to fp16 for mma.sync, and fp8e4nv converts only from sm_89 on; the target is sm_80}}
    %d = tile.dot %a, %b, %c maxNumImpreciseAcc = 1073741824 : tensor<64x32xf8E4M3FN, #row> * tensor<32x64xf8E4M3FN, #row> -> tensor<64x64xf32, #row>
    return %d : tensor<64x64xf32, #row>
  }
}
