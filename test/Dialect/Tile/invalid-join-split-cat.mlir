// RUN: tilec-opt %s -split-input-file -verify-diagnostics

// The verifier diagnostics of tile.join, tile.split and tile.cat.
func.func @join_shape(%a: tensor<4x8xf32>) {
  // expected-error @+1 {{'tile.join' op result must have the operand shape plus a last dimension of 2, got 'tensor<4x8x4xf32>'}}
  %j = tile.join %a, %a : tensor<4x8xf32> -> tensor<4x8x4xf32>
  return
}

// -----

func.func @join_types(%a: tensor<4x8xf32>, %b: tensor<4x8xi32>) {
  // expected-error @+1 {{'tile.join' op failed to verify that all of {lhs, rhs} have same type}}
  %j = "tile.join"(%a, %b) : (tensor<4x8xf32>, tensor<4x8xi32>) -> tensor<4x8x2xf32>
  return
}

// -----

func.func @split_shape(%a: tensor<4x8xf32>) {
  // expected-error @+1 {{'tile.split' op operand must have the result shape plus a last dimension of 2, got 'tensor<4x8xf32>'}}
  %l, %r = "tile.split"(%a) : (tensor<4x8xf32>) -> (tensor<4xf32>, tensor<4xf32>)
  return
}

// -----

func.func @cat_rank(%a: tensor<4x8xf32>) {
  // expected-error @+1 {{'tile.cat' op operands must be 1-D, got 'tensor<4x8xf32>'}}
  %c = "tile.cat"(%a, %a) : (tensor<4x8xf32>, tensor<4x8xf32>) -> tensor<64xf32>
  return
}

// -----

func.func @cat_size(%a: tensor<8xf32>) {
  // expected-error @+1 {{'tile.cat' op result must hold both operands, got 'tensor<8xf32>'}}
  %c = tile.cat %a, %a : tensor<8xf32> -> tensor<8xf32>
  return
}
