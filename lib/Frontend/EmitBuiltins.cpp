//===- EmitBuiltins.cpp - Builtin dispatch and core builtins ----*- C++ -*-===//
//
// Calls of builtins: a call's name is looked up in the table of
// Builtins.def (BuiltinTable.h), its arguments are bound to the entry's
// parameters, and the entry's handler runs; refused entries are refused by
// name, unknown names reported as such. The handlers here are the core
// ones (indexing, creation, casts, compile-time functions) and the Python
// builtins; the others live in the Emit*.cpp of their concept. Each checks
// its arguments the way Triton does: constexpr arguments, dtypes, shapes.
//
//===----------------------------------------------------------------------===//

#include "Frontend/Emitter.h"

#include "Frontend/BuiltinTable.h"
#include "Frontend/Prelude.h"

#include "Tile/IR/TileOps.h"

#include "mlir/Dialect/Arith/IR/Arith.h"

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

/// Every way of reaching a triton.language function: a call of
/// `triton.language.X` may come from `tl.X`, `tl.math.X`, a method or an
/// import, all of which resolve to the same entry.
static constexpr unsigned kTlSide = Tl | Math | Method | Triton;

FailureOr<TValue> Emitter::callBuiltin(
    llvm::StringRef name, const CallExpr *call, std::vector<TValue> args,
    std::vector<std::pair<std::string, TValue>> kwargs,
    std::vector<SourceLoc> argLocs) {
  if (!name.contains('.'))
    return callTableEntry(name, Py, name.str(), call, args, kwargs, argLocs);
  if (name == "triton.cdiv" || name == "triton.next_power_of_2") {
    llvm::StringRef shortName = name.drop_front(strlen("triton."));
    return callTableEntry(shortName, kTlSide, ("tl." + shortName).str(), call,
                          args, kwargs, argLocs);
  }
  llvm::StringRef fn;
  if (name.starts_with("triton.language.math."))
    fn = name.drop_front(strlen("triton.language.math."));
  else if (size_t at = name.rfind(".libdevice.");
           name.starts_with("triton.language.extra") &&
           at != llvm::StringRef::npos) {
    // libdevice functions resolve by name from libdevice.10.bc, not from
    // the table.
    if (!kwargs.empty())
      return err(call->getLoc(), "'" + name.drop_front(at + 1) +
                                     "' takes no keyword arguments");
    return callLibdevice(name.drop_front(at + strlen(".libdevice.")), args,
                         call->getLoc());
  } else if (name.starts_with("triton.language.extra")) {
    // The CUDA backend's functions in the table (tl.extra.cuda.gdc_wait);
    // the rest of tl.extra is refused by its full name.
    llvm::StringRef cudaFn = name;
    if (cudaFn.consume_front("triton.language.extra.cuda.") &&
        lookupBuiltin(cudaFn, Cuda))
      return callTableEntry(cudaFn, Cuda, ("tl.extra.cuda." + cudaFn).str(),
                            call, args, kwargs, argLocs);
    return err(call->getLoc(),
               "'" + name +
                   "' (libdevice and other extern functions) is not "
                   "supported by tilec");
  }
  else if (name.starts_with("triton.language."))
    fn = name.drop_front(strlen("triton.language."));
  else
    return err(call->getLoc(), "'" + name + "' is not supported in tilec "
                                            "kernels");
  return callTableEntry(fn, kTlSide, ("tl." + fn).str(), call, args, kwargs,
                        argLocs);
}

FailureOr<TValue> Emitter::callTableEntry(
    llvm::StringRef fn, unsigned reach, std::string qn, const CallExpr *call,
    std::vector<TValue> &args,
    std::vector<std::pair<std::string, TValue>> &kwargs,
    const std::vector<SourceLoc> &argLocs) {
  SourceLoc l = call->getLoc();
  const Builtin *entry = lookupBuiltin(fn, reach);
  if (!entry && reach == Py)
    return err(l, "'" + fn + "' is not supported in tilec kernels");
  if (!entry || entry->kind == BuiltinKind::NotCallable)
    return err(l, "'" + qn + "' is not a function of triton.language");
  if (entry->kind == BuiltinKind::Refused) {
    // The table's reason, unless it is only "not implemented".
    llvm::StringRef why = entry->reason;
    if (why.empty() || why == "not implemented")
      return err(l, "'" + qn + "' is not supported by tilec");
    return err(l, "'" + qn + "' is not supported by tilec: " + why);
  }
  unsigned cc = options.computeCapability;
  if (cc && cc < entry->minComputeCapability)
    return err(l, "'" + qn + "' needs compute capability " +
                      llvm::Twine(entry->minComputeCapability / 10) + "." +
                      llvm::Twine(entry->minComputeCapability % 10) +
                      " or newer; the target has " + llvm::Twine(cc / 10) +
                      "." + llvm::Twine(cc % 10));
  BuiltinCall c{*entry, entry->name, std::move(qn), call, l, args, kwargs,
                argLocs, {}};
  if (entry->kind == BuiltinKind::Bound) {
    const BuiltinParams &params = getBuiltinParams(*entry);
    FailureOr<BoundArgs> a = bindArgs(c.qn, call, params.names,
                                      params.numRequired, args, kwargs,
                                      argLocs);
    if (failed(a))
      return failure();
    c.a = std::move(*a);
  }
  return (this->*(entry->handler))(c);
}

//===----------------------------------------------------------------------===//
// Python builtins, loops and helpers
//===----------------------------------------------------------------------===//

FailureOr<TValue> Emitter::builtinLoopOnly(BuiltinCall &c) {
  if (c.entry.reach & Py)
    return err(c.loc, "range() can only be the iterable of a 'for' loop");
  return err(c.loc, "'" + c.qn + "' can only be the iterable of a 'for' loop");
}

/// `while tl.condition(c, disable_licm):` is the loop `while c:`. Triton
/// wraps the test to carry `disable_licm`, a hint that keeps its LICM pass
/// from hoisting out of the loop; tilec records it on the scf.while as
/// tl.range records it on a for (`tile.disable_licm`). Anywhere else the
/// wrapper is no value Triton can use, so it is refused.
FailureOr<TValue> Emitter::builtinCondition(BuiltinCall &c) {
  if (c.call != whileTest)
    return err(c.loc, "'" + c.qn +
                          "' can only be the test of a 'while' loop");
  if (c.a.has(1)) {
    const TValue &d = c.a.get(1);
    if (!d.isConstexpr())
      return err(c.a.locs[1], "'" + c.qn +
                                  "' disable_licm must be a constexpr, got " +
                                  d.describe());
    FailureOr<bool> on = truthy(d, c.a.locs[1]);
    if (failed(on))
      return failure();
    whileDisableLicm = *on;
  }
  return c.a.get(0);
}

FailureOr<TValue> Emitter::builtinJit(BuiltinCall &c) {
  return err(c.loc, "'tl.jit' cannot be called inside a kernel");
}

FailureOr<TValue> Emitter::builtinPrelude(BuiltinCall &c) {
  // Functions Triton writes in Python (random numbers) come from tilec's
  // prelude and are inlined like helpers.
  const FunctionDef *f = lookupPreludeFunction(c.fn);
  if (!f)
    return err(c.loc, "'" + c.qn + "' is missing from tilec's prelude: " +
                          preludeError());
  return callFunction(f, c.call, std::move(c.args), std::move(c.kwargs));
}

FailureOr<TValue> Emitter::builtinPyMinMax(BuiltinCall &c) {
  SourceLoc l = c.loc;
  llvm::StringRef fn = c.fn;
  if (!c.kwargs.empty())
    return err(l, "'" + fn + "' takes no keyword arguments here");
  bool isMax = fn == "max";
  std::vector<TValue> vals = c.args;
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

/// len, abs, float, int and bool.
FailureOr<TValue> Emitter::builtinPyScalar(BuiltinCall &c) {
  SourceLoc l = c.loc;
  llvm::StringRef fn = c.fn;
  if (!c.kwargs.empty())
    return err(l, "'" + fn + "' takes no keyword arguments here");
  if (c.args.size() != 1)
    return err(l, "'" + fn + "' expects 1 argument, got " +
                      llvm::Twine(c.args.size()));
  const TValue &x = c.args[0];
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

//===----------------------------------------------------------------------===//
// Indexing, creation, casts and compile-time functions
//===----------------------------------------------------------------------===//

FailureOr<TValue> Emitter::builtinProgramId(BuiltinCall &c) {
  SourceLoc l = c.loc;
  llvm::StringRef fn = c.fn;
  const std::string &qn = c.qn;
  mlir::Location ml = loc(l);
  const BoundArgs *a = &c.a;
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

FailureOr<TValue> Emitter::builtinArange(BuiltinCall &c) {
  SourceLoc l = c.loc;
  mlir::Location ml = loc(l);
  const BoundArgs *a = &c.a;
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

FailureOr<TValue> Emitter::builtinZerosFull(BuiltinCall &c) {
  SourceLoc l = c.loc;
  llvm::StringRef fn = c.fn;
  const std::string &qn = c.qn;
  bool isFull = fn == "full";
  const BoundArgs *a = &c.a;
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
  FailureOr<TValue> converted = cast(v, *dt, a->locs[1]);
  if (failed(converted))
    return failure();
  return broadcastTo(*converted, *shape, l);
}

FailureOr<TValue> Emitter::builtinZerosLike(BuiltinCall &c) {
  SourceLoc l = c.loc;
  const BoundArgs *a = &c.a;
  if (!a->get(0).isRuntime())
    return err(l, "'tl.zeros_like' expects a tensor, got " +
                      a->get(0).describe());
  return zerosOf(a->get(0).getType(), l);
}

FailureOr<TValue> Emitter::builtinCdiv(BuiltinCall &c) {
  SourceLoc l = c.loc;
  const BoundArgs *a = &c.a;
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

FailureOr<TValue> Emitter::builtinNextPowerOf2(BuiltinCall &c) {
  const BoundArgs *a = &c.a;
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

FailureOr<TValue> Emitter::builtinStaticAssert(BuiltinCall &c) {
  SourceLoc l = c.loc;
  const BoundArgs *a = &c.a;
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

FailureOr<TValue> Emitter::builtinHint(BuiltinCall &c) {
  SourceLoc l = c.loc;
  llvm::StringRef fn = c.fn;
  const BoundArgs *a = &c.a;
  return hint(fn, a->get(0), a->get(1), l);
}

FailureOr<TValue> Emitter::builtinConstexpr(BuiltinCall &c) {
  SourceLoc l = c.loc;
  const BoundArgs *a = &c.a;
  if (!a->has(0))
    return TValue::none();
  if (!a->get(0).isConstexpr())
    return err(l, "'tl.constexpr' needs a compile-time value, got " +
                      a->get(0).describe());
  return a->get(0);
}

/// `tl.tuple(values)`: Triton's tuple of a list or tuple of values (a
/// list display is a tuple in tilec already); the optional `type` is the
/// tuple_type Triton's own code passes, not for kernels.
FailureOr<TValue> Emitter::builtinTuple(BuiltinCall &c) {
  if (c.a.has(1))
    return err(c.a.locs[1], "'" + c.qn + "' takes no 'type' in tilec "
                                         "kernels");
  if (!c.a.has(0) || !c.a.get(0).isTuple())
    return err(c.a.has(0) ? c.a.locs[0] : c.loc,
               "'" + c.qn + "' takes a list or a tuple of values, got " +
                   (c.a.has(0) ? c.a.get(0).describe()
                               : std::string("None")));
  return c.a.get(0);
}

FailureOr<TValue> Emitter::builtinCast(BuiltinCall &c) {
  SourceLoc l = c.loc;
  const std::string &qn = c.qn;
  const BoundArgs *a = &c.a;
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
    // fp8e4b15 takes any rounding (Triton's software conversion reads
    // none: it always narrows fp32 toward zero).
    if (narrowing && rtz && dt->dtype != DType::FP8E4B15 &&
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

FailureOr<TValue> Emitter::builtinPointerType(BuiltinCall &c) {
  SourceLoc l = c.loc;
  const BoundArgs *a = &c.a;
  FailureOr<ElemType> dt = constDType(a->get(0), "'tl.pointer_type' element",
                                      a->locs[0]);
  if (failed(dt))
    return failure();
  if (dt->isPtr)
    return err(l, "pointers to pointers are not supported");
  return TValue::dtypeObj(ElemType::pointer(dt->dtype));
}

FailureOr<TValue> Emitter::builtinToTensor(BuiltinCall &c) {
  return toRuntime(c.a.get(0), c.a.locs[0]);
}
