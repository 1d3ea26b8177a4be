// RUN: tilec-opt %s -split-input-file -tilegpu-allocate-shared-memory -convert-tilegpu-to-llvm | FileCheck %s

// fp16 and bf16 atomic max and min (what tensor-descriptor reductions on
// those types become) have no scalar PTX atomic: each element is LLVM's
// atomicrmw fmax/fmin under its predicate, which NVPTX expands into a
// compare-and-swap loop on the enclosing 32-bit word
// (test/Frontend/device_descriptor_atomics.py checks that PTX).
#blocked = #tilegpu.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {tilegpu.num_warps = 4 : i32, tilegpu.threads_per_warp = 32 : i32} {
  // CHECK-LABEL: llvm.func @half_minmax
  // CHECK: llvm.cond_br
  // CHECK: llvm.atomicrmw fmax %{{.*}}, %{{.*}} syncscope("device") monotonic : !llvm.ptr<1>, f16
  // CHECK: llvm.cond_br
  // CHECK: llvm.atomicrmw fmin %{{.*}}, %{{.*}} syncscope("device") monotonic : !llvm.ptr<1>, bf16
  // CHECK-NOT: llvm.inline_asm
  func.func @half_minmax(%h: !tile.ptr<f16>, %b: !tile.ptr<bf16>, %n: i32) attributes {tile.kernel} {
    %r = tile.make_range 0 to 128 : tensor<128xi32, #blocked>
    %ns = tile.splat %n : i32 -> tensor<128xi32, #blocked>
    %m = arith.cmpi slt, %r, %ns : tensor<128xi32, #blocked>
    %hs = tile.splat %h : !tile.ptr<f16> -> tensor<128x!tile.ptr<f16>, #blocked>
    %ha = tile.addptr %hs, %r : tensor<128x!tile.ptr<f16>, #blocked>, tensor<128xi32, #blocked>
    %hv = arith.constant dense<1.0> : tensor<128xf16, #blocked>
    %0 = tile.atomic_rmw fmax, relaxed, gpu, %ha, %hv, %m : tensor<128x!tile.ptr<f16>, #blocked>
    %bs = tile.splat %b : !tile.ptr<bf16> -> tensor<128x!tile.ptr<bf16>, #blocked>
    %ba = tile.addptr %bs, %r : tensor<128x!tile.ptr<bf16>, #blocked>, tensor<128xi32, #blocked>
    %bv = arith.constant dense<1.0> : tensor<128xbf16, #blocked>
    %1 = tile.atomic_rmw fmin, relaxed, gpu, %ba, %bv, %m : tensor<128x!tile.ptr<bf16>, #blocked>
    return
  }
}
