// RUN: tilec-opt %s -split-input-file -verify-diagnostics

// One case per verifier diagnostic of tensor descriptors and of the loads
// and stores through them. The block is what a tensor map's box and the
// shared tile it lands in are planned from (include/tilec/TensorDescriptor.h),
// so the type admits only blocks that plan describes: static, 2-D, without a
// layout (a register layout is the load's business, not the descriptor's),
// of 1, 2, 4 or 8-byte elements, with power-of-two dimensions and rows of at
// least 16 bytes. A load or store moves exactly one block at one index per
// dimension.

//===----------------------------------------------------------------------===//
// The type
//===----------------------------------------------------------------------===//

// expected-error @+1 {{a tensor descriptor's block must be a static 2-D tensor, got 'tensor<2x64x64xf16>'}}
func.func private @rank_3(!tile.tensordesc<tensor<2x64x64xf16>>)

// -----

// expected-error @+1 {{a tensor descriptor's block must be a static 2-D tensor, got 'tensor<64xf16>'}}
func.func private @rank_1(!tile.tensordesc<tensor<64xf16>>)

// -----

// expected-error @+1 {{a tensor descriptor's block must be a static 2-D tensor, got 'tensor<?x64xf16>'}}
func.func private @dynamic(!tile.tensordesc<tensor<?x64xf16>>)

// -----

// expected-error @+1 {{a tensor descriptor's block has no layout}}
func.func private @encoding(!tile.tensordesc<tensor<64x64xf16, "blocked">>)

// -----

// expected-error @+1 {{a tensor descriptor holds integers or floats of 8, 16, 32 or 64 bits, got 'i1'}}
func.func private @i1(!tile.tensordesc<tensor<64x128xi1>>)

// -----

// expected-error @+1 {{a tensor descriptor holds integers or floats of 8, 16, 32 or 64 bits, got 'index'}}
func.func private @index(!tile.tensordesc<tensor<64x64xindex>>)

// -----

// expected-error @+1 {{a tensor descriptor holds integers or floats of 8, 16, 32 or 64 bits, got '!tile.ptr<f16>'}}
func.func private @pointers(!tile.tensordesc<tensor<64x64x!tile.ptr<f16>>>)

// -----

// Regression: sub-byte integers were accepted, and have no TMA plan.
// expected-error @+1 {{a tensor descriptor holds integers or floats of 8, 16, 32 or 64 bits, got 'i4'}}
func.func private @i4(!tile.tensordesc<tensor<64x64xi4>>)

// -----

// expected-error @+1 {{a tensor descriptor holds integers or floats of 8, 16, 32 or 64 bits, got 'i24'}}
func.func private @i24(!tile.tensordesc<tensor<64x64xi24>>)

// -----

// Regression: blocks without a TMA plan were accepted, and
// tilegpu-lower-descriptors crashed on a load of one (a null shared type).
// expected-error @+1 {{every dimension of a tensor descriptor's block must be a power of two, got 'tensor<96x64xf16>'}}
func.func private @not_power_of_two(!tile.tensordesc<tensor<96x64xf16>>)

// -----

// expected-error @+1 {{every dimension of a tensor descriptor's block must be a power of two, got 'tensor<0x64xf16>'}}
func.func private @empty(!tile.tensordesc<tensor<0x64xf16>>)

// -----

// 4 f16 are 8 bytes, under the 16 bytes a TMA box row spans at least.
// expected-error @+1 {{the contiguous dimension of a tensor descriptor's block must span at least 16 bytes, got 'tensor<64x4xf16>'}}
func.func private @narrow_rows(!tile.tensordesc<tensor<64x4xf16>>)

// -----

//===----------------------------------------------------------------------===//
// tile.descriptor_load
//===----------------------------------------------------------------------===//

func.func @load_one_index(%d: !tile.tensordesc<tensor<128x64xf16>>, %i: i32) {
  // expected-error @+1 {{'tile.descriptor_load' op takes 2 indices, one per dimension of the block, got 1}}
  %a = tile.descriptor_load %d[%i] : !tile.tensordesc<tensor<128x64xf16>> -> tensor<128x64xf16>
  return
}

// -----

func.func @load_three_indices(%d: !tile.tensordesc<tensor<128x64xf16>>, %i: i32) {
  // expected-error @+1 {{'tile.descriptor_load' op takes 2 indices, one per dimension of the block, got 3}}
  %a = tile.descriptor_load %d[%i, %i, %i] : !tile.tensordesc<tensor<128x64xf16>> -> tensor<128x64xf16>
  return
}

// -----

// The block transposed is not the block.
func.func @load_shape(%d: !tile.tensordesc<tensor<128x64xf16>>, %i: i32) {
  // expected-error @+1 {{'tile.descriptor_load' op result must have the descriptor's block type 'tensor<128x64xf16>', got 'tensor<64x128xf16>'}}
  %a = tile.descriptor_load %d[%i, %i] : !tile.tensordesc<tensor<128x64xf16>> -> tensor<64x128xf16>
  return
}

// -----

// A load does not convert: bf16 has f16's width but is another type.
func.func @load_element_type(%d: !tile.tensordesc<tensor<128x64xf16>>, %i: i32) {
  // expected-error @+1 {{'tile.descriptor_load' op result must have the descriptor's block type 'tensor<128x64xf16>', got 'tensor<128x64xbf16>'}}
  %a = tile.descriptor_load %d[%i, %i] : !tile.tensordesc<tensor<128x64xf16>> -> tensor<128x64xbf16>
  return
}

// -----

//===----------------------------------------------------------------------===//
// tile.descriptor_store
//===----------------------------------------------------------------------===//

func.func @store_one_index(%d: !tile.tensordesc<tensor<128x64xf16>>, %i: i32, %v: tensor<128x64xf16>) {
  // expected-error @+1 {{'tile.descriptor_store' op takes 2 indices, one per dimension of the block, got 1}}
  tile.descriptor_store %d[%i], %v : !tile.tensordesc<tensor<128x64xf16>>, tensor<128x64xf16>
  return
}

// -----

// Half a block is not a block: a store writes the whole box.
func.func @store_shape(%d: !tile.tensordesc<tensor<128x64xf16>>, %i: i32, %v: tensor<64x64xf16>) {
  // expected-error @+1 {{'tile.descriptor_store' op value must have the descriptor's block type 'tensor<128x64xf16>', got 'tensor<64x64xf16>'}}
  tile.descriptor_store %d[%i, %i], %v : !tile.tensordesc<tensor<128x64xf16>>, tensor<64x64xf16>
  return
}

// -----

// The fp32 accumulator must be truncated before it is stored to an fp16
// tensor.
func.func @store_element_type(%d: !tile.tensordesc<tensor<128x64xf16>>, %i: i32, %v: tensor<128x64xf32>) {
  // expected-error @+1 {{'tile.descriptor_store' op value must have the descriptor's block type 'tensor<128x64xf16>', got 'tensor<128x64xf32>'}}
  tile.descriptor_store %d[%i, %i], %v : !tile.tensordesc<tensor<128x64xf16>>, tensor<128x64xf32>
  return
}

// -----

// The TMA reduces with add, min, max, and, or and xor, not xchg.
func.func @reduce_xchg(%d: !tile.tensordesc<tensor<64x32xi32>>, %i: i32, %v: tensor<64x32xi32>) {
  // expected-error @+1 {{'tile.descriptor_store' op a TMA reduction has no xchg}}
  tile.descriptor_store %d[%i, %i], %v {reduce = #tile<rmw_op xchg>} : !tile.tensordesc<tensor<64x32xi32>>, tensor<64x32xi32>
  return
}

// -----

func.func @reduce_fadd_int(%d: !tile.tensordesc<tensor<64x32xi32>>, %i: i32, %v: tensor<64x32xi32>) {
  // expected-error @+1 {{'tile.descriptor_store' op reduce fadd requires a floating-point element type, got 'i32'}}
  tile.descriptor_store %d[%i, %i], %v {reduce = #tile<rmw_op fadd>} : !tile.tensordesc<tensor<64x32xi32>>, tensor<64x32xi32>
  return
}

// -----

func.func @reduce_max_float(%d: !tile.tensordesc<tensor<64x32xf16>>, %i: i32, %v: tensor<64x32xf16>) {
  // expected-error @+1 {{'tile.descriptor_store' op reduce max requires an integer element type, got 'f16'}}
  tile.descriptor_store %d[%i, %i], %v {reduce = #tile<rmw_op max>} : !tile.tensordesc<tensor<64x32xf16>>, tensor<64x32xf16>
  return
}
