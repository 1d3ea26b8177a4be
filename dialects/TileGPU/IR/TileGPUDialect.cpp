//===- TileGPUDialect.cpp - TileGPU dialect ---------------------*- C++ -*-===//
//
// Registers the tilegpu dialect's attributes, types and operations, and the
// small queries other passes make of a module (number of warps).
//
//===----------------------------------------------------------------------===//

#include "TileGPU/IR/TileGPUOps.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/DialectImplementation.h"
#include "mlir/IR/OpImplementation.h"

#include "llvm/ADT/TypeSwitch.h"

using namespace tilec::tilegpu;

#include "TileGPU/IR/TileGPUDialect.cpp.inc"

#define GET_TYPEDEF_CLASSES
#include "TileGPU/IR/TileGPUTypes.cpp.inc"

namespace {
/// Prints layouts as `#blocked`, `#slice`, ... aliases at the top of the
/// module, so tensor types stay readable.
struct TileGPUOpAsmInterface : public mlir::OpAsmDialectInterface {
  using OpAsmDialectInterface::OpAsmDialectInterface;
  AliasResult getAlias(mlir::Attribute attr,
                       llvm::raw_ostream &os) const override {
    if (llvm::isa<BlockedEncodingAttr>(attr))
      os << "blocked";
    else if (llvm::isa<SliceEncodingAttr>(attr))
      os << "slice";
    else if (llvm::isa<MmaEncodingAttr>(attr))
      os << "mma";
    else if (llvm::isa<DotOperandEncodingAttr>(attr))
      os << "dot_op";
    else if (llvm::isa<SharedEncodingAttr>(attr))
      os << "shared";
    else
      return AliasResult::NoAlias;
    return AliasResult::FinalAlias;
  }
};
} // namespace

void TileGPUDialect::initialize() {
  addInterfaces<TileGPUOpAsmInterface>();
  registerAttributes();
  addTypes<
#define GET_TYPEDEF_LIST
#include "TileGPU/IR/TileGPUTypes.cpp.inc"
      >();
  addOperations<
#define GET_OP_LIST
#include "TileGPU/IR/TileGPUOps.cpp.inc"
      >();
}

unsigned tilec::tilegpu::getNumWarps(mlir::Operation *op) {
  auto module = llvm::isa<mlir::ModuleOp>(op)
                    ? llvm::cast<mlir::ModuleOp>(op)
                    : op->getParentOfType<mlir::ModuleOp>();
  if (!module)
    return 4;
  if (auto attr = module->getAttrOfType<mlir::IntegerAttr>(
          TileGPUDialect::kNumWarpsAttr))
    return attr.getInt();
  return 4;
}

//===----------------------------------------------------------------------===//
// MemDescType
//===----------------------------------------------------------------------===//

llvm::LogicalResult
MemDescType::verify(llvm::function_ref<mlir::InFlightDiagnostic()> emitError,
                    llvm::ArrayRef<int64_t> shape, mlir::Type elementType,
                    SharedEncodingAttr encoding) {
  if (shape.empty())
    return emitError() << "memdesc needs a shape";
  for (int64_t d : shape)
    if (d <= 0)
      return emitError() << "memdesc dimensions must be positive";
  if (encoding.getOrder().size() != shape.size())
    return emitError() << "memdesc of rank " << shape.size()
                       << " has a shared layout of rank "
                       << encoding.getOrder().size();
  return mlir::success();
}

int64_t MemDescType::getSizeInBytes() const {
  int64_t n = 1;
  for (int64_t d : getShape())
    n *= d;
  unsigned bits = getElementType().isIntOrFloat()
                      ? getElementType().getIntOrFloatBitWidth()
                      : 64;
  return n * std::max(1u, bits / 8);
}
