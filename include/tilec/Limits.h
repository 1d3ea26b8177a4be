//===- Limits.h - The limits tilec checks on its input ----------*- C++ -*-===//
//
// Every bound tilec puts on what a user can write, in one place: the
// frontend, the passes and the driver check these with a located error
// before anything that depends on them can fail, so that no input crashes
// the compiler, hangs it or exhausts its memory. Where Triton or CPython
// has the same limit, the value is theirs.
//
//===----------------------------------------------------------------------===//

#ifndef TILEC_LIMITS_H
#define TILEC_LIMITS_H

#include <cstdint>
#include <optional>
#include <string>

namespace tilec {

/// The largest kernel file tilec reads (16 MiB); real kernels are a few
/// kilobytes, and the bound keeps `/dev/zero` or a huge log from being read.
constexpr uint64_t kMaxKernelFileBytes = uint64_t(16) << 20;

/// The most digits a number literal may have: CPython refuses decimal
/// integer literals past 4300 digits (its default int_max_str_digits);
/// tilec bounds every number literal the same way so that none can make
/// the number parsers slow.
constexpr unsigned kMaxLiteralDigits = 4300;

/// The highest tile rank: the layouts of the back end name at most 32
/// dimensions (dim0 to dim31). Kernels rarely pass rank 4, but tl.flip and
/// tl.sort split a dimension of 2^k into k dimensions of 2 (a 1-D tile of
/// 2^20 elements becomes rank 20).
constexpr unsigned kMaxTileRank = 32;

/// The most elements a tile may have, as Triton's TRITON_MAX_TENSOR_NUMEL.
constexpr int64_t kMaxTileElements = int64_t(1) << 20;

/// The most warps per program: 32 warps of 32 threads are the 1024 threads
/// a CUDA block can have.
constexpr int kMaxNumWarps = 32;

/// The deepest software pipelining: each stage holds a copy of every
/// pipelined tile in shared memory, so more stages than this cannot fit.
constexpr int kMaxNumStages = 16;

/// How deep inlined @jit helpers may nest.
constexpr unsigned kMaxInlineDepth = 64;

/// The most operations the frontend emits for one kernel, all inlined
/// helpers and unrolled loops included: past it the kernel could not be
/// compiled in reasonable time (helpers that call each other twice per level
/// grow exponentially).
constexpr int64_t kMaxEmittedOps = 1000000;

/// Why `numWarps` is not a valid num_warps (a power of two from 1 to 32), or
/// nullopt when it is.
inline std::optional<std::string> checkNumWarps(int64_t numWarps) {
  if (numWarps >= 1 && numWarps <= kMaxNumWarps &&
      (numWarps & (numWarps - 1)) == 0)
    return std::nullopt;
  return "num_warps must be a power of two from 1 to " +
         std::to_string(kMaxNumWarps) + ", got " + std::to_string(numWarps);
}

/// Why `numStages` is not a valid num_stages (1 to 16), or nullopt.
inline std::optional<std::string> checkNumStages(int64_t numStages) {
  if (numStages >= 1 && numStages <= kMaxNumStages)
    return std::nullopt;
  return "num_stages must be from 1 to " + std::to_string(kMaxNumStages) +
         ", got " + std::to_string(numStages);
}

} // namespace tilec

#endif // TILEC_LIMITS_H
