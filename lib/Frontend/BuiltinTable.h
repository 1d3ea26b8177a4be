//===- BuiltinTable.h - The table of triton.language builtins ---*- C++ -*-===//
//
// The one table of the functions a kernel may call by name (Builtins.def
// holds its entries and says how to add one): for each, the Python names it
// is reached by, its parameters and their defaults, the Emitter member that
// handles it, whether it is refused and why, and the oldest target that has
// it. Name resolution (`tl.X`, `tl.math.X`, tensor methods, Python builtins)
// and call dispatch (EmitBuiltins.cpp) are lookups in it; `tilec
// --list-builtins` prints it (tilec::printBuiltinTable, tilec/Frontend.h).
//
//===----------------------------------------------------------------------===//

#ifndef TILEC_LIB_FRONTEND_BUILTINTABLE_H
#define TILEC_LIB_FRONTEND_BUILTINTABLE_H

#include "Frontend/Value.h"

#include "mlir/Support/LogicalResult.h"
#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringRef.h"

#include <string>
#include <vector>

namespace tilec::frontend {

class Emitter;
struct CallExpr;
struct Builtin;

/// Arguments of a call, bound to a builtin's parameter names.
struct BoundArgs {
  std::vector<std::optional<TValue>> slots;
  std::vector<SourceLoc> locs;
  bool has(unsigned i) const { return slots[i].has_value(); }
  const TValue &get(unsigned i) const { return *slots[i]; }
};

/// One call of a builtin, as its handler sees it.
struct BuiltinCall {
  const Builtin &entry;
  /// The entry's name ("sum"), which handlers serving several entries test.
  llvm::StringRef fn;
  /// The name diagnostics use: "tl.sum", or "len" for a Python builtin.
  std::string qn;
  const CallExpr *call;
  /// The call's location.
  SourceLoc loc;
  /// The raw arguments (a method's receiver first).
  std::vector<TValue> &args;
  std::vector<std::pair<std::string, TValue>> &kwargs;
  const std::vector<SourceLoc> &argLocs;
  /// The arguments bound to the entry's parameters (BUILTIN entries; empty
  /// for BUILTIN_RAW ones).
  BoundArgs a;
};

/// How a kernel reaches a builtin (a bit set).
enum BuiltinReach : unsigned {
  Tl = 1,     ///< `tl.X`, `triton.language.X`
  Math = 2,   ///< `tl.math.X`
  Method = 4, ///< `x.X()` on a tensor
  Triton = 8, ///< `triton.X`
  Py = 16,    ///< a Python builtin, called bare
  Cuda = 32,  ///< `tl.extra.cuda.X`, `triton.language.extra.cuda.X`
};

/// What a call of the entry does.
enum class BuiltinKind {
  Bound,       ///< the emitter binds the signature, then calls the handler
  Raw,         ///< the handler reads the raw arguments
  Refused,     ///< refused by name with `reason`
  NotCallable, ///< a name of triton.language that is not a function
};

using BuiltinHandler = mlir::FailureOr<TValue> (Emitter::*)(BuiltinCall &);

/// One entry of Builtins.def.
struct Builtin {
  llvm::StringLiteral name;
  unsigned reach;
  BuiltinKind kind;
  /// The docs/language.md group ("memory", "Python builtins", ...).
  llvm::StringLiteral group;
  /// Python's parameter list, e.g. "input, axis=None, keep_dims=False".
  llvm::StringLiteral signature;
  BuiltinHandler handler;
  /// Why a Refused entry is refused.
  llvm::StringLiteral reason;
  /// The oldest compute capability (times ten) that has it; 0: every one.
  unsigned minComputeCapability;

  bool isTlSide() const {
    return reach & (Tl | Math | Method | Triton | Cuda);
  }
};

/// The parameters of an entry's signature, for binding: the names in order
/// (without `*` and `/` markers) and how many leading ones are required.
struct BuiltinParams {
  llvm::SmallVector<llvm::StringRef> names;
  unsigned numRequired = 0;
};

/// Every entry, in Builtins.def's order.
llvm::ArrayRef<Builtin> getBuiltins();

/// The entry named `name` among those reached by one of `reach`'s ways, or
/// null.
const Builtin *lookupBuiltin(llvm::StringRef name, unsigned reach);

/// The entry's parameters, parsed from its signature once per process.
const BuiltinParams &getBuiltinParams(const Builtin &b);

} // namespace tilec::frontend

#endif // TILEC_LIB_FRONTEND_BUILTINTABLE_H
