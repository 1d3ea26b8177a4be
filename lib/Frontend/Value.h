//===- Value.h - Values the emitter computes with ---------------*- C++ -*-===//
//
// A kernel's expressions evaluate to TValues: either a compile-time value
// (Python numbers, strings, dtypes, tuples, modules, functions: Triton's
// constexprs) or a runtime value (an MLIR scalar or tensor with its Triton
// type). Constexpr evaluation, specialization and `if` folding all fall out
// of computing with the first kind.
//
//===----------------------------------------------------------------------===//

#ifndef TILEC_LIB_FRONTEND_VALUE_H
#define TILEC_LIB_FRONTEND_VALUE_H

#include "Frontend/AST.h"
#include "Frontend/PyInt.h"
#include "Frontend/Types.h"

#include "mlir/IR/Value.h"
#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/SmallVector.h"

#include <cmath>
#include <string>
#include <vector>

namespace tilec::frontend {

class TValue {
public:
  enum class Kind {
    None,
    Int,
    Float,
    Bool,
    Str,
    DTypeObj,   // tl.float16, tl.pointer_type(...), a tensor's block_type
    Tuple,      // constexpr or runtime elements
    Runtime,    // an MLIR value
    Module,     // `tl`, `triton`, `triton.language.math`
    Builtin,    // a function of a module (`tl.sum`) or a Python builtin
    Function,   // a @jit helper
    Descriptor, // a tensor descriptor parameter (its block in `type`)
    BlockPtr,   // tl.make_block_ptr: runtime fields in `elts`, block in
                // `type`, order in `order`
  };

  TValue() = default;

  static TValue none() { return TValue(); }
  /// A Python int; with `unsignedOnly`, `v` is the bit pattern of a value
  /// in [2^63, 2^64).
  static TValue integer(int64_t v, bool unsignedOnly = false) {
    return integer(unsignedOnly ? pyint::fromUInt64(static_cast<uint64_t>(v))
                                : pyint::fromInt64(v));
  }
  /// A Python int of any size (a signed APInt).
  static TValue integer(const llvm::APInt &v) {
    TValue t(Kind::Int);
    t.bigValue = pyint::normalize(v);
    return t;
  }
  static TValue floating(double v) {
    TValue t(Kind::Float);
    t.floatValue = v;
    return t;
  }
  static TValue boolean(bool v) {
    TValue t(Kind::Bool);
    t.bigValue = pyint::fromInt64(v);
    return t;
  }
  static TValue string(std::string s) {
    TValue t(Kind::Str);
    t.name = std::move(s);
    return t;
  }
  static TValue dtypeObj(ElemType et) {
    TValue t(Kind::DTypeObj);
    t.type.elem = et;
    return t;
  }
  /// Triton's `block_type` (a tensor's `.type`): element type and shape.
  static TValue blockType(TileType ty) {
    TValue t(Kind::DTypeObj);
    t.type = std::move(ty);
    return t;
  }
  static TValue tuple(std::vector<TValue> elts) {
    TValue t(Kind::Tuple);
    t.elts = std::move(elts);
    return t;
  }
  static TValue runtime(mlir::Value v, TileType ty) {
    TValue t(Kind::Runtime);
    t.value = v;
    t.type = std::move(ty);
    return t;
  }
  /// A `tensordesc` parameter: the MLIR value of the map and the block.
  static TValue descriptor(mlir::Value v, TileType block) {
    TValue t(Kind::Descriptor);
    t.value = v;
    t.type = std::move(block);
    return t;
  }
  /// A tensor descriptor parameter: the map `v` and `fields` laid out as a
  /// device descriptor's (the first, the base, None: the map holds it),
  /// the shapes and strides being the hidden kernel arguments that follow
  /// the map.
  static TValue hostDescriptor(mlir::Value v, TileType block,
                               std::vector<TValue> fields) {
    TValue t = descriptor(v, std::move(block));
    t.elts = std::move(fields);
    return t;
  }
  /// A tensor descriptor made in the kernel (tl.make_tensor_descriptor): no
  /// MLIR value; `fields` are runtime scalars, the base pointer, then per
  /// dimension the shapes (i32) and the strides (i64); `padNan` is
  /// padding_option="nan". Its loads and stores expand like a block
  /// pointer's, checked on every dimension (EmitBlockPtr.cpp).
  static TValue deviceDescriptor(std::vector<TValue> fields, TileType block,
                                 bool padNan) {
    TValue t(Kind::Descriptor);
    t.elts = std::move(fields);
    t.type = std::move(block);
    t.name = padNan ? "nan" : "zero";
    return t;
  }
  /// A block pointer (tl.make_block_ptr): `fields` are runtime scalars, the
  /// base pointer, then per dimension the shapes (i64), the strides (i64)
  /// and the offsets (i64, as Triton keeps them once lowered); `block` is
  /// the pointee element type and block shape. It never becomes an MLIR
  /// type: loads and stores expand it into a tile of pointers.
  static TValue blockPtr(std::vector<TValue> fields, TileType block,
                         llvm::ArrayRef<int32_t> order) {
    TValue t(Kind::BlockPtr);
    t.elts = std::move(fields);
    t.type = std::move(block);
    t.order.assign(order.begin(), order.end());
    return t;
  }
  static TValue module(std::string path) {
    TValue t(Kind::Module);
    t.name = std::move(path);
    return t;
  }
  /// `qualified` is the function's full name, e.g. `tl.sum` or `min`.
  static TValue builtin(std::string qualified) {
    TValue t(Kind::Builtin);
    t.name = std::move(qualified);
    return t;
  }
  static TValue function(const FunctionDef *f) {
    TValue t(Kind::Function);
    t.func = f;
    return t;
  }

  Kind getKind() const { return kind; }
  bool isNone() const { return kind == Kind::None; }
  bool isInt() const { return kind == Kind::Int; }
  bool isFloat() const { return kind == Kind::Float; }
  bool isBool() const { return kind == Kind::Bool; }
  bool isNumber() const { return isInt() || isFloat() || isBool(); }
  bool isRuntime() const { return kind == Kind::Runtime; }
  bool isTuple() const { return kind == Kind::Tuple; }
  bool isDescriptor() const { return kind == Kind::Descriptor; }
  bool isBlockPtr() const { return kind == Kind::BlockPtr; }
  /// A descriptor from tl.make_tensor_descriptor (not a parameter).
  bool isDeviceDescriptor() const { return isDescriptor() && !value; }
  /// A device descriptor's padding_option is "nan".
  bool padsWithNan() const { return isDeviceDescriptor() && name == "nan"; }
  bool isDType() const { return kind == Kind::DTypeObj; }
  /// A dtype object that is a `block_type` (it has a shape).
  bool isBlockType() const { return isDType() && type.isTensor(); }
  /// Everything but runtime values, descriptors and block pointers (and
  /// tuples holding them) is constexpr.
  bool isConstexpr() const {
    if (kind == Kind::Runtime || kind == Kind::Descriptor ||
        kind == Kind::BlockPtr)
      return false;
    if (kind == Kind::Tuple)
      for (const TValue &e : elts)
        if (!e.isConstexpr())
          return false;
    return true;
  }

  /// An int or bool as a machine integer: the value when it fits in int64,
  /// the bit pattern of one in [2^63, 2^64) (isUnsignedOnly), and the low 64
  /// bits of a larger one: callers that take any int check fitsMachineInt.
  int64_t getInt() const { return bigValue.sextOrTrunc(64).getSExtValue(); }
  /// The exact value of an int or bool.
  const llvm::APInt &getBigInt() const { return bigValue; }
  /// An int in [2^63, 2^64): Triton's uint64 constants.
  bool isUnsignedOnly() const {
    return kind == Kind::Int && !pyint::fitsInt64(bigValue) &&
           pyint::fitsUInt64(bigValue);
  }
  /// In int64 or uint64: what becomes a runtime value (Triton's
  /// "nonrepresentable integer" otherwise).
  bool fitsMachineInt() const {
    return pyint::fitsInt64(bigValue) || pyint::fitsUInt64(bigValue);
  }
  double getFloat() const { return floatValue; }
  bool getBool() const { return !bigValue.isZero(); }
  /// A number as a double (ints, bools and floats); an int beyond the
  /// doubles is an infinity (use pyint::toDouble to diagnose it).
  double asDouble() const {
    if (kind == Kind::Float)
      return floatValue;
    std::string ignored;
    std::optional<double> d = pyint::toDouble(bigValue, ignored);
    if (!d)
      return bigValue.isNegative() ? -HUGE_VAL : HUGE_VAL;
    return *d;
  }
  const std::string &getStr() const { return name; }
  /// A dtype object's element type (of a block type: its element's).
  ElemType getDType() const { return type.elem; }
  /// Triton's `==` on dtypes: scalar and pointer dtypes by name, block
  /// types by element type and shape.
  bool sameDType(const TValue &o) const {
    return isDType() && o.isDType() && type == o.type;
  }
  const std::vector<TValue> &getElts() const { return elts; }
  mlir::Value getValue() const { return value; }
  const TileType &getType() const { return type; }
  const std::string &getModulePath() const { return name; }
  const std::string &getBuiltinName() const { return name; }
  const FunctionDef *getFunction() const { return func; }
  /// A block pointer's `order` (a permutation of its dimensions).
  llvm::ArrayRef<int32_t> getOrder() const { return order; }

  /// A short description for diagnostics: `constexpr int 3`, `fp32[128]`.
  std::string describe() const;

  /// This value as bound by a plain assignment (`x = 1`, `x += 2`, not
  /// `x: tl.constexpr = 1`): Triton makes a Python number so bound a scalar
  /// tensor of its dtype (int32, uint32, int64, uint64, fp32 or fp64,
  /// int1). tilec keeps the number, so that it still folds, and marks it:
  /// its `.dtype`, its methods and its promotion with a tensor are those
  /// of the scalar tensor. Tuples are marked element by element.
  TValue asAssigned() const {
    TValue t = *this;
    if (isNumber())
      t.assigned = true;
    for (TValue &e : t.elts)
      if (t.kind == Kind::Tuple)
        e = e.asAssigned();
    return t;
  }
  /// A number bound by a plain assignment (asAssigned).
  bool isAssignedNumber() const { return assigned && isNumber(); }
  /// This value without the mark of asAssigned (its own level only).
  TValue withoutAssigned() const {
    TValue t = *this;
    t.assigned = false;
    return t;
  }

private:
  explicit TValue(Kind k) : kind(k) {}

  Kind kind = Kind::None;
  bool assigned = false;
  llvm::APInt bigValue = pyint::fromInt64(0);
  double floatValue = 0;
  std::string name;
  std::vector<TValue> elts;
  mlir::Value value;
  TileType type;
  const FunctionDef *func = nullptr;
  llvm::SmallVector<int32_t, 2> order;
};

/// The dtype a value takes part in promotion with: a runtime value's own
/// dtype, or the type a Python number becomes (int32/uint32/int64/uint64,
/// fp32, int1).
inline DType getPromotionDType(const TValue &v) {
  if (v.isRuntime())
    return v.getType().elem.dtype;
  if (v.isFloat())
    return DType::FP32;
  if (v.isBool())
    return DType::I1;
  return dtypeOfPyInt(v.getInt(), v.isUnsignedOnly());
}

} // namespace tilec::frontend

#endif // TILEC_LIB_FRONTEND_VALUE_H
