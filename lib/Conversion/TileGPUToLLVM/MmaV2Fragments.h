//===- MmaV2Fragments.h - mma.sync fragments of layouts ---------*- C++ -*-===//
//
// Which registers of a tile.dot's operands and accumulator fill which slots
// of which mma.sync m16n8kK instruction. The lowering (DotOpToLLVM.cpp) and
// the unit tests share this, so that the fragment orders of the PTX ISA are
// checked once, against the layouts' registers, for every supported
// instruction:
//   m16n8k16 f16/bf16 (2 per 32-bit register), m16n8k8 tf32 (1),
//   m16n8k32 s8 (4).
//
//===----------------------------------------------------------------------===//

#ifndef TILEC_LIB_CONVERSION_TILEGPUTOLLVM_MMAV2FRAGMENTS_H
#define TILEC_LIB_CONVERSION_TILEGPUTOLLVM_MMAV2FRAGMENTS_H

#include "TileGPU/IR/LinearLayout.h"

#include "mlir/Support/LLVM.h"

#include <map>

namespace tilec::gpu_to_llvm {

/// Which matrix of an mma.sync a layout holds.
enum class MmaOperand { A, B, C };

/// For each instruction tile (row tile, column tile of the operand: for A
/// (M, K), for B (K, N), for C (M, N)), the registers that fill its
/// fragment slots a0, a1, ... in slot order.
using FragmentMap =
    std::map<std::pair<int32_t, int32_t>, llvm::SmallVector<int>>;

/// The K of mma.sync m16n8kK for operands of `elemBits` bits: 256 /
/// elemBits (k16 for 16-bit, k8 for tf32, k32 for 8-bit elements).
inline unsigned getMmaV2K(unsigned elemBits) { return 256 / elemBits; }

/// Groups the registers of `layout` (an mma.sync operand or accumulator
/// layout, elements of `elemBits` bits for A and B) into the fragments of
/// m16n8k(256/elemBits). The PTX ISA orders each fragment the same way for
/// every element type: slots run along K within a 32-bit register
/// (32/elemBits elements), then over the row halves (A only: g, g + 8), then
/// over the K halves; C runs over the column pair, then the row halves.
/// Fails when a register has no slot, two share one, or a slot stays empty.
mlir::FailureOr<FragmentMap>
mapMmaV2Fragments(const tilegpu::LinearLayout &layout, MmaOperand operand,
                  unsigned elemBits);

} // namespace tilec::gpu_to_llvm

#endif // TILEC_LIB_CONVERSION_TILEGPUTOLLVM_MMAV2FRAGMENTS_H
