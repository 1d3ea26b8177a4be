//===- GatherOpToLLVM.cpp - tile.gather to LLVM -----------------*- C++ -*-===//
//
// `tl.gather` through the op's shared-memory scratch: every thread stores
// the source elements it holds at their row-major offsets in the source's
// shape, a barrier, then for each result element it holds it loads the
// source element at the result's coordinates with the gathered axis
// replaced by the index beside it (the result has the indices' layout, so
// the index of result register r is index register r). A barrier before the
// stores keeps an earlier op that used the same bytes (the allocator reuses
// them) from reading what this one writes.
//
// Indices are narrowed or zero-extended to 32 bits as Triton's lowering
// does; an index outside the axis reads an unspecified element, as in
// Triton (whose warp-shuffle path for axes held by one warp gives the same
// results for indices in range).
//
//===----------------------------------------------------------------------===//

#include "Utility.h"

#include "Tile/IR/TileOps.h"

using namespace mlir;
using namespace tilec;
using namespace tilec::gpu_to_llvm;
using tilegpu::LinearLayout;

/// Row-major strides of `shape`.
static SmallVector<int64_t> getRowMajorStrides(ArrayRef<int64_t> shape) {
  SmallVector<int64_t> strides(shape.size(), 1);
  for (int64_t d = int64_t(shape.size()) - 2; d >= 0; --d)
    strides[d] = strides[d + 1] * shape[d + 1];
  return strides;
}

int64_t tilec::gpu_to_llvm::getGatherScratchBytes(tile::GatherOp op) {
  RankedTensorType srcType = op.getSrc().getType();
  return srcType.getNumElements() * getStorageBytes(srcType.getElementType());
}

namespace {

struct GatherOpConversion : public ConvertOpToLLVMPattern<tile::GatherOp> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;

  LogicalResult
  matchAndRewrite(tile::GatherOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    RankedTensorType srcType = op.getSrc().getType();
    std::optional<LinearLayout> srcLL = tilegpu::getLinearLayout(srcType);
    std::optional<LinearLayout> idxLL =
        tilegpu::getLinearLayout(op.getIndices().getType());
    std::optional<LinearLayout> dstLL = tilegpu::getLinearLayout(op.getType());
    Type resultType = getTypeConverter()->convertType(op.getType());
    if (!srcLL || !idxLL || !dstLL || !resultType)
      return op.emitError("operands and result need tilegpu layouts");
    if (*idxLL != *dstLL)
      return op.emitError("indices and result must have the same layout");
    if (!op->hasAttr(kScratchOffsetAttr))
      return op.emitError("gather has no shared-memory scratch; run "
                          "tilegpu-allocate-shared-memory");

    Type elemType = getTypeConverter()->convertType(srcType.getElementType());
    unsigned bytes = getStorageBytes(srcType.getElementType());
    Value base = getScratchPointer(rewriter, loc, op);
    SmallVector<int64_t> strides = getRowMajorStrides(srcType.getShape());
    auto addressOf = [&](ArrayRef<Value> coords) -> Value {
      Value offset;
      for (auto [d, c] : llvm::enumerate(coords)) {
        Value term =
            strides[d] == 1
                ? c
                : Value(LLVM::MulOp::create(
                      rewriter, loc, c, i32Const(rewriter, loc, strides[d])));
        offset = offset
                     ? Value(LLVM::AddOp::create(rewriter, loc, offset, term))
                     : term;
      }
      return LLVM::GEPOp::create(rewriter, loc, base.getType(), elemType, base,
                                 ValueRange{offset});
    };

    // Registers that repeat another register's element need no store.
    int32_t regFree = 0;
    for (auto &[name, mask] : srcLL->getFreeVariableMasks())
      if (name == tilegpu::kRegister)
        regFree = mask;
    SmallVector<Value> src = unpackElements(loc, adaptor.getSrc(), rewriter);
    NVVM::Barrier0Op::create(rewriter, loc);
    SmallVector<SmallVector<Value>> srcCoords =
        emitIndices(loc, rewriter, *srcLL);
    for (auto [r, coords] : llvm::enumerate(srcCoords)) {
      if (int32_t(r) & regFree)
        continue;
      LLVM::StoreOp::create(rewriter, loc, src[r], addressOf(coords), bytes);
    }
    NVVM::Barrier0Op::create(rewriter, loc);

    unsigned axis = op.getAxis();
    SmallVector<Value> indices =
        unpackElements(loc, adaptor.getIndices(), rewriter);
    SmallVector<SmallVector<Value>> dstCoords =
        emitIndices(loc, rewriter, *dstLL);
    Type i32 = rewriter.getI32Type();
    SmallVector<Value> out;
    for (auto [r, coords] : llvm::enumerate(dstCoords)) {
      Value index = indices[r];
      unsigned width = index.getType().getIntOrFloatBitWidth();
      if (width > 32)
        index = LLVM::TruncOp::create(rewriter, loc, i32, index);
      else if (width < 32)
        index = LLVM::ZExtOp::create(rewriter, loc, i32, index);
      SmallVector<Value> at(coords);
      at[axis] = index;
      out.push_back(
          LLVM::LoadOp::create(rewriter, loc, elemType, addressOf(at), bytes));
    }
    rewriter.replaceOp(op, packElements(loc, resultType, out, rewriter));
    return success();
  }
};

} // namespace

void tilec::gpu_to_llvm::populateGatherOpToLLVMPatterns(
    TileGPUTypeConverter &converter, RewritePatternSet &patterns) {
  patterns.add<GatherOpConversion>(converter);
}
