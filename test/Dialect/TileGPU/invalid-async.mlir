// RUN: tilec-opt %s -split-input-file -verify-diagnostics

// The verifiers of the sm_90a ops: ring slots, asynchronous copies and
// warpgroup dots.

#ring = #tilegpu.shared<{swizzleBytes = 128, order = [2, 1, 0]}>
#s = #tilegpu.shared<{swizzleBytes = 128, order = [1, 0]}>
func.func @slot_shape(%r: !tilegpu.memdesc<[3, 64, 64], f16, #ring>, %i: i32) {
  // expected-error @+1 {{result '!tilegpu.memdesc<[64, 32], f16, <{swizzleBytes = 128, order = [1, 0]}>>' is not one slot of '!tilegpu.memdesc<[3, 64, 64], f16, <{swizzleBytes = 128, order = [2, 1, 0]}>>'}}
  %s = tilegpu.memdesc_index %r[%i] : !tilegpu.memdesc<[3, 64, 64], f16, #ring> -> !tilegpu.memdesc<[64, 32], f16, #s>
  return
}

// -----

#ring = #tilegpu.shared<{swizzleBytes = 128, order = [2, 1, 0]}>
#s = #tilegpu.shared<{swizzleBytes = 128, order = [1, 0]}>
func.func @slot_rank(%r: !tilegpu.memdesc<[3, 64, 64], f16, #ring>, %i: i32) {
  // expected-error @+1 {{is not one slot of}}
  %s = tilegpu.memdesc_index %r[%i] : !tilegpu.memdesc<[3, 64, 64], f16, #ring> -> !tilegpu.memdesc<[3, 64, 64], f16, #ring>
  return
}

// -----

#ring = #tilegpu.shared<{swizzleBytes = 128, order = [2, 1, 0]}>
#s = #tilegpu.shared<{swizzleBytes = 128, order = [1, 0]}>
func.func @slot_element_type(%r: !tilegpu.memdesc<[3, 64, 64], f16, #ring>, %i: i32) {
  // expected-error @+1 {{is not one slot of}}
  %s = tilegpu.memdesc_index %r[%i] : !tilegpu.memdesc<[3, 64, 64], f16, #ring> -> !tilegpu.memdesc<[64, 64], bf16, #s>
  return
}

// -----

// The ring dimension (0) must be the outermost, the last in `order`.
#ring = #tilegpu.shared<{swizzleBytes = 128, order = [2, 0, 1]}>
#s = #tilegpu.shared<{swizzleBytes = 128, order = [1, 0]}>
func.func @ring_not_outermost(%r: !tilegpu.memdesc<[3, 64, 64], f16, #ring>, %i: i32) {
  // expected-error @+1 {{the ring's layout #tilegpu.shared<{swizzleBytes = 128, order = [2, 0, 1]}> must be the slot's #tilegpu.shared<{swizzleBytes = 128, order = [1, 0]}> with the ring dimension outermost}}
  %s = tilegpu.memdesc_index %r[%i] : !tilegpu.memdesc<[3, 64, 64], f16, #ring> -> !tilegpu.memdesc<[64, 64], f16, #s>
  return
}

// -----

#ring = #tilegpu.shared<{swizzleBytes = 64, order = [2, 1, 0]}>
#s = #tilegpu.shared<{swizzleBytes = 128, order = [1, 0]}>
func.func @ring_swizzle(%r: !tilegpu.memdesc<[3, 64, 64], f16, #ring>, %i: i32) {
  // expected-error @+1 {{must be the slot's}}
  %s = tilegpu.memdesc_index %r[%i] : !tilegpu.memdesc<[3, 64, 64], f16, #ring> -> !tilegpu.memdesc<[64, 64], f16, #s>
  return
}

// -----

#ring = #tilegpu.shared<{swizzleBytes = 128, order = [2, 1, 0]}>
#s = #tilegpu.shared<{swizzleBytes = 128, order = [0, 1]}>
func.func @ring_order(%r: !tilegpu.memdesc<[3, 64, 64], f16, #ring>, %i: i32) {
  // expected-error @+1 {{the ring's order does not extend the slot's}}
  %s = tilegpu.memdesc_index %r[%i] : !tilegpu.memdesc<[3, 64, 64], f16, #ring> -> !tilegpu.memdesc<[64, 64], f16, #s>
  return
}

// -----

#blocked = #tilegpu.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#s = #tilegpu.shared<{swizzleBytes = 128, order = [1, 0]}>
func.func @copy_pointee(%p: tensor<64x64x!tile.ptr<f32>, #blocked>, %d: !tilegpu.memdesc<[64, 64], f16, #s>) {
  // expected-error @+1 {{pointers 'tensor<64x64x!tile.ptr<f32>, #tilegpu.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>>' do not address the tile '!tilegpu.memdesc<[64, 64], f16, <{swizzleBytes = 128, order = [1, 0]}>>'}}
  tilegpu.async_copy_global_to_local %p, %d {vec = 8 : i32} : tensor<64x64x!tile.ptr<f32>, #blocked> -> !tilegpu.memdesc<[64, 64], f16, #s>
  return
}

// -----

#blocked = #tilegpu.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#s = #tilegpu.shared<{swizzleBytes = 128, order = [1, 0]}>
func.func @copy_shape(%p: tensor<64x64x!tile.ptr<f16>, #blocked>, %d: !tilegpu.memdesc<[32, 64], f16, #s>) {
  // expected-error @+1 {{do not address the tile}}
  tilegpu.async_copy_global_to_local %p, %d {vec = 8 : i32} : tensor<64x64x!tile.ptr<f16>, #blocked> -> !tilegpu.memdesc<[32, 64], f16, #s>
  return
}

// -----

#blocked = #tilegpu.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#s = #tilegpu.shared<{swizzleBytes = 128, order = [1, 0]}>
func.func @copy_not_pointers(%p: tensor<64x64xi64, #blocked>, %d: !tilegpu.memdesc<[64, 64], f16, #s>) {
  // expected-error @+1 {{do not address the tile}}
  tilegpu.async_copy_global_to_local %p, %d {vec = 8 : i32} : tensor<64x64xi64, #blocked> -> !tilegpu.memdesc<[64, 64], f16, #s>
  return
}

// -----

#blocked = #tilegpu.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#s = #tilegpu.shared<{swizzleBytes = 128, order = [1, 0]}>
func.func @copy_mask_shape(%p: tensor<64x64x!tile.ptr<f16>, #blocked>, %m: tensor<32x64xi1, #blocked>, %d: !tilegpu.memdesc<[64, 64], f16, #s>) {
  // expected-error @+1 {{mask and pointers differ in shape}}
  tilegpu.async_copy_global_to_local %p, %d mask %m {vec = 8 : i32} : tensor<64x64x!tile.ptr<f16>, #blocked>, tensor<32x64xi1, #blocked> -> !tilegpu.memdesc<[64, 64], f16, #s>
  return
}

// -----

// One f16 is 2 bytes, narrower than any cp.async.
#blocked = #tilegpu.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#s = #tilegpu.shared<{swizzleBytes = 128, order = [1, 0]}>
func.func @copy_2_bytes(%p: tensor<64x64x!tile.ptr<f16>, #blocked>, %d: !tilegpu.memdesc<[64, 64], f16, #s>) {
  // expected-error @+1 {{cp.async copies 4, 8 or 16 bytes, not 2}}
  tilegpu.async_copy_global_to_local %p, %d {vec = 1 : i32} : tensor<64x64x!tile.ptr<f16>, #blocked> -> !tilegpu.memdesc<[64, 64], f16, #s>
  return
}

// -----

// 16 f16 are 32 bytes, wider than any cp.async.
#blocked = #tilegpu.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#s = #tilegpu.shared<{swizzleBytes = 128, order = [1, 0]}>
func.func @copy_32_bytes(%p: tensor<64x64x!tile.ptr<f16>, #blocked>, %d: !tilegpu.memdesc<[64, 64], f16, #s>) {
  // expected-error @+1 {{cp.async copies 4, 8 or 16 bytes, not 32}}
  tilegpu.async_copy_global_to_local %p, %d {vec = 16 : i32} : tensor<64x64x!tile.ptr<f16>, #blocked> -> !tilegpu.memdesc<[64, 64], f16, #s>
  return
}

// -----

#blocked = #tilegpu.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#s = #tilegpu.shared<{swizzleBytes = 128, order = [1, 0]}>
func.func @copy_vec_0(%p: tensor<64x64x!tile.ptr<f16>, #blocked>, %d: !tilegpu.memdesc<[64, 64], f16, #s>) {
  // expected-error @+1 {{vec must be positive, got 0}}
  tilegpu.async_copy_global_to_local %p, %d {vec = 0 : i32} : tensor<64x64x!tile.ptr<f16>, #blocked> -> !tilegpu.memdesc<[64, 64], f16, #s>
  return
}

// -----

// Regression: vec is a signless i32; -1 was read as 4294967295 and reported
// as a copy of 4294967294 bytes.
#blocked = #tilegpu.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#s = #tilegpu.shared<{swizzleBytes = 128, order = [1, 0]}>
func.func @copy_vec_negative(%p: tensor<64x64x!tile.ptr<f16>, #blocked>, %d: !tilegpu.memdesc<[64, 64], f16, #s>) {
  // expected-error @+1 {{vec must be positive, got -1}}
  tilegpu.async_copy_global_to_local %p, %d {vec = -1 : i32} : tensor<64x64x!tile.ptr<f16>, #blocked> -> !tilegpu.memdesc<[64, 64], f16, #s>
  return
}

// -----

// Regression: a tile of pointers (8 bytes each) crashed the verifier, which
// asked the pointer type for its bit width. 4 pointers are 32 bytes.
#blocked = #tilegpu.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#s = #tilegpu.shared<{swizzleBytes = 0, order = [1, 0]}>
func.func @copy_pointers_32_bytes(%p: tensor<64x64x!tile.ptr<!tile.ptr<f16>>, #blocked>, %d: !tilegpu.memdesc<[64, 64], !tile.ptr<f16>, #s>) {
  // expected-error @+1 {{cp.async copies 4, 8 or 16 bytes, not 32}}
  tilegpu.async_copy_global_to_local %p, %d {vec = 4 : i32} : tensor<64x64x!tile.ptr<!tile.ptr<f16>>, #blocked> -> !tilegpu.memdesc<[64, 64], !tile.ptr<f16>, #s>
  return
}

// -----

#mma = #tilegpu.mma<{version = 2, instrN = 8, warpsPerCTA = [4, 1]}>
#s = #tilegpu.shared<{swizzleBytes = 128, order = [1, 0]}>
func.func @dot_mma_v2(%a: !tilegpu.memdesc<[64, 64], f16, #s>, %b: !tilegpu.memdesc<[64, 64], f16, #s>, %c: tensor<64x64xf32, #mma>) {
  // expected-error @+1 {{accumulator needs a version 3 mma layout, got 'tensor<64x64xf32, #tilegpu.mma<{version = 2, instrN = 8, warpsPerCTA = [4, 1]}>>'}}
  %d = tilegpu.warp_group_dot %a, %b, %c : !tilegpu.memdesc<[64, 64], f16, #s>, !tilegpu.memdesc<[64, 64], f16, #s>, tensor<64x64xf32, #mma> -> tensor<64x64xf32, #mma>
  return
}

// -----

#blocked = #tilegpu.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#s = #tilegpu.shared<{swizzleBytes = 128, order = [1, 0]}>
func.func @dot_blocked(%a: !tilegpu.memdesc<[64, 64], f16, #s>, %b: !tilegpu.memdesc<[64, 64], f16, #s>, %c: tensor<64x64xf32, #blocked>) {
  // expected-error @+1 {{accumulator needs a version 3 mma layout}}
  %d = tilegpu.warp_group_dot %a, %b, %c : !tilegpu.memdesc<[64, 64], f16, #s>, !tilegpu.memdesc<[64, 64], f16, #s>, tensor<64x64xf32, #blocked> -> tensor<64x64xf32, #blocked>
  return
}

// -----

// A's K (32) is not B's (64).
#mma = #tilegpu.mma<{version = 3, instrN = 64, warpsPerCTA = [4, 1]}>
#s = #tilegpu.shared<{swizzleBytes = 64, order = [1, 0]}>
func.func @dot_k(%a: !tilegpu.memdesc<[64, 32], f16, #s>, %b: !tilegpu.memdesc<[64, 64], f16, #s>, %c: tensor<64x64xf32, #mma>) {
  // expected-error @+1 {{shapes '!tilegpu.memdesc<[64, 32], f16, <{swizzleBytes = 64, order = [1, 0]}>>' * '!tilegpu.memdesc<[64, 64], f16, <{swizzleBytes = 64, order = [1, 0]}>>' -> 'tensor<64x64xf32, #tilegpu.mma<{version = 3, instrN = 64, warpsPerCTA = [4, 1]}>>' do not form a matrix product}}
  %d = tilegpu.warp_group_dot %a, %b, %c : !tilegpu.memdesc<[64, 32], f16, #s>, !tilegpu.memdesc<[64, 64], f16, #s>, tensor<64x64xf32, #mma> -> tensor<64x64xf32, #mma>
  return
}

// -----

// A's M (64) is not the accumulator's (128).
#mma = #tilegpu.mma<{version = 3, instrN = 64, warpsPerCTA = [4, 1]}>
#s = #tilegpu.shared<{swizzleBytes = 128, order = [1, 0]}>
func.func @dot_m(%a: !tilegpu.memdesc<[64, 64], f16, #s>, %b: !tilegpu.memdesc<[64, 64], f16, #s>, %c: tensor<128x64xf32, #mma>) {
  // expected-error @+1 {{do not form a matrix product}}
  %d = tilegpu.warp_group_dot %a, %b, %c : !tilegpu.memdesc<[64, 64], f16, #s>, !tilegpu.memdesc<[64, 64], f16, #s>, tensor<128x64xf32, #mma> -> tensor<128x64xf32, #mma>
  return
}

// -----

// B's N (64) is not the accumulator's (128).
#mma = #tilegpu.mma<{version = 3, instrN = 64, warpsPerCTA = [4, 1]}>
#s = #tilegpu.shared<{swizzleBytes = 128, order = [1, 0]}>
func.func @dot_n(%a: !tilegpu.memdesc<[64, 64], f16, #s>, %b: !tilegpu.memdesc<[64, 64], f16, #s>, %c: tensor<64x128xf32, #mma>) {
  // expected-error @+1 {{do not form a matrix product}}
  %d = tilegpu.warp_group_dot %a, %b, %c : !tilegpu.memdesc<[64, 64], f16, #s>, !tilegpu.memdesc<[64, 64], f16, #s>, tensor<64x128xf32, #mma> -> tensor<64x128xf32, #mma>
  return
}

// -----

#mma = #tilegpu.mma<{version = 3, instrN = 64, warpsPerCTA = [4, 1]}>
#mma1 = #tilegpu.mma<{version = 3, instrN = 32, warpsPerCTA = [4, 1]}>
#s = #tilegpu.shared<{swizzleBytes = 128, order = [1, 0]}>
func.func @dot_result(%a: !tilegpu.memdesc<[64, 64], f16, #s>, %b: !tilegpu.memdesc<[64, 64], f16, #s>, %c: tensor<64x64xf32, #mma>) {
  // expected-error @+1 {{result type must be the accumulator's}}
  %d = tilegpu.warp_group_dot %a, %b, %c : !tilegpu.memdesc<[64, 64], f16, #s>, !tilegpu.memdesc<[64, 64], f16, #s>, tensor<64x64xf32, #mma> -> tensor<64x64xf32, #mma1>
  return
}

// -----

#mma = #tilegpu.mma<{version = 3, instrN = 64, warpsPerCTA = [4, 1]}>
func.func @wait_types(%d: tensor<64x64xf32, #mma>) {
  // expected-error @+1 {{outputs must have the inputs' types}}
  %w = tilegpu.warp_group_dot_wait %d {pendings = 0 : i32} : tensor<64x64xf32, #mma> -> tensor<64x64xf16, #mma>
  return
}

// -----

#mma = #tilegpu.mma<{version = 3, instrN = 64, warpsPerCTA = [4, 1]}>
func.func @wait_count(%d: tensor<64x64xf32, #mma>) {
  // expected-error @+1 {{outputs must have the inputs' types}}
  %w:2 = tilegpu.warp_group_dot_wait %d {pendings = 0 : i32} : tensor<64x64xf32, #mma> -> tensor<64x64xf32, #mma>, tensor<64x64xf32, #mma>
  return
}
