//===- EvalStdlib.cpp - Library functions of module-level Python -*- C++ -*-===//
//
// See Evaluator.h. The functions of Python's library and of packaging that
// the code around kernels calls to decide which Triton it runs on:
// `packaging.version.Version` / `parse` (and unsloth_zoo's `Version`, which
// is packaging's on the release prefix) with their comparisons, the
// `operator` module's comparisons, `importlib.import_module`, and
// `inspect.signature(...).parameters` of Triton's own decorators (Triton
// 3.6's parameter lists). Libraries' probes for devices other than NVIDIA
// GPUs (transformers' `is_torch_npu_available`, unsloth_zoo's
// `is_mlx_available`) answer false: the target is a CUDA GPU; torch's probe
// for Triton (`torch.utils._triton.has_triton`) answers true.
//
//===----------------------------------------------------------------------===//

#include "Frontend/EvaluatorImpl.h"

#include "llvm/ADT/StringSwitch.h"
#include "llvm/ADT/Twine.h"

#include <cmath>
#include <cstdio>

using namespace tilec::frontend;
using llvm::StringRef;
using llvm::Twine;

std::string tilec::frontend::stdlibBuiltin(StringRef path) {
  return llvm::StringSwitch<std::string>(path)
      .Cases({"packaging.version.Version", "packaging.version.parse"},
             "packaging.version.Version")
      .Case("unsloth_zoo.utils.Version", "unsloth_zoo.utils.Version")
      .Cases({"operator.lt", "operator.le", "operator.eq", "operator.ne",
              "operator.ge", "operator.gt"},
             path.str())
      .Case("importlib.import_module", "importlib.import_module")
      .Case("inspect.signature", "inspect.signature")
      .Cases({"transformers.utils.is_torch_npu_available",
              "transformers.utils.import_utils.is_torch_npu_available",
              "unsloth_zoo.mlx.is_mlx_available"},
             "no-such-device")
      .Case("torch.utils._triton.has_triton", "has-triton")
      .Default("");
}

namespace {
/// A PEP 440 version, parsed: `[N!]N(.N)*[{a|b|rc}N][.postN][.devN][+local]`.
struct ParsedVersion {
  int64_t epoch = 0;
  std::vector<int64_t> release;
  int preKind = -1; // 0 a, 1 b, 2 rc
  int64_t pre = 0;
  std::optional<int64_t> post, dev;
  std::string local;
};

bool readNumber(StringRef &s, int64_t &out) {
  size_t n = 0;
  while (n < s.size() && n < 18 && isdigit(static_cast<unsigned char>(s[n])))
    ++n;
  if (n == 0)
    return false;
  (void)s.take_front(n).getAsInteger(10, out);
  s = s.drop_front(n);
  return true;
}

/// packaging's normalizing parser (lower case, `-`/`_`/`.` separators,
/// `alpha`/`beta`/`c`/`pre`/`preview` spellings, implicit numbers), or
/// nullopt where packaging raises InvalidVersion.
std::optional<ParsedVersion> parseVersion(StringRef text) {
  std::string lower = StringRef(text).trim().lower();
  StringRef s = lower;
  s.consume_front("v");
  ParsedVersion v;
  int64_t n;
  if (!readNumber(s, n))
    return std::nullopt;
  if (s.consume_front("!")) {
    v.epoch = n;
    if (!readNumber(s, n))
      return std::nullopt;
  }
  v.release.push_back(n);
  while (s.size() > 1 && s[0] == '.' && isdigit(static_cast<unsigned char>(s[1]))) {
    s = s.drop_front();
    (void)readNumber(s, n);
    v.release.push_back(n);
  }
  auto sep = [&]() {
    if (!s.empty() && (s[0] == '.' || s[0] == '-' || s[0] == '_'))
      s = s.drop_front();
  };
  auto implicitNumber = [&](int64_t &out) {
    StringRef save = s;
    sep();
    if (!readNumber(s, out)) {
      s = save;
      out = 0;
    }
  };
  {
    StringRef save = s;
    sep();
    static const std::pair<const char *, int> kPre[] = {
        {"alpha", 0}, {"beta", 1}, {"preview", 2}, {"pre", 2}, {"rc", 2},
        {"a", 0},     {"b", 1},    {"c", 2}};
    bool found = false;
    for (const auto &[spelling, kind] : kPre)
      if (s.consume_front(spelling)) {
        v.preKind = kind;
        implicitNumber(v.pre);
        found = true;
        break;
      }
    if (!found)
      s = save;
  }
  {
    StringRef save = s;
    if (s.consume_front("-") && !s.empty() &&
        isdigit(static_cast<unsigned char>(s[0]))) {
      int64_t p;
      (void)readNumber(s, p);
      v.post = p;
    } else {
      s = save;
      sep();
      if (s.consume_front("post") || s.consume_front("rev") ||
          s.consume_front("r")) {
        int64_t p;
        implicitNumber(p);
        v.post = p;
      } else {
        s = save;
      }
    }
  }
  {
    StringRef save = s;
    sep();
    if (s.consume_front("dev")) {
      int64_t d;
      implicitNumber(d);
      v.dev = d;
    } else {
      s = save;
    }
  }
  if (s.consume_front("+")) {
    if (s.empty())
      return std::nullopt;
    v.local = s.str();
    s = StringRef();
  }
  if (!s.empty())
    return std::nullopt;
  return v;
}

/// packaging's comparison key, as nested tuples that order as its _cmpkey
/// does (its infinities are the first and last of two-element tuples).
PyValue versionKey(const ParsedVersion &v) {
  auto i = [](int64_t x) { return PyValue::integer(x); };
  PyList release;
  size_t len = v.release.size();
  while (len > 0 && v.release[len - 1] == 0)
    --len;
  for (size_t k = 0; k < len; ++k)
    release.push_back(i(v.release[k]));
  PyValue pre;
  if (v.preKind < 0 && !v.post && v.dev)
    pre = PyValue::tuple({i(0), i(0)}); // before every pre-release
  else if (v.preKind < 0)
    pre = PyValue::tuple({i(4), i(0)}); // after every pre-release
  else
    pre = PyValue::tuple({i(1 + v.preKind), i(v.pre)});
  PyValue post = v.post ? PyValue::tuple({i(1), i(*v.post)})
                        : PyValue::tuple({i(0), i(0)});
  PyValue dev = v.dev ? PyValue::tuple({i(0), i(*v.dev)})
                      : PyValue::tuple({i(1), i(0)});
  PyValue local = v.local.empty()
                      ? PyValue::tuple({i(0), PyValue::str("")})
                      : PyValue::tuple({i(1), PyValue::str(v.local)});
  return PyValue::tuple({i(v.epoch), PyValue::tuple(std::move(release)), pre,
                         post, dev, local});
}

PyValue makeVersion(const ParsedVersion &v, StringRef text) {
  auto at = [&](size_t k) {
    return PyValue::integer(k < v.release.size() ? v.release[k] : 0);
  };
  PyList release;
  std::string base;
  for (int64_t x : v.release) {
    release.push_back(PyValue::integer(x));
    base += (base.empty() ? "" : ".") + std::to_string(x);
  }
  if (v.epoch)
    base = std::to_string(v.epoch) + "!" + base;
  return PyValue::object(
      "Version", {{"_key", versionKey(v)},
                  {"_text", PyValue::str(StringRef(text).trim().str())},
                  {"release", PyValue::tuple(std::move(release))},
                  {"major", at(0)},
                  {"minor", at(1)},
                  {"micro", at(2)},
                  {"epoch", PyValue::integer(v.epoch)},
                  {"base_version", PyValue::str(base)},
                  {"is_prerelease",
                   PyValue::boolean(v.preKind >= 0 || v.dev.has_value())},
                  {"is_devrelease", PyValue::boolean(v.dev.has_value())},
                  {"is_postrelease", PyValue::boolean(v.post.has_value())},
                  {"local", v.local.empty() ? PyValue::none()
                                            : PyValue::str(v.local)}});
}

/// Triton 3.6's parameters of its decorators, for inspect.signature.
std::vector<StringRef> signatureOf(StringRef fn) {
  if (fn == "triton.autotune")
    return {"configs",   "key",       "prune_configs_by", "reset_to_zero",
            "restore_value", "pre_hook", "post_hook",     "warmup",
            "rep",       "use_cuda_graph", "do_bench",     "cache_results"};
  if (fn == "triton.heuristics")
    return {"values"};
  if (fn == "triton.jit")
    return {"fn",    "version", "repr",  "launch_metadata",
            "do_not_specialize", "do_not_specialize_on_alignment", "debug",
            "noinline"};
  if (fn == "triton.Config")
    return {"self",      "kwargs",   "num_warps", "num_stages",
            "num_ctas",  "maxnreg",  "pre_hook",  "ir_override"};
  return {};
}
} // namespace

/// The names outside the program that tilec knows exist: the functions and
/// constants it evaluates. `hasattr(torch, "cuda")` is true because
/// `torch.cuda.is_available` is one of them.
static bool knownExternalPath(StringRef path) {
  static const char *const kKnown[] = {
      "triton.cdiv", "triton.next_power_of_2", "triton.Config", "triton.jit",
      "triton.autotune", "triton.heuristics", "triton.__version__",
      "triton.language.constexpr", "triton.language.cdiv",
      "triton.runtime.driver.active.get_current_target",
      "torch.cuda.get_device_capability", "torch.cuda.is_available",
      "torch.cuda.get_device_properties", "torch.cuda.get_device_name",
      "torch.cuda.current_device", "torch.device",
      "triton.runtime.driver.active.get_active_torch_device",
      "torch.version.hip", "os.environ.get", "os.getenv", "math.inf",
      "math.pi", "math.ceil", "math.floor", "math.log2", "math.sqrt",
      "math.log", "math.gcd", "math.prod", "math.isqrt", "functools.cache",
      "functools.lru_cache", "packaging.version.Version",
      "packaging.version.parse", "importlib.import_module",
      "inspect.signature", "operator.lt", "operator.le", "operator.eq",
      "operator.ne", "operator.ge", "operator.gt"};
  for (const char *k : kKnown) {
    StringRef known(k);
    if (known == path ||
        (known.starts_with(path) && known[path.size()] == '.'))
      return true;
  }
  return false;
}


/// Python's format(value, spec) for the format-spec mini-language
/// `[[fill]align][sign][#][0][width][,|_][.precision][type]` on ints,
/// floats, bools and strs; nullopt for what it does not cover.
static std::optional<std::string> formatSpec(const PyValue &v,
                                             StringRef spec,
                                             const std::string &shortest) {
  char fill = ' ', align = 0, sign = '-', type = 0, group = 0;
  bool alt = false, zero = false;
  int width = -1, precision = -1;
  size_t i = 0;
  auto isAlign = [](char c) {
    return c == '<' || c == '>' || c == '^' || c == '=';
  };
  if (spec.size() >= 2 && isAlign(spec[1])) {
    fill = spec[0];
    align = spec[1];
    i = 2;
  } else if (!spec.empty() && isAlign(spec[0])) {
    align = spec[0];
    i = 1;
  }
  if (i < spec.size() && (spec[i] == '+' || spec[i] == '-' || spec[i] == ' '))
    sign = spec[i++];
  if (i < spec.size() && spec[i] == '#') {
    alt = true;
    ++i;
  }
  if (i < spec.size() && spec[i] == '0') {
    zero = true;
    ++i;
  }
  auto number = [&](int &out) {
    size_t s = i;
    while (i < spec.size() && isdigit(static_cast<unsigned char>(spec[i])))
      ++i;
    if (i > s && i - s < 6)
      out = std::stoi(spec.slice(s, i).str());
  };
  number(width);
  if (i < spec.size() && (spec[i] == ',' || spec[i] == '_'))
    group = spec[i++];
  if (i < spec.size() && spec[i] == '.') {
    ++i;
    number(precision);
    if (precision < 0)
      return std::nullopt;
  }
  if (i < spec.size())
    type = spec[i++];
  if (i != spec.size())
    return std::nullopt;
  if (zero && !align) {
    fill = '0';
    align = '=';
  }

  std::string body, prefix;
  if (v.is(PyValue::Kind::Str)) {
    if ((type && type != 's') || sign != '-' || alt || group)
      return std::nullopt;
    body = precision >= 0 ? v.s.substr(0, precision) : v.s;
    if (!align)
      align = '<';
  } else if (v.isNumber()) {
    bool isFloat = v.is(PyValue::Kind::Float);
    if (v.is(PyValue::Kind::Bool) && !type && spec.empty())
      return std::string(v.i.isZero() ? "False" : "True");
    std::string why;
    if (!isFloat && (!type || StringRef("dxXob").contains(type))) {
      if (precision >= 0 || !pyint::fitsInt64(v.i))
        return std::nullopt;
      int64_t x = v.i.getSExtValue();
      bool neg = x < 0;
      uint64_t mag = neg ? 0 - uint64_t(x) : uint64_t(x);
      int base = type == 'x' || type == 'X' ? 16 : type == 'o' ? 8
                 : type == 'b'              ? 2
                                            : 10;
      do {
        int d = int(mag % base);
        body.insert(body.begin(),
                    char(d < 10 ? '0' + d : (type == 'X' ? 'A' : 'a') + d - 10));
        mag /= base;
      } while (mag);
      if (group && base == 10)
        for (int k = int(body.size()) - 3; k > 0; k -= 3)
          body.insert(body.begin() + k, group);
      if (alt && base != 10)
        prefix = std::string("0") + (type == 'X' ? 'X' : type);
      prefix = (neg ? "-" : sign == '+' ? "+" : sign == ' ' ? " " : "") + prefix;
    } else {
      double d = isFloat ? v.f : pyint::toDouble(v.i, why).value_or(NAN);
      if (std::isnan(d) && !isFloat)
        return std::nullopt;
      if (type && !StringRef("eEfFgG%").contains(type))
        return std::nullopt;
      // No type: str() of the float when no precision is given; with one,
      // Python's own rule (like 'g', keeping a '.0'), which is left out.
      if (!type && precision >= 0)
        return std::nullopt;
      char t = type ? type : 'g';
      double x = t == '%' ? d * 100 : d;
      int p = precision >= 0 ? precision : 6;
      // What fits the buffer below ('f' of 1e300 has 300 digits).
      if (p > 100 || (std::fabs(x) >= 1e100 && (t == 'f' || t == 'F' ||
                                                  t == '%')))
        return std::nullopt;
      if (!type) {
        body = StringRef(shortest).ltrim('-').str();
      } else {
        char buf[512];
        std::string fmt = std::string("%") + (alt ? "#" : "") + "." +
                          std::to_string(p) + (t == '%' ? 'f' : t);
        snprintf(buf, sizeof(buf), fmt.c_str(), std::fabs(x));
        body = buf;
        if (t == '%')
          body += '%';
      }
      if (group) {
        size_t end = body.find_first_of(".eE%");
        if (end == std::string::npos)
          end = body.size();
        for (int k = int(end) - 3; k > 0; k -= 3)
          body.insert(body.begin() + k, group);
      }
      prefix = std::signbit(x) ? "-" : sign == '+' ? "+" : sign == ' ' ? " " : "";
    }
    if (!align)
      align = '>';
  } else {
    return std::nullopt;
  }
  int len = int(countColumns(prefix + body));
  if (width <= len)
    return prefix + body;
  size_t pad = size_t(width - len);
  switch (align) {
  case '<':
    return prefix + body + std::string(pad, fill);
  case '^':
    return std::string(pad / 2, fill) + prefix + body +
           std::string(pad - pad / 2, fill);
  case '=':
    return prefix + std::string(pad, fill) + body;
  default:
    return std::string(pad, fill) + prefix + body;
  }
}

bool tilec::frontend::isVersion(const PyValue &v) {
  return v.is(PyValue::Kind::Object) && v.s == "Version" && v.attr("_key");
}

std::optional<PyValue> Evaluator::callStdlib(StringRef name, PyList &args,
                                             PyAttrs &kwargs, SourceLoc loc,
                                             Frame &frame) {
  auto unknown = [&](const llvm::Twine &what) {
    return PyValue::unknown(what.str(), loc, frame.filename());
  };
  if (name == "packaging.version.Version" ||
      name == "unsloth_zoo.utils.Version") {
    if (args.size() != 1 || !kwargs.empty())
      return unknown(Twine("'") + name + "' with other than one argument");
    if (isVersion(args[0]) && name == "packaging.version.Version")
      return unknown(Twine("'") + name + "' of a Version");
    if (!args[0].is(PyValue::Kind::Str))
      return unknown(Twine("'") + name + "(" + repr(args[0]) +
                     ")' (a version tilec does not know)");
    std::string text = args[0].s;
    if (name == "unsloth_zoo.utils.Version") {
      // unsloth_zoo compares the leading digits and dots, with `.1` added
      // when anything followed them ("2.4.0+cu121" -> 2.4.0.1).
      StringRef t = StringRef(text).trim();
      size_t n = 0;
      while (n < t.size() && (isdigit(static_cast<unsigned char>(t[n])) ||
                              t[n] == '.'))
        ++n;
      std::string prefix = t.take_front(n).rtrim('.').str();
      if (prefix.empty())
        return unknown(Twine("'") + name + "(" + repr(args[0]) +
                       ")', which raises in Python");
      if (prefix != t)
        prefix += ".1";
      text = prefix;
    }
    std::optional<ParsedVersion> v = parseVersion(text);
    if (!v)
      return unknown(Twine("'") + name + "(" + repr(args[0]) +
                     ")', which raises InvalidVersion in Python");
    return makeVersion(*v, text);
  }
  if (name.starts_with("operator.")) {
    if (args.size() != 2)
      return unknown(Twine("'") + name + "' with other than two arguments");
    StringRef op = name.drop_front(strlen("operator."));
    if (op == "eq" || op == "ne")
      return PyValue::boolean(equal(args[0], args[1]) == (op == "eq"));
    std::optional<int> c = compare(args[0], args[1]);
    if (!c)
      return unknown("an ordering of " + repr(args[0]) + " and " +
                     repr(args[1]));
    bool r = op == "lt"   ? *c < 0
             : op == "le" ? *c <= 0
             : op == "gt" ? *c > 0
                          : *c >= 0;
    return PyValue::boolean(r);
  }
  if (name == "importlib.import_module") {
    if (args.size() != 1 || !args[0].is(PyValue::Kind::Str) ||
        StringRef(args[0].s).starts_with("."))
      return unknown("'importlib.import_module' of other than an absolute "
                     "module name");
    ImportAlias imp{loc, args[0].s, args[0].s, "", "", args[0].s};
    PyValue v = importModule(imp, frame);
    if (v.is(PyValue::Kind::Object) && v.s == "ImportError")
      return unknown("'importlib.import_module(" + repr(args[0]) +
                     ")', which finds nothing in the kernel file's package, "
                     "the -I directories or PYTHONPATH");
    return v;
  }
  if (name == "format" || name == "repr") {
    if (args.empty() || args.size() > (name == "format" ? 2u : 1u))
      return std::nullopt;
    if (name == "repr")
      return PyValue::str(repr(args[0]));
    StringRef spec;
    if (args.size() == 2) {
      if (!args[1].is(PyValue::Kind::Str))
        return std::nullopt;
      spec = args[1].s;
    }
    if (spec.empty()) {
      PyList one = {args[0]};
      PyAttrs none;
      return callBuiltin("str", one, none, loc, frame);
    }
    if (std::optional<std::string> out = formatSpec(args[0], spec, repr(args[0])))
      return PyValue::str(*out);
    return unknown("'format(" + repr(args[0]) + ", " + repr(args[1]) +
                   ")' (a format tilec does not evaluate)");
  }
  if (name == "hasattr") {
    if (args.size() != 2 || !args[1].is(PyValue::Kind::Str))
      return std::nullopt;
    const PyValue &obj = args[0];
    StringRef attr = args[1].s;
    if (obj.is(PyValue::Kind::External)) {
      if (knownExternalPath((obj.s + "." + attr).str()))
        return PyValue::boolean(true);
      return unknown("'hasattr(" + obj.s + ", " + repr(args[1]) +
                     ")' (a name outside the program)");
    }
    if (obj.is(PyValue::Kind::Module)) {
      PyValue v = moduleAttr(obj, attr, loc, frame);
      if (v.isUnknown() && StringRef(v.s).starts_with("the module") &&
          StringRef(v.s).contains("has no name"))
        return PyValue::boolean(false);
      // A name bound to an unknown value exists all the same.
      return v.isUnknown() && StringRef(v.s).starts_with("the module '")
                 ? v
                 : PyValue::boolean(true);
    }
    if (obj.is(PyValue::Kind::Object) && obj.attr(attr))
      return PyValue::boolean(true);
    return unknown("'hasattr(" + repr(obj) + ", " + repr(args[1]) + ")'");
  }
  if (name == "inspect.signature") {
    if (args.size() != 1)
      return unknown("'inspect.signature' with other than one argument");
    std::vector<StringRef> params;
    if (args[0].is(PyValue::Kind::Builtin))
      params = signatureOf(args[0].s);
    if (params.empty())
      return unknown("the signature of " + repr(args[0]));
    PyItems items;
    for (StringRef p : params)
      items.push_back({PyValue::str(p.str()),
                       PyValue::object("Parameter",
                                       {{"name", PyValue::str(p.str())}})});
    return PyValue::object("Signature",
                           {{"parameters", PyValue::dict(std::move(items))}});
  }
  // Libraries' probes for devices other than NVIDIA GPUs (Ascend NPUs,
  // Apple's MLX): false for every target tilec has.
  if (name == "no-such-device")
    return PyValue::boolean(false);
  // torch's probe for a usable Triton and a GPU it targets (torchao guards
  // its kernel modules with `if has_triton():`): tilec is that Triton.
  if (name == "has-triton")
    return PyValue::boolean(true);
  return std::nullopt;
}
