//===- EmitReduce.cpp - Reductions and scans --------------------*- C++ -*-===//
//
// tl.sum / max / min / argmax / argmin / xor_sum / reduce_or / reduce and
// tl.cumsum /
// cumprod / associative_scan become tile.reduce and tile.scan with a
// combiner region. Built-in reductions get their combiner here; a user
// @jit combine_fn is inlined into the region with scalar arguments.
//
//===----------------------------------------------------------------------===//

#include "Frontend/Emitter.h"

#include "Tile/IR/TileOps.h"

#include "mlir/Dialect/Arith/IR/Arith.h"

using namespace tilec::frontend;
namespace arith = mlir::arith;
namespace tile = tilec::tile;

FailureOr<int> Emitter::normalizeAxis(int64_t axis, size_t rank, SourceLoc l) {
  int64_t r = static_cast<int64_t>(rank);
  if (axis < -r || axis >= r)
    return err(l, "axis " + llvm::Twine(axis) +
                      " is out of range for a tensor of rank " +
                      llvm::Twine(rank));
  return static_cast<int>(axis < 0 ? axis + r : axis);
}

/// The result of reducing `t` along `axis`: the axis removed, a scalar when
/// nothing is left.
static TileType reducedType(const TileType &t, int axis) {
  TileType r = t;
  r.shape.erase(r.shape.begin() + axis);
  return r;
}

/// Emits the combiner of a built-in reduction on scalars.
static llvm::SmallVector<mlir::Value>
combine(mlir::OpBuilder &b, mlir::Location l, Emitter::ReduceKind kind,
        ElemType et, mlir::ValueRange lhs, mlir::ValueRange rhs) {
  bool f = et.isFloat(), u = isUnsigned(et.dtype) || et.isBool();
  mlir::Value a = lhs[0], c = rhs[0];
  switch (kind) {
  case Emitter::ReduceKind::Sum:
    return {f ? (mlir::Value)arith::AddFOp::create(b, l, a, c)
              : (mlir::Value)arith::AddIOp::create(b, l, a, c)};
  case Emitter::ReduceKind::Prod:
    return {f ? (mlir::Value)arith::MulFOp::create(b, l, a, c)
              : (mlir::Value)arith::MulIOp::create(b, l, a, c)};
  case Emitter::ReduceKind::XorSum:
    return {arith::XOrIOp::create(b, l, a, c)};
  case Emitter::ReduceKind::Or:
    return {arith::OrIOp::create(b, l, a, c)};
  case Emitter::ReduceKind::Max:
    if (f)
      return {arith::MaxNumFOp::create(b, l, a, c)};
    return {u ? (mlir::Value)arith::MaxUIOp::create(b, l, a, c)
              : (mlir::Value)arith::MaxSIOp::create(b, l, a, c)};
  case Emitter::ReduceKind::Min:
    if (f)
      return {arith::MinNumFOp::create(b, l, a, c)};
    return {u ? (mlir::Value)arith::MinUIOp::create(b, l, a, c)
              : (mlir::Value)arith::MinSIOp::create(b, l, a, c)};
  case Emitter::ReduceKind::ArgMax:
  case Emitter::ReduceKind::ArgMin: {
    // Keep the left value when it wins or ties with a smaller index, so
    // the first occurrence of the extremum is reported.
    bool isMax = kind == Emitter::ReduceKind::ArgMax;
    mlir::Value ai = lhs[1], ci = rhs[1];
    mlir::Value wins, ties;
    if (f) {
      wins = arith::CmpFOp::create(
          b, l, isMax ? arith::CmpFPredicate::OGT : arith::CmpFPredicate::OLT,
          a, c);
      ties = arith::CmpFOp::create(b, l, arith::CmpFPredicate::OEQ, a, c);
    } else {
      arith::CmpIPredicate p =
          isMax ? (u ? arith::CmpIPredicate::ugt : arith::CmpIPredicate::sgt)
                : (u ? arith::CmpIPredicate::ult : arith::CmpIPredicate::slt);
      wins = arith::CmpIOp::create(b, l, p, a, c);
      ties = arith::CmpIOp::create(b, l, arith::CmpIPredicate::eq, a, c);
    }
    mlir::Value smaller =
        arith::CmpIOp::create(b, l, arith::CmpIPredicate::slt, ai, ci);
    mlir::Value tieWins = arith::AndIOp::create(b, l, ties, smaller);
    mlir::Value pickL = arith::OrIOp::create(b, l, wins, tieWins);
    return {arith::SelectOp::create(b, l, pickL, a, c),
            arith::SelectOp::create(b, l, pickL, ai, ci)};
  }
  }
  return {};
}

FailureOr<TValue> Emitter::reduce(ReduceKind kind, const TValue &xv,
                                  const TValue &axisV, bool keepDims,
                                  bool returnIndices, SourceLoc l,
                                  bool promoteNarrowSum) {
  if (!xv.isRuntime() || !xv.getType().isTensor())
    return err(l, "reductions expect a tensor, got " + xv.describe());
  TValue x = xv;
  if (x.getType().elem.isPtr)
    return err(l, "cannot reduce a tensor of pointers");
  size_t origRank = x.getType().shape.size();
  int axis = 0;
  bool flatten = axisV.isNone();
  if (flatten) {
    if (origRank > 1) {
      FailureOr<TValue> r =
          reshape(x, {x.getType().getNumElements()}, /*canReorder=*/true, l);
      if (failed(r))
        return failure();
      x = *r;
    }
  } else {
    FailureOr<int64_t> a = constInt(axisV, "the reduction axis", l);
    if (failed(a))
      return failure();
    FailureOr<int> n = normalizeAxis(*a, origRank, l);
    if (failed(n))
      return failure();
    axis = *n;
  }
  ElemType et = x.getType().elem;
  if (kind == ReduceKind::Sum && promoteNarrowSum && et.isInt() &&
      getBitWidth(et.dtype) < 32) {
    // Triton sums narrow integers in 32 bits to avoid overflow, int1 among
    // the unsigned ones (_pick_sum_dtype).
    FailureOr<TValue> c = cast(
        x,
        ElemType::scalar(isUnsigned(et.dtype) || et.isBool() ? DType::U32
                                                             : DType::I32),
        l);
    if (failed(c))
      return failure();
    x = *c;
    et = x.getType().elem;
  }
  if (kind == ReduceKind::XorSum && !et.isInt())
    return err(l, "'tl.xor_sum' needs integers, got " + et.str());
  // No fp8 arithmetic or comparison in the combiners (Triton's lowering
  // has none either): tl.max and tl.min widen fp8 first, the rest refuse.
  if (isFp8(et.dtype))
    return err(l, "built-in reductions (tl.sum, tl.argmax, ...) on " +
                      et.str() +
                      " are not supported; convert to fp16 or fp32 with "
                      ".to() first");
  if (kind == ReduceKind::Or && !et.isInt())
    return err(l, "'tl.reduce_or' needs integers, got " + et.str());
  bool withIndex = kind == ReduceKind::ArgMax || kind == ReduceKind::ArgMin ||
                   returnIndices;
  if (returnIndices)
    kind = kind == ReduceKind::Max ? ReduceKind::ArgMax : ReduceKind::ArgMin;
  mlir::Location ml = loc(l);
  const TileType &xt = x.getType();
  llvm::SmallVector<mlir::Value> srcs{x.getValue()};
  TileType idxType = xt.withElem(ElemType::scalar(DType::I32));
  if (withIndex) {
    int64_t d = xt.shape[axis];
    TileType rangeT{ElemType::scalar(DType::I32), {d}};
    TValue idx = TValue::runtime(
        tile::MakeRangeOp::create(b, ml, getMlirType(&ctx, rangeT), 0, d),
        rangeT);
    for (int i = 0; i < axis; ++i) {
      FailureOr<TValue> e = expandDims(idx, 0, l);
      if (failed(e))
        return failure();
      idx = *e;
    }
    for (size_t i = axis + 1; i < xt.shape.size(); ++i) {
      FailureOr<TValue> e = expandDims(idx, idx.getType().shape.size(), l);
      if (failed(e))
        return failure();
      idx = *e;
    }
    FailureOr<TValue> bi = broadcastTo(idx, xt.shape, l);
    if (failed(bi))
      return failure();
    srcs.push_back(bi->getValue());
  }
  TileType valT = reducedType(xt, axis);
  TileType idxT = reducedType(idxType, axis);
  llvm::SmallVector<mlir::Type> resultTypes{getMlirType(&ctx, valT)};
  if (withIndex)
    resultTypes.push_back(getMlirType(&ctx, idxT));
  auto op = tile::ReduceOp::create(b, ml, resultTypes, srcs, axis);
  {
    mlir::OpBuilder::InsertionGuard g(b);
    llvm::SmallVector<mlir::Type> argTypes;
    for (int rep = 0; rep < 2; ++rep) {
      argTypes.push_back(getMlirType(&ctx, et));
      if (withIndex)
        argTypes.push_back(b.getI32Type());
    }
    llvm::SmallVector<mlir::Location> locs(argTypes.size(), ml);
    mlir::Block *blk =
        b.createBlock(&op.getCombineOp(), {}, argTypes, locs);
    unsigned n = withIndex ? 2 : 1;
    auto args = blk->getArguments();
    llvm::SmallVector<mlir::Value> res =
        combine(b, ml, kind, et, args.take_front(n), args.drop_front(n));
    tile::ReduceReturnOp::create(b, ml, res);
  }
  auto finish = [&](mlir::Value v, TileType t) -> FailureOr<TValue> {
    TValue r = TValue::runtime(v, t);
    if (!keepDims)
      return r;
    if (flatten) {
      llvm::SmallVector<int64_t> ones(origRank, 1);
      return broadcastTo(r, ones, l);
    }
    return expandDims(r, axis, l);
  };
  FailureOr<TValue> vals = finish(op->getResult(0), valT);
  if (failed(vals))
    return failure();
  if (kind == ReduceKind::ArgMax || kind == ReduceKind::ArgMin) {
    FailureOr<TValue> idx = finish(op->getResult(1), idxT);
    if (failed(idx))
      return failure();
    if (returnIndices)
      return TValue::tuple({*vals, *idx});
    return *idx;
  }
  return *vals;
}

/// Inlines a user combiner into `blk`, whose arguments are the left then
/// the right operands, and terminates the block with tile.reduce.return.
static LogicalResult emitUserCombiner(Emitter &e, const FunctionDef *f,
                                      mlir::Block *blk,
                                      llvm::ArrayRef<TileType> eltTypes,
                                      SourceLoc l) {
  size_t n = eltTypes.size();
  if (f->params.size() != 2 * n)
    return e.err(l, "combine_fn '" + f->name + "' must take " +
                        llvm::Twine(2 * n) + " arguments, it takes " +
                        llvm::Twine(f->params.size()));
  std::map<std::string, TValue> bound;
  for (size_t i = 0; i < 2 * n; ++i)
    bound[f->params[i].name] =
        TValue::runtime(blk->getArgument(i), eltTypes[i % n]);
  FailureOr<TValue> r = e.inlineFunction(f, l, bound);
  if (failed(r))
    return failure();
  std::vector<TValue> outs =
      r->isTuple() ? r->getElts() : std::vector<TValue>{*r};
  if (outs.size() != n)
    return e.err(l, "combine_fn '" + f->name + "' must return " +
                        llvm::Twine(n) + " values, it returns " +
                        llvm::Twine(outs.size()));
  llvm::SmallVector<mlir::Value> vals;
  for (size_t i = 0; i < n; ++i) {
    FailureOr<TValue> c = e.coerce(outs[i], eltTypes[i].elem, l);
    if (failed(c))
      return failure();
    if (c->getType().isTensor())
      return e.err(l, "combine_fn '" + f->name +
                          "' must return scalars, got " + c->describe());
    vals.push_back(c->getValue());
  }
  tile::ReduceReturnOp::create(e.b, e.loc(l), vals);
  return success();
}

FailureOr<TValue> Emitter::reduceWith(const TValue &xv, const TValue &axisV,
                                      const TValue &combineFn, bool keepDims,
                                      SourceLoc l) {
  if (combineFn.getKind() != TValue::Kind::Function)
    return err(l, "combine_fn must be a @triton.jit function, got " +
                      combineFn.describe());
  std::vector<TValue> inputs =
      xv.isTuple() ? xv.getElts() : std::vector<TValue>{xv};
  if (inputs.empty())
    return err(l, "'tl.reduce' needs at least one input");
  for (const TValue &v : inputs)
    if (!v.isRuntime() || !v.getType().isTensor() ||
        v.getType().shape != inputs[0].getType().shape)
      return err(l, "'tl.reduce' inputs must be tensors of one shape, got " +
                        v.describe());
  size_t rank = inputs[0].getType().shape.size();
  // axis=None reduces every dimension: the inputs flattened, as Triton does.
  bool flatten = axisV.isNone();
  FailureOr<int> axis = 0;
  if (flatten) {
    for (TValue &v : inputs) {
      FailureOr<TValue> r = reshape(v, {v.getType().getNumElements()},
                                    /*canReorder=*/true, l);
      if (failed(r))
        return failure();
      v = *r;
    }
  } else {
    FailureOr<int64_t> a = constInt(axisV, "the reduction axis", l);
    if (failed(a))
      return failure();
    axis = normalizeAxis(*a, rank, l);
    if (failed(axis))
      return failure();
  }
  llvm::SmallVector<mlir::Value> srcs;
  llvm::SmallVector<mlir::Type> resultTypes, argTypes;
  llvm::SmallVector<TileType> eltTypes, outTypes;
  for (const TValue &v : inputs) {
    srcs.push_back(v.getValue());
    TileType rt = reducedType(v.getType(), *axis);
    outTypes.push_back(rt);
    resultTypes.push_back(getMlirType(&ctx, rt));
    eltTypes.push_back(TileType{v.getType().elem, {}});
  }
  for (int rep = 0; rep < 2; ++rep)
    for (const TileType &t : eltTypes)
      argTypes.push_back(getMlirType(&ctx, t));
  mlir::Location ml = loc(l);
  auto op = tile::ReduceOp::create(b, ml, resultTypes, srcs, *axis);
  {
    mlir::OpBuilder::InsertionGuard g(b);
    llvm::SmallVector<mlir::Location> locs(argTypes.size(), ml);
    mlir::Block *blk = b.createBlock(&op.getCombineOp(), {}, argTypes, locs);
    if (failed(emitUserCombiner(*this, combineFn.getFunction(), blk, eltTypes,
                                l)))
      return failure();
  }
  std::vector<TValue> outs;
  for (size_t i = 0; i < outTypes.size(); ++i) {
    TValue r = TValue::runtime(op->getResult(i), outTypes[i]);
    if (keepDims && flatten) {
      FailureOr<TValue> e =
          broadcastTo(r, llvm::SmallVector<int64_t>(rank, 1), l);
      if (failed(e))
        return failure();
      r = *e;
    } else if (keepDims) {
      FailureOr<TValue> e = expandDims(r, *axis, l);
      if (failed(e))
        return failure();
      r = *e;
    }
    outs.push_back(r);
  }
  if (outs.size() == 1)
    return outs[0];
  return TValue::tuple(std::move(outs));
}

FailureOr<TValue> Emitter::scan(ReduceKind kind, const TValue &xv,
                                int64_t axisIn, bool reverse,
                                const TValue *combineFn, SourceLoc l) {
  std::vector<TValue> inputs =
      xv.isTuple() ? xv.getElts() : std::vector<TValue>{xv};
  if (inputs.empty())
    return err(l, "a scan needs at least one input");
  for (const TValue &v : inputs)
    if (!v.isRuntime() || !v.getType().isTensor() || v.getType().elem.isPtr ||
        v.getType().shape != inputs[0].getType().shape)
      return err(l, "scans expect tensors of numbers of one shape, got " +
                        v.describe());
  if (!combineFn && inputs.size() != 1)
    return err(l, "'tl.cumsum'/'tl.cumprod' take one tensor");
  if (!combineFn && isFp8(inputs[0].getType().elem.dtype))
    return err(l, "'tl.cumsum'/'tl.cumprod' on " +
                      inputs[0].getType().elem.str() +
                      " are not supported; convert to fp16 or fp32 with "
                      ".to() first");
  FailureOr<int> axis =
      normalizeAxis(axisIn, inputs[0].getType().shape.size(), l);
  if (failed(axis))
    return failure();
  if (combineFn && combineFn->getKind() != TValue::Kind::Function) {
    return err(l, "combine_fn must be a @triton.jit function, got " +
                      combineFn->describe());
  }
  llvm::SmallVector<mlir::Value> srcs;
  llvm::SmallVector<mlir::Type> resultTypes, argTypes;
  llvm::SmallVector<TileType> eltTypes;
  for (const TValue &v : inputs) {
    srcs.push_back(v.getValue());
    resultTypes.push_back(v.getValue().getType());
    eltTypes.push_back(TileType{v.getType().elem, {}});
  }
  for (int rep = 0; rep < 2; ++rep)
    for (const TileType &t : eltTypes)
      argTypes.push_back(getMlirType(&ctx, t));
  mlir::Location ml = loc(l);
  auto op = tile::ScanOp::create(b, ml, resultTypes, srcs, *axis, reverse);
  {
    mlir::OpBuilder::InsertionGuard g(b);
    llvm::SmallVector<mlir::Location> locs(argTypes.size(), ml);
    mlir::Block *blk = b.createBlock(&op.getCombineOp(), {}, argTypes, locs);
    if (combineFn) {
      if (failed(emitUserCombiner(*this, combineFn->getFunction(), blk,
                                  eltTypes, l)))
        return failure();
    } else {
      auto args = blk->getArguments();
      llvm::SmallVector<mlir::Value> res =
          combine(b, ml, kind, eltTypes[0].elem, args.take_front(1),
                  args.drop_front(1));
      tile::ReduceReturnOp::create(b, ml, res);
    }
  }
  std::vector<TValue> outs;
  for (size_t i = 0; i < inputs.size(); ++i)
    outs.push_back(TValue::runtime(op->getResult(i), inputs[i].getType()));
  if (outs.size() == 1)
    return outs[0];
  return TValue::tuple(std::move(outs));
}

//===----------------------------------------------------------------------===//
// Builtin handlers (Builtins.def)
//===----------------------------------------------------------------------===//

FailureOr<TValue> Emitter::builtinSum(BuiltinCall &c) {
  SourceLoc l = c.loc;
  llvm::StringRef fn = c.fn;
  const BoundArgs *a = &c.a;
  TValue x = a->get(0);
  if (fn == "reduce_or") {
    // Triton's standard.py: tl.reduce with `|`, no widening, axis required.
    bool keep = a->has(2) && a->get(2).getBool();
    return reduce(ReduceKind::Or, x, a->has(1) ? a->get(1) : TValue::none(),
                  keep, false, l);
  }
  // Triton's xor_sum takes no dtype.
  if (fn == "sum" && a->has(3)) {
    FailureOr<ElemType> dt = constDType(a->get(3), "'tl.sum' dtype",
                                        a->locs[3]);
    if (failed(dt))
      return failure();
    FailureOr<TValue> converted = cast(x, *dt, l);
    if (failed(converted))
      return failure();
    x = *converted;
  }
  bool keep = a->has(2) && a->get(2).getBool();
  return reduce(fn == "sum" ? ReduceKind::Sum : ReduceKind::XorSum, x,
                a->has(1) ? a->get(1) : TValue::none(), keep, false, l,
                /*promoteNarrowSum=*/fn != "sum" || !a->has(3));
}

FailureOr<TValue> Emitter::builtinMaxMin(BuiltinCall &c) {
  SourceLoc l = c.loc;
  llvm::StringRef fn = c.fn;
  const BoundArgs *a = &c.a;
  bool keep = a->has(4) && a->get(4).getBool();
  bool withIdx = a->has(2) && a->get(2).getBool();
  // Triton's standard.py: bf16 reduces in fp32 (the hardware has no bf16
  // max), and without indices every type narrower than 32 bits widens:
  // floats to fp32, integers (bool and unsigned too) to int32.
  TValue x = a->get(0);
  if (x.isRuntime() && !x.getType().elem.isPtr) {
    DType dt = x.getType().elem.dtype;
    std::optional<DType> to;
    if (dt == DType::BF16)
      to = DType::FP32;
    else if (!withIdx && getBitWidth(dt) < 32)
      to = isFloat(dt) ? DType::FP32 : DType::I32;
    if (to) {
      FailureOr<TValue> widened = cast(x, ElemType::scalar(*to), l);
      if (failed(widened))
        return failure();
      x = *widened;
    }
  }
  return reduce(fn == "max" ? ReduceKind::Max : ReduceKind::Min, x,
                a->has(1) ? a->get(1) : TValue::none(), keep, withIdx, l);
}

FailureOr<TValue> Emitter::builtinArgMaxMin(BuiltinCall &c) {
  SourceLoc l = c.loc;
  llvm::StringRef fn = c.fn;
  const BoundArgs *a = &c.a;
  bool keep = a->has(3) && a->get(3).getBool();
  return reduce(fn == "argmax" ? ReduceKind::ArgMax : ReduceKind::ArgMin,
                a->get(0), a->get(1), keep, false, l);
}

FailureOr<TValue> Emitter::builtinReduce(BuiltinCall &c) {
  SourceLoc l = c.loc;
  const BoundArgs *a = &c.a;
  bool keep = a->has(3) && a->get(3).getBool();
  return reduceWith(a->get(0), a->has(1) ? a->get(1) : TValue::none(),
                    a->get(2), keep, l);
}

FailureOr<TValue> Emitter::builtinCumulative(BuiltinCall &c) {
  SourceLoc l = c.loc;
  llvm::StringRef fn = c.fn;
  const std::string &qn = c.qn;
  // Triton's standard.py: bf16 scans in fp32; cumsum takes `dtype` and
  // otherwise sums narrow integers in 32 bits (_pick_sum_dtype); cumprod
  // keeps the input type.
  bool isSum = fn == "cumsum";
  const BoundArgs *a = &c.a;
  TValue x = a->get(0);
  if (!x.isRuntime() || !x.getType().isTensor())
    return err(l, "'" + qn + "' expects a tensor, got " + x.describe());
  ElemType et = x.getType().elem;
  std::optional<ElemType> to;
  if (et.isFloat() && et.dtype == DType::BF16)
    to = ElemType::scalar(DType::FP32);
  if (isSum && a->has(3)) {
    FailureOr<ElemType> dt = constDType(a->get(3), "'" + qn + "' dtype",
                                        a->locs[3]);
    if (failed(dt))
      return failure();
    to = *dt;
  } else if (isSum && et.isInt() && getBitWidth(et.dtype) < 32) {
    to = ElemType::scalar(isUnsigned(et.dtype) || et.isBool() ? DType::U32
                                                              : DType::I32);
  }
  if (to) {
    FailureOr<TValue> converted = cast(x, *to, l);
    if (failed(converted))
      return failure();
    x = *converted;
  }
  int64_t axis = 0;
  if (a->has(1)) {
    FailureOr<int64_t> ax = constInt(a->get(1), "'" + qn + "' axis",
                                     a->locs[1]);
    if (failed(ax))
      return failure();
    axis = *ax;
  }
  bool rev = a->has(2) && a->get(2).getBool();
  return scan(isSum ? ReduceKind::Sum : ReduceKind::Prod, x, axis, rev,
              nullptr, l);
}

FailureOr<TValue> Emitter::builtinAssociativeScan(BuiltinCall &c) {
  SourceLoc l = c.loc;
  const BoundArgs *a = &c.a;
  FailureOr<int64_t> ax = constInt(a->get(1), "'tl.associative_scan' axis",
                                   a->locs[1]);
  if (failed(ax))
    return failure();
  bool rev = a->has(3) && a->get(3).getBool();
  TValue f = a->get(2);
  return scan(ReduceKind::Sum, a->get(0), *ax, rev, &f, l);
}
