//===- EmitBlockPtr.cpp - Block pointers ------------------------*- C++ -*-===//
//
// tl.make_block_ptr, tl.advance, and the block-pointer forms of tl.load and
// tl.store; also tl.make_tensor_descriptor, whose loads and stores expand the
// same way (end of the file). A block pointer is a frontend value (TValue::Kind::BlockPtr):
// the base pointer, the parent tensor's shape and strides and the block's
// offsets as runtime i64 scalars, with the block shape and order constexpr.
// It never reaches MLIR as a type of its own: a load or store expands it
// where it is used into a tile of pointers
//   base + sum_d (offsets[d] + arange(block_shape[d])) * strides[d]
// with a mask from `boundary_check` (0 <= index < shape on each checked
// dimension), which is what Triton's RewriteTensorPointer pass produces when
// it does not use TMA. The results are ordinary pointer loads and stores, so
// the axis analysis, coalescing and the software pipeliner see them as such.
//
//===----------------------------------------------------------------------===//

#include "Frontend/Emitter.h"

#include "Tile/IR/TileOps.h"

#include "mlir/Dialect/Arith/IR/Arith.h"

#include <cmath>
#include <set>

using namespace tilec::frontend;
namespace arith = mlir::arith;
namespace tile = tilec::tile;

/// The elements of a list-like argument; Triton takes a lone value as a list
/// of one.
static std::vector<TValue> listElements(const TValue &v) {
  if (v.isTuple())
    return v.getElts();
  return {v};
}

/// Converts one element of `shape`/`strides` (`wide`, int64) or `offsets`
/// (int32) to an i64 scalar, with the checks of Triton's conversion of these
/// lists. Offsets are sign-extended to i64 as Triton's lowering does, so that
/// advancing accumulates in 64 bits.
static FailureOr<mlir::Value> blockPtrInt(Emitter &e, const TValue &v,
                                          bool wide, llvm::StringRef what,
                                          SourceLoc l) {
  mlir::Location ml = e.loc(l);
  TileType i64{ElemType::scalar(DType::I64), {}};
  if (v.isInt()) {
    const llvm::APInt &x = v.getBigInt();
    bool fits = wide ? pyint::fitsInt64(x)
                     : pyint::fitsInt64(x) && v.getInt() >= INT32_MIN &&
                           v.getInt() <= INT32_MAX;
    if (!fits)
      return e.err(l, llvm::Twine("block pointers only support ") +
                          (wide ? "64" : "32") + "-bit " + what + ", got " +
                          pyint::toString(x));
    FailureOr<TValue> c = e.materialize(v, i64, l);
    if (failed(c))
      return failure();
    return c->getValue();
  }
  bool isIntScalar = v.isRuntime() && !v.getType().isTensor() &&
                     !v.getType().elem.isPtr && isInt(v.getType().elem.dtype);
  if (!isIntScalar)
    return e.err(l, "a block pointer's " + what +
                        " must be integer scalars, got " + v.describe());
  DType d = v.getType().elem.dtype;
  if (wide) {
    if (d == DType::I64 || d == DType::U64)
      return v.getValue();
    // Converts by the value's own signedness, as Triton's int cast does.
    FailureOr<TValue> c = e.cast(v, ElemType::scalar(DType::I64), l);
    if (failed(c))
      return failure();
    return c->getValue();
  }
  if (getBitWidth(d) == 64)
    return e.err(l, "block pointers only support 32-bit offsets, got " +
                        v.describe() +
                        "; convert it with .to(tl.int32) or use a tensor of "
                        "pointers for 64-bit offsets");
  if (getBitWidth(d) != 32)
    return e.err(l, "block pointer offsets must be 32-bit integers, got " +
                        v.describe());
  return arith::ExtSIOp::create(e.b, ml, e.b.getI64Type(), v.getValue())
      .getResult();
}

/// Converts a list-like argument with blockPtrInt.
static FailureOr<llvm::SmallVector<mlir::Value>>
blockPtrInts(Emitter &e, const TValue &list, bool wide, llvm::StringRef what,
             SourceLoc l) {
  llvm::SmallVector<mlir::Value> out;
  for (const TValue &x : listElements(list)) {
    FailureOr<mlir::Value> v = blockPtrInt(e, x, wide, what, l);
    if (failed(v))
      return failure();
    out.push_back(*v);
  }
  return out;
}

/// Reads a list of constexpr ints (`block_shape`, `order`); bools count as
/// ints, as in Python.
static FailureOr<llvm::SmallVector<int64_t>>
constInts(Emitter &e, const TValue &list, llvm::StringRef what, SourceLoc l) {
  llvm::SmallVector<int64_t> out;
  for (const TValue &x : listElements(list)) {
    if (!(x.isInt() || x.isBool()) || !pyint::fitsInt64(x.getBigInt()))
      return e.err(l, "'tl.make_block_ptr' " + what +
                          " must be constexpr integers, got " + x.describe());
    out.push_back(x.getInt());
  }
  return out;
}

/// Refuses None for the argument `i` of `fn` (bindArgs drops it).
static LogicalResult requireArgs(Emitter &e, const BoundArgs &a,
                                 llvm::StringRef fn,
                                 llvm::ArrayRef<llvm::StringRef> names) {
  for (unsigned i = 0; i < names.size(); ++i)
    if (!a.has(i))
      return e.err(a.locs[i], "'" + fn + "' argument '" + names[i] +
                                  "' cannot be None");
  return success();
}

FailureOr<TValue> Emitter::makeBlockPtr(const BoundArgs &a, SourceLoc l) {
  if (failed(requireArgs(*this, a, "tl.make_block_ptr",
                         {"base", "shape", "strides", "offsets",
                          "block_shape", "order"})))
    return failure();
  FailureOr<llvm::SmallVector<mlir::Value>> shape =
      blockPtrInts(*this, a.get(1), /*wide=*/true, "shapes", a.locs[1]);
  if (failed(shape))
    return failure();
  FailureOr<llvm::SmallVector<mlir::Value>> strides =
      blockPtrInts(*this, a.get(2), /*wide=*/true, "strides", a.locs[2]);
  if (failed(strides))
    return failure();
  FailureOr<llvm::SmallVector<mlir::Value>> offsets =
      blockPtrInts(*this, a.get(3), /*wide=*/false, "offsets", a.locs[3]);
  if (failed(offsets))
    return failure();

  TValue base = a.get(0);
  if (!base.isRuntime() || base.getType().isTensor() ||
      !base.getType().elem.isPtr)
    return err(a.locs[0], "'tl.make_block_ptr' base must be a pointer (not "
                          "a block pointer or a tensor of pointers), got " +
                              base.describe());
  // Triton addresses bool tensors as int8 and loads them as int8.
  if (base.getType().elem.dtype == DType::I1) {
    FailureOr<TValue> c = cast(base, ElemType::pointer(DType::I8), l);
    if (failed(c))
      return failure();
    base = *c;
  }

  FailureOr<llvm::SmallVector<int64_t>> blockShape =
      constInts(*this, a.get(4), "block_shape", a.locs[4]);
  if (failed(blockShape))
    return failure();
  for (int64_t d : *blockShape)
    if (d < INT32_MIN || d > INT32_MAX)
      return err(a.locs[4], "'tl.make_block_ptr' block_shape must be "
                            "constexpr integers in the int32 range, got " +
                                llvm::Twine(d));
  FailureOr<llvm::SmallVector<int64_t>> order =
      constInts(*this, a.get(5), "order", a.locs[5]);
  if (failed(order))
    return failure();
  llvm::SmallVector<int64_t> sorted = *order;
  llvm::sort(sorted);
  for (size_t i = 0; i < sorted.size(); ++i)
    if (sorted[i] != static_cast<int64_t>(i))
      return err(a.locs[5], "'tl.make_block_ptr' order must be a permutation "
                            "of 0 .. " +
                                llvm::Twine(int64_t(order->size()) - 1) +
                                ", got " + formatShape(*order));

  size_t rank = blockShape->size();
  if (shape->size() != rank || strides->size() != rank ||
      offsets->size() != rank || order->size() != rank)
    return err(l, "'tl.make_block_ptr' shape, strides, offsets, block_shape "
                  "and order must have the same length, got " +
                      llvm::Twine(shape->size()) + ", " +
                      llvm::Twine(strides->size()) + ", " +
                      llvm::Twine(offsets->size()) + ", " +
                      llvm::Twine(rank) + " and " +
                      llvm::Twine(order->size()));
  if (rank == 0)
    return err(a.locs[4], "'tl.make_block_ptr' block_shape must not be "
                          "empty: a 0-d block is forbidden");
  if (failed(checkShape(*blockShape, "'tl.make_block_ptr' block", a.locs[4])))
    return failure();

  TileType i64{ElemType::scalar(DType::I64), {}};
  std::vector<TValue> fields{base};
  for (auto *list : {&*shape, &*strides, &*offsets})
    for (mlir::Value v : *list)
      fields.push_back(TValue::runtime(v, i64));
  TileType block{ElemType::scalar(base.getType().elem.dtype),
                 llvm::SmallVector<int64_t, 4>(blockShape->begin(),
                                               blockShape->end())};
  llvm::SmallVector<int32_t> order32(order->begin(), order->end());
  return TValue::blockPtr(std::move(fields), block, order32);
}

FailureOr<TValue> Emitter::advanceBlockPtr(const BoundArgs &a, SourceLoc l) {
  if (failed(requireArgs(*this, a, "tl.advance", {"base", "offsets"})))
    return failure();
  const TValue &bp = a.get(0);
  if (!bp.isBlockPtr())
    return err(a.locs[0], "'tl.advance' expects a block pointer made by "
                          "tl.make_block_ptr, got " +
                              bp.describe());
  FailureOr<llvm::SmallVector<mlir::Value>> deltas =
      blockPtrInts(*this, a.get(1), /*wide=*/false, "offsets", a.locs[1]);
  if (failed(deltas))
    return failure();
  size_t rank = bp.getType().shape.size();
  if (deltas->size() != rank)
    return err(a.locs[1], "'tl.advance' of a block pointer of rank " +
                              llvm::Twine(rank) + " takes " +
                              llvm::Twine(rank) + " offsets, got " +
                              llvm::Twine(deltas->size()));
  std::vector<TValue> fields = bp.getElts();
  mlir::Location ml = loc(l);
  for (size_t d = 0; d < rank; ++d) {
    TValue &off = fields[1 + 2 * rank + d];
    mlir::Value sum =
        arith::AddIOp::create(b, ml, off.getValue(), (*deltas)[d]);
    off = TValue::runtime(sum, off.getType());
  }
  return TValue::blockPtr(std::move(fields), bp.getType(), bp.getOrder());
}

/// Triton's canonical `boundary_check`: an int or a list of distinct
/// dimensions of the block, sorted; a false value checks nothing.
static FailureOr<llvm::SmallVector<int>>
boundaryDims(Emitter &e, const BoundArgs &a, unsigned idx, size_t rank) {
  llvm::SmallVector<int> dims;
  if (!a.has(idx))
    return dims;
  const TValue &bc = a.get(idx);
  if (!bc.isConstexpr())
    return e.err(a.locs[idx], "'boundary_check' must be constexpr "
                              "dimensions, got " +
                                  bc.describe());
  if (bc.isNumber() && !bc.getBool())
    return dims;
  std::set<int64_t> seen;
  for (const TValue &x : listElements(bc)) {
    if (!(x.isInt() || x.isBool()) || !pyint::fitsInt64(x.getBigInt()) ||
        x.getInt() < 0 || x.getInt() >= static_cast<int64_t>(rank))
      return e.err(a.locs[idx],
                   "'boundary_check' dimension must be an integer in [0, " +
                       llvm::Twine(rank) + ") for a block pointer of rank " +
                       llvm::Twine(rank) + ", got " + x.describe());
    if (!seen.insert(x.getInt()).second)
      return e.err(a.locs[idx], "duplicate dimension " +
                                    llvm::Twine(x.getInt()) +
                                    " in 'boundary_check'");
    dims.push_back(x.getInt());
  }
  llvm::sort(dims);
  return dims;
}

FailureOr<Emitter::BlockAccess>
Emitter::expandBlockPtr(const TValue &bp, llvm::ArrayRef<int> checkDims,
                        SourceLoc l) {
  const TileType &block = bp.getType();
  size_t rank = block.shape.size();
  mlir::Location ml = loc(l);
  TileType i64Block{ElemType::scalar(DType::I64), block.shape};
  mlir::Type i64BlockTy = getMlirType(&ctx, i64Block);

  // offsets[d] + arange(block_shape[d]) as i64, shaped to broadcast along d.
  llvm::SmallVector<mlir::Value> index(rank);
  for (size_t d = 0; d < rank; ++d) {
    int64_t n = block.shape[d];
    auto rowI32 = getMlirType(&ctx, TileType{ElemType::scalar(DType::I32), {n}});
    auto rowI64 = getMlirType(&ctx, TileType{ElemType::scalar(DType::I64), {n}});
    mlir::Value range = tile::MakeRangeOp::create(b, ml, rowI32, 0, n);
    mlir::Value wide = arith::ExtSIOp::create(b, ml, rowI64, range);
    mlir::Value off =
        tile::SplatOp::create(b, ml, rowI64, bp.getElts()[1 + 2 * rank + d]
                                                 .getValue());
    mlir::Value x = arith::AddIOp::create(b, ml, off, wide);
    for (size_t j = 0; j < rank; ++j)
      if (j != d)
        x = tile::ExpandDimsOp::create(b, ml, x, static_cast<int>(j));
    index[d] = x;
  }

  TileType ptrType{ElemType::pointer(block.elem.dtype), block.shape};
  mlir::Type ptrTy = getMlirType(&ctx, ptrType);
  mlir::Value ptr =
      tile::SplatOp::create(b, ml, ptrTy, bp.getElts()[0].getValue());
  for (size_t d = 0; d < rank; ++d) {
    mlir::Value stride = tile::SplatOp::create(
        b, ml, index[d].getType(), bp.getElts()[1 + rank + d].getValue());
    mlir::Value scaled = arith::MulIOp::create(b, ml, index[d], stride);
    if (scaled.getType() != i64BlockTy)
      scaled = tile::BroadcastOp::create(b, ml, i64BlockTy, scaled);
    ptr = tile::AddPtrOp::create(b, ml, ptrTy, ptr, scaled);
  }

  BlockAccess out;
  out.ptrs = TValue::runtime(ptr, ptrType);
  out.type = block;
  mlir::Type maskTy =
      getMlirType(&ctx, TileType{ElemType::scalar(DType::I1), block.shape});
  for (int d : checkDims) {
    mlir::Type rowTy = index[d].getType();
    mlir::Value zero = arith::ConstantIntOp::create(b, ml, b.getI64Type(), 0);
    mlir::Value lower = arith::CmpIOp::create(
        b, ml, arith::CmpIPredicate::sge, index[d],
        tile::SplatOp::create(b, ml, rowTy, zero));
    mlir::Value upper = arith::CmpIOp::create(
        b, ml, arith::CmpIPredicate::slt, index[d],
        tile::SplatOp::create(b, ml, rowTy, bp.getElts()[1 + d].getValue()));
    mlir::Value inside = arith::AndIOp::create(b, ml, lower, upper);
    if (inside.getType() != maskTy)
      inside = tile::BroadcastOp::create(b, ml, maskTy, inside);
    out.mask = out.mask ? arith::AndIOp::create(b, ml, out.mask, inside)
                              .getResult()
                        : inside;
  }
  return out;
}

FailureOr<Emitter::BlockAccess>
Emitter::blockPtrLoad(const BoundArgs &a, llvm::StringRef padding,
                      SourceLoc l) {
  const TValue &bp = a.get(0);
  if (a.has(1) || a.has(2))
    return err(a.locs[a.has(1) ? 1 : 2],
               "'mask' and 'other' cannot be given when loading through a "
               "block pointer; use 'boundary_check' and 'padding_option'");
  const TileType &block = bp.getType();
  if (block.elem.isInt() && padding == "nan")
    return err(a.locs[4], "padding option 'nan' is not supported for a "
                          "block pointer to " +
                              block.elem.str() + " (an integer type)");
  FailureOr<llvm::SmallVector<int>> dims =
      boundaryDims(*this, a, 3, block.shape.size());
  if (failed(dims))
    return failure();
  FailureOr<BlockAccess> acc = expandBlockPtr(bp, *dims, l);
  if (failed(acc))
    return failure();
  // Out-of-bounds elements are undefined without a padding option.
  if (acc->mask && !padding.empty()) {
    TValue pad = padding == "nan" ? TValue::floating(std::nan(""))
                 : block.elem.isFloat() ? TValue::floating(0)
                                        : TValue::integer(0);
    FailureOr<TValue> other = materialize(pad, block, l);
    if (failed(other))
      return failure();
    acc->other = other->getValue();
  }
  return acc;
}

FailureOr<Emitter::BlockAccess> Emitter::blockPtrStore(const BoundArgs &a,
                                                       SourceLoc l) {
  const TValue &bp = a.get(0);
  if (a.has(2))
    return err(a.locs[2], "'mask' cannot be given when storing through a "
                          "block pointer; use 'boundary_check'");
  const TileType &block = bp.getType();
  const TValue &v = a.get(1);
  if (!v.isRuntime() && !v.isNumber())
    return err(a.locs[1], "'tl.store' value must be a number or a tensor, "
                          "got " +
                              v.describe());
  FailureOr<TValue> value = toRuntime(v, a.locs[1]);
  if (failed(value))
    return failure();
  if (!value->getType().isTensor()) {
    FailureOr<TValue> s = broadcastTo(*value, block.shape, a.locs[1]);
    if (failed(s))
      return failure();
    value = *s;
  }
  // Triton stores a block of exactly the pointer's type: no broadcasting of
  // tensors and no implicit conversion.
  if (value->getType().shape != block.shape)
    return err(a.locs[1], "a block pointer to " + block.str() +
                              " blocks stores a tensor of that shape, got " +
                              value->describe());
  if (value->getType().elem != block.elem)
    return err(a.locs[1], "a block pointer to " + block.str() +
                              " blocks stores " + block.elem.str() +
                              " values, got " + value->describe() +
                              " (convert it with .to())");
  FailureOr<llvm::SmallVector<int>> dims =
      boundaryDims(*this, a, 3, block.shape.size());
  if (failed(dims))
    return failure();
  FailureOr<BlockAccess> acc = expandBlockPtr(bp, *dims, l);
  if (failed(acc))
    return failure();
  acc->value = value->getValue();
  return acc;
}

//===----------------------------------------------------------------------===//
// Tensor descriptors made in the kernel
//===----------------------------------------------------------------------===//

// Triton 3.6 builds a TMA descriptor on the device for these (a tensor map
// written to global scratch). tilec lowers their loads and stores as block
// pointer accesses checked on every dimension, which gives what the TMA
// gives: out-of-bounds elements (a negative index included) read as the
// padding and are not written.

FailureOr<TValue> Emitter::makeTensorDescriptor(const BoundArgs &a,
                                                SourceLoc l) {
  const char *qn = "'tl.make_tensor_descriptor'";
  if (failed(requireArgs(*this, a, "tl.make_tensor_descriptor",
                         {"base", "shape", "strides", "block_shape"})))
    return failure();
  TValue base = a.get(0);
  if (!base.isRuntime() || base.getType().isTensor() ||
      !base.getType().elem.isPtr)
    return err(a.locs[0], llvm::Twine(qn) + " base must be a pointer, got " +
                              base.describe());
  std::vector<TValue> shapeList = listElements(a.get(1));
  std::vector<TValue> strideList = listElements(a.get(2));
  size_t rank = shapeList.size();
  if (rank < 1 || rank > 5)
    return err(a.locs[1], llvm::Twine(qn) + " expects 1 to 5 dimensions, "
                                            "got " +
                              llvm::Twine(rank));
  if (strideList.size() != rank)
    return err(a.locs[2], llvm::Twine(qn) + " expects " + llvm::Twine(rank) +
                              " strides, got " +
                              llvm::Twine(strideList.size()));
  FailureOr<llvm::SmallVector<int64_t>> blockShape =
      constInts(*this, a.get(3), "block_shape", a.locs[3]);
  if (failed(blockShape))
    return failure();
  if (blockShape->size() != rank)
    return err(a.locs[3], llvm::Twine(qn) + " expects block_shape to have " +
                              llvm::Twine(rank) + " dimensions, got " +
                              llvm::Twine(blockShape->size()));
  if (failed(checkShape(*blockShape, "'tl.make_tensor_descriptor' block",
                        a.locs[3])))
    return failure();
  DType dt = base.getType().elem.dtype;
  int64_t elemBytes = dt == DType::I1 ? 0 : getBitWidth(dt) / 8;
  if (blockShape->back() * elemBytes < 16)
    return err(a.locs[3],
               llvm::Twine(qn) + " block must have at least 16 bytes in the "
                                 "last dimension, got " +
                   llvm::Twine(blockShape->back()) + " * " +
                   llvm::Twine(elemBytes) + " = " +
                   llvm::Twine(blockShape->back() * elemBytes) + " bytes");
  const TValue &last = strideList.back();
  if (!(last.isInt() && last.getInt() == 1))
    return err(a.locs[2], llvm::Twine(qn) + " last stride must be the "
                                            "constexpr 1, got " +
                              last.describe());
  bool padNan = false;
  if (a.has(4)) {
    const TValue &p = a.get(4);
    bool isStr = p.getKind() == TValue::Kind::Str;
    if (!isStr || (p.getStr() != "zero" && p.getStr() != "nan"))
      return err(a.locs[4], llvm::Twine(qn) +
                                " padding_option must be 'zero' or 'nan', "
                                "got " +
                                (isStr ? "'" + p.getStr() + "'"
                                       : p.describe()));
    padNan = p.getStr() == "nan";
    if (padNan && !isFloat(dt))
      return err(a.locs[4], "padding option 'nan' is not supported for "
                            "integer blocks");
  }

  // Shapes are int32 and strides int64, converted as Triton's make_scalar
  // does (a cast of a runtime value, a constant otherwise).
  std::vector<TValue> fields{base};
  for (auto [list, et, where] :
       {std::make_tuple(&shapeList, DType::I32, a.locs[1]),
        std::make_tuple(&strideList, DType::I64, a.locs[2])}) {
    for (const TValue &x : *list) {
      bool ok = x.isInt() || x.isBool() ||
                (x.isRuntime() && !x.getType().isTensor() &&
                 !x.getType().elem.isPtr && isInt(x.getType().elem.dtype));
      if (!ok)
        return err(where, llvm::Twine(qn) +
                              " shape and strides must be integer scalars, "
                            "got " +
                            x.describe());
      FailureOr<TValue> v =
          x.isRuntime() ? cast(x, ElemType::scalar(et), where)
                        : materialize(x, TileType{ElemType::scalar(et), {}},
                                      where);
      if (failed(v))
        return failure();
      fields.push_back(*v);
    }
  }
  TileType block{ElemType::scalar(dt),
                 llvm::SmallVector<int64_t, 4>(blockShape->begin(),
                                               blockShape->end())};
  return TValue::deviceDescriptor(std::move(fields), block, padNan);
}

FailureOr<Emitter::BlockAccess>
Emitter::expandDeviceDescriptor(const TValue &desc,
                                llvm::ArrayRef<mlir::Value> offsets,
                                bool isLoad, SourceLoc l) {
  const TileType &block = desc.getType();
  size_t rank = block.shape.size();
  mlir::Location ml = loc(l);
  mlir::Type i64 = b.getI64Type();
  // The block pointer's fields: shapes, strides and offsets in i64 (shapes
  // and offsets sign-extended from i32, as the TMA reads them).
  std::vector<TValue> fields{desc.getElts()[0]};
  TileType i64Scalar{ElemType::scalar(DType::I64), {}};
  for (size_t d = 0; d < rank; ++d)
    fields.push_back(TValue::runtime(
        arith::ExtSIOp::create(b, ml, i64, desc.getElts()[1 + d].getValue()),
        i64Scalar));
  for (size_t d = 0; d < rank; ++d)
    fields.push_back(desc.getElts()[1 + rank + d]);
  for (mlir::Value off : offsets)
    fields.push_back(
        TValue::runtime(arith::ExtSIOp::create(b, ml, i64, off), i64Scalar));
  llvm::SmallVector<int32_t> order;
  for (size_t d = rank; d-- > 0;)
    order.push_back(static_cast<int32_t>(d));
  TValue bp = TValue::blockPtr(std::move(fields), block, order);
  llvm::SmallVector<int> all;
  for (size_t d = 0; d < rank; ++d)
    all.push_back(static_cast<int>(d));
  FailureOr<BlockAccess> acc = expandBlockPtr(bp, all, l);
  if (failed(acc) || !isLoad)
    return acc;
  TValue pad = desc.padsWithNan()     ? TValue::floating(std::nan(""))
               : block.elem.isFloat() ? TValue::floating(0)
                                      : TValue::integer(0);
  FailureOr<TValue> other = materialize(pad, block, l);
  if (failed(other))
    return failure();
  acc->other = other->getValue();
  return acc;
}
