//===- Pipelines.cpp - tilec's named pass pipelines -------------*- C++ -*-===//
//
// See tilec/Pipelines.h.
//
//===----------------------------------------------------------------------===//

#include "tilec/Pipelines.h"

#include "Conversion/Passes.h"
#include "Tile/Transforms/Passes.h"
#include "TileGPU/Transforms/Passes.h"

#include "mlir/Pass/PassRegistry.h"
#include "mlir/Transforms/Passes.h"

void tilec::buildTileOptimizationPipeline(mlir::OpPassManager &pm) {
  pm.addPass(mlir::createCanonicalizerPass());
  pm.addPass(mlir::createCSEPass());
  pm.addPass(tilec::tile::createTileCombine());
  pm.addPass(mlir::createCanonicalizerPass());
}

void tilec::buildTileGPUPipeline(mlir::OpPassManager &pm, unsigned numWarps) {
  ConvertTileToTileGPUOptions options;
  options.numWarps = numWarps;
  pm.addPass(createConvertTileToTileGPU(options));
  pm.addPass(mlir::createCanonicalizerPass());
  pm.addPass(mlir::createCSEPass());
  pm.addPass(tilegpu::createTileGPUCoalesce());
  pm.addPass(tilegpu::createTileGPUAccelerateDot());
  pm.addPass(tilegpu::createTileGPURemoveLayoutConversions());
  pm.addPass(mlir::createCanonicalizerPass());
  pm.addPass(mlir::createCSEPass());
}

void tilec::buildLLVMPipeline(mlir::OpPassManager &pm) {
  pm.addPass(createTileGPUAllocateSharedMemory());
  pm.addPass(createConvertTileGPUToLLVM());
  pm.addPass(mlir::createCanonicalizerPass());
  pm.addPass(mlir::createCSEPass());
}

void tilec::registerPipelines() {
  mlir::PassPipelineRegistration<>(
      "tilec-tile-opt", "clean up freshly emitted tile IR",
      [](mlir::OpPassManager &pm) { buildTileOptimizationPipeline(pm); });
}
