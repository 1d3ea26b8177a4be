// RUN: tilec-opt %s -split-input-file -convert-tilegpu-to-llvm -verify-diagnostics

// A conversion through shared memory larger than a CTA's static shared memory
// (16384 f32 = 64 KiB > 48 KiB) is refused at the op, not miscompiled.
#blocked = #tilegpu.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
#other = #tilegpu.blocked<{sizePerThread = [2], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {tilegpu.num_warps = 4 : i32, tilegpu.threads_per_warp = 32 : i32} {
  func.func @too_large(%x: tensor<16384xf32, #blocked>) attributes {tile.kernel} {
    // expected-error @+1 {{needs 65536 bytes of shared memory at offset 0, past the 49152 bytes a CTA can have}}
    %y = tilegpu.convert_layout %x : tensor<16384xf32, #blocked> -> tensor<16384xf32, #other>
    return
  }
}

// -----

#blocked = #tilegpu.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {tilegpu.num_warps = 4 : i32, tilegpu.threads_per_warp = 32 : i32} {
  func.func @non_splat(%p: !tile.ptr<i32>) attributes {tile.kernel} {
    // expected-error @+2 {{failed to legalize operation 'arith.constant'}}
    // expected-error @+1 {{only splat tensor constants are supported}}
    %c = arith.constant dense<[1, 2]> : tensor<2xi32, #blocked>
    return
  }
}

// -----

// A dot that tilegpu-accelerate-dot did not give its layouts is refused by
// name, not computed wrong: fp32 operands with "ieee" precision whose
// operands are not the FMA broadcast of the accumulator's layout ...
#blocked = #tilegpu.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [4, 1], order = [1, 0]}>
module attributes {tilegpu.num_warps = 4 : i32, tilegpu.threads_per_warp = 32 : i32} {
  func.func @f32_ieee_dot(%a: tensor<64x32xf32, #blocked>, %b: tensor<32x64xf32, #blocked>, %c: tensor<64x64xf32, #blocked>) attributes {tile.kernel} {
    // expected-error @+2 {{failed to legalize operation 'tile.dot'}}
    // expected-error @+1 {{tile.dot with input_precision="ieee" needs the FMA layouts of tilegpu-accelerate-dot (operands broadcast over the accumulator's blocked layout)}}
    %d = tile.dot %a, %b, %c : tensor<64x32xf32, #blocked> * tensor<32x64xf32, #blocked> -> tensor<64x64xf32, #blocked>
    return
  }
}

// -----

// ... "tf32x3" that tilegpu-accelerate-dot did not split ...
#blocked = #tilegpu.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [4, 1], order = [1, 0]}>
module attributes {tilegpu.num_warps = 4 : i32, tilegpu.threads_per_warp = 32 : i32} {
  func.func @f32_tf32x3_dot(%a: tensor<64x32xf32, #blocked>, %b: tensor<32x64xf32, #blocked>, %c: tensor<64x64xf32, #blocked>) attributes {tile.kernel} {
    // expected-error @+2 {{failed to legalize operation 'tile.dot'}}
    // expected-error @+1 {{'tl.dot' with input_precision="tf32x3" is lowered only once tilegpu-accelerate-dot has split it into three tf32 dots}}
    %d = tile.dot %a, %b, %c inputPrecision = tf32x3 : tensor<64x32xf32, #blocked> * tensor<32x64xf32, #blocked> -> tensor<64x64xf32, #blocked>
    return
  }
}

// -----

// ... and an int8 dot with K = 16, half an m16n8k32 step.
#blocked = #tilegpu.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [4, 1], order = [1, 0]}>
module attributes {tilegpu.num_warps = 4 : i32, tilegpu.threads_per_warp = 32 : i32} {
  func.func @int8_short_k_dot(%a: tensor<64x16xi8, #blocked>, %b: tensor<16x64xi8, #blocked>, %c: tensor<64x64xi32, #blocked>) attributes {tile.kernel} {
    // expected-error @+2 {{failed to legalize operation 'tile.dot'}}
    // expected-error @+1 {{tile.dot is lowered only to mma.sync (tilegpu-accelerate-dot, sm_80 and up): f16 or bf16 operands with an f32 accumulator or f16 operands with an f16 one (m16n8k16), fp32 operands as tf32 (m16n8k8) or int8 operands with an int32 accumulator (m16n8k32), in whole 16 x 8 x K instruction tiles; got 'tensor<64x16xi8, #tilegpu.blocked}}
    %d = tile.dot %a, %b, %c : tensor<64x16xi8, #blocked> * tensor<16x64xi8, #blocked> -> tensor<64x64xi32, #blocked>
    return
  }
}
