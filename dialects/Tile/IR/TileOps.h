//===- TileOps.h - Tile dialect operations ----------------------*- C++ -*-===//
//
// The umbrella header of the tile dialect: the dialect, its types, its enum
// attributes and its operations.
//
//===----------------------------------------------------------------------===//

#ifndef TILEC_DIALECTS_TILE_IR_TILEOPS_H
#define TILEC_DIALECTS_TILE_IR_TILEOPS_H

#include "Tile/IR/TileDialect.h"
#include "Tile/IR/TileTypes.h"

#include "mlir/Bytecode/BytecodeOpInterface.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/OpDefinition.h"
#include "mlir/IR/OpImplementation.h"
#include "mlir/Interfaces/ControlFlowInterfaces.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

#include "Tile/IR/TileEnums.h.inc"

#define GET_ATTRDEF_CLASSES
#include "Tile/IR/TileAttrs.h.inc"

namespace tilec::tile {

/// Global memory, the side-effect resource of loads, stores and atomics.
struct GlobalMemory : public mlir::SideEffects::Resource::Base<GlobalMemory> {
  llvm::StringRef getName() final { return "<GlobalMemory>"; }
};

} // namespace tilec::tile

#define GET_OP_CLASSES
#include "Tile/IR/TileOps.h.inc"

#endif // TILEC_DIALECTS_TILE_IR_TILEOPS_H
