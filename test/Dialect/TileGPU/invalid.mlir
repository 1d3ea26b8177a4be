// RUN: tilec-opt %s -split-input-file -verify-diagnostics

// expected-error @+1 {{blocked layout parameters must all have rank 2}}
func.func private @f(tensor<4x4xf32, #tilegpu.blocked<{sizePerThread = [1], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>>)

// -----

// expected-error @+1 {{blocked layout sizes must be powers of two, got 3}}
func.func private @f(tensor<4xf32, #tilegpu.blocked<{sizePerThread = [3], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>>)

// -----

// expected-error @+1 {{order must be a permutation of 0..1}}
func.func private @f(tensor<4x4xf32, #tilegpu.blocked<{sizePerThread = [1, 1], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 1]}>>)

// -----

#b = #tilegpu.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
// expected-error @+1 {{slice dim 1 is out of range for a parent of rank 1}}
func.func private @f(tensor<4xf32, #tilegpu.slice<{dim = 1, parent = #b}>>)

// -----

// expected-error @+1 {{mma version must be 2 (mma.sync) or 3 (wgmma), got 1}}
func.func private @f(tensor<16x16xf32, #tilegpu.mma<{version = 1, instrN = 8, warpsPerCTA = [1, 1]}>>)

// -----

// expected-error @+1 {{wgmma needs warpsPerCTA[0] to be a multiple of 4 (whole warpgroups)}}
func.func private @f(tensor<64x64xf32, #tilegpu.mma<{version = 3, instrN = 64, warpsPerCTA = [2, 1]}>>)

// -----

// expected-error @+1 {{wgmma instrN must be a power of two in 8..256, got 96}}
func.func private @f(tensor<64x64xf32, #tilegpu.mma<{version = 3, instrN = 96, warpsPerCTA = [4, 1]}>>)

// -----

// expected-error @+1 {{mma.sync (version 2) has instrN 8, got 16}}
func.func private @f(tensor<64x64xf32, #tilegpu.mma<{version = 2, instrN = 16, warpsPerCTA = [4, 1]}>>)

// -----

#mma = #tilegpu.mma<{version = 3, instrN = 64, warpsPerCTA = [4, 1]}>
// expected-error @+1 {{a wgmma (version 3) dot operand in registers must be operand 0 (A) with 16-bit elements, got opIdx 1 and elemBits 16}}
func.func private @f(tensor<64x64xf16, #tilegpu.dot_op<{opIdx = 1, parent = #mma, elemBits = 16}>>)

// -----

#mma = #tilegpu.mma<{version = 3, instrN = 64, warpsPerCTA = [4, 1]}>
// expected-error @+1 {{a wgmma (version 3) dot operand in registers must be operand 0 (A) with 16-bit elements, got opIdx 0 and elemBits 8}}
func.func private @f(tensor<64x64xf8E4M3FN, #tilegpu.dot_op<{opIdx = 0, parent = #mma, elemBits = 8}>>)

// -----

#mma = #tilegpu.mma<{version = 2, instrN = 8, warpsPerCTA = [4, 1]}>
// expected-error @+1 {{dot operand index must be 0 or 1, got 2}}
func.func private @f(tensor<64x64xf16, #tilegpu.dot_op<{opIdx = 2, parent = #mma, elemBits = 16}>>)

// -----

#mma = #tilegpu.mma<{version = 2, instrN = 8, warpsPerCTA = [4, 1]}>
// expected-error @+1 {{dot operand elemBits must be 4, 8, 16 or 32, got 12}}
func.func private @f(tensor<64x64xf16, #tilegpu.dot_op<{opIdx = 1, parent = #mma, elemBits = 12}>>)

// -----

// expected-error @+1 {{swizzleBytes must be 0, 32, 64 or 128, got 48}}
func.func private @f(tensor<4xf32, #tilegpu.shared<{swizzleBytes = 48, order = [1, 0]}>>)

// -----

// expected-error @+1 {{memdesc of rank 2 has a shared layout of rank 1}}
func.func private @f(!tilegpu.memdesc<[64, 64], f16, #tilegpu.shared<{swizzleBytes = 0, order = [0]}>>)

// -----

// expected-error @+1 {{memdesc dimensions must be positive}}
func.func private @f(!tilegpu.memdesc<[0, 64], f16, #tilegpu.shared<{swizzleBytes = 0, order = [1, 0]}>>)

// -----

func.func @f(%a: tensor<64xf32>) {
  // expected-error @+1 {{operands must have tilegpu layouts}}
  %0 = tilegpu.convert_layout %a : tensor<64xf32> -> tensor<64xf32>
  return
}

// -----

#b = #tilegpu.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
#s = #tilegpu.shared<{swizzleBytes = 0, order = [0]}>
func.func @f(%a: tensor<64xf32, #b>) {
  // expected-error @+1 {{differ in shape or element type}}
  %m = tilegpu.local_alloc %a : (tensor<64xf32, #b>) -> !tilegpu.memdesc<[32], f32, #s>
  return
}

// -----

#b = #tilegpu.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
#s = #tilegpu.shared<{swizzleBytes = 0, order = [0]}>
func.func @f(%m: !tilegpu.memdesc<[64], f16, #s>) {
  // expected-error @+1 {{differ in shape or element type}}
  %r = tilegpu.local_load %m : !tilegpu.memdesc<[64], f16, #s> -> tensor<64xf32, #b>
  return
}

// -----

#b = #tilegpu.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
// expected-error @+1 {{blocked layout of rank 1 on a tensor of rank 2}}
func.func private @f(tensor<4x4xf32, #b>)

// -----

#b = #tilegpu.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
// expected-error @+1 {{blocked layout needs power-of-two dimensions, got 100}}
func.func private @f(tensor<100xf32, #b>)

// -----

#b = #tilegpu.blocked<{sizePerThread = [1, 1], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
// expected-error @+1 {{slice layout of rank 1 on a tensor of rank 2}}
func.func private @f(tensor<4x4xf32, #tilegpu.slice<{dim = 0, parent = #b}>>)

// -----

// The layouts name at most 32 dimensions (a rank-9 layout used to read past
// the name table).
// expected-error @+1 {{blocked layout of rank 33 exceeds the supported maximum rank 32}}
func.func private @f(tensor<2x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1xf32, #tilegpu.blocked<{sizePerThread = [1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1], threadsPerWarp = [2, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 16], warpsPerCTA = [1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 4], order = [32, 31, 30, 29, 28, 27, 26, 25, 24, 23, 22, 21, 20, 19, 18, 17, 16, 15, 14, 13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1, 0]}>>)

// -----

// expected-error @+1 {{shared layout of rank 33 exceeds the supported maximum rank 32}}
func.func private @f(tensor<4xf32, #tilegpu.shared<{swizzleBytes = 0, order = [32, 31, 30, 29, 28, 27, 26, 25, 24, 23, 22, 21, 20, 19, 18, 17, 16, 15, 14, 13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1, 0]}>>)
