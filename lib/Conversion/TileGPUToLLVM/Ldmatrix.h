//===- Ldmatrix.h - ldmatrix fragments from linear layouts ------*- C++ -*-===//
//
// Whether ldmatrix.x4 can read a shared tile into a distributed layout, and
// which row address each lane then supplies. The local_load lowering
// (LocalLoadOpToLLVM.cpp) and the unit tests share this, so that the unit
// tests can replay the PTX ISA's ldmatrix fragment against the layouts.
//
//===----------------------------------------------------------------------===//

#ifndef TILEC_LIB_CONVERSION_TILEGPUTOLLVM_LDMATRIX_H
#define TILEC_LIB_CONVERSION_TILEGPUTOLLVM_LDMATRIX_H

#include "TileGPU/IR/LinearLayout.h"

#include <optional>

namespace tilec::gpu_to_llvm {

/// How ldmatrix.x4 (m8n8, b16) reads a tile: whether transposed, and per
/// instruction (input `register` n reads destination registers 8n .. 8n+7)
/// the element offset of the 16-byte row each (lane, warp) supplies.
struct LdmatrixPlan {
  bool trans;
  tilegpu::LinearLayout rowAddress;
};

/// The ldmatrix.x4 plan for `toOffset`, a map (register, lane, warp) ->
/// element offset of a tile of 16-bit elements (the shared layout inverted
/// and composed with the destination layout), trying without and then with
/// `.trans`; std::nullopt when neither fragment matches the registers, or
/// when a row would not be 16 contiguous, 16-byte-aligned bytes.
std::optional<LdmatrixPlan>
getLdmatrixPlan(const tilegpu::LinearLayout &toOffset);

} // namespace tilec::gpu_to_llvm

#endif // TILEC_LIB_CONVERSION_TILEGPUTOLLVM_LDMATRIX_H
