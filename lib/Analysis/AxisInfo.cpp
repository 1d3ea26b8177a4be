//===- AxisInfo.cpp - The AxisInfo lattice ----------------------*- C++ -*-===//
//
// The lattice value of the axis analysis: construction, join, equality and
// printing, and the small arithmetic helpers the rules share.
//
//===----------------------------------------------------------------------===//

#include "Analysis/AxisInfo.h"
#include "Analysis/AxisInfoRules.h"

#include "Tile/IR/TileTypes.h"

#include "mlir/IR/BuiltinTypes.h"

#include "llvm/ADT/STLExtras.h"

#include <algorithm>
#include <numeric>

using namespace tilec;

int64_t tilec::highestPowerOf2Divisor(int64_t value) {
  if (value == 0)
    return AxisInfo::kMaxDivisibility;
  // Two's complement: the lowest set bit of |value|, also for INT64_MIN.
  uint64_t bits = static_cast<uint64_t>(value);
  uint64_t lowest = bits & (~bits + 1);
  if (lowest >= static_cast<uint64_t>(AxisInfo::kMaxDivisibility))
    return AxisInfo::kMaxDivisibility;
  return static_cast<int64_t>(lowest);
}

unsigned tilec::getPointeeBytes(mlir::Type pointeeType) {
  if (llvm::isa<tile::PtrType>(pointeeType))
    return 8;
  if (pointeeType.isIntOrFloat())
    return std::max<unsigned>(1, (pointeeType.getIntOrFloatBitWidth() + 7) / 8);
  return 1;
}

AxisInfo::AxisInfo(DimVector contiguity, DimVector divisibility,
                   DimVector constancy, std::optional<int64_t> constantValue)
    : contiguity(std::move(contiguity)), divisibility(std::move(divisibility)),
      constancy(std::move(constancy)), constantValue(constantValue) {
  assert(this->contiguity.size() == this->divisibility.size() &&
         this->contiguity.size() == this->constancy.size() &&
         "one entry per dimension in each array");
}

AxisInfo AxisInfo::getPessimistic(unsigned rank) {
  DimVector ones(rank, 1);
  return AxisInfo(ones, ones, ones);
}

AxisInfo AxisInfo::getConstant(llvm::ArrayRef<int64_t> shape, int64_t value) {
  DimVector ones(shape.size(), 1);
  DimVector divisibility(shape.size(), highestPowerOf2Divisor(value));
  return AxisInfo(ones, divisibility, DimVector(shape.begin(), shape.end()),
                  value);
}

AxisInfo AxisInfo::join(const AxisInfo &lhs, const AxisInfo &rhs) {
  if (!lhs.isInitialized())
    return rhs;
  if (!rhs.isInitialized() || lhs == rhs)
    return lhs;
  // Values of one SSA value have one type; a rank mismatch means the IR is
  // not what the analysis expects, so claim nothing.
  if (lhs.getRank() != rhs.getRank())
    return getPessimistic(std::max(lhs.getRank(), rhs.getRank()));
  DimVector contiguity, divisibility, constancy;
  for (unsigned d = 0, e = lhs.getRank(); d < e; ++d) {
    int64_t c = std::gcd(lhs.contiguity[d], rhs.contiguity[d]);
    int64_t k = std::gcd(lhs.constancy[d], rhs.constancy[d]);
    // Shorter runs start at positions inside the longer runs of one side, so
    // the divisibility is taken where the joined runs start.
    int64_t stride = std::max(c, k);
    contiguity.push_back(c);
    constancy.push_back(k);
    divisibility.push_back(
        std::min(axisinfo::divisibilityAtStride(lhs, d, stride),
                 axisinfo::divisibilityAtStride(rhs, d, stride)));
  }
  std::optional<int64_t> constant;
  if (lhs.constantValue == rhs.constantValue)
    constant = lhs.constantValue;
  return AxisInfo(contiguity, divisibility, constancy, constant);
}

bool AxisInfo::operator==(const AxisInfo &other) const {
  return contiguity == other.contiguity && divisibility == other.divisibility &&
         constancy == other.constancy && constantValue == other.constantValue;
}

void AxisInfo::print(llvm::raw_ostream &os) const {
  if (!isInitialized()) {
    os << "uninitialized";
    return;
  }
  auto printArray = [&](llvm::StringRef name, llvm::ArrayRef<int64_t> values) {
    os << name << " = [";
    llvm::interleaveComma(values, os);
    os << "]";
  };
  printArray("contiguity", contiguity);
  os << ", ";
  printArray("divisibility", divisibility);
  os << ", ";
  printArray("constancy", constancy);
}

std::string AxisInfo::toString() const {
  std::string s;
  llvm::raw_string_ostream os(s);
  print(os);
  return s;
}
