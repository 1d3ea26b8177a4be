//===- FakeCudaNorms.cpp - CPU stand-ins of the norm samples ----*- C++ -*-===//
//
// The fake driver's kernels for examples/rmsnorm.py, examples/layernorm_bwd.py
// and examples/cross_entropy.py: the same arguments, grids and outputs, in
// fp32 on the host, so that tilec-gpu-samples-norms' arguments, buffers,
// references and verdicts are tested without a GPU. The lock kernel's GROUP
// is a constexpr, not an argument: it is the one test/GPU/Norms.cmake
// compiles for the cubin's BLOCK_N. $TILEC_FAKE_BUG (FakeCuda.cpp) plants a
// fault in dx and in the cross-entropy gradient.
//
//===----------------------------------------------------------------------===//

#include "FakeCudaNorms.h"

#include <cmath>
#include <cstdlib>
#include <vector>

using namespace tilec::gpuhost;

namespace tilec::fakenorms {
namespace {

float load(CUdeviceptr p, size_t i, DType t) {
  return t == DType::F32 ? reinterpret_cast<float *>(p)[i]
                         : decode16(reinterpret_cast<uint16_t *>(p)[i], t);
}

void store(CUdeviceptr p, size_t i, float v, DType t) {
  if (t == DType::F32)
    reinterpret_cast<float *>(p)[i] = v;
  else
    reinterpret_cast<uint16_t *>(p)[i] = encode16(v, t);
}

template <typename T> T arg(void **args, int i) {
  return *static_cast<T *>(args[i]);
}

std::string getBug() {
  const char *bug = std::getenv("TILEC_FAKE_BUG");
  return bug ? bug : "";
}

/// The planted fault, in row `r` of an output of `n` columns, stride
/// `stride`, on the middle row of `rows`.
void plantBug(CUdeviceptr out, size_t r, size_t rows, size_t n, size_t stride,
              DType t) {
  if (r != rows / 2)
    return;
  std::string bug = getBug();
  if (bug == "skip")
    store(out, r * stride + n / 2, NAN, t);
  else if (bug == "wrong")
    store(out, r * stride + n / 2, 3.0f, t);
  else if (bug == "stray")
    store(out, r * stride + n, 0.0f, t);
}

void rmsNormForward(DType t, unsigned rows, void **args) {
  auto x = arg<CUdeviceptr>(args, 0), y = arg<CUdeviceptr>(args, 1),
       w = arg<CUdeviceptr>(args, 2), rstd = arg<CUdeviceptr>(args, 3);
  size_t stride = arg<int32_t>(args, 4);
  int n = arg<int32_t>(args, 5);
  float eps = arg<float>(args, 6);
  for (size_t r = 0; r < rows; ++r) {
    double sq = 0;
    for (int j = 0; j < n; ++j) {
      float v = load(x, r * stride + j, t);
      sq += v * v;
    }
    float rs = 1.0f / std::sqrt(float(sq / n) + eps);
    store(rstd, r, rs, DType::F32);
    for (int j = 0; j < n; ++j)
      store(y, r * stride + j, load(x, r * stride + j, t) * rs * load(w, j, t),
            t);
  }
}

/// rmsnorm_bwd_kernel (`layer` false) and layernorm_bwd_kernel: the rows of
/// each program, dx, and the program's partial sums.
void normBackward(DType t, unsigned programs, void **args, bool layer) {
  int a = 0;
  auto x = arg<CUdeviceptr>(args, a++), dy = arg<CUdeviceptr>(args, a++),
       dx = arg<CUdeviceptr>(args, a++), w = arg<CUdeviceptr>(args, a++);
  CUdeviceptr mean = layer ? arg<CUdeviceptr>(args, a++) : 0;
  auto rstd = arg<CUdeviceptr>(args, a++), pdw = arg<CUdeviceptr>(args, a++);
  CUdeviceptr pdb = layer ? arg<CUdeviceptr>(args, a++) : 0;
  size_t stride = arg<int32_t>(args, a++);
  int m = arg<int32_t>(args, a++), n = arg<int32_t>(args, a++),
      rpp = arg<int32_t>(args, a++);
  std::vector<float> dw(n), db(n), xh(n), g(n);
  for (unsigned pid = 0; pid < programs; ++pid) {
    std::fill(dw.begin(), dw.end(), 0.0f);
    std::fill(db.begin(), db.end(), 0.0f);
    for (int r = int(pid) * rpp; r < std::min(int(pid + 1) * rpp, m); ++r) {
      float mu = layer ? load(mean, r, DType::F32) : 0.0f,
            rs = load(rstd, r, DType::F32);
      double c1 = 0, c2 = 0;
      for (int j = 0; j < n; ++j) {
        xh[j] = (load(x, r * stride + j, t) - mu) * rs;
        g[j] = load(dy, r * stride + j, t) * load(w, j, t);
        c1 += g[j] * xh[j];
        c2 += g[j];
      }
      float k1 = float(c1 / n), k2 = layer ? float(c2 / n) : 0.0f;
      for (int j = 0; j < n; ++j) {
        store(dx, r * stride + j, (g[j] - (xh[j] * k1 + k2)) * rs, t);
        float d = load(dy, r * stride + j, t);
        dw[j] += d * xh[j];
        db[j] += d;
      }
      plantBug(dx, r, m, n, stride, t);
    }
    for (int j = 0; j < n; ++j) {
      store(pdw, size_t(pid) * n + j, dw[j], DType::F32);
      if (layer)
        store(pdb, size_t(pid) * n + j, db[j], DType::F32);
    }
  }
}

/// layernorm_bwd_lock_kernel: one row a program, its terms added into slot
/// row % GROUP (stored by the first row of a slot, which sets its count).
void layerNormBackwardLock(DType t, int block, unsigned rows, void **args) {
  auto x = arg<CUdeviceptr>(args, 0), dy = arg<CUdeviceptr>(args, 1),
       dx = arg<CUdeviceptr>(args, 2), w = arg<CUdeviceptr>(args, 3),
       mean = arg<CUdeviceptr>(args, 4), rstd = arg<CUdeviceptr>(args, 5),
       pdw = arg<CUdeviceptr>(args, 6), pdb = arg<CUdeviceptr>(args, 7);
  auto *locks = reinterpret_cast<int32_t *>(arg<CUdeviceptr>(args, 8)),
       *counts = reinterpret_cast<int32_t *>(arg<CUdeviceptr>(args, 9));
  size_t stride = arg<int32_t>(args, 10);
  int n = arg<int32_t>(args, 11);
  unsigned group = block > 4096 ? 64 : block > 1024 ? 128 : 256;
  std::vector<float> xh(n), g(n);
  for (unsigned r = 0; r < rows; ++r) {
    float mu = load(mean, r, DType::F32), rs = load(rstd, r, DType::F32);
    double c1 = 0, c2 = 0;
    for (int j = 0; j < n; ++j) {
      xh[j] = (load(x, r * stride + j, t) - mu) * rs;
      g[j] = load(dy, r * stride + j, t) * load(w, j, t);
      c1 += g[j] * xh[j];
      c2 += g[j];
    }
    float k1 = float(c1 / n), k2 = float(c2 / n);
    unsigned slot = r % group;
    // A lock left taken would hang the kernel on a GPU.
    if (locks[slot] != 0)
      std::abort();
    bool first = counts[slot] == 0;
    counts[slot] = 1;
    for (int j = 0; j < n; ++j) {
      store(dx, r * stride + j, (g[j] - (xh[j] * k1 + k2)) * rs, t);
      float d = load(dy, r * stride + j, t);
      size_t k = size_t(slot) * n + j;
      store(pdw, k, d * xh[j] + (first ? 0.0f : load(pdw, k, DType::F32)),
            DType::F32);
      store(pdb, k, d + (first ? 0.0f : load(pdb, k, DType::F32)),
            DType::F32);
    }
    plantBug(dx, r, rows, n, stride, t);
  }
}

/// rmsnorm_bwd_dw_kernel (`layer` false) and layernorm_bwd_dwdb_kernel:
/// column sums of the partial rows.
void sumPartials(DType t, void **args, bool layer) {
  int a = 0;
  auto pdw = arg<CUdeviceptr>(args, a++);
  CUdeviceptr pdb = layer ? arg<CUdeviceptr>(args, a++) : 0;
  auto dw = arg<CUdeviceptr>(args, a++);
  CUdeviceptr db = layer ? arg<CUdeviceptr>(args, a++) : 0;
  int p = arg<int32_t>(args, a++), n = arg<int32_t>(args, a++);
  for (int j = 0; j < n; ++j) {
    float sw = 0, sb = 0;
    for (int r = 0; r < p; ++r) {
      sw += load(pdw, size_t(r) * n + j, DType::F32);
      if (layer)
        sb += load(pdb, size_t(r) * n + j, DType::F32);
    }
    store(dw, j, sw, t);
    if (layer)
      store(db, j, sb, t);
  }
}

void crossEntropy(DType t, unsigned rows, void **args) {
  auto logits = arg<CUdeviceptr>(args, 0);
  size_t stride = arg<int32_t>(args, 1);
  auto *targets = reinterpret_cast<int64_t *>(arg<CUdeviceptr>(args, 2));
  auto loss = arg<CUdeviceptr>(args, 3);
  int v = arg<int32_t>(args, 4), ignore = arg<int32_t>(args, 5);
  float s = arg<float>(args, 6), inv = arg<float>(args, 7);
  for (size_t r = 0; r < rows; ++r) {
    CUdeviceptr row = logits + r * stride * getBytes(t);
    int64_t target = targets[r];
    if (target == ignore) {
      for (int j = 0; j < v; ++j)
        store(row, j, 0.0f, t);
      store(loss, r, 0.0f, DType::F32);
      continue;
    }
    float m = -INFINITY;
    for (int j = 0; j < v; ++j)
      m = std::max(m, load(row, j, t));
    double sum = 0, xsum = 0;
    for (int j = 0; j < v; ++j) {
      sum += std::exp(load(row, j, t) - m);
      xsum += load(row, j, t);
    }
    float lse = m + float(std::log(sum)), xt = load(row, target, t);
    store(loss, r,
          ((1 - s) * (lse - xt) + s * lse - s / v * float(xsum)) * inv,
          DType::F32);
    for (int j = 0; j < v; ++j)
      store(row, j,
            (std::exp(load(row, j, t) - lse) - s / v -
             (j == target ? 1 - s : 0.0f)) *
                inv,
            t);
    plantBug(logits, r, rows, v, stride, t);
  }
}

} // namespace

bool isNormsKernel(const std::string &kernel) {
  return kernel == "rmsnorm_fwd_kernel" || kernel == "rmsnorm_bwd_kernel" ||
         kernel == "rmsnorm_bwd_dw_kernel" ||
         kernel == "layernorm_bwd_kernel" ||
         kernel == "layernorm_bwd_lock_kernel" ||
         kernel == "layernorm_bwd_dwdb_kernel" ||
         kernel == "cross_entropy_kernel";
}

void runNormsKernel(const std::string &kernel, DType t, int block,
                    unsigned programs, void **args) {
  if (kernel == "rmsnorm_fwd_kernel")
    rmsNormForward(t, programs, args);
  else if (kernel == "rmsnorm_bwd_kernel")
    normBackward(t, programs, args, false);
  else if (kernel == "layernorm_bwd_kernel")
    normBackward(t, programs, args, true);
  else if (kernel == "layernorm_bwd_lock_kernel")
    layerNormBackwardLock(t, block, programs, args);
  else if (kernel == "rmsnorm_bwd_dw_kernel")
    sumPartials(t, args, false);
  else if (kernel == "layernorm_bwd_dwdb_kernel")
    sumPartials(t, args, true);
  else if (kernel == "cross_entropy_kernel")
    crossEntropy(t, programs, args);
}

} // namespace tilec::fakenorms
