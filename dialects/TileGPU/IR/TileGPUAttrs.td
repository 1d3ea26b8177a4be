//===- TileGPUAttrs.td - TileGPU layout attributes ---------*- tablegen -*-===//
//
// Layout encodings for tensors (distributed over threads) and for shared
// memory. Every distributed layout implements LayoutEncodingTrait, whose
// toLinearLayout() is the single source of truth for index computations.
//
//===----------------------------------------------------------------------===//

#ifndef TILEC_DIALECTS_TILEGPU_IR_TILEGPUATTRS_TD
#define TILEC_DIALECTS_TILEGPU_IR_TILEGPUATTRS_TD

include "TileGPU/IR/TileGPUDialect.td"
include "mlir/IR/AttrTypeBase.td"
include "mlir/IR/TensorEncoding.td"

def TileGPU_LayoutEncodingTrait : AttrInterface<"LayoutEncodingTrait"> {
  let cppNamespace = "::tilec::tilegpu";
  let description = [{
    A layout of a tensor over the threads of a CTA: which (register, lane,
    warp) holds which element, as a linear layout.
  }];
  let methods = [
    InterfaceMethod<"The rank of tensors this layout applies to.",
                    "unsigned", "getRank">,
    InterfaceMethod<[{The linear layout from (register, lane, warp) to the
                      coordinates (dim0, dim1, ...) of a tensor of `shape`.}],
                    "::tilec::tilegpu::LinearLayout", "toLinearLayout",
                    (ins "::llvm::ArrayRef<int64_t>":$shape)>,
  ];
}

class TileGPU_Attr<string name, string attrMnemonic, list<Trait> traits = []>
    : AttrDef<TileGPU_Dialect, name, traits> {
  let mnemonic = attrMnemonic;
}

def TileGPU_BlockedEncodingAttr
    : TileGPU_Attr<"BlockedEncoding", "blocked",
                   [DeclareAttrInterfaceMethods<TileGPU_LayoutEncodingTrait>,
                    DeclareAttrInterfaceMethods<VerifiableTensorEncoding>]> {
  let summary = "each thread owns a block; threads and warps tile the tensor";
  let description = [{
    Thread `t` of warp `w` holds a `sizePerThread` block of consecutive
    elements; the 32 threads of a warp tile `threadsPerWarp` blocks and the
    warps tile `warpsPerCTA` of those, each level enumerating `order[0]`
    (the fastest-varying dimension) first. A tensor larger than the tile
    repeats it over more registers; a smaller one broadcasts.

    ```mlir
    #tilegpu.blocked<{sizePerThread = [1, 4], threadsPerWarp = [4, 8],
                      warpsPerCTA = [4, 1], order = [1, 0]}>
    ```
  }];
  let parameters = (ins ArrayRefParameter<"unsigned">:$sizePerThread,
                        ArrayRefParameter<"unsigned">:$threadsPerWarp,
                        ArrayRefParameter<"unsigned">:$warpsPerCTA,
                        ArrayRefParameter<"unsigned">:$order);
  let assemblyFormat = [{
    `<` `{` `sizePerThread` `=` `[` $sizePerThread `]` `,`
            `threadsPerWarp` `=` `[` $threadsPerWarp `]` `,`
            `warpsPerCTA` `=` `[` $warpsPerCTA `]` `,`
            `order` `=` `[` $order `]` `}` `>`
  }];
  let genVerifyDecl = 1;
  let extraClassDeclaration = [{
    /// The default layout for `shape` on `numWarps` warps of
    /// `threadsPerWarp` threads: one element per thread, threads then warps
    /// laid along the fastest dimension first.
    static BlockedEncodingAttr getDefault(::mlir::MLIRContext *ctx,
                                          ::llvm::ArrayRef<int64_t> shape,
                                          unsigned numWarps,
                                          unsigned threadsPerWarp = 32);
    /// A layout for `shape` in which each thread owns `sizePerThread`
    /// elements and lanes, then warps, are laid along `order` (fastest
    /// dimension first) over what one thread's block leaves; threads or
    /// warps left over once the shape is covered go to the slowest dimension
    /// (they hold copies).
    static BlockedEncodingAttr getForShape(::mlir::MLIRContext *ctx,
                                           ::llvm::ArrayRef<int64_t> shape,
                                           ::llvm::ArrayRef<unsigned> sizePerThread,
                                           ::llvm::ArrayRef<unsigned> order,
                                           unsigned numWarps,
                                           unsigned threadsPerWarp);
  }];
}

def TileGPU_SliceEncodingAttr
    : TileGPU_Attr<"SliceEncoding", "slice",
                   [DeclareAttrInterfaceMethods<TileGPU_LayoutEncodingTrait>,
                    DeclareAttrInterfaceMethods<VerifiableTensorEncoding>]> {
  let summary = "a parent layout with one dimension removed";
  let description = [{
    The layout of a tensor that drops dimension `dim` of a tensor laid out by
    `parent`: the result of a reduction along `dim`, or the operand of an
    expand_dims at `dim`. Threads that differed only along `dim` hold the same
    elements.

    ```mlir
    #tilegpu.slice<{dim = 1, parent = #blocked}>
    ```
  }];
  let parameters = (ins "unsigned":$dim,
                        "::tilec::tilegpu::LayoutEncodingTrait":$parent);
  let assemblyFormat = "`<` `{` `dim` `=` $dim `,` `parent` `=` $parent `}` `>`";
  let genVerifyDecl = 1;
}

def TileGPU_MmaEncodingAttr
    : TileGPU_Attr<"MmaEncoding", "mma",
                   [DeclareAttrInterfaceMethods<TileGPU_LayoutEncodingTrait>,
                    DeclareAttrInterfaceMethods<VerifiableTensorEncoding>]> {
  let summary = "the accumulator of a tensor-core instruction";
  let description = [{
    Version 2 is mma.sync m16n8 (sm_80+), version 3 is wgmma m64nN (sm_90a,
    `instrN` its N). `warpsPerCTA` tiles the instruction over the warps.

    ```mlir
    #tilegpu.mma<{version = 3, instrN = 128, warpsPerCTA = [4, 1]}>
    ```
  }];
  let parameters = (ins "unsigned":$version, "unsigned":$instrN,
                        ArrayRefParameter<"unsigned">:$warpsPerCTA);
  let assemblyFormat = [{
    `<` `{` `version` `=` $version `,` `instrN` `=` $instrN `,`
            `warpsPerCTA` `=` `[` $warpsPerCTA `]` `}` `>`
  }];
  let genVerifyDecl = 1;
}

def TileGPU_DotOperandEncodingAttr
    : TileGPU_Attr<"DotOperandEncoding", "dot_op",
                   [DeclareAttrInterfaceMethods<TileGPU_LayoutEncodingTrait>,
                    DeclareAttrInterfaceMethods<VerifiableTensorEncoding>]> {
  let summary = "an operand of a tensor-core instruction held in registers";
  let description = [{
    Operand `opIdx` (0 = A, 1 = B) of the mma layout `parent`, with
    `elemBits`-bit elements packed into 32-bit registers along K. A version
    3 (wgmma) parent takes only operand 0 with 16-bit elements: wgmma reads
    B from shared memory, and its A fragment is per warp mma.sync's.

    ```mlir
    #tilegpu.dot_op<{opIdx = 0, parent = #mma, elemBits = 16}>
    ```
  }];
  let parameters = (ins "unsigned":$opIdx,
                        "::tilec::tilegpu::MmaEncodingAttr":$parent,
                        "unsigned":$elemBits);
  let assemblyFormat = [{
    `<` `{` `opIdx` `=` $opIdx `,` `parent` `=` $parent `,`
            `elemBits` `=` $elemBits `}` `>`
  }];
  let genVerifyDecl = 1;
}

def TileGPU_SharedEncodingAttr : TileGPU_Attr<"SharedEncoding", "shared"> {
  let summary = "a shared-memory layout with an optional swizzle";
  let description = [{
    `order[0]` is the contiguous dimension; `swizzleBytes` (0, 32, 64 or 128)
    selects the 16-byte-chunk XOR swizzle that TMA and wgmma use, which also
    makes ldmatrix-style accesses free of bank conflicts.

    ```mlir
    #tilegpu.shared<{swizzleBytes = 128, order = [1, 0]}>
    ```
  }];
  let parameters = (ins "unsigned":$swizzleBytes,
                        ArrayRefParameter<"unsigned">:$order);
  let assemblyFormat = [{
    `<` `{` `swizzleBytes` `=` $swizzleBytes `,`
            `order` `=` `[` $order `]` `}` `>`
  }];
  let genVerifyDecl = 1;
  let extraClassDeclaration = [{
    /// The linear layout from (offset) to tensor coordinates.
    ::tilec::tilegpu::LinearLayout toLinearLayout(
        ::llvm::ArrayRef<int64_t> shape, unsigned elemBits) const;
  }];
}

#endif // TILEC_DIALECTS_TILEGPU_IR_TILEGPUATTRS_TD
