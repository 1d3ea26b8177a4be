//===- FakeCuda.cpp - A libcuda stand-in for the GPU programs' host side --===//
//
// libtilec-fake-cuda.so: the driver entry points that tilec's runtime opens
// (lib/Runtime/CudaDriver.h), over host memory, so that the host side of
// tilec-gpu-samples and tilec-bench-host runs where there is no GPU (through
// $TILEC_LIBCUDA): argument order and sizes, strides, poisoning, the float64
// references, the error measure and the verdicts. It tests none of tilec's
// code generation: cuLaunchKernel runs a plain CPU version of the sample
// whose cubin was loaded, in fp32 like the kernels.
//
// A loaded image is recognized by comparing it with the files of
// $TILEC_FAKE_CUBIN_DIR, whose names (KERNEL.DTYPE[.bBLOCK].cubin, as
// test/GPU/CMakeLists.txt makes them) give the kernel, its type and BLOCK
// (bMxNxK for matmul_tma_kernel). A launch whose block is not the cubin's
// num_warps * 32 fails. cuTensorMapEncodeTiled is the unit tests' fake
// (unittests/Runtime/FakeTensorMap.h): it checks its arguments and writes
// them, readably, into the map; matmul_tma_kernel reads its operands
// through those maps, and fails to launch when a map's box or swizzle is
// not what the compiler planned for the block.
// $TILEC_FAKE_BUG plants one fault, to show that the checks catch it:
//   stray  writes one element past each row (or past n);
//   skip   leaves one output element unwritten (NaN);
//   wrong  writes one wrong value in one row.
//
//===----------------------------------------------------------------------===//

#include "FakeCudaNorms.h"
#include "FakeCudaFused.h"
#include "AttentionSample.h"
#include "GpuHost.h"
#include "Runtime/FakeTensorMap.h"

#include <algorithm>
#include <cctype>
#include <chrono>
#include <cstdio>
#include <cstring>
#include <dirent.h>
#include <fstream>
#include <map>
#include <memory>
#include <mutex>
#include <sstream>
#include <string>
#include <vector>

using namespace tilec::gpuhost;
using tilec::planTensorDescLayout;
using tilec::TensorDescLayout;
using tilec::runtime::fakedriver::FakeTensorMap;
using tilec::runtime::fakedriver::readFakeTensorMap;

namespace {

/// A "loaded" kernel: what its cubin's file name says.
struct FakeFunction {
  std::string kernel;
  DType type;
  int block;
  /// Warps named in the cubin (`.wN`), 0 for the block's default.
  int warps = 0;
  /// BLOCK_N and BLOCK_K of a `.bMxNxK` name, 0 when it names BLOCK alone.
  int blockN = 0, blockK = 0;
  /// The attention kernels' HEAD_DIM (`.dD`) and CAUSAL (`.cC`).
  int headDim = 0;
  bool causal = false;
};

/// A "loaded" module: its cubin's file name, and the functions taken from it,
/// which live until cuModuleUnload (as a real CUfunction does).
struct FakeModule {
  std::string file;
  std::vector<std::unique_ptr<FakeFunction>> functions;
};

/// Cubin contents -> file name, read once from $TILEC_FAKE_CUBIN_DIR.
const std::map<std::string, std::string> &getImages() {
  static std::map<std::string, std::string> images;
  static std::once_flag once;
  std::call_once(once, [] {
    const char *dir = std::getenv("TILEC_FAKE_CUBIN_DIR");
    DIR *d = dir ? opendir(dir) : nullptr;
    if (!d)
      return;
    while (dirent *e = readdir(d)) {
      std::string name = e->d_name;
      if (name.size() < 6 || name.substr(name.size() - 6) != ".cubin")
        continue;
      std::ifstream f(std::string(dir) + "/" + name, std::ios::binary);
      std::stringstream contents;
      contents << f.rdbuf();
      images[contents.str()] = name;
    }
    closedir(d);
  });
  return images;
}

std::string getBug() {
  const char *bug = std::getenv("TILEC_FAKE_BUG");
  return bug ? bug : "";
}

/// num_warps of each cubin, as test/GPU/CMakeLists.txt compiles them.
unsigned getThreads(const FakeFunction &f) {
  if (f.warps)
    return 32 * f.warps;
  if (f.kernel == "matmul_kernel" || f.kernel == "matmul_tf32_kernel" ||
      f.kernel == "matmul_int8_kernel")
    return f.block == 128 ? 256 : 128;
  if (f.kernel == "add_kernel" || f.kernel == "softmax_online_kernel")
    return 128;
  if (f.kernel == "layernorm_fwd_kernel" ||
      f.kernel == "layernorm_fwd_fused_kernel")
    return f.block == 1024 ? 128 : 256;
  return f.block <= 2048 ? 128 : f.block <= 8192 ? 256 : 512;
}

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

void vectorAdd(const FakeFunction &f, unsigned programs, void **args) {
  auto x = arg<CUdeviceptr>(args, 0), y = arg<CUdeviceptr>(args, 1),
       out = arg<CUdeviceptr>(args, 2);
  size_t n = size_t(arg<int32_t>(args, 3));
  for (size_t i = 0; i < n; ++i)
    store(out, i, load(x, i, f.type) + load(y, i, f.type), f.type);
  if (getBug() == "stray" && n < size_t(programs) * f.block)
    store(out, n, 0.0f, f.type);
  if (getBug() == "skip")
    store(out, n / 2, NAN, f.type);
  if (getBug() == "wrong")
    store(out, n / 2, 3 * load(x, n / 2, f.type) + 1, f.type);
}

/// matmul_kernel and matmul_tf32_kernel as test/GPU/CMakeLists.txt
/// compiles them (64x64 tiles): C = A @ B through the strides it is given,
/// an fp32 sum per element.
void matmul(const FakeFunction &f, void **args) {
  auto a = arg<CUdeviceptr>(args, 0), b = arg<CUdeviceptr>(args, 1),
       c = arg<CUdeviceptr>(args, 2);
  int m = arg<int32_t>(args, 3), n = arg<int32_t>(args, 4),
      k = arg<int32_t>(args, 5);
  size_t sam = arg<int32_t>(args, 6), sak = arg<int32_t>(args, 7),
         sbk = arg<int32_t>(args, 8), sbn = arg<int32_t>(args, 9),
         scm = arg<int32_t>(args, 10), scn = arg<int32_t>(args, 11);
  // B decoded once, then each row of C summed over p in order: every
  // element gets the same fp32 sum, in the same order, as a loop over p per
  // element would give, without decoding B m times or striding through it
  // (that made this fake take minutes under AddressSanitizer).
  std::vector<float> bRows(size_t(k) * n), acc(n);
  for (int p = 0; p < k; ++p)
    for (int j = 0; j < n; ++j)
      bRows[size_t(p) * n + j] = load(b, p * sbk + j * sbn, f.type);
  for (int i = 0; i < m; ++i) {
    std::fill(acc.begin(), acc.end(), 0.0f);
    for (int p = 0; p < k; ++p) {
      float av = load(a, i * sam + p * sak, f.type);
      const float *bRow = bRows.data() + size_t(p) * n;
      for (int j = 0; j < n; ++j)
        acc[j] += av * bRow[j];
    }
    for (int j = 0; j < n; ++j)
      store(c, i * scm + j * scn, acc[j], f.type);
  }
  if (getBug() == "skip")
    store(c, (m / 2) * scm + (n / 2) * scn, NAN, f.type);
  if (getBug() == "wrong")
    store(c, (m / 2) * scm + (n / 2) * scn, 1e3f, f.type);
  // Past the last column, where C's rows are padded (the tf32 cases).
  if (getBug() == "stray" && scn == 1 && scm > size_t(n))
    store(c, (m / 2) * scm + n, 0.0f, f.type);
}

/// attn_fwd_kernel as test/GPU/CMakeLists.txt compiles it: each of the
/// grid's Z * H heads (contiguous [Z, H, N_CTX, D] tensors: the strides are
/// the sample's) through attentionReference, rounded to the type, and its
/// log-sum-exp in fp32.
void attention(const FakeFunction &f, unsigned heads, void **args) {
  auto q = arg<CUdeviceptr>(args, 0), k = arg<CUdeviceptr>(args, 1),
       v = arg<CUdeviceptr>(args, 2), o = arg<CUdeviceptr>(args, 3),
       lse = arg<CUdeviceptr>(args, 4);
  double scale = arg<float>(args, 5);
  int n = arg<int32_t>(args, 23), d = f.headDim;
  size_t slice = size_t(n) * d;
  std::vector<float> hq(slice), hk(slice), hv(slice);
  std::vector<double> out(slice), rowLse(n);
  for (size_t s = 0; s < heads; ++s) {
    for (size_t i = 0; i < slice; ++i) {
      hq[i] = load(q, s * slice + i, f.type);
      hk[i] = load(k, s * slice + i, f.type);
      hv[i] = load(v, s * slice + i, f.type);
    }
    attentionReference(hq.data(), hk.data(), hv.data(), out.data(),
                       rowLse.data(), n, d, f.causal, scale);
    for (size_t i = 0; i < slice; ++i)
      store(o, s * slice + i, float(out[i]), f.type);
    for (int i = 0; i < n; ++i)
      store(lse, s * n + i, float(rowLse[i]), DType::F32);
  }
  size_t elems = heads * slice;
  if (getBug() == "skip")
    store(o, elems / 2, NAN, f.type);
  if (getBug() == "wrong")
    store(o, elems / 2, 1e3f, f.type);
  if (getBug() == "stray") {
    store(o, elems, 0.0f, f.type);
    store(lse, heads * n, 0.0f, DType::F32);
  }
}

/// attn_bwd_preprocess: δ = rowsum(dO ∘ O) per row of every head, in fp32
/// (the strides are the sample's contiguous ones).
void attentionBwdPreprocess(const FakeFunction &f, unsigned heads,
                            void **args) {
  auto o = arg<CUdeviceptr>(args, 0), dout = arg<CUdeviceptr>(args, 1),
       delta = arg<CUdeviceptr>(args, 2);
  size_t n = size_t(arg<int32_t>(args, 8)), d = size_t(f.headDim);
  for (size_t r = 0; r < heads * n; ++r) {
    float sum = 0;
    for (size_t c = 0; c < d; ++c)
      sum += load(o, r * d + c, f.type) * load(dout, r * d + c, f.type);
    store(delta, r, sum, DType::F32);
  }
  if (getBug() == "skip")
    store(delta, heads * n / 2, NAN, DType::F32);
}

/// attn_bwd_dkdv (`dq` false: writes dK and dV) and attn_bwd_dq (`dq` true:
/// writes dQ): the gradients of each head through attentionBackwardReference
/// on Q, K, V and dO (the kernels' LSE and δ arguments, the host's
/// float64 forward, carry nothing more), rounded to the type.
void attentionBwd(const FakeFunction &f, unsigned heads, void **args, bool dq) {
  auto q = arg<CUdeviceptr>(args, 0), k = arg<CUdeviceptr>(args, 1),
       v = arg<CUdeviceptr>(args, 2), dout = arg<CUdeviceptr>(args, 3);
  CUdeviceptr outs[2] = {arg<CUdeviceptr>(args, 4),
                         dq ? 0 : arg<CUdeviceptr>(args, 5)};
  int first = dq ? 7 : 8;
  double scale = arg<float>(args, first);
  int n = arg<int32_t>(args, first + 6), d = f.headDim;
  size_t slice = size_t(n) * d;
  std::vector<float> hq(slice), hk(slice), hv(slice), hdo(slice);
  std::vector<double> gq(slice), gk(slice), gv(slice);
  for (size_t s = 0; s < heads; ++s) {
    for (size_t i = 0; i < slice; ++i) {
      hq[i] = load(q, s * slice + i, f.type);
      hk[i] = load(k, s * slice + i, f.type);
      hv[i] = load(v, s * slice + i, f.type);
      hdo[i] = load(dout, s * slice + i, f.type);
    }
    attentionBackwardReference(hq.data(), hk.data(), hv.data(), hdo.data(),
                               gq.data(), gk.data(), gv.data(), nullptr, n, d,
                               f.causal, scale);
    for (size_t i = 0; i < slice; ++i) {
      if (dq) {
        store(outs[0], s * slice + i, float(gq[i]), f.type);
      } else {
        store(outs[0], s * slice + i, float(gk[i]), f.type);
        store(outs[1], s * slice + i, float(gv[i]), f.type);
      }
    }
  }
  size_t elems = heads * slice;
  if (getBug() == "wrong")
    store(outs[0], elems / 2, 1e3f, f.type);
  if (getBug() == "stray")
    store(outs[0], elems, 0.0f, f.type);
}

/// matmul_int8_kernel: int8 A and B, the exact int32 sums (wrapping, like
/// the tensor cores' .s32 accumulation) into int32 C.
void matmulInt8(void **args) {
  auto a = reinterpret_cast<const int8_t *>(arg<CUdeviceptr>(args, 0)),
       b = reinterpret_cast<const int8_t *>(arg<CUdeviceptr>(args, 1));
  auto c = reinterpret_cast<int32_t *>(arg<CUdeviceptr>(args, 2));
  int m = arg<int32_t>(args, 3), n = arg<int32_t>(args, 4),
      k = arg<int32_t>(args, 5);
  size_t sam = arg<int32_t>(args, 6), sak = arg<int32_t>(args, 7),
         sbk = arg<int32_t>(args, 8), sbn = arg<int32_t>(args, 9),
         scm = arg<int32_t>(args, 10), scn = arg<int32_t>(args, 11);
  // Row by row, as matmul does (wrapping sums do not depend on the order).
  std::vector<int32_t> bRows(size_t(k) * n);
  std::vector<uint32_t> acc(n);
  for (int p = 0; p < k; ++p)
    for (int j = 0; j < n; ++j)
      bRows[size_t(p) * n + j] = b[p * sbk + j * sbn];
  for (int i = 0; i < m; ++i) {
    std::fill(acc.begin(), acc.end(), 0u);
    for (int p = 0; p < k; ++p) {
      int32_t av = a[i * sam + p * sak];
      const int32_t *bRow = bRows.data() + size_t(p) * n;
      for (int j = 0; j < n; ++j)
        acc[j] += uint32_t(av * bRow[j]);
    }
    for (int j = 0; j < n; ++j)
      c[i * scm + j * scn] = int32_t(acc[j]);
  }
  size_t mid = (m / 2) * scm + (n / 2) * scn;
  if (getBug() == "skip")
    c[mid] = INT32_MIN; // the samples' poison: never written
  if (getBug() == "wrong")
    c[mid] += 1;
  if (getBug() == "stray" && scn == 1 && scm > size_t(n))
    c[(m / 2) * scm + n] = 0;
}

/// CU_TENSOR_MAP_SWIZZLE_* for a swizzle of `bytes` (0: none).
CUtensorMapSwizzle getSwizzleMode(unsigned bytes) {
  return bytes == 128  ? CU_TENSOR_MAP_SWIZZLE_128B
         : bytes == 64 ? CU_TENSOR_MAP_SWIZZLE_64B
         : bytes == 32 ? CU_TENSOR_MAP_SWIZZLE_32B
                       : CU_TENSOR_MAP_SWIZZLE_NONE;
}

/// Element (row, col) of the rank-2 tensor `map`: 0 past its extent, as a
/// TMA load fills it.
float loadTile(const FakeTensorMap &map, DType t, int64_t row, int64_t col) {
  if (uint64_t(row) >= map.globalDim[1] || uint64_t(col) >= map.globalDim[0])
    return 0.0f;
  return load(map.address + row * map.globalStrides[0], col, t);
}

/// The address of element (row, col) of `map`, or 0 past its extent (a TMA
/// store clips there).
CUdeviceptr getStoreRow(const FakeTensorMap &map, int64_t row, int64_t col) {
  if (uint64_t(row) >= map.globalDim[1] || uint64_t(col) >= map.globalDim[0])
    return 0;
  return map.address + row * map.globalStrides[0];
}

/// matmul_tma_kernel (examples/matmul_tma.py, GROUP_M 8) with the blocks of
/// its cubin's name: checks that each tensor map is rank 2, of the
/// kernel's type, zero-filled, and moves the box and swizzle that
/// planTensorDescLayout gives its block, then runs each program of the grid as
/// the kernel does: its tile at the grouped offsets, cdiv(K, BLOCK_K) steps of
/// loads that read 0 past a map's extent, a store clipped to C's map.
CUresult matmulTma(const FakeFunction &f, unsigned programs, void **args) {
  const int bm = f.block, bn = f.blockN, bk = f.blockK, groupM = 8;
  const std::vector<int64_t> blocks[] = {{bm, bk}, {bk, bn}, {bm, bn}};
  FakeTensorMap maps[3];
  for (int i = 0; i < 3; ++i) {
    maps[i] = readFakeTensorMap(args[i]);
    TensorDescLayout plan;
    std::string why;
    if (std::memcmp(maps[i].magic, "FTM1", 4) != 0 || maps[i].rank != 2 ||
        maps[i].dataType != (f.type == DType::BF16
                                 ? CU_TENSOR_MAP_DATA_TYPE_BFLOAT16
                                 : CU_TENSOR_MAP_DATA_TYPE_FLOAT16) ||
        maps[i].oobFill != CU_TENSOR_MAP_FLOAT_OOB_FILL_NONE ||
        !planTensorDescLayout(blocks[i], unsigned(getBytes(f.type)), plan,
                              why) ||
        maps[i].boxDim[0] != plan.boxShape[1] ||
        maps[i].boxDim[1] != plan.boxShape[0] ||
        maps[i].swizzle != getSwizzleMode(plan.swizzleBytes))
      return CUDA_ERROR_INVALID_VALUE;
  }
  const FakeTensorMap &a = maps[0], &b = maps[1], &c = maps[2];
  int m = arg<int32_t>(args, 3), n = arg<int32_t>(args, 4),
      k = arg<int32_t>(args, 5);
  int tilesM = (m + bm - 1) / bm, tilesN = (n + bn - 1) / bn;
  std::vector<float> acc(size_t(bm) * bn), bTile(size_t(bk) * bn);
  for (int pid = 0; pid < int(programs); ++pid) {
    int group = pid / (groupM * tilesN), firstM = group * groupM;
    int rowsInGroup = std::min(tilesM - firstM, groupM);
    int local = pid % (groupM * tilesN);
    int offM = (firstM + local % rowsInGroup) * bm;
    int offN = (local / rowsInGroup) * bn;
    std::fill(acc.begin(), acc.end(), 0.0f);
    for (int kt = 0; kt < (k + bk - 1) / bk; ++kt) {
      for (int p = 0; p < bk; ++p)
        for (int j = 0; j < bn; ++j)
          bTile[p * bn + j] = loadTile(b, f.type, kt * bk + p, offN + j);
      for (int i = 0; i < bm; ++i)
        for (int p = 0; p < bk; ++p)
          if (float av = loadTile(a, f.type, offM + i, kt * bk + p))
            for (int j = 0; j < bn; ++j)
              acc[i * bn + j] += av * bTile[p * bn + j];
    }
    for (int i = 0; i < bm; ++i)
      for (int j = 0; j < bn; ++j)
        if (CUdeviceptr row = getStoreRow(c, offM + i, offN + j))
          store(row, offN + j, acc[i * bn + j], f.type);
  }
  CUdeviceptr mid = c.address + (m / 2) * c.globalStrides[0];
  if (getBug() == "skip")
    store(mid, n / 2, NAN, f.type);
  if (getBug() == "wrong")
    store(mid, n / 2, 1e3f, f.type);
  // Past the last column, where C's rows are padded.
  if (getBug() == "stray" && c.globalStrides[0] > n * getBytes(f.type))
    store(mid, n, 0.0f, f.type);
  return CUDA_SUCCESS;
}

void softmax(const FakeFunction &f, unsigned rows, void **args) {
  auto out = arg<CUdeviceptr>(args, 0), in = arg<CUdeviceptr>(args, 1);
  size_t inStride = arg<int32_t>(args, 2), outStride = arg<int32_t>(args, 3);
  int n = arg<int32_t>(args, 4);
  std::vector<float> e(n);
  for (size_t r = 0; r < rows; ++r) {
    float m = -INFINITY;
    for (int j = 0; j < n; ++j)
      m = std::max(m, load(in, r * inStride + j, f.type));
    // A double sum stands for the kernels' tree of partial sums: a float
    // sum in one chain of 32768 terms would exceed the fp32 bound.
    double sum = 0;
    for (int j = 0; j < n; ++j)
      sum += e[j] = std::exp(load(in, r * inStride + j, f.type) - m);
    for (int j = 0; j < n; ++j)
      store(out, r * outStride + j, e[j] / float(sum), f.type);
    if (getBug() == "stray")
      store(out, r * outStride + n, 0.0f, f.type);
  }
  if (getBug() == "skip")
    store(out, (rows - 1) * outStride + n - 1, NAN, f.type);
  if (getBug() == "wrong")
    store(out, (rows / 2) * outStride + n / 2, 0.5f, f.type);
}

void layerNorm(const FakeFunction &f, unsigned rows, void **args) {
  auto x = arg<CUdeviceptr>(args, 0), y = arg<CUdeviceptr>(args, 1),
       w = arg<CUdeviceptr>(args, 2), b = arg<CUdeviceptr>(args, 3),
       mean = arg<CUdeviceptr>(args, 4), rstd = arg<CUdeviceptr>(args, 5);
  size_t stride = arg<int32_t>(args, 6);
  int n = arg<int32_t>(args, 7);
  float eps = arg<float>(args, 8);
  for (size_t r = 0; r < rows; ++r) {
    double sum = 0, sq = 0;
    for (int j = 0; j < n; ++j)
      sum += load(x, r * stride + j, f.type);
    float mu = float(sum / n);
    for (int j = 0; j < n; ++j) {
      float d = load(x, r * stride + j, f.type) - mu;
      sq += d * d;
    }
    float rs = 1.0f / std::sqrt(float(sq / n) + eps);
    store(mean, r, mu, DType::F32);
    store(rstd, r, rs, DType::F32);
    for (int j = 0; j < n; ++j)
      store(y, r * stride + j,
            (load(x, r * stride + j, f.type) - mu) * rs * load(w, j, f.type) +
                load(b, j, f.type),
            f.type);
    if (getBug() == "stray")
      store(y, r * stride + n, 0.0f, f.type);
  }
  if (getBug() == "skip")
    store(rstd, rows - 1, NAN, DType::F32);
  if (getBug() == "wrong")
    store(y, (rows / 2) * stride + n / 2, 7.0f, f.type);
}

double nowMs() {
  return std::chrono::duration<double, std::milli>(
             std::chrono::steady_clock::now().time_since_epoch())
      .count();
}

int context;

} // namespace

extern "C" {

CUresult cuGetErrorName(CUresult, const char **s) {
  *s = "CUDA_ERROR_FAKE";
  return CUDA_SUCCESS;
}
CUresult cuGetErrorString(CUresult, const char **s) {
  *s = "error in the fake driver";
  return CUDA_SUCCESS;
}
CUresult cuInit(unsigned) { return CUDA_SUCCESS; }
CUresult cuDriverGetVersion(int *v) {
  *v = CUDA_VERSION;
  return CUDA_SUCCESS;
}
CUresult cuDeviceGetCount(int *c) {
  *c = 1;
  return CUDA_SUCCESS;
}
CUresult cuDeviceGet(CUdevice *d, int ordinal) {
  *d = 0;
  return ordinal == 0 ? CUDA_SUCCESS : CUDA_ERROR_INVALID_DEVICE;
}
CUresult cuDeviceGetAttribute(int *v, CUdevice_attribute a, CUdevice) {
  switch (a) {
  case CU_DEVICE_ATTRIBUTE_MULTIPROCESSOR_COUNT:
    *v = 132;
    break;
  case CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MAJOR:
    *v = 9;
    break;
  case CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MINOR:
    *v = 0;
    break;
  case CU_DEVICE_ATTRIBUTE_L2_CACHE_SIZE:
    *v = 50 << 20;
    break;
  case CU_DEVICE_ATTRIBUTE_MAX_SHARED_MEMORY_PER_BLOCK_OPTIN:
    *v = 227 << 10;
    break;
  default:
    *v = 1024;
  }
  return CUDA_SUCCESS;
}
CUresult cuDeviceGetName(char *name, int len, CUdevice) {
  std::snprintf(name, len, "fake GPU (host memory, CPU kernels)");
  return CUDA_SUCCESS;
}
CUresult cuDevicePrimaryCtxRetain(CUcontext *c, CUdevice) {
  *c = reinterpret_cast<CUcontext>(&context);
  return CUDA_SUCCESS;
}
CUresult cuDevicePrimaryCtxRelease_v2(CUdevice) { return CUDA_SUCCESS; }
CUresult cuCtxSetCurrent(CUcontext) { return CUDA_SUCCESS; }
CUresult cuCtxGetCurrent(CUcontext *c) {
  *c = reinterpret_cast<CUcontext>(&context);
  return CUDA_SUCCESS;
}
CUresult cuCtxSynchronize() { return CUDA_SUCCESS; }

CUresult cuModuleLoadDataEx(CUmodule *m, const void *image, unsigned,
                            CUjit_option *, void **) {
  // The API passes no size: compare up to the first difference, so that an
  // image shorter than a candidate is not read past its end (memcmp may).
  const char *p = static_cast<const char *>(image);
  for (const auto &[bytes, name] : getImages())
    if (std::mismatch(bytes.begin(), bytes.end(), p).first == bytes.end()) {
      *m = reinterpret_cast<CUmodule>(new FakeModule{name, {}});
      return CUDA_SUCCESS;
    }
  return CUDA_ERROR_INVALID_IMAGE;
}
CUresult cuModuleLoadData(CUmodule *m, const void *image) {
  return cuModuleLoadDataEx(m, image, 0, nullptr, nullptr);
}
CUresult cuModuleUnload(CUmodule m) {
  delete reinterpret_cast<FakeModule *>(m);
  return CUDA_SUCCESS;
}
CUresult cuModuleGetFunction(CUfunction *f, CUmodule m, const char *name) {
  FakeModule &module = *reinterpret_cast<FakeModule *>(m);
  const std::string &file = module.file;
  std::string kernel = file.substr(0, file.find('.'));
  if (kernel != name)
    return CUDA_ERROR_NOT_FOUND;
  // ".b" then a digit: BLOCK (not ".bf16" or ".bt").
  size_t b = file.find(".b");
  while (b != std::string::npos && !std::isdigit(file[b + 2]))
    b = file.find(".b", b + 1);
  size_t w = file.find(".w");
  auto fn = std::make_unique<FakeFunction>(FakeFunction{
      kernel,
      file.find(".fp16.") != std::string::npos   ? DType::F16
      : file.find(".bf16.") != std::string::npos ? DType::BF16
                                                 : DType::F32,
      b == std::string::npos ? 1024 : std::atoi(file.c_str() + b + 2),
      w == std::string::npos ? 0 : std::atoi(file.c_str() + w + 2)});
  // "b128x256x64": BLOCK_M x BLOCK_N x BLOCK_K.
  if (b != std::string::npos)
    std::sscanf(file.c_str() + b + 2, "%*dx%dx%d", &fn->blockN, &fn->blockK);
  // "attn_fwd_kernel.fp16.d64.c1.w8": HEAD_DIM 64, CAUSAL (the backward's
  // cubins alike; attn_bwd_preprocess's names no CAUSAL: ".c" is then
  // ".cubin").
  if (kernel.rfind("attn_", 0) == 0) {
    size_t d = file.find(".d"), c = file.find(".c");
    fn->headDim = d == std::string::npos ? 0 : std::atoi(file.c_str() + d + 2);
    fn->causal = c != std::string::npos && file[c + 2] == '1';
  }
  *f = reinterpret_cast<CUfunction>(fn.get());
  module.functions.push_back(std::move(fn));
  return CUDA_SUCCESS;
}
CUresult cuFuncGetAttribute(int *v, CUfunction_attribute a, CUfunction) {
  *v = a == CU_FUNC_ATTRIBUTE_MAX_THREADS_PER_BLOCK ? 1024 : 0;
  return CUDA_SUCCESS;
}
CUresult cuFuncSetAttribute(CUfunction, CUfunction_attribute, int) {
  return CUDA_SUCCESS;
}
CUresult cuLaunchKernel(CUfunction fn, unsigned gx, unsigned gy, unsigned gz,
                        unsigned bx, unsigned by, unsigned bz, unsigned,
                        CUstream, void **args, void **) {
  const FakeFunction &f = *reinterpret_cast<FakeFunction *>(fn);
  CUresult fused;
  if (runFusedSample(f.kernel, f.type, f.block, f.warps, {gx, gy, gz},
                     bx * by * bz, args, fused))
    return fused;
  // Only attention has a second grid axis (batch * heads).
  bool isAttention = f.kernel.rfind("attn_", 0) == 0;
  if (bx != getThreads(f) || by != 1 || bz != 1 || (gy != 1 && !isAttention) ||
      gz != 1)
    return CUDA_ERROR_INVALID_VALUE;
  if (f.kernel == "attn_fwd_kernel")
    attention(f, gy, args);
  else if (f.kernel == "attn_bwd_preprocess")
    attentionBwdPreprocess(f, gy, args);
  else if (f.kernel == "attn_bwd_dkdv" || f.kernel == "attn_bwd_dq")
    attentionBwd(f, gy, args, f.kernel == "attn_bwd_dq");
  else if (f.kernel == "add_kernel")
    vectorAdd(f, gx, args);
  else if (f.kernel == "matmul_kernel" || f.kernel == "matmul_tf32_kernel")
    matmul(f, args);
  else if (f.kernel == "matmul_int8_kernel")
    matmulInt8(args);
  else if (f.kernel == "matmul_tma_kernel")
    return matmulTma(f, gx, args);
  else if (f.kernel == "layernorm_fwd_kernel" ||
           f.kernel == "layernorm_fwd_fused_kernel")
    layerNorm(f, gx, args);
  else if (tilec::fakenorms::isNormsKernel(f.kernel))
    tilec::fakenorms::runNormsKernel(f.kernel, f.type, f.block, gx, args);
  else
    softmax(f, gx, args);
  return CUDA_SUCCESS;
}

CUresult cuMemAlloc_v2(CUdeviceptr *p, size_t bytes) {
  void *m = std::aligned_alloc(256, (bytes + 255) / 256 * 256);
  if (!m)
    return CUDA_ERROR_OUT_OF_MEMORY;
  *p = reinterpret_cast<CUdeviceptr>(m);
  return CUDA_SUCCESS;
}
CUresult cuMemFree_v2(CUdeviceptr p) {
  std::free(reinterpret_cast<void *>(p));
  return CUDA_SUCCESS;
}
CUresult cuMemcpyHtoD_v2(CUdeviceptr d, const void *h, size_t bytes) {
  std::memcpy(reinterpret_cast<void *>(d), h, bytes);
  return CUDA_SUCCESS;
}
CUresult cuMemcpyDtoH_v2(void *h, CUdeviceptr d, size_t bytes) {
  std::memcpy(h, reinterpret_cast<void *>(d), bytes);
  return CUDA_SUCCESS;
}
CUresult cuMemsetD32_v2(CUdeviceptr d, unsigned value, size_t words) {
  std::fill_n(reinterpret_cast<unsigned *>(d), words, value);
  return CUDA_SUCCESS;
}
CUresult cuStreamCreate(CUstream *s, unsigned) {
  *s = reinterpret_cast<CUstream>(new int);
  return CUDA_SUCCESS;
}
CUresult cuStreamDestroy_v2(CUstream s) {
  delete reinterpret_cast<int *>(s);
  return CUDA_SUCCESS;
}
CUresult cuStreamSynchronize(CUstream) { return CUDA_SUCCESS; }
/// Events hold the host time they were recorded at; -1 until then.
CUresult cuEventCreate(CUevent *e, unsigned) {
  *e = reinterpret_cast<CUevent>(new double(-1));
  return CUDA_SUCCESS;
}
CUresult cuEventRecord(CUevent e, CUstream) {
  *reinterpret_cast<double *>(e) = nowMs();
  return CUDA_SUCCESS;
}
CUresult cuEventSynchronize(CUevent) { return CUDA_SUCCESS; }
CUresult cuEventElapsedTime_v2(float *ms, CUevent start, CUevent end) {
  double s = *reinterpret_cast<double *>(start),
         e = *reinterpret_cast<double *>(end);
  if (s < 0 || e < 0)
    return CUDA_ERROR_INVALID_HANDLE;
  *ms = float(e - s);
  return CUDA_SUCCESS;
}
CUresult cuEventDestroy_v2(CUevent e) {
  delete reinterpret_cast<double *>(e);
  return CUDA_SUCCESS;
}
CUresult cuTensorMapEncodeTiled(
    CUtensorMap *map, CUtensorMapDataType type, cuuint32_t rank, void *address,
    const cuuint64_t *dims, const cuuint64_t *strides, const cuuint32_t *box,
    const cuuint32_t *elementStrides, CUtensorMapInterleave interleave,
    CUtensorMapSwizzle swizzle, CUtensorMapL2promotion l2,
    CUtensorMapFloatOOBfill oobFill) {
  return tilec::runtime::fakedriver::fakeEncodeTiled(
      map, type, rank, address, dims, strides, box, elementStrides, interleave,
      swizzle, l2, oobFill);
}

} // extern "C"
