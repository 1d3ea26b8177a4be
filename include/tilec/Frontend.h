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

/// Another Python module whose @jit helpers and tl.constexpr globals the
/// kernel reaches (`from mylib import helper`, `mylib.BLOCK`), handed over
/// by a host that knows where Python found it (python/tilec).
struct SourceModule {
  /// The dotted module name the kernel's imports use: "mylib.helpers".
  std::string name;
  /// Its file, named in diagnostics of code inlined from it.
  std::string filename;
  std::string text;
};

/// The value Python gave a module-level name, which the frontend uses in
/// place of the name's own definition (a `tl.constexpr` global computed by
/// Python code tilec does not evaluate, or one a config rebinds).
struct GlobalValue {
  /// The module the name is looked up in: "" for the kernel's file, else a
  /// SourceModule's name.
  std::string module;
  std::string name;
  /// As -D takes a value: an integer, a float, True/False, None or a dtype.
  std::string value;
};

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
  /// The target, as `--arch` takes it: what `torch.cuda.
  /// get_device_capability()` answers in module-level Python.
  std::string arch = "sm_90a";
  /// `-I DIR`: where imports of the kernel's file are searched after its
  /// own package, before PYTHONPATH.
  std::vector<std::string> includeDirs;
  /// Whether PYTHONPATH is searched too.
  bool usePythonPath = true;
  /// The target's compute capability times ten (GpuArch::smVersion), for
  /// builtins that need a newer target; 0: not known, nothing is checked.
  unsigned computeCapability = 0;
  /// Modules beside the kernel's file that its helpers come from.
  std::vector<SourceModule> modules;
  /// Module-level values as the host evaluated them.
  std::vector<GlobalValue> globalValues;
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
                 llvm::StringRef filename, llvm::StringRef kernelName,
                 const FrontendOptions &options = {});

/// A digest of what the module-level Python of `source` read besides
/// `source` itself: the contents of the modules it imports from the program
/// and the environment variables it consulted (`os.environ.get`), for the
/// kernel cache's key. Empty when the file does not parse.
std::string getModuleDependencyDigest(llvm::StringRef source,
                                      llvm::StringRef filename,
                                      const FrontendOptions &options);

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
