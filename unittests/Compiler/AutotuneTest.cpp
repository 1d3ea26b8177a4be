//===- AutotuneTest.cpp - Tests of the autotuner on the CPU -----*- C++ -*-===//
//
// include/tilec/Autotune.h without a GPU: the choice files (written,
// reread by another cache, ignored when truncated, bit-flipped, for
// another key, unreadable, a link or a FIFO, and never published half
// written), and the tuner over the fake driver of
// unittests/Runtime with a counted fake compile and an injected measure
// that returns set times per config: it picks the fastest, stores it, and
// a second tuner (a second process, as far as the tuner can tell) reuses it
// without measuring; configs the device cannot run are skipped; errors
// that are the host's or the kernel's are reported.
//
//===----------------------------------------------------------------------===//

#include "tilec/Autotune.h"

#include "Runtime/FakeCudaDriver.h"

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"

#include "gtest/gtest.h"

#include <cmath>
#include <csignal>
#include <cstring>

#include <sys/resource.h>
#include <sys/stat.h>
#include <unistd.h>

using namespace tilec;
using namespace tilec::autotune;
using namespace tilec::runtime;
using namespace tilec::runtime::fakedriver;

namespace {

constexpr const char *kSource = R"py(import triton
import triton.language as tl


@triton.autotune(configs=[
    triton.Config({'BLOCK': 64}, num_warps=2),
    triton.Config({'BLOCK': 128}, num_warps=4),
    triton.Config({'BLOCK': 256}, num_warps=8, num_stages=2),
], key=['n'])
@triton.jit
def k(out_ptr, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    tl.store(out_ptr + offs, 1.0, mask=offs < n)
)py";

std::string readFile(const std::string &path) {
  auto buf = llvm::MemoryBuffer::getFile(path);
  return buf ? (*buf)->getBuffer().str() : std::string();
}

void writeFile(const std::string &path, llvm::StringRef bytes) {
  std::error_code ec;
  llvm::raw_fd_ostream os(path, ec);
  ASSERT_FALSE(ec) << ec.message();
  os << bytes;
}

class TempDirTest : public testing::Test {
protected:
  void SetUp() override {
    llvm::SmallString<128> path;
    ASSERT_FALSE(llvm::sys::fs::createUniqueDirectory("tilec-autotune", path));
    dir = std::string(path);
  }
  void TearDown() override { llvm::sys::fs::remove_directories(dir); }
  std::string dir;
};

//===----------------------------------------------------------------------===//
// Choice files
//===----------------------------------------------------------------------===//

using ChoiceCacheTest = TempDirTest;

const std::string kKey(64, 'a');

TEST_F(ChoiceCacheTest, StoredChoiceIsReadByAnotherCache) {
  {
    ChoiceCache cache(dir);
    EXPECT_FALSE(cache.lookup(kKey));
    cache.store(kKey, {2, "BLOCK=256, num_warps=8, num_stages=2", 0.125});
    std::optional<StoredChoice> again = cache.lookup(kKey);
    ASSERT_TRUE(again);
    EXPECT_EQ(cache.getStats().memoryHits, 1u);
    EXPECT_EQ(cache.getStats().misses, 1u);
  }
  ChoiceCache fresh(dir);
  std::optional<StoredChoice> c = fresh.lookup(kKey);
  ASSERT_TRUE(c);
  EXPECT_EQ(c->index, 2u);
  EXPECT_EQ(c->config, "BLOCK=256, num_warps=8, num_stages=2");
  EXPECT_DOUBLE_EQ(c->timeMs, 0.125);
  EXPECT_EQ(fresh.getStats().diskHits, 1u);
  // The file is text a person can read; no temporary is left behind.
  std::string text = readFile(fresh.getPath(kKey));
  EXPECT_NE(text.find("config BLOCK=256, num_warps=8, num_stages=2\n"),
            std::string::npos);
  std::error_code ec;
  unsigned files = 0;
  for (llvm::sys::fs::directory_iterator it(dir, ec), end; it != end && !ec;
       it.increment(ec))
    ++files;
  EXPECT_EQ(files, 1u);
}

TEST_F(ChoiceCacheTest, DamagedFilesAreIgnoredAndCounted) {
  ChoiceCache writer(dir);
  writer.store(kKey, {1, "BLOCK=128, num_warps=4, num_stages=3", 0.5});
  std::string path = writer.getPath(kKey);
  std::string good = readFile(path);
  ASSERT_FALSE(good.empty());

  std::string flipped = good;
  flipped[flipped.find("index 1") + 6] = '2'; // index 1 -> 2
  std::string otherKey = good;
  otherKey.replace(otherKey.find(kKey), 64, std::string(64, 'b'));
  for (const std::string &bad :
       {good.substr(0, good.size() / 2), flipped, otherKey,
        std::string("garbage"), std::string()}) {
    writeFile(path, bad);
    ChoiceCache reader(dir);
    EXPECT_FALSE(reader.lookup(kKey)) << bad;
    EXPECT_EQ(reader.getStats().corruptFiles, 1u) << bad;
  }
  // The parser names what failed.
  llvm::Expected<StoredChoice> c = ChoiceCache::deserialize(flipped, kKey);
  ASSERT_FALSE(static_cast<bool>(c));
  EXPECT_EQ(llvm::toString(c.takeError()),
            "corrupt autotune choice: checksum mismatch");
  // A rewrite replaces the damaged file.
  ChoiceCache rewriter(dir);
  rewriter.store(kKey, {0, "BLOCK=64, num_warps=2, num_stages=3", 0.25});
  std::optional<StoredChoice> fixed = ChoiceCache(dir).lookup(kKey);
  ASSERT_TRUE(fixed);
  EXPECT_EQ(fixed->index, 0u);
}

TEST_F(ChoiceCacheTest, UnusableDirectoryKeepsChoicesInMemory) {
  // A regular file where the directory should be.
  std::string file = dir + "/not-a-dir";
  writeFile(file, "x");
  ChoiceCache cache(file + "/choices");
  testing::internal::CaptureStderr();
  cache.store(kKey, {1, "BLOCK=128, num_warps=4, num_stages=3", 0.5});
  std::string err = testing::internal::GetCapturedStderr();
  EXPECT_NE(err.find("tilec: warning: autotune choice directory"),
            std::string::npos);
  EXPECT_EQ(cache.getStats().writeFailures, 1u);
  EXPECT_EQ(cache.getPath(kKey), "");
  std::optional<StoredChoice> c = cache.lookup(kKey);
  ASSERT_TRUE(c);
  EXPECT_EQ(c->index, 1u);
}

TEST_F(ChoiceCacheTest, LinksAndFifosAreIgnoredAndFailedWritesLeaveNothing) {
  ChoiceCache writer(dir);
  std::string path = writer.getPath(kKey);
  // Read, /dev/zero never ends; opened, a FIFO without a writer blocks.
  for (const char *what : {"/dev/zero", "fifo"}) {
    SCOPED_TRACE(what);
    ::unlink(path.c_str()); // fs::remove refuses FIFOs
    int rc = llvm::StringRef(what) == "fifo" ? ::mkfifo(path.c_str(), 0644)
                                             : ::symlink(what, path.c_str());
    ASSERT_EQ(rc, 0) << std::strerror(errno);
    ChoiceCache reader(dir);
    EXPECT_FALSE(reader.lookup(kKey));
    EXPECT_EQ(reader.getStats().corruptFiles, 1u);
  }
  ::unlink(path.c_str()); // fs::remove refuses FIFOs

  // A write that fails part way (past the file size limit, EFBIG, as a full
  // disk fails with ENOSPC) publishes nothing and leaves no temporary.
  // (Its warning is not captured: gtest would capture it to a file, which
  // the limit would cut.)
  ChoiceCache cache(dir);
  {
    rlimit saved;
    ::getrlimit(RLIMIT_FSIZE, &saved);
    auto handler = std::signal(SIGXFSZ, SIG_IGN);
    rlimit limit = saved;
    limit.rlim_cur = 50;
    ASSERT_EQ(::setrlimit(RLIMIT_FSIZE, &limit), 0);
    cache.store(kKey, {1, "BLOCK=128, num_warps=4, num_stages=3", 0.5});
    ::setrlimit(RLIMIT_FSIZE, &saved);
    std::signal(SIGXFSZ, handler);
  }
  EXPECT_EQ(cache.getStats().writeFailures, 1u);
  std::string left;
  std::error_code ec;
  for (llvm::sys::fs::directory_iterator it(dir, ec), end; !ec && it != end;
       it.increment(ec))
    left += it->path() + " ";
  EXPECT_EQ(left, "");
  std::optional<StoredChoice> c = cache.lookup(kKey);
  ASSERT_TRUE(c);
  EXPECT_EQ(c->index, 1u);
}

//===----------------------------------------------------------------------===//
// Reading the decorator
//===----------------------------------------------------------------------===//

TEST(AutotuneSpecTest, ReadsTheDecorator) {
  llvm::Expected<std::optional<AutotuneSpec>> spec =
      readSpec(kSource, "k.py", "k");
  ASSERT_TRUE(static_cast<bool>(spec)) << llvm::toString(spec.takeError());
  ASSERT_TRUE(*spec);
  ASSERT_EQ((*spec)->configs.size(), 3u);
  EXPECT_EQ((*spec)->key, std::vector<std::string>{"n"});
  const AutotuneConfig &c = (*spec)->configs[2];
  EXPECT_EQ(c.numWarps, 8);
  EXPECT_EQ(c.numStages, 2);
  EXPECT_EQ(c.getInt("BLOCK"), 256);
  EXPECT_FALSE(c.lookupInt("OTHER"));
  EXPECT_EQ(c.describe(), "BLOCK=256, num_warps=8, num_stages=2");
}

TEST(AutotuneSpecTest, RefusedDecoratorIsACompileError) {
  std::string source = kSource;
  source.replace(source.find("key=['n']"), 9, "key=['n'], post_hook=print");
  llvm::Expected<std::optional<AutotuneSpec>> spec =
      readSpec(source, "k.py", "k");
  ASSERT_FALSE(static_cast<bool>(spec));
  llvm::Error e = spec.takeError();
  EXPECT_TRUE(e.isA<CompileError>());
  std::string text = llvm::toString(std::move(e));
  EXPECT_NE(text.find("k.py:9:25: error: 'triton.autotune' argument "
                      "'post_hook' runs Python around each timing run"),
            std::string::npos)
      << text;
}

/// kSource with a `prune_configs_by` before its key.
std::string withPrune(llvm::StringRef functions, llvm::StringRef dict) {
  std::string source = kSource;
  source.replace(source.find("@triton.autotune"), 0, functions.str());
  source.replace(source.find("key=['n']"), 9,
                 "key=['n'], prune_configs_by=" + dict.str());
  return source;
}

constexpr const char *kPruneFunctions = R"py(
def fits(configs, named_args, **kwargs):
    assert kwargs['n'] == named_args['n']
    return [c for c in configs if c.kwargs['BLOCK'] <= named_args['n']]


def distance(n, BLOCK, num_warps, num_stages, **rest):
    return abs(BLOCK - 128) + num_warps * 0


def needs_a_pointer(configs, named_args, **kwargs):
    return [c for c in configs if named_args['out_ptr'] is not None]


def drops_all(configs, named_args, **kwargs):
    return []


)py";

AutotuneSpec::PruneResult prune(const std::string &source, int64_t n) {
  llvm::Expected<std::optional<AutotuneSpec>> spec =
      readSpec(source, "k.py", "k");
  if (!spec) {
    ADD_FAILURE() << llvm::toString(spec.takeError());
    return {};
  }
  if (!*spec || !(*spec)->prune) {
    ADD_FAILURE() << "no pruner";
    return {};
  }
  std::pair<std::string, std::string> args[] = {{"n", std::to_string(n)}};
  return (*spec)->prune(args);
}

TEST(AutotuneSpecTest, PruneConfigsByRunsTheProgramsFunctions) {
  using Indices = std::vector<size_t>;
  // early_config_prune sees the key's values as named_args and as kwargs.
  std::string early =
      withPrune(kPruneFunctions, "{'early_config_prune': fits}");
  AutotuneSpec::PruneResult r = prune(early, 100);
  EXPECT_EQ(r.indices, Indices{0});
  EXPECT_EQ(r.notPruned, "");
  EXPECT_EQ(r.error, "");
  EXPECT_EQ(prune(early, 200).indices, (Indices{0, 1}));
  EXPECT_EQ(prune(early, 4096).indices, (Indices{0, 1, 2}));

  // perf_model ranks them; top_k an int, or a fraction of all configs.
  std::string model = withPrune(
      kPruneFunctions, "{'perf_model': distance, 'top_k': 2}");
  EXPECT_EQ(prune(model, 4096).indices, (Indices{1, 0}));
  std::string both = withPrune(
      kPruneFunctions,
      "{'early_config_prune': fits, 'perf_model': distance, 'top_k': 0.5}");
  EXPECT_EQ(prune(both, 4096).indices, Indices{1});
  EXPECT_EQ(prune(both, 64).indices, Indices{0});
  // A negative top_k drops from the end of the ranking, as Python's slice.
  std::string negative = withPrune(
      kPruneFunctions, "{'perf_model': distance, 'top_k': -1}");
  EXPECT_EQ(prune(negative, 4096).indices, (Indices{1, 0}));
  // No more configs than top_k: perf_model is not consulted.
  std::string many = withPrune(
      kPruneFunctions, "{'perf_model': distance, 'top_k': 3}");
  EXPECT_EQ(prune(many, 1).indices, (Indices{0, 1, 2}));

  // A value C++ does not have: every config, and what was missing.
  r = prune(withPrune(kPruneFunctions,
                      "{'early_config_prune': needs_a_pointer}"),
            4096);
  EXPECT_EQ(r.indices, (Indices{0, 1, 2}));
  EXPECT_NE(r.notPruned.find("a missing key 'out_ptr' (k.py:16)"),
            std::string::npos)
      << r.notPruned;
  EXPECT_EQ(r.error, "");

  // Triton's own failures.
  r = prune(withPrune(kPruneFunctions, "{'early_config_prune': drops_all}"),
            4096);
  EXPECT_NE(r.error.find("no valid autotuner configs after pruning"),
            std::string::npos)
      << r.error;
  r = prune(withPrune(kPruneFunctions,
                      "{'perf_model': distance, 'top_k': 1.5}"),
            4096);
  EXPECT_EQ(r.error,
            "'top_k' must be either a float <= 1.0 or an int, got 1.5");
}

//===----------------------------------------------------------------------===//
// The tuner, over the fake driver
//===----------------------------------------------------------------------===//

class AutotunerTest : public TempDirTest {
protected:
  void SetUp() override {
    TempDirTest::SetUp();
    fake = &state;
    setCudaDriverForTesting(&driver);
    KernelCache::Config config;
    config.directory = dir + "/kernels";
    config.compilerVersion = "test-1";
    // Fake PTX whose `.entry` the fake driver finds; BLOCK is recorded so
    // that a launch can tell which config it runs.
    config.compile =
        [this](llvm::StringRef, llvm::StringRef,
               const CompileOptions &o) -> llvm::Expected<CompiledKernel> {
      ++compiles;
      if (failCompile)
        return llvm::make_error<CompileError>("k.py:1:1: error: no\n");
      CompiledKernel k;
      k.ptx = ".entry k(";
      k.metadata.name = "k";
      k.metadata.numWarps = o.numWarps;
      k.metadata.threadsPerBlock = 32 * o.numWarps;
      KernelParam out{"out_ptr", "*fp32", KernelParam::Kind::Pointer, 64};
      KernelParam n{"n", "i32", KernelParam::Kind::Int, 32};
      k.metadata.params = {out, n};
      return k;
    };
    cache = std::make_unique<KernelCache>(config);
  }
  void TearDown() override {
    setCudaDriverForTesting(nullptr);
    fake = nullptr;
    TempDirTest::TearDown();
  }

  /// Options with a measure that returns times[BLOCK] after one launch.
  Autotuner::Options tunerOptions() {
    Autotuner::Options o;
    o.cache = cache.get();
    o.measure = [this](const AutotuneConfig &c, CUstream,
                       llvm::function_ref<llvm::Error()> launchOnce)
        -> llvm::Expected<double> {
      ++measures;
      if (llvm::Error e = launchOnce())
        return std::move(e);
      int64_t block = c.getInt("BLOCK");
      if (block == failBlock)
        return llvm::make_error<CudaError>(
            CUDA_ERROR_OUT_OF_MEMORY,
            "cuLaunchKernel failed: CUDA_ERROR_OUT_OF_RESOURCES");
      return times.at(block);
    };
    return o;
  }

  CompileOptions baseOptions() {
    CompileOptions o;
    o.kernelName = "k";
    o.signature = "*fp32:16, i32";
    o.assemble = CompileOptions::Assemble::Never;
    return o;
  }

  /// The host's launch: grid from BLOCK, as a real host computes it.
  LaunchFunction launchFor(int64_t n) {
    return [this, n](const jit::LoadedKernel &kernel, const AutotuneConfig &c,
                     CUstream stream) -> llvm::Error {
      ++launches;
      launchedBlocks.push_back(c.getInt("BLOCK"));
      unsigned grid = static_cast<unsigned>((n + c.getInt("BLOCK") - 1) /
                                            c.getInt("BLOCK"));
      return kernel(runtime::Dim3(grid), stream, jit::DevicePtr{0x100},
                    static_cast<int>(n));
    };
  }

  FakeState state;
  CudaDriver driver = makeFakeDriver();
  std::unique_ptr<KernelCache> cache;
  std::map<int64_t, double> times = {{64, 3.0}, {128, 1.0}, {256, 2.0}};
  int64_t failBlock = 0;
  bool failCompile = false;
  int compiles = 0, measures = 0, launches = 0;
  std::vector<int64_t> launchedBlocks;
};

TEST_F(AutotunerTest, PicksTheFastestAndASecondTunerReusesIt) {
  llvm::Expected<Device> device = Device::get();
  ASSERT_TRUE(static_cast<bool>(device)) << llvm::toString(device.takeError());
  {
    auto tuner = Autotuner::create(*device, kSource, "k.py", baseOptions(),
                                   tunerOptions());
    ASSERT_TRUE(static_cast<bool>(tuner)) << llvm::toString(tuner.takeError());
    llvm::Error e = (*tuner)->run({4096}, kStream, launchFor(4096));
    ASSERT_FALSE(static_cast<bool>(e)) << llvm::toString(std::move(e));
    EXPECT_EQ(compiles, 3);
    EXPECT_EQ(measures, 3);
    // Three timed launches, then the real one with the winner, BLOCK=128
    // on 4 warps: 32 programs of 128 threads.
    EXPECT_EQ(launchedBlocks, (std::vector<int64_t>{64, 128, 256, 128}));
    EXPECT_EQ(state.lastGridX, 32u);
    EXPECT_EQ(state.lastBlockX, 128u);

    llvm::Expected<const Autotuner::Choice &> choice =
        (*tuner)->choose({4096}, kStream, launchFor(4096));
    ASSERT_TRUE(static_cast<bool>(choice));
    EXPECT_EQ(choice->index, 1u);
    EXPECT_TRUE(choice->tunedNow);
    EXPECT_DOUBLE_EQ(choice->timeMs, 1.0);
    EXPECT_EQ(choice->timesMs, (std::vector<double>{3.0, 1.0, 2.0}));
    EXPECT_EQ(measures, 3); // remembered in memory
    // Beside the kernel cache, as the default says.
    EXPECT_EQ(llvm::StringRef((*tuner)->getChoicePath({4096}))
                  .starts_with(dir + "/kernels/autotune/"),
              true);
  }

  // A fresh tuner and kernel cache memory: reads the choice file, compiles
  // (a disk hit) and loads only the chosen config, and measures nothing.
  cache->clearMemory();
  compiles = measures = 0;
  launchedBlocks.clear();
  auto again = Autotuner::create(*device, kSource, "k.py", baseOptions(),
                                 tunerOptions());
  ASSERT_TRUE(static_cast<bool>(again));
  llvm::Expected<const Autotuner::Choice &> reused =
      (*again)->choose({4096}, kStream, launchFor(4096));
  ASSERT_TRUE(static_cast<bool>(reused)) << llvm::toString(reused.takeError());
  EXPECT_FALSE(reused->tunedNow);
  EXPECT_EQ(reused->index, 1u);
  EXPECT_EQ(reused->config->getInt("BLOCK"), 128);
  EXPECT_EQ(measures, 0);
  EXPECT_EQ(compiles, 0);
  EXPECT_EQ((*again)->getChoiceStats().diskHits, 1u);
  EXPECT_TRUE(launchedBlocks.empty());

  // Another shape is another key: tuned on its own.
  times = {{64, 0.5}, {128, 1.0}, {256, 2.0}};
  llvm::Expected<const Autotuner::Choice &> small =
      (*again)->choose({100}, kStream, launchFor(100));
  ASSERT_TRUE(static_cast<bool>(small));
  EXPECT_TRUE(small->tunedNow);
  EXPECT_EQ(small->index, 0u);
  EXPECT_EQ(measures, 3);
}

TEST_F(AutotunerTest, CorruptChoiceFileIsRetunedAndRewritten) {
  llvm::Expected<Device> device = Device::get();
  ASSERT_TRUE(static_cast<bool>(device));
  std::string path;
  {
    auto tuner = Autotuner::create(*device, kSource, "k.py", baseOptions(),
                                   tunerOptions());
    ASSERT_TRUE(static_cast<bool>(tuner));
    ASSERT_TRUE(
        static_cast<bool>((*tuner)->choose({4096}, kStream, launchFor(4096))));
    path = (*tuner)->getChoicePath({4096});
  }
  writeFile(path, readFile(path).substr(0, 40));
  measures = 0;
  auto tuner = Autotuner::create(*device, kSource, "k.py", baseOptions(),
                                 tunerOptions());
  ASSERT_TRUE(static_cast<bool>(tuner));
  llvm::Expected<const Autotuner::Choice &> choice =
      (*tuner)->choose({4096}, kStream, launchFor(4096));
  ASSERT_TRUE(static_cast<bool>(choice));
  EXPECT_TRUE(choice->tunedNow);
  EXPECT_EQ(measures, 3);
  EXPECT_EQ((*tuner)->getChoiceStats().corruptFiles, 1u);
  llvm::Expected<StoredChoice> rewritten =
      ChoiceCache::deserialize(readFile(path), llvm::sys::path::stem(path));
  ASSERT_TRUE(static_cast<bool>(rewritten));
  EXPECT_EQ(rewritten->index, 1u);
}

TEST_F(AutotunerTest, PrunedConfigsAreNeitherCompiledNorTimed) {
  llvm::Expected<Device> device = Device::get();
  ASSERT_TRUE(static_cast<bool>(device));
  std::string source =
      withPrune(kPruneFunctions, "{'early_config_prune': fits}");
  auto tuner =
      Autotuner::create(*device, source, "k.py", baseOptions(), tunerOptions());
  ASSERT_TRUE(static_cast<bool>(tuner)) << llvm::toString(tuner.takeError());
  llvm::Expected<const Autotuner::Choice &> choice =
      (*tuner)->choose({200}, kStream, launchFor(200));
  ASSERT_TRUE(static_cast<bool>(choice)) << llvm::toString(choice.takeError());
  EXPECT_EQ(choice->index, 1u);
  EXPECT_EQ(compiles, 2);
  EXPECT_EQ(measures, 2);
  EXPECT_EQ(launchedBlocks, (std::vector<int64_t>{64, 128}));
  EXPECT_TRUE(std::isnan(choice->timesMs[2]));
  EXPECT_EQ(choice->skipped[2], "pruned by prune_configs_by");
  EXPECT_EQ(choice->pruneNote, "");

  // A prune that leaves nothing fails the launch, as in Triton.
  auto empty = Autotuner::create(
      *device, withPrune(kPruneFunctions, "{'early_config_prune': drops_all}"),
      "k.py", baseOptions(), tunerOptions());
  ASSERT_TRUE(static_cast<bool>(empty));
  llvm::Error e = (*empty)->run({200}, kStream, launchFor(200));
  EXPECT_EQ(llvm::toString(std::move(e)),
            "autotuning failed: prune_configs_by: no valid autotuner configs "
            "after pruning: 'early_config_prune' should return at least one "
            "config");
}

TEST_F(AutotunerTest, ExplicitConfigsAndSkippedConfigs) {
  llvm::Expected<Device> device = Device::get();
  ASSERT_TRUE(static_cast<bool>(device));
  // The host's own configs (here for a source without a decorator would be
  // the same): BLOCK=128 cannot run on this device and is skipped.
  AutotuneSpec spec;
  spec.key = {"n"};
  for (int64_t block : {64, 128, 256}) {
    AutotuneConfig c;
    c.constexprs = {{"BLOCK", std::to_string(block)}};
    spec.configs.push_back(c);
  }
  failBlock = 128;
  auto tuner = Autotuner::create(*device, kSource, "k.py", baseOptions(), spec,
                                 tunerOptions());
  ASSERT_TRUE(static_cast<bool>(tuner));
  llvm::Expected<const Autotuner::Choice &> choice =
      (*tuner)->choose({4096}, kStream, launchFor(4096));
  ASSERT_TRUE(static_cast<bool>(choice)) << llvm::toString(choice.takeError());
  EXPECT_EQ(choice->index, 2u);
  EXPECT_TRUE(std::isnan(choice->timesMs[1]));
  EXPECT_NE(choice->skipped[1].find("CUDA_ERROR_OUT_OF_RESOURCES"),
            std::string::npos);

  // Every config failing is an error that says why each did.
  spec.configs.erase(spec.configs.begin() + 2);
  spec.configs.erase(spec.configs.begin());
  auto none = Autotuner::create(*device, kSource, "k.py", baseOptions(), spec,
                                tunerOptions());
  ASSERT_TRUE(static_cast<bool>(none));
  llvm::Expected<const Autotuner::Choice &> failed =
      (*none)->choose({4096}, kStream, launchFor(4096));
  ASSERT_FALSE(static_cast<bool>(failed));
  EXPECT_EQ(llvm::toString(failed.takeError()),
            "autotuning failed: no config ran\n  config 0 (BLOCK=128, "
            "num_warps=4, num_stages=3): cuLaunchKernel failed: "
            "CUDA_ERROR_OUT_OF_RESOURCES");
}

TEST_F(AutotunerTest, HostAndKernelErrorsAreReported) {
  llvm::Expected<Device> device = Device::get();
  ASSERT_TRUE(static_cast<bool>(device));
  auto tuner = Autotuner::create(*device, kSource, "k.py", baseOptions(),
                                 tunerOptions());
  ASSERT_TRUE(static_cast<bool>(tuner));

  // The key's length is checked.
  llvm::Expected<const Autotuner::Choice &> wrongKey =
      (*tuner)->choose({1, 2}, kStream, launchFor(1));
  ASSERT_FALSE(static_cast<bool>(wrongKey));
  EXPECT_EQ(llvm::toString(wrongKey.takeError()),
            "autotune key has 1 values (n), got 2");

  // A launch with wrong arguments is the host's bug: reported, not skipped.
  LaunchFunction bad = [](const jit::LoadedKernel &k, const AutotuneConfig &,
                          CUstream s) { return k({1}, s, 3.0f); };
  llvm::Expected<const Autotuner::Choice &> badLaunch =
      (*tuner)->choose({4096}, kStream, bad);
  ASSERT_FALSE(static_cast<bool>(badLaunch));
  EXPECT_TRUE(badLaunch.errorIsA<jit::ArgumentError>());
  llvm::consumeError(badLaunch.takeError());

  // A config that does not compile is a CompileError naming the config.
  failCompile = true;
  cache->clearMemory();
  auto broken = Autotuner::create(*device, kSource + std::string("\n# edit\n"),
                                  "k.py", baseOptions(), tunerOptions());
  ASSERT_TRUE(static_cast<bool>(broken));
  llvm::Expected<const Autotuner::Choice &> notCompiled =
      (*broken)->choose({4096}, kStream, launchFor(4096));
  ASSERT_FALSE(static_cast<bool>(notCompiled));
  EXPECT_TRUE(notCompiled.errorIsA<CompileError>());
  EXPECT_EQ(llvm::toString(notCompiled.takeError()),
            "autotune config 0 (BLOCK=64, num_warps=2, num_stages=3) does "
            "not compile:\nk.py:1:1: error: no");

  // A constexpr bound by the base options and a config is refused.
  CompileOptions both = baseOptions();
  both.defines = {{"BLOCK", "32"}};
  auto conflict =
      Autotuner::create(*device, kSource, "k.py", both, tunerOptions());
  ASSERT_FALSE(static_cast<bool>(conflict));
  EXPECT_EQ(llvm::toString(conflict.takeError()),
            "constexpr 'BLOCK' is bound both by the compile options' defines "
            "and by autotune config 0 (BLOCK=64, num_warps=2, num_stages=3)");

  // No decorator and no configs given.
  auto plain = Autotuner::create(
      *device, "import triton\n@triton.jit\ndef k(x):\n    pass\n", "p.py",
      baseOptions(), tunerOptions());
  ASSERT_FALSE(static_cast<bool>(plain));
  EXPECT_EQ(llvm::toString(plain.takeError()),
            "p.py: kernel 'k' has no @triton.autotune decorator; pass its "
            "configs to Autotuner::create");
}

} // namespace
