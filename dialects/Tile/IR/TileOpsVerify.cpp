//===- TileOpsVerify.cpp - Tile dialect op verifiers ------------*- C++ -*-===//
//
// The verifiers of the tile dialect's operations. ODS has already checked the
// kinds of the operand and result types (tile, pointer, element type); these
// check how the types relate: shapes, pointee types, masks, axes. Every check
// guards its indexing, so odd but well-typed input yields a diagnostic.
//
//===----------------------------------------------------------------------===//

#include "Tile/IR/TileOps.h"

#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/TypeUtilities.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/Support/MathExtras.h"
#include "llvm/Support/raw_ostream.h"

using namespace mlir;
using namespace tilec::tile;

//===----------------------------------------------------------------------===//
// Helpers
//===----------------------------------------------------------------------===//

/// Formats a shape as `[4, 8]`.
static std::string formatShape(ArrayRef<int64_t> shape) {
  std::string text;
  llvm::raw_string_ostream os(text);
  os << '[';
  llvm::interleaveComma(shape, os);
  os << ']';
  return text;
}

/// Checks that `type` is `expected`, the type that `what` must have given the
/// pointer operand; `why` says where `expected` comes from.
static LogicalResult verifyTypeIs(Operation *op, StringRef what, Type type,
                                  Type expected, StringRef why) {
  if (type == expected)
    return success();
  return op->emitOpError() << what << " type " << type << " must be "
                           << expected << ", " << why;
}

/// Checks the operands that a memory op derives from its pointer operand:
/// `values` must have the pointee type and `mask`, when present, be i1 with
/// the pointer's shape.
static LogicalResult
verifyPointeeOperands(Operation *op, Type ptrType,
                      ArrayRef<std::pair<StringRef, Value>> values,
                      Value mask) {
  Type pointee = getPointeeType(ptrType);
  for (auto [name, value] : values) {
    if (value && failed(verifyTypeIs(op, name, value.getType(), pointee,
                                     "the pointee type of ptr")))
      return failure();
  }
  if (mask &&
      failed(verifyTypeIs(op, "mask", mask.getType(), getI1SameShape(ptrType),
                          "i1 with the shape of ptr")))
    return failure();
  return success();
}

/// Checks that `resultType` has the shape of `srcType`.
static LogicalResult verifySameShape(Operation *op, Type srcType,
                                     Type resultType) {
  if (haveSameShape(srcType, resultType))
    return success();
  return op->emitOpError() << "result type " << resultType
                           << " must have the shape of source type " << srcType;
}

/// Checks an array of per-dimension hints: one positive entry per dimension
/// of `type`, or a single entry for a scalar.
static LogicalResult verifyHintArray(Operation *op, StringRef name,
                                     std::optional<ArrayRef<int64_t>> values,
                                     Type type) {
  if (!values)
    return success();
  auto tensor = dyn_cast<RankedTensorType>(type);
  int64_t expected = tensor ? tensor.getRank() : 1;
  if (static_cast<int64_t>(values->size()) != expected)
    return op->emitOpError()
           << name << " must have " << expected
           << " entries, one per dimension, got " << values->size();
  for (int64_t value : *values) {
    if (value <= 0)
      return op->emitOpError()
             << name << " entries must be positive, got " << value;
  }
  return success();
}

/// Checks the sources, axis and combining region shared by reduce and scan.
/// Returns the element types of the sources in `elementTypes`.
static LogicalResult verifyCombineOp(Operation *op, ValueRange srcs,
                                     int64_t axis, Region &region,
                                     SmallVectorImpl<Type> &elementTypes) {
  if (srcs.empty())
    return op->emitOpError("expects at least one source");
  auto firstType = cast<RankedTensorType>(srcs.front().getType());
  for (auto [i, src] : llvm::enumerate(srcs)) {
    auto srcType = cast<RankedTensorType>(src.getType());
    if (srcType.getShape() != firstType.getShape())
      return op->emitOpError()
             << "source #" << i << " type " << srcType
             << " must have the shape of source #0 type " << firstType;
    elementTypes.push_back(srcType.getElementType());
  }
  int64_t rank = firstType.getRank();
  if (axis < 0 || axis >= rank)
    return op->emitOpError() << "axis " << axis
                             << " is out of range for sources of rank " << rank;

  // ODS guarantees one block; its structure (a terminator) is verified too.
  Block &block = region.front();
  size_t numSrcs = srcs.size();
  if (block.getNumArguments() != 2 * numSrcs)
    return op->emitOpError()
           << "combine region must take " << 2 * numSrcs
           << " arguments (accumulators then new values), got "
           << block.getNumArguments();
  for (auto [i, arg] : llvm::enumerate(block.getArguments())) {
    Type expected = elementTypes[i % numSrcs];
    if (arg.getType() != expected)
      return op->emitOpError() << "combine region argument #" << i << " type "
                               << arg.getType() << " must be the element type "
                               << expected << " of source #" << i % numSrcs;
  }
  auto yield = dyn_cast_if_present<ReduceReturnOp>(
      block.empty() ? nullptr : &block.back());
  if (!yield)
    return op->emitOpError("combine region must end with tile.reduce.return");
  if (yield.getResult().size() != numSrcs)
    return op->emitOpError() << "combine region must yield " << numSrcs
                             << " values, got " << yield.getResult().size();
  for (auto [i, value] : llvm::enumerate(yield.getResult())) {
    if (value.getType() != elementTypes[i])
      return op->emitOpError() << "combine region yields " << value.getType()
                               << " at #" << i << ", but source #" << i
                               << " has element type " << elementTypes[i];
  }
  return success();
}

//===----------------------------------------------------------------------===//
// Program indexing
//===----------------------------------------------------------------------===//

static LogicalResult verifyGridAxis(Operation *op, IntegerAttr axis) {
  int64_t value = axis.getInt();
  if (value < 0 || value > 2)
    return op->emitOpError() << "axis must be 0, 1 or 2, got " << value;
  return success();
}

LogicalResult ProgramIdOp::verify() {
  return verifyGridAxis(*this, getAxisAttr());
}

LogicalResult NumProgramsOp::verify() {
  return verifyGridAxis(*this, getAxisAttr());
}

//===----------------------------------------------------------------------===//
// Tile construction and shape manipulation
//===----------------------------------------------------------------------===//

LogicalResult MakeRangeOp::verify() {
  int64_t start = getStartAttr().getInt();
  int64_t end = getEndAttr().getInt();
  RankedTensorType type = getType();
  if (type.getRank() != 1)
    return emitOpError() << "result must be a 1-D tile, got " << type;
  if (end <= start)
    return emitOpError() << "end must be greater than start, got start = "
                         << start << ", end = " << end;
  int64_t size = end - start;
  if (!llvm::isPowerOf2_64(size))
    return emitOpError() << "range must be a power of two, got " << size;
  if (type.getDimSize(0) != size)
    return emitOpError() << "result size " << type.getDimSize(0)
                         << " must be end - start = " << size;
  return success();
}

LogicalResult SplatOp::verify() {
  Type elementType = getType().getElementType();
  if (elementType != getSrc().getType())
    return emitOpError() << "result element type " << elementType
                         << " must be the source type " << getSrc().getType();
  return success();
}

LogicalResult BroadcastOp::verify() {
  RankedTensorType srcType = getSrc().getType();
  RankedTensorType resultType = getType();
  if (srcType.getElementType() != resultType.getElementType())
    return emitOpError() << "result element type "
                         << resultType.getElementType()
                         << " must be the source element type "
                         << srcType.getElementType();
  if (srcType.getRank() != resultType.getRank())
    return emitOpError() << "result rank " << resultType.getRank()
                         << " must be the source rank " << srcType.getRank();
  for (auto [i, dims] : llvm::enumerate(
           llvm::zip_equal(srcType.getShape(), resultType.getShape()))) {
    auto [srcDim, resultDim] = dims;
    if (srcDim != 1 && srcDim != resultDim)
      return emitOpError() << "source dimension " << i << " of size " << srcDim
                           << " must be 1 or the result size " << resultDim;
  }
  return success();
}

LogicalResult ExpandDimsOp::verify() {
  RankedTensorType srcType = getSrc().getType();
  RankedTensorType resultType = getType();
  int64_t axis = getAxisAttr().getInt();
  if (axis < 0 || axis > srcType.getRank())
    return emitOpError() << "axis " << axis
                         << " is out of range for a source of rank "
                         << srcType.getRank();
  if (srcType.getElementType() != resultType.getElementType())
    return emitOpError() << "result element type "
                         << resultType.getElementType()
                         << " must be the source element type "
                         << srcType.getElementType();
  SmallVector<int64_t> expected(srcType.getShape());
  expected.insert(expected.begin() + axis, 1);
  if (resultType.getShape() != ArrayRef<int64_t>(expected))
    return emitOpError() << "result shape "
                         << formatShape(resultType.getShape()) << " must be "
                         << formatShape(expected)
                         << ", the source shape with a 1 at axis " << axis;
  return success();
}

LogicalResult ReshapeOp::verify() {
  RankedTensorType srcType = getSrc().getType();
  RankedTensorType resultType = getType();
  if (srcType.getElementType() != resultType.getElementType())
    return emitOpError() << "result element type "
                         << resultType.getElementType()
                         << " must be the source element type "
                         << srcType.getElementType();
  if (srcType.getNumElements() != resultType.getNumElements())
    return emitOpError() << "result has " << resultType.getNumElements()
                         << " elements but the source has "
                         << srcType.getNumElements();
  return success();
}

/// Shapes equal except that `withPair` has an extra last dimension of 2.
static bool isPairOf(RankedTensorType withPair, RankedTensorType t) {
  ArrayRef<int64_t> shape = withPair.getShape();
  return !shape.empty() && shape.back() == 2 &&
         shape.drop_back() == t.getShape() &&
         withPair.getElementType() == t.getElementType();
}

LogicalResult JoinOp::verify() {
  if (!isPairOf(getType(), getLhs().getType()))
    return emitOpError() << "result must have the operand shape plus a last "
                            "dimension of 2, got "
                         << getType();
  return success();
}

LogicalResult SplitOp::verify() {
  if (!isPairOf(getSrc().getType(), getLhs().getType()))
    return emitOpError() << "operand must have the result shape plus a last "
                            "dimension of 2, got "
                         << getSrc().getType();
  return success();
}

LogicalResult CatOp::verify() {
  RankedTensorType t = getLhs().getType();
  if (t.getRank() != 1)
    return emitOpError() << "operands must be 1-D, got " << t;
  if (getType().getRank() != 1 ||
      getType().getDimSize(0) != 2 * t.getDimSize(0) ||
      getType().getElementType() != t.getElementType())
    return emitOpError() << "result must hold both operands, got " << getType();
  return success();
}

LogicalResult TransOp::verify() {
  RankedTensorType srcType = getSrc().getType();
  RankedTensorType resultType = getType();
  ArrayRef<int32_t> order = getOrder();
  if (static_cast<int64_t>(order.size()) != srcType.getRank())
    return emitOpError() << "order must have " << srcType.getRank()
                         << " entries, one per dimension, got " << order.size();
  SmallVector<bool> seen(order.size(), false);
  for (int32_t dim : order) {
    if (dim < 0 || dim >= srcType.getRank() || seen[dim]) {
      SmallVector<int64_t> wide(order.begin(), order.end());
      return emitOpError() << "order " << formatShape(wide)
                           << " must be a permutation of [0, "
                           << srcType.getRank() << ")";
    }
    seen[dim] = true;
  }
  if (srcType.getElementType() != resultType.getElementType())
    return emitOpError() << "result element type "
                         << resultType.getElementType()
                         << " must be the source element type "
                         << srcType.getElementType();
  SmallVector<int64_t> expected;
  for (int32_t dim : order)
    expected.push_back(srcType.getDimSize(dim));
  if (resultType.getShape() != ArrayRef<int64_t>(expected))
    return emitOpError() << "result shape "
                         << formatShape(resultType.getShape()) << " must be "
                         << formatShape(expected)
                         << ", the source shape permuted by order";
  return success();
}

//===----------------------------------------------------------------------===//
// Pointer arithmetic and conversions
//===----------------------------------------------------------------------===//

LogicalResult AddPtrOp::verify() {
  if (!haveSameShape(getPtr().getType(), getOffset().getType()))
    return emitOpError() << "offset type " << getOffset().getType()
                         << " must have the shape of ptr type "
                         << getPtr().getType();
  return success();
}

LogicalResult PtrToIntOp::verify() {
  return verifySameShape(*this, getSrc().getType(), getType());
}

LogicalResult IntToPtrOp::verify() {
  return verifySameShape(*this, getSrc().getType(), getType());
}

LogicalResult BitcastOp::verify() {
  Type srcType = getSrc().getType();
  Type resultType = getType();
  if (failed(verifySameShape(*this, srcType, resultType)))
    return failure();
  Type srcElement = getScalarType(srcType);
  Type resultElement = getScalarType(resultType);
  bool srcIsPtr = isa<PtrType>(srcElement);
  if (srcIsPtr != isa<PtrType>(resultElement))
    return emitOpError() << "cannot bitcast " << srcElement << " to "
                         << resultElement
                         << "; use tile.ptr_to_int or tile.int_to_ptr";
  if (srcIsPtr)
    return success();
  unsigned srcWidth = srcElement.getIntOrFloatBitWidth();
  unsigned resultWidth = resultElement.getIntOrFloatBitWidth();
  if (srcWidth != resultWidth)
    return emitOpError() << "result element type " << resultElement << " ("
                         << resultWidth << " bits) must have the bit width of "
                         << srcElement << " (" << srcWidth << " bits)";
  return success();
}

LogicalResult FpToFpOp::verify() {
  Type srcType = getSrc().getType();
  Type resultType = getType();
  if (failed(verifySameShape(*this, srcType, resultType)))
    return failure();
  auto srcElement = cast<FloatType>(getScalarType(srcType));
  auto resultElement = cast<FloatType>(getScalarType(resultType));
  // Anything but a conversion to a strictly wider type may round.
  bool isNarrowing = srcElement != resultElement &&
                     resultElement.getWidth() <= srcElement.getWidth();
  if (isNarrowing && !getRounding())
    return emitOpError() << "rounding mode is required to convert "
                         << srcElement << " to " << resultElement;
  return success();
}

LogicalResult ExternElementwiseOp::verify() {
  if (getSymbol().empty())
    return emitOpError("needs a symbol");
  Type resultType = getType();
  if (isa<PtrType>(getScalarType(resultType)))
    return emitOpError("result cannot be a pointer");
  for (Value src : getSrcs()) {
    if (isa<PtrType>(getScalarType(src.getType())))
      return emitOpError("operands cannot be pointers");
    if (isa<RankedTensorType>(src.getType()) !=
            isa<RankedTensorType>(resultType) ||
        !haveSameShape(src.getType(), resultType))
      return emitOpError("operands and result must all be scalars or all "
                         "tiles of one shape");
  }
  return success();
}

LogicalResult InlineAsmElementwiseOp::verify() {
  if (getResults().empty())
    return emitOpError("needs at least one result");
  unsigned pack = getPack();
  Type shapeType = getResults().front().getType();
  auto sameKind = [&](Type t) {
    return isa<RankedTensorType>(t) == isa<RankedTensorType>(shapeType) &&
           haveSameShape(t, shapeType);
  };
  SmallVector<Type> types(getSrcs().getTypes());
  llvm::append_range(types, getResults().getTypes());
  if (!llvm::all_of(types, sameKind))
    return emitOpError("operands and results must all be scalars or all "
                       "tiles of one shape");
  if (auto rt = dyn_cast<RankedTensorType>(shapeType))
    if (rt.getNumElements() % pack != 0)
      return emitOpError("number of elements ")
             << rt.getNumElements() << " must be a multiple of pack " << pack;
  unsigned outputs = 0, inputs = 0;
  for (Type t : getResults().getTypes())
    outputs += getNumRegisters(getScalarType(t), pack);
  for (Type t : getSrcs().getTypes())
    inputs += getNumRegisters(getScalarType(t), pack);
  auto [numOut, numIn] = countConstraints(getConstraints());
  if (numOut != outputs || numIn != inputs)
    return emitOpError("constraints name ")
           << numOut << " outputs and " << numIn << " inputs; pack " << pack
           << " needs " << outputs << " outputs and " << inputs << " inputs";
  return success();
}

LogicalResult HintOp::verify() {
  Type type = getSrc().getType();
  if (failed(verifyHintArray(*this, "divisibility", getDivisibility(), type)) ||
      failed(verifyHintArray(*this, "contiguity", getContiguity(), type)) ||
      failed(verifyHintArray(*this, "constancy", getConstancy(), type)))
    return failure();
  return success();
}

//===----------------------------------------------------------------------===//
// Memory access
//===----------------------------------------------------------------------===//

LogicalResult LoadOp::verify() {
  if (getOther() && !getMask())
    return emitOpError("other requires a mask");
  return verifyPointeeOperands(*this, getPtr().getType(),
                               {{"result", getResult()}, {"other", getOther()}},
                               getMask());
}

/// The block of `desc` against the tile a descriptor load produces or a
/// store consumes (whose layout, after tiling, is free), and one index per
/// dimension.
static LogicalResult verifyDescriptorAccess(Operation *op,
                                            TensorDescType desc,
                                            size_t numIndices, Type tile,
                                            StringRef what) {
  RankedTensorType block = desc.getBlockType();
  if (numIndices != size_t(block.getRank()))
    return op->emitOpError() << "takes " << block.getRank()
                             << " indices, one per dimension of the block, "
                                "got "
                             << numIndices;
  auto t = dyn_cast<RankedTensorType>(tile);
  if (!t || t.getShape() != block.getShape() ||
      t.getElementType() != block.getElementType())
    return op->emitOpError() << what << " must have the descriptor's block "
                             << "type " << block << ", got " << tile;
  return success();
}

LogicalResult DescriptorLoadOp::verify() {
  return verifyDescriptorAccess(*this, getDesc().getType(),
                                getIndices().size(), getResult().getType(),
                                "result");
}

LogicalResult DescriptorStoreOp::verify() {
  if (failed(verifyDescriptorAccess(*this, getDesc().getType(),
                                    getIndices().size(), getValue().getType(),
                                    "value")))
    return failure();
  std::optional<RMWOp> kind = getReduce();
  if (!kind)
    return success();
  // The TMA reduces with add, min, max, and, or and xor; it has no exchange.
  Type element = getScalarType(getValue().getType());
  bool isFloat = isa<FloatType>(element);
  switch (*kind) {
  case RMWOp::Xchg:
    return emitOpError("a TMA reduction has no xchg");
  case RMWOp::FAdd:
  case RMWOp::FMax:
  case RMWOp::FMin:
    if (!isFloat)
      return emitOpError() << "reduce " << stringifyRMWOp(*kind)
                           << " requires a floating-point element type, got "
                           << element;
    return success();
  default:
    if (isFloat)
      return emitOpError() << "reduce " << stringifyRMWOp(*kind)
                           << " requires an integer element type, got "
                           << element;
    return success();
  }
}

LogicalResult StoreOp::verify() {
  return verifyPointeeOperands(*this, getPtr().getType(),
                               {{"value", getValue()}}, getMask());
}

LogicalResult AtomicRMWOp::verify() {
  if (failed(verifyPointeeOperands(*this, getPtr().getType(),
                                   {{"result", getResult()}, {"val", getVal()}},
                                   getMask())))
    return failure();
  Type element = getScalarType(getVal().getType());
  RMWOp kind = getAtomicRmwOp();
  bool isInt = isa<IntegerType>(element);
  bool isFloat = isa<FloatType>(element);
  switch (kind) {
  case RMWOp::FAdd:
    if (!isFloat)
      return emitOpError() << "atomic_rmw_op " << stringifyRMWOp(kind)
                           << " requires a floating-point element type, got "
                           << element;
    break;
  case RMWOp::FMax:
  case RMWOp::FMin:
    // Only the 16-bit floats of descriptor reductions: wider floats take the
    // frontend's sign split.
    if (!element.isF16() && !element.isBF16())
      return emitOpError() << "atomic_rmw_op " << stringifyRMWOp(kind)
                           << " requires an f16 or bf16 element type, got "
                           << element;
    break;
  case RMWOp::Xchg:
    break;
  default:
    // Float max and min are integer atomics on the bits (the frontend's
    // sign split), as in Triton.
    if (!isInt)
      return emitOpError() << "atomic_rmw_op " << stringifyRMWOp(kind)
                           << " requires an integer element type, got "
                           << element;
    break;
  }
  // The GPU's atomics are 32 and 64 bits wide, and 16 for float additions,
  // maxima and minima.
  if (isInt || isFloat) {
    unsigned bits = element.getIntOrFloatBitWidth();
    bool is16BitFloatOp =
        kind == RMWOp::FAdd || kind == RMWOp::FMax || kind == RMWOp::FMin;
    if (bits != 32 && bits != 64 && !(bits == 16 && is16BitFloatOp))
      return emitOpError() << "atomic_rmw_op " << stringifyRMWOp(kind)
                           << " does not support " << element;
  }
  return success();
}

LogicalResult AtomicCASOp::verify() {
  if (failed(verifyPointeeOperands(
          *this, getPtr().getType(),
          {{"result", getResult()}, {"cmp", getCmp()}, {"val", getVal()}},
          /*mask=*/Value())))
    return failure();
  Type element = getScalarType(getVal().getType());
  if (element.isIntOrFloat()) {
    unsigned bits = element.getIntOrFloatBitWidth();
    if (bits != 16 && bits != 32 && bits != 64)
      return emitOpError() << "elements must be 16, 32 or 64 bits wide, got "
                           << element;
  }
  return success();
}

//===----------------------------------------------------------------------===//
// Debugging
//===----------------------------------------------------------------------===//

LogicalResult PrintOp::verify() {
  if (getIsSigned().size() != getArgs().size())
    return emitOpError() << "is_signed has " << getIsSigned().size()
                         << " entries for " << getArgs().size() << " operands";
  return success();
}

//===----------------------------------------------------------------------===//
// Dot
//===----------------------------------------------------------------------===//

LogicalResult DotOp::verify() {
  RankedTensorType aType = getA().getType();
  RankedTensorType bType = getB().getType();
  RankedTensorType cType = getC().getType();
  int64_t rank = aType.getRank();
  if (rank != 2 && rank != 3)
    return emitOpError() << "operands must have rank 2, or 3 with a leading "
                            "batch dimension, got rank "
                         << rank;
  if (bType.getRank() != rank || cType.getRank() != rank)
    return emitOpError() << "a, b and c must have the same rank, got " << rank
                         << ", " << bType.getRank() << " and "
                         << cType.getRank();
  if (rank == 3 && (bType.getDimSize(0) != aType.getDimSize(0) ||
                    cType.getDimSize(0) != aType.getDimSize(0)))
    return emitOpError() << "batch dimensions of a, b and c must be equal, got "
                         << aType.getDimSize(0) << ", " << bType.getDimSize(0)
                         << " and " << cType.getDimSize(0);
  int64_t m = aType.getDimSize(rank - 2);
  int64_t k = aType.getDimSize(rank - 1);
  int64_t bk = bType.getDimSize(rank - 2);
  int64_t n = bType.getDimSize(rank - 1);
  if (k != bk)
    return emitOpError() << "K dimension of a (" << k
                         << ") must match that of b (" << bk << ")";
  if (cType.getDimSize(rank - 2) != m || cType.getDimSize(rank - 1) != n)
    return emitOpError() << "accumulator shape "
                         << formatShape(cType.getShape().take_back(2))
                         << " must be [M, N] = [" << m << ", " << n << "]";

  Type aElement = aType.getElementType();
  Type bElement = bType.getElementType();
  bool bothFp8 = isa<Float8E4M3FNType, Float8E5M2Type>(aElement) &&
                 isa<Float8E4M3FNType, Float8E5M2Type>(bElement);
  if (aElement != bElement && !bothFp8)
    return emitOpError() << "a and b must have the same element type (or "
                            "both be fp8), got "
                         << aElement << " and " << bElement;
  Type cElement = cType.getElementType();
  if (aElement.isInteger(8)) {
    if (!cElement.isInteger(32))
      return emitOpError()
             << "accumulator element type must be i32 for i8 operands, got "
             << cElement;
  } else if (aElement.isF64()) {
    if (!cElement.isF64())
      return emitOpError()
             << "accumulator element type must be f64 for f64 operands, got "
             << cElement;
  } else if (!cElement.isF32() && !cElement.isF16()) {
    return emitOpError() << "accumulator element type must be f32 or f16 for "
                            "floating-point operands, got "
                         << cElement;
  }
  int64_t maxImprecise = getMaxNumImpreciseAccAttr().getInt();
  if (maxImprecise < 0)
    return emitOpError() << "maxNumImpreciseAcc must be non-negative, got "
                         << maxImprecise;
  return success();
}

//===----------------------------------------------------------------------===//
// Reductions and scans
//===----------------------------------------------------------------------===//

LogicalResult MapElementwiseOp::verifyRegions() {
  if (getSrcs().empty())
    return emitOpError() << "expects at least one source";
  auto shapeOf = [](Value v) {
    return cast<RankedTensorType>(v.getType()).getShape();
  };
  ArrayRef<int64_t> shape = shapeOf(getSrcs()[0]);
  for (Value v : llvm::concat<Value>(getSrcs(), getResults()))
    if (shapeOf(v) != shape)
      return emitOpError() << "expects sources and results of one shape, got "
                           << v.getType();
  unsigned pack = getPack();
  Block &body = getScalarOp().front();
  if (body.getNumArguments() != getSrcs().size() * pack)
    return emitOpError() << "expects " << getSrcs().size() * pack
                         << " region arguments (pack " << pack
                         << " per source), got " << body.getNumArguments();
  for (auto [i, src] : llvm::enumerate(getSrcs()))
    for (unsigned j = 0; j < pack; ++j) {
      Type expected = getElementTypeOrSelf(src.getType());
      Type arg = body.getArgument(i * pack + j).getType();
      if (arg != expected)
        return emitOpError() << "region argument #" << i * pack + j
                             << " has type " << arg << ", expected "
                             << expected << " (source #" << i << ")";
    }
  auto ret = dyn_cast<MapElementwiseReturnOp>(body.getTerminator());
  if (!ret)
    return emitOpError() << "region must end with tile.map_elementwise.return";
  if (ret.getResult().size() != getNumResults() * pack)
    return emitOpError() << "region returns " << ret.getResult().size()
                         << " values, expected " << getNumResults() * pack
                         << " (pack " << pack << " per result)";
  for (auto [k, result] : llvm::enumerate(getResults()))
    for (unsigned j = 0; j < pack; ++j) {
      Type expected = getElementTypeOrSelf(result.getType());
      Type got = ret.getResult()[k * pack + j].getType();
      if (got != expected)
        return emitOpError() << "region value #" << k * pack + j
                             << " has type " << got << ", expected "
                             << expected << " (result #" << k << ")";
    }
  return success();
}

LogicalResult ReduceOp::verifyRegions() {
  SmallVector<Type> elementTypes;
  int64_t axis = getAxisAttr().getInt();
  if (failed(verifyCombineOp(*this, getSrcs(), axis, getCombineOp(),
                             elementTypes)))
    return failure();
  if (getNumResults() != getSrcs().size())
    return emitOpError() << "expects " << getSrcs().size()
                         << " results, one per source, got " << getNumResults();
  for (auto [i, src, result] : llvm::enumerate(getSrcs(), getResults())) {
    auto srcType = cast<RankedTensorType>(src.getType());
    Type expected = srcType.getElementType();
    if (srcType.getRank() > 1) {
      SmallVector<int64_t> shape(srcType.getShape());
      shape.erase(shape.begin() + axis);
      auto resultType = dyn_cast<RankedTensorType>(result.getType());
      if (!resultType || resultType.getShape() != ArrayRef<int64_t>(shape) ||
          resultType.getElementType() != expected)
        return emitOpError() << "result #" << i << " type " << result.getType()
                             << " must be a tile of " << expected
                             << " with shape " << formatShape(shape)
                             << ", the source shape without axis " << axis;
      continue;
    }
    if (result.getType() != expected)
      return emitOpError() << "result #" << i << " type " << result.getType()
                           << " must be the scalar " << expected
                           << ", the reduction of a 1-D source";
  }
  return success();
}

LogicalResult ScanOp::verifyRegions() {
  SmallVector<Type> elementTypes;
  if (failed(verifyCombineOp(*this, getSrcs(), getAxisAttr().getInt(),
                             getCombineOp(), elementTypes)))
    return failure();
  if (getNumResults() != getSrcs().size())
    return emitOpError() << "expects " << getSrcs().size()
                         << " results, one per source, got " << getNumResults();
  for (auto [i, src, result] : llvm::enumerate(getSrcs(), getResults())) {
    if (result.getType() != src.getType())
      return emitOpError() << "result #" << i << " type " << result.getType()
                           << " must be the source type " << src.getType();
  }
  return success();
}

//===----------------------------------------------------------------------===//
// Gather and histogram
//===----------------------------------------------------------------------===//

LogicalResult GatherOp::verify() {
  RankedTensorType srcType = getSrc().getType();
  RankedTensorType indexType = getIndices().getType();
  RankedTensorType resultType = getType();
  int64_t rank = srcType.getRank();
  int64_t axis = static_cast<int32_t>(getAxis());
  if (indexType.getRank() != rank)
    return emitOpError() << "indices must have the rank of the source ("
                         << rank << "), got " << indexType;
  if (axis < 0 || axis >= rank)
    return emitOpError() << "axis " << axis << " out of range for rank "
                         << rank;
  for (int64_t d = 0; d < rank; ++d)
    if (d != axis && indexType.getDimSize(d) != srcType.getDimSize(d))
      return emitOpError() << "indices shape "
                           << formatShape(indexType.getShape())
                           << " must match the source shape "
                           << formatShape(srcType.getShape())
                           << " in every dimension but " << axis;
  if (resultType.getShape() != indexType.getShape() ||
      resultType.getElementType() != srcType.getElementType())
    return emitOpError() << "result must have the shape of the indices and "
                            "the element type of the source, got "
                         << resultType;
  return success();
}

LogicalResult HistogramOp::verify() {
  RankedTensorType srcType = getSrc().getType();
  RankedTensorType resultType = getType();
  if (srcType.getRank() != 1)
    return emitOpError() << "source must be 1-D, got " << srcType;
  if (!srcType.getElementType().isInteger(32))
    return emitOpError() << "source must hold 32-bit integers, got "
                         << srcType.getElementType();
  if (resultType.getRank() != 1 ||
      !llvm::isPowerOf2_64(resultType.getDimSize(0)))
    return emitOpError()
           << "result must be 1-D with a power-of-two number of bins, got "
           << resultType;
  if (Value mask = getMask())
    if (cast<RankedTensorType>(mask.getType()).getShape() !=
        srcType.getShape())
      return emitOpError() << "mask shape must match the source shape "
                           << formatShape(srcType.getShape()) << ", got "
                           << mask.getType();
  return success();
}
