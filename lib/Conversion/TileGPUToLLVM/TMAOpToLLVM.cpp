//===- TMAOpToLLVM.cpp - mbarriers and bulk tensor copies -------*- C++ -*-===//
//
// The TMA ops lower to MLIR's NVVM ops (mbarrier.*, cp.async.bulk.tensor.*),
// which convert-nvvm-to-llvm turns into PTX. Thread 0 of the CTA alone
// initializes and invalidates mbarriers, arrives with the expected byte
// count and issues the copies (the ops' predicates); every thread waits.
//
// A tensor descriptor is the generic address of its kernel parameter (the
// 128-byte CUtensorMap, passed by value as a grid constant). A block moves
// as one copy per box of its TMA plan (include/tilec/TensorDescriptor.h):
// the shared layout stores the block in atoms `swizzleBytes` wide along the
// contiguous dimension, each holding every row, so box (r, c) lands at
// byte `c * rows * swizzleBytes + r * boxRows * swizzleBytes` and reads the
// tensor at (i + r * boxRows, j + c * boxCols). The coordinates PTX takes
// are innermost first. A store with `reduce` (a host-side descriptor's
// `desc.atomic_*`) issues `cp.reduce.async.bulk.tensor` per box instead,
// typeless: the tensor map's element type is the operation's.
//
//===----------------------------------------------------------------------===//

#include "Utility.h"

#include "Tile/IR/TileOps.h"

#include "mlir/Dialect/SCF/IR/SCF.h"

using namespace mlir;
using namespace tilec;
using namespace tilec::gpu_to_llvm;

namespace {

/// Whether this thread issues for `op`, and `pred` (if any) holds: the
/// CTA's first thread, or in the producer role of a warp-specialized kernel
/// the producer warpgroup's first (the consumers' warps come first).
Value isIssuer(OpBuilder &b, Operation *op, Value pred = Value()) {
  Location loc = op->getLoc();
  int64_t first = 0;
  if (tilegpu::WarpSpecializeOp::getProducerOf(op))
    first = 32 * int64_t(tilegpu::getNumWarps(op));
  // Operands made one statement each: the order of a call's arguments is
  // unspecified (g++ and clang differ), the order of the IR must not be.
  Value zero = i32Const(b, loc, first);
  Value tid = getThreadId(b, loc);
  Value issuer =
      LLVM::ICmpOp::create(b, loc, LLVM::ICmpPredicate::eq, tid, zero);
  return pred ? LLVM::AndOp::create(b, loc, issuer, pred) : issuer;
}

/// Byte offset of each box of a block in shared memory and its element
/// offset in the tensor (outermost first).
struct Box {
  int64_t sharedBytes;
  SmallVector<int64_t, 2> start;
};

/// The boxes of a 2-D block, per the plan.
SmallVector<Box> getBoxes(const TensorDescLayout &plan) {
  SmallVector<Box> boxes;
  int64_t rows = plan.blockShape[0], cols = plan.blockShape[1];
  int64_t boxRows = plan.boxShape[0], boxCols = plan.boxShape[1];
  int64_t rowBytes = boxCols * plan.elemBytes;
  for (int64_t c = 0; c < cols / boxCols; ++c)
    for (int64_t r = 0; r < rows / boxRows; ++r)
      boxes.push_back({c * rows * rowBytes + r * boxRows * rowBytes,
                       {r * boxRows, c * boxCols}});
  return boxes;
}

/// The TMA's reduction for a tile read-modify-write kind: signedness and
/// float-ness come from the tensor map's element type.
NVVM::TMAReduxKind getReduxKind(tile::RMWOp kind) {
  switch (kind) {
  case tile::RMWOp::Add:
  case tile::RMWOp::FAdd:
    return NVVM::TMAReduxKind::ADD;
  case tile::RMWOp::Max:
  case tile::RMWOp::UMax:
  case tile::RMWOp::FMax:
    return NVVM::TMAReduxKind::MAX;
  case tile::RMWOp::Min:
  case tile::RMWOp::UMin:
  case tile::RMWOp::FMin:
    return NVVM::TMAReduxKind::MIN;
  case tile::RMWOp::And:
    return NVVM::TMAReduxKind::AND;
  case tile::RMWOp::Or:
    return NVVM::TMAReduxKind::OR;
  case tile::RMWOp::Xor:
    return NVVM::TMAReduxKind::XOR;
  case tile::RMWOp::Xchg:
    break;
  }
  llvm_unreachable("the verifier refuses xchg reductions");
}

/// PTX coordinates (innermost first) of a box at `start` from `indices`.
SmallVector<Value> getCoordinates(OpBuilder &b, Location loc,
                                  ValueRange indices, ArrayRef<int64_t> start) {
  SmallVector<Value> coords;
  for (int64_t d = int64_t(indices.size()) - 1; d >= 0; --d) {
    Value v = indices[d];
    if (start[d] != 0)
      v = LLVM::AddOp::create(b, loc, v, i32Const(b, loc, start[d]));
    coords.push_back(v);
  }
  return coords;
}

Value offsetBy(OpBuilder &b, Location loc, Value base, int64_t bytes) {
  if (bytes == 0)
    return base;
  return LLVM::GEPOp::create(b, loc, base.getType(), b.getI8Type(), base,
                             ArrayRef<LLVM::GEPArg>{int32_t(bytes)});
}

struct InitBarrierConversion
    : public ConvertOpToLLVMPattern<tilegpu::InitBarrierOp> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;
  LogicalResult
  matchAndRewrite(tilegpu::InitBarrierOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    // Operands in statements of their own: argument order is unspecified.
    Value issuer = isIssuer(rewriter, op);
    Value count = i32Const(rewriter, loc, op.getCount());
    NVVM::MBarrierInitOp::create(rewriter, loc, adaptor.getBar(), count,
                                 issuer);
    rewriter.eraseOp(op);
    return success();
  }
};

struct InvalBarrierConversion
    : public ConvertOpToLLVMPattern<tilegpu::InvalBarrierOp> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;
  LogicalResult
  matchAndRewrite(tilegpu::InvalBarrierOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    // nvvm.mbarrier.inval takes no predicate, and a second invalidation of
    // the same mbarrier is undefined: one thread, by inline PTX.
    Location loc = op.getLoc();
    LLVM::InlineAsmOp::create(
        rewriter, loc, TypeRange(),
        ValueRange{adaptor.getBar(), isIssuer(rewriter, op)},
        "{\n.reg .pred p;\nsetp.ne.b32 p, $1, 0;\n"
        "@p mbarrier.inval.shared::cta.b64 [$0];\n}",
        "r,r", /*has_side_effects=*/true, /*is_align_stack=*/false,
        LLVM::tailcallkind::TailCallKind::None,
        LLVM::AsmDialectAttr::get(getContext(), LLVM::AsmDialect::AD_ATT),
        ArrayAttr());
    rewriter.eraseOp(op);
    return success();
  }
};

struct BarrierExpectConversion
    : public ConvertOpToLLVMPattern<tilegpu::BarrierExpectOp> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;
  LogicalResult
  matchAndRewrite(tilegpu::BarrierExpectOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    // Operands in statements of their own: argument order is unspecified.
    Value issuer = isIssuer(rewriter, op, adaptor.getPred());
    Value bytes = i32Const(rewriter, loc, op.getBytes());
    NVVM::MBarrierArriveExpectTxOp::create(
        rewriter, loc, Type(), adaptor.getBar(), bytes, NVVM::MemScopeKind::CTA,
        /*relaxed=*/false, issuer);
    rewriter.eraseOp(op);
    return success();
  }
};

struct WaitBarrierConversion
    : public ConvertOpToLLVMPattern<tilegpu::WaitBarrierOp> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;
  LogicalResult
  matchAndRewrite(tilegpu::WaitBarrierOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    // The suspend-time hint CUTLASS uses: long enough that a waiting warp
    // sleeps instead of spinning while the copy is in flight.
    NVVM::MBarrierTryWaitParityOp::create(rewriter, loc, adaptor.getBar(),
                                          adaptor.getPhase(),
                                          i32Const(rewriter, loc, 0x989680));
    rewriter.eraseOp(op);
    return success();
  }
};

struct ArriveBarrierConversion
    : public ConvertOpToLLVMPattern<tilegpu::ArriveBarrierOp> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;
  LogicalResult
  matchAndRewrite(tilegpu::ArriveBarrierOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    // The first lane of each warp, where `pred` holds, once every lane of
    // the warp is done with what came before (its reads of the slot).
    // mbarrier.arrive has no predicate operand: a branch around it.
    Location loc = op.getLoc();
    NVVM::SyncWarpOp::create(rewriter, loc, i32Const(rewriter, loc, -1));
    // Operands in statements of their own: argument order is unspecified.
    Value tid = getThreadId(rewriter, loc);
    Value laneMask = i32Const(rewriter, loc, 31);
    Value lane = LLVM::AndOp::create(rewriter, loc, tid, laneMask);
    Value first = LLVM::ICmpOp::create(rewriter, loc, LLVM::ICmpPredicate::eq,
                                       lane, i32Const(rewriter, loc, 0));
    Value arrive = LLVM::AndOp::create(rewriter, loc, first, adaptor.getPred());
    auto ifOp = scf::IfOp::create(rewriter, loc, TypeRange{}, arrive,
                                  /*withElseRegion=*/false);
    rewriter.setInsertionPoint(ifOp.thenBlock()->getTerminator());
    NVVM::MBarrierArriveOp::create(rewriter, loc, Type(), adaptor.getBar(),
                                   Value());
    rewriter.eraseOp(op);
    return success();
  }
};

struct TMALoadConversion
    : public ConvertOpToLLVMPattern<tilegpu::AsyncTMACopyGlobalToLocalOp> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;
  LogicalResult
  matchAndRewrite(tilegpu::AsyncTMACopyGlobalToLocalOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    FailureOr<TensorDescLayout> plan =
        tilegpu::getTMAPlan(op.getDesc().getType());
    if (failed(plan))
      return op.emitError("TMA cannot move this block");
    Value pred = isIssuer(rewriter, op, adaptor.getPred());
    for (const Box &box : getBoxes(*plan)) {
      // Operands in statements of their own: argument order is unspecified.
      SmallVector<Value> coords =
          getCoordinates(rewriter, loc, adaptor.getIndices(), box.start);
      Value dst = offsetBy(rewriter, loc, adaptor.getDst(), box.sharedBytes);
      NVVM::CpAsyncBulkTensorGlobalToSharedClusterOp::create(
          rewriter, loc, dst, adaptor.getDesc(), coords,
          adaptor.getBarrier(), ValueRange(), Value(), Value(),
          NVVM::TMALoadMode::TILE, /*isCTAOnly=*/false,
          NVVM::CTAGroupKindAttr(), pred);
    }
    rewriter.eraseOp(op);
    return success();
  }
};

struct TMAStoreConversion
    : public ConvertOpToLLVMPattern<tilegpu::AsyncTMACopyLocalToGlobalOp> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;
  LogicalResult
  matchAndRewrite(tilegpu::AsyncTMACopyLocalToGlobalOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    FailureOr<TensorDescLayout> plan =
        tilegpu::getTMAPlan(op.getDesc().getType());
    if (failed(plan))
      return op.emitError("TMA cannot move this block");
    Value pred = isIssuer(rewriter, op);
    std::optional<tile::RMWOp> reduce = op.getReduce();
    if (reduce) {
      // The reduction op has no predicate operand: thread 0 issues them
      // all inside one branch.
      auto ifOp = scf::IfOp::create(rewriter, loc, TypeRange{}, pred,
                                    /*withElseRegion=*/false);
      rewriter.setInsertionPoint(ifOp.thenBlock()->getTerminator());
    }
    for (const Box &box : getBoxes(*plan)) {
      SmallVector<Value> coords =
          getCoordinates(rewriter, loc, adaptor.getIndices(), box.start);
      Value src = offsetBy(rewriter, loc, adaptor.getSrc(), box.sharedBytes);
      if (reduce)
        NVVM::CpAsyncBulkTensorReduceOp::create(
            rewriter, loc, adaptor.getDesc(), src, getReduxKind(*reduce),
            NVVM::TMAStoreMode::TILE, coords, Value());
      else
        NVVM::CpAsyncBulkTensorSharedCTAToGlobalOp::create(
            rewriter, loc, adaptor.getDesc(), src, coords, Value(),
            NVVM::TMAStoreMode::TILE, pred);
    }
    if (reduce)
      rewriter.setInsertionPoint(op);
    // Other threads commit an empty group, which costs nothing.
    NVVM::CpAsyncBulkCommitGroupOp::create(rewriter, loc);
    rewriter.eraseOp(op);
    return success();
  }
};

struct TMAStoreWaitConversion
    : public ConvertOpToLLVMPattern<tilegpu::AsyncTMAStoreWaitOp> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;
  LogicalResult
  matchAndRewrite(tilegpu::AsyncTMAStoreWaitOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    NVVM::CpAsyncBulkWaitGroupOp::create(rewriter, op.getLoc(),
                                         uint32_t(op.getPendings()),
                                         rewriter.getUnitAttr());
    rewriter.eraseOp(op);
    return success();
  }
};

} // namespace

void tilec::gpu_to_llvm::populateTMAOpToLLVMPatterns(
    TileGPUTypeConverter &converter, RewritePatternSet &patterns) {
  patterns.add<InitBarrierConversion, InvalBarrierConversion,
               BarrierExpectConversion, WaitBarrierConversion,
               ArriveBarrierConversion,
               TMALoadConversion, TMAStoreConversion, TMAStoreWaitConversion>(
      converter);
}
