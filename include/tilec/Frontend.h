//===- Frontend.h - Triton-language source to the tile dialect --*- C++ -*-===//
//
// Public entry point of tilec's frontend: parse a `.py` file holding
// `@triton.jit` kernels and emit one kernel, specialized on a launch
// signature, as a module of the `tile` dialect. Diagnostics are reported
// through the MLIRContext's diagnostic engine with file:line:col locations.
//
//===----------------------------------------------------------------------===//

#ifndef TILEC_FRONTEND_H
#define TILEC_FRONTEND_H

#include "tilec/AutotuneConfig.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/IR/OwningOpRef.h"
#include "mlir/Support/LLVM.h"
#include "llvm/ADT/StringRef.h"

#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace tilec {

struct FrontendOptions {
  /// The @jit function to compile. Empty: the file's only kernel.
  std::string kernelName;
  /// Triton AOT signature, e.g. "*fp16:16, *fp16:16, i32, 1024".
  std::string signature;
  /// `-D NAME=VALUE` constexpr bindings, by parameter name.
  std::vector<std::pair<std::string, std::string>> defines;
  int numWarps = 4;
  int numStages = 3;
  /// Triton's debug mode: tl.device_assert and `assert` are emitted.
  bool debug = false;
  /// The target's compute capability times ten (GpuArch::smVersion), for
  /// builtins that need a newer target; 0: not known, nothing is checked.
  unsigned computeCapability = 0;
};

/// Registers every dialect the frontend emits.
void registerFrontendDialects(mlir::DialectRegistry &registry);

/// Parses `source` (named `filename` in diagnostics) and emits the kernel
/// described by `options`. Returns null after reporting errors.
mlir::OwningOpRef<mlir::ModuleOp>
emitTileModule(mlir::MLIRContext &ctx, llvm::StringRef source,
               llvm::StringRef filename, const FrontendOptions &options);

/// The `@triton.autotune` decorator of kernel `kernelName` (empty: the
/// file's only kernel): its configs and key, or nullopt when the kernel has
/// none. Returns failure after reporting errors through `ctx`'s engine (a
/// refused argument, a config binding a name that is not a constexpr
/// parameter, ...), at the offending token.
mlir::FailureOr<std::optional<AutotuneSpec>>
readAutotuneSpec(mlir::MLIRContext &ctx, llvm::StringRef source,
                 llvm::StringRef filename, llvm::StringRef kernelName);

/// Prints the table of builtins (lib/Frontend/Builtins.def), one per line,
/// for `tilec --list-builtins` and scripts/check_builtins.py.
void printBuiltinTable(llvm::raw_ostream &os);

/// Names of the @jit functions in `source`, or an empty list after reporting
/// errors (used by `tilec --list-kernels`).
std::vector<std::string> listKernels(mlir::MLIRContext &ctx,
                                     llvm::StringRef source,
                                     llvm::StringRef filename);

} // namespace tilec

#endif // TILEC_FRONTEND_H
