//===- EmitGlobals.cpp - Module-level values as kernels see them -*- C++ -*-===//
//
// The bridge from the evaluator (Evaluator.h) to the emitter: a name a
// kernel uses that the module-level Python bound (a jit helper imported from
// a sibling module, a triton function imported under a `try`, a constexpr
// the program computed, a module of the program) becomes the kernel
// language's value; an unknown value is refused here, at the kernel's use,
// naming the construct tilec could not evaluate. As in Triton, a kernel sees
// jit functions, modules, triton names and `tl.constexpr` globals, not
// other globals.
//
//===----------------------------------------------------------------------===//

#include "Frontend/Emitter.h"

#include "llvm/ADT/StringSwitch.h"

using namespace tilec::frontend;

static bool isKernelBuiltin(llvm::StringRef n) {
  return llvm::StringSwitch<bool>(n)
      .Cases({"range", "min", "max", "float", "int", "bool", "len", "abs"},
             true)
      .Default(false);
}

/// A module of the program as a kernel value: "pymod:" FILE "\x01" DOTTED.
static TValue programModule(const PyValue &v) {
  return TValue::module("pymod:" + v.file + "\x01" + v.s);
}

/// Triton's knob `TRITON_ALLOW_NON_CONSTEXPR_GLOBALS` (knobs.py, read as
/// its getenv_bool reads it: "1", "y", "on", "yes", "true", any case). The
/// evaluator records the read for the kernel cache's key.
static bool allowNonConstexprGlobals(Evaluator &ev) {
  std::optional<std::string> v =
      ev.getEnv("TRITON_ALLOW_NON_CONSTEXPR_GLOBALS");
  if (!v)
    return false;
  std::string s = llvm::StringRef(*v).lower();
  return s == "1" || s == "y" || s == "on" || s == "yes" || s == "true";
}

FailureOr<TValue> Emitter::fromPyValue(const PyValue &v, llvm::StringRef name,
                                       SourceLoc l) {
  switch (v.kind) {
  case PyValue::Kind::Unknown:
    // A message of its own ("\x01is imported by ..., which finds nothing").
    if (llvm::StringRef(v.s).starts_with("\x01"))
      return err(l, "'" + name + "' " + llvm::StringRef(v.s).drop_front());
    return err(l, "'" + name + "' is bound to " +
                      Evaluator::describeUnknown(v) +
                      ", which tilec cannot evaluate without running Python");
  case PyValue::Kind::Function:
    // A constexpr function is a plain function to the evaluator and is
    // called from kernels at compile time.
    if (v.jit || (v.fn && v.fn->isConstexprFunction))
      return TValue::function(v.fn);
    return err(l, "'" + name +
                      "' is not a @triton.jit function; only @jit functions "
                      "can be called from a kernel");
  case PyValue::Kind::Module:
    return programModule(v);
  case PyValue::Kind::External:
    return resolveExternal(v.s, l);
  case PyValue::Kind::Builtin:
    if (v.s == "tl.constexpr")
      return TValue::builtin("triton.language.constexpr");
    if (llvm::StringRef(v.s).starts_with("triton."))
      return TValue::builtin(v.s);
    if (isKernelBuiltin(v.s))
      return TValue::builtin(v.s);
    return err(l, "'" + name + "' (" + v.s +
                      ") is not available in tilec kernels");
  default:
    break;
  }
  if (!v.constexprMarked && !allowNonConstexprGlobals(evaluator))
    return err(l, "cannot access global '" + name +
                      "' from a jit function: only @jit functions and "
                      "tl.constexpr globals are visible, in Triton 3.6 too; "
                      "define it as '" +
                      name + " = tl.constexpr(...)' or set "
                      "TRITON_ALLOW_NON_CONSTEXPR_GLOBALS=1");
  std::function<FailureOr<TValue>(const PyValue &)> convert =
      [&](const PyValue &x) -> FailureOr<TValue> {
    switch (x.kind) {
    case PyValue::Kind::None:
      return TValue::none();
    case PyValue::Kind::Bool:
      return TValue::boolean(!x.i.isZero());
    case PyValue::Kind::Int:
      return TValue::integer(x.i);
    case PyValue::Kind::Float:
      return TValue::floating(x.f);
    case PyValue::Kind::Str:
      return TValue::string(x.s);
    case PyValue::Kind::External:
      return resolveExternal(x.s, l);
    case PyValue::Kind::Tuple: {
      std::vector<TValue> elts;
      for (const PyValue &e : *x.elts) {
        FailureOr<TValue> t = convert(e);
        if (failed(t))
          return failure();
        elts.push_back(*t);
      }
      return TValue::tuple(std::move(elts));
    }
    default:
      return err(l, "global '" + name +
                        "' must be a compile-time constant to be a "
                        "tl.constexpr, got " +
                        evaluator.repr(x));
    }
  };
  return convert(v);
}

FailureOr<TValue> Emitter::programModuleAttr(const TValue &mod,
                                             llvm::StringRef attr,
                                             SourceLoc l) {
  llvm::StringRef path = llvm::StringRef(mod.getModulePath()).drop_front(6);
  auto [file, dotted] = path.split('\x01');
  PyValue m = PyValue::module(file.str(), dotted.str());
  PyValue v = evaluator.getAttr(m, attr, l, *current);
  return fromPyValue(v, (dotted + "." + attr).str(), l);
}
