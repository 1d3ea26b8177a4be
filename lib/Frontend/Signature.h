//===- Signature.h - Triton AOT launch signatures ---------------*- C++ -*-===//
//
// Parses launch signatures in the form of Triton's ahead-of-time compiler,
// e.g. "*fp16:16, *fp32, i32, i32:16, 1024": a pointer's element type, `:16`
// for a value divisible by 16, `:1` for a value equal to 1, and a bare value
// for a constexpr parameter. A tuple argument (Triton 3.x) is a parenthesized
// list of entries, nested as the tuple is: "(*i32:16, *i32:16)",
// "(i32, (None, *fp32), 4)"; a tuple whose entries are all values is a
// constexpr tuple.
//
//===----------------------------------------------------------------------===//

#ifndef TILEC_LIB_FRONTEND_SIGNATURE_H
#define TILEC_LIB_FRONTEND_SIGNATURE_H

#include "Frontend/Types.h"
#include "Frontend/Value.h"

#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringRef.h"

#include <string>
#include <vector>

namespace tilec::frontend {

struct SignatureEntry {
  /// TensorDesc: `tensordesc<fp16[128, 64]>`, Triton's host-side tensor
  /// descriptor with its block; `type` is the element type. Tuple: a tuple
  /// argument holding at least one type, its entries in `elements`.
  enum class Kind { Type, Value, TensorDesc, Tuple };
  Kind kind = Kind::Type;
  /// For Kind::Type: the parameter's element type (pointer or scalar).
  ElemType type;
  /// For Kind::TensorDesc: the block shape, outermost first.
  llvm::SmallVector<int64_t, 2> blockShape;
  /// `:16` given.
  unsigned divisibility = 1;
  /// `:1` given: the parameter is specialized to the constant 1.
  bool equalToOne = false;
  /// For Kind::Value: the constexpr value.
  TValue value;
  /// For Kind::Tuple: the tuple's entries, in order.
  std::vector<SignatureEntry> elements;
  /// The entry's text, trimmed, for diagnostics.
  std::string text;
};

/// Parses `sig`. On failure returns false with `error` set.
bool parseSignature(llvm::StringRef sig, std::vector<SignatureEntry> &entries,
                    std::string &error);

/// Parses a constexpr value given on the command line (`-D NAME=VALUE`):
/// an integer, a float, True/False, or a dtype name such as `tl.float16`.
bool parseConstexprValue(llvm::StringRef text, TValue &value);

} // namespace tilec::frontend

#endif // TILEC_LIB_FRONTEND_SIGNATURE_H
