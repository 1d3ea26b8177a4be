//===- Pipelines.h - tilec's named pass pipelines ---------------*- C++ -*-===//
//
// The pass pipelines between the levels of the compiler, shared by the
// `tilec` driver and the embedding API so that both compile alike.
//
//===----------------------------------------------------------------------===//

#ifndef TILEC_PIPELINES_H
#define TILEC_PIPELINES_H

#include "mlir/Pass/PassManager.h"

namespace tilec {

/// Cleans up freshly emitted `tile` IR: canonicalize, CSE and the
/// tile-level combines.
void buildTileOptimizationPipeline(mlir::OpPassManager &pm);

/// Tiling and layout assignment: `tile` -> `tilegpu` for `numWarps` warps,
/// then coalescing and layout propagation.
void buildTileGPUPipeline(mlir::OpPassManager &pm, unsigned numWarps);

/// Lowering to per-thread code: shared-memory allocation, then `tilegpu` ->
/// `llvm` + `nvvm`.
void buildLLVMPipeline(mlir::OpPassManager &pm);

/// Registers the pipelines with the global registry (for tilec-opt's
/// `--pass-pipeline`), as `tilec-tile-opt`.
void registerPipelines();

} // namespace tilec

#endif // TILEC_PIPELINES_H
