// REQUIRES: tilec-ptx
// RUN: tilec --emit=ptx %s --arch=sm_90a | FileCheck %s
// RUN: tilec --emit=ptx %s --arch=sm_80 | FileCheck %s --check-prefix=SM80
// RUN: not tilec --emit=ptx %s --arch=sm_75 2>&1 | FileCheck %s --check-prefix=BADARCH
// RUN: tilec --emit=ptx %s --arch=sm_90a > %t.ptx
// RUN: %if ptxas %{ %ptxas --gpu-name=sm_90a %t.ptx -o %t.cubin %}

// A vector add in MLIR's LLVM dialect, 4 floats per thread with 128-bit
// loads and stores: the back end alone, from LLVM dialect to PTX.

// CHECK: .version 8.0
// CHECK: .target sm_90a
// CHECK-LABEL: .visible .entry add(
// CHECK: .reqntid 128, 1, 1
// CHECK-DAG: %tid.x
// CHECK-DAG: %ctaid.x
// CHECK-DAG: %ntid.x
// LLVM 22's NVPTX prints vector memory operations untyped (.b32).
// CHECK-COUNT-2: ld.global.v4.b32
// CHECK-COUNT-4: add.f32
// CHECK: st.global.v4.b32
// CHECK: ret;

// SM80: .version 7.0
// SM80: .target sm_80
// SM80-LABEL: .visible .entry add(
// SM80-COUNT-2: ld.global.v4.b32
// SM80: st.global.v4.b32

// BADARCH: unsupported GPU architecture 'sm_75', expected one of sm_80, sm_86, sm_89, sm_90, sm_90a

llvm.func @add(%a: !llvm.ptr<1>, %b: !llvm.ptr<1>, %n: i32)
    attributes {nvvm.kernel, nvvm.reqntid = array<i32: 128, 1, 1>} {
  %tid = nvvm.read.ptx.sreg.tid.x : i32
  %ctaid = nvvm.read.ptx.sreg.ctaid.x : i32
  %ntid = nvvm.read.ptx.sreg.ntid.x : i32
  %c4 = llvm.mlir.constant(4 : i32) : i32
  %base = llvm.mul %ctaid, %ntid : i32
  %thread = llvm.add %base, %tid : i32
  %i = llvm.mul %thread, %c4 : i32
  %end = llvm.add %i, %c4 : i32
  %inBounds = llvm.icmp "sle" %end, %n : i32
  llvm.cond_br %inBounds, ^body, ^exit
^body:
  %pa = llvm.getelementptr %a[%i] : (!llvm.ptr<1>, i32) -> !llvm.ptr<1>, f32
  %pb = llvm.getelementptr %b[%i] : (!llvm.ptr<1>, i32) -> !llvm.ptr<1>, f32
  %va = llvm.load %pa {alignment = 16 : i64} : !llvm.ptr<1> -> vector<4xf32>
  %vb = llvm.load %pb {alignment = 16 : i64} : !llvm.ptr<1> -> vector<4xf32>
  %sum = llvm.fadd %va, %vb : vector<4xf32>
  llvm.store %sum, %pa {alignment = 16 : i64} : vector<4xf32>, !llvm.ptr<1>
  llvm.br ^exit
^exit:
  llvm.return
}
