//===- Runtime.cpp - Loading and launching kernels on a GPU -----*- C++ -*-===//
//
// The classes of include/tilec/Runtime.h over the driver table of
// CudaDriver.h: each captures the table it was made with, so that a fake
// table installed by a test serves the objects made under it to the end.
//
//===----------------------------------------------------------------------===//

#include "tilec/Runtime.h"

#include "Runtime/CudaDriver.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FormatVariadic.h"

#include <climits>
#include <cstring>
#include <utility>

using namespace tilec::runtime;

static llvm::Error makeError(const llvm::Twine &message) {
  return llvm::createStringError(llvm::inconvertibleErrorCode(), message);
}

//===----------------------------------------------------------------------===//
// Shared state
//===----------------------------------------------------------------------===//

/// A retained primary context, released with the last object that holds it.
struct tilec::runtime::detail::ContextState {
  const CudaDriver *driver = nullptr;
  CUdevice device = 0;
  CUcontext context = nullptr;
  int ordinal = 0;

  ContextState(const CudaDriver &driver, CUdevice device, CUcontext context,
               int ordinal)
      : driver(&driver), device(device), context(context), ordinal(ordinal) {}
  ContextState(const ContextState &) = delete;
  ContextState &operator=(const ContextState &) = delete;
  ~ContextState() {
    // After the driver's own teardown at exit this fails harmlessly.
    (void)driver->cuDevicePrimaryCtxRelease_v2(device);
  }

  llvm::Error makeCurrent() const {
    return checkCuda(*driver, driver->cuCtxSetCurrent(context),
                     llvm::formatv("cuCtxSetCurrent of device {0}'s primary "
                                   "context failed",
                                   ordinal));
  }
};

/// A loaded module, unloaded with the last Module or Kernel that holds it.
struct tilec::runtime::detail::ModuleState {
  std::shared_ptr<ContextState> context;
  CUmodule module = nullptr;
  std::string infoLog;

  ModuleState(std::shared_ptr<ContextState> context, CUmodule module,
              std::string infoLog)
      : context(std::move(context)), module(module),
        infoLog(std::move(infoLog)) {}
  ModuleState(const ModuleState &) = delete;
  ModuleState &operator=(const ModuleState &) = delete;
  ~ModuleState() {
    // cuModuleUnload works on the current context.
    llvm::consumeError(context->makeCurrent());
    (void)context->driver->cuModuleUnload(module);
  }
};

//===----------------------------------------------------------------------===//
// Device
//===----------------------------------------------------------------------===//

llvm::Expected<int> Device::getCount() {
  llvm::Expected<const CudaDriver &> driver = getInitializedCudaDriver();
  if (!driver)
    return driver.takeError();
  int count = 0;
  if (llvm::Error error = checkCuda(*driver, driver->cuDeviceGetCount(&count),
                                    "cuDeviceGetCount failed"))
    return std::move(error);
  return count;
}

llvm::Expected<Device> Device::get(int ordinal) {
  llvm::Expected<const CudaDriver &> expectedDriver =
      getInitializedCudaDriver();
  if (!expectedDriver)
    return expectedDriver.takeError();
  const CudaDriver &driver = *expectedDriver;

  int count = 0;
  if (llvm::Error error = checkCuda(driver, driver.cuDeviceGetCount(&count),
                                    "cuDeviceGetCount failed"))
    return std::move(error);
  if (ordinal < 0 || ordinal >= count)
    return makeError(llvm::formatv("no CUDA device {0}: the driver sees {1} "
                                   "device(s)",
                                   ordinal, count));

  CUdevice handle = 0;
  if (llvm::Error error =
          checkCuda(driver, driver.cuDeviceGet(&handle, ordinal),
                    llvm::formatv("cuDeviceGet of device {0} failed", ordinal)))
    return std::move(error);

  CUcontext context = nullptr;
  if (llvm::Error error = checkCuda(
          driver, driver.cuDevicePrimaryCtxRetain(&context, handle),
          llvm::formatv("cuDevicePrimaryCtxRetain of device {0} failed",
                        ordinal)))
    return std::move(error);

  Device device;
  device.state =
      std::make_shared<detail::ContextState>(driver, handle, context, ordinal);
  device.ordinal = ordinal;
  if (llvm::Error error = device.makeCurrent())
    return std::move(error);

  char name[256] = {};
  if (llvm::Error error = checkCuda(
          driver, driver.cuDeviceGetName(name, sizeof(name) - 1, handle),
          llvm::formatv("cuDeviceGetName of device {0} failed", ordinal)))
    return std::move(error);
  device.name = name;

  struct {
    CUdevice_attribute attribute;
    int *value;
  } attributes[] = {
      {CU_DEVICE_ATTRIBUTE_MULTIPROCESSOR_COUNT, &device.numSMs},
      {CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MAJOR, &device.ccMajor},
      {CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MINOR, &device.ccMinor},
      {CU_DEVICE_ATTRIBUTE_MAX_SHARED_MEMORY_PER_BLOCK_OPTIN,
       &device.maxSharedOptin},
  };
  for (auto &[attribute, value] : attributes) {
    llvm::Expected<int> read = device.getAttribute(attribute);
    if (!read)
      return read.takeError();
    *value = *read;
  }
  llvm::Expected<int> l2 =
      device.getAttribute(CU_DEVICE_ATTRIBUTE_L2_CACHE_SIZE);
  if (!l2)
    return l2.takeError();
  device.l2Bytes = *l2;
  return device;
}

llvm::Expected<int> Device::getAttribute(CUdevice_attribute attribute) const {
  const CudaDriver &driver = *state->driver;
  int value = 0;
  if (llvm::Error error = checkCuda(
          driver, driver.cuDeviceGetAttribute(&value, attribute, state->device),
          llvm::formatv("cuDeviceGetAttribute {0} of device {1} failed",
                        static_cast<int>(attribute), ordinal)))
    return std::move(error);
  return value;
}

llvm::Error Device::makeCurrent() const { return state->makeCurrent(); }

llvm::Error Device::synchronize() const {
  if (llvm::Error error = makeCurrent())
    return error;
  return checkCuda(
      *state->driver, state->driver->cuCtxSynchronize(),
      llvm::formatv("cuCtxSynchronize of device {0} failed", ordinal));
}

CUdevice Device::getHandle() const { return state->device; }

CUcontext Device::getContext() const { return state->context; }

//===----------------------------------------------------------------------===//
// Module
//===----------------------------------------------------------------------===//

/// Bytes of each JIT log buffer; the driver truncates longer logs.
static constexpr size_t kJitLogBytes = 64 * 1024;

/// The text the driver wrote into a log buffer, without trailing blanks.
static std::string takeLog(const std::string &buffer) {
  size_t length = ::strnlen(buffer.data(), buffer.size());
  return llvm::StringRef(buffer.data(), length).rtrim().str();
}

/// cuModuleLoadDataEx of `image` (NUL-terminated if it is PTX), with error
/// and info log buffers; `kind` names the image in messages.
static llvm::Expected<std::shared_ptr<detail::ModuleState>>
loadModule(const std::shared_ptr<detail::ContextState> &context,
           const void *image, llvm::StringRef kind) {
  const CudaDriver &driver = *context->driver;
  if (llvm::Error error = context->makeCurrent())
    return std::move(error);

  std::string errorLog(kJitLogBytes, '\0');
  std::string infoLog(kJitLogBytes, '\0');
  CUjit_option options[] = {
      CU_JIT_ERROR_LOG_BUFFER,
      CU_JIT_ERROR_LOG_BUFFER_SIZE_BYTES,
      CU_JIT_INFO_LOG_BUFFER,
      CU_JIT_INFO_LOG_BUFFER_SIZE_BYTES,
  };
  void *values[] = {
      errorLog.data(),
      reinterpret_cast<void *>(static_cast<uintptr_t>(kJitLogBytes - 1)),
      infoLog.data(),
      reinterpret_cast<void *>(static_cast<uintptr_t>(kJitLogBytes - 1)),
  };
  CUmodule module = nullptr;
  CUresult result = driver.cuModuleLoadDataEx(
      &module, image, std::size(options), options, values);
  if (result != CUDA_SUCCESS) {
    std::string what = ("cuModuleLoadDataEx of " + kind + " failed").str();
    std::string log = takeLog(errorLog);
    llvm::Error error = checkCuda(driver, result, what);
    if (log.empty())
      return std::move(error);
    // Rebuild the CudaError with the log appended.
    std::string message = llvm::toString(std::move(error));
    return llvm::make_error<CudaError>(result, message + "\njit log:\n" + log);
  }
  return std::make_shared<detail::ModuleState>(context, module,
                                               takeLog(infoLog));
}

llvm::Expected<Module> Module::loadPTX(const Device &device,
                                       llvm::StringRef ptx) {
  if (ptx.trim().empty())
    return makeError("cannot load an empty PTX module");
  // The driver reads PTX up to its NUL.
  std::string text = ptx.str();
  llvm::Expected<std::shared_ptr<detail::ModuleState>> state =
      loadModule(device.state, text.c_str(), "PTX");
  if (!state)
    return state.takeError();
  Module module;
  module.state = std::move(*state);
  return module;
}

llvm::Expected<Module> Module::loadCubin(const Device &device,
                                         llvm::StringRef cubin) {
  // An ELF image, a fatbinary (0xBA55ED50) or its wrapper (0x466243B1), as
  // little-endian words.
  auto startsWithWord = [&](uint32_t magic) {
    uint32_t word = 0;
    if (cubin.size() < sizeof(word))
      return false;
    std::memcpy(&word, cubin.data(), sizeof(word));
    return word == magic;
  };
  if (!cubin.starts_with("\177ELF") && !startsWithWord(0xBA55ED50u) &&
      !startsWithWord(0x466243B1u))
    return makeError(llvm::formatv(
        "cannot load a {0}-byte image as a cubin: it is neither an ELF image "
        "nor a fatbinary",
        cubin.size()));
  llvm::Expected<std::shared_ptr<detail::ModuleState>> state =
      loadModule(device.state, cubin.data(), "cubin");
  if (!state)
    return state.takeError();
  Module module;
  module.state = std::move(*state);
  return module;
}

llvm::Expected<Kernel> Module::getKernel(llvm::StringRef name) const {
  const CudaDriver &driver = *state->context->driver;
  if (llvm::Error error = state->context->makeCurrent())
    return std::move(error);

  std::string nameText = name.str();
  CUfunction function = nullptr;
  CUresult result =
      driver.cuModuleGetFunction(&function, state->module, nameText.c_str());
  if (result == CUDA_ERROR_NOT_FOUND)
    return checkCuda(driver, result,
                     "kernel '" + name +
                         "' not found in module: cuModuleGetFunction failed");
  if (llvm::Error error = checkCuda(
          driver, result, "cuModuleGetFunction of '" + name + "' failed"))
    return std::move(error);

  Kernel kernel;
  kernel.module = state;
  kernel.function = function;
  kernel.name = std::move(nameText);
  llvm::Expected<int> maxThreads =
      kernel.getAttribute(CU_FUNC_ATTRIBUTE_MAX_THREADS_PER_BLOCK);
  if (!maxThreads)
    return maxThreads.takeError();
  kernel.maxThreadsPerBlock = *maxThreads;
  return kernel;
}

llvm::StringRef Module::getInfoLog() const { return state->infoLog; }

CUmodule Module::getHandle() const { return state->module; }

//===----------------------------------------------------------------------===//
// Kernel
//===----------------------------------------------------------------------===//

/// Dynamic shared memory a kernel may use without opting in.
static constexpr size_t kDefaultDynamicSharedBytes = 48 * 1024;

llvm::Expected<int> Kernel::getAttribute(CUfunction_attribute attribute) const {
  if (!module)
    return makeError("attribute of a moved-from kernel");
  const CudaDriver &driver = *module->context->driver;
  int value = 0;
  if (llvm::Error error = checkCuda(
          driver, driver.cuFuncGetAttribute(&value, attribute, function),
          llvm::formatv("cuFuncGetAttribute {0} of kernel '{1}' failed",
                        static_cast<int>(attribute), name)))
    return std::move(error);
  return value;
}

llvm::Error Kernel::launch(Dim3 grid, Dim3 block, size_t sharedBytes,
                           CUstream stream, void **args) const {
  if (!module)
    return makeError("launch of a moved-from kernel");
  if (grid.x == 0 || grid.y == 0 || grid.z == 0)
    return makeError(llvm::formatv("launch of kernel '{0}' with an empty grid "
                                   "({1}, {2}, {3})",
                                   name, grid.x, grid.y, grid.z));
  if (block.x == 0 || block.y == 0 || block.z == 0)
    return makeError(llvm::formatv("launch of kernel '{0}' with an empty "
                                   "block ({1}, {2}, {3})",
                                   name, block.x, block.y, block.z));
  uint64_t threads = uint64_t(block.x) * block.y * block.z;
  if (threads > uint64_t(maxThreadsPerBlock))
    return makeError(llvm::formatv(
        "block of {0} threads ({1}, {2}, {3}) exceeds the {4} that kernel "
        "'{5}' allows",
        threads, block.x, block.y, block.z, maxThreadsPerBlock, name));
  if (sharedBytes > size_t(INT_MAX))
    return makeError(llvm::formatv("{0} bytes of dynamic shared memory for "
                                   "kernel '{1}' is out of range",
                                   sharedBytes, name));

  const CudaDriver &driver = *module->context->driver;
  if (llvm::Error error = module->context->makeCurrent())
    return error;

  if (sharedBytes > kDefaultDynamicSharedBytes) {
    llvm::Expected<int> limit =
        getAttribute(CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES);
    if (!limit)
      return limit.takeError();
    if (size_t(*limit) < sharedBytes) {
      if (llvm::Error error = checkCuda(
              driver,
              driver.cuFuncSetAttribute(
                  function, CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES,
                  static_cast<int>(sharedBytes)),
              llvm::formatv("cannot give kernel '{0}' {1} bytes of dynamic "
                            "shared memory: cuFuncSetAttribute failed",
                            name, sharedBytes)))
        return error;
    }
  }

  return checkCuda(
      driver,
      driver.cuLaunchKernel(function, grid.x, grid.y, grid.z, block.x, block.y,
                            block.z, static_cast<unsigned>(sharedBytes), stream,
                            args,
                            /*extra=*/nullptr),
      llvm::formatv("cuLaunchKernel of '{0}' on grid ({1}, {2}, {3}), block "
                    "({4}, {5}, {6}), {7} shared bytes failed",
                    name, grid.x, grid.y, grid.z, block.x, block.y, block.z,
                    sharedBytes));
}

//===----------------------------------------------------------------------===//
// DeviceBuffer
//===----------------------------------------------------------------------===//

llvm::Expected<DeviceBuffer> DeviceBuffer::allocate(const Device &device,
                                                    size_t bytes) {
  DeviceBuffer buffer;
  buffer.state = device.state;
  if (bytes == 0)
    return std::move(buffer);
  if (llvm::Error error = device.makeCurrent())
    return std::move(error);
  const CudaDriver &driver = *device.state->driver;
  CUdeviceptr ptr = 0;
  if (llvm::Error error = checkCuda(
          driver, driver.cuMemAlloc_v2(&ptr, bytes),
          llvm::formatv("cuMemAlloc_v2 of {0} bytes on device {1} failed",
                        bytes, device.getOrdinal())))
    return std::move(error);
  buffer.ptr = ptr;
  buffer.size = bytes;
  return std::move(buffer);
}

DeviceBuffer::DeviceBuffer(DeviceBuffer &&other) noexcept
    : state(std::move(other.state)), ptr(std::exchange(other.ptr, 0)),
      size(std::exchange(other.size, 0)) {}

DeviceBuffer &DeviceBuffer::operator=(DeviceBuffer &&other) noexcept {
  if (this == &other)
    return *this;
  reset();
  state = std::move(other.state);
  ptr = std::exchange(other.ptr, 0);
  size = std::exchange(other.size, 0);
  return *this;
}

DeviceBuffer::~DeviceBuffer() { reset(); }

void DeviceBuffer::reset() {
  if (ptr) {
    llvm::consumeError(state->makeCurrent());
    (void)state->driver->cuMemFree_v2(ptr);
  }
  ptr = 0;
  size = 0;
  state.reset();
}

llvm::Error DeviceBuffer::checkRange(size_t bytes, size_t offset,
                                     llvm::StringRef what) const {
  if (offset > size || bytes > size - offset)
    return makeError(llvm::formatv("{0} of {1} bytes at offset {2} is past "
                                   "the end of a {3}-byte device buffer",
                                   what, bytes, offset, size));
  return llvm::Error::success();
}

llvm::Error DeviceBuffer::copyFromHost(const void *host, size_t bytes,
                                       size_t offset) {
  if (llvm::Error error = checkRange(bytes, offset, "copy to the device"))
    return error;
  if (bytes == 0)
    return llvm::Error::success();
  if (!host)
    return makeError("copy to the device from a null host pointer");
  if (llvm::Error error = state->makeCurrent())
    return error;
  return checkCuda(*state->driver,
                   state->driver->cuMemcpyHtoD_v2(ptr + offset, host, bytes),
                   llvm::formatv("cuMemcpyHtoD_v2 of {0} bytes failed", bytes));
}

llvm::Error DeviceBuffer::copyToHost(void *host, size_t bytes,
                                     size_t offset) const {
  if (llvm::Error error = checkRange(bytes, offset, "copy to the host"))
    return error;
  if (bytes == 0)
    return llvm::Error::success();
  if (!host)
    return makeError("copy to the host into a null host pointer");
  if (llvm::Error error = state->makeCurrent())
    return error;
  return checkCuda(*state->driver,
                   state->driver->cuMemcpyDtoH_v2(host, ptr + offset, bytes),
                   llvm::formatv("cuMemcpyDtoH_v2 of {0} bytes failed", bytes));
}

llvm::Error DeviceBuffer::fill32(uint32_t value) {
  if (size % 4 != 0)
    return makeError(llvm::formatv("cannot fill a {0}-byte device buffer "
                                   "with 32-bit words",
                                   size));
  if (size == 0)
    return llvm::Error::success();
  if (llvm::Error error = state->makeCurrent())
    return error;
  return checkCuda(
      *state->driver, state->driver->cuMemsetD32_v2(ptr, value, size / 4),
      llvm::formatv("cuMemsetD32_v2 of {0} words failed", size / 4));
}

//===----------------------------------------------------------------------===//
// Stream
//===----------------------------------------------------------------------===//

llvm::Expected<Stream> Stream::create(const Device &device, unsigned flags) {
  if (llvm::Error error = device.makeCurrent())
    return std::move(error);
  const CudaDriver &driver = *device.state->driver;
  CUstream handle = nullptr;
  if (llvm::Error error =
          checkCuda(driver, driver.cuStreamCreate(&handle, flags),
                    "cuStreamCreate failed"))
    return std::move(error);
  Stream stream;
  stream.state = device.state;
  stream.stream = handle;
  return std::move(stream);
}

Stream::Stream(Stream &&other) noexcept
    : state(std::move(other.state)),
      stream(std::exchange(other.stream, nullptr)) {}

Stream &Stream::operator=(Stream &&other) noexcept {
  if (this == &other)
    return *this;
  reset();
  state = std::move(other.state);
  stream = std::exchange(other.stream, nullptr);
  return *this;
}

Stream::~Stream() { reset(); }

void Stream::reset() {
  if (stream) {
    llvm::consumeError(state->makeCurrent());
    (void)state->driver->cuStreamDestroy_v2(stream);
  }
  stream = nullptr;
  state.reset();
}

llvm::Error Stream::synchronize() const {
  if (!stream)
    return makeError("synchronize of a moved-from stream");
  if (llvm::Error error = state->makeCurrent())
    return error;
  return checkCuda(*state->driver, state->driver->cuStreamSynchronize(stream),
                   "cuStreamSynchronize failed");
}

//===----------------------------------------------------------------------===//
// Event
//===----------------------------------------------------------------------===//

llvm::Expected<Event> Event::create(const Device &device, unsigned flags) {
  if (llvm::Error error = device.makeCurrent())
    return std::move(error);
  const CudaDriver &driver = *device.state->driver;
  CUevent handle = nullptr;
  if (llvm::Error error = checkCuda(
          driver, driver.cuEventCreate(&handle, flags), "cuEventCreate failed"))
    return std::move(error);
  Event event;
  event.state = device.state;
  event.event = handle;
  return std::move(event);
}

Event::Event(Event &&other) noexcept
    : state(std::move(other.state)),
      event(std::exchange(other.event, nullptr)) {}

Event &Event::operator=(Event &&other) noexcept {
  if (this == &other)
    return *this;
  reset();
  state = std::move(other.state);
  event = std::exchange(other.event, nullptr);
  return *this;
}

Event::~Event() { reset(); }

void Event::reset() {
  if (event) {
    llvm::consumeError(state->makeCurrent());
    (void)state->driver->cuEventDestroy_v2(event);
  }
  event = nullptr;
  state.reset();
}

llvm::Error Event::record(CUstream stream) {
  if (!event)
    return makeError("record of a moved-from event");
  if (llvm::Error error = state->makeCurrent())
    return error;
  return checkCuda(*state->driver, state->driver->cuEventRecord(event, stream),
                   "cuEventRecord failed");
}

llvm::Error Event::synchronize() const {
  if (!event)
    return makeError("synchronize of a moved-from event");
  if (llvm::Error error = state->makeCurrent())
    return error;
  return checkCuda(*state->driver, state->driver->cuEventSynchronize(event),
                   "cuEventSynchronize failed");
}

llvm::Expected<float> Event::getElapsedMs(const Event &start,
                                          const Event &end) {
  if (!start.event || !end.event)
    return makeError("elapsed time of a moved-from event");
  const CudaDriver &driver = *start.state->driver;
  if (llvm::Error error = start.state->makeCurrent())
    return std::move(error);
  float ms = 0;
  if (llvm::Error error = checkCuda(
          driver, driver.cuEventElapsedTime_v2(&ms, start.event, end.event),
          "cuEventElapsedTime failed"))
    return std::move(error);
  return ms;
}
