//===- TileCombine.cpp - Tile-level combines --------------------*- C++ -*-===//
//
// The tile-combine pass: local rewrites that merge two ops into one, such as
// folding the accumulator add into tile.dot or the select of a masked load
// into the load's `other` operand. See Passes.td for the full list.
//
//===----------------------------------------------------------------------===//

#include "Tile/Transforms/Passes.h"

#include "Tile/IR/TileOps.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/IR/Matchers.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

#include "llvm/Support/Debug.h"

#define DEBUG_TYPE "tile-combine"

namespace tilec::tile {
#define GEN_PASS_DEF_TILECOMBINE
#include "Tile/Transforms/Passes.h.inc"
} // namespace tilec::tile

using namespace mlir;
using namespace tilec::tile;

namespace {

/// Base of the combine patterns: counts the rewrites it applies into the
/// pass's counter.
template <typename OpTy> struct CountedPattern : public OpRewritePattern<OpTy> {
  CountedPattern(MLIRContext *context, unsigned &numApplied)
      : OpRewritePattern<OpTy>(context), numApplied(numApplied) {}

protected:
  LogicalResult applied() const {
    ++numApplied;
    return success();
  }

private:
  unsigned &numApplied;
};

/// addptr(addptr(p, a), b) -> addptr(p, a + b), for `a` and `b` of the same
/// type.
struct CombineAddPtr : public CountedPattern<AddPtrOp> {
  using CountedPattern::CountedPattern;

  LogicalResult matchAndRewrite(AddPtrOp op,
                                PatternRewriter &rewriter) const override {
    auto inner = op.getPtr().getDefiningOp<AddPtrOp>();
    if (!inner)
      return rewriter.notifyMatchFailure(op, "ptr is not a tile.addptr");
    if (inner.getOffset().getType() != op.getOffset().getType())
      return rewriter.notifyMatchFailure(op, "offset types differ");
    Value sum = arith::AddIOp::create(rewriter, op.getLoc(), inner.getOffset(),
                                      op.getOffset());
    rewriter.replaceOpWithNewOp<AddPtrOp>(op, op.getType(), inner.getPtr(),
                                          sum);
    return applied();
  }
};

/// add(dot(a, b, 0), c) -> dot(a, b, c), with the dot on either side, when
/// `c` has the dot's type and the dot has no other use. A float add only
/// combines when the dot has no imprecise-accumulation limit, since that
/// limit changes how the accumulator is summed.
template <typename AddOpTy>
struct CombineDotAdd : public CountedPattern<AddOpTy> {
  using CountedPattern<AddOpTy>::CountedPattern;

  static constexpr bool isFloat = std::is_same_v<AddOpTy, arith::AddFOp>;

  static bool isZeroAcc(Value acc) {
    if constexpr (isFloat)
      return matchPattern(acc, m_AnyZeroFloat());
    else
      return matchPattern(acc, m_Zero());
  }

  LogicalResult matchAndRewrite(AddOpTy op,
                                PatternRewriter &rewriter) const override {
    for (auto [dotSide, addend] : {std::pair(op.getLhs(), op.getRhs()),
                                   std::pair(op.getRhs(), op.getLhs())}) {
      auto dot = dotSide.template getDefiningOp<DotOp>();
      if (!dot || !dot->hasOneUse() || !isZeroAcc(dot.getC()) ||
          addend.getType() != dot.getType())
        continue;
      if (isFloat && dot.getMaxNumImpreciseAcc() != 0)
        continue;
      rewriter.replaceOpWithNewOp<DotOp>(
          op, dot.getType(), dot.getA(), dot.getB(), addend,
          dot.getInputPrecision(), dot.getMaxNumImpreciseAcc());
      rewriter.eraseOp(dot);
      return this->applied();
    }
    return rewriter.notifyMatchFailure(
        op, "no operand is a single-use tile.dot with a zero accumulator");
  }
};

/// Returns true when `value` is defined before `op` in an enclosing block, so
/// that `op` may use it. Conservative: false for other blocks of a CFG.
static bool isDefinedBefore(Value value, Operation *op) {
  Block *block = value.getParentBlock();
  Operation *ancestor = block->findAncestorOpInBlock(*op);
  if (!ancestor)
    return false;
  if (isa<BlockArgument>(value))
    return true;
  Operation *def = value.getDefiningOp();
  return def != ancestor && def->isBeforeInBlock(ancestor);
}

/// Returns true when no op strictly between `from` and `to`, which are in
/// the same block, may write memory.
static bool noWritesBetween(Operation *from, Operation *to) {
  for (Operation *op = from->getNextNode(); op && op != to;
       op = op->getNextNode()) {
    if (isMemoryEffectFree(op))
      continue;
    auto load = dyn_cast<LoadOp>(op);
    if (!load || load.getIsVolatile())
      return false;
  }
  return true;
}

/// select(mask, load(p, mask), other) -> load(p, mask, other), when the load
/// has no `other` and no other use. The new load takes the old one's place
/// when `other` is available there, or the select's place when no write to
/// memory lies between the two.
struct CombineSelectLoad : public CountedPattern<arith::SelectOp> {
  using CountedPattern::CountedPattern;

  LogicalResult matchAndRewrite(arith::SelectOp op,
                                PatternRewriter &rewriter) const override {
    auto load = op.getTrueValue().getDefiningOp<LoadOp>();
    if (!load || load.getOther() || !load->hasOneUse())
      return rewriter.notifyMatchFailure(
          op, "true value is not a single-use tile.load without other");
    if (!load.getMask() || load.getMask() != op.getCondition())
      return rewriter.notifyMatchFailure(op, "condition is not the load mask");
    Value other = op.getFalseValue();
    if (other.getType() != load.getType())
      return rewriter.notifyMatchFailure(op, "false value type differs");

    if (isDefinedBefore(other, load)) {
      rewriter.setInsertionPoint(load);
    } else if (load->getBlock() == op->getBlock() &&
               noWritesBetween(load, op)) {
      rewriter.setInsertionPoint(op);
    } else {
      return rewriter.notifyMatchFailure(
          op, "other is not available at the load, and memory may be "
              "written between the load and the select");
    }
    auto combined = LoadOp::create(
        rewriter, load.getLoc(), load.getType(), load.getPtr(), load.getMask(),
        other, load.getCache(), load.getEvict(), load.getIsVolatile());
    rewriter.replaceOp(op, combined.getResult());
    rewriter.eraseOp(load);
    return applied();
  }
};

/// broadcast(splat(x)) -> splat(x).
struct CombineBroadcastSplat : public CountedPattern<BroadcastOp> {
  using CountedPattern::CountedPattern;

  LogicalResult matchAndRewrite(BroadcastOp op,
                                PatternRewriter &rewriter) const override {
    auto splat = op.getSrc().getDefiningOp<SplatOp>();
    if (!splat)
      return rewriter.notifyMatchFailure(op, "source is not a tile.splat");
    rewriter.replaceOpWithNewOp<SplatOp>(op, op.getType(), splat.getSrc());
    return applied();
  }
};

struct TileCombinePass
    : public tilec::tile::impl::TileCombineBase<TileCombinePass> {
  void runOnOperation() override;
};

} // namespace

void TileCombinePass::runOnOperation() {
  MLIRContext *context = &getContext();
  unsigned numApplied = 0;
  RewritePatternSet patterns(context);
  patterns.add<CombineAddPtr, CombineDotAdd<arith::AddFOp>,
               CombineDotAdd<arith::AddIOp>, CombineSelectLoad,
               CombineBroadcastSplat>(context, numApplied);
  if (failed(applyPatternsGreedily(getOperation(), std::move(patterns)))) {
    getOperation().emitError("tile-combine did not converge");
    return signalPassFailure();
  }
  numRewrites += numApplied;
  LLVM_DEBUG(llvm::dbgs() << "tile-combine: " << numApplied
                          << " rewrites applied\n");
}
