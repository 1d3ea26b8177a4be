//===- jit_launch.cpp - The JIT API on a GPU --------------------*- C++ -*-===//
//
// GPU test of include/tilec/JIT.h with examples/vector_add.py: launches on
// the default stream and on two streams at once, the cubin path and the PTX
// path (the driver's JIT, what a machine without ptxas gets), a memory hit
// of the kernel cache, and a wrong launch that must come back as an
// ArgumentError and leave the context healthy. Results are checked exactly
// (x + y in fp32) on NaN-poisoned outputs.
//
//   tilec-gpu-jit-launch [path/to/vector_add.py]
//
// PASS lines and exit 0, FAIL and exit 1, or SKIP and exit 77 without a GPU.
//
//===----------------------------------------------------------------------===//

#include "tilec/JIT.h"
#include "tilec/Target.h"

#include <fmt/format.h>

#include <cmath>
#include <optional>
#include <vector>

#ifndef TILEC_EXAMPLES_DIR
#define TILEC_EXAMPLES_DIR "examples"
#endif

using namespace tilec;

namespace {

int failures = 0;

void expect(bool ok, llvm::StringRef what) {
  fmt::print("{} {}\n", ok ? "PASS" : "FAIL", what.str());
  failures += !ok;
}

/// Inputs and a poisoned output of n floats on the device.
struct Problem {
  std::vector<float> x, y;
  std::optional<runtime::DeviceBuffer> dx, dy, dout;
};

llvm::Expected<Problem> makeProblem(const runtime::Device &device, int n,
                                    float seed) {
  Problem p;
  for (int i = 0; i < n; ++i) {
    p.x.push_back(std::sin(seed + i) * 100.0f);
    p.y.push_back(std::cos(seed * i) + 0.25f);
  }
  for (auto *slot : {&p.dx, &p.dy, &p.dout}) {
    auto buf = runtime::DeviceBuffer::allocate(device, size_t(n) * 4);
    if (!buf)
      return buf.takeError();
    slot->emplace(std::move(*buf));
  }
  if (llvm::Error e = p.dx->copyFromHost(p.x.data(), size_t(n) * 4))
    return std::move(e);
  if (llvm::Error e = p.dy->copyFromHost(p.y.data(), size_t(n) * 4))
    return std::move(e);
  if (llvm::Error e = p.dout->fill32(0x7fc00000))
    return std::move(e);
  return std::move(p);
}

/// Number of wrong elements of out = x + y (NaN counts as wrong).
llvm::Expected<int> countWrong(Problem &p) {
  std::vector<float> out(p.x.size());
  if (llvm::Error e = p.dout->copyToHost(out.data(), out.size() * 4))
    return std::move(e);
  int wrong = 0;
  for (size_t i = 0; i < out.size(); ++i)
    wrong += !(out[i] == p.x[i] + p.y[i]);
  return wrong;
}

int skipOrFail(llvm::StringRef what, llvm::Error e) {
  bool skip = e.isA<runtime::DriverUnavailableError>();
  fmt::print("{} {}: {}\n", skip ? "SKIP" : "FAIL", what.str(),
             llvm::toString(std::move(e)));
  return skip ? 77 : 1;
}

} // namespace

int tilecGpuJitLaunchMain(int argc, char **argv) {
  std::string path = argc > 1 ? argv[1] : TILEC_EXAMPLES_DIR "/vector_add.py";
  llvm::Expected<runtime::Device> device = runtime::Device::get();
  if (!device)
    return skipOrFail("device", device.takeError());
  fmt::print("device: {} (sm_{})\n", device->getName(), device->getSmVersion());

  KernelCache::Config config;
  config.useDisk = false;
  KernelCache cache(config);
  CompileOptions options;
  options.kernelName = "add_kernel";
  options.signature = "*fp32:16, *fp32:16, *fp32:16, i32, 1024";
  options.arch = tilec::getArchForDevice(device->getSmVersion()).str();

  for (auto assemble : {CompileOptions::Assemble::IfAvailable,
                        CompileOptions::Assemble::Never}) {
    options.assemble = assemble;
    llvm::Expected<jit::LoadedKernel> kernel =
        jit::loadKernelFromFile(*device, path, options, &cache);
    if (!kernel)
      return skipOrFail("load", kernel.takeError());
    std::string how = kernel->getMetadata().hasCubin ? "cubin" : "ptx";

    // Default stream, n not a multiple of the block.
    const int n = 100003;
    auto p = makeProblem(*device, n, 1.0f);
    if (!p)
      return skipOrFail("setup", p.takeError());
    llvm::Error e =
        (*kernel)({(n + 1023) / 1024}, nullptr, *p->dx, *p->dy, *p->dout, n);
    if (!e)
      e = device->synchronize();
    if (e)
      return skipOrFail("launch", std::move(e));
    auto wrong = countWrong(*p);
    if (!wrong)
      return skipOrFail("copy", wrong.takeError());
    expect(*wrong == 0,
           fmt::format("{}: default stream, n={} ({} wrong)", how, n, *wrong));

    // Two streams at once, different sizes.
    auto s1 = runtime::Stream::create(*device, CU_STREAM_NON_BLOCKING);
    auto s2 = runtime::Stream::create(*device, CU_STREAM_NON_BLOCKING);
    if (!s1 || !s2)
      return skipOrFail("streams", s1 ? s2.takeError() : s1.takeError());
    auto a = makeProblem(*device, 1 << 20, 2.0f);
    auto b = makeProblem(*device, 4097, 3.0f);
    if (!a || !b)
      return skipOrFail("setup", a ? b.takeError() : a.takeError());
    e = (*kernel)({(1 << 20) / 1024}, s1->getHandle(), *a->dx, *a->dy, *a->dout,
                  1 << 20);
    if (!e)
      e = (*kernel)({5}, s2->getHandle(), *b->dx, *b->dy, *b->dout, 4097);
    if (!e)
      e = s1->synchronize();
    if (!e)
      e = s2->synchronize();
    if (e)
      return skipOrFail("stream launch", std::move(e));
    auto wa = countWrong(*a), wb = countWrong(*b);
    if (!wa || !wb)
      return skipOrFail("copy", wa ? wb.takeError() : wa.takeError());
    expect(*wa == 0 && *wb == 0,
           fmt::format("{}: two streams ({} and {} wrong)", how, *wa, *wb));

    // A wrong launch: an error value, nothing reaches the GPU.
    llvm::Error bad = (*kernel)({1}, nullptr, *p->dx, 3.0f, *p->dout, n);
    bool isArgError = bad.isA<jit::ArgumentError>();
    std::string message = bad ? llvm::toString(std::move(bad)) : "<success>";
    expect(isArgError,
           fmt::format("{}: wrong argument rejected: {}", how, message));
    llvm::Error after = device->synchronize();
    expect(!after, fmt::format("{}: context healthy after the rejected "
                               "launch",
                               how));
    llvm::consumeError(std::move(after));
  }

  options.assemble = CompileOptions::Assemble::IfAvailable;
  llvm::Expected<jit::LoadedKernel> again =
      jit::loadKernelFromFile(*device, path, options, &cache);
  if (!again)
    return skipOrFail("reload", again.takeError());
  CacheStats stats = cache.getStats();
  expect(stats.memoryHits == 1 && stats.misses == 2,
         fmt::format("cache: {} misses, {} memory hits", stats.misses,
                     stats.memoryHits));
  return failures ? 1 : 0;
}

#ifndef TILEC_MULTICALL
int main(int argc, char **argv) { return tilecGpuJitLaunchMain(argc, argv); }
#endif
