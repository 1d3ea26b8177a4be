//===- TileTypes.h - Tile dialect types and type helpers --------*- C++ -*-===//
//
// Declares `!tile.ptr<T>` and the helpers that ops, the frontend and later
// passes use to move between scalars, pointers and tiles. A tile is a builtin
// ranked tensor; every helper keeps its shape and encoding.
//
//===----------------------------------------------------------------------===//

#ifndef TILEC_DIALECTS_TILE_IR_TILETYPES_H
#define TILEC_DIALECTS_TILE_IR_TILETYPES_H

#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/Types.h"

#define GET_TYPEDEF_CLASSES
#include "Tile/IR/TileTypes.h.inc"

namespace tilec::tile {

/// Returns the element type of a tile, or `type` itself for a scalar.
mlir::Type getScalarType(mlir::Type type);

/// Returns `type` with its scalar type replaced by `newElementType`: a tile
/// keeps its shape and encoding, a scalar becomes `newElementType`.
mlir::Type withElementType(mlir::Type type, mlir::Type newElementType);

/// Returns true for `!tile.ptr<T>` and tiles of it.
bool isPtrLike(mlir::Type type);

/// Returns the type loaded through a pointer or tile of pointers: `T` for
/// `!tile.ptr<T>`, `tensor<..xT>` for `tensor<..x!tile.ptr<T>>`. Returns a
/// null type when `ptrLike` is not pointer-like.
mlir::Type getPointeeType(mlir::Type ptrLike);

/// Returns `i1`, or an `i1` tile with the shape and encoding of `type`.
mlir::Type getI1SameShape(mlir::Type type);

/// Returns `i32`, or an `i32` tile with the shape and encoding of `type`.
mlir::Type getI32SameShape(mlir::Type type);

/// Returns `i64`, or an `i64` tile with the shape and encoding of `type`.
mlir::Type getI64SameShape(mlir::Type type);

/// Returns true when `a` and `b` are both scalars, or both tiles of the same
/// shape. Element types and encodings are not compared.
bool haveSameShape(mlir::Type a, mlir::Type b);

} // namespace tilec::tile

#endif // TILEC_DIALECTS_TILE_IR_TILETYPES_H
