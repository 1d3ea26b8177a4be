//===- TileGPUOps.cpp - TileGPU dialect operations --------------*- C++ -*-===//
//
// Verifiers and folders of the tilegpu operations.
//
//===----------------------------------------------------------------------===//

#include "TileGPU/IR/TileGPUOps.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/OpImplementation.h"

using namespace tilec::tilegpu;
using llvm::LogicalResult;

#define GET_OP_CLASSES
#include "TileGPU/IR/TileGPUOps.cpp.inc"

/// Checks that a tensor and a memdesc hold the same tile.
static LogicalResult verifySameTile(mlir::Operation *op,
                                    mlir::RankedTensorType tensor,
                                    MemDescType mem) {
  if (tensor.getShape() != mem.getShape() ||
      tensor.getElementType() != mem.getElementType())
    return op->emitOpError() << "tensor " << tensor << " and shared tile "
                             << mem << " differ in shape or element type";
  return mlir::success();
}

LogicalResult ConvertLayoutOp::verify() {
  if (!getLayout(getSrc().getType()) || !getLayout(getResult().getType()))
    return emitOpError() << "operands must have tilegpu layouts, got "
                         << getSrc().getType() << " and "
                         << getResult().getType();
  return mlir::success();
}

mlir::OpFoldResult ConvertLayoutOp::fold(FoldAdaptor) {
  if (getSrc().getType() == getResult().getType())
    return getSrc();
  // convert(convert(x)) is one conversion from x.
  if (auto inner = getSrc().getDefiningOp<ConvertLayoutOp>()) {
    if (inner.getSrc().getType() == getResult().getType())
      return inner.getSrc();
    getSrcMutable().assign(inner.getSrc());
    return getResult();
  }
  return {};
}

LogicalResult LocalAllocOp::verify() {
  if (!getSrc())
    return mlir::success();
  return verifySameTile(*this,
                        llvm::cast<mlir::RankedTensorType>(getSrc().getType()),
                        getResult().getType());
}

LogicalResult LocalLoadOp::verify() {
  return verifySameTile(*this, getResult().getType(), getMem().getType());
}

LogicalResult LocalStoreOp::verify() {
  return verifySameTile(*this, getSrc().getType(), getMem().getType());
}
