//===- EmitFp8e4b15.cpp - Conversions of tl.float8e4b15 ---------*- C++ -*-===//
//
// Triton's fp8e4b15 is fp8e4nv's layout (sign, 4 exponent bits, 3 mantissa
// bits) with exponent bias 15 and no NaN or infinity. Triton 3.6 keeps its
// values as bytes (i8 in its IR) and converts them with bit manipulation on
// every NVIDIA target (its NVIDIA backend's convert_custom_types), only to
// and from fp16 and fp32. Those conversions are emitted here on integers,
// bit-identical to Triton's:
//
// - up: the exponent bias is fp16's, so the 7 magnitude bits land in fp16's
//   bits 13..7 unchanged (denormals included), the sign in bit 15; fp32 is
//   that fp16 extended;
// - down: fp32 first narrows to fp16 toward zero; the fp16 magnitude is
//   clamped to 1.75 (0x3F00, the largest byte but one; NaN and inf clamp
//   too) and rounded half up (away from zero) to its top 7 bits, under the
//   sign. types::encodeFp8e4b15 applies the same rule to constants.
//
//===----------------------------------------------------------------------===//

#include "Frontend/Emitter.h"

#include "mlir/Dialect/Arith/IR/Arith.h"

using namespace tilec::frontend;
namespace arith = mlir::arith;

FailureOr<TValue> Emitter::castFp8e4b15(const TValue &v, ElemType to,
                                        SourceLoc l) {
  const TileType &ft = v.getType();
  DType fd = ft.elem.dtype, td = to.dtype;
  mlir::Location ml = loc(l);
  TileType i16{ElemType::scalar(DType::I16), ft.shape};
  mlir::Type i16Type = getMlirType(&ctx, i16);
  auto constant = [&](int64_t c) -> FailureOr<mlir::Value> {
    FailureOr<TValue> k = materialize(TValue::integer(c), i16, l);
    if (failed(k))
      return failure();
    return k->getValue();
  };
  if (fd == DType::FP8E4B15) {
    if (td != DType::FP16 && td != DType::FP32)
      return err(l, "cannot convert fp8e4b15 to " + to.str() +
                        ": Triton 3.6 converts fp8e4b15 only to fp16 and "
                        "fp32 (convert through one of them)");
    FailureOr<mlir::Value> k80 = constant(0x80), k7f = constant(0x7F),
                           k8 = constant(8), k7 = constant(7);
    if (failed(k80) || failed(k7f) || failed(k8) || failed(k7))
      return failure();
    mlir::Value byte = arith::ExtUIOp::create(b, ml, i16Type, v.getValue());
    mlir::Value sign = arith::ShLIOp::create(
        b, ml, arith::AndIOp::create(b, ml, byte, *k80), *k8);
    mlir::Value mag = arith::ShLIOp::create(
        b, ml, arith::AndIOp::create(b, ml, byte, *k7f), *k7);
    TileType half = ft.withElem(ElemType::scalar(DType::FP16));
    TValue h = TValue::runtime(
        arith::BitcastOp::create(b, ml, getMlirType(&ctx, half),
                                 arith::OrIOp::create(b, ml, sign, mag)),
        half);
    if (td == DType::FP16)
      return h;
    return cast(h, to, l);
  }
  // To fp8e4b15.
  if (fd != DType::FP16 && fd != DType::FP32)
    return err(l, "cannot convert " + ft.elem.str() +
                      " to fp8e4b15: Triton 3.6 converts to fp8e4b15 only "
                      "from fp16 and fp32 (convert through one of them)");
  TValue h = v;
  if (fd == DType::FP32) {
    FailureOr<TValue> r = cast(v, ElemType::scalar(DType::FP16), l,
                               /*bitcast=*/false, /*roundTowardZero=*/true);
    if (failed(r))
      return failure();
    h = *r;
  }
  FailureOr<mlir::Value> k8000 = constant(0x8000), k7fff = constant(0x7FFF),
                         k3f00 = constant(0x3F00), k40 = constant(0x40),
                         k8 = constant(8), k7 = constant(7);
  if (failed(k8000) || failed(k7fff) || failed(k3f00) || failed(k40) ||
      failed(k8) || failed(k7))
    return failure();
  mlir::Value bits = arith::BitcastOp::create(b, ml, i16Type, h.getValue());
  mlir::Value sign = arith::ShRUIOp::create(
      b, ml, arith::AndIOp::create(b, ml, bits, *k8000), *k8);
  mlir::Value mag = arith::MinUIOp::create(
      b, ml, arith::AndIOp::create(b, ml, bits, *k7fff), *k3f00);
  mlir::Value rounded = arith::ShRUIOp::create(
      b, ml, arith::AddIOp::create(b, ml, mag, *k40), *k7);
  TileType rt = ft.withElem(to);
  return TValue::runtime(
      arith::TruncIOp::create(b, ml, getMlirType(&ctx, rt),
                              arith::OrIOp::create(b, ml, sign, rounded)),
      rt);
}
