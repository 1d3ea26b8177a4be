//===- JITTest.cpp - Tests of the embedding API without a GPU ---*- C++ -*-===//
//
// include/tilec/JIT.h on the CPU: argument checking and packing against a
// kernel's parameters, and the whole compile -> load -> launch path of a real
// kernel (vector_add.py, compiled to PTX) through the fake driver of
// unittests/Runtime, which records what reached cuLaunchKernel. Also the
// clean error of a machine with no driver.
//
//===----------------------------------------------------------------------===//

#include "tilec/JIT.h"

#include "Runtime/FakeCudaDriver.h"

#include "llvm/Support/FileSystem.h"

#include "gtest/gtest.h"

#include <cmath>
#include <cstring>

using namespace tilec;
using namespace tilec::jit;
using namespace tilec::runtime;
using namespace tilec::runtime::fakedriver;

namespace {

/// The runtime parameters of softmax_kernel for "*fp32:16, *fp32:16,
/// i32:16, i32:16, i32, 1024", plus an fp32 and an i64 one.
KernelMetadata softmaxLike() {
  KernelMetadata md;
  md.name = "softmax_kernel";
  md.params = {{"out_ptr", "*fp32", KernelParam::Kind::Pointer, 64},
               {"in_ptr", "*fp32", KernelParam::Kind::Pointer, 64},
               {"in_row_stride", "i32", KernelParam::Kind::Int, 32},
               {"n_cols", "i32", KernelParam::Kind::Int, 32},
               {"eps", "fp32", KernelParam::Kind::Float, 32},
               {"count", "i64", KernelParam::Kind::Int, 64}};
  return md;
}

std::string packError(const KernelMetadata &md,
                      std::initializer_list<KernelArg> args) {
  PackedArgs packed;
  llvm::Error e = packArguments(md, args, packed);
  if (!e)
    return "<success>";
  EXPECT_TRUE(e.isA<ArgumentError>());
  return llvm::toString(std::move(e));
}

TEST(PackArgumentsTest, PacksEachValueAtItsWidth) {
  PackedArgs packed;
  ASSERT_FALSE(static_cast<bool>(packArguments(
      softmaxLike(),
      {DevicePtr{0x1000}, DevicePtr{0x2000}, 1024, -7, 0.5f, int64_t(1) << 40},
      packed)));
  ASSERT_EQ(packed.pointers.size(), 6u);
  for (size_t i = 0; i < 6; ++i)
    EXPECT_EQ(packed.pointers[i], &packed.slots[i]);
  EXPECT_EQ(packed.slots[0], 0x1000u);
  EXPECT_EQ(packed.slots[1], 0x2000u);
  int32_t i32;
  std::memcpy(&i32, &packed.slots[3], 4);
  EXPECT_EQ(i32, -7);
  float f;
  std::memcpy(&f, &packed.slots[4], 4);
  EXPECT_EQ(f, 0.5f);
  EXPECT_EQ(packed.slots[5], uint64_t(1) << 40);
}

TEST(PackArgumentsTest, IntegersConvertToFloatParameters) {
  PackedArgs packed;
  ASSERT_FALSE(static_cast<bool>(packArguments(
      softmaxLike(), {DevicePtr{1}, DevicePtr{2}, 3, 4, 2, 5}, packed)));
  float f;
  std::memcpy(&f, &packed.slots[4], 4);
  EXPECT_EQ(f, 2.0f);
}

TEST(PackArgumentsTest, HalfFloatParametersTakeTheirBits) {
  // fp16 rounds to nearest even (as Triton's launcher), bf16 keeps the high
  // half of the fp32 (truncates, as Triton's launcher).
  KernelMetadata md;
  md.name = "k";
  md.params = {{"h", "fp16", KernelParam::Kind::Float, 16},
               {"b", "bf16", KernelParam::Kind::Float, 16}};
  PackedArgs packed;
  ASSERT_FALSE(
      static_cast<bool>(packArguments(md, {1.0 + 0x1p-11, 1.0 + 0x1p-8},
                                      packed)));
  EXPECT_EQ(packed.slots[0], 0x3c00u); // 1 + 2^-11 is a tie: to even, 1.0
  EXPECT_EQ(packed.slots[1], 0x3f80u); // 1 + 2^-8 truncates to 1.0
  ASSERT_FALSE(static_cast<bool>(packArguments(md, {-2.5, 3}, packed)));
  EXPECT_EQ(packed.slots[0], 0xc100u);
  EXPECT_EQ(packed.slots[1], 0x4040u);
  ASSERT_FALSE(static_cast<bool>(
      packArguments(md, {HUGE_VAL, HUGE_VAL}, packed)));
  EXPECT_EQ(packed.slots[0], 0x7c00u);
  EXPECT_EQ(packed.slots[1], 0x7f80u);
  EXPECT_EQ(packError(md, {70000.0, 1.0}),
            "launch of 'k': argument 1 ('h') is fp16, but 70000 is out of "
            "its range");
}

TEST(PackArgumentsTest, WrongCountIsAnError) {
  EXPECT_EQ(packError(softmaxLike(), {DevicePtr{1}, DevicePtr{2}, 3}),
            "launch of 'softmax_kernel': expected 6 arguments (the "
            "parameters that are not constexpr), got 3");
}

TEST(PackArgumentsTest, WrongKindsAreErrors) {
  CUdeviceptr raw = 0x1000;
  EXPECT_EQ(packError(softmaxLike(), {raw, DevicePtr{2}, 3, 4, 1.0f, 5}),
            "launch of 'softmax_kernel': argument 1 ('out_ptr') is *fp32 in "
            "the signature, got an integer (pass device addresses as "
            "tilec::jit::DevicePtr or a DeviceBuffer)");
  EXPECT_EQ(
      packError(softmaxLike(),
                {DevicePtr{1}, DevicePtr{2}, DevicePtr{3}, 4, 1.0f, 5}),
      "launch of 'softmax_kernel': argument 3 ('in_row_stride') is i32 in "
      "the signature, got a device pointer");
  EXPECT_EQ(
      packError(softmaxLike(), {DevicePtr{1}, DevicePtr{2}, 3, 4.0, 1.0f, 5}),
      "launch of 'softmax_kernel': argument 4 ('n_cols') is i32 in the "
      "signature, got a float");
  EXPECT_EQ(packError(softmaxLike(), {DevicePtr{1}, 2.0f, 3, 4, 1.0f, 5}),
            "launch of 'softmax_kernel': argument 2 ('in_ptr') is *fp32 in "
            "the signature, got a float");
}

TEST(PackArgumentsTest, OutOfRangeIntegersAreErrors) {
  EXPECT_EQ(packError(softmaxLike(), {DevicePtr{1}, DevicePtr{2},
                                      int64_t(1) << 31, 4, 1.0f, 5}),
            "launch of 'softmax_kernel': argument 3 ('in_row_stride') is "
            "i32, but 2147483648 is out of its range [-2147483648, "
            "2147483647]");
  KernelMetadata md;
  md.name = "k";
  md.params = {{"flag", "i1", KernelParam::Kind::Int, 1},
               {"n", "u32", KernelParam::Kind::Int, 32}};
  EXPECT_EQ(packError(md, {2, 1}), "launch of 'k': argument 1 ('flag') is "
                                   "i1, but 2 is out of its range [0, 1]");
  EXPECT_EQ(packError(md, {1, -1}), "launch of 'k': argument 2 ('n') is "
                                    "u32, but -1 is out of its range [0, "
                                    "4294967295]");
  EXPECT_EQ(packError(md, {true, 4000000000u}), "<success>");
}

//===----------------------------------------------------------------------===//
// Compile, load and launch through the fake driver
//===----------------------------------------------------------------------===//

class JITFakeDriverTest : public testing::Test {
protected:
  void SetUp() override {
    fake = &state;
    setCudaDriverForTesting(&driver);
    llvm::SmallString<128> path;
    ASSERT_FALSE(llvm::sys::fs::createUniqueDirectory("tilec-jit", path));
    dir = std::string(path);
  }
  void TearDown() override {
    setCudaDriverForTesting(nullptr);
    fake = nullptr;
    llvm::sys::fs::remove_directories(dir);
  }

  FakeState state;
  CudaDriver driver = makeFakeDriver();
  std::string dir;
};

TEST_F(JITFakeDriverTest, CompilesLoadsAndLaunchesVectorAdd) {
  llvm::Expected<Device> device = Device::get();
  ASSERT_TRUE(static_cast<bool>(device)) << llvm::toString(device.takeError());
  KernelCache::Config config;
  config.directory = dir;
  KernelCache cache(config);
  CompileOptions opts;
  opts.kernelName = "add_kernel";
  opts.signature = "*fp32:16, *fp32:16, *fp32:16, i32, 1024";
  // PTX only, so the test needs no ptxas: the fake driver "JITs" it.
  opts.assemble = CompileOptions::Assemble::Never;
  llvm::Expected<LoadedKernel> kernel = loadKernelFromFile(
      *device, TILEC_EXAMPLES_DIR "/vector_add.py", opts, &cache);
  ASSERT_TRUE(static_cast<bool>(kernel)) << llvm::toString(kernel.takeError());
  EXPECT_EQ(state.loads, 1);
  // Loaded as PTX text (the fake records the image it got).
  EXPECT_NE(state.loadedImage.find(".entry add_kernel"), std::string::npos);
  const KernelMetadata &md = kernel->getMetadata();
  EXPECT_EQ(md.threadsPerBlock, 128);
  ASSERT_EQ(md.params.size(), 4u);
  EXPECT_EQ(md.params[3].name, "n_elements");
  EXPECT_EQ(md.params[3].type, "i32");

  state.argsToCopy = 4;
  EXPECT_FALSE(
      static_cast<bool>((*kernel)({8}, kStream, DevicePtr{0x100},
                                  DevicePtr{0x200}, DevicePtr{0x300}, 8192)));
  EXPECT_EQ(state.launches, 1);
  EXPECT_EQ(state.lastGridX, 8u);
  EXPECT_EQ(state.lastBlockX, 128u);
  ASSERT_EQ(state.lastArgWords.size(), 4u);
  EXPECT_EQ(state.lastArgWords[0], 0x100u);
  EXPECT_EQ(state.lastArgWords[2], 0x300u);
  EXPECT_EQ(static_cast<uint32_t>(state.lastArgWords[3]), 8192u);

  // A bad launch is an error value and never reaches the driver.
  llvm::Error bad = (*kernel)({8}, kStream, DevicePtr{0x100}, 7);
  ASSERT_TRUE(static_cast<bool>(bad));
  EXPECT_TRUE(bad.isA<ArgumentError>());
  EXPECT_EQ(llvm::toString(std::move(bad)),
            "launch of 'add_kernel': expected 4 arguments (the parameters "
            "that are not constexpr), got 2");
  EXPECT_EQ(state.launches, 1);

  // A second load is a cache hit (memory), and loads the module again.
  llvm::Expected<LoadedKernel> again = loadKernelFromFile(
      *device, TILEC_EXAMPLES_DIR "/vector_add.py", opts, &cache);
  ASSERT_TRUE(static_cast<bool>(again));
  EXPECT_EQ(cache.getStats().memoryHits, 1u);
  EXPECT_EQ(state.loads, 2);
}

TEST_F(JITFakeDriverTest, LoadErrorsCarryTheDriverResult) {
  llvm::Expected<Device> device = Device::get();
  ASSERT_TRUE(static_cast<bool>(device));
  state.loadResult = CUDA_ERROR_INVALID_PTX;
  state.jitErrorLog = "ptxas fatal: bad";
  auto compiled = std::make_shared<CompiledKernel>();
  compiled->ptx = ".version 8.0";
  compiled->metadata.name = "k";
  llvm::Expected<LoadedKernel> k = LoadedKernel::load(*device, compiled);
  ASSERT_FALSE(static_cast<bool>(k));
  EXPECT_TRUE(k.errorIsA<CudaError>());
  std::string message = llvm::toString(k.takeError());
  EXPECT_NE(message.find("CUDA_ERROR_INVALID_PTX (a PTX JIT compilation "
                         "failed)"),
            std::string::npos)
      << message;
  EXPECT_NE(message.find("ptxas fatal: bad"), std::string::npos) << message;
}

TEST_F(JITFakeDriverTest, CompileErrorsComeBackAsDiagnostics) {
  llvm::Expected<Device> device = Device::get();
  ASSERT_TRUE(static_cast<bool>(device));
  KernelCache::Config config;
  config.useDisk = false;
  KernelCache cache(config);
  CompileOptions opts;
  opts.signature = "*fp32";
  llvm::Expected<LoadedKernel> k =
      loadKernel(*device,
                 "import triton\nimport triton.language as tl\n@triton.jit\n"
                 "def f(p):\n    x = tl.arange(0, 100)\n",
                 "mem.py", opts, &cache);
  ASSERT_FALSE(static_cast<bool>(k));
  EXPECT_TRUE(k.errorIsA<CompileError>());
  std::string message = llvm::toString(k.takeError());
  EXPECT_NE(message.find("mem.py:5:9: error: 'tl.arange' range must be a "
                         "power of two, got 100"),
            std::string::npos)
      << message;
  EXPECT_EQ(state.loads, 0);
}

TEST_F(JITFakeDriverTest, MissingFileIsAnError) {
  llvm::Expected<Device> d = Device::get();
  ASSERT_TRUE(static_cast<bool>(d));
  llvm::Expected<LoadedKernel> k =
      loadKernelFromFile(*d, "/nonexistent/k.py", CompileOptions());
  ASSERT_FALSE(static_cast<bool>(k));
  EXPECT_EQ(llvm::toString(k.takeError()),
            "cannot read kernel file '/nonexistent/k.py': No such file or "
            "directory");
}

TEST_F(JITFakeDriverTest, DeviceFileIsRefusedAtOnce) {
  // /dev/zero used to be read until memory ran out.
  llvm::Expected<Device> d = Device::get();
  ASSERT_TRUE(static_cast<bool>(d));
  llvm::Expected<LoadedKernel> k =
      loadKernelFromFile(*d, "/dev/zero", CompileOptions());
  ASSERT_FALSE(static_cast<bool>(k));
  EXPECT_EQ(llvm::toString(k.takeError()),
            "cannot read kernel file '/dev/zero': not a regular file");
}

TEST(CompileLimitsTest, LaunchOptionsOutOfRangeAreRefused) {
  // 64 warps would be 2048 threads, more than a CUDA block can have.
  CompileOptions options;
  options.kernelName = "k";
  options.signature = "*fp32";
  const char *source = "import triton\n"
                       "@triton.jit\n"
                       "def k(X):\n"
                       "    pass\n";
  options.numWarps = 64;
  llvm::Expected<CompiledKernel> k = compileKernel(source, "k.py", options);
  ASSERT_FALSE(static_cast<bool>(k));
  EXPECT_EQ(llvm::toString(k.takeError()),
            "num_warps must be a power of two from 1 to 32, got 64");
  options.numWarps = 4;
  options.numStages = 17;
  k = compileKernel(source, "k.py", options);
  ASSERT_FALSE(static_cast<bool>(k));
  EXPECT_EQ(llvm::toString(k.takeError()),
            "num_stages must be from 1 to 16, got 17");
}

TEST(JITNoDriverTest, CompilesWithoutADriverAndOnlyTheDeviceFails) {
  // In a child process, so the process-wide driver table is fresh. With no
  // driver, compiling still works (the JIT's compile step needs none); the
  // device is where the clean error comes from. (RuntimeTest checks the
  // error's text.)
  GTEST_FLAG_SET(death_test_style, "threadsafe");
  EXPECT_EXIT(
      {
        ::setenv("TILEC_LIBCUDA", "/nonexistent/libcuda.so.1", 1);
        CompileOptions opts;
        opts.signature = "*fp32:16, i32, 128";
        opts.assemble = CompileOptions::Assemble::Never;
        llvm::Expected<CompiledKernel> k = compileKernel(
            "import triton\nimport triton.language as tl\n@triton.jit\n"
            "def f(p, n, B: tl.constexpr):\n"
            "    i = tl.arange(0, B)\n"
            "    tl.store(p + i, i.to(tl.float32), mask=i < n)\n",
            "nodriver.py", opts);
        if (!k) {
          llvm::errs() << llvm::toString(k.takeError()) << "\n";
          std::exit(3);
        }
        if (k->ptx.find(".entry f(") == std::string::npos)
          std::exit(4);
        llvm::Expected<Device> device = Device::get();
        if (device)
          std::exit(1);
        bool unavailable = device.errorIsA<DriverUnavailableError>();
        llvm::errs() << llvm::toString(device.takeError()) << "\n";
        std::exit(unavailable ? 0 : 2);
      },
      testing::ExitedWithCode(0), "no CUDA driver found: ");
}

} // namespace
