//===- ScanOpToLLVM.cpp - tile.scan to LLVM and NVVM ------------*- C++ -*-===//
//
// An inclusive scan along an axis, in Triton's scheme and association order
// so that float results round as Triton's do:
//   1. within a thread, a sequential scan of each chunk of registers that
//      hold consecutive elements along the axis;
//   2. across lanes, a Hillis-Steele scan of each chunk's last element with
//      `shfl.sync.up` (distance 1, 2, 4, ... lanes along the axis);
//   3. across warps, each warp's total through the op's shared-memory
//      scratch, combined in warp order; with a single warp along the axis,
//      the running total of earlier register blocks goes from the last lane
//      to all with `shfl.sync.idx` instead;
//   4. the fix-up: each chunk's other elements take the prefix that ends
//      just before the thread (the previous lane's last element, from
//      `shfl.sync.up`).
// The layout is read from its linear form: along the axis, registers first
// (the chunk), then lanes, then warps, then registers again (blocks that
// repeat the CTA's tile). A reverse scan is the mirror image: chunks, lanes,
// warps and blocks walked from the end, shfl.sync.down for up, which is the
// association Triton gets from flipping the data before and after.
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

/// How a scan's source layout splits into the steps above.
struct ScanPlan {
  /// The registers each thread scans, per row (the elements that share every
  /// coordinate but the axis), per block along the axis, per position in the
  /// chunk, all in increasing axis order.
  SmallVector<SmallVector<SmallVector<int32_t>>> rows;
  /// For each register, the register that holds the same element and is
  /// scanned (itself unless the layout repeats elements in registers).
  SmallVector<int32_t> canonical;
  int32_t laneBitsLog2 = 0, warpBitsLog2 = 0;
  /// The lane bits along the axis are [laneAxisLo, laneAxisLo + laneAxisBits)
  /// of the lane id, in increasing axis order; likewise for warps.
  int32_t laneAxisLo = 0, laneAxisBits = 0;
  int32_t warpAxisLo = 0, warpAxisBits = 0;
  unsigned chunkSize = 1, numBlocks = 1;

  unsigned numChunks() const { return rows.size() * numBlocks; }
  int32_t parallelThreadsLog2() const {
    return laneBitsLog2 + warpBitsLog2 - laneAxisBits - warpAxisBits;
  }
};

/// Where a basis bit of the layout moves elements along the axis.
struct AxisBit {
  int32_t value;
  enum Kind { Register, Lane, Warp } kind;
  int32_t bit;
};

} // namespace

static FailureOr<ScanPlan> planScan(tile::ScanOp op) {
  auto srcType = cast<RankedTensorType>(op.getSrcs()[0].getType());
  std::optional<LinearLayout> ll = tilegpu::getLinearLayout(srcType);
  if (!ll)
    return op.emitError("operand has no tilegpu layout");
  for (Value s : op.getSrcs())
    if (tilegpu::getLinearLayout(s.getType()) != ll)
      return op.emitError("operands have different layouts");
  unsigned axis = op.getAxis();
  auto unsupported = [&]() {
    return op.emitError("scan along axis ")
           << axis << " of this layout is not supported: " << ll->toString();
  };

  ScanPlan plan;
  SmallVector<AxisBit> axisBits;
  auto bitsOf = [&](StringRef dim) {
    return ll->hasInDim(dim) ? ll->getInDimSizeLog2(dim) : 0;
  };
  int32_t regBits = bitsOf(tilegpu::kRegister);
  plan.laneBitsLog2 = bitsOf(tilegpu::kLane);
  plan.warpBitsLog2 = bitsOf(tilegpu::kWarp);
  int32_t regFree = 0;
  for (auto [kind, dim] :
       {std::pair{AxisBit::Register, StringRef(tilegpu::kRegister)},
        {AxisBit::Lane, StringRef(tilegpu::kLane)},
        {AxisBit::Warp, StringRef(tilegpu::kWarp)}}) {
    for (int32_t j = 0, e = bitsOf(dim); j < e; ++j) {
      ArrayRef<int32_t> basis = ll->getBasis(dim, j);
      int32_t along = basis[axis];
      bool across = llvm::any_of(llvm::enumerate(basis), [&](auto p) {
        return p.index() != axis && p.value() != 0;
      });
      if (along != 0 && (across || !llvm::isPowerOf2_32(along)))
        return unsupported();
      if (along != 0)
        axisBits.push_back({along, kind, j});
      else if (!across && kind == AxisBit::Register)
        regFree |= 1 << j;
    }
  }
  // Along the axis: chunk registers, lanes, warps, block registers, each
  // group contiguous in value; lanes and warps also contiguous in their id.
  llvm::sort(axisBits, [](const AxisBit &a, const AxisBit &b) {
    return a.value < b.value;
  });
  unsigned stage = 0; // 0 chunk, 1 lanes, 2 warps, 3 blocks
  int32_t expected = 1;
  int32_t chunkBits = 0, blockBits = 0;
  for (const AxisBit &a : axisBits) {
    if (a.value != expected)
      return unsupported();
    expected <<= 1;
    unsigned s = a.kind == AxisBit::Lane   ? 1
                 : a.kind == AxisBit::Warp ? 2
                 : stage == 0              ? 0
                                           : 3;
    if (s < stage)
      return unsupported();
    stage = s;
    switch (s) {
    case 0:
      ++chunkBits;
      break;
    case 1:
      if (plan.laneAxisBits == 0)
        plan.laneAxisLo = a.bit;
      else if (a.bit != plan.laneAxisLo + plan.laneAxisBits)
        return unsupported();
      ++plan.laneAxisBits;
      break;
    case 2:
      if (plan.warpAxisBits == 0)
        plan.warpAxisLo = a.bit;
      else if (a.bit != plan.warpAxisLo + plan.warpAxisBits)
        return unsupported();
      ++plan.warpAxisBits;
      break;
    default:
      ++blockBits;
      break;
    }
  }
  plan.chunkSize = 1u << chunkBits;
  plan.numBlocks = 1u << blockBits;
  int32_t blockShift = chunkBits + plan.laneAxisBits + plan.warpAxisBits;

  std::map<SmallVector<int32_t>, unsigned> rowIndex;
  for (int32_t r = 0; r < (1 << regBits); ++r) {
    plan.canonical.push_back(r & ~regFree);
    if (r & regFree)
      continue;
    SmallVector<int32_t> c = ll->hasInDim(tilegpu::kRegister)
                                 ? applyPositional(*ll, tilegpu::kRegister, r)
                                 : SmallVector<int32_t>(ll->getNumOutDims(), 0);
    int32_t pos = c[axis];
    c.erase(c.begin() + axis);
    auto [it, inserted] = rowIndex.try_emplace(c, plan.rows.size());
    if (inserted)
      plan.rows.push_back(SmallVector<SmallVector<int32_t>>(
          plan.numBlocks, SmallVector<int32_t>(plan.chunkSize, -1)));
    plan.rows[it->second][pos >> blockShift][pos & (plan.chunkSize - 1)] = r;
  }
  return plan;
}

/// Bytes of a slot of the cross-warp scratch: partials move as 32- or 64-bit
/// words, so that one predicated st.shared stores any element type.
static int64_t slotBytes(Type tensorType) {
  return getStorageBytes(getElementTypeOrSelf(tensorType)) <= 4 ? 4 : 8;
}

/// The integer type of the slot that holds `v`.
static Type slotType(OpBuilder &b, Value v) {
  if (isa<LLVM::LLVMPointerType>(v.getType()))
    return b.getI64Type();
  return v.getType().getIntOrFloatBitWidth() <= 32 ? b.getI32Type()
                                                   : b.getI64Type();
}

/// `v` as its slot word.
static Value toSlot(OpBuilder &b, Location loc, Value v) {
  Type t = v.getType(), word = slotType(b, v);
  if (isa<LLVM::LLVMPointerType>(t))
    return LLVM::PtrToIntOp::create(b, loc, word, v);
  unsigned bits = t.getIntOrFloatBitWidth();
  Type intType = b.getIntegerType(bits);
  Value i = t == intType ? v : LLVM::BitcastOp::create(b, loc, intType, v);
  return intType == word ? i : LLVM::ZExtOp::create(b, loc, word, i);
}

/// The value of type `t` a slot word holds.
static Value fromSlot(OpBuilder &b, Location loc, Value word, Type t) {
  if (isa<LLVM::LLVMPointerType>(t))
    return LLVM::IntToPtrOp::create(b, loc, t, word);
  unsigned bits = t.getIntOrFloatBitWidth();
  Type intType = b.getIntegerType(bits);
  Value i = intType == word.getType()
                ? word
                : LLVM::TruncOp::create(b, loc, intType, word);
  return t == intType ? i : LLVM::BitcastOp::create(b, loc, t, i);
}

/// Stores `v` at the shared `ptr` (a slot) in the threads where `pred`
/// holds: a predicated st.shared, so no branch splits the block (the scan may
/// sit in a structured loop whose body must stay one block).
static void storeSharedIf(OpBuilder &b, Location loc, Value pred, Value ptr,
                          Value v) {
  Value word = toSlot(b, loc, v);
  bool wide = word.getType().isInteger(64);
  std::string asmStr = std::string("@$0 st.shared.b") + (wide ? "64" : "32") +
                       " [ $1 + 0 ], $2;";
  LLVM::InlineAsmOp::create(
      b, loc, Type(), ValueRange{pred, ptr, word}, asmStr,
      wide ? "b,l,l" : "b,l,r", /*has_side_effects=*/true,
      /*is_align_stack=*/false, LLVM::tailcallkind::TailCallKind::None,
      LLVM::AsmDialectAttr::get(b.getContext(), LLVM::AsmDialect::AD_ATT),
      /*operand_attrs=*/ArrayAttr());
}

FailureOr<int64_t> tilec::gpu_to_llvm::getScanScratchBytes(tile::ScanOp op) {
  FailureOr<ScanPlan> plan = planScan(op);
  if (failed(plan))
    return failure();
  if (plan->warpAxisBits == 0)
    return 0;
  int64_t slots = int64_t(plan->numChunks())
                  << (plan->warpAxisBits + plan->parallelThreadsLog2());
  int64_t bytes = 0;
  for (Value s : op.getSrcs())
    bytes += llvm::alignTo(slots * slotBytes(s.getType()), 16);
  return bytes;
}

namespace {

struct ScanOpConversion : public ConvertOpToLLVMPattern<tile::ScanOp> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;

  LogicalResult
  matchAndRewrite(tile::ScanOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    FailureOr<ScanPlan> planOr = planScan(op);
    if (failed(planOr) || failed(verifyCombiner(op, op.getCombineOp())))
      return failure();
    const ScanPlan &plan = *planOr;
    Location loc = op.getLoc();
    OpBuilder &b = rewriter;
    bool reverse = op.getReverse();
    unsigned n = op.getSrcs().size();
    auto combine = [&](ArrayRef<Value> acc, ArrayRef<Value> cur) {
      return applyCombiner(op.getCombineOp(), b, acc, cur);
    };
    auto select = [&](Value cond, ArrayRef<Value> t, ArrayRef<Value> f) {
      SmallVector<Value> out;
      for (auto [x, y] : llvm::zip(t, f))
        out.push_back(LLVM::SelectOp::create(b, loc, cond, x, y));
      return out;
    };
    auto cst = [&](int64_t v) { return i32Const(b, loc, v); };

    // Element values: vals[register][operand].
    SmallVector<SmallVector<Value>> vals(plan.canonical.size());
    for (Value s : adaptor.getSrcs())
      for (auto [r, v] : llvm::enumerate(unpackElements(loc, s, rewriter)))
        vals[r].push_back(v);

    // Positions along the axis in scan order (mirrored for a reverse scan).
    Value tid = getThreadId(b, loc);
    Value lane =
        LLVM::AndOp::create(b, loc, tid, cst((1 << plan.laneBitsLog2) - 1));
    Value warp = LLVM::LShrOp::create(b, loc, tid, cst(plan.laneBitsLog2));
    int32_t scanDim = 1 << plan.laneAxisBits;
    int32_t axisWarps = 1 << plan.warpAxisBits;
    auto axisId = [&](Value id, int32_t lo, int32_t bits) -> Value {
      Value v =
          LLVM::AndOp::create(b, loc, LLVM::LShrOp::create(b, loc, id, cst(lo)),
                              cst((1 << bits) - 1));
      return reverse
                 ? Value(LLVM::XOrOp::create(b, loc, v, cst((1 << bits) - 1)))
                 : v;
    };
    Value laneIdAxis = axisId(lane, plan.laneAxisLo, plan.laneAxisBits);
    Value warpIdAxis = axisId(warp, plan.warpAxisLo, plan.warpAxisBits);
    // `v` from `d` lanes earlier along the axis, in scan order.
    auto shuffleUp = [&](ArrayRef<Value> v, int32_t d) {
      SmallVector<Value> out;
      for (Value x : v)
        out.push_back(shuffle(
            b, loc, x, reverse ? NVVM::ShflKind::down : NVVM::ShflKind::up,
            cst(d << plan.laneAxisLo)));
      return out;
    };
    auto chunkOf = [&](unsigned row, unsigned block) {
      ArrayRef<int32_t> regs = plan.rows[row][block];
      SmallVector<int32_t> out(regs);
      if (reverse)
        std::reverse(out.begin(), out.end());
      return out;
    };
    auto blockOrder = [&]() {
      SmallVector<unsigned> out;
      for (unsigned k = 0; k < plan.numBlocks; ++k)
        out.push_back(reverse ? plan.numBlocks - 1 - k : k);
      return out;
    };

    // 1. Within the thread, and 2. across lanes for the chunk's last element.
    for (unsigned row = 0; row < plan.rows.size(); ++row)
      for (unsigned block = 0; block < plan.numBlocks; ++block) {
        SmallVector<int32_t> chunk = chunkOf(row, block);
        for (unsigned k = 1; k < chunk.size(); ++k)
          vals[chunk[k]] = combine(vals[chunk[k - 1]], vals[chunk[k]]);
        SmallVector<Value> &last = vals[chunk.back()];
        for (int32_t i = 1; i < scanDim; i <<= 1) {
          SmallVector<Value> up = shuffleUp(last, i);
          Value take = LLVM::ICmpOp::create(b, loc, LLVM::ICmpPredicate::uge,
                                            laneIdAxis, cst(i));
          last = select(take, combine(up, last), last);
        }
      }

    Value isFirstLane = LLVM::ICmpOp::create(b, loc, LLVM::ICmpPredicate::eq,
                                             laneIdAxis, cst(0));
    Value isFirstWarp = LLVM::ICmpOp::create(b, loc, LLVM::ICmpPredicate::eq,
                                             warpIdAxis, cst(0));
    Value isFirstThread = LLVM::AndOp::create(b, loc, isFirstLane, isFirstWarp);
    // 4. The chunk's other elements combined with `prefix`, the value just
    // before the thread's chunk (nothing for the scan's first thread in its
    // first block).
    auto fixUp = [&](ArrayRef<int32_t> chunk, ArrayRef<Value> prefix,
                     bool firstBlock) {
      for (unsigned k = 0; k + 1 < chunk.size(); ++k) {
        SmallVector<Value> v = combine(prefix, vals[chunk[k]]);
        vals[chunk[k]] =
            firstBlock ? select(isFirstThread, vals[chunk[k]], v) : v;
      }
    };

    if (axisWarps > 1) {
      // 3. Across warps: the last lane along the axis stores each chunk's
      // warp total at [chunk][warp along the axis][thread across it].
      auto smemPtr = LLVM::LLVMPointerType::get(getContext(), 3);
      Value base = getScratchPointer(b, loc, op);
      auto removeBits = [&](Value v, int32_t lo, int32_t bits) -> Value {
        Value low = LLVM::AndOp::create(b, loc, v, cst((1 << lo) - 1));
        Value high = LLVM::ShlOp::create(
            b, loc, LLVM::LShrOp::create(b, loc, v, cst(lo + bits)), cst(lo));
        return LLVM::OrOp::create(b, loc, low, high);
      };
      int32_t laneParallelBits = plan.laneBitsLog2 - plan.laneAxisBits;
      Value parallelId = LLVM::OrOp::create(
          b, loc, removeBits(lane, plan.laneAxisLo, plan.laneAxisBits),
          LLVM::ShlOp::create(
              b, loc, removeBits(warp, plan.warpAxisLo, plan.warpAxisBits),
              cst(laneParallelBits)));
      int64_t slots = int64_t(plan.numChunks())
                      << (plan.warpAxisBits + plan.parallelThreadsLog2());
      SmallVector<Value> bases;
      int64_t offset = 0;
      for (Value s : op.getSrcs()) {
        bases.push_back(
            LLVM::GEPOp::create(b, loc, smemPtr, b.getI8Type(), base,
                                ArrayRef<LLVM::GEPArg>{int32_t(offset)}));
        offset += llvm::alignTo(slots * slotBytes(s.getType()), 16);
      }
      // slot = (chunk * axisWarps + w) << parallelBits | parallelId
      auto slotPtr = [&](unsigned s, Value w, unsigned chunk) -> Value {
        Value idx = LLVM::AddOp::create(b, loc, w, cst(chunk * axisWarps));
        idx = LLVM::ShlOp::create(b, loc, idx, cst(plan.parallelThreadsLog2()));
        idx = LLVM::OrOp::create(b, loc, idx, parallelId);
        return LLVM::GEPOp::create(b, loc, smemPtr, slotType(b, vals[0][s]),
                                   bases[s], ValueRange{idx});
      };
      auto chunkId = [&](unsigned row, unsigned block) {
        return row * plan.numBlocks + block;
      };
      // An earlier op may still be reading the buffer.
      NVVM::Barrier0Op::create(b, loc);
      Value isLastLane = LLVM::ICmpOp::create(b, loc, LLVM::ICmpPredicate::eq,
                                              laneIdAxis, cst(scanDim - 1));
      for (unsigned row = 0; row < plan.rows.size(); ++row)
        for (unsigned block = 0; block < plan.numBlocks; ++block) {
          int32_t last = chunkOf(row, block).back();
          for (unsigned s = 0; s < n; ++s) {
            Value ptr = slotPtr(s, warpIdAxis, chunkId(row, block));
            storeSharedIf(b, loc, isLastLane, ptr, vals[last][s]);
          }
        }
      NVVM::Barrier0Op::create(b, loc);
      for (unsigned row = 0; row < plan.rows.size(); ++row) {
        SmallVector<Value> acc, maskedAcc;
        bool firstBlock = true;
        for (unsigned block : blockOrder()) {
          SmallVector<int32_t> chunk = chunkOf(row, block);
          for (int32_t w = 0; w < axisWarps; ++w) {
            SmallVector<Value> partial;
            for (unsigned s = 0; s < n; ++s)
              partial.push_back(fromSlot(
                  b, loc,
                  LLVM::LoadOp::create(b, loc, slotType(b, vals[0][s]),
                                       slotPtr(s, cst(w), chunkId(row, block))),
                  vals[0][s].getType()));
            if (acc.empty()) {
              acc = maskedAcc = partial;
              continue;
            }
            acc = combine(acc, partial);
            Value before = LLVM::ICmpOp::create(
                b, loc, LLVM::ICmpPredicate::ugt, warpIdAxis, cst(w));
            maskedAcc = select(before, acc, maskedAcc);
          }
          SmallVector<Value> &last = vals[chunk.back()];
          SmallVector<Value> total = combine(maskedAcc, last);
          if (firstBlock)
            total = select(isFirstWarp, last, total);
          last = total;
          if (chunk.size() > 1) {
            SmallVector<Value> prefix = maskedAcc;
            if (scanDim > 1)
              prefix = select(isFirstLane, maskedAcc, shuffleUp(total, 1));
            fixUp(chunk, prefix, firstBlock);
          }
          maskedAcc = acc;
          firstBlock = false;
        }
      }
    } else if (plan.canonical.size() > 1) {
      // 3'. One warp along the axis: the total of earlier blocks is the
      // last lane's value.
      Value axisMask = cst(((1 << plan.laneAxisBits) - 1) << plan.laneAxisLo);
      Value lastLane =
          reverse ? Value(LLVM::AndOp::create(
                        b, loc, lane,
                        LLVM::XOrOp::create(b, loc, axisMask, cst(-1))))
                  : Value(LLVM::OrOp::create(b, loc, lane, axisMask));
      for (unsigned row = 0; row < plan.rows.size(); ++row) {
        SmallVector<Value> acc;
        bool firstBlock = true;
        SmallVector<unsigned> order = blockOrder();
        for (unsigned block : order) {
          SmallVector<int32_t> chunk = chunkOf(row, block);
          SmallVector<Value> &last = vals[chunk.back()];
          bool lastBlock = block == order.back();
          if (firstBlock)
            acc = last;
          else
            last = combine(acc, last);
          SmallVector<Value> prefix = last;
          if (scanDim > 1) {
            if (chunk.size() > 1)
              prefix = select(isFirstLane, acc, shuffleUp(last, 1));
            if (!lastBlock) {
              acc.clear();
              for (Value v : last)
                acc.push_back(
                    shuffle(b, loc, v, NVVM::ShflKind::idx, lastLane));
            }
          } else if (!lastBlock) {
            acc = last;
          }
          fixUp(chunk, prefix, firstBlock);
          firstBlock = false;
        }
      }
    }

    SmallVector<Value> results;
    for (unsigned s = 0; s < n; ++s) {
      SmallVector<Value> elems;
      for (int32_t c : plan.canonical)
        elems.push_back(vals[c][s]);
      results.push_back(packElements(
          loc, getTypeConverter()->convertType(op.getResult(s).getType()),
          elems, rewriter));
    }
    rewriter.replaceOp(op, results);
    return success();
  }
};

} // namespace

void tilec::gpu_to_llvm::populateScanOpToLLVMPatterns(
    TileGPUTypeConverter &converter, RewritePatternSet &patterns) {
  patterns.add<ScanOpConversion>(converter);
}
