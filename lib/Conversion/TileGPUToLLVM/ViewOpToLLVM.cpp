//===- ViewOpToLLVM.cpp - Tile construction and views to LLVM ---*- C++ -*-===//
//
// make_range (coordinates from the layout), splat and splat constants
// (replication), and broadcast and expand_dims, which only pick, for each
// destination register, the source register that holds the same element:
// both layouts are linear, so this is decided at compile time from their
// bases; join, split and cat likewise pick registers of their operands,
// the layouts chosen by the tiling pass keeping the joined or split
// dimension (and cat's halves) in each thread's registers. (convert_layout,
// trans and reshape, which may need other threads' data, have their own
// file.)
//
//===----------------------------------------------------------------------===//

#include "Utility.h"

#include "Tile/IR/TileOps.h"

#include "mlir/Dialect/Arith/IR/Arith.h"

#include <map>

using namespace mlir;
using namespace tilec;
using namespace tilec::gpu_to_llvm;
using tilegpu::LinearLayout;

namespace {

struct MakeRangeOpConversion
    : public ConvertOpToLLVMPattern<tile::MakeRangeOp> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;

  LogicalResult
  matchAndRewrite(tile::MakeRangeOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    std::optional<LinearLayout> ll = tilegpu::getLinearLayout(op.getType());
    if (!ll)
      return op.emitError("result has no tilegpu layout");
    Location loc = op.getLoc();
    SmallVector<Value> elems;
    Value start = i32Const(rewriter, loc, op.getStart());
    for (auto &coords : emitIndices(loc, rewriter, *ll))
      elems.push_back(
          op.getStart() == 0
              ? coords[0]
              : Value(LLVM::AddOp::create(rewriter, loc, coords[0], start)));
    rewriter.replaceOp(
        op, packElements(loc, getTypeConverter()->convertType(op.getType()),
                         elems, rewriter));
    return success();
  }
};

struct SplatOpConversion : public ConvertOpToLLVMPattern<tile::SplatOp> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;

  LogicalResult
  matchAndRewrite(tile::SplatOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    std::optional<unsigned> n = getNumElementsPerThread(op.getType());
    Type type = getTypeConverter()->convertType(op.getType());
    if (!n || !type)
      return op.emitError("result has no tilegpu layout");
    SmallVector<Value> elems(*n, adaptor.getSrc());
    rewriter.replaceOp(op, packElements(op.getLoc(), type, elems, rewriter));
    return success();
  }
};

/// arith.constant of a splat tensor: the scalar replicated.
struct ConstantOpConversion : public ConvertOpToLLVMPattern<arith::ConstantOp> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;

  LogicalResult
  matchAndRewrite(arith::ConstantOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    auto tensorType = dyn_cast<RankedTensorType>(op.getType());
    if (!tensorType)
      return failure();
    std::optional<unsigned> n = getNumElementsPerThread(tensorType);
    Type type = getTypeConverter()->convertType(tensorType);
    if (!n || !type)
      return op.emitError("result has no tilegpu layout");
    auto dense = dyn_cast<SplatElementsAttr>(op.getValue());
    if (!dense)
      return op.emitError("only splat tensor constants are supported");
    Type elemType =
        getTypeConverter()->convertType(tensorType.getElementType());
    Value scalar = LLVM::ConstantOp::create(rewriter, op.getLoc(), elemType,
                                            dense.getSplatValue<Attribute>());
    SmallVector<Value> elems(*n, scalar);
    rewriter.replaceOp(op, packElements(op.getLoc(), type, elems, rewriter));
    return success();
  }
};

/// getRegisterMap, with the reason it fails reported at `op`.
static FailureOr<SmallVector<unsigned>> mapRegisters(
    Operation *op, const LinearLayout &dst, const LinearLayout &src,
    llvm::function_ref<SmallVector<int32_t>(ArrayRef<int32_t>)> project) {
  std::string whyNot;
  FailureOr<SmallVector<unsigned>> map =
      getRegisterMap(dst, src, project, &whyNot);
  if (failed(map))
    return op->emitError(whyNot);
  return map;
}

/// broadcast and expand_dims: a register permutation.
template <typename SourceOp>
struct RegisterMapConversion : public ConvertOpToLLVMPattern<SourceOp> {
  using ConvertOpToLLVMPattern<SourceOp>::ConvertOpToLLVMPattern;

  /// Destination coordinates to source coordinates.
  static SmallVector<int32_t> project(SourceOp op, ArrayRef<int32_t> c);

  LogicalResult
  matchAndRewrite(SourceOp op, typename SourceOp::Adaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Type srcType = op.getSrc().getType();
    Type dstType = op.getType();
    std::optional<LinearLayout> srcLL = tilegpu::getLinearLayout(srcType);
    std::optional<LinearLayout> dstLL = tilegpu::getLinearLayout(dstType);
    Type type = this->getTypeConverter()->convertType(dstType);
    if (!srcLL || !dstLL || !type)
      return op.emitError("operand and result need tilegpu layouts");
    if (srcLL == dstLL && srcType == dstType) {
      rewriter.replaceOp(op, adaptor.getSrc());
      return success();
    }
    FailureOr<SmallVector<unsigned>> map =
        mapRegisters(op, *dstLL, *srcLL,
                     [&](ArrayRef<int32_t> c) { return project(op, c); });
    if (failed(map))
      return failure();
    SmallVector<Value> src =
        unpackElements(op.getLoc(), adaptor.getSrc(), rewriter);
    SmallVector<Value> elems;
    for (unsigned r : *map)
      elems.push_back(src[r]);
    rewriter.replaceOp(op, packElements(op.getLoc(), type, elems, rewriter));
    return success();
  }
};

template <>
SmallVector<int32_t>
RegisterMapConversion<tile::BroadcastOp>::project(tile::BroadcastOp op,
                                                  ArrayRef<int32_t> c) {
  ArrayRef<int64_t> shape = op.getSrc().getType().getShape();
  SmallVector<int32_t> out(c);
  for (auto [i, s] : llvm::enumerate(shape))
    if (s == 1)
      out[i] = 0;
  return out;
}

template <>
SmallVector<int32_t>
RegisterMapConversion<tile::ExpandDimsOp>::project(tile::ExpandDimsOp op,
                                                   ArrayRef<int32_t> c) {
  SmallVector<int32_t> out(c);
  out.erase(out.begin() + op.getAxis());
  return out;
}

/// The layouts of `op`'s first operand and of its result `res`, with the
/// result's converted type.
static LogicalResult getLayouts(Operation *op, Value src, Value res,
                                const TypeConverter *converter,
                                LinearLayout &srcLL, LinearLayout &dstLL,
                                Type &type) {
  std::optional<LinearLayout> s = tilegpu::getLinearLayout(src.getType());
  std::optional<LinearLayout> d = tilegpu::getLinearLayout(res.getType());
  type = converter->convertType(res.getType());
  if (!s || !d || !type)
    return op->emitError("operand and result need tilegpu layouts");
  srcLL = *s;
  dstLL = *d;
  return success();
}

/// Whether the lane and warp bases of `ll` leave output dimension `dim`'s
/// bits in `mask` alone (those bits are then the registers' alone).
static bool threadsAvoid(const LinearLayout &ll, unsigned dim, int32_t mask) {
  for (StringRef in : {tilegpu::kLane, tilegpu::kWarp})
    if (ll.hasInDim(in))
      for (int32_t j = 0, e = ll.getInDimSizeLog2(in); j < e; ++j)
        if (ll.getBasis(in, j)[dim] & mask)
          return false;
  return true;
}

/// tile.join: each result register is a register of one operand, picked by
/// the last coordinate, which the layout keeps in registers.
struct JoinOpConversion : public ConvertOpToLLVMPattern<tile::JoinOp> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;

  LogicalResult
  matchAndRewrite(tile::JoinOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    LinearLayout srcLL, dstLL;
    Type type;
    if (failed(getLayouts(op, op.getLhs(), op.getResult(), getTypeConverter(),
                          srcLL, dstLL, type)))
      return failure();
    unsigned last = op.getType().getRank() - 1;
    if (!threadsAvoid(dstLL, last, 1))
      return op.emitError("result layout splits the joined dimension across "
                          "threads: ")
             << dstLL.toString();
    FailureOr<SmallVector<unsigned>> map =
        mapRegisters(op, dstLL, srcLL, [&](ArrayRef<int32_t> c) {
          return SmallVector<int32_t>(c.drop_back());
        });
    if (failed(map))
      return failure();
    Location loc = op.getLoc();
    SmallVector<Value> lhs = unpackElements(loc, adaptor.getLhs(), rewriter);
    SmallVector<Value> rhs = unpackElements(loc, adaptor.getRhs(), rewriter);
    SmallVector<Value> elems;
    for (auto [r, s] : llvm::enumerate(*map)) {
      bool second = applyPositional(dstLL, tilegpu::kRegister, r)[last];
      elems.push_back(second ? rhs[s] : lhs[s]);
    }
    rewriter.replaceOp(op, packElements(loc, type, elems, rewriter));
    return success();
  }
};

/// tile.split: each result register is the operand register that holds the
/// same element with the last coordinate 0 (lhs) or 1 (rhs).
struct SplitOpConversion : public ConvertOpToLLVMPattern<tile::SplitOp> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;

  LogicalResult
  matchAndRewrite(tile::SplitOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    LinearLayout srcLL, dstLL;
    Type type;
    if (failed(getLayouts(op, op.getSrc(), op.getLhs(), getTypeConverter(),
                          srcLL, dstLL, type)))
      return failure();
    unsigned last = op.getSrc().getType().getRank() - 1;
    // The register bit that steps the last coordinate.
    int32_t pairBit = -1;
    for (int32_t j = 0, e = srcLL.getInDimSizeLog2(tilegpu::kRegister); j < e;
         ++j) {
      ArrayRef<int32_t> basis = srcLL.getBasis(tilegpu::kRegister, j);
      if (basis[last] == 1 &&
          llvm::count(basis, 0) == int64_t(basis.size()) - 1)
        pairBit = j;
    }
    if (pairBit < 0 || !threadsAvoid(srcLL, last, 1))
      return op.emitError("operand layout does not keep the split dimension "
                          "in registers: ")
             << srcLL.toString();
    FailureOr<SmallVector<unsigned>> map =
        mapRegisters(op, dstLL, srcLL, [&](ArrayRef<int32_t> c) {
          SmallVector<int32_t> out(c);
          out.push_back(0);
          return out;
        });
    if (failed(map))
      return failure();
    Location loc = op.getLoc();
    SmallVector<Value> src = unpackElements(loc, adaptor.getSrc(), rewriter);
    SmallVector<Value> results;
    for (int32_t half : {0, 1}) {
      SmallVector<Value> elems;
      for (unsigned r : *map)
        elems.push_back(src[r | (half << pairBit)]);
      results.push_back(packElements(loc, type, elems, rewriter));
    }
    rewriter.replaceOp(op, results);
    return success();
  }
};

/// tile.cat: the result's registers are the lhs's then the rhs's (the
/// tiling pass picks a result layout with that many registers). Which
/// element lands where follows from the layouts; `tl.cat` leaves the order
/// unspecified, and this is the order Triton's lowering produces.
struct CatOpConversion : public ConvertOpToLLVMPattern<tile::CatOp> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;

  LogicalResult
  matchAndRewrite(tile::CatOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    Type type = getTypeConverter()->convertType(op.getType());
    std::optional<unsigned> n = getNumElementsPerThread(op.getType());
    if (!type || !n)
      return op.emitError("result has no tilegpu layout");
    SmallVector<Value> elems = unpackElements(loc, adaptor.getLhs(), rewriter);
    llvm::append_range(elems, unpackElements(loc, adaptor.getRhs(), rewriter));
    if (elems.size() != *n)
      return op.emitError("result layout holds ")
             << *n << " elements per thread, the operands " << elems.size();
    rewriter.replaceOp(op, packElements(loc, type, elems, rewriter));
    return success();
  }
};

} // namespace

void tilec::gpu_to_llvm::populateViewOpToLLVMPatterns(
    TileGPUTypeConverter &converter, RewritePatternSet &patterns) {
  patterns.add<MakeRangeOpConversion, SplatOpConversion, ConstantOpConversion,
               RegisterMapConversion<tile::BroadcastOp>,
               RegisterMapConversion<tile::ExpandDimsOp>, JoinOpConversion,
               SplitOpConversion, CatOpConversion>(converter);
}
