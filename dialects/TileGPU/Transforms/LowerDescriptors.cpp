//===- LowerDescriptors.cpp - Descriptor loads and stores via TMA -*- C++ -*-===//
//
// The tilegpu-lower-descriptors pass (Passes.td has the IR it produces).
// Runs after tilegpu-pipeline: what is left are descriptor loads outside
// pipelined loops and every descriptor store. Each load gets its own shared
// tile and mbarrier, used once: initialize, copy, wait, invalidate. The
// barriers around it are what make one-shot use safe inside a loop that was
// not pipelined: the first keeps the copy from overwriting a tile other
// warps still read (or an mbarrier they still wait on), the second
// publishes the mbarrier's initialization before anyone waits on it, the
// third lets thread 0 invalidate it once everyone has seen it complete.
//
//===----------------------------------------------------------------------===//

#include "TileGPU/Transforms/Passes.h"

#include "Tile/IR/TileOps.h"
#include "TileGPU/IR/TileGPUOps.h"

namespace tilec::tilegpu {
#define GEN_PASS_DEF_TILEGPULOWERDESCRIPTORS
#include "TileGPU/Transforms/Passes.h.inc"
} // namespace tilec::tilegpu

using namespace mlir;
using namespace tilec;
using namespace tilec::tilegpu;

namespace {
struct LowerDescriptorsPass
    : public tilegpu::impl::TileGPULowerDescriptorsBase<LowerDescriptorsPass> {
  using Base::Base;
  void runOnOperation() override;
};
} // namespace

/// The bytes one block of `desc` occupies: what its copies count down.
static int64_t getBlockBytes(tile::TensorDescType desc) {
  return getTMASharedType(desc).getSizeInBytes();
}

/// Copies the block of `load` into a fresh shared tile and waits for it;
/// returns the tile.
static Value emitBlockingCopy(OpBuilder &b, tile::DescriptorLoadOp load) {
  Location loc = load.getLoc();
  tile::TensorDescType desc = load.getDesc().getType();
  Value buf = LocalAllocOp::create(b, loc, getTMASharedType(desc), Value(),
                                   IntegerAttr());
  Value bar = LocalAllocOp::create(b, loc, getBarrierType(b.getContext()),
                                   Value(), IntegerAttr());
  Value yes = arith::ConstantIntOp::create(b, loc, 1, 1);
  BarrierOp::create(b, loc);
  InitBarrierOp::create(b, loc, bar, b.getI32IntegerAttr(1));
  BarrierOp::create(b, loc);
  BarrierExpectOp::create(b, loc, bar,
                          b.getI32IntegerAttr(int32_t(getBlockBytes(desc))),
                          yes);
  AsyncTMACopyGlobalToLocalOp::create(b, loc, load.getDesc(),
                                      load.getIndices(), buf, bar, yes);
  WaitBarrierOp::create(b, loc, bar, arith::ConstantIntOp::create(b, loc, 0, 32));
  BarrierOp::create(b, loc);
  InvalBarrierOp::create(b, loc, bar);
  return buf;
}

static void lowerLoad(tile::DescriptorLoadOp load) {
  OpBuilder b(load);
  Value buf = emitBlockingCopy(b, load);
  auto bufType = cast<MemDescType>(buf.getType());
  // A local_alloc of the block in the layout it lands in is the tile
  // itself (the operands of wgmma and of ldmatrix).
  for (Operation *user : llvm::make_early_inc_range(load->getUsers())) {
    auto alloc = dyn_cast<LocalAllocOp>(user);
    if (alloc && alloc.getType() == bufType) {
      alloc.getResult().replaceAllUsesWith(buf);
      alloc.erase();
    }
  }
  if (load->use_empty()) {
    load.erase();
    return;
  }
  Value v = LocalLoadOp::create(b, load.getLoc(), load.getType(), buf);
  load.getResult().replaceAllUsesWith(v);
  load.erase();
}

static void lowerStore(tile::DescriptorStoreOp store) {
  OpBuilder b(store);
  Location loc = store.getLoc();
  MemDescType type = getTMASharedType(store.getDesc().getType());
  // The value is stored from the layout it was computed in: a conversion
  // to the layout the store was given would go through shared memory
  // itself (an accumulator's mma layout writes the swizzled tile without
  // bank conflicts). local_alloc stores between two CTA barriers; its
  // lowering fences the async proxy before the second when a bulk copy
  // reads the tile.
  Value value = store.getValue();
  while (auto cvt = value.getDefiningOp<ConvertLayoutOp>())
    value = cvt.getSrc();
  Value buf = LocalAllocOp::create(b, loc, type, value, IntegerAttr());
  AsyncTMACopyLocalToGlobalOp::create(b, loc, store.getDesc(),
                                      store.getIndices(), buf,
                                      store.getReduceAttr());
  AsyncTMAStoreWaitOp::create(b, loc, b.getI32IntegerAttr(0));
  BarrierOp::create(b, loc);
  store.erase();
}

void LowerDescriptorsPass::runOnOperation() {
  SmallVector<tile::DescriptorLoadOp> loads;
  SmallVector<tile::DescriptorStoreOp> stores;
  getOperation().walk([&](Operation *op) {
    if (auto load = dyn_cast<tile::DescriptorLoadOp>(op))
      loads.push_back(load);
    else if (auto store = dyn_cast<tile::DescriptorStoreOp>(op))
      stores.push_back(store);
  });
  if (computeCapability < 90) {
    bool failedAny = false;
    auto refuse = [&](Operation *op) {
      op->emitError() << "tensor descriptors need TMA, which compute "
                         "capability 9.0 (sm_90) introduced; this kernel "
                         "targets "
                      << computeCapability / 10 << "." << computeCapability % 10;
      failedAny = true;
    };
    for (auto load : loads)
      refuse(load);
    for (auto store : stores)
      refuse(store);
    if (failedAny)
      signalPassFailure();
    return;
  }
  for (auto load : loads)
    lowerLoad(load);
  for (auto store : stores)
    lowerStore(store);
  numTMALoads += loads.size();
  numTMAStores += stores.size();
}
