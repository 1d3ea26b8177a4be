//===- TileGPUTypes.td - TileGPU types ---------------------*- tablegen -*-===//
//
// `!tilegpu.memdesc`: a tile in shared memory, with its shared layout.
//
//===----------------------------------------------------------------------===//

#ifndef TILEC_DIALECTS_TILEGPU_IR_TILEGPUTYPES_TD
#define TILEC_DIALECTS_TILEGPU_IR_TILEGPUTYPES_TD

include "TileGPU/IR/TileGPUAttrs.td"

def TileGPU_MemDescType : TypeDef<TileGPU_Dialect, "MemDesc"> {
  let mnemonic = "memdesc";
  let summary = "a tile held in shared memory";
  let description = [{
    A `shape` tile of `elementType` in the CTA's shared memory, laid out by
    `encoding` (a `#tilegpu.shared`).

    ```mlir
    !tilegpu.memdesc<[128, 64], f16, #tilegpu.shared<{swizzleBytes = 128, order = [1, 0]}>>
    ```
  }];
  let parameters = (ins ArrayRefParameter<"int64_t">:$shape,
                        "::mlir::Type":$elementType,
                        "::tilec::tilegpu::SharedEncodingAttr":$encoding);
  let assemblyFormat = "`<` `[` $shape `]` `,` $elementType `,` $encoding `>`";
  let genVerifyDecl = 1;
  let extraClassDeclaration = [{
    /// The number of bytes the tile occupies.
    int64_t getSizeInBytes() const;
  }];
}

#endif // TILEC_DIALECTS_TILEGPU_IR_TILEGPUTYPES_TD
