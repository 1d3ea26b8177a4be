//===- LinearLayoutConstructors.h - Named GPU layouts -----------*- C++ -*-===//
//
// The layouts of the tilegpu dialect, each written as a LinearLayout: blocked
// and slice layouts of registers, the mma.sync and wgmma accumulator and
// operand fragments, and swizzled shared memory. Register layouts map
// (register, lane, warp) to (dim0, dim1, ...); shared layouts map an element
// offset to the same tensor coordinates.
//
// Shapes, sizes and orders follow Triton's conventions: `order[0]` is the
// fastest-varying tensor dimension, every size is a power of two. A shape
// smaller than a layout's footprint wraps around (the extra bits broadcast);
// a larger one repeats the footprint over more registers, fastest dimension
// first.
//
//===----------------------------------------------------------------------===//

#ifndef TILEC_DIALECTS_TILEGPU_IR_LINEARLAYOUTCONSTRUCTORS_H
#define TILEC_DIALECTS_TILEGPU_IR_LINEARLAYOUTCONSTRUCTORS_H

#include "TileGPU/IR/LinearLayout.h"

namespace tilec::tilegpu {

/// The output dimension names of a tensor of rank `rank`: dim0, dim1, ...
llvm::SmallVector<llvm::StringRef, 4> standardOutDimNames(unsigned rank);

/// The identity from `inDim` onto a tensor of `shape`, enumerating its
/// elements with `order[0]` fastest. Output dimensions are in standard order.
LinearLayout identityND(llvm::StringRef inDim, llvm::ArrayRef<unsigned> shape,
                        llvm::ArrayRef<unsigned> order);

/// Fits a register (or offset) layout `tile` over standard output dimensions
/// to `shape`: a dimension smaller than the tile wraps around (coordinates are
/// taken modulo the shape, so the bits beyond it broadcast), a larger one is
/// covered by repeating the tile over more bits of the first input dimension,
/// the dimensions taken in `repeatOrder`.
LinearLayout fitToShape(const LinearLayout &tile, llvm::ArrayRef<int64_t> shape,
                        llvm::ArrayRef<unsigned> repeatOrder);

/// Triton's blocked layout: each thread holds a `sizePerThread` block, the
/// threads of a warp tile `threadsPerWarp` blocks and the warps of the CTA
/// tile `warpsPerCTA` of those, every level enumerating `order[0]` fastest;
/// the result fits `shape` (see fitToShape).
LinearLayout blockedLayout(llvm::ArrayRef<int64_t> shape,
                           llvm::ArrayRef<unsigned> sizePerThread,
                           llvm::ArrayRef<unsigned> threadsPerWarp,
                           llvm::ArrayRef<unsigned> warpsPerCTA,
                           llvm::ArrayRef<unsigned> order);

/// The layout of a tensor that drops dimension `dim` of a tensor in layout
/// `parent` (a reduction's result, or the operand of expand_dims): the bits
/// that moved along `dim` now reach no new element. Lane and warp bits stay
/// (as broadcast); register bits that became 0 are removed, since a register
/// copy of another register is useless. Output dimensions are renamed to the
/// standard names of the lower rank.
LinearLayout sliceLayout(const LinearLayout &parent, unsigned dim);

/// The accumulator of mma.sync m16n8 (any k) over a [M, N] tensor: in each
/// 16x8 tile, lane `l` holds rows `l/4` and `l/4 + 8`, columns `(l%4)*2` and
/// `+1`, in registers (row, col) = (0,0), (0,1), (8,0), (8,1). Warps tile
/// `warpsPerCTA` such tiles, dim0 fastest; registers repeat the CTA tile
/// along N, then M.
LinearLayout mmaV2Layout(llvm::ArrayRef<int64_t> shape,
                         llvm::ArrayRef<unsigned> warpsPerCTA);

/// An operand of mma.sync m16n8k(256/elemBits) in registers, for the
/// accumulator layout `mmaV2Layout(.., warpsPerCTA)`: `opIdx` 0 is A ([M, K]),
/// 1 is B ([K, N]). Each 32-bit register packs `32/elemBits` consecutive
/// elements along K. Warps along the other operand's dimension hold copies.
/// Registers repeat along K first.
LinearLayout mmaV2DotOperandLayout(llvm::ArrayRef<int64_t> shape,
                                   unsigned opIdx, unsigned elemBits,
                                   llvm::ArrayRef<unsigned> warpsPerCTA);

/// The accumulator of wgmma m64nNk* over a [M, N] tensor with instruction
/// width `instrN` (a power of two, 8..256): warp `w` of a warpgroup owns rows
/// `16w .. 16w+15` of the 64-row tile; register `i` of lane `l` holds row
/// `l/4 + 8*((i/2)%2)`, column `8*(i/4) + (l%4)*2 + i%2` of its 16 rows.
/// `warpsPerCTA[0]` must be a multiple of 4; warps tile dim0 first, then
/// instrN-wide columns. Registers repeat the CTA tile along N, then M.
LinearLayout mmaV3Layout(llvm::ArrayRef<int64_t> shape, unsigned instrN,
                         llvm::ArrayRef<unsigned> warpsPerCTA);

/// A shared-memory layout from element offset to tensor coordinates, with the
/// 16-byte chunks of each 128-byte span permuted as the TMA and wgmma swizzle
/// modes do. `order[0]` is the contiguous dimension; with `swizzleBytes` 0 the
/// tensor is stored row-major in `order`. Otherwise it is stored in atoms
/// `swizzleBytes` wide along `order[0]` (each atom holds every row, atoms
/// follow each other), and the byte address `a` of an element is that of the
/// unswizzled storage with bits [4, 4+B) XORed with bits [7, 7+B), B =
/// log2(swizzleBytes / 16): CUTLASS's Swizzle<B, 4, 3> on bytes. For rows of
/// exactly 128 bytes this is `chunk ^= row % 8`; for 64-byte rows `chunk ^=
/// (row / 2) % 4`, for 32-byte rows `chunk ^= (row / 4) % 2`, so that the 8
/// rows of any 8 x 16-byte ldmatrix block hit 8 distinct 16-byte bank groups.
LinearLayout sharedSwizzledLayout(llvm::ArrayRef<int64_t> shape,
                                  unsigned elemBits, unsigned swizzleBytes,
                                  llvm::ArrayRef<unsigned> order);

} // namespace tilec::tilegpu

#endif // TILEC_DIALECTS_TILEGPU_IR_LINEARLAYOUTCONSTRUCTORS_H
