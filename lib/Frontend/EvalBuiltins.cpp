//===- EvalBuiltins.cpp - Builtins, triton, torch and os for the evaluator -*- C++ -*-===//
//
// See Evaluator.h. The Python builtins module-level code uses (range, len,
// min, max, int, str, zip, enumerate, sorted, ...), the methods of str,
// list and dict, and the names of triton, torch, os and math whose values
// tilec knows at compile time: `triton.cdiv`, `triton.next_power_of_2`,
// `triton.Config`, `triton.__version__` (3.6.0, the Triton tilec
// implements), the target queries answered from `--arch`
// (`torch.cuda.get_device_capability()`, `triton.runtime.driver.active.
// get_current_target()`, and `torch.cuda.get_device_properties()` and
// `get_device_name()` from the target's reference card, GpuArch in
// tilec/Target.h), the CUDA device values they take (`torch.device("cuda")`,
// `torch.cuda.current_device()`, `triton.runtime.driver.active.
// get_active_torch_device()`), `torch.are_deterministic_algorithms_enabled()`
// (False, torch's default), and `os.environ.get` / `os.getenv`, read when the
// kernel is compiled. Any other name of those modules is an external value,
// unknown wherever its value is needed.
//
//===----------------------------------------------------------------------===//

#include "Frontend/EvaluatorImpl.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringSwitch.h"

#include <algorithm>
#include <cmath>
#include <cstdlib>

using namespace tilec::frontend;
using llvm::StringRef;
using llvm::Twine;

/// The Triton version tilec implements, as `triton.__version__`.
static constexpr const char *kTritonVersion = "3.6.0";

static bool isBuiltinFunction(StringRef n) {
  return llvm::StringSwitch<bool>(n)
      .Cases({"range", "len", "min", "max", "int", "float", "str", "bool",
              "abs", "zip", "enumerate", "sorted", "reversed", "list",
              "tuple", "dict", "set", "sum", "any", "all", "isinstance",
              "round", "pow", "divmod", "print", "getattr", "map", "filter",
              "frozenset", "hasattr", "callable", "repr", "format"},
             true)
      .Default(false);
}

static bool isExceptionName(StringRef n) {
  return llvm::StringSwitch<bool>(n)
      .Cases({"ImportError", "ModuleNotFoundError", "Exception",
              "BaseException", "AttributeError", "RuntimeError",
              "ValueError", "TypeError", "KeyError", "NotImplementedError",
              "AssertionError", "OSError"},
             true)
      .Default(false);
}

std::optional<PyValue> Evaluator::lookupBuiltinName(StringRef name) {
  if (isBuiltinFunction(name) || isExceptionName(name))
    return PyValue::builtin(name.str());
  return std::nullopt;
}

std::optional<std::string> Evaluator::getEnv(StringRef name) {
  std::optional<std::string> v;
  if (const char *s = std::getenv(name.str().c_str()))
    v = s;
  env[name.str()] = v;
  return v;
}

/// The canonical name of `path` when tilec evaluates it, else "".
static std::string knownBuiltin(StringRef path) {
  return llvm::StringSwitch<std::string>(path)
      .Cases({"triton.cdiv", "triton.language.cdiv"}, "triton.cdiv")
      .Cases({"triton.next_power_of_2"}, "triton.next_power_of_2")
      .Cases({"triton.Config", "triton.runtime.Config",
              "triton.runtime.autotuner.Config", "tilec.Config"},
             "triton.Config")
      .Cases({"triton.jit", "triton.runtime.jit", "triton.runtime.jit.jit",
              "tilec.jit", "triton.language.jit"},
             "triton.jit")
      .Cases({"triton.autotune", "triton.runtime.autotune",
              "triton.runtime.autotuner.autotune", "tilec.autotune"},
             "triton.autotune")
      .Cases({"triton.heuristics", "triton.runtime.heuristics",
              "triton.runtime.autotuner.heuristics"},
             "triton.heuristics")
      .Cases({"triton.language.constexpr", "tilec.language.constexpr"},
             "tl.constexpr")
      .Case("torch.cuda.get_device_capability",
            "torch.cuda.get_device_capability")
      .Case("torch.cuda.is_available", "torch.cuda.is_available")
      .Case("torch.are_deterministic_algorithms_enabled",
            "torch.are_deterministic_algorithms_enabled")
      .Case("torch.cuda.get_device_properties",
            "torch.cuda.get_device_properties")
      .Case("torch.cuda.get_device_name", "torch.cuda.get_device_name")
      .Case("torch.cuda.current_device", "torch.cuda.current_device")
      .Case("torch.device", "torch.device")
      .Case("triton.runtime.driver.active.get_active_torch_device",
            "triton.get_active_torch_device")
      .Case("triton.runtime.driver.active.get_current_target",
            "triton.get_current_target")
      .Cases({"os.environ.get", "os.getenv"}, "os.getenv")
      .Cases({"functools.lru_cache", "functools.cache"}, path.str())
      .Cases({"math.ceil", "math.floor", "math.log2", "math.sqrt", "math.log",
              "math.gcd", "math.prod", "math.isqrt"},
             path.str())
      .Default("");
}

PyValue Evaluator::builtinAttr(const PyValue &base, StringRef attr,
                               SourceLoc loc, Frame &frame) {
  auto unknown = [&](const Twine &what) {
    return PyValue::unknown(what.str(), loc, frame.filename());
  };
  switch (base.kind) {
  case PyValue::Kind::External: {
    std::string path = base.s + "." + attr.str();
    if (path == "triton.__version__")
      return PyValue::str(kTritonVersion);
    if (path == "torch.version.hip")
      return PyValue::none();
    if (path == "math.inf")
      return PyValue::floating(INFINITY);
    if (path == "math.pi")
      return PyValue::floating(M_PI);
    std::string known = knownBuiltin(path);
    if (known.empty())
      known = stdlibBuiltin(path);
    if (!known.empty())
      return PyValue::builtin(known);
    return PyValue::external(path);
  }
  case PyValue::Kind::Builtin:
    return PyValue::external(base.s + "." + attr.str());
  case PyValue::Kind::Object: {
    if (const PyValue *v = base.attr(attr))
      return *v;
    if (base.s == "Config" && attr == "all_kwargs")
      return PyValue::object("method", {{"self", base},
                                        {"name", PyValue::str(attr.str())}});
    if (base.s == "_CudaDeviceProperties") {
      std::string known;
      for (const auto &[n, v] : *base.attrs)
        known += (known.empty() ? "" : ", ") + n;
      return unknown("the attribute '" + attr +
                     "' of torch.cuda.get_device_properties(), which tilec "
                     "does not know for the target (it knows " +
                     known + ")");
    }
    return unknown("the attribute '" + attr + "' of " + repr(base));
  }
  case PyValue::Kind::Str:
  case PyValue::Kind::List:
  case PyValue::Kind::Tuple:
  case PyValue::Kind::Dict:
    return PyValue::object("method",
                           {{"self", base}, {"name", PyValue::str(attr.str())}});
  case PyValue::Kind::Function:
    if (attr == "__name__")
      return PyValue::str(base.fn->name);
    if (attr == "fn" && base.jit)
      return PyValue::function(base.fn, base.fnModule, false);
    return unknown("the attribute '" + attr + "' of the function '" +
                   base.fn->name + "'");
  default:
    return unknown("the attribute '" + attr + "' of " + repr(base));
  }
}

static bool asInt(const PyValue &v, int64_t &out) {
  if (!(v.is(PyValue::Kind::Int) || v.is(PyValue::Kind::Bool)) ||
      !pyint::fitsInt64(v.i))
    return false;
  out = v.i.getSExtValue();
  return true;
}

static const PyValue *kwarg(const PyAttrs &kwargs, StringRef name) {
  for (const auto &[n, v] : kwargs)
    if (n == name)
      return &v;
  return nullptr;
}

PyValue Evaluator::callBuiltin(StringRef name, PyList &args, PyAttrs &kwargs,
                               SourceLoc loc, Frame &frame) {
  const Module &m = *frame.module->module;
  auto unknown = [&](const Twine &what) {
    return PyValue::unknown(what.str(), loc, frame.filename());
  };
  auto bad = [&]() {
    std::string shown;
    for (size_t k = 0; k < args.size(); ++k)
      shown += (k ? ", " : "") + repr(args[k]);
    return unknown("'" + name + "(" + shown + ")'");
  };
  for (const PyValue &a : args)
    if (a.isUnknown())
      return a;
  // A config's pre_hook is kept whatever it is: AutotuneSpec.cpp refuses
  // it by name.
  for (const auto &kv : kwargs)
    if (kv.second.isUnknown() &&
        !(name == "triton.Config" && kv.first == "pre_hook"))
      return kv.second;
  if (std::optional<PyValue> r = callStdlib(name, args, kwargs, loc, frame))
    return *r;
  std::string why;

  if (name == "print")
    return PyValue::none();
  if (name == "len") {
    if (args.size() != 1)
      return bad();
    const PyValue &x = args[0];
    if (x.is(PyValue::Kind::Str))
      return PyValue::integer(int64_t(x.s.size()));
    if (x.isSequence())
      return PyValue::integer(int64_t(x.elts->size()));
    if (x.is(PyValue::Kind::Dict))
      return PyValue::integer(int64_t(x.items->size()));
    return bad();
  }
  if (name == "range") {
    int64_t lo = 0, hi = 0, st = 1;
    if (args.empty() || args.size() > 3)
      return bad();
    bool ok = args.size() == 1 ? asInt(args[0], hi)
                               : asInt(args[0], lo) && asInt(args[1], hi);
    if (args.size() == 3)
      ok &= asInt(args[2], st);
    if (!ok || st == 0)
      return bad();
    PyList out;
    for (int64_t k = lo; st > 0 ? k < hi : k > hi; k += st) {
      if (out.size() > 1000000)
        return unknown("a range of more than a million values");
      out.push_back(PyValue::integer(k));
    }
    return PyValue::list(std::move(out));
  }
  if (name == "int" || name == "float" || name == "bool" || name == "str") {
    if (args.empty())
      return name == "str"    ? PyValue::str("")
             : name == "bool" ? PyValue::boolean(false)
             : name == "int"  ? PyValue::integer(int64_t(0))
                              : PyValue::floating(0);
    const PyValue &x = args[0];
    if (name == "bool") {
      std::optional<bool> t = truth(x);
      return t ? PyValue::boolean(*t) : bad();
    }
    if (name == "str")
      return x.is(PyValue::Kind::Str) ? x : PyValue::str(repr(x));
    if (name == "int") {
      if (x.is(PyValue::Kind::Int) || x.is(PyValue::Kind::Bool))
        return PyValue::integer(x.i);
      if (x.is(PyValue::Kind::Float)) {
        std::optional<llvm::APInt> r = pyint::fromDouble(x.f, why);
        return r ? PyValue::integer(*r) : unknown(why);
      }
      int64_t v;
      if (x.is(PyValue::Kind::Str) && !StringRef(x.s).trim().getAsInteger(10, v))
        return PyValue::integer(v);
      return bad();
    }
    if (x.is(PyValue::Kind::Float))
      return x;
    if (x.isNumber()) {
      std::optional<double> d = pyint::toDouble(x.i, why);
      return d ? PyValue::floating(*d) : unknown(why);
    }
    if (x.is(PyValue::Kind::Str)) {
      StringRef t = StringRef(x.s).trim();
      if (t == "inf" || t == "+inf")
        return PyValue::floating(INFINITY);
      if (t == "-inf")
        return PyValue::floating(-INFINITY);
      double d;
      if (!t.getAsDouble(d))
        return PyValue::floating(d);
    }
    return bad();
  }
  if (name == "abs") {
    if (args.size() != 1 || !args[0].isNumber())
      return bad();
    if (args[0].is(PyValue::Kind::Float))
      return PyValue::floating(std::fabs(args[0].f));
    return PyValue::integer(pyint::abs(args[0].i));
  }
  if (name == "min" || name == "max" || name == "sorted" || name == "sum" ||
      name == "any" || name == "all" || name == "list" || name == "tuple" ||
      name == "set" || name == "frozenset" || name == "reversed" ||
      name == "enumerate") {
    PyList items;
    if ((name == "min" || name == "max") && args.size() > 1) {
      items = args;
    } else if (args.empty() && (name == "list" || name == "tuple" ||
                                name == "set" || name == "frozenset")) {
    } else {
      if (args.empty())
        return bad();
      std::optional<PyList> it = iterate(args[0], why);
      if (!it)
        return unknown(why);
      items = std::move(*it);
    }
    if (name == "list")
      return PyValue::list(std::move(items));
    if (name == "tuple")
      return PyValue::tuple(std::move(items));
    if (name == "set" || name == "frozenset") {
      PyList out;
      for (const PyValue &x : items)
        if (llvm::none_of(out, [&](const PyValue &y) { return equal(x, y); }))
          out.push_back(x);
      return PyValue::list(std::move(out));
    }
    if (name == "reversed")
      return PyValue::list(PyList(items.rbegin(), items.rend()));
    if (name == "enumerate") {
      int64_t start = 0;
      if (args.size() > 1 && !asInt(args[1], start))
        return bad();
      if (const PyValue *s = kwarg(kwargs, "start"); s && !asInt(*s, start))
        return bad();
      PyList out;
      for (const PyValue &x : items)
        out.push_back(PyValue::tuple({PyValue::integer(start++), x}));
      return PyValue::list(std::move(out));
    }
    if (name == "any" || name == "all") {
      for (const PyValue &x : items) {
        std::optional<bool> t = truth(x);
        if (!t)
          return x.isUnknown() ? x : bad();
        if (*t == (name == "any"))
          return PyValue::boolean(*t);
      }
      return PyValue::boolean(name == "all");
    }
    if (name == "sum") {
      PyValue acc = args.size() > 1 ? args[1] : PyValue::integer(int64_t(0));
      BinOpExpr op(loc, BinaryOpKind::Add,
                   std::make_unique<NameExpr>(loc, "a"),
                   std::make_unique<NameExpr>(loc, "b"));
      llvm::StringMap<PyValue> locals;
      Frame scratch;
      scratch.module = frame.module;
      scratch.locals = &locals;
      for (const PyValue &x : items) {
        locals["a"] = acc;
        locals["b"] = x;
        acc = eval(&op, scratch);
        if (acc.isUnknown())
          return acc;
      }
      return acc;
    }
    // min, max, sorted: with an optional key function.
    const PyValue *key = kwarg(kwargs, "key");
    std::vector<PyValue> keys;
    for (const PyValue &x : items) {
      keys.push_back(key && !key->is(PyValue::Kind::None)
                         ? call(*key, {x}, {}, loc, m)
                         : x);
      if (keys.back().isUnknown())
        return keys.back();
    }
    std::vector<size_t> order(items.size());
    for (size_t k = 0; k < order.size(); ++k)
      order[k] = k;
    bool incomparable = false;
    std::stable_sort(order.begin(), order.end(), [&](size_t a, size_t b) {
      std::optional<int> c = compare(keys[a], keys[b]);
      incomparable |= !c;
      return c && *c < 0;
    });
    if (incomparable)
      return unknown("an ordering of " + repr(PyValue::list(keys)));
    if (name == "sorted") {
      const PyValue *rev = kwarg(kwargs, "reverse");
      std::optional<bool> r = rev ? truth(*rev) : false;
      if (r && *r) {
        // reverse=True keeps equal elements in order, as Python's sort.
        std::stable_sort(order.begin(), order.end(), [&](size_t a, size_t b) {
          std::optional<int> c = compare(keys[a], keys[b]);
          return c && *c > 0;
        });
      }
      PyList out;
      for (size_t k : order)
        out.push_back(items[k]);
      return PyValue::list(std::move(out));
    }
    if (items.empty()) {
      if (const PyValue *d = kwarg(kwargs, "default"))
        return *d;
      return unknown("'" + name + "' of an empty sequence");
    }
    // The first of the smallest (min) or of the largest (max).
    size_t best = order.front();
    if (name == "max") {
      best = order.back();
      for (size_t k : order)
        if (compare(keys[k], keys[best]) == 0) {
          best = k;
          break;
        }
    }
    return items[best];
  }
  if (name == "zip") {
    std::vector<PyList> lists;
    for (const PyValue &a : args) {
      std::optional<PyList> it = iterate(a, why);
      if (!it)
        return unknown(why);
      lists.push_back(std::move(*it));
    }
    PyList out;
    size_t n = lists.empty() ? 0 : SIZE_MAX;
    for (const PyList &l : lists)
      n = std::min(n, l.size());
    for (size_t k = 0; k < n; ++k) {
      PyList t;
      for (const PyList &l : lists)
        t.push_back(l[k]);
      out.push_back(PyValue::tuple(std::move(t)));
    }
    return PyValue::list(std::move(out));
  }
  if (name == "map" || name == "filter") {
    if (args.size() != 2)
      return bad();
    std::optional<PyList> it = iterate(args[1], why);
    if (!it)
      return unknown(why);
    PyList out;
    for (const PyValue &x : *it) {
      PyValue r = args[0].is(PyValue::Kind::None) ? x
                                                  : call(args[0], {x}, {}, loc, m);
      if (r.isUnknown())
        return r;
      if (name == "map") {
        out.push_back(r);
        continue;
      }
      std::optional<bool> t = truth(r);
      if (!t)
        return bad();
      if (*t)
        out.push_back(x);
    }
    return PyValue::list(std::move(out));
  }
  if (name == "dict") {
    PyValue out = PyValue::dict();
    if (!args.empty()) {
      if (args[0].is(PyValue::Kind::Dict)) {
        *out.items = *args[0].items;
      } else {
        std::optional<PyList> it = iterate(args[0], why);
        if (!it)
          return unknown(why);
        for (const PyValue &kv : *it) {
          if (!kv.isSequence() || kv.elts->size() != 2)
            return bad();
          out.items->push_back({(*kv.elts)[0], (*kv.elts)[1]});
        }
      }
    }
    for (const auto &[k, v] : kwargs)
      out.items->push_back({PyValue::str(k), v});
    return out;
  }
  if (name == "isinstance") {
    if (args.size() != 2)
      return bad();
    PyList types = args[1].is(PyValue::Kind::Tuple) ? *args[1].elts
                                                    : PyList{args[1]};
    const PyValue &x = args[0];
    for (const PyValue &t : types) {
      if (!t.is(PyValue::Kind::Builtin))
        return bad();
      bool match = llvm::StringSwitch<bool>(t.s)
                       .Case("int", x.is(PyValue::Kind::Int) ||
                                        x.is(PyValue::Kind::Bool))
                       .Case("bool", x.is(PyValue::Kind::Bool))
                       .Case("float", x.is(PyValue::Kind::Float))
                       .Case("str", x.is(PyValue::Kind::Str))
                       .Case("list", x.is(PyValue::Kind::List))
                       .Case("tuple", x.is(PyValue::Kind::Tuple))
                       .Case("dict", x.is(PyValue::Kind::Dict))
                       .Default(false);
      if (match)
        return PyValue::boolean(true);
    }
    return PyValue::boolean(false);
  }
  if (name == "round") {
    if (args.empty() || !args[0].isNumber())
      return bad();
    if (!args[0].is(PyValue::Kind::Float))
      return PyValue::integer(args[0].i);
    double d = std::nearbyint(args[0].f); // ties to even, as Python
    if (args.size() > 1)
      return bad();
    std::optional<llvm::APInt> r = pyint::fromDouble(d, why);
    return r ? PyValue::integer(*r) : unknown(why);
  }
  if (name == "getattr") {
    if (args.size() < 2 || !args[1].is(PyValue::Kind::Str))
      return bad();
    PyValue v = args[0].is(PyValue::Kind::Module)
                    ? moduleAttr(args[0], args[1].s, loc, frame)
                    : builtinAttr(args[0], args[1].s, loc, frame);
    if (v.isUnknown() && args.size() > 2 &&
        !args[0].is(PyValue::Kind::External))
      return args[2];
    return v;
  }
  if (name == "triton.cdiv" || name == "triton.next_power_of_2") {
    int64_t a, b = 1;
    if (args.size() != (name == "triton.cdiv" ? 2u : 1u) ||
        !asInt(args[0], a) || (args.size() == 2 && !asInt(args[1], b)) ||
        b == 0)
      return bad();
    if (name == "triton.cdiv") {
      // (a + b - 1) // b, rounding toward minus infinity as Python.
      int64_t n = a + b - 1, q = n / b;
      if (n % b != 0 && ((n < 0) != (b < 0)))
        --q;
      return PyValue::integer(q);
    }
    int64_t p = 1;
    while (p < a)
      p <<= 1;
    return PyValue::integer(p);
  }
  if (name == "triton.Config") {
    static const char *const params[] = {"kwargs",   "num_warps", "num_stages",
                                         "num_ctas", "maxnreg",   "pre_hook"};
    PyAttrs attrs = {{"kwargs", PyValue::dict()},
                     {"num_warps", PyValue::integer(int64_t(4))},
                     {"num_stages", PyValue::integer(int64_t(3))},
                     {"num_ctas", PyValue::integer(int64_t(1))},
                     {"maxnreg", PyValue::none()},
                     {"pre_hook", PyValue::none()}};
    // "\x01": the message is complete (AutotuneSpec.cpp prints it as is).
    if (args.size() > 6)
      return unknown("\x01'triton.Config' takes at most 6 arguments");
    for (size_t k = 0; k < args.size(); ++k)
      attrs[k].second = args[k];
    bool sawKwargs = !args.empty();
    for (const auto &[n, v] : kwargs) {
      auto it = llvm::find_if(params, [&](const char *p) { return n == p; });
      if (it == std::end(params))
        return unknown("\x01'triton.Config' has no argument '" + n + "'");
      attrs[it - std::begin(params)].second = v;
      sawKwargs |= n == "kwargs";
    }
    if (!sawKwargs)
      return unknown("\x01'triton.Config' needs its constexpr bindings: "
                     "triton.Config({'BLOCK': 128}, ...)");
    if (!attrs[0].second.is(PyValue::Kind::Dict))
      return unknown("\x01the constexpr bindings of 'triton.Config' must be "
                     "a dict, got " +
                     repr(attrs[0].second));
    PyValue config = PyValue::object("Config", std::move(attrs));
    config.loc = loc;
    config.where = frame.filename();
    return config;
  }
  if (name == "tl.constexpr") {
    if (args.size() != 1)
      return bad();
    PyValue v = args[0];
    v.constexprMarked = true;
    return v;
  }
  if (name == "torch.cuda.get_device_capability")
    return PyValue::tuple({PyValue::integer(int64_t(options.ccMajor)),
                           PyValue::integer(int64_t(options.ccMinor))});
  if (name == "torch.cuda.is_available")
    return PyValue::boolean(true);
  // torch's default: deterministic algorithms are a switch the program may
  // turn on at run time (torch.use_deterministic_algorithms), which tilec
  // cannot see; mamba picks its autotune configs by it.
  if (name == "torch.are_deterministic_algorithms_enabled")
    return PyValue::boolean(false);
  if (name == "torch.cuda.current_device")
    return PyValue::integer(int64_t(0));
  if (name == "torch.device" ||
      name == "triton.get_active_torch_device") {
    // torch.device("cuda"), ("cuda:1"), ("cuda", 1), (1); Triton's active
    // device is cuda:0 (tilec compiles for one target).
    PyValue type = PyValue::str("cuda");
    PyValue index = PyValue::integer(int64_t(0));
    if (name == "torch.device") {
      const PyValue *t = args.empty() ? kwarg(kwargs, "type") : &args[0];
      const PyValue *i = args.size() > 1 ? &args[1] : kwarg(kwargs, "index");
      if (!t || args.size() > 2)
        return bad();
      index = PyValue::none();
      if (t->is(PyValue::Kind::Int)) {
        index = *t;
      } else if (t->is(PyValue::Kind::Str)) {
        auto [ty, idx] = StringRef(t->s).split(':');
        int64_t n = 0;
        type = PyValue::str(ty.str());
        if (!idx.empty()) {
          if (i || idx.getAsInteger(10, n) || n < 0)
            return bad();
          index = PyValue::integer(n);
        }
      } else {
        return bad();
      }
      if (i) {
        if (!i->is(PyValue::Kind::Int))
          return bad();
        index = *i;
      }
    }
    return PyValue::object("device", {{"type", type}, {"index", index}});
  }
  if (name == "torch.cuda.get_device_properties" ||
      name == "torch.cuda.get_device_name") {
    // The argument names a CUDA device: none (the current one), an index,
    // "cuda" / "cuda:N", or a torch.device of type cuda. Every device is the
    // target's reference card.
    const PyValue *d = args.empty() ? kwarg(kwargs, "device") : &args[0];
    if (args.size() + kwargs.size() > 1 || (!kwargs.empty() && !d))
      return bad();
    bool cuda = !d || d->is(PyValue::Kind::None) ||
                (d->is(PyValue::Kind::Int) && !d->i.isNegative());
    if (d && d->is(PyValue::Kind::Str)) {
      auto [ty, idx] = StringRef(d->s).split(':');
      int64_t n = 0;
      cuda = ty == "cuda" && (idx.empty() || !idx.getAsInteger(10, n));
    }
    if (d && d->is(PyValue::Kind::Object) && d->s == "device")
      cuda = d->attr("type")->is(PyValue::Kind::Str) &&
             d->attr("type")->s == "cuda";
    if (!cuda)
      return unknown("'" + name + "(" + repr(*d) +
                     ")', which names no CUDA device");
    const EvalOptions::Device &dev = options.device;
    if (dev.name.empty())
      return unknown("'" + name + "()' (the target has no reference card)");
    if (name == "torch.cuda.get_device_name")
      return PyValue::str(dev.name);
    auto num = [](int64_t v) { return PyValue::integer(v); };
    return PyValue::object(
        "_CudaDeviceProperties",
        {{"name", PyValue::str(dev.name)},
         {"major", num(options.ccMajor)},
         {"minor", num(options.ccMinor)},
         {"multi_processor_count", num(dev.multiProcessorCount)},
         {"total_memory", num(dev.totalMemory)},
         {"L2_cache_size", num(dev.l2CacheSize)},
         {"warp_size", num(32)},
         {"max_threads_per_multi_processor",
          num(dev.maxThreadsPerMultiProcessor)},
         {"regs_per_multiprocessor", num(65536)},
         {"shared_memory_per_multiprocessor",
          num(dev.sharedMemoryPerMultiprocessor)},
         {"is_integrated", PyValue::boolean(false)},
         {"is_multi_gpu_board", PyValue::boolean(false)}});
  }
  if (name == "triton.get_current_target")
    return PyValue::object(
        "GPUTarget",
        {{"backend", PyValue::str("cuda")},
         {"arch", PyValue::integer(int64_t(options.ccMajor * 10 +
                                           options.ccMinor))},
         {"warp_size", PyValue::integer(int64_t(32))}});
  if (name == "os.getenv") {
    if (args.empty() || !args[0].is(PyValue::Kind::Str))
      return bad();
    std::optional<std::string> v = getEnv(args[0].s);
    if (v)
      return PyValue::str(*v);
    if (args.size() > 1)
      return args[1];
    if (const PyValue *d = kwarg(kwargs, "default"))
      return *d;
    return PyValue::none();
  }
  if (StringRef(name).starts_with("math.")) {
    if (args.empty() || !args[0].isNumber())
      return bad();
    std::optional<double> x = args[0].is(PyValue::Kind::Float)
                                  ? std::optional<double>(args[0].f)
                                  : pyint::toDouble(args[0].i, why);
    if (!x)
      return bad();
    auto toInt = [&](double d) {
      std::optional<llvm::APInt> r = pyint::fromDouble(d, why);
      return r ? PyValue::integer(*r) : unknown(why);
    };
    if (name == "math.ceil")
      return toInt(std::ceil(*x));
    if (name == "math.floor")
      return toInt(std::floor(*x));
    if (name == "math.log2")
      return PyValue::floating(std::log2(*x));
    if (name == "math.log")
      return PyValue::floating(std::log(*x));
    if (name == "math.sqrt")
      return PyValue::floating(std::sqrt(*x));
    if (name == "math.isqrt" && *x >= 0)
      return toInt(std::floor(std::sqrt(*x)));
    return bad();
  }
  return bad();
}

PyValue Evaluator::callMethod(const PyValue &self, StringRef method,
                              PyList &args, PyAttrs &kwargs, SourceLoc loc,
                              Frame &frame) {
  auto unknown = [&](const Twine &what) {
    return PyValue::unknown(what.str(), loc, frame.filename());
  };
  for (const PyValue &a : args)
    if (a.isUnknown())
      return a;
  std::string why;
  auto bad = [&] { return unknown("the method '" + method + "' of " + repr(self)); };
  if (self.is(PyValue::Kind::Str)) {
    StringRef s = self.s;
    auto strArg = [&](size_t k) -> const std::string * {
      return k < args.size() && args[k].is(PyValue::Kind::Str) ? &args[k].s
                                                               : nullptr;
    };
    if (method == "upper")
      return PyValue::str(s.upper());
    if (method == "lower")
      return PyValue::str(s.lower());
    if (method == "strip")
      return PyValue::str(s.trim().str());
    if (method == "startswith" && strArg(0))
      return PyValue::boolean(s.starts_with(*strArg(0)));
    if (method == "endswith" && strArg(0))
      return PyValue::boolean(s.ends_with(*strArg(0)));
    if (method == "replace" && strArg(0) && strArg(1)) {
      std::string out;
      StringRef rest = s;
      while (!strArg(0)->empty()) {
        size_t at = rest.find(*strArg(0));
        if (at == StringRef::npos)
          break;
        out += rest.take_front(at).str() + *strArg(1);
        rest = rest.drop_front(at + strArg(0)->size());
      }
      return PyValue::str(out + rest.str());
    }
    if (method == "split") {
      llvm::SmallVector<StringRef> parts;
      if (strArg(0))
        s.split(parts, *strArg(0));
      else
        llvm::SplitString(s, parts);
      PyList out;
      for (StringRef p : parts)
        out.push_back(PyValue::str(p.str()));
      return PyValue::list(std::move(out));
    }
    if (method == "join" && args.size() == 1) {
      std::optional<PyList> items = iterate(args[0], why);
      if (!items)
        return unknown(why);
      std::string out;
      for (size_t k = 0; k < items->size(); ++k) {
        if (!(*items)[k].is(PyValue::Kind::Str))
          return bad();
        out += (k ? s.str() : "") + (*items)[k].s;
      }
      return PyValue::str(out);
    }
    if (method == "format") {
      std::string out;
      size_t next = 0;
      for (size_t k = 0; k < s.size(); ++k) {
        if (s[k] != '{') {
          out += s[k];
          continue;
        }
        if (k + 1 < s.size() && s[k + 1] == '{') {
          out += '{';
          ++k;
          continue;
        }
        size_t close = s.find('}', k);
        if (close == StringRef::npos)
          return bad();
        StringRef field = s.slice(k + 1, close);
        const PyValue *v = nullptr;
        unsigned idx;
        if (field.empty())
          v = next < args.size() ? &args[next++] : nullptr;
        else if (!field.getAsInteger(10, idx))
          v = idx < args.size() ? &args[idx] : nullptr;
        else
          v = kwarg(kwargs, field);
        if (!v)
          return bad();
        out += v->is(PyValue::Kind::Str) ? v->s : repr(*v);
        k = close;
      }
      return PyValue::str(out);
    }
    return bad();
  }
  if (self.isSequence()) {
    PyList &elts = *self.elts;
    if (method == "index" || method == "count") {
      if (args.size() != 1)
        return bad();
      int64_t count = 0;
      for (size_t k = 0; k < elts.size(); ++k)
        if (equal(elts[k], args[0])) {
          if (method == "index")
            return PyValue::integer(int64_t(k));
          ++count;
        }
      return method == "count" ? PyValue::integer(count)
                               : unknown("a value not in the list");
    }
    if (!self.is(PyValue::Kind::List))
      return bad();
    if (method == "append" && args.size() == 1) {
      elts.push_back(args[0]);
      return PyValue::none();
    }
    if (method == "extend" && args.size() == 1) {
      std::optional<PyList> items = iterate(args[0], why);
      if (!items)
        return unknown(why);
      elts.insert(elts.end(), items->begin(), items->end());
      return PyValue::none();
    }
    if (method == "insert" && args.size() == 2) {
      int64_t at;
      if (!asInt(args[0], at))
        return bad();
      at = std::clamp<int64_t>(at < 0 ? at + elts.size() : at, 0, elts.size());
      elts.insert(elts.begin() + at, args[1]);
      return PyValue::none();
    }
    if (method == "copy")
      return PyValue::list(elts);
    if (method == "pop" && !elts.empty() && args.empty()) {
      PyValue v = elts.back();
      elts.pop_back();
      return v;
    }
    return bad();
  }
  if (self.is(PyValue::Kind::Dict)) {
    PyItems &items = *self.items;
    if (method == "get" && !args.empty()) {
      for (const auto &[k, v] : items)
        if (equal(k, args[0]))
          return v;
      return args.size() > 1 ? args[1] : PyValue::none();
    }
    if (method == "items" || method == "keys" || method == "values") {
      PyList out;
      for (const auto &[k, v] : items)
        out.push_back(method == "items"  ? PyValue::tuple({k, v})
                      : method == "keys" ? k
                                         : v);
      return PyValue::list(std::move(out));
    }
    if (method == "copy")
      return PyValue::dict(items);
    if (method == "update" || method == "setdefault") {
      PyItems add;
      if (method == "setdefault") {
        if (args.empty())
          return bad();
        for (const auto &[k, v] : items)
          if (equal(k, args[0]))
            return v;
        add.push_back({args[0], args.size() > 1 ? args[1] : PyValue::none()});
      } else {
        if (!args.empty() && args[0].is(PyValue::Kind::Dict))
          add = *args[0].items;
        else if (!args.empty())
          return bad();
        for (const auto &[k, v] : kwargs)
          add.push_back({PyValue::str(k), v});
      }
      for (const auto &kv : add) {
        bool replaced = false;
        for (auto &old : items)
          if (equal(old.first, kv.first)) {
            old.second = kv.second;
            replaced = true;
          }
        if (!replaced)
          items.push_back(kv);
      }
      return method == "setdefault" ? add.front().second : PyValue::none();
    }
    return bad();
  }
  if (self.is(PyValue::Kind::Object) && self.s == "Config" &&
      method == "all_kwargs") {
    PyValue out = PyValue::dict(*self.attr("kwargs")->items);
    for (const char *n : {"num_warps", "num_stages", "num_ctas", "maxnreg"})
      if (!self.attr(n)->is(PyValue::Kind::None))
        out.items->push_back({PyValue::str(n), *self.attr(n)});
    return out;
  }
  return bad();
}
