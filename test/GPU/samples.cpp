//===- samples.cpp - Run tilec-compiled samples on a GPU --------*- C++ -*-===//
//
// tilec-gpu-samples [--quick] DIR: loads the cubins that `tilec --emit=cubin`
// made for the samples of examples/ (file names, signatures and num_warps in
// test/GPU/CMakeLists.txt), runs each on fresh random inputs with its outputs
// poisoned (NaN) and compares with a float64 reference on the host:
//   - vector add, fp32 and fp16, sizes that are not multiples of the block;
//   - softmax, one pass (BLOCK = next power of two >= n_cols) and online
//     (BLOCK 1024), fp32 and fp16, n_cols 1000, 1024, 4097, 8192, 32768, on
//     padded rows (row strides > n_cols, input and output strides differ);
//   - layer norm forward, fp32 and fp16, N 512 to 8192, with BLOCK 1024 and
//     BLOCK 4096 (one chunk, a masked chunk, several chunks): y, mean, rstd;
//   - matmul: fp16 and bf16 (examples/matmul.py) through wgmma (sm_90a) and
//     through mma.sync (built for sm_90: ldmatrix fragments, cp.async
//     pipelines, the code tilec emits for sm_80 too), fp32 as
//     tf32 (within 1e-2 of float64, also as a whole: the Frobenius error)
//     and int8 with int32 sums (exact against int64; outputs poisoned with
//     INT32_MIN) (examples/matmul_tf32_int8.py), ragged shapes;
//   - attention forward (examples/attention.py) with its log-sum-exp, fp16
//     and bf16, head dim 64 and 128, causal and not, ragged sequence
//     lengths; and its backward (delta, dK/dV, dQ) against the float64
//     gradients, the same types, head dims and masks (AttentionSample.h);
//   - matmul through tensor descriptors (examples/matmul_tma.py: TMA loads
//     and stores on sm_90a), fp16 and bf16, the tensor maps encoded from
//     the blocks' plan (planTensorDescLayout) and the tensors' shapes and
//     strides; and encodeTensorMap's refusal of a stride TMA cannot take.
// A case fails on an error over its bound (GpuHost.h's ErrorMeter: per row,
// or per 1024-element block for vector add, the worse of the L2 error and
// the worst element's), on any NaN (an element not written), on a write
// outside the output (the padding of its rows, and for matmul spare rows
// past M, must stay poisoned), or on any failed driver call. The input
// padding holds large values, so that an unmasked read shows in the result.
//
// Prints the seed ($TILEC_SEED repeats a run), one line per case and
// "N passed, N failed"; exits 0 only if all pass, 77 (skipped) with no
// driver or no GPU. --quick runs few rows and no large vector, for
// compute-sanitizer.
//
//===----------------------------------------------------------------------===//

#include "AttentionSample.h"
#include "GpuHost.h"

#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/raw_ostream.h"

#include <string>
#include <tuple>
#include <vector>

using namespace tilec::gpuhost;
using tilec::runtime::Dim3;

namespace {

/// How many columns the rows get beyond the data: rows padded to a multiple
/// of 16 elements (the signatures' `i32:16` strides) and at least one
/// element longer than the data.
int paddedStride(int cols, int extra) { return (cols + extra + 15) / 16 * 16; }

struct Harness {
  Device device;
  std::string dir;
  Random rng;
  int passed = 0, failed = 0;

  /// Counts a case that could not run (a driver call failed).
  void fail(const std::string &name, llvm::Error e) {
    llvm::outs() << "FAIL " << name << ": " << llvm::toString(std::move(e))
                 << "\n";
    ++failed;
  }

  /// Judges one case: each (what, error, bound) must hold, and nothing may
  /// be written outside the output (`stray` elements were).
  void verdict(const std::string &name,
               const std::vector<std::tuple<std::string, double, double>> &errs,
               size_t stray) {
    bool ok = stray == 0;
    std::string detail;
    for (const auto &[what, err, bound] : errs) {
      ok &= !std::isnan(err) && err <= bound;
      detail += llvm::formatv(" {0}rel_err={1:e2} (bound {2:e0})",
                              what.empty() ? "" : what + " ", err, bound)
                    .str();
    }
    if (stray)
      detail +=
          llvm::formatv(", {0} stray writes outside the output", stray).str();
    llvm::outs() << (ok ? "PASS " : "FAIL ") << name << ":" << detail << "\n";
    ok ? ++passed : ++failed;
  }
};

//===----------------------------------------------------------------------===//
// Cases
//===----------------------------------------------------------------------===//

/// add_kernel (BLOCK 1024, 4 warps) on `n` elements.
llvm::Error vectorAdd(Harness &h, DType t, size_t n) {
  constexpr size_t block = 1024;
  llvm::Expected<Kernel> k = loadKernel(
      h.device, h.dir, getCubinName("add_kernel", t, 0, n), "add_kernel");
  if (!k)
    return k.takeError();
  std::vector<float> x = h.rng.uniform(n, -4, 4, t),
                     y = h.rng.uniform(n, -4, 4, t);
  // The output runs to the end of the last program's block: past n it must
  // stay poisoned.
  size_t programs = (n + block - 1) / block, padded = programs * block;
  auto bx = upload(h.device, x, t);
  if (!bx)
    return bx.takeError();
  auto by = upload(h.device, y, t);
  if (!by)
    return by.takeError();
  auto bo = allocPoisoned(h.device, padded, t);
  if (!bo)
    return bo.takeError();
  CUdeviceptr px = bx->getDevicePtr(), py = by->getDevicePtr(),
              po = bo->getDevicePtr();
  int32_t nn = int32_t(n);
  void *args[] = {&px, &py, &po, &nn};
  if (llvm::Error e = k->launch(Dim3(programs), Dim3(128), 0, nullptr, args))
    return e;
  if (llvm::Error e = h.device.synchronize())
    return e;
  auto out = download(*bo, padded, t);
  if (!out)
    return out.takeError();
  ErrorMeter meter;
  std::vector<double> ref(block);
  for (size_t start = 0; start < n; start += block) {
    size_t len = std::min(block, n - start);
    for (size_t i = 0; i < len; ++i)
      ref[i] = double(x[start + i]) + y[start + i];
    meter.add(out->data() + start, ref.data(), len);
  }
  h.verdict(llvm::formatv("add_kernel {0} n={1}", getName(t), n),
            {{"", meter.get(), t == DType::F16 ? kAddBoundF16 : kAddBoundF32}},
            countStrayWrites(*out, 1, n, padded));
  return llvm::Error::success();
}

/// The largest BLOCK_M of the matmul samples: C gets this many spare rows
/// past M, poisoned, so that a tile written past the last row shows.
constexpr int kSpareRows = 128;
/// What the padding of a padded operand's lines holds: read as data, it
/// would dominate the sum.
constexpr float kOperandPad = 64.0f;

/// One operand of a matmul on the host: `rows` x `cols` values in the
/// layout given by two strides (row-major: rowStride is the line length,
/// colStride 1; column-major the other way round).
struct Operand {
  std::vector<float> host;
  int64_t rowStride, colStride;

  float at(int64_t i, int64_t j) const {
    return host[size_t(i * rowStride + j * colStride)];
  }
};

/// Random values of type `t` in [-1, 1), row- or column-major; with
/// `padded`, every line (a row, or a column when column-major) runs on to a
/// multiple of 16 elements (at least one more), the padding holding
/// kOperandPad.
Operand makeOperand(Random &rng, DType t, int rows, int cols, bool colMajor,
                    bool padded) {
  int line = colMajor ? rows : cols, lines = colMajor ? cols : rows;
  int ld = padded ? paddedStride(line, 1) : line;
  Operand op{rng.uniform(size_t(lines) * ld, -1, 1, t), colMajor ? 1 : ld,
             colMajor ? ld : 1};
  for (size_t l = 0; l < size_t(lines); ++l)
    std::fill(op.host.begin() + l * ld + line, op.host.begin() + (l + 1) * ld,
              kOperandPad);
  return op;
}

/// The inputs of one matmul case on the host and the device, and its C: an
/// `m` x `n` result with padded rows (stride ldc > n) and kSpareRows more
/// rows, all poisoned.
struct MatmulData {
  DType type;
  int m, n, k;
  Operand a, b;
  int ldc;
  /// A, B and C on the device.
  std::vector<DeviceBuffer> buffers;

  CUdeviceptr getA() const { return buffers[0].getDevicePtr(); }
  CUdeviceptr getB() const { return buffers[1].getDevicePtr(); }
  CUdeviceptr getC() const { return buffers[2].getDevicePtr(); }
};

llvm::Expected<MatmulData> makeMatmulData(Harness &h, DType t, int m, int n,
                                          int k, bool aColMajor, bool bColMajor,
                                          bool padded) {
  MatmulData d;
  d.type = t, d.m = m, d.n = n, d.k = k;
  d.a = makeOperand(h.rng, t, m, k, aColMajor, padded);
  d.b = makeOperand(h.rng, t, k, n, bColMajor, padded);
  d.ldc = paddedStride(n, 1);
  for (const Operand *op : {&d.a, &d.b}) {
    auto buf = upload(h.device, op->host, t);
    if (!buf)
      return buf.takeError();
    d.buffers.push_back(std::move(*buf));
  }
  auto c = allocPoisoned(h.device, size_t(m + kSpareRows) * d.ldc, t);
  if (!c)
    return c.takeError();
  d.buffers.push_back(std::move(*c));
  return std::move(d);
}

/// Judges C after a launch on `d`: row by row (ErrorMeter) and as a whole
/// (the relative Frobenius error) against a float64 product of the inputs,
/// both under `bound`; every element written, and the padding past N and
/// the spare rows past M still poisoned.
llvm::Error judgeMatmul(Harness &h, const std::string &name,
                        const MatmulData &d, double bound) {
  size_t rows = size_t(d.m + kSpareRows);
  auto out = download(d.buffers[2], rows * d.ldc, d.type);
  if (!out)
    return out.takeError();
  std::vector<ErrorMeter> meters(d.m);
  std::vector<double> num(d.m), den(d.m);
  parallelFor(size_t(d.m), [&](size_t i) {
    std::vector<double> ref(d.n, 0.0);
    for (int p = 0; p < d.k; ++p) {
      double av = d.a.at(i, p);
      for (int j = 0; j < d.n; ++j)
        ref[j] += av * d.b.at(p, j);
    }
    const float *row = out->data() + i * d.ldc;
    meters[i].add(row, ref.data(), d.n);
    for (int j = 0; j < d.n; ++j) {
      num[i] += (row[j] - ref[j]) * (row[j] - ref[j]);
      den[i] += ref[j] * ref[j];
    }
  });
  double rowErr = 0, numSum = 0, denSum = 0;
  for (int i = 0; i < d.m; ++i) {
    double e = meters[i].get();
    rowErr = std::isnan(e) || std::isnan(rowErr) ? NAN : std::max(rowErr, e);
    numSum += num[i];
    denSum += den[i];
  }
  double frobenius = std::sqrt(numSum / (denSum > 0 ? denSum : 1));
  // Past N in every row (the spare ones included), then the spare rows.
  size_t stray = countStrayWrites(*out, rows, d.n, d.ldc);
  for (size_t i = size_t(d.m); i < rows; ++i)
    for (int j = 0; j < d.n; ++j)
      stray += !std::isnan((*out)[i * d.ldc + j]);
  h.verdict(name, {{"frobenius", frobenius, bound}, {"rows", rowErr, bound}},
            stray);
  return llvm::Error::success();
}

/// `kernelName` from the cubin `file` and the dynamic shared memory its
/// launch needs (the pipelined variants keep their operand rings there;
/// tilec reports how much).
llvm::Expected<std::pair<Kernel, unsigned>>
loadSampleKernel(Harness &h, const std::string &file,
                 const std::string &kernelName) {
  llvm::Expected<Kernel> kernel = loadKernel(h.device, h.dir, file, kernelName);
  if (!kernel)
    return kernel.takeError();
  llvm::Expected<unsigned> dynamicShared =
      getRequiredDynamicShared(h.dir, file);
  if (!dynamicShared)
    return dynamicShared.takeError();
  return std::make_pair(std::move(*kernel), *dynamicShared);
}

/// Launches a matmul's grid (one program per `blockM` x `blockN` tile of
/// C, `warps` warps each) and waits for it.
llvm::Error launchMatmul(Harness &h, const std::pair<Kernel, unsigned> &kernel,
                         int m, int n, int blockM, int blockN, int warps,
                         void **args) {
  unsigned programs =
      unsigned(((m + blockM - 1) / blockM) * ((n + blockN - 1) / blockN));
  if (llvm::Error e = kernel.first.launch(Dim3(programs), Dim3(32 * warps),
                                          kernel.second, nullptr, args))
    return e;
  return h.device.synchronize();
}

/// A compiled matmul kernel: its cubin's name after the dtype
/// ("b128.d16.bt"), its tile and warps.
struct MatmulConfig {
  const char *variant;
  int blockM, blockN, warps;
};

/// `kernel` (matmul_kernel of examples/matmul.py, or matmul_tf32_kernel of
/// examples/matmul_tf32_int8.py; both take A, B, C, M, N, K and the six
/// strides) from the cubin `kernel.DTYPE.VARIANT.cubin` on an `m` x `k` by
/// `k` x `n` product of type `t`, A and B row- or column-major, judged by
/// judgeMatmul.
llvm::Error runMatmul(Harness &h, const char *kernelName, DType t,
                      const MatmulConfig &cfg, int m, int n, int k,
                      bool aColMajor, bool bColMajor, double bound) {
  auto kernel = loadSampleKernel(
      h,
      llvm::formatv("{0}.{1}.{2}.cubin", kernelName, getName(t), cfg.variant),
      kernelName);
  if (!kernel)
    return kernel.takeError();
  auto d = makeMatmulData(h, t, m, n, k, aColMajor, bColMajor,
                          /*padded=*/false);
  if (!d)
    return d.takeError();
  CUdeviceptr pa = d->getA(), pb = d->getB(), pc = d->getC();
  int32_t sam = int32_t(d->a.rowStride), sak = int32_t(d->a.colStride),
          sbk = int32_t(d->b.rowStride), sbn = int32_t(d->b.colStride);
  int32_t mm = m, nn = n, kk = k, scm = d->ldc, scn = 1;
  void *args[] = {&pa,  &pb,  &pc,  &mm,  &nn,  &kk,
                  &sam, &sak, &sbk, &sbn, &scm, &scn};
  if (llvm::Error e = launchMatmul(h, *kernel, m, n, cfg.blockM, cfg.blockN,
                                   cfg.warps, args))
    return e;
  return judgeMatmul(h,
                     llvm::formatv("{0}.{1} {2} {3}x{4}x{5} A {6}{7}",
                                   kernelName, cfg.variant, getName(t), m, n, k,
                                   aColMajor ? "column-major" : "row-major",
                                   bColMajor ? " B column-major" : ""),
                     *d, bound);
}

/// matmul_kernel (fp16 or bf16 operands, fp32 accumulation).
llvm::Error matmul(Harness &h, DType t, const MatmulConfig &cfg, int m, int n,
                   int k, bool aColMajor, bool bColMajor = false) {
  return runMatmul(h, "matmul_kernel", t, cfg, m, n, k, aColMajor, bColMajor,
                   kMatmulBound);
}

/// matmul_tf32_kernel (fp32 operands through mma.sync m16n8k8 .tf32,
/// 64x64x32 tiles, 4 warps).
llvm::Error matmulTf32(Harness &h, int m, int n, int k, bool aColMajor) {
  return runMatmul(h, "matmul_tf32_kernel", DType::F32, {"b64", 64, 64, 4}, m,
                   n, k, aColMajor, /*bColMajor=*/false, kMatmulTf32Bound);
}

/// The grid of the int8 matmul: one program per 64x64 tile of C.
unsigned matmulPrograms(int m, int n) {
  return unsigned(((m + 63) / 64) * ((n + 63) / 64));
}

/// The poison of int32 outputs: INT32_MIN, which no int8 product with K
/// below 2^17 can reach (|sum| <= K * 2^14), so an element left unwritten
/// or a write past the mask always shows (0xffffffff, -1, is a result).
constexpr uint32_t kInt32Poison = 0x80000000u;

/// matmul_int8_kernel (examples/matmul_tf32_int8.py: int8 operands and an
/// int32 accumulator through mma.sync m16n8k32 .s8, 64x64x32 tiles, 4
/// warps) on an `m` x `k` by `k` x `n` product of random int8 values over
/// the whole range, C's rows padded: every element must equal the exact
/// int64 product, and the padding must keep its poison.
llvm::Error matmulInt8(Harness &h, int m, int n, int k) {
  llvm::Expected<Kernel> kernel = loadKernel(
      h.device, h.dir, "matmul_int8_kernel.i8.b64.cubin", "matmul_int8_kernel");
  if (!kernel)
    return kernel.takeError();
  std::vector<int8_t> a(size_t(m) * k), b(size_t(k) * n);
  for (int8_t &v : a)
    v = int8_t(h.rng.next() >> 56);
  for (int8_t &v : b)
    v = int8_t(h.rng.next() >> 56);
  int ldc = paddedStride(n, 1);
  auto ba = DeviceBuffer::allocate(h.device, (a.size() + 3) / 4 * 4);
  if (!ba)
    return ba.takeError();
  if (llvm::Error e = ba->copyFromHost(a.data(), a.size()))
    return e;
  auto bb = DeviceBuffer::allocate(h.device, (b.size() + 3) / 4 * 4);
  if (!bb)
    return bb.takeError();
  if (llvm::Error e = bb->copyFromHost(b.data(), b.size()))
    return e;
  auto bc = DeviceBuffer::allocate(h.device, size_t(m) * ldc * 4);
  if (!bc)
    return bc.takeError();
  if (llvm::Error e = bc->fill32(kInt32Poison))
    return e;
  CUdeviceptr pa = ba->getDevicePtr(), pb = bb->getDevicePtr(),
              pc = bc->getDevicePtr();
  int32_t mm = m, nn = n, kk = k, sam = k, sak = 1, sbk = n, sbn = 1, scm = ldc,
          scn = 1;
  void *args[] = {&pa,  &pb,  &pc,  &mm,  &nn,  &kk,
                  &sam, &sak, &sbk, &sbn, &scm, &scn};
  if (llvm::Error e = kernel->launch(Dim3(matmulPrograms(m, n)), Dim3(128), 0,
                                     nullptr, args))
    return e;
  if (llvm::Error e = h.device.synchronize())
    return e;
  std::vector<int32_t> out(size_t(m) * ldc);
  if (llvm::Error e = bc->copyToHost(out.data(), out.size() * 4))
    return e;
  size_t wrong = 0, stray = 0;
  std::string first;
  std::vector<int64_t> ref(n);
  for (int i = 0; i < m; ++i) {
    std::fill(ref.begin(), ref.end(), 0);
    for (int p = 0; p < k; ++p) {
      int64_t av = a[size_t(i) * k + p];
      const int8_t *brow = &b[size_t(p) * n];
      for (int j = 0; j < n; ++j)
        ref[j] += av * brow[j];
    }
    const int32_t *row = out.data() + size_t(i) * ldc;
    for (int j = 0; j < n; ++j)
      if (int64_t(row[j]) != ref[j] && wrong++ == 0)
        first = llvm::formatv(" (first: C[{0}][{1}] = {2}, expected {3})", i, j,
                              row[j], ref[j]);
    for (int j = n; j < ldc; ++j)
      stray += uint32_t(row[j]) != kInt32Poison;
  }
  bool ok = wrong == 0 && stray == 0;
  llvm::outs() << (ok ? "PASS " : "FAIL ")
               << llvm::formatv("matmul_int8_kernel {0}x{1}x{2}: {3} of {4} "
                                "elements differ from the exact product{5}",
                                m, n, k, wrong, size_t(m) * n, first);
  if (stray)
    llvm::outs() << llvm::formatv(", {0} stray writes past the rows", stray);
  llvm::outs() << "\n";
  ok ? ++h.passed : ++h.failed;
  return llvm::Error::success();
}

/// A compiled matmul_tma_kernel (examples/matmul_tma.py): its cubin's name
/// after the dtype ("b128x256x64.w8"), its block and warps.
struct TmaConfig {
  const char *variant;
  int blockM, blockN, blockK, warps;
};

/// matmul_tma_kernel from `matmul_tma_kernel.DTYPE.VARIANT.cubin` on an `m`
/// x `k` by `k` x `n` product of type `t`: A, B and C row-major with padded
/// rows (16-byte multiples, as TMA needs, so k and n are multiples of 8),
/// each passed as the tensor map of its block; judged by judgeMatmul. The
/// rows of A and B are longer than their data, holding kOperandPad, so that
/// a map with a wrong stride reads it and shows.
llvm::Error matmulTma(Harness &h, DType t, const TmaConfig &cfg, int m, int n,
                      int k) {
  auto kernel = loadSampleKernel(
      h,
      llvm::formatv("matmul_tma_kernel.{0}.{1}.cubin", getName(t), cfg.variant),
      "matmul_tma_kernel");
  if (!kernel)
    return kernel.takeError();
  auto d = makeMatmulData(h, t, m, n, k, /*aColMajor=*/false,
                          /*bColMajor=*/false, /*padded=*/true);
  if (!d)
    return d.takeError();
  auto maps = makeMatmulTensorMaps(
      t, cfg.blockM, cfg.blockN, cfg.blockK, {d->getA(), m, k, d->a.rowStride},
      {d->getB(), k, n, d->b.rowStride}, {d->getC(), m, n, d->ldc});
  if (!maps)
    return maps.takeError();
  int32_t mm = m, nn = n, kk = k;
  void *args[] = {&(*maps)[0], &(*maps)[1], &(*maps)[2], &mm, &nn, &kk};
  if (llvm::Error e = launchMatmul(h, *kernel, m, n, cfg.blockM, cfg.blockN,
                                   cfg.warps, args))
    return e;
  return judgeMatmul(h,
                     llvm::formatv("matmul_tma_kernel.{0} {1} {2}x{3}x{4}",
                                   cfg.variant, getName(t), m, n, k),
                     *d, kMatmulBound);
}

/// The host side of TMA: encodeTensorMap refuses a row stride that is not a
/// multiple of 16 bytes (an fp16 tensor with rows of 60 elements, 120
/// bytes), before anything is launched.
llvm::Error tensorMapRefusesBadStride(Harness &h) {
  auto buf = allocPoisoned(h.device, 64 * 60, DType::F16);
  if (!buf)
    return buf.takeError();
  auto map = makeTensorMap(DType::F16, {64, 64}, buf->getDevicePtr(), {64, 60},
                           {60, 1});
  bool refused = !map;
  llvm::outs() << (refused ? "PASS " : "FAIL ")
               << "encodeTensorMap fp16 64x60, row stride 120 bytes: "
               << (refused ? "refused: " + llvm::toString(map.takeError())
                           : std::string("accepted, but TMA needs 16-byte "
                                         "multiples"))
               << "\n";
  refused ? ++h.passed : ++h.failed;
  return llvm::Error::success();
}

/// A compiled softmax: which kernel, its BLOCK_SIZE and num_warps.
struct SoftmaxConfig {
  const char *kernel;
  int block;
  int warps;
};

/// The one-pass kernel holds a whole row: BLOCK = next power of two >=
/// n_cols, with more warps for longer rows (as in examples/softmax.py).
SoftmaxConfig onePassFor(int cols) {
  int block = 1;
  while (block < cols)
    block *= 2;
  return {"softmax_kernel", block, block <= 2048 ? 4 : block <= 8192 ? 8 : 16};
}

/// `c.kernel` on `rows` rows of `cols` columns.
llvm::Error softmax(Harness &h, SoftmaxConfig c, DType t, int rows, int cols) {
  llvm::Expected<Kernel> k = loadKernel(
      h.device, h.dir, getCubinName(c.kernel, t, c.block, cols), c.kernel);
  if (!k)
    return k.takeError();
  // Different input and output strides, so that swapping them shows.
  int inStride = paddedStride(cols, 1), outStride = paddedStride(cols, 17);
  std::vector<float> x = h.rng.uniform(size_t(rows) * inStride, -6, 6, t);
  // A large value in the padding: read unmasked, it would own the row.
  for (int r = 0; r < rows; ++r)
    for (int j = cols; j < inStride; ++j)
      x[size_t(r) * inStride + j] = 16.0f;
  auto bx = upload(h.device, x, t);
  if (!bx)
    return bx.takeError();
  auto bo = allocPoisoned(h.device, size_t(rows) * outStride, t);
  if (!bo)
    return bo.takeError();
  CUdeviceptr px = bx->getDevicePtr(), po = bo->getDevicePtr();
  int32_t si = inStride, so = outStride, nc = cols;
  void *args[] = {&po, &px, &si, &so, &nc};
  if (llvm::Error e =
          k->launch(Dim3(rows), Dim3(c.warps * 32), 0, nullptr, args))
    return e;
  if (llvm::Error e = h.device.synchronize())
    return e;
  auto out = download(*bo, size_t(rows) * outStride, t);
  if (!out)
    return out.takeError();
  ErrorMeter meter;
  std::vector<double> ref(cols);
  for (int r = 0; r < rows; ++r) {
    softmaxRow(x.data() + size_t(r) * inStride, cols, ref.data());
    meter.add(out->data() + size_t(r) * outStride, ref.data(), cols);
  }
  h.verdict(llvm::formatv("{0} {1} BLOCK {2} ({3} warps) {4}x{5}", c.kernel,
                          getName(t), c.block, c.warps, rows, cols),
            {{"", meter.get(), t == DType::F16 ? kBoundF16 : kReduceBoundF32}},
            countStrayWrites(*out, rows, cols, outStride));
  return llvm::Error::success();
}

/// `kernel` (layernorm_fwd_kernel, or layernorm_fwd_fused_kernel for
/// n <= block) with BLOCK_SIZE `block` and `warps` warps on `rows`
/// rows of `n` columns.
llvm::Error layerNorm(Harness &h, llvm::StringRef kernel, int block, int warps,
                      DType t, int rows, int n) {
  llvm::Expected<Kernel> k = loadKernel(
      h.device, h.dir, getCubinName(kernel, t, block, n), kernel.str());
  if (!k)
    return k.takeError();
  int stride = paddedStride(n, 1);
  // Inputs centred away from zero, so that the mean's relative error
  // measures the reduction rather than a cancellation.
  std::vector<float> x = h.rng.uniform(size_t(rows) * stride, -2, 4, t),
                     w = h.rng.uniform(n, 0.5, 1.5, t),
                     b = h.rng.uniform(n, -1, 1, t);
  for (int r = 0; r < rows; ++r)
    for (int j = n; j < stride; ++j)
      x[size_t(r) * stride + j] = 1000.0f;
  auto bx = upload(h.device, x, t);
  if (!bx)
    return bx.takeError();
  auto bw = upload(h.device, w, t);
  if (!bw)
    return bw.takeError();
  auto bb = upload(h.device, b, t);
  if (!bb)
    return bb.takeError();
  auto by = allocPoisoned(h.device, size_t(rows) * stride, t);
  if (!by)
    return by.takeError();
  auto bm = allocPoisoned(h.device, rows, DType::F32);
  if (!bm)
    return bm.takeError();
  auto br = allocPoisoned(h.device, rows, DType::F32);
  if (!br)
    return br.takeError();
  CUdeviceptr px = bx->getDevicePtr(), py = by->getDevicePtr(),
              pw = bw->getDevicePtr(), pb = bb->getDevicePtr(),
              pm = bm->getDevicePtr(), pr = br->getDevicePtr();
  int32_t s = stride, nn = n;
  float eps = 1e-5f;
  void *args[] = {&px, &py, &pw, &pb, &pm, &pr, &s, &nn, &eps};
  if (llvm::Error e = k->launch(Dim3(rows), Dim3(warps * 32), 0, nullptr, args))
    return e;
  if (llvm::Error e = h.device.synchronize())
    return e;
  auto y = download(*by, size_t(rows) * stride, t);
  if (!y)
    return y.takeError();
  auto mean = download(*bm, rows, DType::F32);
  if (!mean)
    return mean.takeError();
  auto rstd = download(*br, rows, DType::F32);
  if (!rstd)
    return rstd.takeError();
  ErrorMeter yMeter, meanMeter, rstdMeter;
  std::vector<double> ref(n), refMean(rows), refRstd(rows);
  for (int r = 0; r < rows; ++r) {
    layerNormRow(x.data() + size_t(r) * stride, w.data(), b.data(), n, eps,
                 ref.data(), refMean[r], refRstd[r]);
    yMeter.add(y->data() + size_t(r) * stride, ref.data(), n);
  }
  // Mean and rstd are one value per row: one segment each.
  meanMeter.add(mean->data(), refMean.data(), rows);
  rstdMeter.add(rstd->data(), refRstd.data(), rows);
  double yBound = t == DType::F16 ? kBoundF16 : kReduceBoundF32;
  h.verdict(llvm::formatv("{5} {0} BLOCK {1} ({2} warps) "
                          "{3}x{4}",
                          getName(t), block, warps, rows, n, kernel),
            {{"y", yMeter.get(), yBound},
             {"mean", meanMeter.get(), kReduceBoundF32},
             {"rstd", rstdMeter.get(), kReduceBoundF32}},
            countStrayWrites(*y, rows, n, stride));
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
    llvm::errs() << "usage: tilec-gpu-samples [--quick] DIR (the cubins "
                    "that test/GPU/CMakeLists.txt compiles)\n";
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

  // Rows per reduction case: a few hundred, so that many programs run at
  // once; few under compute-sanitizer, which is slow.
  int rows = quick ? 13 : 301;
  std::vector<size_t> addSizes = {1, 1000, 1023 * 1024 + 17, (1 << 20) + 3};
  if (!quick)
    addSizes.push_back((1 << 24) + 3);
  const int softmaxCols[] = {1000, 1024, 4097, 8192, 32768};
  const int normCols[] = {512, 1000, 2048, 4096, 8192};
  for (DType t : {DType::F32, DType::F16}) {
    for (size_t n : addSizes)
      run(llvm::formatv("add_kernel {0} n={1}", getName(t), n),
          vectorAdd(h, t, n));
    for (int cols : softmaxCols)
      run(llvm::formatv("softmax_kernel {0} {1}", getName(t), cols),
          softmax(h, onePassFor(cols), t, rows, cols));
    for (int cols : softmaxCols)
      run(llvm::formatv("softmax_online_kernel {0} {1}", getName(t), cols),
          softmax(h, {"softmax_online_kernel", 1024, 4}, t, rows, cols));
    for (int n : normCols) {
      run(llvm::formatv("layernorm_fwd_kernel {0} BLOCK 1024 {1}", getName(t),
                        n),
          layerNorm(h, "layernorm_fwd_kernel", 1024, 4, t, rows, n));
      run(llvm::formatv("layernorm_fwd_kernel {0} BLOCK 4096 {1}", getName(t),
                        n),
          layerNorm(h, "layernorm_fwd_kernel", 4096, 8, t, rows, n));
      // The one-pass kernel holds the row: BLOCK = next power of two >= n.
      int block = n <= 1024 ? 1024 : n <= 4096 ? 4096 : 8192;
      run(llvm::formatv("layernorm_fwd_fused_kernel {0} BLOCK {1} {2}",
                        getName(t), block, n),
          layerNorm(h, "layernorm_fwd_fused_kernel", block,
                    block == 1024 ? 4 : 8, t, rows, n));
    }
  }
  // mma.sync through tilegpu-accelerate-dot: ragged shapes (no dimension a
  // multiple of the 64x64x32 tile) and both orders of A.
  // On sm_90a: wgmma. The generic variants store each iteration's operands
  // to shared memory; the .d16 ones are 3-stage cp.async pipelines.
  const MatmulConfig b64{"b64", 64, 64, 4}, b128{"b128", 128, 128, 8},
      d16{"b128.d16", 128, 128, 8}, d16at{"b128.d16.at", 128, 128, 8},
      d16bt{"b128.d16.bt", 128, 128, 8};
  const MatmulConfig mmaB64{"mma.b64", 64, 64, 4},
      mmaB128{"mma.b128", 128, 128, 8}, mmaD16{"mma.b128.w4.d16", 128, 128, 4},
      mmaD16at{"mma.b128.w4.d16.at", 128, 128, 4},
      mmaD16bt{"mma.b128.w4.d16.bt", 128, 128, 4},
      mmaD16atbt{"mma.b128.w4.d16.atbt", 128, 128, 4};
  for (DType t : {DType::F16, DType::BF16}) {
    const char *name = getName(t);
    run(llvm::formatv("matmul_kernel.b64 {0} 333x517x245", name),
        matmul(h, t, b64, 333, 517, 245, false));
    run(llvm::formatv("matmul_kernel.b64 {0} 64x64x32 A column-major", name),
        matmul(h, t, b64, 64, 64, 32, true));
    run(llvm::formatv("matmul_kernel.b128 {0} 333x517x245 B column-major",
                      name),
        matmul(h, t, b128, 333, 517, 245, false, true));
    run(llvm::formatv("matmul_kernel.b128.d16 {0} 1040x528x1008", name),
        matmul(h, t, d16, 1040, 528, 1008, false));
    run(llvm::formatv("matmul_kernel.b128.d16.at {0} 528x400x272", name),
        matmul(h, t, d16at, 528, 400, 272, true));
    run(llvm::formatv("matmul_kernel.b128.d16.bt {0} 400x528x48", name),
        matmul(h, t, d16bt, 400, 528, 48, false, true));
    // The mma.sync builds (sm_90): mma.sync on ldmatrix fragments, A and B in
    // both orders, ragged shapes for the generic ones, and K steps past the end
    // of the 3-stage ring (and a K of one step) for the pipelined ones.
    run(llvm::formatv("matmul_kernel.mma.b64 {0} 333x517x245", name),
        matmul(h, t, mmaB64, 333, 517, 245, false));
    run(llvm::formatv("matmul_kernel.mma.b64 {0} 333x517x245 A and B "
                      "column-major",
                      name),
        matmul(h, t, mmaB64, 333, 517, 245, true, true));
    run(llvm::formatv("matmul_kernel.mma.b128 {0} 333x517x245 B column-major",
                      name),
        matmul(h, t, mmaB128, 333, 517, 245, false, true));
    run(llvm::formatv("matmul_kernel.mma.b128 {0} 200x130x70 A column-major",
                      name),
        matmul(h, t, mmaB128, 200, 130, 70, true));
    run(llvm::formatv("matmul_kernel.mma.b128.w4.d16 {0} 1040x528x1008", name),
        matmul(h, t, mmaD16, 1040, 528, 1008, false));
    run(llvm::formatv("matmul_kernel.mma.b128.w4.d16 {0} 256x256x32", name),
        matmul(h, t, mmaD16, 256, 256, 32, false));
    run(llvm::formatv("matmul_kernel.mma.b128.w4.d16.at {0} 528x400x272", name),
        matmul(h, t, mmaD16at, 528, 400, 272, true));
    run(llvm::formatv("matmul_kernel.mma.b128.w4.d16.bt {0} 400x528x48", name),
        matmul(h, t, mmaD16bt, 400, 528, 48, false, true));
    run(llvm::formatv("matmul_kernel.mma.b128.w4.d16.atbt {0} 272x400x528",
                      name),
        matmul(h, t, mmaD16atbt, 272, 400, 528, true, true));
    if (!quick) {
      run(llvm::formatv("matmul_kernel.mma.b128.w4.d16 {0} 2048x2048x2048",
                        name),
          matmul(h, t, mmaD16, 2048, 2048, 2048, false));
      run(llvm::formatv("matmul_kernel.b64 {0} 1000x1000x1000", name),
          matmul(h, t, b64, 1000, 1000, 1000, false));
      run(llvm::formatv("matmul_kernel.b64 {0} 1000x1000x1000 A column-major",
                        name),
          matmul(h, t, b64, 1000, 1000, 1000, true));
      run(llvm::formatv("matmul_kernel.b128 {0} 4097x2048x511", name),
          matmul(h, t, b128, 4097, 2048, 511, false));
      run(llvm::formatv("matmul_kernel.b128.d16 {0} 2048x2048x2048", name),
          matmul(h, t, d16, 2048, 2048, 2048, false));
      run(llvm::formatv("matmul_kernel.b128.d16.bt {0} 1024x1024x4096", name),
          matmul(h, t, d16bt, 1024, 1024, 4096, false, true));
    }
  }
  // tf32 (fp32 operands, tl.dot's default precision) and int8 (int32
  // accumulator) through mma.sync m16n8k8 / m16n8k32: ragged shapes, K not
  // a multiple of the 32-wide step, both orders of A for tf32.
  run("matmul_tf32_kernel 333x517x245", matmulTf32(h, 333, 517, 245, false));
  run("matmul_tf32_kernel 64x64x32 A column-major",
      matmulTf32(h, 64, 64, 32, true));
  run("matmul_int8_kernel 333x517x245", matmulInt8(h, 333, 517, 245));
  run("matmul_int8_kernel 65x97x1000", matmulInt8(h, 65, 97, 1000));
  if (!quick) {
    run("matmul_tf32_kernel 1000x1000x1000",
        matmulTf32(h, 1000, 1000, 1000, false));
    run("matmul_tf32_kernel 513x2048x511 A column-major",
        matmulTf32(h, 513, 2048, 511, true));
    run("matmul_int8_kernel 1000x1000x1000", matmulInt8(h, 1000, 1000, 1000));
    run("matmul_int8_kernel 4097x256x511", matmulInt8(h, 4097, 256, 511));
  }
  // attn_fwd_kernel (examples/attention.py; AttentionSample.h): its key
  // loops are cp.async pipelines on sm_90a (K copied transposed, the causal
  // split's two loops with runtime bounds); sequence lengths that are not
  // multiples of the blocks, causal and not, head dim 64 and 128.
  std::vector<std::tuple<int, int, int>> attnShapes = {{1, 2, 333}};
  if (!quick)
    attnShapes.insert(attnShapes.end(), {{2, 3, 1000}, {1, 2, 1024}});
  for (DType t : {DType::F16, DType::BF16})
    for (int d : {64, 128})
      for (bool causal : {false, true})
        for (auto [z, heads, n] : attnShapes)
          run(llvm::formatv("attn_fwd_kernel {0} D={1} causal={2} N_CTX={3}",
                            getName(t), d, causal, n),
              runAttention(h, loadSampleKernel, t, d, causal, z, heads, n));
  // The backward (attn_bwd_preprocess, attn_bwd_dkdv, attn_bwd_dq): its
  // query and key loops with the causal split and ragged lengths.
  std::vector<std::tuple<int, int, int>> attnBwdShapes = {{1, 2, 200}};
  if (!quick)
    attnBwdShapes.insert(attnBwdShapes.end(), {{2, 3, 1000}, {1, 2, 1024}});
  for (DType t : {DType::F16, DType::BF16})
    for (int d : {64, 128})
      for (bool causal : {false, true})
        for (auto [z, heads, n] : attnBwdShapes)
          run(llvm::formatv("attention backward {0} D={1} causal={2} "
                            "N_CTX={3}",
                            getName(t), d, causal, n),
              runAttentionBackward(h, loadSampleKernel, t, d, causal, z, heads,
                                   n));
  // matmul_tma_kernel (examples/matmul_tma.py): A, B and C through tensor
  // maps (TMA on sm_90a), 128x256x64 tiles on 8 warps and 128x128x64 on 4,
  // both 3-stage, and 64x64x32 built for sm_90 (mma.sync and ldmatrix on
  // the TMA rings): ragged shapes (K and N multiples of 8, as TMA's 16-byte
  // row strides need), one tile smaller than the block, and first a check on
  // the host that a stride TMA cannot take is refused. Last, so that a
  // fault here cannot spoil the context for the cases above.
  run("encodeTensorMap refuses a bad stride", tensorMapRefusesBadStride(h));
  const TmaConfig tmaWide{"b128x256x64.w8", 128, 256, 64, 8},
      tmaSmall{"b128x128x64.w4", 128, 128, 64, 4},
      tmaSync{"b64x64x32.w4.sm90", 64, 64, 32, 4};
  std::vector<std::tuple<int, int, int>> tmaShapes = {{333, 520, 248},
                                                      {64, 64, 64}};
  if (!quick)
    tmaShapes.insert(tmaShapes.end(), {{1000, 1000, 1000}, {4097, 2048, 512}});
  for (DType t : {DType::F16, DType::BF16})
    for (const TmaConfig &cfg : {tmaWide, tmaSmall, tmaSync})
      for (auto [m, n, k] : tmaShapes)
        run(llvm::formatv("matmul_tma_kernel.{0} {1} {2}x{3}x{4}", cfg.variant,
                          getName(t), m, n, k),
            matmulTma(h, t, cfg, m, n, k));
  if (!quick)
    run("matmul_tma_kernel.b128x256x64.w8 fp16 4096x4096x4096",
        matmulTma(h, DType::F16, tmaWide, 4096, 4096, 4096));
  llvm::outs() << h.passed << " passed, " << h.failed << " failed\n";
  return h.failed ? 1 : 0;
}
