//===- TileGPUOps.h - TileGPU dialect operations ----------------*- C++ -*-===//
//
// The umbrella header of the tilegpu dialect: the dialect, its layout
// attributes (with the LayoutEncodingTrait interface), the memdesc type and
// the operations, plus helpers that read a tensor's linear layout.
//
//===----------------------------------------------------------------------===//

#ifndef TILEC_DIALECTS_TILEGPU_IR_TILEGPUOPS_H
#define TILEC_DIALECTS_TILEGPU_IR_TILEGPUOPS_H

#include "Tile/IR/TileOps.h"
#include "TileGPU/IR/LinearLayout.h"
#include "tilec/TensorDescriptor.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/Dialect.h"
#include "mlir/IR/TensorEncoding.h"
#include "mlir/IR/OpDefinition.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

#include "TileGPU/IR/TileGPUDialect.h.inc"

#include "TileGPU/IR/TileGPUAttrInterfaces.h.inc"

#define GET_ATTRDEF_CLASSES
#include "TileGPU/IR/TileGPUAttrs.h.inc"

#define GET_TYPEDEF_CLASSES
#include "TileGPU/IR/TileGPUTypes.h.inc"

#define GET_OP_CLASSES
#include "TileGPU/IR/TileGPUOps.h.inc"

namespace tilec::tilegpu {

/// The layout encoding of a tensor type, or null.
LayoutEncodingTrait getLayout(mlir::Type type);

/// The linear layout of a tensor type with a tilegpu layout encoding.
/// Returns std::nullopt for types without one.
std::optional<LinearLayout> getLinearLayout(mlir::Type type);

/// `tilegpu.num_warps` of the module enclosing `op` (4 when absent).
unsigned getNumWarps(mlir::Operation *op);

/// Registers per thread in a warp-specialized CTA (setmaxnreg): what the
/// launch gives every thread (the kernel's `.maxnreg`), what the producer
/// warpgroup keeps, and what the consumer warps take, so that the CTA never
/// asks for more than the launch reserved.
struct WarpSpecializedRegisters {
  int32_t launch, producer, consumer;
};
WarpSpecializedRegisters getWarpSpecializedRegisters(unsigned consumerWarps,
                                                     unsigned producerWarps);

/// The producer warps of the warp-specialized region in `func` (0 if none):
/// the CTA has that many warps beyond `tilegpu.num_warps`.
unsigned getNumProducerWarps(mlir::Operation *func);

/// The TMA plan of a descriptor's block (include/tilec/TensorDescriptor.h).
/// Fails for blocks TMA cannot move, which the frontend refuses.
mlir::FailureOr<TensorDescLayout> getTMAPlan(tile::TensorDescType desc);

/// The shared tile a block of `desc` lands in: the block's shape, row-major,
/// swizzled as its TMA plan says. Null when there is no plan.
MemDescType getTMASharedType(tile::TensorDescType desc);

/// `type` viewed with its dimensions permuted: dimension `i` of the result
/// is dimension `perm[i]` of `type`, the shared order permuted alike (what
/// `tilegpu.memdesc_trans` returns).
MemDescType getTransposedMemDesc(MemDescType type,
                                 llvm::ArrayRef<int32_t> perm);

/// One mbarrier: `!tilegpu.memdesc<[1], i64, ...>`.
MemDescType getBarrierType(mlir::MLIRContext *ctx);

} // namespace tilec::tilegpu

#endif // TILEC_DIALECTS_TILEGPU_IR_TILEGPUOPS_H
