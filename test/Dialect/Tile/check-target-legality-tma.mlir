// RUN: tilec-opt %s -tile-check-target-legality='compute-capability=80 tma=false' -verify-diagnostics
// RUN: tilec-opt %s -tile-check-target-legality='compute-capability=90 tma=true' | FileCheck %s

// tile-check-target-legality on tensor descriptors: they need TMA, which
// the target's facts (tilec::GpuArch::hasTMA) say sm_80 lacks; on sm_90
// they pass through.

// CHECK-LABEL: func.func @descriptors
// CHECK: tile.descriptor_load
// CHECK: tile.descriptor_store
func.func @descriptors(%d: !tile.tensordesc<tensor<64x64xf16>>, %m: i32) {
  // expected-error @+1 {{tensor descriptors need TMA, which compute capability 9.0 (sm_90) introduced; this kernel targets 8.0}}
  %x = tile.descriptor_load %d[%m, %m] : !tile.tensordesc<tensor<64x64xf16>> -> tensor<64x64xf16>
  // expected-error @+1 {{tensor descriptors need TMA}}
  tile.descriptor_store %d[%m, %m], %x : !tile.tensordesc<tensor<64x64xf16>>, tensor<64x64xf16>
  return
}
