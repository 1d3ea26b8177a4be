//===- AxisInfoRules.h - Axis analysis transfer functions -------*- C++ -*-===//
//
// The transfer functions of the axis analysis as pure functions from the
// AxisInfo of the operands (and the shapes or constants an op carries) to the
// AxisInfo of the result, free of IR so that unit tests can check each one
// against brute force on concrete tiles. AxisInfo.cpp maps ops onto them.
//
// Unless a comment says otherwise, the operands of a rule are initialized and
// have the rank of the result. Integer and pointer operands are treated
// alike; pointers count in elements (see AxisInfo.h).
//
//===----------------------------------------------------------------------===//

#ifndef TILEC_LIB_ANALYSIS_AXISINFORULES_H
#define TILEC_LIB_ANALYSIS_AXISINFORULES_H

#include "Analysis/AxisInfo.h"

#include "llvm/ADT/ArrayRef.h"

#include <cstdint>

namespace tilec::axisinfo {

//===----------------------------------------------------------------------===//
// Helpers
//===----------------------------------------------------------------------===//

/// The largest power of two that divides every element of `info` whose index
/// along `dim` is a multiple of `stride`: the divisibility at the run starts
/// if `stride` is a multiple of the contiguity, else the smaller of that and
/// the offset a position can have inside its run.
int64_t divisibilityAtStride(const AxisInfo &info, unsigned dim,
                             int64_t stride);

/// The largest power of two known to divide every element of `info`.
int64_t elementDivisibility(const AxisInfo &info);

/// The largest power of two g such that, along `dim`, `lhs` is contiguous on
/// aligned blocks of g starting at multiples of g, and `rhs` is constant on
/// them with a value that is a multiple of g. No multiple of `rhs` then falls
/// strictly inside a block of `lhs`, so lhs / rhs and lhs < rhs are constant
/// on the block and lhs % rhs is contiguous on it.
int64_t alignedBlock(const AxisInfo &lhs, const AxisInfo &rhs, unsigned dim);

/// `info` with every element known to equal `value`: same runs, divisibility
/// of `value`. `info` must be constant on the whole shape (a constant or a
/// splat).
AxisInfo withConstant(const AxisInfo &info, int64_t value);

/// The exact AxisInfo of a concrete tile: `values` in row-major order, one
/// per element of `shape` (shape {1} for a scalar).
AxisInfo fromValues(llvm::ArrayRef<int64_t> shape,
                    llvm::ArrayRef<int64_t> values);

//===----------------------------------------------------------------------===//
// Arithmetic
//===----------------------------------------------------------------------===//

/// lhs + rhs, and tile.addptr (pointer + offset, in elements).
AxisInfo add(const AxisInfo &lhs, const AxisInfo &rhs);
/// lhs - rhs.
AxisInfo sub(const AxisInfo &lhs, const AxisInfo &rhs);
/// lhs * rhs.
AxisInfo mul(const AxisInfo &lhs, const AxisInfo &rhs);
/// lhs / rhs (rounding down), for a non-negative lhs and a positive rhs.
AxisInfo div(const AxisInfo &lhs, const AxisInfo &rhs);
/// lhs % rhs, for a non-negative lhs and a positive rhs.
AxisInfo rem(const AxisInfo &lhs, const AxisInfo &rhs);
/// lhs & rhs, exact for any signs (masks with 2^j - 1 and -2^j are a
/// remainder and a rounding down).
AxisInfo bitAnd(const AxisInfo &lhs, const AxisInfo &rhs);
/// lhs | rhs and lhs ^ rhs (`isXor`).
AxisInfo bitOrXor(const AxisInfo &lhs, const AxisInfo &rhs, bool isXor);
/// lhs << rhs.
AxisInfo shiftLeft(const AxisInfo &lhs, const AxisInfo &rhs);
/// lhs >> rhs, arithmetic or, for a non-negative lhs, logical.
AxisInfo shiftRight(const AxisInfo &lhs, const AxisInfo &rhs);
/// min and max, signed or unsigned.
AxisInfo minMax(const AxisInfo &lhs, const AxisInfo &rhs);

/// Which comparisons are constant on an aligned block where one side is
/// contiguous and the other a multiple of the block size.
enum class CmpKind {
  /// lhs < rhs and its negation lhs >= rhs (signed or unsigned).
  LessThan,
  /// lhs > rhs and its negation lhs <= rhs.
  GreaterThan,
  /// == and !=.
  Equality,
};
/// An integer comparison; the result is an i1 tile.
AxisInfo cmp(CmpKind kind, const AxisInfo &lhs, const AxisInfo &rhs);

/// select(cond, t, f); `cond` has the rank of the result (splat a scalar
/// condition first).
AxisInfo select(const AxisInfo &cond, const AxisInfo &t, const AxisInfo &f);

/// trunci to `bitWidth` bits: runs that could wrap (read sign-extended) are cut
/// to aligned blocks that cannot.
AxisInfo trunc(const AxisInfo &src, unsigned bitWidth);

/// A value reinterpreted from elements of `srcBytes` to elements of `dstBytes`
/// bytes: ptr_to_int (dst 1), int_to_ptr (src 1), pointer bitcasts.
AxisInfo rescale(const AxisInfo &src, unsigned srcBytes, unsigned dstBytes);

/// An elementwise op that the analysis has no rule for: equal operands give
/// equal results, nothing more. Each operand has the rank of the result.
AxisInfo elementwise(llvm::ArrayRef<const AxisInfo *> operands);

/// tile.load: equal pointers (and mask and other) load equal values. `mask`
/// and `other` may be null.
AxisInfo load(const AxisInfo &ptr, const AxisInfo *mask, const AxisInfo *other);

//===----------------------------------------------------------------------===//
// Tile construction and shape manipulation
//===----------------------------------------------------------------------===//

/// tile.make_range start to end.
AxisInfo makeRange(int64_t start, int64_t end);
/// tile.splat of a scalar to `shape`.
AxisInfo splat(const AxisInfo &scalar, llvm::ArrayRef<int64_t> shape);
/// tile.broadcast from `srcShape` to `dstShape` (same rank).
AxisInfo broadcast(const AxisInfo &src, llvm::ArrayRef<int64_t> srcShape,
                   llvm::ArrayRef<int64_t> dstShape);
/// tile.expand_dims at `axis` (0 to the rank of `src`).
AxisInfo expandDims(const AxisInfo &src, unsigned axis);
/// tile.trans: result dimension i is source dimension order[i].
AxisInfo trans(const AxisInfo &src, llvm::ArrayRef<int32_t> order);
/// tile.reshape from `srcShape` to `dstShape`, keeping the row-major order of
/// the elements unless `allowReorder`.
AxisInfo reshape(const AxisInfo &src, llvm::ArrayRef<int64_t> srcShape,
                 llvm::ArrayRef<int64_t> dstShape, bool allowReorder);

/// tile.hint: the given arrays (empty when absent) replace what the analysis
/// derived; `shape` bounds the runs.
AxisInfo hint(const AxisInfo &src, llvm::ArrayRef<int64_t> shape,
              llvm::ArrayRef<int64_t> divisibility,
              llvm::ArrayRef<int64_t> contiguity,
              llvm::ArrayRef<int64_t> constancy);

} // namespace tilec::axisinfo

#endif // TILEC_LIB_ANALYSIS_AXISINFORULES_H
