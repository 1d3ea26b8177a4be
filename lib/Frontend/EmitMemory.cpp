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

static FailureOr<tile::EvictionPolicy> parseEvict(llvm::StringRef s) {
  if (s.empty() || s == "evict_normal")
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
  bool wrongWay =
      succeeded(c) && (isLoad ? (*c == tile::CacheModifier::WB ||
                                 *c == tile::CacheModifier::WT)
                              : (*c == tile::CacheModifier::CA ||
                                 *c == tile::CacheModifier::CV));
  if (failed(c) || wrongWay)
    return e.err(a.locs[cacheIdx],
                 llvm::Twine(isLoad ? "'tl.load' cache_modifier must be '', "
                                      "'.ca', '.cg', '.cs' or '.cv', got '"
                                    : "'tl.store' cache_modifier must be '', "
                                      "'.wb', '.cg', '.cs' or '.wt', got '") +
                     *cacheS + "'");
  FailureOr<tile::EvictionPolicy> ev = parseEvict(*evictS);
  if (failed(ev))
    return e.err(a.locs[evictIdx], "eviction_policy must be '', "
                                   "'evict_first' or 'evict_last', got '" +
                                       *evictS + "'");
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
      if (!*t)
        return err(a.locs[2], "a constant False mask stores nothing");
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

FailureOr<TValue> Emitter::atomic(llvm::StringRef fn, const BoundArgs &a,
                                  SourceLoc l) {
  std::string qn = ("tl." + fn).str();
  TValue ptr = a.get(0);
  if (!ptr.isRuntime() || !ptr.getType().elem.isPtr)
    return err(a.locs[0], "'" + qn + "' expects a pointer or a tensor of "
                                     "pointers, got " +
                              ptr.describe());
  bool isCas = fn == "atomic_cas";
  unsigned semIdx = 3, scopeIdx = 4;
  FailureOr<std::string> semS = constStr(a, semIdx, "'sem'");
  FailureOr<std::string> scopeS = constStr(a, scopeIdx, "'scope'");
  if (failed(semS) || failed(scopeS))
    return failure();
  tile::MemSemantic sem = tile::MemSemantic::AcqRel;
  if (*semS == "relaxed")
    sem = tile::MemSemantic::Relaxed;
  else if (*semS == "acquire")
    sem = tile::MemSemantic::Acquire;
  else if (*semS == "release")
    sem = tile::MemSemantic::Release;
  else if (!semS->empty() && *semS != "acq_rel")
    return err(a.locs[semIdx], "'sem' must be 'relaxed', 'acquire', "
                               "'release' or 'acq_rel', got '" +
                                   *semS + "'");
  tile::MemScope scope = tile::MemScope::GPU;
  if (*scopeS == "cta")
    scope = tile::MemScope::CTA;
  else if (*scopeS == "sys")
    scope = tile::MemScope::Sys;
  else if (!scopeS->empty() && *scopeS != "gpu")
    return err(a.locs[scopeIdx],
               "'scope' must be 'gpu', 'cta' or 'sys', got '" + *scopeS + "'");
  ElemType elt = ElemType::scalar(ptr.getType().elem.dtype);
  mlir::Location ml = loc(l);
  if (isCas) {
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
  bool f = elt.isFloat(), u = isUnsigned(elt.dtype);
  tile::RMWOp kind;
  if (fn == "atomic_add")
    kind = f ? tile::RMWOp::FAdd : tile::RMWOp::Add;
  else if (fn == "atomic_max")
    kind = u ? tile::RMWOp::UMax : tile::RMWOp::Max;
  else if (fn == "atomic_min")
    kind = u ? tile::RMWOp::UMin : tile::RMWOp::Min;
  else if (fn == "atomic_xchg")
    kind = tile::RMWOp::Xchg;
  else {
    if (f)
      return err(l, "'" + qn + "' needs integer values, got " + elt.str());
    kind = fn == "atomic_and"  ? tile::RMWOp::And
           : fn == "atomic_or" ? tile::RMWOp::Or
                               : tile::RMWOp::Xor;
  }
  if (f && elt.dtype != DType::FP32 && elt.dtype != DType::FP16 &&
      elt.dtype != DType::BF16 && elt.dtype != DType::FP64)
    return err(l, "'" + qn + "' does not support " + elt.str());
  TileType rt = ptr.getType().withElem(elt);
  return TValue::runtime(
      tile::AtomicRMWOp::create(b, ml, getMlirType(&ctx, rt), kind,
                                ptr.getValue(), v.getValue(),
                                mask ? mask->getValue() : mlir::Value(), sem,
                                scope),
      rt);
}
