// RUN: tilec-opt %s | tilec-opt | FileCheck %s
// RUN: tilec-opt %s -mlir-print-op-generic | tilec-opt | FileCheck %s

// Every tilegpu attribute, type and op round-trips.

#blocked = #tilegpu.blocked<{sizePerThread = [1, 4], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#blocked1 = #tilegpu.blocked<{sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
#slice = #tilegpu.slice<{dim = 1, parent = #blocked}>
#mma = #tilegpu.mma<{version = 2, instrN = 8, warpsPerCTA = [2, 2]}>
#mma3 = #tilegpu.mma<{version = 3, instrN = 128, warpsPerCTA = [4, 1]}>
#dot = #tilegpu.dot_op<{opIdx = 0, parent = #mma, elemBits = 16}>
#shared = #tilegpu.shared<{swizzleBytes = 128, order = [1, 0]}>

// CHECK-DAG: #[[BLOCKED:.*]] = #tilegpu.blocked<{sizePerThread = [1, 4], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
// CHECK-DAG: #[[SLICE:.*]] = #tilegpu.slice<{dim = 1, parent = #[[BLOCKED]]}>
// CHECK-DAG: #tilegpu.mma<{version = 3, instrN = 128, warpsPerCTA = [4, 1]}>
// CHECK-DAG: #tilegpu.dot_op<{opIdx = 0, parent = #{{.*}}, elemBits = 16}>
// CHECK-DAG: #[[SHARED:.*]] = #tilegpu.shared<{swizzleBytes = 128, order = [1, 0]}>

// CHECK-LABEL: func.func @layouts
func.func @layouts(%a: tensor<64x64xf32, #blocked>, %s: tensor<64xf32, #slice>,
                   %m: tensor<64x64xf32, #mma>, %m3: tensor<128x128xf32, #mma3>,
                   %d: tensor<64x32xf16, #dot>) {
  // CHECK: tilegpu.convert_layout %{{.*}} : tensor<64x64xf32, #[[BLOCKED]]> -> tensor<64x64xf32, #{{.*}}>
  %0 = tilegpu.convert_layout %a : tensor<64x64xf32, #blocked> -> tensor<64x64xf32, #mma>
  return
}

// CHECK-LABEL: func.func @shared_memory
func.func @shared_memory(%t: tensor<64x64xf16, #blocked>) -> tensor<64x64xf16, #blocked> {
  // CHECK: %[[M:.*]] = tilegpu.local_alloc %{{.*}} : (tensor<64x64xf16, #[[BLOCKED]]>) -> !tilegpu.memdesc<[64, 64], f16, #[[SHARED]]>
  %m = tilegpu.local_alloc %t : (tensor<64x64xf16, #blocked>) -> !tilegpu.memdesc<[64, 64], f16, #shared>
  // CHECK: tilegpu.local_alloc {offset = 0 : i64} : () -> !tilegpu.memdesc<[64, 64], f16, #[[SHARED]]>
  %e = tilegpu.local_alloc {offset = 0 : i64} : () -> !tilegpu.memdesc<[64, 64], f16, #shared>
  // CHECK: tilegpu.local_store %{{.*}}, %{{.*}} : tensor<64x64xf16, #[[BLOCKED]]> -> !tilegpu.memdesc<[64, 64], f16, #[[SHARED]]>
  tilegpu.local_store %t, %e : tensor<64x64xf16, #blocked> -> !tilegpu.memdesc<[64, 64], f16, #shared>
  // CHECK: tilegpu.barrier
  tilegpu.barrier
  // CHECK: tilegpu.local_load %[[M]] : !tilegpu.memdesc<[64, 64], f16, #[[SHARED]]> -> tensor<64x64xf16, #[[BLOCKED]]>
  %r = tilegpu.local_load %m : !tilegpu.memdesc<[64, 64], f16, #shared> -> tensor<64x64xf16, #blocked>
  // CHECK: tilegpu.local_dealloc
  tilegpu.local_dealloc %m : !tilegpu.memdesc<[64, 64], f16, #shared>
  tilegpu.local_dealloc %e : !tilegpu.memdesc<[64, 64], f16, #shared>
  return %r : tensor<64x64xf16, #blocked>
}
