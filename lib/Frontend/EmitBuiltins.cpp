//===- EmitBuiltins.cpp - triton.language functions -------------*- C++ -*-===//
//
// The `tl.*` functions (and the Python builtins a kernel may call), each
// checked the way Triton checks it: argument names and counts, constexpr
// arguments, dtypes and shapes. Known Triton functions that tilec does not
// implement are refused by name; unknown names are reported as such.
//
//===----------------------------------------------------------------------===//

#include "Frontend/Emitter.h"

#include "Frontend/Prelude.h"

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

FailureOr<std::string> Emitter::constStr(const BoundArgs &a, unsigned i,
                                         llvm::StringRef what) {
  if (!a.has(i))
    return std::string();
  if (a.get(i).getKind() != TValue::Kind::Str)
    return err(a.locs[i], what + " must be a string, got " +
                              a.get(i).describe());
  return a.get(i).getStr();
}

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
      "extern_elementwise", "dot_scaled",
      "tensor_descriptor", "map_elementwise",
      "associative_scan_vectorized", "atomic_rmw", "zeros_like_dtype",
      "full_like",       "ones",            "range_vectorized"};
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
      "umulhi", "div_rn", "fdiv", "softmax",
      "multiple_of", "max_contiguous", "max_constancy", "constexpr", "cast",
      "pointer_type", "range", "static_range", "jit", "tensor", "dtype",
      "to_tensor", "PropagateNan", "debug_barrier", "assume", "device_print",
      "device_assert", "join", "split", "interleave", "cat", "flip",
      "swizzle2d", "make_block_ptr", "advance", "inline_asm_elementwise",
      "make_tensor_descriptor", "load_tensor_descriptor",
      "store_tensor_descriptor",
      // EmitGather.cpp
      "gather", "histogram"};
  return names.contains(n) || isUnsupportedTl(n) || lookupPreludeFunction(n);
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
  else if (size_t at = name.rfind(".libdevice.");
           name.starts_with("triton.language.extra") &&
           at != llvm::StringRef::npos) {
    if (!kwargs.empty())
      return err(call->getLoc(), "'" + name.drop_front(at + 1) +
                                     "' takes no keyword arguments");
    return callLibdevice(name.drop_front(at + strlen(".libdevice.")), args,
                         call->getLoc());
  } else if (name.starts_with("triton.language.extra"))
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
      return TValue::integer(pyint::abs(x.getBigInt()));
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
    if (x.isFloat())
      return x;
    if (x.isNumber()) {
      std::string pyError;
      std::optional<double> d = pyint::toDouble(x.getBigInt(), pyError);
      if (!d)
        return err(l, pyError);
      return TValue::floating(*d);
    }
  }
  if (fn == "int") {
    if (x.isFloat()) {
      std::string pyError;
      std::optional<llvm::APInt> i = pyint::fromDouble(x.getFloat(), pyError);
      if (!i)
        return err(l, pyError);
      return TValue::integer(*i);
    }
    if (x.isNumber())
      return TValue::integer(x.getBigInt());
  }
  if (fn == "bool") {
    FailureOr<bool> t = truthy(x, l);
    if (failed(t))
      return failure();
    return TValue::boolean(*t);
  }
  return err(l, "'" + fn + "' of " + x.describe() + " is not supported");
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
  if (std::optional<FailureOr<TValue>> r =
          callDebugBuiltin(fn, call, args, kwargs, argLocs))
    return *r;
  // tl.gather, tl.histogram (EmitGather.cpp).
  if (std::optional<FailureOr<TValue>> r =
          callGatherBuiltin(fn, call, args, kwargs, argLocs))
    return *r;

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
      // Triton's scalar_constant: zero is the type's zero; an integer type
      // takes an int within int64 (signed types) or uint64 (unsigned
      // types) and keeps its low bits, so 300 as int8 is 44; a float is
      // refused there; int1 takes the truth value.
      bool zero = v.isFloat() ? v.getFloat() == 0 : v.getBigInt().isZero();
      if (zero)
        return zerosOf(t, l);
      if (dt->isInt() && !dt->isBool()) {
        if (v.isFloat())
          return err(a->locs[1], "'tl.full' value " + v.describe() +
                                     " is not an integer, which " + dt->str() +
                                     " needs");
        const llvm::APInt &x = v.getBigInt();
        bool fits =
            isUnsigned(dt->dtype) ? pyint::fitsUInt64(x) : pyint::fitsInt64(x);
        if (!fits)
          return err(a->locs[1],
                     "'tl.full' value " + pyint::toString(x) +
                         " is out of range for " + dt->str() + " constants (" +
                         (isUnsigned(dt->dtype) ? "uint64" : "int64") +
                         " values, truncated to the type)");
      }
      if (dt->isBool())
        return materialize(TValue::boolean(v.isFloat()
                                               ? v.getFloat() != 0
                                               : !v.getBigInt().isZero()),
                           t, l);
      if (dt->isFloat() && !v.isFloat()) {
        std::string pyError;
        if (!pyint::toDouble(v.getBigInt(), pyError))
          return err(a->locs[1], pyError);
      }
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
  if (fn == "make_block_ptr" || fn == "advance") {
    FailureOr<BoundArgs> a =
        fn == "advance" ? bind({"base", "offsets"}, 2)
                        : bind({"base", "shape", "strides", "offsets",
                                "block_shape", "order"},
                               6);
    if (failed(a))
      return failure();
    return fn == "advance" ? advanceBlockPtr(*a, l) : makeBlockPtr(*a, l);
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
  if (fn == "umulhi" || fn == "div_rn") {
    FailureOr<BoundArgs> a = bind({"x", "y"}, 2);
    if (failed(a))
      return failure();
    return mathBinary(fn, a->get(0), a->get(1), l);
  }
  if (fn == "fdiv") {
    FailureOr<BoundArgs> a = bind({"x", "y", "ieee_rounding"}, 2);
    if (failed(a))
      return failure();
    return mathBinary(fn, a->get(0), a->get(1), l);
  }
  if (fn == "softmax") {
    // Triton's standard.softmax: exp(x - max(x)) / sum(exp(x - max(x)))
    // along `dim` (default 0), the division by fdiv.
    FailureOr<BoundArgs> a =
        bind({"x", "dim", "keep_dims", "ieee_rounding"}, 1);
    if (failed(a))
      return failure();
    TValue dim = a->has(1) ? a->get(1) : TValue::integer(0);
    FailureOr<bool> keep =
        a->has(2) ? truthy(a->get(2), a->locs[2]) : FailureOr<bool>(false);
    if (failed(keep))
      return failure();
    FailureOr<TValue> m =
        reduce(ReduceKind::Max, a->get(0), dim, *keep, false, l);
    if (failed(m))
      return failure();
    FailureOr<TValue> z = binaryOp(BinaryOpKind::Sub, a->get(0), *m, l);
    if (failed(z))
      return failure();
    FailureOr<TValue> num = mathUnary("exp", *z, l);
    if (failed(num))
      return failure();
    FailureOr<TValue> den = reduce(ReduceKind::Sum, *num, dim, *keep, false, l);
    if (failed(den))
      return failure();
    return mathBinary("fdiv", *num, *den, l);
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
      // Python's (x + div - 1) // div, exact.
      llvm::APInt s = pyint::sub(pyint::add(x.getBigInt(), d.getBigInt()),
                                 pyint::fromInt64(1));
      return constFoldBinary(BinaryOpKind::FloorDiv, TValue::integer(s), d, l);
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
    const TValue &n = a->get(0);
    if (!n.isInt() && !n.isBool())
      return err(a->locs[0],
                 "'next_power_of_2' argument must be a constexpr integer, "
                 "got " +
                     n.describe());
    // Triton's own bit smearing, on Python ints: exact for any n below
    // 2^64 + 1, and the same (not a power of two) result beyond.
    llvm::APInt v = pyint::sub(n.getBigInt(), pyint::fromInt64(1));
    std::string ignored;
    for (int64_t s : {1, 2, 4, 8, 16, 32})
      v = pyint::bitOr(v, *pyint::shr(v, pyint::fromInt64(s), ignored));
    return TValue::integer(pyint::add(v, pyint::fromInt64(1)));
  }
  if (fn == "sum" || fn == "xor_sum") {
    // Triton's xor_sum takes no dtype.
    FailureOr<BoundArgs> a =
        fn == "sum" ? bind({"input", "axis", "keep_dims", "dtype"}, 1)
                    : bind({"input", "axis", "keep_dims"}, 1);
    if (failed(a))
      return failure();
    TValue x = a->get(0);
    if (fn == "sum" && a->has(3)) {
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
                  a->has(1) ? a->get(1) : TValue::none(), keep, false, l,
                  /*promoteNarrowSum=*/fn != "sum" || !a->has(3));
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
    // Triton's standard.py: bf16 scans in fp32; cumsum takes `dtype` and
    // otherwise sums narrow integers in 32 bits (_pick_sum_dtype); cumprod
    // keeps the input type.
    bool isSum = fn == "cumsum";
    FailureOr<BoundArgs> a =
        isSum ? bind({"input", "axis", "reverse", "dtype"}, 1)
              : bind({"input", "axis", "reverse"}, 1);
    if (failed(a))
      return failure();
    TValue x = a->get(0);
    if (!x.isRuntime() || !x.getType().isTensor())
      return err(l, "'" + qn + "' expects a tensor, got " + x.describe());
    ElemType et = x.getType().elem;
    std::optional<ElemType> to;
    if (et.isFloat() && et.dtype == DType::BF16)
      to = ElemType::scalar(DType::FP32);
    if (isSum && a->has(3)) {
      FailureOr<ElemType> dt = constDType(a->get(3), "'" + qn + "' dtype",
                                          a->locs[3]);
      if (failed(dt))
        return failure();
      to = *dt;
    } else if (isSum && et.isInt() && getBitWidth(et.dtype) < 32) {
      to = ElemType::scalar(isUnsigned(et.dtype) || et.isBool() ? DType::U32
                                                                : DType::I32);
    }
    if (to) {
      FailureOr<TValue> c = cast(x, *to, l);
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
    return scan(isSum ? ReduceKind::Sum : ReduceKind::Prod, x, axis, rev,
                nullptr, l);
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
    // A bitcast, and a conversion to the same type (Triton returns the
    // input before it reads the rounding mode), ignore fp_downcast_rounding.
    if (bc || !x.isRuntime() || x.getType().elem == *dt)
      return cast(x, *dt, l, bc);
    // Triton's fp_downcast_rounding: "rtne" (the default) or "rtz", and only
    // on a float conversion to fewer bits.
    bool rtz = false;
    if (a->has(2) && !a->get(2).isNone()) {
      const TValue &r = a->get(2);
      bool isStr = r.getKind() == TValue::Kind::Str;
      if (!isStr || (r.getStr() != "rtne" && r.getStr() != "rtz"))
        return err(a->locs[2],
                   "invalid rounding mode " +
                       (isStr ? "'" + r.getStr() + "'" : r.describe()) +
                       "; supported rounding modes are 'rtne' and 'rtz'");
      rtz = r.getStr() == "rtz";
      ElemType from = x.getType().elem;
      bool narrowing = from.isFloat() && dt->isFloat() &&
                       getBitWidth(dt->dtype) < getBitWidth(from.dtype);
      if (!narrowing)
        return err(a->locs[2],
                   "fp_downcast_rounding is only for float conversions to "
                   "fewer bits, not from " +
                       from.str() + " to " + dt->str());
      // Triton's lowering has round-toward-zero only from fp32 to fp16,
      // bf16 and fp8e5; it aborts on the others.
      if (narrowing && rtz &&
          !(from.dtype == DType::FP32 &&
            (dt->dtype == DType::FP16 || dt->dtype == DType::BF16 ||
             dt->dtype == DType::FP8E5)))
        return err(a->locs[2], "rounding mode 'rtz' from " + from.str() +
                                   " to " + dt->str() +
                                   " is not supported; it is supported from "
                                   "fp32 to fp16, bf16 and fp8e5");
    }
    return cast(x, *dt, l, bc, rtz);
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
  if (fn == "to_tensor") {
    FailureOr<BoundArgs> a = bind({"x"}, 1);
    if (failed(a))
      return failure();
    return toRuntime(a->get(0), a->locs[0]);
  }
  // Functions Triton writes in Python (random numbers) come from tilec's
  // prelude and are inlined like helpers.
  if (const FunctionDef *f = lookupPreludeFunction(fn))
    return callFunction(f, call, std::move(args), std::move(kwargs));
  if (fn == "range" || fn == "static_range")
    return err(l, "'" + qn + "' can only be the iterable of a 'for' loop");
  if (fn == "jit")
    return err(l, "'tl.jit' cannot be called inside a kernel");
  // Tensor descriptors made in the kernel, and the functional forms of
  // desc.load / desc.store (EmitBlockPtr.cpp, EmitDescriptor.cpp).
  if (fn == "make_tensor_descriptor") {
    FailureOr<BoundArgs> a = bind(
        {"base", "shape", "strides", "block_shape", "padding_option"}, 4);
    if (failed(a))
      return failure();
    return makeTensorDescriptor(*a, l);
  }
  if (fn == "load_tensor_descriptor" || fn == "store_tensor_descriptor") {
    bool isLoad = fn == "load_tensor_descriptor";
    FailureOr<BoundArgs> a =
        isLoad ? bind({"desc", "offsets"}, 2)
               : bind({"desc", "offsets", "value"}, 3);
    if (failed(a))
      return failure();
    if (!a->has(0) || !a->get(0).isDescriptor())
      return err(a->locs[0], "'" + qn + "' expects a tensor descriptor, got " +
                                 (a->has(0) ? a->get(0).describe()
                                            : std::string("None")));
    if (!a->has(1) || (!isLoad && !a->has(2)))
      return err(l, "'" + qn + "' arguments cannot be None");
    if (isLoad)
      return descriptorLoad(a->get(0), a->get(1), a->locs[1], l);
    return descriptorStore(a->get(0), a->get(1), a->get(2), a->locs[1],
                           a->locs[2], l);
  }
  // tl.inline_asm_elementwise (EmitInlineAsm.cpp).
  if (fn == "inline_asm_elementwise") {
    FailureOr<BoundArgs> a = bind(
        {"asm", "constraints", "args", "dtype", "is_pure", "pack"}, 6);
    if (failed(a))
      return failure();
    return inlineAsmElementwise(*a, l);
  }
  if (fn == "join" || fn == "split" || fn == "interleave" || fn == "cat" ||
      fn == "flip" || fn == "swizzle2d")
    return callShapeTl(fn, call, args, kwargs, argLocs);
  // --- dot_scaled (fp8 work): why it is refused ---
  if (fn == "dot_scaled")
    return err(l, "'" + qn + "' is not supported by tilec yet: sm_80 and "
                  "sm_90 have no block-scaled MMA instruction, and Triton "
                  "3.6 emulates it there (operands converted to bf16 or "
                  "fp16 and scaled, then a plain dot)");
  if (isUnsupportedTl(fn))
    return err(l, "'" + qn + "' is not supported by tilec");
  return err(l, "'" + qn + "' is not a function of triton.language");
}
