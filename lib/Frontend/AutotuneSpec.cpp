//===- AutotuneSpec.cpp - Reading @triton.autotune decorators ---*- C++ -*-===//
//
// See AutotuneSpec.h. tilec reads the part of `triton.autotune` that
// decides what gets compiled and how choices are keyed: `configs` and `key`,
// evaluated by the module-level evaluator (Evaluator.h), so that configs a
// comprehension or a function of the program built are read as Triton sees
// them. The arguments that only change how Triton measures
// (`reset_to_zero`, `restore_value`, `warmup`, `rep`, `use_cuda_graph`,
// `do_bench`, `cache_results`) are accepted, and `prune_configs_by` (a
// per-launch choice among the configs) is kept for the C++ autotuner to
// run (ConfigPruner.h); the hooks
// that run Python around each timing run are refused by name. A value the
// evaluator cannot compute is refused where it is needed, naming it.
//
//===----------------------------------------------------------------------===//

#include "Frontend/AutotuneSpec.h"
#include "Frontend/Evaluator.h"

#include "tilec/Limits.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/Support/Casting.h"
#include "llvm/Support/ErrorHandling.h"
#include "llvm/Support/raw_ostream.h"

#include <cstdio>

using namespace tilec;
using namespace tilec::frontend;
using llvm::dyn_cast;
using llvm::isa;
using llvm::StringRef;
using llvm::Twine;

//===----------------------------------------------------------------------===//
// AutotuneConfig
//===----------------------------------------------------------------------===//

std::optional<int64_t> AutotuneConfig::lookupInt(StringRef name) const {
  for (const auto &[n, value] : constexprs) {
    int64_t v;
    if (n == name && !StringRef(value).getAsInteger(0, v))
      return v;
  }
  return std::nullopt;
}

int64_t AutotuneConfig::getInt(StringRef name) const {
  if (std::optional<int64_t> v = lookupInt(name))
    return *v;
  llvm::report_fatal_error(Twine("autotune config '") + describe() +
                           "' binds no integer named '" + name + "'");
}

std::string AutotuneConfig::describe() const {
  std::string s;
  llvm::raw_string_ostream os(s);
  for (const auto &[name, value] : constexprs)
    os << name << "=" << value << ", ";
  os << "num_warps=" << numWarps << ", num_stages=" << numStages;
  return s;
}

//===----------------------------------------------------------------------===//
// Reading the decorator
//===----------------------------------------------------------------------===//

namespace {

/// The arguments of `triton.autotune` in Triton's positional order.
constexpr StringRef kAutotuneParams[] = {
    "configs",        "key",           "prune_configs_by",
    "reset_to_zero",  "restore_value", "pre_hook",
    "post_hook",      "warmup",        "rep",
    "use_cuda_graph", "do_bench",      "cache_results"};

/// `a.b.c` as a string, or "" when `e` is not a dotted name.
std::string dotted(const Expr *e) {
  if (const auto *name = dyn_cast<NameExpr>(e))
    return name->name;
  if (const auto *attr = dyn_cast<AttributeExpr>(e)) {
    std::string base = dotted(attr->value.get());
    if (!base.empty())
      return base + "." + attr->attr;
  }
  return "";
}

bool isConstexprAnnotation(const Expr *e) {
  if (!e)
    return false;
  if (const auto *s = dyn_cast<StrLitExpr>(e))
    return StringRef(s->value).ends_with("constexpr");
  std::string name = dotted(e);
  return name == "constexpr" || StringRef(name).ends_with(".constexpr");
}

class Reader {
public:
  Reader(const Module &module, const FunctionDef &kernel, DiagnosticSink &diag,
         Evaluator &ev, const std::vector<AppliedDecorator> *applied,
         PruneSpec *prune)
      : module(module), kernel(kernel), diag(diag), ev(ev), applied(applied),
        prune(prune) {}

  bool read(std::optional<AutotuneSpec> &spec);

private:
  bool error(SourceLoc loc, const Twine &message) {
    diag.error(loc, message);
    return false;
  }
  /// A dotted name with its first component resolved through the imports.
  std::string resolve(const Expr *e) const;
  bool isAutotune(const Expr *e) const;
  static bool isJit(const Expr *decorator);
  /// Refuses an unknown value needed by `what`, naming the construct.
  bool needKnown(const PyValue &v, SourceLoc loc, const Twine &what) {
    if (!v.isUnknown())
      return true;
    // A complete message of its own, at the construct (in this file).
    if (StringRef(v.s).starts_with("\x01"))
      return error(v.where == module.filename ? v.loc : loc,
                   StringRef(v.s).drop_front());
    return error(loc, what + " needs " + Evaluator::describeUnknown(v) +
                          ", which tilec cannot evaluate without running "
                          "Python");
  }

  bool readAutotune(const AppliedDecorator &d, AutotuneSpec &spec);
  bool readKey(const PyValue &value, SourceLoc loc, AutotuneSpec &spec);
  bool readConfigs(const PyValue &value, SourceLoc loc, AutotuneSpec &spec);
  bool readConfig(const PyValue &config, SourceLoc loc, AutotuneConfig &out);
  bool readSmallInt(StringRef param, const PyValue &v, SourceLoc loc,
                    int64_t &out);
  /// The value as `-D NAME=VALUE` takes it, or "" when it has no spelling.
  std::string constexprText(const PyValue &v) const;

  const Module &module;
  const FunctionDef &kernel;
  DiagnosticSink &diag;
  Evaluator &ev;
  const std::vector<AppliedDecorator> *applied;
  PruneSpec *prune;
};

std::string Reader::resolve(const Expr *e) const {
  std::string name = dotted(e);
  if (name.empty())
    return name;
  auto [head, rest] = StringRef(name).split('.');
  std::string base = head.str();
  for (const ImportAlias &imp : module.imports)
    if (imp.alias == head)
      base = imp.module;
  return rest.empty() ? base : base + "." + rest.str();
}

bool Reader::isAutotune(const Expr *e) const {
  std::string name = resolve(e);
  return name == "triton.autotune" || name == "triton.runtime.autotune" ||
         name == "triton.runtime.autotuner.autotune" ||
         name == "tilec.autotune";
}

bool Reader::isJit(const Expr *decorator) {
  if (const auto *call = dyn_cast<CallExpr>(decorator))
    decorator = call->func.get();
  std::string name = dotted(decorator);
  return name == "jit" || StringRef(name).ends_with(".jit");
}

bool Reader::read(std::optional<AutotuneSpec> &spec) {
  // The decorators written above the `def`: an autotune below the jit
  // decorator is refused as Triton refuses it.
  std::vector<AppliedDecorator> calls, written;
  bool belowJit = false;
  for (const ExprPtr &d : kernel.decorators) {
    belowJit |= isJit(d.get());
    const auto *call = dyn_cast<CallExpr>(d.get());
    const Expr *callee = call ? call->func.get() : d.get();
    if (!isAutotune(callee))
      continue;
    if (!call)
      return error(d->getLoc(), "'triton.autotune' needs its arguments: "
                                "configs=[triton.Config(...), ...], key=[...]");
    if (belowJit)
      return error(d->getLoc(), "'triton.autotune' must be above the jit "
                                "decorator, as Triton requires");
    written.push_back({call, &module, "triton.autotune", {}});
  }
  // What the program applied, by decorator or by call
  // (`k = triton.autotune(...)(k)`), in the order Python applied it; the
  // decorators as written when the evaluator could not apply them. Which
  // decorator each was is what it was when applied: the name that reached
  // it (`triton`) may be rebound further down the module.
  if (applied)
    for (const AppliedDecorator &d : *applied)
      if (d.callee == "triton.autotune")
        calls.push_back(d);
  if (calls.empty())
    calls = written;
  if (calls.empty())
    return true;
  if (calls.size() > 1) {
    const CallExpr *later = calls[0].call;
    if (calls[1].call->getLoc().offset > later->getLoc().offset)
      later = calls[1].call;
    return error(later->getLoc(),
                 "kernel '" + kernel.name + "' has two autotune decorators");
  }
  AutotuneSpec result;
  if (!readAutotune(calls.front(), result))
    return false;
  spec = std::move(result);
  return true;
}

bool Reader::readAutotune(const AppliedDecorator &d, AutotuneSpec &spec) {
  const CallExpr &call = *d.call;
  const Module &m = *d.module;
  // Pair every argument with its parameter name first (expanding
  // `**kwargs`), so that an argument is judged by name however it was
  // passed.
  struct Arg {
    StringRef name;
    PyValue value;
    SourceLoc loc;
  };
  std::vector<Arg> args;
  if (call.args.size() > std::size(kAutotuneParams))
    return error(call.args[std::size(kAutotuneParams)]->getLoc(),
                 "'triton.autotune' takes at most " +
                     Twine(std::size(kAutotuneParams)) + " arguments");
  // The values Python computed when the decorator was made; a decorator
  // the evaluator did not apply is evaluated now.
  std::vector<AppliedDecorator::Arg> given = d.args;
  if (given.empty() && (!call.args.empty() || !call.keywords.empty())) {
    for (const ExprPtr &a : call.args)
      given.push_back(
          {"", std::make_shared<PyValue>(ev.evalInModule(a.get(), m)),
           a->getLoc()});
    for (const Keyword &kw : call.keywords) {
      PyValue v = ev.evalInModule(kw.value.get(), m);
      if (kw.name == "**" && v.is(PyValue::Kind::Dict)) {
        for (const auto &[k, x] : *v.items)
          given.push_back({k.is(PyValue::Kind::Str) ? k.s : "**",
                           std::make_shared<PyValue>(x), kw.loc});
        continue;
      }
      given.push_back({kw.name, std::make_shared<PyValue>(v),
                       kw.value->getLoc()});
    }
  }
  size_t positional = 0;
  auto add = [&](StringRef name, PyValue v, SourceLoc loc) {
    const StringRef *param = llvm::find(kAutotuneParams, name);
    if (param == std::end(kAutotuneParams))
      return error(loc, "'triton.autotune' has no argument '" + name + "'");
    for (const Arg &a : args)
      if (a.name == name)
        return error(loc, "'triton.autotune' got two values for '" + name +
                              "'");
    args.push_back({*param, std::move(v), loc});
    return true;
  };
  for (const AppliedDecorator::Arg &a : given) {
    if (a.name.empty()) {
      args.push_back({kAutotuneParams[positional++], *a.value, a.loc});
      continue;
    }
    if (a.name == "**") {
      if (!needKnown(*a.value, a.loc, "'**' in 'triton.autotune'"))
        return false;
      return error(a.loc, "'**' in 'triton.autotune' needs a dict with str "
                          "keys, got " +
                              ev.repr(*a.value));
    }
    if (!add(a.name, *a.value, a.loc))
      return false;
  }

  const Arg *configs = nullptr, *key = nullptr;
  std::optional<PruneSpec> pruneFound;
  for (const Arg &a : args) {
    if (a.name == "configs") {
      configs = &a;
    } else if (a.name == "key") {
      key = &a;
    } else if (a.name == "pre_hook" || a.name == "post_hook") {
      // Hooks run Python around every timing run: only Python can.
      if (!a.value.is(PyValue::Kind::None))
        return error(a.loc, "'triton.autotune' argument '" + a.name +
                                "' runs Python around each timing run, "
                                "which tilec cannot do");
    } else if (a.name == "prune_configs_by") {
      // Pruning chooses among the configs per launch, from the launch's
      // arguments: every config compiles, and the C++ autotuner runs the
      // functions when it tunes (ConfigPruner.cpp). An unknown dict prunes
      // nothing there.
      if (a.value.is(PyValue::Kind::None) || a.value.isUnknown())
        continue;
      if (!a.value.is(PyValue::Kind::Dict))
        return error(a.loc, "'prune_configs_by' must be a dict, got " +
                                ev.repr(a.value));
      PruneSpec p;
      for (const auto &[k, x] : *a.value.items) {
        if (!k.is(PyValue::Kind::Str) ||
            !llvm::is_contained({"early_config_prune", "perf_model", "top_k"},
                                k.s))
          return error(a.loc, "'prune_configs_by' has no entry " +
                                  ev.repr(k));
        (k.s == "early_config_prune" ? p.earlyConfigPrune
         : k.s == "perf_model"       ? p.perfModel
                                     : p.topK) = x;
      }
      if (p.present()) {
        p.loc = a.loc;
        p.module = &m;
        pruneFound = std::move(p);
      }
    }
    // reset_to_zero, restore_value, warmup, rep, use_cuda_graph, do_bench,
    // cache_results: how Triton measures, not what it compiles; tilec's
    // autotuner measures its own way (docs/embedding.md).
  }
  if (!configs)
    return error(call.getLoc(), "'triton.autotune' needs 'configs'");
  if (!key)
    return error(call.getLoc(), "'triton.autotune' needs 'key'");
  if (prune && pruneFound) {
    pruneFound->configs = configs->value;
    *prune = std::move(*pruneFound);
  }
  // configs first: it is where a computation that exhausted the
  // evaluator's budget ran.
  return readConfigs(configs->value, configs->loc, spec) &&
         readKey(key->value, key->loc, spec);
}

bool Reader::readKey(const PyValue &value, SourceLoc loc, AutotuneSpec &spec) {
  if (!needKnown(value, loc, "autotune 'key'"))
    return false;
  if (!value.isSequence())
    return error(loc, "autotune 'key' must be a list of parameter names, "
                      "e.g. key=['M', 'N']");
  for (const PyValue &e : *value.elts) {
    if (!e.is(PyValue::Kind::Str))
      return error(loc, "autotune 'key' must list parameter names as "
                        "strings, got " +
                            ev.repr(e));
    // As Triton: a key naming no parameter selects nothing.
    if (!llvm::any_of(kernel.params,
                      [&](const Param &p) { return p.name == e.s; }))
      continue;
    if (!llvm::is_contained(spec.key, e.s))
      spec.key.push_back(e.s);
  }
  return true;
}

bool Reader::readConfigs(const PyValue &value, SourceLoc loc,
                         AutotuneSpec &spec) {
  if (!needKnown(value, loc, "autotune 'configs'"))
    return false;
  if (!value.isSequence())
    return error(loc, "autotune 'configs' must be a list of triton.Config, "
                      "got " +
                          ev.repr(value));
  // As Triton: no configs tunes nothing and runs one default config.
  if (value.elts->empty())
    spec.configs.emplace_back();
  for (const PyValue &e : *value.elts) {
    AutotuneConfig config;
    if (!readConfig(e, loc, config))
      return false;
    spec.configs.push_back(std::move(config));
  }
  return true;
}

std::string Reader::constexprText(const PyValue &v) const {
  switch (v.kind) {
  case PyValue::Kind::Int:
    return pyint::toString(v.i);
  case PyValue::Kind::Bool:
    return v.i.isZero() ? "False" : "True";
  case PyValue::Kind::Float: {
    char buf[64];
    std::snprintf(buf, sizeof(buf), "%.17g", v.f);
    std::string text = buf;
    // Keep it a float when it prints as a whole number.
    if (StringRef(text).find_first_of(".eni") == StringRef::npos)
      text += ".0";
    return text;
  }
  case PyValue::Kind::Str:
    if (StringRef(v.s).contains('"'))
      return "";
    return "\"" + v.s + "\"";
  case PyValue::Kind::None:
    return "None";
  case PyValue::Kind::External:
    if (StringRef(v.s).starts_with("triton.language.") &&
        !StringRef(v.s).drop_front(16).contains('.'))
      return "tl." + v.s.substr(16);
    return "";
  case PyValue::Kind::Tuple: {
    std::string text = "(";
    for (const PyValue &e : *v.elts) {
      std::string t = constexprText(e);
      if (t.empty())
        return "";
      text += t + ", ";
    }
    if (v.elts->size() > 1)
      text.resize(text.size() - 1), text.back() = ')';
    else
      text += ")";
    return text;
  }
  default:
    return "";
  }
}

bool Reader::readConfig(const PyValue &config, SourceLoc configsLoc,
                        AutotuneConfig &out) {
  if (!needKnown(config, configsLoc, "autotune config"))
    return false;
  if (!config.is(PyValue::Kind::Object) || config.s != "Config")
    return error(configsLoc, "autotune 'configs' must list triton.Config "
                             "values, got " +
                                 ev.repr(config));
  // Errors in a config are reported at its triton.Config call when it is
  // in this file, else at the decorator's configs.
  SourceLoc loc = config.loc.line && config.where == module.filename
                      ? config.loc
                      : configsLoc;
  int64_t v = 0;
  for (const auto &[name, value] : *config.attrs) {
    if (name == "pre_hook" && !value.is(PyValue::Kind::None))
      return error(loc, "'triton.Config' argument 'pre_hook' runs Python "
                        "before each launch, which tilec cannot do");
    if (!needKnown(value, loc, "'triton.Config' argument '" + name + "'"))
      return false;
    if (name == "kwargs")
      continue;
    if (name == "num_warps") {
      if (!readSmallInt(name, value, loc, v))
        return false;
      if (checkNumWarps(v))
        return error(loc, "'num_warps' must be a power of two from 1 to " +
                              Twine(kMaxNumWarps) + ", got " + Twine(v));
      out.numWarps = static_cast<int>(v);
    } else if (name == "num_stages") {
      if (!readSmallInt(name, value, loc, v))
        return false;
      if (checkNumStages(v))
        return error(loc, "'num_stages' must be from 1 to " +
                              Twine(kMaxNumStages) + ", got " + Twine(v));
      out.numStages = static_cast<int>(v);
    } else if (name == "num_ctas") {
      if (!readSmallInt(name, value, loc, v))
        return false;
      if (v != 1)
        return error(loc, "'num_ctas' other than 1 (thread block clusters) "
                          "is not supported by tilec");
    } else if (!value.is(PyValue::Kind::None)) {
      return error(loc, "'triton.Config' argument '" + name +
                            "' is not supported by tilec");
    }
  }
  llvm::StringSet<> seen;
  for (const auto &[k, value] : *config.attr("kwargs")->items) {
    if (!k.is(PyValue::Kind::Str))
      return error(loc, "'triton.Config' binds parameters by name: the keys "
                        "must be strings");
    const std::string &name = k.s;
    const Param *param = nullptr;
    for (const Param &p : kernel.params)
      if (p.name == name)
        param = &p;
    if (!param)
      return error(loc, "autotune config binds '" + name +
                            "', which is not a parameter of kernel '" +
                            kernel.name + "'");
    if (!isConstexprAnnotation(param->annotation.get()))
      return error(loc, "autotune config binds '" + name +
                            "', which is not a tl.constexpr parameter of "
                            "kernel '" +
                            kernel.name + "'");
    if (!seen.insert(name).second)
      return error(loc, "autotune config binds '" + name + "' twice");
    if (!needKnown(value, loc, "autotune config value of '" + name + "'"))
      return false;
    std::string text = constexprText(value);
    if (text.empty())
      return error(loc, "autotune config value of '" + name +
                            "' must be an int, float, bool, str, None, "
                            "dtype or tuple of those, got " +
                            ev.repr(value));
    out.constexprs.emplace_back(name, std::move(text));
  }
  return true;
}

bool Reader::readSmallInt(StringRef param, const PyValue &v, SourceLoc loc,
                          int64_t &out) {
  if (!v.is(PyValue::Kind::Int) || !pyint::fitsInt64(v.i) ||
      v.i.getSExtValue() > 1024)
    return error(loc, "'triton.Config' argument '" + param +
                          "' must be a small integer, got " + ev.repr(v));
  out = v.i.getSExtValue();
  return true;
}

} // namespace

bool tilec::frontend::readAutotuneSpec(
    const Module &module, const FunctionDef &kernel, DiagnosticSink &diag,
    Evaluator &ev, const std::vector<AppliedDecorator> *applied,
    std::optional<AutotuneSpec> &spec, PruneSpec *prune) {
  return Reader(module, kernel, diag, ev, applied, prune).read(spec);
}
