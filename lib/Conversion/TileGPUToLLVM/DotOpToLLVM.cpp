//===- DotOpToLLVM.cpp - tile.dot to mma.sync --------------------*- C++
//-*-===//
//
// A tile.dot whose operands and accumulator have the layouts
// tilegpu-accelerate-dot gave them (dot_op and mma version 2) becomes one
// `nvvm.mma.sync` m16n8k16 per 16x8 accumulator tile and 16-wide K step.
//
// Which registers form an instruction's fragments is read off the linear
// layouts, not assumed: for every register, the element it holds in lane 0
// of warp 0 names its instruction tile (coordinates divided by the tile) and
// its slot in the fragment (coordinates within the tile), and the PTX ISA's
// fragment order for m16n8k16 is
//   A: a0 = (g, 2t..2t+1), a1 = (g+8, ..), a2 = (g, 2t+8..), a3 = (g+8, 2t+8..)
//   B: b0 = (k 2t..2t+1, n g), b1 = (k 2t+8..)
//   C: c0 = (g, 2t), c1 = (g, 2t+1), c2 = (g+8, 2t), c3 = (g+8, 2t+1)
// with g = lane / 4 and t = lane % 4, which is what lane 0's offsets within
// a tile select. Registers the layout does not give a slot to are an error,
// not a silent wrong product.
//
//===----------------------------------------------------------------------===//

#include "Utility.h"

#include "Tile/IR/TileOps.h"

#include <map>

using namespace mlir;
using namespace tilec;
using namespace tilec::gpu_to_llvm;
using tilegpu::LinearLayout;

namespace {

/// For each instruction tile (row tile, column tile), the registers that
/// fill its fragment slots, in slot order.
using FragmentMap = std::map<std::pair<int32_t, int32_t>, SmallVector<int>>;

/// Groups the registers of `layout` into fragments of `slots` entries:
/// `place` maps lane 0's coordinates of a register to (tile key, slot).
static FailureOr<FragmentMap> mapFragments(
    const LinearLayout &layout, unsigned slots,
    llvm::function_ref<
        std::pair<std::pair<int32_t, int32_t>, unsigned>(ArrayRef<int32_t>)>
        place) {
  FragmentMap map;
  int32_t regs = layout.hasInDim(tilegpu::kRegister)
                     ? layout.getInDimSize(tilegpu::kRegister)
                     : 1;
  for (int32_t r = 0; r < regs; ++r) {
    SmallVector<int32_t> c = applyPositional(layout, tilegpu::kRegister, r);
    auto [key, slot] = place(c);
    SmallVector<int> &frag = map[key];
    if (frag.empty())
      frag.assign(slots, -1);
    if (slot >= slots || frag[slot] != -1)
      return failure();
    frag[slot] = r;
  }
  for (auto &[key, frag] : map)
    if (llvm::is_contained(frag, -1))
      return failure();
  return map;
}

struct DotOpConversion : public ConvertOpToLLVMPattern<tile::DotOp> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;

  LogicalResult
  matchAndRewrite(tile::DotOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    auto aType = cast<RankedTensorType>(op.getA().getType());
    auto cType = cast<RankedTensorType>(op.getC().getType());
    auto mma = dyn_cast_or_null<tilegpu::MmaEncodingAttr>(cType.getEncoding());
    Type elem = aType.getElementType();
    if (!mma || mma.getVersion() != 2 || !cType.getElementType().isF32() ||
        !(elem.isF16() || elem.isBF16()))
      return op.emitError("tile.dot is lowered only to mma.sync m16n8k16 "
                          "with f16 or bf16 operands and an f32 "
                          "accumulator (tilegpu-accelerate-dot), got ")
             << aType << " operands and a " << cType << " accumulator";
    std::optional<LinearLayout> aLL = tilegpu::getLinearLayout(aType);
    std::optional<LinearLayout> bLL =
        tilegpu::getLinearLayout(op.getB().getType());
    std::optional<LinearLayout> cLL = tilegpu::getLinearLayout(cType);
    if (!aLL || !bLL || !cLL)
      return op.emitError("tile.dot operands need tilegpu layouts");

    // Lane 0's coordinates within a tile pick the fragment slot.
    FailureOr<FragmentMap> aMap =
        mapFragments(*aLL, 8, [](ArrayRef<int32_t> c) {
          unsigned slot =
              ((c[1] % 16) / 8) * 4 + ((c[0] % 16) / 8) * 2 + c[1] % 2;
          return std::make_pair(std::make_pair(c[0] / 16, c[1] / 16), slot);
        });
    FailureOr<FragmentMap> bMap =
        mapFragments(*bLL, 4, [](ArrayRef<int32_t> c) {
          unsigned slot = ((c[0] % 16) / 8) * 2 + c[0] % 2;
          return std::make_pair(std::make_pair(c[0] / 16, c[1] / 8), slot);
        });
    FailureOr<FragmentMap> cMap =
        mapFragments(*cLL, 4, [](ArrayRef<int32_t> c) {
          unsigned slot = ((c[0] % 16) / 8) * 2 + c[1] % 2;
          return std::make_pair(std::make_pair(c[0] / 16, c[1] / 8), slot);
        });
    if (failed(aMap) || failed(bMap) || failed(cMap))
      return op.emitError("tile.dot layouts do not form m16n8k16 fragments");

    Location loc = op.getLoc();
    SmallVector<Value> a = unpackElements(loc, adaptor.getA(), rewriter);
    SmallVector<Value> b = unpackElements(loc, adaptor.getB(), rewriter);
    SmallVector<Value> acc = unpackElements(loc, adaptor.getC(), rewriter);
    Type elemLLVM = getTypeConverter()->convertType(elem);
    bool isBF16 = elem.isBF16();
    auto pairType = VectorType::get({2}, elemLLVM);
    // Two consecutive K elements in one 32-bit register: vector<2xf16> for
    // f16, i32 for bf16 (what nvvm.mma.sync takes).
    auto pack = [&](Value lo, Value hi) -> Value {
      Value v = LLVM::UndefOp::create(rewriter, loc, pairType);
      v = LLVM::InsertElementOp::create(rewriter, loc, v, lo,
                                        i32Const(rewriter, loc, 0));
      v = LLVM::InsertElementOp::create(rewriter, loc, v, hi,
                                        i32Const(rewriter, loc, 1));
      if (isBF16)
        v = LLVM::BitcastOp::create(rewriter, loc, rewriter.getI32Type(), v);
      return v;
    };
    auto resultType = LLVM::LLVMStructType::getLiteral(
        getContext(), SmallVector<Type>(4, rewriter.getF32Type()));
    NVVM::MMATypes ptxType =
        isBF16 ? NVVM::MMATypes::bf16 : NVVM::MMATypes::f16;
    std::array<NVVM::MMATypes, 2> ptxTypes = {ptxType, ptxType};
    std::array<NVVM::MMALayout, 2> layouts = {NVVM::MMALayout::row,
                                              NVVM::MMALayout::col};

    int64_t kSteps = aType.getShape()[1] / 16;
    for (auto &[key, cFrag] : *cMap) {
      auto [mTile, nTile] = key;
      SmallVector<Value> c;
      for (int r : cFrag)
        c.push_back(acc[r]);
      for (int64_t k = 0; k < kSteps; ++k) {
        auto aIt = aMap->find({mTile, int32_t(k)});
        auto bIt = bMap->find({int32_t(k), nTile});
        if (aIt == aMap->end() || bIt == bMap->end())
          return op.emitError("tile.dot operand fragments do not cover the "
                              "accumulator's tiles");
        SmallVector<Value> aOps, bOps;
        for (unsigned s = 0; s < 8; s += 2)
          aOps.push_back(pack(a[aIt->second[s]], a[aIt->second[s + 1]]));
        for (unsigned s = 0; s < 4; s += 2)
          bOps.push_back(pack(b[bIt->second[s]], b[bIt->second[s + 1]]));
        Value d = NVVM::MmaOp::create(
            rewriter, loc, resultType, aOps, bOps, c, {16, 8, 16},
            /*b1Op=*/std::nullopt, /*intOverflow=*/std::nullopt, ptxTypes,
            layouts);
        for (unsigned s = 0; s < 4; ++s)
          c[s] = LLVM::ExtractValueOp::create(rewriter, loc, d, s);
      }
      for (auto [s, r] : llvm::enumerate(cFrag))
        acc[r] = c[s];
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
