//===- RuntimeTest.cpp - Tests of the runtime without a GPU -----*- C++ -*-===//
//
// Unit tests of include/tilec/Runtime.h and lib/Runtime/CudaDriver.h that need
// no GPU: the clean error of a missing driver, $TILEC_LIBCUDA, the toolkit's
// stub library, a library that lacks the entry points, and, through a fake
// driver table, the formatting of CUresult codes and the checks and
// bookkeeping of every class.
//
//===----------------------------------------------------------------------===//

#include "tilec/Runtime.h"

#include "Runtime/CudaDriver.h"
#include "Runtime/FakeCudaDriver.h"

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/raw_ostream.h"

#include "gtest/gtest.h"

#include <cstdlib>
#include <cstring>
#include <optional>
#include <string>

using namespace tilec::runtime;
using namespace tilec::runtime::fakedriver;

namespace {

/// A machine with a working driver (and so no "no driver" error to test).
bool haveDriver() {
  llvm::Expected<std::unique_ptr<CudaDriver>> driver =
      loadCudaDriver("libcuda.so.1");
  if (driver)
    return true;
  llvm::consumeError(driver.takeError());
  return false;
}

/// Sets an environment variable for the life of the object.
class ScopedEnv {
public:
  ScopedEnv(const char *name, const char *value) : name(name) {
    if (const char *old = std::getenv(name))
      saved = old;
    ::setenv(name, value, /*overwrite=*/1);
  }
  ~ScopedEnv() {
    if (saved)
      ::setenv(name, saved->c_str(), 1);
    else
      ::unsetenv(name);
  }

private:
  const char *name;
  std::optional<std::string> saved;
};

//===----------------------------------------------------------------------===//
// The real loader
//===----------------------------------------------------------------------===//

TEST(RuntimeLoaderTest, NoDriverIsACleanError) {
  if (haveDriver() || std::getenv("TILEC_LIBCUDA"))
    GTEST_SKIP() << "a CUDA driver is installed here";
  for (int attempt = 0; attempt < 2; ++attempt) {
    llvm::Expected<Device> device = Device::get();
    ASSERT_FALSE(static_cast<bool>(device));
    EXPECT_TRUE(device.errorIsA<DriverUnavailableError>());
    std::string message = llvm::toString(device.takeError());
    EXPECT_TRUE(llvm::StringRef(message).starts_with(
        "no CUDA driver found: libcuda.so.1 could not be loaded ("))
        << message;
  }
  llvm::Expected<int> count = Device::getCount();
  ASSERT_FALSE(static_cast<bool>(count));
  EXPECT_TRUE(count.errorIsA<DriverUnavailableError>());
  llvm::consumeError(count.takeError());
}

TEST(RuntimeLoaderTest, EnvVarOverridesTheLibrary) {
  ScopedEnv env("TILEC_LIBCUDA", "/nonexistent/libcuda-bogus.so");
  llvm::Expected<std::unique_ptr<CudaDriver>> driver = loadCudaDriver();
  ASSERT_FALSE(static_cast<bool>(driver));
  EXPECT_TRUE(driver.errorIsA<DriverUnavailableError>());
  std::string message = llvm::toString(driver.takeError());
  EXPECT_TRUE(llvm::StringRef(message).starts_with(
      "no CUDA driver found: $TILEC_LIBCUDA=/nonexistent/libcuda-bogus.so "
      "could not be loaded ("))
      << message;
  // No fallback to the default names when the variable is set.
  EXPECT_FALSE(llvm::StringRef(message).contains("libcuda.so.1")) << message;
}

TEST(RuntimeLoaderTest, EnvVarReachesDeviceGet) {
  // The process-wide table is loaded once, so check Device::get in a fresh
  // process: the "threadsafe" style re-runs this test binary for the child.
  GTEST_FLAG_SET(death_test_style, "threadsafe");
  EXPECT_EXIT(
      {
        ::setenv("TILEC_LIBCUDA", "/nonexistent/libcuda-bogus.so", 1);
        llvm::Expected<Device> device = Device::get();
        if (device)
          std::exit(1);
        bool unavailable = device.errorIsA<DriverUnavailableError>();
        llvm::errs() << llvm::toString(device.takeError()) << "\n";
        std::exit(unavailable ? 0 : 2);
      },
      testing::ExitedWithCode(0),
      "no CUDA driver found: \\$TILEC_LIBCUDA=/nonexistent/"
      "libcuda-bogus.so could not be loaded");
}

TEST(RuntimeLoaderTest, StubLibraryIsNoDriver) {
  const char *stub = "/usr/local/cuda/lib64/stubs/libcuda.so";
  if (!llvm::sys::fs::exists(stub))
    GTEST_SKIP() << "no stub library at " << stub;
  llvm::Expected<std::unique_ptr<CudaDriver>> driver = loadCudaDriver(stub);
  ASSERT_TRUE(static_cast<bool>(driver)) << llvm::toString(driver.takeError());
  EXPECT_EQ((*driver)->libraryPath, stub);
  // Optional entry points are resolved too when the library has them.
  EXPECT_NE((*driver)->cuTensorMapEncodeTiled, nullptr);

  setCudaDriverForTesting(driver->get());
  llvm::Expected<Device> device = Device::get();
  setCudaDriverForTesting(nullptr);
  ASSERT_FALSE(static_cast<bool>(device));
  EXPECT_TRUE(device.errorIsA<DriverUnavailableError>());
  EXPECT_EQ(llvm::toString(device.takeError()),
            std::string("no CUDA driver found: ") + stub +
                " is the CUDA toolkit's stub library (cuInit returned "
                "CUDA_ERROR_STUB_LIBRARY)");
}

TEST(RuntimeLoaderTest, LibraryWithoutEntryPoints) {
  llvm::Expected<std::unique_ptr<CudaDriver>> driver =
      loadCudaDriver("libm.so.6");
  ASSERT_FALSE(static_cast<bool>(driver));
  // The library is there: this is a broken driver, not a missing one.
  EXPECT_FALSE(driver.errorIsA<DriverUnavailableError>());
  std::string message = llvm::toString(driver.takeError());
  EXPECT_TRUE(llvm::StringRef(message).starts_with(
      "CUDA driver libm.so.6 is too old: it lacks cuGetErrorName, "
      "cuGetErrorString, cuInit, "))
      << message;
  EXPECT_TRUE(llvm::StringRef(message).ends_with("cuEventDestroy_v2"))
      << message;
}


class FakeDriverTest : public testing::Test {
protected:
  void SetUp() override {
    fake = &state;
    setCudaDriverForTesting(&driver);
  }
  void TearDown() override {
    setCudaDriverForTesting(nullptr);
    fake = nullptr;
  }

  /// Device 0 of the fake driver, which must succeed.
  Device getDevice() {
    llvm::Expected<Device> device = Device::get();
    EXPECT_TRUE(static_cast<bool>(device));
    if (!device) {
      ADD_FAILURE() << llvm::toString(device.takeError());
      std::abort();
    }
    return std::move(*device);
  }

  /// The message of an error that must be there.
  template <typename T> static std::string messageOf(llvm::Expected<T> value) {
    if (value)
      return "<success>";
    return llvm::toString(value.takeError());
  }
  static std::string messageOf(llvm::Error error) {
    if (!error)
      return "<success>";
    return llvm::toString(std::move(error));
  }

  FakeState state;
  CudaDriver driver = makeFakeDriver();
};

TEST_F(FakeDriverTest, FormatsResults) {
  EXPECT_EQ(formatCudaResult(driver, CUDA_ERROR_OUT_OF_MEMORY),
            "CUDA_ERROR_OUT_OF_MEMORY (out of memory)");
  EXPECT_EQ(formatCudaResult(driver, CUDA_ERROR_INVALID_PTX),
            "CUDA_ERROR_INVALID_PTX (a PTX JIT compilation failed)");
  // 1000 is no CUresult, but inside the enum's range (0 to 1023: its
  // largest code is 999); a value outside it is undefined behaviour.
  EXPECT_EQ(formatCudaResult(driver, static_cast<CUresult>(1000)),
            "CUresult 1000 (unknown error)");
  // A table with no error functions at all still formats.
  CudaDriver empty;
  EXPECT_EQ(formatCudaResult(empty, CUDA_ERROR_OUT_OF_MEMORY),
            "CUresult 2 (unknown error)");
}

TEST_F(FakeDriverTest, CheckCudaMakesCudaErrors) {
  EXPECT_FALSE(static_cast<bool>(
      checkCuda(driver, CUDA_SUCCESS, "cuMemAlloc_v2 failed")));

  llvm::Error error = checkCuda(driver, CUDA_ERROR_OUT_OF_MEMORY,
                                "cuMemAlloc_v2 of 4096 bytes failed");
  ASSERT_TRUE(error.isA<CudaError>());
  CUresult result = CUDA_SUCCESS;
  std::string message;
  llvm::handleAllErrors(std::move(error), [&](const CudaError &cudaError) {
    result = cudaError.getResult();
    message = cudaError.getMessage();
  });
  EXPECT_EQ(result, CUDA_ERROR_OUT_OF_MEMORY);
  EXPECT_EQ(message, "cuMemAlloc_v2 of 4096 bytes failed: "
                     "CUDA_ERROR_OUT_OF_MEMORY (out of memory)");
}

TEST_F(FakeDriverTest, DeviceProperties) {
  {
    Device device = getDevice();
    EXPECT_EQ(device.getOrdinal(), 0);
    EXPECT_EQ(device.getName(), "Fake GPU");
    EXPECT_EQ(device.getNumSMs(), 132);
    EXPECT_EQ(device.getComputeCapabilityMajor(), 9);
    EXPECT_EQ(device.getComputeCapabilityMinor(), 0);
    EXPECT_EQ(device.getSmVersion(), 90);
    EXPECT_EQ(device.getL2CacheBytes(), 50 * 1024 * 1024);
    EXPECT_EQ(device.getMaxSharedBytesPerBlockOptin(), 227 * 1024);
    EXPECT_EQ(device.getContext(), kContext);
    EXPECT_EQ(messageOf(device.getAttribute(CU_DEVICE_ATTRIBUTE_CLOCK_RATE)),
              llvm::formatv("cuDeviceGetAttribute {0} of device 0 failed: "
                            "CUDA_ERROR_INVALID_VALUE (invalid argument)",
                            static_cast<int>(CU_DEVICE_ATTRIBUTE_CLOCK_RATE))
                  .str());
    Device copy = device;
    EXPECT_EQ(state.retains, 1);
    EXPECT_EQ(state.releases, 0);
    EXPECT_EQ(messageOf(device.synchronize()),
              "cuCtxSynchronize of device 0 failed: CUDA_ERROR_LAUNCH_FAILED "
              "(unspecified launch failure)");
  }
  // One retain, released with the last copy.
  EXPECT_EQ(state.releases, 1);
}

TEST_F(FakeDriverTest, DeviceCountAndOrdinals) {
  state.deviceCount = 2;
  llvm::Expected<int> count = Device::getCount();
  ASSERT_TRUE(static_cast<bool>(count));
  EXPECT_EQ(*count, 2);
  EXPECT_EQ(messageOf(Device::get(2)),
            "no CUDA device 2: the driver sees 2 device(s)");
  EXPECT_EQ(messageOf(Device::get(-1)),
            "no CUDA device -1: the driver sees 2 device(s)");
  EXPECT_EQ(state.retains, 0);
}

TEST_F(FakeDriverTest, NoDeviceIsUnavailable) {
  state.initResult = CUDA_ERROR_NO_DEVICE;
  llvm::Expected<Device> device = Device::get();
  ASSERT_FALSE(static_cast<bool>(device));
  EXPECT_TRUE(device.errorIsA<DriverUnavailableError>());
  EXPECT_EQ(messageOf(std::move(device)),
            "no CUDA device found: cuInit failed: CUDA_ERROR_NO_DEVICE (no "
            "CUDA-capable device is detected)");
}

TEST_F(FakeDriverTest, OtherInitFailureIsACudaError) {
  state.initResult = CUDA_ERROR_INVALID_VALUE;
  llvm::Expected<Device> device = Device::get();
  ASSERT_FALSE(static_cast<bool>(device));
  EXPECT_TRUE(device.errorIsA<CudaError>());
  EXPECT_FALSE(device.errorIsA<DriverUnavailableError>());
  EXPECT_EQ(messageOf(std::move(device)),
            "cuInit failed: CUDA_ERROR_INVALID_VALUE (invalid argument)");
}

TEST_F(FakeDriverTest, BufferAllocationFailure) {
  Device device = getDevice();
  state.allocResult = CUDA_ERROR_OUT_OF_MEMORY;
  llvm::Expected<DeviceBuffer> buffer = DeviceBuffer::allocate(device, 1024);
  ASSERT_FALSE(static_cast<bool>(buffer));
  EXPECT_TRUE(buffer.errorIsA<CudaError>());
  EXPECT_EQ(messageOf(std::move(buffer)),
            "cuMemAlloc_v2 of 1024 bytes on device 0 failed: "
            "CUDA_ERROR_OUT_OF_MEMORY (out of memory)");
  EXPECT_EQ(state.frees, 0);
}

TEST_F(FakeDriverTest, BufferCopiesAndFree) {
  Device device = getDevice();
  {
    llvm::Expected<DeviceBuffer> buffer = DeviceBuffer::allocate(device, 20);
    ASSERT_TRUE(static_cast<bool>(buffer)) << messageOf(buffer.takeError());
    EXPECT_EQ(buffer->getDevicePtr(), kDevicePtr);
    EXPECT_EQ(buffer->getSize(), 20u);

    char host[32] = {};
    EXPECT_EQ(messageOf(buffer->copyFromHost(host, 20)), "<success>");
    EXPECT_EQ(messageOf(buffer->copyToHost(host, 4, 16)), "<success>");
    EXPECT_EQ(messageOf(buffer->copyFromHost(host, 16, 8)),
              "copy to the device of 16 bytes at offset 8 is past the end of "
              "a 20-byte device buffer");
    EXPECT_EQ(messageOf(buffer->copyToHost(host, 1, ~size_t(0))),
              "copy to the host of 1 bytes at offset 18446744073709551615 is "
              "past the end of a 20-byte device buffer");
    EXPECT_EQ(messageOf(buffer->copyToHost(nullptr, 4)),
              "copy to the host into a null host pointer");

    EXPECT_EQ(messageOf(buffer->fill32(0x7fc00000u)), "<success>");
    EXPECT_EQ(state.lastMemsetValue, 0x7fc00000u);
    EXPECT_EQ(state.lastMemsetWords, 5u);

    // Moving hands the allocation over: one free in all.
    DeviceBuffer moved = std::move(*buffer);
    EXPECT_EQ(moved.getDevicePtr(), kDevicePtr);
    EXPECT_EQ(buffer->getDevicePtr(), 0u);
    EXPECT_EQ(messageOf(buffer->copyFromHost(host, 1)),
              "copy to the device of 1 bytes at offset 0 is past the end of a "
              "0-byte device buffer");
  }
  EXPECT_EQ(state.allocs, 1);
  EXPECT_EQ(state.frees, 1);

  llvm::Expected<DeviceBuffer> odd = DeviceBuffer::allocate(device, 6);
  ASSERT_TRUE(static_cast<bool>(odd));
  EXPECT_EQ(messageOf(odd->fill32(0)),
            "cannot fill a 6-byte device buffer with 32-bit words");

  llvm::Expected<DeviceBuffer> empty = DeviceBuffer::allocate(device, 0);
  ASSERT_TRUE(static_cast<bool>(empty));
  EXPECT_EQ(empty->getDevicePtr(), 0u);
  EXPECT_EQ(state.allocs, 2);
}

TEST_F(FakeDriverTest, JitErrorLogGoesIntoTheError) {
  Device device = getDevice();
  state.loadResult = CUDA_ERROR_INVALID_PTX;
  state.jitErrorLog = "ptxas application ptx input, line 3; error   : "
                      "Unknown symbol 'foo'\n\n";
  llvm::StringRef ptx = ".version 8.0\n.target sm_80\nfoo;";
  llvm::Expected<Module> module = Module::loadPTX(device, ptx);
  ASSERT_FALSE(static_cast<bool>(module));
  EXPECT_TRUE(module.errorIsA<CudaError>());
  EXPECT_EQ(messageOf(std::move(module)),
            "cuModuleLoadDataEx of PTX failed: CUDA_ERROR_INVALID_PTX (a PTX "
            "JIT compilation failed)\njit log:\nptxas application ptx input, "
            "line 3; error   : Unknown symbol 'foo'");
  // The driver got the text NUL-terminated.
  EXPECT_EQ(state.loadedImage, ptx.str());
  EXPECT_EQ(state.unloads, 0);

  // Without a log the message is just the result.
  state.jitErrorLog.clear();
  EXPECT_EQ(messageOf(Module::loadPTX(device, ptx)),
            "cuModuleLoadDataEx of PTX failed: CUDA_ERROR_INVALID_PTX (a PTX "
            "JIT compilation failed)");
  EXPECT_EQ(messageOf(Module::loadPTX(device, " \n")),
            "cannot load an empty PTX module");
}

TEST_F(FakeDriverTest, CubinIsChecked) {
  Device device = getDevice();
  EXPECT_EQ(messageOf(Module::loadCubin(device, ".version 8.0")),
            "cannot load a 12-byte image as a cubin: it is neither an ELF "
            "image nor a fatbinary");
  EXPECT_EQ(state.loads, 0);
  llvm::Expected<Module> module =
      Module::loadCubin(device, llvm::StringRef("\177ELF\x02\x01\x01", 7));
  ASSERT_TRUE(static_cast<bool>(module)) << messageOf(module.takeError());
  EXPECT_EQ(state.loadedImage, "\177ELF");
}

TEST_F(FakeDriverTest, ModuleKernelAndLaunch) {
  Device device = getDevice();
  state.jitInfoLog = "ptxas info    : Used 8 registers\n";
  std::optional<Kernel> kernel;
  {
    llvm::Expected<Module> module = Module::loadPTX(device, ".version 8.0");
    ASSERT_TRUE(static_cast<bool>(module)) << messageOf(module.takeError());
    EXPECT_EQ(module->getHandle(), kModule);
    EXPECT_EQ(module->getInfoLog(), "ptxas info    : Used 8 registers");

    llvm::Expected<Kernel> missing = module->getKernel("nope");
    ASSERT_FALSE(static_cast<bool>(missing));
    EXPECT_TRUE(missing.errorIsA<CudaError>());
    EXPECT_EQ(messageOf(std::move(missing)),
              "kernel 'nope' not found in module: cuModuleGetFunction "
              "failed: CUDA_ERROR_NOT_FOUND (named symbol not found)");

    llvm::Expected<Kernel> found = module->getKernel("vector_add");
    ASSERT_TRUE(static_cast<bool>(found)) << messageOf(found.takeError());
    kernel = std::move(*found);
  }
  // The kernel keeps the module loaded.
  EXPECT_EQ(state.unloads, 0);
  EXPECT_EQ(kernel->getName(), "vector_add");
  EXPECT_EQ(kernel->getHandle(), kFunction);
  EXPECT_EQ(kernel->getMaxThreadsPerBlock(), 512);
  llvm::Expected<int> registers =
      kernel->getAttribute(CU_FUNC_ATTRIBUTE_NUM_REGS);
  ASSERT_TRUE(static_cast<bool>(registers));
  EXPECT_EQ(*registers, 24);

  int value = 7;
  void *args[] = {&value};
  EXPECT_EQ(messageOf(kernel->launch({65537}, {256}, 0, nullptr, args)),
            "<success>");
  EXPECT_EQ(state.launches, 1);
  EXPECT_EQ(state.lastGridX, 65537u);
  EXPECT_EQ(state.lastBlockX, 256u);
  EXPECT_EQ(state.lastArgs, args);

  EXPECT_EQ(messageOf(kernel->launch({1}, {32, 32}, 0, nullptr, args)),
            "block of 1024 threads (32, 32, 1) exceeds the 512 that kernel "
            "'vector_add' allows");
  EXPECT_EQ(messageOf(kernel->launch({4, 0}, {32}, 0, nullptr, args)),
            "launch of kernel 'vector_add' with an empty grid (4, 0, 1)");
  EXPECT_EQ(messageOf(kernel->launch({4}, {0}, 0, nullptr, args)),
            "launch of kernel 'vector_add' with an empty block (0, 1, 1)");
  EXPECT_EQ(state.launches, 1);

  // Above 48 KiB the kernel's limit is raised first, once.
  EXPECT_EQ(messageOf(kernel->launch({1}, {128}, 100000, nullptr, args)),
            "<success>");
  EXPECT_EQ(state.setAttributes, 1);
  EXPECT_EQ(state.lastShared, 100000u);
  EXPECT_EQ(messageOf(kernel->launch({1}, {128}, 90000, nullptr, args)),
            "<success>");
  EXPECT_EQ(state.setAttributes, 1);
  EXPECT_EQ(messageOf(kernel->launch({1}, {128}, 300000, nullptr, args)),
            "cannot give kernel 'vector_add' 300000 bytes of dynamic shared "
            "memory: cuFuncSetAttribute failed: CUDA_ERROR_INVALID_VALUE "
            "(invalid argument)");
  EXPECT_EQ(state.launches, 3);

  kernel.reset();
  EXPECT_EQ(state.unloads, 1);
}

TEST_F(FakeDriverTest, StreamsAndEvents) {
  Device device = getDevice();
  {
    llvm::Expected<Stream> stream = Stream::create(device);
    ASSERT_TRUE(static_cast<bool>(stream));
    EXPECT_EQ(stream->getHandle(), kStream);
    llvm::Expected<Event> start = Event::create(device);
    llvm::Expected<Event> end = Event::create(device);
    ASSERT_TRUE(start && end);
    EXPECT_EQ(messageOf(start->record(stream->getHandle())), "<success>");
    EXPECT_EQ(messageOf(end->record(stream->getHandle())), "<success>");
    EXPECT_EQ(messageOf(stream->synchronize()), "<success>");
    EXPECT_EQ(messageOf(end->synchronize()), "<success>");
    llvm::Expected<float> ms = Event::getElapsedMs(*start, *end);
    ASSERT_TRUE(static_cast<bool>(ms));
    EXPECT_EQ(*ms, 1.5f);

    Stream movedStream = std::move(*stream);
    EXPECT_EQ(messageOf(stream->synchronize()),
              "synchronize of a moved-from stream");
    Event movedEvent = std::move(*start);
    EXPECT_EQ(messageOf(Event::getElapsedMs(*start, *end)),
              "elapsed time of a moved-from event");
  }
  EXPECT_EQ(state.streamsCreated, 1);
  EXPECT_EQ(state.streamsDestroyed, 1);
  EXPECT_EQ(state.eventsCreated, 2);
  EXPECT_EQ(state.eventsDestroyed, 2);
}

} // namespace
