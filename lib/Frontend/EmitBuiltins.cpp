//===- EmitBuiltins.cpp - triton.language functions -------------*- C++ -*-===//
//
// The `tl.*` functions (and the Python builtins a kernel may call), each
// checked the way Triton checks it: argument names and counts, constexpr
// arguments, dtypes and shapes. Known Triton functions that tilec does not
// implement are refused by name; unknown names are reported as such.
//
//===----------------------------------------------------------------------===//

#include "Frontend/Emitter.h"

#include "Tile/IR/TileOps.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Math/IR/Math.h"

#include "llvm/ADT/StringSet.h"

#include <cmath>

using namespace tilec::frontend;
namespace arith = mlir::arith;
namespace tile = tilec::tile;

//===----------------------------------------------------------------------===//
// Argument binding
//===----------------------------------------------------------------------===//

FailureOr<BoundArgs> Emitter::bindArgs(
    llvm::StringRef fn, const CallExpr *call,
    llvm::ArrayRef<llvm::StringRef> params, unsigned numRequired,
    std::vector<TValue> &args,
    std::vector<std::pair<std::string, TValue>> &kwargs,
    const std::vector<SourceLoc> &argLocs) {
  BoundArgs out;
  out.slots.resize(params.size());
  out.locs.assign(params.size(), call->getLoc());
  if (args.size() > params.size())
    return err(call->getLoc(),
               "'" + fn + "' takes at most " + llvm::Twine(params.size()) +
                   (params.size() == 1 ? " argument" : " arguments") +
                   " but " + llvm::Twine(args.size()) +
                   (args.size() == 1 ? " was" : " were") + " given");
  for (size_t i = 0; i < args.size(); ++i) {
    out.slots[i] = args[i];
    if (i < argLocs.size())
      out.locs[i] = argLocs[i];
  }
  for (auto &[name, v] : kwargs) {
    auto it = llvm::find(params, name);
    if (it == params.end())
      return err(call->getLoc(), "'" + fn +
                                     "' got an unexpected keyword argument '" +
                                     name + "'");
    size_t idx = it - params.begin();
    if (out.slots[idx])
      return err(call->getLoc(), "'" + fn +
                                     "' got multiple values for argument '" +
                                     name + "'");
    out.slots[idx] = v;
    for (const Keyword &k : call->keywords)
      if (k.name == name)
        out.locs[idx] = k.value->getLoc();
  }
  for (unsigned i = 0; i < numRequired; ++i)
    if (!out.slots[i])
      return err(call->getLoc(), "'" + fn + "' is missing the argument '" +
                                     params[i] + "'");
  // Python's None for an optional argument is the same as leaving it out.
  for (auto &s : out.slots)
    if (s && s->isNone())
      s.reset();
  return out;
}

//===----------------------------------------------------------------------===//
// Dispatch
//===----------------------------------------------------------------------===//

/// Triton functions tilec knows of but does not implement.
static bool isUnsupportedTl(llvm::StringRef n) {
  static const llvm::StringSet<> names = {
      "make_block_ptr",  "advance",         "make_tensor_descriptor",
      "load_tensor_descriptor", "store_tensor_descriptor",
      "device_print",    "device_assert",   "debug_barrier",
      "inline_asm_elementwise", "join",     "split",
      "cat",             "interleave",      "histogram",
      "gather",          "rand",            "randn",
      "randint",         "randint4x",       "philox",
      "umulhi",          "div_rn",          "fdiv",
      "extern_elementwise", "dot_scaled",   "flip",
      "swizzle2d",       "sort",            "topk",
      "tensor_descriptor", "assume",        "map_elementwise",
      "associative_scan_vectorized", "atomic_rmw", "zeros_like_dtype",
      "full_like",       "ones",            "range_vectorized",
      "softmax"};
  return names.contains(n);
}

bool Emitter::isKnownTlFunction(llvm::StringRef n) {
  static const llvm::StringSet<> names = {
      "program_id", "num_programs", "arange", "zeros", "zeros_like", "full",
      "load", "store", "where", "maximum", "minimum", "clamp", "exp", "exp2",
      "log", "log2", "sqrt", "sqrt_rn", "rsqrt", "abs", "sigmoid", "sin",
      "cos", "floor", "ceil", "erf", "fma", "cdiv", "sum", "xor_sum", "max",
      "min", "argmax", "argmin", "reduce", "cumsum", "cumprod",
      "associative_scan", "dot", "trans", "permute", "reshape", "view",
      "broadcast_to", "ravel", "broadcast", "expand_dims", "atomic_cas",
      "atomic_add", "atomic_max", "atomic_min", "atomic_and", "atomic_or",
      "atomic_xor", "atomic_xchg", "static_assert", "static_print",
      "multiple_of", "max_contiguous", "max_constancy", "constexpr", "cast",
      "pointer_type", "range", "static_range", "jit", "tensor", "dtype",
      "PropagateNan"};
  return names.contains(n) || isUnsupportedTl(n);
}

bool Emitter::isKnownMathFunction(llvm::StringRef n) {
  static const llvm::StringSet<> names = {
      "exp",  "exp2",  "log",   "log2",    "sqrt",    "sqrt_rn", "rsqrt",
      "abs",  "sin",   "cos",   "floor",   "ceil",    "erf",     "fma",
      "cdiv", "maximum", "minimum", "clamp", "sigmoid", "div_rn", "fdiv",
      "umulhi"};
  return names.contains(n);
}

FailureOr<TValue> Emitter::callBuiltin(
    llvm::StringRef name, const CallExpr *call, std::vector<TValue> args,
    std::vector<std::pair<std::string, TValue>> kwargs,
    std::vector<SourceLoc> argLocs) {
  if (!name.contains('.'))
    return callPyBuiltin(name, call, args, kwargs, argLocs);
  if (name == "triton.cdiv" || name == "triton.next_power_of_2") {
    llvm::StringRef shortName = name.drop_front(strlen("triton."));
    return callTl(shortName, call, args, kwargs, argLocs);
  }
  llvm::StringRef fn;
  if (name.starts_with("triton.language.math."))
    fn = name.drop_front(strlen("triton.language.math."));
  else if (name.starts_with("triton.language.extra"))
    return err(call->getLoc(),
               "'" + name +
                   "' (libdevice and other extern functions) is not "
                   "supported by tilec");
  else if (name.starts_with("triton.language."))
    fn = name.drop_front(strlen("triton.language."));
  else
    return err(call->getLoc(), "'" + name + "' is not supported in tilec "
                                            "kernels");
  return callTl(fn, call, args, kwargs, argLocs);
}

FailureOr<TValue> Emitter::callPyBuiltin(
    llvm::StringRef fn, const CallExpr *call, std::vector<TValue> &args,
    std::vector<std::pair<std::string, TValue>> &kwargs,
    const std::vector<SourceLoc> &argLocs) {
  SourceLoc l = call->getLoc();
  if (fn == "range")
    return err(l, "range() can only be the iterable of a 'for' loop");
  if (!kwargs.empty())
    return err(l, "'" + fn + "' takes no keyword arguments here");
  if (fn == "min" || fn == "max") {
    bool isMax = fn == "max";
    std::vector<TValue> vals = args;
    if (vals.size() == 1 && vals[0].isTuple())
      vals = vals[0].getElts();
    if (vals.size() < 2)
      return err(l, "'" + fn + "' expects at least 2 arguments");
    TValue acc = vals[0];
    for (size_t i = 1; i < vals.size(); ++i) {
      const TValue &v = vals[i];
      if (acc.isNumber() && v.isNumber()) {
        bool pickV = isMax ? v.asDouble() > acc.asDouble()
                           : v.asDouble() < acc.asDouble();
        if (pickV)
          acc = v;
        continue;
      }
      FailureOr<TValue> r = minMax(isMax, acc, v, false, l);
      if (failed(r))
        return failure();
      acc = *r;
    }
    return acc;
  }
  if (args.size() != 1)
    return err(l, "'" + fn + "' expects 1 argument, got " +
                      llvm::Twine(args.size()));
  const TValue &x = args[0];
  if (fn == "len") {
    if (x.isTuple())
      return TValue::integer(x.getElts().size());
    if (x.isRuntime() && x.getType().isTensor())
      return TValue::integer(x.getType().shape[0]);
    return err(l, "len() of " + x.describe() + " is not defined");
  }
  if (fn == "abs") {
    if (x.isInt())
      return TValue::integer(x.getInt() < 0 ? -x.getInt() : x.getInt());
    if (x.isFloat())
      return TValue::floating(std::fabs(x.getFloat()));
    return mathUnary("abs", x, l);
  }
  if (!x.isConstexpr())
    return err(l, "'" + fn + "' of a runtime value is not supported; use "
                             ".to(dtype)");
  if (fn == "float") {
    if (x.getKind() == TValue::Kind::Str) {
      llvm::StringRef s = x.getStr();
      std::string low = s.trim().lower();
      if (low == "inf" || low == "+inf" || low == "infinity")
        return TValue::floating(INFINITY);
      if (low == "-inf" || low == "-infinity")
        return TValue::floating(-INFINITY);
      if (low == "nan" || low == "+nan" || low == "-nan")
        return TValue::floating(NAN);
      double d;
      if (!s.trim().getAsDouble(d))
        return TValue::floating(d);
      return err(l, "could not convert string to float: '" + s + "'");
    }
    if (x.isNumber())
      return TValue::floating(x.asDouble());
  }
  if (fn == "int") {
    if (x.isFloat()) {
      if (!std::isfinite(x.getFloat()))
        return err(l, "cannot convert " + x.describe() + " to an integer");
      return TValue::integer(static_cast<int64_t>(x.getFloat()));
    }
    if (x.isNumber())
      return TValue::integer(x.getInt());
  }
  if (fn == "bool") {
    FailureOr<bool> t = truthy(x, l);
    if (failed(t))
      return failure();
    return TValue::boolean(*t);
  }
  return err(l, "'" + fn + "' of " + x.describe() + " is not supported");
}

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

FailureOr<TValue> Emitter::callTl(
    llvm::StringRef fn, const CallExpr *call, std::vector<TValue> &args,
    std::vector<std::pair<std::string, TValue>> &kwargs,
    const std::vector<SourceLoc> &argLocs) {
  SourceLoc l = call->getLoc();
  std::string qn = ("tl." + fn).str();
  auto bind = [&](llvm::ArrayRef<llvm::StringRef> params,
                  unsigned required) {
    return bindArgs(qn, call, params, required, args, kwargs, argLocs);
  };
  mlir::Location ml = loc(l);

  if (fn == "program_id" || fn == "num_programs") {
    FailureOr<BoundArgs> a = bind({"axis"}, 1);
    if (failed(a))
      return failure();
    FailureOr<int64_t> axis = constInt(a->get(0), "'" + qn + "' axis",
                                       a->locs[0]);
    if (failed(axis))
      return failure();
    if (*axis < 0 || *axis > 2)
      return err(a->locs[0], "'" + qn + "' axis must be 0, 1 or 2, got " +
                                 llvm::Twine(*axis));
    TileType t{ElemType::scalar(DType::I32), {}};
    mlir::Value v =
        fn == "program_id"
            ? (mlir::Value)tile::ProgramIdOp::create(b, ml, *axis)
            : (mlir::Value)tile::NumProgramsOp::create(b, ml, *axis);
    return TValue::runtime(v, t);
  }
  if (fn == "arange") {
    FailureOr<BoundArgs> a = bind({"start", "end"}, 2);
    if (failed(a))
      return failure();
    FailureOr<int64_t> s = constInt(a->get(0), "'tl.arange' start",
                                    a->locs[0]);
    if (failed(s))
      return failure();
    FailureOr<int64_t> e = constInt(a->get(1), "'tl.arange' end", a->locs[1]);
    if (failed(e))
      return failure();
    if (*s < INT32_MIN || *e > INT32_MAX)
      return err(l, "'tl.arange' bounds must fit in int32");
    if (*e <= *s)
      return err(l, "'tl.arange' end (" + llvm::Twine(*e) +
                        ") must be greater than start (" + llvm::Twine(*s) +
                        ")");
    int64_t n = *e - *s;
    if ((n & (n - 1)) != 0)
      return err(l, "'tl.arange' range must be a power of two, got " +
                        llvm::Twine(n));
    if (n > (1 << 20))
      return err(l, "'tl.arange' range " + llvm::Twine(n) +
                        " exceeds the maximum tile size of 1048576");
    TileType t{ElemType::scalar(DType::I32), {n}};
    return TValue::runtime(tile::MakeRangeOp::create(b, ml,
                                                     getMlirType(&ctx, t),
                                                     *s, *e),
                           t);
  }
  if (fn == "zeros" || fn == "full") {
    bool isFull = fn == "full";
    FailureOr<BoundArgs> a = isFull ? bind({"shape", "value", "dtype"}, 3)
                                    : bind({"shape", "dtype"}, 2);
    if (failed(a))
      return failure();
    FailureOr<llvm::SmallVector<int64_t>> shape =
        constShape(a->get(0), "'" + qn + "' shape", a->locs[0]);
    if (failed(shape))
      return failure();
    if (failed(checkShape(*shape, "'" + qn + "'", a->locs[0])))
      return failure();
    unsigned dtIdx = isFull ? 2 : 1;
    FailureOr<ElemType> dt =
        constDType(a->get(dtIdx), "'" + qn + "' dtype", a->locs[dtIdx]);
    if (failed(dt))
      return failure();
    TileType t{*dt, llvm::SmallVector<int64_t, 4>(shape->begin(), shape->end())};
    if (!isFull)
      return zerosOf(t, l);
    const TValue &v = a->get(1);
    if (v.isNumber()) {
      if (v.isFloat() && dt->isInt())
        return materialize(TValue::integer(static_cast<int64_t>(v.getFloat())),
                           t, l);
      return materialize(v, t, l);
    }
    if (!v.isRuntime() || v.getType().isTensor())
      return err(a->locs[1], "'tl.full' value must be a scalar, got " +
                                 v.describe());
    FailureOr<TValue> c = cast(v, *dt, a->locs[1]);
    if (failed(c))
      return failure();
    return broadcastTo(*c, *shape, l);
  }
  if (fn == "zeros_like") {
    FailureOr<BoundArgs> a = bind({"input"}, 1);
    if (failed(a))
      return failure();
    if (!a->get(0).isRuntime())
      return err(l, "'tl.zeros_like' expects a tensor, got " +
                        a->get(0).describe());
    return zerosOf(a->get(0).getType(), l);
  }
  if (fn == "load") {
    FailureOr<BoundArgs> a =
        bind({"pointer", "mask", "other", "boundary_check", "padding_option",
              "cache_modifier", "eviction_policy", "volatile"},
             1);
    if (failed(a))
      return failure();
    return load(*a, l);
  }
  if (fn == "store") {
    FailureOr<BoundArgs> a =
        bind({"pointer", "value", "mask", "boundary_check", "cache_modifier",
              "eviction_policy"},
             2);
    if (failed(a))
      return failure();
    return store(*a, l);
  }
  if (fn == "where") {
    FailureOr<BoundArgs> a = bind({"condition", "x", "y"}, 3);
    if (failed(a))
      return failure();
    return where(a->get(0), a->get(1), a->get(2), l);
  }
  if (fn == "maximum" || fn == "minimum") {
    FailureOr<BoundArgs> a = bind({"x", "y", "propagate_nan"}, 2);
    if (failed(a))
      return failure();
    bool prop = a->has(2) && a->get(2).getKind() == TValue::Kind::Builtin &&
                llvm::StringRef(a->get(2).getBuiltinName()).ends_with(".ALL");
    return minMax(fn == "maximum", a->get(0), a->get(1), prop, l);
  }
  if (fn == "clamp") {
    FailureOr<BoundArgs> a = bind({"x", "min", "max", "propagate_nan"}, 3);
    if (failed(a))
      return failure();
    bool prop = a->has(3) && a->get(3).getKind() == TValue::Kind::Builtin &&
                llvm::StringRef(a->get(3).getBuiltinName()).ends_with(".ALL");
    FailureOr<TValue> lo = minMax(true, a->get(0), a->get(1), prop, l);
    if (failed(lo))
      return failure();
    return minMax(false, *lo, a->get(2), prop, l);
  }
  if (fn == "exp" || fn == "exp2" || fn == "log" || fn == "log2" ||
      fn == "sqrt" || fn == "sqrt_rn" || fn == "rsqrt" || fn == "abs" ||
      fn == "sigmoid" || fn == "sin" || fn == "cos" || fn == "floor" ||
      fn == "ceil" || fn == "erf") {
    FailureOr<BoundArgs> a = bind({"x"}, 1);
    if (failed(a))
      return failure();
    return mathUnary(fn, a->get(0), l);
  }
  if (fn == "fma") {
    FailureOr<BoundArgs> a = bind({"x", "y", "z"}, 3);
    if (failed(a))
      return failure();
    TValue x = a->get(0), y = a->get(1), z = a->get(2);
    for (TValue *v : {&x, &y, &z})
      if (!v->isRuntime() && !v->isNumber())
        return err(l, "'tl.fma' expects numbers or tensors, got " +
                          v->describe());
    // Promote pairwise with Triton's rules; fma needs floats.
    std::string why;
    std::optional<DType> t1 =
        computationType(getPromotionDType(x), x.isNumber(), getPromotionDType(y), y.isNumber(), false,
                        why);
    if (!t1)
      return err(l, why);
    std::optional<DType> t2 =
        computationType(*t1, x.isNumber() && y.isNumber(), getPromotionDType(z),
                        z.isNumber(), false, why);
    if (!t2)
      return err(l, why);
    if (!isFloat(*t2))
      return err(l, "'tl.fma' needs floating-point operands, got " +
                        getName(*t2));
    ElemType et = ElemType::scalar(*t2);
    FailureOr<TValue> cx = coerce(x, et, l), cy = coerce(y, et, l),
                      cz = coerce(z, et, l);
    if (failed(cx) || failed(cy) || failed(cz))
      return failure();
    x = *cx;
    y = *cy;
    z = *cz;
    if (failed(broadcastPair(x, y, l)) || failed(broadcastPair(x, z, l)) ||
        failed(broadcastPair(x, y, l)))
      return failure();
    return TValue::runtime(mlir::math::FmaOp::create(b, ml, x.getValue(),
                                                     y.getValue(),
                                                     z.getValue()),
                           x.getType());
  }
  if (fn == "cdiv") {
    FailureOr<BoundArgs> a = bind({"x", "div"}, 2);
    if (failed(a))
      return failure();
    const TValue &x = a->get(0), &d = a->get(1);
    if (x.isInt() && d.isInt()) {
      if (d.getInt() == 0)
        return err(l, "'cdiv' by zero");
      return constFoldBinary(BinaryOpKind::FloorDiv,
                             TValue::integer(x.getInt() + d.getInt() - 1), d,
                             l);
    }
    FailureOr<TValue> s = binaryOp(BinaryOpKind::Add, x, d, l);
    if (failed(s))
      return failure();
    FailureOr<TValue> s1 = binaryOp(BinaryOpKind::Sub, *s, TValue::integer(1),
                                    l);
    if (failed(s1))
      return failure();
    return binaryOp(BinaryOpKind::FloorDiv, *s1, d, l);
  }
  if (fn == "next_power_of_2") {
    FailureOr<BoundArgs> a = bind({"n"}, 1);
    if (failed(a))
      return failure();
    FailureOr<int64_t> n = constInt(a->get(0), "'next_power_of_2' argument",
                                    a->locs[0]);
    if (failed(n))
      return failure();
    int64_t p = 1;
    while (p < *n && p < (int64_t(1) << 62))
      p <<= 1;
    return TValue::integer(p);
  }
  if (fn == "sum" || fn == "xor_sum") {
    FailureOr<BoundArgs> a = bind({"input", "axis", "keep_dims", "dtype"}, 1);
    if (failed(a))
      return failure();
    TValue x = a->get(0);
    if (a->has(3)) {
      FailureOr<ElemType> dt = constDType(a->get(3), "'tl.sum' dtype",
                                          a->locs[3]);
      if (failed(dt))
        return failure();
      FailureOr<TValue> c = cast(x, *dt, l);
      if (failed(c))
        return failure();
      x = *c;
    }
    bool keep = a->has(2) && a->get(2).getBool();
    return reduce(fn == "sum" ? ReduceKind::Sum : ReduceKind::XorSum, x,
                  a->has(1) ? a->get(1) : TValue::none(), keep, false, l);
  }
  if (fn == "max" || fn == "min") {
    FailureOr<BoundArgs> a =
        bind({"input", "axis", "return_indices", "return_indices_tie_break_left",
              "keep_dims"},
             1);
    if (failed(a))
      return failure();
    bool keep = a->has(4) && a->get(4).getBool();
    bool withIdx = a->has(2) && a->get(2).getBool();
    return reduce(fn == "max" ? ReduceKind::Max : ReduceKind::Min, a->get(0),
                  a->has(1) ? a->get(1) : TValue::none(), keep, withIdx, l);
  }
  if (fn == "argmax" || fn == "argmin") {
    FailureOr<BoundArgs> a =
        bind({"input", "axis", "tie_break_left", "keep_dims"}, 2);
    if (failed(a))
      return failure();
    bool keep = a->has(3) && a->get(3).getBool();
    return reduce(fn == "argmax" ? ReduceKind::ArgMax : ReduceKind::ArgMin,
                  a->get(0), a->get(1), keep, false, l);
  }
  if (fn == "reduce") {
    FailureOr<BoundArgs> a = bind({"input", "axis", "combine_fn", "keep_dims"},
                                  3);
    if (failed(a))
      return failure();
    bool keep = a->has(3) && a->get(3).getBool();
    return reduceWith(a->get(0), a->has(1) ? a->get(1) : TValue::none(),
                      a->get(2), keep, l);
  }
  if (fn == "cumsum" || fn == "cumprod") {
    FailureOr<BoundArgs> a = bind({"input", "axis", "reverse", "dtype"}, 1);
    if (failed(a))
      return failure();
    TValue x = a->get(0);
    if (a->has(3)) {
      FailureOr<ElemType> dt = constDType(a->get(3), "'" + qn + "' dtype",
                                          a->locs[3]);
      if (failed(dt))
        return failure();
      FailureOr<TValue> c = cast(x, *dt, l);
      if (failed(c))
        return failure();
      x = *c;
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
    return scan(fn == "cumsum" ? ReduceKind::Sum : ReduceKind::Prod, x, axis,
                rev, nullptr, l);
  }
  if (fn == "associative_scan") {
    FailureOr<BoundArgs> a =
        bind({"input", "axis", "combine_fn", "reverse"}, 3);
    if (failed(a))
      return failure();
    FailureOr<int64_t> ax = constInt(a->get(1), "'tl.associative_scan' axis",
                                     a->locs[1]);
    if (failed(ax))
      return failure();
    bool rev = a->has(3) && a->get(3).getBool();
    TValue f = a->get(2);
    return scan(ReduceKind::Sum, a->get(0), *ax, rev, &f, l);
  }
  if (fn == "dot") {
    FailureOr<BoundArgs> a =
        bind({"input", "other", "acc", "input_precision", "allow_tf32",
              "max_num_imprecise_acc", "out_dtype"},
             2);
    if (failed(a))
      return failure();
    return dot(*a, l);
  }
  if (fn == "trans" || fn == "permute") {
    if (args.empty())
      return err(l, "'" + qn + "' is missing the argument 'input'");
    TValue x = args[0];
    if (!kwargs.empty()) {
      if (kwargs.size() != 1 || kwargs[0].first != "dims")
        return err(l, "'" + qn + "' takes only the keyword argument 'dims'");
      args.push_back(kwargs[0].second);
    }
    std::vector<TValue> dims(args.begin() + 1, args.end());
    if (dims.size() == 1 && dims[0].isTuple())
      dims = dims[0].getElts();
    if (!x.isRuntime() || !x.getType().isTensor())
      return err(l, "'" + qn + "' expects a tensor, got " + x.describe());
    llvm::SmallVector<int32_t> order;
    if (dims.empty()) {
      if (fn == "permute")
        return err(l, "'tl.permute' needs the permutation 'dims'");
      if (x.getType().shape.size() != 2)
        return err(l, "'tl.trans' without dims needs a 2-D tensor, got " +
                          x.getType().str());
      order = {1, 0};
    } else {
      for (const TValue &d : dims) {
        FailureOr<int64_t> v = constInt(d, "'" + qn + "' dims", l);
        if (failed(v))
          return failure();
        order.push_back(static_cast<int32_t>(*v));
      }
    }
    return trans(x, order, l);
  }
  if (fn == "reshape" || fn == "view" || fn == "broadcast_to") {
    if (args.empty())
      return err(l, "'" + qn + "' is missing the argument 'input'");
    TValue x = args[0];
    bool canReorder = fn == "view";
    std::vector<TValue> rest(args.begin() + 1, args.end());
    for (auto &[k, v] : kwargs) {
      if (k == "can_reorder" && fn == "reshape") {
        FailureOr<bool> t = truthy(v, l);
        if (failed(t))
          return failure();
        canReorder = *t;
      } else if (k == "shape") {
        rest.push_back(v);
      } else {
        return err(l, "'" + qn + "' got an unexpected keyword argument '" + k +
                          "'");
      }
    }
    TValue shapeV = rest.size() == 1 ? rest[0] : TValue::tuple(rest);
    if (rest.empty())
      return err(l, "'" + qn + "' is missing the argument 'shape'");
    FailureOr<llvm::SmallVector<int64_t>> shape =
        constShape(shapeV, "'" + qn + "' shape", l);
    if (failed(shape))
      return failure();
    if (failed(checkShape(*shape, "'" + qn + "'", l)))
      return failure();
    if (fn == "broadcast_to") {
      if (!x.isRuntime() && !x.isNumber())
        return err(l, "'tl.broadcast_to' expects a tensor, got " +
                          x.describe());
      return broadcastTo(x, *shape, l);
    }
    return reshape(x, *shape, canReorder, l);
  }
  if (fn == "ravel") {
    FailureOr<BoundArgs> a = bind({"x", "can_reorder"}, 1);
    if (failed(a))
      return failure();
    if (!a->get(0).isRuntime() || !a->get(0).getType().isTensor())
      return err(l, "'tl.ravel' expects a tensor");
    return reshape(a->get(0), {a->get(0).getType().getNumElements()},
                   a->has(1) && a->get(1).getBool(), l);
  }
  if (fn == "broadcast") {
    FailureOr<BoundArgs> a = bind({"input", "other"}, 2);
    if (failed(a))
      return failure();
    FailureOr<TValue> x = toRuntime(a->get(0), l), y = toRuntime(a->get(1), l);
    if (failed(x) || failed(y))
      return failure();
    TValue xv = *x, yv = *y;
    if (failed(broadcastPair(xv, yv, l)))
      return failure();
    return TValue::tuple({xv, yv});
  }
  if (fn == "expand_dims") {
    FailureOr<BoundArgs> a = bind({"input", "axis"}, 2);
    if (failed(a))
      return failure();
    TValue x = a->get(0);
    std::vector<TValue> axes =
        a->get(1).isTuple() ? a->get(1).getElts()
                            : std::vector<TValue>{a->get(1)};
    int rank = x.isRuntime() ? x.getType().shape.size() : 0;
    int newRank = rank + axes.size();
    llvm::SmallVector<int> norm;
    for (const TValue &ax : axes) {
      FailureOr<int64_t> v = constInt(ax, "'tl.expand_dims' axis", a->locs[1]);
      if (failed(v))
        return failure();
      int64_t n = *v < 0 ? *v + newRank : *v;
      if (n < 0 || n >= newRank)
        return err(a->locs[1], "'tl.expand_dims' axis " + llvm::Twine(*v) +
                                   " out of range for the result rank " +
                                   llvm::Twine(newRank));
      norm.push_back(n);
    }
    llvm::sort(norm);
    for (int n : norm) {
      FailureOr<TValue> e = expandDims(x, n, l);
      if (failed(e))
        return failure();
      x = *e;
    }
    return x;
  }
  if (fn.starts_with("atomic_")) {
    if (fn == "atomic_cas") {
      FailureOr<BoundArgs> a = bind({"pointer", "cmp", "val", "sem", "scope"},
                                    3);
      if (failed(a))
        return failure();
      return atomic(fn, *a, l);
    }
    static const llvm::StringSet<> rmw = {"atomic_add", "atomic_max",
                                          "atomic_min", "atomic_and",
                                          "atomic_or",  "atomic_xor",
                                          "atomic_xchg"};
    if (rmw.contains(fn)) {
      FailureOr<BoundArgs> a =
          bind({"pointer", "val", "mask", "sem", "scope"}, 2);
      if (failed(a))
        return failure();
      return atomic(fn, *a, l);
    }
  }
  if (fn == "static_assert") {
    FailureOr<BoundArgs> a = bind({"cond", "msg"}, 1);
    if (failed(a))
      return failure();
    if (!a->get(0).isConstexpr())
      return err(a->locs[0], "'tl.static_assert' needs a constexpr "
                             "condition, got " +
                                 a->get(0).describe());
    FailureOr<bool> t = truthy(a->get(0), a->locs[0]);
    if (failed(t))
      return failure();
    if (!*t) {
      std::string msg;
      if (a->has(1))
        msg = a->get(1).getKind() == TValue::Kind::Str ? a->get(1).getStr()
                                                       : a->get(1).describe();
      return err(l, "'tl.static_assert' failed" +
                        (msg.empty() ? llvm::Twine("") : ": " + msg));
    }
    return TValue::none();
  }
  if (fn == "static_print") {
    mlir::InFlightDiagnostic d = mlir::emitRemark(ml);
    d << "static_print:";
    for (const TValue &v : args)
      d << " "
        << (v.getKind() == TValue::Kind::Str ? v.getStr() : v.describe());
    return TValue::none();
  }
  if (fn == "multiple_of" || fn == "max_contiguous" || fn == "max_constancy") {
    FailureOr<BoundArgs> a = bind({"input", "values"}, 2);
    if (failed(a))
      return failure();
    return hint(fn, a->get(0), a->get(1), l);
  }
  if (fn == "constexpr") {
    FailureOr<BoundArgs> a = bind({"value"}, 1);
    if (failed(a))
      return failure();
    if (!a->has(0))
      return TValue::none();
    if (!a->get(0).isConstexpr())
      return err(l, "'tl.constexpr' needs a compile-time value, got " +
                        a->get(0).describe());
    return a->get(0);
  }
  if (fn == "cast" || fn == "to") {
    FailureOr<BoundArgs> a =
        bind({"input", "dtype", "fp_downcast_rounding", "bitcast"}, 2);
    if (failed(a))
      return failure();
    FailureOr<ElemType> dt = constDType(a->get(1), "'" + qn + "' dtype",
                                        a->locs[1]);
    if (failed(dt))
      return failure();
    bool bc = false;
    if (a->has(3)) {
      FailureOr<bool> t = truthy(a->get(3), a->locs[3]);
      if (failed(t))
        return failure();
      bc = *t;
    }
    TValue x = a->get(0);
    if (x.isNumber()) {
      FailureOr<TValue> r = toRuntime(x, l);
      if (failed(r))
        return failure();
      x = *r;
    }
    return cast(x, *dt, l, bc);
  }
  if (fn == "pointer_type") {
    FailureOr<BoundArgs> a = bind({"element_ty", "address_space", "const"}, 1);
    if (failed(a))
      return failure();
    FailureOr<ElemType> dt = constDType(a->get(0), "'tl.pointer_type' element",
                                        a->locs[0]);
    if (failed(dt))
      return failure();
    if (dt->isPtr)
      return err(l, "pointers to pointers are not supported");
    return TValue::dtypeObj(ElemType::pointer(dt->dtype));
  }
  if (fn == "range" || fn == "static_range")
    return err(l, "'" + qn + "' can only be the iterable of a 'for' loop");
  if (fn == "jit")
    return err(l, "'tl.jit' cannot be called inside a kernel");
  if (isUnsupportedTl(fn))
    return err(l, "'" + qn + "' is not supported by tilec");
  return err(l, "'" + qn + "' is not a function of triton.language");
}

//===----------------------------------------------------------------------===//
// Elementwise math
//===----------------------------------------------------------------------===//

FailureOr<TValue> Emitter::mathUnary(llvm::StringRef fn, const TValue &xv,
                                     SourceLoc l) {
  std::string qn = ("tl." + fn).str();
  FailureOr<TValue> xr = toRuntime(xv, l);
  if (failed(xr))
    return failure();
  TValue x = *xr;
  const TileType &t = x.getType();
  if (t.elem.isPtr)
    return err(l, "'" + qn + "' does not take pointers");
  mlir::Location ml = loc(l);
  mlir::Value v = x.getValue();
  if (fn == "abs") {
    if (t.elem.isFloat())
      return TValue::runtime(mlir::math::AbsFOp::create(b, ml, v), t);
    if (isUnsigned(t.elem.dtype) || t.elem.isBool())
      return x;
    return TValue::runtime(mlir::math::AbsIOp::create(b, ml, v), t);
  }
  DType dt = t.elem.dtype;
  if (dt != DType::FP32 && dt != DType::FP64)
    return err(l, "'" + qn + "' expects fp32 or fp64, got " + getName(dt) +
                      (isFloat(dt) ? "; convert with .to(tl.float32)" : ""));
  mlir::Value r;
  if (fn == "exp")
    r = mlir::math::ExpOp::create(b, ml, v);
  else if (fn == "exp2")
    r = mlir::math::Exp2Op::create(b, ml, v);
  else if (fn == "log")
    r = mlir::math::LogOp::create(b, ml, v);
  else if (fn == "log2")
    r = mlir::math::Log2Op::create(b, ml, v);
  else if (fn == "sqrt" || fn == "sqrt_rn")
    r = mlir::math::SqrtOp::create(b, ml, v);
  else if (fn == "rsqrt")
    r = mlir::math::RsqrtOp::create(b, ml, v);
  else if (fn == "sin")
    r = mlir::math::SinOp::create(b, ml, v);
  else if (fn == "cos")
    r = mlir::math::CosOp::create(b, ml, v);
  else if (fn == "floor")
    r = mlir::math::FloorOp::create(b, ml, v);
  else if (fn == "ceil")
    r = mlir::math::CeilOp::create(b, ml, v);
  else if (fn == "erf")
    r = mlir::math::ErfOp::create(b, ml, v);
  else if (fn == "sigmoid") {
    // 1 / (1 + exp(-x)), as Triton defines it.
    mlir::Value neg = arith::NegFOp::create(b, ml, v);
    mlir::Value e = mlir::math::ExpOp::create(b, ml, neg);
    FailureOr<TValue> one = materialize(TValue::floating(1.0), t, l);
    if (failed(one))
      return failure();
    mlir::Value den = arith::AddFOp::create(b, ml, one->getValue(), e);
    r = arith::DivFOp::create(b, ml, one->getValue(), den);
  } else
    return err(l, "'" + qn + "' is not supported");
  return TValue::runtime(r, t);
}

FailureOr<TValue> Emitter::minMax(bool isMax, const TValue &a,
                                  const TValue &bv, bool propagateNan,
                                  SourceLoc l) {
  llvm::StringRef qn = isMax ? "tl.maximum" : "tl.minimum";
  if (a.isNumber() && bv.isNumber()) {
    bool pickB = isMax ? bv.asDouble() > a.asDouble()
                       : bv.asDouble() < a.asDouble();
    return pickB ? bv : a;
  }
  for (const TValue *v : {&a, &bv})
    if ((!v->isRuntime() && !v->isNumber()) ||
        (v->isRuntime() && v->getType().elem.isPtr))
      return err(l, "'" + qn + "' expects numbers or tensors, got " +
                        v->describe());
  std::string why;
  std::optional<DType> ct = computationType(getPromotionDType(a), a.isNumber(), getPromotionDType(bv),
                                            bv.isNumber(), false, why);
  if (!ct)
    return err(l, why);
  ElemType et = ElemType::scalar(*ct);
  FailureOr<TValue> x = coerce(a, et, l), y = coerce(bv, et, l);
  if (failed(x) || failed(y))
    return failure();
  TValue xa = *x, ya = *y;
  if (failed(broadcastPair(xa, ya, l)))
    return failure();
  mlir::Location ml = loc(l);
  mlir::Value lv = xa.getValue(), rv = ya.getValue(), r;
  if (isFloat(*ct)) {
    if (propagateNan)
      r = isMax ? (mlir::Value)arith::MaximumFOp::create(b, ml, lv, rv)
                : (mlir::Value)arith::MinimumFOp::create(b, ml, lv, rv);
    else
      r = isMax ? (mlir::Value)arith::MaxNumFOp::create(b, ml, lv, rv)
                : (mlir::Value)arith::MinNumFOp::create(b, ml, lv, rv);
  } else if (isUnsigned(*ct) || *ct == DType::I1) {
    r = isMax ? (mlir::Value)arith::MaxUIOp::create(b, ml, lv, rv)
              : (mlir::Value)arith::MinUIOp::create(b, ml, lv, rv);
  } else {
    r = isMax ? (mlir::Value)arith::MaxSIOp::create(b, ml, lv, rv)
              : (mlir::Value)arith::MinSIOp::create(b, ml, lv, rv);
  }
  return TValue::runtime(r, xa.getType());
}

FailureOr<TValue> Emitter::where(const TValue &c, const TValue &x,
                                 const TValue &y, SourceLoc l) {
  for (const TValue *v : {&c, &x, &y})
    if (!v->isRuntime() && !v->isNumber())
      return err(l, "'tl.where' expects numbers or tensors, got " +
                        v->describe());
  FailureOr<TValue> cr = toRuntime(c, l);
  if (failed(cr))
    return failure();
  TValue cond = *cr;
  if (cond.getType().elem.isPtr)
    return err(l, "'tl.where' condition cannot be a pointer");
  if (!cond.getType().elem.isBool()) {
    FailureOr<TValue> cc = cast(cond, ElemType::scalar(DType::I1), l);
    if (failed(cc))
      return failure();
    cond = *cc;
  }
  bool xp = x.isRuntime() && x.getType().elem.isPtr;
  bool yp = y.isRuntime() && y.getType().elem.isPtr;
  TValue xa, ya;
  if (xp || yp) {
    if (!(xp && yp) || x.getType().elem != y.getType().elem)
      return err(l, "'tl.where' has incompatible operand types " +
                        x.describe() + " and " + y.describe());
    xa = x;
    ya = y;
  } else {
    std::string why;
    std::optional<DType> ct = computationType(getPromotionDType(x), x.isNumber(), getPromotionDType(y),
                                              y.isNumber(), false, why);
    if (!ct)
      return err(l, "'tl.where': " + why);
    ElemType et = ElemType::scalar(*ct);
    FailureOr<TValue> cx = coerce(x, et, l), cy = coerce(y, et, l);
    if (failed(cx) || failed(cy))
      return failure();
    xa = *cx;
    ya = *cy;
  }
  FailureOr<llvm::SmallVector<int64_t>> s1 =
      broadcastShapes(xa.getType().shape, ya.getType().shape, l);
  if (failed(s1))
    return failure();
  FailureOr<llvm::SmallVector<int64_t>> shape =
      broadcastShapes(cond.getType().shape, *s1, l);
  if (failed(shape))
    return failure();
  FailureOr<TValue> bc = broadcastTo(cond, *shape, l),
                    bx = broadcastTo(xa, *shape, l),
                    by = broadcastTo(ya, *shape, l);
  if (failed(bc) || failed(bx) || failed(by))
    return failure();
  return TValue::runtime(arith::SelectOp::create(b, loc(l), bc->getValue(),
                                                 bx->getValue(),
                                                 by->getValue()),
                         bx->getType());
}

//===----------------------------------------------------------------------===//
// Memory
//===----------------------------------------------------------------------===//

/// Reads an optional constexpr string argument.
static FailureOr<std::string> optStr(Emitter &e, const BoundArgs &a,
                                     unsigned i, llvm::StringRef what) {
  if (!a.has(i))
    return std::string();
  if (a.get(i).getKind() != TValue::Kind::Str)
    return e.err(a.locs[i], what + " must be a string, got " +
                                a.get(i).describe());
  return a.get(i).getStr();
}

/// Reads the cache_modifier and eviction_policy arguments of a load or
/// store (slots `cacheIdx`, `evictIdx`); each direction has its own set of
/// cache modifiers, as in PTX.
static LogicalResult memoryHints(Emitter &e, const BoundArgs &a,
                                 unsigned cacheIdx, unsigned evictIdx,
                                 bool isLoad, tile::CacheModifier &cache,
                                 tile::EvictionPolicy &evict) {
  FailureOr<std::string> cacheS = optStr(e, a, cacheIdx, "'cache_modifier'");
  FailureOr<std::string> evictS = optStr(e, a, evictIdx, "'eviction_policy'");
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
  TValue ptr = a.get(0);
  if (!ptr.isRuntime() || !ptr.getType().elem.isPtr)
    return err(a.locs[0], "'tl.load' expects a pointer or a tensor of "
                          "pointers, got " +
                              ptr.describe());
  if (a.has(3) && !(a.get(3).isTuple() && a.get(3).getElts().empty()))
    return err(a.locs[3], "'boundary_check' needs block pointers, which "
                          "tilec does not support");
  FailureOr<std::string> pad = optStr(*this, a, 4, "'padding_option'");
  if (failed(pad))
    return failure();
  if (!pad->empty())
    return err(a.locs[4], "'padding_option' needs block pointers, which "
                          "tilec does not support");
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
  TValue ptr = a.get(0);
  if (!ptr.isRuntime() || !ptr.getType().elem.isPtr)
    return err(a.locs[0], "'tl.store' expects a pointer or a tensor of "
                          "pointers, got " +
                              ptr.describe());
  if (a.has(3) && !(a.get(3).isTuple() && a.get(3).getElts().empty()))
    return err(a.locs[3], "'boundary_check' needs block pointers, which "
                          "tilec does not support");
  tile::CacheModifier cache;
  tile::EvictionPolicy evict;
  if (failed(memoryHints(*this, a, 4, 5, /*isLoad=*/false, cache, evict)))
    return failure();
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
  FailureOr<std::string> semS = optStr(*this, a, semIdx, "'sem'");
  FailureOr<std::string> scopeS = optStr(*this, a, scopeIdx, "'scope'");
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
    FailureOr<std::string> p = optStr(*this, a, 3, "'input_precision'");
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
