//===- LayoutPropagation.cpp - Forward layout propagation -------*- C++ -*-===//
//
// Loads are the anchors of a memory-bound kernel: their layouts were chosen
// for wide, coalesced accesses, and every value computed from a load should
// live in the same layout, or each use would pay a trip through shared
// memory. The propagation follows def-use edges forward from the loads
// through ops that can run in any layout, and backward from each value that
// got a layout into the load-free values it is computed from (splats,
// constants, loop-carried values), then the rewrite applies the result in
// one walk. Values no load reaches keep their layout; conversions of them
// into the load layouts are rematerialized by the pass afterwards
// (RemoveLayoutConversions.cpp).
//
//===----------------------------------------------------------------------===//

#include "LayoutPropagation.h"

#include "Tile/IR/TileOps.h"
#include "TileGPU/IR/TileGPUOps.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/Builders.h"

using namespace mlir;
using namespace tilec;
using namespace tilec::tilegpu;

bool tilec::tilegpu::isElementwise(Operation *op) {
  // map_elementwise's region works on scalars: any layout suits it.
  if (op->getNumRegions() != 0 && !isa<tile::MapElementwiseOp>(op))
    return false;
  if (!isa<arith::ArithDialect, math::MathDialect>(op->getDialect()) &&
      !isa<tile::AddPtrOp, tile::HintOp, tile::FpToFpOp, tile::BitcastOp,
           tile::PtrToIntOp, tile::IntToPtrOp, tile::ExternElementwiseOp,
           tile::InlineAsmElementwiseOp, tile::MapElementwiseOp>(op))
    return false;
  std::optional<ArrayRef<int64_t>> shape;
  auto sameShape = [&](Type t) {
    auto rt = dyn_cast<RankedTensorType>(t);
    if (!rt)
      return true;
    if (!shape)
      shape = rt.getShape();
    return *shape == rt.getShape();
  };
  return llvm::all_of(op->getOperandTypes(), sameShape) &&
         llvm::all_of(op->getResultTypes(), sameShape);
}

/// How many consecutive elements of one dimension each thread holds in
/// consecutive registers, for a tensor like `type` in `layout` (the widest
/// vector access the layout allows, along whichever dimension it runs: a
/// column-major tile's loads run along dim 0): the preference between two
/// layouts that reach one value. Ties keep the first offer, which in the
/// backward phase is what loads and stores ask of their operands.
static int64_t score(RankedTensorType type, Attribute layout) {
  auto t =
      RankedTensorType::get(type.getShape(), type.getElementType(), layout);
  std::optional<LinearLayout> ll = getLinearLayout(t);
  if (!ll)
    return 0;
  int64_t best = 0;
  for (StringRef dim : ll->getOutDimNames())
    best = std::max<int64_t>(best, ll->getNumConsecutiveInOut(kRegister, dim));
  return best;
}

void LayoutPropagation::offer(Value value, Attribute layout) {
  auto type = dyn_cast<RankedTensorType>(value.getType());
  if (!type || !layout || !isa<LayoutEncodingTrait>(layout))
    return;
  // In the backward phase, what follows an anchor keeps the anchor's layout.
  if (derived.contains(value))
    return;
  auto [it, inserted] = layouts.try_emplace(value, layout);
  if (!inserted) {
    if (it->second == layout || score(type, layout) <= score(type, it->second))
      return;
    it->second = layout;
  }
  worklist.push_back(value);
}

void LayoutPropagation::visitUse(OpOperand &use, Attribute layout) {
  Operation *user = use.getOwner();
  unsigned idx = use.getOperandNumber();
  auto offerResults = [&](Attribute l) {
    for (Value r : user->getResults())
      offer(r, l);
  };

  if (isa<ConvertLayoutOp, tile::BroadcastOp>(user))
    return offerResults(layout);
  // The scan lowering reads blocked layouts (the tiling pass gives a scan
  // one); a tensor-core accumulator is converted before the scan.
  if (isa<tile::ScanOp>(user)) {
    if (isa<BlockedEncodingAttr>(layout))
      offerResults(layout);
    return;
  }
  if (auto forOp = dyn_cast<scf::ForOp>(user)) {
    unsigned first = forOp.getNumControlOperands();
    if (idx < first)
      return;
    offer(forOp.getRegionIterArgs()[idx - first], layout);
    offer(forOp.getResult(idx - first), layout);
    return;
  }
  if (isa<scf::YieldOp>(user)) {
    Operation *parent = user->getParentOp();
    if (auto forOp = dyn_cast<scf::ForOp>(parent)) {
      offer(forOp.getRegionIterArgs()[idx], layout);
      offer(forOp.getResult(idx), layout);
    } else if (auto ifOp = dyn_cast<scf::IfOp>(parent)) {
      offer(ifOp.getResult(idx), layout);
    }
    return;
  }
  if (auto reduce = dyn_cast<tile::ReduceOp>(user)) {
    auto parent = dyn_cast<LayoutEncodingTrait>(layout);
    if (parent)
      offerResults(
          SliceEncodingAttr::get(user->getContext(), reduce.getAxis(), parent));
    return;
  }
  if (auto expand = dyn_cast<tile::ExpandDimsOp>(user)) {
    auto slice = dyn_cast<SliceEncodingAttr>(layout);
    if (slice && slice.getDim() == expand.getAxis())
      offerResults(slice.getParent());
    return;
  }
  if (isElementwise(user))
    offerResults(layout);
}

void LayoutPropagation::offerUnanchored(Value value, Attribute layout) {
  // A value computed without loads or dots (from splats, constants, ranges
  // and loop-carried values) costs the same in any layout, so it takes the
  // one its users need; a load keeps the layout it was coalesced to, a dot
  // the one its tensor cores produce, and what follows them theirs (offer()
  // refuses phase 1's values). join, split and cat keep the layouts the
  // tiling pass tied to their operands' (their lowering picks registers).
  if (isa_and_nonnull<tile::JoinOp, tile::SplitOp, tile::CatOp>(
          value.getDefiningOp()))
    return;
  if (value.getDefiningOp<tile::ScanOp>() && !isa<BlockedEncodingAttr>(layout))
    return;
  if (!value.getDefiningOp<tile::LoadOp>() &&
      !value.getDefiningOp<tile::DescriptorLoadOp>() &&
      !value.getDefiningOp<tile::DotOp>() &&
      !value.getDefiningOp<WarpGroupDotOp>())
    offer(value, layout);
}

void LayoutPropagation::offerToOperands(Operation *access, Attribute layout) {
  for (Value operand : access->getOperands()) {
    if (!isa<RankedTensorType>(operand.getType()))
      continue;
    if (auto cvt = operand.getDefiningOp<ConvertLayoutOp>())
      operand = cvt.getSrc();
    offerUnanchored(operand, layout);
  }
}

void LayoutPropagation::visitDef(Value value, Attribute layout) {
  if (auto arg = dyn_cast<BlockArgument>(value)) {
    auto forOp = dyn_cast<scf::ForOp>(arg.getOwner()->getParentOp());
    if (!forOp || arg.getArgNumber() < forOp.getNumInductionVars())
      return;
    unsigned i = arg.getArgNumber() - forOp.getNumInductionVars();
    offerUnanchored(forOp.getInitArgs()[i], layout);
    offerUnanchored(forOp.getYieldedValues()[i], layout);
    offer(forOp.getResult(i), layout);
    return;
  }
  Operation *def = value.getDefiningOp();
  if (auto forOp = dyn_cast<scf::ForOp>(def)) {
    unsigned i = cast<OpResult>(value).getResultNumber();
    offer(forOp.getRegionIterArgs()[i], layout);
    return;
  }
  if (auto ifOp = dyn_cast<scf::IfOp>(def)) {
    unsigned i = cast<OpResult>(value).getResultNumber();
    for (Block *block : {ifOp.thenBlock(), ifOp.elseBlock()})
      if (block)
        offerUnanchored(block->getTerminator()->getOperand(i), layout);
    return;
  }
  if (isElementwise(def) || isa<tile::BroadcastOp>(def)) {
    for (Value operand : def->getOperands())
      offerUnanchored(operand, layout);
    return;
  }
  if (auto expand = dyn_cast<tile::ExpandDimsOp>(def))
    if (auto parent = dyn_cast<LayoutEncodingTrait>(layout))
      offerUnanchored(
          expand.getSrc(),
          SliceEncodingAttr::get(def->getContext(), expand.getAxis(), parent));
}

void LayoutPropagation::propagate() {
  // Phase 1, forward from the anchors: load results (their layouts were
  // chosen for their memory accesses) and dot results (where the tensor
  // cores leave the accumulator, so that a loop carries it there).
  root->walk([&](Operation *op) {
    if (isa<tile::LoadOp, tile::DescriptorLoadOp>(op)) {
      if (auto t = dyn_cast<RankedTensorType>(op->getResult(0).getType()))
        offer(op->getResult(0), t.getEncoding());
    } else if (isa<tile::DotOp, WarpGroupDotOp>(op)) {
      offer(op->getResult(0),
            cast<RankedTensorType>(op->getResult(0).getType()).getEncoding());
    }
  });
  while (!worklist.empty()) {
    Value v = worklist.pop_back_val();
    Attribute layout = layouts.lookup(v);
    for (OpOperand &use : v.getUses())
      visitUse(use, layout);
  }

  // Phase 2, backward into what is computed without anchors: those values
  // take the layout of their users (anchored values, and what loads and
  // stores are given, so that a loop carrying a tile of pointers carries it
  // in the layout of the access). Phase 1's values stay as they are.
  for (auto &[value, layout] : layouts) {
    derived.insert(value);
    worklist.push_back(value);
  }
  root->walk([&](Operation *op) {
    if (!isa<tile::LoadOp, tile::StoreOp>(op))
      return;
    if (auto ptrType = dyn_cast<RankedTensorType>(op->getOperand(0).getType()))
      offerToOperands(op, ptrType.getEncoding());
  });
  while (!worklist.empty()) {
    Value v = worklist.pop_back_val();
    Attribute layout = layouts.lookup(v);
    for (OpOperand &use : v.getUses())
      visitUse(use, layout);
    visitDef(v, layout);
  }
}

/// `type` with the encoding `layout`.
static Type withLayout(Type type, Attribute layout) {
  auto rt = cast<RankedTensorType>(type);
  return RankedTensorType::get(rt.getShape(), rt.getElementType(), layout);
}

Type LayoutPropagation::requiredType(OpOperand &operand) {
  Operation *op = operand.getOwner();
  unsigned idx = operand.getOperandNumber();
  Type type = operand.get().getType();
  if (!isa<RankedTensorType>(type))
    return nullptr;
  auto resultLayout = [&](unsigned i) {
    return cast<RankedTensorType>(op->getResult(i).getType()).getEncoding();
  };

  // A shared tile can be stored from any layout.
  if (isa<ConvertLayoutOp, LocalAllocOp, LocalStoreOp>(op))
    return nullptr;
  if (auto forOp = dyn_cast<scf::ForOp>(op)) {
    unsigned first = forOp.getNumControlOperands();
    return idx < first ? nullptr
                       : forOp.getRegionIterArgs()[idx - first].getType();
  }
  if (isa<scf::YieldOp>(op)) {
    Operation *parent = op->getParentOp();
    if (auto forOp = dyn_cast<scf::ForOp>(parent))
      return forOp.getRegionIterArgs()[idx].getType();
    if (auto whileOp = dyn_cast<scf::WhileOp>(parent))
      return whileOp.getBeforeArguments()[idx].getType();
    return parent->getResult(idx).getType();
  }
  if (auto cond = dyn_cast<scf::ConditionOp>(op)) {
    auto whileOp = cast<scf::WhileOp>(op->getParentOp());
    return idx == 0 ? nullptr : whileOp.getAfterArguments()[idx - 1].getType();
  }
  if (auto whileOp = dyn_cast<scf::WhileOp>(op))
    return whileOp.getBeforeArguments()[idx].getType();
  if (isa<tile::LoadOp, tile::AtomicRMWOp, tile::AtomicCASOp>(op))
    return withLayout(type, resultLayout(0));
  if (auto store = dyn_cast<tile::StoreOp>(op)) {
    if (idx == 0)
      return nullptr;
    return withLayout(
        type, cast<RankedTensorType>(store.getPtr().getType()).getEncoding());
  }
  if (auto reduce = dyn_cast<tile::ReduceOp>(op)) {
    // All operands in the layout whose slice the results have; a reduction
    // to scalars follows its first operand.
    if (auto rt = dyn_cast<RankedTensorType>(op->getResult(0).getType()))
      if (auto s = dyn_cast<SliceEncodingAttr>(rt.getEncoding()))
        return withLayout(type, s.getParent());
    return withLayout(
        type,
        cast<RankedTensorType>(reduce.getSrcs()[0].getType()).getEncoding());
  }
  if (isa<tile::ScanOp, tile::BroadcastOp>(op))
    return withLayout(type, resultLayout(0));
  if (auto expand = dyn_cast<tile::ExpandDimsOp>(op)) {
    auto parent = dyn_cast<LayoutEncodingTrait>(resultLayout(0));
    if (!parent)
      return originalTypes.lookup(operand.get());
    return withLayout(type, SliceEncodingAttr::get(op->getContext(),
                                                   expand.getAxis(), parent));
  }
  if (isElementwise(op)) {
    for (Value r : op->getResults())
      if (isa<RankedTensorType>(r.getType()))
        return withLayout(type,
                          cast<RankedTensorType>(r.getType()).getEncoding());
    return nullptr;
  }
  // A gather's indices sit beside the result elements they pick.
  if (isa<tile::GatherOp>(op) && idx == 1)
    return withLayout(type, resultLayout(0));
  // Anything else (dot, trans, reshape, shared memory) keeps what it had.
  Type original = originalTypes.lookup(operand.get());
  return original ? original : type;
}

unsigned LayoutPropagation::rewrite() {
  // Remember every value's type before any changes, for the ops that keep
  // their operands' layouts.
  root->walk([&](Operation *op) {
    for (Value r : op->getResults())
      originalTypes[r] = r.getType();
    for (Region &region : op->getRegions())
      for (Block &block : region)
        for (BlockArgument arg : block.getArguments())
          originalTypes[arg] = arg.getType();
  });
  unsigned changed = 0;
  for (auto &[value, layout] : layouts) {
    Type type = withLayout(value.getType(), layout);
    if (type == value.getType())
      continue;
    value.setType(type);
    // A constant's value carries its type too.
    if (auto cst = value.getDefiningOp<arith::ConstantOp>())
      if (auto dense = dyn_cast<DenseElementsAttr>(cst.getValue()))
        cst.setValueAttr(dense.reshape(cast<ShapedType>(type)));
    ++changed;
  }
  // A loop's results are its iteration arguments.
  root->walk([&](scf::ForOp forOp) {
    for (auto [res, arg] :
         llvm::zip(forOp.getResults(), forOp.getRegionIterArgs()))
      res.setType(arg.getType());
  });

  OpBuilder b(root->getContext());
  root->walk([&](Operation *op) {
    for (OpOperand &operand : op->getOpOperands()) {
      Type required = requiredType(operand);
      if (!required || required == operand.get().getType())
        continue;
      b.setInsertionPoint(op);
      operand.set(
          ConvertLayoutOp::create(b, op->getLoc(), required, operand.get()));
    }
  });
  return changed;
}
