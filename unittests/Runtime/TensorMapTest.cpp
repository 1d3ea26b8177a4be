//===- TensorMapTest.cpp - Tests of encodeTensorMap without a GPU -*- C++
//-*-===//
//
// encodeTensorMap (include/tilec/Runtime.h) through the fake driver, whose
// cuTensorMapEncodeTiled writes its arguments into the map: what reaches the
// driver for the plans planTensorDescLayout makes (dimensions reversed,
// strides in bytes, the box and the swizzle), each input check with its
// message, a driver failure, and a driver that lacks the entry point.
//
//===----------------------------------------------------------------------===//

#include "tilec/Runtime.h"

#include "Runtime/FakeCudaDriver.h"

#include "gtest/gtest.h"

#include <string>
#include <vector>

using namespace tilec;
using namespace tilec::runtime;
using namespace tilec::runtime::fakedriver;

namespace {

/// The plan the compiler makes for a block of `block` elements of `type`.
TensorDescLayout plan(std::vector<int64_t> block, std::string type,
                      unsigned elemBytes) {
  TensorDescLayout layout;
  std::string why;
  EXPECT_TRUE(planTensorDescLayout(block, elemBytes, layout, why)) << why;
  layout.elemType = std::move(type);
  return layout;
}

class TensorMapTest : public testing::Test {
protected:
  void SetUp() override {
    fake = &state;
    setCudaDriverForTesting(&driver);
  }
  void TearDown() override {
    setCudaDriverForTesting(nullptr);
    fake = nullptr;
  }

  /// The message of an encoding that must fail ("<success>" otherwise).
  static std::string errorOf(const TensorDescLayout &layout, CUdeviceptr base,
                             std::vector<int64_t> shape,
                             std::vector<int64_t> strides) {
    llvm::Expected<TensorMap> map =
        encodeTensorMap(layout, base, shape, strides);
    if (map)
      return "<success>";
    return llvm::toString(map.takeError());
  }

  FakeState state;
  CudaDriver driver = makeFakeDriver();
};

TEST_F(TensorMapTest, EncodesAnFp16MatrixInnermostFirst) {
  // fp16 [128, 64]: 128-byte rows, so the 128-byte swizzle and a box of
  // [128, 64] (one atom wide).
  TensorDescLayout layout = plan({128, 64}, "fp16", 2);
  ASSERT_EQ(layout.swizzleBytes, 128u);
  llvm::Expected<TensorMap> map =
      encodeTensorMap(layout, kDevicePtr, {1000, 520}, {528, 1});
  ASSERT_TRUE(static_cast<bool>(map)) << llvm::toString(map.takeError());
  EXPECT_EQ(alignof(TensorMap), 64u);
  EXPECT_EQ(state.encodes, 1);

  FakeTensorMap m = readFakeTensorMap(map->bytes);
  EXPECT_EQ(std::string(m.magic, 4), "FTM1");
  EXPECT_EQ(m.dataType, CU_TENSOR_MAP_DATA_TYPE_FLOAT16);
  EXPECT_EQ(m.rank, 2);
  EXPECT_EQ(m.address, kDevicePtr);
  EXPECT_EQ(m.globalDim[0], 520u);
  EXPECT_EQ(m.globalDim[1], 1000u);
  EXPECT_EQ(m.globalStrides[0], 528u * 2);
  EXPECT_EQ(m.boxDim[0], 64u);
  EXPECT_EQ(m.boxDim[1], 128u);
  EXPECT_EQ(m.elementStrides[0], 1);
  EXPECT_EQ(m.elementStrides[1], 1);
  EXPECT_EQ(m.swizzle, CU_TENSOR_MAP_SWIZZLE_128B);
  EXPECT_EQ(m.interleave, CU_TENSOR_MAP_INTERLEAVE_NONE);
  EXPECT_EQ(m.l2Promotion, CU_TENSOR_MAP_L2_PROMOTION_L2_256B);
  EXPECT_EQ(m.oobFill, CU_TENSOR_MAP_FLOAT_OOB_FILL_NONE);
}

TEST_F(TensorMapTest, BoxAndSwizzleFollowTheLayout) {
  // fp32 [64, 256]: the box is cut to one 128-byte atom of 32 elements.
  llvm::Expected<TensorMap> wide = encodeTensorMap(
      plan({64, 256}, "fp32", 4), kDevicePtr, {4096, 4096}, {4096, 1});
  ASSERT_TRUE(static_cast<bool>(wide)) << llvm::toString(wide.takeError());
  FakeTensorMap m = readFakeTensorMap(wide->bytes);
  EXPECT_EQ(m.dataType, CU_TENSOR_MAP_DATA_TYPE_FLOAT32);
  EXPECT_EQ(m.boxDim[0], 32u);
  EXPECT_EQ(m.boxDim[1], 64u);
  EXPECT_EQ(m.globalStrides[0], 4096u * 4);

  // bf16 [16, 16]: 32-byte rows, the 32-byte swizzle.
  llvm::Expected<TensorMap> narrow = encodeTensorMap(
      plan({16, 16}, "bf16", 2), kDevicePtr, {100, 40}, {48, 1});
  ASSERT_TRUE(static_cast<bool>(narrow)) << llvm::toString(narrow.takeError());
  m = readFakeTensorMap(narrow->bytes);
  EXPECT_EQ(m.dataType, CU_TENSOR_MAP_DATA_TYPE_BFLOAT16);
  EXPECT_EQ(m.swizzle, CU_TENSOR_MAP_SWIZZLE_32B);
  EXPECT_EQ(m.boxDim[0], 16u);

  // i8 [16]: 16-byte rows, no swizzle; rank 1 has no strides to pass.
  llvm::Expected<TensorMap> vector =
      encodeTensorMap(plan({16}, "i8", 1), kDevicePtr, {77}, {1});
  ASSERT_TRUE(static_cast<bool>(vector)) << llvm::toString(vector.takeError());
  m = readFakeTensorMap(vector->bytes);
  EXPECT_EQ(m.dataType, CU_TENSOR_MAP_DATA_TYPE_UINT8);
  EXPECT_EQ(m.swizzle, CU_TENSOR_MAP_SWIZZLE_NONE);
  EXPECT_EQ(m.rank, 1);
  EXPECT_EQ(m.globalDim[0], 77u);
  EXPECT_EQ(m.boxDim[0], 16u);
}

TEST_F(TensorMapTest, RankThreeReversesEveryDimension) {
  llvm::Expected<TensorMap> map = encodeTensorMap(
      plan({2, 32, 64}, "fp16", 2), kDevicePtr, {3, 50, 70}, {50 * 72, 72, 1});
  ASSERT_TRUE(static_cast<bool>(map)) << llvm::toString(map.takeError());
  FakeTensorMap m = readFakeTensorMap(map->bytes);
  EXPECT_EQ(m.rank, 3);
  EXPECT_EQ(m.globalDim[0], 70u);
  EXPECT_EQ(m.globalDim[1], 50u);
  EXPECT_EQ(m.globalDim[2], 3u);
  EXPECT_EQ(m.globalStrides[0], 72u * 2);
  EXPECT_EQ(m.globalStrides[1], 50u * 72 * 2);
  EXPECT_EQ(m.boxDim[0], 64u);
  EXPECT_EQ(m.boxDim[1], 32u);
  EXPECT_EQ(m.boxDim[2], 2u);
}

TEST_F(TensorMapTest, ElementTypesMapToTheDriversTypes) {
  struct Case {
    const char *type;
    unsigned bytes;
    CUtensorMapDataType expected;
  };
  for (Case c : {Case{"fp64", 8, CU_TENSOR_MAP_DATA_TYPE_FLOAT64},
                 Case{"u8", 1, CU_TENSOR_MAP_DATA_TYPE_UINT8},
                 Case{"fp8e4nv", 1, CU_TENSOR_MAP_DATA_TYPE_UINT8},
                 Case{"fp8e5", 1, CU_TENSOR_MAP_DATA_TYPE_UINT8},
                 Case{"i16", 2, CU_TENSOR_MAP_DATA_TYPE_UINT16},
                 Case{"u16", 2, CU_TENSOR_MAP_DATA_TYPE_UINT16},
                 Case{"i32", 4, CU_TENSOR_MAP_DATA_TYPE_INT32},
                 Case{"u32", 4, CU_TENSOR_MAP_DATA_TYPE_UINT32},
                 Case{"i64", 8, CU_TENSOR_MAP_DATA_TYPE_INT64},
                 Case{"u64", 8, CU_TENSOR_MAP_DATA_TYPE_UINT64}}) {
    llvm::Expected<TensorMap> map = encodeTensorMap(
        plan({8, 16}, c.type, c.bytes), kDevicePtr, {64, 64}, {64, 1});
    ASSERT_TRUE(static_cast<bool>(map)) << llvm::toString(map.takeError());
    EXPECT_EQ(readFakeTensorMap(map->bytes).dataType, c.expected) << c.type;
  }
}

TEST_F(TensorMapTest, BadTensorsAreNamedBeforeTheDriverIsAsked) {
  TensorDescLayout layout = plan({128, 64}, "fp16", 2);
  EXPECT_EQ(errorOf(layout, kDevicePtr, {100}, {1}),
            "tensor descriptor for a block [128, 64] needs a shape and "
            "strides of rank 2, got shape [100] and strides [1]");
  EXPECT_EQ(errorOf(layout, kDevicePtr, {100, 64}, {64, 1, 1}),
            "tensor descriptor for a block [128, 64] needs a shape and "
            "strides of rank 2, got shape [100, 64] and strides [64, 1, 1]");
  EXPECT_EQ(errorOf(layout, kDevicePtr + 8, {100, 64}, {64, 1}),
            "tensor descriptor base 0x7000008 is not 16-byte aligned");
  EXPECT_EQ(errorOf(layout, kDevicePtr, {100, 64}, {64, 2}),
            "tensor descriptor's last stride must be 1 (the contiguous "
            "dimension), got 2");
  EXPECT_EQ(errorOf(layout, kDevicePtr, {100, 60}, {60, 1}),
            "tensor descriptor strides[0] is 60 elements (120 bytes), not a "
            "multiple of 16 bytes");
  EXPECT_EQ(errorOf(layout, kDevicePtr, {100, 64}, {int64_t(1) << 39, 1}),
            "tensor descriptor strides[0] is 549755813888 elements, 2^40 "
            "bytes or more");
  EXPECT_EQ(errorOf(layout, kDevicePtr, {100, 64}, {0, 1}),
            "tensor descriptor strides[0] is 0; TMA needs positive strides");
  EXPECT_EQ(errorOf(layout, kDevicePtr, {0, 64}, {64, 1}),
            "tensor descriptor shape[0] is 0; TMA takes sizes from 1 to 2^32");
  EXPECT_EQ(errorOf(layout, kDevicePtr, {100, (int64_t(1) << 32) + 1},
                    {int64_t(1) << 33, 1}),
            "tensor descriptor shape[1] is 4294967297; TMA takes sizes from "
            "1 to 2^32");
  // 2^32 itself is allowed.
  EXPECT_EQ(
      errorOf(layout, kDevicePtr, {1, int64_t(1) << 32}, {int64_t(1) << 32, 1}),
      "<success>");
  EXPECT_EQ(state.encodes, 1);
}

TEST_F(TensorMapTest, BadLayoutsAreErrors) {
  TensorDescLayout layout = plan({128, 64}, "fp16", 2);
  TensorDescLayout unknown = layout;
  unknown.elemType = "i1";
  EXPECT_EQ(errorOf(unknown, kDevicePtr, {100, 64}, {64, 1}),
            "tensor descriptor of element type 'i1', which TMA cannot copy");
  TensorDescLayout width = layout;
  width.elemType = "fp32";
  EXPECT_EQ(errorOf(width, kDevicePtr, {100, 64}, {64, 1}),
            "tensor descriptor layout has 2-byte elements, but fp32 is 4 "
            "bytes");
  TensorDescLayout swizzle = layout;
  swizzle.swizzleBytes = 16;
  EXPECT_EQ(errorOf(swizzle, kDevicePtr, {100, 64}, {64, 1}),
            "tensor descriptor swizzle of 16 bytes; TMA swizzles 0, 32, 64 "
            "or 128");
  TensorDescLayout box = layout;
  box.boxShape = {512, 64};
  EXPECT_EQ(errorOf(box, kDevicePtr, {100, 64}, {64, 1}),
            "tensor descriptor box [512, 64] has a dimension outside [1, "
            "256]");
  TensorDescLayout ranks = layout;
  ranks.boxShape = {64};
  EXPECT_EQ(errorOf(ranks, kDevicePtr, {100, 64}, {64, 1}),
            "tensor descriptor layout has block [128, 64] and box [64]; both "
            "need the same rank, 1 to 5");
  EXPECT_EQ(state.encodes, 0);
}

TEST_F(TensorMapTest, DriverFailureIsACudaError) {
  state.encodeResult = CUDA_ERROR_INVALID_VALUE;
  llvm::Expected<TensorMap> map = encodeTensorMap(
      plan({128, 64}, "fp16", 2), kDevicePtr, {100, 64}, {64, 1});
  ASSERT_FALSE(static_cast<bool>(map));
  EXPECT_TRUE(map.errorIsA<CudaError>());
  EXPECT_EQ(llvm::toString(map.takeError()),
            "cuTensorMapEncodeTiled for tensor [100, 64] of fp16 with box "
            "[128, 64] failed: CUDA_ERROR_INVALID_VALUE (invalid argument)");
}

TEST_F(TensorMapTest, DriverWithoutTheEntryPointSaysSo) {
  driver.cuTensorMapEncodeTiled = nullptr;
  llvm::Expected<TensorMap> map = encodeTensorMap(
      plan({128, 64}, "fp16", 2), kDevicePtr, {100, 64}, {64, 1});
  ASSERT_FALSE(static_cast<bool>(map));
  EXPECT_TRUE(map.errorIsA<DriverUnavailableError>());
  EXPECT_EQ(llvm::toString(map.takeError()),
            "CUDA driver fake lacks cuTensorMapEncodeTiled: tensor "
            "descriptors need a driver of CUDA 12.0 or newer");
}

TEST_F(TensorMapTest, FakeEncoderRejectsWhatTheDriverRejects) {
  // The fake must fail where the real driver fails, or tests of the
  // encoder's own checks would prove nothing.
  CUtensorMap map;
  cuuint64_t dims[2] = {64, 100}, strides[1] = {128};
  cuuint32_t box[2] = {64, 128}, ones[2] = {1, 1};
  auto encode = [&](void *address, CUtensorMapSwizzle swizzle) {
    return fakeEncodeTiled(
        &map, CU_TENSOR_MAP_DATA_TYPE_FLOAT16, 2, address, dims, strides, box,
        ones, CU_TENSOR_MAP_INTERLEAVE_NONE, swizzle,
        CU_TENSOR_MAP_L2_PROMOTION_L2_256B, CU_TENSOR_MAP_FLOAT_OOB_FILL_NONE);
  };
  void *aligned = reinterpret_cast<void *>(kDevicePtr);
  EXPECT_EQ(encode(aligned, CU_TENSOR_MAP_SWIZZLE_128B), CUDA_SUCCESS);
  EXPECT_EQ(encode(reinterpret_cast<void *>(kDevicePtr + 8),
                   CU_TENSOR_MAP_SWIZZLE_128B),
            CUDA_ERROR_INVALID_VALUE);
  // 128-byte box rows do not fit a 64-byte swizzle span.
  EXPECT_EQ(encode(aligned, CU_TENSOR_MAP_SWIZZLE_64B),
            CUDA_ERROR_INVALID_VALUE);
  strides[0] = 120;
  EXPECT_EQ(encode(aligned, CU_TENSOR_MAP_SWIZZLE_128B),
            CUDA_ERROR_INVALID_VALUE);
  strides[0] = 128;
  box[1] = 512;
  EXPECT_EQ(encode(aligned, CU_TENSOR_MAP_SWIZZLE_128B),
            CUDA_ERROR_INVALID_VALUE);
}

} // namespace
