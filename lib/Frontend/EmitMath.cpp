//===- EmitMath.cpp - Elementwise math builtins -----------------*- C++ -*-===//
//
// tl.exp and the other math functions (fp32/fp64 only, as in Triton),
// tl.umulhi, tl.div_rn, tl.fdiv, tl.softmax, the functions of libdevice by
// name (`tl.extra.cuda.libdevice.tanh`, resolved against libdevice.10.bc
// itself), tl.maximum / tl.minimum with Triton's NaN semantics, and
// tl.where.
//
//===----------------------------------------------------------------------===//

#include "Frontend/Emitter.h"

#include "Tile/IR/TileOps.h"
#include "tilec/Libdevice.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Math/IR/Math.h"

using namespace tilec::frontend;
namespace arith = mlir::arith;
namespace tile = tilec::tile;

//===----------------------------------------------------------------------===//
// Elementwise math
//===----------------------------------------------------------------------===//

FailureOr<TValue> Emitter::mathUnary(llvm::StringRef fn, const TValue &xv,
                                     SourceLoc l) {
  std::string qn = ("tl." + fn).str();
  FailureOr<TValue> xr = toRuntime(xv, l);
  if (failed(xr))
    return failure();
  TValue x = *xr;
  const TileType &t = x.getType();
  if (t.elem.isPtr)
    return err(l, "'" + qn + "' does not take pointers");
  mlir::Location ml = loc(l);
  mlir::Value v = x.getValue();
  if (fn == "abs") {
    if (isFp8(t.elem.dtype)) {
      // fp8 has no fabs: clear the sign bit of its byte, as Triton does.
      TileType bytes{ElemType::scalar(DType::I8), t.shape};
      mlir::Type bytesType = getMlirType(&ctx, bytes);
      mlir::Value i = tile::BitcastOp::create(b, ml, bytesType, v);
      FailureOr<TValue> mask = materialize(TValue::integer(0x7F), bytes, l);
      if (failed(mask))
        return failure();
      mlir::Value cleared = arith::AndIOp::create(b, ml, i, mask->getValue());
      return TValue::runtime(
          tile::BitcastOp::create(b, ml, getMlirType(&ctx, t), cleared), t);
    }
    if (t.elem.isFloat())
      return TValue::runtime(mlir::math::AbsFOp::create(b, ml, v), t);
    if (isUnsigned(t.elem.dtype) || t.elem.isBool())
      return x;
    return TValue::runtime(mlir::math::AbsIOp::create(b, ml, v), t);
  }
  DType dt = t.elem.dtype;
  // Triton's _check_dtype: sqrt_rn is fp32 alone, the others fp32 and fp64.
  if (fn == "sqrt_rn") {
    if (dt != DType::FP32)
      return err(l, "'" + qn + "' expects fp32, got " + getName(dt));
    return externElementwise("llvm.nvvm.sqrt.rn.f", {x}, t.elem, l);
  }
  if (dt != DType::FP32 && dt != DType::FP64)
    return err(l, "'" + qn + "' expects fp32 or fp64, got " + getName(dt) +
                      (isFloat(dt) ? "; convert with .to(tl.float32)" : ""));
  mlir::Value r;
  if (fn == "exp")
    r = mlir::math::ExpOp::create(b, ml, v);
  else if (fn == "exp2")
    r = mlir::math::Exp2Op::create(b, ml, v);
  else if (fn == "log")
    r = mlir::math::LogOp::create(b, ml, v);
  else if (fn == "log2")
    r = mlir::math::Log2Op::create(b, ml, v);
  else if (fn == "sqrt")
    r = mlir::math::SqrtOp::create(b, ml, v);
  else if (fn == "rsqrt")
    r = mlir::math::RsqrtOp::create(b, ml, v);
  else if (fn == "sin")
    r = mlir::math::SinOp::create(b, ml, v);
  else if (fn == "cos")
    r = mlir::math::CosOp::create(b, ml, v);
  else if (fn == "floor")
    r = mlir::math::FloorOp::create(b, ml, v);
  else if (fn == "ceil")
    r = mlir::math::CeilOp::create(b, ml, v);
  else if (fn == "erf")
    r = mlir::math::ErfOp::create(b, ml, v);
  else if (fn == "sigmoid") {
    // 1 / (1 + exp(-x)), as Triton defines it.
    mlir::Value neg = arith::NegFOp::create(b, ml, v);
    mlir::Value e = mlir::math::ExpOp::create(b, ml, neg);
    FailureOr<TValue> one = materialize(TValue::floating(1.0), t, l);
    if (failed(one))
      return failure();
    mlir::Value den = arith::AddFOp::create(b, ml, one->getValue(), e);
    r = arith::DivFOp::create(b, ml, one->getValue(), den);
  } else
    return err(l, "'" + qn + "' is not supported");
  return TValue::runtime(r, t);
}

//===----------------------------------------------------------------------===//
// Calls of external functions: libdevice and LLVM intrinsics
//===----------------------------------------------------------------------===//

FailureOr<TValue> Emitter::externElementwise(llvm::StringRef symbol,
                                             std::vector<TValue> args,
                                             ElemType result, SourceLoc l) {
  llvm::SmallVector<int64_t> shape;
  for (const TValue &a : args) {
    FailureOr<llvm::SmallVector<int64_t>> s =
        broadcastShapes(shape, a.getType().shape, l);
    if (failed(s))
      return failure();
    shape = *s;
  }
  llvm::SmallVector<mlir::Value> operands;
  for (const TValue &a : args) {
    FailureOr<TValue> bc = broadcastTo(a, shape, l);
    if (failed(bc))
      return failure();
    operands.push_back(bc->getValue());
  }
  TileType t{result, llvm::SmallVector<int64_t, 4>(shape.begin(), shape.end())};
  mlir::Value r = tile::ExternElementwiseOp::create(
      b, loc(l), getMlirType(&ctx, t), symbol, /*pure=*/true, operands);
  return TValue::runtime(r, t);
}

/// A dtype as libdevice's resolver sees it, or std::nullopt for the dtypes
/// no libdevice function takes (bool, 8 and 16 bits, fp8, fp16, bf16).
static std::optional<tilec::LibdeviceType> toLibdeviceType(DType dt) {
  switch (dt) {
  case DType::I32:
  case DType::I64:
  case DType::U32:
  case DType::U64:
    return tilec::LibdeviceType{false, isUnsigned(dt), getBitWidth(dt)};
  case DType::FP32:
  case DType::FP64:
    return tilec::LibdeviceType{true, false, getBitWidth(dt)};
  default:
    return std::nullopt;
  }
}

static DType fromLibdeviceType(const tilec::LibdeviceType &t) {
  if (t.isFloat)
    return t.bits == 64 ? DType::FP64 : DType::FP32;
  if (t.bits == 64)
    return t.isUnsigned ? DType::U64 : DType::I64;
  return t.isUnsigned ? DType::U32 : DType::I32;
}

FailureOr<TValue> Emitter::callLibdevice(llvm::StringRef fn,
                                         std::vector<TValue> &args,
                                         SourceLoc l) {
  std::string qn = ("libdevice." + fn).str();
  // As Triton's extern_elementwise: Python numbers become tensors of their
  // default dtype, the dtypes must be one of the function's exactly (no
  // promotion), and the shapes broadcast.
  std::vector<TValue> values;
  llvm::SmallVector<tilec::LibdeviceType> types;
  std::string dtypes;
  bool typable = true;
  for (const TValue &a : args) {
    if (!a.isRuntime() && !a.isNumber())
      return err(l, "'" + qn + "' expects numbers or tensors, got " +
                        a.describe());
    FailureOr<TValue> r = toRuntime(a, l);
    if (failed(r))
      return failure();
    if (r->getType().elem.isPtr)
      return err(l, "'" + qn + "' does not take pointers");
    DType dt = r->getType().elem.dtype;
    dtypes += (dtypes.empty() ? "" : ", ") + getName(dt).str();
    std::optional<tilec::LibdeviceType> lt = toLibdeviceType(dt);
    typable &= lt.has_value();
    if (lt)
      types.push_back(*lt);
    values.push_back(*r);
  }
  std::optional<tilec::LibdeviceCallee> callee;
  if (typable) {
    llvm::Expected<std::optional<tilec::LibdeviceCallee>> resolved =
        tilec::resolveLibdeviceCall(fn, types);
    if (!resolved)
      return err(l, "'" + qn + "': " + llvm::toString(resolved.takeError()));
    callee = *resolved;
  }
  if (!callee) {
    llvm::Expected<bool> known = tilec::libdeviceHasName(fn);
    if (!known)
      return err(l, "'" + qn + "': " + llvm::toString(known.takeError()));
    if (!*known)
      return err(l, "'" + qn + "' is not a libdevice function");
    return err(l, "'" + qn + "' has no form for (" + dtypes + ") arguments");
  }
  return externElementwise(callee->symbol, std::move(values),
                           ElemType::scalar(fromLibdeviceType(callee->result)),
                           l);
}

FailureOr<TValue> Emitter::mathBinary(llvm::StringRef fn, const TValue &xv,
                                      const TValue &yv, SourceLoc l) {
  std::string qn = ("tl." + fn).str();
  for (const TValue *v : {&xv, &yv})
    if ((!v->isRuntime() && !v->isNumber()) ||
        (v->isRuntime() && v->getType().elem.isPtr))
      return err(l, "'" + qn + "' expects numbers or tensors, got " +
                        v->describe());
  // Triton checks the dtypes of the tensor arguments before promoting.
  for (const TValue *v : {&xv, &yv}) {
    if (!v->isRuntime())
      continue;
    DType dt = v->getType().elem.dtype;
    if (fn == "umulhi" && dt != DType::I32 && dt != DType::I64 &&
        dt != DType::U32 && dt != DType::U64)
      return err(l, "'" + qn + "' expects int32, int64, uint32 or uint64, "
                               "got " +
                        getName(dt));
    if (fn == "div_rn" && dt != DType::FP32)
      return err(l, "'" + qn + "' expects fp32, got " + getName(dt));
    if (fn == "fdiv" && !isFloat(dt))
      return err(l, "both operands of 'tl.fdiv' must have a floating-point "
                    "dtype, got " +
                        getName(dt));
    // fp8 has no division (Triton's lowering fails on it too).
    if (fn == "fdiv" && isFp8(dt))
      return err(l, "'tl.fdiv' on " + getName(dt) +
                        " is not supported; convert the operands to fp16 or "
                        "fp32 with .to() first");
  }
  if (fn == "fdiv") {
    // Python numbers become tensors of their default dtype first (so a
    // Python int, int32, is refused, and fp16 / 2.0 computes in fp32), then
    // the operands promote as for `/` (fp16 with fp16 in fp32);
    // ieee_rounding changes nothing in Triton 3.6.
    FailureOr<TValue> x = toRuntime(xv, l), y = toRuntime(yv, l);
    if (failed(x) || failed(y))
      return failure();
    for (const TValue *v : {&*x, &*y})
      if (!isFloat(v->getType().elem.dtype))
        return err(l, "both operands of 'tl.fdiv' must have a "
                      "floating-point dtype, got " +
                          getName(v->getType().elem.dtype));
    std::string why;
    std::optional<DType> ct =
        computationType(x->getType().elem.dtype, false,
                        y->getType().elem.dtype, false, /*divOrMod=*/true, why);
    if (!ct)
      return err(l, why);
    ElemType et = ElemType::scalar(*ct);
    FailureOr<TValue> cx = coerce(*x, et, l), cy = coerce(*y, et, l);
    if (failed(cx) || failed(cy))
      return failure();
    TValue a = *cx, c = *cy;
    if (failed(broadcastPair(a, c, l)))
      return failure();
    return TValue::runtime(arith::DivFOp::create(b, loc(l), a.getValue(),
                                                 c.getValue()),
                           a.getType());
  }
  std::string why;
  std::optional<DType> ct =
      computationType(getPromotionDType(xv), xv.isNumber(),
                      getPromotionDType(yv), yv.isNumber(), false, why);
  if (!ct)
    return err(l, why);
  ElemType et = ElemType::scalar(*ct);
  FailureOr<TValue> x = coerce(xv, et, l), y = coerce(yv, et, l);
  if (failed(x) || failed(y))
    return failure();
  if (fn == "div_rn") {
    if (*ct != DType::FP32)
      return err(l, "'" + qn + "' expects fp32, got " + getName(*ct));
    return externElementwise("llvm.nvvm.div.rn.f", {*x, *y}, et, l);
  }
  // umulhi: the high half of the unsigned product, whatever the signedness
  // (Triton's MulhiUIOp).
  if (isFloat(*ct) || getBitWidth(*ct) < 32)
    return err(l, "'" + qn + "' expects int32, int64, uint32 or uint64, got " +
                      getName(*ct));
  return externElementwise(getBitWidth(*ct) == 64 ? "__nv_umul64hi"
                                                  : "__nv_umulhi",
                           {*x, *y}, et, l);
}

FailureOr<TValue> Emitter::minMax(bool isMax, const TValue &a,
                                  const TValue &bv, bool propagateNan,
                                  SourceLoc l) {
  llvm::StringRef qn = isMax ? "tl.maximum" : "tl.minimum";
  if (a.isNumber() && bv.isNumber()) {
    bool pickB = isMax ? bv.asDouble() > a.asDouble()
                       : bv.asDouble() < a.asDouble();
    return pickB ? bv : a;
  }
  for (const TValue *v : {&a, &bv})
    if ((!v->isRuntime() && !v->isNumber()) ||
        (v->isRuntime() && v->getType().elem.isPtr))
      return err(l, "'" + qn + "' expects numbers or tensors, got " +
                        v->describe());
  std::string why;
  std::optional<DType> ct = computationType(getPromotionDType(a), a.isNumber(), getPromotionDType(bv),
                                            bv.isNumber(), false, why);
  if (!ct)
    return err(l, why);
  // fp8e4b15's values are bytes: Triton emits float min/max on them and
  // fails to compile.
  if (*ct == DType::FP8E4B15)
    return err(l, "'" + qn + "' on fp8e4b15 is not supported; convert the "
                             "operands to fp16 or fp32 with .to() first");
  ElemType et = ElemType::scalar(*ct);
  FailureOr<TValue> x = coerce(a, et, l), y = coerce(bv, et, l);
  if (failed(x) || failed(y))
    return failure();
  TValue xa = *x, ya = *y;
  if (failed(broadcastPair(xa, ya, l)))
    return failure();
  mlir::Location ml = loc(l);
  mlir::Value lv = xa.getValue(), rv = ya.getValue(), r;
  if (isFloat(*ct)) {
    if (propagateNan)
      r = isMax ? (mlir::Value)arith::MaximumFOp::create(b, ml, lv, rv)
                : (mlir::Value)arith::MinimumFOp::create(b, ml, lv, rv);
    else
      r = isMax ? (mlir::Value)arith::MaxNumFOp::create(b, ml, lv, rv)
                : (mlir::Value)arith::MinNumFOp::create(b, ml, lv, rv);
  } else if (isUnsigned(*ct) || *ct == DType::I1) {
    r = isMax ? (mlir::Value)arith::MaxUIOp::create(b, ml, lv, rv)
              : (mlir::Value)arith::MinUIOp::create(b, ml, lv, rv);
  } else {
    r = isMax ? (mlir::Value)arith::MaxSIOp::create(b, ml, lv, rv)
              : (mlir::Value)arith::MinSIOp::create(b, ml, lv, rv);
  }
  return TValue::runtime(r, xa.getType());
}

FailureOr<TValue> Emitter::where(const TValue &c, const TValue &x,
                                 const TValue &y, SourceLoc l) {
  for (const TValue *v : {&c, &x, &y})
    if (!v->isRuntime() && !v->isNumber())
      return err(l, "'tl.where' expects numbers or tensors, got " +
                        v->describe());
  FailureOr<TValue> cr = toRuntime(c, l);
  if (failed(cr))
    return failure();
  TValue cond = *cr;
  if (cond.getType().elem.isPtr)
    return err(l, "'tl.where' condition cannot be a pointer");
  if (!cond.getType().elem.isBool()) {
    FailureOr<TValue> cc = cast(cond, ElemType::scalar(DType::I1), l);
    if (failed(cc))
      return failure();
    cond = *cc;
  }
  bool xp = x.isRuntime() && x.getType().elem.isPtr;
  bool yp = y.isRuntime() && y.getType().elem.isPtr;
  TValue xa, ya;
  if (xp || yp) {
    if (!(xp && yp) || x.getType().elem != y.getType().elem)
      return err(l, "'tl.where' has incompatible operand types " +
                        x.describe() + " and " + y.describe());
    xa = x;
    ya = y;
  } else {
    std::string why;
    std::optional<DType> ct = computationType(getPromotionDType(x), x.isNumber(), getPromotionDType(y),
                                              y.isNumber(), false, why);
    if (!ct)
      return err(l, "'tl.where': " + why);
    ElemType et = ElemType::scalar(*ct);
    FailureOr<TValue> cx = coerce(x, et, l), cy = coerce(y, et, l);
    if (failed(cx) || failed(cy))
      return failure();
    xa = *cx;
    ya = *cy;
  }
  FailureOr<llvm::SmallVector<int64_t>> s1 =
      broadcastShapes(xa.getType().shape, ya.getType().shape, l);
  if (failed(s1))
    return failure();
  FailureOr<llvm::SmallVector<int64_t>> shape =
      broadcastShapes(cond.getType().shape, *s1, l);
  if (failed(shape))
    return failure();
  FailureOr<TValue> bc = broadcastTo(cond, *shape, l),
                    bx = broadcastTo(xa, *shape, l),
                    by = broadcastTo(ya, *shape, l);
  if (failed(bc) || failed(bx) || failed(by))
    return failure();
  return TValue::runtime(arith::SelectOp::create(b, loc(l), bc->getValue(),
                                                 bx->getValue(),
                                                 by->getValue()),
                         bx->getType());
}

//===----------------------------------------------------------------------===//
// Builtin handlers (Builtins.def)
//===----------------------------------------------------------------------===//

FailureOr<TValue> Emitter::builtinWhere(BuiltinCall &c) {
  SourceLoc l = c.loc;
  const BoundArgs *a = &c.a;
  return where(a->get(0), a->get(1), a->get(2), l);
}

/// Triton's core.py widens bf16 operands of maximum, minimum and clamp to
/// fp32 (the hardware has no bf16 max, min or compare).
static FailureOr<TValue> bf16ToFP32(Emitter &e, const TValue &v,
                                    SourceLoc l) {
  if (!v.isRuntime() || v.getType().elem.isPtr ||
      v.getType().elem.dtype != DType::BF16)
    return v;
  return e.cast(v, ElemType::scalar(DType::FP32), l);
}

FailureOr<TValue> Emitter::builtinMinimumMaximum(BuiltinCall &c) {
  SourceLoc l = c.loc;
  llvm::StringRef fn = c.fn;
  const BoundArgs *a = &c.a;
  bool prop = a->has(2) && a->get(2).getKind() == TValue::Kind::Builtin &&
              llvm::StringRef(a->get(2).getBuiltinName()).ends_with(".ALL");
  FailureOr<TValue> x = bf16ToFP32(*this, a->get(0), l),
                    y = bf16ToFP32(*this, a->get(1), l);
  if (failed(x) || failed(y))
    return failure();
  return minMax(fn == "maximum", *x, *y, prop, l);
}

FailureOr<TValue> Emitter::builtinClamp(BuiltinCall &c) {
  SourceLoc l = c.loc;
  const BoundArgs *a = &c.a;
  bool prop = a->has(3) && a->get(3).getKind() == TValue::Kind::Builtin &&
              llvm::StringRef(a->get(3).getBuiltinName()).ends_with(".ALL");
  FailureOr<TValue> x = bf16ToFP32(*this, a->get(0), l),
                    lo = bf16ToFP32(*this, a->get(1), l),
                    hi = bf16ToFP32(*this, a->get(2), l);
  if (failed(x) || failed(lo) || failed(hi))
    return failure();
  FailureOr<TValue> low = minMax(true, *x, *lo, prop, l);
  if (failed(low))
    return failure();
  return minMax(false, *low, *hi, prop, l);
}

FailureOr<TValue> Emitter::builtinMathUnary(BuiltinCall &c) {
  SourceLoc l = c.loc;
  llvm::StringRef fn = c.fn;
  const BoundArgs *a = &c.a;
  return mathUnary(fn, a->get(0), l);
}

FailureOr<TValue> Emitter::builtinMathBinary(BuiltinCall &c) {
  SourceLoc l = c.loc;
  llvm::StringRef fn = c.fn;
  const BoundArgs *a = &c.a;
  return mathBinary(fn, a->get(0), a->get(1), l);
}

FailureOr<TValue> Emitter::builtinSoftmax(BuiltinCall &c) {
  SourceLoc l = c.loc;
  // Triton's standard.softmax: exp(x - max(x)) / sum(exp(x - max(x)))
  // along `dim` (default 0), the division by fdiv.
  const BoundArgs *a = &c.a;
  TValue dim = a->has(1) ? a->get(1) : TValue::integer(0);
  FailureOr<bool> keep =
      a->has(2) ? truthy(a->get(2), a->locs[2]) : FailureOr<bool>(false);
  if (failed(keep))
    return failure();
  FailureOr<TValue> m =
      reduce(ReduceKind::Max, a->get(0), dim, *keep, false, l);
  if (failed(m))
    return failure();
  FailureOr<TValue> z = binaryOp(BinaryOpKind::Sub, a->get(0), *m, l);
  if (failed(z))
    return failure();
  FailureOr<TValue> num = mathUnary("exp", *z, l);
  if (failed(num))
    return failure();
  FailureOr<TValue> den = reduce(ReduceKind::Sum, *num, dim, *keep, false, l);
  if (failed(den))
    return failure();
  return mathBinary("fdiv", *num, *den, l);
}

/// tl.add, tl.sub, tl.mul: the operators as functions, with the operators'
/// promotion and pointer arithmetic. Triton makes tensors of Python number
/// operands first (its semantic layer, not the operator, folds nothing), so
/// `tl.add(1, 2)` is an int32 tensor here too. `sanitize_overflow` asks
/// Triton for an overflow check only under its sanitize_overflow launch
/// option, which tilec does not have: the operators skip it as well.
FailureOr<TValue> Emitter::builtinArithmetic(BuiltinCall &c) {
  const BoundArgs *a = &c.a;
  if (a->has(2) && !a->get(2).isConstexpr())
    return err(a->locs[2], "'" + c.qn +
                               "' sanitize_overflow must be a constexpr, got " +
                               a->get(2).describe());
  BinaryOpKind op = c.fn == "add"   ? BinaryOpKind::Add
                    : c.fn == "sub" ? BinaryOpKind::Sub
                                    : BinaryOpKind::Mul;
  TValue x = a->get(0), y = a->get(1);
  if (x.isNumber() && y.isNumber()) {
    FailureOr<TValue> t = toRuntime(x, a->locs[0]);
    if (failed(t))
      return failure();
    x = *t;
  }
  return binaryOp(op, x, y, c.loc);
}

FailureOr<TValue> Emitter::builtinFma(BuiltinCall &c) {
  SourceLoc l = c.loc;
  mlir::Location ml = loc(l);
  const BoundArgs *a = &c.a;
  TValue x = a->get(0), y = a->get(1), z = a->get(2);
  for (TValue *v : {&x, &y, &z})
    if (!v->isRuntime() && !v->isNumber())
      return err(l, "'tl.fma' expects numbers or tensors, got " +
                        v->describe());
  // Promote pairwise with Triton's rules; fma needs floats.
  std::string why;
  std::optional<DType> t1 =
      computationType(getPromotionDType(x), x.isNumber(), getPromotionDType(y), y.isNumber(), false,
                      why);
  if (!t1)
    return err(l, why);
  std::optional<DType> t2 =
      computationType(*t1, x.isNumber() && y.isNumber(), getPromotionDType(z),
                      z.isNumber(), false, why);
  if (!t2)
    return err(l, why);
  if (!isFloat(*t2))
    return err(l, "'tl.fma' needs floating-point operands, got " +
                      getName(*t2));
  if (isFp8(*t2))
    return err(l, "'tl.fma' on " + getName(*t2) +
                      " is not supported; convert the operands to fp16 or "
                      "fp32 with .to() first");
  ElemType et = ElemType::scalar(*t2);
  FailureOr<TValue> cx = coerce(x, et, l), cy = coerce(y, et, l),
                    cz = coerce(z, et, l);
  if (failed(cx) || failed(cy) || failed(cz))
    return failure();
  x = *cx;
  y = *cy;
  z = *cz;
  if (failed(broadcastPair(x, y, l)) || failed(broadcastPair(x, z, l)) ||
      failed(broadcastPair(x, y, l)))
    return failure();
  return TValue::runtime(mlir::math::FmaOp::create(b, ml, x.getValue(),
                                                   y.getValue(),
                                                   z.getValue()),
                         x.getType());
}
