//===- DotOpToLLVM.cpp - tile.dot to mma.sync -------------------*- C++ -*-===//
//
// A tile.dot whose operands and accumulator have the layouts
// tilegpu-accelerate-dot gave them (dot_op and mma version 2) becomes one
// `nvvm.mma.sync` m16n8kK per 16x8 accumulator tile and K-wide step:
//   f16/bf16 x f16/bf16 + f32  m16n8k16, two elements per 32-bit register;
//   f16 x f16 + f16            m16n8k16 with f16 accumulators
//                              (out_dtype=tl.float16), two per register;
//   f32 x f32 + f32 (tf32)     m16n8k8, each element rounded to tf32 with
//                              cvt.rna.tf32.f32 first;
//   s8 x s8 + s32              m16n8k32, four elements per register,
//                              wrapping (not saturating) int32 sums.
// Which registers form an instruction's fragments is read off the linear
// layouts (MmaV2Fragments.h); a layout that does not form whole fragments is
// an error, not a silent wrong product.
//
// Why tf32 operands are rounded: the PTX ISA leaves the bits of a .tf32
// operand register implementation-defined and provides cvt.rna.tf32.f32 to
// produce them; passing the raw f32 bits (what Triton's mma.sync path does)
// makes the tensor core truncate them, a one-sided error. CUTLASS rounds the
// same way. Rounding costs one conversion per operand element per step.
//
// fp32 dots asking for "ieee" precision are FMA loops (FmaDotOpToLLVM.cpp);
// "tf32x3" dots arrive split into three tf32 dots (tilegpu-accelerate-dot).
//
//===----------------------------------------------------------------------===//

#include "MmaV2Fragments.h"
#include "Utility.h"

#include "Tile/IR/TileOps.h"

using namespace mlir;
using namespace tilec;
using namespace tilec::gpu_to_llvm;
using tilegpu::LinearLayout;

namespace {

/// What one mma.sync m16n8kK of a tile.dot's element types takes.
struct MmaV2Kind {
  unsigned elemBits;
  NVVM::MMATypes ptxType;
  std::optional<NVVM::MMAIntOverflow> overflow;
};

} // namespace

/// The mma.sync for operands of type `elem` and an accumulator of type
/// `acc`, if there is one.
static std::optional<MmaV2Kind> getMmaV2Kind(Type elem, Type acc,
                                             tile::InputPrecision precision) {
  if (acc.isF32() && elem.isF16())
    return MmaV2Kind{16, NVVM::MMATypes::f16, std::nullopt};
  if (acc.isF16() && elem.isF16())
    return MmaV2Kind{16, NVVM::MMATypes::f16, std::nullopt};
  if (acc.isF32() && elem.isBF16())
    return MmaV2Kind{16, NVVM::MMATypes::bf16, std::nullopt};
  if (acc.isF32() && elem.isF32() && precision == tile::InputPrecision::TF32)
    return MmaV2Kind{32, NVVM::MMATypes::tf32, std::nullopt};
  // Triton's integer arithmetic wraps, so the sums do too.
  if (acc.isInteger(32) && elem.isInteger(8))
    return MmaV2Kind{8, NVVM::MMATypes::s8, NVVM::MMAIntOverflow::wrapped};
  return std::nullopt;
}

/// The error for a tile.dot this lowering cannot compute, naming why.
static LogicalResult refuse(tile::DotOp op, RankedTensorType aType,
                            RankedTensorType cType) {
  if (aType.getElementType().isF32()) {
    switch (op.getInputPrecision()) {
    case tile::InputPrecision::IEEE:
      return op.emitError(
          "'tl.dot' with input_precision=\"ieee\" on fp32 operands is "
          "lowered only as a 2-D dot with the FMA layouts of "
          "tilegpu-accelerate-dot");
    case tile::InputPrecision::TF32x3:
      return op.emitError("'tl.dot' with input_precision=\"tf32x3\" is "
                          "lowered only once tilegpu-accelerate-dot has split "
                          "it into three tf32 dots");
    case tile::InputPrecision::TF32:
      break;
    }
  }
  return op.emitError(
             "tile.dot is lowered only to mma.sync (tilegpu-accelerate-dot, "
             "sm_80 and up): f16 or bf16 operands with an f32 accumulator "
             "or f16 operands with an f16 one (m16n8k16), fp32 operands as "
             "tf32 (m16n8k8) or int8 operands with an int32 accumulator "
             "(m16n8k32), in whole 16 x 8 x K "
             "instruction tiles; got ")
         << aType << " operands and a " << cType << " accumulator";
}

namespace {

struct DotOpConversion : public ConvertOpToLLVMPattern<tile::DotOp> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;

  LogicalResult
  matchAndRewrite(tile::DotOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    // FmaDotOpConversion's, which reports its own errors.
    if (isFmaDot(op))
      return failure();
    auto aType = cast<RankedTensorType>(op.getA().getType());
    auto cType = cast<RankedTensorType>(op.getC().getType());
    auto mma = dyn_cast_or_null<tilegpu::MmaEncodingAttr>(cType.getEncoding());
    Type elem = aType.getElementType(), accElem = cType.getElementType();
    std::optional<MmaV2Kind> kind =
        getMmaV2Kind(elem, accElem, op.getInputPrecision());
    if (!mma || mma.getVersion() != 2 || !kind)
      return refuse(op, aType, cType);
    std::optional<LinearLayout> aLL = tilegpu::getLinearLayout(aType);
    std::optional<LinearLayout> bLL =
        tilegpu::getLinearLayout(op.getB().getType());
    std::optional<LinearLayout> cLL = tilegpu::getLinearLayout(cType);
    if (!aLL || !bLL || !cLL)
      return op.emitError("tile.dot operands need tilegpu layouts");

    unsigned bits = kind->elemBits, perReg = 32 / bits;
    int64_t kTile = getMmaV2K(bits);
    FailureOr<FragmentMap> aMap = mapMmaV2Fragments(*aLL, MmaOperand::A, bits);
    FailureOr<FragmentMap> bMap = mapMmaV2Fragments(*bLL, MmaOperand::B, bits);
    FailureOr<FragmentMap> cMap = mapMmaV2Fragments(*cLL, MmaOperand::C, bits);
    if (failed(aMap) || failed(bMap) || failed(cMap))
      return op.emitError("tile.dot layouts do not form m16n8k")
             << kTile << " fragments";

    Location loc = op.getLoc();
    SmallVector<Value> a = unpackElements(loc, adaptor.getA(), rewriter);
    SmallVector<Value> b = unpackElements(loc, adaptor.getB(), rewriter);
    SmallVector<Value> acc = unpackElements(loc, adaptor.getC(), rewriter);
    Type elemLLVM = getTypeConverter()->convertType(elem);
    Type i32 = rewriter.getI32Type();
    // The 32-bit register of fragment slots [first, first + perReg):
    // vector<2xf16> for f16 (what nvvm.mma.sync takes), i32 otherwise.
    auto pack = [&](ArrayRef<Value> values, ArrayRef<int> frag,
                    unsigned first) -> Value {
      if (kind->ptxType == NVVM::MMATypes::tf32)
        return NVVM::ConvertFloatToTF32Op::create(
            rewriter, loc, i32, values[frag[first]], NVVM::FPRoundingMode::RNA);
      auto vecType = VectorType::get({int64_t(perReg)}, elemLLVM);
      Value v = LLVM::UndefOp::create(rewriter, loc, vecType);
      for (unsigned i = 0; i < perReg; ++i)
        v = LLVM::InsertElementOp::create(rewriter, loc, v,
                                          values[frag[first + i]],
                                          i32Const(rewriter, loc, i));
      if (kind->ptxType == NVVM::MMATypes::f16)
        return v;
      return LLVM::BitcastOp::create(rewriter, loc, i32, v);
    };
    // f16 accumulators travel two to a register, as vector<2xf16> (c0 c1
    // and c2 c3: the fragment's column pairs); others one per register.
    Type accLLVM = getTypeConverter()->convertType(accElem);
    bool packedAcc = accElem.isF16();
    Type accReg = packedAcc ? Type(VectorType::get({2}, accLLVM)) : accLLVM;
    unsigned accRegs = packedAcc ? 2 : 4;
    auto resultType = LLVM::LLVMStructType::getLiteral(
        getContext(), SmallVector<Type>(accRegs, accReg));
    std::array<NVVM::MMATypes, 2> ptxTypes = {kind->ptxType, kind->ptxType};
    std::array<NVVM::MMALayout, 2> layouts = {NVVM::MMALayout::row,
                                              NVVM::MMALayout::col};

    int64_t kSteps = aType.getShape()[1] / kTile;
    for (auto &[key, cFrag] : *cMap) {
      auto [mTile, nTile] = key;
      SmallVector<Value> c;
      if (packedAcc) {
        for (unsigned s = 0; s < 4; s += 2) {
          Value v = LLVM::UndefOp::create(rewriter, loc, accReg);
          for (unsigned i = 0; i < 2; ++i)
            v = LLVM::InsertElementOp::create(rewriter, loc, v,
                                              acc[cFrag[s + i]],
                                              i32Const(rewriter, loc, i));
          c.push_back(v);
        }
      } else {
        for (int r : cFrag)
          c.push_back(acc[r]);
      }
      for (int64_t k = 0; k < kSteps; ++k) {
        auto aIt = aMap->find({mTile, int32_t(k)});
        auto bIt = bMap->find({int32_t(k), nTile});
        if (aIt == aMap->end() || bIt == bMap->end())
          return op.emitError("tile.dot operand fragments do not cover the "
                              "accumulator's tiles");
        SmallVector<Value> aOps, bOps;
        for (unsigned s = 0; s < aIt->second.size(); s += perReg)
          aOps.push_back(pack(a, aIt->second, s));
        for (unsigned s = 0; s < bIt->second.size(); s += perReg)
          bOps.push_back(pack(b, bIt->second, s));
        Value d = NVVM::MmaOp::create(rewriter, loc, resultType, aOps, bOps, c,
                                      {16, 8, kTile}, /*b1Op=*/std::nullopt,
                                      kind->overflow, ptxTypes, layouts);
        for (unsigned s = 0; s < accRegs; ++s)
          c[s] = LLVM::ExtractValueOp::create(rewriter, loc, d, s);
      }
      for (auto [s, r] : llvm::enumerate(cFrag))
        acc[r] =
            packedAcc
                ? Value(LLVM::ExtractElementOp::create(
                      rewriter, loc, c[s / 2], i32Const(rewriter, loc, s % 2)))
                : c[s];
    }
    rewriter.replaceOp(
        op, packElements(loc, getTypeConverter()->convertType(op.getType()),
                         acc, rewriter));
    return success();
  }
};

} // namespace

void tilec::gpu_to_llvm::populateDotOpToLLVMPatterns(
    TileGPUTypeConverter &converter, RewritePatternSet &patterns) {
  patterns.add<DotOpConversion>(converter);
}
