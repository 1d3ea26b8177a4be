//===- Runtime.h - Loading and launching kernels on a GPU -------*- C++ -*-===//
//
// tilec's runtime over the CUDA driver API: a device and its primary context,
// modules loaded from PTX or cubin, kernels and their launch, device memory,
// streams and events, and the tensor maps of `tensordesc` parameters. libcuda
// is opened with dlopen at first use (see lib/Runtime/CudaDriver.h), so a
// program linked with this library starts and runs its CPU work on a machine
// with no driver; only the first call that needs the GPU fails, with a
// DriverUnavailableError.
//
// Errors: every fallible call returns llvm::Error or llvm::Expected<T>, as
// the rest of tilec does (LLVM is built without exceptions, and Expected
// forces the caller to look). The message is a complete diagnostic in
// tilec's style: "cuMemAlloc_v2 of 4096 bytes failed: CUDA_ERROR_OUT_OF_MEMORY
// (out of memory)". Two error classes can be told apart with
// `error.isA<...>()` or `expected.errorIsA<...>()` without consuming them:
//   - DriverUnavailableError: no usable driver or no GPU here (libcuda
//     missing, the toolkit's stub library, CUDA_ERROR_NO_DEVICE, or, for
//     encodeTensorMap, a driver older than CUDA 12.0). Tests and tools that
//     need a GPU skip on it.
//   - CudaError: a driver call failed; getResult() is its CUresult.
// Anything else (a copy past the end of a buffer, a block too large for the
// kernel) is an llvm::StringError. Print any of them with
// llvm::toString(std::move(error)).
//
// Lifetimes: Device, Module and Kernel are cheap handles to shared state; a
// Kernel keeps its module loaded and every object keeps the device's primary
// context retained, so none of them can dangle. DeviceBuffer, Stream and
// Event own their resource and are move-only. Destructors free without
// reporting (the CUDA convention); call synchronize() first to see errors.
//
// Threads: each call makes the device's primary context current on the
// calling thread first, so objects may be used from any thread. One object
// is not safe to use from two threads at once, except const Kernel::launch.
//
//===----------------------------------------------------------------------===//

#ifndef TILEC_RUNTIME_H
#define TILEC_RUNTIME_H

#include "tilec/TensorDescriptor.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

#include <cuda.h>

#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>

namespace tilec::runtime {

struct CudaDriver;

namespace detail {
struct ContextState;
struct ModuleState;
} // namespace detail

//===----------------------------------------------------------------------===//
// Errors
//===----------------------------------------------------------------------===//

/// A CUDA driver call that failed.
class CudaError : public llvm::ErrorInfo<CudaError> {
public:
  static char ID;

  CudaError(CUresult result, std::string message)
      : result(result), message(std::move(message)) {}

  /// The driver's result code.
  CUresult getResult() const { return result; }
  /// The full message: the call, then the result's name and description.
  const std::string &getMessage() const { return message; }

  void log(llvm::raw_ostream &os) const override;
  std::error_code convertToErrorCode() const override;

private:
  CUresult result;
  std::string message;
};

/// No CUDA driver, only its stub, or no GPU on this machine.
class DriverUnavailableError : public llvm::ErrorInfo<DriverUnavailableError> {
public:
  static char ID;

  explicit DriverUnavailableError(std::string message)
      : message(std::move(message)) {}

  /// "no CUDA driver found: libcuda.so.1 could not be loaded (...)".
  const std::string &getMessage() const { return message; }

  void log(llvm::raw_ostream &os) const override;
  std::error_code convertToErrorCode() const override;

private:
  std::string message;
};

//===----------------------------------------------------------------------===//
// Device
//===----------------------------------------------------------------------===//

/// A GPU and its primary context, which the Device retains.
class Device {
public:
  /// The number of GPUs the driver sees. Initializes the driver.
  static llvm::Expected<int> getCount();

  /// Initializes the driver (cuInit), retains device `ordinal`'s primary
  /// context, makes it current on the calling thread and reads the
  /// device's properties.
  static llvm::Expected<Device> get(int ordinal = 0);

  int getOrdinal() const { return ordinal; }
  /// "NVIDIA H200".
  const std::string &getName() const { return name; }
  /// Streaming multiprocessors.
  int getNumSMs() const { return numSMs; }
  int getComputeCapabilityMajor() const { return ccMajor; }
  int getComputeCapabilityMinor() const { return ccMinor; }
  /// The compute capability times ten: 90 for an H100 or H200.
  int getSmVersion() const { return ccMajor * 10 + ccMinor; }
  /// The L2 cache size in bytes.
  int64_t getL2CacheBytes() const { return l2Bytes; }
  /// The most shared memory one block may use once it opts in.
  int getMaxSharedBytesPerBlockOptin() const { return maxSharedOptin; }

  /// Any other attribute (cuDeviceGetAttribute).
  llvm::Expected<int> getAttribute(CUdevice_attribute attribute) const;

  /// Makes the primary context current on the calling thread. Every other
  /// call does it itself.
  llvm::Error makeCurrent() const;
  /// Waits for all work on the device (cuCtxSynchronize); reports the errors
  /// of earlier asynchronous launches.
  llvm::Error synchronize() const;

  CUdevice getHandle() const;
  CUcontext getContext() const;

private:
  friend class Module;
  friend class DeviceBuffer;
  friend class Stream;
  friend class Event;

  Device() = default;

  std::shared_ptr<detail::ContextState> state;
  int ordinal = 0;
  std::string name;
  int numSMs = 0;
  int ccMajor = 0;
  int ccMinor = 0;
  int64_t l2Bytes = 0;
  int maxSharedOptin = 0;
};

//===----------------------------------------------------------------------===//
// Modules and kernels
//===----------------------------------------------------------------------===//

/// Grid or block dimensions of a launch.
struct Dim3 {
  unsigned x = 1;
  unsigned y = 1;
  unsigned z = 1;

  Dim3(unsigned x = 1, unsigned y = 1, unsigned z = 1) : x(x), y(y), z(z) {}
};

class Kernel;

/// A loaded CUmodule; unloaded when the Module and every Kernel from it are
/// gone.
class Module {
public:
  /// JIT-compiles PTX text through cuModuleLoadDataEx. A failure carries the
  /// JIT's error log: "cuModuleLoadDataEx of PTX failed:
  /// CUDA_ERROR_INVALID_PTX (a PTX JIT compilation failed)\njit log:\n...".
  static llvm::Expected<Module> loadPTX(const Device &device,
                                        llvm::StringRef ptx);

  /// Loads a cubin (an ELF image, as Target's assembleCubin returns it) or
  /// fatbinary. The error carries the driver's log, as for loadPTX.
  static llvm::Expected<Module> loadCubin(const Device &device,
                                          llvm::StringRef cubin);

  /// The `.entry` named `name`; "kernel 'foo' not found in module" when
  /// there is none.
  llvm::Expected<Kernel> getKernel(llvm::StringRef name) const;

  /// What the JIT said when it succeeded (warnings, or "ptxas info" lines);
  /// usually empty.
  llvm::StringRef getInfoLog() const;

  CUmodule getHandle() const;

private:
  Module() = default;
  std::shared_ptr<detail::ModuleState> state;
};

/// A kernel (CUfunction) of a loaded module.
class Kernel {
public:
  const std::string &getName() const { return name; }
  /// The most threads a block of this kernel may have, for its registers.
  int getMaxThreadsPerBlock() const { return maxThreadsPerBlock; }

  /// A function attribute: registers, local or shared bytes, ...
  llvm::Expected<int> getAttribute(CUfunction_attribute attribute) const;

  /// Launches on `stream` (nullptr: the legacy default stream), with
  /// `sharedBytes` of dynamic shared memory and `args` as cuLaunchKernel
  /// takes them: one pointer per kernel parameter, to a value of the
  /// parameter's type (for a buffer, a pointer to its CUdeviceptr). Checks
  /// that no dimension is zero, that the block fits the kernel, and raises
  /// the kernel's dynamic shared memory limit when `sharedBytes` is above
  /// the default 48 KiB. The arguments are not checked against the
  /// kernel's parameters. The launch is asynchronous: errors in the kernel
  /// show at the next synchronize.
  llvm::Error launch(Dim3 grid, Dim3 block, size_t sharedBytes, CUstream stream,
                     void **args) const;

  CUfunction getHandle() const { return function; }

private:
  friend class Module;
  Kernel() = default;

  std::shared_ptr<detail::ModuleState> module;
  CUfunction function = nullptr;
  std::string name;
  int maxThreadsPerBlock = 0;
};

//===----------------------------------------------------------------------===//
// Memory, streams, events
//===----------------------------------------------------------------------===//

/// Device memory from cuMemAlloc, freed in the destructor.
class DeviceBuffer {
public:
  /// Allocates `bytes` (0 gives an empty buffer with a null pointer).
  static llvm::Expected<DeviceBuffer> allocate(const Device &device,
                                               size_t bytes);

  DeviceBuffer(DeviceBuffer &&other) noexcept;
  DeviceBuffer &operator=(DeviceBuffer &&other) noexcept;
  DeviceBuffer(const DeviceBuffer &) = delete;
  DeviceBuffer &operator=(const DeviceBuffer &) = delete;
  ~DeviceBuffer();

  /// Copies `bytes` from `host` to the buffer at `offset` (synchronous).
  llvm::Error copyFromHost(const void *host, size_t bytes, size_t offset = 0);
  /// Copies `bytes` at `offset` in the buffer to `host` (synchronous; waits
  /// for earlier work on the legacy default stream).
  llvm::Error copyToHost(void *host, size_t bytes, size_t offset = 0) const;
  /// Sets every 32-bit word of the buffer to `value` (the size must be a
  /// multiple of 4): fill32(0x7fc00000) poisons floats with NaN.
  llvm::Error fill32(uint32_t value);

  CUdeviceptr getDevicePtr() const { return ptr; }
  size_t getSize() const { return size; }

private:
  DeviceBuffer() = default;
  llvm::Error checkRange(size_t bytes, size_t offset,
                         llvm::StringRef what) const;
  void reset();

  std::shared_ptr<detail::ContextState> state;
  CUdeviceptr ptr = 0;
  size_t size = 0;
};

/// A CUstream, destroyed in the destructor.
class Stream {
public:
  /// `flags`: CU_STREAM_DEFAULT or CU_STREAM_NON_BLOCKING.
  static llvm::Expected<Stream> create(const Device &device,
                                       unsigned flags = CU_STREAM_DEFAULT);

  Stream(Stream &&other) noexcept;
  Stream &operator=(Stream &&other) noexcept;
  Stream(const Stream &) = delete;
  Stream &operator=(const Stream &) = delete;
  ~Stream();

  /// Waits for the work on the stream; reports errors of its launches.
  llvm::Error synchronize() const;

  CUstream getHandle() const { return stream; }

private:
  Stream() = default;
  void reset();

  std::shared_ptr<detail::ContextState> state;
  CUstream stream = nullptr;
};

/// A CUevent, destroyed in the destructor; for timing.
class Event {
public:
  static llvm::Expected<Event> create(const Device &device,
                                      unsigned flags = CU_EVENT_DEFAULT);

  Event(Event &&other) noexcept;
  Event &operator=(Event &&other) noexcept;
  Event(const Event &) = delete;
  Event &operator=(const Event &) = delete;
  ~Event();

  /// Records the event on `stream` (nullptr: the legacy default stream).
  llvm::Error record(CUstream stream = nullptr);
  /// Waits until the event has happened.
  llvm::Error synchronize() const;

  /// Milliseconds from `start` to `end`, both recorded and completed.
  static llvm::Expected<float> getElapsedMs(const Event &start,
                                            const Event &end);

  CUevent getHandle() const { return event; }

private:
  Event() = default;
  void reset();

  std::shared_ptr<detail::ContextState> state;
  CUevent event = nullptr;
};

//===----------------------------------------------------------------------===//
// Tensor descriptors
//===----------------------------------------------------------------------===//

/// The 128 bytes of a CUtensorMap, aligned as the kernel parameter is.
struct alignas(64) TensorMap {
  uint8_t bytes[128];
};

/// Encodes the map a `tensordesc` parameter compiled with `layout` reads:
/// the tensor at `base` with `shape` and `strides` (in elements, outermost
/// first, as in Triton's TensorDescriptor; strides.back() must be 1), the
/// box layout.boxShape, swizzle layout.swizzleBytes, out-of-bounds elements
/// read as zero. Inputs TMA cannot take are an llvm::StringError naming
/// what is wrong ("tensor descriptor base 0x7000008 is not 16-byte
/// aligned"), before the driver is asked; a failure of
/// cuTensorMapEncodeTiled is a CudaError, and a driver older than CUDA 12.0
/// (which lacks it) a DriverUnavailableError. Needs no context.
llvm::Expected<TensorMap> encodeTensorMap(const TensorDescLayout &layout,
                                          CUdeviceptr base,
                                          llvm::ArrayRef<int64_t> shape,
                                          llvm::ArrayRef<int64_t> strides);

} // namespace tilec::runtime

#endif // TILEC_RUNTIME_H
