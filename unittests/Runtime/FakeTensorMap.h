//===- FakeTensorMap.h - A readable cuTensorMapEncodeTiled ------*- C++ -*-===//
//
// The fake drivers' cuTensorMapEncodeTiled (the unit tests' table in
// FakeCudaDriver.h and test/GPU's libtilec-fake-cuda.so): it rejects roughly
// what the real one rejects and writes its arguments, in the order the
// driver takes them, into the 128 bytes, so a test reads back exactly what
// tilec asked the driver to encode. A real map is opaque; nothing but a test
// may read one this way. Depends on cuda.h alone, so that the fake libcuda
// can include it without LLVM.
//
//===----------------------------------------------------------------------===//

#ifndef TILEC_UNITTESTS_RUNTIME_FAKETENSORMAP_H
#define TILEC_UNITTESTS_RUNTIME_FAKETENSORMAP_H

#include <cuda.h>

#include <cstdint>
#include <cstring>

namespace tilec::runtime::fakedriver {

/// What the fake writes into a CUtensorMap. Dimensions are as the driver
/// takes them: innermost first, strides in bytes.
struct FakeTensorMap {
  /// "FTM1": the map came from the fake encoder.
  char magic[4];
  uint8_t dataType;
  uint8_t rank;
  uint8_t interleave;
  uint8_t swizzle;
  uint8_t l2Promotion;
  uint8_t oobFill;
  uint8_t elementStrides[5];
  uint64_t address;
  uint64_t globalDim[5];
  uint64_t globalStrides[4];
  uint32_t boxDim[5];
};
static_assert(sizeof(FakeTensorMap) <= sizeof(CUtensorMap));

/// Bytes per element of the data types tilec uses.
inline unsigned fakeElementBytes(CUtensorMapDataType type) {
  switch (type) {
  case CU_TENSOR_MAP_DATA_TYPE_UINT8:
    return 1;
  case CU_TENSOR_MAP_DATA_TYPE_UINT16:
  case CU_TENSOR_MAP_DATA_TYPE_FLOAT16:
  case CU_TENSOR_MAP_DATA_TYPE_BFLOAT16:
    return 2;
  case CU_TENSOR_MAP_DATA_TYPE_UINT32:
  case CU_TENSOR_MAP_DATA_TYPE_INT32:
  case CU_TENSOR_MAP_DATA_TYPE_FLOAT32:
    return 4;
  case CU_TENSOR_MAP_DATA_TYPE_UINT64:
  case CU_TENSOR_MAP_DATA_TYPE_INT64:
  case CU_TENSOR_MAP_DATA_TYPE_FLOAT64:
    return 8;
  default:
    return 0;
  }
}

/// cuTensorMapEncodeTiled's checks (its documentation's, for the tiled,
/// non-interleaved maps tilec encodes), then the arguments written as a
/// FakeTensorMap; CUDA_ERROR_INVALID_VALUE for anything out of bounds.
inline CUresult fakeEncodeTiled(
    CUtensorMap *map, CUtensorMapDataType dataType, cuuint32_t rank,
    void *address, const cuuint64_t *globalDim, const cuuint64_t *globalStrides,
    const cuuint32_t *boxDim, const cuuint32_t *elementStrides,
    CUtensorMapInterleave interleave, CUtensorMapSwizzle swizzle,
    CUtensorMapL2promotion l2Promotion, CUtensorMapFloatOOBfill oobFill) {
  unsigned elemBytes = fakeElementBytes(dataType);
  uint64_t base = reinterpret_cast<uintptr_t>(address);
  if (!map || elemBytes == 0 || rank < 1 || rank > 5 || base % 16 != 0 ||
      interleave != CU_TENSOR_MAP_INTERLEAVE_NONE ||
      swizzle > CU_TENSOR_MAP_SWIZZLE_128B)
    return CUDA_ERROR_INVALID_VALUE;
  for (unsigned d = 0; d < rank; ++d) {
    if (globalDim[d] == 0 || globalDim[d] > (uint64_t(1) << 32) ||
        boxDim[d] == 0 || boxDim[d] > 256 || elementStrides[d] == 0 ||
        elementStrides[d] > 8)
      return CUDA_ERROR_INVALID_VALUE;
    if (d + 1 < rank &&
        (globalStrides[d] % 16 != 0 || globalStrides[d] >= uint64_t(1) << 40))
      return CUDA_ERROR_INVALID_VALUE;
  }
  // The inner box row: whole 16-byte units, and within one swizzle span.
  unsigned rowBytes = boxDim[0] * elemBytes;
  unsigned span = swizzle == CU_TENSOR_MAP_SWIZZLE_32B    ? 32
                  : swizzle == CU_TENSOR_MAP_SWIZZLE_64B  ? 64
                  : swizzle == CU_TENSOR_MAP_SWIZZLE_128B ? 128
                                                          : 0;
  if (rowBytes % 16 != 0 || (span && rowBytes > span))
    return CUDA_ERROR_INVALID_VALUE;

  FakeTensorMap out = {};
  std::memcpy(out.magic, "FTM1", 4);
  out.dataType = static_cast<uint8_t>(dataType);
  out.rank = static_cast<uint8_t>(rank);
  out.interleave = static_cast<uint8_t>(interleave);
  out.swizzle = static_cast<uint8_t>(swizzle);
  out.l2Promotion = static_cast<uint8_t>(l2Promotion);
  out.oobFill = static_cast<uint8_t>(oobFill);
  out.address = base;
  for (unsigned d = 0; d < rank; ++d) {
    out.globalDim[d] = globalDim[d];
    out.boxDim[d] = boxDim[d];
    out.elementStrides[d] = static_cast<uint8_t>(elementStrides[d]);
    if (d + 1 < rank)
      out.globalStrides[d] = globalStrides[d];
  }
  std::memset(map, 0, sizeof(CUtensorMap));
  std::memcpy(map, &out, sizeof(out));
  return CUDA_SUCCESS;
}

/// Reads back what fakeEncodeTiled wrote into the 128 bytes at `bytes`.
inline FakeTensorMap readFakeTensorMap(const void *bytes) {
  FakeTensorMap map;
  std::memcpy(&map, bytes, sizeof(map));
  return map;
}

} // namespace tilec::runtime::fakedriver

#endif // TILEC_UNITTESTS_RUNTIME_FAKETENSORMAP_H
