// RUN: tilec-opt %s -split-input-file -convert-tilegpu-to-llvm | FileCheck %s

#blocked = #tilegpu.blocked<{sizePerThread = [2], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {tilegpu.num_warps = 4 : i32, tilegpu.threads_per_warp = 32 : i32} {
  // CHECK-LABEL: llvm.func @barrier_assume
  // CHECK: nvvm.barrier0
  // CHECK-COUNT-2: llvm.intr.assume %{{.*}} : i1
  func.func @barrier_assume(%n: i32) attributes {tile.kernel} {
    tile.debug_barrier
    %r = tile.make_range 0 to 256 : tensor<256xi32, #blocked>
    %ns = tile.splat %n : i32 -> tensor<256xi32, #blocked>
    %c = arith.cmpi slt, %r, %ns : tensor<256xi32, #blocked>
    tile.assume %c : tensor<256xi1, #blocked>
    return
  }
}

// -----

// Grid dependency control is side-effecting inline PTX with a memory
// clobber, so no load or store moves across it.
module attributes {tilegpu.num_warps = 4 : i32, tilegpu.threads_per_warp = 32 : i32} {
  // CHECK-LABEL: llvm.func @griddepcontrol
  // CHECK: llvm.inline_asm has_side_effects asm_dialect = att "griddepcontrol.wait;", "~{memory}"  : () -> ()
  // CHECK: llvm.inline_asm has_side_effects asm_dialect = att "griddepcontrol.launch_dependents;", "~{memory}"  : () -> ()
  func.func @griddepcontrol() attributes {tile.kernel} {
    tile.griddepcontrol wait
    tile.griddepcontrol launch_dependents
    return
  }
}

// -----

// One vprintf per element a thread holds, with Triton's format: the program
// id, the index padded to the digits of the dimension, the prefix, the
// value (floats as doubles).
#blocked = #tilegpu.blocked<{sizePerThread = [2], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {tilegpu.num_warps = 4 : i32, tilegpu.threads_per_warp = 32 : i32} {
  // CHECK-DAG: llvm.mlir.global internal constant @printfFormat_0("pid (%u, %u, %u) x: \0A\00")
  // CHECK-DAG: llvm.mlir.global internal constant @printfFormat_1("pid (%u, %u, %u) idx (%3u) v: %f\0A\00")
  // CHECK-DAG: llvm.mlir.global internal constant @printfFormat_2("pid (%u, %u, %u) idx ()(operand 0) 0x%08x\0A\00")
  // CHECK-DAG: llvm.mlir.global internal constant @printfFormat_3("pid (%u, %u, %u) idx ()(operand 1) 0x%016llx\0A\00")
  // CHECK-DAG: llvm.func @vprintf(!llvm.ptr, !llvm.ptr) -> i32
  // CHECK-LABEL: llvm.func @print
  // CHECK: llvm.call @vprintf
  // CHECK: llvm.fpext %{{.*}} : f32 to f64
  // CHECK: llvm.call @vprintf
  // CHECK: llvm.fpext %{{.*}} : f32 to f64
  // CHECK: llvm.call @vprintf
  // CHECK: llvm.call @vprintf
  // CHECK: llvm.call @vprintf
  func.func @print(%n: i32, %w: i64) attributes {tile.kernel} {
    tile.print " x: " {hex = false, is_signed = array<i32>}
    %v = arith.constant dense<1.5> : tensor<256xf32, #blocked>
    tile.print " v: "(%v : tensor<256xf32, #blocked>) {hex = false, is_signed = array<i32: 0>}
    tile.print ""(%n, %w : i32, i64) {hex = true, is_signed = array<i32: 1, 1>}
    return
  }
}

// -----

// A thread whose element fails calls __assertfail with the message, the
// file and line of the op, and "unknown" for the function, then all wait.
#blocked = #tilegpu.blocked<{sizePerThread = [2], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {tilegpu.num_warps = 4 : i32, tilegpu.threads_per_warp = 32 : i32} {
  // CHECK-DAG: llvm.mlir.global internal constant @assertMessage_0("x is small\00")
  // CHECK-DAG: llvm.mlir.global internal constant @assertFile_0("k.py\00")
  // CHECK-DAG: llvm.mlir.global internal constant @assertFunc_0("unknown\00")
  // CHECK-DAG: llvm.func @__assertfail(!llvm.ptr, !llvm.ptr, i32, !llvm.ptr, i64) attributes {passthrough = ["noreturn"]}
  // CHECK-LABEL: llvm.func @assert
  // CHECK: %[[F0:.*]] = llvm.icmp "eq" %{{.*}}, %{{.*}} : i1
  // CHECK: %[[F1:.*]] = llvm.icmp "eq" %{{.*}}, %{{.*}} : i1
  // CHECK: %[[ANY:.*]] = llvm.or %[[F0]], %[[F1]]
  // CHECK: llvm.cond_br %[[ANY]]
  // CHECK: %[[LINE:.*]] = llvm.mlir.constant(7 : i32) : i32
  // CHECK: llvm.call @__assertfail(%{{.*}}, %{{.*}}, %[[LINE]], %{{.*}}, %{{.*}})
  // CHECK: nvvm.barrier0
  func.func @assert(%n: i32) attributes {tile.kernel} {
    %r = tile.make_range 0 to 256 : tensor<256xi32, #blocked>
    %ns = tile.splat %n : i32 -> tensor<256xi32, #blocked>
    %c = arith.cmpi slt, %r, %ns : tensor<256xi32, #blocked>
    tile.assert %c, "x is small" : tensor<256xi1, #blocked> loc("k.py":7:5)
    return
  }
}
