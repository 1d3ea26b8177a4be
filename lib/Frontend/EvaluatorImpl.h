//===- EvaluatorImpl.h - The evaluator's frames and modules -----*- C++ -*-===//
//
// Internal to Evaluator.cpp, EvalBuiltins.cpp and ModuleLoader.cpp: the
// state of one module of the program (its parsed AST, its namespace, how
// far it has run) and the frame one statement list runs in.
//
//===----------------------------------------------------------------------===//

#ifndef TILEC_LIB_FRONTEND_EVALUATORIMPL_H
#define TILEC_LIB_FRONTEND_EVALUATORIMPL_H

#include "Frontend/Evaluator.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringMap.h"

namespace tilec::frontend {

struct Evaluator::ModuleState {
  std::string file;   // the .py file (empty for a namespace package)
  std::string dir;    // the package directory when this is a package
  std::string dotted; // the module's dotted name, "" for the main file
  std::unique_ptr<Module> owned;
  const Module *module = nullptr;
  /// Why the file could not be read or parsed (then `module` is null).
  std::string error;
  llvm::StringMap<PyValue> globals;
  /// Globals that a function tilec cannot run declares `global`: whenever
  /// it is called, they may change, so they read as these unknown values.
  llvm::StringMap<PyValue> clobbered;
  enum class Status { NotRun, Running, Done } status = Status::NotRun;
};

/// The locals of one call of a function that defines nested functions, and
/// the scope that function was itself defined in. A nested function reads
/// its enclosing calls' names through these as Python's closures do, late:
/// it sees what they are bound to when it runs, not when it was defined.
/// They live as long as the Evaluator (a nested function may outlive its
/// call: decorators return one).
struct ClosureScope {
  llvm::StringMap<PyValue> locals;
  const ClosureScope *parent = nullptr;
};

struct Evaluator::Frame {
  ModuleState *module = nullptr;
  /// Null for module scope: names bind in the module's globals.
  llvm::StringMap<PyValue> *locals = nullptr;
  /// A nested function's enclosing scopes, innermost first.
  const ClosureScope *enclosing = nullptr;
  /// This call's own scope, which the functions it defines capture: null
  /// unless the function has nested `def`s (then `locals` points into it).
  const ClosureScope *scope = nullptr;
  /// Set by `return` (and by a statement that made the result unknown).
  std::optional<PyValue> result;
  /// Set when the result is unknown because a statement was: the function
  /// stopped part-way.
  bool gaveUp = false;
  /// The names the function declares `global`.
  const std::vector<std::string> *globalNames = nullptr;
  bool isGlobal(llvm::StringRef name) const {
    return globalNames && llvm::is_contained(*globalNames, name);
  }
  const std::string &filename() const { return module->module->filename; }
  PyValue *find(llvm::StringRef name) {
    if (locals) {
      auto it = locals->find(name);
      if (it != locals->end())
        return &it->second;
    }
    // A name the function declares `global` skips the enclosing scopes.
    for (const ClosureScope *s = isGlobal(name) ? nullptr : enclosing; s;
         s = s->parent)
      if (auto it = s->locals.find(name); it != s->locals.end())
        return const_cast<PyValue *>(&it->second);
    if (auto c = module->clobbered.find(name); c != module->clobbered.end())
      return &c->second;
    auto it = module->globals.find(name);
    return it == module->globals.end() ? nullptr : &it->second;
  }
  void bind(llvm::StringRef name, PyValue v) {
    (locals && !isGlobal(name) ? *locals : module->globals)[name] =
        std::move(v);
  }
};

/// Counts the depth of the program's calls the evaluator is in.
struct CallDepthScope {
  explicit CallDepthScope(Evaluator &e) : e(e) { ++e.callDepth; }
  ~CallDepthScope() { --e.callDepth; }
  Evaluator &e;
};

/// Calls deeper than this are unknown (recursion without an end).
inline constexpr unsigned kMaxCallDepth = 64;

/// The names a statement list binds (assignment targets, defs, imports,
/// loop targets), for a branch whose condition is unknown.
void collectBoundNames(const StmtList &body, const Module &m,
                       std::vector<std::pair<std::string, SourceLoc>> &out);

/// The canonical name of a library function EvalStdlib.cpp evaluates
/// (`packaging.version.parse` -> `packaging.version.Version`), else "".
std::string stdlibBuiltin(llvm::StringRef path);

/// Whether `v` is a version made by `packaging.version.Version`.
bool isVersion(const PyValue &v);

} // namespace tilec::frontend

#endif // TILEC_LIB_FRONTEND_EVALUATORIMPL_H
