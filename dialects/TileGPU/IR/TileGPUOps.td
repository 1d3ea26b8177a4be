//===- TileGPUOps.td - TileGPU operations ------------------*- tablegen -*-===//
//
// The operations that exist once tensors have layouts: moving a tensor to
// another layout, shared memory, and CTA barriers.
//
//===----------------------------------------------------------------------===//

#ifndef TILEC_DIALECTS_TILEGPU_IR_TILEGPUOPS_TD
#define TILEC_DIALECTS_TILEGPU_IR_TILEGPUOPS_TD

include "TileGPU/IR/TileGPUTypes.td"
include "mlir/Interfaces/SideEffectInterfaces.td"

def TileGPU_Tensor : RankedTensorOf<[AnyType]>;

def TileGPU_ConvertLayoutOp : TileGPU_Op<"convert_layout",
    [Pure, SameOperandsAndResultShape, SameOperandsAndResultElementType]> {
  let summary = "moves a tensor to another layout";
  let description = [{
    The same tensor, held by other threads: lowered to register moves, warp
    shuffles or a round trip through shared memory depending on which
    (register, lane, warp) bits the two linear layouts differ in.

    ```mlir
    %1 = tilegpu.convert_layout %0 : tensor<128xf32, #a> -> tensor<128xf32, #b>
    ```
  }];
  let arguments = (ins TileGPU_Tensor:$src);
  let results = (outs TileGPU_Tensor:$result);
  let assemblyFormat = "$src attr-dict `:` type($src) `->` type($result)";
  let hasFolder = 1;
  let hasVerifier = 1;
}

def TileGPU_LocalAllocOp : TileGPU_Op<"local_alloc",
    [MemoryEffects<[MemAlloc<DefaultResource>]>]> {
  let summary = "allocates a tile in shared memory, optionally filled";
  let description = [{
    Allocates `result` in shared memory and, when `src` is given, stores it
    there. The shared-memory allocation pass assigns `offset` (bytes).

    ```mlir
    %m = tilegpu.local_alloc %t : (tensor<64x64xf16, #blocked>) -> !tilegpu.memdesc<[64, 64], f16, #shared>
    ```
  }];
  let arguments = (ins Optional<TileGPU_Tensor>:$src,
                       OptionalAttr<I64Attr>:$offset);
  let results = (outs TileGPU_MemDescType:$result);
  let assemblyFormat =
      "($src^)? attr-dict `:` functional-type(operands, results)";
  let hasVerifier = 1;
}

def TileGPU_LocalDeallocOp : TileGPU_Op<"local_dealloc",
    [MemoryEffects<[MemFree<DefaultResource>]>]> {
  let summary = "ends the life of a shared-memory tile";
  let arguments = (ins TileGPU_MemDescType:$mem);
  let assemblyFormat = "$mem attr-dict `:` qualified(type($mem))";
}

def TileGPU_LocalLoadOp : TileGPU_Op<"local_load",
    [MemoryEffects<[MemRead<DefaultResource>]>]> {
  let summary = "reads a shared-memory tile into a distributed layout";
  let arguments = (ins TileGPU_MemDescType:$mem);
  let results = (outs TileGPU_Tensor:$result);
  let assemblyFormat = "$mem attr-dict `:` qualified(type($mem)) `->` type($result)";
  let hasVerifier = 1;
}

def TileGPU_LocalStoreOp : TileGPU_Op<"local_store",
    [MemoryEffects<[MemWrite<DefaultResource>]>]> {
  let summary = "writes a distributed tensor into a shared-memory tile";
  let arguments = (ins TileGPU_Tensor:$src, TileGPU_MemDescType:$mem);
  let assemblyFormat = "$src `,` $mem attr-dict `:` type($src) `->` qualified(type($mem))";
  let hasVerifier = 1;
}

def TileGPU_BarrierOp : TileGPU_Op<"barrier"> {
  let summary = "a barrier over the threads of the CTA (bar.sync 0)";
  let description = [{
    Orders shared-memory accesses across the CTA's warps; inserted by the
    shared-memory passes between a write and a read of the same bytes.
  }];
  let assemblyFormat = "attr-dict";
}

#endif // TILEC_DIALECTS_TILEGPU_IR_TILEGPUOPS_TD
