//===- jit_tma.cpp - Tensor descriptors through the JIT on a GPU -*- C++ -*-===//
//
// GPU test of tensor descriptor parameters through include/tilec/JIT.h:
// examples/matmul_tma.py compiled by the JIT, launched with TensorDescArg
// arguments that packArguments encodes into CUtensorMaps (the path a C++
// host takes, unlike the samples, which encode the maps themselves). An fp16
// product of ragged shapes (M, N, K not multiples of the blocks) is checked
// against float64 on a NaN-poisoned C whose rows are padded, so that a write
// past N shows; then a descriptor whose stride TMA cannot take must come
// back as an ArgumentError.
//
//   tilec-gpu-jit-tma [path/to/matmul_tma.py]
//
// PASS lines and exit 0, FAIL and exit 1, or SKIP and exit 77 without a GPU
// or below sm_90.
//
//===----------------------------------------------------------------------===//

#include "GpuHost.h"

#include "tilec/JIT.h"

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

} // namespace

int tilecGpuJitTmaMain(int argc, char **argv) {
  std::string path =
      argc > 1 ? argv[1] : TILEC_EXAMPLES_DIR "/matmul_tma.py";
  llvm::Expected<runtime::Device> device = runtime::Device::get();
  if (!device)
    return skipOrFail("device", device.takeError());
  if (device->getSmVersion() < 90) {
    fmt::print("SKIP TMA needs sm_90, this is sm_{}\n",
               device->getSmVersion());
    return 77;
  }
  CompileOptions options;
  options.kernelName = "matmul_tma_kernel";
  options.signature = "tensordesc<fp16[128, 64]>, tensordesc<fp16[64, 128]>, "
                      "tensordesc<fp16[128, 128]>, i32, i32, i32, 128, 128, "
                      "64, 8";
  options.numWarps = 4;
  options.arch = "sm_90a";
  llvm::Expected<jit::LoadedKernel> kernel =
      jit::loadKernelFromFile(*device, path, options);
  if (!kernel)
    return skipOrFail("load", kernel.takeError());

  // Ragged in every dimension; rows 16-byte aligned as TMA needs.
  const int m = 1000, n = 520, k = 776, ldc = n + 24;
  uint64_t seed = chooseSeed();
  fmt::print("seed: {:#x} (TILEC_SEED repeats it)\n", seed);
  Random rng(seed);
  std::vector<float> a = rng.uniform(size_t(m) * k, -1, 1, DType::F16),
                     b = rng.uniform(size_t(k) * n, -1, 1, DType::F16);
  auto da = upload(*device, a, DType::F16);
  auto db = upload(*device, b, DType::F16);
  auto dc = allocPoisoned(*device, size_t(m) * ldc, DType::F16);
  if (!da || !db || !dc)
    return skipOrFail("setup", !da   ? da.takeError()
                               : !db ? db.takeError()
                                     : dc.takeError());
  jit::TensorDescArg ad{da->getDevicePtr(), {m, k}, {k, 1}};
  jit::TensorDescArg bd{db->getDevicePtr(), {k, n}, {n, 1}};
  jit::TensorDescArg cd{dc->getDevicePtr(), {m, n}, {ldc, 1}};
  unsigned programs = unsigned(((m + 127) / 128) * ((n + 127) / 128));
  llvm::Error e = (*kernel)({programs}, nullptr, ad, bd, cd, m, n, k);
  if (!e)
    e = device->synchronize();
  if (e)
    return skipOrFail("launch", std::move(e));
  auto out = download(*dc, size_t(m) * ldc, DType::F16);
  if (!out)
    return skipOrFail("copy", out.takeError());
  double num = 0, den = 0;
  std::vector<double> ref(n);
  for (int i = 0; i < m; ++i) {
    std::fill(ref.begin(), ref.end(), 0.0);
    for (int p = 0; p < k; ++p)
      for (int j = 0; j < n; ++j)
        ref[j] += double(a[size_t(i) * k + p]) * b[size_t(p) * n + j];
    for (int j = 0; j < n; ++j) {
      double d = (*out)[size_t(i) * ldc + j] - ref[j];
      num += d * d;
      den += ref[j] * ref[j];
    }
  }
  double err = std::sqrt(num / den);
  size_t stray = countStrayWrites(*out, m, n, ldc);
  expect(err < kMatmulBound && stray == 0,
         fmt::format("JIT matmul_tma_kernel fp16 {}x{}x{} through "
                     "TensorDescArg: relative error {:.3e} (bound {}), {} "
                     "stray writes",
                     m, n, k, err, kMatmulBound, stray));

  // A row stride of 1001 halves (2002 bytes) is no multiple of 16 bytes.
  jit::TensorDescArg bad{da->getDevicePtr(), {m, k}, {1001, 1}};
  llvm::Error refused = (*kernel)({programs}, nullptr, bad, bd, cd, m, n, k);
  bool isArgError = refused.isA<jit::ArgumentError>();
  std::string message =
      refused ? llvm::toString(std::move(refused)) : "<success>";
  expect(isArgError, "bad stride refused: " + message);
  llvm::Error after = device->synchronize();
  expect(!after, "context healthy after the refused launch");
  llvm::consumeError(std::move(after));
  return failures ? 1 : 0;
}

#ifndef TILEC_MULTICALL
int main(int argc, char **argv) { return tilecGpuJitTmaMain(argc, argv); }
#endif
