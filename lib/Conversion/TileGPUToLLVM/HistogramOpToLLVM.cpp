//===- HistogramOpToLLVM.cpp - tile.histogram to LLVM -----------*- C++ -*-===//
//
// `tl.histogram` through the op's shared-memory scratch, one 32-bit counter
// per bin:
//   1. a barrier (an earlier op may still read these bytes), then the
//      threads zero the counters, thread t those at t, t + #threads, ...;
//   2. a barrier, then every element adds its mask bit to its bin with a
//      shared-memory atomic (`atom.shared.add`); an element held by several
//      threads or registers (a layout that repeats the tile) is added by one
//      of them, the holder whose repeated lane, warp and register bits are 0;
//   3. a barrier, then each thread reads the bins its result registers hold.
// The bin of a value is its low bits modulo max(num_bins, 32), as in
// Triton 3.6, whose warp-level algorithm pads the bins to a full warp and
// reads only those low bits: values in [num_bins, 32) count nowhere, larger
// ones wrap around. Triton takes ballots of those bits instead of atomics;
// the counts are the same.
//
//===----------------------------------------------------------------------===//

#include "Utility.h"

#include "Tile/IR/TileOps.h"

using namespace mlir;
using namespace tilec;
using namespace tilec::gpu_to_llvm;
using tilegpu::LinearLayout;

int64_t tilec::gpu_to_llvm::getHistogramScratchBytes(tile::HistogramOp op) {
  return op.getType().getNumElements() * 4;
}

namespace {

struct HistogramOpConversion
    : public ConvertOpToLLVMPattern<tile::HistogramOp> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;

  LogicalResult
  matchAndRewrite(tile::HistogramOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    std::optional<LinearLayout> srcLL =
        tilegpu::getLinearLayout(op.getSrc().getType());
    std::optional<LinearLayout> dstLL = tilegpu::getLinearLayout(op.getType());
    Type resultType = getTypeConverter()->convertType(op.getType());
    if (!srcLL || !dstLL || !resultType)
      return op.emitError("operand and result need tilegpu layouts");
    if (op.getMask() &&
        tilegpu::getLinearLayout(op.getMask().getType()) != srcLL)
      return op.emitError("mask and source must have the same layout");
    if (!op->hasAttr(kScratchOffsetAttr))
      return op.emitError("histogram has no shared-memory scratch; run "
                          "tilegpu-allocate-shared-memory");
    int64_t numBins = op.getType().getDimSize(0);
    int64_t numThreads = 1;
    for (StringRef dim : {tilegpu::kLane, tilegpu::kWarp})
      if (dstLL->hasInDim(dim))
        numThreads *= dstLL->getInDimSize(dim);

    Type i32 = rewriter.getI32Type();
    Value base = getScratchPointer(rewriter, loc, op);
    auto binPtr = [&](Value bin) -> Value {
      return LLVM::GEPOp::create(rewriter, loc, base.getType(), i32, base,
                                 ValueRange{bin});
    };
    Value zero = i32Const(rewriter, loc, 0);
    Value tid = getThreadId(rewriter, loc);

    // 1. Zero the counters; with fewer bins than threads, several threads
    // zero one counter.
    NVVM::Barrier0Op::create(rewriter, loc);
    for (int64_t i = 0; i < numBins; i += numThreads) {
      Value at =
          LLVM::AddOp::create(rewriter, loc, tid, i32Const(rewriter, loc, i));
      if (numBins < numThreads)
        at = LLVM::AndOp::create(rewriter, loc, tid,
                                 i32Const(rewriter, loc, numBins - 1));
      LLVM::StoreOp::create(rewriter, loc, zero, binPtr(at), 4);
    }
    NVVM::Barrier0Op::create(rewriter, loc);

    // 2. Count. Whether this thread is the one that counts the elements
    // its registers share with other threads.
    int32_t regFree = 0, laneFree = 0, warpFree = 0;
    for (auto &[name, mask] : srcLL->getFreeVariableMasks()) {
      if (name == tilegpu::kRegister)
        regFree = mask;
      else if (name == tilegpu::kLane)
        laneFree = mask;
      else if (name == tilegpu::kWarp)
        warpFree = mask;
    }
    int32_t laneBits = srcLL->hasInDim(tilegpu::kLane)
                           ? srcLL->getInDimSizeLog2(tilegpu::kLane)
                           : 0;
    int32_t threadFree = laneFree | (warpFree << laneBits);
    Value counts;
    if (threadFree) {
      Value repeated = LLVM::AndOp::create(rewriter, loc, tid,
                                           i32Const(rewriter, loc, threadFree));
      counts = LLVM::ICmpOp::create(rewriter, loc, LLVM::ICmpPredicate::eq,
                                    repeated, zero);
    }
    SmallVector<Value> values = unpackElements(loc, adaptor.getSrc(), rewriter);
    SmallVector<Value> masks;
    if (op.getMask())
      masks = unpackElements(loc, adaptor.getMask(), rewriter);
    int64_t span = std::max<int64_t>(numBins, 32);
    Value one = i32Const(rewriter, loc, 1);
    for (auto [r, v] : llvm::enumerate(values)) {
      if (int32_t(r) & regFree)
        continue;
      Value bin = LLVM::AndOp::create(rewriter, loc, v,
                                      i32Const(rewriter, loc, span - 1));
      Value take = counts;
      auto both = [&](Value a, Value c) -> Value {
        return a ? Value(LLVM::AndOp::create(rewriter, loc, a, c)) : c;
      };
      if (span > numBins)
        take = both(
            take, LLVM::ICmpOp::create(rewriter, loc, LLVM::ICmpPredicate::ult,
                                       bin, i32Const(rewriter, loc, numBins)));
      if (!masks.empty())
        take = both(take, masks[r]);
      Value add = one;
      if (take) {
        // An element that counts nowhere adds 0 to bin 0.
        add = LLVM::ZExtOp::create(rewriter, loc, i32, take);
        bin = LLVM::SelectOp::create(rewriter, loc, take, bin, zero);
      }
      LLVM::AtomicRMWOp::create(rewriter, loc, LLVM::AtomicBinOp::add,
                                binPtr(bin), add,
                                LLVM::AtomicOrdering::monotonic);
    }
    NVVM::Barrier0Op::create(rewriter, loc);

    // 3. Read the result.
    SmallVector<Value> out;
    for (SmallVector<Value> &coords : emitIndices(loc, rewriter, *dstLL))
      out.push_back(
          LLVM::LoadOp::create(rewriter, loc, i32, binPtr(coords.front()), 4));
    rewriter.replaceOp(op, packElements(loc, resultType, out, rewriter));
    return success();
  }
};

} // namespace

void tilec::gpu_to_llvm::populateHistogramOpToLLVMPatterns(
    TileGPUTypeConverter &converter, RewritePatternSet &patterns) {
  patterns.add<HistogramOpConversion>(converter);
}
