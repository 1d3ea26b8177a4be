//===- PipelinePlan.cpp - What tilegpu-pipeline does to one loop -*- C++
//-*-===//
//
// The analysis half of tilegpu-pipeline (see PipelinePlan.h). A loop is
// split into two stages: stage 0, the backward slice of the prefetched
// loads' addresses and masks (with the loop-carried values it steps), runs
// `numStages - 1` iterations ahead; stage 1 is what the iteration computes.
// The two may share values: a stage-0 value stage 1 reads is computed in
// both (it is pure), and a stage-0 iter arg stage 1 reads is carried twice,
// ahead and current. What cannot run ahead (an address that depends on a
// value the loop loads, or on an op with side effects) keeps its load out
// of the plan, with a remark.
//
//===----------------------------------------------------------------------===//

#include "PipelinePlan.h"

#include "mlir/IR/Matchers.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/Support/FormatVariadic.h"

using namespace mlir;
using namespace tilec;
using namespace tilec::tilegpu;
using namespace tilec::tilegpu::pipeline;

bool pipeline::isCandidate(scf::ForOp forOp) {
  if (forOp->hasAttr("tile.num_stages"))
    return true;
  for (Operation &op : *forOp.getBody())
    if (isa<WarpGroupDotOp, tile::DotOp>(op))
      return true;
  return false;
}

/// Whether `v` is absent or a zero constant (cp.async's fill value).
static bool isZeroOrAbsent(Value v) {
  if (!v)
    return true;
  return matchPattern(v, m_AnyZeroFloat()) || matchPattern(v, m_Zero());
}

/// The shared tile `load` fills, through layout conversions and at most one
/// transposition, each the only user of the previous value; or why not.
static FailureOr<Prefetch> followToAlloc(Operation *load, Block *body,
                                         std::string &why) {
  Prefetch p{load, LocalAllocOp(), {}, tile::TransOp(), 0};
  Value v = load->getResult(0);
  while (true) {
    if (!v.hasOneUse()) {
      why = "its value is used in registers (only a tile stored whole to "
            "shared memory becomes an asynchronous copy)";
      return failure();
    }
    Operation *user = *v.user_begin();
    if (user->getBlock() != body) {
      why = "its value is used in a nested region";
      return failure();
    }
    if (auto alloc = dyn_cast<LocalAllocOp>(user)) {
      p.alloc = alloc;
      return p;
    }
    auto trans = dyn_cast<tile::TransOp>(user);
    if (!isa<ConvertLayoutOp>(user) && !(trans && !p.trans)) {
      why = llvm::formatv("its value goes through '{0}' before shared memory",
                          user->getName().getStringRef())
                .str();
      return failure();
    }
    if (trans)
      p.trans = trans;
    p.between.push_back(user);
    v = user->getResult(0);
  }
}

/// A pointer load as a cp.async prefetch, or why it cannot be one.
static FailureOr<Prefetch> asCpAsync(tile::LoadOp load, Block *body,
                                     std::string &why) {
  if (load.getIsVolatile()) {
    why = "it is volatile";
    return failure();
  }
  if (!isZeroOrAbsent(load.getOther())) {
    why = "its masked-off elements take a nonzero 'other' (cp.async fills "
          "zeros)";
    return failure();
  }
  FailureOr<Prefetch> p = followToAlloc(load, body, why);
  if (failed(p))
    return failure();
  // cp.async copies runs along the load's contiguous dimension, so the
  // shared tile must keep that dimension contiguous (after the
  // transposition, if any). A tile stored contiguous along another one (an
  // fp8 wgmma operand kept K-major) is transposed by its local_alloc.
  auto loadType = cast<RankedTensorType>(load.getType());
  auto blocked = dyn_cast_or_null<BlockedEncodingAttr>(loadType.getEncoding());
  if (!blocked && p->trans) {
    why = "it is transposed from a layout that is not blocked";
    return failure();
  }
  if (blocked) {
    unsigned contiguous = blocked.getOrder()[0];
    if (p->trans) {
      ArrayRef<int32_t> perm = p->trans.getOrder();
      contiguous =
          unsigned(llvm::find(perm, int32_t(contiguous)) - perm.begin());
    }
    if (contiguous != p->alloc.getType().getEncoding().getOrder()[0]) {
      why = "its shared tile is contiguous along another dimension than its "
            "loads (the local_alloc transposes it)";
      return failure();
    }
  }
  auto vecAttr = load->getAttrOfType<IntegerAttr>("tilegpu.vec");
  unsigned vec = vecAttr ? unsigned(vecAttr.getInt()) : 1;
  // Pointers are 8 bytes (MemDescType::getSizeInBytes); asking them for a
  // bit width would crash.
  Type elem = p->alloc.getType().getElementType();
  unsigned elemBytes =
      elem.isIntOrFloat() ? std::max(1u, elem.getIntOrFloatBitWidth() / 8) : 8u;
  unsigned bytes = vec * elemBytes;
  // Wider than cp.async's 16 bytes: copy 16 at a time.
  while (bytes > 16) {
    vec /= 2;
    bytes /= 2;
  }
  if (bytes < 4) {
    why = llvm::formatv(
              "its accesses are {0}-byte vectors and cp.async copies 4, 8 or "
              "16 bytes (tilegpu-coalesce proves the width from the "
              "divisibility of pointers, strides and sizes: ':16' in the "
              "signature)",
              bytes)
              .str();
    return failure();
  }
  p->vec = vec;
  return p;
}

MemDescType Prefetch::slotType() const {
  if (isTMA() && trans)
    return getTMASharedType(
        cast<tile::DescriptorLoadOp>(load).getDesc().getType());
  return const_cast<LocalAllocOp &>(alloc).getType();
}

/// A descriptor load as a TMA prefetch, or why it cannot be one. The dot
/// may read the tile transposed (`desc.load(...).T`, attention's K): the
/// ring then holds the tiles as TMA lands them and the dot reads a
/// transposed view, when that view is the layout the dot asked for.
static FailureOr<Prefetch> asTMA(tile::DescriptorLoadOp load, Block *body,
                                 bool useTMA, std::string &why) {
  if (!useTMA) {
    why = "TMA is off (below sm_90)";
    return failure();
  }
  FailureOr<Prefetch> p = followToAlloc(load, body, why);
  if (failed(p))
    return failure();
  MemDescType landed = getTMASharedType(load.getDesc().getType());
  MemDescType wanted =
      p->trans && landed
          ? getTransposedMemDesc(landed, p->trans.getOrder())
          : landed;
  if (p->alloc.getType() != wanted) {
    why = "its shared tile is not laid out as TMA lands it";
    return failure();
  }
  return p;
}

namespace {
/// The stage-0 slice of one prefetch.
struct Slice {
  llvm::SmallPtrSet<Operation *, 16> ops;
  llvm::SmallSetVector<unsigned, 4> args;
};
} // namespace

/// The backward slice of `p`'s addresses and mask, through the yields of
/// the iter args it reads; fails, saying why, when it cannot run ahead.
static FailureOr<Slice> sliceOf(const Prefetch &p, scf::ForOp forOp,
                                const llvm::SmallPtrSetImpl<Operation *> &loads,
                                std::string &why) {
  Block *body = forOp.getBody();
  auto yield = cast<scf::YieldOp>(body->getTerminator());
  Slice s;
  SmallVector<Value> worklist(p.load->getOperands());
  while (!worklist.empty()) {
    Value v = worklist.pop_back_val();
    if (auto arg = dyn_cast<BlockArgument>(v)) {
      if (arg.getOwner() != body || arg == forOp.getInductionVar())
        continue;
      unsigned index = arg.getArgNumber() - 1;
      if (s.args.insert(index))
        worklist.push_back(yield.getOperand(index));
      continue;
    }
    Operation *def = v.getDefiningOp();
    if (def->getBlock() != body || s.ops.contains(def))
      continue;
    if (loads.contains(def) || def->getNumRegions() != 0 ||
        !isMemoryEffectFree(def)) {
      why = llvm::formatv("its address or mask depends on '{0}' in the loop, "
                          "which cannot run iterations ahead",
                          def->getName().getStringRef())
                .str();
      return failure();
    }
    s.ops.insert(def);
    llvm::append_range(worklist, def->getOperands());
  }
  return s;
}

/// Whether `dot` may stay in flight into the next iteration: its result is
/// only the next iteration's accumulator, which nothing else reads, and
/// each operand is a ring slot (a prefetched tile, which the next iteration
/// does not overwrite) or a tile the loop does not write. A tile the body
/// stores itself (an fp8 operand transposed by its local_alloc, attention's
/// P) would be overwritten by the next iteration while this dot still reads
/// it.
static bool canRunAsync(WarpGroupDotOp dot, scf::ForOp forOp,
                        const llvm::SmallPtrSetImpl<Operation *> &prefetched) {
  Block *body = forOp.getBody();
  if (dot->getBlock() != body || !dot->hasOneUse())
    return false;
  // An A operand in registers is computed in the body (attention's P), so
  // it keeps the dot synchronous too.
  for (Value operand : {Value(dot.getA()), Value(dot.getB())}) {
    Operation *def = operand.getDefiningOp();
    // A view of a prefetched tile is that tile.
    while (auto view = dyn_cast_or_null<MemDescTransOp>(def))
      def = view.getSrc().getDefiningOp();
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

/// Fills `plan.stage1` and `plan.currentArgs`: the ops and iter args the
/// iteration needs, from its side effects, the other ops and the iter args
/// that are not stage 0 alone.
static void planStage1(scf::ForOp forOp, LoopPlan &plan,
                       const llvm::SmallPtrSetImpl<Operation *> &chains) {
  Block *body = forOp.getBody();
  auto yield = cast<scf::YieldOp>(body->getTerminator());
  llvm::SmallPtrSet<Operation *, 16> stage0(plan.stage0.begin(),
                                            plan.stage0.end());
  llvm::SmallPtrSet<Operation *, 32> needed;
  SmallVector<Value> worklist;
  // An op's operands, and the values its regions read from the body.
  auto pushOperands = [&](Operation *op) {
    op->walk([&](Operation *nested) {
      for (Value v : nested->getOperands())
        worklist.push_back(v);
    });
  };
  auto needArg = [&](unsigned k) {
    if (plan.currentArgs.insert(k))
      worklist.push_back(yield.getOperand(k));
  };
  for (Operation &op : body->without_terminator())
    if (!stage0.contains(&op) && !chains.contains(&op) &&
        needed.insert(&op).second)
      pushOperands(&op);
  for (unsigned k = 0; k < forOp.getNumRegionIterArgs(); ++k)
    if (!plan.stage0Args.contains(k) || !forOp.getResult(k).use_empty())
      needArg(k);
  while (!worklist.empty()) {
    Value v = worklist.pop_back_val();
    if (auto arg = dyn_cast<BlockArgument>(v)) {
      if (arg.getOwner() == body && arg != forOp.getInductionVar())
        needArg(arg.getArgNumber() - 1);
      continue;
    }
    Operation *def = v.getDefiningOp();
    // Values of the body only: a nested op's own values are not cloned
    // apart from their op.
    // A prefetched tile is read from its ring slot instead.
    if (def->getBlock() != body || chains.contains(def) ||
        !needed.insert(def).second)
      continue;
    pushOperands(def);
  }
  for (Operation &op : body->without_terminator())
    if (needed.contains(&op))
      plan.stage1.push_back(&op);
  // In iter-arg order, as the rewrite lays the new loop's out.
  SmallVector<unsigned> args(plan.currentArgs.begin(), plan.currentArgs.end());
  llvm::sort(args);
  plan.currentArgs.clear();
  plan.currentArgs.insert(args.begin(), args.end());
}

FailureOr<LoopPlan> pipeline::planLoop(scf::ForOp forOp, bool useTMA,
                                       llvm::SmallVectorImpl<Remark> &remarks) {
  Block *body = forOp.getBody();
  LoopPlan plan;
  // The loads the body issues: no address may depend on one.
  llvm::SmallPtrSet<Operation *, 8> loads;
  for (Operation &op : *body)
    if (isa<tile::LoadOp, tile::DescriptorLoadOp>(op))
      loads.insert(&op);

  SmallVector<Prefetch> candidates;
  for (Operation &op : *body) {
    std::string why;
    FailureOr<Prefetch> p = failure();
    if (auto load = dyn_cast<tile::LoadOp>(op))
      p = asCpAsync(load, body, why);
    else if (auto load = dyn_cast<tile::DescriptorLoadOp>(op))
      p = asTMA(load, body, useTMA, why);
    else
      continue;
    if (succeeded(p))
      candidates.push_back(*p);
    else
      remarks.push_back({op.getLoc(), "load not prefetched: " + why});
  }

  llvm::SmallPtrSet<Operation *, 16> inStage0, chains;
  for (Prefetch &p : candidates) {
    std::string why;
    FailureOr<Slice> slice = sliceOf(p, forOp, loads, why);
    if (failed(slice)) {
      remarks.push_back({p.load->getLoc(), "load not prefetched: " + why});
      continue;
    }
    inStage0.insert(slice->ops.begin(), slice->ops.end());
    plan.stage0Args.insert(slice->args.begin(), slice->args.end());
    plan.prefetches.push_back(p);
  }
  if (plan.prefetches.empty()) {
    remarks.push_back({forOp.getLoc(),
                       "loop not pipelined: none of its loads can be "
                       "prefetched into shared memory"});
    return failure();
  }

  llvm::SmallPtrSet<Operation *, 8> allocs;
  for (Prefetch &p : plan.prefetches) {
    plan.hasTMA |= p.isTMA();
    plan.hasCpAsync |= !p.isTMA();
    chains.insert(p.load);
    chains.insert(p.between.begin(), p.between.end());
    chains.insert(p.alloc);
    allocs.insert(p.alloc);
    for (Operation *user : p.alloc->getUsers()) {
      plan.feedsWgmma |= isa<WarpGroupDotOp>(user);
      // A transposed view of the tile (shareTransposedTiles) feeds dots
      // too.
      if (isa<MemDescTransOp>(user))
        for (Operation *viewUser : user->getUsers())
          plan.feedsWgmma |= isa<WarpGroupDotOp>(viewUser);
    }
  }
  for (Operation &op : body->without_terminator())
    if (inStage0.contains(&op))
      plan.stage0.push_back(&op);
  SmallVector<unsigned> args(plan.stage0Args.begin(), plan.stage0Args.end());
  llvm::sort(args);
  plan.stage0Args.clear();
  plan.stage0Args.insert(args.begin(), args.end());
  planStage1(forOp, plan, chains);

  SmallVector<WarpGroupDotOp> dots(body->getOps<WarpGroupDotOp>());
  if (!dots.empty() && llvm::all_of(dots, [&](WarpGroupDotOp d) {
        return canRunAsync(d, forOp, allocs);
      }))
    plan.asyncDots = dots;
  return plan;
}
