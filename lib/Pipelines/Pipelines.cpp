//===- Pipelines.cpp - tilec's named pass pipelines -------------*- C++ -*-===//
//
// See tilec/Pipelines.h.
//
//===----------------------------------------------------------------------===//

#include "tilec/Pipelines.h"

#include "Conversion/Passes.h"
#include "Tile/Transforms/Passes.h"
#include "TileGPU/Transforms/Passes.h"

#include "mlir/Conversion/NVVMToLLVM/NVVMToLLVM.h"
#include "mlir/Pass/PassRegistry.h"
#include "mlir/Transforms/Passes.h"

void tilec::buildTileOptimizationPipeline(mlir::OpPassManager &pm) {
  pm.addPass(mlir::createCanonicalizerPass());
  pm.addPass(mlir::createCSEPass());
  pm.addPass(tilec::tile::createTileCombine());
  pm.addPass(mlir::createCanonicalizerPass());
  // Last, as in Triton's make_ttir: tl.range(loop_unroll_factor=).
  pm.addPass(tilec::tile::createTileLoopUnroll());
}

void tilec::buildTileLegalityCheck(mlir::OpPassManager &pm,
                                   const TileGPUPipelineOptions &options) {
  tile::TileCheckTargetLegalityOptions legality;
  legality.computeCapability = options.computeCapability;
  legality.hasTMA = options.tma;
  pm.addPass(tile::createTileCheckTargetLegality(legality));
}

void tilec::buildTileGPUPipeline(mlir::OpPassManager &pm,
                                 const TileGPUPipelineOptions &options) {
  ConvertTileToTileGPUOptions toGPU;
  toGPU.numWarps = options.numWarps;
  pm.addPass(createConvertTileToTileGPU(toGPU));
  pm.addPass(mlir::createCanonicalizerPass());
  pm.addPass(mlir::createCSEPass());
  pm.addPass(tilegpu::createTileGPUCoalesce());
  tilegpu::TileGPUAccelerateDotOptions dot;
  dot.computeCapability = options.computeCapability;
  dot.useWgmma = options.wgmma;
  pm.addPass(tilegpu::createTileGPUAccelerateDot(dot));
  pm.addPass(tilegpu::createTileGPURemoveLayoutConversions());
  pm.addPass(mlir::createCanonicalizerPass());
  pm.addPass(mlir::createCSEPass());
  // tl.range(..., warp_specialize=True) on sm_90a (wgmma, TMA, setmaxnreg);
  // elsewhere the flag is a hint, as in Triton, and the loop is pipelined.
  if (options.wgmma && options.tma) {
    tilegpu::TileGPUWarpSpecializeOptions ws;
    ws.numStages = options.numStages;
    ws.remarks = options.pipelineRemarks;
    pm.addPass(tilegpu::createTileGPUWarpSpecialize(ws));
  }
  // cp.async exists from sm_80 on, like every architecture tilec targets.
  tilegpu::TileGPUPipelineOptions pipeline;
  pipeline.numStages = options.numStages;
  pipeline.useTMA = options.tma;
  pipeline.remarks = options.pipelineRemarks;
  pm.addPass(tilegpu::createTileGPUPipeline(pipeline));
  // After the pipeline: what it turned into copies is left alone; what is
  // rewritten is the loops that still load into registers.
  pm.addPass(tilegpu::createTileGPUShrinkLoopRegisters());
  tilegpu::TileGPULowerDescriptorsOptions descriptors;
  descriptors.computeCapability = options.computeCapability;
  pm.addPass(tilegpu::createTileGPULowerDescriptors(descriptors));
  pm.addPass(mlir::createCanonicalizerPass());
  pm.addPass(mlir::createCSEPass());
}

int64_t tilec::getMaxSharedBytes(unsigned computeCapability) {
  if (computeCapability >= 90)
    return 227 * 1024;
  if (computeCapability == 80)
    return 163 * 1024;
  return 99 * 1024;
}

void tilec::buildLLVMPipeline(mlir::OpPassManager &pm, int64_t maxSharedBytes,
                              unsigned computeCapability) {
  TileGPUAllocateSharedMemoryOptions alloc;
  alloc.maxBytes = maxSharedBytes;
  pm.addPass(createTileGPUAllocateSharedMemory(alloc));
  ConvertTileGPUToLLVMOptions lower;
  lower.computeCapability = computeCapability;
  pm.addPass(createConvertTileGPUToLLVM(lower));
  // The NVVM ops that have no LLVM intrinsic (predicated mbarrier and TMA
  // ops, the mbarrier wait loop) become inline PTX.
  pm.addPass(mlir::createConvertNVVMToLLVMPass());
  pm.addPass(mlir::createCanonicalizerPass());
  pm.addPass(mlir::createCSEPass());
}

void tilec::registerPipelines() {
  mlir::PassPipelineRegistration<>(
      "tilec-tile-opt", "clean up freshly emitted tile IR",
      [](mlir::OpPassManager &pm) { buildTileOptimizationPipeline(pm); });
}
