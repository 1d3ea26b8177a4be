//===- jit_bench.cpp - Compile, cache-hit and launch times -----*- C++ -*-===//
//
// The three figures of issue #4's performance bar, one per invocation, each
// printed as one JSON line on stdout (scripts/gpu_check_runtime.sh runs it
// as fresh processes and collects the lines):
//
//   jit_bench cold   SOFTMAX.py [--breakdown]   compile + load, no cache
//   jit_bench warm   SOFTMAX.py --cache-dir DIR load through a disk hit
//   jit_bench launch VECTOR_ADD.py              host time per launch
//   jit_bench compile SOFTMAX.py [--breakdown]  compile only, no GPU needed
//
// `cold` and `warm` time the JIT API call that turns a source file into a
// loaded kernel (loadKernelFromFile); the device's primary context is made
// first and timed apart, as it is the driver's cost, not the compiler's.
// `--breakdown` adds the time of each compile stage; `--no-ptxas` keeps the
// PTX only and lets the driver JIT-compile it at load (what a machine
// without ptxas gets). `launch` times
// LoadedKernel launches of a 4-argument kernel (vector_add's add_kernel),
// checked arguments and all, beside runtime::Kernel::launch and a bare
// cuLaunchKernel loop with pre-packed arguments: medians over batches of
// 100 launches, each batch timed on the host and then drained.
//
// Exit 77 (SKIP on stderr) without a driver or GPU.
//
//===----------------------------------------------------------------------===//

#include "tilec/JIT.h"
#include "tilec/Target.h"

// The raw driver table, for the bare cuLaunchKernel baseline only.
#include "Runtime/CudaDriver.h"

#include "llvm/Support/MemoryBuffer.h"

#include <fmt/format.h>

#include <algorithm>
#include <chrono>
#include <cstring>
#include <functional>
#include <vector>

using namespace tilec;
using Clock = std::chrono::steady_clock;

namespace {

double msSince(Clock::time_point start) {
  return std::chrono::duration<double, std::milli>(Clock::now() - start)
      .count();
}

int fail(llvm::StringRef what, llvm::Error error) {
  bool skip = error.isA<runtime::DriverUnavailableError>();
  fmt::print(stderr, "{} jit_bench {}: {}\n", skip ? "SKIP" : "FAIL", what,
             llvm::toString(std::move(error)));
  return skip ? 77 : 1;
}

std::string archFor(const runtime::Device &device) {
  return getArchForDevice(device.getSmVersion()).str();
}

/// cold / warm: source file -> loaded kernel, timed.
int runCompile(bool cold, const std::string &path, const std::string &cacheDir,
               bool breakdown, bool noPtxas) {
  Clock::time_point start = Clock::now();
  llvm::Expected<runtime::Device> device = runtime::Device::get();
  if (!device)
    return fail("device", device.takeError());
  double deviceMs = msSince(start);

  CompileOptions options;
  options.kernelName = "softmax_kernel";
  options.signature = "*fp32:16, *fp32:16, i32:16, i32:16, i32, 1024";
  options.arch = archFor(*device);
  if (noPtxas)
    options.assemble = CompileOptions::Assemble::Never;
  CompileTimings timings;
  KernelCache::Config config;
  config.useDisk = !cold;
  config.directory = cacheDir;
  config.compile = [&](llvm::StringRef source, llvm::StringRef filename,
                       const CompileOptions &opts) {
    return compileKernel(source, filename, opts, &timings);
  };
  KernelCache cache(config);

  Clock::time_point t0 = Clock::now();
  llvm::Expected<jit::LoadedKernel> kernel =
      jit::loadKernelFromFile(*device, path, options, &cache);
  double totalMs = msSince(t0);
  if (!kernel)
    return fail("load", kernel.takeError());
  CacheStats stats = cache.getStats();
  const KernelMetadata &md = kernel->getMetadata();
  std::string extra;
  if (breakdown)
    extra = fmt::format(
        ", \"setup_ms\": {:.3f}, \"frontend_ms\": {:.3f}, \"passes_ms\": "
        "{:.3f}, \"llvm_ms\": {:.3f}, \"ptxas_ms\": {:.3f}, "
        "\"driver_load_ms\": {:.3f}",
        timings.setupMs, timings.frontendMs, timings.passesMs, timings.llvmMs,
        timings.ptxasMs,
        totalMs - timings.setupMs - timings.frontendMs - timings.passesMs -
            timings.llvmMs - timings.ptxasMs);
  fmt::print(
      "{{\"mode\": \"{}\", \"kernel\": \"{}\", \"total_ms\": {:.3f}, "
      "\"device_init_ms\": {:.3f}, \"disk_hit\": {}, \"cubin\": {}{}}}\n",
      cold ? "cold" : "warm", md.name, totalMs, deviceMs,
      stats.diskHits == 1 ? "true" : "false", md.hasCubin ? "true" : "false",
      extra);
  // A warm run that missed (the first one, which fills the cache) says so
  // in "disk_hit"; the script discards it.
  return 0;
}

/// compile: the compiler alone (what `cold` spends before the driver), for
/// machines without a GPU.
int runCompileOnly(const std::string &path, bool breakdown) {
  llvm::ErrorOr<std::unique_ptr<llvm::MemoryBuffer>> buf =
      llvm::MemoryBuffer::getFile(path, /*IsText=*/true);
  if (!buf) {
    fmt::print(stderr, "FAIL jit_bench compile: cannot read '{}': {}\n", path,
               buf.getError().message());
    return 1;
  }
  CompileOptions options;
  options.kernelName = "softmax_kernel";
  options.signature = "*fp32:16, *fp32:16, i32:16, i32:16, i32, 1024";
  CompileTimings t;
  Clock::time_point t0 = Clock::now();
  llvm::Expected<CompiledKernel> k =
      compileKernel((*buf)->getBuffer(), path, options, &t);
  double totalMs = msSince(t0);
  if (!k)
    return fail("compile", k.takeError());
  std::string extra;
  if (breakdown)
    extra =
        fmt::format(", \"setup_ms\": {:.3f}, \"frontend_ms\": {:.3f}, "
                    "\"passes_ms\": {:.3f}, \"llvm_ms\": {:.3f}, "
                    "\"ptxas_ms\": {:.3f}",
                    t.setupMs, t.frontendMs, t.passesMs, t.llvmMs, t.ptxasMs);
  fmt::print("{{\"mode\": \"compile\", \"kernel\": \"{}\", \"total_ms\": "
             "{:.3f}, \"cubin\": {}{}}}\n",
             k->metadata.name, totalMs, k->metadata.hasCubin ? "true" : "false",
             extra);
  return 0;
}

/// The time per launch, in microseconds, of each of `launchers`: batches of
/// `perBatch` launches, timed on the host and then drained outside the
/// timed region (so the queue never fills). The launchers take turns batch
/// by batch, so that clock and scheduling changes during the run hit them
/// alike. Returns the median per launcher; `ok` turns false on an error.
std::vector<double>
medianLaunchUs(int batches, int perBatch, CUstream stream,
               const runtime::CudaDriver &driver,
               llvm::ArrayRef<std::function<bool()>> launchers, bool &ok) {
  std::vector<std::vector<double>> perLaunch(launchers.size());
  for (int b = 0; b < batches && ok; ++b) {
    for (size_t l = 0; l < launchers.size() && ok; ++l) {
      Clock::time_point t0 = Clock::now();
      for (int i = 0; i < perBatch && ok; ++i)
        ok = launchers[l]();
      perLaunch[l].push_back(msSince(t0) * 1000.0 / perBatch);
      ok = ok && driver.cuStreamSynchronize(stream) == CUDA_SUCCESS;
    }
  }
  std::vector<double> medians;
  for (std::vector<double> &v : perLaunch) {
    std::sort(v.begin(), v.end());
    medians.push_back(v.empty() ? 0 : v[v.size() / 2]);
  }
  return medians;
}

int runLaunch(const std::string &path) {
  llvm::Expected<runtime::Device> device = runtime::Device::get();
  if (!device)
    return fail("device", device.takeError());
  llvm::Expected<const runtime::CudaDriver &> driver = runtime::getCudaDriver();
  if (!driver)
    return fail("driver", driver.takeError());
  CompileOptions options;
  options.kernelName = "add_kernel";
  options.signature = "*fp32:16, *fp32:16, *fp32:16, i32, 1024";
  options.arch = archFor(*device);
  llvm::Expected<jit::LoadedKernel> kernel =
      jit::loadKernelFromFile(*device, path, options);
  if (!kernel)
    return fail("load", kernel.takeError());
  const int n = 1024;
  auto x = runtime::DeviceBuffer::allocate(*device, n * 4);
  if (!x)
    return fail("allocate", x.takeError());
  auto y = runtime::DeviceBuffer::allocate(*device, n * 4);
  if (!y)
    return fail("allocate", y.takeError());
  auto out = runtime::DeviceBuffer::allocate(*device, n * 4);
  if (!out)
    return fail("allocate", out.takeError());
  llvm::Expected<runtime::Stream> stream =
      runtime::Stream::create(*device, CU_STREAM_NON_BLOCKING);
  if (!stream)
    return fail("stream", stream.takeError());
  CUstream s = stream->getHandle();

  const int batches = 200, perBatch = 100;
  bool ok = true;
  llvm::Error firstError = llvm::Error::success();
  auto jitLaunch = [&] {
    llvm::Error e = (*kernel)({1}, s, *x, *y, *out, n);
    if (!e)
      return true;
    firstError = std::move(e);
    return false;
  };
  CUdeviceptr px = x->getDevicePtr(), py = y->getDevicePtr(),
              po = out->getDevicePtr();
  int32_t nArg = n;
  void *args[] = {&px, &py, &po, &nArg};
  const runtime::Kernel &rk = kernel->getKernel();
  CUfunction fn = rk.getHandle();
  std::function<bool()> launchers[] = {
      jitLaunch,
      [&] { return !llvm::errorToBool(rk.launch({1}, {128}, 0, s, args)); },
      [&] {
        return driver->cuLaunchKernel(fn, 1, 1, 1, 128, 1, 1, 0, s, args,
                                      nullptr) == CUDA_SUCCESS;
      }};
  // Warm-up: the first launches load the module's code onto the GPU.
  medianLaunchUs(5, perBatch, s, *driver, launchers, ok);
  std::vector<double> us =
      medianLaunchUs(batches, perBatch, s, *driver, launchers, ok);
  if (!ok && firstError)
    return fail("jit launch", std::move(firstError));
  double jitUs = us[0], runtimeUs = us[1], bareUs = us[2];
  llvm::consumeError(std::move(firstError));
  if (!ok) {
    fmt::print(stderr, "FAIL jit_bench launch: a launch failed\n");
    return 1;
  }
  // Results are not checked here; jit_softmax and the GPU tests do that.
  fmt::print("{{\"mode\": \"launch\", \"kernel\": \"add_kernel\", \"args\": 4, "
             "\"launches\": {}, \"jit_launch_us_median\": {:.3f}, "
             "\"runtime_launch_us_median\": {:.3f}, "
             "\"bare_cuLaunchKernel_us_median\": {:.3f}}}\n",
             batches * perBatch, jitUs, runtimeUs, bareUs);
  return 0;
}

} // namespace

int tilecJitBenchMain(int argc, char **argv) {
  if (argc < 3) {
    fmt::print(stderr, "usage: jit_bench cold|warm|launch|compile FILE.py "
                       "[--breakdown] [--no-ptxas] [--cache-dir DIR]\n");
    return 2;
  }
  std::string mode = argv[1], path = argv[2], cacheDir;
  bool breakdown = false, noPtxas = false;
  for (int i = 3; i < argc; ++i) {
    if (std::strcmp(argv[i], "--breakdown") == 0)
      breakdown = true;
    else if (std::strcmp(argv[i], "--no-ptxas") == 0)
      noPtxas = true;
    else if (std::strcmp(argv[i], "--cache-dir") == 0 && i + 1 < argc)
      cacheDir = argv[++i];
    else {
      fmt::print(stderr, "jit_bench: unknown argument '{}'\n", argv[i]);
      return 2;
    }
  }
  if (mode == "cold" || mode == "warm") {
    if (mode == "warm" && cacheDir.empty()) {
      fmt::print(stderr, "jit_bench warm needs --cache-dir DIR\n");
      return 2;
    }
    return runCompile(mode == "cold", path, cacheDir, breakdown, noPtxas);
  }
  if (mode == "launch")
    return runLaunch(path);
  if (mode == "compile")
    return runCompileOnly(path, breakdown);
  fmt::print(stderr, "jit_bench: unknown mode '{}'\n", mode);
  return 2;
}

#ifndef TILEC_MULTICALL
int main(int argc, char **argv) { return tilecJitBenchMain(argc, argv); }
#endif
