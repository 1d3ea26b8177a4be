// RUN: tilec-opt %s -split-input-file -canonicalize | FileCheck %s

#a = #tilegpu.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
#b = #tilegpu.blocked<{sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
#c = #tilegpu.blocked<{sizePerThread = [2], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>

// A conversion to the same layout folds away; a conversion back to the
// source's layout folds to the source; a chain becomes one conversion.
// CHECK-LABEL: func.func @fold
// CHECK-SAME: (%[[X:.*]]: tensor<512xf32, #{{.*}}>)
func.func @fold(%x: tensor<512xf32, #a>) -> (tensor<512xf32, #a>, tensor<512xf32, #a>, tensor<512xf32, #c>) {
  %0 = tilegpu.convert_layout %x : tensor<512xf32, #a> -> tensor<512xf32, #a>
  %1 = tilegpu.convert_layout %x : tensor<512xf32, #a> -> tensor<512xf32, #b>
  %2 = tilegpu.convert_layout %1 : tensor<512xf32, #b> -> tensor<512xf32, #a>
  // CHECK: %[[C:.*]] = tilegpu.convert_layout %[[X]] : tensor<512xf32, #{{.*}}> -> tensor<512xf32, #{{.*}}>
  %3 = tilegpu.convert_layout %1 : tensor<512xf32, #b> -> tensor<512xf32, #c>
  // CHECK: return %[[X]], %[[X]], %[[C]]
  return %0, %2, %3 : tensor<512xf32, #a>, tensor<512xf32, #a>, tensor<512xf32, #c>
}
