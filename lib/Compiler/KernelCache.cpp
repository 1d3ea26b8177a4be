//===- KernelCache.cpp - Compiled kernels in memory and on disk -*- C++ -*-===//
//
// The cache of include/tilec/KernelCache.h: keys, the entry format with its
// checks, reads that trust nothing on disk, atomic writes that fall back to
// memory on any error, and the one-compile-per-key rule between threads.
//
//===----------------------------------------------------------------------===//

#include "tilec/KernelCache.h"
#include "tilec/Frontend.h"
#include "tilec/Libdevice.h"
#include "tilec/Target.h"

#include "Compiler/FileIO.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/Endian.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Process.h"
#include "llvm/Support/SHA256.h"
#include "llvm/Support/raw_ostream.h"
#include "llvm/Support/xxhash.h"

#include <fmt/format.h>

#include <cstdlib>

using namespace tilec;
namespace endian = llvm::support::endian;

namespace {

/// "TILECKC1": the first eight bytes of every entry.
constexpr char kMagic[8] = {'T', 'I', 'L', 'E', 'C', 'K', 'C', '1'};
/// Bumped whenever the payload layout changes; older entries then miss.
/// 4: tensor descriptor parameters carry their TensorDescLayout.
/// 5: a descriptor's hidden shape and stride parameters carry their dim.
constexpr uint32_t kFormatVersion = 5;
/// magic, version, reserved, payload length, checksum.
constexpr size_t kHeaderBytes = 8 + 4 + 4 + 8 + 8;
/// The largest payload a reader accepts: far above any kernel's PTX and
/// cubin, far below what would exhaust memory. A header that declares more
/// is corrupt, and nothing past it is read.
constexpr uint64_t kMaxPayloadBytes = uint64_t(256) << 20;

/// Appends little-endian integers and length-prefixed strings.
class Writer {
public:
  void u64(uint64_t v) {
    char buf[8];
    endian::write64le(buf, v);
    out.append(buf, 8);
  }
  void i64(int64_t v) { u64(static_cast<uint64_t>(v)); }
  void str(llvm::StringRef s) {
    u64(s.size());
    out.append(s.data(), s.size());
  }
  std::string out;
};

/// Reads what Writer wrote; every read is bounds-checked and a short read
/// sets `failed` instead of reading past the end.
class Reader {
public:
  explicit Reader(llvm::StringRef data) : data(data) {}
  uint64_t u64() {
    if (failed || data.size() < 8) {
      failed = true;
      return 0;
    }
    uint64_t v = endian::read64le(data.data());
    data = data.drop_front(8);
    return v;
  }
  int i32() { return static_cast<int>(static_cast<int64_t>(u64())); }
  int64_t i64() { return static_cast<int64_t>(u64()); }
  std::string str() {
    uint64_t n = u64();
    if (failed || n > data.size()) {
      failed = true;
      return {};
    }
    std::string s = data.take_front(n).str();
    data = data.drop_front(n);
    return s;
  }
  bool atEnd() const { return data.empty(); }
  bool failed = false;

private:
  llvm::StringRef data;
};

/// A TensorDescLayout: element type, its width, block, box and swizzle.
void writeLayout(Writer &w, const TensorDescLayout &layout) {
  w.str(layout.elemType);
  w.u64(layout.elemBytes);
  for (const std::vector<int64_t> *shape :
       {&layout.blockShape, &layout.boxShape}) {
    w.u64(shape->size());
    for (int64_t d : *shape)
      w.i64(d);
  }
  w.u64(layout.swizzleBytes);
}

/// What writeLayout wrote; false for a layout no compile makes (a rank
/// outside 1..5, block and box of different ranks, an unknown swizzle).
bool readLayout(Reader &r, TensorDescLayout &layout) {
  layout.elemType = r.str();
  layout.elemBytes = static_cast<unsigned>(r.u64());
  for (std::vector<int64_t> *shape : {&layout.blockShape, &layout.boxShape}) {
    uint64_t rank = r.u64();
    if (r.failed || rank < 1 || rank > 5)
      return false;
    shape->resize(rank);
    for (int64_t &d : *shape)
      d = r.i64();
  }
  layout.swizzleBytes = static_cast<unsigned>(r.u64());
  return !r.failed && layout.blockShape.size() == layout.boxShape.size() &&
         llvm::is_contained({0u, 32u, 64u, 128u}, layout.swizzleBytes);
}

} // namespace

//===----------------------------------------------------------------------===//
// Keys and entries
//===----------------------------------------------------------------------===//

std::string KernelCache::getDefaultDirectory() {
  if (const char *dir = std::getenv("TILEC_CACHE_DIR"); dir && *dir)
    return dir;
  llvm::SmallString<256> path;
  if (const char *xdg = std::getenv("XDG_CACHE_HOME"); xdg && *xdg) {
    llvm::sys::path::append(path, xdg, "tilec");
    return std::string(path);
  }
  if (const char *home = std::getenv("HOME"); home && *home) {
    llvm::sys::path::append(path, home, ".cache", "tilec");
    return std::string(path);
  }
  return {};
}

std::string KernelCache::computeKey(llvm::StringRef source,
                                    const CompileOptions &options,
                                    llvm::StringRef filename) const {
  llvm::SHA256 sha;
  // Length-prefixed fields, so that no two different inputs concatenate to
  // the same bytes.
  auto field = [&](llvm::StringRef s) {
    char len[8];
    endian::write64le(len, s.size());
    sha.update(llvm::StringRef(len, 8));
    sha.update(s);
  };
  field(config.compilerVersion);
  field(source);
  field(options.kernelName);
  field(options.signature);
  field(std::to_string(options.defines.size()));
  for (const auto &[name, value] : options.defines) {
    field(name);
    field(value);
  }
  field(fmt::format("warps={} stages={} arch={} opt={} fpfusion={} assemble={}",
                    options.numWarps, options.numStages, options.arch,
                    options.optLevel, options.fpFusion,
                    static_cast<int>(options.assemble)));
  if (options.debug)
    field("debug");
  if (options.pipelineRemarks)
    field("pipeline-remarks");
  field(std::to_string(options.includeDirs.size()));
  for (const std::string &dir : options.includeDirs)
    field(dir);
  // A file that reads nothing besides itself keeps the key it had.
  if (!filename.empty()) {
    FrontendOptions fe;
    fe.arch = options.arch;
    fe.includeDirs = options.includeDirs;
    if (std::string deps = getModuleDependencyDigest(source, filename, fe);
        !deps.empty())
      field(deps);
  }
  // What a host adds to the file (python/tilec): the other modules' texts
  // and the values Python gave module-level names. Hashed only when given,
  // so that every other key stays as it was.
  if (!options.modules.empty() || !options.globalValues.empty()) {
    field(fmt::format("modules={} globals={}", options.modules.size(),
                      options.globalValues.size()));
    for (const SourceModule &m : options.modules) {
      field(m.name);
      field(m.filename);
      field(m.text);
    }
    for (const GlobalValue &g : options.globalValues) {
      field(g.module);
      field(g.name);
      field(g.value);
    }
  }
  // The assembler is part of the target: a cubin from another ptxas, or a
  // PTX-only entry made where there was none, must not be reused.
  std::string ptxas = "none";
  if (options.assemble != CompileOptions::Assemble::Never) {
    TargetOptions target;
    target.arch = options.arch;
    if (llvm::Expected<std::string> p = findPtxas(target))
      ptxas = *p;
    else
      llvm::consumeError(p.takeError());
  }
  field(ptxas);
  // libdevice is linked into every kernel that calls a math function, so
  // another file ($TILEC_LIBDEVICE, another toolkit, an updated toolkit)
  // may compile the same source to different code: its path, size and
  // modification time are part of the key, as the assembler's path is.
  std::string libdevice = "none";
  if (llvm::Expected<std::string> p = findLibdevice()) {
    libdevice = *p;
    llvm::sys::fs::file_status status;
    if (!llvm::sys::fs::status(*p, status))
      libdevice += fmt::format(
          " size={} mtime={}", status.getSize(),
          status.getLastModificationTime().time_since_epoch().count());
  } else {
    llvm::consumeError(p.takeError());
  }
  field(libdevice);
  std::array<uint8_t, 32> hash = sha.final();
  return llvm::toHex(hash, /*LowerCase=*/true);
}

std::string KernelCache::serializeEntry(llvm::StringRef key,
                                        const CompiledKernel &kernel) {
  const KernelMetadata &md = kernel.metadata;
  Writer p;
  p.str(key);
  p.str(kernel.ptx);
  p.str(kernel.cubin);
  p.str(md.name);
  p.str(md.arch);
  for (int v : {md.numWarps, md.threadsPerBlock, md.registers, md.spillStores,
                md.spillLoads, md.stackBytes, md.sharedBytes, md.minCtasPerSM,
                md.dynamicSharedBytes})
    p.i64(v);
  p.u64(md.hasCubin);
  p.str(md.cubinNote);
  p.str(md.compileLog);
  p.u64(md.params.size());
  for (const KernelParam &param : md.params) {
    p.str(param.name);
    p.str(param.type);
    p.u64(static_cast<uint64_t>(param.kind));
    p.u64(param.bits);
    if (param.kind == KernelParam::Kind::TensorDesc)
      writeLayout(p, param.desc);
    if (!param.isPassed())
      p.u64(param.dim);
  }

  Writer h;
  h.out.append(kMagic, sizeof(kMagic));
  char word[4];
  endian::write32le(word, kFormatVersion);
  h.out.append(word, 4);
  endian::write32le(word, 0);
  h.out.append(word, 4);
  h.u64(p.out.size());
  h.u64(llvm::xxh3_64bits(llvm::StringRef(p.out)));
  return h.out + p.out;
}

llvm::Expected<CompiledKernel>
KernelCache::deserializeEntry(llvm::StringRef bytes, llvm::StringRef key) {
  auto bad = [](llvm::StringRef why) {
    return llvm::createStringError("corrupt cache entry: " + why);
  };
  if (bytes.size() < kHeaderBytes)
    return bad(fmt::format("{} bytes, shorter than the header", bytes.size()));
  if (!bytes.starts_with(llvm::StringRef(kMagic, sizeof(kMagic))))
    return bad("bad magic");
  uint32_t version = endian::read32le(bytes.data() + 8);
  if (version != kFormatVersion)
    return bad(
        fmt::format("format version {}, expected {}", version, kFormatVersion));
  uint64_t length = endian::read64le(bytes.data() + 16);
  uint64_t checksum = endian::read64le(bytes.data() + 24);
  llvm::StringRef payload = bytes.drop_front(kHeaderBytes);
  if (payload.size() != length)
    return bad(fmt::format("payload of {} bytes, header says {}",
                           payload.size(), length));
  if (llvm::xxh3_64bits(payload) != checksum)
    return bad("checksum mismatch");

  Reader r(payload);
  CompiledKernel k;
  KernelMetadata &md = k.metadata;
  if (r.str() != key)
    return bad("entry is for another key");
  k.ptx = r.str();
  k.cubin = r.str();
  md.name = r.str();
  md.arch = r.str();
  for (int *v : {&md.numWarps, &md.threadsPerBlock, &md.registers,
                 &md.spillStores, &md.spillLoads, &md.stackBytes,
                 &md.sharedBytes, &md.minCtasPerSM, &md.dynamicSharedBytes})
    *v = r.i32();
  md.hasCubin = r.u64() != 0;
  md.cubinNote = r.str();
  md.compileLog = r.str();
  uint64_t numParams = r.u64();
  for (uint64_t i = 0; i < numParams && !r.failed; ++i) {
    KernelParam param;
    param.name = r.str();
    param.type = r.str();
    uint64_t kind = r.u64();
    if (kind > static_cast<uint64_t>(KernelParam::Kind::TensorDescStride))
      return bad("bad parameter kind");
    param.kind = static_cast<KernelParam::Kind>(kind);
    param.bits = static_cast<unsigned>(r.u64());
    if (param.kind == KernelParam::Kind::TensorDesc &&
        !readLayout(r, param.desc))
      return bad(fmt::format("bad tensor descriptor layout of parameter '{}'",
                             param.name));
    if (!param.isPassed())
      param.dim = static_cast<unsigned>(r.u64());
    md.params.push_back(std::move(param));
  }
  if (r.failed || !r.atEnd())
    return bad("payload does not parse");
  if (md.hasCubin == k.cubin.empty() || k.ptx.empty())
    return bad("inconsistent contents");
  return k;
}

//===----------------------------------------------------------------------===//
// The cache
//===----------------------------------------------------------------------===//

KernelCache::KernelCache(Config cfg) : config(std::move(cfg)) {
  if (config.compilerVersion.empty())
    config.compilerVersion = getCompilerVersion().str();
  if (!config.compile)
    config.compile = [](llvm::StringRef source, llvm::StringRef filename,
                        const CompileOptions &options) {
      return compileKernel(source, filename, options);
    };
  if (config.useDisk && config.directory.empty())
    config.directory = getDefaultDirectory();
  diskEnabled = config.useDisk && !config.directory.empty();
}

KernelCache &KernelCache::getGlobal() {
  static KernelCache cache(Config{});
  return cache;
}

std::string KernelCache::getDirectory() const {
  std::lock_guard<std::mutex> lock(mutex);
  return diskEnabled ? config.directory : std::string();
}

std::string KernelCache::getEntryPath(llvm::StringRef key) const {
  std::string dir = getDirectory();
  if (dir.empty())
    return {};
  llvm::SmallString<256> path(dir);
  llvm::sys::path::append(path, key + ".tkc");
  return std::string(path);
}

CacheStats KernelCache::getStats() const {
  std::lock_guard<std::mutex> lock(mutex);
  return stats;
}

void KernelCache::clearMemory() {
  std::lock_guard<std::mutex> lock(mutex);
  entries.clear();
}

void KernelCache::disableDisk(llvm::StringRef why) {
  // Silent: the cache only saves time, and a compile that works must not
  // print or fail because of it. TILEC_CACHE_STATS shows the reason.
  std::lock_guard<std::mutex> lock(mutex);
  if (!diskEnabled)
    return;
  diskEnabled = false;
  diskProblem = why.str();
}

std::string KernelCache::getDiskProblem() const {
  std::lock_guard<std::mutex> lock(mutex);
  return diskProblem;
}

/// Reads the entry file at `path` into `bytes`: at most the header and the
/// payload length the header declares, which must be the rest of the file.
/// `missing` when there is no file (or no directory); an error when what is
/// there cannot be an entry: a link, FIFO, device or directory (never
/// followed, opened for long or blocked on), a file too short, too long, or
/// declaring a payload over kMaxPayloadBytes.
static llvm::Error readEntryFile(llvm::StringRef path, std::string &bytes,
                                 bool &missing) {
  missing = false;
  auto bad = [](llvm::StringRef why) {
    return llvm::createStringError("corrupt cache entry: " + why);
  };
  llvm::ErrorOr<fileio::RegularFile> file = fileio::RegularFile::open(path);
  if (!file) {
    std::error_code ec = file.getError();
    missing = ec == std::errc::no_such_file_or_directory ||
              ec == std::errc::not_a_directory;
    if (ec == std::errc::invalid_argument)
      return bad("not a regular file");
    return bad(ec.message());
  }
  uint64_t size = file->getSize();
  if (size < kHeaderBytes)
    return bad(fmt::format("{} bytes, shorter than the header", size));
  if (std::error_code ec = file->read(kHeaderBytes, bytes))
    return bad(ec.message());
  uint64_t length = endian::read64le(bytes.data() + 16);
  if (length > kMaxPayloadBytes)
    return bad(fmt::format("header declares a payload of {} bytes, over the "
                           "limit of {}",
                           length, kMaxPayloadBytes));
  if (length != size - kHeaderBytes)
    return bad(fmt::format("payload of {} bytes, header says {}",
                           size - kHeaderBytes, length));
  if (std::error_code ec = file->read(length, bytes))
    return bad(ec.message());
  return llvm::Error::success();
}

KernelCache::Result KernelCache::readFromDisk(llvm::StringRef key) {
  std::string path = getEntryPath(key);
  if (path.empty())
    return nullptr;
  std::string bytes;
  bool missing = false;
  llvm::Error readError = readEntryFile(path, bytes, missing);
  if (missing) {
    llvm::consumeError(std::move(readError));
    return nullptr;
  }
  llvm::Expected<CompiledKernel> k =
      readError ? llvm::Expected<CompiledKernel>(std::move(readError))
                : deserializeEntry(bytes, key);
  if (!k) {
    // Never trusted: counted, recompiled and replaced by the caller (the
    // rename replaces a link or FIFO itself, not what it points to).
    llvm::consumeError(k.takeError());
    std::lock_guard<std::mutex> lock(mutex);
    ++stats.corruptEntries;
    return nullptr;
  }
  return std::make_shared<const CompiledKernel>(std::move(*k));
}

void KernelCache::writeToDisk(llvm::StringRef key,
                              const CompiledKernel &kernel) {
  std::string path = getEntryPath(key);
  if (path.empty())
    return;
  auto fail = [&](llvm::StringRef why) {
    {
      std::lock_guard<std::mutex> lock(mutex);
      ++stats.writeFailures;
    }
    disableDisk(why);
  };
  if (std::error_code ec = llvm::sys::fs::create_directories(config.directory))
    return fail(fmt::format("cannot create directory '{}': {}",
                            config.directory, ec.message()));
  // A unique temporary in the same directory, renamed over the entry once
  // every byte is written: a reader (another thread or process) sees the
  // old entry, the new one or none, never a partial one. A failed write
  // (disk full, quota, read-only, EIO) removes the temporary.
  if (std::error_code ec =
          fileio::writeFileAtomically(path, serializeEntry(key, kernel)))
    return fail(fmt::format("cannot write '{}': {}", path, ec.message()));
}

llvm::Expected<std::shared_ptr<const CompiledKernel>>
KernelCache::getOrCompile(llvm::StringRef source, llvm::StringRef filename,
                          const CompileOptions &options) {
  std::string key = computeKey(source, options, filename);
  std::promise<Result> promise;
  Pending pending;
  bool owner = true;
  {
    std::lock_guard<std::mutex> lock(mutex);
    if (config.useMemory) {
      auto it = entries.find(key);
      if (it != entries.end()) {
        pending = it->second;
        owner = false;
      } else {
        pending.future = promise.get_future().share();
        pending.failure = std::make_shared<Failure>();
        entries[key] = pending;
      }
    }
  }

  if (!owner) {
    // Another thread compiles it (or has): wait for its result.
    Result r = pending.future.get();
    if (!r) {
      if (pending.failure->isCompileError)
        return llvm::make_error<CompileError>(pending.failure->text);
      return llvm::createStringError(pending.failure->text);
    }
    std::lock_guard<std::mutex> lock(mutex);
    ++stats.memoryHits;
    return r;
  }

  auto publish = [&](Result r) {
    if (config.useMemory)
      promise.set_value(r);
  };
  if (Result r = readFromDisk(key)) {
    {
      std::lock_guard<std::mutex> lock(mutex);
      ++stats.diskHits;
    }
    publish(r);
    return r;
  }
  {
    std::lock_guard<std::mutex> lock(mutex);
    ++stats.misses;
  }
  llvm::Expected<CompiledKernel> compiled =
      config.compile(source, filename, options);
  if (!compiled) {
    // Failures are not cached: waiters get the error, later calls retry.
    llvm::Error e = compiled.takeError();
    bool isCompileError = e.isA<CompileError>();
    std::string text;
    llvm::handleAllErrors(
        std::move(e),
        [&](const CompileError &ce) { text = ce.getDiagnostics(); },
        [&](const llvm::ErrorInfoBase &info) { text = info.message(); });
    if (config.useMemory) {
      *pending.failure = Failure{text, isCompileError};
      {
        std::lock_guard<std::mutex> lock(mutex);
        entries.erase(key);
      }
      promise.set_value(nullptr);
    }
    if (isCompileError)
      return llvm::make_error<CompileError>(std::move(text));
    return llvm::createStringError(text);
  }
  Result r = std::make_shared<const CompiledKernel>(std::move(*compiled));
  if (!getDirectory().empty())
    writeToDisk(key, *r);
  publish(r);
  return r;
}

void tilec::printCacheStatsIfRequested(const KernelCache &cache) {
  const char *flag = std::getenv("TILEC_CACHE_STATS");
  if (!flag || !*flag || llvm::StringRef(flag) == "0")
    return;
  if (std::string problem = cache.getDiskProblem(); !problem.empty())
    llvm::errs() << fmt::format(
        "tilec: cache: note: caching in memory only: {}\n", problem);
  CacheStats s = cache.getStats();
  llvm::errs() << fmt::format(
      "tilec: cache: {} hits ({} memory, {} disk), {} misses, {} corrupt, "
      "{} write failures\n",
      s.memoryHits + s.diskHits, s.memoryHits, s.diskHits, s.misses,
      s.corruptEntries, s.writeFailures);
}
