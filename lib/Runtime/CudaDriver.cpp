//===- CudaDriver.cpp - Loading the CUDA driver API -------------*- C++ -*-===//
//
// dlopen and dlsym of libcuda, the process-wide table behind std::call_once,
// and the conversion of CUresult codes into llvm::Errors.
//
//===----------------------------------------------------------------------===//

#include "Runtime/CudaDriver.h"

#include "tilec/Runtime.h"

#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/raw_ostream.h"

#include <atomic>
#include <cstdlib>
#include <dlfcn.h>
#include <mutex>

using namespace tilec::runtime;

static llvm::Error makeError(const llvm::Twine &message) {
  return llvm::createStringError(llvm::inconvertibleErrorCode(), message);
}

static llvm::Error makeUnavailable(const llvm::Twine &message) {
  return llvm::make_error<DriverUnavailableError>(message.str());
}

//===----------------------------------------------------------------------===//
// Loading
//===----------------------------------------------------------------------===//

/// dlopen(path), or the message of dlerror.
static llvm::Expected<void *> openLibrary(const std::string &path) {
  // RTLD_LOCAL: the driver's symbols stay out of the global namespace, so
  // they cannot satisfy (or clash with) anyone else's references.
  void *handle = ::dlopen(path.c_str(), RTLD_NOW | RTLD_LOCAL);
  if (handle)
    return handle;
  const char *reason = ::dlerror();
  return makeError(reason ? reason : "unknown dlopen error");
}

/// Resolves every entry point of `driver` from `handle`; names the missing
/// required ones in the error.
static llvm::Error resolveSymbols(void *handle, CudaDriver &driver) {
  llvm::SmallVector<llvm::StringRef> missing;
  auto resolve = [&](auto &field, const char *symbol, const char *fallback,
                     bool required) {
    void *address = ::dlsym(handle, symbol);
    if (!address && fallback)
      address = ::dlsym(handle, fallback);
    if (!address) {
      if (required)
        missing.push_back(symbol);
      return;
    }
    field = reinterpret_cast<std::remove_reference_t<decltype(field)>>(address);
  };
#define TILEC_CUDA_DRIVER_RESOLVE(symbol, fallback)                            \
  resolve(driver.symbol, #symbol, fallback, /*required=*/true);
#define TILEC_CUDA_DRIVER_RESOLVE_OPTIONAL(symbol, fallback)                   \
  resolve(driver.symbol, #symbol, fallback, /*required=*/false);
  TILEC_CUDA_DRIVER_ENTRIES(TILEC_CUDA_DRIVER_RESOLVE)
  TILEC_CUDA_DRIVER_OPTIONAL_ENTRIES(TILEC_CUDA_DRIVER_RESOLVE_OPTIONAL)
#undef TILEC_CUDA_DRIVER_RESOLVE_OPTIONAL
#undef TILEC_CUDA_DRIVER_RESOLVE

  if (missing.empty())
    return llvm::Error::success();
  return makeError("CUDA driver " + driver.libraryPath +
                   " is too old: it lacks " + llvm::join(missing, ", "));
}

llvm::Expected<std::unique_ptr<CudaDriver>>
tilec::runtime::loadCudaDriver(llvm::StringRef path) {
  llvm::SmallVector<std::string, 2> candidates;
  bool fromEnv = false;
  if (!path.empty()) {
    candidates.push_back(path.str());
  } else if (const char *env = std::getenv(kLibcudaEnvVar.data());
             env && *env) {
    candidates.push_back(env);
    fromEnv = true;
  } else {
    // libcuda.so.1 is what the driver installs; libcuda.so alone is usually
    // the toolkit's stub, which cuInit then reports (see
    // getInitializedCudaDriver).
    candidates.push_back("libcuda.so.1");
    candidates.push_back("libcuda.so");
  }

  std::string reasons;
  void *handle = nullptr;
  std::string loaded;
  for (const std::string &candidate : candidates) {
    llvm::Expected<void *> opened = openLibrary(candidate);
    if (opened) {
      handle = *opened;
      loaded = candidate;
      break;
    }
    std::string reason = llvm::toString(opened.takeError());
    std::string shown =
        fromEnv ? ("$" + kLibcudaEnvVar + "=" + candidate).str() : candidate;
    if (reasons.empty())
      reasons = shown + " could not be loaded (" + reason + ")";
    else
      reasons += ", nor could " + shown + " (" + reason + ")";
  }
  if (!handle)
    return makeUnavailable("no CUDA driver found: " + reasons);

  // The handle is never closed: the driver starts threads and registers
  // handlers that must not outlive its code.
  auto driver = std::make_unique<CudaDriver>();
  driver->libraryPath = loaded;
  if (llvm::Error error = resolveSymbols(handle, *driver))
    return std::move(error);
  return std::move(driver);
}

namespace {
/// The table loadCudaDriver() produced once, or its error, kept as text
/// because an llvm::Error can be returned only once.
struct LoadedDriver {
  std::once_flag once;
  std::unique_ptr<CudaDriver> driver;
  std::string error;
  bool unavailable = false;
};
} // namespace

static LoadedDriver &getLoadedDriver() {
  // Leaked on purpose: objects destroyed at exit may still call the driver.
  static LoadedDriver *loaded = new LoadedDriver();
  return *loaded;
}

static std::atomic<const CudaDriver *> testDriver{nullptr};

void tilec::runtime::setCudaDriverForTesting(const CudaDriver *driver) {
  testDriver.store(driver, std::memory_order_release);
}

llvm::Expected<const CudaDriver &> tilec::runtime::getCudaDriver() {
  if (const CudaDriver *driver = testDriver.load(std::memory_order_acquire))
    return *driver;

  LoadedDriver &loaded = getLoadedDriver();
  std::call_once(loaded.once, [&loaded] {
    llvm::Expected<std::unique_ptr<CudaDriver>> driver = loadCudaDriver();
    if (driver) {
      loaded.driver = std::move(*driver);
      return;
    }
    llvm::Error error = driver.takeError();
    loaded.unavailable = error.isA<DriverUnavailableError>();
    loaded.error = llvm::toString(std::move(error));
  });
  if (loaded.driver)
    return *loaded.driver;
  if (loaded.unavailable)
    return makeUnavailable(loaded.error);
  return makeError(loaded.error);
}

llvm::Expected<const CudaDriver &> tilec::runtime::getInitializedCudaDriver() {
  llvm::Expected<const CudaDriver &> driver = getCudaDriver();
  if (!driver)
    return driver.takeError();
  // cuInit is cheap after the first call and safe from any thread.
  CUresult result = driver->cuInit(0);
  if (result == CUDA_ERROR_STUB_LIBRARY)
    return makeUnavailable("no CUDA driver found: " + driver->libraryPath +
                           " is the CUDA toolkit's stub library "
                           "(cuInit returned CUDA_ERROR_STUB_LIBRARY)");
  if (result == CUDA_ERROR_NO_DEVICE)
    return makeUnavailable("no CUDA device found: cuInit failed: " +
                           formatCudaResult(*driver, result));
  if (llvm::Error error = checkCuda(*driver, result, "cuInit failed"))
    return std::move(error);
  return *driver;
}

//===----------------------------------------------------------------------===//
// Errors
//===----------------------------------------------------------------------===//

char CudaError::ID = 0;
char DriverUnavailableError::ID = 0;

void CudaError::log(llvm::raw_ostream &os) const { os << message; }

std::error_code CudaError::convertToErrorCode() const {
  return llvm::inconvertibleErrorCode();
}

void DriverUnavailableError::log(llvm::raw_ostream &os) const { os << message; }

std::error_code DriverUnavailableError::convertToErrorCode() const {
  return llvm::inconvertibleErrorCode();
}

std::string tilec::runtime::formatCudaResult(const CudaDriver &driver,
                                             CUresult result) {
  const char *name = nullptr;
  const char *description = nullptr;
  if (!driver.cuGetErrorName ||
      driver.cuGetErrorName(result, &name) != CUDA_SUCCESS || !name)
    name = nullptr;
  if (!driver.cuGetErrorString ||
      driver.cuGetErrorString(result, &description) != CUDA_SUCCESS ||
      !description)
    description = nullptr;

  std::string text;
  llvm::raw_string_ostream os(text);
  if (name)
    os << name;
  else
    os << "CUresult " << static_cast<int>(result);
  os << " (" << (description ? description : "unknown error") << ")";
  return text;
}

llvm::Error tilec::runtime::checkCuda(const CudaDriver &driver, CUresult result,
                                      const llvm::Twine &what) {
  if (result == CUDA_SUCCESS)
    return llvm::Error::success();
  return llvm::make_error<CudaError>(
      result, (what + ": " + formatCudaResult(driver, result)).str());
}
