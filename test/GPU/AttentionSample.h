//===- AttentionSample.h - attention forward and backward -------*- C++ -*-===//
//
// The float64 references of examples/attention.py's kernels (the forward
// attn_fwd_kernel with its log-sum-exp, and the backward attn_bwd_preprocess,
// attn_bwd_dkdv and attn_bwd_dq), shared by tilec-gpu-samples (the
// references its outputs are judged against) and the fake driver of its host
// tests (FakeCuda.cpp, which computes the kernels' outputs with them), one
// (batch, head) slice at a time on host values laid out as the sample's
// contiguous [Z, H, N_CTX, HEAD_DIM] tensors; and the sample's cases,
// templates over samples.cpp's harness so that this header needs nothing of
// it.
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
/// sees keys 0..i. `lse`, unless null, gets each row's log-sum-exp of its
/// scaled scores (natural log, as attn_fwd_kernel stores it).
template <typename In>
void attentionReference(const In *q, const In *k, const In *v, double *out,
                        double *lse, int n, int d, bool causal, double scale) {
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
    if (lse)
      lse[i] = m + std::log(l);
    double *o = out + size_t(i) * d;
    std::fill(o, o + d, 0.0);
    for (int j = 0; j < keys; ++j)
      for (int c = 0; c < d; ++c)
        o[c] += s[j] / l * double(v[size_t(j) * d + c]);
  }
}

/// The gradients of attention for one head, laid out as attentionReference's
/// operands: given dO (`dout`), P = softmax(Q Kᵀ * scale [+ causal mask])
/// recomputed in float64, dV = Pᵀ dO, dP = dO Vᵀ, dS = P ∘ (dP − δ) with
/// δ = rowsum(dO ∘ O) and O = P V (all exact, in float64), dQ = dS K * scale
/// and dK = dSᵀ Q * scale. `delta`, unless null, gets δ.
template <typename In>
void attentionBackwardReference(const In *q, const In *k, const In *v,
                                const In *dout, double *dq, double *dk,
                                double *dv, double *delta, int n, int d,
                                bool causal, double scale) {
  size_t nn = size_t(n), dd = size_t(d);
  std::vector<double> p(nn * nn, 0.0), o(dd);
  std::vector<double> lse(nn);
  std::fill(dq, dq + nn * dd, 0.0);
  std::fill(dk, dk + nn * dd, 0.0);
  std::fill(dv, dv + nn * dd, 0.0);
  for (size_t i = 0; i < nn; ++i) {
    size_t keys = causal ? i + 1 : nn;
    double *row = p.data() + i * nn;
    double m = -std::numeric_limits<double>::infinity();
    for (size_t j = 0; j < keys; ++j) {
      double dot = 0;
      for (size_t c = 0; c < dd; ++c)
        dot += double(q[i * dd + c]) * double(k[j * dd + c]);
      row[j] = dot * scale;
      m = std::max(m, row[j]);
    }
    double l = 0;
    for (size_t j = 0; j < keys; ++j)
      l += row[j] = std::exp(row[j] - m);
    for (size_t j = 0; j < keys; ++j)
      row[j] /= l;
    // O's row, then δ_i = dO_i · O_i; dV += P_iᵀ dO_i.
    std::fill(o.begin(), o.end(), 0.0);
    for (size_t j = 0; j < keys; ++j)
      for (size_t c = 0; c < dd; ++c)
        o[c] += row[j] * double(v[j * dd + c]);
    double di = 0;
    for (size_t c = 0; c < dd; ++c)
      di += double(dout[i * dd + c]) * o[c];
    if (delta)
      delta[i] = di;
    for (size_t j = 0; j < keys; ++j) {
      // dS_ij = P_ij (dO_i · V_j − δ_i).
      double dp = 0;
      for (size_t c = 0; c < dd; ++c) {
        dv[j * dd + c] += row[j] * double(dout[i * dd + c]);
        dp += double(dout[i * dd + c]) * double(v[j * dd + c]);
      }
      double ds = row[j] * (dp - di) * scale;
      for (size_t c = 0; c < dd; ++c) {
        dq[i * dd + c] += ds * double(k[j * dd + c]);
        dk[j * dd + c] += ds * double(q[i * dd + c]);
      }
    }
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

/// The bound of the forward's log-sum-exp (fp32, stored as fp32): the
/// scores are exact products of 16-bit inputs summed in fp32 (|s| ≲ √d
/// · scale ≈ 1), exp2/log2 run at about 2^-22, so each LSE (≈ log N_CTX,
/// a few units) is off by some 1e-6 whatever the type; 1e-4 of
/// |LSE| + rms leaves a wide margin and catches any wrong row (a key
/// missed or added moves a row's LSE by far more).
inline constexpr double kAttentionLseBound = 1e-4;

/// The bound of attn_bwd_preprocess's δ = rowsum(dO ∘ O): products of two
/// 16-bit values are exact in fp32, so only the fp32 sum of d terms rounds:
/// at worst d · 2^-24 times the sum of |terms|, itself about √d times δ's
/// rms, 1e-4 for d = 128 (in practice √d · 2^-24, 1e-6).
inline constexpr double kAttentionDeltaBound = 1e-3;

/// The bound of the backward's gradients. dV = Pᵀ dO is the forward's
/// error budget again (P rounded to the type, fp32 sums, the result rounded
/// to the type). dK and dQ add dS = P ∘ (dP − δ), rounded to the type
/// before its dot; its rows sum to zero (Σ_j P_ij dP_ij = δ_i), so dS K
/// and dSᵀ Q cancel heavily and the rounding of dS weighs more relative to
/// the result: a numpy model of the kernels' exact block order (fp16 P and
/// dS, fp32 sums) gave up to 7u (3.6e-3) on causal heads, whose first rows
/// see a few keys each, and 2u without the mask. The bounds, 2e-2 (fp16,
/// 41u) and 1e-1 (bf16, 26u), leave at least 3.5 times that, while a
/// missed or extra key block, or a wrong row of δ or LSE, moves whole rows
/// by O(1).
inline double getAttentionBackwardBound(DType t) {
  return t == DType::BF16 ? 1e-1 : 2e-2;
}

/// The backward kernels' blocks and warps as test/GPU/CMakeLists.txt
/// compiles them (examples/attention.py's TILEC_SIGNATURES entries):
/// attn_bwd_preprocess BLOCK_M 64, attn_bwd_dkdv BLOCK_M 32 x BLOCK_N 64,
/// attn_bwd_dq BLOCK_M 64 x BLOCK_N 32, all on 4 warps.
inline constexpr int kAttnBwdPreBlockM = 64, kAttnBwdDkdvBlockN = 64,
                     kAttnBwdDqBlockM = 64, kAttnBwdWarps = 4;

/// examples/attention.py's attn_fwd_kernel (BLOCK_M 128, BLOCK_N 64, 8
/// warps; the cubin `attn_fwd_kernel.DTYPE.dD.cC.w8.cubin`) on `z` x `heads`
/// heads of `n` tokens of head dim `d`: Q, K, V uniform in [-1, 1) in type
/// `t`, the output and the fp32 log-sum-exp poisoned, each followed by 128
/// poisoned rows (entries for LSE) that must stay so, judged per head
/// against attentionReference. `Harness` is samples.cpp's (device, cubin
/// directory, random numbers, verdict).
template <typename Harness, typename LoadKernel>
llvm::Error runAttention(Harness &h, LoadKernel loadSampleKernel, DType t,
                         int d, bool causal, int z, int heads, int n) {
  std::string file = llvm::formatv("attn_fwd_kernel.{0}.d{1}.c{2}.w8.cubin",
                                   getName(t), d, causal ? 1 : 0);
  auto kernel = loadSampleKernel(h, file, "attn_fwd_kernel");
  if (!kernel)
    return kernel.takeError();
  size_t elems = size_t(z) * heads * n * d, spare = size_t(128) * d;
  size_t rows = size_t(z) * heads * n, spareRows = 128;
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
  auto blse = allocPoisoned(h.device, rows + spareRows, DType::F32);
  if (!blse)
    return blse.takeError();
  CUdeviceptr pq = bq->getDevicePtr(), pk = bk->getDevicePtr(),
              pv = bv->getDevicePtr(), po = bo->getDevicePtr(),
              plse = blse->getDevicePtr();
  float scale = float(1.0 / std::sqrt(double(d)));
  // Contiguous [Z, H, N_CTX, D]: the same strides for all four tensors.
  int32_t sz = int32_t(size_t(heads) * n * d), sh = n * d, sm = d, sk = 1;
  int32_t hh = heads, nn = n;
  void *args[] = {&pq, &pk, &pv, &po, &plse, &scale, &sz, &sh,
                  &sm, &sk, &sz, &sh, &sm,   &sk,    &sz, &sh,
                  &sm, &sk, &sz, &sh, &sm,   &sk,    &hh, &nn};
  runtime::Dim3 grid(unsigned((n + 127) / 128), unsigned(z * heads));
  if (llvm::Error e = kernel->first.launch(grid, runtime::Dim3(256),
                                           kernel->second, nullptr, args))
    return e;
  if (llvm::Error e = h.device.synchronize())
    return e;
  auto out = download(*bo, elems + spare, t);
  if (!out)
    return out.takeError();
  auto lse = download(*blse, rows + spareRows, DType::F32);
  if (!lse)
    return lse.takeError();
  ErrorMeter meter, lseMeter;
  std::vector<double> ref(size_t(n) * d), refLse(n);
  size_t slice = size_t(n) * d;
  for (size_t s = 0; s < size_t(z) * heads; ++s) {
    attentionReference(q.data() + s * slice, k.data() + s * slice,
                       v.data() + s * slice, ref.data(), refLse.data(), n, d,
                       causal, double(scale));
    meter.add(out->data() + s * slice, ref.data(), slice);
    lseMeter.add(lse->data() + s * n, refLse.data(), size_t(n));
  }
  h.verdict(llvm::formatv("attn_fwd_kernel {0} D={1} causal={2} Z={3} H={4} "
                          "N_CTX={5}",
                          getName(t), d, causal ? 1 : 0, z, heads, n),
            {{"", meter.get(), getAttentionBound(t)},
             {"lse", lseMeter.get(), kAttentionLseBound}},
            countStrayWrites(*out, 1, elems, elems + spare) +
                countStrayWrites(*lse, 1, rows, rows + spareRows));
  return llvm::Error::success();
}

/// The backward of examples/attention.py on `z` x `heads` heads of `n`
/// tokens of head dim `d`, in type `t`: Q, K, V and dO uniform in [-1, 1),
/// O (rounded to `t`) and the fp32 LSE from attentionReference on the host,
/// so that the backward is judged on its own; then attn_bwd_preprocess
/// (into δ, fp32), attn_bwd_dkdv (dK, dV) and attn_bwd_dq (dQ) launched in
/// that order on one stream (cubins `attn_bwd_preprocess.DTYPE.dD.w4`,
/// `attn_bwd_dkdv.DTYPE.dD.cC.w4`, `attn_bwd_dq.DTYPE.dD.cC.w4`), every
/// output poisoned and followed by 128 poisoned rows that must stay so,
/// judged per head against attentionBackwardReference (δ against the
/// float64 rowsum(dO ∘ O) of the O the kernel was given).
template <typename Harness, typename LoadKernel>
llvm::Error runAttentionBackward(Harness &h, LoadKernel loadSampleKernel,
                                 DType t, int d, bool causal, int z, int heads,
                                 int n) {
  int c = causal ? 1 : 0;
  auto pre = loadSampleKernel(
      h, llvm::formatv("attn_bwd_preprocess.{0}.d{1}.w4.cubin", getName(t), d),
      "attn_bwd_preprocess");
  if (!pre)
    return pre.takeError();
  auto dkdv = loadSampleKernel(
      h,
      llvm::formatv("attn_bwd_dkdv.{0}.d{1}.c{2}.w4.cubin", getName(t), d, c),
      "attn_bwd_dkdv");
  if (!dkdv)
    return dkdv.takeError();
  auto dqk = loadSampleKernel(
      h, llvm::formatv("attn_bwd_dq.{0}.d{1}.c{2}.w4.cubin", getName(t), d, c),
      "attn_bwd_dq");
  if (!dqk)
    return dqk.takeError();

  size_t heads2 = size_t(z) * heads, slice = size_t(n) * d;
  size_t elems = heads2 * slice, spare = size_t(128) * d;
  size_t rows = heads2 * n, spareRows = 128;
  std::vector<float> q = h.rng.uniform(elems, -1, 1, t),
                     k = h.rng.uniform(elems, -1, 1, t),
                     v = h.rng.uniform(elems, -1, 1, t),
                     dout = h.rng.uniform(elems, -1, 1, t);
  float scale = float(1.0 / std::sqrt(double(d)));
  // The forward's outputs, as the kernel would have stored them.
  std::vector<float> o(elems), lse(rows);
  {
    std::vector<double> ro(slice), rl(n);
    for (size_t s = 0; s < heads2; ++s) {
      attentionReference(q.data() + s * slice, k.data() + s * slice,
                         v.data() + s * slice, ro.data(), rl.data(), n, d,
                         causal, double(scale));
      for (size_t i = 0; i < slice; ++i)
        o[s * slice + i] = round(float(ro[i]), t);
      for (int i = 0; i < n; ++i)
        lse[s * n + i] = float(rl[i]);
    }
  }
  std::vector<DeviceBuffer> inputs;
  for (const std::vector<float> *host : {&q, &k, &v, &dout, &o}) {
    auto b = upload(h.device, *host, t);
    if (!b)
      return b.takeError();
    inputs.push_back(std::move(*b));
  }
  auto blse = upload(h.device, lse, DType::F32);
  if (!blse)
    return blse.takeError();
  auto bdelta = allocPoisoned(h.device, rows + spareRows, DType::F32);
  if (!bdelta)
    return bdelta.takeError();
  std::vector<DeviceBuffer> grads;
  for (int i = 0; i < 3; ++i) {
    auto b = allocPoisoned(h.device, elems + spare, t);
    if (!b)
      return b.takeError();
    grads.push_back(std::move(*b));
  }
  CUdeviceptr pq = inputs[0].getDevicePtr(), pk = inputs[1].getDevicePtr(),
              pv = inputs[2].getDevicePtr(), pdo = inputs[3].getDevicePtr(),
              po = inputs[4].getDevicePtr(), plse = blse->getDevicePtr(),
              pdelta = bdelta->getDevicePtr(), pdq = grads[0].getDevicePtr(),
              pdk = grads[1].getDevicePtr(), pdv = grads[2].getDevicePtr();
  // Contiguous [Z, H, N_CTX, D]: one set of strides for every tensor.
  int32_t sz = int32_t(size_t(heads) * n * d), sh = n * d, sm = d, sk = 1;
  int32_t hh = heads, nn = n;
  runtime::Dim3 threads(32 * kAttnBwdWarps);
  auto programs = [&](int block) {
    return runtime::Dim3(unsigned((n + block - 1) / block), unsigned(heads2));
  };
  void *preArgs[] = {&po, &pdo, &pdelta, &sz, &sh, &sm, &sk, &hh, &nn};
  if (llvm::Error e = pre->first.launch(programs(kAttnBwdPreBlockM), threads,
                                        pre->second, nullptr, preArgs))
    return e;
  void *dkdvArgs[] = {&pq,    &pk, &pv, &pdo, &pdk, &pdv, &plse, &pdelta,
                      &scale, &sz, &sh, &sm,  &sk,  &hh,  &nn};
  if (llvm::Error e = dkdv->first.launch(programs(kAttnBwdDkdvBlockN), threads,
                                         dkdv->second, nullptr, dkdvArgs))
    return e;
  void *dqArgs[] = {&pq,    &pk, &pv, &pdo, &pdq, &plse, &pdelta,
                    &scale, &sz, &sh, &sm,  &sk,  &hh,   &nn};
  if (llvm::Error e = dqk->first.launch(programs(kAttnBwdDqBlockM), threads,
                                        dqk->second, nullptr, dqArgs))
    return e;
  if (llvm::Error e = h.device.synchronize())
    return e;

  auto delta = download(*bdelta, rows + spareRows, DType::F32);
  if (!delta)
    return delta.takeError();
  std::vector<std::vector<float>> got;
  for (const DeviceBuffer &b : grads) {
    auto g = download(b, elems + spare, t);
    if (!g)
      return g.takeError();
    got.push_back(std::move(*g));
  }
  ErrorMeter meters[3], deltaMeter;
  std::vector<double> ref[3] = {std::vector<double>(slice),
                                std::vector<double>(slice),
                                std::vector<double>(slice)};
  std::vector<double> refDelta(n);
  for (size_t s = 0; s < heads2; ++s) {
    attentionBackwardReference(q.data() + s * slice, k.data() + s * slice,
                               v.data() + s * slice, dout.data() + s * slice,
                               ref[0].data(), ref[1].data(), ref[2].data(),
                               nullptr, n, d, causal, double(scale));
    for (int i = 0; i < 3; ++i)
      meters[i].add(got[i].data() + s * slice, ref[i].data(), slice);
    // δ of the O the kernel read: rowsum(dO ∘ O) in float64.
    for (int i = 0; i < n; ++i) {
      double sum = 0;
      for (int col = 0; col < d; ++col) {
        size_t at = s * slice + size_t(i) * d + col;
        sum += double(dout[at]) * double(o[at]);
      }
      refDelta[i] = sum;
    }
    deltaMeter.add(delta->data() + s * n, refDelta.data(), size_t(n));
  }
  size_t stray = countStrayWrites(*delta, 1, rows, rows + spareRows);
  for (const std::vector<float> &g : got)
    stray += countStrayWrites(g, 1, elems, elems + spare);
  double bound = getAttentionBackwardBound(t);
  h.verdict(llvm::formatv("attention backward {0} D={1} causal={2} Z={3} "
                          "H={4} N_CTX={5}",
                          getName(t), d, c, z, heads, n),
            {{"dQ", meters[0].get(), bound},
             {"dK", meters[1].get(), bound},
             {"dV", meters[2].get(), bound},
             {"delta", deltaMeter.get(), kAttentionDeltaBound}},
            stray);
  return llvm::Error::success();
}

} // namespace tilec::gpuhost

#endif // TILEC_TEST_GPU_ATTENTIONSAMPLE_H
