//===- Errors.cpp - C API errors, versions and freeing ----------*- C++ -*-===//
//
// tilec_error: every llvm::Error the C++ API can return, reduced to a
// status, its message as tilec prints it, and for a driver failure its
// CUresult. Also the version queries and tilec_free, which every other file
// of the C API relies on.
//
//===----------------------------------------------------------------------===//

#include "CAPI/Handles.h"

#include "tilec/Compiler.h"
#include "tilec/Runtime.h"

#include <cstdlib>
#include <cstring>

using namespace tilec;

tilec_status capi::report(llvm::Error error, tilec_error **out) {
  if (!error)
    return TILEC_OK;
  auto e = std::make_unique<tilec_error>();
  llvm::handleAllErrors(
      std::move(error),
      [&](const CompileError &c) {
        e->status = TILEC_ERROR_COMPILE;
        e->message = llvm::StringRef(c.getDiagnostics()).rtrim('\n').str();
      },
      [&](const jit::ArgumentError &a) {
        e->status = TILEC_ERROR_ARGUMENT;
        e->message = a.getMessage();
      },
      [&](const runtime::CudaError &c) {
        e->status = TILEC_ERROR_CUDA;
        e->message = c.getMessage();
        e->cudaResult = static_cast<int>(c.getResult());
      },
      [&](const runtime::DriverUnavailableError &d) {
        e->status = TILEC_ERROR_NO_DRIVER;
        e->message = d.getMessage();
      },
      [&](const llvm::ErrorInfoBase &other) {
        e->status = TILEC_ERROR_INVALID;
        e->message = other.message();
      });
  // A back-end failure already reported reads as an empty CompileError;
  // never hand out an empty message.
  if (e->message.empty())
    e->message = "the kernel does not compile";
  tilec_status status = e->status;
  if (out)
    *out = e.release();
  return status;
}

tilec_status capi::reportInvalid(const std::string &message,
                                 tilec_error **out) {
  return report(llvm::createStringError(message), out);
}

char *capi::copyString(const std::string &text) {
  char *copy = static_cast<char *>(std::malloc(text.size() + 1));
  if (copy)
    std::memcpy(copy, text.c_str(), text.size() + 1);
  return copy;
}

extern "C" {

int tilec_api_version(void) {
  return TILEC_API_VERSION_MAJOR * 1000 + TILEC_API_VERSION_MINOR;
}

const char *tilec_compiler_version(void) {
  return getCompilerVersion().data();
}

void tilec_free(void *text) { std::free(text); }

tilec_status tilec_error_status(const tilec_error *error) {
  return error ? error->status : TILEC_OK;
}

const char *tilec_error_message(const tilec_error *error) {
  return error ? error->message.c_str() : "";
}

int tilec_error_cuda_result(const tilec_error *error) {
  return error ? error->cudaResult : 0;
}

void tilec_error_free(tilec_error *error) { delete error; }

} // extern "C"
