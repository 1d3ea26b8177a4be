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

def TileGPU_MemDescIndexOp : TileGPU_Op<"memdesc_index", [Pure]> {
  let summary = "one slot of a multi-buffered shared-memory tile";
  let description = [{
    `src` holds `shape[0]` tiles one after the other, each laid out by the
    trailing dimensions of its shared layout; the result is tile `index`.
    Software pipelining allocates one such ring per operand it prefetches.

    ```mlir
    %s = tilegpu.memdesc_index %ring[%i] : !tilegpu.memdesc<[3, 128, 64], f16, #ring> -> !tilegpu.memdesc<[128, 64], f16, #shared>
    ```
  }];
  let arguments = (ins TileGPU_MemDescType:$src, I32:$index);
  let results = (outs TileGPU_MemDescType:$result);
  let assemblyFormat = [{
    $src `[` $index `]` attr-dict `:` qualified(type($src)) `->` qualified(type($result))
  }];
  let hasVerifier = 1;
}

def TileGPU_MemDescTransOp : TileGPU_Op<"memdesc_trans", [Pure]> {
  let summary = "a shared tile viewed with its dimensions permuted";
  let description = [{
    The same bytes as `src`: dimension `i` of the result is dimension
    `order[i]` of `src`, and the shared layout's order is permuted alike, so
    nothing moves. Software pipelining uses it where a TMA copy lands a tile
    (row-major, as the copy writes it) that a dot reads transposed
    (attention's K in Q·Kᵀ).

    ```mlir
    %t = tilegpu.memdesc_trans %k {order = array<i32: 1, 0>} : !tilegpu.memdesc<[64, 128], f16, #rows> -> !tilegpu.memdesc<[128, 64], f16, #cols>
    ```
  }];
  let arguments = (ins TileGPU_MemDescType:$src, DenseI32ArrayAttr:$order);
  let results = (outs TileGPU_MemDescType:$result);
  let assemblyFormat = [{
    $src attr-dict `:` qualified(type($src)) `->` qualified(type($result))
  }];
  let hasVerifier = 1;
}

def TileGPU_AsyncCopyGlobalToLocalOp
    : TileGPU_Op<"async_copy_global_to_local",
                 [MemoryEffects<[MemRead<DefaultResource>,
                                 MemWrite<DefaultResource>]>]> {
  let summary = "starts copying a tile from global into shared memory";
  let description = [{
    Each thread copies the elements its layout of `ptrs` gives it, `vec` of
    them (contiguous in both memories) per `cp.async`, into `dst` at the
    places its shared layout gives them. Where `mask` is false the copy
    writes zeros and reads nothing. The copy completes only at an
    `async_wait` that covers its group (`async_commit_group`).

    ```mlir
    tilegpu.async_copy_global_to_local %ptrs, %slot mask %m {vec = 8 : i32} : tensor<128x64x!tile.ptr<f16>, #blocked> -> !tilegpu.memdesc<[128, 64], f16, #shared>
    ```
  }];
  let arguments = (ins TileGPU_Tensor:$ptrs, TileGPU_MemDescType:$dst,
                       Optional<TileGPU_Tensor>:$mask, I32Attr:$vec);
  let assemblyFormat = [{
    $ptrs `,` $dst (`mask` $mask^)? attr-dict `:` type($ptrs) (`,` type($mask)^)? `->` qualified(type($dst))
  }];
  let hasVerifier = 1;
}

def TileGPU_AsyncCommitGroupOp : TileGPU_Op<"async_commit_group"> {
  let summary = "closes the group of this thread's pending async copies";
  let assemblyFormat = "attr-dict";
}

def TileGPU_AsyncWaitOp : TileGPU_Op<"async_wait"> {
  let summary = "waits until at most `num` async copy groups are pending";
  let description = [{
    Per thread, as `cp.async.wait_group`: other threads' copies are visible
    only after a barrier that follows every thread's wait.
  }];
  let arguments = (ins I32Attr:$num);
  let assemblyFormat = "attr-dict";
}

def TileGPU_FenceAsyncSharedOp : TileGPU_Op<"fence_async_shared"> {
  let summary = "orders generic-proxy shared writes before async-proxy reads";
  let description = [{
    `fence.proxy.async.shared::cta`: shared memory written by ordinary
    stores (or cp.async) that wgmma reads next needs it in each writing
    thread, before the barrier that publishes the writes.
  }];
  let assemblyFormat = "attr-dict";
}

//===----------------------------------------------------------------------===//
// mbarriers and bulk tensor copies (TMA, sm_90)
//===----------------------------------------------------------------------===//

def TileGPU_TensorDesc : Type<
    CPred<"::llvm::isa<::tilec::tile::TensorDescType>($_self)">,
    "tensor descriptor", "::tilec::tile::TensorDescType">;

def TileGPU_InitBarrierOp : TileGPU_Op<"init_barrier"> {
  let summary = "initializes an mbarrier expecting `count` arrivals";
  let description = [{
    One thread (thread 0) initializes the 8-byte mbarrier `bar`, a
    `memdesc<[1], i64>`; a CTA barrier must follow before others wait on it.
  }];
  let arguments = (ins TileGPU_MemDescType:$bar, I32Attr:$count);
  let assemblyFormat = "$bar `,` $count attr-dict `:` qualified(type($bar))";
  let hasVerifier = 1;
}

def TileGPU_InvalBarrierOp : TileGPU_Op<"inval_barrier"> {
  let summary = "invalidates an mbarrier so that its memory can be reused";
  let arguments = (ins TileGPU_MemDescType:$bar);
  let assemblyFormat = "$bar attr-dict `:` qualified(type($bar))";
  let hasVerifier = 1;
}

def TileGPU_BarrierExpectOp : TileGPU_Op<"barrier_expect"> {
  let summary = "arrives on an mbarrier expecting `bytes` of async copies";
  let description = [{
    Where `pred` holds, thread 0 arrives on `bar` and raises its transaction
    count by `bytes`, which the bulk copies completing on it count down.
  }];
  let arguments = (ins TileGPU_MemDescType:$bar, I32Attr:$bytes, I1:$pred);
  let assemblyFormat =
      "$bar `,` $bytes `,` $pred attr-dict `:` qualified(type($bar))";
  let hasVerifier = 1;
}

def TileGPU_WaitBarrierOp : TileGPU_Op<"wait_barrier"> {
  let summary = "waits until an mbarrier's phase of parity `phase` completes";
  let arguments = (ins TileGPU_MemDescType:$bar, I32:$phase);
  let assemblyFormat = "$bar `,` $phase attr-dict `:` qualified(type($bar))";
  let hasVerifier = 1;
}

def TileGPU_ArriveBarrierOp : TileGPU_Op<"arrive_barrier"> {
  let summary = "each warp arrives once on an mbarrier";
  let description = [{
    Where `pred` holds, the first lane of every warp that runs it arrives on
    `bar` (release semantics, CTA scope): an mbarrier initialized with the
    number of such warps completes its phase once all of them are done with
    what they did before. A warp-specialized loop's consumer warps hand a
    ring slot back to the producer this way.
  }];
  let arguments = (ins TileGPU_MemDescType:$bar, I1:$pred);
  let assemblyFormat =
      "$bar `,` $pred attr-dict `:` qualified(type($bar))";
  let hasVerifier = 1;
}

def TileGPU_WarpSpecializeOp : TileGPU_Op<"warp_specialize",
    [SingleBlock, NoTerminator, RecursiveMemoryEffects]> {
  let summary = "a producer warpgroup and the kernel's warps as consumers";
  let description = [{
    Splits the CTA by role (tilegpu-warp-specialize): the kernel's
    `tilegpu.num_warps` warps run the `consumer` region, with every layout
    as before, and `producerWarps` more warps (one warpgroup, after them)
    run the `producer` region, which issues TMA copies into shared rings
    and waits on mbarriers only. The CTA then has `num_warps +
    producerWarps` warps. The producer gives registers back
    (`setmaxnreg.dec` to `producerRegs`); the consumers take them
    (`setmaxnreg.inc` to `consumerRegs`, when that is more than the launch
    gives). Inside `consumer`, CTA barriers synchronize the consumer warps
    only (named barrier 1); inside `producer`, thread 0 of the producer
    warpgroup issues what thread 0 of the CTA issues elsewhere. Both
    regions may use values from above; nothing flows out.

    ```mlir
    tilegpu.warp_specialize {consumerRegs = 232 : i32, producerRegs = 40 : i32, producerWarps = 4 : i32} producer {
      scf.for ... { tilegpu.wait_barrier ...; tilegpu.async_tma_copy_global_to_local ... }
    } consumer {
      scf.for ... { tilegpu.wait_barrier ...; tilegpu.warp_group_dot ...; tilegpu.arrive_barrier ... }
    }
    ```
  }];
  let arguments = (ins I32Attr:$producerWarps, I32Attr:$producerRegs,
                       I32Attr:$consumerRegs);
  let regions = (region SizedRegion<1>:$producer, SizedRegion<1>:$consumer);
  let assemblyFormat = "attr-dict `producer` $producer `consumer` $consumer";
  let hasVerifier = 1;
  let extraClassDeclaration = [{
    /// The WarpSpecializeOp whose producer (or consumer) region holds `op`.
    static WarpSpecializeOp getProducerOf(mlir::Operation *op);
    static WarpSpecializeOp getConsumerOf(mlir::Operation *op);
  }];
}

def TileGPU_AsyncTMACopyGlobalToLocalOp
    : TileGPU_Op<"async_tma_copy_global_to_local",
                 [MemoryEffects<[MemRead<DefaultResource>,
                                 MemWrite<DefaultResource>]>]> {
  let summary = "starts a bulk tensor copy of a block into shared memory";
  let description = [{
    Where `pred` holds, thread 0 issues the `cp.async.bulk.tensor` copies
    (one per box of the descriptor's TMA plan) of the block at `indices` into
    `dst`, completing on `barrier`. `dst` has the descriptor's block shape and
    the shared layout of its plan. Elements outside the tensor are zeros.
  }];
  let arguments = (ins TileGPU_TensorDesc:$desc, Variadic<I32>:$indices,
                       TileGPU_MemDescType:$dst, TileGPU_MemDescType:$barrier,
                       I1:$pred);
  let assemblyFormat = [{
    $desc `[` $indices `]` $dst `,` $barrier `,` $pred attr-dict `:`
    qualified(type($desc)) `,` qualified(type($dst)) `,`
    qualified(type($barrier))
  }];
  let hasVerifier = 1;
}

/// The tile dialect's read-modify-write kinds (tile.descriptor_store's
/// `reduce`), which TMA reductions carry down.
def TileGPU_TileRMWOpAttr : Attr<
    CPred<"::llvm::isa<::tilec::tile::RMWOpAttr>($_self)">,
    "tile read-modify-write operation"> {
  let storageType = "::tilec::tile::RMWOpAttr";
  let returnType = "::tilec::tile::RMWOp";
  let convertFromStorage = "$_self.getValue()";
  let constBuilderCall =
      "::tilec::tile::RMWOpAttr::get($_builder.getContext(), $0)";
}

def TileGPU_AsyncTMACopyLocalToGlobalOp
    : TileGPU_Op<"async_tma_copy_local_to_global",
                 [MemoryEffects<[MemRead<DefaultResource>,
                                 MemWrite<DefaultResource>]>]> {
  let summary = "starts a bulk tensor copy of a shared block to global memory";
  let description = [{
    Thread 0 issues the `cp.async.bulk.tensor` stores of `src` (the shared
    layout of the descriptor's plan) to the block at `indices` and commits
    them as one bulk group; elements outside the tensor are not written.
    The writers of `src` must fence (`fence_async_shared`) and synchronize
    first. With `reduce`, the copies are `cp.reduce.async.bulk.tensor`
    reductions into the block instead (the tensor map's element type gives
    the operation's type).
  }];
  let arguments = (ins TileGPU_TensorDesc:$desc, Variadic<I32>:$indices,
                       TileGPU_MemDescType:$src,
                       OptionalAttr<TileGPU_TileRMWOpAttr>:$reduce);
  let assemblyFormat = [{
    $desc `[` $indices `]` $src attr-dict `:` qualified(type($desc)) `,`
    qualified(type($src))
  }];
  let hasVerifier = 1;
}

def TileGPU_AsyncTMAStoreWaitOp : TileGPU_Op<"async_tma_store_wait"> {
  let summary = "waits until at most `pendings` bulk store groups still read";
  let description = [{
    `cp.async.bulk.wait_group.read`: the shared memory of the other groups
    may be written again (after a CTA barrier, for the other threads).
  }];
  let arguments = (ins I32Attr:$pendings);
  let assemblyFormat = "attr-dict";
}

def TileGPU_WarpGroupDotOp : TileGPU_Op<"warp_group_dot",
    [MemoryEffects<[MemRead<DefaultResource>]>]> {
  let summary = "c + a * b on the warpgroup tensor cores (wgmma)";
  let description = [{
    `a` ([M, K]) and `b` ([K, N]) are read from shared memory through wgmma
    matrix descriptors; `c` and the result are in an `#tilegpu.mma` version 3
    layout. `a` may instead be a tensor of f16 or bf16 in registers, in the
    `#tilegpu.dot_op` layout of operand 0 of the accumulator's layout (the
    wgmma form whose A is four registers per thread and K step): attention's
    P, computed from the previous dot's accumulator, needs no trip through
    shared memory then. Lowers to `wgmma.mma_async` per 64-row, instrN-column tile and
    16-wide K step, between a `wgmma.fence` and a commit and a wait for it.
    With `isAsync` there is no wait: the result may be read only after a
    `warp_group_dot_wait` that covers this dot's group, and `a` and `b` must
    not change before it (tilegpu-pipeline keeps one such dot in flight).

    ```mlir
    %d = tilegpu.warp_group_dot %a, %b, %c : !tilegpu.memdesc<[128, 64], f16, #sa>, !tilegpu.memdesc<[64, 128], f16, #sb>, tensor<128x128xf32, #mma> -> tensor<128x128xf32, #mma>
    %e = tilegpu.warp_group_dot %p, %b, %c : tensor<128x64xf16, #tilegpu.dot_op<{opIdx = 0, parent = #mma, elemBits = 16}>>, !tilegpu.memdesc<[64, 128], f16, #sb>, tensor<128x128xf32, #mma> -> tensor<128x128xf32, #mma>
    ```
  }];
  let arguments = (ins AnyTypeOf<[TileGPU_MemDescType, TileGPU_Tensor]>:$a,
                       TileGPU_MemDescType:$b,
                       TileGPU_Tensor:$c, UnitAttr:$isAsync);
  let results = (outs TileGPU_Tensor:$result);
  let assemblyFormat = [{
    $a `,` $b `,` $c attr-dict `:` qualified(type($a)) `,` qualified(type($b)) `,` type($c) `->` type($result)
  }];
  let hasVerifier = 1;
}

def TileGPU_WarpGroupDotWaitOp : TileGPU_Op<"warp_group_dot_wait"> {
  let summary = "waits until at most `pendings` wgmma groups are in flight";
  let description = [{
    `wgmma.wait_group pendings` for the warpgroup; `inputs` (the results of
    asynchronous warp_group_dots) come back as `outputs`, which are complete
    when their dots' groups are, so that nothing reads them earlier.

    ```mlir
    %d2 = tilegpu.warp_group_dot_wait %d {pendings = 1 : i32} : tensor<128x128xf32, #mma> -> tensor<128x128xf32, #mma>
    ```
  }];
  let arguments = (ins Variadic<TileGPU_Tensor>:$inputs, I32Attr:$pendings);
  let results = (outs Variadic<TileGPU_Tensor>:$outputs);
  let assemblyFormat =
      "$inputs attr-dict `:` type($inputs) `->` type($outputs)";
  let hasVerifier = 1;
}

#endif // TILEC_DIALECTS_TILEGPU_IR_TILEGPUOPS_TD
