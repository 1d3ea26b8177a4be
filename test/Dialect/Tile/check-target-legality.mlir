// RUN: tilec-opt %s -split-input-file -verify-diagnostics -tile-check-target-legality | FileCheck %s

// tile-check-target-legality: the ops that verify but that tilec's back end
// has no lowering for are refused at their location, by the Triton name,
// before any other pass; the ones it lowers pass through unchanged.

// CHECK-LABEL: func.func @dots_lowered
// CHECK-COUNT-5: tile.dot
func.func @dots_lowered(%h: tensor<64x32xf16>, %hb: tensor<32x64xf16>,
                        %bf: tensor<64x32xbf16>, %bfb: tensor<32x64xbf16>,
                        %f: tensor<64x32xf32>, %fb: tensor<32x64xf32>,
                        %i: tensor<64x32xi8>, %ib: tensor<32x64xi8>,
                        %c32: tensor<64x64xf32>, %c16: tensor<64x64xf16>,
                        %ci: tensor<64x64xi32>) {
  %0 = tile.dot %h, %hb, %c32 : tensor<64x32xf16> * tensor<32x64xf16> -> tensor<64x64xf32>
  %1 = tile.dot %h, %hb, %c16 : tensor<64x32xf16> * tensor<32x64xf16> -> tensor<64x64xf16>
  %2 = tile.dot %bf, %bfb, %c32 : tensor<64x32xbf16> * tensor<32x64xbf16> -> tensor<64x64xf32>
  %3 = tile.dot %f, %fb, %c32 inputPrecision = ieee : tensor<64x32xf32> * tensor<32x64xf32> -> tensor<64x64xf32>
  %4 = tile.dot %i, %ib, %ci : tensor<64x32xi8> * tensor<32x64xi8> -> tensor<64x64xi32>
  return
}

// -----

func.func @dot_batched(%a: tensor<2x64x32xf16>, %b: tensor<2x32x64xf16>, %c: tensor<2x64x64xf32>) {
  // expected-error @+1 {{'tl.dot' of fp16 operands into fp32 with batched (3-D) operands is not lowered by tilec's back end}}
  %d = tile.dot %a, %b, %c : tensor<2x64x32xf16> * tensor<2x32x64xf16> -> tensor<2x64x64xf32>
  return
}

// -----

func.func @dot_int8_k16(%a: tensor<64x16xi8>, %b: tensor<16x64xi8>, %c: tensor<64x64xi32>) {
  // expected-error @+1 {{'tl.dot' of int8 operands into int32 needs M a multiple of 16, N of 8 and K of 32, got M=64 N=64 K=16}}
  %d = tile.dot %a, %b, %c : tensor<64x16xi8> * tensor<16x64xi8> -> tensor<64x64xi32>
  return
}

// -----

func.func @fp16_to_bf16(%x: tensor<64xf16>) {
  // expected-error @+1 {{conversion from fp16 to bf16 must go through fp32}}
  %0 = tile.fp_to_fp %x rounding = rtne : tensor<64xf16> -> tensor<64xbf16>
  return
}

// -----

func.func @rtz_from_fp64(%x: tensor<64xf64>) {
  // expected-error @+1 {{conversion from fp64 to fp16 with fp_downcast_rounding='rtz' is not lowered (only fp32 to fp16 or bf16 is)}}
  %0 = tile.fp_to_fp %x rounding = rtz : tensor<64xf64> -> tensor<64xf16>
  return
}

// -----

// CHECK-LABEL: func.func @rtz_lowered
// CHECK: tile.fp_to_fp
func.func @rtz_lowered(%x: tensor<64xf32>) {
  %0 = tile.fp_to_fp %x rounding = rtz : tensor<64xf32> -> tensor<64xbf16>
  return
}
