//===- LocalLoadOpToLLVM.cpp - shared tiles into registers ------*- C++ -*-===//
//
// tilegpu.local_load reads a shared tile into a distributed layout. Both
// forms start from the same map: the shared layout inverted and composed
// with the destination layout, `(register, lane, warp) -> element offset`.
//
//   - ldmatrix.x4 (16-bit elements): one instruction reads four 8x8
//     matrices, each row 16 contiguous bytes whose address one lane supplies
//     (lanes 8i..8i+7: rows 0-7 of matrix i), and gives lane t, in 32-bit
//     register i, the elements (row t/4, columns 2(t%4) and +1) of matrix i;
//     with `.trans`, (rows 2(t%4) and +1, column t/4). The map above says
//     whether some 8 consecutive registers of every thread are exactly that:
//     without `.trans`, register bit 0 and lane bits 0-1 step 1, 2 and 4
//     elements along a row, lane bits 2-4 pick the row and register bits 1-2
//     the matrix; with `.trans`, lane bits 2-4 step along the row and
//     register bit 0 and lane bits 0-1 pick the row. Every other input must
//     keep rows 16-byte aligned. The row addresses are then the same linear
//     map with the lane bits rearranged as ldmatrix reads them, so nothing
//     about the operand layout or the swizzle is assumed: an mma.sync
//     operand read along K (A row-major, B column-major) passes the first
//     test and one read across K (B row-major, A column-major) the second.
//   - Otherwise each thread loads its elements at their offsets, as vectors
//     of up to 16 bytes where consecutive registers are consecutive in the
//     tile.
//
// Neither synchronizes: whoever wrote the tile (local_alloc's stores, or the
// pipeline's wait and barrier) made it visible first.
//
//===----------------------------------------------------------------------===//

#include "Ldmatrix.h"
#include "Utility.h"

#include "llvm/Support/Debug.h"

#define DEBUG_TYPE "convert-tilegpu-to-llvm"

using namespace mlir;
using namespace tilec;
using namespace tilec::gpu_to_llvm;
using tilegpu::kLane;
using tilegpu::kOffset;
using tilegpu::kRegister;
using tilegpu::kWarp;
using tilegpu::LinearLayout;
using tilegpu::MemDescType;

/// One input bit of a (register, lane, warp) layout.
using InputBit = std::pair<StringRef, int32_t>;

std::optional<LdmatrixPlan>
tilec::gpu_to_llvm::getLdmatrixPlan(const LinearLayout &toOffset) {
  if (!toOffset.hasInDim(kRegister) || !toOffset.hasInDim(kLane) ||
      toOffset.getInDimSizeLog2(kRegister) < 3 ||
      toOffset.getInDimSizeLog2(kLane) != 5)
    return std::nullopt;
  auto offsetOf = [&](InputBit bit) {
    return toOffset.getBasis(bit.first, bit.second).front();
  };
  for (bool trans : {false, true}) {
    // The bits that step 1, 2, 4 elements along a 16-byte row, and the bits
    // that pick the row within the matrix, as the thread's fragment has them.
    SmallVector<InputBit, 3> inRow = {{kRegister, 0}, {kLane, 0}, {kLane, 1}};
    SmallVector<InputBit, 3> rowBits = {{kLane, 2}, {kLane, 3}, {kLane, 4}};
    if (trans)
      std::swap(inRow, rowBits);
    bool matches = true;
    for (auto [i, bit] : llvm::enumerate(inRow))
      matches &= offsetOf(bit) == (1 << i);
    // Every other input moves whole rows.
    for (StringRef dim : toOffset.getInDimNames())
      for (int32_t j = 0, e = toOffset.getInDimSizeLog2(dim); j < e; ++j)
        if (!llvm::is_contained(inRow, InputBit{dim, j}))
          matches &= (offsetOf({dim, j}) & 7) == 0;
    if (!matches)
      continue;

    // Lane l supplies row l%8 of matrix l/8: lane bits 0-2 are the row
    // bits, 3-4 the matrix (register bits 1-2); instruction n covers
    // registers 8n ..; warps keep their bases.
    auto basis = [&](InputBit bit) {
      return std::vector<int32_t>{offsetOf(bit)};
    };
    std::vector<std::vector<int32_t>> regs, lanes, warps;
    for (int32_t j = 3, e = toOffset.getInDimSizeLog2(kRegister); j < e; ++j)
      regs.push_back(basis({kRegister, j}));
    for (InputBit bit : rowBits)
      lanes.push_back(basis(bit));
    lanes.push_back(basis({kRegister, 1}));
    lanes.push_back(basis({kRegister, 2}));
    if (toOffset.hasInDim(kWarp))
      for (int32_t j = 0, e = toOffset.getInDimSizeLog2(kWarp); j < e; ++j)
        warps.push_back(basis({kWarp, j}));
    LinearLayout rowAddress({{kRegister, regs}, {kLane, lanes}, {kWarp, warps}},
                            {{kOffset, toOffset.getOutDimSize(kOffset)}});
    return LdmatrixPlan{trans, rowAddress};
  }
  return std::nullopt;
}

namespace {

struct LocalLoadConversion
    : public ConvertOpToLLVMPattern<tilegpu::LocalLoadOp> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;

  LogicalResult
  matchAndRewrite(tilegpu::LocalLoadOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    std::optional<LinearLayout> dstLL =
        tilegpu::getLinearLayout(op.getResult().getType());
    if (!dstLL)
      return op.emitError("loaded tensor needs a tilegpu layout");
    MemDescType type = op.getMem().getType();
    Type elem = getTypeConverter()->convertType(type.getElementType());
    Type structType = getTypeConverter()->convertType(op.getType());
    if (!elem || !structType)
      return op.emitError("cannot lower elements of ") << op.getType();
    SmallVector<Value> elems;
    if (getStorageBytes(type.getElementType()) == 2) {
      LinearLayout toOffset = getSharedLayout(type).invertAndCompose(*dstLL);
      if (std::optional<LdmatrixPlan> plan = getLdmatrixPlan(toOffset)) {
        elems = loadWithLdmatrix(op, *plan, elem, adaptor.getMem(), rewriter);
        rewriter.replaceOp(
            op, packElements(op.getLoc(), structType, elems, rewriter));
        return success();
      }
      LLVM_DEBUG(llvm::dbgs() << "no ldmatrix for " << op << "\n");
    }
    if (failed(loadElementwise(op, *dstLL, elem, adaptor.getMem(), elems,
                               rewriter)))
      return failure();
    rewriter.replaceOp(op,
                       packElements(op.getLoc(), structType, elems, rewriter));
    return success();
  }

private:
  /// One ldmatrix.x4 per 8 registers; each 32-bit result holds two
  /// registers, the lower one in its low half.
  SmallVector<Value> loadWithLdmatrix(tilegpu::LocalLoadOp op,
                                      const LdmatrixPlan &plan, Type elem,
                                      Value base,
                                      ConversionPatternRewriter &b) const {
    Location loc = op.getLoc();
    MLIRContext *ctx = getContext();
    Type i32 = b.getI32Type();
    auto resultType =
        LLVM::LLVMStructType::getLiteral(ctx, {i32, i32, i32, i32});
    auto pairType = VectorType::get({2}, elem);
    auto shape = NVVM::LdStMatrixShapeAttr::get(ctx, 8, 8);
    SmallVector<Value> elems;
    for (SmallVector<Value> &row : emitIndices(loc, b, plan.rowAddress)) {
      Value ptr = LLVM::GEPOp::create(b, loc, base.getType(), elem, base,
                                      ArrayRef<LLVM::GEPArg>{row.front()});
      Value result = NVVM::LdMatrixOp::create(
          b, loc, resultType, ptr, /*num=*/4,
          plan.trans ? NVVM::MMALayout::col : NVVM::MMALayout::row, shape,
          NVVM::LdStMatrixEltType::B16);
      for (int64_t i = 0; i < 4; ++i) {
        Value word = LLVM::ExtractValueOp::create(b, loc, result, i);
        Value pair = LLVM::BitcastOp::create(b, loc, pairType, word);
        for (int64_t j = 0; j < 2; ++j)
          elems.push_back(LLVM::ExtractElementOp::create(b, loc, pair,
                                                         i32Const(b, loc, j)));
      }
    }
    return elems;
  }

  /// Every register loaded from its offset, runs of consecutive elements as
  /// vectors of up to 16 bytes.
  LogicalResult loadElementwise(tilegpu::LocalLoadOp op,
                                const LinearLayout &dstLL, Type elem,
                                Value base, SmallVector<Value> &elems,
                                ConversionPatternRewriter &b) const {
    Location loc = op.getLoc();
    MemDescType type = op.getMem().getType();
    unsigned bytes = getStorageBytes(type.getElementType());
    unsigned vec = std::max(1u, 16 / bytes);
    FailureOr<SmallVector<Value>> offsets = failure();
    for (; vec >= 1; vec /= 2) {
      offsets = emitSharedOffsets(loc, b, dstLL, type, vec);
      if (succeeded(offsets) || vec == 1)
        break;
    }
    if (failed(offsets))
      return op.emitError("cannot address the shared tile ")
             << type << " from " << op.getType();
    auto vecType = VectorType::get({int64_t(vec)}, elem);
    for (size_t r = 0; r < offsets->size(); r += vec) {
      Value ptr = LLVM::GEPOp::create(b, loc, base.getType(), elem, base,
                                      ArrayRef<LLVM::GEPArg>{(*offsets)[r]});
      Value v = LLVM::LoadOp::create(b, loc, vecType, ptr, vec * bytes);
      for (unsigned k = 0; k < vec; ++k)
        elems.push_back(
            LLVM::ExtractElementOp::create(b, loc, v, i32Const(b, loc, k)));
    }
    return success();
  }
};

} // namespace

void tilec::gpu_to_llvm::populateLocalLoadOpToLLVMPatterns(
    TileGPUTypeConverter &converter, RewritePatternSet &patterns) {
  patterns.add<LocalLoadConversion>(converter);
}
