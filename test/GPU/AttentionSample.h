//===- AttentionSample.h - attention forward on the host ---------*- C++
//-*-===//
//
// The float64 reference of examples/attention.py's attn_fwd_kernel, shared
// by tilec-gpu-samples (the reference its outputs are judged against) and
// the fake driver of its host tests (FakeCuda.cpp, which computes the
// kernel's output with it), one (batch, head) slice at a time on host values
// laid out as the sample's contiguous [Z, H, N_CTX, HEAD_DIM] tensors; and
// the sample's case, a template over samples.cpp's harness so that this
// header needs nothing of it.
//
//===----------------------------------------------------------------------===//

#ifndef TILEC_TEST_GPU_ATTENTIONSAMPLE_H
#define TILEC_TEST_GPU_ATTENTIONSAMPLE_H

#include "GpuHost.h"

#include "llvm/Support/FormatVariadic.h"

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <limits>
#include <vector>

namespace tilec::gpuhost {

/// softmax(Q Kᵀ * scale [+ causal mask]) V for one head: `q`, `k`, `v` and
/// `out` point at its `n` x `d` rows (row-major). When `causal`, query i
/// sees keys 0..i.
template <typename In>
void attentionReference(const In *q, const In *k, const In *v, double *out,
                        int n, int d, bool causal, double scale) {
  std::vector<double> s(static_cast<size_t>(n));
  for (int i = 0; i < n; ++i) {
    int keys = causal ? i + 1 : n;
    double m = -std::numeric_limits<double>::infinity();
    for (int j = 0; j < keys; ++j) {
      double dot = 0;
      for (int c = 0; c < d; ++c)
        dot += double(q[size_t(i) * d + c]) * double(k[size_t(j) * d + c]);
      s[j] = dot * scale;
      m = std::max(m, s[j]);
    }
    double l = 0;
    for (int j = 0; j < keys; ++j) {
      s[j] = std::exp(s[j] - m);
      l += s[j];
    }
    double *o = out + size_t(i) * d;
    std::fill(o, o + d, 0.0);
    for (int j = 0; j < keys; ++j)
      for (int c = 0; c < d; ++c)
        o[c] += s[j] / l * double(v[size_t(j) * d + c]);
  }
}

/// The bound of the attention samples' ErrorMeter. P is rounded to the
/// operands' type (unit roundoff u: 2^-11 fp16, 2^-8 bf16) before P·V while
/// the row sums l use it unrounded, so each output element is off by about
/// u times a weighted average of |V| (V in [-1, 1)): relative to the
/// output's rms, a few u for the worst of the elements.
inline double getAttentionBound(DType t) {
  return t == DType::BF16 ? 5e-2 : 1e-2;
}

/// examples/attention.py's attn_fwd_kernel (BLOCK_M 128, BLOCK_N 64, 8
/// warps; the cubin `attn_fwd_kernel.DTYPE.dD.cC.w8.cubin`) on `z` x `heads`
/// heads of `n` tokens of head dim `d`: Q, K, V uniform in [-1, 1) in type
/// `t`, the output poisoned and followed by 128 poisoned rows that must
/// stay so, judged per head against attentionReference. `Harness` is
/// samples.cpp's (device, cubin directory, random numbers, verdict).
template <typename Harness, typename LoadKernel>
llvm::Error runAttention(Harness &h, LoadKernel loadSampleKernel, DType t,
                         int d, bool causal, int z, int heads, int n) {
  std::string file = llvm::formatv("attn_fwd_kernel.{0}.d{1}.c{2}.w8.cubin",
                                   getName(t), d, causal ? 1 : 0);
  auto kernel = loadSampleKernel(h, file, "attn_fwd_kernel");
  if (!kernel)
    return kernel.takeError();
  size_t elems = size_t(z) * heads * n * d, spare = size_t(128) * d;
  std::vector<float> q = h.rng.uniform(elems, -1, 1, t),
                     k = h.rng.uniform(elems, -1, 1, t),
                     v = h.rng.uniform(elems, -1, 1, t);
  auto bq = upload(h.device, q, t);
  if (!bq)
    return bq.takeError();
  auto bk = upload(h.device, k, t);
  if (!bk)
    return bk.takeError();
  auto bv = upload(h.device, v, t);
  if (!bv)
    return bv.takeError();
  auto bo = allocPoisoned(h.device, elems + spare, t);
  if (!bo)
    return bo.takeError();
  CUdeviceptr pq = bq->getDevicePtr(), pk = bk->getDevicePtr(),
              pv = bv->getDevicePtr(), po = bo->getDevicePtr();
  float scale = float(1.0 / std::sqrt(double(d)));
  // Contiguous [Z, H, N_CTX, D]: the same strides for all four tensors.
  int32_t sz = int32_t(size_t(heads) * n * d), sh = n * d, sm = d, sk = 1;
  int32_t hh = heads, nn = n;
  void *args[] = {&pq, &pk, &pv, &po, &scale, &sz, &sh, &sm, &sk, &sz, &sh, &sm,
                  &sk, &sz, &sh, &sm, &sk,    &sz, &sh, &sm, &sk, &hh, &nn};
  runtime::Dim3 grid(unsigned((n + 127) / 128), unsigned(z * heads));
  if (llvm::Error e = kernel->first.launch(grid, runtime::Dim3(256),
                                           kernel->second, nullptr, args))
    return e;
  if (llvm::Error e = h.device.synchronize())
    return e;
  auto out = download(*bo, elems + spare, t);
  if (!out)
    return out.takeError();
  ErrorMeter meter;
  std::vector<double> ref(size_t(n) * d);
  size_t slice = size_t(n) * d;
  for (size_t s = 0; s < size_t(z) * heads; ++s) {
    attentionReference(q.data() + s * slice, k.data() + s * slice,
                       v.data() + s * slice, ref.data(), n, d, causal,
                       double(scale));
    meter.add(out->data() + s * slice, ref.data(), slice);
  }
  h.verdict(llvm::formatv("attn_fwd_kernel {0} D={1} causal={2} Z={3} H={4} "
                          "N_CTX={5}",
                          getName(t), d, causal ? 1 : 0, z, heads, n),
            {{"", meter.get(), getAttentionBound(t)}},
            countStrayWrites(*out, 1, elems, elems + spare));
  return llvm::Error::success();
}

} // namespace tilec::gpuhost

#endif // TILEC_TEST_GPU_ATTENTIONSAMPLE_H
