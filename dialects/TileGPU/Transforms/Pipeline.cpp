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
// mbarrier has completed every phase begun and is invalidated. A tile a dot
// reads transposed (`desc.load(...).T`) lands as TMA writes it and is read
// through a `memdesc_trans` view.
//
// A load whose tile is stored to shared memory twice (two dots read it, one
// transposed: Q and dO in attention's backward, K in its dQ loop) needs one
// ring when the second shared tile holds the same bytes as the first, read
// transposed: the second becomes a `memdesc_trans` view of the first
// (shareTransposedTiles), which halves the shared memory and the copies.
// Otherwise the load is split into one load per shared tile, each then
// prefetched on its own (splitSharedLoads).
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

#include "PipelineRewrite.h"

#include "mlir/IR/IRMapping.h"

#include "llvm/Support/Debug.h"
#include "llvm/Support/FormatVariadic.h"

#define DEBUG_TYPE "tilegpu-pipeline"

namespace tilec::tilegpu {
#define GEN_PASS_DEF_TILEGPUPIPELINE
#include "TileGPU/Transforms/Passes.h.inc"
} // namespace tilec::tilegpu

using namespace mlir;
using namespace tilec;
using namespace tilec::tilegpu;
using namespace tilec::tilegpu::pipeline;

namespace {

struct PipelinePass : public tilegpu::impl::TileGPUPipelineBase<PipelinePass> {
  using Base::Base;
  void runOnOperation() override;
};

} // namespace

/// Rewrites `forOp` after `plan`: rings, a prologue, and a loop whose
/// iteration issues stage 0 of iteration `i + stages - 1` and runs stage 1
/// of iteration `i`. The new loop carries, in the old order, each current
/// iter arg and each stage-0 one ahead (an arg may be both), then the slot
/// it reads, the slot it fills and, with TMA, the mbarrier phase.
static void pipelineLoop(scf::ForOp forOp, LoopPlan &plan, unsigned stages) {
  Location loc = forOp.getLoc();
  OpBuilder b(forOp);
  Block *body = forOp.getBody();
  auto yield = cast<scf::YieldOp>(body->getTerminator());
  Value iv = forOp.getInductionVar();
  unsigned numArgs = forOp.getNumRegionIterArgs();

  // An asynchronous dot holds its slot one iteration longer.
  unsigned slots = stages + (plan.asyncDots.empty() ? 0 : 1);
  SmallVector<Value> rings;
  for (Prefetch &p : plan.prefetches)
    rings.push_back(createRing(b, loc, p.slotType(), slots));
  // One mbarrier per slot, on which the slot's TMA copies complete.
  Value barriers;
  if (plan.hasTMA) {
    barriers = createBarriers(b, loc, slots, /*count=*/1);
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

  // The new loop's iter args: where each old one is carried current and
  // ahead.
  SmallVector<Value> inits;
  SmallVector<int> currentIndex(numArgs, -1), aheadIndex(numArgs, -1);
  for (unsigned k = 0; k < numArgs; ++k) {
    if (plan.currentArgs.contains(k)) {
      currentIndex[k] = int(inits.size());
      inits.push_back(forOp.getInitArgs()[k]);
    }
    if (plan.stage0Args.contains(k)) {
      aheadIndex[k] = int(inits.size());
      inits.push_back(ahead[k]);
    }
  }
  unsigned numCarried = inits.size();
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
  auto carried = [&](int index) { return newBody->getArgument(index + 1); };
  Value slot = carried(numCarried);
  Value fill = carried(numCarried + 1);
  Value phase = plan.hasTMA ? carried(numCarried + 2) : Value();
  b.setInsertionPointToStart(newBody);
  if (plan.hasCpAsync) {
    AsyncWaitOp::create(b, loc, b.getI32IntegerAttr(stages - 2));
    // TMA writes through the async proxy already; cp.async does not.
    if (plan.feedsWgmma)
      FenceAsyncSharedOp::create(b, loc);
  }
  if (plan.hasTMA)
    WaitBarrierOp::create(b, loc, barrierAt(b, loc, barriers, slot), phase);
  BarrierOp::create(b, loc);

  // Stage 0 of iteration i + stages - 1, into the slot iteration i - 1 (or,
  // with an asynchronous dot, i - 2) read.
  IRMapping map0;
  Value newIv = newFor.getInductionVar();
  auto emitStage0 = [&] {
    auto [ivAhead, valid] = aheadOf(b, loc, forOp, newIv, stages - 1);
    map0.map(iv, ivAhead);
    for (unsigned k : plan.stage0Args)
      map0.map(body->getArgument(k + 1), carried(aheadIndex[k]));
    for (Operation *op : plan.stage0)
      b.clone(*op, map0);
    issueCopies(b, loc, plan, rings, barriers, map0, fill, valid);
  };

  // Stage 1 of iteration i, reading its slot.
  IRMapping map1;
  auto emitStage1 = [&] {
    map1.map(iv, newIv);
    for (unsigned k : plan.currentArgs)
      map1.map(body->getArgument(k + 1), carried(currentIndex[k]));
    for (auto [p, ring] : llvm::zip(plan.prefetches, rings)) {
      Value tile = MemDescIndexOp::create(b, loc, p.slotType(), ring, slot);
      if (tile.getType() != p.alloc.getType())
        tile = MemDescTransOp::create(b, loc, p.alloc.getType(), tile,
                                      p.trans.getOrderAttr());
      map1.map(p.alloc.getResult(), tile);
    }
    for (Operation *op : plan.stage1)
      b.clone(*op, map1);
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
  for (unsigned k = 0; k < numArgs; ++k) {
    if (currentIndex[k] >= 0)
      yields.push_back(map1.lookupOrDefault(yield.getOperand(k)));
    if (aheadIndex[k] >= 0)
      yields.push_back(map0.lookupOrDefault(yield.getOperand(k)));
  }
  Value next = nextSlot(b, loc, slot, slots);
  yields.push_back(next);
  yields.push_back(nextSlot(b, loc, fill, slots));
  if (plan.hasTMA)
    yields.push_back(nextPhase(b, loc, next, phase));
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
                           barrierAt(b, loc, barriers, i32(b, loc, s)));
  // The old loop's results, current values (planStage1 keeps every iter arg
  // whose result is used).
  SmallVector<Value> results(numArgs);
  for (unsigned k = 0; k < numArgs; ++k)
    if (currentIndex[k] >= 0)
      results[k] = newFor.getResult(currentIndex[k]);
  // The last asynchronous dots complete here.
  waitForAsyncDots(b, loc, plan, results);
  for (unsigned k = 0; k < numArgs; ++k)
    if (results[k])
      forOp.getResult(k).replaceAllUsesWith(results[k]);
  forOp.erase();
}

/// A short description of `plan` for the loop's remark.
static std::string describe(const LoopPlan &plan, unsigned stages) {
  unsigned cpAsync = 0, tma = 0, cpTransposed = 0, tmaTransposed = 0;
  for (const Prefetch &p : plan.prefetches) {
    (p.isTMA() ? tma : cpAsync) += 1;
    if (p.trans)
      (p.isTMA() ? tmaTransposed : cpTransposed) += 1;
  }
  auto transposed = [](unsigned n) {
    return n ? llvm::formatv(" ({0} transposed)", n).str() : std::string();
  };
  std::string text = llvm::formatv("loop pipelined in {0} stages:", stages);
  if (cpAsync)
    text += llvm::formatv(" {0} load(s) by cp.async", cpAsync).str() +
            transposed(cpTransposed);
  if (tma)
    text +=
        llvm::formatv("{0} {1} load(s) by TMA", cpAsync ? "," : "", tma).str() +
        transposed(tmaTransposed);
  if (!plan.asyncDots.empty())
    text += ", wgmma kept in flight";
  return text;
}

/// Whether `user`, fed by a load, leads alone to a shared tile: layout
/// conversions and at most one transposition, each the only user of the
/// value before it, then a local_alloc, all in `body` (what the plan asks
/// of a prefetched load's whole chain, PipelinePlan.cpp's followToAlloc).
static bool leadsToOneAlloc(Operation *user, Block *body) {
  bool transposed = false;
  while (user->getBlock() == body) {
    if (isa<LocalAllocOp>(user))
      return true;
    bool trans = isa<tile::TransOp>(user);
    if (!isa<ConvertLayoutOp>(user) && !(trans && !transposed))
      return false;
    transposed |= trans;
    Value v = user->getResult(0);
    if (!v.hasOneUse())
      return false;
    user = *v.user_begin();
  }
  return false;
}

/// The shared tile `user` (a use of a load's value) leads to through
/// layout conversions and at most one transposition, and that
/// transposition; a null alloc when leadsToOneAlloc would say no.
static std::pair<LocalAllocOp, tile::TransOp> allocOfChain(Operation *user,
                                                           Block *body) {
  if (!leadsToOneAlloc(user, body))
    return {};
  tile::TransOp trans;
  while (!isa<LocalAllocOp>(user)) {
    if (auto t = dyn_cast<tile::TransOp>(user))
      trans = t;
    user = *user->getResult(0).user_begin();
  }
  return {cast<LocalAllocOp>(user), trans};
}

/// Whether every user of `alloc` only reads the tile (a dot, a load into
/// registers, a transposed view), so that two such tiles holding the same
/// values may be one.
static bool onlyRead(LocalAllocOp alloc) {
  return llvm::all_of(alloc->getUsers(), [](Operation *user) {
    return isa<WarpGroupDotOp, LocalLoadOp, MemDescTransOp>(user);
  });
}

/// Makes each load of `body` whose tile reaches shared memory twice, once
/// as loaded and once transposed, fill one shared tile: where the
/// transposed tile's type is the `memdesc_trans` of the other's (the same
/// swizzle, the contiguous dimension the same one in memory), it holds the
/// same bytes, so its readers get a view of the other instead, and its
/// chain goes. Returns how many shared tiles it removed.
static unsigned shareTransposedTiles(Block *body) {
  unsigned shared = 0;
  SmallVector<tile::LoadOp> loads(body->getOps<tile::LoadOp>());
  for (tile::LoadOp load : loads) {
    Value v = load.getResult();
    if (load.getIsVolatile() || !llvm::hasNItems(v.getUses(), 2))
      continue;
    auto [first, firstTrans] = allocOfChain(*v.user_begin(), body);
    auto [second, secondTrans] =
        allocOfChain(*std::next(v.user_begin()), body);
    if (!first || !second || !onlyRead(first) || !onlyRead(second) ||
        bool(firstTrans) == bool(secondTrans))
      continue;
    // The view goes where the later tile was, after both.
    if (second->isBeforeInBlock(first)) {
      std::swap(first, second);
      std::swap(firstTrans, secondTrans);
    }
    // Relative to the first tile, the second is transposed by the one
    // transposition on the two chains (each is a swap of two dimensions
    // or a permutation; the first tile's own is undone by its inverse).
    tile::TransOp trans = firstTrans ? firstTrans : secondTrans;
    SmallVector<int32_t> perm(trans.getOrder());
    if (firstTrans) {
      SmallVector<int32_t> inverse(perm.size());
      for (auto [i, d] : llvm::enumerate(perm))
        inverse[d] = int32_t(i);
      perm = inverse;
    }
    if (getTransposedMemDesc(first.getType(), perm) != second.getType())
      continue;
    OpBuilder b(second);
    Value view = MemDescTransOp::create(b, second.getLoc(), second.getType(),
                                        first.getResult(), perm);
    // The second chain (its alloc, then back to the load) goes.
    Operation *op = second;
    second.getResult().replaceAllUsesWith(view);
    while (op != load.getOperation()) {
      Operation *producer = op->getOperand(0).getDefiningOp();
      op->erase();
      op = producer;
    }
    ++shared;
  }
  return shared;
}

/// Splits each load of `body` whose tile reaches shared memory along
/// several chains (one tile read by two dots, transposed for one of them:
/// Q and dO in attention's backward) into one load per chain, so that each
/// can be prefetched: the copies read the same addresses (the second from
/// L2), where one load into registers would keep it, and often the whole
/// loop, out of the pipeline. Returns how many loads it added. In a loop
/// that is not pipelined after all, the CSE after this pass merges them.
static unsigned splitSharedLoads(Block *body) {
  unsigned added = 0;
  SmallVector<tile::LoadOp> loads(body->getOps<tile::LoadOp>());
  for (tile::LoadOp load : loads) {
    Value v = load.getResult();
    if (v.use_empty() || v.hasOneUse() || load.getIsVolatile())
      continue;
    SmallVector<OpOperand *> uses;
    for (OpOperand &use : v.getUses())
      uses.push_back(&use);
    if (!llvm::all_of(uses, [&](OpOperand *use) {
          return leadsToOneAlloc(use->getOwner(), body);
        }))
      continue;
    OpBuilder b(load);
    for (OpOperand *use : llvm::drop_begin(uses)) {
      use->set(b.clone(*load)->getResult(0));
      ++added;
    }
  }
  return added;
}

void PipelinePass::runOnOperation() {
  SmallVector<scf::ForOp> loops;
  // The split loops of a warp-specialized kernel are already pipelined,
  // across roles (tilegpu-warp-specialize), and the producer runs only
  // those; other loops of the consumers are pipelined as anywhere.
  getOperation().walk([&](scf::ForOp forOp) {
    if (!forOp->hasAttr(TileGPUDialect::kSplitLoopAttr) &&
        !WarpSpecializeOp::getProducerOf(forOp))
      loops.push_back(forOp);
  });
  for (scf::ForOp forOp : loops) {
    // Every loop is tried; only those meant to be pipelined (a dot in the
    // body, or tl.range's num_stages) say why they are not.
    bool report = remarks && isCandidate(forOp);
    unsigned stages = numStages;
    if (auto attr = forOp->getAttrOfType<IntegerAttr>("tile.num_stages"))
      stages = unsigned(std::max<int64_t>(attr.getInt(), 0));
    if (stages < 2) {
      if (report)
        emitRemark(forOp.getLoc())
            << "loop not pipelined: num_stages is " << stages;
      continue;
    }
    unsigned viewed = shareTransposedTiles(forOp.getBody());
    unsigned split = splitSharedLoads(forOp.getBody());
    SmallVector<Remark> why;
    FailureOr<LoopPlan> plan = planLoop(forOp, useTMA, why);
    if (report || (remarks && succeeded(plan)))
      for (Remark &r : why)
        emitRemark(r.loc) << r.text;
    if (failed(plan))
      continue;
    if (remarks) {
      InFlightDiagnostic d = emitRemark(forOp.getLoc());
      d << describe(*plan, stages);
      if (viewed)
        d << llvm::formatv(" ({0} shared tile(s) read as another's transposed "
                           "view)",
                           viewed)
                 .str();
      if (split)
        d << llvm::formatv(" ({0} load(s) split to feed several shared tiles)",
                           split)
                 .str();
    }
    numAsyncCopies += plan->prefetches.size();
    ++numPipelinedLoops;
    pipelineLoop(forOp, *plan, stages);
  }
}
