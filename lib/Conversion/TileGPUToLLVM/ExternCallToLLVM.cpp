//===- ExternCallToLLVM.cpp - libdevice and intrinsic calls -----*- C++ -*-===//
//
// Elementwise functions that become a call per element: `tile.extern_
// elementwise` (libdevice by name, `tl.umulhi`, `tl.sqrt_rn`, `tl.div_rn`)
// and the `math` ops that Triton lowers to libdevice on NVIDIA GPUs
// (`tl.log` is `__nv_logf` on fp32 and `__nv_log` on fp64, `tl.sin` is
// `__nv_sinf`, ...). A `__nv_*` symbol becomes a declaration that
// linkLibdeviceIfNeeded (lib/Target/Libdevice.cpp) resolves from CUDA's
// libdevice before PTX emission; an `llvm.*` symbol is an LLVM intrinsic.
//
//===----------------------------------------------------------------------===//

#include "Utility.h"

#include "Tile/IR/TileOps.h"

#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/Math/IR/Math.h"

using namespace mlir;
using namespace tilec;
using namespace tilec::gpu_to_llvm;

/// `symbol` applied to `args`: an intrinsic call for `llvm.*`, else a call
/// of a function declared (once) at the start of the module.
static Value createScalarCall(OpBuilder &b, Location loc, Operation *anchor,
                              StringRef symbol, Type resultType,
                              ValueRange args) {
  if (symbol.starts_with("llvm."))
    return LLVM::CallIntrinsicOp::create(b, loc, resultType,
                                         b.getStringAttr(symbol), args)
        ->getResult(0);
  auto module = anchor->getParentOfType<ModuleOp>();
  auto func = module.lookupSymbol<LLVM::LLVMFuncOp>(symbol);
  if (!func) {
    OpBuilder::InsertionGuard guard(b);
    b.setInsertionPointToStart(module.getBody());
    auto type = LLVM::LLVMFunctionType::get(resultType,
                                            llvm::to_vector(args.getTypes()));
    func = LLVM::LLVMFuncOp::create(b, UnknownLoc::get(b.getContext()), symbol,
                                    type);
  }
  return LLVM::CallOp::create(b, loc, func, args).getResult();
}

namespace {

/// tile.extern_elementwise: one call per element of the thread (its operands
/// are all tiles of one shape, or all scalars).
struct ExternElementwiseOpConversion
    : public ConvertOpToLLVMPattern<tile::ExternElementwiseOp> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;

  LogicalResult
  matchAndRewrite(tile::ExternElementwiseOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    Type resultType = op.getType();
    Type converted = getTypeConverter()->convertType(resultType);
    Type scalar =
        getTypeConverter()->convertType(getElementTypeOrSelf(resultType));
    if (!converted || !scalar)
      return op.emitError("cannot lower result type ") << resultType;
    bool isTensor = isa<RankedTensorType>(resultType);
    SmallVector<SmallVector<Value>> elems;
    for (auto [orig, conv] : llvm::zip(op.getSrcs(), adaptor.getSrcs()))
      elems.push_back(isa<RankedTensorType>(orig.getType())
                          ? unpackElements(loc, conv, rewriter)
                          : SmallVector<Value>{conv});
    size_t count = 1;
    for (auto &e : elems)
      count = std::max(count, e.size());
    SmallVector<Value> out;
    for (size_t k = 0; k < count; ++k) {
      SmallVector<Value> args;
      for (auto &e : elems)
        args.push_back(e.size() == 1 ? e[0] : e[k]);
      out.push_back(
          createScalarCall(rewriter, loc, op, op.getSymbol(), scalar, args));
    }
    if (isTensor)
      rewriter.replaceOp(op, packElements(loc, converted, out, rewriter));
    else
      rewriter.replaceOp(op, out.front());
    return success();
  }
};

/// A `math` op on f32 or f64 as the libdevice call Triton makes for it:
/// `__nv_<name>f` or `__nv_<name>`.
template <typename MathOp>
struct MathToLibdeviceLowering : public ConvertOpToLLVMPattern<MathOp> {
  MathToLibdeviceLowering(const LLVMTypeConverter &converter, StringRef name,
                          bool f64Only)
      : ConvertOpToLLVMPattern<MathOp>(converter, /*benefit=*/2), name(name),
        f64Only(f64Only) {}

  LogicalResult
  matchAndRewrite(MathOp op, typename MathOp::Adaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Type type = op.getType();
    if (!(type.isF64() || (type.isF32() && !f64Only)))
      return failure();
    std::string symbol = ("__nv_" + name + (type.isF32() ? "f" : "")).str();
    rewriter.replaceOp(op, createScalarCall(rewriter, op.getLoc(), op, symbol,
                                            type, adaptor.getOperands()));
    return success();
  }

  StringRef name;
  bool f64Only;
};

} // namespace

void tilec::gpu_to_llvm::populateExternCallToLLVMPatterns(
    TileGPUTypeConverter &converter, RewritePatternSet &patterns) {
  patterns.add<ExternElementwiseOpConversion>(converter);
}

void tilec::gpu_to_llvm::populateMathToLibdevicePatterns(
    TileGPUTypeConverter &converter, RewritePatternSet &patterns) {
  // exp on f32 is ex2.approx of x * log2(e) (ElementwiseOpToLLVM.cpp), as in
  // Triton; every other function goes to libdevice on f32 and f64.
  patterns.add<MathToLibdeviceLowering<math::ExpOp>>(converter, "exp", true);
  patterns.add<MathToLibdeviceLowering<math::Exp2Op>>(converter, "exp2", false);
  patterns.add<MathToLibdeviceLowering<math::LogOp>>(converter, "log", false);
  patterns.add<MathToLibdeviceLowering<math::Log2Op>>(converter, "log2", false);
  patterns.add<MathToLibdeviceLowering<math::SinOp>>(converter, "sin", false);
  patterns.add<MathToLibdeviceLowering<math::CosOp>>(converter, "cos", false);
  patterns.add<MathToLibdeviceLowering<math::SqrtOp>>(converter, "sqrt", false);
  patterns.add<MathToLibdeviceLowering<math::RsqrtOp>>(converter, "rsqrt",
                                                       false);
  patterns.add<MathToLibdeviceLowering<math::ErfOp>>(converter, "erf", false);
  patterns.add<MathToLibdeviceLowering<math::FloorOp>>(converter, "floor",
                                                       false);
  patterns.add<MathToLibdeviceLowering<math::CeilOp>>(converter, "ceil", false);
}
