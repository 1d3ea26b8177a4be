//===- LinearLayout.cpp - Linear layouts over GF(2) -------------*- C++ -*-===//
//
// The LinearLayout class: construction, queries, the algebra that needs no
// elimination (product, composition, transposition, reshaping, division) and
// printing. Rank, inversion and conversion are in LinearLayoutInversion.cpp.
//
//===----------------------------------------------------------------------===//

#include "TileGPU/IR/LinearLayout.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallVectorExtras.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/Support/ErrorHandling.h"
#include "llvm/Support/MathExtras.h"

#include <cassert>
#include <mutex>

using namespace tilec::tilegpu;
using llvm::ArrayRef;
using llvm::SmallVector;
using llvm::StringRef;

/// Stops on a broken invariant that guards an index or a shift, in every
/// build type: the verifiers keep user input from reaching one, so this is
/// a tilec bug, and a Release build must not read out of bounds instead.
static void require(bool ok, const char *what) {
  if (!ok)
    llvm::report_fatal_error(llvm::Twine("tilec: linear layout: ") + what);
}

namespace {

/// The program-wide copy of a dimension name. StringSet entries never move,
/// so the returned reference stays valid.
StringRef intern(StringRef name) {
  static std::mutex mutex;
  static llvm::StringSet<> pool;
  std::lock_guard<std::mutex> lock(mutex);
  return pool.insert(name).first->getKey();
}

/// The bit mask of the low `bits` bits.
uint64_t lowMask(int32_t bits) {
  return bits >= 64 ? ~uint64_t(0) : (uint64_t(1) << bits) - 1;
}

} // namespace

//===----------------------------------------------------------------------===//
// Construction
//===----------------------------------------------------------------------===//

std::string LinearLayout::verifyArgs(BasesArg bases, DimsArg outDims) {
  std::string error;
  llvm::raw_string_ostream os(error);
  llvm::StringSet<> seen;
  for (auto [name, size] : outDims) {
    if (!seen.insert(name).second) {
      os << "output dimension '" << name << "' appears twice";
      return error;
    }
    if (size <= 0 || !llvm::isPowerOf2_32(size)) {
      os << "output dimension '" << name
         << "' must have a power-of-two size, got " << size;
      return error;
    }
  }
  seen.clear();
  for (const auto &[name, dimBases] : bases) {
    if (!seen.insert(name).second) {
      os << "input dimension '" << name << "' appears twice";
      return error;
    }
    if (dimBases.size() > 30) {
      os << "input dimension '" << name << "' has " << dimBases.size()
         << " bits, more than 30";
      return error;
    }
    for (auto [bit, basis] : llvm::enumerate(dimBases)) {
      if (basis.size() != outDims.size()) {
        os << "basis " << bit << " of input dimension '" << name << "' has "
           << basis.size() << " values for " << outDims.size()
           << " output dimensions";
        return error;
      }
      for (auto [value, outDim] : llvm::zip(basis, outDims)) {
        if (value < 0 || value >= outDim.second) {
          os << "basis " << bit << " of input dimension '" << name
             << "' has value " << value << " outside output dimension '"
             << outDim.first << "' of size " << outDim.second;
          return error;
        }
      }
    }
  }
  return error;
}

void LinearLayout::init(BasesArg bases, DimsArg outDimArgs) {
  for (auto [name, size] : outDimArgs)
    outDims.push_back({intern(name), int32_t(llvm::Log2_32(size))});
  for (const auto &[name, dimBases] : bases) {
    InDim &dim = inDims.emplace_back();
    dim.name = intern(name);
    for (const std::vector<int32_t> &basis : dimBases)
      dim.bases.emplace_back(basis.begin(), basis.end());
  }
}

void LinearLayout::assertWellFormed() const {
#ifndef NDEBUG
  for (const InDim &dim : inDims) {
    for (const auto &basis : dim.bases) {
      assert(basis.size() == outDims.size() && "basis of the wrong length");
      for (auto [value, outDim] : llvm::zip(basis, outDims))
        assert(value >= 0 && value < (int64_t(1) << outDim.sizeLog2) &&
               "basis value outside its output dimension");
    }
  }
#endif
}

LinearLayout::LinearLayout(BasesArg bases, DimsArg outDims) {
  assert(verifyArgs(bases, outDims).empty() &&
         "malformed linear layout; LinearLayout::create says why");
  init(bases, outDims);
}

llvm::Expected<LinearLayout> LinearLayout::create(BasesArg bases,
                                                  DimsArg outDims) {
  std::string error = verifyArgs(bases, outDims);
  if (!error.empty())
    return llvm::createStringError(error);
  LinearLayout layout;
  layout.init(bases, outDims);
  return layout;
}

LinearLayout LinearLayout::fromBases(BasesArg bases,
                                     ArrayRef<StringRef> outDimNames) {
  SmallVector<int32_t, 4> maxValue(outDimNames.size(), 0);
  for (const auto &[name, dimBases] : bases)
    for (const std::vector<int32_t> &basis : dimBases)
      for (auto [k, value] : llvm::enumerate(basis))
        if (k < maxValue.size())
          maxValue[k] = std::max(maxValue[k], value);
  SmallVector<std::pair<StringRef, int32_t>, 4> outDims;
  for (auto [name, value] : llvm::zip(outDimNames, maxValue))
    outDims.push_back({name, int32_t(llvm::PowerOf2Ceil(uint64_t(value) + 1))});
  return LinearLayout(bases, outDims);
}

LinearLayout LinearLayout::identity1D(int32_t size, StringRef inDim,
                                      StringRef outDim) {
  return strided1D(size, 1, inDim, outDim);
}

LinearLayout LinearLayout::strided1D(int32_t size, int32_t stride,
                                     StringRef inDim, StringRef outDim) {
  assert(size > 0 && llvm::isPowerOf2_32(size) && "size must be a power of 2");
  assert(stride > 0 && llvm::isPowerOf2_32(stride) &&
         "stride must be a power of 2");
  std::vector<std::vector<int32_t>> bases;
  for (int32_t i = 1; i < size; i <<= 1)
    bases.push_back({i * stride});
  return LinearLayout({{inDim, bases}}, {{outDim, size * stride}});
}

LinearLayout LinearLayout::zeros1D(int32_t size, StringRef inDim,
                                   StringRef outDim, int32_t outDimSize) {
  assert(size > 0 && llvm::isPowerOf2_32(size) && "size must be a power of 2");
  std::vector<std::vector<int32_t>> bases(llvm::Log2_32(size), {0});
  return LinearLayout({{inDim, bases}}, {{outDim, outDimSize}});
}

//===----------------------------------------------------------------------===//
// Queries
//===----------------------------------------------------------------------===//

SmallVector<StringRef, 4> LinearLayout::getInDimNames() const {
  return llvm::map_to_vector<4>(inDims, [](const InDim &d) { return d.name; });
}

SmallVector<StringRef, 4> LinearLayout::getOutDimNames() const {
  return llvm::map_to_vector<4>(outDims,
                                [](const OutDim &d) { return d.name; });
}

LinearLayout::Coords LinearLayout::getInDims() const {
  Coords dims;
  for (const InDim &d : inDims)
    dims.push_back({d.name, int32_t(1) << d.bases.size()});
  return dims;
}

LinearLayout::Coords LinearLayout::getOutDims() const {
  Coords dims;
  for (const OutDim &d : outDims)
    dims.push_back({d.name, int32_t(1) << d.sizeLog2});
  return dims;
}

bool LinearLayout::hasInDim(StringRef name) const {
  return llvm::any_of(inDims, [&](const InDim &d) { return d.name == name; });
}

bool LinearLayout::hasOutDim(StringRef name) const {
  return llvm::any_of(outDims, [&](const OutDim &d) { return d.name == name; });
}

unsigned LinearLayout::getInDimIndex(StringRef name) const {
  auto *it =
      llvm::find_if(inDims, [&](const InDim &d) { return d.name == name; });
  require(it != inDims.end(), "no such input dimension");
  return it - inDims.begin();
}

unsigned LinearLayout::getOutDimIndex(StringRef name) const {
  auto *it =
      llvm::find_if(outDims, [&](const OutDim &d) { return d.name == name; });
  require(it != outDims.end(), "no such output dimension");
  return it - outDims.begin();
}

const LinearLayout::InDim &LinearLayout::getInDim(StringRef name) const {
  return inDims[getInDimIndex(name)];
}

int32_t LinearLayout::getInDimSizeLog2(StringRef inDim) const {
  return getInDim(inDim).bases.size();
}

int32_t LinearLayout::getOutDimSizeLog2(StringRef outDim) const {
  return outDims[getOutDimIndex(outDim)].sizeLog2;
}

int32_t LinearLayout::getTotalInDimSizeLog2() const {
  int32_t total = 0;
  for (const InDim &d : inDims)
    total += d.bases.size();
  return total;
}

int32_t LinearLayout::getTotalOutDimSizeLog2() const {
  int32_t total = 0;
  for (const OutDim &d : outDims)
    total += d.sizeLog2;
  return total;
}

ArrayRef<int32_t> LinearLayout::getBasis(StringRef inDim, int32_t bit) const {
  const InDim &dim = getInDim(inDim);
  require(bit >= 0 && size_t(bit) < dim.bases.size(), "no such bit");
  return dim.bases[bit];
}

int32_t LinearLayout::getBasis(StringRef inDim, int32_t bit,
                               StringRef outDim) const {
  return getBasis(inDim, bit)[getOutDimIndex(outDim)];
}

std::vector<std::vector<int32_t>>
LinearLayout::getBases(StringRef inDim) const {
  std::vector<std::vector<int32_t>> result;
  for (const auto &basis : getInDim(inDim).bases)
    result.emplace_back(basis.begin(), basis.end());
  return result;
}

LinearLayout::Coords
LinearLayout::apply(ArrayRef<std::pair<StringRef, int32_t>> inputs) const {
  SmallVector<int32_t, 4> values(outDims.size(), 0);
  for (auto [name, value] : inputs) {
    const InDim &dim = getInDim(name);
    assert(value >= 0 && (int64_t(value) >> dim.bases.size()) == 0 &&
           "input outside its dimension");
    for (auto [bit, basis] : llvm::enumerate(dim.bases))
      if ((value >> bit) & 1)
        for (auto [v, b] : llvm::zip(values, basis))
          v ^= b;
  }
  Coords result;
  for (auto [dim, value] : llvm::zip(outDims, values))
    result.push_back({dim.name, value});
  return result;
}

uint64_t LinearLayout::flatColumn(unsigned inDimIdx, int32_t bit) const {
  uint64_t column = 0;
  int32_t shift = 0;
  for (auto [value, dim] : llvm::zip(inDims[inDimIdx].bases[bit], outDims)) {
    column |= uint64_t(value) << shift;
    shift += dim.sizeLog2;
  }
  return column;
}

SmallVector<uint64_t, 32> LinearLayout::flatColumns() const {
  require(getTotalInDimSizeLog2() <= 64 && getTotalOutDimSizeLog2() <= 64,
          "flattened layout wider than 64 bits");
  SmallVector<uint64_t, 32> columns;
  for (unsigned i = 0; i < inDims.size(); ++i)
    for (int32_t bit = 0, e = inDims[i].bases.size(); bit < e; ++bit)
      columns.push_back(flatColumn(i, bit));
  return columns;
}

uint64_t LinearLayout::packOut(ArrayRef<StringRef> names,
                               ArrayRef<int32_t> values) const {
  SmallVector<int32_t, 4> shifts;
  int32_t shift = 0;
  for (const OutDim &dim : outDims) {
    shifts.push_back(shift);
    shift += dim.sizeLog2;
  }
  uint64_t flat = 0;
  for (auto [name, value] : llvm::zip(names, values))
    flat |= uint64_t(value) << shifts[getOutDimIndex(name)];
  return flat;
}

SmallVector<int32_t, 4> LinearLayout::unpackIn(uint64_t flat) const {
  SmallVector<int32_t, 4> values;
  for (const InDim &dim : inDims) {
    values.push_back(int32_t(flat & lowMask(dim.bases.size())));
    flat >>= dim.bases.size();
  }
  return values;
}

bool LinearLayout::sublayoutIsZero(ArrayRef<StringRef> inDimNames,
                                   ArrayRef<StringRef> outDimNames) const {
  SmallVector<unsigned, 4> outIdx;
  if (outDimNames.empty()) {
    for (unsigned k = 0; k < outDims.size(); ++k)
      outIdx.push_back(k);
  } else {
    for (StringRef name : outDimNames)
      outIdx.push_back(getOutDimIndex(name));
  }
  for (StringRef name : inDimNames)
    for (const auto &basis : getInDim(name).bases)
      for (unsigned k : outIdx)
        if (basis[k] != 0)
          return false;
  return true;
}

int32_t LinearLayout::getNumConsecutiveInOut(StringRef inDim,
                                             StringRef outDim) const {
  if (!hasInDim(inDim) || outDims.empty())
    return 1;
  unsigned outIdx =
      outDim.empty() ? outDims.size() - 1 : getOutDimIndex(outDim);
  int32_t run = 0;
  for (const auto &basis : getInDim(inDim).bases) {
    bool consecutive = true;
    for (auto [k, value] : llvm::enumerate(basis))
      if (value != (k == outIdx ? int32_t(1) << run : 0))
        consecutive = false;
    if (!consecutive)
      break;
    ++run;
  }
  return int32_t(1) << run;
}

//===----------------------------------------------------------------------===//
// Algebra
//===----------------------------------------------------------------------===//

LinearLayout LinearLayout::operator*(const LinearLayout &other) const {
  LinearLayout result;
  // Output dimensions: ours, grown by other's where shared, then other's new
  // ones. `shiftOfOther[k]` places other's dimension k above ours.
  result.outDims = outDims;
  SmallVector<unsigned, 4> otherOutIdx;
  SmallVector<int32_t, 4> shiftOfOther;
  for (const OutDim &dim : other.outDims) {
    auto *it = llvm::find_if(
        result.outDims, [&](const OutDim &d) { return d.name == dim.name; });
    if (it != result.outDims.end() &&
        it - result.outDims.begin() < std::ptrdiff_t(outDims.size())) {
      shiftOfOther.push_back(it->sizeLog2);
      it->sizeLog2 += dim.sizeLog2;
      otherOutIdx.push_back(it - result.outDims.begin());
      continue;
    }
    shiftOfOther.push_back(0);
    otherOutIdx.push_back(result.outDims.size());
    result.outDims.push_back(dim);
  }

  unsigned numOut = result.outDims.size();
  for (const InDim &dim : inDims) {
    InDim &newDim = result.inDims.emplace_back();
    newDim.name = dim.name;
    for (const auto &basis : dim.bases) {
      auto &newBasis = newDim.bases.emplace_back(basis.begin(), basis.end());
      newBasis.resize(numOut, 0);
    }
  }
  for (const InDim &dim : other.inDims) {
    auto *it = llvm::find_if(
        result.inDims, [&](const InDim &d) { return d.name == dim.name; });
    InDim *target = it;
    if (it == result.inDims.end()) {
      target = &result.inDims.emplace_back();
      target->name = dim.name;
    }
    for (const auto &basis : dim.bases) {
      auto &newBasis = target->bases.emplace_back(numOut, 0);
      for (auto [k, value] : llvm::enumerate(basis))
        newBasis[otherOutIdx[k]] = value << shiftOfOther[k];
    }
  }
  result.assertWellFormed();
  return result;
}

LinearLayout LinearLayout::compose(const LinearLayout &outer) const {
  SmallVector<unsigned, 4> outerInIdx;
  for (const OutDim &dim : outDims) {
    unsigned idx = outer.getInDimIndex(dim.name);
    require(int32_t(outer.inDims[idx].bases.size()) >= dim.sizeLog2,
            "output dimension larger than the outer layout's input "
            "dimension");
    outerInIdx.push_back(idx);
  }
  LinearLayout result;
  result.outDims = outer.outDims;
  for (const InDim &dim : inDims) {
    InDim &newDim = result.inDims.emplace_back();
    newDim.name = dim.name;
    for (const auto &basis : dim.bases) {
      auto &image = newDim.bases.emplace_back(outer.outDims.size(), 0);
      for (auto [k, value] : llvm::enumerate(basis)) {
        const InDim &outerDim = outer.inDims[outerInIdx[k]];
        for (int32_t bit = 0; bit < 31; ++bit)
          if ((value >> bit) & 1)
            for (auto [v, b] : llvm::zip(image, outerDim.bases[bit]))
              v ^= b;
      }
    }
  }
  result.assertWellFormed();
  return result;
}

LinearLayout LinearLayout::transposeIns(ArrayRef<StringRef> newOrder) const {
  assert(newOrder.size() == inDims.size() && "not a permutation");
  LinearLayout result;
  result.outDims = outDims;
  for (StringRef name : newOrder)
    result.inDims.push_back(getInDim(name));
  return result;
}

LinearLayout LinearLayout::transposeOuts(ArrayRef<StringRef> newOrder) const {
  assert(newOrder.size() == outDims.size() && "not a permutation");
  SmallVector<unsigned, 4> perm;
  LinearLayout result;
  for (StringRef name : newOrder) {
    perm.push_back(getOutDimIndex(name));
    result.outDims.push_back(outDims[perm.back()]);
  }
  for (const InDim &dim : inDims) {
    InDim &newDim = result.inDims.emplace_back();
    newDim.name = dim.name;
    for (const auto &basis : dim.bases) {
      auto &newBasis = newDim.bases.emplace_back();
      for (unsigned k : perm)
        newBasis.push_back(basis[k]);
    }
  }
  return result;
}

LinearLayout LinearLayout::reshapeIns(DimsArg newInDims) const {
  // Row-major flat bit order: the last dimension's bits are the lowest.
  SmallVector<ArrayRef<int32_t>, 32> flatBases;
  for (const InDim &dim : llvm::reverse(inDims))
    for (const auto &basis : dim.bases)
      flatBases.push_back(basis);
  int64_t newTotal = 1;
  for (auto [name, size] : newInDims) {
    assert(size > 0 && llvm::isPowerOf2_32(size) &&
           "size must be a power of 2");
    newTotal *= size;
  }
  assert(newTotal == getTotalInDimSize() && "reshape changes the input size");
  (void)newTotal;

  LinearLayout result;
  result.outDims = outDims;
  result.inDims.resize(newInDims.size());
  size_t next = 0;
  for (size_t i = newInDims.size(); i-- > 0;) {
    InDim &dim = result.inDims[i];
    dim.name = intern(newInDims[i].first);
    for (unsigned b = 0, e = llvm::Log2_32(newInDims[i].second); b < e; ++b)
      dim.bases.emplace_back(flatBases[next++]);
  }
  return result;
}

LinearLayout LinearLayout::reshapeOuts(DimsArg newOutDims) const {
  assert(getTotalOutDimSizeLog2() <= 62 && "flattened layout too wide");
  int64_t newTotal = 1;
  for (auto [name, size] : newOutDims) {
    assert(size > 0 && llvm::isPowerOf2_32(size) &&
           "size must be a power of 2");
    newTotal *= size;
  }
  assert(newTotal == getTotalOutDimSize() && "reshape changes the output size");
  (void)newTotal;

  LinearLayout result;
  for (auto [name, size] : newOutDims)
    result.outDims.push_back({intern(name), int32_t(llvm::Log2_32(size))});
  for (const InDim &dim : inDims) {
    InDim &newDim = result.inDims.emplace_back();
    newDim.name = dim.name;
    for (const auto &basis : dim.bases) {
      uint64_t flat = 0;
      for (auto [value, outDim] : llvm::zip(basis, outDims))
        flat = (flat << outDim.sizeLog2) | uint64_t(value);
      auto &newBasis = newDim.bases.emplace_back(result.outDims.size(), 0);
      for (size_t k = result.outDims.size(); k-- > 0;) {
        newBasis[k] = int32_t(flat & lowMask(result.outDims[k].sizeLog2));
        flat >>= result.outDims[k].sizeLog2;
      }
    }
  }
  result.assertWellFormed();
  return result;
}

LinearLayout LinearLayout::sublayout(ArrayRef<StringRef> inDimNames,
                                     ArrayRef<StringRef> outDimNames) const {
  for (StringRef name : inDimNames) {
    (void)name;
    assert(hasInDim(name) && "no such input dimension");
  }
  SmallVector<unsigned, 4> keptOut;
  LinearLayout result;
  for (auto [k, dim] : llvm::enumerate(outDims)) {
    if (!llvm::is_contained(outDimNames, dim.name))
      continue;
    keptOut.push_back(k);
    result.outDims.push_back(dim);
  }
  assert(keptOut.size() == outDimNames.size() && "no such output dimension");
  for (const InDim &dim : inDims) {
    if (!llvm::is_contained(inDimNames, dim.name))
      continue;
    InDim &newDim = result.inDims.emplace_back();
    newDim.name = dim.name;
    for (const auto &basis : dim.bases) {
      auto &newBasis = newDim.bases.emplace_back();
      for (unsigned k : keptOut)
        newBasis.push_back(basis[k]);
    }
  }
  return result;
}

LinearLayout LinearLayout::removeZeroBasesAlongDim(StringRef inDim) const {
  LinearLayout result = *this;
  auto &bases = result.inDims[getInDimIndex(inDim)].bases;
  llvm::erase_if(bases, [](const auto &basis) {
    return llvm::all_of(basis, [](int32_t v) { return v == 0; });
  });
  return result;
}

std::optional<LinearLayout>
LinearLayout::divideLeft(const LinearLayout &dividend,
                         const LinearLayout &divisor) {
  for (const InDim &dim : divisor.inDims)
    if (!dividend.hasInDim(dim.name) ||
        dividend.getInDimSizeLog2(dim.name) < int32_t(dim.bases.size()))
      return std::nullopt;
  for (const OutDim &dim : divisor.outDims)
    if (!dividend.hasOutDim(dim.name) ||
        dividend.getOutDimSizeLog2(dim.name) < dim.sizeLog2)
      return std::nullopt;

  // The quotient keeps every dimension of the dividend, shrunk by the
  // divisor's part, and its values shifted down past the divisor's part.
  SmallVector<int32_t, 4> shift;
  LinearLayout quotient;
  for (const OutDim &dim : dividend.outDims) {
    int32_t low =
        divisor.hasOutDim(dim.name) ? divisor.getOutDimSizeLog2(dim.name) : 0;
    shift.push_back(low);
    quotient.outDims.push_back({dim.name, dim.sizeLog2 - low});
  }
  for (const InDim &dim : dividend.inDims) {
    size_t skip = divisor.hasInDim(dim.name)
                      ? size_t(divisor.getInDimSizeLog2(dim.name))
                      : 0;
    InDim &newDim = quotient.inDims.emplace_back();
    newDim.name = dim.name;
    for (const auto &basis : llvm::drop_begin(dim.bases, skip)) {
      auto &newBasis = newDim.bases.emplace_back();
      for (auto [value, low] : llvm::zip(basis, shift)) {
        if (value & int32_t(lowMask(low)))
          return std::nullopt;
        newBasis.push_back(value >> low);
      }
    }
  }
  LinearLayout product = (divisor * quotient)
                             .transposeIns(dividend.getInDimNames())
                             .transposeOuts(dividend.getOutDimNames());
  if (product != dividend)
    return std::nullopt;
  return quotient;
}

//===----------------------------------------------------------------------===//
// Comparison and printing
//===----------------------------------------------------------------------===//

bool LinearLayout::operator==(const LinearLayout &other) const {
  if (inDims.size() != other.inDims.size() ||
      outDims.size() != other.outDims.size())
    return false;
  for (auto [a, b] : llvm::zip(outDims, other.outDims))
    if (a.name != b.name || a.sizeLog2 != b.sizeLog2)
      return false;
  for (auto [a, b] : llvm::zip(inDims, other.inDims))
    if (a.name != b.name || a.bases != b.bases)
      return false;
  return true;
}

void LinearLayout::print(llvm::raw_ostream &os) const {
  os << '{';
  llvm::interleaveComma(inDims, os, [&](const InDim &dim) {
    os << dim.name << ": [";
    llvm::interleaveComma(dim.bases, os, [&](const auto &basis) {
      os << '[';
      llvm::interleaveComma(basis, os);
      os << ']';
    });
    os << ']';
  });
  os << "} -> {";
  llvm::interleaveComma(outDims, os, [&](const OutDim &dim) {
    os << dim.name << ": " << (int64_t(1) << dim.sizeLog2);
  });
  os << '}';
}

std::string LinearLayout::toString() const {
  std::string str;
  llvm::raw_string_ostream os(str);
  print(os);
  return str;
}
