//===- WarpGroupDotAttrs.h - Discardable attributes of wgmma dots -*- C++ -*-===//
//
// Attributes that tilegpu-accelerate-dot puts on a tilegpu.warp_group_dot
// for its lowering (WarpGroupDotOpToLLVM.cpp), outside the op's definition
// because only fp8 dots carry them.
//
//===----------------------------------------------------------------------===//

#ifndef TILEC_DIALECTS_TILEGPU_IR_WARPGROUPDOTATTRS_H
#define TILEC_DIALECTS_TILEGPU_IR_WARPGROUPDOTATTRS_H

#include "llvm/ADT/StringRef.h"

namespace tilec::tilegpu {

/// Triton's max_num_imprecise_acc of an fp8 dot (an i32): at most this many
/// K elements are summed in wgmma's reduced-precision accumulator before
/// the sum is added to the fp32 accumulator. Absent: never split.
inline constexpr llvm::StringLiteral kMaxNumImpreciseAccAttr =
    "tilegpu.max_num_imprecise_acc";

} // namespace tilec::tilegpu

#endif // TILEC_DIALECTS_TILEGPU_IR_WARPGROUPDOTATTRS_H
