//===- PyIntTest.cpp - Tests of Python int arithmetic -----------*- C++ -*-===//
//
// Checks PyInt's operations against values Python computes (written out in
// decimal), at the edges where 64-bit arithmetic wraps: around 2^63 and 2^64,
// floor division and modulo of negative operands, shifts, and Python's
// error messages.
//
//===----------------------------------------------------------------------===//

#include "Frontend/PyInt.h"

#include "llvm/ADT/StringRef.h"

#include "gtest/gtest.h"

using namespace tilec::frontend;
using llvm::APInt;

namespace {

APInt big(llvm::StringRef decimal) {
  return pyint::normalize(APInt(512, decimal, 10));
}

std::string str(const APInt &v) { return pyint::toString(v); }
std::string str(const std::optional<APInt> &v) {
  return v ? pyint::toString(*v) : "error";
}

TEST(PyIntTest, AddSubNegPastInt64) {
  APInt min = pyint::fromInt64(INT64_MIN);
  EXPECT_EQ(str(pyint::neg(min)), "9223372036854775808");
  EXPECT_EQ(str(pyint::abs(min)), "9223372036854775808");
  EXPECT_EQ(str(pyint::sub(min, pyint::fromInt64(1))), "-9223372036854775809");
  EXPECT_EQ(str(pyint::add(pyint::fromUInt64(UINT64_MAX), pyint::fromInt64(1))),
            "18446744073709551616");
  // Results shrink back to 64 bits.
  EXPECT_EQ(pyint::sub(big("18446744073709551616"), big("18446744073709551615"))
                .getBitWidth(),
            64u);
}

TEST(PyIntTest, MulAndPow) {
  std::string e;
  EXPECT_EQ(str(pyint::mul(pyint::fromUInt64(UINT64_MAX),
                           pyint::fromUInt64(UINT64_MAX), e)),
            "340282366920938463426481119284349108225");
  EXPECT_EQ(str(pyint::pow(pyint::fromInt64(3), pyint::fromInt64(50), e)),
            "717897987691852588770249");
  EXPECT_EQ(str(pyint::pow(pyint::fromInt64(-2), pyint::fromInt64(63), e)),
            "-9223372036854775808");
  EXPECT_EQ(
      str(pyint::pow(pyint::fromInt64(-1), big("1000000000000000000001"), e)),
      "-1");
  EXPECT_EQ(str(pyint::pow(pyint::fromInt64(2), pyint::fromInt64(1 << 20), e)),
            "error");
  EXPECT_EQ(e, "constexpr integer exceeds tilec's limit of 65536 bits");
}

TEST(PyIntTest, FloorDivAndModRoundDown) {
  std::string e;
  EXPECT_EQ(str(pyint::floorDiv(pyint::fromInt64(-7), pyint::fromInt64(2), e)),
            "-4");
  EXPECT_EQ(str(pyint::mod(pyint::fromInt64(-7), pyint::fromInt64(3), e)), "2");
  EXPECT_EQ(str(pyint::mod(pyint::fromInt64(7), pyint::fromInt64(-2), e)),
            "-1");
  EXPECT_EQ(str(pyint::floorDiv(pyint::fromInt64(INT64_MIN),
                                pyint::fromInt64(-1), e)),
            "9223372036854775808");
  EXPECT_EQ(str(pyint::floorDiv(pyint::fromUInt64(UINT64_MAX),
                                pyint::fromInt64(2), e)),
            "9223372036854775807");
  EXPECT_EQ(str(pyint::floorDiv(pyint::fromInt64(1), pyint::fromInt64(0), e)),
            "error");
  EXPECT_EQ(e, "ZeroDivisionError: integer division or modulo by zero");
  EXPECT_EQ(str(pyint::mod(pyint::fromInt64(1), pyint::fromInt64(0), e)),
            "error");
  EXPECT_EQ(e, "ZeroDivisionError: integer modulo by zero");
}

TEST(PyIntTest, ShiftsAndBitwise) {
  std::string e;
  EXPECT_EQ(str(pyint::shl(pyint::fromInt64(1), pyint::fromInt64(64), e)),
            "18446744073709551616");
  EXPECT_EQ(str(pyint::shr(pyint::fromInt64(-5), pyint::fromInt64(1000), e)),
            "-1");
  EXPECT_EQ(
      str(pyint::shr(big("18446744073709551616"), pyint::fromInt64(1), e)),
      "9223372036854775808");
  EXPECT_EQ(str(pyint::shl(pyint::fromInt64(1), pyint::fromInt64(-1), e)),
            "error");
  EXPECT_EQ(e, "ValueError: negative shift count");
  EXPECT_EQ(str(pyint::invert(pyint::fromInt64(0))), "-1");
  EXPECT_EQ(
      str(pyint::bitAnd(pyint::fromInt64(-1), big("18446744073709551616"))),
      "18446744073709551616");
  EXPECT_EQ(
      str(pyint::bitXor(pyint::fromInt64(-1), pyint::fromUInt64(UINT64_MAX))),
      "-18446744073709551616");
}

TEST(PyIntTest, Compare) {
  EXPECT_LT(pyint::compare(pyint::fromInt64(-1), pyint::fromUInt64(UINT64_MAX)),
            0);
  EXPECT_EQ(pyint::compare(
                big("18446744073709551616"),
                pyint::add(pyint::fromUInt64(UINT64_MAX), pyint::fromInt64(1))),
            0);
  EXPECT_TRUE(pyint::fitsUInt64(pyint::fromUInt64(UINT64_MAX)));
  EXPECT_FALSE(pyint::fitsInt64(pyint::fromUInt64(UINT64_MAX)));
  EXPECT_FALSE(pyint::fitsUInt64(pyint::fromInt64(-1)));
}

TEST(PyIntTest, FloatConversions) {
  std::string e;
  EXPECT_EQ(str(pyint::fromDouble(1e19, e)), "10000000000000000000");
  EXPECT_EQ(str(pyint::fromDouble(-2.5, e)), "-2");
  EXPECT_EQ(str(pyint::fromDouble(1.0 / 0.0, e)), "error");
  EXPECT_EQ(e, "OverflowError: cannot convert float infinity to integer");
  std::optional<double> d = pyint::toDouble(big("18446744073709551617"), e);
  ASSERT_TRUE(d);
  EXPECT_EQ(*d, 18446744073709551616.0);
  std::optional<APInt> p =
      pyint::shl(pyint::fromInt64(1), pyint::fromInt64(1024), e);
  ASSERT_TRUE(p);
  EXPECT_FALSE(pyint::toDouble(*p, e));
  EXPECT_EQ(e, "OverflowError: int too large to convert to float");
}

} // namespace
