//===- Passes.td - tilegpu dialect passes ------------------*- tablegen -*-===//
//
// The passes that choose and clean up layouts once every tile has one:
// coalescing of global memory accesses and the removal of the layout
// conversions that choices leave behind.
//
//===----------------------------------------------------------------------===//

#ifndef TILEC_DIALECTS_TILEGPU_TRANSFORMS_PASSES_TD
#define TILEC_DIALECTS_TILEGPU_TRANSFORMS_PASSES_TD

include "mlir/Pass/PassBase.td"

def TileGPUCoalesce : Pass<"tilegpu-coalesce", "mlir::ModuleOp"> {
  let summary = "Give each global load and store a layout with wide, "
                "coalesced accesses";
  let description = [{
    Runs the axis analysis (contiguity, divisibility and constancy of every
    integer and pointer tile) and, for each `tile.load` and `tile.store` of a
    tile of pointers, chooses the blocked layout in which each thread owns
    `vec` consecutive elements along the pointer's most contiguous dimension
    and consecutive lanes own consecutive vectors, so that a warp touches
    consecutive addresses:

      vec = min(contiguity, divisibility of the run starts, constancy of the
                mask along that dimension, max-bytes / element size,
                elements / threads)

    The access gets that layout (its operands and result are converted with
    `tilegpu.convert_layout`, which `tilegpu-remove-layout-conversions`
    then removes) and the attribute `tilegpu.vec = vec`, the number of
    elements the lowering may move with one vector instruction.

    ```mlir
    // %p: tensor<1024x!tile.ptr<f32>>, contiguity 1024, divisibility 4
    %x = tile.load %p, %m : tensor<1024xf32, #blocked1>
    // becomes
    %p2 = tilegpu.convert_layout %p : ... #blocked1> -> ... #blocked4>
    %m2 = tilegpu.convert_layout %m : ... #blocked1> -> ... #blocked4>
    %x2 = tile.load %p2, %m2 {tilegpu.vec = 4} : tensor<1024xf32, #blocked4>
    %x = tilegpu.convert_layout %x2 : ... #blocked4> -> ... #blocked1>
    // #blocked4 = #tilegpu.blocked<{sizePerThread = [4], threadsPerWarp = [32],
    //                               warpsPerCTA = [4], order = [0]}>
    ```
  }];
  let dependentDialects = ["::tilec::tilegpu::TileGPUDialect"];
  let options = [
    Option<"maxBytesPerAccess", "max-bytes", "unsigned", /*default=*/"16",
           "Largest access one thread makes with one instruction, in bytes">,
  ];
  let statistics = [
    Statistic<"numVectorized", "num-vectorized",
              "accesses given a vector width above one">,
    Statistic<"numRelaidOut", "num-relaid-out",
              "accesses given a new layout">,
  ];
}

def TileGPURemoveLayoutConversions
    : Pass<"tilegpu-remove-layout-conversions", "mlir::ModuleOp"> {
  let summary = "Propagate the layouts of loads and erase conversions";
  let description = [{
    Layout propagation in three steps, per kernel:

    1. Forward propagation: the layout of every `tile.load` result (an
       anchor, chosen by `tilegpu-coalesce`) flows to its users: through
       elementwise ops, conversions, broadcasts, loop-carried values and
       `scf.if` results; a reduction's results get the slice of its
       operand's layout, an `expand_dims` of a slice gives back the parent.
       Backward, a value that got a layout offers it to the load-free values
       it is computed from (splats, constants, loop-carried values), which
       cost the same in any layout. Where two layouts reach one value, the
       one with more consecutive elements per thread wins.
    2. Rewrite: every value takes the layout it was given; an operand whose
       layout differs from what its user needs is converted.
    3. Backward rematerialization: a conversion of a value computed only from
       values that cost nothing to create in any layout (`make_range`,
       splats, constants, or conversions from the target layout) through
       pure ops is replaced by a copy of that computation in the target
       layout.

    Conversions that cancel are then folded away.

    ```mlir
    %o = arith.addi %s, %r : tensor<1024xi32, #blocked1>
    %p = tile.addptr %base, %o : ...
    %p4 = tilegpu.convert_layout %p : ... #blocked1> -> ... #blocked4>
    // becomes: make_range, splat, addi and addptr recomputed in #blocked4
    ```
  }];
  let dependentDialects = ["::tilec::tilegpu::TileGPUDialect"];
  let options = [
    Option<"maxRematerializedOps", "max-remat-ops", "unsigned",
           /*default=*/"64",
           "Largest computation copied to avoid one conversion">,
  ];
  let statistics = [
    Statistic<"numPropagated", "num-propagated",
              "values that took a propagated layout">,
    Statistic<"numRematerialized", "num-rematerialized",
              "conversions replaced by a recomputation">,
    Statistic<"numLeft", "num-left", "conversions left">,
  ];
}

#endif // TILEC_DIALECTS_TILEGPU_TRANSFORMS_PASSES_TD
