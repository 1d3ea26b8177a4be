//===- ConvertLayoutOpToLLVM.cpp - tilegpu.convert_layout to LLVM -*- C++
//-*-===//
//
// A layout conversion in the cheapest way the two linear layouts allow:
//   - when every thread already holds the elements it needs (the lane and
//     warp bases agree), a permutation of registers, free at run time;
//   - otherwise a round trip through the op's shared-memory scratch: each
//     thread stores the elements it holds at their row-major offset, a
//     barrier, each thread loads the elements the new layout gives it. A
//     barrier before the stores keeps an earlier op that used the same bytes
//     (the allocator reuses them) from reading what this one writes.
//
// tilegpu-remove-layout-conversions exists so that memory-bound kernels
// rarely reach the second case.
//
//===----------------------------------------------------------------------===//

#include "Utility.h"

using namespace mlir;
using namespace tilec;
using namespace tilec::gpu_to_llvm;
using tilegpu::LinearLayout;

/// The identity projection: both layouts index the same tensor.
static SmallVector<int32_t> sameCoords(ArrayRef<int32_t> c) {
  return SmallVector<int32_t>(c);
}

int64_t
tilec::gpu_to_llvm::getConvertLayoutScratchBytes(tilegpu::ConvertLayoutOp op) {
  std::optional<LinearLayout> src =
      tilegpu::getLinearLayout(op.getSrc().getType());
  std::optional<LinearLayout> dst = tilegpu::getLinearLayout(op.getType());
  if (!src || !dst || succeeded(getRegisterMap(*dst, *src, sameCoords)))
    return 0;
  RankedTensorType type = op.getType();
  return type.getNumElements() * getStorageBytes(type.getElementType());
}

namespace {

struct ConvertLayoutOpConversion
    : public ConvertOpToLLVMPattern<tilegpu::ConvertLayoutOp> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;

  LogicalResult
  matchAndRewrite(tilegpu::ConvertLayoutOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    std::optional<LinearLayout> srcLL =
        tilegpu::getLinearLayout(op.getSrc().getType());
    std::optional<LinearLayout> dstLL = tilegpu::getLinearLayout(op.getType());
    Type type = getTypeConverter()->convertType(op.getType());
    if (!srcLL || !dstLL || !type)
      return op.emitError("operand and result need tilegpu layouts");
    Location loc = op.getLoc();
    SmallVector<Value> src = unpackElements(loc, adaptor.getSrc(), rewriter);
    SmallVector<Value> elems;
    FailureOr<SmallVector<unsigned>> map =
        getRegisterMap(*dstLL, *srcLL, sameCoords);
    if (succeeded(map)) {
      for (unsigned r : *map)
        elems.push_back(src[r]);
    } else {
      if (!op->hasAttr(kScratchOffsetAttr))
        return op.emitError("layout conversion through shared memory has no "
                            "scratch; run tilegpu-allocate-shared-memory");
      elems = throughSharedMemory(op, src, *srcLL, *dstLL, rewriter);
    }
    rewriter.replaceOp(op, packElements(loc, type, elems, rewriter));
    return success();
  }

private:
  SmallVector<Value> throughSharedMemory(tilegpu::ConvertLayoutOp op,
                                         ArrayRef<Value> src,
                                         const LinearLayout &srcLL,
                                         const LinearLayout &dstLL,
                                         OpBuilder &b) const {
    Location loc = op.getLoc();
    RankedTensorType tensorType = op.getType();
    Type elemType =
        getTypeConverter()->convertType(tensorType.getElementType());
    auto smemPtr = LLVM::LLVMPointerType::get(getContext(), 3);
    Value base = getScratchPointer(b, loc, op);

    // Row-major offsets of a thread's elements.
    ArrayRef<int64_t> shape = tensorType.getShape();
    SmallVector<int64_t> strides(shape.size(), 1);
    for (int64_t d = int64_t(shape.size()) - 2; d >= 0; --d)
      strides[d] = strides[d + 1] * shape[d + 1];
    auto addressOf = [&](ArrayRef<Value> coords) -> Value {
      Value offset;
      for (auto [d, c] : llvm::enumerate(coords)) {
        Value term = strides[d] == 1
                         ? c
                         : Value(LLVM::MulOp::create(
                               b, loc, c, i32Const(b, loc, strides[d])));
        offset =
            offset ? Value(LLVM::AddOp::create(b, loc, offset, term)) : term;
      }
      return LLVM::GEPOp::create(b, loc, smemPtr, elemType, base,
                                 ValueRange{offset});
    };

    // Registers that repeat another register's element need no store.
    int32_t regFree = 0;
    for (auto &[name, mask] : srcLL.getFreeVariableMasks())
      if (name == tilegpu::kRegister)
        regFree = mask;
    NVVM::Barrier0Op::create(b, loc);
    for (auto [r, coords] : llvm::enumerate(emitIndices(loc, b, srcLL)))
      if (!(int32_t(r) & regFree))
        LLVM::StoreOp::create(b, loc, src[r], addressOf(coords));
    NVVM::Barrier0Op::create(b, loc);
    SmallVector<Value> out;
    for (auto &coords : emitIndices(loc, b, dstLL))
      out.push_back(LLVM::LoadOp::create(b, loc, elemType, addressOf(coords)));
    return out;
  }
};

} // namespace

void tilec::gpu_to_llvm::populateConvertLayoutOpToLLVMPatterns(
    TileGPUTypeConverter &converter, RewritePatternSet &patterns) {
  patterns.add<ConvertLayoutOpConversion>(converter);
}
