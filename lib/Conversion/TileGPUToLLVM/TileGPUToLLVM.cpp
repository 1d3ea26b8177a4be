//===- TileGPUToLLVM.cpp - The convert-tilegpu-to-llvm pass -----*- C++ -*-===//
//
// Lowers a module of tilegpu kernels to the LLVM and NVVM dialects in two
// dialect conversions: the first turns tensors into per-thread structs (tile
// and tilegpu ops, elementwise ops on tensors, functions, and the types of
// structured control flow), the second lowers the remaining scalar arith,
// math, scf and cf ops to LLVM. Between the two, warp-specialized regions
// become branches on the thread's role. Anything left over is an error that
// names the op.
//
//===----------------------------------------------------------------------===//

#include "Conversion/Passes.h"

#include "Utility.h"

#include "Tile/IR/TileOps.h"
#include "TileGPU/IR/TileGPUOps.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/ControlFlow/IR/ControlFlow.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/SCF/IR/SCF.h"

#define DEBUG_TYPE "convert-tilegpu-to-llvm"

namespace tilec {
#define GEN_PASS_DEF_CONVERTTILEGPUTOLLVM
#include "Conversion/Passes.h.inc"
} // namespace tilec

using namespace mlir;
using namespace tilec;
using namespace tilec::gpu_to_llvm;

namespace {

struct ConvertTileGPUToLLVMPass
    : public tilec::impl::ConvertTileGPUToLLVMBase<ConvertTileGPUToLLVMPass> {
  using Base::Base;
  void runOnOperation() override;

private:
  LogicalResult createScratchBuffer(ModuleOp module);
  LogicalResult lowerTensors(ModuleOp module, TileGPUTypeConverter &converter);
  LogicalResult lowerScalars(ModuleOp module, TileGPUTypeConverter &converter);
};

} // namespace

/// The module's shared-memory buffer, of the size
/// tilegpu-allocate-shared-memory gave it (the allocation runs here when the
/// pipeline did not run it, so that the pass works on its own).
LogicalResult ConvertTileGPUToLLVMPass::createScratchBuffer(ModuleOp module) {
  if (!module->hasAttr(kSharedMemoryAttr) &&
      failed(allocateSharedMemory(module, /*maxBytes=*/49152)))
    return failure();
  int64_t bytes =
      module->getAttrOfType<IntegerAttr>(kSharedMemoryAttr).getInt();
  if (bytes == 0)
    return success();
  OpBuilder b = OpBuilder::atBlockBegin(module.getBody());
  // Past the 48 KiB a CTA may declare statically, the buffer is the kernel's
  // dynamic shared memory (`.extern .shared`), whose size each launch passes
  // (KernelMetadata::dynamicSharedBytes). 1024-byte alignment keeps swizzled
  // tiles, which the allocator places at multiples of 1024, aligned.
  bool dynamic = bytes > kMaxStaticSharedBytes;
  auto type = LLVM::LLVMArrayType::get(b.getI8Type(), dynamic ? 0 : bytes);
  LLVM::GlobalOp::create(
      b, module.getLoc(), type, /*isConstant=*/false,
      dynamic ? LLVM::Linkage::External : LLVM::Linkage::Internal, kScratchName,
      /*value=*/Attribute(), /*alignment=*/1024,
      /*addrSpace=*/3);
  if (dynamic)
    module->setAttr(kDynamicSharedMemoryAttr, b.getI64IntegerAttr(bytes));
  return success();
}

LogicalResult
ConvertTileGPUToLLVMPass::lowerTensors(ModuleOp module,
                                       TileGPUTypeConverter &converter) {
  MLIRContext *ctx = &getContext();
  ConversionTarget target(*ctx);
  target.addLegalDialect<LLVM::LLVMDialect, NVVM::NVVMDialect>();
  target.addIllegalDialect<tile::TileDialect, tilegpu::TileGPUDialect,
                           func::FuncDialect>();
  target.addDynamicallyLegalDialect<arith::ArithDialect, math::MathDialect,
                                    cf::ControlFlowDialect>(
      [&](Operation *op) { return converter.isLegal(op); });
  // Its regions lower in place; lowerWarpSpecializeOps splits it after.
  target.addLegalOp<ModuleOp, tilegpu::WarpSpecializeOp>();

  RewritePatternSet patterns(ctx);
  auto onMasked = [this] { ++numMaskedAccesses; };
  populateFuncOpToLLVMPatterns(converter, patterns);
  populateElementwiseOpToLLVMPatterns(converter, patterns);
  populateFpToFpOpToLLVMPatterns(converter, patterns, computeCapability);
  populateInlineAsmToLLVMPatterns(converter, patterns);
  populateMapElementwiseToLLVMPatterns(converter, patterns);
  populateMemoryOpToLLVMPatterns(converter, patterns, onMasked);
  populateAtomicOpToLLVMPatterns(converter, patterns, computeCapability);
  populateDebugOpToLLVMPatterns(converter, patterns);
  populateViewOpToLLVMPatterns(converter, patterns);
  populateReduceOpToLLVMPatterns(converter, patterns);
  populateScanOpToLLVMPatterns(converter, patterns);
  populateConvertLayoutOpToLLVMPatterns(converter, patterns);
  populateGatherOpToLLVMPatterns(converter, patterns);
  populateHistogramOpToLLVMPatterns(converter, patterns);
  populateDotOpToLLVMPatterns(converter, patterns);
  populateFmaDotOpToLLVMPatterns(converter, patterns);
  populateSharedMemoryOpToLLVMPatterns(converter, patterns);
  populateLocalLoadOpToLLVMPatterns(converter, patterns);
  populateWarpGroupDotOpToLLVMPatterns(converter, patterns);
  populateTMAOpToLLVMPatterns(converter, patterns);
  populateControlFlowTypeConversions(converter, patterns, target);
  return applyPartialConversion(module, target, std::move(patterns));
}

LogicalResult
ConvertTileGPUToLLVMPass::lowerScalars(ModuleOp module,
                                       TileGPUTypeConverter &converter) {
  MLIRContext *ctx = &getContext();
  ConversionTarget target(*ctx);
  target.addLegalDialect<LLVM::LLVMDialect, NVVM::NVVMDialect>();
  target.addLegalOp<ModuleOp, UnrealizedConversionCastOp>();
  RewritePatternSet patterns(ctx);
  populateControlFlowToLLVMPatterns(converter, patterns);
  populateScalarToLLVMPatterns(converter, patterns);
  if (failed(applyFullConversion(module, target, std::move(patterns))))
    return failure();
  SmallVector<UnrealizedConversionCastOp> casts;
  module.walk([&](UnrealizedConversionCastOp op) { casts.push_back(op); });
  reconcileUnrealizedCasts(casts);
  WalkResult left = module.walk([](UnrealizedConversionCastOp op) {
    op.emitError("value of type ")
        << op.getOperandTypes() << " is still used as " << op.getResultTypes()
        << " after lowering to LLVM";
    return WalkResult::interrupt();
  });
  return failure(left.wasInterrupted());
}

void ConvertTileGPUToLLVMPass::runOnOperation() {
  ModuleOp module = getOperation();
  LowerToLLVMOptions options(&getContext());
  TileGPUTypeConverter converter(&getContext(), options);
  if (failed(checkFpToFpTarget(module, computeCapability)) ||
      failed(createScratchBuffer(module)) ||
      failed(lowerTensors(module, converter)) ||
      failed(lowerWarpSpecializeOps(module)) ||
      failed(lowerScalars(module, converter)))
    return signalPassFailure();
}
