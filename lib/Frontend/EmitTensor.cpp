//===- EmitTensor.cpp - Casts, broadcasting and constants -------*- C++ -*-===//
//
// The value-level building blocks every operator and builtin uses: turning
// Python numbers into typed constants, dtype conversions (Triton's `.to`),
// numpy-style broadcasting (ranks aligned at the right), and reading
// constexpr integers, shapes and dtypes with a diagnostic when they are not.
//
//===----------------------------------------------------------------------===//

#include "Frontend/Emitter.h"

#include "Tile/IR/TileOps.h"
#include "tilec/Limits.h"

#include "mlir/Dialect/Arith/IR/Arith.h"

#include <cmath>

using namespace tilec::frontend;
namespace arith = mlir::arith;

/// Triton caps a tile at 2^20 elements.
static constexpr int64_t kMaxNumel = tilec::kMaxTileElements;

/// Triton's to_tensor: a Python int becomes int32, uint32, int64 or uint64,
/// and any other is a ValueError.
static std::string nonrepresentable(const TValue &v) {
  return "nonrepresentable integer " + pyint::toString(v.getBigInt()) +
         ": a runtime integer must fit in int64 or uint64";
}

mlir::Value Emitter::constantScalar(ElemType et, double f, int64_t i,
                                    bool isF) {
  mlir::Type t = getMlirType(&ctx, et);
  mlir::Location l = callStack.empty() ? b.getUnknownLoc() : callStack.back();
  if (et == ElemType::scalar(DType::FP8E4B15))
    return arith::ConstantOp::create(
        b, l, t,
        b.getIntegerAttr(t, encodeFp8e4b15(isF ? f : static_cast<double>(i))));
  if (et.isFloat())
    return arith::ConstantOp::create(
        b, l, t, b.getFloatAttr(t, isF ? f : static_cast<double>(i)));
  int64_t v = isF ? static_cast<int64_t>(f) : i;
  if (et.isBool())
    v = v != 0;
  return arith::ConstantOp::create(b, l, t, b.getIntegerAttr(t, v));
}

FailureOr<TValue> Emitter::materialize(const TValue &v, const TileType &type,
                                       SourceLoc l) {
  if (!v.isNumber())
    return err(l, "expected a number, got " + v.describe());
  ElemType et = type.elem;
  if (et.isPtr)
    return err(l, "cannot use " + v.describe() + " as a pointer");
  if (v.isFloat() && et.isInt())
    return err(l, "cannot convert " + v.describe() + " to " + et.str() +
                      " implicitly; use an integer or .to()");
  if (!v.isFloat() && !v.fitsMachineInt())
    return err(l, nonrepresentable(v));
  mlir::Type elt = getMlirType(&ctx, et);
  mlir::Attribute attr;
  if (et == ElemType::scalar(DType::FP8E4B15))
    attr = b.getIntegerAttr(elt, encodeFp8e4b15(v.asDouble()));
  else if (et.isFloat())
    attr = b.getFloatAttr(elt, v.asDouble());
  else {
    // The low bits of the value: an int64 or uint64 bit pattern truncated
    // to the element type, as Triton's constant builders do.
    llvm::APInt iv = v.getBigInt().sextOrTrunc(64);
    if (et.isBool())
      iv = llvm::APInt(64, !iv.isZero());
    attr = b.getIntegerAttr(elt, iv.trunc(elt.getIntOrFloatBitWidth()));
  }
  mlir::Location ml = loc(l);
  if (!type.isTensor())
    return TValue::runtime(
        arith::ConstantOp::create(b, ml, elt, llvm::cast<mlir::TypedAttr>(attr)),
        type);
  auto tt = mlir::RankedTensorType::get(type.shape, elt);
  auto dense = mlir::DenseElementsAttr::get(tt, attr);
  return TValue::runtime(arith::ConstantOp::create(b, ml, tt, dense), type);
}

FailureOr<TValue> Emitter::toRuntime(const TValue &v, SourceLoc l) {
  if (v.isRuntime())
    return v;
  if (!v.isNumber())
    return err(l, "expected a number or a tensor, got " + v.describe());
  if (v.isInt() && !v.fitsMachineInt())
    return err(l, nonrepresentable(v));
  DType dt = v.isFloat()  ? DType::FP32
             : v.isBool() ? DType::I1
                          : dtypeOfPyInt(v.getInt(), v.isUnsignedOnly());
  return materialize(v, TileType{ElemType::scalar(dt), {}}, l);
}

FailureOr<TValue> Emitter::assignedToTensor(const TValue &v, SourceLoc l) {
  if (!v.isAssignedNumber())
    return v;
  // Triton's to_tensor: a float outside fp32's normal range (zero, the
  // infinities and NaN aside) is fp64.
  if (v.isFloat()) {
    double x = std::fabs(v.getFloat());
    bool fp32 = x == 0 || std::isinf(x) || std::isnan(x) ||
                (x >= 0x1p-126 && x <= 0x1.fffffep127);
    if (!fp32)
      return materialize(v, TileType{ElemType::scalar(DType::FP64), {}}, l);
  }
  return toRuntime(v, l);
}

FailureOr<TValue> Emitter::coerce(const TValue &v, ElemType et, SourceLoc l) {
  if (v.isInt() && !v.fitsMachineInt())
    return err(l, nonrepresentable(v));
  if (v.isInt() && et.isInt() && !et.isBool()) {
    // A Python int adapts to the tile's integer type only if it fits.
    unsigned w = getBitWidth(et.dtype);
    const llvm::APInt &x = v.getBigInt();
    bool fits = isUnsigned(et.dtype) ? !x.isNegative() && x.getActiveBits() <= w
                                     : x.getSignificantBits() <= w;
    if (!fits)
      return err(l, "integer constant " + pyint::toString(x) +
                        " is out of range for " + et.str());
  }
  if (v.isNumber())
    return materialize(v, TileType{et, {}}, l);
  if (!v.isRuntime())
    return err(l, "expected a number or a tensor, got " + v.describe());
  return cast(v, et, l);
}

static bool isStandardFloat(DType d) {
  return d == DType::FP16 || d == DType::BF16 || d == DType::FP32 ||
         d == DType::FP64;
}

FailureOr<TValue> Emitter::cast(const TValue &v, ElemType to, SourceLoc l,
                                bool bitcast, bool roundTowardZero) {
  if (!v.isRuntime())
    return err(l, "expected a tensor, got " + v.describe());
  ElemType from = v.getType().elem;
  TileType rt = v.getType().withElem(to);
  if (from == to)
    return v;
  mlir::Type dst = getMlirType(&ctx, rt);
  mlir::Location ml = loc(l);
  mlir::Value x = v.getValue();
  auto make = [&](mlir::Value r) { return TValue::runtime(r, rt); };

  if (from.isPtr || to.isPtr) {
    if (from.isPtr && to.isPtr)
      return make(tilec::tile::BitcastOp::create(b, ml, dst, x));
    if (from.isPtr && !to.isPtr && to.dtype == DType::I64)
      return make(tilec::tile::PtrToIntOp::create(b, ml, dst, x));
    if (!from.isPtr && from.dtype == DType::I64 && !from.isFloat())
      return make(tilec::tile::IntToPtrOp::create(b, ml, dst, x));
    return err(l, "cannot convert " + from.str() + " to " + to.str() +
                      " (pointers convert to pointers and to/from int64)");
  }
  DType fd = from.dtype, td = to.dtype;
  if (bitcast) {
    if (getBitWidth(fd) != getBitWidth(td))
      return err(l, "cannot bitcast " + from.str() + " to " + to.str() +
                        ": the bit widths differ");
    if (getMlirType(&ctx, from) == getMlirType(&ctx, to))
      return TValue::runtime(x, rt);
    return make(arith::BitcastOp::create(b, ml, dst, x));
  }
  // fp8e4b15 converts in software, with its own rules, before any other.
  if (fd == DType::FP8E4B15 || td == DType::FP8E4B15)
    return castFp8e4b15(v, to, l);
  // Triton 3.6 converts fp8 to and from fp16, bf16 and fp32 only: its
  // `cast` has no rule for fp8 and integers, and its lowering has no
  // fp8 <-> fp64 nor fp8 <-> fp8 conversion (it aborts).
  bool fromFp8 = isFp8(fd), toFp8 = isFp8(td);
  if (fromFp8 || toFp8) {
    DType otherType = fromFp8 ? td : fd;
    bool ok = otherType == DType::FP16 || otherType == DType::BF16 ||
              otherType == DType::FP32;
    if (!ok)
      return err(l, "cannot convert " + from.str() + " to " + to.str() +
                        ": fp8 converts only to and from fp16, bf16 and "
                        "fp32 (convert through one of them)");
  }
  if (td == DType::I1) {
    FailureOr<TValue> z = zerosOf(v.getType(), l);
    if (failed(z))
      return failure();
    if (isFloat(fd))
      return make(arith::CmpFOp::create(b, ml, arith::CmpFPredicate::UNE, x,
                                        z->getValue()));
    return make(arith::CmpIOp::create(b, ml, arith::CmpIPredicate::ne, x,
                                      z->getValue()));
  }
  if (isInt(fd) && isInt(td)) {
    unsigned fw = getBitWidth(fd), tw = getBitWidth(td);
    if (fw == tw)
      return TValue::runtime(x, rt);
    if (tw < fw)
      return make(arith::TruncIOp::create(b, ml, dst, x));
    if (isUnsigned(fd) || fd == DType::I1)
      return make(arith::ExtUIOp::create(b, ml, dst, x));
    return make(arith::ExtSIOp::create(b, ml, dst, x));
  }
  if (isInt(fd) && isFloat(td)) {
    if (isUnsigned(fd) || fd == DType::I1)
      return make(arith::UIToFPOp::create(b, ml, dst, x));
    return make(arith::SIToFPOp::create(b, ml, dst, x));
  }
  if (isFloat(fd) && isInt(td)) {
    if (isUnsigned(td))
      return make(arith::FPToUIOp::create(b, ml, dst, x));
    return make(arith::FPToSIOp::create(b, ml, dst, x));
  }
  // float -> float
  if (isStandardFloat(fd) && isStandardFloat(td)) {
    if (fd == DType::BF16 && td == DType::FP16) {
      // No direct conversion between the two 16-bit formats: go via fp32.
      FailureOr<TValue> mid = cast(v, ElemType::scalar(DType::FP32), l);
      if (failed(mid))
        return failure();
      return cast(*mid, to, l);
    }
    if (fd == DType::FP16 && td == DType::BF16) {
      FailureOr<TValue> mid = cast(v, ElemType::scalar(DType::FP32), l);
      if (failed(mid))
        return failure();
      return cast(*mid, to, l);
    }
    if (getBitWidth(td) > getBitWidth(fd))
      return make(arith::ExtFOp::create(b, ml, dst, x));
    // Round-to-zero narrowing is tile.fp_to_fp's, as in Triton.
    if (!roundTowardZero)
      return make(arith::TruncFOp::create(b, ml, dst, x));
  }
  // fp8 conversions have no arith op; tile.fp_to_fp carries the rounding.
  bool down = getBitWidth(td) < getBitWidth(fd);
  auto rounding =
      down ? tilec::tile::RoundingModeAttr::get(
                 &ctx, roundTowardZero ? tilec::tile::RoundingMode::RTZ
                                       : tilec::tile::RoundingMode::RTNE)
           : tilec::tile::RoundingModeAttr();
  return make(tilec::tile::FpToFpOp::create(b, ml, dst, x, rounding));
}

FailureOr<llvm::SmallVector<int64_t>>
Emitter::broadcastShapes(llvm::ArrayRef<int64_t> a, llvm::ArrayRef<int64_t> bs,
                         SourceLoc l) {
  size_t rank = std::max(a.size(), bs.size());
  llvm::SmallVector<int64_t> out(rank);
  for (size_t i = 0; i < rank; ++i) {
    int64_t x = i < rank - a.size() ? 1 : a[i - (rank - a.size())];
    int64_t y = i < rank - bs.size() ? 1 : bs[i - (rank - bs.size())];
    if (x != y && x != 1 && y != 1)
      return err(l, "cannot broadcast shapes " + formatShape(a) + " and " +
                        formatShape(bs) + ": dimension " + llvm::Twine(i) +
                        " is " + llvm::Twine(x) + " and " + llvm::Twine(y));
    out[i] = x == 1 ? y : x;
  }
  return out;
}

FailureOr<llvm::SmallVector<int64_t>>
Emitter::broadcastShapes(llvm::ArrayRef<TValue> values, SourceLoc l) {
  llvm::SmallVector<int64_t> shape;
  for (const TValue &v : values) {
    FailureOr<llvm::SmallVector<int64_t>> s =
        broadcastShapes(shape, v.getType().shape, l);
    if (failed(s))
      return failure();
    shape = *s;
  }
  return shape;
}

FailureOr<TValue> Emitter::broadcastTo(const TValue &v,
                                       llvm::ArrayRef<int64_t> shape,
                                       SourceLoc l) {
  TValue cur = v;
  if (cur.isNumber()) {
    FailureOr<TValue> r = toRuntime(cur, l);
    if (failed(r))
      return failure();
    cur = *r;
  }
  if (!cur.isRuntime())
    return err(l, "cannot broadcast " + v.describe());
  const TileType &t = cur.getType();
  if (t.shape == llvm::SmallVector<int64_t, 4>(shape.begin(), shape.end()))
    return cur;
  mlir::Location ml = loc(l);
  TileType target{t.elem, llvm::SmallVector<int64_t, 4>(shape)};
  if (shape.empty())
    return err(l, "cannot broadcast " + cur.describe() + " to a scalar");
  if (!t.isTensor())
    return TValue::runtime(
        tilec::tile::SplatOp::create(b, ml, getMlirType(&ctx, target),
                                     cur.getValue()),
        target);
  if (t.shape.size() > shape.size())
    return err(l, "cannot broadcast " + cur.describe() + " to " +
                      formatShape(shape) + ": the rank would shrink");
  while (cur.getType().shape.size() < shape.size()) {
    FailureOr<TValue> x = expandDims(cur, 0, l);
    if (failed(x))
      return failure();
    cur = *x;
  }
  for (size_t i = 0; i < shape.size(); ++i) {
    int64_t d = cur.getType().shape[i];
    if (d != shape[i] && d != 1)
      return err(l, "cannot broadcast " + cur.getType().str() + " to " +
                        formatShape(shape) + ": dimension " + llvm::Twine(i) +
                        " is " + llvm::Twine(d) + ", not 1 or " +
                        llvm::Twine(shape[i]));
  }
  if (cur.getType().shape == target.shape)
    return cur;
  return TValue::runtime(
      tilec::tile::BroadcastOp::create(b, ml, getMlirType(&ctx, target),
                                       cur.getValue()),
      target);
}

LogicalResult Emitter::broadcastPair(TValue &a, TValue &bv, SourceLoc l) {
  FailureOr<llvm::SmallVector<int64_t>> shape =
      broadcastShapes(a.getType().shape, bv.getType().shape, l);
  if (failed(shape))
    return failure();
  FailureOr<TValue> x = broadcastTo(a, *shape, l);
  if (failed(x))
    return failure();
  FailureOr<TValue> y = broadcastTo(bv, *shape, l);
  if (failed(y))
    return failure();
  a = *x;
  bv = *y;
  return success();
}

FailureOr<TValue> Emitter::expandDims(const TValue &v, int axis, SourceLoc l) {
  FailureOr<TValue> r = toRuntime(v, l);
  if (failed(r))
    return failure();
  const TileType &t = r->getType();
  mlir::Location ml = loc(l);
  if (!t.isTensor()) {
    TileType target{t.elem, {1}};
    return TValue::runtime(
        tilec::tile::SplatOp::create(b, ml, getMlirType(&ctx, target),
                                     r->getValue()),
        target);
  }
  int rank = t.shape.size();
  if (axis < 0)
    axis += rank + 1;
  if (axis < 0 || axis > rank)
    return err(l, "expand_dims axis " + llvm::Twine(axis) +
                      " out of range for a tensor of rank " +
                      llvm::Twine(rank));
  TileType target = t;
  target.shape.insert(target.shape.begin() + axis, 1);
  return TValue::runtime(
      tilec::tile::ExpandDimsOp::create(b, ml, getMlirType(&ctx, target),
                                        r->getValue(), axis),
      target);
}

FailureOr<TValue> Emitter::convertTo(const TValue &v, ElemType et,
                                     SourceLoc l) {
  FailureOr<TValue> r = toRuntime(v, l);
  if (failed(r))
    return failure();
  return cast(*r, et, l);
}

FailureOr<TValue> Emitter::zerosOf(const TileType &type, SourceLoc l) {
  if (type.elem.isFloat())
    return materialize(TValue::floating(0.0), type, l);
  return materialize(TValue::integer(0), type, l);
}

FailureOr<int64_t> Emitter::constInt(const TValue &v, llvm::StringRef what,
                                     SourceLoc l) {
  if ((v.isInt() || v.isBool()) && !pyint::fitsInt64(v.getBigInt()))
    return err(l, what + " must fit in int64, got " +
                      pyint::toString(v.getBigInt()));
  if (v.isInt() || v.isBool())
    return v.getInt();
  return err(l, what + " must be a constexpr integer, got " + v.describe());
}

FailureOr<llvm::SmallVector<int64_t>>
Emitter::constShape(const TValue &v, llvm::StringRef what, SourceLoc l) {
  llvm::SmallVector<int64_t> shape;
  auto tooBig = [&](const TValue &d) {
    return err(l, what + " dimension " + pyint::toString(d.getBigInt()) +
                      " does not fit in int64");
  };
  if (v.isInt()) {
    if (!pyint::fitsInt64(v.getBigInt()))
      return tooBig(v);
    shape.push_back(v.getInt());
    return shape;
  }
  if (!v.isTuple())
    return err(l, what + " must be a constexpr shape (a tuple or list of "
                         "integers), got " +
                      v.describe());
  for (const TValue &e : v.getElts()) {
    if (!e.isInt())
      return err(l, what + " must be a constexpr shape (a tuple or list of "
                           "integers), but an element is " +
                        e.describe());
    if (!pyint::fitsInt64(e.getBigInt()))
      return tooBig(e);
    shape.push_back(e.getInt());
  }
  return shape;
}

LogicalResult Emitter::checkShape(llvm::ArrayRef<int64_t> shape,
                                  llvm::StringRef what, SourceLoc l) {
  int64_t numel = 1;
  for (int64_t d : shape) {
    if (d <= 0 || (d & (d - 1)) != 0)
      return err(l, what + " shape dimensions must be powers of two, got " +
                        formatShape(shape));
    numel *= d;
    if (numel > kMaxNumel)
      return err(l, what + " shape " + formatShape(shape) + " has more than " +
                        llvm::Twine(kMaxNumel) + " elements");
  }
  return success();
}

FailureOr<ElemType> Emitter::constDType(const TValue &v, llvm::StringRef what,
                                        SourceLoc l) {
  if (v.isDType() && !v.isBlockType())
    return v.getDType();
  return err(l, what + " must be a dtype such as tl.float32, got " +
                    v.describe());
}
