// RUN: tilec-opt %s -split-input-file -tilegpu-pipeline="num-stages=3" -cse | FileCheck %s

// Attention's key loop: Q·Kᵀ then P·V, two loads, softmax statistics
// carried. K is transposed before its local_alloc (stored K-major for the
// first wgmma): it is copied through transposed pointers and mask, each
// thread keeping its elements. The key indices (%cols) address both loads
// and mask the scores: stage 0 computes them ahead for the copies, stage 1
// again for the mask. Neither dot stays in flight (the first one's result
// is read in registers, the second reads P, which the loop stores).
#blocked = #tilegpu.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#blocked1 = #tilegpu.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [2, 2], order = [1, 0]}>
#mma = #tilegpu.mma<{version = 3, instrN = 64, warpsPerCTA = [4, 1]}>
#s = #tilegpu.shared<{swizzleBytes = 128, order = [1, 0]}>
#st = #tilegpu.shared<{swizzleBytes = 128, order = [0, 1]}>
#row = #tilegpu.slice<{dim = 1, parent = #mma}>
#kcol = #tilegpu.slice<{dim = 1, parent = #blocked}>
// CHECK-DAG: #[[TPTR:.*]] = #tilegpu.blocked<{sizePerThread = [8, 1], threadsPerWarp = [8, 4], warpsPerCTA = [1, 4], order = [0, 1]}>
// CHECK-DAG: #[[KRING:.*]] = #tilegpu.shared<{swizzleBytes = 128, order = [1, 2, 0]}>
// CHECK-DAG: #[[VRING:.*]] = #tilegpu.shared<{swizzleBytes = 128, order = [2, 1, 0]}>
module attributes {tilegpu.num_warps = 4 : i32, tilegpu.threads_per_warp = 32 : i32} {
  // CHECK-LABEL: func.func @attention
  // CHECK: %[[KR:.*]] = tilegpu.local_alloc : () -> !tilegpu.memdesc<[3, 64, 64], f16, #[[KRING]]>
  // CHECK: %[[VR:.*]] = tilegpu.local_alloc : () -> !tilegpu.memdesc<[3, 64, 64], f16, #[[VRING]]>
  // Prologue: two iterations, each one group of a transposed K copy and a V copy.
  // CHECK: tile.trans %{{.*}} {order = array<i32: 1, 0>} : tensor<64x64x!tile.ptr<f16>, #{{.*}}> -> tensor<64x64x!tile.ptr<f16>, #[[TPTR]]>
  // CHECK: tile.trans %{{.*}} {order = array<i32: 1, 0>} : tensor<64x64xi1, #{{.*}}> -> tensor<64x64xi1, #[[TPTR]]>
  // CHECK: tilegpu.async_copy_global_to_local %{{.*}}, %{{.*}} mask %{{.*}} {vec = 8 : i32} : tensor<64x64x!tile.ptr<f16>, #[[TPTR]]>
  // CHECK: tilegpu.async_copy_global_to_local
  // CHECK: tilegpu.async_commit_group
  // CHECK: tilegpu.async_commit_group
  // The loop carries the statistics and the accumulator, then the slots.
  // CHECK: scf.for %[[N:.*]] = %{{.*}} to %{{.*}} step %{{.*}} iter_args(%[[L:.*]] = %{{.*}}, %[[ACC:.*]] = %{{.*}}, %[[M:.*]] = %{{.*}}, %[[READ:.*]] = %{{.*}}, %[[FILL:.*]] = %{{.*}})
  // CHECK-NEXT: tilegpu.async_wait {num = 1 : i32}
  // CHECK-NEXT: tilegpu.fence_async_shared
  // CHECK-NEXT: tilegpu.barrier
  // Stage 0, two iterations ahead.
  // CHECK: %[[AHEAD:.*]] = arith.addi %[[N]], %{{.*}} : i32
  // CHECK: tile.splat %[[AHEAD]] : i32 -> tensor<64xi32, #{{.*}}>
  // CHECK: tilegpu.async_copy_global_to_local
  // CHECK: tilegpu.async_copy_global_to_local
  // CHECK: tilegpu.async_commit_group
  // Stage 1: the slots, the key indices of this iteration, the two dots.
  // CHECK: %[[KS:.*]] = tilegpu.memdesc_index %[[KR]][%[[READ]]]
  // CHECK: %[[VS:.*]] = tilegpu.memdesc_index %[[VR]][%[[READ]]]
  // CHECK: tile.splat %[[N]] : i32 -> tensor<64xi32, #{{.*}}>
  // CHECK: %[[QK:.*]] = tilegpu.warp_group_dot %{{.*}}, %[[KS]], %{{.*}} :
  // CHECK: %[[OKM:.*]] = tilegpu.convert_layout
  // CHECK: arith.select %[[OKM]], %[[QK]]
  // CHECK: tile.reduce
  // CHECK: %[[P:.*]] = tilegpu.local_alloc %{{.*}} : (tensor<64x64xf16, #{{.*}}>)
  // CHECK: tilegpu.warp_group_dot %[[P]], %[[VS]], %{{.*}} :
  // CHECK-NOT: tile.load
  // CHECK: scf.yield
  // CHECK: tilegpu.async_wait {num = 0 : i32}
  func.func @attention(%q: !tilegpu.memdesc<[64, 64], f16, #s>, %kb: tensor<64x64x!tile.ptr<f16>, #blocked>, %vb: tensor<64x64x!tile.ptr<f16>, #blocked>, %offs: tensor<64xi32, #kcol>, %stride: tensor<64x64xi32, #blocked>, %lo: i32, %hi: i32, %n_ctx: i32) -> (tensor<64xf32, #row>, tensor<64x64xf32, #mma>) {
    %c64 = arith.constant 64 : i32
    %zero = arith.constant dense<0.0> : tensor<64x64xf32, #mma>
    %zh = arith.constant dense<0.0> : tensor<64x64xf16, #blocked>
    %ninf = arith.constant dense<0xFF800000> : tensor<64x64xf32, #mma>
    %l0 = arith.constant dense<0.0> : tensor<64xf32, #row>
    %m0 = arith.constant dense<0xFF800000> : tensor<64xf32, #row>
    %r:3 = scf.for %n = %lo to %hi step %c64 iter_args(%l = %l0, %acc = %zero, %m = %m0) -> (tensor<64xf32, #row>, tensor<64x64xf32, #mma>, tensor<64xf32, #row>) : i32 {
      // Key indices, their bound, and the K and V tiles they address.
      %ns = tile.splat %n : i32 -> tensor<64xi32, #kcol>
      %cols = arith.addi %ns, %offs : tensor<64xi32, #kcol>
      %nctx = tile.splat %n_ctx : i32 -> tensor<64xi32, #kcol>
      %ok = arith.cmpi slt, %cols, %nctx : tensor<64xi32, #kcol>
      %cols2 = tile.expand_dims %cols {axis = 1 : i32} : tensor<64xi32, #kcol> -> tensor<64x1xi32, #blocked>
      %colsb = tile.broadcast %cols2 : tensor<64x1xi32, #blocked> -> tensor<64x64xi32, #blocked>
      %off = arith.muli %colsb, %stride : tensor<64x64xi32, #blocked>
      %ok2 = tile.expand_dims %ok {axis = 1 : i32} : tensor<64xi1, #kcol> -> tensor<64x1xi1, #blocked>
      %okb = tile.broadcast %ok2 : tensor<64x1xi1, #blocked> -> tensor<64x64xi1, #blocked>
      %kp = tile.addptr %kb, %off : tensor<64x64x!tile.ptr<f16>, #blocked>, tensor<64x64xi32, #blocked>
      %k = tile.load %kp, %okb, %zh {tilegpu.vec = 8 : i32} : tensor<64x64x!tile.ptr<f16>, #blocked>
      %kc = tilegpu.convert_layout %k : tensor<64x64xf16, #blocked> -> tensor<64x64xf16, #blocked1>
      %kt = tile.trans %kc {order = array<i32: 1, 0>} : tensor<64x64xf16, #blocked1> -> tensor<64x64xf16, #blocked1>
      %ks = tilegpu.local_alloc %kt : (tensor<64x64xf16, #blocked1>) -> !tilegpu.memdesc<[64, 64], f16, #st>
      %qk = tilegpu.warp_group_dot %q, %ks, %zero : !tilegpu.memdesc<[64, 64], f16, #s>, !tilegpu.memdesc<[64, 64], f16, #st>, tensor<64x64xf32, #mma> -> tensor<64x64xf32, #mma>
      // The scores' mask reads the key mask too (stage 1).
      %okm = tilegpu.convert_layout %okb : tensor<64x64xi1, #blocked> -> tensor<64x64xi1, #mma>
      %qkm = arith.select %okm, %qk, %ninf : tensor<64x64xi1, #mma>, tensor<64x64xf32, #mma>
      %mx = tile.reduce(%qkm) {axis = 1 : i32} : (tensor<64x64xf32, #mma>) -> tensor<64xf32, #row> {
      ^bb0(%a: f32, %b: f32):
        %x = arith.maxnumf %a, %b : f32
        tile.reduce.return %x : f32
      }
      %mn = arith.maxnumf %m, %mx : tensor<64xf32, #row>
      %mn2 = tile.expand_dims %mn {axis = 1 : i32} : tensor<64xf32, #row> -> tensor<64x1xf32, #mma>
      %mnb = tile.broadcast %mn2 : tensor<64x1xf32, #mma> -> tensor<64x64xf32, #mma>
      %sub = arith.subf %qkm, %mnb : tensor<64x64xf32, #mma>
      %p = math.exp2 %sub : tensor<64x64xf32, #mma>
      %da = arith.subf %m, %mn : tensor<64xf32, #row>
      %alpha = math.exp2 %da : tensor<64xf32, #row>
      %ls = tile.reduce(%p) {axis = 1 : i32} : (tensor<64x64xf32, #mma>) -> tensor<64xf32, #row> {
      ^bb0(%a: f32, %b: f32):
        %x = arith.addf %a, %b : f32
        tile.reduce.return %x : f32
      }
      %la = arith.mulf %l, %alpha : tensor<64xf32, #row>
      %ln = arith.addf %la, %ls : tensor<64xf32, #row>
      %vp = tile.addptr %vb, %off : tensor<64x64x!tile.ptr<f16>, #blocked>, tensor<64x64xi32, #blocked>
      %v = tile.load %vp, %okb, %zh {tilegpu.vec = 8 : i32} : tensor<64x64x!tile.ptr<f16>, #blocked>
      %al2 = tile.expand_dims %alpha {axis = 1 : i32} : tensor<64xf32, #row> -> tensor<64x1xf32, #mma>
      %alb = tile.broadcast %al2 : tensor<64x1xf32, #mma> -> tensor<64x64xf32, #mma>
      %accs = arith.mulf %acc, %alb : tensor<64x64xf32, #mma>
      %ph = arith.truncf %p : tensor<64x64xf32, #mma> to tensor<64x64xf16, #mma>
      %ps = tilegpu.local_alloc %ph : (tensor<64x64xf16, #mma>) -> !tilegpu.memdesc<[64, 64], f16, #s>
      %vs = tilegpu.local_alloc %v : (tensor<64x64xf16, #blocked>) -> !tilegpu.memdesc<[64, 64], f16, #s>
      %o = tilegpu.warp_group_dot %ps, %vs, %accs : !tilegpu.memdesc<[64, 64], f16, #s>, !tilegpu.memdesc<[64, 64], f16, #s>, tensor<64x64xf32, #mma> -> tensor<64x64xf32, #mma>
      scf.yield %ln, %o, %mn : tensor<64xf32, #row>, tensor<64x64xf32, #mma>, tensor<64xf32, #row>
    }
    return %r#0, %r#1 : tensor<64xf32, #row>, tensor<64x64xf32, #mma>
  }
}
