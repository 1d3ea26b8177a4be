//===- ConvertLayoutOpToLLVM.cpp - convert_layout to LLVM -------*- C++ -*-===//
//
// A layout conversion in the cheapest way the two linear layouts allow:
//   - when every thread already holds the elements it needs (the lane and
//     warp bases agree), a permutation of registers, free at run time;
//   - otherwise a round trip through the op's shared-memory scratch: each
//     thread stores the elements it holds, a barrier, each thread loads the
//     elements the new layout gives it, runs of consecutive elements as one
//     vector access of up to 16 bytes. Out of an mma accumulator, the scratch
//     is a swizzled shared tile where the rows are 32 bytes or more (so that
//     the accumulator's column of rows is not one bank); row-major
//     otherwise. A
//     barrier before the stores keeps an earlier op that used the same bytes
//     (the allocator reuses them) from reading what this one writes.
//
// tilegpu-remove-layout-conversions exists so that memory-bound kernels
// rarely reach the second case.
//
//===----------------------------------------------------------------------===//

#include "Utility.h"

#include "Tile/IR/TileOps.h"

#include "llvm/ADT/Sequence.h"

using namespace mlir;
using namespace tilec;
using namespace tilec::gpu_to_llvm;
using tilegpu::LinearLayout;

/// For each result dimension, the source dimension it comes from: the
/// identity for a conversion, `order` for a transposition.
static SmallVector<int32_t> getPermutation(Operation *op) {
  if (auto trans = dyn_cast<tile::TransOp>(op))
    return SmallVector<int32_t>(trans.getOrder());
  unsigned rank = cast<RankedTensorType>(op->getResult(0).getType()).getRank();
  return llvm::to_vector(llvm::seq<int32_t>(0, rank));
}

/// Result coordinates to source coordinates under `perm`.
static SmallVector<int32_t> toSource(ArrayRef<int32_t> c,
                                     ArrayRef<int32_t> perm) {
  SmallVector<int32_t> out(c.size());
  for (auto [d, p] : llvm::enumerate(perm))
    out[p] = c[d];
  return out;
}

/// The register permutation that performs `op`, if every thread already
/// holds what it needs.
static FailureOr<SmallVector<unsigned>>
getRelayoutRegisterMap(Operation *op, const LinearLayout &dst,
                       const LinearLayout &src) {
  SmallVector<int32_t> perm = getPermutation(op);
  return getRegisterMap(dst, src,
                        [&](ArrayRef<int32_t> c) { return toSource(c, perm); });
}

int64_t tilec::gpu_to_llvm::getRelayoutScratchBytes(Operation *op) {
  std::optional<LinearLayout> src =
      tilegpu::getLinearLayout(op->getOperand(0).getType());
  std::optional<LinearLayout> dst =
      tilegpu::getLinearLayout(op->getResult(0).getType());
  if (!src || !dst || succeeded(getRelayoutRegisterMap(op, *dst, *src)))
    return 0;
  auto type = cast<RankedTensorType>(op->getResult(0).getType());
  return type.getNumElements() * getStorageBytes(type.getElementType());
}

namespace {

/// convert_layout and trans: both move a tensor's elements between threads.
template <typename OpTy>
struct RelayoutConversion : public ConvertOpToLLVMPattern<OpTy> {
  using ConvertOpToLLVMPattern<OpTy>::ConvertOpToLLVMPattern;
  using OpAdaptor = typename OpTy::Adaptor;

  LogicalResult
  matchAndRewrite(OpTy op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    std::optional<LinearLayout> srcLL =
        tilegpu::getLinearLayout(op.getSrc().getType());
    std::optional<LinearLayout> dstLL = tilegpu::getLinearLayout(op.getType());
    Type type = this->getTypeConverter()->convertType(op.getType());
    if (!srcLL || !dstLL || !type)
      return op.emitError("operand and result need tilegpu layouts");
    Location loc = op.getLoc();
    SmallVector<Value> src = unpackElements(loc, adaptor.getSrc(), rewriter);
    SmallVector<Value> elems;
    FailureOr<SmallVector<unsigned>> map =
        getRelayoutRegisterMap(op, *dstLL, *srcLL);
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
  /// The round trip through a scratch laid out as a swizzled shared tile
  /// (sharedSwizzledLayout, the widest swizzle the rows fill): the 16-byte
  /// chunks of each row are permuted by the row's low bits, so a warp that
  /// writes or reads a column of rows (an mma accumulator's 8 rows of 4-byte
  /// pairs) hits distinct banks instead of one bank 8 times; runs of up to
  /// 16 bytes stay contiguous. Offsets come from the layouts composed with
  /// the inverted shared layout, so each thread computes one base and XORs
  /// constants. Fails (and the caller goes row-major) where the runs would
  /// not stay contiguous.
  FailureOr<SmallVector<Value>>
  throughSwizzledMemory(OpTy op, ArrayRef<Value> src, const LinearLayout &srcLL,
                        const LinearLayout &dstLL, unsigned storeVec,
                        unsigned loadVec, int32_t regFree, OpBuilder &b) const {
    Location loc = op.getLoc();
    auto tensorType = cast<RankedTensorType>(op.getType());
    Type elem = tensorType.getElementType();
    unsigned bytes = getStorageBytes(elem);
    ArrayRef<int64_t> shape = tensorType.getShape();
    int64_t rowBytes = shape.back() * bytes;
    if (rowBytes < 32 || bytes * 8 != elem.getIntOrFloatBitWidth())
      return failure();
    unsigned swizzle = rowBytes >= 128 ? 128 : unsigned(rowBytes);
    SmallVector<unsigned> order;
    for (int64_t d = int64_t(shape.size()) - 1; d >= 0; --d)
      order.push_back(unsigned(d));
    MLIRContext *ctx = this->getContext();
    auto scratch = tilegpu::MemDescType::get(
        ctx, shape, elem, tilegpu::SharedEncodingAttr::get(ctx, swizzle, order));
    FailureOr<SmallVector<Value>> storeAt =
        emitSharedOffsets(loc, b, srcLL, scratch, storeVec);
    FailureOr<SmallVector<Value>> loadAt =
        emitSharedOffsets(loc, b, dstLL, scratch, loadVec);
    if (failed(storeAt) || failed(loadAt))
      return failure();
    Type elemType = this->getTypeConverter()->convertType(elem);
    Value base = getScratchPointer(b, loc, op);
    auto at = [&](Value offset) -> Value {
      return LLVM::GEPOp::create(b, loc, base.getType(), elemType, base,
                                 ValueRange{offset});
    };
    NVVM::Barrier0Op::create(b, loc);
    for (unsigned r = 0; r < src.size(); r += storeVec) {
      if (int32_t(r) & regFree)
        continue;
      Value v = src[r];
      if (storeVec > 1) {
        v = LLVM::UndefOp::create(
            b, loc, VectorType::get({int64_t(storeVec)}, elemType));
        for (unsigned k = 0; k < storeVec; ++k)
          v = LLVM::InsertElementOp::create(b, loc, v, src[r + k],
                                            i32Const(b, loc, k));
      }
      LLVM::StoreOp::create(b, loc, v, at((*storeAt)[r]), storeVec * bytes);
    }
    NVVM::Barrier0Op::create(b, loc);
    SmallVector<Value> out;
    for (unsigned r = 0; r < loadAt->size(); r += loadVec) {
      if (loadVec == 1) {
        out.push_back(
            LLVM::LoadOp::create(b, loc, elemType, at((*loadAt)[r]), bytes));
        continue;
      }
      auto vecType = VectorType::get({int64_t(loadVec)}, elemType);
      Value v = LLVM::LoadOp::create(b, loc, vecType, at((*loadAt)[r]),
                                     loadVec * bytes);
      for (unsigned k = 0; k < loadVec; ++k)
        out.push_back(
            LLVM::ExtractElementOp::create(b, loc, v, i32Const(b, loc, k)));
    }
    return out;
  }

  SmallVector<Value> throughSharedMemory(OpTy op, ArrayRef<Value> src,
                                         const LinearLayout &srcLL,
                                         const LinearLayout &dstLL,
                                         OpBuilder &b) const {
    Location loc = op.getLoc();
    auto tensorType = cast<RankedTensorType>(op.getType());
    Type elemType =
        this->getTypeConverter()->convertType(tensorType.getElementType());
    auto smemPtr = LLVM::LLVMPointerType::get(this->getContext(), 3);
    Value base = getScratchPointer(b, loc, op);

    // Row-major offsets of a thread's elements, in result coordinates: a
    // source element with coordinates c lands at result coordinates
    // (c[perm[0]], c[perm[1]], ...).
    SmallVector<int32_t> perm = getPermutation(op);
    bool permuted =
        !llvm::equal(perm, llvm::seq<int32_t>(0, int32_t(perm.size())));
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
    // A transposition's source runs are not runs of the result.
    unsigned storeVec = permuted ? 1 : vectorWidth(srcLL);
    unsigned loadVec = vectorWidth(dstLL);

    // Registers that repeat another register's element need no store.
    int32_t regFree = 0;
    for (auto &[name, mask] : srcLL.getFreeVariableMasks())
      if (name == tilegpu::kRegister)
        regFree = mask;
    // Only out of an mma accumulator, whose column of 8 rows per warp is the
    // case that conflicts; elsewhere (operand conversions in loops) the
    // row-major offsets are cheaper in registers, which those loops lack.
    bool fromMma = isa_and_present<tilegpu::MmaEncodingAttr>(
        cast<RankedTensorType>(op.getSrc().getType()).getEncoding());
    if (fromMma && !permuted && !elemType.isInteger(1)) {
      FailureOr<SmallVector<Value>> swizzled = throughSwizzledMemory(
          op, src, srcLL, dstLL, storeVec, loadVec, regFree, b);
      if (succeeded(swizzled))
        return *swizzled;
    }
    NVVM::Barrier0Op::create(b, loc);
    SmallVector<SmallVector<Value>> srcCoords = emitIndices(loc, b, srcLL);
    for (unsigned r = 0; r < srcCoords.size(); r += storeVec) {
      if (int32_t(r) & regFree)
        continue;
      SmallVector<Value> at;
      for (int32_t p : perm)
        at.push_back(srcCoords[r][p]);
      Value ptr = addressOf(at);
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
  patterns.add<RelayoutConversion<tilegpu::ConvertLayoutOp>,
               RelayoutConversion<tile::TransOp>>(converter);
}
