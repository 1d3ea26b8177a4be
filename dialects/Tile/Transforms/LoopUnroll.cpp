//===- LoopUnroll.cpp - Unroll loops by tl.range's factor -------*- C++ -*-===//
//
// The tile-loop-unroll pass: `tl.range(..., loop_unroll_factor=N)` puts
// `tile.loop_unroll_factor = N` on its scf.for; this pass unrolls each such
// loop N times (MLIR's loopUnrollByFactor, as Triton's triton-loop-unroll
// does), keeping a remainder loop for trip counts that N does not divide,
// and drops the attribute. Factors below 2 leave the loop as it is.
//
//===----------------------------------------------------------------------===//

#include "Tile/Transforms/Passes.h"

#include "Tile/IR/TileLoopAttrs.h"

#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/SCF/Utils/Utils.h"

#define DEBUG_TYPE "tile-loop-unroll"

namespace tilec::tile {
#define GEN_PASS_DEF_TILELOOPUNROLL
#include "Tile/Transforms/Passes.h.inc"
} // namespace tilec::tile

using namespace mlir;
using namespace tilec::tile;

namespace {
struct LoopUnrollPass
    : public tilec::tile::impl::TileLoopUnrollBase<LoopUnrollPass> {
  void runOnOperation() override;
};
} // namespace

void LoopUnrollPass::runOnOperation() {
  SmallVector<scf::ForOp> loops;
  getOperation().walk([&](scf::ForOp forOp) {
    if (getLoopUnrollFactor(forOp))
      loops.push_back(forOp);
  });
  for (scf::ForOp forOp : loops) {
    int32_t factor = *getLoopUnrollFactor(forOp);
    forOp->removeAttr(kLoopUnrollFactorAttrName);
    if (factor < 2)
      continue;
    FailureOr<UnrolledLoopInfo> result = loopUnrollByFactor(forOp, factor);
    if (failed(result))
      continue;
    ++numUnrolled;
    // The remainder loop runs fewer than `factor` iterations: not worth
    // pipelining, as Triton decides.
    if (result->epilogueLoopOp)
      setLoopNumStages(*result->epilogueLoopOp, 1);
  }
}
