//===- JIT.cpp - Compile, load and launch kernels from C++ ------*- C++ -*-===//
//
// include/tilec/JIT.h: argument checking and packing (tensor descriptors
// encoded into their CUtensorMaps), loading a compiled kernel into the
// primary context, and launching it. The checks run on the host before
// cuLaunchKernel, so a wrong argument is an error value and never a fault on
// the GPU.
//
//===----------------------------------------------------------------------===//

#include "tilec/JIT.h"

#include "llvm/ADT/APFloat.h"
#include "llvm/Support/MemoryBuffer.h"

#include <fmt/format.h>

#include <cmath>
#include <cstdint>
#include <cstring>

using namespace tilec;
using namespace tilec::jit;

char ArgumentError::ID = 0;

static const char *describe(KernelArg::Kind kind) {
  switch (kind) {
  case KernelArg::Kind::Pointer:
    return "a device pointer";
  case KernelArg::Kind::Int:
    return "an integer";
  case KernelArg::Kind::Float:
    return "a float";
  case KernelArg::Kind::TensorDesc:
    return "a tensor descriptor";
  }
  return "?";
}

/// `error` from encoding argument `prefix` names: the checks' text as an
/// ArgumentError, a driver failure still a CudaError (its result code kept),
/// both prefixed; a missing driver as it is.
static llvm::Error nameArgument(llvm::Error error, const std::string &prefix) {
  return llvm::handleErrors(
      std::move(error),
      [](std::unique_ptr<runtime::DriverUnavailableError> e) -> llvm::Error {
        return llvm::Error(std::move(e));
      },
      [&](const runtime::CudaError &e) -> llvm::Error {
        return llvm::make_error<runtime::CudaError>(e.getResult(),
                                                    prefix + e.getMessage());
      },
      [&](const llvm::ErrorInfoBase &e) -> llvm::Error {
        return llvm::make_error<ArgumentError>(prefix + e.message());
      });
}

/// Stores `v`'s low `bytes` bytes at the start of `slot` (little-endian, as
/// the parameter buffer of cuLaunchKernel reads them on every CUDA host).
template <typename T> static void store(uint64_t &slot, T v) {
  slot = 0;
  std::memcpy(&slot, &v, sizeof(T));
}

llvm::Error jit::packArguments(const KernelMetadata &md,
                               llvm::ArrayRef<KernelArg> args,
                               PackedArgs &out) {
  auto fail = [&](std::string message) {
    return llvm::make_error<ArgumentError>(
        fmt::format("launch of '{}': {}", md.name, message));
  };
  size_t numPassed = md.getNumPassedParams();
  if (args.size() != numPassed)
    return fail(fmt::format("expected {} arguments (the parameters that are "
                            "not constexpr), got {}",
                            numPassed, args.size()));
  out.slots.assign(md.params.size(), 0);
  out.pointers.resize(md.params.size());
  // All maps at once, before any pointer to one is taken.
  out.maps.resize(llvm::count_if(md.params, [](const KernelParam &p) {
    return p.kind == KernelParam::Kind::TensorDesc;
  }));
  size_t numMaps = 0;
  // `i` counts the arguments, `j` the parameters: a descriptor's hidden
  // parameters take their values from its argument, the last one passed.
  size_t i = 0;
  const TensorDescArg *lastDesc = nullptr;
  for (auto [j, p] : llvm::enumerate(md.params)) {
    uint64_t &slot = out.slots[j];
    out.pointers[j] = &slot;
    if (!p.isPassed()) {
      bool isShape = p.kind == KernelParam::Kind::TensorDescShape;
      const llvm::SmallVector<int64_t, 4> *values =
          lastDesc ? (isShape ? &lastDesc->shape : &lastDesc->strides)
                   : nullptr;
      if (!values || p.dim >= values->size())
        return fail(fmt::format("parameter {} ('{}') is a tensor "
                                "descriptor's hidden {} {} and follows no "
                                "descriptor of that rank",
                                j + 1, p.name, isShape ? "shape" : "stride",
                                p.dim));
      int64_t v = (*values)[p.dim];
      if (isShape) {
        // The map was encoded: the shape is positive; i32 is Triton's type.
        if (v > INT32_MAX)
          return fail(fmt::format(
              "argument {} ('{}'): dimension {} of the tensor is {}, past "
              "the i32 the kernel reads its shape as",
              i, md.params[j - 1 - p.dim].name, p.dim, v));
        store(slot, static_cast<uint32_t>(v));
      } else {
        store(slot, v);
      }
      continue;
    }
    const KernelArg &a = args[i];
    auto mismatch = [&](llvm::StringRef hint = "") {
      return fail(fmt::format("argument {} ('{}') is {} in the signature, got "
                              "{}{}",
                              i + 1, p.name, p.type, describe(a.getKind()),
                              hint.str()));
    };
    if (a.getKind() == KernelArg::Kind::TensorDesc &&
        p.kind != KernelParam::Kind::TensorDesc)
      return mismatch();
    switch (p.kind) {
    case KernelParam::Kind::Pointer:
      if (a.getKind() != KernelArg::Kind::Pointer)
        return mismatch(a.getKind() == KernelArg::Kind::Int
                            ? " (pass device addresses as "
                              "tilec::jit::DevicePtr or a DeviceBuffer)"
                            : "");
      store(slot, a.getPointer());
      break;
    case KernelParam::Kind::Int: {
      if (a.getKind() != KernelArg::Kind::Int)
        return mismatch();
      int64_t v = a.getInt();
      unsigned bits = p.bits;
      bool isUnsigned = llvm::StringRef(p.type).starts_with("u");
      if (bits < 64) {
        int64_t lo = isUnsigned || bits == 1 ? 0 : -(int64_t(1) << (bits - 1));
        int64_t hi = isUnsigned || bits == 1 ? (int64_t(1) << bits) - 1
                                             : (int64_t(1) << (bits - 1)) - 1;
        if (v < lo || v > hi)
          return fail(fmt::format("argument {} ('{}') is {}, but {} is out "
                                  "of its range [{}, {}]",
                                  i + 1, p.name, p.type, v, lo, hi));
      }
      if (bits <= 8)
        store(slot, static_cast<uint8_t>(v));
      else if (bits <= 16)
        store(slot, static_cast<uint16_t>(v));
      else if (bits <= 32)
        store(slot, static_cast<uint32_t>(v));
      else
        store(slot, v);
      break;
    }
    case KernelParam::Kind::Float: {
      if (a.getKind() == KernelArg::Kind::Pointer)
        return mismatch();
      double v = a.getKind() == KernelArg::Kind::Int
                     ? static_cast<double>(a.getInt())
                     : a.getFloat();
      if (p.bits == 32) {
        store(slot, static_cast<float>(v));
      } else if (p.bits == 64) {
        store(slot, v);
      } else if (p.type == "fp16") {
        // Rounded to nearest even, as Triton's launcher packs it
        // (PyFloat_Pack2); a finite value beyond fp16's range is an error
        // there too.
        llvm::APFloat h(v);
        bool lost = false;
        h.convert(llvm::APFloat::IEEEhalf(),
                  llvm::APFloat::rmNearestTiesToEven, &lost);
        if (h.isInfinity() && std::isfinite(v))
          return fail(fmt::format("argument {} ('{}') is fp16, but {} is out "
                                  "of its range",
                                  i + 1, p.name, v));
        store(slot, static_cast<uint16_t>(
                        h.bitcastToAPInt().getZExtValue()));
      } else if (p.type == "bf16") {
        // The high half of the value as fp32 (truncated, not rounded), as
        // Triton's launcher packs it.
        float f = static_cast<float>(v);
        uint32_t bits;
        std::memcpy(&bits, &f, 4);
        store(slot, static_cast<uint16_t>(bits >> 16));
      } else {
        return fail(fmt::format("argument {} ('{}') is {}: scalar arguments "
                                "of that type are not supported by the "
                                "launcher; pass fp16, bf16, fp32 or fp64",
                                i + 1, p.name, p.type));
      }
      break;
    }
    case KernelParam::Kind::TensorDesc: {
      if (a.getKind() != KernelArg::Kind::TensorDesc)
        return mismatch(" (pass a tilec::jit::TensorDescArg)");
      const TensorDescArg &d = a.getTensorDesc();
      llvm::Expected<runtime::TensorMap> map =
          runtime::encodeTensorMap(p.desc, d.base, d.shape, d.strides);
      if (!map)
        return nameArgument(map.takeError(),
                            fmt::format("launch of '{}': argument {} ('{}'): ",
                                        md.name, i + 1, p.name));
      out.maps[numMaps] = *map;
      out.pointers[j] = &out.maps[numMaps++];
      lastDesc = &d;
      break;
    }
    case KernelParam::Kind::TensorDescShape:
    case KernelParam::Kind::TensorDescStride:
      llvm_unreachable("hidden parameters are filled above");
    }
    ++i;
  }
  return llvm::Error::success();
}

llvm::Expected<LoadedKernel>
LoadedKernel::load(const runtime::Device &device,
                   std::shared_ptr<const CompiledKernel> compiled) {
  llvm::Expected<runtime::Module> module =
      compiled->metadata.hasCubin
          ? runtime::Module::loadCubin(device, compiled->cubin)
          : runtime::Module::loadPTX(device, compiled->ptx);
  if (!module)
    return module.takeError();
  llvm::Expected<runtime::Kernel> kernel =
      module->getKernel(compiled->metadata.name);
  if (!kernel)
    return kernel.takeError();
  return LoadedKernel(std::move(compiled), std::move(*kernel));
}

llvm::Error LoadedKernel::launch(runtime::Dim3 grid, CUstream stream,
                                 llvm::ArrayRef<KernelArg> args) const {
  PackedArgs packed;
  if (llvm::Error e = packArguments(compiled->metadata, args, packed))
    return e;
  unsigned threads = static_cast<unsigned>(compiled->metadata.threadsPerBlock);
  size_t dynamicShared =
      static_cast<size_t>(compiled->metadata.dynamicSharedBytes);
  return kernel.launch(grid, runtime::Dim3(threads), dynamicShared, stream,
                       packed.pointers.data());
}

llvm::Expected<LoadedKernel> jit::loadKernel(const runtime::Device &device,
                                             llvm::StringRef source,
                                             llvm::StringRef filename,
                                             const CompileOptions &options,
                                             KernelCache *cache) {
  if (!cache)
    cache = &KernelCache::getGlobal();
  llvm::Expected<std::shared_ptr<const CompiledKernel>> compiled =
      cache->getOrCompile(source, filename, options);
  if (!compiled)
    return compiled.takeError();
  return LoadedKernel::load(device, std::move(*compiled));
}

llvm::Expected<LoadedKernel>
jit::loadKernelFromFile(const runtime::Device &device, llvm::StringRef path,
                        const CompileOptions &options, KernelCache *cache) {
  llvm::Expected<std::string> source = readKernelFile(path);
  if (!source)
    return source.takeError();
  return loadKernel(device, *source, path, options, cache);
}
