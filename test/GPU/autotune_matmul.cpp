//===- autotune_matmul.cpp - The autotuner on a GPU -------------*- C++ -*-===//
//
// GPU test of include/tilec/Autotune.h with examples/matmul_autotune.py
// (the matmul kernel under @triton.autotune, three configs): a first tuner
// times every config at one ragged fp16 shape with CUDA events and stores
// its choice; a second tuner, as a second process would, reads the stored
// choice and must not time anything. Every config and both tuners' launches
// are checked against a float64 reference on NaN-poisoned outputs.
//
//   tilec-gpu-autotune [path/to/matmul_autotune.py]
//
// Kernel cache and choices go to a fresh temporary directory, so the first
// tuner really compiles and times. PASS lines and exit 0, FAIL and exit 1,
// or SKIP and exit 77 without a GPU.
//
//===----------------------------------------------------------------------===//

#include "GpuHost.h"

#include "tilec/Autotune.h"
#include "tilec/Target.h"

#include "llvm/Support/FileSystem.h"

#include <fmt/format.h>

#include <cmath>

#ifndef TILEC_EXAMPLES_DIR
#define TILEC_EXAMPLES_DIR "examples"
#endif

using namespace tilec;
using namespace tilec::gpuhost;

namespace {

int failures = 0;

void expect(bool ok, llvm::StringRef what) {
  fmt::print("{} {}\n", ok ? "PASS" : "FAIL", what.str());
  failures += !ok;
}

int skipOrFail(llvm::StringRef what, llvm::Error e) {
  bool skip = e.isA<runtime::DriverUnavailableError>();
  fmt::print("{} {}: {}\n", skip ? "SKIP" : "FAIL", what.str(),
             llvm::toString(std::move(e)));
  return skip ? 77 : 1;
}

/// C = A @ B at one shape, fp16 row-major, with its float64 reference.
struct Problem {
  int m = 777, n = 513, k = 512;
  std::vector<float> a, b;
  std::vector<double> ref;
  std::optional<DeviceBuffer> da, db, dc;

  llvm::Error setUp(const Device &device, uint64_t seed) {
    Random rng(seed);
    a = rng.uniform(size_t(m) * k, -1, 1, DType::F16);
    b = rng.uniform(size_t(k) * n, -1, 1, DType::F16);
    ref.assign(size_t(m) * n, 0);
    for (int i = 0; i < m; ++i)
      for (int p = 0; p < k; ++p) {
        double x = a[size_t(i) * k + p];
        for (int j = 0; j < n; ++j)
          ref[size_t(i) * n + j] += x * b[size_t(p) * n + j];
      }
    auto ua = upload(device, a, DType::F16);
    if (!ua)
      return ua.takeError();
    auto ub = upload(device, b, DType::F16);
    if (!ub)
      return ub.takeError();
    auto uc = allocPoisoned(device, size_t(m) * n, DType::F16);
    if (!uc)
      return uc.takeError();
    da.emplace(std::move(*ua));
    db.emplace(std::move(*ub));
    dc.emplace(std::move(*uc));
    return llvm::Error::success();
  }

  /// The host's launch, as Triton's grid lambda: one program per
  /// BLOCK_M x BLOCK_N tile of C.
  llvm::Error launch(const jit::LoadedKernel &kernel,
                     const AutotuneConfig &config, CUstream stream) const {
    int64_t bm = config.getInt("BLOCK_M"), bn = config.getInt("BLOCK_N");
    unsigned grid =
        static_cast<unsigned>(((m + bm - 1) / bm) * ((n + bn - 1) / bn));
    return kernel({grid}, stream, *da, *db, *dc, m, n, k, k, 1, n, 1, n, 1);
  }

  /// The error of C against the reference (NaN if any element is NaN).
  llvm::Expected<double> check() const {
    auto out = download(*dc, size_t(m) * n, DType::F16);
    if (!out)
      return out.takeError();
    ErrorMeter meter;
    for (int i = 0; i < m; ++i)
      meter.add(out->data() + size_t(i) * n, ref.data() + size_t(i) * n, n);
    return meter.get();
  }
};

} // namespace

int tilecGpuAutotuneMain(int argc, char **argv) {
  std::string path =
      argc > 1 ? argv[1] : TILEC_EXAMPLES_DIR "/matmul_autotune.py";
  llvm::Expected<Device> device = Device::get();
  if (!device)
    return skipOrFail("device", device.takeError());
  fmt::print("device: {} (sm_{})\n", device->getName(), device->getSmVersion());
  uint64_t seed = chooseSeed();
  fmt::print("seed: {:#x}\n", seed);

  llvm::SmallString<128> dir;
  if (std::error_code ec =
          llvm::sys::fs::createUniqueDirectory("tilec-autotune-gpu", dir))
    return skipOrFail("temporary directory",
                      llvm::createStringError(ec.message()));
  KernelCache::Config cacheConfig;
  cacheConfig.directory = (dir + "/kernels").str();
  KernelCache cache(cacheConfig);

  CompileOptions base;
  base.kernelName = "matmul_kernel";
  base.signature = "*fp16:16, *fp16:16, *fp16:16, i32, i32, i32, i32, i32, "
                   "i32, i32, i32, i32";
  base.arch = getArchForDevice(device->getSmVersion()).str();

  Problem p;
  if (llvm::Error e = p.setUp(*device, seed))
    return skipOrFail("setup", std::move(e));
  auto launch = [&](const jit::LoadedKernel &k, const AutotuneConfig &c,
                    CUstream s) { return p.launch(k, c, s); };
  std::vector<int64_t> key = {p.m, p.n, p.k};

  // Counts the measures the tuner asks for, around the real event timer.
  int measures = 0;
  auto countingOptions = [&] {
    autotune::Autotuner::Options o;
    o.cache = &cache;
    o.measure = [&, timer = autotune::makeEventTimer(*device)](
                    const AutotuneConfig &c, CUstream s,
                    llvm::function_ref<llvm::Error()> once) {
      ++measures;
      return timer(c, s, once);
    };
    return o;
  };

  // First tuner: times every config.
  auto tuner = autotune::Autotuner::createFromFile(*device, path, base,
                                                   countingOptions());
  if (!tuner)
    return skipOrFail("tuner", tuner.takeError());
  const AutotuneSpec &spec = (*tuner)->getSpec();
  llvm::Expected<const autotune::Autotuner::Choice &> choice =
      (*tuner)->choose(key, nullptr, launch);
  if (!choice)
    return skipOrFail("tuning", choice.takeError());
  for (size_t i = 0; i < spec.configs.size(); ++i)
    fmt::print("config {} ({}): {}\n", i, spec.configs[i].describe(),
               choice->skipped[i].empty()
                   ? fmt::format("{:.4f} ms", choice->timesMs[i])
                   : "skipped: " + choice->skipped[i]);
  expect(choice->tunedNow && measures == int(spec.configs.size()),
         fmt::format("first tuner timed all {} configs ({} measures)",
                     spec.configs.size(), measures));
  expect(llvm::all_of(choice->skipped, [](auto &s) { return s.empty(); }),
         "no config was skipped");
  size_t best = choice->index;
  std::string choicePath = (*tuner)->getChoicePath(key);
  expect(llvm::sys::fs::exists(choicePath),
         fmt::format("choice {} ({}) stored in {}", best,
                     choice->config->describe(), choicePath));

  // The tuned launch, and each config on its own, on poisoned outputs.
  auto checkRun = [&](llvm::StringRef what,
                      llvm::function_ref<llvm::Error()> run) {
    llvm::Error e = poison(*p.dc, DType::F16);
    if (!e)
      e = run();
    if (!e)
      e = device->synchronize();
    if (e) {
      expect(false,
             fmt::format("{}: {}", what.str(), llvm::toString(std::move(e))));
      return;
    }
    llvm::Expected<double> err = p.check();
    if (!err) {
      expect(false, fmt::format("{}: {}", what.str(),
                                llvm::toString(err.takeError())));
      return;
    }
    expect(*err < kMatmulBound,
           fmt::format("{}: fp16 {}x{}x{} error {:.3e} (bound {:g})",
                       what.str(), p.m, p.n, p.k, *err, kMatmulBound));
  };
  checkRun("tuned launch", [&] { return (*tuner)->run(key, nullptr, launch); });
  for (size_t i = 0; i < spec.configs.size(); ++i) {
    CompileOptions o = base;
    const AutotuneConfig &c = spec.configs[i];
    o.defines = c.constexprs;
    o.numWarps = c.numWarps;
    o.numStages = c.numStages;
    llvm::Expected<jit::LoadedKernel> k =
        jit::loadKernelFromFile(*device, path, o, &cache);
    if (!k) {
      expect(false, fmt::format("config {} loads: {}", i,
                                llvm::toString(k.takeError())));
      continue;
    }
    checkRun(fmt::format("config {}", i),
             [&] { return p.launch(*k, c, nullptr); });
  }

  // Second tuner, fresh memory (a second process): reuses the stored
  // choice and times nothing.
  measures = 0;
  KernelCache secondCache(cacheConfig);
  autotune::Autotuner::Options second = countingOptions();
  second.cache = &secondCache;
  auto again = autotune::Autotuner::createFromFile(*device, path, base, second);
  if (!again)
    return skipOrFail("second tuner", again.takeError());
  llvm::Expected<const autotune::Autotuner::Choice &> reused =
      (*again)->choose(key, nullptr, launch);
  if (!reused)
    return skipOrFail("second tuner", reused.takeError());
  expect(!reused->tunedNow && measures == 0 && reused->index == best,
         fmt::format("second tuner reused choice {} without timing ({} "
                     "measures, {} disk hits)",
                     reused->index, measures,
                     (*again)->getChoiceStats().diskHits));
  checkRun("second tuner's launch",
           [&] { return (*again)->run(key, nullptr, launch); });

  llvm::sys::fs::remove_directories(dir);
  return failures ? 1 : 0;
}

#ifndef TILEC_MULTICALL
int main(int argc, char **argv) { return tilecGpuAutotuneMain(argc, argv); }
#endif
