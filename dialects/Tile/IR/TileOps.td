//===- TileOps.td - Tile dialect operations ----------------*- tablegen -*-===//
//
// The operations of the `tile` dialect: program indexing, tile construction
// and shape manipulation, pointer arithmetic, masked memory access, atomics,
// debugging and hints, dot, reductions and scans, and the conversions arith
// does not provide.
//
//===----------------------------------------------------------------------===//

#ifndef TILEC_DIALECTS_TILE_IR_TILEOPS_TD
#define TILEC_DIALECTS_TILE_IR_TILEOPS_TD

include "Tile/IR/TileDialect.td"
include "Tile/IR/TileTypes.td"
include "Tile/IR/TileAttrs.td"
include "mlir/IR/CommonAttrConstraints.td"
include "mlir/IR/OpBase.td"
include "mlir/Interfaces/ControlFlowInterfaces.td"
include "mlir/Interfaces/SideEffectInterfaces.td"

//===----------------------------------------------------------------------===//
// Common definitions
//===----------------------------------------------------------------------===//

/// Global memory, the resource that loads, stores and atomics touch.
def Tile_GlobalMemory : Resource<"::tilec::tile::GlobalMemory">;

/// Lets the assembly format derive the type of `rhs` from the type of `lhs`
/// through `transform`. The relation itself is checked by the op's C++
/// verifier, whose diagnostic names both types, so the predicate that this
/// trait contributes to the generated verifier is always true.
/// (`pointeeTypeOrSelf`, defined in TileOps.cpp, maps a non-pointer to itself
/// so that a malformed op still parses into something the verifier reports.)
///
/// Note on formats: the enum attributes print their keyword with a leading
/// space of their own, so the formats below put an empty literal `` before
/// each enum attribute to avoid a double space (`cache = cg`).
class Tile_TypeFrom<string lhs, string rhs, string transform>
    : TypesMatchWith<"type of '" # rhs # "' follows from '" # lhs # "'",
                     lhs, rhs, transform, "true || std::equal_to<>()">;

//===----------------------------------------------------------------------===//
// Program indexing
//===----------------------------------------------------------------------===//

class Tile_GridQueryOp<string mnemonic> : Tile_Op<mnemonic, [Pure]> {
  let arguments = (ins I32Attr:$axis);
  let results = (outs I32:$result);
  let assemblyFormat = "$axis attr-dict `:` type($result)";
  let builders = [
    OpBuilder<(ins "int":$axis), [{
      build($_builder, $_state, $_builder.getI32Type(),
            static_cast<uint32_t>(axis));
    }]>
  ];
  let hasVerifier = 1;
}

def Tile_ProgramIdOp : Tile_GridQueryOp<"program_id"> {
  let summary = "index of the running program along a grid axis";
  let description = [{
    Returns the index, along `axis` (0, 1 or 2), of the program instance that
    executes the kernel, like `tl.program_id(axis)`.

    ```mlir
    %pid = tile.program_id 0 : i32
    ```
  }];
}

def Tile_NumProgramsOp : Tile_GridQueryOp<"num_programs"> {
  let summary = "number of programs along a grid axis";
  let description = [{
    Returns the size of the launch grid along `axis` (0, 1 or 2), like
    `tl.num_programs(axis)`.

    ```mlir
    %n = tile.num_programs 1 : i32
    ```
  }];
}

//===----------------------------------------------------------------------===//
// Tile construction and shape manipulation
//===----------------------------------------------------------------------===//

def Tile_MakeRangeOp : Tile_Op<"make_range", [Pure]> {
  let summary = "1-D tile of consecutive integers";
  let description = [{
    Produces the 1-D tile `[start, start + 1, ..., end - 1]`, like
    `tl.arange(start, end)`. The size `end - start` must be a power of two.

    ```mlir
    %r = tile.make_range 0 to 128 : tensor<128xi32>
    ```
  }];
  let arguments = (ins I32Attr:$start, I32Attr:$end);
  let results = (outs Tile_I32Tensor:$result);
  let assemblyFormat = "$start `to` $end attr-dict `:` type($result)";
  let hasVerifier = 1;
}

def Tile_SplatOp : Tile_Op<"splat", [Pure]> {
  let summary = "tile with every element equal to a scalar";
  let description = [{
    Broadcasts the scalar (or pointer) `src` to every element of the result.

    ```mlir
    %t = tile.splat %x : f32 -> tensor<64x64xf32>
    ```
  }];
  let arguments = (ins Tile_Scalar:$src);
  let results = (outs Tile_Tensor:$result);
  let assemblyFormat = "$src attr-dict `:` type($src) `->` type($result)";
  let hasFolder = 1;
  let hasVerifier = 1;
}

def Tile_BroadcastOp : Tile_Op<"broadcast", [Pure]> {
  let summary = "broadcast the size-1 dimensions of a tile";
  let description = [{
    Repeats `src` along each dimension where it has size 1 to the size of the
    result. Both have the same rank and element type; every other dimension
    is equal.

    ```mlir
    %b = tile.broadcast %x : tensor<1x64xf32> -> tensor<32x64xf32>
    ```
  }];
  let arguments = (ins Tile_Tensor:$src);
  let results = (outs Tile_Tensor:$result);
  let assemblyFormat = "$src attr-dict `:` type($src) `->` type($result)";
  let hasFolder = 1;
  let hasVerifier = 1;
}

def Tile_ExpandDimsOp : Tile_Op<"expand_dims", [Pure]> {
  let summary = "insert a dimension of size 1";
  let description = [{
    Inserts a dimension of size 1 at `axis` (0 to the rank of `src`), the
    effect of `x[:, None]`.

    ```mlir
    %e = tile.expand_dims %x {axis = 1 : i32}
        : tensor<128xi32> -> tensor<128x1xi32>
    ```
  }];
  let arguments = (ins Tile_Tensor:$src, I32Attr:$axis);
  let results = (outs Tile_Tensor:$result);
  let assemblyFormat = "$src attr-dict `:` type($src) `->` type($result)";
  let builders = [
    /// Infers the result type from `src`, keeping its encoding.
    OpBuilder<(ins "::mlir::Value":$src, "int":$axis)>
  ];
  let hasFolder = 1;
  let hasCanonicalizer = 1;
  let hasVerifier = 1;
}

def Tile_ReshapeOp : Tile_Op<"reshape", [Pure]> {
  let summary = "reinterpret a tile with another shape";
  let description = [{
    Reshapes `src` to the result shape, which has the same number of
    elements and the same element type. With `allow_reorder`, the order of
    the elements in the result is unspecified (`tl.reshape(can_reorder=True)`),
    which lets a later layout pass pick the cheapest one.

    ```mlir
    %r = tile.reshape %x : tensor<4x32xf32> -> tensor<128xf32>
    %s = tile.reshape %x allow_reorder : tensor<4x32xf32> -> tensor<128xf32>
    ```
  }];
  let arguments = (ins Tile_Tensor:$src, UnitAttr:$allow_reorder);
  let results = (outs Tile_Tensor:$result);
  let assemblyFormat = [{
    $src (`allow_reorder` $allow_reorder^)? attr-dict `:` type($src) `->`
    type($result)
  }];
  let hasFolder = 1;
  let hasCanonicalizer = 1;
  let hasVerifier = 1;
}

def Tile_TransOp : Tile_Op<"trans", [Pure]> {
  let summary = "permute the dimensions of a tile";
  let description = [{
    Permutes the dimensions of `src`: result dimension `i` is source
    dimension `order[i]`.

    ```mlir
    %t = tile.trans %x {order = array<i32: 1, 0>}
        : tensor<16x32xf16> -> tensor<32x16xf16>
    ```
  }];
  let arguments = (ins Tile_Tensor:$src, DenseI32ArrayAttr:$order);
  let results = (outs Tile_Tensor:$result);
  let assemblyFormat = "$src attr-dict `:` type($src) `->` type($result)";
  let builders = [
    /// Infers the result type from `src`, keeping its encoding.
    OpBuilder<(ins "::mlir::Value":$src, "::llvm::ArrayRef<int32_t>":$order)>
  ];
  let hasFolder = 1;
  let hasVerifier = 1;
}

def Tile_JoinOp : Tile_Op<"join", [Pure, AllTypesMatch<["lhs", "rhs"]>]> {
  let summary = "join two tiles along a new minor dimension of size 2";
  let description = [{
    `tl.join`: the result has the shape of the operands (which have one
    type) plus a last dimension of size 2; element `[..., 0]` comes from
    `lhs`, `[..., 1]` from `rhs`.

    ```mlir
    %j = tile.join %a, %b : tensor<32x16xf32> -> tensor<32x16x2xf32>
    ```
  }];
  let arguments = (ins Tile_Tensor:$lhs, Tile_Tensor:$rhs);
  let results = (outs Tile_Tensor:$result);
  let assemblyFormat = [{
    $lhs `,` $rhs attr-dict `:` type($lhs) `->` type($result)
  }];
  let hasVerifier = 1;
}

def Tile_SplitOp : Tile_Op<"split", [Pure, AllTypesMatch<["lhs", "rhs"]>]> {
  let summary = "split a tile in two along its last dimension of size 2";
  let description = [{
    `tl.split`, the inverse of `tile.join`: `lhs` is `src[..., 0]`, `rhs` is
    `src[..., 1]`.

    ```mlir
    %a, %b = tile.split %j : tensor<32x16x2xf32> -> tensor<32x16xf32>
    ```
  }];
  let arguments = (ins Tile_Tensor:$src);
  let results = (outs Tile_Tensor:$lhs, Tile_Tensor:$rhs);
  let assemblyFormat = "$src attr-dict `:` type($src) `->` type($lhs)";
  let hasVerifier = 1;
}

def Tile_CatOp : Tile_Op<"cat", [Pure, AllTypesMatch<["lhs", "rhs"]>]> {
  let summary = "concatenate two 1-D tiles, in an unspecified order";
  let description = [{
    `tl.cat(can_reorder=True)`: the result holds the elements of `lhs` and
    `rhs` (1-D tiles of one type), in an order the compiler picks.

    ```mlir
    %c = tile.cat %a, %b : tensor<64xi32> -> tensor<128xi32>
    ```
  }];
  let arguments = (ins Tile_Tensor:$lhs, Tile_Tensor:$rhs);
  let results = (outs Tile_Tensor:$result);
  let assemblyFormat = [{
    $lhs `,` $rhs attr-dict `:` type($lhs) `->` type($result)
  }];
  let hasVerifier = 1;
}

//===----------------------------------------------------------------------===//
// Pointer arithmetic and conversions
//===----------------------------------------------------------------------===//

def Tile_AddPtrOp : Tile_Op<"addptr", [Pure,
                                       AllTypesMatch<["ptr", "result"]>]> {
  let summary = "advance pointers by element offsets";
  let description = [{
    Adds `offset` elements (not bytes) of the pointee type to each pointer.
    `offset` is an integer scalar for a scalar pointer, or an integer tile of
    the same shape for a tile of pointers.

    ```mlir
    %q = tile.addptr %p, %offs : tensor<128x!tile.ptr<f32>>, tensor<128xi32>
    ```
  }];
  let arguments = (ins Tile_PtrLike:$ptr, Tile_IntLike:$offset);
  let results = (outs Tile_PtrLike:$result);
  let assemblyFormat = [{
    $ptr `,` $offset attr-dict `:` type($result) `,` type($offset)
  }];
  let hasFolder = 1;
  let hasVerifier = 1;
}

def Tile_PtrToIntOp : Tile_Op<"ptr_to_int", [Pure]> {
  let summary = "address of pointers as i64";
  let description = [{
    ```mlir
    %i = tile.ptr_to_int %p : tensor<64x!tile.ptr<f32>> -> tensor<64xi64>
    ```
  }];
  let arguments = (ins Tile_PtrLike:$src);
  let results = (outs Tile_I64Like:$result);
  let assemblyFormat = "$src attr-dict `:` type($src) `->` type($result)";
  let hasVerifier = 1;
}

def Tile_IntToPtrOp : Tile_Op<"int_to_ptr", [Pure]> {
  let summary = "pointers from i64 addresses";
  let description = [{
    ```mlir
    %p = tile.int_to_ptr %i : tensor<64xi64> -> tensor<64x!tile.ptr<f32>>
    ```
  }];
  let arguments = (ins Tile_I64Like:$src);
  let results = (outs Tile_PtrLike:$result);
  let assemblyFormat = "$src attr-dict `:` type($src) `->` type($result)";
  let hasFolder = 1;
  let hasVerifier = 1;
}

def Tile_BitcastOp : Tile_Op<"bitcast", [Pure]> {
  let summary = "reinterpret the bits of each element";
  let description = [{
    Reinterprets each element as another type of the same bit width, or a
    pointer as a pointer to another type. Pointers and integers convert
    through `tile.ptr_to_int` and `tile.int_to_ptr` instead.

    ```mlir
    %i = tile.bitcast %x : tensor<64xf32> -> tensor<64xi32>
    %q = tile.bitcast %p : !tile.ptr<f16> -> !tile.ptr<i16>
    ```
  }];
  let arguments = (ins Tile_Type:$src);
  let results = (outs Tile_Type:$result);
  let assemblyFormat = "$src attr-dict `:` type($src) `->` type($result)";
  let hasFolder = 1;
  let hasVerifier = 1;
}

def Tile_FpToFpOp : Tile_Op<"fp_to_fp", [Pure]> {
  let summary = "float conversion, including to and from fp8";
  let description = [{
    Converts between floating-point types, covering the conversions that
    `arith.extf`/`arith.truncf` do not (fp8). A conversion to a type that is
    not wider than the source loses precision or range and needs a
    `rounding` mode.

    ```mlir
    %y = tile.fp_to_fp %x rounding = rtne
        : tensor<64xf32> -> tensor<64xf8E4M3FN>
    %z = tile.fp_to_fp %y : tensor<64xf8E4M3FN> -> tensor<64xf16>
    ```
  }];
  let arguments = (ins Tile_FloatLike:$src,
                       OptionalAttr<Tile_RoundingModeAttr>:$rounding);
  let results = (outs Tile_FloatLike:$result);
  let assemblyFormat = [{
    $src (`rounding` `=` `` $rounding^)? attr-dict `:` type($src) `->`
    type($result)
  }];
  let hasVerifier = 1;
}

def Tile_ExternElementwiseOp : Tile_Op<"extern_elementwise", [
    DeclareOpInterfaceMethods<MemoryEffectsOpInterface>]> {
  let summary = "an external scalar function applied to each element";
  let description = [{
    Calls the scalar function `symbol` on each element of its operands (of
    one shape, scalars or tiles): a libdevice function (`__nv_*`, linked in
    before PTX emission) or an LLVM intrinsic (`llvm.*`), as Triton's
    `extern_elementwise`. Without `pure` the call may read and write memory
    and is neither removed nor reordered.

    ```mlir
    %y = tile.extern_elementwise "__nv_tanhf" pure (%x)
        : (tensor<64xf32>) -> tensor<64xf32>
    ```
  }];
  let arguments = (ins StrAttr:$symbol, UnitAttr:$pure,
                       Variadic<Tile_Type>:$srcs);
  let results = (outs Tile_Type:$result);
  let assemblyFormat = [{
    $symbol (`pure` $pure^)? `(` $srcs `)` attr-dict `:`
    functional-type($srcs, $result)
  }];
  let hasVerifier = 1;
}

def Tile_InlineAsmElementwiseOp : Tile_Op<"inline_asm_elementwise", [
    DeclareOpInterfaceMethods<MemoryEffectsOpInterface>]> {
  let summary = "inline assembly applied to groups of elements";
  let description = [{
    Triton's `tl.inline_asm_elementwise`: runs the assembly `asm_string`
    (with LLVM inline-asm `constraints`) on `pack` elements of each operand
    at a time and produces one or several results of the operands' shape
    (all scalars, or all tiles of one shape). Operands narrower than 32 bits
    are passed packed into 32-bit registers (`pack` 4 on i8 is one register);
    so are results. Without `pure` the assembly may read and write memory and
    is neither removed nor reordered; pure assembly can be CSE'd and DCE'd.

    ```mlir
    %y = tile.inline_asm_elementwise "shf.l.wrap.b32 $0, $1, $2, $3;"
        "=r,r,r,r" pure pack = 1 (%a, %b, %c)
        : (tensor<64xi32>, tensor<64xi32>, tensor<64xi32>) -> tensor<64xi32>
    ```
  }];
  let arguments = (ins StrAttr:$asm_string, StrAttr:$constraints,
                       UnitAttr:$pure,
                       ConfinedAttr<I32Attr, [IntPositive]>:$pack,
                       Variadic<Tile_Type>:$srcs);
  let results = (outs Variadic<Tile_Type>:$results);
  let assemblyFormat = [{
    $asm_string $constraints (`pure` $pure^)? `pack` `=` $pack ` `
    `(` $srcs `)` attr-dict `:` functional-type($srcs, $results)
  }];
  let extraClassDeclaration = [{
    /// How many registers one invocation uses for `pack` elements of
    /// `elementType`: elements narrower than 32 bits share a register, up
    /// to `pack` per register (Triton's packing); pointers count 64 bits.
    static unsigned getNumRegisters(::mlir::Type elementType, unsigned pack);
    /// The elements of `elementType` in one register when `pack` elements
    /// are passed at a time.
    static unsigned getElementsPerRegister(::mlir::Type elementType,
                                           unsigned pack);
    /// The output and input operands `constraints` names (clobbers, `~{..}`,
    /// are neither).
    static std::pair<unsigned, unsigned>
    countConstraints(::llvm::StringRef constraints);
  }];
  let hasVerifier = 1;
}

def Tile_HintOp : Tile_Op<"hint", [Pure, AllTypesMatch<["src", "result"]>]> {
  let summary = "facts about the values of an integer or pointer tile";
  let description = [{
    Returns `src` unchanged and records what the program asserted about it,
    per dimension: `divisibility` (`tl.multiple_of`: each element, or each
    pointer's address in elements, is a multiple of the value), `contiguity`
    (`tl.max_contiguous`: runs of this many consecutive values) and
    `constancy` (`tl.max_constancy`: runs of this many equal values). Each
    array has one entry per dimension, or one entry for a scalar. The op is
    free of side effects but is never folded away: the axis analysis reads
    it.

    ```mlir
    %h = tile.hint %offs divisibility = [16] contiguity = [128]
        : tensor<128xi32>
    ```
  }];
  let arguments = (ins Tile_IntOrPtrLike:$src,
                       OptionalAttr<DenseI64ArrayAttr>:$divisibility,
                       OptionalAttr<DenseI64ArrayAttr>:$contiguity,
                       OptionalAttr<DenseI64ArrayAttr>:$constancy);
  let results = (outs Tile_IntOrPtrLike:$result);
  let assemblyFormat = [{
    $src (`divisibility` `=` $divisibility^)? (`contiguity` `=` $contiguity^)?
    (`constancy` `=` $constancy^)? attr-dict `:` type($src)
  }];
  let builders = [
    /// A hint with no facts yet; the caller sets the ones it has.
    OpBuilder<(ins "::mlir::Type":$result, "::mlir::Value":$src), [{
      build($_builder, $_state, result, src, /*divisibility=*/nullptr,
            /*contiguity=*/nullptr, /*constancy=*/nullptr);
    }]>
  ];
  let hasVerifier = 1;
}

//===----------------------------------------------------------------------===//
// Memory access
//===----------------------------------------------------------------------===//

def Tile_LoadOp : Tile_Op<"load", [
    AttrSizedOperandSegments,
    DeclareOpInterfaceMethods<MemoryEffectsOpInterface>,
    Tile_TypeFrom<"ptr", "result", "pointeeTypeOrSelf($_self)">,
    Tile_TypeFrom<"ptr", "mask", "::tilec::tile::getI1SameShape($_self)">,
    Tile_TypeFrom<"ptr", "other", "pointeeTypeOrSelf($_self)">]> {
  let summary = "masked load from global memory";
  let description = [{
    Loads the value behind each pointer of `ptr`. Where the optional `mask`
    is false nothing is read and the result is `other`, or undefined without
    `other`; `other` requires `mask`. The result has the shape of `ptr` and
    its pointee element type.

    ```mlir
    %v = tile.load %p, %m, %o cache = cg evict = evict_last
        : tensor<128x!tile.ptr<f32>>
    ```
  }];
  let arguments = (ins
    Tile_PtrLike:$ptr,
    Optional<Tile_BoolLike>:$mask,
    Optional<Tile_Type>:$other,
    DefaultValuedAttr<Tile_CacheModifierAttr,
                      "::tilec::tile::CacheModifier::None">:$cache,
    DefaultValuedAttr<Tile_EvictionPolicyAttr,
                      "::tilec::tile::EvictionPolicy::Normal">:$evict,
    UnitAttr:$isVolatile);
  let results = (outs Tile_Type:$result);
  let assemblyFormat = [{
    $ptr (`,` $mask^)? (`,` $other^)? (`cache` `=` `` $cache^)?
    (`evict` `=` `` $evict^)? (`volatile` $isVolatile^)? attr-dict `:`
    type($ptr)
  }];
  let builders = [
    /// Infers the result type from `ptr`; `mask` and `other` may be null.
    OpBuilder<(ins "::mlir::Value":$ptr, "::mlir::Value":$mask,
                   "::mlir::Value":$other,
                   CArg<"::tilec::tile::CacheModifier",
                        "::tilec::tile::CacheModifier::None">:$cache,
                   CArg<"::tilec::tile::EvictionPolicy",
                        "::tilec::tile::EvictionPolicy::Normal">:$evict,
                   CArg<"bool", "false">:$isVolatile)>
  ];
  let hasVerifier = 1;
}

def Tile_DescriptorLoadOp : Tile_Op<"descriptor_load", [
    MemoryEffects<[MemRead<Tile_GlobalMemory>]>]> {
  let summary = "load a block through a tensor descriptor";
  let description = [{
    `desc.load([i, j])`: the block of the descriptor's block type whose
    first element is at (`i`, `j`) of the tensor; elements outside the
    tensor read as zero. On sm_90 this is a bulk tensor copy (TMA) into
    shared memory.

    ```mlir
    %a = tile.descriptor_load %desc[%m, %k]
        : !tile.tensordesc<tensor<128x64xf16>> -> tensor<128x64xf16>
    ```
  }];
  let arguments = (ins Tile_TensorDesc:$desc, Variadic<I32>:$indices);
  let results = (outs Tile_Tensor:$result);
  let assemblyFormat = [{
    $desc `[` $indices `]` attr-dict `:` qualified(type($desc)) `->`
    type($result)
  }];
  let hasVerifier = 1;
}

def Tile_DescriptorStoreOp : Tile_Op<"descriptor_store", [
    MemoryEffects<[MemRead<Tile_GlobalMemory>,
                   MemWrite<Tile_GlobalMemory>]>]> {
  let summary = "store or reduce a block through a tensor descriptor";
  let description = [{
    `desc.store([i, j], value)`: writes `value`, a tile of the descriptor's
    block type, with its first element at (`i`, `j`); elements outside the
    tensor are not written. With `reduce` (`desc.atomic_add` and the
    others on a host-side descriptor: a TMA reduction), each element of the
    block in memory becomes that operation of itself and `value`'s element,
    atomically per element, at relaxed order; the element type of the
    tensor map gives the signedness, so `max` and `umax` alike are the
    TMA's `max`. It reads memory then, hence the read effect.

    ```mlir
    tile.descriptor_store %desc[%m, %n], %c
        : !tile.tensordesc<tensor<128x256xf16>>, tensor<128x256xf16>
    tile.descriptor_store %desc[%m, %n], %c {reduce = #tile<rmw_op fadd>}
        : !tile.tensordesc<tensor<128x256xf16>>, tensor<128x256xf16>
    ```
  }];
  let arguments = (ins Tile_TensorDesc:$desc, Variadic<I32>:$indices,
                       Tile_Tensor:$value,
                       OptionalAttr<Tile_RMWOpAttr>:$reduce);
  let assemblyFormat = [{
    $desc `[` $indices `]` `,` $value attr-dict `:` qualified(type($desc))
    `,` type($value)
  }];
  let hasVerifier = 1;
}

def Tile_StoreOp : Tile_Op<"store", [
    MemoryEffects<[MemWrite<Tile_GlobalMemory>]>,
    Tile_TypeFrom<"ptr", "value", "pointeeTypeOrSelf($_self)">,
    Tile_TypeFrom<"ptr", "mask", "::tilec::tile::getI1SameShape($_self)">]> {
  let summary = "masked store to global memory";
  let description = [{
    Stores each element of `value` through the matching pointer of `ptr`,
    skipping the elements where the optional `mask` is false.

    ```mlir
    tile.store %p, %v, %m cache = wb : tensor<128x!tile.ptr<f32>>
    ```
  }];
  let arguments = (ins
    Tile_PtrLike:$ptr,
    Tile_Type:$value,
    Optional<Tile_BoolLike>:$mask,
    DefaultValuedAttr<Tile_CacheModifierAttr,
                      "::tilec::tile::CacheModifier::None">:$cache,
    DefaultValuedAttr<Tile_EvictionPolicyAttr,
                      "::tilec::tile::EvictionPolicy::Normal">:$evict);
  let assemblyFormat = [{
    $ptr `,` $value (`,` $mask^)? (`cache` `=` `` $cache^)?
    (`evict` `=` `` $evict^)? attr-dict `:` type($ptr)
  }];
  let hasVerifier = 1;
}

def Tile_AtomicRMWOp : Tile_Op<"atomic_rmw", [
    MemoryEffects<[MemRead<Tile_GlobalMemory>, MemWrite<Tile_GlobalMemory>]>,
    Tile_TypeFrom<"ptr", "result", "pointeeTypeOrSelf($_self)">,
    Tile_TypeFrom<"ptr", "val", "pointeeTypeOrSelf($_self)">,
    Tile_TypeFrom<"ptr", "mask", "::tilec::tile::getI1SameShape($_self)">]> {
  let summary = "atomic read-modify-write in global memory";
  let description = [{
    Atomically applies `atomic_rmw_op` to the value behind each pointer and
    the matching element of `val`, with memory ordering `sem` at scope
    `scope`, and returns the old values. Elements where the optional `mask`
    is false are left untouched and read 0, as in Triton. Elements are 32 or
    64 bits wide (16 for `fadd`, `fmax` and `fmin`); max and min are integer
    operations (the frontend splits float max and min by sign, as Triton
    does). `fmax` and `fmin` take f16 and bf16 only: the min and max of
    tensor-descriptor reductions on those types, which no sign split serves
    (there is no 16-bit integer atomic max); a NaN operand yields the other,
    as `llvm.maxnum` and `llvm.minnum` do.

    ```mlir
    %old = tile.atomic_rmw fadd, acq_rel, gpu, %p, %v, %m
        : tensor<128x!tile.ptr<f32>>
    ```
  }];
  let arguments = (ins
    Tile_RMWOpAttr:$atomic_rmw_op,
    Tile_PtrLike:$ptr,
    Tile_Type:$val,
    Optional<Tile_BoolLike>:$mask,
    Tile_MemSemanticAttr:$sem,
    Tile_MemScopeAttr:$scope);
  let results = (outs Tile_Type:$result);
  let assemblyFormat = [{
    `` $atomic_rmw_op `,` `` $sem `,` `` $scope `,` $ptr `,` $val
    (`,` $mask^)? attr-dict `:` type($ptr)
  }];
  let hasVerifier = 1;
}

def Tile_AtomicCASOp : Tile_Op<"atomic_cas", [
    MemoryEffects<[MemRead<Tile_GlobalMemory>, MemWrite<Tile_GlobalMemory>]>,
    Tile_TypeFrom<"ptr", "result", "pointeeTypeOrSelf($_self)">,
    Tile_TypeFrom<"ptr", "cmp", "pointeeTypeOrSelf($_self)">,
    Tile_TypeFrom<"ptr", "val", "pointeeTypeOrSelf($_self)">]> {
  let summary = "atomic compare-and-swap in global memory";
  let description = [{
    Atomically replaces the value behind each pointer with `val` where it
    equals `cmp`, and returns the old values.

    ```mlir
    %old = tile.atomic_cas acq_rel, gpu, %p, %cmp, %v : !tile.ptr<i32>
    ```
  }];
  let arguments = (ins
    Tile_PtrLike:$ptr,
    Tile_Type:$cmp,
    Tile_Type:$val,
    Tile_MemSemanticAttr:$sem,
    Tile_MemScopeAttr:$scope);
  let results = (outs Tile_Type:$result);
  let assemblyFormat = [{
    `` $sem `,` `` $scope `,` $ptr `,` $cmp `,` $val attr-dict `:`
    type($ptr)
  }];
  let hasVerifier = 1;
}

//===----------------------------------------------------------------------===//
// Debugging and compiler hints
//===----------------------------------------------------------------------===//

def Tile_DebugBarrierOp : Tile_Op<"debug_barrier"> {
  let summary = "a barrier over the threads of the program (tl.debug_barrier)";
  let description = [{
    Waits until every thread of the program (CTA) reaches it, and orders
    their memory accesses (`bar.sync 0`).

    ```mlir
    tile.debug_barrier
    ```
  }];
  let assemblyFormat = "attr-dict";
}

def Tile_GridDepControlOp : Tile_Op<"griddepcontrol"> {
  let summary = "programmatic dependent launch control (tl.extra.cuda.gdc_*)";
  let description = [{
    Grid dependency control for programmatic dependent launch (sm_90 and
    newer), PTX `griddepcontrol`:

    - `wait` blocks until every grid this one depends on has completed and
      its memory operations are visible (tl.extra.cuda.gdc_wait);
    - `launch_dependents` lets the grids that depend on this one start once
      every program has issued it or finished
      (tl.extra.cuda.gdc_launch_dependents).

    Both are no-ops in a grid launched without the programmatic stream
    serialization attribute. The op declares no memory effects, so it is
    assumed to have all of them: nothing removes it, and no memory access
    moves across it.

    ```mlir
    tile.griddepcontrol wait
    tile.griddepcontrol launch_dependents
    ```
  }];
  let arguments = (ins Tile_GridDepActionAttr:$action);
  let assemblyFormat = "$action attr-dict";
}

def Tile_AssumeOp : Tile_Op<"assume"> {
  let summary = "lets the compiler assume that a condition holds (tl.assume)";
  let description = [{
    Every element of `cond` is true; the lowering passes it on to LLVM
    (`llvm.intr.assume`).

    ```mlir
    tile.assume %c : i1
    ```
  }];
  let arguments = (ins Tile_BoolLike:$cond);
  let assemblyFormat = "$cond attr-dict `:` type($cond)";
}

def Tile_PrintOp : Tile_Op<"print"> {
  let summary = "prints values at run time (tl.device_print)";
  let description = [{
    Prints `prefix`, then every element of every operand that a thread
    holds, one line each, with the program id and the element's index, in
    Triton's format; `hex` prints the bits in hexadecimal, `is_signed` says
    for each operand whether its integers are signed. Without operands, one
    line with the prefix.

    ```mlir
    tile.print " x: "(%x : tensor<128xi32>) {hex = false,
                                             is_signed = array<i32: 1>}
    ```
  }];
  let arguments = (ins StrAttr:$prefix, BoolAttr:$hex,
                   DenseI32ArrayAttr:$is_signed, Variadic<Tile_Type>:$args);
  let assemblyFormat = [{
    $prefix (`(` $args^ `:` type($args) `)`)? attr-dict
  }];
  let hasVerifier = 1;
}

def Tile_AssertOp : Tile_Op<"assert"> {
  let summary = "stops the kernel where a condition fails (tl.device_assert)";
  let description = [{
    Where an element of `cond` is false, the thread calls `__assertfail`
    with `message` and the op's file and line: the kernel stops with an
    error the host sees.

    ```mlir
    tile.assert %c, "x must be positive" : tensor<128xi1>
    ```
  }];
  let arguments = (ins Tile_BoolLike:$cond, StrAttr:$message);
  let assemblyFormat = "$cond `,` $message attr-dict `:` type($cond)";
}

//===----------------------------------------------------------------------===//
// Dot
//===----------------------------------------------------------------------===//

def Tile_DotOp : Tile_Op<"dot", [Pure, AllTypesMatch<["c", "d"]>]> {
  let summary = "matrix product with accumulation";
  let description = [{
    Computes `d = a * b + c` for `a` of shape MxK, `b` of shape KxN and `c`
    of shape MxN, or the batched form with a leading batch dimension on all
    three. `a` and `b` have the same element type (two fp8 types may mix);
    the accumulator is f32 or f16, i32 for i8 operands, f64 for f64 ones.
    `inputPrecision` says how f32 operands are multiplied (tf32, tf32x3 or
    ieee); `maxNumImpreciseAcc` bounds the products that fp8 dots may add in
    reduced precision before promoting the sum (0: no limit is requested).

    ```mlir
    %d = tile.dot %a, %b, %c inputPrecision = tf32
        : tensor<64x32xf32> * tensor<32x64xf32> -> tensor<64x64xf32>
    ```
  }];
  let arguments = (ins
    Tile_DotOperandTensor:$a,
    Tile_DotOperandTensor:$b,
    Tile_DotAccTensor:$c,
    DefaultValuedAttr<Tile_InputPrecisionAttr,
                      "::tilec::tile::InputPrecision::IEEE">:$inputPrecision,
    DefaultValuedAttr<I32Attr, "0">:$maxNumImpreciseAcc);
  let results = (outs Tile_DotAccTensor:$d);
  let assemblyFormat = [{
    $a `,` $b `,` $c (`inputPrecision` `=` `` $inputPrecision^)?
    (`maxNumImpreciseAcc` `=` $maxNumImpreciseAcc^)? attr-dict `:`
    type($a) `*` type($b) `->` type($d)
  }];
  let hasVerifier = 1;
}

//===----------------------------------------------------------------------===//
// Gather and histogram
//===----------------------------------------------------------------------===//

def Tile_GatherOp : Tile_Op<"gather", [Pure]> {
  let summary = "gather elements of a tile along one axis";
  let description = [{
    `tl.gather`: `result[i0, ..., ik, ...] = src[i0, ..., indices[i0, ...], ...]`
    with the index taken along `axis`. `src` and `indices` have the same
    rank and the same size in every dimension but `axis`; the result has the
    shape of `indices` and the element type of `src`. An index outside
    `[0, src.shape[axis])` reads an unspecified element, as in Triton.

    ```mlir
    %g = tile.gather %src[%idx] {axis = 1 : i32}
        : (tensor<16x32xf32>, tensor<16x8xi32>) -> tensor<16x8xf32>
    ```
  }];
  let arguments = (ins Tile_Tensor:$src, Tile_IntTensor:$indices,
                       I32Attr:$axis);
  let results = (outs Tile_Tensor:$result);
  let assemblyFormat = [{
    $src `[` $indices `]` attr-dict `:` functional-type(operands, results)
  }];
  let hasVerifier = 1;
}

def Tile_HistogramOp : Tile_Op<"histogram", [Pure]> {
  let summary = "count the values of a 1-D integer tile into bins";
  let description = [{
    `tl.histogram`: bin `b` of the result counts the elements of `src`
    (whose `mask` is true, when given) whose low bits equal `b`, where the
    low bits are those of `max(num_bins, 32)`, the bins of Triton's
    warp-level algorithm; the result has `num_bins` (a power of two) i32
    bins. Values in range `[0, num_bins)` land in their own bin.

    ```mlir
    %h = tile.histogram %x, %m : tensor<1024xi32>, tensor<1024xi1>
        -> tensor<64xi32>
    ```
  }];
  let arguments = (ins Tile_IntTensor:$src, Optional<Tile_BoolTensor>:$mask);
  let results = (outs Tile_I32Tensor:$result);
  let assemblyFormat = [{
    $src (`,` $mask^)? attr-dict `:` type($src) (`,` type($mask)^)? `->`
    type($result)
  }];
  let hasVerifier = 1;
}

//===----------------------------------------------------------------------===//
// Reductions and scans
//===----------------------------------------------------------------------===//

def Tile_MapElementwiseOp : Tile_Op<"map_elementwise", [
    RecursiveMemoryEffects, RecursivelySpeculatable]> {
  let summary = "a scalar function applied to groups of elements";
  let description = [{
    Triton's `tl.map_elementwise(fn, *srcs, pack=)`: the entry block of
    `scalarOp` runs once per group of `pack` elements of the sources, all
    tiles of one shape, and may branch and loop on their values (a branch
    not taken costs nothing, unlike `tl.where`). It takes each source's
    `pack` elements in turn (source i's element j is argument
    `i * pack + j`) and returns, with `tile.map_elementwise.return`, each
    result's `pack` elements in turn. Each result has the sources' shape.

    ```mlir
    %z = tile.map_elementwise(%x, %y) {pack = 1 : i32}
        : (tensor<128xi32>, tensor<128xi32>) -> tensor<128xi32> {
    ^bb0(%a: i32, %b: i32):
      %lt = arith.cmpi slt, %a, %b : i32
      %r = scf.if %lt -> (i32) { ... } else { ... }
      tile.map_elementwise.return %r : i32
    }
    ```
  }];
  let arguments = (ins Variadic<Tile_Tensor>:$srcs,
                       ConfinedAttr<I32Attr, [IntPositive]>:$pack);
  let results = (outs Variadic<Tile_Tensor>:$results);
  let regions = (region SizedRegion<1>:$scalarOp);
  let assemblyFormat = [{
    `(` $srcs `)` attr-dict `:` functional-type($srcs, $results) $scalarOp
  }];
  let hasRegionVerifier = 1;
}

def Tile_MapElementwiseReturnOp : Tile_Op<"map_elementwise.return", [
    Pure, ReturnLike, Terminator,
    HasParent<"::tilec::tile::MapElementwiseOp">]> {
  let summary = "yield the scalar results of a map_elementwise group";
  let description = [{
    ```mlir
    tile.map_elementwise.return %q, %r : i32, i32
    ```
  }];
  let arguments = (ins Variadic<Tile_Scalar>:$result);
  let assemblyFormat = "attr-dict ($result^ `:` type($result))?";
}

def Tile_ReduceOp : Tile_Op<"reduce", [RecursiveMemoryEffects,
                                       RecursivelySpeculatable]> {
  let summary = "reduce tiles along an axis with a combining region";
  let description = [{
    Reduces the N tiles `srcs`, all of the same shape, along `axis`. The
    entry block of `combineOp` takes 2*N scalars, the N accumulated values
    then the N new values, and yields the N combined values with
    `tile.reduce.return`. Each result has the shape of the sources without
    `axis`; reducing a 1-D tile gives a scalar.

    ```mlir
    %sum = tile.reduce(%x) {axis = 1 : i32}
        : (tensor<32x64xf32>) -> tensor<32xf32> {
    ^bb0(%acc: f32, %v: f32):
      %s = arith.addf %acc, %v : f32
      tile.reduce.return %s : f32
    }
    ```
  }];
  let arguments = (ins Variadic<Tile_Tensor>:$srcs, I32Attr:$axis);
  let results = (outs Variadic<Tile_Type>:$results);
  let regions = (region SizedRegion<1>:$combineOp);
  let assemblyFormat = [{
    `(` $srcs `)` attr-dict `:` functional-type($srcs, $results) $combineOp
  }];
  let builders = [
    /// Infers the result types; the caller fills the combining region.
    OpBuilder<(ins "::mlir::ValueRange":$srcs, "int":$axis)>
  ];
  let hasRegionVerifier = 1;
}

def Tile_ScanOp : Tile_Op<"scan", [RecursiveMemoryEffects,
                                   RecursivelySpeculatable]> {
  let summary = "inclusive scan of tiles along an axis";
  let description = [{
    Computes the inclusive prefix combination of the N tiles `srcs` along
    `axis`, from the last element to the first when `reverse` is true. The
    combining region is that of `tile.reduce`; the results have the types of
    the sources.

    ```mlir
    %cum = tile.scan(%x) {axis = 0 : i32, reverse = false}
        : (tensor<128xi32>) -> tensor<128xi32> {
    ^bb0(%acc: i32, %v: i32):
      %s = arith.addi %acc, %v : i32
      tile.reduce.return %s : i32
    }
    ```
  }];
  let arguments = (ins Variadic<Tile_Tensor>:$srcs, I32Attr:$axis,
                       BoolAttr:$reverse);
  let results = (outs Variadic<Tile_Tensor>:$results);
  let regions = (region SizedRegion<1>:$combineOp);
  let assemblyFormat = [{
    `(` $srcs `)` attr-dict `:` functional-type($srcs, $results) $combineOp
  }];
  let builders = [
    /// Result types are the source types; the caller fills the region.
    OpBuilder<(ins "::mlir::ValueRange":$srcs, "int":$axis,
                   "bool":$reverse)>
  ];
  let hasRegionVerifier = 1;
}

def Tile_ReduceReturnOp : Tile_Op<"reduce.return", [
    Pure, ReturnLike, Terminator,
    ParentOneOf<["::tilec::tile::ReduceOp", "::tilec::tile::ScanOp"]>]> {
  let summary = "yield the combined values of a reduce or scan region";
  let description = [{
    ```mlir
    tile.reduce.return %sum, %idx : f32, i32
    ```
  }];
  let arguments = (ins Variadic<Tile_Scalar>:$result);
  let assemblyFormat = "attr-dict ($result^ `:` type($result))?";
}

#endif // TILEC_DIALECTS_TILE_IR_TILEOPS_TD
