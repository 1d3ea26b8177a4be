//===- AutotuneSpec.cpp - Reading @triton.autotune decorators ---*- C++ -*-===//
//
// See AutotuneSpec.h. tilec reads the part of `triton.autotune` that
// decides what gets compiled and how choices are keyed: `configs` (a list of
// `triton.Config`, in the decorator or as a module-level list variable) and
// `key`. The arguments that run Python around the timing (hooks, pruning,
// resetting outputs) or change how it is measured are refused by name
// rather than ignored, since ignoring them would tune something other than
// what Triton tunes; given as their default (`None`, `False`) they are
// accepted, as they ask for nothing.
//
//===----------------------------------------------------------------------===//

#include "Frontend/AutotuneSpec.h"

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

/// The arguments of `triton.autotune` in Triton's positional order; only the
/// first two are read.
constexpr StringRef kAutotuneParams[] = {
    "configs",        "key",           "prune_configs_by",
    "reset_to_zero",  "restore_value", "pre_hook",
    "post_hook",      "warmup",        "rep",
    "use_cuda_graph", "do_bench",      "cache_results"};
/// The arguments of `triton.Config` in Triton's positional order.
constexpr StringRef kConfigParams[] = {"kwargs",   "num_warps", "num_stages",
                                       "num_ctas", "maxnreg",   "pre_hook"};

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
  Reader(const Module &module, const FunctionDef &kernel, DiagnosticSink &diag)
      : module(module), kernel(kernel), diag(diag) {}

  bool read(std::optional<AutotuneSpec> &spec);

private:
  bool error(SourceLoc loc, const Twine &message) {
    diag.error(loc, message);
    return false;
  }
  /// A dotted name with its first component resolved through the imports.
  std::string resolve(const Expr *e) const;
  bool isAutotune(const Expr *e) const;
  bool isConfig(const Expr *e) const;
  static bool isJit(const Expr *decorator);
  /// `None`, or `False` where that is the argument's default.
  static bool isDefault(StringRef param, const Expr *value);

  bool readAutotune(const CallExpr &call, AutotuneSpec &spec);
  bool readKey(const Expr *value, AutotuneSpec &spec);
  const Expr *findListGlobal(const NameExpr &name) const;
  bool readConfigs(const Expr *value, SourceLoc decoratorLoc,
                   AutotuneSpec &spec);
  bool readConfig(const Expr *e, AutotuneConfig &config);
  bool readBindings(const Expr *e, AutotuneConfig &config);
  bool readSmallInt(StringRef param, const Expr *e, int64_t &out);

  const Module &module;
  const FunctionDef &kernel;
  DiagnosticSink &diag;
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

bool Reader::isConfig(const Expr *e) const {
  std::string name = resolve(e);
  return name == "triton.Config" || name == "triton.runtime.Config" ||
         name == "triton.runtime.autotuner.Config" || name == "tilec.Config";
}

bool Reader::isJit(const Expr *decorator) {
  if (const auto *call = dyn_cast<CallExpr>(decorator))
    decorator = call->func.get();
  std::string name = dotted(decorator);
  return name == "jit" || StringRef(name).ends_with(".jit");
}

bool Reader::isDefault(StringRef param, const Expr *value) {
  if (isa<NoneLitExpr>(value))
    return true;
  const auto *b = dyn_cast<BoolLitExpr>(value);
  return b && !b->value &&
         (param == "use_cuda_graph" || param == "cache_results");
}

bool Reader::read(std::optional<AutotuneSpec> &spec) {
  const CallExpr *found = nullptr;
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
    if (found)
      return error(d->getLoc(),
                   "kernel '" + kernel.name + "' has two autotune decorators");
    found = call;
  }
  if (!found)
    return true;
  AutotuneSpec result;
  if (!readAutotune(*found, result))
    return false;
  spec = std::move(result);
  return true;
}

bool Reader::readAutotune(const CallExpr &call, AutotuneSpec &spec) {
  // Pair every argument with its parameter name first, so that a refused
  // argument is refused by name however it was passed.
  std::vector<std::pair<StringRef, const Expr *>> args;
  if (call.args.size() > std::size(kAutotuneParams))
    return error(call.args[std::size(kAutotuneParams)]->getLoc(),
                 "'triton.autotune' takes at most " +
                     Twine(std::size(kAutotuneParams)) + " arguments");
  for (auto [i, arg] : llvm::enumerate(call.args))
    args.push_back({kAutotuneParams[i], arg.get()});
  for (const Keyword &kw : call.keywords) {
    if (!llvm::is_contained(kAutotuneParams, kw.name))
      return error(kw.loc,
                   "'triton.autotune' has no argument '" + kw.name + "'");
    for (const auto &[name, value] : args)
      if (name == kw.name)
        return error(kw.loc,
                     "'triton.autotune' got two values for '" + kw.name + "'");
    args.push_back({kw.name, kw.value.get()});
  }

  const Expr *configs = nullptr, *key = nullptr;
  for (const auto &[name, value] : args) {
    if (name == "configs")
      configs = value;
    else if (name == "key")
      key = value;
    else if (!isDefault(name, value))
      return error(value->getLoc(),
                   "'triton.autotune' argument '" + name +
                       "' is not supported by tilec (it tunes configs "
                       "and key only)");
  }
  if (!configs)
    return error(call.getLoc(), "'triton.autotune' needs 'configs'");
  if (!key)
    return error(call.getLoc(), "'triton.autotune' needs 'key'");
  return readKey(key, spec) && readConfigs(configs, call.getLoc(), spec);
}

bool Reader::readKey(const Expr *value, AutotuneSpec &spec) {
  const std::vector<ExprPtr> *elts = nullptr;
  if (const auto *list = dyn_cast<ListExpr>(value))
    elts = &list->elts;
  else if (const auto *tuple = dyn_cast<TupleExpr>(value))
    elts = &tuple->elts;
  if (!elts)
    return error(value->getLoc(), "autotune 'key' must be a list of "
                                  "parameter names, e.g. key=['M', 'N']");
  for (const ExprPtr &e : *elts) {
    const auto *s = dyn_cast<StrLitExpr>(e.get());
    if (!s)
      return error(e->getLoc(), "autotune 'key' must list parameter names "
                                "as strings");
    if (!llvm::any_of(kernel.params,
                      [&](const Param &p) { return p.name == s->value; }))
      return error(e->getLoc(), "autotune key '" + s->value +
                                    "' is not a parameter of kernel '" +
                                    kernel.name + "'");
    if (llvm::is_contained(spec.key, s->value))
      return error(e->getLoc(),
                   "autotune key '" + s->value + "' is listed twice");
    spec.key.push_back(s->value);
  }
  return true;
}

const Expr *Reader::findListGlobal(const NameExpr &name) const {
  // The binding Python sees when the decorator runs: the last one above it.
  std::optional<SourceLoc> last;
  for (const Module::OtherName &n : module.otherNames)
    if (n.name == name.name && n.loc.offset < name.getLoc().offset &&
        (!last || n.loc.offset > last->offset))
      last = n.loc;
  for (const ImportAlias &imp : module.imports)
    if (imp.alias == name.name && imp.loc.offset < name.getLoc().offset &&
        (!last || imp.loc.offset > last->offset))
      last = imp.loc;
  if (!last)
    return nullptr;
  for (const ListGlobal &g : module.listGlobals)
    if (g.loc.offset == last->offset)
      return g.value.get();
  return nullptr;
}

bool Reader::readConfigs(const Expr *value, SourceLoc decoratorLoc,
                         AutotuneSpec &spec) {
  if (const auto *name = dyn_cast<NameExpr>(value)) {
    const Expr *list = findListGlobal(*name);
    if (!list)
      return error(value->getLoc(),
                   "autotune configs '" + name->name +
                       "' must be a list display assigned above the kernel "
                       "(`" +
                       name->name +
                       " = [triton.Config(...), ...]` at module level) or "
                       "written in the decorator");
    value = list;
  }
  const std::vector<ExprPtr> *elts = nullptr;
  if (const auto *list = dyn_cast<ListExpr>(value))
    elts = &list->elts;
  else if (const auto *tuple = dyn_cast<TupleExpr>(value))
    elts = &tuple->elts;
  if (!elts)
    return error(value->getLoc(),
                 "autotune 'configs' must be a list of triton.Config(...) "
                 "written out; tilec does not run Python to compute it");
  // As Triton: no configs tunes nothing and runs one default config.
  if (elts->empty())
    spec.configs.emplace_back();
  for (const ExprPtr &e : *elts) {
    AutotuneConfig config;
    if (!readConfig(e.get(), config))
      return false;
    spec.configs.push_back(std::move(config));
  }
  return true;
}

bool Reader::readConfig(const Expr *e, AutotuneConfig &config) {
  const auto *call = dyn_cast<CallExpr>(e);
  if (!call || !isConfig(call->func.get()))
    return error(e->getLoc(), "autotune 'configs' must list "
                              "triton.Config(...) calls; tilec cannot read "
                              "this element");
  std::vector<std::pair<StringRef, const Expr *>> args;
  if (call->args.size() > std::size(kConfigParams))
    return error(call->args[std::size(kConfigParams)]->getLoc(),
                 "'triton.Config' takes at most " +
                     Twine(std::size(kConfigParams)) + " arguments");
  for (auto [i, arg] : llvm::enumerate(call->args))
    args.push_back({kConfigParams[i], arg.get()});
  for (const Keyword &kw : call->keywords) {
    if (!llvm::is_contained(kConfigParams, kw.name))
      return error(kw.loc, "'triton.Config' has no argument '" + kw.name + "'");
    for (const auto &[name, value] : args)
      if (name == kw.name)
        return error(kw.loc,
                     "'triton.Config' got two values for '" + kw.name + "'");
    args.push_back({kw.name, kw.value.get()});
  }
  bool sawKwargs = false;
  for (const auto &[name, value] : args) {
    int64_t v = 0;
    if (name == "kwargs") {
      sawKwargs = true;
      if (!readBindings(value, config))
        return false;
    } else if (name == "num_warps") {
      if (!readSmallInt(name, value, v))
        return false;
      if (checkNumWarps(v))
        return error(value->getLoc(), "'num_warps' must be a power of two "
                                      "from 1 to " +
                                          Twine(kMaxNumWarps) + ", got " +
                                          Twine(v));
      config.numWarps = static_cast<int>(v);
    } else if (name == "num_stages") {
      if (!readSmallInt(name, value, v))
        return false;
      if (checkNumStages(v))
        return error(value->getLoc(), "'num_stages' must be from 1 to " +
                                          Twine(kMaxNumStages) + ", got " +
                                          Twine(v));
      config.numStages = static_cast<int>(v);
    } else if (name == "num_ctas") {
      if (!readSmallInt(name, value, v))
        return false;
      if (v != 1)
        return error(value->getLoc(),
                     "'num_ctas' other than 1 (thread block clusters) is not "
                     "supported by tilec");
    } else if (!isDefault(name, value)) {
      return error(value->getLoc(), "'triton.Config' argument '" + name +
                                        "' is not supported by tilec");
    }
  }
  if (!sawKwargs)
    return error(call->getLoc(), "'triton.Config' needs its constexpr "
                                 "bindings: triton.Config({'BLOCK': 128}, "
                                 "...)");
  return true;
}

bool Reader::readBindings(const Expr *e, AutotuneConfig &config) {
  const auto *dict = dyn_cast<DictExpr>(e);
  if (!dict)
    return error(e->getLoc(), "the constexpr bindings of 'triton.Config' "
                              "must be a dict display, e.g. {'BLOCK': 128}");
  llvm::StringSet<> seen;
  for (auto [k, v] : llvm::zip(dict->keys, dict->values)) {
    const auto *key = dyn_cast<StrLitExpr>(k.get());
    if (!key)
      return error(k->getLoc(), "'triton.Config' binds parameters by name: "
                                "the keys must be strings");
    const std::string &name = key->value;
    const Param *param = nullptr;
    for (const Param &p : kernel.params)
      if (p.name == name)
        param = &p;
    if (!param)
      return error(key->getLoc(), "autotune config binds '" + name +
                                      "', which is not a parameter of "
                                      "kernel '" +
                                      kernel.name + "'");
    if (!isConstexprAnnotation(param->annotation.get()))
      return error(key->getLoc(), "autotune config binds '" + name +
                                      "', which is not a tl.constexpr "
                                      "parameter of kernel '" +
                                      kernel.name + "'");
    if (!seen.insert(name).second)
      return error(key->getLoc(), "autotune config binds '" + name + "' twice");

    // The value as `-D NAME=VALUE` takes it.
    const Expr *value = v.get();
    std::string sign;
    if (const auto *neg = dyn_cast<UnaryOpExpr>(value);
        neg && neg->op == UnaryOpKind::Neg &&
        isa<IntLitExpr, FloatLitExpr>(neg->operand.get())) {
      sign = "-";
      value = neg->operand.get();
    }
    std::string text;
    if (const auto *i = dyn_cast<IntLitExpr>(value)) {
      text = sign + std::to_string(i->value);
    } else if (const auto *f = dyn_cast<FloatLitExpr>(value)) {
      char buf[64];
      std::snprintf(buf, sizeof(buf), "%.17g", f->value);
      text = sign + buf;
      // Keep it a float when it prints as a whole number.
      if (StringRef(text).find_first_of(".eni") == StringRef::npos)
        text += ".0";
    } else if (const auto *b = dyn_cast<BoolLitExpr>(value)) {
      text = b->value ? "True" : "False";
    } else if (std::string r = resolve(value);
               sign.empty() && StringRef(r).starts_with("triton.language.") &&
               !StringRef(r).drop_front(16).contains('.')) {
      text = "tl." + r.substr(16);
    } else {
      return error(v->getLoc(), "autotune config value of '" + name +
                                    "' must be an integer, float, bool or "
                                    "dtype literal");
    }
    config.constexprs.emplace_back(name, std::move(text));
  }
  return true;
}

bool Reader::readSmallInt(StringRef param, const Expr *e, int64_t &out) {
  const auto *i = dyn_cast<IntLitExpr>(e);
  if (!i || i->isUnsignedOnly || i->value > 1024)
    return error(e->getLoc(), "'triton.Config' argument '" + param +
                                  "' must be a small integer literal");
  out = static_cast<int64_t>(i->value);
  return true;
}

} // namespace

bool tilec::frontend::readAutotuneSpec(const Module &module,
                                       const FunctionDef &kernel,
                                       DiagnosticSink &diag,
                                       std::optional<AutotuneSpec> &spec) {
  return Reader(module, kernel, diag).read(spec);
}
