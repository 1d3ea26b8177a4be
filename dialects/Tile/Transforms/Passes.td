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

#endif // TILEC_DIALECTS_TILE_TRANSFORMS_PASSES_TD
