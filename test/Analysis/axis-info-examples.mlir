// RUN: tilec-opt %s -split-input-file -tile-test-axis-info -verify-diagnostics -o /dev/null

// The axis analysis on the `tile` IR of the examples, as `tilec --emit=tile`
// printed it for the kernel and signature each chunk names. The remarks on
// the pointers of the loads and stores and on their masks are what the
// coalescing pass reads.

// examples/vector_add.py, add_kernel, "*fp32:16, *fp32:16, *fp32:16, i32, 1024":
// 16-byte aligned pointers (4 fp32) over runs of 1024; n_elements has no :16,
// so the mask `offsets < n_elements` changes at any element (constancy 1).
module attributes {tile.num_warps = 4 : i32} {
  func.func @add_kernel(%arg0: !tile.ptr<f32> {tile.divisibility = 16 : i32}, %arg1: !tile.ptr<f32> {tile.divisibility = 16 : i32}, %arg2: !tile.ptr<f32> {tile.divisibility = 16 : i32}, %arg3: i32) attributes {tile.kernel} {
    // expected-remark @below {{contiguity = [1], divisibility = [1024], constancy = [1]}}
    %c1024_i32 = arith.constant 1024 : i32
    // expected-remark @below {{contiguity = [1], divisibility = [1], constancy = [1]}}
    %0 = tile.program_id 0 : i32
    // expected-remark @below {{contiguity = [1], divisibility = [1024], constancy = [1]}}
    %1 = arith.muli %0, %c1024_i32 : i32
    // expected-remark @below {{contiguity = [1024], divisibility = [1073741824], constancy = [1]}}
    %2 = tile.make_range 0 to 1024 : tensor<1024xi32>
    // expected-remark @below {{contiguity = [1], divisibility = [1024], constancy = [1024]}}
    %3 = tile.splat %1 : i32 -> tensor<1024xi32>
    // expected-remark @below {{contiguity = [1024], divisibility = [1024], constancy = [1]}}
    %4 = arith.addi %3, %2 : tensor<1024xi32>
    // expected-remark @below {{contiguity = [1], divisibility = [1], constancy = [1024]}}
    %5 = tile.splat %arg3 : i32 -> tensor<1024xi32>
    // expected-remark @below {{contiguity = [1], divisibility = [1], constancy = [1]}}
    %6 = arith.cmpi slt, %4, %5 : tensor<1024xi32>
    // expected-remark @below {{contiguity = [1], divisibility = [4], constancy = [1024]}}
    %7 = tile.splat %arg0 : !tile.ptr<f32> -> tensor<1024x!tile.ptr<f32>>
    // expected-remark @below {{contiguity = [1024], divisibility = [4], constancy = [1]}}
    %8 = tile.addptr %7, %4 : tensor<1024x!tile.ptr<f32>>, tensor<1024xi32>
    %9 = tile.load %8, %6 : tensor<1024x!tile.ptr<f32>>
    // expected-remark @below {{contiguity = [1], divisibility = [4], constancy = [1024]}}
    %10 = tile.splat %arg1 : !tile.ptr<f32> -> tensor<1024x!tile.ptr<f32>>
    // expected-remark @below {{contiguity = [1024], divisibility = [4], constancy = [1]}}
    %11 = tile.addptr %10, %4 : tensor<1024x!tile.ptr<f32>>, tensor<1024xi32>
    %12 = tile.load %11, %6 : tensor<1024x!tile.ptr<f32>>
    // expected-remark @below {{contiguity = [1], divisibility = [4], constancy = [1024]}}
    %13 = tile.splat %arg2 : !tile.ptr<f32> -> tensor<1024x!tile.ptr<f32>>
    // expected-remark @below {{contiguity = [1024], divisibility = [4], constancy = [1]}}
    %14 = tile.addptr %13, %4 : tensor<1024x!tile.ptr<f32>>, tensor<1024xi32>
    %15 = arith.addf %9, %12 : tensor<1024xf32>
    tile.store %14, %15, %6 : tensor<1024x!tile.ptr<f32>>
    return
  }
}

// -----

// The same with "i32:16" for n_elements: the mask is constant on aligned
// blocks of 16.
module attributes {tile.num_warps = 4 : i32} {
  func.func @add_kernel(%arg0: !tile.ptr<f32> {tile.divisibility = 16 : i32}, %arg1: !tile.ptr<f32> {tile.divisibility = 16 : i32}, %arg2: !tile.ptr<f32> {tile.divisibility = 16 : i32}, %arg3: i32 {tile.divisibility = 16 : i32}) attributes {tile.kernel} {
    // expected-remark @below {{contiguity = [1], divisibility = [1024], constancy = [1]}}
    %c1024_i32 = arith.constant 1024 : i32
    // expected-remark @below {{contiguity = [1], divisibility = [1], constancy = [1]}}
    %0 = tile.program_id 0 : i32
    // expected-remark @below {{contiguity = [1], divisibility = [1024], constancy = [1]}}
    %1 = arith.muli %0, %c1024_i32 : i32
    // expected-remark @below {{contiguity = [1024], divisibility = [1073741824], constancy = [1]}}
    %2 = tile.make_range 0 to 1024 : tensor<1024xi32>
    // expected-remark @below {{contiguity = [1], divisibility = [1024], constancy = [1024]}}
    %3 = tile.splat %1 : i32 -> tensor<1024xi32>
    // expected-remark @below {{contiguity = [1024], divisibility = [1024], constancy = [1]}}
    %4 = arith.addi %3, %2 : tensor<1024xi32>
    // expected-remark @below {{contiguity = [1], divisibility = [16], constancy = [1024]}}
    %5 = tile.splat %arg3 : i32 -> tensor<1024xi32>
    // expected-remark @below {{contiguity = [1], divisibility = [1], constancy = [16]}}
    %6 = arith.cmpi slt, %4, %5 : tensor<1024xi32>
    // expected-remark @below {{contiguity = [1], divisibility = [4], constancy = [1024]}}
    %7 = tile.splat %arg0 : !tile.ptr<f32> -> tensor<1024x!tile.ptr<f32>>
    // expected-remark @below {{contiguity = [1024], divisibility = [4], constancy = [1]}}
    %8 = tile.addptr %7, %4 : tensor<1024x!tile.ptr<f32>>, tensor<1024xi32>
    %9 = tile.load %8, %6 : tensor<1024x!tile.ptr<f32>>
    // expected-remark @below {{contiguity = [1], divisibility = [4], constancy = [1024]}}
    %10 = tile.splat %arg1 : !tile.ptr<f32> -> tensor<1024x!tile.ptr<f32>>
    // expected-remark @below {{contiguity = [1024], divisibility = [4], constancy = [1]}}
    %11 = tile.addptr %10, %4 : tensor<1024x!tile.ptr<f32>>, tensor<1024xi32>
    %12 = tile.load %11, %6 : tensor<1024x!tile.ptr<f32>>
    // expected-remark @below {{contiguity = [1], divisibility = [4], constancy = [1024]}}
    %13 = tile.splat %arg2 : !tile.ptr<f32> -> tensor<1024x!tile.ptr<f32>>
    // expected-remark @below {{contiguity = [1024], divisibility = [4], constancy = [1]}}
    %14 = tile.addptr %13, %4 : tensor<1024x!tile.ptr<f32>>, tensor<1024xi32>
    %15 = arith.addf %9, %12 : tensor<1024xf32>
    tile.store %14, %15, %6 : tensor<1024x!tile.ptr<f32>>
    return
  }
}

// -----

// The same with no :16 at all: pointers aligned to one element only.
module attributes {tile.num_warps = 4 : i32} {
  func.func @add_kernel(%arg0: !tile.ptr<f32>, %arg1: !tile.ptr<f32>, %arg2: !tile.ptr<f32>, %arg3: i32) attributes {tile.kernel} {
    // expected-remark @below {{contiguity = [1], divisibility = [1024], constancy = [1]}}
    %c1024_i32 = arith.constant 1024 : i32
    // expected-remark @below {{contiguity = [1], divisibility = [1], constancy = [1]}}
    %0 = tile.program_id 0 : i32
    // expected-remark @below {{contiguity = [1], divisibility = [1024], constancy = [1]}}
    %1 = arith.muli %0, %c1024_i32 : i32
    // expected-remark @below {{contiguity = [1024], divisibility = [1073741824], constancy = [1]}}
    %2 = tile.make_range 0 to 1024 : tensor<1024xi32>
    // expected-remark @below {{contiguity = [1], divisibility = [1024], constancy = [1024]}}
    %3 = tile.splat %1 : i32 -> tensor<1024xi32>
    // expected-remark @below {{contiguity = [1024], divisibility = [1024], constancy = [1]}}
    %4 = arith.addi %3, %2 : tensor<1024xi32>
    // expected-remark @below {{contiguity = [1], divisibility = [1], constancy = [1024]}}
    %5 = tile.splat %arg3 : i32 -> tensor<1024xi32>
    // expected-remark @below {{contiguity = [1], divisibility = [1], constancy = [1]}}
    %6 = arith.cmpi slt, %4, %5 : tensor<1024xi32>
    // expected-remark @below {{contiguity = [1], divisibility = [1], constancy = [1024]}}
    %7 = tile.splat %arg0 : !tile.ptr<f32> -> tensor<1024x!tile.ptr<f32>>
    // expected-remark @below {{contiguity = [1024], divisibility = [1], constancy = [1]}}
    %8 = tile.addptr %7, %4 : tensor<1024x!tile.ptr<f32>>, tensor<1024xi32>
    %9 = tile.load %8, %6 : tensor<1024x!tile.ptr<f32>>
    // expected-remark @below {{contiguity = [1], divisibility = [1], constancy = [1024]}}
    %10 = tile.splat %arg1 : !tile.ptr<f32> -> tensor<1024x!tile.ptr<f32>>
    // expected-remark @below {{contiguity = [1024], divisibility = [1], constancy = [1]}}
    %11 = tile.addptr %10, %4 : tensor<1024x!tile.ptr<f32>>, tensor<1024xi32>
    %12 = tile.load %11, %6 : tensor<1024x!tile.ptr<f32>>
    // expected-remark @below {{contiguity = [1], divisibility = [1], constancy = [1024]}}
    %13 = tile.splat %arg2 : !tile.ptr<f32> -> tensor<1024x!tile.ptr<f32>>
    // expected-remark @below {{contiguity = [1024], divisibility = [1], constancy = [1]}}
    %14 = tile.addptr %13, %4 : tensor<1024x!tile.ptr<f32>>, tensor<1024xi32>
    %15 = arith.addf %9, %12 : tensor<1024xf32>
    tile.store %14, %15, %6 : tensor<1024x!tile.ptr<f32>>
    return
  }
}

// -----

// examples/softmax.py, softmax_kernel, "*fp32:16, *fp32:16, i32:16, i32:16,
// i32, 1024": the row start `ptr + row * stride` (stride:16) stays 4 elements
// aligned, and `row_start + tl.arange(0, BLOCK)` is contiguous over the block.
module attributes {tile.num_warps = 4 : i32} {
  func.func @softmax_kernel(%arg0: !tile.ptr<f32> {tile.divisibility = 16 : i32}, %arg1: !tile.ptr<f32> {tile.divisibility = 16 : i32}, %arg2: i32 {tile.divisibility = 16 : i32}, %arg3: i32 {tile.divisibility = 16 : i32}, %arg4: i32) attributes {tile.kernel} {
    %cst = arith.constant dense<0xFF800000> : tensor<1024xf32>
    // expected-remark @below {{contiguity = [1], divisibility = [1], constancy = [1]}}
    %0 = tile.program_id 0 : i32
    // expected-remark @below {{contiguity = [1024], divisibility = [1073741824], constancy = [1]}}
    %1 = tile.make_range 0 to 1024 : tensor<1024xi32>
    // expected-remark @below {{contiguity = [1], divisibility = [1], constancy = [1024]}}
    %2 = tile.splat %arg4 : i32 -> tensor<1024xi32>
    // expected-remark @below {{contiguity = [1], divisibility = [1], constancy = [1]}}
    %3 = arith.cmpi slt, %1, %2 : tensor<1024xi32>
    // expected-remark @below {{contiguity = [1], divisibility = [1], constancy = [1]}}
    %4 = arith.extsi %0 : i32 to i64
    // expected-remark @below {{contiguity = [1], divisibility = [16], constancy = [1]}}
    %5 = arith.extsi %arg2 : i32 to i64
    // expected-remark @below {{contiguity = [1], divisibility = [16], constancy = [1]}}
    %6 = arith.muli %4, %5 : i64
    // expected-remark @below {{contiguity = [1], divisibility = [4], constancy = [1]}}
    %7 = tile.addptr %arg1, %6 : !tile.ptr<f32>, i64
    // expected-remark @below {{contiguity = [1], divisibility = [4], constancy = [1024]}}
    %8 = tile.splat %7 : !tile.ptr<f32> -> tensor<1024x!tile.ptr<f32>>
    // expected-remark @below {{contiguity = [1024], divisibility = [4], constancy = [1]}}
    %9 = tile.addptr %8, %1 : tensor<1024x!tile.ptr<f32>>, tensor<1024xi32>
    %10 = tile.load %9, %3, %cst : tensor<1024x!tile.ptr<f32>>
    %11 = tile.reduce(%10) {axis = 0 : i32} : (tensor<1024xf32>) -> f32 {
    ^bb0(%arg5: f32, %arg6: f32):
      %23 = arith.maxnumf %arg5, %arg6 : f32
      tile.reduce.return %23 : f32
    }
    %12 = tile.splat %11 : f32 -> tensor<1024xf32>
    %13 = arith.subf %10, %12 : tensor<1024xf32>
    %14 = math.exp %13 : tensor<1024xf32>
    %15 = tile.reduce(%14) {axis = 0 : i32} : (tensor<1024xf32>) -> f32 {
    ^bb0(%arg5: f32, %arg6: f32):
      %23 = arith.addf %arg5, %arg6 : f32
      tile.reduce.return %23 : f32
    }
    %16 = tile.splat %15 : f32 -> tensor<1024xf32>
    %17 = arith.divf %14, %16 : tensor<1024xf32>
    // expected-remark @below {{contiguity = [1], divisibility = [16], constancy = [1]}}
    %18 = arith.extsi %arg3 : i32 to i64
    // expected-remark @below {{contiguity = [1], divisibility = [16], constancy = [1]}}
    %19 = arith.muli %4, %18 : i64
    // expected-remark @below {{contiguity = [1], divisibility = [4], constancy = [1]}}
    %20 = tile.addptr %arg0, %19 : !tile.ptr<f32>, i64
    // expected-remark @below {{contiguity = [1], divisibility = [4], constancy = [1024]}}
    %21 = tile.splat %20 : !tile.ptr<f32> -> tensor<1024x!tile.ptr<f32>>
    // expected-remark @below {{contiguity = [1024], divisibility = [4], constancy = [1]}}
    %22 = tile.addptr %21, %1 : tensor<1024x!tile.ptr<f32>>, tensor<1024xi32>
    tile.store %22, %17, %3 : tensor<1024x!tile.ptr<f32>>
    return
  }
}

// -----

// examples/softmax.py, softmax_online_kernel, same signature: inside the
// loops over columns, `col + tl.arange(0, BLOCK)` with col = 0, 1024, ...
// (the induction variable, divisible by the step) keeps both.
module attributes {tile.num_warps = 4 : i32} {
  func.func @softmax_online_kernel(%arg0: !tile.ptr<f32> {tile.divisibility = 16 : i32}, %arg1: !tile.ptr<f32> {tile.divisibility = 16 : i32}, %arg2: i32 {tile.divisibility = 16 : i32}, %arg3: i32 {tile.divisibility = 16 : i32}, %arg4: i32) attributes {tile.kernel} {
    %cst = arith.constant 1.000000e+00 : f32
    // expected-remark @below {{contiguity = [1], divisibility = [1024], constancy = [1]}}
    %c1024_i32 = arith.constant 1024 : i32
    // expected-remark @below {{contiguity = [1], divisibility = [1073741824], constancy = [1]}}
    %c0_i32 = arith.constant 0 : i32
    %cst_0 = arith.constant dense<0.000000e+00> : tensor<1024xf32>
    %cst_1 = arith.constant dense<0xFF800000> : tensor<1024xf32>
    // expected-remark @below {{contiguity = [1], divisibility = [1], constancy = [1]}}
    %0 = tile.program_id 0 : i32
    // expected-remark @below {{contiguity = [1024], divisibility = [1073741824], constancy = [1]}}
    %1 = tile.make_range 0 to 1024 : tensor<1024xi32>
    // expected-remark @below {{contiguity = [1], divisibility = [1], constancy = [1]}}
    %2 = arith.extsi %0 : i32 to i64
    // expected-remark @below {{contiguity = [1], divisibility = [16], constancy = [1]}}
    %3 = arith.extsi %arg2 : i32 to i64
    // expected-remark @below {{contiguity = [1], divisibility = [16], constancy = [1]}}
    %4 = arith.muli %2, %3 : i64
    // expected-remark @below {{contiguity = [1], divisibility = [4], constancy = [1]}}
    %5 = tile.addptr %arg1, %4 : !tile.ptr<f32>, i64
    // expected-remark @below {{contiguity = [1], divisibility = [16], constancy = [1]}}
    %6 = arith.extsi %arg3 : i32 to i64
    // expected-remark @below {{contiguity = [1], divisibility = [16], constancy = [1]}}
    %7 = arith.muli %2, %6 : i64
    // expected-remark @below {{contiguity = [1], divisibility = [4], constancy = [1]}}
    %8 = tile.addptr %arg0, %7 : !tile.ptr<f32>, i64
    %9:2 = scf.for %arg5 = %c0_i32 to %arg4 step %c1024_i32 iter_args(%arg6 = %cst_0, %arg7 = %cst_1) -> (tensor<1024xf32>, tensor<1024xf32>)  : i32 {
      // expected-remark @below {{contiguity = [1], divisibility = [1024], constancy = [1024]}}
      %13 = tile.splat %arg5 : i32 -> tensor<1024xi32>
      // expected-remark @below {{contiguity = [1024], divisibility = [1024], constancy = [1]}}
      %14 = arith.addi %13, %1 : tensor<1024xi32>
      // expected-remark @below {{contiguity = [1], divisibility = [4], constancy = [1024]}}
      %15 = tile.splat %5 : !tile.ptr<f32> -> tensor<1024x!tile.ptr<f32>>
      // expected-remark @below {{contiguity = [1024], divisibility = [4], constancy = [1]}}
      %16 = tile.addptr %15, %14 : tensor<1024x!tile.ptr<f32>>, tensor<1024xi32>
      // expected-remark @below {{contiguity = [1], divisibility = [1], constancy = [1024]}}
      %17 = tile.splat %arg4 : i32 -> tensor<1024xi32>
      // expected-remark @below {{contiguity = [1], divisibility = [1], constancy = [1]}}
      %18 = arith.cmpi slt, %14, %17 : tensor<1024xi32>
      %19 = tile.load %16, %18, %cst_1 : tensor<1024x!tile.ptr<f32>>
      %20 = tile.reduce(%19) {axis = 0 : i32} : (tensor<1024xf32>) -> f32 {
      ^bb0(%arg8: f32, %arg9: f32):
        %29 = arith.maxnumf %arg8, %arg9 : f32
        tile.reduce.return %29 : f32
      }
      %21 = tile.splat %20 : f32 -> tensor<1024xf32>
      %22 = arith.maxnumf %arg7, %21 : tensor<1024xf32>
      %23 = arith.subf %arg7, %22 : tensor<1024xf32>
      %24 = math.exp %23 : tensor<1024xf32>
      %25 = arith.mulf %arg6, %24 : tensor<1024xf32>
      %26 = arith.subf %19, %22 : tensor<1024xf32>
      %27 = math.exp %26 : tensor<1024xf32>
      %28 = arith.addf %25, %27 : tensor<1024xf32>
      scf.yield %28, %22 : tensor<1024xf32>, tensor<1024xf32>
    }
    %10 = tile.reduce(%9#1) {axis = 0 : i32} : (tensor<1024xf32>) -> f32 {
    ^bb0(%arg5: f32, %arg6: f32):
      %13 = arith.maxnumf %arg5, %arg6 : f32
      tile.reduce.return %13 : f32
    }
    %11 = tile.reduce(%9#0) {axis = 0 : i32} : (tensor<1024xf32>) -> f32 {
    ^bb0(%arg5: f32, %arg6: f32):
      %13 = arith.addf %arg5, %arg6 : f32
      tile.reduce.return %13 : f32
    }
    %12 = arith.divf %cst, %11 : f32
    scf.for %arg5 = %c0_i32 to %arg4 step %c1024_i32  : i32 {
      // expected-remark @below {{contiguity = [1], divisibility = [1024], constancy = [1024]}}
      %13 = tile.splat %arg5 : i32 -> tensor<1024xi32>
      // expected-remark @below {{contiguity = [1024], divisibility = [1024], constancy = [1]}}
      %14 = arith.addi %13, %1 : tensor<1024xi32>
      // expected-remark @below {{contiguity = [1], divisibility = [1], constancy = [1024]}}
      %15 = tile.splat %arg4 : i32 -> tensor<1024xi32>
      // expected-remark @below {{contiguity = [1], divisibility = [1], constancy = [1]}}
      %16 = arith.cmpi slt, %14, %15 : tensor<1024xi32>
      // expected-remark @below {{contiguity = [1], divisibility = [4], constancy = [1024]}}
      %17 = tile.splat %5 : !tile.ptr<f32> -> tensor<1024x!tile.ptr<f32>>
      // expected-remark @below {{contiguity = [1024], divisibility = [4], constancy = [1]}}
      %18 = tile.addptr %17, %14 : tensor<1024x!tile.ptr<f32>>, tensor<1024xi32>
      %19 = tile.load %18, %16, %cst_1 : tensor<1024x!tile.ptr<f32>>
      %20 = tile.splat %10 : f32 -> tensor<1024xf32>
      %21 = arith.subf %19, %20 : tensor<1024xf32>
      %22 = math.exp %21 : tensor<1024xf32>
      %23 = tile.splat %12 : f32 -> tensor<1024xf32>
      %24 = arith.mulf %22, %23 : tensor<1024xf32>
      // expected-remark @below {{contiguity = [1], divisibility = [4], constancy = [1024]}}
      %25 = tile.splat %8 : !tile.ptr<f32> -> tensor<1024x!tile.ptr<f32>>
      // expected-remark @below {{contiguity = [1024], divisibility = [4], constancy = [1]}}
      %26 = tile.addptr %25, %14 : tensor<1024x!tile.ptr<f32>>, tensor<1024xi32>
      tile.store %26, %24, %16 : tensor<1024x!tile.ptr<f32>>
    }
    return
  }
}

// -----

// examples/matmul.py, matmul_kernel, "*fp16:16, *fp16:16, *fp16:16, i32, i32,
// i32, i32:16, i32:1, i32:16, i32:1, i32:16, i32:1, 128, 128, 64, 8": A and B
// tiles are contiguous along dimension 1 (64 and 128 elements) and 8 fp16 =
// 16 bytes aligned there, also around the K loop; K has no :16, so the masks
// on K are not constant.
module attributes {tile.num_warps = 4 : i32} {
  func.func @matmul_kernel(%arg0: !tile.ptr<f16> {tile.divisibility = 16 : i32}, %arg1: !tile.ptr<f16> {tile.divisibility = 16 : i32}, %arg2: !tile.ptr<f16> {tile.divisibility = 16 : i32}, %arg3: i32, %arg4: i32, %arg5: i32, %arg6: i32 {tile.divisibility = 16 : i32}, %arg7: i32 {tile.equal_to_1}, %arg8: i32 {tile.divisibility = 16 : i32}, %arg9: i32 {tile.equal_to_1}, %arg10: i32 {tile.divisibility = 16 : i32}, %arg11: i32 {tile.equal_to_1}) attributes {tile.kernel} {
    // expected-remark @below {{contiguity = [1, 1], divisibility = [64, 64], constancy = [128, 64]}}
    %cst = arith.constant dense<64> : tensor<128x64xi32>
    %cst_0 = arith.constant dense<0.000000e+00> : tensor<64x128xf16>
    %cst_1 = arith.constant dense<0.000000e+00> : tensor<128x64xf16>
    // expected-remark @below {{contiguity = [1], divisibility = [1], constancy = [1]}}
    %c63_i32 = arith.constant 63 : i32
    // expected-remark @below {{contiguity = [1], divisibility = [1], constancy = [1]}}
    %c127_i32 = arith.constant 127 : i32
    // expected-remark @below {{contiguity = [1], divisibility = [1073741824], constancy = [1]}}
    %c0_i32 = arith.constant 0 : i32
    // expected-remark @below {{contiguity = [1], divisibility = [64], constancy = [1]}}
    %c64_i32 = arith.constant 64 : i32
    %cst_2 = arith.constant dense<0.000000e+00> : tensor<128x128xf32>
    // expected-remark @below {{contiguity = [1], divisibility = [8], constancy = [1]}}
    %c8_i32 = arith.constant 8 : i32
    // expected-remark @below {{contiguity = [1], divisibility = [1], constancy = [1]}}
    %c1_i32 = arith.constant 1 : i32
    // expected-remark @below {{contiguity = [1], divisibility = [128], constancy = [1]}}
    %c128_i32 = arith.constant 128 : i32
    // expected-remark @below {{contiguity = [1], divisibility = [1], constancy = [1]}}
    %0 = tile.program_id 0 : i32
    // expected-remark @below {{contiguity = [1], divisibility = [1], constancy = [1]}}
    %1 = arith.addi %arg3, %c127_i32 : i32
    // expected-remark @below {{contiguity = [1], divisibility = [1], constancy = [1]}}
    %2 = arith.divsi %1, %c128_i32 : i32
    // expected-remark @below {{contiguity = [1], divisibility = [1], constancy = [1]}}
    %3 = arith.addi %arg4, %c127_i32 : i32
    // expected-remark @below {{contiguity = [1], divisibility = [1], constancy = [1]}}
    %4 = arith.divsi %3, %c128_i32 : i32
    // expected-remark @below {{contiguity = [1], divisibility = [8], constancy = [1]}}
    %5 = arith.muli %4, %c8_i32 : i32
    // expected-remark @below {{contiguity = [1], divisibility = [1], constancy = [1]}}
    %6 = arith.divsi %0, %5 : i32
    // expected-remark @below {{contiguity = [1], divisibility = [8], constancy = [1]}}
    %7 = arith.muli %6, %c8_i32 : i32
    // expected-remark @below {{contiguity = [1], divisibility = [1], constancy = [1]}}
    %8 = arith.subi %2, %7 : i32
    // expected-remark @below {{contiguity = [1], divisibility = [1], constancy = [1]}}
    %9 = arith.minsi %8, %c8_i32 : i32
    // expected-remark @below {{contiguity = [1], divisibility = [1], constancy = [1]}}
    %10 = arith.remsi %0, %5 : i32
    // expected-remark @below {{contiguity = [1], divisibility = [1], constancy = [1]}}
    %11 = arith.remsi %10, %9 : i32
    // expected-remark @below {{contiguity = [1], divisibility = [1], constancy = [1]}}
    %12 = arith.addi %7, %11 : i32
    // expected-remark @below {{contiguity = [1], divisibility = [1], constancy = [1]}}
    %13 = arith.divsi %10, %9 : i32
    // expected-remark @below {{contiguity = [1], divisibility = [128], constancy = [1]}}
    %14 = arith.muli %12, %c128_i32 : i32
    // expected-remark @below {{contiguity = [128], divisibility = [1073741824], constancy = [1]}}
    %15 = tile.make_range 0 to 128 : tensor<128xi32>
    // expected-remark @below {{contiguity = [1], divisibility = [128], constancy = [128]}}
    %16 = tile.splat %14 : i32 -> tensor<128xi32>
    // expected-remark @below {{contiguity = [128], divisibility = [128], constancy = [1]}}
    %17 = arith.addi %16, %15 : tensor<128xi32>
    // expected-remark @below {{contiguity = [128], divisibility = [128], constancy = [1]}}
    %18 = tile.hint %17 divisibility = [128] : tensor<128xi32>
    // expected-remark @below {{contiguity = [128], divisibility = [128], constancy = [1]}}
    %19 = tile.hint %18 contiguity = [128] : tensor<128xi32>
    // expected-remark @below {{contiguity = [1], divisibility = [128], constancy = [1]}}
    %20 = arith.muli %13, %c128_i32 : i32
    // expected-remark @below {{contiguity = [1], divisibility = [128], constancy = [128]}}
    %21 = tile.splat %20 : i32 -> tensor<128xi32>
    // expected-remark @below {{contiguity = [128], divisibility = [128], constancy = [1]}}
    %22 = arith.addi %21, %15 : tensor<128xi32>
    // expected-remark @below {{contiguity = [128], divisibility = [128], constancy = [1]}}
    %23 = tile.hint %22 divisibility = [128] : tensor<128xi32>
    // expected-remark @below {{contiguity = [128], divisibility = [128], constancy = [1]}}
    %24 = tile.hint %23 contiguity = [128] : tensor<128xi32>
    // expected-remark @below {{contiguity = [64], divisibility = [1073741824], constancy = [1]}}
    %25 = tile.make_range 0 to 64 : tensor<64xi32>
    // expected-remark @below {{contiguity = [1], divisibility = [1], constancy = [128]}}
    %26 = tile.splat %arg3 : i32 -> tensor<128xi32>
    // expected-remark @below {{contiguity = [1], divisibility = [1], constancy = [1]}}
    %27 = arith.cmpi slt, %19, %26 : tensor<128xi32>
    // expected-remark @below {{contiguity = [1], divisibility = [1], constancy = [128]}}
    %28 = tile.splat %arg4 : i32 -> tensor<128xi32>
    // expected-remark @below {{contiguity = [1], divisibility = [1], constancy = [1]}}
    %29 = arith.cmpi slt, %24, %28 : tensor<128xi32>
    // expected-remark @below {{contiguity = [128, 1], divisibility = [128, 1], constancy = [1, 1]}}
    %30 = tile.expand_dims %19 {axis = 1 : i32} : tensor<128xi32> -> tensor<128x1xi32>
    // expected-remark @below {{contiguity = [1, 1], divisibility = [16, 16], constancy = [128, 1]}}
    %31 = tile.splat %arg6 : i32 -> tensor<128x1xi32>
    // expected-remark @below {{contiguity = [1, 1], divisibility = [16, 16], constancy = [1, 1]}}
    %32 = arith.muli %30, %31 : tensor<128x1xi32>
    // expected-remark @below {{contiguity = [1, 1], divisibility = [8, 8], constancy = [128, 1]}}
    %33 = tile.splat %arg0 : !tile.ptr<f16> -> tensor<128x1x!tile.ptr<f16>>
    // expected-remark @below {{contiguity = [1, 1], divisibility = [8, 8], constancy = [1, 1]}}
    %34 = tile.addptr %33, %32 : tensor<128x1x!tile.ptr<f16>>, tensor<128x1xi32>
    // expected-remark @below {{contiguity = [1, 64], divisibility = [1, 1073741824], constancy = [1, 1]}}
    %35 = tile.expand_dims %25 {axis = 0 : i32} : tensor<64xi32> -> tensor<1x64xi32>
    // expected-remark @below {{contiguity = [1, 1], divisibility = [8, 8], constancy = [1, 64]}}
    %36 = tile.broadcast %34 : tensor<128x1x!tile.ptr<f16>> -> tensor<128x64x!tile.ptr<f16>>
    // expected-remark @below {{contiguity = [1, 64], divisibility = [1, 1073741824], constancy = [128, 1]}}
    %37 = tile.broadcast %35 : tensor<1x64xi32> -> tensor<128x64xi32>
    // expected-remark @below {{contiguity = [1, 64], divisibility = [1, 8], constancy = [1, 1]}}
    %38 = tile.addptr %36, %37 : tensor<128x64x!tile.ptr<f16>>, tensor<128x64xi32>
    // expected-remark @below {{contiguity = [64, 1], divisibility = [1073741824, 1], constancy = [1, 1]}}
    %39 = tile.expand_dims %25 {axis = 1 : i32} : tensor<64xi32> -> tensor<64x1xi32>
    // expected-remark @below {{contiguity = [1, 1], divisibility = [16, 16], constancy = [64, 1]}}
    %40 = tile.splat %arg8 : i32 -> tensor<64x1xi32>
    // expected-remark @below {{contiguity = [1, 1], divisibility = [16, 16], constancy = [1, 1]}}
    %41 = arith.muli %39, %40 : tensor<64x1xi32>
    // expected-remark @below {{contiguity = [1, 1], divisibility = [8, 8], constancy = [64, 1]}}
    %42 = tile.splat %arg1 : !tile.ptr<f16> -> tensor<64x1x!tile.ptr<f16>>
    // expected-remark @below {{contiguity = [1, 1], divisibility = [8, 8], constancy = [1, 1]}}
    %43 = tile.addptr %42, %41 : tensor<64x1x!tile.ptr<f16>>, tensor<64x1xi32>
    // expected-remark @below {{contiguity = [1, 128], divisibility = [1, 128], constancy = [1, 1]}}
    %44 = tile.expand_dims %24 {axis = 0 : i32} : tensor<128xi32> -> tensor<1x128xi32>
    // expected-remark @below {{contiguity = [1, 1], divisibility = [8, 8], constancy = [1, 128]}}
    %45 = tile.broadcast %43 : tensor<64x1x!tile.ptr<f16>> -> tensor<64x128x!tile.ptr<f16>>
    // expected-remark @below {{contiguity = [1, 128], divisibility = [1, 128], constancy = [64, 1]}}
    %46 = tile.broadcast %44 : tensor<1x128xi32> -> tensor<64x128xi32>
    // expected-remark @below {{contiguity = [1, 128], divisibility = [1, 8], constancy = [1, 1]}}
    %47 = tile.addptr %45, %46 : tensor<64x128x!tile.ptr<f16>>, tensor<64x128xi32>
    // expected-remark @below {{contiguity = [1], divisibility = [1], constancy = [1]}}
    %48 = arith.addi %arg5, %c63_i32 : i32
    // expected-remark @below {{contiguity = [1], divisibility = [1], constancy = [1]}}
    %49 = arith.divsi %48, %c64_i32 : i32
    // expected-remark @below {{result #1: contiguity = [1, 64], divisibility = [1, 8], constancy = [1, 1]}}
    // expected-remark @below {{result #2: contiguity = [1, 128], divisibility = [1, 8], constancy = [1, 1]}}
    %50:3 = scf.for %arg12 = %c0_i32 to %49 step %c1_i32 iter_args(%arg13 = %cst_2, %arg14 = %38, %arg15 = %47) -> (tensor<128x128xf32>, tensor<128x64x!tile.ptr<f16>>, tensor<64x128x!tile.ptr<f16>>)  : i32 {
      // expected-remark @below {{contiguity = [1], divisibility = [64], constancy = [1]}}
      %64 = arith.muli %arg12, %c64_i32 : i32
      // expected-remark @below {{contiguity = [1], divisibility = [1], constancy = [1]}}
      %65 = arith.subi %arg5, %64 : i32
      // expected-remark @below {{contiguity = [1, 1], divisibility = [1, 1], constancy = [1, 1]}}
      %66 = tile.expand_dims %27 {axis = 1 : i32} : tensor<128xi1> -> tensor<128x1xi1>
      // expected-remark @below {{contiguity = [1, 1], divisibility = [1, 1], constancy = [1, 64]}}
      %67 = tile.splat %65 : i32 -> tensor<1x64xi32>
      // expected-remark @below {{contiguity = [1, 1], divisibility = [1, 1], constancy = [1, 1]}}
      %68 = arith.cmpi slt, %35, %67 : tensor<1x64xi32>
      // expected-remark @below {{contiguity = [1, 1], divisibility = [1, 1], constancy = [1, 64]}}
      %69 = tile.broadcast %66 : tensor<128x1xi1> -> tensor<128x64xi1>
      // expected-remark @below {{contiguity = [1, 1], divisibility = [1, 1], constancy = [128, 1]}}
      %70 = tile.broadcast %68 : tensor<1x64xi1> -> tensor<128x64xi1>
      // expected-remark @below {{contiguity = [1, 1], divisibility = [1, 1], constancy = [1, 1]}}
      %71 = arith.andi %69, %70 : tensor<128x64xi1>
      %72 = tile.load %arg14, %71, %cst_1 : tensor<128x64x!tile.ptr<f16>>
      // expected-remark @below {{contiguity = [1, 1], divisibility = [1, 1], constancy = [64, 1]}}
      %73 = tile.splat %65 : i32 -> tensor<64x1xi32>
      // expected-remark @below {{contiguity = [1, 1], divisibility = [1, 1], constancy = [1, 1]}}
      %74 = arith.cmpi slt, %39, %73 : tensor<64x1xi32>
      // expected-remark @below {{contiguity = [1, 1], divisibility = [1, 1], constancy = [1, 1]}}
      %75 = tile.expand_dims %29 {axis = 0 : i32} : tensor<128xi1> -> tensor<1x128xi1>
      // expected-remark @below {{contiguity = [1, 1], divisibility = [1, 1], constancy = [1, 128]}}
      %76 = tile.broadcast %74 : tensor<64x1xi1> -> tensor<64x128xi1>
      // expected-remark @below {{contiguity = [1, 1], divisibility = [1, 1], constancy = [64, 1]}}
      %77 = tile.broadcast %75 : tensor<1x128xi1> -> tensor<64x128xi1>
      // expected-remark @below {{contiguity = [1, 1], divisibility = [1, 1], constancy = [1, 1]}}
      %78 = arith.andi %76, %77 : tensor<64x128xi1>
      %79 = tile.load %arg15, %78, %cst_0 : tensor<64x128x!tile.ptr<f16>>
      %80 = tile.dot %72, %79, %arg13 : tensor<128x64xf16> * tensor<64x128xf16> -> tensor<128x128xf32>
      // expected-remark @below {{contiguity = [1, 64], divisibility = [1, 8], constancy = [1, 1]}}
      %81 = tile.addptr %arg14, %cst : tensor<128x64x!tile.ptr<f16>>, tensor<128x64xi32>
      // expected-remark @below {{contiguity = [1], divisibility = [1024], constancy = [1]}}
      %82 = arith.muli %arg8, %c64_i32 : i32
      // expected-remark @below {{contiguity = [1, 1], divisibility = [1024, 1024], constancy = [64, 128]}}
      %83 = tile.splat %82 : i32 -> tensor<64x128xi32>
      // expected-remark @below {{contiguity = [1, 128], divisibility = [1, 8], constancy = [1, 1]}}
      %84 = tile.addptr %arg15, %83 : tensor<64x128x!tile.ptr<f16>>, tensor<64x128xi32>
      scf.yield %80, %81, %84 : tensor<128x128xf32>, tensor<128x64x!tile.ptr<f16>>, tensor<64x128x!tile.ptr<f16>>
    }
    %51 = arith.truncf %50#0 : tensor<128x128xf32> to tensor<128x128xf16>
    // expected-remark @below {{contiguity = [1, 1], divisibility = [16, 16], constancy = [128, 1]}}
    %52 = tile.splat %arg10 : i32 -> tensor<128x1xi32>
    // expected-remark @below {{contiguity = [1, 1], divisibility = [16, 16], constancy = [1, 1]}}
    %53 = arith.muli %30, %52 : tensor<128x1xi32>
    // expected-remark @below {{contiguity = [1, 1], divisibility = [8, 8], constancy = [128, 1]}}
    %54 = tile.splat %arg2 : !tile.ptr<f16> -> tensor<128x1x!tile.ptr<f16>>
    // expected-remark @below {{contiguity = [1, 1], divisibility = [8, 8], constancy = [1, 1]}}
    %55 = tile.addptr %54, %53 : tensor<128x1x!tile.ptr<f16>>, tensor<128x1xi32>
    // expected-remark @below {{contiguity = [1, 1], divisibility = [8, 8], constancy = [1, 128]}}
    %56 = tile.broadcast %55 : tensor<128x1x!tile.ptr<f16>> -> tensor<128x128x!tile.ptr<f16>>
    // expected-remark @below {{contiguity = [1, 128], divisibility = [1, 128], constancy = [128, 1]}}
    %57 = tile.broadcast %44 : tensor<1x128xi32> -> tensor<128x128xi32>
    // expected-remark @below {{contiguity = [1, 128], divisibility = [1, 8], constancy = [1, 1]}}
    %58 = tile.addptr %56, %57 : tensor<128x128x!tile.ptr<f16>>, tensor<128x128xi32>
    // expected-remark @below {{contiguity = [1, 1], divisibility = [1, 1], constancy = [1, 1]}}
    %59 = tile.expand_dims %27 {axis = 1 : i32} : tensor<128xi1> -> tensor<128x1xi1>
    // expected-remark @below {{contiguity = [1, 1], divisibility = [1, 1], constancy = [1, 1]}}
    %60 = tile.expand_dims %29 {axis = 0 : i32} : tensor<128xi1> -> tensor<1x128xi1>
    // expected-remark @below {{contiguity = [1, 1], divisibility = [1, 1], constancy = [1, 128]}}
    %61 = tile.broadcast %59 : tensor<128x1xi1> -> tensor<128x128xi1>
    // expected-remark @below {{contiguity = [1, 1], divisibility = [1, 1], constancy = [128, 1]}}
    %62 = tile.broadcast %60 : tensor<1x128xi1> -> tensor<128x128xi1>
    // expected-remark @below {{contiguity = [1, 1], divisibility = [1, 1], constancy = [1, 1]}}
    %63 = arith.andi %61, %62 : tensor<128x128xi1>
    tile.store %58, %51, %63 : tensor<128x128x!tile.ptr<f16>>
    return
  }
}
