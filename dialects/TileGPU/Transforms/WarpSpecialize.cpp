//===- WarpSpecialize.cpp - Producer and consumer warpgroups ----*- C++ -*-===//
//
// The tilegpu-warp-specialize pass. tilegpu-pipeline keeps copies in flight
// from the same warps that do the math: each iteration they wait for their
// slot, synchronize the whole CTA (so that the slot refilled next is free)
// and issue the next copies between their wgmmas. On Hopper that CTA
// barrier and the copy issue sit on the math warps' critical path. Here a
// warpgroup of its own, the producer, issues every copy, and the math warps
// (the kernel's `num_warps`, the consumers) only wait for full slots and
// hand read ones back, through two mbarriers per slot:
//
//   producer, iteration j, slot s = j mod S:        consumer, iteration i:
//     wait empty[s] (phase of round j / S - 1)        wait full[s] (round i / S)
//     arrive full[s] expecting the copies' bytes      wgmma ... (async)
//     TMA copies -> ring[s], completing on full[s]    wait until only they fly
//                                                     arrive empty[slot of i-1]
//
// A fresh mbarrier counts as having completed the phase before its first,
// so the producer's first round of waits (parity 1) returns at once. The
// consumers arrive once per warp (the empty mbarriers expect `num_warps`
// arrivals) after `wgmma.wait_group 1`, which proves the previous
// iteration's wgmmas, the last readers of its slot, are done; so, as in
// tilegpu-pipeline, a loop with a wgmma in flight gets one slot more than
// num_stages. After the loop the consumers hand the last slot back, and
// after the last split loop, once every consumer warp is past it, the
// mbarriers are invalidated, so that the epilogue may reuse the rings.
// (The producer's code runs on one thread, WarpSpecializeOpToLLVM.cpp.)
//
// The loop must be at the top level of its kernel: everything else the
// kernel does moves into the consumer region unchanged, and the producer
// gets clones of the scalar ops that its loop bounds, copy coordinates and
// address computations need (an op with effects or a tensor result there
// stops the rewrite, with a remark). Since the producer's copies are
// ordered after nothing the consumers do, a kernel that may write global
// memory before the loop is not split. Several marked loops of one kernel
// are split together and continue in the same rings. The plan of each loop
// is tilegpu-pipeline's (PipelinePlan.h): stage 0 runs in the producer,
// stage 1 in the consumers.
//
//===----------------------------------------------------------------------===//

#include "TileGPU/Transforms/Passes.h"

#include "PipelineRewrite.h"

#include "Tile/IR/TileLoopAttrs.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

#include "llvm/Support/FormatVariadic.h"

#define DEBUG_TYPE "tilegpu-warp-specialize"

namespace tilec::tilegpu {
#define GEN_PASS_DEF_TILEGPUWARPSPECIALIZE
#include "TileGPU/Transforms/Passes.h.inc"
} // namespace tilec::tilegpu

using namespace mlir;
using namespace tilec;
using namespace tilec::tilegpu;
using namespace tilec::tilegpu::pipeline;

namespace {

struct WarpSpecializePass
    : public tilegpu::impl::TileGPUWarpSpecializeBase<WarpSpecializePass> {
  using Base::Base;
  void runOnOperation() override;
};

/// One warpgroup produces: setmaxnreg and wgmma both act on warpgroups.
constexpr unsigned kProducerWarps = 4;

} // namespace

/// Why the kernel-level shape around `forOp` rules the split out, or "".
static std::string checkPlacement(scf::ForOp forOp, const LoopPlan &plan) {
  if (!plan.hasTMA || plan.hasCpAsync)
    return "its prefetched loads are not all tensor descriptor loads (TMA)";
  if (!plan.feedsWgmma)
    return "its shared tiles do not feed wgmma";
  auto func = dyn_cast<func::FuncOp>(forOp->getParentOp());
  if (!func)
    return "it is nested in another loop or branch";
  // Only a kernel's launch gets the producer warpgroup (.reqntid).
  if (!func->hasAttr("tile.kernel"))
    return "it is not in a kernel";
  unsigned warps = getNumWarps(forOp);
  if (warps % 4 != 0)
    return llvm::formatv("num_warps ({0}) is not a whole number of "
                         "warpgroups",
                         warps)
        .str();
  if ((warps + kProducerWarps) * 32 > 1024)
    return llvm::formatv("num_warps ({0}) leaves no room for a producer "
                         "warpgroup in 1024 threads",
                         warps)
        .str();
  if (func.getBody().getBlocks().size() != 1)
    return "its kernel has more than one block";
  if (func.getFunctionType().getNumResults() != 0)
    return "its function returns values";
  return "";
}

/// An op of the kernel, before a split loop, that may write memory the
/// producer's copies read (global memory), or null. The producer starts
/// copying at once, ordered after nothing the consumers do: a store, an
/// atomic or a lock before the loop would race with its copies. Shared
/// memory ops (the tilegpu dialect's, but for TMA stores) do not count.
static Operation *findGlobalWrite(Operation *op) {
  Operation *found = nullptr;
  op->walk([&](Operation *nested) {
    if (nested->hasTrait<OpTrait::HasRecursiveMemoryEffects>() ||
        isMemoryEffectFree(nested))
      return WalkResult::advance();
    if (isa<TileGPUDialect>(nested->getDialect()) &&
        !isa<AsyncTMACopyLocalToGlobalOp>(nested))
      return WalkResult::advance();
    auto effects = dyn_cast<MemoryEffectOpInterface>(nested);
    if (effects && !effects.hasEffect<MemoryEffects::Write>() &&
        !effects.hasEffect<MemoryEffects::Free>())
      return WalkResult::advance();
    found = nested;
    return WalkResult::interrupt();
  });
  return found;
}

/// The values defined outside `forOp` that the producer's loop reads: its
/// bounds, the initial values of the iter args stage 0 steps, what stage 0
/// reads from above, and each copy's descriptor and coordinates.
static SetVector<Value> getProducerInputs(scf::ForOp forOp,
                                          const LoopPlan &plan) {
  SetVector<Value> inputs;
  auto addIfOutside = [&](Value v) {
    if (!forOp->isAncestor(v.getParentBlock()->getParentOp()))
      inputs.insert(v);
  };
  for (Value v : {forOp.getLowerBound(), forOp.getUpperBound(),
                  forOp.getStep()})
    addIfOutside(v);
  auto yield = cast<scf::YieldOp>(forOp.getBody()->getTerminator());
  for (unsigned k : plan.stage0Args) {
    addIfOutside(forOp.getInitArgs()[k]);
    // Its next value may be one from above (`o = off_m` in the loop).
    addIfOutside(yield.getOperand(k));
  }
  for (Operation *op : plan.stage0)
    op->walk([&](Operation *nested) {
      for (Value v : nested->getOperands())
        addIfOutside(v);
    });
  for (const Prefetch &p : plan.prefetches) {
    auto load = cast<tile::DescriptorLoadOp>(p.load);
    addIfOutside(load.getDesc());
    for (Value i : load.getIndices())
      addIfOutside(i);
  }
  return inputs;
}

/// The ops of the kernel's body that compute `inputs`, in order, or why the
/// producer cannot compute them: each must be free of memory effects,
/// without regions, with scalar results (a division is fine: the consumers
/// compute it too).
static FailureOr<SmallVector<Operation *>>
getProducerSlice(const SetVector<Value> &inputs, Block *entry,
                 std::string &why) {
  SetVector<Operation *> slice;
  SmallVector<Value> work(inputs.begin(), inputs.end());
  while (!work.empty()) {
    Value v = work.pop_back_val();
    if (auto arg = dyn_cast<BlockArgument>(v)) {
      if (arg.getOwner() == entry)
        continue;
      why = "the producer would need a block argument of a nested region";
      return failure();
    }
    Operation *def = v.getDefiningOp();
    if (slice.contains(def))
      continue;
    if (def->getBlock() != entry) {
      why = "the producer would need a value computed in a nested region";
      return failure();
    }
    bool scalar = llvm::none_of(def->getResultTypes(), [](Type t) {
      return isa<RankedTensorType, MemDescType>(t);
    });
    if (!isMemoryEffectFree(def) || def->getNumRegions() != 0 || !scalar) {
      why = llvm::formatv("the producer would need '{0}', which is not a "
                          "scalar op free of memory effects",
                          def->getName().getStringRef())
                .str();
      return failure();
    }
    slice.insert(def);
    llvm::append_range(work, def->getOperands());
  }
  SmallVector<Operation *> ordered(slice.begin(), slice.end());
  llvm::sort(ordered,
             [](Operation *a, Operation *b) { return a->isBeforeInBlock(b); });
  return ordered;
}

/// The rings and mbarriers the split loops share, and where the next loop
/// starts in them: a loop continues at the slot and phase the previous one
/// stopped at, so that a kernel with several such loops (attention's causal
/// split) needs one set of rings.
struct Rings {
  SmallVector<Value> rings;
  Value full, empty;
  unsigned slots;
};

/// The producer's loop, at `b`: stage 0 of every iteration, each issuing its
/// copies once the consumers have handed the slot back. `map` holds the
/// producer's clones of the values from above; `slot` and `phase` where the
/// loop starts in the rings, updated to where it stops.
static void buildProducerLoop(OpBuilder &b, scf::ForOp forOp, LoopPlan &plan,
                              const Rings &r, IRMapping &map, Value &slot,
                              Value &phase) {
  Location loc = forOp.getLoc();
  Block *body = forOp.getBody();
  auto yield = cast<scf::YieldOp>(body->getTerminator());
  SmallVector<Value> inits;
  for (unsigned k : plan.stage0Args)
    inits.push_back(map.lookupOrDefault(forOp.getInitArgs()[k]));
  unsigned numCarried = inits.size();
  inits.push_back(slot);
  inits.push_back(phase);
  auto loop = scf::ForOp::create(b, loc,
                                 map.lookupOrDefault(forOp.getLowerBound()),
                                 map.lookupOrDefault(forOp.getUpperBound()),
                                 map.lookupOrDefault(forOp.getStep()), inits);
  Block *newBody = loop.getBody();
  OpBuilder::InsertionGuard guard(b);
  b.setInsertionPointToStart(newBody);
  map.map(forOp.getInductionVar(), loop.getInductionVar());
  for (auto [i, k] : llvm::enumerate(plan.stage0Args))
    map.map(body->getArgument(k + 1), newBody->getArgument(i + 1));
  Value cur = newBody->getArgument(numCarried + 1);
  Value curPhase = newBody->getArgument(numCarried + 2);
  for (Operation *op : plan.stage0)
    b.clone(*op, map);
  // Round r waits for the consumers' r-th hand-back, the empty mbarrier's
  // phase r - 1: parity (r & 1) ^ 1, which round 0 finds complete.
  // Operands in statements of their own: argument order is unspecified.
  Value empty = barrierAt(b, loc, r.empty, cur);
  Value parity = arith::XOrIOp::create(b, loc, curPhase, i32(b, loc, 1));
  WaitBarrierOp::create(b, loc, empty, parity);
  Value valid = arith::ConstantIntOp::create(b, loc, 1, 1);
  issueCopies(b, loc, plan, r.rings, r.full, map, cur, valid);
  SmallVector<Value> yields;
  for (unsigned k : plan.stage0Args)
    yields.push_back(map.lookupOrDefault(yield.getOperand(k)));
  Value next = nextSlot(b, loc, cur, r.slots);
  yields.push_back(next);
  yields.push_back(nextPhase(b, loc, next, curPhase));
  scf::YieldOp::create(b, loc, yields);
  slot = loop.getResult(numCarried);
  phase = loop.getResult(numCarried + 1);
}

/// `slot - 1`, wrapped to the last slot below 0.
static Value previousSlot(OpBuilder &b, Location loc, Value slot,
                          unsigned slots) {
  Value isZero = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq, slot,
                                       i32(b, loc, 0));
  // Operands in statements of their own: argument order is unspecified.
  Value last = i32(b, loc, slots - 1);
  Value below = arith::SubIOp::create(b, loc, slot, i32(b, loc, 1));
  return arith::SelectOp::create(b, loc, isZero, last, below);
}

/// The consumers' loop, in place of `forOp`: stage 1 of every iteration
/// from its full slot, handing each slot back once its wgmmas are done.
/// `slot` and `phase` as for buildProducerLoop.
static void buildConsumerLoop(scf::ForOp forOp, LoopPlan &plan,
                              const Rings &r, Value &slot, Value &phase) {
  Location loc = forOp.getLoc();
  OpBuilder b(forOp);
  Block *body = forOp.getBody();
  auto yield = cast<scf::YieldOp>(body->getTerminator());
  unsigned numArgs = forOp.getNumRegionIterArgs();
  SmallVector<Value> inits;
  SmallVector<int> index(numArgs, -1);
  for (unsigned k = 0; k < numArgs; ++k)
    if (plan.currentArgs.contains(k)) {
      index[k] = int(inits.size());
      inits.push_back(forOp.getInitArgs()[k]);
    }
  unsigned numCarried = inits.size();
  inits.push_back(slot);
  inits.push_back(phase);
  auto loop =
      scf::ForOp::create(b, loc, forOp.getLowerBound(), forOp.getUpperBound(),
                         forOp.getStep(), inits);
  // tilegpu-pipeline leaves it alone (other loops of the consumers it
  // pipelines as usual).
  loop->setAttr(TileGPUDialect::kSplitLoopAttr, b.getUnitAttr());
  Block *newBody = loop.getBody();
  b.setInsertionPointToStart(newBody);
  Value cur = newBody->getArgument(numCarried + 1);
  Value curPhase = newBody->getArgument(numCarried + 2);
  WaitBarrierOp::create(b, loc, barrierAt(b, loc, r.full, cur), curPhase);

  IRMapping map;
  map.map(forOp.getInductionVar(), loop.getInductionVar());
  for (unsigned k = 0; k < numArgs; ++k)
    if (index[k] >= 0)
      map.map(body->getArgument(k + 1), newBody->getArgument(index[k] + 1));
  for (auto [p, ring] : llvm::zip(plan.prefetches, r.rings)) {
    Value tile = MemDescIndexOp::create(b, loc, p.slotType(), ring, cur);
    if (tile.getType() != p.alloc.getType())
      tile = MemDescTransOp::create(b, loc, p.alloc.getType(), tile,
                                    p.trans.getOrderAttr());
    map.map(p.alloc.getResult(), tile);
  }
  for (Operation *op : plan.stage1)
    b.clone(*op, map);

  if (plan.asyncDots.empty()) {
    // The dots completed in this iteration: its slot is free now.
    Value yes = arith::ConstantIntOp::create(b, loc, 1, 1);
    ArriveBarrierOp::create(b, loc, barrierAt(b, loc, r.empty, cur), yes);
  } else {
    // This iteration's wgmmas stay in flight; once only they are, the
    // previous iteration's are done with its slot.
    for (WarpGroupDotOp dot : plan.asyncDots) {
      auto clone = map.lookup(dot.getResult()).getDefiningOp<WarpGroupDotOp>();
      clone.setIsAsync(true);
      auto wait = WarpGroupDotWaitOp::create(
          b, loc, clone.getType(), clone.getResult(), b.getI32IntegerAttr(1));
      map.map(dot.getResult(), wait.getResult(0));
    }
    Value notFirst = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ne,
                                           loop.getInductionVar(),
                                           forOp.getLowerBound());
    ArriveBarrierOp::create(
        b, loc, barrierAt(b, loc, r.empty, previousSlot(b, loc, cur, r.slots)),
        notFirst);
  }
  SmallVector<Value> yields;
  for (unsigned k = 0; k < numArgs; ++k)
    if (index[k] >= 0)
      yields.push_back(map.lookupOrDefault(yield.getOperand(k)));
  Value next = nextSlot(b, loc, cur, r.slots);
  yields.push_back(next);
  yields.push_back(nextPhase(b, loc, next, curPhase));
  scf::YieldOp::create(b, loc, yields);

  // The loop's results; the last wgmmas complete here.
  b.setInsertionPointAfter(loop);
  SmallVector<Value> results(numArgs);
  for (unsigned k = 0; k < numArgs; ++k)
    if (index[k] >= 0)
      results[k] = loop.getResult(index[k]);
  slot = loop.getResult(numCarried);
  phase = loop.getResult(numCarried + 1);
  if (waitForAsyncDots(b, loc, plan, results)) {
    // The last iteration's slot too, if there was one: a later split loop
    // continues in the same rings.
    Value ran = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::slt,
                                      forOp.getLowerBound(),
                                      forOp.getUpperBound());
    ArriveBarrierOp::create(
        b, loc, barrierAt(b, loc, r.empty, previousSlot(b, loc, slot, r.slots)),
        ran);
  }
  for (unsigned k = 0; k < numArgs; ++k)
    if (results[k])
      forOp.getResult(k).replaceAllUsesWith(results[k]);
  forOp.erase();
}

/// One loop to split, with its plan.
struct SplitLoop {
  scf::ForOp forOp;
  LoopPlan plan;
};

/// Splits the kernel around `loops` (in body order, at its top level) into
/// producer and consumer roles.
static void warpSpecialize(MutableArrayRef<SplitLoop> loops,
                           ArrayRef<Operation *> slice, unsigned slots) {
  scf::ForOp first = loops.front().forOp;
  Location loc = first.getLoc();
  auto func = cast<func::FuncOp>(first->getParentOp());
  Block *entry = &func.getBody().front();
  OpBuilder b = OpBuilder::atBlockBegin(entry);

  // Shared by both roles, so made before the split: the rings, a full and
  // an empty mbarrier per slot, initialized before any warp waits on them.
  Rings r;
  r.slots = slots;
  for (Prefetch &p : loops.front().plan.prefetches)
    r.rings.push_back(createRing(b, loc, p.slotType(), slots));
  unsigned warps = getNumWarps(first);
  r.full = createBarriers(b, loc, slots, /*count=*/1);
  r.empty = createBarriers(b, loc, slots, /*count=*/int32_t(warps));
  BarrierOp::create(b, loc);
  WarpSpecializedRegisters regs =
      getWarpSpecializedRegisters(warps, kProducerWarps);
  auto ws = WarpSpecializeOp::create(b, loc, kProducerWarps, regs.producer,
                                     regs.consumer);
  Block *producer = &ws.getProducer().emplaceBlock();
  Block *consumer = &ws.getConsumer().emplaceBlock();

  // Everything the kernel did runs in the consumers.
  consumer->getOperations().splice(consumer->end(), entry->getOperations(),
                                   std::next(ws->getIterator()),
                                   entry->getTerminator()->getIterator());
  b.setInsertionPointToStart(producer);
  IRMapping map;
  for (Operation *op : slice)
    b.clone(*op, map);
  Value slot = i32(b, loc, 0), phase = i32(b, loc, 0);
  for (SplitLoop &l : loops)
    buildProducerLoop(b, l.forOp, l.plan, r, map, slot, phase);
  b.setInsertionPoint(consumer, consumer->begin());
  slot = i32(b, loc, 0);
  phase = i32(b, loc, 0);
  Operation *after = loops.back().forOp->getNextNode();
  for (SplitLoop &l : loops)
    buildConsumerLoop(l.forOp, l.plan, r, slot, phase);
  if (after)
    b.setInsertionPoint(after);
  else
    b.setInsertionPointToEnd(consumer);
  // After the last loop the producer has issued everything and waits no
  // more; once every consumer warp has arrived for the last time, the
  // mbarriers are invalidated, so that the epilogue may reuse their bytes
  // with the rings' (tilegpu-allocate-shared-memory ends their lives at the
  // consumers' last use).
  BarrierOp::create(b, loc);
  for (Value barriers : {r.full, r.empty})
    for (unsigned s = 0; s < slots; ++s)
      InvalBarrierOp::create(b, loc,
                             barrierAt(b, loc, barriers, i32(b, loc, s)));
  // And before anyone writes their bytes again.
  BarrierOp::create(b, loc);
}

/// Whether two loops' prefetched tiles fill the same rings.
static bool sameRings(const LoopPlan &a, const LoopPlan &b) {
  if (a.prefetches.size() != b.prefetches.size())
    return false;
  for (auto [x, y] : llvm::zip(a.prefetches, b.prefetches))
    if (x.slotType() != y.slotType())
      return false;
  return true;
}

void WarpSpecializePass::runOnOperation() {
  getOperation().walk([&](func::FuncOp func) {
    SmallVector<scf::ForOp> marked;
    func.walk([&](scf::ForOp forOp) {
      if (forOp->hasAttr(tile::kWarpSpecializeAttrName))
        marked.push_back(forOp);
    });
    auto notSplit = [&](scf::ForOp forOp, const Twine &why) {
      if (remarks)
        emitRemark(forOp.getLoc()) << "loop not warp-specialized: " << why;
    };
    SmallVector<SplitLoop, 2> loops;
    unsigned slots = 0;
    for (scf::ForOp forOp : marked) {
      unsigned stages = numStages;
      if (auto attr = forOp->getAttrOfType<IntegerAttr>("tile.num_stages"))
        stages = unsigned(std::max<int64_t>(attr.getInt(), 0));
      if (stages < 2) {
        notSplit(forOp, "num_stages is " + Twine(stages));
        continue;
      }
      SmallVector<Remark> ignored;
      FailureOr<LoopPlan> plan = planLoop(forOp, /*useTMA=*/true, ignored);
      if (failed(plan)) {
        notSplit(forOp, "no load in it can be prefetched");
        continue;
      }
      std::string why = checkPlacement(forOp, *plan);
      if (!why.empty()) {
        notSplit(forOp, why);
        continue;
      }
      // Later loops continue in the first one's rings.
      if (!loops.empty() && (stages != slots ||
                             !sameRings(loops.front().plan, *plan))) {
        notSplit(forOp, "its loads or num_stages differ from those of the "
                        "kernel's first warp-specialized loop");
        continue;
      }
      slots = stages;
      loops.push_back({forOp, std::move(*plan)});
    }
    if (loops.empty())
      return;
    for (Operation &op : func.getBody().front()) {
      if (&op == loops.back().forOp.getOperation())
        break;
      if (llvm::any_of(loops, [&](SplitLoop &l) { return l.forOp == &op; }))
        continue;
      if (Operation *write = findGlobalWrite(&op)) {
        for (SplitLoop &l : loops)
          notSplit(l.forOp,
                   llvm::formatv("the kernel may write memory before it "
                                 "('{0}'), which the producer's copies would "
                                 "not wait for",
                                 write->getName().getStringRef())
                       .str());
        return;
      }
    }
    SetVector<Value> inputs;
    for (SplitLoop &l : loops) {
      SetVector<Value> in = getProducerInputs(l.forOp, l.plan);
      inputs.insert(in.begin(), in.end());
    }
    std::string why;
    FailureOr<SmallVector<Operation *>> slice =
        getProducerSlice(inputs, &func.getBody().front(), why);
    if (failed(slice)) {
      for (SplitLoop &l : loops)
        notSplit(l.forOp, why);
      return;
    }
    if (remarks)
      for (SplitLoop &l : loops)
        emitRemark(l.forOp.getLoc()) << llvm::formatv(
            "loop warp-specialized: a producer warpgroup issues {0} TMA "
            "load(s) in {1} stages for {2} consumer warps",
            l.plan.prefetches.size(), slots, getNumWarps(func));
    numSpecializedLoops += loops.size();
    // A wgmma in flight holds its slot one iteration longer, as in
    // tilegpu-pipeline: one more slot keeps the copies num_stages - 1
    // iterations ahead.
    bool async = llvm::any_of(
        loops, [](const SplitLoop &l) { return !l.plan.asyncDots.empty(); });
    warpSpecialize(loops, *slice, slots + (async ? 1 : 0));
  });
}
