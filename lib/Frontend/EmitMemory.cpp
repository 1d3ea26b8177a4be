//===- EmitMemory.cpp - Loads, stores and atomics ---------------*- C++ -*-===//
//
// tl.load, tl.store and the tl.atomic_* functions: pointer, mask and other
// checks, broadcasting of the three together, and the cache and eviction
// hints PTX offers in each direction.
//
//===----------------------------------------------------------------------===//

#include "Frontend/Emitter.h"

#include "Tile/IR/TileOps.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/IR/TypeUtilities.h"

using namespace tilec::frontend;
namespace arith = mlir::arith;
namespace tile = tilec::tile;

static FailureOr<tile::CacheModifier> parseCache(llvm::StringRef s) {
  if (s.empty())
    return tile::CacheModifier::None;
  if (s == ".ca")
    return tile::CacheModifier::CA;
  if (s == ".cg")
    return tile::CacheModifier::CG;
  if (s == ".cs")
    return tile::CacheModifier::CS;
  if (s == ".cv")
    return tile::CacheModifier::CV;
  if (s == ".wb")
    return tile::CacheModifier::WB;
  if (s == ".wt")
    return tile::CacheModifier::WT;
  return failure();
}

/// Triton 3.6 accepts only these two names (and ''): 'evict_normal' is
/// refused there too.
static FailureOr<tile::EvictionPolicy> parseEvict(llvm::StringRef s) {
  if (s.empty())
    return tile::EvictionPolicy::Normal;
  if (s == "evict_first")
    return tile::EvictionPolicy::EvictFirst;
  if (s == "evict_last")
    return tile::EvictionPolicy::EvictLast;
  return failure();
}

//===----------------------------------------------------------------------===//
// Memory
//===----------------------------------------------------------------------===//


/// Reads the cache_modifier and eviction_policy arguments of a load or
/// store (slots `cacheIdx`, `evictIdx`); each direction has its own set of
/// cache modifiers, as in PTX.
static LogicalResult memoryHints(Emitter &e, const BoundArgs &a,
                                 unsigned cacheIdx, unsigned evictIdx,
                                 bool isLoad, tile::CacheModifier &cache,
                                 tile::EvictionPolicy &evict) {
  FailureOr<std::string> cacheS = e.constStr(a, cacheIdx, "'cache_modifier'");
  FailureOr<std::string> evictS = e.constStr(a, evictIdx, "'eviction_policy'");
  if (failed(cacheS) || failed(evictS))
    return failure();
  FailureOr<tile::CacheModifier> c = parseCache(*cacheS);
  // Loads take '.ca', '.cg' and '.cv' (Triton refuses '.cs' on a load).
  bool wrongWay =
      succeeded(c) &&
      (isLoad
           ? (*c == tile::CacheModifier::WB || *c == tile::CacheModifier::WT ||
              *c == tile::CacheModifier::CS)
           : (*c == tile::CacheModifier::CA || *c == tile::CacheModifier::CV));
  if (failed(c) || wrongWay)
    return e.err(a.locs[cacheIdx],
                 llvm::Twine(isLoad ? "'tl.load' cache_modifier must be '', "
                                      "'.ca', '.cg' or '.cv', got '"
                                    : "'tl.store' cache_modifier must be '', "
                                      "'.wb', '.cg', '.cs' or '.wt', got '") +
                     *cacheS + "'");
  FailureOr<tile::EvictionPolicy> ev = parseEvict(*evictS);
  if (failed(ev))
    return e.err(a.locs[evictIdx], "eviction_policy must be '', "
                                   "'evict_first' or 'evict_last', got '" +
                                       *evictS + "'");
  // PTX has no form with both a cache operator and an eviction priority
  // (ptxas: "modifier '.evict_first' cannot be combined with modifier
  // '.cg'"); refuse it here, at its line, rather than in ptxas. '.cv' emits
  // no operator (as in Triton), so it combines.
  if (*c != tile::CacheModifier::None && *c != tile::CacheModifier::CV &&
      *ev != tile::EvictionPolicy::Normal)
    return e.err(a.locs[cacheIdx],
                 llvm::Twine(isLoad ? "'tl.load'" : "'tl.store'") +
                     " cache_modifier '" + *cacheS +
                     "' cannot be combined with eviction_policy '" + *evictS +
                     "' in PTX");
  cache = *c;
  evict = *ev;
  return success();
}

FailureOr<TValue> Emitter::load(const BoundArgs &a, SourceLoc l) {
  if (!a.has(0))
    return err(a.locs[0], "'tl.load' expects a pointer, got None");
  TValue ptr = a.get(0);
  // As in Triton, the options are read before the pointer's kind matters.
  FailureOr<std::string> pad = constStr(a, 4, "'padding_option'");
  if (failed(pad))
    return failure();
  if (!pad->empty() && *pad != "zero" && *pad != "nan")
    return err(a.locs[4], "'padding_option' must be '', 'zero' or 'nan', "
                          "got '" +
                              *pad + "'");
  tile::CacheModifier cache;
  tile::EvictionPolicy evict;
  if (failed(memoryHints(*this, a, 5, 6, /*isLoad=*/true, cache, evict)))
    return failure();
  bool isVolatile = false;
  if (a.has(7)) {
    FailureOr<bool> t = truthy(a.get(7), a.locs[7]);
    if (failed(t))
      return failure();
    isVolatile = *t;
  }
  // ld.volatile takes neither a cache operator nor an eviction priority.
  if (isVolatile && ((cache != tile::CacheModifier::None &&
                      cache != tile::CacheModifier::CV) ||
                     evict != tile::EvictionPolicy::Normal))
    return err(a.locs[7], "'tl.load' volatile=True cannot be combined with "
                          "a cache_modifier or eviction_policy in PTX");
  if (ptr.isBlockPtr()) {
    FailureOr<BlockAccess> acc = blockPtrLoad(a, *pad, l);
    if (failed(acc))
      return failure();
    auto op = tile::LoadOp::create(b, loc(l), getMlirType(&ctx, acc->type),
                                   acc->ptrs.getValue(), acc->mask,
                                   acc->other, cache, evict, isVolatile);
    return TValue::runtime(op, acc->type);
  }
  if (!ptr.isRuntime() || !ptr.getType().elem.isPtr)
    return err(a.locs[0], "'tl.load' expects a pointer or a tensor of "
                          "pointers, got " +
                              ptr.describe());
  // Triton tests the option's truth: `()` and `0` check nothing.
  bool hasBoundaryCheck =
      a.has(3) && !(a.get(3).isTuple() && a.get(3).getElts().empty()) &&
      !(a.get(3).isNumber() && !a.get(3).getBool());
  if (hasBoundaryCheck || !pad->empty())
    return err(a.locs[hasBoundaryCheck ? 3 : 4],
               "'boundary_check' and 'padding_option' are only supported "
               "for block pointers (tl.make_block_ptr): the bounds of a "
               "tensor of pointers are unknown");
  std::optional<TValue> mask;
  if (a.has(1)) {
    const TValue &m = a.get(1);
    if (m.isConstexpr()) {
      FailureOr<bool> t = truthy(m, a.locs[1]);
      if (failed(t))
        return failure();
      if (!*t)
        return err(a.locs[1], "a constant False mask loads nothing");
    } else {
      TValue mv = m;
      if (!mv.getType().elem.isBool())
        return err(a.locs[1], "'tl.load' mask must be boolean (int1), got " +
                                  mv.describe());
      if (failed(broadcastPair(ptr, mv, l)))
        return failure();
      mask = mv;
    }
  }
  ElemType elt = ElemType::scalar(ptr.getType().elem.dtype);
  // As in Triton, bool memory is bytes: load int8 and compare with zero.
  bool isBool = elt.isBool();
  if (isBool) {
    FailureOr<TValue> bytePtr =
        cast(ptr, ElemType::pointer(DType::I8), a.locs[0]);
    if (failed(bytePtr))
      return failure();
    ptr = *bytePtr;
    elt = ElemType::scalar(DType::I8);
  }
  std::optional<TValue> other;
  if (a.has(2)) {
    if (!a.has(1))
      return err(a.locs[2], "'other' cannot be given without 'mask'");
    if (mask) {
      FailureOr<TValue> o = convertTo(a.get(2), elt, a.locs[2]);
      if (failed(o))
        return failure();
      FailureOr<TValue> ob = broadcastTo(*o, ptr.getType().shape, a.locs[2]);
      if (failed(ob))
        return failure();
      other = *ob;
    }
  }
  TileType rt = ptr.getType().withElem(elt);
  auto op = tile::LoadOp::create(
      b, loc(l), getMlirType(&ctx, rt), ptr.getValue(),
      mask ? mask->getValue() : mlir::Value(),
      other ? other->getValue() : mlir::Value(), cache, evict, isVolatile);
  if (isBool)
    return cast(TValue::runtime(op, rt), ElemType::scalar(DType::I1), l);
  return TValue::runtime(op, rt);
}

FailureOr<TValue> Emitter::store(const BoundArgs &a, SourceLoc l) {
  if (!a.has(0) || !a.has(1))
    return err(a.locs[a.has(0) ? 1 : 0],
               "'tl.store' expects a pointer and a value, got None");
  TValue ptr = a.get(0);
  tile::CacheModifier cache;
  tile::EvictionPolicy evict;
  if (failed(memoryHints(*this, a, 4, 5, /*isLoad=*/false, cache, evict)))
    return failure();
  if (ptr.isBlockPtr()) {
    FailureOr<BlockAccess> acc = blockPtrStore(a, l);
    if (failed(acc))
      return failure();
    tile::StoreOp::create(b, loc(l), acc->ptrs.getValue(), acc->value,
                          acc->mask, cache, evict);
    return TValue::none();
  }
  if (!ptr.isRuntime() || !ptr.getType().elem.isPtr)
    return err(a.locs[0], "'tl.store' expects a pointer or a tensor of "
                          "pointers, got " +
                              ptr.describe());
  if (a.has(3) && !(a.get(3).isTuple() && a.get(3).getElts().empty()))
    return err(a.locs[3], "'boundary_check' is only supported for block "
                          "pointers (tl.make_block_ptr): the bounds of a "
                          "tensor of pointers are unknown");
  ElemType elt = ElemType::scalar(ptr.getType().elem.dtype);
  // As in Triton, bool memory is bytes: the value is converted to int8 (a
  // bool to 0 or 1) and stored through an int8 pointer.
  if (elt.isBool()) {
    FailureOr<TValue> bytePtr =
        cast(ptr, ElemType::pointer(DType::I8), a.locs[0]);
    if (failed(bytePtr))
      return failure();
    ptr = *bytePtr;
    elt = ElemType::scalar(DType::I8);
  }
  const TValue &v = a.get(1);
  if (!v.isRuntime() && !v.isNumber())
    return err(a.locs[1], "'tl.store' value must be a number or a tensor, "
                          "got " +
                              v.describe());
  if (v.isRuntime() && v.getType().elem.isPtr)
    return err(a.locs[1], "storing pointers is not supported");
  FailureOr<TValue> val = convertTo(v, elt, a.locs[1]);
  if (failed(val))
    return failure();
  TValue value = *val;
  if (failed(broadcastPair(ptr, value, l)))
    return failure();
  std::optional<TValue> mask;
  if (a.has(2)) {
    const TValue &m = a.get(2);
    if (m.isConstexpr()) {
      FailureOr<bool> t = truthy(m, a.locs[2]);
      if (failed(t))
        return failure();
      // A constant False mask stores nothing, as in Triton (Triton's own
      // test_store_constant uses it): the store is checked, then dropped.
      if (!*t)
        return TValue::none();
    } else {
      TValue mv = m;
      if (!mv.getType().elem.isBool())
        return err(a.locs[2], "'tl.store' mask must be boolean (int1), got " +
                                  mv.describe());
      // The mask may widen the pointer and value too (Triton broadcasts all).
      if (failed(broadcastPair(ptr, mv, l)) ||
          failed(broadcastPair(value, mv, l)))
        return failure();
      mask = mv;
    }
  }
  tile::StoreOp::create(b, loc(l), ptr.getValue(), value.getValue(),
                        mask ? mask->getValue() : mlir::Value(), cache,
                        evict);
  return TValue::none();
}

/// Reads `sem` and `scope` as Triton does: absent or empty means acq_rel and
/// gpu.
static LogicalResult atomicOrdering(Emitter &e, const BoundArgs &a,
                                    unsigned semIdx, tile::MemSemantic &sem,
                                    tile::MemScope &scope) {
  FailureOr<std::string> semS = e.constStr(a, semIdx, "'sem'");
  FailureOr<std::string> scopeS = e.constStr(a, semIdx + 1, "'scope'");
  if (failed(semS) || failed(scopeS))
    return failure();
  std::optional<tile::MemSemantic> s = semS->empty()
                                           ? tile::MemSemantic::AcqRel
                                           : tile::symbolizeMemSemantic(*semS);
  if (!s)
    return e.err(a.locs[semIdx], "'sem' must be 'acquire', 'release', "
                                 "'acq_rel' or 'relaxed', got '" +
                                     *semS + "'");
  std::optional<tile::MemScope> c =
      scopeS->empty() ? tile::MemScope::GPU : tile::symbolizeMemScope(*scopeS);
  if (!c)
    return e.err(a.locs[semIdx + 1],
                 "'scope' must be 'gpu', 'cta' or 'sys', got '" + *scopeS +
                     "'");
  sem = *s;
  scope = *c;
  return success();
}

/// A constant of `type` (a scalar or a tensor) with every element `v`.
static mlir::Value splatInt(mlir::OpBuilder &b, mlir::Location l,
                            mlir::Type type, int64_t v) {
  mlir::Type elem = mlir::getElementTypeOrSelf(type);
  mlir::TypedAttr attr = b.getIntegerAttr(
      elem, llvm::APInt(elem.getIntOrFloatBitWidth(), v, /*isSigned=*/v < 0));
  if (auto tt = llvm::dyn_cast<mlir::RankedTensorType>(type))
    attr =
        mlir::DenseElementsAttr::get(tt, llvm::ArrayRef<mlir::Attribute>(attr));
  return arith::ConstantOp::create(b, l, attr);
}

FailureOr<TValue> Emitter::atomic(llvm::StringRef fn, const BoundArgs &a,
                                  SourceLoc l) {
  std::string qn = ("tl." + fn).str();
  TValue ptr = a.get(0);
  if (!ptr.isRuntime() || !ptr.getType().elem.isPtr)
    return err(a.locs[0], "'" + qn + "' expects a pointer or a tensor of "
                                     "pointers, got " +
                              ptr.describe());
  bool isCas = fn == "atomic_cas";
  tile::MemSemantic sem;
  tile::MemScope scope;
  if (failed(atomicOrdering(*this, a, 3, sem, scope)))
    return failure();
  ElemType elt = ElemType::scalar(ptr.getType().elem.dtype);
  unsigned bits = getBitWidth(elt.dtype);
  mlir::Location ml = loc(l);
  if (isCas) {
    // Triton: 16-, 32- and 64-bit elements, no mask.
    if (bits != 16 && bits != 32 && bits != 64)
      return err(l, "'" + qn +
                        "' supports elements of 16, 32 or 64 bits, "
                        "got " +
                        elt.str());
    FailureOr<TValue> cmp = convertTo(a.get(1), elt, a.locs[1]);
    FailureOr<TValue> val = convertTo(a.get(2), elt, a.locs[2]);
    if (failed(cmp) || failed(val))
      return failure();
    TValue c = *cmp, v = *val;
    if (failed(broadcastPair(ptr, c, l)) || failed(broadcastPair(ptr, v, l)) ||
        failed(broadcastPair(c, v, l)))
      return failure();
    TileType rt = ptr.getType().withElem(elt);
    return TValue::runtime(
        tile::AtomicCASOp::create(b, ml, getMlirType(&ctx, rt), ptr.getValue(),
                                  c.getValue(), v.getValue(), sem, scope),
        rt);
  }
  // Triton's type rules: fp16 and bf16 only for atomic_add, no 8-bit or
  // 16-bit integers (nor bool, nor fp8).
  llvm::StringRef op = fn.split('_').second; // "atomic_add" -> "add"
  bool f = elt.isFloat(), u = isUnsigned(elt.dtype);
  if ((elt.dtype == DType::FP16 || elt.dtype == DType::BF16) && op != "add")
    return err(l, "'" + qn + "' does not support " + elt.str());
  if (bits < 16 || elt.dtype == DType::I16 || elt.dtype == DType::U16)
    return err(l, "'" + qn + "' does not support " + elt.str());
  if (f && (op == "and" || op == "or" || op == "xor"))
    return err(l, "'" + qn + "' needs integer values, got " + elt.str());
  FailureOr<TValue> val = convertTo(a.get(1), elt, a.locs[1]);
  if (failed(val))
    return failure();
  TValue v = *val;
  if (failed(broadcastPair(ptr, v, l)))
    return failure();
  std::optional<TValue> mask;
  if (a.has(2) && !a.get(2).isConstexpr()) {
    TValue m = a.get(2);
    if (!m.getType().elem.isBool())
      return err(a.locs[2], "'" + qn + "' mask must be boolean (int1), got " +
                                m.describe());
    if (failed(broadcastPair(ptr, m, l)) || failed(broadcastPair(v, m, l)))
      return failure();
    mask = m;
  }
  TileType rt = ptr.getType().withElem(elt);
  mlir::Value maskV = mask ? mask->getValue() : mlir::Value();
  auto rmw = [&](tile::RMWOp kind, mlir::Value p, mlir::Value x,
                 mlir::Value m) -> mlir::Value {
    return tile::AtomicRMWOp::create(b, ml, x.getType(), kind, p, x, m, sem,
                                     scope);
  };
  if (f && (op == "max" || op == "min")) {
    // Triton orders floats by their bits: for a non-negative value the
    // signed integer order is the float order, for a negative one the
    // unsigned integer order is the reverse. So max is a signed max where
    // `val` is non-negative and an unsigned min where it is negative (min
    // the other way round), and the old value comes from whichever ran.
    if (elt.dtype != DType::FP32 && elt.dtype != DType::FP64)
      return err(l, "'" + qn + "' does not support " + elt.str());
    ElemType ielt = ElemType::scalar(bits == 32 ? DType::I32 : DType::I64);
    FailureOr<TValue> iptr = cast(ptr, ElemType::pointer(ielt.dtype), l, true);
    FailureOr<TValue> ival = cast(v, ielt, l, true);
    if (failed(iptr) || failed(ival))
      return failure();
    mlir::Value x = ival->getValue();
    mlir::Type it = x.getType();
    mlir::Type bt = getMlirType(&ctx, rt.withElem(ElemType::scalar(DType::I1)));
    mlir::Value neg = arith::CmpIOp::create(b, ml, arith::CmpIPredicate::slt, x,
                                            splatInt(b, ml, it, 0));
    mlir::Value pos = arith::XOrIOp::create(b, ml, neg, splatInt(b, ml, bt, 1));
    mlir::Value posMask =
        maskV ? arith::AndIOp::create(b, ml, maskV, pos).getResult() : pos;
    mlir::Value negMask =
        maskV ? arith::AndIOp::create(b, ml, maskV, neg).getResult() : neg;
    bool isMax = op == "max";
    mlir::Value posOld = rmw(isMax ? tile::RMWOp::Max : tile::RMWOp::Min,
                             iptr->getValue(), x, posMask);
    mlir::Value negOld = rmw(isMax ? tile::RMWOp::UMin : tile::RMWOp::UMax,
                             iptr->getValue(), x, negMask);
    mlir::Value old = arith::SelectOp::create(b, ml, pos, posOld, negOld);
    return cast(TValue::runtime(old, rt.withElem(ielt)), elt, l, true);
  }
  tile::RMWOp kind;
  if (op == "add")
    kind = f ? tile::RMWOp::FAdd : tile::RMWOp::Add;
  else if (op == "max")
    kind = u ? tile::RMWOp::UMax : tile::RMWOp::Max;
  else if (op == "min")
    kind = u ? tile::RMWOp::UMin : tile::RMWOp::Min;
  else if (op == "xchg")
    kind = tile::RMWOp::Xchg;
  else
    kind = op == "and"  ? tile::RMWOp::And
           : op == "or" ? tile::RMWOp::Or
                        : tile::RMWOp::Xor;
  return TValue::runtime(rmw(kind, ptr.getValue(), v.getValue(), maskV), rt);
}

//===----------------------------------------------------------------------===//
// Builtin handlers (Builtins.def)
//===----------------------------------------------------------------------===//

FailureOr<TValue> Emitter::builtinLoad(BuiltinCall &c) {
  return load(c.a, c.loc);
}

FailureOr<TValue> Emitter::builtinStore(BuiltinCall &c) {
  return store(c.a, c.loc);
}

FailureOr<TValue> Emitter::builtinBlockPtr(BuiltinCall &c) {
  return c.fn == "advance" ? advanceBlockPtr(c.a, c.loc)
                            : makeBlockPtr(c.a, c.loc);
}

FailureOr<TValue> Emitter::builtinAtomic(BuiltinCall &c) {
  return atomic(c.fn, c.a, c.loc);
}
