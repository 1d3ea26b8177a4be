//===- EmitMath.cpp - Elementwise math builtins -----------------*- C++ -*-===//
//
// tl.exp and the other math functions (fp32/fp64 only, as in Triton),
// tl.maximum / tl.minimum with Triton's NaN semantics, and tl.where.
//
//===----------------------------------------------------------------------===//

#include "Frontend/Emitter.h"

#include "Tile/IR/TileOps.h"

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
    if (t.elem.isFloat())
      return TValue::runtime(mlir::math::AbsFOp::create(b, ml, v), t);
    if (isUnsigned(t.elem.dtype) || t.elem.isBool())
      return x;
    return TValue::runtime(mlir::math::AbsIOp::create(b, ml, v), t);
  }
  DType dt = t.elem.dtype;
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
  else if (fn == "sqrt" || fn == "sqrt_rn")
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
