//===- Parser.h - Parser for Triton-language kernel files -------*- C++ -*-===//
//
// Entry point of the frontend's syntax half: tokenizes a whole `.py` file
// (Python's indentation rules included) and parses the parts tilec reads,
// i.e. imports, module-level `tl.constexpr` globals and `@jit` functions,
// into the AST of AST.h. Every other top-level statement is skipped, so the
// file may hold any Python. Errors are reported through a DiagnosticSink.
//
//===----------------------------------------------------------------------===//

#ifndef TILEC_LIB_FRONTEND_PARSER_H
#define TILEC_LIB_FRONTEND_PARSER_H

#include "Frontend/AST.h"

#include "llvm/ADT/Twine.h"

#include <memory>

namespace tilec::frontend {

/// Receives the frontend's diagnostics. The driver forwards them to MLIR's
/// diagnostic engine so that they print as `file:line:col: error: ...` with
/// the source line and a caret.
class DiagnosticSink {
public:
  virtual ~DiagnosticSink() = default;
  virtual void error(SourceLoc loc, const llvm::Twine &message) = 0;
};

/// A sink that keeps the diagnostics, for tests.
class CollectingDiagnosticSink : public DiagnosticSink {
public:
  struct Entry {
    SourceLoc loc;
    std::string message;
  };
  void error(SourceLoc loc, const llvm::Twine &message) override {
    entries.push_back({loc, message.str()});
  }
  std::vector<Entry> entries;
};

/// Parses `buffer` (the contents of `filename`). Returns null after
/// reporting at least one error; the first error stops the parse.
std::unique_ptr<Module> parseModule(llvm::StringRef buffer,
                                    llvm::StringRef filename,
                                    DiagnosticSink &diag);

} // namespace tilec::frontend

#endif // TILEC_LIB_FRONTEND_PARSER_H
