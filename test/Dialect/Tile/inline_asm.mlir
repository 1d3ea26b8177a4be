// RUN: tilec-opt %s -split-input-file | tilec-opt -split-input-file | FileCheck %s
// RUN: tilec-opt %s -split-input-file -cse -canonicalize | FileCheck %s --check-prefix=CSE

// tile.inline_asm_elementwise: round trip of its forms (one or several
// results, pack, scalars), and what `pure` allows: pure asm is CSE'd and
// removed when unused, impure asm is kept.

// CHECK-LABEL: func @forms
// CHECK: tile.inline_asm_elementwise "shf.l.wrap.b32 $0, $1, $1, 7;" "=r,r" pure pack = 1 (%{{.*}}) : (tensor<64xi32>) -> tensor<64xi32>
// CHECK: tile.inline_asm_elementwise "{{.*}}" "=r,=r,=r,=r,=r,=r,=r,=r,r,r,r,r,r" pure pack = 4 (%{{.*}}, %{{.*}}) : (tensor<64xi8>, tensor<64xf32>) -> (tensor<64xi32>, tensor<64xf32>)
// CHECK: tile.inline_asm_elementwise "mov.b32 $0, $1;" "=r,r" pack = 1 (%{{.*}}) : (i32) -> i32
func.func @forms(%a: tensor<64xi32>, %b: tensor<64xi8>, %c: tensor<64xf32>, %s: i32) {
  %0 = tile.inline_asm_elementwise "shf.l.wrap.b32 $0, $1, $1, 7;" "=r,r" pure pack = 1 (%a) : (tensor<64xi32>) -> tensor<64xi32>
  %1:2 = tile.inline_asm_elementwise "cvt.u32.u8 $0, $8;" "=r,=r,=r,=r,=r,=r,=r,=r,r,r,r,r,r" pure pack = 4 (%b, %c) : (tensor<64xi8>, tensor<64xf32>) -> (tensor<64xi32>, tensor<64xf32>)
  %2 = tile.inline_asm_elementwise "mov.b32 $0, $1;" "=r,r" pack = 1 (%s) : (i32) -> i32
  return
}

// -----

// CSE-LABEL: func @purity
// CSE-SAME: (%[[A:.*]]: tensor<64xi32>)
// CSE-NEXT: %[[P:.*]] = tile.inline_asm_elementwise "add.s32 $0, $1, 1;" "=r,r" pure pack = 1 (%[[A]])
// CSE-NEXT: tile.inline_asm_elementwise "st.global.b32 [0], $1;" "=r,r" pack = 1 (%[[A]])
// CSE-NEXT: tile.inline_asm_elementwise "st.global.b32 [0], $1;" "=r,r" pack = 1 (%[[A]])
// CSE-NEXT: return %[[P]], %[[P]]
func.func @purity(%a: tensor<64xi32>) -> (tensor<64xi32>, tensor<64xi32>) {
  %0 = tile.inline_asm_elementwise "add.s32 $0, $1, 1;" "=r,r" pure pack = 1 (%a) : (tensor<64xi32>) -> tensor<64xi32>
  %1 = tile.inline_asm_elementwise "add.s32 $0, $1, 1;" "=r,r" pure pack = 1 (%a) : (tensor<64xi32>) -> tensor<64xi32>
  // Unused: removed when pure, kept when not.
  %2 = tile.inline_asm_elementwise "add.s32 $0, $1, 2;" "=r,r" pure pack = 1 (%a) : (tensor<64xi32>) -> tensor<64xi32>
  %3 = tile.inline_asm_elementwise "st.global.b32 [0], $1;" "=r,r" pack = 1 (%a) : (tensor<64xi32>) -> tensor<64xi32>
  %4 = tile.inline_asm_elementwise "st.global.b32 [0], $1;" "=r,r" pack = 1 (%a) : (tensor<64xi32>) -> tensor<64xi32>
  return %0, %1 : tensor<64xi32>, tensor<64xi32>
}
