// RUN: tilec-opt %s -split-input-file -tilegpu-allocate-shared-memory | FileCheck %s

// Two reductions and a conversion, one after another: their scratch is live
// only while each runs, so all three share offset 0 and the module needs the
// largest (the conversion's 512 x 4 bytes), not the sum.
#blocked = #tilegpu.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
#blocked4 = #tilegpu.blocked<{sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
// CHECK: module attributes {tilegpu.num_warps = 4 : i32, tilegpu.shared_memory = 2048 : i64
module attributes {tilegpu.num_warps = 4 : i32, tilegpu.threads_per_warp = 32 : i32} {
  // CHECK-LABEL: func.func @reuse
  func.func @reuse(%x: tensor<512xf32, #blocked>) attributes {tile.kernel} {
    // CHECK: tile.reduce
    // CHECK: tilegpu.scratch_offset = 0 : i64
    %m = tile.reduce(%x) {axis = 0 : i32} : (tensor<512xf32, #blocked>) -> f32 {
    ^bb0(%a: f32, %b: f32):
      %t = arith.maxnumf %a, %b : f32
      tile.reduce.return %t : f32
    }
    // CHECK: tile.reduce
    // CHECK: tilegpu.scratch_offset = 0 : i64
    %s = tile.reduce(%x) {axis = 0 : i32} : (tensor<512xf32, #blocked>) -> f32 {
    ^bb0(%a: f32, %b: f32):
      %t = arith.addf %a, %b : f32
      tile.reduce.return %t : f32
    }
    // CHECK: tilegpu.convert_layout %{{.*}} {tilegpu.scratch_offset = 0 : i64}
    %y = tilegpu.convert_layout %x : tensor<512xf32, #blocked> -> tensor<512xf32, #blocked4>
    return
  }
}

// -----

// A shared tile alive across a loop overlaps every scratch use inside the
// loop, so those go above it; the reduction after its last use reuses its
// bytes.
#blocked = #tilegpu.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
#shared = #tilegpu.shared<{swizzleBytes = 0, order = [0]}>
// CHECK: tilegpu.shared_memory = 2560 : i64
module attributes {tilegpu.num_warps = 4 : i32, tilegpu.threads_per_warp = 32 : i32} {
  // CHECK-LABEL: func.func @live_across_loop
  func.func @live_across_loop(%x: tensor<512xf32, #blocked>, %n: index) attributes {tile.kernel} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    // CHECK: tilegpu.local_alloc %{{.*}} {offset = 0 : i64}
    %buf = tilegpu.local_alloc %x : (tensor<512xf32, #blocked>) -> !tilegpu.memdesc<[512], f32, #shared>
    scf.for %i = %c0 to %n step %c1 {
      // CHECK: tilegpu.scratch_offset = 2048 : i64
      %s = tile.reduce(%x) {axis = 0 : i32} : (tensor<512xf32, #blocked>) -> f32 {
      ^bb0(%a: f32, %b: f32):
        %t = arith.addf %a, %b : f32
        tile.reduce.return %t : f32
      }
      %v = tilegpu.local_load %buf : !tilegpu.memdesc<[512], f32, #shared> -> tensor<512xf32, #blocked>
    }
    // CHECK: tilegpu.scratch_offset = 0 : i64
    %m = tile.reduce(%x) {axis = 0 : i32} : (tensor<512xf32, #blocked>) -> f32 {
    ^bb0(%a: f32, %b: f32):
      %t = arith.maxnumf %a, %b : f32
      tile.reduce.return %t : f32
    }
    return
  }
}

// -----

// wgmma and TMA swizzle address bits up to 1024 bytes, so a swizzled tile
// starts on a 1024-byte boundary: placed after a 2112-byte unswizzled tile,
// the swizzled one goes to 3072, not 2112; the small unswizzled one then
// fills the gap at 2112 (16-byte alignment). All three are live together.
#plain = #tilegpu.shared<{swizzleBytes = 0, order = [0]}>
#swz = #tilegpu.shared<{swizzleBytes = 64, order = [1, 0]}>
// CHECK: tilegpu.shared_memory = 4096 : i64
module attributes {tilegpu.num_warps = 4 : i32, tilegpu.threads_per_warp = 32 : i32} {
  // CHECK-LABEL: func.func @swizzled_alignment
  func.func @swizzled_alignment() attributes {tile.kernel} {
    // CHECK: tilegpu.local_alloc {offset = 0 : i64} : () -> !tilegpu.memdesc<[528], f32
    %big = tilegpu.local_alloc : () -> !tilegpu.memdesc<[528], f32, #plain>
    // CHECK: tilegpu.local_alloc {offset = 3072 : i64} : () -> !tilegpu.memdesc<[16, 32], f16
    %swz = tilegpu.local_alloc : () -> !tilegpu.memdesc<[16, 32], f16, #swz>
    // CHECK: tilegpu.local_alloc {offset = 2112 : i64} : () -> !tilegpu.memdesc<[8], f32
    %small = tilegpu.local_alloc : () -> !tilegpu.memdesc<[8], f32, #plain>
    tilegpu.local_dealloc %big : !tilegpu.memdesc<[528], f32, #plain>
    tilegpu.local_dealloc %swz : !tilegpu.memdesc<[16, 32], f16, #swz>
    tilegpu.local_dealloc %small : !tilegpu.memdesc<[8], f32, #plain>
    return
  }
}
