//===- EmitShape.cpp - Shape ops, dot and hints -----------------*- C++ -*-===//
//
// tl.reshape, tl.trans, tl.dot (operand, shape and precision checks) and the
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

FailureOr<TValue> Emitter::dot(const BoundArgs &a, SourceLoc l) {
  const TValue &x = a.get(0), &y = a.get(1);
  for (unsigned i = 0; i < 2; ++i) {
    const TValue &v = a.get(i);
    if (!v.isRuntime() || v.getType().elem.isPtr ||
        (v.getType().shape.size() != 2 && v.getType().shape.size() != 3))
      return err(a.locs[i], "'tl.dot' operands must be 2-D or 3-D tensors of "
                            "numbers, got " +
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
  if (rank == 3 && xt.shape[0] != yt.shape[0])
    return err(l, "'tl.dot' batch dimensions must match: " + xt.str() +
                      " and " + yt.str());
  if (m < 16 || n < 16 || k < 16)
    return err(l, "'tl.dot' needs M, N and K of at least 16, got M=" +
                      llvm::Twine(m) + " N=" + llvm::Twine(n) +
                      " K=" + llvm::Twine(k));
  DType xd = xt.elem.dtype, yd = yt.elem.dtype;
  bool isFp8 = [](DType d) {
    return d == DType::FP8E4NV || d == DType::FP8E5;
  }(xd);
  bool yFp8 = yd == DType::FP8E4NV || yd == DType::FP8E5;
  if (xd != yd && !(isFp8 && yFp8))
    return err(l, "'tl.dot' operands must have the same element type, got " +
                      getName(xd) + " and " + getName(yd));
  if (!(xd == DType::FP16 || xd == DType::BF16 || xd == DType::FP32 ||
        xd == DType::I8 || isFp8))
    return err(l, "'tl.dot' does not support " + getName(xd) +
                      " operands (use fp16, bf16, fp32, int8 or fp8)");
  DType outD = xd == DType::I8 ? DType::I32 : DType::FP32;
  if (a.has(6)) {
    FailureOr<ElemType> od = constDType(a.get(6), "'tl.dot' out_dtype",
                                        a.locs[6]);
    if (failed(od))
      return failure();
    if (xd == DType::I8) {
      if (od->dtype != DType::I32)
        return err(a.locs[6], "'tl.dot' with int8 operands accumulates in "
                              "int32, got out_dtype " +
                                  od->str());
    } else if (od->dtype != DType::FP32 &&
               !(od->dtype == DType::FP16 &&
                 (xd == DType::FP16 || isFp8)))
      return err(a.locs[6], "'tl.dot' out_dtype must be fp32 (or fp16 for "
                            "fp16 operands), got " +
                                od->str());
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
  if (a.has(3)) {
    FailureOr<std::string> p = constStr(a, 3, "'input_precision'");
    if (failed(p))
      return failure();
    if (*p == "tf32")
      prec = tile::InputPrecision::TF32;
    else if (*p == "tf32x3")
      prec = tile::InputPrecision::TF32x3;
    else if (*p == "ieee")
      prec = tile::InputPrecision::IEEE;
    else
      return err(a.locs[3], "'input_precision' must be 'tf32', 'tf32x3' or "
                            "'ieee', got '" +
                                *p + "'");
    if (xd != DType::FP32)
      prec = tile::InputPrecision::IEEE;
  }
  int32_t maxImprecise = 0;
  if (a.has(5)) {
    FailureOr<int64_t> v = constInt(a.get(5), "'max_num_imprecise_acc'",
                                    a.locs[5]);
    if (failed(v))
      return failure();
    maxImprecise = static_cast<int32_t>(*v);
  }
  return TValue::runtime(tile::DotOp::create(b, loc(l), getMlirType(&ctx, rt),
                                             x.getValue(), y.getValue(),
                                             acc.getValue(), prec,
                                             maxImprecise),
                         rt);
}

FailureOr<TValue> Emitter::hint(llvm::StringRef fn, const TValue &x,
                                const TValue &values, SourceLoc l) {
  std::string qn = ("tl." + fn).str();
  if (!x.isRuntime() || x.getType().elem.isFloat())
    return err(l, "'" + qn + "' expects an integer or pointer value, got " +
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
  size_t rank = std::max<size_t>(1, x.getType().shape.size());
  if (vals.size() == 1 && rank > 1)
    vals.assign(rank, vals[0]);
  if (vals.size() != rank)
    return err(l, "'" + qn + "' needs one value per dimension (" +
                      llvm::Twine(rank) + "), got " +
                      llvm::Twine(vals.size()));
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
