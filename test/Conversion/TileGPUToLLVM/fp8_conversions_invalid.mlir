// RUN: tilec-opt %s -split-input-file -convert-tilegpu-to-llvm="compute-capability=80" -verify-diagnostics

// fp8e4nv converts only from sm_89 on (Triton 3.6 aborts below): refused at
// the conversion, by name, with the target, before the lowering starts.

#b = #tilegpu.blocked<{sizePerThread = [2], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {tilegpu.num_warps = 4 : i32, tilegpu.threads_per_warp = 32 : i32} {
  func.func @up(%x: tensor<256xf8E4M3FN, #b>, %p: tensor<256x!tile.ptr<f16>, #b>) attributes {tile.kernel} {
    // expected-error @+1 {{fp8 conversion from fp8e4nv (tl.float8e4nv) needs compute capability 8.9 or higher (cvt with .e4m3x2), as in Triton 3.6; the target is sm_80}}
    %y = tile.fp_to_fp %x : tensor<256xf8E4M3FN, #b> -> tensor<256xf16, #b>
    tile.store %p, %y : tensor<256x!tile.ptr<f16>, #b>
    return
  }
}

// -----

#b = #tilegpu.blocked<{sizePerThread = [2], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {tilegpu.num_warps = 4 : i32, tilegpu.threads_per_warp = 32 : i32} {
  func.func @down(%x: tensor<256xf32, #b>, %p: tensor<256x!tile.ptr<f8E4M3FN>, #b>) attributes {tile.kernel} {
    // expected-error @+1 {{fp8 conversion to fp8e4nv (tl.float8e4nv) needs compute capability 8.9 or higher (cvt with .e4m3x2), as in Triton 3.6; the target is sm_80}}
    %y = tile.fp_to_fp %x rounding = rtne : tensor<256xf32, #b> -> tensor<256xf8E4M3FN, #b>
    tile.store %p, %y : tensor<256x!tile.ptr<f8E4M3FN>, #b>
    return
  }
}

// -----

// What Triton's lowering has no conversion for (the frontend refuses these
// first, fp8 <-> fp8 too; the lowering does not turn them into wrong code).
#b = #tilegpu.blocked<{sizePerThread = [2], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {tilegpu.num_warps = 4 : i32, tilegpu.threads_per_warp = 32 : i32} {
  func.func @f64(%x: tensor<256xf64, #b>, %p: tensor<256x!tile.ptr<f8E5M2>, #b>) attributes {tile.kernel} {
    // expected-error @+2 {{failed to legalize operation 'tile.fp_to_fp'}}
    // expected-error @+1 {{conversion from 'f64' to 'f8E5M2' is not supported for fp8}}
    %y = tile.fp_to_fp %x rounding = rtne : tensor<256xf64, #b> -> tensor<256xf8E5M2, #b>
    tile.store %p, %y : tensor<256x!tile.ptr<f8E5M2>, #b>
    return
  }
}

// -----

#b = #tilegpu.blocked<{sizePerThread = [2], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {tilegpu.num_warps = 4 : i32, tilegpu.threads_per_warp = 32 : i32} {
  func.func @rtz(%x: tensor<256xf16, #b>, %p: tensor<256x!tile.ptr<f8E5M2>, #b>) attributes {tile.kernel} {
    // expected-error @+2 {{failed to legalize operation 'tile.fp_to_fp'}}
    // expected-error @+1 {{conversion from 'f16' to 'f8E5M2' rounding toward zero is not supported for fp8}}
    %y = tile.fp_to_fp %x rounding = rtz : tensor<256xf16, #b> -> tensor<256xf8E5M2, #b>
    tile.store %p, %y : tensor<256x!tile.ptr<f8E5M2>, #b>
    return
  }
}
