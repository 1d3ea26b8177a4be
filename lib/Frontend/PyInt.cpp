//===- PyInt.cpp - Python integer arithmetic for constexprs -----*- C++ -*-===//
//
// Python's int semantics over llvm::APInt (see PyInt.h). Every operation
// first sign-extends its operands to a width where the exact result fits,
// computes, then normalizes the result back to the fewest bits.
//
//===----------------------------------------------------------------------===//

#include "Frontend/PyInt.h"

#include "llvm/ADT/APFloat.h"
#include "llvm/ADT/APSInt.h"
#include "llvm/ADT/StringExtras.h"

#include <algorithm>
#include <cmath>

using namespace tilec::frontend;
using llvm::APInt;

static const char *kTooBig = "constexpr integer exceeds tilec's limit of "
                             "65536 bits";

APInt pyint::normalize(const APInt &v) {
  unsigned w = std::max(64u, v.getSignificantBits());
  return v.sextOrTrunc(w);
}

/// Both operands sign-extended to `w` bits (at least their own widths).
static std::pair<APInt, APInt> widen(const APInt &a, const APInt &b,
                                     unsigned extra) {
  unsigned w = std::max(a.getBitWidth(), b.getBitWidth()) + extra;
  return {a.sext(w), b.sext(w)};
}

bool pyint::fitsInt64(const APInt &v) { return v.getSignificantBits() <= 64; }

bool pyint::fitsUInt64(const APInt &v) {
  return !v.isNegative() && v.getActiveBits() <= 64;
}

int pyint::compare(const APInt &a, const APInt &b) {
  auto [x, y] = widen(a, b, 0);
  return x.slt(y) ? -1 : x == y ? 0 : 1;
}

std::string pyint::toString(const APInt &v) {
  return llvm::toString(v, 10, /*Signed=*/true);
}

APInt pyint::add(const APInt &a, const APInt &b) {
  auto [x, y] = widen(a, b, 1);
  return normalize(x + y);
}

APInt pyint::sub(const APInt &a, const APInt &b) {
  auto [x, y] = widen(a, b, 1);
  return normalize(x - y);
}

APInt pyint::neg(const APInt &a) {
  APInt x = a.sext(a.getBitWidth() + 1);
  return normalize(-x);
}

APInt pyint::invert(const APInt &a) { return normalize(~a); }

APInt pyint::abs(const APInt &a) {
  return a.isNegative() ? neg(a) : normalize(a);
}

APInt pyint::bitAnd(const APInt &a, const APInt &b) {
  auto [x, y] = widen(a, b, 0);
  return normalize(x & y);
}

APInt pyint::bitOr(const APInt &a, const APInt &b) {
  auto [x, y] = widen(a, b, 0);
  return normalize(x | y);
}

APInt pyint::bitXor(const APInt &a, const APInt &b) {
  auto [x, y] = widen(a, b, 0);
  return normalize(x ^ y);
}

std::optional<APInt> pyint::mul(const APInt &a, const APInt &b,
                                std::string &error) {
  if (a.getSignificantBits() + b.getSignificantBits() > kMaxBits) {
    error = kTooBig;
    return std::nullopt;
  }
  unsigned w = a.getBitWidth() + b.getBitWidth();
  return normalize(a.sext(w) * b.sext(w));
}

/// Python's division: the quotient rounds toward minus infinity and the
/// remainder takes the divisor's sign.
static bool divMod(const APInt &a, const APInt &b, APInt &q, APInt &r) {
  if (b.isZero())
    return false;
  auto [x, y] = widen(a, b, 1);
  APInt::sdivrem(x, y, q, r);
  if (!r.isZero() && r.isNegative() != y.isNegative()) {
    q -= 1;
    r += y;
  }
  return true;
}

std::optional<APInt> pyint::floorDiv(const APInt &a, const APInt &b,
                                     std::string &error) {
  APInt q, r;
  if (!divMod(a, b, q, r)) {
    error = "ZeroDivisionError: integer division or modulo by zero";
    return std::nullopt;
  }
  return normalize(q);
}

std::optional<APInt> pyint::mod(const APInt &a, const APInt &b,
                                std::string &error) {
  APInt q, r;
  if (!divMod(a, b, q, r)) {
    error = "ZeroDivisionError: integer modulo by zero";
    return std::nullopt;
  }
  return normalize(r);
}

std::optional<APInt> pyint::pow(const APInt &a, const APInt &b,
                                std::string &error) {
  // 0, 1 and -1 stay small whatever the exponent.
  if (a.isZero())
    return b.isZero() ? fromInt64(1) : fromInt64(0);
  if (a.isOne())
    return fromInt64(1);
  if (a.isAllOnes())
    return fromInt64(b[0] ? -1 : 1);
  // |a| >= 2: the result has at least b bits.
  if (b.getActiveBits() > 32 || b.getZExtValue() > kMaxBits) {
    error = kTooBig;
    return std::nullopt;
  }
  uint64_t e = b.getZExtValue();
  APInt result = fromInt64(1), base = normalize(a);
  while (true) {
    if (e & 1) {
      std::optional<APInt> r = mul(result, base, error);
      if (!r)
        return std::nullopt;
      result = *r;
    }
    e >>= 1;
    if (!e)
      break;
    std::optional<APInt> sq = mul(base, base, error);
    if (!sq)
      return std::nullopt;
    base = *sq;
  }
  return result;
}

std::optional<APInt> pyint::shl(const APInt &a, const APInt &b,
                                std::string &error) {
  if (b.isNegative()) {
    error = "ValueError: negative shift count";
    return std::nullopt;
  }
  if (a.isZero())
    return fromInt64(0);
  if (b.getActiveBits() > 32 ||
      a.getSignificantBits() + b.getZExtValue() > kMaxBits) {
    error = kTooBig;
    return std::nullopt;
  }
  unsigned n = b.getZExtValue();
  APInt x = a.sext(a.getBitWidth() + n);
  return normalize(x.shl(n));
}

std::optional<APInt> pyint::shr(const APInt &a, const APInt &b,
                                std::string &error) {
  if (b.isNegative()) {
    error = "ValueError: negative shift count";
    return std::nullopt;
  }
  if (b.getActiveBits() > 32 || b.getZExtValue() >= a.getBitWidth())
    return fromInt64(a.isNegative() ? -1 : 0);
  return normalize(a.ashr(b.getZExtValue()));
}

std::optional<double> pyint::toDouble(const APInt &a, std::string &error) {
  llvm::APFloat f(llvm::APFloat::IEEEdouble());
  llvm::APFloat::opStatus s = f.convertFromAPInt(
      a, /*IsSigned=*/true, llvm::APFloat::rmNearestTiesToEven);
  if (s & llvm::APFloat::opOverflow) {
    error = "OverflowError: int too large to convert to float";
    return std::nullopt;
  }
  return f.convertToDouble();
}

std::optional<APInt> pyint::fromDouble(double d, std::string &error) {
  if (std::isnan(d)) {
    error = "ValueError: cannot convert float NaN to integer";
    return std::nullopt;
  }
  if (std::isinf(d)) {
    error = "OverflowError: cannot convert float infinity to integer";
    return std::nullopt;
  }
  // The largest double is below 2^1024.
  llvm::APSInt r(1088, /*isUnsigned=*/false);
  bool exact;
  llvm::APFloat(d).convertToInteger(r, llvm::APFloat::rmTowardZero, &exact);
  return normalize(r);
}
