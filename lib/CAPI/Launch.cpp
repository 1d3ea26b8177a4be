//===- Launch.cpp - C API: loading and launching kernels --------*- C++ -*-===//
//
// tilec_kernel: a jit::LoadedKernel. Launches convert the C arguments to
// jit::KernelArgs and go through LoadedKernel::launch, so they are checked
// against the kernel's parameters (count, kind, integer range, tensor
// descriptors TMA can address) exactly as a C++ host's are, before anything
// reaches the GPU. tilec_kernel_launch_slots reads 8-byte slots by the
// parameters' kinds: one buffer a binding packs in one call;
// tilec_kernel_launch_packet takes the kernel, grid and stream in the same
// buffer, so that a binding whose every foreign-call argument costs
// (Python's ctypes) makes a launch with one buffer and one call.
//
//===----------------------------------------------------------------------===//

#include "CAPI/Handles.h"

#include "llvm/ADT/SmallVector.h"

#include <cstring>

using namespace tilec;

extern "C" {

tilec_status tilec_kernel_load(const tilec_device *device,
                               const tilec_compiled *compiled,
                               tilec_kernel **out, tilec_error **error) {
  if (!device || !compiled || !compiled->kernel || !out)
    return capi::reportInvalid(
        "tilec_kernel_load: device, compiled and out must not be NULL", error);
  *out = nullptr;
  llvm::Expected<jit::LoadedKernel> loaded =
      jit::LoadedKernel::load(device->device, compiled->kernel);
  if (!loaded)
    return capi::report(loaded.takeError(), error);
  *out = new tilec_kernel{std::move(*loaded), tilec_compiled{compiled->kernel}};
  return TILEC_OK;
}

void tilec_kernel_free(tilec_kernel *kernel) { delete kernel; }

const tilec_compiled *tilec_kernel_compiled(const tilec_kernel *kernel) {
  return kernel ? &kernel->compiled : nullptr;
}

tilec_status tilec_kernel_launch(const tilec_kernel *kernel, unsigned grid_x,
                                 unsigned grid_y, unsigned grid_z,
                                 void *stream, const tilec_arg *args,
                                 size_t num_args, tilec_error **error) {
  if (!kernel || (num_args && !args))
    return capi::reportInvalid("tilec_kernel_launch: no kernel or no "
                               "arguments",
                               error);
  // Every TensorDescArg first: KernelArgs refer to them.
  llvm::SmallVector<jit::TensorDescArg, 4> descs;
  for (size_t i = 0; i < num_args; ++i) {
    if (args[i].kind != TILEC_PARAM_TENSORDESC)
      continue;
    const tilec_tensordesc *d = args[i].value.tensordesc;
    if (!d || d->rank < 1 || d->rank > 5)
      return capi::reportInvalid(
          "tilec_kernel_launch: argument " + std::to_string(i + 1) +
              " is a tensor descriptor without a tensor of rank 1 to 5",
          error);
    jit::TensorDescArg arg;
    arg.base = d->base;
    arg.shape.assign(d->shape, d->shape + d->rank);
    arg.strides.assign(d->strides, d->strides + d->rank);
    descs.push_back(std::move(arg));
  }
  llvm::SmallVector<jit::KernelArg, 16> list;
  size_t nextDesc = 0;
  for (size_t i = 0; i < num_args; ++i) {
    const tilec_arg &a = args[i];
    switch (a.kind) {
    case TILEC_PARAM_POINTER:
      list.push_back(jit::DevicePtr{a.value.pointer});
      break;
    case TILEC_PARAM_INT:
      list.push_back(static_cast<long long>(a.value.integer));
      break;
    case TILEC_PARAM_FLOAT:
      list.push_back(a.value.floating);
      break;
    case TILEC_PARAM_TENSORDESC:
      list.push_back(jit::KernelArg(descs[nextDesc++]));
      break;
    default:
      return capi::reportInvalid("tilec_kernel_launch: argument " +
                                     std::to_string(i + 1) +
                                     " has an unknown kind " +
                                     std::to_string(a.kind),
                                 error);
    }
  }
  return capi::report(
      kernel->loaded.launch(runtime::Dim3(grid_x, grid_y, grid_z),
                            static_cast<CUstream>(stream), list),
      error);
}

/// The launch of tilec_kernel_launch_slots and tilec_kernel_launch_packet,
/// once the kernel is known not to be NULL.
static tilec_status launchSlots(const tilec_kernel *kernel,
                                runtime::Dim3 grid, void *stream,
                                const char *bytes, size_t numSlots,
                                tilec_error **error) {
  // One slot per parameter the user passes (the hidden ones follow a
  // descriptor, which the slots cannot pass anyway).
  llvm::SmallVector<const KernelParam *, 16> params;
  for (const KernelParam &p : kernel->loaded.getMetadata().params)
    if (p.isPassed())
      params.push_back(&p);
  llvm::SmallVector<jit::KernelArg, 16> list;
  // Past the parameters, the slots are read as integers: the count check of
  // the launch reports the mismatch.
  for (size_t i = 0; i < numSlots; ++i) {
    uint64_t word;
    std::memcpy(&word, bytes + 8 * i, 8);
    KernelParam::Kind kind =
        i < params.size() ? params[i]->kind : KernelParam::Kind::Int;
    switch (kind) {
    case KernelParam::Kind::Pointer:
      list.push_back(jit::DevicePtr{word});
      break;
    case KernelParam::Kind::Int:
      list.push_back(static_cast<long long>(word));
      break;
    case KernelParam::Kind::Float: {
      double v;
      std::memcpy(&v, &word, 8);
      list.push_back(v);
      break;
    }
    case KernelParam::Kind::TensorDesc:
      return capi::report(
          llvm::make_error<jit::ArgumentError>(
              "launch of '" + kernel->loaded.getMetadata().name +
              "': argument " + std::to_string(i + 1) + " ('" +
              params[i]->name +
              "') is a tensor descriptor; pass it with tilec_kernel_launch"),
          error);
    case KernelParam::Kind::TensorDescShape:
    case KernelParam::Kind::TensorDescStride:
      llvm_unreachable("hidden parameters are not passed");
    }
  }
  return capi::report(
      kernel->loaded.launch(grid, static_cast<CUstream>(stream), list), error);
}

tilec_status tilec_kernel_launch_slots(const tilec_kernel *kernel,
                                       unsigned grid_x, unsigned grid_y,
                                       unsigned grid_z, void *stream,
                                       const void *slots, size_t num_slots,
                                       tilec_error **error) {
  if (!kernel || (num_slots && !slots))
    return capi::reportInvalid("tilec_kernel_launch_slots: no kernel or no "
                               "arguments",
                               error);
  return launchSlots(kernel, runtime::Dim3(grid_x, grid_y, grid_z), stream,
                     static_cast<const char *>(slots), num_slots, error);
}

tilec_status tilec_kernel_launch_packet(const void *packet,
                                        tilec_error **error) {
  if (!packet)
    return capi::reportInvalid("tilec_kernel_launch_packet: no packet",
                               error);
  // The header, as tilec.h lays it out: five 8-byte words.
  const char *bytes = static_cast<const char *>(packet);
  uint64_t kernelWord, numSlots, streamWord;
  uint32_t grid[3];
  std::memcpy(&kernelWord, bytes, 8);
  std::memcpy(&numSlots, bytes + 8, 8);
  std::memcpy(grid, bytes + 16, 12);
  std::memcpy(&streamWord, bytes + 32, 8);
  if (!kernelWord)
    return capi::reportInvalid("tilec_kernel_launch_packet: no kernel",
                               error);
  return launchSlots(reinterpret_cast<const tilec_kernel *>(
                         static_cast<uintptr_t>(kernelWord)),
                     runtime::Dim3(grid[0], grid[1], grid[2]),
                     reinterpret_cast<void *>(static_cast<uintptr_t>(
                         streamWord)),
                     bytes + 40, static_cast<size_t>(numSlots), error);
}

} // extern "C"
