//===- Coalesce.cpp - Wide, coalesced global memory accesses ----*- C++ -*-===//
//
// The tilegpu-coalesce pass. Memory-bound kernels live or die by how many
// bytes each memory instruction moves: a warp of scalar 4-byte loads moves
// 128 bytes per instruction, the same warp of 16-byte vector loads 512. The
// axis analysis proves how many consecutive elements of a pointer tile are
// contiguous and aligned, and how many consecutive mask bits are equal; this
// pass turns that into a layout where each thread owns exactly such a run
// and the lanes of a warp own consecutive runs, and records the proven width
// on the access (`tilegpu.vec`) for the lowering.
//
// The new layout is local to the access: operands are converted into it and
// the result back out of it, so the IR stays valid; the conversions are for
// tilegpu-remove-layout-conversions to remove by propagating the layout.
//
//===----------------------------------------------------------------------===//

#include "TileGPU/Transforms/Passes.h"

#include "Analysis/AxisInfo.h"
#include "Tile/IR/TileOps.h"
#include "TileGPU/IR/TileGPUOps.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/Builders.h"

#include "llvm/ADT/bit.h"
#include "llvm/Support/Debug.h"

#define DEBUG_TYPE "tilegpu-coalesce"

namespace tilec::tilegpu {
#define GEN_PASS_DEF_TILEGPUCOALESCE
#include "TileGPU/Transforms/Passes.h.inc"
} // namespace tilec::tilegpu

using namespace mlir;
using namespace tilec;
using namespace tilec::tilegpu;

namespace {

/// Bytes each thread owns along the contiguous dimension when its accesses
/// are narrower than a word: a 16-byte run, like a vectorized access's, so
/// that eight fp16 elements share one address (and their shared-memory
/// store is one 16-byte vector).
constexpr int64_t subWordRunBytes = 16;

/// What the pass decides for one access.
struct AccessPlan {
  BlockedEncodingAttr layout;
  unsigned vec = 1;
};

struct CoalescePass : public tilegpu::impl::TileGPUCoalesceBase<CoalescePass> {
  using Base::Base;
  void runOnOperation() override;

private:
  /// The layout and vector width for an access through `ptr` (a ranked
  /// tensor of `!tile.ptr`) guarded by `mask` (may be null).
  std::optional<AccessPlan> plan(const ModuleAxisInfoAnalysis &axis, Value ptr,
                                 Value mask, unsigned numWarps,
                                 unsigned threadsPerWarp, bool subWordRuns);
  /// The layout for reading a descriptor load's block back from shared
  /// memory: 16-byte vectors along its contiguous last dimension.
  std::optional<AccessPlan> planDescriptorLoad(tile::DescriptorLoadOp load,
                                               unsigned numWarps,
                                               unsigned threadsPerWarp);
  /// Gives `op` the layout of `plan`: converts its tensor operands into it
  /// and, for a load, its result back to the old layout.
  void relayout(Operation *op, const AccessPlan &plan);
};

/// Whether `v` (a loaded tile) reaches an A or B operand of a `tile.dot`
/// through layout conversions, casts and transposes: the loads whose tiles
/// sit in registers beside a dot's accumulator until they are stored to
/// shared memory or fed to the tensor cores.
bool feedsDotOperand(Value v) {
  SmallVector<Value> worklist = {v};
  llvm::SmallPtrSet<Value, 8> seen;
  while (!worklist.empty()) {
    Value cur = worklist.pop_back_val();
    if (!seen.insert(cur).second)
      continue;
    for (OpOperand &use : cur.getUses()) {
      Operation *user = use.getOwner();
      if (isa<tile::DotOp>(user) && use.getOperandNumber() < 2)
        return true;
      if (isa<ConvertLayoutOp, tile::TransOp, tile::FpToFpOp, tile::BitcastOp,
              arith::ExtFOp, arith::TruncFOp, arith::SIToFPOp,
              arith::UIToFPOp>(user))
        worklist.push_back(user->getResult(0));
    }
  }
  return false;
}

/// Whether `v` (a stored tile) is a `tile.dot` result, through layout
/// conversions, casts and the loop that carries the accumulator: a matmul's epilogue, whose tile of addresses would
/// otherwise sit beside the accumulator's registers.
bool isDotResult(Value v) {
  while (Operation *def = v.getDefiningOp()) {
    if (isa<tile::DotOp>(def))
      return true;
    // The accumulator leaves its K loop as the loop's result.
    if (auto loop = dyn_cast<scf::ForOp>(def)) {
      v = loop.getYieldedValues()[cast<OpResult>(v).getResultNumber()];
      continue;
    }
    if (!isa<ConvertLayoutOp, tile::FpToFpOp, tile::BitcastOp, arith::ExtFOp,
             arith::TruncFOp, arith::FPToSIOp, arith::FPToUIOp>(def))
      return false;
    v = def->getOperand(0);
  }
  return false;
}

} // namespace

std::optional<AccessPlan> CoalescePass::plan(const ModuleAxisInfoAnalysis &axis,
                                             Value ptr, Value mask,
                                             unsigned numWarps,
                                             unsigned threadsPerWarp,
                                             bool subWordRuns) {
  auto type = dyn_cast<RankedTensorType>(ptr.getType());
  if (!type || !getLayout(type))
    return std::nullopt;
  auto ptrType = cast<tile::PtrType>(type.getElementType());
  unsigned bytes = getPointeeBytes(ptrType.getPointeeType());
  SmallVector<unsigned> order = axis.getOrder(ptr);
  unsigned fast = order.front();

  // Proven: runs of `align` elements are contiguous and start aligned, and
  // the mask is constant over runs of `maskRun`.
  int64_t vec = axis.getPtrAlignment(ptr);
  if (mask)
    vec = std::min<int64_t>(vec, axis.getConstancy(mask, fast));
  // Wanted: at most maxBytesPerAccess per instruction, and no more elements
  // per thread than the tile gives each thread (more would leave threads
  // idle holding copies).
  vec = std::min<int64_t>(vec, std::max(1u, maxBytesPerAccess / bytes));
  int64_t numElements = type.getNumElements();
  int64_t perThread =
      std::max<int64_t>(1, numElements / (int64_t(numWarps) * threadsPerWarp));
  vec = std::max<int64_t>(1, std::min(vec, perThread));
  vec = std::min<int64_t>(vec, type.getShape()[fast]);
  vec = llvm::bit_floor(uint64_t(vec));

  // An access narrower than a 32-bit word (fp16 or int8 whose alignment is
  // not proven) cannot be widened, but its layout still decides how many
  // distinct addresses each thread keeps: with one element per thread and
  // a runtime leading stride, one 64-bit pointer per element (32 per
  // operand of a 128x64 fp16 tile on 8 warps), and a matmul spills. Each
  // thread gets a 16-byte run along the contiguous dimension instead, so
  // one address serves the run with immediate offsets (and the store to
  // shared memory is one vector). The cost: the warp's k-th accesses are
  // 16 bytes apart, so each instruction touches 4 rows' lines instead of
  // one; the run's other accesses find the same lines in L1. The access
  // itself stays `vec` wide; wider accesses keep their layout. Only for
  // loads of dot operands and stores of dot results (`subWordRuns`), whose
  // tiles live beside an accumulator: a streaming element-wise kernel has
  // registers to spare and keeps one element per lane, each warp
  // instruction reading or writing one contiguous segment.
  int64_t run = vec;
  if (subWordRuns && vec * bytes < 4) {
    int64_t want = std::max<int64_t>(1, subWordRunBytes / bytes);
    run = std::min<int64_t>({want, int64_t(axis.getContiguity(ptr)), perThread,
                             type.getShape()[fast]});
    run = std::max<int64_t>(vec, int64_t(llvm::bit_floor(uint64_t(run))));
  }

  SmallVector<unsigned> sizePerThread(type.getRank(), 1);
  sizePerThread[fast] = run;
  AccessPlan p;
  p.layout = BlockedEncodingAttr::getForShape(&getContext(), type.getShape(),
                                              sizePerThread, order, numWarps,
                                              threadsPerWarp);
  p.vec = vec;
  return p;
}

std::optional<AccessPlan>
CoalescePass::planDescriptorLoad(tile::DescriptorLoadOp load, unsigned numWarps,
                                 unsigned threadsPerWarp) {
  // The block lands in shared memory whole (TMA) and is read back from
  // there: rows are contiguous, and the swizzle keeps 16-byte chunks whole,
  // so each thread reads up to 16 contiguous bytes along the last dimension.
  auto type = cast<RankedTensorType>(load.getType());
  if (!getLayout(type))
    return std::nullopt;
  unsigned bytes = std::max(1u, type.getElementTypeBitWidth() / 8);
  int64_t perThread = std::max<int64_t>(
      1, type.getNumElements() / (int64_t(numWarps) * threadsPerWarp));
  int64_t vec = std::min<int64_t>({std::max(1u, maxBytesPerAccess / bytes),
                                   perThread, type.getShape().back()});
  vec = int64_t(llvm::bit_floor(uint64_t(vec)));
  SmallVector<unsigned> order;
  for (int64_t d = type.getRank() - 1; d >= 0; --d)
    order.push_back(unsigned(d));
  SmallVector<unsigned> sizePerThread(type.getRank(), 1);
  sizePerThread.back() = unsigned(vec);
  AccessPlan p;
  p.layout = BlockedEncodingAttr::getForShape(&getContext(), type.getShape(),
                                              sizePerThread, order, numWarps,
                                              threadsPerWarp);
  p.vec = unsigned(vec);
  return p;
}

void CoalescePass::relayout(Operation *op, const AccessPlan &plan) {
  OpBuilder b(op);
  auto withLayout = [&](Type t) -> Type {
    auto rt = cast<RankedTensorType>(t);
    return RankedTensorType::get(rt.getShape(), rt.getElementType(),
                                 plan.layout);
  };
  for (OpOperand &operand : op->getOpOperands()) {
    auto rt = dyn_cast<RankedTensorType>(operand.get().getType());
    if (!rt || rt.getEncoding() == plan.layout)
      continue;
    Value cvt =
        ConvertLayoutOp::create(b, op->getLoc(), withLayout(rt), operand.get());
    operand.set(cvt);
  }
  for (Value result : op->getResults()) {
    auto rt = dyn_cast<RankedTensorType>(result.getType());
    if (!rt || rt.getEncoding() == plan.layout)
      continue;
    b.setInsertionPointAfter(op);
    result.setType(withLayout(rt));
    auto back = ConvertLayoutOp::create(b, op->getLoc(), rt, result);
    result.replaceAllUsesExcept(back, back);
  }
}

void CoalescePass::runOnOperation() {
  ModuleOp module = getOperation();
  if (maxBytesPerAccess == 0 || !llvm::isPowerOf2_32(maxBytesPerAccess)) {
    module.emitError() << "tilegpu-coalesce: max-bytes must be a power of "
                          "two, got "
                       << maxBytesPerAccess;
    return signalPassFailure();
  }
  unsigned numWarps = getNumWarps(module);
  unsigned threadsPerWarp = 32;
  if (auto a = module->getAttrOfType<IntegerAttr>(
          TileGPUDialect::kThreadsPerWarpAttr))
    threadsPerWarp = a.getInt();

  // Decide every access first, from one analysis of the unchanged module;
  // the conversions inserted afterwards are seen through by the analysis
  // anyway, but values created now would be unknown to it.
  ModuleAxisInfoAnalysis axis(module);
  SmallVector<std::pair<Operation *, AccessPlan>> plans;
  module.walk([&](Operation *op) {
    std::optional<AccessPlan> p;
    if (auto load = dyn_cast<tile::DescriptorLoadOp>(op))
      p = planDescriptorLoad(load, numWarps, threadsPerWarp);
    else if (auto load = dyn_cast<tile::LoadOp>(op))
      p = plan(axis, load.getPtr(), load.getMask(), numWarps, threadsPerWarp,
               feedsDotOperand(load.getResult()));
    else if (auto store = dyn_cast<tile::StoreOp>(op))
      p = plan(axis, store.getPtr(), store.getMask(), numWarps, threadsPerWarp,
               isDotResult(store.getValue()));
    if (p)
      plans.emplace_back(op, *p);
  });

  Builder b(&getContext());
  for (auto &[op, p] : plans) {
    LLVM_DEBUG(llvm::dbgs()
               << "coalesce: vec " << p.vec << " for " << *op << "\n");
    if (p.vec > 1)
      ++numVectorized;
    op->setAttr("tilegpu.vec", b.getI32IntegerAttr(p.vec));
    // A descriptor load has no tensor operand: its result has the layout.
    Value accessed = isa<tile::DescriptorLoadOp>(op) ? op->getResult(0)
                                                     : op->getOperand(0);
    auto current = getLayout(accessed.getType());
    if (current != p.layout) {
      ++numRelaidOut;
      relayout(op, p);
    }
  }
}
