//===- KernelSignature.cpp - Kernel metadata from the emitted IR -*- C++ -*-===//
//
// See KernelSignature.h. The metadata a host launches with is read from the
// IR the frontend emitted, never rebuilt from the source, so it cannot
// disagree with the kernel that was compiled: the same arguments, in the
// same order, with the same types.
//
//===----------------------------------------------------------------------===//

#include "Compiler/KernelSignature.h"

#include "Tile/IR/TileTypes.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/BuiltinTypes.h"

#include <fmt/format.h>

using namespace tilec;

/// The signature's spelling of a scalar type ("fp16", "i32", "u8"), or ""
/// for one no signature entry produces.
static std::string getScalarName(mlir::Type type, bool isUnsigned) {
  if (type.isF16())
    return "fp16";
  if (type.isBF16())
    return "bf16";
  if (type.isF32())
    return "fp32";
  if (type.isF64())
    return "fp64";
  if (llvm::isa<mlir::Float8E4M3FNType>(type))
    return "fp8e4nv";
  if (llvm::isa<mlir::Float8E5M2Type>(type))
    return "fp8e5";
  if (auto i = llvm::dyn_cast<mlir::IntegerType>(type))
    return fmt::format("{}{}", isUnsigned && i.getWidth() > 1 ? "u" : "i",
                       i.getWidth());
  return "";
}

/// The parameter's name: the NameLoc the frontend put on the argument.
static std::string getArgumentName(mlir::BlockArgument arg, unsigned index) {
  if (auto name = llvm::dyn_cast<mlir::NameLoc>(arg.getLoc()))
    return name.getName().str();
  return fmt::format("arg{}", index);
}

llvm::Error tilec::describeKernelSignature(mlir::ModuleOp module,
                                           KernelMetadata &md) {
  mlir::func::FuncOp kernel;
  module.walk([&](mlir::func::FuncOp fn) {
    if (fn->hasAttr("tile.kernel"))
      kernel = fn;
  });
  if (!kernel || kernel.isExternal())
    return llvm::createStringError("the emitted module holds no kernel");
  md.name = kernel.getSymName().str();
  md.params.clear();
  for (mlir::BlockArgument arg : kernel.getArguments()) {
    unsigned i = arg.getArgNumber();
    KernelParam p;
    p.name = getArgumentName(arg, i);
    bool isUnsigned = static_cast<bool>(kernel.getArgAttr(i, "tile.unsigned"));
    mlir::Type type = arg.getType();
    auto unsupported = [&]() {
      std::string text;
      llvm::raw_string_ostream os(text);
      os << type;
      return llvm::createStringError(fmt::format(
          "kernel '{}': parameter '{}' has type {}, which no launch can pass",
          md.name, p.name, text));
    };
    auto shapeDim = kernel.getArgAttrOfType<mlir::IntegerAttr>(
        i, "tile.desc_shape");
    auto strideDim = kernel.getArgAttrOfType<mlir::IntegerAttr>(
        i, "tile.desc_stride");
    if (shapeDim || strideDim) {
      // A descriptor's hidden shape or stride: the launch fills it.
      unsigned want = shapeDim ? 32 : 64;
      if (!type.isInteger(want))
        return unsupported();
      p.type = fmt::format("i{}", want);
      p.kind = shapeDim ? KernelParam::Kind::TensorDescShape
                        : KernelParam::Kind::TensorDescStride;
      p.bits = want;
      p.dim = (shapeDim ? shapeDim : strideDim).getInt();
    } else if (auto desc = llvm::dyn_cast<tile::TensorDescType>(type)) {
      mlir::RankedTensorType block = desc.getBlockType();
      std::string elem = getScalarName(block.getElementType(), false);
      if (elem.empty())
        return unsupported();
      std::vector<int64_t> shape(block.getShape().begin(),
                                 block.getShape().end());
      std::string why;
      if (!planTensorDescLayout(
              shape, (block.getElementTypeBitWidth() + 7) / 8, p.desc, why))
        return llvm::createStringError(
            fmt::format("kernel '{}': parameter '{}': {}", md.name, p.name,
                        why));
      p.desc.elemType = elem;
      std::string dims;
      for (int64_t d : shape)
        dims += (dims.empty() ? "" : ", ") + std::to_string(d);
      p.type = "tensordesc<" + elem + "[" + dims + "]>";
      p.kind = KernelParam::Kind::TensorDesc;
      p.bits = 1024;
    } else if (auto ptr = llvm::dyn_cast<tile::PtrType>(type)) {
      std::string elem = getScalarName(ptr.getPointeeType(), isUnsigned);
      if (elem.empty())
        return unsupported();
      p.type = "*" + elem;
      p.kind = KernelParam::Kind::Pointer;
      p.bits = 64;
    } else {
      p.type = getScalarName(type, isUnsigned);
      if (p.type.empty())
        return unsupported();
      p.kind = llvm::isa<mlir::FloatType>(type) ? KernelParam::Kind::Float
                                                : KernelParam::Kind::Int;
      p.bits = type.getIntOrFloatBitWidth();
    }
    md.params.push_back(std::move(p));
  }
  // The hidden parameters follow their descriptor, the shapes then the
  // strides of every dimension, as the launchers expect them.
  for (size_t i = 0; i < md.params.size(); ++i) {
    if (md.params[i].kind != KernelParam::Kind::TensorDesc)
      continue;
    size_t rank = md.params[i].desc.blockShape.size();
    if (i + 1 >= md.params.size() || md.params[i + 1].isPassed())
      continue;
    for (size_t k = 0; k < 2 * rank; ++k) {
      size_t j = i + 1 + k;
      KernelParam::Kind want = k < rank ? KernelParam::Kind::TensorDescShape
                                        : KernelParam::Kind::TensorDescStride;
      if (j >= md.params.size() || md.params[j].kind != want ||
          md.params[j].dim != k % rank)
        return llvm::createStringError(fmt::format(
            "kernel '{}': the hidden shape and strides of tensor descriptor "
            "'{}' are not the {} parameters after it",
            md.name, md.params[i].name, 2 * rank));
    }
    i += 2 * rank;
  }
  for (size_t i = 0, desc = 0; i < md.params.size(); ++i) {
    if (md.params[i].kind == KernelParam::Kind::TensorDesc)
      desc = i + 1;
    else if (md.params[i].isPassed())
      desc = 0;
    else if (!desc)
      return llvm::createStringError(fmt::format(
          "kernel '{}': hidden parameter '{}' follows no tensor descriptor",
          md.name, md.params[i].name));
  }
  return llvm::Error::success();
}
