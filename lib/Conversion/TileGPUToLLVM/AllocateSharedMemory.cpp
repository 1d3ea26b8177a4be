//===- AllocateSharedMemory.cpp - Place shared-memory buffers ---*- C++ -*-===//
//
// The tilegpu-allocate-shared-memory pass and the allocator behind it.
// Shared memory bounds how many CTAs fit on a multiprocessor, so buffers
// whose lives do not overlap share bytes: liveness comes from a numbering of
// the ops in program order, where an op with regions spans everything nested
// in it, and a buffer used inside a loop it was not created in stays live for
// the whole loop (the next iteration may read it again). Placement is
// first-fit, largest first, at 16-byte alignment (vector accesses).
//
//===----------------------------------------------------------------------===//

#include "Conversion/Passes.h"

#include "Utility.h"

#include "Tile/IR/TileOps.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"

#include "llvm/Support/Debug.h"

#define DEBUG_TYPE "tilegpu-allocate-shared-memory"

namespace tilec {
#define GEN_PASS_DEF_TILEGPUALLOCATESHAREDMEMORY
#include "Conversion/Passes.h.inc"
} // namespace tilec

using namespace mlir;
using namespace tilec;
using namespace tilec::gpu_to_llvm;

FailureOr<int64_t> tilec::gpu_to_llvm::getScratchBytes(Operation *op) {
  if (auto reduce = dyn_cast<tile::ReduceOp>(op))
    return getReduceScratchBytes(reduce);
  if (auto scan = dyn_cast<tile::ScanOp>(op))
    return getScanScratchBytes(scan);
  if (isa<tilegpu::ConvertLayoutOp, tile::TransOp, tile::ReshapeOp>(op))
    return getRelayoutScratchBytes(op);
  if (isa<tile::AtomicRMWOp, tile::AtomicCASOp>(op))
    return getAtomicScratchBytes(op);
  if (auto gather = dyn_cast<tile::GatherOp>(op))
    return getGatherScratchBytes(gather);
  if (auto histogram = dyn_cast<tile::HistogramOp>(op))
    return getHistogramScratchBytes(histogram);
  return 0;
}

namespace {

/// One buffer: where it must live [start, end] in op numbers, its size, and
/// the op that receives the offset.
struct Buffer {
  Operation *owner;
  int64_t start, end, bytes;
  int64_t offset = -1;
  int64_t align = 16;
};

} // namespace

/// Numbers every op of `func` in program order; `last[op]` is the largest
/// number inside `op` (itself when it has no regions).
static void numberOps(func::FuncOp func, DenseMap<Operation *, int64_t> &first,
                      DenseMap<Operation *, int64_t> &last) {
  int64_t next = 0;
  func.walk<WalkOrder::PreOrder>([&](Operation *op) { first[op] = next++; });
  func.walk<WalkOrder::PostOrder>([&](Operation *op) {
    int64_t end = first[op];
    for (Region &region : op->getRegions())
      for (Block &block : region)
        if (!block.empty())
          end = std::max(end, last[&block.back()]);
    last[op] = end;
  });
}

/// The interval in which the memdesc of `alloc` is live: from the
/// allocation to the end of the last op of its block that (transitively)
/// contains a use. A warp-specialized region counts as ending at the
/// consumers' last use: the rings and mbarriers shared with the producer
/// are made before the split, and every producer access to them (its
/// copies into a slot, its waits) happens before the consumers' wait for
/// that slot, so the consumers' epilogue may reuse them.
static std::pair<int64_t, int64_t>
getLiveRange(tilegpu::LocalAllocOp alloc,
             const DenseMap<Operation *, int64_t> &first,
             const DenseMap<Operation *, int64_t> &last) {
  int64_t start = first.lookup(alloc), end = start;
  Block *block = alloc->getBlock();
  // Uses through views (a slot of a ring, a transposed tile) are uses.
  SmallVector<Operation *> users(alloc->getUsers());
  for (size_t i = 0; i < users.size(); ++i)
    if (isa<tilegpu::MemDescIndexOp, tilegpu::MemDescTransOp>(users[i]))
      llvm::append_range(users, users[i]->getUsers());
  for (Operation *user : users) {
    Operation *ancestor = block->findAncestorOpInBlock(*user);
    if (auto ws = dyn_cast_or_null<tilegpu::WarpSpecializeOp>(ancestor))
      ancestor = ws.getConsumer().front().findAncestorOpInBlock(*user);
    if (ancestor)
      end = std::max(end, last.lookup(ancestor));
  }
  return {start, end};
}

LogicalResult tilec::gpu_to_llvm::allocateSharedMemory(ModuleOp module,
                                                       int64_t maxBytes,
                                                       unsigned *numBuffers) {
  MLIRContext *ctx = module.getContext();
  Builder b(ctx);
  int64_t total = 0;
  for (auto func : module.getOps<func::FuncOp>()) {
    DenseMap<Operation *, int64_t> first, last;
    numberOps(func, first, last);
    SmallVector<Buffer> buffers;
    WalkResult walk = func.walk([&](Operation *op) {
      if (auto alloc = dyn_cast<tilegpu::LocalAllocOp>(op)) {
        tilegpu::MemDescType type = alloc.getType();
        int64_t elems = 1;
        for (int64_t d : type.getShape())
          elems *= d;
        auto [start, end] = getLiveRange(alloc, first, last);
        // wgmma and TMA apply a swizzle to address bits up to 1024 bytes: a
        // swizzled tile starts on a 1024-byte boundary.
        int64_t align = type.getEncoding().getSwizzleBytes() ? 1024 : 16;
        buffers.push_back({op, start, end,
                           elems * getStorageBytes(type.getElementType()), 0,
                           align});
        return WalkResult::advance();
      }
      FailureOr<int64_t> bytes = getScratchBytes(op);
      if (failed(bytes))
        return WalkResult::interrupt();
      if (*bytes > 0)
        buffers.push_back({op, first[op], first[op], *bytes, 0, 16});
      return WalkResult::advance();
    });
    if (walk.wasInterrupted())
      return failure();

    // Largest first; each at the lowest aligned offset free of every placed
    // buffer whose life overlaps.
    llvm::stable_sort(buffers, [](const Buffer &a, const Buffer &c) {
      return a.bytes > c.bytes;
    });
    for (size_t i = 0; i < buffers.size(); ++i) {
      Buffer &buf = buffers[i];
      SmallVector<std::pair<int64_t, int64_t>> taken;
      for (size_t j = 0; j < i; ++j)
        if (buffers[j].start <= buf.end && buf.start <= buffers[j].end)
          taken.push_back(
              {buffers[j].offset, buffers[j].offset + buffers[j].bytes});
      llvm::sort(taken);
      int64_t offset = 0;
      for (auto [lo, hi] : taken)
        if (offset + buf.bytes > lo && offset < hi)
          offset = llvm::alignTo(hi, buf.align);
      buf.offset = offset;
      if (offset + buf.bytes > maxBytes)
        return buf.owner->emitError()
               << "needs " << buf.bytes << " bytes of shared memory at offset "
               << offset << ", past the " << maxBytes
               << " bytes a CTA can have";
      total = std::max(total, offset + buf.bytes);
      if (auto alloc = dyn_cast<tilegpu::LocalAllocOp>(buf.owner))
        alloc.setOffsetAttr(b.getI64IntegerAttr(offset));
      else
        buf.owner->setAttr(kScratchOffsetAttr, b.getI64IntegerAttr(offset));
      LLVM_DEBUG(llvm::dbgs()
                 << "smem [" << offset << ", " << offset + buf.bytes
                 << ") live [" << buf.start << ", " << buf.end << "] for "
                 << buf.owner->getName() << "\n");
    }
    if (numBuffers)
      *numBuffers += buffers.size();
  }
  module->setAttr(kSharedMemoryAttr, b.getI64IntegerAttr(total));
  return success();
}

namespace {
struct AllocateSharedMemoryPass
    : public tilec::impl::TileGPUAllocateSharedMemoryBase<
          AllocateSharedMemoryPass> {
  using Base::Base;
  void runOnOperation() override {
    unsigned placed = 0;
    if (failed(allocateSharedMemory(getOperation(), maxBytes, &placed)))
      return signalPassFailure();
    numBuffers += placed;
  }
};
} // namespace
