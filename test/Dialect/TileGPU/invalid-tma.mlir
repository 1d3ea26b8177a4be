// RUN: tilec-opt %s -split-input-file -verify-diagnostics

// The verifiers of the TMA ops. An mbarrier is one 8-byte word of shared
// memory, a memdesc of one i64. A bulk tensor copy moves one block of its
// descriptor as the boxes of the block's TMA plan
// (include/tilec/TensorDescriptor.h), so the shared tile must be exactly the
// one that plan lays out (tilegpu::getTMASharedType): the block's shape and
// element type, row-major, swizzled by the widest of 128/64/32 bytes its
// rows fill. Any other tile would be written in an order the lowering (and
// wgmma reading it) does not expect.

//===----------------------------------------------------------------------===//
// mbarriers
//===----------------------------------------------------------------------===//

#bar = #tilegpu.shared<{swizzleBytes = 0, order = [0]}>
func.func @init_two_barriers(%b: !tilegpu.memdesc<[2], i64, #bar>) {
  // expected-error @+1 {{'tilegpu.init_barrier' op needs an mbarrier, a memdesc of one i64, got '!tilegpu.memdesc<[2], i64, <{swizzleBytes = 0, order = [0]}>>'}}
  tilegpu.init_barrier %b, 1 : !tilegpu.memdesc<[2], i64, #bar>
  return
}

// -----

#bar = #tilegpu.shared<{swizzleBytes = 0, order = [0]}>
func.func @init_i32(%b: !tilegpu.memdesc<[1], i32, #bar>) {
  // expected-error @+1 {{'tilegpu.init_barrier' op needs an mbarrier, a memdesc of one i64, got '!tilegpu.memdesc<[1], i32, <{swizzleBytes = 0, order = [0]}>>'}}
  tilegpu.init_barrier %b, 1 : !tilegpu.memdesc<[1], i32, #bar>
  return
}

// -----

// A slot of the ring of mbarriers is [1] x i64; the ring itself is not.
#ring = #tilegpu.shared<{swizzleBytes = 0, order = [1, 0]}>
func.func @init_ring(%b: !tilegpu.memdesc<[4, 1], i64, #ring>) {
  // expected-error @+1 {{'tilegpu.init_barrier' op needs an mbarrier}}
  tilegpu.init_barrier %b, 1 : !tilegpu.memdesc<[4, 1], i64, #ring>
  return
}

// -----

// An mbarrier expecting no arrival would complete its phase at once.
#bar = #tilegpu.shared<{swizzleBytes = 0, order = [0]}>
func.func @init_count_0(%b: !tilegpu.memdesc<[1], i64, #bar>) {
  // expected-error @+1 {{'tilegpu.init_barrier' op count must be positive, got 0}}
  tilegpu.init_barrier %b, 0 : !tilegpu.memdesc<[1], i64, #bar>
  return
}

// -----

// Regression: count is a signless i32 whose getter is unsigned; -1 was read
// as 4294967295 and accepted.
#bar = #tilegpu.shared<{swizzleBytes = 0, order = [0]}>
func.func @init_count_negative(%b: !tilegpu.memdesc<[1], i64, #bar>) {
  // expected-error @+1 {{'tilegpu.init_barrier' op count must be positive, got -1}}
  tilegpu.init_barrier %b, -1 : !tilegpu.memdesc<[1], i64, #bar>
  return
}

// -----

#bar = #tilegpu.shared<{swizzleBytes = 0, order = [0]}>
func.func @inval_f64(%b: !tilegpu.memdesc<[1], f64, #bar>) {
  // expected-error @+1 {{'tilegpu.inval_barrier' op needs an mbarrier, a memdesc of one i64, got '!tilegpu.memdesc<[1], f64, <{swizzleBytes = 0, order = [0]}>>'}}
  tilegpu.inval_barrier %b : !tilegpu.memdesc<[1], f64, #bar>
  return
}

// -----

#bar = #tilegpu.shared<{swizzleBytes = 0, order = [0]}>
func.func @expect_two_barriers(%b: !tilegpu.memdesc<[2], i64, #bar>, %p: i1) {
  // expected-error @+1 {{'tilegpu.barrier_expect' op needs an mbarrier, a memdesc of one i64, got '!tilegpu.memdesc<[2], i64, <{swizzleBytes = 0, order = [0]}>>'}}
  tilegpu.barrier_expect %b, 16384, %p : !tilegpu.memdesc<[2], i64, #bar>
  return
}

// -----

// Regression: bytes is a signless i32 whose getter is unsigned, so the
// check for a negative count could never fire.
#bar = #tilegpu.shared<{swizzleBytes = 0, order = [0]}>
func.func @expect_negative_bytes(%b: !tilegpu.memdesc<[1], i64, #bar>, %p: i1) {
  // expected-error @+1 {{'tilegpu.barrier_expect' op bytes must not be negative, got -16}}
  tilegpu.barrier_expect %b, -16, %p : !tilegpu.memdesc<[1], i64, #bar>
  return
}

// -----

#bar = #tilegpu.shared<{swizzleBytes = 0, order = [0]}>
func.func @wait_two_barriers(%b: !tilegpu.memdesc<[2], i64, #bar>, %phase: i32) {
  // expected-error @+1 {{'tilegpu.wait_barrier' op needs an mbarrier, a memdesc of one i64, got '!tilegpu.memdesc<[2], i64, <{swizzleBytes = 0, order = [0]}>>'}}
  tilegpu.wait_barrier %b, %phase : !tilegpu.memdesc<[2], i64, #bar>
  return
}

// -----

//===----------------------------------------------------------------------===//
// tilegpu.async_tma_copy_global_to_local
//===----------------------------------------------------------------------===//

#s = #tilegpu.shared<{swizzleBytes = 128, order = [1, 0]}>
#ring = #tilegpu.shared<{swizzleBytes = 0, order = [1, 0]}>
func.func @load_barrier(%a: !tile.tensordesc<tensor<128x64xf16>>, %d: !tilegpu.memdesc<[128, 64], f16, #s>, %b: !tilegpu.memdesc<[4, 1], i64, #ring>, %p: i1, %i: i32) {
  // expected-error @+1 {{'tilegpu.async_tma_copy_global_to_local' op needs an mbarrier, a memdesc of one i64, got '!tilegpu.memdesc<[4, 1], i64, <{swizzleBytes = 0, order = [1, 0]}>>'}}
  tilegpu.async_tma_copy_global_to_local %a[%i, %i] %d, %b, %p : !tile.tensordesc<tensor<128x64xf16>>, !tilegpu.memdesc<[128, 64], f16, #s>, !tilegpu.memdesc<[4, 1], i64, #ring>
  return
}

// -----

#s = #tilegpu.shared<{swizzleBytes = 128, order = [1, 0]}>
#bar = #tilegpu.shared<{swizzleBytes = 0, order = [0]}>
func.func @load_one_index(%a: !tile.tensordesc<tensor<128x64xf16>>, %d: !tilegpu.memdesc<[128, 64], f16, #s>, %b: !tilegpu.memdesc<[1], i64, #bar>, %p: i1, %i: i32) {
  // expected-error @+1 {{'tilegpu.async_tma_copy_global_to_local' op takes one index per block dimension}}
  tilegpu.async_tma_copy_global_to_local %a[%i] %d, %b, %p : !tile.tensordesc<tensor<128x64xf16>>, !tilegpu.memdesc<[128, 64], f16, #s>, !tilegpu.memdesc<[1], i64, #bar>
  return
}

// -----

// 64 f16 are 128 bytes: the rows fill the 128-byte swizzle, and the TMA
// box writes them with it; a 64-byte swizzled tile would read them wrong.
#s = #tilegpu.shared<{swizzleBytes = 64, order = [1, 0]}>
#bar = #tilegpu.shared<{swizzleBytes = 0, order = [0]}>
func.func @load_swizzle(%a: !tile.tensordesc<tensor<128x64xf16>>, %d: !tilegpu.memdesc<[128, 64], f16, #s>, %b: !tilegpu.memdesc<[1], i64, #bar>, %p: i1, %i: i32) {
  // expected-error @+1 {{'tilegpu.async_tma_copy_global_to_local' op shared tile '!tilegpu.memdesc<[128, 64], f16, <{swizzleBytes = 64, order = [1, 0]}>>' is not the '!tilegpu.memdesc<[128, 64], f16, <{swizzleBytes = 128, order = [1, 0]}>>' that blocks of '!tile.tensordesc<tensor<128x64xf16>>' land in}}
  tilegpu.async_tma_copy_global_to_local %a[%i, %i] %d, %b, %p : !tile.tensordesc<tensor<128x64xf16>>, !tilegpu.memdesc<[128, 64], f16, #s>, !tilegpu.memdesc<[1], i64, #bar>
  return
}

// -----

// 32 f16 are 64 bytes: the 64-byte swizzle, not the widest one.
#s = #tilegpu.shared<{swizzleBytes = 128, order = [1, 0]}>
#bar = #tilegpu.shared<{swizzleBytes = 0, order = [0]}>
func.func @load_swizzle_too_wide(%a: !tile.tensordesc<tensor<64x32xf16>>, %d: !tilegpu.memdesc<[64, 32], f16, #s>, %b: !tilegpu.memdesc<[1], i64, #bar>, %p: i1, %i: i32) {
  // expected-error @+1 {{is not the '!tilegpu.memdesc<[64, 32], f16, <{swizzleBytes = 64, order = [1, 0]}>>' that blocks of '!tile.tensordesc<tensor<64x32xf16>>' land in}}
  tilegpu.async_tma_copy_global_to_local %a[%i, %i] %d, %b, %p : !tile.tensordesc<tensor<64x32xf16>>, !tilegpu.memdesc<[64, 32], f16, #s>, !tilegpu.memdesc<[1], i64, #bar>
  return
}

// -----

// TMA lands the block row-major (the tensor's last dimension contiguous); a
// column-major tile is a transposition TMA does not do.
#s = #tilegpu.shared<{swizzleBytes = 128, order = [0, 1]}>
#bar = #tilegpu.shared<{swizzleBytes = 0, order = [0]}>
func.func @load_order(%a: !tile.tensordesc<tensor<128x64xf16>>, %d: !tilegpu.memdesc<[128, 64], f16, #s>, %b: !tilegpu.memdesc<[1], i64, #bar>, %p: i1, %i: i32) {
  // expected-error @+1 {{shared tile '!tilegpu.memdesc<[128, 64], f16, <{swizzleBytes = 128, order = [0, 1]}>>' is not the '!tilegpu.memdesc<[128, 64], f16, <{swizzleBytes = 128, order = [1, 0]}>>'}}
  tilegpu.async_tma_copy_global_to_local %a[%i, %i] %d, %b, %p : !tile.tensordesc<tensor<128x64xf16>>, !tilegpu.memdesc<[128, 64], f16, #s>, !tilegpu.memdesc<[1], i64, #bar>
  return
}

// -----

#s = #tilegpu.shared<{swizzleBytes = 128, order = [1, 0]}>
#bar = #tilegpu.shared<{swizzleBytes = 0, order = [0]}>
func.func @load_shape(%a: !tile.tensordesc<tensor<128x64xf16>>, %d: !tilegpu.memdesc<[64, 64], f16, #s>, %b: !tilegpu.memdesc<[1], i64, #bar>, %p: i1, %i: i32) {
  // expected-error @+1 {{shared tile '!tilegpu.memdesc<[64, 64], f16, <{swizzleBytes = 128, order = [1, 0]}>>' is not the '!tilegpu.memdesc<[128, 64], f16, <{swizzleBytes = 128, order = [1, 0]}>>'}}
  tilegpu.async_tma_copy_global_to_local %a[%i, %i] %d, %b, %p : !tile.tensordesc<tensor<128x64xf16>>, !tilegpu.memdesc<[64, 64], f16, #s>, !tilegpu.memdesc<[1], i64, #bar>
  return
}

// -----

// The copy does not convert: bf16 has f16's width but is another type.
#s = #tilegpu.shared<{swizzleBytes = 128, order = [1, 0]}>
#bar = #tilegpu.shared<{swizzleBytes = 0, order = [0]}>
func.func @load_element_type(%a: !tile.tensordesc<tensor<128x64xf16>>, %d: !tilegpu.memdesc<[128, 64], bf16, #s>, %b: !tilegpu.memdesc<[1], i64, #bar>, %p: i1, %i: i32) {
  // expected-error @+1 {{shared tile '!tilegpu.memdesc<[128, 64], bf16, <{swizzleBytes = 128, order = [1, 0]}>>' is not the '!tilegpu.memdesc<[128, 64], f16, <{swizzleBytes = 128, order = [1, 0]}>>'}}
  tilegpu.async_tma_copy_global_to_local %a[%i, %i] %d, %b, %p : !tile.tensordesc<tensor<128x64xf16>>, !tilegpu.memdesc<[128, 64], bf16, #s>, !tilegpu.memdesc<[1], i64, #bar>
  return
}

// -----

// A whole ring is not one block: a copy writes one slot (memdesc_index).
#ring = #tilegpu.shared<{swizzleBytes = 128, order = [2, 1, 0]}>
#bar = #tilegpu.shared<{swizzleBytes = 0, order = [0]}>
func.func @load_ring(%a: !tile.tensordesc<tensor<128x64xf16>>, %d: !tilegpu.memdesc<[3, 128, 64], f16, #ring>, %b: !tilegpu.memdesc<[1], i64, #bar>, %p: i1, %i: i32) {
  // expected-error @+1 {{is not the '!tilegpu.memdesc<[128, 64], f16, <{swizzleBytes = 128, order = [1, 0]}>>'}}
  tilegpu.async_tma_copy_global_to_local %a[%i, %i] %d, %b, %p : !tile.tensordesc<tensor<128x64xf16>>, !tilegpu.memdesc<[3, 128, 64], f16, #ring>, !tilegpu.memdesc<[1], i64, #bar>
  return
}

// -----

//===----------------------------------------------------------------------===//
// tilegpu.async_tma_copy_local_to_global
//===----------------------------------------------------------------------===//

#s = #tilegpu.shared<{swizzleBytes = 128, order = [1, 0]}>
func.func @store_three_indices(%c: !tile.tensordesc<tensor<128x256xf16>>, %s: !tilegpu.memdesc<[128, 256], f16, #s>, %i: i32) {
  // expected-error @+1 {{'tilegpu.async_tma_copy_local_to_global' op takes one index per block dimension}}
  tilegpu.async_tma_copy_local_to_global %c[%i, %i, %i] %s : !tile.tensordesc<tensor<128x256xf16>>, !tilegpu.memdesc<[128, 256], f16, #s>
  return
}

// -----

// An accumulator kept in a plain tile must be stored to the swizzled one.
#s = #tilegpu.shared<{swizzleBytes = 0, order = [1, 0]}>
func.func @store_swizzle(%c: !tile.tensordesc<tensor<128x256xf16>>, %s: !tilegpu.memdesc<[128, 256], f16, #s>, %i: i32) {
  // expected-error @+1 {{'tilegpu.async_tma_copy_local_to_global' op shared tile '!tilegpu.memdesc<[128, 256], f16, <{swizzleBytes = 0, order = [1, 0]}>>' is not the '!tilegpu.memdesc<[128, 256], f16, <{swizzleBytes = 128, order = [1, 0]}>>' that blocks of '!tile.tensordesc<tensor<128x256xf16>>' land in}}
  tilegpu.async_tma_copy_local_to_global %c[%i, %i] %s : !tile.tensordesc<tensor<128x256xf16>>, !tilegpu.memdesc<[128, 256], f16, #s>
  return
}

// -----

// The fp32 accumulator must be truncated to the tensor's fp16 first.
#s = #tilegpu.shared<{swizzleBytes = 128, order = [1, 0]}>
func.func @store_element_type(%c: !tile.tensordesc<tensor<128x256xf16>>, %s: !tilegpu.memdesc<[128, 256], f32, #s>, %i: i32) {
  // expected-error @+1 {{shared tile '!tilegpu.memdesc<[128, 256], f32, <{swizzleBytes = 128, order = [1, 0]}>>' is not the '!tilegpu.memdesc<[128, 256], f16, <{swizzleBytes = 128, order = [1, 0]}>>'}}
  tilegpu.async_tma_copy_local_to_global %c[%i, %i] %s : !tile.tensordesc<tensor<128x256xf16>>, !tilegpu.memdesc<[128, 256], f32, #s>
  return
}

//===----------------------------------------------------------------------===//
// warp specialization
//===----------------------------------------------------------------------===//

// -----

#bar = #tilegpu.shared<{swizzleBytes = 0, order = [0]}>
func.func @arrive_two_barriers(%b: !tilegpu.memdesc<[2], i64, #bar>, %p: i1) {
  // expected-error @+1 {{'tilegpu.arrive_barrier' op needs an mbarrier}}
  tilegpu.arrive_barrier %b, %p : !tilegpu.memdesc<[2], i64, #bar>
  return
}

// -----

// setmaxnreg moves registers between whole warpgroups.
func.func @producer_not_warpgroup() {
  // expected-error @+1 {{'tilegpu.warp_specialize' op needs whole warpgroups of producers, got 2 warps}}
  tilegpu.warp_specialize {consumerRegs = 232 : i32, producerRegs = 40 : i32, producerWarps = 2 : i32} producer {
  } consumer {
  }
  return
}

// -----

module attributes {tilegpu.num_warps = 6 : i32} {
  func.func @consumers_not_warpgroups() {
    // expected-error @+1 {{'tilegpu.warp_specialize' op needs whole warpgroups of consumers, got 6 warps}}
    tilegpu.warp_specialize {consumerRegs = 232 : i32, producerRegs = 40 : i32, producerWarps = 4 : i32} producer {
    } consumer {
    }
    return
  }
}

// -----

func.func @registers_not_multiple_of_8() {
  // expected-error @+1 {{'tilegpu.warp_specialize' op register budgets must be multiples of 8 from 24 to 256 (setmaxnreg), got 41}}
  tilegpu.warp_specialize {consumerRegs = 232 : i32, producerRegs = 41 : i32, producerWarps = 4 : i32} producer {
  } consumer {
  }
  return
}

// -----

// setmaxnreg.inc would wait forever for registers the launch never
// reserved: 8 consumer warps start at 168 registers (384 threads).
module attributes {tilegpu.num_warps = 8 : i32} {
  func.func @registers_over_launch() {
    // expected-error @+1 {{'tilegpu.warp_specialize' op register budgets (40 x 128 + 248 x 256) exceed the 64512 the launch reserves}}
    tilegpu.warp_specialize {consumerRegs = 248 : i32, producerRegs = 40 : i32, producerWarps = 4 : i32} producer {
    } consumer {
    }
    return
  }
}
