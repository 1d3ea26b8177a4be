//===- Types.h - Triton-language types in the frontend ----------*- C++ -*-===//
//
// The frontend's view of types: Triton's dtypes keep signedness (uint32 and
// int32 are different types with different division and comparison), which
// MLIR's signless integers do not, so the emitter tracks a DType beside every
// MLIR value. This file also holds Triton's type-promotion rules.
//
//===----------------------------------------------------------------------===//

#ifndef TILEC_LIB_FRONTEND_TYPES_H
#define TILEC_LIB_FRONTEND_TYPES_H

#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/MLIRContext.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringRef.h"

#include <optional>
#include <string>

namespace tilec::frontend {

/// Triton's scalar dtypes.
enum class DType : uint8_t {
  I1,
  I8,
  I16,
  I32,
  I64,
  U8,
  U16,
  U32,
  U64,
  FP8E4NV,
  FP8E5,
  /// Triton's fp8e4b15: fp8e4nv's layout with exponent bias 15 and no NaN.
  /// Its values are bytes (MLIR i8, as in Triton's IR); conversions are the
  /// bit manipulation of Triton's NVIDIA backend (EmitFp8e4b15.cpp).
  FP8E4B15,
  FP16,
  BF16,
  FP32,
  FP64,
};

unsigned getBitWidth(DType dt);
bool isFloat(DType dt);
inline bool isInt(DType dt) { return !isFloat(dt); }
inline bool isBool(DType dt) { return dt == DType::I1; }
/// Triton's is_fp8(): the three fp8 formats tilec has.
inline bool isFp8(DType dt) {
  return dt == DType::FP8E4NV || dt == DType::FP8E5 || dt == DType::FP8E4B15;
}
bool isUnsigned(DType dt);
/// Triton's name: `int32`, `uint8`, `fp16`, `bf16`, ...
llvm::StringRef getName(DType dt);
/// The name in a launch signature: `i32`, `u8`, `fp16`, `bf16`, ...
std::string getSignatureName(DType dt);
/// Parses a Triton (`float16`, `int32`) or signature (`fp16`, `i32`) name.
std::optional<DType> parseDTypeName(llvm::StringRef name);
mlir::Type getMlirType(mlir::MLIRContext *ctx, DType dt);
/// The fp8e4b15 byte of a Python float, converted as Triton converts such a
/// constant: to fp32 (nearest even), to fp16 toward zero, then the byte
/// (Emitter::castFp8e4b15 emits the same rule).
uint8_t encodeFp8e4b15(double v);

/// The element of a tile: a scalar dtype or a pointer to one.
struct ElemType {
  DType dtype = DType::I32;
  bool isPtr = false;

  static ElemType scalar(DType dt) { return {dt, false}; }
  static ElemType pointer(DType dt) { return {dt, true}; }
  bool operator==(const ElemType &o) const {
    return dtype == o.dtype && isPtr == o.isPtr;
  }
  bool operator!=(const ElemType &o) const { return !(*this == o); }
  bool isFloat() const { return !isPtr && frontend::isFloat(dtype); }
  bool isInt() const { return !isPtr && frontend::isInt(dtype); }
  bool isBool() const { return !isPtr && dtype == DType::I1; }
  std::string str() const;
};

mlir::Type getMlirType(mlir::MLIRContext *ctx, ElemType et);

/// A scalar (empty shape) or a tile (a ranked shape) of ElemType.
struct TileType {
  ElemType elem;
  llvm::SmallVector<int64_t, 4> shape;

  bool isTensor() const { return !shape.empty(); }
  int64_t getNumElements() const;
  TileType withElem(ElemType e) const { return {e, shape}; }
  bool operator==(const TileType &o) const {
    return elem == o.elem && shape == o.shape;
  }
  bool operator!=(const TileType &o) const { return !(*this == o); }
  /// `fp16[128, 64]`, `int32`, `pointer<fp32>[128]`.
  std::string str() const;
};

mlir::Type getMlirType(mlir::MLIRContext *ctx, const TileType &t);
std::string formatShape(llvm::ArrayRef<int64_t> shape);

/// Triton's dtype kinds (core.py's dtype.KIND), ordered: a Python scalar of
/// a kind not above the tile's kind does not take part in promotion. Signed
/// and unsigned integers are one kind: `u32_tile % 16` stays uint32.
enum class TypeKind { Bool = 0, Integral = 1, Float = 2 };
TypeKind getKind(DType dt);

/// The type a binary arithmetic operation computes in (Triton's rules:
/// fp64 > fp32 > fp16 > bf16; / and % on 16-bit floats compute in fp32;
/// integers promote by width and signedness). `aIsPyScalar` marks a Python
/// number operand, which adapts to the other side. Returns nullopt, with
/// `error` set, for a combination Triton refuses.
std::optional<DType> computationType(DType a, bool aIsPyScalar, DType b,
                                     bool bIsPyScalar, bool divOrMod,
                                     std::string &error);

/// Integer promotion of two integer dtypes.
DType integerPromote(DType a, DType b);

/// The dtype a Python int takes when it becomes a tensor.
DType dtypeOfPyInt(int64_t v, bool isUnsignedOnly);

} // namespace tilec::frontend

#endif // TILEC_LIB_FRONTEND_TYPES_H
