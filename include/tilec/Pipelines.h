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

/// What the tilegpu pipeline compiles for. The target facts come from
/// tilec::GpuArch (tilec/Target.h).
struct TileGPUPipelineOptions {
  unsigned numWarps = 4;
  /// The compute capability times ten (80, 86, 89, 90).
  unsigned computeCapability = 90;
  /// Whether wgmma exists (GpuArch::hasWgmma: the sm_90a target).
  bool wgmma = false;
  /// Whether TMA exists (GpuArch::hasTMA: sm_90 and newer).
  bool tma = true;
  /// Software-pipelining depth of loops that set none (tl.range's
  /// num_stages); 1 or less turns pipelining off.
  unsigned numStages = 3;
  /// tilegpu-pipeline's remarks (tilec --print-pipeline-remarks).
  bool pipelineRemarks = false;
};

/// The first pass on freshly emitted `tile` IR: refuses, at their source
/// lines, the ops the back end cannot lower for the target of `options`
/// (tile-check-target-legality).
void buildTileLegalityCheck(mlir::OpPassManager &pm,
                            const TileGPUPipelineOptions &options);

/// Tiling and layout assignment: `tile` -> `tilegpu`, then coalescing,
/// tensor-core layouts, layout propagation and software pipelining.
void buildTileGPUPipeline(mlir::OpPassManager &pm,
                          const TileGPUPipelineOptions &options);

/// The shared memory one CTA may use on an architecture (compute capability
/// times ten), in bytes: 227 KiB on sm_90, 163 KiB on sm_80, 99 KiB on
/// sm_86 and sm_89.
int64_t getMaxSharedBytes(unsigned computeCapability);

/// Lowering to per-thread code: shared-memory allocation (at most
/// `maxSharedBytes`), then `tilegpu` -> `llvm` + `nvvm` for a target of
/// `computeCapability` (fp8 conversions differ by target).
void buildLLVMPipeline(mlir::OpPassManager &pm, int64_t maxSharedBytes,
                       unsigned computeCapability = 90);

/// Registers the pipelines with the global registry (for tilec-opt's
/// `--pass-pipeline`), as `tilec-tile-opt`.
void registerPipelines();

} // namespace tilec

#endif // TILEC_PIPELINES_H
