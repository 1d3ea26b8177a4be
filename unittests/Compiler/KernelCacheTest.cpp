//===- KernelCacheTest.cpp - Tests of the kernel cache ----------*- C++ -*-===//
//
// include/tilec/KernelCache.h on the CPU: what hits and what misses, entries
// that are truncated or have flipped bytes, entries that are links to
// devices, FIFOs or directories, headers that lie about their length, write
// failures (a file size limit, a full and a read-only tmpfs when the test
// may mount one), an unusable directory, and eight threads asking for one
// kernel. Most tests count compiles through a replaced compile function
// (fast, and the count is exact); two compile real kernels to PTX to show
// the key covers what the compiler reads.
//
//===----------------------------------------------------------------------===//

#include "tilec/KernelCache.h"
#include "tilec/Libdevice.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"

#include "gtest/gtest.h"

#include <atomic>
#include <chrono>
#include <csignal>
#include <cstring>
#include <future>
#include <thread>

#include <fcntl.h>
#include <sys/mount.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <unistd.h>

using namespace tilec;

namespace {

constexpr const char *kSource = R"py(import triton
import triton.language as tl


@triton.jit
def scale(x):
    return x * 3.0


@triton.jit
def k(out_ptr, in_ptr, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    x = tl.load(in_ptr + offs, mask=mask)
    tl.store(out_ptr + offs, scale(x), mask=mask)
)py";

CompileOptions baseOptions() {
  CompileOptions o;
  o.kernelName = "k";
  o.signature = "*fp32:16, *fp32:16, i32";
  o.defines = {{"BLOCK", "256"}};
  o.assemble = CompileOptions::Assemble::Never;
  return o;
}

/// A cache in a fresh temporary directory whose compiles are counted and
/// return a recognizable fake kernel.
class KernelCacheTest : public testing::Test {
protected:
  void SetUp() override {
    llvm::SmallString<128> path;
    ASSERT_FALSE(llvm::sys::fs::createUniqueDirectory("tilec-cache", path));
    dir = std::string(path);
  }
  void TearDown() override { llvm::sys::fs::remove_directories(dir); }

  KernelCache::Config config(std::string version = "test-1") {
    KernelCache::Config c;
    c.directory = dir;
    c.compilerVersion = std::move(version);
    c.compile =
        [this](llvm::StringRef source, llvm::StringRef,
               const CompileOptions &opts) -> llvm::Expected<CompiledKernel> {
      ++compiles;
      if (delay.count())
        std::this_thread::sleep_for(delay);
      CompiledKernel k;
      k.ptx = "// ptx of " + opts.kernelName + " #" +
              std::to_string(compiles.load()) + padding;
      k.metadata.name = opts.kernelName;
      k.metadata.numWarps = opts.numWarps;
      k.metadata.params.push_back(
          {"out_ptr", "*fp32", KernelParam::Kind::Pointer, 64});
      return k;
    };
    return c;
  }

  /// Compiles through `cache` and returns the PTX ("" on error).
  static std::string get(KernelCache &cache, const CompileOptions &opts,
                         llvm::StringRef source = kSource) {
    auto k = cache.getOrCompile(source, "k.py", opts);
    if (!k) {
      ADD_FAILURE() << llvm::toString(k.takeError());
      return "";
    }
    return (*k)->ptx;
  }

  /// The names in `directory`, sorted.
  static std::vector<std::string> listDirectory(const std::string &directory) {
    std::vector<std::string> names;
    std::error_code ec;
    for (llvm::sys::fs::directory_iterator it(directory, ec), end;
         !ec && it != end; it.increment(ec))
      names.push_back(llvm::sys::path::filename(it->path()).str());
    llvm::sort(names);
    return names;
  }

  std::string dir;
  std::atomic<int> compiles{0};
  std::chrono::milliseconds delay{0};
  /// Appended to every fake PTX, to make entries of a given size.
  std::string padding;
};

TEST_F(KernelCacheTest, IdenticalInputHitsInMemoryThenOnDisk) {
  {
    KernelCache cache(config());
    std::string first = get(cache, baseOptions());
    EXPECT_EQ(get(cache, baseOptions()), first);
    EXPECT_EQ(compiles, 1);
    CacheStats s = cache.getStats();
    EXPECT_EQ(s.misses, 1u);
    EXPECT_EQ(s.memoryHits, 1u);
  }
  // A new cache on the same directory is a new process: a disk hit.
  KernelCache cache(config());
  get(cache, baseOptions());
  EXPECT_EQ(compiles, 1);
  EXPECT_EQ(cache.getStats().diskHits, 1u);
  // The entry round-trips the metadata.
  auto k = cache.getOrCompile(kSource, "k.py", baseOptions());
  ASSERT_TRUE(static_cast<bool>(k));
  ASSERT_EQ((*k)->metadata.params.size(), 1u);
  EXPECT_EQ((*k)->metadata.params[0].type, "*fp32");
}

TEST_F(KernelCacheTest, EveryInputChangeMisses) {
  KernelCache cache(config());
  std::string base = cache.computeKey(kSource, baseOptions());
  EXPECT_EQ(cache.computeKey(kSource, baseOptions()), base);

  std::string source = kSource;
  std::string changedKernel = source;
  changedKernel.replace(changedKernel.find("mask=mask)\n"), 10, "mask=None)");
  std::string changedHelper = source;
  changedHelper.replace(changedHelper.find("x * 3.0"), 7, "x * 5.0");
  EXPECT_NE(cache.computeKey(changedKernel, baseOptions()), base);
  EXPECT_NE(cache.computeKey(changedHelper, baseOptions()), base);

  std::vector<CompileOptions> variants(7, baseOptions());
  variants[0].signature = "*fp16:16, *fp16:16, i32";
  variants[1].defines = {{"BLOCK", "512"}};
  variants[2].numWarps = 8;
  variants[3].arch = "sm_80";
  variants[4].numStages = 2;
  variants[5].optLevel = 2;
  variants[6].kernelName = "scale";
  for (const CompileOptions &o : variants)
    EXPECT_NE(cache.computeKey(kSource, o), base);

  KernelCache other(config("test-2"));
  EXPECT_NE(other.computeKey(kSource, baseOptions()), base);

  // Another libdevice is another kernel: $TILEC_LIBDEVICE names a copy.
  {
    llvm::Expected<std::string> libdevice = findLibdevice();
    ASSERT_TRUE(static_cast<bool>(libdevice))
        << llvm::toString(libdevice.takeError());
    std::string copy = dir + "/libdevice-copy.bc";
    ASSERT_FALSE(llvm::sys::fs::copy_file(*libdevice, copy));
    const char *old = std::getenv("TILEC_LIBDEVICE");
    std::string saved = old ? old : "";
    ::setenv("TILEC_LIBDEVICE", copy.c_str(), 1);
    EXPECT_NE(cache.computeKey(kSource, baseOptions()), base);
    if (old)
      ::setenv("TILEC_LIBDEVICE", saved.c_str(), 1);
    else
      ::unsetenv("TILEC_LIBDEVICE");
    EXPECT_EQ(cache.computeKey(kSource, baseOptions()), base);
  }

  // And each change compiles again, through memory and disk.
  get(cache, baseOptions());
  get(cache, baseOptions(), changedHelper);
  get(other, baseOptions());
  for (const CompileOptions &o : variants)
    get(cache, o);
  EXPECT_EQ(compiles, 3 + static_cast<int>(variants.size()));
}

TEST_F(KernelCacheTest, AnotherLibdeviceMisses) {
  // Two libdevice files: the key names the one TILEC_LIBDEVICE selects.
  std::string a = dir + "/libdevice-a.bc", b = dir + "/libdevice-b.bc";
  for (const std::string &path : {a, b}) {
    std::error_code ec;
    llvm::raw_fd_ostream os(path, ec);
    ASSERT_FALSE(ec);
    os << path;
  }
  const char *saved = std::getenv("TILEC_LIBDEVICE");
  std::string copy = saved ? saved : "";
  KernelCache cache(config());
  ::setenv("TILEC_LIBDEVICE", a.c_str(), 1);
  std::string keyA = cache.computeKey(kSource, baseOptions());
  EXPECT_EQ(cache.computeKey(kSource, baseOptions()), keyA);
  ::setenv("TILEC_LIBDEVICE", b.c_str(), 1);
  std::string keyB = cache.computeKey(kSource, baseOptions());
  if (saved)
    ::setenv("TILEC_LIBDEVICE", copy.c_str(), 1);
  else
    ::unsetenv("TILEC_LIBDEVICE");
  EXPECT_NE(keyA, keyB);
}

TEST_F(KernelCacheTest, RealCompilesSeeHelperChanges) {
  // The real compiler: the helper's constant reaches the PTX, and the
  // cache hands back the PTX of the source it was given.
  KernelCache::Config c;
  c.directory = dir;
  KernelCache cache(c);
  std::string source = kSource;
  std::string changedHelper = source;
  changedHelper.replace(changedHelper.find("x * 3.0"), 7, "x * 5.0");
  std::string ptx3 = get(cache, baseOptions(), source);
  std::string ptx5 = get(cache, baseOptions(), changedHelper);
  ASSERT_FALSE(ptx3.empty());
  // 3.0 and 5.0 as PTX float immediates.
  EXPECT_NE(ptx3.find("0f40400000"), std::string::npos) << ptx3;
  EXPECT_NE(ptx5.find("0f40A00000"), std::string::npos) << ptx5;
  EXPECT_EQ(cache.getStats().misses, 2u);
  EXPECT_EQ(get(cache, baseOptions(), source), ptx3);
  EXPECT_EQ(cache.getStats().memoryHits, 1u);
}

TEST_F(KernelCacheTest, CompileErrorsCarryDiagnosticsAndAreNotCached) {
  KernelCache::Config c;
  c.directory = dir;
  KernelCache cache(c);
  CompileOptions o = baseOptions();
  o.signature = "*fp32:16, i32";
  for (int i = 0; i < 2; ++i) {
    auto k = cache.getOrCompile(kSource, "k.py", o);
    ASSERT_FALSE(static_cast<bool>(k));
    EXPECT_TRUE(k.errorIsA<CompileError>());
    std::string message = llvm::toString(k.takeError());
    EXPECT_NE(message.find("k.py:11:5: error: signature has 2 entries but "
                           "kernel 'k' has 4 parameters"),
              std::string::npos)
        << message;
  }
  EXPECT_EQ(cache.getStats().misses, 2u);
}

/// Overwrites the entry of `key` with `edit` applied to its bytes.
void editEntry(const std::string &path,
               const std::function<void(std::string &)> &edit) {
  auto buf = llvm::MemoryBuffer::getFile(path, false, false);
  ASSERT_TRUE(static_cast<bool>(buf)) << path;
  std::string bytes = (*buf)->getBuffer().str();
  edit(bytes);
  std::error_code ec;
  llvm::raw_fd_ostream os(path, ec);
  ASSERT_FALSE(ec);
  os << bytes;
}

TEST_F(KernelCacheTest, CorruptEntriesAreRecompiledNeverLoaded) {
  std::vector<std::pair<const char *, std::function<void(std::string &)>>>
      damages = {
          {"truncated payload", [](std::string &b) { b.resize(b.size() - 5); }},
          {"truncated header", [](std::string &b) { b.resize(10); }},
          {"empty file", [](std::string &b) { b.clear(); }},
          {"flipped payload byte",
           [](std::string &b) { b[b.size() - 3] ^= 1; }},
          {"flipped magic", [](std::string &b) { b[0] ^= 0x20; }},
          {"other version", [](std::string &b) { b[8] = 99; }},
      };
  std::string key, path, good;
  {
    KernelCache cache(config());
    key = cache.computeKey(kSource, baseOptions());
    path = cache.getEntryPath(key);
    good = get(cache, baseOptions());
  }
  int expectedCompiles = 1;
  for (auto &[what, damage] : damages) {
    SCOPED_TRACE(what);
    editEntry(path, damage);
    KernelCache cache(config());
    std::string ptx = get(cache, baseOptions());
    ++expectedCompiles;
    EXPECT_EQ(compiles, expectedCompiles);
    // The fresh compile (numbered by the counter), not the damaged bytes.
    EXPECT_EQ(ptx, "// ptx of k #" + std::to_string(expectedCompiles));
    CacheStats s = cache.getStats();
    EXPECT_EQ(s.corruptEntries, 1u);
    EXPECT_EQ(s.misses, 1u);
    // The entry was rewritten and now hits.
    KernelCache again(config());
    EXPECT_EQ(get(again, baseOptions()), ptx);
    EXPECT_EQ(again.getStats().diskHits, 1u);
  }
}

TEST_F(KernelCacheTest, EntryChecksSayWhatFailed) {
  CompiledKernel k;
  k.ptx = "ptx";
  std::string bytes = KernelCache::serializeEntry("key", k);
  ASSERT_TRUE(static_cast<bool>(KernelCache::deserializeEntry(bytes, "key")));
  auto message = [](llvm::Expected<CompiledKernel> e) {
    return e ? std::string("<success>") : llvm::toString(e.takeError());
  };
  EXPECT_EQ(message(KernelCache::deserializeEntry(bytes, "other")),
            "corrupt cache entry: entry is for another key");
  EXPECT_EQ(message(KernelCache::deserializeEntry(bytes.substr(0, 20), "key")),
            "corrupt cache entry: 20 bytes, shorter than the header");
  std::string flipped = bytes;
  flipped[40] ^= 4;
  EXPECT_EQ(message(KernelCache::deserializeEntry(flipped, "key")),
            "corrupt cache entry: checksum mismatch");
  EXPECT_EQ(message(KernelCache::deserializeEntry(bytes + "x", "key")),
            "corrupt cache entry: payload of " +
                std::to_string(bytes.size() - 32 + 1) + " bytes, header says " +
                std::to_string(bytes.size() - 32));
}

TEST_F(KernelCacheTest, HiddenDescriptorParametersKeepTheirDim) {
  CompiledKernel k;
  k.ptx = "ptx";
  KernelParam desc{"a_desc", "tensordesc<bf16[64, 128]>",
                   KernelParam::Kind::TensorDesc, 1024};
  desc.desc.elemType = "bf16";
  desc.desc.elemBytes = 2;
  desc.desc.blockShape = {64, 128};
  desc.desc.boxShape = {64, 64};
  desc.desc.swizzleBytes = 128;
  KernelParam shape{"a_desc.shape.1", "i32",
                    KernelParam::Kind::TensorDescShape, 32};
  shape.dim = 1;
  KernelParam stride{"a_desc.strides.0", "i64",
                     KernelParam::Kind::TensorDescStride, 64};
  k.metadata.params = {desc, shape, stride};
  llvm::Expected<CompiledKernel> back = KernelCache::deserializeEntry(
      KernelCache::serializeEntry("key", k), "key");
  ASSERT_TRUE(static_cast<bool>(back)) << llvm::toString(back.takeError());
  ASSERT_EQ(back->metadata.params.size(), 3u);
  EXPECT_EQ(back->metadata.params[1].kind, KernelParam::Kind::TensorDescShape);
  EXPECT_EQ(back->metadata.params[1].dim, 1u);
  EXPECT_EQ(back->metadata.params[1].name, "a_desc.shape.1");
  EXPECT_EQ(back->metadata.params[2].kind,
            KernelParam::Kind::TensorDescStride);
  EXPECT_EQ(back->metadata.params[2].dim, 0u);
  EXPECT_EQ(back->metadata.params[2].bits, 64u);
  EXPECT_EQ(back->metadata.getNumPassedParams(), 1u);
}

TEST_F(KernelCacheTest, TensorDescParametersKeepTheirLayout) {
  CompiledKernel k;
  k.ptx = "ptx";
  KernelParam desc{"a_desc", "tensordesc<bf16[64, 128]>",
                   KernelParam::Kind::TensorDesc, 1024};
  desc.desc.elemType = "bf16";
  desc.desc.elemBytes = 2;
  desc.desc.blockShape = {64, 128};
  desc.desc.boxShape = {64, 64};
  desc.desc.swizzleBytes = 128;
  k.metadata.params = {desc, {"n", "i32", KernelParam::Kind::Int, 32}};
  llvm::Expected<CompiledKernel> back = KernelCache::deserializeEntry(
      KernelCache::serializeEntry("key", k), "key");
  ASSERT_TRUE(static_cast<bool>(back)) << llvm::toString(back.takeError());
  ASSERT_EQ(back->metadata.params.size(), 2u);
  const KernelParam &p = back->metadata.params[0];
  EXPECT_EQ(p.name, "a_desc");
  EXPECT_EQ(p.type, "tensordesc<bf16[64, 128]>");
  EXPECT_EQ(p.kind, KernelParam::Kind::TensorDesc);
  EXPECT_EQ(p.bits, 1024u);
  EXPECT_EQ(p.desc.elemType, "bf16");
  EXPECT_EQ(p.desc.elemBytes, 2u);
  EXPECT_EQ(p.desc.blockShape, (std::vector<int64_t>{64, 128}));
  EXPECT_EQ(p.desc.boxShape, (std::vector<int64_t>{64, 64}));
  EXPECT_EQ(p.desc.swizzleBytes, 128u);
  EXPECT_EQ(back->metadata.params[1].kind, KernelParam::Kind::Int);
  EXPECT_EQ(back->metadata.params[1].name, "n");

  // A layout no compile makes is refused rather than launched with.
  k.metadata.params[0].desc.swizzleBytes = 48;
  llvm::Expected<CompiledKernel> bad = KernelCache::deserializeEntry(
      KernelCache::serializeEntry("key", k), "key");
  ASSERT_FALSE(static_cast<bool>(bad));
  EXPECT_EQ(llvm::toString(bad.takeError()),
            "corrupt cache entry: bad tensor descriptor layout of parameter "
            "'a_desc'");
}

TEST_F(KernelCacheTest, EntriesOfEarlierFormatsMiss) {
  CompiledKernel k;
  k.ptx = "ptx";
  std::string bytes = KernelCache::serializeEntry("key", k);
  // Format 3 wrote no layouts, format 4 no hidden parameters' dims: their
  // entries must not be read as format 5.
  for (char version : {3, 4}) {
    bytes[8] = version;
    llvm::Expected<CompiledKernel> old =
        KernelCache::deserializeEntry(bytes, "key");
    ASSERT_FALSE(static_cast<bool>(old));
    EXPECT_EQ(llvm::toString(old.takeError()),
              "corrupt cache entry: format version " +
                  std::to_string(version) + ", expected 5");
  }
}

TEST_F(KernelCacheTest, UnusableDirectoryFallsBackToMemorySilently) {
  // A regular file where the directory should be, or above it: creating it
  // fails even for root, for whom permission bits would not.
  std::string file = dir + "/not-a-dir";
  {
    std::error_code ec;
    llvm::raw_fd_ostream os(file, ec);
    ASSERT_FALSE(ec);
  }
  for (const std::string &directory : {file, file + "/cache"}) {
    SCOPED_TRACE(directory);
    compiles = 0;
    KernelCache::Config c = config();
    c.directory = directory;
    KernelCache cache(c);
    testing::internal::CaptureStderr();
    std::string a = get(cache, baseOptions());
    CompileOptions other = baseOptions();
    other.numWarps = 8;
    get(cache, other);
    std::string b = get(cache, baseOptions());
    std::string err = testing::internal::GetCapturedStderr();
    EXPECT_EQ(a, b);
    EXPECT_EQ(compiles, 2);
    CacheStats s = cache.getStats();
    EXPECT_EQ(s.writeFailures, 1u);
    EXPECT_EQ(s.memoryHits, 1u);
    EXPECT_EQ(s.corruptEntries, 0u);
    EXPECT_EQ(cache.getDirectory(), "");
    // Nothing on stderr: the compile works, the cache only saves time.
    EXPECT_EQ(err, "");
    EXPECT_NE(cache.getDiskProblem().find("'" + directory), std::string::npos)
        << cache.getDiskProblem();
  }
}

TEST_F(KernelCacheTest, StatsSayWhyTheDiskWasGivenUp) {
  std::string file = dir + "/not-a-dir";
  {
    std::error_code ec;
    llvm::raw_fd_ostream os(file, ec);
    ASSERT_FALSE(ec);
  }
  KernelCache::Config c = config();
  c.directory = file + "/cache";
  KernelCache cache(c);
  get(cache, baseOptions());
  const char *saved = std::getenv("TILEC_CACHE_STATS");
  std::string copy = saved ? saved : "";
  ::setenv("TILEC_CACHE_STATS", "1", 1);
  testing::internal::CaptureStderr();
  printCacheStatsIfRequested(cache);
  std::string err = testing::internal::GetCapturedStderr();
  if (saved)
    ::setenv("TILEC_CACHE_STATS", copy.c_str(), 1);
  else
    ::unsetenv("TILEC_CACHE_STATS");
  EXPECT_EQ(err, "tilec: cache: note: caching in memory only: cannot create "
                 "directory '" +
                     file +
                     "/cache': Not a directory\n"
                     "tilec: cache: 0 hits (0 memory, 0 disk), 1 "
                     "misses, 0 corrupt, 1 write failures\n");
}

/// Runs `f` on another thread for at most ten seconds; false if it is still
/// running then (`release` must then make it return).
bool finishesInTime(const std::function<void()> &f,
                    const std::function<void()> &release) {
  std::packaged_task<void()> task(f);
  std::future<void> done = task.get_future();
  std::thread thread(std::move(task));
  bool inTime =
      done.wait_for(std::chrono::seconds(10)) == std::future_status::ready;
  if (!inTime)
    release();
  thread.join();
  return inTime;
}

TEST_F(KernelCacheTest, EntriesThatAreNotRegularFilesAreNeverFollowed) {
  std::string path;
  {
    KernelCache cache(config());
    path = cache.getEntryPath(cache.computeKey(kSource, baseOptions()));
    get(cache, baseOptions());
  }
  std::string elsewhere = dir + "/elsewhere.tkc";
  ASSERT_FALSE(llvm::sys::fs::copy_file(path, elsewhere));
  // Each replaces the entry with something no write of the cache makes.
  std::vector<std::pair<const char *, std::function<int()>>> plants = {
      // Read, /dev/zero never ends: the reader ran out of memory.
      {"link to /dev/zero",
       [&] { return ::symlink("/dev/zero", path.c_str()); }},
      {"link to /dev/null",
       [&] { return ::symlink("/dev/null", path.c_str()); }},
      // Even a link to a whole entry: a link is never an entry.
      {"link to an entry",
       [&] { return ::symlink(elsewhere.c_str(), path.c_str()); }},
      // Opened, a FIFO without a writer blocks forever.
      {"FIFO", [&] { return ::mkfifo(path.c_str(), 0644); }},
  };
  int expectedCompiles = 1;
  for (auto &[what, plant] : plants) {
    SCOPED_TRACE(what);
    ::unlink(path.c_str());
    ASSERT_EQ(plant(), 0) << std::strerror(errno);
    KernelCache cache(config());
    std::string ptx;
    bool inTime =
        finishesInTime([&] { ptx = get(cache, baseOptions()); },
                       [&] {
                         // A writer that comes and goes ends the
                         // blocked open and read.
                         int fd = ::open(path.c_str(), O_WRONLY | O_NONBLOCK);
                         if (fd >= 0)
                           ::close(fd);
                       });
    EXPECT_TRUE(inTime) << "the cache blocked on the entry";
    ++expectedCompiles;
    EXPECT_EQ(ptx, "// ptx of k #" + std::to_string(expectedCompiles));
    CacheStats s = cache.getStats();
    EXPECT_EQ(s.corruptEntries, 1u);
    EXPECT_EQ(s.writeFailures, 0u);
    // The rename replaced the link or FIFO itself with a regular entry,
    // leaving what a link pointed to as it was.
    llvm::sys::fs::file_status st;
    ASSERT_FALSE(llvm::sys::fs::status(path, st, /*Follow=*/false));
    EXPECT_EQ(st.type(), llvm::sys::fs::file_type::regular_file);
    KernelCache again(config());
    EXPECT_EQ(get(again, baseOptions()), ptx);
    EXPECT_EQ(again.getStats().diskHits, 1u);
  }
  auto kept = llvm::MemoryBuffer::getFile(elsewhere);
  ASSERT_TRUE(static_cast<bool>(kept));
  EXPECT_NE((*kept)->getBuffer().find("// ptx of k #1"), llvm::StringRef::npos);

  // A directory at the entry's path: a miss, and the write that cannot
  // replace it turns the cache to memory.
  llvm::sys::fs::remove(path);
  ASSERT_FALSE(llvm::sys::fs::create_directory(path));
  KernelCache cache(config());
  EXPECT_EQ(get(cache, baseOptions()),
            "// ptx of k #" + std::to_string(++expectedCompiles));
  EXPECT_EQ(cache.getStats().corruptEntries, 1u);
  EXPECT_EQ(cache.getStats().writeFailures, 1u);
  EXPECT_EQ(get(cache, baseOptions()),
            "// ptx of k #" + std::to_string(expectedCompiles));
  EXPECT_EQ(cache.getStats().memoryHits, 1u);
}

TEST_F(KernelCacheTest, HeadersThatMisstateTheLengthAreCorrupt) {
  std::string path;
  {
    KernelCache cache(config());
    path = cache.getEntryPath(cache.computeKey(kSource, baseOptions()));
    get(cache, baseOptions());
  }
  auto setLength = [](std::string &b, uint64_t length) {
    for (int i = 0; i < 8; ++i)
      b[16 + i] = static_cast<char>(length >> (8 * i));
  };
  std::vector<std::pair<const char *, std::function<void()>>> damages = {
      {"declares more than the file holds",
       [&] {
         editEntry(path, [&](std::string &b) { setLength(b, 1 << 20); });
       }},
      {"declares less than the file holds",
       [&] { editEntry(path, [&](std::string &b) { setLength(b, 10); }); }},
      // A sparse file of 16 GiB whose header declares exactly that much:
      // over the limit, refused before a byte of the payload is read.
      {"declares 16 GiB and has them",
       [&] {
         uint64_t length = uint64_t(16) << 30;
         editEntry(path, [&](std::string &b) { setLength(b, length); });
         ASSERT_EQ(::truncate(path.c_str(), static_cast<off_t>(32 + length)), 0)
             << std::strerror(errno);
       }},
  };
  int expectedCompiles = 1;
  for (auto &[what, damage] : damages) {
    SCOPED_TRACE(what);
    damage();
    KernelCache cache(config());
    auto start = std::chrono::steady_clock::now();
    EXPECT_EQ(get(cache, baseOptions()),
              "// ptx of k #" + std::to_string(++expectedCompiles));
    EXPECT_LT(std::chrono::steady_clock::now() - start,
              std::chrono::seconds(5));
    EXPECT_EQ(cache.getStats().corruptEntries, 1u);
  }
}

/// Restores RLIMIT_FSIZE and SIGXFSZ on destruction.
struct FileSizeLimit {
  explicit FileSizeLimit(rlim_t bytes) {
    ::getrlimit(RLIMIT_FSIZE, &saved);
    savedHandler = std::signal(SIGXFSZ, SIG_IGN);
    rlimit limit = saved;
    limit.rlim_cur = bytes;
    ok = ::setrlimit(RLIMIT_FSIZE, &limit) == 0;
  }
  ~FileSizeLimit() {
    ::setrlimit(RLIMIT_FSIZE, &saved);
    std::signal(SIGXFSZ, savedHandler);
  }
  rlimit saved;
  void (*savedHandler)(int);
  bool ok;
};

TEST_F(KernelCacheTest, FailedWritesPublishNothingAndFallBackToMemory) {
  padding = std::string(4096, 'p');
  KernelCache cache(config());
  std::string first;
  testing::internal::CaptureStderr();
  {
    // The kernel's file size limit: a write past 1000 bytes fails with
    // EFBIG, as a full disk fails with ENOSPC, after a partial write.
    FileSizeLimit limit(1000);
    ASSERT_TRUE(limit.ok);
    first = get(cache, baseOptions());
  }
  EXPECT_EQ(testing::internal::GetCapturedStderr(), "");
  EXPECT_EQ(first, "// ptx of k #1" + padding);
  CacheStats s = cache.getStats();
  EXPECT_EQ(s.writeFailures, 1u);
  EXPECT_NE(cache.getDiskProblem().find("File too large"), std::string::npos)
      << cache.getDiskProblem();
  // No entry under its name, no temporary left.
  EXPECT_EQ(listDirectory(dir), std::vector<std::string>{});
  // Memory still serves it.
  EXPECT_EQ(get(cache, baseOptions()), first);
  EXPECT_EQ(compiles, 1);
  EXPECT_EQ(cache.getStats().memoryHits, 1u);
}

// An entry written from a worker thread changes no signal disposition and
// no alternate signal stack: libtilec lives in hosts (PyTorch, Python) whose
// handlers are theirs. (LLVM's RemoveFileOnSignal did both, process-wide and
// on the writing thread, and ASan's thread exit then aborted on the stack.)
TEST_F(KernelCacheTest, WritingAnEntryInstallsNoSignalHandlers) {
  const int signals[] = {SIGINT, SIGTERM, SIGSEGV, SIGBUS, SIGABRT};
  auto handlers = [&] {
    std::vector<void *> out;
    for (int sig : signals) {
      struct sigaction sa;
      EXPECT_EQ(::sigaction(sig, nullptr, &sa), 0);
      out.push_back(reinterpret_cast<void *>(sa.sa_handler));
    }
    return out;
  };
  std::vector<void *> before = handlers();
  KernelCache cache(config());
  stack_t altBefore{}, altAfter{};
  std::string ptx;
  std::thread worker([&] {
    EXPECT_EQ(::sigaltstack(nullptr, &altBefore), 0);
    ptx = get(cache, baseOptions());
    EXPECT_EQ(::sigaltstack(nullptr, &altAfter), 0);
  });
  worker.join();
  EXPECT_EQ(ptx, "// ptx of k #1");
  EXPECT_EQ(cache.getStats().writeFailures, 0u);
  EXPECT_EQ(listDirectory(dir).size(), 1u);
  EXPECT_EQ(handlers(), before);
  EXPECT_EQ(altAfter.ss_sp, altBefore.ss_sp);
  EXPECT_EQ(altAfter.ss_flags, altBefore.ss_flags);
}

/// A tmpfs of `size` mounted on a fresh directory, unmounted on destruction;
/// `mounted` is false where the test may not mount (not root, no
/// CAP_SYS_ADMIN).
struct TmpfsMount {
  TmpfsMount(const std::string &parent, const char *size) {
    path = parent + "/tmpfs";
    llvm::sys::fs::create_directory(path);
    mounted = ::mount("tmpfs", path.c_str(), "tmpfs", 0, size) == 0;
  }
  bool remountReadOnly() {
    return ::mount("tmpfs", path.c_str(), "tmpfs", MS_REMOUNT | MS_RDONLY,
                   nullptr) == 0;
  }
  ~TmpfsMount() {
    if (mounted)
      ::umount2(path.c_str(), MNT_DETACH);
  }
  std::string path;
  bool mounted = false;
};

TEST_F(KernelCacheTest, FullOrReadOnlyDiskFallsBackToMemory) {
  TmpfsMount disk(dir, "size=64k");
  if (!disk.mounted)
    GTEST_SKIP() << "cannot mount a tmpfs here: " << std::strerror(errno);
  // An entry of 200 KB on a 64 KiB file system.
  padding = std::string(200 * 1000, 'p');
  {
    KernelCache::Config c = config();
    c.directory = disk.path + "/cache";
    KernelCache cache(c);
    testing::internal::CaptureStderr();
    std::string ptx = get(cache, baseOptions());
    EXPECT_EQ(testing::internal::GetCapturedStderr(), "");
    EXPECT_EQ(ptx, "// ptx of k #1" + padding);
    EXPECT_EQ(cache.getStats().writeFailures, 1u);
    EXPECT_NE(cache.getDiskProblem().find("No space left on device"),
              std::string::npos)
        << cache.getDiskProblem();
    EXPECT_EQ(get(cache, baseOptions()), ptx);
    EXPECT_EQ(compiles, 1);
    // The directory was made; nothing partial is in it.
    EXPECT_EQ(listDirectory(disk.path + "/cache"), std::vector<std::string>{});
  }
  // Read-only: even root cannot create the temporary.
  padding.clear();
  ASSERT_TRUE(disk.remountReadOnly()) << std::strerror(errno);
  KernelCache::Config c = config();
  c.directory = disk.path + "/cache";
  KernelCache cache(c);
  testing::internal::CaptureStderr();
  EXPECT_EQ(get(cache, baseOptions()), "// ptx of k #2");
  EXPECT_EQ(testing::internal::GetCapturedStderr(), "");
  EXPECT_EQ(cache.getStats().writeFailures, 1u);
  EXPECT_NE(cache.getDiskProblem().find("Read-only file system"),
            std::string::npos)
      << cache.getDiskProblem();
  EXPECT_EQ(listDirectory(disk.path + "/cache"), std::vector<std::string>{});
}

TEST_F(KernelCacheTest, EightThreadsCompileOnce) {
  delay = std::chrono::milliseconds(100);
  KernelCache cache(config());
  std::vector<std::shared_ptr<const CompiledKernel>> results(8);
  std::vector<std::thread> threads;
  for (int i = 0; i < 8; ++i)
    threads.emplace_back([&, i] {
      auto k = cache.getOrCompile(kSource, "k.py", baseOptions());
      if (k)
        results[i] = *k;
      else
        llvm::consumeError(k.takeError());
    });
  for (std::thread &t : threads)
    t.join();
  EXPECT_EQ(compiles, 1);
  for (const auto &r : results) {
    ASSERT_TRUE(r);
    EXPECT_EQ(r.get(), results[0].get());
  }
  CacheStats s = cache.getStats();
  EXPECT_EQ(s.misses, 1u);
  EXPECT_EQ(s.memoryHits, 7u);
}

TEST_F(KernelCacheTest, RealCompilesRunConcurrently) {
  // compileKernel gives each compile its own MLIRContext and LLVMContext:
  // four different kernels compiled at once must each come out whole.
  KernelCache::Config c;
  c.directory = dir;
  KernelCache cache(c);
  std::vector<std::string> ptx(4);
  std::vector<std::thread> threads;
  for (int i = 0; i < 4; ++i)
    threads.emplace_back([&, i] {
      CompileOptions o = baseOptions();
      o.numWarps = 1 << i;
      auto k = cache.getOrCompile(kSource, "k.py", o);
      if (k)
        ptx[i] = (*k)->ptx;
      else
        ptx[i] = llvm::toString(k.takeError());
    });
  for (std::thread &t : threads)
    t.join();
  for (int i = 0; i < 4; ++i) {
    EXPECT_NE(ptx[i].find(".entry k("), std::string::npos) << ptx[i];
    // The block size each was compiled for.
    EXPECT_NE(ptx[i].find(".reqntid " + std::to_string(32 << i)),
              std::string::npos)
        << ptx[i];
  }
  EXPECT_EQ(cache.getStats().misses, 4u);
}

TEST_F(KernelCacheTest, EightThreadsShareOneFailure) {
  delay = std::chrono::milliseconds(50);
  KernelCache::Config c = config();
  c.compile = [this](llvm::StringRef, llvm::StringRef,
                     const CompileOptions &) -> llvm::Expected<CompiledKernel> {
    ++compiles;
    std::this_thread::sleep_for(delay);
    return llvm::make_error<CompileError>("k.py:1:1: error: no\n");
  };
  KernelCache cache(c);
  std::atomic<int> compileErrors{0};
  std::vector<std::thread> threads;
  for (int i = 0; i < 8; ++i)
    threads.emplace_back([&] {
      auto k = cache.getOrCompile(kSource, "k.py", baseOptions());
      if (!k && k.errorIsA<CompileError>())
        ++compileErrors;
      if (!k)
        llvm::consumeError(k.takeError());
    });
  for (std::thread &t : threads)
    t.join();
  EXPECT_EQ(compileErrors, 8);
  // Threads that arrive after the failure was published compile again; the
  // ones that waited on it did not.
  EXPECT_GE(compiles, 1);
  EXPECT_LT(compiles, 8);
}

TEST(KernelCacheDefaultsTest, DirectoryFollowsTheEnvironment) {
  const char *saved[3] = {std::getenv("TILEC_CACHE_DIR"),
                          std::getenv("XDG_CACHE_HOME"), std::getenv("HOME")};
  std::string copies[3];
  for (int i = 0; i < 3; ++i)
    copies[i] = saved[i] ? saved[i] : "";
  ::setenv("TILEC_CACHE_DIR", "/a/b", 1);
  ::setenv("XDG_CACHE_HOME", "/x", 1);
  ::setenv("HOME", "/home/u", 1);
  EXPECT_EQ(KernelCache::getDefaultDirectory(), "/a/b");
  ::unsetenv("TILEC_CACHE_DIR");
  EXPECT_EQ(KernelCache::getDefaultDirectory(), "/x/tilec");
  ::unsetenv("XDG_CACHE_HOME");
  EXPECT_EQ(KernelCache::getDefaultDirectory(), "/home/u/.cache/tilec");
  const char *names[3] = {"TILEC_CACHE_DIR", "XDG_CACHE_HOME", "HOME"};
  for (int i = 0; i < 3; ++i) {
    if (saved[i])
      ::setenv(names[i], copies[i].c_str(), 1);
    else
      ::unsetenv(names[i]);
  }
}

} // namespace
