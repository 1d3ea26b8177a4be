//===- RemoveLayoutConversions.cpp - Propagate layouts, erase conversions -===//
//
// The tilegpu-remove-layout-conversions pass. A conversion between layouts
// that place elements in different threads costs a round trip through
// shared memory and two barriers, more than the arithmetic of a typical
// memory-bound kernel; most of them can be avoided by computing values in
// the layout they are needed in. Two mechanisms do that:
//
//   - forward propagation (LayoutPropagation.cpp) moves whole computations
//     that start at a load into the load's layout;
//   - backward rematerialization (this file) recomputes, in the target
//     layout, values that are cheap to create anywhere: index arithmetic on
//     make_range and splats, masks, pointer tiles. The copy costs a few
//     integer instructions per element; the conversion it replaces, shared
//     memory traffic and barriers.
//
//===----------------------------------------------------------------------===//

#include "TileGPU/Transforms/Passes.h"

#include "LayoutPropagation.h"

#include "Tile/IR/TileOps.h"
#include "TileGPU/IR/TileGPUOps.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

#include "llvm/Support/Debug.h"

#define DEBUG_TYPE "tilegpu-remove-layout-conversions"

namespace tilec::tilegpu {
#define GEN_PASS_DEF_TILEGPUREMOVELAYOUTCONVERSIONS
#include "TileGPU/Transforms/Passes.h.inc"
} // namespace tilec::tilegpu

using namespace mlir;
using namespace tilec;
using namespace tilec::tilegpu;

namespace {

/// The values a conversion's source is computed from, each with the layout
/// it is needed in, in an order where operands come first.
class RematSlice {
public:
  RematSlice(unsigned maxOps) : maxOps(maxOps) {}

  /// Collects what `value` needs to be recomputed in `layout`; false if
  /// something on the way cannot be (a load, a block argument, a value
  /// needed in two layouts, or too many ops).
  bool collect(Value value, Attribute layout);
  /// Recomputes the slice and returns `value` in its new layout.
  Value clone(Value value);

private:
  unsigned maxOps;
  unsigned numOps = 0;
  llvm::DenseMap<Value, Attribute> wanted;
  SmallVector<Value> order;
  IRMapping mapping;
};

} // namespace

/// `type` with the encoding `layout`.
static RankedTensorType withLayout(Type type, Attribute layout) {
  auto rt = cast<RankedTensorType>(type);
  return RankedTensorType::get(rt.getShape(), rt.getElementType(), layout);
}

bool RematSlice::collect(Value value, Attribute layout) {
  auto type = dyn_cast<RankedTensorType>(value.getType());
  if (!type)
    return true;
  auto [it, inserted] = wanted.try_emplace(value, layout);
  if (!inserted)
    return it->second == layout;
  if (type.getEncoding() == layout)
    return true;
  Operation *def = value.getDefiningOp();
  if (!def || def->getNumResults() != 1)
    return false;
  if (auto cvt = dyn_cast<ConvertLayoutOp>(def)) {
    if (cvt.getSrc().getType() != withLayout(type, layout))
      return false;
    order.push_back(value);
    return true;
  }
  if (++numOps > maxOps || !isMemoryEffectFree(def))
    return false;
  bool ok = true;
  if (isa<tile::MakeRangeOp, tile::SplatOp, arith::ConstantOp>(def)) {
    // Created from scalars: free in any layout.
  } else if (isElementwise(def) || isa<tile::BroadcastOp>(def)) {
    for (Value operand : def->getOperands())
      ok = ok && collect(operand, layout);
  } else if (auto expand = dyn_cast<tile::ExpandDimsOp>(def)) {
    auto parent = dyn_cast<LayoutEncodingTrait>(layout);
    ok = parent && collect(expand.getSrc(),
                           SliceEncodingAttr::get(def->getContext(),
                                                  expand.getAxis(), parent));
  } else {
    return false;
  }
  if (ok)
    order.push_back(value);
  return ok;
}

Value RematSlice::clone(Value value) {
  for (Value v : order) {
    Operation *def = v.getDefiningOp();
    Attribute layout = wanted.lookup(v);
    if (auto cvt = dyn_cast<ConvertLayoutOp>(def)) {
      mapping.map(v, cvt.getSrc());
      continue;
    }
    OpBuilder b(def->getContext());
    b.setInsertionPointAfter(def);
    RankedTensorType type = withLayout(v.getType(), layout);
    if (auto cst = dyn_cast<arith::ConstantOp>(def)) {
      auto dense = cast<DenseElementsAttr>(cst.getValue());
      mapping.map(v, arith::ConstantOp::create(b, def->getLoc(), type,
                                               dense.reshape(type)));
      continue;
    }
    Operation *copy = b.clone(*def, mapping);
    copy->getResult(0).setType(type);
  }
  return mapping.lookupOrDefault(value);
}

namespace {

struct RemoveLayoutConversionsPass
    : public tilegpu::impl::TileGPURemoveLayoutConversionsBase<
          RemoveLayoutConversionsPass> {
  using Base::Base;
  void runOnOperation() override;

private:
  /// Replaces conversions by recomputations where the slice allows; returns
  /// whether anything changed.
  bool rematerialize(func::FuncOp func);
};

} // namespace

bool RemoveLayoutConversionsPass::rematerialize(func::FuncOp func) {
  SmallVector<ConvertLayoutOp> cvts;
  func.walk([&](ConvertLayoutOp op) { cvts.push_back(op); });
  bool changed = false;
  for (ConvertLayoutOp cvt : cvts) {
    RematSlice slice(maxRematerializedOps);
    Attribute target = cvt.getType().getEncoding();
    if (!slice.collect(cvt.getSrc(), target))
      continue;
    Value replacement = slice.clone(cvt.getSrc());
    if (replacement.getType() != cvt.getType())
      continue;
    LLVM_DEBUG(llvm::dbgs() << "rematerialized " << cvt << "\n");
    cvt.getResult().replaceAllUsesWith(replacement);
    cvt.erase();
    ++numRematerialized;
    changed = true;
  }
  return changed;
}

void RemoveLayoutConversionsPass::runOnOperation() {
  ModuleOp module = getOperation();
  for (auto func : module.getOps<func::FuncOp>()) {
    if (func.isExternal())
      continue;
    LayoutPropagation propagation(func);
    propagation.propagate();
    numPropagated += propagation.rewrite();

    // Rematerialize, then fold conversion chains and drop what is dead;
    // each round can expose more (a rematerialized value feeding another
    // conversion), so repeat while anything changes.
    for (unsigned round = 0; round < 8; ++round) {
      bool changed = rematerialize(func);
      GreedyRewriteConfig config;
      bool folded = false;
      if (failed(applyPatternsGreedily(func, FrozenRewritePatternSet(), config,
                                       &folded)))
        return signalPassFailure();
      if (!changed && !folded)
        break;
    }
  }
  module.walk([&](ConvertLayoutOp) { ++numLeft; });
}
