//===- FpToFpOpToLLVM.cpp - tile.fp_to_fp per element -----------*- C++ -*-===//
//
// tile.fp_to_fp is the float conversion that carries a rounding mode: what
// `.to(dtype, fp_downcast_rounding="rtz")` and conversions to and from fp8
// become. Per element, a widening is llvm.fpext, a round-to-nearest-even
// narrowing llvm.fptrunc, and a round-toward-zero narrowing the NVVM
// conversion intrinsic of that mode (cvt.rz.f16.f32, cvt.rz.bf16.f32), the
// pairs Triton's lowering has. fp8 conversions are not lowered yet: they are
// refused by name rather than turned into invalid LLVM.
//
//===----------------------------------------------------------------------===//

#include "Utility.h"

#include "Tile/IR/TileOps.h"

using namespace mlir;
using namespace tilec;
using namespace tilec::gpu_to_llvm;

namespace {

static bool isStandardFloat(Type t) {
  return t.isF16() || t.isBF16() || t.isF32() || t.isF64();
}

struct FpToFpOpConversion : public ConvertOpToLLVMPattern<tile::FpToFpOp> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;

  LogicalResult
  matchAndRewrite(tile::FpToFpOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    Type from = getElementTypeOrSelf(op.getSrc().getType());
    Type to = getElementTypeOrSelf(op.getType());
    if (!isStandardFloat(from) || !isStandardFloat(to))
      return op.emitError("conversion from ")
             << from << " to " << to << " is not supported yet (fp8)";
    Type converted = getTypeConverter()->convertType(op.getType());
    if (!converted)
      return op.emitError("cannot lower result type ") << op.getType();

    unsigned fromBits = from.getIntOrFloatBitWidth();
    unsigned toBits = to.getIntOrFloatBitWidth();
    bool rtz = op.getRounding() == tile::RoundingMode::RTZ;
    StringRef intrinsic;
    if (fromBits > toBits && rtz) {
      if (from.isF32() && to.isF16())
        intrinsic = "llvm.nvvm.f2f16.rz";
      else if (from.isF32() && to.isBF16())
        intrinsic = "llvm.nvvm.f2bf16.rz";
      else
        return op.emitError("rounding mode rtz from ")
               << from << " to " << to << " is not supported";
    } else if (fromBits == toBits && from != to) {
      // f16 <-> bf16: Triton goes through f32, exact on the way up.
      return op.emitError("conversion from ")
             << from << " to " << to << " must go through f32";
    }

    SmallVector<Value> out;
    for (Value e : unpackElements(loc, adaptor.getSrc(), rewriter)) {
      Value r;
      if (from == to)
        r = e;
      else if (fromBits < toBits)
        r = LLVM::FPExtOp::create(rewriter, loc, to, e);
      else if (!intrinsic.empty())
        r = LLVM::CallIntrinsicOp::create(rewriter, loc, to,
                                          rewriter.getStringAttr(intrinsic),
                                          ValueRange{e})
                .getResult(0);
      else
        r = LLVM::FPTruncOp::create(rewriter, loc, to, e);
      out.push_back(r);
    }
    if (isa<RankedTensorType>(op.getType()))
      rewriter.replaceOp(op, packElements(loc, converted, out, rewriter));
    else
      rewriter.replaceOp(op, out.front());
    return success();
  }
};

} // namespace

void tilec::gpu_to_llvm::populateFpToFpOpToLLVMPatterns(
    TileGPUTypeConverter &converter, RewritePatternSet &patterns) {
  patterns.add<FpToFpOpConversion>(converter);
}
