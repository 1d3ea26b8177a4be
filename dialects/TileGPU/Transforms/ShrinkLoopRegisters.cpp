//===- ShrinkLoopRegisters.cpp - Fewer live registers in loops --*- C++ -*-===//
//
// The tilegpu-shrink-loop-registers pass (Passes.td has the IR it produces).
// For the loops tilegpu-pipeline could not turn into cp.async rings (loads
// narrower than 4 bytes), which load their operand tiles into registers
// and store them to shared memory every iteration.
//
// A matmul's K loop advances its operand pointer tiles by one splat step
// per iteration. Carried as they are, those tiles cost one 64-bit pointer
// per element per thread across the whole loop: with 2-byte loads (sizes
// not divisible by 16) a 128x64 fp16 tile on 8 warps is 32 elements, so
// 64 registers per operand, and the loop spills. Every element of such a
// tile is the same scalar pointer plus offsets that do not change in the
// loop, so the loop can carry the scalar and rebuild the tile where it is
// used; LLVM then keeps the offsets (32-bit, shared by the elements of a
// row or a column) live instead of the pointers. And each loaded tile is
// stored to shared memory before the next tile's loads, so that only one
// operand's values are in registers at a time.
//
//===----------------------------------------------------------------------===//

#include "TileGPU/Transforms/Passes.h"

#include "Tile/IR/TileOps.h"
#include "TileGPU/IR/TileGPUOps.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/Matchers.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/IRMapping.h"

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

/// A pointer tile built from one scalar pointer: the `splat` of `root`,
/// then `ops` (addptr, broadcast, expand_dims, convert_layout), innermost
/// first, each taking the previous one's result as its pointer operand.
struct PointerTree {
  Value root;
  tile::SplatOp splat;
  SmallVector<Operation *> ops;
};
} // namespace

/// The tree `ptr` is built by, or nothing when it is not one scalar pointer
/// plus offsets (a load's result, a select, a block argument).
static std::optional<PointerTree> matchPointerTree(Value ptr) {
  PointerTree tree;
  Value v = ptr;
  while (true) {
    Operation *def = v.getDefiningOp();
    if (!def)
      return std::nullopt;
    if (auto splat = dyn_cast<tile::SplatOp>(def)) {
      if (!isa<tile::PtrType>(splat.getOperand().getType()))
        return std::nullopt;
      tree.root = splat.getOperand();
      tree.splat = splat;
      break;
    }
    if (auto add = dyn_cast<tile::AddPtrOp>(def)) {
      tree.ops.push_back(def);
      v = add.getPtr();
      continue;
    }
    if (isa<tile::BroadcastOp, tile::ExpandDimsOp, ConvertLayoutOp>(def)) {
      tree.ops.push_back(def);
      v = def->getOperand(0);
      continue;
    }
    return std::nullopt;
  }
  std::reverse(tree.ops.begin(), tree.ops.end());
  return tree;
}

/// Builds `tree` again at `b`'s insertion point from the scalar `root`.
static Value rebuild(OpBuilder &b, const PointerTree &tree, Value root) {
  IRMapping map;
  map.map(tree.root, root);
  Operation *last = b.clone(*tree.splat, map);
  for (Operation *op : tree.ops)
    last = b.clone(*op, map);
  return last->getResult(0);
}

/// Makes `v` available before `loop`: moves its pure, region-free
/// definition (and theirs, recursively) out of the loop. False when some
/// operand depends on the iteration.
static bool hoistOutOf(scf::ForOp loop, Value v, unsigned depth = 0) {
  if (loop.isDefinedOutsideOfLoop(v))
    return true;
  Operation *def = v.getDefiningOp();
  if (!def || depth > 8 || !isPure(def) || def->getNumRegions() ||
      def->getNumResults() != 1)
    return false;
  for (Value operand : def->getOperands())
    if (!hoistOutOf(loop, operand, depth + 1))
      return false;
  def->moveBefore(loop);
  return true;
}

/// The scalar step of the iteration argument `arg` of `loop` when the loop
/// only loads and stores through it and yields `arg + splat(step)` with
/// `step` invariant in the loop (hoisted before it if need be); null
/// otherwise.
static Value matchStep(scf::ForOp loop, BlockArgument arg, Value yielded) {
  auto add = yielded.getDefiningOp<tile::AddPtrOp>();
  if (!add || add.getPtr() != arg || !add->hasOneUse())
    return {};
  for (OpOperand &use : arg.getUses()) {
    Operation *user = use.getOwner();
    if (user == add)
      continue;
    if (auto load = dyn_cast<tile::LoadOp>(user);
        load && load.getPtr() == arg)
      continue;
    if (auto store = dyn_cast<tile::StoreOp>(user);
        store && store.getPtr() == arg)
      continue;
    return {};
  }
  // A constant step was folded into a splat constant: its scalar.
  DenseIntElementsAttr dense;
  if (matchPattern(add.getOffset(), m_Constant(&dense)) && dense.isSplat()) {
    OpBuilder b(loop);
    return arith::ConstantOp::create(b, add.getLoc(),
                                     dense.getSplatValue<IntegerAttr>());
  }
  auto splat = add.getOffset().getDefiningOp<tile::SplatOp>();
  if (!splat || !hoistOutOf(loop, splat.getOperand()))
    return {};
  return splat.getOperand();
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
    if (!load || load->getBlock() != loop.getBody())
      continue;
    if (alloc->getPrevNode() == load)
      continue;
    alloc->moveAfter(load);
    ++moved;
  }
  return moved;
}

void ShrinkLoopRegistersPass::runOnOperation() {
  SmallVector<scf::ForOp> loops;
  getOperation().walk([&](scf::ForOp loop) { loops.push_back(loop); });
  for (scf::ForOp loop : loops)
    numStoredEarly += storeLoadedTilesEarly(loop);

  for (scf::ForOp loop : loops) {
    auto yield = cast<scf::YieldOp>(loop.getBody()->getTerminator());
    struct Candidate {
      unsigned index;
      PointerTree tree;
      Value step;
    };
    SmallVector<Candidate> candidates;
    for (auto [i, arg] : llvm::enumerate(loop.getRegionIterArgs())) {
      auto type = dyn_cast<RankedTensorType>(arg.getType());
      if (!type || !isa<tile::PtrType>(type.getElementType()))
        continue;
      Value step = matchStep(loop, arg, yield.getOperand(i));
      if (!step)
        continue;
      std::optional<PointerTree> tree =
          matchPointerTree(loop.getInitArgs()[i]);
      if (!tree)
        continue;
      candidates.push_back({unsigned(i), *tree, step});
    }
    if (candidates.empty())
      continue;

    // One more iteration argument per candidate: the scalar base, stepped
    // by the scalar step. The tile's own argument is left yielding itself,
    // which canonicalization folds away.
    IRRewriter rewriter(loop.getContext());
    SmallVector<Value> roots;
    for (const Candidate &c : candidates)
      roots.push_back(c.tree.root);
    auto newLoop = cast<scf::ForOp>(*loop.replaceWithAdditionalYields(
        rewriter, roots, /*replaceInitOperandUsesInLoop=*/false,
        [&](OpBuilder &b, Location loc, ArrayRef<BlockArgument> bases) {
          SmallVector<Value> next;
          for (auto [c, base] : llvm::zip(candidates, bases))
            next.push_back(tile::AddPtrOp::create(b, loc, base.getType(),
                                                  base, c.step));
          return next;
        }));

    unsigned numOld = newLoop.getNumResults() - candidates.size();
    auto newYield = cast<scf::YieldOp>(newLoop.getBody()->getTerminator());
    for (auto [k, c] : llvm::enumerate(candidates)) {
      BlockArgument arg = newLoop.getRegionIterArgs()[c.index];
      BlockArgument base = newLoop.getRegionIterArgs()[numOld + k];
      Value oldNext = newYield.getOperand(c.index);

      // Inside: the tile rebuilt from this iteration's base, at the top of
      // the body (LLVM hoists what does not depend on the base).
      OpBuilder b = OpBuilder::atBlockBegin(newLoop.getBody());
      Value inside = rebuild(b, c.tree, base);
      arg.replaceUsesWithIf(inside, [&](OpOperand &use) {
        return use.getOwner() != oldNext.getDefiningOp();
      });
      newYield.setOperand(c.index, arg);
      if (oldNext.use_empty())
        oldNext.getDefiningOp()->erase();

      // After: the final tile from the final base, for whoever reads it.
      Value result = newLoop.getResult(c.index);
      if (!result.use_empty()) {
        b.setInsertionPointAfter(newLoop);
        Value after = rebuild(b, c.tree, newLoop.getResult(numOld + k));
        result.replaceAllUsesWith(after);
      }
      ++numRebased;
    }
  }
}
