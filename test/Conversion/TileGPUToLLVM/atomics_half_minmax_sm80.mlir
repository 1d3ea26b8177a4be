// RUN: tilec-opt %s -split-input-file -tilegpu-allocate-shared-memory -convert-tilegpu-to-llvm="compute-capability=80" -verify-diagnostics

// Triton has fp16 and bf16 atomic max and min only as sm_90's TMA
// reductions: below sm_90 they are refused at the op.
#blocked = #tilegpu.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {tilegpu.num_warps = 4 : i32, tilegpu.threads_per_warp = 32 : i32} {
  func.func @half_max_sm80(%h: tensor<128x!tile.ptr<f16>, #blocked>) attributes {tile.kernel} {
    %hv = arith.constant dense<1.0> : tensor<128xf16, #blocked>
    // expected-error @+2 {{failed to legalize operation 'tile.atomic_rmw'}}
    // expected-error @+1 {{atomic_rmw fmax on 'f16' needs compute capability 9.0 or newer, the target has 8.0}}
    %0 = tile.atomic_rmw fmax, relaxed, gpu, %h, %hv : tensor<128x!tile.ptr<f16>, #blocked>
    return
  }
}
