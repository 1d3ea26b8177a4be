//===- TensorMap.cpp - CUtensorMaps for tensor descriptor parameters ------===//
//
// encodeTensorMap of include/tilec/Runtime.h: checks a tensor's base, shape
// and strides against what TMA can address, then asks the driver's
// cuTensorMapEncodeTiled for the map whose box and swizzle are the ones the
// kernel was compiled with (TensorDescLayout, shared with the compiler).
// The checks come first so that a bad tensor is a message naming the
// offending value rather than the driver's bare CUDA_ERROR_INVALID_VALUE.
//
//===----------------------------------------------------------------------===//

#include "tilec/Runtime.h"

#include "Runtime/CudaDriver.h"
#include "Runtime/TensorMapTypes.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FormatVariadic.h"

#include <cstring>
#include <optional>

using namespace tilec;
using namespace tilec::runtime;

// Runtime.cpp and this file use llvm::formatv, not fmt: the runtime links
// LLVM Support alone, so the programs carried to GPU machines (test/GPU's
// *-carry targets) need nothing more.

static llvm::Error makeError(const llvm::Twine &message) {
  return llvm::createStringError(llvm::inconvertibleErrorCode(), message);
}

namespace {
/// What one signature element type is in a tensor map.
struct ElementType {
  llvm::StringLiteral name;
  CUtensorMapDataType dataType;
  unsigned bytes;
};
} // namespace

static constexpr ElementType kElementTypes[] = {
#define TILEC_ELEMENT_TYPE(name, type, bytes)                                  \
  {name, CU_TENSOR_MAP_DATA_TYPE_##type, bytes},
    TILEC_TENSOR_MAP_ELEMENT_TYPES(TILEC_ELEMENT_TYPE)
#undef TILEC_ELEMENT_TYPE
};

/// "[128, 64]".
static std::string formatShape(llvm::ArrayRef<int64_t> shape) {
  std::string text = "[";
  for (auto [i, d] : llvm::enumerate(shape))
    text += (i ? ", " : "") + std::to_string(d);
  return text + "]";
}

/// The swizzle mode of `bytes`, or nullopt for a width TMA does not have.
static std::optional<CUtensorMapSwizzle> getSwizzle(unsigned bytes) {
  switch (bytes) {
  case 0:
    return CU_TENSOR_MAP_SWIZZLE_NONE;
  case 32:
    return CU_TENSOR_MAP_SWIZZLE_32B;
  case 64:
    return CU_TENSOR_MAP_SWIZZLE_64B;
  case 128:
    return CU_TENSOR_MAP_SWIZZLE_128B;
  default:
    return std::nullopt;
  }
}

/// The layout itself comes from the compiler; these checks catch a layout
/// from another version or built by hand, which would otherwise surface as
/// a driver error or a wrong tile.
static llvm::Error checkLayout(const TensorDescLayout &layout,
                               const ElementType &type) {
  if (layout.elemBytes != type.bytes)
    return makeError(llvm::formatv("tensor descriptor layout has {0}-byte "
                                   "elements, but {1} is {2} bytes",
                                   layout.elemBytes, type.name, type.bytes));
  size_t rank = layout.blockShape.size();
  if (rank < 1 || rank > 5 || layout.boxShape.size() != rank)
    return makeError(llvm::formatv(
        "tensor descriptor layout has block {0} and box {1}; both need the "
        "same rank, 1 to 5",
        formatShape(layout.blockShape), formatShape(layout.boxShape)));
  for (int64_t d : layout.boxShape)
    if (d < 1 || d > 256)
      return makeError(llvm::formatv("tensor descriptor box {0} has a "
                                     "dimension outside [1, 256]",
                                     formatShape(layout.boxShape)));
  if (!getSwizzle(layout.swizzleBytes))
    return makeError(llvm::formatv("tensor descriptor swizzle of {0} bytes; "
                                   "TMA swizzles 0, 32, 64 or 128",
                                   layout.swizzleBytes));
  return llvm::Error::success();
}

/// The tensor: what cuTensorMapEncodeTiled's documentation requires of
/// globalAddress, globalDim and globalStrides, in Triton's terms.
static llvm::Error checkTensor(const TensorDescLayout &layout,
                               unsigned elemBytes, CUdeviceptr base,
                               llvm::ArrayRef<int64_t> shape,
                               llvm::ArrayRef<int64_t> strides) {
  size_t rank = layout.blockShape.size();
  if (shape.size() != rank || strides.size() != rank)
    return makeError(llvm::formatv(
        "tensor descriptor for a block {0} needs a shape and strides of rank "
        "{1}, got shape {2} and strides {3}",
        formatShape(layout.blockShape), rank, formatShape(shape),
        formatShape(strides)));
  if (base % 16 != 0)
    return makeError(llvm::formatv(
        "tensor descriptor base {0:x} is not 16-byte aligned", base));
  constexpr int64_t kMaxDim = int64_t(1) << 32;
  for (auto [d, size] : llvm::enumerate(shape))
    if (size <= 0 || size > kMaxDim)
      return makeError(llvm::formatv("tensor descriptor shape[{0}] is {1}; "
                                     "TMA takes sizes from 1 to 2^32",
                                     d, size));
  if (strides.back() != 1)
    return makeError(llvm::formatv("tensor descriptor's last stride must be "
                                   "1 (the contiguous dimension), got {0}",
                                   strides.back()));
  constexpr int64_t kMaxStrideBytes = int64_t(1) << 40;
  for (size_t d = 0; d + 1 < rank; ++d) {
    int64_t stride = strides[d];
    if (stride <= 0)
      return makeError(llvm::formatv("tensor descriptor strides[{0}] is {1}; "
                                     "TMA needs positive strides",
                                     d, stride));
    // stride < 2^40 first, so that the product cannot overflow.
    if (stride >= kMaxStrideBytes ||
        stride * int64_t(elemBytes) >= kMaxStrideBytes)
      return makeError(llvm::formatv("tensor descriptor strides[{0}] is {1} "
                                     "elements, 2^40 bytes or more",
                                     d, stride));
    if (stride * int64_t(elemBytes) % 16 != 0)
      return makeError(llvm::formatv(
          "tensor descriptor strides[{0}] is {1} elements ({2} bytes), not a "
          "multiple of 16 bytes",
          d, stride, stride * int64_t(elemBytes)));
  }
  return llvm::Error::success();
}

llvm::Expected<TensorMap>
tilec::runtime::encodeTensorMap(const TensorDescLayout &layout,
                                CUdeviceptr base, llvm::ArrayRef<int64_t> shape,
                                llvm::ArrayRef<int64_t> strides) {
  const ElementType *type =
      llvm::find_if(kElementTypes, [&](const ElementType &t) {
        return t.name == layout.elemType;
      });
  if (type == std::end(kElementTypes))
    return makeError(llvm::formatv("tensor descriptor of element type '{0}', "
                                   "which TMA cannot copy",
                                   layout.elemType));
  if (llvm::Error error = checkLayout(layout, *type))
    return std::move(error);
  if (llvm::Error error =
          checkTensor(layout, type->bytes, base, shape, strides))
    return std::move(error);

  llvm::Expected<const CudaDriver &> driver = getInitializedCudaDriver();
  if (!driver)
    return driver.takeError();
  // No tensor map, no TMA kernel: for the caller this driver is as good as
  // none, so it is the error class that tests and tools skip on.
  if (!driver->cuTensorMapEncodeTiled)
    return llvm::make_error<DriverUnavailableError>(
        llvm::formatv(
            "CUDA driver {0} lacks cuTensorMapEncodeTiled: tensor descriptors "
            "need a driver of CUDA 12.0 or newer",
            driver->libraryPath)
            .str());

  // CUtensorMap lists dimensions innermost first, the reverse of Triton's
  // order, and has no stride for the innermost (contiguous) dimension.
  unsigned rank = static_cast<unsigned>(shape.size());
  cuuint64_t globalDim[5], globalStrides[4];
  cuuint32_t boxDim[5], elementStrides[5];
  for (unsigned d = 0; d < rank; ++d) {
    unsigned source = rank - 1 - d;
    globalDim[d] = static_cast<cuuint64_t>(shape[source]);
    boxDim[d] = static_cast<cuuint32_t>(layout.boxShape[source]);
    elementStrides[d] = 1;
    if (d > 0)
      globalStrides[d - 1] =
          static_cast<cuuint64_t>(strides[source]) * type->bytes;
  }
  // cuda.h aligns CUtensorMap to 128 bytes; encode into one and copy out.
  CUtensorMap map;
  CUresult result = driver->cuTensorMapEncodeTiled(
      &map, type->dataType, rank, reinterpret_cast<void *>(base), globalDim,
      globalStrides, boxDim, elementStrides, CU_TENSOR_MAP_INTERLEAVE_NONE,
      *getSwizzle(layout.swizzleBytes), CU_TENSOR_MAP_L2_PROMOTION_L2_256B,
      CU_TENSOR_MAP_FLOAT_OOB_FILL_NONE);
  if (llvm::Error error = checkCuda(
          *driver, result,
          llvm::formatv("cuTensorMapEncodeTiled for tensor {0} of {1} with "
                        "box {2} failed",
                        formatShape(shape), layout.elemType,
                        formatShape(layout.boxShape))))
    return std::move(error);
  static_assert(sizeof(CUtensorMap) == sizeof(TensorMap::bytes));
  TensorMap out;
  std::memcpy(out.bytes, &map, sizeof(out.bytes));
  return out;
}
