//===- Autotune.cpp - Timing configs, keeping the best ----------*- C++ -*-===//
//
// The Autotuner of include/tilec/Autotune.h: one compile options per config
// (the base options plus the config's constexprs, num_warps and
// num_stages), compiled and loaded lazily through the kernel cache, timed
// through the host's launch function, and the winner kept per key in a
// ChoiceCache (AutotuneChoices.cpp).
//
// A choice's key hashes the kernel cache key of every config (so the
// compiler version, the whole source, the signature, every option and the
// ptxas in use), the key's parameter names and values, and the device's
// name and compute capability: whatever would compile or run a config
// differently invalidates the choice, and a choice made on one GPU model is
// never used on another.
//
//===----------------------------------------------------------------------===//

#include "tilec/Autotune.h"
#include "tilec/Frontend.h"

#include "Compiler/SourceDiagnostics.h"

#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/MLIRContext.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/SHA256.h"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <limits>
#include <numeric>

using namespace tilec;
using namespace tilec::autotune;

llvm::Expected<std::optional<AutotuneSpec>>
autotune::readSpec(llvm::StringRef source, llvm::StringRef filename,
                   llvm::StringRef kernelName) {
  std::unique_ptr<mlir::MLIRContext> ctx = createCompilerContext();
  // The diagnostics print as tilec prints them, as compileKernel's do.
  std::string diagnostics;
  llvm::raw_string_ostream os(diagnostics);
  SourceDiagnosticHandler handler(ctx.get(), os);
  handler.addSource(filename, source);
  mlir::FailureOr<std::optional<AutotuneSpec>> spec =
      readAutotuneSpec(*ctx, source, filename, kernelName);
  if (mlir::failed(spec))
    return llvm::make_error<CompileError>(std::move(diagnostics));
  return std::move(*spec);
}

MeasureFunction autotune::makeEventTimer(const runtime::Device &device,
                                         unsigned warmup,
                                         unsigned repetitions) {
  repetitions = std::max(repetitions, 1u);
  return [device, warmup,
          repetitions](const AutotuneConfig &, CUstream stream,
                       llvm::function_ref<llvm::Error()> launchOnce)
             -> llvm::Expected<double> {
    for (unsigned i = 0; i < warmup; ++i)
      if (llvm::Error e = launchOnce())
        return std::move(e);
    llvm::Expected<runtime::Event> start = runtime::Event::create(device);
    if (!start)
      return start.takeError();
    llvm::Expected<runtime::Event> end = runtime::Event::create(device);
    if (!end)
      return end.takeError();
    // One pair of events around each launch: the median drops the launches
    // that a context switch or a clock change slowed down.
    std::vector<double> times;
    for (unsigned i = 0; i < repetitions; ++i) {
      if (llvm::Error e = start->record(stream))
        return std::move(e);
      if (llvm::Error e = launchOnce())
        return std::move(e);
      if (llvm::Error e = end->record(stream))
        return std::move(e);
      if (llvm::Error e = end->synchronize())
        return std::move(e);
      llvm::Expected<float> ms = runtime::Event::getElapsedMs(*start, *end);
      if (!ms)
        return ms.takeError();
      times.push_back(*ms);
    }
    std::sort(times.begin(), times.end());
    size_t n = times.size();
    return n % 2 ? times[n / 2] : (times[n / 2 - 1] + times[n / 2]) / 2;
  };
}

//===----------------------------------------------------------------------===//
// Construction
//===----------------------------------------------------------------------===//

Autotuner::Autotuner(const runtime::Device &device, std::string source,
                     std::string filename, CompileOptions base,
                     AutotuneSpec spec, Options options)
    : device(device), source(std::move(source)), filename(std::move(filename)),
      base(std::move(base)), spec(std::move(spec)),
      options(std::move(options)) {}

/// The options config `config` compiles with.
static CompileOptions getConfigOptions(const CompileOptions &base,
                                       const AutotuneConfig &config) {
  CompileOptions o = base;
  o.defines.insert(o.defines.end(), config.constexprs.begin(),
                   config.constexprs.end());
  o.numWarps = config.numWarps;
  o.numStages = config.numStages;
  return o;
}

llvm::Expected<std::unique_ptr<Autotuner>>
Autotuner::create(const runtime::Device &device, std::string source,
                  std::string filename, CompileOptions base, Options options) {
  llvm::Expected<std::optional<AutotuneSpec>> spec =
      readSpec(source, filename, base.kernelName);
  if (!spec)
    return spec.takeError();
  if (!*spec)
    return llvm::createStringError(fmt::format(
        "{}: kernel{} has no @triton.autotune decorator; pass its configs "
        "to Autotuner::create",
        filename, base.kernelName.empty() ? "" : " '" + base.kernelName + "'"));
  return create(device, std::move(source), std::move(filename), std::move(base),
                std::move(**spec), std::move(options));
}

llvm::Expected<std::unique_ptr<Autotuner>>
Autotuner::create(const runtime::Device &device, std::string source,
                  std::string filename, CompileOptions base, AutotuneSpec spec,
                  Options options) {
  std::unique_ptr<Autotuner> tuner(
      new Autotuner(device, std::move(source), std::move(filename),
                    std::move(base), std::move(spec), std::move(options)));
  if (llvm::Error e = tuner->initialize())
    return std::move(e);
  return std::move(tuner);
}

llvm::Expected<std::unique_ptr<Autotuner>>
Autotuner::createFromFile(const runtime::Device &device, llvm::StringRef path,
                          CompileOptions base, Options options) {
  llvm::Expected<std::string> source = readKernelFile(path);
  if (!source)
    return source.takeError();
  return create(device, std::move(*source), path.str(), std::move(base),
                std::move(options));
}

llvm::Error Autotuner::initialize() {
  if (spec.configs.empty())
    return llvm::createStringError("autotuning needs at least one config");
  // A constexpr bound twice would compile as whichever binding the
  // frontend read last; refuse it instead.
  for (auto [i, config] : llvm::enumerate(spec.configs))
    for (const auto &[name, value] : config.constexprs)
      for (const auto &[defined, _] : base.defines)
        if (defined == name)
          return llvm::createStringError(fmt::format(
              "constexpr '{}' is bound both by the compile options' defines "
              "and by autotune config {} ({})",
              name, i, config.describe()));
  if (!options.cache)
    options.cache = &KernelCache::getGlobal();
  if (!options.measure)
    options.measure = makeEventTimer(device);

  llvm::SHA256 sha;
  auto field = [&](llvm::StringRef s) {
    sha.update(std::to_string(s.size()) + ":");
    sha.update(s);
  };
  field("tilec-autotune 1");
  for (const AutotuneConfig &config : spec.configs)
    field(options.cache->computeKey(source, getConfigOptions(base, config)));
  field(llvm::join(spec.key, ","));
  field(fmt::format("{} sm_{}", device.getName(), device.getSmVersion()));
  identity = llvm::toHex(sha.final(), /*LowerCase=*/true);

  std::string dir;
  if (options.useDisk) {
    dir = options.choiceDirectory;
    if (dir.empty()) {
      std::string cacheDir = options.cache->getDirectory();
      if (!cacheDir.empty()) {
        llvm::SmallString<256> path(cacheDir);
        llvm::sys::path::append(path, "autotune");
        dir = std::string(path);
      }
    }
  }
  choices = std::make_unique<ChoiceCache>(std::move(dir));
  kernels.resize(spec.configs.size());
  return llvm::Error::success();
}

//===----------------------------------------------------------------------===//
// Choosing
//===----------------------------------------------------------------------===//

std::string Autotuner::getChoiceKey(llvm::ArrayRef<int64_t> key) const {
  llvm::SHA256 sha;
  sha.update(identity);
  for (int64_t v : key)
    sha.update(fmt::format(",{}", v));
  return llvm::toHex(sha.final(), /*LowerCase=*/true);
}

std::string Autotuner::getChoicePath(llvm::ArrayRef<int64_t> key) const {
  return choices->getPath(getChoiceKey(key));
}

llvm::Expected<const jit::LoadedKernel &> Autotuner::getKernel(size_t index) {
  if (kernels[index])
    return *kernels[index];
  const AutotuneConfig &config = spec.configs[index];
  llvm::Expected<std::shared_ptr<const CompiledKernel>> compiled =
      options.cache->getOrCompile(source, filename,
                                  getConfigOptions(base, config));
  if (!compiled) {
    // Say which config failed; keep a compile error a CompileError.
    std::string which =
        fmt::format("autotune config {} ({})", index, config.describe());
    llvm::Error e = compiled.takeError();
    if (e.isA<CompileError>()) {
      std::string text;
      llvm::handleAllErrors(std::move(e), [&](const CompileError &ce) {
        text = ce.getDiagnostics();
      });
      return llvm::make_error<CompileError>(
          fmt::format("{} does not compile:\n{}", which, text));
    }
    return llvm::createStringError(
        fmt::format("{}: {}", which, llvm::toString(std::move(e))));
  }
  llvm::Expected<jit::LoadedKernel> loaded =
      jit::LoadedKernel::load(device, std::move(*compiled));
  if (!loaded)
    return loaded.takeError();
  kernels[index].emplace(std::move(*loaded));
  return *kernels[index];
}

llvm::Error Autotuner::tune(llvm::ArrayRef<int64_t> key, CUstream stream,
                            const LaunchFunction &launch, Choice &choice) {
  size_t n = spec.configs.size();
  choice.timesMs.assign(n, std::numeric_limits<double>::quiet_NaN());
  choice.skipped.assign(n, "");
  // prune_configs_by sees the key's values, the launch's arguments this
  // tuner knows by name: a key parameter the compile options bind (a bool
  // constexpr, `-D FLATTEN=False`) as they spell it, which keeps Python's
  // `FLATTEN is False` true; the others as ints.
  std::vector<size_t> toTime(n);
  std::iota(toTime.begin(), toTime.end(), 0);
  if (spec.prune) {
    std::vector<std::pair<std::string, std::string>> args;
    for (size_t i = 0; i < key.size(); ++i) {
      auto bound = llvm::find_if(base.defines, [&](const auto &d) {
        return d.first == spec.key[i];
      });
      args.push_back({spec.key[i], bound != base.defines.end()
                                       ? bound->second
                                       : std::to_string(key[i])});
    }
    AutotuneSpec::PruneResult pruned = spec.prune(args);
    if (!pruned.error.empty())
      return llvm::createStringError("autotuning failed: prune_configs_by: " +
                                     pruned.error);
    for (size_t i = 0; i < n; ++i)
      if (!llvm::is_contained(pruned.indices, i))
        choice.skipped[i] = "pruned by prune_configs_by";
    toTime = std::move(pruned.indices);
    choice.pruneNote = std::move(pruned.notPruned);
  }
  std::optional<size_t> best;
  for (size_t i : toTime) {
    const AutotuneConfig &config = spec.configs[i];
    llvm::Expected<double> ms = [&]() -> llvm::Expected<double> {
      llvm::Expected<const jit::LoadedKernel &> kernel = getKernel(i);
      if (!kernel)
        return kernel.takeError();
      return options.measure(config, stream, [&]() -> llvm::Error {
        return launch(*kernel, config, stream);
      });
    }();
    if (!ms) {
      // A config the device cannot run is skipped, as Triton skips configs
      // that run out of resources; a config that does not compile or a
      // launch the host got wrong is a bug to report, not a slow config.
      llvm::Error e = ms.takeError();
      if (!e.isA<runtime::CudaError>())
        return e;
      choice.skipped[i] = llvm::toString(std::move(e));
      continue;
    }
    choice.timesMs[i] = *ms;
    if (!best || *ms < choice.timesMs[*best])
      best = i;
  }
  if (!best) {
    std::string why;
    for (size_t i = 0; i < n; ++i)
      why += fmt::format("\n  config {} ({}): {}", i,
                         spec.configs[i].describe(), choice.skipped[i]);
    return llvm::createStringError("autotuning failed: no config ran" + why);
  }
  choice.index = *best;
  choice.timeMs = choice.timesMs[*best];
  choice.tunedNow = true;
  choices->store(getChoiceKey(key),
                 {*best, spec.configs[*best].describe(), choice.timeMs});
  return llvm::Error::success();
}

llvm::Expected<const Autotuner::Choice &>
Autotuner::choose(llvm::ArrayRef<int64_t> key, CUstream stream,
                  const LaunchFunction &launch) {
  std::lock_guard<std::mutex> lock(mutex);
  if (key.size() != spec.key.size())
    return llvm::createStringError(
        fmt::format("autotune key has {} values ({}), got {}", spec.key.size(),
                    llvm::join(spec.key, ", "), key.size()));
  std::vector<int64_t> k(key.begin(), key.end());
  if (auto it = chosen.find(k); it != chosen.end())
    return *it->second;

  auto choice = std::make_unique<Choice>();
  std::optional<StoredChoice> stored = choices->lookup(getChoiceKey(key));
  // The key covers the configs, so a mismatch means a damaged file that
  // still passed its checksum: tune again rather than trust it.
  if (stored && stored->index < spec.configs.size() &&
      stored->config == spec.configs[stored->index].describe()) {
    choice->index = stored->index;
    choice->timeMs = stored->timeMs;
  } else if (llvm::Error e = tune(key, stream, launch, *choice)) {
    return std::move(e);
  }
  llvm::Expected<const jit::LoadedKernel &> kernel = getKernel(choice->index);
  if (!kernel)
    return kernel.takeError();
  choice->kernel = &*kernel;
  choice->config = &spec.configs[choice->index];
  return *(chosen[k] = std::move(choice));
}

llvm::Error Autotuner::run(llvm::ArrayRef<int64_t> key, CUstream stream,
                           const LaunchFunction &launch) {
  llvm::Expected<const Choice &> choice = choose(key, stream, launch);
  if (!choice)
    return choice.takeError();
  return launch(*choice->kernel, *choice->config, stream);
}
