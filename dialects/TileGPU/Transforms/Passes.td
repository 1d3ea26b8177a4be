//===- Passes.td - tilegpu dialect passes ------------------*- tablegen -*-===//
//
// The passes that choose and clean up layouts once every tile has one:
// coalescing of global memory accesses and the removal of the layout
// conversions that choices leave behind.
//
//===----------------------------------------------------------------------===//

#ifndef TILEC_DIALECTS_TILEGPU_TRANSFORMS_PASSES_TD
#define TILEC_DIALECTS_TILEGPU_TRANSFORMS_PASSES_TD

include "mlir/Pass/PassBase.td"

def TileGPUCoalesce : Pass<"tilegpu-coalesce", "mlir::ModuleOp"> {
  let summary = "Give each global load and store a layout with wide, "
                "coalesced accesses";
  let description = [{
    Runs the axis analysis (contiguity, divisibility and constancy of every
    integer and pointer tile) and, for each `tile.load` and `tile.store` of a
    tile of pointers, chooses the blocked layout in which each thread owns
    `vec` consecutive elements along the pointer's most contiguous dimension
    and consecutive lanes own consecutive vectors, so that a warp touches
    consecutive addresses:

      vec = min(contiguity, divisibility of the run starts, constancy of the
                mask along that dimension, max-bytes / element size,
                elements / threads)

    The access gets that layout (its operands and result are converted with
    `tilegpu.convert_layout`, which `tilegpu-remove-layout-conversions`
    then removes) and the attribute `tilegpu.vec = vec`, the number of
    elements the lowering may move with one vector instruction.

    A `tile.descriptor_load`'s block is read back from the shared memory
    TMA lands it in, whole rows contiguous: its result gets `vec` =
    min(max-bytes / element size, elements / threads, row length) along the
    last dimension, and becomes an anchor of layout propagation like a load.

    ```mlir
    // %p: tensor<1024x!tile.ptr<f32>>, contiguity 1024, divisibility 4
    %x = tile.load %p, %m : tensor<1024xf32, #blocked1>
    // becomes
    %p2 = tilegpu.convert_layout %p : ... #blocked1> -> ... #blocked4>
    %m2 = tilegpu.convert_layout %m : ... #blocked1> -> ... #blocked4>
    %x2 = tile.load %p2, %m2 {tilegpu.vec = 4} : tensor<1024xf32, #blocked4>
    %x = tilegpu.convert_layout %x2 : ... #blocked4> -> ... #blocked1>
    // #blocked4 = #tilegpu.blocked<{sizePerThread = [4], threadsPerWarp = [32],
    //                               warpsPerCTA = [4], order = [0]}>
    ```
  }];
  let dependentDialects = ["::tilec::tilegpu::TileGPUDialect"];
  let options = [
    Option<"maxBytesPerAccess", "max-bytes", "unsigned", /*default=*/"16",
           "Largest access one thread makes with one instruction, in bytes">,
  ];
  let statistics = [
    Statistic<"numVectorized", "num-vectorized",
              "accesses given a vector width above one">,
    Statistic<"numRelaidOut", "num-relaid-out",
              "accesses given a new layout">,
  ];
}

def TileGPUAccelerateDot : Pass<"tilegpu-accelerate-dot", "mlir::ModuleOp"> {
  let summary = "Give tile.dot tensor-core layouts";
  let description = [{
    For each `tile.dot` a tensor-core instruction can compute, chooses the
    instruction and how warps tile the result, and states it as layouts:
    the result and accumulator get `#tilegpu.mma`, the operands the matching
    `#tilegpu.dot_op`, with `tilegpu.convert_layout` in and out (layout
    propagation then keeps a loop's accumulator in the mma layout).

    With `wgmma` (sm_90a): a dot with f16/bf16 (or fp8, stored K-major)
    operands and an f32 accumulator whose tile is whole 64-row warpgroup
    tiles becomes a
    `tilegpu.warp_group_dot` with an `#tilegpu.mma` version 3 accumulator;
    its operands are stored to shared memory (`tilegpu.local_alloc`) in the
    widest swizzle (32, 64 or 128 bytes) their contiguous dimension fills,
    in the order their loads read them, for wgmma to read through matrix
    descriptors. Warps go along M in warpgroups of 4 rows of 16, then N.
    An f16/bf16 A operand computed without loads from an earlier
    warp_group_dot's accumulator, whose layout already places it as wgmma's
    register A fragment (attention's P), is converted to the operand-0
    `#tilegpu.dot_op` layout instead and read from registers.

    Otherwise mma.sync (compute capability 8.0 and up, so also on sm_90a;
    fp8 operands are first converted to f16, as Triton does):
    m16n8k16 for f16/bf16 operands with an f32 accumulator, m16n8k8 for f32
    operands with tf32 precision, m16n8k32 for i8 operands with an i32
    accumulator, on tiles of whole 16x8xK steps. Warps are doubled along
    whichever of M (16 rows per step)
    and N (8 columns) has more steps left per warp. Other dots are left
    alone; the lowering names what it does not support.

    With `shared-operands` (the default), 16-bit mma.sync operands of
    power-of-two shapes go through shared memory instead of a
    `convert_layout`: `tilegpu.local_alloc` of the operand as its loads
    produce it, swizzled (32, 64 or 128 bytes, the widest its contiguous
    dimension fills) so that the 8 rows of each 16-byte-wide ldmatrix block
    fall in distinct banks, then `tilegpu.local_load` into the `#dot_op`
    layout, which lowers to ldmatrix. tilegpu-pipeline then turns the stores
    into cp.async copies.

    ```mlir
    %d = tile.dot %a, %b, %c : tensor<128x32xf16, #blocked> * ... -> tensor<128x128xf32, #blocked>
    // becomes
    %a2 = tilegpu.convert_layout %a : ... -> tensor<128x32xf16, #tilegpu.dot_op<{opIdx = 0, parent = #mma, elemBits = 16}>>
    %b2 = ...
    %c2 = tilegpu.convert_layout %c : ... -> tensor<128x128xf32, #mma>
    %d2 = tile.dot %a2, %b2, %c2 : ... -> tensor<128x128xf32, #mma>
    %d = tilegpu.convert_layout %d2 : ... -> tensor<128x128xf32, #blocked>
    // #mma = #tilegpu.mma<{version = 2, instrN = 8, warpsPerCTA = [4, 1]}>
    ```
  }];
  let dependentDialects = ["::tilec::tilegpu::TileGPUDialect",
                           "::mlir::arith::ArithDialect"];
  let options = [
    Option<"computeCapability", "compute-capability", "unsigned",
           /*default=*/"0",
           "Compute capability times ten (80, 86, 89, 90); 0 means 80">,
    Option<"useWgmma", "wgmma", "bool", /*default=*/"false",
           "Use wgmma for the dots it can compute (sm_90a only: the "
           "instruction exists on the architecture-specific target alone)">,
    Option<"sharedOperands", "shared-operands", "bool", /*default=*/"true",
           "Stage 16-bit mma.sync operands in swizzled shared memory and "
           "read them with tilegpu.local_load (ldmatrix)">,
  ];
  let statistics = [
    Statistic<"numAccelerated", "num-accelerated",
              "dots given tensor-core layouts">,
    Statistic<"numWarpGroupDots", "num-wgmma",
              "dots turned into tilegpu.warp_group_dot">,
    Statistic<"numSharedOperands", "num-shared-operands",
              "mma.sync operands staged in shared memory">,
    Statistic<"numRegisterAOperands", "num-register-a",
              "wgmma A operands kept in registers">,
    Statistic<"numFmaDots", "num-fma",
              "fp32 ieee dots given FMA (blocked) layouts">,
    Statistic<"numTF32x3Split", "num-tf32x3",
              "tf32x3 dots split into three tf32 dots">,
  ];
}

def TileGPUPipeline : Pass<"tilegpu-pipeline", "mlir::ModuleOp"> {
  let summary = "Prefetch the operands of loops over K into a shared ring";
  let description = [{
    For an `scf.for` whose shared-memory tiles (`tilegpu.local_alloc` of a
    `tile.load`) are refilled every iteration, issues the loads of iteration
    `i + numStages - 1` as `tilegpu.async_copy_global_to_local` into a ring
    of `numStages` slots while iteration `i` computes, so that the copies
    overlap the math. The loads' address and mask computations (and the
    loop-carried pointers they step) run `numStages - 1` iterations ahead;
    a prologue issues the first `numStages - 1` iterations' copies, and
    copies past the end are masked off (they read nothing and fill zeros).

    Each iteration waits (`async_wait`) until its slot's copy group is
    complete, fences the async proxy when wgmma reads the slot, and
    synchronizes the CTA with one barrier, which also makes the slot that
    the previous iteration read free for the next copy.

    A warp_group_dot whose result only feeds the next iteration's
    accumulator stays in flight for one iteration (`isAsync`, then
    `warp_group_dot_wait {pendings = 1}`; the loop's result waits for 0), so
    the tensor cores overlap the next iteration's wait and copy issue; its
    rings get one more slot, which the dot in flight still reads.

    A `local_alloc` of a `tile.descriptor_load` whose layout is the one TMA
    lands the block in (`tma`, on sm_90) is prefetched the same way by bulk
    tensor copies into the ring: each slot has an mbarrier on which thread 0
    arrives with the iteration's byte count and its copies complete; an
    iteration waits for its slot's phase (a parity the loop carries) instead
    of `async_wait`, and needs no proxy fence before wgmma.

    The load may reach its local_alloc through layout conversions and one
    `tile.trans` (a transposed dot operand, stored as it is read): it is
    then copied through transposed pointers. Several prefetched loads and
    dots per loop, loop-carried values and runtime bounds are handled; a
    stage-0 value the iteration also reads is computed in both stages, and
    a stage-0 iter arg the iteration or the loop's users read is carried
    both ahead and current. A load is left as it is when cp.async cannot
    copy it (vectors of fewer than 4 bytes, a nonzero `other`, a value used
    in registers) or when its addresses depend on a load or an op with side
    effects in the loop; the loop is pipelined for its other loads. A loop
    whose `tile.num_stages` is 1 or less is not pipelined. With `remarks`,
    each loop holding a dot (or carrying `tile.num_stages`) gets a remark
    saying how it was pipelined or why not.

    ```mlir
    scf.for %i = %lb to %ub step %c1 iter_args(%acc = %z, %p = %p0) {
      %a = tile.load %p, %m, %zero : tensor<128x64x!tile.ptr<f16>, #blocked>
      %s = tilegpu.local_alloc %a : (...) -> !tilegpu.memdesc<[128, 64], f16, #shared>
      %d = tilegpu.warp_group_dot %s, ...
      ...
    }
    // becomes a prologue of async copies, then
    scf.for ... {
      tilegpu.async_wait {num = 1 : i32}
      tilegpu.fence_async_shared
      tilegpu.barrier
      tilegpu.async_copy_global_to_local %p_ahead, %ring_slot_next mask %m_ahead ...
      tilegpu.async_commit_group
      %s = tilegpu.memdesc_index %ring[%slot] : ...
      %d = tilegpu.warp_group_dot %s, ...
    }
    ```
  }];
  let dependentDialects = ["::tilec::tilegpu::TileGPUDialect",
                           "::mlir::arith::ArithDialect",
                           "::mlir::scf::SCFDialect"];
  let options = [
    Option<"numStages", "num-stages", "unsigned", /*default=*/"3",
           "Slots of each ring (a loop's tile.num_stages overrides it)">,
    Option<"useTMA", "tma", "bool", /*default=*/"true",
           "Pipeline tensor descriptor loads through TMA rings (compute "
           "capability 9.0 and up; tilegpu-lower-descriptors refuses them "
           "below)">,
    Option<"remarks", "remarks", "bool", /*default=*/"false",
           "Emit a remark per loop with a dot (or tile.num_stages): how it "
           "was pipelined, or why not, and why each load left in it was "
           "not prefetched (tilec --print-pipeline-remarks)">,
  ];
  let statistics = [
    Statistic<"numPipelinedLoops", "num-pipelined-loops",
              "loops given a prefetching prologue">,
    Statistic<"numAsyncCopies", "num-async-copies",
              "loads turned into async copies">,
  ];
}

def TileGPUWarpSpecialize
    : Pass<"tilegpu-warp-specialize", "mlir::ModuleOp"> {
  let summary = "Split a TMA-fed wgmma loop between a producer warpgroup "
                "and the consumer warps";
  let description = [{
    For an `scf.for` marked `tile.warp_specialize` (`tl.range(...,
    warp_specialize=True)`) whose prefetchable loads are all descriptor
    loads (TMA) and whose dots run on wgmma, at the top level of its
    kernel: the kernel becomes a `tilegpu.warp_specialize` op. One more
    warpgroup, the producer, runs the loop's address computations (stage 0
    of tilegpu-pipeline's plan) and issues each iteration's bulk copies
    into a ring of `num_stages` slots as soon as the slot is free: it waits
    on the slot's "empty" mbarrier, then arrives on its "full" mbarrier with
    the byte count the copies complete. The kernel's own warps, the
    consumers, run everything else: each iteration waits on its slot's full
    mbarrier, issues its wgmmas, waits until only they are in flight and
    hands the previous iteration's slot back (one arrival per warp on its
    empty mbarrier). No CTA barrier is left in the loop. The producer keeps
    40 registers a thread and gives the rest to the consumers
    (`setmaxnreg`).

    Several marked loops of one kernel (attention's causal split) are split
    together: the producer runs their address computations one loop after
    the other, and each loop continues in the rings, slot and phase where
    the previous one stopped (their prefetched tiles and num_stages must
    match the first's). The producer starts copying at once, ordered after
    nothing the consumers do: a kernel that may write global memory before
    a split loop (a store, an atomic, a lock) is not split. A marked loop
    that does not qualify is left to tilegpu-pipeline, with a remark naming
    why (`remarks`). The split loops (`tilegpu.split_loop`) are not
    pipelined again; the consumers' other loops are.
  }];
  let dependentDialects = ["::tilec::tilegpu::TileGPUDialect",
                           "::mlir::arith::ArithDialect",
                           "::mlir::scf::SCFDialect"];
  let options = [
    Option<"numStages", "num-stages", "unsigned", /*default=*/"3",
           "Slots of each ring (a loop's tile.num_stages overrides it)">,
    Option<"remarks", "remarks", "bool", /*default=*/"false",
           "Emit a remark per marked loop: warp-specialized, or why not">,
  ];
  let statistics = [
    Statistic<"numSpecializedLoops", "num-specialized-loops",
              "loops split between producer and consumer warps">,
  ];
}

def TileGPULowerDescriptors
    : Pass<"tilegpu-lower-descriptors", "mlir::ModuleOp"> {
  let summary = "Lower tensor descriptor loads and stores to TMA copies";
  let description = [{
    Runs after `tilegpu-pipeline`, which has already turned the descriptor
    loads of pipelined loops into TMA rings. Every other
    `tile.descriptor_load` becomes one bulk tensor copy into a shared tile
    of the descriptor's TMA layout, completing on an mbarrier that every
    thread waits on: a `local_alloc` of the load in that layout (a wgmma
    operand) becomes the copy's destination itself; any other use reads the
    tile back with `local_load`. A CTA barrier before the copy keeps a loop's
    previous readers from seeing it, one after the initialization publishes
    the mbarrier, and one after the wait lets thread 0 invalidate it.

    `tile.descriptor_store` stores the value to a shared tile of the
    descriptor's layout (fenced for the async proxy), and thread 0 issues
    the bulk tensor store and waits until it has read the tile, before a CTA
    barrier frees the tile for reuse.

    TMA needs compute capability 9.0; below it, descriptor ops are errors.

    ```mlir
    %a = tile.descriptor_load %desc[%i, %j] : !tile.tensordesc<tensor<128x64xf16>> -> tensor<128x64xf16, #blocked>
    // becomes
    %buf = tilegpu.local_alloc : () -> !tilegpu.memdesc<[128, 64], f16, #tilegpu.shared<{swizzleBytes = 128, order = [1, 0]}>>
    %bar = tilegpu.local_alloc : () -> !tilegpu.memdesc<[1], i64, ...>
    tilegpu.barrier
    tilegpu.init_barrier %bar, 1 : ...
    tilegpu.barrier
    tilegpu.barrier_expect %bar, 16384, %true : ...
    tilegpu.async_tma_copy_global_to_local %desc[%i, %j] %buf, %bar, %true : ...
    tilegpu.wait_barrier %bar, %c0 : ...
    %a = tilegpu.local_load %buf : ... -> tensor<128x64xf16, #blocked>
    ```
  }];
  let dependentDialects = ["::tilec::tilegpu::TileGPUDialect",
                           "::mlir::arith::ArithDialect"];
  let options = [
    Option<"computeCapability", "compute-capability", "unsigned",
           /*default=*/"90",
           "Compute capability times ten; TMA needs 90 or more">,
  ];
  let statistics = [
    Statistic<"numTMALoads", "num-tma-loads",
              "descriptor loads lowered outside pipelined loops">,
    Statistic<"numTMAStores", "num-tma-stores", "descriptor stores lowered">,
  ];
}

def TileGPURemoveLayoutConversions
    : Pass<"tilegpu-remove-layout-conversions", "mlir::ModuleOp"> {
  let summary = "Propagate the layouts of loads and erase conversions";
  let description = [{
    Layout propagation in three steps, per kernel:

    1. Forward propagation: the layout of every `tile.load` result (an
       anchor, chosen by `tilegpu-coalesce`) flows to its users: through
       elementwise ops, conversions, broadcasts, loop-carried values and
       `scf.if` results; a reduction's results get the slice of its
       operand's layout, an `expand_dims` of a slice gives back the parent.
       Backward, a value that got a layout offers it to the load-free values
       it is computed from (splats, constants, loop-carried values), which
       cost the same in any layout. Where two layouts reach one value, the
       one with more consecutive elements per thread wins.
    2. Rewrite: every value takes the layout it was given; an operand whose
       layout differs from what its user needs is converted.
    3. Backward rematerialization: a conversion of a value computed only from
       values that cost nothing to create in any layout (`make_range`,
       splats, constants, or conversions from the target layout) through
       pure ops is replaced by a copy of that computation in the target
       layout.

    Conversions that cancel are then folded away.

    ```mlir
    %o = arith.addi %s, %r : tensor<1024xi32, #blocked1>
    %p = tile.addptr %base, %o : ...
    %p4 = tilegpu.convert_layout %p : ... #blocked1> -> ... #blocked4>
    // becomes: make_range, splat, addi and addptr recomputed in #blocked4
    ```
  }];
  let dependentDialects = ["::tilec::tilegpu::TileGPUDialect"];
  let options = [
    Option<"maxRematerializedOps", "max-remat-ops", "unsigned",
           /*default=*/"64",
           "Largest computation copied to avoid one conversion">,
  ];
  let statistics = [
    Statistic<"numPropagated", "num-propagated",
              "values that took a propagated layout">,
    Statistic<"numRematerialized", "num-rematerialized",
              "conversions replaced by a recomputation">,
    Statistic<"numLeft", "num-left", "conversions left">,
  ];
}

def TileGPUShrinkLoopRegisters
    : Pass<"tilegpu-shrink-loop-registers", "mlir::ModuleOp"> {
  let summary = "Fewer registers live in loops that load tiles directly";
  let description = [{
    For the loops that `tilegpu-pipeline` left loading into registers
    (loads narrower than cp.async's 4 bytes: fp16 with sizes not divisible
    by 16), where a matmul otherwise spills: a `tilegpu.local_alloc` of a
    `tile.load` narrower than a 32-bit word (`tilegpu.vec` elements) in a
    loop body moves to right after the load, so that one
    operand tile is stored to shared memory, and its registers freed,
    before the next one's loads are issued (the barriers around the store
    keep the code generator from interleaving them again). Pipelined loops
    have no such pair left: their loads became copies.

    ```mlir
    %a = tile.load %pa, %ma, %za
    %b = tile.load %pb, %mb, %zb
    %sa = tilegpu.local_alloc %a
    %sb = tilegpu.local_alloc %b
    // becomes
    %a = tile.load %pa, %ma, %za
    %sa = tilegpu.local_alloc %a
    %b = tile.load %pb, %mb, %zb
    %sb = tilegpu.local_alloc %b
    ```
  }];
  let dependentDialects = ["::tilec::tilegpu::TileGPUDialect"];
  let statistics = [
    Statistic<"numStoredEarly", "num-stored-early",
              "local_allocs moved up to their load">,
  ];
}

#endif // TILEC_DIALECTS_TILEGPU_TRANSFORMS_PASSES_TD
