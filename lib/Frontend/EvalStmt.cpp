//===- EvalStmt.cpp - Statements, calls and decorators of module-level Python -*- C++ -*-===//
//
// See Evaluator.h. This file runs statement lists (a module's body, a plain
// function's body), calls the program's functions, applies decorators to
// `def`s (`@triton.jit`, `@triton.autotune`, `@triton.heuristics`, and the
// same as calls) and takes module-level branches as Triton on CUDA would: an
// `except ImportError` handler runs when an import in its `try` fails. A
// branch whose condition is unknown binds every name it could bind to an
// unknown value naming that condition.
//
//===----------------------------------------------------------------------===//

#include "Frontend/EvaluatorImpl.h"

#include "llvm/Support/Casting.h"

using namespace tilec::frontend;
using llvm::cast;
using llvm::dyn_cast;
using llvm::isa;
using llvm::StringRef;
using llvm::Twine;

namespace {
enum class Flow { Normal, Break, Continue, Return, Raise };

/// Runs statement lists in one frame.
class Runner {
public:
  Runner(Evaluator &ev, Evaluator::Frame &frame) : ev(ev), frame(frame) {}
  Flow run(const StmtList &body);
  /// The exception a `Raise` flow raised ("ModuleNotFoundError").
  std::string exception;

private:
  Flow stmt(const Stmt *s);
  Flow unknownBranch(const Stmt *s, const PyValue &why,
                     const std::vector<const StmtList *> &bodies);
  Flow giveUp(const PyValue &why) {
    frame.result = why;
    frame.gaveUp = true;
    return Flow::Return;
  }
  bool isFunction() const { return frame.locals != nullptr; }
  /// Inside the body of a `try`: a failed import raises.
  unsigned tryDepth = 0;

  Evaluator &ev;
  Evaluator::Frame &frame;
};
} // namespace

void tilec::frontend::collectBoundNames(
    const StmtList &body, const Module &m,
    std::vector<std::pair<std::string, SourceLoc>> &out) {
  std::function<void(const Expr *)> target = [&](const Expr *e) {
    if (const auto *n = dyn_cast<NameExpr>(e))
      out.push_back({n->name, n->getLoc()});
    else if (const auto *t = dyn_cast<TupleExpr>(e))
      for (const ExprPtr &x : t->elts)
        target(x.get());
  };
  for (const StmtPtr &s : body) {
    switch (s->getKind()) {
    case Stmt::Kind::Assign:
      for (const ExprPtr &t : cast<AssignStmt>(s.get())->targets)
        target(t.get());
      break;
    case Stmt::Kind::AugAssign:
      target(cast<AugAssignStmt>(s.get())->target.get());
      break;
    case Stmt::Kind::AnnAssign:
      target(cast<AnnAssignStmt>(s.get())->target.get());
      break;
    case Stmt::Kind::Def:
      out.push_back({cast<DefStmt>(s.get())->name, s->getLoc()});
      break;
    case Stmt::Kind::Import: {
      const auto *imp = cast<ImportStmt>(s.get());
      const auto &table = imp->local ? m.localImports : m.imports;
      for (size_t k : imp->aliases)
        out.push_back({table[k].alias, table[k].loc});
      break;
    }
    case Stmt::Kind::Opaque:
      for (const std::string &n : cast<OpaqueStmt>(s.get())->names)
        out.push_back({n, s->getLoc()});
      break;
    case Stmt::Kind::If: {
      const auto *i = cast<IfStmt>(s.get());
      collectBoundNames(i->body, m, out);
      collectBoundNames(i->orelse, m, out);
      break;
    }
    case Stmt::Kind::For:
      target(cast<ForStmt>(s.get())->target.get());
      collectBoundNames(cast<ForStmt>(s.get())->body, m, out);
      break;
    case Stmt::Kind::While:
      collectBoundNames(cast<WhileStmt>(s.get())->body, m, out);
      break;
    case Stmt::Kind::Try: {
      const auto *t = cast<TryStmt>(s.get());
      collectBoundNames(t->body, m, out);
      for (const auto &h : t->handlers)
        collectBoundNames(h.body, m, out);
      collectBoundNames(t->orelse, m, out);
      collectBoundNames(t->finalbody, m, out);
      break;
    }
    default:
      break;
    }
  }
}

Flow Runner::run(const StmtList &body) {
  for (const StmtPtr &s : body) {
    Flow f = stmt(s.get());
    if (f != Flow::Normal)
      return f;
  }
  return Flow::Normal;
}

Flow Runner::unknownBranch(const Stmt *s, const PyValue &why,
                           const std::vector<const StmtList *> &bodies) {
  if (isFunction())
    return giveUp(why);
  // At module level, what either branch binds is unknown.
  std::vector<std::pair<std::string, SourceLoc>> names;
  for (const StmtList *b : bodies)
    collectBoundNames(*b, *frame.module->module, names);
  for (const auto &[n, loc] : names)
    frame.bind(n, why);
  (void)s;
  return Flow::Normal;
}

/// Whether the `except` clause's type catches a failed import.
static bool catchesImportError(Evaluator &ev, const TryStmt::Handler &h,
                               Evaluator::Frame &frame) {
  if (!h.type)
    return true;
  PyValue t = ev.eval(h.type.get(), frame);
  PyList types = t.is(PyValue::Kind::Tuple) ? *t.elts : PyList{t};
  for (const PyValue &x : types)
    if ((x.is(PyValue::Kind::Builtin) || x.is(PyValue::Kind::External)) &&
        (x.s == "ImportError" || x.s == "ModuleNotFoundError" ||
         x.s == "Exception" || x.s == "BaseException"))
      return true;
  return false;
}

Flow Runner::stmt(const Stmt *s) {
  if (!ev.step())
    return giveUp(PyValue::unknown("a computation longer than tilec evaluates",
                                   s->getLoc(), frame.filename()));
  switch (s->getKind()) {
  case Stmt::Kind::Pass:
  case Stmt::Kind::Assert:
    return Flow::Normal;
  case Stmt::Kind::Break:
    return Flow::Break;
  case Stmt::Kind::Continue:
    return Flow::Continue;
  case Stmt::Kind::Expr:
    (void)ev.eval(cast<ExprStmt>(s)->value.get(), frame);
    return Flow::Normal;
  case Stmt::Kind::Assign: {
    const auto *a = cast<AssignStmt>(s);
    PyValue v = ev.eval(a->value.get(), frame);
    for (const ExprPtr &t : a->targets) {
      if (const auto *n = dyn_cast<NameExpr>(t.get())) {
        frame.bind(n->name, v);
        continue;
      }
      // Tuple targets: unpack through a throwaway assignment.
      std::string why;
      std::optional<PyList> items;
      const auto *tuple = dyn_cast<TupleExpr>(t.get());
      if (!tuple)
        continue;
      if (!v.isUnknown())
        items = ev.iterate(v, why);
      for (size_t k = 0; k < tuple->elts.size(); ++k) {
        const auto *n = dyn_cast<NameExpr>(tuple->elts[k].get());
        if (!n)
          continue;
        if (items && items->size() == tuple->elts.size())
          frame.bind(n->name, (*items)[k]);
        else
          frame.bind(n->name,
                     v.isUnknown()
                         ? v
                         : PyValue::unknown("an unpacking of " + ev.repr(v),
                                            s->getLoc(), frame.filename()));
      }
    }
    return Flow::Normal;
  }
  case Stmt::Kind::AugAssign: {
    const auto *a = cast<AugAssignStmt>(s);
    const auto *n = dyn_cast<NameExpr>(a->target.get());
    if (!n)
      return Flow::Normal;
    // `x += y` is `x = x + y` for the values the subset has (lists
    // extended in place are rebound to the same list).
    PyValue cur = ev.eval(a->target.get(), frame);
    PyValue rhs = ev.eval(a->value.get(), frame);
    if (cur.is(PyValue::Kind::List) && rhs.isSequence() &&
        a->op == BinaryOpKind::Add) {
      cur.elts->insert(cur.elts->end(), rhs.elts->begin(), rhs.elts->end());
      return Flow::Normal;
    }
    // Reuse the expression evaluator on synthetic operands.
    Evaluator::Frame scratch;
    scratch.module = frame.module;
    llvm::StringMap<PyValue> locals;
    locals["a"] = cur;
    locals["b"] = rhs;
    scratch.locals = &locals;
    BinOpExpr op(a->getLoc(), a->op,
                 std::make_unique<NameExpr>(a->getLoc(), "a"),
                 std::make_unique<NameExpr>(a->getLoc(), "b"));
    frame.bind(n->name, ev.eval(&op, scratch));
    return Flow::Normal;
  }
  case Stmt::Kind::AnnAssign: {
    const auto *a = cast<AnnAssignStmt>(s);
    const auto *n = dyn_cast<NameExpr>(a->target.get());
    if (!a->value || !n)
      return Flow::Normal;
    PyValue v = ev.eval(a->value.get(), frame);
    std::string ann;
    if (const auto *attr = dyn_cast<AttributeExpr>(a->annotation.get()))
      ann = attr->attr;
    else if (const auto *name = dyn_cast<NameExpr>(a->annotation.get()))
      ann = name->name;
    if (ann == "constexpr" && !v.isUnknown())
      v.constexprMarked = true;
    frame.bind(n->name, v);
    return Flow::Normal;
  }
  case Stmt::Kind::Return: {
    const auto *r = cast<ReturnStmt>(s);
    frame.result = r->value ? ev.eval(r->value.get(), frame) : PyValue::none();
    return Flow::Return;
  }
  case Stmt::Kind::If: {
    const auto *i = cast<IfStmt>(s);
    PyValue test = ev.eval(i->test.get(), frame);
    std::optional<bool> t = ev.truth(test);
    if (!t)
      return unknownBranch(
          s,
          test.isUnknown()
              ? test
              : PyValue::unknown("the truth of " + ev.repr(test),
                                 i->test->getLoc(), frame.filename()),
          {&i->body, &i->orelse});
    return run(*t ? i->body : i->orelse);
  }
  case Stmt::Kind::For: {
    const auto *f = cast<ForStmt>(s);
    PyValue iter = ev.eval(f->iter.get(), frame);
    std::string why;
    std::optional<PyList> items;
    if (!iter.isUnknown())
      items = ev.iterate(iter, why);
    if (!items)
      return unknownBranch(s,
                           iter.isUnknown()
                               ? iter
                               : PyValue::unknown(why, f->iter->getLoc(),
                                                  frame.filename()),
                           {&f->body});
    for (const PyValue &x : *items) {
      Evaluator::Frame &fr = frame;
      if (const auto *n = dyn_cast<NameExpr>(f->target.get())) {
        fr.bind(n->name, x);
      } else if (const auto *t = dyn_cast<TupleExpr>(f->target.get())) {
        std::optional<PyList> parts = ev.iterate(x, why);
        for (size_t k = 0; k < t->elts.size(); ++k)
          if (const auto *n = dyn_cast<NameExpr>(t->elts[k].get()))
            fr.bind(n->name, parts && parts->size() == t->elts.size()
                                 ? (*parts)[k]
                                 : PyValue::unknown("an unpacking",
                                                    f->getLoc(),
                                                    frame.filename()));
      }
      Flow fl = run(f->body);
      if (fl == Flow::Break)
        break;
      if (fl == Flow::Return || fl == Flow::Raise)
        return fl;
    }
    return Flow::Normal;
  }
  case Stmt::Kind::While: {
    const auto *w = cast<WhileStmt>(s);
    while (true) {
      PyValue test = ev.eval(w->test.get(), frame);
      std::optional<bool> t = ev.truth(test);
      if (!t)
        return unknownBranch(
            s,
            test.isUnknown() ? test
                             : PyValue::unknown("the truth of " + ev.repr(test),
                                                w->test->getLoc(),
                                                frame.filename()),
            {&w->body});
      if (!*t)
        return Flow::Normal;
      Flow fl = run(w->body);
      if (fl == Flow::Break)
        return Flow::Normal;
      if (fl == Flow::Return || fl == Flow::Raise)
        return fl;
    }
  }
  case Stmt::Kind::Import: {
    const Module &m = *frame.module->module;
    const auto *stmtImp = cast<ImportStmt>(s);
    const auto &table = stmtImp->local ? m.localImports : m.imports;
    for (size_t k : stmtImp->aliases) {
      const ImportAlias &imp = table[k];
      PyValue v = ev.importModule(imp, frame);
      if (v.is(PyValue::Kind::Object) && v.s == "ImportError") {
        if (tryDepth) {
          exception = "ModuleNotFoundError";
          return Flow::Raise;
        }
        // Outside a `try` Python would fail to import the file; tilec
        // fails where a kernel uses the name.
        std::string what = imp.from.empty() ? imp.module
                                            : imp.from + " import " + imp.name;
        v = PyValue::unknown("\x01is imported by 'from " + what +
                                 "', which finds nothing in the kernel "
                                 "file's package, the -I directories or "
                                 "PYTHONPATH",
                             imp.loc, frame.filename());
        if (imp.from.empty())
          v.s = "\x01is imported by 'import " + imp.module +
                "', which finds nothing in the kernel file's package, the -I "
                "directories or PYTHONPATH";
      }
      frame.bind(imp.alias, v);
    }
    return Flow::Normal;
  }
  case Stmt::Kind::Def: {
    const auto *d = cast<DefStmt>(s);
    if (!d->fn) {
      for (const std::string &g : d->globalNames)
        frame.module->clobbered[g] = PyValue::unknown(
            "'" + g + "', which the function '" + d->name +
                "' binds with 'global' (" + d->why + ")",
            d->whyLoc, frame.filename());
      frame.bind(d->name,
                 PyValue::unknown((d->isClass ? "the class '" : "the function '") +
                                      d->name + "' (" + d->why + ")",
                                  d->whyLoc, frame.filename()));
      return Flow::Normal;
    }
    PyValue fn = PyValue::function(d->fn, frame.module->module, false);
    // A `def` in a function body closes over the call's scope.
    fn.closure = frame.scope;
    // Decorators apply bottom up.
    for (auto it = d->fn->decorators.rbegin(); it != d->fn->decorators.rend();
         ++it) {
      PyValue dec = ev.eval(it->get(), frame);
      fn = ev.call(dec, {fn}, {}, (*it)->getLoc(), *frame.module->module);
    }
    // A jit function whose decorators tilec does not know stays a jit
    // function: it is compiled from its source with the decorators it has.
    if (d->isJit && !fn.is(PyValue::Kind::Function)) {
      fn = PyValue::function(d->fn, frame.module->module, true);
    }
    frame.bind(d->name, fn);
    return Flow::Normal;
  }
  case Stmt::Kind::Try: {
    const auto *t = cast<TryStmt>(s);
    Runner inner(ev, frame);
    inner.tryDepth = tryDepth + 1;
    Flow f = inner.run(t->body);
    if (f == Flow::Raise) {
      bool handled = false;
      for (const auto &h : t->handlers)
        if (catchesImportError(ev, h, frame)) {
          f = run(h.body);
          handled = true;
          break;
        }
      if (!handled) {
        exception = inner.exception;
        return Flow::Raise;
      }
    } else if (f == Flow::Normal) {
      f = run(t->orelse);
    }
    Flow fin = run(t->finalbody);
    return fin != Flow::Normal ? fin : f;
  }
  case Stmt::Kind::Raise: {
    // The evaluator cannot raise: a function reaching a raise has an
    // unknown result.
    PyValue why = PyValue::unknown("a 'raise' statement", s->getLoc(),
                                   frame.filename());
    if (isFunction())
      return giveUp(why);
    return Flow::Normal;
  }
  case Stmt::Kind::Opaque: {
    const auto *o = cast<OpaqueStmt>(s);
    PyValue why = PyValue::unknown(o->why, o->getLoc(), frame.filename());
    if (isFunction())
      return giveUp(why);
    for (const std::string &n : o->names)
      frame.bind(n, why);
    return Flow::Normal;
  }
  }
  return Flow::Normal;
}

//===----------------------------------------------------------------------===//
// Calls and decorators
//===----------------------------------------------------------------------===//

/// Applies a decorator value to a function value.
static PyValue applyDecorator(Evaluator &ev, const PyValue &dec,
                              const PyValue &fn, SourceLoc loc,
                              const Module &m) {
  if (!fn.is(PyValue::Kind::Function))
    return fn;
  PyValue out = fn;
  out.decorators =
      std::make_shared<std::vector<AppliedDecorator>>(*fn.decorators);
  if (dec.is(PyValue::Kind::Builtin) && dec.s == "triton.jit") {
    out.jit = true;
    return out;
  }
  if (dec.is(PyValue::Kind::Object) && dec.s == "decorator") {
    const PyValue *name = dec.attr("name");
    if (name->s == "triton.jit") {
      out.jit = true;
      return out;
    }
    out.decorators->push_back(dec.decorators->front());
    return out;
  }
  if (dec.is(PyValue::Kind::Builtin) &&
      (dec.s == "functools.lru_cache" || dec.s == "functools.cache"))
    return out;
  if (fn.jit)
    return fn;
  return PyValue::unknown("the function '" + fn.fn->name +
                              "' under the decorator " + ev.repr(dec),
                          loc, m.filename);
}

void Evaluator::clobberGlobals(const FunctionDef &f, const Module &owner,
                               const PyValue &why) {
  ModuleState &state = stateOf(owner);
  for (const std::string &g : f.globalNames) {
    PyValue v = why;
    if (!v.isUnknown())
      v = PyValue::unknown("", SourceLoc(), owner.filename);
    v.s = "'" + g + "', which '" + f.name +
          "' binds with 'global' in a call tilec cannot finish (" +
          why.s + ")";
    state.globals[g] = v;
  }
}

PyValue Evaluator::call(const PyValue &fn, PyList args, PyAttrs kwargs,
                        SourceLoc loc, const Module &m) {
  ModuleState &state = stateOf(m);
  Frame frame;
  frame.module = &state;
  switch (fn.kind) {
  case PyValue::Kind::Unknown:
    return fn;
  case PyValue::Kind::Builtin:
    if ((fn.s == "triton.jit" || fn.s == "functools.lru_cache" ||
         fn.s == "functools.cache") &&
        args.size() == 1 && args[0].is(PyValue::Kind::Function))
      return applyDecorator(*this, fn, args[0], loc, m);
    return callBuiltin(fn.s, args, kwargs, loc, frame);
  case PyValue::Kind::Object:
    if (fn.s == "decorator" && args.size() == 1)
      return applyDecorator(*this, fn, args[0], loc, m);
    if (fn.s == "method") {
      PyList rest = args;
      return callMethod(*fn.attr("self"), fn.attr("name")->s, rest, kwargs,
                        loc, frame);
    }
    break;
  case PyValue::Kind::Function:
    break;
  default:
    if (fn.is(PyValue::Kind::External))
      return PyValue::unknown("a call of '" + fn.s + "'", loc, m.filename);
    return PyValue::unknown("a call of " + repr(fn), loc, m.filename);
  }
  if (!fn.is(PyValue::Kind::Function))
    return PyValue::unknown("a call of " + repr(fn), loc, m.filename);
  if (fn.jit)
    return PyValue::unknown("a call of the jit function '" + fn.fn->name +
                                "' outside a kernel",
                            loc, m.filename);
  if (callDepth >= kMaxCallDepth)
    return PyValue::unknown("calls nested deeper than " +
                                std::to_string(kMaxCallDepth),
                            loc, m.filename);
  CallDepthScope depth(*this);
  const FunctionDef &f = *fn.fn;
  ModuleState &owner = stateOf(*fn.fnModule);
  // A function with nested `def`s keeps its locals where the functions it
  // defines can read them after it returns.
  llvm::StringMap<PyValue> stackLocals;
  Frame callee;
  callee.module = &owner;
  callee.enclosing = fn.closure;
  if (f.hasNestedFunctions) {
    closureScopes.push_back(std::make_unique<ClosureScope>());
    closureScopes.back()->parent = fn.closure;
    callee.scope = closureScopes.back().get();
    callee.locals = &closureScopes.back()->locals;
  } else {
    callee.locals = &stackLocals;
  }
  llvm::StringMap<PyValue> &locals = *callee.locals;
  const Param *varArgs = nullptr, *varKw = nullptr;
  size_t positional = 0;
  for (const Param &p : f.params) {
    if (p.star == Param::Star::Args)
      varArgs = &p;
    else if (p.star == Param::Star::Kwargs)
      varKw = &p;
    else if (!varArgs)
      ++positional;
  }
  if (args.size() > positional && !varArgs)
    return PyValue::unknown("a call of '" + f.name + "' with too many "
                                "arguments",
                            loc, m.filename);
  PyList extra;
  for (size_t k = 0, p = 0; k < args.size(); ++k) {
    while (p < f.params.size() && f.params[p].star != Param::Star::None)
      ++p;
    if (k < positional && p < f.params.size())
      locals[f.params[p++].name] = args[k];
    else
      extra.push_back(args[k]);
  }
  if (varArgs)
    locals[varArgs->name] = PyValue::tuple(std::move(extra));
  PyValue extraKw = PyValue::dict();
  for (auto &[name, v] : kwargs) {
    if (!llvm::any_of(f.params, [&](const Param &p) {
          return p.name == name && p.star == Param::Star::None;
        })) {
      if (!varKw)
        return PyValue::unknown("a call of '" + f.name +
                                    "' with an unexpected keyword '" + name +
                                    "'",
                                loc, m.filename);
      extraKw.items->push_back({PyValue::str(name), v});
      continue;
    }
    locals[name] = v;
  }
  if (varKw)
    locals[varKw->name] = extraKw;
  for (const Param &p : f.params) {
    if (locals.count(p.name))
      continue;
    if (!p.defaultValue)
      return PyValue::unknown("a call of '" + f.name + "' without '" +
                                  p.name + "'",
                              loc, m.filename);
    Frame defaults;
    defaults.module = &owner;
    locals[p.name] = eval(p.defaultValue.get(), defaults);
  }
  callee.globalNames = &f.globalNames;
  Runner runner(*this, callee);
  Flow flow = runner.run(f.body);
  PyValue result =
      flow == Flow::Raise
          ? PyValue::unknown("an exception raised by '" + f.name + "'", loc,
                             m.filename)
          : callee.result.value_or(PyValue::none());
  // A function that stopped part-way may or may not have bound its
  // `global` names: after the call their values are unknown.
  if (flow == Flow::Raise || callee.gaveUp)
    clobberGlobals(f, *fn.fnModule, result);
  return result;
}

//===----------------------------------------------------------------------===//
// Modules
//===----------------------------------------------------------------------===//

void Evaluator::run(ModuleState &state) {
  if (state.status != ModuleState::Status::NotRun || !state.module)
    return;
  state.status = ModuleState::Status::Running;
  // Each module and each request gets the whole budget.
  steps = 0;
  Frame frame;
  frame.module = &state;
  Runner runner(*this, frame);
  (void)runner.run(state.module->body);
  state.status = ModuleState::Status::Done;
}

std::optional<PyValue> Evaluator::lookupGlobal(const Module &m,
                                               StringRef name) {
  ModuleState &state = stateOf(m);
  run(state);
  if (auto c = state.clobbered.find(name); c != state.clobbered.end())
    return c->second;
  auto it = state.globals.find(name);
  if (it == state.globals.end())
    return std::nullopt;
  return it->second;
}

PyValue Evaluator::evalInModule(const Expr *e, const Module &m) {
  ModuleState &state = stateOf(m);
  run(state);
  steps = 0;
  Frame frame;
  frame.module = &state;
  return eval(e, frame);
}

PyValue Evaluator::getAttr(const PyValue &base, StringRef attr, SourceLoc loc,
                           const Module &m) {
  ModuleState &state = stateOf(m);
  Frame frame;
  frame.module = &state;
  if (base.is(PyValue::Kind::Module))
    return moduleAttr(base, attr, loc, frame);
  return builtinAttr(base, attr, loc, frame);
}

const Module *Evaluator::ownerOf(const FunctionDef *fn) const {
  auto it = owners.find(fn);
  return it == owners.end() ? &main : it->second;
}
