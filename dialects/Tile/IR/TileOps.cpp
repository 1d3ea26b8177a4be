//===- TileOps.cpp - Tile dialect operations --------------------*- C++ -*-===//
//
// Builders that infer result types, folders, canonicalization patterns and
// memory effects of the tile dialect's operations. The verifiers live in
// TileOpsVerify.cpp.
//
//===----------------------------------------------------------------------===//

#include "Tile/IR/TileOps.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/Matchers.h"
#include "mlir/IR/OpImplementation.h"
#include "mlir/IR/PatternMatch.h"

#include "llvm/ADT/STLExtras.h"

using namespace mlir;
using namespace tilec::tile;

/// The pointee type of a pointer-like type, or `type` itself otherwise. The
/// assembly formats infer the types of loaded and stored values with it, so
/// that a non-pointer operand reaches the verifier, which reports it.
static Type pointeeTypeOrSelf(Type type) {
  if (Type pointee = getPointeeType(type))
    return pointee;
  return type;
}

#define GET_OP_CLASSES
#include "Tile/IR/TileOps.cpp.inc"

//===----------------------------------------------------------------------===//
// Helpers
//===----------------------------------------------------------------------===//

/// Folds a shape-only op whose source is a splat constant to the same splat
/// constant of the result type.
static OpFoldResult foldSplatConstant(Attribute src, Type resultType) {
  auto splat = dyn_cast_if_present<SplatElementsAttr>(src);
  auto shaped = dyn_cast<ShapedType>(resultType);
  if (!splat || !shaped || splat.getElementType() != shaped.getElementType())
    return {};
  return splat.resizeSplat(shaped);
}

namespace {

/// Rewrites a shape-only op (expand_dims, reshape) of a `tile.splat` into a
/// splat of the same scalar with the op's result type.
template <typename OpTy> struct ShapeOpOfSplat : public OpRewritePattern<OpTy> {
  using OpRewritePattern<OpTy>::OpRewritePattern;

  LogicalResult matchAndRewrite(OpTy op,
                                PatternRewriter &rewriter) const override {
    auto splat = op.getSrc().template getDefiningOp<SplatOp>();
    if (!splat)
      return rewriter.notifyMatchFailure(op, "source is not a tile.splat");
    rewriter.replaceOpWithNewOp<SplatOp>(op, op.getType(), splat.getSrc());
    return success();
  }
};

} // namespace

//===----------------------------------------------------------------------===//
// SplatOp
//===----------------------------------------------------------------------===//

OpFoldResult SplatOp::fold(FoldAdaptor adaptor) {
  Attribute src = adaptor.getSrc();
  if (!isa_and_present<IntegerAttr, FloatAttr>(src))
    return {};
  if (cast<TypedAttr>(src).getType() != getType().getElementType())
    return {};
  return DenseElementsAttr::get(getType(), src);
}

//===----------------------------------------------------------------------===//
// BroadcastOp
//===----------------------------------------------------------------------===//

OpFoldResult BroadcastOp::fold(FoldAdaptor adaptor) {
  if (getSrc().getType() == getType())
    return getSrc();
  return foldSplatConstant(adaptor.getSrc(), getType());
}

//===----------------------------------------------------------------------===//
// ExpandDimsOp
//===----------------------------------------------------------------------===//

void ExpandDimsOp::build(OpBuilder &builder, OperationState &state, Value src,
                         int axis) {
  auto srcType = cast<RankedTensorType>(src.getType());
  SmallVector<int64_t> shape(srcType.getShape());
  // An out-of-range axis keeps the source shape; the verifier reports it.
  if (axis >= 0 && axis <= srcType.getRank())
    shape.insert(shape.begin() + axis, 1);
  auto resultType = RankedTensorType::get(shape, srcType.getElementType(),
                                          srcType.getEncoding());
  build(builder, state, resultType, src, static_cast<uint32_t>(axis));
}

OpFoldResult ExpandDimsOp::fold(FoldAdaptor adaptor) {
  return foldSplatConstant(adaptor.getSrc(), getType());
}

void ExpandDimsOp::getCanonicalizationPatterns(RewritePatternSet &results,
                                               MLIRContext *context) {
  results.add<ShapeOpOfSplat<ExpandDimsOp>>(context);
}

//===----------------------------------------------------------------------===//
// ReshapeOp
//===----------------------------------------------------------------------===//

OpFoldResult ReshapeOp::fold(FoldAdaptor adaptor) {
  if (getSrc().getType() == getType())
    return getSrc();
  if (OpFoldResult splat = foldSplatConstant(adaptor.getSrc(), getType()))
    return splat;
  // reshape(reshape(x)) -> reshape(x); the element order may change if
  // either reshape allows it.
  if (auto inner = getSrc().getDefiningOp<ReshapeOp>()) {
    getSrcMutable().assign(inner.getSrc());
    setAllowReorder(getAllowReorder() || inner.getAllowReorder());
    return getResult();
  }
  return {};
}

void ReshapeOp::getCanonicalizationPatterns(RewritePatternSet &results,
                                            MLIRContext *context) {
  results.add<ShapeOpOfSplat<ReshapeOp>>(context);
}

//===----------------------------------------------------------------------===//
// TransOp
//===----------------------------------------------------------------------===//

/// Returns true when `order` is a permutation of [0, order.size()).
static bool isPermutation(ArrayRef<int32_t> order) {
  SmallVector<bool> seen(order.size(), false);
  for (int32_t dim : order) {
    if (dim < 0 || dim >= static_cast<int64_t>(order.size()) || seen[dim])
      return false;
    seen[dim] = true;
  }
  return true;
}

void TransOp::build(OpBuilder &builder, OperationState &state, Value src,
                    ArrayRef<int32_t> order) {
  auto srcType = cast<RankedTensorType>(src.getType());
  SmallVector<int64_t> shape(srcType.getShape());
  // An invalid order keeps the source shape; the verifier reports it.
  if (static_cast<int64_t>(order.size()) == srcType.getRank() &&
      isPermutation(order)) {
    for (auto [i, dim] : llvm::enumerate(order))
      shape[i] = srcType.getDimSize(dim);
  }
  auto resultType = RankedTensorType::get(shape, srcType.getElementType(),
                                          srcType.getEncoding());
  build(builder, state, resultType, src, order);
}

OpFoldResult TransOp::fold(FoldAdaptor adaptor) {
  if (OpFoldResult splat = foldSplatConstant(adaptor.getSrc(), getType()))
    return splat;
  // trans(trans(x, inner), outer) -> trans(x, inner o outer).
  bool changed = false;
  if (auto inner = getSrc().getDefiningOp<TransOp>()) {
    ArrayRef<int32_t> innerOrder = inner.getOrder();
    ArrayRef<int32_t> outerOrder = getOrder();
    if (innerOrder.size() == outerOrder.size() && isPermutation(innerOrder) &&
        isPermutation(outerOrder)) {
      SmallVector<int32_t> composed;
      for (int32_t dim : outerOrder)
        composed.push_back(innerOrder[dim]);
      getSrcMutable().assign(inner.getSrc());
      setOrder(composed);
      changed = true;
    }
  }
  // Only the identity permutation is a no-op: a square tile keeps its type
  // when transposed.
  bool isIdentity = llvm::all_of(llvm::enumerate(getOrder()), [](auto it) {
    return static_cast<int64_t>(it.index()) == it.value();
  });
  if (isIdentity && getSrc().getType() == getType())
    return getSrc();
  return changed ? OpFoldResult(getResult()) : OpFoldResult();
}

//===----------------------------------------------------------------------===//
// AddPtrOp
//===----------------------------------------------------------------------===//

OpFoldResult AddPtrOp::fold(FoldAdaptor adaptor) {
  if (matchPattern(getOffset(), m_Zero()))
    return getPtr();
  return {};
}

//===----------------------------------------------------------------------===//
// IntToPtrOp and BitcastOp
//===----------------------------------------------------------------------===//

OpFoldResult IntToPtrOp::fold(FoldAdaptor adaptor) {
  // int_to_ptr(ptr_to_int(p)) -> p.
  if (auto toInt = getSrc().getDefiningOp<PtrToIntOp>())
    if (toInt.getSrc().getType() == getType())
      return toInt.getSrc();
  return {};
}

OpFoldResult BitcastOp::fold(FoldAdaptor adaptor) {
  if (getSrc().getType() == getType())
    return getSrc();
  // bitcast(bitcast(x)) -> bitcast(x), or x when the types round-trip.
  if (auto inner = getSrc().getDefiningOp<BitcastOp>()) {
    if (inner.getSrc().getType() == getType())
      return inner.getSrc();
    getSrcMutable().assign(inner.getSrc());
    return getResult();
  }
  return {};
}

//===----------------------------------------------------------------------===//
// LoadOp
//===----------------------------------------------------------------------===//

void LoadOp::build(OpBuilder &builder, OperationState &state, Value ptr,
                   Value mask, Value other, CacheModifier cache,
                   EvictionPolicy evict, bool isVolatile) {
  build(builder, state, pointeeTypeOrSelf(ptr.getType()), ptr, mask, other,
        cache, evict, isVolatile);
}

void LoadOp::getEffects(
    SmallVectorImpl<SideEffects::EffectInstance<MemoryEffects::Effect>>
        &effects) {
  effects.emplace_back(MemoryEffects::Read::get(), &getPtrMutable(),
                       GlobalMemory::get());
  // A volatile load must neither be removed nor reordered with other
  // accesses, which a write effect guarantees.
  if (getIsVolatile())
    effects.emplace_back(MemoryEffects::Write::get(), GlobalMemory::get());
}

//===----------------------------------------------------------------------===//
// ExternElementwiseOp
//===----------------------------------------------------------------------===//

void ExternElementwiseOp::getEffects(
    SmallVectorImpl<SideEffects::EffectInstance<MemoryEffects::Effect>>
        &effects) {
  if (getPure())
    return;
  effects.emplace_back(MemoryEffects::Read::get(), GlobalMemory::get());
  effects.emplace_back(MemoryEffects::Write::get(), GlobalMemory::get());
}

//===----------------------------------------------------------------------===//
// InlineAsmElementwiseOp
//===----------------------------------------------------------------------===//

void InlineAsmElementwiseOp::getEffects(
    SmallVectorImpl<SideEffects::EffectInstance<MemoryEffects::Effect>>
        &effects) {
  if (getPure())
    return;
  effects.emplace_back(MemoryEffects::Read::get(), GlobalMemory::get());
  effects.emplace_back(MemoryEffects::Write::get(), GlobalMemory::get());
}

unsigned InlineAsmElementwiseOp::getElementsPerRegister(Type elementType,
                                                        unsigned pack) {
  unsigned bits = elementType.isIntOrFloat()
                      ? elementType.getIntOrFloatBitWidth()
                      : 64;
  return std::max(1u, std::min(32 / bits, pack));
}

unsigned InlineAsmElementwiseOp::getNumRegisters(Type elementType,
                                                 unsigned pack) {
  unsigned perReg = getElementsPerRegister(elementType, pack);
  return (pack + perReg - 1) / perReg;
}

std::pair<unsigned, unsigned>
InlineAsmElementwiseOp::countConstraints(StringRef constraints) {
  unsigned outputs = 0, inputs = 0;
  if (constraints.trim().empty())
    return {0, 0};
  SmallVector<StringRef> parts;
  constraints.split(parts, ',');
  for (StringRef c : parts) {
    c = c.trim();
    if (c.starts_with("="))
      ++outputs;
    else if (!c.starts_with("~"))
      ++inputs;
  }
  return {outputs, inputs};
}

//===----------------------------------------------------------------------===//
// ReduceOp and ScanOp
//===----------------------------------------------------------------------===//

void ReduceOp::build(OpBuilder &builder, OperationState &state, ValueRange srcs,
                     int axis) {
  SmallVector<Type> resultTypes;
  for (Value src : srcs) {
    auto srcType = cast<RankedTensorType>(src.getType());
    // An out-of-range axis keeps the source type; the verifier reports it.
    if (axis < 0 || axis >= srcType.getRank()) {
      resultTypes.push_back(srcType);
      continue;
    }
    if (srcType.getRank() == 1) {
      resultTypes.push_back(srcType.getElementType());
      continue;
    }
    SmallVector<int64_t> shape(srcType.getShape());
    shape.erase(shape.begin() + axis);
    // The encoding of a reduced tile depends on the source's layout, which
    // only a layout pass knows; the result has none.
    resultTypes.push_back(
        RankedTensorType::get(shape, srcType.getElementType()));
  }
  build(builder, state, resultTypes, srcs, static_cast<uint32_t>(axis));
}

void ScanOp::build(OpBuilder &builder, OperationState &state, ValueRange srcs,
                   int axis, bool reverse) {
  build(builder, state, TypeRange(srcs), srcs, static_cast<uint32_t>(axis),
        reverse);
}
