//===- FmaDotOpToLLVM.cpp - tile.dot as an FMA loop -------------*- C++ -*-===//
//
// An fp32 tile.dot with input_precision="ieee", or an fp64 one, uses no
// tensor core: as in Triton, every accumulator element is updated by one
// fma.rn.f32 (fma.rn.f64) per step of K, in increasing K, starting from the
// accumulator's value:
//   c[m][n] = fma(a[m][K-1], b[K-1][n], ... fma(a[m][0], b[0][n], c[m][n]))
// so each product is rounded once, together with its sum (IEEE fp32).
//
// tilegpu-accelerate-dot gave the accumulator a blocked layout and each
// operand the same layout with K whole in every thread's registers (a
// broadcast across the lanes and warps of the other dimension). The
// lowering checks that contract on the linear layouts: the lane and warp
// bases of A must move along M exactly as the accumulator's do and never
// along K, and B's likewise along N. Then the register coordinates alone
// pair accumulator element (m, n) with the registers of (m, k) and (k, n).
//
//===----------------------------------------------------------------------===//

#include "Utility.h"

#include "Tile/IR/TileOps.h"

#include "llvm/ADT/DenseMap.h"

using namespace mlir;
using namespace tilec;
using namespace tilec::gpu_to_llvm;
using tilegpu::LinearLayout;

/// Whether the lanes and warps of `operand` move along dimension `shared`
/// (M for A, N for B) exactly as those of `acc` do, and not at all along
/// dimension `k`.
static bool isBroadcastOperand(const LinearLayout &operand,
                               const LinearLayout &acc, unsigned shared,
                               unsigned k) {
  for (StringRef dim : {tilegpu::kLane, tilegpu::kWarp}) {
    int32_t bits = acc.hasInDim(dim) ? acc.getInDimSizeLog2(dim) : 0;
    int32_t opBits = operand.hasInDim(dim) ? operand.getInDimSizeLog2(dim) : 0;
    if (bits != opBits)
      return false;
    for (int32_t i = 0; i < bits; ++i) {
      ArrayRef<int32_t> o = operand.getBasis(dim, i);
      ArrayRef<int32_t> c = acc.getBasis(dim, i);
      if (o[k] != 0 || o[shared] != c[shared])
        return false;
    }
  }
  return true;
}

/// The register of `layout` that holds each register coordinate (the
/// element at lane 0 of warp 0).
static llvm::DenseMap<std::pair<int32_t, int32_t>, int>
mapRegisters(const LinearLayout &layout) {
  llvm::DenseMap<std::pair<int32_t, int32_t>, int> map;
  int32_t regs = layout.hasInDim(tilegpu::kRegister)
                     ? layout.getInDimSize(tilegpu::kRegister)
                     : 1;
  for (int32_t r = 0; r < regs; ++r) {
    SmallVector<int32_t> c = applyPositional(layout, tilegpu::kRegister, r);
    map.try_emplace({c[0], c[1]}, r);
  }
  return map;
}

namespace {

struct FmaDotOpConversion : public ConvertOpToLLVMPattern<tile::DotOp> {
  FmaDotOpConversion(const LLVMTypeConverter &converter)
      : ConvertOpToLLVMPattern(converter, /*benefit=*/2) {}

  LogicalResult
  matchAndRewrite(tile::DotOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    auto aType = cast<RankedTensorType>(op.getA().getType());
    auto bType = cast<RankedTensorType>(op.getB().getType());
    auto cType = cast<RankedTensorType>(op.getC().getType());
    if (!isFmaDot(op))
      return failure();
    std::optional<LinearLayout> aLL = tilegpu::getLinearLayout(aType);
    std::optional<LinearLayout> bLL = tilegpu::getLinearLayout(bType);
    std::optional<LinearLayout> cLL = tilegpu::getLinearLayout(cType);
    if (!aLL || !bLL || !cLL || !isBroadcastOperand(*aLL, *cLL, 0, 1) ||
        !isBroadcastOperand(*bLL, *cLL, 1, 0))
      return op.emitError("tile.dot with input_precision=\"ieee\" needs the "
                          "FMA layouts of tilegpu-accelerate-dot (operands "
                          "broadcast over the accumulator's blocked layout)");

    Location loc = op.getLoc();
    SmallVector<Value> a = unpackElements(loc, adaptor.getA(), rewriter);
    SmallVector<Value> b = unpackElements(loc, adaptor.getB(), rewriter);
    SmallVector<Value> acc = unpackElements(loc, adaptor.getC(), rewriter);
    auto aRegs = mapRegisters(*aLL), bRegs = mapRegisters(*bLL);
    int64_t kSize = aType.getShape()[1];
    for (size_t r = 0; r < acc.size(); ++r) {
      Value &value = acc[r];
      SmallVector<int32_t> mn =
          applyPositional(*cLL, tilegpu::kRegister, int32_t(r));
      for (int32_t k = 0; k < kSize; ++k) {
        auto aIt = aRegs.find({mn[0], k});
        auto bIt = bRegs.find({k, mn[1]});
        if (aIt == aRegs.end() || bIt == bRegs.end())
          return op.emitError("tile.dot FMA operands do not hold row ")
                 << mn[0] << " or column " << mn[1] << " at k = " << k;
        value = LLVM::FMAOp::create(rewriter, loc, a[aIt->second],
                                    b[bIt->second], value);
      }
    }
    rewriter.replaceOp(
        op, packElements(loc, getTypeConverter()->convertType(op.getType()),
                         acc, rewriter));
    return success();
  }
};

} // namespace

bool tilec::gpu_to_llvm::isFmaDot(tile::DotOp op) {
  auto aType = cast<RankedTensorType>(op.getA().getType());
  auto cType = cast<RankedTensorType>(op.getC().getType());
  Type e = aType.getElementType();
  if (aType.getRank() != 2 || cType.getElementType() != e ||
      !isa_and_nonnull<tilegpu::BlockedEncodingAttr>(cType.getEncoding()))
    return false;
  return e.isF64() ||
         (e.isF32() && op.getInputPrecision() == tile::InputPrecision::IEEE);
}

void tilec::gpu_to_llvm::populateFmaDotOpToLLVMPatterns(
    TileGPUTypeConverter &converter, RewritePatternSet &patterns) {
  patterns.add<FmaDotOpConversion>(converter);
}
