// RUN: tilec-opt %s -split-input-file -tilegpu-pipeline="num-stages=3" | FileCheck %s

// In a warp-specialized kernel, tilegpu-pipeline leaves the split loop (the
// consumers' loop, `tilegpu.split_loop`, already fed by the producer) and
// everything in the producer region alone, and pipelines the consumers'
// other loops as anywhere: here a later TMA loop gets its own ring and
// mbarriers, inside the consumer region.
#blocked = #tilegpu.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#mma = #tilegpu.mma<{version = 3, instrN = 64, warpsPerCTA = [4, 1]}>
#s = #tilegpu.shared<{swizzleBytes = 128, order = [1, 0]}>
module attributes {tilegpu.num_warps = 4 : i32, tilegpu.threads_per_warp = 32 : i32} {
  // CHECK-LABEL: func.func @consumer_loops
  // CHECK: tilegpu.warp_specialize
  // CHECK: producer {
  // CHECK-NOT: init_barrier
  // CHECK: scf.for
  // CHECK: tile.descriptor_load
  // CHECK: } consumer {
  // CHECK: scf.for
  // CHECK: tile.descriptor_load
  // CHECK: } {tilegpu.split_loop}
  // CHECK: tilegpu.init_barrier
  // CHECK: scf.for
  // CHECK: tilegpu.wait_barrier
  // CHECK: tilegpu.async_tma_copy_global_to_local
  func.func @consumer_loops(%da: !tile.tensordesc<tensor<64x64xf16>>, %n: i32, %out: !tilegpu.memdesc<[64, 64], f32, #s>) attributes {tile.kernel} {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %zero = arith.constant dense<0.0> : tensor<64x64xf32, #mma>
    tilegpu.warp_specialize {consumerRegs = 248 : i32, producerRegs = 40 : i32, producerWarps = 4 : i32} producer {
      scf.for %k = %c0 to %n step %c1 : i32 {
        %a = tile.descriptor_load %da[%k, %c0] : !tile.tensordesc<tensor<64x64xf16>> -> tensor<64x64xf16, #blocked>
        %sa = tilegpu.local_alloc %a : (tensor<64x64xf16, #blocked>) -> !tilegpu.memdesc<[64, 64], f16, #s>
        %d = tilegpu.warp_group_dot %sa, %sa, %zero : !tilegpu.memdesc<[64, 64], f16, #s>, !tilegpu.memdesc<[64, 64], f16, #s>, tensor<64x64xf32, #mma> -> tensor<64x64xf32, #mma>
      }
    } consumer {
      %r = scf.for %k = %c0 to %n step %c1 iter_args(%acc = %zero) -> (tensor<64x64xf32, #mma>) : i32 {
        %a = tile.descriptor_load %da[%k, %c0] : !tile.tensordesc<tensor<64x64xf16>> -> tensor<64x64xf16, #blocked>
        %sa = tilegpu.local_alloc %a : (tensor<64x64xf16, #blocked>) -> !tilegpu.memdesc<[64, 64], f16, #s>
        %d = tilegpu.warp_group_dot %sa, %sa, %acc : !tilegpu.memdesc<[64, 64], f16, #s>, !tilegpu.memdesc<[64, 64], f16, #s>, tensor<64x64xf32, #mma> -> tensor<64x64xf32, #mma>
        scf.yield %d : tensor<64x64xf32, #mma>
      } {tilegpu.split_loop}
      %r2 = scf.for %k = %c0 to %n step %c1 iter_args(%acc = %r) -> (tensor<64x64xf32, #mma>) : i32 {
        %a = tile.descriptor_load %da[%k, %c0] : !tile.tensordesc<tensor<64x64xf16>> -> tensor<64x64xf16, #blocked>
        %sa = tilegpu.local_alloc %a : (tensor<64x64xf16, #blocked>) -> !tilegpu.memdesc<[64, 64], f16, #s>
        %d = tilegpu.warp_group_dot %sa, %sa, %acc : !tilegpu.memdesc<[64, 64], f16, #s>, !tilegpu.memdesc<[64, 64], f16, #s>, tensor<64x64xf32, #mma> -> tensor<64x64xf32, #mma>
        scf.yield %d : tensor<64x64xf32, #mma>
      }
      tilegpu.local_store %r2, %out : tensor<64x64xf32, #mma> -> !tilegpu.memdesc<[64, 64], f32, #s>
    }
    return
  }
}
