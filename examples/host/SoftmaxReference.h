//===- SoftmaxReference.h - float64 softmax check for the host examples ---===//
//
// The check both softmax host examples (JIT and AOT launcher) run on what the
// GPU wrote: a float64 softmax of each input row, compared with the output
// by relative L2 error over the whole tensor, counting non-finite outputs
// (the outputs start as NaN, so an unwritten element shows).
//
//===----------------------------------------------------------------------===//

#ifndef TILEC_EXAMPLES_HOST_SOFTMAXREFERENCE_H
#define TILEC_EXAMPLES_HOST_SOFTMAXREFERENCE_H

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <vector>

namespace tilec::examples {

/// What the check found.
struct SoftmaxCheck {
  double relErr = 0;
  size_t nonFinite = 0;
};

/// Compares `out` (`rows` x `cols`, dense) with the float64 softmax of each
/// row of `in` (`rows` rows of `stride` floats, the first `cols` used).
inline SoftmaxCheck checkSoftmax(const std::vector<float> &in,
                                 const std::vector<float> &out, int rows,
                                 int cols, int stride) {
  double errSq = 0, refSq = 0;
  SoftmaxCheck check;
  for (int r = 0; r < rows; ++r) {
    const float *x = &in[size_t(r) * stride];
    double m = -INFINITY, sum = 0;
    for (int c = 0; c < cols; ++c)
      m = std::max(m, double(x[c]));
    for (int c = 0; c < cols; ++c)
      sum += std::exp(double(x[c]) - m);
    for (int c = 0; c < cols; ++c) {
      double ref = std::exp(double(x[c]) - m) / sum;
      double got = out[size_t(r) * cols + c];
      check.nonFinite += !std::isfinite(got);
      errSq += (got - ref) * (got - ref);
      refSq += ref * ref;
    }
  }
  check.relErr = std::sqrt(errSq / refSq);
  return check;
}

} // namespace tilec::examples

#endif // TILEC_EXAMPLES_HOST_SOFTMAXREFERENCE_H
