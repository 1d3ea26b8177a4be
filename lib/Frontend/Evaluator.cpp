//===- Evaluator.cpp - Expressions and statements of module-level Python -*- C++ -*-===//
//
// See Evaluator.h. This file runs expressions and statement lists: names,
// operators with Python's semantics (exact ints through PyInt.h), displays,
// comprehensions, subscripts and slices, calls of the program's own
// functions, `if`/`for`/`while`/`try` and the decorators applied to `def`s.
// An operand that is unknown makes the result unknown, carrying the first
// construct tilec could not evaluate. Builtins and the triton, torch and os
// names are in EvalBuiltins.cpp; imports in ModuleLoader.cpp.
//
//===----------------------------------------------------------------------===//

#include "Frontend/EvaluatorImpl.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/Casting.h"
#include "llvm/Support/Path.h"

#include <functional>

#include <cmath>

using namespace tilec::frontend;
using llvm::cast;
using llvm::dyn_cast;
using llvm::isa;
using llvm::StringRef;
using llvm::Twine;

/// Evaluation steps per compile: enough for any configuration space a
/// library computes, few enough that a loop that never ends stops quickly.
static constexpr uint64_t kMaxSteps = 2000000;

bool Evaluator::step() { return ++steps <= kMaxSteps; }

PyValue Evaluator::unknownAt(const Expr *e, const Frame &frame,
                             const Twine &what) const {
  return PyValue::unknown(what.str(), e->getLoc(), frame.filename());
}

std::string Evaluator::describeUnknown(const PyValue &v) {
  std::string s = v.s;
  if (v.loc.line)
    s += " (" + llvm::sys::path::filename(v.where).str() + ":" +
         std::to_string(v.loc.line) + ")";
  return s;
}

//===----------------------------------------------------------------------===//
// Values
//===----------------------------------------------------------------------===//

std::optional<bool> Evaluator::truth(const PyValue &v) const {
  switch (v.kind) {
  case PyValue::Kind::None:
    return false;
  case PyValue::Kind::Bool:
  case PyValue::Kind::Int:
    return !v.i.isZero();
  case PyValue::Kind::Float:
    return v.f != 0;
  case PyValue::Kind::Str:
    return !v.s.empty();
  case PyValue::Kind::Tuple:
  case PyValue::Kind::List:
    return !v.elts->empty();
  case PyValue::Kind::Dict:
    return !v.items->empty();
  case PyValue::Kind::Function:
  case PyValue::Kind::Builtin:
  case PyValue::Kind::Module:
  case PyValue::Kind::Object:
    return true;
  case PyValue::Kind::External:
  case PyValue::Kind::Unknown:
    return std::nullopt;
  }
  return std::nullopt;
}

static std::string formatFloat(double d) {
  if (std::isnan(d))
    return "nan";
  if (std::isinf(d))
    return d < 0 ? "-inf" : "inf";
  char buf[64];
  for (int prec = 1; prec <= 17; ++prec) {
    std::snprintf(buf, sizeof(buf), "%.*g", prec, d);
    if (std::strtod(buf, nullptr) == d)
      break;
  }
  std::string s = buf;
  if (s.find_first_of(".en") == std::string::npos)
    s += ".0";
  return s;
}

std::string Evaluator::repr(const PyValue &v) const {
  switch (v.kind) {
  case PyValue::Kind::None:
    return "None";
  case PyValue::Kind::Bool:
    return v.i.isZero() ? "False" : "True";
  case PyValue::Kind::Int:
    return pyint::toString(v.i);
  case PyValue::Kind::Float:
    return formatFloat(v.f);
  case PyValue::Kind::Str:
    return "'" + v.s + "'";
  case PyValue::Kind::Tuple:
  case PyValue::Kind::List: {
    std::string s = v.is(PyValue::Kind::Tuple) ? "(" : "[";
    for (size_t i = 0; i < v.elts->size(); ++i)
      s += (i ? ", " : "") + repr((*v.elts)[i]);
    if (v.is(PyValue::Kind::Tuple) && v.elts->size() == 1)
      s += ",";
    return s + (v.is(PyValue::Kind::Tuple) ? ")" : "]");
  }
  case PyValue::Kind::Dict: {
    std::string s = "{";
    for (size_t i = 0; i < v.items->size(); ++i)
      s += (i ? ", " : "") + repr((*v.items)[i].first) + ": " +
           repr((*v.items)[i].second);
    return s + "}";
  }
  case PyValue::Kind::Function:
    return "<function " + v.fn->name + ">";
  case PyValue::Kind::Builtin:
  case PyValue::Kind::External:
    return v.s;
  case PyValue::Kind::Module:
    return "<module '" + v.s + "'>";
  case PyValue::Kind::Object:
    if (isVersion(v))
      return "<Version('" + v.attr("_text")->s + "')>";
    return "<" + v.s + ">";
  case PyValue::Kind::Unknown:
    return "<unknown: " + v.s + ">";
  }
  return "?";
}

bool Evaluator::equal(const PyValue &a, const PyValue &b) const {
  if (a.isNumber() && b.isNumber()) {
    if (a.is(PyValue::Kind::Float) || b.is(PyValue::Kind::Float)) {
      std::string err;
      double x = a.is(PyValue::Kind::Float) ? a.f
                                            : pyint::toDouble(a.i, err).value_or(NAN);
      double y = b.is(PyValue::Kind::Float) ? b.f
                                            : pyint::toDouble(b.i, err).value_or(NAN);
      return x == y;
    }
    return pyint::compare(a.i, b.i) == 0;
  }
  if (a.kind != b.kind)
    return false;
  switch (a.kind) {
  case PyValue::Kind::None:
    return true;
  case PyValue::Kind::Str:
  case PyValue::Kind::Builtin:
  case PyValue::Kind::External:
    return a.s == b.s;
  case PyValue::Kind::Module:
    return a.file == b.file && a.s == b.s;
  case PyValue::Kind::Tuple:
  case PyValue::Kind::List:
    if (a.elts->size() != b.elts->size())
      return false;
    for (size_t i = 0; i < a.elts->size(); ++i)
      if (!equal((*a.elts)[i], (*b.elts)[i]))
        return false;
    return true;
  case PyValue::Kind::Dict:
    if (a.items->size() != b.items->size())
      return false;
    for (const auto &[k, v] : *a.items) {
      bool found = false;
      for (const auto &[k2, v2] : *b.items)
        if (equal(k, k2)) {
          found = equal(v, v2);
          break;
        }
      if (!found)
        return false;
    }
    return true;
  case PyValue::Kind::Function:
    return a.fn == b.fn;
  case PyValue::Kind::Object:
    if (isVersion(a) && isVersion(b))
      return equal(*a.attr("_key"), *b.attr("_key"));
    return a.attrs == b.attrs;
  default:
    return false;
  }
}

std::optional<int> Evaluator::compare(const PyValue &a,
                                      const PyValue &b) const {
  if (a.isNumber() && b.isNumber()) {
    if (a.is(PyValue::Kind::Float) || b.is(PyValue::Kind::Float)) {
      std::string err;
      double x = a.is(PyValue::Kind::Float) ? a.f
                                            : pyint::toDouble(a.i, err).value_or(NAN);
      double y = b.is(PyValue::Kind::Float) ? b.f
                                            : pyint::toDouble(b.i, err).value_or(NAN);
      if (std::isnan(x) || std::isnan(y))
        return std::nullopt;
      return x < y ? -1 : x > y ? 1 : 0;
    }
    return pyint::compare(a.i, b.i);
  }
  if (a.is(PyValue::Kind::Str) && b.is(PyValue::Kind::Str)) {
    int c = a.s.compare(b.s);
    return c < 0 ? -1 : c > 0 ? 1 : 0;
  }
  if (isVersion(a) && isVersion(b))
    return compare(*a.attr("_key"), *b.attr("_key"));
  if (a.isSequence() && a.kind == b.kind) {
    for (size_t i = 0; i < std::min(a.elts->size(), b.elts->size()); ++i) {
      if (equal((*a.elts)[i], (*b.elts)[i]))
        continue;
      return compare((*a.elts)[i], (*b.elts)[i]);
    }
    size_t x = a.elts->size(), y = b.elts->size();
    return x < y ? -1 : x > y ? 1 : 0;
  }
  return std::nullopt;
}

std::optional<PyList> Evaluator::iterate(const PyValue &v,
                                         std::string &why) const {
  switch (v.kind) {
  case PyValue::Kind::Tuple:
  case PyValue::Kind::List:
    return *v.elts;
  case PyValue::Kind::Dict: {
    PyList keys;
    for (const auto &[k, val] : *v.items)
      keys.push_back(k);
    return keys;
  }
  case PyValue::Kind::Str: {
    PyList chars;
    for (char c : v.s)
      chars.push_back(PyValue::str(std::string(1, c)));
    return chars;
  }
  default:
    why = "'" + repr(v) + "' is not iterable";
    return std::nullopt;
  }
}

//===----------------------------------------------------------------------===//
// Operators
//===----------------------------------------------------------------------===//

static std::optional<double> asDouble(const PyValue &v) {
  if (v.is(PyValue::Kind::Float))
    return v.f;
  std::string err;
  return pyint::toDouble(v.i, err);
}

static PyValue binaryOp(Evaluator &ev, BinaryOpKind op, const PyValue &a,
                        const PyValue &b, const Expr *e,
                        Evaluator::Frame &frame) {
  if (a.isUnknown())
    return a;
  if (b.isUnknown())
    return b;
  auto fail = [&](const Twine &why) { return ev.unknownAt(e, frame, why); };
  std::string err;
  if (a.isNumber() && b.isNumber()) {
    bool isFloat = a.is(PyValue::Kind::Float) || b.is(PyValue::Kind::Float);
    if (op == BinaryOpKind::TrueDiv || isFloat ||
        (op == BinaryOpKind::Pow && b.i.isNegative())) {
      std::optional<double> x = asDouble(a), y = asDouble(b);
      if (!x || !y)
        return fail("an int too large to convert to float");
      switch (op) {
      case BinaryOpKind::Add:
        return PyValue::floating(*x + *y);
      case BinaryOpKind::Sub:
        return PyValue::floating(*x - *y);
      case BinaryOpKind::Mul:
        return PyValue::floating(*x * *y);
      case BinaryOpKind::TrueDiv:
        if (*y == 0)
          return fail("a division by zero");
        return PyValue::floating(*x / *y);
      case BinaryOpKind::FloorDiv:
        if (*y == 0)
          return fail("a division by zero");
        return PyValue::floating(std::floor(*x / *y));
      case BinaryOpKind::Mod: {
        if (*y == 0)
          return fail("a modulo by zero");
        double r = std::fmod(*x, *y);
        if (r != 0 && ((r < 0) != (*y < 0)))
          r += *y;
        return PyValue::floating(r);
      }
      case BinaryOpKind::Pow:
        return PyValue::floating(std::pow(*x, *y));
      default:
        return fail("a bitwise operator on a float");
      }
    }
    std::optional<llvm::APInt> r;
    switch (op) {
    case BinaryOpKind::Add:
      r = pyint::add(a.i, b.i);
      break;
    case BinaryOpKind::Sub:
      r = pyint::sub(a.i, b.i);
      break;
    case BinaryOpKind::Mul:
      r = pyint::mul(a.i, b.i, err);
      break;
    case BinaryOpKind::FloorDiv:
      r = pyint::floorDiv(a.i, b.i, err);
      break;
    case BinaryOpKind::Mod:
      r = pyint::mod(a.i, b.i, err);
      break;
    case BinaryOpKind::Pow:
      r = pyint::pow(a.i, b.i, err);
      break;
    case BinaryOpKind::LShift:
      r = pyint::shl(a.i, b.i, err);
      break;
    case BinaryOpKind::RShift:
      r = pyint::shr(a.i, b.i, err);
      break;
    case BinaryOpKind::BitAnd:
      r = pyint::bitAnd(a.i, b.i);
      break;
    case BinaryOpKind::BitOr:
      r = pyint::bitOr(a.i, b.i);
      break;
    case BinaryOpKind::BitXor:
      r = pyint::bitXor(a.i, b.i);
      break;
    default:
      return fail("the '@' operator");
    }
    if (!r)
      return fail(err);
    // bool op bool stays a bool for the bitwise operators, as in Python.
    if (a.is(PyValue::Kind::Bool) && b.is(PyValue::Kind::Bool) &&
        (op == BinaryOpKind::BitAnd || op == BinaryOpKind::BitOr ||
         op == BinaryOpKind::BitXor))
      return PyValue::boolean(!r->isZero());
    return PyValue::integer(*r);
  }
  bool aSeq = a.isSequence() || a.is(PyValue::Kind::Str);
  if (op == BinaryOpKind::Add && a.kind == b.kind && aSeq) {
    if (a.is(PyValue::Kind::Str))
      return PyValue::str(a.s + b.s);
    PyList out = *a.elts;
    out.insert(out.end(), b.elts->begin(), b.elts->end());
    return a.is(PyValue::Kind::Tuple) ? PyValue::tuple(std::move(out))
                                      : PyValue::list(std::move(out));
  }
  if (op == BinaryOpKind::Mul && (aSeq || b.isSequence() ||
                                  b.is(PyValue::Kind::Str))) {
    const PyValue &seq = aSeq ? a : b;
    const PyValue &n = aSeq ? b : a;
    if (!n.is(PyValue::Kind::Int) && !n.is(PyValue::Kind::Bool))
      return fail("a sequence repeated by a non-integer");
    int64_t count = pyint::fitsInt64(n.i) ? n.i.getSExtValue() : 0;
    if (count > 100000)
      return fail("a sequence repeated more than 100000 times");
    if (seq.is(PyValue::Kind::Str)) {
      std::string s;
      for (int64_t k = 0; k < count; ++k)
        s += seq.s;
      return PyValue::str(s);
    }
    PyList out;
    for (int64_t k = 0; k < count; ++k)
      out.insert(out.end(), seq.elts->begin(), seq.elts->end());
    return seq.is(PyValue::Kind::Tuple) ? PyValue::tuple(std::move(out))
                                        : PyValue::list(std::move(out));
  }
  if (op == BinaryOpKind::BitOr && a.is(PyValue::Kind::Dict) &&
      b.is(PyValue::Kind::Dict)) {
    PyValue out = PyValue::dict(*a.items);
    for (const auto &kv : *b.items) {
      bool replaced = false;
      for (auto &old : *out.items)
        if (ev.equal(old.first, kv.first)) {
          old.second = kv.second;
          replaced = true;
        }
      if (!replaced)
        out.items->push_back(kv);
    }
    return out;
  }
  if (op == BinaryOpKind::Mod && a.is(PyValue::Kind::Str)) {
    // printf-style formatting: %s, %d, %r.
    PyList args = b.is(PyValue::Kind::Tuple) ? *b.elts : PyList{b};
    std::string out;
    size_t next = 0;
    for (size_t k = 0; k < a.s.size(); ++k) {
      if (a.s[k] != '%' || k + 1 == a.s.size()) {
        out += a.s[k];
        continue;
      }
      char c = a.s[++k];
      if (c == '%') {
        out += '%';
        continue;
      }
      if (next >= args.size())
        return fail("a '%' format with too few arguments");
      const PyValue &arg = args[next++];
      if (c == 's')
        out += arg.is(PyValue::Kind::Str) ? arg.s : ev.repr(arg);
      else if (c == 'r')
        out += ev.repr(arg);
      else if (c == 'd' && arg.isNumber() && !arg.is(PyValue::Kind::Float))
        out += pyint::toString(arg.i);
      else
        return fail("a '%' format other than %s, %r and %d");
    }
    return PyValue::str(out);
  }
  return fail("an operator on " + ev.repr(a) + " and " + ev.repr(b));
}

static PyValue compareOp(Evaluator &ev, CompareOpKind op, const PyValue &a,
                         const PyValue &b, const Expr *e,
                         Evaluator::Frame &frame) {
  if (a.isUnknown())
    return a;
  if (b.isUnknown())
    return b;
  switch (op) {
  case CompareOpKind::Eq:
  case CompareOpKind::NotEq:
  case CompareOpKind::Is:
  case CompareOpKind::IsNot: {
    // Names outside the program compare by name; anything else against
    // one of them is unknown (torch.version.hip may be None or not).
    if ((a.is(PyValue::Kind::External) || b.is(PyValue::Kind::External)) &&
        a.kind != b.kind)
      return ev.unknownAt(e, frame,
                          "a comparison with '" +
                              (a.is(PyValue::Kind::External) ? a.s : b.s) +
                              "'");
    bool eq = ev.equal(a, b);
    if (op == CompareOpKind::Is || op == CompareOpKind::IsNot)
      eq = eq && (a.kind == b.kind);
    return PyValue::boolean((op == CompareOpKind::Eq ||
                             op == CompareOpKind::Is) == eq);
  }
  case CompareOpKind::In:
  case CompareOpKind::NotIn: {
    bool found = false;
    if (b.is(PyValue::Kind::Str) && a.is(PyValue::Kind::Str)) {
      found = b.s.find(a.s) != std::string::npos;
    } else if (b.is(PyValue::Kind::External) && b.s == "os.environ" &&
               a.is(PyValue::Kind::Str)) {
      // Read at compile time, as os.environ.get.
      found = ev.getEnv(a.s).has_value();
    } else if (b.is(PyValue::Kind::Dict)) {
      for (const auto &kv : *b.items)
        found |= ev.equal(kv.first, a);
    } else if (b.isSequence()) {
      for (const PyValue &x : *b.elts)
        found |= ev.equal(x, a);
    } else {
      return ev.unknownAt(e, frame, "'in' on " + ev.repr(b));
    }
    return PyValue::boolean(found == (op == CompareOpKind::In));
  }
  default: {
    std::optional<int> c = ev.compare(a, b);
    if (!c)
      return ev.unknownAt(e, frame,
                          "an ordering of " + ev.repr(a) + " and " + ev.repr(b));
    bool r = op == CompareOpKind::Lt    ? *c < 0
             : op == CompareOpKind::LtE ? *c <= 0
             : op == CompareOpKind::Gt  ? *c > 0
                                        : *c >= 0;
    return PyValue::boolean(r);
  }
  }
}

//===----------------------------------------------------------------------===//
// Expressions
//===----------------------------------------------------------------------===//

static PyValue subscript(Evaluator &ev, const PyValue &base,
                         const PyValue &index, const Expr *e,
                         Evaluator::Frame &frame) {
  if (base.isUnknown())
    return base;
  if (index.isUnknown())
    return index;
  if (base.is(PyValue::Kind::Dict)) {
    for (const auto &[k, v] : *base.items)
      if (ev.equal(k, index))
        return v;
    return ev.unknownAt(e, frame, "a missing key " + ev.repr(index));
  }
  if (base.is(PyValue::Kind::External) && base.s == "os.environ" &&
      index.is(PyValue::Kind::Str)) {
    if (std::optional<std::string> v = ev.getEnv(index.s))
      return PyValue::str(*v);
    return ev.unknownAt(e, frame, "the unset environment variable '" +
                                      index.s + "'");
  }
  if (base.is(PyValue::Kind::External))
    return ev.unknownAt(e, frame, "a subscript of '" + base.s + "'");
  bool isStr = base.is(PyValue::Kind::Str);
  if (!isStr && !base.isSequence())
    return ev.unknownAt(e, frame, "a subscript of " + ev.repr(base));
  int64_t n = isStr ? base.s.size() : base.elts->size();
  auto toIndex = [&](const PyValue &v, int64_t &out) {
    if (!(v.is(PyValue::Kind::Int) || v.is(PyValue::Kind::Bool)) ||
        !pyint::fitsInt64(v.i))
      return false;
    out = v.i.getSExtValue();
    return true;
  };
  if (index.is(PyValue::Kind::Object) && index.s == "slice") {
    int64_t step = 1;
    const PyValue *st = index.attr("step");
    if (!st->is(PyValue::Kind::None) && (!toIndex(*st, step) || step == 0))
      return ev.unknownAt(e, frame, "a slice step");
    auto bound = [&](const char *name, int64_t dflt, int64_t &out) {
      const PyValue *v = index.attr(name);
      if (v->is(PyValue::Kind::None)) {
        out = dflt;
        return true;
      }
      if (!toIndex(*v, out))
        return false;
      if (out < 0)
        out += n;
      out = step > 0 ? std::clamp<int64_t>(out, 0, n)
                     : std::clamp<int64_t>(out, -1, n - 1);
      return true;
    };
    int64_t lo, hi;
    if (!bound("lower", step > 0 ? 0 : n - 1, lo) ||
        !bound("upper", step > 0 ? n : -1, hi))
      return ev.unknownAt(e, frame, "a slice bound");
    PyList out;
    std::string s;
    for (int64_t k = lo; step > 0 ? k < hi : k > hi; k += step) {
      if (isStr)
        s += base.s[k];
      else
        out.push_back((*base.elts)[k]);
    }
    if (isStr)
      return PyValue::str(s);
    return base.is(PyValue::Kind::Tuple) ? PyValue::tuple(std::move(out))
                                         : PyValue::list(std::move(out));
  }
  int64_t k;
  if (!toIndex(index, k))
    return ev.unknownAt(e, frame, "an index " + ev.repr(index));
  if (k < 0)
    k += n;
  if (k < 0 || k >= n)
    return ev.unknownAt(e, frame, "an index out of range");
  if (isStr)
    return PyValue::str(std::string(1, base.s[k]));
  return (*base.elts)[k];
}

/// Binds `target` (a name or a tuple of targets) to `v`.
static void assignTarget(Evaluator &ev, const Expr *target, const PyValue &v,
                         Evaluator::Frame &frame) {
  if (const auto *name = dyn_cast<NameExpr>(target)) {
    frame.bind(name->name, v);
    return;
  }
  const std::vector<ExprPtr> *elts = nullptr;
  if (const auto *t = dyn_cast<TupleExpr>(target))
    elts = &t->elts;
  else if (const auto *l = dyn_cast<ListExpr>(target))
    elts = &l->elts;
  if (!elts)
    return;
  std::string why;
  std::optional<PyList> items;
  if (!v.isUnknown())
    items = ev.iterate(v, why);
  if (items && items->size() != elts->size()) {
    items.reset();
    why = "an unpacking of " + ev.repr(v) + " into " +
          std::to_string(elts->size()) + " names";
  }
  for (size_t k = 0; k < elts->size(); ++k)
    assignTarget(ev, (*elts)[k].get(),
                 items ? (*items)[k]
                 : v.isUnknown() ? v
                                 : ev.unknownAt(target, frame, why),
                 frame);
}

static PyValue comprehension(Evaluator &ev, const ComprehensionExpr *comp,
                             Evaluator::Frame &outer) {
  // The comprehension's variables live in a scope of their own.
  llvm::StringMap<PyValue> locals;
  if (outer.locals)
    locals = *outer.locals;
  Evaluator::Frame frame;
  frame.module = outer.module;
  frame.locals = &locals;
  frame.enclosing = outer.enclosing;
  PyList out;
  PyItems items;
  std::optional<PyValue> unknown;
  std::function<void(size_t)> loop = [&](size_t level) {
    if (unknown)
      return;
    if (level == comp->generators.size()) {
      PyValue v = ev.eval(comp->elt.get(), frame);
      if (v.isUnknown()) {
        unknown = v;
        return;
      }
      if (comp->key) {
        PyValue k = ev.eval(comp->key.get(), frame);
        if (k.isUnknown()) {
          unknown = k;
          return;
        }
        items.push_back({k, v});
      } else {
        out.push_back(v);
      }
      return;
    }
    const CompFor &clause = comp->generators[level];
    PyValue iter = ev.eval(clause.iter.get(), frame);
    if (iter.isUnknown()) {
      unknown = iter;
      return;
    }
    std::string why;
    std::optional<PyList> elts = ev.iterate(iter, why);
    if (!elts) {
      unknown = ev.unknownAt(clause.iter.get(), frame, why);
      return;
    }
    for (const PyValue &x : *elts) {
      if (!ev.step()) {
        unknown = ev.unknownAt(comp, frame, "a comprehension too long");
        return;
      }
      assignTarget(ev, clause.target.get(), x, frame);
      bool keep = true;
      for (const ExprPtr &cond : clause.ifs) {
        PyValue c = ev.eval(cond.get(), frame);
        std::optional<bool> t = ev.truth(c);
        if (!t) {
          unknown = c.isUnknown() ? c : ev.unknownAt(cond.get(), frame,
                                                     "a condition on " +
                                                         ev.repr(c));
          return;
        }
        keep &= *t;
      }
      if (keep)
        loop(level + 1);
      if (unknown)
        return;
    }
  };
  loop(0);
  if (unknown)
    return *unknown;
  switch (comp->shape) {
  case ComprehensionExpr::Shape::Dict:
    return PyValue::dict(std::move(items));
  case ComprehensionExpr::Shape::List:
  case ComprehensionExpr::Shape::Set:
    return PyValue::list(std::move(out));
  case ComprehensionExpr::Shape::Generator:
    return PyValue::tuple(std::move(out));
  }
  return PyValue::list(std::move(out));
}

/// Evaluates a display's elements, expanding `*x`.
static std::optional<PyValue> displayElements(Evaluator &ev,
                                              const std::vector<ExprPtr> &elts,
                                              Evaluator::Frame &frame,
                                              PyList &out,
                                              bool keepUnknown = false) {
  for (const ExprPtr &e : elts) {
    if (const auto *star = dyn_cast<StarredExpr>(e.get())) {
      PyValue v = ev.eval(star->value.get(), frame);
      if (v.isUnknown())
        return v;
      std::string why;
      std::optional<PyList> items = ev.iterate(v, why);
      if (!items)
        return ev.unknownAt(e.get(), frame, why);
      out.insert(out.end(), items->begin(), items->end());
      continue;
    }
    PyValue v = ev.eval(e.get(), frame);
    if (v.isUnknown() && !keepUnknown)
      return v;
    out.push_back(std::move(v));
  }
  return std::nullopt;
}

/// A call of the program's function `fn` that tilec does not run makes the
/// names it declares `global` unknown: the call might have rebound them.
static PyValue skipCall(Evaluator &ev, const PyValue &fn, const PyValue &why) {
  if (fn.is(PyValue::Kind::Function) && fn.fn && !fn.fn->globalNames.empty())
    ev.clobberGlobals(*fn.fn, *fn.fnModule, why);
  return why;
}

/// A method of a list or dict named by a variable (`results.append(x)`)
/// that is not called because an argument is unknown may change it: the
/// variable becomes unknown too, so that what reads it later (a config
/// list) is refused instead of silently missing the element.
static PyValue skipMethodCall(Evaluator &ev, const CallExpr *c,
                              const PyValue &fn, const PyValue &why,
                              Evaluator::Frame &frame) {
  if (fn.is(PyValue::Kind::Object) && fn.s == "method")
    if (const PyValue *self = fn.attr("self");
        self && (self->is(PyValue::Kind::List) ||
                 self->is(PyValue::Kind::Dict)))
      if (const auto *a = dyn_cast<AttributeExpr>(c->func.get()))
        if (const auto *n = dyn_cast<NameExpr>(a->value.get()))
          frame.bind(n->name, why);
  return skipCall(ev, fn, why);
}

PyValue Evaluator::eval(const Expr *e, Frame &frame) {
  if (!step())
    return unknownAt(e, frame, "a computation longer than tilec evaluates");
  switch (e->getKind()) {
  case Expr::Kind::Name: {
    const std::string &n = cast<NameExpr>(e)->name;
    if (PyValue *v = frame.find(n))
      return *v;
    if (std::optional<PyValue> b = lookupBuiltinName(n))
      return *b;
    return unknownAt(e, frame, "the undefined name '" + n + "'");
  }
  case Expr::Kind::IntLit: {
    const auto *lit = cast<IntLitExpr>(e);
    return PyValue::integer(lit->isUnsignedOnly
                                ? pyint::fromUInt64(lit->value)
                                : pyint::fromInt64(int64_t(lit->value)));
  }
  case Expr::Kind::FloatLit:
    return PyValue::floating(cast<FloatLitExpr>(e)->value);
  case Expr::Kind::StrLit:
    return PyValue::str(cast<StrLitExpr>(e)->value);
  case Expr::Kind::BoolLit:
    return PyValue::boolean(cast<BoolLitExpr>(e)->value);
  case Expr::Kind::NoneLit:
    return PyValue::none();
  case Expr::Kind::EllipsisLit:
    return PyValue::external("Ellipsis");
  case Expr::Kind::Attribute: {
    const auto *a = cast<AttributeExpr>(e);
    PyValue base = eval(a->value.get(), frame);
    if (base.isUnknown())
      return base;
    if (base.is(PyValue::Kind::Module))
      return moduleAttr(base, a->attr, a->attrLoc, frame);
    return builtinAttr(base, a->attr, a->attrLoc, frame);
  }
  case Expr::Kind::Call: {
    const auto *c = cast<CallExpr>(e);
    PyValue fn = eval(c->func.get(), frame);
    if (fn.isUnknown())
      return fn;
    // `triton.autotune(...)`, `triton.heuristics(...)`, `triton.jit(...)`:
    // a decorator that keeps the call that made it; AutotuneSpec.cpp reads
    // its arguments where they were written (and reports what is unknown
    // in them there).
    if (fn.is(PyValue::Kind::Builtin) &&
        (fn.s == "triton.autotune" || fn.s == "triton.heuristics" ||
         fn.s == "triton.jit") &&
        !(fn.s == "triton.jit" && c->args.size() == 1)) {
      // The arguments are evaluated now, as Python does, and kept whatever
      // they are: an unknown one is reported where the decorator is read.
      AppliedDecorator applied{c, frame.module->module, fn.s, {}};
      for (const ExprPtr &a : c->args)
        applied.args.push_back(
            {"", std::make_shared<PyValue>(eval(a.get(), frame)), a->getLoc()});
      for (const Keyword &kw : c->keywords) {
        PyValue v = eval(kw.value.get(), frame);
        // Errors about an argument point at its value, as for any value.
        if (kw.name != "**" || !v.is(PyValue::Kind::Dict)) {
          applied.args.push_back({kw.name, std::make_shared<PyValue>(v),
                                  kw.name == "**" ? kw.loc
                                                  : kw.value->getLoc()});
          continue;
        }
        for (const auto &[k, x] : *v.items)
          applied.args.push_back(
              {k.is(PyValue::Kind::Str) ? k.s : "**",
               std::make_shared<PyValue>(k.is(PyValue::Kind::Str) ? x : v),
               kw.loc});
      }
      PyValue d = PyValue::object("decorator");
      d.attrs->push_back({"name", PyValue::str(fn.s)});
      d.decorators = std::make_shared<std::vector<AppliedDecorator>>();
      d.decorators->push_back(std::move(applied));
      return d;
    }
    // The program's plain functions run with unknown arguments too: what
    // they bind with `global` must not be skipped (their bodies make what
    // depends on an unknown value unknown).
    bool program = fn.is(PyValue::Kind::Function) && !fn.jit;
    PyList args;
    if (std::optional<PyValue> u =
            displayElements(*this, c->args, frame, args, program))
      return skipMethodCall(*this, c, fn, *u, frame);
    PyAttrs kwargs;
    for (const Keyword &kw : c->keywords) {
      PyValue v = eval(kw.value.get(), frame);
      // A config's pre_hook is kept whatever it is (refused by name later).
      if (v.isUnknown() && !program &&
          !(fn.is(PyValue::Kind::Builtin) && fn.s == "triton.Config" &&
            kw.name == "pre_hook"))
        return skipMethodCall(*this, c, fn, v, frame);
      if (kw.name != "**") {
        kwargs.push_back({kw.name, v});
        continue;
      }
      if (!v.is(PyValue::Kind::Dict))
        return skipCall(*this, fn,
                        v.isUnknown() ? v
                                      : unknownAt(kw.value.get(), frame,
                                                  "'**' of " + repr(v)));
      for (const auto &[k, x] : *v.items) {
        if (!k.is(PyValue::Kind::Str))
          return skipCall(*this, fn,
                          unknownAt(kw.value.get(), frame,
                                    "'**' of a non-str key"));
        kwargs.push_back({k.s, x});
      }
    }
    return call(fn, std::move(args), std::move(kwargs), c->getLoc(),
                *frame.module->module);
  }
  case Expr::Kind::Subscript: {
    const auto *s = cast<SubscriptExpr>(e);
    PyValue base = eval(s->value.get(), frame);
    PyList idx;
    for (const ExprPtr &i : s->indices) {
      if (const auto *sl = dyn_cast<SliceExpr>(i.get())) {
        PyAttrs parts;
        const char *names[] = {"lower", "upper", "step"};
        const Expr *exprs[] = {sl->lower.get(), sl->upper.get(),
                               sl->step.get()};
        for (int k = 0; k < 3; ++k) {
          PyValue v = exprs[k] ? eval(exprs[k], frame) : PyValue::none();
          if (v.isUnknown())
            return v;
          parts.push_back({names[k], v});
        }
        idx.push_back(PyValue::object("slice", std::move(parts)));
        continue;
      }
      idx.push_back(eval(i.get(), frame));
    }
    PyValue index = idx.size() == 1 ? idx[0] : PyValue::tuple(idx);
    return subscript(*this, base, index, e, frame);
  }
  case Expr::Kind::Tuple:
  case Expr::Kind::List: {
    const auto &elts = isa<TupleExpr>(e) ? cast<TupleExpr>(e)->elts
                                         : cast<ListExpr>(e)->elts;
    PyList out;
    if (std::optional<PyValue> u = displayElements(*this, elts, frame, out))
      return *u;
    return isa<TupleExpr>(e) ? PyValue::tuple(std::move(out))
                             : PyValue::list(std::move(out));
  }
  case Expr::Kind::Dict: {
    const auto *d = cast<DictExpr>(e);
    PyValue out = PyValue::dict();
    for (size_t k = 0; k < d->keys.size(); ++k) {
      PyValue key = eval(d->keys[k].get(), frame);
      if (key.isUnknown())
        return key;
      PyValue v = eval(d->values[k].get(), frame);
      if (v.isUnknown())
        return v;
      bool replaced = false;
      for (auto &kv : *out.items)
        if (equal(kv.first, key)) {
          kv.second = v;
          replaced = true;
        }
      if (!replaced)
        out.items->push_back({key, v});
    }
    return out;
  }
  case Expr::Kind::BinOp: {
    const auto *b = cast<BinOpExpr>(e);
    PyValue l = eval(b->lhs.get(), frame);
    PyValue r = eval(b->rhs.get(), frame);
    return binaryOp(*this, b->op, l, r, e, frame);
  }
  case Expr::Kind::UnaryOp: {
    const auto *u = cast<UnaryOpExpr>(e);
    PyValue v = eval(u->operand.get(), frame);
    if (v.isUnknown())
      return v;
    if (u->op == UnaryOpKind::Not) {
      std::optional<bool> t = truth(v);
      if (!t)
        return unknownAt(e, frame, "the truth of " + repr(v));
      return PyValue::boolean(!*t);
    }
    if (v.is(PyValue::Kind::Float)) {
      if (u->op == UnaryOpKind::Neg)
        return PyValue::floating(-v.f);
      if (u->op == UnaryOpKind::Pos)
        return v;
    } else if (v.isNumber()) {
      if (u->op == UnaryOpKind::Neg)
        return PyValue::integer(pyint::neg(v.i));
      if (u->op == UnaryOpKind::Pos)
        return PyValue::integer(v.i);
      return PyValue::integer(pyint::invert(v.i));
    }
    return unknownAt(e, frame, "a unary operator on " + repr(v));
  }
  case Expr::Kind::BoolOp: {
    const auto *b = cast<BoolOpExpr>(e);
    PyValue v;
    for (const ExprPtr &x : b->values) {
      v = eval(x.get(), frame);
      std::optional<bool> t = truth(v);
      if (!t)
        return v.isUnknown() ? v
                             : unknownAt(x.get(), frame,
                                         "the truth of " + repr(v));
      if (*t == (b->op == BoolOpKind::Or))
        return v;
    }
    return v;
  }
  case Expr::Kind::Compare: {
    const auto *c = cast<CompareExpr>(e);
    PyValue left = eval(c->left.get(), frame);
    for (size_t k = 0; k < c->ops.size(); ++k) {
      PyValue right = eval(c->comparators[k].get(), frame);
      PyValue r = compareOp(*this, c->ops[k], left, right, e, frame);
      if (r.isUnknown() || r.i.isZero())
        return r;
      left = right;
    }
    return PyValue::boolean(true);
  }
  case Expr::Kind::IfExp: {
    const auto *x = cast<IfExpExpr>(e);
    PyValue test = eval(x->test.get(), frame);
    std::optional<bool> t = truth(test);
    if (!t)
      return test.isUnknown() ? test
                              : unknownAt(x->test.get(), frame,
                                          "the truth of " + repr(test));
    return eval(*t ? x->body.get() : x->orelse.get(), frame);
  }
  case Expr::Kind::Comprehension:
    return comprehension(*this, cast<ComprehensionExpr>(e), frame);
  case Expr::Kind::Opaque: {
    StringRef text = cast<OpaqueExpr>(e)->text;
    std::string shown = text.size() > 40 ? text.take_front(37).str() + "..."
                                         : text.str();
    return unknownAt(e, frame, "'" + shown + "'");
  }
  case Expr::Kind::Starred:
  case Expr::Kind::Slice:
    return unknownAt(e, frame, "a starred expression or slice out of place");
  }
  return unknownAt(e, frame, "an expression");
}
