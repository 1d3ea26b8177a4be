//===- LinearLayoutConstructors.cpp - Named GPU layouts ---------*- C++ -*-===//
//
// Builds blocked, slice, mma, dot-operand and swizzled shared layouts as
// LinearLayouts. Each constructor writes the bases of one hardware tile (a
// thread's registers, a warp's lanes, a CTA's warps) and lets fitToShape
// repeat or wrap that tile over the tensor's shape.
//
//===----------------------------------------------------------------------===//

#include "TileGPU/IR/LinearLayoutConstructors.h"
#include "tilec/Limits.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/Twine.h"
#include "llvm/Support/ErrorHandling.h"
#include "llvm/Support/MathExtras.h"

#include <cassert>

using namespace tilec;
using namespace tilec::tilegpu;
using llvm::ArrayRef;
using llvm::SmallVector;
using llvm::StringRef;

namespace {

using Bases = std::vector<std::vector<int32_t>>;
using NamedBases = std::vector<std::pair<StringRef, Bases>>;

/// Whether `order` is a permutation of 0 .. rank-1.
[[maybe_unused]] bool isPermutation(ArrayRef<unsigned> order) {
  SmallVector<bool, 4> seen(order.size(), false);
  for (unsigned d : order) {
    if (d >= order.size() || seen[d])
      return false;
    seen[d] = true;
  }
  return true;
}

[[maybe_unused]] bool allPowersOf2(ArrayRef<unsigned> sizes) {
  return llvm::all_of(sizes, [](unsigned s) { return llvm::isPowerOf2_32(s); });
}

/// The bases of every input dimension of `layout`, to edit and rebuild.
NamedBases getAllBases(const LinearLayout &layout) {
  NamedBases bases;
  for (StringRef name : layout.getInDimNames())
    bases.push_back({name, layout.getBases(name)});
  return bases;
}

/// The vector with `value` in position `dim` of `rank` and 0 elsewhere.
std::vector<int32_t> unitVector(unsigned rank, unsigned dim, int32_t value) {
  std::vector<int32_t> v(rank, 0);
  v[dim] = value;
  return v;
}

/// The 2-D vector (row, col).
std::vector<int32_t> rc(int32_t row, int32_t col) { return {row, col}; }

} // namespace

SmallVector<StringRef, 4> tilec::tilegpu::standardOutDimNames(unsigned rank) {
  // tl.flip splits a dimension of 2^k into k dimensions of 2, so ranks go
  // well past a kernel's own (a 1-D tile of 2^20 elements flips at rank 20).
  static constexpr llvm::StringLiteral names[] = {
      "dim0",  "dim1",  "dim2",  "dim3",  "dim4",  "dim5",  "dim6",  "dim7",
      "dim8",  "dim9",  "dim10", "dim11", "dim12", "dim13", "dim14", "dim15",
      "dim16", "dim17", "dim18", "dim19", "dim20", "dim21", "dim22", "dim23",
      "dim24", "dim25", "dim26", "dim27", "dim28", "dim29", "dim30", "dim31"};
  static_assert(std::size(names) == kMaxTileRank,
                "one name per dimension a tile may have");
  // The layout verifiers and convert-tile-to-tilegpu refuse higher ranks
  // with a diagnostic; reaching here with one is a bug in tilec, stopped
  // rather than read past the table in a Release build.
  if (rank > std::size(names))
    llvm::report_fatal_error("tilec: layout of rank " + llvm::Twine(rank) +
                             " above the supported maximum");
  return SmallVector<StringRef, 4>(names, names + rank);
}

LinearLayout tilec::tilegpu::identityND(StringRef inDim,
                                        ArrayRef<unsigned> shape,
                                        ArrayRef<unsigned> order) {
  assert(shape.size() == order.size() && isPermutation(order) &&
         "order must be a permutation of the dimensions");
  SmallVector<StringRef, 4> outNames = standardOutDimNames(shape.size());
  LinearLayout layout = LinearLayout::empty();
  for (unsigned d : order)
    layout *= LinearLayout::identity1D(shape[d], inDim, outNames[d]);
  return layout.transposeOuts(outNames);
}

LinearLayout tilec::tilegpu::fitToShape(const LinearLayout &tile,
                                        ArrayRef<int64_t> shape,
                                        ArrayRef<unsigned> repeatOrder) {
  SmallVector<StringRef, 4> outNames = standardOutDimNames(shape.size());
  assert(tile.getOutDimNames() == outNames &&
         "tile must have the standard output dimensions");
  assert(repeatOrder.size() == shape.size() && isPermutation(repeatOrder) &&
         "repeat order must be a permutation of the dimensions");
  assert(tile.getNumInDims() > 0 && "tile has no input dimension");
  StringRef repeatDim = tile.getInDimNames().front();

  // Repeat along every dimension the tile does not cover.
  LinearLayout layout = tile;
  for (unsigned d : repeatOrder) {
    assert(shape[d] > 0 && llvm::isPowerOf2_64(shape[d]) &&
           "shape must be powers of 2");
    int64_t have = tile.getOutDimSize(outNames[d]);
    if (have < shape[d])
      layout *=
          LinearLayout::identity1D(shape[d] / have, repeatDim, outNames[d]);
  }
  layout = layout.transposeOuts(outNames);

  // Wrap the dimensions the tile overhangs: coordinates modulo the shape.
  NamedBases bases = getAllBases(layout);
  std::vector<std::pair<StringRef, int32_t>> outDims;
  for (auto [d, name] : llvm::enumerate(outNames)) {
    int32_t size = std::min<int64_t>(layout.getOutDimSize(name), shape[d]);
    outDims.push_back({name, size});
    for (auto &[inName, dimBases] : bases)
      for (std::vector<int32_t> &basis : dimBases)
        basis[d] &= size - 1;
  }
  return LinearLayout(bases, outDims);
}

LinearLayout tilec::tilegpu::blockedLayout(ArrayRef<int64_t> shape,
                                           ArrayRef<unsigned> sizePerThread,
                                           ArrayRef<unsigned> threadsPerWarp,
                                           ArrayRef<unsigned> warpsPerCTA,
                                           ArrayRef<unsigned> order) {
  assert(sizePerThread.size() == shape.size() &&
         threadsPerWarp.size() == shape.size() &&
         warpsPerCTA.size() == shape.size() && "rank mismatch");
  assert(allPowersOf2(sizePerThread) && allPowersOf2(threadsPerWarp) &&
         allPowersOf2(warpsPerCTA) && "sizes must be powers of 2");
  LinearLayout tile = identityND(kRegister, sizePerThread, order) *
                      identityND(kLane, threadsPerWarp, order) *
                      identityND(kWarp, warpsPerCTA, order);
  return fitToShape(tile, shape, order);
}

LinearLayout tilec::tilegpu::sliceLayout(const LinearLayout &parent,
                                         unsigned dim) {
  SmallVector<StringRef, 4> parentNames = parent.getOutDimNames();
  unsigned rank = parentNames.size();
  assert(parentNames == standardOutDimNames(rank) &&
         "parent must have the standard output dimensions");
  assert(dim < rank && "slicing a dimension the parent lacks");

  SmallVector<StringRef, 4> newNames = standardOutDimNames(rank - 1);
  NamedBases bases = getAllBases(parent);
  for (auto &[name, dimBases] : bases)
    for (std::vector<int32_t> &basis : dimBases)
      basis.erase(basis.begin() + dim);
  std::vector<std::pair<StringRef, int32_t>> outDims;
  for (unsigned d = 0, k = 0; d < rank; ++d)
    if (d != dim)
      outDims.push_back({newNames[k++], parent.getOutDimSize(parentNames[d])});
  LinearLayout sliced(bases, outDims);
  if (!sliced.hasInDim(kRegister))
    return sliced;
  return sliced.removeZeroBasesAlongDim(kRegister);
}

/// The lane bases shared by every mma.sync and wgmma fragment: lane bits 0-1
/// step along the "thread in group" direction by `tigStep`, bits 2-4 step
/// along the "group" direction by 1.
static Bases mmaLaneBases(std::vector<int32_t> tigStep,
                          std::vector<int32_t> groupStep) {
  Bases lanes;
  for (int32_t i = 0; i < 2; ++i)
    lanes.push_back({tigStep[0] << i, tigStep[1] << i});
  for (int32_t i = 0; i < 3; ++i)
    lanes.push_back({groupStep[0] << i, groupStep[1] << i});
  return lanes;
}

/// Warp bases over `warpsPerCTA`, dim0 fastest; warps along a dimension with
/// step 0 hold copies.
static Bases mmaWarpBases(ArrayRef<unsigned> warpsPerCTA, int32_t rowStep,
                          int32_t colStep) {
  Bases warps;
  for (unsigned i = 1; i < warpsPerCTA[0]; i <<= 1)
    warps.push_back(rc(rowStep * int32_t(i), 0));
  for (unsigned i = 1; i < warpsPerCTA[1]; i <<= 1)
    warps.push_back(rc(0, colStep * int32_t(i)));
  return warps;
}

LinearLayout tilec::tilegpu::mmaV2Layout(ArrayRef<int64_t> shape,
                                         ArrayRef<unsigned> warpsPerCTA) {
  assert(shape.size() == 2 && warpsPerCTA.size() == 2 && "mma layouts are 2-D");
  assert(allPowersOf2(warpsPerCTA) && "warp counts must be powers of 2");
  int32_t wm = warpsPerCTA[0], wn = warpsPerCTA[1];
  Bases regs = {rc(0, 1), rc(8, 0)};
  LinearLayout tile({{kRegister, regs},
                     {kLane, mmaLaneBases({0, 2}, {1, 0})},
                     {kWarp, mmaWarpBases(warpsPerCTA, 16, 8)}},
                    {{"dim0", 16 * wm}, {"dim1", 8 * wn}});
  return fitToShape(tile, shape, {1, 0});
}

LinearLayout
tilec::tilegpu::mmaV2DotOperandLayout(ArrayRef<int64_t> shape, unsigned opIdx,
                                      unsigned elemBits,
                                      ArrayRef<unsigned> warpsPerCTA) {
  assert(shape.size() == 2 && warpsPerCTA.size() == 2 && "mma layouts are 2-D");
  assert(opIdx < 2 && "mma has operands 0 (A) and 1 (B)");
  assert(llvm::isPowerOf2_32(elemBits) && elemBits >= 4 && elemBits <= 32 &&
         "operand elements are 4 to 32 bits");
  assert(allPowersOf2(warpsPerCTA) && "warp counts must be powers of 2");
  int32_t perReg = 32 / elemBits;
  int32_t wm = warpsPerCTA[0], wn = warpsPerCTA[1];
  // K is dim1 of A and dim0 of B; `k(v)` and `mn(v)` place a step.
  unsigned kDim = opIdx == 0 ? 1 : 0;
  auto k = [&](int32_t v) { return unitVector(2, kDim, v); };
  auto mn = [&](int32_t v) { return unitVector(2, 1 - kDim, v); };

  Bases regs;
  for (int32_t i = 1; i < perReg; i <<= 1)
    regs.push_back(k(i));
  if (opIdx == 0)
    regs.push_back(mn(8)); // rows groupID + 8
  regs.push_back(k(4 * perReg));
  Bases lanes = mmaLaneBases(k(perReg), mn(1));
  Bases warps = opIdx == 0 ? mmaWarpBases(warpsPerCTA, 16, 0)
                           : mmaWarpBases(warpsPerCTA, 0, 8);
  int32_t kTile = 8 * perReg;
  std::vector<std::pair<StringRef, int32_t>> outDims =
      opIdx == 0 ? std::vector<std::pair<StringRef, int32_t>>{{"dim0", 16 * wm},
                                                              {"dim1", kTile}}
                 : std::vector<std::pair<StringRef, int32_t>>{{"dim0", kTile},
                                                              {"dim1", 8 * wn}};
  LinearLayout tile({{kRegister, regs}, {kLane, lanes}, {kWarp, warps}},
                    outDims);
  return fitToShape(tile, shape, {kDim, 1 - kDim});
}

LinearLayout tilec::tilegpu::mmaV3Layout(ArrayRef<int64_t> shape,
                                         unsigned instrN,
                                         ArrayRef<unsigned> warpsPerCTA) {
  assert(shape.size() == 2 && warpsPerCTA.size() == 2 && "mma layouts are 2-D");
  assert(llvm::isPowerOf2_32(instrN) && instrN >= 8 && instrN <= 256 &&
         "wgmma N must be a power of 2 in 8..256");
  assert(allPowersOf2(warpsPerCTA) && warpsPerCTA[0] % 4 == 0 &&
         "a warpgroup is 4 warps along M");
  int32_t wm = warpsPerCTA[0], wn = warpsPerCTA[1];
  Bases regs = {rc(0, 1), rc(8, 0)};
  for (int32_t col = 8; col < int32_t(instrN); col <<= 1)
    regs.push_back(rc(0, col));
  LinearLayout tile({{kRegister, regs},
                     {kLane, mmaLaneBases({0, 2}, {1, 0})},
                     {kWarp, mmaWarpBases(warpsPerCTA, 16, instrN)}},
                    {{"dim0", 16 * wm}, {"dim1", int32_t(instrN) * wn}});
  return fitToShape(tile, shape, {1, 0});
}

LinearLayout tilec::tilegpu::sharedSwizzledLayout(ArrayRef<int64_t> shape,
                                                  unsigned elemBits,
                                                  unsigned swizzleBytes,
                                                  ArrayRef<unsigned> order) {
  assert(!shape.empty() && shape.size() == order.size() &&
         isPermutation(order) && "order must be a permutation of the dims");
  assert(llvm::isPowerOf2_32(elemBits) && elemBits <= 128 &&
         "element size must be a power of 2 up to 128 bits");
  assert((swizzleBytes == 0 || swizzleBytes == 32 || swizzleBytes == 64 ||
          swizzleBytes == 128) &&
         "swizzle is 0, 32, 64 or 128 bytes");
  for (int64_t size : shape) {
    (void)size;
    assert(size > 0 && llvm::isPowerOf2_64(size) &&
           "shape must be powers of 2");
  }
  SmallVector<StringRef, 4> outNames = standardOutDimNames(shape.size());
  unsigned contig = order[0];
  int32_t rowSize = shape[contig];
  int32_t atomWidth = rowSize;
  if (swizzleBytes != 0)
    atomWidth = std::min<int32_t>(rowSize, swizzleBytes * 8 / elemBits);

  // The unswizzled storage: atoms `atomWidth` wide along the contiguous
  // dimension, each row-major in `order`, one after the other.
  LinearLayout storage =
      LinearLayout::identity1D(atomWidth, kOffset, outNames[contig]);
  for (unsigned d : llvm::drop_begin(order))
    storage *= LinearLayout::identity1D(shape[d], kOffset, outNames[d]);
  storage *=
      LinearLayout::identity1D(rowSize / atomWidth, kOffset, outNames[contig]);
  storage = storage.transposeOuts(outNames);
  if (swizzleBytes == 0)
    return storage;

  // Swizzle<B, 4, 3> on bytes, in element units: the 16-byte chunk bits
  // [chunkBit, chunkBit+B) are XORed with the 128-byte line bits [lineBit,
  // lineBit+B). The map is an involution, so offset bit k of the physical
  // address holds the element whose storage address is swizzle(1 << k).
  int32_t chunkBit = llvm::Log2_32(128 / elemBits);
  int32_t lineBit = llvm::Log2_32(1024 / elemBits);
  int32_t swizzleBits = llvm::Log2_32(swizzleBytes / 16);
  Bases offsets;
  for (int32_t k = 0, e = storage.getInDimSizeLog2(kOffset); k < e; ++k) {
    int32_t address = int32_t(1) << k;
    if (k >= lineBit && k < lineBit + swizzleBits)
      address |= int32_t(1) << (k - lineBit + chunkBit);
    std::vector<int32_t> coords;
    for (auto [name, value] : storage.apply({{kOffset, address}}))
      coords.push_back(value);
    offsets.push_back(coords);
  }
  return LinearLayout({{kOffset, offsets}}, storage.getOutDims());
}
