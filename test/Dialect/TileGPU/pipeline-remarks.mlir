// RUN: tilec-opt %s -split-input-file -tilegpu-pipeline="num-stages=3 remarks=true" -o /dev/null 2>&1 | FileCheck %s

// --print-pipeline-remarks (tilec) is the pass's `remarks` option: every
// loop with a dot says how it was pipelined, or why not, and why each load
// left in it was not prefetched.
#blocked = #tilegpu.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#mma = #tilegpu.mma<{version = 3, instrN = 64, warpsPerCTA = [4, 1]}>
#s = #tilegpu.shared<{swizzleBytes = 128, order = [1, 0]}>
module attributes {tilegpu.num_warps = 4 : i32, tilegpu.threads_per_warp = 32 : i32} {
  func.func @reasons(%pa: tensor<64x64x!tile.ptr<f16>, #blocked>, %pb: tensor<64x64x!tile.ptr<f16>, #blocked>, %n: i32) -> tensor<64x64xf32, #mma> {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %one = arith.constant dense<1.0> : tensor<64x64xf16, #blocked>
    %m = arith.constant dense<true> : tensor<64x64xi1, #blocked>
    %zero = arith.constant dense<0.0> : tensor<64x64xf32, #mma>
    %r = scf.for %k = %c0 to %n step %c1 iter_args(%acc = %zero) -> (tensor<64x64xf32, #mma>) : i32 {
      // CHECK: pipeline-remarks.mlir:[[# @LINE + 1]]:{{.*}}: remark: load not prefetched: its masked-off elements take a nonzero 'other' (cp.async fills zeros)
      %a = tile.load %pa, %m, %one {tilegpu.vec = 8 : i32} : tensor<64x64x!tile.ptr<f16>, #blocked>
      // CHECK: pipeline-remarks.mlir:[[# @LINE + 1]]:{{.*}}: remark: load not prefetched: its accesses are 2-byte vectors and cp.async copies 4, 8 or 16 bytes
      %b = tile.load %pb : tensor<64x64x!tile.ptr<f16>, #blocked>
      %sa = tilegpu.local_alloc %a : (tensor<64x64xf16, #blocked>) -> !tilegpu.memdesc<[64, 64], f16, #s>
      %sb = tilegpu.local_alloc %b : (tensor<64x64xf16, #blocked>) -> !tilegpu.memdesc<[64, 64], f16, #s>
      %d = tilegpu.warp_group_dot %sa, %sb, %acc : !tilegpu.memdesc<[64, 64], f16, #s>, !tilegpu.memdesc<[64, 64], f16, #s>, tensor<64x64xf32, #mma> -> tensor<64x64xf32, #mma>
      scf.yield %d : tensor<64x64xf32, #mma>
      // CHECK: pipeline-remarks.mlir:[[# @LINE - 9]]:{{.*}}: remark: loop not pipelined: none of its loads can be prefetched into shared memory
    }
    return %r : tensor<64x64xf32, #mma>
  }
}

// -----

// A load whose addresses come from another load (a gather through an index
// tile) cannot run iterations ahead; a load read in registers is not a
// shared tile. The loop is pipelined all the same for the load it can copy.
#blocked = #tilegpu.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#mma = #tilegpu.mma<{version = 3, instrN = 64, warpsPerCTA = [4, 1]}>
#s = #tilegpu.shared<{swizzleBytes = 128, order = [1, 0]}>
module attributes {tilegpu.num_warps = 4 : i32, tilegpu.threads_per_warp = 32 : i32} {
  func.func @partial(%pa: tensor<64x64x!tile.ptr<f16>, #blocked>, %pb: tensor<64x64x!tile.ptr<f16>, #blocked>, %pi: tensor<64x64x!tile.ptr<i32>, #blocked>, %n: i32) -> tensor<64x64xf32, #mma> {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %zero = arith.constant dense<0.0> : tensor<64x64xf32, #mma>
    %r = scf.for %k = %c0 to %n step %c1 iter_args(%acc = %zero) -> (tensor<64x64xf32, #mma>) : i32 {
      // CHECK: pipeline-remarks.mlir:[[# @LINE + 1]]:{{.*}}: remark: load not prefetched: its value goes through 'tile.addptr' before shared memory
      %idx = tile.load %pi {tilegpu.vec = 4 : i32} : tensor<64x64x!tile.ptr<i32>, #blocked>
      %pg = tile.addptr %pb, %idx : tensor<64x64x!tile.ptr<f16>, #blocked>, tensor<64x64xi32, #blocked>
      %a = tile.load %pa {tilegpu.vec = 8 : i32} : tensor<64x64x!tile.ptr<f16>, #blocked>
      // CHECK: pipeline-remarks.mlir:[[# @LINE + 1]]:{{.*}}: remark: load not prefetched: its address or mask depends on 'tile.load' in the loop, which cannot run iterations ahead
      %b = tile.load %pg {tilegpu.vec = 8 : i32} : tensor<64x64x!tile.ptr<f16>, #blocked>
      %sa = tilegpu.local_alloc %a : (tensor<64x64xf16, #blocked>) -> !tilegpu.memdesc<[64, 64], f16, #s>
      %sb = tilegpu.local_alloc %b : (tensor<64x64xf16, #blocked>) -> !tilegpu.memdesc<[64, 64], f16, #s>
      %d = tilegpu.warp_group_dot %sa, %sb, %acc : !tilegpu.memdesc<[64, 64], f16, #s>, !tilegpu.memdesc<[64, 64], f16, #s>, tensor<64x64xf32, #mma> -> tensor<64x64xf32, #mma>
      scf.yield %d : tensor<64x64xf32, #mma>
      // CHECK: pipeline-remarks.mlir:[[# @LINE - 11]]:{{.*}}: remark: loop pipelined in 3 stages: 1 load(s) by cp.async
    }
    return %r : tensor<64x64xf32, #mma>
  }
}

// -----

// tl.range(..., num_stages=1) turns pipelining off for its loop.
#blocked = #tilegpu.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#mma = #tilegpu.mma<{version = 3, instrN = 64, warpsPerCTA = [4, 1]}>
#s = #tilegpu.shared<{swizzleBytes = 128, order = [1, 0]}>
module attributes {tilegpu.num_warps = 4 : i32, tilegpu.threads_per_warp = 32 : i32} {
  func.func @off(%pa: tensor<64x64x!tile.ptr<f16>, #blocked>, %n: i32) -> tensor<64x64xf32, #mma> {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %zero = arith.constant dense<0.0> : tensor<64x64xf32, #mma>
    %r = scf.for %k = %c0 to %n step %c1 iter_args(%acc = %zero) -> (tensor<64x64xf32, #mma>) : i32 {
      %a = tile.load %pa {tilegpu.vec = 8 : i32} : tensor<64x64x!tile.ptr<f16>, #blocked>
      %sa = tilegpu.local_alloc %a : (tensor<64x64xf16, #blocked>) -> !tilegpu.memdesc<[64, 64], f16, #s>
      %d = tilegpu.warp_group_dot %sa, %sa, %acc : !tilegpu.memdesc<[64, 64], f16, #s>, !tilegpu.memdesc<[64, 64], f16, #s>, tensor<64x64xf32, #mma> -> tensor<64x64xf32, #mma>
      scf.yield %d : tensor<64x64xf32, #mma>
      // CHECK: pipeline-remarks.mlir:[[# @LINE - 5]]:{{.*}}: remark: loop not pipelined: num_stages is 1
    } {tile.num_stages = 1 : i32}
    return %r : tensor<64x64xf32, #mma>
  }
}
