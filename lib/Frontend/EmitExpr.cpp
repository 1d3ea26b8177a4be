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

#include <algorithm>
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
    return "constexpr int " + pyint::toString(bigValue);
  case Kind::Float:
    return "constexpr float " + formatPyFloat(floatValue);
  case Kind::Bool:
    return getBool() ? "constexpr True" : "constexpr False";
  case Kind::Str:
    return "string '" + name + "'";
  case Kind::DTypeObj:
    return type.isTensor() ? "block type " + type.str()
                           : "dtype " + type.elem.str();
  case Kind::Tuple:
    return "a tuple of " + std::to_string(elts.size()) + " elements";
  case Kind::Runtime:
    return (type.isTensor() ? "tensor " : "scalar ") + type.str();
  case Kind::Module:
    return "module '" + name + "'";
  case Kind::Builtin:
    return "function '" + name + "'";
  case Kind::Function:
    if (func && func->isConstexprFunction)
      return "constexpr function '" + func->name + "'";
    return "@jit function '" + (func ? func->name : std::string("?")) + "'";
  case Kind::Descriptor:
    return "tensor descriptor of " + type.str() + " blocks";
  case Kind::BlockPtr:
    return "block pointer to " + type.str() + " blocks";
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
  case Expr::Kind::Comprehension:
    return evalListComprehension(llvm::cast<ComprehensionExpr>(e));
  case Expr::Kind::Starred:
    // Calls spread `*t` themselves (evalCallArgs); the few calls that read
    // their arguments one by one (isinstance, a dtype's methods) do not.
    return err(e->getLoc(), "argument unpacking with '*' is not supported "
                            "in this call");
  case Expr::Kind::Dict:
  case Expr::Kind::Opaque:
    // Only decorator arguments and module-level Python hold these; kernels
    // never evaluate them.
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
  return attributeOf(*base, e->attr, e->getLoc(), e->attrLoc);
}

FailureOr<TValue> Emitter::attributeOf(TValue baseValue, const std::string &a,
                                       SourceLoc exprLoc, SourceLoc attrLoc) {
  FailureOr<TValue> base = std::move(baseValue);
  // `c.value` of a constexpr is its Python value, which tilec does not
  // wrap (library helpers write `dtype.value` to reach a dtype's methods).
  if (a == "value" && base->isConstexpr() &&
      base->getKind() != TValue::Kind::Module &&
      base->getKind() != TValue::Kind::Builtin &&
      base->getKind() != TValue::Kind::Function)
    return *base;
  // `x.dtype` of `x = 1`: Triton's scalar tensor's (TValue::asAssigned).
  if (base->isAssignedNumber()) {
    base = assignedToTensor(*base, exprLoc);
    if (failed(base))
      return failure();
  }
  switch (base->getKind()) {
  case TValue::Kind::Module: {
    const std::string &mod = base->getModulePath();
    if (llvm::StringRef(mod).starts_with("pymod:"))
      return programModuleAttr(*base, a, attrLoc);
    std::string path = mod + "." + a;
    // A module the host handed over (EmitHostModules.cpp), or a package
    // above one.
    if (const Module *host = findHostModule(mod))
      return lookupInHostModule(host, a, attrLoc);
    if (findHostModule(path) || isHostPackage(path))
      return TValue::module(path);
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
      return err(attrLoc, "'triton." + a +
                                 "' is not available in tilec kernels");
    }
    if (mod == "triton.language.math") {
      if (a == "libdevice")
        return TValue::module(path);
      if (lookupBuiltin(a, Math))
        return TValue::builtin(path);
      return err(attrLoc, "'tl.math." + a +
                                 "' is not a function of triton.language.math");
    }
    // triton.language.random: the functions Triton 3.6's random.py
    // defines (Builtins.def's "random" group, the same functions `tl.X`
    // reaches) and its default number of Philox rounds.
    if (mod == "triton.language.random") {
      if (a == "N_ROUNDS_DEFAULT")
        return TValue::integer(10);
      if (const Builtin *b = lookupBuiltin(a, Tl); b && b->group == "random")
        return TValue::builtin("triton.language." + a);
      return err(attrLoc, "'tl.random." + a +
                              "' is not defined in triton.language.random");
    }
    if (mod == "triton.language" || mod == "triton.language.core" ||
        mod == "triton.language.standard") {
      static const char *const dtypeNames[] = {
          "int1",    "int8",     "int16",   "int32",      "int64",
          "uint8",   "uint16",   "uint32",  "uint64",     "float16",
          "bfloat16", "float32", "float64", "float8e4nv", "float8e5",
          "float8e4b15"};
      for (const char *n : dtypeNames)
        if (a == n)
          return TValue::dtypeObj(ElemType::scalar(*parseDTypeName(a)));
      // Triton's AMD fp8 formats are refused on NVIDIA targets by Triton
      // too.
      if (a == "float8e4b8" || a == "float8e5b16")
        return err(attrLoc, "'tl." + a +
                                   "' is an AMD format, not supported on "
                                   "NVIDIA targets (as in Triton 3.6)");
      if (a == "math" || a == "extra" || a == "libdevice" || a == "random")
        return TValue::module("triton.language." + a);
      if (lookupBuiltin(a, Tl))
        return TValue::builtin("triton.language." + a);
      return err(attrLoc,
                 "'tl." + a + "' is not defined in triton.language");
    }
    return err(attrLoc, "module '" + mod + "' has no attribute '" + a + "'");
  }
  case TValue::Kind::Builtin: {
    llvm::StringRef n = base->getBuiltinName();
    if (n == "triton.language.PropagateNan" && (a == "ALL" || a == "NONE"))
      return TValue::builtin((n + "." + a).str());
    return err(attrLoc, base->describe() + " has no attribute '" + a + "'");
  }
  case TValue::Kind::Runtime: {
    const TileType &t = base->getType();
    if (a == "dtype")
      return TValue::dtypeObj(t.elem);
    // Triton's `x.type`: a block_type for a tensor, the dtype of a scalar.
    if (a == "type")
      return t.isTensor() ? TValue::blockType(t) : TValue::dtypeObj(t.elem);
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
        return err(attrLoc, "'.T' needs a 2-D tensor, got " + t.str());
      return trans(*base, {1, 0}, attrLoc);
    }
    return err(attrLoc, base->describe() + " has no attribute '" + a +
                               "'");
  }
  case TValue::Kind::Descriptor:
    return descriptorAttribute(*base, a, attrLoc);
  case TValue::Kind::DTypeObj:
    return dtypeAttribute(*base, a, attrLoc);
  default:
    return err(attrLoc, base->describe() + " has no attribute '" + a + "'");
  }
}

/// `t[lower:upper:step]` on a tuple (`x.shape[:dim]`, as Triton's
/// standard.py writes): Python's slice, with constexpr int or None bounds.
FailureOr<TValue> Emitter::sliceTuple(const TValue &t, const SliceExpr *s) {
  int64_t n = t.getElts().size();
  std::optional<int64_t> parts[3];
  const Expr *exprs[3] = {s->lower.get(), s->upper.get(), s->step.get()};
  for (int k = 0; k < 3; ++k) {
    if (!exprs[k])
      continue;
    FailureOr<TValue> v = eval(exprs[k]);
    if (failed(v))
      return failure();
    if (v->isNone())
      continue;
    FailureOr<int64_t> i =
        constInt(*v, "a tuple slice bound", exprs[k]->getLoc());
    if (failed(i))
      return failure();
    parts[k] = *i;
  }
  int64_t step = parts[2].value_or(1);
  if (step == 0)
    return err(s->getLoc(), "ValueError: slice step cannot be zero");
  // Python's PySlice_AdjustIndices.
  auto adjust = [&](std::optional<int64_t> v, int64_t dflt) {
    if (!v)
      return dflt;
    int64_t x = *v < 0 ? *v + n : *v;
    if (step > 0)
      return std::clamp<int64_t>(x, 0, n);
    return std::clamp<int64_t>(x, -1, n - 1);
  };
  int64_t lo = adjust(parts[0], step > 0 ? 0 : n - 1);
  int64_t hi = adjust(parts[1], step > 0 ? n : -1);
  std::vector<TValue> out;
  for (int64_t i = lo; step > 0 ? i < hi : i > hi; i += step)
    out.push_back(t.getElts()[i]);
  return TValue::tuple(std::move(out));
}

FailureOr<TValue> Emitter::evalSubscript(const SubscriptExpr *e) {
  FailureOr<TValue> base = eval(e->value.get());
  if (failed(base))
    return failure();
  if (base->isTuple()) {
    if (e->indices.size() != 1)
      return err(e->getLoc(), "a tuple takes one index");
    if (auto *s = llvm::dyn_cast<SliceExpr>(e->indices[0].get()))
      return sliceTuple(*base, s);
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
      // Triton's ':' does not check the rank, and a 0-d tensor indexed
      // `pid[:, None]` becomes a [1] block (expand_dims splats it); kernels
      // broadcast program ids that way. A tensor of rank 1 or more keeps
      // the check: Triton fails there too once a None follows.
      if (++kept > rank && rank != 0)
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

FailureOr<TValue> Emitter::evalCall(const CallExpr *e) {
  std::optional<TValue> receiver;
  FailureOr<TValue> callee = failure();
  if (auto *attr = llvm::dyn_cast<AttributeExpr>(e->func.get())) {
    FailureOr<TValue> base = eval(attr->value.get());
    if (failed(base))
      return failure();
    // `x.to(tl.float16)` of `x = 1`: a method of Triton's scalar tensor.
    if (base->isAssignedNumber()) {
      base = assignedToTensor(*base, attr->getLoc());
      if (failed(base))
        return failure();
    }
    if (base->isDescriptor())
      return callDescriptorMethod(*base, attr->attr, e);
    if (base->isBlockPtr()) {
      // Triton's tensor methods that take a block pointer.
      if (attr->attr != "advance" && attr->attr != "store")
        return err(attr->attrLoc, base->describe() + " has no method '" +
                                      attr->attr + "'");
      receiver = *base;
      callee = TValue::builtin("triton.language." + attr->attr);
    } else if (base->isRuntime()) {
      // Tensor methods forward to `tl.<name>(x, ...)` (Builtins.def).
      if (!lookupBuiltin(attr->attr, Method))
        return err(attr->attrLoc, base->describe() + " has no method '" +
                                      attr->attr + "'");
      receiver = *base;
      callee = TValue::builtin("triton.language." + attr->attr);
    } else if (base->isDType()) {
      if (isDTypeMethod(attr->attr))
        return callDTypeMethod(*base, attr->attr, e);
      callee = dtypeAttribute(*base, attr->attr, attr->attrLoc);
    } else {
      // Re-evaluate through evalAttribute for modules and dtypes.
      callee = evalAttribute(attr);
    }
  } else {
    // isinstance reads its class operand itself (`int`, `tuple`, ...).
    if (auto *n = llvm::dyn_cast<NameExpr>(e->func.get());
        n && n->name == "isinstance" && !scope.count("isinstance"))
      return evalIsInstance(e);
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
  if (failed(evalCallArgs(e, args, argLocs)))
    return failure();
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

LogicalResult Emitter::evalCallArgs(const CallExpr *e,
                                    std::vector<TValue> &args,
                                    std::vector<SourceLoc> &argLocs) {
  for (const ExprPtr &a : e->args) {
    auto *star = llvm::dyn_cast<StarredExpr>(a.get());
    FailureOr<TValue> v = eval(star ? star->value.get() : a.get());
    if (failed(v))
      return failure();
    if (!star) {
      args.push_back(*v);
      argLocs.push_back(a->getLoc());
      continue;
    }
    // Triton 3.6 spreads a tl.tuple (a tuple literal, a tuple parameter, a
    // helper's returned tuple) and nothing else: not a tensor, not a str.
    if (!v->isTuple())
      return err(star->value->getLoc(),
                 "argument unpacking with '*' needs a tuple, got " +
                     v->describe());
    for (const TValue &elt : v->getElts()) {
      args.push_back(elt);
      argLocs.push_back(star->value->getLoc());
    }
  }
  return success();
}

/// `[elt for x in t]` in a kernel: as in Triton 3.6, one `for` clause over a
/// tuple, whose result is the tuple of `elt` for each element. Triton
/// ignores `if` clauses; tilec refuses them rather than keep the elements
/// they would drop.
FailureOr<TValue> Emitter::evalListComprehension(const ComprehensionExpr *c) {
  if (c->shape != ComprehensionExpr::Shape::List)
    return err(c->getLoc(), "only list comprehensions are supported in "
                            "tilec kernels");
  if (c->generators.size() != 1)
    return err(c->getLoc(), "nested comprehensions are not supported");
  const CompFor &gen = c->generators.front();
  if (!gen.ifs.empty())
    return err(gen.ifs.front()->getLoc(),
               "'if' in a comprehension is not supported in kernels");
  auto *target = llvm::dyn_cast<NameExpr>(gen.target.get());
  if (!target)
    return err(gen.target->getLoc(), "a comprehension in a kernel binds one "
                                     "name");
  FailureOr<TValue> iter = eval(gen.iter.get());
  if (failed(iter))
    return failure();
  if (!iter->isTuple())
    return err(gen.iter->getLoc(), "only tuple comprehensions are supported, "
                                   "got " +
                                       iter->describe());
  // The comprehension's variable is its own, as in Python 3.
  auto saved = scope.find(target->name);
  std::optional<TValue> outer;
  if (saved != scope.end())
    outer = saved->second;
  std::vector<TValue> results;
  for (const TValue &item : iter->getElts()) {
    scope[target->name] = item;
    FailureOr<TValue> v = eval(c->elt.get());
    if (failed(v))
      return failure();
    results.push_back(*v);
  }
  if (outer)
    scope[target->name] = *outer;
  else
    scope.erase(target->name);
  return TValue::tuple(std::move(results));
}
