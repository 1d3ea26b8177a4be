//===- Passes.td - tilec conversion passes -----------------*- tablegen -*-===//
//
// The passes that move a kernel from one level to the next.
//
//===----------------------------------------------------------------------===//

#ifndef TILEC_LIB_CONVERSION_PASSES_TD
#define TILEC_LIB_CONVERSION_PASSES_TD

include "mlir/Pass/PassBase.td"

def ConvertTileToTileGPU : Pass<"convert-tile-to-tilegpu", "mlir::ModuleOp"> {
  let summary = "Give every tile a layout over the threads of a CTA";
  let description = [{
    Tiling: every ranked tensor gets a `tilegpu` layout encoding. Values
    created from nothing (make_range, splat, constants) get the default
    blocked layout for `num-warps` warps of `threads-per-warp` threads (one
    element per thread, lanes then warps along the fastest dimension);
    elementwise operations, loads, stores and pointer arithmetic take the
    layout of their first tensor operand; a reduction's result is the slice
    of its operand's layout along the reduced axis; expand_dims of a slice
    gives back the parent; loop-carried values keep the layout they enter
    with. Where an operand's layout differs from the one an op needs, a
    `tilegpu.convert_layout` is inserted (later passes remove most of them).

    ```mlir
    %r = tile.make_range 0 to 128 : tensor<128xi32>
    // becomes
    %r = tile.make_range 0 to 128 : tensor<128xi32, #tilegpu.blocked<{
           sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4],
           order = [0]}>>
    ```

    The module gets `tilegpu.num_warps` and `tilegpu.threads_per_warp`.
  }];
  let dependentDialects = ["::tilec::tilegpu::TileGPUDialect"];
  let options = [
    Option<"numWarps", "num-warps", "unsigned", /*default=*/"0",
           "Warps per program (0: the module's tile.num_warps, else 4)">,
    Option<"threadsPerWarp", "threads-per-warp", "unsigned", /*default=*/"32",
           "Threads per warp">,
  ];
  let statistics = [
    Statistic<"numConversions", "num-conversions",
              "convert_layout ops inserted">,
  ];
}

def TileGPUAllocateSharedMemory
    : Pass<"tilegpu-allocate-shared-memory", "mlir::ModuleOp"> {
  let summary = "Place every shared-memory buffer of a kernel, reusing "
                "bytes whose lives do not overlap";
  let description = [{
    Collects the buffers of each kernel: the scratch of ops that exchange
    data between threads (a `tile.reduce` across warps, a
    `tilegpu.convert_layout` that moves elements to other threads), live
    only while the op runs, and each `tilegpu.local_alloc`, live from the
    allocation to its last use (a use inside a loop keeps it live for the
    whole loop). Buffers are placed largest first at the lowest 16-byte
    aligned offset that no buffer live at the same time occupies, so
    successive reductions and conversions share the same bytes.

    Results: `tilegpu.scratch_offset` on each op with scratch, `offset` on
    each `local_alloc`, and `tilegpu.shared_memory` (total bytes) on the
    module, which the lowering reads. More than `max-bytes` is an error at
    the op that pushes the total past it.

    ```mlir
    %m = "tile.reduce"(%x) ({...}) {axis = 0 : i32} : (tensor<1024xf32, #b>) -> f32
    // becomes
    %m = "tile.reduce"(%x) ({...}) {axis = 0 : i32,
                                    tilegpu.scratch_offset = 0 : i64} ...
    ```
  }];
  let options = [
    Option<"maxBytes", "max-bytes", "unsigned", /*default=*/"49152",
           "Shared memory available to one CTA (static allocation)">,
  ];
  let statistics = [
    Statistic<"numBuffers", "num-buffers", "buffers placed">,
  ];
}

def ConvertTileGPUToLLVM : Pass<"convert-tilegpu-to-llvm", "mlir::ModuleOp"> {
  let summary = "Lower tilegpu kernels to per-thread LLVM and NVVM code";
  let description = [{
    Every tensor with a tilegpu layout becomes an `!llvm.struct` of the
    elements that one thread holds (one field per value of the layout's
    `register` dimension); `!tile.ptr<T>` becomes `!llvm.ptr<1>`. Index
    computations come from the layouts' linear layouts: the coordinate of
    register `r` of thread `tid` is `L(r) ^ L(lane) ^ L(warp)` with lane =
    tid % 32 and warp = tid / 32. Elementwise ops are applied per element,
    loads and stores are vectorized over registers that hold consecutive
    elements (masked ones through predicated PTX), reductions combine within
    a thread, then across lanes with `shfl.sync.bfly`, then across warps
    through shared memory. Structured control flow is lowered through `cf`.

    ```mlir
    func.func @k(%p: !tile.ptr<f32>) attributes {tile.kernel} {
      %r = tile.make_range 0 to 128 : tensor<128xi32, #blocked>
      ...
    // becomes
    llvm.func @k(%p: !llvm.ptr<1>) attributes {nvvm.kernel,
                                                nvvm.reqntid = array<i32: 128>} {
      %tid = nvvm.read.ptx.sreg.tid.x : i32
      ...
    ```
  }];
  let dependentDialects = ["::mlir::LLVM::LLVMDialect",
                           "::mlir::NVVM::NVVMDialect"];
  let options = [
    Option<"computeCapability", "compute-capability", "unsigned",
           /*default=*/"90",
           "The target's compute capability (80, 86, 89, 90): picks the "
           "instructions of fp8 conversions and of 16-bit float atomics, as "
           "Triton's lowering does">,
  ];
  let statistics = [
    Statistic<"numMaskedAccesses", "num-masked-accesses",
              "predicated global loads and stores emitted">,
  ];
}

#endif // TILEC_LIB_CONVERSION_PASSES_TD
