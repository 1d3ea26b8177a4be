//===- Prelude.h - triton.language functions written in the language -*- C++ -*-===//
//
// Some of triton.language is defined in Python on top of the primitives
// (Triton's random.py: philox, rand, randn, ...; standard.py: sort, topk).
// tilec keeps its own versions of those in the kernel language
// (lib/Frontend/Prelude/*.py), embedded into the binary, parsed once per
// process, and inlined like any @jit helper when a kernel calls `tl.<name>`.
// Diagnostics inside them point at `<tilec>/<file>.py` with the kernel's call
// site as a note.
//
//===----------------------------------------------------------------------===//

#ifndef TILEC_LIB_FRONTEND_PRELUDE_H
#define TILEC_LIB_FRONTEND_PRELUDE_H

#include "Frontend/AST.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"

namespace tilec::frontend {

/// The prelude's parsed modules (never null once initialized; parsed on
/// first use, thread-safe). An entry whose source fails to parse is a tilec
/// bug: it is reported by `preludeError()` and left out.
llvm::ArrayRef<const Module *> getPreludeModules();

/// The prelude function implementing `tl.<name>`, or null.
const FunctionDef *lookupPreludeFunction(llvm::StringRef name);

/// The module that defines `f` if `f` is a prelude function, else null.
const Module *getPreludeModuleOf(const FunctionDef *f);

/// Non-empty when a prelude file failed to parse (a tilec bug).
llvm::StringRef preludeError();

} // namespace tilec::frontend

#endif // TILEC_LIB_FRONTEND_PRELUDE_H
