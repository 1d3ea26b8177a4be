//===- aot_softmax.cpp - Softmax through a generated launcher --*- C++ -*-===//
//
// The ahead-of-time path: the build ran `tilec examples/softmax.py -k
// softmax_kernel ... --emit=c-launcher -o softmax_aot`, which wrote
// softmax_aot.h/.c with the cubin embedded. This program links that C file
// and libcuda and nothing of tilec: it uses the driver API directly, the
// way a host that ships without the compiler would. It checks the result
// against a float64 softmax on the host.
//
// Prints PASS (exit 0), FAIL (exit 1) or SKIP (exit 77) where cuInit finds
// no GPU. (Where libcuda.so.1 is missing altogether the dynamic loader
// refuses to start it; ctest checks for the library first.)
//
//===----------------------------------------------------------------------===//

#include "SoftmaxReference.h"
#include "softmax_aot.h"

#include <cmath>
#include <cstdio>
#include <random>
#include <vector>

namespace {

/// Prints the failed call with the driver's name for the result.
bool check(CUresult r, const char *what) {
  if (r == CUDA_SUCCESS)
    return true;
  const char *name = nullptr;
  if (cuGetErrorName(r, &name) != CUDA_SUCCESS)
    name = "unknown CUresult";
  std::printf("FAIL %s: %s\n", what, name);
  return false;
}

} // namespace

int main() {
  const int rows = 823, cols = 1000, stride = cols + 7;
  CUresult init = cuInit(0);
  if (init == CUDA_ERROR_NO_DEVICE || init == CUDA_ERROR_STUB_LIBRARY) {
    std::printf("SKIP aot softmax: no GPU (cuInit returned %d)\n", int(init));
    return 77;
  }
  CUdevice device;
  CUcontext ctx;
  if (!check(init, "cuInit") ||
      !check(cuDeviceGet(&device, 0), "cuDeviceGet") ||
      !check(cuDevicePrimaryCtxRetain(&ctx, device), "primary context") ||
      !check(cuCtxSetCurrent(ctx), "cuCtxSetCurrent") ||
      !check(load_softmax_aot(), "load_softmax_aot"))
    return 1;

  std::mt19937 rng(1);
  std::normal_distribution<float> normal(0.0f, 3.0f);
  std::vector<float> in(size_t(rows) * stride);
  for (float &x : in)
    x = normal(rng);
  CUdeviceptr dIn, dOut;
  CUstream stream;
  if (!check(cuMemAlloc(&dIn, in.size() * 4), "cuMemAlloc") ||
      !check(cuMemAlloc(&dOut, size_t(rows) * cols * 4), "cuMemAlloc") ||
      !check(cuMemcpyHtoD(dIn, in.data(), in.size() * 4), "cuMemcpyHtoD") ||
      !check(cuMemsetD32(dOut, 0x7fc00000, size_t(rows) * cols), "memset") ||
      !check(cuStreamCreate(&stream, CU_STREAM_NON_BLOCKING), "stream"))
    return 1;

  // Constexpr BLOCK_SIZE is baked in; the launcher takes the rest, typed.
  if (!check(softmax_aot(stream, rows, 1, 1, dOut, dIn, stride, cols, cols),
             "softmax_aot launch") ||
      !check(cuStreamSynchronize(stream), "cuStreamSynchronize"))
    return 1;
  std::vector<float> out(size_t(rows) * cols);
  if (!check(cuMemcpyDtoH(out.data(), dOut, out.size() * 4), "cuMemcpyDtoH"))
    return 1;

  tilec::examples::SoftmaxCheck check =
      tilec::examples::checkSoftmax(in, out, rows, cols, stride);
  bool ok = check.nonFinite == 0 && check.relErr < 1e-5;
  std::printf("%s aot softmax %dx%d: rel_err=%.3e (bound 1e-05), %zu "
              "non-finite outputs\n",
              ok ? "PASS" : "FAIL", rows, cols, check.relErr, check.nonFinite);

  cuStreamDestroy(stream);
  cuMemFree(dIn);
  cuMemFree(dOut);
  unload_softmax_aot();
  cuDevicePrimaryCtxRelease(device);
  return ok ? 0 : 1;
}
