//===- AxisInfoRules.cpp - Axis analysis transfer functions -----*- C++ -*-===//
//
// Each rule derives, per dimension, the runs of the result from the runs of
// the operands, then the divisibility at the starts of the result's runs
// (`divisibilityAtStride`). The reasoning behind each rule is in a comment
// beside it; AxisInfoTest.cpp checks every rule against brute force.
//
//===----------------------------------------------------------------------===//

#include "Analysis/AxisInfoRules.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/Support/MathExtras.h"

#include <algorithm>
#include <numeric>

using namespace tilec;
using namespace tilec::axisinfo;

namespace {

constexpr int64_t kMax = AxisInfo::kMaxDivisibility;

/// The entries of one dimension of a result.
struct Dim {
  int64_t contiguity = 1;
  int64_t divisibility = 1;
  int64_t constancy = 1;
};

/// Builds an AxisInfo of `rank` dimensions from `fn(dim) -> Dim`.
template <typename Fn> AxisInfo build(unsigned rank, Fn &&fn) {
  AxisInfo::DimVector contiguity, divisibility, constancy;
  for (unsigned d = 0; d < rank; ++d) {
    Dim dim = fn(d);
    contiguity.push_back(dim.contiguity);
    divisibility.push_back(dim.divisibility);
    constancy.push_back(dim.constancy);
  }
  return AxisInfo(contiguity, divisibility, constancy);
}

bool isPowerOf2(int64_t n) { return n > 0 && llvm::isPowerOf2_64(n); }

bool isConstant(const AxisInfo &info, int64_t value) {
  return info.getConstantValue() == value;
}

/// The product of two divisibilities, capped.
int64_t mulDivisibility(int64_t a, int64_t b) {
  // Both are at most 2^30, so the product fits.
  return std::min(kMax, a * b);
}

/// Where the divisibility of a result is taken: the starts of its runs of
/// consecutive values, or else of its runs of equal values (every element of
/// those equals the start).
int64_t runStride(int64_t contiguity, int64_t constancy) {
  return std::max(contiguity, constancy);
}

} // namespace

//===----------------------------------------------------------------------===//
// Helpers
//===----------------------------------------------------------------------===//

int64_t axisinfo::divisibilityAtStride(const AxisInfo &info, unsigned dim,
                                       int64_t stride) {
  if (std::optional<int64_t> value = info.getConstantValue())
    return highestPowerOf2Divisor(*value);
  int64_t c = info.getContiguity(dim);
  int64_t v = info.getDivisibility(dim);
  if (stride % c == 0)
    return v;
  // A position that is a multiple of `stride` sits at an offset inside its
  // run that is a multiple of gcd(stride, c): the run start plus that offset.
  return std::min(v, highestPowerOf2Divisor(std::gcd(stride, c)));
}

int64_t axisinfo::elementDivisibility(const AxisInfo &info) {
  if (std::optional<int64_t> value = info.getConstantValue())
    return highestPowerOf2Divisor(*value);
  int64_t best = 1;
  for (unsigned d = 0, e = info.getRank(); d < e; ++d)
    best = std::max(best, divisibilityAtStride(info, d, 1));
  return best;
}

int64_t axisinfo::alignedBlock(const AxisInfo &lhs, const AxisInfo &rhs,
                               unsigned dim) {
  // g must divide lhs's runs and rhs's constant blocks ...
  int64_t g = highestPowerOf2Divisor(
      std::gcd(lhs.getContiguity(dim), rhs.getConstancy(dim)));
  // ... the blocks of lhs must start at multiples of g (for g below the
  // contiguity, divisibilityAtStride(lhs, dim, g) >= g iff this holds) ...
  g = std::min(g, lhs.getDivisibility(dim));
  // ... and rhs's value on each block must be a multiple of g.
  g = std::min(g, divisibilityAtStride(rhs, dim, rhs.getConstancy(dim)));
  return g;
}

AxisInfo axisinfo::withConstant(const AxisInfo &info, int64_t value) {
  AxisInfo::DimVector divisibility(info.getRank(),
                                   highestPowerOf2Divisor(value));
  return AxisInfo(AxisInfo::DimVector(info.getContiguity()), divisibility,
                  AxisInfo::DimVector(info.getConstancy()), value);
}

AxisInfo axisinfo::fromValues(llvm::ArrayRef<int64_t> shape,
                              llvm::ArrayRef<int64_t> values) {
  assert(!values.empty() && "a tile has elements");
  if (llvm::all_equal(values))
    return AxisInfo::getConstant(shape, values.front());
  unsigned rank = shape.size();
  // Row-major strides.
  llvm::SmallVector<int64_t> strides(rank, 1);
  for (int d = static_cast<int>(rank) - 2; d >= 0; --d)
    strides[d] = strides[d + 1] * shape[d + 1];
  auto coord = [&](size_t i, unsigned d) {
    return static_cast<int64_t>(i) / strides[d] % shape[d];
  };
  // Whether every aligned block of `len` along `d` steps by `step`.
  auto runsHold = [&](unsigned d, int64_t len, int64_t step) {
    for (size_t i = 0; i < values.size(); ++i) {
      int64_t offset = coord(i, d) % len;
      if (values[i] != values[i - offset * strides[d]] + step * offset)
        return false;
    }
    return true;
  };
  auto longest = [&](unsigned d, int64_t step) {
    for (int64_t len = shape[d]; len > 1; --len)
      if (shape[d] % len == 0 && runsHold(d, len, step))
        return len;
    return int64_t(1);
  };
  return build(rank, [&](unsigned d) {
    Dim dim;
    dim.contiguity = longest(d, 1);
    dim.constancy = longest(d, 0);
    dim.divisibility = kMax;
    for (size_t i = 0; i < values.size(); ++i)
      if (coord(i, d) % dim.contiguity == 0)
        dim.divisibility =
            std::min(dim.divisibility, highestPowerOf2Divisor(values[i]));
    return dim;
  });
}

//===----------------------------------------------------------------------===//
// Arithmetic
//===----------------------------------------------------------------------===//

AxisInfo axisinfo::add(const AxisInfo &lhs, const AxisInfo &rhs) {
  return build(lhs.getRank(), [&](unsigned d) {
    Dim r;
    // A run of one side plus a constant block of the other is a run.
    r.contiguity =
        std::max(std::gcd(lhs.getContiguity(d), rhs.getConstancy(d)),
                 std::gcd(lhs.getConstancy(d), rhs.getContiguity(d)));
    r.constancy = std::gcd(lhs.getConstancy(d), rhs.getConstancy(d));
    int64_t s = runStride(r.contiguity, r.constancy);
    r.divisibility = std::min(divisibilityAtStride(lhs, d, s),
                              divisibilityAtStride(rhs, d, s));
    return r;
  });
}

AxisInfo axisinfo::sub(const AxisInfo &lhs, const AxisInfo &rhs) {
  return build(lhs.getRank(), [&](unsigned d) {
    Dim r;
    // A run minus a constant is a run; a constant minus a run decreases.
    r.contiguity = std::gcd(lhs.getContiguity(d), rhs.getConstancy(d));
    // Equal blocks subtract to equal values, and so do two runs aligned on
    // the same blocks (x + t - (y + t) = x - y).
    r.constancy =
        std::max(std::gcd(lhs.getConstancy(d), rhs.getConstancy(d)),
                 std::gcd(lhs.getContiguity(d), rhs.getContiguity(d)));
    int64_t s = runStride(r.contiguity, r.constancy);
    r.divisibility = std::min(divisibilityAtStride(lhs, d, s),
                              divisibilityAtStride(rhs, d, s));
    return r;
  });
}

AxisInfo axisinfo::mul(const AxisInfo &lhs, const AxisInfo &rhs) {
  if (isConstant(rhs, 1) || isConstant(lhs, 0))
    return lhs;
  if (isConstant(lhs, 1) || isConstant(rhs, 0))
    return rhs;
  return build(lhs.getRank(), [&](unsigned d) {
    Dim r;
    r.constancy = std::gcd(lhs.getConstancy(d), rhs.getConstancy(d));
    r.divisibility = mulDivisibility(divisibilityAtStride(lhs, d, r.constancy),
                                     divisibilityAtStride(rhs, d, r.constancy));
    return r;
  });
}

AxisInfo axisinfo::div(const AxisInfo &lhs, const AxisInfo &rhs) {
  if (isConstant(rhs, 1) || isConstant(lhs, 0))
    return lhs;
  std::optional<int64_t> divisor = rhs.getConstantValue();
  return build(lhs.getRank(), [&](unsigned d) {
    Dim r;
    // Equal blocks divide to equal values; so does a run inside one aligned
    // block that no multiple of the divisor splits.
    r.constancy = std::max(std::gcd(lhs.getConstancy(d), rhs.getConstancy(d)),
                           alignedBlock(lhs, rhs, d));
    // Each value is (block start) / divisor; a power-of-two divisor that
    // divides the start divides out of it exactly.
    if (divisor && isPowerOf2(*divisor)) {
      int64_t e = divisibilityAtStride(lhs, d, r.constancy);
      if (e >= *divisor)
        r.divisibility = e / *divisor;
    }
    return r;
  });
}

AxisInfo axisinfo::rem(const AxisInfo &lhs, const AxisInfo &rhs) {
  if (isConstant(rhs, 1))
    return withConstant(rhs, 0);
  if (isConstant(lhs, 0))
    return lhs;
  std::optional<int64_t> divisor = rhs.getConstantValue();
  return build(lhs.getRank(), [&](unsigned d) {
    Dim r;
    r.constancy = std::gcd(lhs.getConstancy(d), rhs.getConstancy(d));
    // No multiple of the divisor falls inside an aligned block, so the
    // remainder keeps counting up on it.
    r.contiguity = alignedBlock(lhs, rhs, d);
    int64_t s = runStride(r.contiguity, r.constancy);
    int64_t e = divisibilityAtStride(lhs, d, s);
    // start % n = start - q * n.
    r.divisibility = std::min(e, divisibilityAtStride(rhs, d, s));
    // A start that n divides has remainder 0.
    if (divisor && isPowerOf2(*divisor) && e >= *divisor)
      r.divisibility = kMax;
    return r;
  });
}

AxisInfo axisinfo::bitAnd(const AxisInfo &lhs, const AxisInfo &rhs) {
  // x & m for the constant masks that are arithmetic in disguise.
  auto withMask = [](const AxisInfo &x,
                     const AxisInfo &m) -> std::optional<AxisInfo> {
    std::optional<int64_t> mask = m.getConstantValue();
    if (!mask)
      return std::nullopt;
    if (*mask == -1)
      return x;
    if (*mask == 0)
      return m;
    // 2^j - 1: the remainder modulo 2^j (exact, rounding down, any sign).
    if (*mask > 0 && *mask < INT64_MAX && isPowerOf2(*mask + 1))
      return rem(x, withConstant(m, *mask + 1));
    // -2^j: rounds down to a multiple of 2^j, which the result is, on top of
    // the low zero bits it keeps.
    if (*mask < 0 && *mask > INT64_MIN && isPowerOf2(-*mask)) {
      int64_t n = -*mask;
      return build(x.getRank(), [&](unsigned d) {
        Dim r;
        r.constancy = std::max(x.getConstancy(d), alignedBlock(x, m, d));
        r.divisibility = std::min(
            kMax, std::max(n, divisibilityAtStride(x, d, r.constancy)));
        return r;
      });
    }
    return std::nullopt;
  };
  if (std::optional<AxisInfo> r = withMask(lhs, rhs))
    return *r;
  if (std::optional<AxisInfo> r = withMask(rhs, lhs))
    return *r;
  return build(lhs.getRank(), [&](unsigned d) {
    Dim r;
    r.constancy = std::gcd(lhs.getConstancy(d), rhs.getConstancy(d));
    // x & y has at least the low zero bits of either side.
    r.divisibility = std::max(divisibilityAtStride(lhs, d, r.constancy),
                              divisibilityAtStride(rhs, d, r.constancy));
    return r;
  });
}

AxisInfo axisinfo::bitOrXor(const AxisInfo &lhs, const AxisInfo &rhs,
                            bool isXor) {
  if (isConstant(rhs, 0))
    return lhs;
  if (isConstant(lhs, 0))
    return rhs;
  if (!isXor && isConstant(rhs, -1))
    return rhs;
  if (!isXor && isConstant(lhs, -1))
    return lhs;
  return build(lhs.getRank(), [&](unsigned d) {
    Dim r;
    r.constancy = std::gcd(lhs.getConstancy(d), rhs.getConstancy(d));
    // The low bits that are zero on both sides stay zero.
    r.divisibility = std::min(divisibilityAtStride(lhs, d, r.constancy),
                              divisibilityAtStride(rhs, d, r.constancy));
    return r;
  });
}

AxisInfo axisinfo::shiftLeft(const AxisInfo &lhs, const AxisInfo &rhs) {
  std::optional<int64_t> amount = rhs.getConstantValue();
  if (!amount || *amount < 0 || *amount > 62)
    return elementwise({&lhs, &rhs});
  if (*amount == 0)
    return lhs;
  return mul(lhs, withConstant(rhs, int64_t(1) << *amount));
}

AxisInfo axisinfo::shiftRight(const AxisInfo &lhs, const AxisInfo &rhs) {
  std::optional<int64_t> amount = rhs.getConstantValue();
  if (!amount || *amount < 0 || *amount > 62)
    return elementwise({&lhs, &rhs});
  if (*amount == 0)
    return lhs;
  // An arithmetic shift rounds down, which is what `div` assumes.
  return div(lhs, withConstant(rhs, int64_t(1) << *amount));
}

AxisInfo axisinfo::minMax(const AxisInfo &lhs, const AxisInfo &rhs) {
  return build(lhs.getRank(), [&](unsigned d) {
    Dim r;
    r.constancy = std::gcd(lhs.getConstancy(d), rhs.getConstancy(d));
    // Each element is one of the two sides.
    r.divisibility = std::min(divisibilityAtStride(lhs, d, r.constancy),
                              divisibilityAtStride(rhs, d, r.constancy));
    return r;
  });
}

AxisInfo axisinfo::cmp(CmpKind kind, const AxisInfo &lhs, const AxisInfo &rhs) {
  return build(lhs.getRank(), [&](unsigned d) {
    Dim r;
    r.constancy = std::gcd(lhs.getConstancy(d), rhs.getConstancy(d));
    // x < n over an aligned block x0..x0+g-1 where g divides x0 and n: n is
    // not strictly inside, so the block is all below n or all at or above.
    // `<=` is not constant there (x0 <= x0 alone holds when n = x0).
    if (kind == CmpKind::LessThan)
      r.constancy = std::max(r.constancy, alignedBlock(lhs, rhs, d));
    else if (kind == CmpKind::GreaterThan)
      r.constancy = std::max(r.constancy, alignedBlock(rhs, lhs, d));
    return r;
  });
}

AxisInfo axisinfo::select(const AxisInfo &cond, const AxisInfo &t,
                          const AxisInfo &f) {
  if (std::optional<int64_t> c = cond.getConstantValue())
    return *c ? t : f;
  return build(t.getRank(), [&](unsigned d) {
    Dim r;
    // Where the condition is constant on a block, the block comes whole
    // from one side.
    r.contiguity = std::gcd(cond.getConstancy(d),
                            std::gcd(t.getContiguity(d), f.getContiguity(d)));
    r.constancy = std::gcd(cond.getConstancy(d),
                           std::gcd(t.getConstancy(d), f.getConstancy(d)));
    int64_t s = runStride(r.contiguity, r.constancy);
    r.divisibility =
        std::min(divisibilityAtStride(t, d, s), divisibilityAtStride(f, d, s));
    return r;
  });
}

AxisInfo axisinfo::trunc(const AxisInfo &src, unsigned bitWidth) {
  // Values are read sign-extended, so a run may not cross a multiple of
  // 2^(bitWidth - 1) (127 -> -128 in i8) either.
  int64_t limit = bitWidth >= 62  ? kMax
                  : bitWidth == 0 ? 1
                                  : int64_t(1) << (bitWidth - 1);
  return build(src.getRank(), [&](unsigned d) {
    Dim r;
    r.constancy = src.getConstancy(d);
    // A run of the truncated value wraps unless it lies inside one aligned
    // block no longer than 2^(bitWidth - 1).
    r.contiguity = src.getContiguity(d);
    if (r.contiguity > 1) {
      int64_t g = std::min({highestPowerOf2Divisor(r.contiguity),
                            src.getDivisibility(d), limit});
      r.contiguity = g;
    }
    // Truncation keeps the low bits, zeros included.
    r.divisibility =
        divisibilityAtStride(src, d, runStride(r.contiguity, r.constancy));
    return r;
  });
}

AxisInfo axisinfo::rescale(const AxisInfo &src, unsigned srcBytes,
                           unsigned dstBytes) {
  if (srcBytes == dstBytes)
    return src;
  return build(src.getRank(), [&](unsigned d) {
    Dim r;
    // Steps of one source element are not steps of one destination element.
    r.constancy = src.getConstancy(d);
    int64_t bytes =
        mulDivisibility(divisibilityAtStride(src, d, r.constancy), srcBytes);
    // Below one destination element, natural alignment still holds.
    r.divisibility = std::max<int64_t>(1, bytes / dstBytes);
    return r;
  });
}

AxisInfo axisinfo::elementwise(llvm::ArrayRef<const AxisInfo *> operands) {
  assert(!operands.empty() && "an elementwise op has operands");
  return build(operands.front()->getRank(), [&](unsigned d) {
    Dim r;
    r.constancy = operands.front()->getConstancy(d);
    for (const AxisInfo *operand : operands.drop_front())
      r.constancy = std::gcd(r.constancy, operand->getConstancy(d));
    return r;
  });
}

AxisInfo axisinfo::load(const AxisInfo &ptr, const AxisInfo *mask,
                        const AxisInfo *other) {
  llvm::SmallVector<const AxisInfo *, 3> operands = {&ptr};
  if (mask)
    operands.push_back(mask);
  if (other)
    operands.push_back(other);
  return elementwise(operands);
}

//===----------------------------------------------------------------------===//
// Tile construction and shape manipulation
//===----------------------------------------------------------------------===//

AxisInfo axisinfo::makeRange(int64_t start, int64_t end) {
  int64_t size = end - start;
  if (size == 1)
    return AxisInfo::getConstant({1}, start);
  return AxisInfo({size}, {highestPowerOf2Divisor(start)}, {1});
}

AxisInfo axisinfo::splat(const AxisInfo &scalar,
                         llvm::ArrayRef<int64_t> shape) {
  if (std::optional<int64_t> value = scalar.getConstantValue())
    return AxisInfo::getConstant(shape, *value);
  int64_t divisibility = elementDivisibility(scalar);
  return build(shape.size(), [&](unsigned d) {
    return Dim{1, divisibility, shape[d]};
  });
}

AxisInfo axisinfo::broadcast(const AxisInfo &src,
                             llvm::ArrayRef<int64_t> srcShape,
                             llvm::ArrayRef<int64_t> dstShape) {
  if (std::optional<int64_t> value = src.getConstantValue())
    return AxisInfo::getConstant(dstShape, *value);
  return build(dstShape.size(), [&](unsigned d) {
    // A repeated dimension of size 1: every element of a block is the one
    // source element (whose divisibility a size-1 dimension records).
    if (srcShape[d] == 1 && dstShape[d] != 1)
      return Dim{1, divisibilityAtStride(src, d, 1), dstShape[d]};
    return Dim{src.getContiguity(d), src.getDivisibility(d),
               src.getConstancy(d)};
  });
}

AxisInfo axisinfo::expandDims(const AxisInfo &src, unsigned axis) {
  AxisInfo::DimVector contiguity(src.getContiguity());
  AxisInfo::DimVector divisibility(src.getDivisibility());
  AxisInfo::DimVector constancy(src.getConstancy());
  // Along the new dimension every element starts a run of 1.
  contiguity.insert(contiguity.begin() + axis, 1);
  divisibility.insert(divisibility.begin() + axis, elementDivisibility(src));
  constancy.insert(constancy.begin() + axis, 1);
  return AxisInfo(contiguity, divisibility, constancy, src.getConstantValue());
}

AxisInfo axisinfo::trans(const AxisInfo &src, llvm::ArrayRef<int32_t> order) {
  if (order.size() != src.getRank())
    return AxisInfo::getPessimistic(order.size());
  AxisInfo::DimVector contiguity, divisibility, constancy;
  for (int32_t d : order) {
    contiguity.push_back(src.getContiguity(d));
    divisibility.push_back(src.getDivisibility(d));
    constancy.push_back(src.getConstancy(d));
  }
  return AxisInfo(contiguity, divisibility, constancy, src.getConstantValue());
}

AxisInfo axisinfo::reshape(const AxisInfo &src,
                           llvm::ArrayRef<int64_t> srcShape,
                           llvm::ArrayRef<int64_t> dstShape,
                           bool allowReorder) {
  if (std::optional<int64_t> value = src.getConstantValue())
    return AxisInfo::getConstant(dstShape, *value);
  unsigned rank = dstShape.size();
  int64_t elementDiv = elementDivisibility(src);
  // Any element order: only facts about the set of values survive.
  bool uniform =
      llvm::all_of(llvm::seq<unsigned>(0, src.getRank()), [&](unsigned d) {
        return src.getConstancy(d) == srcShape[d];
      });
  if (uniform)
    return build(rank, [&](unsigned d) {
      return Dim{1, elementDiv, dstShape[d]};
    });
  AxisInfo::DimVector contiguity(rank, 1), divisibility(rank, elementDiv),
      constancy(rank, 1);
  auto result = [&] { return AxisInfo(contiguity, divisibility, constancy); };
  if (allowReorder || rank == 0 || srcShape.empty())
    return result();

  // Only size-1 dimensions come or go: the others keep their runs.
  llvm::SmallVector<unsigned> srcDims, dstDims;
  for (auto [d, size] : llvm::enumerate(srcShape))
    if (size != 1)
      srcDims.push_back(d);
  for (auto [d, size] : llvm::enumerate(dstShape))
    if (size != 1)
      dstDims.push_back(d);
  bool sameNonUnit =
      srcDims.size() == dstDims.size() &&
      llvm::all_of(llvm::seq<size_t>(0, srcDims.size()), [&](size_t i) {
        return srcShape[srcDims[i]] == dstShape[dstDims[i]];
      });
  if (sameNonUnit) {
    for (auto [s, d] : llvm::zip(srcDims, dstDims)) {
      contiguity[d] = src.getContiguity(s);
      divisibility[d] = src.getDivisibility(s);
      constancy[d] = src.getConstancy(s);
    }
    return result();
  }

  // The innermost dimension: splitting it into rows of a divisor of its size,
  // or merging whole rows, keeps its aligned runs aligned.
  unsigned last = src.getRank() - 1;
  int64_t srcLast = srcShape.back(), dstLast = dstShape.back();
  int64_t c = 1, k = 1;
  if (srcLast % dstLast == 0) {
    c = std::gcd(src.getContiguity(last), dstLast);
    k = std::gcd(src.getConstancy(last), dstLast);
  } else if (dstLast % srcLast == 0) {
    c = src.getContiguity(last);
    k = src.getConstancy(last);
  } else {
    return result();
  }
  contiguity.back() = c;
  constancy.back() = k;
  divisibility.back() = divisibilityAtStride(src, last, runStride(c, k));
  return result();
}

AxisInfo axisinfo::hint(const AxisInfo &src, llvm::ArrayRef<int64_t> shape,
                        llvm::ArrayRef<int64_t> divisibility,
                        llvm::ArrayRef<int64_t> contiguity,
                        llvm::ArrayRef<int64_t> constancy) {
  unsigned rank = src.getRank();
  bool hasDiv = divisibility.size() == rank;
  bool hasContig = contiguity.size() == rank;
  bool hasConst = constancy.size() == rank;
  return build(rank, [&](unsigned d) {
    Dim r;
    r.contiguity = hasContig
                       ? std::gcd(std::max<int64_t>(1, contiguity[d]), shape[d])
                       : src.getContiguity(d);
    r.constancy = hasConst
                      ? std::gcd(std::max<int64_t>(1, constancy[d]), shape[d])
                      : src.getConstancy(d);
    // A dimension of more than one element is not both contiguous and
    // constant; the asserted fact wins over the derived one.
    if (hasContig && !hasConst && r.contiguity > 1)
      r.constancy = 1;
    if (hasConst && !hasContig && r.constancy > 1)
      r.contiguity = 1;
    r.divisibility =
        hasDiv ? highestPowerOf2Divisor(std::max<int64_t>(1, divisibility[d]))
               : divisibilityAtStride(src, d,
                                      runStride(r.contiguity, r.constancy));
    return r;
  });
}
