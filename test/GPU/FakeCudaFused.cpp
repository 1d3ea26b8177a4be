//===- FakeCudaFused.cpp - CPU stand-ins of the fused samples ---*- C++ -*-===//
//
// Part of libtilec-fake-cuda.so (FakeCuda.cpp): plain CPU versions of
// examples/dropout.py, examples/adamw.py and examples/w4a16.py, run by the
// fake cuLaunchKernel when a cubin of theirs was loaded, so that
// tilec-gpu-samples-fused's host side (arguments, pointer tables, buffers,
// guards, references, verdicts) is tested where there is no GPU. They
// compute in fp32 as the kernels do; the dropout mask is the host Philox of
// FusedReference.h. $TILEC_FAKE_BUG plants the faults FakeCuda.cpp
// describes (stray, skip, wrong), which the program's checks must catch.
//
//===----------------------------------------------------------------------===//

#include "FakeCudaFused.h"

#include "FusedReference.h"

#include <algorithm>
#include <cstdlib>
#include <cstring>
#include <string>

using namespace tilec::gpuhost;
using namespace tilec::examples;

namespace {

std::string getFusedBug() {
  const char *bug = std::getenv("TILEC_FAKE_BUG");
  return bug ? bug : "";
}

template <typename T> T arg(void **args, int i) {
  return *static_cast<T *>(args[i]);
}

float loadAs(CUdeviceptr p, size_t i, DType t) {
  return t == DType::F32 ? reinterpret_cast<float *>(p)[i]
                         : decode16(reinterpret_cast<uint16_t *>(p)[i], t);
}

void storeAs(CUdeviceptr p, size_t i, float v, DType t) {
  if (t == DType::F32)
    reinterpret_cast<float *>(p)[i] = v;
  else
    reinterpret_cast<uint16_t *>(p)[i] = encode16(v, t);
}

/// dropout_fwd_kernel / dropout_bwd_kernel (X, Y, n, threshold, scale,
/// seed).
void dropout(DType t, int block, unsigned programs, void **args) {
  auto x = arg<CUdeviceptr>(args, 0), y = arg<CUdeviceptr>(args, 1);
  int32_t n = arg<int32_t>(args, 2), threshold = arg<int32_t>(args, 3);
  float scale = arg<float>(args, 4);
  uint32_t seed = uint32_t(arg<int32_t>(args, 5));
  size_t end = std::min(size_t(n), size_t(programs) * block);
  std::vector<uint8_t> keep = dropoutKeepMask(seed, end, block, threshold);
  std::string bug = getFusedBug();
  for (size_t i = 0; i < end; ++i) {
    if (bug == "skip" && i == 0)
      continue;
    float v = keep[i] ? loadAs(x, i, t) * scale : 0.0f;
    if (bug == "wrong" && i == end / 2)
      v = keep[i] ? 0.0f : 1.0f;
    storeAs(y, i, v, t);
  }
  if (bug == "stray")
    storeAs(y, end, 0.0f, t);
}

/// adamw_kernel (table, numel, block_tensor, block_chunk, lr, beta1, beta2,
/// eps, weight_decay, step), CHUNK 16384.
void adamw(unsigned programs, void **args) {
  constexpr int64_t chunk = 16384;
  auto *table = reinterpret_cast<const int64_t *>(arg<CUdeviceptr>(args, 0));
  auto *numel = reinterpret_cast<const int64_t *>(arg<CUdeviceptr>(args, 1));
  auto *blockTensor =
      reinterpret_cast<const int32_t *>(arg<CUdeviceptr>(args, 2));
  auto *blockChunk =
      reinterpret_cast<const int32_t *>(arg<CUdeviceptr>(args, 3));
  float lr = arg<float>(args, 4), b1 = arg<float>(args, 5),
        b2 = arg<float>(args, 6), eps = arg<float>(args, 7),
        wd = arg<float>(args, 8);
  int32_t step = arg<int32_t>(args, 9);
  float bc1 = 1.0f - std::pow(b1, float(step)),
        bc2 = 1.0f - std::pow(b2, float(step));
  std::string bug = getFusedBug();
  for (unsigned pid = 0; pid < programs; ++pid) {
    int32_t t = blockTensor[pid];
    int64_t n = numel[t], start = blockChunk[pid] * chunk;
    const int64_t *row = table + 5 * t;
    auto master = CUdeviceptr(row[0]), param = CUdeviceptr(row[1]),
         grad = CUdeviceptr(row[2]), m = CUdeviceptr(row[3]),
         v = CUdeviceptr(row[4]);
    for (int64_t i = start; i < std::min(n, start + chunk); ++i) {
      float p = loadAs(master, i, DType::F32),
            g = loadAs(grad, i, DType::BF16), mi = loadAs(m, i, DType::F32),
            vi = loadAs(v, i, DType::F32);
      p -= lr * wd * p;
      mi = b1 * mi + (1 - b1) * g;
      vi = b2 * vi + (1 - b2) * g * g;
      p -= lr / bc1 * (mi / (std::sqrt(vi) / std::sqrt(bc2) + eps));
      if (bug == "wrong" && t == 0 && i == 0)
        p += 1.0f;
      storeAs(master, i, p, DType::F32);
      if (!(bug == "skip" && t == 0 && i == 0))
        storeAs(param, i, p, DType::BF16);
      storeAs(m, i, mi, DType::F32);
      storeAs(v, i, vi, DType::F32);
    }
    if (bug == "stray" && start + chunk >= n)
      storeAs(param, n, 0.0f, DType::BF16);
  }
}

/// w4a16_gemv_kernel (x, qweight, scales, zeros, y, K, N) and
/// w4a16_gemm_kernel (x, qweight, scales, zeros, y, M, K, N): BLOCK_N
/// `blockN`, SPLIT_K the grid's y, GROUP 128; split-K adds into y.
void w4a16(bool gemv, int blockN, Dim3Fake grid, void **args) {
  auto x = arg<CUdeviceptr>(args, 0), y = arg<CUdeviceptr>(args, 4);
  auto *qw = reinterpret_cast<const int32_t *>(arg<CUdeviceptr>(args, 1));
  auto s = arg<CUdeviceptr>(args, 2), z = arg<CUdeviceptr>(args, 3);
  int M = gemv ? 1 : arg<int32_t>(args, 5);
  int K = arg<int32_t>(args, gemv ? 5 : 6), N = arg<int32_t>(args, gemv ? 6 : 7);
  int rowsLaunched = gemv ? 1 : int(grid.z) * 16;
  int split = int(grid.y), cols = std::min(N, int(grid.x) * blockN);
  int perSplit = K / split;
  std::string bug = getFusedBug();
  std::vector<float> w(static_cast<size_t>(K));
  for (int n = 0; n < cols; ++n) {
    for (int k = 0; k < K; ++k) {
      int q = (qw[size_t(k / 8) * N + n] >> (4 * (k % 8))) & 0xF;
      size_t g = size_t(k / 128) * N + n;
      w[k] = (float(q) - loadAs(z, g, DType::F16)) * loadAs(s, g, DType::F16);
    }
    for (int m = 0; m < std::min(M, rowsLaunched); ++m)
      for (int part = 0; part < split; ++part) {
        float acc = 0;
        for (int k = part * perSplit; k < (part + 1) * perSplit; ++k)
          acc += loadAs(x, size_t(m) * K + k, DType::F16) * w[k];
        size_t i = size_t(m) * N + n;
        if (bug == "skip" && i == 0)
          continue;
        if (bug == "wrong" && i == 0)
          acc += 1.0f;
        float *out = reinterpret_cast<float *>(y) + i;
        *out = split > 1 ? *out + acc : acc;
      }
  }
  if (bug == "stray")
    reinterpret_cast<float *>(y)[size_t(M) * N] = 0.0f;
}

} // namespace

bool runFusedSample(const std::string &kernel, DType type, int block,
                    int warps, Dim3Fake grid, unsigned threads, void **args,
                    CUresult &result) {
  bool dropoutKernel =
      kernel == "dropout_fwd_kernel" || kernel == "dropout_bwd_kernel";
  bool w4 = kernel == "w4a16_gemv_kernel" || kernel == "w4a16_gemm_kernel";
  if (!dropoutKernel && kernel != "adamw_kernel" && !w4)
    return false;
  // The block must be the cubin's num_warps * 32 (4 warps unless named).
  unsigned expect = 32u * unsigned(warps ? warps : 4);
  bool gridOk = w4 || (grid.y == 1 && grid.z == 1);
  if (threads != expect || !gridOk) {
    result = CUDA_ERROR_INVALID_VALUE;
    return true;
  }
  if (dropoutKernel)
    dropout(type, block, grid.x, args);
  else if (w4)
    w4a16(kernel == "w4a16_gemv_kernel", block, grid, args);
  else
    adamw(grid.x, args);
  result = CUDA_SUCCESS;
  return true;
}
