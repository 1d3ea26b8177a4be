//===- Autotune.h - Timing configs, keeping the best ------------*- C++ -*-===//
//
// The C++ side of `@triton.autotune` (docs/embedding.md, "Autotuning"): an
// Autotuner compiles each configuration of one kernel through the kernel
// cache, times each on the device through the host's own launch code, keeps
// the fastest per shape key (the values of the decorator's `key`
// parameters) and stores that choice on disk beside the kernel cache, so
// that the next process with the same source, signature, configs, device
// and key launches the stored choice without timing anything.
//
//   auto tuner = tilec::autotune::Autotuner::createFromFile(
//       device, "matmul_autotune.py", options);          // decorator configs
//   auto grid = [&](const tilec::AutotuneConfig &c) {
//     return tilec::runtime::Dim3(cdiv(M, c.getInt("BLOCK_M")) *
//                                 cdiv(N, c.getInt("BLOCK_N")));
//   };
//   llvm::Error e = (*tuner)->launch({M, N, K}, stream, grid, a, b, c, M, N,
//                                    K, lda, 1, ldb, 1, ldc, 1);
//
// The pieces a test replaces are injectable: the kernel cache (and so the
// compile function), the MeasureFunction that times one config, and the
// directory of the choice files; the CUDA driver itself is replaced the way
// the runtime's tests do it (setCudaDriverForTesting).
//
// Errors are llvm::Error / llvm::Expected as everywhere in tilec: a config
// that does not compile is a CompileError naming the config; a config whose
// load, launch or timing fails with a driver error (too many registers or
// too much shared memory for this GPU) is skipped, as Triton skips configs
// that run out of resources, and only when every config fails is that an
// error, listing why each did.
//
//===----------------------------------------------------------------------===//

#ifndef TILEC_AUTOTUNE_H
#define TILEC_AUTOTUNE_H

#include "tilec/AutotuneConfig.h"
#include "tilec/JIT.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/STLFunctionalExtras.h"

#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <vector>

namespace tilec::autotune {

/// Reads the `@triton.autotune` decorator of kernel `kernelName` (empty:
/// the file's only kernel) in `source`. nullopt when the kernel has none;
/// a CompileError with tilec's diagnostics when the decorator is refused.
llvm::Expected<std::optional<AutotuneSpec>>
readSpec(llvm::StringRef source, llvm::StringRef filename,
         llvm::StringRef kernelName);

/// The host's launch of the kernel under one config: computes the grid from
/// the config's constexprs and launches once on `stream`, asynchronously.
/// The tuner calls it for warm-up and timed runs and for the real launch,
/// so it must be safe to repeat (Triton's autotuner has the same rule; see
/// docs/embedding.md for kernels that accumulate into their output).
using LaunchFunction =
    std::function<llvm::Error(const jit::LoadedKernel &kernel,
                              const AutotuneConfig &config, CUstream stream)>;

/// Times one config: may call `launchOnce` (which launches on `stream`) as
/// often as it likes and returns the time of one launch in milliseconds.
using MeasureFunction = std::function<llvm::Expected<double>(
    const AutotuneConfig &config, CUstream stream,
    llvm::function_ref<llvm::Error()> launchOnce)>;

/// The default measure: `warmup` launches, then `repetitions` launches each
/// between two CUDA events on `stream`; the median of their times.
MeasureFunction makeEventTimer(const runtime::Device &device,
                               unsigned warmup = 3, unsigned repetitions = 20);

//===----------------------------------------------------------------------===//
// Stored choices
//===----------------------------------------------------------------------===//

/// What a choice file holds.
struct StoredChoice {
  /// The config's index in the tuner's list.
  size_t index = 0;
  /// Its AutotuneConfig::describe(), checked on reading so that a file can
  /// never select a config other than the one timed.
  std::string config;
  /// The winner's time when it was tuned.
  double timeMs = 0;
};

/// Counters of a ChoiceCache (monotonic).
struct ChoiceStats {
  unsigned memoryHits = 0;
  unsigned diskHits = 0;
  /// Lookups that found nothing usable (the tuner then times the configs).
  unsigned misses = 0;
  /// Files that failed a check: ignored, re-tuned and overwritten.
  unsigned corruptFiles = 0;
  unsigned writeFailures = 0;
};

/// Choices in memory and, when a directory is given, on disk: one small
/// text file per key, `<dir>/<key>.choice`, written to a temporary file and
/// renamed into place (readers in other processes see a whole file or
/// none). A file that is short, has a wrong header, key, checksum or a bad
/// number is counted as corrupt and ignored. A directory that cannot be
/// written turns the cache to memory only, with one warning on stderr.
/// Thread-safe.
class ChoiceCache {
public:
  /// `directory` empty: memory only.
  explicit ChoiceCache(std::string directory);

  std::optional<StoredChoice> lookup(llvm::StringRef key);
  void store(llvm::StringRef key, const StoredChoice &choice);

  /// The file for `key` ("" when in memory only).
  std::string getPath(llvm::StringRef key) const;
  ChoiceStats getStats() const;

  /// The file format, exposed for tests.
  static std::string serialize(llvm::StringRef key, const StoredChoice &c);
  static llvm::Expected<StoredChoice> deserialize(llvm::StringRef text,
                                                  llvm::StringRef key);

private:
  std::string directory;
  mutable std::mutex mutex;
  std::map<std::string, StoredChoice, std::less<>> memory;
  ChoiceStats stats;
};

//===----------------------------------------------------------------------===//
// The tuner
//===----------------------------------------------------------------------===//

class Autotuner {
public:
  struct Options {
    /// Where configs are compiled and cached; KernelCache::getGlobal() when
    /// null. Must outlive the tuner.
    KernelCache *cache = nullptr;
    /// The directory of the choice files. Empty: `<kernel cache
    /// directory>/autotune`, or memory only when the kernel cache has no
    /// directory.
    std::string choiceDirectory;
    /// False: choices are kept in memory only.
    bool useDisk = true;
    /// Times one config; makeEventTimer(device) when empty.
    MeasureFunction measure;
  };

  /// What choose() settled on for one key.
  struct Choice {
    size_t index = 0;
    const AutotuneConfig *config = nullptr;
    const jit::LoadedKernel *kernel = nullptr;
    /// The winner's time (measured now, or as stored).
    double timeMs = 0;
    /// False when the choice came from memory or a choice file.
    bool tunedNow = false;
    /// When tunedNow: each config's time, NaN for one that was skipped,
    /// and why it was skipped ("" for the others).
    std::vector<double> timesMs;
    std::vector<std::string> skipped;
    /// When tunedNow and the decorator's `prune_configs_by` needed a value
    /// it was not given (AutotuneSpec::PruneResult::notPruned): what, and
    /// every config was timed.
    std::string pruneNote;
  };

  /// A tuner over the configs of the kernel's `@triton.autotune`
  /// decorator; an error when the kernel has none. `base` is the compile
  /// options every config starts from (kernel, signature, arch, -D of the
  /// constexprs no config binds); each config sets its constexprs,
  /// numWarps and numStages.
  static llvm::Expected<std::unique_ptr<Autotuner>>
  create(const runtime::Device &device, std::string source,
         std::string filename, CompileOptions base, Options options);
  /// The same with configs and key given by the host (a kernel without a
  /// decorator, or to tune other configs than its decorator's).
  static llvm::Expected<std::unique_ptr<Autotuner>>
  create(const runtime::Device &device, std::string source,
         std::string filename, CompileOptions base, AutotuneSpec spec,
         Options options);
  /// create() for a kernel file; an unreadable file is an error naming it.
  static llvm::Expected<std::unique_ptr<Autotuner>>
  createFromFile(const runtime::Device &device, llvm::StringRef path,
                 CompileOptions base, Options options);

  /// The choice for `key` (the values of getSpec().key's parameters, in
  /// order): from memory, from a choice file, or by timing every config
  /// with `launch` on `stream`. The reference stays valid as long as the
  /// tuner. Calls are serialized: tuning takes a lock.
  llvm::Expected<const Choice &> choose(llvm::ArrayRef<int64_t> key,
                                        CUstream stream,
                                        const LaunchFunction &launch);

  /// choose(), then one launch of the chosen config on `stream`.
  llvm::Error run(llvm::ArrayRef<int64_t> key, CUstream stream,
                  const LaunchFunction &launch);

  /// Triton's `kernel[grid](args...)`: run() with a launch that takes its
  /// grid from `grid(config)` and passes `args` (the runtime parameters,
  /// checked as LoadedKernel::launch checks them).
  template <typename... Args>
  llvm::Error
  launch(llvm::ArrayRef<int64_t> key, CUstream stream,
         const std::function<runtime::Dim3(const AutotuneConfig &)> &grid,
         const Args &...args) {
    jit::KernelArg list[] = {jit::KernelArg(args)..., jit::KernelArg(0)};
    llvm::ArrayRef<jit::KernelArg> argv(list, sizeof...(Args));
    return run(key, stream,
               [&](const jit::LoadedKernel &k, const AutotuneConfig &c,
                   CUstream s) { return k.launch(grid(c), s, argv); });
  }

  const AutotuneSpec &getSpec() const { return spec; }
  ChoiceStats getChoiceStats() const { return choices->getStats(); }
  /// The choice file for `key` ("" when choices are in memory only).
  std::string getChoicePath(llvm::ArrayRef<int64_t> key) const;

private:
  Autotuner(const runtime::Device &device, std::string source,
            std::string filename, CompileOptions base, AutotuneSpec spec,
            Options options);
  llvm::Error initialize();
  std::string getChoiceKey(llvm::ArrayRef<int64_t> key) const;
  /// Compiles (through the cache) and loads config `index`, once.
  llvm::Expected<const jit::LoadedKernel &> getKernel(size_t index);
  llvm::Error tune(llvm::ArrayRef<int64_t> key, CUstream stream,
                   const LaunchFunction &launch, Choice &choice);

  runtime::Device device;
  std::string source;
  std::string filename;
  CompileOptions base;
  AutotuneSpec spec;
  Options options;
  /// SHA-256 of what every choice depends on but the key values: the
  /// kernel cache key of each config, the key's names and the device.
  std::string identity;
  std::unique_ptr<ChoiceCache> choices;
  std::vector<std::optional<jit::LoadedKernel>> kernels;
  std::map<std::vector<int64_t>, std::unique_ptr<Choice>> chosen;
  std::mutex mutex;
};

} // namespace tilec::autotune

#endif // TILEC_AUTOTUNE_H
