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
// A tile broadcast from a vector (attention's `qk - lse[:, None]`, the
// vector loaded or computed before the loop) is recomputed down to the
// vector: the vector itself is then loaded again in the target's slice
// layout (a few cached scalar loads per thread) or, when it comes from
// anything else, converted as a vector, which moves a row instead of the
// whole tile. A vector defined before the loop that uses it is converted
// there, once.
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

#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/Support/Debug.h"

#include <tuple>

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
  /// needed in two layouts, or too many ops). Values of a lower rank than
  /// the converted tile (below an expand_dims) are exempt: see `lowRank`.
  bool collect(Value value, Attribute layout);
  /// Recomputes the slice and returns `value` in its new layout.
  Value clone(Value value);

private:
  /// Ends the slice at `value`, a vector below an expand_dims of the
  /// converted tile, which no cheaper recomputation reaches: a load is
  /// loaded again in `layout`, anything else converted as it is.
  bool collectLowRank(Value value, Attribute layout);
  /// Collects `load` loaded again in `layout`: its pointers, mask and other
  /// value recomputed there.
  bool collectLoad(tile::LoadOp load, Attribute layout);

  unsigned maxOps;
  unsigned numOps = 0;
  /// The rank of the converted tile (of the first value collected).
  int64_t rootRank = -1;
  llvm::DenseMap<Value, Attribute> wanted;
  /// Values converted as they are (the end of the slice).
  llvm::SmallPtrSet<Value, 4> converted;
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
  if (rootRank < 0)
    rootRank = type.getRank();
  auto [it, inserted] = wanted.try_emplace(value, layout);
  if (!inserted)
    return it->second == layout;
  if (type.getEncoding() == layout)
    return true;
  Operation *def = value.getDefiningOp();
  if (!def || def->getNumResults() != 1)
    return type.getRank() < rootRank && collectLowRank(value, layout);
  if (auto cvt = dyn_cast<ConvertLayoutOp>(def)) {
    if (cvt.getSrc().getType() != withLayout(type, layout))
      return type.getRank() < rootRank && collectLowRank(value, layout);
    order.push_back(value);
    return true;
  }
  if (++numOps > maxOps)
    return false;
  // A load of fewer elements than the CTA has threads (a row statistic):
  // every layout replicates it, and loading it again where it is needed is
  // cheaper than a conversion's barriers.
  if (auto load = dyn_cast<tile::LoadOp>(def);
      load && !load.getIsVolatile() &&
      type.getNumElements() < 32 * int64_t(getNumWarps(def)))
    return collectLoad(load, layout);
  if (!isMemoryEffectFree(def))
    return type.getRank() < rootRank && collectLowRank(value, layout);
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
    return type.getRank() < rootRank && collectLowRank(value, layout);
  }
  if (ok)
    order.push_back(value);
  return ok;
}

bool RematSlice::collectLowRank(Value value, Attribute layout) {
  // A non-volatile load in the loop whose result is broadcast: load it again
  // in the target layout, its pointers and mask recomputed there (they are
  // index arithmetic). Each thread then loads the few elements it holds,
  // from L1 after the first warp, instead of meeting the others at two
  // barriers.
  auto load = value.getDefiningOp<tile::LoadOp>();
  if (load && !load.getIsVolatile()) {
    // Tentatively: a pointer slice that cannot be recomputed falls back to
    // converting the loaded vector.
    auto saved = std::make_tuple(numOps, wanted, converted, order);
    if (collectLoad(load, layout))
      return true;
    std::tie(numOps, wanted, converted, order) = std::move(saved);
  }
  converted.insert(value);
  order.push_back(value);
  return true;
}

bool RematSlice::collectLoad(tile::LoadOp load, Attribute layout) {
  for (Value operand : load->getOperands())
    if (!collect(operand, layout))
      return false;
  order.push_back(load.getResult());
  return true;
}

Value RematSlice::clone(Value value) {
  for (Value v : order) {
    Attribute layout = wanted.lookup(v);
    RankedTensorType type = withLayout(v.getType(), layout);
    if (converted.contains(v)) {
      // Converted where it is defined: once, before a loop that uses it (a
      // conversion is converted from its own source).
      Value src = v;
      if (auto cvt = v.getDefiningOp<ConvertLayoutOp>())
        src = cvt.getSrc();
      OpBuilder b(v.getContext());
      if (auto arg = dyn_cast<BlockArgument>(src))
        b.setInsertionPointToStart(arg.getOwner());
      else
        b.setInsertionPointAfter(src.getDefiningOp());
      mapping.map(v, ConvertLayoutOp::create(b, v.getLoc(), type, src));
      continue;
    }
    Operation *def = v.getDefiningOp();
    if (auto cvt = dyn_cast<ConvertLayoutOp>(def)) {
      mapping.map(v, cvt.getSrc());
      continue;
    }
    OpBuilder b(def->getContext());
    b.setInsertionPointAfter(def);
    if (auto cst = dyn_cast<arith::ConstantOp>(def)) {
      auto dense = cast<DenseElementsAttr>(cst.getValue());
      mapping.map(v, arith::ConstantOp::create(b, def->getLoc(), type,
                                               dense.reshape(type)));
      continue;
    }
    Operation *copy = b.clone(*def, mapping);
    copy->getResult(0).setType(type);
    // A load's vector width was proven for its old layout.
    if (isa<tile::LoadOp>(copy))
      copy->removeAttr("tilegpu.vec");
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
