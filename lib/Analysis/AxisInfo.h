//===- AxisInfo.h - Contiguity, divisibility, constancy ---------*- C++ -*-===//
//
// The axis analysis: for every integer and pointer value (scalar or tile) of a
// module, per dimension, how long its runs of consecutive values are
// (contiguity), what power of two divides the first value of each run
// (divisibility) and how long its runs of equal values are (constancy). The
// coalescing pass reads it to choose, for each load and store, how many
// consecutive elements one thread can access with one vector instruction.
//
// Semantics, per dimension `d` of a value of shape S (a scalar is one
// dimension of size 1), with runs counted along `d` while the other
// coordinates stay fixed:
//   - contiguity[d] = c: c divides S[d] and along `d`, every aligned block of
//     c elements (starting at an index that is a multiple of c) holds
//     v, v + 1, ..., v + c - 1;
//   - constancy[d] = k: likewise, every aligned block of k elements holds one
//     value;
//   - divisibility[d] = 2^j: 2^j divides every element whose index along `d`
//     is a multiple of contiguity[d] (the first element of each run; every
//     element when contiguity[d] = 1). Capped at kMaxDivisibility; 0 is
//     divisible by the cap.
//
// Pointers count in ELEMENTS of their pointee, never bytes: a pointer tile of
// contiguity c steps by one element (sizeof(T) bytes) along its runs, and
// divisibility 2^j means the address is a multiple of 2^j * sizeof(T) bytes.
// This is the unit of `tile.addptr` offsets and of `tile.hint` (whose
// divisibility on pointers is documented in elements), so pointer arithmetic
// follows the integer rules unchanged. The only conversions happen where bytes
// enter or leave: a pointer argument's `tile.divisibility` (the `:16` of the
// signature, in bytes) becomes 16 / sizeof(T) elements; ptr_to_int,
// int_to_ptr and pointer bitcasts rescale. Every pointer is assumed aligned
// to its own element type (as the hardware requires of typed accesses), so
// nothing is lost against counting bytes, as Triton's analysis does.
//
// The analysis is sound under two assumptions that index arithmetic meets and
// that Triton's analysis makes as well: integer arithmetic does not wrap, and
// the dividends of signed division and remainder are non-negative.
//
//===----------------------------------------------------------------------===//

#ifndef TILEC_LIB_ANALYSIS_AXISINFO_H
#define TILEC_LIB_ANALYSIS_AXISINFO_H

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/Value.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/Support/raw_ostream.h"

#include <cstdint>
#include <optional>
#include <string>

namespace tilec {

/// What is known about the values of one integer or pointer scalar or tile:
/// one contiguity, divisibility and constancy entry per dimension (see the
/// file comment), and its value when every element is the same known
/// constant. A default-constructed AxisInfo is *uninitialized*: no
/// information yet, the bottom of the lattice, which `join` leaves to the
/// other side.
class AxisInfo {
public:
  using DimVector = llvm::SmallVector<int64_t, 4>;

  /// The largest divisibility recorded; 0 and large powers of two get it.
  static constexpr int64_t kMaxDivisibility = int64_t(1) << 30;

  /// The uninitialized state.
  AxisInfo() = default;
  /// A state with the given entries, one per dimension each.
  AxisInfo(DimVector contiguity, DimVector divisibility, DimVector constancy,
           std::optional<int64_t> constantValue = std::nullopt);

  /// Nothing known: contiguity, divisibility and constancy 1 everywhere.
  static AxisInfo getPessimistic(unsigned rank);
  /// Every element equals `value`; `shape` is the value's shape ({1} for a
  /// scalar).
  static AxisInfo getConstant(llvm::ArrayRef<int64_t> shape, int64_t value);

  bool isInitialized() const { return !contiguity.empty(); }
  unsigned getRank() const { return contiguity.size(); }

  int64_t getContiguity(unsigned dim) const { return contiguity[dim]; }
  int64_t getDivisibility(unsigned dim) const { return divisibility[dim]; }
  int64_t getConstancy(unsigned dim) const { return constancy[dim]; }
  llvm::ArrayRef<int64_t> getContiguity() const { return contiguity; }
  llvm::ArrayRef<int64_t> getDivisibility() const { return divisibility; }
  llvm::ArrayRef<int64_t> getConstancy() const { return constancy; }
  /// The value of every element, when it is one known constant.
  std::optional<int64_t> getConstantValue() const { return constantValue; }

  /// The most precise state that holds for both sides (the lattice join):
  /// runs of the gcd of both lengths, and the divisibility both sides have at
  /// the starts of those (possibly shorter) runs. Uninitialized sides are
  /// ignored.
  static AxisInfo join(const AxisInfo &lhs, const AxisInfo &rhs);

  bool operator==(const AxisInfo &other) const;
  bool operator!=(const AxisInfo &other) const { return !(*this == other); }

  /// Prints `contiguity = [..], divisibility = [..], constancy = [..]`, or
  /// `uninitialized`.
  void print(llvm::raw_ostream &os) const;
  std::string toString() const;

private:
  DimVector contiguity;
  DimVector divisibility;
  DimVector constancy;
  std::optional<int64_t> constantValue;
};

inline llvm::raw_ostream &operator<<(llvm::raw_ostream &os,
                                     const AxisInfo &info) {
  info.print(os);
  return os;
}

/// The largest power of two that divides `value`, capped at
/// AxisInfo::kMaxDivisibility; 0 gets the cap.
int64_t highestPowerOf2Divisor(int64_t value);

/// The size in bytes of an element of a `!tile.ptr<T>` pointee type: bit
/// width / 8 rounded up for integers and floats (i1 takes a byte), 8 for a
/// pointer.
unsigned getPointeeBytes(mlir::Type pointeeType);

/// Runs the axis analysis over a module, once, and answers queries about its
/// values. The results are copied out of the data-flow solver, so the object
/// stays valid while the IR changes, but values created after the analysis
/// ran are unknown to it.
///
/// The analysis is an MLIR sparse forward data-flow analysis (with the
/// dead-code and constant-propagation analyses that the framework needs to
/// follow `scf` control flow): loop-carried values reach their fixed point
/// through the framework's joins, and code it proves dead gets no state.
class ModuleAxisInfoAnalysis {
public:
  explicit ModuleAxisInfoAnalysis(mlir::ModuleOp module);

  /// The state of `value`, or null if the analysis has none (a value outside
  /// the module, created after the analysis, or in dead code).
  const AxisInfo *getAxisInfo(mlir::Value value) const;

  /// Per-dimension getters; 1 (nothing known) for values without a state.
  int64_t getContiguity(mlir::Value value, unsigned dim) const;
  int64_t getDivisibility(mlir::Value value, unsigned dim) const;
  int64_t getConstancy(mlir::Value value, unsigned dim) const;

  /// The dimensions of `value` from the most to the least contiguous; ties
  /// put the later dimension first (row-major), so a value without runs gets
  /// [rank-1, ..., 0].
  llvm::SmallVector<unsigned> getOrder(mlir::Value value) const;

  /// The contiguity of a pointer (or integer) tile along its fastest
  /// dimension, `getOrder(ptr)[0]`, in elements.
  unsigned getContiguity(mlir::Value ptr) const;
  /// The divisibility of a pointer tile along its fastest dimension: every
  /// run starts at an address that is a multiple of this many elements.
  unsigned getPtrDivisibility(mlir::Value ptr) const;
  /// The number of elements each aligned run of `ptr` along its fastest
  /// dimension can be accessed in at once: min(contiguity, divisibility), in
  /// elements. The coalescing pass caps it at 16 bytes.
  unsigned getPtrAlignment(mlir::Value ptr) const;
  /// The constancy of a mask along its own fastest dimension (the last one,
  /// since a mask has no runs): how many consecutive elements share one
  /// predicate. To match a pointer, ask getConstancy(mask, order[0]) with the
  /// pointer's order.
  unsigned getMaskAlignment(mlir::Value mask) const;

private:
  llvm::DenseMap<mlir::Value, AxisInfo> infos;
};

/// Registers `tile-test-axis-info`, which annotates each op that produces an
/// integer or pointer value with a remark holding its AxisInfo.
void registerTestAxisInfoPass();

} // namespace tilec

#endif // TILEC_LIB_ANALYSIS_AXISINFO_H
