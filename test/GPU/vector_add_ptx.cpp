//===- vector_add_ptx.cpp - GPU smoke test of the runtime -------*- C++ -*-===//
//
// tilec-gpu-smoke: loads a hand-written PTX vector add through the runtime
// (include/tilec/Runtime.h), runs it on 2^24 + 3 floats of fresh random
// input with a NaN-poisoned output and a poisoned guard zone past its end,
// and checks every element against a float64 reference. It also checks that
// the runtime's errors come back where they should: a block too large for
// the kernel, a missing kernel, and PTX the JIT rejects (with its log).
//
// Prints PASS and exits 0, or FAIL: <why> and exits 1, or, on a machine with
// no CUDA driver or no GPU, SKIP: <reason> and exits 77. $TILEC_SEED fixes the
// random seed (printed on every run); $TILEC_LIBCUDA names the driver.
// `--cubin FILE` also runs the kernel from a cubin, made from the PTX that
// `--print-ptx` prints:
//   tilec-gpu-smoke --print-ptx > va.ptx
//   ptxas --gpu-name=sm_90 va.ptx -o va.cubin
//   tilec-gpu-smoke --cubin va.cubin
//
//===----------------------------------------------------------------------===//

#include "tilec/Runtime.h"

#include "llvm/Support/raw_ostream.h"

#include <cerrno>
#include <cinttypes>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <random>
#include <string>
#include <vector>

using namespace tilec::runtime;

namespace {

/// out[i] = a[i] + b[i] for i < n, one element per thread, in IEEE
/// round-to-nearest (add.rn, no flush to zero): the float result of the
/// exact sum, which the float64 reference checks to half an ulp.
constexpr const char *kVectorAddPTX = R"ptx(
.version 8.0
.target sm_80
.address_size 64

.visible .entry vector_add(
    .param .u64 vector_add_a,
    .param .u64 vector_add_b,
    .param .u64 vector_add_out,
    .param .u64 vector_add_n
)
{
    .reg .pred  %p<2>;
    .reg .b32   %r<4>;
    .reg .f32   %f<4>;
    .reg .b64   %rd<14>;

    ld.param.u64        %rd1, [vector_add_a];
    ld.param.u64        %rd2, [vector_add_b];
    ld.param.u64        %rd3, [vector_add_out];
    ld.param.u64        %rd4, [vector_add_n];
    mov.u32             %r1, %ctaid.x;
    mov.u32             %r2, %ntid.x;
    mov.u32             %r3, %tid.x;
    mul.wide.u32        %rd5, %r1, %r2;
    cvt.u64.u32         %rd6, %r3;
    add.s64             %rd7, %rd5, %rd6;
    setp.ge.u64         %p1, %rd7, %rd4;
    @%p1 bra            $L_done;

    cvta.to.global.u64  %rd8, %rd1;
    cvta.to.global.u64  %rd9, %rd2;
    cvta.to.global.u64  %rd10, %rd3;
    shl.b64             %rd11, %rd7, 2;
    add.s64             %rd12, %rd8, %rd11;
    ld.global.f32       %f1, [%rd12];
    add.s64             %rd13, %rd9, %rd11;
    ld.global.f32       %f2, [%rd13];
    add.rn.f32          %f3, %f1, %f2;
    add.s64             %rd12, %rd10, %rd11;
    st.global.f32       [%rd12], %f3;

$L_done:
    ret;
}
)ptx";

/// PTX that the JIT must reject.
constexpr const char *kBadPTX = R"ptx(
.version 8.0
.target sm_80
.address_size 64

.visible .entry broken()
{
    not_an_instruction.f32 %f1;
    ret;
}
)ptx";

constexpr size_t kN = (size_t(1) << 24) + 3;
/// Floats past the end of the output that the kernel must leave alone.
constexpr size_t kGuard = 1024;
constexpr unsigned kBlock = 256;
/// The quiet NaN the device output is poisoned with.
constexpr uint32_t kPoison = 0x7fc00000u;
/// A different NaN for the host copy, so a copy that did not happen shows.
constexpr uint32_t kHostPoison = 0xffc00001u;

[[noreturn]] void fail(const std::string &why) {
  std::printf("FAIL: %s\n", why.c_str());
  std::fflush(stdout);
  std::exit(1);
}

/// Fails with `what` and the error's message unless `error` is success.
void check(llvm::Error error, const char *what) {
  if (error)
    fail(std::string(what) + ": " + llvm::toString(std::move(error)));
}

/// The value of `expected`, or a failure naming `what`.
template <typename T> T take(llvm::Expected<T> expected, const char *what) {
  if (!expected)
    fail(std::string(what) + ": " + llvm::toString(expected.takeError()));
  return std::move(*expected);
}

/// The message of an error that must be there; fails on success.
template <typename T>
std::string expectFailure(llvm::Expected<T> expected, const char *what) {
  if (expected)
    fail(std::string(what) + " succeeded, but should have failed");
  return llvm::toString(expected.takeError());
}
std::string expectFailure(llvm::Error error, const char *what) {
  if (!error)
    fail(std::string(what) + " succeeded, but should have failed");
  return llvm::toString(std::move(error));
}

float fromBits(uint32_t bits) {
  float value;
  std::memcpy(&value, &bits, sizeof(value));
  return value;
}

uint32_t toBits(float value) {
  uint32_t bits;
  std::memcpy(&bits, &value, sizeof(bits));
  return bits;
}

/// Runs `kernel` (the vector add) on fresh random input and checks every
/// element against float64 and the guard zone past the output; `label`
/// names the kernel's origin in the messages.
void checkVectorAdd(const Device &device, const Kernel &kernel,
                    const char *label, uint64_t seed) {
  std::printf("[%s] kernel %s: up to %d threads per block, %d registers\n",
              label, kernel.getName().c_str(), kernel.getMaxThreadsPerBlock(),
              take(kernel.getAttribute(CU_FUNC_ATTRIBUTE_NUM_REGS),
                   "cuFuncGetAttribute NUM_REGS"));

  // Fresh random inputs over a spread of magnitudes.
  std::mt19937_64 rng(seed);
  std::uniform_real_distribution<float> unit(-1.0f, 1.0f);
  std::uniform_int_distribution<int> exponent(-20, 20);
  std::vector<float> a(kN), b(kN);
  for (size_t i = 0; i < kN; ++i) {
    a[i] = std::ldexp(unit(rng), exponent(rng));
    b[i] = std::ldexp(unit(rng), exponent(rng));
  }

  size_t bytes = kN * sizeof(float);
  DeviceBuffer da = take(DeviceBuffer::allocate(device, bytes), "allocate a");
  DeviceBuffer db = take(DeviceBuffer::allocate(device, bytes), "allocate b");
  DeviceBuffer dout =
      take(DeviceBuffer::allocate(device, bytes + kGuard * sizeof(float)),
           "allocate out");
  check(da.copyFromHost(a.data(), bytes), "copy a to the device");
  check(db.copyFromHost(b.data(), bytes), "copy b to the device");
  check(dout.fill32(kPoison), "poison out");

  // The launch, timed on a stream of its own.
  Stream stream = take(Stream::create(device), "create stream");
  Event start = take(Event::create(device), "create start event");
  Event end = take(Event::create(device), "create end event");
  CUdeviceptr pa = da.getDevicePtr(), pb = db.getDevicePtr(),
              pout = dout.getDevicePtr();
  uint64_t n = kN;
  void *args[] = {&pa, &pb, &pout, &n};
  unsigned grid = static_cast<unsigned>((kN + kBlock - 1) / kBlock);
  check(start.record(stream.getHandle()), "record start");
  check(kernel.launch({grid}, {kBlock}, 0, stream.getHandle(), args), "launch");
  check(end.record(stream.getHandle()), "record end");
  check(stream.synchronize(), "synchronize the stream");
  float ms = take(Event::getElapsedMs(start, end), "elapsed time");
  std::printf("[%s] vector_add of %zu floats on grid %u x block %u: %.3f ms, "
              "%.1f GB/s\n",
              label, kN, grid, kBlock, ms, 3.0 * bytes / (ms * 1e-3) / 1e9);

  std::vector<float> out(kN + kGuard, fromBits(kHostPoison));
  check(dout.copyToHost(out.data(), out.size() * sizeof(float)),
        "copy out to the host");
  check(device.synchronize(), "synchronize the device");

  // Against float64: a correctly rounded float sum is within half an ulp,
  // 2^-24 relative, of the exact sum, which a double holds exactly here.
  size_t bad = 0;
  double worst = 0;
  for (size_t i = 0; i < kN; ++i) {
    double reference = double(a[i]) + double(b[i]);
    double error = std::fabs(double(out[i]) - reference);
    double bound = std::ldexp(std::fabs(reference), -24);
    if (!(error <= bound)) {
      if (bad < 8)
        std::printf("  out[%zu] = %.9g (bits 0x%08x), expected %.17g from "
                    "%.9g + %.9g\n",
                    i, out[i], toBits(out[i]), reference, a[i], b[i]);
      ++bad;
    }
    if (reference != 0 && error / std::fabs(reference) > worst)
      worst = error / std::fabs(reference);
  }
  for (size_t i = kN; i < kN + kGuard; ++i) {
    if (toBits(out[i]) != kPoison) {
      if (bad < 8)
        std::printf("  guard out[%zu] was written: bits 0x%08x\n", i,
                    toBits(out[i]));
      ++bad;
    }
  }
  if (bad)
    fail(std::string(label) + ": " + std::to_string(bad) + " of " +
         std::to_string(kN + kGuard) + " elements wrong");
  std::printf("[%s] all %zu elements within 2^-24 relative of float64 "
              "(worst %.3g), guard intact\n",
              label, kN, worst);
}

/// The whole of file `path`, or a failure.
std::string readFile(const char *path) {
  std::FILE *file = std::fopen(path, "rb");
  if (!file)
    fail(std::string("cannot open ") + path + ": " + std::strerror(errno));
  std::string bytes;
  char chunk[65536];
  size_t got;
  while ((got = std::fread(chunk, 1, sizeof(chunk), file)) > 0)
    bytes.append(chunk, got);
  bool failed = std::ferror(file);
  std::fclose(file);
  if (failed)
    fail(std::string("cannot read ") + path);
  return bytes;
}

void usage() {
  std::fprintf(stderr,
               "usage: tilec-gpu-smoke [--print-ptx] [--cubin FILE]\n"
               "  --print-ptx   print the embedded PTX and exit, for ptxas\n"
               "  --cubin FILE  also run the vector_add of a cubin made from "
               "it\n");
}

} // namespace

int main(int argc, char **argv) {
  const char *cubinPath = nullptr;
  for (int i = 1; i < argc; ++i) {
    if (std::strcmp(argv[i], "--print-ptx") == 0) {
      std::fputs(kVectorAddPTX, stdout);
      return 0;
    }
    if (std::strcmp(argv[i], "--cubin") == 0 && i + 1 < argc) {
      cubinPath = argv[++i];
      continue;
    }
    usage();
    return 2;
  }

  llvm::Expected<Device> maybeDevice = Device::get(0);
  if (!maybeDevice) {
    bool unavailable = maybeDevice.errorIsA<DriverUnavailableError>();
    std::string message = llvm::toString(maybeDevice.takeError());
    if (unavailable) {
      std::printf("SKIP: %s\n", message.c_str());
      return 77;
    }
    fail("Device::get(0): " + message);
  }
  Device device = std::move(*maybeDevice);
  std::printf("device 0: %s, sm_%d, %d SMs, %" PRId64 " MiB L2\n",
              device.getName().c_str(), device.getSmVersion(),
              device.getNumSMs(), device.getL2CacheBytes() >> 20);

  uint64_t seed = std::random_device{}();
  if (const char *fixed = std::getenv("TILEC_SEED"))
    seed = std::strtoull(fixed, nullptr, 0);
  std::printf("seed %" PRIu64 " (set TILEC_SEED to repeat)\n", seed);

  Module module = take(Module::loadPTX(device, kVectorAddPTX), "loading PTX");
  if (!module.getInfoLog().empty())
    std::printf("jit info log:\n%s\n", module.getInfoLog().str().c_str());
  Kernel kernel = take(module.getKernel("vector_add"), "getKernel");
  checkVectorAdd(device, kernel, "ptx", seed);

  if (cubinPath) {
    Module cubin =
        take(Module::loadCubin(device, readFile(cubinPath)), "loading cubin");
    checkVectorAdd(device,
                   take(cubin.getKernel("vector_add"), "getKernel of cubin"),
                   "cubin", seed + 1);
  }

  // Errors that must come back as errors.
  uint64_t n = 0;
  void *args[] = {&n, &n, &n, &n};
  std::string tooBig = expectFailure(
      kernel.launch({1}, {unsigned(kernel.getMaxThreadsPerBlock()) + 32}, 0,
                    nullptr, args),
      "launch with an oversized block");
  std::printf("expected error: %s\n", tooBig.c_str());
  std::string missing =
      expectFailure(module.getKernel("no_such_kernel"), "getKernel of a "
                                                        "missing kernel");
  std::printf("expected error: %s\n", missing.c_str());
  llvm::Expected<Module> badModule = Module::loadPTX(device, kBadPTX);
  if (badModule)
    fail("loading invalid PTX succeeded");
  bool isCudaError = badModule.errorIsA<CudaError>();
  std::string badPTX = llvm::toString(badModule.takeError());
  std::printf("expected error: %s\n", badPTX.c_str());
  if (!isCudaError || badPTX.find("jit log:") == std::string::npos)
    fail("the JIT's error log is missing from the invalid-PTX error");
  // The context must still be usable after the failures.
  check(device.synchronize(), "synchronize after the expected errors");

  std::printf("PASS\n");
  return 0;
}
