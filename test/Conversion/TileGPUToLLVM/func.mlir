// RUN: tilec-opt %s -split-input-file -convert-tilegpu-to-llvm | FileCheck %s

module attributes {tilegpu.num_warps = 4 : i32, tilegpu.threads_per_warp = 32 : i32} {
  // CHECK-LABEL: llvm.func @kernel
  // CHECK-SAME: %{{.*}}: !llvm.ptr<1> {llvm.align = 16 : i64}, %{{.*}}: i32
  // CHECK-SAME: nvvm.kernel, nvvm.reqntid = array<i32: 128, 1, 1>
  func.func @kernel(%p: !tile.ptr<f32> {tile.divisibility = 16 : i32}, %n: i32) attributes {tile.kernel} {
    // CHECK: nvvm.read.ptx.sreg.ctaid.y : i32
    %0 = tile.program_id 1 : i32
    // CHECK: nvvm.read.ptx.sreg.nctaid.x : i32
    %1 = tile.num_programs 0 : i32
    // CHECK: llvm.return
    return
  }
}
