//===- EmitDot.cpp - tl.dot's batched and bf16xN forms -----------*- C++ -*-===//
//
// Builds a checked tl.dot (Emitter::dot in EmitShape.cpp reads and checks
// the arguments) from 2-D tile.dot ops:
//
// - Batched operands ([B, M, K] x [B, K, N]; Triton folds any further
//   leading dimensions into B first) become B independent 2-D dots, one per
//   batch, as Triton's rank-3 MMA layouts compute them (one mma per batch
//   index). The batches are taken apart and put back together with the
//   shape ops tl.split and tl.join, so every later pass sees only 2-D dots.
// - input_precision "bf16x3" and "bf16x6" on fp32 operands split each
//   operand into two or three bf16 parts (hi = bf16(x), mid = bf16(x - hi),
//   lo = bf16(x - hi - mid), each rounded to nearest even) and sum the
//   products of the parts, smallest first, into a zero accumulator, as
//   Triton's F32DotTC pass does: bf16x6 adds mid*mid, lo*hi and hi*lo, both
//   add mid*hi and hi*mid, NaNs of that partial sum become 0 (a finite x
//   times an infinite y leaves NaN in the small parts), then hi*hi, and the
//   caller's accumulator last.
//
// tl.dot_scaled is Triton's decomposition written in the kernel language
// (lib/Frontend/Prelude/dot_scaled.py); its handler here only refuses, by
// name, what the target cannot convert.
//
//===----------------------------------------------------------------------===//

#include "Frontend/Emitter.h"

#include "Tile/IR/TileOps.h"

using namespace tilec::frontend;
namespace tile = tilec::tile;

/// `x` ([..., b]) taken apart along its last dimension, batch by batch.
FailureOr<std::vector<TValue>> Emitter::splitBatches(const TValue &x,
                                                     SourceLoc l) {
  llvm::SmallVector<int64_t> shape(x.getType().shape.begin(),
                                   x.getType().shape.end());
  int64_t n = shape.back();
  if (n == 1) {
    shape.pop_back();
    FailureOr<TValue> r = reshape(x, shape, /*canReorder=*/false, l);
    if (failed(r))
      return failure();
    return std::vector<TValue>{*r};
  }
  // [..., n] -> [..., n/2, 2]: tl.split gives the even and the odd batches.
  shape.back() = n / 2;
  shape.push_back(2);
  FailureOr<TValue> pairs = reshape(x, shape, /*canReorder=*/false, l);
  if (failed(pairs))
    return failure();
  FailureOr<TValue> halves = split(*pairs, l);
  if (failed(halves))
    return failure();
  FailureOr<std::vector<TValue>> even = splitBatches(halves->getElts()[0], l);
  FailureOr<std::vector<TValue>> odd = splitBatches(halves->getElts()[1], l);
  if (failed(even) || failed(odd))
    return failure();
  std::vector<TValue> out;
  for (size_t i = 0; i < even->size(); ++i) {
    out.push_back((*even)[i]);
    out.push_back((*odd)[i]);
  }
  return out;
}

/// The inverse of splitBatches: the tensors of `parts`, one per batch, as
/// one tensor [..., parts.size()].
FailureOr<TValue> Emitter::joinBatches(llvm::ArrayRef<TValue> parts,
                                       SourceLoc l) {
  if (parts.size() == 1) {
    llvm::SmallVector<int64_t> shape(parts[0].getType().shape.begin(),
                                     parts[0].getType().shape.end());
    shape.push_back(1);
    return reshape(parts[0], shape, /*canReorder=*/false, l);
  }
  std::vector<TValue> even, odd;
  for (size_t i = 0; i < parts.size(); ++i)
    (i % 2 ? odd : even).push_back(parts[i]);
  FailureOr<TValue> e = joinBatches(even, l), o = joinBatches(odd, l);
  if (failed(e) || failed(o))
    return failure();
  FailureOr<TValue> pairs = join(*e, *o, l);
  if (failed(pairs))
    return failure();
  llvm::SmallVector<int64_t> shape(e->getType().shape.begin(),
                                   e->getType().shape.end());
  shape.back() *= 2;
  return reshape(*pairs, shape, /*canReorder=*/false, l);
}

FailureOr<TValue> Emitter::emitDot(const TValue &x, const TValue &y,
                                   const TValue &acc,
                                   tile::InputPrecision prec, int bf16Parts,
                                   int32_t maxImprecise, SourceLoc l) {
  const TileType &xt = x.getType();
  size_t rank = xt.shape.size();
  if (rank > 3) {
    // As Triton: the leading dimensions fold into one batch dimension.
    int64_t batch = 1;
    for (size_t i = 0; i + 2 < rank; ++i)
      batch *= xt.shape[i];
    auto fold = [&](const TValue &v) {
      const llvm::SmallVector<int64_t, 4> &s = v.getType().shape;
      return reshape(v, {batch, s[rank - 2], s[rank - 1]},
                     /*canReorder=*/false, l);
    };
    FailureOr<TValue> x3 = fold(x), y3 = fold(y), c3 = fold(acc);
    if (failed(x3) || failed(y3) || failed(c3))
      return failure();
    FailureOr<TValue> r =
        emitDot(*x3, *y3, *c3, prec, bf16Parts, maxImprecise, l);
    if (failed(r))
      return failure();
    return reshape(*r, acc.getType().shape, /*canReorder=*/false, l);
  }
  if (rank == 3) {
    // [B, M, K] -> [M, K, B], then one [M, K] per batch.
    auto batches = [&](const TValue &v) -> FailureOr<std::vector<TValue>> {
      FailureOr<TValue> t = trans(v, {1, 2, 0}, l);
      if (failed(t))
        return failure();
      return splitBatches(*t, l);
    };
    FailureOr<std::vector<TValue>> xs = batches(x), ys = batches(y),
                                   cs = batches(acc);
    if (failed(xs) || failed(ys) || failed(cs))
      return failure();
    std::vector<TValue> outs;
    for (size_t i = 0; i < xs->size(); ++i) {
      FailureOr<TValue> r = emitDot((*xs)[i], (*ys)[i], (*cs)[i], prec,
                                    bf16Parts, maxImprecise, l);
      if (failed(r))
        return failure();
      outs.push_back(*r);
    }
    FailureOr<TValue> joined = joinBatches(outs, l);
    if (failed(joined))
      return failure();
    return trans(*joined, {2, 0, 1}, l);
  }

  TileType rt = acc.getType();
  auto plainDot = [&](const TValue &a, const TValue &bv, const TValue &c,
                      tile::InputPrecision p) {
    return TValue::runtime(tile::DotOp::create(b, loc(l),
                                               getMlirType(&ctx, rt),
                                               a.getValue(), bv.getValue(),
                                               c.getValue(), p, maxImprecise),
                           rt);
  };
  if (bf16Parts == 0)
    return plainDot(x, y, acc, prec);

  // bf16x3 / bf16x6 (file comment).
  ElemType bf16 = ElemType::scalar(DType::BF16);
  ElemType f32 = ElemType::scalar(DType::FP32);
  auto parts = [&](TValue v) -> FailureOr<std::vector<TValue>> {
    std::vector<TValue> out;
    for (int i = 0; i < bf16Parts; ++i) {
      FailureOr<TValue> p = cast(v, bf16, l);
      if (failed(p))
        return failure();
      out.push_back(*p);
      if (i + 1 == bf16Parts)
        break;
      FailureOr<TValue> back = cast(*p, f32, l);
      if (failed(back))
        return failure();
      FailureOr<TValue> rest = binaryOp(BinaryOpKind::Sub, v, *back, l);
      if (failed(rest))
        return failure();
      v = *rest;
    }
    return out;
  };
  FailureOr<std::vector<TValue>> xp = parts(x), yp = parts(y);
  if (failed(xp) || failed(yp))
    return failure();
  enum { Hi = 0, Mid = 1, Lo = 2 };
  auto dotOf = [&](int i, int j, const TValue &c) {
    return plainDot((*xp)[i], (*yp)[j], c, tile::InputPrecision::IEEE);
  };
  FailureOr<TValue> zero = zerosOf(rt, l);
  if (failed(zero))
    return failure();
  TValue r = *zero;
  if (bf16Parts == 3) {
    r = dotOf(Mid, Mid, r);
    r = dotOf(Lo, Hi, r);
    r = dotOf(Hi, Lo, r);
  }
  r = dotOf(Mid, Hi, r);
  r = dotOf(Hi, Mid, r);
  FailureOr<TValue> isNan = compareOp(CompareOpKind::NotEq, r, r, l);
  if (failed(isNan))
    return failure();
  FailureOr<TValue> masked = where(*isNan, *zero, r, l);
  if (failed(masked))
    return failure();
  r = dotOf(Hi, Hi, *masked);
  return binaryOp(BinaryOpKind::Add, r, acc, l);
}

FailureOr<TValue> Emitter::builtinDotScaled(BuiltinCall &c) {
  // The formats: positional arguments 2 and 5, or keywords.
  auto format = [&](size_t index, llvm::StringRef name) -> std::string {
    const TValue *v = index < c.args.size() ? &c.args[index] : nullptr;
    for (auto &[k, kv] : c.kwargs)
      if (k == name)
        v = &kv;
    if (v && v->getKind() == TValue::Kind::Str)
      return v->getStr();
    return "";
  };
  // Triton 3.6 converts e4m3 only from sm_89 on (cvt with .e4m3x2), so its
  // decomposition cannot run below; say so at the call, by name.
  unsigned cc = options.computeCapability;
  for (auto [index, name] : {std::pair<size_t, llvm::StringRef>{2, "lhs_format"},
                             {5, "rhs_format"}})
    if (cc && cc < 89 && format(index, name) == "e4m3")
      return err(c.loc, "'tl.dot_scaled' with an e4m3 operand needs compute "
                        "capability 8.9 or higher (its upcast converts e4m3 "
                        "with cvt .e4m3x2, as in Triton 3.6); the target is "
                        "sm_" +
                            llvm::Twine(cc));
  return builtinPrelude(c);
}
