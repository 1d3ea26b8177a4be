//===- samples_fused.cpp - Run the fused samples on a GPU -------*- C++ -*-===//
//
// tilec-gpu-samples-fused [--quick] DIR: loads the cubins that tilec made at
// build time for examples/dropout.py, examples/adamw.py and
// examples/w4a16.py (names and signatures in test/GPU/CMakeLists.txt, the
// `samples_fused` directory) and checks them on fresh random inputs against
// float64 references on the host (examples/host/FusedReference.h):
//   - dropout, forward and backward, fp32 and bf16, ragged and aligned
//     sizes: the keep mask must be exactly the host Philox-4x32-10 mask of
//     the seed (the one tl.randint4x computes), kept values x / (1 - p)
//     rounded as the kernel does (exactly), and within the type's rounding
//     of the float64 value; the outputs start NaN and the elements past n
//     must stay NaN;
//   - the multi-tensor AdamW step: five tensors of mixed sizes (1 to
//     300001 elements, tails of every length) in one launch through the
//     table of pointers, three steps (bias corrections of step 1, 7, 1000);
//     master weights and moments within 1e-5 of float64 (relative to the
//     tensor's largest magnitude), the bf16 copy (NaN before) exactly the
//     master rounded; 64 guard elements after every array must keep their
//     value;
//   - W4A16: GEMV (M = 1) and GEMM (M = 3, 16) with and without split-K,
//     against x @ dequantized W in float64 (L2 error over the output,
//     bound 1e-5 for the fp32 GEMV, 2e-3 where the weights go through fp16
//     to the tensor cores); outputs start NaN (zero for split-K, which
//     adds), a guard row after y must stay NaN.
// Every driver call is checked. Prints the seed ($TILEC_SEED repeats a
// run), one line per case, "N passed, N failed"; exit 0 only if all pass,
// 77 (skipped) with no driver or no GPU.
//
//===----------------------------------------------------------------------===//

#include "FusedReference.h"
#include "GpuHost.h"

#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/raw_ostream.h"

#include <string>
#include <vector>

using namespace tilec::gpuhost;
using namespace tilec::examples;
using tilec::runtime::Dim3;

namespace {

struct Harness {
  Device device;
  std::string dir;
  Random rng;
  int passed = 0, failed = 0;

  void fail(const std::string &name, llvm::Error e) {
    llvm::outs() << "FAIL " << name << ": " << llvm::toString(std::move(e))
                 << "\n";
    ++failed;
  }
  void verdict(const std::string &name, bool ok, const std::string &detail) {
    llvm::outs() << (ok ? "PASS " : "FAIL ") << name << ": " << detail
                 << "\n";
    ok ? ++passed : ++failed;
  }
  llvm::Expected<Kernel> load(const std::string &file,
                              const std::string &kernel) {
    return loadKernel(device, dir, file, kernel);
  }
};

/// The bits of float `v` as stored in type `t` (fp32 bits or the 16 bits).
uint32_t storedBits(float v, DType t) {
  if (t != DType::F32)
    return encode16(v, t);
  uint32_t bits;
  std::memcpy(&bits, &v, 4);
  return bits;
}

//===----------------------------------------------------------------------===//
// Dropout
//===----------------------------------------------------------------------===//

constexpr int kDropoutBlock = 1024;

/// dropout_fwd_kernel then dropout_bwd_kernel on `n` elements of `t`.
llvm::Error dropout(Harness &h, DType t, size_t n, double p) {
  const int block = kDropoutBlock;
  size_t programs = (n + block - 1) / block, padded = programs * block + 64;
  uint64_t seed = h.rng.next() & 0x7fffffff;
  int32_t threshold = dropoutThreshold(p);
  float scale = float(1.0 / (1.0 - p));
  std::vector<float> x = h.rng.uniform(n, -4, 4, t),
                     dy = h.rng.uniform(n, -4, 4, t);
  std::vector<uint8_t> keep = dropoutKeepMask(seed, n, block, threshold);
  size_t kept = 0;
  for (uint8_t k : keep)
    kept += k;
  for (const char *kernel : {"dropout_fwd_kernel", "dropout_bwd_kernel"}) {
    bool bwd = llvm::StringRef(kernel).contains("bwd");
    const std::vector<float> &in = bwd ? dy : x;
    std::string file = getCubinName(kernel, t, block, int64_t(n));
    llvm::Expected<Kernel> k = h.load(file, kernel);
    if (!k)
      return k.takeError();
    auto bin = upload(h.device, in, t);
    if (!bin)
      return bin.takeError();
    auto bout = allocPoisoned(h.device, padded, t);
    if (!bout)
      return bout.takeError();
    CUdeviceptr pin = bin->getDevicePtr(), pout = bout->getDevicePtr();
    int32_t nn = int32_t(n), seed32 = int32_t(seed);
    void *args[] = {&pin, &pout, &nn, &threshold, &scale, &seed32};
    if (llvm::Error e =
            k->launch(Dim3(unsigned(programs)), Dim3(128), 0, nullptr, args))
      return e;
    if (llvm::Error e = h.device.synchronize())
      return e;
    auto out = download(*bout, padded, t);
    if (!out)
      return out.takeError();
    // Exact: the mask, and each kept value as fp32 x * scale rounded to t.
    size_t wrongMask = 0, wrongValue = 0, nans = 0;
    double worst = 0;
    for (size_t i = 0; i < n; ++i) {
      float o = (*out)[i];
      if (std::isnan(o)) {
        ++nans;
        continue;
      }
      float expect = keep[i] ? in[i] * scale : 0.0f;
      if (in[i] != 0 && (o != 0) != bool(keep[i]))
        ++wrongMask;
      if (storedBits(o, t) != storedBits(expect, t))
        ++wrongValue;
      double ref = keep[i] ? double(in[i]) / (1.0 - p) : 0.0;
      if (ref != 0)
        worst = std::max(worst, std::abs(o - ref) / std::abs(ref));
    }
    size_t stray = countStrayWrites(*out, 1, n, padded);
    double bound = t == DType::F32 ? 2e-7 : 8e-3;
    h.verdict(llvm::formatv("{0} {1} n={2} p={3} seed={4}", kernel,
                            getName(t), n, p, seed),
              !wrongMask && !wrongValue && !nans && !stray && worst <= bound,
              llvm::formatv("mask {0} of {1} kept, {2} differ from Philox; "
                            "{3} values not x*scale rounded; {4} NaN; "
                            "max rel err vs float64 {5:e2} (bound {6:e0}); "
                            "{7} stray writes",
                            kept, n, wrongMask, wrongValue, nans, worst,
                            bound, stray)
                  .str());
  }
  return llvm::Error::success();
}

//===----------------------------------------------------------------------===//
// AdamW
//===----------------------------------------------------------------------===//

constexpr int kAdamChunk = 16384, kAdamGuard = 64;
constexpr float kGuard = 12345.0f;

/// One adamw_kernel launch over tensors of `sizes`, at `step`.
llvm::Error adamw(Harness &h, const std::vector<size_t> &sizes, int step) {
  llvm::Expected<Kernel> k = h.load("adamw_kernel.bf16.b1024.cubin",
                                    "adamw_kernel");
  if (!k)
    return k.takeError();
  AdamWHyper hp;
  // Per tensor: master, param (bf16), grad (bf16), m, v; each with a guard.
  const DType types[5] = {DType::F32, DType::BF16, DType::BF16, DType::F32,
                          DType::F32};
  std::vector<std::vector<float>> host;
  std::vector<DeviceBuffer> bufs;
  std::vector<int64_t> table, numel;
  std::vector<int32_t> blockTensor, blockChunk;
  for (size_t t = 0; t < sizes.size(); ++t) {
    size_t n = sizes[t];
    std::vector<float> arrays[5] = {
        h.rng.uniform(n, -1, 1, DType::F32), {},
        h.rng.uniform(n, -0.1f, 0.1f, DType::BF16),
        h.rng.uniform(n, -0.01f, 0.01f, DType::F32),
        h.rng.uniform(n, 0, 1e-4f, DType::F32)};
    arrays[1].assign(n, NAN); // the bf16 copy: written whole
    for (int a = 0; a < 5; ++a) {
      arrays[a].resize(n + kAdamGuard, kGuard);
      auto buf = upload(h.device, arrays[a], types[a]);
      if (!buf)
        return buf.takeError();
      table.push_back(int64_t(buf->getDevicePtr()));
      bufs.push_back(std::move(*buf));
      host.push_back(std::move(arrays[a]));
    }
    numel.push_back(int64_t(n));
    for (size_t c = 0; c * kAdamChunk < n; ++c) {
      blockTensor.push_back(int32_t(t));
      blockChunk.push_back(int32_t(c));
    }
  }
  auto upload64 = [&](const void *data, size_t bytes)
      -> llvm::Expected<DeviceBuffer> {
    auto buf = DeviceBuffer::allocate(h.device, bytes);
    if (!buf)
      return buf.takeError();
    if (llvm::Error e = buf->copyFromHost(data, bytes))
      return std::move(e);
    return std::move(*buf);
  };
  auto bTable = upload64(table.data(), table.size() * 8);
  if (!bTable)
    return bTable.takeError();
  auto bNumel = upload64(numel.data(), numel.size() * 8);
  if (!bNumel)
    return bNumel.takeError();
  auto bTensor = upload64(blockTensor.data(), blockTensor.size() * 4);
  if (!bTensor)
    return bTensor.takeError();
  auto bChunk = upload64(blockChunk.data(), blockChunk.size() * 4);
  if (!bChunk)
    return bChunk.takeError();
  CUdeviceptr pt = bTable->getDevicePtr(), pn = bNumel->getDevicePtr(),
              pbt = bTensor->getDevicePtr(), pbc = bChunk->getDevicePtr();
  float lr = float(hp.lr), b1 = float(hp.beta1), b2 = float(hp.beta2),
        eps = float(hp.eps), wd = float(hp.weightDecay);
  int32_t st = step;
  void *args[] = {&pt, &pn, &pbt, &pbc, &lr, &b1, &b2, &eps, &wd, &st};
  if (llvm::Error e = k->launch(Dim3(unsigned(blockTensor.size())), Dim3(128),
                                0, nullptr, args))
    return e;
  if (llvm::Error e = h.device.synchronize())
    return e;
  double worst = 0;
  size_t badCopy = 0, stray = 0, nans = 0;
  for (size_t t = 0; t < sizes.size(); ++t) {
    size_t n = sizes[t];
    std::vector<float> out[5];
    for (int a = 0; a < 5; ++a) {
      auto got = download(bufs[t * 5 + a], n + kAdamGuard, types[a]);
      if (!got)
        return got.takeError();
      out[a] = std::move(*got);
      for (size_t i = n; i < n + kAdamGuard; ++i)
        stray += out[a][i] != round(kGuard, types[a]);
    }
    const std::vector<float> *in = &host[t * 5];
    std::vector<double> ref[3] = {std::vector<double>(n),
                                  std::vector<double>(n),
                                  std::vector<double>(n)};
    double maxRef[3] = {0, 0, 0};
    const AdamWHyper hpf = hp.asFloat();
    for (size_t i = 0; i < n; ++i) {
      double p = in[0][i], m = in[3][i], v = in[4][i];
      adamwStep(p, in[2][i], m, v, step, hpf);
      ref[0][i] = p, ref[1][i] = m, ref[2][i] = v;
      maxRef[0] = std::max(maxRef[0], std::abs(p));
      maxRef[1] = std::max(maxRef[1], std::abs(m));
      maxRef[2] = std::max(maxRef[2], std::abs(v));
    }
    const int which[3] = {0, 3, 4};
    for (int r = 0; r < 3; ++r)
      for (size_t i = 0; i < n; ++i) {
        float o = out[which[r]][i];
        if (std::isnan(o)) {
          ++nans;
          continue;
        }
        worst = std::max(worst, std::abs(o - ref[r][i]) /
                                    std::max(maxRef[r], 1e-30));
      }
    for (size_t i = 0; i < n; ++i)
      badCopy += std::isnan(out[1][i]) ||
                 encode16(out[1][i], DType::BF16) !=
                     encode16(out[0][i], DType::BF16);
  }
  size_t total = 0;
  for (size_t n : sizes)
    total += n;
  h.verdict(llvm::formatv("adamw_kernel {0} tensors ({1} elements) step={2}",
                          sizes.size(), total, step),
            worst <= 1e-5 && !badCopy && !stray && !nans,
            llvm::formatv("max rel err vs float64 {0:e2} (bound 1e-5); {1} "
                          "bf16 copies not the master rounded; {2} NaN; {3} "
                          "guard elements changed",
                          worst, badCopy, nans, stray)
                .str());
  return llvm::Error::success();
}

//===----------------------------------------------------------------------===//
// W4A16
//===----------------------------------------------------------------------===//

struct W4Config {
  const char *kernel;
  int blockN, splitK, warps;
};

/// y = x @ W for x M x K (fp16) and W the 4-bit quantization of a random
/// K x N matrix, through the configuration's cubin.
llvm::Error w4a16(Harness &h, const W4Config &c, int M, int K, int N) {
  bool gemv = llvm::StringRef(c.kernel).contains("gemv");
  std::string file =
      llvm::formatv("{0}.fp16.b{1}.s{2}.w{3}.cubin", c.kernel, c.blockN,
                    c.splitK, c.warps)
          .str();
  llvm::Expected<Kernel> k = h.load(file, c.kernel);
  if (!k)
    return k.takeError();
  std::vector<float> w(size_t(K) * N);
  for (float &v : w)
    v = h.rng.uniform(-0.05f, 0.05f, DType::F32);
  QuantizedWeights q =
      quantize(w, K, N, 128, [](float v) { return round(v, DType::F16); });
  std::vector<float> x = h.rng.uniform(size_t(M) * K, -1, 1, DType::F16);
  std::vector<double> ref = w4a16Reference(x, M, q);

  auto bx = upload(h.device, x, DType::F16);
  if (!bx)
    return bx.takeError();
  auto bq = DeviceBuffer::allocate(h.device, q.packed.size() * 4);
  if (!bq)
    return bq.takeError();
  if (llvm::Error e = bq->copyFromHost(q.packed.data(), q.packed.size() * 4))
    return e;
  auto bs = upload(h.device, q.scales, DType::F16);
  if (!bs)
    return bs.takeError();
  auto bz = upload(h.device, q.zeros, DType::F16);
  if (!bz)
    return bz.takeError();
  // y: M rows, then a guard row; zero where split-K adds into it.
  std::vector<float> y0(size_t(M + 1) * N, NAN);
  if (c.splitK > 1)
    std::fill(y0.begin(), y0.begin() + size_t(M) * N, 0.0f);
  auto by = upload(h.device, y0, DType::F32);
  if (!by)
    return by.takeError();
  CUdeviceptr px = bx->getDevicePtr(), pq = bq->getDevicePtr(),
              ps = bs->getDevicePtr(), pz = bz->getDevicePtr(),
              py = by->getDevicePtr();
  int32_t mm = M, kk = K, nn = N;
  void *gemvArgs[] = {&px, &pq, &ps, &pz, &py, &kk, &nn};
  void *gemmArgs[] = {&px, &pq, &ps, &pz, &py, &mm, &kk, &nn};
  Dim3 grid = gemv ? Dim3(unsigned(N / c.blockN), unsigned(c.splitK))
                   : Dim3(unsigned(N / c.blockN), unsigned(c.splitK),
                          unsigned((M + 15) / 16));
  if (llvm::Error e = k->launch(grid, Dim3(unsigned(32 * c.warps)), 0,
                                nullptr, gemv ? gemvArgs : gemmArgs))
    return e;
  if (llvm::Error e = h.device.synchronize())
    return e;
  auto out = download(*by, size_t(M + 1) * N, DType::F32);
  if (!out)
    return out.takeError();
  double num = 0, den = 0;
  size_t nans = 0;
  for (size_t i = 0; i < size_t(M) * N; ++i) {
    if (std::isnan((*out)[i])) {
      ++nans;
      continue;
    }
    num += ((*out)[i] - ref[i]) * ((*out)[i] - ref[i]);
    den += ref[i] * ref[i];
  }
  double err = std::sqrt(num / (den > 0 ? den : 1));
  size_t stray = countStrayWrites(*out, 1, size_t(M) * N, size_t(M + 1) * N);
  double bound = gemv ? 1e-5 : 2e-3;
  h.verdict(llvm::formatv("{0} M={1} K={2} N={3} BLOCK_N={4} SPLIT_K={5}",
                          c.kernel, M, K, N, c.blockN, c.splitK),
            !nans && !stray && err <= bound,
            llvm::formatv("rel_err={0:e2} (bound {1:e0}); {2} NaN; {3} stray "
                          "writes",
                          err, bound, nans, stray)
                .str());
  return llvm::Error::success();
}

} // namespace

int main(int argc, char **argv) {
  bool quick = false;
  std::string dir;
  for (int i = 1; i < argc; ++i) {
    std::string arg = argv[i];
    if (arg == "--quick")
      quick = true;
    else if (dir.empty() && arg[0] != '-')
      dir = arg;
    else
      dir.clear(), i = argc;
  }
  if (dir.empty()) {
    llvm::errs() << "usage: tilec-gpu-samples-fused [--quick] DIR (the "
                    "cubins of samples_fused in test/GPU/CMakeLists.txt)\n";
    return 2;
  }
  llvm::Expected<Device> device = Device::get();
  if (!device) {
    bool skip = device.errorIsA<tilec::runtime::DriverUnavailableError>();
    llvm::outs() << (skip ? "SKIP: " : "FAIL: ")
                 << llvm::toString(device.takeError()) << "\n";
    return skip ? 77 : 1;
  }
  uint64_t seed = chooseSeed();
  llvm::outs() << "device: " << device->getName() << ", seed " << seed
               << (quick ? " (quick)" : "") << "\n";
  Harness h{std::move(*device), dir, Random(seed)};
  auto run = [&](const std::string &name, llvm::Error e) {
    if (e)
      h.fail(name, std::move(e));
  };

  std::vector<size_t> dropSizes = {1, 1000, 98433, 1 << 20};
  if (!quick)
    dropSizes.push_back((1 << 22) + 3);
  for (DType t : {DType::F32, DType::BF16})
    for (size_t n : dropSizes)
      for (double p : {0.1, 0.5})
        run(llvm::formatv("dropout {0} n={1}", getName(t), n),
            dropout(h, t, n, p));

  std::vector<size_t> adamSizes = {1, 17, 4096, 65539, 300001};
  if (quick)
    adamSizes = {1, 17, 4096, 16385};
  for (int step : {1, 7, 1000})
    run(llvm::formatv("adamw step={0}", step), adamw(h, adamSizes, step));

  const W4Config gemv[] = {{"w4a16_gemv_kernel", 256, 1, 4},
                           {"w4a16_gemv_kernel", 128, 4, 1}};
  const W4Config gemm[] = {{"w4a16_gemm_kernel", 64, 1, 4},
                           {"w4a16_gemm_kernel", 128, 4, 4}};
  int K = quick ? 512 : 2048, N = quick ? 256 : 1024;
  for (const W4Config &c : gemv)
    run(llvm::formatv("{0} M=1", c.kernel), w4a16(h, c, 1, K, N));
  for (const W4Config &c : gemm)
    for (int M : {3, 16})
      run(llvm::formatv("{0} M={1}", c.kernel, M), w4a16(h, c, M, K, N));

  llvm::outs() << h.passed << " passed, " << h.failed << " failed\n";
  return h.failed ? 1 : 0;
}
