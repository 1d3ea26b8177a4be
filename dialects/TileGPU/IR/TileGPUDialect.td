//===- TileGPUDialect.td - TileGPU dialect definition ------*- tablegen -*-===//
//
// The `tilegpu` dialect: the `tile` program with a layout attached to every
// tensor (which thread of which warp holds which element), plus the
// operations that only exist once data has a place: layout conversions,
// shared memory and barriers.
//
//===----------------------------------------------------------------------===//

#ifndef TILEC_DIALECTS_TILEGPU_IR_TILEGPUDIALECT_TD
#define TILEC_DIALECTS_TILEGPU_IR_TILEGPUDIALECT_TD

include "mlir/IR/OpBase.td"

def TileGPU_Dialect : Dialect {
  let name = "tilegpu";
  let cppNamespace = "::tilec::tilegpu";
  let summary = "Tiles with layouts over the threads of a GPU program";
  let description = [{
    Values keep the `tile` dialect's operations and types; what changes is
    that every ranked tensor carries a layout encoding from this dialect
    (`#tilegpu.blocked`, `#tilegpu.slice`, `#tilegpu.mma`, `#tilegpu.dot_op`).
    Each layout is a constructor of a linear layout (LinearLayout.h): a map
    over bits from (register, lane, warp) to tensor coordinates, which all
    index arithmetic and conversions go through. Shared memory is a
    `!tilegpu.memdesc` with a `#tilegpu.shared` layout.

    The module carries `tilegpu.num_warps` and `tilegpu.threads_per_warp`.
  }];
  let dependentDialects = [
    "::tilec::tile::TileDialect",
    "::mlir::arith::ArithDialect",
    "::mlir::scf::SCFDialect",
  ];
  let useDefaultAttributePrinterParser = 1;
  let useDefaultTypePrinterParser = 1;
  let extraClassDeclaration = [{
    void registerAttributes();

    /// Module attribute names.
    static constexpr llvm::StringLiteral kNumWarpsAttr = "tilegpu.num_warps";
    static constexpr llvm::StringLiteral kThreadsPerWarpAttr =
        "tilegpu.threads_per_warp";
    /// On the consumers' loop of a warp-specialized kernel
    /// (tilegpu-warp-specialize): already pipelined across the roles.
    static constexpr llvm::StringLiteral kSplitLoopAttr =
        "tilegpu.split_loop";
  }];
}

class TileGPU_Op<string mnemonic, list<Trait> traits = []>
    : Op<TileGPU_Dialect, mnemonic, traits>;

#endif // TILEC_DIALECTS_TILEGPU_IR_TILEGPUDIALECT_TD
