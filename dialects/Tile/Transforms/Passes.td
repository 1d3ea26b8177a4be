//===- Passes.td - Tile dialect passes ---------------------*- tablegen -*-===//
//
// Declares the passes that rewrite the tile dialect. Each has a summary, a
// description with input and output IR, its dependent dialects and its
// statistics; Passes.h.inc is generated from this file.
//
//===----------------------------------------------------------------------===//

#ifndef TILEC_DIALECTS_TILE_TRANSFORMS_PASSES_TD
#define TILEC_DIALECTS_TILE_TRANSFORMS_PASSES_TD

include "mlir/Pass/PassBase.td"

def TileCombine : Pass<"tile-combine", "mlir::ModuleOp"> {
  let summary = "Combine tile operations into fewer, larger ones";
  let description = [{
    Applies local rewrites that canonicalization does not, because each one
    merges two ops into one that does more:

    * `addptr(addptr(p, a), b)` becomes `addptr(p, a + b)` when `a` and `b`
      have the same type;
    * `arith.addf`/`arith.addi` of `dot(a, b, 0)` and `c` becomes
      `dot(a, b, c)` when `c` has the dot's type and the dot no other use
      (for floats, only when `maxNumImpreciseAcc` is 0);
    * `arith.select(mask, load(p, mask), other)` becomes
      `load(p, mask, other)` when the load has no `other` and no other use;
    * `broadcast(splat(x))` becomes `splat(x)`.

    For example,

    ```mlir
    %q = tile.addptr %p, %a : tensor<128x!tile.ptr<f32>>, tensor<128xi32>
    %r = tile.addptr %q, %b : tensor<128x!tile.ptr<f32>>, tensor<128xi32>
    %v = tile.load %r, %m : tensor<128x!tile.ptr<f32>>
    %w = arith.select %m, %v, %zero : tensor<128xi1>, tensor<128xf32>
    ```

    becomes

    ```mlir
    %s = arith.addi %a, %b : tensor<128xi32>
    %r = tile.addptr %p, %s : tensor<128x!tile.ptr<f32>>, tensor<128xi32>
    %w = tile.load %r, %m, %zero : tensor<128x!tile.ptr<f32>>
    ```
  }];
  let dependentDialects = [
    "::mlir::arith::ArithDialect",
    "::tilec::tile::TileDialect",
  ];
  let statistics = [
    Statistic<"numRewrites", "num-rewrites", "Number of combines applied">,
  ];
}

def TileCheckTargetLegality
    : Pass<"tile-check-target-legality", "mlir::ModuleOp"> {
  let summary = "Refuse, at their source line, ops the back end cannot lower";
  let description = [{
    Runs first, on the `tile` IR the frontend emits, before any pass has
    rewritten it: every op whose operand types, attributes or target the
    lowering to LLVM has no way down for is refused with an error at the
    op's location that names the Triton function and what is missing, and
    the pass fails. Without it such ops travel through the tilegpu pipeline
    and fail there or in the conversion to LLVM, after layouts were
    assigned. The rules mirror the lowering's own guards:

    * `tile.dot`: fp16/bf16 operands with an fp32 accumulator, fp16 with
      fp16, fp32 (tf32, tf32x3 or ieee) with fp32, int8 with int32, on 2-D
      operands, in whole m16n8kK tiles (K a multiple of 32 for int8). fp8
      operands and 3-D (batched) dots are refused;
    * `tile.descriptor_load`/`descriptor_store`: the target must have TMA;
    * `tile.fp_to_fp`: between fp16, bf16, fp32 and fp64 (no fp8), two
      16-bit types through fp32, round-toward-zero only from fp32 to fp16
      or bf16.

    Target-independent rules (atomic element types, shapes) are the ops'
    verifiers'. The target facts are options, which tilec fills from its
    table of architectures (tilec::GpuArch, tilec/Target.h).

    ```mlir
    %d = tile.dot %a, %b, %c : tensor<64x32xf8E5M2> * tensor<32x64xf8E5M2>
           -> tensor<64x64xf32>
    ```

    gives `error: 'tl.dot' of fp8e5 operands into fp32 is not lowered by
    tilec's back end`.
  }];
  let dependentDialects = ["::tilec::tile::TileDialect"];
  let options = [
    Option<"computeCapability", "compute-capability", "unsigned",
           /*default=*/"90",
           "The target's compute capability times ten (GpuArch::smVersion)">,
    Option<"hasTMA", "tma", "bool", /*default=*/"true",
           "Whether the target has TMA (GpuArch::hasTMA)">,
  ];
  let statistics = [
    Statistic<"numRefused", "num-refused", "Number of ops refused">,
  ];
}

def TileLoopUnroll : Pass<"tile-loop-unroll", "mlir::ModuleOp"> {
  let summary = "Unroll loops by their tile.loop_unroll_factor";
  let description = [{
    `tl.range(lo, hi, step, loop_unroll_factor=N)` becomes an `scf.for`
    carrying `tile.loop_unroll_factor = N`. This pass unrolls each such loop
    N times with MLIR's `loopUnrollByFactor`, as Triton's loop unroller
    does: the body is repeated N times per iteration of a loop whose step is
    N times larger, and when N does not divide the trip count (or the count
    is not known), a remainder loop runs the rest, marked
    `tile.num_stages = 1` so that it is not pipelined. The attribute is
    removed; a factor below 2 leaves the loop alone.

    ```mlir
    %r = scf.for %i = %c0 to %n step %c1 iter_args(%a = %z) -> (f32) {
      %s = arith.addf %a, %x : f32
      scf.yield %s : f32
    } {tile.loop_unroll_factor = 2 : i32}
    ```

    becomes a loop of step 2 whose body adds `%x` twice, followed by a
    remainder loop for an odd `%n`.
  }];
  let dependentDialects = [
    "::mlir::arith::ArithDialect",
    "::mlir::scf::SCFDialect",
  ];
  let statistics = [
    Statistic<"numUnrolled", "num-unrolled", "Number of loops unrolled">,
  ];
}

#endif // TILEC_DIALECTS_TILE_TRANSFORMS_PASSES_TD
