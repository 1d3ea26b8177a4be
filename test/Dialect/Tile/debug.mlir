// RUN: tilec-opt %s -split-input-file | tilec-opt -split-input-file | FileCheck %s
// RUN: tilec-opt %s -split-input-file -canonicalize -cse | FileCheck %s --check-prefix=KEEP

// The debugging ops round-trip, and nothing removes them: they have effects
// the compiler cannot see.

// CHECK-LABEL: func @debug_ops
// CHECK: tile.debug_barrier
// CHECK: tile.assume %{{.*}} : i1
// CHECK: tile.assume %{{.*}} : tensor<4xi1>
// CHECK: tile.print " x: "(%{{.*}}, %{{.*}} : i32, tensor<4xf32>) {hex = false, is_signed = array<i32: 1, 0>}
// CHECK: tile.print " pid" {hex = true, is_signed = array<i32>}
// CHECK: tile.assert %{{.*}}, "must hold" : tensor<4xi1>
// KEEP-LABEL: func @debug_ops
// KEEP: tile.debug_barrier
// KEEP-COUNT-2: tile.assume
// KEEP-COUNT-2: tile.print
// KEEP: tile.assert
func.func @debug_ops(%c: i1, %t: tensor<4xi1>, %n: i32, %x: tensor<4xf32>) {
  tile.debug_barrier
  tile.assume %c : i1
  tile.assume %t : tensor<4xi1>
  tile.print " x: "(%n, %x : i32, tensor<4xf32>) {hex = false, is_signed = array<i32: 1, 0>}
  tile.print " pid" {hex = true, is_signed = array<i32>}
  tile.assert %t, "must hold" : tensor<4xi1>
  return
}

// -----

// Grid dependency control round-trips, and neither canonicalization nor CSE
// removes or merges it (two waits stay two).
// CHECK-LABEL: func @griddepcontrol
// CHECK: tile.griddepcontrol wait
// CHECK: tile.griddepcontrol wait
// CHECK: tile.griddepcontrol launch_dependents
// KEEP-LABEL: func @griddepcontrol
// KEEP-COUNT-2: tile.griddepcontrol wait
// KEEP: tile.griddepcontrol launch_dependents
func.func @griddepcontrol() {
  tile.griddepcontrol wait
  tile.griddepcontrol wait
  tile.griddepcontrol launch_dependents
  return
}
