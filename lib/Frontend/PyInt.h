//===- PyInt.h - Python integer arithmetic for constexprs -------*- C++ -*-===//
//
// Constexpr integers are Python ints: exact, of any size. They are held as
// signed llvm::APInts of at least 64 bits, grown as a result needs and shrunk
// back, and these functions do Python's arithmetic on them: floor division
// and modulo rounding toward minus infinity, infinite two's-complement
// bitwise operators, and Python's errors (`ZeroDivisionError: integer
// division or modulo by zero`) as messages for a located diagnostic.
//
//===----------------------------------------------------------------------===//

#ifndef TILEC_LIB_FRONTEND_PYINT_H
#define TILEC_LIB_FRONTEND_PYINT_H

#include "llvm/ADT/APInt.h"

#include <optional>
#include <string>

namespace tilec::frontend::pyint {

using llvm::APInt;

/// tilec bounds a constexpr integer to this many bits (Python's are bounded
/// by memory alone) so that `1 << 10**9` fails fast instead of running out of
/// memory.
constexpr unsigned kMaxBits = 1u << 16;

/// The value in the fewest bits (at least 64) that hold it as signed.
APInt normalize(const APInt &v);
inline APInt fromInt64(int64_t v) { return APInt(64, v, /*isSigned=*/true); }
inline APInt fromUInt64(uint64_t v) { return normalize(APInt(65, v)); }

bool fitsInt64(const APInt &v);
/// In [0, 2^64).
bool fitsUInt64(const APInt &v);
/// -1, 0 or 1 as a < b, a == b, a > b.
int compare(const APInt &a, const APInt &b);
std::string toString(const APInt &v);

APInt add(const APInt &a, const APInt &b);
APInt sub(const APInt &a, const APInt &b);
APInt neg(const APInt &a);
APInt invert(const APInt &a);
APInt abs(const APInt &a);
APInt bitAnd(const APInt &a, const APInt &b);
APInt bitOr(const APInt &a, const APInt &b);
APInt bitXor(const APInt &a, const APInt &b);

/// These fail with Python's error text in `error`.
std::optional<APInt> mul(const APInt &a, const APInt &b, std::string &error);
std::optional<APInt> floorDiv(const APInt &a, const APInt &b,
                              std::string &error);
std::optional<APInt> mod(const APInt &a, const APInt &b, std::string &error);
/// `a ** b` for b >= 0.
std::optional<APInt> pow(const APInt &a, const APInt &b, std::string &error);
std::optional<APInt> shl(const APInt &a, const APInt &b, std::string &error);
std::optional<APInt> shr(const APInt &a, const APInt &b, std::string &error);

/// Python's float(int), correctly rounded; fails (OverflowError) when the
/// value is beyond the largest double.
std::optional<double> toDouble(const APInt &a, std::string &error);
/// Python's int(float), truncated toward zero; fails on NaN and infinities.
std::optional<APInt> fromDouble(double d, std::string &error);

} // namespace tilec::frontend::pyint

#endif // TILEC_LIB_FRONTEND_PYINT_H
