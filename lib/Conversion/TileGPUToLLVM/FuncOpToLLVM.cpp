//===- FuncOpToLLVM.cpp - Kernels and grid queries to LLVM -------*- C++ -*-===//
//
// func.func with `tile.kernel` becomes an llvm.func with `nvvm.kernel` and
// `nvvm.reqntid` (and, warp-specialized, `nvvm.maxnreg`); tile.program_id
// and tile.num_programs read the ctaid and nctaid special registers.
//
//===----------------------------------------------------------------------===//

#include "Utility.h"

#include "Tile/IR/TileOps.h"
#include "TileGPU/IR/TileGPUOps.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"

using namespace mlir;
using namespace tilec;
using namespace tilec::gpu_to_llvm;

namespace {

/// The threads of a CTA: `tilegpu.num_warps` times `tilegpu.threads_per_warp`
/// of the enclosing module.
static int64_t getThreadsPerCTA(Operation *op) {
  auto module = op->getParentOfType<ModuleOp>();
  int64_t warps = 4, threads = 32;
  if (auto a = module->getAttrOfType<IntegerAttr>("tilegpu.num_warps"))
    warps = a.getInt();
  if (auto a = module->getAttrOfType<IntegerAttr>("tilegpu.threads_per_warp"))
    threads = a.getInt();
  return warps * threads;
}

struct FuncOpConversion : public ConvertOpToLLVMPattern<func::FuncOp> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;

  LogicalResult
  matchAndRewrite(func::FuncOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    FunctionType type = op.getFunctionType();
    if (type.getNumResults() != 0)
      return op.emitError("functions with results are not supported, '")
             << op.getSymName() << "' returns " << type.getNumResults()
             << " values";
    TypeConverter::SignatureConversion sig(type.getNumInputs());
    for (auto [i, t] : llvm::enumerate(type.getInputs())) {
      Type converted = getTypeConverter()->convertType(t);
      if (!converted)
        return op.emitError("cannot lower argument type ") << t;
      sig.addInputs(i, converted);
    }
    auto llvmType = LLVM::LLVMFunctionType::get(
        LLVM::LLVMVoidType::get(getContext()), sig.getConvertedTypes());
    auto func = LLVM::LLVMFuncOp::create(rewriter, op.getLoc(),
                                         op.getSymName(), llvmType);
    bool isKernel = op->hasAttr("tile.kernel");
    if (isKernel) {
      // A warp-specialized kernel has a producer warpgroup beyond its
      // num_warps, and starts each thread at the register budget that
      // setmaxnreg then moves between the roles.
      unsigned producers = tilegpu::getNumProducerWarps(op);
      int64_t threads = getThreadsPerCTA(op) + 32 * int64_t(producers);
      func->setAttr("nvvm.kernel", rewriter.getUnitAttr());
      func->setAttr("nvvm.reqntid",
                    rewriter.getDenseI32ArrayAttr({int32_t(threads), 1, 1}));
      if (producers)
        func->setAttr(NVVM::NVVMDialect::getMaxnregAttrName(),
                      rewriter.getI32IntegerAttr(
                          tilegpu::getWarpSpecializedRegisters(
                              tilegpu::getNumWarps(op), producers)
                              .launch));
    }
    // `:16` on a pointer argument: the address is a multiple of 16 bytes.
    for (unsigned i = 0, e = type.getNumInputs(); i < e; ++i) {
      auto div = op.getArgAttrOfType<IntegerAttr>(i, "tile.divisibility");
      if (div && isa<tile::PtrType>(type.getInput(i)))
        func.setArgAttr(i, LLVM::LLVMDialect::getAlignAttrName(),
                        rewriter.getI64IntegerAttr(div.getInt()));
    }
    // A tensor descriptor is the 128-byte CUtensorMap itself, passed by
    // value; as a grid constant its address may be taken (cvta.param),
    // which is what cp.async.bulk.tensor reads the map through.
    for (unsigned i = 0, e = type.getNumInputs(); i < e; ++i) {
      if (!isa<tile::TensorDescType>(type.getInput(i)))
        continue;
      func.setArgAttr(i, LLVM::LLVMDialect::getByValAttrName(),
                      TypeAttr::get(LLVM::LLVMArrayType::get(
                          rewriter.getI8Type(), 128)));
      func.setArgAttr(i, LLVM::LLVMDialect::getAlignAttrName(),
                      rewriter.getI64IntegerAttr(64));
      func.setArgAttr(i, NVVM::NVVMDialect::getGridConstantAttrName(),
                      rewriter.getUnitAttr());
    }
    rewriter.inlineRegionBefore(op.getBody(), func.getBody(), func.end());
    if (failed(rewriter.convertRegionTypes(&func.getBody(),
                                           *getTypeConverter(), &sig)))
      return failure();
    rewriter.eraseOp(op);
    return success();
  }
};

struct ReturnOpConversion : public ConvertOpToLLVMPattern<func::ReturnOp> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;

  LogicalResult
  matchAndRewrite(func::ReturnOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    if (op.getNumOperands() != 0)
      return op.emitError("returning values is not supported");
    rewriter.replaceOpWithNewOp<LLVM::ReturnOp>(op, ValueRange());
    return success();
  }
};

template <typename SourceOp, typename X, typename Y, typename Z>
struct GridQueryConversion : public ConvertOpToLLVMPattern<SourceOp> {
  using ConvertOpToLLVMPattern<SourceOp>::ConvertOpToLLVMPattern;

  LogicalResult
  matchAndRewrite(SourceOp op, typename SourceOp::Adaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Type i32 = rewriter.getI32Type();
    Value v;
    switch (op.getAxis()) {
    case 0:
      v = X::create(rewriter, op.getLoc(), i32);
      break;
    case 1:
      v = Y::create(rewriter, op.getLoc(), i32);
      break;
    case 2:
      v = Z::create(rewriter, op.getLoc(), i32);
      break;
    default:
      return op.emitError("axis must be 0, 1 or 2, got ") << op.getAxis();
    }
    rewriter.replaceOp(op, v);
    return success();
  }
};

} // namespace

void tilec::gpu_to_llvm::populateFuncOpToLLVMPatterns(
    TileGPUTypeConverter &converter, RewritePatternSet &patterns) {
  patterns.add<FuncOpConversion, ReturnOpConversion,
               GridQueryConversion<tile::ProgramIdOp, NVVM::BlockIdXOp,
                                   NVVM::BlockIdYOp, NVVM::BlockIdZOp>,
               GridQueryConversion<tile::NumProgramsOp, NVVM::GridDimXOp,
                                   NVVM::GridDimYOp, NVVM::GridDimZOp>>(
      converter);
}
