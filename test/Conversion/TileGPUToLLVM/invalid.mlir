// RUN: tilec-opt %s -split-input-file -convert-tilegpu-to-llvm -verify-diagnostics

#blocked = #tilegpu.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
#other = #tilegpu.blocked<{sizePerThread = [2], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {tilegpu.num_warps = 4 : i32, tilegpu.threads_per_warp = 32 : i32} {
  func.func @cross_thread(%x: tensor<256xi32, #blocked>) attributes {tile.kernel} {
    // expected-error @+2 {{failed to legalize operation 'tilegpu.convert_layout'}}
    // expected-error @+1 {{layout change needs data from other threads}}
    %y = tilegpu.convert_layout %x : tensor<256xi32, #blocked> -> tensor<256xi32, #other>
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
