//===- PipelinePlan.h - What tilegpu-pipeline does to one loop --*- C++ -*-===//
//
// The loop analysis of the tilegpu-pipeline pass (Pipeline.cpp): which loads
// of an scf.for become asynchronous copies into shared rings, which ops
// compute their addresses ahead (stage 0), which ops the iteration itself
// still needs (stage 1), and, for everything left as it was, why. The
// rewrite in Pipeline.cpp only follows the plan.
//
//===----------------------------------------------------------------------===//

#ifndef TILEC_DIALECTS_TILEGPU_TRANSFORMS_PIPELINEPLAN_H
#define TILEC_DIALECTS_TILEGPU_TRANSFORMS_PIPELINEPLAN_H

#include "Tile/IR/TileOps.h"
#include "TileGPU/IR/TileGPUOps.h"

#include "mlir/Dialect/SCF/IR/SCF.h"

#include "llvm/ADT/SetVector.h"

#include <string>

namespace tilec::tilegpu::pipeline {

/// A load whose tile goes to shared memory whole, and so can be copied there
/// asynchronously: a pointer load (`tile.load`, by cp.async) or a descriptor
/// load (`tile.descriptor_load`, by TMA). Between the load and its
/// local_alloc there may be layout conversions and one transposition
/// (attention's `tl.trans(k)`), which the copy makes unnecessary: a
/// transposed tile is copied through transposed pointers, the shared layout
/// keeping the load's contiguous dimension contiguous.
struct Prefetch {
  mlir::Operation *load;
  LocalAllocOp alloc;
  /// The ops from the load (excluded) to the alloc (excluded).
  llvm::SmallVector<mlir::Operation *> between;
  /// The transposition among them, if any.
  tile::TransOp trans;
  /// cp.async's vector width in elements; 0 for a descriptor load.
  unsigned vec;

  bool isTMA() const { return llvm::isa<tile::DescriptorLoadOp>(load); }
  /// The shared tile a copy writes, one slot of the ring: the alloc's, but
  /// for a TMA copy read transposed the tile as TMA lands it (the alloc's
  /// type is then its `memdesc_trans`).
  MemDescType slotType() const;
};

/// A remark for --print-pipeline-remarks: where, and what happened or why
/// not.
struct Remark {
  mlir::Location loc;
  std::string text;
};

/// What pipelining one loop needs.
struct LoopPlan {
  llvm::SmallVector<Prefetch> prefetches;
  /// Stage 0: the address and mask computations of the prefetched loads,
  /// in body order, run `numStages - 1` iterations ahead.
  llvm::SmallVector<mlir::Operation *> stage0;
  /// The loop-carried values stage 0 steps (their index among the iter
  /// args); the rewritten loop carries them ahead.
  llvm::SmallSetVector<unsigned, 4> stage0Args;
  /// Stage 1: the ops the iteration itself runs, in body order: everything
  /// but the prefetch chains and the stage-0 ops only stage 0 needs. A
  /// stage-0 value stage 1 also reads (attention's key indices, which both
  /// address V and mask the scores) is computed again here.
  llvm::SmallVector<mlir::Operation *> stage1;
  /// The iter args carried at the current iteration: every non-stage-0 one,
  /// and the stage-0 ones stage 1 or the loop's users read.
  llvm::SmallSetVector<unsigned, 4> currentArgs;
  bool feedsWgmma = false;
  /// Whether any prefetch is a cp.async copy, any a TMA copy.
  bool hasCpAsync = false, hasTMA = false;
  /// The wgmma dots kept in flight across iterations (all of the loop's,
  /// or none).
  llvm::SmallVector<WarpGroupDotOp> asyncDots;
};

/// Whether tilegpu-pipeline considers `forOp` at all: its body holds a dot
/// or the loop carries `tile.num_stages` (tl.range(..., num_stages=)).
bool isCandidate(mlir::scf::ForOp forOp);

/// Plans the pipelining of `forOp`. Loads it cannot prefetch stay as they
/// are, each with a remark saying why; fails, with a remark on the loop,
/// when no load is left to prefetch.
mlir::FailureOr<LoopPlan> planLoop(mlir::scf::ForOp forOp, bool useTMA,
                                   llvm::SmallVectorImpl<Remark> &remarks);

} // namespace tilec::tilegpu::pipeline

#endif // TILEC_DIALECTS_TILEGPU_TRANSFORMS_PIPELINEPLAN_H
