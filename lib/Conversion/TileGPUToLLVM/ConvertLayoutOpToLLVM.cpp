//===- ConvertLayoutOpToLLVM.cpp - convert_layout to LLVM -------*- C++ -*-===//
//
// A layout conversion, a transposition (tile.trans) or a reshape in the
// cheapest way the two linear layouts allow:
//   - when every thread already holds the elements it needs (the lane and
//     warp bases agree), a permutation of registers, free at run time;
//   - otherwise a round trip through the op's shared-memory scratch: each
//     thread stores the elements it holds at their row-major offset, a
//     barrier, each thread loads the elements the new layout gives it, runs
//     of consecutive elements as one vector access of up to 16 bytes. A
//     barrier before the stores keeps an earlier op that used the same bytes
//     (the allocator reuses them) from reading what this one writes.
//   - out of a wgmma accumulator (16-bit elements, sm_90), the scratch is a
//     swizzled tile instead and the stores are stmatrix.x4: the accumulator's
//     8x8 blocks are stmatrix fragments, so one instruction stores 8 of a
//     thread's registers as four 16-byte rows whose lanes land in distinct
//     banks (the swizzle), and the loads read 16-byte chunks of the same
//     swizzled rows. Row-major, the epilogue of a matmul took 4-byte stores
//     that hit 8-way bank conflicts.
//
// tilegpu-remove-layout-conversions exists so that memory-bound kernels
// rarely reach the second case.
//
//===----------------------------------------------------------------------===//

#include "Ldmatrix.h"
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
  // A reshape's source coordinates (rank of the source) are not permuted.
  unsigned rank = cast<RankedTensorType>(op->getOperand(0).getType()).getRank();
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

/// Row-major strides of `shape`.
static SmallVector<int64_t> rowMajorStrides(ArrayRef<int64_t> shape) {
  SmallVector<int64_t> strides(shape.size(), 1);
  for (int64_t d = int64_t(shape.size()) - 2; d >= 0; --d)
    strides[d] = strides[d + 1] * shape[d + 1];
  return strides;
}

/// Result coordinates of a reshape to source coordinates: the same row-major
/// index. Every dimension is a power of two, so this only regroups bits and
/// is linear over GF(2).
static SmallVector<int32_t> reshapeToSource(ArrayRef<int32_t> c,
                                            ArrayRef<int64_t> dstShape,
                                            ArrayRef<int64_t> srcShape) {
  int64_t flat = 0;
  for (auto [x, stride] : llvm::zip(c, rowMajorStrides(dstShape)))
    flat += x * stride;
  SmallVector<int32_t> out;
  for (auto [size, stride] : llvm::zip(srcShape, rowMajorStrides(srcShape)))
    out.push_back(int32_t((flat / stride) % size));
  return out;
}

/// The register permutation that performs `op`, if every thread already
/// holds what it needs.
static FailureOr<SmallVector<unsigned>>
getRelayoutRegisterMap(Operation *op, const LinearLayout &dst,
                       const LinearLayout &src) {
  if (auto reshape = dyn_cast<tile::ReshapeOp>(op)) {
    ArrayRef<int64_t> dstShape = reshape.getType().getShape();
    ArrayRef<int64_t> srcShape = reshape.getSrc().getType().getShape();
    return getRegisterMap(dst, src, [&](ArrayRef<int32_t> c) {
      return reshapeToSource(c, dstShape, srcShape);
    });
  }
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
    // (c[perm[0]], c[perm[1]], ...). A reshape keeps the row-major index, so
    // its source elements are stored at their row-major offset in the
    // source's shape.
    SmallVector<int32_t> perm = getPermutation(op);
    bool permuted =
        !llvm::equal(perm, llvm::seq<int32_t>(0, int32_t(perm.size())));
    bool reshape = isa<tile::ReshapeOp>(op);
    SmallVector<int64_t> strides = rowMajorStrides(tensorType.getShape());
    SmallVector<int64_t> srcStrides = rowMajorStrides(
        cast<RankedTensorType>(op->getOperand(0).getType()).getShape());
    auto addressOf = [&](ArrayRef<Value> coords,
                         ArrayRef<int64_t> strides) -> Value {
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
    if (!permuted && !reshape && bytes == 2)
      if (std::optional<SmallVector<Value>> out = throughStmatrix(
              op, src, srcLL, dstLL, loadVec, elemType, base, b))
        return *out;

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
      SmallVector<Value> at;
      for (int32_t p : perm)
        at.push_back(srcCoords[r][p]);
      Value ptr = reshape ? addressOf(srcCoords[r], srcStrides)
                          : addressOf(at, strides);
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
      Value ptr = addressOf(dstCoords[r], strides);
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

  /// The conversion through a swizzled scratch written with stmatrix.x4, when
  /// the source is a wgmma accumulator (so the target has stmatrix) whose
  /// registers form stmatrix fragments over that scratch and the result's
  /// runs of `loadVec` elements stay contiguous in it; std::nullopt (and no
  /// IR) otherwise.
  std::optional<SmallVector<Value>>
  throughStmatrix(OpTy op, ArrayRef<Value> src, const LinearLayout &srcLL,
                  const LinearLayout &dstLL, unsigned loadVec, Type elemType,
                  Value base, OpBuilder &b) const {
    auto srcType = cast<RankedTensorType>(op.getSrc().getType());
    auto mma = dyn_cast<tilegpu::MmaEncodingAttr>(srcType.getEncoding());
    ArrayRef<int64_t> shape = srcType.getShape();
    if (!mma || mma.getVersion() != 3 || shape.size() != 2 || shape[1] < 16)
      return std::nullopt;
    // The widest swizzle a row fills (at least 32 bytes, two 16-byte rows of
    // an 8x8 block per bank cycle otherwise).
    unsigned swizzle = std::min<int64_t>(128, shape[1] * 2);
    MLIRContext *ctx = this->getContext();
    auto scratch = tilegpu::MemDescType::get(
        ctx, shape, srcType.getElementType(),
        tilegpu::SharedEncodingAttr::get(ctx, swizzle, {1, 0}));
    LinearLayout shared = getSharedLayout(scratch);
    std::optional<LdmatrixPlan> plan =
        getLdmatrixPlan(shared.invertAndCompose(srcLL));
    if (!plan)
      return std::nullopt;
    Location loc = op.getLoc();
    FailureOr<SmallVector<Value>> loadOffsets =
        emitSharedOffsets(loc, b, dstLL, scratch, loadVec);
    if (failed(loadOffsets))
      return std::nullopt;

    NVVM::Barrier0Op::create(b, loc);
    auto pairType = VectorType::get({2}, elemType);
    auto shapeAttr = NVVM::LdStMatrixShapeAttr::get(ctx, 8, 8);
    SmallVector<SmallVector<Value>> rows =
        emitIndices(loc, b, plan->rowAddress);
    for (auto [n, row] : llvm::enumerate(rows)) {
      Value ptr = LLVM::GEPOp::create(b, loc, base.getType(), elemType, base,
                                      ArrayRef<LLVM::GEPArg>{row.front()});
      // Registers 8n .. 8n+7 as four words, the lower register of each pair
      // in the low half (as ldmatrix returns them).
      SmallVector<Value> words;
      for (unsigned i = 0; i < 4; ++i) {
        Value pair = LLVM::UndefOp::create(b, loc, pairType);
        for (unsigned k = 0; k < 2; ++k)
          pair = LLVM::InsertElementOp::create(
              b, loc, pair, src[8 * n + 2 * i + k], i32Const(b, loc, k));
        words.push_back(LLVM::BitcastOp::create(b, loc, b.getI32Type(), pair));
      }
      NVVM::StMatrixOp::create(b, loc, ptr, words,
                               plan->trans ? NVVM::MMALayout::col
                                           : NVVM::MMALayout::row,
                               shapeAttr, NVVM::LdStMatrixEltType::B16);
    }
    NVVM::Barrier0Op::create(b, loc);
    SmallVector<Value> out;
    for (size_t r = 0; r < loadOffsets->size(); r += loadVec) {
      Value ptr =
          LLVM::GEPOp::create(b, loc, base.getType(), elemType, base,
                              ArrayRef<LLVM::GEPArg>{(*loadOffsets)[r]});
      if (loadVec == 1) {
        out.push_back(LLVM::LoadOp::create(b, loc, elemType, ptr, 2));
        continue;
      }
      auto vecType = VectorType::get({int64_t(loadVec)}, elemType);
      Value v = LLVM::LoadOp::create(b, loc, vecType, ptr, loadVec * 2);
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
               RelayoutConversion<tile::TransOp>,
               RelayoutConversion<tile::ReshapeOp>>(converter);
}
