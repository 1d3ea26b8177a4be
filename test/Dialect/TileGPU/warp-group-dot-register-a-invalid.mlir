// RUN: tilec-opt %s -split-input-file -verify-diagnostics

// The verifier's rules for a warp_group_dot whose A is in registers: the
// operand-0 dot_op layout of the accumulator's own mma layout, f16 or bf16
// elements, the element type of B.

#mma = #tilegpu.mma<{version = 3, instrN = 64, warpsPerCTA = [4, 1]}>
#blocked = #tilegpu.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#sb = #tilegpu.shared<{swizzleBytes = 128, order = [1, 0]}>
func.func @not_dot_op(%a: tensor<64x64xf16, #blocked>, %b: !tilegpu.memdesc<[64, 64], f16, #sb>, %c: tensor<64x64xf32, #mma>) {
  // expected-error @+1 {{a in registers needs the layout #tilegpu.dot_op<{opIdx = 0, parent = #tilegpu.mma<{version = 3, instrN = 64, warpsPerCTA = [4, 1]}>, ...}>}}
  %d = tilegpu.warp_group_dot %a, %b, %c : tensor<64x64xf16, #blocked>, !tilegpu.memdesc<[64, 64], f16, #sb>, tensor<64x64xf32, #mma> -> tensor<64x64xf32, #mma>
  return
}

// -----

// The dot_op's parent must be the accumulator's layout (here another instrN).
#mma = #tilegpu.mma<{version = 3, instrN = 64, warpsPerCTA = [4, 1]}>
#mma2 = #tilegpu.mma<{version = 3, instrN = 32, warpsPerCTA = [4, 1]}>
#a = #tilegpu.dot_op<{opIdx = 0, parent = #mma2, elemBits = 16}>
#sb = #tilegpu.shared<{swizzleBytes = 128, order = [1, 0]}>
func.func @other_parent(%a: tensor<64x64xf16, #a>, %b: !tilegpu.memdesc<[64, 64], f16, #sb>, %c: tensor<64x64xf32, #mma>) {
  // expected-error @+1 {{a in registers needs the layout}}
  %d = tilegpu.warp_group_dot %a, %b, %c : tensor<64x64xf16, #a>, !tilegpu.memdesc<[64, 64], f16, #sb>, tensor<64x64xf32, #mma> -> tensor<64x64xf32, #mma>
  return
}

// -----

// A tensor with no layout at all.
#mma = #tilegpu.mma<{version = 3, instrN = 64, warpsPerCTA = [4, 1]}>
#sb = #tilegpu.shared<{swizzleBytes = 128, order = [1, 0]}>
func.func @no_layout(%a: tensor<64x64xf16>, %b: !tilegpu.memdesc<[64, 64], f16, #sb>, %c: tensor<64x64xf32, #mma>) {
  // expected-error @+1 {{a in registers needs the layout}}
  %d = tilegpu.warp_group_dot %a, %b, %c : tensor<64x64xf16>, !tilegpu.memdesc<[64, 64], f16, #sb>, tensor<64x64xf32, #mma> -> tensor<64x64xf32, #mma>
  return
}

// -----

// 16-bit elements that are not floats.
#mma = #tilegpu.mma<{version = 3, instrN = 64, warpsPerCTA = [4, 1]}>
#a = #tilegpu.dot_op<{opIdx = 0, parent = #mma, elemBits = 16}>
#sb = #tilegpu.shared<{swizzleBytes = 128, order = [1, 0]}>
func.func @i16(%a: tensor<64x64xi16, #a>, %b: !tilegpu.memdesc<[64, 64], i16, #sb>, %c: tensor<64x64xf32, #mma>) {
  // expected-error @+1 {{a in registers must be f16 or bf16, got 'i16'}}
  %d = tilegpu.warp_group_dot %a, %b, %c : tensor<64x64xi16, #a>, !tilegpu.memdesc<[64, 64], i16, #sb>, tensor<64x64xf32, #mma> -> tensor<64x64xf32, #mma>
  return
}

// -----

#mma = #tilegpu.mma<{version = 3, instrN = 64, warpsPerCTA = [4, 1]}>
#a = #tilegpu.dot_op<{opIdx = 0, parent = #mma, elemBits = 16}>
#sb = #tilegpu.shared<{swizzleBytes = 128, order = [1, 0]}>
func.func @mixed_types(%a: tensor<64x64xf16, #a>, %b: !tilegpu.memdesc<[64, 64], bf16, #sb>, %c: tensor<64x64xf32, #mma>) {
  // expected-error @+1 {{a in registers and b must have one element type, got 'f16' and 'bf16'}}
  %d = tilegpu.warp_group_dot %a, %b, %c : tensor<64x64xf16, #a>, !tilegpu.memdesc<[64, 64], bf16, #sb>, tensor<64x64xf32, #mma> -> tensor<64x64xf32, #mma>
  return
}

// -----

#mma = #tilegpu.mma<{version = 3, instrN = 64, warpsPerCTA = [4, 1]}>
#a = #tilegpu.dot_op<{opIdx = 0, parent = #mma, elemBits = 16}>
#sb = #tilegpu.shared<{swizzleBytes = 128, order = [1, 0]}>
func.func @shapes(%a: tensor<64x32xf16, #a>, %b: !tilegpu.memdesc<[64, 64], f16, #sb>, %c: tensor<64x64xf32, #mma>) {
  // expected-error @+1 {{do not form a matrix product}}
  %d = tilegpu.warp_group_dot %a, %b, %c : tensor<64x32xf16, #a>, !tilegpu.memdesc<[64, 64], f16, #sb>, tensor<64x64xf32, #mma> -> tensor<64x64xf32, #mma>
  return
}

// -----

// The accumulator's layout is checked first: a register A has no parent to
// compare with otherwise.
#mma = #tilegpu.mma<{version = 2, instrN = 8, warpsPerCTA = [4, 1]}>
#a = #tilegpu.dot_op<{opIdx = 0, parent = #mma, elemBits = 16}>
#sb = #tilegpu.shared<{swizzleBytes = 128, order = [1, 0]}>
func.func @v2_accumulator(%a: tensor<64x64xf16, #a>, %b: !tilegpu.memdesc<[64, 64], f16, #sb>, %c: tensor<64x64xf32, #mma>) {
  // expected-error @+1 {{accumulator needs a version 3 mma layout}}
  %d = tilegpu.warp_group_dot %a, %b, %c : tensor<64x64xf16, #a>, !tilegpu.memdesc<[64, 64], f16, #sb>, tensor<64x64xf32, #mma> -> tensor<64x64xf32, #mma>
  return
}
