//===- KernelSignature.h - Kernel metadata from the emitted IR --*- C++ -*-===//
//
// The compile driver's one source of a kernel's launch signature: the
// `tile.kernel` function the frontend emitted. Its arguments are the runtime
// parameters in order, each located at (and named by) its parameter, typed
// by the specialized signature, with `tile.unsigned` where the entry was an
// unsigned integer or a pointer to one.
//
//===----------------------------------------------------------------------===//

#ifndef TILEC_LIB_COMPILER_KERNELSIGNATURE_H
#define TILEC_LIB_COMPILER_KERNELSIGNATURE_H

#include "tilec/Compiler.h"

#include "mlir/IR/BuiltinOps.h"
#include "llvm/Support/Error.h"

namespace tilec {

/// Fills `md.name` and `md.params` from the `tile.kernel` function of
/// `module`, a module of the `tile` dialect as the frontend emits it. An
/// error means the module holds no kernel or an argument of a type no host
/// can pass (a compiler bug, not a user's).
llvm::Error describeKernelSignature(mlir::ModuleOp module, KernelMetadata &md);

} // namespace tilec

#endif // TILEC_LIB_COMPILER_KERNELSIGNATURE_H
