//===- AccelerateDot.cpp - Tensor-core layouts for tile.dot -----*- C++ -*-===//
//
// The tilegpu-accelerate-dot pass. A tensor core multiplies fragments that
// live in fixed registers of fixed lanes; the operands of a `tile.dot` have
// to arrive in exactly those places, and its accumulator stays there between
// iterations. This pass chooses the instruction and the warp tiling and
// states it as layouts: the result and accumulator get an `#tilegpu.mma`
// layout, the operands the matching `#tilegpu.dot_op` layouts, with
// conversions in and out; layout propagation then keeps the accumulator in
// the mma layout across the loop, and the lowering emits one instruction per
// fragment.
//
// On sm_90a (the `wgmma` option) a dot whose tile is whole warpgroup tiles
// becomes a `tilegpu.warp_group_dot`: wgmma reads both operands from shared
// memory, so they are stored there (`tilegpu.local_alloc`) in a swizzled
// layout that keeps the order their loads read them in; the pipelining pass
// later turns those stores into asynchronous copies. Elsewhere mma.sync
// (compute capability 8.0 and up): m16n8k16 for f16 and bf16 operands with
// an f32 or f16 accumulator (f16 for `out_dtype=tl.float16`), m16n8k8 for
// f32 operands as tf32, m16n8k32 for i8 operands with an i32 accumulator.
// 16-bit mma.sync operands go through swizzled shared memory (`local_alloc`,
// then `local_load` into the operand layout, lowered to ldmatrix), which
// also lets tilegpu-pipeline prefetch them with cp.async; the rest are
// converted in registers' layouts through the conversion's scratch.
//
// One exception: an A operand computed in registers from an earlier
// wgmma's accumulator (attention's P = softmax(QK^T), cast to f16 or bf16,
// feeding P.V) stays in registers, in the `#tilegpu.dot_op` layout of
// operand 0, when that layout places every element in the thread that holds
// it in the accumulator layout: the conversion is then a renaming of
// registers, and wgmma takes A from registers (no store to shared memory,
// no barriers). An A operand loaded from memory keeps the shared path, which
// tilegpu-pipeline prefetches.
//
// fp8 dots (e4m3 and e5m2 operands, mixed or not) take wgmma on sm_90a, with
// both operands stored K-major (fp8 wgmma cannot transpose: the local_alloc
// transposes an operand loaded along M or N, as Triton's does); elsewhere,
// as in Triton, their operands are converted to fp16 (exactly) and the dot
// takes mma.sync. fp8e4nv below sm_89 is refused: Triton cannot convert it.
//
// fp32 dots with input_precision="ieee", and fp64 dots, use no tensor core:
// as in Triton (for fp64, Triton's choice outside sm_80 and sm_90, where it
// takes DMMA), they are an outer-product FMA loop over K in registers. The accumulator
// keeps a blocked layout; each operand gets the same blocked layout with
// the whole K dimension in every thread's registers, so that the lanes and
// warps that differ along the other dimension hold copies (a broadcast):
// each thread then has, for every accumulator element it owns, its row of A
// and its column of B.
//
// fp32 dots with input_precision="tf32x3" are first split as Triton splits
// them (3xTF32): each operand x becomes big = x rounded to tf32 (to nearest,
// ties away: cvt.rna) and small = x - big, and the dot becomes
//   d1 = small_a * big_b (from zero), d2 = big_a * small_b + d1,
//   d3 = big_a * big_b + (d2 with NaN replaced by 0), d = d3 + c,
// three tf32 dots that then take the mma.sync path (the NaN reset keeps an
// infinite product from turning the correction terms into NaN). Other dots
// are left as they are, and the lowering refuses them by name.
//
//===----------------------------------------------------------------------===//

#include "TileGPU/Transforms/Passes.h"

#include "LayoutPropagation.h"

#include "Tile/IR/TileOps.h"
#include "TileGPU/IR/TileGPUOps.h"
#include "TileGPU/IR/WarpGroupDotAttrs.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/TypeUtilities.h"

#include "llvm/Support/Debug.h"

#define DEBUG_TYPE "tilegpu-accelerate-dot"

namespace tilec::tilegpu {
#define GEN_PASS_DEF_TILEGPUACCELERATEDOT
#include "TileGPU/Transforms/Passes.h.inc"
} // namespace tilec::tilegpu

using namespace mlir;
using namespace tilec;
using namespace tilec::tilegpu;

namespace {

struct AccelerateDotPass
    : public tilegpu::impl::TileGPUAccelerateDotBase<AccelerateDotPass> {
  using Base::Base;
  void runOnOperation() override;
};

} // namespace

/// Whether an mma.sync m16n8kK computes `dot` as written: 2-D operands of
/// one type and a tile made of whole instruction tiles (M a multiple of 16,
/// N of 8, K of the instruction's K), with f16 or bf16 operands and an f32
/// accumulator or f16 operands and an f16 accumulator (m16n8k16), f32
/// operands with an f32 accumulator and tf32 precision (m16n8k8), or i8
/// operands with an i32 accumulator (m16n8k32).
static bool isMmaV2Candidate(tile::DotOp dot) {
  auto a = cast<RankedTensorType>(dot.getA().getType());
  auto b = cast<RankedTensorType>(dot.getB().getType());
  auto c = cast<RankedTensorType>(dot.getC().getType());
  if (a.getRank() != 2 || a.getElementType() != b.getElementType())
    return false;
  Type e = a.getElementType(), acc = c.getElementType();
  int64_t k;
  if ((e.isF16() || e.isBF16()) && acc.isF32())
    k = 16;
  else if (e.isF16() && acc.isF16())
    k = 16;
  else if (e.isF32() && acc.isF32() &&
           dot.getInputPrecision() == tile::InputPrecision::TF32)
    k = 8;
  else if (e.isInteger(8) && acc.isInteger(32))
    k = 32;
  else
    return false;
  return a.getShape()[0] % 16 == 0 && a.getShape()[1] % k == 0 &&
         b.getShape()[1] % 8 == 0;
}

/// Whether `dot` is computed with FMAs: a 2-D fp32 dot with
/// input_precision="ieee", or a 2-D fp64 dot (Triton takes DMMA for fp64 on
/// sm_80 and sm_90 and FMAs elsewhere; both round each product-sum in
/// fp64, in a different order).
static bool isFmaCandidate(tile::DotOp dot) {
  auto a = cast<RankedTensorType>(dot.getA().getType());
  auto b = cast<RankedTensorType>(dot.getB().getType());
  auto c = cast<RankedTensorType>(dot.getC().getType());
  Type e = a.getElementType();
  if (a.getRank() != 2 || b.getElementType() != e || c.getElementType() != e)
    return false;
  return e.isF64() ||
         (e.isF32() && dot.getInputPrecision() == tile::InputPrecision::IEEE);
}

/// Gives an FMA dot its layouts (file comment): the accumulator a blocked
/// layout (its own when it has one), operand A the same layout with K
/// whole in registers ([sizePerThread[0], K]), operand B likewise
/// ([K, sizePerThread[1]]).
static void assignFmaLayouts(tile::DotOp dot, unsigned numWarps) {
  MLIRContext *ctx = dot.getContext();
  auto aType = cast<RankedTensorType>(dot.getA().getType());
  auto bType = cast<RankedTensorType>(dot.getB().getType());
  auto cType = cast<RankedTensorType>(dot.getC().getType());
  auto blocked = dyn_cast_or_null<BlockedEncodingAttr>(cType.getEncoding());
  if (!blocked)
    blocked = BlockedEncodingAttr::getDefault(ctx, cType.getShape(), numWarps);
  int64_t k = aType.getShape()[1];
  ArrayRef<unsigned> spt = blocked.getSizePerThread();
  auto operandLayout = [&](unsigned sptM, unsigned sptN) {
    return BlockedEncodingAttr::get(
        ctx, {sptM, sptN}, blocked.getThreadsPerWarp(),
        blocked.getWarpsPerCTA(), blocked.getOrder());
  };
  auto withLayout = [](RankedTensorType t, Attribute layout) {
    return RankedTensorType::get(t.getShape(), t.getElementType(), layout);
  };
  OpBuilder b(dot);
  Location loc = dot.getLoc();
  auto convert = [&](Value v, RankedTensorType to) -> Value {
    if (v.getType() == to)
      return v;
    return ConvertLayoutOp::create(b, loc, to, v);
  };
  Value a = convert(dot.getA(),
                    withLayout(aType, operandLayout(spt[0], unsigned(k))));
  Value bv = convert(dot.getB(),
                     withLayout(bType, operandLayout(unsigned(k), spt[1])));
  Value c = convert(dot.getC(), withLayout(cType, blocked));
  dot.getAMutable().assign(a);
  dot.getBMutable().assign(bv);
  dot.getCMutable().assign(c);
  Type oldType = dot.getType();
  if (oldType == c.getType())
    return;
  dot.getResult().setType(cast<RankedTensorType>(c.getType()));
  b.setInsertionPointAfter(dot);
  auto back = ConvertLayoutOp::create(b, loc, oldType, dot.getResult());
  dot.getResult().replaceAllUsesExcept(back, back);
}

/// `x` (an f32 tensor) rounded to tf32 as cvt.rna.tf32.f32 rounds it: add
/// half a tf32 ulp to the magnitude bits and clear the 13 bits tf32 drops
/// (ties go away from zero); NaN stays as it is (its payload could carry
/// into the sign).
static Value roundToTF32(OpBuilder &b, Location loc, Value x) {
  auto type = cast<RankedTensorType>(x.getType());
  auto intType = type.clone(b.getI32Type());
  auto splat = [&](int32_t v) -> Value {
    return arith::ConstantOp::create(
        b, loc, DenseElementsAttr::get(intType, b.getI32IntegerAttr(v)));
  };
  Value bits = tile::BitcastOp::create(b, loc, intType, x);
  Value rounded = arith::AndIOp::create(
      b, loc, arith::AddIOp::create(b, loc, bits, splat(0x1000)),
      splat(int32_t(0xffffe000)));
  Value big = tile::BitcastOp::create(b, loc, type, rounded);
  Value isNan = arith::CmpFOp::create(b, loc, arith::CmpFPredicate::UNO, x, x);
  return arith::SelectOp::create(b, loc, isNan, x, big);
}

/// Replaces a tf32x3 `dot` by its three tf32 dots (file comment).
static void splitTF32x3(tile::DotOp dot) {
  OpBuilder b(dot);
  Location loc = dot.getLoc();
  Value a = dot.getA(), bv = dot.getB(), c = dot.getC();
  Value aBig = roundToTF32(b, loc, a);
  Value aSmall = arith::SubFOp::create(b, loc, a, aBig);
  Value bBig = roundToTF32(b, loc, bv);
  Value bSmall = arith::SubFOp::create(b, loc, bv, bBig);
  auto cType = cast<RankedTensorType>(c.getType());
  Value zero = arith::ConstantOp::create(
      b, loc, DenseElementsAttr::get(cType, b.getF32FloatAttr(0.0f)));
  auto tf32Dot = [&](Value x, Value y, Value acc) -> Value {
    return tile::DotOp::create(b, loc, cType, x, y, acc,
                               tile::InputPrecision::TF32,
                               dot.getMaxNumImpreciseAcc());
  };
  Value d1 = tf32Dot(aSmall, bBig, zero);
  Value d2 = tf32Dot(aBig, bSmall, d1);
  Value isNan =
      arith::CmpFOp::create(b, loc, arith::CmpFPredicate::UNO, d2, d2);
  Value d2z = arith::SelectOp::create(b, loc, isNan, zero, d2);
  Value d3 = tf32Dot(aBig, bBig, d2z);
  Value sum = arith::AddFOp::create(b, loc, d3, c);
  dot.replaceAllUsesWith(sum);
  dot.erase();
}

/// Warps over the [M, N] tile: doubled along whichever dimension has more
/// instruction tiles left per warp (16 rows, 8 columns per instruction), so
/// that each warp's part stays as square as the tile allows.
static SmallVector<unsigned> getWarpsPerCTA(ArrayRef<int64_t> shape,
                                            unsigned numWarps) {
  unsigned wm = 1, wn = 1;
  while (wm * wn < numWarps) {
    int64_t leftM = shape[0] / (16 * wm), leftN = shape[1] / (8 * wn);
    if (leftM >= leftN && leftM > 1)
      wm *= 2;
    else if (leftN > 1)
      wn *= 2;
    else
      wm *= 2; // More warps than tiles: the extra ones hold copies.
  }
  return {wm, wn};
}

/// How wgmma would compute a dot: the accumulator layout and, per operand,
/// its shared layout.
struct WgmmaPlan {
  MmaEncodingAttr mma;
  SharedEncodingAttr sharedA, sharedB;
};

/// `v` before the layout conversions that lead to it: what is stored to
/// shared memory, in whatever layout it was computed.
static Value stripConversions(Value v) {
  while (auto cvt = v.getDefiningOp<ConvertLayoutOp>())
    v = cvt.getSrc();
  return v;
}

/// The order in which a tensor's loads read it (contiguous dimension
/// first): its blocked layout's, else row-major. A transposed tile
/// (attention's `tl.trans(k)`) has its source's order, permuted: stored
/// that way, its local_alloc is its source's load copied as it arrives
/// (a cp.async ring once pipelined) and wgmma reads it K-major, instead of
/// a transpose in registers through the conversion scratch.
static SmallVector<unsigned> getAccessOrder(Value v) {
  if (auto trans = v.getDefiningOp<tile::TransOp>()) {
    SmallVector<unsigned> srcOrder =
        getAccessOrder(stripConversions(trans.getSrc()));
    ArrayRef<int32_t> perm = trans.getOrder();
    SmallVector<unsigned> order;
    for (unsigned s : srcOrder)
      order.push_back(unsigned(llvm::find(perm, int32_t(s)) - perm.begin()));
    return order;
  }
  auto type = cast<RankedTensorType>(v.getType());
  // A bulk tensor copy lands row-major (tilegpu::getTMASharedType), so the
  // operand is stored where it lands.
  if (v.getDefiningOp<tile::DescriptorLoadOp>())
    return {1, 0};
  if (auto blocked = dyn_cast_or_null<BlockedEncodingAttr>(type.getEncoding()))
    return SmallVector<unsigned>(blocked.getOrder());
  return {1, 0};
}

/// A shared layout for `v` that wgmma can read: the widest swizzle its
/// contiguous dimension fills (wgmma's descriptors need at least 32 bytes).
/// `kMajor`: the contiguous dimension must be K (dimension `kDim`), as fp8
/// wgmma requires (it cannot transpose 8-bit operands): the local_alloc then
/// transposes an operand whose loads read it along M or N, as Triton does.
static std::optional<SharedEncodingAttr>
getWgmmaSharedLayout(Value v, bool kMajor = false, unsigned kDim = 0) {
  auto type = cast<RankedTensorType>(v.getType());
  SmallVector<unsigned> order = getAccessOrder(v);
  if (kMajor)
    order = {kDim, 1 - kDim};
  int64_t rowBytes = type.getShape()[order[0]] *
                     type.getElementType().getIntOrFloatBitWidth() / 8;
  if (rowBytes < 32)
    return std::nullopt;
  unsigned swizzle = unsigned(std::min<int64_t>(128, rowBytes));
  return SharedEncodingAttr::get(v.getContext(), swizzle, order);
}

static bool isFp8(Type t) { return isa<Float8E4M3FNType, Float8E5M2Type>(t); }

/// Whether both operands of `dot` are fp8 (of either format: Triton lets
/// e4m3 and e5m2 mix).
static bool isFp8Dot(tile::DotOp dot) {
  return isFp8(getElementTypeOrSelf(dot.getA().getType())) &&
         isFp8(getElementTypeOrSelf(dot.getB().getType()));
}

/// The wgmma plan for `dot`, if wgmma computes it: f16 or bf16 operands of
/// one type (m64nNk16) or fp8 operands (m64nNk32, both stored K-major), an
/// f32 accumulator, power-of-two tiles of whole 64-row warpgroup tiles, and
/// whole warpgroups. As in Triton, an fp8 dot whose max_num_imprecise_acc
/// is below 32 does not use wgmma.
static std::optional<WgmmaPlan> getWgmmaPlan(tile::DotOp dot,
                                             unsigned numWarps) {
  auto a = cast<RankedTensorType>(dot.getA().getType());
  auto b = cast<RankedTensorType>(dot.getB().getType());
  auto c = cast<RankedTensorType>(dot.getC().getType());
  bool fp8 = isFp8Dot(dot);
  if (a.getRank() != 2 || (!fp8 && a.getElementType() != b.getElementType()) ||
      !c.getElementType().isF32() || numWarps % 4 != 0)
    return std::nullopt;
  Type e = a.getElementType();
  if (!fp8 && !e.isF16() && !e.isBF16())
    return std::nullopt;
  if (fp8 && dot.getMaxNumImpreciseAcc() < 32)
    return std::nullopt;
  int64_t m = c.getShape()[0], n = c.getShape()[1], k = a.getShape()[1];
  for (int64_t size : {m, n, k})
    if (!llvm::isPowerOf2_64(size))
      return std::nullopt;
  if (m % 64 != 0 || k % (fp8 ? 32 : 16) != 0)
    return std::nullopt;
  // Warpgroups along M first (each 64 rows), the rest along N.
  unsigned wm = 4 * unsigned(std::min<int64_t>(numWarps / 4, m / 64));
  unsigned wn = numWarps / wm;
  int64_t perWarpN = n / wn;
  if (perWarpN < 8)
    return std::nullopt;
  unsigned instrN = unsigned(std::min<int64_t>(256, perWarpN));
  std::optional<SharedEncodingAttr> sa =
      getWgmmaSharedLayout(stripConversions(dot.getA()), fp8, /*kDim=*/1);
  std::optional<SharedEncodingAttr> sb =
      getWgmmaSharedLayout(stripConversions(dot.getB()), fp8, /*kDim=*/0);
  if (!sa || !sb)
    return std::nullopt;
  MLIRContext *ctx = dot.getContext();
  return WgmmaPlan{MmaEncodingAttr::get(ctx, 3, instrN, {wm, wn}), *sa, *sb};
}

/// A shared layout from which ldmatrix can read the 16-bit mma.sync operand
/// `v` (a tensor as its loads produce it), or std::nullopt. ldmatrix reads
/// rows of 8 elements (16 bytes) along the contiguous dimension, either
/// dimension of the operand (`.trans` when it is not K), so that dimension
/// needs 16 bytes. The swizzle is the widest the row fills: the 128-, 64-
/// and 32-byte patterns of sharedSwizzledLayout put the 8 rows of any 8 x
/// 16-byte block in distinct bank groups, and unswizzled 16-byte rows are
/// 8 consecutive bank groups already. The layout constructor asserts
/// power-of-two shapes, which every tilegpu tensor has; checked all the same.
static std::optional<SharedEncodingAttr> getLdmatrixSharedLayout(Value v) {
  auto type = cast<RankedTensorType>(v.getType());
  if (type.getRank() != 2 ||
      type.getElementType().getIntOrFloatBitWidth() != 16)
    return std::nullopt;
  for (int64_t size : type.getShape())
    if (!llvm::isPowerOf2_64(size))
      return std::nullopt;
  SmallVector<unsigned> order = getAccessOrder(v);
  int64_t rowBytes = type.getShape()[order[0]] * 2;
  if (rowBytes < 16)
    return std::nullopt;
  unsigned swizzle =
      rowBytes < 32 ? 0 : unsigned(std::min<int64_t>(128, rowBytes));
  return SharedEncodingAttr::get(v.getContext(), swizzle, order);
}

/// Gives an fp8 dot that wgmma does not compute fp16 operands, as Triton
/// does for mma.sync (where fp8 mma.sync is not native: every target but
/// sm_89, whose fp8 mma.sync tilec does not use either): the conversion is
/// exact. fp8e4nv converts only from sm_89 on, so below that the dot is
/// refused, as Triton cannot compile it either.
static LogicalResult promoteFp8Operands(tile::DotOp dot, unsigned cc) {
  auto isE4 = [](Value v) {
    return isa<Float8E4M3FNType>(getElementTypeOrSelf(v.getType()));
  };
  if (cc < 89 && (isE4(dot.getA()) || isE4(dot.getB())))
    return emitError(
               dot.getLoc(),
               "'tl.dot' with fp8e4nv operands needs compute capability 8.9 "
               "or higher: below it, Triton 3.6 converts fp8 operands to fp16 "
               "for mma.sync, and fp8e4nv converts only from sm_89 on; the "
               "target is sm_")
           << cc;
  OpBuilder b(dot);
  auto promote = [&](Value v) -> Value {
    auto type = cast<RankedTensorType>(v.getType());
    return tile::FpToFpOp::create(b, dot.getLoc(), type.clone(b.getF16Type()),
                                  v, tile::RoundingModeAttr());
  };
  Value a = promote(dot.getA());
  Value bv = promote(dot.getB());
  dot.getAMutable().assign(a);
  dot.getBMutable().assign(bv);
  return success();
}

/// Where the shared copy of `dot`'s operand `v` goes: before the outermost
/// of the loops around `dot` that do not define `v`, so that an operand the
/// loops do not change (attention's Q) is stored once, not once per
/// iteration; else right before `dot`.
static Operation *getHoistPoint(Operation *dot, Value v) {
  Operation *at = dot;
  auto loop = dyn_cast<scf::ForOp>(at->getParentOp());
  while (loop && !loop.getRegion().isAncestor(v.getParentRegion())) {
    at = loop;
    loop = dyn_cast<scf::ForOp>(at->getParentOp());
  }
  return at;
}

/// The type of `dot`'s A operand held in registers for wgmma `mma`.
static RankedTensorType getRegisterAType(tile::DotOp dot, MmaEncodingAttr mma) {
  auto aType = cast<RankedTensorType>(dot.getA().getType());
  auto layout = DotOperandEncodingAttr::get(dot.getContext(), /*opIdx=*/0, mma,
                                            /*elemBits=*/16);
  return RankedTensorType::get(aType.getShape(), aType.getElementType(),
                               layout);
}

/// Whether wgmma `mma` should read `dot`'s A operand from registers (file
/// comment): it is f16 or bf16, and it is computed, through elementwise
/// ops, broadcasts and reductions (attention's row maximum) of values that
/// need no memory access, from the result of an earlier warp_group_dot
/// whose accumulator layout holds each element of A in the thread and
/// register position the operand layout wants (same linear layout: no data
/// moves). A tile loaded anywhere on the way keeps A in shared memory: it
/// arrives in a memory layout that layout propagation could give the whole
/// computation, and its shared copy is what the pipeliner prefetches. Row
/// or column vectors joined through expand_dims are not followed (see
/// below).
static bool keepsAInRegisters(tile::DotOp dot, MmaEncodingAttr mma) {
  auto aType = cast<RankedTensorType>(dot.getA().getType());
  if (!aType.getElementType().isF16() && !aType.getElementType().isBF16())
    return false;
  std::optional<LinearLayout> want =
      getLinearLayout(getRegisterAType(dot, mma));
  if (!want)
    return false;
  bool fromAccumulator = false;
  llvm::SmallPtrSet<Value, 32> seen;
  SmallVector<Value> worklist = {dot.getA()};
  while (!worklist.empty()) {
    Value v = stripConversions(worklist.pop_back_val());
    if (!seen.insert(v).second || isa<BlockArgument>(v))
      continue;
    Operation *def = v.getDefiningOp();
    if (auto wgmma = dyn_cast<WarpGroupDotOp>(def)) {
      auto acc = cast<RankedTensorType>(wgmma.getType());
      if (acc.getShape() != aType.getShape())
        return false;
      std::optional<LinearLayout> have = getLinearLayout(acc);
      if (!have || *have != *want)
        return false;
      fromAccumulator = true;
      continue;
    }
    // A lower-rank value that expand_dims brings in (a row statistic such
    // as attention's LSE, loaded or not) takes the slice of whatever layout
    // the tile has: layout propagation moves no load layout through
    // expand_dims, so it cannot pull P out of the accumulator layout.
    if (isa<tile::ExpandDimsOp>(def))
      continue;
    if (!isElementwise(def) &&
        !isa<tile::BroadcastOp, tile::ReduceOp, tile::SplatOp,
             tile::MakeRangeOp, arith::ConstantOp>(def))
      return false;
    for (Value operand : def->getOperands())
      if (isa<RankedTensorType>(operand.getType()))
        worklist.push_back(operand);
  }
  return fromAccumulator;
}

/// Replaces `dot` by a warp_group_dot on shared copies of its operands (A
/// in registers instead when `aInRegisters`).
static void rewriteToWgmma(tile::DotOp dot, const WgmmaPlan &plan,
                           std::optional<int64_t> maxNumImpreciseAcc,
                           bool aInRegisters) {
  OpBuilder b(dot);
  Location loc = dot.getLoc();
  auto toShared = [&](Value v, SharedEncodingAttr layout) -> Value {
    auto type = cast<RankedTensorType>(v.getType());
    auto mem = MemDescType::get(b.getContext(), type.getShape(),
                                type.getElementType(), layout);
    OpBuilder::InsertionGuard guard(b);
    b.setInsertionPoint(getHoistPoint(dot, v));
    return LocalAllocOp::create(b, loc, mem, v, IntegerAttr());
  };
  Value a = aInRegisters
                ? Value(ConvertLayoutOp::create(
                      b, loc, getRegisterAType(dot, plan.mma), dot.getA()))
                : toShared(stripConversions(dot.getA()), plan.sharedA);
  Value bv = toShared(stripConversions(dot.getB()), plan.sharedB);
  auto cType = cast<RankedTensorType>(dot.getC().getType());
  auto accType =
      RankedTensorType::get(cType.getShape(), cType.getElementType(), plan.mma);
  Value c = ConvertLayoutOp::create(b, loc, accType, dot.getC());
  auto wgmma = WarpGroupDotOp::create(b, loc, accType, a, bv, c);
  if (maxNumImpreciseAcc)
    wgmma->setAttr(kMaxNumImpreciseAccAttr,
                   b.getI32IntegerAttr(int32_t(*maxNumImpreciseAcc)));
  Value d = wgmma;
  Value back = ConvertLayoutOp::create(b, loc, dot.getType(), d);
  dot.replaceAllUsesWith(back);
  dot.erase();
}

void AccelerateDotPass::runOnOperation() {
  ModuleOp module = getOperation();
  unsigned cc = computeCapability;
  if (cc == 0)
    cc = 80;
  if (cc < 80)
    return;
  unsigned numWarps = getNumWarps(module);
  MLIRContext *ctx = &getContext();

  SmallVector<tile::DotOp> tf32x3;
  module.walk([&](tile::DotOp dot) {
    if (dot.getInputPrecision() == tile::InputPrecision::TF32x3 &&
        cast<RankedTensorType>(dot.getA().getType()).getElementType().isF32())
      tf32x3.push_back(dot);
  });
  for (tile::DotOp dot : tf32x3)
    splitTF32x3(dot);
  numTF32x3Split += tf32x3.size();

  WalkResult walked = module.walk([&](tile::DotOp dot) {
    if (useWgmma) {
      if (std::optional<WgmmaPlan> plan = getWgmmaPlan(dot, numWarps)) {
        // Triton splits the accumulation of an fp8 wgmma every
        // max_num_imprecise_acc products (partial sums added in fp32); the
        // lowering does the same when the value is at most K.
        int64_t k = cast<RankedTensorType>(dot.getA().getType()).getShape()[1];
        std::optional<int64_t> imprecise;
        if (isFp8Dot(dot) && dot.getMaxNumImpreciseAcc() <= k)
          imprecise = dot.getMaxNumImpreciseAcc();
        bool aInRegisters = !isFp8Dot(dot) && keepsAInRegisters(dot, plan->mma);
        LLVM_DEBUG(llvm::dbgs() << "wgmma for " << dot
                                << (aInRegisters ? " (A in registers)" : "")
                                << "\n");
        rewriteToWgmma(dot, *plan, imprecise, aInRegisters);
        numRegisterAOperands += aInRegisters;
        ++numAccelerated;
        ++numWarpGroupDots;
        return WalkResult::advance();
      }
    }
    if (isFp8Dot(dot) && failed(promoteFp8Operands(dot, cc)))
      return WalkResult::interrupt();
    if (isFmaCandidate(dot)) {
      assignFmaLayouts(dot, numWarps);
      ++numFmaDots;
      LLVM_DEBUG(llvm::dbgs() << "fma for " << dot << "\n");
      return WalkResult::advance();
    }
    if (!isMmaV2Candidate(dot))
      return WalkResult::advance();
    auto cType = cast<RankedTensorType>(dot.getC().getType());
    auto aType = cast<RankedTensorType>(dot.getA().getType());
    auto mma = MmaEncodingAttr::get(ctx, /*version=*/2, /*instrN=*/8,
                                    getWarpsPerCTA(cType.getShape(), numWarps));
    unsigned bits = aType.getElementType().getIntOrFloatBitWidth();
    auto withLayout = [](RankedTensorType t, Attribute layout) {
      return RankedTensorType::get(t.getShape(), t.getElementType(), layout);
    };
    OpBuilder b(dot);
    Location loc = dot.getLoc();
    auto convert = [&](Value v, RankedTensorType to) -> Value {
      if (v.getType() == to)
        return v;
      return ConvertLayoutOp::create(b, loc, to, v);
    };
    // An operand either goes through swizzled shared memory, stored as its
    // loads produce it and read back with ldmatrix (and pipelined into
    // cp.async copies later), or, where ldmatrix cannot read it, is
    // converted through the conversion's row-major scratch.
    auto toOperand = [&](Value v, unsigned opIdx) -> Value {
      auto to = withLayout(cast<RankedTensorType>(v.getType()),
                           DotOperandEncodingAttr::get(ctx, opIdx, mma, bits));
      if (v.getType() == to || !sharedOperands)
        return convert(v, to);
      Value src = stripConversions(v);
      std::optional<SharedEncodingAttr> shared = getLdmatrixSharedLayout(src);
      if (!shared)
        return convert(v, to);
      auto srcType = cast<RankedTensorType>(src.getType());
      auto mem = MemDescType::get(ctx, srcType.getShape(),
                                  srcType.getElementType(), *shared);
      // A loop-invariant operand is stored and read back once.
      OpBuilder::InsertionGuard guard(b);
      b.setInsertionPoint(getHoistPoint(dot, src));
      Value alloc = LocalAllocOp::create(b, loc, mem, src, IntegerAttr());
      ++numSharedOperands;
      return LocalLoadOp::create(b, loc, to, alloc);
    };
    Value a = toOperand(dot.getA(), 0);
    Value bv = toOperand(dot.getB(), 1);
    Value c = convert(dot.getC(), withLayout(cType, mma));
    dot.getAMutable().assign(a);
    dot.getBMutable().assign(bv);
    dot.getCMutable().assign(c);
    Type oldType = dot.getType();
    dot.getResult().setType(cast<RankedTensorType>(c.getType()));
    b.setInsertionPointAfter(dot);
    auto back = ConvertLayoutOp::create(b, loc, oldType, dot.getResult());
    dot.getResult().replaceAllUsesExcept(back, back);
    ++numAccelerated;
    LLVM_DEBUG(llvm::dbgs() << "mma.sync for " << dot << "\n");
    return WalkResult::advance();
  });
  if (walked.wasInterrupted())
    signalPassFailure();
}
