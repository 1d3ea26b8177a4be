//===- ControlFlowToLLVM.cpp - Structured control flow to LLVM ---*- C++ -*-===//
//
// scf.for/if/while with tensor operands first get their types converted in
// place (MLIR's structural type conversion); the second phase of the pass
// lowers scf to cf and cf to LLVM.
//
//===----------------------------------------------------------------------===//

#include "Utility.h"

#include "mlir/Conversion/ControlFlowToLLVM/ControlFlowToLLVM.h"
#include "mlir/Conversion/SCFToControlFlow/SCFToControlFlow.h"
#include "mlir/Dialect/SCF/Transforms/Patterns.h"

using namespace mlir;
using namespace tilec;
using namespace tilec::gpu_to_llvm;

void tilec::gpu_to_llvm::populateControlFlowTypeConversions(
    TileGPUTypeConverter &converter, RewritePatternSet &patterns,
    ConversionTarget &target) {
  scf::populateSCFStructuralTypeConversionsAndLegality(converter, patterns,
                                                       target);
}

void tilec::gpu_to_llvm::populateControlFlowToLLVMPatterns(
    TileGPUTypeConverter &converter, RewritePatternSet &patterns) {
  populateSCFToControlFlowConversionPatterns(patterns);
  cf::populateControlFlowToLLVMConversionPatterns(converter, patterns);
}
