//===- Types.cpp - Triton-language types in the frontend --------*- C++ -*-===//
//
// DType names and widths, their MLIR types, and Triton's promotion rules.
//
//===----------------------------------------------------------------------===//

#include "Frontend/Types.h"

#include "Tile/IR/TileOps.h"

#include "llvm/ADT/APFloat.h"
#include "llvm/ADT/StringSwitch.h"

#include <algorithm>

using namespace tilec::frontend;

unsigned tilec::frontend::getBitWidth(DType dt) {
  switch (dt) {
  case DType::I1:
    return 1;
  case DType::I8:
  case DType::U8:
  case DType::FP8E4NV:
  case DType::FP8E5:
  case DType::FP8E4B15:
    return 8;
  case DType::I16:
  case DType::U16:
  case DType::FP16:
  case DType::BF16:
    return 16;
  case DType::I32:
  case DType::U32:
  case DType::FP32:
    return 32;
  case DType::I64:
  case DType::U64:
  case DType::FP64:
    return 64;
  }
  return 32;
}

bool tilec::frontend::isFloat(DType dt) {
  switch (dt) {
  case DType::FP8E4NV:
  case DType::FP8E5:
  case DType::FP8E4B15:
  case DType::FP16:
  case DType::BF16:
  case DType::FP32:
  case DType::FP64:
    return true;
  default:
    return false;
  }
}

bool tilec::frontend::isUnsigned(DType dt) {
  return dt == DType::U8 || dt == DType::U16 || dt == DType::U32 ||
         dt == DType::U64;
}

llvm::StringRef tilec::frontend::getName(DType dt) {
  switch (dt) {
  case DType::I1:
    return "int1";
  case DType::I8:
    return "int8";
  case DType::I16:
    return "int16";
  case DType::I32:
    return "int32";
  case DType::I64:
    return "int64";
  case DType::U8:
    return "uint8";
  case DType::U16:
    return "uint16";
  case DType::U32:
    return "uint32";
  case DType::U64:
    return "uint64";
  case DType::FP8E4NV:
    return "fp8e4nv";
  case DType::FP8E5:
    return "fp8e5";
  case DType::FP8E4B15:
    return "fp8e4b15";
  case DType::FP16:
    return "fp16";
  case DType::BF16:
    return "bf16";
  case DType::FP32:
    return "fp32";
  case DType::FP64:
    return "fp64";
  }
  return "?";
}

std::string tilec::frontend::getSignatureName(DType dt) {
  // Signatures spell integers by signedness and width; floats as Triton.
  if (isFloat(dt))
    return getName(dt).str();
  return (isUnsigned(dt) ? "u" : "i") + std::to_string(getBitWidth(dt));
}

std::optional<DType> tilec::frontend::parseDTypeName(llvm::StringRef name) {
  return llvm::StringSwitch<std::optional<DType>>(name)
      .Cases({"i1", "int1", "bool"}, DType::I1)
      .Cases({"i8", "int8"}, DType::I8)
      .Cases({"i16", "int16"}, DType::I16)
      .Cases({"i32", "int32"}, DType::I32)
      .Cases({"i64", "int64"}, DType::I64)
      .Cases({"u8", "uint8"}, DType::U8)
      .Cases({"u16", "uint16"}, DType::U16)
      .Cases({"u32", "uint32"}, DType::U32)
      .Cases({"u64", "uint64"}, DType::U64)
      .Cases({"fp8e4nv", "float8e4nv"}, DType::FP8E4NV)
      .Cases({"fp8e5", "float8e5"}, DType::FP8E5)
      .Cases({"fp8e4b15", "float8e4b15"}, DType::FP8E4B15)
      .Cases({"fp16", "float16"}, DType::FP16)
      .Cases({"bf16", "bfloat16"}, DType::BF16)
      .Cases({"fp32", "float32"}, DType::FP32)
      .Cases({"fp64", "float64"}, DType::FP64)
      .Default(std::nullopt);
}

mlir::Type tilec::frontend::getMlirType(mlir::MLIRContext *ctx, DType dt) {
  mlir::Builder b(ctx);
  switch (dt) {
  case DType::FP8E4NV:
    return b.getType<mlir::Float8E4M3FNType>();
  case DType::FP8E5:
    return b.getType<mlir::Float8E5M2Type>();
  case DType::FP16:
    return b.getF16Type();
  case DType::BF16:
    return b.getBF16Type();
  case DType::FP32:
    return b.getF32Type();
  case DType::FP64:
    return b.getF64Type();
  default:
    // Integers, and fp8e4b15's bytes.
    return b.getIntegerType(getBitWidth(dt));
  }
}

uint8_t tilec::frontend::encodeFp8e4b15(double v) {
  bool lost;
  llvm::APFloat f(v);
  f.convert(llvm::APFloat::IEEEsingle(), llvm::APFloat::rmNearestTiesToEven,
            &lost);
  f.convert(llvm::APFloat::IEEEhalf(), llvm::APFloat::rmTowardZero, &lost);
  uint16_t h = static_cast<uint16_t>(f.bitcastToAPInt().getZExtValue());
  // The magnitude clamped to 1.75 (0x3F00; NaN and inf included), rounded
  // half up to 7 bits (4 of exponent, 3 of mantissa), under the sign.
  uint16_t m = std::min<uint16_t>(h & 0x7FFF, 0x3F00);
  return static_cast<uint8_t>(((h >> 8) & 0x80) | ((m + 0x40) >> 7));
}

std::string ElemType::str() const {
  if (isPtr)
    return ("pointer<" + getName(dtype) + ">").str();
  return getName(dtype).str();
}

mlir::Type tilec::frontend::getMlirType(mlir::MLIRContext *ctx, ElemType et) {
  mlir::Type t = getMlirType(ctx, et.dtype);
  if (et.isPtr)
    return tilec::tile::PtrType::get(ctx, t);
  return t;
}

int64_t TileType::getNumElements() const {
  int64_t n = 1;
  for (int64_t d : shape)
    n *= d;
  return n;
}

std::string tilec::frontend::formatShape(llvm::ArrayRef<int64_t> shape) {
  std::string s = "[";
  for (size_t i = 0; i < shape.size(); ++i) {
    if (i)
      s += ", ";
    s += std::to_string(shape[i]);
  }
  return s + "]";
}

std::string TileType::str() const {
  if (!isTensor())
    return elem.str();
  return elem.str() + formatShape(shape);
}

mlir::Type tilec::frontend::getMlirType(mlir::MLIRContext *ctx,
                                        const TileType &t) {
  mlir::Type e = getMlirType(ctx, t.elem);
  if (!t.isTensor())
    return e;
  return mlir::RankedTensorType::get(t.shape, e);
}

TypeKind tilec::frontend::getKind(DType dt) {
  if (dt == DType::I1)
    return TypeKind::Bool;
  if (isFloat(dt))
    return TypeKind::Float;
  return TypeKind::Integral;
}

DType tilec::frontend::integerPromote(DType a, DType b) {
  unsigned aw = getBitWidth(a), bw = getBitWidth(b);
  bool au = isUnsigned(a), bu = isUnsigned(b);
  if (au == bu)
    return aw > bw ? a : b;
  if (au)
    return aw >= bw ? a : b;
  return bw >= aw ? b : a;
}

std::optional<DType> tilec::frontend::computationType(DType a, bool aIsPyScalar,
                                                      DType b, bool bIsPyScalar,
                                                      bool divOrMod,
                                                      std::string &error) {
  auto is16 = [](DType t) { return t == DType::FP16 || t == DType::BF16; };
  // A Python number of a kind not above the tile's kind adapts to the tile.
  if (aIsPyScalar != bIsPyScalar) {
    DType scalar = aIsPyScalar ? a : b;
    DType tile = aIsPyScalar ? b : a;
    if (static_cast<int>(getKind(scalar)) <= static_cast<int>(getKind(tile))) {
      if (divOrMod && is16(tile))
        return DType::FP32;
      return tile;
    }
  }
  if (a == DType::FP64 || b == DType::FP64)
    return DType::FP64;
  if (a == DType::FP32 || b == DType::FP32)
    return DType::FP32;
  if (a == DType::FP16 || b == DType::FP16)
    return divOrMod ? DType::FP32 : DType::FP16;
  if (a == DType::BF16 && b == DType::BF16)
    return divOrMod ? DType::FP32 : DType::BF16;
  if (a == DType::BF16 || b == DType::BF16)
    return DType::FP32;
  // What is left are fp8 types (Triton's rule 5): one fp8 type stays
  // itself, two different ones compute in fp16, and fp8 with an integer
  // tile is an error.
  if (isFloat(a) && isFloat(b))
    return a == b ? a : DType::FP16;
  if (isFloat(a) || isFloat(b)) {
    error = ("unexpected types " + getName(a) + " and " + getName(b) +
             ": fp8 does not combine with integers")
                .str();
    return std::nullopt;
  }
  if (divOrMod && isUnsigned(a) != isUnsigned(b) && a != DType::I1 &&
      b != DType::I1) {
    // Capitalised as Triton words it: code written for Triton (its own
    // tests among it) matches "Cannot use .* because they have different
    // signedness".
    error = ("Cannot use /, // or % with " + getName(a) + " and " + getName(b) +
             " because they have different signedness")
                .str();
    return std::nullopt;
  }
  return integerPromote(a, b);
}

DType tilec::frontend::dtypeOfPyInt(int64_t v, bool isUnsignedOnly) {
  if (isUnsignedOnly)
    return DType::U64;
  if (v >= INT32_MIN && v <= INT32_MAX)
    return DType::I32;
  if (v > INT32_MAX && v <= static_cast<int64_t>(UINT32_MAX))
    return DType::U32;
  return DType::I64;
}
