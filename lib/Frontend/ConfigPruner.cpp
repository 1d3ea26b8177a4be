//===- ConfigPruner.cpp - prune_configs_by, run per launch ------*- C++ -*-===//
//
// See ConfigPruner.h. Where Triton's rules fail the launch (no config left,
// a bad `top_k`, a config that is not one of the decorator's), the result
// carries the error; where the functions need a value the evaluator does
// not have, nothing is pruned and the result says which value, so a C++
// host times every config rather than a set Triton would not choose.
//
//===----------------------------------------------------------------------===//

#include "Frontend/ConfigPruner.h"

#include "llvm/ADT/STLExtras.h"

#include <algorithm>
#include <limits>
#include <mutex>
#include <numeric>

using namespace tilec;
using namespace tilec::frontend;

namespace {

using PruneResult = AutotuneSpec::PruneResult;

struct PrunerState {
  // The module first: the evaluator refers to it.
  std::unique_ptr<Module> module;
  std::unique_ptr<Evaluator> ev;
  PruneSpec spec;
  /// Each config's fingerprint, to find the configs a function returns.
  std::vector<std::string> fingerprints;
  std::mutex mutex;

  /// What identifies a triton.Config: its bindings and options, each as
  /// Python's repr (the values a config may bind print by content).
  std::string fingerprint(const PyValue &config) const {
    if (!config.is(PyValue::Kind::Object) || config.s != "Config")
      return "";
    std::string out;
    for (const auto &[k, v] : *config.attr("kwargs")->items)
      out += ev->repr(k) + "=" + ev->repr(v) + ";";
    for (const char *n : {"num_warps", "num_stages", "num_ctas", "maxnreg"})
      if (const PyValue *v = config.attr(n))
        out += std::string(n) + "=" + ev->repr(*v) + ";";
    return out;
  }

  PruneResult run(AutotuneSpec::PruneArgs args);
};

/// An argument's value from its `-D` spelling: an int, a float, a bool,
/// None or a quoted string; anything else (a dtype) is unknown, naming it.
PyValue literal(llvm::StringRef name, llvm::StringRef text) {
  llvm::StringRef t = text.trim();
  int64_t i;
  double f;
  if (!t.getAsInteger(0, i))
    return PyValue::integer(i);
  if (t == "True" || t == "False")
    return PyValue::boolean(t == "True");
  if (t == "None")
    return PyValue::none();
  if (t.size() >= 2 && (t.front() == '"' || t.front() == '\'') &&
      t.back() == t.front())
    return PyValue::str(t.drop_front().drop_back().str());
  if (!t.getAsDouble(f))
    return PyValue::floating(f);
  return PyValue::unknown(("the argument " + name + "=" + t).str(),
                          SourceLoc(), "");
}

PruneResult PrunerState::run(AutotuneSpec::PruneArgs args) {
  std::lock_guard<std::mutex> lock(mutex);
  ev->resetStepBudget();
  const Module &m = *spec.module;
  size_t n = fingerprints.size();
  PruneResult r;
  std::vector<size_t> chosen(n);
  std::iota(chosen.begin(), chosen.end(), 0);
  auto pruneNothing = [&](std::string why) {
    r.indices.resize(n);
    std::iota(r.indices.begin(), r.indices.end(), 0);
    r.notPruned = std::move(why);
    return r;
  };
  // Triton passes the positional arguments as `named_args` and the keyword
  // ones as `**kwargs`; a C++ launch has only names, so both hold them all.
  PyItems named;
  PyAttrs kwargs;
  for (const auto &[name, text] : args) {
    PyValue v = literal(name, text);
    named.push_back({PyValue::str(name), v});
    kwargs.push_back({name, v});
  }

  if (!spec.earlyConfigPrune.is(PyValue::Kind::None)) {
    PyValue out = ev->call(spec.earlyConfigPrune,
                           {spec.configs, PyValue::dict(named)}, kwargs,
                           spec.loc, m);
    if (out.isUnknown())
      return pruneNothing("'early_config_prune' needs " +
                          Evaluator::describeUnknown(out));
    if (!out.isSequence()) {
      r.error = "'early_config_prune' returned " + ev->repr(out) +
                ", not a list of configs";
      return r;
    }
    chosen.clear();
    for (const PyValue &config : *out.elts) {
      if (config.isUnknown())
        return pruneNothing("'early_config_prune' needs " +
                            Evaluator::describeUnknown(config));
      std::string print = fingerprint(config);
      auto it = llvm::find(fingerprints, print);
      if (print.empty() || it == fingerprints.end()) {
        // Triton would time a config made up by the function; tilec
        // compiled the decorator's configs only.
        r.error = "'early_config_prune' returned " + ev->repr(config) +
                  ", which is not one of the decorator's configs";
        return r;
      }
      chosen.push_back(static_cast<size_t>(it - fingerprints.begin()));
    }
    if (chosen.empty()) {
      r.error = "no valid autotuner configs after pruning: "
                "'early_config_prune' should return at least one config";
      return r;
    }
  }

  if (!spec.perfModel.is(PyValue::Kind::None)) {
    // Triton's top_k: a float <= 1 is a fraction of all the configs.
    const PyValue &k = spec.topK;
    int64_t topK;
    if (k.is(PyValue::Kind::Float) && k.f <= 1.0) {
      topK = static_cast<int64_t>(static_cast<double>(n) * k.f);
    } else if (k.is(PyValue::Kind::Int) || k.is(PyValue::Kind::Bool)) {
      // Past int64 it keeps every config or none, as the slice would.
      topK = pyint::fitsInt64(k.i) ? k.i.getSExtValue()
             : k.i.isNegative()    ? std::numeric_limits<int64_t>::min()
                                   : std::numeric_limits<int64_t>::max();
    } else if (k.isUnknown()) {
      return pruneNothing("'top_k' needs " + Evaluator::describeUnknown(k));
    } else {
      r.error = "'top_k' must be either a float <= 1.0 or an int, got " +
                ev->repr(k);
      return r;
    }
    if (static_cast<int64_t>(chosen.size()) > topK) {
      // Python's dict of estimates keeps one entry per config, and its
      // sort is stable.
      std::vector<size_t> unique;
      for (size_t i : chosen)
        if (!llvm::is_contained(unique, i))
          unique.push_back(i);
      std::vector<double> estimate(n);
      for (size_t i : unique) {
        const PyValue &config = (*spec.configs.elts)[i];
        PyValue method = ev->getAttr(config, "all_kwargs", spec.loc, m);
        PyValue all = ev->call(method, {}, {}, spec.loc, m);
        if (!all.is(PyValue::Kind::Dict))
          return pruneNothing("'all_kwargs' of a config");
        PyAttrs call = kwargs;
        for (const auto &[name, v] : *all.items) {
          if (llvm::any_of(call, [&](const auto &a) { return a.first == name.s; })) {
            r.error = "'perf_model' got '" + name.s +
                      "' twice, from the launch and from a config";
            return r;
          }
          call.push_back({name.s, v});
        }
        PyValue t = ev->call(spec.perfModel, {}, std::move(call), spec.loc, m);
        if (t.isUnknown())
          return pruneNothing("'perf_model' needs " +
                              Evaluator::describeUnknown(t));
        if (!t.isNumber()) {
          r.error = "'perf_model' returned " + ev->repr(t) +
                    ", not a number";
          return r;
        }
        std::string overflow;
        std::optional<double> e =
            t.is(PyValue::Kind::Float) ? t.f : pyint::toDouble(t.i, overflow);
        if (!e) {
          r.error = "'perf_model' returned " + ev->repr(t) + ": " + overflow;
          return r;
        }
        estimate[i] = *e;
      }
      std::stable_sort(unique.begin(), unique.end(), [&](size_t a, size_t b) {
        return estimate[a] < estimate[b];
      });
      // Python's `sorted(...)[:top_k]`: a negative top_k drops from the end.
      int64_t size = static_cast<int64_t>(unique.size());
      int64_t keep = topK >= 0 ? std::min(topK, size)
                               : std::max<int64_t>(size + std::max(topK, -size), 0);
      unique.resize(static_cast<size_t>(keep));
      chosen = std::move(unique);
    }
  }
  r.indices = std::move(chosen);
  return r;
}

} // namespace

decltype(AutotuneSpec::prune)
tilec::frontend::makeConfigPruner(std::unique_ptr<Module> module,
                                  std::unique_ptr<Evaluator> ev,
                                  PruneSpec prune) {
  auto state = std::make_shared<PrunerState>();
  state->module = std::move(module);
  state->ev = std::move(ev);
  state->spec = std::move(prune);
  if (state->spec.configs.isSequence())
    for (const PyValue &config : *state->spec.configs.elts)
      state->fingerprints.push_back(state->fingerprint(config));
  return [state](AutotuneSpec::PruneArgs args) { return state->run(args); };
}
