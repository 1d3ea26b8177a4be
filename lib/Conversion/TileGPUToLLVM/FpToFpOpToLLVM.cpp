//===- FpToFpOpToLLVM.cpp - tile.fp_to_fp per element -----------*- C++ -*-===//
//
// tile.fp_to_fp is the float conversion that carries a rounding mode: what
// `.to(dtype, fp_downcast_rounding="rtz")` and conversions to and from fp8
// become. Between the standard formats, a widening is llvm.fpext, a
// round-to-nearest-even narrowing llvm.fptrunc, and a round-toward-zero
// narrowing the NVVM conversion intrinsic of that mode (cvt.rz.f16.f32,
// cvt.rz.bf16.f32), the pairs Triton's lowering has.
//
// fp8 (e4m3fn, e5m2; stored as i8) converts as Triton 3.6 converts it on
// each target, so that results agree bit for bit:
//  - from sm_89 on, the packed cvt instructions (two elements at a time):
//    cvt.rn.f16x2.e4m3x2 / .e5m2x2 up, cvt.rn.satfinite.e4m3x2.f16x2 /
//    .e5m2x2.f16x2 down from fp16, and .f32 (from bf16 through fp32; from
//    fp32 directly on sm_90, through a round-toward-zero fp16 before);
//  - below sm_89 only e5m2 converts, by bit manipulation: e5m2 is the high
//    byte of an fp16, so up is a shift, and down from fp16 adds half an ulp
//    to the fp16 bits with their lowest bit cleared (a NaN can become inf,
//    nothing saturates); down from bf16 clamps the magnitude to
//    [2^-15, 57344] and rounds half away from zero (no subnormal results);
//  - fp32 and fp16 reach and leave fp8 through fp16; e5m2 -> bf16 moves the
//    bits into bf16 position and scales by 2^112 (inf and NaN become finite,
//    as in Triton);
//  - round-toward-zero into fp8 exists from fp32 into e5m2 only (through an
//    fp16 rounded toward zero, then the high byte).
// Combinations Triton cannot lower are refused by the frontend; the
// target's limits (e4m3 below sm_89) are refused here, at the conversion.
//
//===----------------------------------------------------------------------===//

#include "Utility.h"

#include "Tile/IR/TileOps.h"

using namespace mlir;
using namespace tilec;
using namespace tilec::gpu_to_llvm;

namespace {

static bool isStandardFloat(Type t) {
  return t.isF16() || t.isBF16() || t.isF32() || t.isF64();
}

static bool isFp8(Type t) { return isa<Float8E4M3FNType, Float8E5M2Type>(t); }

/// The refusal of an fp8e4nv conversion below sm_89.
static InFlightDiagnostic e4m3TargetError(tile::FpToFpOp op, unsigned cc) {
  bool from = isa<Float8E4M3FNType>(getElementTypeOrSelf(op.getSrc()));
  return emitError(op.getLoc(), "fp8 conversion ")
         << (from ? "from " : "to ")
         << "fp8e4nv (tl.float8e4nv) needs compute capability 8.9 or higher "
            "(cvt with .e4m3x2), as in Triton 3.6; the target is sm_"
         << cc;
}

/// Builds the fp8 conversions of one tile.fp_to_fp, two elements at a time
/// (the packed instructions' width; an odd element is paired with zero).
class Fp8Converter {
public:
  Fp8Converter(OpBuilder &b, Location loc, unsigned cc)
      : b(b), loc(loc), cc(cc) {}

  /// `fp8` bytes (i8) of the given format to f16.
  SmallVector<Value> toF16(ArrayRef<Value> in, bool e4m3) {
    SmallVector<Value> out;
    if (cc < 89) {
      // e5m2 is the high byte of an fp16.
      for (Value v : in) {
        Value h = shl(zext16(v), 8);
        out.push_back(LLVM::BitcastOp::create(b, loc, b.getF16Type(), h));
      }
      return out;
    }
    StringRef name = e4m3 ? "llvm.nvvm.e4m3x2.to.f16x2.rn"
                          : "llvm.nvvm.e5m2x2.to.f16x2.rn";
    auto vecTy = VectorType::get({2}, b.getF16Type());
    forPairs(in, [&](Value lo, Value hi) {
      Value packed = LLVM::OrOp::create(b, loc, zext16(lo), shl(zext16(hi), 8));
      Value r = call(vecTy, name, packed);
      out.push_back(extract(r, 0));
      out.push_back(extract(r, 1));
    });
    return out;
  }

  /// f16 values to fp8 bytes, rounding to nearest even (saturating to the
  /// largest finite value from sm_89 on).
  SmallVector<Value> fromF16(ArrayRef<Value> in, bool e4m3) {
    SmallVector<Value> out;
    if (cc < 89) {
      // Half an e5m2 ulp added to the fp16 bits with their lowest bit
      // cleared (which keeps a carry from the neighbour harmless in
      // Triton's packed form); the high byte is the result, wrapping
      // modulo 2^16 as the 16-bit lane does.
      for (Value v : in) {
        Value h = bitsOf(v);
        h = LLVM::AndOp::create(b, loc, h, i16(0xfffe));
        h = LLVM::AddOp::create(b, loc, h, i16(0x0080));
        out.push_back(highByte(h));
      }
      return out;
    }
    StringRef name = e4m3 ? "llvm.nvvm.f16x2.to.e4m3x2.rn"
                          : "llvm.nvvm.f16x2.to.e5m2x2.rn";
    auto vecTy = VectorType::get({2}, b.getF16Type());
    forPairs(in, [&](Value lo, Value hi) {
      Value vec = LLVM::UndefOp::create(b, loc, vecTy);
      vec = LLVM::InsertElementOp::create(b, loc, vec, lo, i32Const(b, loc, 0));
      vec = LLVM::InsertElementOp::create(b, loc, vec, hi, i32Const(b, loc, 1));
      splitBytes(call(b.getI16Type(), name, vec), out);
    });
    return out;
  }

  /// f16 values to e5m2 bytes rounding toward zero: the high byte.
  SmallVector<Value> fromF16TowardZero(ArrayRef<Value> in) {
    SmallVector<Value> out;
    for (Value v : in)
      out.push_back(highByte(bitsOf(v)));
    return out;
  }

  /// f32 values to fp8 bytes with the satfinite cvt of sm_89 and up.
  SmallVector<Value> fromF32(ArrayRef<Value> in, bool e4m3) {
    SmallVector<Value> out;
    StringRef name =
        e4m3 ? "llvm.nvvm.ff.to.e4m3x2.rn" : "llvm.nvvm.ff.to.e5m2x2.rn";
    // The first operand lands in the high byte.
    forPairs(in, [&](Value lo, Value hi) {
      splitBytes(call(b.getI16Type(), name, ValueRange{hi, lo}), out);
    });
    return out;
  }

  /// bf16 values to e5m2 bytes without the fp8 cvt (below sm_89): the
  /// magnitude clamped to [0x3800, 0x57e0] (2^-15 .. 57344), 0x10 added
  /// (half an ulp: ties away from zero), rebased and shifted into place.
  SmallVector<Value> bf16ToE5m2Bits(ArrayRef<Value> in) {
    SmallVector<Value> out;
    for (Value v : in) {
      Value h = bitsOf(v);
      Value sign = LLVM::AndOp::create(b, loc, h, i16(0x8000));
      Value mag = LLVM::AndOp::create(b, loc, h, i16(0x7fff));
      mag = LLVM::UMaxOp::create(b, loc, mag, i16(0x3800));
      mag = LLVM::UMinOp::create(b, loc, mag, i16(0x57e0));
      mag = LLVM::AddOp::create(b, loc, mag, i16(0x0010));
      mag = LLVM::SubOp::create(b, loc, mag, i16(0x3800));
      mag = shl(mag, 3);
      out.push_back(highByte(LLVM::OrOp::create(b, loc, mag, sign)));
    }
    return out;
  }

  /// e5m2 bytes to bf16: the bits moved into bf16 position (exponent bias
  /// 15 seen as 127), then scaled by 2^112. Exact for finite values; inf
  /// and NaN become finite, as in Triton. sm_90 multiplies in bf16x2,
  /// older targets in fp32 (the product is exact either way).
  SmallVector<Value> e5m2ToBf16(ArrayRef<Value> in) {
    SmallVector<Value> out;
    auto shifted = [&](Value v) {
      Value h = shl(zext16(v), 8);
      Value mag = LLVM::AndOp::create(b, loc, h, i16(0x7fff));
      mag = LLVM::LShrOp::create(b, loc, mag, i16(3));
      Value sign = LLVM::AndOp::create(b, loc, h, i16(0x8000));
      return std::make_pair(mag, sign);
    };
    if (cc >= 90) {
      forPairs(in, [&](Value lo, Value hi) {
        auto [m0, s0] = shifted(lo);
        auto [m1, s1] = shifted(hi);
        Value w0 = LLVM::ZExtOp::create(b, loc, b.getI32Type(),
                                        LLVM::OrOp::create(b, loc, m0, s0));
        Value w1 = LLVM::ZExtOp::create(b, loc, b.getI32Type(),
                                        LLVM::OrOp::create(b, loc, m1, s1));
        w1 = LLVM::ShlOp::create(b, loc, w1, i32Const(b, loc, 16));
        Value packed = LLVM::OrOp::create(b, loc, w0, w1);
        Value r = asmOp("mul.rn.bf16x2 $0, $1, $2;", packed,
                        i32Const(b, loc, 0x77807780));
        for (unsigned i = 0; i < 2; ++i) {
          Value half = i == 0 ? r
                              : LLVM::LShrOp::create(b, loc, r,
                                                     i32Const(b, loc, 16));
          half = LLVM::TruncOp::create(b, loc, b.getI16Type(), half);
          out.push_back(
              LLVM::BitcastOp::create(b, loc, b.getBF16Type(), half));
        }
      });
      return out;
    }
    for (Value v : in) {
      auto [mag, sign] = shifted(v);
      Value w = LLVM::ZExtOp::create(b, loc, b.getI32Type(), mag);
      w = LLVM::ShlOp::create(b, loc, w, i32Const(b, loc, 16));
      Value f = LLVM::BitcastOp::create(b, loc, b.getF32Type(), w);
      Value scale = LLVM::ConstantOp::create(
          b, loc, b.getF32Type(), b.getF32FloatAttr(0x1p112f));
      Value p = LLVM::FMulOp::create(b, loc, f, scale);
      Value bits = LLVM::BitcastOp::create(b, loc, b.getI32Type(), p);
      bits = LLVM::LShrOp::create(b, loc, bits, i32Const(b, loc, 16));
      bits = LLVM::TruncOp::create(b, loc, b.getI16Type(), bits);
      bits = LLVM::OrOp::create(b, loc, bits, sign);
      out.push_back(LLVM::BitcastOp::create(b, loc, b.getBF16Type(), bits));
    }
    return out;
  }

  /// Per-element helpers.
  Value ext(Value v, Type to) { return LLVM::FPExtOp::create(b, loc, to, v); }
  Value trunc(Value v, Type to) {
    return LLVM::FPTruncOp::create(b, loc, to, v);
  }
  Value f32ToF16TowardZero(Value v) {
    return call(b.getF16Type(), "llvm.nvvm.f2f16.rz", v);
  }

private:
  OpBuilder &b;
  Location loc;
  unsigned cc;

  Value i16(uint16_t v) {
    return LLVM::ConstantOp::create(b, loc, b.getI16Type(),
                                    b.getI16IntegerAttr(v));
  }
  Value zext16(Value v) {
    return LLVM::ZExtOp::create(b, loc, b.getI16Type(), v);
  }
  Value shl(Value v, unsigned n) {
    return LLVM::ShlOp::create(b, loc, v, i16(n));
  }
  Value bitsOf(Value v) {
    return LLVM::BitcastOp::create(b, loc, b.getI16Type(), v);
  }
  Value highByte(Value h) {
    Value s = LLVM::LShrOp::create(b, loc, h, i16(8));
    return LLVM::TruncOp::create(b, loc, b.getI8Type(), s);
  }
  void splitBytes(Value packed, SmallVectorImpl<Value> &out) {
    out.push_back(LLVM::TruncOp::create(b, loc, b.getI8Type(), packed));
    out.push_back(highByte(packed));
  }
  Value extract(Value vec, int64_t i) {
    return LLVM::ExtractElementOp::create(b, loc, vec, i32Const(b, loc, i));
  }
  Value call(Type result, StringRef name, ValueRange args) {
    return LLVM::CallIntrinsicOp::create(b, loc, result,
                                         b.getStringAttr(name), args)
        .getResult(0);
  }
  Value asmOp(StringRef text, Value x, Value y) {
    return LLVM::InlineAsmOp::create(
               b, loc, b.getI32Type(), ValueRange{x, y}, text, "=r,r,r",
               /*has_side_effects=*/false, /*is_align_stack=*/false,
               LLVM::tailcallkind::TailCallKind::None,
               LLVM::AsmDialectAttr::get(b.getContext(),
                                         LLVM::AsmDialect::AD_ATT),
               /*operand_attrs=*/ArrayAttr())
        .getResult(0);
  }
  /// Calls `fn(lo, hi)` on consecutive pairs; an odd last element gets a
  /// zero partner (the caller drops its result).
  void forPairs(ArrayRef<Value> in,
                llvm::function_ref<void(Value, Value)> fn) {
    for (size_t i = 0; i < in.size(); i += 2) {
      Value lo = in[i];
      Value hi = i + 1 < in.size()
                     ? in[i + 1]
                     : LLVM::ZeroOp::create(b, loc, lo.getType()).getResult();
      fn(lo, hi);
    }
  }
};

struct FpToFpOpConversion : public ConvertOpToLLVMPattern<tile::FpToFpOp> {
  FpToFpOpConversion(TileGPUTypeConverter &converter, unsigned cc)
      : ConvertOpToLLVMPattern(converter), cc(cc) {}

  LogicalResult
  matchAndRewrite(tile::FpToFpOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    Type from = getElementTypeOrSelf(op.getSrc().getType());
    Type to = getElementTypeOrSelf(op.getType());
    Type converted = getTypeConverter()->convertType(op.getType());
    if (!converted)
      return op.emitError("cannot lower result type ") << op.getType();
    SmallVector<Value> in = unpackElements(loc, adaptor.getSrc(), rewriter);
    FailureOr<SmallVector<Value>> out =
        isFp8(from) || isFp8(to) ? convertFp8(op, from, to, in, rewriter)
                                 : convertStandard(op, from, to, in, rewriter);
    if (failed(out))
      return failure();
    out->resize(in.size()); // drop the results of an odd element's partner
    if (isa<RankedTensorType>(op.getType()))
      rewriter.replaceOp(op, packElements(loc, converted, *out, rewriter));
    else
      rewriter.replaceOp(op, out->front());
    return success();
  }

private:
  unsigned cc;

  FailureOr<SmallVector<Value>>
  convertStandard(tile::FpToFpOp op, Type from, Type to, ArrayRef<Value> in,
                  OpBuilder &b) const {
    Location loc = op.getLoc();
    if (!isStandardFloat(from) || !isStandardFloat(to))
      return op.emitError("conversion from ")
             << from << " to " << to << " is not supported";
    unsigned fromBits = from.getIntOrFloatBitWidth();
    unsigned toBits = to.getIntOrFloatBitWidth();
    bool rtz = op.getRounding() == tile::RoundingMode::RTZ;
    StringRef intrinsic;
    if (fromBits > toBits && rtz) {
      if (from.isF32() && to.isF16())
        intrinsic = "llvm.nvvm.f2f16.rz";
      else if (from.isF32() && to.isBF16())
        intrinsic = "llvm.nvvm.f2bf16.rz";
      else
        return op.emitError("rounding mode rtz from ")
               << from << " to " << to << " is not supported";
    } else if (fromBits == toBits && from != to) {
      // f16 <-> bf16: Triton goes through f32, exact on the way up.
      return op.emitError("conversion from ")
             << from << " to " << to << " must go through f32";
    }
    SmallVector<Value> out;
    for (Value e : in) {
      Value r;
      if (from == to)
        r = e;
      else if (fromBits < toBits)
        r = LLVM::FPExtOp::create(b, loc, to, e);
      else if (!intrinsic.empty())
        r = LLVM::CallIntrinsicOp::create(b, loc, to,
                                          b.getStringAttr(intrinsic),
                                          ValueRange{e})
                .getResult(0);
      else
        r = LLVM::FPTruncOp::create(b, loc, to, e);
      out.push_back(r);
    }
    return out;
  }

  FailureOr<SmallVector<Value>> convertFp8(tile::FpToFpOp op, Type from,
                                           Type to, ArrayRef<Value> in,
                                           OpBuilder &b) const {
    Location loc = op.getLoc();
    Type f32 = b.getF32Type();
    bool rtz = op.getRounding() == tile::RoundingMode::RTZ;
    // What the frontend lets through (Triton's lowering has nothing else):
    // fp8 <-> fp16/bf16/fp32, rounding toward zero only fp32 -> e5m2.
    Type other = isFp8(from) ? to : from;
    if ((isFp8(from) && isFp8(to)) || !isStandardFloat(other) ||
        other.isF64() ||
        (rtz && !(from.isF32() && isa<Float8E5M2Type>(to))))
      return op.emitError("conversion from ")
             << from << " to " << to << (rtz ? " rounding toward zero" : "")
             << " is not supported for fp8";
    bool e4m3 = isa<Float8E4M3FNType>(from) || isa<Float8E4M3FNType>(to);
    if (e4m3 && cc < 89)
      return e4m3TargetError(op, cc);
    Fp8Converter c(b, loc, cc);
    SmallVector<Value> out;
    if (isFp8(from)) {
      if (to.isBF16() && !e4m3)
        return c.e5m2ToBf16(in);
      SmallVector<Value> h = c.toF16(in, e4m3);
      if (to.isF16())
        return h;
      for (Value v : h) {
        Value w = c.ext(v, f32);
        out.push_back(to.isF32() ? w : c.trunc(w, to));
      }
      return out;
    }
    if (from.isBF16()) {
      if (cc < 89)
        return c.bf16ToE5m2Bits(in);
      SmallVector<Value> w;
      for (Value v : in)
        w.push_back(c.ext(v, f32));
      return c.fromF32(w, e4m3);
    }
    if (from.isF32() && !rtz && cc >= 90)
      return c.fromF32(in, e4m3);
    // fp16 directly; fp32 through an fp16 rounded toward zero.
    SmallVector<Value> h;
    for (Value v : in)
      h.push_back(from.isF32() ? c.f32ToF16TowardZero(v) : v);
    if (rtz)
      return c.fromF16TowardZero(h);
    return c.fromF16(h, e4m3);
  }
};

} // namespace

LogicalResult tilec::gpu_to_llvm::checkFpToFpTarget(ModuleOp module,
                                                    unsigned cc) {
  if (cc >= 89)
    return success();
  bool ok = true;
  module.walk([&](tile::FpToFpOp op) {
    if (isa<Float8E4M3FNType>(getElementTypeOrSelf(op.getSrc())) ||
        isa<Float8E4M3FNType>(getElementTypeOrSelf(op.getType()))) {
      (void)e4m3TargetError(op, cc);
      ok = false;
    }
  });
  return success(ok);
}

void tilec::gpu_to_llvm::populateFpToFpOpToLLVMPatterns(
    TileGPUTypeConverter &converter, RewritePatternSet &patterns,
    unsigned computeCapability) {
  patterns.add<FpToFpOpConversion>(converter, computeCapability);
}
