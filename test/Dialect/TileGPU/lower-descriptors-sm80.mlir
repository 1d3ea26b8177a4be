// RUN: tilec-opt %s -split-input-file -tilegpu-lower-descriptors=compute-capability=80 -verify-diagnostics

// Tensor descriptors need TMA, which sm_90 introduced: below it
// tilegpu-lower-descriptors refuses every descriptor load and store, each
// at its own location (a kernel may use several descriptors, and the user
// should see them all at once), rather than emitting bulk tensor copies that
// ptxas would reject. This is a separate file from lower-descriptors.mlir
// because -verify-diagnostics expects an annotation for every error of the
// whole input.

#blocked = #tilegpu.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
module attributes {tilegpu.num_warps = 4 : i32, tilegpu.threads_per_warp = 32 : i32} {
  func.func @load_and_store(%a: !tile.tensordesc<tensor<64x64xf16>>, %c: !tile.tensordesc<tensor<64x64xf16>>, %m: i32) {
    // expected-error @+1 {{tensor descriptors need TMA, which compute capability 9.0 (sm_90) introduced; this kernel targets 8.0}}
    %x = tile.descriptor_load %a[%m, %m] : !tile.tensordesc<tensor<64x64xf16>> -> tensor<64x64xf16, #blocked>
    // expected-error @+1 {{tensor descriptors need TMA}}
    %y = tile.descriptor_load %a[%m, %m] : !tile.tensordesc<tensor<64x64xf16>> -> tensor<64x64xf16, #blocked>
    // expected-error @+1 {{tensor descriptors need TMA}}
    tile.descriptor_store %c[%m, %m], %x : !tile.tensordesc<tensor<64x64xf16>>, tensor<64x64xf16, #blocked>
    return
  }
}

// -----

// A descriptor load in a loop is refused all the same.
#blocked = #tilegpu.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
module attributes {tilegpu.num_warps = 4 : i32, tilegpu.threads_per_warp = 32 : i32} {
  func.func @in_loop(%a: !tile.tensordesc<tensor<64x64xf16>>, %n: i32, %acc: tensor<64x64xf16, #blocked>) -> tensor<64x64xf16, #blocked> {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %r = scf.for %k = %c0 to %n step %c1 iter_args(%s = %acc) -> (tensor<64x64xf16, #blocked>) : i32 {
      // expected-error @+1 {{tensor descriptors need TMA}}
      %x = tile.descriptor_load %a[%k, %k] : !tile.tensordesc<tensor<64x64xf16>> -> tensor<64x64xf16, #blocked>
      %y = arith.addf %s, %x : tensor<64x64xf16, #blocked>
      scf.yield %y : tensor<64x64xf16, #blocked>
    }
    return %r : tensor<64x64xf16, #blocked>
  }
}

// -----

// Code without descriptors is untouched: no error.
module attributes {tilegpu.num_warps = 4 : i32, tilegpu.threads_per_warp = 32 : i32} {
  func.func @no_descriptors(%x: i32) -> i32 {
    return %x : i32
  }
}
