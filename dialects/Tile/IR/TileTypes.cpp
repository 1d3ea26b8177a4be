//===- TileTypes.cpp - Tile dialect types and type helpers ------*- C++ -*-===//
//
// Implements `!tile.ptr<T>` and `!tile.tensordesc<...>` (printing, parsing,
// verification) and the shape-preserving type helpers declared in
// TileTypes.h.
//
//===----------------------------------------------------------------------===//

#include "Tile/IR/TileTypes.h"
#include "Tile/IR/TileOps.h"
#include "tilec/TensorDescriptor.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/DialectImplementation.h"

#include "llvm/ADT/TypeSwitch.h"

using namespace mlir;
using namespace tilec::tile;

#define GET_TYPEDEF_CLASSES
#include "Tile/IR/TileTypes.cpp.inc"

void TileDialect::registerTypes() {
  addTypes<
#define GET_TYPEDEF_LIST
#include "Tile/IR/TileTypes.cpp.inc"
      >();
}

LogicalResult PtrType::verify(function_ref<InFlightDiagnostic()> emitError,
                              Type pointeeType) {
  if (!pointeeType)
    return emitError() << "pointee type must not be null";
  if (!pointeeType.isIntOrFloat() && !isa<PtrType>(pointeeType))
    return emitError() << "pointee type must be an integer, a float or a "
                          "pointer, got "
                       << pointeeType;
  return success();
}

LogicalResult
TensorDescType::verify(function_ref<InFlightDiagnostic()> emitError,
                       RankedTensorType blockType) {
  if (!blockType || blockType.getRank() != 2 || !blockType.hasStaticShape())
    return emitError() << "a tensor descriptor's block must be a static 2-D "
                          "tensor, got "
                       << blockType;
  if (blockType.getEncoding())
    return emitError() << "a tensor descriptor's block has no layout";
  // A tensor map's element is 1, 2, 4 or 8 bytes, and the shared layout
  // the block lands in needs a power-of-two size.
  Type e = blockType.getElementType();
  unsigned bits = e.isIntOrFloat() ? e.getIntOrFloatBitWidth() : 0;
  if (bits < 8 || bits > 64 || !llvm::isPowerOf2_32(bits))
    return emitError() << "a tensor descriptor holds integers or floats of 8, "
                          "16, 32 or 64 bits, got "
                       << e;
  // The block must have a TMA plan: every pass after the frontend (which
  // refuses the others) derives the shared tile and the copies from it.
  TensorDescLayout plan;
  std::string why;
  std::vector<int64_t> shape(blockType.getShape().begin(),
                             blockType.getShape().end());
  if (!planTensorDescLayout(shape, bits / 8, plan, why))
    return emitError() << why << ", got " << blockType;
  return success();
}

namespace tilec::tile {

Type getScalarType(Type type) {
  if (auto tensor = dyn_cast_if_present<RankedTensorType>(type))
    return tensor.getElementType();
  return type;
}

Type withElementType(Type type, Type newElementType) {
  if (auto tensor = dyn_cast_if_present<RankedTensorType>(type))
    return RankedTensorType::get(tensor.getShape(), newElementType,
                                 tensor.getEncoding());
  return newElementType;
}

bool isPtrLike(Type type) {
  return isa_and_present<PtrType>(getScalarType(type));
}

Type getPointeeType(Type ptrLike) {
  auto ptr = dyn_cast_or_null<PtrType>(getScalarType(ptrLike));
  if (!ptr)
    return {};
  return withElementType(ptrLike, ptr.getPointeeType());
}

Type getI1SameShape(Type type) {
  if (!type)
    return {};
  return withElementType(type, IntegerType::get(type.getContext(), 1));
}

Type getI32SameShape(Type type) {
  if (!type)
    return {};
  return withElementType(type, IntegerType::get(type.getContext(), 32));
}

Type getI64SameShape(Type type) {
  if (!type)
    return {};
  return withElementType(type, IntegerType::get(type.getContext(), 64));
}

bool haveSameShape(Type a, Type b) {
  auto ta = dyn_cast_if_present<RankedTensorType>(a);
  auto tb = dyn_cast_if_present<RankedTensorType>(b);
  if (!ta || !tb)
    return !ta && !tb;
  return ta.getShape() == tb.getShape();
}

} // namespace tilec::tile
