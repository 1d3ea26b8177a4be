//===- ViewOpToLLVM.cpp - Tile construction and views to LLVM ---*- C++ -*-===//
//
// make_range (coordinates from the layout), splat and splat constants
// (replication), and broadcast and expand_dims, which only pick, for each
// destination register, the source register that holds the same element:
// both layouts are linear, so this is decided at compile time from their
// bases. (convert_layout, which may need other threads' data, has its own
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

} // namespace

void tilec::gpu_to_llvm::populateViewOpToLLVMPatterns(
    TileGPUTypeConverter &converter, RewritePatternSet &patterns) {
  patterns.add<MakeRangeOpConversion, SplatOpConversion, ConstantOpConversion,
               RegisterMapConversion<tile::BroadcastOp>,
               RegisterMapConversion<tile::ExpandDimsOp>>(converter);
}
