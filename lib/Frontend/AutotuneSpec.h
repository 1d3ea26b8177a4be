//===- AutotuneSpec.h - Reading @triton.autotune decorators -----*- C++ -*-===//
//
// Internal to the frontend: turns the `@triton.autotune(...)` decorator of a
// parsed kernel into an AutotuneSpec (tilec/AutotuneConfig.h), or reports
// why it cannot, at the offending argument. The emitter calls it for every
// kernel it emits, so a decorator tilec would tune differently from Triton
// is refused whatever the command asks for; `tilec --list-configs`, `tilec
// --config=N` and the C++ autotuner call it through tilec/Frontend.h.
//
//===----------------------------------------------------------------------===//

#ifndef TILEC_LIB_FRONTEND_AUTOTUNESPEC_H
#define TILEC_LIB_FRONTEND_AUTOTUNESPEC_H

#include "Frontend/AST.h"
#include "Frontend/Parser.h"
#include "Frontend/PyValue.h"
#include "tilec/AutotuneConfig.h"

#include <optional>

namespace tilec::frontend {

class Evaluator;

/// The decorator's `prune_configs_by` as the evaluator computed it, kept to
/// be run per launch (ConfigPruner.h): the functions are the program's own,
/// `configs` is the list the configs were read from.
struct PruneSpec {
  PyValue earlyConfigPrune = PyValue::none();
  PyValue perfModel = PyValue::none();
  PyValue topK = PyValue::integer(10);
  PyValue configs = PyValue::none();
  /// Where the decorator is, and its module (the calls' context).
  SourceLoc loc;
  const Module *module = nullptr;
  bool present() const {
    return !earlyConfigPrune.is(PyValue::Kind::None) ||
           !perfModel.is(PyValue::Kind::None);
  }
};

/// Reads the autotune decorator of `kernel` (one of `module`'s functions).
/// Returns false after reporting an error to `diag`; otherwise `spec` is
/// set when the kernel has the decorator and left empty when it has none.
/// The decorator's arguments are evaluated by `ev` (Evaluator.h), so that
/// configs computed by the program are read as Triton would see them;
/// `applied` lists the decorators the program applied to the kernel's value
/// (by `@` or by call), or is null when the evaluator did not find it.
/// `prune`, when given, receives the decorator's `prune_configs_by`.
bool readAutotuneSpec(const Module &module, const FunctionDef &kernel,
                      DiagnosticSink &diag, Evaluator &ev,
                      const std::vector<AppliedDecorator> *applied,
                      std::optional<AutotuneSpec> &spec,
                      PruneSpec *prune = nullptr);

} // namespace tilec::frontend

#endif // TILEC_LIB_FRONTEND_AUTOTUNESPEC_H
