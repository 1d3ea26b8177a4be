// RUN: tilec-opt %s -split-input-file -convert-tile-to-tilegpu -verify-diagnostics

// A tile of rank 33 has no layout (the layouts name at most 32 dimensions):
// refused before any is assigned, where it used to crash the back end.
func.func @rank33(%x: tensor<2xf32>) attributes {tile.kernel} {
  // expected-error @+1 {{tile of rank 33 exceeds the supported maximum rank 32}}
  %r = tile.reshape %x : tensor<2xf32> -> tensor<2x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1xf32>
  return
}

// -----

// expected-error @+1 {{num_warps must be a power of two from 1 to 32, got 64}}
module attributes {tile.num_warps = 64 : i32} {
  func.func @k() attributes {tile.kernel} {
    return
  }
}
