//===- EmitShape.cpp - Shape ops, dot and hints -----------------*- C++ -*-===//
//
// tl.reshape, tl.trans, tl.join / split / interleave / cat, tl.flip and
// tl.swizzle2d (built as Triton's standard.py builds them, from the
// primitive ops), tl.dot (operand, shape and precision checks) and the
// tl.multiple_of / max_contiguous / max_constancy hints.
//
//===----------------------------------------------------------------------===//

#include "Frontend/Emitter.h"

#include "Tile/IR/TileOps.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Math/IR/Math.h"

using namespace tilec::frontend;
namespace arith = mlir::arith;
namespace tile = tilec::tile;

//===----------------------------------------------------------------------===//
// Shape manipulation, dot, hints
//===----------------------------------------------------------------------===//

FailureOr<TValue> Emitter::reshape(const TValue &x,
                                   llvm::ArrayRef<int64_t> shape,
                                   bool canReorder, SourceLoc l) {
  if (!x.isRuntime())
    return err(l, "'tl.reshape' expects a tensor, got " + x.describe());
  const TileType &t = x.getType();
  int64_t n = 1;
  for (int64_t d : shape)
    n *= d;
  if (n != t.getNumElements())
    return err(l, "'tl.reshape' cannot reshape " + t.str() + " to " +
                      formatShape(shape) + ": " +
                      llvm::Twine(t.getNumElements()) + " elements vs " +
                      llvm::Twine(n));
  if (shape.size() > 32)
    return err(l, "'tl.reshape' to rank " + llvm::Twine(shape.size()) +
                      ": tensors of rank above 32 are not supported");
  TileType rt{t.elem, llvm::SmallVector<int64_t, 4>(shape)};
  if (!t.isTensor())
    return broadcastTo(x, shape, l);
  if (rt == t)
    return x;
  return TValue::runtime(tile::ReshapeOp::create(b, loc(l),
                                                 getMlirType(&ctx, rt),
                                                 x.getValue(), canReorder),
                         rt);
}

FailureOr<TValue> Emitter::trans(const TValue &x,
                                 llvm::ArrayRef<int32_t> order, SourceLoc l) {
  const TileType &t = x.getType();
  size_t rank = t.shape.size();
  if (order.size() != rank)
    return err(l, "'tl.trans' permutation has " + llvm::Twine(order.size()) +
                      " entries for a tensor of rank " + llvm::Twine(rank));
  llvm::SmallVector<bool> seen(rank, false);
  TileType rt = t;
  for (size_t i = 0; i < rank; ++i) {
    int32_t o = order[i];
    if (o < 0 || static_cast<size_t>(o) >= rank || seen[o])
      return err(l, "'tl.trans' dims must be a permutation of 0.." +
                        llvm::Twine(rank - 1));
    seen[o] = true;
    rt.shape[i] = t.shape[o];
  }
  bool identity = true;
  for (size_t i = 0; i < rank; ++i)
    identity &= order[i] == static_cast<int32_t>(i);
  if (identity)
    return x;
  return TValue::runtime(tile::TransOp::create(b, loc(l),
                                               getMlirType(&ctx, rt),
                                               x.getValue(), order),
                         rt);
}

FailureOr<TValue> Emitter::builtinJoinInterleave(BuiltinCall &c) {
  return c.fn == "join" ? join(c.a.get(0), c.a.get(1), c.loc)
                        : interleave(c.a.get(0), c.a.get(1), c.loc);
}

FailureOr<TValue> Emitter::builtinCat(BuiltinCall &c) {
  FailureOr<bool> reorder = c.a.has(2) ? truthy(c.a.get(2), c.a.locs[2])
                                       : FailureOr<bool>(false);
  if (failed(reorder))
    return failure();
  return cat(c.a.get(0), c.a.get(1), *reorder, c.loc);
}

FailureOr<TValue> Emitter::builtinSplit(BuiltinCall &c) {
  return split(c.a.get(0), c.loc);
}

FailureOr<TValue> Emitter::builtinFlip(BuiltinCall &c) {
  return flip(c.a.get(0), c.a.has(1) ? c.a.get(1) : TValue::none(), c.loc);
}

FailureOr<TValue> Emitter::builtinSwizzle2d(BuiltinCall &c) {
  const BoundArgs &a = c.a;
  return swizzle2d(a.get(0), a.get(1), a.get(2), a.get(3), a.get(4), c.loc);
}

FailureOr<TValue> Emitter::unsplat(const TValue &x, SourceLoc l) {
  const TileType &t = x.getType();
  if (!t.isTensor())
    return x;
  if (t.getNumElements() != 1)
    return err(l, "only a one-element tensor converts to a scalar, got " +
                      x.describe());
  TValue v = x;
  if (t.shape.size() > 1) {
    FailureOr<TValue> r = reshape(x, {1}, /*canReorder=*/false, l);
    if (failed(r))
      return failure();
    v = *r;
  }
  // A reduction of one element: the combiner never runs.
  mlir::Location ml = loc(l);
  TileType st{t.elem, {}};
  mlir::Type et = getMlirType(&ctx, st);
  auto op = tile::ReduceOp::create(b, ml, mlir::TypeRange{et},
                                   mlir::ValueRange{v.getValue()}, 0);
  {
    mlir::OpBuilder::InsertionGuard g(b);
    mlir::Block *blk =
        b.createBlock(&op.getCombineOp(), {}, {et, et}, {ml, ml});
    tile::ReduceReturnOp::create(b, ml, mlir::ValueRange{blk->getArgument(0)});
  }
  return TValue::runtime(op->getResult(0), st);
}

FailureOr<TValue> Emitter::join(const TValue &av, const TValue &bv,
                                SourceLoc l) {
  FailureOr<TValue> ar = toRuntime(av, l), br = toRuntime(bv, l);
  if (failed(ar) || failed(br))
    return failure();
  TValue x = *ar, y = *br;
  if (x.getType().elem.isPtr != y.getType().elem.isPtr ||
      x.getType().elem.dtype != y.getType().elem.dtype)
    return err(l, "'tl.join' operands must have one dtype, got " +
                      x.getType().elem.str() + " and " +
                      y.getType().elem.str());
  if (failed(broadcastPair(x, y, l)))
    return failure();
  // Scalars join as one-element tensors, then lose that dimension.
  bool scalars = !x.getType().isTensor();
  if (scalars) {
    FailureOr<TValue> ex = expandDims(x, 0, l), ey = expandDims(y, 0, l);
    if (failed(ex) || failed(ey))
      return failure();
    x = *ex;
    y = *ey;
  }
  TileType rt = x.getType();
  rt.shape.push_back(2);
  TValue r =
      TValue::runtime(tile::JoinOp::create(b, loc(l), getMlirType(&ctx, rt),
                                           x.getValue(), y.getValue()),
                      rt);
  if (scalars)
    return reshape(r, {2}, /*canReorder=*/false, l);
  return r;
}

FailureOr<TValue> Emitter::split(const TValue &av, SourceLoc l) {
  if (!av.isRuntime() || !av.getType().isTensor() ||
      av.getType().shape.back() != 2)
    return err(l, "'tl.split' expects a tensor whose last dimension is 2, "
                  "got " +
                      av.describe());
  TValue x = av;
  bool rank1 = x.getType().shape.size() == 1;
  if (rank1) {
    FailureOr<TValue> e = expandDims(x, 0, l);
    if (failed(e))
      return failure();
    x = *e;
  }
  TileType rt = x.getType();
  rt.shape.pop_back();
  mlir::Type mt = getMlirType(&ctx, rt);
  auto op = tile::SplitOp::create(b, loc(l), mt, mt, x.getValue());
  std::vector<TValue> outs{TValue::runtime(op.getLhs(), rt),
                           TValue::runtime(op.getRhs(), rt)};
  if (rank1)
    for (TValue &o : outs) {
      FailureOr<TValue> s = unsplat(o, l);
      if (failed(s))
        return failure();
      o = *s;
    }
  return TValue::tuple(std::move(outs));
}

FailureOr<TValue> Emitter::interleave(const TValue &a, const TValue &bv,
                                      SourceLoc l) {
  // Triton's standard.py: join, then merge the new dimension into the last.
  FailureOr<TValue> c = join(a, bv, l);
  if (failed(c) || c->getType().shape.size() == 1)
    return c;
  llvm::SmallVector<int64_t> shape(c->getType().shape.begin(),
                                   c->getType().shape.end());
  shape.pop_back();
  shape.back() *= 2;
  return reshape(*c, shape, /*canReorder=*/false, l);
}

FailureOr<TValue> Emitter::cat(const TValue &a, const TValue &bv,
                               bool canReorder, SourceLoc l) {
  if (!canReorder)
    return err(l, "'tl.cat' supports only can_reorder=True (the current "
                  "implementation of cat always may reorder elements)");
  for (const TValue *v : {&a, &bv})
    if (!v->isRuntime() || v->getType().shape.size() != 1)
      return err(l, "'tl.cat' expects 1-D tensors, got " + v->describe());
  if (!(a.getType() == bv.getType()))
    return err(l, "'tl.cat' operands must have one type, got " +
                      a.getType().str() + " and " + bv.getType().str());
  TileType rt = a.getType();
  rt.shape[0] *= 2;
  return TValue::runtime(tile::CatOp::create(b, loc(l), getMlirType(&ctx, rt),
                                             a.getValue(), bv.getValue()),
                         rt);
}

FailureOr<TValue> Emitter::flip(const TValue &x, const TValue &dimV,
                                SourceLoc l) {
  if (!x.isRuntime() || !x.getType().isTensor() || x.getType().elem.isPtr)
    return err(l, "'tl.flip' expects a tensor of numbers, got " + x.describe());
  const TileType &t = x.getType();
  int64_t rank = t.shape.size();
  int64_t dim = rank - 1;
  if (!dimV.isNone()) {
    FailureOr<int64_t> d = constInt(dimV, "'tl.flip' dim", l);
    if (failed(d))
      return failure();
    FailureOr<int> n = normalizeAxis(*d, rank, l);
    if (failed(n))
      return failure();
    dim = *n;
  }
  // Triton's standard.py: as integers of the same width, the dimension
  // split into log2(n) dimensions of 2, each swapped by XOR with its XOR-sum.
  int64_t size = t.shape[dim];
  unsigned steps = llvm::Log2_64(size);
  unsigned bits = getBitWidth(t.elem.dtype);
  DType intType = bits == 1    ? DType::I1
                  : bits == 8  ? DType::I8
                  : bits == 16 ? DType::I16
                  : bits == 32 ? DType::I32
                               : DType::I64;
  FailureOr<TValue> y = cast(x, ElemType::scalar(intType), l, /*bitcast=*/true);
  if (failed(y))
    return failure();
  llvm::SmallVector<int64_t> split(t.shape.begin(), t.shape.begin() + dim);
  split.append(steps, 2);
  split.append(t.shape.begin() + dim + 1, t.shape.end());
  y = reshape(*y, split, /*canReorder=*/false, l);
  if (failed(y))
    return failure();
  for (unsigned i = 0; i < steps; ++i) {
    FailureOr<TValue> s = reduce(ReduceKind::XorSum, *y,
                                 TValue::integer(dim + i), /*keepDims=*/true,
                                 /*returnIndices=*/false, l);
    if (failed(s))
      return failure();
    y = binaryOp(BinaryOpKind::BitXor, *y, *s, l);
    if (failed(y))
      return failure();
  }
  y = reshape(*y, t.shape, /*canReorder=*/false, l);
  if (failed(y))
    return failure();
  return cast(*y, t.elem, l, /*bitcast=*/true);
}

FailureOr<TValue> Emitter::swizzle2d(const TValue &i, const TValue &j,
                                     const TValue &sizeI, const TValue &sizeJ,
                                     const TValue &sizeG, SourceLoc l) {
  // Triton's standard.py, operation for operation.
  auto op = [&](BinaryOpKind k, const TValue &x, const TValue &y) {
    return binaryOp(k, x, y, l);
  };
  FailureOr<TValue> ij = op(BinaryOpKind::Mul, i, sizeJ);
  if (failed(ij) || failed(ij = op(BinaryOpKind::Add, *ij, j)))
    return failure();
  FailureOr<TValue> sizeGJ = op(BinaryOpKind::Mul, sizeG, sizeJ);
  if (failed(sizeGJ))
    return failure();
  FailureOr<TValue> groupId = op(BinaryOpKind::FloorDiv, *ij, *sizeGJ);
  if (failed(groupId))
    return failure();
  FailureOr<TValue> offI = op(BinaryOpKind::Mul, *groupId, sizeG);
  if (failed(offI))
    return failure();
  FailureOr<TValue> left = op(BinaryOpKind::Sub, sizeI, *offI);
  if (failed(left))
    return failure();
  FailureOr<TValue> g = minMax(/*isMax=*/false, *left, sizeG,
                               /*propagateNan=*/false, l);
  if (failed(g))
    return failure();
  FailureOr<TValue> ijIn = op(BinaryOpKind::Mod, *ij, *sizeGJ);
  if (failed(ijIn))
    return failure();
  FailureOr<TValue> rowIn = op(BinaryOpKind::Mod, *ijIn, *g);
  if (failed(rowIn))
    return failure();
  FailureOr<TValue> newI = op(BinaryOpKind::Add, *offI, *rowIn);
  FailureOr<TValue> newJ = op(BinaryOpKind::FloorDiv, *ijIn, *g);
  if (failed(newI) || failed(newJ))
    return failure();
  return TValue::tuple({*newI, *newJ});
}

FailureOr<TValue> Emitter::dot(const BoundArgs &a, SourceLoc l) {
  const TValue &x = a.get(0), &y = a.get(1);
  // fp8e4b15 has no MMA: Triton converts both fp8 operands of such a dot to
  // fp16 first (the rest of the checks then see fp16 operands).
  auto isE4b15 = [](const TValue &v) {
    return v.isRuntime() && v.getType().elem == ElemType::scalar(DType::FP8E4B15);
  };
  auto isFp8Tile = [](const TValue &v) {
    return v.isRuntime() && !v.getType().elem.isPtr &&
           isFp8(v.getType().elem.dtype);
  };
  if ((isE4b15(x) || isE4b15(y)) && isFp8Tile(x) && isFp8Tile(y)) {
    BoundArgs up = a;
    for (unsigned i = 0; i < 2; ++i) {
      FailureOr<TValue> h =
          cast(a.get(i), ElemType::scalar(DType::FP16), a.locs[i]);
      if (failed(h))
        return failure();
      up.slots[i] = *h;
    }
    return dot(up, l);
  }
  for (unsigned i = 0; i < 2; ++i) {
    const TValue &v = a.get(i);
    if (!v.isRuntime() || v.getType().elem.isPtr ||
        v.getType().shape.size() < 2)
      return err(a.locs[i], "'tl.dot' operands must be tensors of numbers of "
                            "rank 2 or more, got " +
                                v.describe());
  }
  const TileType &xt = x.getType(), &yt = y.getType();
  size_t rank = xt.shape.size();
  if (yt.shape.size() != rank)
    return err(l, "'tl.dot' operands must have the same rank, got " +
                      xt.str() + " and " + yt.str());
  int64_t m = xt.shape[rank - 2], k = xt.shape[rank - 1],
          k2 = yt.shape[rank - 2], n = yt.shape[rank - 1];
  if (k != k2)
    return err(l, "'tl.dot' inner dimensions must match: input is " +
                      xt.str() + " and other is " + yt.str());
  for (size_t i = 0; i + 2 < rank; ++i)
    if (xt.shape[i] != yt.shape[i])
      return err(l, "'tl.dot' batch dimensions must match: " + xt.str() +
                        " and " + yt.str());
  if (m < 16 || n < 16 || k < 16)
    return err(l, "'tl.dot' needs M, N and K of at least 16, got M=" +
                      llvm::Twine(m) + " N=" + llvm::Twine(n) +
                      " K=" + llvm::Twine(k));
  DType xd = xt.elem.dtype, yd = yt.elem.dtype;
  bool xFp8 = isFp8(xd), yFp8 = isFp8(yd);
  if (xd != yd && !(xFp8 && yFp8))
    return err(l, "'tl.dot' operands must have the same element type, got " +
                      getName(xd) + " and " + getName(yd));
  if (!(xd == DType::FP16 || xd == DType::BF16 || xd == DType::FP32 ||
        xd == DType::FP64 || xd == DType::I8 || xFp8))
    return err(l, "'tl.dot' does not support " + getName(xd) +
                      " operands (use fp16, bf16, fp32, fp64, int8 or fp8)");
  // As Triton: int8 operands always give int32, fp32 and bf16 ones fp32,
  // fp64 ones fp64 (out_dtype is not read for those); fp16 and fp8 ones
  // give out_dtype, fp32 or fp16.
  DType outD = xd == DType::I8    ? DType::I32
               : xd == DType::FP64 ? DType::FP64
                                   : DType::FP32;
  if (a.has(6)) {
    FailureOr<ElemType> od = constDType(a.get(6), "'tl.dot' out_dtype",
                                        a.locs[6]);
    if (failed(od))
      return failure();
    if (xd == DType::I8)
      ;
    else if (od->dtype == DType::BF16)
      return err(a.locs[6], "'tl.dot' out_dtype=bfloat16 is not supported; "
                            "use float32 or float16 and cast the result");
    else if (xd == DType::FP32 || xd == DType::BF16 || xd == DType::FP64)
      ;
    else if (od->dtype != DType::FP32 && od->dtype != DType::FP16)
      return err(a.locs[6], "'tl.dot' out_dtype must be fp32 or fp16 for " +
                                getName(xd) + " operands, got " + od->str());
    else
      outD = od->dtype;
  }
  llvm::SmallVector<int64_t, 4> outShape = xt.shape;
  outShape[rank - 1] = n;
  TileType rt{ElemType::scalar(outD), outShape};
  TValue acc;
  if (a.has(2)) {
    acc = a.get(2);
    if (!acc.isRuntime() || acc.getType().shape != outShape)
      return err(a.locs[2], "'tl.dot' accumulator must be a tensor of shape " +
                                formatShape(outShape) + ", got " +
                                acc.describe());
    DType ad = acc.getType().elem.dtype;
    if (ad != outD)
      return err(a.locs[2], "'tl.dot' accumulator must be " + getName(outD) +
                                " to match out_dtype, got " + getName(ad));
  } else {
    FailureOr<TValue> z = zerosOf(rt, l);
    if (failed(z))
      return failure();
    acc = *z;
  }
  // Triton asserts the same: allow_tf32 is the deprecated spelling of
  // input_precision, and the two could disagree.
  if (a.has(3) && a.has(4))
    return err(a.locs[4], "'tl.dot' takes only one of input_precision and "
                          "allow_tf32");
  tile::InputPrecision prec = tile::InputPrecision::IEEE;
  if (xd == DType::FP32)
    prec = tile::InputPrecision::TF32;
  if (a.has(4)) {
    FailureOr<bool> t = truthy(a.get(4), a.locs[4]);
    if (failed(t))
      return failure();
    if (!*t && xd == DType::FP32)
      prec = tile::InputPrecision::IEEE;
  }
  // bf16x3 and bf16x6 have no tile::InputPrecision: emitDot splits them
  // into bf16 dots here (Triton's F32DotTC pass), for fp32 operands only.
  int bf16Parts = 0;
  if (a.has(3)) {
    FailureOr<std::string> p = constStr(a, 3, "'input_precision'");
    if (failed(p))
      return failure();
    std::string lower = llvm::StringRef(*p).lower();
    if (lower == "tf32")
      prec = tile::InputPrecision::TF32;
    else if (lower == "tf32x3")
      prec = tile::InputPrecision::TF32x3;
    else if (lower == "ieee")
      prec = tile::InputPrecision::IEEE;
    else if (lower == "bf16x3" || lower == "bf16x6")
      bf16Parts = lower == "bf16x3" ? 2 : 3;
    else
      return err(a.locs[3], "'input_precision' must be 'tf32', 'tf32x3', "
                            "'ieee', 'bf16x3' or 'bf16x6', got '" +
                                *p + "'");
    if (xd != DType::FP32) {
      prec = tile::InputPrecision::IEEE;
      bf16Parts = 0;
    } else if (bf16Parts) {
      prec = tile::InputPrecision::IEEE;
    }
  }
  // Triton's default for fp8 x fp8 on sm_90 is 2^30 (never split the
  // accumulation; other targets ignore it), and an explicit value above K
  // is an error there.
  bool bothFp8 = xFp8 && yFp8;
  int32_t maxImprecise = bothFp8 ? (1 << 30) : 0;
  if (a.has(5) && !a.get(5).isNone()) {
    FailureOr<int64_t> v = constInt(a.get(5), "'max_num_imprecise_acc'",
                                    a.locs[5]);
    if (failed(v))
      return failure();
    if (bothFp8 && *v > k)
      return err(a.locs[5], "'tl.dot' max_num_imprecise_acc (" +
                                llvm::Twine(*v) + ") must be <= K (" +
                                llvm::Twine(k) + ")");
    maxImprecise = static_cast<int32_t>(*v);
  }
  return emitDot(x, y, acc, prec, bf16Parts, maxImprecise, l);
}

FailureOr<TValue> Emitter::hint(llvm::StringRef fn, const TValue &x,
                                const TValue &values, SourceLoc l) {
  std::string qn = ("tl." + fn).str();
  if (!x.isRuntime())
    return err(l, "'" + qn + "' expects a tensor or a runtime scalar, got " +
                      x.describe());
  llvm::SmallVector<int64_t> vals;
  std::vector<TValue> elts =
      values.isTuple() ? values.getElts() : std::vector<TValue>{values};
  for (const TValue &v : elts) {
    FailureOr<int64_t> i = constInt(v, "'" + qn + "' values", l);
    if (failed(i))
      return failure();
    if (*i <= 0)
      return err(l, "'" + qn + "' values must be positive, got " +
                        llvm::Twine(*i));
    vals.push_back(*i);
  }
  // As in Triton: one value per dimension; multiple_of also takes one for
  // a scalar, max_contiguous and max_constancy only tensors.
  size_t rank = x.getType().shape.size();
  if (fn == "multiple_of")
    rank = std::max<size_t>(1, rank);
  if (vals.size() != rank)
    return err(l, "'" + qn + "' needs one value per dimension (" +
                      llvm::Twine(rank) + "), got " +
                      llvm::Twine(vals.size()));
  // The axis analysis tracks integers and pointers only; Triton accepts the
  // hint on a float tensor and nothing reads it.
  if (x.getType().elem.isFloat())
    return x;
  mlir::Location ml = loc(l);
  auto attr = b.getDenseI64ArrayAttr(vals);
  auto op = tile::HintOp::create(b, ml, getMlirType(&ctx, x.getType()),
                                 x.getValue());
  if (fn == "multiple_of")
    op->setAttr("divisibility", attr);
  else if (fn == "max_contiguous")
    op->setAttr("contiguity", attr);
  else
    op->setAttr("constancy", attr);
  return TValue::runtime(op, x.getType());
}

//===----------------------------------------------------------------------===//
// Builtin handlers (Builtins.def)
//===----------------------------------------------------------------------===//

FailureOr<TValue> Emitter::builtinDot(BuiltinCall &c) {
  return dot(c.a, c.loc);
}

FailureOr<TValue> Emitter::builtinTrans(BuiltinCall &c) {
  SourceLoc l = c.loc;
  llvm::StringRef fn = c.fn;
  const std::string &qn = c.qn;
  std::vector<TValue> &args = c.args;
  std::vector<std::pair<std::string, TValue>> &kwargs = c.kwargs;
  if (args.empty())
    return err(l, "'" + qn + "' is missing the argument 'input'");
  TValue x = args[0];
  if (!kwargs.empty()) {
    if (kwargs.size() != 1 || kwargs[0].first != "dims")
      return err(l, "'" + qn + "' takes only the keyword argument 'dims'");
    args.push_back(kwargs[0].second);
  }
  std::vector<TValue> dims(args.begin() + 1, args.end());
  if (dims.size() == 1 && dims[0].isTuple())
    dims = dims[0].getElts();
  if (!x.isRuntime() || !x.getType().isTensor())
    return err(l, "'" + qn + "' expects a tensor, got " + x.describe());
  llvm::SmallVector<int32_t> order;
  if (dims.empty()) {
    if (fn == "permute")
      return err(l, "'tl.permute' needs the permutation 'dims'");
    // As Triton: the last two dimensions swap.
    int32_t rank = x.getType().shape.size();
    if (rank < 2)
      return err(l, "'tl.trans' without dims needs a tensor of rank 2 or "
                    "more, got " +
                        x.getType().str());
    for (int32_t i = 0; i + 2 < rank; ++i)
      order.push_back(i);
    order.push_back(rank - 1);
    order.push_back(rank - 2);
  } else {
    for (const TValue &d : dims) {
      FailureOr<int64_t> v = constInt(d, "'" + qn + "' dims", l);
      if (failed(v))
        return failure();
      order.push_back(static_cast<int32_t>(*v));
    }
  }
  return trans(x, order, l);
}

FailureOr<TValue> Emitter::builtinReshape(BuiltinCall &c) {
  SourceLoc l = c.loc;
  llvm::StringRef fn = c.fn;
  const std::string &qn = c.qn;
  std::vector<TValue> &args = c.args;
  std::vector<std::pair<std::string, TValue>> &kwargs = c.kwargs;
  if (args.empty())
    return err(l, "'" + qn + "' is missing the argument 'input'");
  TValue x = args[0];
  bool canReorder = fn == "view";
  std::vector<TValue> rest(args.begin() + 1, args.end());
  for (auto &[k, v] : kwargs) {
    if (k == "can_reorder" && fn == "reshape") {
      FailureOr<bool> t = truthy(v, l);
      if (failed(t))
        return failure();
      canReorder = *t;
    } else if (k == "shape") {
      rest.push_back(v);
    } else {
      return err(l, "'" + qn + "' got an unexpected keyword argument '" + k +
                        "'");
    }
  }
  TValue shapeV = rest.size() == 1 ? rest[0] : TValue::tuple(rest);
  if (rest.empty())
    return err(l, "'" + qn + "' is missing the argument 'shape'");
  FailureOr<llvm::SmallVector<int64_t>> shape =
      constShape(shapeV, "'" + qn + "' shape", l);
  if (failed(shape))
    return failure();
  if (failed(checkShape(*shape, "'" + qn + "'", l)))
    return failure();
  if (fn == "broadcast_to") {
    if (!x.isRuntime() && !x.isNumber())
      return err(l, "'tl.broadcast_to' expects a tensor, got " +
                        x.describe());
    return broadcastTo(x, *shape, l);
  }
  return reshape(x, *shape, canReorder, l);
}

FailureOr<TValue> Emitter::builtinRavel(BuiltinCall &c) {
  SourceLoc l = c.loc;
  const BoundArgs *a = &c.a;
  if (!a->get(0).isRuntime() || !a->get(0).getType().isTensor())
    return err(l, "'tl.ravel' expects a tensor");
  return reshape(a->get(0), {a->get(0).getType().getNumElements()},
                 a->has(1) && a->get(1).getBool(), l);
}

FailureOr<TValue> Emitter::builtinBroadcast(BuiltinCall &c) {
  SourceLoc l = c.loc;
  const BoundArgs *a = &c.a;
  FailureOr<TValue> x = toRuntime(a->get(0), l), y = toRuntime(a->get(1), l);
  if (failed(x) || failed(y))
    return failure();
  TValue xv = *x, yv = *y;
  if (failed(broadcastPair(xv, yv, l)))
    return failure();
  return TValue::tuple({xv, yv});
}

FailureOr<TValue> Emitter::builtinExpandDims(BuiltinCall &c) {
  SourceLoc l = c.loc;
  const BoundArgs *a = &c.a;
  TValue x = a->get(0);
  std::vector<TValue> axes =
      a->get(1).isTuple() ? a->get(1).getElts()
                          : std::vector<TValue>{a->get(1)};
  int rank = x.isRuntime() ? x.getType().shape.size() : 0;
  int newRank = rank + axes.size();
  llvm::SmallVector<int> norm;
  for (const TValue &ax : axes) {
    FailureOr<int64_t> v = constInt(ax, "'tl.expand_dims' axis", a->locs[1]);
    if (failed(v))
      return failure();
    int64_t n = *v < 0 ? *v + newRank : *v;
    if (n < 0 || n >= newRank)
      return err(a->locs[1], "'tl.expand_dims' axis " + llvm::Twine(*v) +
                                 " out of range for the result rank " +
                                 llvm::Twine(newRank));
    norm.push_back(n);
  }
  llvm::sort(norm);
  for (int n : norm) {
    FailureOr<TValue> e = expandDims(x, n, l);
    if (failed(e))
      return failure();
    x = *e;
  }
  return x;
}
