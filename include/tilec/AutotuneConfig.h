//===- AutotuneConfig.h - The configs of @triton.autotune -------*- C++ -*-===//
//
// What `@triton.autotune(configs=[triton.Config({...}, num_warps=...,
// num_stages=...), ...], key=[...])` says, as plain data: the frontend
// fills it from the decorator (tilec/Frontend.h) and a C++ host may build
// it by hand for a kernel without one (tilec/Autotune.h). It depends on
// LLVM's ADT only, so that the frontend's syntax library can produce it.
//
//===----------------------------------------------------------------------===//

#ifndef TILEC_AUTOTUNECONFIG_H
#define TILEC_AUTOTUNECONFIG_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace tilec {

/// One `triton.Config`: constexpr bindings plus launch options.
struct AutotuneConfig {
  /// Constexpr parameter -> value, as `-D NAME=VALUE` takes it ("128",
  /// "True", "0.5", "tl.float16"), in the order the config lists them.
  std::vector<std::pair<std::string, std::string>> constexprs;
  int numWarps = 4;
  int numStages = 3;

  /// The integer bound to `name`, or nullopt when the config binds no
  /// integer by that name.
  std::optional<int64_t> lookupInt(llvm::StringRef name) const;

  /// The integer bound to `name`, for a grid function that knows the names
  /// its configs bind. Calling it for a name the config does not bind to an
  /// integer is a bug in the host program: it stops the process with a
  /// message naming the config and the name (never a silent 0 that would
  /// divide by zero in a grid computation).
  int64_t getInt(llvm::StringRef name) const;

  /// "BLOCK_M=128, BLOCK_N=64, num_warps=4, num_stages=3": how tilec prints
  /// a config (`tilec --list-configs`, error messages, the choice files).
  std::string describe() const;

  bool operator==(const AutotuneConfig &other) const {
    return constexprs == other.constexprs && numWarps == other.numWarps &&
           numStages == other.numStages;
  }
};

/// The whole decorator: the configs to time and the key, the parameters
/// whose values select a tuned choice (the problem shape).
struct AutotuneSpec {
  std::vector<AutotuneConfig> configs;
  std::vector<std::string> key;

  /// What one run of the decorator's `prune_configs_by` chose.
  struct PruneResult {
    /// The configs to time, as indices into `configs`, in Triton's order:
    /// those `early_config_prune` returned, then the `top_k` of them that
    /// `perf_model` estimates fastest.
    std::vector<size_t> indices;
    /// Non-empty when the functions needed what the evaluator cannot know
    /// (an argument the launch does not name, a device query, a library
    /// call): it says what, and `indices` lists every config.
    std::string notPruned;
    /// Non-empty where Triton fails too: `early_config_prune` returned no
    /// config, or `top_k` is neither an int nor a float <= 1.
    std::string error;
  };
  /// The launch's arguments a prune function sees, by parameter name, each
  /// value as `-D NAME=VALUE` spells it ("4096", "False", "0.5", "None",
  /// "\"mean\""): Triton's `named_args` and `**kwargs` both hold them.
  using PruneArgs = llvm::ArrayRef<std::pair<std::string, std::string>>;
  /// The decorator's `prune_configs_by`, run by the module-level evaluator
  /// on the program's own functions (docs/embedding.md, "Autotuning");
  /// empty when the decorator has none, or for a spec built by hand.
  /// Thread-safe.
  std::function<PruneResult(PruneArgs args)> prune;
};

} // namespace tilec

#endif // TILEC_AUTOTUNECONFIG_H
