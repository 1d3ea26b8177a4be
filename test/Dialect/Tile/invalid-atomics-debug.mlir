// RUN: tilec-opt %s -split-input-file -verify-diagnostics

func.func @print_signs(%n: i32) {
  // expected-error @+1 {{'tile.print' op is_signed has 2 entries for 1 operands}}
  tile.print "n: "(%n : i32) {hex = false, is_signed = array<i32: 1, 1>}
  return
}

// -----

func.func @assume_int(%n: i32) {
  // expected-error @+1 {{'tile.assume' op operand #0 must be i1 scalar or tile}}
  "tile.assume"(%n) : (i32) -> ()
  return
}

// -----

func.func @atomic_rmw_i8(%p: !tile.ptr<i8>, %v: i8) {
  // expected-error @+1 {{'tile.atomic_rmw' op atomic_rmw_op add does not support 'i8'}}
  %0 = tile.atomic_rmw add, relaxed, gpu, %p, %v : !tile.ptr<i8>
  return
}

// -----

func.func @atomic_rmw_f16_max(%p: !tile.ptr<f16>, %v: f16) {
  // expected-error @+1 {{'tile.atomic_rmw' op atomic_rmw_op max requires an integer element type, got 'f16'}}
  %0 = tile.atomic_rmw max, relaxed, gpu, %p, %v : !tile.ptr<f16>
  return
}

// -----

func.func @atomic_cas_i8(%p: !tile.ptr<i8>, %v: i8) {
  // expected-error @+1 {{'tile.atomic_cas' op elements must be 16, 32 or 64 bits wide, got 'i8'}}
  %0 = tile.atomic_cas acq_rel, gpu, %p, %v, %v : !tile.ptr<i8>
  return
}
