//===- jit_attention.cpp - JIT-compile and run flash attention from C++ ---===//
//
// The embedding API (docs/embedding.md) on examples/attention.py, as a
// training step runs it: the forward (attn_fwd_kernel: Out and the
// log-sum-exp) and then the backward from the forward's own Out and LSE and
// a random dO (attn_bwd_preprocess, attn_bwd_dkdv, attn_bwd_dq), each kernel
// compiled through the kernel cache and loaded, on fp16 inputs uniform in
// [-1, 1) with NaN-poisoned outputs, Z=1, H=2, N_CTX=200 (not a multiple of
// any block), head dim 64, causal and not; checked against the float64
// references of test/GPU/AttentionSample.h with its bounds. The kernels'
// signatures, constexprs and warps are those test/GPU/CMakeLists.txt
// compiles for tilec-gpu-samples, so that the fake driver recognizes the
// cubins (ctest gpu-jit-attention-host).
//
//   jit_attention [EXAMPLES_DIR]
//
// Prints a line per check, PASS (exit 0), FAIL (exit 1), or SKIP (exit 77)
// where there is no driver or no GPU.
//
//===----------------------------------------------------------------------===//

#include "AttentionSample.h"
#include "GpuHost.h"

#include "tilec/JIT.h"
#include "tilec/Target.h"

#include <fmt/format.h>

#include <cmath>
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

/// Compiles and loads `kernel` of examples/attention.py for this device.
llvm::Expected<jit::LoadedKernel>
load(const runtime::Device &device, const std::string &dir,
     const std::string &kernel, const std::string &signature, int warps) {
  CompileOptions options;
  options.kernelName = kernel;
  options.signature = signature;
  options.numWarps = warps;
  options.arch = getArchForDevice(device.getSmVersion()).str();
  return jit::loadKernelFromFile(device, dir + "/attention.py", options);
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

constexpr DType kType = DType::F16;
constexpr int kZ = 1, kHeads = 2, kN = 200, kD = 64;

/// One forward and backward step with CAUSAL = `causal`; returns 0, or the
/// exit code of the first failed driver call.
int runStep(const runtime::Device &device, const std::string &dir,
            gpuhost::Random &rng, Checker &checker, bool causal) {
  const std::string p = "*fp16:16", s = "i32:16, i32:16, i32:16, i32:1";
  int c = causal ? 1 : 0;
  auto fwd = load(device, dir, "attn_fwd_kernel",
                  fmt::format("{0}, {0}, {0}, {0}, *fp32:16, fp32, {1}, {1}, "
                              "{1}, {1}, i32, i32, {2}, 128, 64, {3}",
                              p, s, kD, c),
                  8);
  auto pre =
      load(device, dir, "attn_bwd_preprocess",
           fmt::format("{0}, {0}, *fp32:16, {1}, i32, i32, {2}, 64", p, s, kD),
           gpuhost::kAttnBwdWarps);
  auto dkdv =
      load(device, dir, "attn_bwd_dkdv",
           fmt::format("{0}, {0}, {0}, {0}, {0}, {0}, *fp32:16, "
                       "*fp32:16, fp32, {1}, i32, i32, {2}, 32, 64, {3}",
                       p, s, kD, c),
           gpuhost::kAttnBwdWarps);
  auto dq = load(device, dir, "attn_bwd_dq",
                 fmt::format("{0}, {0}, {0}, {0}, {0}, *fp32:16, *fp32:16, "
                             "fp32, {1}, i32, i32, {2}, 64, 32, {3}",
                             p, s, kD, c),
                 gpuhost::kAttnBwdWarps);
  for (auto *k : {&fwd, &pre, &dkdv, &dq})
    if (!*k)
      return reportError("compile and load", k->takeError());

  size_t heads = size_t(kZ) * kHeads, slice = size_t(kN) * kD;
  size_t elems = heads * slice, rows = heads * kN;
  std::vector<float> q = rng.uniform(elems, -1, 1, kType),
                     k = rng.uniform(elems, -1, 1, kType),
                     v = rng.uniform(elems, -1, 1, kType),
                     dout = rng.uniform(elems, -1, 1, kType);
  auto bq = gpuhost::upload(device, q, kType);
  auto bk = gpuhost::upload(device, k, kType);
  auto bv = gpuhost::upload(device, v, kType);
  auto bdo = gpuhost::upload(device, dout, kType);
  auto bo = gpuhost::allocPoisoned(device, elems, kType);
  auto blse = gpuhost::allocPoisoned(device, rows, DType::F32);
  auto bdelta = gpuhost::allocPoisoned(device, rows, DType::F32);
  auto bdq = gpuhost::allocPoisoned(device, elems, kType);
  auto bdk = gpuhost::allocPoisoned(device, elems, kType);
  auto bdv = gpuhost::allocPoisoned(device, elems, kType);
  for (auto *b : {&bq, &bk, &bv, &bdo, &bo, &blse, &bdelta, &bdq, &bdk, &bdv})
    if (!*b)
      return reportError("allocate", b->takeError());

  // Contiguous [Z, H, N_CTX, D]: one set of strides for every tensor.
  int sz = kHeads * kN * kD, sh = kN * kD, sm = kD, sk = 1;
  float scale = float(1.0 / std::sqrt(double(kD)));
  unsigned hz = unsigned(heads);
  auto blocks = [](int block) { return unsigned((kN + block - 1) / block); };
  CUstream st = nullptr;
  if (llvm::Error e = (*fwd)({blocks(128), hz}, st, *bq, *bk, *bv, *bo, *blse,
                             scale, sz, sh, sm, sk, sz, sh, sm, sk, sz, sh, sm,
                             sk, sz, sh, sm, sk, kHeads, kN))
    return reportError("launch attn_fwd_kernel", std::move(e));
  if (llvm::Error e = (*pre)({blocks(gpuhost::kAttnBwdPreBlockM), hz}, st, *bo,
                             *bdo, *bdelta, sz, sh, sm, sk, kHeads, kN))
    return reportError("launch attn_bwd_preprocess", std::move(e));
  if (llvm::Error e = (*dkdv)({blocks(gpuhost::kAttnBwdDkdvBlockN), hz}, st,
                              *bq, *bk, *bv, *bdo, *bdk, *bdv, *blse, *bdelta,
                              scale, sz, sh, sm, sk, kHeads, kN))
    return reportError("launch attn_bwd_dkdv", std::move(e));
  if (llvm::Error e =
          (*dq)({blocks(gpuhost::kAttnBwdDqBlockM), hz}, st, *bq, *bk, *bv,
                *bdo, *bdq, *blse, *bdelta, scale, sz, sh, sm, sk, kHeads, kN))
    return reportError("launch attn_bwd_dq", std::move(e));
  if (llvm::Error e = device.synchronize())
    return reportError("run attention", std::move(e));

  auto o = gpuhost::download(*bo, elems, kType);
  auto lse = gpuhost::download(*blse, rows, DType::F32);
  auto gq = gpuhost::download(*bdq, elems, kType);
  auto gk = gpuhost::download(*bdk, elems, kType);
  auto gv = gpuhost::download(*bdv, elems, kType);
  for (auto *out : {&o, &lse, &gq, &gk, &gv})
    if (!*out)
      return reportError("copy out", out->takeError());

  gpuhost::ErrorMeter mo, mlse, mq, mk, mv;
  std::vector<double> ro(slice), rlse(kN), rq(slice), rk(slice), rv(slice);
  for (size_t h = 0; h < heads; ++h) {
    size_t at = h * slice;
    gpuhost::attentionReference(q.data() + at, k.data() + at, v.data() + at,
                                ro.data(), rlse.data(), kN, kD, causal,
                                double(scale));
    gpuhost::attentionBackwardReference(q.data() + at, k.data() + at,
                                        v.data() + at, dout.data() + at,
                                        rq.data(), rk.data(), rv.data(),
                                        nullptr, kN, kD, causal, double(scale));
    mo.add(o->data() + at, ro.data(), slice);
    mlse.add(lse->data() + h * kN, rlse.data(), kN);
    mq.add(gq->data() + at, rq.data(), slice);
    mk.add(gk->data() + at, rk.data(), slice);
    mv.add(gv->data() + at, rv.data(), slice);
  }
  std::string what =
      fmt::format("attention fp16 D={} causal={} N_CTX={}", kD, c, kN);
  double bound = gpuhost::getAttentionBackwardBound(kType);
  checker.check(what + " out", mo.get(), gpuhost::getAttentionBound(kType));
  checker.check(what + " lse", mlse.get(), gpuhost::kAttentionLseBound);
  checker.check(what + " dq", mq.get(), bound);
  checker.check(what + " dk", mk.get(), bound);
  checker.check(what + " dv", mv.get(), bound);
  return 0;
}

} // namespace

int tilecJitAttentionMain(int argc, char **argv) {
  std::string dir = argc > 1 ? argv[1] : TILEC_EXAMPLES_DIR;
  llvm::Expected<runtime::Device> device = runtime::Device::get();
  if (!device)
    return reportError("device", device.takeError());
  gpuhost::Random rng(1);
  Checker checker;
  for (bool causal : {false, true})
    if (int rc = runStep(*device, dir, rng, checker, causal))
      return rc;
  fmt::print("{}\n", checker.failed ? "FAIL" : "PASS");
  return checker.failed ? 1 : 0;
}

#ifndef TILEC_MULTICALL
int main(int argc, char **argv) { return tilecJitAttentionMain(argc, argv); }
#endif
