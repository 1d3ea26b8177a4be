//===- Passes.h - Tile dialect passes ---------------------------*- C++ -*-===//
//
// Declares the passes of the tile dialect, their create functions and their
// registration with the global pass registry.
//
//===----------------------------------------------------------------------===//

#ifndef TILEC_DIALECTS_TILE_TRANSFORMS_PASSES_H
#define TILEC_DIALECTS_TILE_TRANSFORMS_PASSES_H

#include "Tile/IR/TileOps.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/Pass/Pass.h"

#include <memory>

namespace tilec::tile {

#define GEN_PASS_DECL
#include "Tile/Transforms/Passes.h.inc"

/// Registers every tile pass (`registerTilePasses()`) and each one alone
/// (`registerTileCombine()`).
#define GEN_PASS_REGISTRATION
#include "Tile/Transforms/Passes.h.inc"

} // namespace tilec::tile

#endif // TILEC_DIALECTS_TILE_TRANSFORMS_PASSES_H
