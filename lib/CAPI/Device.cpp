//===- Device.cpp - C API: GPUs and their primary contexts ------*- C++ -*-===//
//
// tilec_device: a runtime::Device (the GPU's primary context, the one
// PyTorch and the CUDA runtime use, retained) and the architecture tilec
// compiles for on it. The driver is opened at the first call (dlopen of
// libcuda, $TILEC_LIBCUDA first), so a process without a GPU can load
// libtilec.so and compile.
//
//===----------------------------------------------------------------------===//

#include "CAPI/Handles.h"

#include "tilec/Target.h"

using namespace tilec;

extern "C" {

tilec_status tilec_device_count(int *count, tilec_error **error) {
  if (!count)
    return capi::reportInvalid("tilec_device_count: count must not be NULL",
                               error);
  *count = 0;
  llvm::Expected<int> n = runtime::Device::getCount();
  if (!n)
    return capi::report(n.takeError(), error);
  *count = *n;
  return TILEC_OK;
}

tilec_status tilec_device_get(int ordinal, tilec_device **out,
                              tilec_error **error) {
  if (!out)
    return capi::reportInvalid("tilec_device_get: out must not be NULL",
                               error);
  *out = nullptr;
  llvm::Expected<runtime::Device> device = runtime::Device::get(ordinal);
  if (!device)
    return capi::report(device.takeError(), error);
  std::string arch =
      tilec::getArchForDevice(device->getSmVersion()).str();
  *out = new tilec_device{std::move(*device), std::move(arch)};
  return TILEC_OK;
}

void tilec_device_free(tilec_device *device) { delete device; }

int tilec_device_compute_capability(const tilec_device *device) {
  return device ? device->device.getSmVersion() : 0;
}

const char *tilec_device_arch(const tilec_device *device) {
  return device ? device->arch.c_str() : "";
}

tilec_status tilec_device_synchronize(const tilec_device *device,
                                      tilec_error **error) {
  if (!device)
    return capi::reportInvalid("tilec_device_synchronize: no device", error);
  return capi::report(device->device.synchronize(), error);
}

} // extern "C"
