//===- SourceDiagnostics.h - tilec's user-facing error printer --*- C++ -*-===//
//
// Prints the MLIR diagnostics of a compile the way tilec promises its users:
// `file:line:col: error: message`, the source line and a caret under the
// column, and a `note: called from` in the same shape for every inlined
// helper call on the way. Unlike llvm::SourceMgr's printer it counts
// columns in characters (the frontend's columns are UTF-8 code points),
// keeps the caret on lines with non-ASCII text, expands tabs in the echo and
// the caret alike, treats `\r`, `\r\n` and `\n` as line ends as the lexer
// does, and prints a file-level diagnostic (line 0) as `file: error: ...`
// with no fake position.
//
//===----------------------------------------------------------------------===//

#ifndef TILEC_LIB_COMPILER_SOURCEDIAGNOSTICS_H
#define TILEC_LIB_COMPILER_SOURCEDIAGNOSTICS_H

#include "mlir/IR/Diagnostics.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/raw_ostream.h"

#include <memory>

namespace tilec {

/// Prints one diagnostic. `line` 0 is the whole file (`file: kind: message`);
/// otherwise the header names `line:col` and, when `source` holds that line,
/// the line and a caret under column `col` (1-based, in code points; 0: no
/// caret) follow.
void printSourceDiagnostic(llvm::raw_ostream &os, llvm::StringRef filename,
                           llvm::StringRef source, unsigned line, unsigned col,
                           mlir::DiagnosticSeverity kind,
                           llvm::StringRef message);

/// Prints every diagnostic of a context, while it lives, through
/// printSourceDiagnostic.
class SourceDiagnosticHandler : public mlir::ScopedDiagnosticHandler {
public:
  SourceDiagnosticHandler(mlir::MLIRContext *ctx, llvm::raw_ostream &os);

  /// The text of `filename`, echoed under its diagnostics. It must outlive
  /// the handler.
  void addSource(llvm::StringRef filename, llvm::StringRef source);

private:
  void emitDiagnostic(mlir::Diagnostic &diag);
  void emitOne(mlir::Location loc, llvm::StringRef message,
               mlir::DiagnosticSeverity kind, bool showSource);

  llvm::raw_ostream &os;
  llvm::StringMap<llvm::StringRef> sources;
  /// The imported modules' files read for their source lines.
  llvm::StringMap<std::unique_ptr<llvm::MemoryBuffer>> loaded;
};

} // namespace tilec

#endif // TILEC_LIB_COMPILER_SOURCEDIAGNOSTICS_H
