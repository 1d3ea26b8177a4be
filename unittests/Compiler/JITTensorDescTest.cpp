//===- JITTensorDescTest.cpp - Tensor descriptor launch arguments -*- C++
//-*-===//
//
// include/tilec/JIT.h's TensorDescArg on the CPU: packArguments encodes it
// with the parameter's layout into a 64-byte-aligned map that the launch's
// pointer points at, refuses it for other parameters (and other arguments
// for a descriptor parameter), and names the kernel and parameter in the
// encoder's errors; a launch hands the whole 128-byte map to the fake
// driver, whose encoder wrote its arguments into it (FakeTensorMap.h). A
// descriptor's hidden shape and stride parameters are filled from its
// TensorDescArg, and take no argument of their own.
//
//===----------------------------------------------------------------------===//

#include "tilec/JIT.h"

#include "Runtime/FakeCudaDriver.h"

#include "gtest/gtest.h"

#include <cstring>
#include <type_traits>

using namespace tilec;
using namespace tilec::jit;
using namespace tilec::runtime;
using namespace tilec::runtime::fakedriver;

namespace {

/// A kernel `k(a_desc, out_ptr, n)` whose a_desc is tensordesc<fp16[128, 64]>.
KernelMetadata descKernel() {
  KernelParam desc{"a_desc", "tensordesc<fp16[128, 64]>",
                   KernelParam::Kind::TensorDesc, 1024};
  std::string why;
  EXPECT_TRUE(planTensorDescLayout({128, 64}, 2, desc.desc, why)) << why;
  desc.desc.elemType = "fp16";
  KernelMetadata md;
  md.name = "k";
  md.params = {desc,
               {"out_ptr", "*fp32", KernelParam::Kind::Pointer, 64},
               {"n", "i32", KernelParam::Kind::Int, 32}};
  return md;
}

// A KernelArg refers to its TensorDescArg, so one made from a temporary
// outside a call's argument list would dangle: that overload is deleted.
static_assert(std::is_constructible_v<KernelArg, const TensorDescArg &>);
static_assert(!std::is_constructible_v<KernelArg, TensorDescArg &&>);

class JITTensorDescTest : public testing::Test {
protected:
  void SetUp() override {
    fake = &state;
    setCudaDriverForTesting(&driver);
  }
  void TearDown() override {
    setCudaDriverForTesting(nullptr);
    fake = nullptr;
  }

  /// The error of packing `args` for descKernel() ("<success>" if none);
  /// `isArgumentError` says whether it was an ArgumentError.
  static std::string packError(std::initializer_list<KernelArg> args,
                               bool *isArgumentError = nullptr) {
    PackedArgs packed;
    llvm::Error e = packArguments(descKernel(), args, packed);
    if (!e)
      return "<success>";
    if (isArgumentError)
      *isArgumentError = e.isA<ArgumentError>();
    return llvm::toString(std::move(e));
  }

  FakeState state;
  CudaDriver driver = makeFakeDriver();
};

TEST_F(JITTensorDescTest, PacksTheEncodedMapAligned) {
  TensorDescArg a{kDevicePtr, {1000, 200}, {256, 1}};
  PackedArgs packed;
  llvm::Error e =
      packArguments(descKernel(), {a, DevicePtr{0x9000}, 7}, packed);
  ASSERT_FALSE(static_cast<bool>(e)) << llvm::toString(std::move(e));
  EXPECT_EQ(state.encodes, 1);
  ASSERT_EQ(packed.maps.size(), 1u);
  ASSERT_EQ(packed.pointers.size(), 3u);
  // The kernel parameter is `.param .align 64 .b8 a_desc[128]`.
  EXPECT_EQ(packed.pointers[0], static_cast<void *>(&packed.maps[0]));
  EXPECT_EQ(reinterpret_cast<uintptr_t>(packed.pointers[0]) % 64, 0u);
  EXPECT_EQ(packed.pointers[1], &packed.slots[1]);
  EXPECT_EQ(packed.slots[1], 0x9000u);
  EXPECT_EQ(packed.pointers[2], &packed.slots[2]);

  FakeTensorMap m = readFakeTensorMap(packed.pointers[0]);
  EXPECT_EQ(std::string(m.magic, 4), "FTM1");
  EXPECT_EQ(m.address, kDevicePtr);
  EXPECT_EQ(m.dataType, CU_TENSOR_MAP_DATA_TYPE_FLOAT16);
  EXPECT_EQ(m.globalDim[0], 200u);
  EXPECT_EQ(m.globalDim[1], 1000u);
  EXPECT_EQ(m.globalStrides[0], 512u);
  EXPECT_EQ(m.boxDim[0], 64u);
  EXPECT_EQ(m.boxDim[1], 128u);
  EXPECT_EQ(m.swizzle, CU_TENSOR_MAP_SWIZZLE_128B);
}

TEST_F(JITTensorDescTest, EachDescriptorGetsItsOwnMap) {
  KernelMetadata md = descKernel();
  md.params[1] = md.params[0];
  md.params[1].name = "b_desc";
  TensorDescArg a{kDevicePtr, {1000, 200}, {256, 1}};
  TensorDescArg b{kDevicePtr + 4096, {64, 64}, {64, 1}};
  PackedArgs packed;
  llvm::Error e = packArguments(md, {a, b, 7}, packed);
  ASSERT_FALSE(static_cast<bool>(e)) << llvm::toString(std::move(e));
  ASSERT_EQ(packed.maps.size(), 2u);
  EXPECT_EQ(packed.pointers[0], static_cast<void *>(&packed.maps[0]));
  EXPECT_EQ(packed.pointers[1], static_cast<void *>(&packed.maps[1]));
  EXPECT_EQ(reinterpret_cast<uintptr_t>(packed.pointers[1]) % 64, 0u);
  EXPECT_EQ(readFakeTensorMap(packed.pointers[0]).address, kDevicePtr);
  EXPECT_EQ(readFakeTensorMap(packed.pointers[1]).address, kDevicePtr + 4096);
}

TEST_F(JITTensorDescTest, WrongKindsAreErrors) {
  TensorDescArg a{kDevicePtr, {1000, 200}, {256, 1}};
  bool isArgumentError = false;
  EXPECT_EQ(
      packError({DevicePtr{kDevicePtr}, DevicePtr{1}, 7}, &isArgumentError),
      "launch of 'k': argument 1 ('a_desc') is "
      "tensordesc<fp16[128, 64]> in the signature, got a device "
      "pointer (pass a tilec::jit::TensorDescArg)");
  EXPECT_TRUE(isArgumentError);
  EXPECT_EQ(packError({a, a, 7}),
            "launch of 'k': argument 2 ('out_ptr') is *fp32 in the "
            "signature, got a tensor descriptor");
  EXPECT_EQ(packError({a, DevicePtr{1}, a}),
            "launch of 'k': argument 3 ('n') is i32 in the signature, got a "
            "tensor descriptor");
  // Only the descriptors before the mismatch were encoded.
  EXPECT_EQ(state.encodes, 2);
}

TEST_F(JITTensorDescTest, EncoderErrorsNameTheKernelAndParameter) {
  TensorDescArg misaligned{kDevicePtr + 8, {1000, 200}, {256, 1}};
  bool isArgumentError = false;
  EXPECT_EQ(packError({misaligned, DevicePtr{1}, 7}, &isArgumentError),
            "launch of 'k': argument 1 ('a_desc'): tensor descriptor base "
            "0x7000008 is not 16-byte aligned");
  EXPECT_TRUE(isArgumentError);
  TensorDescArg flat{kDevicePtr, {1000}, {1}};
  EXPECT_EQ(packError({flat, DevicePtr{1}, 7}),
            "launch of 'k': argument 1 ('a_desc'): tensor descriptor for a "
            "block [128, 64] needs a shape and strides of rank 2, got shape "
            "[1000] and strides [1]");
  EXPECT_EQ(state.encodes, 0);

  state.encodeResult = CUDA_ERROR_INVALID_VALUE;
  TensorDescArg a{kDevicePtr, {1000, 200}, {256, 1}};
  PackedArgs packed;
  llvm::Error e = packArguments(descKernel(), {a, DevicePtr{1}, 7}, packed);
  ASSERT_TRUE(static_cast<bool>(e));
  EXPECT_TRUE(e.isA<CudaError>());
  EXPECT_EQ(llvm::toString(std::move(e)),
            "launch of 'k': argument 1 ('a_desc'): cuTensorMapEncodeTiled "
            "for tensor [1000, 200] of fp16 with box [128, 64] failed: "
            "CUDA_ERROR_INVALID_VALUE (invalid argument)");
}

TEST_F(JITTensorDescTest, LaunchPassesTheWholeMap) {
  llvm::Expected<Device> device = Device::get();
  ASSERT_TRUE(static_cast<bool>(device)) << llvm::toString(device.takeError());
  auto compiled = std::make_shared<CompiledKernel>();
  compiled->ptx = ".visible .entry k(\n";
  compiled->metadata = descKernel();
  llvm::Expected<LoadedKernel> kernel = LoadedKernel::load(*device, compiled);
  ASSERT_TRUE(static_cast<bool>(kernel)) << llvm::toString(kernel.takeError());

  state.argBytes = {128, 8, 4};
  // The descriptor as a temporary in the call, as hosts write it.
  llvm::Error e =
      (*kernel)({4}, kStream, TensorDescArg{kDevicePtr, {300, 64}, {64, 1}},
                DevicePtr{0x9000}, 300);
  ASSERT_FALSE(static_cast<bool>(e)) << llvm::toString(std::move(e));
  EXPECT_EQ(state.launches, 1);
  ASSERT_EQ(state.lastArgBytes.size(), 3u);
  FakeTensorMap m = readFakeTensorMap(state.lastArgBytes[0].data());
  EXPECT_EQ(std::string(m.magic, 4), "FTM1");
  EXPECT_EQ(m.address, kDevicePtr);
  EXPECT_EQ(m.globalDim[0], 64u);
  EXPECT_EQ(m.globalDim[1], 300u);
  EXPECT_EQ(m.globalStrides[0], 128u);
  uint64_t out;
  std::memcpy(&out, state.lastArgBytes[1].data(), 8);
  EXPECT_EQ(out, 0x9000u);
  int32_t n;
  std::memcpy(&n, state.lastArgBytes[2].data(), 4);
  EXPECT_EQ(n, 300);

  // A tensor the encoder refuses never reaches cuLaunchKernel.
  llvm::Error bad =
      (*kernel)({4}, kStream, TensorDescArg{kDevicePtr, {300, 64}, {60, 1}},
                DevicePtr{0x9000}, 300);
  ASSERT_TRUE(static_cast<bool>(bad));
  EXPECT_TRUE(bad.isA<ArgumentError>());
  llvm::consumeError(std::move(bad));
  EXPECT_EQ(state.launches, 1);
}

/// descKernel() where the kernel reads a_desc's shape and strides: its
/// hidden parameters follow it, as describeKernelSignature reads them from
/// the IR.
KernelMetadata hiddenKernel() {
  KernelMetadata md = descKernel();
  std::vector<KernelParam> hidden;
  for (unsigned d = 0; d < 2; ++d) {
    KernelParam p{"a_desc.shape." + std::to_string(d), "i32",
                  KernelParam::Kind::TensorDescShape, 32};
    p.dim = d;
    hidden.push_back(p);
  }
  for (unsigned d = 0; d < 2; ++d) {
    KernelParam p{"a_desc.strides." + std::to_string(d), "i64",
                  KernelParam::Kind::TensorDescStride, 64};
    p.dim = d;
    hidden.push_back(p);
  }
  md.params.insert(md.params.begin() + 1, hidden.begin(), hidden.end());
  return md;
}

TEST_F(JITTensorDescTest, FillsHiddenShapeAndStrides) {
  KernelMetadata md = hiddenKernel();
  EXPECT_EQ(md.params.size(), 7u);
  EXPECT_EQ(md.getNumPassedParams(), 3u);
  TensorDescArg a{kDevicePtr, {1000, 200}, {256, 1}};
  PackedArgs packed;
  llvm::Error e = packArguments(md, {a, DevicePtr{0x9000}, 7}, packed);
  ASSERT_FALSE(static_cast<bool>(e)) << llvm::toString(std::move(e));
  ASSERT_EQ(packed.pointers.size(), 7u);
  ASSERT_EQ(packed.maps.size(), 1u);
  EXPECT_EQ(packed.pointers[0], static_cast<void *>(&packed.maps[0]));
  EXPECT_EQ(readFakeTensorMap(packed.pointers[0]).globalDim[1], 1000u);
  // The shapes as i32, the strides as i64, each in its own slot.
  int32_t m, n;
  std::memcpy(&m, packed.pointers[1], 4);
  std::memcpy(&n, packed.pointers[2], 4);
  EXPECT_EQ(m, 1000);
  EXPECT_EQ(n, 200);
  int64_t s0, s1;
  std::memcpy(&s0, packed.pointers[3], 8);
  std::memcpy(&s1, packed.pointers[4], 8);
  EXPECT_EQ(s0, 256);
  EXPECT_EQ(s1, 1);
  EXPECT_EQ(packed.pointers[5], &packed.slots[5]);
  EXPECT_EQ(packed.slots[5], 0x9000u);
  int32_t count;
  std::memcpy(&count, packed.pointers[6], 4);
  EXPECT_EQ(count, 7);
}

TEST_F(JITTensorDescTest, HiddenParametersTakeNoArgument) {
  KernelMetadata md = hiddenKernel();
  TensorDescArg a{kDevicePtr, {1000, 200}, {256, 1}};
  PackedArgs packed;
  // Passing the shape as if it were an argument is a count mismatch.
  llvm::Error e =
      packArguments(md, {a, 1000, 200, DevicePtr{0x9000}, 7}, packed);
  ASSERT_TRUE(static_cast<bool>(e));
  EXPECT_TRUE(e.isA<ArgumentError>());
  EXPECT_NE(llvm::toString(std::move(e)).find("expected 3 arguments"),
            std::string::npos);
}

TEST_F(JITTensorDescTest, RefusesAShapePastI32) {
  KernelMetadata md = hiddenKernel();
  // 2^31 rows of 16 halves: a tensor TMA can address, whose row count the
  // kernel's i32 `a_desc.shape[0]` cannot hold.
  TensorDescArg a{kDevicePtr, {int64_t(1) << 31, 64}, {64, 1}};
  PackedArgs packed;
  llvm::Error e = packArguments(md, {a, DevicePtr{0x9000}, 7}, packed);
  ASSERT_TRUE(static_cast<bool>(e));
  EXPECT_TRUE(e.isA<ArgumentError>());
  EXPECT_NE(llvm::toString(std::move(e)).find("past the i32"),
            std::string::npos);
}

} // namespace
