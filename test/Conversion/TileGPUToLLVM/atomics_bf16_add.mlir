// RUN: tilec-opt %s -split-input-file -tilegpu-allocate-shared-memory -convert-tilegpu-to-llvm | FileCheck %s --check-prefix=SM90
// RUN: tilec-opt %s -split-input-file -tilegpu-allocate-shared-memory -convert-tilegpu-to-llvm="compute-capability=80" | FileCheck %s --check-prefix=SM80

// bf16 atomic additions as Triton 3.6 issues them: on sm_90 the inline PTX
// `atom.global.<scope>.<sem>.add.noftz.bf16`, predicated on the mask, like
// every other atomic (Triton's test_atomic_rmw looks for
// `atom.global.gpu.<sem>` in the PTX); sm_80 has no bf16 atom.add, and LLVM's
// atomicrmw fadd under an scf.if on the mask becomes a compare-and-swap loop.
#blocked = #tilegpu.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {tilegpu.num_warps = 4 : i32, tilegpu.threads_per_warp = 32 : i32} {
  // SM90-LABEL: llvm.func @bf16_add
  // SM90: "mov.u16 $0, 0x0;\0A@$3 atom.global.gpu.release.add.noftz.bf16 $0, [ $1 + 0 ], $2;", "=h,l,h,b"
  // SM90-NOT: llvm.atomicrmw
  // SM80-LABEL: llvm.func @bf16_add
  // SM80-NOT: llvm.inline_asm
  // SM80: llvm.cond_br
  // SM80: llvm.atomicrmw fadd %{{.*}}, %{{.*}} syncscope("device") release : !llvm.ptr<1>, bf16
  func.func @bf16_add(%b: !tile.ptr<bf16>, %n: i32) attributes {tile.kernel} {
    %r = tile.make_range 0 to 128 : tensor<128xi32, #blocked>
    %ns = tile.splat %n : i32 -> tensor<128xi32, #blocked>
    %m = arith.cmpi slt, %r, %ns : tensor<128xi32, #blocked>
    %bs = tile.splat %b : !tile.ptr<bf16> -> tensor<128x!tile.ptr<bf16>, #blocked>
    %ba = tile.addptr %bs, %r : tensor<128x!tile.ptr<bf16>, #blocked>, tensor<128xi32, #blocked>
    %bv = arith.constant dense<1.0> : tensor<128xbf16, #blocked>
    %0 = tile.atomic_rmw fadd, release, gpu, %ba, %bv, %m : tensor<128x!tile.ptr<bf16>, #blocked>
    return
  }
}
