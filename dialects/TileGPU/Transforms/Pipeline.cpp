//===- Pipeline.cpp - Prefetch loop operands into shared rings --*- C++ -*-===//
//
// The tilegpu-pipeline pass. A matmul's loop over K loads two tiles, stores
// them to shared memory and multiplies them; without pipelining every
// iteration waits for its own loads. This pass keeps `numStages - 1`
// iterations of loads in flight: each such load becomes a cp.async copy
// straight into one slot of a ring of `numStages` shared tiles, issued
// `numStages - 1` iterations before the iteration that reads it.
//
// The loads' addresses and masks (their "stage 0": the backward slice of the
// load within the loop body, plus the loop-carried values it steps, such as
// the pointer tiles) are cloned to run ahead: a prologue computes and copies
// the first `numStages - 1` iterations, and the loop body computes and copies
// iteration `i + numStages - 1` while it multiplies iteration `i` (stage 1,
// everything else). Stage-0 loop-carried values therefore hold their value
// for the iteration `numStages - 1` ahead. Copies for iterations past the end
// are masked off: cp.async then reads nothing and writes zeros.
//
// Synchronization, per iteration: `async_wait` leaves at most
// `numStages - 2` groups pending, so this iteration's slot is complete in
// this thread; a fence orders cp.async's writes before wgmma's async-proxy
// reads; one CTA barrier then makes every thread's copies visible and proves
// every warp is done with the slot the next copy overwrites.
//
// Descriptor loads (`tile.descriptor_load`, sm_90) are prefetched the same
// way with TMA: thread 0 issues one bulk tensor copy per box into the slot,
// completing on the slot's mbarrier, after arriving on it with the bytes all
// of the iteration's copies bring (`barrier_expect`). Instead of the
// cp.async wait, each iteration waits for its slot's mbarrier to finish the
// phase whose parity the loop carries (it flips each time the slots wrap
// around); TMA writes through the async proxy, so wgmma needs no fence. The
// CTA barrier stays: it proves every warp is done with the slot thread 0
// refills next. Past the end nothing is issued, so after the loop every
// mbarrier has completed every phase begun and is invalidated.
//
// A warp_group_dot whose result only feeds the next iteration's accumulator
// is made asynchronous: each iteration issues its wgmmas and then waits
// until only they are in flight (`warp_group_dot_wait {pendings = 1}`), so
// that the tensor cores work through the next iteration's wait, barrier and
// copy issue; the loop's result waits for the last group. The slot such a
// dot reads stays in use one iteration longer, so its ring has
// `numStages + 1` slots and the copy of iteration i + numStages - 1 goes to
// the slot iteration i - 2 read: every warpgroup waited for that dot before
// the barrier of iteration i.
//
//===----------------------------------------------------------------------===//

#include "TileGPU/Transforms/Passes.h"

#include "Tile/IR/TileOps.h"
#include "TileGPU/IR/TileGPUOps.h"

#include "mlir/IR/IRMapping.h"
#include "mlir/IR/Matchers.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

#include "llvm/ADT/SetVector.h"
#include "llvm/Support/Debug.h"

#define DEBUG_TYPE "tilegpu-pipeline"

namespace tilec::tilegpu {
#define GEN_PASS_DEF_TILEGPUPIPELINE
#include "TileGPU/Transforms/Passes.h.inc"
} // namespace tilec::tilegpu

using namespace mlir;
using namespace tilec;
using namespace tilec::tilegpu;

namespace {

/// A load whose tile goes straight to shared memory, and so can be copied
/// there asynchronously: a pointer load (`tile.load`, by cp.async) or a
/// descriptor load (`tile.descriptor_load`, by TMA).
struct Prefetch {
  Operation *load;
  LocalAllocOp alloc;
  /// cp.async's vector width; 0 for a descriptor load.
  unsigned vec;

  bool isTMA() const { return isa<tile::DescriptorLoadOp>(load); }
};

/// What pipelining one loop needs: the loads it prefetches, the stage-0 ops
/// in body order and the loop-carried values they step.
struct LoopPlan {
  SmallVector<Prefetch> prefetches;
  SmallVector<Operation *> stage0;
  llvm::SmallSetVector<unsigned, 4> stage0Args;
  bool feedsWgmma = false;
  /// Whether any prefetch is a cp.async copy, any a TMA copy.
  bool hasCpAsync = false, hasTMA = false;
  /// The wgmma dots kept in flight across iterations (all of the loop's,
  /// or none).
  SmallVector<WarpGroupDotOp> asyncDots;
};

struct PipelinePass : public tilegpu::impl::TileGPUPipelineBase<PipelinePass> {
  using Base::Base;
  void runOnOperation() override;
};

} // namespace

/// Whether `v` is absent or a zero constant (cp.async's fill value).
static bool isZeroOrAbsent(Value v) {
  if (!v)
    return true;
  return matchPattern(v, m_AnyZeroFloat()) || matchPattern(v, m_Zero());
}

/// The prefetchable loads of `forOp`'s body: a load whose only user is a
/// local_alloc, that fills masked-off elements with zero, and whose vectors
/// cp.async can copy (4, 8 or 16 bytes).
static SmallVector<Prefetch> findPrefetches(scf::ForOp forOp, bool useTMA) {
  SmallVector<Prefetch> out;
  for (auto load : forOp.getBody()->getOps<tile::LoadOp>()) {
    if (!load->hasOneUse() || load.getIsVolatile() ||
        !isZeroOrAbsent(load.getOther()))
      continue;
    auto alloc = dyn_cast<LocalAllocOp>(*load->user_begin());
    if (!alloc || alloc->getBlock() != forOp.getBody())
      continue;
    // cp.async copies runs along the load's contiguous dimension; a tile
    // stored contiguous along another one (an fp8 wgmma operand kept
    // K-major) is transposed by its local_alloc instead.
    auto loadType = cast<RankedTensorType>(load.getType());
    if (auto blocked =
            dyn_cast_or_null<BlockedEncodingAttr>(loadType.getEncoding()))
      if (blocked.getOrder()[0] != alloc.getType().getEncoding().getOrder()[0])
        continue;
    auto vecAttr = load->getAttrOfType<IntegerAttr>("tilegpu.vec");
    unsigned vec = vecAttr ? unsigned(vecAttr.getInt()) : 1;
    // Pointers are 8 bytes (MemDescType::getSizeInBytes); asking them for
    // a bit width would crash.
    Type elem = alloc.getType().getElementType();
    unsigned elemBytes = elem.isIntOrFloat()
                             ? std::max(1u, elem.getIntOrFloatBitWidth() / 8)
                             : 8u;
    unsigned bytes = vec * elemBytes;
    // Wider than cp.async's 16 bytes: copy 16 at a time.
    while (bytes > 16) {
      vec /= 2;
      bytes /= 2;
    }
    if (bytes < 4)
      continue;
    out.push_back({load, alloc, vec});
  }
  // A descriptor load whose block is stored where TMA lands it.
  for (auto load : forOp.getBody()->getOps<tile::DescriptorLoadOp>()) {
    if (!useTMA)
      break;
    if (!load->hasOneUse())
      continue;
    auto alloc = dyn_cast<LocalAllocOp>(*load->user_begin());
    if (!alloc || alloc->getBlock() != forOp.getBody() ||
        alloc.getType() != getTMASharedType(load.getDesc().getType()))
      continue;
    out.push_back({load, alloc, 0});
  }
  return out;
}

/// Whether `dot` may stay in flight into the next iteration: its result is
/// only the next iteration's accumulator, which nothing else reads, and
/// each operand is a ring slot (a prefetched tile, which the next iteration
/// does not overwrite) or a tile the loop does not write. A tile the body
/// stores itself (an fp8 operand transposed by its local_alloc) would be
/// overwritten by the next iteration while this dot still reads it.
static bool canRunAsync(WarpGroupDotOp dot, scf::ForOp forOp,
                        const llvm::SmallPtrSetImpl<Operation *> &prefetched) {
  Block *body = forOp.getBody();
  if (dot->getBlock() != body || !dot->hasOneUse())
    return false;
  for (Value operand : {dot.getA(), dot.getB()}) {
    Operation *def = operand.getDefiningOp();
    if (def && forOp->isAncestor(def) && !prefetched.contains(def))
      return false;
  }
  OpOperand &use = *dot->use_begin();
  if (use.getOwner() != body->getTerminator())
    return false;
  BlockArgument acc = body->getArgument(use.getOperandNumber() + 1);
  return acc.hasOneUse() && acc.use_begin()->getOwner() == dot &&
         dot.getC() == acc;
}

/// Collects the stage-0 slice of the prefetched loads; fails (with the
/// reason in the debug log) when it cannot run ahead of the rest of the body.
static FailureOr<LoopPlan> planLoop(scf::ForOp forOp, bool useTMA) {
  LoopPlan plan;
  plan.prefetches = findPrefetches(forOp, useTMA);
  if (plan.prefetches.empty())
    return failure();
  Block *body = forOp.getBody();
  auto yield = cast<scf::YieldOp>(body->getTerminator());
  llvm::SmallPtrSet<Operation *, 16> inStage0, prefetchOps;
  SmallVector<Value> worklist;
  for (Prefetch &p : plan.prefetches) {
    plan.hasTMA |= p.isTMA();
    plan.hasCpAsync |= !p.isTMA();
    prefetchOps.insert(p.load);
    prefetchOps.insert(p.alloc);
    for (Value v : p.load->getOperands())
      worklist.push_back(v);
    for (Operation *user : p.alloc->getUsers())
      plan.feedsWgmma |= isa<WarpGroupDotOp>(user);
  }
  while (!worklist.empty()) {
    Value v = worklist.pop_back_val();
    if (auto arg = dyn_cast<BlockArgument>(v)) {
      if (arg.getOwner() != body || arg == forOp.getInductionVar())
        continue;
      unsigned index = arg.getArgNumber() - 1;
      if (plan.stage0Args.insert(index))
        worklist.push_back(yield.getOperand(index));
      continue;
    }
    Operation *def = v.getDefiningOp();
    if (def->getBlock() != body || inStage0.contains(def))
      continue;
    if (prefetchOps.contains(def) || def->getNumRegions() != 0 ||
        !isMemoryEffectFree(def)) {
      LLVM_DEBUG(llvm::dbgs()
                 << "not pipelined: address depends on " << *def << "\n");
      return failure();
    }
    inStage0.insert(def);
    for (Value operand : def->getOperands())
      worklist.push_back(operand);
  }

  // Stage 0 runs ahead, so nothing else may read what it computes: only
  // stage 0, the prefetched loads and the yields of stage-0 values.
  auto isStage0Use = [&](OpOperand &use) {
    Operation *user = use.getOwner();
    if (user == yield)
      return plan.stage0Args.contains(use.getOperandNumber());
    return inStage0.contains(user) ||
           (!isa<LocalAllocOp>(user) && prefetchOps.contains(user));
  };
  for (Operation &op : body->without_terminator())
    if (inStage0.contains(&op)) {
      plan.stage0.push_back(&op);
      for (OpOperand &use : op.getUses())
        if (!isStage0Use(use))
          return failure();
    }
  for (unsigned index : plan.stage0Args) {
    for (OpOperand &use : body->getArgument(index + 1).getUses())
      if (!isStage0Use(use))
        return failure();
    if (!forOp.getResult(index).use_empty())
      return failure();
  }
  SmallVector<WarpGroupDotOp> dots(forOp.getBody()->getOps<WarpGroupDotOp>());
  if (!dots.empty() && llvm::all_of(dots, [&](WarpGroupDotOp d) {
        return canRunAsync(d, forOp, prefetchOps);
      }))
    plan.asyncDots = dots;
  return plan;
}

/// The ring of `stages` slots for one prefetched tile: the slot's layout
/// with the ring dimension outermost.
static Value createRing(OpBuilder &b, Location loc, LocalAllocOp alloc,
                        unsigned stages) {
  MemDescType slot = alloc.getType();
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

/// An i32 constant.
static Value i32(OpBuilder &b, Location loc, int64_t v) {
  return arith::ConstantIntOp::create(b, loc, v, 32);
}

/// Copies the prefetched tiles of one iteration, its stage-0 values in
/// `map`, into slot `slot` of each ring; `valid` (i1) is false past the end.
/// TMA copies complete on the slot's mbarrier in `barriers`; past the end
/// they are not issued at all (no iteration waits for them).
static void issueCopies(OpBuilder &b, Location loc, LoopPlan &plan,
                        ArrayRef<Value> rings, Value barriers, IRMapping &map,
                        Value slot, Value valid) {
  if (plan.hasTMA) {
    Value bar = MemDescIndexOp::create(b, loc, getBarrierType(b.getContext()),
                                       barriers, slot);
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
      Value dst = MemDescIndexOp::create(b, loc, p.alloc.getType(), ring, slot);
      AsyncTMACopyGlobalToLocalOp::create(b, loc, load.getDesc(), indices, dst,
                                          bar, valid);
    }
  }
  if (!plan.hasCpAsync)
    return;
  for (auto [p, ring] : llvm::zip(plan.prefetches, rings)) {
    auto load = dyn_cast<tile::LoadOp>(p.load);
    if (!load)
      continue;
    Value ptrs = map.lookupOrDefault(load.getPtr());
    auto ptrType = cast<RankedTensorType>(ptrs.getType());
    auto maskType = RankedTensorType::get(ptrType.getShape(), b.getI1Type(),
                                          ptrType.getEncoding());
    Value mask = tile::SplatOp::create(b, loc, maskType, valid);
    if (load.getMask())
      mask = arith::AndIOp::create(b, loc, map.lookupOrDefault(load.getMask()),
                                   mask);
    Value dst = MemDescIndexOp::create(b, loc, p.alloc.getType(), ring, slot);
    AsyncCopyGlobalToLocalOp::create(b, loc, ptrs, dst, mask,
                                     b.getI32IntegerAttr(p.vec));
  }
  AsyncCommitGroupOp::create(b, loc);
}

/// `iv + k * step < ub`, and that induction value, in the loop's type.
static std::pair<Value, Value> aheadOf(OpBuilder &b, Location loc,
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

static void pipelineLoop(scf::ForOp forOp, LoopPlan &plan, unsigned stages) {
  Location loc = forOp.getLoc();
  OpBuilder b(forOp);
  Block *body = forOp.getBody();
  auto yield = cast<scf::YieldOp>(body->getTerminator());
  Value iv = forOp.getInductionVar();

  // An asynchronous dot holds its slot one iteration longer.
  unsigned slots = stages + (plan.asyncDots.empty() ? 0 : 1);
  SmallVector<Value> rings;
  for (Prefetch &p : plan.prefetches)
    rings.push_back(createRing(b, loc, p.alloc, slots));
  // One mbarrier per slot, on which the slot's TMA copies complete.
  Value barriers;
  if (plan.hasTMA) {
    MLIRContext *ctx = b.getContext();
    auto type = MemDescType::get(ctx, {int64_t(slots), 1}, b.getI64Type(),
                                 SharedEncodingAttr::get(ctx, 0, {1, 0}));
    barriers = LocalAllocOp::create(b, loc, type, Value(), IntegerAttr());
    for (unsigned s = 0; s < slots; ++s)
      InitBarrierOp::create(
          b, loc,
          MemDescIndexOp::create(b, loc, getBarrierType(ctx), barriers,
                                 i32(b, loc, s)),
          b.getI32IntegerAttr(1));
    // Every thread waits on them: publish the initialization.
    BarrierOp::create(b, loc);
  }

  // Prologue: iterations 0 .. stages-2 into slots 0 .. stages-2.
  SmallVector<Value> ahead(forOp.getInitArgs());
  for (unsigned s = 0; s + 1 < stages; ++s) {
    IRMapping map;
    auto [ivS, valid] = aheadOf(b, loc, forOp, forOp.getLowerBound(), s);
    map.map(iv, ivS);
    for (unsigned k : plan.stage0Args)
      map.map(body->getArgument(k + 1), ahead[k]);
    for (Operation *op : plan.stage0)
      b.clone(*op, map);
    issueCopies(b, loc, plan, rings, barriers, map, i32(b, loc, s), valid);
    for (unsigned k : plan.stage0Args)
      ahead[k] = map.lookupOrDefault(yield.getOperand(k));
  }

  // The loop: its own carried values (stage-0 ones `stages - 1` ahead), the
  // slot it reads and the slot it fills.
  SmallVector<Value> inits(ahead);
  inits.push_back(i32(b, loc, 0));
  inits.push_back(i32(b, loc, stages - 1));
  // The parity of the phase this iteration waits for on its slot's mbarrier:
  // it flips each time the slots wrap around.
  if (plan.hasTMA)
    inits.push_back(i32(b, loc, 0));
  auto newFor =
      scf::ForOp::create(b, loc, forOp.getLowerBound(), forOp.getUpperBound(),
                         forOp.getStep(), inits);
  newFor->setAttrs(forOp->getAttrs());
  Block *newBody = newFor.getBody();
  unsigned numArgs = forOp.getNumRegionIterArgs();
  Value slot = newBody->getArgument(numArgs + 1);
  Value fill = newBody->getArgument(numArgs + 2);
  Value phase = plan.hasTMA ? newBody->getArgument(numArgs + 3) : Value();
  b.setInsertionPointToStart(newBody);
  if (plan.hasCpAsync) {
    AsyncWaitOp::create(b, loc, b.getI32IntegerAttr(stages - 2));
    // TMA writes through the async proxy already; cp.async does not.
    if (plan.feedsWgmma)
      FenceAsyncSharedOp::create(b, loc);
  }
  if (plan.hasTMA)
    WaitBarrierOp::create(b, loc,
                          MemDescIndexOp::create(
                              b, loc, getBarrierType(b.getContext()),
                              barriers, slot),
                          phase);
  BarrierOp::create(b, loc);

  // Stage 0 of iteration i + stages - 1, into the slot iteration i - 1 (or,
  // with an asynchronous dot, i - 2) read.
  IRMapping map0;
  Value newIv = newFor.getInductionVar();
  auto emitStage0 = [&] {
    auto [ivAhead, valid] = aheadOf(b, loc, forOp, newIv, stages - 1);
    map0.map(iv, ivAhead);
    for (unsigned k : plan.stage0Args)
      map0.map(body->getArgument(k + 1), newBody->getArgument(k + 1));
    for (Operation *op : plan.stage0)
      b.clone(*op, map0);
    issueCopies(b, loc, plan, rings, barriers, map0, fill, valid);
  };

  // Stage 1 of iteration i, reading its slot.
  IRMapping map1;
  auto emitStage1 = [&] {
    map1.map(iv, newIv);
    for (unsigned k = 0; k < numArgs; ++k)
      if (!plan.stage0Args.contains(k))
        map1.map(body->getArgument(k + 1), newBody->getArgument(k + 1));
    llvm::SmallPtrSet<Operation *, 16> skip(plan.stage0.begin(),
                                            plan.stage0.end());
    for (auto [p, ring] : llvm::zip(plan.prefetches, rings)) {
      skip.insert(p.load);
      skip.insert(p.alloc);
      map1.map(p.alloc.getResult(),
               MemDescIndexOp::create(b, loc, p.alloc.getType(), ring, slot));
    }
    for (Operation &op : body->without_terminator())
      if (!skip.contains(&op))
        b.clone(op, map1);
  };

  if (plan.asyncDots.empty()) {
    // The copies go first, so that they are in flight while stage 1
    // computes.
    emitStage0();
    emitStage1();
  } else {
    // The asynchronous dots go first, so that the tensor cores have this
    // iteration's work queued behind the previous one's while the copies
    // are issued; then wait until only this iteration's dots are in flight.
    emitStage1();
    emitStage0();
    for (WarpGroupDotOp dot : plan.asyncDots) {
      auto clone = map1.lookup(dot.getResult()).getDefiningOp<WarpGroupDotOp>();
      clone.setIsAsync(true);
      auto wait = WarpGroupDotWaitOp::create(
          b, loc, clone.getType(), clone.getResult(), b.getI32IntegerAttr(1));
      map1.map(dot.getResult(), wait.getResult(0));
    }
  }

  SmallVector<Value> yields;
  for (auto [k, v] : llvm::enumerate(yield.getOperands()))
    yields.push_back(plan.stage0Args.contains(k) ? map0.lookupOrDefault(v)
                                                 : map1.lookupOrDefault(v));
  Value one = i32(b, loc, 1);
  auto advance = [&](Value v) -> Value {
    Value next = arith::AddIOp::create(b, loc, v, one);
    Value wrapped = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq,
                                          next, i32(b, loc, slots));
    return arith::SelectOp::create(b, loc, wrapped, i32(b, loc, 0), next);
  };
  Value nextSlot = advance(slot);
  yields.push_back(nextSlot);
  yields.push_back(advance(fill));
  if (plan.hasTMA) {
    Value wrapped = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq,
                                          nextSlot, i32(b, loc, 0));
    yields.push_back(arith::SelectOp::create(
        b, loc, wrapped, arith::XOrIOp::create(b, loc, phase, one), phase));
  }
  b.setInsertionPointToEnd(newBody);
  scf::YieldOp::create(b, loc, yields);

  // No copy may still be writing when the rings' memory is reused. TMA
  // copies past the end were never issued, and every thread has waited on
  // every issued one before the last iteration's barrier, so the mbarriers
  // can go.
  b.setInsertionPointAfter(newFor);
  if (plan.hasCpAsync)
    AsyncWaitOp::create(b, loc, b.getI32IntegerAttr(0));
  for (unsigned s = 0; plan.hasTMA && s < slots; ++s)
    InvalBarrierOp::create(b, loc,
                           MemDescIndexOp::create(
                               b, loc, getBarrierType(b.getContext()),
                               barriers, i32(b, loc, s)));
  SmallVector<Value> results(newFor.getResults().take_front(numArgs));
  // The last asynchronous dots complete here.
  SmallVector<unsigned> fromDots;
  SmallVector<Value> pending;
  for (WarpGroupDotOp dot : plan.asyncDots) {
    unsigned k = dot->use_begin()->getOperandNumber();
    fromDots.push_back(k);
    pending.push_back(results[k]);
  }
  if (!pending.empty()) {
    auto wait =
        WarpGroupDotWaitOp::create(b, loc, ValueRange(pending).getTypes(),
                                   pending, b.getI32IntegerAttr(0));
    for (auto [k, v] : llvm::zip(fromDots, wait.getResults()))
      results[k] = v;
  }
  for (unsigned k = 0; k < numArgs; ++k)
    if (!plan.stage0Args.contains(k))
      forOp.getResult(k).replaceAllUsesWith(results[k]);
  forOp.erase();
}

void PipelinePass::runOnOperation() {
  SmallVector<scf::ForOp> loops;
  getOperation().walk([&](scf::ForOp forOp) { loops.push_back(forOp); });
  for (scf::ForOp forOp : loops) {
    unsigned stages = numStages;
    if (auto attr = forOp->getAttrOfType<IntegerAttr>("tile.num_stages"))
      stages = unsigned(std::max<int64_t>(attr.getInt(), 0));
    if (stages < 2)
      continue;
    FailureOr<LoopPlan> plan = planLoop(forOp, useTMA);
    if (failed(plan))
      continue;
    numAsyncCopies += plan->prefetches.size();
    ++numPipelinedLoops;
    pipelineLoop(forOp, *plan, stages);
  }
}
