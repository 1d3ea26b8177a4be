// RUN: tilec-opt %s -split-input-file -verify-diagnostics

// The verifier of tile.map_elementwise.

func.func @shapes(%a: tensor<64xi32>, %b: tensor<32xi32>) {
  // expected-error @+1 {{'tile.map_elementwise' op expects sources and results of one shape, got 'tensor<32xi32>'}}
  %0 = tile.map_elementwise(%a, %b) {pack = 1 : i32} : (tensor<64xi32>, tensor<32xi32>) -> tensor<64xi32> {
  ^bb0(%p: i32, %q: i32):
    tile.map_elementwise.return %p : i32
  }
  return
}

// -----

func.func @arg_count(%a: tensor<64xi32>) {
  // expected-error @+1 {{'tile.map_elementwise' op expects 2 region arguments (pack 2 per source), got 1}}
  %0 = tile.map_elementwise(%a) {pack = 2 : i32} : (tensor<64xi32>) -> tensor<64xi32> {
  ^bb0(%p: i32):
    tile.map_elementwise.return %p, %p : i32, i32
  }
  return
}

// -----

func.func @arg_type(%a: tensor<64xi32>) {
  // expected-error @+1 {{'tile.map_elementwise' op region argument #0 has type 'f32', expected 'i32' (source #0)}}
  %0 = tile.map_elementwise(%a) {pack = 1 : i32} : (tensor<64xi32>) -> tensor<64xi32> {
  ^bb0(%p: f32):
    %c = arith.constant 0 : i32
    tile.map_elementwise.return %c : i32
  }
  return
}

// -----

func.func @result_count(%a: tensor<64xi32>) {
  // expected-error @+1 {{'tile.map_elementwise' op region returns 1 values, expected 2 (pack 2 per result)}}
  %0 = tile.map_elementwise(%a) {pack = 2 : i32} : (tensor<64xi32>) -> tensor<64xi32> {
  ^bb0(%p: i32, %q: i32):
    tile.map_elementwise.return %p : i32
  }
  return
}

// -----

func.func @result_type(%a: tensor<64xi32>) {
  // expected-error @+1 {{'tile.map_elementwise' op region value #0 has type 'i32', expected 'f32' (result #0)}}
  %0 = tile.map_elementwise(%a) {pack = 1 : i32} : (tensor<64xi32>) -> tensor<64xf32> {
  ^bb0(%p: i32):
    tile.map_elementwise.return %p : i32
  }
  return
}

// -----

func.func @pack_positive(%a: tensor<64xi32>) {
  // expected-error @+1 {{'tile.map_elementwise' op attribute 'pack' failed to satisfy constraint}}
  %0 = tile.map_elementwise(%a) {pack = 0 : i32} : (tensor<64xi32>) -> tensor<64xi32> {
  ^bb0(%p: i32):
    tile.map_elementwise.return %p : i32
  }
  return
}

// -----

func.func @no_sources() {
  // expected-error @+1 {{'tile.map_elementwise' op expects at least one source}}
  tile.map_elementwise() {pack = 1 : i32} : () -> () {
  ^bb0:
    tile.map_elementwise.return
  }
  return
}

// -----

func.func @return_outside(%p: i32) {
  // expected-error @+1 {{'tile.map_elementwise.return' op expects parent op 'tile.map_elementwise'}}
  tile.map_elementwise.return %p : i32
}
