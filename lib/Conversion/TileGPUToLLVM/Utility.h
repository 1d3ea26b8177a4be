//===- Utility.h - Helpers of the TileGPU to LLVM lowering ------*- C++ -*-===//
//
// The type converter, the packing of per-thread elements into LLVM structs,
// the index computations that turn a linear layout into per-register tensor
// coordinates, and the entry points of each group of patterns.
//
//===----------------------------------------------------------------------===//

#ifndef TILEC_LIB_CONVERSION_TILEGPUTOLLVM_UTILITY_H
#define TILEC_LIB_CONVERSION_TILEGPUTOLLVM_UTILITY_H

#include "TileGPU/IR/LinearLayout.h"
#include "TileGPU/IR/TileGPUOps.h"

#include "mlir/Conversion/LLVMCommon/Pattern.h"
#include "mlir/Conversion/LLVMCommon/TypeConverter.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Transforms/DialectConversion.h"

#include <optional>

namespace tilec::gpu_to_llvm {

/// The name of the module's shared-memory buffer (address space 3), sized by
/// tilegpu-allocate-shared-memory; every op's scratch lives inside it.
inline constexpr llvm::StringLiteral kScratchName = "tilec_scratch_smem";
/// Where tilegpu-allocate-shared-memory puts an op's scratch (bytes into the
/// buffer), and the module's total.
inline constexpr llvm::StringLiteral kScratchOffsetAttr =
    "tilegpu.scratch_offset";
inline constexpr llvm::StringLiteral kSharedMemoryAttr =
    "tilegpu.shared_memory";
/// Set on a module whose buffer is dynamic shared memory: the bytes each
/// launch must pass.
inline constexpr llvm::StringLiteral kDynamicSharedMemoryAttr =
    "tilegpu.dynamic_shared_memory";
/// The most shared memory a kernel may declare statically.
inline constexpr int64_t kMaxStaticSharedBytes = 48 * 1024;

/// LLVM's type converter plus: a ranked tensor with a tilegpu layout becomes
/// an `!llvm.struct` of its per-thread elements, `!tile.ptr<T>` becomes
/// `!llvm.ptr<1>`.
class TileGPUTypeConverter : public mlir::LLVMTypeConverter {
public:
  TileGPUTypeConverter(mlir::MLIRContext *ctx,
                       const mlir::LowerToLLVMOptions &options);
};

/// The number of elements each thread holds of a tensor with a tilegpu
/// layout (the size of the layout's register dimension), or std::nullopt.
std::optional<unsigned> getNumElementsPerThread(mlir::Type type);

/// The per-thread elements of a converted tensor value (an LLVM struct).
llvm::SmallVector<mlir::Value>
unpackElements(mlir::Location loc, mlir::Value packed, mlir::OpBuilder &b);
/// The LLVM struct of type `structType` holding `elements`.
mlir::Value packElements(mlir::Location loc, mlir::Type structType,
                         mlir::ValueRange elements, mlir::OpBuilder &b);

/// An i32 constant.
mlir::Value i32Const(mlir::OpBuilder &b, mlir::Location loc, int64_t v);

/// The flat thread id within the CTA (tid.x), as i32.
mlir::Value getThreadId(mlir::OpBuilder &b, mlir::Location loc);

/// For every register of a layout, the coordinates (one i32 per output
/// dimension, in order) of the element it holds in the calling thread:
/// `L(register) ^ L(lane) ^ L(warp)`, the lane and warp parts computed once
/// from tid.x at run time.
llvm::SmallVector<llvm::SmallVector<mlir::Value>>
emitIndices(mlir::Location loc, mlir::OpBuilder &b,
            const tilegpu::LinearLayout &layout);

/// The values of all output dimensions of `layout` at one input, in order.
llvm::SmallVector<int32_t> applyPositional(const tilegpu::LinearLayout &layout,
                                           llvm::StringRef inDim,
                                           int32_t value);

/// Bytes of shared memory a tile.reduce needs for its cross-warp step
/// (0 when the reduced axis stays within warps). Fails for layouts the
/// lowering does not support.
mlir::FailureOr<int64_t> getReduceScratchBytes(tile::ReduceOp op);

/// Bytes of shared memory a tile.scan needs to pass partial results between
/// warps (0 when the scanned axis stays within warps). Fails for layouts the
/// lowering does not support.
mlir::FailureOr<int64_t> getScanScratchBytes(tile::ScanOp op);

/// Bytes of shared memory a convert_layout, tile.trans or tile.reshape needs:
/// 0 when each thread already holds what it needs (a register permutation),
/// else the whole tensor.
int64_t getRelayoutScratchBytes(mlir::Operation *op);

/// Bytes of shared memory a tile.atomic_rmw or tile.atomic_cas needs to
/// hand its old values to every thread that holds them (0 when the results
/// are unused or each element has one holder).
mlir::FailureOr<int64_t> getAtomicScratchBytes(mlir::Operation *op);

/// Bytes of shared memory a tile.gather needs: the whole source.
int64_t getGatherScratchBytes(tile::GatherOp op);

/// Bytes of shared memory a tile.histogram needs: one i32 per bin.
int64_t getHistogramScratchBytes(tile::HistogramOp op);

/// The scratch bytes of any op (0 for ops that need none), or failure for an
/// op the lowering cannot handle.
mlir::FailureOr<int64_t> getScratchBytes(mlir::Operation *op);

/// Places the shared-memory buffers of `module` (see the
/// tilegpu-allocate-shared-memory pass): sets the offsets and the module's
/// total; fails with a diagnostic past `maxBytes`.
mlir::LogicalResult allocateSharedMemory(mlir::ModuleOp module,
                                         int64_t maxBytes,
                                         unsigned *numBuffers = nullptr);

/// The bytes one element of `elementType` takes in memory: 8 for pointers,
/// the bit width / 8 (at least 1) otherwise.
unsigned getStorageBytes(mlir::Type elementType);

/// A pointer to `op`'s scratch: the module buffer at `op`'s offset.
mlir::Value getScratchPointer(mlir::OpBuilder &b, mlir::Location loc,
                              mlir::Operation *op);

/// For every register of `dst`, the register of `src` in the same thread
/// that holds element `project(dst element)`; `project` maps destination
/// coordinates to source coordinates and must be linear over GF(2). Fails,
/// with the reason in `whyNot`, when some element is held by another thread.
mlir::FailureOr<llvm::SmallVector<unsigned>> getRegisterMap(
    const tilegpu::LinearLayout &dst, const tilegpu::LinearLayout &src,
    llvm::function_ref<llvm::SmallVector<int32_t>(llvm::ArrayRef<int32_t>)>
        project,
    std::string *whyNot = nullptr);

/// `v` (any scalar: integers and floats of any width, pointers) as another
/// lane of the warp holds it: `shfl.sync` of `kind` with `laneOrDelta` (the
/// source lane for idx, the distance for up and down, the XOR mask for bfly)
/// over the full warp, values wider than 32 bits in 32-bit halves.
mlir::Value shuffle(mlir::OpBuilder &b, mlir::Location loc, mlir::Value v,
                    mlir::NVVM::ShflKind kind, mlir::Value laneOrDelta);
/// `v` from the lane `lane ^ mask`.
mlir::Value shuffleXor(mlir::OpBuilder &b, mlir::Location loc, mlir::Value v,
                       int32_t mask);

/// The combining region of a tile.reduce or tile.scan applied to (acc, cur):
/// its ops cloned at the insertion point, the values it yields returned.
llvm::SmallVector<mlir::Value> applyCombiner(mlir::Region &combineOp,
                                             mlir::OpBuilder &b,
                                             mlir::ValueRange acc,
                                             mlir::ValueRange cur);
/// Fails, reported at `op`, when the combining region yields a value defined
/// outside it, which applyCombiner cannot clone.
mlir::LogicalResult verifyCombiner(mlir::Operation *op,
                                   mlir::Region &combineOp);

/// The first byte of the shared tile `alloc` allocates.
mlir::Value getSharedTilePointer(mlir::OpBuilder &b, mlir::Location loc,
                                 tilegpu::LocalAllocOp alloc);

/// A shared tile's layout: element offset -> tensor coordinates.
tilegpu::LinearLayout getSharedLayout(tilegpu::MemDescType type);

/// For every register of `distributed`, the element offset in the shared
/// tile `type` of the element it holds (an i32). Fails unless each run of
/// `vec` registers (from a multiple of `vec`) is `vec` consecutive elements
/// of the tile, so that a vector access can move them.
mlir::FailureOr<llvm::SmallVector<mlir::Value>>
emitSharedOffsets(mlir::Location loc, mlir::OpBuilder &b,
                  const tilegpu::LinearLayout &distributed,
                  tilegpu::MemDescType type, unsigned vec);

/// Turns each tilegpu.warp_specialize op, left in place by the conversion of
/// tensors, into a branch on the thread's role with its register budget, the
/// consumers' CTA barriers made named barriers over the consumers
/// (WarpSpecializeOpToLLVM.cpp).
mlir::LogicalResult lowerWarpSpecializeOps(mlir::ModuleOp module);

void populateFuncOpToLLVMPatterns(TileGPUTypeConverter &converter,
                                  mlir::RewritePatternSet &patterns);
void populateElementwiseOpToLLVMPatterns(TileGPUTypeConverter &converter,
                                         mlir::RewritePatternSet &patterns);
/// tile.fp_to_fp with its rounding mode (FpToFpOpToLLVM.cpp).
void populateFpToFpOpToLLVMPatterns(TileGPUTypeConverter &converter,
                                    mlir::RewritePatternSet &patterns,
                                    unsigned computeCapability);
/// Refuses, before the conversion, the fp8 conversions the target cannot do
/// (fp8e4nv below sm_89), with one error at each (FpToFpOpToLLVM.cpp).
mlir::LogicalResult checkFpToFpTarget(mlir::ModuleOp module,
                                      unsigned computeCapability);
/// tile.extern_elementwise as a call per element (ExternCallToLLVM.cpp).
void populateExternCallToLLVMPatterns(TileGPUTypeConverter &converter,
                                      mlir::RewritePatternSet &patterns);
/// tile.inline_asm_elementwise as llvm.inline_asm per group of `pack`
/// elements (InlineAsmToLLVM.cpp).
void populateInlineAsmToLLVMPatterns(TileGPUTypeConverter &converter,
                                     mlir::RewritePatternSet &patterns);
/// tile.map_elementwise: its region inlined per group of `pack` elements of
/// each thread (MapElementwiseToLLVM.cpp).
void populateMapElementwiseToLLVMPatterns(TileGPUTypeConverter &converter,
                                          mlir::RewritePatternSet &patterns);
/// Scalar `math` ops that Triton lowers to libdevice calls.
void populateMathToLibdevicePatterns(TileGPUTypeConverter &converter,
                                     mlir::RewritePatternSet &patterns);
void populateMemoryOpToLLVMPatterns(TileGPUTypeConverter &converter,
                                    mlir::RewritePatternSet &patterns,
                                    llvm::function_ref<void()> onMasked);
/// tile.atomic_rmw and tile.atomic_cas: one atomic per element, by the one
/// thread that issues it; the instruction forms depend on the target.
void populateAtomicOpToLLVMPatterns(TileGPUTypeConverter &converter,
                                    mlir::RewritePatternSet &patterns,
                                    unsigned computeCapability);
/// tile.debug_barrier, tile.griddepcontrol, tile.assume, tile.print (vprintf)
/// and tile.assert (__assertfail).
void populateDebugOpToLLVMPatterns(TileGPUTypeConverter &converter,
                                   mlir::RewritePatternSet &patterns);
void populateViewOpToLLVMPatterns(TileGPUTypeConverter &converter,
                                  mlir::RewritePatternSet &patterns);
void populateReduceOpToLLVMPatterns(TileGPUTypeConverter &converter,
                                    mlir::RewritePatternSet &patterns);
void populateScanOpToLLVMPatterns(TileGPUTypeConverter &converter,
                                  mlir::RewritePatternSet &patterns);
/// tile.gather through shared memory (GatherOpToLLVM.cpp).
void populateGatherOpToLLVMPatterns(TileGPUTypeConverter &converter,
                                    mlir::RewritePatternSet &patterns);
/// tile.histogram with shared-memory atomics (HistogramOpToLLVM.cpp).
void populateHistogramOpToLLVMPatterns(TileGPUTypeConverter &converter,
                                       mlir::RewritePatternSet &patterns);
void populateConvertLayoutOpToLLVMPatterns(TileGPUTypeConverter &converter,
                                           mlir::RewritePatternSet &patterns);
void populateDotOpToLLVMPatterns(TileGPUTypeConverter &converter,
                                 mlir::RewritePatternSet &patterns);
/// fp32 tile.dot with input_precision="ieee": an fma.rn.f32 loop over K
/// (FmaDotOpToLLVM.cpp).
void populateFmaDotOpToLLVMPatterns(TileGPUTypeConverter &converter,
                                    mlir::RewritePatternSet &patterns);
/// Whether `op` is an FMA dot: 2-D fp32, "ieee", a blocked accumulator.
bool isFmaDot(tile::DotOp op);
void populateSharedMemoryOpToLLVMPatterns(TileGPUTypeConverter &converter,
                                          mlir::RewritePatternSet &patterns);
/// tilegpu.local_load: ldmatrix where the destination layout is its
/// fragment, else a vector load per thread.
void populateLocalLoadOpToLLVMPatterns(TileGPUTypeConverter &converter,
                                       mlir::RewritePatternSet &patterns);
void populateTMAOpToLLVMPatterns(TileGPUTypeConverter &converter,
                                 mlir::RewritePatternSet &patterns);
void populateWarpGroupDotOpToLLVMPatterns(TileGPUTypeConverter &converter,
                                          mlir::RewritePatternSet &patterns);
/// Patterns and legality for structured control flow with converted types
/// (the first phase of the pass).
void populateControlFlowTypeConversions(TileGPUTypeConverter &converter,
                                        mlir::RewritePatternSet &patterns,
                                        mlir::ConversionTarget &target);
/// Patterns that lower scf to cf and cf to LLVM (the second phase).
void populateControlFlowToLLVMPatterns(TileGPUTypeConverter &converter,
                                       mlir::RewritePatternSet &patterns);
/// Patterns that lower arith and math on scalars to LLVM (the second phase),
/// fast PTX forms of f32 math included.
void populateScalarToLLVMPatterns(TileGPUTypeConverter &converter,
                                  mlir::RewritePatternSet &patterns);

} // namespace tilec::gpu_to_llvm

#endif // TILEC_LIB_CONVERSION_TILEGPUTOLLVM_UTILITY_H
