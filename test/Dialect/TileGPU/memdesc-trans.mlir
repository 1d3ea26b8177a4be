// RUN: tilec-opt %s -split-input-file | tilec-opt -split-input-file | FileCheck %s
// RUN: tilec-opt %s -split-input-file -mlir-print-op-generic | tilec-opt -split-input-file | FileCheck %s

// A shared tile viewed with its dimensions permuted: the shape and the
// shared order are permuted together, the swizzle kept.
#rows = #tilegpu.shared<{swizzleBytes = 128, order = [1, 0]}>
#cols = #tilegpu.shared<{swizzleBytes = 128, order = [0, 1]}>
// CHECK-LABEL: func.func @view
// CHECK: tilegpu.memdesc_trans %{{.*}} {order = array<i32: 1, 0>} : !tilegpu.memdesc<[64, 128], f16, #{{.*}}> -> !tilegpu.memdesc<[128, 64], f16, #{{.*}}>
func.func @view(%k: !tilegpu.memdesc<[64, 128], f16, #rows>) -> !tilegpu.memdesc<[128, 64], f16, #cols> {
  %t = tilegpu.memdesc_trans %k {order = array<i32: 1, 0>} : !tilegpu.memdesc<[64, 128], f16, #rows> -> !tilegpu.memdesc<[128, 64], f16, #cols>
  return %t : !tilegpu.memdesc<[128, 64], f16, #cols>
}

// -----

// Rank 3: the ring-less order [2, 1, 0] under the permutation [0, 2, 1].
#r3 = #tilegpu.shared<{swizzleBytes = 64, order = [2, 1, 0]}>
#p3 = #tilegpu.shared<{swizzleBytes = 64, order = [1, 2, 0]}>
// CHECK-LABEL: func.func @view3
// CHECK: tilegpu.memdesc_trans %{{.*}} {order = array<i32: 0, 2, 1>} : !tilegpu.memdesc<[2, 32, 64], f16, #{{.*}}> -> !tilegpu.memdesc<[2, 64, 32], f16, #{{.*}}>
func.func @view3(%k: !tilegpu.memdesc<[2, 32, 64], f16, #r3>) -> !tilegpu.memdesc<[2, 64, 32], f16, #p3> {
  %t = tilegpu.memdesc_trans %k {order = array<i32: 0, 2, 1>} : !tilegpu.memdesc<[2, 32, 64], f16, #r3> -> !tilegpu.memdesc<[2, 64, 32], f16, #p3>
  return %t : !tilegpu.memdesc<[2, 64, 32], f16, #p3>
}
