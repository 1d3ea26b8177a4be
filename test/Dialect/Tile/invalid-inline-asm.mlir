// RUN: tilec-opt %s -split-input-file -verify-diagnostics

// The verifier of tile.inline_asm_elementwise.

func.func @no_result(%a: tensor<64xi32>) {
  // expected-error @+1 {{'tile.inline_asm_elementwise' op needs at least one result}}
  tile.inline_asm_elementwise "" "r" pure pack = 1 (%a) : (tensor<64xi32>) -> ()
  return
}

// -----

func.func @shapes(%a: tensor<64xi32>, %b: tensor<32xi32>) {
  // expected-error @+1 {{'tile.inline_asm_elementwise' op operands and results must all be scalars or all tiles of one shape}}
  %0 = tile.inline_asm_elementwise "" "=r,r,r" pure pack = 1 (%a, %b) : (tensor<64xi32>, tensor<32xi32>) -> tensor<64xi32>
  return
}

// -----

func.func @scalar_and_tile(%a: tensor<64xi32>, %s: i32) {
  // expected-error @+1 {{'tile.inline_asm_elementwise' op operands and results must all be scalars or all tiles of one shape}}
  %0 = tile.inline_asm_elementwise "" "=r,r,r" pure pack = 1 (%a, %s) : (tensor<64xi32>, i32) -> tensor<64xi32>
  return
}

// -----

func.func @pack_divides(%a: tensor<2xi32>) {
  // expected-error @+1 {{'tile.inline_asm_elementwise' op number of elements 2 must be a multiple of pack 4}}
  %0 = tile.inline_asm_elementwise "" "=r,=r,=r,=r,r,r,r,r" pure pack = 4 (%a) : (tensor<2xi32>) -> tensor<2xi32>
  return
}

// -----

func.func @pack_positive(%a: tensor<2xi32>) {
  // expected-error @+1 {{attribute 'pack' failed to satisfy constraint}}
  %0 = tile.inline_asm_elementwise "" "=r,r" pure pack = 0 (%a) : (tensor<2xi32>) -> tensor<2xi32>
  return
}

// -----

// pack 4 of i8 is one input register, of f16 two, of i32 four.
func.func @constraints(%a: tensor<64xi8>, %b: tensor<64xf16>) {
  // expected-error @+1 {{'tile.inline_asm_elementwise' op constraints name 4 outputs and 2 inputs; pack 4 needs 4 outputs and 3 inputs}}
  %0 = tile.inline_asm_elementwise "" "=r,=r,=r,=r,r,r" pure pack = 4 (%a, %b) : (tensor<64xi8>, tensor<64xf16>) -> tensor<64xi32>
  return
}
