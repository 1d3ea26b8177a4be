//===- ReduceOpToLLVM.cpp - tile.reduce to LLVM and NVVM --------*- C++ -*-===//
//
// A reduction along an axis in three steps, each cloning the combining
// region per combine: within a thread over the registers that hold the same
// element of the result, across lanes with `shfl.sync.bfly` over the lane
// bits along the axis, and across warps through the op's shared-memory
// scratch (placed by tilegpu-allocate-shared-memory) when warp bits run along
// the axis. The results are in the
// slice layout of the source (or a scalar for a 1-D source).
//
//===----------------------------------------------------------------------===//

#include "Utility.h"

#include "Tile/IR/TileOps.h"

#include <map>

using namespace mlir;
using namespace tilec;
using namespace tilec::gpu_to_llvm;
using tilegpu::LinearLayout;

namespace {

/// How a reduction's source layout splits into the three steps.
struct ReducePlan {
  LinearLayout layout;
  unsigned axis = 0;
  /// For each register, the result element (key) it contributes to, or -1
  /// for a register that duplicates another one.
  SmallVector<int> regKey;
  /// The coordinates of each key (the source's without `axis`).
  SmallVector<SmallVector<int32_t>> keys;
  /// Lane bits whose basis runs along the axis.
  SmallVector<int32_t> laneBits;
  /// Warp bits whose basis runs along the axis, as a mask.
  unsigned warpAxisMask = 0;
  int32_t laneBitsLog2 = 0, warpBitsLog2 = 0;
};

} // namespace

static SmallVector<int32_t> dropAxis(ArrayRef<int32_t> c, unsigned axis) {
  SmallVector<int32_t> out(c);
  out.erase(out.begin() + axis);
  return out;
}

static FailureOr<ReducePlan> planReduce(tile::ReduceOp op) {
  auto srcType = cast<RankedTensorType>(op.getSrcs()[0].getType());
  std::optional<LinearLayout> ll = tilegpu::getLinearLayout(srcType);
  if (!ll)
    return op.emitError("operand has no tilegpu layout");
  for (Value s : op.getSrcs())
    if (tilegpu::getLinearLayout(s.getType()) != ll)
      return op.emitError("operands have different layouts");
  ReducePlan plan;
  plan.layout = *ll;
  plan.axis = op.getAxis();
  LinearLayout::Coords free = ll->getFreeVariableMasks();
  auto freeMask = [&](StringRef dim) {
    for (auto &[name, m] : free)
      if (name == dim)
        return m;
    return 0;
  };
  std::map<SmallVector<int32_t>, int> keyIndex;
  int32_t regs = ll->hasInDim(tilegpu::kRegister)
                     ? ll->getInDimSize(tilegpu::kRegister)
                     : 1;
  int32_t regFree = freeMask(tilegpu::kRegister);
  for (int32_t r = 0; r < regs; ++r) {
    if (r & regFree) {
      plan.regKey.push_back(-1);
      continue;
    }
    SmallVector<int32_t> c = ll->hasInDim(tilegpu::kRegister)
                                 ? applyPositional(*ll, tilegpu::kRegister, r)
                                 : SmallVector<int32_t>(ll->getNumOutDims(), 0);
    SmallVector<int32_t> key = dropAxis(c, plan.axis);
    auto [it, inserted] = keyIndex.try_emplace(key, plan.keys.size());
    if (inserted)
      plan.keys.push_back(key);
    plan.regKey.push_back(it->second);
  }
  for (StringRef dim : {tilegpu::kLane, tilegpu::kWarp}) {
    if (!ll->hasInDim(dim))
      continue;
    int32_t bits = ll->getInDimSizeLog2(dim);
    (dim == tilegpu::kLane ? plan.laneBitsLog2 : plan.warpBitsLog2) = bits;
    for (int32_t j = 0; j < bits; ++j) {
      ArrayRef<int32_t> basis = ll->getBasis(dim, j);
      bool zero = llvm::all_of(basis, [](int32_t v) { return v == 0; });
      if (zero)
        continue;
      if ((freeMask(dim) >> j) & 1)
        return op.emitError("reduction over a layout that duplicates data "
                            "across threads is not supported: ")
               << ll->toString();
      if (basis[plan.axis] == 0)
        continue;
      for (auto [d, v] : llvm::enumerate(basis))
        if (d != plan.axis && v != 0)
          return op.emitError("reduction over a layout whose ")
                 << dim << " bits mix the reduced axis with other dimensions "
                 << "is not supported: " << ll->toString();
      if (dim == tilegpu::kLane)
        plan.laneBits.push_back(j);
      else
        plan.warpAxisMask |= 1u << j;
    }
  }
  return plan;
}

FailureOr<int64_t>
tilec::gpu_to_llvm::getReduceScratchBytes(tile::ReduceOp op) {
  FailureOr<ReducePlan> plan = planReduce(op);
  if (failed(plan))
    return failure();
  if (!plan->warpAxisMask)
    return 0;
  int64_t slots = int64_t(plan->keys.size())
                  << (plan->laneBitsLog2 + plan->warpBitsLog2);
  int64_t bytes = 0;
  for (Value s : op.getSrcs())
    bytes += llvm::alignTo(
        slots * getStorageBytes(getElementTypeOrSelf(s.getType())), 16);
  return bytes;
}

namespace {

struct ReduceOpConversion : public ConvertOpToLLVMPattern<tile::ReduceOp> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;

  LogicalResult
  matchAndRewrite(tile::ReduceOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    FailureOr<ReducePlan> plan = planReduce(op);
    if (failed(plan))
      return failure();
    Location loc = op.getLoc();
    unsigned n = op.getSrcs().size();
    if (failed(verifyCombiner(op, op.getCombineOp())))
      return failure();

    SmallVector<SmallVector<Value>> srcs;
    for (Value s : adaptor.getSrcs())
      srcs.push_back(unpackElements(loc, s, rewriter));

    // 1. Within the thread.
    SmallVector<SmallVector<Value>> acc(plan->keys.size());
    for (auto [r, k] : llvm::enumerate(plan->regKey)) {
      if (k < 0)
        continue;
      SmallVector<Value> cur;
      for (unsigned s = 0; s < n; ++s)
        cur.push_back(srcs[s][r]);
      acc[k] = acc[k].empty()
                   ? cur
                   : applyCombiner(op.getCombineOp(), rewriter, acc[k], cur);
    }

    // 2. Across lanes.
    for (int32_t j : plan->laneBits)
      for (auto &a : acc) {
        SmallVector<Value> other;
        for (Value v : a)
          other.push_back(shuffleXor(rewriter, loc, v, 1 << j));
        a = applyCombiner(op.getCombineOp(), rewriter, a, other);
      }

    // 3. Across warps, through shared memory.
    if (plan->warpAxisMask) {
      auto smemPtr = LLVM::LLVMPointerType::get(getContext(), 3);
      Value base = getScratchPointer(rewriter, loc, op);
      Value tid = getThreadId(rewriter, loc);
      Value lane = LLVM::AndOp::create(
          rewriter, loc, tid,
          i32Const(rewriter, loc, (1 << plan->laneBitsLog2) - 1));
      Value warp = LLVM::LShrOp::create(
          rewriter, loc, tid, i32Const(rewriter, loc, plan->laneBitsLog2));
      int64_t numKeys = plan->keys.size();
      int64_t slots = numKeys << (plan->laneBitsLog2 + plan->warpBitsLog2);
      SmallVector<Value> bases;
      int64_t offset = 0;
      for (Value s : op.getSrcs()) {
        bases.push_back(
            LLVM::GEPOp::create(rewriter, loc, smemPtr, rewriter.getI8Type(),
                                base, ArrayRef<LLVM::GEPArg>{int32_t(offset)}));
        offset += llvm::alignTo(
            slots * getStorageBytes(getElementTypeOrSelf(s.getType())), 16);
      }
      // slot = (w * numKeys + k) * lanes + lane
      auto slotPtr = [&](unsigned s, Value w, int64_t k) -> Value {
        Value idx = LLVM::MulOp::create(rewriter, loc, w,
                                        i32Const(rewriter, loc, numKeys));
        idx =
            LLVM::AddOp::create(rewriter, loc, idx, i32Const(rewriter, loc, k));
        idx = LLVM::ShlOp::create(rewriter, loc, idx,
                                  i32Const(rewriter, loc, plan->laneBitsLog2));
        idx = LLVM::AddOp::create(rewriter, loc, idx, lane);
        return LLVM::GEPOp::create(rewriter, loc, smemPtr, acc[k][s].getType(),
                                   bases[s], ValueRange{idx});
      };
      // An earlier reduction may still be reading the buffer.
      NVVM::Barrier0Op::create(rewriter, loc);
      for (int64_t k = 0; k < numKeys; ++k)
        for (unsigned s = 0; s < n; ++s)
          LLVM::StoreOp::create(rewriter, loc, acc[k][s], slotPtr(s, warp, k));
      NVVM::Barrier0Op::create(rewriter, loc);
      Value others = LLVM::AndOp::create(
          rewriter, loc, warp, i32Const(rewriter, loc, ~plan->warpAxisMask));
      unsigned axisWarps = 1u << llvm::popcount(plan->warpAxisMask);
      if (int32_t(plan->laneBits.size()) == plan->laneBitsLog2 &&
          axisWarps <= (1u << plan->laneBitsLog2)) {
        // Every lane of a warp holds the warp's partial, so lane l can fetch
        // the partial of the (l mod W)-th warp along the axis, and W - 1
        // butterfly shuffles over the low lane bits combine them in every
        // lane: one shared-memory load per key instead of W, and W fewer
        // registers live at once.
        Value m = i32Const(rewriter, loc, 0);
        unsigned t = 0;
        for (unsigned j = 0; j < 32; ++j) {
          if (!((plan->warpAxisMask >> j) & 1))
            continue;
          Value bit = LLVM::AndOp::create(
              rewriter, loc,
              LLVM::LShrOp::create(rewriter, loc, lane,
                                   i32Const(rewriter, loc, t++)),
              i32Const(rewriter, loc, 1));
          m = LLVM::OrOp::create(
              rewriter, loc, m,
              LLVM::ShlOp::create(rewriter, loc, bit,
                                  i32Const(rewriter, loc, j)));
        }
        Value w = LLVM::OrOp::create(rewriter, loc, others, m);
        for (int64_t k = 0; k < numKeys; ++k) {
          SmallVector<Value> cur;
          for (unsigned s = 0; s < n; ++s)
            cur.push_back(LLVM::LoadOp::create(
                rewriter, loc, acc[k][s].getType(), slotPtr(s, w, k)));
          for (unsigned b = 1; b < axisWarps; b <<= 1) {
            SmallVector<Value> other;
            for (Value v : cur)
              other.push_back(shuffleXor(rewriter, loc, v, b));
            cur = applyCombiner(op.getCombineOp(), rewriter, cur, other);
          }
          acc[k] = cur;
        }
      } else {
        for (int64_t k = 0; k < numKeys; ++k) {
          SmallVector<Value> result;
          for (unsigned m = 0; m < (1u << plan->warpBitsLog2); ++m) {
            if (m & ~plan->warpAxisMask)
              continue;
            Value w = LLVM::OrOp::create(rewriter, loc, others,
                                         i32Const(rewriter, loc, m));
            SmallVector<Value> cur;
            for (unsigned s = 0; s < n; ++s)
              cur.push_back(LLVM::LoadOp::create(
                  rewriter, loc, acc[k][s].getType(), slotPtr(s, w, k)));
            result = result.empty() ? cur
                                    : applyCombiner(op.getCombineOp(), rewriter,
                                                    result, cur);
          }
          acc[k] = result;
        }
      }
    }

    // The results, in the slice layout.
    auto srcType = cast<RankedTensorType>(op.getSrcs()[0].getType());
    if (srcType.getRank() == 1) {
      rewriter.replaceOp(op, acc.front());
      return success();
    }
    Type resType = op.getResult(0).getType();
    std::optional<LinearLayout> resLL = tilegpu::getLinearLayout(resType);
    if (!resLL)
      return op.emitError("result has no tilegpu layout");
    for (StringRef dim : {tilegpu::kLane, tilegpu::kWarp}) {
      if (!resLL->hasInDim(dim) || !plan->layout.hasInDim(dim) ||
          resLL->getInDimSizeLog2(dim) != plan->layout.getInDimSizeLog2(dim))
        return op.emitError("result layout is not the slice of the operand's");
      for (int32_t j = 0, e = resLL->getInDimSizeLog2(dim); j < e; ++j)
        if (SmallVector<int32_t>(resLL->getBasis(dim, j)) !=
            dropAxis(plan->layout.getBasis(dim, j), plan->axis))
          return op.emitError("result layout is not the slice of the "
                              "operand's");
    }
    std::map<SmallVector<int32_t>, unsigned> keyIndex;
    for (auto [i, k] : llvm::enumerate(plan->keys))
      keyIndex[k] = i;
    SmallVector<Value> results;
    for (unsigned s = 0; s < n; ++s) {
      SmallVector<Value> elems;
      for (int32_t r = 0, e = resLL->getInDimSize(tilegpu::kRegister); r < e;
           ++r) {
        auto it = keyIndex.find(applyPositional(*resLL, tilegpu::kRegister, r));
        if (it == keyIndex.end())
          return op.emitError("result layout holds elements the operand's "
                              "threads do not reduce");
        elems.push_back(acc[it->second][s]);
      }
      results.push_back(packElements(
          loc, getTypeConverter()->convertType(op.getResult(s).getType()),
          elems, rewriter));
    }
    rewriter.replaceOp(op, results);
    return success();
  }
};

} // namespace

void tilec::gpu_to_llvm::populateReduceOpToLLVMPatterns(
    TileGPUTypeConverter &converter, RewritePatternSet &patterns) {
  patterns.add<ReduceOpConversion>(converter);
}
