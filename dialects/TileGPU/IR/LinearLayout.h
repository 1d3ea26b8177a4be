//===- LinearLayout.h - Linear layouts over GF(2) ---------------*- C++ -*-===//
//
// A linear layout maps named input coordinates (register, lane, warp, or an
// offset into shared memory) to named output coordinates (the tensor's
// dim0, dim1, ...), linearly over GF(2): every bit of every input dimension
// has a basis vector, and an input maps to the XOR of the basis vectors of
// its set bits. Blocked, slice, mma, dot-operand and swizzled shared-memory
// layouts are all such maps (see LinearLayoutConstructors.h), so every index
// computation and every layout conversion of the tilegpu dialect is written
// once, against this class.
//
// The class depends on LLVM's ADT and Support only, not on MLIR.
//
//===----------------------------------------------------------------------===//

#ifndef TILEC_DIALECTS_TILEGPU_IR_LINEARLAYOUT_H
#define TILEC_DIALECTS_TILEGPU_IR_LINEARLAYOUT_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"
#include "llvm/Support/raw_ostream.h"

#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace tilec::tilegpu {

/// The input dimension names that register layouts use.
inline constexpr llvm::StringLiteral kRegister = "register";
inline constexpr llvm::StringLiteral kLane = "lane";
inline constexpr llvm::StringLiteral kWarp = "warp";
/// The input dimensions of shared-memory layouts.
inline constexpr llvm::StringLiteral kOffset = "offset";
inline constexpr llvm::StringLiteral kBlock = "block";

/// A map from input coordinates to output coordinates that is linear over
/// GF(2). Each dimension (input or output) has a name and a size that is a
/// power of two. Bit `j` of input dimension `d` has a basis vector holding one
/// value per output dimension; the image of an input is the XOR of the basis
/// vectors of its set bits.
///
/// Dimension order is significant: it decides how `operator*` and the reshape
/// methods combine dimensions, and it is part of equality. Dimension names
/// are interned, so every StringRef this class returns stays valid for the
/// life of the program, also when the layout that returned it is gone.
///
/// Flattened views (used for rank and inversion) put the bits of the first
/// dimension lowest; they need at most 64 input and 64 output bits in all.
class LinearLayout {
public:
  /// The bases of each input dimension, in order: entry `j` of a dimension is
  /// the image of its bit `j`, one value per output dimension.
  using BasesArg = llvm::ArrayRef<
      std::pair<llvm::StringRef, std::vector<std::vector<int32_t>>>>;
  /// Named dimension sizes, in order.
  using DimsArg = llvm::ArrayRef<std::pair<llvm::StringRef, int32_t>>;
  /// Named coordinates, as `apply` takes and returns them.
  using Coords = llvm::SmallVector<std::pair<llvm::StringRef, int32_t>, 4>;

  /// The empty layout: no input or output dimensions; the unit of `*`.
  LinearLayout() = default;

  /// A layout from explicit bases and output sizes. Every output size must be
  /// a power of two, every basis vector must have one value per output
  /// dimension, each below that dimension's size, and names must be unique.
  /// The layout need not be surjective. Asserts on malformed input; use
  /// `create` to check input that comes from outside the compiler.
  LinearLayout(BasesArg bases, DimsArg outDims);

  /// Like the constructor, but returns an error that says what is wrong with
  /// malformed input instead of asserting.
  static llvm::Expected<LinearLayout> create(BasesArg bases, DimsArg outDims);

  /// A layout from bases whose output sizes are the smallest powers of two
  /// that hold every basis value.
  static LinearLayout fromBases(BasesArg bases,
                                llvm::ArrayRef<llvm::StringRef> outDimNames);

  /// The empty layout.
  static LinearLayout empty() { return LinearLayout(); }

  /// The identity from `inDim` to `outDim`, both of `size` elements.
  static LinearLayout identity1D(int32_t size, llvm::StringRef inDim,
                                 llvm::StringRef outDim);

  /// The layout that maps every one of `size` inputs along `inDim` to 0 of
  /// `outDim` (size `outDimSize`): the input is broadcast, each element is
  /// held `size` times.
  static LinearLayout zeros1D(int32_t size, llvm::StringRef inDim,
                              llvm::StringRef outDim, int32_t outDimSize = 1);

  /// The layout that maps input `i` of `inDim` to `i * stride` of `outDim`
  /// (size `size * stride`); `stride` must be a power of two.
  static LinearLayout strided1D(int32_t size, int32_t stride,
                                llvm::StringRef inDim, llvm::StringRef outDim);

  //===--------------------------------------------------------------------===//
  // Queries
  //===--------------------------------------------------------------------===//

  unsigned getNumInDims() const { return inDims.size(); }
  unsigned getNumOutDims() const { return outDims.size(); }
  llvm::SmallVector<llvm::StringRef, 4> getInDimNames() const;
  llvm::SmallVector<llvm::StringRef, 4> getOutDimNames() const;
  /// The input dimensions and their sizes, in order.
  Coords getInDims() const;
  /// The output dimensions and their sizes, in order.
  Coords getOutDims() const;
  bool hasInDim(llvm::StringRef name) const;
  bool hasOutDim(llvm::StringRef name) const;
  /// The position of a dimension in the order; asserts that it exists.
  unsigned getInDimIndex(llvm::StringRef name) const;
  unsigned getOutDimIndex(llvm::StringRef name) const;

  /// log2 of the size of an input dimension, i.e. its number of bits.
  int32_t getInDimSizeLog2(llvm::StringRef inDim) const;
  int32_t getInDimSize(llvm::StringRef inDim) const {
    return int32_t(1) << getInDimSizeLog2(inDim);
  }
  int32_t getOutDimSizeLog2(llvm::StringRef outDim) const;
  int32_t getOutDimSize(llvm::StringRef outDim) const {
    return int32_t(1) << getOutDimSizeLog2(outDim);
  }
  /// The number of input bits over all input dimensions.
  int32_t getTotalInDimSizeLog2() const;
  int64_t getTotalInDimSize() const {
    return int64_t(1) << getTotalInDimSizeLog2();
  }
  int32_t getTotalOutDimSizeLog2() const;
  int64_t getTotalOutDimSize() const {
    return int64_t(1) << getTotalOutDimSizeLog2();
  }

  /// The image of bit `bit` of `inDim`: one value per output dimension.
  llvm::ArrayRef<int32_t> getBasis(llvm::StringRef inDim, int32_t bit) const;
  /// The `outDim` component of the image of bit `bit` of `inDim`.
  int32_t getBasis(llvm::StringRef inDim, int32_t bit,
                   llvm::StringRef outDim) const;
  /// All bases of `inDim`, bit 0 first.
  std::vector<std::vector<int32_t>> getBases(llvm::StringRef inDim) const;

  /// The output coordinates of an input. Input dimensions left out of
  /// `inputs` are 0; each given value must be below its dimension's size.
  /// The result lists every output dimension, in order.
  Coords
  apply(llvm::ArrayRef<std::pair<llvm::StringRef, int32_t>> inputs) const;

  /// The rank of the map over GF(2): log2 of the number of distinct outputs.
  int32_t getRank() const;
  /// Whether every output is the image of some input.
  bool isSurjective() const;
  /// Whether distinct inputs have distinct images (no data is duplicated).
  bool isInjective() const;
  /// Whether the map is a bijection.
  bool isInvertible() const { return isSurjective() && isInjective(); }

  /// For each input dimension, in order, the mask of its free bits: the bits
  /// whose basis vector is a combination of the bases of earlier bits
  /// (earlier dimensions first, lower bits first within one dimension), zero
  /// vectors included. Setting a free bit never reaches a new element: these
  /// are broadcast or duplicated data, and every element that the layout
  /// reaches has exactly one input whose free bits are all 0 (its canonical
  /// owner, e.g. the one thread that stores it). When duplicates come from
  /// zero bases only (blocked layouts on small shapes, slices), the free bits
  /// are exactly the bits that map to 0.
  Coords getFreeVariableMasks() const;

  /// Whether every basis of the given input dimensions is 0 in the given
  /// output dimensions (an empty list means all output dimensions).
  bool sublayoutIsZero(llvm::ArrayRef<llvm::StringRef> inDimNames,
                       llvm::ArrayRef<llvm::StringRef> outDimNames) const;

  /// The number `n` (a power of two) such that inputs `0 .. n-1` of `inDim`
  /// map to `n` consecutive elements `0 .. n-1` of `outDim` and to 0 in every
  /// other output dimension, i.e. each thread holds runs of `n` contiguous
  /// elements of `outDim` in consecutive registers. `outDim` defaults to the
  /// last output dimension, the fastest-varying one of a row-major tensor.
  /// This is the width of a vectorized load or store.
  int32_t getNumConsecutiveInOut(llvm::StringRef inDim = kRegister,
                                 llvm::StringRef outDim = {}) const;

  //===--------------------------------------------------------------------===//
  // Algebra
  //===--------------------------------------------------------------------===//

  /// The product of two layouts (also `operator*`). Input and output
  /// dimensions are the union of both, this layout's first. A shared input
  /// dimension concatenates bits, this layout's lowest, and a shared output
  /// dimension multiplies in size, with `other`'s values placed above this
  /// layout's: `(A * B)(a, b) = A(a) + B(b) * size(A)` per shared dimension.
  /// Tiling `A` over a grid given by `B` is `A * B`.
  LinearLayout operator*(const LinearLayout &other) const;
  LinearLayout &operator*=(const LinearLayout &other) {
    return *this = *this * other;
  }

  /// This layout followed by `outer`: `x -> outer(this(x))`. The output
  /// dimensions of this layout must be the input dimensions of `outer` (by
  /// name, in any order), each no larger than `outer`'s.
  LinearLayout compose(const LinearLayout &outer) const;

  /// The inverse of an invertible layout: output dimensions become input
  /// dimensions and the other way round.
  LinearLayout invert() const;

  /// A linear right inverse, from the output dimensions to the input
  /// dimensions: for every output `y` that some input reaches, `this(pinv(y))
  /// == y`, and `pinv(y)` is the canonical preimage, the one whose free bits
  /// (see getFreeVariableMasks) are 0. Outputs that no input reaches map to
  /// some input: do not rely on which.
  LinearLayout pseudoinvert() const;

  /// The layout conversion from `other` to this layout: a map `C` from
  /// `other`'s inputs to this layout's inputs with `this(C(x)) == other(x)`
  /// for every `x`, i.e. for each (register, lane, warp) of `other`, where
  /// this layout holds the same element. Every output dimension of `other`
  /// must be one of this layout's (sizes no larger), and every element that
  /// `other` holds must be held by this layout. Where elements are held more
  /// than once, the choice is made bit by bit: a bit that maps to the same
  /// element in both layouts stays in place (so identical layouts convert
  /// by the identity and shared broadcasts do not move data), any other bit
  /// goes to its canonical preimage.
  LinearLayout invertAndCompose(const LinearLayout &other) const;

  /// The same map with the input dimensions in `newOrder`, a permutation of
  /// the input dimension names.
  LinearLayout transposeIns(llvm::ArrayRef<llvm::StringRef> newOrder) const;
  /// The same map with the output dimensions in `newOrder`.
  LinearLayout transposeOuts(llvm::ArrayRef<llvm::StringRef> newOrder) const;

  /// Flattens the input dimensions and splits them again into `newInDims`,
  /// row-major: the last dimension varies fastest, on both sides. The total
  /// size must stay the same. To flatten (lane, warp) into a thread id
  /// `lane + 32 * warp`, reshape the order (warp, lane).
  LinearLayout reshapeIns(DimsArg newInDims) const;
  /// Flattens the output dimensions and splits them again into `newOutDims`,
  /// row-major as tensor reshape is: `[R, C] -> [R*C]` maps `(r, c)` to
  /// `r * C + c`.
  LinearLayout reshapeOuts(DimsArg newOutDims) const;

  /// The restriction to the given input dimensions and the projection onto
  /// the given output dimensions; dimensions keep this layout's order and
  /// sizes.
  LinearLayout sublayout(llvm::ArrayRef<llvm::StringRef> inDimNames,
                         llvm::ArrayRef<llvm::StringRef> outDimNames) const;

  /// Drops the bits of `inDim` whose basis is 0, shrinking the dimension:
  /// e.g. registers that would hold a copy of another register.
  LinearLayout removeZeroBasesAlongDim(llvm::StringRef inDim) const;

  /// The layout `C` with `divisor * C == dividend` up to dimension order
  /// (C's dimensions follow `dividend`'s order), if there is one: `divisor`
  /// describes the low bits of `dividend`'s input dimensions and the low part
  /// of its output dimensions. For example, dividing a register layout by
  /// `identity1D(4, "register", "dim1")` succeeds iff each thread holds runs
  /// of 4 contiguous elements along dim1 in consecutive registers.
  static std::optional<LinearLayout> divideLeft(const LinearLayout &dividend,
                                                const LinearLayout &divisor);

  //===--------------------------------------------------------------------===//
  // Comparison and printing
  //===--------------------------------------------------------------------===//

  /// Same dimensions (names, order, sizes) and same bases.
  bool operator==(const LinearLayout &other) const;
  bool operator!=(const LinearLayout &other) const { return !(*this == other); }

  /// One line, e.g.
  /// `{register: [[0, 1]], lane: [[0, 2], [1, 0]]} -> {dim0: 2, dim1: 4}`.
  std::string toString() const;
  void print(llvm::raw_ostream &os) const;

private:
  struct InDim {
    llvm::StringRef name; // interned
    /// bases[j][k]: output dimension k of the image of bit j.
    llvm::SmallVector<llvm::SmallVector<int32_t, 4>, 8> bases;
  };
  struct OutDim {
    llvm::StringRef name; // interned
    int32_t sizeLog2;
  };

  /// Checks the arguments of the public constructor; empty when they are
  /// well formed.
  static std::string verifyArgs(BasesArg bases, DimsArg outDims);
  /// Assumes verified arguments.
  void init(BasesArg bases, DimsArg outDims);
  /// Checks the invariants of a layout built by the methods; asserts.
  void assertWellFormed() const;

  const InDim &getInDim(llvm::StringRef name) const;
  /// The basis of a flat input bit packed into the flat output space.
  uint64_t flatColumn(unsigned inDimIdx, int32_t bit) const;
  /// Every flat input bit's column, in flat order.
  llvm::SmallVector<uint64_t, 32> flatColumns() const;
  /// Output values named by `names` packed into this layout's flat output
  /// space; every name must be an output dimension of this layout.
  uint64_t packOut(llvm::ArrayRef<llvm::StringRef> names,
                   llvm::ArrayRef<int32_t> values) const;
  /// A flat input mask unpacked into one value per input dimension.
  llvm::SmallVector<int32_t, 4> unpackIn(uint64_t flat) const;

  llvm::SmallVector<InDim, 4> inDims;
  llvm::SmallVector<OutDim, 4> outDims;
};

inline llvm::raw_ostream &operator<<(llvm::raw_ostream &os,
                                     const LinearLayout &layout) {
  layout.print(os);
  return os;
}

} // namespace tilec::tilegpu

#endif // TILEC_DIALECTS_TILEGPU_IR_LINEARLAYOUT_H
