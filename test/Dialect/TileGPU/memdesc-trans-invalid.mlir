// RUN: tilec-opt %s -split-input-file -verify-diagnostics

// The verifier of tilegpu.memdesc_trans: a permutation, and the result is
// the permuted view (shape and shared order together).

#rows = #tilegpu.shared<{swizzleBytes = 128, order = [1, 0]}>
func.func @not_permuted_order(%k: !tilegpu.memdesc<[64, 128], f16, #rows>) {
  // expected-error @+1 {{result must be '!tilegpu.memdesc<[128, 64], f16, <{swizzleBytes = 128, order = [0, 1]}>>'}}
  %t = tilegpu.memdesc_trans %k {order = array<i32: 1, 0>} : !tilegpu.memdesc<[64, 128], f16, #rows> -> !tilegpu.memdesc<[128, 64], f16, #rows>
  return
}

// -----

#rows = #tilegpu.shared<{swizzleBytes = 128, order = [1, 0]}>
func.func @not_a_permutation(%k: !tilegpu.memdesc<[64, 128], f16, #rows>) {
  // expected-error @+1 {{order must be a permutation of the 2 dimensions}}
  %t = tilegpu.memdesc_trans %k {order = array<i32: 1, 1>} : !tilegpu.memdesc<[64, 128], f16, #rows> -> !tilegpu.memdesc<[128, 64], f16, #rows>
  return
}
