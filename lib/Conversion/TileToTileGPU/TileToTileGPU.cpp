//===- TileToTileGPU.cpp - Give every tile a layout -------------*- C++ -*-===//
//
// The tiling pass (convert-tile-to-tilegpu): a single forward walk over each
// kernel that assigns a tilegpu layout encoding to every tensor-typed value,
// deriving it from the operands where an op preserves layouts and using the
// default blocked layout where a value is created from nothing. Operands whose
// layout differs from what the op needs are converted with
// tilegpu.convert_layout. The walk follows the structured control flow, so
// loop-carried values keep the layout they enter with.
//
//===----------------------------------------------------------------------===//

#include "Conversion/Passes.h"

#include "Tile/IR/TileOps.h"
#include "TileGPU/IR/TileGPUOps.h"
#include "tilec/Limits.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/Builders.h"

#define DEBUG_TYPE "convert-tile-to-tilegpu"

namespace tilec {
#define GEN_PASS_DEF_CONVERTTILETOTILEGPU
#include "Conversion/Passes.h.inc"
} // namespace tilec

using namespace tilec;
using namespace tilec::tilegpu;
using mlir::failure;
using mlir::LogicalResult;
using mlir::success;

namespace {

/// Assigns layouts over one kernel.
class Tiler {
public:
  Tiler(mlir::MLIRContext *ctx, unsigned numWarps, unsigned threadsPerWarp)
      : ctx(ctx), b(ctx), numWarps(numWarps),
        threadsPerWarp(threadsPerWarp) {}

  LogicalResult runOnRegion(mlir::Region &region);
  unsigned numConversions = 0;

private:
  LogicalResult runOnOp(mlir::Operation *op);
  LogicalResult runOnFor(mlir::scf::ForOp op);
  LogicalResult runOnIf(mlir::scf::IfOp op);
  LogicalResult runOnWhile(mlir::scf::WhileOp op);

  static mlir::RankedTensorType tensorType(mlir::Value v) {
    return llvm::dyn_cast<mlir::RankedTensorType>(v.getType());
  }
  mlir::Attribute defaultLayout(llvm::ArrayRef<int64_t> shape) {
    return BlockedEncodingAttr::getDefault(ctx, shape, numWarps,
                                           threadsPerWarp);
  }
  static mlir::RankedTensorType withLayout(mlir::RankedTensorType t,
                                           mlir::Attribute layout) {
    return mlir::RankedTensorType::get(t.getShape(), t.getElementType(),
                                       layout);
  }
  /// `layout` with a new last dimension of 2 held in each thread's
  /// registers, the fastest-varying one (the layout of a tile.join).
  BlockedEncodingAttr joinLayout(BlockedEncodingAttr layout) {
    auto append = [](llvm::ArrayRef<unsigned> v, unsigned x) {
      llvm::SmallVector<unsigned> out(v);
      out.push_back(x);
      return out;
    };
    llvm::SmallVector<unsigned> order{unsigned(layout.getOrder().size())};
    llvm::append_range(order, layout.getOrder());
    return BlockedEncodingAttr::get(ctx, append(layout.getSizePerThread(), 2),
                                    append(layout.getThreadsPerWarp(), 1),
                                    append(layout.getWarpsPerCTA(), 1), order);
  }
  /// The layout of a tile.cat of two `operand`s in `layout`: `layout` itself
  /// when it holds twice the registers over twice the elements, else with
  /// twice the elements per thread (Triton's choice), so that the result's
  /// registers are the operands' one after the other.
  BlockedEncodingAttr catLayout(BlockedEncodingAttr layout,
                                mlir::RankedTensorType operand) {
    auto regs = [&](BlockedEncodingAttr l, int64_t n) -> int64_t {
      std::optional<LinearLayout> ll = getLinearLayout(
          mlir::RankedTensorType::get({n}, operand.getElementType(), l));
      return ll && ll->hasInDim(kRegister) ? ll->getInDimSize(kRegister) : 1;
    };
    int64_t n = operand.getDimSize(0);
    if (regs(layout, 2 * n) == 2 * regs(layout, n))
      return layout;
    return BlockedEncodingAttr::get(ctx, {layout.getSizePerThread()[0] * 2},
                                    layout.getThreadsPerWarp(),
                                    layout.getWarpsPerCTA(), layout.getOrder());
  }
  /// Gives operand `idx` of `op` the layout `layout`, converting if needed.
  void requireLayout(mlir::Operation *op, unsigned idx,
                     mlir::Attribute layout);
  void setLayout(mlir::Value v, mlir::Attribute layout);
  /// The layout of the first tensor operand of `op`, or null.
  mlir::Attribute firstOperandLayout(mlir::Operation *op);

  mlir::MLIRContext *ctx;
  mlir::OpBuilder b;
  unsigned numWarps;
  unsigned threadsPerWarp;
};

} // namespace

void Tiler::requireLayout(mlir::Operation *op, unsigned idx,
                          mlir::Attribute layout) {
  mlir::Value v = op->getOperand(idx);
  mlir::RankedTensorType t = tensorType(v);
  if (!t || !layout || t.getEncoding() == layout)
    return;
  b.setInsertionPoint(op);
  auto cvt =
      ConvertLayoutOp::create(b, op->getLoc(), withLayout(t, layout), v);
  op->setOperand(idx, cvt);
  ++numConversions;
}

void Tiler::setLayout(mlir::Value v, mlir::Attribute layout) {
  if (mlir::RankedTensorType t = tensorType(v))
    v.setType(withLayout(t, layout));
}

mlir::Attribute Tiler::firstOperandLayout(mlir::Operation *op) {
  for (mlir::Value v : op->getOperands())
    if (mlir::RankedTensorType t = tensorType(v))
      return t.getEncoding();
  return nullptr;
}

LogicalResult Tiler::runOnRegion(mlir::Region &region) {
  for (mlir::Block &block : region)
    for (mlir::Operation &op : llvm::make_early_inc_range(block))
      if (failed(runOnOp(&op)))
        return failure();
  return success();
}

LogicalResult Tiler::runOnFor(mlir::scf::ForOp op) {
  // Loop-carried values keep the layout they enter the loop with.
  for (auto [arg, init] :
       llvm::zip(op.getRegionIterArgs(), op.getInitArgs()))
    arg.setType(init.getType());
  if (failed(runOnRegion(op.getRegion())))
    return failure();
  mlir::Operation *yield = op.getBody()->getTerminator();
  for (auto [i, arg] : llvm::enumerate(op.getRegionIterArgs()))
    if (mlir::RankedTensorType t = tensorType(arg))
      requireLayout(yield, i, t.getEncoding());
  for (auto [res, arg] : llvm::zip(op.getResults(), op.getRegionIterArgs()))
    res.setType(arg.getType());
  return success();
}

LogicalResult Tiler::runOnIf(mlir::scf::IfOp op) {
  if (failed(runOnRegion(op.getThenRegion())) ||
      failed(runOnRegion(op.getElseRegion())))
    return failure();
  if (op.getNumResults() == 0)
    return success();
  mlir::Operation *thenYield = op.thenBlock()->getTerminator();
  mlir::Operation *elseYield = op.elseBlock()->getTerminator();
  for (auto [i, res] : llvm::enumerate(op.getResults())) {
    mlir::RankedTensorType t = tensorType(thenYield->getOperand(i));
    if (!t)
      continue;
    requireLayout(elseYield, i, t.getEncoding());
    res.setType(t);
  }
  return success();
}

LogicalResult Tiler::runOnWhile(mlir::scf::WhileOp op) {
  for (auto [arg, init] :
       llvm::zip(op.getBeforeArguments(), op.getInits()))
    arg.setType(init.getType());
  if (failed(runOnRegion(op.getBefore())))
    return failure();
  mlir::scf::ConditionOp cond = op.getConditionOp();
  for (auto [i, arg] : llvm::enumerate(op.getBeforeArguments()))
    if (mlir::RankedTensorType t = tensorType(arg))
      if (i < cond.getArgs().size())
        requireLayout(cond, i + 1, t.getEncoding());
  for (auto [arg, v] : llvm::zip(op.getAfterArguments(), cond.getArgs()))
    arg.setType(v.getType());
  for (auto [res, v] : llvm::zip(op.getResults(), cond.getArgs()))
    res.setType(v.getType());
  if (failed(runOnRegion(op.getAfter())))
    return failure();
  mlir::Operation *yield = op.getAfter().front().getTerminator();
  for (auto [i, arg] : llvm::enumerate(op.getBeforeArguments()))
    if (mlir::RankedTensorType t = tensorType(arg))
      requireLayout(yield, i, t.getEncoding());
  return success();
}

LogicalResult Tiler::runOnOp(mlir::Operation *op) {
  if (auto forOp = llvm::dyn_cast<mlir::scf::ForOp>(op))
    return runOnFor(forOp);
  if (auto ifOp = llvm::dyn_cast<mlir::scf::IfOp>(op))
    return runOnIf(ifOp);
  if (auto whileOp = llvm::dyn_cast<mlir::scf::WhileOp>(op))
    return runOnWhile(whileOp);

  if (auto reduce = llvm::dyn_cast<tile::ReduceOp>(op)) {
    // Combiner regions work on scalars; only the operands and results move.
    mlir::Attribute layout = firstOperandLayout(op);
    for (unsigned i = 1; i < op->getNumOperands(); ++i)
      requireLayout(op, i, layout);
    auto parent = llvm::cast<LayoutEncodingTrait>(layout);
    for (mlir::Value r : op->getResults())
      setLayout(r, SliceEncodingAttr::get(ctx, reduce.getAxis(), parent));
    return success();
  }
  if (llvm::isa<tile::ScanOp>(op)) {
    // The scan lowering reads the axis as registers, lanes, warps, then
    // registers again, which blocked layouts are.
    mlir::Attribute layout = firstOperandLayout(op);
    if (!llvm::isa<BlockedEncodingAttr>(layout))
      layout = defaultLayout(tensorType(op->getOperand(0)).getShape());
    requireLayout(op, 0, layout);
    for (unsigned i = 1; i < op->getNumOperands(); ++i)
      requireLayout(op, i, layout);
    for (mlir::Value r : op->getResults())
      setLayout(r, layout);
    return success();
  }
  if (auto expand = llvm::dyn_cast<tile::ExpandDimsOp>(op)) {
    // expand_dims of a slice gives back its parent; anything else goes
    // through the slice of the result's default layout.
    mlir::RankedTensorType resultTy = tensorType(expand.getResult());
    auto slice = llvm::dyn_cast_or_null<SliceEncodingAttr>(
        tensorType(expand.getSrc()).getEncoding());
    if (slice && slice.getDim() == expand.getAxis()) {
      setLayout(expand.getResult(), slice.getParent());
      return success();
    }
    auto layout = llvm::cast<LayoutEncodingTrait>(
        defaultLayout(resultTy.getShape()));
    requireLayout(op, 0, SliceEncodingAttr::get(ctx, expand.getAxis(), layout));
    setLayout(expand.getResult(), layout);
    return success();
  }
  if (llvm::isa<tile::BroadcastOp>(op)) {
    setLayout(op->getResult(0), firstOperandLayout(op));
    return success();
  }
  if (llvm::isa<tile::JoinOp, tile::CatOp>(op)) {
    // join: the new dimension of 2 in registers, so that joining picks
    // registers; cat: the operands' layout over twice the elements, whose
    // registers are the operands' one after the other.
    mlir::RankedTensorType t = tensorType(op->getOperand(0));
    auto layout = llvm::dyn_cast<BlockedEncodingAttr>(firstOperandLayout(op));
    if (!layout)
      layout = llvm::cast<BlockedEncodingAttr>(defaultLayout(t.getShape()));
    requireLayout(op, 0, layout);
    requireLayout(op, 1, layout);
    if (llvm::isa<tile::JoinOp>(op)) {
      setLayout(op->getResult(0), joinLayout(layout));
      return success();
    }
    setLayout(op->getResult(0), catLayout(layout, t));
    return success();
  }
  if (auto split = llvm::dyn_cast<tile::SplitOp>(op)) {
    mlir::RankedTensorType t = tensorType(split.getLhs());
    auto layout = llvm::dyn_cast<BlockedEncodingAttr>(firstOperandLayout(op));
    BlockedEncodingAttr result;
    unsigned last = t.getRank();
    if (layout && layout.getSizePerThread()[last] == 2 &&
        layout.getThreadsPerWarp()[last] == 1 &&
        layout.getWarpsPerCTA()[last] == 1) {
      auto drop = [&](llvm::ArrayRef<unsigned> v) {
        return llvm::SmallVector<unsigned>(v.drop_back());
      };
      llvm::SmallVector<unsigned> order;
      for (unsigned d : layout.getOrder())
        if (d != last)
          order.push_back(d);
      result = BlockedEncodingAttr::get(ctx, drop(layout.getSizePerThread()),
                                        drop(layout.getThreadsPerWarp()),
                                        drop(layout.getWarpsPerCTA()), order);
    } else {
      result = llvm::cast<BlockedEncodingAttr>(defaultLayout(t.getShape()));
    }
    requireLayout(op, 0, joinLayout(result));
    setLayout(split.getLhs(), result);
    setLayout(split.getRhs(), result);
    return success();
  }
  if (llvm::isa<tile::GatherOp>(op)) {
    // Each index picks the result element beside it: the result takes the
    // indices' layout. The source may be in any (it goes through shared
    // memory).
    setLayout(op->getResult(0), tensorType(op->getOperand(1)).getEncoding());
    return success();
  }
  if (auto dot = llvm::dyn_cast<tile::DotOp>(op)) {
    setLayout(dot.getResult(), tensorType(dot.getC()).getEncoding());
    return success();
  }
  if (llvm::isa<tile::StoreOp>(op)) {
    mlir::Attribute layout = firstOperandLayout(op);
    for (unsigned i = 1; i < op->getNumOperands(); ++i)
      requireLayout(op, i, layout);
    return success();
  }
  if (auto cst = llvm::dyn_cast<mlir::arith::ConstantOp>(op)) {
    mlir::RankedTensorType t = tensorType(cst.getResult());
    if (!t)
      return success();
    auto newTy = withLayout(t, defaultLayout(t.getShape()));
    auto dense = llvm::dyn_cast<mlir::DenseElementsAttr>(cst.getValue());
    if (!dense)
      return op->emitOpError() << "tensor constants must be dense";
    cst.setValueAttr(dense.reshape(newTy));
    cst.getResult().setType(newTy);
    return success();
  }
  if (llvm::isa<tile::ReshapeOp, tile::TransOp>(op)) {
    mlir::RankedTensorType t = tensorType(op->getResult(0));
    setLayout(op->getResult(0), defaultLayout(t.getShape()));
    return success();
  }

  // Everything else: ops whose tensor results have the shape of their
  // tensor operands keep the first operand's layout (elementwise math,
  // loads, pointer arithmetic, selects, casts, hints); ops with no tensor
  // operands (make_range, splat) create values in the default layout.
  mlir::Attribute layout = firstOperandLayout(op);
  llvm::ArrayRef<int64_t> shape;
  for (mlir::Value v : op->getOperands())
    if (mlir::RankedTensorType t = tensorType(v)) {
      shape = t.getShape();
      break;
    }
  for (unsigned i = 0; i < op->getNumOperands(); ++i)
    if (mlir::RankedTensorType t = tensorType(op->getOperand(i)))
      if (t.getShape() == shape)
        requireLayout(op, i, layout);
  for (mlir::Value r : op->getResults()) {
    mlir::RankedTensorType t = tensorType(r);
    if (!t)
      continue;
    setLayout(r, layout && t.getShape() == shape ? layout
                                                 : defaultLayout(t.getShape()));
  }
  return success();
}

namespace {
struct ConvertTileToTileGPUPass
    : public impl::ConvertTileToTileGPUBase<ConvertTileToTileGPUPass> {
  using Base::Base;
  void runOnOperation() override;
};
} // namespace

void ConvertTileToTileGPUPass::runOnOperation() {
  mlir::ModuleOp module = getOperation();
  mlir::MLIRContext *ctx = &getContext();
  unsigned warps = numWarps;
  if (warps == 0) {
    warps = 4;
    if (auto attr = module->getAttrOfType<mlir::IntegerAttr>("tile.num_warps"))
      warps = attr.getInt();
  }
  if (std::optional<std::string> why = checkNumWarps(warps)) {
    module.emitError() << *why;
    return signalPassFailure();
  }
  // The layouts name at most kMaxTileRank dimensions; refuse a higher rank
  // here, where the walk below would need it.
  mlir::WalkResult ranks = module.walk([&](mlir::Operation *op) {
    llvm::SmallVector<mlir::Type> types(op->getResultTypes());
    for (mlir::Region &r : op->getRegions())
      for (mlir::Block &block : r)
        llvm::append_range(types, block.getArgumentTypes());
    for (mlir::Type t : types) {
      auto tensor = llvm::dyn_cast<mlir::RankedTensorType>(t);
      if (tensor && tensor.getRank() > kMaxTileRank) {
        op->emitError() << "tile of rank " << tensor.getRank()
                        << " exceeds the supported maximum rank "
                        << kMaxTileRank;
        return mlir::WalkResult::interrupt();
      }
    }
    return mlir::WalkResult::advance();
  });
  if (ranks.wasInterrupted())
    return signalPassFailure();
  mlir::Builder builder(ctx);
  module->setAttr(TileGPUDialect::kNumWarpsAttr,
                  builder.getI32IntegerAttr(warps));
  module->setAttr(TileGPUDialect::kThreadsPerWarpAttr,
                  builder.getI32IntegerAttr(threadsPerWarp));
  Tiler tiler(ctx, warps, threadsPerWarp);
  for (auto func : module.getOps<mlir::func::FuncOp>()) {
    if (func.isExternal())
      continue;
    if (failed(tiler.runOnRegion(func.getBody())))
      return signalPassFailure();
  }
  numConversions += tiler.numConversions;
}
