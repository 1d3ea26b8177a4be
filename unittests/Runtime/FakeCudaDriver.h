//===- FakeCudaDriver.h - A CUDA driver table for CPU tests -----*- C++ -*-===//
//
// A fake CUDA driver (a CudaDriver table whose entries are functions of one
// FakeState) for the unit tests of the runtime and of the JIT, which run on
// machines with no GPU. A test points `fake` at its state and installs
// makeFakeDriver()'s table with setCudaDriverForTesting.
//
//===----------------------------------------------------------------------===//

#ifndef TILEC_UNITTESTS_RUNTIME_FAKECUDADRIVER_H
#define TILEC_UNITTESTS_RUNTIME_FAKECUDADRIVER_H

#include "Runtime/CudaDriver.h"
#include "Runtime/FakeTensorMap.h"

#include <cstdint>
#include <cstring>
#include <string>
#include <vector>

namespace tilec::runtime::fakedriver {

//===----------------------------------------------------------------------===//
// A fake driver
//===----------------------------------------------------------------------===//

/// What the fake driver does and what it saw.
struct FakeState {
  CUresult initResult = CUDA_SUCCESS;
  int deviceCount = 1;
  CUresult allocResult = CUDA_SUCCESS;
  CUresult loadResult = CUDA_SUCCESS;
  std::string jitErrorLog;
  std::string jitInfoLog;
  int maxDynamicShared = 48 * 1024;

  int retains = 0;
  int releases = 0;
  int setCurrents = 0;
  int allocs = 0;
  int frees = 0;
  int loads = 0;
  int unloads = 0;
  int launches = 0;
  int setAttributes = 0;
  int streamsCreated = 0;
  int streamsDestroyed = 0;
  int eventsCreated = 0;
  int eventsDestroyed = 0;
  std::string loadedImage;
  unsigned lastGridX = 0;
  unsigned lastBlockX = 0;
  unsigned lastShared = 0;
  void **lastArgs = nullptr;
  /// The first `argsToCopy` launch arguments, 8 bytes each, copied at the
  /// launch (lastArgs dangles once the caller's argument array is gone).
  int argsToCopy = 0;
  std::vector<uint64_t> lastArgWords;
  /// The same for arguments of any size: `argBytes[i]` bytes of argument i
  /// (128 for a tensor map) copied into lastArgBytes[i].
  std::vector<size_t> argBytes;
  std::vector<std::string> lastArgBytes;
  unsigned lastMemsetValue = 0;
  size_t lastMemsetWords = 0;
  /// cuTensorMapEncodeTiled: what it returns instead of encoding (success:
  /// encode with fakeEncodeTiled), and how often it was called.
  CUresult encodeResult = CUDA_SUCCESS;
  int encodes = 0;
};

inline FakeState *fake = nullptr;

inline CUcontext const kContext = reinterpret_cast<CUcontext>(0x1000);
inline CUmodule const kModule = reinterpret_cast<CUmodule>(0x2000);
inline CUfunction const kFunction = reinterpret_cast<CUfunction>(0x3000);
inline CUstream const kStream = reinterpret_cast<CUstream>(0x4000);
inline CUevent const kEvent = reinterpret_cast<CUevent>(0x5000);
inline CUdeviceptr const kDevicePtr = 0x7000000;

struct ResultText {
  CUresult result;
  const char *name;
  const char *description;
};
constexpr ResultText kResultTexts[] = {
    {CUDA_SUCCESS, "CUDA_SUCCESS", "no error"},
    {CUDA_ERROR_INVALID_VALUE, "CUDA_ERROR_INVALID_VALUE", "invalid argument"},
    {CUDA_ERROR_OUT_OF_MEMORY, "CUDA_ERROR_OUT_OF_MEMORY", "out of memory"},
    {CUDA_ERROR_NO_DEVICE, "CUDA_ERROR_NO_DEVICE",
     "no CUDA-capable device is detected"},
    {CUDA_ERROR_INVALID_PTX, "CUDA_ERROR_INVALID_PTX",
     "a PTX JIT compilation failed"},
    {CUDA_ERROR_NOT_FOUND, "CUDA_ERROR_NOT_FOUND", "named symbol not found"},
    {CUDA_ERROR_LAUNCH_FAILED, "CUDA_ERROR_LAUNCH_FAILED",
     "unspecified launch failure"},
};

inline const ResultText *findResult(CUresult result) {
  for (const ResultText &text : kResultTexts)
    if (text.result == result)
      return &text;
  return nullptr;
}

/// A driver table whose every entry is a function of FakeState.
inline CudaDriver makeFakeDriver() {
  CudaDriver d;
  d.libraryPath = "fake";
  d.cuGetErrorName = [](CUresult result, const char **text) {
    const ResultText *found = findResult(result);
    *text = found ? found->name : nullptr;
    return found ? CUDA_SUCCESS : CUDA_ERROR_INVALID_VALUE;
  };
  d.cuGetErrorString = [](CUresult result, const char **text) {
    const ResultText *found = findResult(result);
    *text = found ? found->description : nullptr;
    return found ? CUDA_SUCCESS : CUDA_ERROR_INVALID_VALUE;
  };
  d.cuInit = [](unsigned) { return fake->initResult; };
  d.cuDriverGetVersion = [](int *version) {
    *version = 13000;
    return CUDA_SUCCESS;
  };
  d.cuDeviceGetCount = [](int *count) {
    *count = fake->deviceCount;
    return CUDA_SUCCESS;
  };
  d.cuDeviceGet = [](CUdevice *device, int ordinal) {
    *device = ordinal;
    return CUDA_SUCCESS;
  };
  d.cuDeviceGetAttribute = [](int *value, CUdevice_attribute attribute,
                              CUdevice) {
    switch (attribute) {
    case CU_DEVICE_ATTRIBUTE_MULTIPROCESSOR_COUNT:
      *value = 132;
      return CUDA_SUCCESS;
    case CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MAJOR:
      *value = 9;
      return CUDA_SUCCESS;
    case CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MINOR:
      *value = 0;
      return CUDA_SUCCESS;
    case CU_DEVICE_ATTRIBUTE_L2_CACHE_SIZE:
      *value = 50 * 1024 * 1024;
      return CUDA_SUCCESS;
    case CU_DEVICE_ATTRIBUTE_MAX_SHARED_MEMORY_PER_BLOCK_OPTIN:
      *value = 227 * 1024;
      return CUDA_SUCCESS;
    default:
      return CUDA_ERROR_INVALID_VALUE;
    }
  };
  d.cuDeviceGetName = [](char *name, int length, CUdevice) {
    std::strncpy(name, "Fake GPU", length);
    return CUDA_SUCCESS;
  };
  d.cuDevicePrimaryCtxRetain = [](CUcontext *context, CUdevice) {
    ++fake->retains;
    *context = kContext;
    return CUDA_SUCCESS;
  };
  d.cuDevicePrimaryCtxRelease_v2 = [](CUdevice) {
    ++fake->releases;
    return CUDA_SUCCESS;
  };
  d.cuCtxSetCurrent = [](CUcontext context) {
    ++fake->setCurrents;
    return context == kContext ? CUDA_SUCCESS : CUDA_ERROR_INVALID_VALUE;
  };
  d.cuCtxGetCurrent = [](CUcontext *context) {
    *context = kContext;
    return CUDA_SUCCESS;
  };
  d.cuCtxSynchronize = [] { return CUDA_ERROR_LAUNCH_FAILED; };
  d.cuModuleLoadData = [](CUmodule *, const void *) {
    return CUDA_ERROR_INVALID_VALUE;
  };
  d.cuModuleLoadDataEx = [](CUmodule *module, const void *image, unsigned count,
                            CUjit_option *options, void **values) {
    ++fake->loads;
    const char *bytes = static_cast<const char *>(image);
    // PTX must arrive NUL-terminated; a cubin is recognized by its header.
    fake->loadedImage = std::strncmp(bytes, "\177ELF", 4) == 0
                            ? std::string(bytes, 4)
                            : std::string(bytes);
    auto write = [&](CUjit_option bufferOption, CUjit_option sizeOption,
                     const std::string &text) {
      char *buffer = nullptr;
      size_t size = 0;
      for (unsigned i = 0; i < count; ++i) {
        if (options[i] == bufferOption)
          buffer = static_cast<char *>(values[i]);
        if (options[i] == sizeOption)
          size = reinterpret_cast<uintptr_t>(values[i]);
      }
      if (buffer && size > text.size())
        std::memcpy(buffer, text.c_str(), text.size() + 1);
    };
    write(CU_JIT_ERROR_LOG_BUFFER, CU_JIT_ERROR_LOG_BUFFER_SIZE_BYTES,
          fake->jitErrorLog);
    write(CU_JIT_INFO_LOG_BUFFER, CU_JIT_INFO_LOG_BUFFER_SIZE_BYTES,
          fake->jitInfoLog);
    if (fake->loadResult != CUDA_SUCCESS)
      return fake->loadResult;
    *module = kModule;
    return CUDA_SUCCESS;
  };
  d.cuModuleUnload = [](CUmodule module) {
    ++fake->unloads;
    return module == kModule ? CUDA_SUCCESS : CUDA_ERROR_INVALID_VALUE;
  };
  d.cuModuleGetFunction = [](CUfunction *function, CUmodule, const char *name) {
    // "vector_add", or any `.entry` of a PTX image it was given.
    if (std::strcmp(name, "vector_add") != 0 &&
        fake->loadedImage.find(std::string(".entry ") + name + "(") ==
            std::string::npos)
      return CUDA_ERROR_NOT_FOUND;
    *function = kFunction;
    return CUDA_SUCCESS;
  };
  d.cuFuncGetAttribute = [](int *value, CUfunction_attribute attribute,
                            CUfunction) {
    switch (attribute) {
    case CU_FUNC_ATTRIBUTE_MAX_THREADS_PER_BLOCK:
      *value = 512;
      return CUDA_SUCCESS;
    case CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES:
      *value = fake->maxDynamicShared;
      return CUDA_SUCCESS;
    case CU_FUNC_ATTRIBUTE_NUM_REGS:
      *value = 24;
      return CUDA_SUCCESS;
    default:
      return CUDA_ERROR_INVALID_VALUE;
    }
  };
  d.cuFuncSetAttribute = [](CUfunction, CUfunction_attribute attribute,
                            int value) {
    ++fake->setAttributes;
    if (attribute != CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES ||
        value > 227 * 1024)
      return CUDA_ERROR_INVALID_VALUE;
    fake->maxDynamicShared = value;
    return CUDA_SUCCESS;
  };
  d.cuLaunchKernel = [](CUfunction, unsigned gridX, unsigned, unsigned,
                        unsigned blockX, unsigned, unsigned, unsigned shared,
                        CUstream, void **args, void **) {
    ++fake->launches;
    fake->lastGridX = gridX;
    fake->lastBlockX = blockX;
    fake->lastShared = shared;
    fake->lastArgs = args;
    fake->lastArgWords.assign(fake->argsToCopy, 0);
    for (int i = 0; i < fake->argsToCopy; ++i)
      std::memcpy(&fake->lastArgWords[i], args[i], 8);
    fake->lastArgBytes.clear();
    for (size_t i = 0; i < fake->argBytes.size(); ++i)
      fake->lastArgBytes.emplace_back(static_cast<const char *>(args[i]),
                                      fake->argBytes[i]);
    return shared > unsigned(fake->maxDynamicShared) ? CUDA_ERROR_INVALID_VALUE
                                                     : CUDA_SUCCESS;
  };
  d.cuMemAlloc_v2 = [](CUdeviceptr *ptr, size_t) {
    if (fake->allocResult != CUDA_SUCCESS)
      return fake->allocResult;
    ++fake->allocs;
    *ptr = kDevicePtr;
    return CUDA_SUCCESS;
  };
  d.cuMemFree_v2 = [](CUdeviceptr ptr) {
    ++fake->frees;
    return ptr == kDevicePtr ? CUDA_SUCCESS : CUDA_ERROR_INVALID_VALUE;
  };
  d.cuMemcpyHtoD_v2 = [](CUdeviceptr, const void *, size_t) {
    return CUDA_SUCCESS;
  };
  d.cuMemcpyDtoH_v2 = [](void *, CUdeviceptr, size_t) { return CUDA_SUCCESS; };
  d.cuMemsetD32_v2 = [](CUdeviceptr, unsigned value, size_t words) {
    fake->lastMemsetValue = value;
    fake->lastMemsetWords = words;
    return CUDA_SUCCESS;
  };
  d.cuStreamCreate = [](CUstream *stream, unsigned) {
    ++fake->streamsCreated;
    *stream = kStream;
    return CUDA_SUCCESS;
  };
  d.cuStreamDestroy_v2 = [](CUstream) {
    ++fake->streamsDestroyed;
    return CUDA_SUCCESS;
  };
  d.cuStreamSynchronize = [](CUstream) { return CUDA_SUCCESS; };
  d.cuEventCreate = [](CUevent *event, unsigned) {
    ++fake->eventsCreated;
    *event = kEvent;
    return CUDA_SUCCESS;
  };
  d.cuEventRecord = [](CUevent, CUstream) { return CUDA_SUCCESS; };
  d.cuEventSynchronize = [](CUevent) { return CUDA_SUCCESS; };
  d.cuEventElapsedTime_v2 = [](float *ms, CUevent, CUevent) {
    *ms = 1.5f;
    return CUDA_SUCCESS;
  };
  d.cuEventDestroy_v2 = [](CUevent) {
    ++fake->eventsDestroyed;
    return CUDA_SUCCESS;
  };
  d.cuTensorMapEncodeTiled =
      [](CUtensorMap *map, CUtensorMapDataType type, cuuint32_t rank,
         void *address, const cuuint64_t *dims, const cuuint64_t *strides,
         const cuuint32_t *box, const cuuint32_t *elementStrides,
         CUtensorMapInterleave interleave, CUtensorMapSwizzle swizzle,
         CUtensorMapL2promotion l2, CUtensorMapFloatOOBfill oobFill) {
        ++fake->encodes;
        if (fake->encodeResult != CUDA_SUCCESS)
          return fake->encodeResult;
        return fakeEncodeTiled(map, type, rank, address, dims, strides, box,
                               elementStrides, interleave, swizzle, l2,
                               oobFill);
      };
  return d;
}

} // namespace tilec::runtime::fakedriver

#endif // TILEC_UNITTESTS_RUNTIME_FAKECUDADRIVER_H
