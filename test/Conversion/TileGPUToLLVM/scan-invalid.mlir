// RUN: tilec-opt %s -split-input-file -tilegpu-allocate-shared-memory -verify-diagnostics

// A scan whose layout runs along the axis as lanes, then registers, then
// warps (an mma.sync accumulator down its rows) does not fit the lowering's
// scheme; the shared-memory planning refuses it at the op. (The tiling and
// layout propagation give scans blocked layouts, so kernels do not reach
// this.)
#mma = #tilegpu.mma<{version = 2, instrN = 8, warpsPerCTA = [2, 2]}>
module attributes {tilegpu.num_warps = 4 : i32, tilegpu.threads_per_warp = 32 : i32} {
  func.func @mma_rows(%x: tensor<32x32xf32, #mma>) attributes {tile.kernel} {
    // expected-error @+1 {{scan along axis 0 of this layout is not supported: {register: [[0, 1], [8, 0], [0, 16]], lane: [[0, 2], [0, 4], [1, 0], [2, 0], [4, 0]], warp: [[16, 0], [0, 8]]} -> {dim0: 32, dim1: 32}}}
    %y = tile.scan(%x) {axis = 0 : i32, reverse = false} : (tensor<32x32xf32, #mma>) -> tensor<32x32xf32, #mma> {
    ^bb0(%a: f32, %c: f32):
      %s = arith.addf %a, %c : f32
      tile.reduce.return %s : f32
    }
    return
  }
}
