//===- TileDialect.h - Tile dialect declaration -----------------*- C++ -*-===//
//
// Declares the `tile` dialect class. Include Tile/IR/TileOps.h to get the
// dialect together with its types, attributes and operations. The dialects it
// depends on (arith, math, scf, func), whose ops appear in every tile
// program, come with this header.
//
//===----------------------------------------------------------------------===//

#ifndef TILEC_DIALECTS_TILE_IR_TILEDIALECT_H
#define TILEC_DIALECTS_TILE_IR_TILEDIALECT_H

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/Dialect.h"

#include "Tile/IR/TileDialect.h.inc"

#endif // TILEC_DIALECTS_TILE_IR_TILEDIALECT_H
