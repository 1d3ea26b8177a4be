//===- EmitOperators.cpp - Python operators on values -----------*- C++ -*-===//
//
// Binary, comparison, unary and logical operators. On two constexprs they
// fold with Python's semantics; on runtime values they follow Triton:
// promotion to the computation type, broadcasting, and signed or unsigned
// arith ops chosen from the Triton dtype.
//
//===----------------------------------------------------------------------===//

#include "Frontend/ASTDump.h"
#include "Frontend/Emitter.h"

#include "Tile/IR/TileOps.h"

#include "mlir/Dialect/Arith/IR/Arith.h"

#include <cmath>

using namespace tilec::frontend;

//===----------------------------------------------------------------------===//
// Constexpr folding
//===----------------------------------------------------------------------===//

FailureOr<bool> Emitter::truthy(const TValue &v, SourceLoc l) {
  switch (v.getKind()) {
  case TValue::Kind::None:
    return false;
  case TValue::Kind::Int:
  case TValue::Kind::Bool:
    return v.getBool();
  case TValue::Kind::Float:
    return v.getFloat() != 0.0;
  case TValue::Kind::Str:
    return !v.getStr().empty();
  case TValue::Kind::Tuple:
    return !v.getElts().empty();
  case TValue::Kind::Runtime:
    return err(l, "the truth value of a runtime value is not known at "
                  "compile time");
  default:
    return true;
  }
}

FailureOr<TValue> Emitter::constFoldBinary(BinaryOpKind op, const TValue &a,
                                           const TValue &bv, SourceLoc l) {
  bool isF = a.isFloat() || bv.isFloat();
  std::string pyError;
  // A Python error raised by the folding, as a located diagnostic.
  auto fromPy = [&](std::optional<llvm::APInt> r) -> FailureOr<TValue> {
    if (!r)
      return err(l, pyError);
    return TValue::integer(*r);
  };
  if (!isF) {
    const llvm::APInt &x = a.getBigInt(), &y = bv.getBigInt();
    bool bothBool = a.isBool() && bv.isBool();
    switch (op) {
    case BinaryOpKind::Add:
      return TValue::integer(pyint::add(x, y));
    case BinaryOpKind::Sub:
      return TValue::integer(pyint::sub(x, y));
    case BinaryOpKind::Mul:
      return fromPy(pyint::mul(x, y, pyError));
    case BinaryOpKind::TrueDiv: {
      if (y.isZero())
        return err(l, "ZeroDivisionError: division by zero");
      std::optional<double> fx = pyint::toDouble(x, pyError);
      std::optional<double> fy = pyint::toDouble(y, pyError);
      if (!fx || !fy)
        return err(l, "OverflowError: integer division result too large "
                      "for a float");
      return TValue::floating(*fx / *fy);
    }
    case BinaryOpKind::FloorDiv:
      return fromPy(pyint::floorDiv(x, y, pyError));
    case BinaryOpKind::Mod:
      return fromPy(pyint::mod(x, y, pyError));
    case BinaryOpKind::Pow: {
      if (!y.isNegative())
        return fromPy(pyint::pow(x, y, pyError));
      // A negative exponent makes a float, as in Python.
      if (x.isZero())
        return err(l, "ZeroDivisionError: 0.0 cannot be raised to a "
                      "negative power");
      std::optional<double> fx = pyint::toDouble(x, pyError);
      std::optional<double> fy = pyint::toDouble(y, pyError);
      if (!fx || !fy)
        return err(l, pyError);
      return TValue::floating(std::pow(*fx, *fy));
    }
    case BinaryOpKind::LShift:
      return fromPy(pyint::shl(x, y, pyError));
    case BinaryOpKind::RShift:
      return fromPy(pyint::shr(x, y, pyError));
    case BinaryOpKind::BitAnd:
      if (bothBool)
        return TValue::boolean(a.getBool() && bv.getBool());
      return TValue::integer(pyint::bitAnd(x, y));
    case BinaryOpKind::BitOr:
      if (bothBool)
        return TValue::boolean(a.getBool() || bv.getBool());
      return TValue::integer(pyint::bitOr(x, y));
    case BinaryOpKind::BitXor:
      if (bothBool)
        return TValue::boolean(a.getBool() != bv.getBool());
      return TValue::integer(pyint::bitXor(x, y));
    case BinaryOpKind::MatMul:
      break;
    }
    return err(l, "operator '" + llvm::StringRef(binaryOpSpelling(op)) +
                      "' is not supported on constexpr integers");
  }
  // An int operand becomes a float first, which fails past the doubles.
  for (const TValue *v : {&a, &bv})
    if (!v->isFloat() && !pyint::toDouble(v->getBigInt(), pyError))
      return err(l, pyError);
  double x = a.asDouble(), y = bv.asDouble();
  switch (op) {
  case BinaryOpKind::Add:
    return TValue::floating(x + y);
  case BinaryOpKind::Sub:
    return TValue::floating(x - y);
  case BinaryOpKind::Mul:
    return TValue::floating(x * y);
  case BinaryOpKind::TrueDiv:
    if (y == 0)
      return err(l, "ZeroDivisionError: float division by zero");
    return TValue::floating(x / y);
  case BinaryOpKind::FloorDiv:
    if (y == 0)
      return err(l, "ZeroDivisionError: float floor division by zero");
    return TValue::floating(std::floor(x / y));
  case BinaryOpKind::Mod: {
    if (y == 0)
      return err(l, "ZeroDivisionError: float modulo");
    double m = std::fmod(x, y);
    if (m != 0 && ((m < 0) != (y < 0)))
      m += y;
    return TValue::floating(m);
  }
  case BinaryOpKind::Pow: {
    if (x == 0 && y < 0)
      return err(l, "ZeroDivisionError: 0.0 cannot be raised to a negative "
                    "power");
    if (x < 0 && std::isfinite(y) && y != std::floor(y))
      return err(l, "a negative number raised to a fractional power is a "
                    "complex number, which is not supported");
    double r = std::pow(x, y);
    if (std::isinf(r) && std::isfinite(x) && std::isfinite(y))
      return err(l, "OverflowError: (34, 'Numerical result out of range')");
    return TValue::floating(r);
  }
  default:
    return err(l, "operator '" + llvm::StringRef(binaryOpSpelling(op)) +
                      "' is not supported on constexpr floats");
  }
}

//===----------------------------------------------------------------------===//
// Runtime operators
//===----------------------------------------------------------------------===//

static bool isPyNumber(const TValue &v) { return v.isNumber(); }

/// Triton keeps arithmetic on one fp8 type in that type, but its lowering
/// has no fp8 arithmetic (it emits LLVM float ops on the i8 storage). tilec
/// refuses it by name instead of computing in another type.
static std::string fp8ArithmeticError(llvm::StringRef op, DType d) {
  return ("operator '" + op + "' on " + getName(d) +
          " is not supported; convert the operands to fp16 or fp32 with "
          ".to() first")
      .str();
}

FailureOr<TValue> Emitter::binaryOp(BinaryOpKind op, const TValue &a,
                                    const TValue &bv, SourceLoc l) {
  if (isPyNumber(a) && isPyNumber(bv)) {
    // Numbers fold; one bound by an assignment makes the result one too
    // (Triton computes a scalar tensor).
    FailureOr<TValue> r = constFoldBinary(op, a, bv, l);
    if (succeeded(r) && (a.isAssignedNumber() || bv.isAssignedNumber()))
      return r->asAssigned();
    return r;
  }
  // With a tensor, an assigned number takes part as the scalar tensor
  // Triton makes of it: int8 tensor + (x = 1) is int32, as in Triton.
  if ((a.isAssignedNumber() && bv.isRuntime()) ||
      (bv.isAssignedNumber() && a.isRuntime())) {
    FailureOr<TValue> x = assignedToTensor(a, l), y = assignedToTensor(bv, l);
    if (failed(x) || failed(y))
      return failure();
    return binaryOp(op, *x, *y, l);
  }
  if (a.isBlockPtr() || bv.isBlockPtr())
    return err(l, "operator '" + llvm::StringRef(binaryOpSpelling(op)) +
                      "' is not supported on a block pointer; move it with "
                      "tl.advance");
  if (a.isConstexpr() && bv.isConstexpr()) {
    if (op == BinaryOpKind::Add && a.isTuple() && bv.isTuple()) {
      std::vector<TValue> elts = a.getElts();
      elts.insert(elts.end(), bv.getElts().begin(), bv.getElts().end());
      return TValue::tuple(std::move(elts));
    }
    // Python's repetition, `[2] * n` (Triton's sort builds its hypercube
    // shapes so): n copies of the elements, none for n <= 0.
    if (op == BinaryOpKind::Mul && (a.isTuple() != bv.isTuple()) &&
        (a.isInt() || bv.isInt())) {
      const TValue &tup = a.isTuple() ? a : bv;
      const TValue &count = a.isTuple() ? bv : a;
      FailureOr<int64_t> n = constInt(count, "tuple repetition count", l);
      if (failed(n))
        return failure();
      if (*n > (1 << 20))
        return err(l, "tuple repetition count " + llvm::Twine(*n) +
                          " is too large");
      std::vector<TValue> elts;
      for (int64_t i = 0; i < *n; ++i)
        elts.insert(elts.end(), tup.getElts().begin(), tup.getElts().end());
      return TValue::tuple(std::move(elts));
    }
    return err(l, "unsupported operand types for '" + llvm::StringRef(binaryOpSpelling(op)) +
                      "': " + a.describe() + " and " + bv.describe());
  }
  for (const TValue *v : {&a, &bv})
    if (!v->isRuntime() && !isPyNumber(*v))
      return err(l, "unsupported operand types for '" + llvm::StringRef(binaryOpSpelling(op)) +
                        "': " + a.describe() + " and " + bv.describe());
  if (op == BinaryOpKind::MatMul)
    return err(l, "operator '@' is not supported; use tl.dot");
  if (op == BinaryOpKind::Pow)
    return err(l, "operator '**' is only supported on constexprs; use "
                  "multiplication or tl.exp2");

  mlir::Location ml = loc(l);
  // Pointer arithmetic: ptr + int, int + ptr, ptr - int.
  bool aPtr = a.isRuntime() && a.getType().elem.isPtr;
  bool bPtr = bv.isRuntime() && bv.getType().elem.isPtr;
  if (aPtr || bPtr) {
    const TValue &ptr = aPtr ? a : bv;
    const TValue &off = aPtr ? bv : a;
    bool offIsInt = off.isInt() || off.isBool() ||
                    (off.isRuntime() && off.getType().elem.isInt());
    if (aPtr && bPtr)
      return err(l, "operator '" + llvm::StringRef(binaryOpSpelling(op)) +
                        "' is not supported between two pointers");
    if (!offIsInt || !(op == BinaryOpKind::Add ||
                       (op == BinaryOpKind::Sub && aPtr)))
      return err(l, "unsupported operand types for '" + llvm::StringRef(binaryOpSpelling(op)) +
                        "': " + a.describe() + " and " + bv.describe() +
                        " (pointers take + and - with integers)");
    TValue o = off;
    if (op == BinaryOpKind::Sub) {
      FailureOr<TValue> n = unaryOp(UnaryOpKind::Neg, off, l);
      if (failed(n))
        return failure();
      o = *n;
    }
    if (!o.isRuntime()) {
      FailureOr<TValue> r = toRuntime(o, l);
      if (failed(r))
        return failure();
      o = *r;
    }
    // tile.addptr, like LLVM's GEP, reads its offset as signed. An unsigned
    // offset narrower than 64 bits is zero-extended to int64 first (as
    // Triton does), so a uint8 index of 200 reaches P[200], not P[-56].
    DType od = o.getType().elem.dtype;
    if (isUnsigned(od) && getBitWidth(od) < 64) {
      FailureOr<TValue> w = cast(o, ElemType::scalar(DType::I64), l);
      if (failed(w))
        return failure();
      o = *w;
    }
    TValue p = ptr;
    if (failed(broadcastPair(p, o, l)))
      return failure();
    auto addptr = tilec::tile::AddPtrOp::create(
        b, ml, getMlirType(&ctx, p.getType()), p.getValue(), o.getValue());
    return TValue::runtime(addptr, p.getType());
  }

  DType ad = getPromotionDType(a), bd = getPromotionDType(bv);
  bool divOrMod = op == BinaryOpKind::TrueDiv ||
                  op == BinaryOpKind::FloorDiv || op == BinaryOpKind::Mod;
  std::string why;
  std::optional<DType> ct =
      computationType(ad, isPyNumber(a), bd, isPyNumber(bv), divOrMod, why);
  if (!ct)
    return err(l, why);
  if (isFp8(*ct))
    return err(l, fp8ArithmeticError(binaryOpSpelling(op), *ct));
  bool isBitwise = op == BinaryOpKind::BitAnd || op == BinaryOpKind::BitOr ||
                   op == BinaryOpKind::BitXor || op == BinaryOpKind::LShift ||
                   op == BinaryOpKind::RShift;
  if (isBitwise && isFloat(*ct))
    // Triton's wording first ("invalid operands of type"), which code
    // written for Triton matches on.
    return err(l, "invalid operands of type " + a.describe() + " and " +
                      bv.describe() + ": operator '" +
                      llvm::StringRef(binaryOpSpelling(op)) +
                      "' needs integer operands");
  if (op == BinaryOpKind::FloorDiv && isFloat(*ct))
    return err(l, "floor division '//' is not supported for floating-point "
                  "operands (" +
                      a.describe() + " and " + bv.describe() + ")");
  if (op == BinaryOpKind::TrueDiv && !isFloat(*ct))
    ct = DType::FP32;
  ElemType et = ElemType::scalar(*ct);
  FailureOr<TValue> x = coerce(a, et, l), y = coerce(bv, et, l);
  if (failed(x) || failed(y))
    return failure();
  TValue xa = *x, ya = *y;
  if (failed(broadcastPair(xa, ya, l)))
    return failure();
  mlir::Value lv = xa.getValue(), rv = ya.getValue(), r;
  bool f = isFloat(*ct), u = isUnsigned(*ct);
  namespace arith = mlir::arith;
  switch (op) {
  case BinaryOpKind::Add:
    r = f ? (mlir::Value)arith::AddFOp::create(b, ml, lv, rv)
          : (mlir::Value)arith::AddIOp::create(b, ml, lv, rv);
    break;
  case BinaryOpKind::Sub:
    r = f ? (mlir::Value)arith::SubFOp::create(b, ml, lv, rv)
          : (mlir::Value)arith::SubIOp::create(b, ml, lv, rv);
    break;
  case BinaryOpKind::Mul:
    r = f ? (mlir::Value)arith::MulFOp::create(b, ml, lv, rv)
          : (mlir::Value)arith::MulIOp::create(b, ml, lv, rv);
    break;
  case BinaryOpKind::TrueDiv:
    r = arith::DivFOp::create(b, ml, lv, rv);
    break;
  case BinaryOpKind::FloorDiv:
    // Triton's integer `//` truncates toward zero like C.
    r = u ? (mlir::Value)arith::DivUIOp::create(b, ml, lv, rv)
          : (mlir::Value)arith::DivSIOp::create(b, ml, lv, rv);
    break;
  case BinaryOpKind::Mod:
    if (f)
      r = arith::RemFOp::create(b, ml, lv, rv);
    else
      r = u ? (mlir::Value)arith::RemUIOp::create(b, ml, lv, rv)
            : (mlir::Value)arith::RemSIOp::create(b, ml, lv, rv);
    break;
  case BinaryOpKind::BitAnd:
    r = arith::AndIOp::create(b, ml, lv, rv);
    break;
  case BinaryOpKind::BitOr:
    r = arith::OrIOp::create(b, ml, lv, rv);
    break;
  case BinaryOpKind::BitXor:
    r = arith::XOrIOp::create(b, ml, lv, rv);
    break;
  case BinaryOpKind::LShift:
    r = arith::ShLIOp::create(b, ml, lv, rv);
    break;
  case BinaryOpKind::RShift: {
    // As in Triton, the kind of shift follows the signedness of the tensor
    // operand's own dtype (the left one, or the right one when the left is
    // a Python number), not of the promoted type: int8 >> uint8 computes
    // in uint8 but shifts arithmetically. int1 counts as unsigned.
    DType own = isPyNumber(a) ? bd : ad;
    bool arithmetic = isInt(own) && !isUnsigned(own) && !isBool(own);
    r = arithmetic ? (mlir::Value)arith::ShRSIOp::create(b, ml, lv, rv)
                   : (mlir::Value)arith::ShRUIOp::create(b, ml, lv, rv);
    break;
  }
  default:
    return err(l, "unsupported operator");
  }
  return TValue::runtime(r, xa.getType());
}

FailureOr<TValue> Emitter::compareOp(CompareOpKind op, const TValue &a,
                                     const TValue &bv, SourceLoc l) {
  // As in binaryOp: an assigned number compares with a tensor as Triton's
  // scalar tensor.
  if (op != CompareOpKind::Is && op != CompareOpKind::IsNot &&
      op != CompareOpKind::In && op != CompareOpKind::NotIn &&
      ((a.isAssignedNumber() && bv.isRuntime()) ||
       (bv.isAssignedNumber() && a.isRuntime()))) {
    FailureOr<TValue> x = assignedToTensor(a, l), y = assignedToTensor(bv, l);
    if (failed(x) || failed(y))
      return failure();
    return compareOp(op, *x, *y, l);
  }
  if (op == CompareOpKind::Is || op == CompareOpKind::IsNot) {
    // `x is None` is a compile-time question in Triton's language.
    if (!a.isNone() && !bv.isNone() && !(a.isConstexpr() && bv.isConstexpr()))
      return err(l, "'" + llvm::StringRef(compareOpSpelling(op)) +
                        "' is only supported with None or constexprs");
    bool same =
        a.isConstexpr() && bv.isConstexpr()
            ? (a.getKind() == bv.getKind() &&
               (a.isNone() ||
                (a.isNumber() &&
                 pyint::compare(a.getBigInt(), bv.getBigInt()) == 0 &&
                 a.getFloat() == bv.getFloat()) ||
                (a.getKind() == TValue::Kind::DTypeObj && a.sameDType(bv))))
            : false;
    return TValue::boolean(op == CompareOpKind::Is ? same : !same);
  }
  if (op == CompareOpKind::In || op == CompareOpKind::NotIn) {
    if (!bv.isTuple() || !bv.isConstexpr())
      return err(l, "'" + llvm::StringRef(compareOpSpelling(op)) +
                        "' needs a constexpr tuple on its right, got " +
                        bv.describe());
    if (!a.isConstexpr())
      return err(l, "'" + llvm::StringRef(compareOpSpelling(op)) +
                        "' needs a constexpr on its left, got " +
                        a.describe());
    bool found = false;
    for (const TValue &e : bv.getElts())
      if (e.isNumber() && a.isNumber() && !e.isFloat() && !a.isFloat())
        found |= pyint::compare(e.getBigInt(), a.getBigInt()) == 0;
      else if (e.isNumber() && a.isNumber() && e.asDouble() == a.asDouble())
        found = true;
      else if (e.getKind() == TValue::Kind::Str &&
               a.getKind() == TValue::Kind::Str && e.getStr() == a.getStr())
        found = true;
      else if (e.getKind() == TValue::Kind::DTypeObj &&
               a.getKind() == TValue::Kind::DTypeObj && e.sameDType(a))
        found = true;
    return TValue::boolean(op == CompareOpKind::In ? found : !found);
  }
  // Tuples compare elementwise (tl.tuple's __eq__), on constexpr elements.
  if (a.isTuple() && bv.isTuple() &&
      (op == CompareOpKind::Eq || op == CompareOpKind::NotEq)) {
    bool same = a.getElts().size() == bv.getElts().size();
    for (size_t i = 0; same && i < a.getElts().size(); ++i) {
      const TValue &x = a.getElts()[i], &y = bv.getElts()[i];
      if (!x.isConstexpr() || !y.isConstexpr())
        return err(l, "comparing tuples with runtime elements is not "
                      "supported; compare the elements");
      FailureOr<TValue> r = compareOp(CompareOpKind::Eq, x, y, l);
      if (failed(r))
        return failure();
      FailureOr<bool> t = truthy(*r, l);
      if (failed(t))
        return failure();
      same = *t;
    }
    return TValue::boolean(op == CompareOpKind::Eq ? same : !same);
  }
  if (a.isConstexpr() && bv.isConstexpr()) {
    if (a.isNumber() && bv.isNumber()) {
      bool r = false;
      if (!a.isFloat() && !bv.isFloat()) {
        int c = pyint::compare(a.getBigInt(), bv.getBigInt());
        int64_t x = c, y = 0;
        switch (op) {
        case CompareOpKind::Eq: r = x == y; break;
        case CompareOpKind::NotEq: r = x != y; break;
        case CompareOpKind::Lt: r = x < y; break;
        case CompareOpKind::LtE: r = x <= y; break;
        case CompareOpKind::Gt: r = x > y; break;
        case CompareOpKind::GtE: r = x >= y; break;
        default: break;
        }
      } else {
        double x = a.asDouble(), y = bv.asDouble();
        switch (op) {
        case CompareOpKind::Eq: r = x == y; break;
        case CompareOpKind::NotEq: r = x != y; break;
        case CompareOpKind::Lt: r = x < y; break;
        case CompareOpKind::LtE: r = x <= y; break;
        case CompareOpKind::Gt: r = x > y; break;
        case CompareOpKind::GtE: r = x >= y; break;
        default: break;
        }
      }
      return TValue::boolean(r);
    }
    if (op == CompareOpKind::Eq || op == CompareOpKind::NotEq) {
      bool same = false;
      if (a.getKind() == bv.getKind()) {
        if (a.getKind() == TValue::Kind::Str)
          same = a.getStr() == bv.getStr();
        else if (a.getKind() == TValue::Kind::DTypeObj)
          same = a.sameDType(bv);
        else if (a.isNone())
          same = true;
      }
      return TValue::boolean(op == CompareOpKind::Eq ? same : !same);
    }
    return err(l, "unsupported operand types for '" + llvm::StringRef(compareOpSpelling(op)) +
                      "': " + a.describe() + " and " + bv.describe());
  }
  for (const TValue *v : {&a, &bv})
    if (!v->isRuntime() && !isPyNumber(*v))
      return err(l, "unsupported operand types for '" + llvm::StringRef(compareOpSpelling(op)) +
                        "': " + a.describe() + " and " + bv.describe());
  if ((a.isRuntime() && a.getType().elem.isPtr) ||
      (bv.isRuntime() && bv.getType().elem.isPtr))
    return err(l, "comparing pointers is not supported");
  DType ad = getPromotionDType(a), bd = getPromotionDType(bv);
  std::string why;
  std::optional<DType> ct =
      computationType(ad, isPyNumber(a), bd, isPyNumber(bv), false, why);
  if (!ct)
    return err(l, why);
  if (isFp8(*ct))
    return err(l, fp8ArithmeticError(compareOpSpelling(op), *ct));
  ElemType et = ElemType::scalar(*ct);
  FailureOr<TValue> x = coerce(a, et, l), y = coerce(bv, et, l);
  if (failed(x) || failed(y))
    return failure();
  TValue xa = *x, ya = *y;
  if (failed(broadcastPair(xa, ya, l)))
    return failure();
  mlir::Location ml = loc(l);
  mlir::Value r;
  namespace arith = mlir::arith;
  if (isFloat(*ct)) {
    arith::CmpFPredicate p;
    switch (op) {
    case CompareOpKind::Eq: p = arith::CmpFPredicate::OEQ; break;
    case CompareOpKind::NotEq: p = arith::CmpFPredicate::UNE; break;
    case CompareOpKind::Lt: p = arith::CmpFPredicate::OLT; break;
    case CompareOpKind::LtE: p = arith::CmpFPredicate::OLE; break;
    case CompareOpKind::Gt: p = arith::CmpFPredicate::OGT; break;
    default: p = arith::CmpFPredicate::OGE; break;
    }
    r = arith::CmpFOp::create(b, ml, p, xa.getValue(), ya.getValue());
  } else {
    // Triton counts int1 among the unsigned types: True > False.
    bool u = isUnsigned(*ct) || *ct == DType::I1;
    arith::CmpIPredicate p;
    switch (op) {
    case CompareOpKind::Eq: p = arith::CmpIPredicate::eq; break;
    case CompareOpKind::NotEq: p = arith::CmpIPredicate::ne; break;
    case CompareOpKind::Lt:
      p = u ? arith::CmpIPredicate::ult : arith::CmpIPredicate::slt;
      break;
    case CompareOpKind::LtE:
      p = u ? arith::CmpIPredicate::ule : arith::CmpIPredicate::sle;
      break;
    case CompareOpKind::Gt:
      p = u ? arith::CmpIPredicate::ugt : arith::CmpIPredicate::sgt;
      break;
    default:
      p = u ? arith::CmpIPredicate::uge : arith::CmpIPredicate::sge;
      break;
    }
    r = arith::CmpIOp::create(b, ml, p, xa.getValue(), ya.getValue());
  }
  return TValue::runtime(r, xa.getType().withElem(ElemType::scalar(DType::I1)));
}

FailureOr<TValue> Emitter::unaryOp(UnaryOpKind op, const TValue &a,
                                   SourceLoc l) {
  // `-x` of `x = 1` folds, and stays Triton's scalar tensor.
  if (a.isAssignedNumber()) {
    FailureOr<TValue> r = unaryOp(op, a.withoutAssigned(), l);
    if (failed(r))
      return failure();
    return r->asAssigned();
  }
  if (a.isConstexpr()) {
    if (op == UnaryOpKind::Not) {
      FailureOr<bool> t = truthy(a, l);
      if (failed(t))
        return failure();
      return TValue::boolean(!*t);
    }
    if (!a.isNumber())
      return err(l, "bad operand for a unary operator: " + a.describe());
    if (op == UnaryOpKind::Pos)
      return a.isBool() ? TValue::integer(a.getBigInt()) : a;
    if (op == UnaryOpKind::Neg) {
      if (a.isFloat())
        return TValue::floating(-a.getFloat());
      return TValue::integer(pyint::neg(a.getBigInt()));
    }
    if (a.isFloat())
      return err(l, "bad operand for '~': " + a.describe());
    return TValue::integer(pyint::invert(a.getBigInt()));
  }
  if (!a.isRuntime())
    return err(l, "bad operand for a unary operator: " + a.describe());
  const TileType &t = a.getType();
  if (t.elem.isPtr)
    return err(l, "unary operators are not supported on pointers");
  mlir::Location ml = loc(l);
  switch (op) {
  case UnaryOpKind::Pos:
    return a;
  case UnaryOpKind::Neg:
    if (isFp8(t.elem.dtype))
      return err(l, fp8ArithmeticError("-", t.elem.dtype));
    // Triton negates as 0 - x, for floats too: -(+0.0) is +0.0, not -0.0.
    if (t.elem.isFloat())
      return binaryOp(BinaryOpKind::Sub, TValue::floating(0.0), a, l);
    return binaryOp(BinaryOpKind::Sub, TValue::integer(0), a, l);
  case UnaryOpKind::Invert: {
    if (t.elem.isFloat())
      return err(l, "operator '~' needs an integer operand, got " +
                        a.describe());
    FailureOr<TValue> ones = materialize(TValue::integer(-1), t, l);
    if (failed(ones))
      return failure();
    return TValue::runtime(
        mlir::arith::XOrIOp::create(b, ml, a.getValue(), ones->getValue()), t);
  }
  case UnaryOpKind::Not: {
    FailureOr<TValue> z = compareOp(CompareOpKind::Eq, a, TValue::integer(0),
                                    l);
    return z;
  }
  }
  return err(l, "unsupported unary operator");
}

FailureOr<TValue> Emitter::logicalOp(bool isAnd, const TValue &a,
                                     const TValue &bv, SourceLoc l) {
  auto toBool = [&](const TValue &v) -> FailureOr<TValue> {
    if (v.isConstexpr()) {
      FailureOr<bool> t = truthy(v, l);
      if (failed(t))
        return failure();
      return TValue::boolean(*t);
    }
    if (v.getType().elem.isBool())
      return v;
    return compareOp(CompareOpKind::NotEq, v, TValue::integer(0), l);
  };
  FailureOr<TValue> x = toBool(a), y = toBool(bv);
  if (failed(x) || failed(y))
    return failure();
  return binaryOp(isAnd ? BinaryOpKind::BitAnd : BinaryOpKind::BitOr, *x, *y,
                  l);
}

FailureOr<mlir::Value> Emitter::scalarCondition(const TValue &v, SourceLoc l,
                                                llvm::StringRef what) {
  if (!v.isRuntime())
    return err(l, "the condition of " + what + " must be a scalar, got " +
                      v.describe());
  if (v.getType().isTensor())
    return err(l, "the condition of " + what + " must be a scalar, got " +
                      v.describe() + "; use tl.where for tensors");
  if (v.getType().elem.isBool())
    return v.getValue();
  FailureOr<TValue> c = compareOp(CompareOpKind::NotEq, v, TValue::integer(0),
                                  l);
  if (failed(c))
    return failure();
  return c->getValue();
}
