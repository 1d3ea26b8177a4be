//===- ShrinkLoopRegisters.cpp - Fewer live registers in loops --*- C++ -*-===//
//
// The tilegpu-shrink-loop-registers pass (Passes.td has the IR it produces).
// For the loops tilegpu-pipeline could not turn into cp.async rings (loads
// narrower than 4 bytes: fp16 with sizes not divisible by 16), which load
// their operand tiles into registers and store them to shared memory every
// iteration. Loaded in the source's order (A, B, then both stores), both
// tiles' values (one register per 2-byte element) are live at once next to
// the accumulator; stored one after the other, one tile's are. On the
// unaligned 128x256 matmul and bmm on 8 warps that is the difference
// between 72 to 292 bytes of spills and none (sm_90a and sm_80, with the
// other changes of issue 15).
//
//===----------------------------------------------------------------------===//

#include "TileGPU/Transforms/Passes.h"

#include "Analysis/AxisInfo.h"
#include "Tile/IR/TileOps.h"
#include "TileGPU/IR/TileGPUOps.h"

#include "mlir/Dialect/SCF/IR/SCF.h"

namespace tilec::tilegpu {
#define GEN_PASS_DEF_TILEGPUSHRINKLOOPREGISTERS
#include "TileGPU/Transforms/Passes.h.inc"
} // namespace tilec::tilegpu

using namespace mlir;
using namespace tilec;
using namespace tilec::tilegpu;

namespace {
struct ShrinkLoopRegistersPass
    : public tilegpu::impl::TileGPUShrinkLoopRegistersBase<
          ShrinkLoopRegistersPass> {
  using Base::Base;
  void runOnOperation() override;
};
} // namespace

/// Whether `load` moves less than a 32-bit word per instruction (its
/// `tilegpu.vec` elements): the loads cp.async cannot copy, one register
/// per element. Wider loads keep their order, so that the second tile's
/// loads stay in flight while the first one is stored.
static bool isSubWordLoad(tile::LoadOp load) {
  auto vec = load->getAttrOfType<IntegerAttr>("tilegpu.vec");
  auto type = dyn_cast<RankedTensorType>(load.getPtr().getType());
  if (!vec || !type)
    return false;
  unsigned bytes = getPointeeBytes(
      cast<tile::PtrType>(type.getElementType()).getPointeeType());
  return vec.getInt() * bytes < 4;
}

/// Moves each `local_alloc` of a `tile.load` in `loop`'s body to right
/// after the load, so that one loaded tile is in shared memory (its
/// registers free) before the next tile's loads are issued: the barriers
/// around the store keep the code generator from interleaving them again.
static unsigned storeLoadedTilesEarly(scf::ForOp loop) {
  unsigned moved = 0;
  for (Operation &op : llvm::make_early_inc_range(*loop.getBody())) {
    auto alloc = dyn_cast<LocalAllocOp>(op);
    if (!alloc || !alloc.getSrc())
      continue;
    auto load = alloc.getSrc().getDefiningOp<tile::LoadOp>();
    if (!load || load->getBlock() != loop.getBody() || !isSubWordLoad(load))
      continue;
    if (alloc->getPrevNode() == load)
      continue;
    alloc->moveAfter(load);
    ++moved;
  }
  return moved;
}

void ShrinkLoopRegistersPass::runOnOperation() {
  getOperation().walk([&](scf::ForOp loop) {
    numStoredEarly += storeLoadedTilesEarly(loop);
  });
}
