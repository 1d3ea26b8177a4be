//===- jit_tma.cpp - Tensor descriptors through the JIT on a GPU -*- C++ -*-===//
//
// GPU test of tensor descriptor parameters through include/tilec/JIT.h:
// examples/matmul_tma.py compiled by the JIT, launched with TensorDescArg
// arguments that packArguments encodes into CUtensorMaps (the path a C++
// host takes, unlike the samples, which encode the maps themselves). An fp16
// product of ragged shapes (M, N, K not multiples of the blocks) is checked
// against float64 on a NaN-poisoned C whose rows are padded, so that a write
// past N shows; then a descriptor whose stride TMA cannot take must come
// back as an ArgumentError. A second kernel takes its blocks through
// registers instead of wgmma (checkElementwise).
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

/// A descriptor kernel whose blocks go through registers (read back from
/// shared memory 16 bytes per thread, stored by TMA from a blocked layout),
/// not into wgmma: 2x + 1 of a 1000x32 bf16 tensor into fp32 with padded
/// rows, exact, over 1024 poisoned rows (the last block is partial: its
/// load reads zeros past row 999, its store must not write there).
const char *kElementwiseSource = R"(
import triton
import triton.language as tl


@triton.jit
def scale_kernel(src, dst):
    row = tl.program_id(0) * src.block_shape[0]
    x = src.load([row, 0])
    dst.store([row, 0], x.to(tl.float32) * 2.0 + 1.0)
)";

int checkElementwise(const runtime::Device &device) {
  CompileOptions options;
  options.kernelName = "scale_kernel";
  options.signature = "tensordesc<bf16[64, 32]>, tensordesc<fp32[64, 32]>";
  options.arch = "sm_90a";
  llvm::Expected<jit::LoadedKernel> kernel =
      jit::loadKernel(device, kElementwiseSource, "scale_kernel.py", options);
  if (!kernel)
    return skipOrFail("load scale_kernel", kernel.takeError());
  const int rows = 1000, cols = 32, ld = 40, allocRows = 1024;
  Random rng(chooseSeed());
  std::vector<float> x = rng.uniform(size_t(rows) * cols, -4, 4, DType::BF16);
  auto dx = upload(device, x, DType::BF16);
  auto dy = allocPoisoned(device, size_t(allocRows) * ld, DType::F32);
  if (!dx || !dy)
    return skipOrFail("setup", dx ? dy.takeError() : dx.takeError());
  jit::TensorDescArg xd{dx->getDevicePtr(), {rows, cols}, {cols, 1}};
  jit::TensorDescArg yd{dy->getDevicePtr(), {rows, cols}, {ld, 1}};
  llvm::Error e = (*kernel)({(rows + 63) / 64}, nullptr, xd, yd);
  if (!e)
    e = device.synchronize();
  if (e)
    return skipOrFail("launch scale_kernel", std::move(e));
  auto out = download(*dy, size_t(allocRows) * ld, DType::F32);
  if (!out)
    return skipOrFail("copy", out.takeError());
  size_t wrong = 0;
  for (int i = 0; i < rows; ++i)
    for (int j = 0; j < cols; ++j)
      wrong += !((*out)[size_t(i) * ld + j] ==
                 x[size_t(i) * cols + j] * 2.0f + 1.0f);
  // Past N in each row, and every element of the rows past M.
  size_t stray = countStrayWrites(*out, rows, cols, ld);
  for (size_t k = size_t(rows) * ld; k < out->size(); ++k)
    stray += !std::isnan((*out)[k]);
  expect(wrong == 0 && stray == 0,
         fmt::format("JIT scale_kernel bf16 -> fp32 {}x{} through descriptors "
                     "(blocks in registers): {} wrong, {} stray writes",
                     rows, cols, wrong, stray));
  return 0;
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

  if (int rc = checkElementwise(*device))
    return rc;

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
