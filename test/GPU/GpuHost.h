//===- GpuHost.h - Host side of the GPU samples and benchmark ---*- C++ -*-===//
//
// What tilec-gpu-samples (test/GPU/samples.cpp) and tilec-bench-host
// (bench/bench_host.cpp) share: fp16 <-> float on the host, a fast seeded
// random source, device buffers that hold host data in fp32 or fp16 or that
// start poisoned with NaN, loading a kernel from a cubin file, the tensor
// maps of tensor-descriptor parameters, a parallel loop for the references,
// the float64 references of the samples (vector add, softmax, layer norm)
// and the error measure. Every driver call goes through tilec::runtime and
// returns its llvm::Error; nothing here prints.
//
// Host arrays are float and hold values already rounded through the storage
// type (`DType::F16`: exact fp16 values), so a reference computed from them
// in double sees exactly what the kernel read.
//
//===----------------------------------------------------------------------===//

#ifndef TILEC_TEST_GPU_GPUHOST_H
#define TILEC_TEST_GPU_GPUHOST_H

#include "tilec/Runtime.h"
#include "tilec/TensorDescriptor.h"

#include "llvm/Support/MemoryBuffer.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <random>
#include <string>
#include <thread>
#include <vector>

namespace tilec::gpuhost {

using runtime::Device;
using runtime::DeviceBuffer;
using runtime::Kernel;

//===----------------------------------------------------------------------===//
// Element types
//===----------------------------------------------------------------------===//

/// IEEE half from float, round to nearest even (subnormals and infinities
/// included).
inline uint16_t toHalf(float f) {
  uint32_t x;
  std::memcpy(&x, &f, 4);
  uint32_t sign = (x >> 16) & 0x8000;
  int32_t exp = int32_t((x >> 23) & 0xff) - 127 + 15;
  uint32_t mant = x & 0x7fffff;
  if (((x >> 23) & 0xff) == 0xff)
    return sign | 0x7c00 | (mant ? 0x200 : 0);
  if (exp >= 31)
    return sign | 0x7c00;
  if (exp <= 0) {
    if (exp < -10)
      return sign;
    mant |= 0x800000;
    uint32_t shift = 14 - exp;
    uint32_t h = mant >> shift;
    uint32_t rem = mant & ((1u << shift) - 1), half = 1u << (shift - 1);
    if (rem > half || (rem == half && (h & 1)))
      ++h;
    return sign | h;
  }
  uint32_t h = (uint32_t(exp) << 10) | (mant >> 13);
  uint32_t rem = mant & 0x1fff;
  // A carry out of the mantissa rounds up into the exponent, as it should.
  if (rem > 0x1000 || (rem == 0x1000 && (h & 1)))
    ++h;
  return sign | h;
}

/// Float from IEEE half (exact).
inline float fromHalf(uint16_t h) {
  uint32_t sign = uint32_t(h & 0x8000) << 16, exp = (h >> 10) & 0x1f,
           mant = h & 0x3ff, x;
  if (exp == 0) {
    if (mant == 0) {
      x = sign;
    } else {
      exp = 127 - 14;
      while (!(mant & 0x400)) {
        mant <<= 1;
        --exp;
      }
      x = sign | (exp << 23) | ((mant & 0x3ff) << 13);
    }
  } else if (exp == 31) {
    x = sign | 0x7f800000 | (mant << 13);
  } else {
    x = sign | ((exp - 15 + 127) << 23) | (mant << 13);
  }
  float f;
  std::memcpy(&f, &x, 4);
  return f;
}

/// bfloat16 from float, round to nearest even (NaN stays a quiet NaN).
inline uint16_t toBFloat16(float f) {
  uint32_t x;
  std::memcpy(&x, &f, 4);
  if ((x & 0x7fffffffu) > 0x7f800000u)
    return uint16_t((x >> 16) | 0x40);
  return uint16_t((x + 0x7fffu + ((x >> 16) & 1)) >> 16);
}

/// Float from bfloat16 (exact).
inline float fromBFloat16(uint16_t h) {
  uint32_t x = uint32_t(h) << 16;
  float f;
  std::memcpy(&f, &x, 4);
  return f;
}

/// The storage type of a kernel's tensors.
enum class DType { F32, F16, BF16 };

inline const char *getName(DType t) {
  return t == DType::F16 ? "fp16" : t == DType::BF16 ? "bf16" : "fp32";
}
inline size_t getBytes(DType t) { return t == DType::F32 ? 4 : 2; }
/// The 16 bits of `v` as a 16-bit type `t` (F16 or BF16).
inline uint16_t encode16(float v, DType t) {
  return t == DType::BF16 ? toBFloat16(v) : toHalf(v);
}
/// The value of 16 bits of type `t` (F16 or BF16).
inline float decode16(uint16_t h, DType t) {
  return t == DType::BF16 ? fromBFloat16(h) : fromHalf(h);
}
/// `v` rounded to the nearest value of type `t`.
inline float round(float v, DType t) {
  return t == DType::F32 ? v : decode16(encode16(v, t), t);
}

//===----------------------------------------------------------------------===//
// Random inputs
//===----------------------------------------------------------------------===//

/// A seed for this run: $TILEC_SEED if set (to repeat a failing run), else
/// fresh from std::random_device. Callers print it.
inline uint64_t chooseSeed() {
  if (const char *s = std::getenv("TILEC_SEED"))
    return std::strtoull(s, nullptr, 0);
  std::random_device dev;
  return (uint64_t(dev()) << 32) ^ dev();
}

/// splitmix64: fast enough to fill gigabytes of benchmark input on one core
/// in about a second, and statistically good enough for test data.
class Random {
public:
  explicit Random(uint64_t seed) : state(seed) {}

  uint64_t next() {
    uint64_t z = (state += 0x9e3779b97f4a7c15ull);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    return z ^ (z >> 31);
  }
  /// Uniform in [lo, hi), rounded to type `t`.
  float uniform(float lo, float hi, DType t) {
    float u = float(next() >> 40) * 0x1p-24f;
    return round(lo + (hi - lo) * u, t);
  }
  /// `n` values uniform in [lo, hi), rounded to type `t`.
  std::vector<float> uniform(size_t n, float lo, float hi, DType t) {
    std::vector<float> v(n);
    for (float &x : v)
      x = uniform(lo, hi, t);
    return v;
  }

private:
  uint64_t state;
};

//===----------------------------------------------------------------------===//
// Device buffers
//===----------------------------------------------------------------------===//

/// The 32-bit word that fills a buffer of type `t` with quiet NaNs.
inline uint32_t poisonWord(DType t) {
  return t == DType::F16    ? 0x7e007e00u
         : t == DType::BF16 ? 0x7fc07fc0u
                            : 0x7fc00000u;
}

/// Bytes for `n` elements of `t`, rounded up to a whole 32-bit word so that
/// DeviceBuffer::fill32 can poison any buffer.
inline size_t bufferBytes(size_t n, DType t) {
  return (n * getBytes(t) + 3) / 4 * 4;
}

/// A device buffer of `n` elements of `t`, every one NaN.
inline llvm::Expected<DeviceBuffer> allocPoisoned(const Device &device,
                                                  size_t n, DType t) {
  llvm::Expected<DeviceBuffer> buf =
      DeviceBuffer::allocate(device, bufferBytes(n, t));
  if (!buf)
    return buf.takeError();
  if (llvm::Error e = buf->fill32(poisonWord(t)))
    return std::move(e);
  return std::move(*buf);
}

/// Re-poisons a buffer made by allocPoisoned (before each run).
inline llvm::Error poison(DeviceBuffer &buf, DType t) {
  return buf.fill32(poisonWord(t));
}

/// Copies `host` (values of type `t`) into `buf` as `t`.
inline llvm::Error copyIn(DeviceBuffer &buf, const std::vector<float> &host,
                          DType t) {
  if (t == DType::F32)
    return buf.copyFromHost(host.data(), host.size() * 4);
  std::vector<uint16_t> half(host.size());
  for (size_t i = 0; i < host.size(); ++i)
    half[i] = encode16(host[i], t);
  return buf.copyFromHost(half.data(), half.size() * 2);
}

/// A device buffer holding `host` as type `t`.
inline llvm::Expected<DeviceBuffer>
upload(const Device &device, const std::vector<float> &host, DType t) {
  llvm::Expected<DeviceBuffer> buf =
      DeviceBuffer::allocate(device, bufferBytes(host.size(), t));
  if (!buf)
    return buf.takeError();
  if (llvm::Error e = copyIn(*buf, host, t))
    return std::move(e);
  return std::move(*buf);
}

/// The first `n` elements of `buf` (of type `t`) as floats.
inline llvm::Expected<std::vector<float>> download(const DeviceBuffer &buf,
                                                   size_t n, DType t) {
  std::vector<float> out(n);
  if (t == DType::F32) {
    if (llvm::Error e = buf.copyToHost(out.data(), n * 4))
      return std::move(e);
    return out;
  }
  std::vector<uint16_t> half(n);
  if (llvm::Error e = buf.copyToHost(half.data(), n * 2))
    return std::move(e);
  for (size_t i = 0; i < n; ++i)
    out[i] = decode16(half[i], t);
  return out;
}

/// The cubin of `kernel` for `type` (and BLOCK_SIZE `block`, 0 when the
/// name has none) specialized for a size argument `n`: like Triton's
/// launcher, which marks an integer divisible by 16 as `i32:16`, the build
/// compiles each kernel twice and a size divisible by 16 takes the `.d16`
/// variant (the one whose masks the coalescing pass can vectorize).
/// `warps`, when not 0, names a build with other than the block's default
/// number of warps (`.wN`, the benchmark's num_warps sweep).
inline std::string getCubinName(llvm::StringRef kernel, DType type, int block,
                                int64_t n, int warps = 0) {
  std::string name = (kernel + "." + getName(type)).str();
  if (block)
    name += ".b" + std::to_string(block);
  if (warps)
    name += ".w" + std::to_string(warps);
  if (n % 16 == 0)
    name += ".d16";
  return name + ".cubin";
}

/// Kernel `name` of the cubin `dir/file`.
inline llvm::Expected<Kernel> loadKernel(const Device &device,
                                         const std::string &dir,
                                         const std::string &file,
                                         const std::string &name) {
  std::string path = dir + "/" + file;
  auto buf = llvm::MemoryBuffer::getFile(path);
  if (!buf)
    return llvm::createStringError(buf.getError(), "cannot read " + path);
  llvm::Expected<runtime::Module> m =
      runtime::Module::loadCubin(device, (*buf)->getBuffer());
  if (!m)
    return m.takeError();
  return m->getKernel(name);
}

/// The dynamic shared memory a launch of the cubin `dir/file` must pass,
/// from the `file.resources` tilec wrote beside it (`--print-resources`:
/// "..., N bytes dynamic shared memory, ..."; 0 when the line names none).
inline llvm::Expected<unsigned>
getRequiredDynamicShared(const std::string &dir, const std::string &file) {
  std::string path = dir + "/" + file + ".resources";
  auto buf = llvm::MemoryBuffer::getFile(path);
  if (!buf)
    return llvm::createStringError(buf.getError(), "cannot read " + path);
  llvm::StringRef text = (*buf)->getBuffer();
  if (!text.contains(" registers, "))
    return llvm::createStringError("no resource report in " + path);
  size_t at = text.find(" bytes dynamic shared memory");
  if (at == llvm::StringRef::npos)
    return 0u;
  llvm::StringRef number = text.take_front(at);
  number = number.substr(number.find_last_of(' ') + 1);
  unsigned bytes = 0;
  if (number.getAsInteger(10, bytes))
    return llvm::createStringError("bad dynamic shared memory in " + path);
  return bytes;
}

/// The dynamic shared memory to launch `kernel` with when it needs `needed`
/// bytes of shared memory in all (as tilec reports them): what the cubin
/// does not declare statically. tilec's scratch buffer is static today (so
/// this is 0); a kernel that takes it as `extern .shared`, as Triton's do,
/// declares none and gets all of it. Kernel::launch raises the kernel's
/// limit when that is past the default 48 KiB.
inline llvm::Expected<size_t> getDynamicSharedBytes(const Kernel &kernel,
                                                    size_t needed) {
  llvm::Expected<int> declared =
      kernel.getAttribute(CU_FUNC_ATTRIBUTE_SHARED_SIZE_BYTES);
  if (!declared)
    return declared.takeError();
  return needed > size_t(*declared) ? needed - size_t(*declared) : 0;
}

/// The tensor map of a `tensordesc<TYPE[block]>` parameter over a tensor of
/// type `t` at `base` with `shape` and `strides` (elements, outermost first,
/// the last stride 1): the box and swizzle the compiler planned for the
/// block (planTensorDescLayout), encoded by the driver.
inline llvm::Expected<runtime::TensorMap>
makeTensorMap(DType t, const std::vector<int64_t> &block, CUdeviceptr base,
              llvm::ArrayRef<int64_t> shape, llvm::ArrayRef<int64_t> strides) {
  TensorDescLayout layout;
  std::string why;
  if (!planTensorDescLayout(block, unsigned(getBytes(t)), layout, why))
    return llvm::createStringError(why);
  layout.elemType = getName(t);
  return runtime::encodeTensorMap(layout, base, shape, strides);
}

/// A row-major matrix on the device: `rows` x `cols` elements, rows
/// `rowStride` elements apart.
struct MatrixRef {
  CUdeviceptr base;
  int64_t rows, cols, rowStride;
};

/// The tensor maps of examples/matmul_tma.py's matmul_tma_kernel for
/// `blockM` x `blockN` x `blockK` tiles: A's (`blockM` x `blockK` blocks),
/// B's (`blockK` x `blockN`) and C's (`blockM` x `blockN`).
inline llvm::Expected<std::array<runtime::TensorMap, 3>>
makeMatmulTensorMaps(DType t, int64_t blockM, int64_t blockN, int64_t blockK,
                     const MatrixRef &a, const MatrixRef &b,
                     const MatrixRef &c) {
  const std::pair<std::vector<int64_t>, const MatrixRef *> tensors[] = {
      {{blockM, blockK}, &a}, {{blockK, blockN}, &b}, {{blockM, blockN}, &c}};
  std::array<runtime::TensorMap, 3> maps;
  for (size_t i = 0; i < 3; ++i) {
    const MatrixRef &x = *tensors[i].second;
    auto map = makeTensorMap(t, tensors[i].first, x.base, {x.rows, x.cols},
                             {x.rowStride, 1});
    if (!map)
      return map.takeError();
    maps[i] = *map;
  }
  return maps;
}

//===----------------------------------------------------------------------===//
// float64 references (what examples/*.py compute, in exact-ish arithmetic)
//===----------------------------------------------------------------------===//

/// Runs `body(i)` for i in [0, count) on all cores (a matmul reference is
/// up to 10^10 multiply-adds).
template <typename F> void parallelFor(size_t count, F body) {
  size_t threads = std::clamp<size_t>(std::thread::hardware_concurrency(), 1,
                                      std::max<size_t>(count, 1));
  std::vector<std::thread> pool;
  for (size_t t = 0; t < threads; ++t)
    pool.emplace_back([&, t] {
      for (size_t i = t; i < count; i += threads)
        body(i);
    });
  for (std::thread &th : pool)
    th.join();
}

/// softmax of one row of `n` values.
inline void softmaxRow(const float *x, size_t n, double *out) {
  double m = -INFINITY, sum = 0;
  for (size_t j = 0; j < n; ++j)
    m = std::max(m, double(x[j]));
  for (size_t j = 0; j < n; ++j)
    sum += out[j] = std::exp(double(x[j]) - m);
  for (size_t j = 0; j < n; ++j)
    out[j] /= sum;
}

/// Layer norm of one row of `n` values: y, the mean and 1/sqrt(var + eps)
/// with the biased variance, as layernorm_fwd_kernel computes them.
inline void layerNormRow(const float *x, const float *w, const float *b,
                         size_t n, double eps, double *y, double &mean,
                         double &rstd) {
  double mu = 0, var = 0;
  for (size_t j = 0; j < n; ++j)
    mu += x[j];
  mu /= double(n);
  for (size_t j = 0; j < n; ++j)
    var += (x[j] - mu) * (x[j] - mu);
  var /= double(n);
  mean = mu;
  rstd = 1.0 / std::sqrt(var + eps);
  for (size_t j = 0; j < n; ++j)
    y[j] = (x[j] - mu) * rstd * w[j] + b[j];
}

//===----------------------------------------------------------------------===//
// Error measure
//===----------------------------------------------------------------------===//

/// The error of a result, segment by segment (one row of softmax or layer
/// norm, one program's block of vector add), as the worst over segments of
///   ||out - ref|| / ||ref||                      (the L2 error), and
///   max_i |out_i - ref_i| / (|ref_i| + rms(ref))  (the worst element),
/// so that neither one wrong row among thousands nor one wrong element in a
/// long row hides in a norm. The bounds below bound both: each is derived
/// per element, and rms(ref) covers elements near zero (cancellation in
/// layer norm, fp16 subnormals in softmax). Any NaN in `out` (an element
/// the kernel did not write: outputs start poisoned) makes the error NaN,
/// which fails every bound.
class ErrorMeter {
public:
  void add(const float *out, const double *ref, size_t n) {
    double num = 0, den = 0;
    for (size_t i = 0; i < n; ++i) {
      if (std::isnan(out[i])) {
        ++nans;
        continue;
      }
      num += (out[i] - ref[i]) * (out[i] - ref[i]);
      den += ref[i] * ref[i];
    }
    // A segment whose reference is all zeros is measured absolutely.
    worst = std::max(worst, std::sqrt(num / (den > 0 ? den : 1)));
    double rms = n ? std::sqrt(den / double(n)) : 0;
    for (size_t i = 0; i < n; ++i) {
      double scale = std::abs(ref[i]) + rms;
      if (!std::isnan(out[i]))
        worst = std::max(worst,
                         std::abs(out[i] - ref[i]) / (scale > 0 ? scale : 1));
    }
  }
  /// NaN if any output element was NaN, else the worst error.
  double get() const { return nans ? NAN : worst; }
  size_t getNaNCount() const { return nans; }

private:
  double worst = 0;
  size_t nans = 0;
};

/// Elements of `out` outside the tensor's rows (columns [cols, stride) of
/// each of `rows` rows) that are no longer the poison: writes past the mask.
inline size_t countStrayWrites(const std::vector<float> &out, size_t rows,
                               size_t cols, size_t stride) {
  size_t stray = 0;
  for (size_t r = 0; r < rows; ++r)
    for (size_t j = cols; j < stride; ++j)
      stray += !std::isnan(out[r * stride + j]);
  return stray;
}

//===----------------------------------------------------------------------===//
// Error bounds, from the arithmetic (u = unit roundoff of the type)
//===----------------------------------------------------------------------===//

/// Vector add, fp32: one correctly rounded addition of exact inputs, so each
/// element is within u32 = 2^-24 = 6e-8 of the exact sum: 1e-6 is far above
/// any rounding and far below any wrong element.
inline constexpr double kAddBoundF32 = 1e-6;
/// Vector add, fp16: one rounding to fp16, u16 = 2^-11 = 4.9e-4 (a sum in
/// the subnormal range is exact).
inline constexpr double kAddBoundF16 = 1e-3;
/// Softmax and layer norm, fp32: a row sum is at most 64 sequential
/// additions a thread (32768 elements over 512 threads; the online kernel's
/// 32 rescaled chunks a lane) and a tree of at most 10 levels, so within 75u
/// (u = 2^-24 = 6e-8); exp of an argument up to 12 in magnitude, scaled by
/// log2(e), adds about 17u and the approximate ex2 2 ulp; the division and
/// the normalization a few u more: about 100u = 6e-6 in the worst case, so
/// 1e-5. (A sum of 32768 terms in one sequential chain can reach 4e-5: a
/// CPU emulation that summed so failed this bound.)
inline constexpr double kReduceBoundF32 = 1e-5;
/// Any fp16 output of an fp32 computation: the final rounding to fp16
/// (u16 = 4.9e-4 per element; softmax rows of 32768 have subnormal fp16
/// values, whose absolute error 2^-25 adds at most 4e-4 to a row's L2
/// error) plus the fp32 error above: under 7e-4, so 2e-3.
inline constexpr double kBoundF16 = 2e-3;
/// Matmul with fp16 or bf16 inputs, fp32 accumulation and a result of the
/// input type: products of 16-bit values are exact in fp32; K fp32
/// additions (in whatever order the tensor cores take) stay within K u32 of
/// the sum of |terms|, about 6e-5
/// relative for K = 1000 on random inputs; the 16-bit result adds its
/// rounding, 4.9e-4 for fp16 and 3.9e-3 for bf16 (8 significant bits).
/// 1e-2, the bound issue #5 sets for 16-bit inputs, is above both and far
/// below a wrong tile or a missing K step.
inline constexpr double kMatmulBound = 1e-2;
/// Matmul with fp32 inputs multiplied as tf32 (tl.dot's default precision):
/// each operand is rounded to 10 mantissa bits (relative error up to 2^-11
/// with cvt.rna), so each product is off by up to 2^-10 relative, randomly
/// signed: for uniform inputs the error of a sum is about sqrt(2/3) 2^-11 =
/// 4e-4 of its rms (typically 5e-4 relative Frobenius error), the worst of
/// a million elements about 5 times that, and the K fp32 additions add the
/// 6e-5 above. 1e-2 (issue #5's bound) is 5 times over the worst element
/// and far below a wrong tile or a K step multiplied in plain fp16 or bf16.
inline constexpr double kMatmulTf32Bound = 1e-2;

} // namespace tilec::gpuhost

#endif // TILEC_TEST_GPU_GPUHOST_H
