//===- CudaDriver.h - The CUDA driver API, loaded at first use --*- C++ -*-===//
//
// A table of the CUDA driver entry points the runtime calls, filled with
// dlopen and dlsym the first time it is asked for, so that tilec and its CPU
// tests link no libcuda and run on machines with no driver. cuda.h supplies
// the types and prototypes only.
//
// The table is a plain struct of function pointers so that tests can build a
// fake one and install it with setCudaDriverForTesting.
//
//===----------------------------------------------------------------------===//

#ifndef TILEC_LIB_RUNTIME_CUDADRIVER_H
#define TILEC_LIB_RUNTIME_CUDADRIVER_H

#include "llvm/ADT/StringRef.h"
#include "llvm/ADT/Twine.h"
#include "llvm/Support/Error.h"

#include <cuda.h>

#include <memory>
#include <string>

#if defined(CUDA_API_PER_THREAD_DEFAULT_STREAM)
#error "tilec's runtime needs the legacy default stream"
#endif

namespace tilec::runtime {

/// The entry points, as X(symbol, fallback): `symbol` is the exported name
/// (the versioned `_v2` one where cuda.h maps the API name onto it, which is
/// the ABI its prototype describes), `fallback` an older export with the same
/// signature to use when the driver lacks `symbol`, or nullptr.
#define TILEC_CUDA_DRIVER_ENTRIES(X)                                           \
  X(cuGetErrorName, nullptr)                                                   \
  X(cuGetErrorString, nullptr)                                                 \
  X(cuInit, nullptr)                                                           \
  X(cuDriverGetVersion, nullptr)                                               \
  X(cuDeviceGetCount, nullptr)                                                 \
  X(cuDeviceGet, nullptr)                                                      \
  X(cuDeviceGetAttribute, nullptr)                                             \
  X(cuDeviceGetName, nullptr)                                                  \
  X(cuDevicePrimaryCtxRetain, nullptr)                                         \
  X(cuDevicePrimaryCtxRelease_v2, nullptr)                                     \
  X(cuCtxSetCurrent, nullptr)                                                  \
  X(cuCtxGetCurrent, nullptr)                                                  \
  X(cuCtxSynchronize, nullptr)                                                 \
  X(cuModuleLoadData, nullptr)                                                 \
  X(cuModuleLoadDataEx, nullptr)                                               \
  X(cuModuleUnload, nullptr)                                                   \
  X(cuModuleGetFunction, nullptr)                                              \
  X(cuFuncGetAttribute, nullptr)                                               \
  X(cuFuncSetAttribute, nullptr)                                               \
  X(cuLaunchKernel, nullptr)                                                   \
  X(cuMemAlloc_v2, nullptr)                                                    \
  X(cuMemFree_v2, nullptr)                                                     \
  X(cuMemcpyHtoD_v2, nullptr)                                                  \
  X(cuMemcpyDtoH_v2, nullptr)                                                  \
  X(cuMemsetD32_v2, nullptr)                                                   \
  X(cuStreamCreate, nullptr)                                                   \
  X(cuStreamDestroy_v2, nullptr)                                               \
  X(cuStreamSynchronize, nullptr)                                              \
  X(cuEventCreate, nullptr)                                                    \
  X(cuEventRecord, nullptr)                                                    \
  X(cuEventSynchronize, nullptr)                                               \
  X(cuEventElapsedTime_v2, "cuEventElapsedTime")                               \
  X(cuEventDestroy_v2, nullptr)

/// Entry points a driver may lack, as X(symbol, fallback): the table then
/// holds nullptr and only the feature that needs one fails, naming it.
/// cuTensorMapEncodeTiled (tensor descriptors, TMA) came with CUDA 12.0, and
/// an older driver still runs every kernel that takes none.
#define TILEC_CUDA_DRIVER_OPTIONAL_ENTRIES(X)                                  \
  X(cuTensorMapEncodeTiled, nullptr)

/// The driver's entry points. Every required pointer is set in a table that
/// loadCudaDriver returns; a fake table for tests sets the ones it needs.
struct CudaDriver {
#define TILEC_CUDA_DRIVER_FIELD(symbol, fallback)                              \
  decltype(&::symbol) symbol = nullptr;
  TILEC_CUDA_DRIVER_ENTRIES(TILEC_CUDA_DRIVER_FIELD)
  TILEC_CUDA_DRIVER_OPTIONAL_ENTRIES(TILEC_CUDA_DRIVER_FIELD)
#undef TILEC_CUDA_DRIVER_FIELD

  /// The library the table came from, as passed to dlopen ("libcuda.so.1"),
  /// for messages; a fake table names itself.
  std::string libraryPath;
};

/// The environment variable that, when set and not empty, names the one
/// library to load instead of libcuda.so.1 (no fallback then).
constexpr llvm::StringLiteral kLibcudaEnvVar = "TILEC_LIBCUDA";

/// Loads the driver from `path`, or when `path` is empty from
/// $TILEC_LIBCUDA, else libcuda.so.1, else libcuda.so. Not cached: each call
/// runs dlopen (which reference-counts) and dlsym again; the library is never
/// closed. A library that cannot be opened is a DriverUnavailableError ("no
/// CUDA driver found: libcuda.so.1 could not be loaded (<dlerror>)"); one
/// that lacks required entry points is a plain error naming them (optional
/// ones it lacks stay nullptr).
llvm::Expected<std::unique_ptr<CudaDriver>>
loadCudaDriver(llvm::StringRef path = "");

/// The process's table: the one setCudaDriverForTesting installed, else the
/// result of loadCudaDriver() run once (std::call_once) and kept for the life
/// of the process. The error of a failed first load is returned again, as a
/// fresh llvm::Error, by every later call.
llvm::Expected<const CudaDriver &> getCudaDriver();

/// getCudaDriver and then cuInit(0). A stub library (CUDA_ERROR_STUB_LIBRARY)
/// and a machine with no GPU (CUDA_ERROR_NO_DEVICE) are
/// DriverUnavailableErrors; any other failure is a CudaError.
llvm::Expected<const CudaDriver &> getInitializedCudaDriver();

/// Makes getCudaDriver return `driver` (not owned; it must outlive every
/// runtime object made while it is installed), or, for nullptr, the loaded
/// driver again. For unit tests only.
void setCudaDriverForTesting(const CudaDriver *driver);

/// "CUDA_ERROR_OUT_OF_MEMORY (out of memory)": the result's name and
/// description from the driver's cuGetErrorName and cuGetErrorString, or
/// "CUresult 12345 (unknown error)" for a code the driver does not name.
std::string formatCudaResult(const CudaDriver &driver, CUresult result);

/// Success for CUDA_SUCCESS; otherwise a CudaError reading
/// "<what>: <formatCudaResult>", where `what` names the failed call and what
/// it was for: "cuMemAlloc_v2 of 4096 bytes failed".
llvm::Error checkCuda(const CudaDriver &driver, CUresult result,
                      const llvm::Twine &what);

} // namespace tilec::runtime

#endif // TILEC_LIB_RUNTIME_CUDADRIVER_H
