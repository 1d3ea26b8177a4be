//===- EmitExpr.cpp - Expressions, operators and promotion ------*- C++ -*-===//
//
// Evaluates expressions. Operators on two constexprs fold with Python's
// semantics (floor division and modulo round toward negative infinity);
// operators on runtime values follow Triton: operands are promoted to the
// computation type (Python numbers adapt to the tile), broadcast to a common
// shape, and emitted as arith ops; pointers take part in + and - only.
//
//===----------------------------------------------------------------------===//

#include "Frontend/ASTDump.h"
#include "Frontend/Emitter.h"

#include "Tile/IR/TileOps.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/SCF/IR/SCF.h"

#include <cmath>
#include <cstdlib>

using namespace tilec::frontend;

/// Formats a float the way Python's repr does for common values: `1.0`,
/// `0.5`, `1e-05`, `inf`.
static std::string formatPyFloat(double v) {
  if (std::isnan(v))
    return "nan";
  if (std::isinf(v))
    return v < 0 ? "-inf" : "inf";
  char buf[64];
  for (int prec = 1; prec <= 17; ++prec) {
    snprintf(buf, sizeof(buf), "%.*g", prec, v);
    if (std::strtod(buf, nullptr) == v)
      break;
  }
  std::string s = buf;
  if (s.find_first_of(".en") == std::string::npos)
    s += ".0";
  return s;
}

std::string TValue::describe() const {
  switch (kind) {
  case Kind::None:
    return "None";
  case Kind::Int:
    return "constexpr int " + (unsignedOnly
                                   ? std::to_string(static_cast<uint64_t>(
                                         intValue))
                                   : std::to_string(intValue));
  case Kind::Float:
    return "constexpr float " + formatPyFloat(floatValue);
  case Kind::Bool:
    return intValue ? "constexpr True" : "constexpr False";
  case Kind::Str:
    return "string '" + name + "'";
  case Kind::DTypeObj:
    return "dtype " + type.elem.str();
  case Kind::Tuple:
    return "a tuple of " + std::to_string(elts.size()) + " elements";
  case Kind::Runtime:
    return (type.isTensor() ? "tensor " : "scalar ") + type.str();
  case Kind::Module:
    return "module '" + name + "'";
  case Kind::Builtin:
    return "function '" + name + "'";
  case Kind::Function:
    return "@jit function '" + (func ? func->name : std::string("?")) + "'";
  }
  return "?";
}

//===----------------------------------------------------------------------===//
// Dispatch
//===----------------------------------------------------------------------===//

FailureOr<TValue> Emitter::eval(const Expr *e) {
  switch (e->getKind()) {
  case Expr::Kind::Name:
    return lookupName(llvm::cast<NameExpr>(e));
  case Expr::Kind::IntLit: {
    auto *i = llvm::cast<IntLitExpr>(e);
    return TValue::integer(static_cast<int64_t>(i->value), i->isUnsignedOnly);
  }
  case Expr::Kind::FloatLit:
    return TValue::floating(llvm::cast<FloatLitExpr>(e)->value);
  case Expr::Kind::StrLit:
    return TValue::string(llvm::cast<StrLitExpr>(e)->value);
  case Expr::Kind::BoolLit:
    return TValue::boolean(llvm::cast<BoolLitExpr>(e)->value);
  case Expr::Kind::NoneLit:
    return TValue::none();
  case Expr::Kind::EllipsisLit:
    return err(e->getLoc(), "'...' is not supported here");
  case Expr::Kind::Attribute:
    return evalAttribute(llvm::cast<AttributeExpr>(e));
  case Expr::Kind::Call:
    return evalCall(llvm::cast<CallExpr>(e));
  case Expr::Kind::Subscript:
    return evalSubscript(llvm::cast<SubscriptExpr>(e));
  case Expr::Kind::Slice:
    return err(e->getLoc(), "a slice is only allowed inside a subscript");
  case Expr::Kind::Tuple:
  case Expr::Kind::List: {
    const auto &elts = llvm::isa<TupleExpr>(e)
                           ? llvm::cast<TupleExpr>(e)->elts
                           : llvm::cast<ListExpr>(e)->elts;
    std::vector<TValue> vals;
    for (const ExprPtr &x : elts) {
      FailureOr<TValue> v = eval(x.get());
      if (failed(v))
        return failure();
      vals.push_back(*v);
    }
    return TValue::tuple(std::move(vals));
  }
  case Expr::Kind::BinOp: {
    auto *bo = llvm::cast<BinOpExpr>(e);
    FailureOr<TValue> l = eval(bo->lhs.get());
    if (failed(l))
      return failure();
    FailureOr<TValue> r = eval(bo->rhs.get());
    if (failed(r))
      return failure();
    return binaryOp(bo->op, *l, *r, bo->getLoc());
  }
  case Expr::Kind::UnaryOp: {
    auto *u = llvm::cast<UnaryOpExpr>(e);
    FailureOr<TValue> v = eval(u->operand.get());
    if (failed(v))
      return failure();
    return unaryOp(u->op, *v, u->getLoc());
  }
  case Expr::Kind::BoolOp: {
    auto *bo = llvm::cast<BoolOpExpr>(e);
    bool isAnd = bo->op == BoolOpKind::And;
    FailureOr<TValue> acc = eval(bo->values[0].get());
    if (failed(acc))
      return failure();
    for (size_t i = 1; i < bo->values.size(); ++i) {
      if (acc->isConstexpr()) {
        // Python semantics: the deciding operand is the result, and the
        // rest is not evaluated.
        FailureOr<bool> t = truthy(*acc, bo->values[i - 1]->getLoc());
        if (failed(t))
          return failure();
        if (*t != isAnd)
          return *acc;
        acc = eval(bo->values[i].get());
        if (failed(acc))
          return failure();
        continue;
      }
      FailureOr<TValue> r = eval(bo->values[i].get());
      if (failed(r))
        return failure();
      acc = logicalOp(isAnd, *acc, *r, bo->getLoc());
      if (failed(acc))
        return failure();
    }
    return acc;
  }
  case Expr::Kind::Compare: {
    auto *c = llvm::cast<CompareExpr>(e);
    FailureOr<TValue> lhs = eval(c->left.get());
    if (failed(lhs))
      return failure();
    std::optional<TValue> result;
    for (size_t i = 0; i < c->ops.size(); ++i) {
      FailureOr<TValue> rhs = eval(c->comparators[i].get());
      if (failed(rhs))
        return failure();
      FailureOr<TValue> r = compareOp(c->ops[i], *lhs, *rhs, c->opLocs[i]);
      if (failed(r))
        return failure();
      if (!result)
        result = *r;
      else {
        FailureOr<TValue> both = logicalOp(true, *result, *r, c->opLocs[i]);
        if (failed(both))
          return failure();
        result = *both;
      }
      lhs = rhs;
    }
    return *result;
  }
  case Expr::Kind::IfExp:
    return evalIfExp(llvm::cast<IfExpExpr>(e));
  case Expr::Kind::Dict:
  case Expr::Kind::Opaque:
    // Only decorator arguments hold these; kernels never evaluate them.
    break;
  }
  return err(e->getLoc(), "unsupported expression");
}

FailureOr<TValue> Emitter::evalIfExp(const IfExpExpr *e) {
  FailureOr<TValue> cond = eval(e->test.get());
  if (failed(cond))
    return failure();
  if (cond->isConstexpr()) {
    FailureOr<bool> t = truthy(*cond, e->test->getLoc());
    if (failed(t))
      return failure();
    return eval(*t ? e->body.get() : e->orelse.get());
  }
  FailureOr<mlir::Value> c =
      scalarCondition(*cond, e->test->getLoc(), "a conditional expression");
  if (failed(c))
    return failure();
  mlir::Location l = loc(e->getLoc());
  auto ifOp = mlir::scf::IfOp::create(b, l, mlir::TypeRange{}, *c, true);
  b.setInsertionPoint(ifOp.thenBlock()->getTerminator());
  FailureOr<TValue> tv = eval(e->body.get());
  if (failed(tv))
    return failure();
  b.setInsertionPoint(ifOp.elseBlock()->getTerminator());
  FailureOr<TValue> ev = eval(e->orelse.get());
  if (failed(ev))
    return failure();
  llvm::SmallVector<mlir::Value> ty, ey;
  FailureOr<TValue> pattern =
      unify(*tv, *ev, ifOp.thenBlock()->getTerminator(),
            ifOp.elseBlock()->getTerminator(), ty, ey,
            "the conditional expression", e->getLoc());
  if (failed(pattern))
    return failure();
  mlir::scf::IfOp newIf = addIfResults(ifOp, ty, ey, l);
  unsigned idx = 0;
  return rebuild(*pattern, newIf.getResults(), idx);
}

//===----------------------------------------------------------------------===//
// Attributes and subscripts
//===----------------------------------------------------------------------===//

FailureOr<TValue> Emitter::evalAttribute(const AttributeExpr *e) {
  FailureOr<TValue> base = eval(e->value.get());
  if (failed(base))
    return failure();
  const std::string &a = e->attr;
  switch (base->getKind()) {
  case TValue::Kind::Module: {
    const std::string &mod = base->getModulePath();
    std::string path = mod + "." + a;
    llvm::StringRef m(mod);
    // Everything under tl.extra / libdevice resolves, and is refused by
    // name when called.
    if (m.contains("extra") || m.contains("libdevice")) {
      if (a == "cuda" || a == "libdevice")
        return TValue::module(path);
      return TValue::builtin(path);
    }
    if (mod == "triton") {
      if (a == "language")
        return TValue::module(path);
      if (a == "cdiv" || a == "next_power_of_2" || a == "jit" ||
          a == "autotune" || a == "heuristics" || a == "Config")
        return TValue::builtin(path);
      return err(e->attrLoc, "'triton." + a +
                                 "' is not available in tilec kernels");
    }
    if (mod == "triton.language.math") {
      if (a == "libdevice")
        return TValue::module(path);
      if (isKnownMathFunction(a))
        return TValue::builtin(path);
      return err(e->attrLoc, "'tl.math." + a +
                                 "' is not a function of triton.language.math");
    }
    if (mod == "triton.language" || mod == "triton.language.core" ||
        mod == "triton.language.standard") {
      static const char *const dtypeNames[] = {
          "int1",    "int8",     "int16",   "int32",      "int64",
          "uint8",   "uint16",   "uint32",  "uint64",     "float16",
          "bfloat16", "float32", "float64", "float8e4nv", "float8e5"};
      for (const char *n : dtypeNames)
        if (a == n)
          return TValue::dtypeObj(ElemType::scalar(*parseDTypeName(a)));
      if (a == "math" || a == "extra" || a == "libdevice")
        return TValue::module("triton.language." + a);
      if (isKnownTlFunction(a))
        return TValue::builtin("triton.language." + a);
      return err(e->attrLoc,
                 "'tl." + a + "' is not defined in triton.language");
    }
    return err(e->attrLoc, "module '" + mod + "' has no attribute '" + a + "'");
  }
  case TValue::Kind::Builtin: {
    llvm::StringRef n = base->getBuiltinName();
    if (n == "triton.language.PropagateNan" && (a == "ALL" || a == "NONE"))
      return TValue::builtin((n + "." + a).str());
    return err(e->attrLoc, base->describe() + " has no attribute '" + a + "'");
  }
  case TValue::Kind::Runtime: {
    const TileType &t = base->getType();
    if (a == "dtype")
      return TValue::dtypeObj(t.elem);
    if (a == "shape") {
      std::vector<TValue> dims;
      for (int64_t d : t.shape)
        dims.push_back(TValue::integer(d));
      return TValue::tuple(std::move(dims));
    }
    if (a == "numel")
      return TValue::integer(t.getNumElements());
    if (a == "ndim" || a == "rank")
      return TValue::integer(t.shape.size());
    if (a == "T") {
      if (t.shape.size() != 2)
        return err(e->attrLoc, "'.T' needs a 2-D tensor, got " + t.str());
      return trans(*base, {1, 0}, e->attrLoc);
    }
    return err(e->attrLoc, base->describe() + " has no attribute '" + a +
                               "'");
  }
  case TValue::Kind::DTypeObj: {
    ElemType et = base->getDType();
    if (a == "element_ty") {
      if (!et.isPtr)
        return err(e->attrLoc, "'element_ty' is only defined for pointer "
                               "types, got " +
                                   et.str());
      return TValue::dtypeObj(ElemType::scalar(et.dtype));
    }
    if (a == "primitive_bitwidth") {
      if (et.isPtr)
        return TValue::integer(64);
      return TValue::integer(getBitWidth(et.dtype));
    }
    return err(e->attrLoc, "dtype has no attribute '" + a + "'");
  }
  default:
    return err(e->attrLoc, base->describe() + " has no attribute '" + a + "'");
  }
}

FailureOr<TValue> Emitter::evalSubscript(const SubscriptExpr *e) {
  FailureOr<TValue> base = eval(e->value.get());
  if (failed(base))
    return failure();
  if (base->isTuple()) {
    if (e->indices.size() != 1)
      return err(e->getLoc(), "a tuple takes one index");
    FailureOr<TValue> idx = eval(e->indices[0].get());
    if (failed(idx))
      return failure();
    FailureOr<int64_t> i = constInt(*idx, "a tuple index", e->getLoc());
    if (failed(i))
      return failure();
    int64_t n = base->getElts().size();
    int64_t k = *i < 0 ? *i + n : *i;
    if (k < 0 || k >= n)
      return err(e->getLoc(), "tuple index " + llvm::Twine(*i) +
                                  " out of range for a tuple of " +
                                  llvm::Twine(n) + " elements");
    return base->getElts()[k];
  }
  if (!base->isRuntime())
    return err(e->getLoc(), base->describe() + " cannot be subscripted");
  // Tensors take `:` (keep a dimension) and `None` (insert one).
  TValue cur = *base;
  size_t rank = cur.getType().shape.size();
  size_t kept = 0;
  int outDim = 0;
  for (const ExprPtr &idx : e->indices) {
    if (auto *s = llvm::dyn_cast<SliceExpr>(idx.get())) {
      if (s->lower || s->upper || s->step)
        return err(idx->getLoc(), "tensor slices with bounds are not "
                                  "supported; only ':' and None are");
      if (++kept > rank)
        return err(idx->getLoc(), "too many indices for a tensor of rank " +
                                      llvm::Twine(rank));
      ++outDim;
      continue;
    }
    if (llvm::isa<NoneLitExpr>(idx.get())) {
      FailureOr<TValue> x = expandDims(cur, outDim, idx->getLoc());
      if (failed(x))
        return failure();
      cur = *x;
      ++outDim;
      continue;
    }
    return err(idx->getLoc(),
               "tensor indexing is limited to ':' and None (e.g. x[:, None]); "
               "integer indices and masks are not supported");
  }
  return cur;
}

//===----------------------------------------------------------------------===//
// Calls
//===----------------------------------------------------------------------===//

/// Tensor methods that forward to `tl.<name>(x, ...)`.
static bool isTensorMethod(llvm::StringRef n) {
  return llvm::StringSwitch<bool>(n)
      .Cases({"to", "sum", "max", "min", "argmax", "argmin", "reshape",
              "view", "trans", "permute", "broadcast_to", "expand_dims",
              "cumsum", "cumprod", "exp", "exp2", "log", "log2", "sqrt",
              "rsqrt", "abs", "sigmoid", "sin", "cos", "floor", "ceil", "erf",
              "reduce", "xor_sum", "softmax", "ravel", "split", "join"},
             true)
      .Default(false);
}

FailureOr<TValue> Emitter::evalCall(const CallExpr *e) {
  std::optional<TValue> receiver;
  FailureOr<TValue> callee = failure();
  if (auto *attr = llvm::dyn_cast<AttributeExpr>(e->func.get())) {
    FailureOr<TValue> base = eval(attr->value.get());
    if (failed(base))
      return failure();
    if (base->isRuntime()) {
      if (!isTensorMethod(attr->attr))
        return err(attr->attrLoc, base->describe() + " has no method '" +
                                      attr->attr + "'");
      receiver = *base;
      callee = TValue::builtin("triton.language." + attr->attr);
    } else if (base->getKind() == TValue::Kind::DTypeObj &&
               (attr->attr == "is_floating" || attr->attr == "is_int" ||
                attr->attr == "is_ptr" || attr->attr == "is_fp16" ||
                attr->attr == "is_bf16" || attr->attr == "is_fp32" ||
                attr->attr == "is_int_signed" ||
                attr->attr == "is_int_unsigned")) {
      if (!e->args.empty() || !e->keywords.empty())
        return err(e->getLoc(), "'" + attr->attr + "' takes no arguments");
      ElemType et = base->getDType();
      bool r = false;
      llvm::StringRef m = attr->attr;
      if (m == "is_floating")
        r = et.isFloat();
      else if (m == "is_int")
        r = et.isInt();
      else if (m == "is_ptr")
        r = et.isPtr;
      else if (m == "is_fp16")
        r = !et.isPtr && et.dtype == DType::FP16;
      else if (m == "is_bf16")
        r = !et.isPtr && et.dtype == DType::BF16;
      else if (m == "is_fp32")
        r = !et.isPtr && et.dtype == DType::FP32;
      else if (m == "is_int_signed")
        r = et.isInt() && !isUnsigned(et.dtype);
      else
        r = et.isInt() && isUnsigned(et.dtype);
      return TValue::boolean(r);
    } else {
      // Re-evaluate through evalAttribute for modules and dtypes.
      callee = evalAttribute(attr);
    }
  } else {
    callee = eval(e->func.get());
  }
  if (failed(callee))
    return failure();

  std::vector<TValue> args;
  std::vector<SourceLoc> argLocs;
  if (receiver) {
    args.push_back(*receiver);
    argLocs.push_back(e->func->getLoc());
  }
  for (const ExprPtr &a : e->args) {
    FailureOr<TValue> v = eval(a.get());
    if (failed(v))
      return failure();
    args.push_back(*v);
    argLocs.push_back(a->getLoc());
  }
  std::vector<std::pair<std::string, TValue>> kwargs;
  for (const Keyword &k : e->keywords) {
    FailureOr<TValue> v = eval(k.value.get());
    if (failed(v))
      return failure();
    kwargs.emplace_back(k.name, *v);
  }

  switch (callee->getKind()) {
  case TValue::Kind::Function:
    return callFunction(callee->getFunction(), e, std::move(args),
                        std::move(kwargs));
  case TValue::Kind::Builtin:
    return callBuiltin(callee->getBuiltinName(), e, std::move(args),
                       std::move(kwargs), std::move(argLocs));
  case TValue::Kind::DTypeObj:
    return err(e->getLoc(), "calling a dtype is not supported; use "
                            "x.to(dtype)");
  default:
    return err(e->getLoc(), callee->describe() + " is not callable");
  }
}

//===----------------------------------------------------------------------===//
// Constexpr folding
//===----------------------------------------------------------------------===//

FailureOr<bool> Emitter::truthy(const TValue &v, SourceLoc l) {
  switch (v.getKind()) {
  case TValue::Kind::None:
    return false;
  case TValue::Kind::Int:
  case TValue::Kind::Bool:
    return v.getInt() != 0;
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

static bool pyFloorDiv(int64_t a, int64_t b, int64_t &q) {
  if (b == -1 && a == INT64_MIN)
    return false;
  q = a / b;
  if ((a % b != 0) && ((a < 0) != (b < 0)))
    --q;
  return true;
}

FailureOr<TValue> Emitter::constFoldBinary(BinaryOpKind op, const TValue &a,
                                           const TValue &bv, SourceLoc l) {
  bool isF = a.isFloat() || bv.isFloat();
  auto overflow = [&]() {
    return err(l, "constexpr integer overflow in '" + llvm::StringRef(binaryOpSpelling(op)) + "'");
  };
  if (!isF) {
    int64_t x = a.getInt(), y = bv.getInt(), r = 0;
    switch (op) {
    case BinaryOpKind::Add:
      if (__builtin_add_overflow(x, y, &r))
        return overflow();
      return TValue::integer(r);
    case BinaryOpKind::Sub:
      if (__builtin_sub_overflow(x, y, &r))
        return overflow();
      return TValue::integer(r);
    case BinaryOpKind::Mul:
      if (__builtin_mul_overflow(x, y, &r))
        return overflow();
      return TValue::integer(r);
    case BinaryOpKind::TrueDiv:
      if (y == 0)
        return err(l, "division by zero in a constexpr expression");
      return TValue::floating(static_cast<double>(x) / static_cast<double>(y));
    case BinaryOpKind::FloorDiv:
      if (y == 0)
        return err(l, "division by zero in a constexpr expression");
      if (!pyFloorDiv(x, y, r))
        return overflow();
      return TValue::integer(r);
    case BinaryOpKind::Mod: {
      if (y == 0)
        return err(l, "modulo by zero in a constexpr expression");
      if (y == -1)
        return TValue::integer(0);
      int64_t m = x % y;
      if (m != 0 && ((m < 0) != (y < 0)))
        m += y;
      return TValue::integer(m);
    }
    case BinaryOpKind::Pow: {
      if (y < 0)
        return TValue::floating(std::pow(static_cast<double>(x),
                                         static_cast<double>(y)));
      int64_t acc = 1;
      for (int64_t i = 0; i < y; ++i) {
        if (__builtin_mul_overflow(acc, x, &acc))
          return overflow();
        if (acc == 0 || acc == 1)
          break;
      }
      return TValue::integer(acc);
    }
    case BinaryOpKind::LShift:
      if (y < 0 || y >= 64)
        return err(l, "constexpr shift count " + llvm::Twine(y) +
                          " out of range");
      if (x != 0 && (y >= 63 || (x << y) >> y != x))
        return overflow();
      return TValue::integer(x << y);
    case BinaryOpKind::RShift:
      if (y < 0)
        return err(l, "negative constexpr shift count");
      return TValue::integer(y >= 64 ? (x < 0 ? -1 : 0) : x >> y);
    case BinaryOpKind::BitAnd:
      if (a.isBool() && bv.isBool())
        return TValue::boolean(x & y);
      return TValue::integer(x & y);
    case BinaryOpKind::BitOr:
      if (a.isBool() && bv.isBool())
        return TValue::boolean(x | y);
      return TValue::integer(x | y);
    case BinaryOpKind::BitXor:
      if (a.isBool() && bv.isBool())
        return TValue::boolean(x ^ y);
      return TValue::integer(x ^ y);
    case BinaryOpKind::MatMul:
      break;
    }
    return err(l, "operator '" + llvm::StringRef(binaryOpSpelling(op)) +
                      "' is not supported on constexpr integers");
  }
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
      return err(l, "division by zero in a constexpr expression");
    return TValue::floating(x / y);
  case BinaryOpKind::FloorDiv:
    if (y == 0)
      return err(l, "division by zero in a constexpr expression");
    return TValue::floating(std::floor(x / y));
  case BinaryOpKind::Mod: {
    if (y == 0)
      return err(l, "modulo by zero in a constexpr expression");
    double m = std::fmod(x, y);
    if (m != 0 && ((m < 0) != (y < 0)))
      m += y;
    return TValue::floating(m);
  }
  case BinaryOpKind::Pow:
    return TValue::floating(std::pow(x, y));
  default:
    return err(l, "operator '" + llvm::StringRef(binaryOpSpelling(op)) +
                      "' is not supported on constexpr floats");
  }
}

//===----------------------------------------------------------------------===//
// Runtime operators
//===----------------------------------------------------------------------===//

static bool isPyNumber(const TValue &v) { return v.isNumber(); }


FailureOr<TValue> Emitter::binaryOp(BinaryOpKind op, const TValue &a,
                                    const TValue &bv, SourceLoc l) {
  if (isPyNumber(a) && isPyNumber(bv))
    return constFoldBinary(op, a, bv, l);
  if (a.isConstexpr() && bv.isConstexpr()) {
    if (op == BinaryOpKind::Add && a.isTuple() && bv.isTuple()) {
      std::vector<TValue> elts = a.getElts();
      elts.insert(elts.end(), bv.getElts().begin(), bv.getElts().end());
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
  bool isBitwise = op == BinaryOpKind::BitAnd || op == BinaryOpKind::BitOr ||
                   op == BinaryOpKind::BitXor || op == BinaryOpKind::LShift ||
                   op == BinaryOpKind::RShift;
  if (isBitwise && isFloat(*ct))
    return err(l, "operator '" + llvm::StringRef(binaryOpSpelling(op)) +
                      "' needs integer operands, got " + a.describe() +
                      " and " + bv.describe());
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
  case BinaryOpKind::RShift:
    r = u ? (mlir::Value)arith::ShRUIOp::create(b, ml, lv, rv)
          : (mlir::Value)arith::ShRSIOp::create(b, ml, lv, rv);
    break;
  default:
    return err(l, "unsupported operator");
  }
  return TValue::runtime(r, xa.getType());
}

FailureOr<TValue> Emitter::compareOp(CompareOpKind op, const TValue &a,
                                     const TValue &bv, SourceLoc l) {
  if (op == CompareOpKind::Is || op == CompareOpKind::IsNot) {
    // `x is None` is a compile-time question in Triton's language.
    if (!a.isNone() && !bv.isNone() && !(a.isConstexpr() && bv.isConstexpr()))
      return err(l, "'" + llvm::StringRef(compareOpSpelling(op)) +
                        "' is only supported with None or constexprs");
    bool same = a.isConstexpr() && bv.isConstexpr()
                    ? (a.getKind() == bv.getKind() &&
                       (a.isNone() || (a.isNumber() && a.getInt() ==
                                                           bv.getInt() &&
                                       a.getFloat() == bv.getFloat()) ||
                        (a.getKind() == TValue::Kind::DTypeObj &&
                         a.getDType() == bv.getDType())))
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
      if (e.isNumber() && a.isNumber() && e.asDouble() == a.asDouble())
        found = true;
      else if (e.getKind() == TValue::Kind::Str &&
               a.getKind() == TValue::Kind::Str && e.getStr() == a.getStr())
        found = true;
      else if (e.getKind() == TValue::Kind::DTypeObj &&
               a.getKind() == TValue::Kind::DTypeObj &&
               e.getDType() == a.getDType())
        found = true;
    return TValue::boolean(op == CompareOpKind::In ? found : !found);
  }
  if (a.isConstexpr() && bv.isConstexpr()) {
    if (a.isNumber() && bv.isNumber()) {
      bool r = false;
      if (!a.isFloat() && !bv.isFloat()) {
        int64_t x = a.getInt(), y = bv.getInt();
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
          same = a.getDType() == bv.getDType();
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
    bool u = isUnsigned(*ct);
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
      return a.isBool() ? TValue::integer(a.getInt()) : a;
    if (op == UnaryOpKind::Neg) {
      if (a.isFloat())
        return TValue::floating(-a.getFloat());
      if (a.getInt() == INT64_MIN)
        return err(l, "constexpr integer overflow in unary '-'");
      return TValue::integer(-a.getInt());
    }
    if (a.isFloat())
      return err(l, "bad operand for '~': " + a.describe());
    return TValue::integer(~a.getInt());
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
    if (t.elem.isFloat())
      return TValue::runtime(
          mlir::arith::NegFOp::create(b, ml, a.getValue()), t);
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
