// RUN: tilec-opt %s -split-input-file -allow-unregistered-dialect -verify-diagnostics

// One case per verifier diagnostic of the tile dialect. The custom forms infer
// some types (the result of a load, its mask and other); the generic form is
// used where a case needs a type the custom form cannot spell.

//===----------------------------------------------------------------------===//
// Types
//===----------------------------------------------------------------------===//

// expected-error @+1 {{pointee type must be an integer, a float or a pointer, got 'tensor<4xf32>'}}
func.func private @ptr_to_tensor(!tile.ptr<tensor<4xf32>>)

// -----

//===----------------------------------------------------------------------===//
// Program indexing
//===----------------------------------------------------------------------===//

func.func @program_id_axis() {
  // expected-error @+1 {{'tile.program_id' op axis must be 0, 1 or 2, got 3}}
  %0 = tile.program_id 3 : i32
  return
}

// -----

func.func @num_programs_axis() {
  // expected-error @+1 {{'tile.num_programs' op axis must be 0, 1 or 2, got -1}}
  %0 = tile.num_programs -1 : i32
  return
}

// -----

//===----------------------------------------------------------------------===//
// make_range
//===----------------------------------------------------------------------===//

func.func @make_range_rank() {
  // expected-error @+1 {{result must be a 1-D tile, got 'tensor<2x64xi32>'}}
  %0 = tile.make_range 0 to 128 : tensor<2x64xi32>
  return
}

// -----

func.func @make_range_empty() {
  // expected-error @+1 {{end must be greater than start, got start = 8, end = 8}}
  %0 = tile.make_range 8 to 8 : tensor<1xi32>
  return
}

// -----

func.func @make_range_pow2() {
  // expected-error @+1 {{'tile.make_range' op range must be a power of two, got 100}}
  %0 = tile.make_range 0 to 100 : tensor<100xi32>
  return
}

// -----

func.func @make_range_size() {
  // expected-error @+1 {{result size 64 must be end - start = 128}}
  %0 = tile.make_range 0 to 128 : tensor<64xi32>
  return
}

// -----

func.func @make_range_element() {
  // expected-error @+1 {{result #0 must be statically shaped tensor of 32-bit signless integer values}}
  %0 = tile.make_range 0 to 128 : tensor<128xi64>
  return
}

// -----

//===----------------------------------------------------------------------===//
// splat, broadcast, expand_dims, reshape, trans
//===----------------------------------------------------------------------===//

func.func @splat_type(%x: f32) {
  // expected-error @+1 {{'tile.splat' op result element type 'f16' must be the source type 'f32'}}
  %0 = tile.splat %x : f32 -> tensor<16xf16>
  return
}

// -----

func.func @splat_of_tile(%x: tensor<4xf32>) {
  // expected-error @+1 {{operand #0 must be integer, floating-point or pointer}}
  %0 = tile.splat %x : tensor<4xf32> -> tensor<4x4xf32>
  return
}

// -----

func.func @dynamic_tile(%x: f32) {
  // expected-error @+1 {{result #0 must be statically shaped tensor}}
  %0 = tile.splat %x : f32 -> tensor<?xf32>
  return
}

// -----

func.func @broadcast_element(%x: tensor<1x16xf32>) {
  // expected-error @+1 {{'tile.broadcast' op result element type 'f16' must be the source element type 'f32'}}
  %0 = tile.broadcast %x : tensor<1x16xf32> -> tensor<4x16xf16>
  return
}

// -----

func.func @broadcast_rank(%x: tensor<16xf32>) {
  // expected-error @+1 {{'tile.broadcast' op result rank 2 must be the source rank 1}}
  %0 = tile.broadcast %x : tensor<16xf32> -> tensor<4x16xf32>
  return
}

// -----

func.func @broadcast_dim(%x: tensor<2x16xf32>) {
  // expected-error @+1 {{'tile.broadcast' op source dimension 0 of size 2 must be 1 or the result size 4}}
  %0 = tile.broadcast %x : tensor<2x16xf32> -> tensor<4x16xf32>
  return
}

// -----

func.func @expand_dims_axis(%x: tensor<16xf32>) {
  // expected-error @+1 {{'tile.expand_dims' op axis 2 is out of range for a source of rank 1}}
  %0 = tile.expand_dims %x {axis = 2 : i32} : tensor<16xf32> -> tensor<16x1xf32>
  return
}

// -----

func.func @expand_dims_element(%x: tensor<16xf32>) {
  // expected-error @+1 {{'tile.expand_dims' op result element type 'i32' must be the source element type 'f32'}}
  %0 = tile.expand_dims %x {axis = 0 : i32} : tensor<16xf32> -> tensor<1x16xi32>
  return
}

// -----

func.func @expand_dims_shape(%x: tensor<16xf32>) {
  // expected-error @+1 {{'tile.expand_dims' op result shape [1, 16] must be [16, 1], the source shape with a 1 at axis 1}}
  %0 = tile.expand_dims %x {axis = 1 : i32} : tensor<16xf32> -> tensor<1x16xf32>
  return
}

// -----

func.func @reshape_element(%x: tensor<4x16xf32>) {
  // expected-error @+1 {{'tile.reshape' op result element type 'f16' must be the source element type 'f32'}}
  %0 = tile.reshape %x : tensor<4x16xf32> -> tensor<64xf16>
  return
}

// -----

func.func @reshape_count(%x: tensor<4x16xf32>) {
  // expected-error @+1 {{'tile.reshape' op result has 32 elements but the source has 64}}
  %0 = tile.reshape %x : tensor<4x16xf32> -> tensor<32xf32>
  return
}

// -----

func.func @trans_order_size(%x: tensor<4x16xf32>) {
  // expected-error @+1 {{'tile.trans' op order must have 2 entries, one per dimension, got 3}}
  %0 = tile.trans %x {order = array<i32: 0, 1, 2>} : tensor<4x16xf32> -> tensor<4x16xf32>
  return
}

// -----

func.func @trans_not_permutation(%x: tensor<4x16xf32>) {
  // expected-error @+1 {{'tile.trans' op order [1, 1] must be a permutation of [0, 2)}}
  %0 = tile.trans %x {order = array<i32: 1, 1>} : tensor<4x16xf32> -> tensor<16x16xf32>
  return
}

// -----

func.func @trans_out_of_range(%x: tensor<4x16xf32>) {
  // expected-error @+1 {{'tile.trans' op order [0, 5] must be a permutation of [0, 2)}}
  %0 = tile.trans %x {order = array<i32: 0, 5>} : tensor<4x16xf32> -> tensor<4x16xf32>
  return
}

// -----

func.func @trans_element(%x: tensor<4x16xf32>) {
  // expected-error @+1 {{'tile.trans' op result element type 'f16' must be the source element type 'f32'}}
  %0 = tile.trans %x {order = array<i32: 1, 0>} : tensor<4x16xf32> -> tensor<16x4xf16>
  return
}

// -----

func.func @trans_shape(%x: tensor<4x16xf32>) {
  // expected-error @+1 {{'tile.trans' op result shape [4, 16] must be [16, 4], the source shape permuted by order}}
  %0 = tile.trans %x {order = array<i32: 1, 0>} : tensor<4x16xf32> -> tensor<4x16xf32>
  return
}

// -----

//===----------------------------------------------------------------------===//
// Pointer arithmetic and conversions
//===----------------------------------------------------------------------===//

func.func @addptr_shape(%p: tensor<128x!tile.ptr<f32>>, %o: tensor<64xi32>) {
  // expected-error @+1 {{'tile.addptr' op offset type 'tensor<64xi32>' must have the shape of ptr type 'tensor<128x!tile.ptr<f32>>'}}
  %0 = tile.addptr %p, %o : tensor<128x!tile.ptr<f32>>, tensor<64xi32>
  return
}

// -----

func.func @addptr_scalar_tile(%p: !tile.ptr<f32>, %o: tensor<64xi32>) {
  // expected-error @+1 {{'tile.addptr' op offset type 'tensor<64xi32>' must have the shape of ptr type '!tile.ptr<f32>'}}
  %0 = tile.addptr %p, %o : !tile.ptr<f32>, tensor<64xi32>
  return
}

// -----

func.func @addptr_result(%p: !tile.ptr<f32>, %o: i32) {
  // expected-error @+1 {{'tile.addptr' op failed to verify that all of {ptr, result} have same type}}
  %0 = "tile.addptr"(%p, %o) : (!tile.ptr<f32>, i32) -> !tile.ptr<f16>
  return
}

// -----

func.func @addptr_float_offset(%p: !tile.ptr<f32>, %o: f32) {
  // expected-error @+1 {{operand #1 must be integer scalar or tile}}
  %0 = tile.addptr %p, %o : !tile.ptr<f32>, f32
  return
}

// -----

func.func @ptr_to_int_shape(%p: tensor<64x!tile.ptr<f32>>) {
  // expected-error @+1 {{'tile.ptr_to_int' op result type 'tensor<32xi64>' must have the shape of source type 'tensor<64x!tile.ptr<f32>>'}}
  %0 = tile.ptr_to_int %p : tensor<64x!tile.ptr<f32>> -> tensor<32xi64>
  return
}

// -----

func.func @ptr_to_int_width(%p: !tile.ptr<f32>) {
  // expected-error @+1 {{result #0 must be i64 scalar or tile}}
  %0 = tile.ptr_to_int %p : !tile.ptr<f32> -> i32
  return
}

// -----

func.func @int_to_ptr_shape(%i: i64) {
  // expected-error @+1 {{'tile.int_to_ptr' op result type 'tensor<4x!tile.ptr<f32>>' must have the shape of source type 'i64'}}
  %0 = tile.int_to_ptr %i : i64 -> tensor<4x!tile.ptr<f32>>
  return
}

// -----

func.func @bitcast_shape(%x: tensor<64xf32>) {
  // expected-error @+1 {{'tile.bitcast' op result type 'tensor<32xi32>' must have the shape of source type 'tensor<64xf32>'}}
  %0 = tile.bitcast %x : tensor<64xf32> -> tensor<32xi32>
  return
}

// -----

func.func @bitcast_ptr_int(%p: !tile.ptr<f32>) {
  // expected-error @+1 {{'tile.bitcast' op cannot bitcast '!tile.ptr<f32>' to 'i64'; use tile.ptr_to_int or tile.int_to_ptr}}
  %0 = tile.bitcast %p : !tile.ptr<f32> -> i64
  return
}

// -----

func.func @bitcast_width(%x: tensor<64xf32>) {
  // expected-error @+1 {{'tile.bitcast' op result element type 'f16' (16 bits) must have the bit width of 'f32' (32 bits)}}
  %0 = tile.bitcast %x : tensor<64xf32> -> tensor<64xf16>
  return
}

// -----

func.func @fp_to_fp_shape(%x: tensor<64xf16>) {
  // expected-error @+1 {{'tile.fp_to_fp' op result type 'f32' must have the shape of source type 'tensor<64xf16>'}}
  %0 = tile.fp_to_fp %x : tensor<64xf16> -> f32
  return
}

// -----

func.func @fp_to_fp_rounding(%x: tensor<64xf32>) {
  // expected-error @+1 {{'tile.fp_to_fp' op rounding mode is required to convert 'f32' to 'f8E4M3FN'}}
  %0 = tile.fp_to_fp %x : tensor<64xf32> -> tensor<64xf8E4M3FN>
  return
}

// -----

func.func @fp_to_fp_same_width(%x: f16) {
  // expected-error @+1 {{'tile.fp_to_fp' op rounding mode is required to convert 'f16' to 'bf16'}}
  %0 = tile.fp_to_fp %x : f16 -> bf16
  return
}

// -----

func.func @fp_to_fp_int(%x: i32) {
  // expected-error @+1 {{operand #0 must be floating-point scalar or tile}}
  %0 = tile.fp_to_fp %x : i32 -> f16
  return
}

// -----

func.func @hint_entries(%x: tensor<16x16xi32>) {
  // expected-error @+1 {{'tile.hint' op divisibility must have 2 entries, one per dimension, got 1}}
  %0 = tile.hint %x divisibility = [16] : tensor<16x16xi32>
  return
}

// -----

func.func @hint_scalar_entries(%p: !tile.ptr<f16>) {
  // expected-error @+1 {{'tile.hint' op contiguity must have 1 entries, one per dimension, got 2}}
  %0 = tile.hint %p contiguity = [1, 1] : !tile.ptr<f16>
  return
}

// -----

func.func @hint_positive(%x: tensor<16xi32>) {
  // expected-error @+1 {{'tile.hint' op constancy entries must be positive, got 0}}
  %0 = tile.hint %x constancy = [0] : tensor<16xi32>
  return
}

// -----

func.func @hint_float(%x: tensor<16xf32>) {
  // expected-error @+1 {{operand #0 must be integer or pointer scalar or tile}}
  %0 = tile.hint %x divisibility = [16] : tensor<16xf32>
  return
}

// -----

//===----------------------------------------------------------------------===//
// Memory access
//===----------------------------------------------------------------------===//

func.func @load_not_ptr(%x: tensor<64xf32>) {
  // expected-error @+1 {{'ptr' must be pointer or tile of pointers, but got 'tensor<64xf32>'}}
  %0 = tile.load %x : tensor<64xf32>
  return
}

// -----

func.func @load_other_without_mask(%p: tensor<4x!tile.ptr<f32>>, %o: tensor<4xf32>) {
  // expected-error @+1 {{'tile.load' op other requires a mask}}
  %0 = "tile.load"(%p, %o) <{operandSegmentSizes = array<i32: 1, 0, 1>}> : (tensor<4x!tile.ptr<f32>>, tensor<4xf32>) -> tensor<4xf32>
  return
}

// -----

func.func @load_result(%p: tensor<4x!tile.ptr<f32>>) {
  // expected-error @+1 {{'tile.load' op result type 'tensor<4xf16>' must be 'tensor<4xf32>', the pointee type of ptr}}
  %0 = "tile.load"(%p) <{operandSegmentSizes = array<i32: 1, 0, 0>}> : (tensor<4x!tile.ptr<f32>>) -> tensor<4xf16>
  return
}

// -----

func.func @load_other(%p: tensor<4x!tile.ptr<f32>>, %m: tensor<4xi1>, %o: tensor<4xf16>) {
  // expected-error @+1 {{'tile.load' op other type 'tensor<4xf16>' must be 'tensor<4xf32>', the pointee type of ptr}}
  %0 = "tile.load"(%p, %m, %o) <{operandSegmentSizes = array<i32: 1, 1, 1>}> : (tensor<4x!tile.ptr<f32>>, tensor<4xi1>, tensor<4xf16>) -> tensor<4xf32>
  return
}

// -----

func.func @load_mask(%p: tensor<4x!tile.ptr<f32>>, %m: tensor<8xi1>) {
  // expected-error @+1 {{'tile.load' op mask type 'tensor<8xi1>' must be 'tensor<4xi1>', i1 with the shape of ptr}}
  %0 = "tile.load"(%p, %m) <{operandSegmentSizes = array<i32: 1, 1, 0>}> : (tensor<4x!tile.ptr<f32>>, tensor<8xi1>) -> tensor<4xf32>
  return
}

// -----

func.func @load_mask_use(%p: tensor<4x!tile.ptr<f32>>, %m: tensor<8xi1>) {
  // expected-note @-1 {{prior use here}}
  // expected-error @+1 {{use of value '%m' expects different type than prior uses: 'tensor<4xi1>' vs 'tensor<8xi1>'}}
  %0 = tile.load %p, %m : tensor<4x!tile.ptr<f32>>
  return
}

// -----

func.func @store_value(%p: tensor<4x!tile.ptr<f32>>, %v: tensor<4xf16>) {
  // expected-error @+1 {{'tile.store' op value type 'tensor<4xf16>' must be 'tensor<4xf32>', the pointee type of ptr}}
  "tile.store"(%p, %v) : (tensor<4x!tile.ptr<f32>>, tensor<4xf16>) -> ()
  return
}

// -----

func.func @store_mask(%p: !tile.ptr<f32>, %v: f32, %m: tensor<4xi1>) {
  // expected-error @+1 {{'tile.store' op mask type 'tensor<4xi1>' must be 'i1', i1 with the shape of ptr}}
  "tile.store"(%p, %v, %m) : (!tile.ptr<f32>, f32, tensor<4xi1>) -> ()
  return
}

// -----

func.func @atomic_rmw_val(%p: tensor<4x!tile.ptr<f32>>, %v: tensor<4xf16>) {
  // expected-error @+1 {{'tile.atomic_rmw' op val type 'tensor<4xf16>' must be 'tensor<4xf32>', the pointee type of ptr}}
  %0 = "tile.atomic_rmw"(%p, %v) <{atomic_rmw_op = #tile<rmw_op fadd>, sem = #tile<sem relaxed>, scope = #tile<scope gpu>}> : (tensor<4x!tile.ptr<f32>>, tensor<4xf16>) -> tensor<4xf32>
  return
}

// -----

func.func @atomic_rmw_result(%p: !tile.ptr<f32>, %v: f32) {
  // expected-error @+1 {{'tile.atomic_rmw' op result type 'f16' must be 'f32', the pointee type of ptr}}
  %0 = "tile.atomic_rmw"(%p, %v) <{atomic_rmw_op = #tile<rmw_op fadd>, sem = #tile<sem relaxed>, scope = #tile<scope gpu>}> : (!tile.ptr<f32>, f32) -> f16
  return
}

// -----

func.func @atomic_rmw_mask(%p: !tile.ptr<f32>, %v: f32, %m: i32) {
  // expected-error @+1 {{operand #2 must be i1 scalar or tile}}
  %0 = "tile.atomic_rmw"(%p, %v, %m) <{atomic_rmw_op = #tile<rmw_op fadd>, sem = #tile<sem relaxed>, scope = #tile<scope gpu>}> : (!tile.ptr<f32>, f32, i32) -> f32
  return
}

// -----

func.func @atomic_rmw_mask_shape(%p: !tile.ptr<f32>, %v: f32, %m: tensor<2xi1>) {
  // expected-error @+1 {{'tile.atomic_rmw' op mask type 'tensor<2xi1>' must be 'i1', i1 with the shape of ptr}}
  %0 = "tile.atomic_rmw"(%p, %v, %m) <{atomic_rmw_op = #tile<rmw_op fadd>, sem = #tile<sem relaxed>, scope = #tile<scope gpu>}> : (!tile.ptr<f32>, f32, tensor<2xi1>) -> f32
  return
}

// -----

func.func @atomic_fadd_int(%p: !tile.ptr<i32>, %v: i32) {
  // expected-error @+1 {{'tile.atomic_rmw' op atomic_rmw_op fadd requires a floating-point element type, got 'i32'}}
  %0 = tile.atomic_rmw fadd, relaxed, gpu, %p, %v : !tile.ptr<i32>
  return
}

// -----

func.func @atomic_and_float(%p: tensor<4x!tile.ptr<f32>>, %v: tensor<4xf32>) {
  // expected-error @+1 {{'tile.atomic_rmw' op atomic_rmw_op and requires an integer element type, got 'f32'}}
  %0 = tile.atomic_rmw and, relaxed, gpu, %p, %v : tensor<4x!tile.ptr<f32>>
  return
}

// -----

func.func @atomic_max_ptr(%p: !tile.ptr<!tile.ptr<f32>>, %v: !tile.ptr<f32>) {
  // expected-error @+1 {{'tile.atomic_rmw' op atomic_rmw_op max requires an integer element type, got '!tile.ptr<f32>'}}
  %0 = tile.atomic_rmw max, relaxed, gpu, %p, %v : !tile.ptr<!tile.ptr<f32>>
  return
}

// -----

func.func @atomic_fmax_f32(%p: !tile.ptr<f32>, %v: f32) {
  // expected-error @+1 {{'tile.atomic_rmw' op atomic_rmw_op fmax requires an f16 or bf16 element type, got 'f32'}}
  %0 = tile.atomic_rmw fmax, relaxed, gpu, %p, %v : !tile.ptr<f32>
  return
}

// -----

func.func @atomic_fmin_int(%p: !tile.ptr<i16>, %v: i16) {
  // expected-error @+1 {{'tile.atomic_rmw' op atomic_rmw_op fmin requires an f16 or bf16 element type, got 'i16'}}
  %0 = tile.atomic_rmw fmin, relaxed, gpu, %p, %v : !tile.ptr<i16>
  return
}

// -----

func.func @atomic_cas_cmp(%p: !tile.ptr<i32>, %c: i64, %v: i32) {
  // expected-error @+1 {{'tile.atomic_cas' op cmp type 'i64' must be 'i32', the pointee type of ptr}}
  %0 = "tile.atomic_cas"(%p, %c, %v) <{sem = #tile<sem acq_rel>, scope = #tile<scope gpu>}> : (!tile.ptr<i32>, i64, i32) -> i32
  return
}

// -----

//===----------------------------------------------------------------------===//
// dot
//===----------------------------------------------------------------------===//

func.func @dot_rank(%a: tensor<16xf16>, %b: tensor<16xf16>, %c: tensor<16xf32>) {
  // expected-error @+1 {{'tile.dot' op operands must have rank 2, or 3 with a leading batch dimension, got rank 1}}
  %0 = tile.dot %a, %b, %c : tensor<16xf16> * tensor<16xf16> -> tensor<16xf32>
  return
}

// -----

func.func @dot_same_rank(%a: tensor<16x16xf16>, %b: tensor<2x16x16xf16>, %c: tensor<16x16xf32>) {
  // expected-error @+1 {{'tile.dot' op a, b and c must have the same rank, got 2, 3 and 2}}
  %0 = tile.dot %a, %b, %c : tensor<16x16xf16> * tensor<2x16x16xf16> -> tensor<16x16xf32>
  return
}

// -----

func.func @dot_batch(%a: tensor<2x16x16xf16>, %b: tensor<4x16x16xf16>, %c: tensor<2x16x16xf32>) {
  // expected-error @+1 {{'tile.dot' op batch dimensions of a, b and c must be equal, got 2, 4 and 2}}
  %0 = tile.dot %a, %b, %c : tensor<2x16x16xf16> * tensor<4x16x16xf16> -> tensor<2x16x16xf32>
  return
}

// -----

func.func @dot_k(%a: tensor<16x32xf16>, %b: tensor<16x16xf16>, %c: tensor<16x16xf32>) {
  // expected-error @+1 {{'tile.dot' op K dimension of a (32) must match that of b (16)}}
  %0 = tile.dot %a, %b, %c : tensor<16x32xf16> * tensor<16x16xf16> -> tensor<16x16xf32>
  return
}

// -----

func.func @dot_acc_shape(%a: tensor<16x32xf16>, %b: tensor<32x64xf16>, %c: tensor<16x32xf32>) {
  // expected-error @+1 {{'tile.dot' op accumulator shape [16, 32] must be [M, N] = [16, 64]}}
  %0 = tile.dot %a, %b, %c : tensor<16x32xf16> * tensor<32x64xf16> -> tensor<16x32xf32>
  return
}

// -----

func.func @dot_elements(%a: tensor<16x16xf16>, %b: tensor<16x16xbf16>, %c: tensor<16x16xf32>) {
  // expected-error @+1 {{'tile.dot' op a and b must have the same element type (or both be fp8), got 'f16' and 'bf16'}}
  %0 = tile.dot %a, %b, %c : tensor<16x16xf16> * tensor<16x16xbf16> -> tensor<16x16xf32>
  return
}

// -----

func.func @dot_int_acc(%a: tensor<16x16xi8>, %b: tensor<16x16xi8>, %c: tensor<16x16xf32>) {
  // expected-error @+1 {{'tile.dot' op accumulator element type must be i32 for i8 operands, got 'f32'}}
  %0 = tile.dot %a, %b, %c : tensor<16x16xi8> * tensor<16x16xi8> -> tensor<16x16xf32>
  return
}

// -----

func.func @dot_float_acc(%a: tensor<16x16xf16>, %b: tensor<16x16xf16>, %c: tensor<16x16xi32>) {
  // expected-error @+1 {{'tile.dot' op accumulator element type must be f32 or f16 for floating-point operands, got 'i32'}}
  %0 = tile.dot %a, %b, %c : tensor<16x16xf16> * tensor<16x16xf16> -> tensor<16x16xi32>
  return
}

// -----

func.func @dot_f64_acc(%a: tensor<16x16xf64>, %b: tensor<16x16xf64>, %c: tensor<16x16xf32>) {
  // expected-error @+1 {{'tile.dot' op accumulator element type must be f64 for f64 operands, got 'f32'}}
  %0 = tile.dot %a, %b, %c : tensor<16x16xf64> * tensor<16x16xf64> -> tensor<16x16xf32>
  return
}

// -----

func.func @dot_imprecise(%a: tensor<16x16xf8E5M2>, %b: tensor<16x16xf8E5M2>, %c: tensor<16x16xf32>) {
  // expected-error @+1 {{'tile.dot' op maxNumImpreciseAcc must be non-negative, got -1}}
  %0 = tile.dot %a, %b, %c maxNumImpreciseAcc = -1 : tensor<16x16xf8E5M2> * tensor<16x16xf8E5M2> -> tensor<16x16xf32>
  return
}

// -----

func.func @dot_i16(%a: tensor<16x16xi16>, %b: tensor<16x16xi16>, %c: tensor<16x16xi32>) {
  // expected-error @+1 {{operand #0 must be statically shaped tensor of 16-bit float or bfloat16 type or 32-bit float or 64-bit float or 8-bit signless integer or f8E4M3FN type or f8E5M2 type values}}
  %0 = tile.dot %a, %b, %c : tensor<16x16xi16> * tensor<16x16xi16> -> tensor<16x16xi32>
  return
}

// -----

func.func @dot_result(%a: tensor<16x16xf16>, %b: tensor<16x16xf16>, %c: tensor<16x16xf32>) {
  // expected-error @+1 {{'tile.dot' op failed to verify that all of {c, d} have same type}}
  %0 = "tile.dot"(%a, %b, %c) : (tensor<16x16xf16>, tensor<16x16xf16>, tensor<16x16xf32>) -> tensor<16x16xf16>
  return
}

// -----

//===----------------------------------------------------------------------===//
// reduce, scan, reduce.return
//===----------------------------------------------------------------------===//

func.func @reduce_no_source() {
  // expected-error @+1 {{'tile.reduce' op expects at least one source}}
  "tile.reduce"() <{axis = 0 : i32}> ({
  ^bb0:
    tile.reduce.return
  }) : () -> ()
  return
}

// -----

func.func @reduce_source_shapes(%x: tensor<16xf32>, %y: tensor<32xi32>) {
  // expected-error @+1 {{'tile.reduce' op source #1 type 'tensor<32xi32>' must have the shape of source #0 type 'tensor<16xf32>'}}
  %0:2 = tile.reduce(%x, %y) {axis = 0 : i32} : (tensor<16xf32>, tensor<32xi32>) -> (f32, i32) {
  ^bb0(%a: f32, %ai: i32, %b: f32, %bi: i32):
    tile.reduce.return %a, %ai : f32, i32
  }
  return
}

// -----

func.func @reduce_axis(%x: tensor<16x8xf32>) {
  // expected-error @+1 {{'tile.reduce' op axis 2 is out of range for sources of rank 2}}
  %0 = tile.reduce(%x) {axis = 2 : i32} : (tensor<16x8xf32>) -> tensor<16xf32> {
  ^bb0(%a: f32, %b: f32):
    tile.reduce.return %a : f32
  }
  return
}

// -----

func.func @reduce_region_arity(%x: tensor<16xf32>) {
  // expected-error @+1 {{'tile.reduce' op combine region must take 2 arguments (accumulators then new values), got 1}}
  %0 = tile.reduce(%x) {axis = 0 : i32} : (tensor<16xf32>) -> f32 {
  ^bb0(%a: f32):
    tile.reduce.return %a : f32
  }
  return
}

// -----

func.func @reduce_region_type(%x: tensor<16xf32>, %y: tensor<16xi32>) {
  // expected-error @+1 {{'tile.reduce' op combine region argument #3 type 'f32' must be the element type 'i32' of source #1}}
  %0:2 = tile.reduce(%x, %y) {axis = 0 : i32} : (tensor<16xf32>, tensor<16xi32>) -> (f32, i32) {
  ^bb0(%a: f32, %ai: i32, %b: f32, %bi: f32):
    tile.reduce.return %a, %ai : f32, i32
  }
  return
}

// -----

func.func @reduce_terminator(%x: tensor<16xf32>) {
  // expected-error @+1 {{'tile.reduce' op combine region must end with tile.reduce.return}}
  %0 = tile.reduce(%x) {axis = 0 : i32} : (tensor<16xf32>) -> f32 {
  ^bb0(%a: f32, %b: f32):
    "test.terminator"(%a) : (f32) -> ()
  }
  return
}

// -----

func.func @reduce_yield_count(%x: tensor<16xf32>) {
  // expected-error @+1 {{'tile.reduce' op combine region must yield 1 values, got 2}}
  %0 = tile.reduce(%x) {axis = 0 : i32} : (tensor<16xf32>) -> f32 {
  ^bb0(%a: f32, %b: f32):
    tile.reduce.return %a, %b : f32, f32
  }
  return
}

// -----

func.func @reduce_yield_type(%x: tensor<16xf32>) {
  // expected-error @+1 {{'tile.reduce' op combine region yields 'f16' at #0, but source #0 has element type 'f32'}}
  %0 = tile.reduce(%x) {axis = 0 : i32} : (tensor<16xf32>) -> f32 {
  ^bb0(%a: f32, %b: f32):
    %t = arith.truncf %a : f32 to f16
    tile.reduce.return %t : f16
  }
  return
}

// -----

func.func @reduce_result_count(%x: tensor<16xf32>) {
  // expected-error @+1 {{'tile.reduce' op expects 1 results, one per source, got 2}}
  %0:2 = tile.reduce(%x) {axis = 0 : i32} : (tensor<16xf32>) -> (f32, f32) {
  ^bb0(%a: f32, %b: f32):
    tile.reduce.return %a : f32
  }
  return
}

// -----

func.func @reduce_result_shape(%x: tensor<16x8xf32>) {
  // expected-error @+1 {{'tile.reduce' op result #0 type 'tensor<8xf32>' must be a tile of 'f32' with shape [16], the source shape without axis 1}}
  %0 = tile.reduce(%x) {axis = 1 : i32} : (tensor<16x8xf32>) -> tensor<8xf32> {
  ^bb0(%a: f32, %b: f32):
    tile.reduce.return %a : f32
  }
  return
}

// -----

func.func @reduce_result_scalar(%x: tensor<16xf32>) {
  // expected-error @+1 {{'tile.reduce' op result #0 type 'tensor<1xf32>' must be the scalar 'f32', the reduction of a 1-D source}}
  %0 = tile.reduce(%x) {axis = 0 : i32} : (tensor<16xf32>) -> tensor<1xf32> {
  ^bb0(%a: f32, %b: f32):
    tile.reduce.return %a : f32
  }
  return
}

// -----

func.func @reduce_no_block(%x: tensor<16xf32>) {
  // expected-error @+1 {{'tile.reduce' op region #0 ('combineOp') failed to verify constraint: region with 1 blocks}}
  %0 = "tile.reduce"(%x) <{axis = 0 : i32}> ({}) : (tensor<16xf32>) -> f32
  return
}

// -----

func.func @scan_axis(%x: tensor<16xf32>) {
  // expected-error @+1 {{'tile.scan' op axis -1 is out of range for sources of rank 1}}
  %0 = tile.scan(%x) {axis = -1 : i32, reverse = false} : (tensor<16xf32>) -> tensor<16xf32> {
  ^bb0(%a: f32, %b: f32):
    tile.reduce.return %a : f32
  }
  return
}

// -----

func.func @scan_result_count(%x: tensor<16xf32>) {
  // expected-error @+1 {{'tile.scan' op expects 1 results, one per source, got 0}}
  tile.scan(%x) {axis = 0 : i32, reverse = false} : (tensor<16xf32>) -> () {
  ^bb0(%a: f32, %b: f32):
    tile.reduce.return %a : f32
  }
  return
}

// -----

func.func @scan_result_type(%x: tensor<16xf32>) {
  // expected-error @+1 {{'tile.scan' op result #0 type 'tensor<16xf16>' must be the source type 'tensor<16xf32>'}}
  %0 = tile.scan(%x) {axis = 0 : i32, reverse = false} : (tensor<16xf32>) -> tensor<16xf16> {
  ^bb0(%a: f32, %b: f32):
    tile.reduce.return %a : f32
  }
  return
}

// -----

func.func @reduce_return_parent(%x: f32) {
  // expected-error @+1 {{'tile.reduce.return' op expects parent op to be one of 'tile.reduce, tile.scan'}}
  tile.reduce.return %x : f32
}

// -----

func.func @extern_elementwise_shapes(%x: tensor<64xf32>, %y: tensor<32xf32>) {
  // expected-error @+1 {{'tile.extern_elementwise' op operands and result must all be scalars or all tiles of one shape}}
  %0 = tile.extern_elementwise "__nv_powf" pure(%x, %y) : (tensor<64xf32>, tensor<32xf32>) -> tensor<64xf32>
  return
}

// -----

func.func @extern_elementwise_symbol(%x: f32) {
  // expected-error @+1 {{'tile.extern_elementwise' op needs a symbol}}
  %0 = tile.extern_elementwise "" pure(%x) : (f32) -> f32
  return
}
