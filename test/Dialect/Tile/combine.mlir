// RUN: tilec-opt %s -split-input-file -tile-combine | FileCheck %s

// The combines of -tile-combine, each with the cases that must not fire.

// CHECK-LABEL: func @addptr_chain
// CHECK-SAME: (%[[P:.*]]: tensor<128x!tile.ptr<f32>>, %[[A:.*]]: tensor<128xi32>, %[[B:.*]]: tensor<128xi32>)
func.func @addptr_chain(%p: tensor<128x!tile.ptr<f32>>, %a: tensor<128xi32>,
                        %b: tensor<128xi32>) -> tensor<128x!tile.ptr<f32>> {
  // CHECK: %[[S:.*]] = arith.addi %[[A]], %[[B]] : tensor<128xi32>
  // CHECK: %[[R:.*]] = tile.addptr %[[P]], %[[S]] : tensor<128x!tile.ptr<f32>>, tensor<128xi32>
  // CHECK: return %[[R]]
  %0 = tile.addptr %p, %a : tensor<128x!tile.ptr<f32>>, tensor<128xi32>
  %1 = tile.addptr %0, %b : tensor<128x!tile.ptr<f32>>, tensor<128xi32>
  return %1 : tensor<128x!tile.ptr<f32>>
}

// -----

// CHECK-LABEL: func @addptr_chain_mixed_types
func.func @addptr_chain_mixed_types(%p: !tile.ptr<f32>, %a: i32, %b: i64)
    -> !tile.ptr<f32> {
  // CHECK-NOT: arith.addi
  // CHECK: tile.addptr
  // CHECK: tile.addptr
  %0 = tile.addptr %p, %a : !tile.ptr<f32>, i32
  %1 = tile.addptr %0, %b : !tile.ptr<f32>, i64
  return %1 : !tile.ptr<f32>
}

// -----

// CHECK-LABEL: func @dot_addf
// CHECK-SAME: (%[[A:.*]]: tensor<64x32xf16>, %[[B:.*]]: tensor<32x16xf16>, %[[C:.*]]: tensor<64x16xf32>)
func.func @dot_addf(%a: tensor<64x32xf16>, %b: tensor<32x16xf16>,
                    %c: tensor<64x16xf32>) -> (tensor<64x16xf32>, tensor<64x16xf32>) {
  %zero = arith.constant dense<0.0> : tensor<64x16xf32>
  // CHECK: %[[D0:.*]] = tile.dot %[[A]], %[[B]], %[[C]] inputPrecision = tf32 : tensor<64x32xf16> * tensor<32x16xf16> -> tensor<64x16xf32>
  %0 = tile.dot %a, %b, %zero inputPrecision = tf32 : tensor<64x32xf16> * tensor<32x16xf16> -> tensor<64x16xf32>
  %1 = arith.addf %0, %c : tensor<64x16xf32>
  // The dot may be either operand of the add.
  // CHECK: %[[D1:.*]] = tile.dot %[[A]], %[[B]], %[[C]] : tensor<64x32xf16> * tensor<32x16xf16> -> tensor<64x16xf32>
  %2 = tile.dot %a, %b, %zero : tensor<64x32xf16> * tensor<32x16xf16> -> tensor<64x16xf32>
  %3 = arith.addf %c, %2 : tensor<64x16xf32>
  // CHECK-NOT: arith.addf
  // CHECK: return %[[D0]], %[[D1]]
  return %1, %3 : tensor<64x16xf32>, tensor<64x16xf32>
}

// -----

// CHECK-LABEL: func @dot_addi
// CHECK-SAME: (%[[A:.*]]: tensor<16x16xi8>, %[[B:.*]]: tensor<16x16xi8>, %[[C:.*]]: tensor<16x16xi32>)
func.func @dot_addi(%a: tensor<16x16xi8>, %b: tensor<16x16xi8>,
                    %c: tensor<16x16xi32>) -> tensor<16x16xi32> {
  %zero = arith.constant dense<0> : tensor<16x16xi32>
  // CHECK: %[[D:.*]] = tile.dot %[[A]], %[[B]], %[[C]] : tensor<16x16xi8> * tensor<16x16xi8> -> tensor<16x16xi32>
  // CHECK-NOT: arith.addi
  // CHECK: return %[[D]]
  %0 = tile.dot %a, %b, %zero : tensor<16x16xi8> * tensor<16x16xi8> -> tensor<16x16xi32>
  %1 = arith.addi %0, %c : tensor<16x16xi32>
  return %1 : tensor<16x16xi32>
}

// -----

// CHECK-LABEL: func @dot_add_no_combine
func.func @dot_add_no_combine(%a: tensor<16x16xf8E4M3FN>, %b: tensor<16x16xf8E4M3FN>,
                              %c: tensor<16x16xf32>, %acc: tensor<16x16xf32>)
    -> (tensor<16x16xf32>, tensor<16x16xf32>, tensor<16x16xf32>, tensor<16x16xf32>) {
  %zero = arith.constant dense<0.0> : tensor<16x16xf32>
  // A non-zero accumulator.
  // CHECK: %[[D0:.*]] = tile.dot %{{.*}}, %{{.*}}, %{{.*}} : tensor<16x16xf8E4M3FN>
  // CHECK: arith.addf %[[D0]]
  %0 = tile.dot %a, %b, %acc : tensor<16x16xf8E4M3FN> * tensor<16x16xf8E4M3FN> -> tensor<16x16xf32>
  %1 = arith.addf %0, %c : tensor<16x16xf32>
  // A dot with a second use.
  // CHECK: %[[D1:.*]] = tile.dot
  // CHECK: arith.addf %[[D1]]
  %2 = tile.dot %a, %b, %zero : tensor<16x16xf8E4M3FN> * tensor<16x16xf8E4M3FN> -> tensor<16x16xf32>
  %3 = arith.addf %2, %c : tensor<16x16xf32>
  // A float dot with an imprecise-accumulation limit.
  // CHECK: %[[D2:.*]] = tile.dot {{.*}} maxNumImpreciseAcc = 32
  // CHECK: arith.addf %[[D2]]
  %4 = tile.dot %a, %b, %zero maxNumImpreciseAcc = 32 : tensor<16x16xf8E4M3FN> * tensor<16x16xf8E4M3FN> -> tensor<16x16xf32>
  %5 = arith.addf %4, %c : tensor<16x16xf32>
  return %1, %2, %3, %5 : tensor<16x16xf32>, tensor<16x16xf32>, tensor<16x16xf32>, tensor<16x16xf32>
}

// -----

// CHECK-LABEL: func @select_load
// CHECK-SAME: (%[[P:.*]]: tensor<64x!tile.ptr<f32>>, %[[M:.*]]: tensor<64xi1>, %[[O:.*]]: tensor<64xf32>)
func.func @select_load(%p: tensor<64x!tile.ptr<f32>>, %m: tensor<64xi1>,
                       %o: tensor<64xf32>) -> tensor<64xf32> {
  // CHECK: %[[L:.*]] = tile.load %[[P]], %[[M]], %[[O]] cache = cg : tensor<64x!tile.ptr<f32>>
  // CHECK-NOT: arith.select
  // CHECK: return %[[L]]
  %0 = tile.load %p, %m cache = cg : tensor<64x!tile.ptr<f32>>
  %1 = arith.select %m, %0, %o : tensor<64xi1>, tensor<64xf32>
  return %1 : tensor<64xf32>
}

// -----

// CHECK-LABEL: func @select_load_later_other
// CHECK-SAME: (%[[P:.*]]: tensor<64x!tile.ptr<f32>>, %[[M:.*]]: tensor<64xi1>, %[[X:.*]]: tensor<64xf32>)
func.func @select_load_later_other(%p: tensor<64x!tile.ptr<f32>>,
                                   %m: tensor<64xi1>, %x: tensor<64xf32>)
    -> tensor<64xf32> {
  // `other` is defined after the load; nothing writes memory in between, so
  // the combined load sits at the select.
  // CHECK: %[[O:.*]] = arith.negf %[[X]] : tensor<64xf32>
  // CHECK-NEXT: %[[L:.*]] = tile.load %[[P]], %[[M]], %[[O]] : tensor<64x!tile.ptr<f32>>
  // CHECK-NEXT: return %[[L]]
  %0 = tile.load %p, %m : tensor<64x!tile.ptr<f32>>
  %o = arith.negf %x : tensor<64xf32>
  %1 = arith.select %m, %0, %o : tensor<64xi1>, tensor<64xf32>
  return %1 : tensor<64xf32>
}

// -----

// CHECK-LABEL: func @select_load_no_combine
func.func @select_load_no_combine(%p: tensor<64x!tile.ptr<f32>>,
                                  %m: tensor<64xi1>, %n: tensor<64xi1>,
                                  %o: tensor<64xf32>, %q: tensor<64x!tile.ptr<f32>>)
    -> (tensor<64xf32>, tensor<64xf32>, tensor<64xf32>, tensor<64xf32>) {
  // The select's condition is not the load's mask.
  // CHECK: tile.load %{{.*}}, %{{.*}} : tensor<64x!tile.ptr<f32>>
  // CHECK: arith.select
  %0 = tile.load %p, %m : tensor<64x!tile.ptr<f32>>
  %1 = arith.select %n, %0, %o : tensor<64xi1>, tensor<64xf32>
  // The load has another use.
  // CHECK: %[[L:.*]] = tile.load %{{.*}}, %{{.*}} : tensor<64x!tile.ptr<f32>>
  // CHECK: arith.select %{{.*}}, %[[L]]
  %2 = tile.load %p, %m : tensor<64x!tile.ptr<f32>>
  %3 = arith.select %m, %2, %o : tensor<64xi1>, tensor<64xf32>
  // `other` comes after a store that follows the load.
  // CHECK: tile.load %{{.*}}, %{{.*}} : tensor<64x!tile.ptr<f32>>
  // CHECK: tile.store
  // CHECK: arith.select
  %4 = tile.load %p, %m : tensor<64x!tile.ptr<f32>>
  tile.store %q, %o : tensor<64x!tile.ptr<f32>>
  %n2 = arith.negf %o : tensor<64xf32>
  %5 = arith.select %m, %4, %n2 : tensor<64xi1>, tensor<64xf32>
  return %1, %2, %3, %5 : tensor<64xf32>, tensor<64xf32>, tensor<64xf32>, tensor<64xf32>
}

// -----

// CHECK-LABEL: func @broadcast_splat
// CHECK-SAME: (%[[X:.*]]: f32)
func.func @broadcast_splat(%x: f32) -> tensor<32x64xf32> {
  // CHECK: %[[S:.*]] = tile.splat %[[X]] : f32 -> tensor<32x64xf32>
  // CHECK-NOT: tile.broadcast
  // CHECK: return %[[S]]
  %0 = tile.splat %x : f32 -> tensor<1x64xf32>
  %1 = tile.broadcast %0 : tensor<1x64xf32> -> tensor<32x64xf32>
  return %1 : tensor<32x64xf32>
}
