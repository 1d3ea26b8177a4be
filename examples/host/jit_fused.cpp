//===- jit_fused.cpp - The fused samples through the JIT from C++ -*- C++ -*-===//
//
// The embedding API (docs/embedding.md) on the samples of issue 16: compiles
// examples/dropout.py, examples/adamw.py and examples/w4a16.py through the
// kernel cache, loads them and runs one realistic case of each on fresh
// random inputs with NaN-poisoned outputs, checked on the host:
//   - dropout forward then backward on 2^20 + 3 bf16 elements: the keep
//     mask exactly the host Philox-4x32-10 mask (FusedReference.h), the same
//     in both directions, kept values within bf16 rounding of float64;
//   - one AdamW step over three tensors in one launch through the table of
//     pointers, against float64;
//   - W4A16 GEMV (M = 1, one warp) and GEMM (M = 8), BLOCK_N 128, split-K
//     4, on 2048 x 1024
//     against x @ dequantized W in float64.
//
//   jit_fused [path/to/examples]
//
// Prints PASS/FAIL per case (exit 0 when all pass, 1 otherwise), or SKIP
// (exit 77) where there is no driver or no GPU. $TILEC_SEED repeats a run.
//
//===----------------------------------------------------------------------===//

#include "FusedReference.h"

#include "tilec/JIT.h"
#include "tilec/Target.h"

#include "llvm/Support/raw_ostream.h"

#include <fmt/format.h>

#include <cmath>
#include <cstring>
#include <random>
#include <vector>

#ifndef TILEC_EXAMPLES_DIR
#define TILEC_EXAMPLES_DIR "examples"
#endif

using namespace tilec;
using namespace tilec::examples;

namespace {

/// SKIP (77) when the error says there is no GPU here, FAIL (1) otherwise.
int reportError(llvm::StringRef what, llvm::Error error) {
  bool skip = error.isA<runtime::DriverUnavailableError>();
  fmt::print("{} {}: {}\n", skip ? "SKIP" : "FAIL", what,
             llvm::toString(std::move(error)));
  return skip ? 77 : 1;
}

uint16_t toBF16(float f) {
  uint32_t x;
  std::memcpy(&x, &f, 4);
  if ((x & 0x7fffffffu) > 0x7f800000u)
    return uint16_t((x >> 16) | 0x40);
  return uint16_t((x + 0x7fffu + ((x >> 16) & 1)) >> 16);
}
float fromBF16(uint16_t h) {
  uint32_t x = uint32_t(h) << 16;
  float f;
  std::memcpy(&f, &x, 4);
  return f;
}
/// fp16 bits of a float (round to nearest even; normal range only, which
/// is all the scales, zeros and inputs here use).
uint16_t toF16(float f) {
  uint32_t x;
  std::memcpy(&x, &f, 4);
  uint32_t sign = (x >> 16) & 0x8000, mant = x & 0x7fffff;
  int32_t exp = int32_t((x >> 23) & 0xff) - 112;
  if (exp <= 0)
    return uint16_t(sign);
  uint32_t h = (uint32_t(exp) << 10) | (mant >> 13), rem = mant & 0x1fff;
  if (rem > 0x1000 || (rem == 0x1000 && (h & 1)))
    ++h;
  return uint16_t(sign | h);
}
float fromF16(uint16_t h) {
  uint32_t exp = (h >> 10) & 0x1f, x;
  if (exp == 0)
    return 0.0f; // never produced by toF16 but zero
  x = (uint32_t(h & 0x8000) << 16) | ((exp + 112) << 23) |
      (uint32_t(h & 0x3ff) << 13);
  float f;
  std::memcpy(&f, &x, 4);
  return f;
}

/// The device, options and random source the cases share.
struct Context {
  runtime::Device device;
  std::string dir;
  std::string arch;
  std::mt19937_64 rng;
  runtime::Stream stream;
  int failed = 0;

  llvm::Expected<jit::LoadedKernel>
  load(const char *file, const char *kernel, std::string signature,
       std::vector<std::pair<std::string, std::string>> defines, int warps) {
    CompileOptions options;
    options.kernelName = kernel;
    options.signature = std::move(signature);
    options.defines = std::move(defines);
    options.numWarps = warps;
    options.arch = arch;
    return jit::loadKernelFromFile(device, dir + "/" + file, options);
  }
  float uniform(float lo, float hi) {
    return lo + (hi - lo) * float(rng() >> 40) * 0x1p-24f;
  }
  void verdict(bool ok, const std::string &line) {
    fmt::print("{} {}\n", ok ? "PASS" : "FAIL", line);
    failed += !ok;
  }
};

template <typename T>
llvm::Expected<runtime::DeviceBuffer> upload(Context &c,
                                             const std::vector<T> &host) {
  auto buf = runtime::DeviceBuffer::allocate(c.device, host.size() * sizeof(T));
  if (!buf)
    return buf.takeError();
  if (llvm::Error e = buf->copyFromHost(host.data(), host.size() * sizeof(T)))
    return std::move(e);
  return std::move(*buf);
}

template <typename T>
llvm::Expected<std::vector<T>> download(const runtime::DeviceBuffer &buf,
                                        size_t n) {
  std::vector<T> host(n);
  if (llvm::Error e = buf.copyToHost(host.data(), n * sizeof(T)))
    return std::move(e);
  return host;
}

llvm::Error dropoutCase(Context &c) {
  const size_t n = (1u << 20) + 3;
  const int block = 1024;
  const double p = 0.2;
  uint64_t seed = c.rng() & 0x7fffffff;
  int32_t threshold = dropoutThreshold(p);
  float scale = float(1 / (1 - p));
  std::vector<uint8_t> keep = dropoutKeepMask(seed, n, block, threshold);
  std::vector<uint16_t> x(n), dy(n);
  for (size_t i = 0; i < n; ++i)
    x[i] = toBF16(c.uniform(0.5f, 4)), dy[i] = toBF16(c.uniform(-4, -0.5f));
  for (const char *kernel : {"dropout_fwd_kernel", "dropout_bwd_kernel"}) {
    auto k = c.load("dropout.py", kernel, "*bf16:16, *bf16:16, i32, i32, fp32, i32",
                    {{"BLOCK", std::to_string(block)}}, 4);
    if (!k)
      return k.takeError();
    const std::vector<uint16_t> &in = std::strstr(kernel, "bwd") ? dy : x;
    auto bin = upload(c, in);
    if (!bin)
      return bin.takeError();
    auto bout = runtime::DeviceBuffer::allocate(c.device, (n + 1) * 2);
    if (!bout)
      return bout.takeError();
    if (llvm::Error e = bout->fill32(0x7fc07fc0)) // bf16 NaNs
      return e;
    unsigned programs = unsigned((n + block - 1) / block);
    if (llvm::Error e = (*k)({programs}, c.stream.getHandle(), *bin, *bout,
                             int32_t(n), threshold, scale, int32_t(seed)))
      return e;
    if (llvm::Error e = c.stream.synchronize())
      return e;
    auto out = download<uint16_t>(*bout, n);
    if (!out)
      return out.takeError();
    size_t wrongMask = 0, nans = 0;
    double worst = 0;
    for (size_t i = 0; i < n; ++i) {
      float o = fromBF16((*out)[i]);
      if (std::isnan(o)) {
        ++nans;
        continue;
      }
      wrongMask += (o != 0) != bool(keep[i]);
      if (keep[i]) {
        double ref = double(fromBF16(in[i])) / (1 - p);
        worst = std::max(worst, std::abs(o - ref) / std::abs(ref));
      }
    }
    c.verdict(!wrongMask && !nans && worst <= 8e-3,
              fmt::format("jit {} bf16 n={} seed={}: {} mask bits differ "
                          "from Philox, {} NaN, max rel err {:.2e} (bound "
                          "8e-3)",
                          kernel, n, seed, wrongMask, nans, worst));
  }
  return llvm::Error::success();
}

llvm::Error adamwCase(Context &c) {
  const std::vector<size_t> sizes = {4096 * 1024 + 5, 11008, 1};
  const int step = 3;
  AdamWHyper hp;
  auto k = c.load("adamw.py", "adamw_kernel",
                  "*i64:16, *i64:16, *i32:16, *i32:16, fp32, fp32, fp32, "
                  "fp32, fp32, i32",
                  {{"CHUNK", "16384"}, {"BLOCK", "1024"}}, 4);
  if (!k)
    return k.takeError();
  std::vector<runtime::DeviceBuffer> bufs;
  std::vector<std::vector<float>> p, m, v;
  std::vector<std::vector<uint16_t>> g;
  std::vector<int64_t> table, numel;
  std::vector<int32_t> blockTensor, blockChunk;
  for (size_t t = 0; t < sizes.size(); ++t) {
    size_t n = sizes[t];
    p.emplace_back(n), m.emplace_back(n), v.emplace_back(n), g.emplace_back(n);
    for (size_t i = 0; i < n; ++i) {
      p[t][i] = c.uniform(-1, 1);
      g[t][i] = toBF16(c.uniform(-0.1f, 0.1f));
      m[t][i] = c.uniform(-0.01f, 0.01f);
      v[t][i] = c.uniform(0, 1e-4f);
    }
    std::vector<uint16_t> nanCopy(n, 0x7fc0);
    llvm::Expected<runtime::DeviceBuffer> arrays[5] = {
        upload(c, p[t]), upload(c, nanCopy), upload(c, g[t]), upload(c, m[t]),
        upload(c, v[t])};
    for (auto &a : arrays) {
      if (!a)
        return a.takeError();
      table.push_back(int64_t(a->getDevicePtr()));
      bufs.push_back(std::move(*a));
    }
    numel.push_back(int64_t(n));
    for (size_t ch = 0; ch * 16384 < n; ++ch)
      blockTensor.push_back(int32_t(t)), blockChunk.push_back(int32_t(ch));
  }
  auto bt = upload(c, table);
  auto bn = upload(c, numel);
  auto bbt = upload(c, blockTensor);
  auto bbc = upload(c, blockChunk);
  for (auto *b : {&bt, &bn, &bbt, &bbc})
    if (!*b)
      return b->takeError();
  if (llvm::Error e = (*k)({unsigned(blockTensor.size())}, c.stream.getHandle(),
                           *bt, *bn, *bbt, *bbc, float(hp.lr), float(hp.beta1),
                           float(hp.beta2), float(hp.eps),
                           float(hp.weightDecay), int32_t(step)))
    return e;
  if (llvm::Error e = c.stream.synchronize())
    return e;
  double worst = 0;
  size_t badCopy = 0;
  for (size_t t = 0; t < sizes.size(); ++t) {
    size_t n = sizes[t];
    auto gp = download<float>(bufs[5 * t], n);
    auto gc = download<uint16_t>(bufs[5 * t + 1], n);
    auto gm = download<float>(bufs[5 * t + 3], n);
    auto gv = download<float>(bufs[5 * t + 4], n);
    if (!gp || !gc || !gm || !gv)
      return llvm::joinErrors(
          llvm::joinErrors(gp.takeError(), gc.takeError()),
          llvm::joinErrors(gm.takeError(), gv.takeError()));
    double maxP = 0, maxM = 0, maxV = 0, errP = 0, errM = 0, errV = 0;
    for (size_t i = 0; i < n; ++i) {
      double pp = p[t][i], mm = m[t][i], vv = v[t][i];
      adamwStep(pp, fromBF16(g[t][i]), mm, vv, step, hp.asFloat());
      maxP = std::max(maxP, std::abs(pp));
      maxM = std::max(maxM, std::abs(mm));
      maxV = std::max(maxV, std::abs(vv));
      errP = std::max(errP, std::abs((*gp)[i] - pp));
      errM = std::max(errM, std::abs((*gm)[i] - mm));
      errV = std::max(errV, std::abs((*gv)[i] - vv));
      badCopy += (*gc)[i] != toBF16((*gp)[i]) || std::isnan((*gp)[i]);
    }
    worst = std::max({worst, errP / maxP, errM / maxM, errV / maxV});
    if (std::isnan(worst))
      worst = INFINITY;
  }
  c.verdict(worst <= 1e-5 && !badCopy,
            fmt::format("jit adamw_kernel 3 tensors step={}: max rel err "
                        "{:.2e} (bound 1e-5), {} bf16 copies wrong",
                        step, worst, badCopy));
  return llvm::Error::success();
}

llvm::Error w4a16Case(Context &c, int M) {
  const int K = 2048, N = 1024, splitK = 4;
  bool gemv = M == 1;
  std::vector<float> w(size_t(K) * N);
  for (float &x : w)
    x = c.uniform(-0.05f, 0.05f);
  QuantizedWeights q = quantize(w, K, N, 128,
                                [](float v) { return fromF16(toF16(v)); });
  std::vector<uint16_t> x(size_t(M) * K), s(q.scales.size()), z(q.zeros.size());
  std::vector<float> xf(x.size());
  for (size_t i = 0; i < x.size(); ++i)
    xf[i] = fromF16(x[i] = toF16(c.uniform(-1, 1)));
  for (size_t i = 0; i < s.size(); ++i)
    s[i] = toF16(q.scales[i]), z[i] = toF16(q.zeros[i]);
  std::vector<double> ref = w4a16Reference(xf, M, q);
  const char *kernel = gemv ? "w4a16_gemv_kernel" : "w4a16_gemm_kernel";
  std::string sig = gemv ? "*fp16:16, *i32:16, *fp16:16, *fp16:16, *fp32:16, "
                           "i32:16, i32:16"
                         : "*fp16:16, *i32:16, *fp16:16, *fp16:16, *fp32:16, "
                           "i32, i32:16, i32:16";
  std::vector<std::pair<std::string, std::string>> defs = {
      {"GROUP", "128"}, {"BLOCK_N", "128"},
      {"SPLIT_K", std::to_string(splitK)}};
  if (!gemv)
    defs.push_back({"BLOCK_M", "16"});
  auto k = c.load("w4a16.py", kernel, sig, defs, gemv ? 1 : 4);
  if (!k)
    return k.takeError();
  auto bx = upload(c, x);
  auto bq = upload(c, q.packed);
  auto bs = upload(c, s);
  auto bz = upload(c, z);
  auto by = upload(c, std::vector<float>(size_t(M) * N, 0.0f)); // split-K adds
  for (auto *b : {&bx, &bq, &bs, &bz, &by})
    if (!*b)
      return b->takeError();
  unsigned gx = unsigned(N / 128);
  llvm::Error e =
      gemv ? (*k)({gx, unsigned(splitK)}, c.stream.getHandle(), *bx, *bq, *bs,
                  *bz, *by, int32_t(K), int32_t(N))
           : (*k)({gx, unsigned(splitK), 1u}, c.stream.getHandle(), *bx, *bq,
                  *bs, *bz, *by, int32_t(M), int32_t(K), int32_t(N));
  if (e)
    return e;
  if (llvm::Error e2 = c.stream.synchronize())
    return e2;
  auto y = download<float>(*by, size_t(M) * N);
  if (!y)
    return y.takeError();
  double num = 0, den = 0;
  for (size_t i = 0; i < y->size(); ++i) {
    num += ((*y)[i] - ref[i]) * ((*y)[i] - ref[i]);
    den += ref[i] * ref[i];
  }
  double err = std::sqrt(num / den), bound = gemv ? 1e-5 : 2e-3;
  c.verdict(!std::isnan(err) && err <= bound,
            fmt::format("jit {} M={} K={} N={} SPLIT_K={}: rel_err={:.2e} "
                        "(bound {:.0e})",
                        kernel, M, K, N, splitK, err, bound));
  return llvm::Error::success();
}

} // namespace

int tilecJitFusedMain(int argc, char **argv) {
  std::string dir = argc > 1 ? argv[1] : TILEC_EXAMPLES_DIR;
  llvm::Expected<runtime::Device> device = runtime::Device::get();
  if (!device)
    return reportError("device", device.takeError());
  llvm::Expected<runtime::Stream> stream = runtime::Stream::create(*device);
  if (!stream)
    return reportError("stream", stream.takeError());
  uint64_t seed = std::random_device()();
  if (const char *s = std::getenv("TILEC_SEED"))
    seed = std::strtoull(s, nullptr, 0);
  int sm = device->getSmVersion();
  Context c{std::move(*device),
            dir,
            getArchForDevice(sm).str(),
            std::mt19937_64(seed),
            std::move(*stream)};
  fmt::print("seed {}\n", seed);
  if (llvm::Error e = dropoutCase(c))
    return reportError("dropout", std::move(e));
  if (llvm::Error e = adamwCase(c))
    return reportError("adamw", std::move(e));
  for (int M : {1, 8})
    if (llvm::Error e = w4a16Case(c, M))
      return reportError("w4a16", std::move(e));
  return c.failed ? 1 : 0;
}

#ifndef TILEC_MULTICALL
int main(int argc, char **argv) { return tilecJitFusedMain(argc, argv); }
#endif
