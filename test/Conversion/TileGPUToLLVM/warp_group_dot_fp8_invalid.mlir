// RUN: tilec-opt %s -split-input-file -convert-tilegpu-to-llvm -verify-diagnostics

// An MN-major fp8 operand cannot be read (tilegpu-accelerate-dot never makes
// one): refused, not transposed wrongly.
#mma = #tilegpu.mma<{version = 3, instrN = 64, warpsPerCTA = [4, 1]}>
#sa = #tilegpu.shared<{swizzleBytes = 64, order = [1, 0]}>
module attributes {tilegpu.num_warps = 4 : i32, tilegpu.threads_per_warp = 32 : i32} {
  func.func @mn_major(%c: tensor<64x64xf32, #mma>) attributes {tile.kernel} {
    %a = tilegpu.local_alloc {offset = 0 : i64} : () -> !tilegpu.memdesc<[64, 64], f8E5M2, #sa>
    %b = tilegpu.local_alloc {offset = 4096 : i64} : () -> !tilegpu.memdesc<[64, 64], f8E5M2, #sa>
    // expected-error @+2 {{failed to legalize operation 'tilegpu.warp_group_dot'}}
    // expected-error @+1 {{fp8 wgmma operands must be K-major in shared memory}}
    %d = tilegpu.warp_group_dot %a, %b, %c : !tilegpu.memdesc<[64, 64], f8E5M2, #sa>, !tilegpu.memdesc<[64, 64], f8E5M2, #sa>, tensor<64x64xf32, #mma> -> tensor<64x64xf32, #mma>
    return
  }
}
