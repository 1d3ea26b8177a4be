//===- TileLoopAttrs.h - Scheduling attributes of tile loops ----*- C++ -*-===//
//
// The discardable attributes that `tl.range(..., num_stages=,
// loop_unroll_factor=, flatten=, warp_specialize=,
// disallow_acc_multi_buffer=, disable_licm=)` puts on the `scf.for` it
// becomes, as Triton puts its `tt.*` attributes, with named accessors so
// that passes do not spell the strings (`while tl.condition(c,
// disable_licm=True)` puts tile.disable_licm on its scf.while). Which pass
// reads which:
//   tile.num_stages                 tilegpu-pipeline (stages of this loop)
//   tile.loop_unroll_factor         tile-loop-unroll (unrolls by it)
//   tile.flatten, tile.warp_specialize, tile.disallow_acc_multi_buffer,
//   tile.disable_licm               recorded only: hints no pass uses yet
//
//===----------------------------------------------------------------------===//

#ifndef TILEC_DIALECTS_TILE_IR_TILELOOPATTRS_H
#define TILEC_DIALECTS_TILE_IR_TILELOOPATTRS_H

#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/Builders.h"
#include "llvm/ADT/StringRef.h"

#include <optional>

namespace tilec::tile {

inline constexpr llvm::StringLiteral kNumStagesAttrName = "tile.num_stages";
inline constexpr llvm::StringLiteral kLoopUnrollFactorAttrName =
    "tile.loop_unroll_factor";
inline constexpr llvm::StringLiteral kFlattenAttrName = "tile.flatten";
inline constexpr llvm::StringLiteral kWarpSpecializeAttrName =
    "tile.warp_specialize";
inline constexpr llvm::StringLiteral kDisallowAccMultiBufferAttrName =
    "tile.disallow_acc_multi_buffer";
inline constexpr llvm::StringLiteral kDisableLicmAttrName = "tile.disable_licm";

/// An i32 attribute of the loop, if set.
inline std::optional<int32_t> getLoopIntAttr(mlir::scf::ForOp forOp,
                                             llvm::StringRef name) {
  if (auto attr = forOp->getAttrOfType<mlir::IntegerAttr>(name))
    return static_cast<int32_t>(attr.getInt());
  return std::nullopt;
}

inline void setLoopIntAttr(mlir::scf::ForOp forOp, llvm::StringRef name,
                           int32_t value) {
  forOp->setAttr(name,
                 mlir::IntegerAttr::get(
                     mlir::IntegerType::get(forOp->getContext(), 32), value));
}

/// `tl.range(num_stages=)`: how many stages to pipeline the loop into.
inline std::optional<int32_t> getLoopNumStages(mlir::scf::ForOp forOp) {
  return getLoopIntAttr(forOp, kNumStagesAttrName);
}
inline void setLoopNumStages(mlir::scf::ForOp forOp, int32_t n) {
  setLoopIntAttr(forOp, kNumStagesAttrName, n);
}

/// `tl.range(loop_unroll_factor=)`: unroll by this factor (< 2: do not).
inline std::optional<int32_t> getLoopUnrollFactor(mlir::scf::ForOp forOp) {
  return getLoopIntAttr(forOp, kLoopUnrollFactorAttrName);
}
inline void setLoopUnrollFactor(mlir::scf::ForOp forOp, int32_t n) {
  setLoopIntAttr(forOp, kLoopUnrollFactorAttrName, n);
}

/// The unit attributes: `tl.range(flatten=True)` and the like.
inline bool hasLoopFlag(mlir::scf::ForOp forOp, llvm::StringRef name) {
  return forOp->hasAttr(name);
}
inline void setLoopFlag(mlir::scf::ForOp forOp, llvm::StringRef name) {
  forOp->setAttr(name, mlir::UnitAttr::get(forOp->getContext()));
}

} // namespace tilec::tile

#endif // TILEC_DIALECTS_TILE_IR_TILELOOPATTRS_H
