// RUN: tilec-opt %s | tilec-opt | FileCheck %s
// RUN: tilec-opt %s -mlir-print-op-generic | tilec-opt | FileCheck %s

// The sm_90a ops round-trip: ring slots, asynchronous copies and their
// groups, the proxy fence, and warpgroup dots, synchronous and asynchronous.

#blocked = #tilegpu.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#mma = #tilegpu.mma<{version = 3, instrN = 64, warpsPerCTA = [4, 1]}>
#ring = #tilegpu.shared<{swizzleBytes = 128, order = [2, 1, 0]}>
#sa = #tilegpu.shared<{swizzleBytes = 128, order = [1, 0]}>
#sb = #tilegpu.shared<{swizzleBytes = 64, order = [0, 1]}>
#plain = #tilegpu.shared<{swizzleBytes = 0, order = [1, 0]}>

// CHECK-DAG: #[[BLOCKED:.*]] = #tilegpu.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
// CHECK-DAG: #[[MMA:.*]] = #tilegpu.mma<{version = 3, instrN = 64, warpsPerCTA = [4, 1]}>
// CHECK-DAG: #[[RING:.*]] = #tilegpu.shared<{swizzleBytes = 128, order = [2, 1, 0]}>
// CHECK-DAG: #[[SA:.*]] = #tilegpu.shared<{swizzleBytes = 128, order = [1, 0]}>
// CHECK-DAG: #[[SB:.*]] = #tilegpu.shared<{swizzleBytes = 64, order = [0, 1]}>

// CHECK-LABEL: func.func @async_copies
func.func @async_copies(%p: tensor<64x64x!tile.ptr<f16>, #blocked>, %m: tensor<64x64xi1, #blocked>, %i: i32,
                        %pp: tensor<64x64x!tile.ptr<!tile.ptr<f16>>, #blocked>, %pslot: !tilegpu.memdesc<[64, 64], !tile.ptr<f16>, #plain>) {
  // CHECK: %[[RING_:.*]] = tilegpu.local_alloc : () -> !tilegpu.memdesc<[3, 64, 64], f16, #[[RING]]>
  %ring = tilegpu.local_alloc : () -> !tilegpu.memdesc<[3, 64, 64], f16, #ring>
  // CHECK: %[[SLOT:.*]] = tilegpu.memdesc_index %[[RING_]][%{{.*}}] : !tilegpu.memdesc<[3, 64, 64], f16, #[[RING]]> -> !tilegpu.memdesc<[64, 64], f16, #[[SA]]>
  %slot = tilegpu.memdesc_index %ring[%i] : !tilegpu.memdesc<[3, 64, 64], f16, #ring> -> !tilegpu.memdesc<[64, 64], f16, #sa>
  // CHECK: tilegpu.async_copy_global_to_local %{{.*}}, %[[SLOT]] mask %{{.*}} {vec = 8 : i32} : tensor<64x64x!tile.ptr<f16>, #[[BLOCKED]]>, tensor<64x64xi1, #[[BLOCKED]]> -> !tilegpu.memdesc<[64, 64], f16, #[[SA]]>
  tilegpu.async_copy_global_to_local %p, %slot mask %m {vec = 8 : i32} : tensor<64x64x!tile.ptr<f16>, #blocked>, tensor<64x64xi1, #blocked> -> !tilegpu.memdesc<[64, 64], f16, #sa>
  // The mask is optional; a tile of pointers (regression: the verifier
  // crashed asking a pointer type for its bit width) copies 2 of them, 16
  // bytes, at a time.
  // CHECK: tilegpu.async_copy_global_to_local %{{.*}}, %[[SLOT]] {vec = 2 : i32} : tensor<64x64x!tile.ptr<f16>, #[[BLOCKED]]> -> !tilegpu.memdesc<[64, 64], f16, #[[SA]]>
  tilegpu.async_copy_global_to_local %p, %slot {vec = 2 : i32} : tensor<64x64x!tile.ptr<f16>, #blocked> -> !tilegpu.memdesc<[64, 64], f16, #sa>
  // CHECK: tilegpu.async_copy_global_to_local %{{.*}}, %{{.*}} {vec = 2 : i32} : tensor<64x64x!tile.ptr<!tile.ptr<f16>>, #[[BLOCKED]]> -> !tilegpu.memdesc<[64, 64], !tile.ptr<f16>, #{{.*}}>
  tilegpu.async_copy_global_to_local %pp, %pslot {vec = 2 : i32} : tensor<64x64x!tile.ptr<!tile.ptr<f16>>, #blocked> -> !tilegpu.memdesc<[64, 64], !tile.ptr<f16>, #plain>
  // CHECK: tilegpu.async_commit_group
  tilegpu.async_commit_group
  // CHECK: tilegpu.async_wait {num = 1 : i32}
  tilegpu.async_wait {num = 1 : i32}
  // CHECK: tilegpu.fence_async_shared
  tilegpu.fence_async_shared
  return
}

// CHECK-LABEL: func.func @warp_group_dots
func.func @warp_group_dots(%a: !tilegpu.memdesc<[64, 64], f16, #sa>, %b: !tilegpu.memdesc<[64, 64], f16, #sb>, %c: tensor<64x64xf32, #mma>) -> (tensor<64x64xf32, #mma>, tensor<64x64xf32, #mma>) {
  // CHECK: %[[D:.*]] = tilegpu.warp_group_dot %{{.*}}, %{{.*}}, %{{.*}} : !tilegpu.memdesc<[64, 64], f16, #[[SA]]>, !tilegpu.memdesc<[64, 64], f16, #[[SB]]>, tensor<64x64xf32, #[[MMA]]> -> tensor<64x64xf32, #[[MMA]]>
  %d = tilegpu.warp_group_dot %a, %b, %c : !tilegpu.memdesc<[64, 64], f16, #sa>, !tilegpu.memdesc<[64, 64], f16, #sb>, tensor<64x64xf32, #mma> -> tensor<64x64xf32, #mma>
  // CHECK: %[[E:.*]] = tilegpu.warp_group_dot %{{.*}}, %{{.*}}, %[[D]] {isAsync} : !tilegpu.memdesc<[64, 64], f16, #[[SA]]>
  %e = tilegpu.warp_group_dot %a, %b, %d {isAsync} : !tilegpu.memdesc<[64, 64], f16, #sa>, !tilegpu.memdesc<[64, 64], f16, #sb>, tensor<64x64xf32, #mma> -> tensor<64x64xf32, #mma>
  // CHECK: tilegpu.warp_group_dot_wait %[[E]], %[[D]] {pendings = 1 : i32} : tensor<64x64xf32, #[[MMA]]>, tensor<64x64xf32, #[[MMA]]> -> tensor<64x64xf32, #[[MMA]]>, tensor<64x64xf32, #[[MMA]]>
  %w:2 = tilegpu.warp_group_dot_wait %e, %d {pendings = 1 : i32} : tensor<64x64xf32, #mma>, tensor<64x64xf32, #mma> -> tensor<64x64xf32, #mma>, tensor<64x64xf32, #mma>
  return %w#0, %w#1 : tensor<64x64xf32, #mma>, tensor<64x64xf32, #mma>
}
