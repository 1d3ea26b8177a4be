//===- ElementwiseOpToLLVM.cpp - Elementwise ops per element -----*- C++ -*-===//
//
// Elementwise arith, math and tile ops on tensors become the same op on each
// of the thread's elements; the scalar ops are then lowered as Triton lowers
// them on NVIDIA GPUs: f32 exp as ex2.approx, f32 division as div.full, the
// other math functions as libdevice calls (ExternCallToLLVM.cpp), the rest
// by MLIR's arith and math to LLVM patterns.
//
//===----------------------------------------------------------------------===//

#include "Utility.h"

#include "Tile/IR/TileOps.h"

#include "mlir/Conversion/ArithToLLVM/ArithToLLVM.h"
#include "mlir/Conversion/MathToLLVM/MathToLLVM.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Math/IR/Math.h"

#include "llvm/Support/MathExtras.h"


using namespace mlir;
using namespace tilec;
using namespace tilec::gpu_to_llvm;

namespace {

/// The per-thread elements of operand `i` of an op that works on `n`
/// elements: a tensor's fields, or a scalar replicated.
static SmallVector<Value> getElements(Location loc, Value original,
                                      Value converted, unsigned n,
                                      OpBuilder &b) {
  if (isa<RankedTensorType>(original.getType()))
    return unpackElements(loc, converted, b);
  return SmallVector<Value>(n, converted);
}

/// The number of elements per thread of the first tensor among `types`, 1 if
/// there is none, std::nullopt for a tensor without a layout.
static std::optional<unsigned> getCommonCount(TypeRange types) {
  for (Type t : types)
    if (isa<RankedTensorType>(t))
      return getNumElementsPerThread(t);
  return 1;
}

/// Any arith or math op with the ElementwiseMappable traits whose types need
/// conversion: recreated per element with the converted operands.
struct ElementwiseOpConversion : public ConversionPattern {
  ElementwiseOpConversion(const TypeConverter &converter, MLIRContext *ctx)
      : ConversionPattern(converter, MatchAnyOpTypeTag(), /*benefit=*/1, ctx) {}

  LogicalResult
  matchAndRewrite(Operation *op, ArrayRef<Value> operands,
                  ConversionPatternRewriter &rewriter) const override {
    if (!isa<arith::ArithDialect, math::MathDialect>(op->getDialect()) ||
        !OpTrait::hasElementwiseMappableTraits(op) || op->getNumRegions())
      return failure();
    if (getTypeConverter()->isLegal(op))
      return failure();
    Location loc = op->getLoc();
    SmallVector<Type> types(op->getOperandTypes());
    llvm::append_range(types, op->getResultTypes());
    std::optional<unsigned> n = getCommonCount(types);
    if (!n)
      return op->emitError("tensor without a tilegpu layout");

    SmallVector<SmallVector<Value>> elems;
    for (auto [orig, conv] : llvm::zip(op->getOperands(), operands)) {
      elems.push_back(getElements(loc, orig, conv, *n, rewriter));
      if (elems.back().size() != *n)
        return op->emitError("operands have different numbers of elements "
                             "per thread");
    }
    SmallVector<Type> scalarTypes, resultTypes;
    for (Type t : op->getResultTypes()) {
      Type scalar = getTypeConverter()->convertType(getElementTypeOrSelf(t));
      Type result = getTypeConverter()->convertType(t);
      if (!scalar || !result)
        return op->emitError("cannot lower result type ") << t;
      scalarTypes.push_back(scalar);
      resultTypes.push_back(result);
    }

    SmallVector<SmallVector<Value>> results(op->getNumResults());
    for (unsigned k = 0; k < *n; ++k) {
      OperationState state(loc, op->getName());
      for (auto &e : elems)
        state.addOperands(e[k]);
      state.addTypes(scalarTypes);
      state.addAttributes(op->getAttrs());
      Operation *scalarOp = rewriter.create(state);
      for (auto [i, r] : llvm::enumerate(scalarOp->getResults()))
        results[i].push_back(r);
    }
    SmallVector<Value> replacements;
    for (auto [i, t] : llvm::enumerate(op->getResultTypes())) {
      if (isa<RankedTensorType>(t))
        replacements.push_back(
            packElements(loc, resultTypes[i], results[i], rewriter));
      else
        replacements.push_back(results[i].front());
    }
    rewriter.replaceOp(op, replacements);
    return success();
  }
};

/// A one-operand tile op applied per element by `fn` (element, converted
/// result element type) -> value.
template <typename SourceOp>
struct UnaryTileOpConversion : public ConvertOpToLLVMPattern<SourceOp> {
  using Fn = std::function<Value(OpBuilder &, Location, Value, Type)>;
  UnaryTileOpConversion(const LLVMTypeConverter &converter, Fn fn)
      : ConvertOpToLLVMPattern<SourceOp>(converter), fn(std::move(fn)) {}

  LogicalResult
  matchAndRewrite(SourceOp op, typename SourceOp::Adaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    Type resultType = op->getResult(0).getType();
    Type converted = this->getTypeConverter()->convertType(resultType);
    Type scalar = this->getTypeConverter()->convertType(
        getElementTypeOrSelf(resultType));
    if (!converted || !scalar)
      return op.emitError("cannot lower result type ") << resultType;
    Value src = adaptor.getOperands()[0];
    SmallVector<Value> out;
    for (Value e : unpackElements(loc, src, rewriter))
      out.push_back(fn(rewriter, loc, e, scalar));
    if (isa<RankedTensorType>(resultType))
      rewriter.replaceOp(op, packElements(loc, converted, out, rewriter));
    else
      rewriter.replaceOp(op, out.front());
    return success();
  }

  Fn fn;
};

//===----------------------------------------------------------------------===//
// Fast f32 math (second phase, on scalars)
//===----------------------------------------------------------------------===//

static bool isF32(Type t) { return t.isF32(); }

/// math.exp on f32: exp2(x * log2(e)), which NVPTX emits as ex2.approx.
struct ExpOpLowering : public ConvertOpToLLVMPattern<math::ExpOp> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;
  LogicalResult
  matchAndRewrite(math::ExpOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    if (!isF32(op.getType()))
      return failure();
    Location loc = op.getLoc();
    Value log2e = LLVM::ConstantOp::create(
        rewriter, loc, rewriter.getF32Type(),
        rewriter.getF32FloatAttr(llvm::numbers::log2ef));
    Value x = LLVM::FMulOp::create(rewriter, loc, adaptor.getOperand(), log2e);
    rewriter.replaceOpWithNewOp<LLVM::Exp2Op>(op, rewriter.getF32Type(), x);
    return success();
  }
};

/// arith.divf on f32: div.full.f32 (at most 2 ulp, one reciprocal and one
/// multiply), what Triton gives `/` on fp32; the IEEE-rounded div.rn.f32 is
/// a dozen instructions with a slow path, and a softmax row of 64 elements
/// per thread paid it on every element.
struct DivFOpLowering : public ConvertOpToLLVMPattern<arith::DivFOp> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;
  LogicalResult
  matchAndRewrite(arith::DivFOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    if (!isF32(op.getType()))
      return failure();
    rewriter.replaceOpWithNewOp<LLVM::CallIntrinsicOp>(
        op, rewriter.getF32Type(), rewriter.getStringAttr("llvm.nvvm.div.full"),
        ValueRange{adaptor.getLhs(), adaptor.getRhs()});
    return success();
  }
};

} // namespace

void tilec::gpu_to_llvm::populateElementwiseOpToLLVMPatterns(
    TileGPUTypeConverter &converter, RewritePatternSet &patterns) {
  MLIRContext *ctx = patterns.getContext();
  patterns.add<ElementwiseOpConversion>(converter, ctx);
  populateExternCallToLLVMPatterns(converter, patterns);
  using B = OpBuilder &;
  patterns.add<UnaryTileOpConversion<tile::HintOp>>(
      converter, [](B, Location, Value v, Type) { return v; });
  patterns.add<UnaryTileOpConversion<tile::PtrToIntOp>>(
      converter, [](B b, Location loc, Value v, Type t) -> Value {
        return LLVM::PtrToIntOp::create(b, loc, t, v);
      });
  patterns.add<UnaryTileOpConversion<tile::IntToPtrOp>>(
      converter, [](B b, Location loc, Value v, Type t) -> Value {
        return LLVM::IntToPtrOp::create(b, loc, t, v);
      });
  patterns.add<UnaryTileOpConversion<tile::BitcastOp>>(
      converter, [](B b, Location loc, Value v, Type t) -> Value {
        if (v.getType() == t)
          return v;
        return LLVM::BitcastOp::create(b, loc, t, v);
      });
}

void tilec::gpu_to_llvm::populateScalarToLLVMPatterns(
    TileGPUTypeConverter &converter, RewritePatternSet &patterns) {
  patterns.add<ExpOpLowering, DivFOpLowering>(converter, /*benefit=*/2);
  populateMathToLibdevicePatterns(converter, patterns);
  arith::populateArithToLLVMConversionPatterns(converter, patterns);
  populateMathToLLVMConversionPatterns(converter, patterns);
}
