//===- samples_norms.cpp - Run the norm and cross-entropy samples -*- C++ -*-===//
//
// tilec-gpu-samples-norms [--quick] DIR: the samples of issue 16 items 1-2,
// from the cubins test/GPU/Norms.cmake compiles into DIR, on fresh random
// inputs with NaN-poisoned outputs, against float64 references
// (NormsReference.h):
//   - RMS norm (examples/rmsnorm.py): forward (y, rstd), then backward (dx
//     and per-program partial dW) and the dW reduction;
//   - layer norm backward (examples/layernorm_bwd.py): dx, dW, dB through
//     per-program partial sums and through the lock-and-atomics kernel
//     (slots row % GROUP under spin locks), each with the dW/dB reduction;
//     mean and rstd come from the float64 forward, rounded to fp32;
//   - fused cross-entropy (examples/cross_entropy.py): the loss of each row
//     and the gradient written over the logits, every 7th row ignored,
//     label smoothing 0 and 0.1, mean and sum.
// fp16 and bf16, hidden sizes 1000 to 8192, vocabularies 32000 and 128256.
// Rows are padded (strides past the data, multiples of 16); the padding of
// an output must stay poisoned, and the padding of the logits (which the
// kernel reads and writes) must keep its sentinel. A case fails on an error
// over its bound (GpuHost.h's ErrorMeter), any NaN, a stray write or a
// failed driver call. Prints the seed ($TILEC_SEED repeats a run), a line
// per case and "N passed, N failed"; exit 0 only if all pass, 77 without a
// driver or GPU. --quick: few rows (the fake driver, compute-sanitizer).
//
//===----------------------------------------------------------------------===//

#include "GpuHost.h"
#include "NormsReference.h"

#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/raw_ostream.h"

#include <string>
#include <tuple>
#include <vector>

using namespace tilec::gpuhost;
using tilec::runtime::Dim3;

namespace {

/// 16-bit outputs of an fp32 computation: the final rounding (fp16 2^-11,
/// bf16 2^-8 per element) plus the fp32 error of the row sums (under 1e-5,
/// GpuHost.h's kReduceBoundF32), so 2e-3 for fp16 (kBoundF16) and 1e-2 for
/// bf16.
double boundFor(DType t) { return t == DType::BF16 ? 1e-2 : kBoundF16; }

/// Rows padded to a multiple of 16 elements, at least one element past the
/// data.
int paddedStride(int cols) { return (cols + 1 + 15) / 16 * 16; }

/// BLOCK_N of the row kernels: the next power of two >= n, at least 1024,
/// and its warps (examples/rmsnorm.py's warps_for).
int blockFor(int n) {
  int b = 1024;
  while (b < n)
    b *= 2;
  return b;
}
int warpsFor(int block) { return block <= 1024 ? 4 : block <= 4096 ? 8 : 16; }
/// GROUP of layernorm_bwd_lock_kernel (layernorm_bwd.py's group_for) for
/// the row block; Norms.cmake compiles one per BLOCK_N.
int groupFor(int block) {
  return block > 4096 ? 64 : block > 1024 ? 128 : 256;
}
/// Partial rows of the partial-sum backward kernels (the benchmark uses
/// twice the SM count; fewer here so that each program takes several rows).
constexpr int kPrograms = 40;

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

  void verdict(const std::string &name,
               const std::vector<std::tuple<std::string, double, double>> &errs,
               size_t stray) {
    bool ok = stray == 0;
    std::string detail;
    for (const auto &[what, err, bound] : errs) {
      ok &= !std::isnan(err) && err <= bound;
      detail += llvm::formatv(" {0} rel_err={1:e2} (bound {2:e0})", what, err,
                              bound)
                    .str();
    }
    if (stray)
      detail +=
          llvm::formatv(", {0} stray writes outside the output", stray).str();
    llvm::outs() << (ok ? "PASS " : "FAIL ") << name << ":" << detail << "\n";
    ok ? ++passed : ++failed;
  }
};

/// The device buffers of one case, addressed by index, each with its type.
struct Buffers {
  Harness &h;
  std::vector<DeviceBuffer> bufs;
  std::vector<CUdeviceptr> ptrs;

  /// Adds a buffer holding `host` as `t`; returns its index in `ptrs`.
  llvm::Expected<size_t> add(const std::vector<float> &host, DType t) {
    auto b = upload(h.device, host, t);
    if (!b)
      return b.takeError();
    return keep(std::move(*b));
  }
  /// Adds `n` elements of `t`, all NaN.
  llvm::Expected<size_t> poisoned(size_t n, DType t) {
    auto b = allocPoisoned(h.device, n, t);
    if (!b)
      return b.takeError();
    return keep(std::move(*b));
  }
  /// Adds raw bytes (integer tensors); `bytes` a multiple of 4.
  llvm::Expected<size_t> raw(const void *data, size_t bytes) {
    auto b = DeviceBuffer::allocate(h.device, bytes);
    if (!b)
      return b.takeError();
    if (llvm::Error e = b->copyFromHost(data, bytes))
      return std::move(e);
    return keep(std::move(*b));
  }
  size_t keep(DeviceBuffer b) {
    ptrs.push_back(b.getDevicePtr());
    bufs.push_back(std::move(b));
    return ptrs.size() - 1;
  }
};

/// Loads `kernel` from its cubin (Norms.cmake's name, `variant` such as
/// ".u2" after the warps) and launches it on `programs` programs of `warps`
/// warps, then waits.
llvm::Error launch(Harness &h, const std::string &kernel, DType t, int block,
                   int warps, int64_t n, unsigned programs, void **args,
                   const std::string &variant = "") {
  std::string file = getCubinName(kernel, t, block, n, warps);
  file.insert(file.find(".w") + 2 + std::to_string(warps).size(), variant);
  llvm::Expected<Kernel> k = loadKernel(h.device, h.dir, file, kernel);
  if (!k)
    return k.takeError();
  llvm::Expected<unsigned> shared = getRequiredDynamicShared(h.dir, file);
  if (!shared)
    return shared.takeError();
  if (llvm::Error e = k->launch(Dim3(programs), Dim3(32 * warps), *shared,
                                nullptr, args))
    return e;
  return h.device.synchronize();
}

/// Row inputs: `rows` x `n` values in [lo, hi) of type `t` in rows of
/// `stride`, the padding holding `pad` (read as data it would show).
std::vector<float> makeRows(Harness &h, int rows, int n, int stride, float lo,
                            float hi, DType t, float pad = 1000.0f) {
  std::vector<float> v = h.rng.uniform(size_t(rows) * stride, lo, hi, t);
  for (int r = 0; r < rows; ++r)
    std::fill(v.begin() + size_t(r) * stride + n,
              v.begin() + size_t(r + 1) * stride, pad);
  return v;
}

/// Measures `rows` rows of `n` of `out` (stride `stride`) against `ref`
/// (dense, rows x n).
double measureRows(const std::vector<float> &out, const std::vector<double> &ref,
                   int rows, int n, int stride) {
  ErrorMeter m;
  for (int r = 0; r < rows; ++r)
    m.add(out.data() + size_t(r) * stride, ref.data() + size_t(r) * n, n);
  return m.get();
}

double measureAll(const std::vector<float> &out,
                  const std::vector<double> &ref) {
  ErrorMeter m;
  m.add(out.data(), ref.data(), ref.size());
  return m.get();
}

/// The reduction kernels' BLOCK_N on 4 warps (BLOCK_M is 128).
constexpr int kRedBlockN = 16, kRedWarps = 4;

//===----------------------------------------------------------------------===//
// RMS norm
//===----------------------------------------------------------------------===//

llvm::Error rmsNorm(Harness &h, DType t, int rows, int n) {
  int stride = paddedStride(n), block = blockFor(n), warps = warpsFor(block);
  size_t total = size_t(rows) * stride;
  std::vector<float> x = makeRows(h, rows, n, stride, -2, 3, t),
                     dy = makeRows(h, rows, n, stride, -1, 1, t),
                     w = h.rng.uniform(n, 0.5, 1.5, t);
  int rpp = (rows + kPrograms - 1) / kPrograms;
  unsigned programs = unsigned((rows + rpp - 1) / rpp);
  Buffers b{h, {}, {}};
  auto ix = b.add(x, t), idy = b.add(dy, t), iw = b.add(w, t),
       iy = b.poisoned(total, t), irstd = b.poisoned(rows, DType::F32),
       idx = b.poisoned(total, t),
       ipart = b.poisoned(size_t(programs) * n, DType::F32),
       idw = b.poisoned(n, t);
  for (auto *i : {&ix, &idy, &iw, &iy, &irstd, &idx, &ipart, &idw})
    if (!*i)
      return i->takeError();
  CUdeviceptr *p = b.ptrs.data();
  int32_t s = stride, nn = n, m = rows, rowsPer = rpp, parts = int32_t(programs);
  float eps = 1e-6f;
  void *fwdArgs[] = {&p[*ix], &p[*iy], &p[*iw], &p[*irstd], &s, &nn, &eps};
  if (llvm::Error e = launch(h, "rmsnorm_fwd_kernel", t, block, warps, n,
                             unsigned(rows), fwdArgs))
    return e;
  void *bwdArgs[] = {&p[*ix],     &p[*idy],   &p[*idx], &p[*iw], &p[*irstd],
                     &p[*ipart],  &s,         &m,       &nn,     &rowsPer};
  if (llvm::Error e = launch(h, "rmsnorm_bwd_kernel", t, block, warps, n,
                             programs, bwdArgs))
    return e;
  void *redArgs[] = {&p[*ipart], &p[*idw], &parts, &nn};
  if (llvm::Error e =
          launch(h, "rmsnorm_bwd_dw_kernel", t, kRedBlockN, kRedWarps, n,
                 unsigned((n + kRedBlockN - 1) / kRedBlockN), redArgs))
    return e;
  auto y = download(b.bufs[*iy], total, t);
  auto rstd = download(b.bufs[*irstd], rows, DType::F32);
  auto dx = download(b.bufs[*idx], total, t);
  auto dw = download(b.bufs[*idw], n, t);
  for (auto *o : {&y, &rstd, &dx, &dw})
    if (!*o)
      return o->takeError();
  std::vector<double> yRef(size_t(rows) * n), dxRef(size_t(rows) * n),
      rstdRef(rows), dwRef(n, 0.0);
  for (int r = 0; r < rows; ++r) {
    const float *xr = x.data() + size_t(r) * stride;
    rstdRef[r] = tilec::normsref::rmsNormForward(xr, w.data(), n, eps,
                                                 yRef.data() + size_t(r) * n);
    tilec::normsref::rmsNormBackward(xr, w.data(),
                                     dy.data() + size_t(r) * stride, n,
                                     rstdRef[r], dxRef.data() + size_t(r) * n,
                                     dwRef.data());
  }
  double bound = boundFor(t);
  h.verdict(llvm::formatv("rmsnorm {0} {1}x{2} BLOCK {3}", getName(t), rows, n,
                          block),
            {{"y", measureRows(*y, yRef, rows, n, stride), bound},
             {"rstd", measureAll(*rstd, rstdRef), kReduceBoundF32},
             {"dx", measureRows(*dx, dxRef, rows, n, stride), bound},
             {"dw", measureAll(*dw, dwRef), bound}},
            countStrayWrites(*y, rows, n, stride) +
                countStrayWrites(*dx, rows, n, stride));
  return llvm::Error::success();
}

//===----------------------------------------------------------------------===//
// Layer norm backward
//===----------------------------------------------------------------------===//

llvm::Error layerNormBackward(Harness &h, DType t, int rows, int n,
                              bool lock) {
  int stride = paddedStride(n), block = blockFor(n), warps = warpsFor(block);
  size_t total = size_t(rows) * stride;
  std::vector<float> x = makeRows(h, rows, n, stride, -2, 4, t),
                     dy = makeRows(h, rows, n, stride, -1, 1, t),
                     w = h.rng.uniform(n, 0.5, 1.5, t);
  std::vector<double> meanRef(rows), rstdRef(rows);
  std::vector<float> mean(rows), rstd(rows);
  for (int r = 0; r < rows; ++r) {
    tilec::normsref::layerNormStats(x.data() + size_t(r) * stride, n, 1e-5,
                                    meanRef[r], rstdRef[r]);
    mean[r] = float(meanRef[r]);
    rstd[r] = float(rstdRef[r]);
  }
  int group = groupFor(block);
  int rpp = (rows + kPrograms - 1) / kPrograms;
  unsigned programs = lock ? unsigned(rows) : unsigned((rows + rpp - 1) / rpp);
  int parts = lock ? std::min(rows, group) : int(programs);
  size_t slots = lock ? size_t(group) : size_t(programs);
  Buffers b{h, {}, {}};
  std::vector<int32_t> zeros(2 * size_t(group), 0);
  auto ix = b.add(x, t), idy = b.add(dy, t), iw = b.add(w, t),
       imean = b.add(mean, DType::F32), irstd = b.add(rstd, DType::F32),
       idx = b.poisoned(total, t), ipdw = b.poisoned(slots * n, DType::F32),
       ipdb = b.poisoned(slots * n, DType::F32), idw = b.poisoned(n, t),
       idb = b.poisoned(n, t),
       ilocks = b.raw(zeros.data(), zeros.size() * 4);
  for (auto *i : {&ix, &idy, &iw, &imean, &irstd, &idx, &ipdw, &ipdb, &idw,
                  &idb, &ilocks})
    if (!*i)
      return i->takeError();
  CUdeviceptr *p = b.ptrs.data();
  CUdeviceptr counts = p[*ilocks] + 4 * size_t(group);
  int32_t s = stride, nn = n, m = rows, rowsPer = rpp, nParts = parts;
  if (lock) {
    void *args[] = {&p[*ix],    &p[*idy],    &p[*idx],  &p[*iw],
                    &p[*imean], &p[*irstd],  &p[*ipdw], &p[*ipdb],
                    &p[*ilocks], &counts,    &s,        &nn};
    if (llvm::Error e = launch(h, "layernorm_bwd_lock_kernel", t, block,
                               warps, n, programs, args))
      return e;
  } else {
    void *args[] = {&p[*ix],    &p[*idy],   &p[*idx],  &p[*iw],
                    &p[*imean], &p[*irstd], &p[*ipdw], &p[*ipdb],
                    &s,         &m,         &nn,       &rowsPer};
    if (llvm::Error e = launch(h, "layernorm_bwd_kernel", t, block, warps, n,
                               programs, args))
      return e;
  }
  void *redArgs[] = {&p[*ipdw], &p[*ipdb], &p[*idw], &p[*idb], &nParts, &nn};
  if (llvm::Error e =
          launch(h, "layernorm_bwd_dwdb_kernel", t, kRedBlockN, kRedWarps, n,
                 unsigned((n + kRedBlockN - 1) / kRedBlockN), redArgs))
    return e;
  auto dx = download(b.bufs[*idx], total, t);
  auto dw = download(b.bufs[*idw], n, t);
  auto db = download(b.bufs[*idb], n, t);
  for (auto *o : {&dx, &dw, &db})
    if (!*o)
      return o->takeError();
  std::vector<double> dxRef(size_t(rows) * n), dwRef(n, 0.0), dbRef(n, 0.0);
  for (int r = 0; r < rows; ++r)
    tilec::normsref::layerNormBackward(
        x.data() + size_t(r) * stride, w.data(), dy.data() + size_t(r) * stride,
        n, mean[r], rstd[r], dxRef.data() + size_t(r) * n, dwRef.data(),
        dbRef.data());
  double bound = boundFor(t);
  h.verdict(llvm::formatv("{0} {1} {2}x{3} BLOCK {4}",
                          lock ? "layernorm_bwd_lock" : "layernorm_bwd",
                          getName(t), rows, n, block),
            {{"dx", measureRows(*dx, dxRef, rows, n, stride), bound},
             {"dw", measureAll(*dw, dwRef), bound},
             {"db", measureAll(*db, dbRef), bound}},
            countStrayWrites(*dx, rows, n, stride));
  return llvm::Error::success();
}

//===----------------------------------------------------------------------===//
// Cross-entropy
//===----------------------------------------------------------------------===//

/// BLOCK_V and warps of cross_entropy_kernel (examples/cross_entropy.py).
constexpr int kVocabBlock = 4096, kVocabWarps = 8;
/// What the padding of the logits holds; the kernel must leave it.
constexpr float kLogitPad = 77.0f;

/// cross_entropy_kernel with UNROLL `unroll` (1 or 2).
llvm::Error crossEntropy(Harness &h, DType t, int rows, int v, float smoothing,
                         bool mean, int unroll) {
  int stride = paddedStride(v);
  size_t total = size_t(rows) * stride;
  std::vector<float> logits = makeRows(h, rows, v, stride, -8, 8, t, kLogitPad);
  std::vector<int64_t> targets(rows);
  int counted = 0;
  const int32_t ignore = -100;
  for (int r = 0; r < rows; ++r) {
    targets[r] = r % 7 == 3 ? ignore : int64_t(h.rng.next() % uint64_t(v));
    counted += targets[r] != ignore;
  }
  float inv = mean ? 1.0f / float(std::max(counted, 1)) : 1.0f;
  Buffers b{h, {}, {}};
  auto ilog = b.add(logits, t),
       itgt = b.raw(targets.data(), targets.size() * 8),
       iloss = b.poisoned(rows, DType::F32);
  for (auto *i : {&ilog, &itgt, &iloss})
    if (!*i)
      return i->takeError();
  CUdeviceptr *p = b.ptrs.data();
  int32_t s = stride, vv = v, ig = ignore;
  float sm = smoothing;
  void *args[] = {&p[*ilog], &s, &p[*itgt], &p[*iloss], &vv, &ig, &sm, &inv};
  if (llvm::Error e =
          launch(h, "cross_entropy_kernel", t, kVocabBlock, kVocabWarps, v,
                 unsigned(rows), args, unroll == 2 ? ".u2" : ""))
    return e;
  auto grad = download(b.bufs[*ilog], total, t);
  auto loss = download(b.bufs[*iloss], rows, DType::F32);
  for (auto *o : {&grad, &loss})
    if (!*o)
      return o->takeError();
  std::vector<double> gradRef(size_t(rows) * v, 0.0), lossRef(rows, 0.0);
  parallelFor(size_t(rows), [&](size_t r) {
    if (targets[r] != ignore)
      lossRef[r] = tilec::normsref::crossEntropy(
          logits.data() + r * stride, v, targets[r], smoothing, inv,
          gradRef.data() + r * v);
  });
  // The logits' padding must still hold its sentinel.
  size_t stray = 0;
  for (int r = 0; r < rows; ++r)
    for (int j = v; j < stride; ++j)
      stray += (*grad)[size_t(r) * stride + j] != kLogitPad;
  double lossSum = 0, lossSumRef = 0;
  for (int r = 0; r < rows; ++r)
    lossSum += (*loss)[r], lossSumRef += lossRef[r];
  std::vector<double> reduced = {lossSumRef};
  std::vector<float> reducedOut = {float(lossSum)};
  h.verdict(llvm::formatv("cross_entropy {0} {1}x{2} s={3} {4} UNROLL {5}",
                          getName(t), rows, v, smoothing,
                          mean ? "mean" : "sum", unroll),
            {{"grad", measureRows(*grad, gradRef, rows, v, stride),
              boundFor(t)},
             {"loss", measureAll(*loss, lossRef), kReduceBoundF32},
             {"reduced loss", measureAll(reducedOut, reduced),
              kReduceBoundF32}},
            stray);
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
    llvm::errs() << "usage: tilec-gpu-samples-norms [--quick] DIR (the cubins "
                    "that test/GPU/Norms.cmake compiles)\n";
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
  // A few hundred rows: several per program of the partial-sum kernels and
  // more than the lock kernel's slots (64 to 256), so that slots are shared.
  int rows = quick ? 13 : 517;
  const int hidden[] = {1000, 2048, 3000, 4096, 8192};
  for (DType t : {DType::F16, DType::BF16}) {
    for (int n : hidden) {
      run(llvm::formatv("rmsnorm {0} {1}", getName(t), n),
          rmsNorm(h, t, rows, n));
      run(llvm::formatv("layernorm_bwd {0} {1}", getName(t), n),
          layerNormBackward(h, t, rows, n, false));
      run(llvm::formatv("layernorm_bwd_lock {0} {1}", getName(t), n),
          layerNormBackward(h, t, rows, n, true));
    }
    // 32000 and 128256 are multiples of 16 (the .d16 cubins); 50257
    // (GPT-2's vocabulary) is not, and its last chunk is ragged for either
    // unrolled copy of the loop.
    std::vector<int> vocabs = {32000, 50257};
    if (!quick)
      vocabs.push_back(128256);
    for (int v : vocabs)
      for (int unroll : {1, 2})
        for (auto [smoothing, mean] :
             {std::pair{0.0f, true}, {0.1f, false}, {0.1f, true}})
          run(llvm::formatv("cross_entropy {0} {1}", getName(t), v),
              crossEntropy(h, t, quick ? 9 : 67, v, smoothing, mean, unroll));
  }
  llvm::outs() << h.passed << " passed, " << h.failed << " failed\n";
  return h.failed ? 1 : 0;
}
