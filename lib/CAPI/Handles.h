//===- Handles.h - What the C API's opaque handles hold ---------*- C++ -*-===//
//
// The structs behind include/tilec/tilec.h's opaque types, and the one
// function that turns an llvm::Error into a tilec_status and a tilec_error.
// Internal to lib/CAPI: the C API's callers see only pointers to these.
//
//===----------------------------------------------------------------------===//

#ifndef TILEC_LIB_CAPI_HANDLES_H
#define TILEC_LIB_CAPI_HANDLES_H

#include "tilec/JIT.h"
#include "tilec/tilec.h"

#include "llvm/Support/Error.h"

#include <memory>
#include <optional>
#include <string>
#include <vector>

struct tilec_error {
  tilec_status status = TILEC_ERROR_INVALID;
  std::string message;
  int cudaResult = 0;
};

struct tilec_options {
  tilec::CompileOptions options;
};

struct tilec_compiled {
  std::shared_ptr<const tilec::CompiledKernel> kernel;
};

struct tilec_device {
  tilec::runtime::Device device;
  std::string arch;
};

struct tilec_kernel {
  tilec::jit::LoadedKernel loaded;
  tilec_compiled compiled;
};

namespace tilec::capi {

/// Consumes `error`: TILEC_OK for success, else its status, with a new
/// tilec_error stored in `*out` when `out` is not null.
tilec_status report(llvm::Error error, tilec_error **out);

/// TILEC_ERROR_INVALID with `message`, for a NULL handle or a bad value.
tilec_status reportInvalid(const std::string &message, tilec_error **out);

/// A copy of `text` the caller frees with tilec_free.
char *copyString(const std::string &text);

} // namespace tilec::capi

#endif // TILEC_LIB_CAPI_HANDLES_H
