//===- MemoryOpToLLVM.cpp - addptr, load and store to LLVM ------*- C++ -*-===//
//
// Pointer arithmetic per element, and global loads and stores vectorized over
// the registers that hold consecutive elements of the fastest dimension
// (up to 16 bytes). Unmasked accesses are plain llvm.load/llvm.store; masked
// ones are predicated PTX (`@p ld.global.v4.b32`) in inline assembly, with
// `other` selected where the mask is false.
//
// A load or store with a cache modifier or an eviction policy (and a masked
// volatile load) is inline PTX too, whether masked or not, with the
// qualifiers Triton 3.6 emits on NVIDIA: `.ca`/`.cg` on loads (`.cv` emits
// none), `.wb`/`.cg`/`.cs`/`.wt` on stores, and for an eviction policy both
// `.L1::evict_first|last` and an `.L2::cache_hint` whose policy register
// comes from `createpolicy.fractional.L2::evict_*.b64 p, 1.0`. The frontend
// refuses the combinations ptxas rejects (cache modifier with eviction
// policy, volatile with either).
//
// The vector width is the layout's run of consecutive registers, capped at
// 16 bytes and at the op's `tilegpu.vec` (1 when absent): tilegpu-coalesce
// sets it to what the axis analysis proves, that runs of that many elements
// have consecutive, aligned addresses and one mask bit; the lowering alone
// could prove neither.
//
//===----------------------------------------------------------------------===//

#include "Utility.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/IR/Matchers.h"

#include "Tile/IR/TileOps.h"

using namespace mlir;
using namespace tilec;
using namespace tilec::gpu_to_llvm;

namespace {

struct AddPtrOpConversion : public ConvertOpToLLVMPattern<tile::AddPtrOp> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;

  LogicalResult
  matchAndRewrite(tile::AddPtrOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    auto ptrType = cast<tile::PtrType>(getElementTypeOrSelf(op.getType()));
    Type pointee = getTypeConverter()->convertType(ptrType.getPointeeType());
    Type type = getTypeConverter()->convertType(op.getType());
    if (!pointee || !type)
      return op.emitError("cannot lower pointer type ") << op.getType();
    SmallVector<Value> ptrs = unpackElements(loc, adaptor.getPtr(), rewriter);
    SmallVector<Value> offs =
        unpackElements(loc, adaptor.getOffset(), rewriter);
    if (ptrs.size() != offs.size())
      return op.emitError("pointer and offset have different layouts");
    SmallVector<Value> out;
    for (auto [p, o] : llvm::zip(ptrs, offs))
      out.push_back(LLVM::GEPOp::create(rewriter, loc, p.getType(), pointee, p,
                                        ValueRange{o}));
    if (!isa<RankedTensorType>(op.getType()))
      rewriter.replaceOp(op, out.front());
    else
      rewriter.replaceOp(op, packElements(loc, type, out, rewriter));
    return success();
  }
};

/// Bits of an element in memory; 0 for types the lowering cannot access.
static unsigned getElementBits(Type t) {
  if (isa<LLVM::LLVMPointerType>(t))
    return 64;
  if (t.isIntOrFloat() && t.getIntOrFloatBitWidth() >= 8 &&
      llvm::isPowerOf2_32(t.getIntOrFloatBitWidth()))
    return t.getIntOrFloatBitWidth();
  return 0;
}

/// The vector width of an access through `ptrType` (the original tensor of
/// pointers or a pointer), capped as the file comment says.
static unsigned getVectorWidth(Operation *op, Type ptrType, unsigned bits) {
  std::optional<tilegpu::LinearLayout> ll = tilegpu::getLinearLayout(ptrType);
  if (!ll)
    return 1;
  unsigned vec = ll->getNumConsecutiveInOut();
  vec = std::min(vec, 128 / bits);
  unsigned hint = 1;
  if (auto a = op->getAttrOfType<IntegerAttr>("tilegpu.vec"))
    hint = std::max<int64_t>(1, a.getInt());
  return std::max(1u, std::min(vec, hint));
}

static Value toInt(OpBuilder &b, Location loc, Value v, unsigned bits) {
  Type intType = b.getIntegerType(bits);
  if (isa<LLVM::LLVMPointerType>(v.getType()))
    return LLVM::PtrToIntOp::create(b, loc, intType, v);
  if (v.getType() == intType)
    return v;
  return LLVM::BitcastOp::create(b, loc, intType, v);
}

static Value fromInt(OpBuilder &b, Location loc, Value v, Type t) {
  if (isa<LLVM::LLVMPointerType>(t))
    return LLVM::IntToPtrOp::create(b, loc, t, v);
  if (v.getType() == t)
    return v;
  return LLVM::BitcastOp::create(b, loc, t, v);
}

/// How `vec` elements of `bits` bits travel through PTX registers: `words`
/// registers of `width` bits, with the inline-asm constraint letter. f32
/// elements travel as themselves (`.f32`, constraint `f`), so the access
/// reads as what it is (`ld.global.v4.f32`) and needs no bitcasts; other
/// types are packed into untyped words (`.b32`: two f16 per word).
struct WordShape {
  unsigned words, width;
  char constraint;
  bool isF32 = false;
};
static WordShape getWordShape(unsigned vec, Type elemType, unsigned bits) {
  if (elemType.isF32())
    return {vec, 32, 'f', true};
  unsigned total = vec * bits;
  unsigned width = total <= 32 ? total : std::max(32u, bits);
  char c = width == 8 ? 'c' : width == 16 ? 'h' : width == 32 ? 'r' : 'l';
  return {total / width, width, c};
}

/// The PTX operand list `{ $a, $b }` (or `$a` for one word).
static std::string operandList(unsigned first, unsigned n) {
  std::string s = n == 1 ? "" : "{ ";
  for (unsigned i = 0; i < n; ++i)
    s += (i ? ", $" : "$") + std::to_string(first + i);
  return s + (n == 1 ? "" : " }");
}

static std::string vectorSuffix(const WordShape &w) {
  return (w.words == 1 ? "" : ".v" + std::to_string(w.words)) +
         (w.isF32 ? ".f" : ".b") + std::to_string(w.width);
}

/// `vec` elements as PTX words.
static SmallVector<Value> packWords(OpBuilder &b, Location loc,
                                    ArrayRef<Value> elems, unsigned bits,
                                    const WordShape &w) {
  if (w.isF32)
    return SmallVector<Value>(elems);
  Type wordType = b.getIntegerType(w.width);
  Type elemIntType = b.getIntegerType(bits);
  if (elems.size() == 1 && w.words == 1)
    return {toInt(b, loc, elems[0], bits)};
  auto vecType = VectorType::get({int64_t(elems.size())}, elemIntType);
  Value v = LLVM::UndefOp::create(b, loc, vecType);
  for (auto [i, e] : llvm::enumerate(elems))
    v = LLVM::InsertElementOp::create(b, loc, v, toInt(b, loc, e, bits),
                                      i32Const(b, loc, i));
  Value words = LLVM::BitcastOp::create(
      b, loc, VectorType::get({int64_t(w.words)}, wordType), v);
  SmallVector<Value> out;
  for (unsigned i = 0; i < w.words; ++i)
    out.push_back(
        LLVM::ExtractElementOp::create(b, loc, words, i32Const(b, loc, i)));
  return out;
}

/// PTX words back to `vec` elements of type `t`.
static SmallVector<Value> unpackWords(OpBuilder &b, Location loc,
                                      ArrayRef<Value> words, unsigned vec,
                                      unsigned bits, Type t,
                                      const WordShape &w) {
  if (w.isF32)
    return SmallVector<Value>(words);
  if (vec == 1 && w.words == 1)
    return {fromInt(b, loc, words[0], t)};
  auto wordVecType = VectorType::get({int64_t(w.words)}, words[0].getType());
  Value v = LLVM::UndefOp::create(b, loc, wordVecType);
  for (auto [i, word] : llvm::enumerate(words))
    v = LLVM::InsertElementOp::create(b, loc, v, word, i32Const(b, loc, i));
  Value elems = LLVM::BitcastOp::create(
      b, loc, VectorType::get({int64_t(vec)}, b.getIntegerType(bits)), v);
  SmallVector<Value> out;
  for (unsigned i = 0; i < vec; ++i)
    out.push_back(fromInt(
        b, loc,
        LLVM::ExtractElementOp::create(b, loc, elems, i32Const(b, loc, i)), t));
  return out;
}

/// The L2 policy register of an eviction policy: a pure inline-asm value, so
/// that LLVM merges the copies each access asks for. Null for `Normal`.
static Value createCachePolicy(OpBuilder &b, Location loc,
                               tile::EvictionPolicy evict) {
  if (evict == tile::EvictionPolicy::Normal)
    return nullptr;
  std::string asmStr =
      std::string("createpolicy.fractional.L2::") +
      (evict == tile::EvictionPolicy::EvictFirst ? "evict_first"
                                                 : "evict_last") +
      ".b64 $0, 1.0;";
  auto asmOp = LLVM::InlineAsmOp::create(
      b, loc, b.getI64Type(), ValueRange{}, asmStr, "=l",
      /*has_side_effects=*/false, /*is_align_stack=*/false,
      LLVM::tailcallkind::TailCallKind::None,
      LLVM::AsmDialectAttr::get(b.getContext(), LLVM::AsmDialect::AD_ATT),
      /*operand_attrs=*/ArrayAttr());
  return asmOp.getResult(0);
}

/// The qualifiers after `.global` for a cache modifier and an eviction
/// policy, in Triton's order: cache operator, L1 priority, L2 hint.
static std::string hintSuffix(tile::CacheModifier cache,
                              tile::EvictionPolicy evict) {
  std::string s;
  switch (cache) {
  case tile::CacheModifier::CA:
    s += ".ca";
    break;
  case tile::CacheModifier::CG:
    s += ".cg";
    break;
  case tile::CacheModifier::CS:
    s += ".cs";
    break;
  case tile::CacheModifier::WB:
    s += ".wb";
    break;
  case tile::CacheModifier::WT:
    s += ".wt";
    break;
  default:
    // None, and .cv (and .lu), for which Triton emits no qualifier.
    break;
  }
  if (evict == tile::EvictionPolicy::EvictFirst)
    s += ".L1::evict_first.L2::cache_hint";
  else if (evict == tile::EvictionPolicy::EvictLast)
    s += ".L1::evict_last.L2::cache_hint";
  return s;
}

static LLVM::InlineAsmOp createAccessAsm(OpBuilder &b, Location loc,
                                         Type resType, ValueRange operands,
                                         StringRef asmStr,
                                         StringRef constraints) {
  return LLVM::InlineAsmOp::create(
      b, loc, resType, operands, asmStr, constraints,
      /*has_side_effects=*/true, /*is_align_stack=*/false,
      LLVM::tailcallkind::TailCallKind::None,
      LLVM::AsmDialectAttr::get(b.getContext(), LLVM::AsmDialect::AD_ATT),
      /*operand_attrs=*/ArrayAttr());
}

struct LoadOpConversion : public ConvertOpToLLVMPattern<tile::LoadOp> {
  LoadOpConversion(const LLVMTypeConverter &converter,
                   llvm::function_ref<void()> onMasked)
      : ConvertOpToLLVMPattern(converter), onMasked(onMasked) {}

  LogicalResult
  matchAndRewrite(tile::LoadOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    Type resultType = op.getType();
    Type elemType =
        getTypeConverter()->convertType(getElementTypeOrSelf(resultType));
    Type type = getTypeConverter()->convertType(resultType);
    unsigned bits = elemType ? getElementBits(elemType) : 0;
    if (!type || !bits)
      return op.emitError("cannot load elements of type ")
             << getElementTypeOrSelf(resultType);
    SmallVector<Value> ptrs = unpackElements(loc, adaptor.getPtr(), rewriter);
    SmallVector<Value> masks, others;
    if (adaptor.getMask())
      masks = unpackElements(loc, adaptor.getMask(), rewriter);
    if (adaptor.getOther())
      others = unpackElements(loc, adaptor.getOther(), rewriter);
    unsigned vec = getVectorWidth(op, op.getPtr().getType(), bits);
    if (ptrs.size() % vec)
      vec = 1;
    WordShape w = getWordShape(vec, elemType, bits);

    // Element-wise loads under a mask `a & b` (a matmul's row and K bounds):
    // computed as one op, the and's results would all be live before the
    // first load, dozens of predicates that ptxas keeps in general
    // registers; anded beside each load, two small sets of bits stay live.
    SmallVector<Value> maskLhs, maskRhs;
    if (vec == 1 && !masks.empty())
      if (auto andOp = op.getMask().getDefiningOp<arith::AndIOp>()) {
        Value lhs = rewriter.getRemappedValue(andOp.getLhs());
        Value rhs = rewriter.getRemappedValue(andOp.getRhs());
        // Only operands already in the mask's converted form (what was
        // converted before the load); anything else keeps the and's result.
        Type maskType = adaptor.getMask().getType();
        if (lhs && rhs && lhs.getType() == maskType &&
            rhs.getType() == maskType) {
          maskLhs = unpackElements(loc, lhs, rewriter);
          maskRhs = unpackElements(loc, rhs, rewriter);
          if (maskLhs.size() != masks.size() || maskRhs.size() != masks.size())
            maskLhs.clear();
        }
      }

    // An element-wise load whose `other` is zero: the asm zeroes its result
    // register and the predicated load overwrites it, instead of a select
    // after the load. A select keeps every element's predicate live until
    // its value arrives, and ptxas, issuing all the loads first, keeps
    // dozens of them in general registers.
    bool zeroInAsm = false;
    if (vec == 1 && !masks.empty() && !others.empty() && !w.isF32 &&
        (w.constraint == 'h' || w.constraint == 'r')) {
      DenseElementsAttr other;
      if (matchPattern(op.getOther(), m_Constant(&other)) && other.isSplat()) {
        Attribute e = other.getSplatValue<Attribute>();
        if (auto f = dyn_cast<FloatAttr>(e))
          zeroInAsm = f.getValue().isPosZero();
        else if (auto i = dyn_cast<IntegerAttr>(e))
          zeroInAsm = i.getValue().isZero();
      }
    }

    std::string hints = hintSuffix(op.getCache(), op.getEvict());
    Value policy = createCachePolicy(rewriter, loc, op.getEvict());

    SmallVector<Value> out;
    for (unsigned i = 0; i < ptrs.size(); i += vec) {
      if (masks.empty() && hints.empty()) {
        unsigned align = vec * bits / 8;
        if (vec == 1) {
          out.push_back(LLVM::LoadOp::create(rewriter, loc, elemType, ptrs[i],
                                             align, op.getIsVolatile()));
          continue;
        }
        auto vecType = VectorType::get({int64_t(vec)}, elemType);
        Value v = LLVM::LoadOp::create(rewriter, loc, vecType, ptrs[i], align,
                                       op.getIsVolatile());
        for (unsigned k = 0; k < vec; ++k)
          out.push_back(LLVM::ExtractElementOp::create(
              rewriter, loc, v, i32Const(rewriter, loc, k)));
        continue;
      }
      if (!masks.empty())
        onMasked();
      if (!maskLhs.empty())
        masks[i] =
            LLVM::AndOp::create(rewriter, loc, maskLhs[i], maskRhs[i]);
      // @$4 ld.global.cg.v4.b32 { $0, $1, $2, $3 }, [ $5 + 0 ];
      // Operands after the results: the predicate (when masked), the
      // address, the L2 policy (when there is one).
      unsigned next = w.words;
      std::string asmStr;
      std::string constraints;
      // With the zeroing mov the result is written before the inputs are
      // read: early-clobber, so that it never shares their registers.
      for (unsigned k = 0; k < w.words; ++k)
        constraints += std::string(zeroInAsm ? "=&" : "=") + w.constraint + ",";
      SmallVector<Value> operands;
      if (zeroInAsm)
        asmStr += "mov.b" + std::to_string(w.width) + " $0, 0;\n\t";
      if (!masks.empty()) {
        asmStr += "@$" + std::to_string(next++) + " ";
        constraints += "b,";
        operands.push_back(masks[i]);
      }
      asmStr += std::string("ld") + (op.getIsVolatile() ? ".volatile" : "") +
                ".global" + hints + vectorSuffix(w) + " " +
                operandList(0, w.words) + ", [ $" + std::to_string(next++) +
                " + 0 ]";
      constraints += "l";
      operands.push_back(ptrs[i]);
      if (policy) {
        asmStr += ", $" + std::to_string(next++);
        constraints += ",l";
        operands.push_back(policy);
      }
      asmStr += ";";
      Type wordType =
          w.isF32 ? elemType : Type(rewriter.getIntegerType(w.width));
      Type resType = w.words == 1 ? wordType
                                  : LLVM::LLVMStructType::getLiteral(
                                        getContext(),
                                        SmallVector<Type>(w.words, wordType));
      auto asmOp = createAccessAsm(rewriter, loc, resType, operands, asmStr,
                                   constraints);
      SmallVector<Value> words =
          w.words == 1 ? SmallVector<Value>{asmOp.getResult(0)}
                       : unpackElements(loc, asmOp.getResult(0), rewriter);
      SmallVector<Value> elems =
          unpackWords(rewriter, loc, words, vec, bits, elemType, w);
      // The vector's mask bits are equal (that is what its width proves),
      // so its first one selects `other` for all of them: one compare per
      // vector instead of one per element survives.
      for (unsigned k = 0; k < vec; ++k) {
        Value e = elems[k];
        if (!others.empty() && !masks.empty() && !zeroInAsm)
          e = LLVM::SelectOp::create(rewriter, loc, masks[i], e,
                                     others[i + k]);
        out.push_back(e);
      }
    }
    if (!isa<RankedTensorType>(resultType))
      rewriter.replaceOp(op, out.front());
    else
      rewriter.replaceOp(op, packElements(loc, type, out, rewriter));
    return success();
  }

  llvm::function_ref<void()> onMasked;
};

/// Where a layout gives one element to several threads (a scalar is held by
/// all of them), only one of them should store it: the others' stores write
/// the same bytes again, and their memory transactions are not free. Returns
/// the predicate that keeps the thread whose free lane and warp bits are 0
/// (thread 0 for a scalar), or null when no thread duplicates another; sets
/// `regFree` to the register bits that repeat an element within a thread.
static Value getOwnerPredicate(OpBuilder &b, Location loc, Type ptrType,
                               int32_t &regFree) {
  regFree = 0;
  auto i32Eq0 = [&](Value v) -> Value {
    return LLVM::ICmpOp::create(b, loc, LLVM::ICmpPredicate::eq, v,
                                i32Const(b, loc, 0));
  };
  if (!isa<RankedTensorType>(ptrType))
    return i32Eq0(getThreadId(b, loc));
  std::optional<tilegpu::LinearLayout> ll = tilegpu::getLinearLayout(ptrType);
  if (!ll)
    return nullptr;
  int32_t laneFree = 0, warpFree = 0;
  for (auto &[dim, mask] : ll->getFreeVariableMasks()) {
    if (dim == tilegpu::kLane)
      laneFree = mask;
    else if (dim == tilegpu::kWarp)
      warpFree = mask;
    else if (dim == tilegpu::kRegister)
      regFree = mask;
  }
  if (!laneFree && !warpFree)
    return nullptr;
  int32_t laneBits =
      ll->hasInDim(tilegpu::kLane) ? ll->getInDimSizeLog2(tilegpu::kLane) : 0;
  Value tid = getThreadId(b, loc);
  // (tid & (laneFree | warpFree << laneBits)) == 0
  Value bits = LLVM::AndOp::create(
      b, loc, tid, i32Const(b, loc, laneFree | (warpFree << laneBits)));
  return i32Eq0(bits);
}

struct StoreOpConversion : public ConvertOpToLLVMPattern<tile::StoreOp> {
  StoreOpConversion(const LLVMTypeConverter &converter,
                    llvm::function_ref<void()> onMasked)
      : ConvertOpToLLVMPattern(converter), onMasked(onMasked) {}

  LogicalResult
  matchAndRewrite(tile::StoreOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    Type valueType = op.getValue().getType();
    Type elemType =
        getTypeConverter()->convertType(getElementTypeOrSelf(valueType));
    unsigned bits = elemType ? getElementBits(elemType) : 0;
    if (!bits)
      return op.emitError("cannot store elements of type ")
             << getElementTypeOrSelf(valueType);
    SmallVector<Value> ptrs = unpackElements(loc, adaptor.getPtr(), rewriter);
    SmallVector<Value> vals = unpackElements(loc, adaptor.getValue(), rewriter);
    SmallVector<Value> masks;
    if (adaptor.getMask())
      masks = unpackElements(loc, adaptor.getMask(), rewriter);
    if (vals.size() != ptrs.size())
      return op.emitError("pointer and value have different layouts");
    unsigned vec = getVectorWidth(op, op.getPtr().getType(), bits);
    if (ptrs.size() % vec)
      vec = 1;
    WordShape w = getWordShape(vec, elemType, bits);
    int32_t regFree = 0;
    Value owner =
        getOwnerPredicate(rewriter, loc, op.getPtr().getType(), regFree);
    if (owner) {
      if (masks.empty())
        masks.assign(ptrs.size(), owner);
      else
        for (Value &m : masks)
          m = LLVM::AndOp::create(rewriter, loc, m, owner);
    }

    std::string hints = hintSuffix(op.getCache(), op.getEvict());
    Value policy = createCachePolicy(rewriter, loc, op.getEvict());

    for (unsigned i = 0; i < ptrs.size(); i += vec) {
      // A register that repeats an element of an earlier one stores nothing.
      if (int32_t(i) & regFree)
        continue;
      ArrayRef<Value> group = ArrayRef<Value>(vals).slice(i, vec);
      if (masks.empty() && hints.empty()) {
        unsigned align = vec * bits / 8;
        Value v = group[0];
        if (vec > 1) {
          v = LLVM::UndefOp::create(rewriter, loc,
                                    VectorType::get({int64_t(vec)}, elemType));
          for (auto [k, e] : llvm::enumerate(group))
            v = LLVM::InsertElementOp::create(rewriter, loc, v, e,
                                              i32Const(rewriter, loc, k));
        }
        LLVM::StoreOp::create(rewriter, loc, v, ptrs[i], align);
        continue;
      }
      if (!masks.empty())
        onMasked();
      // @$0 st.global.cs.v4.b32 [ $1 + 0 ], { $2, $3, $4, $5 };
      // Operands: the predicate (when masked), the address, the words, the
      // L2 policy (when there is one).
      unsigned next = 0;
      std::string asmStr;
      std::string constraints;
      SmallVector<Value> operands;
      if (!masks.empty()) {
        asmStr += "@$" + std::to_string(next++) + " ";
        constraints += "b,";
        operands.push_back(masks[i]);
      }
      unsigned addr = next++;
      asmStr += "st.global" + hints + vectorSuffix(w) + " [ $" +
                std::to_string(addr) + " + 0 ], " + operandList(next, w.words);
      next += w.words;
      constraints += "l";
      operands.push_back(ptrs[i]);
      for (unsigned k = 0; k < w.words; ++k)
        constraints += std::string(",") + w.constraint;
      llvm::append_range(operands, packWords(rewriter, loc, group, bits, w));
      if (policy) {
        asmStr += ", $" + std::to_string(next++);
        constraints += ",l";
        operands.push_back(policy);
      }
      asmStr += ";";
      createAccessAsm(rewriter, loc, Type(), operands, asmStr, constraints);
    }
    rewriter.eraseOp(op);
    return success();
  }

  llvm::function_ref<void()> onMasked;
};

} // namespace

void tilec::gpu_to_llvm::populateMemoryOpToLLVMPatterns(
    TileGPUTypeConverter &converter, RewritePatternSet &patterns,
    llvm::function_ref<void()> onMasked) {
  patterns.add<AddPtrOpConversion>(converter);
  patterns.add<LoadOpConversion, StoreOpConversion>(converter, onMasked);
}
