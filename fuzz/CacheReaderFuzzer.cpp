//===- CacheReaderFuzzer.cpp - libFuzzer over the cache reader -*- C++ -*-===//
//
// `tilec-cache-fuzzer`: each input becomes the file of a kernel cache entry
// (include/tilec/KernelCache.h), which a cache then looks up as `tilec
// --emit=ptx` does: read the file, check it, and on any failed check compile
// (here: return a fixed kernel) and rewrite the entry. The same bytes also go
// to KernelCache::deserializeEntry in an exactly sized buffer, where a read
// past the end is reported (a file read may come back mapped, in whole
// pages, where it is not). A damaged entry must be refused, never crash,
// leak, or hang; an accepted one must describe a kernel that serializes and
// reads back unchanged.
//
// Input: one byte of flags, then the entry. The entry's checks (payload
// length, checksum, the key it repeats) make random bytes fail early, so the
// flags let the fuzzer ask for them to be made right, and reach the payload's
// parser: bit 0 puts this cache's key in place of the payload's first
// string, bit 1 the payload length in the header, bit 2 the payload's
// checksum. The layout this assumes (a 32-byte header: magic, version,
// reserved, length, checksum; then the payload) is the documented one of
// KernelCache.h; if it changes, the fuzzer still runs, less deeply.
//
//===----------------------------------------------------------------------===//

#include "tilec/Compiler.h"
#include "tilec/KernelCache.h"

#include "llvm/Support/Endian.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/raw_ostream.h"
#include "llvm/Support/xxhash.h"

#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <memory>
#include <string>

namespace endian = llvm::support::endian;

namespace {

constexpr size_t kHeaderBytes = 32;
constexpr size_t kLengthOffset = 16;
constexpr size_t kChecksumOffset = 24;
/// Entries of the samples are under 64 KiB of PTX; the reader must bound
/// what it reads by the header, so nothing is gained past this.
constexpr size_t kMaxInputBytes = 1 << 20;

/// The source and options every lookup uses: their key is the one entry.
constexpr const char *kSource = "# the cache fuzzer's kernel\n";

/// Ends the process with a message: a broken property, which libFuzzer
/// reports as a crash with its input saved.
[[noreturn]] void fail(const char *what) {
  std::fprintf(stderr, "tilec-cache-fuzzer: %s\n", what);
  std::abort();
}

tilec::CompiledKernel makeFallbackKernel() {
  tilec::CompiledKernel k;
  k.ptx = "// compiled by tilec-cache-fuzzer\n";
  k.metadata.name = "fallback";
  k.metadata.arch = "sm_90a";
  return k;
}

struct State {
  std::string directory;
  std::unique_ptr<tilec::KernelCache> cache;
  tilec::CompileOptions options;
  std::string key;
  std::string entryPath;
};

State &getState() {
  static State state;
  return state;
}

void removeDirectory() {
  llvm::sys::fs::remove_directories(getState().directory);
}

bool sameLayout(const tilec::TensorDescLayout &a,
                const tilec::TensorDescLayout &b) {
  return a.elemType == b.elemType && a.elemBytes == b.elemBytes &&
         a.blockShape == b.blockShape && a.boxShape == b.boxShape &&
         a.swizzleBytes == b.swizzleBytes;
}

bool sameKernel(const tilec::CompiledKernel &a,
                const tilec::CompiledKernel &b) {
  const tilec::KernelMetadata &x = a.metadata, &y = b.metadata;
  if (a.ptx != b.ptx || a.cubin != b.cubin || x.name != y.name ||
      x.arch != y.arch || x.numWarps != y.numWarps ||
      x.threadsPerBlock != y.threadsPerBlock || x.registers != y.registers ||
      x.spillStores != y.spillStores || x.spillLoads != y.spillLoads ||
      x.stackBytes != y.stackBytes || x.sharedBytes != y.sharedBytes ||
      x.dynamicSharedBytes != y.dynamicSharedBytes ||
      x.minCtasPerSM != y.minCtasPerSM || x.hasCubin != y.hasCubin ||
      x.cubinNote != y.cubinNote || x.compileLog != y.compileLog ||
      x.params.size() != y.params.size())
    return false;
  for (size_t i = 0; i < x.params.size(); ++i) {
    const tilec::KernelParam &p = x.params[i], &q = y.params[i];
    if (p.name != q.name || p.type != q.type || p.kind != q.kind ||
        p.bits != q.bits || !sameLayout(p.desc, q.desc))
      return false;
  }
  return true;
}

/// A kernel the reader accepted: it keeps the entry format's promises and
/// survives a write and a read unchanged.
void checkAccepted(const tilec::CompiledKernel &k, llvm::StringRef key) {
  if (k.ptx.empty() || k.metadata.hasCubin == k.cubin.empty())
    fail("accepted an entry with inconsistent contents");
  std::string again = tilec::KernelCache::serializeEntry(key, k);
  llvm::Expected<tilec::CompiledKernel> back =
      tilec::KernelCache::deserializeEntry(again, key);
  if (!back) {
    llvm::consumeError(back.takeError());
    fail("an accepted entry, written again, does not read back");
  }
  if (!sameKernel(k, *back))
    fail("an accepted entry, written again, reads back different");
}

/// Applies the repairs the flags ask for (see the file comment).
std::string repair(llvm::StringRef entry, uint8_t flags, llvm::StringRef key) {
  std::string out = entry.str();
  if (out.size() < kHeaderBytes)
    return out;
  if (flags & 1 && out.size() >= kHeaderBytes + 8) {
    uint64_t n = endian::read64le(out.data() + kHeaderBytes);
    if (n <= out.size() - kHeaderBytes - 8) {
      char len[8];
      endian::write64le(len, key.size());
      out = out.substr(0, kHeaderBytes) + std::string(len, 8) + key.str() +
            out.substr(kHeaderBytes + 8 + n);
    }
  }
  llvm::StringRef payload = llvm::StringRef(out).drop_front(kHeaderBytes);
  if (flags & 2)
    endian::write64le(&out[kLengthOffset], payload.size());
  if (flags & 4)
    endian::write64le(&out[kChecksumOffset], llvm::xxh3_64bits(payload));
  return out;
}

} // namespace

extern "C" int LLVMFuzzerInitialize(int *, char ***) {
  State &s = getState();
  llvm::SmallString<128> dir;
  if (llvm::sys::fs::createUniqueDirectory("tilec-cache-fuzz", dir))
    fail("cannot create a temporary directory");
  s.directory = std::string(dir);
  std::atexit(removeDirectory);
  tilec::KernelCache::Config config;
  config.directory = s.directory;
  // Disk only, as `tilec` uses it: every lookup reads the file.
  config.useMemory = false;
  config.compilerVersion = "tilec-cache-fuzzer";
  config.compile = [](llvm::StringRef, llvm::StringRef,
                      const tilec::CompileOptions &) {
    return llvm::Expected<tilec::CompiledKernel>(makeFallbackKernel());
  };
  s.cache = std::make_unique<tilec::KernelCache>(std::move(config));
  s.options.signature = "*fp32";
  s.key = s.cache->computeKey(kSource, s.options);
  s.entryPath = s.cache->getEntryPath(s.key);
  return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  if (size == 0 || size > kMaxInputBytes)
    return -1;
  State &s = getState();
  std::string entry = repair(
      llvm::StringRef(reinterpret_cast<const char *>(data) + 1, size - 1),
      data[0], s.key);

  // The parser alone, on an exactly sized buffer.
  {
    std::unique_ptr<char[]> copy(new char[entry.size()]);
    std::memcpy(copy.get(), entry.data(), entry.size());
    llvm::Expected<tilec::CompiledKernel> k =
        tilec::KernelCache::deserializeEntry(
            llvm::StringRef(copy.get(), entry.size()), s.key);
    if (k)
      checkAccepted(*k, s.key);
    else
      llvm::consumeError(k.takeError());
  }

  // The whole lookup, with the bytes as the entry's file.
  {
    std::error_code ec;
    llvm::raw_fd_ostream os(s.entryPath, ec);
    if (ec)
      fail("cannot write the entry file");
    os << entry;
  }
  tilec::CacheStats before = s.cache->getStats();
  llvm::Expected<std::shared_ptr<const tilec::CompiledKernel>> k =
      s.cache->getOrCompile(kSource, "fuzz.py", s.options);
  if (!k) {
    llvm::consumeError(k.takeError());
    fail("a lookup failed although the compile cannot");
  }
  tilec::CacheStats after = s.cache->getStats();
  if (s.cache->getDirectory().empty())
    fail("the cache turned to memory only: nothing more is read from disk");
  if (after.diskHits > before.diskHits) {
    checkAccepted(**k, s.key);
    return 0;
  }
  // Refused: the lookup compiled, and the entry on disk is now a good one.
  if (!sameKernel(**k, makeFallbackKernel()))
    fail("a refused entry did not fall back to the compile");
  llvm::ErrorOr<std::unique_ptr<llvm::MemoryBuffer>> file =
      llvm::MemoryBuffer::getFile(s.entryPath, /*IsText=*/false,
                                  /*RequiresNullTerminator=*/false);
  if (!file)
    fail("the rewritten entry is missing");
  llvm::Expected<tilec::CompiledKernel> rewritten =
      tilec::KernelCache::deserializeEntry((*file)->getBuffer(), s.key);
  if (!rewritten) {
    llvm::consumeError(rewritten.takeError());
    fail("the rewritten entry does not read back");
  }
  return 0;
}
