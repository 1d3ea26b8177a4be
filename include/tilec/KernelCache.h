//===- KernelCache.h - Compiled kernels in memory and on disk ---*- C++ -*-===//
//
// A cache of CompiledKernels shared by the JIT and `tilec --emit=ptx|cubin`,
// so that a kernel is compiled once per machine rather than once per
// process.
//
// Key: SHA-256 over the compiler version (getCompilerVersion), the whole
// source text, the kernel name, the signature, the -D bindings, every
// CompileOptions field and the ptxas that would assemble it. The whole file
// is hashed, not just the kernel: the frontend inlines helpers and reads
// module-level constexpr globals from anywhere in the file, and hashing the
// file is the one choice that can never miss a change that matters (an edit
// elsewhere in the file only costs a recompile).
//
// Disk: `$TILEC_CACHE_DIR`, else `$XDG_CACHE_HOME/tilec`, else
// `~/.cache/tilec`; one file per key, `<dir>/<key>.tkc`. An entry is a header
// (magic "TILECKC1", format version, payload length, xxh3 checksum of the
// payload) and the payload, which repeats the key. Nothing on disk is
// trusted: an entry is opened without following links or blocking, must be
// a regular file, and is read no further than the payload length its header
// declares (at most 256 MiB), which must be the rest of the file. A link, a
// FIFO, a device, or an entry that is short, long, or has the wrong magic,
// version, length, checksum or key is counted as corrupt, recompiled and
// replaced, never loaded. An entry is written to a temporary file and
// renamed into place only when every byte is written, so readers see a whole
// entry or none; on any write error (disk full, quota, read-only, EIO) the
// temporary is removed and the cache silently turns to memory only, as it
// does when the directory cannot be created (TILEC_CACHE_STATS says why).
//
// Threads: every method may be called from any thread. N threads asking for
// the same key compile it once; the others wait for that result.
//
//===----------------------------------------------------------------------===//

#ifndef TILEC_KERNELCACHE_H
#define TILEC_KERNELCACHE_H

#include "tilec/Compiler.h"

#include "llvm/ADT/StringMap.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

#include <atomic>
#include <functional>
#include <future>
#include <memory>
#include <mutex>
#include <string>

namespace tilec {

/// Hit and miss counters (monotonic; `TILEC_CACHE_STATS=1` prints them).
struct CacheStats {
  unsigned memoryHits = 0;
  unsigned diskHits = 0;
  /// Lookups that compiled (no entry, or a corrupt one).
  unsigned misses = 0;
  /// Entries on disk that failed a check and were replaced.
  unsigned corruptEntries = 0;
  /// Entries that could not be written.
  unsigned writeFailures = 0;
};

/// The function a cache calls on a miss; compileKernel unless a test
/// replaces it.
using CompileFunction = std::function<llvm::Expected<CompiledKernel>(
    llvm::StringRef source, llvm::StringRef filename,
    const CompileOptions &options)>;

class KernelCache {
public:
  struct Config {
    /// The directory for entries. Empty: getDefaultDirectory().
    std::string directory;
    /// False: memory only.
    bool useDisk = true;
    /// False: disk only (each lookup reads the file), as `tilec` uses it.
    bool useMemory = true;
    /// Mixed into every key; getCompilerVersion() when empty.
    std::string compilerVersion;
    /// Called on a miss; compileKernel when empty.
    CompileFunction compile;
  };

  explicit KernelCache(Config config);
  KernelCache(const KernelCache &) = delete;
  KernelCache &operator=(const KernelCache &) = delete;

  /// The process-wide cache with the default configuration, which the JIT
  /// uses unless given another.
  static KernelCache &getGlobal();

  /// `$TILEC_CACHE_DIR`, else `$XDG_CACHE_HOME/tilec`, else
  /// `$HOME/.cache/tilec`; empty when none of them is set.
  static std::string getDefaultDirectory();

  /// The key of a compile: 64 hex digits. With `filename`, the key also
  /// covers what the file's module-level Python reads besides it (the
  /// modules it imports from the program, the environment variables it
  /// consults: tilec::getModuleDependencyDigest).
  std::string computeKey(llvm::StringRef source, const CompileOptions &options,
                         llvm::StringRef filename = "") const;

  /// The compiled kernel for `source` and `options`, from memory, from disk
  /// or by compiling it (and storing the result). Compile errors are not
  /// cached: the next call compiles again.
  llvm::Expected<std::shared_ptr<const CompiledKernel>>
  getOrCompile(llvm::StringRef source, llvm::StringRef filename,
               const CompileOptions &options);

  /// The file an entry for `key` lives in ("" when the cache is in memory).
  std::string getEntryPath(llvm::StringRef key) const;
  /// The directory in use, or "" for a memory-only cache.
  std::string getDirectory() const;
  /// Why the cache stopped using its directory ("cannot write '...': No
  /// space left on device"); empty while it uses it or never had one.
  std::string getDiskProblem() const;
  CacheStats getStats() const;
  /// Forgets the in-memory entries (the disk is untouched).
  void clearMemory();

  /// Serialization of one entry (header + payload), exposed for tests.
  static std::string serializeEntry(llvm::StringRef key,
                                    const CompiledKernel &kernel);
  /// Parses an entry; an error says what check failed.
  static llvm::Expected<CompiledKernel> deserializeEntry(llvm::StringRef bytes,
                                                         llvm::StringRef key);

private:
  using Result = std::shared_ptr<const CompiledKernel>;
  /// A failed compile, filled in before the future is set to null.
  struct Failure {
    std::string text;
    bool isCompileError = false;
  };
  struct Pending {
    std::shared_future<Result> future;
    std::shared_ptr<Failure> failure;
  };

  Result readFromDisk(llvm::StringRef key);
  void writeToDisk(llvm::StringRef key, const CompiledKernel &kernel);
  void disableDisk(llvm::StringRef why);

  Config config;
  mutable std::mutex mutex;
  llvm::StringMap<Pending> entries;
  CacheStats stats;
  bool diskEnabled = true;
  std::string diskProblem;
};

/// Prints the stats as one line to stderr when `TILEC_CACHE_STATS` is set
/// and not "0": "tilec: cache: 1 hit (0 memory, 1 disk), 0 misses, ...",
/// after a note saying why the disk was given up, if it was.
void printCacheStatsIfRequested(const KernelCache &cache);

} // namespace tilec

#endif // TILEC_KERNELCACHE_H
