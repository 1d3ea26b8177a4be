//===- JIT.h - Compile, load and launch kernels from C++ --------*- C++ -*-===//
//
// The embedding API (docs/embedding.md): compile a @triton.jit kernel from a
// file or a string through the kernel cache, load it into the device's
// primary context, and launch it with typed arguments that are checked
// against the kernel's signature before anything reaches the GPU.
//
//   auto kernel = tilec::jit::loadKernelFromFile(device, "softmax.py", opts);
//   if (!kernel) { report(kernel.takeError()); ... }
//   llvm::Error e = kernel->launch({rows}, stream, out, in, stride, stride, n);
//
// Errors are llvm::Error / llvm::Expected, as everywhere in tilec:
//   - tilec::CompileError: the kernel does not compile; the message is the
//     compiler's diagnostics (`file:line:col: error: ...`).
//   - tilec::runtime::CudaError / DriverUnavailableError: a driver call
//     failed or there is no driver ("no CUDA driver found: ...").
//   - tilec::jit::ArgumentError: a launch's arguments do not match the
//     signature (count, kind, an integer out of the parameter's range, or a
//     tensor TMA cannot address).
// Print any of them with llvm::toString(std::move(error)).
//
//===----------------------------------------------------------------------===//

#ifndef TILEC_JIT_H
#define TILEC_JIT_H

#include "tilec/Compiler.h"
#include "tilec/KernelCache.h"
#include "tilec/Runtime.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/SmallVector.h"

#include <cstdint>
#include <memory>
#include <vector>

namespace tilec::jit {

/// A launch's arguments do not match the kernel's parameters.
class ArgumentError : public llvm::ErrorInfo<ArgumentError> {
public:
  static char ID;
  explicit ArgumentError(std::string message) : message(std::move(message)) {}
  const std::string &getMessage() const { return message; }
  void log(llvm::raw_ostream &os) const override { os << message; }
  std::error_code convertToErrorCode() const override {
    return llvm::inconvertibleErrorCode();
  }

private:
  std::string message;
};

/// A device address passed to a pointer parameter. CUdeviceptr is an
/// integer type, so a bare one would be taken for an integer argument (and
/// rejected for a pointer parameter with a hint to wrap it).
struct DevicePtr {
  CUdeviceptr value = 0;
};

/// A tensor passed to a `tensordesc<...>` parameter, as Triton's host-side
/// TensorDescriptor holds it: the base address, then the shape and strides
/// in elements, outermost first (strides.back() must be 1). The launch
/// encodes the CUtensorMap the kernel reads from it and the box and swizzle
/// the kernel was compiled with (runtime::encodeTensorMap).
struct TensorDescArg {
  CUdeviceptr base = 0;
  llvm::SmallVector<int64_t, 4> shape, strides;
};

/// One typed launch argument.
class KernelArg {
public:
  enum class Kind { Pointer, Int, Float, TensorDesc };

  KernelArg(DevicePtr p) : kind(Kind::Pointer), u(p.value) {}
  KernelArg(const runtime::DeviceBuffer &b)
      : kind(Kind::Pointer), u(b.getDevicePtr()) {}
  KernelArg(int v) : kind(Kind::Int), i(v) {}
  KernelArg(long v) : kind(Kind::Int), i(v) {}
  KernelArg(long long v) : kind(Kind::Int), i(v) {}
  KernelArg(unsigned v) : kind(Kind::Int), i(v) {}
  KernelArg(unsigned long v) : kind(Kind::Int), i(static_cast<int64_t>(v)) {}
  KernelArg(unsigned long long v)
      : kind(Kind::Int), i(static_cast<int64_t>(v)) {}
  KernelArg(float v) : kind(Kind::Float), f(v) {}
  KernelArg(double v) : kind(Kind::Float), f(v) {}
  /// Refers to `d` (a KernelArg stays two words), which must outlive the
  /// launch call. A temporary in the call's arguments does:
  /// `kernel(grid, stream, out, TensorDescArg{base, {m, k}, {k, 1}}, n)`.
  /// A KernelArg made from a temporary directly would dangle, hence the
  /// deleted overload: name the TensorDescArg instead.
  KernelArg(const TensorDescArg &d) : kind(Kind::TensorDesc), desc(&d) {}
  KernelArg(TensorDescArg &&) = delete;

  Kind getKind() const { return kind; }
  CUdeviceptr getPointer() const { return u; }
  int64_t getInt() const { return i; }
  double getFloat() const { return f; }
  const TensorDescArg &getTensorDesc() const { return *desc; }

private:
  Kind kind;
  union {
    CUdeviceptr u;
    int64_t i;
    double f;
    const TensorDescArg *desc;
  };
};

/// The bytes cuLaunchKernel reads for each parameter: one 8-byte slot per
/// parameter (holding the value at the parameter's width), the encoded map of
/// each tensor descriptor argument, and the pointer to the slot or map.
/// Filled without allocating for up to 16 parameters and no descriptors.
/// The pointers point into the object: do not copy or move it between
/// packing and launching.
struct PackedArgs {
  llvm::SmallVector<uint64_t, 16> slots;
  /// The tensor descriptors' maps in parameter order: a std::vector because
  /// its allocator honors TensorMap's 64-byte alignment (SmallVector's
  /// malloc does not); sized once per pack, so it never moves under
  /// `pointers`.
  std::vector<runtime::TensorMap> maps;
  llvm::SmallVector<void *, 16> pointers;
};

/// Checks `args` against `params` and converts them to the parameters'
/// widths: a wrong count, a pointer where a scalar goes (or the reverse), a
/// float for an integer, or an integer out of range of an i32/i16/i8/i1
/// parameter is an ArgumentError naming the kernel, the parameter and both
/// types. Integers convert to float parameters. A tensor descriptor
/// parameter takes a TensorDescArg (and only it takes one), encoded with the
/// parameter's `desc` layout: a tensor TMA cannot address is an
/// ArgumentError, a failure of the driver's encoder a runtime::CudaError,
/// both naming the kernel and the parameter. `args` holds one argument per
/// parameter the user passes (KernelParam::isPassed): the hidden shape and
/// stride parameters of a descriptor are filled from its TensorDescArg
/// here, the one place every launcher (C++, the C API, Python) packs them.
llvm::Error packArguments(const KernelMetadata &metadata,
                          llvm::ArrayRef<KernelArg> args, PackedArgs &out);

/// A compiled kernel loaded into a device's primary context.
class LoadedKernel {
public:
  /// Loads the cubin, or the PTX through the driver's JIT when the compile
  /// made no cubin (no ptxas on this machine).
  static llvm::Expected<LoadedKernel>
  load(const runtime::Device &device,
       std::shared_ptr<const CompiledKernel> compiled);

  /// Launches on `stream` (nullptr: the legacy default stream) with a block
  /// of metadata.threadsPerBlock threads after checking `args`
  /// (packArguments). Asynchronous, like cuLaunchKernel.
  llvm::Error launch(runtime::Dim3 grid, CUstream stream,
                     llvm::ArrayRef<KernelArg> args) const;

  /// The same, with the arguments listed: launch({n}, s, out, in, 4096).
  template <typename... Args>
  llvm::Error operator()(runtime::Dim3 grid, CUstream stream,
                         const Args &...args) const {
    KernelArg list[] = {KernelArg(args)..., KernelArg(0)};
    return launch(grid, stream,
                  llvm::ArrayRef<KernelArg>(list, sizeof...(Args)));
  }

  const CompiledKernel &getCompiled() const { return *compiled; }
  const KernelMetadata &getMetadata() const { return compiled->metadata; }
  const runtime::Kernel &getKernel() const { return kernel; }

private:
  LoadedKernel(std::shared_ptr<const CompiledKernel> compiled,
               runtime::Kernel kernel)
      : compiled(std::move(compiled)), kernel(std::move(kernel)) {}

  std::shared_ptr<const CompiledKernel> compiled;
  runtime::Kernel kernel;
};

/// Compiles (through `cache`, the process-wide one by default) and loads.
/// `filename` names the source in diagnostics.
llvm::Expected<LoadedKernel> loadKernel(const runtime::Device &device,
                                        llvm::StringRef source,
                                        llvm::StringRef filename,
                                        const CompileOptions &options,
                                        KernelCache *cache = nullptr);

/// The same for a kernel file on disk; an unreadable file is an error
/// naming it.
llvm::Expected<LoadedKernel> loadKernelFromFile(const runtime::Device &device,
                                                llvm::StringRef path,
                                                const CompileOptions &options,
                                                KernelCache *cache = nullptr);

} // namespace tilec::jit

#endif // TILEC_JIT_H
