// RUN: tilec-opt %s -split-input-file -convert-tilegpu-to-llvm | FileCheck %s

// tile.inline_asm_elementwise: one llvm.inline_asm per group of `pack`
// elements of the thread; operands narrower than 32 bits packed into 32-bit
// registers (vectors), results returned register by register (a struct when
// there are several), `has_side_effects` unless pure.

#blocked = #tilegpu.blocked<{sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {tilegpu.num_warps = 4 : i32, tilegpu.threads_per_warp = 32 : i32} {
  // CHECK-LABEL: llvm.func @pack1
  func.func @pack1(%a: i32) attributes {tile.kernel} {
    %x = tile.splat %a : i32 -> tensor<512xi32, #blocked>
    // Four elements per thread, one invocation each.
    // CHECK-COUNT-4: llvm.inline_asm asm_dialect = att "shf.l.wrap.b32 $0, $1, $1, 7;", "=r,r" %{{.*}} : (i32) -> i32
    // CHECK-NOT: llvm.inline_asm
    %y = tile.inline_asm_elementwise "shf.l.wrap.b32 $0, $1, $1, 7;" "=r,r" pure pack = 1 (%x) : (tensor<512xi32, #blocked>) -> tensor<512xi32, #blocked>
    return
  }
}

// -----

#blocked = #tilegpu.blocked<{sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {tilegpu.num_warps = 4 : i32, tilegpu.threads_per_warp = 32 : i32} {
  // Triton's documented example: four i8 in one register, four f32 in four;
  // eight output registers returned as a struct.
  // CHECK-LABEL: llvm.func @pack4_two_results
  func.func @pack4_two_results(%a: i8, %b: f32) attributes {tile.kernel} {
    %x = tile.splat %a : i8 -> tensor<512xi8, #blocked>
    %y = tile.splat %b : f32 -> tensor<512xf32, #blocked>
    // CHECK-COUNT-4: llvm.insertelement %{{.*}}, %{{.*}}[%{{.*}} : i32] : vector<4xi8>
    // CHECK: %[[R:.*]] = llvm.inline_asm asm_dialect = att "{{.*}}", "=r,=r,=r,=r,=r,=r,=r,=r,r,r,r,r,r" %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}} : (vector<4xi8>, f32, f32, f32, f32) -> !llvm.struct<(i32, i32, i32, i32, f32, f32, f32, f32)>
    // CHECK-COUNT-8: llvm.extractvalue %[[R]][{{[0-7]}}]
    // CHECK-NOT: llvm.inline_asm
    %r:2 = tile.inline_asm_elementwise "cvt.u32.u8 $0, $8;" "=r,=r,=r,=r,=r,=r,=r,=r,r,r,r,r,r" pure pack = 4 (%x, %y) : (tensor<512xi8, #blocked>, tensor<512xf32, #blocked>) -> (tensor<512xi32, #blocked>, tensor<512xf32, #blocked>)
    return
  }
}

// -----

#blocked = #tilegpu.blocked<{sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {tilegpu.num_warps = 4 : i32, tilegpu.threads_per_warp = 32 : i32} {
  // Results narrower than 32 bits come back packed too: pack 2 of f16 is one
  // vector<2xf16> register, unpacked with extractelement.
  // CHECK-LABEL: llvm.func @pack2_f16
  func.func @pack2_f16(%a: f16) attributes {tile.kernel} {
    %x = tile.splat %a : f16 -> tensor<512xf16, #blocked>
    // CHECK: %[[R:.*]] = llvm.inline_asm has_side_effects asm_dialect = att "neg.f16x2 $0, $1;", "=r,r" %{{.*}} : (vector<2xf16>) -> vector<2xf16>
    // CHECK: llvm.extractelement %[[R]]
    // CHECK: llvm.extractelement %[[R]]
    // CHECK: llvm.inline_asm has_side_effects
    // CHECK-NOT: llvm.inline_asm
    %y = tile.inline_asm_elementwise "neg.f16x2 $0, $1;" "=r,r" pack = 2 (%x) : (tensor<512xf16, #blocked>) -> tensor<512xf16, #blocked>
    return
  }
}

// -----

#blocked = #tilegpu.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {tilegpu.num_warps = 4 : i32, tilegpu.threads_per_warp = 32 : i32} {
  // One element per thread and pack 2: the group is padded with undef, as
  // in Triton. Scalars run the asm once.
  // CHECK-LABEL: llvm.func @padded_and_scalar
  func.func @padded_and_scalar(%a: i32) attributes {tile.kernel} {
    %x = tile.splat %a : i32 -> tensor<128xi32, #blocked>
    // CHECK: %[[U:.*]] = llvm.mlir.undef : i32
    // CHECK: llvm.inline_asm asm_dialect = att "mov.b32 $0, $2; mov.b32 $1, $3;", "=r,=r,r,r" %{{.*}}, %[[U]] : (i32, i32) -> !llvm.struct<(i32, i32)>
    %y = tile.inline_asm_elementwise "mov.b32 $0, $2; mov.b32 $1, $3;" "=r,=r,r,r" pure pack = 2 (%x) : (tensor<128xi32, #blocked>) -> tensor<128xi32, #blocked>
    // CHECK: llvm.inline_asm asm_dialect = att "add.s32 $0, $1, $2;", "=r,r,r" %{{.*}}, %{{.*}} : (i32, i32) -> i32
    %s = tile.inline_asm_elementwise "add.s32 $0, $1, $2;" "=r,r,r" pure pack = 1 (%a, %a) : (i32, i32) -> i32
    return
  }
}
