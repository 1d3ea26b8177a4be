// RUN: tilec-opt %s -split-input-file -tilegpu-allocate-shared-memory -convert-tilegpu-to-llvm -verify-diagnostics

// Indices and result in different layouts: the lowering pairs index and
// result registers, so the layout passes must give them one layout.
#s = #tilegpu.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
#i = #tilegpu.blocked<{sizePerThread = [2], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {tilegpu.num_warps = 4 : i32, tilegpu.threads_per_warp = 32 : i32} {
  func.func @mismatch(%x: tensor<256xf32, #s>, %i: tensor<256xi32, #s>) attributes {tile.kernel} {
    // expected-error @+2 {{failed to legalize operation 'tile.gather'}}
    // expected-error @+1 {{indices and result must have the same layout}}
    %g = tile.gather %x[%i] {axis = 0 : i32} : (tensor<256xf32, #s>, tensor<256xi32, #s>) -> tensor<256xf32, #i>
    return
  }
}
