//===- Evaluator.h - A static evaluator of module-level Python --*- C++ -*-===//
//
// Triton sees a kernel after Python has run the module around it: the
// autotune configs a comprehension or a function built, the helpers
// imported from sibling modules, the names bound under `try: ... except
// ImportError:`, `fn = triton.jit(fn)`. tilec runs that Python itself, in a
// subset (docs/frontend.md, "The module-level evaluator"): literals, names,
// attributes, arithmetic on exact ints, comparisons, displays,
// comprehensions, slices, calls of the program's own functions whose bodies
// stay in the subset and of the builtins such code uses, `triton.cdiv`,
// `triton.Config`, `triton.__version__` (3.6.0), the target queries of
// torch and triton answered from `--arch`, and `os.environ` (read at compile
// time; the names read are part of the kernel cache's key). Imports are
// found as Python finds them (ModuleLoader.cpp). Everything else evaluates
// to an unknown value naming the construct, an error only where a kernel or
// a decorator needs it.
//
//===----------------------------------------------------------------------===//

#ifndef TILEC_LIB_FRONTEND_EVALUATOR_H
#define TILEC_LIB_FRONTEND_EVALUATOR_H

#include "Frontend/AST.h"
#include "Frontend/PyValue.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/StringMap.h"

#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace tilec::frontend {

/// What the evaluator answers from the command line rather than by running
/// Python.
struct EvalOptions {
  /// `-I DIR` options, searched before PYTHONPATH.
  std::vector<std::string> includeDirs;
  /// The target's compute capability (`--arch=sm_90a`: 9, 0).
  int ccMajor = 9, ccMinor = 0;
  /// `torch.cuda.get_device_properties()`: the target's reference card
  /// (GpuArch::ReferenceDevice, tilec/Target.h, which the frontend fills
  /// in; this library does not link the back end). An empty name: not
  /// known, and the properties are unknown values.
  struct Device {
    std::string name;
    int64_t multiProcessorCount = 0;
    int64_t totalMemory = 0;
    int64_t l2CacheSize = 0;
    int64_t maxThreadsPerMultiProcessor = 0;
    int64_t sharedMemoryPerMultiprocessor = 0;
  } device;
  /// Whether PYTHONPATH is searched (tests turn it off).
  bool usePythonPath = true;
};

/// The options for a target given as `--arch` takes it (`sm_90a`).
EvalOptions makeEvalOptions(llvm::StringRef arch,
                            std::vector<std::string> includeDirs,
                            bool usePythonPath);

/// The modules of one compile: the kernel's file and every module it
/// imports from the program, parsed once, with their namespaces once run.
class Evaluator {
public:
  Evaluator(const Module &main, EvalOptions options);
  ~Evaluator();

  /// The value `name` is bound to at the end of module `m` (running the
  /// module first), or nullopt when the module binds no such name.
  std::optional<PyValue> lookupGlobal(const Module &m, llvm::StringRef name);

  /// Evaluates `e` in the global scope of `m`.
  PyValue evalInModule(const Expr *e, const Module &m);

  /// `base.attr`, loading a submodule if need be.
  PyValue getAttr(const PyValue &base, llvm::StringRef attr, SourceLoc loc,
                  const Module &m);

  /// Calls `fn` (e.g. an autotune `early_config_prune` function).
  PyValue call(const PyValue &fn, PyList args, PyAttrs kwargs, SourceLoc loc,
               const Module &m);

  /// The module that defines `fn` (the main module when not found).
  const Module *ownerOf(const FunctionDef *fn) const;

  /// Python's repr of `v`, for messages.
  std::string repr(const PyValue &v) const;
  /// Python's truth value; nullopt when `v` is unknown.
  std::optional<bool> truth(const PyValue &v) const;

  /// "'NAME' (file.py:3)": how a message names an unknown value.
  static std::string describeUnknown(const PyValue &v);

  /// The files read and environment variables consulted so far, for the
  /// kernel cache's key.
  std::vector<std::string> filesRead() const;
  const std::map<std::string, std::optional<std::string>> &envRead() const {
    return env;
  }

  // Internal, used by EvalBuiltins.cpp and ModuleLoader.cpp.
  struct Frame;
  struct ModuleState;
  PyValue eval(const Expr *e, Frame &frame);
  PyValue unknownAt(const Expr *e, const Frame &frame,
                    const llvm::Twine &what) const;
  PyValue callBuiltin(llvm::StringRef name, PyList &args, PyAttrs &kwargs,
                      SourceLoc loc, Frame &frame);
  /// EvalStdlib.cpp's functions; nullopt when `name` is not one of them.
  std::optional<PyValue> callStdlib(llvm::StringRef name, PyList &args,
                                    PyAttrs &kwargs, SourceLoc loc,
                                    Frame &frame);
  PyValue builtinAttr(const PyValue &base, llvm::StringRef attr,
                      SourceLoc loc, Frame &frame);
  PyValue callMethod(const PyValue &self, llvm::StringRef method,
                     PyList &args, PyAttrs &kwargs, SourceLoc loc,
                     Frame &frame);
  std::optional<PyValue> lookupBuiltinName(llvm::StringRef name);
  PyValue importModule(const ImportAlias &imp, Frame &frame);
  PyValue moduleAttr(const PyValue &mod, llvm::StringRef attr, SourceLoc loc,
                     Frame &frame);
  ModuleState &stateOf(const Module &m);
  ModuleState *loadFile(const std::string &file, const std::string &dotted);
  void run(ModuleState &state);
  bool equal(const PyValue &a, const PyValue &b) const;
  /// -1, 0, 1, or nullopt when the values do not order.
  std::optional<int> compare(const PyValue &a, const PyValue &b) const;
  /// The elements of an iterable, or nullopt (with `why` set).
  std::optional<PyList> iterate(const PyValue &v, std::string &why) const;
  std::optional<std::string> getEnv(llvm::StringRef name);

  /// Makes the names `fn` declares `global` unknown in its module (a call
  /// of it that did not finish, or did not run).
  void clobberGlobals(const FunctionDef &fn, const Module &owner,
                      const PyValue &why);

  const EvalOptions &getOptions() const { return options; }
  /// A fresh step budget, for a long-lived evaluator that runs the
  /// program's functions again and again (ConfigPruner.cpp).
  void resetStepBudget() { steps = 0; }
  /// Counts evaluation steps; past the budget, results become unknown
  /// (a loop that does not end in the subset must not hang tilec).
  bool step();

private:
  const Module &main;
  EvalOptions options;
  std::map<std::string, std::unique_ptr<ModuleState>> byFile;
  llvm::DenseMap<const Module *, ModuleState *> byModule;
  llvm::DenseMap<const FunctionDef *, const Module *> owners;
  std::map<std::string, std::optional<std::string>> env;
  /// The scopes of the calls that defined nested functions.
  std::vector<std::unique_ptr<ClosureScope>> closureScopes;
  uint64_t steps = 0;
  unsigned callDepth = 0;
  friend struct CallDepthScope;
};

} // namespace tilec::frontend

#endif // TILEC_LIB_FRONTEND_EVALUATOR_H
