//===- TileGPUTMAOps.cpp - mbarrier and bulk tensor copy ops ----*- C++ -*-===//
//
// Verifiers of the TMA ops and the helpers that tie a tensor descriptor to
// the shared tile its blocks land in. The shared layout is derived from the
// same plan the launcher encodes the tensor map with
// (include/tilec/TensorDescriptor.h), so a copy's boxes fill the layout's
// swizzle atoms exactly. Also the warp-specialization op, which splits a CTA
// into the warps that issue such copies and the warps that wait for them.
//
//===----------------------------------------------------------------------===//

#include "TileGPU/IR/TileGPUOps.h"

using namespace mlir;
using namespace tilec;
using namespace tilec::tilegpu;

FailureOr<TensorDescLayout> tilegpu::getTMAPlan(tile::TensorDescType desc) {
  RankedTensorType block = desc.getBlockType();
  TensorDescLayout plan;
  std::string why;
  std::vector<int64_t> shape(block.getShape().begin(), block.getShape().end());
  if (!planTensorDescLayout(
          shape, block.getElementType().getIntOrFloatBitWidth() / 8, plan,
          why))
    return failure();
  return plan;
}

MemDescType tilegpu::getTMASharedType(tile::TensorDescType desc) {
  FailureOr<TensorDescLayout> plan = getTMAPlan(desc);
  if (failed(plan))
    return {};
  RankedTensorType block = desc.getBlockType();
  MLIRContext *ctx = desc.getContext();
  SmallVector<unsigned> order;
  for (int64_t d = block.getRank() - 1; d >= 0; --d)
    order.push_back(unsigned(d));
  return MemDescType::get(
      ctx, block.getShape(), block.getElementType(),
      SharedEncodingAttr::get(ctx, plan->swizzleBytes, order));
}

MemDescType tilegpu::getBarrierType(MLIRContext *ctx) {
  return MemDescType::get(ctx, {1}, IntegerType::get(ctx, 64),
                          SharedEncodingAttr::get(ctx, 0, {0}));
}

/// `bar` is one mbarrier.
static LogicalResult verifyBarrier(Operation *op, MemDescType bar) {
  if (bar.getShape() != ArrayRef<int64_t>{1} ||
      !bar.getElementType().isInteger(64))
    return op->emitOpError() << "needs an mbarrier, a memdesc of one i64, got "
                             << bar;
  return success();
}

/// `mem` is where a block of `desc` lands, and `indices` has one index per
/// dimension.
static LogicalResult verifyTMABlock(Operation *op, tile::TensorDescType desc,
                                    size_t numIndices, MemDescType mem) {
  MemDescType expected = getTMASharedType(desc);
  if (!expected)
    return op->emitOpError() << "TMA cannot move blocks of " << desc;
  if (numIndices != size_t(desc.getBlockType().getRank()))
    return op->emitOpError() << "takes one index per block dimension";
  if (mem != expected)
    return op->emitOpError() << "shared tile " << mem << " is not the "
                             << expected << " that blocks of " << desc
                             << " land in";
  return success();
}

// `count` and `bytes` are signless i32 attributes, whose getters return
// them unsigned: read them signed, so that a negative one is refused (and
// named) instead of passing as a value over 2^31.

LogicalResult InitBarrierOp::verify() {
  int64_t count = getCountAttr().getInt();
  if (count < 1)
    return emitOpError() << "count must be positive, got " << count;
  return verifyBarrier(*this, getBar().getType());
}

LogicalResult InvalBarrierOp::verify() {
  return verifyBarrier(*this, getBar().getType());
}

LogicalResult BarrierExpectOp::verify() {
  int64_t bytes = getBytesAttr().getInt();
  if (bytes < 0)
    return emitOpError() << "bytes must not be negative, got " << bytes;
  return verifyBarrier(*this, getBar().getType());
}

LogicalResult WaitBarrierOp::verify() {
  return verifyBarrier(*this, getBar().getType());
}

LogicalResult AsyncTMACopyGlobalToLocalOp::verify() {
  if (failed(verifyBarrier(*this, getBarrier().getType())))
    return failure();
  return verifyTMABlock(*this, getDesc().getType(), getIndices().size(),
                        getDst().getType());
}

LogicalResult AsyncTMACopyLocalToGlobalOp::verify() {
  return verifyTMABlock(*this, getDesc().getType(), getIndices().size(),
                        getSrc().getType());
}

LogicalResult ArriveBarrierOp::verify() {
  return verifyBarrier(*this, getBar().getType());
}

//===----------------------------------------------------------------------===//
// WarpSpecializeOp
//===----------------------------------------------------------------------===//

LogicalResult WarpSpecializeOp::verify() {
  // setmaxnreg acts on whole warpgroups, so both roles are made of them.
  int32_t warps = getProducerWarps();
  if (warps <= 0 || warps % 4 != 0)
    return emitOpError() << "needs whole warpgroups of producers, got "
                         << warps << " warps";
  if (getNumWarps(*this) % 4 != 0)
    return emitOpError() << "needs whole warpgroups of consumers, got "
                         << getNumWarps(*this) << " warps";
  for (int32_t regs : {getProducerRegs(), getConsumerRegs()})
    if (regs < 24 || regs > 256 || regs % 8 != 0)
      return emitOpError() << "register budgets must be multiples of 8 from "
                              "24 to 256 (setmaxnreg), got "
                           << regs;
  // setmaxnreg.inc waits until the registers are free: asking for more than
  // the launch reserved would wait forever.
  int64_t consumers = 32 * int64_t(getNumWarps(*this));
  int64_t producers = 32 * int64_t(warps);
  int64_t launch =
      getWarpSpecializedRegisters(getNumWarps(*this), warps).launch;
  if (getConsumerRegs() * consumers + getProducerRegs() * producers >
      launch * (consumers + producers))
    return emitOpError() << "register budgets (" << getProducerRegs()
                         << " x " << producers << " + " << getConsumerRegs()
                         << " x " << consumers << ") exceed the "
                         << launch * (consumers + producers)
                         << " the launch reserves";
  return success();
}

/// The WarpSpecializeOp whose region `index` holds `op`, if any.
static WarpSpecializeOp getRoleOf(Operation *op, unsigned index) {
  for (Region *r = op->getParentRegion(); r; r = r->getParentRegion()) {
    auto ws = dyn_cast<WarpSpecializeOp>(r->getParentOp());
    if (ws)
      return r->getRegionNumber() == index ? ws : WarpSpecializeOp();
  }
  return {};
}

WarpSpecializeOp WarpSpecializeOp::getProducerOf(Operation *op) {
  return getRoleOf(op, 0);
}

WarpSpecializeOp WarpSpecializeOp::getConsumerOf(Operation *op) {
  return getRoleOf(op, 1);
}

WarpSpecializedRegisters
tilegpu::getWarpSpecializedRegisters(unsigned consumerWarps,
                                     unsigned producerWarps) {
  // 64K registers per SM, allocated 8 per thread at a time; ptxas gives a
  // thread at most 255, so 248 is the largest budget setmaxnreg and
  // .maxnreg agree on. The producer only issues copies and waits: 40 (what
  // CUTLASS's Hopper kernels keep for their TMA warpgroup).
  auto floor8 = [](int64_t v) { return int32_t(v / 8 * 8); };
  int64_t consumers = 32 * int64_t(consumerWarps);
  int64_t producers = 32 * int64_t(producerWarps);
  int32_t launch = std::min(248, floor8(65536 / (consumers + producers)));
  int32_t producer = std::min(40, launch);
  int32_t consumer = std::min<int32_t>(
      248, floor8((launch * (consumers + producers) - producer * producers) /
                  consumers));
  return {launch, producer, std::max(consumer, launch)};
}

unsigned tilegpu::getNumProducerWarps(Operation *func) {
  unsigned warps = 0;
  func->walk([&](WarpSpecializeOp op) {
    warps = std::max<unsigned>(warps, op.getProducerWarps());
  });
  return warps;
}
