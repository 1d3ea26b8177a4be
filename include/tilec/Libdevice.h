//===- Libdevice.h - CUDA's libdevice: where it is, what it has -*- C++ -*-===//
//
// CUDA's libdevice (`nvvm/libdevice/libdevice.10.bc`) holds the `__nv_*`
// math functions that Triton's `tl.extra.cuda.libdevice` module calls and
// that tilec lowers `tl.log`, `tl.sin` and friends to, as Triton does. This
// header is the one place that knows where the file is, what functions it
// defines (read from the bitcode itself, once per process), which of them a
// call `libdevice.<name>(args)` means for the argument dtypes, and how it is
// linked into a kernel's LLVM module before PTX emission.
//
//===----------------------------------------------------------------------===//

#ifndef TILEC_LIBDEVICE_H
#define TILEC_LIBDEVICE_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

#include <optional>
#include <string>

namespace llvm {
class Module;
} // namespace llvm

namespace tilec {

/// The path of libdevice: $TILEC_LIBDEVICE when set, else the path CMake was
/// configured with (TILEC_LIBDEVICE_PATH, by default the CUDA toolkit's
/// /usr/local/cuda/nvvm/libdevice/libdevice.10.bc). Fails, naming the path
/// and how to set it, when the file does not exist.
llvm::Expected<std::string> findLibdevice();

/// A scalar type of a libdevice parameter or result: an integer of `bits`
/// (signed unless `isUnsigned`) or a float of `bits` (32 or 64).
struct LibdeviceType {
  bool isFloat = false;
  bool isUnsigned = false;
  unsigned bits = 32;
  bool operator==(const LibdeviceType &o) const {
    return isFloat == o.isFloat && isUnsigned == o.isUnsigned && bits == o.bits;
  }
};

/// The function a libdevice call resolves to: its `__nv_*` symbol and the
/// dtype of its result.
struct LibdeviceCallee {
  std::string symbol;
  LibdeviceType result;
};

/// Resolves `libdevice.<name>(args)` for the argument types `args` to one
/// of the functions libdevice.10.bc defines, the way Triton's libdevice
/// module names them: `__nv_<name>f` for fp32 and `__nv_<name>` for fp64
/// arguments, `__nv_u<name>` for unsigned and `__nv_<name>ll` for 64-bit
/// integers, and the few other spellings libdevice uses (`__nv_fdiv_rn`,
/// `__nv_isnand`, `__nv_powif`, ...), each checked against the function's
/// LLVM signature read from the bitcode. Returns std::nullopt when libdevice
/// has no such function for these types; an error when libdevice cannot be
/// read.
llvm::Expected<std::optional<LibdeviceCallee>>
resolveLibdeviceCall(llvm::StringRef name, llvm::ArrayRef<LibdeviceType> args);

/// Whether libdevice defines a function `__nv_<name>` or `__nv_<name>f` for
/// some argument types (for the error that names an unknown function).
llvm::Expected<bool> libdeviceHasName(llvm::StringRef name);

/// Links the libdevice functions `module` calls (declarations named
/// `__nv_*`) into it, as Triton does: only the functions needed, made
/// internal so that the optimizer drops what it inlines. Does nothing when
/// the module calls none, so kernels without libdevice calls compile as
/// fast as before.
llvm::Error linkLibdeviceIfNeeded(llvm::Module &module);

} // namespace tilec

#endif // TILEC_LIBDEVICE_H
