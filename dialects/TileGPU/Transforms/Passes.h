//===- Passes.h - tilegpu dialect passes ------------------------*- C++ -*-===//
//
// Declares the passes of the tilegpu dialect, their create functions and
// their registration with the global pass registry.
//
//===----------------------------------------------------------------------===//

#ifndef TILEC_DIALECTS_TILEGPU_TRANSFORMS_PASSES_H
#define TILEC_DIALECTS_TILEGPU_TRANSFORMS_PASSES_H

#include "TileGPU/IR/TileGPUOps.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/Pass/Pass.h"

#include <memory>

namespace tilec::tilegpu {

#define GEN_PASS_DECL
#include "TileGPU/Transforms/Passes.h.inc"

/// Registers every tilegpu pass (`registerTileGPUPasses()`) and each one
/// alone.
#define GEN_PASS_REGISTRATION
#include "TileGPU/Transforms/Passes.h.inc"

} // namespace tilec::tilegpu

#endif // TILEC_DIALECTS_TILEGPU_TRANSFORMS_PASSES_H
