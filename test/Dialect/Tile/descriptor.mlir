// RUN: tilec-opt %s | tilec-opt | FileCheck %s
// RUN: tilec-opt %s -mlir-print-op-generic | tilec-opt | FileCheck %s
// RUN: tilec-opt %s -emit-bytecode | tilec-opt | FileCheck %s --check-prefix=BYTECODE
// RUN: tilec-opt %s -cse -canonicalize | FileCheck %s --check-prefix=CANON

// Tensor descriptors (`!tile.tensordesc<tensor<...>>`, Triton's host-side
// TensorDescriptor) and the loads and stores through them: the type keeps
// its block type (and so its element type), the ops their index order and
// result layout, in the custom, generic and bytecode forms. Canonicalization
// and CSE must leave them alone where they matter: a load's result is only
// reused while no descriptor store may have changed the tensor, and a store
// (a write to global memory) is never dead.

// CHECK-LABEL: func.func private @types
// CHECK-SAME: !tile.tensordesc<tensor<128x64xf16>>
// CHECK-SAME: !tile.tensordesc<tensor<64x256xbf16>>
// CHECK-SAME: !tile.tensordesc<tensor<32x32xf32>>
// CHECK-SAME: !tile.tensordesc<tensor<64x128xi8>>
// CHECK-SAME: !tile.tensordesc<tensor<128x128xf8E4M3FN>>
// BYTECODE-LABEL: func.func private @types
// BYTECODE-SAME: !tile.tensordesc<tensor<128x64xf16>>
func.func private @types(!tile.tensordesc<tensor<128x64xf16>>,
                         !tile.tensordesc<tensor<64x256xbf16>>,
                         !tile.tensordesc<tensor<32x32xf32>>,
                         !tile.tensordesc<tensor<64x128xi8>>,
                         !tile.tensordesc<tensor<128x128xf8E4M3FN>>)

// The indices keep their order (row, then column), and a load may produce
// the block in any layout (here a placeholder encoding), which a store then
// takes as it is.
// CHECK-LABEL: func.func @load_store
// CHECK-SAME: (%[[A:.*]]: !tile.tensordesc<tensor<128x64xf16>>, %[[C:.*]]: !tile.tensordesc<tensor<64x32xi8>>, %[[M:.*]]: i32, %[[N:.*]]: i32)
// CANON-LABEL: func.func @load_store
func.func @load_store(%a: !tile.tensordesc<tensor<128x64xf16>>, %c: !tile.tensordesc<tensor<64x32xi8>>, %m: i32, %n: i32) -> tensor<128x64xf16> {
  // CHECK: %[[X:.*]] = tile.descriptor_load %[[A]][%[[M]], %[[N]]] : !tile.tensordesc<tensor<128x64xf16>> -> tensor<128x64xf16>
  // CANON: %[[X:.*]] = tile.descriptor_load %{{.*}} : !tile.tensordesc<tensor<128x64xf16>> -> tensor<128x64xf16>
  %x = tile.descriptor_load %a[%m, %n] : !tile.tensordesc<tensor<128x64xf16>> -> tensor<128x64xf16>
  // CHECK: %[[Y:.*]] = tile.descriptor_load %[[C]][%[[M]], %[[N]]] : !tile.tensordesc<tensor<64x32xi8>> -> tensor<64x32xi8, "blocked">
  // CANON: %[[Y:.*]] = tile.descriptor_load %{{.*}} -> tensor<64x32xi8, "blocked">
  %y = tile.descriptor_load %c[%m, %n] : !tile.tensordesc<tensor<64x32xi8>> -> tensor<64x32xi8, "blocked">
  // CHECK: tile.descriptor_store %[[C]][%[[N]], %[[M]]], %[[Y]] : !tile.tensordesc<tensor<64x32xi8>>, tensor<64x32xi8, "blocked">
  // CANON: tile.descriptor_store %{{.*}}, %[[Y]] : !tile.tensordesc<tensor<64x32xi8>>, tensor<64x32xi8, "blocked">
  tile.descriptor_store %c[%n, %m], %y : !tile.tensordesc<tensor<64x32xi8>>, tensor<64x32xi8, "blocked">
  // CANON: return %[[X]]
  return %x : tensor<128x64xf16>
}

// Two loads of the same block are one (a load only reads), but not across a
// store through the descriptor, which may have written that very block.
// CHECK-LABEL: func.func @reload_after_store
// CANON-LABEL: func.func @reload_after_store
func.func @reload_after_store(%c: !tile.tensordesc<tensor<64x32xi8>>, %m: i32, %v: tensor<64x32xi8>) -> (tensor<64x32xi8>, tensor<64x32xi8>, tensor<64x32xi8>) {
  // CANON: %[[A:.*]] = tile.descriptor_load
  // CANON-NEXT: tile.descriptor_store
  // CANON-NEXT: %[[D:.*]] = tile.descriptor_load
  // CANON-NEXT: return %[[A]], %[[A]], %[[D]]
  %a = tile.descriptor_load %c[%m, %m] : !tile.tensordesc<tensor<64x32xi8>> -> tensor<64x32xi8>
  %b = tile.descriptor_load %c[%m, %m] : !tile.tensordesc<tensor<64x32xi8>> -> tensor<64x32xi8>
  tile.descriptor_store %c[%m, %m], %v : !tile.tensordesc<tensor<64x32xi8>>, tensor<64x32xi8>
  %d = tile.descriptor_load %c[%m, %m] : !tile.tensordesc<tensor<64x32xi8>> -> tensor<64x32xi8>
  return %a, %b, %d : tensor<64x32xi8>, tensor<64x32xi8>, tensor<64x32xi8>
}

// A store whose value nothing else uses is kept; an unused load goes.
// CANON-LABEL: func.func @dead_load_live_store
func.func @dead_load_live_store(%c: !tile.tensordesc<tensor<64x32xi8>>, %m: i32, %v: tensor<64x32xi8>) {
  // CANON-NOT: tile.descriptor_load
  // CANON: tile.descriptor_store
  // CANON-NEXT: return
  %a = tile.descriptor_load %c[%m, %m] : !tile.tensordesc<tensor<64x32xi8>> -> tensor<64x32xi8>
  tile.descriptor_store %c[%m, %m], %v : !tile.tensordesc<tensor<64x32xi8>>, tensor<64x32xi8>
  return
}

// A store with `reduce` (desc.atomic_* on a host-side descriptor, a TMA
// reduction) keeps its kind in every form and is never dead.
// CHECK-LABEL: func.func @reduce
// CHECK-SAME: (%[[C:.*]]: !tile.tensordesc<tensor<64x32xi32>>, %[[M:.*]]: i32, %[[V:.*]]: tensor<64x32xi32>)
// CANON-LABEL: func.func @reduce
func.func @reduce(%c: !tile.tensordesc<tensor<64x32xi32>>, %m: i32, %v: tensor<64x32xi32>) {
  // CHECK: tile.descriptor_store %[[C]][%[[M]], %[[M]]], %[[V]] {reduce = #tile<rmw_op umin>} : !tile.tensordesc<tensor<64x32xi32>>, tensor<64x32xi32>
  // CANON: tile.descriptor_store {{.*}} {reduce = #tile<rmw_op umin>}
  tile.descriptor_store %c[%m, %m], %v {reduce = #tile<rmw_op umin>} : !tile.tensordesc<tensor<64x32xi32>>, tensor<64x32xi32>
  return
}
