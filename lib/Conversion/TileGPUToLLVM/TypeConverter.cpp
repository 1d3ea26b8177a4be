//===- TypeConverter.cpp - Types of the TileGPU lowering --------*- C++ -*-===//
//
// The type converter of convert-tilegpu-to-llvm and the packing of a
// thread's elements into the LLVM struct that stands for a tensor.
//
//===----------------------------------------------------------------------===//

#include "Utility.h"

#include "Tile/IR/TileOps.h"

using namespace mlir;
using namespace tilec;
using namespace tilec::gpu_to_llvm;

TileGPUTypeConverter::TileGPUTypeConverter(MLIRContext *ctx,
                                           const LowerToLLVMOptions &options)
    : LLVMTypeConverter(ctx, options) {
  addConversion([ctx](tile::PtrType) -> Type {
    return LLVM::LLVMPointerType::get(ctx, /*addressSpace=*/1);
  });
  // A tensor descriptor is the generic address of its by-value kernel
  // parameter (FuncOpToLLVM.cpp).
  addConversion([ctx](tile::TensorDescType) -> Type {
    return LLVM::LLVMPointerType::get(ctx);
  });
  // A shared tile is the address of its first byte.
  addConversion([ctx](tilegpu::MemDescType) -> Type {
    return LLVM::LLVMPointerType::get(ctx, /*addressSpace=*/3);
  });
  addConversion([this](RankedTensorType type) -> std::optional<Type> {
    std::optional<unsigned> n = getNumElementsPerThread(type);
    if (!n)
      return std::nullopt; // Not ours: let other conversions decide.
    Type elem = convertType(type.getElementType());
    if (!elem)
      return Type();
    SmallVector<Type> fields(*n, elem);
    return LLVM::LLVMStructType::getLiteral(type.getContext(), fields);
  });
}

std::optional<unsigned> tilec::gpu_to_llvm::getNumElementsPerThread(Type type) {
  std::optional<tilegpu::LinearLayout> ll = tilegpu::getLinearLayout(type);
  if (!ll || !ll->hasInDim(tilegpu::kRegister))
    return std::nullopt;
  return ll->getInDimSize(tilegpu::kRegister);
}

SmallVector<Value>
tilec::gpu_to_llvm::unpackElements(Location loc, Value packed, OpBuilder &b) {
  auto structType = dyn_cast<LLVM::LLVMStructType>(packed.getType());
  if (!structType)
    return {packed};
  SmallVector<Value> elements;
  for (unsigned i = 0, e = structType.getBody().size(); i < e; ++i)
    elements.push_back(LLVM::ExtractValueOp::create(b, loc, packed, i));
  return elements;
}

Value tilec::gpu_to_llvm::packElements(Location loc, Type structType,
                                       ValueRange elements, OpBuilder &b) {
  Value result = LLVM::UndefOp::create(b, loc, structType);
  for (auto [i, v] : llvm::enumerate(elements))
    result = LLVM::InsertValueOp::create(b, loc, result, v, i);
  return result;
}
