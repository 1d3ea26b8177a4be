//===- PipelineRewrite.h - Rings, copies and mbarriers ----------*- C++ -*-===//
//
// The pieces tilegpu-pipeline and tilegpu-warp-specialize both build a
// pipelined loop from: shared rings, arrays of mbarriers, the copies of one
// iteration's prefetched tiles into a slot, and "iteration i + k" of a loop.
//
//===----------------------------------------------------------------------===//

#ifndef TILEC_DIALECTS_TILEGPU_TRANSFORMS_PIPELINEREWRITE_H
#define TILEC_DIALECTS_TILEGPU_TRANSFORMS_PIPELINEREWRITE_H

#include "PipelinePlan.h"

#include "mlir/IR/IRMapping.h"

namespace tilec::tilegpu::pipeline {

/// An i32 constant.
mlir::Value i32(mlir::OpBuilder &b, mlir::Location loc, int64_t v);

/// The ring of `stages` slots for one prefetched tile: the slot's layout
/// with the ring dimension outermost.
mlir::Value createRing(mlir::OpBuilder &b, mlir::Location loc,
                       MemDescType slot, unsigned stages);

/// `slots` mbarriers, each initialized to expect `count` arrivals (by
/// thread 0; a CTA barrier must follow before anyone waits on them).
mlir::Value createBarriers(mlir::OpBuilder &b, mlir::Location loc,
                           unsigned slots, int32_t count);

/// Slot `slot` of the mbarrier array `barriers`.
mlir::Value barrierAt(mlir::OpBuilder &b, mlir::Location loc,
                      mlir::Value barriers, mlir::Value slot);

/// Copies the prefetched tiles of one iteration, its stage-0 values in
/// `map`, into slot `slot` of each ring; `valid` (i1) is false past the end.
/// TMA copies complete on the slot's mbarrier in `barriers`; past the end
/// they are not issued at all (no iteration waits for them).
void issueCopies(mlir::OpBuilder &b, mlir::Location loc, LoopPlan &plan,
                 llvm::ArrayRef<mlir::Value> rings, mlir::Value barriers,
                 mlir::IRMapping &map, mlir::Value slot, mlir::Value valid);

/// `iv + k * step < ub`, and that induction value, in the loop's type.
std::pair<mlir::Value, mlir::Value> aheadOf(mlir::OpBuilder &b,
                                            mlir::Location loc,
                                            mlir::scf::ForOp forOp,
                                            mlir::Value iv, int64_t k);

/// `v + 1`, wrapped to 0 at `slots`.
mlir::Value nextSlot(mlir::OpBuilder &b, mlir::Location loc, mlir::Value v,
                     unsigned slots);

/// The mbarrier phase parity for the slot after this one: `phase` flipped
/// when that slot, `next`, wrapped around to 0.
mlir::Value nextPhase(mlir::OpBuilder &b, mlir::Location loc, mlir::Value next,
                      mlir::Value phase);

/// After a pipelined loop: waits until `plan`'s asynchronous dots (kept in
/// flight across iterations) are complete, replacing their entries of
/// `results` (the old loop's results, by iter arg) with the waited values.
/// Whether there were any.
bool waitForAsyncDots(mlir::OpBuilder &b, mlir::Location loc,
                      const LoopPlan &plan,
                      llvm::MutableArrayRef<mlir::Value> results);

} // namespace tilec::tilegpu::pipeline

#endif // TILEC_DIALECTS_TILEGPU_TRANSFORMS_PIPELINEREWRITE_H
