//===- jit_norms.cpp - JIT-compile and run the norm samples from C++ -----===//
//
// The embedding API (docs/embedding.md) on examples/rmsnorm.py,
// examples/layernorm_bwd.py and examples/cross_entropy.py: each kernel
// compiled through the kernel cache and loaded, then run on random bf16
// inputs with NaN-poisoned outputs and checked against float64
// (test/GPU/NormsReference.h):
//   - RMS norm forward, backward (dx and per-program partial dW) and the dW
//     reduction, 1000 rows of 4096;
//   - layer norm backward through the lock-and-atomics kernel and the dW/dB
//     reduction, 1000 rows of 4096 (so that rows share the 128 lock slots);
//   - cross-entropy, 64 rows of 128256 logits, every 7th row ignored, label
//     smoothing 0.1, mean reduction: the loss and the gradient written over
//     the logits.
//
//   jit_norms [EXAMPLES_DIR]
//
// Prints a line per check, PASS (exit 0), FAIL (exit 1), or SKIP (exit 77)
// where there is no driver or no GPU.
//
//===----------------------------------------------------------------------===//

#include "GpuHost.h"
#include "NormsReference.h"

#include "tilec/JIT.h"
#include "tilec/Target.h"

#include <fmt/format.h>

#include <string>
#include <vector>

#ifndef TILEC_EXAMPLES_DIR
#define TILEC_EXAMPLES_DIR "examples"
#endif

using namespace tilec;
using gpuhost::DType;

namespace {

int reportError(const std::string &what, llvm::Error error) {
  bool skip = error.isA<runtime::DriverUnavailableError>();
  fmt::print("{} {}: {}\n", skip ? "SKIP" : "FAIL", what,
             llvm::toString(std::move(error)));
  return skip ? 77 : 1;
}

/// Compiles and loads `kernel` of `file` for this device.
llvm::Expected<jit::LoadedKernel>
load(const runtime::Device &device, const std::string &dir,
     const std::string &file, const std::string &kernel,
     const std::string &signature,
     std::vector<std::pair<std::string, std::string>> defines, int warps) {
  CompileOptions options;
  options.kernelName = kernel;
  options.signature = signature;
  options.defines = std::move(defines);
  options.numWarps = warps;
  options.arch = getArchForDevice(device.getSmVersion()).str();
  return jit::loadKernelFromFile(device, dir + "/" + file, options);
}

/// ErrorMeter over `rows` rows of `n` (stride `stride` in `out`).
double rowError(const std::vector<float> &out, const std::vector<double> &ref,
                int rows, int n, int stride) {
  gpuhost::ErrorMeter m;
  for (int r = 0; r < rows; ++r)
    m.add(out.data() + size_t(r) * stride, ref.data() + size_t(r) * n, n);
  return m.get();
}

struct Checker {
  int failed = 0;
  void check(const std::string &what, double err, double bound) {
    bool ok = !std::isnan(err) && err <= bound;
    failed += !ok;
    fmt::print("{} jit {}: rel_err={:.3e} (bound {:g})\n", ok ? "PASS" : "FAIL",
               what, err, bound);
  }
};

constexpr DType kType = DType::BF16;
/// bf16 outputs of fp32 arithmetic (test/GPU/samples_norms.cpp says why).
constexpr double kBound = 1e-2;

} // namespace

int tilecJitNormsMain(int argc, char **argv) {
  std::string dir = argc > 1 ? argv[1] : TILEC_EXAMPLES_DIR;
  llvm::Expected<runtime::Device> device = runtime::Device::get();
  if (!device)
    return reportError("device", device.takeError());
  gpuhost::Random rng(1);
  Checker checker;
  const std::string p = "*bf16:16", f = "*fp32:16";

  // RMS norm and layer norm backward: 1000 x 4096, contiguous rows.
  const int rows = 1000, n = 4096, block = 4096, warps = 8, programs = 50;
  const int rpp = rows / programs, group = 128;
  auto fwd = load(*device, dir, "rmsnorm.py", "rmsnorm_fwd_kernel",
                  fmt::format("{0}, {0}, {0}, {1}, i32:16, i32:16, fp32", p, f),
                  {{"BLOCK_N", std::to_string(block)}}, warps);
  auto bwd = load(
      *device, dir, "rmsnorm.py", "rmsnorm_bwd_kernel",
      fmt::format("{0}, {0}, {0}, {0}, {1}, {1}, i32:16, i32, i32:16, i32", p,
                  f),
      {{"BLOCK_N", std::to_string(block)}}, warps);
  auto red = load(*device, dir, "rmsnorm.py", "rmsnorm_bwd_dw_kernel",
                  fmt::format("{1}, {0}, i32, i32:16", p, f),
                  {{"BLOCK_M", "128"}, {"BLOCK_N", "16"}}, 4);
  auto lock = load(
      *device, dir, "layernorm_bwd.py", "layernorm_bwd_lock_kernel",
      fmt::format("{0}, {0}, {0}, {0}, {1}, {1}, {1}, {1}, *i32:16, *i32:16, "
                  "i32:16, i32:16",
                  p, f),
      {{"GROUP", std::to_string(group)}, {"BLOCK_N", std::to_string(block)}},
      warps);
  auto dwdb = load(*device, dir, "layernorm_bwd.py",
                   "layernorm_bwd_dwdb_kernel",
                   fmt::format("{1}, {1}, {0}, {0}, i32, i32:16", p, f),
                   {{"BLOCK_M", "128"}, {"BLOCK_N", "16"}}, 4);
  auto xent = load(*device, dir, "cross_entropy.py", "cross_entropy_kernel",
                   fmt::format("{0}, i32:16, *i64:16, {1}, i32:16, i32, fp32, "
                               "fp32",
                               p, f),
                   {{"BLOCK_V", "4096"}}, 8);
  for (auto *k : {&fwd, &bwd, &red, &lock, &dwdb, &xent})
    if (!*k)
      return reportError("compile and load", k->takeError());

  size_t total = size_t(rows) * n;
  std::vector<float> x = rng.uniform(total, -2, 3, kType),
                     dy = rng.uniform(total, -1, 1, kType),
                     w = rng.uniform(n, 0.5, 1.5, kType);
  std::vector<float> mean(rows), rstdLn(rows);
  std::vector<double> yRef(total), dxRef(total), rstdRef(rows), dwRef(n, 0.0),
      dxLnRef(total), dwLnRef(n, 0.0), dbLnRef(n, 0.0);
  for (int r = 0; r < rows; ++r) {
    const float *xr = x.data() + size_t(r) * n, *dyr = dy.data() + size_t(r) * n;
    rstdRef[r] =
        normsref::rmsNormForward(xr, w.data(), n, 1e-6, yRef.data() + r * n);
    normsref::rmsNormBackward(xr, w.data(), dyr, n, rstdRef[r],
                              dxRef.data() + size_t(r) * n, dwRef.data());
    double mu, rs;
    normsref::layerNormStats(xr, n, 1e-5, mu, rs);
    mean[r] = float(mu), rstdLn[r] = float(rs);
    normsref::layerNormBackward(xr, w.data(), dyr, n, mean[r], rstdLn[r],
                                dxLnRef.data() + size_t(r) * n,
                                dwLnRef.data(), dbLnRef.data());
  }

  // Every buffer, then every launch; any failed call ends the run.
  auto bx = gpuhost::upload(*device, x, kType);
  auto bdy = gpuhost::upload(*device, dy, kType);
  auto bw = gpuhost::upload(*device, w, kType);
  auto bmean = gpuhost::upload(*device, mean, DType::F32);
  auto brstdLn = gpuhost::upload(*device, rstdLn, DType::F32);
  auto by = gpuhost::allocPoisoned(*device, total, kType);
  auto brstd = gpuhost::allocPoisoned(*device, rows, DType::F32);
  auto bdx = gpuhost::allocPoisoned(*device, total, kType);
  auto bdxLn = gpuhost::allocPoisoned(*device, total, kType);
  auto bpart = gpuhost::allocPoisoned(*device, size_t(programs) * n, DType::F32);
  auto bpdw = gpuhost::allocPoisoned(*device, size_t(group) * n, DType::F32);
  auto bpdb = gpuhost::allocPoisoned(*device, size_t(group) * n, DType::F32);
  auto bdw = gpuhost::allocPoisoned(*device, n, kType);
  auto bdwLn = gpuhost::allocPoisoned(*device, n, kType);
  auto bdbLn = gpuhost::allocPoisoned(*device, n, kType);
  auto blocks = runtime::DeviceBuffer::allocate(*device, 2 * group * 4);
  for (auto *b : {&bx, &bdy, &bw, &bmean, &brstdLn, &by, &brstd, &bdx, &bdxLn,
                  &bpart, &bpdw, &bpdb, &bdw, &bdwLn, &bdbLn, &blocks})
    if (!*b)
      return reportError("allocate", b->takeError());
  if (llvm::Error e = blocks->fill32(0))
    return reportError("clear the locks", std::move(e));
  CUstream s = nullptr;
  jit::DevicePtr counts{blocks->getDevicePtr() + 4 * group};
  float eps = 1e-6f;
  if (llvm::Error e = (*fwd)({unsigned(rows)}, s, *bx, *by, *bw, *brstd, n, n,
                             eps))
    return reportError("launch rmsnorm_fwd_kernel", std::move(e));
  if (llvm::Error e = (*bwd)({unsigned(programs)}, s, *bx, *bdy, *bdx, *bw,
                             *brstd, *bpart, n, rows, n, rpp))
    return reportError("launch rmsnorm_bwd_kernel", std::move(e));
  if (llvm::Error e = (*red)({unsigned(n / 16)}, s, *bpart, *bdw, programs, n))
    return reportError("launch rmsnorm_bwd_dw_kernel", std::move(e));
  if (llvm::Error e = (*lock)({unsigned(rows)}, s, *bx, *bdy, *bdxLn, *bw,
                              *bmean, *brstdLn, *bpdw, *bpdb, *blocks, counts,
                              n, n))
    return reportError("launch layernorm_bwd_lock_kernel", std::move(e));
  if (llvm::Error e = (*dwdb)({unsigned(n / 16)}, s, *bpdw, *bpdb, *bdwLn,
                              *bdbLn, group, n))
    return reportError("launch layernorm_bwd_dwdb_kernel", std::move(e));
  if (llvm::Error e = device->synchronize())
    return reportError("run the norms", std::move(e));
  auto y = gpuhost::download(*by, total, kType);
  auto rstd = gpuhost::download(*brstd, rows, DType::F32);
  auto dx = gpuhost::download(*bdx, total, kType);
  auto dw = gpuhost::download(*bdw, n, kType);
  auto dxLn = gpuhost::download(*bdxLn, total, kType);
  auto dwLn = gpuhost::download(*bdwLn, n, kType);
  auto dbLn = gpuhost::download(*bdbLn, n, kType);
  for (auto *o : {&y, &rstd, &dx, &dw, &dxLn, &dwLn, &dbLn})
    if (!*o)
      return reportError("copy out", o->takeError());
  checker.check("rmsnorm y", rowError(*y, yRef, rows, n, n), kBound);
  checker.check("rmsnorm rstd", rowError(*rstd, rstdRef, 1, rows, rows),
                gpuhost::kReduceBoundF32);
  checker.check("rmsnorm dx", rowError(*dx, dxRef, rows, n, n), kBound);
  checker.check("rmsnorm dw", rowError(*dw, dwRef, 1, n, n), kBound);
  checker.check("layernorm_bwd_lock dx", rowError(*dxLn, dxLnRef, rows, n, n),
                kBound);
  checker.check("layernorm_bwd_lock dw", rowError(*dwLn, dwLnRef, 1, n, n),
                kBound);
  checker.check("layernorm_bwd_lock db", rowError(*dbLn, dbLnRef, 1, n, n),
                kBound);

  // Cross-entropy over 128256 logits a row.
  const int ceRows = 64, v = 128256, ignore = -100;
  const float smoothing = 0.1f;
  std::vector<float> logits = rng.uniform(size_t(ceRows) * v, -8, 8, kType);
  std::vector<int64_t> targets(ceRows);
  int counted = 0;
  for (int r = 0; r < ceRows; ++r) {
    targets[r] = r % 7 == 3 ? ignore : int64_t(rng.next() % uint64_t(v));
    counted += targets[r] != ignore;
  }
  float inv = 1.0f / float(counted);
  std::vector<double> gradRef(size_t(ceRows) * v, 0.0), lossRef(ceRows, 0.0);
  for (int r = 0; r < ceRows; ++r)
    if (targets[r] != ignore)
      lossRef[r] = normsref::crossEntropy(logits.data() + size_t(r) * v, v,
                                          targets[r], smoothing, inv,
                                          gradRef.data() + size_t(r) * v);
  auto blog = gpuhost::upload(*device, logits, kType);
  auto btgt = runtime::DeviceBuffer::allocate(*device, ceRows * 8);
  auto bloss = gpuhost::allocPoisoned(*device, ceRows, DType::F32);
  for (auto *b : {&blog, &btgt, &bloss})
    if (!*b)
      return reportError("allocate", b->takeError());
  if (llvm::Error e = btgt->copyFromHost(targets.data(), ceRows * 8))
    return reportError("copy in", std::move(e));
  if (llvm::Error e = (*xent)({unsigned(ceRows)}, s, *blog, v, *btgt, *bloss,
                              v, ignore, smoothing, inv))
    return reportError("launch cross_entropy_kernel", std::move(e));
  if (llvm::Error e = device->synchronize())
    return reportError("run cross_entropy_kernel", std::move(e));
  auto grad = gpuhost::download(*blog, size_t(ceRows) * v, kType);
  auto loss = gpuhost::download(*bloss, ceRows, DType::F32);
  for (auto *o : {&grad, &loss})
    if (!*o)
      return reportError("copy out", o->takeError());
  checker.check("cross_entropy grad", rowError(*grad, gradRef, ceRows, v, v),
                kBound);
  checker.check("cross_entropy loss", rowError(*loss, lossRef, 1, ceRows, ceRows),
                gpuhost::kReduceBoundF32);
  fmt::print("{}\n", checker.failed ? "FAIL" : "PASS");
  return checker.failed ? 1 : 0;
}

#ifndef TILEC_MULTICALL
int main(int argc, char **argv) { return tilecJitNormsMain(argc, argv); }
#endif
