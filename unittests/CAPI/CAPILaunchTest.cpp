//===- CAPILaunchTest.cpp - The C API: devices and launches -----*- C++ -*-===//
//
// include/tilec/tilec.h's device, load and launch calls through the fake
// CUDA driver of unittests/Runtime (installed in the C++ runtime beneath the
// C API), which records what reached cuLaunchKernel: typed arguments and
// 8-byte slots, converted to the parameters' widths; arguments refused
// before the driver; driver failures with their CUresult; and the clean
// error of a process without a driver.
//
//===----------------------------------------------------------------------===//

#include "tilec/tilec.h"

#include "Runtime/FakeCudaDriver.h"

#include "gtest/gtest.h"

#include <algorithm>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

using namespace tilec::runtime;
using namespace tilec::runtime::fakedriver;

namespace {

class CAPILaunchTest : public testing::Test {
protected:
  void SetUp() override {
    fake = &state;
    setCudaDriverForTesting(&driver);
    state.argsToCopy = 5;
    tilec_error *e = nullptr;
    ASSERT_EQ(tilec_device_get(0, &device, &e), TILEC_OK)
        << tilec_error_message(e);
  }
  void TearDown() override {
    tilec_kernel_free(kernel);
    tilec_device_free(device);
    setCudaDriverForTesting(nullptr);
    fake = nullptr;
  }

  /// Compiles `source` to PTX and loads it.
  void load(const char *source, const char *kernelName,
            const char *signature) {
    tilec_options *o = tilec_options_create();
    tilec_options_set_kernel(o, kernelName);
    tilec_options_set_signature(o, signature);
    tilec_options_set_assemble(o, TILEC_ASSEMBLE_NEVER);
    tilec_compiled *c = nullptr;
    tilec_error *e = nullptr;
    ASSERT_EQ(tilec_compile(source, -1, "k.py", o, 0, &c, &e), TILEC_OK)
        << tilec_error_message(e);
    tilec_options_free(o);
    ASSERT_EQ(tilec_kernel_load(device, c, &kernel, &e), TILEC_OK)
        << tilec_error_message(e);
    // The kernel keeps what it needs of the compiled kernel.
    tilec_compiled_free(c);
  }

  FakeState state;
  CudaDriver driver = makeFakeDriver();
  tilec_device *device = nullptr;
  tilec_kernel *kernel = nullptr;
};

/// Five runtime parameters of four kinds and widths.
const char *const kMixed = "import triton\nimport triton.language as tl\n"
                           "@triton.jit\n"
                           "def mixed(out, n, big, scale, small):\n"
                           "    tl.store(out, n + big + small + scale)\n";
const char *const kMixedSig = "*fp32, i32, i64, fp32, i8";

TEST_F(CAPILaunchTest, DeviceAndArch) {
  int count = 0;
  EXPECT_EQ(tilec_device_count(&count, nullptr), TILEC_OK);
  EXPECT_EQ(count, 1);
  EXPECT_EQ(tilec_device_compute_capability(device), 90);
  EXPECT_STREQ(tilec_device_arch(device), "sm_90a");
  EXPECT_EQ(tilec_device_synchronize(nullptr, nullptr), TILEC_ERROR_INVALID);
}

TEST_F(CAPILaunchTest, TypedArgumentsReachTheDriverAtTheirWidths) {
  load(kMixed, "mixed", kMixedSig);
  ASSERT_NE(kernel, nullptr);
  EXPECT_NE(state.loadedImage.find(".entry mixed"), std::string::npos);
  EXPECT_STREQ(tilec_compiled_string(tilec_kernel_compiled(kernel),
                                     TILEC_MD_NAME),
               "mixed");
  tilec_arg args[5];
  args[0].kind = TILEC_PARAM_POINTER;
  args[0].value.pointer = 0x7000;
  args[1].kind = TILEC_PARAM_INT;
  args[1].value.integer = -5;
  args[2].kind = TILEC_PARAM_INT;
  args[2].value.integer = int64_t(1) << 40;
  args[3].kind = TILEC_PARAM_FLOAT;
  args[3].value.floating = 0.5;
  args[4].kind = TILEC_PARAM_INT;
  args[4].value.integer = 100;
  tilec_error *e = nullptr;
  ASSERT_EQ(tilec_kernel_launch(kernel, 3, 1, 1, kStream, args, 5, &e),
            TILEC_OK)
      << tilec_error_message(e);
  EXPECT_EQ(state.launches, 1);
  EXPECT_EQ(state.lastGridX, 3u);
  EXPECT_EQ(state.lastBlockX, 128u);
  ASSERT_EQ(state.lastArgWords.size(), 5u);
  EXPECT_EQ(state.lastArgWords[0], 0x7000u);
  EXPECT_EQ(static_cast<int32_t>(state.lastArgWords[1]), -5);
  EXPECT_EQ(state.lastArgWords[2], uint64_t(1) << 40);
  float f;
  std::memcpy(&f, &state.lastArgWords[3], 4);
  EXPECT_EQ(f, 0.5f);
  EXPECT_EQ(static_cast<int8_t>(state.lastArgWords[4]), 100);
}

TEST_F(CAPILaunchTest, SlotsAreReadByTheParametersKinds) {
  load(kMixed, "mixed", kMixedSig);
  ASSERT_NE(kernel, nullptr);
  uint64_t slots[5];
  slots[0] = 0x9000;
  int64_t n = 7;
  std::memcpy(&slots[1], &n, 8);
  slots[2] = 12;
  double scale = 2.25;
  std::memcpy(&slots[3], &scale, 8);
  int64_t small = -3;
  std::memcpy(&slots[4], &small, 8);
  tilec_error *e = nullptr;
  ASSERT_EQ(tilec_kernel_launch_slots(kernel, 2, 1, 1, nullptr, slots, 5, &e),
            TILEC_OK)
      << tilec_error_message(e);
  EXPECT_EQ(state.launches, 1);
  EXPECT_EQ(state.lastArgWords[0], 0x9000u);
  EXPECT_EQ(static_cast<int32_t>(state.lastArgWords[1]), 7);
  float f;
  std::memcpy(&f, &state.lastArgWords[3], 4);
  EXPECT_EQ(f, 2.25f);
  EXPECT_EQ(static_cast<int8_t>(state.lastArgWords[4]), -3);
}

/// A packet: the header tilec.h lays out, then the slots.
std::vector<uint64_t> makePacket(const tilec_kernel *kernel, uint32_t gx,
                                 uint32_t gy, uint32_t gz, uint64_t stream,
                                 std::vector<uint64_t> slots) {
  std::vector<uint64_t> packet(5 + slots.size());
  packet[0] = reinterpret_cast<uintptr_t>(kernel);
  packet[1] = slots.size();
  uint32_t grid[4] = {gx, gy, gz, 0};
  std::memcpy(&packet[2], grid, 16);
  packet[4] = stream;
  std::copy(slots.begin(), slots.end(), packet.begin() + 5);
  return packet;
}

TEST_F(CAPILaunchTest, PacketCarriesKernelGridStreamAndSlots) {
  load(kMixed, "mixed", kMixedSig);
  ASSERT_NE(kernel, nullptr);
  double scale = 2.25;
  uint64_t scaleWord;
  std::memcpy(&scaleWord, &scale, 8);
  std::vector<uint64_t> packet = makePacket(
      kernel, 3, 1, 1, 0, {0x9000, 7, 12, scaleWord, uint64_t(int64_t(-3))});
  tilec_error *e = nullptr;
  ASSERT_EQ(tilec_kernel_launch_packet(packet.data(), &e), TILEC_OK)
      << tilec_error_message(e);
  EXPECT_EQ(state.launches, 1);
  EXPECT_EQ(state.lastGridX, 3u);
  EXPECT_EQ(state.lastArgWords[0], 0x9000u);
  EXPECT_EQ(static_cast<int32_t>(state.lastArgWords[1]), 7);
  EXPECT_EQ(state.lastArgWords[2], 12u);
  float f;
  std::memcpy(&f, &state.lastArgWords[3], 4);
  EXPECT_EQ(f, 2.25f);
  EXPECT_EQ(static_cast<int8_t>(state.lastArgWords[4]), -3);
}

TEST_F(CAPILaunchTest, PacketIsCheckedAsSlotsAre) {
  load(kMixed, "mixed", kMixedSig);
  ASSERT_NE(kernel, nullptr);
  tilec_error *e = nullptr;
  std::vector<uint64_t> packet =
      makePacket(kernel, 1, 1, 1, 0, {0x9000, 1, 2, 0, 300});
  EXPECT_EQ(tilec_kernel_launch_packet(packet.data(), &e),
            TILEC_ERROR_ARGUMENT);
  EXPECT_STREQ(tilec_error_message(e),
               "launch of 'mixed': argument 5 ('small') is i8, but 300 is out "
               "of its range [-128, 127]");
  tilec_error_free(e);
  packet = makePacket(kernel, 1, 1, 1, 0, {0x9000, 1, 2, 0});
  e = nullptr;
  EXPECT_EQ(tilec_kernel_launch_packet(packet.data(), &e),
            TILEC_ERROR_ARGUMENT);
  EXPECT_STREQ(tilec_error_message(e),
               "launch of 'mixed': expected 5 arguments (the parameters that "
               "are not constexpr), got 4");
  tilec_error_free(e);
  // No kernel in the header, or no packet at all.
  packet = makePacket(nullptr, 1, 1, 1, 0, {});
  e = nullptr;
  EXPECT_EQ(tilec_kernel_launch_packet(packet.data(), &e),
            TILEC_ERROR_INVALID);
  EXPECT_STREQ(tilec_error_message(e),
               "tilec_kernel_launch_packet: no kernel");
  tilec_error_free(e);
  EXPECT_EQ(tilec_kernel_launch_packet(nullptr, nullptr), TILEC_ERROR_INVALID);
  EXPECT_EQ(state.launches, 0);
}

TEST_F(CAPILaunchTest, WrongArgumentsNeverReachTheDriver) {
  load(kMixed, "mixed", kMixedSig);
  ASSERT_NE(kernel, nullptr);
  uint64_t slots[5] = {0x9000, 1, 2, 0, 0};
  tilec_error *e = nullptr;
  EXPECT_EQ(tilec_kernel_launch_slots(kernel, 1, 1, 1, nullptr, slots, 4, &e),
            TILEC_ERROR_ARGUMENT);
  EXPECT_STREQ(tilec_error_message(e),
               "launch of 'mixed': expected 5 arguments (the parameters that "
               "are not constexpr), got 4");
  tilec_error_free(e);
  // 300 does not fit the i8 parameter.
  slots[4] = 300;
  e = nullptr;
  EXPECT_EQ(tilec_kernel_launch_slots(kernel, 1, 1, 1, nullptr, slots, 5, &e),
            TILEC_ERROR_ARGUMENT);
  EXPECT_STREQ(tilec_error_message(e),
               "launch of 'mixed': argument 5 ('small') is i8, but 300 is out "
               "of its range [-128, 127]");
  tilec_error_free(e);
  // A float where the pointer goes.
  tilec_arg args[5] = {};
  args[0].kind = TILEC_PARAM_FLOAT;
  for (int i = 1; i < 5; ++i)
    args[i].kind = TILEC_PARAM_INT;
  e = nullptr;
  EXPECT_EQ(tilec_kernel_launch(kernel, 1, 1, 1, nullptr, args, 5, &e),
            TILEC_ERROR_ARGUMENT);
  EXPECT_STREQ(tilec_error_message(e),
               "launch of 'mixed': argument 1 ('out') is *fp32 in the "
               "signature, got a float");
  tilec_error_free(e);
  EXPECT_EQ(state.launches, 0);
}

TEST_F(CAPILaunchTest, DriverFailuresCarryTheirResult) {
  state.loadResult = CUDA_ERROR_INVALID_PTX;
  state.jitErrorLog = "ptxas fatal: bad";
  tilec_options *o = tilec_options_create();
  tilec_options_set_signature(o, kMixedSig);
  tilec_options_set_assemble(o, TILEC_ASSEMBLE_NEVER);
  tilec_compiled *c = nullptr;
  tilec_error *e = nullptr;
  ASSERT_EQ(tilec_compile(kMixed, -1, "k.py", o, 0, &c, &e), TILEC_OK)
      << tilec_error_message(e);
  EXPECT_EQ(tilec_kernel_load(device, c, &kernel, &e), TILEC_ERROR_CUDA);
  EXPECT_EQ(kernel, nullptr);
  EXPECT_EQ(tilec_error_cuda_result(e), CUDA_ERROR_INVALID_PTX);
  EXPECT_NE(std::string(tilec_error_message(e)).find("ptxas fatal: bad"),
            std::string::npos)
      << tilec_error_message(e);
  tilec_error_free(e);
  tilec_compiled_free(c);
  tilec_options_free(o);
}

TEST(CAPINoDriverTest, CompilesWithoutADriverAndTheDeviceFailsCleanly) {
  // A child process, so the process-wide driver table is fresh.
  GTEST_FLAG_SET(death_test_style, "threadsafe");
  EXPECT_EXIT(
      {
        ::setenv("TILEC_LIBCUDA", "/nonexistent/libcuda.so.1", 1);
        tilec_options *o = tilec_options_create();
        tilec_options_set_signature(o, kMixedSig);
        tilec_options_set_assemble(o, TILEC_ASSEMBLE_NEVER);
        tilec_compiled *c = nullptr;
        if (tilec_compile(kMixed, -1, "k.py", o, TILEC_COMPILE_NO_CACHE, &c,
                          nullptr) != TILEC_OK)
          std::exit(2);
        tilec_device *d = nullptr;
        tilec_error *e = nullptr;
        if (tilec_device_get(0, &d, &e) != TILEC_ERROR_NO_DRIVER || d)
          std::exit(3);
        std::string m = tilec_error_message(e);
        // Freed before exit: the sanitizer build leak-checks the child.
        tilec_error_free(e);
        tilec_compiled_free(c);
        tilec_options_free(o);
        std::exit(m.rfind("no CUDA driver found", 0) == 0 ? 0 : 4);
      },
      testing::ExitedWithCode(0), "");
}

} // namespace
