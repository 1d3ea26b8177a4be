//===- AxisInfoAnalysis.cpp - The axis analysis over IR ---------*- C++ -*-===//
//
// The axis analysis as an MLIR sparse forward data-flow analysis: the seeds
// (function arguments, constants, make_range, hints), the mapping of each op
// onto its rule in AxisInfoRules.h, constant folding, the induction variables
// of scf.for, and ModuleAxisInfoAnalysis, which runs it and answers queries.
//
// The framework, rather than a hand-written walk, propagates states through
// scf.if, scf.for and scf.while (joining the values that reach each block
// argument and result, to a fixed point around loops) and skips code that the
// dead-code analysis proves unreachable. States start uninitialized and only
// lose precision as values join, so the iteration terminates.
//
//===----------------------------------------------------------------------===//

#include "Analysis/AxisInfo.h"
#include "Analysis/AxisInfoRules.h"

#include "Tile/IR/TileOps.h"
#include "TileGPU/IR/TileGPUOps.h"

#include "mlir/Analysis/DataFlow/ConstantPropagationAnalysis.h"
#include "mlir/Analysis/DataFlow/DeadCodeAnalysis.h"
#include "mlir/Analysis/DataFlow/SparseAnalysis.h"
#include "mlir/Analysis/DataFlowFramework.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/TypeUtilities.h"
#include "mlir/Interfaces/FunctionInterfaces.h"

#include "llvm/ADT/APInt.h"
#include "llvm/ADT/TypeSwitch.h"

#include <algorithm>
#include <numeric>

#define DEBUG_TYPE "tile-axis-info"

using namespace tilec;
using namespace mlir;
namespace ax = tilec::axisinfo;

namespace {

//===----------------------------------------------------------------------===//
// Types
//===----------------------------------------------------------------------===//

/// The shape of a value as the analysis sees it: a tile's shape, or {1} for a
/// scalar (and for a 0-d tensor).
SmallVector<int64_t> shapeOf(Type type) {
  if (auto tensor = dyn_cast<RankedTensorType>(type))
    if (tensor.getRank() > 0)
      return SmallVector<int64_t>(tensor.getShape());
  return {1};
}

unsigned rankOf(Type type) { return shapeOf(type).size(); }

/// The bit width of an integer or index scalar or tile, or 0.
unsigned intWidth(Type type) {
  Type element = getElementTypeOrSelf(type);
  if (element.isIndex())
    return IndexType::kInternalStorageBitWidth;
  if (auto integer = dyn_cast<IntegerType>(element))
    return integer.getWidth();
  return 0;
}

/// The element size of a pointer or pointer tile, or 0.
unsigned ptrElementBytes(Type type) {
  if (auto ptr = dyn_cast<tile::PtrType>(getElementTypeOrSelf(type)))
    return getPointeeBytes(ptr.getPointeeType());
  return 0;
}

//===----------------------------------------------------------------------===//
// Constant folding
//===----------------------------------------------------------------------===//

/// Folds an integer op whose operands are all known constants, in the
/// operands' width. Returns the result sign-extended, or nothing.
std::optional<int64_t> foldInteger(Operation *op,
                                   ArrayRef<const AxisInfo *> operands) {
  if (op->getNumResults() != 1 || operands.empty())
    return std::nullopt;
  unsigned resultWidth = intWidth(op->getResult(0).getType());
  if (resultWidth == 0 || resultWidth > 64)
    return std::nullopt;
  SmallVector<APInt> args;
  for (auto [value, info] : llvm::zip(op->getOperands(), operands)) {
    std::optional<int64_t> constant = info->getConstantValue();
    unsigned width = intWidth(value.getType());
    if (!constant || width == 0 || width > 64)
      return std::nullopt;
    args.push_back(APInt(width, static_cast<uint64_t>(*constant),
                         /*isSigned=*/true, /*implicitTrunc=*/true));
  }
  auto binary = [&](auto fn) -> std::optional<APInt> {
    if (args.size() != 2)
      return std::nullopt;
    return fn(args[0], args[1]);
  };
  auto nonZero = [&] { return args.size() == 2 && !args[1].isZero(); };
  std::optional<APInt> result =
      llvm::TypeSwitch<Operation *, std::optional<APInt>>(op)
          .Case([&](arith::AddIOp) {
            return binary([](auto a, auto b) { return a + b; });
          })
          .Case([&](arith::SubIOp) {
            return binary([](auto a, auto b) { return a - b; });
          })
          .Case([&](arith::MulIOp) {
            return binary([](auto a, auto b) { return a * b; });
          })
          .Case([&](arith::DivSIOp) -> std::optional<APInt> {
            if (!nonZero() ||
                (args[0].isMinSignedValue() && args[1].isAllOnes()))
              return std::nullopt;
            return args[0].sdiv(args[1]);
          })
          .Case([&](arith::DivUIOp) -> std::optional<APInt> {
            if (!nonZero())
              return std::nullopt;
            return args[0].udiv(args[1]);
          })
          .Case([&](arith::RemSIOp) -> std::optional<APInt> {
            if (!nonZero())
              return std::nullopt;
            return args[0].srem(args[1]);
          })
          .Case([&](arith::RemUIOp) -> std::optional<APInt> {
            if (!nonZero())
              return std::nullopt;
            return args[0].urem(args[1]);
          })
          .Case([&](arith::AndIOp) {
            return binary([](auto a, auto b) { return a & b; });
          })
          .Case([&](arith::OrIOp) {
            return binary([](auto a, auto b) { return a | b; });
          })
          .Case([&](arith::XOrIOp) {
            return binary([](auto a, auto b) { return a ^ b; });
          })
          .Case<arith::ShLIOp, arith::ShRSIOp, arith::ShRUIOp>(
              [&](Operation *shift) -> std::optional<APInt> {
                if (args.size() != 2 || args[1].uge(args[0].getBitWidth()))
                  return std::nullopt;
                unsigned amount = args[1].getZExtValue();
                if (isa<arith::ShLIOp>(shift))
                  return args[0].shl(amount);
                if (isa<arith::ShRSIOp>(shift))
                  return args[0].ashr(amount);
                return args[0].lshr(amount);
              })
          .Case([&](arith::MinSIOp) {
            return binary(
                [](auto a, auto b) { return llvm::APIntOps::smin(a, b); });
          })
          .Case([&](arith::MaxSIOp) {
            return binary(
                [](auto a, auto b) { return llvm::APIntOps::smax(a, b); });
          })
          .Case([&](arith::MinUIOp) {
            return binary(
                [](auto a, auto b) { return llvm::APIntOps::umin(a, b); });
          })
          .Case([&](arith::MaxUIOp) {
            return binary(
                [](auto a, auto b) { return llvm::APIntOps::umax(a, b); });
          })
          .Case([&](arith::CmpIOp cmp) -> std::optional<APInt> {
            if (args.size() != 2)
              return std::nullopt;
            return APInt(1, arith::applyCmpPredicate(cmp.getPredicate(),
                                                     args[0], args[1]));
          })
          .Case<arith::ExtSIOp, arith::IndexCastOp>(
              [&](Operation *) { return args[0].sextOrTrunc(resultWidth); })
          .Case<arith::ExtUIOp, arith::IndexCastUIOp>(
              [&](Operation *) { return args[0].zextOrTrunc(resultWidth); })
          .Case([&](arith::TruncIOp) { return args[0].trunc(resultWidth); })
          .Default([](Operation *) { return std::nullopt; });
  if (!result || result->getBitWidth() != resultWidth)
    return std::nullopt;
  return result->getSExtValue();
}

//===----------------------------------------------------------------------===//
// Seeds
//===----------------------------------------------------------------------===//

/// arith.constant: an integer, a splat, or a dense tile analyzed exactly.
AxisInfo constantInfo(arith::ConstantOp op) {
  Type type = op.getType();
  SmallVector<int64_t> shape = shapeOf(type);
  if (auto integer = dyn_cast<IntegerAttr>(op.getValue()))
    return AxisInfo::getConstant(shape, integer.getValue().getSExtValue());
  if (auto dense = dyn_cast<DenseIntElementsAttr>(op.getValue())) {
    if (intWidth(dense.getElementType()) > 64)
      return AxisInfo::getPessimistic(shape.size());
    if (dense.isSplat())
      return AxisInfo::getConstant(shape,
                                   dense.getSplatValue<APInt>().getSExtValue());
    SmallVector<int64_t> values;
    for (const APInt &v : dense.getValues<APInt>())
      values.push_back(v.getSExtValue());
    return ax::fromValues(shape, values);
  }
  // A splat of anything else (a float) is at least one value everywhere.
  if (isa<SplatElementsAttr>(op.getValue()))
    return AxisInfo(AxisInfo::DimVector(shape.size(), 1),
                    AxisInfo::DimVector(shape.size(), 1),
                    AxisInfo::DimVector(shape.begin(), shape.end()));
  return AxisInfo::getPessimistic(shape.size());
}

/// A kernel argument: `tile.equal_to_1` makes it the constant 1, and
/// `tile.divisibility` (bytes, for a pointer) seeds its divisibility.
AxisInfo argumentInfo(FunctionOpInterface fn, BlockArgument arg) {
  Type type = arg.getType();
  unsigned index = arg.getArgNumber();
  bool scalar = isa<IntegerType, IndexType, tile::PtrType>(type);
  if (!scalar)
    return AxisInfo::getPessimistic(rankOf(type));
  if (fn.getArgAttr(index, "tile.equal_to_1") && isa<IntegerType>(type))
    return AxisInfo::getConstant({1}, 1);
  int64_t divisibility = 1;
  if (auto attr = fn.getArgAttrOfType<IntegerAttr>(index, "tile.divisibility"))
    if (attr.getInt() > 0)
      divisibility = highestPowerOf2Divisor(attr.getInt());
  if (unsigned bytes = ptrElementBytes(type))
    divisibility = std::max<int64_t>(1, divisibility / bytes);
  return AxisInfo({1}, {divisibility}, {1});
}

//===----------------------------------------------------------------------===//
// The data-flow analysis
//===----------------------------------------------------------------------===//

class AxisInfoLattice : public dataflow::Lattice<AxisInfo> {
public:
  MLIR_DEFINE_EXPLICIT_INTERNAL_INLINE_TYPE_ID(AxisInfoLattice)
  using Lattice::Lattice;
};

class AxisInfoAnalysis
    : public dataflow::SparseForwardDataFlowAnalysis<AxisInfoLattice> {
public:
  using SparseForwardDataFlowAnalysis::SparseForwardDataFlowAnalysis;

  LogicalResult visitOperation(Operation *op,
                               ArrayRef<const AxisInfoLattice *> operands,
                               ArrayRef<AxisInfoLattice *> results) override;

  void visitNonControlFlowArguments(Operation *op,
                                    const RegionSuccessor &successor,
                                    ArrayRef<AxisInfoLattice *> argLattices,
                                    unsigned firstIndex) override;

  void setToEntryState(AxisInfoLattice *lattice) override;

private:
  void update(AxisInfoLattice *lattice, const AxisInfo &info) {
    propagateIfChanged(lattice, lattice->join(info));
  }
};

/// The rule for `op`'s only result, or an uninitialized state where there is
/// none (the caller then claims nothing).
AxisInfo transfer(Operation *op, ArrayRef<const AxisInfo *> in) {
  Type resultType = op->getResult(0).getType();
  SmallVector<int64_t> shape = shapeOf(resultType);
  unsigned rank = shape.size();
  // Binary rules need operands of the result's rank.
  auto sameRank = [&] {
    return llvm::all_of(
        in, [&](const AxisInfo *i) { return i->getRank() == rank; });
  };
  auto binary = [&](auto rule) -> AxisInfo {
    if (in.size() != 2 || !sameRank())
      return AxisInfo();
    return rule(*in[0], *in[1]);
  };
  return llvm::TypeSwitch<Operation *, AxisInfo>(op)
      .Case([&](arith::ConstantOp c) { return constantInfo(c); })
      .Case([&](tile::MakeRangeOp r) {
        return ax::makeRange(r.getStartAttr().getInt(),
                             r.getEndAttr().getInt());
      })
      .Case<tile::ProgramIdOp, tile::NumProgramsOp>(
          [&](Operation *) { return AxisInfo::getPessimistic(1); })
      .Case([&](tile::SplatOp) { return ax::splat(*in[0], shape); })
      .Case([&](tile::BroadcastOp b) -> AxisInfo {
        SmallVector<int64_t> srcShape = shapeOf(b.getSrc().getType());
        if (srcShape.size() != rank || in[0]->getRank() != rank)
          return AxisInfo();
        return ax::broadcast(*in[0], srcShape, shape);
      })
      .Case([&](tile::ExpandDimsOp e) -> AxisInfo {
        if (e.getAxis() > in[0]->getRank() || in[0]->getRank() + 1 != rank)
          return AxisInfo();
        return ax::expandDims(*in[0], e.getAxis());
      })
      .Case([&](tile::TransOp t) { return ax::trans(*in[0], t.getOrder()); })
      .Case([&](tile::ReshapeOp r) -> AxisInfo {
        SmallVector<int64_t> srcShape = shapeOf(r.getSrc().getType());
        if (srcShape.size() != in[0]->getRank())
          return AxisInfo();
        return ax::reshape(*in[0], srcShape, shape, r.getAllowReorder());
      })
      .Case([&](tile::HintOp h) {
        ArrayRef<int64_t> none;
        return ax::hint(*in[0], shape, h.getDivisibility().value_or(none),
                        h.getContiguity().value_or(none),
                        h.getConstancy().value_or(none));
      })
      .Case<tile::AddPtrOp, arith::AddIOp>(
          [&](Operation *) { return binary(ax::add); })
      .Case([&](arith::SubIOp) { return binary(ax::sub); })
      .Case([&](arith::MulIOp) { return binary(ax::mul); })
      .Case<arith::DivSIOp, arith::DivUIOp>(
          [&](Operation *) { return binary(ax::div); })
      .Case<arith::RemSIOp, arith::RemUIOp>(
          [&](Operation *) { return binary(ax::rem); })
      .Case([&](arith::AndIOp) { return binary(ax::bitAnd); })
      .Case([&](arith::OrIOp) {
        return binary([](const AxisInfo &a, const AxisInfo &b) {
          return ax::bitOrXor(a, b, /*isXor=*/false);
        });
      })
      .Case([&](arith::XOrIOp) {
        return binary([](const AxisInfo &a, const AxisInfo &b) {
          return ax::bitOrXor(a, b, /*isXor=*/true);
        });
      })
      .Case([&](arith::ShLIOp) { return binary(ax::shiftLeft); })
      .Case<arith::ShRSIOp, arith::ShRUIOp>(
          [&](Operation *) { return binary(ax::shiftRight); })
      .Case<arith::MinSIOp, arith::MaxSIOp, arith::MinUIOp, arith::MaxUIOp>(
          [&](Operation *) { return binary(ax::minMax); })
      .Case([&](arith::CmpIOp c) {
        ax::CmpKind kind = ax::CmpKind::Equality;
        switch (c.getPredicate()) {
        case arith::CmpIPredicate::slt:
        case arith::CmpIPredicate::ult:
        case arith::CmpIPredicate::sge:
        case arith::CmpIPredicate::uge:
          kind = ax::CmpKind::LessThan;
          break;
        case arith::CmpIPredicate::sgt:
        case arith::CmpIPredicate::ugt:
        case arith::CmpIPredicate::sle:
        case arith::CmpIPredicate::ule:
          kind = ax::CmpKind::GreaterThan;
          break;
        default:
          break;
        }
        return binary([&](const AxisInfo &a, const AxisInfo &b) {
          return ax::cmp(kind, a, b);
        });
      })
      .Case([&](arith::SelectOp) -> AxisInfo {
        if (in[1]->getRank() != rank || in[2]->getRank() != rank)
          return AxisInfo();
        // A scalar condition chooses the whole tile.
        AxisInfo cond = *in[0];
        if (!isa<ShapedType>(op->getOperand(0).getType()) &&
            isa<ShapedType>(resultType))
          cond = ax::splat(cond, shape);
        if (cond.getRank() != rank)
          return AxisInfo();
        return ax::select(cond, *in[1], *in[2]);
      })
      .Case<arith::ExtSIOp, arith::ExtUIOp, arith::IndexCastOp,
            arith::IndexCastUIOp>([&](Operation *) {
        // Values are kept (arithmetic is assumed not to wrap).
        return *in[0];
      })
      .Case([&](arith::TruncIOp) {
        return ax::trunc(*in[0], intWidth(resultType));
      })
      .Case([&](tile::PtrToIntOp p) {
        return ax::rescale(*in[0], ptrElementBytes(p.getSrc().getType()), 1);
      })
      .Case([&](tile::IntToPtrOp) {
        return ax::rescale(*in[0], 1, ptrElementBytes(resultType));
      })
      .Case([&](tile::BitcastOp b) -> AxisInfo {
        Type srcType = b.getSrc().getType();
        unsigned srcBytes = ptrElementBytes(srcType);
        unsigned dstBytes = ptrElementBytes(resultType);
        if (srcBytes && dstBytes)
          return ax::rescale(*in[0], srcBytes, dstBytes);
        if (intWidth(srcType) && intWidth(resultType))
          return *in[0];
        return ax::elementwise(in);
      })
      .Case([&](tile::LoadOp l) -> AxisInfo {
        if (!sameRank())
          return AxisInfo();
        const AxisInfo *mask = l.getMask() ? in[1] : nullptr;
        const AxisInfo *other = l.getOther() ? in.back() : nullptr;
        return ax::load(*in[0], mask, other);
      })
      .Case([&](tilegpu::ConvertLayoutOp) { return *in[0]; })
      .Default([&](Operation *other) -> AxisInfo {
        // Equal operands give equal results under any elementwise op.
        if (other->hasTrait<OpTrait::Elementwise>() && !in.empty() &&
            sameRank())
          return ax::elementwise(in);
        return AxisInfo();
      });
}

LogicalResult
AxisInfoAnalysis::visitOperation(Operation *op,
                                 ArrayRef<const AxisInfoLattice *> operands,
                                 ArrayRef<AxisInfoLattice *> results) {
  if (results.empty())
    return success();
  // Wait for every operand: an uninitialized one has not been reached yet,
  // and deciding now would lose what it will bring.
  SmallVector<const AxisInfo *> in;
  for (const AxisInfoLattice *operand : operands) {
    if (!operand->getValue().isInitialized())
      return success();
    in.push_back(&operand->getValue());
  }
  if (results.size() != 1) {
    for (AxisInfoLattice *result : results)
      update(result,
             AxisInfo::getPessimistic(rankOf(result->getAnchor().getType())));
    return success();
  }
  Type type = op->getResult(0).getType();
  SmallVector<int64_t> shape = shapeOf(type);
  AxisInfo info;
  if (std::optional<int64_t> folded = foldInteger(op, in))
    info = AxisInfo::getConstant(shape, *folded);
  else
    info = transfer(op, in);
  if (!info.isInitialized() || info.getRank() != shape.size())
    info = AxisInfo::getPessimistic(shape.size());
  update(results[0], info);
  return success();
}

void AxisInfoAnalysis::visitNonControlFlowArguments(
    Operation *op, const RegionSuccessor &successor,
    ArrayRef<AxisInfoLattice *> argLattices, unsigned firstIndex) {
  auto forOp = dyn_cast<scf::ForOp>(op);
  if (!forOp || successor.getSuccessor() != &forOp.getRegion()) {
    SparseForwardDataFlowAnalysis::visitNonControlFlowArguments(
        op, successor, argLattices, firstIndex);
    return;
  }
  // Arguments that control flow does not set, other than the induction
  // variable (argument 0), get the entry state.
  unsigned numInputs = successor.getSuccessorInputs().size();
  for (auto [i, lattice] : llvm::enumerate(argLattices))
    if (i != 0 && (i < firstIndex || i >= firstIndex + numInputs))
      setToEntryState(lattice);
  // The induction variable lb + i * step: divisible by what divides both.
  ProgramPoint *point = getProgramPointBefore(forOp.getBody());
  const AxisInfoLattice *lb =
      getLatticeElementFor(point, forOp.getLowerBound());
  const AxisInfoLattice *step = getLatticeElementFor(point, forOp.getStep());
  if (!lb->getValue().isInitialized() || !step->getValue().isInitialized())
    return;
  int64_t divisibility = std::min(ax::elementDivisibility(lb->getValue()),
                                  ax::elementDivisibility(step->getValue()));
  update(argLattices[0], AxisInfo({1}, {divisibility}, {1}));
}

void AxisInfoAnalysis::setToEntryState(AxisInfoLattice *lattice) {
  Value value = lattice->getAnchor();
  AxisInfo info = AxisInfo::getPessimistic(rankOf(value.getType()));
  if (auto arg = dyn_cast<BlockArgument>(value)) {
    Block *block = arg.getOwner();
    if (block->isEntryBlock())
      if (auto fn = dyn_cast<FunctionOpInterface>(block->getParentOp()))
        info = argumentInfo(fn, arg);
  }
  update(lattice, info);
}

} // namespace

//===----------------------------------------------------------------------===//
// ModuleAxisInfoAnalysis
//===----------------------------------------------------------------------===//

ModuleAxisInfoAnalysis::ModuleAxisInfoAnalysis(ModuleOp module) {
  DataFlowSolver solver;
  solver.load<dataflow::DeadCodeAnalysis>();
  solver.load<dataflow::SparseConstantPropagation>();
  solver.load<AxisInfoAnalysis>();
  if (failed(solver.initializeAndRun(module)))
    return;
  auto record = [&](Value value) {
    const auto *state = solver.lookupState<AxisInfoLattice>(value);
    if (state && state->getValue().isInitialized())
      infos.try_emplace(value, state->getValue());
  };
  module.walk([&](Operation *op) {
    for (Value result : op->getResults())
      record(result);
    for (Region &region : op->getRegions())
      for (Block &block : region)
        for (BlockArgument arg : block.getArguments())
          record(arg);
  });
}

const AxisInfo *ModuleAxisInfoAnalysis::getAxisInfo(Value value) const {
  auto it = infos.find(value);
  return it == infos.end() ? nullptr : &it->second;
}

int64_t ModuleAxisInfoAnalysis::getContiguity(Value value, unsigned dim) const {
  const AxisInfo *info = getAxisInfo(value);
  return info && dim < info->getRank() ? info->getContiguity(dim) : 1;
}

int64_t ModuleAxisInfoAnalysis::getDivisibility(Value value,
                                                unsigned dim) const {
  const AxisInfo *info = getAxisInfo(value);
  return info && dim < info->getRank() ? info->getDivisibility(dim) : 1;
}

int64_t ModuleAxisInfoAnalysis::getConstancy(Value value, unsigned dim) const {
  const AxisInfo *info = getAxisInfo(value);
  return info && dim < info->getRank() ? info->getConstancy(dim) : 1;
}

SmallVector<unsigned> ModuleAxisInfoAnalysis::getOrder(Value value) const {
  const AxisInfo *info = getAxisInfo(value);
  unsigned rank = info ? info->getRank() : rankOf(value.getType());
  SmallVector<unsigned> order;
  for (unsigned d = rank; d > 0; --d)
    order.push_back(d - 1);
  if (info)
    llvm::stable_sort(order, [&](unsigned a, unsigned b) {
      return info->getContiguity(a) > info->getContiguity(b);
    });
  return order;
}

unsigned ModuleAxisInfoAnalysis::getContiguity(Value ptr) const {
  return getContiguity(ptr, getOrder(ptr).front());
}

unsigned ModuleAxisInfoAnalysis::getPtrDivisibility(Value ptr) const {
  return getDivisibility(ptr, getOrder(ptr).front());
}

unsigned ModuleAxisInfoAnalysis::getPtrAlignment(Value ptr) const {
  unsigned dim = getOrder(ptr).front();
  return std::min(getContiguity(ptr, dim), getDivisibility(ptr, dim));
}

unsigned ModuleAxisInfoAnalysis::getMaskAlignment(Value mask) const {
  return getConstancy(mask, getOrder(mask).front());
}
