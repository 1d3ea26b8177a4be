//===- TileTypes.td - Tile dialect types -------------------*- tablegen -*-===//
//
// The `!tile.ptr<T>` type and the type constraints that the tile ops use:
// scalars, pointers and tiles (ranked tensors of either, any encoding).
//
//===----------------------------------------------------------------------===//

#ifndef TILEC_DIALECTS_TILE_IR_TILETYPES_TD
#define TILEC_DIALECTS_TILE_IR_TILETYPES_TD

include "Tile/IR/TileDialect.td"
include "mlir/IR/AttrTypeBase.td"
include "mlir/IR/BuiltinTypeInterfaces.td"

//===----------------------------------------------------------------------===//
// Types
//===----------------------------------------------------------------------===//

class Tile_TypeDef<string name, string typeMnemonic, list<Trait> traits = []>
    : TypeDef<Tile_Dialect, name, traits> {
  let mnemonic = typeMnemonic;
}

def Tile_PtrType : Tile_TypeDef<"Ptr", "ptr"> {
  let summary = "pointer into global memory";
  let description = [{
    A pointer to a value of `pointeeType` in the global address space, e.g.
    `!tile.ptr<f16>`. The pointee is an integer, a float or another pointer.
    A tensor of pointers, `tensor<128x!tile.ptr<f16>>`, is a tile of
    addresses that `tile.load` and `tile.store` access elementwise.
  }];

  let parameters = (ins "::mlir::Type":$pointeeType);
  let assemblyFormat = "`<` $pointeeType `>`";

  let builders = [
    TypeBuilderWithInferredContext<(ins "::mlir::Type":$pointeeType), [{
      return $_get(pointeeType.getContext(), pointeeType);
    }]>
  ];
  let skipDefaultBuilders = 0;
  let genVerifyDecl = 1;
}

def Tile_TensorDescType : Tile_TypeDef<"TensorDesc", "tensordesc"> {
  let summary = "a tensor descriptor (a CUtensorMap passed by the host)";
  let description = [{
    Triton's host-side TensorDescriptor: a 2-D tensor in global memory read
    and written a `blockType` block at a time, e.g.
    `!tile.tensordesc<tensor<128x64xf16>>`. The kernel receives the tensor
    map the launcher encodes (include/tilec/TensorDescriptor.h says how the
    box and swizzle follow from the block); the tensor's base, shape and
    strides live in the map, so out-of-bounds elements of a block read as
    zero and are not written.
  }];

  let parameters = (ins "::mlir::RankedTensorType":$blockType);
  let assemblyFormat = "`<` $blockType `>`";
  let genVerifyDecl = 1;
}

//===----------------------------------------------------------------------===//
// Type constraints
//===----------------------------------------------------------------------===//

def Tile_Ptr : Type<CPred<"::llvm::isa<::tilec::tile::PtrType>($_self)">,
                    "pointer", "::tilec::tile::PtrType">;

def Tile_TensorDesc : Type<
    CPred<"::llvm::isa<::tilec::tile::TensorDescType>($_self)">,
    "tensor descriptor", "::tilec::tile::TensorDescType">;

def Tile_Float : AnyTypeOf<[F8E4M3FN, F8E5M2, F16, BF16, F32, F64],
                           "floating-point">;
def Tile_Int : AnyTypeOf<[I1, I8, I16, I32, I64], "integer">;
def Tile_Scalar : AnyTypeOf<[Tile_Float, Tile_Int, Tile_Ptr],
                            "integer, floating-point or pointer">;

/// A tile: a statically shaped tensor, with any encoding, of the given
/// element types.
class Tile_TensorOf<list<Type> elementTypes>
    : StaticShapeTensorOf<elementTypes>;

def Tile_Tensor : Tile_TensorOf<[Tile_Scalar]>;
def Tile_FloatTensor : Tile_TensorOf<[Tile_Float]>;
def Tile_IntTensor : Tile_TensorOf<[Tile_Int]>;
def Tile_PtrTensor : Tile_TensorOf<[Tile_Ptr]>;
def Tile_BoolTensor : Tile_TensorOf<[I1]>;
def Tile_I32Tensor : Tile_TensorOf<[I32]>;
def Tile_I64Tensor : Tile_TensorOf<[I64]>;

def Tile_Type : AnyTypeOf<[Tile_Scalar, Tile_Tensor], "scalar or tile">;
def Tile_FloatLike : AnyTypeOf<[Tile_Float, Tile_FloatTensor],
                               "floating-point scalar or tile">;
def Tile_IntLike : AnyTypeOf<[Tile_Int, Tile_IntTensor],
                             "integer scalar or tile">;
def Tile_PtrLike : AnyTypeOf<[Tile_Ptr, Tile_PtrTensor],
                             "pointer or tile of pointers">;
def Tile_BoolLike : AnyTypeOf<[I1, Tile_BoolTensor], "i1 scalar or tile">;
def Tile_I64Like : AnyTypeOf<[I64, Tile_I64Tensor], "i64 scalar or tile">;
def Tile_IntOrPtrLike : AnyTypeOf<[Tile_Int, Tile_Ptr, Tile_IntTensor,
                                   Tile_PtrTensor],
                                  "integer or pointer scalar or tile">;

/// Operand types of `tile.dot`.
def Tile_DotOperandTensor
    : Tile_TensorOf<[F16, BF16, F32, F64, I8, F8E4M3FN, F8E5M2]>;
def Tile_DotAccTensor : Tile_TensorOf<[F16, F32, F64, I32]>;

#endif // TILEC_DIALECTS_TILE_IR_TILETYPES_TD
