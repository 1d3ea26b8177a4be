// RUN: tilec-opt %s -split-input-file -verify-diagnostics

// The verifier diagnostics of tile.gather and tile.histogram.
func.func @gather_rank(%x: tensor<16x32xf32>, %i: tensor<16xi32>) {
  // expected-error @+1 {{'tile.gather' op indices must have the rank of the source (2), got 'tensor<16xi32>'}}
  %g = tile.gather %x[%i] {axis = 1 : i32} : (tensor<16x32xf32>, tensor<16xi32>) -> tensor<16xf32>
  return
}

// -----

func.func @gather_axis(%x: tensor<16x32xf32>, %i: tensor<16x8xi32>) {
  // expected-error @+1 {{'tile.gather' op axis 2 out of range for rank 2}}
  %g = tile.gather %x[%i] {axis = 2 : i32} : (tensor<16x32xf32>, tensor<16x8xi32>) -> tensor<16x8xf32>
  return
}

// -----

func.func @gather_other_dims(%x: tensor<16x32xf32>, %i: tensor<8x8xi32>) {
  // expected-error @+1 {{'tile.gather' op indices shape [8, 8] must match the source shape [16, 32] in every dimension but 1}}
  %g = tile.gather %x[%i] {axis = 1 : i32} : (tensor<16x32xf32>, tensor<8x8xi32>) -> tensor<8x8xf32>
  return
}

// -----

func.func @gather_result(%x: tensor<16x32xf32>, %i: tensor<16x8xi32>) {
  // expected-error @+1 {{'tile.gather' op result must have the shape of the indices and the element type of the source, got 'tensor<16x8xf16>'}}
  %g = tile.gather %x[%i] {axis = 1 : i32} : (tensor<16x32xf32>, tensor<16x8xi32>) -> tensor<16x8xf16>
  return
}

// -----

func.func @gather_float_index(%x: tensor<16x32xf32>, %i: tensor<16x8xf32>) {
  // expected-error @+1 {{'tile.gather' op operand #1 must be statically shaped tensor of integer values}}
  %g = "tile.gather"(%x, %i) {axis = 1 : i32} : (tensor<16x32xf32>, tensor<16x8xf32>) -> tensor<16x8xf32>
  return
}

// -----

func.func @histogram_rank(%v: tensor<4x32xi32>) {
  // expected-error @+1 {{'tile.histogram' op source must be 1-D, got 'tensor<4x32xi32>'}}
  %h = tile.histogram %v : tensor<4x32xi32> -> tensor<64xi32>
  return
}

// -----

func.func @histogram_width(%v: tensor<128xi64>) {
  // expected-error @+1 {{'tile.histogram' op source must hold 32-bit integers, got 'i64'}}
  %h = tile.histogram %v : tensor<128xi64> -> tensor<64xi32>
  return
}

// -----

func.func @histogram_bins(%v: tensor<128xi32>) {
  // expected-error @+1 {{'tile.histogram' op result must be 1-D with a power-of-two number of bins, got 'tensor<48xi32>'}}
  %h = tile.histogram %v : tensor<128xi32> -> tensor<48xi32>
  return
}

// -----

func.func @histogram_mask(%v: tensor<128xi32>, %m: tensor<64xi1>) {
  // expected-error @+1 {{'tile.histogram' op mask shape must match the source shape [128], got 'tensor<64xi1>'}}
  %h = tile.histogram %v, %m : tensor<128xi32>, tensor<64xi1> -> tensor<64xi32>
  return
}
