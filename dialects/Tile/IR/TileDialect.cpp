//===- TileDialect.cpp - Tile dialect registration --------------*- C++ -*-===//
//
// Registers the tile dialect's ops, types and attributes, materializes folded
// constants as arith.constant, and makes every tile op inlinable so that
// helper functions called from a kernel can be inlined into it.
//
//===----------------------------------------------------------------------===//

#include "Tile/IR/TileOps.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/IR/DialectImplementation.h"
#include "mlir/Transforms/InliningUtils.h"

#include "llvm/ADT/TypeSwitch.h"

using namespace mlir;
using namespace tilec::tile;

#include "Tile/IR/TileDialect.cpp.inc"
#include "Tile/IR/TileEnums.cpp.inc"

#define GET_ATTRDEF_CLASSES
#include "Tile/IR/TileAttrs.cpp.inc"

namespace {

/// Every tile op may be inlined: none refers to its enclosing function, and
/// the only terminator, tile.reduce.return, never leaves its own region.
struct TileInlinerInterface : public DialectInlinerInterface {
  using DialectInlinerInterface::DialectInlinerInterface;

  bool isLegalToInline(Operation *call, Operation *callable,
                       bool wouldBeCloned) const final {
    return true;
  }
  bool isLegalToInline(Region *dest, Region *src, bool wouldBeCloned,
                       IRMapping &valueMapping) const final {
    return true;
  }
  bool isLegalToInline(Operation *op, Region *dest, bool wouldBeCloned,
                       IRMapping &valueMapping) const final {
    return true;
  }
};

} // namespace

void TileDialect::initialize() {
  registerTypes();
  registerAttributes();
  addOperations<
#define GET_OP_LIST
#include "Tile/IR/TileOps.cpp.inc"
      >();
  addInterfaces<TileInlinerInterface>();
}

void TileDialect::registerAttributes() {
  addAttributes<
#define GET_ATTRDEF_LIST
#include "Tile/IR/TileAttrs.cpp.inc"
      >();
}

Operation *TileDialect::materializeConstant(OpBuilder &builder, Attribute value,
                                            Type type, Location loc) {
  return arith::ConstantOp::materialize(builder, value, type, loc);
}
