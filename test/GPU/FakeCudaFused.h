//===- FakeCudaFused.h - CPU stand-ins of the fused samples -----*- C++ -*-===//
//
// The hook through which FakeCuda.cpp's cuLaunchKernel runs the CPU versions
// of the fused samples (FakeCudaFused.cpp).
//
//===----------------------------------------------------------------------===//

#ifndef TILEC_TEST_GPU_FAKECUDAFUSED_H
#define TILEC_TEST_GPU_FAKECUDAFUSED_H

#include "GpuHost.h"

#include <string>

/// A launch's grid.
struct Dim3Fake {
  unsigned x, y, z;
};

/// Runs the CPU version of `kernel` when it is one of the fused samples,
/// with `result` the launch's status, and returns true; false for any other
/// kernel. `block` and `warps` come from the cubin's name (0 warps: the
/// default, 4).
bool runFusedSample(const std::string &kernel, tilec::gpuhost::DType type,
                    int block, int warps, Dim3Fake grid, unsigned threads,
                    void **args, CUresult &result);

#endif // TILEC_TEST_GPU_FAKECUDAFUSED_H
