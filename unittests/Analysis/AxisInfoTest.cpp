//===- AxisInfoTest.cpp - Tests of the axis analysis's algebra --*- C++ -*-===//
//
// Checks the AxisInfo lattice and every transfer function against brute
// force: concrete tiles are generated with structure (ranges, blocks,
// periodic patterns, constants, noise), described exactly by `fromValues` or
// by a random weakening of that, pushed through a rule, and the result's
// claims are checked on the concrete result by `holds`, written here from the
// definitions in AxisInfo.h. Precision on the patterns the coalescing pass
// depends on is checked by exact expectations.
//
//===----------------------------------------------------------------------===//

#include "Analysis/AxisInfo.h"
#include "Analysis/AxisInfoRules.h"

#include "Tile/IR/TileDialect.h"
#include "Tile/IR/TileTypes.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/MLIRContext.h"

#include "gtest/gtest.h"

#include <functional>
#include <numeric>
#include <random>
#include <sstream>
#include <string>
#include <vector>

using namespace tilec;
using namespace tilec::axisinfo;

namespace tilec {
/// Lets GoogleTest print AxisInfo in failure messages.
void PrintTo(const AxisInfo &info, std::ostream *os) {
  *os << info.toString();
  if (info.getConstantValue())
    *os << ", constant = " << *info.getConstantValue();
}
} // namespace tilec

namespace {

constexpr int64_t kCap = AxisInfo::kMaxDivisibility;

//===----------------------------------------------------------------------===//
// Concrete tiles and the definitions
//===----------------------------------------------------------------------===//

using Shape = std::vector<int64_t>;

/// A tile of concrete values in row-major order.
struct Tile {
  Shape shape;
  std::vector<int64_t> values;

  int64_t stride(unsigned d) const {
    int64_t s = 1;
    for (unsigned e = d + 1; e < shape.size(); ++e)
      s *= shape[e];
    return s;
  }
  int64_t coord(size_t i, unsigned d) const {
    return static_cast<int64_t>(i) / stride(d) % shape[d];
  }
  std::string str() const {
    std::ostringstream os;
    os << "shape [";
    for (int64_t s : shape)
      os << s << " ";
    os << "] values [";
    for (int64_t v : values)
      os << v << " ";
    os << "]";
    return os.str();
  }
};

int64_t numElements(const Shape &shape) {
  return std::accumulate(shape.begin(), shape.end(), int64_t(1),
                         std::multiplies<int64_t>());
}

/// Whether `info` describes `tile` (empty string) or what it gets wrong.
std::string holds(const Tile &tile, const AxisInfo &info) {
  if (!info.isInitialized())
    return "uninitialized";
  if (info.getRank() != tile.shape.size())
    return "rank mismatch";
  if (std::optional<int64_t> c = info.getConstantValue())
    for (int64_t v : tile.values)
      if (v != *c)
        return "not the constant " + std::to_string(*c);
  for (unsigned d = 0; d < tile.shape.size(); ++d) {
    int64_t size = tile.shape[d];
    int64_t c = info.getContiguity(d), k = info.getConstancy(d);
    int64_t div = info.getDivisibility(d);
    std::string dim = " along dim " + std::to_string(d);
    if (c < 1 || size % c != 0)
      return "contiguity " + std::to_string(c) + " does not divide" + dim;
    if (k < 1 || size % k != 0)
      return "constancy " + std::to_string(k) + " does not divide" + dim;
    if (div < 1 || div > kCap || (div & (div - 1)) != 0)
      return "divisibility " + std::to_string(div) + " not a power of two";
    int64_t s = tile.stride(d);
    for (size_t i = 0; i < tile.values.size(); ++i) {
      int64_t x = tile.coord(i, d);
      int64_t cOff = x % c, kOff = x % k;
      if (tile.values[i] != tile.values[i - cOff * s] + cOff)
        return "no run of " + std::to_string(c) + dim;
      if (tile.values[i] != tile.values[i - kOff * s])
        return "no constant block of " + std::to_string(k) + dim;
      if (cOff == 0 && tile.values[i] % div != 0)
        return std::to_string(tile.values[i]) + " not divisible by " +
               std::to_string(div) + dim;
    }
  }
  return "";
}

#define EXPECT_HOLDS(tile, info)                                               \
  do {                                                                         \
    std::string why = holds(tile, info);                                       \
    EXPECT_EQ(why, "") << (tile).str() << "\n  info: " << (info).toString();   \
  } while (false)

/// Elementwise combination of same-shaped tiles.
Tile map2(const Tile &a, const Tile &b,
          const std::function<int64_t(int64_t, int64_t)> &fn) {
  Tile r{a.shape, {}};
  for (size_t i = 0; i < a.values.size(); ++i)
    r.values.push_back(fn(a.values[i], b.values[i]));
  return r;
}

Tile map1(const Tile &a, const std::function<int64_t(int64_t)> &fn) {
  Tile r{a.shape, {}};
  for (int64_t v : a.values)
    r.values.push_back(fn(v));
  return r;
}

Tile splatTile(const Shape &shape, int64_t v) {
  return Tile{shape, std::vector<int64_t>(numElements(shape), v)};
}

AxisInfo exact(const Tile &tile) { return fromValues(tile.shape, tile.values); }

int64_t floorDiv(int64_t a, int64_t b) {
  int64_t q = a / b;
  return (a % b != 0 && ((a < 0) != (b < 0))) ? q - 1 : q;
}

//===----------------------------------------------------------------------===//
// Generation
//===----------------------------------------------------------------------===//

class Gen {
public:
  explicit Gen(uint64_t seed) : rng(seed) {}

  int64_t uniform(int64_t lo, int64_t hi) {
    return std::uniform_int_distribution<int64_t>(lo, hi)(rng);
  }
  template <typename T> const T &pick(const std::vector<T> &xs) {
    return xs[uniform(0, xs.size() - 1)];
  }

  Shape shape() {
    return pick<Shape>(
        {{16}, {32}, {4, 8}, {8, 4}, {1, 16}, {16, 1}, {2, 4, 4}, {1}});
  }

  /// A multiple of a random power of two.
  int64_t alignedBase(bool nonNegative) {
    int64_t r = uniform(nonNegative ? 0 : -4, 5);
    // A multiplication: shifting a negative value left is undefined.
    return r * (int64_t(1) << uniform(0, 7));
  }

  /// A tile with structure along random dimensions.
  Tile tile(const Shape &shape, bool nonNegative) {
    Tile t{shape, {}};
    int64_t n = numElements(shape);
    int64_t family = uniform(0, 5);
    int64_t base = alignedBase(nonNegative);
    std::vector<int64_t> coeff, period;
    for (size_t d = 0; d < shape.size(); ++d) {
      std::vector<int64_t> coeffs = {0, 0, 1, 1, 1, 2, 3, 4, 16};
      if (!nonNegative)
        coeffs.push_back(-1);
      coeff.push_back(pick(coeffs));
      period.push_back(pick<int64_t>({1, 2, 3, 4, 8}));
    }
    for (int64_t i = 0; i < n; ++i) {
      int64_t v = base;
      int64_t rest = i;
      for (int d = static_cast<int>(shape.size()) - 1; d >= 0; --d) {
        int64_t x = rest % shape[d];
        rest /= shape[d];
        switch (family) {
        case 0: // affine: ranges, splats, row * stride + col
          v += coeff[d] * x;
          break;
        case 1: // blocks of equal values
          v += coeff[d] * (x / period[d]);
          break;
        case 2: // repeated short ranges
          v += coeff[d] * (x % period[d]);
          break;
        case 3: // noise
          v = uniform(nonNegative ? 0 : -64, 64);
          break;
        case 4: // one value
          break;
        default: // blocks plus a range
          v += coeff[d] * x + 8 * (x / period[d]);
          break;
        }
      }
      t.values.push_back(v);
    }
    return t;
  }

  /// A tile of positive values (divisors).
  Tile positive(const Shape &shape) {
    if (uniform(0, 1))
      return splatTile(shape, pick<int64_t>({1, 2, 3, 4, 8, 16, 24, 32, 64}));
    Tile t = tile(shape, /*nonNegative=*/true);
    for (int64_t &v : t.values)
      v = v <= 0 ? 16 : v;
    return t;
  }

  /// A valid but less precise description of `tile` than `info`.
  AxisInfo weaken(const AxisInfo &info) {
    if (uniform(0, 1))
      return info;
    AxisInfo::DimVector c, v, k;
    for (unsigned d = 0; d < info.getRank(); ++d) {
      int64_t cd = divisorOf(info.getContiguity(d));
      int64_t kd = divisorOf(info.getConstancy(d));
      int64_t vd = divisibilityAtStride(info, d, std::max(cd, kd));
      vd >>= uniform(0, 2);
      c.push_back(cd);
      k.push_back(kd);
      v.push_back(std::max<int64_t>(vd, 1));
    }
    std::optional<int64_t> constant;
    if (uniform(0, 1))
      constant = info.getConstantValue();
    return AxisInfo(c, v, k, constant);
  }

private:
  int64_t divisorOf(int64_t n) {
    std::vector<int64_t> ds;
    for (int64_t d = 1; d <= n; ++d)
      if (n % d == 0)
        ds.push_back(d);
    return uniform(0, 2) ? n : pick(ds);
  }

  std::mt19937_64 rng;
};

/// A generated operand: its values and a description of them.
struct Operand {
  Tile tile;
  AxisInfo info;
};

Operand describe(Gen &gen, Tile tile) {
  AxisInfo info = gen.weaken(exact(tile));
  return {std::move(tile), std::move(info)};
}

constexpr int kCases = 4000;

/// Checks `rule` against `op` on random operands of one shape.
void checkBinary(
    uint64_t seed, bool nonNegativeLhs,
    const std::function<Tile(Gen &, const Shape &)> &makeRhs,
    const std::function<int64_t(int64_t, int64_t)> &op,
    const std::function<AxisInfo(const AxisInfo &, const AxisInfo &)> &rule) {
  Gen gen(seed);
  for (int i = 0; i < kCases; ++i) {
    Shape shape = gen.shape();
    Operand a = describe(gen, gen.tile(shape, nonNegativeLhs));
    Operand b = describe(gen, makeRhs(gen, shape));
    ASSERT_EQ(holds(a.tile, a.info), "") << "weakening is unsound";
    ASSERT_EQ(holds(b.tile, b.info), "") << "weakening is unsound";
    AxisInfo r = rule(a.info, b.info);
    Tile t = map2(a.tile, b.tile, op);
    std::string why = holds(t, r);
    ASSERT_EQ(why, "") << "lhs " << a.tile.str() << "\n  " << a.info.toString()
                       << "\nrhs " << b.tile.str() << "\n  "
                       << b.info.toString() << "\nresult " << t.str() << "\n  "
                       << r.toString();
  }
}

std::function<Tile(Gen &, const Shape &)> anyTile(bool nonNegative) {
  return [=](Gen &gen, const Shape &shape) {
    return gen.tile(shape, nonNegative);
  };
}

//===----------------------------------------------------------------------===//
// Helpers and the lattice
//===----------------------------------------------------------------------===//

TEST(AxisInfoHelpers, HighestPowerOf2Divisor) {
  EXPECT_EQ(highestPowerOf2Divisor(0), kCap);
  EXPECT_EQ(highestPowerOf2Divisor(1), 1);
  EXPECT_EQ(highestPowerOf2Divisor(-1), 1);
  EXPECT_EQ(highestPowerOf2Divisor(48), 16);
  EXPECT_EQ(highestPowerOf2Divisor(-8), 8);
  EXPECT_EQ(highestPowerOf2Divisor(int64_t(1) << 40), kCap);
  EXPECT_EQ(highestPowerOf2Divisor(INT64_MIN), kCap);
  EXPECT_EQ(highestPowerOf2Divisor(3 << 29), int64_t(1) << 29);
}

TEST(AxisInfoHelpers, PointeeBytes) {
  mlir::MLIRContext ctx;
  ctx.loadDialect<tile::TileDialect>();
  mlir::Builder b(&ctx);
  EXPECT_EQ(getPointeeBytes(b.getF16Type()), 2u);
  EXPECT_EQ(getPointeeBytes(b.getF32Type()), 4u);
  EXPECT_EQ(getPointeeBytes(b.getI1Type()), 1u);
  EXPECT_EQ(getPointeeBytes(b.getI64Type()), 8u);
  EXPECT_EQ(getPointeeBytes(tile::PtrType::get(b.getF32Type())), 8u);
}

TEST(AxisInfoHelpers, DivisibilityAtStride) {
  // A range of 128 starting at a multiple of 64.
  AxisInfo r({128}, {64}, {1});
  EXPECT_EQ(divisibilityAtStride(r, 0, 128), 64);
  EXPECT_EQ(divisibilityAtStride(r, 0, 256), 64);
  EXPECT_EQ(divisibilityAtStride(r, 0, 16), 16);
  EXPECT_EQ(divisibilityAtStride(r, 0, 1), 1);
  EXPECT_EQ(divisibilityAtStride(r, 0, 12), 4);
  // Constant blocks: every element is a run start.
  AxisInfo k({1}, {32}, {8});
  EXPECT_EQ(divisibilityAtStride(k, 0, 1), 32);
  EXPECT_EQ(divisibilityAtStride(AxisInfo::getConstant({4}, 24), 0, 1), 8);
}

TEST(AxisInfoHelpers, ElementDivisibility) {
  EXPECT_EQ(elementDivisibility(AxisInfo({1, 1}, {4, 16}, {2, 8})), 16);
  EXPECT_EQ(elementDivisibility(AxisInfo({1, 64}, {1, 16}, {2, 1})), 1);
  EXPECT_EQ(elementDivisibility(AxisInfo::getConstant({2}, 0)), kCap);
}

TEST(AxisInfoHelpers, AlignedBlock) {
  AxisInfo range({128}, {kCap}, {1});
  EXPECT_EQ(alignedBlock(range, AxisInfo({1}, {16}, {128}), 0), 16);
  EXPECT_EQ(alignedBlock(range, AxisInfo::getConstant({128}, 24), 0), 8);
  EXPECT_EQ(alignedBlock(range, AxisInfo({1}, {16}, {4}), 0), 4);
  // A range starting at an odd value has no aligned block.
  EXPECT_EQ(
      alignedBlock(AxisInfo({128}, {1}, {1}), AxisInfo({1}, {16}, {128}), 0),
      1);
}

TEST(AxisInfoLattice, JoinBasics) {
  AxisInfo a({128}, {16}, {1});
  EXPECT_EQ(AxisInfo::join(AxisInfo(), a), a);
  EXPECT_EQ(AxisInfo::join(a, AxisInfo()), a);
  EXPECT_EQ(AxisInfo::join(a, a), a);
  EXPECT_FALSE(AxisInfo().isInitialized());
  // Same runs: the smaller divisibility.
  EXPECT_EQ(AxisInfo::join(a, AxisInfo({128}, {64}, {1})), a);
  // Runs and constant blocks have nothing in common.
  EXPECT_EQ(AxisInfo::join(a, AxisInfo({1}, {16}, {128})),
            AxisInfo({1}, {1}, {1}));
  // Constants: equal ones stay, different ones become their common runs.
  AxisInfo c4 = AxisInfo::getConstant({8}, 4);
  AxisInfo c12 = AxisInfo::getConstant({8}, 12);
  EXPECT_EQ(AxisInfo::join(c4, c4).getConstantValue(), 4);
  AxisInfo j = AxisInfo::join(c4, c12);
  EXPECT_EQ(j.getConstantValue(), std::nullopt);
  EXPECT_EQ(j, AxisInfo({1}, {4}, {8}));
}

TEST(AxisInfoLattice, JoinShorterRunsTakesDivisibilityAtTheirStarts) {
  // Runs of 8 from multiples of 32 and runs of 4 from multiples of 16: in
  // the first, a run of 4 may start at 32k + 4.
  AxisInfo j =
      AxisInfo::join(AxisInfo({8}, {32}, {1}), AxisInfo({4}, {16}, {1}));
  EXPECT_EQ(j, AxisInfo({4}, {4}, {1}));
}

TEST(AxisInfoLattice, JoinIsSoundCommutativeIdempotentMonotone) {
  Gen gen(7);
  for (int i = 0; i < kCases; ++i) {
    Shape shape = gen.shape();
    Operand a = describe(gen, gen.tile(shape, false));
    Operand b = describe(gen, gen.tile(shape, false));
    AxisInfo j = AxisInfo::join(a.info, b.info);
    EXPECT_HOLDS(a.tile, j);
    EXPECT_HOLDS(b.tile, j);
    EXPECT_EQ(j, AxisInfo::join(b.info, a.info));
    EXPECT_EQ(AxisInfo::join(j, a.info), j);
    EXPECT_EQ(AxisInfo::join(j, b.info), j);
    EXPECT_EQ(AxisInfo::join(j, j), j);
  }
}

TEST(AxisInfoLattice, Print) {
  EXPECT_EQ(
      AxisInfo({1, 64}, {16, 8}, {32, 1}).toString(),
      "contiguity = [1, 64], divisibility = [16, 8], constancy = [32, 1]");
  EXPECT_EQ(AxisInfo().toString(), "uninitialized");
}

TEST(AxisInfoLattice, FromValuesIsExact) {
  Gen gen(11);
  for (int i = 0; i < kCases; ++i) {
    Tile t = gen.tile(gen.shape(), false);
    AxisInfo info = exact(t);
    EXPECT_HOLDS(t, info);
    // Nothing stronger holds: doubling a run or the divisibility fails.
    for (unsigned d = 0; d < t.shape.size(); ++d) {
      AxisInfo::DimVector c(info.getContiguity()), v(info.getDivisibility()),
          k(info.getConstancy());
      for (int64_t len = c[d] + 1; len <= t.shape[d]; ++len) {
        AxisInfo::DimVector longer = c;
        longer[d] = len;
        if (t.shape[d] % len == 0) {
          EXPECT_NE(holds(t, AxisInfo(longer, v, k)), "") << t.str();
        }
      }
      if (v[d] < kCap) {
        AxisInfo::DimVector more = v;
        more[d] *= 2;
        EXPECT_NE(holds(t, AxisInfo(c, more, k)), "") << t.str();
      }
    }
  }
  EXPECT_EQ(fromValues({8}, {0, 1, 2, 3, 8, 9, 10, 11}),
            AxisInfo({4}, {8}, {1}));
  EXPECT_EQ(fromValues({2, 2}, {0, 0, 1, 1}),
            AxisInfo({2, 1}, {kCap, 1}, {1, 2}));
}

//===----------------------------------------------------------------------===//
// Soundness of the arithmetic rules
//===----------------------------------------------------------------------===//

TEST(AxisInfoRules, Add) {
  checkBinary(
      1, false, anyTile(false), [](int64_t a, int64_t b) { return a + b; },
      add);
}

TEST(AxisInfoRules, Sub) {
  checkBinary(
      2, false, anyTile(false), [](int64_t a, int64_t b) { return a - b; },
      sub);
}

TEST(AxisInfoRules, Mul) {
  checkBinary(
      3, false, anyTile(false), [](int64_t a, int64_t b) { return a * b; },
      mul);
}

TEST(AxisInfoRules, DivTruncatingAndFloor) {
  auto positive = [](Gen &gen, const Shape &s) { return gen.positive(s); };
  checkBinary(
      4, true, positive, [](int64_t a, int64_t b) { return a / b; },
      axisinfo::div);
  // Rounding down (arithmetic shifts) also holds for negative dividends.
  checkBinary(
      5, false, positive, [](int64_t a, int64_t b) { return floorDiv(a, b); },
      axisinfo::div);
}

TEST(AxisInfoRules, Rem) {
  auto positive = [](Gen &gen, const Shape &s) { return gen.positive(s); };
  checkBinary(
      6, true, positive, [](int64_t a, int64_t b) { return a % b; }, rem);
}

TEST(AxisInfoRules, BitAndWithMasks) {
  auto masks = [](Gen &gen, const Shape &s) {
    if (gen.uniform(0, 2))
      return splatTile(s, gen.pick<int64_t>({-1, 0, 1, 3, 7, 15, 63, -2, -4,
                                             -16, -64, 5, 12}));
    return gen.tile(s, false);
  };
  checkBinary(
      8, false, masks, [](int64_t a, int64_t b) { return a & b; }, bitAnd);
  // The mask on the left.
  checkBinary(
      9, false, masks, [](int64_t a, int64_t b) { return b & a; },
      [](const AxisInfo &a, const AxisInfo &b) { return bitAnd(b, a); });
}

TEST(AxisInfoRules, BitOrXor) {
  auto orRule = [](const AxisInfo &a, const AxisInfo &b) {
    return bitOrXor(a, b, false);
  };
  auto xorRule = [](const AxisInfo &a, const AxisInfo &b) {
    return bitOrXor(a, b, true);
  };
  auto rhs = [](Gen &gen, const Shape &s) {
    if (gen.uniform(0, 1))
      return splatTile(s, gen.pick<int64_t>({-1, 0, 4, 16, 3}));
    return gen.tile(s, false);
  };
  checkBinary(
      10, false, rhs, [](int64_t a, int64_t b) { return a | b; }, orRule);
  checkBinary(
      11, false, rhs, [](int64_t a, int64_t b) { return a ^ b; }, xorRule);
}

TEST(AxisInfoRules, Shifts) {
  auto amounts = [](Gen &gen, const Shape &s) {
    if (gen.uniform(0, 3))
      return splatTile(s, gen.uniform(0, 6));
    Tile t = gen.tile(s, true);
    for (int64_t &v : t.values)
      v %= 7;
    return t;
  };
  checkBinary(
      12, false, amounts,
      [](int64_t a, int64_t b) { return a * (int64_t(1) << b); }, shiftLeft);
  checkBinary(
      13, false, amounts,
      [](int64_t a, int64_t b) { return floorDiv(a, int64_t(1) << b); },
      shiftRight);
}

TEST(AxisInfoRules, MinMax) {
  checkBinary(
      14, false, anyTile(false),
      [](int64_t a, int64_t b) { return std::min(a, b); }, minMax);
  checkBinary(
      15, false, anyTile(false),
      [](int64_t a, int64_t b) { return std::max(a, b); }, minMax);
}

TEST(AxisInfoRules, Compare) {
  auto rule = [](CmpKind kind) {
    return [kind](const AxisInfo &a, const AxisInfo &b) {
      return cmp(kind, a, b);
    };
  };
  auto any = anyTile(false);
  checkBinary(
      16, false, any, [](int64_t a, int64_t b) { return a < b; },
      rule(CmpKind::LessThan));
  checkBinary(
      17, false, any, [](int64_t a, int64_t b) { return a >= b; },
      rule(CmpKind::LessThan));
  checkBinary(
      18, false, any, [](int64_t a, int64_t b) { return a > b; },
      rule(CmpKind::GreaterThan));
  checkBinary(
      19, false, any, [](int64_t a, int64_t b) { return a <= b; },
      rule(CmpKind::GreaterThan));
  checkBinary(
      20, false, any, [](int64_t a, int64_t b) { return a == b; },
      rule(CmpKind::Equality));
}

TEST(AxisInfoRules, Select) {
  Gen gen(21);
  for (int i = 0; i < kCases; ++i) {
    Shape shape = gen.shape();
    Operand x = describe(gen, gen.tile(shape, false));
    Operand n = describe(gen, gen.tile(shape, false));
    // Conditions as the IR makes them: comparisons.
    Operand cond{
        map2(x.tile, n.tile, [](int64_t a, int64_t b) { return a < b; }),
        cmp(CmpKind::LessThan, x.info, n.info)};
    Operand t = describe(gen, gen.tile(shape, false));
    Operand f = describe(gen, gen.tile(shape, false));
    Tile r{shape, {}};
    for (size_t e = 0; e < t.tile.values.size(); ++e)
      r.values.push_back(cond.tile.values[e] ? t.tile.values[e]
                                             : f.tile.values[e]);
    EXPECT_HOLDS(r, select(cond.info, t.info, f.info));
  }
}

TEST(AxisInfoRules, Trunc) {
  Gen gen(22);
  for (int i = 0; i < kCases; ++i) {
    Shape shape = gen.shape();
    Operand a = describe(gen, gen.tile(shape, false));
    unsigned width = gen.pick<unsigned>({1, 2, 3, 4, 8});
    Tile r = map1(a.tile, [&](int64_t v) {
      int64_t low = v & ((int64_t(1) << width) - 1);
      int64_t sign = int64_t(1) << (width - 1);
      return (low ^ sign) - sign;
    });
    EXPECT_HOLDS(r, axisinfo::trunc(a.info, width));
  }
}

TEST(AxisInfoRules, Rescale) {
  Gen gen(23);
  for (int i = 0; i < kCases; ++i) {
    Shape shape = gen.shape();
    unsigned bytes = gen.pick<unsigned>({1, 2, 4, 8});
    // Element addresses, then byte addresses.
    Operand p = describe(gen, gen.tile(shape, true));
    EXPECT_HOLDS(map1(p.tile, [&](int64_t v) { return v * bytes; }),
                 rescale(p.info, bytes, 1));
    // Byte addresses of naturally aligned elements, then element addresses.
    Operand addr = describe(
        gen, map1(gen.tile(shape, true), [&](int64_t v) { return v * bytes; }));
    EXPECT_HOLDS(map1(addr.tile, [&](int64_t v) { return v / bytes; }),
                 rescale(addr.info, 1, bytes));
  }
}

TEST(AxisInfoRules, ElementwiseAndLoad) {
  Gen gen(24);
  for (int i = 0; i < kCases; ++i) {
    Shape shape = gen.shape();
    Operand ptr = describe(gen, gen.tile(shape, true));
    Operand x = describe(gen, gen.tile(shape, false));
    Operand n = describe(gen, gen.tile(shape, false));
    Operand mask{
        map2(x.tile, n.tile, [](int64_t a, int64_t b) { return a < b; }),
        cmp(CmpKind::LessThan, x.info, n.info)};
    Operand other = describe(gen, gen.tile(shape, false));
    auto memory = [](int64_t address) { return (address * 2654435761) % 1000; };
    Tile loaded{shape, {}};
    for (size_t e = 0; e < ptr.tile.values.size(); ++e)
      loaded.values.push_back(mask.tile.values[e] ? memory(ptr.tile.values[e])
                                                  : other.tile.values[e]);
    EXPECT_HOLDS(loaded, load(ptr.info, &mask.info, &other.info));
    EXPECT_HOLDS(map1(ptr.tile, memory), load(ptr.info, nullptr, nullptr));
    EXPECT_HOLDS(map2(x.tile, n.tile,
                      [](int64_t a, int64_t b) { return a * a - 3 * b; }),
                 elementwise({&x.info, &n.info}));
  }
}

//===----------------------------------------------------------------------===//
// Soundness of the shape rules
//===----------------------------------------------------------------------===//

TEST(AxisInfoRules, MakeRangeAndSplat) {
  for (int64_t start : {0, 3, 16, 48, 64})
    for (int64_t size : {1, 2, 16, 128}) {
      Tile r{{size}, {}};
      for (int64_t v = start; v < start + size; ++v)
        r.values.push_back(v);
      EXPECT_HOLDS(r, makeRange(start, start + size));
      EXPECT_EQ(makeRange(start, start + size), exact(r));
    }
  Gen gen(25);
  for (int i = 0; i < kCases; ++i) {
    Operand s = describe(gen, gen.tile({1}, false));
    Shape shape = gen.shape();
    EXPECT_HOLDS(splatTile(shape, s.tile.values[0]), splat(s.info, shape));
  }
}

TEST(AxisInfoRules, ExpandDimsBroadcastTrans) {
  Gen gen(26);
  for (int i = 0; i < kCases; ++i) {
    Shape shape = gen.shape();
    Operand a = describe(gen, gen.tile(shape, false));
    // expand_dims: the values in the same order, a 1 inserted in the shape.
    unsigned axis = gen.uniform(0, shape.size());
    Shape expanded = shape;
    expanded.insert(expanded.begin() + axis, 1);
    Tile e{expanded, a.tile.values};
    AxisInfo eInfo = expandDims(a.info, axis);
    EXPECT_HOLDS(e, eInfo);
    // broadcast the new dimension.
    Shape wide = expanded;
    wide[axis] = gen.pick<int64_t>({2, 4});
    Tile b{wide, {}};
    for (int64_t flat = 0; flat < numElements(wide); ++flat) {
      // Source index: the same coordinates with the broadcast one at 0.
      int64_t src = 0, rest = flat, mul = 1;
      for (int d = static_cast<int>(wide.size()) - 1; d >= 0; --d) {
        int64_t x = rest % wide[d];
        rest /= wide[d];
        src += (static_cast<unsigned>(d) == axis ? 0 : x) * mul;
        mul *= expanded[d];
      }
      b.values.push_back(e.values[src]);
    }
    EXPECT_HOLDS(b, broadcast(eInfo, expanded, wide));
    // trans of a 2-D tile.
    if (shape.size() == 2) {
      Tile t{{shape[1], shape[0]}, {}};
      for (int64_t r = 0; r < shape[1]; ++r)
        for (int64_t c = 0; c < shape[0]; ++c)
          t.values.push_back(a.tile.values[c * shape[1] + r]);
      EXPECT_HOLDS(t, trans(a.info, {1, 0}));
    }
  }
}

TEST(AxisInfoRules, Reshape) {
  Gen gen(27);
  std::vector<std::pair<Shape, Shape>> reshapes = {
      {{32}, {2, 16}},  {{32}, {4, 8}},      {{4, 8}, {32}},
      {{4, 8}, {8, 4}}, {{4, 8}, {2, 16}},   {{16}, {1, 16}},
      {{16, 1}, {16}},  {{2, 4, 4}, {8, 4}}, {{8, 4}, {2, 4, 4}},
      {{16}, {16, 1}},  {{16}, {4, 4}}};
  for (int i = 0; i < kCases; ++i) {
    auto [from, to] = gen.pick(reshapes);
    Operand a = describe(gen, gen.tile(from, false));
    EXPECT_HOLDS((Tile{to, a.tile.values}), reshape(a.info, from, to, false));
    // With any order, any permutation of the values.
    Tile shuffled{to, a.tile.values};
    std::shuffle(shuffled.values.begin(), shuffled.values.end(),
                 std::mt19937(i));
    EXPECT_HOLDS(shuffled, reshape(a.info, from, to, true));
  }
}

//===----------------------------------------------------------------------===//
// Precision on the patterns coalescing needs
//===----------------------------------------------------------------------===//

TEST(AxisInfoPrecision, BlockOffsets) {
  // pid * 1024 + tl.arange(0, 1024)
  AxisInfo start = splat(AxisInfo({1}, {1024}, {1}), {1024});
  AxisInfo offsets = add(start, makeRange(0, 1024));
  EXPECT_EQ(offsets, AxisInfo({1024}, {1024}, {1}));
  // A pointer argument `*fp32:16` is 4 elements aligned.
  AxisInfo ptrs = add(splat(AxisInfo({1}, {4}, {1}), {1024}), offsets);
  EXPECT_EQ(ptrs, AxisInfo({1024}, {4}, {1}));
  // offsets < n with n:16 gives masks of 16; without, of 1.
  AxisInfo n16 = splat(AxisInfo({1}, {16}, {1}), {1024});
  EXPECT_EQ(cmp(CmpKind::LessThan, offsets, n16), AxisInfo({1}, {1}, {16}));
  AxisInfo n = splat(AxisInfo::getPessimistic(1), {1024});
  EXPECT_EQ(cmp(CmpKind::LessThan, offsets, n), AxisInfo({1}, {1}, {1}));
}

TEST(AxisInfoPrecision, TwoDimensionalOffsets) {
  // rows[:, None] * stride + cols[None, :] with stride:16, shape 32x64.
  AxisInfo rows = expandDims(makeRange(0, 32), 1);
  AxisInfo stride = splat(AxisInfo({1}, {16}, {1}), {32, 1});
  AxisInfo rowOffsets = broadcast(mul(rows, stride), {32, 1}, {32, 64});
  AxisInfo cols = broadcast(expandDims(makeRange(0, 64), 0), {1, 64}, {32, 64});
  AxisInfo offsets = add(rowOffsets, cols);
  EXPECT_EQ(offsets.getContiguity(1), 64);
  EXPECT_EQ(offsets.getDivisibility(1), 16);
  EXPECT_EQ(offsets.getContiguity(0), 1);
}

TEST(AxisInfoPrecision, WrappedOffsets) {
  // (pid * 128 + arange(128)) % M with M:16: runs of 16 from multiples of 16.
  AxisInfo offsets =
      add(splat(AxisInfo({1}, {128}, {1}), {128}), makeRange(0, 128));
  AxisInfo m = splat(AxisInfo({1}, {16}, {1}), {128});
  EXPECT_EQ(rem(offsets, m), AxisInfo({16}, {16}, {1}));
  // arange(128) % 32 and arange(128) & 31: 0..31 repeated.
  AxisInfo c32 = AxisInfo::getConstant({128}, 32);
  EXPECT_EQ(rem(makeRange(0, 128), c32), AxisInfo({32}, {kCap}, {1}));
  EXPECT_EQ(bitAnd(makeRange(0, 128), AxisInfo::getConstant({128}, 31)),
            AxisInfo({32}, {kCap}, {1}));
  // arange(128) // 32: blocks of 32.
  EXPECT_EQ(axisinfo::div(makeRange(0, 128), c32), AxisInfo({1}, {1}, {32}));
}

TEST(AxisInfoPrecision, Hints) {
  AxisInfo unknown = AxisInfo::getPessimistic(1);
  AxisInfo h = hint(unknown, {128}, {128}, {128}, {});
  EXPECT_EQ(h, AxisInfo({128}, {128}, {1}));
  // max_contiguous alone keeps what divides the new run starts.
  AxisInfo c = hint(AxisInfo({1}, {16}, {1}), {128}, {}, {64}, {});
  EXPECT_EQ(c, AxisInfo({64}, {16}, {1}));
  // max_constancy replaces contiguity; blocks of 8 start at multiples of 8.
  AxisInfo k = hint(AxisInfo({128}, {16}, {1}), {128}, {}, {}, {8});
  EXPECT_EQ(k, AxisInfo({1}, {8}, {8}));
}

} // namespace
