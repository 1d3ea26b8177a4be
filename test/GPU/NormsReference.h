//===- NormsReference.h - float64 references of the norm samples -*- C++ -*-===//
//
// What examples/rmsnorm.py, examples/layernorm_bwd.py and
// examples/cross_entropy.py compute, in double, one row at a time, from
// inputs already rounded to their storage type: the references of
// tilec-gpu-samples-norms (test/GPU/samples_norms.cpp) and of the JIT host
// program examples/host/jit_norms.cpp. Column sums (dW, dB) are the caller's:
// it adds the per-row terms these return.
//
//===----------------------------------------------------------------------===//

#ifndef TILEC_TEST_GPU_NORMSREFERENCE_H
#define TILEC_TEST_GPU_NORMSREFERENCE_H

#include <cmath>
#include <cstddef>
#include <cstdint>

namespace tilec::normsref {

/// RMS norm of one row: y = x * rstd * w, rstd = 1/sqrt(mean(x^2) + eps).
inline double rmsNormForward(const float *x, const float *w, size_t n,
                             double eps, double *y) {
  double sq = 0;
  for (size_t j = 0; j < n; ++j)
    sq += double(x[j]) * x[j];
  double rstd = 1.0 / std::sqrt(sq / double(n) + eps);
  for (size_t j = 0; j < n; ++j)
    y[j] = x[j] * rstd * w[j];
  return rstd;
}

/// RMS norm backward of one row: dx, and dy * xh added to dw.
inline void rmsNormBackward(const float *x, const float *w, const float *dy,
                            size_t n, double rstd, double *dx, double *dw) {
  double c = 0;
  for (size_t j = 0; j < n; ++j)
    c += double(dy[j]) * w[j] * x[j] * rstd;
  c /= double(n);
  for (size_t j = 0; j < n; ++j) {
    double xh = x[j] * rstd;
    dx[j] = (double(dy[j]) * w[j] - xh * c) * rstd;
    dw[j] += dy[j] * xh;
  }
}

/// The mean and rstd (biased variance) of a row, as the forward stores them.
inline void layerNormStats(const float *x, size_t n, double eps, double &mean,
                           double &rstd) {
  double mu = 0, var = 0;
  for (size_t j = 0; j < n; ++j)
    mu += x[j];
  mu /= double(n);
  for (size_t j = 0; j < n; ++j)
    var += (x[j] - mu) * (x[j] - mu);
  mean = mu;
  rstd = 1.0 / std::sqrt(var / double(n) + eps);
}

/// Layer norm backward of one row: dx, and dy * xh and dy added to dw, db.
inline void layerNormBackward(const float *x, const float *w, const float *dy,
                              size_t n, double mean, double rstd, double *dx,
                              double *dw, double *db) {
  double c1 = 0, c2 = 0;
  for (size_t j = 0; j < n; ++j) {
    double g = double(dy[j]) * w[j];
    c1 += g * (x[j] - mean) * rstd;
    c2 += g;
  }
  c1 /= double(n);
  c2 /= double(n);
  for (size_t j = 0; j < n; ++j) {
    double xh = (x[j] - mean) * rstd, g = double(dy[j]) * w[j];
    dx[j] = (g - (xh * c1 + c2)) * rstd;
    dw[j] += dy[j] * xh;
    db[j] += dy[j];
  }
}

/// Cross-entropy of one row of `v` logits with target `t` (not ignored),
/// label smoothing `s` and scale `inv` (1/n for the mean, 1 for the sum):
/// returns the row's scaled loss and writes the scaled gradient to `grad`.
inline double crossEntropy(const float *x, size_t v, int64_t t, double s,
                           double inv, double *grad) {
  double m = -INFINITY, sum = 0, xsum = 0;
  for (size_t j = 0; j < v; ++j)
    m = std::max(m, double(x[j]));
  for (size_t j = 0; j < v; ++j) {
    sum += std::exp(x[j] - m);
    xsum += x[j];
  }
  double lse = m + std::log(sum);
  for (size_t j = 0; j < v; ++j)
    grad[j] = (std::exp(x[j] - lse) - s / double(v) -
               (int64_t(j) == t ? 1.0 - s : 0.0)) *
              inv;
  return ((1.0 - s) * (lse - x[t]) + s * (lse - xsum / double(v))) * inv;
}

} // namespace tilec::normsref

#endif // TILEC_TEST_GPU_NORMSREFERENCE_H
