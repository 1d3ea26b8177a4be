//===- EmitStmt.cpp - Statements and structured control flow ----*- C++ -*-===//
//
// Emits statements. Control flow becomes `scf`: a constexpr `if` is folded
// (the dead branch is never analysed, as in Triton); a runtime `if` becomes
// scf.if whose results are the variables either branch reassigns; loops
// become scf.for / scf.while carrying the variables their bodies reassign;
// tl.static_range loops are unrolled. An early `return` is restructured: the
// statements after an `if` that returns move into its other branch, so every
// path ends in a return and the returned values become scf.if results.
//
//===----------------------------------------------------------------------===//

#include "Frontend/Emitter.h"
#include "Tile/IR/TileLoopAttrs.h"
#include "tilec/Limits.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/SCF/IR/SCF.h"

#include <set>

using namespace tilec::frontend;

//===----------------------------------------------------------------------===//
// Syntactic queries
//===----------------------------------------------------------------------===//

static bool stmtContainsReturn(const Stmt *s) {
  if (llvm::isa<ReturnStmt>(s))
    return true;
  if (auto *i = llvm::dyn_cast<IfStmt>(s))
    return containsReturn(i->body) || containsReturn(i->orelse);
  if (auto *f = llvm::dyn_cast<ForStmt>(s))
    return containsReturn(f->body);
  if (auto *w = llvm::dyn_cast<WhileStmt>(s))
    return containsReturn(w->body);
  return false;
}

bool tilec::frontend::containsReturn(const StmtList &stmts) {
  for (const StmtPtr &s : stmts)
    if (stmtContainsReturn(s.get()))
      return true;
  return false;
}

bool tilec::frontend::containsReturn(const std::vector<const Stmt *> &stmts) {
  for (const Stmt *s : stmts)
    if (stmtContainsReturn(s))
      return true;
  return false;
}

static bool alwaysReturns(const StmtList &stmts) {
  if (stmts.empty())
    return false;
  const Stmt *last = stmts.back().get();
  if (llvm::isa<ReturnStmt>(last))
    return true;
  if (auto *i = llvm::dyn_cast<IfStmt>(last))
    return alwaysReturns(i->body) && alwaysReturns(i->orelse);
  return false;
}

static void collectTargetNames(const Expr *t, std::vector<std::string> &out) {
  if (auto *n = llvm::dyn_cast<NameExpr>(t))
    out.push_back(n->name);
  else if (auto *tu = llvm::dyn_cast<TupleExpr>(t))
    for (const ExprPtr &e : tu->elts)
      collectTargetNames(e.get(), out);
  else if (auto *l = llvm::dyn_cast<ListExpr>(t))
    for (const ExprPtr &e : l->elts)
      collectTargetNames(e.get(), out);
}

void tilec::frontend::collectAssignedNames(const StmtList &stmts,
                                           std::vector<std::string> &names) {
  for (const StmtPtr &sp : stmts) {
    const Stmt *s = sp.get();
    if (auto *a = llvm::dyn_cast<AssignStmt>(s)) {
      for (const ExprPtr &t : a->targets)
        collectTargetNames(t.get(), names);
    } else if (auto *a = llvm::dyn_cast<AugAssignStmt>(s)) {
      collectTargetNames(a->target.get(), names);
    } else if (auto *a = llvm::dyn_cast<AnnAssignStmt>(s)) {
      if (a->value)
        collectTargetNames(a->target.get(), names);
    } else if (auto *i = llvm::dyn_cast<IfStmt>(s)) {
      collectAssignedNames(i->body, names);
      collectAssignedNames(i->orelse, names);
    } else if (auto *f = llvm::dyn_cast<ForStmt>(s)) {
      collectTargetNames(f->target.get(), names);
      collectAssignedNames(f->body, names);
    } else if (auto *w = llvm::dyn_cast<WhileStmt>(s)) {
      collectAssignedNames(w->body, names);
    }
  }
}

/// Unique names in first-seen order, so emitted IR is deterministic.
static std::vector<std::string> uniqueNames(std::vector<std::string> names) {
  std::vector<std::string> out;
  std::set<std::string> seen;
  for (std::string &n : names)
    if (seen.insert(n).second)
      out.push_back(std::move(n));
  return out;
}

static bool sameConstexpr(const TValue &a, const TValue &b) {
  if (a.getKind() != b.getKind())
    return false;
  switch (a.getKind()) {
  case TValue::Kind::None:
    return true;
  case TValue::Kind::Int:
  case TValue::Kind::Bool:
    return pyint::compare(a.getBigInt(), b.getBigInt()) == 0;
  case TValue::Kind::Float:
    return a.getFloat() == b.getFloat() ||
           (std::isnan(a.getFloat()) && std::isnan(b.getFloat()));
  case TValue::Kind::Str:
  case TValue::Kind::Module:
  case TValue::Kind::Builtin:
    return a.getStr() == b.getStr();
  case TValue::Kind::DTypeObj:
    return a.sameDType(b);
  case TValue::Kind::Function:
    return a.getFunction() == b.getFunction();
  case TValue::Kind::Tuple:
    if (a.getElts().size() != b.getElts().size())
      return false;
    for (size_t i = 0; i < a.getElts().size(); ++i)
      if (!sameConstexpr(a.getElts()[i], b.getElts()[i]))
        return false;
    return true;
  case TValue::Kind::Runtime:
    return false;
  case TValue::Kind::Descriptor:
    // A device descriptor (no MLIR value) is the same only if made of the
    // same values.
    if (a.getValue() != b.getValue() || a.getType() != b.getType() ||
        a.padsWithNan() != b.padsWithNan() ||
        a.getElts().size() != b.getElts().size())
      return false;
    for (size_t i = 0; i < a.getElts().size(); ++i)
      if (a.getElts()[i].getValue() != b.getElts()[i].getValue())
        return false;
    return true;
  case TValue::Kind::BlockPtr:
    return false;
  }
  return false;
}


//===----------------------------------------------------------------------===//
// Merging values across paths
//===----------------------------------------------------------------------===//

FailureOr<TValue> Emitter::unify(const TValue &a, const TValue &bv,
                                 mlir::Operation *aTerm,
                                 mlir::Operation *bTerm,
                                 llvm::SmallVectorImpl<mlir::Value> &aYield,
                                 llvm::SmallVectorImpl<mlir::Value> &bYield,
                                 llvm::StringRef what, SourceLoc l) {
  mlir::OpBuilder::InsertionGuard guard(b);
  if (a.isConstexpr() && bv.isConstexpr() && sameConstexpr(a, bv))
    return a;
  // Descriptors are parameters: the same one on both paths, or an error.
  if (a.isDescriptor() && bv.isDescriptor() && sameConstexpr(a, bv))
    return a;
  // The runtime fields of two block pointers or descriptors, merged one by
  // one.
  auto unifyFields = [&]() -> FailureOr<std::vector<TValue>> {
    std::vector<TValue> fields;
    for (size_t i = 0; i < a.getElts().size(); ++i) {
      FailureOr<TValue> e = unify(a.getElts()[i], bv.getElts()[i], aTerm,
                                  bTerm, aYield, bYield, what, l);
      if (failed(e))
        return failure();
      fields.push_back(*e);
    }
    return fields;
  };
  // Block pointers merge field by field; what is constexpr in them (the
  // block and the order) must agree.
  if (a.isBlockPtr() && bv.isBlockPtr()) {
    if (a.getType() != bv.getType() || a.getOrder() != bv.getOrder())
      return err(l, what + " is " + a.describe() + " on one path and " +
                        bv.describe() +
                        " on the other; the block and order must agree");
    FailureOr<std::vector<TValue>> fields = unifyFields();
    if (failed(fields))
      return failure();
    return TValue::blockPtr(std::move(*fields), a.getType(), a.getOrder());
  }
  // Descriptors made in the kernel merge field by field as block pointers
  // do (Triton's tensor_descriptor flattens to its handle's base, shapes
  // and strides); the block and the padding must agree.
  if (a.isDeviceDescriptor() && bv.isDeviceDescriptor()) {
    if (a.getType() != bv.getType() || a.padsWithNan() != bv.padsWithNan())
      return err(l, what + " is " + a.describe() + " on one path and " +
                        bv.describe() +
                        " on the other; the block and padding must agree");
    FailureOr<std::vector<TValue>> fields = unifyFields();
    if (failed(fields))
      return failure();
    return TValue::deviceDescriptor(std::move(*fields), a.getType(),
                                    a.padsWithNan());
  }
  if (a.isTuple() && bv.isTuple()) {
    if (a.getElts().size() != bv.getElts().size())
      return err(l, what + " is a tuple of " +
                        llvm::Twine(a.getElts().size()) +
                        " elements on one path and of " +
                        llvm::Twine(bv.getElts().size()) + " on the other");
    std::vector<TValue> elts;
    for (size_t i = 0; i < a.getElts().size(); ++i) {
      FailureOr<TValue> e = unify(a.getElts()[i], bv.getElts()[i], aTerm,
                                  bTerm, aYield, bYield, what, l);
      if (failed(e))
        return failure();
      elts.push_back(*e);
    }
    return TValue::tuple(std::move(elts));
  }
  auto mat = [&](const TValue &v, const TileType &t,
                 mlir::Operation *term) -> FailureOr<TValue> {
    b.setInsertionPoint(term);
    if (v.isFloat() && t.elem.isInt())
      return err(l, what + " is " + v.describe() + " on one path and " +
                        (a.isRuntime() ? a : bv).describe() +
                        " on the other; the types must agree");
    return materialize(v, t, l);
  };
  if (a.isNumber() && bv.isNumber()) {
    std::string e;
    DType dt = *computationType(getPromotionDType(a), false, getPromotionDType(bv),
                                false, false, e);
    TileType t{ElemType::scalar(dt), {}};
    FailureOr<TValue> ra = mat(a, t, aTerm), rb = mat(bv, t, bTerm);
    if (failed(ra) || failed(rb))
      return failure();
    aYield.push_back(ra->getValue());
    bYield.push_back(rb->getValue());
    return *ra;
  }
  if (a.isRuntime() && bv.isRuntime()) {
    if (a.getType() != bv.getType())
      return err(l, what + " has type " + a.getType().str() +
                        " on one path and " + bv.getType().str() +
                        " on the other");
    aYield.push_back(a.getValue());
    bYield.push_back(bv.getValue());
    return a;
  }
  if (a.isRuntime() && bv.isNumber()) {
    FailureOr<TValue> rb = mat(bv, a.getType(), bTerm);
    if (failed(rb))
      return failure();
    aYield.push_back(a.getValue());
    bYield.push_back(rb->getValue());
    return a;
  }
  if (a.isNumber() && bv.isRuntime()) {
    FailureOr<TValue> ra = mat(a, bv.getType(), aTerm);
    if (failed(ra))
      return failure();
    aYield.push_back(ra->getValue());
    bYield.push_back(bv.getValue());
    return bv;
  }
  return err(l, what + " is " + a.describe() + " on one path and " +
                    bv.describe() + " on the other");
}

TValue Emitter::rebuild(const TValue &pattern, mlir::ValueRange results,
                        unsigned &idx) {
  if (pattern.isRuntime())
    return TValue::runtime(results[idx++], pattern.getType());
  if (pattern.isTuple() && !pattern.isConstexpr()) {
    std::vector<TValue> elts;
    for (const TValue &e : pattern.getElts())
      elts.push_back(rebuild(e, results, idx));
    return TValue::tuple(std::move(elts));
  }
  if (pattern.isBlockPtr()) {
    std::vector<TValue> fields;
    for (const TValue &e : pattern.getElts())
      fields.push_back(rebuild(e, results, idx));
    return TValue::blockPtr(std::move(fields), pattern.getType(),
                            pattern.getOrder());
  }
  if (pattern.isDeviceDescriptor()) {
    std::vector<TValue> fields;
    for (const TValue &e : pattern.getElts())
      fields.push_back(rebuild(e, results, idx));
    return TValue::deviceDescriptor(std::move(fields), pattern.getType(),
                                    pattern.padsWithNan());
  }
  return pattern;
}

FailureOr<TValue>
Emitter::flattenCarried(const TValue &v,
                        llvm::SmallVectorImpl<mlir::Value> &out,
                        llvm::StringRef name, SourceLoc l) {
  if (v.isRuntime()) {
    out.push_back(v.getValue());
    return v;
  }
  if (v.isNumber()) {
    FailureOr<TValue> r = toRuntime(v, l);
    if (failed(r))
      return failure();
    out.push_back(r->getValue());
    return *r;
  }
  if (v.isTuple()) {
    std::vector<TValue> elts;
    for (const TValue &e : v.getElts()) {
      FailureOr<TValue> p = flattenCarried(e, out, name, l);
      if (failed(p))
        return failure();
      elts.push_back(*p);
    }
    return TValue::tuple(std::move(elts));
  }
  // A block pointer is carried as its runtime fields, and so is a
  // descriptor made in the kernel (tl.make_tensor_descriptor: its base,
  // shapes and strides); the fields a loop does not change fold back to
  // their initial values in canonicalization.
  if (v.isBlockPtr() || v.isDeviceDescriptor()) {
    for (const TValue &e : v.getElts())
      out.push_back(e.getValue());
    return v;
  }
  // A constexpr that cannot live in a register (None, a string, a dtype, a
  // function, a descriptor parameter) is not carried: it stays bound to its
  // value, and matchCarried checks that the body leaves it so. An
  // assignment the body does not run (in an `if CONSTEXPR:` branch not
  // taken) is thus no error, as in Triton, which carries only the names an
  // iteration really changes.
  return v;
}

LogicalResult Emitter::matchCarried(const TValue &v, const TValue &pattern,
                                    llvm::SmallVectorImpl<mlir::Value> &out,
                                    llvm::StringRef name, SourceLoc l) {
  if (pattern.isRuntime()) {
    if (v.isNumber()) {
      FailureOr<TValue> m = materialize(v, pattern.getType(), l);
      if (failed(m))
        return failure();
      out.push_back(m->getValue());
      return success();
    }
    if (!v.isRuntime() || v.getType() != pattern.getType())
      return err(l, "loop-carried variable '" + name + "' enters the loop as " +
                        pattern.describe() +
                        " but is " + v.describe() +
                        " at the end of an iteration; its type must not "
                        "change");
    out.push_back(v.getValue());
    return success();
  }
  if (pattern.isTuple()) {
    if (!v.isTuple() || v.getElts().size() != pattern.getElts().size())
      return err(l, "loop-carried variable '" + name +
                        "' changes from a tuple to " + v.describe());
    for (size_t i = 0; i < v.getElts().size(); ++i)
      if (failed(matchCarried(v.getElts()[i], pattern.getElts()[i], out, name,
                              l)))
        return failure();
    return success();
  }
  if (pattern.isBlockPtr()) {
    if (!v.isBlockPtr() || v.getType() != pattern.getType() ||
        v.getOrder() != pattern.getOrder())
      return err(l, "loop-carried variable '" + name + "' enters the loop as " +
                        pattern.describe() + " but is " + v.describe() +
                        " at the end of an iteration; its type must not "
                        "change");
    for (const TValue &e : v.getElts())
      out.push_back(e.getValue());
    return success();
  }
  if (pattern.isDeviceDescriptor()) {
    if (!v.isDeviceDescriptor() || v.getType() != pattern.getType() ||
        v.padsWithNan() != pattern.padsWithNan())
      return err(l, "loop-carried variable '" + name + "' enters the loop as " +
                        pattern.describe() + " but is " + v.describe() +
                        " at the end of an iteration; its block and padding "
                        "must not change");
    for (const TValue &e : v.getElts())
      out.push_back(e.getValue());
    return success();
  }
  // A constexpr flattenCarried left in place must come out unchanged.
  if (sameConstexpr(v, pattern))
    return success();
  return err(l, "variable '" + name + "' is reassigned in the loop but holds " +
                    pattern.describe() + ", which cannot change at run time");
}

//===----------------------------------------------------------------------===//
// Statement sequences
//===----------------------------------------------------------------------===//

LogicalResult Emitter::emitStmts(const std::vector<const Stmt *> &stmts,
                                 FlowResult &out) {
  for (size_t i = 0; i < stmts.size(); ++i) {
    const Stmt *s = stmts[i];
    if (auto *r = llvm::dyn_cast<ReturnStmt>(s)) {
      if (loopDepth)
        return err(r->getLoc(), "'return' inside a loop is not supported");
      TValue v;
      if (r->value) {
        FailureOr<TValue> e = eval(r->value.get());
        if (failed(e))
          return failure();
        v = *e;
      }
      out.returned = true;
      out.value = v;
      out.loc = r->getLoc();
      return success();
    }
    auto *ifs = llvm::dyn_cast<IfStmt>(s);
    if (!ifs) {
      if (failed(emitSimpleStmt(s)))
        return failure();
      continue;
    }
    FailureOr<TValue> cond = eval(ifs->test.get());
    if (failed(cond))
      return failure();
    if (cond->isConstexpr()) {
      FailureOr<bool> t = truthy(*cond, ifs->test->getLoc());
      if (failed(t))
        return failure();
      // Only the live branch is analysed, then the rest of the sequence.
      std::vector<const Stmt *> rest;
      for (const StmtPtr &x : *t ? ifs->body : ifs->orelse)
        rest.push_back(x.get());
      rest.insert(rest.end(), stmts.begin() + i + 1, stmts.end());
      return emitStmts(rest, out);
    }
    if (!containsReturn(ifs->body) && !containsReturn(ifs->orelse)) {
      if (failed(emitIf(ifs, *cond)))
        return failure();
      continue;
    }
    if (loopDepth)
      return err(ifs->getLoc(), "'return' inside a loop is not supported");
    std::vector<const Stmt *> thenList, elseList;
    for (const StmtPtr &x : ifs->body)
      thenList.push_back(x.get());
    for (const StmtPtr &x : ifs->orelse)
      elseList.push_back(x.get());
    if (!alwaysReturns(ifs->body))
      thenList.insert(thenList.end(), stmts.begin() + i + 1, stmts.end());
    if (!alwaysReturns(ifs->orelse))
      elseList.insert(elseList.end(), stmts.begin() + i + 1, stmts.end());
    return emitReturningIf(ifs, *cond, std::move(thenList),
                           std::move(elseList), out);
  }
  out.returned = false;
  return success();
}

LogicalResult Emitter::assign(const Expr *target, const TValue &value) {
  if (auto *n = llvm::dyn_cast<NameExpr>(target)) {
    scope[n->name] = value;
    return success();
  }
  const std::vector<ExprPtr> *elts = nullptr;
  if (auto *t = llvm::dyn_cast<TupleExpr>(target))
    elts = &t->elts;
  else if (auto *l = llvm::dyn_cast<ListExpr>(target))
    elts = &l->elts;
  if (!elts)
    return err(target->getLoc(), "cannot assign to this expression");
  if (!value.isTuple())
    return err(target->getLoc(), "cannot unpack " + value.describe() +
                                     " into " + llvm::Twine(elts->size()) +
                                     " names");
  if (value.getElts().size() != elts->size())
    return err(target->getLoc(),
               "cannot unpack a tuple of " +
                   llvm::Twine(value.getElts().size()) + " elements into " +
                   llvm::Twine(elts->size()) + " names");
  for (size_t i = 0; i < elts->size(); ++i)
    if (failed(assign((*elts)[i].get(), value.getElts()[i])))
      return failure();
  return success();
}

LogicalResult Emitter::emitSimpleStmt(const Stmt *s) {
  switch (s->getKind()) {
  case Stmt::Kind::Pass:
    return success();
  case Stmt::Kind::Assert: {
    auto *a = llvm::cast<AssertStmt>(s);
    FailureOr<TValue> test = eval(a->test.get());
    if (failed(test))
      return failure();
    std::optional<TValue> msg;
    if (a->msg) {
      FailureOr<TValue> m = eval(a->msg.get());
      if (failed(m))
        return failure();
      msg = *m;
    }
    return failure(
        failed(deviceAssert(*test, msg ? &*msg : nullptr,
                            /*mask=*/nullptr, a->getLoc(),
                            a->msg ? a->msg->getLoc() : a->getLoc())));
  }
  case Stmt::Kind::Expr: {
    auto *e = llvm::cast<ExprStmt>(s);
    if (llvm::isa<StrLitExpr>(e->value.get()))
      return success(); // a docstring
    return failure(failed(eval(e->value.get())));
  }
  case Stmt::Kind::Assign: {
    auto *a = llvm::cast<AssignStmt>(s);
    FailureOr<TValue> v = eval(a->value.get());
    if (failed(v))
      return failure();
    // Triton makes an assigned Python number a scalar tensor (asAssigned).
    for (const ExprPtr &t : a->targets)
      if (failed(assign(t.get(), v->asAssigned())))
        return failure();
    return success();
  }
  case Stmt::Kind::AugAssign: {
    auto *a = llvm::cast<AugAssignStmt>(s);
    FailureOr<TValue> cur = eval(a->target.get());
    if (failed(cur))
      return failure();
    FailureOr<TValue> v = eval(a->value.get());
    if (failed(v))
      return failure();
    FailureOr<TValue> r = binaryOp(a->op, *cur, *v, a->getLoc());
    if (failed(r))
      return failure();
    return assign(a->target.get(), r->asAssigned());
  }
  case Stmt::Kind::AnnAssign: {
    auto *a = llvm::cast<AnnAssignStmt>(s);
    if (!a->value)
      return success();
    FailureOr<TValue> v = eval(a->value.get());
    if (failed(v))
      return failure();
    // `x: tl.constexpr = value` binds a name that cannot be rebound, as in
    // Triton. A runtime value is accepted: Triton wraps it in a constexpr,
    // and the name holds the runtime value.
    if (isConstexprAnnotation(a->annotation.get()))
      if (auto *n = llvm::dyn_cast<NameExpr>(a->target.get());
          n && scope.count(n->name))
        return err(a->target->getLoc(),
                   "'" + n->name +
                       "' is already defined; a constexpr cannot be "
                       "reassigned");
    if (isConstexprAnnotation(a->annotation.get()))
      return assign(a->target.get(), *v);
    return assign(a->target.get(), v->asAssigned());
  }
  case Stmt::Kind::For:
    return emitFor(llvm::cast<ForStmt>(s));
  case Stmt::Kind::While:
    return emitWhile(llvm::cast<WhileStmt>(s));
  case Stmt::Kind::Raise: {
    // Reached only where code is generated for it: a raise in a branch that
    // a constexpr condition removes is never emitted, as in Triton.
    const auto *r = llvm::cast<RaiseStmt>(s);
    std::string what = r->text.empty() ? std::string("'raise'")
                                       : "'raise " + r->text + "'";
    return err(s->getLoc(),
               what + " is not supported in generated code: a tilec kernel "
                      "cannot raise at run time (a raise is accepted only in "
                      "a branch that a constexpr condition removes)");
  }
  case Stmt::Kind::Return:
  case Stmt::Kind::If:
  // Module-level and plain-function statements; kernels never hold them.
  case Stmt::Kind::Import:
  case Stmt::Kind::Def:
  case Stmt::Kind::Try:
  case Stmt::Kind::Break:
  case Stmt::Kind::Continue:
  case Stmt::Kind::Opaque:
    break;
  }
  return err(s->getLoc(), "unexpected statement");
}

static std::vector<const Stmt *> toList(const StmtList &l) {
  std::vector<const Stmt *> out;
  for (const StmtPtr &s : l)
    out.push_back(s.get());
  return out;
}

//===----------------------------------------------------------------------===//
// if
//===----------------------------------------------------------------------===//

mlir::scf::IfOp Emitter::addIfResults(mlir::scf::IfOp ifOp,
                                      llvm::ArrayRef<mlir::Value> thenYield,
                                      llvm::ArrayRef<mlir::Value> elseYield,
                                      mlir::Location l) {
  // Result types are only known once both branches are emitted: build the
  // op again with results and move the branch bodies into it.
  b.setInsertionPoint(ifOp);
  llvm::SmallVector<mlir::Type> types;
  for (mlir::Value v : thenYield)
    types.push_back(v.getType());
  auto newIf = mlir::scf::IfOp::create(b, l, types, ifOp.getCondition(),
                                       /*withElseRegion=*/true);
  newIf.getThenRegion().takeBody(ifOp.getThenRegion());
  newIf.getElseRegion().takeBody(ifOp.getElseRegion());
  ifOp.erase();
  for (auto [blk, yields] : {std::make_pair(newIf.thenBlock(), thenYield),
                             std::make_pair(newIf.elseBlock(), elseYield)}) {
    blk->getTerminator()->erase();
    b.setInsertionPointToEnd(blk);
    mlir::scf::YieldOp::create(b, l, yields);
  }
  b.setInsertionPointAfter(newIf);
  return newIf;
}

LogicalResult Emitter::emitIf(const IfStmt *s, const TValue &cond) {
  FailureOr<mlir::Value> c = scalarCondition(cond, s->test->getLoc());
  if (failed(c))
    return failure();
  mlir::Location l = loc(s->getLoc());
  auto ifOp = mlir::scf::IfOp::create(b, l, mlir::TypeRange{}, *c,
                                      /*withElseRegion=*/true);
  Scope before = scope;
  FlowResult flow;

  b.setInsertionPoint(ifOp.thenBlock()->getTerminator());
  if (failed(emitStmts(toList(s->body), flow)))
    return failure();
  Scope thenScope = std::move(scope);

  scope = before;
  b.setInsertionPoint(ifOp.elseBlock()->getTerminator());
  if (failed(emitStmts(toList(s->orelse), flow)))
    return failure();
  Scope elseScope = std::move(scope);

  scope = before;
  std::vector<std::string> names;
  collectAssignedNames(s->body, names);
  collectAssignedNames(s->orelse, names);
  llvm::SmallVector<mlir::Value> thenYield, elseYield;
  std::vector<std::pair<std::string, TValue>> patterns;
  mlir::Operation *thenTerm = ifOp.thenBlock()->getTerminator();
  mlir::Operation *elseTerm = ifOp.elseBlock()->getTerminator();
  for (const std::string &n : uniqueNames(names)) {
    auto ti = thenScope.find(n), ei = elseScope.find(n);
    if (ti == thenScope.end() || ei == elseScope.end())
      continue; // bound on one path only: not visible after the if
    FailureOr<TValue> p =
        unify(ti->second, ei->second, thenTerm, elseTerm, thenYield,
              elseYield, "variable '" + n + "'", s->getLoc());
    if (failed(p))
      return failure();
    patterns.emplace_back(n, *p);
  }

  mlir::scf::IfOp newIf = addIfResults(ifOp, thenYield, elseYield, l);
  unsigned idx = 0;
  for (auto &[n, p] : patterns)
    scope[n] = rebuild(p, newIf.getResults(), idx);
  return success();
}

LogicalResult Emitter::emitReturningIf(const IfStmt *s, const TValue &cond,
                                       std::vector<const Stmt *> thenList,
                                       std::vector<const Stmt *> elseList,
                                       FlowResult &out) {
  FailureOr<mlir::Value> c = scalarCondition(cond, s->test->getLoc());
  if (failed(c))
    return failure();
  mlir::Location l = loc(s->getLoc());
  auto ifOp = mlir::scf::IfOp::create(b, l, mlir::TypeRange{}, *c, true);
  Scope before = scope;
  FlowResult thenFlow, elseFlow;
  b.setInsertionPoint(ifOp.thenBlock()->getTerminator());
  if (failed(emitStmts(thenList, thenFlow)))
    return failure();
  scope = before;
  b.setInsertionPoint(ifOp.elseBlock()->getTerminator());
  if (failed(emitStmts(elseList, elseFlow)))
    return failure();
  scope = before;
  if (!thenFlow.returned || !elseFlow.returned)
    return err(s->getLoc(), "internal error: a returning 'if' has a path "
                            "that does not return");
  if (thenFlow.value.isNone() != elseFlow.value.isNone())
    return err(thenFlow.value.isNone() ? elseFlow.loc : thenFlow.loc,
               "'" + (functionStack.empty() ? std::string("?")
                                            : functionStack.back()->name) +
                   "' returns a value on one path and None on another");
  llvm::SmallVector<mlir::Value> thenYield, elseYield;
  FailureOr<TValue> pattern =
      unify(thenFlow.value, elseFlow.value, ifOp.thenBlock()->getTerminator(),
            ifOp.elseBlock()->getTerminator(), thenYield, elseYield,
            "the returned value", thenFlow.loc);
  if (failed(pattern))
    return failure();
  mlir::scf::IfOp newIf = addIfResults(ifOp, thenYield, elseYield, l);
  unsigned idx = 0;
  out.returned = true;
  out.value = rebuild(*pattern, newIf.getResults(), idx);
  out.loc = thenFlow.loc;
  return success();
}

//===----------------------------------------------------------------------===//
// Loops
//===----------------------------------------------------------------------===//

/// The most iterations tl.static_range may unroll in one kernel, all loops
/// together: past it, compile time and code size explode.
static constexpr int64_t kMaxUnrolled = 16384;

namespace {
/// Restores the loop depth on scope exit.
struct LoopDepthGuard {
  explicit LoopDepthGuard(unsigned &d) : d(d) { ++d; }
  ~LoopDepthGuard() { --d; }
  unsigned &d;
};
} // namespace

LogicalResult Emitter::emitFor(const ForStmt *s) {
  auto *call = llvm::dyn_cast<CallExpr>(s->iter.get());
  auto *target = llvm::dyn_cast<NameExpr>(s->target.get());
  if (!target)
    return err(s->target->getLoc(),
               "a 'for' loop target must be a single name");
  if (!call)
    return err(s->iter->getLoc(), "'for' loops must iterate over range(), "
                                  "tl.range() or tl.static_range()");
  FailureOr<TValue> callee = eval(call->func.get());
  if (failed(callee))
    return failure();
  std::string fn = callee->getKind() == TValue::Kind::Builtin
                       ? callee->getBuiltinName()
                       : "";
  bool isStatic = fn == "triton.language.static_range";
  if (fn != "range" && fn != "triton.language.range" && !isStatic)
    return err(s->iter->getLoc(), "'for' loops must iterate over range(), "
                                  "tl.range() or tl.static_range()");
  // In a constexpr function, Python runs the loop: it unrolls.
  if (compileTimeDepth && fn == "range")
    isStatic = true;
  std::vector<TValue> bounds;
  std::vector<SourceLoc> boundLocs;
  if (failed(evalCallArgs(call, bounds, boundLocs)))
    return failure();
  // tl.range(arg1, arg2, step, num_stages, loop_unroll_factor,
  // disallow_acc_multi_buffer, flatten, warp_specialize, disable_licm) and
  // tl.static_range(arg1, arg2, step), keywords included, as Triton's
  // classes take them.
  static constexpr llvm::StringLiteral kRangeParams[] = {
      "arg1",
      "arg2",
      "step",
      "num_stages",
      "loop_unroll_factor",
      "disallow_acc_multi_buffer",
      "flatten",
      "warp_specialize",
      "disable_licm"};
  size_t numParams = isStatic ? 3 : std::size(kRangeParams);
  std::string rangeName = isStatic ? "tl.static_range" : "tl.range";
  if (fn != "range" && bounds.size() > numParams)
    return err(call->getLoc(), "'" + rangeName + "' takes at most " +
                                   llvm::Twine(numParams) + " arguments, got " +
                                   llvm::Twine(bounds.size()));
  std::vector<std::optional<TValue>> opts(std::size(kRangeParams));
  std::vector<SourceLoc> optLocs(std::size(kRangeParams), call->getLoc());
  for (size_t k = 3; k < bounds.size(); ++k) {
    opts[k] = bounds[k];
    optLocs[k] = boundLocs[k];
  }
  if (fn != "range" && bounds.size() > 3)
    bounds.resize(3);
  for (const Keyword &k : call->keywords) {
    FailureOr<TValue> v = eval(k.value.get());
    if (failed(v))
      return failure();
    if (fn == "range")
      return err(k.loc, "range() takes no keyword arguments");
    const llvm::StringLiteral *it =
        llvm::find(llvm::ArrayRef(kRangeParams).take_front(numParams), k.name);
    if (it == kRangeParams + numParams)
      return err(k.loc, "unexpected keyword argument '" + k.name + "' of '" +
                            rangeName + "'");
    size_t slot = it - kRangeParams;
    if (slot < 3) {
      // arg1/arg2/step by keyword: after the positional bounds, in order.
      if (slot < bounds.size())
        return err(k.loc, "'" + rangeName +
                              "' got multiple values for "
                              "argument '" +
                              k.name + "'");
      bounds.resize(slot + 1);
      bounds[slot] = *v;
      continue;
    }
    if (opts[slot])
      return err(k.loc, "'" + rangeName +
                            "' got multiple values for "
                            "argument '" +
                            k.name + "'");
    opts[slot] = *v;
    optLocs[slot] = k.loc;
  }
  int64_t numStages = -1, unrollFactor = -1;
  llvm::SmallVector<llvm::StringRef> flags;
  for (size_t k = 3; k < std::size(kRangeParams); ++k) {
    if (!opts[k] || opts[k]->isNone())
      continue;
    std::string what = "'" + kRangeParams[k].str() + "'";
    if (k == 3 || k == 4) {
      SourceLoc ol = optLocs[k];
      FailureOr<int64_t> n = constInt(*opts[k], what, ol);
      if (failed(n))
        return failure();
      if (k == 3) {
        // 0 and 1 both mean no pipelining, as in Triton.
        if (*n < 0 || *n > kMaxNumStages)
          return err(ol, "'num_stages' must be from 0 to " +
                             llvm::Twine(kMaxNumStages) + ", got " +
                             llvm::Twine(*n));
        numStages = *n;
      } else {
        if (*n < INT32_MIN || *n > INT32_MAX)
          return err(ol, "'loop_unroll_factor' must fit in int32, got " +
                             llvm::Twine(*n));
        unrollFactor = *n;
      }
      continue;
    }
    if (!opts[k]->isConstexpr())
      return err(optLocs[k],
                 what + " must be a constexpr, got " + opts[k]->describe());
    FailureOr<bool> on = truthy(*opts[k], optLocs[k]);
    if (failed(on))
      return failure();
    if (*on)
      flags.push_back(k == 5   ? tile::kDisallowAccMultiBufferAttrName
                      : k == 6 ? tile::kFlattenAttrName
                      : k == 7 ? tile::kWarpSpecializeAttrName
                               : tile::kDisableLicmAttrName);
  }
  // tl.static_range(n) and tl.range(n) with arg2/step left None.
  while (bounds.size() > 1 && bounds.back().isNone())
    bounds.pop_back();
  if (bounds.size() == 3 && bounds[1].isNone())
    bounds = {TValue::integer(0), bounds[0], bounds[2]};
  if (bounds.empty() || bounds.size() > 3)
    return err(call->getLoc(), "range expects 1 to 3 arguments, got " +
                                   llvm::Twine(bounds.size()));
  TValue lb = TValue::integer(0), ub, step = TValue::integer(1);
  if (bounds.size() == 1)
    ub = bounds[0];
  else {
    lb = bounds[0];
    ub = bounds[1];
    if (bounds.size() == 3)
      step = bounds[2];
  }
  for (const TValue *v : {&lb, &ub, &step}) {
    if (v->isInt() || v->isBool())
      continue;
    if (v->isRuntime() && !v->getType().isTensor() && v->getType().elem.isInt())
      continue;
    return err(call->getLoc(), "range bounds must be integers, got " +
                                   v->describe());
  }

  if (isStatic) {
    if (!lb.isConstexpr() || !ub.isConstexpr() || !step.isConstexpr())
      return err(call->getLoc(), "'tl.static_range' bounds must be constexpr, "
                                 "got " +
                                     (lb.isConstexpr()
                                          ? (ub.isConstexpr() ? step : ub)
                                          : lb)
                                         .describe());
    for (const TValue *v : {&lb, &ub, &step})
      if (!pyint::fitsInt64(v->getBigInt()))
        return err(call->getLoc(), "'tl.static_range' bounds must fit in "
                                   "int64, got " +
                                       v->describe());
    int64_t l0 = lb.getInt(), u0 = ub.getInt(), st = step.getInt();
    if (st == 0)
      return err(call->getLoc(), "range step must not be zero");
    // In 128 bits: the span of two int64 bounds does not fit in 64.
    __int128 lw = l0, uw = u0, sw = st;
    __int128 trips = sw > 0 ? (uw > lw ? (uw - lw + sw - 1) / sw : 0)
                            : (lw > uw ? (lw - uw - sw - 1) / -sw : 0);
    if (trips > 4096)
      return err(call->getLoc(),
                 "tl.static_range unrolls " +
                     llvm::Twine(static_cast<int64_t>(
                         std::min<__int128>(trips, INT64_MAX))) +
                     " iterations; at most 4096 are allowed");
    LoopDepthGuard g(loopDepth);
    for (int64_t k = 0; k < trips; ++k) {
      if (++unrolledIterations > kMaxUnrolled)
        return err(call->getLoc(),
                   "tl.static_range loops unroll more than " +
                       llvm::Twine(kMaxUnrolled) +
                       " iterations in this kernel (nested unrolled loops "
                       "multiply); use range() for a runtime loop");
      if (failed(checkSizeBudget(call->getLoc(), "unrolling tl.static_range")))
        return failure();
      scope[target->name] = TValue::integer(static_cast<int64_t>(lw + k * sw));
      FlowResult flow;
      if (failed(emitStmts(toList(s->body), flow)))
        return failure();
    }
    return success();
  }

  // The induction variable's type: i32 unless a bound needs i64.
  DType ivType = DType::I32;
  for (const TValue *v : {&lb, &ub, &step}) {
    if (v->isRuntime())
      ivType = getBitWidth(v->getType().elem.dtype) > 32 ||
                       getBitWidth(ivType) > 32
                   ? DType::I64
                   : DType::I32;
    else if (v->isInt() && !(pyint::fitsInt64(v->getBigInt()) &&
                             dtypeOfPyInt(v->getInt(), false) == DType::I32))
      ivType = DType::I64;
  }
  ElemType ivElem = ElemType::scalar(ivType);
  bool negate = false;
  if (step.isConstexpr()) {
    if (step.getBigInt().isZero())
      return err(call->getLoc(), "range step must not be zero");
    negate = step.getBigInt().isNegative();
  }
  mlir::Location l = loc(s->getLoc());
  FailureOr<TValue> lbv = coerce(lb, ivElem, call->getLoc());
  FailureOr<TValue> ubv = coerce(ub, ivElem, call->getLoc());
  FailureOr<TValue> stv =
      coerce(negate ? TValue::integer(pyint::neg(step.getBigInt())) : step,
             ivElem, call->getLoc());
  if (failed(lbv) || failed(ubv) || failed(stv))
    return failure();
  mlir::Value lo = lbv->getValue(), hi = ubv->getValue(),
              st = stv->getValue();
  mlir::Value origLb = lo;
  if (negate) {
    // for i in range(a, b, -s): iterate k over [0, ceil((a - b) / s)) and
    // bind i = a - k * s, since scf.for needs a positive step.
    mlir::Value diff = mlir::arith::SubIOp::create(b, l, lo, hi);
    mlir::Value one = constantScalar(ivElem, 0, 1, false);
    mlir::Value zero = constantScalar(ivElem, 0, 0, false);
    mlir::Value adj = mlir::arith::SubIOp::create(
        b, l, mlir::arith::AddIOp::create(b, l, diff, st), one);
    mlir::Value trips = mlir::arith::DivSIOp::create(b, l, adj, st);
    hi = mlir::arith::MaxSIOp::create(b, l, trips, zero);
    lo = zero;
    st = one;
  }

  Scope before = scope;
  std::vector<std::string> assigned;
  collectAssignedNames(s->body, assigned);
  std::vector<std::pair<std::string, TValue>> carried;
  llvm::SmallVector<mlir::Value> inits;
  for (const std::string &n : uniqueNames(assigned)) {
    if (n == target->name || !scope.count(n))
      continue;
    FailureOr<TValue> p = flattenCarried(scope[n], inits, n, s->getLoc());
    if (failed(p))
      return failure();
    carried.emplace_back(n, *p);
  }
  auto forOp = mlir::scf::ForOp::create(b, l, lo, hi, st, inits);
  if (numStages >= 0)
    tile::setLoopNumStages(forOp, numStages);
  if (unrollFactor >= 0)
    tile::setLoopUnrollFactor(forOp, unrollFactor);
  for (llvm::StringRef f : flags)
    tile::setLoopFlag(forOp, f);
  mlir::Block *body = forOp.getBody();
  if (!body->empty())
    body->getTerminator()->erase();
  b.setInsertionPointToEnd(body);
  unsigned idx = 0;
  for (auto &[n, p] : carried)
    scope[n] = rebuild(p, forOp.getRegionIterArgs(), idx);
  mlir::Value iv = forOp.getInductionVar();
  if (negate) {
    mlir::Value scaled = mlir::arith::MulIOp::create(
        b, l, iv,
        constantScalar(ivElem, 0, -step.getInt(), false));
    iv = mlir::arith::SubIOp::create(b, l, origLb, scaled);
  }
  scope[target->name] = TValue::runtime(iv, TileType{ivElem, {}});
  {
    LoopDepthGuard g(loopDepth);
    FlowResult flow;
    if (failed(emitStmts(toList(s->body), flow)))
      return failure();
  }
  llvm::SmallVector<mlir::Value> yields;
  for (auto &[n, p] : carried) {
    auto it = scope.find(n);
    if (failed(matchCarried(it->second, p, yields, n, s->getLoc())))
      return failure();
  }
  mlir::scf::YieldOp::create(b, l, yields);
  b.setInsertionPointAfter(forOp);
  scope = before;
  idx = 0;
  for (auto &[n, p] : carried)
    scope[n] = rebuild(p, forOp.getResults(), idx);
  return success();
}

FailureOr<TValue> Emitter::evalWhileTest(const Expr *test,
                                         bool &disableLicm) {
  const Expr *outer = whileTest;
  bool outerLicm = whileDisableLicm;
  whileTest = test;
  whileDisableLicm = false;
  FailureOr<TValue> r = eval(test);
  disableLicm = whileDisableLicm;
  whileTest = outer;
  whileDisableLicm = outerLicm;
  return r;
}

LogicalResult Emitter::emitWhile(const WhileStmt *s) {
  // In a constexpr function, Python runs the loop: it is evaluated here,
  // each test a constexpr.
  if (compileTimeDepth) {
    LoopDepthGuard g(loopDepth);
    while (true) {
      bool disableLicm;
      FailureOr<TValue> cond = evalWhileTest(s->test.get(), disableLicm);
      if (failed(cond))
        return failure();
      if (!cond->isConstexpr())
        return err(s->test->getLoc(),
                   "the condition of a 'while' loop in a constexpr "
                   "function must be a compile-time value, got " +
                       cond->describe());
      FailureOr<bool> t = truthy(*cond, s->test->getLoc());
      if (failed(t))
        return failure();
      if (!*t)
        return success();
      if (++unrolledIterations > kMaxUnrolled)
        return err(s->getLoc(), "loops of constexpr functions and "
                                "tl.static_range run more than " +
                                    llvm::Twine(kMaxUnrolled) +
                                    " iterations in this kernel");
      FlowResult flow;
      if (failed(emitStmts(toList(s->body), flow)))
        return failure();
    }
  }
  Scope before = scope;
  std::vector<std::string> assigned;
  collectAssignedNames(s->body, assigned);
  std::vector<std::pair<std::string, TValue>> carried;
  llvm::SmallVector<mlir::Value> inits;
  for (const std::string &n : uniqueNames(assigned)) {
    if (!scope.count(n))
      continue;
    FailureOr<TValue> p = flattenCarried(scope[n], inits, n, s->getLoc());
    if (failed(p))
      return failure();
    carried.emplace_back(n, *p);
  }
  mlir::Location l = loc(s->getLoc());
  llvm::SmallVector<mlir::Type> types;
  llvm::SmallVector<mlir::Location> locs;
  for (mlir::Value v : inits) {
    types.push_back(v.getType());
    locs.push_back(l);
  }
  auto whileOp = mlir::scf::WhileOp::create(b, l, types, inits);
  mlir::Block *beforeBlock = b.createBlock(&whileOp.getBefore(), {}, types,
                                           locs);
  unsigned idx = 0;
  for (auto &[n, p] : carried)
    scope[n] = rebuild(p, beforeBlock->getArguments(), idx);
  bool disableLicm = false;
  FailureOr<TValue> cond = evalWhileTest(s->test.get(), disableLicm);
  if (failed(cond))
    return failure();
  // tl.condition(c, disable_licm=True), recorded as tl.range records it.
  if (disableLicm)
    whileOp->setAttr(tile::kDisableLicmAttrName, b.getUnitAttr());
  mlir::Value c;
  if (cond->isConstexpr()) {
    FailureOr<bool> t = truthy(*cond, s->test->getLoc());
    if (failed(t))
      return failure();
    c = constantScalar(ElemType::scalar(DType::I1), 0, *t, false);
  } else {
    FailureOr<mlir::Value> cv =
        scalarCondition(*cond, s->test->getLoc(), "'while'");
    if (failed(cv))
      return failure();
    c = *cv;
  }
  mlir::scf::ConditionOp::create(b, l, c, beforeBlock->getArguments());

  mlir::Block *afterBlock = b.createBlock(&whileOp.getAfter(), {}, types,
                                          locs);
  scope = before;
  idx = 0;
  for (auto &[n, p] : carried)
    scope[n] = rebuild(p, afterBlock->getArguments(), idx);
  {
    LoopDepthGuard g(loopDepth);
    FlowResult flow;
    if (failed(emitStmts(toList(s->body), flow)))
      return failure();
  }
  llvm::SmallVector<mlir::Value> yields;
  for (auto &[n, p] : carried)
    if (failed(matchCarried(scope[n], p, yields, n, s->getLoc())))
      return failure();
  mlir::scf::YieldOp::create(b, l, yields);
  b.setInsertionPointAfter(whileOp);
  scope = before;
  idx = 0;
  for (auto &[n, p] : carried)
    scope[n] = rebuild(p, whileOp.getResults(), idx);
  return success();
}
