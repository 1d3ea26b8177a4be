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

LogicalResult MemDescIndexOp::verify() {
  MemDescType src = getSrc().getType(), dst = getResult().getType();
  llvm::ArrayRef<unsigned> srcOrder = src.getEncoding().getOrder();
  if (src.getShape().size() != dst.getShape().size() + 1 ||
      src.getShape().drop_front() != dst.getShape() ||
      src.getElementType() != dst.getElementType())
    return emitOpError() << "result " << dst << " is not one slot of " << src;
  // The ring dimension is the outermost: the last in `order`.
  if (srcOrder.back() != 0 || src.getEncoding().getSwizzleBytes() !=
                                  dst.getEncoding().getSwizzleBytes())
    return emitOpError() << "the ring's layout " << src.getEncoding()
                         << " must be the slot's " << dst.getEncoding()
                         << " with the ring dimension outermost";
  for (auto [s, d] :
       llvm::zip(srcOrder.drop_back(), dst.getEncoding().getOrder()))
    if (s != d + 1)
      return emitOpError() << "the ring's order does not extend the slot's";
  return mlir::success();
}

MemDescType tilec::tilegpu::getTransposedMemDesc(MemDescType type,
                                                 llvm::ArrayRef<int32_t> perm) {
  SharedEncodingAttr layout = type.getEncoding();
  llvm::SmallVector<int64_t> shape;
  for (int32_t d : perm)
    shape.push_back(type.getShape()[d]);
  // The old dimension `d` is the new dimension where `perm` names it.
  llvm::SmallVector<unsigned> order;
  for (unsigned d : layout.getOrder())
    order.push_back(unsigned(llvm::find(perm, int32_t(d)) - perm.begin()));
  return MemDescType::get(
      type.getContext(), shape, type.getElementType(),
      SharedEncodingAttr::get(type.getContext(), layout.getSwizzleBytes(),
                              order));
}

LogicalResult MemDescTransOp::verify() {
  MemDescType src = getSrc().getType();
  llvm::ArrayRef<int32_t> perm = getOrder();
  llvm::SmallVector<int32_t> sorted(perm);
  llvm::sort(sorted);
  for (auto [i, d] : llvm::enumerate(sorted))
    if (d != int32_t(i) || perm.size() != src.getShape().size())
      return emitOpError() << "order must be a permutation of the "
                           << src.getShape().size() << " dimensions";
  MemDescType expected = getTransposedMemDesc(src, perm);
  if (getResult().getType() != expected)
    return emitOpError() << "result must be " << expected;
  return mlir::success();
}

LogicalResult AsyncCopyGlobalToLocalOp::verify() {
  auto ptrs = llvm::cast<mlir::RankedTensorType>(getPtrs().getType());
  MemDescType dst = getDst().getType();
  auto ptrType = llvm::dyn_cast<tilec::tile::PtrType>(ptrs.getElementType());
  if (!ptrType || ptrType.getPointeeType() != dst.getElementType() ||
      ptrs.getShape() != dst.getShape())
    return emitOpError() << "pointers " << ptrs << " do not address the tile "
                         << dst;
  if (getMask() &&
      llvm::cast<mlir::RankedTensorType>(getMask().getType()).getShape() !=
          ptrs.getShape())
    return emitOpError() << "mask and pointers differ in shape";
  // `vec` is a signless i32: read it signed, so that a negative one is
  // reported as such and not as a wrapped byte count.
  int64_t vec = getVecAttr().getInt();
  if (vec <= 0)
    return emitOpError() << "vec must be positive, got " << vec;
  // Pointers are 8 bytes, as in MemDescType::getSizeInBytes.
  mlir::Type elem = dst.getElementType();
  int64_t elemBytes =
      elem.isIntOrFloat()
          ? std::max<int64_t>(1, elem.getIntOrFloatBitWidth() / 8)
          : 8;
  int64_t bytes = vec * elemBytes;
  if (bytes != 4 && bytes != 8 && bytes != 16)
    return emitOpError() << "cp.async copies 4, 8 or 16 bytes, not " << bytes;
  return mlir::success();
}

LogicalResult WarpGroupDotOp::verify() {
  mlir::Type a = getA().getType();
  MemDescType b = getB().getType();
  auto c = llvm::cast<mlir::RankedTensorType>(getC().getType());
  auto mma = llvm::dyn_cast_or_null<MmaEncodingAttr>(c.getEncoding());
  if (!mma || mma.getVersion() != 3)
    return emitOpError() << "accumulator needs a version 3 mma layout, got "
                         << c;
  llvm::ArrayRef<int64_t> aShape;
  if (auto mem = llvm::dyn_cast<MemDescType>(a)) {
    aShape = mem.getShape();
  } else {
    // A in registers: wgmma's register form takes 16-bit A elements in the
    // accumulator layout's operand-0 fragment.
    auto t = llvm::cast<mlir::RankedTensorType>(a);
    aShape = t.getShape();
    auto dotOp = llvm::dyn_cast_or_null<DotOperandEncodingAttr>(t.getEncoding());
    if (!dotOp || dotOp.getOpIdx() != 0 || dotOp.getParent() != mma)
      return emitOpError() << "a in registers needs the layout "
                              "#tilegpu.dot_op<{opIdx = 0, parent = "
                           << mma << ", ...}>, got " << t;
    mlir::Type e = t.getElementType();
    if (!e.isF16() && !e.isBF16())
      return emitOpError() << "a in registers must be f16 or bf16, got " << e;
    if (b.getElementType() != e)
      return emitOpError() << "a in registers and b must have one element "
                              "type, got "
                           << e << " and " << b.getElementType();
  }
  if (aShape.size() != 2 || b.getShape().size() != 2 || c.getRank() != 2 ||
      aShape[1] != b.getShape()[0] || aShape[0] != c.getShape()[0] ||
      b.getShape()[1] != c.getShape()[1])
    return emitOpError() << "shapes " << a << " * " << b << " -> " << c
                         << " do not form a matrix product";
  if (getResult().getType() != c)
    return emitOpError() << "result type must be the accumulator's";
  return mlir::success();
}

LogicalResult WarpGroupDotWaitOp::verify() {
  if (getInputs().getTypes() != getOutputs().getTypes())
    return emitOpError() << "outputs must have the inputs' types";
  return mlir::success();
}
