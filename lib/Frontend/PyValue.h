//===- PyValue.h - Values of the module-level Python evaluator --*- C++ -*-===//
//
// What the evaluator (Evaluator.h) computes for module-level Python: None,
// bools, exact ints (PyInt.h), floats, strs, tuples, lists, dicts, functions
// (jit or plain, with the decorators applied to them), modules of the
// program, names outside it (`torch.float16`, `triton.language`), triton
// objects (`triton.Config`, dtypes) and the unknown value. An unknown value
// names the construct tilec could not evaluate and where it is; it is an
// error only where a kernel or a decorator needs it.
//
//===----------------------------------------------------------------------===//

#ifndef TILEC_LIB_FRONTEND_PYVALUE_H
#define TILEC_LIB_FRONTEND_PYVALUE_H

#include "Frontend/AST.h"
#include "Frontend/PyInt.h"

#include "llvm/ADT/APInt.h"

#include <memory>
#include <string>
#include <utility>
#include <vector>

namespace tilec::frontend {

struct PyValue;
using PyList = std::vector<PyValue>;
using PyItems = std::vector<std::pair<PyValue, PyValue>>;
using PyAttrs = std::vector<std::pair<std::string, PyValue>>;

struct PyValue;
/// The locals of an evaluated call that a nested `def` in it sees
/// (EvaluatorImpl.h; the Evaluator owns them).
struct ClosureScope;

/// A decorator applied to a jit function by the program: `triton.autotune`
/// or `triton.heuristics`, the call that made it (in `module`) and its
/// arguments as Python evaluated them when the decorator was made.
struct AppliedDecorator {
  const CallExpr *call = nullptr;
  const Module *module = nullptr;
  /// What the call's function was when it was applied ("triton.autotune",
  /// "triton.heuristics", "triton.jit"); the name it was reached by may be
  /// rebound later in the module.
  std::string callee;
  struct Arg {
    std::string name; // "" for a positional argument
    std::shared_ptr<PyValue> value;
    SourceLoc loc;
  };
  std::vector<Arg> args;
};

struct PyValue {
  enum class Kind {
    Unknown,
    None,
    Bool,
    Int,
    Float,
    Str,
    Tuple,
    List,
    Dict,
    Function, // a `def` of the program, jit or plain
    Builtin,  // a builtin or a triton/torch/os function tilec evaluates
    Module,   // a module of the program (a .py file or a package)
    External, // a name outside the program: `torch.float16`, `math`
    Object,   // triton.Config, a GPU target, a bound method: attributes
  };

  Kind kind = Kind::None;
  llvm::APInt i;    // Int, Bool
  double f = 0;     // Float
  std::string s;    // Str; Builtin/External name; Object class; Unknown what
  std::shared_ptr<PyList> elts;   // Tuple, List
  std::shared_ptr<PyItems> items; // Dict
  std::shared_ptr<PyAttrs> attrs; // Object; Function's decorators' options
  // Function
  const FunctionDef *fn = nullptr;
  const Module *fnModule = nullptr;
  bool jit = false;
  std::shared_ptr<std::vector<AppliedDecorator>> decorators;
  /// A nested `def`: the scopes of the calls it was defined in, innermost
  /// first (Python's closure); null for a module-level function.
  const ClosureScope *closure = nullptr;
  // Module: the file (or package directory) and dotted name.
  std::string file;
  // Unknown: where the construct is.
  SourceLoc loc;
  std::string where; // file name of loc
  /// A module-level `tl.constexpr(...)` value.
  bool constexprMarked = false;

  static PyValue none() { return PyValue(); }
  static PyValue unknown(std::string what, SourceLoc loc, std::string where) {
    PyValue v(Kind::Unknown);
    v.s = std::move(what);
    v.loc = loc;
    v.where = std::move(where);
    return v;
  }
  static PyValue boolean(bool b) {
    PyValue v(Kind::Bool);
    v.i = llvm::APInt(64, b ? 1 : 0);
    return v;
  }
  static PyValue integer(llvm::APInt x) {
    PyValue v(Kind::Int);
    v.i = pyint::normalize(x);
    return v;
  }
  static PyValue integer(int64_t x) { return integer(pyint::fromInt64(x)); }
  static PyValue floating(double x) {
    PyValue v(Kind::Float);
    v.f = x;
    return v;
  }
  static PyValue str(std::string x) {
    PyValue v(Kind::Str);
    v.s = std::move(x);
    return v;
  }
  static PyValue tuple(PyList e) {
    PyValue v(Kind::Tuple);
    v.elts = std::make_shared<PyList>(std::move(e));
    return v;
  }
  static PyValue list(PyList e) {
    PyValue v(Kind::List);
    v.elts = std::make_shared<PyList>(std::move(e));
    return v;
  }
  static PyValue dict(PyItems e = {}) {
    PyValue v(Kind::Dict);
    v.items = std::make_shared<PyItems>(std::move(e));
    return v;
  }
  static PyValue builtin(std::string name) {
    PyValue v(Kind::Builtin);
    v.s = std::move(name);
    return v;
  }
  static PyValue external(std::string path) {
    PyValue v(Kind::External);
    v.s = std::move(path);
    return v;
  }
  static PyValue object(std::string cls, PyAttrs a = {}) {
    PyValue v(Kind::Object);
    v.s = std::move(cls);
    v.attrs = std::make_shared<PyAttrs>(std::move(a));
    return v;
  }
  static PyValue function(const FunctionDef *fn, const Module *m, bool jit) {
    PyValue v(Kind::Function);
    v.fn = fn;
    v.fnModule = m;
    v.jit = jit;
    v.decorators = std::make_shared<std::vector<AppliedDecorator>>();
    return v;
  }
  static PyValue module(std::string file, std::string dotted) {
    PyValue v(Kind::Module);
    v.file = std::move(file);
    v.s = std::move(dotted);
    return v;
  }

  bool is(Kind k) const { return kind == k; }
  bool isUnknown() const { return kind == Kind::Unknown; }
  bool isSequence() const { return kind == Kind::Tuple || kind == Kind::List; }
  bool isNumber() const {
    return kind == Kind::Bool || kind == Kind::Int || kind == Kind::Float;
  }
  /// The attribute `name` of an Object, or null.
  const PyValue *attr(llvm::StringRef name) const {
    if (!attrs)
      return nullptr;
    for (const auto &[n, v] : *attrs)
      if (n == name)
        return &v;
    return nullptr;
  }

private:
  explicit PyValue(Kind k) : kind(k), i(64, 0) {}

public:
  PyValue() : i(64, 0) {}
};

} // namespace tilec::frontend

#endif // TILEC_LIB_FRONTEND_PYVALUE_H
