//===- FusedReference.h - Host references of the fused samples --*- C++ -*-===//
//
// What the hosts of examples/dropout.py, examples/adamw.py and
// examples/w4a16.py check against: Philox-4x32-10 and the dropout keep mask
// it gives (bit for bit what tl.randint4x computes, so a kernel's mask is
// compared exactly), one AdamW step in float64, and 4-bit group
// quantization in the samples' layout (GPTQ packing, fp16 scales and zeros)
// with the float64 product x @ dequantized W. Used by tilec-jit-fused
// (examples/host/jit_fused.cpp), tilec-gpu-samples-fused
// (test/GPU/samples_fused.cpp) and its CPU stand-in (FakeCudaFused.cpp).
//
//===----------------------------------------------------------------------===//

#ifndef TILEC_EXAMPLES_HOST_FUSEDREFERENCE_H
#define TILEC_EXAMPLES_HOST_FUSEDREFERENCE_H

#include <array>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <vector>

namespace tilec::examples {

//===----------------------------------------------------------------------===//
// Philox and dropout
//===----------------------------------------------------------------------===//

/// Philox-4x32 with 10 rounds on counter (c0, c1, c2, c3) and key (k0, k1),
/// the round function of Salmon et al. (SC'11) as Triton's philox_impl
/// applies it.
inline std::array<uint32_t, 4> philox4x32(uint32_t c0, uint32_t c1,
                                          uint32_t c2, uint32_t c3,
                                          uint32_t k0, uint32_t k1) {
  for (int round = 0; round < 10; ++round) {
    uint64_t a = uint64_t(0xD2511F53u) * c0, b = uint64_t(0xCD9E8D57u) * c2;
    uint32_t n0 = uint32_t(b >> 32) ^ c1 ^ k0;
    uint32_t n2 = uint32_t(a >> 32) ^ c3 ^ k1;
    c1 = uint32_t(b);
    c3 = uint32_t(a);
    c0 = n0;
    c2 = n2;
    k0 += 0x9E3779B9u;
    k1 += 0xBB67AE85u;
  }
  return {c0, c1, c2, c3};
}

/// The dropout threshold of examples/dropout.py for drop probability p:
/// floor(p * 2^31); an element is kept when its number's top 31 bits are
/// at least this.
inline int32_t dropoutThreshold(double p) { return int32_t(p * 2147483648.0); }

/// The keep mask of dropout_fwd_kernel for `n` elements, `block` per
/// program: program i's counter c = i * block/4 + o gives the numbers of
/// elements i * block + j * block/4 + o (j = 0..3).
inline std::vector<uint8_t> dropoutKeepMask(uint64_t seed, size_t n,
                                            int block, int32_t threshold) {
  std::vector<uint8_t> keep(n);
  size_t quarter = size_t(block) / 4, programs = (n + block - 1) / block;
  for (size_t pid = 0; pid < programs; ++pid)
    for (size_t o = 0; o < quarter; ++o) {
      std::array<uint32_t, 4> r =
          philox4x32(uint32_t(pid * quarter + o), 0, 0, 0, uint32_t(seed),
                     uint32_t(seed >> 32));
      for (size_t j = 0; j < 4; ++j) {
        size_t e = pid * block + j * quarter + o;
        if (e < n)
          keep[e] = int32_t(r[j] >> 1) >= threshold;
      }
    }
  return keep;
}

//===----------------------------------------------------------------------===//
// AdamW
//===----------------------------------------------------------------------===//

struct AdamWHyper {
  double lr = 1e-3, beta1 = 0.9, beta2 = 0.999, eps = 1e-8,
         weightDecay = 0.01;

  /// The hyperparameters as the kernel receives them (fp32 arguments): the
  /// float64 reference must start from these. fp32(0.999) is 0.999 + 1.3e-8,
  /// so 1 - beta2 is off by 1.3e-5 relative: more than the checks' bound,
  /// and not an error of the kernel.
  AdamWHyper asFloat() const {
    AdamWHyper f;
    f.lr = float(lr), f.beta1 = float(beta1), f.beta2 = float(beta2);
    f.eps = float(eps), f.weightDecay = float(weightDecay);
    return f;
  }
};

/// One AdamW step of element (p, g, m, v) in float64, in place, as
/// torch.optim.AdamW computes it.
inline void adamwStep(double &p, double g, double &m, double &v, int step,
                      const AdamWHyper &h) {
  p -= h.lr * h.weightDecay * p;
  m = h.beta1 * m + (1 - h.beta1) * g;
  v = h.beta2 * v + (1 - h.beta2) * g * g;
  double bc1 = 1 - std::pow(h.beta1, step), bc2 = 1 - std::pow(h.beta2, step);
  p -= h.lr / bc1 * m / (std::sqrt(v) / std::sqrt(bc2) + h.eps);
}

//===----------------------------------------------------------------------===//
// W4A16
//===----------------------------------------------------------------------===//

/// 4-bit weights of a K x N matrix in examples/w4a16.py's layout: packed
/// (K/8 x N int32, W[8r + j][n] in bits 4j..4j+3 of packed[r][n]), scales
/// and zeros (K/group x N, values exactly representable in fp16), and the
/// dequantized matrix (q - zero) * scale in float64, row-major.
struct QuantizedWeights {
  int K = 0, N = 0, group = 128;
  std::vector<int32_t> packed;
  std::vector<float> scales, zeros;
  std::vector<double> dequant;
};

/// Quantizes `w` (K x N, row-major) per group of `group` rows and column,
/// asymmetrically over [min, max]; `roundF16` rounds a float to fp16.
template <typename RoundF16>
QuantizedWeights quantize(const std::vector<float> &w, int K, int N,
                          int group, RoundF16 roundF16) {
  QuantizedWeights q;
  q.K = K, q.N = N, q.group = group;
  q.packed.assign(size_t(K / 8) * N, 0);
  q.scales.resize(size_t(K / group) * N);
  q.zeros.resize(q.scales.size());
  q.dequant.resize(size_t(K) * N);
  for (int g = 0; g < K / group; ++g)
    for (int n = 0; n < N; ++n) {
      float lo = w[size_t(g) * group * N + n], hi = lo;
      for (int k = g * group; k < (g + 1) * group; ++k) {
        lo = std::fmin(lo, w[size_t(k) * N + n]);
        hi = std::fmax(hi, w[size_t(k) * N + n]);
      }
      float scale = roundF16(std::fmax((hi - lo) / 15, 1e-6f));
      float zero = roundF16(-lo / scale);
      q.scales[size_t(g) * N + n] = scale;
      q.zeros[size_t(g) * N + n] = zero;
      for (int k = g * group; k < (g + 1) * group; ++k) {
        float v = std::nearbyint(w[size_t(k) * N + n] / scale + zero);
        int32_t nib = int32_t(std::fmin(std::fmax(v, 0.0f), 15.0f));
        q.packed[size_t(k / 8) * N + n] |= nib << (4 * (k % 8));
        q.dequant[size_t(k) * N + n] = (double(nib) - zero) * double(scale);
      }
    }
  return q;
}

/// y = x @ dequantized W in float64 (x: M x K row-major).
inline std::vector<double> w4a16Reference(const std::vector<float> &x, int M,
                                          const QuantizedWeights &q) {
  std::vector<double> y(size_t(M) * q.N, 0.0);
  for (int m = 0; m < M; ++m)
    for (int k = 0; k < q.K; ++k) {
      double xv = x[size_t(m) * q.K + k];
      const double *row = &q.dequant[size_t(k) * q.N];
      double *out = &y[size_t(m) * q.N];
      for (int n = 0; n < q.N; ++n)
        out[n] += xv * row[n];
    }
  return y;
}

} // namespace tilec::examples

#endif // TILEC_EXAMPLES_HOST_FUSEDREFERENCE_H
