//===- LinearLayoutInversion.cpp - Solving linear layouts -------*- C++ -*-===//
//
// The part of LinearLayout that solves systems over GF(2): rank, injectivity
// and surjectivity, free variables, inversion, the pseudoinverse and the
// conversion between two layouts (invertAndCompose). Each reduces the
// flattened basis matrix, one 64-bit column per input bit, to reduced
// row-echelon form while tracking which input bits make up each row.
//
//===----------------------------------------------------------------------===//

#include "TileGPU/IR/LinearLayout.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/Support/ErrorHandling.h"
#include "llvm/Support/MathExtras.h"

#include <cassert>

using namespace tilec::tilegpu;
using llvm::SmallVector;
using llvm::StringRef;

namespace {

/// An incrementally built basis, in reduced row-echelon form, of the span of
/// some 64-bit vectors over GF(2). Each row remembers which of the inserted
/// vectors (as a mask of their indices) XOR to it, so that solving a system
/// gives the preimage directly.
class EchelonBasis {
public:
  /// Adds `vec`, which is the XOR of the inserted columns in `combo`. Returns
  /// false (and adds nothing) when `vec` is in the span already.
  bool insert(uint64_t vec, uint64_t combo) {
    reduce(vec, combo);
    if (vec == 0)
      return false;
    int pivot = llvm::countr_zero(vec);
    // Keep the form reduced: the new pivot appears in no other row.
    for (Row &row : rows) {
      if ((row.vec >> pivot) & 1) {
        row.vec ^= vec;
        row.combo ^= combo;
      }
    }
    rows.push_back({vec, combo, pivot});
    return true;
  }

  /// The combination of columns whose XOR is `vec`, if `vec` is in the span.
  std::optional<uint64_t> solve(uint64_t vec) const {
    uint64_t combo = 0;
    reduce(vec, combo);
    if (vec != 0)
      return std::nullopt;
    return combo;
  }

  /// The combination of the row whose pivot is bit `bit`, or 0 when no row
  /// pivots there. XORing these over the set bits of a vector in the span
  /// solves for it (rows are reduced, so bit `pivot` of a vector in the span
  /// says whether that row takes part).
  uint64_t comboForPivot(int bit) const {
    for (const Row &row : rows)
      if (row.pivot == bit)
        return row.combo;
    return 0;
  }

  int32_t rank() const { return rows.size(); }

private:
  struct Row {
    uint64_t vec;
    uint64_t combo;
    int pivot;
  };

  /// Eliminates every pivot bit from `vec`, recording the rows used.
  void reduce(uint64_t &vec, uint64_t &combo) const {
    for (const Row &row : rows) {
      if ((vec >> row.pivot) & 1) {
        vec ^= row.vec;
        combo ^= row.combo;
      }
    }
  }

  SmallVector<Row, 32> rows;
};

} // namespace

int32_t LinearLayout::getRank() const {
  EchelonBasis basis;
  for (uint64_t column : flatColumns())
    basis.insert(column, 0);
  return basis.rank();
}

bool LinearLayout::isSurjective() const {
  return getRank() == getTotalOutDimSizeLog2();
}

bool LinearLayout::isInjective() const {
  return getRank() == getTotalInDimSizeLog2();
}

LinearLayout::Coords LinearLayout::getFreeVariableMasks() const {
  // Guards the shifts of flatColumn in every build type.
  if (getTotalOutDimSizeLog2() > 64)
    llvm::report_fatal_error("tilec: linear layout: flattened layout too wide");
  EchelonBasis basis;
  Coords masks;
  for (unsigned i = 0; i < inDims.size(); ++i) {
    int32_t mask = 0;
    for (int32_t bit = 0, e = inDims[i].bases.size(); bit < e; ++bit)
      if (!basis.insert(flatColumn(i, bit), 0))
        mask |= int32_t(1) << bit;
    masks.push_back({inDims[i].name, mask});
  }
  return masks;
}

LinearLayout LinearLayout::invert() const {
  assert(isInvertible() && "inverting a layout that is not a bijection");
  return pseudoinvert();
}

LinearLayout LinearLayout::pseudoinvert() const {
  SmallVector<uint64_t, 32> columns = flatColumns();
  EchelonBasis basis;
  for (auto [i, column] : llvm::enumerate(columns))
    basis.insert(column, uint64_t(1) << i);

  LinearLayout result;
  for (const InDim &dim : inDims)
    result.outDims.push_back({dim.name, int32_t(dim.bases.size())});
  int flatBit = 0;
  for (const OutDim &dim : outDims) {
    InDim &newDim = result.inDims.emplace_back();
    newDim.name = dim.name;
    for (int32_t bit = 0; bit < dim.sizeLog2; ++bit, ++flatBit)
      newDim.bases.push_back(unpackIn(basis.comboForPivot(flatBit)));
  }
  result.assertWellFormed();
  return result;
}

LinearLayout LinearLayout::invertAndCompose(const LinearLayout &other) const {
  for (const OutDim &dim : other.outDims) {
    (void)dim;
    assert(hasOutDim(dim.name) &&
           outDims[getOutDimIndex(dim.name)].sizeLog2 >= dim.sizeLog2 &&
           "converting from a layout over other output dimensions");
  }
  SmallVector<uint64_t, 32> columns = flatColumns();
  EchelonBasis basis;
  for (auto [i, column] : llvm::enumerate(columns))
    basis.insert(column, uint64_t(1) << i);
  SmallVector<int32_t, 4> flatOffsetOfIn;
  int32_t offset = 0;
  for (const InDim &dim : inDims) {
    flatOffsetOfIn.push_back(offset);
    offset += dim.bases.size();
  }

  SmallVector<StringRef, 4> otherOutNames = other.getOutDimNames();
  LinearLayout result;
  for (const InDim &dim : inDims)
    result.outDims.push_back({dim.name, int32_t(dim.bases.size())});
  for (const InDim &dim : other.inDims) {
    InDim &newDim = result.inDims.emplace_back();
    newDim.name = dim.name;
    std::optional<unsigned> sameDim;
    if (hasInDim(dim.name))
      sameDim = getInDimIndex(dim.name);
    for (auto [bit, otherBasis] : llvm::enumerate(dim.bases)) {
      uint64_t target = packOut(otherOutNames, otherBasis);
      // Keep the bit in place where it reaches the same element here.
      if (sameDim && bit < inDims[*sameDim].bases.size() &&
          columns[flatOffsetOfIn[*sameDim] + bit] == target) {
        newDim.bases.push_back(
            unpackIn(uint64_t(1) << (flatOffsetOfIn[*sameDim] + bit)));
        continue;
      }
      std::optional<uint64_t> preimage = basis.solve(target);
      assert(preimage && "the other layout holds an element this one lacks");
      newDim.bases.push_back(unpackIn(preimage.value_or(0)));
    }
  }
  result.assertWellFormed();
  return result;
}
