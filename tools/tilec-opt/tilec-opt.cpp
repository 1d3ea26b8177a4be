//===- tilec-opt.cpp - tilec's optimizer driver -----------------*- C++ -*-===//
//
// The `mlir-opt` of tilec: every dialect tilec emits or lowers through and
// every tilec pass is registered, so lit tests can run any pass on any IR.
//
//===----------------------------------------------------------------------===//

#include "Analysis/AxisInfo.h"
#include "Tile/IR/TileOps.h"
#include "Tile/Transforms/Passes.h"
#include "TileGPU/IR/TileGPUOps.h"
#include "TileGPU/Transforms/Passes.h"
#include "Conversion/Passes.h"

#include "mlir/Conversion/NVVMToLLVM/NVVMToLLVM.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/ControlFlow/IR/ControlFlow.h"
#include "mlir/Dialect/Func/Extensions/InlinerExtension.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Tools/mlir-opt/MlirOptMain.h"
#include "mlir/Transforms/Passes.h"

int main(int argc, char **argv) {
  mlir::DialectRegistry registry;
  registry.insert<tilec::tile::TileDialect, tilec::tilegpu::TileGPUDialect,
                  mlir::arith::ArithDialect,
                  mlir::cf::ControlFlowDialect, mlir::func::FuncDialect,
                  mlir::LLVM::LLVMDialect, mlir::NVVM::NVVMDialect,
                  mlir::math::MathDialect, mlir::scf::SCFDialect,
                  mlir::tensor::TensorDialect>();
  mlir::func::registerInlinerExtension(registry);

  mlir::registerCanonicalizerPass();
  mlir::registerCSEPass();
  mlir::registerInlinerPass();
  mlir::registerSymbolDCEPass();
  mlir::registerLoopInvariantCodeMotionPass();
  mlir::registerSCCPPass();
  // The last conversion of tilec's LLVM pipeline (lib/Pipelines): NVVM ops
  // without an LLVM intrinsic become inline PTX, which tests check.
  mlir::registerPass([] { return mlir::createConvertNVVMToLLVMPass(); });
  tilec::tile::registerTilePasses();
  tilec::tilegpu::registerTileGPUPasses();
  tilec::registerConversionPasses();
  tilec::registerTestAxisInfoPass();

  return mlir::asMainReturnCode(
      mlir::MlirOptMain(argc, argv, "tilec optimizer driver\n", registry));
}
