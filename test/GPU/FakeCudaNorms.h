//===- FakeCudaNorms.h - CPU stand-ins of the norm samples ------*- C++ -*-===//
//
// The fake driver's (FakeCuda.cpp) versions of the kernels of
// examples/rmsnorm.py, examples/layernorm_bwd.py and
// examples/cross_entropy.py, for tilec-gpu-samples-norms' host tests.
//
//===----------------------------------------------------------------------===//

#ifndef TILEC_TEST_GPU_FAKECUDANORMS_H
#define TILEC_TEST_GPU_FAKECUDANORMS_H

#include "GpuHost.h"

#include <string>

namespace tilec::fakenorms {

/// Whether `kernel` is one of the norm samples.
bool isNormsKernel(const std::string &kernel);

/// Runs `kernel` (storage type `t`, BLOCK `block`) on a grid of `programs`
/// programs with the launch's `args`, as the sample does, in fp32.
void runNormsKernel(const std::string &kernel, tilec::gpuhost::DType t,
                    int block, unsigned programs, void **args);

} // namespace tilec::fakenorms

#endif // TILEC_TEST_GPU_FAKECUDANORMS_H
