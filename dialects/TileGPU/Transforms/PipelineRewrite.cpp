//===- PipelineRewrite.cpp - Rings, copies and mbarriers --------*- C++ -*-===//
//
// See PipelineRewrite.h.
//
//===----------------------------------------------------------------------===//

#include "PipelineRewrite.h"

using namespace mlir;
using namespace tilec;
using namespace tilec::tilegpu;
using namespace tilec::tilegpu::pipeline;


Value pipeline::createRing(OpBuilder &b, Location loc, MemDescType slot,
                        unsigned stages) {
  SharedEncodingAttr layout = slot.getEncoding();
  SmallVector<unsigned> order;
  for (unsigned d : layout.getOrder())
    order.push_back(d + 1);
  order.push_back(0);
  SmallVector<int64_t> shape = {int64_t(stages)};
  llvm::append_range(shape, slot.getShape());
  auto ring = MemDescType::get(
      b.getContext(), shape, slot.getElementType(),
      SharedEncodingAttr::get(b.getContext(), layout.getSwizzleBytes(), order));
  return LocalAllocOp::create(b, loc, ring, Value(), IntegerAttr());
}

Value pipeline::i32(OpBuilder &b, Location loc, int64_t v) {
  return arith::ConstantIntOp::create(b, loc, v, 32);
}

/// `v` (a tensor in a blocked layout) transposed by `perm`, each thread
/// keeping its elements: the layout is permuted with the shape, so the
/// transposition moves no data (a register relabelling).
static Value transpose(OpBuilder &b, Location loc, Value v,
                       ArrayRef<int32_t> perm) {
  auto type = cast<RankedTensorType>(v.getType());
  auto blocked = cast<BlockedEncodingAttr>(type.getEncoding());
  SmallVector<int64_t> shape;
  SmallVector<unsigned> sizePerThread, threadsPerWarp, warpsPerCTA, order;
  for (int32_t d : perm) {
    shape.push_back(type.getShape()[d]);
    sizePerThread.push_back(blocked.getSizePerThread()[d]);
    threadsPerWarp.push_back(blocked.getThreadsPerWarp()[d]);
    warpsPerCTA.push_back(blocked.getWarpsPerCTA()[d]);
  }
  for (unsigned d : blocked.getOrder())
    order.push_back(unsigned(llvm::find(perm, int32_t(d)) - perm.begin()));
  auto layout = BlockedEncodingAttr::get(b.getContext(), sizePerThread,
                                         threadsPerWarp, warpsPerCTA, order);
  auto result = RankedTensorType::get(shape, type.getElementType(), layout);
  return tile::TransOp::create(b, loc, result, v, b.getDenseI32ArrayAttr(perm));
}

void pipeline::issueCopies(OpBuilder &b, Location loc, LoopPlan &plan,
                        ArrayRef<Value> rings, Value barriers, IRMapping &map,
                        Value slot, Value valid) {
  if (plan.hasTMA) {
    Value bar = barrierAt(b, loc, barriers, slot);
    int64_t bytes = 0;
    for (Prefetch &p : plan.prefetches)
      if (p.isTMA())
        bytes += p.alloc.getType().getSizeInBytes();
    BarrierExpectOp::create(b, loc, bar, b.getI32IntegerAttr(int32_t(bytes)),
                            valid);
    for (auto [p, ring] : llvm::zip(plan.prefetches, rings)) {
      auto load = dyn_cast<tile::DescriptorLoadOp>(p.load);
      if (!load)
        continue;
      SmallVector<Value> indices;
      for (Value i : load.getIndices())
        indices.push_back(map.lookupOrDefault(i));
      Value dst = MemDescIndexOp::create(b, loc, p.slotType(), ring, slot);
      AsyncTMACopyGlobalToLocalOp::create(b, loc,
                                          map.lookupOrDefault(load.getDesc()),
                                          indices, dst, bar, valid);
    }
  }
  if (!plan.hasCpAsync)
    return;
  for (auto [p, ring] : llvm::zip(plan.prefetches, rings)) {
    auto load = dyn_cast<tile::LoadOp>(p.load);
    if (!load)
      continue;
    Value ptrs = map.lookupOrDefault(load.getPtr());
    Value loadMask =
        load.getMask() ? map.lookupOrDefault(load.getMask()) : Value();
    if (p.trans) {
      ptrs = transpose(b, loc, ptrs, p.trans.getOrder());
      if (loadMask)
        loadMask = transpose(b, loc, loadMask, p.trans.getOrder());
    }
    auto ptrType = cast<RankedTensorType>(ptrs.getType());
    auto maskType = RankedTensorType::get(ptrType.getShape(), b.getI1Type(),
                                          ptrType.getEncoding());
    Value mask = tile::SplatOp::create(b, loc, maskType, valid);
    if (loadMask)
      mask = arith::AndIOp::create(b, loc, loadMask, mask);
    Value dst = MemDescIndexOp::create(b, loc, p.alloc.getType(), ring, slot);
    AsyncCopyGlobalToLocalOp::create(b, loc, ptrs, dst, mask,
                                     b.getI32IntegerAttr(p.vec));
  }
  AsyncCommitGroupOp::create(b, loc);
}

std::pair<Value, Value> pipeline::aheadOf(OpBuilder &b, Location loc,
                                       scf::ForOp forOp, Value iv, int64_t k) {
  Type type = iv.getType();
  Value kv = type.isIndex() ? Value(arith::ConstantIndexOp::create(b, loc, k))
                            : Value(arith::ConstantIntOp::create(
                                  b, loc, k, type.getIntOrFloatBitWidth()));
  Value ahead = arith::AddIOp::create(
      b, loc, iv, arith::MulIOp::create(b, loc, kv, forOp.getStep()));
  Value valid = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::slt, ahead,
                                      forOp.getUpperBound());
  return {ahead, valid};
}


Value pipeline::createBarriers(OpBuilder &b, Location loc, unsigned slots,
                               int32_t count) {
  MLIRContext *ctx = b.getContext();
  auto type = MemDescType::get(ctx, {int64_t(slots), 1}, b.getI64Type(),
                               SharedEncodingAttr::get(ctx, 0, {1, 0}));
  Value barriers = LocalAllocOp::create(b, loc, type, Value(), IntegerAttr());
  for (unsigned s = 0; s < slots; ++s)
    InitBarrierOp::create(b, loc, barrierAt(b, loc, barriers, i32(b, loc, s)),
                          b.getI32IntegerAttr(count));
  return barriers;
}

Value pipeline::barrierAt(OpBuilder &b, Location loc, Value barriers,
                          Value slot) {
  return MemDescIndexOp::create(b, loc, getBarrierType(b.getContext()),
                                barriers, slot);
}

Value pipeline::nextSlot(OpBuilder &b, Location loc, Value v, unsigned slots) {
  Value next = arith::AddIOp::create(b, loc, v, i32(b, loc, 1));
  Value wrapped = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq, next,
                                        i32(b, loc, slots));
  return arith::SelectOp::create(b, loc, wrapped, i32(b, loc, 0), next);
}

Value pipeline::nextPhase(OpBuilder &b, Location loc, Value next, Value phase) {
  Value wrapped = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq, next,
                                        i32(b, loc, 0));
  Value flipped = arith::XOrIOp::create(b, loc, phase, i32(b, loc, 1));
  return arith::SelectOp::create(b, loc, wrapped, flipped, phase);
}

bool pipeline::waitForAsyncDots(OpBuilder &b, Location loc,
                                const LoopPlan &plan,
                                MutableArrayRef<Value> results) {
  SmallVector<unsigned> fromDots;
  SmallVector<Value> pending;
  for (WarpGroupDotOp dot : plan.asyncDots) {
    unsigned k = dot->use_begin()->getOperandNumber();
    fromDots.push_back(k);
    pending.push_back(results[k]);
  }
  if (pending.empty())
    return false;
  auto wait = WarpGroupDotWaitOp::create(b, loc, ValueRange(pending).getTypes(),
                                         pending, b.getI32IntegerAttr(0));
  for (auto [k, v] : llvm::zip(fromDots, wait.getResults()))
    results[k] = v;
  return true;
}
