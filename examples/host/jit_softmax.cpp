//===- jit_softmax.cpp - JIT-compile and run softmax from C++ ---*- C++ -*-===//
//
// The embedding API end to end (docs/embedding.md): compile
// examples/softmax.py's `softmax_kernel` through the kernel cache, load it,
// launch it over random rows with a padded row stride and a NaN-poisoned
// output, and check every row against a float64 softmax on the host.
//
//   jit_softmax [path/to/softmax.py]
//
// Prints PASS (exit 0), FAIL (exit 1), or SKIP (exit 77) where there is no
// driver or no GPU.
//
//===----------------------------------------------------------------------===//

#include "SoftmaxReference.h"

#include "tilec/JIT.h"
#include "tilec/Target.h"

#include "llvm/Support/raw_ostream.h"

#include <fmt/format.h>

#include <cmath>
#include <random>
#include <vector>

#ifndef TILEC_EXAMPLES_DIR
#define TILEC_EXAMPLES_DIR "examples"
#endif

using namespace tilec;

namespace {

/// SKIP (77) when the error says there is no GPU here, FAIL (1) otherwise.
int reportError(llvm::StringRef what, llvm::Error error) {
  bool skip = error.isA<runtime::DriverUnavailableError>();
  fmt::print("{} {}: {}\n", skip ? "SKIP" : "FAIL", what,
             llvm::toString(std::move(error)));
  return skip ? 77 : 1;
}

} // namespace

int tilecJitSoftmaxMain(int argc, char **argv) {
  std::string path = argc > 1 ? argv[1] : TILEC_EXAMPLES_DIR "/softmax.py";
  const int rows = 823, cols = 1000, stride = cols + 7, block = 1024;

  llvm::Expected<runtime::Device> device = runtime::Device::get();
  if (!device)
    return reportError("device", device.takeError());

  CompileOptions options;
  options.kernelName = "softmax_kernel";
  options.signature = "*fp32:16, *fp32:16, i32, i32, i32";
  options.defines = {{"BLOCK_SIZE", std::to_string(block)}};
  options.numWarps = 4;
  options.arch = getArchForDevice(device->getSmVersion()).str();
  llvm::Expected<jit::LoadedKernel> kernel =
      jit::loadKernelFromFile(*device, path, options);
  if (!kernel)
    return reportError("compile and load", kernel.takeError());
  const KernelMetadata &md = kernel->getMetadata();
  fmt::print("{}: {} registers, {} spill bytes, {} bytes shared memory, {} "
             "threads{}\n",
             md.name, md.registers, md.spillStores + md.spillLoads,
             md.sharedBytes, md.threadsPerBlock,
             md.hasCubin ? "" : " (loaded as PTX: " + md.cubinNote + ")");

  std::mt19937 rng(0);
  std::normal_distribution<float> normal(0.0f, 3.0f);
  std::vector<float> in(size_t(rows) * stride);
  for (float &x : in)
    x = normal(rng);

  auto inBuf = runtime::DeviceBuffer::allocate(*device, in.size() * 4);
  if (!inBuf)
    return reportError("allocate", inBuf.takeError());
  auto outBuf =
      runtime::DeviceBuffer::allocate(*device, size_t(rows) * cols * 4);
  if (!outBuf)
    return reportError("allocate", outBuf.takeError());
  if (llvm::Error e = inBuf->copyFromHost(in.data(), in.size() * 4))
    return reportError("copy in", std::move(e));
  if (llvm::Error e = outBuf->fill32(0x7fc00000)) // NaN: unwritten shows
    return reportError("poison", std::move(e));

  llvm::Expected<runtime::Stream> stream = runtime::Stream::create(*device);
  if (!stream)
    return reportError("stream", stream.takeError());
  if (llvm::Error e = (*kernel)({unsigned(rows)}, stream->getHandle(), *outBuf,
                                *inBuf, stride, cols, cols))
    return reportError("launch", std::move(e));
  if (llvm::Error e = stream->synchronize())
    return reportError("run", std::move(e));

  std::vector<float> out(size_t(rows) * cols);
  if (llvm::Error e = outBuf->copyToHost(out.data(), out.size() * 4))
    return reportError("copy out", std::move(e));

  tilec::examples::SoftmaxCheck check =
      tilec::examples::checkSoftmax(in, out, rows, cols, stride);
  bool ok = check.nonFinite == 0 && check.relErr < 1e-5;
  fmt::print("{} jit softmax {}x{} (stride {}): rel_err={:.3e} (bound 1e-05), "
             "{} non-finite outputs\n",
             ok ? "PASS" : "FAIL", rows, cols, stride, check.relErr,
             check.nonFinite);
  return ok ? 0 : 1;
}

#ifndef TILEC_MULTICALL
int main(int argc, char **argv) { return tilecJitSoftmaxMain(argc, argv); }
#endif
