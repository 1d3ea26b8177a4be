//===- ConvertLayoutOpToLLVM.cpp - tilegpu.convert_layout to LLVM -*- C++
//-*-===//
//
// A layout conversion in the cheapest way the two linear layouts allow:
//   - when every thread already holds the elements it needs (the lane and
//     warp bases agree), a permutation of registers, free at run time;
//   - otherwise a round trip through the op's shared-memory scratch: each
//     thread stores the elements it holds at their row-major offset, a
//     barrier, each thread loads the elements the new layout gives it, runs
//     of consecutive elements as one vector access of up to 16 bytes. A
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

    // Registers holding consecutive elements of the last (row-major
    // contiguous) dimension move together, up to 16 bytes: a run of `vec`
    // starts at a multiple of `vec`, and so does its row-major offset, since
    // every dimension is a power of two at least that long.
    unsigned bytes = getStorageBytes(tensorType.getElementType());
    auto vectorWidth = [&](const LinearLayout &ll) -> unsigned {
      if (elemType.isInteger(1))
        return 1;
      return std::max(
          1u, std::min<unsigned>(ll.getNumConsecutiveInOut(), 16 / bytes));
    };
    unsigned storeVec = vectorWidth(srcLL), loadVec = vectorWidth(dstLL);

    // Registers that repeat another register's element need no store.
    int32_t regFree = 0;
    for (auto &[name, mask] : srcLL.getFreeVariableMasks())
      if (name == tilegpu::kRegister)
        regFree = mask;
    NVVM::Barrier0Op::create(b, loc);
    SmallVector<SmallVector<Value>> srcCoords = emitIndices(loc, b, srcLL);
    for (unsigned r = 0; r < srcCoords.size(); r += storeVec) {
      if (int32_t(r) & regFree)
        continue;
      Value ptr = addressOf(srcCoords[r]);
      if (storeVec == 1) {
        LLVM::StoreOp::create(b, loc, src[r], ptr, bytes);
        continue;
      }
      auto vecType = VectorType::get({int64_t(storeVec)}, elemType);
      Value v = LLVM::UndefOp::create(b, loc, vecType);
      for (unsigned k = 0; k < storeVec; ++k)
        v = LLVM::InsertElementOp::create(b, loc, v, src[r + k],
                                          i32Const(b, loc, k));
      LLVM::StoreOp::create(b, loc, v, ptr, storeVec * bytes);
    }
    NVVM::Barrier0Op::create(b, loc);
    SmallVector<Value> out;
    SmallVector<SmallVector<Value>> dstCoords = emitIndices(loc, b, dstLL);
    for (unsigned r = 0; r < dstCoords.size(); r += loadVec) {
      Value ptr = addressOf(dstCoords[r]);
      if (loadVec == 1) {
        out.push_back(LLVM::LoadOp::create(b, loc, elemType, ptr, bytes));
        continue;
      }
      auto vecType = VectorType::get({int64_t(loadVec)}, elemType);
      Value v = LLVM::LoadOp::create(b, loc, vecType, ptr, loadVec * bytes);
      for (unsigned k = 0; k < loadVec; ++k)
        out.push_back(
            LLVM::ExtractElementOp::create(b, loc, v, i32Const(b, loc, k)));
    }
    return out;
  }
};

} // namespace

void tilec::gpu_to_llvm::populateConvertLayoutOpToLLVMPatterns(
    TileGPUTypeConverter &converter, RewritePatternSet &patterns) {
  patterns.add<ConvertLayoutOpConversion>(converter);
}
